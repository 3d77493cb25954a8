/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_derive.c - step-by-step derivations: every final figure against the engine
 * (occ_compute, waves_compute) over a grid of launches on every architecture, and
 * every step of hand-checked cases. */
#include "config.h"

#include <check.h>
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "derive.h"
#include "amd.h"
#include "gpu.h"
#include "occupancy.h"
#include "waves.h"
#include "testutil.h"
#include "expect.h"

#define DEF LAUNCH_CARVEOUT_DEFAULT

/* True when the decimal n occurs in s with no digit right before or after it. */
static bool has_number(const char *s, long long n)
{
	char num[32];
	size_t len;

	snprintf(num, sizeof(num), "%lld", n);
	len = strlen(num);
	for (const char *p = strstr(s, num); p; p = strstr(p + 1, num)) {
		bool before = p > s && p[-1] >= '0' && p[-1] <= '9';
		bool after = p[len] >= '0' && p[len] <= '9';
		if (!before && !after)
			return true;
	}
	return false;
}

static bool has_text(const struct derivation *d, const char *text)
{
	for (int i = 0; i < d->n; i++)
		if (strstr(d->steps[i], text))
			return true;
	return false;
}

/* Check records every passed assertion through a pipe; the grid below makes
 * millions, so it asserts only on failure. */

/* Every step fits its buffer with room to spare (nothing was cut) and the
 * derivation never ran out of steps (nothing was dropped). */
static void check_shape(const struct derivation *d, const char *what)
{
	EXPECT(d->n >= 1 && d->n < DERIVE_MAX_STEPS, "%s: %d steps", what, d->n);
	EXPECT(strlen(d->title) < sizeof(d->title) - 1, "%s: title cut", what);
	for (int i = 0; i < d->n; i++)
		EXPECT(strlen(d->steps[i]) > 0 && strlen(d->steps[i]) < DERIVE_STEP_LEN - 1,
			      "%s: step %d is %zu characters: %s", what, i, strlen(d->steps[i]),
			      d->steps[i]);
}

static const char *last(const struct derivation *d)
{
	return d->steps[d->n - 1];
}

static const struct gpu_arch *arch(int major, int minor)
{
	const struct gpu_arch *a = gpu_db_find_arch(db, major, minor);
	ck_assert_ptr_nonnull(a);
	return a;
}

/* What --derive prints and JSON carries (derive_all): every derivation is
 * the one made alone, and its final figure the engine's. */
static void check_all(const struct gpu_arch *a, const struct occ_input *in, const struct occ_result *r,
		      int sms, int64_t grid, const struct waves *w, const char *what)
{
	struct derivation all[DERIVE_MAX_ALL], d;
	const char *keys[DERIVE_MAX_ALL];
	int n = derive_all(a, in, r, sms, grid, w, all, keys);

	EXPECT(n == (r->active_blocks_per_sm > 0 ? OCC_N_FACTORS + 2 : OCC_N_FACTORS + 1),
	       "%s: %d derivations", what, n);
	for (int i = 0; i < n; i++) {
		if (i < OCC_N_FACTORS) {
			derive_limit(a, in, r, (enum occ_factor)i, &d);
			EXPECT(all[i].value == r->block_limit[i] || (all[i].value == 0 &&
			       r->active_blocks_per_sm == 0), "%s: %s derived %lld, engine %d", what,
			       keys[i], (long long)all[i].value, r->block_limit[i]);
			EXPECT(strcmp(keys[i], occ_key(r, (enum occ_factor)i)) == 0, "%s: key %s", what,
			       keys[i]);
		} else if (i == OCC_N_FACTORS) {
			derive_occupancy(a, in, r, &d);
			EXPECT(all[i].value == r->active_warps_per_sm && strcmp(keys[i], "occupancy") == 0,
			       "%s: occupancy %lld", what, (long long)all[i].value);
		} else {
			derive_waves(a, r, sms, grid, w, &d);
			EXPECT(all[i].value == w->blocks_per_wave && strcmp(keys[i], "gpu_waves") == 0,
			       "%s: waves %lld", what, (long long)all[i].value);
		}
		EXPECT(d.value == all[i].value && d.n == all[i].n && strcmp(d.title, all[i].title) == 0,
		       "%s: derivation %d differs alone", what, i);
		for (int k = 0; k < d.n && k < all[i].n; k++)
			EXPECT(strcmp(d.steps[k], all[i].steps[k]) == 0, "%s: derivation %d step %d: %s",
			       what, i, k, all[i].steps[k]);
	}
}

/* The engine's figures for every factor, the occupancy and the waves; checks the
 * derivations against them. */
static long check_config(const struct gpu_arch *a, const struct occ_input *in, int sms,
			 int64_t grid)
{
	struct occ_result r;
	struct derivation d;
	struct waves w;
	char what[160];

	occ_compute(a, in, &r);
	snprintf(what, sizeof(what), "%s %d threads %d regs %lld+%lld B carveout %d barriers %d",
		 a->arch, in->threads_per_block, in->regs_per_thread, (long long)in->static_smem_bytes,
		 (long long)in->dynamic_smem_bytes, in->carveout_pct, in->barriers);
	for (int f = 0; f < OCC_N_FACTORS; f++) {
		derive_limit(a, in, &r, (enum occ_factor)f, &d);
		check_shape(&d, what);
		EXPECT(d.value == r.block_limit[f], "%s: %s derived %lld, engine %d", what,
			      occ_factor_key((enum occ_factor)f), (long long)d.value, r.block_limit[f]);
		if (d.value == OCC_UNLIMITED)
			EXPECT(strstr(last(&d), "not limit"), "%s: %s", what, last(&d));
		else
			EXPECT(has_number(last(&d), d.value) && strstr(last(&d), "block"),
				      "%s: %s: last step \"%s\" lacks %lld", what,
				      occ_factor_key((enum occ_factor)f), last(&d), (long long)d.value);
	}

	derive_occupancy(a, in, &r, &d);
	check_shape(&d, what);
	EXPECT(d.value == r.active_warps_per_sm, "%s: occupancy %lld", what, (long long)d.value);
	EXPECT(has_number(last(&d), r.active_warps_per_sm), "%s: %s", what, last(&d));
	{
		char pct[32];
		snprintf(pct, sizeof(pct), "%.1f%%", r.theoretical_occupancy_pct);
		EXPECT(strstr(last(&d), pct), "%s: %s lacks %s", what, last(&d), pct);
	}
	EXPECT(r.active_blocks_per_sm > 0 ? has_number(d.steps[1], r.active_blocks_per_sm)
	       : strstr(d.steps[1], "No block fits") != NULL, "%s: %s", what, d.steps[1]);

	waves_compute(&r, sms, grid, &w);
	derive_waves(a, &r, sms, grid, &w, &d);
	check_shape(&d, what);
	EXPECT(d.value == w.blocks_per_wave, "%s: blocks per wave %lld", what, (long long)d.value);
	EXPECT(has_number(d.steps[0], w.blocks_per_wave), "%s: %s", what, d.steps[0]);
	if (w.blocks_per_wave > 0) {
		/* The closed form the last step shows: grid x warps per block over the busy
		 * SM time (full waves x SMs + SMs busy in the partial wave) over the warp
		 * slots; waves_compute sums the same per SM. */
		int64_t busy = w.partial_wave_blocks < sms ? w.partial_wave_blocks : sms;
		double closed = 100.0 * (double)grid * r.warps_per_block /
			(double)(w.full_waves * sms + busy) / r.max_warps_per_sm;
		char pct[32];
		EXPECT(fabs(closed - w.predicted_achieved_pct) < 1e-9, "%s: %f", what, closed);
		EXPECT(has_number(last(&d), w.full_waves * sms + busy), "%s: %s", what, last(&d));
		snprintf(pct, sizeof(pct), "%.1f%%", w.predicted_achieved_pct);
		EXPECT(strstr(last(&d), pct), "%s: %s", what, last(&d));
		EXPECT(has_number(d.steps[2], w.full_waves), "%s: %s", what, d.steps[2]);
		if (w.partial_wave_blocks > 0)
			EXPECT(has_number(d.steps[3], w.partial_wave_blocks), "%s: %s", what, d.steps[3]);
	}
	check_all(a, in, &r, sms, grid, &w, what);
	return 1;
}

