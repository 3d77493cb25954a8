/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_sweep.c - the occupancy curves: point counts, the current point, monotonic
 * curves, calculator points, the barrier curve of cc 9.0. */
#include "config.h"

#include <check.h>
#include <stdlib.h>

#include "error.h"
#include "gpu.h"
#include "occupancy.h"
#include "sweep.h"
#include "testutil.h"

static const struct gpu_arch *arch(int major, int minor)
{
	const struct gpu_arch *a = gpu_db_find_arch(db, major, minor);
	ck_assert_ptr_nonnull(a);
	return a;
}

#define DEF LAUNCH_CARVEOUT_DEFAULT

static const struct sweep_point *at(const struct sweep *s, int64_t x)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->points[i].x == x)
			return &s->points[i];
	ck_abort_msg("no sweep point at %lld", (long long)x);
	return NULL;
}

/* Point counts on every architecture: block size max_threads/warp points, registers
 * max + 1 (0 included), shared memory opt-in / unit + 1 (0 included). */
START_TEST(point_counts)
{
	struct occ_input in = { 256, 32, 0, 0, DEF, 1, 0, 0, 0, false, 0, 0 };

	for (size_t i = 0; i < gpu_db_arch_count(db); i++) {
		const struct gpu_arch *a = gpu_db_arch_at(db, i);
		struct sweep s;

		ck_assert(sweep_compute(a, &in, SWEEP_BLOCK_SIZE, &s));
		ck_assert_uint_eq(s.n, (size_t)(a->max_threads_per_block / a->warp_size));
		ck_assert_int_eq(s.points[0].x, a->warp_size);
		ck_assert_int_eq(s.points[s.n - 1].x, a->max_threads_per_block);
		ck_assert_int_eq(s.max_warps, a->max_warps_per_sm);
		sweep_done(&s);

		ck_assert(sweep_compute(a, &in, SWEEP_REGISTERS, &s));
		ck_assert_uint_eq(s.n, (size_t)a->max_regs_per_thread + 1);
		ck_assert_int_eq(s.points[0].x, 0);
		sweep_done(&s);

		ck_assert(sweep_compute(a, &in, SWEEP_SHARED_MEM, &s));
		ck_assert_uint_eq(s.n, (size_t)(a->smem_per_block_optin_bytes / a->smem_alloc_unit_bytes) + 1);
		ck_assert_int_eq(s.points[0].x, 0);
		sweep_done(&s);
		ck_assert_ptr_null(s.points);

		ck_assert(sweep_compute(a, &in, SWEEP_BARRIERS, &s));
		ck_assert_uint_eq(s.n, SWEEP_MAX_BARRIERS + 1);
		ck_assert_int_eq(s.points[0].x, 0);
		ck_assert_int_eq(s.points[s.n - 1].x, 16);
		sweep_done(&s);
	}
	/* concrete: cc 8.0 (archs.csv: 1024 threads, 255 registers, 166912 B opt-in, 128 B
	 * unit) -> 32, 256 and 1305 points */
	struct sweep s;
	ck_assert(sweep_compute(arch(8, 0), &in, SWEEP_SHARED_MEM, &s));
	ck_assert_uint_eq(s.n, 1305);
	sweep_done(&s);
}
END_TEST

START_TEST(current_point)
{
	/* ncu/opinsight_a100... adaptive_average_pool: 256 threads, 38 registers -> 48 warps */
	struct occ_input in = { 256, 38, 0, 0, DEF, 1, 0, 0, 0, false, 0, 0 };
	const struct gpu_arch *a = arch(8, 0);

	for (int k = 0; k < SWEEP_N_KINDS; k++) {
		struct sweep s;
		ck_assert(sweep_compute(a, &in, (enum sweep_kind)k, &s));
		ck_assert_int_eq(s.current_warps, 48);
		ck_assert_int_eq(s.kind, k);
		if (k == SWEEP_BLOCK_SIZE)
			ck_assert_int_eq(s.current_x, 256);
		else if (k == SWEEP_REGISTERS)
			ck_assert_int_eq(s.current_x, 38);
		else if (k == SWEEP_BARRIERS)
			ck_assert_int_eq(s.current_x, 1);
		else
			ck_assert_int_eq(s.current_x, 0);
		ck_assert_int_eq(at(&s, s.current_x)->active_warps, s.current_warps);
		ck_assert_uint_eq(at(&s, s.current_x)->limiting, s.current_limiting);
		sweep_done(&s);
	}
}
END_TEST

