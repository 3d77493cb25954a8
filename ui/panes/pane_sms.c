/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* pane_sms.c - achieved occupancy per SM as a bar chart: measured from a report,
 * or predicted by the scheduling simulation, with the average drawn across. */
#include "config.h"

#include "pane.h"
#include "strutil.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "launch.h"
#include "sim.h"
#include "sim_play.h"
#include "waves.h"

enum {
	GUTTER_W = 5,   /* "100%" and the axis */
	MIN_PLOT_W = 10,
	MIN_PLOT_H = 3,
	MAX_COL_W = 8,  /* wider bars say nothing more */
};

/* The pane's own state: the duration models m cycles through. The
 * animation's playhead is the view's (a . , A), shared with the timeline. */
enum { N_MODELS = 8 };

struct sms_pane {
	struct pane base;
	struct sim_params models[N_MODELS];
	int n_models, model;
	/* The animation's frames of play_params' run (play_makespan long),
	 * recorded in one pass, in slices (ticks) in the explorer: a frame or
	 * a step is then a lookup. NULL: none. */
	struct sim_play *play;
	struct sim_params play_params;
	double play_makespan;
};
/* Rows the pane gets when it sizes itself (--print). */
enum { PRINT_SMS_H = 12 };

/* What the bars show, gathered before drawing. */
struct bars {
	const double *pct;  /* per SM, 0..100 */
	int n;
	double average_pct;
	/* The report's achieved occupancy beside predicted bars: a line of
	 * its own glyph and label, never taken for the predicted average. */
	bool measured_line;
	double measured_pct;
	char title[256];
	char note[256];
	const char *unit;   /* gpu_unit: "SM", "CU" or "WGP" */
	/* The reference's bars (r), per SM as the wave formula predicts them
	 * under uniform durations; NULL: none on screen. */
	const double *ref_pct;
};

/* Drawing clipped to the pane's rectangle: nothing ever lands outside r. */
static void put(struct canvas *c, struct rect r, int x, int y, uint32_t g, enum canvas_role role)
{
	if (rect_contains(r, x, y))
		canvas_put(c, x, y, g, role);
}

static void line(struct canvas *c, struct rect r, int x, int y, uint32_t g,
		 enum canvas_role role)
{
	if (rect_contains(r, x, y))
		canvas_line_over(c, x, y, g, role);
}

static int text(struct canvas *c, struct rect r, int x, int y, enum canvas_role role,
		const char *s)
{
	if (!rect_contains(r, x, y))
		return 0;
	return canvas_text_fit(c, x, y, r.x + r.w - x, role, false, s);
}

static double clamp_pct(double v)
{
	return !(v > 0.0) ? 0.0 : v > 100.0 ? 100.0 : v;
}

static double mean(const double *v, int n)
{
	double sum = 0.0;
	for (int i = 0; i < n; i++)
		sum += v[i];
	return n > 0 ? sum / n : 0.0;
}

/* The measured average's line: a glyph no other line of the pane uses. */
static uint32_t measured_glyph(const struct canvas *c)
{
	return c->ascii ? '=' : 0x2550;
}

/* The legend of both lines when the measured one is drawn, and whose launch
 * the measured one is. */
static void measured_note(const struct view *v, struct bars *b, bool ascii)
{
	char avg[64];

	if (!b->measured_line)
		return;
	snprintf(avg, sizeof(avg), "%.1f%%", b->average_pct);
	snprintf(b->note, sizeof(b->note), "predicted average %s (%s), measured %.1f%% (%s)%s, "
		 "theoretical %.1f%%", avg, ascii ? "-" : "\u2500", b->measured_pct,
		 ascii ? "=" : "\u2550",
		 v->cur.report.present && v->cur.report.changed ? " of the launch as loaded" : "", v->cur.r.theoretical_occupancy_pct);
}

/* The note of predicted bars. Their average is achieved occupancy as
 * profilers count it, over the time each SM has a block: the occupancy
 * pane's "predicted achieved". Where some SMs run no block (clusters that
 * leave SMs idle, a grid smaller than the SMs) that is the busy SMs'
 * average, so the note says so and gives the mean over all of them, idle
 * as 0, beside it: neither is taken for the other. */
