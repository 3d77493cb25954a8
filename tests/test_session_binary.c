/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_session_binary.c - the launch occview assumes for a kernel read from
 * an AMD code object or clang's resource-usage remarks (tests/data/amdgpu),
 * as for a cubin's: the workgroup it requires or is bounded to, else the one
 * with the most resident work-items; a grid of one full wave; no dynamic
 * LDS. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "binary_launch.h"
#include "reportutil.h"
#include "testutil.h"

static const unsigned grid_bit = PARAM_BIT(PARAM_GRID), block_bit = PARAM_BIT(PARAM_BLOCK),
		      dyn_bit = PARAM_BIT(PARAM_DYNAMIC_SMEM);

static void find(const char *name, struct gpu *g)
{
	struct occ_error err = { 0 };

	ck_assert_msg(gpu_db_find(db, name, g, &err), "%s", err.message);
}

/* reqd.cl's kernel requires 16x8x1 (reqd_gfx90a.notes). clang's remark
 * (reqd_gfx90a.remarks line 9): 8 waves per SIMD, x 4 SIMDs = 32 waves per
 * CU, 2 wave64 waves per 128-work-item workgroup: 16 workgroups per CU; on
 * an MI250X GCD's 110 CUs (data/amd_devices.csv line 8) one full wave is
 * 1760 workgroups. The block is the record's own: not assumed. */
START_TEST(amd_required_workgroup)
{
	struct report r;
	struct gpu g;
	struct launch vals;
	unsigned fields = 0, assumed;

	load_clean("amdgpu/", "reqd_gfx90a.co", &r);
	find("MI250X", &g);
	launch_init(&vals);
	assumed = binary_launch_defaults(&r.records[0], &g, &vals, &fields);
	ck_assert_uint_eq(assumed, grid_bit | dyn_bit);
	ck_assert_uint_eq(fields, grid_bit | dyn_bit);
	ck_assert_int_eq(vals.grid[0], 1760);
	ck_assert_int_eq(vals.dynamic_smem_bytes, 0);
	/* A grid given: only the LDS is taken. */
	fields = grid_bit;
	vals.grid[0] = 7;
	ck_assert_uint_eq(binary_launch_defaults(&r.records[0], &g, &vals, &fields), dyn_bit);
	ck_assert_int_eq(vals.grid[0], 7);
	report_done(&r);
}
END_TEST

/* LLVM writes .max_flat_workgroup_size for every kernel, but a code object
 * may lack it (and .reqd_workgroup_size): then the workgroup with the most
 * resident work-items. The same kernel (6 VGPRs, 11 SGPRs, 2048 B LDS) on
 * gfx90a (data/amd_archs.csv: 4 SIMDs x 8 wave slots, 16 workgroups per CU,
 * workgroups up to 1024): 1024 work-items are 16 waves, 2 workgroups fill
 * the 32 slots (their VGPRs, SGPRs and 4 KiB of LDS fit), 2048 work-items,
 * the most a CU holds, first reached from the top at 1024; one full wave
 * is 2 x 110 = 220 workgroups. */
START_TEST(amd_unbounded_takes_the_best_workgroup)
{
	struct report r;
	struct gpu g;
	struct launch vals;
	unsigned fields = 0, assumed;

	load_clean("amdgpu/", "reqd_gfx90a.co", &r);
	for (int d = 0; d < 3; d++)
		r.records[0].block[d] = (struct report_int){ 0 };
	find("MI250X", &g);
	launch_init(&vals);
	assumed = binary_launch_defaults(&r.records[0], &g, &vals, &fields);
	ck_assert_uint_eq(assumed, grid_bit | block_bit | dyn_bit);
	ck_assert_int_eq(vals.block[0], 1024);
	ck_assert_int_eq(vals.block[1], 1);
	ck_assert_int_eq(vals.grid[0], 220);
	report_done(&r);
}
END_TEST

/* clang's remarks name no workgroup bound: the same kernel as above
 * (reqd_gfx90a.remarks: 6 VGPRs, 11 SGPRs, 2048 B LDS) gets what its code
 * object would without one, decided in the same place: 1024 work-items, a
 * grid of 220; and --print analyses it with no flag but --gpu. */