/* Thousands of launches on every architecture of the built-in database: the
 * engine (checked against cuda_occupancy.h by tests/oracle_cuda) is the oracle. */
START_TEST(every_arch_matches_engine)
{
	static const int threads[] = { 1, 32, 96, 128, 200, 256, 384, 512, 640, 1024, 1056 };
	static const int regs[] = { 0, 24, 32, 40, 64, 96, 128, 168, 192, 255, 256 };
	static const int64_t smem[][2] = {
		{ 0, 0 }, { 1000, 0 }, { 0, 16384 }, { 12288, 36864 }, { 0, 102400 },
		{ 0, 200000 }, { 0, 300000 },
	};
	static const int carveouts[] = { DEF, 0, 10, 50, 100 };
	static const int barriers[] = { 0, 1, 3, 30 };
	static const int sms[] = { 1, 40, 132 };
	static const int64_t grids[] = { 1, 39, 1584, 123457 };
	long n = 0, k = 0;

	for (size_t i = 0; i < gpu_db_arch_count(db); i++) {
		const struct gpu_arch *a = gpu_db_arch_at(db, i);
		for (size_t t = 0; t < sizeof(threads) / sizeof(threads[0]); t++)
		for (size_t g = 0; g < sizeof(regs) / sizeof(regs[0]); g++)
		for (size_t m = 0; m < sizeof(smem) / sizeof(smem[0]); m++)
		for (size_t c = 0; c < sizeof(carveouts) / sizeof(carveouts[0]); c++) {
			/* barriers, SMs and grids cycle rather than multiply: they are
			 * independent of the other limits */
			struct occ_input in = { threads[t], regs[g], smem[m][0], smem[m][1],
						carveouts[c], barriers[k % 4], 0, 0, 0, false, 0, 0 };
			n += check_config(a, &in, sms[k % 3], grids[(k / 3) % 4]);
			k++;
		}
	}
	/* every combination of threads, registers, shared memory and carveout */
	ck_assert_int_eq(n, (long)gpu_db_arch_count(db) * 11 * 11 * 7 * 5);
}
END_TEST

/* H100 (sm_90), 256 threads x 32 registers, as on the TUI's default launch:
 *   32 x 32 = 1024 registers per warp, already a multiple of 256;
 *   8 warps, a multiple of 4: 1024 x 8 = 8192 <= 65536;
 *   65536 / 4 = 16384 per sub-partition; 16384 / 1024 = 16 warps each; 16 x 4 = 64;
 *   64 / 8 = 8 blocks. */
START_TEST(h100_registers)
{
	const struct gpu_arch *a = arch(9, 0);
	struct occ_input in = { 256, 32, 0, 0, DEF, 1, 0, 0, 0, false, 0, 0 };
	struct occ_result r;
	struct derivation d;
	static const char *const want[] = {
		"Registers per warp: 32 per thread x 32 threads = 1024",
		"Rounded up to the allocation unit of 256: 1024",
		"Per-block check: 8 warps rounded up to a multiple of 4 = 8; 1024 x 8 = 8192 <= 65536 registers per block",
		"Register file per sub-partition: 65536 / 4 = 16384",
		"Warps per sub-partition: floor(16384 / 1024) = 16",
		"Warps per SM: 16 x 4 sub-partitions = 64",
		"Block limit: floor(64 warps / 8 warps per block) = 8 blocks",
	};

	occ_compute(a, &in, &r);
	ck_assert_int_eq(r.block_limit[OCC_REGISTERS], 8);
	ck_assert_int_eq(r.regs_per_warp_allocated, 1024);
	ck_assert_int_eq(r.regs_per_block_checked, 8192);
	derive_limit(a, &in, &r, OCC_REGISTERS, &d);
	ck_assert_int_eq(d.n, 7);
	for (int i = 0; i < 7; i++)
		ck_assert_str_eq(d.steps[i], want[i]);
	ck_assert_str_eq(d.title, "Registers: 8 blocks per SM");
	ck_assert_int_eq(d.value, 8);

	/* 2048 threads = 64 warp slots; 64 / 8 = 8 blocks */
	derive_limit(a, &in, &r, OCC_WARPS, &d);
	ck_assert_str_eq(d.steps[0], "Warps per block: ceil(256 threads / 32 per warp) = 8");
	ck_assert_str_eq(d.steps[1], "Warp slots per SM: 64 (2048 threads)");
	ck_assert_str_eq(last(&d), "Block limit: floor(64 warps / 8 warps per block) = 8 blocks");

	/* 64 barriers per SM on cc 9.0, one per block: 64 blocks */
	derive_limit(a, &in, &r, OCC_BARRIERS, &d);
	ck_assert_str_eq(d.steps[0], "The SM has 64 barriers; each block uses 1");
	ck_assert_str_eq(last(&d), "Block limit: floor(64 / 1) = 64 blocks");
	ck_assert_int_eq(r.block_limit[OCC_BARRIERS], 64);

	/* no shared memory, but the driver reserves 1024 bytes per block: 0 + 0 + 1024,
	 * a multiple of 128; the default carveout takes the 228 KB = 233472-byte
	 * configuration; 233472 / 1024 = 228 blocks */
	derive_limit(a, &in, &r, OCC_SHARED_MEM, &d);
	ck_assert_str_eq(d.steps[0], "Shared memory per block: 0 static + 0 dynamic + 1024 reserved by the driver = 1024 bytes");
	ck_assert_str_eq(d.steps[1], "Rounded up to the allocation unit of 128 bytes: 1024");
	ck_assert_str_eq(last(&d), "Block limit: floor(233472 / 1024) = 228 blocks");
	ck_assert_int_eq(r.block_limit[OCC_SHARED_MEM], 228);

	/* min(8, 32, 8, 228, 64) = 8 blocks, from warps and registers; 8 x 8 = 64 warps;
	 * 8 x 256 = 2048 threads; 64 / 64 = 100 % */
	derive_occupancy(a, &in, &r, &d);
	ck_assert_str_eq(d.steps[0], "Block limits per SM: warps 8, blocks 32, registers 8, shared memory 228, barriers 64");
	ck_assert_str_eq(d.steps[1], "Active blocks per SM: the smallest limit, 8 (warps, registers)");
	ck_assert_str_eq(d.steps[2], "Active warps per SM: 8 blocks x 8 warps = 64");
	ck_assert_str_eq(d.steps[3], "Active threads per SM: 8 blocks x 256 threads = 2048");
	ck_assert_str_eq(d.steps[4], "Theoretical occupancy: 64 of 64 warps = 100.0%");
	ck_assert_int_eq(r.active_warps_per_sm, 64);
}
END_TEST

/* The default grid of 1584 blocks on H100's 132 SMs, 8 blocks per SM:
 *   132 x 8 = 1056 blocks per wave; 1584 / 1056 = 1.50 waves; 1 full wave;
 *   1584 - 1056 = 528 blocks in the partial wave; tail 1 / 2 = 50.0 %;
 *   partial wave 528 x 8 warps / 132 / 64 = 32 / 64 = 50.0 %;
 *   busy SM time 1 x 132 + 132 = 264; 1584 x 8 / 264 / 64 = 48 / 64 = 75.0 %. */
