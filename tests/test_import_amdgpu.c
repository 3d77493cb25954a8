/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_import_amdgpu.c - AMD code objects, offload bundles and host objects
 * (tests/data/amdgpu, written by tools/gen_amd_objects.sh with clang-22)
 * against their oracles: every kernel's figures against `llvm-readelf-22
 * --notes` of the same code object, and the occupancy the AMD engine
 * computes from them against clang's own "Occupancy [waves/SIMD]" remark. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "amd.h"
#include "amdgpu_metadata.h"
#include "import_binary.h"
#include "import_amdgpu.h"
#include "reportutil.h"
#include "testutil.h"

/* ---- the oracle: llvm-readelf --notes ------------------------------------ */

struct note_kernel {
	char name[512];
	long long v[16];   /* by key, -1 when absent */
};

enum { K_VGPR, K_AGPR, K_SGPR, K_GROUP, K_PRIVATE, K_WAVE, K_MAXFLAT, K_VSPILL, K_SSPILL,
       K_DYNSTACK, K_REQD0, K_REQD1, K_REQD2, K_N };

static const char *const note_keys[K_N] = {
	".vgpr_count", ".agpr_count", ".sgpr_count", ".group_segment_fixed_size",
	".private_segment_fixed_size", ".wavefront_size", ".max_flat_workgroup_size",
	".vgpr_spill_count", ".sgpr_spill_count", ".uses_dynamic_stack",
};

struct notes {
	char target[128];
	size_t n;
	struct note_kernel k[64];
};

/* Reads the YAML llvm-readelf prints: a kernel starts at "  - ." (two
 * spaces: deeper dashes are its arguments), its members are at four. */
static void read_notes(const char *file, struct notes *o)
{
	FILE *f = fopen(data_path("amdgpu/", file), "r");
	char line[1024];
	int reqd = -1;

	ck_assert_msg(f != NULL, "%s", file);
	memset(o, 0, sizeof(*o));
	while (fgets(line, sizeof(line), f)) {
		const char *p = line;
		char key[128];
		char val[512] = "";
		struct note_kernel *k = o->n ? &o->k[o->n - 1] : NULL;

		line[strcspn(line, "\n")] = '\0';
		if (strncmp(line, "amdhsa.target:", 14) == 0) {
			ck_assert(sscanf(line + 14, " %127s", o->target) == 1);
			continue;
		}
		if (strncmp(line, "  - .", 5) == 0) {
			ck_assert_uint_lt(o->n, 64);
			k = &o->k[o->n++];
			for (int i = 0; i < K_N; i++)
				k->v[i] = -1;
			p = line + 4;
		} else if (strncmp(line, "    .", 5) == 0) {
			p = line + 4;
		} else if (reqd >= 0 && k && strncmp(line, "      - ", 8) == 0) {
			k->v[K_REQD0 + reqd] = atoll(line + 8);
			reqd = reqd == 2 ? -1 : reqd + 1;
			continue;
		} else {
			continue;
		}
		reqd = -1;
		if (sscanf(p, "%127[^:]: %511s", key, val) < 1)
			continue;
		if (strcmp(key, ".name") == 0) {
			snprintf(k->name, sizeof(k->name), "%s", val);
		} else if (strcmp(key, ".reqd_workgroup_size") == 0) {
			reqd = 0;
		} else {
			for (int i = 0; i < K_REQD0; i++)
				if (strcmp(key, note_keys[i]) == 0)
					k->v[i] = strcmp(val, "true") == 0    ? 1
						  : strcmp(val, "false") == 0 ? 0
									      : atoll(val);
		}
	}
	fclose(f);
}

static void expect_int(const char *file, const char *kernel, const char *what,
		       struct report_int got, long long want)
{
	if (want < 0) {
		ck_assert_msg(!got.present, "%s: %s: %s is in the record, not the notes", file,
			      kernel, what);
		return;
	}
	ck_assert_msg(got.present, "%s: %s: %s absent, notes say %lld", file, kernel, what, want);
	ck_assert_msg(got.value == want, "%s: %s: %s is %lld, notes say %lld", file, kernel, what,
		      (long long)got.value, want);
}

static bool unified(const char *proc)
{
	return strcmp(proc, "gfx90a") == 0 || strcmp(proc, "gfx942") == 0;
}

/* records[from..] against the notes' kernels, in order. */
static void compare(const char *file, const struct report *r, size_t from,
		    const struct notes *o)
{
	char proc[32];

	ck_assert(amdgpu_md_processor(o->target, proc, sizeof(proc)));
	ck_assert_uint_ge(r->n, from + o->n);
	for (size_t i = 0; i < o->n; i++) {
		const struct report_record *rec = &r->records[from + i];
		const struct note_kernel *k = &o->k[i];
		char *want = import_demangle_or_copy(k->name);
		long long agprs = k->v[K_AGPR] > 0 ? k->v[K_AGPR] : 0;

		ck_assert_str_eq(rec->name, want);
		free(want);
		ck_assert_str_eq(rec->gfx_target, proc);
		ck_assert_int_eq(rec->vendor, REPORT_VENDOR_AMD);
		/* On gfx90a and gfx942 .vgpr_count is the unified file's whole:
		 * the arch VGPRs (rounded to 4) and the AGPRs after them. */
		expect_int(file, k->name, "VGPRs", rec->arch_vgprs,
			   unified(proc) ? k->v[K_VGPR] - agprs : k->v[K_VGPR]);
		expect_int(file, k->name, "AGPRs", rec->accum_vgprs, k->v[K_AGPR]);
		expect_int(file, k->name, "SGPRs", rec->sgprs, k->v[K_SGPR]);
		expect_int(file, k->name, "LDS", rec->lds_bytes, k->v[K_GROUP]);
		expect_int(file, k->name, "scratch", rec->scratch_bytes, k->v[K_PRIVATE]);
		expect_int(file, k->name, "wave size", rec->wave_size, k->v[K_WAVE]);
		expect_int(file, k->name, "max workgroup", rec->max_block_size, k->v[K_MAXFLAT]);
		expect_int(file, k->name, "VGPR spills", rec->vgpr_spills, k->v[K_VSPILL]);
		expect_int(file, k->name, "SGPR spills", rec->sgpr_spills, k->v[K_SSPILL]);
		expect_int(file, k->name, "dynamic stack", rec->dynamic_stack, k->v[K_DYNSTACK]);
		if (k->v[K_REQD0] >= 0) {
			ck_assert(rec->block_required);
			for (int d = 0; d < 3; d++)
				expect_int(file, k->name, "block", rec->block[d], k->v[K_REQD0 + d]);
		} else {
			ck_assert(!rec->block_required);
			expect_int(file, k->name, "block", rec->block[0], k->v[K_MAXFLAT]);
		}
	}
}

static const char *const code_objects[] = {
	"kernels_gfx90a", "kernels_gfx942", "kernels_gfx1100", "kernels_gfx1201",
	"kernels_gfx1100_w64", "reqd_gfx90a", "gate_old_gfx90a", "gate_new_gfx90a",
	/* A set nobody tuned occview to (tools/gen_fresh.py, its seed in
	 * tests/data/fresh/TOOLS): 30 kernels of random VGPR pressure, bounds,
	 * VGPR budgets (spills), LDS and scratch per target. */
	"../fresh/fresh_gfx90a", "../fresh/fresh_gfx942", "../fresh/fresh_gfx1100",
	"../fresh/fresh_gfx1201",
	/* Last: its remarks have no numbers (occupancy_equals_clang_remarks). */
	"extern_gfx90a",
};
/* The code objects whose remarks give numbers. */
#define N_NUMBERED (sizeof(code_objects) / sizeof(code_objects[0]) - 1)

START_TEST(code_objects_equal_readelf)
{
	char file[128];
	struct notes o;
	struct report r;

	snprintf(file, sizeof(file), "%s.co", code_objects[_i]);
	load_clean("amdgpu/", file, &r);
	snprintf(file, sizeof(file), "%s.notes", code_objects[_i]);
	read_notes(file, &o);
	ck_assert_uint_gt(o.n, 0);
	ck_assert_uint_eq(r.n, o.n);
	compare(file, &r, 0, &o);
	ck_assert_str_eq(r.format, "AMD code object");
	report_done(&r);
}
END_TEST

/* The bundle holds the gfx90a and gfx1100 code objects themselves. */
START_TEST(bundle_equals_its_code_objects)
{
	struct notes a, b;
	struct report r;

	load_clean("amdgpu/", "bundle_gfx90a_gfx1100.hipfb", &r);
	read_notes("kernels_gfx90a.notes", &a);
	read_notes("kernels_gfx1100.notes", &b);
	ck_assert_uint_eq(r.n, a.n + b.n);
	compare("bundle", &r, 0, &a);
	compare("bundle", &r, a.n, &b);
	report_done(&r);
}
END_TEST

/* A host object whose .hip_fatbin holds a zstd-compressed bundle (CCOB),
 * compiled from the same source with the same flags as the code objects. */
START_TEST(host_object_compressed_bundle)
{
	struct notes a, b;
	struct report r;

	load_clean("amdgpu/", "host_ccob_gfx942_gfx1201.o", &r);
	ck_assert_str_eq(r.format, "host ELF with HIP offload bundles");
	read_notes("kernels_gfx942.notes", &a);
	read_notes("kernels_gfx1201.notes", &b);
	ck_assert_uint_eq(r.n, a.n + b.n);
	/* clang-offload-bundler sorts the entries by target. */
	compare("host object", &r, 0, &b);
	compare("host object", &r, b.n, &a);
	report_done(&r);
}
END_TEST

/* ---- the binary object: where, and every metadata key ------------------- */

static unsigned char *slurp(const char *file, size_t *len);

/* One key of a kernel's map as llvm-readelf prints it: its value's text, or
 * for a list the items under it ("      - 16", or "      - .offset: ..."
 * starting each argument's map). */
struct note_key {
	char key[64];
	char val[256];
	int n_items;
	long long items[8];
};

struct note_keys {
	size_t n;
	struct note_key k[40];
};

/* The keys of the kernel-th kernel (from 0) of file, in the printed order. */
static void read_note_keys(const char *file, size_t kernel, struct note_keys *o)
{
	FILE *f = fopen(data_path("amdgpu/", file), "r");
	char line[1024];
	size_t at = 0;
	bool in = false;

	ck_assert_msg(f != NULL, "%s", file);
	memset(o, 0, sizeof(*o));
	while (fgets(line, sizeof(line), f)) {
		struct note_key *k = o->n ? &o->k[o->n - 1] : NULL;
		const char *p;

		line[strcspn(line, "\n")] = '\0';
		if (strncmp(line, "  - .", 5) == 0) {
			in = at++ == kernel;
			p = line + 4;
		} else if (strncmp(line, "    .", 5) == 0) {
			p = line + 4;
		} else {
			if (in && k && strncmp(line, "      - ", 8) == 0) {
				if (k->n_items < 8)
					k->items[k->n_items] = atoll(line + 8);
				k->n_items++;
			}
			if (strncmp(line, "amdhsa.", 7) == 0 && line[7] != 'k')
				in = false;
			continue;
		}
		if (!in)
			continue;
		ck_assert_uint_lt(o->n, 40);
		k = &o->k[o->n++];
		ck_assert(sscanf(p, "%63[^:]", k->key) == 1);
		p += strlen(k->key) + 1;
		p += strspn(p, " ");
		snprintf(k->val, sizeof(k->val), "%s", p);
		/* readelf quotes a string YAML would misread. */
		if (k->val[0] == '\'' && strlen(k->val) > 1) {
			memmove(k->val, k->val + 1, strlen(k->val));
			k->val[strlen(k->val) - 1] = '\0';
		}
	}
	fclose(f);
}

/* The keys occview reads (the rest are kept, not used). */
static bool read_by_occview(const char *key)
{
	static const char *const used[] = { ".name", ".symbol", ".reqd_workgroup_size" };

	for (size_t i = 0; i < sizeof(used) / sizeof(used[0]); i++)
		if (strcmp(key, used[i]) == 0)
			return true;
	for (int i = 0; i < K_REQD0; i++)
		if (strcmp(key, note_keys[i]) == 0)
			return true;
	return false;
}

/* records[from..]'s binary objects against the notes of file: the target,
 * the mangled name, and every key with its value, in the note's order. */
static void compare_binary(const char *notes, const struct report *r, size_t from,
			   const char *container, const char *compression, uint64_t offset)
{
	struct notes o;
	char proc[32];

	read_notes(notes, &o);
	ck_assert(amdgpu_md_processor(o.target, proc, sizeof(proc)));
	for (size_t i = 0; i < o.n; i++) {
		const struct report_binary *b = r->records[from + i].binary;
		struct note_keys nk;

		ck_assert_msg(b != NULL, "%s: kernel %zu has no binary object", notes, i);
		ck_assert_str_eq(b->container, container);
		ck_assert_str_eq(b->compression, compression);
		ck_assert_uint_eq(b->offset, offset);
		ck_assert_str_eq(b->arch, proc);
		ck_assert_str_eq(b->target, o.target);
		if (strncmp(o.k[i].name, "_Z", 2) == 0)
			ck_assert_str_eq(b->mangled_name, o.k[i].name);
		else
			ck_assert_ptr_null(b->mangled_name);
		read_note_keys(notes, i, &nk);
		ck_assert_uint_gt(nk.n, 10);
		ck_assert_uint_eq(b->n_keys, nk.n);
		for (size_t j = 0; j < nk.n; j++) {
			const struct report_binary_key *got = &b->keys[j];
			const struct note_key *want = &nk.k[j];

			ck_assert_str_eq(got->key, want->key);
			ck_assert_msg(got->used == read_by_occview(want->key), "%s: %s", notes,
				      want->key);
			if (!want->val[0]) {
				/* A list: its length, and its numbers where it is one. */
				ck_assert_uint_eq(got->items, (unsigned)want->n_items);
				if (got->kind == REPORT_MD_INTS)
					for (int m = 0; m < want->n_items && m < 8; m++)
						ck_assert_int_eq(got->ints[m], want->items[m]);
				else
					ck_assert_int_eq(got->kind, REPORT_MD_ITEMS);
			} else if (strcmp(want->val, "true") == 0 || strcmp(want->val, "false") == 0) {
				ck_assert_int_eq(got->kind, REPORT_MD_BOOL);
				ck_assert_int_eq(got->ints[0], want->val[0] == 't');
			} else if (got->kind == REPORT_MD_INT) {
				ck_assert_int_eq(got->ints[0], atoll(want->val));
				ck_assert(want->val[strspn(want->val, "0123456789")] == '\0');
			} else {
				ck_assert_int_eq(got->kind, REPORT_MD_STRING);
				ck_assert_str_eq(got->text, want->val);
			}
		}
		/* The launch bound and required size, as the binary object keeps them. */
		ck_assert(b->max_threads[0].present);
		ck_assert_int_eq(b->max_threads[0].value, o.k[i].v[K_MAXFLAT]);
		ck_assert_int_eq(b->req_threads[0].present, o.k[i].v[K_REQD0] >= 0);
		ck_assert_int_eq(b->frame_bytes.value, o.k[i].v[K_PRIVATE]);
	}
}

START_TEST(binary_objects_equal_readelf)
{
	char file[128];
	struct report r;

	snprintf(file, sizeof(file), "%s.co", code_objects[_i]);
	load_clean("amdgpu/", file, &r);
	snprintf(file, sizeof(file), "%s.notes", code_objects[_i]);
	compare_binary(file, &r, 0, "code object", "", 0);
	report_done(&r);
}
END_TEST

/* Entries of a bundle at their offsets in the file: clang-offload-bundler's
 * header (__CLANG_OFFLOAD_BUNDLE__, the entry count, then per entry its
 * offset, size and triple, 64-bit little-endian) read here byte by byte. */
START_TEST(binary_objects_in_bundles)
{
	size_t len;
	unsigned char *b = slurp("bundle_gfx90a_gfx1100.hipfb", &len);
	uint64_t off[3] = { 0 };
	size_t pos = 32;
	struct report r;

	for (int e = 0; e < 3; e++) {
		uint64_t tlen = 0;

		ck_assert_uint_le(pos + 24, len);
		for (int i = 7; i >= 0; i--) {
			off[e] = off[e] << 8 | b[pos + i];
			tlen = tlen << 8 | b[pos + 16 + i];
		}
		pos += 24 + tlen;
	}
	free(b);
	load_clean("amdgpu/", "bundle_gfx90a_gfx1100.hipfb", &r);
	/* Entry 0 is the host's (empty); 1 gfx90a, 2 gfx1100. */
	compare_binary("kernels_gfx90a.notes", &r, 0, "offload bundle", "", off[1]);
	compare_binary("kernels_gfx1100.notes", &r, 11, "offload bundle", "", off[2]);
	ck_assert_uint_gt(off[2], off[1]);
	report_done(&r);
	/* The host object's .hip_fatbin section holds one CCOB, at file offset
	 * 0x1000 (readelf -S: "[55] .hip_fatbin PROGBITS ... 00001000"): its
	 * code objects are inside the compressed bytes, so the offset is the
	 * CCOB's. gfx1201 first, as the bundler sorts them. */
	load_clean("amdgpu/", "host_ccob_gfx942_gfx1201.o", &r);
	compare_binary("kernels_gfx1201.notes", &r, 0, "ELF .hip_fatbin", "zstd", 0x1000);
	compare_binary("kernels_gfx942.notes", &r, r.n - 11, "ELF .hip_fatbin", "zstd", 0x1000);
	report_done(&r);
}
END_TEST

/* ---- --gpu's target of a bundle ------------------------------------------ */

/* The bundle's entries are for gfx90a and gfx1100 (their triples,
 * hipv4-amdgcn-amd-amdhsa--gfx90a and --gfx1100, read above): 11 kernels
 * and 10 (kernels_gfx90a.notes, kernels_gfx1100.notes: agpr_kernel is CDNA's
 * only). Each GPU's target is data/amd_devices.csv's. */
static void pick(const char *gpu_name, bool picked, const char *target, bool exact,
		 const char *others, size_t left)
{
	struct import_amdgpu_pick p;
	struct occ_error err = { 0 };
	struct gpu g;
	struct report r;

	ck_assert_msg(gpu_db_find(db, gpu_name, &g, &err), "%s", err.message);
	load_clean("amdgpu/", "bundle_gfx90a_gfx1100.hipfb", &r);
	ck_assert_uint_eq(r.n, 21);
	ck_assert_msg(import_amdgpu_pick_target(&r, &g.arch, &p) == picked, "%s", gpu_name);
	ck_assert_str_eq(p.target, target);
	ck_assert_int_eq(p.exact, exact);
	ck_assert_str_eq(p.others, others);
	ck_assert_uint_eq(r.n, left);
	ck_assert_uint_eq(p.dropped, 21 - left);
	for (size_t i = 0; i < r.n && picked; i++)
		ck_assert_str_eq(r.records[i].gfx_target, target);
	report_done(&r);
}

START_TEST(gpu_picks_its_target)
{
	pick("MI250X", true, "gfx90a", true, "gfx1100", 11);      /* gfx90a */
	pick("W7900", true, "gfx1100", true, "gfx90a", 10);       /* gfx1100 */
	/* None of its own: the nearest older. gfx942 > gfx90a (9.4.2 > 9.0.10);
	 * gfx1201 > gfx1100. */
	pick("MI300X", true, "gfx90a", false, "gfx1100", 11);
	pick("Radeon AI PRO R9700", true, "gfx1100", false, "gfx90a", 10);
	/* gfx908 (MI100) is older than both: all kept, both named. */
	pick("MI100", false, "", false, "gfx90a, gfx1100", 21);
	/* Not an AMD GPU: nothing chosen, nothing said. */
	pick("H100", false, "", false, "", 21);
}
END_TEST

/* ---- the occupancy oracle: clang's remarks ------------------------------- */

/* The "Occupancy [waves/SIMD]" clang printed for kernel (mangled name), from
 * NAME.remarks; -1 when it has none. */
static int remark_occupancy(const char *file, const char *kernel)
{
	FILE *f = fopen(data_path("amdgpu/", file), "r");
	char line[2048];
	bool in = false;
	int occ = -1;

	ck_assert_msg(f != NULL, "%s", file);
	while (fgets(line, sizeof(line), f) && occ < 0) {
		const char *p;
		char name[512];

		if ((p = strstr(line, "remark: Function Name: ")) != NULL) {
			ck_assert(sscanf(p + strlen("remark: Function Name: "), "%511s", name) == 1);
			in = strcmp(name, kernel) == 0;
		} else if (in && (p = strstr(line, "Occupancy [waves/SIMD]: ")) != NULL) {
			occ = atoi(p + strlen("Occupancy [waves/SIMD]: "));
		}
	}
	fclose(f);
	return occ;
}

START_TEST(occupancy_equals_clang_remarks)
{
	char file[128];
	struct notes o;
	struct report r;
	struct launch given_launch;
	struct report_launch_given given = { NULL, &given_launch, PARAM_BIT(PARAM_GRID) };
	struct analysis *a = malloc(sizeof(*a));

	ck_assert_ptr_nonnull(a);
	launch_init(&given_launch);
	given_launch.grid[0] = 1;
	snprintf(file, sizeof(file), "%s.co", code_objects[_i]);
	load_clean("amdgpu/", file, &r);
	snprintf(file, sizeof(file), "%s.notes", code_objects[_i]);
	read_notes(file, &o);
	snprintf(file, sizeof(file), "%s.remarks", code_objects[_i]);
	for (size_t i = 0; i < r.n; i++) {
		struct occ_error err = { 0 };
		int want = remark_occupancy(file, o.k[i].name);

		ck_assert_msg(want > 0, "%s: no occupancy remark for %s", file, o.k[i].name);
		ck_assert_msg(record_analyse(a, db, &r.records[i], &given, file, &err), "%s: %s: %s",
			      file, o.k[i].name, err.message);
		ck_assert_msg(a->r.amd.waves_per_simd == want,
			      "%s: %s: %d waves per SIMD, clang says %d", file, o.k[i].name,
			      a->r.amd.waves_per_simd, want);
	}
	free(a);
	report_done(&r);
}
END_TEST

/* ---- the remarks reader ------------------------------------------------- */

static int64_t round4(int64_t v)
{
	return (v + 3) / 4 * 4;
}

/* The remarks of a compile give the figures its code object's metadata
 * gives (checked against readelf above), in the same order: on gfx90a and
 * gfx942 the remark's VGPRs are the arch VGPRs alone, which the metadata
 * gives rounded to 4 where AGPRs follow them. */
START_TEST(remarks_equal_code_objects)
{
	char file[128];
	struct report co, rm;

	snprintf(file, sizeof(file), "%s.co", code_objects[_i]);
	load_clean("amdgpu/", file, &co);
	snprintf(file, sizeof(file), "%s.remarks", code_objects[_i]);
	load_clean("amdgpu/", file, &rm);
	ck_assert_str_eq(rm.format, "clang resource-usage remarks");
	ck_assert_uint_eq(rm.n, co.n);
	for (size_t i = 0; i < co.n; i++) {
		const struct report_record *a = &co.records[i], *b = &rm.records[i];
		bool agprs = a->accum_vgprs.present && a->accum_vgprs.value > 0;

		ck_assert_str_eq(b->name, a->name);
		ck_assert(b->line > 0);
		ck_assert(b->arch_vgprs.present && b->sgprs.present && b->lds_bytes.present);
		ck_assert_int_eq(agprs ? round4(b->arch_vgprs.value) : b->arch_vgprs.value,
				 a->arch_vgprs.value);
		ck_assert_int_eq(b->accum_vgprs.present ? b->accum_vgprs.value : 0,
				 a->accum_vgprs.present ? a->accum_vgprs.value : 0);
		ck_assert_int_eq(b->sgprs.value, a->sgprs.value);
		ck_assert_int_eq(b->lds_bytes.value, a->lds_bytes.value);
		ck_assert_int_eq(b->scratch_bytes.value, a->scratch_bytes.value);
		ck_assert_int_eq(b->vgpr_spills.value, a->vgpr_spills.value);
		ck_assert_int_eq(b->sgpr_spills.value, a->sgpr_spills.value);
		ck_assert_int_eq(b->dynamic_stack.value, a->dynamic_stack.value);
		/* No target, no workgroup size in the remarks. */
		ck_assert_str_eq(b->gfx_target, "");
		ck_assert(!b->block[0].present);
	}
	report_done(&co);
	report_done(&rm);
}
END_TEST

/* A kernel that calls a function defined elsewhere: its registers are
 * expressions in the remarks, left absent (and said), never read as a
 * number; what is known stays. */
START_TEST(remarks_expressions_left_absent)
{
	struct occ_error err = { 0 };
	struct report r;
	char msg[512];

	ck_assert(report_load(data_path("amdgpu/", "extern_gfx90a.remarks"), &r, &err));
	ck_assert_uint_eq(r.n, 1);
	ck_assert_str_eq(r.records[0].name, "extern_kernel");
	ck_assert(!r.records[0].arch_vgprs.present);
	ck_assert(!r.records[0].sgprs.present);
	ck_assert(!r.records[0].accum_vgprs.present);
	ck_assert(r.records[0].lds_bytes.present);
	ck_assert_int_eq(r.records[0].lds_bytes.value, 0);
	ck_assert_int_eq(r.records[0].dynamic_stack.value, 1);
	/* The expressions are all registers, which the launch asks for by
	 * flag: none is counted as a field left absent. */
	ck_assert_uint_eq(r.dropped_fields, 0);
	occ_error_format(&err, msg, sizeof(msg));
	ck_assert_msg(err.status == OCC_OK, "%s", msg);
	report_done(&r);
}
END_TEST

/* ---- bad input ----------------------------------------------------------- */

static unsigned char *slurp(const char *file, size_t *len)
{
	FILE *f = fopen(data_path("amdgpu/", file), "rb");
	unsigned char *b;
	long n;

	ck_assert_msg(f != NULL, "%s", file);
	ck_assert(fseek(f, 0, SEEK_END) == 0);
	n = ftell(f);
	ck_assert(n > 0);
	rewind(f);
	b = malloc((size_t)n);
	ck_assert_ptr_nonnull(b);
	ck_assert(fread(b, 1, (size_t)n, f) == (size_t)n);
	fclose(f);
	*len = (size_t)n;
	return b;
}

/* Every prefix of a file (in steps, and around the headers byte by byte)
 * reads as records or as an error naming an offset; never a crash (the
 * sanitizer build makes an overrun one). */
static void every_prefix(const char *file)
{
	size_t len, checked = 0;
	unsigned char *whole = slurp(file, &len);

	for (size_t n = 0; n < len; n += n < 256 ? 1 : 61) {
		unsigned char *copy = malloc(n ? n : 1);
		struct report r;
		struct occ_error err = { 0 };
		bool ok;

		ck_assert_ptr_nonnull(copy);
		memcpy(copy, whole, n);
		ok = import_amdgpu_read(file, copy, n, &r, &err);
		if (!ok)
			ck_assert_msg(strstr(err.message, "offset") != NULL ||
				      strstr(err.message, "no AMD GPU") != NULL,
				      "%s cut at %zu: %s", file, n, err.message);
		if (ok)
			report_done(&r);
		free(copy);
		checked++;
	}
	ck_assert_uint_gt(checked, 100);
	free(whole);
}

START_TEST(truncated_inputs)
{
	size_t len;
	unsigned char *b = slurp("kernels_gfx90a.co", &len);
	struct report r;
	struct occ_error err = { 0 };

	/* Cut before its section headers (at the end, as lld writes them):
	 * said, not read as an ELF file without sections. */
	ck_assert(!import_amdgpu_read("cut.co", b, 3000, &r, &err));
	ck_assert_msg(strstr(err.message, "ELF file at offset 0 is truncated: its section headers "
					  "at offset ") != NULL &&
		      strstr(err.message, "end past its 3000 bytes") != NULL, "%s", err.message);
	free(b);
	every_prefix("kernels_gfx90a.co");
	every_prefix("bundle_gfx90a_gfx1100.hipfb");
	every_prefix("host_ccob_gfx942_gfx1201.o");
}
END_TEST

static size_t find(const unsigned char *b, size_t len, const char *what)
{
	size_t n = strlen(what);

	for (size_t i = 0; i + n <= len; i++)
		if (memcmp(b + i, what, n) == 0)
			return i;
	ck_abort_msg("\"%s\" not found", what);
	return 0;
}

/* A bundle entry for a target occview does not read is named and skipped;
 * the other entries are read. */
START_TEST(bundle_unknown_target)
{
	size_t len, at;
	unsigned char *b = slurp("bundle_gfx90a_gfx1100.hipfb", &len);
	struct report r;
	struct occ_error err = { 0 };
	struct notes a;

	at = find(b, len, "hipv4-amdgcn-amd-amdhsa--gfx1100");
	/* The same length: the entry table stays as it is. */
	memcpy(b + at, "openmp-nvptx64-nvidia-cuda--sm90", 32);
	ck_assert(import_amdgpu_read("edited.hipfb", b, len, &r, &err));
	read_notes("kernels_gfx90a.notes", &a);
	ck_assert_uint_eq(r.n, a.n);
	compare("edited bundle", &r, 0, &a);
	ck_assert_uint_eq(r.rejected_rows, 1);
	ck_assert_int_ne(err.status, OCC_OK);
	ck_assert_msg(strstr(err.message, "target \"openmp-nvptx64-nvidia-cuda--sm90\": occview "
					  "reads AMD GPU code objects (amdgcn-amd-amdhsa) only") != NULL,
		      "%s", err.message);
	ck_assert_msg(strstr(err.message, "entry at offset ") != NULL, "%s", err.message);
	report_done(&r);
	free(b);
}
END_TEST

/* A corrupt zstd payload is an error naming the payload's offset. */
START_TEST(corrupt_compressed_bundle)
{
	size_t len, at;
	unsigned char *b = slurp("host_ccob_gfx942_gfx1201.o", &len);
	struct report r;
	struct occ_error err = { 0 };
	char want[64];

	at = find(b, len, "CCOB");
	/* Past the 32-byte v3 header and the zstd frame header. */
	for (size_t i = at + 48; i < at + 400; i++)
		b[i] ^= 0x5a;
	ck_assert(!import_amdgpu_read("corrupt.o", b, len, &r, &err));
	snprintf(want, sizeof(want), "at offset %zu: its zstd payload", at + 32);
	ck_assert_msg(strstr(err.message, want) != NULL, "%s", err.message);
	free(b);
}
END_TEST

/* Metadata whose array counts more kernels than bytes follow: refused
 * before msgpack-c would allocate for them, naming the offset. */
START_TEST(malformed_metadata)
{
	size_t len, at;
	unsigned char *b = slurp("gate_old_gfx90a.co", &len);
	struct report r;
	struct occ_error err = { 0 };

	at = find(b, len, "amdhsa.kernels") + strlen("amdhsa.kernels");
	ck_assert_int_eq(b[at] & 0xf0, 0x90);   /* a fixarray: two kernels */
	b[at] = 0xdd;                            /* array 32: the count is the next 4 bytes */
	b[at + 1] = b[at + 2] = b[at + 3] = b[at + 4] = 0xff;
	ck_assert(!import_amdgpu_read("bad.co", b, len, &r, &err));
	ck_assert_msg(strstr(err.message, "AMDGPU metadata at offset ") != NULL &&
		      strstr(err.message, "counts more items than bytes follow") != NULL,
		      "%s", err.message);
	free(b);
}
END_TEST

/* An ELF file that holds no AMD GPU code, and text that is no binary. */
START_TEST(not_amd)
{
	size_t len;
	unsigned char *b = slurp("kernels_gfx90a.co", &len);
	struct report r;
	struct occ_error err = { 0 };

	b[18] = 62;   /* e_machine: EM_X86_64, and no .hip_fatbin section */
	b[19] = 0;
	ck_assert(!import_amdgpu_read("x86.o", b, len, &r, &err));
	ck_assert_msg(strstr(err.message, "no AMD GPU code") != NULL, "%s", err.message);
	free(b);
	ck_assert(!import_amdgpu_probe("kernel,gpu\n", 11));
}
END_TEST

/* A log that ends inside a remark's label ("remark: TotalSGPR", found by
 * tests/fuzz/run.sh report remarks): the probe read 11 bytes where fewer
 * were left. The text sits at the very end of its allocation, so that the
 * sanitizer build catches a read past it. */
START_TEST(remarks_cut_in_a_label)
{
	static const char log[] = "k.cl:1:1: remark: Function Name: k\nk.cl:1:1: remark: TotalSGPR";
	char *text = malloc(sizeof(log) - 1);
	struct report r;
	struct occ_error err = { 0 };

	ck_assert_ptr_nonnull(text);
	memcpy(text, log, sizeof(log) - 1);
	/* Not the remarks' format: no figure follows the function's name. */
	ck_assert(!report_parse("cut.log", text, sizeof(log) - 1, &r, &err));
	free(text);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("import_amdgpu");
	TCase *tc = tcase_create("oracles");
	int n = (int)(sizeof(code_objects) / sizeof(code_objects[0]));

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_loop_test(tc, code_objects_equal_readelf, 0, n);
	tcase_add_test(tc, bundle_equals_its_code_objects);
	tcase_add_test(tc, host_object_compressed_bundle);
	tcase_add_loop_test(tc, binary_objects_equal_readelf, 0, n);
	tcase_add_test(tc, binary_objects_in_bundles);
	tcase_add_test(tc, gpu_picks_its_target);
	tcase_add_loop_test(tc, occupancy_equals_clang_remarks, 0, (int)N_NUMBERED);
	tcase_add_loop_test(tc, remarks_equal_code_objects, 0, (int)N_NUMBERED);
	tcase_add_test(tc, remarks_expressions_left_absent);
	tcase_add_test(tc, remarks_cut_in_a_label);
	tcase_add_test(tc, truncated_inputs);
	tcase_add_test(tc, bundle_unknown_target);
	tcase_add_test(tc, corrupt_compressed_bundle);
	tcase_add_test(tc, malformed_metadata);
	tcase_add_test(tc, not_amd);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
