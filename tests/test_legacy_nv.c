/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_legacy_nv.c - Tesla (cc 1.x) and Fermi (cc 2.x) occupancy against
 * NVIDIA's CUDA Occupancy Calculator spreadsheet: worked examples written out
 * from its formulas, and the formulas themselves restated here (from the
 * spreadsheet's "Calculator" sheet as its public ports quote it, not from
 * occupancy.c) and swept over block sizes, registers and shared memory. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <string.h>

#include "gpu.h"
#include "occupancy.h"
#include "testutil.h"

#define DEF LAUNCH_CARVEOUT_DEFAULT
#define BIT(f) (1u << (f))

static const struct gpu_arch *arch(int major, int minor)
{
	const struct gpu_arch *a = gpu_db_find_arch(db, major, minor);
	ck_assert_msg(a != NULL, "no arch %d.%d", major, minor);
	return a;
}

static struct occ_result run(int major, int minor, int threads, int regs, int64_t smem)
{
	struct occ_input in = { threads, regs, smem, 0, DEF, 0, 0, 0, 0, false, 0, 0 };
	struct occ_result r;

	occ_compute(arch(major, minor), &in, &r);
	return r;
}

/* ---- the spreadsheet's "GPU Data", one column per compute capability ---- */

struct sheet_gpu {
	int major, minor;
	int warps_per_sm, blocks_per_sm, regs_per_sm, reg_unit;
	int per_block;            /* register allocation granularity: 1 block, 0 warp */
	int max_regs, smem_per_sm, smem_unit, warp_granularity, max_block;
};

static const struct sheet_gpu sheet_gpus[] = {
	{ 1, 0, 24, 8, 8192, 256, 1, 124, 16384, 512, 2, 512 },
	{ 1, 1, 24, 8, 8192, 256, 1, 124, 16384, 512, 2, 512 },
	{ 1, 2, 32, 8, 16384, 512, 1, 124, 16384, 512, 2, 512 },
	{ 1, 3, 32, 8, 16384, 512, 1, 124, 16384, 512, 2, 512 },
	{ 2, 0, 48, 8, 32768, 64, 0, 63, 49152, 128, 2, 1024 },
	{ 2, 1, 48, 8, 32768, 64, 0, 63, 49152, 128, 2, 1024 },
};

static int ceil_to(int x, int unit)
{
	return (x + unit - 1) / unit * unit;
}

static int floor_to(int x, int unit)
{
	return x / unit * unit;
}

static int min2(int a, int b)
{
	return a < b ? a : b;
}

/* The register unit per warp on cc 2.x: 64, but 128 for the counts the
 * CUDA 7.0 cuda_occupancy.h lists (cudaOccRegAllocationGranularity). */
static int sheet_reg_unit(const struct sheet_gpu *g, int regs)
{
	static const int wide[] = { 21, 22, 29, 30, 37, 38, 45, 46 };

	if (!g->per_block)
		for (size_t i = 0; i < sizeof(wide) / sizeof(wide[0]); i++)
			if (regs == wide[i])
				return 128;
	return g->reg_unit;
}

/* The spreadsheet's three block limits (each already capped at the blocks
 * per SM, as its "Limited by ..." rows are) and the active blocks, as the
 * spreadsheet's port herberteuler/cuda-calculator (calculator.coffee) has its
 * formulas; Fermi's wide register unit is CUDA 7.0's cuda_occupancy.h's:
 *   warps per block  = CEILING(threads / 32)
 *   by warps         = MIN(blocks per SM, FLOOR(warps per SM / warps per block))
 *   registers, block granularity (1.x):
 *     per block      = CEILING(CEILING(warps per block, warp granularity) x regs x 32, unit)
 *     by registers   = FLOOR(registers per SM / per block)
 *   registers, warp granularity (2.x):
 *     per warp       = CEILING(regs x 32, unit)
 *     warps by regs  = FLOOR(FLOOR(registers per SM / per warp), warp granularity)
 *     by registers   = FLOOR(warps by regs / warps per block)
 *   registers above the maximum per thread: 0; no registers: blocks per SM
 *   by shared memory = FLOOR(shared per SM / CEILING(shared per block, unit)),
 *                      no shared memory: blocks per SM */
struct sheet_result {
	int by_warps, by_regs, by_smem, active;
};

static struct sheet_result sheet(const struct sheet_gpu *g, int threads, int regs, int smem)
{
	struct sheet_result s;
	int wpb = (threads + 31) / 32;

