/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_sim_models.c - the warp-spread and tail-kernel duration models and the
 * simulation's timeline, on small cases worked by hand, and the timeline's
 * sums against sim_run on seed 000's SMs. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "sim.h"
#include "testutil.h"

#define EPS 1e-9

/* Two SMs of one block slot, 8 warps each; blocks of 4 warps; 3 blocks. */
static struct sim_params tiny(enum sim_model m)
{
	return (struct sim_params){ .sm_count = 2, .blocks_per_sm = 1, .warps_per_block = 4,
				    .max_warps_per_sm = 8, .grid_size = 3, .model = m };
}

static void assert_series(const double *got, const double *want, int n, const char *what)
{
	for (int i = 0; i < n; i++)
		ck_assert_msg(fabs(got[i] - want[i]) < EPS, "%s[%d]: %.12g, want %.12g", what, i,
			      got[i], want[i]);
}

/* Warps of a block last 1, 5/6, 4/6 and 3/6 (spread 0.5): 3 warp-units a
 * block. Blocks 0 and 1 run [0,1) on SM 0 and 1, block 2 [1,2) on SM 0.
 * Achieved: 9 warp-units over 3 SM-units of 8 warps, 37.5 % on each SM. In
 * buckets of 0.5: [0,.5) all 8 warps (4 an SM); [.5,1) 2 blocks x (0.5 +
 * 1/3 + 1/6) = 2 warp-units over 0.5 and 2 SMs: 2; then one block on two
 * SMs: 4 / 2 and (0.5 + 1/3 + 1/6) / 0.5 / 2 = 1. */
START_TEST(warp_spread_by_hand)
{
	struct sim_params p = tiny(SIM_WARP_SPREAD);
	struct sim_result r, e;
	struct sim_timeline t;
	static const double warps[] = { 4, 2, 2, 1 }, idle[] = { 0, 0, 1, 1 };

	p.warp_spread = 0.5;
	ck_assert(sim_run(&p, &r));
	ck_assert(sim_run_events(&p, &e));
	ck_assert_double_eq_tol(r.average_pct, 37.5, EPS);
	ck_assert_double_eq_tol(r.sm_pct[0], 37.5, EPS);
	ck_assert_double_eq_tol(r.sm_pct[1], 37.5, EPS);
	ck_assert_double_eq_tol(r.makespan, 2.0, EPS);
	/* the closed form and the event loop agree to the bit */
	ck_assert(r.average_pct == e.average_pct && r.sm_pct[0] == e.sm_pct[0]);
	sim_result_done(&r);
	sim_result_done(&e);

	ck_assert(sim_timeline(&p, 4, &t));
	ck_assert_int_eq(t.n, 4);
	ck_assert_double_eq_tol(t.dt, 0.5, EPS);
	ck_assert_double_eq_tol(t.average_pct, 37.5, EPS);
	assert_series(t.warps, warps, 4, "warps");
	assert_series(t.idle_sms, idle, 4, "idle");
	sim_timeline_done(&t);

	/* no spread is the uniform model; a block of one warp has nothing to spread */
	p.warp_spread = 0.0;
	ck_assert(sim_run(&p, &r));
	ck_assert_double_eq_tol(r.average_pct, 50.0, EPS);
	sim_result_done(&r);
	p.warp_spread = 1.0;
	p.warps_per_block = 1;
	ck_assert(sim_run(&p, &r));
	ck_assert_double_eq_tol(r.average_pct, 12.5, EPS);
	sim_result_done(&r);
}
END_TEST

/* The tail kernel: one block of 2 warps lasting 0.5 after the 3 blocks. At 1
 * both first blocks end; block 2 goes to SM 0, the tail block to SM 1 and
 * runs [1,1.5). SM 0: 8 warp-units over 2; SM 1: 4 + 1 over 1.5. */
