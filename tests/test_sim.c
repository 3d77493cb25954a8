/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_sim.c - the block-scheduling simulation against the engine's wave formula
 * (waves.h), seed 000, and the properties its duration models must have. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "gpu.h"
#include "occupancy.h"
#include "sim.h"
#include "waves.h"
#include "testutil.h"

static struct sim_params params_of(const struct occ_result *r, int sm_count, int64_t grid)
{
	return (struct sim_params){
		.sm_count = sm_count,
		.blocks_per_sm = r->active_blocks_per_sm,
		.warps_per_block = r->warps_per_block,
		.max_warps_per_sm = r->max_warps_per_sm,
		.grid_size = grid,
		.model = SIM_UNIFORM,
		.seed = 1,
	};
}

/* The seed example's SMs: 15 SMs, 4 blocks of 16 warps each fill the 64 warps. */
static struct sim_params seed000(int64_t grid)
{
	return (struct sim_params){ .sm_count = 15, .blocks_per_sm = 4, .warps_per_block = 16,
				    .max_warps_per_sm = 64, .grid_size = grid,
				    .model = SIM_UNIFORM, .seed = 1 };
}

/* (1) With uniform durations the schedule is lock-step waves with the partial
 * wave dealt round-robin, exactly the model of waves.c: the simulation must
 * reproduce its per-SM and average predictions on real configurations. */
START_TEST(uniform_matches_wave_formula)
{
	static const char *const gpus[] = { "H100 SXM", "T4", "A100" };
	static const int threads[] = { 32, 64, 96, 128, 192, 256, 384, 512, 768, 1024 };
	static const int regs[] = { 16, 32, 64, 128, 255 };
	bool seen_bps[33] = { false };

	for (size_t g = 0; g < sizeof(gpus) / sizeof(gpus[0]); g++) {
		struct gpu gpu;
		struct occ_error err = { 0 };

		ck_assert_msg(gpu_db_find(db, gpus[g], &gpu, &err), "%s: %s", gpus[g], err.message);
		for (size_t t = 0; t < sizeof(threads) / sizeof(threads[0]); t++) {
			for (size_t k = 0; k < sizeof(regs) / sizeof(regs[0]); k++) {
				struct occ_input in = { threads[t], regs[k], 0, 0, LAUNCH_CARVEOUT_DEFAULT, 1, 0, 0, 0, false, 0, 0 };
				struct occ_result r;
				int64_t wave;

				occ_compute(&gpu.arch, &in, &r);
				if (r.active_blocks_per_sm == 0)
					continue;
				seen_bps[r.active_blocks_per_sm] = true;
				wave = (int64_t)r.active_blocks_per_sm * gpu.sm_count;
				const int64_t grids[] = {
					1, gpu.sm_count - 1, gpu.sm_count, gpu.sm_count + 1,
					wave - 1, wave, wave + 1, wave + wave / 2, 3 * wave,
					3 * wave + gpu.sm_count / 3, 4 * wave + wave - 7,
				};
				for (size_t i = 0; i < sizeof(grids) / sizeof(grids[0]); i++) {
					struct sim_params p = params_of(&r, gpu.sm_count, grids[i]);
					struct sim_result s;
					struct waves w;
					int64_t total = 0;

					ck_assert(sim_run(&p, &s));
					waves_compute(&r, gpu.sm_count, grids[i], &w);
					ck_assert_msg(fabs(s.average_pct - w.predicted_achieved_pct) < 1e-9,
						      "%s %d thr %d regs grid %lld: sim %.12f waves %.12f",
						      gpus[g], threads[t], regs[k], (long long)grids[i],
						      s.average_pct, w.predicted_achieved_pct);
					for (int sm = 0; sm < gpu.sm_count; sm++) {
						double want = waves_sm_occupancy_pct(&r, gpu.sm_count, grids[i], sm);
						ck_assert_msg(fabs(s.sm_pct[sm] - want) < 1e-9,
							      "%s grid %lld SM %d: sim %.12f waves %.12f",
							      gpus[g], (long long)grids[i], sm, s.sm_pct[sm], want);
						total += s.sm_blocks[sm];
					}
					ck_assert_int_eq(total, grids[i]);
					/* every wave, the partial one included, lasts one duration */
					ck_assert_double_eq_tol(s.makespan, (double)w.full_waves +
								(w.partial_wave_blocks > 0 ? 1.0 : 0.0), 1e-12);
					sim_result_done(&s);
				}
			}
		}
	}
	/* the sweep covered the whole range of resident blocks, 1 through 32 */
	ck_assert(seen_bps[1]);
	ck_assert(seen_bps[32]);
	for (int b = 1; b <= 32; b *= 2)
		ck_assert_msg(seen_bps[b], "no configuration with %d blocks per SM", b);
}
END_TEST