	s.by_warps = min2(g->blocks_per_sm, g->warps_per_sm / wpb);
	if (regs > g->max_regs)
		s.by_regs = 0;
	else if (regs == 0)
		s.by_regs = g->blocks_per_sm;
	else if (g->per_block)
		s.by_regs = g->regs_per_sm /
			ceil_to(ceil_to(wpb, g->warp_granularity) * regs * 32, g->reg_unit);
	else
		s.by_regs = floor_to(g->regs_per_sm / ceil_to(regs * 32, sheet_reg_unit(g, regs)),
				     g->warp_granularity) / wpb;
	s.by_regs = min2(s.by_regs, g->blocks_per_sm);
	s.by_smem = smem > 0 ? min2(g->blocks_per_sm, g->smem_per_sm / ceil_to(smem, g->smem_unit))
		: g->blocks_per_sm;
	s.active = min2(s.by_warps, min2(s.by_regs, s.by_smem));
	return s;
}

static int capped(int limit, int blocks)
{
	return limit == OCC_UNLIMITED || limit > blocks ? blocks : limit;
}

/* ---- worked examples, each from the formulas above by hand ---- */

/* cc 1.3, 256 threads, 20 registers, no shared memory:
 * warps per block 256/32 = 8 (already a multiple of 2);
 * registers per block 8 x 20 x 32 = 5120, a multiple of 512: 5120;
 * by registers floor(16384 / 5120) = 3; by warps min(8, 32/8 = 4) = 4;
 * 3 blocks x 8 warps = 24 of 32 warps: 75 %, registers limit. */
START_TEST(cc13_256_threads_20_registers)
{
	struct occ_result r = run(1, 3, 256, 20, 0);

	ck_assert_int_eq(r.allocated_regs_per_block, 5120);
	ck_assert_int_eq(r.block_limit[OCC_REGISTERS], 3);
	ck_assert_int_eq(r.block_limit[OCC_WARPS], 4);
	ck_assert_int_eq(r.active_blocks_per_sm, 3);
	ck_assert_int_eq(r.active_warps_per_sm, 24);
	ck_assert_double_eq_tol(r.theoretical_occupancy_pct, 75.0, 1e-9);
	ck_assert_uint_eq(r.limiting, BIT(OCC_REGISTERS));
}
END_TEST

/* cc 1.0, 96 threads, 10 registers, 2000 B of shared memory:
 * warps per block 3, rounded up to 2's multiple: 4;
 * registers per block 4 x 10 x 32 = 1280, a multiple of 256: 1280;
 * by registers floor(8192 / 1280) = 6 (the unrounded 3 warps would give 8);
 * by warps min(8, 24/3 = 8) = 8; shared memory 2000 -> 2048 (unit 512),
 * floor(16384 / 2048) = 8; 6 blocks x 3 warps = 18 of 24: 75 %. */
START_TEST(cc10_odd_warps_round_to_two)
{
	struct occ_result r = run(1, 0, 96, 10, 2000);

	ck_assert_int_eq(r.warps_per_block, 3);
	ck_assert_int_eq(r.allocated_regs_per_block, 1280);
	ck_assert_int_eq(r.block_limit[OCC_REGISTERS], 6);
	ck_assert_int_eq(r.block_limit[OCC_WARPS], 8);
	ck_assert_int_eq(r.allocated_smem_per_block, 2048);
	ck_assert_int_eq(r.block_limit[OCC_SHARED_MEM], 8);
	ck_assert_int_eq(r.active_warps_per_sm, 18);
	ck_assert_double_eq_tol(r.theoretical_occupancy_pct, 75.0, 1e-9);
}
END_TEST

/* cc 1.1, 384 threads, 11 registers: 12 warps; 12 x 11 x 32 = 4224,
 * rounded to 256: 4352; floor(8192 / 4352) = 1; by warps 24/12 = 2;
 * 1 block, 12 of 24 warps: 50 %. With 13 registers, 12 x 13 x 32 = 4992 ->
 * 5120 and still 1 block; with 10, 3840 -> 3840 and floor(8192/3840) = 2. */
START_TEST(cc11_block_unit_256)
{
	struct occ_result r = run(1, 1, 384, 11, 0);

	ck_assert_int_eq(r.allocated_regs_per_block, 4352);
	ck_assert_int_eq(r.block_limit[OCC_REGISTERS], 1);
	ck_assert_double_eq_tol(r.theoretical_occupancy_pct, 50.0, 1e-9);
	r = run(1, 1, 384, 13, 0);
	ck_assert_int_eq(r.allocated_regs_per_block, 5120);
	ck_assert_int_eq(r.active_blocks_per_sm, 1);
	r = run(1, 1, 384, 10, 0);
	ck_assert_int_eq(r.allocated_regs_per_block, 3840);
	ck_assert_int_eq(r.active_blocks_per_sm, 2);
	ck_assert_double_eq_tol(r.theoretical_occupancy_pct, 100.0, 1e-9);
}
END_TEST

