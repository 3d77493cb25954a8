/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_occupancy.c - occ_compute() against Nsight Compute reports (corpus) and NVIDIA's calculator. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "gpu.h"
#include "launch.h"
#include "occupancy.h"
#include "testutil.h"
#include "expect.h"

static const struct gpu_arch *arch(int major, int minor)
{
	const struct gpu_arch *a = gpu_db_find_arch(db, major, minor);
	EXPECT(a != NULL, "no arch %d.%d", major, minor);
	return a;
}

static struct occ_result run(int major, int minor, int threads, int regs, int64_t st, int64_t dyn,
			     int carveout, int barriers)
{
	struct occ_input in = { threads, regs, st, dyn, carveout, barriers, 0, 0, 0, false, 0, 0 };
	struct occ_result r;
	occ_compute(arch(major, minor), &in, &r);
	return r;
}

#define BIT(f) (1u << (f))
#define DEF LAUNCH_CARVEOUT_DEFAULT

static void assert_limits(const struct occ_result *r, int warps, int blocks, int regs, int smem, int bars)
{
	EXPECT_INT(r->block_limit[OCC_WARPS], ==, warps);
	EXPECT_INT(r->block_limit[OCC_BLOCKS], ==, blocks);
	EXPECT_INT(r->block_limit[OCC_REGISTERS], ==, regs);
	EXPECT_INT(r->block_limit[OCC_SHARED_MEM], ==, smem);
	EXPECT_INT(r->block_limit[OCC_BARRIERS], ==, bars);
}

static void assert_usage_sums(const struct occ_result *r)
{
	for (int f = 0; f < OCC_N_FACTORS; f++) {
		const struct occ_usage *u = &r->usage[f];
		EXPECT(u->used + u->idle + u->leftover == u->total,
			      "factor %s: %lld + %lld + %lld != %lld", occ_factor_key((enum occ_factor)f),
			      (long long)u->used, (long long)u->idle, (long long)u->leftover,
			      (long long)u->total);
		EXPECT(u->used >= 0 && u->idle >= 0 && u->leftover >= 0,
			      "factor %s: negative usage part", occ_factor_key((enum occ_factor)f));
	}
}

/* ---- Nsight Compute reports in /work/shared/corpus (copies in tests/data/) ---- */

/* ncu-text/unknownrepo_hopper78sm_ncu2024plus_details_text_fragment.txt (H20, cc 9.0):
 * Block Size 256, Registers 255, Dynamic Shared Memory 230.40 Kbyte (= 230400 B,
 * 225 KiB), Static 0, Driver Shared Memory 1.02 Kbyte (1024 B), Shared Memory
 * Configuration Size 233.47 Kbyte (233472 B). */
START_TEST(ncu_h20_255_registers)
{
	struct occ_result r = run(9, 0, 256, 255, 0, 230400, DEF, 1);

	/* ncu: Block Limit SM 32, Registers 1, Shared Mem 1, Warps 8. (Barriers are not
	 * printed there; 64 / 1 from cuda_occupancy.h (CUDA 13.0).) */
	assert_limits(&r, 8, 32, 1, 1, 64);
	EXPECT_INT(r.active_blocks_per_sm, ==, 1);
	/* ncu: Theoretical Active Warps per SM 8, Theoretical Occupancy 12.50 % */
	EXPECT_INT(r.active_warps_per_sm, ==, 8);
	ck_assert_double_eq_tol(r.theoretical_occupancy_pct, 12.50, 0.0051);
	/* ncu rule text: "limited by the number of required registers" and "... by the
	 * required amount of shared memory" */
	EXPECT_UINT(r.limiting, ==, BIT(OCC_REGISTERS) | BIT(OCC_SHARED_MEM));
	/* ncu: Shared Memory Configuration Size 233.47 Kbyte */
	EXPECT_INT(r.smem_config_bytes, ==, 233472);
	/* cuda_occupancy.h (CUDA 13.0): allocatedSharedMemPerBlock 231424 (230400 + 1024) */
	EXPECT_INT(r.allocated_smem_per_block, ==, 231424);
	EXPECT_INT(r.misfit, ==, OCC_FITS);
	assert_usage_sums(&r);
}
END_TEST

/* ncu-text/unknownrepo_turing_cc75_ncu2023plus_details_text_from_markdown_TRUNCATED.txt
 * (cc 7.5): Block Size 256, Registers 64, Static Shared Memory 32.77 Kbyte (32768 B),
 * Dynamic 0, Driver 0, Shared Memory Configuration Size 65.54 Kbyte (65536 B). */
START_TEST(ncu_turing_register_tiled)
{
	struct occ_result r = run(7, 5, 256, 64, 32768, 0, DEF, 1);

	/* ncu: Block Limit SM 16, Registers 4, Shared Mem 2, Warps 4 */
	assert_limits(&r, 4, 16, 4, 2, OCC_UNLIMITED);
	/* ncu: Theoretical Active Warps per SM 16, Theoretical Occupancy 50 % */
	EXPECT_INT(r.active_blocks_per_sm, ==, 2);
	EXPECT_INT(r.active_warps_per_sm, ==, 16);
	ck_assert_double_eq_tol(r.theoretical_occupancy_pct, 50.0, 0.0051);
	EXPECT_UINT(r.limiting, ==, BIT(OCC_SHARED_MEM));
	/* ncu: Shared Memory Configuration Size 65.54 Kbyte */
	EXPECT_INT(r.smem_config_bytes, ==, 65536);
	EXPECT_INT(r.allocated_smem_per_block, ==, 32768);
	assert_usage_sums(&r);
}
END_TEST

/* ncu/xplacer_v100_ncu2019_details_kerneltime_TRUNCATED.log (Tesla V100-SXM2, cc 7.0):
 * cuda_compute_step_factor and cuda_time_step: Block Size 192, Registers 20 (and 22),
 * no shared memory. */
START_TEST(ncu_v100_step_factor)
{
	static const int regs[] = { 20, 22 }; /* step_factor, time_step */

	for (int i = 0; i < 2; i++) {
		struct occ_result r = run(7, 0, 192, regs[i], 0, 0, DEF, 1);
		/* ncu: Block Limit SM 32, Registers 14, Warps 10. ncu prints Block Limit
		 * Shared Mem 32 for a kernel without shared memory; our engine says
		 * OCC_UNLIMITED there, as cuda_occupancy.h (CUDA 13.0) does (INT_MAX). */
		EXPECT_INT(r.block_limit[OCC_WARPS], ==, 10);
		EXPECT_INT(r.block_limit[OCC_BLOCKS], ==, 32);
		EXPECT_INT(r.block_limit[OCC_REGISTERS], ==, 14);
		EXPECT_INT(r.block_limit[OCC_SHARED_MEM], ==, OCC_UNLIMITED);
		/* ncu: Theoretical Active Warps per SM 60, Theoretical Occupancy 93.75 % */
		EXPECT_INT(r.active_warps_per_sm, ==, 60);
		ck_assert_double_eq_tol(r.theoretical_occupancy_pct, 93.75, 0.0051);
		EXPECT_UINT(r.limiting, ==, BIT(OCC_WARPS));
		assert_usage_sums(&r);
	}
}
END_TEST

/* Same report: cuda_compute_flux, Block Size 192, Registers 60, no shared memory. */
START_TEST(ncu_v100_compute_flux)
{
	struct occ_result r = run(7, 0, 192, 60, 0, 0, DEF, 1);

	/* ncu: Block Limit SM 32, Registers 5, Warps 10; 30 warps, 46.88 % */
	EXPECT_INT(r.block_limit[OCC_WARPS], ==, 10);
	EXPECT_INT(r.block_limit[OCC_BLOCKS], ==, 32);
	EXPECT_INT(r.block_limit[OCC_REGISTERS], ==, 5);
	EXPECT_INT(r.active_blocks_per_sm, ==, 5);
	EXPECT_INT(r.active_warps_per_sm, ==, 30);
	ck_assert_double_eq_tol(r.theoretical_occupancy_pct, 46.88, 0.0051);
	EXPECT_UINT(r.limiting, ==, BIT(OCC_REGISTERS));
	/* cuda_occupancy.h (CUDA 13.0): allocatedRegistersPerBlock 12288 */
	EXPECT_INT(r.allocated_regs_per_block, ==, 12288);
}
END_TEST

/* ncu/opinsight_a100_cc80_ncu2022_details_pooling_full_240k.csv (A100, 108 SMs):
 * adaptive_average_pool, Block Size (32, 8, 1) = 256, Registers 38, Shared Memory
 * Configuration Size 32,768 byte; the page prints no static/dynamic sizes, and
 * Block Limit Shared Mem 32 = 32768 / 1024 fits a block with only the driver's
 * 1 KB. ncu's configuration (32 KB) is what the driver chose; a carveout of 19 %
 * (19 % of 167936 = 31907 B) snaps to the same 32 KB configuration. */