/* Bit for bit: a and b hold the same double. */
static bool same_double(double a, double b)
{
	return memcmp(&a, &b, sizeof(a)) == 0;
}

/* What sim_run's closed form and sim_snapshot's give for p against the event
 * simulation: NULL when every field and every frame is the same to the last
 * bit, else what differs (in msg). */
static const char *uniform_differs(const struct sim_params *p, char *msg, size_t size)
{
	struct sim_result fast, slow;
	bool ok_fast = sim_run(p, &fast), ok_slow = sim_run_events(p, &slow);
	int *af = calloc((size_t)p->sm_count, sizeof(*af));
	int *as = calloc((size_t)p->sm_count, sizeof(*as));
	const char *what = NULL;

	ck_assert(af && as);
	if (ok_fast != ok_slow || !ok_fast)
		what = "ran";
	else if (fast.sm_count != slow.sm_count || fast.too_large != slow.too_large)
		what = "sm_count";
	else if (!same_double(fast.average_pct, slow.average_pct))
		what = "average_pct";
	else if (!same_double(fast.makespan, slow.makespan))
		what = "makespan";
	for (int sm = 0; !what && sm < p->sm_count; sm++) {
		if (!same_double(fast.sm_pct[sm], slow.sm_pct[sm]))
			what = "sm_pct";
		else if (!same_double(fast.sm_active_time[sm], slow.sm_active_time[sm]))
			what = "sm_active_time";
		else if (fast.sm_blocks[sm] != slow.sm_blocks[sm])
			what = "sm_blocks";
	}
	/* Frames: before, at and between the waves' ends, and after the last. */
	for (int k = -2; !what && k <= 2 * (int)fast.makespan + 3; k++) {
		double t = k / 2.0;
		for (int j = 0; !what && j < 2; j++) {
			if (j)
				t = nextafter(t, -INFINITY);
			if (sim_snapshot(p, t, af) != sim_snapshot_events(p, t, as) ||
			    memcmp(af, as, (size_t)p->sm_count * sizeof(*af)) != 0) {
				snprintf(msg, size, "frame at t = %.17g", t);
				what = msg;
			}
		}
	}
	if (what && what != msg)
		snprintf(msg, size, "%s", what);
	if (ok_fast)
		sim_result_done(&fast);
	if (ok_slow)
		sim_result_done(&slow);
	free(af);
	free(as);
	return what ? msg : NULL;
}

/* (1b) sim_run and sim_snapshot compute durations of 1.0 in closed form; the
 * event simulation is the reference, and must give every field and frame to
 * the last bit: grids of partial waves, below the SM count, exact multiples
 * of the slots, one block per SM, one SM, SM counts past a 64-SM word. The
 * other models where their parameters vary nothing take the closed form too. */
