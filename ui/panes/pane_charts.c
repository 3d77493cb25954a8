/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* pane_charts.c - the occupancy charts (block size, registers, shared
 * memory, and barriers from cc 9.0) laid out to fit the pane, each curve
 * computed for the columns its chart shows (chart_sweep_compute: the cells
 * of the whole curve at a fraction of the cost); a click on a plot picks
 * the value under it. */
#include "config.h"

#include "pane.h"

#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "chart_layout.h"

/* What each chart sweeps. */
static const enum sweep_kind chart_kinds[VIEW_N_CHARTS] = {
	[VIEW_CHART_BLOCK] = SWEEP_BLOCK_SIZE,
	[VIEW_CHART_REGISTERS] = SWEEP_REGISTERS,
	[VIEW_CHART_SHARED_MEM] = SWEEP_SHARED_MEM,
	[VIEW_CHART_BARRIERS] = SWEEP_BARRIERS,
	[VIEW_CHART_CLUSTER] = SWEEP_CLUSTER,
};

/* The chart of the focused parameter (the block size's when none has one). */
static int focused_chart(const struct view *v)
{
	const struct param_info *i = param_info(v->whatif ? v->whatif->focus : PARAM_BLOCK);

	for (int c = 0; c < VIEW_N_CHARTS; c++)
		if (i && i->charted && chart_kinds[c] == i->sweep)
			return c;
	return VIEW_CHART_BLOCK;
}

/* The pane's own state: the y axis in warps or in occupancy %, and the
 * curves of the charts last laid out. */
struct charts_pane {
	struct pane base;
	bool pct_axis;
	struct sweep sweeps[VIEW_N_CHARTS];
};

/* Rows a chart gets when the pane sizes itself (--print), and the width
 * from which two go side by side there (their legends whole). */
enum { PRINT_CHART_H = 14, PRINT_CHART_W = 36 };

static void free_sweeps(struct charts_pane *cp)
{
	for (int i = 0; i < VIEW_N_CHARTS; i++)
		sweep_done(&cp->sweeps[i]);
	memset(cp->sweeps, 0, sizeof(cp->sweeps));
}

/* The baseline (the record as loaded) on s where it differs from the
 * current launch: its value of the swept parameter, and its occupancy in
 * the chart's unit (warps, or waves per SIMD), which holds across GPUs. */
static void mark_base(struct sweep *s, const struct view *v)
{
	const struct analysis *b = &v->base;
	int64_t x;
	int level;

	if (!b->ok || !v->cur.ok)
		return;
	x = occ_param_get(&b->in, (enum occ_param)s->kind);
	level = (int)(b->r.theoretical_occupancy_pct * s->max_warps / 100.0 + 0.5);
	if (x == s->current_x && level == s->current_warps)
		return;
	s->has_base = true;
	s->base_x = x;
	s->base_warps = level;
}

/* The charts of the current launch placed in r, each curve for its chart's
 * width: how many are shown (chart_layout), 0 when the launch cannot be computed,
 * -1 out of memory. at[i] and cp->sweeps[i] are the i-th shown; *of gets
 * how many there are. */
static int lay_out(struct charts_pane *cp, struct rect r, const struct view *v,
		   struct rect at[VIEW_N_CHARTS], int *of)
{
	int n = view_chart_count(v), which[VIEW_N_CHARTS], k;

	free_sweeps(cp);
	*of = n;
	if (n == 0)
		return 0;
	k = chart_layout(r, n, focused_chart(v), which, at);
	for (int i = 0; i < k; i++) {
		enum sweep_kind kind = chart_kinds[which[i]];
		bool ok;

		if (rect_empty(at[i]))
			continue;
		if (kind == SWEEP_CLUSTER)
			ok = cluster_sweep(&v->cur.gpu, &v->cur.r, v->cur.launch.cluster_size,
					   &cp->sweeps[i]);
		else
			ok = chart_sweep_compute(&v->cur.gpu.arch, &v->cur.in, kind, at[i].w,
						 &cp->sweeps[i]);
		if (!ok)
			return -1;
		if (chart_kinds[i] != SWEEP_CLUSTER)
			mark_base(&cp->sweeps[i], v);
	}
	return k;
}

/* The reference's point (r) on chart s at at, R: its value of the swept
 * parameter and its occupancy in the chart's unit, as the baseline's
 * (mark_base), which holds across GPUs. */
static void mark_reference(struct canvas *c, struct rect at, const struct sweep *s,
			   const struct view *v)
{
	const struct analysis *ref = &v->ref;

	if (!v->has_ref || !ref->ok || s->kind >= SWEEP_N_KINDS)
		return;
	chart_mark(c, at.x, at.y, at.w, at.h, s, occ_param_get(&ref->in, (enum occ_param)s->kind),
		   (int)(ref->r.theoretical_occupancy_pct * s->max_warps / 100.0 + 0.5), 'R',
		   CANVAS_AVERAGE);
}

