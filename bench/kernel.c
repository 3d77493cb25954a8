/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* kernel.c - what one kernel costs the text print (--print) and the panes:
 * each step of the analysis, the sweeps behind the charts and the drawing,
 * in microseconds per call on a few real launches, beside libcsv's bare parse
 * of a report row of the same size (the floor an import costs per kernel),
 * measured in the same run. The goal: a kernel's panes within 4x that floor,
 * so that a report prints in 5x the time libcsv takes to parse it (the
 * import itself about 1x). print_canvas is --print's text of one kernel:
 * the panes drawn at 80 columns, findings expanded.
 *
 * usage: bench/kernel [--smoke]   (--smoke: a small, quick run for make check) */
#include "config.h"

#include <csv.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "analysis.h"
#include "canvas.h"
#include "chart.h"
#include "derive.h"
#include "print.h"
#include "rules.h"
#include "sweep.h"
#include "tuning.h"
#include "waves.h"

/* A chart at the print's default width, 14 rows as the print's charts pane. */
enum { CHART_W = 80, CHART_H = 14, MIN_SECONDS_MS = 40, REPEATS = 3 };
/* --smoke (make check): each step called once, untimed in effect, to show
 * the program still builds and runs and prints its rows. */
static bool smoke;
/* An Nsight Compute raw page's row: 296.3 MB for 100,000 kernels. */
enum { ROW_BYTES = 2963, CSV_ROWS = 2000 };

struct kase {
	const char *name;
	struct gpu gpu;
	struct analysis a;
	struct canvas *c;
};

static volatile double sink;
static struct printer *printer;   /* --print's, made once as a run makes it */

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

typedef void (*step_fn)(struct kase *k);

/* Microseconds per call: the best of REPEATS runs of enough calls to take
 * MIN_SECONDS_MS each. */
static double time_us(step_fn fn, struct kase *k)
{
	long n = 1;
	double best = 1e30;

	for (;;) {
		double t0 = now();
		for (long i = 0; i < n; i++)
			fn(k);
		if (smoke || now() - t0 >= MIN_SECONDS_MS * 1e-3)
			break;
		n *= 2;
	}
	for (int r = 0; r < (smoke ? 1 : REPEATS); r++) {
		double t0 = now(), t;
		for (long i = 0; i < n; i++)
			fn(k);
		t = (now() - t0) / (double)n;
		if (t < best)
			best = t;
	}
	return best * 1e6;
}

static void do_occ(struct kase *k)
{
	struct occ_result r;
	occ_compute(&k->gpu.arch, &k->a.in, &r);
	sink += r.active_warps_per_sm;
}

static void do_waves(struct kase *k)
{
	struct waves w;
	waves_compute(&k->a.r, k->gpu.sm_count, launch_grid_size(&k->a.launch), &w);
	sink += w.predicted_achieved_pct;
}

static void do_waves_per_sm(struct kase *k)
{
	int64_t grid = launch_grid_size(&k->a.launch);
	for (int sm = 0; sm < k->gpu.sm_count; sm++)
		sink += waves_sm_occupancy_pct(&k->a.r, k->gpu.sm_count, grid, sm);
}

static void do_best_block(struct kase *k)
{
	int bs;
	int64_t grid;
	tuning_best_block_size(&k->gpu.arch, k->gpu.sm_count, &k->a.in, &bs, &grid);
	sink += bs;
}

static void do_steps(struct kase *k)
{
	struct tuning_step s[OCC_N_FACTORS];
	sink += tuning_steps(&k->gpu.arch, &k->a.in, &k->a.r, s);
}

static void do_rules(struct kase *k)
{
	struct finding f[RULES_MAX_FINDINGS];
	struct rules_input ri = { .gpu = &k->a.gpu, .in = &k->a.in,
				  .grid_size = launch_grid_size(&k->a.launch), .r = &k->a.r,
				  .w = &k->a.w, .sched = &k->a.sched, .cl = &k->a.cl };
	sink += rules_evaluate(&ri, f);
}

static void do_derive(struct kase *k)
{
	struct derivation d;
	for (int f = 0; f < OCC_N_FACTORS; f++) {
		derive_limit(&k->gpu.arch, &k->a.in, &k->a.r, (enum occ_factor)f, &d);
		sink += (double)d.value;
	}
	derive_occupancy(&k->gpu.arch, &k->a.in, &k->a.r, &d);
	sink += (double)d.value;
	derive_waves(&k->gpu.arch, &k->a.r, k->gpu.sm_count, launch_grid_size(&k->a.launch),
		     &k->a.w, &d);
	sink += (double)d.value;
}

static void do_analysis(struct kase *k)
{
	static struct analysis a;
	analysis_run(&a, &k->a.launch, &k->gpu, NULL, 0);
	sink += a.n_findings;
}