/* Points checked against cuda_occupancy.h (CUDA 13.0). */
START_TEST(calculator_points)
{
	struct sweep s;
	struct occ_input in = { 256, 41, 0, 0, DEF, 1, 0, 0, 0, false, 0, 0 };

	/* cc 8.0, 256 threads: 40 registers -> 6 blocks, 41 -> 5, 48 -> 5, 49 -> 4 */
	ck_assert(sweep_compute(arch(8, 0), &in, SWEEP_REGISTERS, &s));
	ck_assert_int_eq(at(&s, 40)->active_warps, 48);
	ck_assert_int_eq(at(&s, 41)->active_warps, 40);
	ck_assert_int_eq(at(&s, 48)->active_warps, 40);
	ck_assert_int_eq(at(&s, 49)->active_warps, 32);
	ck_assert_int_eq(at(&s, 41)->active_blocks, 5);
	ck_assert_uint_eq(at(&s, 41)->limiting, 1u << OCC_REGISTERS);
	sweep_done(&s);

	/* cc 8.0, 128 threads, 32 registers: 26880 B -> 6 blocks, 32512 B -> 5, 32768 -> 4 */
	in = (struct occ_input){ 128, 32, 0, 30000, DEF, 1, 0, 0, 0, false, 0, 0 };
	ck_assert(sweep_compute(arch(8, 0), &in, SWEEP_SHARED_MEM, &s));
	ck_assert_int_eq(at(&s, 26880)->active_blocks, 6);
	ck_assert_int_eq(at(&s, 32512)->active_blocks, 5);
	ck_assert_int_eq(at(&s, 32768)->active_blocks, 4);
	ck_assert_int_eq(s.current_x, 30000);
	sweep_done(&s);

	/* cc 7.5, 32 registers: 512 threads -> 2 blocks (32 warps) */
	in = (struct occ_input){ 256, 32, 0, 0, DEF, 1, 0, 0, 0, false, 0, 0 };
	ck_assert(sweep_compute(arch(7, 5), &in, SWEEP_BLOCK_SIZE, &s));
	ck_assert_int_eq(at(&s, 512)->active_blocks, 2);
	ck_assert_int_eq(at(&s, 512)->active_warps, 32);
	sweep_done(&s);

	/* The H20 report: static 0 + dynamic 230400 kept while registers vary: at 255
	 * registers 1 block (ncu) */
	in = (struct occ_input){ 256, 255, 0, 230400, DEF, 1, 0, 0, 0, false, 0, 0 };
	ck_assert(sweep_compute(arch(9, 0), &in, SWEEP_REGISTERS, &s));
	ck_assert_int_eq(at(&s, 255)->active_blocks, 1);
	ck_assert_int_eq(s.current_warps, 8);
	sweep_done(&s);
}
END_TEST

