/* keystroke.c - what one what-if keystroke costs in the explorer: the launch
 * recomputed (analyses, four sweeps, the per-SM simulation) and the 200x60
 * screen drawn, as a ratio to drawing the same screen alone, measured in one
 * run. Grids from the default's 1584 blocks to past the simulation cap; the
 * goal: at most 2 ms a keystroke up to 131,072 blocks. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "explorer.h"
#include "keys.h"

enum { ROUNDS = 20 };

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void run(const struct gpu_db *db, int64_t grid, enum sim_model model)
{
	struct explorer_options o = { 0 };
	struct occ_error err = { 0 };
	struct launch l;
	struct gpu g;
	struct analysis a;
	struct explorer *e;
	struct canvas *c = canvas_new(200, 60, false);
	double t0, draw, key;

	launch_init(&l);
	l.grid[0] = grid;
	if (!c || !gpu_db_find(db, l.gpu_name, &g, &err))
		exit(1);
	analysis_run(&a, &l, &g, NULL, 0);
	o.model.model = model;
	o.model.cv = 0.5;
	e = explorer_new(db, &a, 1, &o);
	if (!e)
		exit(1);
	explorer_key(e, KEY_CODE_TAB);  /* registers */
	t0 = now();
	for (int i = 0; i < ROUNDS; i++)
		explorer_draw(e, c);
	draw = (now() - t0) / ROUNDS;
	t0 = now();
	for (int i = 0; i < ROUNDS; i++) {
		explorer_key(e, i % 2 ? '+' : '-');
		explorer_draw(e, c);
	}
	key = (now() - t0) / ROUNDS;
	printf("%9lld blocks  %-8s  keystroke %8.2f ms  draw alone %6.3f ms  ratio %7.1f\n",
	       (long long)grid, sim_model_key(model), key * 1e3, draw * 1e3, key / draw);
	explorer_free(e);
	canvas_free(c);
}

int main(void)
{
	static const int64_t grids[] = { 1584, 26400, 131072, 262144, 262145, 4000000 };
	struct occ_error err = { 0 };
	struct gpu_db *db = gpu_db_new_builtin(&err);

	if (!db)
		return 1;
	puts("H100 SXM, 256 threads, registers stepped by one, 200x60 UTF-8 screen");
	for (size_t i = 0; i < sizeof(grids) / sizeof(grids[0]); i++) {
		run(db, grids[i], SIM_UNIFORM);
		run(db, grids[i], SIM_CV);
	}
	gpu_db_free(db);
	return 0;
}
