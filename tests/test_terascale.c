/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_terascale.c - AMD's VLIW5/VLIW4 (TeraScale 2/3) occupancy as CodeXL
 * computed it: worked examples written out by hand from AMD's formulas
 * (terascale.h restates them), an independent reference that counts
 * resident work-groups swept over work-group sizes, GPRs and LDS, and the
 * path through the database, amd_compute and the session. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <string.h>

#include "amd.h"
#include "derive.h"
#include "launch.h"
#include "occupancy.h"
#include "terascale.h"
#include "testutil.h"

/* A 64-wide VLIW part as data/amd_archs.csv has Cypress, Barts and Cayman:
 * 32 wave slots, 8 work-groups, work-groups of at most 256, 256 GPRs per
 * work-item (16384 per CU / 64), 32 KB of LDS. */
static const struct terascale_limits vliw64 = { 64, 32, 8, 256, 256, 32768 };

static struct terascale_result calc(const struct terascale_limits *hw, int wg, int gprs,
				    int64_t lds)
{
	struct terascale_input in = { wg, gprs, lds };
	struct terascale_result r;

	ck_assert(terascale_occupancy(hw, &in, &r));
	return r;
}

#define CK_RESULT(r, n_, wf_, gpr_, lds_, wg_, act_, pct_) do { \
	ck_assert_int_eq((r).waves_per_workgroup, n_); \
	ck_assert_int_eq((r).max_waves_per_cu, wf_); \
	ck_assert_int_eq((r).waves_gpr_limited, gpr_); \
	ck_assert_int_eq((r).waves_lds_limited, lds_); \
	ck_assert_int_eq((r).waves_wg_limited, wg_); \
	ck_assert_int_eq((r).active_waves, act_); \
	ck_assert_double_eq_tol((r).occupancy_pct, pct_, 1e-9); \
} while (0)

/* HD 5870, 256 work-items, 20 GPRs, no LDS:
 *   n = ceil(256/64) = 4; WF' = min(32, 8 * ceil(256/64)) = 32
 *   GPRs: 256/20 = 12 (not above 8*4 = 32), whole work-groups: 12/4*4 = 12
 *   LDS: 32768/1 work-groups, at most 8: 8*4 = 32, at most 32: 32
 *   work-groups: 32/4*4 = 32, at most 8*4 = 32: 32
 *   active: min(12, 32, 32) = 12; occupancy 12/32 = 37.5 % */
START_TEST(worked_gprs_limit)
{
	struct terascale_result r = calc(&vliw64, 256, 20, 0);

	CK_RESULT(r, 4, 32, 12, 32, 32, 12, 37.5);
}
END_TEST

/* AMD's help page: "a workgroup consisting of only 1 wavefront yields only
 * 8 in-flight wavefronts", 2 wavefronts 16.
 * 64 work-items, 8 GPRs, 4096 B of LDS: n = 1
 *   GPRs: 256/8 = 32 > 8*1 = 8, so 8 (not above 32); 8/1*1 = 8
 *   LDS: 32768/4096 = 8 work-groups (at most 8): 8 waves
 *   work-groups: 32/1*1 = 32, at most 8*1 = 8
 *   active 8; 25 %
 * 128 work-items, 10 GPRs, no LDS: n = 2
 *   GPRs: 256/10 = 25 > 16, so 16; 16/2*2 = 16
 *   LDS: 8*2 = 16; work-groups: 32/2*2 = 32, at most 16
 *   active 16; 50 % */
START_TEST(worked_workgroup_limit)
{
	struct terascale_result r = calc(&vliw64, 64, 8, 4096);

	CK_RESULT(r, 1, 32, 8, 8, 8, 8, 25.0);
	r = calc(&vliw64, 128, 10, 0);
	CK_RESULT(r, 2, 32, 16, 16, 16, 16, 50.0);
}
END_TEST

/* 192 work-items, 12 GPRs, 10000 B of LDS: n = 3
 *   GPRs: 256/12 = 21 (not above 24); 21/3*3 = 21
 *   LDS: 32768/10000 = 3 work-groups: 9 waves (not above 32)
 *   work-groups: 32/3*3 = 30, at most 8*3 = 24: 24
 *   active min(21, 9, 24) = 9; occupancy 9/32 = 28.125 % */
START_TEST(worked_lds_limit)
{
	struct terascale_result r = calc(&vliw64, 192, 12, 10000);

	CK_RESULT(r, 3, 32, 21, 9, 24, 9, 28.125);
	ck_assert_int_eq(r.workgroups_lds_limited, 3);
}
END_TEST

/* 256 work-items, 70 GPRs: 256/70 = 3 wavefronts, 3/4*4 = 0: not one
 * work-group; AMD's calculator says 0 %. */