START_TEST(ncu_a100_adaptive_average_pool)
{
	struct occ_result r = run(8, 0, 256, 38, 0, 0, 19, 1);

	/* ncu: Block Limit SM 32, Registers 6, Shared Mem 32, Warps 8 */
	assert_limits(&r, 8, 32, 6, 32, OCC_UNLIMITED);
	/* ncu: Theoretical Active Warps per SM 48, Theoretical Occupancy 75 % */
	EXPECT_INT(r.active_warps_per_sm, ==, 48);
	ck_assert_double_eq_tol(r.theoretical_occupancy_pct, 75.0, 0.0051);
	EXPECT_UINT(r.limiting, ==, BIT(OCC_REGISTERS));
	/* ncu: Shared Memory Configuration Size 32,768 byte */
	EXPECT_INT(r.smem_config_bytes, ==, 32768);
	assert_usage_sums(&r);

	/* Default carveout: the same occupancy (cuda_occupancy.h (CUDA 13.0): 6 blocks,
	 * blockLimitSharedMem 164 = 167936 / 1024). */
	r = run(8, 0, 256, 38, 0, 0, DEF, 1);
	EXPECT_INT(r.active_blocks_per_sm, ==, 6);
	EXPECT_INT(r.block_limit[OCC_SHARED_MEM], ==, 164);
}
END_TEST

/* Same report: reduce_kernel<512>, Block Size (32, 16, 1) = 512, Registers 26. */
START_TEST(ncu_a100_reduce_kernel)
{
	struct occ_result r = run(8, 0, 512, 26, 0, 0, DEF, 1);

	/* ncu: Block Limit SM 32, Registers 4, Warps 4; 64 warps, 100 % */
	EXPECT_INT(r.block_limit[OCC_WARPS], ==, 4);
	EXPECT_INT(r.block_limit[OCC_BLOCKS], ==, 32);
	EXPECT_INT(r.block_limit[OCC_REGISTERS], ==, 4);
	EXPECT_INT(r.active_warps_per_sm, ==, 64);
	ck_assert_double_eq_tol(r.theoretical_occupancy_pct, 100.0, 0.0051);
	/* Warps and registers both at 4: both limit. */
	EXPECT_UINT(r.limiting, ==, BIT(OCC_WARPS) | BIT(OCC_REGISTERS));
}
END_TEST

/* ncu --print-summary of ishana23g/heat_eq optimized_3d/profiler/ncu_summary_3D.txt
 * @ 41140223 (cc 8.9, 34 SMs; not shipped, the repository has no licence, see
 * tests/data/README):
 * add_heat_kernel_3d and heat_kernel_3d_color, Block Size 512 (8x8x8), Registers 16,
 * Static 0, Dynamic 0, Driver 1.02 Kbyte, Shared Memory Configuration Size 8.19 Kbyte
 * (8192 B). A carveout of 8 % (8192 B of 102400) selects ncu's 8 KB configuration. */
START_TEST(ncu_ada_heat_kernel)
{
	struct occ_result r = run(8, 9, 512, 16, 0, 0, 8, 1);

	/* ncu: Block Limit SM 24, Registers 8, Shared Mem 8, Warps 3 */
	assert_limits(&r, 3, 24, 8, 8, OCC_UNLIMITED);
	/* ncu: Theoretical Active Warps per SM 48, Theoretical Occupancy 100 % */
	EXPECT_INT(r.active_warps_per_sm, ==, 48);
	ck_assert_double_eq_tol(r.theoretical_occupancy_pct, 100.0, 0.0051);
	EXPECT_UINT(r.limiting, ==, BIT(OCC_WARPS));
	EXPECT_INT(r.smem_config_bytes, ==, 8192);
	/* ncu: Driver Shared Memory Per Block 1.02 Kbyte: the block allocates the reserve */
	EXPECT_INT(r.allocated_smem_per_block, ==, 1024);
}
END_TEST

/* ncu/constructed_ncu_raw_page_b200_cc100_decode_b1.csv (B200, cc 10.0; constructed:
 * tools/constructed_ncu_raw_b200.py, its limits cuda_occupancy.h's, CUDA 13.0, the
 * rows of tests/data/nvidia/b200_raw_pages_occupancy.csv), line 5,
 * merge_attention_states_kernel: launch__block_size 128, registers_per_thread 48,
 * shared_mem_per_block_dynamic 6144, static 0, driver 1024, shared_mem_config_size
 * 102400. A carveout of 40 % (93388 B) snaps to that 100 KB configuration. */
START_TEST(ncu_b200_merge_states)
{
	struct occ_result r = run(10, 0, 128, 48, 0, 6144, 40, 1);

	/* ncu: launch__occupancy_limit_warps 16, _blocks 32, _registers 10, _shared_mem 14.
	 * (ncu prints _barriers 32, the header's 64 capped at the 32 blocks; our engine
	 * gives the header's 64.) */
	EXPECT_INT(r.block_limit[OCC_WARPS], ==, 16);
	EXPECT_INT(r.block_limit[OCC_BLOCKS], ==, 32);
	EXPECT_INT(r.block_limit[OCC_REGISTERS], ==, 10);
	EXPECT_INT(r.block_limit[OCC_SHARED_MEM], ==, 14);
	/* ncu: sm__maximum_warps_per_active_cycle_pct 62.50 */
	EXPECT_INT(r.active_blocks_per_sm, ==, 10);
	ck_assert_double_eq_tol(r.theoretical_occupancy_pct, 62.5, 0.0051);
	EXPECT_INT(r.smem_config_bytes, ==, 102400);
	/* ncu: launch__registers_per_thread_allocated 48 -> 48 x 32 = 1536 per warp */
	EXPECT_INT(r.regs_per_warp_allocated, ==, 1536);
	/* launch__shared_mem_per_block_allocated 7168 (6144 + 1024) */
	EXPECT_INT(r.allocated_smem_per_block, ==, 7168);
}
END_TEST

/* Same file, line 6: paged_decode_attention_kernel: block 128, 64 registers,
 * dynamic 12288, driver 1024, config 135168 (a carveout of 57 %, 133079 B). */
START_TEST(ncu_b200_batch_decode)
{
	struct occ_result r = run(10, 0, 128, 64, 0, 12288, 57, 1);

	/* ncu: limit_warps 16, _blocks 32, _registers 8, _shared_mem 10; 50 % */
	EXPECT_INT(r.block_limit[OCC_WARPS], ==, 16);
	EXPECT_INT(r.block_limit[OCC_BLOCKS], ==, 32);
	EXPECT_INT(r.block_limit[OCC_REGISTERS], ==, 8);
	EXPECT_INT(r.block_limit[OCC_SHARED_MEM], ==, 10);
	EXPECT_INT(r.active_warps_per_sm, ==, 32);
	ck_assert_double_eq_tol(r.theoretical_occupancy_pct, 50.0, 0.0051);
	EXPECT_UINT(r.limiting, ==, BIT(OCC_REGISTERS));
	EXPECT_INT(r.smem_config_bytes, ==, 135168);
}
END_TEST

/* ncu/constructed_ncu_raw_page_b200_cc100_splitkv_b8.csv (B200; constructed, as
 * above): splitkv_attention_kernel (line 6): block 128, registers 200 (allocated
 * 200), dynamic 73728, driver 1024, config 167936 (a 71 % carveout, 165765 B, snaps
 * to 164 KB); splitkv_combine_kernel (line 5): block 128, registers 45 (allocated
 * 48), static 96, dynamic 0, config 32768 (a 13 % carveout, 30351 B, snaps to 32 KB). */
