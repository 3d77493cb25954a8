/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_rules.c - findings raised (or not) for real launches, with this launch's numbers in their text. */
#include "config.h"

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "error.h"
#include "gpu.h"
#include "occupancy.h"
#include "rules.h"
#include "waves.h"
#include "testutil.h"

/* One evaluation and everything it points at. */
struct eval {
	struct gpu gpu;
	struct occ_input in;
	struct occ_result r;
	struct waves w;
	struct finding f[RULES_MAX_FINDINGS];
	int n;
};

/* The findings of e->in on e->gpu. */
static void reevaluate(struct eval *e, int64_t grid)
{
	struct rules_input ri;

	occ_compute(&e->gpu.arch, &e->in, &e->r);
	waves_compute(&e->r, e->gpu.sm_count, grid, &e->w);
	ri = (struct rules_input){ .gpu = &e->gpu, .in = &e->in, .grid_size = grid, .r = &e->r,
				   .w = &e->w };
	e->n = rules_evaluate(&ri, e->f);
	ck_assert_int_ge(e->n, 0);
	ck_assert_int_le(e->n, RULES_MAX_FINDINGS);
}

static void evaluate(struct eval *e, const char *gpu, int threads, int regs, int64_t st, int64_t dyn,
		     int carve, int64_t grid)
{
	struct occ_error err = { 0 };

	memset(e, 0, sizeof(*e));
	ck_assert_msg(gpu_db_find(db, gpu, &e->gpu, &err), "%s", err.message);
	e->in = (struct occ_input){ threads, regs, st, dyn, carve, 1, 0, 0, 0, false, 0, 0 };
	reevaluate(e, grid);
}

static const struct finding *find(const struct eval *e, const char *id)
{
	for (int i = 0; i < e->n; i++)
		if (strcmp(e->f[i].id, id) == 0)
			return &e->f[i];
	return NULL;
}

static void has(const struct eval *e, const char *id, const char *const *words)
{
	const struct finding *f = find(e, id);

	ck_assert_msg(f != NULL, "finding \"%s\" missing", id);
	for (size_t i = 0; words && words[i]; i++)
		ck_assert_msg(strstr(f->text, words[i]) != NULL, "finding \"%s\": \"%s\" not in \"%s\"",
			      id, words[i], f->text);
}

static void lacks(const struct eval *e, const char *id)
{
	ck_assert_msg(find(e, id) == NULL, "finding \"%s\" should not be there", id);
}

static void sorted(const struct eval *e)
{
	for (int i = 1; i < e->n; i++)
		ck_assert_int_ge(e->f[i - 1].severity, e->f[i].severity);
}

#define DEF LAUNCH_CARVEOUT_DEFAULT

/* ncu/opinsight_a100... adaptive_average_pool: 256 threads, 38 registers, A100 (108 SMs),
 * Block Limit Registers 6, 48 warps, 75 %. */
START_TEST(limiter_registers)
{
	struct eval e;
	/* The arithmetic is the derivation's (test_derive.c): the finding names
	 * the limit and the step. */
	static const char *const words[] = { "6 blocks x 8 warps = 48 of 64", "75.0%", "registers",
					     "Registers allow 6 blocks per SM",
					     "registers 38 -> 32: 6 -> 8 blocks", NULL };

	evaluate(&e, "A100", 256, 38, 0, 0, DEF, 256);
	has(&e, "limiter", words);
	lacks(&e, "cannot_run");
	lacks(&e, "block_not_warp_multiple");
	sorted(&e);
	ck_assert_int_eq(find(&e, "limiter")->severity, RULES_WARNING);
}
END_TEST

/* The H20 report: registers and shared memory both limit (ncu rule text names both). */
START_TEST(limiter_two_factors)
{
	struct eval e;
	static const char *const words[] = { "= 8 of 64 warps", "12.5%", "registers",
					     "Shared memory allows 1 block per SM", NULL };

	evaluate(&e, "H20", 256, 255, 0, 230400, DEF, 78);
	has(&e, "limiter", words);
	/* grid 78 on 78 SMs: one full wave, nothing partial */
	lacks(&e, "tail_effect");
	lacks(&e, "small_grid");
	lacks(&e, "grid_below_sms");
}
END_TEST

/* 1024 threads x 255 registers on an H100 (cuda_occupancy.h (CUDA 13.0): 0 blocks,
 * 262144 registers per block). */
START_TEST(cannot_run_registers)
{
	struct eval e;
	static const char *const words[] = { "255 registers x 1024 threads", "262144", "65536", NULL };

	evaluate(&e, "H100", 1024, 255, 0, 0, DEF, 132);
	has(&e, "cannot_run", words);
	ck_assert_int_eq(find(&e, "cannot_run")->severity, RULES_ERROR);
	ck_assert_str_eq(e.f[0].id, "cannot_run");
	lacks(&e, "limiter");
	lacks(&e, "tail_effect");
	lacks(&e, "small_grid");
}
END_TEST

START_TEST(cannot_run_shared_memory)
{
	struct eval e;

	/* one byte over the cc 9.0 opt-in maximum (232448): 232449 + 1024 -> 233472 allocated */
	static const char *const words[] = { "233472", NULL };
	evaluate(&e, "H100", 256, 32, 0, 232449, DEF, 132);
	has(&e, "cannot_run", words);
}
END_TEST

/* ncu/opinsight_a100... grid 1024: "1 full waves and a partial wave ... up to 50.0%". */
START_TEST(tail_effect)
{
	struct eval e;
	static const char *const words[] = { "1 full wave", "648 blocks", "376 blocks", "1024", "50.0%",
					     NULL };

	evaluate(&e, "A100", 256, 38, 0, 0, 19, 1024);
	has(&e, "tail_effect", words);
	/* NVIDIA's words as Nsight Compute's "Waves Per SM" (1024 / 648) */
	has(&e, "tail_effect", (const char *const[]){ "(1024 / 648 = 1.58 waves per SM)", NULL });
	ck_assert_str_eq(find(&e, "tail_effect")->title, "Partial last wave (tail effect)");
	ck_assert_int_eq(find(&e, "tail_effect")->severity, RULES_WARNING);
	lacks(&e, "small_grid");
	lacks(&e, "grid_below_sms");

	/* 3 full waves: "up to 25.0%" */
	static const char *const words3[] = { "3 full waves", "25.0%", NULL };
	evaluate(&e, "A100", 256, 38, 0, 0, 19, 2048);
	has(&e, "tail_effect", words3);

	/* exactly two waves: no tail */
	evaluate(&e, "A100", 256, 38, 0, 0, 19, 1296);
	lacks(&e, "tail_effect");
	lacks(&e, "small_grid");
}
END_TEST

