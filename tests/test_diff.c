/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_diff.c - the regression gate (diff.h) on the AMD objects
 * tools/gen_amd_objects.sh compiled (tests/data/amdgpu): matching by name
 * and architecture, the figures, the registers to the next step, what
 * fails, and the exit status. The expected figures are worked out from the
 * objects' llvm-readelf notes and data/amd_archs.csv below. */
#include "config.h"

#include <check.h>
#include <string.h>

#include "diff.h"
#include "reportutil.h"
#include "testutil.h"

static void load(const char *file, struct report *r)
{
	load_clean("amdgpu/", file, r);
}

static const struct diff_kernel *kernel(const struct diff_result *d, const char *name,
					const char *arch)
{
	for (size_t i = 0; i < d->n; i++)
		if (strcmp(d->kernels[i].name, name) == 0 && strcmp(d->kernels[i].arch, arch) == 0)
			return &d->kernels[i];
	ck_abort_msg("no kernel %s [%s]", name, arch);
	return NULL;
}

static void run(const char *old_file, const char *new_file, unsigned fail_on,
		struct diff_result *d)
{
	struct report a, b;
	struct report_launch_given given = { NULL, NULL, 0 };

	load(old_file, &a);
	load(new_file, &b);
	ck_assert(diff_reports(db, &a, old_file, &b, new_file, &given, fail_on, d));
	report_done(&a);
	report_done(&b);
}

/* gate_kernel on gfx90a (amd_archs.csv: wave64, 4 SIMDs, 8 wave slots per
 * SIMD, 512 VGPRs per SIMD lane in granules of 8, at most 256 per wave), 256
 * work-items (its bound): 4 waves per workgroup, one per SIMD. VGPRs from
 * gate_old_gfx90a.notes and gate_new_gfx90a.notes: 96 and 200.
 *   old: 512 / 96 = 5 waves per SIMD = 5 workgroups, 62.5 %; 97 rounds to
 *        104 (4 waves): 1 more loses one; 6 need 512 / 6 = 85 -> 80: 16 fewer
 *   new: 512 / 200 = 2, 25 %; 257 is past 256: 57 more; 3 need 170 -> 168:
 *        32 fewer. */
START_TEST(gate_pair)
{
	struct diff_result d;
	const struct diff_kernel *k;

	run("gate_old_gfx90a.co", "gate_new_gfx90a.co", DIFF_FAIL_OCCUPANCY, &d);
	ck_assert_uint_eq(d.n, 3);
	k = kernel(&d, "gate_kernel", "gfx90a");
	ck_assert_int_eq(k->status, DIFF_CHANGED);
	ck_assert_int_eq(k->old.registers, 96);
	ck_assert_int_eq(k->new.registers, 200);
	ck_assert_int_eq(k->old.blocks_per_sm, 5);
	ck_assert_int_eq(k->new.blocks_per_sm, 2);
	ck_assert_double_eq_tol(k->old.occupancy_pct, 62.5, 1e-9);
	ck_assert_double_eq_tol(k->new.occupancy_pct, 25.0, 1e-9);
	ck_assert_int_eq(k->old.regs_to_lose, 1);
	ck_assert_int_eq(k->old.regs_to_gain, 16);
	ck_assert_int_eq(k->new.regs_to_lose, 57);
	ck_assert_int_eq(k->new.regs_to_gain, 32);
	ck_assert_uint_eq(k->worse, DIFF_FAIL_OCCUPANCY | DIFF_FAIL_BLOCKS | DIFF_FAIL_REGISTERS);
	ck_assert_uint_eq(k->failed, DIFF_FAIL_OCCUPANCY);
	ck_assert_str_eq(k->new.registers_word, "VGPRs");
	ck_assert_str_eq(k->new.unit, "CU");
	/* The old report's order, then the added kernel. */
	ck_assert_str_eq(d.kernels[0].name, "gate_kernel");
	ck_assert_str_eq(d.kernels[1].name, "gate_removed");
	ck_assert_int_eq(d.kernels[1].status, DIFF_REMOVED);
	ck_assert_str_eq(d.kernels[2].name, "gate_added");
	ck_assert_int_eq(d.kernels[2].status, DIFF_ADDED);
	ck_assert_uint_eq(d.failed, 1);
	ck_assert_int_eq(diff_exit_status(&d), 1);
	diff_result_done(&d);

	/* Spills did not change: nothing fails on them. */
	run("gate_old_gfx90a.co", "gate_new_gfx90a.co", DIFF_FAIL_SPILLS, &d);
	ck_assert_uint_eq(d.failed, 0);
	ck_assert_int_eq(diff_exit_status(&d), 0);
	diff_result_done(&d);
}
END_TEST