START_TEST(h100_waves)
{
	const struct gpu_arch *a = arch(9, 0);
	struct occ_input in = { 256, 32, 0, 0, DEF, 1, 0, 0, 0, false, 0, 0 };
	struct occ_result r;
	struct waves w;
	struct derivation d;

	occ_compute(a, &in, &r);
	waves_compute(&r, 132, 1584, &w);
	ck_assert_int_eq(w.blocks_per_wave, 1056);
	ck_assert_double_eq_tol(w.predicted_achieved_pct, 75.0, 1e-9);
	derive_waves(a, &r, 132, 1584, &w, &d);
	ck_assert_int_eq(d.value, 1056);
	ck_assert_int_eq(d.n, 8);
	ck_assert_str_eq(d.steps[0], "Blocks per wave: 132 SMs x 8 blocks per SM = 1056");
	ck_assert_str_eq(d.steps[1], "Waves per SM: 1584 blocks / 1056 = 1.50");
	ck_assert_str_eq(d.steps[2], "Full waves: floor(1584 / 1056) = 1");
	ck_assert_str_eq(d.steps[3], "Partial wave: 1584 - 1 x 1056 = 528 blocks");
	ck_assert_str_eq(d.steps[4], "Tail share of the runtime (uniform block durations): 1 / 2 waves = 50.0%");
	ck_assert_str_eq(d.steps[5], "Occupancy in the partial wave: 528 blocks x 8 warps / 132 SMs / 64 warps = 50.0%");
	ck_assert_str_eq(d.steps[6], "Busy SM time: 1 full wave x 132 SMs + 132 SMs in the partial wave = 264 block durations");
	ck_assert_str_eq(d.steps[7], "Predicted achieved occupancy: 1584 blocks x 8 warps / 264 / 64 warps = 75.0%");

	/* 2112 = 2 x 1056: no partial wave; 2 x 132 = 264 again, 2112 x 8 / 264 / 64 = 100 % */
	waves_compute(&r, 132, 2112, &w);
	derive_waves(a, &r, 132, 2112, &w, &d);
	ck_assert_str_eq(d.steps[3], "No partial wave: 2112 is a multiple of 1056");
	ck_assert_str_eq(last(&d), "Predicted achieved occupancy: 2112 blocks x 8 warps / 264 / 64 warps = 100.0%");

	/* 100 blocks on 132 SMs: 0 full waves, 100 SMs busy; 100 x 8 / 100 / 64 = 12.5 % */
	waves_compute(&r, 132, 100, &w);
	derive_waves(a, &r, 132, 100, &w, &d);
	ck_assert_str_eq(last(&d), "Predicted achieved occupancy: 100 blocks x 8 warps / 100 / 64 warps = 12.5%");
	ck_assert_double_eq_tol(w.predicted_achieved_pct, 12.5, 1e-9);
}
END_TEST

/* T4 (cc 7.5), 256 threads x 64 registers:
 *   64 x 32 = 2048 per warp (a multiple of 256); 8 warps: 2048 x 8 = 16384 <= 65536;
 *   16384 per sub-partition / 2048 = 8 warps each; 8 x 4 = 32 warps; 32 / 8 = 4 blocks.
 *   Warps: 1024 threads per SM = 32 warps / 8 = 4 blocks as well. */
START_TEST(t4_registers)
{
	const struct gpu_arch *a = arch(7, 5);
	struct occ_input in = { 256, 64, 0, 0, DEF, 1, 0, 0, 0, false, 0, 0 };
	struct occ_result r;
	struct derivation d;

	occ_compute(a, &in, &r);
	ck_assert_int_eq(r.block_limit[OCC_REGISTERS], 4);
	ck_assert_int_eq(r.block_limit[OCC_WARPS], 4);
	derive_limit(a, &in, &r, OCC_REGISTERS, &d);
	ck_assert_str_eq(d.steps[0], "Registers per warp: 64 per thread x 32 threads = 2048");
	ck_assert_str_eq(d.steps[1], "Rounded up to the allocation unit of 256: 2048");
	ck_assert_str_eq(d.steps[2], "Per-block check: 8 warps rounded up to a multiple of 4 = 8; 2048 x 8 = 16384 <= 65536 registers per block");
	ck_assert_str_eq(d.steps[3], "Register file per sub-partition: 65536 / 4 = 16384");
	ck_assert_str_eq(d.steps[4], "Warps per sub-partition: floor(16384 / 2048) = 8");
	ck_assert_str_eq(d.steps[5], "Warps per SM: 8 x 4 sub-partitions = 32");
	ck_assert_str_eq(d.steps[6], "Block limit: floor(32 warps / 8 warps per block) = 4 blocks");
	derive_limit(a, &in, &r, OCC_WARPS, &d);
	ck_assert_str_eq(d.steps[1], "Warp slots per SM: 32 (1024 threads)");
	ck_assert_str_eq(last(&d), "Block limit: floor(32 warps / 8 warps per block) = 4 blocks");
	/* cc 7.5 has no barrier limit */
	derive_limit(a, &in, &r, OCC_BARRIERS, &d);
	ck_assert_int_eq(d.value, OCC_UNLIMITED);
	ck_assert_str_eq(last(&d), "Block barriers limit resident blocks from cc 9.0; on cc 7.5 they do not limit");
	ck_assert_str_eq(d.title, "Barriers: no limit");

	/* 33 registers: 33 x 32 = 1056, rounded up to 5 x 256 = 1280; 16384 / 1280 = 12.8
	 * -> 12 warps per sub-partition; 12 x 4 = 48 warps; 48 / 8 = 6 blocks (the warp
	 * limit of 4 still decides) */
	in.regs_per_thread = 33;
	occ_compute(a, &in, &r);
	derive_limit(a, &in, &r, OCC_REGISTERS, &d);
	ck_assert_str_eq(d.steps[1], "Rounded up to the allocation unit of 256: 1280");
	ck_assert_str_eq(d.steps[4], "Warps per sub-partition: floor(16384 / 1280) = 12");
	ck_assert_str_eq(last(&d), "Block limit: floor(48 warps / 8 warps per block) = 6 blocks");
	ck_assert_int_eq(r.block_limit[OCC_REGISTERS], 6);
}
END_TEST

/* A100 (cc 8.0), 48 KB of dynamic shared memory:
 *   49152 + 1024 reserved = 50176 = 392 x 128, already a multiple of the unit;
 *   at most 166912 + 1024 = 167936 per block;
 *   default carveout: the 164 KB = 167936-byte configuration; 167936 / 50176 = 3.35 -> 3.
 *   Carveout 25 %: 25 % x 167936 = 41984, rounded up to the 64 KB = 65536 configuration;
 *   65536 / 50176 -> 1 block.
 *   Carveout 10 %: 16793 -> 32 KB = 32768 < 50176, so the driver takes 65536: 1 block. */
START_TEST(a100_shared_memory)
{
	const struct gpu_arch *a = arch(8, 0);
	struct occ_input in = { 256, 32, 0, 49152, DEF, 1, 0, 0, 0, false, 0, 0 };
	struct occ_result r;
	struct derivation d;

	occ_compute(a, &in, &r);
	ck_assert_int_eq(r.block_limit[OCC_SHARED_MEM], 3);
	ck_assert_int_eq(r.allocated_smem_per_block, 50176);
	derive_limit(a, &in, &r, OCC_SHARED_MEM, &d);
	ck_assert_int_eq(d.n, 5);
	ck_assert_str_eq(d.steps[0], "Shared memory per block: 0 static + 49152 dynamic + 1024 reserved by the driver = 50176 bytes");
	ck_assert_str_eq(d.steps[1], "Rounded up to the allocation unit of 128 bytes: 50176");
	ck_assert_str_eq(d.steps[2], "Per-block maximum: 167936 bytes (166912 + 1024 reserved): 50176 fit");
	ck_assert_str_eq(d.steps[3], "Carveout: the default prefers the most shared memory, the 167936-byte configuration (164 KB)");
	ck_assert_str_eq(d.steps[4], "Block limit: floor(167936 / 50176) = 3 blocks");
	ck_assert_str_eq(d.title, "Shared memory: 3 blocks per SM");

	in.carveout_pct = 25;
	occ_compute(a, &in, &r);
	ck_assert_int_eq(r.smem_config_bytes, 65536);
	derive_limit(a, &in, &r, OCC_SHARED_MEM, &d);
	ck_assert_str_eq(d.steps[3], "Carveout 25%: 25% x 167936 = 41984 bytes, rounded up to a configuration: 65536 bytes (64 KB)");
	ck_assert_str_eq(last(&d), "Block limit: floor(65536 / 50176) = 1 block");

	in.carveout_pct = 10;
	occ_compute(a, &in, &r);
	ck_assert_int_eq(r.smem_preference_bytes, 32768);
	ck_assert_int_eq(r.smem_config_bytes, 65536);
	derive_limit(a, &in, &r, OCC_SHARED_MEM, &d);
	ck_assert_str_eq(d.steps[3], "Carveout 10%: 10% x 167936 = 16793 bytes, rounded up to a configuration: 32768 bytes (32 KB)");
	ck_assert_str_eq(d.steps[4], "One block needs 50176 bytes, more than 32768: the driver picks the 65536-byte configuration");
	ck_assert_str_eq(last(&d), "Block limit: floor(65536 / 50176) = 1 block");
	ck_assert_int_eq(r.block_limit[OCC_SHARED_MEM], 1);
}
END_TEST