static void predicted_note(struct bars *b, const char *lead, double theoretical_pct)
{
	int idle = 0;

	for (int i = 0; i < b->n; i++)
		idle += !(b->pct[i] > 0.0);
	if (idle == 0 || idle == b->n)
		snprintf(b->note, sizeof(b->note), "%s %.1f%%, theoretical %.1f%%", lead,
			 b->average_pct, theoretical_pct);
	else
		snprintf(b->note, sizeof(b->note), "average: busy %ss %.1f%% (achieved), all %d: "
			 "%.1f%%", b->unit, b->average_pct, b->n, mean(b->pct, b->n));
}

/* Where the scheduling model leaves units out: a partition (--sms) and the
 * units a launch's clusters leave without a block, after the title. */
static void where_blocks_land(const struct analysis *a, struct bars *b)
{
	const char *units = gpu_units(&a->gpu.arch);
	size_t len = strlen(b->title);

	if (a->sched.units > 0 && a->sched.units < a->sched.gpu_units)
		len += (size_t)snprintf(b->title + len, sizeof(b->title) - len, "; %d of %d %s (--sms)",
					a->sched.units, a->sched.gpu_units, units);
	if (a->w.idle_units > 0 && len < sizeof(b->title))
		snprintf(b->title + len, sizeof(b->title) - len, "; %d %s idle: clusters of %d",
			 a->w.idle_units, units, a->sched.cluster_size);
}

/* The frames of the view's run: kept while its simulation stays, else
 * recorded anew; in a redraw only the first, fixed part of a slice (ticks
 * do the rest), in --print all of it. False for want of memory. */
static bool frames_for(struct sms_pane *sp, const struct view *v)
{
	if (!sp->play || memcmp(&sp->play_params, &v->sim_params, sizeof(v->sim_params)) != 0 ||
	    sp->play_makespan != v->sim.makespan) {
		double times[PLAYBACK_FRAMES + 1];
		struct playback at = { .state = PLAYBACK_PAUSED };

		sim_play_free(sp->play);
		for (at.frame = 0; at.frame <= PLAYBACK_FRAMES; at.frame++)
			times[at.frame] = playback_time(&at, v->sim.makespan);
		sp->play_params = v->sim_params;
		sp->play_makespan = v->sim.makespan;
		if (!(sp->play = sim_play_start(&sp->play_params, times, PLAYBACK_FRAMES + 1)))
			return false;
	}
	if (!v->sliced)
		while (!sim_play_step(sp->play, INT64_MAX))
			;
	else if (!sim_play_recorded(sp->play))
		view_play_advance(sp->play, 0);
	return true;
}

/* Fills b (and *owned, the per-SM array it allocates, if any) from the view.
 * False when out of memory. */