/* More registers or more shared memory never raise occupancy. */
START_TEST(monotonic)
{
	static const int threads[] = { 32, 96, 128, 256, 640, 1024 };
	static const int64_t st[] = { 0, 4096, 49152 };

	for (size_t i = 0; i < gpu_db_arch_count(db); i++) {
		const struct gpu_arch *a = gpu_db_arch_at(db, i);
		for (size_t t = 0; t < sizeof(threads) / sizeof(threads[0]); t++)
		for (size_t m = 0; m < sizeof(st) / sizeof(st[0]); m++) {
			struct occ_input in = { threads[t], 32, st[m], 0, DEF, 1, 0, 0, 0, false, 0, 0 };
			struct sweep s;
			if (st[m] > a->smem_per_block_bytes)
				continue;
			ck_assert(sweep_compute(a, &in, SWEEP_REGISTERS, &s));
			for (size_t k = 1; k < s.n; k++)
				ck_assert_msg(s.points[k].active_warps <= s.points[k - 1].active_warps,
					      "cc %d.%d, %d threads: registers %lld -> %lld raise warps",
					      a->cc_major, a->cc_minor, threads[t],
					      (long long)s.points[k - 1].x, (long long)s.points[k].x);
			sweep_done(&s);
			ck_assert(sweep_compute(a, &in, SWEEP_SHARED_MEM, &s));
			for (size_t k = 1; k < s.n; k++)
				ck_assert_msg(s.points[k].active_warps <= s.points[k - 1].active_warps,
					      "cc %d.%d, %d threads: shared memory %lld -> %lld raise warps",
					      a->cc_major, a->cc_minor, threads[t],
					      (long long)s.points[k - 1].x, (long long)s.points[k].x);
			sweep_done(&s);
		}
	}
}
END_TEST

/* The barrier curve on H100 (cc 9.0, 64 barriers per SM) is occ_compute with
 * that barrier count, point by point; the engine matches cuda_occupancy.h
 * (tests/oracle_cuda), whose cc 9.0 barrier limit is 2 x 32 blocks = 64. */
START_TEST(barrier_points)
{
	static const struct occ_input launches[] = {
		{ 256, 32, 0, 0, DEF, 1, 0, 0, 0, false, 0, 0 }, { 128, 64, 0, 16384, DEF, 2, 0, 0, 0, false, 0, 0 }, { 32, 16, 0, 0, DEF, 0, 0, 0, 0, false, 0, 0 },
		{ 1024, 64, 4096, 0, DEF, 16, 0, 0, 0, false, 0, 0 },
	};
	const struct gpu_arch *a = arch(9, 0);
	struct occ_result r;
	struct sweep s;

	for (size_t i = 0; i < sizeof(launches) / sizeof(launches[0]); i++) {
		ck_assert(sweep_compute(a, &launches[i], SWEEP_BARRIERS, &s));
		for (size_t k = 0; k < s.n; k++) {
			struct occ_input t = launches[i];
			t.barriers = (int)k;
			occ_compute(a, &t, &r);
			ck_assert_int_eq(s.points[k].x, (int64_t)k);
			ck_assert_int_eq(s.points[k].active_warps, r.active_warps_per_sm);
			ck_assert_int_eq(s.points[k].active_blocks, r.active_blocks_per_sm);
			ck_assert_uint_eq(s.points[k].limiting, r.limiting);
		}
		ck_assert_int_eq(s.current_x, launches[i].barriers);
		sweep_done(&s);
	}

	/* 256 threads, 32 registers: warps and registers allow 8 blocks (64 warps).
	 * 8 barriers: 64 / 8 = 8 blocks, a tie; 9: 64 / 9 = 7 blocks (56 warps),
	 * barriers alone; 16: 64 / 16 = 4 blocks (32 warps); 0: no barrier limit. */
	ck_assert(sweep_compute(a, &launches[0], SWEEP_BARRIERS, &s));
	ck_assert_int_eq(at(&s, 0)->active_warps, 64);
	ck_assert(!(at(&s, 0)->limiting & 1u << OCC_BARRIERS));
	ck_assert_int_eq(at(&s, 8)->active_blocks, 8);
	ck_assert(at(&s, 8)->limiting & 1u << OCC_BARRIERS);
	ck_assert_int_eq(at(&s, 9)->active_blocks, 7);
	ck_assert_int_eq(at(&s, 9)->active_warps, 56);
	ck_assert_uint_eq(at(&s, 9)->limiting, 1u << OCC_BARRIERS);
	ck_assert_int_eq(at(&s, 16)->active_warps, 32);
	sweep_done(&s);

	/* Before cc 9.0 barriers never limit (barriers_per_sm 0): T4 (cc 7.5, 32
	 * warps per SM) holds 4 blocks of 8 warps at any count. */
	ck_assert(sweep_compute(arch(7, 5), &launches[0], SWEEP_BARRIERS, &s));
	for (size_t k = 0; k < s.n; k++) {
		ck_assert_int_eq(s.points[k].active_warps, 32);
		ck_assert(!(s.points[k].limiting & 1u << OCC_BARRIERS));
	}
	sweep_done(&s);
}
END_TEST