/* cc 1.2, 160 threads, 8 registers: 5 warps, rounded to 6 for registers:
 * 6 x 8 x 32 = 1536 (a multiple of 512), floor(16384 / 1536) = 10; by
 * warps the spreadsheet divides the unrounded 5: min(8, floor(32/5) = 6) = 6;
 * 6 blocks x 5 warps = 30 of 32: 93.75 %. (CUDA 7.0's cuda_occupancy.h
 * divides by the rounded 6 here, 32/6 = 5 blocks: occview follows the
 * spreadsheet, and the manual says so.) */
START_TEST(cc12_warps_limit_unrounded)
{
	struct occ_result r = run(1, 2, 160, 8, 0);

	ck_assert_int_eq(r.allocated_regs_per_block, 1536);
	ck_assert_int_eq(r.block_limit[OCC_REGISTERS], 10);
	ck_assert_int_eq(r.block_limit[OCC_WARPS], 6);
	ck_assert_int_eq(r.active_warps_per_sm, 30);
	ck_assert_double_eq_tol(r.theoretical_occupancy_pct, 93.75, 1e-9);
	ck_assert_uint_eq(r.limiting, BIT(OCC_WARPS));
}
END_TEST

/* cc 1.x registers: 124 per thread fit a 32-thread block on cc 1.3
 * (2 warps x 124 x 32 = 7936 -> 8192, floor(16384/8192) = 2 blocks);
 * 125 do not (more than the 124 a thread may have); and a block whose
 * registers exceed the file does not fit: 512 threads x 20 on cc 1.0,
 * 16 x 20 x 32 = 10240 > 8192. */
START_TEST(cc1x_register_bounds)
{
	struct occ_result r = run(1, 3, 32, 124, 0);

	ck_assert_int_eq(r.allocated_regs_per_block, 8192);
	ck_assert_int_eq(r.active_blocks_per_sm, 2);
	r = run(1, 3, 32, 125, 0);
	ck_assert_int_eq(r.active_blocks_per_sm, 0);
	ck_assert_int_eq(r.misfit, OCC_MISFIT_REGISTERS);
	r = run(1, 0, 512, 20, 0);
	ck_assert_int_eq(r.allocated_regs_per_block, 10240);
	ck_assert_int_eq(r.active_blocks_per_sm, 0);
	ck_assert_int_eq(r.misfit, OCC_MISFIT_REGISTERS);
	/* More threads than a 1.x block may have. */
	r = run(1, 3, 544, 1, 0);
	ck_assert_int_eq(r.misfit, OCC_MISFIT_THREADS);
}
END_TEST

/* cc 2.0, 192 threads, 21 registers, 6000 B: 6 warps; per warp 21 x 32 =
 * 672, rounded to 128 (21 is one of the wide counts): 768; warps the
 * file holds floor(32768 / 768) = 42, a multiple of 2: 42; 42/6 = 7 blocks;
 * shared 6000 -> 6016 (unit 128), floor(49152 / 6016) = 8; by warps
 * min(8, 48/6 = 8) = 8; 7 blocks x 6 = 42 of 48 warps: 87.5 %. */
START_TEST(cc20_192_threads_21_registers)
{
	struct occ_result r = run(2, 0, 192, 21, 6000);

	ck_assert_int_eq(r.regs_per_warp_allocated, 768);
	ck_assert_int_eq(r.block_limit[OCC_REGISTERS], 7);
	ck_assert_int_eq(r.allocated_smem_per_block, 6016);
	ck_assert_int_eq(r.block_limit[OCC_SHARED_MEM], 8);
	ck_assert_int_eq(r.active_warps_per_sm, 42);
	ck_assert_double_eq_tol(r.theoretical_occupancy_pct, 87.5, 1e-9);
}
END_TEST

/* The 128-register unit decides: cc 2.1, 288 threads (9 warps), 21
 * registers: 768 per warp, floor(32768/768) = 42 warps, 42/9 = 4 blocks,
 * 36 of 48 warps (75 %); in the 64 unit (704 per warp, 46 warps, 46/9 = 5)
 * it would be 5 blocks. 20 registers are in the 64 unit: 640, 51 -> 50
 * warps, 50/9 = 5, and by warps 48/9 = 5: 45 of 48 (93.75 %). */
