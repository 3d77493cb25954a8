/* test_tuning.c - next step and headroom per limiting factor, and the best block size, against NVIDIA's calculator. */
#include "config.h"

#include <check.h>
#include <stdlib.h>

#include "error.h"
#include "gpu.h"
#include "occupancy.h"
#include "tuning.h"
#include "testutil.h"

static const struct gpu_arch *arch(int major, int minor)
{
	const struct gpu_arch *a = gpu_db_find_arch(db, major, minor);
	ck_assert_ptr_nonnull(a);
	return a;
}

#define DEF LAUNCH_CARVEOUT_DEFAULT

static int warps_with_regs(const struct gpu_arch *a, struct occ_input in, int regs)
{
	struct occ_result r;
	in.regs_per_thread = regs;
	occ_compute(a, &in, &r);
	return r.active_warps_per_sm;
}

static int warps_with_dyn(const struct gpu_arch *a, struct occ_input in, int64_t dyn)
{
	struct occ_result r;
	in.dynamic_smem_bytes = dyn;
	occ_compute(a, &in, &r);
	return r.active_warps_per_sm;
}

/* A100, 256 threads, 41 registers: cuda_occupancy.h (CUDA 13.0) gives 5 blocks at 41,
 * 42 and 48 registers, 6 at 40 and 4 at 49. */
START_TEST(register_step_a100)
{
	const struct gpu_arch *a = arch(8, 0);
	struct occ_input in = { 256, 41, 0, 0, DEF, 1, 0, 0, 0 };
	struct occ_result r;
	struct tuning_step s[OCC_N_FACTORS];

	occ_compute(a, &in, &r);
	ck_assert_int_eq(r.active_blocks_per_sm, 5);
	int n = tuning_steps(a, &in, &r, s);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(s[0].factor, OCC_REGISTERS);
	ck_assert_int_eq(s[0].param, TUNING_REGISTERS);
	ck_assert(s[0].has_gain);
	ck_assert_int_eq(s[0].from, 41);
	ck_assert_int_eq(s[0].to, 40);
	ck_assert_int_eq(s[0].blocks_from, 5);
	ck_assert_int_eq(s[0].blocks_to, 6);
	ck_assert_int_eq(s[0].warps_from, 40);
	ck_assert_int_eq(s[0].warps_to, 48);
	ck_assert(s[0].has_headroom);
	ck_assert_int_eq(s[0].headroom_to, 48);
	/* and by recomputing */
	ck_assert_int_eq(warps_with_regs(a, in, (int)s[0].to), s[0].warps_to);
	ck_assert_int_eq(warps_with_regs(a, in, (int)s[0].headroom_to), 40);
	ck_assert_int_lt(warps_with_regs(a, in, (int)s[0].headroom_to + 1), 40);
}
END_TEST

/* The smallest register reduction is the nearest: check for several launches that no
 * value between from and to gains and every value up to headroom keeps the warps. */
START_TEST(register_steps_recomputed)
{
	static const struct { int ma, mi, threads, regs; } c[] = {
		{ 8, 0, 256, 64 }, { 9, 0, 256, 168 }, { 7, 0, 192, 60 }, { 10, 0, 128, 56 },
		{ 7, 5, 256, 100 }, { 8, 6, 384, 90 }, { 3, 7, 128, 255 }, { 6, 0, 160, 192 },
	};

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		const struct gpu_arch *a = arch(c[i].ma, c[i].mi);
		struct occ_input in = { c[i].threads, c[i].regs, 0, 0, DEF, 1, 0, 0, 0 };
		struct occ_result r;
		struct tuning_step s[OCC_N_FACTORS];
		occ_compute(a, &in, &r);
		ck_assert_msg(occ_is_limiting(&r, OCC_REGISTERS), "case %zu not register-limited", i);
		int n = tuning_steps(a, &in, &r, s);
		int k = -1;
		for (int j = 0; j < n; j++)
			if (s[j].factor == OCC_REGISTERS)
				k = j;
		ck_assert_int_ge(k, 0);
		ck_assert(s[k].has_gain);
		ck_assert_int_lt(s[k].to, s[k].from);
		ck_assert_int_gt(warps_with_regs(a, in, (int)s[k].to), r.active_warps_per_sm);
		for (int64_t v = s[k].to + 1; v < s[k].from; v++)
			ck_assert_int_eq(warps_with_regs(a, in, (int)v), r.active_warps_per_sm);
		for (int64_t v = s[k].from; v <= s[k].headroom_to; v++)
			ck_assert_int_eq(warps_with_regs(a, in, (int)v), r.active_warps_per_sm);
		if (s[k].headroom_to < a->max_regs_per_thread)
			ck_assert_int_ne(warps_with_regs(a, in, (int)s[k].headroom_to + 1),
					 r.active_warps_per_sm);
	}
}
END_TEST

/* A100, 128 threads, 32 registers, 30000 B dynamic: cuda_occupancy.h (CUDA 13.0) gives
 * 5 blocks; 26880 B -> 6 and 26881 B -> 5; 32512 B -> 5 and 32513 B -> 4. */
