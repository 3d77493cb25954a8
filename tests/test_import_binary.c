/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_import_binary.c - compiled binaries and ptxas logs as reports: every
 * kernel of every binary tools/gen_cubins.sh wrote (tests/data/cubin/) read
 * back against the ptxas -v output recorded beside it when it was compiled
 * (registers, static shared memory, barriers, stack frame, spills); what
 * the sources ask for (cluster dims, required and bounded blocks) as the
 * sources say; every fatbin container and entry counted; bad input refused
 * with the byte offset, never a crash. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "import.h"
#include "import_binary.h"
#include "report.h"
#include "reportutil.h"
#include "testutil.h"

/* Each binary and the ptxas -v output of its compilation. */
static const struct {
	const char *binary, *log;
} pairs[] = {
	{ "kernels_zstd.o", "kernels_zstd.log" },
	{ "kernels_stored.o", "kernels_stored.log" },
	{ "kernels_lz4.o", "kernels_lz4.log" },
	{ "kernels_spill.o", "kernels_spill.log" },
	{ "cluster.o", "cluster.log" },
	{ "cluster_rdc.o", "cluster_rdc.log" },
	{ "libcluster.so", "libcluster.log" },
	{ "cluster.fatbin", "cluster_fatbin.log" },
	{ "reqntid_sm75.cubin", "reqntid_sm75.log" },
	{ "reqntid_sm90.cubin", "reqntid_sm90.log" },
	{ "reqntid_sm120.cubin", "reqntid_sm120.log" },
};

static void load_binary_in(const char *dir, const char *file, struct report *r,
			   struct import_binary_counts *counts)
{
	struct occ_error err = { 0 };
	char msg[1024];
	bool ok = report_binary_stream(data_path(dir, file), NULL, r, counts, &err);

	occ_error_format(&err, msg, sizeof(msg));
	ck_assert_msg(ok, "%s: %s", file, msg);
}

static void load_binary(const char *file, struct report *r, struct import_binary_counts *counts)
{
	load_binary_in("cubin/", file, r, counts);
}

static const char *mangled(const struct report_record *k)
{
	return k->binary->mangled_name ? k->binary->mangled_name : k->name;
}

static bool same_int(struct report_int a, struct report_int b)
{
	return a.present == b.present && (!a.present || a.value == b.value);
}

/* The first field of the binary's record b that differs from ptxas's p
 * ("" when none). ptxas prints barriers from CUDA 12 on, spills never go
 * into the cubin. */
static const char *differs(const struct report_record *p, const struct report_record *b)
{
	if (!same_int(p->registers, b->registers))
		return "registers";
	if (!same_int(p->static_smem_bytes, b->static_smem_bytes))
		return "static shared memory";
	if (p->barriers.present && !same_int(p->barriers, b->barriers))
		return "barriers";
	if (!same_int(p->binary->frame_bytes, b->binary->frame_bytes))
		return "stack frame";
	if (b->binary->sm != p->binary->sm)
		return "architecture";
	return "";
}

/* Every kernel ptxas compiled is in the binary with ptxas's figures, and
 * the binary holds no other; returns how many were compared. dir: where
 * both are under tests/data. */
static size_t compare_pair_in(const char *dir, const char *binary, const char *log)
{
	struct report bin, px;
	struct import_binary_counts counts;
	size_t matched = 0;
	char first[512] = "";
	bool *used;

	load_binary_in(dir, binary, &bin, &counts);
	load_clean(dir, log, &px);
	ck_assert_str_eq(px.format, "ptxas log");
	used = calloc(bin.n, sizeof(*used));
	ck_assert_ptr_nonnull(used);
	for (size_t i = 0; i < px.n; i++) {
		const struct report_record *p = &px.records[i];
		size_t j;

		for (j = 0; j < bin.n; j++)
			if (!used[j] && bin.records[j].binary->sm == p->binary->sm &&
			    strcmp(mangled(&bin.records[j]), mangled(p)) == 0)
				break;
		if (j == bin.n) {
			if (!first[0])
				snprintf(first, sizeof(first), "%s line %ld: %s for %s not in %s", log,
					 p->line, mangled(p), p->binary->arch, binary);
			continue;
		}
		used[j] = true;
		if (differs(p, &bin.records[j])[0] && !first[0])
			snprintf(first, sizeof(first), "%s line %ld: %s for %s: %s differ", log,
				 p->line, mangled(p), p->binary->arch, differs(p, &bin.records[j]));
		matched++;
	}
	ck_assert_msg(!first[0], "%s", first);
	ck_assert_uint_eq(matched, bin.n);
	ck_assert_uint_eq(counts.kernels, bin.n);
	free(used);
	report_done(&bin);
	report_done(&px);
	return matched;
}