START_TEST(cc21_wide_register_unit)
{
	struct occ_result r = run(2, 1, 288, 21, 0);

	ck_assert_int_eq(r.regs_per_warp_allocated, 768);
	ck_assert_int_eq(r.block_limit[OCC_REGISTERS], 4);
	ck_assert_double_eq_tol(r.theoretical_occupancy_pct, 75.0, 1e-9);
	ck_assert_int_eq(gpu_reg_alloc_unit(arch(2, 1), 21), 128);
	ck_assert_int_eq(gpu_reg_alloc_unit(arch(2, 1), 23), 64);
	r = run(2, 1, 288, 20, 0);
	ck_assert_int_eq(r.regs_per_warp_allocated, 640);
	ck_assert_int_eq(r.block_limit[OCC_REGISTERS], 5);
	ck_assert_double_eq_tol(r.theoretical_occupancy_pct, 93.75, 1e-9);
}
END_TEST

/* Odd warps on Fermi: cc 2.0, 160 threads (5 warps), 32 registers: 1024 per
 * warp, floor(32768 / 1024) = 32 warps, a multiple of 2: 32; 32/5 = 6
 * blocks (by warps 48/5 = 9, capped at 8); 30 of 48 warps, 62.5 %. The
 * per-block check rounds the warps to 2: 1024 x 6 = 6144 <= 32768. (The
 * spreadsheet of the Kepler era (rows up to cc 3.5) rounded the warps before
 * dividing, as a port of it quotes its cells B38-B40 and D38-D40:
 * floor(32768 / (1024 x 6)) = 5 blocks. The later spreadsheet and CUDA
 * 7.0's cuda_occupancy.h divide the warps the file holds by the block's own
 * 5, as occview does.) */
START_TEST(cc20_odd_warps)
{
	struct occ_result r = run(2, 0, 160, 32, 0);

	ck_assert_int_eq(r.regs_per_block_checked, 6144);
	ck_assert_int_eq(r.block_limit[OCC_REGISTERS], 6);
	ck_assert_int_eq(r.active_warps_per_sm, 30);
	ck_assert_double_eq_tol(r.theoretical_occupancy_pct, 62.5, 1e-9);
}
END_TEST

/* cc 2.0, 1024 threads: 32 registers fit one block (32 x 1024 = 32768 per
 * block, 32 warps of 48: 66.7 %); 33 do not (33 x 32 = 1056 -> 1088 per
 * warp, 32 warps = 34816 > 32768); 64 exceed the 63 a thread may have. */
START_TEST(cc20_largest_block)
{
	struct occ_result r = run(2, 0, 1024, 32, 0);

	ck_assert_int_eq(r.active_blocks_per_sm, 1);
	ck_assert_double_eq_tol(r.theoretical_occupancy_pct, 100.0 * 32 / 48, 1e-9);
	r = run(2, 0, 1024, 33, 0);
	ck_assert_int_eq(r.regs_per_warp_allocated, 1088);
	ck_assert_int_eq(r.active_blocks_per_sm, 0);
	ck_assert_int_eq(r.misfit, OCC_MISFIT_REGISTERS);
	r = run(2, 0, 32, 64, 0);
	ck_assert_int_eq(r.misfit, OCC_MISFIT_REGISTERS);
}
END_TEST

/* Fermi's shared memory: 48 KB by default (the spreadsheet's 49152 and the
 * cudaFuncCachePreferNone configuration), in 128 B units: 256 threads, 20
 * registers, 12288 B -> floor(49152/12288) = 4 blocks, 32 of 48 warps; a
 * block may have 48 KB, not more. */
START_TEST(cc20_shared_memory)
{
	struct occ_result r = run(2, 0, 256, 20, 12288);

	ck_assert_int_eq(r.smem_config_bytes, 49152);
	ck_assert_int_eq(r.block_limit[OCC_SHARED_MEM], 4);
	ck_assert_int_eq(r.active_warps_per_sm, 32);
	r = run(2, 0, 256, 20, 49152);
	ck_assert_int_eq(r.active_blocks_per_sm, 1);
	r = run(2, 0, 256, 20, 49153);
	ck_assert_int_eq(r.misfit, OCC_MISFIT_SHARED_MEM);
	/* The 16 KB configuration is there for the L1 preference. */
	ck_assert_int_eq(arch(2, 0)->n_smem_configs, 2);
	ck_assert_int_eq(arch(2, 0)->smem_configs_bytes[0], 16384);
}
END_TEST