START_TEST(shared_memory_step_a100)
{
	const struct gpu_arch *a = arch(8, 0);
	struct occ_input in = { 128, 32, 0, 30000, DEF, 1, 0, 0, 0 };
	struct occ_result r;
	struct tuning_step s[OCC_N_FACTORS];

	occ_compute(a, &in, &r);
	ck_assert_int_eq(r.active_blocks_per_sm, 5);
	int n = tuning_steps(a, &in, &r, s);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(s[0].param, TUNING_SHARED_MEM);
	ck_assert(s[0].has_gain);
	ck_assert_int_eq(s[0].from, 30000);
	ck_assert_int_eq(s[0].to, 26880);
	ck_assert_int_eq(s[0].blocks_to, 6);
	ck_assert(s[0].has_headroom);
	ck_assert_int_eq(s[0].headroom_to, 32512);
	ck_assert_int_eq(warps_with_dyn(a, in, 26881), r.active_warps_per_sm);
	ck_assert_int_lt(warps_with_dyn(a, in, 32513), r.active_warps_per_sm);
}
END_TEST

/* The H20 report: registers and shared memory both hold it at 1 block, so neither
 * alone gains (ncu names both limiters). */
START_TEST(two_limiters_no_single_gain)
{
	const struct gpu_arch *a = arch(9, 0);
	struct occ_input in = { 256, 255, 0, 230400, DEF, 1, 0, 0, 0 };
	struct occ_result r;
	struct tuning_step s[OCC_N_FACTORS];

	occ_compute(a, &in, &r);
	int n = tuning_steps(a, &in, &r, s);
	ck_assert_int_eq(n, 2);
	ck_assert_int_eq(s[0].factor, OCC_REGISTERS);
	ck_assert_int_eq(s[1].factor, OCC_SHARED_MEM);
	ck_assert(!s[0].has_gain);
	ck_assert(!s[1].has_gain);
	/* registers are at the maximum: no headroom */
	ck_assert(!s[0].has_headroom);
	/* shared memory may grow to the opt-in maximum (232448) and still fit once */
	ck_assert(s[1].has_headroom);
	ck_assert_int_eq(s[1].headroom_to, 232448);
}
END_TEST

/* Barriers on cc 9.0 (cuda_occupancy.h (CUDA 13.0): 16 barriers -> 4 blocks at 128
 * threads, 5 -> 12, 4 -> 16). */
START_TEST(barrier_step)
{
	const struct gpu_arch *a = arch(9, 0);
	struct occ_input in = { 128, 32, 0, 0, DEF, 16, 0, 0, 0 };
	struct occ_result r;
	struct tuning_step s[OCC_N_FACTORS];

	occ_compute(a, &in, &r);
	ck_assert_int_eq(r.active_blocks_per_sm, 4);
	int n = tuning_steps(a, &in, &r, s);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(s[0].param, TUNING_BARRIERS);
	ck_assert(s[0].has_gain);
	/* the step found must gain, and nothing nearer may */
	struct occ_input t = in;
	t.barriers = (int)s[0].to;
	occ_compute(a, &t, &r);
	ck_assert_int_eq(r.active_blocks_per_sm, s[0].blocks_to);
	ck_assert_int_gt(s[0].blocks_to, 4);
	for (int b = (int)s[0].to + 1; b < 16; b++) {
		t.barriers = b;
		occ_compute(a, &t, &r);
		ck_assert_int_eq(r.active_blocks_per_sm, 4);
	}
}
END_TEST

/* cudaOccMaxPotentialOccupancyBlockSize, cuda_occupancy.h (CUDA 13.0), default carveout. */
START_TEST(best_block_size)
{
	static const struct {
		int ma, mi, sms, regs;
		int64_t dyn;
		int block;
		int64_t grid;
	} c[] = {
		{ 8, 0, 108, 32, 0, 1024, 216 },
		{ 8, 0, 108, 64, 0, 1024, 108 },
		{ 8, 0, 108, 255, 0, 256, 108 },
		{ 9, 0, 132, 80, 0, 768, 132 },
		{ 9, 0, 132, 40, 49152, 768, 264 },
		{ 7, 5, 40, 64, 0, 1024, 40 },
		{ 7, 5, 40, 40, 8192, 1024, 40 },
		{ 8, 6, 82, 72, 0, 896, 82 },
		{ 3, 7, 13, 100, 0, 384, 39 },
		{ 12, 0, 48, 96, 20000, 640, 48 },
		{ 6, 0, 56, 168, 0, 384, 56 },
	};

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		struct occ_input in = { 256, c[i].regs, 0, c[i].dyn, DEF, 1, 0, 0, 0 };
		int block = 0;
		int64_t grid = 0;
		tuning_best_block_size(arch(c[i].ma, c[i].mi), c[i].sms, &in, &block, &grid);
		ck_assert_msg(block == c[i].block && grid == c[i].grid,
			      "case %zu: block %d grid %lld, calculator %d %lld", i, block,
			      (long long)grid, c[i].block, (long long)c[i].grid);
	}
}
END_TEST

START_TEST(param_labels)
{
	ck_assert_str_eq(tuning_param_label(TUNING_BLOCK_SIZE), "block size");
	ck_assert_str_eq(tuning_param_label(TUNING_REGISTERS), "registers");
	ck_assert_str_eq(tuning_param_label(TUNING_SHARED_MEM), "shared memory");
	ck_assert_str_eq(tuning_param_label(TUNING_BARRIERS), "barriers");
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("tuning");
	TCase *tc = tcase_create("tuning");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, register_step_a100);
	tcase_add_test(tc, register_steps_recomputed);
	tcase_add_test(tc, shared_memory_step_a100);
	tcase_add_test(tc, two_limiters_no_single_gain);
	tcase_add_test(tc, barrier_step);
	tcase_add_test(tc, best_block_size);
	tcase_add_test(tc, param_labels);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(suite());
}