START_TEST(remarks_take_the_best_workgroup)
{
	struct report r;
	struct gpu g;
	struct launch vals;
	unsigned fields = 0, assumed;
	struct report_launch_given given = { NULL, NULL, 0 };
	struct occ_error err = { 0 };
	struct analysis *a = malloc(sizeof(*a));

	ck_assert_ptr_nonnull(a);
	load_clean("amdgpu/", "reqd_gfx90a.remarks", &r);
	ck_assert_str_eq(r.format, "clang resource-usage remarks");
	ck_assert_ptr_nonnull(r.records[0].binary);
	ck_assert_str_eq(r.records[0].binary->container, "clang remarks");
	ck_assert(r.records[0].binary->from_log);
	find("MI250X", &g);
	launch_init(&vals);
	assumed = binary_launch_defaults(&r.records[0], &g, &vals, &fields);
	ck_assert_uint_eq(assumed, grid_bit | block_bit | dyn_bit);
	ck_assert_int_eq(vals.block[0], 1024);
	ck_assert_int_eq(vals.block[1], 1);
	ck_assert_int_eq(vals.grid[0], 220);
	ck_assert_int_eq(vals.dynamic_smem_bytes, 0);
	given.gpu = &g;
	ck_assert_msg(record_analyse(a, db, &r.records[0], &given, "reqd_gfx90a.remarks", &err),
		      "%s", err.message);
	ck_assert_uint_eq(a->assumed, grid_bit | block_bit | dyn_bit);
	ck_assert_ptr_eq(a->compiled, &r.records[0]);
	/* The remark's own "Occupancy [waves/SIMD]: 8" (line 9). */
	ck_assert_int_eq(a->r.amd.waves_per_simd, 8);
	free(a);
	report_done(&r);
}
END_TEST

/* The "Occupancy [waves/SIMD]" clang printed for the remark record that
 * starts on line, from file (tests/data/amdgpu); -1 when none. */
static int remark_occupancy(const char *file, long line)
{
	FILE *f = fopen(data_path("amdgpu/", file), "r");
	char text[2048];
	long at = 0;
	int occ = -1;
	const char *key = "Occupancy [waves/SIMD]: ";

	ck_assert_msg(f != NULL, "%s", file);
	while (fgets(text, sizeof(text), f) && occ < 0) {
		const char *p = strstr(text, key);

		if (++at > line && strstr(text, "Function Name: "))
			break;
		if (at > line && p)
			occ = atoi(p + strlen(key));
	}
	fclose(f);
	return occ;
}

/* Every kernel of a compile's remarks, analysed with --gpu alone at the
 * launch occview assumes: the waves per SIMD clang printed. LLVM's figure
 * is at the kernel's own workgroup bound, which the remarks do not give:
 * where LDS is used it depends on that bound, so only kernels without LDS
 * are compared (their occupancy is their registers'). The remarks name no
 * wave size: the target's default, the one clang compiled for. */
static const struct {
	const char *file, *gpu;
	size_t compared;   /* kernels without LDS (the .remarks' "LDS Size" 0) */
} remark_sets[] = {
	{ "kernels_gfx90a.remarks", "MI250X", 8 },
	{ "kernels_gfx942.remarks", "MI300X", 8 },
	{ "kernels_gfx1100.remarks", "W7900", 7 },
	{ "kernels_gfx1201.remarks", "Radeon AI PRO R9700", 7 },
	{ "gate_old_gfx90a.remarks", "MI210", 2 },
	{ "gate_new_gfx90a.remarks", "MI210", 2 },
	/* tools/gen_fresh.py's set, nobody tuned to (tests/data/fresh). */
	{ "../fresh/fresh_gfx90a.remarks", "MI250X", 8 },
	{ "../fresh/fresh_gfx942.remarks", "MI300X", 8 },
	{ "../fresh/fresh_gfx1100.remarks", "W7900", 8 },
	{ "../fresh/fresh_gfx1201.remarks", "Radeon AI PRO R9700", 8 },
};

