/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_sim_play.c - the animation's frames recorded in one pass (sim_play)
 * are, frame by frame and to the bit, what sim_snapshot_warps gives by
 * simulating from the launch up to each frame's time; and a frame is handed
 * out only once no block still to start can change it. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim.h"
#include "sim_play.h"
#include "testutil.h"

/* The playhead's frames, as ui/model/playback.c places them: frame k of 80
 * at makespan * k / 80. */
enum { FRAMES = 80 };

/* An H100 SXM (132 SMs, tests/data GPU database); cc 9.0 allows 32 resident
 * blocks and 64 warps an SM (cuda_occupancy.h's per-architecture limits):
 * 64-thread blocks (2 warps) reach the 32-block limit, 256-thread blocks (8
 * warps) the 2048-thread one at 8 blocks. */
static struct sim_params h100(enum sim_model m, int threads, int64_t grid)
{
	struct sim_params p = { .sm_count = 132, .max_warps_per_sm = 64, .grid_size = grid,
				.model = m, .seed = 7 };

	p.warps_per_block = threads / 32;
	p.blocks_per_sm = threads == 64 ? 32 : 8;
	p.slow_share = 0.1;
	p.slow_factor = 4.0;
	p.cv = 0.5;
	p.warp_spread = 0.5;
	p.tail_blocks = 512;
	p.tail_duration = 0.5;
	return p;
}

static void frame_times(const struct sim_params *p, double *times)
{
	struct sim_result r;

	ck_assert(sim_run(p, &r));
	for (int k = 0; k <= FRAMES; k++)
		times[k] = r.makespan * k / FRAMES;
	sim_result_done(&r);
}

static void assert_frame(const struct sim_params *p, const double *got, double t, int k)
{
	double want[132];

	ck_assert(sim_snapshot_warps(p, t, want));
	ck_assert_msg(memcmp(got, want, sizeof(want)) == 0,
		      "%s frame %d (t %.6g): not sim_snapshot_warps's", sim_model_key(p->model), k, t);
}

/* 33,000 blocks: 7.8 waves of 4,224 slots (64 threads), 31 of 1,056 (256):
 * a run with a tail, recorded in slices of 500 units of work. Every frame
 * handed out while the recording runs is already the snapshot's; frames come
 * in time order; and at the end all of them are. */
START_TEST(frames_are_snapshots)
{
	enum sim_model m = (enum sim_model)(_i % SIM_N_MODELS);
	struct sim_params p = h100(m, _i < SIM_N_MODELS ? 64 : 256, 33000);
	double times[FRAMES + 1];
	struct sim_play *pl;
	bool checked[FRAMES + 1] = { false };
	int steps = 0, early = 0, after_first = -1;

	frame_times(&p, times);
	pl = sim_play_start(&p, times, FRAMES + 1);
	ck_assert(pl != NULL);
	for (bool done = false; !done; steps++) {
		int ready = 0;

		done = sim_play_step(pl, 500);
		for (int k = 0; k <= FRAMES; k++) {
			const double *f = sim_play_frame(pl, k);
			if (!f)
				continue;
			ck_assert_msg(k == ready, "frame %d ready before frame %d", k, ready);
			ready++;
			if (!checked[k]) {
				assert_frame(&p, f, times[k], k);
				checked[k] = true;
				early += !done;
			}
		}
		if (after_first < 0)
			after_first = ready;
	}
	for (int k = 0; k <= FRAMES; k++)
		ck_assert(checked[k]);
	ck_assert(sim_play_progress(pl) == 1.0);
	/* Durations that vary are recorded over several slices, frames becoming
	 * ready along the way (the first slice does not give them all, nor the
	 * last one the first); durations of 1.0 need none. */
	if (sim_durations_vary(&p))
		ck_assert_msg(steps > 2 && after_first < FRAMES / 2 && early > 0,
			      "%d steps, %d after the first, %d early", steps, after_first, early);
	else
		ck_assert_int_eq(steps, 1);
	sim_play_free(pl);
}
END_TEST

/* Times between the frames' too: a time before the launch (nothing runs),
 * two equal times, a time exactly at a block's end (SIM_TAIL_KERNEL ends its
 * blocks at whole and half durations) and past the makespan. */
START_TEST(any_times)
{
	struct sim_params p = h100(SIM_TAIL_KERNEL, 256, 4000);
	static const double times[] = { -1.0, 0.0, 0.25, 0.5, 0.5, 1.0, 2.0, 3.5, 3.75, 4.0, 1e6 };
	int n = (int)(sizeof(times) / sizeof(times[0]));
	struct sim_play *pl = sim_play_start(&p, times, n);

	ck_assert(pl != NULL);
	while (!sim_play_step(pl, 1))
		;
	for (int k = 0; k < n; k++)
		assert_frame(&p, sim_play_frame(pl, k), times[k], k);
	ck_assert(sim_play_frame(pl, -1) == NULL && sim_play_frame(pl, n) == NULL);
	sim_play_free(pl);
}
END_TEST

START_TEST(refused)
{
	struct sim_params p = h100(SIM_CV, 64, 1000);
	const double down[] = { 1.0, 0.5 }, nan_t[] = { 0.0, NAN }, one[] = { 0.5 };
	struct sim_play *pl;

	ck_assert(sim_play_start(&p, down, 2) == NULL);
	ck_assert(sim_play_start(&p, nan_t, 2) == NULL);
	ck_assert(sim_play_start(&p, one, 0) == NULL);
	p.blocks_per_sm = 0;
	ck_assert(sim_play_start(&p, one, 1) == NULL);
	sim_play_free(NULL);
	/* freed with its recording under way */
	p.blocks_per_sm = 32;
	pl = sim_play_start(&p, one, 1);
	ck_assert(pl != NULL && !sim_play_step(pl, 10));
	sim_play_free(pl);
}
END_TEST

static Suite *sim_play_suite(void)
{
	Suite *s = suite_create("sim_play");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 30);
	tcase_add_loop_test(tc, frames_are_snapshots, 0, 2 * SIM_N_MODELS);
	tcase_add_test(tc, any_times);
	tcase_add_test(tc, refused);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(sim_play_suite());
}