static size_t compare_pair(const char *binary, const char *log)
{
	return compare_pair_in("cubin/", binary, log);
}

/* The bounds and cluster dims a generated source gives kernel name (its
 * line "extern "C" __global__ void ATTRS NAME("): -1 where it gives none. */
struct asked {
	long long max_threads, min_blocks, cluster[3];   /* min_blocks: read, not compared */
};

static void asked_in(const char *source, const char *name, struct asked *a)
{
	FILE *f = fopen(data_path("fresh/", source), "r");
	char line[1024], want[128];
	bool found = false;

	ck_assert_msg(f != NULL, "%s", source);
	snprintf(want, sizeof(want), " %s(", name);
	a->max_threads = a->min_blocks = a->cluster[0] = a->cluster[1] = a->cluster[2] = -1;
	while (!found && fgets(line, sizeof(line), f)) {
		const char *p;

		if (strncmp(line, "extern \"C\" __global__ void", 26) != 0 || !strstr(line, want))
			continue;
		found = true;
		if ((p = strstr(line, "__cluster_dims__(")) != NULL)
			ck_assert(sscanf(p, "__cluster_dims__(%lld, %lld, %lld)", &a->cluster[0],
					 &a->cluster[1], &a->cluster[2]) == 3);
		if ((p = strstr(line, "__launch_bounds__(")) != NULL)
			ck_assert(sscanf(p, "__launch_bounds__(%lld, %lld)", &a->max_threads,
					 &a->min_blocks) >= 1);
	}
	fclose(f);
	ck_assert_msg(found, "%s not in %s", name, source);
}

static void expect_asked(const char *what, const struct report_record *k, struct report_int got,
			 long long want)
{
	if (want < 0)
		ck_assert_msg(!got.present || got.value == 0, "%s sm_%d: %s %lld, the source none",
			      k->name, k->binary->sm, what, (long long)got.value);
	else
		ck_assert_msg(got.present && got.value == want, "%s sm_%d: %s %lld, the source %lld",
			      k->name, k->binary->sm, what, got.present ? (long long)got.value : -1,
			      want);
}

/* What the fresh sources ask of every kernel of every SM version (no
 * ptxas info line prints it): __launch_bounds__'s threads and
 * __cluster_dims__. Its minimum of blocks is not in a CUDA 13 cubin: ptxas
 * folds it into the register limit (EIATTR_MAXREG_COUNT: 64 for
 * __launch_bounds__(128, 8), fresh_5) or, past what the SM holds, ignores
 * it with a warning (fresh_zstd.log line 1). */
static size_t compare_asked(const char *binary, const char *source)
{
	struct report r;
	size_t n;

	load_binary_in("fresh/", binary, &r, NULL);
	for (size_t i = 0; i < r.n; i++) {
		const struct report_record *k = &r.records[i];
		struct asked a;

		asked_in(source, k->name, &a);
		expect_asked("max threads", k, k->binary->max_threads[0], a.max_threads);
		for (int d = 0; d < 3; d++)
			expect_asked("cluster dim", k, k->cluster[d], a.cluster[d]);
	}
	n = r.n;
	report_done(&r);
	return n;
}

/* A set nobody tuned occview to: tools/gen_fresh.py's kernels of random
 * registers, bounds, shared memory, named barriers, stack and clusters
 * (tests/data/fresh/TOOLS: the seed, the register limit and its SM
 * versions), compiled by nvcc 13 for every SM version it has: fresh.cu's
 * 40 kernels for 12 (ZSTD) and, under -maxrregcount, for 1 (stored as is);
 * fresh_cluster.cu's 12 for the 6 from sm_90 on (LZ4). */
START_TEST(test_fresh_set_as_ptxas_says)
{
	size_t total = compare_pair_in("fresh/", "fresh_zstd.fatbin", "fresh_zstd.log") +
		       compare_pair_in("fresh/", "fresh_maxrreg.fatbin", "fresh_maxrreg.log") +
		       compare_pair_in("fresh/", "fresh_cluster.fatbin", "fresh_cluster.log");

	ck_assert_uint_eq(total, 40 * 12 + 40 + 12 * 6);
	total = compare_asked("fresh_zstd.fatbin", "fresh.cu") +
		compare_asked("fresh_maxrreg.fatbin", "fresh.cu") +
		compare_asked("fresh_cluster.fatbin", "fresh_cluster.cu");
	ck_assert_uint_eq(total, 40 * 12 + 40 + 12 * 6);
}
END_TEST