START_TEST(ncu_b200_flash_fwd)
{
	struct occ_result r = run(10, 0, 128, 200, 0, 73728, 71, 1);

	/* ncu: limit_warps 16, _blocks 32, _registers 2, _shared_mem 2; 12.50 % */
	EXPECT_INT(r.block_limit[OCC_WARPS], ==, 16);
	EXPECT_INT(r.block_limit[OCC_BLOCKS], ==, 32);
	EXPECT_INT(r.block_limit[OCC_REGISTERS], ==, 2);
	EXPECT_INT(r.block_limit[OCC_SHARED_MEM], ==, 2);
	ck_assert_double_eq_tol(r.theoretical_occupancy_pct, 12.50, 0.0051);
	EXPECT_UINT(r.limiting, ==, BIT(OCC_REGISTERS) | BIT(OCC_SHARED_MEM));
	EXPECT_INT(r.smem_config_bytes, ==, 167936);
	/* ncu: registers_per_thread_allocated 200 -> 200 x 32 = 6400 per warp (a multiple
	 * of the 256-register unit) */
	EXPECT_INT(r.regs_per_warp_allocated, ==, 6400);
	EXPECT_INT(r.allocated_smem_per_block, ==, 74752);

	r = run(10, 0, 128, 45, 96, 0, 13, 1);
	/* ncu: limit_registers 10, _shared_mem 28, _warps 16, _blocks 32; 62.50 % */
	EXPECT_INT(r.block_limit[OCC_REGISTERS], ==, 10);
	EXPECT_INT(r.block_limit[OCC_SHARED_MEM], ==, 28);
	EXPECT_INT(r.block_limit[OCC_WARPS], ==, 16);
	EXPECT_INT(r.block_limit[OCC_BLOCKS], ==, 32);
	ck_assert_double_eq_tol(r.theoretical_occupancy_pct, 62.5, 0.0051);
	EXPECT_INT(r.smem_config_bytes, ==, 32768);
	/* ncu: registers_per_thread_allocated 48 (45 x 32 = 1440 rounded to 1536) */
	EXPECT_INT(r.regs_per_warp_allocated, ==, 48 * 32);
	/* 96 + 1024 rounded to 128: cuda_occupancy.h (CUDA 13.0) allocatedSharedMemPerBlock 1152 */
	EXPECT_INT(r.allocated_smem_per_block, ==, 1152);
}
END_TEST

/* ncu/llmperfopt_blackwell_cc120_ncu2025_section_Occupancy_kernel0003.csv (cc 12.0):
 * cutlass wmma Kernel2, Block Size (128, 1, 1). The section prints Block Limit
 * Barriers 24, SM 24, Warps 12 (and Registers 5, Shared Mem 2, whose inputs the
 * report does not give). One barrier per block, the CUDA default. */
START_TEST(ncu_cc120_block_128)
{
	struct occ_result r = run(12, 0, 128, 32, 0, 0, DEF, 1);

	EXPECT_INT(r.block_limit[OCC_BARRIERS], ==, 24);
	EXPECT_INT(r.block_limit[OCC_BLOCKS], ==, 24);
	EXPECT_INT(r.block_limit[OCC_WARPS], ==, 12);
	/* ncu rule: "hardware maximum of 12" warps per scheduler -> 48 per SM */
	EXPECT_INT(r.max_warps_per_sm, ==, 48);
	/* cuda_occupancy.h (CUDA 13.0): 96 registers at block 128 give blockLimitRegs 5,
	 * the value ncu printed for this kernel. */
	r = run(12, 0, 128, 96, 0, 0, DEF, 1);
	EXPECT_INT(r.block_limit[OCC_REGISTERS], ==, 5);
}
END_TEST

/* ---- cuda_occupancy.h (CUDA 13.0) cases ---- */

/* A100, 256 threads, 32 registers, 40 KB (40960 B) dynamic shared memory. */
START_TEST(calc_a100_carveout)
{
	static const struct { int carve, blocks, smem_limit; int64_t config; } c[] = {
		/* cuda_occupancy.h (CUDA 13.0): activeBlocks / blockLimitSharedMem; the
		 * configuration from cudaOccSMemPerMultiprocessor (and, for 0 %, the
		 * Volta+ raise to the configuration holding one block) */
		{ 25, 1, 1, 65536 },    /* 25 % = 41984 B -> 64 KB configuration */
		{ 50, 2, 2, 102400 },   /* 50 % = 83968 B -> 100 KB */
		{ DEF, 4, 4, 167936 },
		{ 100, 4, 4, 167936 },
		{ 0, 1, 1, 65536 },     /* 0 %: one block needs 41984 B, the driver raises it to 64 KB */
	};

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		struct occ_result r = run(8, 0, 256, 32, 0, 40960, c[i].carve, 1);
		EXPECT_INT(r.active_blocks_per_sm, ==, c[i].blocks);
		EXPECT_INT(r.block_limit[OCC_SHARED_MEM], ==, c[i].smem_limit);
		EXPECT_INT(r.block_limit[OCC_REGISTERS], ==, 8);
		/* cuda_occupancy.h (CUDA 13.0): allocatedSharedMemPerBlock 41984 */
		EXPECT_INT(r.allocated_smem_per_block, ==, 41984);
		EXPECT_INT(r.smem_config_bytes, ==, c[i].config);
		EXPECT_UINT(r.limiting, ==, BIT(OCC_SHARED_MEM));
		assert_usage_sums(&r);
	}
	/* The preference itself: cudaOccSMemPerMultiprocessor gives 0 for 0 %. */
	struct occ_result r = run(8, 0, 256, 32, 0, 40960, 0, 1);
	EXPECT_INT(r.smem_preference_bytes, ==, 0);
}
END_TEST

START_TEST(calc_barriers_hopper)
{
	/* cuda_occupancy.h (CUDA 13.0), cc 9.0, 128 threads, 32 registers:
	 * 4 barriers -> blockLimitBarriers 16 (= 2 x 32 / 4), active 16, a tie with
	 * warps (16) and registers (16). */
	struct occ_result r = run(9, 0, 128, 32, 0, 0, DEF, 4);
	assert_limits(&r, 16, 32, 16, 228, 16);
	EXPECT_INT(r.active_blocks_per_sm, ==, 16);
	EXPECT_UINT(r.limiting, ==, BIT(OCC_WARPS) | BIT(OCC_REGISTERS) | BIT(OCC_BARRIERS));

	/* 16 barriers -> 4 blocks, barriers alone limit */
	r = run(9, 0, 128, 32, 0, 0, DEF, 16);
	EXPECT_INT(r.block_limit[OCC_BARRIERS], ==, 4);
	EXPECT_INT(r.active_blocks_per_sm, ==, 4);
	EXPECT_UINT(r.limiting, ==, BIT(OCC_BARRIERS));
	ck_assert_double_eq_tol(r.theoretical_occupancy_pct, 25.0, 1e-9);

	/* 5 barriers -> 12; 64 threads with 3 barriers -> 21 */
	r = run(9, 0, 128, 32, 0, 0, DEF, 5);
	EXPECT_INT(r.block_limit[OCC_BARRIERS], ==, 12);
	EXPECT_INT(r.active_blocks_per_sm, ==, 12);
	r = run(9, 0, 64, 32, 0, 0, DEF, 3);
	EXPECT_INT(r.block_limit[OCC_BARRIERS], ==, 21);
	EXPECT_INT(r.active_blocks_per_sm, ==, 21);
	assert_usage_sums(&r);

	/* 0 barriers: blockLimitBarriers INT_MAX */
	r = run(9, 0, 256, 32, 0, 0, DEF, 0);
	EXPECT_INT(r.block_limit[OCC_BARRIERS], ==, OCC_UNLIMITED);
	EXPECT_INT(r.active_blocks_per_sm, ==, 8);
}
END_TEST

START_TEST(calc_barriers_cc120)
{
	/* cuda_occupancy.h (CUDA 13.0), cc 12.0 (barriers = 1 x 24 blocks):
	 * 128 threads, 2 barriers -> 12, tied with warps (12) */
	struct occ_result r = run(12, 0, 128, 32, 0, 0, DEF, 2);
	assert_limits(&r, 12, 24, 16, 100, 12);
	EXPECT_INT(r.active_blocks_per_sm, ==, 12);
	EXPECT_UINT(r.limiting, ==, BIT(OCC_WARPS) | BIT(OCC_BARRIERS));

	/* 256 threads, 3 barriers -> barriers 8, warps 6: warps limit */
	r = run(12, 0, 256, 32, 0, 0, DEF, 3);
	EXPECT_INT(r.block_limit[OCC_BARRIERS], ==, 8);
	EXPECT_INT(r.active_blocks_per_sm, ==, 6);
	EXPECT_UINT(r.limiting, ==, BIT(OCC_WARPS));

	/* 25 barriers (more than the SM's 24; launch_check refuses it, occ_compute
	 * must not): blockLimitBarriers 0, no block fits */
	r = run(12, 0, 128, 32, 0, 0, DEF, 25);
	EXPECT_INT(r.block_limit[OCC_BARRIERS], ==, 0);
	EXPECT_INT(r.active_blocks_per_sm, ==, 0);
	EXPECT_INT(r.misfit, ==, OCC_MISFIT_BARRIERS);
	assert_usage_sums(&r);
}
END_TEST