START_TEST(uniform_closed_form_is_the_event_simulation)
{
	static const int sms[] = { 1, 2, 3, 15, 63, 64, 65, 108, 132, 304 };
	static const int slots[] = { 1, 2, 3, 4, 7, 8, 32 };
	static const int warps[] = { 1, 3, 8 };
	int cases = 0;

	for (size_t i = 0; i < sizeof(sms) / sizeof(sms[0]); i++)
	for (size_t j = 0; j < sizeof(slots) / sizeof(slots[0]); j++) {
		int64_t n = sms[i], wave = n * slots[j];
		const int64_t grids[] = {
			1, 2, n - 1, n, n + 1, 2 * n + 1, wave - 1, wave, wave + 1, 2 * wave,
			2 * wave + n / 2 + 1, 5 * wave - 1, 7 * wave + 3,
		};
		for (size_t g = 0; g < sizeof(grids) / sizeof(grids[0]); g++) {
			struct sim_params p = {
				.sm_count = sms[i], .blocks_per_sm = slots[j],
				.warps_per_block = warps[(i + j + g) % 3], .max_warps_per_sm = 64,
				.grid_size = grids[g], .model = SIM_UNIFORM, .seed = 1 + g,
			};
			char msg[96];
			const char *bad;
			if (p.grid_size < 1)
				continue;
			/* the models that vary nothing: every duration 1.0 */
			switch (g % 4) {
			case 1:
				p.model = SIM_CV;
				break;
			case 2:
				p.model = SIM_SLOW_SHARE;
				p.slow_share = 0.0;
				p.slow_factor = 4.0;
				break;
			case 3:
				p.model = SIM_SLOW_SHARE;
				p.slow_share = 0.3;
				p.slow_factor = 1.0;
				break;
			}
			bad = uniform_differs(&p, msg, sizeof(msg));
			if (bad)
				ck_abort_msg("%d SMs x %d slots, grid %lld, model %s: %s", p.sm_count,
					     p.blocks_per_sm, (long long)p.grid_size,
					     sim_model_key(p.model), bad);
			cases++;
		}
	}
	ck_assert_int_gt(cases, 800);
}
END_TEST

/* (1c) The event simulation for durations that vary: these results are those
 * of the engine as first written (a heap of SMs by free slots, a binary heap
 * of block ends; commit 6ba6458), printed with 17 digits. The engine was made
 * faster since (rounds over the SMs with free slots, one pass for a block
 * that ends alone, a 4-ary heap); the schedule, and so every bit, must not
 * change. */