static void sweep_kind(struct kase *k, enum sweep_kind kind, bool columns)
{
	struct sweep s;
	bool ok = columns ? chart_sweep_compute(&k->gpu.arch, &k->a.in, kind, CHART_W, &s)
		: sweep_compute(&k->gpu.arch, &k->a.in, kind, &s);
	if (ok)
		sink += (double)s.n;
	sweep_done(&s);
}

static void do_sweep_block(struct kase *k) { sweep_kind(k, SWEEP_BLOCK_SIZE, false); }
static void do_sweep_regs(struct kase *k) { sweep_kind(k, SWEEP_REGISTERS, false); }
static void do_sweep_smem(struct kase *k) { sweep_kind(k, SWEEP_SHARED_MEM, false); }
static void do_sweep_barriers(struct kase *k) { sweep_kind(k, SWEEP_BARRIERS, false); }
static void do_columns_block(struct kase *k) { sweep_kind(k, SWEEP_BLOCK_SIZE, true); }
static void do_columns_regs(struct kase *k) { sweep_kind(k, SWEEP_REGISTERS, true); }
static void do_columns_smem(struct kase *k) { sweep_kind(k, SWEEP_SHARED_MEM, true); }
static void do_columns_barriers(struct kase *k) { sweep_kind(k, SWEEP_BARRIERS, true); }

/* The three charts of the print (and barriers from cc 9.0, as the explorer
 * draws them), each swept, the whole curve or only what the columns show,
 * and drawn. */
static int n_charts(const struct kase *k)
{
	return k->gpu.arch.barriers_per_sm > 0 ? SWEEP_N_KINDS : SWEEP_N_BASIC;
}

static void charts(struct kase *k, bool columns)
{
	for (int kind = 0; kind < n_charts(k); kind++) {
		struct sweep s;
		bool ok = columns ? chart_sweep_compute(&k->gpu.arch, &k->a.in, (enum sweep_kind)kind,
							CHART_W, &s)
			: sweep_compute(&k->gpu.arch, &k->a.in, (enum sweep_kind)kind, &s);
		if (ok)
			chart_draw(k->c, 0, 0, CHART_W, CHART_H, &s, false);
		sweep_done(&s);
	}
}

static void do_charts_full(struct kase *k) { charts(k, false); }
static void do_charts_columns(struct kase *k) { charts(k, true); }

/* What the panes of one kernel need computed and drawn, as --print will draw
 * them: the analysis, the derivations, the charts from what their columns
 * show, and the per-SM bars. */
static void do_panes(struct kase *k)
{
	do_analysis(k);
	do_derive(k);
	do_charts_columns(k);
	do_waves_per_sm(k);
}

static void do_print(struct kase *k)
{
	const struct canvas *c = print_canvas(printer, &k->a, NULL);
	sink += c ? c->height : 0;
}

/* ---- the floor: libcsv's bare parse of rows the size of a report's */

struct csv_text {
	char *text;
	size_t len;
};

static void on_field(void *data, size_t len, void *ctx)
{
	(void)data;
	(void)ctx;
	sink += (double)len;
}

static void on_row(int term, void *ctx)
{
	(void)term;
	(void)ctx;
}

/* CSV_ROWS rows of ROW_BYTES: quoted names and numbers, as a raw page has. */
static bool make_csv(struct csv_text *t)
{
	size_t cap = (size_t)CSV_ROWS * (ROW_BYTES + 64);

	t->text = malloc(cap);
	t->len = 0;
	if (!t->text)
		return false;
	for (int r = 0; r < CSV_ROWS; r++) {
		size_t start = t->len;
		for (int f = 0; t->len - start < ROW_BYTES - 24; f++)
			t->len += (size_t)snprintf(t->text + t->len, cap - t->len,
						   f % 4 == 0 ? "\"field %d of %d\"," : "%d.%03d,",
						   f * 7919 % 100000, r % 1000);
		t->len += (size_t)snprintf(t->text + t->len, cap - t->len, "\"last\"\n");
	}
	return true;
}

/* Seconds per row. */
static double libcsv_row_us(const struct csv_text *t)
{
	double best = 1e30;

	for (int r = 0; r < (smoke ? 1 : REPEATS * 3); r++) {
		struct csv_parser p;
		double t0 = now(), dt;
		if (csv_init(&p, 0) != 0)
			return -1;
		csv_parse(&p, t->text, t->len, on_field, on_row, NULL);
		csv_fini(&p, on_field, on_row, NULL);
		csv_free(&p);
		dt = now() - t0;
		if (dt < best)
			best = dt;
	}
	return best / CSV_ROWS * 1e6;
}

/* ---- the launches */

