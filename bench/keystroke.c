/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* keystroke.c - what one what-if keystroke costs in the explorer, in CPU
 * time: the launch recomputed (analyses, the per-SM simulation), the 200x60
 * screen drawn (every pane, the charts' curves at their widths), beside
 * drawing the same screen alone, measured in one run. Grids from the default's 1584 blocks to past the simulation cap; the
 * goal: at most 2 ms a keystroke up to 131,072 blocks.
 *
 * usage: bench/keystroke [--smoke]   (--smoke: a small, quick run for make check) */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "explorer.h"
#include "keys.h"

enum { ROUNDS = 20 };
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

/* tabs: Tab presses from the first parameter (block size: 0, registers: 1). */
static void run(const struct gpu_db *db, int64_t grid, enum sim_model model, int tabs)
{
	struct explorer_options o = { 0 };
	struct occ_error err = { 0 };
	struct param_set flags = { 0 };
	struct session *s;
	struct explorer *e;
	struct canvas *c = canvas_new(200, 60, false);
	double t0, draw, key;

	/* occview --grid N: the embedded default launch with that grid */
	launch_init(&flags.values);
	flags.values.grid[0] = grid;
	flags.set = PARAM_BIT(PARAM_GRID);
	s = session_new(db, &flags, &err);
	if (!c || !s)
		exit(1);
	o.model.model = model;
	o.model.cv = 0.5;
	o.model.slow_share = 0.1;
	o.model.slow_factor = 4;
	e = explorer_new(s, NULL, 0, &o);
	if (!e)
		exit(1);
	for (int i = 0; i < tabs; i++)
		explorer_key(e, KEY_CODE_TAB);
	t0 = now();
	for (int i = 0; i < rounds; i++)
		explorer_draw(e, c);
	draw = (now() - t0) / rounds;
	t0 = now();
	for (int i = 0; i < rounds; i++) {
		explorer_key(e, i % 2 ? '+' : '-');
		explorer_draw(e, c);
	}
	key = (now() - t0) / rounds;
	printf("%9lld blocks  %-10s  %-9s  keystroke %7.3f ms  draw alone %6.3f ms  %s\n",
	       (long long)grid, sim_model_key(model), tabs ? "registers" : "block", key * 1e3, draw * 1e3,
	       grid <= 131072 ? key * 1e3 <= 2.0 ? "ok (<= 2 ms)" : "MISS (> 2 ms)" : "");
	explorer_free(e);
	session_free(s);
	canvas_free(c);
}

int main(int argc, char **argv)
{
	static const int64_t grids[] = { 1584, 26400, 131072, 262144, 262145, 4000000 };
	struct occ_error err = { 0 };
	struct gpu_db *db = gpu_db_new_builtin(&err);
	size_t n_grids = sizeof(grids) / sizeof(grids[0]);

	if (argc > 1 && strcmp(argv[1], "--smoke") == 0) {
		rounds = 1;
		n_grids = 1;
	}
	if (!db)
		return 1;
	puts("H100 SXM, 256 threads, 32 registers, 200x60 UTF-8 screen, CPU time per key;");
	puts("block: the block size stepped (256 <-> 288: blocks per SM change, the per-SM");
	puts("simulation runs again); registers: stepped by one (blocks per SM stay, it is kept)");
	for (size_t i = 0; i < n_grids; i++)
		for (int m = SIM_UNIFORM; m <= SIM_CV; m++)
			for (int tabs = 0; tabs < 2; tabs++)
				run(db, grids[i], (enum sim_model)m, tabs);
	gpu_db_free(db);
	return 0;
}