START_TEST(worked_no_workgroup_fits)
{
	struct terascale_result r = calc(&vliw64, 256, 70, 0);

	CK_RESULT(r, 4, 32, 0, 32, 32, 0, 0.0);
}
END_TEST

/* The cut of the slots: a 32-wide part with 64 slots in its table keeps
 * 8 * ceil(256/32) = 64; with 40 slots it keeps 40. 16 work-items, 2 GPRs
 * (G 256): n = 1, GPRs 128 > 8 so 8, LDS 8, work-groups 8: 8 of 64 = 12.5 %,
 * 8 of 40 = 20 %. And a table of 24 slots cuts a 64-wide part to 24:
 * 256 work-items, 4 GPRs: GPRs 64 > 32, so 32, then at most 24: 24;
 * LDS 32 capped to 24; work-groups 24/4*4 = 24: 24 of 24 = 100 %. */
START_TEST(worked_slot_cut)
{
	struct terascale_limits w32 = { 32, 64, 8, 256, 256, 32768 };
	struct terascale_limits small = { 64, 24, 8, 256, 256, 32768 };
	struct terascale_result r = calc(&w32, 16, 2, 0);

	CK_RESULT(r, 1, 64, 8, 8, 8, 8, 12.5);
	w32.max_waves_per_cu = 40;
	r = calc(&w32, 16, 2, 0);
	CK_RESULT(r, 1, 40, 8, 8, 8, 8, 20.0);
	r = calc(&small, 256, 4, 0);
	CK_RESULT(r, 4, 24, 24, 24, 24, 24, 100.0);
}
END_TEST

START_TEST(refused_inputs)
{
	struct terascale_limits hw = vliw64;
	struct terascale_input in = { 0, 10, 0 };
	struct terascale_result r;

	ck_assert(!terascale_occupancy(&hw, &in, &r));
	in.workgroup_size = 64;
	hw.gprs_per_work_item = 0;
	ck_assert(!terascale_occupancy(&hw, &in, &r));
	hw = vliw64;
	hw.lds_per_cu_bytes = 0;
	ck_assert(!terascale_occupancy(&hw, &in, &r));
	hw = vliw64;
	ck_assert(terascale_occupancy(&hw, &in, &r));
}
END_TEST

/* An independent reference: the most whole work-groups k (at most 8) whose
 * wavefronts fit the slots (cut as AMD cuts them), the GPRs and the LDS;
 * the active wavefronts are k * n. */
static int reference_active(const struct terascale_limits *hw, int wg, int gprs, int64_t lds,
			    int *slots)
{
	int s = hw->wave_size, n = (wg + s - 1) / s;
	int cut = hw->max_workgroups_per_cu * ((hw->max_workgroup_size + s - 1) / s);
	int wf = hw->max_waves_per_cu < cut ? hw->max_waves_per_cu : cut;
	int g = gprs > 0 ? gprs : 1;
	int64_t l = lds > 0 ? lds : 1;
	int k;

	for (k = hw->max_workgroups_per_cu; k > 0; k--)
		if (k * n <= wf && k * n <= hw->gprs_per_work_item / g &&
		    k * l <= hw->lds_per_cu_bytes)
			break;
	*slots = wf;
	return k * n;
}

START_TEST(sweep_against_reference)
{
	static const int64_t lds[] = { 0, 1, 256, 1024, 2048, 3000, 4096, 5000, 8192, 10000,
				       12000, 16384, 16385, 20000, 32767, 32768 };
	struct terascale_limits parts[] = {
		vliw64,
		{ 32, 64, 8, 256, 256, 32768 },
		{ 64, 24, 8, 256, 256, 32768 },
		{ 16, 128, 8, 256, 256, 16384 },
	};
	long checked = 0;

	for (size_t p = 0; p < sizeof(parts) / sizeof(parts[0]); p++)
		for (int wg = 1; wg <= 256; wg++)
			for (int g = 0; g <= 130; g++)
				for (size_t i = 0; i < sizeof(lds) / sizeof(lds[0]); i++) {
					struct terascale_result r = calc(&parts[p], wg, g, lds[i]);
					int wf, want = reference_active(&parts[p], wg, g, lds[i], &wf);

					if (r.active_waves != want || r.max_waves_per_cu != wf)
						ck_abort_msg("part %zu wg %d gprs %d lds %lld: %d of %d, "
							     "reference %d of %d", p, wg, g,
							     (long long)lds[i], r.active_waves,
							     r.max_waves_per_cu, want, wf);
					ck_assert_double_eq_tol(r.occupancy_pct, 100.0 * want / wf,
								1e-9);
					checked++;
				}
	ck_assert_int_eq(checked, 4L * 256 * 131 * 16);
}
END_TEST