START_TEST(tail_kernel_by_hand)
{
	struct sim_params p = tiny(SIM_TAIL_KERNEL);
	struct sim_result r;
	struct sim_timeline t;
	static const double warps[] = { 4, 4, 3, 2 }, tail[] = { 0, 0, 1, 0 },
			    idle[] = { 0, 0, 0, 1 };

	p.tail_blocks = 1;
	p.tail_warps_per_block = 2;
	p.tail_duration = 0.5;
	ck_assert(sim_run(&p, &r));
	ck_assert_double_eq_tol(r.sm_pct[0], 50.0, EPS);
	ck_assert_double_eq_tol(r.sm_pct[1], 100.0 * 5 / 1.5 / 8, EPS);
	ck_assert_double_eq_tol(r.average_pct, 100.0 * 13 / 3.5 / 8, EPS);
	ck_assert_double_eq_tol(r.makespan, 2.0, EPS);
	ck_assert_int_eq(r.sm_blocks[0], 2);
	ck_assert_int_eq(r.sm_blocks[1], 2);
	sim_result_done(&r);

	ck_assert(sim_timeline(&p, 4, &t));
	assert_series(t.warps, warps, 4, "warps");
	assert_series(t.tail_warps, tail, 4, "tail");
	assert_series(t.idle_sms, idle, 4, "idle");
	ck_assert_double_eq_tol(t.first_end, 2.0, EPS);
	sim_timeline_done(&t);

	/* tail warps 0 are the first kernel's; the tail block is the 4th block */
	p.tail_warps_per_block = 0;
	ck_assert_double_eq_tol(sim_block_duration(&p, 3), 0.5, EPS);
	ck_assert_double_eq_tol(sim_block_duration(&p, 2), 1.0, EPS);
	ck_assert(sim_run(&p, &r));
	ck_assert_double_eq_tol(r.sm_pct[1], 100.0 * 6 / 1.5 / 8, EPS);
	sim_result_done(&r);
	/* no tail blocks: the uniform model */
	p.tail_blocks = 0;
	ck_assert(sim_run(&p, &r));
	ck_assert_double_eq_tol(r.average_pct, 50.0, EPS);
	sim_result_done(&r);
	/* parameters that cannot run */
	p.tail_duration = 0.0;
	ck_assert(!sim_run(&p, &r));
	p = tiny(SIM_WARP_SPREAD);
	p.warp_spread = 1.5;
	ck_assert(!sim_run(&p, &r));
}
END_TEST

/* Seed 000's SMs, 61 blocks: a full wave of 60 and one block alone on SM 0.
 * Two buckets, one per wave: 64 warps, then 16 / 15 on average with 14 SMs
 * idle. */
START_TEST(timeline_uniform_waves)
{
	struct sim_params p = { .sm_count = 15, .blocks_per_sm = 4, .warps_per_block = 16,
				.max_warps_per_sm = 64, .grid_size = 61, .model = SIM_UNIFORM };
	struct sim_timeline t;
	static const double warps[] = { 64, 16.0 / 15 }, idle[] = { 0, 14 };

	ck_assert(sim_timeline(&p, 2, &t));
	assert_series(t.warps, warps, 2, "warps");
	assert_series(t.idle_sms, idle, 2, "idle");
	ck_assert_double_eq_tol(t.makespan, 2.0, EPS);
	sim_timeline_done(&t);
	ck_assert(!sim_timeline(&p, 0, &t));
}
END_TEST

/* Whatever the model, the buckets hold the run's warp-time and busy time:
 * their ratio is sim_run's average. */