/* ---- the sweep: every block size, register count and shared memory size ---- */

START_TEST(sweep_against_spreadsheet)
{
	long checked = 0;

	for (size_t i = 0; i < sizeof(sheet_gpus) / sizeof(sheet_gpus[0]); i++) {
		const struct sheet_gpu *g = &sheet_gpus[i];
		const struct gpu_arch *a = arch(g->major, g->minor);

		for (int t = 16; t <= g->max_block; t += 16)
			for (int regs = 0; regs <= g->max_regs + 1; regs++)
				for (int smem = 0; smem <= g->smem_per_sm; smem += 200) {
					struct occ_input in = { t, regs, smem, 0, DEF, 0, 0, 0, 0, false, 0, 0 };
					struct occ_result r;
					struct sheet_result s = sheet(g, t, regs, smem);
					int b = g->blocks_per_sm;

					occ_compute(a, &in, &r);
					checked++;
					if (r.active_blocks_per_sm == s.active &&
					    capped(r.block_limit[OCC_WARPS], b) == s.by_warps &&
					    capped(r.block_limit[OCC_REGISTERS], b) == s.by_regs &&
					    capped(r.block_limit[OCC_SHARED_MEM], b) == s.by_smem &&
					    r.theoretical_occupancy_pct ==
					    100.0 * (s.active * ((t + 31) / 32)) / g->warps_per_sm)
						continue;
					ck_abort_msg("cc %d.%d, %d threads, %d registers, %d B: occview %d "
						     "blocks (warps %d, registers %d, shared %d), the "
						     "spreadsheet %d (%d, %d, %d)", g->major, g->minor, t,
						     regs, smem, r.active_blocks_per_sm,
						     r.block_limit[OCC_WARPS], r.block_limit[OCC_REGISTERS],
						     r.block_limit[OCC_SHARED_MEM], s.active, s.by_warps,
						     s.by_regs, s.by_smem);
				}
	}
	ck_assert_int_gt(checked, 1000000);
}
END_TEST

/* The rows' limits are the spreadsheet's GPU Data. */
START_TEST(rows_are_the_spreadsheets)
{
	for (size_t i = 0; i < sizeof(sheet_gpus) / sizeof(sheet_gpus[0]); i++) {
		const struct sheet_gpu *g = &sheet_gpus[i];
		const struct gpu_arch *a = arch(g->major, g->minor);

		ck_assert_int_eq(a->max_warps_per_sm, g->warps_per_sm);
		ck_assert_int_eq(a->max_blocks_per_sm, g->blocks_per_sm);
		ck_assert_int_eq(a->regs_per_sm, g->regs_per_sm);
		ck_assert_int_eq(a->reg_alloc_unit, g->reg_unit);
		ck_assert_int_eq(a->reg_alloc == GPU_REG_ALLOC_BLOCK, g->per_block);
		ck_assert_int_eq(a->max_regs_per_thread, g->max_regs);
		ck_assert_int_eq(a->smem_per_sm_bytes, g->smem_per_sm);
		ck_assert_int_eq(a->smem_alloc_unit_bytes, g->smem_unit);
		ck_assert_int_eq(a->warp_alloc_granularity, g->warp_granularity);
		ck_assert_int_eq(a->max_threads_per_block, g->max_block);
	}
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("legacy_nv");
	TCase *ex = tcase_create("worked examples");
	TCase *sw = tcase_create("spreadsheet");

	tcase_add_checked_fixture(ex, db_setup, db_teardown);
	tcase_add_test(ex, cc13_256_threads_20_registers);
	tcase_add_test(ex, cc10_odd_warps_round_to_two);
	tcase_add_test(ex, cc11_block_unit_256);
	tcase_add_test(ex, cc12_warps_limit_unrounded);
	tcase_add_test(ex, cc1x_register_bounds);
	tcase_add_test(ex, cc20_192_threads_21_registers);
	tcase_add_test(ex, cc21_wide_register_unit);
	tcase_add_test(ex, cc20_odd_warps);
	tcase_add_test(ex, cc20_largest_block);
	tcase_add_test(ex, cc20_shared_memory);
	suite_add_tcase(s, ex);

	tcase_add_checked_fixture(sw, db_setup, db_teardown);
	tcase_set_timeout(sw, 120);
	tcase_add_test(sw, rows_are_the_spreadsheets);
	tcase_add_test(sw, sweep_against_spreadsheet);
	suite_add_tcase(s, sw);
	return s;
}

int main(void)
{
	return run_suite(suite());
}