/* The A100 pooling kernel's next register step in the compiler's terms:
 * 32 registers x 256 threads x 8 blocks = 65536, the SM's register file. */
START_TEST(registers_advice)
{
	struct eval e;
	static const char *const words[] = { "38 -> 32 registers per thread gives 6 -> 8 blocks",
		"__launch_bounds__(256, 8)", "-maxrregcount=32", "spill", "-Xptxas -v", NULL };

	evaluate(&e, "A100", 256, 38, 0, 0, DEF, 256);
	has(&e, "registers_advice", words);
	ck_assert_int_eq(find(&e, "registers_advice")->severity, RULES_INFO);
	/* 32 registers: full occupancy, nothing to gain */
	evaluate(&e, "A100", 256, 32, 0, 0, DEF, 256);
	lacks(&e, "registers_advice");
	/* shared memory limits, not registers */
	evaluate(&e, "A100", 256, 32, 0, 16384, 25, 108);
	lacks(&e, "registers_advice");
}
END_TEST

/* 16 KB of dynamic shared memory at a 25% carveout on an A100: 25 x 167936 /
 * 100 = 41984 B snaps to the 64 KB configuration, 65536 / (16384 + 1024
 * reserved) = 3 blocks; cuda_occupancy.h's rule (pct x 167936 / 100, aligned
 * up to a configuration) takes 60% to 100761 B, the 100 KB one: 5 blocks. */
START_TEST(carveout_advice)
{
	struct eval e;
	static const char *const words[] = { "64 KB shared-memory configuration",
		"carveout preference of 60%", "--carveout 60", "selects 100 KB", "3 -> 5 blocks",
		"24 -> 40 warps", NULL };

	evaluate(&e, "A100", 256, 32, 0, 16384, 25, 108);
	has(&e, "carveout_advice", words);
	/* the default carveout already gets the largest configuration */
	evaluate(&e, "A100", 256, 32, 0, 16384, DEF, 108);
	lacks(&e, "carveout_advice");
	/* Kepler (cc 3.5: 16, 32 or 48 KB) preferring L1: 12 KB blocks fit one
	 * in 16 KB; preferring both equally gives 32 KB, two (cuda_occupancy.h's
	 * cudaOccSMemPreference) */
	evaluate(&e, "K40", 256, 32, 0, 12288, DEF, 1000);
	e.in.cache_config = LAUNCH_CACHE_L1;
	reevaluate(&e, 1000);
	has(&e, "carveout_advice", (const char *const[]){ "gets 16 KB", "cudaFuncCachePreferEqual",
		"--cache-config equal", "gives 32 KB: 1 -> 2 blocks", NULL });
	ck_assert_ptr_null(strstr(find(&e, "carveout_advice")->text, "carveout"));
	/* one configuration (cc 6.1): nothing to choose */
	evaluate(&e, "GTX 1080", 256, 32, 0, 16384, DEF, 108);
	lacks(&e, "carveout_advice");
}
END_TEST

/* The pooling kernel's grid 1024 on an A100: 6 blocks x 108 SMs = 648 per
 * wave, 2 waves, 1024 / 1296 = 79.0% of the slots busy; 768 threads keep 48
 * warps (2 blocks of 24) in 216 per wave: 5 waves, 1024 / 1080 = 94.8%. */
START_TEST(block_size_waves)
{
	struct eval e;
	static const char *const words[] = { "1024 blocks of 256 threads take 2 waves of 648",
		"79.0% of the waves' block slots busy", "768 threads, 5 waves of 216, 94.8% busy",
		"runtime x 0.83", NULL };

	evaluate(&e, "A100", 256, 38, 0, 0, DEF, 1024);
	has(&e, "block_size_waves", words);
	/* exactly two waves: nothing idle */
	evaluate(&e, "A100", 256, 38, 0, 0, DEF, 1296);
	lacks(&e, "block_size_waves");
	/* less than a wave: no partial wave after a full one */
	evaluate(&e, "A100", 256, 38, 0, 0, DEF, 256);
	lacks(&e, "block_size_waves");
}
END_TEST

/* The A100 report's grid 256 (Waves Per SM 0.40): more blocks than SMs, less than a wave. */
START_TEST(small_grid)
{
	struct eval e;
	static const char *const words[] = { "256 blocks", "108 SMs x 6 blocks = 648", NULL };

	evaluate(&e, "A100", 256, 38, 0, 0, 19, 256);
	has(&e, "small_grid", words);
	lacks(&e, "grid_below_sms");
	lacks(&e, "tail_effect");
}
END_TEST

/* ncu/constructed_ncu_raw_page_b200_cc100_splitkv_b8.csv line 5, splitkv_combine_kernel:
 * grid 72 on 148 SMs, 76 of them idle. */
START_TEST(grid_below_sms)
{
	struct eval e;
	static const char *const words[] = { "72 blocks for 148 SMs", "76 SMs", NULL };

	evaluate(&e, "B200", 128, 45, 96, 0, 13, 72);
	has(&e, "grid_below_sms", words);
	lacks(&e, "small_grid");
	lacks(&e, "tail_effect");

	/* grid = SM count: no longer below */
	evaluate(&e, "B200", 128, 45, 96, 0, 13, 148);
	lacks(&e, "grid_below_sms");
	has(&e, "small_grid", NULL);
}
END_TEST

/* 100 threads on a V100 (cuda_occupancy.h (CUDA 13.0): 4 warps per block, 16 blocks). */
START_TEST(block_not_warp_multiple)
{
	struct eval e;
	static const char *const words[] = { "100 threads per block", "4 warps of 32", "28 idle lanes",
					     "96 or 128", NULL };

	evaluate(&e, "V100-SXM2-16GB", 100, 32, 0, 0, DEF, 1280);
	has(&e, "block_not_warp_multiple", words);
	evaluate(&e, "V100-SXM2-16GB", 128, 32, 0, 0, DEF, 1280);
	lacks(&e, "block_not_warp_multiple");
}
END_TEST