START_TEST(remarks_occupancy_equals_clang)
{
	struct report r;
	struct gpu g;
	struct report_launch_given given = { NULL, NULL, 0 };
	struct analysis *a = malloc(sizeof(*a));
	const char *file = remark_sets[_i].file;
	size_t compared = 0;

	ck_assert_ptr_nonnull(a);
	load_clean("amdgpu/", file, &r);
	find(remark_sets[_i].gpu, &g);
	given.gpu = &g;
	for (size_t i = 0; i < r.n; i++) {
		const struct report_record *rec = &r.records[i];
		struct occ_error err = { 0 };
		int want = remark_occupancy(file, rec->line);

		ck_assert_msg(want > 0, "%s line %ld: no occupancy", file, rec->line);
		ck_assert_msg(record_analyse(a, db, rec, &given, file, &err), "%s: %s: %s", file,
			      rec->name, err.message);
		ck_assert_uint_eq(a->assumed, grid_bit | block_bit | dyn_bit);
		if (rec->lds_bytes.value > 0)
			continue;
		ck_assert_msg(a->r.amd.waves_per_simd == want,
			      "%s: %s: %d waves per SIMD at %d work-items, clang says %d", file,
			      rec->name, a->r.amd.waves_per_simd, launch_threads_per_block(&a->launch),
			      want);
		compared++;
	}
	ck_assert_uint_eq(compared, remark_sets[_i].compared);
	free(a);
	report_done(&r);
}
END_TEST

/* llc writes the location after "remark: " (reqd_gfx90a_llc.remarks, llc-22
 * on reqd.cl's IR, tools/gen_amd_objects.sh): the same record as clang's
 * remarks of it give, and the remark's "Occupancy [waves/SIMD]: 8" (line 7)
 * at the assumed workgroup on an MI250X. */
START_TEST(llc_remarks_as_clang)
{
	struct report a, b;
	struct gpu g;
	struct occ_error err = { 0 };
	struct report_launch_given given = { NULL, NULL, 0 };
	struct analysis *an = malloc(sizeof(*an));

	ck_assert_ptr_nonnull(an);
	load_clean("amdgpu/", "reqd_gfx90a_llc.remarks", &a);
	load_clean("amdgpu/", "reqd_gfx90a.remarks", &b);
	ck_assert_str_eq(a.format, "clang resource-usage remarks");
	ck_assert_uint_eq(a.n, 1);
	ck_assert_str_eq(a.records[0].name, b.records[0].name);
	ck_assert_int_eq(a.records[0].sgprs.value, b.records[0].sgprs.value);
	ck_assert_int_eq(a.records[0].arch_vgprs.value, b.records[0].arch_vgprs.value);
	ck_assert_int_eq(a.records[0].lds_bytes.value, 2048);
	ck_assert(a.records[0].dynamic_stack.present && !a.records[0].dynamic_stack.value);
	find("MI250X", &g);
	given.gpu = &g;
	ck_assert_msg(record_analyse(an, db, &a.records[0], &given, "llc", &err), "%s",
		      err.message);
	ck_assert_int_eq(an->r.amd.waves_per_simd, 8);
	free(an);
	report_done(&a);
	report_done(&b);
}
END_TEST

/* The remarks of LLVM 17 and 18 name the SGPR count "SGPRs:" (LLVM 19 on:
 * "TotalSGPRs:"). The lines are LLVM's own test of them
 * (llvm/test/CodeGen/AMDGPU/resource-optimization-remarks.ll, llc -mcpu=gfx908,
 * test_kernel): 28 SGPRs, 9 VGPRs, 43 AGPRs, 512 B LDS and
 * "Occupancy [waves/SIMD]: 5", which an MI100 (gfx908, its AGPRs a file of
 * their own) gives at the workgroup occview assumes: 43 AGPRs, 44 allocated,
 * leave room for 5 waves in 256. */