static bool gather(struct sms_pane *sp, const struct view *v, struct bars *b,
		   double **owned, bool ascii)
{
	const struct analysis *a = &v->cur;
	char model[96];

	*owned = NULL;
	memset(b, 0, sizeof(*b));
	b->unit = gpu_unit(&a->gpu.arch);
	/* The model the view simulated, which is the pane's own in the explorer. */
	sim_model_describe(&v->sim_params, model, sizeof(model));

	bool sim_ok = (v->computed & VIEW_SIM) && v->sim_ok;

	if (playback_shown(&v->play) && sim_ok) {
		if (!frames_for(sp, v))
			return false;
	}
	if (playback_shown(&v->play) && sim_ok && sim_play_frame(sp->play, v->play.frame)) {
		/* One frame: blocks resident at the playhead, as occupancy then. */
		const struct sim_params *p = &v->sim_params;
		const double *warps = sim_play_frame(sp->play, v->play.frame);
		double t = playback_time(&v->play, v->sim.makespan);
		double *pct = malloc((size_t)p->sm_count * sizeof(*pct));
		if (!pct)
			return false;
		for (int sm = 0; sm < p->sm_count; sm++)
			pct[sm] = 100.0 * warps[sm] / p->max_warps_per_sm;
		*owned = pct;
		b->pct = pct;
		b->n = p->sm_count;
		b->average_pct = v->sim.average_pct;
		snprintf(b->title, sizeof(b->title), "%s: t = %.2f of %.2f block durations (%s)",
			 v->play.state == PLAYBACK_PLAYING ? "playing" : "paused", t,
			 v->sim.makespan, model);
		snprintf(b->note, sizeof(b->note),
			 "bars: occupancy now; line: predicted average %.1f%%", v->sim.average_pct);
		return true;
	}
	if (v->measured.n_sm > 0) {
		b->pct = v->measured.sm_pct;
		b->n = v->measured.n_sm;
		b->average_pct = mean(b->pct, b->n);
		if (v->measured.has_achieved)
			snprintf(b->title, sizeof(b->title),
				 "measured (the report's achieved occupancy %.1f%%)",
				 v->measured.achieved_pct);
		else
			snprintf(b->title, sizeof(b->title), "measured");
		if (a->ok)
			snprintf(b->note, sizeof(b->note), "mean of the SMs %.1f%%, theoretical %.1f%%",
				 b->average_pct, a->r.theoretical_occupancy_pct);
		else
			snprintf(b->note, sizeof(b->note),
				 "mean of the SMs %.1f%%; no theoretical: the launch is not known",
				 b->average_pct);
		return true;
	}
	if (v->measured.has_achieved) {
		b->measured_line = true;
		b->measured_pct = v->measured.achieved_pct;
	}
	if (sim_ok) {
		b->pct = v->sim.sm_pct;
		b->n = v->sim.sm_count;
		b->average_pct = v->sim.average_pct;
		if (playback_shown(&v->play))
			/* The frame is not recorded yet: the whole run meanwhile. */
			snprintf(b->title, sizeof(b->title), "preparing the animation %d %%; shown: "
				 "the whole run, predicted (%s)",
				 (int)(100.0 * sim_play_progress(sp->play)), model);
		else if (view_sim_running(v))
			/* The last launch's, until the new one is simulated. */
			snprintf(b->title, sizeof(b->title), "simulating %d %%; shown: the last "
				 "launch, predicted (%s)", (int)(100.0 * view_sim_progress(v)), model);
		else
			snprintf(b->title, sizeof(b->title), "predicted (%s)", model);
		where_blocks_land(a, b);
		predicted_note(b, "average", a->r.theoretical_occupancy_pct);
		measured_note(v, b, ascii);
		return true;
	}

	/* Not simulated: the wave formula gives the same bars under uniform durations. */
	{
		/* The units the launch may use: a partition's (--sms), or all. */
		int n = a->gpu.sm_count > 0 ? a->sched.units : a->gpu.sm_count;
		int64_t grid = launch_grid_size(&a->launch);
		double *pct = calloc(n > 0 ? (size_t)n : 1, sizeof(*pct));

		if (!pct)
			return false;
		for (int sm = 0; sm < n; sm++)
			pct[sm] = waves_unit_occupancy_pct(&a->r, &a->sched, grid, sm);
		*owned = pct;
		b->pct = pct;
		b->n = n;
		b->average_pct = a->w.predicted_achieved_pct;
		if (a->r.active_blocks_per_sm == 0)
			snprintf(b->title, sizeof(b->title), "no block fits on an SM: nothing runs");
		else if (n <= 0)
			snprintf(b->title, sizeof(b->title), "needs a device: the database has none "
				 "of %s, so no %s count (--gpu NAME)", a->gpu.arch.arch, b->unit);
		else if (view_sim_running(v))
			snprintf(b->title, sizeof(b->title), "simulating %d %%; until then the "
				 "uniform-duration wave formula", (int)(100.0 * view_sim_progress(v)));
		else if (grid > VIEW_SIM_MAX_BLOCKS && v->sim_params.model == SIM_UNIFORM)
			snprintf(b->title, sizeof(b->title),
				 "predicted (uniform durations: the wave formula, exact for them)");
		else if (grid > VIEW_SIM_MAX_BLOCKS)
			snprintf(b->title, sizeof(b->title),
				 "grid above %lld blocks, not simulated: uniform-duration wave formula",
				 (long long)VIEW_SIM_MAX_BLOCKS);
		else
			snprintf(b->title, sizeof(b->title),
				 "not simulated: uniform-duration wave formula");
		if (n > 0)
			predicted_note(b, "predicted average", a->r.theoretical_occupancy_pct);
		else
			snprintf(b->note, sizeof(b->note), "theoretical %.1f%% per %s",
				 a->r.theoretical_occupancy_pct, b->unit);
		if (n > 0)
			where_blocks_land(a, b);
		measured_note(v, b, ascii);
	}
	return true;
}