/* The database's VLIW targets through amd_compute, in amd_result's terms. */
START_TEST(database_targets)
{
	static const char *const targets[] = {
		"cypress", "barts", "cayman", "juniper", "redwood", "turks",
	};

	for (size_t i = 0; i < sizeof(targets) / sizeof(targets[0]); i++) {
		const struct gpu_arch *g = gpu_db_find_target(db, targets[i]);
		struct amd_input in = { 192, 0, 12, 0, 0, 10000 };
		struct amd_result r;

		ck_assert_msg(g != NULL, "%s", targets[i]);
		ck_assert(g->amd.vliw);
		ck_assert_int_eq(g->amd.simds_per_cu, 1);
		amd_compute(&g->amd, &in, &r);
		ck_assert(r.fits);
		ck_assert_int_eq(r.wave_size, 64);
		ck_assert_int_eq(r.waves_per_workgroup, 3);
		ck_assert_int_eq(r.waves_per_simd, 9);
		ck_assert_int_eq(r.max_waves_per_simd, 32);
		ck_assert_int_eq(r.workgroups_per_cu, 3);
		ck_assert_int_eq(r.waves_per_cu, 9);
		ck_assert_uint_eq(r.limiting, 1u << AMD_LDS);
		ck_assert_int_eq(r.workgroup_limit[AMD_VGPRS], 7);
		ck_assert_int_eq(r.workgroup_limit[AMD_WORKGROUPS], 8);
		ck_assert_int_eq(r.workgroup_limit[AMD_SGPRS], AMD_UNLIMITED);
		ck_assert_double_eq_tol(r.occupancy_pct, 28.125, 1e-9);
	}
}
END_TEST

START_TEST(database_misfits)
{
	const struct gpu_arch *g = gpu_db_find_target(db, "cypress");
	struct amd_input in = { 256, 0, 70, 0, 0, 0 };
	struct amd_result r;

	amd_compute(&g->amd, &in, &r);
	ck_assert(!r.fits);
	ck_assert_int_eq(r.misfit, AMD_VGPRS);
	in.vgprs = 20;
	in.workgroup_size = 257;
	amd_compute(&g->amd, &in, &r);
	ck_assert(!r.fits);
	ck_assert_int_eq(r.misfit, AMD_WORKGROUPS);
	in.workgroup_size = 256;
	in.wave_size = 32;
	amd_compute(&g->amd, &in, &r);
	ck_assert(!r.fits);
	ck_assert_int_eq(r.misfit, AMD_WAVES);
	in.wave_size = 0;
	in.sgprs = 16;
	amd_compute(&g->amd, &in, &r);
	ck_assert(!r.fits);
	ck_assert_int_eq(r.misfit, AMD_SGPRS);
	in.sgprs = 0;
	in.lds_bytes = 32769;
	amd_compute(&g->amd, &in, &r);
	ck_assert(!r.fits);
	ck_assert_int_eq(r.misfit, AMD_LDS);
}
END_TEST

/* The named devices and their CU counts. */
START_TEST(devices)
{
	static const struct { const char *q, *target; int cus; } want[] = {
		{ "HD 5870", "cypress", 20 }, { "HD 5850", "cypress", 18 },
		{ "HD 6970", "cayman", 24 }, { "HD 6870", "barts", 14 },
		{ "HD 6850", "barts", 12 }, { "HD 6950", "cayman", 22 },
		{ "HD 5770", "juniper", 10 }, { "HD 5670", "redwood", 5 },
		{ "HD 6670", "turks", 6 }, { "HD 6570", "turks", 6 },
	};

	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		struct occ_error err = { 0 };
		struct gpu g;

		ck_assert_msg(gpu_db_find(db, want[i].q, &g, &err), "%s: %s", want[i].q,
			      err.message);
		ck_assert_str_eq(g.arch.arch, want[i].target);
		ck_assert_int_eq(g.sm_count, want[i].cus);
		ck_assert_int_eq(g.arch.vendor, GPU_AMD);
	}
}
END_TEST


static bool has_step(const struct derivation *d, const char *text)
{
	for (int i = 0; i < d->n; i++)
		if (strstr(d->steps[i], text))
			return true;
	return false;
}

/* The worked example of worked_lds_limit on the HD 5870, derived: every
 * figure as amd_compute() keeps it, in AMD's words. */