START_TEST(varying_models_unchanged)
{
	static const struct {
		struct sim_params p;
		double average_pct, makespan, sm0_pct, last_pct;
		int64_t sm0_blocks;
	} cases[] = {
		{ { 132, 8, 8, 64, 26400, SIM_CV, 0, 1, 0.5, 1, 0, 0, 0, 0, { 0 } },
		  96.456459245116847, 28.096199078092894, 95.249723107289839, 94.526623903870231, 186 },
		{ { 132, 8, 8, 64, 26400, SIM_SLOW_SHARE, 0.1, 4.0, 0, 1, 0, 0, 0, 0, { 0 } },
		  94.930127640845072, 36, 98.484848484848484, 93.928571428571431, 218 },
		{ { 15, 4, 16, 64, 1000, SIM_SLOW_SHARE, 0.25, 3.0, 0, 42, 0, 0, 0, 0, { 0 } },
		  96.827411167512693, 27, 95.370370370370367, 96.15384615384616, 77 },
		{ { 108, 3, 12, 64, 5000, SIM_CV, 0, 1, 1.0, 7, 0, 0, 0, 0, { 0 } },
		  53.136375053998592, 22.896295915829118, 54.05681119439766, 51.130500988858159, 43 },
		{ { 304, 2, 4, 32, 3000, SIM_SLOW_SHARE, 0.5, 1.5, 0, 9, 0, 0, 0, 0, { 0 } },
		  23.998079385403329, 7, 25, 23.076923076923077, 10 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct sim_result r;
		ck_assert(sim_run(&cases[i].p, &r));
		ck_assert_msg(same_double(r.average_pct, cases[i].average_pct) &&
			      same_double(r.makespan, cases[i].makespan) &&
			      same_double(r.sm_pct[0], cases[i].sm0_pct) &&
			      same_double(r.sm_pct[r.sm_count - 1], cases[i].last_pct) &&
			      r.sm_blocks[0] == cases[i].sm0_blocks,
			      "case %zu: average %.17g makespan %.17g SM 0 %.17g last %.17g blocks %lld",
			      i, r.average_pct, r.makespan, r.sm_pct[0], r.sm_pct[r.sm_count - 1],
			      (long long)r.sm_blocks[0]);
		sim_result_done(&r);
	}
}
END_TEST

/* (2) seeds/000: "on a device with 15 SMs, and a configuration expecting 100%
 * theoretical occupancy with 4 blocks per SM, a full wave would be 60 blocks.
 * Launching only 45 blocks (assuming a balanced workload) will result in
 * approximately 75% achieved occupancy." 45 blocks over 15 SMs: 3 each, 3 x 16
 * of 64 warps = 75 % on every SM. */
START_TEST(seed000_too_few_blocks)
{
	struct sim_params p = seed000(45);
	struct sim_result s;

	ck_assert(sim_run(&p, &s));
	ck_assert_int_eq(s.sm_count, 15);
	ck_assert_double_eq_tol(s.average_pct, 75.0, 1e-9);
	for (int sm = 0; sm < 15; sm++) {
		ck_assert_int_eq(s.sm_blocks[sm], 3);
		ck_assert_double_eq_tol(s.sm_pct[sm], 75.0, 1e-9);
		ck_assert_double_eq_tol(s.sm_active_time[sm], 1.0, 1e-12);
	}
	ck_assert_double_eq_tol(s.makespan, 1.0, 1e-12);
	sim_result_done(&s);

	/* the full wave of 60 blocks: 100 % */
	p = seed000(60);
	ck_assert(sim_run(&p, &s));
	ck_assert_double_eq_tol(s.average_pct, 100.0, 1e-9);
	sim_result_done(&s);
}
END_TEST

/* (3) An exact number of full waves (4 x 60 blocks on the seed's GPU): with
 * uniform durations every slot is busy for each SM's whole active time, so the
 * average is the theoretical 100 %, the most any schedule can reach (an SM never
 * holds more than its 4 slots). With unequal durations, once the last block is
 * handed out the slots that free up cannot be refilled while a longer block
 * still runs on that SM, so SMs spend time below 4 blocks: the average must
 * drop. (A partial last wave would not do as a case: there imbalance can also
 * spread the partial wave's blocks and raise the average.) */
START_TEST(imbalance_lowers_full_waves)
{
	struct sim_params p = seed000(240);
	struct sim_result uni, slow, cv;

	ck_assert(sim_run(&p, &uni));
	ck_assert_double_eq_tol(uni.average_pct, 100.0, 1e-9);

	p.model = SIM_SLOW_SHARE;
	p.slow_share = 0.1;
	p.slow_factor = 4.0;
	ck_assert(sim_run(&p, &slow));
	ck_assert_msg(slow.average_pct < uni.average_pct - 1.0, "slow share: %.3f",
		      slow.average_pct);
	/* the slow blocks stretch the run beyond the 4 uniform waves */
	ck_assert(slow.makespan > uni.makespan);

	p.model = SIM_CV;
	p.cv = 0.5;
	ck_assert(sim_run(&p, &cv));
	ck_assert_msg(cv.average_pct < uni.average_pct - 1.0, "cv: %.3f", cv.average_pct);
	for (int sm = 0; sm < 15; sm++) {
		ck_assert(slow.sm_pct[sm] <= 100.0 + 1e-9);
		ck_assert(cv.sm_pct[sm] <= 100.0 + 1e-9);
	}
	sim_result_done(&uni);
	sim_result_done(&slow);
	sim_result_done(&cv);
}
END_TEST

/* A share of 0 or a factor of 1 is uniform again, and so is CV 0. */
START_TEST(degenerate_models_are_uniform)
{
	struct sim_params p = seed000(100);

	p.model = SIM_SLOW_SHARE;
	p.slow_share = 0.0;
	p.slow_factor = 4.0;
	for (int64_t i = 0; i < 1000; i++)
		ck_assert_double_eq(sim_block_duration(&p, i), 1.0);
	p.slow_share = 1.0;
	for (int64_t i = 0; i < 1000; i++)
		ck_assert_double_eq(sim_block_duration(&p, i), 4.0);
	p.model = SIM_CV;
	p.cv = 0.0;
	for (int64_t i = 0; i < 1000; i++)
		ck_assert_double_eq(sim_block_duration(&p, i), 1.0);
}
END_TEST

/* (4) Durations are a pure function of (seed, block index). */
START_TEST(deterministic)
{
	struct sim_params p = seed000(1000), q;
	struct sim_result a, b;
	int differ = 0, slow = 0;

	p.model = SIM_SLOW_SHARE;
	p.slow_share = 0.25;
	p.slow_factor = 3.0;
	p.seed = 42;
	ck_assert(sim_run(&p, &a));
	ck_assert(sim_run(&p, &b));
	ck_assert_double_eq(a.average_pct, b.average_pct);
	ck_assert_double_eq(a.makespan, b.makespan);
	for (int sm = 0; sm < 15; sm++) {
		ck_assert_double_eq(a.sm_pct[sm], b.sm_pct[sm]);
		ck_assert_int_eq(a.sm_blocks[sm], b.sm_blocks[sm]);
	}
	sim_result_done(&a);
	sim_result_done(&b);

	q = p;
	q.seed = 43;
	for (int64_t i = 0; i < 1000; i++) {
		double d = sim_block_duration(&p, i);
		/* the same block asked again, out of order, gives the same duration */
		ck_assert_double_eq(d, sim_block_duration(&p, i));
		differ += d != sim_block_duration(&q, i);
		slow += d == 3.0;
	}
	/* Two independent 25 % draws differ with probability 2 x 0.25 x 0.75 = 37.5 %:
	 * 375 of 1000 expected, standard deviation 15; 250 is 8 deviations away. */
	ck_assert_msg(differ > 250, "only %d of 1000 durations changed with the seed", differ);
	/* 250 expected, standard deviation sqrt(1000 x 0.25 x 0.75) = 13.7: within 5 */
	ck_assert_msg(slow > 250 - 69 && slow < 250 + 69, "%d slow blocks of 1000", slow);

	p.model = SIM_CV;
	p.cv = 0.5;
	q = p;
	q.seed = 7;
	differ = 0;
	for (int64_t i = 0; i < 1000; i++)
		differ += sim_block_duration(&p, i) != sim_block_duration(&q, i);
	ck_assert_int_eq(differ, 1000);
}
END_TEST

/* (5) Grids the simulation does not take. */
START_TEST(too_large_and_cannot_run)
{
	struct sim_params p = seed000(SIM_MAX_BLOCKS + 1);
	struct sim_result s;
	int active[15];

	ck_assert(!sim_run(&p, &s));
	ck_assert(s.too_large);
	ck_assert_ptr_null(s.sm_pct);
	ck_assert(!sim_snapshot(&p, 0.5, active));
	sim_result_done(&s);

	/* the largest grid simulated still is */
	p.grid_size = SIM_MAX_BLOCKS;
	p.sm_count = 132;
	p.blocks_per_sm = 32;
	p.warps_per_block = 2;
	ck_assert(sim_run(&p, &s));
	ck_assert(!s.too_large);
	/* 2^22 / (132 x 32) = 992.97 waves: 993 uniform durations */
	ck_assert_double_eq_tol(s.makespan, 993.0, 1e-9);
	sim_result_done(&s);

	const struct sim_params bad[] = {
		{ .sm_count = 0, .blocks_per_sm = 4, .warps_per_block = 16, .max_warps_per_sm = 64, .grid_size = 45 },
		{ .sm_count = 15, .blocks_per_sm = 0, .warps_per_block = 16, .max_warps_per_sm = 64, .grid_size = 45 },
		{ .sm_count = 15, .blocks_per_sm = 4, .warps_per_block = 16, .max_warps_per_sm = 64, .grid_size = 0 },
		{ .sm_count = 15, .blocks_per_sm = 4, .warps_per_block = 16, .max_warps_per_sm = 64, .grid_size = -3 },
		{ .sm_count = 15, .blocks_per_sm = 4, .warps_per_block = 16, .max_warps_per_sm = 64, .grid_size = 45,
		  .model = SIM_CV, .cv = -1.0 },
		{ .sm_count = 15, .blocks_per_sm = 4, .warps_per_block = 16, .max_warps_per_sm = 64, .grid_size = 45,
		  .model = SIM_SLOW_SHARE, .slow_share = 0.5, .slow_factor = 0.5 },
		{ .sm_count = 15, .blocks_per_sm = 4, .warps_per_block = 16, .max_warps_per_sm = 64, .grid_size = 45,
		  .model = SIM_SLOW_SHARE, .slow_share = 1.5, .slow_factor = 2.0 },
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ck_assert_msg(!sim_run(&bad[i], &s), "case %zu ran", i);
		ck_assert(!s.too_large);
		ck_assert_int_eq(s.sm_count, 0);
		ck_assert_ptr_null(s.sm_pct);
		ck_assert_double_eq(s.average_pct, 0.0);
		ck_assert_double_eq(s.makespan, 0.0);
		ck_assert(!sim_snapshot(&bad[i], 0.5, active));
		sim_result_done(&s);
	}

	/* a launch where no block fits (1024 threads x 255 registers on cc 9.0, 0
	 * blocks, see test_waves) gives no slots: nothing runs */
	struct gpu gpu;
	struct occ_error err = { 0 };
	struct occ_input in = { 1024, 255, 0, 0, LAUNCH_CARVEOUT_DEFAULT, 1, 0, 0, 0, false, 0, 0 };
	struct occ_result r;
	ck_assert(gpu_db_find(db, "H100 SXM", &gpu, &err));
	occ_compute(&gpu.arch, &in, &r);
	ck_assert_int_eq(r.active_blocks_per_sm, 0);
	p = params_of(&r, gpu.sm_count, 1000);
	ck_assert(!sim_run(&p, &s));
	ck_assert(!s.too_large);
	sim_result_done(&s);
}
END_TEST

/* (6) The animation's frames. */
START_TEST(snapshots)
{
	/* 100 blocks on 15 SMs x 4: a wave of 60, then 40 dealt round-robin */
	struct sim_params p = seed000(100);
	int active[15];

	ck_assert(sim_snapshot(&p, 0.0, active));
	for (int sm = 0; sm < 15; sm++)
		ck_assert_int_eq(active[sm], 4);
	ck_assert(sim_snapshot(&p, 0.5, active));
	for (int sm = 0; sm < 15; sm++)
		ck_assert_int_eq(active[sm], 4);
	/* the second wave: 40 = 2 x 15 + 10, so SMs 0..9 hold 3 blocks, the rest 2 */
	ck_assert(sim_snapshot(&p, 1.5, active));
	for (int sm = 0; sm < 15; sm++)
		ck_assert_int_eq(active[sm], sm < 10 ? 3 : 2);
	/* at t = 1 the first wave's blocks end and the second's begin at once */
	ck_assert(sim_snapshot(&p, 1.0, active));
	ck_assert_int_eq(active[0], 3);
	ck_assert(sim_snapshot(&p, 2.0, active));
	for (int sm = 0; sm < 15; sm++)
		ck_assert_int_eq(active[sm], 0);
	ck_assert(sim_snapshot(&p, 1e9, active));
	for (int sm = 0; sm < 15; sm++)
		ck_assert_int_eq(active[sm], 0);

	/* 7 blocks on 15 SMs: breadth-first, one each on SMs 0..6 */
	p = seed000(7);
	ck_assert(sim_snapshot(&p, 0.5, active));
	for (int sm = 0; sm < 15; sm++)
		ck_assert_int_eq(active[sm], sm < 7 ? 1 : 0);

	/* With random durations, the snapshot after the makespan is empty and
	 * just before it at least one block still runs. */
	struct sim_result s;
	p = seed000(500);
	p.model = SIM_CV;
	p.cv = 0.8;
	ck_assert(sim_run(&p, &s));
	ck_assert(sim_snapshot(&p, s.makespan, active));
	for (int sm = 0; sm < 15; sm++)
		ck_assert_int_eq(active[sm], 0);
	ck_assert(sim_snapshot(&p, s.makespan * (1 - 1e-9), active));
	int running = 0;
	for (int sm = 0; sm < 15; sm++) {
		ck_assert(active[sm] >= 0 && active[sm] <= 4);
		running += active[sm];
	}
	ck_assert_int_gt(running, 0);
	sim_result_done(&s);
}
END_TEST

/* (7) The CV model: mean 1 and the asked-for coefficient of variation. */
START_TEST(cv_model_moments)
{
	static const double cvs[] = { 0.1, 0.5, 1.0 };
	const int64_t n = 200000;

	for (size_t k = 0; k < sizeof(cvs) / sizeof(cvs[0]); k++) {
		struct sim_params p = seed000(n);
		double sum = 0.0, sum2 = 0.0, mean, sd;

		p.model = SIM_CV;
		p.cv = cvs[k];
		p.seed = 12345;
		for (int64_t i = 0; i < n; i++) {
			double d = sim_block_duration(&p, i);
			ck_assert(d > 0.0 && isfinite(d));
			sum += d;
			sum2 += d * d;
		}
		mean = sum / (double)n;
		sd = sqrt(sum2 / (double)n - mean * mean);
		/* The sample mean's standard error is cv / sqrt(n): at most 1 / 447 =
		 * 0.0022 for CV 1; 0.012 is more than five of them. */
		ck_assert_msg(fabs(mean - 1.0) < 0.012, "CV %.1f: mean %.5f", cvs[k], mean);
		/* The sample CV is noisier (lognormal tails): its standard error for
		 * CV 1 is about sqrt((kurtosis - 1) / n) / 2 = sqrt(40 / 2e5) / 2 =
		 * 0.0071, the lognormal's kurtosis at CV 1 (sigma^2 = ln 2) being
		 * 16 + 2 x 8 + 3 x 4 - 3 = 41. A tolerance of 5 % of the CV is seven of
		 * them there, and more at smaller CVs, whose tails are lighter. */
		ck_assert_msg(fabs(sd / mean - cvs[k]) < 0.05 * cvs[k],
			      "CV %.1f: sample CV %.5f", cvs[k], sd / mean);
	}
}
END_TEST

START_TEST(model_words)
{
	struct sim_params p = seed000(10);
	char buf[64];

	ck_assert_str_eq(sim_model_key(SIM_UNIFORM), "uniform");
	ck_assert_str_eq(sim_model_key(SIM_SLOW_SHARE), "slow-share");
	ck_assert_str_eq(sim_model_key(SIM_CV), "cv");
	sim_model_describe(&p, buf, sizeof(buf));
	ck_assert_str_eq(buf, "uniform durations");
	p.model = SIM_SLOW_SHARE;
	p.slow_share = 0.1;
	p.slow_factor = 4.0;
	sim_model_describe(&p, buf, sizeof(buf));
	ck_assert_str_eq(buf, "10% of blocks 4x slower");
	p.slow_share = 0.125;
	p.slow_factor = 1.5;
	sim_model_describe(&p, buf, sizeof(buf));
	ck_assert_str_eq(buf, "12.5% of blocks 1.5x slower");
	p.model = SIM_CV;
	p.cv = 0.5;
	sim_model_describe(&p, buf, sizeof(buf));
	ck_assert_str_eq(buf, "durations vary (CV 0.50)");
	/* a short buffer is cut, still terminated */
	sim_model_describe(&p, buf, 9);
	ck_assert_str_eq(buf, "duration");
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("sim");
	TCase *tc = tcase_create("sim");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, uniform_matches_wave_formula);
	tcase_add_test(tc, uniform_closed_form_is_the_event_simulation);
	tcase_add_test(tc, varying_models_unchanged);
	tcase_add_test(tc, seed000_too_few_blocks);
	tcase_add_test(tc, imbalance_lowers_full_waves);
	tcase_add_test(tc, degenerate_models_are_uniform);
	tcase_add_test(tc, deterministic);
	tcase_add_test(tc, too_large_and_cannot_run);
	tcase_add_test(tc, snapshots);
	tcase_add_test(tc, cv_model_moments);
	tcase_add_test(tc, model_words);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(suite());
}