/* Bar height in eighths of a cell, for a plot rows high. */
static int eighths_of(double pct, int rows)
{
	return (int)lround(clamp_pct(pct) / 100.0 * rows * 8);
}

/* The columns of a plot plot_w wide for n SMs: one SM a column (up to
 * MAX_COL_W cells wide) where they fit, else every column used, column j the
 * SMs first_sm(j) .. first_sm(j + 1) - 1 (floor(n / cols) or one more). */
struct columns {
	int n, cols, col_w;
	int fewest, most;        /* SMs in a column */
};

static struct columns columns_of(int n, int plot_w)
{
	struct columns k = { .n = n > 0 ? n : 1 };

	k.cols = k.n <= plot_w ? k.n : plot_w;
	k.col_w = plot_w / k.cols;
	if (k.col_w > MAX_COL_W)
		k.col_w = MAX_COL_W;
	if (k.col_w < 1)
		k.col_w = 1;
	k.fewest = k.n / k.cols;
	k.most = k.fewest + (k.n % k.cols ? 1 : 0);
	return k;
}

static int first_sm(const struct columns *k, int j)
{
	return (int)((int64_t)j * k->n / k->cols);
}

/* The column SM sm is drawn in. */
static int column_of(const struct columns *k, int sm)
{
	return (int)(((int64_t)(sm + 1) * k->cols - 1) / k->n);
}

/* The SM index step between x labels: a round number whose labels do not touch. */
static int label_step(const struct columns *k)
{
	static const int steps[] = { 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000 };
	char buf[16];
	int len = snprintf(buf, sizeof(buf), "%d", k->n - 1);

	for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++)
		if ((int64_t)steps[i] * k->cols / k->n * k->col_w >= len + 1)
			return steps[i];
	return k->n;
}

