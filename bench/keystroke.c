/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* keystroke.c - what one what-if keystroke costs in the explorer, in CPU
 * time: the launch recomputed (analyses, the per-SM simulation), the 200x60
 * screen drawn (every pane, the charts' curves at their widths), beside
 * drawing the same screen alone, measured in one run, and the simulation's
 * slices after the key until its result is shown. Grids from the default's
 * 1584 blocks to past the simulation cap (1,048,576), every duration model,
 * 64- and 256-thread blocks; the goal (issue 22): no key or slice over 16 ms.
 *
 * usage: bench/keystroke [--smoke]   (--smoke: a small, quick run for make check) */
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
	struct explorer_options o = { 0 };
	struct occ_error err = { 0 };
	struct param_set flags = { 0 };
	struct session *s;
	struct explorer *e;
	struct canvas *c = canvas_new(200, 60, false);
	double t0, draw, key = 0.0, worst = 0.0, whole = 0.0;
	int n = grid > 262144 ? (rounds < BIG_ROUNDS ? rounds : BIG_ROUNDS) : rounds;

	/* occview --grid N --block T: the embedded default launch with those */
	launch_init(&flags.values);
	flags.values.grid[0] = grid;
	flags.values.block[0] = threads;
	flags.set = PARAM_BIT(PARAM_GRID) | PARAM_BIT(PARAM_BLOCK);
	s = session_new(db, &flags, &err);
	if (!c || !s)
		exit(1);
	o.model.model = model;
	o.model.cv = 0.5;
	o.model.slow_share = 0.1;
	o.model.slow_factor = 4;
	o.model.warp_spread = 0.5;
	o.model.tail_blocks = 512;
	o.model.tail_duration = 0.5;
	e = explorer_new(s, NULL, 0, &o);
	if (!e)
		exit(1);
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

int main(int argc, char **argv)
{
	static const int64_t grids[] = { 1584, 131072, 262144, 524288, 1048576, 1048577, 4000000 };
	static const int threads[] = { 64, 256 };
	struct occ_error err = { 0 };
	struct gpu_db *db = gpu_db_new_builtin(&err);
	size_t n_grids = sizeof(grids) / sizeof(grids[0]);

	if (argc > 1 && strcmp(argv[1], "--smoke") == 0) {
		rounds = 1;
		n_grids = 1;
	}
	if (!db)
		return 1;
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
	gpu_db_free(db);
	return 0;
}
