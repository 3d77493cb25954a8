/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* pane_timeline.c - active warps per SM over time from the scheduling
 * simulation (sim_timeline): an area chart, a column per slice of the run,
 * with the waves' ends ticked, the tail kernel's warps in their own glyph, the
 * idle SMs in a strip under the time axis and the predicted average (achieved
 * occupancy) drawn across, and the animation's playhead (a . , A) as a
 * column over it. The model is the per-SM pane's (m). */
#include "config.h"

#include "pane.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "sim.h"

enum {
	GUTTER_W = 5,    /* "100%" and the axis */
	MIN_PLOT_W = 10,
	MIN_PLOT_ROWS = 3,
	PRINT_TIMELINE_H = 12,
};

/* The timeline of the last draw, kept while the view's simulation and the
 * width stay. */
struct timeline_pane {
	struct pane base;
	struct sim_timeline tl;
	struct sim_params params;
	bool have;
	/* In the explorer, a new timeline is computed in slices (its ticks)
	 * for job_n columns of job_params' simulation; NULL: none under way. */
	struct sim_job *job;
	struct sim_params job_params;
	int job_n;
};

static int text(struct canvas *c, struct rect r, int x, int y, enum canvas_role role,
		const char *s)
{
	if (!rect_contains(r, x, y))
		return 0;
	return canvas_text_fit(c, x, y, r.x + r.w - x, role, false, s);
}

static void put(struct canvas *c, struct rect r, int x, int y, uint32_t g, enum canvas_role role)
{
	if (rect_contains(r, x, y))
		canvas_put(c, x, y, g, role);
}

static bool same_params(const struct sim_params *a, const struct sim_params *b)
{
	return memcmp(a, b, sizeof(*a)) == 0;
}

static void job_cancel(struct timeline_pane *tp)
{
	sim_job_cancel(tp->job);
	tp->job = NULL;
}

/* The job's timeline becomes the one drawn. */
static bool job_done(struct timeline_pane *tp)
{
	sim_timeline_done(&tp->tl);
	tp->params = tp->job_params;
	tp->have = sim_timeline_job_finish(tp->job, &tp->tl);
	tp->job = NULL;
	return tp->have;
}

enum have { TL_NONE, TL_RUNNING, TL_HAVE };

/* The timeline for n columns of the view's simulation: none when the view
 * did not simulate (grid too large, nothing fits); in the explorer, one
 * under way (TL_RUNNING) until its slices are done. */
static enum have timeline_for(struct timeline_pane *tp, const struct view *v, int n)
{
	if (!(v->computed & VIEW_SIM) || !v->sim_ok)
		return TL_NONE;
	if (tp->have && tp->tl.n == n && same_params(&tp->params, &v->sim_params))
		return TL_HAVE;
	if (tp->job && (tp->job_n != n || !same_params(&tp->job_params, &v->sim_params)))
		job_cancel(tp);
	if (!tp->job) {
		tp->job_params = v->sim_params;
		tp->job_n = n;
		if (!(tp->job = sim_timeline_job_start(&tp->job_params, n, &v->sim)))
			return TL_NONE;
	}
	/* In a redraw only the first, fixed part of a slice (small grids end
	 * there): the key or tick that asked for it may have run a whole
	 * slice of the view's simulation already. Ticks do the rest. */
	if (v->sliced && !view_job_advance(tp->job, 0))
		return TL_RUNNING;
	return job_done(tp) ? TL_HAVE : TL_NONE;
}

static double pct_of(const struct sim_timeline *t, double warps)
{
	double p = 100.0 * warps / t->max_warps_per_sm;
	return !(p > 0.0) ? 0.0 : p > 100.0 ? 100.0 : p;
}

/* The row (0 at the bottom) where a bar of pct ends, as in the per-SM pane. */
static int row_of(double pct, int rows)
{
	int row = (int)ceil(pct / 100.0 * rows - 1e-9) - 1;
	return row < 0 ? 0 : row > rows - 1 ? rows - 1 : row;
}

/* The tail kernel's cells: a glyph of their own, in ASCII too. */
static uint32_t tail_glyph(const struct canvas *c)
{
	return c->ascii ? '+' : 0x2592;
}

/* The tail kernel's warps sit on top of the first's: a cell is the tail
 * kernel's where its middle is above the first kernel's height. */
static void draw_area(struct canvas *c, struct rect r, int top, int rows, int x0,
		      const struct sim_timeline *t)
{
	for (int j = 0; j < t->n; j++) {
		int e = (int)lround(pct_of(t, t->warps[j]) / 100.0 * rows * 8);
		int e_first = (int)lround(pct_of(t, t->warps[j] - t->tail_warps[j]) / 100.0 *
					  rows * 8);

		for (int row = 0; row < rows; row++) {
			int fill = e - row * 8;
			uint32_t g = canvas_vbar_glyph(c, fill > 8 ? 8 : fill);

			if (g == ' ')
				continue;
			/* the tail kernel's warps in their own glyph; with none,
			 * a partly filled top cell is the bar's own */
			if (t->tail_warps[j] > 0 && row * 8 + 4 > e_first)
				put(c, r, x0 + j, top + rows - 1 - row, tail_glyph(c), CANVAS_CURRENT);
			else
				put(c, r, x0 + j, top + rows - 1 - row, g, CANVAS_BAR_USED);
		}
	}
}