static void draw_plot(struct canvas *c, struct rect r, int top, int rows, const struct bars *b)
{
	/* a blank column before the right edge: the axis does not run into the frame */
	int plot_x = r.x + GUTTER_W, plot_w = r.w - GUTTER_W - 1;
	struct columns k = columns_of(b->n, plot_w);
	int cols = k.cols, col_w = k.col_w;
	int bar_w, axis_y = top + rows, used_w, line_row, step;
	char label[64];

	bar_w = col_w >= 2 ? col_w - 1 : 1;
	used_w = cols * col_w;

	/* y axis: each label in the row where a bar of that value ends; 0 % is
	 * the x axis itself */
	for (int y = top; y < axis_y; y++)
		put(c, r, plot_x - 1, y, canvas_glyph(c, CANVAS_G_VLINE), CANVAS_AXIS);
	text(c, r, r.x, top, CANVAS_AXIS, "100%");
	text(c, r, r.x, top + rows / 2, CANVAS_AXIS, " 50%");
	text(c, r, r.x, axis_y, CANVAS_AXIS, "  0%");
	put(c, r, plot_x - 1, axis_y, canvas_glyph(c, CANVAS_G_BOTTOM_LEFT), CANVAS_AXIS);
	for (int x = 0; x < used_w; x++)
		put(c, r, plot_x + x, axis_y, canvas_glyph(c, CANVAS_G_HLINE), CANVAS_AXIS);

	/* bars, each column the mean of its SMs */
	for (int j = 0; j < cols; j++) {
		int first = first_sm(&k, j), last = first_sm(&k, j + 1);
		int e = eighths_of(mean(b->pct + first, last - first), rows);
		/* beside a reference's bar, the left half */
		int w = b->ref_pct && bar_w >= 2 ? (bar_w + 1) / 2 : bar_w;
		for (int row = 0; row < rows; row++) {
			int fill = e - row * 8;
			uint32_t g = canvas_vbar_glyph(c, fill > 8 ? 8 : fill);
			if (g == ' ')
				continue;
			for (int x = 0; x < w; x++)
				put(c, r, plot_x + j * col_w + x, axis_y - 1 - row, g, CANVAS_BAR_USED);
		}
	}

	/* The reference's bars in whole cells of the shade glyph: the right
	 * half of each bar where it has two cells or more, else the cell where
	 * the reference's bar ends, over the current one. */
	if (b->ref_pct) {
		int cur_w = bar_w >= 2 ? (bar_w + 1) / 2 : bar_w;

		for (int j = 0; j < cols; j++) {
			int first = first_sm(&k, j), last = first_sm(&k, j + 1);
			int full = (int)lround(clamp_pct(mean(b->ref_pct + first, last - first)) / 100.0 *
					       rows);
			int x0 = plot_x + j * col_w;

			if (bar_w >= 2) {
				for (int row = 0; row < rows; row++)
					for (int x = cur_w; x < bar_w; x++)
						put(c, r, x0 + x, axis_y - 1 - row, row < full ?
						    canvas_glyph(c, CANVAS_G_SHADE) : ' ', CANVAS_BAR_IDLE);
			} else if (full > 0) {
				put(c, r, x0, axis_y - full, canvas_glyph(c, CANVAS_G_SHADE),
				    CANVAS_BAR_IDLE);
			}
		}
	}

	/* The average across the bars, in the row where a bar of that value ends
	 * (as the 100 % and 50 % labels sit); over the bars, in its own colour,
	 * never erasing them. */
	line_row = (int)ceil(clamp_pct(b->average_pct) / 100.0 * rows - 1e-9) - 1;
	if (line_row < 0)
		line_row = 0;
	if (line_row > rows - 1)
		line_row = rows - 1;
	for (int x = 0; x < used_w; x++)
		line(c, r, plot_x + x, axis_y - 1 - line_row, canvas_glyph(c, CANVAS_G_AVERAGE),
		     CANVAS_AVERAGE);
	if (b->measured_line) {
		/* Its own glyph, its label at the left end (the predicted one's is
		 * at the right), so both read even when they share a row. */
		int mrow = (int)ceil(clamp_pct(b->measured_pct) / 100.0 * rows - 1e-9) - 1;
		int len = snprintf(label, sizeof(label), " measured %.1f%% ", b->measured_pct);

		mrow = mrow < 0 ? 0 : mrow > rows - 1 ? rows - 1 : mrow;
		for (int x = 0; x < used_w; x++)
			line(c, r, plot_x + x, axis_y - 1 - mrow, measured_glyph(c), CANVAS_CURRENT);
		if (used_w >= len + 4)
			text(c, r, plot_x + 1, axis_y - 1 - mrow, CANVAS_CURRENT, label);
	}
	{
		int len = snprintf(label, sizeof(label), b->measured_line ? " predicted %.1f%% " :
				   " avg %.1f%% ", b->average_pct);
		if (used_w >= len + 4)
			text(c, r, plot_x + used_w - len - 2, axis_y - 1 - line_row, CANVAS_AVERAGE,
			     label);
	}

	/* x axis: SM indices at round steps, a tick above each */
	step = label_step(&k);
	snprintf(label, sizeof(label), "%4s", b->unit);
	text(c, r, r.x, axis_y + 1, CANVAS_AXIS, label);
	for (int sm = 0; sm < b->n; sm += step) {
		int x = plot_x + column_of(&k, sm) * col_w;
		int len = snprintf(label, sizeof(label), "%d", sm);
		if (x + len > plot_x + plot_w)
			break;
		put(c, r, x, axis_y, canvas_glyph(c, CANVAS_G_TICK), CANVAS_AXIS);
		text(c, r, x, axis_y + 1, CANVAS_AXIS, label);
	}
}

/* The reference's bars (r) where it runs on as many SMs as the bars show:
 * the wave formula's per SM (uniform durations) for its own launch, and
 * its average in the note. Returns the array to free; NULL: none. */