START_TEST(test_every_kernel_as_ptxas_says)
{
	size_t total = 0;

	for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++)
		total += compare_pair(pairs[i].binary, pairs[i].log);
	/* kernels.cu has 22 kernels: 12 architectures in kernels_zstd.o, 2 in
	 * each of stored, lz4, spill (tools/gen_cubins.sh); cluster.cu 3 for
	 * 3, 1, 2 and 2 of them; reqntid.ptx 2 for each of 3. */
	ck_assert_uint_eq(total, 22 * (12 + 2 + 2 + 2) + 3 * (3 + 1 + 2 + 2) + 2 * 3);
}
END_TEST

/* The spilling build spills (so the comparison above checked stacks that
 * are not all 0), and the logs' spills are read. */
START_TEST(test_spills_read)
{
	struct report px;
	size_t spilling = 0;

	load_clean("cubin/", "kernels_spill.log", &px);
	for (size_t i = 0; i < px.n; i++)
		if (px.records[i].binary->spill_store_bytes.present &&
		    px.records[i].binary->spill_store_bytes.value > 0 &&
		    px.records[i].binary->frame_bytes.value > 0)
			spilling++;
	ck_assert_uint_gt(spilling, 0);
	report_done(&px);
}
END_TEST

#define ck_cluster(k, x, y, z) ck_dim3((k)->cluster, (x), (y), (z))

static const struct report_record *find(const struct report *r, const char *name, int sm)
{
	for (size_t i = 0; i < r->n; i++)
		if (strcmp(r->records[i].name, name) == 0 && r->records[i].binary->sm == sm)
			return &r->records[i];
	ck_abort_msg("%s for sm_%d not read", name, sm);
	return NULL;
}

/* What the sources ask for: cluster.cu's __cluster_dims__ and
 * __launch_bounds__, reqntid.ptx's .reqntid. */
START_TEST(test_what_the_source_asks)
{
	struct report r;
	const struct report_record *k;

	load_binary("cluster.o", &r, NULL);
	k = find(&r, "square(float*)", 100);
	ck_assert_str_eq(k->binary->mangled_name, "_Z6squarePf");
	ck_cluster(k, 2, 2, 1);
	k = find(&r, "quad(float*)", 120);
	ck_cluster(k, 4, 1, 1);
	ck_block(k, 256, 1, 1);   /* __launch_bounds__(256) */
	CK_INT(k->binary->max_threads[0], 256);
	ck_assert(!k->binary->req_threads[0].present);
	report_done(&r);

	load_binary("reqntid_sm90.cubin", &r, NULL);
	k = find(&r, "required_16x8", 90);
	ck_assert_ptr_null(k->binary->mangled_name);   /* an extern "C" name */
	ck_block(k, 16, 8, 1);
	CK_INT(k->binary->req_threads[1], 8);
	ck_assert_str_eq(k->binary->container, "cubin");
	report_done(&r);
}
END_TEST

/* Every container and entry counted: kernels_zstd.o holds one fatbin of 12
 * cubins and the compute_120 PTX, all compressed (tools/gen_cubins.sh). */
START_TEST(test_counts_and_compression)
{
	struct report r;
	struct import_binary_counts c;

	load_binary("kernels_zstd.o", &r, &c);
	ck_assert_uint_eq(c.containers, 1);
	ck_assert_uint_eq(c.entries, 13);
	ck_assert_uint_eq(c.ptx_entries, 1);
	ck_assert_uint_eq(c.cubins, 12);
	ck_assert_uint_eq(c.compressed, 12);
	ck_assert_str_eq(r.records[0].binary->compression, "zstd");
	ck_assert_str_eq(r.records[0].binary->container, "ELF .nv_fatbin");
	report_done(&r);
	load_binary("kernels_lz4.o", &r, &c);
	ck_assert_uint_eq(c.compressed, 2);
	for (size_t i = 0; i < r.n; i++)
		ck_assert_str_eq(r.records[i].binary->compression, "lz4");
	report_done(&r);
	load_binary("kernels_stored.o", &r, &c);
	ck_assert_uint_eq(c.compressed, 0);
	ck_assert_uint_eq(c.ptx_entries, 1);
	ck_assert_str_eq(r.records[0].binary->compression, "");
	report_done(&r);
	load_binary("cluster_rdc.o", &r, &c);
	ck_assert_str_eq(r.records[0].binary->container, "ELF __nv_relfatbin");
	report_done(&r);
}
END_TEST