START_TEST(calc_barriers_before_hopper_unlimited)
{
	/* cuda_occupancy.h (CUDA 13.0): barriers only count from cc 9.0; cc 8.0 and 8.6
	 * give INT_MAX whatever the count. */
	struct occ_result r = run(8, 0, 256, 32, 0, 0, DEF, 16);
	EXPECT_INT(r.block_limit[OCC_BARRIERS], ==, OCC_UNLIMITED);
	EXPECT_INT(r.active_blocks_per_sm, ==, 8);
	r = run(8, 6, 64, 16, 0, 0, DEF, 1);
	EXPECT_INT(r.block_limit[OCC_BARRIERS], ==, OCC_UNLIMITED);
	/* cc 8.6, 64 threads: blocks per SM (16) limit */
	EXPECT_INT(r.active_blocks_per_sm, ==, 16);
	EXPECT_UINT(r.limiting, ==, BIT(OCC_BLOCKS));
}
END_TEST

START_TEST(calc_gp100_rule)
{
	/* cuda_occupancy.h (CUDA 13.0): GP100 (cc 6.0) has 2 register sub-partitions
	 * and packs more warps than cc 6.1: */
	struct occ_result r = run(6, 0, 160, 192, 0, 0, DEF, 1);
	EXPECT_INT(r.block_limit[OCC_REGISTERS], ==, 2);
	r = run(6, 1, 160, 192, 0, 0, DEF, 1);
	EXPECT_INT(r.block_limit[OCC_REGISTERS], ==, 1);
	r = run(6, 0, 64, 192, 0, 0, DEF, 1);
	EXPECT_INT(r.block_limit[OCC_REGISTERS], ==, 5);
	r = run(6, 1, 64, 192, 0, 0, DEF, 1);
	EXPECT_INT(r.block_limit[OCC_REGISTERS], ==, 4);
	/* ...but a kernel that cannot run on GP10x is refused on GP100 as well:
	 * 288 threads x 192 registers -> blockLimitRegs 0 on both. */
	r = run(6, 0, 288, 192, 0, 0, DEF, 1);
	EXPECT_INT(r.block_limit[OCC_REGISTERS], ==, 0);
	EXPECT_INT(r.active_blocks_per_sm, ==, 0);
	EXPECT_INT(r.misfit, ==, OCC_MISFIT_REGISTERS);
	/* cuda_occupancy.h: allocatedRegistersPerBlock 55296 */
	EXPECT_INT(r.allocated_regs_per_block, ==, 55296);
	/* 320 x 160 fits: blockLimitRegs 1 */
	r = run(6, 0, 320, 160, 0, 0, DEF, 1);
	EXPECT_INT(r.block_limit[OCC_REGISTERS], ==, 1);
}
END_TEST

START_TEST(calc_cc37_registers)
{
	/* cuda_occupancy.h (CUDA 13.0): cc 3.7 has 128K registers per SM, cc 3.5 64K. */
	struct occ_result r = run(3, 7, 512, 128, 0, 0, DEF, 1);
	EXPECT_INT(r.block_limit[OCC_REGISTERS], ==, 2);
	r = run(3, 5, 512, 128, 0, 0, DEF, 1);
	EXPECT_INT(r.block_limit[OCC_REGISTERS], ==, 1);
	r = run(3, 7, 128, 255, 0, 0, DEF, 1);
	EXPECT_INT(r.block_limit[OCC_REGISTERS], ==, 4);
	r = run(3, 7, 256, 64, 0, 0, DEF, 1);
	EXPECT_INT(r.active_blocks_per_sm, ==, 8);
	EXPECT_UINT(r.limiting, ==, BIT(OCC_WARPS) | BIT(OCC_REGISTERS));
	/* ... but the per-block register file is still 64K: 1024 x 128 does not fit */
	r = run(3, 7, 1024, 128, 0, 0, DEF, 1);
	EXPECT_INT(r.active_blocks_per_sm, ==, 0);
	EXPECT_INT(r.misfit, ==, OCC_MISFIT_REGISTERS);
	EXPECT_INT(r.allocated_regs_per_block, ==, 131072);
}
END_TEST

START_TEST(calc_block_not_warp_multiple)
{
	/* cuda_occupancy.h (CUDA 13.0) */
	struct occ_result r = run(7, 0, 100, 32, 0, 0, DEF, 1);   /* 4 warps */
	EXPECT_INT(r.warps_per_block, ==, 4);
	EXPECT_INT(r.block_limit[OCC_WARPS], ==, 16);
	EXPECT_INT(r.block_limit[OCC_REGISTERS], ==, 16);
	EXPECT_INT(r.active_blocks_per_sm, ==, 16);
	EXPECT_INT(r.allocated_regs_per_block, ==, 4096);
	EXPECT_INT(r.active_threads_per_sm, ==, 1600);

	r = run(8, 0, 33, 32, 0, 0, DEF, 1);                      /* 2 warps */
	EXPECT_INT(r.block_limit[OCC_WARPS], ==, 32);
	EXPECT_INT(r.block_limit[OCC_REGISTERS], ==, 32);
	EXPECT_INT(r.active_blocks_per_sm, ==, 32);
	EXPECT_INT(r.allocated_regs_per_block, ==, 2048);

	r = run(9, 0, 1000, 32, 0, 0, DEF, 1);                    /* 32 warps */
	EXPECT_INT(r.block_limit[OCC_WARPS], ==, 2);
	EXPECT_INT(r.block_limit[OCC_REGISTERS], ==, 2);
	EXPECT_INT(r.active_blocks_per_sm, ==, 2);
	EXPECT_INT(r.allocated_regs_per_block, ==, 32768);
}
END_TEST

START_TEST(calc_each_factor_limits)
{
	/* cuda_occupancy.h (CUDA 13.0) for every value below */
	struct occ_result r;

	/* warps: cc 7.5, 512 threads -> 2 (1024 threads per SM) */
	r = run(7, 5, 512, 32, 0, 0, DEF, 1);
	EXPECT_INT(r.active_blocks_per_sm, ==, 2);
	EXPECT_UINT(r.limiting, ==, BIT(OCC_WARPS));
	/* blocks: cc 7.5, 32 threads, 16 registers -> 16 blocks, 50 % */
	r = run(7, 5, 32, 16, 0, 0, DEF, 1);
	EXPECT_INT(r.active_blocks_per_sm, ==, 16);
	EXPECT_INT(r.block_limit[OCC_REGISTERS], ==, 128);
	EXPECT_UINT(r.limiting, ==, BIT(OCC_BLOCKS));
	/* registers: cc 8.0, 256 threads, 64 registers -> 4 */
	r = run(8, 0, 256, 64, 0, 0, DEF, 1);
	EXPECT_INT(r.active_blocks_per_sm, ==, 4);
	EXPECT_UINT(r.limiting, ==, BIT(OCC_REGISTERS));
	EXPECT_INT(r.allocated_regs_per_block, ==, 16384);
	/* shared memory: cc 10.0, 256 threads, 48 registers, 64 KB dynamic -> 3 */
	r = run(10, 0, 256, 48, 0, 65536, DEF, 1);
	EXPECT_INT(r.block_limit[OCC_REGISTERS], ==, 5);
	EXPECT_INT(r.block_limit[OCC_SHARED_MEM], ==, 3);
	EXPECT_INT(r.active_blocks_per_sm, ==, 3);
	EXPECT_UINT(r.limiting, ==, BIT(OCC_SHARED_MEM));
	EXPECT_INT(r.allocated_smem_per_block, ==, 66560);
	/* shared memory before cc 8.0: no reserve, cc 7.5 64 KB -> 1; cc 5.2 48 KB of 96 -> 2 */
	r = run(7, 5, 256, 32, 0, 65536, DEF, 1);
	EXPECT_INT(r.block_limit[OCC_SHARED_MEM], ==, 1);
	EXPECT_INT(r.allocated_smem_per_block, ==, 65536);
	r = run(5, 2, 256, 32, 0, 49152, DEF, 1);
	EXPECT_INT(r.block_limit[OCC_SHARED_MEM], ==, 2);
	/* cc 7.0, 96 KB opt-in -> 1 */
	r = run(7, 0, 256, 32, 0, 98304, DEF, 1);
	EXPECT_INT(r.block_limit[OCC_SHARED_MEM], ==, 1);
	/* A100, 100000 B dynamic -> 101120 allocated, 1 block */
	r = run(8, 0, 256, 32, 0, 100000, DEF, 1);
	EXPECT_INT(r.allocated_smem_per_block, ==, 101120);
	EXPECT_INT(r.active_blocks_per_sm, ==, 1);
	/* register steps on cc 8.0 at 256 threads: 33 and 40 -> 6, 41, 42 and 48 -> 5, 49 -> 4 */
	static const struct { int regs, blocks; } steps[] = {
		{ 33, 6 }, { 40, 6 }, { 41, 5 }, { 42, 5 }, { 48, 5 }, { 49, 4 },
	};
	for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
		r = run(8, 0, 256, steps[i].regs, 0, 0, DEF, 1);
		EXPECT_INT(r.block_limit[OCC_REGISTERS], ==, steps[i].blocks);
	}
	/* cc 9.0, 256 threads: 127 and 128 registers -> 2, 168 and 255 -> 1 */
	r = run(9, 0, 256, 127, 0, 0, DEF, 1);
	EXPECT_INT(r.block_limit[OCC_REGISTERS], ==, 2);
	r = run(9, 0, 256, 128, 0, 0, DEF, 1);
	EXPECT_INT(r.block_limit[OCC_REGISTERS], ==, 2);
	r = run(9, 0, 256, 168, 0, 0, DEF, 1);
	EXPECT_INT(r.block_limit[OCC_REGISTERS], ==, 1);
	EXPECT_INT(r.allocated_regs_per_block, ==, 43008);
}
END_TEST

