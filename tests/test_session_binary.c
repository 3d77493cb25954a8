/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_session_binary.c - the launch occview assumes for a kernel read from
 * an AMD code object (tests/data/amdgpu), as for a cubin's: the workgroup
 * it requires or is bounded to, else the one with the most resident
 * work-items; a grid of one full wave; no dynamic LDS. */
#include "config.h"

#include <check.h>
#include <string.h>

#include "gpu.h"
#include "session_binary.h"
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
	assumed = session_binary_defaults(&r.records[0], &g, &vals, &fields);
	ck_assert_uint_eq(assumed, grid_bit | dyn_bit);
	ck_assert_uint_eq(fields, grid_bit | dyn_bit);
	ck_assert_int_eq(vals.grid[0], 1760);
	ck_assert_int_eq(vals.dynamic_smem_bytes, 0);
	/* A grid given: only the LDS is taken. */
	fields = grid_bit;
	vals.grid[0] = 7;
	ck_assert_uint_eq(session_binary_defaults(&r.records[0], &g, &vals, &fields), dyn_bit);
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
	assumed = session_binary_defaults(&r.records[0], &g, &vals, &fields);
	ck_assert_uint_eq(assumed, grid_bit | block_bit | dyn_bit);
	ck_assert_int_eq(vals.block[0], 1024);
	ck_assert_int_eq(vals.block[1], 1);
	ck_assert_int_eq(vals.grid[0], 220);
	report_done(&r);
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
	ck_assert_uint_eq(session_binary_defaults(&r.records[0], &g, &vals, &fields), 0);
	ck_assert_uint_eq(fields, 0);
	report_done(&r);
	load_clean("cubin/", "reqntid_sm90.cubin", &r);
	find("MI300X", &g);
	ck_assert_uint_eq(session_binary_defaults(&r.records[0], &g, &vals, &fields), 0);
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
	tcase_add_test(tc, other_vendor_assumes_nothing);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