static double *reference_bars(const struct view *v, struct bars *b, bool ascii)
{
	const struct analysis *ref = &v->ref;
	int64_t grid;
	double *pct;
	size_t len;

	if (!v->has_ref || !ref->ok || ref->sched.units != b->n || b->n <= 0)
		return NULL;
	pct = malloc((size_t)b->n * sizeof(*pct));
	if (!pct)
		return NULL;
	grid = launch_grid_size(&ref->launch);
	for (int sm = 0; sm < b->n; sm++)
		pct[sm] = waves_unit_occupancy_pct(&ref->r, &ref->sched, grid, sm);
	b->ref_pct = pct;
	len = strlen(b->note);
	snprintf(b->note + len, sizeof(b->note) - len, "; reference (%s) %.1f%%",
		 ascii ? ":" : "\u2591", ref->w.predicted_achieved_pct);
	return pct;
}

static void draw(struct pane *p, struct canvas *c, struct rect r, const struct view *v)
{
	struct sms_pane *sp = (struct sms_pane *)p;
	struct bars b;
	double *owned, *ref;
	int head, rows, group, used;
	char group_note[64], count[24];
	struct columns k;

	if (rect_empty(r))
		return;
	/* Measured bars need no launch: a record without one still shows them. */
	if (!v->cur.ok && v->measured.n_sm == 0) {
		pane_draw_error(c, r, v);
		return;
	}
	if (!gather(sp, v, &b, &owned, c->ascii)) {
		text(c, r, r.x, r.y, CANVAS_WARNING, "out of memory");
		return;
	}

	ref = reference_bars(v, &b, c->ascii);

	/* Too small for a chart: the numbers alone. */
	if (r.w < GUTTER_W + MIN_PLOT_W || r.h < MIN_PLOT_H + 3 || b.n <= 0) {
		text(c, r, r.x, r.y, CANVAS_HEADER, b.title);
		text(c, r, r.x, r.y + 1, CANVAS_DIM, b.note);
		free(owned);
		free(ref);
		return;
	}

	/* A title, a note when there is room, the plot, the x axis and its labels. */
	head = r.h >= MIN_PLOT_H + 5 ? 2 : 1;
	rows = r.h - head - 2;
	group_note[0] = '\0';
	k = columns_of(b.n, r.w - GUTTER_W - 1);
	group = k.most;
	if (group > 1) {
		/* Several SMs per column beat several rows of bars: one axis, one
		 * average line, and a group's mean still shows a slow SM. Every
		 * column is used, so a column holds fewest or most SMs. Said short
		 * where the long form does not fit beside the note. */
		if (k.fewest == k.most)
			snprintf(count, sizeof(count), "%d", k.most);
		else
			snprintf(count, sizeof(count), "%d-%d", k.fewest, k.most);
		snprintf(group_note, sizeof(group_note), "each column: %s %ss (mean)", count, b.unit);
		if ((int)(str_display_width(b.note) + 2 + strlen(group_note)) > r.w &&
		    (int)(str_display_width(b.title) + 2 + strlen(group_note)) > r.w)
			snprintf(group_note, sizeof(group_note), "%s %ss a column (mean)", count, b.unit);
	}
	used = text(c, r, r.x, r.y, CANVAS_HEADER, b.title);
	if (head == 2 && group > 1 && used + 2 + (int)strlen(group_note) <= r.w &&
	    (b.measured_line || (int)(str_display_width(b.note) + 2 + strlen(group_note)) > r.w)) {
		/* the two lines' legend fills the note: the grouping goes up */
		text(c, r, r.x + used, r.y, CANVAS_DIM, "; ");
		text(c, r, r.x + used + 2, r.y, CANVAS_DIM, group_note);
		text(c, r, r.x, r.y + 1, CANVAS_NORMAL, b.note);
	} else if (head == 2) {
		used = text(c, r, r.x, r.y + 1, CANVAS_NORMAL, b.note);
		if (group > 1) {
			used += text(c, r, r.x + used, r.y + 1, CANVAS_DIM, "; ");
			text(c, r, r.x + used, r.y + 1, CANVAS_DIM, group_note);
		}
	} else if (group > 1) {
		/* no room for the note: the grouping still has to be said */
		text(c, r, r.x + used, r.y, CANVAS_DIM, "; ");
		text(c, r, r.x + used + 2, r.y, CANVAS_DIM, group_note);
	}
	draw_plot(c, r, r.y + head, rows, &b);
	free(owned);
	free(ref);
}