START_TEST(unlimited_factors)
{
	/* cuda_occupancy.h (CUDA 13.0): blockLimitRegs INT_MAX with 0 registers,
	 * blockLimitSharedMem INT_MAX with no shared memory before cc 8.0. */
	struct occ_result r = run(7, 0, 256, 0, 0, 0, DEF, 1);
	EXPECT_INT(r.block_limit[OCC_REGISTERS], ==, OCC_UNLIMITED);
	EXPECT_INT(r.block_limit[OCC_SHARED_MEM], ==, OCC_UNLIMITED);
	EXPECT_INT(r.block_limit[OCC_BARRIERS], ==, OCC_UNLIMITED);
	EXPECT_INT(r.active_blocks_per_sm, ==, 8);
	EXPECT_UINT(r.limiting, ==, BIT(OCC_WARPS));
	EXPECT_INT(r.allocated_regs_per_block, ==, 0);
	assert_usage_sums(&r);

	r = run(7, 5, 1, 0, 0, 0, DEF, 1);
	EXPECT_INT(r.active_blocks_per_sm, ==, 16);
	EXPECT_INT(r.block_limit[OCC_WARPS], ==, 32);
	EXPECT_UINT(r.limiting, ==, BIT(OCC_BLOCKS));
	assert_usage_sums(&r);

	/* From cc 8.0 the driver's 1 KB reserve makes shared memory count even at 0:
	 * cuda_occupancy.h gives 164 on cc 8.0, ncu prints 32 for a 32 KB configuration
	 * (A100 report above). */
	r = run(8, 0, 256, 32, 0, 0, DEF, 1);
	EXPECT_INT(r.block_limit[OCC_SHARED_MEM], ==, 164);
	EXPECT_INT(r.allocated_smem_per_block, ==, 1024);
}
END_TEST

START_TEST(ties_all_reported)
{
	/* cuda_occupancy.h (CUDA 13.0), cc 12.0, 64 threads, 16 registers: warps 24,
	 * blocks 24, barriers 24 (registers 64) */
	struct occ_result r = run(12, 0, 64, 16, 0, 0, DEF, 1);
	assert_limits(&r, 24, 24, 64, 100, 24);
	EXPECT_UINT(r.limiting, ==, BIT(OCC_WARPS) | BIT(OCC_BLOCKS) | BIT(OCC_BARRIERS));
	EXPECT_TRUE(occ_is_limiting(&r, OCC_WARPS));
	EXPECT_TRUE(!occ_is_limiting(&r, OCC_REGISTERS));
	/* cc 9.0, 256 threads, 32 registers (seed 002's formula: 65536 / (32 x 256) = 8
	 * blocks, 64 / 8 warps = 8 blocks): warps and registers tie at 8, 100 % */
	r = run(9, 0, 256, 32, 0, 0, DEF, 1);
	EXPECT_INT(r.active_blocks_per_sm, ==, 8);
	ck_assert_double_eq_tol(r.theoretical_occupancy_pct, 100.0, 1e-9);
	EXPECT_UINT(r.limiting, ==, BIT(OCC_WARPS) | BIT(OCC_REGISTERS));
}
END_TEST

START_TEST(seed000_examples)
{
	/* seeds/000: "on a GPU that supports 64 active warps per SM, 8 active blocks with
	 * 256 threads per block (8 warps per block) results in 64 active warps, and 100%" */
	struct occ_result r = run(7, 0, 256, 16, 0, 0, DEF, 1);
	EXPECT_INT(r.max_warps_per_sm, ==, 64);
	EXPECT_INT(r.active_blocks_per_sm, ==, 8);
	EXPECT_INT(r.active_warps_per_sm, ==, 64);
	ck_assert_double_eq_tol(r.theoretical_occupancy_pct, 100.0, 1e-9);
	/* "16 active blocks with 128 threads per block ... also 64 active warps" (cc 3.5: 16 blocks) */
	r = run(3, 5, 128, 16, 0, 0, DEF, 1);
	EXPECT_INT(r.active_blocks_per_sm, ==, 16);
	EXPECT_INT(r.active_warps_per_sm, ==, 64);
	/* "on a GPU that supports 16 active blocks and 64 active warps per SM, blocks with
	 * 32 threads ... at most 16 active warps (25% theoretical occupancy)": cc 3.5 */
	r = run(3, 5, 32, 16, 0, 0, DEF, 1);
	EXPECT_INT(r.active_warps_per_sm, ==, 16);
	ck_assert_double_eq_tol(r.theoretical_occupancy_pct, 25.0, 1e-9);
	EXPECT_UINT(r.limiting, ==, BIT(OCC_BLOCKS));
}
END_TEST

START_TEST(misfits)
{
	/* cuda_occupancy.h (CUDA 13.0): cc 9.0, 1024 threads x 255 registers ->
	 * blockLimitRegs 0, allocatedRegistersPerBlock 262144 */
	struct occ_result r = run(9, 0, 1024, 255, 0, 0, DEF, 1);
	EXPECT_INT(r.active_blocks_per_sm, ==, 0);
	EXPECT_INT(r.active_warps_per_sm, ==, 0);
	EXPECT_INT(r.misfit, ==, OCC_MISFIT_REGISTERS);
	EXPECT_INT(r.allocated_regs_per_block, ==, 262144);
	EXPECT_UINT(r.limiting, ==, BIT(OCC_REGISTERS));
	assert_usage_sums(&r);
	/* 1024 x 64 fits once */
	r = run(9, 0, 1024, 64, 0, 0, DEF, 1);
	EXPECT_INT(r.active_blocks_per_sm, ==, 1);

	/* Outside the checked range, as occupancy.h promises: 0 blocks and a reason. */
	r = run(9, 0, 2048, 32, 0, 0, DEF, 1);
	EXPECT_INT(r.active_blocks_per_sm, ==, 0);
	EXPECT_INT(r.misfit, ==, OCC_MISFIT_THREADS);
	r = run(9, 0, 0, 32, 0, 0, DEF, 1);
	EXPECT_INT(r.active_blocks_per_sm, ==, 0);
	EXPECT_INT(r.misfit, ==, OCC_MISFIT_THREADS);
	r = run(9, 0, 256, 32, 0, 232449, DEF, 1); /* one byte above the 232448 opt-in */
	EXPECT_INT(r.active_blocks_per_sm, ==, 0);
	EXPECT_INT(r.misfit, ==, OCC_MISFIT_SHARED_MEM);
	assert_usage_sums(&r);
	r = run(9, 0, 256, 32, 0, 232448, DEF, 1); /* exactly the opt-in maximum fits */
	EXPECT_INT(r.active_blocks_per_sm, ==, 1);
}
END_TEST

START_TEST(usage_h20)
{
	/* The H20 report's launch: 1 block of 8 warps resident. */
	struct occ_result r = run(9, 0, 256, 255, 0, 230400, DEF, 1);
	const struct occ_usage *w = &r.usage[OCC_WARPS];
	const struct occ_usage *g = &r.usage[OCC_REGISTERS];
	const struct occ_usage *s = &r.usage[OCC_SHARED_MEM];

	EXPECT_INT(w->total, ==, 64);
	EXPECT_INT(w->per_block, ==, 8);
	EXPECT_INT(w->used, ==, 8);
	/* warps would allow 8 blocks: 7 more are idle */
	EXPECT_INT(w->idle, ==, 56);
	EXPECT_INT(w->leftover, ==, 0);
	EXPECT_INT(g->total, ==, 65536);
	EXPECT_INT(g->used, ==, 65536);
	EXPECT_INT(g->leftover, ==, 0);
	/* ncu: 233.47 KB configuration, 231424 B per block: 2048 B left over */
	EXPECT_INT(s->total, ==, 233472);
	EXPECT_INT(s->used, ==, 231424);
	EXPECT_INT(s->idle, ==, 0);
	EXPECT_INT(s->leftover, ==, 2048);
}
END_TEST