/* Factors that do not limit, and launches where no block fits. */
START_TEST(unlimited_and_misfits)
{
	struct occ_input in = { 256, 0, 0, 0, DEF, 0, 0, 0, 0, false, 0, 0 };
	struct occ_result r;
	struct derivation d;
	const struct gpu_arch *volta = arch(7, 0), *hopper = arch(9, 0), *maxwell = arch(5, 2);

	/* Volta reserves nothing: no shared memory and no registers take nothing */
	occ_compute(volta, &in, &r);
	derive_limit(volta, &in, &r, OCC_SHARED_MEM, &d);
	ck_assert_int_eq(d.value, OCC_UNLIMITED);
	ck_assert_str_eq(last(&d), "A block without shared memory takes none: shared memory does not limit");
	derive_limit(volta, &in, &r, OCC_REGISTERS, &d);
	ck_assert_int_eq(d.value, OCC_UNLIMITED);
	ck_assert_int_eq(r.block_limit[OCC_REGISTERS], OCC_UNLIMITED);
	ck_assert_str_eq(last(&d), "A kernel without registers takes none of the register file: registers do not limit");
	derive_occupancy(volta, &in, &r, &d);
	ck_assert_str_eq(d.steps[0], "Block limits per SM: warps 8, blocks 32, registers none, shared memory none, barriers none");

	/* cc 9.0 with no barriers */
	occ_compute(hopper, &in, &r);
	derive_limit(hopper, &in, &r, OCC_BARRIERS, &d);
	ck_assert_str_eq(last(&d), "The block uses no barriers: barriers do not limit");

	/* 1024 threads x 255 registers on cc 9.0 (cuda_occupancy.h: 0 blocks):
	 * 255 x 32 = 8160 -> 8192 per warp; 32 warps x 8192 = 262144 > 65536 */
	in = (struct occ_input){ 1024, 255, 0, 0, DEF, 1, 0, 0, 0, false, 0, 0 };
	occ_compute(hopper, &in, &r);
	ck_assert_int_eq(r.misfit, OCC_MISFIT_REGISTERS);
	derive_limit(hopper, &in, &r, OCC_REGISTERS, &d);
	ck_assert_int_eq(d.value, 0);
	ck_assert_str_eq(d.steps[2], "Per-block check: 32 warps rounded up to a multiple of 4 = 32; 8192 x 32 = 262144 > 65536 registers per block: no block fits");
	ck_assert_str_eq(d.title, "Registers: no block fits");
	derive_occupancy(hopper, &in, &r, &d);
	ck_assert_str_eq(d.steps[1], "No block fits (registers): nothing runs");
	ck_assert_int_eq(d.value, 0);

	/* 1025 threads: above the 1024 a block may have */
	in = (struct occ_input){ 1025, 32, 0, 0, DEF, 1, 0, 0, 0, false, 0, 0 };
	occ_compute(hopper, &in, &r);
	derive_limit(hopper, &in, &r, OCC_WARPS, &d);
	ck_assert_int_eq(d.value, 0);
	ck_assert_str_eq(d.steps[1], "A block may have at most 1024 threads; 1025 exceed that");

	/* 65 barriers per block on an SM of 64 */
	in = (struct occ_input){ 256, 32, 0, 0, DEF, 65, 0, 0, 0, false, 0, 0 };
	occ_compute(hopper, &in, &r);
	ck_assert_int_eq(r.misfit, OCC_MISFIT_BARRIERS);
	derive_limit(hopper, &in, &r, OCC_BARRIERS, &d);
	ck_assert_str_eq(last(&d), "Block limit: 0 blocks (65 barriers per block exceed the 64 per SM)");

	/* cc 5.2: 48 KB per block at most, fixed 96 KB per SM; 49153 bytes round up to
	 * 49408 (unit 256) and exceed 49152 */
	in = (struct occ_input){ 256, 32, 49153, 0, 50, 1, 0, 0, 0, false, 0, 0 };
	occ_compute(maxwell, &in, &r);
	ck_assert_int_eq(r.misfit, OCC_MISFIT_SHARED_MEM);
	derive_limit(maxwell, &in, &r, OCC_SHARED_MEM, &d);
	ck_assert_str_eq(d.steps[1], "Rounded up to the allocation unit of 256 bytes: 49408");
	ck_assert_str_eq(d.steps[2], "A block may have at most 49152 bytes (49152 + 0 reserved): 49408 exceed that");
	/* 16 KB there: the carveout does not apply; 98304 / 16384 = 6 blocks */
	in.static_smem_bytes = 16384;
	occ_compute(maxwell, &in, &r);
	derive_limit(maxwell, &in, &r, OCC_SHARED_MEM, &d);
	ck_assert_str_eq(d.steps[3], "Shared memory per SM: a fixed 98304 bytes (cc 5.2 has no carveout: the preference is ignored)");
	ck_assert_str_eq(last(&d), "Block limit: floor(98304 / 16384) = 6 blocks");
	ck_assert_int_eq(r.block_limit[OCC_SHARED_MEM], 6);
}
END_TEST

/* GP100 (cc 6.0, 2 sub-partitions) refuses what the rest of Pascal cannot run:
 * 288 threads (9 warps) x 192 registers: 192 x 32 = 6144 per warp;
 * own layout: 9 warps -> 10 (granularity 2), 61440 <= 65536; 32768 / 6144 = 5 x 2 = 10
 * warps, 10 / 9 = 1 block; four sub-partitions: 9 -> 12 warps, 73728 > 65536: 0. */
START_TEST(gp100_rule)
{
	const struct gpu_arch *a = arch(6, 0);
	struct occ_input in = { 288, 192, 0, 0, DEF, 1, 0, 0, 0, false, 0, 0 };
	struct occ_result r;
	struct derivation d;

	occ_compute(a, &in, &r);
	ck_assert_int_eq(r.block_limit[OCC_REGISTERS], 0);
	derive_limit(a, &in, &r, OCC_REGISTERS, &d);
	ck_assert_int_eq(d.value, 0);
	ck_assert(has_text(&d, "floor(10 warps / 9 warps per block) = 1 block"));
	ck_assert(has_text(&d, "6144 x 12 = 73728 > 65536"));
	ck_assert_str_eq(last(&d), "Block limit: 0 blocks (what no other Pascal GPU runs, GP100 refuses too)");
}
END_TEST

/* ---- AMD ---- */

/* The AMD factor each occ_factor stands for, as occupancy.h documents it. */
static const enum amd_factor amd_of[OCC_N_FACTORS] = {
	[OCC_WARPS] = AMD_WAVES, [OCC_BLOCKS] = AMD_WORKGROUPS, [OCC_REGISTERS] = AMD_VGPRS,
	[OCC_SHARED_MEM] = AMD_LDS, [OCC_BARRIERS] = AMD_SGPRS,
};

