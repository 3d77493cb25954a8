/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* chart.c - an occupancy sweep drawn as a step chart into a canvas: the curve,
 * the region where another limit caps it shaded, the launch's own point marked
 * by glyph, by an axis marker and in the legend, so it shows without colour. */
#include "config.h"

#include "chart.h"

#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

/* LABEL_W: the y labels ("  64", "100%"); the plot starts after them and the axis.
 * A second legend line (what caps the curve) needs CAPPED_LEGEND_H rows. */
enum { LABEL_W = 5, MIN_W = 24, MIN_H = 7, CAPPED_LEGEND_H = 9, TICK_SPACING = 10,
       SMALL_PLOT = 5 };

/* Where the parts of a chart go inside its w x h cells. */
struct geom {
	int plot_x, plot_y, cols, rows;
	int legend_lines;
};

/* How many parts the y labels cut the axis into: halves, quarters from 9 rows. */
static int label_parts(int rows)
{
	return rows >= 9 ? 4 : 2;
}

/* The plot's columns in a chart w cells wide, from MIN_W up. */
static int plot_columns(int w)
{
	return w - LABEL_W - 1;
}

/* The rows left over when a plot of rows rows is cut down so that its
 * labelled levels fall on rows of their own: above SMALL_PLOT rows the half
 * (and from 9 rows the quarters), rows - 1 a multiple of the parts. */
static int spare_rows(int rows)
{
	return rows > SMALL_PLOT ? (rows - 1) % label_parts(rows) : 0;
}

static bool geometry(const struct sweep *s, int x, int y, int w, int h, struct geom *g)
{
	if (w < MIN_W || h < MIN_H || s->n == 0)
		return false;
	g->plot_x = x + LABEL_W + 1;
	g->plot_y = y + 1;
	g->cols = plot_columns(w);
	g->legend_lines = h >= CAPPED_LEGEND_H && s->capped_limiting != 0 ? 2 : 1;
	/* title, plot, x axis, tick labels, legend (its second line's row
	 * kept where one fits, so charts of a height align whatever caps
	 * them); what spare_rows takes goes blank above the plot */
	g->rows = h - 3 - (h >= CAPPED_LEGEND_H ? 2 : 1);
	g->plot_y += spare_rows(g->rows);
	g->rows -= spare_rows(g->rows);
	return true;
}

/* geometry's rows */
int chart_plot_rows(int h)
{
	int rows = h - 3 - (h >= CAPPED_LEGEND_H ? 2 : 1);

	return h < MIN_H ? 0 : rows - spare_rows(rows);
}

static int row_of(int warps, int max_warps, int rows)
{
	if (max_warps <= 0)
		return rows - 1;
	/* Row 0 is the top (max); rows - 1 is zero. */
	return rows - 1 - (int)((double)warps * (rows - 1) / max_warps + 0.5);
}

static void format_x(const struct sweep *s, int64_t x, char *buf, size_t size)
{
	if (s->kind == SWEEP_SHARED_MEM && x >= 1024 && x % 1024 == 0)
		snprintf(buf, size, "%lldK", (long long)(x / 1024));
	else if (s->kind == SWEEP_SHARED_MEM && x >= 1024)
		snprintf(buf, size, "%.1fK", x / 1024.0);
	else
		snprintf(buf, size, "%lld", (long long)x);
}

/* A level in the axis' unit: "64 warps" or "100.0%". */
static void format_level(const struct sweep *s, int warps, bool pct, char *buf, size_t size)
{
	if (pct)
		snprintf(buf, size, "%.1f%%", s->max_warps ? 100.0 * warps / s->max_warps : 0.0);
	else
		snprintf(buf, size, "%d %.*s", warps, warps == 1 ? 4 : 5, sweep_y_unit(s));
}

/* A title at level 0 (long y and x words) to 3 (the short x words alone). */
static void title_text(const struct sweep *s, bool pct, int level, char *t, size_t size)
{
	const char *y = pct ? "Occupancy" : sweep_y_title(s, level > 0);

	if (level >= 3)
		snprintf(t, size, "%s", sweep_x_label(s, true));
	else
		snprintf(t, size, "%s vs %s", y, sweep_x_label(s, level >= 2));
}

int chart_title_level(int w, const struct sweep *s, bool pct)
{
	char t[128];
	int level = 0;

	for (; level < 3; level++) {
		title_text(s, pct, level, t, sizeof(t));
		if ((int)strlen(t) <= w)
			break;
	}
	return level;
}