/* Every point of every curve is occ_compute's at that value (the level in
 * waves per CU or WGP on AMD), though sweep_compute evaluates once per step of
 * the curve, and so is the launch's own point; and the summary is the
 * points': ends, whether the level ever rises, the capped points' limiting
 * factors. NVIDIA and AMD architectures,
 * launches with static shared memory, carveouts and no room at all. */
START_TEST(points_are_occ_compute)
{
	static const struct occ_input nv[] = {
		{ 256, 32, 0, 0, DEF, 1, 0, 0, 0, false, 0, 0 }, { 96, 40, 8192, 30000, 25, 3, 0, 0, 0, false, 0, 0 },
		{ 1024, 255, 0, 0, DEF, 1, 0, 0, 0, false, 0, 0 }, { 64, 0, 100, 0, 0, 16, 0, 0, 0, false, 0, 0 },
		/* Kepler's L1/shared preference (ignored where there is none) */
		{ 256, 32, 0, 0, DEF, 1, 0, 0, 0, false, 0, LAUNCH_CACHE_L1 },
		{ 96, 40, 8192, 0, DEF, 1, 0, 0, 0, false, 0, LAUNCH_CACHE_EQUAL },
	};
	static const struct occ_input amd[] = {
		{ 256, 128, 20480, 0, DEF, 0, 0, 0, 96, false, 0, 0 }, { 64, 0, 0, 0, DEF, 0, 32, 0, 0, false, 0, 0 },
		{ 512, 96, 1000, 3000, DEF, 0, 64, 64, 48, false, 0, 0 },
	};

	for (int vendor = 0; vendor < 2; vendor++)
	for (size_t i = 0; i < (vendor ? gpu_db_amd_arch_count(db) : gpu_db_arch_count(db)); i++) {
		const struct gpu_arch *a = vendor ? gpu_db_amd_arch_at(db, i) : gpu_db_arch_at(db, i);
		const struct occ_input *launches = vendor ? amd : nv;
		size_t n = vendor ? sizeof(amd) / sizeof(amd[0]) : sizeof(nv) / sizeof(nv[0]);

		for (size_t l = 0; l < n; l++)
		for (int k = 0; k < SWEEP_N_KINDS; k++) {
			struct sweep s;
			unsigned capped = 0;
			bool falling = true;

			ck_assert(sweep_compute(a, &launches[l], (enum sweep_kind)k, &s));
			ck_assert_int_eq(s.columns, 0);
			ck_assert_int_eq(s.first_x, s.points[0].x);
			ck_assert_int_eq(s.last_x, s.points[s.n - 1].x);
			for (size_t j = 0; j < s.n; j++) {
				const struct sweep_point *p = &s.points[j];
				struct occ_input t = launches[l];
				struct occ_result r;
				int lvl;
				occ_param_set(&t, (enum occ_param)k, p->x);
				occ_compute(a, &t, &r);
				/* AMD's level is the headline's, waves per CU (WGP);
				 * a VLIW CU's are its one SIMD engine's */
				lvl = vendor && a->amd.vliw ? (r.amd.fits ? r.amd.waves_per_simd : 0)
					: r.active_warps_per_sm;
				if (p->active_warps != lvl || p->active_blocks != r.active_blocks_per_sm ||
				    p->limiting != r.limiting ||
				    (j > 0 && p->x - s.points[j - 1].x != s.points[1].x - s.points[0].x))
					ck_abort_msg("%s launch %zu %s at %lld: %d %d %#x, occ_compute %d %d %#x",
						     a->arch, l, sweep_axis_label((enum sweep_kind)k),
						     (long long)p->x, p->active_warps, p->active_blocks, p->limiting,
						     lvl, r.active_blocks_per_sm, r.limiting);
				if (sweep_point_capped(&s, p))
					capped |= p->limiting;
				if (j > 0 && p->active_warps > s.points[j - 1].active_warps)
					falling = false;
			}
			ck_assert_uint_eq(s.capped_limiting, capped);
			ck_assert_int_eq(s.non_increasing, falling);
			{
				struct occ_result r;
				occ_compute(a, &launches[l], &r);
				ck_assert_int_eq(s.current_warps, vendor && a->amd.vliw
						 ? (r.amd.fits ? r.amd.waves_per_simd : 0)
						 : r.active_warps_per_sm);
				ck_assert_int_eq(s.max_warps, vendor && a->amd.vliw ?
						 a->amd.max_waves_per_simd : a->max_warps_per_sm);
				ck_assert_uint_eq(s.current_limiting, r.limiting);
			}
			sweep_done(&s);
		}
	}
}
END_TEST