/* P100 (cc 6.0) has 64 KB of shared memory per SM and no carveout
 * (cuda_occupancy.h (CUDA 13.0) ignores the carveout before cc 7.0); V100 has one. */
START_TEST(carveout_ignored_before_volta)
{
	struct eval e;
	static const char *const words[] = { "fixed 64 KB", "50%", NULL };

	evaluate(&e, "P100", 256, 32, 0, 0, 50, 1000);
	has(&e, "carveout_ignored", words);
	evaluate(&e, "P100", 256, 32, 0, 0, DEF, 1000);
	lacks(&e, "carveout_ignored");
	evaluate(&e, "V100-SXM2-16GB", 256, 32, 0, 0, 50, 1000);
	lacks(&e, "carveout_ignored");
}
END_TEST

START_TEST(full_occupancy_is_info)
{
	struct eval e;

	/* ncu/opinsight_a100... reduce_kernel: 512 x 26 registers, 100 % */
	evaluate(&e, "A100", 512, 26, 0, 0, DEF, 4 * 108 * 3);
	has(&e, "limiter", NULL);
	ck_assert_int_eq(find(&e, "limiter")->severity, RULES_INFO);
	lacks(&e, "tail_effect");
	ck_assert_str_eq(rules_severity_key(RULES_ERROR), "error");
	ck_assert_str_eq(rules_severity_key(RULES_WARNING), "warning");
	ck_assert_str_eq(rules_severity_key(RULES_INFO), "info");
}
END_TEST

/* AMD findings in AMD's words. MI300X (gfx942; data/amd_archs.csv: 4 SIMDs x
 * 8 wave slots, 512 VGPRs per lane, 64 KiB LDS per CU in 512 B granules):
 * 256 work-items = 4 waves, 96 VGPRs + 32 AGPRs -> 128 -> 4 waves per SIMD;
 * LDS 20000 B -> 20480 -> 3 workgroups -> 3 waves per SIMD: LDS limits at
 * 37.5%. 16384 B gives 65536 / 16384 = 4 workgroups = 4 waves per SIMD. */
static void evaluate_amd(struct eval *e, const char *gpu, int threads, int vgprs, int agprs,
			 int sgprs, int64_t lds, int64_t grid)
{
	struct occ_error err = { 0 };
	struct rules_input ri;

	memset(e, 0, sizeof(*e));
	ck_assert_msg(gpu_db_find(db, gpu, &e->gpu, &err), "%s", err.message);
	e->in = (struct occ_input){ threads, vgprs, lds, 0, DEF, 1, 0, 0, 0, false, 0, 0 };
	e->in.agprs = agprs;
	e->in.sgprs = sgprs;
	occ_compute(&e->gpu.arch, &e->in, &e->r);
	waves_compute(&e->r, e->gpu.sm_count, grid, &e->w);
	ri = (struct rules_input){ .gpu = &e->gpu, .in = &e->in, .grid_size = grid, .r = &e->r,
				   .w = &e->w };
	e->n = rules_evaluate(&ri, e->f);
	ck_assert_int_ge(e->n, 0);
}

/* MI300X (gfx942): 512 VGPRs per lane, granule 8: 136 VGPRs leave 3 waves
 * per SIMD, 128 leave 4 (512 / 128). The compiler's knob is
 * amdgpu_waves_per_eu; spills show in its resource-usage remarks. */
START_TEST(amd_registers_advice)
{
	struct eval e;
	static const char *const words[] = { "136 -> 128 VGPRs per work-item gives 3 -> 4 waves",
		"amdgpu_waves_per_eu(4)", "__launch_bounds__(256)", "128 VGPRs or fewer",
		"-Rpass-analysis=kernel-resource-usage", "VGPRs Spill", NULL };

	evaluate_amd(&e, "MI300X", 256, 136, 0, 0, 0, 5000);
	has(&e, "registers_advice", words);
	ck_assert_ptr_null(strstr(find(&e, "registers_advice")->text, "maxrregcount"));
}
END_TEST

START_TEST(amd_limiter_and_next_step)
{
	struct eval e;
	static const char *const words[] = {
		"3 workgroups of 4 waves (wave64) per CU: 12 of 32 waves per CU, 37.5%",
		"LLVM's occupancy: 3 of 8 waves per SIMD (37.5%).",
		"LDS: 3 waves per SIMD, 3 workgroups.",
		"Next step: LDS bytes 20000 -> 16384: 3 -> 4 waves per SIMD", NULL };

	evaluate_amd(&e, "MI300X", 256, 96, 32, 64, 20000, 5000);
	has(&e, "limiter", words);
	/* 12 waves on 4 SIMDs fill LLVM's 3 per SIMD: the figures agree */
	lacks(&e, "amd_workgroup_packing");
	/* 5000 workgroups on 304 CUs x 3: 912 per wave, 5.48 waves. Rounds of
	 * workgroups over the GPU, in the occupancy pane's words ("GPU waves
	 * (rounds of workgroups, not wavefronts)"), never "waves per CU",
	 * which are wavefronts on AMD (issue 22). */
	has(&e, "tail_effect", (const char *const[]){ "5 full GPU waves of 912 workgroups",
						      "a partial GPU wave of 440 workgroups",
						      "(5000 / 912 = 5.48 GPU waves in all)",
						      "(1 / 6 GPU waves)", NULL });
	ck_assert_str_eq(find(&e, "tail_effect")->title, "Partial last GPU wave (tail effect)");
	ck_assert(strstr(find(&e, "tail_effect")->text, "waves per CU") == NULL);
	/* LDS limits: no VGPR advice */
	lacks(&e, "registers_advice");
	for (int i = 0; i < e.n; i++) {
		ck_assert_msg(!strstr(e.f[i].text, "SM") && !strstr(e.f[i].text, "warp") &&
			      !strstr(e.f[i].text, "block"), "NVIDIA words in: %s", e.f[i].text);
	}
}
END_TEST

/* RX 7900 XTX in WGP mode: 128 VGPRs -> 144 (granule 24), 1536 / 144 = 10
 * waves per SIMD; 512 work-items in wave32 = 16 waves, 10 x 4 SIMDs / 16 = 2
 * workgroups per WGP. 48 WGPs: 100 workgroups are about one wave. */