/* The longest title that fits, no longer than level allows: narrow charts
 * keep what the axes mean, and charts side by side say it alike. */
static void title(struct canvas *c, int x, int y, int w, const struct sweep *s, bool pct,
		  int level)
{
	char t[128];
	int fits = chart_title_level(w, s, pct);

	title_text(s, pct, fits > level ? fits : level, t, sizeof(t));
	canvas_text(c, x, y, w, CANVAS_HEADER, t);
}

/* A legend line: glyph, a space, then the first text that fits; it starts under
 * the plot when there is room, else at the chart's left edge. */
static void legend(struct canvas *c, const struct geom *g, int x, int w, int y, uint32_t glyph,
		   enum canvas_role role, const char *long_text, const char *short_text)
{
	int room = g->cols - 2, at = g->plot_x;
	const char *text = long_text;

	if ((int)strlen(text) > room)
		text = short_text;
	if ((int)strlen(text) > room) {
		at = x;
		room = w - 2;
	}
	canvas_put(c, at, y, glyph, role);
	canvas_text_fit(c, at + 2, y, room, role, false, text);
}

/* Powers of two suit every swept value (warp multiples, register counts, bytes,
 * barriers): the smallest that leaves about TICK_SPACING columns per tick;
 * whole KiB for shared memory. */
static int64_t tick_step(const struct sweep *s, int cols)
{
	int64_t span = s->last_x - s->first_x;
	int64_t step = s->kind == SWEEP_SHARED_MEM ? 1024 : 1;
	int64_t max_ticks = cols / TICK_SPACING > 1 ? cols / TICK_SPACING : 1;

	while (span / step > max_ticks)
		step *= 2;
	return step;
}

/* A falling staircase's x axis names its cliffs, the last value before
 * each drop ("64": 64 registers keep 2 blocks, 65 do not), those nearest the
 * launch's own value first, each where its label leaves a blank either side
 * of the labels already placed (columns free_from..free_to). */
static void cliff_ticks(struct canvas *c, const struct geom *g, const struct sweep *s,
			int free_from, int free_to)
{
	int n = s->n_cliffs < SWEEP_MAX_CLIFFS ? s->n_cliffs : SWEEP_MAX_CLIFFS;
	int own = sweep_column_of(s, s->current_x, g->cols), axis_y = g->plot_y + g->rows;
	bool used[SWEEP_MAX_CLIFFS] = { false };
	char taken[512] = { 0 };   /* the label row's columns in use, a blank around each */
	char buf[32];

	if (g->cols > (int)sizeof(taken))
		return;
	for (int col = 0; col < g->cols; col++)
		taken[col] = col < free_from || col > free_to;
	for (int round = 0; round < n; round++) {
		int best = -1, best_d = 0;

		for (int i = 0; i < n; i++) {
			int d = abs(sweep_column_of(s, s->cliffs[i], g->cols) - own);

			if (!used[i] && (best < 0 || d < best_d)) {
				best = i;
				best_d = d;
			}
		}
		used[best] = true;
		{
			int col = sweep_column_of(s, s->cliffs[best], g->cols), len, at;
			bool fits = true;

			format_x(s, s->cliffs[best], buf, sizeof(buf));
			len = (int)strlen(buf);
			at = col - len / 2;
			if (at < 0 || at + len > g->cols)
				continue;
			for (int k = at - 1; k <= at + len && fits; k++)
				fits = k < 0 || k >= g->cols || !taken[k];
			if (!fits)
				continue;
			for (int k = at; k < at + len; k++)
				taken[k] = 1;
			canvas_put(c, g->plot_x + col, axis_y, canvas_glyph(c, CANVAS_G_TICK), CANVAS_AXIS);
			canvas_text(c, g->plot_x + at, axis_y + 1, len, CANVAS_AXIS, buf);
		}
	}
}