START_TEST(usage_sums_everywhere)
{
	static const int threads[] = { 1, 32, 33, 96, 100, 128, 192, 256, 384, 512, 768, 1000, 1024 };
	static const int regs[] = { 0, 16, 32, 40, 64, 96, 128, 168, 255 };
	static const int64_t smem[] = { 0, 1, 8704, 40960, 49152 };
	static const int carve[] = { DEF, 0, 25, 50, 100 };
	static const int bars[] = { 0, 1, 4, 16 };

	for (size_t a = 0; a < gpu_db_arch_count(db); a++) {
		const struct gpu_arch *ar = gpu_db_arch_at(db, a);
		for (size_t t = 0; t < sizeof(threads) / sizeof(threads[0]); t++)
		for (size_t g = 0; g < sizeof(regs) / sizeof(regs[0]); g++)
		for (size_t s = 0; s < sizeof(smem) / sizeof(smem[0]); s++)
		for (size_t c = 0; c < sizeof(carve) / sizeof(carve[0]); c++)
		for (size_t b = 0; b < sizeof(bars) / sizeof(bars[0]); b++) {
			struct occ_input in = { threads[t], regs[g], 0, smem[s], carve[c], bars[b], 0, 0, 0, false, 0, 0 };
			struct occ_result r;
			if (regs[g] > ar->max_regs_per_thread)
				continue;
			occ_compute(ar, &in, &r);
			assert_usage_sums(&r);
			int lo = OCC_UNLIMITED;
			for (int f = 0; f < OCC_N_FACTORS; f++)
				if (r.block_limit[f] < lo)
					lo = r.block_limit[f];
			EXPECT_INT(r.active_blocks_per_sm, ==, lo);
			EXPECT_INT(r.active_warps_per_sm, <=, r.max_warps_per_sm);
			EXPECT_INT(r.misfit == OCC_FITS, ==, r.active_blocks_per_sm > 0);
			EXPECT_UINT(r.limiting, !=, 0);
		}
	}
}
END_TEST

START_TEST(input_from_launch)
{
	struct launch l;
	struct occ_input in;

	launch_init(&l);
	l.block[0] = 32;
	l.block[1] = 8;   /* the A100 report's (32, 8, 1) */
	l.regs_per_thread = 38;
	l.static_smem_bytes = 80;
	l.dynamic_smem_bytes = 8704;
	l.carveout_pct = 57;
	l.barriers = 2;
	occ_input_from_launch(&l, &in);
	EXPECT_INT(in.threads_per_block, ==, 256);
	EXPECT_INT(in.regs_per_thread, ==, 38);
	EXPECT_INT(in.static_smem_bytes, ==, 80);
	EXPECT_INT(in.dynamic_smem_bytes, ==, 8704);
	EXPECT_INT(in.carveout_pct, ==, 57);
	EXPECT_INT(in.barriers, ==, 2);
}
END_TEST

START_TEST(factor_names)
{
	ck_assert_str_eq(occ_factor_key(OCC_WARPS), "warps");
	ck_assert_str_eq(occ_factor_key(OCC_BLOCKS), "blocks");
	ck_assert_str_eq(occ_factor_key(OCC_REGISTERS), "registers");
	ck_assert_str_eq(occ_factor_key(OCC_SHARED_MEM), "shared_mem");
	ck_assert_str_eq(occ_factor_key(OCC_BARRIERS), "barriers");
	ck_assert_str_eq(occ_factor_label(OCC_SHARED_MEM), "shared memory");
	ck_assert_str_eq(occ_factor_key((enum occ_factor)99), "?");
}
END_TEST

/* ---- occ_vary: one parameter varied */

/* occ_compute's figures in brief, the reference for occ_vary_at. */
static void brief_of(const struct gpu_arch *a, const struct occ_input *in, struct occ_brief *b)
{
	struct occ_result r;

	occ_compute(a, in, &r);
	*b = (struct occ_brief){ r.active_blocks_per_sm, r.active_warps_per_sm,
				 r.vendor == GPU_AMD && r.amd.fits ? r.amd.waves_per_simd : 0,
				 r.limiting };
}

static bool same_brief(const struct occ_brief *a, const struct occ_brief *b)
{
	return a->active_blocks_per_sm == b->active_blocks_per_sm &&
	       a->active_warps_per_sm == b->active_warps_per_sm &&
	       a->waves_per_simd == b->waves_per_simd && a->limiting == b->limiting;
}

/* Every value of p from 0 to hi by step: occ_vary_at gives occ_compute's
 * brief, and no value up to the same_to of an earlier one differs from that
 * one's brief. False at the first failure, with msg saying where. */
static bool vary_agrees(const struct gpu_arch *a, const struct occ_input *in, enum occ_param p,
			int64_t hi, int64_t step, char *msg, size_t size)
{
	struct occ_vary v;
	struct occ_brief promised = { 0 };
	int64_t promised_to = -1, promised_at = -1;

	occ_vary_init(&v, a, in, p);
	for (int64_t x = 0; x <= hi; x += step) {
		struct occ_input t = *in;
		struct occ_brief want, got;
		int64_t to;

		occ_param_set(&t, p, x);
		brief_of(a, &t, &want);
		occ_vary_at(&v, x, &got, &to);
		if (!same_brief(&want, &got) || to < x) {
			snprintf(msg, size, "%s param %d at %lld: %d blocks %d warps %d waves limiting %#x, "
				 "occ_compute %d %d %d %#x, same to %lld", a->arch, (int)p, (long long)x,
				 got.active_blocks_per_sm, got.active_warps_per_sm, got.waves_per_simd,
				 got.limiting, want.active_blocks_per_sm, want.active_warps_per_sm,
				 want.waves_per_simd, want.limiting, (long long)to);
			return false;
		}
		if (x <= promised_to && !same_brief(&want, &promised)) {
			snprintf(msg, size, "%s param %d: %lld said the same up to %lld, %lld differs",
				 a->arch, (int)p, (long long)promised_at, (long long)promised_to,
				 (long long)x);
			return false;
		}
		if (x > promised_to) {
			promised = want;
			promised_at = x;
		}
		if (to > promised_to)
			promised_to = to;
	}
	return true;
}

/* The range a parameter is checked over: past the architecture's maximum, so
 * that the values where no block fits are checked too. */
static int64_t vary_top(const struct gpu_arch *a, enum occ_param p)
{
	switch (p) {
	case OCC_PARAM_THREADS: return a->max_threads_per_block + 2 * a->warp_size + 3;
	case OCC_PARAM_REGISTERS: return a->max_regs_per_thread + 9;
	case OCC_PARAM_SHARED_MEM:
		return (a->smem_per_block_optin_bytes > a->smem_per_block_bytes ?
			a->smem_per_block_optin_bytes : a->smem_per_block_bytes) +
		       a->smem_reserved_per_block_bytes + 3 * a->smem_alloc_unit_bytes + 5;
	default: return 20;
	}
}

/* occ_vary_at against occ_compute for every parameter over its whole range,
 * value by value (shared memory: byte by byte for the first launches), on
 * every architecture, NVIDIA and AMD, with carveouts, the driver's
 * configuration of a report, static shared memory that may not fit, and
 * launches where no block fits at all. */
