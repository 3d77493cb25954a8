/* test_sweep.c - the three occupancy curves: point counts, the current point, monotonic curves, calculator points. */
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
	struct occ_input in = { 256, 32, 0, 0, DEF, 1 };

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
	struct occ_input in = { 256, 38, 0, 0, DEF, 1 };
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
		else
			ck_assert_int_eq(s.current_x, 0);
		ck_assert_int_eq(at(&s, s.current_x)->active_warps, s.current_warps);
		sweep_done(&s);
	}
}
END_TEST

/* Points checked against cuda_occupancy.h (CUDA 13.0). */
START_TEST(calculator_points)
{
	struct sweep s;
	struct occ_input in = { 256, 41, 0, 0, DEF, 1 };

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
	in = (struct occ_input){ 128, 32, 0, 30000, DEF, 1 };
	ck_assert(sweep_compute(arch(8, 0), &in, SWEEP_SHARED_MEM, &s));
	ck_assert_int_eq(at(&s, 26880)->active_blocks, 6);
	ck_assert_int_eq(at(&s, 32512)->active_blocks, 5);
	ck_assert_int_eq(at(&s, 32768)->active_blocks, 4);
	ck_assert_int_eq(s.current_x, 30000);
	sweep_done(&s);

	/* cc 7.5, 32 registers: 512 threads -> 2 blocks (32 warps) */
	in = (struct occ_input){ 256, 32, 0, 0, DEF, 1 };
	ck_assert(sweep_compute(arch(7, 5), &in, SWEEP_BLOCK_SIZE, &s));
	ck_assert_int_eq(at(&s, 512)->active_blocks, 2);
	ck_assert_int_eq(at(&s, 512)->active_warps, 32);
	sweep_done(&s);

	/* The H20 report: static 0 + dynamic 230400 kept while registers vary: at 255
	 * registers 1 block (ncu) */
	in = (struct occ_input){ 256, 255, 0, 230400, DEF, 1 };
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
			struct occ_input in = { threads[t], 32, st[m], 0, DEF, 1 };
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

START_TEST(axis_labels)
{
	ck_assert_str_eq(sweep_axis_label(SWEEP_BLOCK_SIZE), "threads per block");
	ck_assert_str_eq(sweep_axis_label(SWEEP_REGISTERS), "registers per thread");
	ck_assert_str_eq(sweep_axis_label(SWEEP_SHARED_MEM), "shared memory per block (bytes)");
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
	tcase_add_test(tc, axis_labels);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(suite());
}