static const char *title_for(const struct pane *p, const struct view *v, char *buf, size_t size)
{
	(void)p;
	snprintf(buf, size, "Achieved occupancy per %s", gpu_unit(&v->cur.gpu.arch));
	return buf;
}

static enum reaction key(struct pane *p, enum action a, int k, const struct view *v,
			 struct pane_request *req)
{
	struct sms_pane *sp = (struct sms_pane *)p;
	char desc[128];

	(void)k;
	(void)v;
	switch (a) {
	case ACT_MODEL:
		sp->model = (sp->model + 1) % sp->n_models;
		sim_model_describe(&sp->models[sp->model], desc, sizeof(desc));
		pane_say(req, false, "block durations: %s", desc);
		req->ask = PANE_ASK_MODEL;
		req->model = sp->models[sp->model];
		return REACT_RECOMPUTE;
	default:
		return REACT_NONE;
	}
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
	return v->cur.ok || v->measured.n_sm > 0 ? PRINT_SMS_H : 0;
}

/* A slice of the frames' recording: redrawn when it ends (the frame at the
 * playhead shows) or its percentage moves. Dropped when the animation is. */
static enum reaction tick(struct pane *p, const struct view *v)
{
	struct sms_pane *sp = (struct sms_pane *)p;
	int before;

	if (!pane_sms_busy(p))
		return REACT_NONE;
	if (!playback_shown(&v->play)) {
		sim_play_free(sp->play);
		sp->play = NULL;
		return REACT_NONE;
	}
	before = (int)(100.0 * sim_play_progress(sp->play));
	if (view_play_advance(sp->play, VIEW_SIM_SLICE_MS))
		return REACT_REDRAW;
	return (int)(100.0 * sim_play_progress(sp->play)) != before ? REACT_REDRAW : REACT_NONE;
}

bool pane_sms_busy(const struct pane *p)
{
	const struct sms_pane *sp = (const struct sms_pane *)p;

	return sp->play && !sim_play_recorded(sp->play);
}

static void done(struct pane *p)
{
	sim_play_free(((struct sms_pane *)p)->play);
}

static const struct pane_class sms_class = {
	.name = "sms",
	.title = "Achieved occupancy per SM",
	.title_for = title_for,
	.draw = draw,
	.key = key,
	.tick = tick,
	.needs = needs,
	.height = height,
	.done = done,
};

/* The one from the command line first, then the presets. */
struct pane *pane_sms_new(const struct sim_params *given)
{
	static const struct sim_params presets[] = {
		{ .model = SIM_UNIFORM },
		{ .model = SIM_SLOW_SHARE, .slow_share = 0.10, .slow_factor = 4.0 },
		{ .model = SIM_SLOW_SHARE, .slow_share = 0.25, .slow_factor = 2.0 },
		{ .model = SIM_CV, .cv = 0.3 },
		{ .model = SIM_CV, .cv = 0.6 },
		{ .model = SIM_WARP_SPREAD, .warp_spread = 0.5 },
		{ .model = SIM_TAIL_KERNEL, .tail_blocks = 512, .tail_duration = 0.5 },
	};
	struct sms_pane *p = calloc(1, sizeof(*p));

	if (!p)
		return NULL;
	p->base.cls = &sms_class;
	if (given && given->model != SIM_UNIFORM)
		p->models[p->n_models++] = *given;
	for (size_t i = 0; i < sizeof(presets) / sizeof(presets[0]) && p->n_models < N_MODELS; i++)
		p->models[p->n_models++] = presets[i];
	for (int i = 0; i < p->n_models; i++)
		p->models[i].seed = given ? given->seed : 0;
	return &p->base;
}

const struct sim_params *pane_sms_model(const struct pane *p)
{
	const struct sms_pane *sp = (const struct sms_pane *)p;

	return &sp->models[sp->model];
}