/* The registers curve's cliffs, each the last value before the level drops:
 * cc 9.0, 256-thread blocks (8 warps), 65,536 registers per SM allocated per
 * warp in units of 256 (cuda_occupancy.h's register granularity): 32 registers
 * take 1,024 a warp, 8 blocks; 33 round up to 1,280, 6 blocks; then 40 -> 6,
 * 48 -> 5, 64 -> 4, 80 -> 3, 128 -> 2, 255 -> 1. Every drop of the whole curve
 * is one, and a plot's columns keep them; the block size's zigzag has none. */
START_TEST(cliffs)
{
	static const int64_t want[] = { 32, 40, 48, 64, 80, 128 };
	struct occ_input in = { 256, 32, 0, 0, DEF, 1, 0, 0, 0, false, 0, 0 };
	struct sweep s;

	ck_assert(sweep_compute(arch(9, 0), &in, SWEEP_REGISTERS, &s));
	ck_assert_int_eq(s.n_cliffs, 6);
	for (int i = 0; i < 6; i++) {
		ck_assert_int_eq(s.cliffs[i], want[i]);
		ck_assert_int_gt(at(&s, want[i])->active_warps, at(&s, want[i] + 1)->active_warps);
	}
	sweep_done(&s);
	ck_assert(sweep_compute_columns(arch(9, 0), &in, SWEEP_REGISTERS, 40, &s));
	ck_assert_int_eq(s.n_cliffs, 6);
	ck_assert_int_eq(s.cliffs[5], 128);
	sweep_done(&s);
	ck_assert(sweep_compute(arch(9, 0), &in, SWEEP_BLOCK_SIZE, &s));
	ck_assert(!s.non_increasing);
	ck_assert_int_eq(s.n_cliffs, 0);
	sweep_done(&s);
}
END_TEST

START_TEST(axis_labels)
{
	ck_assert_str_eq(sweep_axis_label(SWEEP_BLOCK_SIZE), "threads per block");
	ck_assert_str_eq(sweep_axis_label(SWEEP_REGISTERS), "registers per thread");
	ck_assert_str_eq(sweep_axis_label(SWEEP_SHARED_MEM), "shared memory per block (bytes)");
	ck_assert_str_eq(sweep_axis_label(SWEEP_BARRIERS), "barriers per block");
	ck_assert_int_eq(sweep_factor(SWEEP_BLOCK_SIZE), OCC_WARPS);
	ck_assert_int_eq(sweep_factor(SWEEP_REGISTERS), OCC_REGISTERS);
	ck_assert_int_eq(sweep_factor(SWEEP_SHARED_MEM), OCC_SHARED_MEM);
	ck_assert_int_eq(sweep_factor(SWEEP_BARRIERS), OCC_BARRIERS);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("sweep");
	TCase *tc = tcase_create("sweep");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, point_counts);
	tcase_add_test(tc, current_point);
	tcase_add_test(tc, calculator_points);
	tcase_add_test(tc, monotonic);
	tcase_add_test(tc, cliffs);
	tcase_add_test(tc, barrier_points);
	tcase_add_test(tc, axis_labels);
	tcase_add_test(tc, points_are_occ_compute);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(suite());
}