/* No NVIDIA word in the title or any step of an AMD derivation. */
static void check_amd_words(const struct derivation *d, const char *what)
{
	static const char *const nvidia[] = {
		"warp", "block", "shared memory", "thread", "carveout", "sub-partition",
	};
	const char *texts[DERIVE_MAX_STEPS + 1];
	int n = 0;

	texts[n++] = d->title;
	for (int i = 0; i < d->n; i++)
		texts[n++] = d->steps[i];
	for (int i = 0; i < n; i++) {
		char lower[DERIVE_STEP_LEN];
		size_t j;

		for (j = 0; texts[i][j] && j + 1 < sizeof(lower); j++)
			lower[j] = (char)tolower((unsigned char)texts[i][j]);
		lower[j] = '\0';
		for (size_t k = 0; k < sizeof(nvidia) / sizeof(nvidia[0]); k++)
			EXPECT(!strstr(lower, nvidia[k]), "%s: \"%s\" says %s", what, texts[i], nvidia[k]);
		EXPECT(!strstr(texts[i], "SM"), "%s: \"%s\" says SM", what, texts[i]);
	}
}

static bool steps_have(const struct derivation *d, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static bool steps_have(const struct derivation *d, const char *fmt, ...)
{
	char want[DERIVE_STEP_LEN];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(want, sizeof(want), fmt, ap);
	va_end(ap);
	return has_text(d, want);
}

/* What the AMD sweep reached, so that it cannot silently miss a path. */
struct amd_cover {
	long limiting[AMD_N_FACTORS];   /* launches that fit, limited by each factor */
	long misfit[AMD_N_FACTORS];     /* launches that fail on each factor */
	long late_misfits;              /* every factor counted, then none fits */
	long not_counted;               /* factors never reached */
	long no_limit[AMD_N_FACTORS];   /* counted and not limiting */
	long wgp, agprs_unified, agprs_own_file;
};

/* One AMD launch: every derivation against occ_compute() and amd_compute(). */
static long check_amd_config(const struct gpu_arch *a, const struct occ_input *in, int units,
			     int64_t grid, struct amd_cover *cov)
{
	const struct amd_arch *m = &a->amd;
	struct amd_input ai = {
		.workgroup_size = in->threads_per_block, .wave_size = in->wave_size,
		.vgprs = in->regs_per_thread, .agprs = in->agprs, .sgprs = in->sgprs,
		.lds_bytes = in->static_smem_bytes + in->dynamic_smem_bytes,
	};
	const char *unit = amd_unit_name(m);
	struct amd_result x;
	struct occ_result r;
	struct derivation d;
	struct waves w;
	bool refused, early;
	char what[160], want[DERIVE_STEP_LEN];

	occ_compute(a, in, &r);
	amd_compute(m, &ai, &x);
	snprintf(what, sizeof(what), "%s wave%d %d work-items %d VGPRs %d AGPRs %d SGPRs %lld+%lld B",
		 m->target, in->wave_size, in->threads_per_block, in->regs_per_thread, in->agprs,
		 in->sgprs, (long long)in->static_smem_bytes, (long long)in->dynamic_smem_bytes);
	EXPECT(memcmp(&x, &r.amd, sizeof(x)) == 0, "%s: occ_compute's amd_result differs", what);
	refused = !x.fits && (x.misfit == AMD_WAVES || x.misfit == AMD_WORKGROUPS);
	/* amd_compute() returns at the first factor that fails, except when it finds,
	 * after counting every factor, that a unit holds no workgroup (limit 0). */
	early = !x.fits && (refused || x.misfit == AMD_LDS || x.workgroup_limit[x.misfit] != 0);
	for (int f = 0; f < AMD_N_FACTORS; f++)
		if (x.fits && ((x.limiting >> f) & 1u))
			cov->limiting[f]++;
	if (!x.fits)
		cov->misfit[x.misfit]++;
	cov->late_misfits += !x.fits && !early;
	cov->wgp += m->wgp_mode && x.fits;
	cov->agprs_unified += x.fits && in->agprs > 0 && m->unified_vgpr_agpr;
	cov->agprs_own_file += x.fits && in->agprs > 0 && !m->unified_vgpr_agpr;

	for (int f = 0; f < OCC_N_FACTORS; f++) {
		enum amd_factor g = amd_of[f];
		bool fails_here = refused || (!x.fits && x.misfit == g);
		bool counted = refused || !early || g == x.misfit ||
			(g == AMD_VGPRS) || (g == AMD_SGPRS && x.misfit != AMD_VGPRS) ||
			(g == AMD_LDS && x.misfit == AMD_LDS);

		derive_limit(a, in, &r, (enum occ_factor)f, &d);
		check_shape(&d, what);
		check_amd_words(&d, what);
		if (fails_here) {
			EXPECT(d.value == 0 && r.active_blocks_per_sm == 0, "%s: %s derived %lld", what,
			       amd_factor_key(g), (long long)d.value);
			EXPECT(strstr(last(&d), "no workgroup fits"), "%s: %s", what, last(&d));
			EXPECT(strstr(d.title, "no workgroup fits"), "%s: %s", what, d.title);
			continue;
		}
		EXPECT(d.value == r.block_limit[f], "%s: %s derived %lld, occ_compute %d", what,
		       amd_factor_key(g), (long long)d.value, r.block_limit[f]);
		if (!counted) {
			cov->not_counted++;
			EXPECT(x.workgroup_limit[g] == AMD_UNLIMITED && strstr(last(&d), "not counted"),
			       "%s: %s: %s", what, amd_factor_key(g), last(&d));
			continue;
		}
		EXPECT(d.value == (x.workgroup_limit[g] == AMD_UNLIMITED ? OCC_UNLIMITED :
				   x.workgroup_limit[g]), "%s: %s", what, amd_factor_key(g));
		if (x.workgroup_limit[g] == AMD_UNLIMITED) {
			cov->no_limit[g]++;
			EXPECT(x.wave_limit[g] == AMD_UNLIMITED && strstr(last(&d), "not limit"),
			       "%s: %s: %s", what, amd_factor_key(g), last(&d));
			continue;
		}
		if (x.workgroup_limit[g] == 0) {
			/* counted, and no workgroup fits, though the launch failed
			 * first on another factor */
			EXPECT(strstr(last(&d), "no workgroup fits") && strstr(d.title, "no workgroup fits"),
			       "%s: %s: %s", what, amd_factor_key(g), last(&d));
			continue;
		}
		/* the factor's own two figures, as amd_compute() keeps them */
		snprintf(want, sizeof(want), "%s limit: %d wave%s per SIMD, %d workgroup%s per %s",
			 amd_factor_label(g), x.wave_limit[g], x.wave_limit[g] == 1 ? "" : "s",
			 x.workgroup_limit[g], x.workgroup_limit[g] == 1 ? "" : "s", unit);
		want[0] = (char)toupper((unsigned char)want[0]);
		EXPECT(strcmp(last(&d), want) == 0, "%s: \"%s\", want \"%s\"", what, last(&d), want);
		EXPECT(strstr(d.title, want + strlen(amd_factor_label(g)) + strlen(" limit")),
		       "%s: title %s", what, d.title);
	}

	derive_occupancy(a, in, &r, &d);
	check_shape(&d, what);
	check_amd_words(&d, what);
	EXPECT(d.value == r.active_warps_per_sm, "%s: occupancy %lld", what, (long long)d.value);
	/* The headline is the resident waves per unit over its slots; LLVM's
	 * waves per SIMD are a step of their own. */
	if (x.fits)
		EXPECT(steps_have(&d, "LLVM's occupancy: %d of %d waves per SIMD = %.1f%%",
				  x.waves_per_simd, x.max_waves_per_simd, x.occupancy_pct) &&
		       steps_have(&d, "Occupancy: %d of %d waves per %s = %.1f%%", x.waves_per_cu,
				  r.max_warps_per_sm, unit, r.theoretical_occupancy_pct) &&
		       r.theoretical_occupancy_pct == 100.0 * x.waves_per_cu / r.max_warps_per_sm,
		       "%s: occupancy steps", what);
	else
		EXPECT(steps_have(&d, "Occupancy: 0 of %d waves per SIMD = 0.0%%", x.max_waves_per_simd),
		       "%s: occupancy step", what);
	if (x.fits) {
		EXPECT(x.waves_per_cu == r.active_warps_per_sm, "%s", what);
		EXPECT(steps_have(&d, "Waves per SIMD: the least limit, %d (", x.waves_per_simd),
		       "%s: waves per SIMD", what);
		EXPECT(steps_have(&d, "Workgroups per %s: the least limit, %d (", unit,
				  x.workgroups_per_cu), "%s: workgroups", what);
		snprintf(want, sizeof(want), "= %d of %d wave slots", x.waves_per_cu,
			 x.max_waves_per_simd * amd_simds_per_unit(m));
		EXPECT(strstr(d.steps[d.n - 2], want), "%s: %s", what, d.steps[d.n - 2]);
	} else {
		EXPECT(has_text(&d, "no workgroup fits") || has_text(&d, "No workgroup fits"),
		       "%s: misfit unexplained", what);
	}

	waves_compute(&r, units, grid, &w);
	derive_waves(a, &r, units, grid, &w, &d);
	check_shape(&d, what);
	check_amd_words(&d, what);
	EXPECT(d.value == w.blocks_per_wave, "%s: workgroups per GPU wave %lld", what,
	       (long long)d.value);
	EXPECT(has_number(d.steps[0], w.blocks_per_wave), "%s: %s", what, d.steps[0]);
	if (w.blocks_per_wave > 0) {
		int64_t busy = w.partial_wave_blocks < units ? w.partial_wave_blocks : units;
		char pct[32];
		EXPECT(strstr(d.steps[0], gpu_units(a)), "%s: %s", what, d.steps[0]);
		EXPECT(has_number(last(&d), w.full_waves * units + busy), "%s: %s", what, last(&d));
		snprintf(pct, sizeof(pct), "%.1f%%", w.predicted_achieved_pct);
		EXPECT(strstr(last(&d), pct), "%s: %s", what, last(&d));
		EXPECT(has_number(d.steps[2], w.full_waves), "%s: %s", what, d.steps[2]);
		if (w.partial_wave_blocks > 0)
			EXPECT(has_number(d.steps[3], w.partial_wave_blocks), "%s: %s", what, d.steps[3]);
	}
	check_all(a, in, &r, units, grid, &w, what);
	return 1;
}

/* Every AMD target of the built-in database in each wave size it runs, over
 * workgroup sizes, VGPRs, AGPRs (where the target has them), SGPRs and LDS on
 * both sides of every limit: amd_compute() (checked against LLVM's vectors
 * by test_amd) is the oracle. */
START_TEST(every_amd_target_matches_engine)
{
	static const int sizes[] = { 0, 1, 32, 64, 96, 128, 192, 256, 320, 512, 640, 1024, 1025 };
	static const int vgprs[] = { 0, 1, 24, 41, 64, 65, 96, 128, 129, 168, 256, 257 };
	static const int agprs[] = { 0, 3, 32, 128, 256, 257 };
	static const int no_agprs[] = { 0, 8 };
	static const int sgprs[] = { 0, 16, 40, 80, 81, 100, 108, 112, 113 };
	static const int64_t lds[][2] = {
		{ 0, 0 }, { 1, 0 }, { 0, 512 }, { 1000, 2000 }, { 0, 16384 }, { 40000, 0 },
		{ 0, 65536 }, { 0, 65537 }, { 100000, 63840 }, { 0, 163841 },
	};
	static const int units[] = { 1, 40, 152, 304 };
	static const int64_t grids[] = { 1, 39, 1584, 123457 };
	long n = 0, k = 0, want = 0;
	struct amd_cover cov = { 0 };

	ck_assert_uint_gt(gpu_db_amd_arch_count(db), 0);
	for (size_t i = 0; i < gpu_db_amd_arch_count(db); i++) {
		const struct gpu_arch *a = gpu_db_amd_arch_at(db, i);
		const struct amd_arch *m = &a->amd;
		const int *ag = m->max_agprs_per_wave > 0 ? agprs : no_agprs;
		size_t n_ag = m->max_agprs_per_wave > 0 ? sizeof(agprs) / sizeof(agprs[0]) : 2;

		/* VLIW targets compute as CodeXL did: test_terascale.c sweeps them. */
		if (m->vliw)
			continue;

		for (int wave = 32; wave <= 64; wave += 32) {
			if (!(wave == 32 ? m->wave32 : m->wave64)) {
				/* a wave size the target does not run: refused whatever else */
				for (size_t t = 0; t < sizeof(sizes) / sizeof(sizes[0]); t++) {
					struct occ_input in = { sizes[t], 32, 0, 1024, DEF, 0, wave, 0, 40, false, 0, 0 };
					n += check_amd_config(a, &in, units[t % 4], grids[t % 4], &cov);
					want++;
				}
				continue;
			}
			want += (long)(sizeof(sizes) / sizeof(sizes[0]) * sizeof(vgprs) / sizeof(vgprs[0]) *
				       n_ag * sizeof(lds) / sizeof(lds[0]));
			for (size_t t = 0; t < sizeof(sizes) / sizeof(sizes[0]); t++)
			for (size_t v = 0; v < sizeof(vgprs) / sizeof(vgprs[0]); v++)
			for (size_t g = 0; g < n_ag; g++)
			for (size_t l = 0; l < sizeof(lds) / sizeof(lds[0]); l++) {
				/* SGPRs turn through all nine across the ten LDS sizes of
				 * each (size, VGPRs, AGPRs); units and grids cycle: they only
				 * feed the waves */
				const int64_t *b = lds[l];
				struct occ_input in = { sizes[t], vgprs[v], b[0], b[1], DEF, 0, wave,
							ag[g], sgprs[k % (sizeof(sgprs) / sizeof(sgprs[0]))], false, 0, 0 };
				n += check_amd_config(a, &in, units[k % 4], grids[(k / 3) % 4],
						      &cov);
				k++;
			}
		}
	}
	ck_assert_int_eq(n, want);
	/* every path of the derivations was taken */
	for (int f = 0; f < AMD_N_FACTORS; f++) {
		ck_assert_msg(cov.limiting[f] > 0, "no launch limited by %s", amd_factor_label(f));
		ck_assert_msg(cov.misfit[f] > 0, "no launch failing on %s", amd_factor_label(f));
		if (f != AMD_VGPRS && f != AMD_WAVES)
			ck_assert_msg(cov.no_limit[f] > 0, "%s always limit", amd_factor_label(f));
	}
	ck_assert(cov.late_misfits > 0 && cov.not_counted > 0 && cov.wgp > 0);
	ck_assert(cov.agprs_unified > 0 && cov.agprs_own_file > 0);
}
END_TEST

static const struct gpu_arch *amd_target(const char *target)
{
	for (size_t i = 0; i < gpu_db_amd_arch_count(db); i++)
		if (strcmp(gpu_db_amd_arch_at(db, i)->amd.target, target) == 0)
			return gpu_db_amd_arch_at(db, i);
	ck_abort_msg("no AMD target %s", target);
	return NULL;
}

/* MI300X (gfx942, data/amd_archs.csv: wave64, 4 SIMDs per CU, 8 wave slots per
 * SIMD, 512 VGPRs per lane in granules of 8, AGPRs after the arch VGPRs, 800
 * SGPRs per SIMD, 65536 bytes of LDS per CU in granules of 512, 16 workgroups
 * per CU; data/amd_devices.csv: 304 CUs), 256 work-items, 40 VGPRs + 32 AGPRs,
 * 40 SGPRs, 1000 + 2000 bytes of LDS:
 *   waves per workgroup: ceil(256 / 64) = 4;
 *   VGPRs: 40 (a multiple of 4) + 32 = 72, a multiple of 8; 512 / 72 = 7.1 -> 7
 *     waves per SIMD; 7 x 4 SIMDs / 4 = 7 workgroups;
 *   SGPRs: 800 / 40 = 20 waves; 20 x 4 / 4 = 20 workgroups;
 *   LDS: 3000 -> 6 x 512 = 3072; 65536 / 3072 = 21.3 -> 21 workgroups;
 *     ceil(21 x 4 / 4) = 21 waves;
 *   wave slots: 8 x 4 = 32; 32 / 4 = 8 workgroups; 8 x 4 / 4 = 8 waves;
 *   workgroups: 16; 16 x 4 / 4 = 16 waves;
 *   least: 7 waves per SIMD (VGPRs), 7 / 8 = 87.5 %; 7 workgroups per CU,
 *   7 x 4 = 28 of 32 wave slots. */
START_TEST(mi300x_factors)
{
	const struct gpu_arch *a = amd_target("gfx942");
	struct occ_input in = { 256, 40, 1000, 2000, DEF, 0, 64, 32, 40, false, 0, 0 };
	struct occ_result r;
	struct derivation d;
	static const char *const vgpr_steps[] = {
		"Waves per workgroup: ceil(256 work-items / 64 per wave) = 4",
		"VGPRs per work-item: 40 arch VGPRs rounded up to 4 = 40, then 32 AGPRs in the same file = 72",
		"Rounded up to the wave64 granule of 8: 72",
		"VGPRs per SIMD lane (wave64): 512",
		"Waves per SIMD: floor(512 / 72) = 7",
		"Workgroups per CU: floor(7 waves x 4 SIMDs / 4 waves per workgroup) = 7",
		"VGPRs limit: 7 waves per SIMD, 7 workgroups per CU",
	};

	occ_compute(a, &in, &r);
	ck_assert_int_eq(r.amd.waves_per_simd, 7);
	ck_assert_int_eq(r.amd.workgroups_per_cu, 7);
	derive_limit(a, &in, &r, OCC_REGISTERS, &d);
	ck_assert_str_eq(d.title, "VGPRs: 7 waves per SIMD, 7 workgroups per CU");
	ck_assert_int_eq(d.n, 7);
	for (int i = 0; i < 7; i++)
		ck_assert_str_eq(d.steps[i], vgpr_steps[i]);
	ck_assert_int_eq(d.value, 7);

	derive_limit(a, &in, &r, OCC_BARRIERS, &d);
	ck_assert_str_eq(d.title, "SGPRs: 20 waves per SIMD, 20 workgroups per CU");
	ck_assert_str_eq(d.steps[0], "SGPRs per wave: 40 (with VCC and the other reserved ones)");
	ck_assert_str_eq(d.steps[1], "Waves per SIMD: floor(800 SGPRs per SIMD / 40) = 20");
	ck_assert_str_eq(last(&d), "SGPRs limit: 20 waves per SIMD, 20 workgroups per CU");

	derive_limit(a, &in, &r, OCC_SHARED_MEM, &d);
	ck_assert_str_eq(d.steps[0], "LDS per workgroup: 1000 static + 2000 dynamic = 3000 bytes");
	ck_assert_str_eq(d.steps[1], "Rounded up to the granule of 512 bytes: 3072");
	ck_assert_str_eq(d.steps[2], "LDS per CU: 65536 bytes");
	ck_assert_str_eq(d.steps[3], "Workgroups per CU: floor(65536 / 3072) = 21");
	ck_assert_str_eq(d.steps[5], "Their waves spread evenly over 4 SIMDs: ceil(21 workgroups x 4 waves / 4) = 21 waves per SIMD");
	ck_assert_str_eq(last(&d), "LDS limit: 21 waves per SIMD, 21 workgroups per CU");

	derive_limit(a, &in, &r, OCC_WARPS, &d);
	ck_assert_str_eq(d.steps[1], "Wave slots per CU: 8 per SIMD x 4 SIMDs = 32");
	ck_assert_str_eq(d.steps[2], "Workgroups per CU: floor(32 slots / 4 waves per workgroup) = 8");
	ck_assert_str_eq(last(&d), "Wave slots limit: 8 waves per SIMD, 8 workgroups per CU");
	ck_assert_str_eq(d.title, "Wave slots: 8 waves per SIMD, 8 workgroups per CU");

	derive_limit(a, &in, &r, OCC_BLOCKS, &d);
	ck_assert_str_eq(d.steps[1], "A CU keeps at most 16 workgroups of more than one wave resident");
	ck_assert_str_eq(last(&d), "Workgroups limit: 16 waves per SIMD, 16 workgroups per CU");

	derive_occupancy(a, &in, &r, &d);
	/* The headline: 28 resident waves of the CU's 32 slots; LLVM's 7 of 8
	 * per SIMD is the same here, 4-wave workgroups filling the room. */
	ck_assert_str_eq(d.title, "Occupancy: 28 of 32 waves per CU (87.5%)");
	ck_assert_str_eq(d.steps[0], "Waves per SIMD by factor: VGPRs 7, SGPRs 20, LDS 21, wave slots 8, workgroups 16");
	ck_assert_str_eq(d.steps[1], "Workgroups per CU by factor: VGPRs 7, SGPRs 20, LDS 21, wave slots 8, workgroups 16");
	ck_assert_str_eq(d.steps[2], "Waves per SIMD: the least limit, 7 (VGPRs)");
	ck_assert_str_eq(d.steps[3], "LLVM's occupancy: 7 of 8 waves per SIMD = 87.5%");
	ck_assert_str_eq(d.steps[4], "Workgroups per CU: the least limit, 7 (VGPRs)");
	ck_assert_str_eq(d.steps[5], "Waves per CU: 7 workgroups x 4 waves = 28 of 32 wave slots");
	ck_assert_str_eq(d.steps[6], "Occupancy: 28 of 32 waves per CU = 87.5%");
	ck_assert_int_eq(d.n, 7);
	ck_assert_int_eq(d.value, 28);
}
END_TEST

/* The same launch in a grid of 4096 workgroups on MI300X's 304 CUs:
 *   304 x 7 = 2128 per GPU wave; 4096 / 2128 = 1.92; 1 full; 4096 - 2128 = 1968;
 *   tail 1 / 2 = 50.0 %; partial 1968 x 4 / 304 / 32 = 7872 / 9728 = 80.9 %;
 *   busy 1 x 304 + 304 = 608; 4096 x 4 / 608 / 32 = 16384 / 19456 = 84.2 %. */
START_TEST(mi300x_waves)
{
	const struct gpu_arch *a = amd_target("gfx942");
	struct occ_input in = { 256, 40, 1000, 2000, DEF, 0, 64, 32, 40, false, 0, 0 };
	struct occ_result r;
	struct waves w;
	struct derivation d;
	struct gpu g;
	struct occ_error err = { 0 };

	ck_assert_msg(gpu_db_find(db, "MI300X", &g, &err), "%s", err.message);
	ck_assert_int_eq(g.sm_count, 304);
	occ_compute(a, &in, &r);
	waves_compute(&r, g.sm_count, 4096, &w);
	derive_waves(&g.arch, &r, g.sm_count, 4096, &w, &d);
	ck_assert_int_eq(d.value, 2128);
	ck_assert_int_eq(d.n, 8);
	ck_assert_str_eq(d.title, "GPU waves: 2128 workgroups each, 1.92 in all");
	ck_assert_str_eq(d.steps[0], "Workgroups per GPU wave (every CU full): 304 CUs x 7 workgroups = 2128");
	ck_assert_str_eq(d.steps[1], "GPU waves: 4096 workgroups / 2128 = 1.92");
	ck_assert_str_eq(d.steps[2], "Full GPU waves: floor(4096 / 2128) = 1");
	ck_assert_str_eq(d.steps[3], "Partial GPU wave: 4096 - 1 x 2128 = 1968 workgroups");
	ck_assert_str_eq(d.steps[4], "Tail share of the runtime (uniform workgroup durations): 1 / 2 GPU waves = 50.0%");
	ck_assert_str_eq(d.steps[5], "Occupancy in the partial GPU wave: 1968 workgroups x 4 waves / 304 CUs / 32 wave slots = 80.9%");
	ck_assert_str_eq(d.steps[6], "Busy CU time: 1 full GPU wave x 304 CUs + 304 CUs in the partial one = 608 workgroup durations");
	ck_assert_str_eq(d.steps[7], "Predicted achieved occupancy: 4096 workgroups x 4 waves / 608 / 32 wave slots = 84.2%");
	ck_assert_double_eq_tol(w.predicted_achieved_pct, 100.0 * 16384 / 19456, 1e-9);
}
END_TEST

/* MI300X launches where no workgroup fits, each saying why. */
START_TEST(mi300x_misfits)
{
	const struct gpu_arch *a = amd_target("gfx942");
	struct occ_input in = { 1024, 256, 0, 0, DEF, 0, 64, 0, 40, false, 0, 0 };
	struct occ_result r;
	struct derivation d;

	/* 1024 / 64 = 16 waves; 256 VGPRs: 512 / 256 = 2 waves per SIMD, 2 x 4 = 8 per
	 * CU < 16: floor(8 / 16) = 0 workgroups; LLVM still prints 2 waves per SIMD. */
	occ_compute(a, &in, &r);
	ck_assert_int_eq(r.misfit, OCC_MISFIT_REGISTERS);
	ck_assert_int_eq(r.amd.waves_per_simd, 2);
	derive_limit(a, &in, &r, OCC_REGISTERS, &d);
	ck_assert_str_eq(d.title, "VGPRs: no workgroup fits");
	ck_assert_str_eq(d.steps[5], "Workgroups per CU: floor(2 waves x 4 SIMDs / 16 waves per workgroup) = 0");
	ck_assert_str_eq(last(&d), "The 4 SIMDs of a CU hold 8 waves, fewer than the 16 of one workgroup: no workgroup fits");
	ck_assert_int_eq(d.value, 0);
	derive_occupancy(a, &in, &r, &d);
	ck_assert_str_eq(d.steps[2], "No workgroup fits (VGPRs): nothing runs");
	ck_assert_str_eq(d.steps[3], "LLVM still reports 2 waves per SIMD for this kernel, but a workgroup of 16 waves cannot start");
	ck_assert_str_eq(last(&d), "Occupancy: 0 of 8 waves per SIMD = 0.0%");
	ck_assert_int_eq(d.value, 0);
	derive_waves(a, &r, 304, 100, &(struct waves){ 0 }, &d);
	ck_assert_str_eq(d.steps[0], "No workgroup fits on a CU: the grid never starts, 0 workgroups per GPU wave");

	/* gfx942 runs wave64 only */
	in = (struct occ_input){ 256, 32, 0, 0, DEF, 0, 32, 0, 40, false, 0, 0 };
	occ_compute(a, &in, &r);
	derive_limit(a, &in, &r, OCC_WARPS, &d);
	ck_assert_str_eq(d.steps[0], "gfx942 runs wave64 only, not wave32: no workgroup fits");
	ck_assert_str_eq(d.title, "Wave slots: no workgroup fits");

	/* 1025 work-items: more than the 1024 a workgroup may have */
	in = (struct occ_input){ 1025, 32, 0, 0, DEF, 0, 64, 0, 40, false, 0, 0 };
	occ_compute(a, &in, &r);
	derive_limit(a, &in, &r, OCC_WARPS, &d);
	ck_assert_str_eq(d.steps[0], "A workgroup may have 1 to 1024 work-items; 1025 is outside that: no workgroup fits");

	/* 70000 bytes of LDS, more than a workgroup's 65536: the engine stops at LDS,
	 * so wave slots are never counted */
	in = (struct occ_input){ 256, 32, 0, 70000, DEF, 0, 64, 0, 40, false, 0, 0 };
	occ_compute(a, &in, &r);
	ck_assert_int_eq(r.misfit, OCC_MISFIT_SHARED_MEM);
	derive_limit(a, &in, &r, OCC_SHARED_MEM, &d);
	ck_assert_str_eq(last(&d), "A workgroup may have at most 65536 bytes of LDS on gfx942; 70000 exceed that: no workgroup fits");
	derive_limit(a, &in, &r, OCC_WARPS, &d);
	ck_assert_str_eq(last(&d), "The launch already fails on LDS (no workgroup fits, see there): this factor is not counted");
	ck_assert_str_eq(d.title, "Wave slots: not counted (no workgroup fits)");

	/* 113 SGPRs: above the 108 a wave may have (VCC, FLAT_SCRATCH, XNACK
	 * included) rounded up to rocprof's granule of 16, 112 */
	in = (struct occ_input){ 256, 32, 0, 0, DEF, 0, 64, 0, 113, false, 0, 0 };
	occ_compute(a, &in, &r);
	derive_limit(a, &in, &r, OCC_BARRIERS, &d);
	ck_assert_str_eq(last(&d), "gfx942 allows at most 112 SGPRs per wave; 113 exceed that: no workgroup fits");
}
END_TEST

/* gfx908 keeps AGPRs in their own file: 40 VGPRs and 64 AGPRs count as
 * max(40, 64) = 64, a multiple of the granule of 4; 256 / 64 = 4 waves per SIMD.
 * gfx1100 (RDNA3) counts per WGP (2 CUs of 2 SIMDs) and its SGPRs do not limit:
 * 256 work-items in wave32 = 8 waves; 16 slots x 4 SIMDs = 64; 64 / 8 = 8
 * workgroups; 2 x 16 = 32 workgroups per WGP; 131072 bytes of LDS per WGP. */
START_TEST(agpr_file_and_wgp_mode)
{
	const struct gpu_arch *mi100 = amd_target("gfx908"), *rdna3 = amd_target("gfx1100");
	struct occ_input in = { 256, 40, 0, 0, DEF, 0, 64, 64, 40, false, 0, 0 };
	struct occ_result r;
	struct derivation d;

	occ_compute(mi100, &in, &r);
	derive_limit(mi100, &in, &r, OCC_REGISTERS, &d);
	ck_assert_str_eq(d.steps[1], "VGPRs per work-item: gfx908 keeps AGPRs in a second file of the same size, so the larger of 40 VGPRs and 64 AGPRs counts: 64");
	ck_assert_str_eq(d.steps[4], "Waves per SIMD: floor(256 / 64) = 4");
	ck_assert_int_eq(r.amd.wave_limit[AMD_VGPRS], 4);

	in = (struct occ_input){ 256, 32, 0, 4096, DEF, 0, 32, 0, 40, false, 0, 0 };
	occ_compute(rdna3, &in, &r);
	derive_limit(rdna3, &in, &r, OCC_BARRIERS, &d);
	ck_assert_str_eq(last(&d), "SGPRs do not limit on gfx1100 (RDNA3): every wave slot has its own");
	ck_assert_str_eq(d.title, "SGPRs: no limit");
	derive_limit(rdna3, &in, &r, OCC_WARPS, &d);
	ck_assert_str_eq(d.steps[0], "Waves per workgroup: ceil(256 work-items / 32 per wave) = 8");
	ck_assert_str_eq(d.steps[1], "Wave slots per WGP: 16 per SIMD x 4 SIMDs = 64");
	ck_assert_str_eq(d.steps[2], "Workgroups per WGP: floor(64 slots / 8 waves per workgroup) = 8");
	ck_assert_int_eq(r.block_limit[OCC_WARPS], 8);
	derive_limit(rdna3, &in, &r, OCC_BLOCKS, &d);
	ck_assert_str_eq(d.steps[1], "A WGP keeps at most 32 workgroups of more than one wave resident (16 per CU x 2 CUs)");
	derive_limit(rdna3, &in, &r, OCC_SHARED_MEM, &d);
	ck_assert_str_eq(d.steps[2], "LDS per WGP: 131072 bytes, one pool for its 2 CUs");
	ck_assert_str_eq(d.steps[3], "Workgroups per WGP: floor(131072 / 4096) = 32");
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("derive");
	TCase *tc = tcase_create("derive");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, every_arch_matches_engine);
	tcase_add_test(tc, h100_registers);
	tcase_add_test(tc, h100_waves);
	tcase_add_test(tc, t4_registers);
	tcase_add_test(tc, a100_shared_memory);
	tcase_add_test(tc, unlimited_and_misfits);
	tcase_add_test(tc, gp100_rule);
	tcase_add_test(tc, every_amd_target_matches_engine);
	tcase_add_test(tc, mi300x_factors);
	tcase_add_test(tc, mi300x_waves);
	tcase_add_test(tc, mi300x_misfits);
	tcase_add_test(tc, agpr_file_and_wgp_mode);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(suite());
}