START_TEST(remarks_llvm17_sgprs)
{
	static const char log[] =
		"remark: foo.cl:27:0: Function Name: test_kernel\n"
		"remark: foo.cl:27:0:     SGPRs: 28\n"
		"remark: foo.cl:27:0:     VGPRs: 9\n"
		"remark: foo.cl:27:0:     AGPRs: 43\n"
		"remark: foo.cl:27:0:     ScratchSize [bytes/lane]: 0\n"
		"remark: foo.cl:27:0:     Dynamic Stack: False\n"
		"remark: foo.cl:27:0:     Occupancy [waves/SIMD]: 5\n"
		"remark: foo.cl:27:0:     SGPRs Spill: 0\n"
		"remark: foo.cl:27:0:     VGPRs Spill: 0\n"
		"remark: foo.cl:27:0:     LDS Size [bytes/block]: 512\n";
	struct report r;
	struct gpu g;
	struct occ_error err = { 0 };
	struct report_launch_given given = { NULL, NULL, 0 };
	struct analysis *a = malloc(sizeof(*a));

	ck_assert_ptr_nonnull(a);
	ck_assert(report_parse("llvm17.remarks", log, strlen(log), &r, &err));
	ck_assert_uint_eq(r.n, 1);
	ck_assert(r.records[0].sgprs.present);
	ck_assert_int_eq(r.records[0].sgprs.value, 28);
	ck_assert_int_eq(r.records[0].accum_vgprs.value, 43);
	ck_assert_int_eq(r.records[0].sgpr_spills.value, 0);
	find("MI100", &g);
	given.gpu = &g;
	ck_assert_msg(record_analyse(a, db, &r.records[0], &given, "llvm17.remarks", &err), "%s",
		      err.message);
	ck_assert_int_eq(a->launch.sgprs, 28);
	ck_assert_int_eq(a->r.amd.waves_per_simd, 5);
	free(a);
	report_done(&r);
}
END_TEST

/* A kernel no workgroup of which fits the GPU: gen_fresh.py's fresh_1 for
 * gfx90a (fresh_gfx90a.notes: .max_flat_workgroup_size 1024, .vgpr_count
 * 128) on an MI100, whose gfx908 has 256 VGPRs per SIMD lane
 * (data/amd_archs.csv): 1024 work-items are 16 waves, 4 per SIMD, 512 VGPRs.
 * One workgroup is assumed, so that the analysis says it cannot run (its
 * cannot_run finding), where it asked for a grid no grid would help. */
START_TEST(no_workgroup_fits_says_why)
{
	struct report r;
	struct gpu g;
	struct launch vals;
	unsigned fields = 0;
	struct report_launch_given given = { NULL, NULL, 0 };
	struct occ_error err = { 0 };
	struct analysis *a = malloc(sizeof(*a));
	const struct report_record *k = NULL;
	bool said = false;

	ck_assert_ptr_nonnull(a);
	load_clean("fresh/", "fresh_gfx90a.co", &r);
	for (size_t i = 0; i < r.n && !k; i++)
		if (strcmp(r.records[i].name, "fresh_1") == 0)
			k = &r.records[i];
	ck_assert_ptr_nonnull(k);
	ck_assert_int_eq(k->arch_vgprs.value, 128);
	ck_assert_int_eq(k->block[0].value, 1024);
	find("MI100", &g);
	launch_init(&vals);
	ck_assert_uint_eq(binary_launch_defaults(k, &g, &vals, &fields), grid_bit | dyn_bit);
	ck_assert_int_eq(vals.grid[0], 1);
	given.gpu = &g;
	ck_assert_msg(record_analyse(a, db, k, &given, "fresh_gfx90a.co", &err), "%s",
		      err.message);
	ck_assert_int_eq(a->r.active_blocks_per_sm, 0);
	for (int i = 0; i < a->n_findings; i++)
		said |= strcmp(a->findings[i].id, "cannot_run") == 0;
	ck_assert(said);
	/* On its own GPU (an MI250X GCD, 512 VGPRs per lane) it fits. */
	find("MI250X", &g);
	ck_assert_msg(record_analyse(a, db, k, &given, "fresh_gfx90a.co", &err), "%s",
		      err.message);
	ck_assert_int_gt(a->r.active_blocks_per_sm, 0);
	free(a);
	report_done(&r);
}
END_TEST