/* The same kernel name on two architectures is two kernels: the bundle's
 * gfx90a kernels match kernels_gfx90a.co's (the same object), its gfx1100
 * ones are not in it. */
START_TEST(matched_by_architecture)
{
	struct diff_result d;

	run("kernels_gfx90a.co", "bundle_gfx90a_gfx1100.hipfb", DIFF_FAIL_OCCUPANCY, &d);
	ck_assert_uint_eq(d.unchanged, 11);
	ck_assert_uint_eq(d.added, 10);
	ck_assert_uint_eq(d.removed, 0);
	ck_assert_int_eq(kernel(&d, "spill_kernel", "gfx1100")->status, DIFF_ADDED);
	ck_assert_int_eq(kernel(&d, "spill_kernel", "gfx90a")->status, DIFF_UNCHANGED);
	ck_assert_int_eq(diff_exit_status(&d), 0);
	diff_result_done(&d);
}
END_TEST

/* spill_kernel spills to scratch: 400 bytes per work-item
 * (kernels_gfx90a.notes .private_segment_fixed_size), against a kernel of
 * the same name that spills nothing it fails on spills. */
START_TEST(spills_fail)
{
	struct report a, b;
	struct report_launch_given given = { NULL, NULL, 0 };
	struct diff_result d;
	const struct diff_kernel *k;

	load("kernels_gfx90a.co", &a);
	load("kernels_gfx90a.co", &b);
	/* The old side: unbounded_kernel's record named spill_kernel. */
	for (size_t i = 0; i < a.n; i++)
		if (strcmp(a.records[i].name, "unbounded_kernel") == 0)
			strcpy(a.records[i].name, "spill_kernel");
		else if (strcmp(a.records[i].name, "spill_kernel") == 0)
			strcpy(a.records[i].name, "spill_kerneX");
	ck_assert(diff_reports(db, &a, "a", &b, "b", &given, DIFF_FAIL_SPILLS, &d));
	k = kernel(&d, "spill_kernel", "gfx90a");
	ck_assert_int_eq(k->old.scratch_bytes.value, 0);
	ck_assert_int_eq(k->new.scratch_bytes.value, 400);
	ck_assert(k->failed & DIFF_FAIL_SPILLS);
	ck_assert_int_eq(diff_exit_status(&d), 1);
	diff_result_done(&d);
	report_done(&a);
	report_done(&b);
}
END_TEST

START_TEST(fail_on_names)
{
	unsigned bits;
	const char *bad = NULL;

	ck_assert(diff_fail_parse("occupancy,spills", &bits, &bad));
	ck_assert_uint_eq(bits, DIFF_FAIL_OCCUPANCY | DIFF_FAIL_SPILLS);
	ck_assert(diff_fail_parse("registers", &bits, &bad));
	ck_assert_uint_eq(bits, DIFF_FAIL_REGISTERS);
	ck_assert(!diff_fail_parse("blocks,speed", &bits, &bad));
	ck_assert_str_eq(bad, "speed");
	ck_assert(!diff_fail_parse("", &bits, &bad));
	ck_assert(!diff_fail_parse("occupancyx", &bits, &bad));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("diff");
	TCase *tc = tcase_create("gate");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, gate_pair);
	tcase_add_test(tc, matched_by_architecture);
	tcase_add_test(tc, spills_fail);
	tcase_add_test(tc, fail_on_names);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