static void x_axis(struct canvas *c, const struct geom *g, const struct sweep *s)
{
	int64_t lo = s->first_x, hi = s->last_x, step = tick_step(s, g->cols);
	int axis_y = g->plot_y + g->rows, label_y = axis_y + 1;
	uint32_t tick = canvas_glyph(c, CANVAS_G_TICK);
	char buf[32];
	int len, free_from, free_to;

	canvas_put(c, g->plot_x - 1, axis_y, canvas_glyph(c, CANVAS_G_BOTTOM_LEFT), CANVAS_AXIS);
	for (int col = 0; col < g->cols; col++)
		canvas_put(c, g->plot_x + col, axis_y, canvas_glyph(c, CANVAS_G_HLINE), CANVAS_AXIS);

	/* The ends are always labelled; a tick between is drawn where its label
	 * leaves a blank either side, so no tick goes unlabelled. */
	format_x(s, lo, buf, sizeof(buf));
	len = canvas_text(c, g->plot_x, label_y, g->cols, CANVAS_AXIS, buf);
	canvas_put(c, g->plot_x, axis_y, tick, CANVAS_AXIS);
	free_from = len + 1;
	format_x(s, hi, buf, sizeof(buf));
	len = (int)strlen(buf);
	free_to = g->cols - len - 1;
	if (free_to >= free_from)
		canvas_text(c, g->plot_x + g->cols - len, label_y, len, CANVAS_AXIS, buf);
	canvas_put(c, g->plot_x + g->cols - 1, axis_y, tick, CANVAS_AXIS);

	if (s->n_cliffs > 0) {
		cliff_ticks(c, g, s, free_from, free_to);
		return;
	}
	for (int64_t v = (lo / step + 1) * step; v < hi; v += step) {
		int col = sweep_column_of(s, v, g->cols), at;
		format_x(s, v, buf, sizeof(buf));
		len = (int)strlen(buf);
		at = col - len / 2;
		if (at < free_from || at + len > free_to)
			continue;
		canvas_put(c, g->plot_x + col, axis_y, tick, CANVAS_AXIS);
		canvas_text(c, g->plot_x + at, label_y, len, CANVAS_AXIS, buf);
		free_from = at + len + 1;
	}
}

/* A row's own value: rows - 1 steps from zero to the maximum, row 0 at the
 * top (row_of puts a level on the nearest row). */
static double row_value(int row, int max_warps, int rows)
{
	return rows > 1 ? (double)max_warps * (rows - 1 - row) / (rows - 1) : max_warps;
}

/* The label of row: its own value, in warps or percent; false (no label)
 * where that value is not a whole number, so that every label is exact
 * and none names a level drawn on another row (a four-row plot's rows are
 * 64, 42.7, 21.3 and 0 warps: "32" beside the second row named a level
 * drawn a row lower; "~43" said so, but left the reader to guess). */
static bool row_label(const struct sweep *s, int row, int rows, bool pct, char *buf, size_t size)
{
	double v = row_value(row, s->max_warps, rows);
	char num[16];

	if (pct)
		v = s->max_warps ? 100.0 * v / s->max_warps : 0.0;
	if (fabs(v - floor(v + 0.5)) > 1e-9)
		return false;
	snprintf(num, sizeof(num), "%.0f%s", v, pct ? "%" : "");
	snprintf(buf, size, "%4s", num);
	return true;
}

/* Labels at zero, the maximum, and the rows where the half and (tall
 * enough) the quarters are drawn, each naming its row's own value where it
 * is exact (row_label); a label is left out where it would touch another.
 * A plot of SMALL_PLOT rows or fewer labels every row whose value is exact:
 * its resolution shows. */
static void y_axis(struct canvas *c, const struct geom *g, int x, const struct sweep *s, bool pct)
{
	int parts = label_parts(g->rows), last = -2;
	char buf[16];

	for (int r = 0; r < g->rows; r++)
		canvas_put(c, g->plot_x - 1, g->plot_y + r, canvas_glyph(c, CANVAS_G_VLINE), CANVAS_AXIS);
	if (g->rows <= SMALL_PLOT) {
		for (int r = 0; r < g->rows; r++)
			if (row_label(s, r, g->rows, pct, buf, sizeof(buf)))
				canvas_text(c, x, g->plot_y + r, LABEL_W, CANVAS_AXIS, buf);
		return;
	}
	for (int i = parts; i >= 0; i--) {
		int row = row_of(s->max_warps * i / parts, s->max_warps, g->rows);

		/* the ends always; between them a blank row either side */
		if (i != 0 && i != parts && (row <= last + 1 || row >= g->rows - 2))
			continue;
		if (row == last || !row_label(s, row, g->rows, pct, buf, sizeof(buf)))
			continue;
		canvas_text(c, x, g->plot_y + row, LABEL_W, CANVAS_AXIS, buf);
		last = row;
	}
}