static bool setup(const struct gpu_db *db, struct kase *k, const char *name, const char *gpu,
		  int threads, int regs, int64_t static_smem, int64_t dynamic_smem, int sgprs,
		  int64_t grid)
{
	struct occ_error err = { 0 };
	struct launch l;

	launch_init(&l);
	snprintf(l.gpu_name, sizeof(l.gpu_name), "%s", gpu);
	if (threads) {
		l.block[0] = threads;
		l.regs_per_thread = regs;
		l.static_smem_bytes = static_smem;
		l.dynamic_smem_bytes = dynamic_smem;
		l.sgprs = sgprs;
		l.grid[0] = grid;
	}
	k->name = name;
	if (!gpu_db_find(db, l.gpu_name, &k->gpu, &err)) {
		fprintf(stderr, "kernel: %s: %s\n", gpu, err.message);
		return false;
	}
	if (k->gpu.arch.vendor == GPU_AMD)
		l.barriers = 0;
	analysis_run(&k->a, &l, &k->gpu, NULL, 0);
	if (!k->a.ok) {
		fprintf(stderr, "kernel: %s: %s\n", name, k->a.error.message);
		return false;
	}
	k->c = canvas_new(CHART_W, CHART_H, false);
	return k->c != NULL;
}

static const struct {
	const char *label;
	step_fn fn;
} steps[] = {
	{ "occ_compute", do_occ },
	{ "waves_compute", do_waves },
	{ "waves_sm_occupancy_pct, every SM", do_waves_per_sm },
	{ "tuning_best_block_size", do_best_block },
	{ "tuning_steps", do_steps },
	{ "rules_evaluate", do_rules },
	{ "derive_* (5 limits, occupancy, waves)", do_derive },
	{ "analysis_run (all of the above but derive)", do_analysis },
	{ "sweep_compute block size", do_sweep_block },
	{ "sweep_compute registers", do_sweep_regs },
	{ "sweep_compute shared memory", do_sweep_smem },
	{ "sweep_compute barriers", do_sweep_barriers },
	{ "chart_sweep_compute block size, 80 wide", do_columns_block },
	{ "chart_sweep_compute registers, 80 wide", do_columns_regs },
	{ "chart_sweep_compute shared memory, 80 wide", do_columns_smem },
	{ "chart_sweep_compute barriers, 80 wide", do_columns_barriers },
	{ "charts: sweep_compute + chart_draw, all", do_charts_full },
	{ "charts: chart_sweep_compute + chart_draw", do_charts_columns },
	{ "panes: analysis, derive, charts, per-SM", do_panes },
	{ "print_canvas (--print of one kernel)", do_print },
};

int main(int argc, char **argv)
{
	struct occ_error err = { 0 };
	struct gpu_db *db = gpu_db_new_builtin(&err);
	struct print_options po = { .width = CHART_W, .ascii = true, .model = { .model = SIM_UNIFORM } };
	struct kase k[4];
	struct csv_text csv;
	double floor_us;
	size_t nk = sizeof(k) / sizeof(k[0]);

	smoke = argc > 1 && strcmp(argv[1], "--smoke") == 0;
	printer = print_new(&po);
	if (!db || !printer || !make_csv(&csv))
		return 1;
	if (!setup(db, &k[0], "H100 default", "H100 SXM", 0, 0, 0, 0, 0, 0) ||
	    !setup(db, &k[1], "A100 smem", "A100", 256, 40, 16384, 32768, 0, 4000) ||
	    !setup(db, &k[2], "B200 smem", "B200", 128, 128, 0, 65536, 0, 10000) ||
	    !setup(db, &k[3], "MI300X", "mi300x", 256, 128, 20480, 0, 96, 2000))
		return 1;
	floor_us = libcsv_row_us(&csv);
	printf("microseconds per call; libcsv's bare parse of one %d-byte report row: %.2f us\n",
	       ROW_BYTES, floor_us);
	printf("%-44s", "");
	for (size_t i = 0; i < nk; i++)
		printf(" %12s", k[i].name);
	putchar('\n');
	for (size_t s = 0; s < sizeof(steps) / sizeof(steps[0]); s++) {
		printf("%-44s", steps[s].label);
		for (size_t i = 0; i < nk; i++)
			printf(" %12.3f", time_us(steps[s].fn, &k[i]));
		putchar('\n');
	}
	printf("%-44s", "panes / libcsv row (target 4)");
	for (size_t i = 0; i < nk; i++)
		printf(" %12.1f", time_us(do_panes, &k[i]) / floor_us);
	putchar('\n');
	printf("%-44s", "print_canvas / libcsv row");
	for (size_t i = 0; i < nk; i++)
		printf(" %12.1f", time_us(do_print, &k[i]) / floor_us);
	putchar('\n');
	for (size_t i = 0; i < nk; i++)
		canvas_free(k[i].c);
	free(csv.text);
	print_free(printer);
	gpu_db_free(db);
	return 0;
}