/* A wave32 kernel (kernels_gfx1100.notes: .wavefront_size 32) on a CDNA GPU,
 * which runs wave64 only (data/amd_archs.csv, gfx908 and gfx942): it cannot
 * run there, said with why, not "give --grid N" for the grid its missing
 * workgroup left unassumed. Its wave64 compile (kernels_gfx1100_w64) is
 * analysed there; a wave size given is a what-if of another compile. */
START_TEST(wave32_on_cdna_cannot_run)
{
	static const struct {
		const char *file, *gpu, *why;
	} cases[] = {
		{ "kernels_gfx1100.co", "MI100", "Instinct MI100 (gfx908) runs wave64 only: this "
		  "wave32 kernel for gfx1100 cannot run there (a code object runs only on its "
		  "own target)" },
		{ "kernels_gfx1201.co", "MI300X", "runs wave64 only: this wave32 kernel for gfx1201 "
		  "cannot run there" },
	};
	struct report r;
	struct gpu g;
	struct launch wave64;
	struct report_launch_given given = { NULL, NULL, 0 };
	struct occ_error err = { 0 };
	struct analysis *a = malloc(sizeof(*a));

	ck_assert_ptr_nonnull(a);
	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		load_clean("amdgpu/", cases[c].file, &r);
		find(cases[c].gpu, &g);
		given.gpu = &g;
		for (size_t i = 0; i < r.n; i++) {
			ck_assert(!record_analyse(a, db, &r.records[i], &given, cases[c].file, &err));
			ck_assert_int_eq(err.status, OCC_EDATA);
			ck_assert_str_eq(err.field, "wave_size");
			ck_assert_msg(strstr(err.message, cases[c].why) != NULL, "%s", err.message);
			ck_assert_uint_eq(a->assumed, 0);
		}
		/* --wave-size 64: analysed as a wave64 compile would be. */
		launch_init(&wave64);
		wave64.wave_size = 64;
		given.launch = &wave64;
		given.fields = PARAM_BIT(PARAM_WAVE_SIZE);
		ck_assert_msg(record_analyse(a, db, &r.records[0], &given, cases[c].file, &err),
			      "%s", err.message);
		given.launch = NULL;
		given.fields = 0;
		report_done(&r);
	}
	load_clean("amdgpu/", "kernels_gfx1100_w64.co", &r);
	find("MI100", &g);
	given.gpu = &g;
	for (size_t i = 0; i < r.n; i++)
		ck_assert_msg(record_analyse(a, db, &r.records[i], &given, "w64", &err), "%s",
			      err.message);
	report_done(&r);
	free(a);
}
END_TEST

/* An AMD kernel on an NVIDIA GPU, an NVIDIA one on an AMD GPU: nothing is
 * assumed (the launch is refused for the vendor elsewhere). */
START_TEST(other_vendor_assumes_nothing)
{
	struct report r;
	struct gpu g;
	struct launch vals;
	unsigned fields = 0;

	load_clean("amdgpu/", "reqd_gfx90a.co", &r);
	find("H100", &g);
	launch_init(&vals);
	ck_assert_uint_eq(binary_launch_defaults(&r.records[0], &g, &vals, &fields), 0);
	ck_assert_uint_eq(fields, 0);
	report_done(&r);
	load_clean("cubin/", "reqntid_sm90.cubin", &r);
	find("MI300X", &g);
	ck_assert_uint_eq(binary_launch_defaults(&r.records[0], &g, &vals, &fields), 0);
	report_done(&r);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("session_binary");
	TCase *tc = tcase_create("defaults");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, amd_required_workgroup);
	tcase_add_test(tc, amd_unbounded_takes_the_best_workgroup);
	tcase_add_test(tc, remarks_take_the_best_workgroup);
	tcase_add_loop_test(tc, remarks_occupancy_equals_clang, 0,
			    (int)(sizeof(remark_sets) / sizeof(remark_sets[0])));
	tcase_add_test(tc, llc_remarks_as_clang);
	tcase_add_test(tc, remarks_llvm17_sgprs);
	tcase_add_test(tc, wave32_on_cdna_cannot_run);
	tcase_add_test(tc, no_workgroup_fits_says_why);
	tcase_add_test(tc, other_vendor_assumes_nothing);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