/* The curve: a level per column, joined by rises where the curve is a falling
 * staircase (registers, shared memory, barriers: s->non_increasing); the
 * block-size curve zigzags with the warp rounding, and a zigzag joined that
 * way turns into a barcode, so there each column shows its level alone. Under the columns where another limit caps
 * the curve, a shade down to the axis. */
static void curve(struct canvas *c, const struct geom *g, const struct sweep *s)
{
	uint32_t level = canvas_glyph(c, CANVAS_G_HLINE), rise = canvas_glyph(c, CANVAS_G_VLINE);
	uint32_t shade = canvas_glyph(c, CANVAS_G_SHADE);
	bool join = s->non_increasing;
	int prev_row = -1;

	for (int col = 0; col < g->cols; col++) {
		const struct sweep_point *p = &s->points[sweep_point_index(s, col, g->cols)];
		int row = row_of(p->active_warps, s->max_warps, g->rows), low = row;
		if (join && prev_row >= 0 && prev_row != row) {
			int a = prev_row < row ? prev_row : row;
			low = prev_row < row ? row : prev_row;
			for (int r = a; r <= low; r++)
				canvas_put(c, g->plot_x + col, g->plot_y + r, rise, CANVAS_CURVE);
		} else {
			canvas_put(c, g->plot_x + col, g->plot_y + row, level, CANVAS_CURVE);
		}
		if (sweep_point_capped(s, p))
			for (int r = low + 1; r < g->rows; r++)
				canvas_put(c, g->plot_x + col, g->plot_y + r, shade, CANVAS_CAPPED);
		prev_row = row;
	}
}

/* "warps and registers": the factors set in bits, but for skip. */
static void factor_names(enum gpu_vendor v, unsigned bits, enum occ_factor skip, char *buf,
			 size_t size)
{
	int n = 0, total = 0;

	buf[0] = '\0';
	for (int f = 0; f < OCC_N_FACTORS; f++)
		if (f != (int)skip && ((bits >> f) & 1u))
			total++;
	for (int f = 0; f < OCC_N_FACTORS; f++) {
		size_t used = strlen(buf);
		if (f == (int)skip || !((bits >> f) & 1u))
			continue;
		n++;
		snprintf(buf + used, size - used, "%s%s", n == 1 ? "" : n == total ? " and " : ", ",
			 occ_factor_label_for(v, (enum occ_factor)f));
	}
}

static void legends(struct canvas *c, const struct geom *g, int x, int w, const struct sweep *s,
		    bool pct)
{
	enum occ_factor own = sweep_factor(s->kind);
	int ly = g->plot_y + g->rows + 2;
	char cur[32], lvl[32], names[96], lng[192], shrt[160];
	struct sweep_point here = { s->current_x, s->current_warps, 0, s->current_limiting };

	format_x(s, s->current_x, cur, sizeof(cur));
	snprintf(lng, sizeof(lng), "current: %s -> %d %s (%.1f%%)", cur, s->current_warps, sweep_y_unit(s),
		 s->max_warps ? 100.0 * s->current_warps / s->max_warps : 0.0);
	if (s->has_base) {
		char base[32];
		size_t len = strlen(lng);

		format_x(s, s->base_x, base, sizeof(base));
		snprintf(lng + len, sizeof(lng) - len, "; %s baseline: %s -> %d", c->ascii ? "o" : "\u25CB",
			 base, s->base_warps);
	}
	format_level(s, s->current_warps, pct, lvl, sizeof(lvl));
	snprintf(shrt, sizeof(shrt), "%s -> %s", cur, lvl);
	if (s->has_base) {
		char base[32];
		size_t len = strlen(shrt);

		format_x(s, s->base_x, base, sizeof(base));
		snprintf(shrt + len, sizeof(shrt) - len, " %s %s -> %d", c->ascii ? "o" : "\u25CB", base,
			 s->base_warps);
	}
	legend(c, g, x, w, ly, canvas_glyph(c, CANVAS_G_CURRENT), CANVAS_CURRENT, lng, shrt);
	if (g->legend_lines < 2)
		return;

	/* What caps the curve: at the launch's own point when it is capped there,
	 * else wherever the shade is. */
	if (sweep_point_capped(s, &here)) {
		factor_names(s->vendor, s->current_limiting, own, names, sizeof(names));
		snprintf(lng, sizeof(lng), "capped by another limit (here %s: %s)", names, lvl);
	} else {
		factor_names(s->vendor, s->capped_limiting, own, names, sizeof(names));
		snprintf(lng, sizeof(lng), "capped by another limit (%s)", names);
	}
	snprintf(shrt, sizeof(shrt), "capped by %s", names);
	legend(c, g, x, w, ly + 1, canvas_glyph(c, CANVAS_G_SHADE), CANVAS_CAPPED, lng, shrt);
}