START_TEST(timeline_sums_are_the_average)
{
	struct sim_params models[] = {
		{ .model = SIM_CV, .cv = 0.6, .seed = 3 },
		{ .model = SIM_SLOW_SHARE, .slow_share = 0.1, .slow_factor = 4, .seed = 3 },
		{ .model = SIM_WARP_SPREAD, .warp_spread = 0.8 },
		{ .model = SIM_TAIL_KERNEL, .tail_blocks = 50, .tail_warps_per_block = 8,
		  .tail_duration = 0.7 },
	};

	for (size_t m = 0; m < sizeof(models) / sizeof(models[0]); m++) {
		struct sim_params p = models[m];
		struct sim_timeline t;
		double warp_time = 0.0, busy = 0.0;

		p.sm_count = 15;
		p.blocks_per_sm = 4;
		p.warps_per_block = 16;
		p.max_warps_per_sm = 64;
		p.grid_size = 200;
		ck_assert(sim_timeline(&p, 37, &t));
		for (int b = 0; b < t.n; b++) {
			warp_time += t.warps[b] * t.dt * p.sm_count;
			busy += (p.sm_count - t.idle_sms[b]) * t.dt;
		}
		ck_assert_msg(fabs(100.0 * warp_time / busy / 64 - t.average_pct) < 1e-6,
			      "%s: %.9f vs %.9f", sim_model_key(p.model),
			      100.0 * warp_time / busy / 64, t.average_pct);
		sim_timeline_done(&t);
	}
}
END_TEST

/* The animation's frames in warps: at 0.7 the first blocks have 2 warps
 * left (those lasting 1 and 5/6); at 1.2 block 2 has all 4 on SM 0; with the
 * tail kernel its 2-warp block runs on SM 1 until 1.5. */
START_TEST(snapshot_warps_by_hand)
{
	struct sim_params p = tiny(SIM_WARP_SPREAD);
	double w[2];

	p.warp_spread = 0.5;
	ck_assert(sim_snapshot_warps(&p, 0.7, w));
	ck_assert(w[0] == 2.0 && w[1] == 2.0);
	ck_assert(sim_snapshot_warps(&p, 1.2, w));
	ck_assert(w[0] == 4.0 && w[1] == 0.0);
	ck_assert(sim_snapshot_warps(&p, -1.0, w));
	ck_assert(w[0] == 0.0 && w[1] == 0.0);

	p = tiny(SIM_TAIL_KERNEL);
	p.tail_blocks = 1;
	p.tail_warps_per_block = 2;
	p.tail_duration = 0.5;
	ck_assert(sim_snapshot_warps(&p, 0.5, w));
	ck_assert(w[0] == 4.0 && w[1] == 4.0);
	ck_assert(sim_snapshot_warps(&p, 1.2, w));
	ck_assert(w[0] == 4.0 && w[1] == 2.0);
	ck_assert(sim_snapshot_warps(&p, 1.6, w));
	ck_assert(w[0] == 4.0 && w[1] == 0.0);
	ck_assert(sim_snapshot_warps(&p, 2.0, w));
	ck_assert(w[0] == 0.0 && w[1] == 0.0);
}
END_TEST

START_TEST(model_words)
{
	struct sim_params p = { .model = SIM_WARP_SPREAD, .warp_spread = 0.5 };
	char buf[128];

	sim_model_describe(&p, buf, sizeof(buf));
	ck_assert_str_eq(buf, "warps of a block end spread over 50%");
	ck_assert_str_eq(sim_model_key(SIM_WARP_SPREAD), "warp-spread");
	p = (struct sim_params){ .model = SIM_TAIL_KERNEL, .tail_blocks = 200,
				 .tail_warps_per_block = 4, .tail_duration = 0.5 };
	sim_model_describe(&p, buf, sizeof(buf));
	ck_assert_str_eq(buf, "tail kernel: 200 blocks x 4 warps, 0.5x long");
	ck_assert_str_eq(sim_model_key(SIM_TAIL_KERNEL), "tail-kernel");
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("sim_models");
	TCase *tc = tcase_create("sim_models");

	tcase_add_test(tc, warp_spread_by_hand);
	tcase_add_test(tc, tail_kernel_by_hand);
	tcase_add_test(tc, timeline_uniform_waves);
	tcase_add_test(tc, timeline_sums_are_the_average);
	tcase_add_test(tc, snapshot_warps_by_hand);
	tcase_add_test(tc, model_words);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(suite());
}