START_TEST(amd_wgp_words)
{
	struct eval e;

	evaluate_amd(&e, "RX 7900 XTX", 512, 128, 0, 0, 0, 30);
	has(&e, "limiter", (const char *const[]){ "2 workgroups of 16 waves (wave32) per WGP", NULL });
	has(&e, "grid_below_sms", (const char *const[]){ "30 workgroups for 48 WGPs", NULL });
	/* LLVM counts 10 waves per SIMD from VGPRs; whole workgroups give 2 x 16
	 * = 32 waves on 4 SIMDs = 8 */
	has(&e, "amd_workgroup_packing", (const char *const[]){
		"LLVM's occupancy, the one the compiler reports, is 10 of 16 waves per SIMD (62.5%)",
		"2 workgroups of 16 waves fit per WGP, 32 of 64 waves per WGP (50.0%, the occupancy shown)",
		"32 waves on 4 SIMDs = 8.00 per SIMD", "or fewer VGPRs,", NULL });
	has(&e, "limiter", (const char *const[]){ "32 of 64 waves per WGP, 50.0% occupancy", NULL });
}
END_TEST

/* Issue 21's figure: the AMD headline is the resident waves per CU (WGP)
 * over its wave slots, and wherever LLVM's waves per SIMD (the compiler's
 * "; Occupancy:") give another figure, a finding says why. 3,000 random
 * launches (a fixed seed: every run draws the same) on every AMD device of
 * the database but TeraScale's, whose CU is one SIMD engine; the issue found
 * 472 of 1,977 such launches with no explaining finding. */