START_TEST(derivation_worked_example)
{
	const struct gpu_arch *a = gpu_db_find_target(db, "cypress");
	struct occ_input in = { 192, 12, 10000, 0, LAUNCH_CARVEOUT_DEFAULT, 1, 0, 0, 0, false, 0, 0 };
	struct occ_result r;
	struct derivation d;

	occ_compute(a, &in, &r);
	ck_assert_str_eq(occ_label(&r, OCC_REGISTERS), "GPRs");
	derive_limit(a, &in, &r, OCC_REGISTERS, &d);
	ck_assert_int_eq(d.value, 7);
	ck_assert(has_step(&d, "Waves per CU: floor(256 / 12) = 21"));
	ck_assert(has_step(&d, "Whole workgroups: floor(21 / 3) x 3 = 21"));
	ck_assert_str_eq(d.steps[d.n - 1], "GPRs limit: 21 waves per CU, 7 workgroups per CU");
	derive_limit(a, &in, &r, OCC_SHARED_MEM, &d);
	ck_assert_int_eq(d.value, 3);
	ck_assert(has_step(&d, "Workgroups per CU: floor(32768 / 10000) = 3"));
	ck_assert_str_eq(d.steps[d.n - 1], "LDS limit: 9 waves per CU, 3 workgroups per CU");
	derive_limit(a, &in, &r, OCC_WARPS, &d);
	ck_assert_str_eq(d.steps[d.n - 1], "Wave slots limit: 30 waves per CU, 10 workgroups per CU");
	derive_limit(a, &in, &r, OCC_BLOCKS, &d);
	ck_assert_str_eq(d.steps[d.n - 1], "Workgroups limit: 24 waves per CU, 8 workgroups per CU");
	derive_limit(a, &in, &r, OCC_BARRIERS, &d);
	ck_assert_int_eq(d.value, OCC_UNLIMITED);
	derive_occupancy(a, &in, &r, &d);
	ck_assert_int_eq(d.value, 9);
	ck_assert(has_step(&d, "Occupancy: 9 of 32 waves per CU = 28.1%"));
}
END_TEST

/* Every VLIW target over work-group sizes, GPRs and LDS: each derivation
 * ends on the figure occ_compute() keeps. */
START_TEST(derivation_sweep)
{
	static const int sizes[] = { 1, 63, 64, 65, 128, 192, 256, 257 };
	static const int gprs[] = { 0, 1, 7, 20, 33, 64, 65, 128, 256, 257 };
	static const int64_t lds[] = { 0, 1, 4096, 10000, 16385, 32768, 32769 };
	long n = 0;

	for (size_t i = 0; i < gpu_db_amd_arch_count(db); i++) {
		const struct gpu_arch *a = gpu_db_amd_arch_at(db, i);

		if (!a->amd.vliw)
			continue;
		for (size_t t = 0; t < sizeof(sizes) / sizeof(sizes[0]); t++)
		for (size_t g = 0; g < sizeof(gprs) / sizeof(gprs[0]); g++)
		for (size_t l = 0; l < sizeof(lds) / sizeof(lds[0]); l++) {
			struct occ_input in = { sizes[t], gprs[g], lds[l], 0, LAUNCH_CARVEOUT_DEFAULT, 1,
						0, 0, 0, false, 0, 0 };
			struct occ_result r;
			struct derivation d;

			occ_compute(a, &in, &r);
			for (int f = 0; f < OCC_N_FACTORS; f++) {
				derive_limit(a, &in, &r, (enum occ_factor)f, &d);
				ck_assert_msg(d.n > 0 && d.title[0], "%s %d %d %lld f%d", a->arch,
					      sizes[t], gprs[g], (long long)lds[l], f);
				if (r.amd.fits)
					ck_assert_msg(d.value == r.block_limit[f],
						      "%s %d %d %lld f%d: %lld, occ %d", a->arch,
						      sizes[t], gprs[g], (long long)lds[l], f,
						      (long long)d.value, r.block_limit[f]);
				else if (r.amd.misfit == occ_amd_factor((enum occ_factor)f))
					ck_assert_msg(d.value == 0 && strstr(d.title, "no workgroup fits"),
						      "%s %d %d %lld f%d: %s", a->arch, sizes[t],
						      gprs[g], (long long)lds[l], f, d.title);
			}
			derive_occupancy(a, &in, &r, &d);
			ck_assert_int_eq(d.value, r.active_warps_per_sm);
			n++;
		}
	}
	ck_assert_int_eq(n, 6L * 8 * 10 * 7);
}
END_TEST

static Suite *terascale_suite(void)
{
	Suite *s = suite_create("terascale");
	TCase *t = tcase_create("terascale");

	tcase_add_checked_fixture(t, db_setup, db_teardown);
	tcase_set_timeout(t, 120);
	tcase_add_test(t, worked_gprs_limit);
	tcase_add_test(t, worked_workgroup_limit);
	tcase_add_test(t, worked_lds_limit);
	tcase_add_test(t, worked_no_workgroup_fits);
	tcase_add_test(t, worked_slot_cut);
	tcase_add_test(t, refused_inputs);
	tcase_add_test(t, sweep_against_reference);
	tcase_add_test(t, database_targets);
	tcase_add_test(t, database_misfits);
	tcase_add_test(t, devices);
	tcase_add_test(t, derivation_worked_example);
	tcase_add_test(t, derivation_sweep);
	suite_add_tcase(s, t);
	return s;
}

int main(void)
{
	return run_suite(terascale_suite());
}