/* The time axis: ticks where waves end, for models whose (first kernel's)
 * blocks all last 1.0 and when they are few enough to read; labels at both
 * ends. */
static void draw_time_axis(struct canvas *c, struct rect r, int y, int x0,
			   const struct sim_timeline *t, bool waves)
{
	char label[32];
	int len;

	put(c, r, x0 - 1, y, canvas_glyph(c, CANVAS_G_BOTTOM_LEFT), CANVAS_AXIS);
	for (int j = 0; j < t->n; j++)
		put(c, r, x0 + j, y, canvas_glyph(c, CANVAS_G_HLINE), CANVAS_AXIS);
	if (waves && t->makespan <= t->n / 2.0)
		for (double k = 1.0; k < t->makespan; k += 1.0)
			put(c, r, x0 + (int)(k / t->dt) , y, canvas_glyph(c, CANVAS_G_TICK), CANVAS_AXIS);
	text(c, r, r.x, y + 1, CANVAS_AXIS, "   t");
	text(c, r, x0, y + 1, CANVAS_AXIS, "0");
	len = snprintf(label, sizeof(label), "%.2f", t->makespan);
	if (t->n > len + 2)
		text(c, r, x0 + t->n - len, y + 1, CANVAS_AXIS, label);
}

/* The playhead: its column over the area in the focus colour (the bars
 * under it kept, canvas_line_over) and a triangle on the time axis under it
 * ('^' in ASCII, as the charts mark their point), which shows without
 * colour too. Drawn after the axis. */
static void draw_playhead(struct canvas *c, struct rect r, int top, int rows, int x0,
			  const struct sim_timeline *t, const struct playback *play)
{
	double at = playback_time(play, t->makespan);
	int j = t->dt > 0 ? (int)(at / t->dt) : 0;

	if (j > t->n - 1)
		j = t->n - 1;
	for (int y = top; y < top + rows; y++)
		if (rect_contains(r, x0 + j, y))
			canvas_line_over(c, x0 + j, y, canvas_glyph(c, CANVAS_G_VLINE), CANVAS_FOCUS);
	put(c, r, x0 + j, top + rows, c->ascii ? '^' : 0x25B2, CANVAS_FOCUS);
}

/* Idle SMs: a strip of bars, full where every SM is idle. */
static void draw_idle(struct canvas *c, struct rect r, int y, int x0, const struct sim_timeline *t,
		      int sm_count)
{
	text(c, r, r.x, y, CANVAS_DIM, "idle");
	for (int j = 0; j < t->n; j++) {
		double share = t->idle_sms[j] / sm_count;
		int e = (int)lround(share * 8);

		if (share < 1e-9)
			continue;
		/* some idle SMs always show: ASCII has no eighths, so thirds */
		if (c->ascii)
			put(c, r, x0 + j, y, share <= 1.0 / 3 ? '.' : share <= 2.0 / 3 ? ':' : '#',
			    CANVAS_WARNING);
		else
			put(c, r, x0 + j, y, canvas_vbar_glyph(c, e < 1 ? 1 : e), CANVAS_WARNING);
	}
}

