/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* keystroke.c - what one what-if keystroke costs in the explorer, in CPU
 * time: the launch recomputed (analyses, the per-SM simulation), the 200x60
 * screen drawn (every pane, the charts' curves at their widths), beside
 * drawing the same screen alone, measured in one run, and the simulation's
 * slices after the key until its result is shown. Grids from the default's
 * 1584 blocks to past the simulation cap (1,048,576), every duration model,
 * 64- and 256-thread blocks; the goal (issue 22): no key or slice over 16 ms.
 * Then the animation (a . ,) on the same grids and models: a played through
 * to its end, each tick a slice of the frames' recording or a frame, with
 * its redraw, and frame steps either way.
 *
 * usage: bench/keystroke [--smoke | --play]   (--smoke: a small, quick run
 * for make check; --play: the animation's rows alone) */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "explorer.h"
#include "keys.h"

enum { ROUNDS = 20, BIG_ROUNDS = 4 };
/* --smoke (make check): one round of the first grid, to show the program
 * still builds and runs and prints its rows. */
static int rounds = ROUNDS;

/* The bench's explorer on grid blocks of threads threads under model. */
static struct explorer *open_launch(const struct gpu_db *db, int64_t grid, int threads,
				    enum sim_model model, struct session **s)
{
	struct explorer_options o = { 0 };
	struct occ_error err = { 0 };
	struct param_set flags = { 0 };
	struct explorer *e;

	/* occview --grid N --block T: the embedded default launch with those */
	launch_init(&flags.values);
	flags.values.grid[0] = grid;
	flags.values.block[0] = threads;
	flags.set = PARAM_BIT(PARAM_GRID) | PARAM_BIT(PARAM_BLOCK);
	*s = session_new(db, &flags, &err);
	if (!*s)
		exit(1);
	o.model.model = model;
	o.model.cv = 0.5;
	o.model.slow_share = 0.1;
	o.model.slow_factor = 4;
	o.model.warp_spread = 0.5;
	o.model.tail_blocks = 512;
	o.model.tail_duration = 0.5;
	e = explorer_new(*s, NULL, 0, &o);
	if (!e)
		exit(1);
	return e;
}

/* CPU seconds of this process: the goal is in CPU time. */
static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* tabs: Tab presses from the first parameter (block size: 0, registers: 1).
 * A key is the key and its redraw; then, as the explorer's loop does, ticks
 * (a slice of the simulation under way, a redraw where it moved) until the
 * simulation ends: the worst of the keys and ticks is the row's "worst", and
 * "to result" the CPU from the key to the simulated pane. */
static void run(const struct gpu_db *db, int64_t grid, int threads, enum sim_model model,
		int tabs)
{
	struct session *s;
	struct explorer *e;
	struct canvas *c = canvas_new(200, 60, false);
	double t0, draw, key = 0.0, worst = 0.0, whole = 0.0;
	int n = grid > 262144 ? (rounds < BIG_ROUNDS ? rounds : BIG_ROUNDS) : rounds;

	if (!c)
		exit(1);
	e = open_launch(db, grid, threads, model, &s);
	while (explorer_busy(e))
		explorer_tick(e);
	for (int i = 0; i < tabs; i++)
		explorer_key(e, KEY_CODE_TAB);
	t0 = now();
	for (int i = 0; i < n; i++)
		explorer_draw(e, c);
	draw = (now() - t0) / n;
	for (int i = 0; i < n; i++) {
		double k0 = now(), t;

		explorer_key(e, i % 2 ? '+' : '-');
		explorer_draw(e, c);
		t = now() - k0;
		key += t;
		worst = t > worst ? t : worst;
		while (explorer_busy(e)) {
			double s0 = now();
			if (explorer_tick(e) != REACT_NONE)
				explorer_draw(e, c);
			t = now() - s0;
			worst = t > worst ? t : worst;
		}
		whole += now() - k0;
	}
	key /= n;
	whole /= n;
	printf("%8lld blk %3d thr  %-11s %-9s key %7.3f  worst %7.3f  to result %8.3f  "
	       "draw %6.3f ms  %s\n",
	       (long long)grid, threads, sim_model_key(model), tabs ? "registers" : "block",
	       key * 1e3, worst * 1e3, whole * 1e3, draw * 1e3,
	       worst * 1e3 <= 16.0 ? "ok (<= 16 ms)" : "MISS (> 16 ms)");
	explorer_free(e);
	session_free(s);
	canvas_free(c);
}

/* A key and its redraw, in CPU seconds. */
static double key_drawn(struct explorer *e, struct canvas *c, int k)
{
	double t0 = now();

	explorer_key(e, k);
	explorer_draw(e, c);
	return now() - t0;
}

/* The animation once the launch is simulated and drawn: a pressed, then
 * ticks (a slice of the frames' recording or of the timeline's, or the next
 * frame, each with its redraw where it asks for one) until the animation
 * ends; then , from off (the last frame) and the steps back to the start and
 * forward again. "worst": the longest key or tick; "frame": the mean tick
 * that moved the playhead; "to end": from a to the last frame; "step": the
 * longest , or . with its redraw. */
static void run_play(const struct gpu_db *db, int64_t grid, int threads, enum sim_model model)
{
	struct session *s;
	struct explorer *e = open_launch(db, grid, threads, model, &s);
	struct canvas *c = canvas_new(200, 60, false);
	double worst, frame_sum = 0.0, step = 0.0, t0, whole;
	int frames = 0, ticks = 0;

	if (!c)
		exit(1);
	explorer_draw(e, c);
	while (explorer_busy(e))
		if (explorer_tick(e) != REACT_NONE)
			explorer_draw(e, c);
	t0 = now();
	worst = key_drawn(e, c, 'a');
	while (explorer_animating(e) || explorer_busy(e)) {
		double k0 = now(), t;
		int before = explorer_view(e)->play.frame;
		bool moved;

		if (explorer_tick(e) != REACT_NONE)
			explorer_draw(e, c);
		t = now() - k0;
		moved = explorer_view(e)->play.frame != before;
		frames += moved;
		frame_sum += moved ? t : 0.0;
		worst = t > worst ? t : worst;
		ticks++;
	}
	whole = now() - t0;
	for (int i = 0; i <= PLAYBACK_FRAMES; i++) {
		double t = key_drawn(e, c, ',');
		step = t > step ? t : step;
	}
	for (int i = 0; i < PLAYBACK_FRAMES; i++) {
		double t = key_drawn(e, c, '.');
		step = t > step ? t : step;
	}
	worst = step > worst ? step : worst;
	printf("%8lld blk %3d thr  %-11s play      frame %7.3f  worst %7.3f  to end %9.3f  "
	       "step %6.3f ms  %d frames %d ticks  %s\n",
	       (long long)grid, threads, sim_model_key(model), frames ? frame_sum / frames * 1e3 : 0.0,
	       worst * 1e3, whole * 1e3, step * 1e3, frames, ticks,
	       worst * 1e3 <= 16.0 ? "ok (<= 16 ms)" : "MISS (> 16 ms)");
	explorer_free(e);
	session_free(s);
	canvas_free(c);
}

int main(int argc, char **argv)
{
	static const int64_t grids[] = { 1584, 131072, 262144, 524288, 1048576, 1048577, 4000000 };
	static const int threads[] = { 64, 256 };
	struct occ_error err = { 0 };
	struct gpu_db *db = gpu_db_new_builtin(&err);
	size_t n_grids = sizeof(grids) / sizeof(grids[0]);
	bool keys = true;

	if (argc > 1 && strcmp(argv[1], "--smoke") == 0) {
		rounds = 1;
		n_grids = 1;
	} else if (argc > 1 && strcmp(argv[1], "--play") == 0) {
		keys = false;
	}
	if (!db)
		return 1;
	if (keys) {
		puts("H100 SXM, 32 registers, 200x60 UTF-8 screen, CPU ms per key; slow-share 10% 4x,");
		puts("cv 0.5, warp-spread 0.5, tail-kernel 512 blocks 0.5x. block: the block size stepped");
		puts("(64 <-> 96 or 256 <-> 288: blocks per SM change, the simulation runs again);");
		puts("registers: stepped by one (blocks per SM stay, it is kept). key: mean of a key and");
		puts("its redraw; worst: the longest key or tick (a simulation slice, its redraw); to");
		puts("result: from the key to the simulated pane. Above 1,048,576 blocks: wave formula.");
		for (size_t i = 0; i < n_grids; i++)
			for (size_t t = 0; t < sizeof(threads) / sizeof(threads[0]); t++)
				for (int m = 0; m < SIM_N_MODELS; m++)
					for (int tabs = 0; tabs < 2; tabs++)
						run(db, grids[i], threads[t], (enum sim_model)m, tabs);
	}
	puts("The animation, same launches (up to 1,048,576 blocks: above, nothing is simulated):");
	puts("a, then ticks to the end of the run (a slice of the frames' or the timeline's");
	puts("recording, or the next frame, each with its redraw), then , 81 times and . 80 times.");
	puts("frame: mean tick that moved the playhead; worst: the longest key or tick; to end:");
	puts("from a to the last frame (CPU); step: the longest , or . with its redraw.");
	for (size_t i = 0; i < n_grids; i++)
		for (size_t t = 0; t < sizeof(threads) / sizeof(threads[0]); t++)
			for (int m = 0; m < SIM_N_MODELS; m++)
				if (grids[i] <= 1048576)
					run_play(db, grids[i], threads[t], (enum sim_model)m);
	gpu_db_free(db);
	return 0;
}