/* report_load tells binaries from text by their content, and ptxas's old
 * shapes read: "N+M bytes smem" (the kernel's N) and "bytes lmem". */
START_TEST(test_ptxas_shapes)
{
	static const char log[] =
		"ptxas info    : Compiling entry function '_Z3fooPf' for 'sm_20'\n"
		"ptxas info    : Used 10 registers, 4000+16 bytes smem, 44 bytes cmem[0]\n"
		"ptxas info    : Compiling entry function 'bar' for 'sm_35'\n"
		"ptxas info    : Function properties for bar\n"
		"    16 bytes stack frame, 8 bytes spill stores, 4 bytes spill loads\n"
		"ptxas info    : Used 255 registers, 8 bytes lmem, 328 bytes cmem[0]\n"
		"ptxas info    : Function properties for _Z6helperv\n"
		"    32 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n";
	struct report r;
	struct occ_error err = { 0 };

	ck_assert(report_parse("t.log", log, strlen(log), &r, &err));
	ck_assert_uint_eq(r.n, 2);
	ck_assert_str_eq(r.records[0].name, "foo(float*)");
	CK_INT(r.records[0].registers, 10);
	CK_INT(r.records[0].static_smem_bytes, 4000);
	ck_assert(!r.records[0].barriers.present);
	CK_INT(r.records[0].cc_major, 2);
	CK_INT(r.records[1].registers, 255);
	CK_INT(r.records[1].static_smem_bytes, 0);
	CK_INT(r.records[1].binary->frame_bytes, 16);   /* not lmem's, nor the helper's */
	CK_INT(r.records[1].binary->spill_store_bytes, 8);
	CK_INT(r.records[1].binary->spill_load_bytes, 4);
	report_done(&r);
}
END_TEST

/* The attribute names of redplait/denvdis's table, by number. */
START_TEST(test_attribute_names)
{
	ck_assert_str_eq(report_binary_attr_name(0x05), "EIATTR_MAX_THREADS");
	ck_assert_str_eq(report_binary_attr_name(0x2f), "EIATTR_REGCOUNT");
	ck_assert_str_eq(report_binary_attr_name(0x3d), "EIATTR_CTA_PER_CLUSTER");
	ck_assert_str_eq(report_binary_attr_name(0x4c), "EIATTR_NUM_BARRIERS");
	ck_assert_str_eq(report_binary_attr_name(0x5a), "EIATTR_MERCURY_FINALIZER_OPTIONS");
	ck_assert_ptr_null(report_binary_attr_name(0x5b));
}
END_TEST

/* A copy of data cut to n bytes (or with one byte changed), as a file. */
static const char *write_temp(const unsigned char *data, size_t n)
{
	static char path[64];
	FILE *f;

	snprintf(path, sizeof(path), "test_import_binary.%ld.tmp", (long)getpid());
	f = fopen(path, "wb");
	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(fwrite(data, 1, n, f), n);
	fclose(f);
	return path;
}

static unsigned char *slurp(const char *file, size_t *n)
{
	FILE *f = fopen(data_path("cubin/", file), "rb");
	unsigned char *buf;
	long size;

	ck_assert_ptr_nonnull(f);
	fseek(f, 0, SEEK_END);
	size = ftell(f);
	rewind(f);
	buf = malloc((size_t)size);
	ck_assert_ptr_nonnull(buf);
	ck_assert_uint_eq(fread(buf, 1, (size_t)size, f), (size_t)size);
	fclose(f);
	*n = (size_t)size;
	return buf;
}

/* Cut anywhere, a binary reads what it can or says where it broke. */
START_TEST(test_truncated)
{
	static const char *const files[] = { "cluster.fatbin", "cluster.o", "reqntid_sm90.cubin",
					     "kernels_lz4.o" };
	size_t refused = 0, tried = 0;

	for (size_t f = 0; f < sizeof(files) / sizeof(files[0]); f++) {
		size_t n;
		unsigned char *data = slurp(files[f], &n);

		for (size_t cut = 4; cut < n; cut += n / 97 + 1) {
			struct report r;
			struct occ_error err = { 0 };
			const char *path = write_temp(data, cut);

			tried++;
			if (!report_binary_stream(path, NULL, &r, NULL, &err)) {
				refused++;
				ck_assert_int_ne(err.status, OCC_OK);
			}
			report_done(&r);
			unlink(path);
		}
		free(data);
	}
	ck_assert_uint_gt(refused, tried / 2);
}
END_TEST