START_TEST(vary_matches_compute)
{
	static const struct occ_input nv[] = {
		{ 256, 32, 0, 0, DEF, 1, 0, 0, 0, false, 0, 0 },
		{ 128, 64, 4096, 20000, DEF, 2, 0, 0, 0, false, 0, 0 },
		{ 96, 40, 49152, 0, 25, 0, 0, 0, 0, false, 0, 0 },
		{ 1024, 255, 0, 0, DEF, 1, 0, 0, 0, false, 0, 0 },       /* no block fits from cc 3.5 */
		{ 64, 0, 100, 0, 0, 16, 0, 0, 0, false, 0, 0 },
		{ 512, 128, 16384, 65536, 100, 3, 0, 0, 0, false, 0, 0 },
		{ 32, 16, 0, 1000, 50, 0, 0, 0, 0, false, 0, 0 },
	};
	static const struct occ_input amd[] = {
		{ 256, 128, 20480, 0, DEF, 0, 0, 0, 96, false, 0, 0 },
		{ 64, 0, 0, 0, DEF, 0, 0, 0, 0, false, 0, 0 },
		{ 1024, 64, 512, 1000, DEF, 0, 32, 0, 104, false, 0, 0 },
		{ 512, 96, 0, 0, DEF, 0, 64, 64, 48, false, 0, 0 },
		{ 128, 256, 65536, 0, DEF, 0, 0, 256, 16, false, 0, 0 },
	};
	char msg[256];
	int checked = 0;

	for (int vendor = 0; vendor < 2; vendor++) {
		size_t n_archs = vendor ? gpu_db_amd_arch_count(db) : gpu_db_arch_count(db);
		const struct occ_input *launches = vendor ? amd : nv;
		size_t n_launches = vendor ? sizeof(amd) / sizeof(amd[0]) : sizeof(nv) / sizeof(nv[0]);

		for (size_t i = 0; i < n_archs; i++)
		for (int variant = 0; variant < ARCH_N_VARIANTS; variant++) {
			struct gpu_arch a;
			int64_t measured;
			if (!arch_variant(vendor, i, variant, &a, &measured))
				continue;
			for (size_t l = 0; l < n_launches; l++)
			for (int p = 0; p < OCC_N_PARAMS; p++) {
				int64_t step = p == OCC_PARAM_SHARED_MEM && l >= 2 ? 13 : 1;
				struct occ_input in = variant_input(launches[l], measured);
				if (!vary_agrees(&a, &in, (enum occ_param)p,
						 vary_top(&a, (enum occ_param)p), step, msg, sizeof(msg)))
					ck_abort_msg("launch %zu, variant %d: %s", l, variant, msg);
				checked++;
			}
		}
	}
	EXPECT_INT(checked, >, 700);
}
END_TEST

/* A sweep's steps: on an H100 the shared-memory limit, 233472 / allocation,
 * takes 77 values over the 1817 of the chart; past the 8 blocks warps and
 * registers allow, only whether it is still above 8 counts, so the curve
 * takes 9 evaluations: 9 or more blocks (0 to 24832 B), then 8, 7, .. 1. */
START_TEST(vary_same_to_steps)
{
	const struct gpu_arch *a = arch(9, 0);
	struct occ_input in = { 256, 32, 0, 0, DEF, 1, 0, 0, 0, false, 0, 0 };
	struct occ_vary v;
	struct occ_brief b;
	int64_t to;
	int evaluations = 0;

	occ_vary_init(&v, a, &in, OCC_PARAM_SHARED_MEM);
	for (int64_t x = 0; x <= a->smem_per_block_optin_bytes; x = (to / 128 + 1) * 128) {
		occ_vary_at(&v, x, &b, &to);
		evaluations++;
	}
	EXPECT_INT(evaluations, ==, 9);

	/* 0 B allocates the driver's 1 KiB reserve: 228 blocks, capped by 8 */
	occ_vary_at(&v, 0, &b, &to);
	EXPECT_INT(b.active_blocks_per_sm, ==, 8);
	EXPECT_UINT(b.limiting, ==, BIT(OCC_WARPS) | BIT(OCC_REGISTERS));
	/* 233472 / 9 = 25941 bytes, less the reserve, rounded down to 128: 24832 */
	EXPECT_INT(to, ==, 24832);

	/* a parameter set and read as the block's whole shared memory */
	in.static_smem_bytes = 4096;
	occ_param_set(&in, OCC_PARAM_SHARED_MEM, 10000);
	EXPECT_INT(in.static_smem_bytes, ==, 4096);
	EXPECT_INT(in.dynamic_smem_bytes, ==, 5904);
	EXPECT_INT(occ_param_get(&in, OCC_PARAM_SHARED_MEM), ==, 10000);
	occ_param_set(&in, OCC_PARAM_SHARED_MEM, 1000);
	EXPECT_INT(in.static_smem_bytes, ==, 1000);
	EXPECT_INT(in.dynamic_smem_bytes, ==, 0);
	occ_param_set(&in, OCC_PARAM_THREADS, 96);
	occ_param_set(&in, OCC_PARAM_REGISTERS, 40);
	occ_param_set(&in, OCC_PARAM_BARRIERS, 3);
	EXPECT_INT(occ_param_get(&in, OCC_PARAM_THREADS), ==, 96);
	EXPECT_INT(occ_param_get(&in, OCC_PARAM_REGISTERS), ==, 40);
	EXPECT_INT(occ_param_get(&in, OCC_PARAM_BARRIERS), ==, 3);
}
END_TEST

/* ---- occ_sweep: a series of values in one call */

/* Every value of series s of p: occ_sweep's runs (max at a time, the rest
 * asked again) give occ_vary_at's brief value by value, consecutive runs
 * differ and the last ends with the series. False at the first failure,
 * with msg saying where. */
static bool sweep_agrees(const struct gpu_arch *a, const struct occ_input *in, enum occ_param p,
			 const struct occ_series *s, int max, char *msg, size_t size)
{
	struct occ_run runs[64];
	struct occ_vary v;
	int64_t k = 0;

	ck_assert_int_le(max, 64);
	occ_vary_init(&v, a, in, p);
	while (k < s->n) {
		const struct occ_series rest = { s->first + k * s->step, s->step, s->n - k };
		int n = occ_sweep(a, in, p, &rest, runs, max);
		int64_t base = k;

		if (n < 1 || n > max) {
			snprintf(msg, size, "%s param %d from %lld: %d runs", a->arch, (int)p,
				 (long long)rest.first, n);
			return false;
		}
		for (int i = 0; i < n; i++) {
			if (i > 0 && (runs[i].to <= runs[i - 1].to ||
				      same_brief(&runs[i].b, &runs[i - 1].b))) {
				snprintf(msg, size, "%s param %d: run %d does not follow run %d", a->arch,
					 (int)p, i, i - 1);
				return false;
			}
			for (; k <= base + runs[i].to; k++) {
				int64_t x = s->first + k * s->step;
				struct occ_brief want;

				occ_vary_at(&v, x, &want, NULL);
				if (!same_brief(&want, &runs[i].b) ||
				    occ_runs_brief(runs, n, k - base) != &runs[i].b) {
					snprintf(msg, size, "%s param %d at %lld: sweep %d blocks %d warps "
						 "%d waves limiting %#x, occ_vary_at %d %d %d %#x",
						 a->arch, (int)p, (long long)x,
						 runs[i].b.active_blocks_per_sm,
						 runs[i].b.active_warps_per_sm, runs[i].b.waves_per_simd,
						 runs[i].b.limiting, want.active_blocks_per_sm,
						 want.active_warps_per_sm, want.waves_per_simd,
						 want.limiting);
					return false;
				}
			}
		}
		if (n < max && k != s->n) {
			snprintf(msg, size, "%s param %d: %d runs end at %lld of %lld", a->arch, (int)p,
				 n, (long long)k, (long long)s->n);
			return false;
		}
	}
	return true;
}

/* occ_sweep against occ_vary_at (itself checked against occ_compute
 * above) value by value, on every family: NVIDIA's architectures with
 * their variants, AMD's GCN, CDNA and RDNA targets (RDNA in WGP and in CU
 * mode) and TeraScale's VLIW targets; every parameter over its whole range
 * and past it; the series from 0 and from a value off the parameter's
 * grid, by 1 and by a warp or an allocation unit; all runs at once and 3
 * at a time. */
