/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_sim_job.c - the simulation in slices: stepped by 1, 7 or 1000 units
 * of work, a job ends with sim_run's (and sim_timeline's) result to the bit. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim.h"
#include "testutil.h"

/* An H100 SXM (132 SMs, tests/data GPU database) running 64-thread blocks:
 * 2 warps a block; cc 9.0 allows 32 resident blocks and 2048 threads (64
 * warps) an SM (cuda_occupancy.h's per-architecture limits), so 32 blocks of
 * 2 warps reach the 32-block limit. */
static struct sim_params h100_64(enum sim_model m, int64_t grid)
{
	struct sim_params p = { .sm_count = 132, .blocks_per_sm = 32, .warps_per_block = 2,
				.max_warps_per_sm = 64, .grid_size = grid, .model = m, .seed = 1 };

	p.slow_share = 0.1;
	p.slow_factor = 4.0;
	p.cv = 0.5;
	p.warp_spread = 0.5;
	p.tail_blocks = 200;
	p.tail_warps_per_block = 4;
	p.tail_duration = 0.5;
	return p;
}

static void assert_same(const struct sim_result *a, const struct sim_result *b, const char *what)
{
	size_t n = (size_t)a->sm_count;

	ck_assert_msg(a->sm_count == b->sm_count, "%s: SM count", what);
	ck_assert_msg(memcmp(&a->average_pct, &b->average_pct, sizeof(double)) == 0,
		      "%s: average %.17g, sim_run %.17g", what, b->average_pct, a->average_pct);
	ck_assert_msg(memcmp(&a->makespan, &b->makespan, sizeof(double)) == 0,
		      "%s: makespan %.17g, sim_run %.17g", what, b->makespan, a->makespan);
	ck_assert_msg(memcmp(a->sm_pct, b->sm_pct, n * sizeof(double)) == 0, "%s: sm_pct", what);
	ck_assert_msg(memcmp(a->sm_active_time, b->sm_active_time, n * sizeof(double)) == 0,
		      "%s: sm_active_time", what);
	ck_assert_msg(memcmp(a->sm_blocks, b->sm_blocks, n * sizeof(int64_t)) == 0,
		      "%s: sm_blocks", what);
}

/* 33,000 blocks: 7.8 waves of 4,224 slots, so a tail too. */
static const int64_t grid = 33000;

START_TEST(slices_give_sim_run)
{
	static const int64_t slices[] = { 1, 7, 1000 };
	enum sim_model m = (enum sim_model)_i;
	struct sim_params p = h100_64(m, grid);
	struct sim_result want, got;
	int64_t before = INT64_MAX;

	ck_assert(sim_run(&p, &want));
	for (size_t k = 0; k < sizeof(slices) / sizeof(slices[0]); k++) {
		struct sim_job *j = sim_job_start(&p);
		double last = 0.0;
		int64_t steps = 0;
		char what[64];

		ck_assert_ptr_nonnull(j);
		while (!sim_job_step(j, slices[k])) {
			double now = sim_job_progress(j);
			ck_assert(now >= last && now <= 1.0);
			last = now;
			steps++;
		}
		ck_assert(sim_job_progress(j) == 1.0);
		/* Uniform durations finish at the start; the others take
		 * steps, no more as the slices grow (a moment where a wave's
		 * blocks end together is one step whatever the budget). */
		if (m == SIM_UNIFORM || m == SIM_WARP_SPREAD)
			ck_assert_int_eq(steps, 0);
		else
			ck_assert_msg(steps > 1 && steps <= before, "%lld steps", (long long)steps);
		before = steps;
		ck_assert(sim_job_finish(j, &got));
		snprintf(what, sizeof(what), "%s in slices of %lld", sim_model_key(m),
			 (long long)slices[k]);
		assert_same(&want, &got, what);
		sim_result_done(&got);
	}
	sim_result_done(&want);
}
END_TEST

/* The timeline in slices: sim_timeline's buckets to the last bit (its
 * sums are checked by hand and against sim_run in test_sim_models). */
START_TEST(timeline_slices)
{
	static const int64_t slices[] = { 1, 7, 1000 };
	enum sim_model m = (enum sim_model)_i;
	struct sim_params p = h100_64(m, grid);
	struct sim_timeline want, got;
	struct sim_result r;
	const int n = 150;

	ck_assert(sim_timeline(&p, n, &want));
	ck_assert(sim_run(&p, &r));
	for (size_t k = 0; k < sizeof(slices) / sizeof(slices[0]); k++) {
		struct sim_job *j = sim_timeline_job_start(&p, n, &r);
		int64_t steps = 0;

		ck_assert_ptr_nonnull(j);
		while (!sim_job_step(j, slices[k]))
			steps++;
		/* every model runs the event loop for its timeline */
		ck_assert(steps > 1);
		ck_assert(sim_timeline_job_finish(j, &got));
		ck_assert_int_eq(got.n, n);
		ck_assert(memcmp(&got.makespan, &want.makespan, sizeof(double)) == 0);
		ck_assert(memcmp(&got.first_end, &want.first_end, sizeof(double)) == 0);
		ck_assert_msg(memcmp(got.warps, want.warps, n * sizeof(double)) == 0 &&
			      memcmp(got.tail_warps, want.tail_warps, n * sizeof(double)) == 0 &&
			      memcmp(got.idle_sms, want.idle_sms, n * sizeof(double)) == 0,
			      "%s timeline in slices of %lld", sim_model_key(m), (long long)slices[k]);
		sim_timeline_done(&got);
	}
	sim_result_done(&r);
	sim_timeline_done(&want);
}
END_TEST

/* Finishing at once, cancelling half-way and the cases sim_run refuses. */
START_TEST(finish_cancel_refuse)
{
	struct sim_params p = h100_64(SIM_CV, grid);
	struct sim_result want, got;
	struct sim_job *j;

	ck_assert(sim_run(&p, &want));
	j = sim_job_start(&p);
	ck_assert(sim_job_finish(j, &got));
	assert_same(&want, &got, "cv at once");
	sim_result_done(&got);
	sim_result_done(&want);

	j = sim_job_start(&p);
	ck_assert(!sim_job_step(j, 500));
	ck_assert(sim_job_progress(j) > 0.0 && sim_job_progress(j) < 1.0);
	sim_job_cancel(j);
	sim_job_cancel(NULL);

	p.grid_size = SIM_MAX_BLOCKS + 1;
	j = sim_job_start(&p);
	ck_assert(!sim_job_finish(j, &got));
	ck_assert(got.too_large);
	p.grid_size = 0;
	j = sim_job_start(&p);
	ck_assert(sim_job_step(j, 1));
	ck_assert(!sim_job_finish(j, &got));
	ck_assert(!got.too_large && got.sm_pct == NULL);
}
END_TEST

static Suite *sim_job_suite(void)
{
	Suite *s = suite_create("sim_job");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 20);
	tcase_add_loop_test(tc, slices_give_sim_run, 0, SIM_N_MODELS);
	tcase_add_loop_test(tc, timeline_slices, 0, SIM_N_MODELS);
	tcase_add_test(tc, finish_cancel_refuse);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(sim_job_suite());
}