/* A corrupt compressed payload is an error naming the byte offset of its
 * entry; so is a fatbin whose container runs past its data. */
START_TEST(test_corrupt)
{
	size_t n;
	unsigned char *data = slurp("kernels_zstd.o", &n);
	unsigned char *fat = NULL;
	struct report r;
	struct occ_error err = { 0 };
	const char *path;

	/* The first ZSTD frame's magic, 28 b5 2f fd, broken past it. */
	for (size_t i = 0; i + 4 < n; i++)
		if (memcmp(data + i, "\x28\xb5\x2f\xfd", 4) == 0) {
			fat = data + i;
			break;
		}
	ck_assert_ptr_nonnull(fat);
	memset(fat + 8, 0xff, 32);
	path = write_temp(data, n);
	ck_assert(!report_binary_stream(path, NULL, &r, NULL, &err));
	ck_assert_msg(strstr(err.message, "does not decompress") && strstr(err.message, "byte offset"),
		      "%s", err.message);
	unlink(path);
	free(data);

	data = slurp("cluster.fatbin", &n);
	data[8] = 0xff;   /* the container's size */
	path = write_temp(data, n);
	ck_assert(!report_binary_stream(path, NULL, &r, NULL, &err));
	ck_assert_msg(strstr(err.message, "runs past the end") && strstr(err.message, "offset 0"),
		      "%s", err.message);
	unlink(path);
	free(data);
}
END_TEST

/* An ELF file with no CUDA code (this test program), and a directory. */
START_TEST(test_not_cuda)
{
	struct report r;
	struct occ_error err = { 0 };

	ck_assert(!report_binary_stream("/proc/self/exe", NULL, &r, NULL, &err));
	ck_assert_msg(strstr(err.message, "no CUDA code"), "%s", err.message);
	ck_assert(!report_binary_stream("tests", NULL, &r, NULL, &err));
	ck_assert_msg(strstr(err.message, "directory"), "%s", err.message);
}
END_TEST

static bool count_kernel(void *ctx, const struct report *r, struct report_record *rec)
{
	(void)r;
	if (rec->binary && rec->name && rec->registers.present)
		++*(size_t *)ctx;
	return true;
}

/* NVIDIA's own libraries, where the CUDA toolkit is installed (never
 * committed): every container and every ELF entry in them read, every
 * kernel with a name and registers, streamed. Skipped, saying so, where
 * they are not. */
START_TEST(test_real_libraries)
{
	static const char *const libs[] = { "libcublasLt.so.13", "libcublas.so.13" };
	const char *home = getenv("CUDA_HOME");
	char dir[512];

	snprintf(dir, sizeof(dir), "%s/lib64", home && home[0] ? home : "/usr/local/cuda");
	for (size_t i = 0; i < sizeof(libs) / sizeof(libs[0]); i++) {
		struct import_binary_counts c;
		struct occ_error err = { 0 };
		struct report r;
		size_t n = 0;
		struct report_sink sink = { count_kernel, &n };
		char path[1100];
		struct stat st;
		bool ok;

		snprintf(path, sizeof(path), "%s/%s", dir, libs[i]);
		if (stat(path, &st) != 0) {
			printf("test_real_libraries: skipped %s: not present\n", path);
			continue;
		}
		ok = report_binary_stream(path, &sink, &r, &c, &err);
		ck_assert_msg(ok, "%s: %s", path, err.message);
		printf("test_real_libraries: %s: %zu containers, %zu entries (%zu PTX), %zu cubins "
		       "(%zu compressed), %zu kernels\n", path, c.containers, c.entries,
		       c.ptx_entries, c.cubins, c.compressed, c.kernels);
		ck_assert_uint_gt(c.kernels, 0);
		ck_assert_uint_eq(n, c.kernels);
		ck_assert_uint_eq(c.cubins + c.ptx_entries, c.entries);
		report_done(&r);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("import_binary");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_every_kernel_as_ptxas_says);
	tcase_add_test(tc, test_fresh_set_as_ptxas_says);
	tcase_add_test(tc, test_spills_read);
	tcase_add_test(tc, test_what_the_source_asks);
	tcase_add_test(tc, test_counts_and_compression);
	tcase_add_test(tc, test_ptxas_shapes);
	tcase_add_test(tc, test_attribute_names);
	tcase_add_test(tc, test_truncated);
	tcase_add_test(tc, test_corrupt);
	tcase_add_test(tc, test_not_cuda);
	suite_add_tcase(s, tc);
	tc = tcase_create("real");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_real_libraries);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