START_TEST(sweep_matches_vary)
{
	static const struct occ_input nv[] = {
		{ 256, 32, 0, 0, DEF, 1, 0, 0, 0, false, 0, 0 },
		{ 128, 64, 4096, 20000, DEF, 2, 0, 0, 0, false, 0, 0 },
		{ 1024, 255, 0, 0, DEF, 1, 0, 0, 0, false, 0, 0 },
		{ 512, 128, 16384, 65536, 100, 3, 0, 0, 0, false, 0, 0 },
	};
	static const struct occ_input amd[] = {
		{ 256, 128, 20480, 0, DEF, 0, 0, 0, 96, false, 0, 0 },
		{ 64, 0, 0, 0, DEF, 0, 0, 0, 0, false, 0, 0 },
		{ 1024, 64, 512, 1000, DEF, 0, 32, 0, 104, false, 0, 0 },
		{ 512, 96, 0, 0, DEF, 0, 64, 64, 48, false, 0, 0 },
	};
	char msg[256];
	int families[4] = { 0 };   /* NVIDIA, AMD in CU mode, AMD in WGP mode, TeraScale */

	for (int vendor = 0; vendor < 2; vendor++) {
		size_t n_archs = vendor ? gpu_db_amd_arch_count(db) : gpu_db_arch_count(db);
		const struct occ_input *launches = vendor ? amd : nv;
		size_t n_launches = vendor ? sizeof(amd) / sizeof(amd[0]) : sizeof(nv) / sizeof(nv[0]);

		for (size_t i = 0; i < n_archs; i++)
		for (int variant = 0; variant < ARCH_N_VARIANTS + vendor; variant++) {
			struct gpu_arch a;
			int64_t measured;
			/* AMD's last variant: an RDNA target in CU mode */
			if (variant == ARCH_N_VARIANTS) {
				if (!arch_variant(vendor, i, ARCH_AS_IS, &a, &measured) || !a.amd.wgp_mode)
					continue;
				a.amd.wgp_mode = false;
			} else if (!arch_variant(vendor, i, variant, &a, &measured)) {
				continue;
			}
			families[!vendor ? 0 : a.amd.vliw ? 3 : a.amd.wgp_mode ? 2 : 1]++;
			for (size_t l = 0; l < n_launches; l++)
			for (int p = 0; p < OCC_N_PARAMS; p++) {
				struct occ_input in = variant_input(launches[l], measured);
				int64_t top = vary_top(&a, (enum occ_param)p);
				int64_t unit = p == OCC_PARAM_THREADS ? a.warp_size
					: p == OCC_PARAM_SHARED_MEM ? 128 : 1;
				int64_t by = p == OCC_PARAM_SHARED_MEM ? 13 : 1;
				const struct occ_series s[] = {
					{ 0, by, top / by + 1 },
					{ unit, unit, top / unit },
					{ 7, unit, (top - 7) / unit + 1 },
				};
				for (size_t j = 0; j < sizeof(s) / sizeof(s[0]); j++)
					if (!sweep_agrees(&a, &in, (enum occ_param)p, &s[j], 64, msg, sizeof(msg)) ||
					    !sweep_agrees(&a, &in, (enum occ_param)p, &s[j], 3, msg, sizeof(msg)))
						ck_abort_msg("launch %zu, variant %d, series %zu: %s", l,
							     variant, j, msg);
			}
		}
	}
	for (int f = 0; f < 4; f++)
		EXPECT_INT(families[f], >, 0);
}
END_TEST

/* Real figures through one sweep each. A100 (cc 8.0), 64 registers a
 * thread: cuda_occupancy.h (CUDA 13.0) allocates 64 x 32 = 2048 registers a
 * warp, and 65536 / 2048 = 32 warps an SM; blocks of w warps: 32 / w of
 * them (the 32 blocks an SM takes cap 1-warp blocks), 32, 32, 30 (3 x 10),
 * 32 warps at 1, 2, 3 and 4 warps a block. MI300X (gfx942), 16 VGPRs and
 * 20480 bytes of LDS (test_amd.c's cdna_lds_limit: 65536 / 20480 = 3
 * workgroups): 3 workgroups of 64, 128 and 256 work-items, 3, 6 and 12
 * waves a CU, the LDS limiting throughout. */
START_TEST(sweep_real_figures)
{
	const struct gpu_arch *a100 = arch(8, 0);
	const struct gpu_arch *mi300x = gpu_db_find_target(db, "gfx942");
	struct occ_input nv = { 256, 64, 0, 0, DEF, 1, 0, 0, 0, false, 0, 0 };
	struct occ_input cdna = { 256, 16, 20480, 0, DEF, 0, 64, 0, 16, false, 0, 0 };
	const struct occ_series warps = { 32, 32, 4 }, wave64 = { 64, 64, 4 };
	struct occ_run runs[8];
	static const int nv_warps[] = { 32, 32, 30, 32 }, nv_blocks[] = { 32, 16, 10, 8 };
	static const int amd_waves[] = { 3, 6, 9, 12 };
	int n;

	n = occ_sweep(a100, &nv, OCC_PARAM_THREADS, &warps, runs, 8);
	EXPECT_INT(n, ==, 4);
	for (int k = 0; k < 4; k++) {
		EXPECT_INT(occ_runs_brief(runs, n, k)->active_warps_per_sm, ==, nv_warps[k]);
		EXPECT_INT(occ_runs_brief(runs, n, k)->active_blocks_per_sm, ==, nv_blocks[k]);
	}
	EXPECT_UINT(runs[0].b.limiting, ==, BIT(OCC_BLOCKS) | BIT(OCC_REGISTERS));
	EXPECT_UINT(runs[2].b.limiting, ==, BIT(OCC_REGISTERS));

	ck_assert(mi300x != NULL);
	n = occ_sweep(mi300x, &cdna, OCC_PARAM_THREADS, &wave64, runs, 8);
	EXPECT_INT(n, ==, 4);
	for (int k = 0; k < 4; k++) {
		EXPECT_INT(occ_runs_brief(runs, n, k)->active_blocks_per_sm, ==, 3);
		EXPECT_INT(occ_runs_brief(runs, n, k)->active_warps_per_sm, ==, amd_waves[k]);
		EXPECT_UINT(occ_runs_brief(runs, n, k)->limiting, ==, BIT(OCC_SHARED_MEM));
	}
	/* The registers from 0 to 64 on the A100 at 256 threads (8 warps a
	 * block, 64 / 8 = 8 blocks by the warps): up to 24 registers a warp
	 * allocates 768 (the unit is 256), a sub-partition's 16384 hold 21
	 * warps, 84 an SM, 10 blocks, so the warps alone limit; from 25 to 32,
	 * 1024 a warp, 16 x 4 = 64 warps, 8 blocks, both limit; at 64, 2048 a
	 * warp, 32 warps, 4 blocks. */
	{
		const struct occ_series regs = { 0, 1, 65 };
		n = occ_sweep(a100, &nv, OCC_PARAM_REGISTERS, &regs, runs, 8);
		EXPECT_INT(runs[0].b.active_blocks_per_sm, ==, 8);
		EXPECT_INT(runs[0].to, ==, 24);
		EXPECT_UINT(runs[0].b.limiting, ==, BIT(OCC_WARPS));
		EXPECT_INT(runs[1].b.active_blocks_per_sm, ==, 8);
		EXPECT_INT(runs[1].to, ==, 32);
		EXPECT_UINT(runs[1].b.limiting, ==, BIT(OCC_WARPS) | BIT(OCC_REGISTERS));
		EXPECT_INT(runs[n - 1].to, ==, 64);
		EXPECT_INT(runs[n - 1].b.active_blocks_per_sm, ==, 4);
	}
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("occupancy");
	TCase *ncu = tcase_create("ncu_reports");
	TCase *calc = tcase_create("calculator");
	TCase *misc = tcase_create("model");

	tcase_add_checked_fixture(ncu, db_setup, db_teardown);
	tcase_add_test(ncu, ncu_h20_255_registers);
	tcase_add_test(ncu, ncu_turing_register_tiled);
	tcase_add_test(ncu, ncu_v100_step_factor);
	tcase_add_test(ncu, ncu_v100_compute_flux);
	tcase_add_test(ncu, ncu_a100_adaptive_average_pool);
	tcase_add_test(ncu, ncu_a100_reduce_kernel);
	tcase_add_test(ncu, ncu_ada_heat_kernel);
	tcase_add_test(ncu, ncu_b200_merge_states);
	tcase_add_test(ncu, ncu_b200_batch_decode);
	tcase_add_test(ncu, ncu_b200_flash_fwd);
	tcase_add_test(ncu, ncu_cc120_block_128);
	suite_add_tcase(s, ncu);

	tcase_add_checked_fixture(calc, db_setup, db_teardown);
	tcase_add_test(calc, calc_a100_carveout);
	tcase_add_test(calc, calc_barriers_hopper);
	tcase_add_test(calc, calc_barriers_cc120);
	tcase_add_test(calc, calc_barriers_before_hopper_unlimited);
	tcase_add_test(calc, calc_gp100_rule);
	tcase_add_test(calc, calc_cc37_registers);
	tcase_add_test(calc, calc_block_not_warp_multiple);
	tcase_add_test(calc, calc_each_factor_limits);
	suite_add_tcase(s, calc);

	tcase_add_checked_fixture(misc, db_setup, db_teardown);
	tcase_set_timeout(misc, 60);
	tcase_add_test(misc, unlimited_factors);
	tcase_add_test(misc, ties_all_reported);
	tcase_add_test(misc, seed000_examples);
	tcase_add_test(misc, misfits);
	tcase_add_test(misc, usage_h20);
	tcase_add_test(misc, usage_sums_everywhere);
	tcase_add_test(misc, input_from_launch);
	tcase_add_test(misc, factor_names);
	tcase_add_test(misc, vary_matches_compute);
	tcase_add_test(misc, vary_same_to_steps);
	tcase_add_test(misc, sweep_matches_vary);
	tcase_add_test(misc, sweep_real_figures);
	suite_add_tcase(s, misc);
	return s;
}

int main(void)
{
	return run_suite(suite());
}