/* The title level the charts side by side on row y must at least take: the
 * short y words (1) where any of them needs them, so that a row says "Waves
 * per CU vs ..." in every chart or in none; each still shortens its x words
 * alone. */
static int row_title_level(const struct charts_pane *cp, const struct rect *at, int n, int y)
{
	for (int i = 0; i < n; i++)
		if (!rect_empty(at[i]) && at[i].y == y &&
		    chart_title_level(at[i].w, &cp->sweeps[i], cp->pct_axis) > 0)
			return 1;
	return 0;
}

static void draw(struct pane *p, struct canvas *c, struct rect r, const struct view *v)
{
	struct charts_pane *cp = (struct charts_pane *)p;
	struct rect at[VIEW_N_CHARTS];
	int n, of;

	if (pane_skip(c, r, v))
		return;
	n = lay_out(cp, r, v, at, &of);
	if (n < 0) {
		canvas_wrap(c, r.x, r.y, r.w, r.h, CANVAS_WARNING, "Out of memory: no charts.");
		return;
	}
	for (int i = 0; i < n; i++)
		if (!rect_empty(at[i])) {
			chart_draw_titled(c, at[i].x, at[i].y, at[i].w, at[i].h, &cp->sweeps[i],
					  cp->pct_axis, row_title_level(cp, at, n, at[i].y));
			mark_reference(c, at[i], &cp->sweeps[i], v);
		}
	if (n < of) {
		char note[128];

		snprintf(note, sizeof(note), "(%d more chart%s at a larger size; %s)", of - n,
			 of - n == 1 ? "" : "s", v->whatif ? "Tab picks"
							   : "--width shows them");
		if ((int)strlen(note) > r.w && v->whatif)
			snprintf(note, sizeof(note), "(%d more: Tab picks)", of - n);
		canvas_text_fit(c, r.x, r.y + r.h - 1, r.w, CANVAS_DIM, false, note);
	}
}

static enum reaction click(struct pane *p, struct rect r, const struct view *v, int x, int y,
			   struct pane_request *req)
{
	struct charts_pane *cp = (struct charts_pane *)p;
	struct rect at[VIEW_N_CHARTS];
	int n;

	if (rect_empty(r) || !v->cur.ok || !rect_contains(r, x, y))
		return REACT_NONE;
	n = lay_out(cp, r, v, at, &(int){ 0 });
	for (int i = 0; i < n; i++) {
		const struct sweep *s = &cp->sweeps[i];
		int64_t x_value;
		if (!rect_contains(at[i], x, y) ||
		    !chart_value_at(s, at[i].x, at[i].y, at[i].w, at[i].h, x, y, &x_value))
			continue;
		req->field = param_of_sweep(s->kind);
		if (s->kind == SWEEP_SHARED_MEM) {
			/* The chart's x is the block's whole shared memory; the static
			 * part is the kernel's own, so a click sets the dynamic rest.
			 * Below the static size no dynamic amount gets there: 0 is the
			 * nearest. */
			x_value -= v->cur.in.static_smem_bytes;
			if (x_value < 0)
				x_value = 0;
		}
		req->ask = PANE_ASK_SET_VALUE;
		req->value = x_value;
		return REACT_RECOMPUTE;
	}
	return REACT_NONE;
}

static enum reaction key(struct pane *p, enum action a, int k, const struct view *v,
			 struct pane_request *req)
{
	struct charts_pane *cp = (struct charts_pane *)p;

	(void)k;
	(void)v;
	(void)req;
	if (a != ACT_TOGGLE_PCT)
		return REACT_NONE;
	cp->pct_axis = !cp->pct_axis;
	return REACT_REDRAW;
}

static void done(struct pane *p)
{
	free_sweeps((struct charts_pane *)p);
}

/* Two charts a row from 74 columns (each at least PRINT_CHART_W wide), all
 * of them from twice that, else stacked; each PRINT_CHART_H rows, a good
 * chart's (chart_layout). */
static int height(struct pane *p, int w, const struct view *v)
{
	int n = view_chart_count(v), per_row;

	(void)p;
	if (n == 0 || !v->cur.ok)
		return 0;
	per_row = (w + 1) / (PRINT_CHART_W + 1);
	per_row = per_row < 1 ? 1 : per_row >= n ? n : per_row >= 2 ? 2 : 1;
	return (n + per_row - 1) / per_row * PRINT_CHART_H;
}

static const struct pane_class charts_class = {
	.name = "charts",
	.title = "Occupancy charts",
	.draw = draw,
	.key = key,
	.click = click,
	.height = height,
	.done = done,
};

struct pane *pane_charts_new(void)
{
	struct charts_pane *p = calloc(1, sizeof(*p));

	if (!p)
		return NULL;
	p->base.cls = &charts_class;
	return &p->base;
}
