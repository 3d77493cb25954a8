/* chart.c - an occupancy sweep drawn as a step chart into a canvas. */
#include "config.h"

#include "chart.h"

#include <stdio.h>
#include <string.h>

enum { LABEL_W = 5, MIN_W = 24, MIN_H = 7 };

struct glyphs {
	uint32_t level, rise, axis_v, axis_h, corner, tick, current;
};

static const struct glyphs ascii_glyphs = { '-', '|', '|', '-', '+', '+', 'O' };
static const struct glyphs utf8_glyphs = { 0x2500, 0x2502, 0x2502, 0x2500, 0x2514, 0x252C, 0x25CF };

/* The sweep's value at column col of a plot cols wide: the point nearest the
 * column's centre. */
static const struct sweep_point *point_at(const struct sweep *s, int col, int cols)
{
	int64_t lo = s->points[0].x, hi = s->points[s->n - 1].x;
	double x = lo + (hi - lo) * (col + 0.5) / cols;
	size_t best = 0;
	double best_d = -1;

	for (size_t i = 0; i < s->n; i++) {
		double d = s->points[i].x > x ? s->points[i].x - x : x - s->points[i].x;
		if (best_d < 0 || d < best_d) {
			best_d = d;
			best = i;
		}
	}
	return &s->points[best];
}

static int row_of(int warps, int max_warps, int rows)
{
	if (max_warps <= 0)
		return rows - 1;
	/* Row 0 is the top (max); rows - 1 is zero. */
	return rows - 1 - (int)((double)warps * (rows - 1) / max_warps + 0.5);
}

static int col_of(const struct sweep *s, int64_t x, int cols)
{
	int64_t lo = s->points[0].x, hi = s->points[s->n - 1].x;
	int col;

	if (hi <= lo)
		return 0;
	col = (int)((double)(x - lo) * cols / (double)(hi - lo + (hi - lo) / cols + 1));
	return col < 0 ? 0 : col >= cols ? cols - 1 : col;
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

static void format_y(const struct sweep *s, int warps, bool pct, char *buf, size_t size)
{
	if (pct)
		snprintf(buf, size, "%3.0f%%", s->max_warps ? 100.0 * warps / s->max_warps : 0.0);
	else
		snprintf(buf, size, "%4d", warps);
}

void chart_draw(struct canvas *c, int x, int y, int w, int h, const struct sweep *s, bool pct)
{
	const struct glyphs *g = c->ascii ? &ascii_glyphs : &utf8_glyphs;
	int plot_x = x + LABEL_W + 1, cols = w - LABEL_W - 1;
	int rows = h - 4; /* title, x axis, tick labels, legend */
	int plot_y = y + 1;
	char buf[128], cur[32], maxy[16];
	int prev_row = -1;

	snprintf(buf, sizeof(buf), "%s vs %s", pct ? "Occupancy" : "Active warps per SM",
		 sweep_axis_label(s->kind));
	canvas_text(c, x, y, w, CANVAS_HEADER, buf);
	if (w < MIN_W || h < MIN_H || s->n == 0) {
		if (h > 1)
			canvas_text(c, x, y + 1, w, CANVAS_DIM, "(too small to draw)");
		return;
	}

	/* Y axis: ticks at 0, half and max. */
	for (int r = 0; r < rows; r++)
		canvas_put(c, plot_x - 1, plot_y + r, g->axis_v, CANVAS_AXIS);
	format_y(s, s->max_warps, pct, maxy, sizeof(maxy));
	canvas_text(c, x, plot_y, LABEL_W, CANVAS_AXIS, maxy);
	format_y(s, s->max_warps / 2, pct, buf, sizeof(buf));
	canvas_text(c, x, plot_y + row_of(s->max_warps / 2, s->max_warps, rows), LABEL_W, CANVAS_AXIS, buf);
	format_y(s, 0, pct, buf, sizeof(buf));
	canvas_text(c, x, plot_y + rows - 1, LABEL_W, CANVAS_AXIS, buf);

	/* X axis with ticks at the ends and quarters. */
	canvas_put(c, plot_x - 1, plot_y + rows, g->corner, CANVAS_AXIS);
	for (int col = 0; col < cols; col++)
		canvas_put(c, plot_x + col, plot_y + rows, g->axis_h, CANVAS_AXIS);
	for (int q = 0; q <= 4; q++) {
		int col = q == 4 ? cols - 1 : cols * q / 4;
		const struct sweep_point *p = q == 4 ? &s->points[s->n - 1] : point_at(s, col, cols);
		int len, at;
		format_x(s, q == 0 ? s->points[0].x : p->x, buf, sizeof(buf));
		len = (int)strlen(buf);
		at = q == 0 ? 0 : q == 4 ? cols - len : col - len / 2;
		canvas_put(c, plot_x + col, plot_y + rows, g->tick, CANVAS_AXIS);
		canvas_text(c, plot_x + at, plot_y + rows + 1, len, CANVAS_AXIS, buf);
	}

	/* The curve: a level per column, joined by rises. */
	for (int col = 0; col < cols; col++) {
		const struct sweep_point *p = point_at(s, col, cols);
		int row = row_of(p->active_warps, s->max_warps, rows);
		if (prev_row >= 0 && prev_row != row) {
			int a = prev_row < row ? prev_row : row, b = prev_row < row ? row : prev_row;
			for (int r = a; r <= b; r++)
				canvas_put(c, plot_x + col, plot_y + r, g->rise, CANVAS_CURVE);
		} else {
			canvas_put(c, plot_x + col, plot_y + row, g->level, CANVAS_CURVE);
		}
		prev_row = row;
	}

	/* The launch's own point, on top of the curve. */
	{
		int col = col_of(s, s->current_x, cols);
		int row = row_of(s->current_warps, s->max_warps, rows);
		canvas_put(c, plot_x + col, plot_y + row, g->current, CANVAS_CURRENT);
		format_x(s, s->current_x, cur, sizeof(cur));
		snprintf(buf, sizeof(buf), "%s current: %s -> %d warps (%.1f%%)",
			 c->ascii ? "O" : "\xE2\x97\x8F", cur, s->current_warps,
			 s->max_warps ? 100.0 * s->current_warps / s->max_warps : 0.0);
		canvas_text(c, plot_x, plot_y + rows + 2, cols, CANVAS_CURRENT, buf);
	}
}