static void draw(struct pane *p, struct canvas *c, struct rect r, const struct view *v)
{
	struct timeline_pane *tp = (struct timeline_pane *)p;
	const struct sim_timeline *t = &tp->tl;
	char model[128], line[256];
	/* a column free at the right: the axis never runs into the frame */
	int plot_w = r.w - GUTTER_W - 1, x0 = r.x + GUTTER_W, head, rows, top, axis_y, avg_row, len;
	const struct engine_words *e;
	const char *unit;
	enum have have;
	bool tail;

	if (pane_skip(c, r, v))
		return;
	e = engine_words(&v->cur.gpu.arch);
	unit = e->unit;
	have = plot_w < MIN_PLOT_W ? TL_NONE : timeline_for(tp, v, plot_w);
	if (have == TL_RUNNING) {
		snprintf(line, sizeof(line), "simulating the timeline: %d %%",
			 (int)(100.0 * sim_job_progress(tp->job)));
		text(c, r, r.x, r.y, CANVAS_DIM, line);
		return;
	}
	if (have == TL_NONE) {
		text(c, r, r.x, r.y, CANVAS_DIM, v->cur.r.active_blocks_per_sm == 0 ?
		     "no block fits: nothing runs" : plot_w < MIN_PLOT_W ? "too narrow" :
		     v->cur.gpu.sm_count <= 0 ? "needs a device: no unit count to schedule on" :
		     "not simulated: the grid is too large");
		return;
	}
	sim_model_describe(&tp->params, model, sizeof(model));
	tail = tp->params.model == SIM_TAIL_KERNEL;
	head = r.h >= MIN_PLOT_ROWS + 5 ? 2 : 1;
	rows = r.h - head - 3;
	if (rows < 1) {
		snprintf(line, sizeof(line), "%s; average %.1f%%", model, t->average_pct);
		text(c, r, r.x, r.y, CANVAS_HEADER, line);
		return;
	}
	if (playback_shown(&v->play))
		snprintf(line, sizeof(line), "%s: t = %.2f of %.2f (%s)  . , frame  a %s  A stop",
			 v->play.state == PLAYBACK_PLAYING ? "playing" : "paused",
			 playback_time(&v->play, t->makespan), t->makespan, model,
			 v->play.state == PLAYBACK_PLAYING ? "pause" : "play");
	else
		snprintf(line, sizeof(line), "active %s per %s over time (%s)", e->warps, unit,
			 model);
	text(c, r, r.x, r.y, CANVAS_HEADER, line);
	if (head == 2) {
		/* The area is the mean of all the SMs, idle ones too; the
		 * average, as profilers count it, only while an SM is busy. */
		snprintf(line, sizeof(line), "avg %.1f%% of busy %ss (%s), run %.2f %s times%s, "
			 "idle %ss below", t->average_pct, unit, c->ascii ? "-" : "\u2500",
			 t->makespan, e->block,
			 tail ? (c->ascii ? ", tail kernel +" : ", tail kernel \u2592") : "", unit);
		text(c, r, r.x, r.y + 1, CANVAS_NORMAL, line);
	}
	top = r.y + head;
	axis_y = top + rows;
	for (int y = top; y < axis_y; y++)
		put(c, r, x0 - 1, y, canvas_glyph(c, CANVAS_G_VLINE), CANVAS_AXIS);
	text(c, r, r.x, top, CANVAS_AXIS, "100%");
	if (rows >= 4)
		text(c, r, r.x, top + rows / 2, CANVAS_AXIS, " 50%");
	text(c, r, r.x, axis_y, CANVAS_AXIS, "  0%");
	draw_area(c, r, top, rows, x0, t);
	/* the average over the area, where a bar of its value ends */
	avg_row = row_of(t->average_pct, rows);
	for (int j = 0; j < t->n; j++)
		if (rect_contains(r, x0 + j, axis_y - 1 - avg_row))
			canvas_line_over(c, x0 + j, axis_y - 1 - avg_row,
					 canvas_glyph(c, CANVAS_G_AVERAGE), CANVAS_AVERAGE);
	len = snprintf(line, sizeof(line), " avg %.1f%% ", t->average_pct);
	if (t->n >= len + 4)
		text(c, r, x0 + t->n - len - 2, axis_y - 1 - avg_row, CANVAS_AVERAGE, line);
	draw_time_axis(c, r, axis_y, x0, t, tp->params.model == SIM_UNIFORM ||
		       tp->params.model == SIM_WARP_SPREAD || tail);
	if (playback_shown(&v->play))
		draw_playhead(c, r, top, rows, x0, t, &v->play);
	draw_idle(c, r, axis_y + 2, x0, t, tp->params.sm_count);
}

static const char *title_for(const struct pane *p, const struct view *v, char *buf, size_t size)
{
	(void)p;
	snprintf(buf, size, "Timeline: active %s per %s", engine_words(&v->cur.gpu.arch)->warps,
		 engine_words(&v->cur.gpu.arch)->unit);
	return buf;
}

static unsigned needs(const struct pane *p)
{
	(void)p;
	return VIEW_SIM;
}

static int height(struct pane *p, int w, const struct view *v)
{
	(void)p;
	(void)w;
	return v->cur.ok ? PRINT_TIMELINE_H : 0;
}

static void done(struct pane *p)
{
	job_cancel((struct timeline_pane *)p);
	sim_timeline_done(&((struct timeline_pane *)p)->tl);
}

/* A slice of the timeline under way: redrawn when it ends or its percentage
 * moves. */
static enum reaction tick(struct pane *p, const struct view *v)
{
	struct timeline_pane *tp = (struct timeline_pane *)p;
	int before;

	(void)v;
	if (!tp->job)
		return REACT_NONE;
	before = (int)(100.0 * sim_job_progress(tp->job));
	if (view_job_advance(tp->job, VIEW_SIM_SLICE_MS)) {
		job_done(tp);
		return REACT_REDRAW;
	}
	return (int)(100.0 * sim_job_progress(tp->job)) != before ? REACT_REDRAW : REACT_NONE;
}

bool pane_timeline_busy(const struct pane *p)
{
	return ((const struct timeline_pane *)p)->job != NULL;
}

static const struct pane_class timeline_class = {
	.name = "timeline",
	.title = "Timeline",
	.title_for = title_for,
	.draw = draw,
	.needs = needs,
	.tick = tick,
	.height = height,
	.done = done,
};

struct pane *pane_timeline_new(void)
{
	struct timeline_pane *p = calloc(1, sizeof(*p));

	if (!p)
		return NULL;
	p->base.cls = &timeline_class;
	return &p->base;
}
