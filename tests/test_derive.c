/* test_derive.c - step-by-step derivations: every final figure against the engine
 * (occ_compute, waves_compute) over a grid of launches on every architecture, and
 * every step of hand-checked cases. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "derive.h"
#include "gpu.h"
#include "occupancy.h"
#include "waves.h"
#include "testutil.h"

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
#define EXPECT(cond, ...) do { if (!(cond)) ck_abort_msg(__VA_ARGS__); } while (0)

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
	derive_waves(&r, sms, grid, &w, &d);
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
						carveouts[c], barriers[k % 4] };
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
	struct occ_input in = { 256, 32, 0, 0, DEF, 1 };
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
	struct occ_input in = { 256, 32, 0, 0, DEF, 1 };
	struct occ_result r;
	struct waves w;
	struct derivation d;

	occ_compute(a, &in, &r);
	waves_compute(&r, 132, 1584, &w);
	ck_assert_int_eq(w.blocks_per_wave, 1056);
	ck_assert_double_eq_tol(w.predicted_achieved_pct, 75.0, 1e-9);
	derive_waves(&r, 132, 1584, &w, &d);
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
	derive_waves(&r, 132, 2112, &w, &d);
	ck_assert_str_eq(d.steps[3], "No partial wave: 2112 is a multiple of 1056");
	ck_assert_str_eq(last(&d), "Predicted achieved occupancy: 2112 blocks x 8 warps / 264 / 64 warps = 100.0%");

	/* 100 blocks on 132 SMs: 0 full waves, 100 SMs busy; 100 x 8 / 100 / 64 = 12.5 % */
	waves_compute(&r, 132, 100, &w);
	derive_waves(&r, 132, 100, &w, &d);
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
	struct occ_input in = { 256, 64, 0, 0, DEF, 1 };
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
	struct occ_input in = { 256, 32, 0, 49152, DEF, 1 };
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
	struct occ_input in = { 256, 0, 0, 0, DEF, 0 };
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
	in = (struct occ_input){ 1024, 255, 0, 0, DEF, 1 };
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
	in = (struct occ_input){ 1025, 32, 0, 0, DEF, 1 };
	occ_compute(hopper, &in, &r);
	derive_limit(hopper, &in, &r, OCC_WARPS, &d);
	ck_assert_int_eq(d.value, 0);
	ck_assert_str_eq(d.steps[1], "A block may have at most 1024 threads; 1025 exceed that");

	/* 65 barriers per block on an SM of 64 */
	in = (struct occ_input){ 256, 32, 0, 0, DEF, 65 };
	occ_compute(hopper, &in, &r);
	ck_assert_int_eq(r.misfit, OCC_MISFIT_BARRIERS);
	derive_limit(hopper, &in, &r, OCC_BARRIERS, &d);
	ck_assert_str_eq(last(&d), "Block limit: 0 blocks (65 barriers per block exceed the 64 per SM)");

	/* cc 5.2: 48 KB per block at most, fixed 96 KB per SM; 49153 bytes round up to
	 * 49408 (unit 256) and exceed 49152 */
	in = (struct occ_input){ 256, 32, 49153, 0, 50, 1 };
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
	struct occ_input in = { 288, 192, 0, 0, DEF, 1 };
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
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(suite());
}