static uint64_t xorshift(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* 1 where the two figures differ (with the finding), 0 where they agree. */
static int amd_headline_checked(const struct eval *e, const char *what)
{
	const struct occ_result *r = &e->r;
	int simds = engine_schedulers_per_unit(&e->gpu.arch);

	ck_assert_msg(r->theoretical_occupancy_pct ==
		      (r->amd.fits ? 100.0 * r->active_warps_per_sm / r->max_warps_per_sm : 0.0),
		      "%s: headline %.4f, %d of %d waves per unit", what,
		      r->theoretical_occupancy_pct, r->active_warps_per_sm, r->max_warps_per_sm);
	if (!r->amd.fits || r->amd.waves_per_simd * simds == r->active_warps_per_sm) {
		ck_assert_msg(!find(e, "amd_workgroup_packing"), "%s: finding without a difference",
			      what);
		return 0;
	}
	ck_assert_msg(find(e, "amd_workgroup_packing") != NULL,
		      "%s: %d of %d waves per unit beside LLVM's %d of %d per SIMD, no finding", what,
		      r->active_warps_per_sm, r->max_warps_per_sm, r->amd.waves_per_simd,
		      r->amd.max_waves_per_simd);
	return 1;
}

START_TEST(amd_headline_random_launches)
{
	uint64_t seed = 0x2021a4d20ull;
	size_t devices[256], nd = 0;
	int differ = 0, launches = 0;

	for (size_t i = 0; i < gpu_db_device_count(db) && nd < 256; i++) {
		struct gpu g;
		ck_assert(gpu_db_device_at(db, i, &g));
		if (engine_of(&g.arch)->simd_waves)
			devices[nd++] = i;
	}
	ck_assert_uint_gt(nd, 10);
	while (launches < 3000) {
		struct gpu g;
		struct eval e;
		const struct amd_arch *m;
		char what[160];
		int threads, vgprs, agprs, sgprs, wave;
		int64_t lds;

		ck_assert(gpu_db_device_at(db, devices[xorshift(&seed) % nd], &g));
		m = &g.arch.amd;
		wave = m->wave32 && m->wave64 ? (xorshift(&seed) & 1 ? 32 : 64) : 0;
		threads = 1 + (int)(xorshift(&seed) % (uint64_t)m->max_workgroup_size);
		vgprs = 1 + (int)(xorshift(&seed) % (uint64_t)m->max_vgprs_per_wave);
		agprs = m->max_agprs_per_wave > 0 && xorshift(&seed) % 4 == 0
			? (int)(xorshift(&seed) % (uint64_t)(m->max_agprs_per_wave + 1)) : 0;
		sgprs = (int)(xorshift(&seed) % 105);
		lds = (int64_t)(xorshift(&seed) % (uint64_t)(m->max_lds_per_workgroup_bytes + 1));
		if (xorshift(&seed) % 3 == 0)
			lds = 0;
		evaluate_amd(&e, g.name, threads, vgprs, agprs, sgprs, lds, 1000);
		if (wave) {
			struct rules_input ri;
			e.in.wave_size = wave;
			occ_compute(&e.gpu.arch, &e.in, &e.r);
			waves_compute(&e.r, e.gpu.sm_count, 1000, &e.w);
			ri = (struct rules_input){ .gpu = &e.gpu, .in = &e.in, .grid_size = 1000, .r = &e.r,
						   .w = &e.w };
			e.n = rules_evaluate(&ri, e.f);
		}
		snprintf(what, sizeof(what), "%s wave%d %d work-items %d VGPRs %d AGPRs %d SGPRs "
			 "%lld B", g.name, e.r.amd.wave_size, threads, vgprs, agprs, sgprs,
			 (long long)lds);
		differ += amd_headline_checked(&e, what);
		launches++;
	}
	/* The draw reaches both kinds: launches where whole workgroups leave
	 * LLVM's room unused, and launches where they fill it. */
	ck_assert_int_gt(differ, 100);
	ck_assert_int_lt(differ, launches - 100);
}
END_TEST

/* A workgroup whose VGPRs do not fit, said in AMD's terms: 1024 work-items on
 * MI300X = 16 waves; 256 VGPRs -> 512 / 256 = 2 waves per SIMD, x 4 SIMDs = 8
 * waves per CU, fewer than 16. */
START_TEST(amd_cannot_run_vgprs)
{
	struct eval e;

	evaluate_amd(&e, "MI300X", 1024, 256, 0, 0, 0, 100);
	has(&e, "cannot_run", (const char *const[]){ "leave room for 2 waves per SIMD",
						     "8 across the 4 SIMDs of a CU, fewer than the 16 waves", NULL });
}
END_TEST

/* The schedulers' figures answer "is occupancy the problem?" with NVIDIA's
 * thresholds (IssueSlotUtilization: issuing on 60 % of cycles; Speed Of
 * Light: a unit at 80 % is the bottleneck). The launch: 256 threads, 64
 * registers on an H100 (50 %, 8 of 16 warps per scheduler). */
static void sched_eval(struct eval *e, const struct report_sched *m)
{
	struct crosscheck_record rep = { .present = true, .sched = *m };

	evaluate(e, "H100 SXM", 256, 64, 0, 0, DEF, 1024);
	e->n = rules_report(&e->gpu, &e->r, &e->w, &rep, NULL, NULL, e->f, e->n, false);
}

START_TEST(scheduler_figures_answer)
{
	struct eval e;
	struct report_sched idle = { .issued_warps = { true, 0.25 }, .active_warps = { true, 6.5 },
				     .eligible_warps = { true, 0.4 } };
	struct report_sched starved = { .issue_active_pct = { true, 20 },
					.active_warps = { true, 0.8 } };
	struct report_sched busy = { .issue_active_pct = { true, 60 } };
	struct report_sched saturated = { .issued_warps = { true, 0.3 },
					  .memory_throughput_pct = { true, 91.5 },
					  .sm_throughput_pct = { true, 80.0 } };

	sched_eval(&e, &idle);
	has(&e, "occupancy_helps", (const char *const[]){ "every 4.0 cycles (25% of its issue slots",
		"6.50 active warps on average, of 16 it can hold (8.00 theoretical",
		"0.40 eligible per cycle", "raise the theoretical occupancy (50.0%, 8.00 warps", NULL });
	lacks(&e, "occupancy_enough");
	sched_eval(&e, &starved);
	has(&e, "occupancy_helps", (const char *const[]){ "every 5.0 cycles",
		"Fewer than one active warp per scheduler", NULL });
	ck_assert_ptr_null(strstr(find(&e, "registers_advice")->text, "already enough"));
	sched_eval(&e, &busy);
	has(&e, "occupancy_enough", (const char *const[]){ "on 60% of its active cycles", NULL });
	lacks(&e, "occupancy_helps");
	/* The register advice says its step is unlikely to pay. */
	has(&e, "registers_advice", (const char *const[]){ "already enough (\"Issue slots are busy", NULL });
	sched_eval(&e, &saturated);
	has(&e, "occupancy_enough", (const char *const[]){ "memory throughput is 91.5%",
		"50.0% theoretical occupancy is not worth chasing", NULL });
	lacks(&e, "occupancy_helps");
}
END_TEST

/* Idle schedulers at the maximum occupancy: 32 registers x 256 threads =
 * 8192 of the H100's 65536 per SM, 8 blocks x 8 warps = all 64 warps (16
 * per scheduler). The id says what the title says: occupancy cannot help. */
START_TEST(scheduler_idle_at_maximum)
{
	struct eval e;
	struct crosscheck_record rep = { .present = true,
		.sched = { .issued_warps = { true, 0.25 }, .active_warps = { true, 6.5 } } };

	evaluate(&e, "H100 SXM", 256, 32, 0, 0, DEF, 1024);
	e.n = rules_report(&e.gpu, &e.r, &e.w, &rep, NULL, NULL, e.f, e.n, false);
	has(&e, "occupancy_at_maximum", (const char *const[]){ "every 4.0 cycles",
		"of 16 it can hold (16.00 theoretical", "More warps cannot be resident", NULL });
	ck_assert_str_eq(find(&e, "occupancy_at_maximum")->title,
			 "Schedulers idle, and occupancy is at its maximum");
	lacks(&e, "occupancy_helps");
}
END_TEST

/* Disagreements are never dropped: with every slot taken, they still appear
 * (the values are not a corpus record's: this tests room, not the model). */
START_TEST(crosscheck_never_dropped)
{
	struct finding out[RULES_MAX_FINDINGS];
	struct crosscheck_record rep = { .present = true };
	struct occ_result r = { 0 };
	struct waves w = { 0 };
	struct occ_error err = { 0 };
	struct gpu g;
	int n;

	ck_assert(gpu_db_find(db, "NVIDIA B200", &g, &err));
	for (int i = 0; i < RULES_MAX_FINDINGS; i++) {
		memset(&out[i], 0, sizeof(out[i]));
		strcpy(out[i].id, "filler");
		out[i].severity = RULES_INFO;
	}
	rep.check.compared = rep.check.disagree = (1u << CROSSCHECK_WARPS) |
		(1u << CROSSCHECK_REGISTERS) | (1u << CROSSCHECK_WAVES);
	rep.check.report[CROSSCHECK_WARPS] = 16, rep.check.occview[CROSSCHECK_WARPS] = 8;
	rep.check.report[CROSSCHECK_REGISTERS] = 12, rep.check.occview[CROSSCHECK_REGISTERS] = 9;
	rep.check.report[CROSSCHECK_WAVES] = 0.08f, rep.check.occview[CROSSCHECK_WAVES] = 0.5f;
	n = rules_report(&g, &r, &w, &rep, NULL, NULL, out, RULES_MAX_FINDINGS, false);
	ck_assert_int_eq(n, RULES_MAX_FINDINGS);
	ck_assert_str_eq(out[0].id, "crosscheck");
	ck_assert_ptr_nonnull(strstr(out[0].text, "Block Limit Warps: Nsight Compute 16, occview 8"));
	ck_assert_ptr_nonnull(strstr(out[0].text, "Block Limit Registers: Nsight Compute 12, occview 9"));
	ck_assert_ptr_nonnull(strstr(out[0].text, "Waves Per SM: Nsight Compute 0.08, occview 0.50"));

	/* Kept as parameters (JSON Lines): the same text, and the values of
	 * each disagreement among its numbers, the report's then occview's, as
	 * the report prints them (crosscheck_value: 0.08, not the float the
	 * record holds, 0.0799999982). */
	{
		struct finding *kept = malloc(sizeof(out));
		char text[sizeof(out[0].text)];
		double real[RULES_MAX_PARAMS];
		const double want[] = { 16, 8, 12, 9, 0.08, 0.5 };
		int m = 0, k = 0;

		ck_assert_ptr_nonnull(kept);
		for (int i = 0; i < RULES_MAX_FINDINGS; i++) {
			memset(&kept[i], 0, sizeof(kept[i]));
			strcpy(kept[i].id, "filler");
			kept[i].severity = RULES_INFO;
		}
		n = rules_report(&g, &r, &w, &rep, NULL, NULL, kept, RULES_MAX_FINDINGS, RULES_PARAMS);
		ck_assert_int_eq(n, RULES_MAX_FINDINGS);
		ck_assert(kept[0].text_omitted);
		ck_assert_str_eq(rules_finding_text(&kept[0], text, sizeof(text)), out[0].text);
		for (int i = 0; i < kept[0].n_params; i++)
			if (kept[0].params[i].kind == 'f')
				real[m++] = kept[0].params[i].v.f;
		for (int i = 0; i < m && k < 6; i++)
			if (real[i] == want[k])
				k++;
		ck_assert_int_eq(k, 6);
		ck_assert(real[0] == 16 && real[1] == 8);
		free(kept);
	}
}
END_TEST

/* Titles only (a --print summary's records after the first): the same
 * findings, ids, severities and titles in the same order, every text empty
 * and marked text_omitted; the launches are the tests' above (tail effect,
 * register advice, carveout advice, a launch that cannot run) and the
 * scheduler figures' occupancy_at_maximum. */
START_TEST(titles_only_same_findings)
{
	static const struct { const char *gpu; int threads, regs; int64_t dyn; int carve;
			      int64_t grid; } launches[] = {
		{ "A100", 256, 38, 0, 19, 1024 }, { "A100", 256, 38, 0, DEF, 256 },
		{ "A100", 256, 32, 16384, 25, 108 }, { "A100", 1024, 168, 0, DEF, 108 },
	};
	struct eval *full = malloc(sizeof(*full)), *titles = malloc(sizeof(*titles));
	struct crosscheck_record rep = { .present = true,
		.sched = { .issued_warps = { true, 0.25 }, .active_warps = { true, 6.5 } } };

	ck_assert(full && titles);
	for (size_t i = 0; i <= sizeof(launches) / sizeof(launches[0]); i++) {
		struct rules_input ri;

		if (i < sizeof(launches) / sizeof(launches[0]))
			evaluate(full, launches[i].gpu, launches[i].threads, launches[i].regs, 0,
				 launches[i].dyn, launches[i].carve, launches[i].grid);
		else
			evaluate(full, "H100 SXM", 256, 32, 0, 0, DEF, 1024);
		*titles = *full;
		ri = (struct rules_input){ .gpu = &titles->gpu, .in = &titles->in,
					   .grid_size = i < 4 ? launches[i].grid : 1024,
					   .r = &titles->r, .w = &titles->w, .titles_only = true };
		titles->n = rules_evaluate(&ri, titles->f);
		if (i == sizeof(launches) / sizeof(launches[0])) {
			full->n = rules_report(&full->gpu, &full->r, &full->w, &rep, NULL, NULL, full->f,
					       full->n, false);
			titles->n = rules_report(&titles->gpu, &titles->r, &titles->w, &rep, NULL, NULL,
						 titles->f, titles->n, true);
			ck_assert_ptr_nonnull(find(titles, "occupancy_at_maximum"));
		}
		ck_assert_int_gt(full->n, 0);
		ck_assert_int_eq(titles->n, full->n);
		for (int k = 0; k < full->n; k++) {
			ck_assert_str_eq(titles->f[k].id, full->f[k].id);
			ck_assert_int_eq(titles->f[k].severity, full->f[k].severity);
			ck_assert_str_eq(titles->f[k].title, full->f[k].title);
			ck_assert(!full->f[k].text_omitted && full->f[k].text[0]);
			ck_assert(titles->f[k].text_omitted);
			ck_assert_msg(!titles->f[k].text[0], "%s: %s", titles->f[k].id, titles->f[k].text);
		}
	}
	free(full);
	free(titles);
}
END_TEST

/* RULES_PARAMS (JSON Lines): the same findings, each text kept as the
 * values it quotes and composed only when asked (rules_finding_text), the
 * same bytes as the text composed at once; a text an engine gives whole
 * (registers_advice) composed at once. The launches are the tests' above:
 * tail effect, register and carveout advice, a launch that cannot run, the
 * AMD limiter's next step and its workgroup packing, and the scheduler
 * figures' occupancy_at_maximum. The limiter of the first quotes the
 * launch's own figures first: its blocks per SM, warps per block, active and
 * most warps per SM. */
START_TEST(params_compose_same_text)
{
	static const struct { const char *gpu; int threads, regs; int64_t dyn; int carve;
			      int64_t grid; } launches[] = {
		{ "A100", 256, 38, 0, 19, 1024 }, { "A100", 256, 38, 0, DEF, 256 },
		{ "A100", 256, 32, 16384, 25, 108 }, { "A100", 1024, 168, 0, DEF, 108 },
	};
	enum { N = sizeof(launches) / sizeof(launches[0]) };
	struct eval *full = malloc(sizeof(*full)), *kept = malloc(sizeof(*kept));
	struct crosscheck_record rep = { .present = true,
		.sched = { .issued_warps = { true, 0.25 }, .active_warps = { true, 6.5 } } };
	char text[sizeof(full->f[0].text)];
	int composed_later = 0;

	ck_assert(full && kept);
	for (size_t i = 0; i < N + 3; i++) {
		struct rules_input ri;

		if (i < N)
			evaluate(full, launches[i].gpu, launches[i].threads, launches[i].regs, 0,
				 launches[i].dyn, launches[i].carve, launches[i].grid);
		else if (i == N)
			evaluate(full, "H100 SXM", 256, 32, 0, 0, DEF, 1024);
		else if (i == N + 1)
			evaluate_amd(full, "MI300X", 256, 96, 32, 64, 20000, 5000);
		else
			evaluate_amd(full, "MI300X", 320, 128, 0, 0, 0, 5000);
		*kept = *full;
		ri = (struct rules_input){ .gpu = &kept->gpu, .in = &kept->in,
					   .grid_size = i < N ? launches[i].grid : 1024,
					   .r = &kept->r, .w = &kept->w, .params = true };
		if (i > N)
			ri.grid_size = 5000;
		kept->n = rules_evaluate(&ri, kept->f);
		if (i == N) {
			full->n = rules_report(&full->gpu, &full->r, &full->w, &rep, NULL, NULL, full->f,
					       full->n, RULES_TEXT);
			kept->n = rules_report(&kept->gpu, &kept->r, &kept->w, &rep, NULL, NULL,
					       kept->f, kept->n, RULES_PARAMS);
		}
		ck_assert_int_gt(full->n, 0);
		ck_assert_int_eq(kept->n, full->n);
		for (int k = 0; k < full->n; k++) {
			const struct finding *f = &kept->f[k];

			ck_assert_str_eq(f->id, full->f[k].id);
			ck_assert_str_eq(f->title, full->f[k].title);
			ck_assert_str_eq(rules_finding_text(f, text, sizeof(text)), full->f[k].text);
			ck_assert_str_eq(rules_finding_text(&full->f[k], text, sizeof(text)),
					 full->f[k].text);
			if (strcmp(f->id, "registers_advice") == 0) {
				ck_assert(!f->text_omitted);
				continue;
			}
			ck_assert_msg(f->text_omitted && f->n_fmts > 0, "%s composed at once", f->id);
			composed_later++;
		}
		if (i == 0) {
			const struct finding *f = find(kept, "limiter");
			int64_t number[4];
			int n = 0;

			ck_assert_ptr_nonnull(f);
			for (int k = 0; k < f->n_params && n < 4; k++)
				if (f->params[k].kind == 'i')
					number[n++] = f->params[k].v.i;
			ck_assert_int_eq(n, 4);
			ck_assert_int_eq(number[0], kept->r.active_blocks_per_sm);
			ck_assert_int_eq(number[1], kept->r.warps_per_block);
			ck_assert_int_eq(number[2], kept->r.active_warps_per_sm);
			ck_assert_int_eq(number[3], kept->r.max_warps_per_sm);
		}
	}
	ck_assert_int_gt(composed_later, 10);
	free(full);
	free(kept);
}
END_TEST

/* The AMD limiter hands its values typed (rules_add_args): kept as
 * parameters, the numbers are its text's in order, amd_limiter_and_next_step's
 * launch (MI300X, 256 work-items, 96 VGPRs + 32 AGPRs, 20000 bytes of LDS):
 * "3 workgroups of 4 waves (wave64) per CU: 12 of 32 waves per CU, 37.5%",
 * "LLVM's occupancy: 3 of 8 waves per SIMD (37.5%)", "LDS: 3 waves per SIMD,
 * 3 workgroups", "Next step: LDS bytes 20000 -> 16384: 3 -> 4 waves per
 * SIMD". The engine's words are kept by address (kind 'w'), the factors'
 * names, the rule's own buffer, copied (kind 's'). */
START_TEST(amd_limiter_typed_params)
{
	static const double want[] = { 3, 4, 64, 12, 32, 37.5, 3, 8, 37.5, 3, 3, 20000, 16384,
				       3, 4 };
	struct eval *e = malloc(sizeof(*e));
	struct rules_input ri;
	const struct finding *f;
	char text[sizeof(e->f[0].text)];
	int n = 0, copied = 0, kept = 0;

	ck_assert(e);
	evaluate_amd(e, "MI300X", 256, 96, 32, 64, 20000, 5000);
	ck_assert_ptr_nonnull(f = find(e, "limiter"));
	snprintf(text, sizeof(text), "%s", f->text);
	ri = (struct rules_input){ .gpu = &e->gpu, .in = &e->in, .grid_size = 5000, .r = &e->r,
				   .w = &e->w, .params = true };
	e->n = rules_evaluate(&ri, e->f);
	ck_assert_ptr_nonnull(f = find(e, "limiter"));
	ck_assert(f->text_omitted);
	for (int k = 0; k < f->n_params; k++) {
		const struct rules_param *v = &f->params[k];

		if (v->kind == 'i' || v->kind == 'f') {
			ck_assert_int_lt(n, (int)(sizeof(want) / sizeof(want[0])));
			ck_assert(v->kind == 'i' ? v->v.i == want[n] : v->v.f == want[n]);
			n++;
		} else if (v->kind == 's') {
			ck_assert_str_eq(f->words + v->v.at, "LDS");
			copied++;
		} else {
			ck_assert_int_eq(v->kind, 'w');
			kept++;
		}
	}
	ck_assert_int_eq(n, (int)(sizeof(want) / sizeof(want[0])));
	ck_assert_int_eq(copied, 1);
	ck_assert_int_gt(kept, 8);
	{
		char composed[sizeof(text)];

		ck_assert_str_eq(rules_finding_text(f, composed, sizeof(composed)), text);
	}
	free(e);
}
END_TEST

/* The limiter's title is "<lead> by <factors> (<occupancy>%)", the
 * occupancy as snprintf's "%.1f" writes the result's: over a sweep of NVIDIA
 * and AMD launches whose occupancies have every tenth's rounding (A100's
 * 64 warps, MI300X's 32 waves per CU: 1/64 = 1.5625 %, 3/64 = 4.6875 %). */
START_TEST(limiter_title_as_snprintf)
{
	struct eval *e = malloc(sizeof(*e));
	int checked = 0;

	ck_assert(e);
	for (int k = 0; k < 2 * 40; k++) {
		const struct finding *f;
		const char *by, *open;
		char want[256], names[128];

		if (k < 40)
			evaluate(e, "A100", 32 * (1 + k % 32), 16 + 8 * (k / 4), 0, 0, DEF, 4096);
		else
			evaluate_amd(e, "MI300X", 64 * (1 + k % 16), 24 + 16 * (k % 40 / 4), 0, 32,
				     1024 * (k % 7), 4096);
		f = find(e, "limiter");
		if (!f)
			continue;
		by = strstr(f->title, " by ");
		open = strrchr(f->title, '(');
		ck_assert_msg(by && open && open > by + 4, "%s", f->title);
		snprintf(names, sizeof(names), "%.*s", (int)(open - 1 - (by + 4)), by + 4);
		snprintf(want, sizeof(want), "%s by %s (%.1f%%)",
			 e->r.active_warps_per_sm == e->r.max_warps_per_sm ? "Full occupancy, bounded" :
			 "Occupancy limited", names, e->r.theoretical_occupancy_pct);
		ck_assert_str_eq(f->title, want);
		checked++;
	}
	ck_assert_int_gt(checked, 60);
	free(e);
}
END_TEST

/* Two findings kept as parameters (RULES_PARAMS) alike: the same formats,
 * values and words. */
static void same_params(const struct finding *a, const struct finding *b)
{
	ck_assert_str_eq(a->id, b->id);
	ck_assert_int_eq(a->text_omitted, b->text_omitted);
	ck_assert_str_eq(a->text, b->text);
	ck_assert_int_eq(a->n_fmts, b->n_fmts);
	for (int i = 0; i < a->n_fmts; i++)
		ck_assert_ptr_eq(a->fmts[i], b->fmts[i]);
	ck_assert_int_eq(a->n_params, b->n_params);
	for (int i = 0; i < a->n_params; i++) {
		const struct rules_param *x = &a->params[i], *y = &b->params[i];

		ck_assert_int_eq(x->kind, y->kind);
		if (x->kind == 'f')
			ck_assert(memcmp(&x->v.f, &y->v.f, sizeof(x->v.f)) == 0);
		else if (x->kind == 's')
			ck_assert_str_eq(a->words + x->v.at, b->words + y->v.at);
		else if (x->kind == 'w')
			ck_assert_ptr_eq(x->v.p, y->v.p);
		else
			ck_assert_int_eq(x->v.i, y->v.i);
	}
}

/* The formats' values parsed once (rules_input.fmts, kept by struct
 * analysis across launches) give the findings that parsing each format at
 * each use gives: on the first launch (filling the cache), on the next ones
 * (reading it), from a cache never set up (its bytes 0xAB), from a copy of
 * one (its owner elsewhere: emptied), and with every slot taken by other
 * formats (parsed at each use). The launches are params_compose_same_text's,
 * NVIDIA and AMD, twice over. */
START_TEST(params_cached_formats_same)
{
	static const struct { const char *gpu; int threads, regs; int64_t dyn; int carve;
			      int64_t grid; } launches[] = {
		{ "A100", 256, 38, 0, 19, 1024 }, { "A100", 256, 38, 0, DEF, 256 },
		{ "A100", 256, 32, 16384, 25, 108 }, { "A100", 1024, 168, 0, DEF, 108 },
	};
	enum { N = sizeof(launches) / sizeof(launches[0]) };
	static const char other[RULES_FMT_SLOTS * 8];
	struct eval *plain = malloc(sizeof(*plain)), *cached = malloc(sizeof(*cached));
	struct rules_fmts *cache = malloc(sizeof(*cache)), *copy = malloc(sizeof(*copy));
	int filled = 0;

	ck_assert(plain && cached && cache && copy);
	memset(cache, 0xAB, sizeof(*cache));
	for (size_t j = 0; j < 4 * (N + 2); j++) {
		size_t i = j % (N + 2);
		struct rules_input ri;
		struct rules_fmts *use = cache;

		if (i < N)
			evaluate(plain, launches[i].gpu, launches[i].threads, launches[i].regs, 0,
				 launches[i].dyn, launches[i].carve, launches[i].grid);
		else if (i == N)
			evaluate_amd(plain, "MI300X", 256, 96, 32, 64, 20000, 5000);
		else
			evaluate_amd(plain, "MI300X", 320, 128, 0, 0, 0, 5000);
		*cached = *plain;
		ri = (struct rules_input){ .gpu = &plain->gpu, .in = &plain->in,
					   .grid_size = i < N ? launches[i].grid : 5000,
					   .r = &plain->r, .w = &plain->w, .params = true };
		plain->n = rules_evaluate(&ri, plain->f);
		if (j / (N + 2) == 2) {
			/* a copy: set up where it lies before use */
			*copy = *cache;
			use = copy;
		} else if (j / (N + 2) == 3) {
			/* every slot another format's */
			for (int k = 0; k < RULES_FMT_SLOTS; k++) {
				cache->slot[k].fmt = other + 8 * k;
				cache->slot[k].n = 0;
			}
		}
		ri.gpu = &cached->gpu;
		ri.in = &cached->in;
		ri.r = &cached->r;
		ri.w = &cached->w;
		ri.fmts = use;
		cached->n = rules_evaluate(&ri, cached->f);
		ck_assert_int_gt(plain->n, 0);
		ck_assert_int_eq(cached->n, plain->n);
		for (int k = 0; k < plain->n; k++)
			same_params(&cached->f[k], &plain->f[k]);
		ck_assert_ptr_eq(use->owner, use);
		if (j == N + 1)
			for (int k = 0; k < RULES_FMT_SLOTS; k++)
				filled += cache->slot[k].fmt != NULL;
	}
	/* The launches' formats were kept: the limiters', the waves', the
	 * next step's, the packing's. */
	ck_assert_int_gt(filled, 5);
	free(plain);
	free(cached);
	free(cache);
	free(copy);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("rules");
	TCase *tc = tcase_create("rules");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, limiter_registers);
	tcase_add_test(tc, limiter_two_factors);
	tcase_add_test(tc, cannot_run_registers);
	tcase_add_test(tc, cannot_run_shared_memory);
	tcase_add_test(tc, tail_effect);
	tcase_add_test(tc, registers_advice);
	tcase_add_test(tc, carveout_advice);
	tcase_add_test(tc, block_size_waves);
	tcase_add_test(tc, small_grid);
	tcase_add_test(tc, grid_below_sms);
	tcase_add_test(tc, block_not_warp_multiple);
	tcase_add_test(tc, carveout_ignored_before_volta);
	tcase_add_test(tc, full_occupancy_is_info);
	tcase_add_test(tc, amd_limiter_and_next_step);
	tcase_add_test(tc, amd_registers_advice);
	tcase_add_test(tc, amd_wgp_words);
	tcase_add_test(tc, amd_headline_random_launches);
	tcase_add_test(tc, amd_cannot_run_vgprs);
	tcase_add_test(tc, crosscheck_never_dropped);
	tcase_add_test(tc, scheduler_figures_answer);
	tcase_add_test(tc, scheduler_idle_at_maximum);
	tcase_add_test(tc, titles_only_same_findings);
	tcase_add_test(tc, params_compose_same_text);
	tcase_add_test(tc, amd_limiter_typed_params);
	tcase_add_test(tc, params_cached_formats_same);
	tcase_add_test(tc, limiter_title_as_snprintf);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(suite());
}