/* ASCII has no triangle; '^' points up at the marked point just as well. */
static uint32_t marker_glyph(const struct canvas *c)
{
	return c->ascii ? '^' : 0x25B2;
}

/* The baseline's point: a ring beside the current point's disc. */
static uint32_t base_glyph(const struct canvas *c)
{
	return c->ascii ? 'o' : 0x25CB;
}

void chart_draw(struct canvas *c, int x, int y, int w, int h, const struct sweep *s, bool pct)
{
	chart_draw_titled(c, x, y, w, h, s, pct, 0);
}

void chart_draw_titled(struct canvas *c, int x, int y, int w, int h, const struct sweep *s,
		       bool pct, int title_level)
{
	struct geom g;

	if (w <= 0 || h <= 0)
		return;
	title(c, x, y, w, s, pct, title_level);
	if (!geometry(s, x, y, w, h, &g)) {
		if (h > 1)
			canvas_text(c, x, y + 1, w, CANVAS_DIM, "(too small to draw)");
		return;
	}
	y_axis(c, &g, x, s, pct);
	x_axis(c, &g, s);
	curve(c, &g, s);

	/* The baseline's point, under the current one where they share a cell:
	 * its own value, at its own level (off the curve where another
	 * parameter changed since). */
	if (s->has_base && s->base_x >= s->first_x && s->base_x <= s->last_x) {
		int col = sweep_column_of(s, s->base_x, g.cols);
		int row = row_of(s->base_warps, s->max_warps, g.rows);
		canvas_put(c, g.plot_x + col, g.plot_y + row, base_glyph(c), CANVAS_DIM);
	}
	/* The launch's own point on top of the curve, and a marker on the x axis
	 * under it that reads without colour. */
	{
		int col = sweep_column_of(s, s->current_x, g.cols);
		int row = row_of(s->current_warps, s->max_warps, g.rows);
		canvas_put(c, g.plot_x + col, g.plot_y + row, canvas_glyph(c, CANVAS_G_CURRENT),
			   CANVAS_CURRENT);
		canvas_put(c, g.plot_x + col, g.plot_y + g.rows, marker_glyph(c), CANVAS_CURRENT);
	}
	legends(c, &g, x, w, s, pct);
}

void chart_mark(struct canvas *c, int x, int y, int w, int h, const struct sweep *s,
		int64_t value, int level, uint32_t glyph, enum canvas_role role)
{
	struct geom g;
	int col, row, own_col, own_row;

	if (!geometry(s, x, y, w, h, &g) || value < s->first_x || value > s->last_x || level < 0 ||
	    level > s->max_warps)
		return;
	col = sweep_column_of(s, value, g.cols);
	row = row_of(level, s->max_warps, g.rows);
	own_col = sweep_column_of(s, s->current_x, g.cols);
	own_row = row_of(s->current_warps, s->max_warps, g.rows);
	if (col != own_col || row != own_row)
		canvas_put(c, g.plot_x + col, g.plot_y + row, glyph, role);
	if (col != own_col)
		canvas_put(c, g.plot_x + col, g.plot_y + g.rows, glyph, role);
}

bool chart_sweep_compute(const struct gpu_arch *arch, const struct occ_input *in,
			 enum sweep_kind kind, int w, struct sweep *out)
{
	/* Narrower charts draw no curve: any point does for them. */
	return sweep_compute_columns(arch, in, kind, plot_columns(w < MIN_W ? MIN_W : w), out);
}

bool chart_value_at(const struct sweep *s, int x, int y, int w, int h, int click_x, int click_y,
		    int64_t *value)
{
	struct geom g;

	if (!geometry(s, x, y, w, h, &g))
		return false;
	/* the blank rows above a plot kept short for exact labels count */
	if (click_x < g.plot_x || click_x >= g.plot_x + g.cols || click_y < y + 1 ||
	    click_y > g.plot_y + g.rows)
		return false;
	*value = s->points[sweep_point_index(s, click_x - g.plot_x, g.cols)].x;
	return true;
}
