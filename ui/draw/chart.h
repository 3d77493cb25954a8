/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* chart.h - an occupancy sweep drawn as a step chart into a canvas: labelled
 * axes with ticks, the curve, the region another limit caps, and the launch's
 * own point marked. */
#ifndef OCC_CHART_H
#define OCC_CHART_H

#include <stdbool.h>
#include <stdint.h>

#include "canvas.h"
#include "sweep.h"

/* Draws s into the w x h cells at (x, y), never outside them. pct: the y axis
 * in occupancy percent instead of warps. From 24 x 7 cells up it draws a chart;
 * smaller regions get the title and a note. Columns where the swept parameter
 * is not among the limiting factors are shaded (CANVAS_CAPPED) under the
 * curve; the current point is CANVAS_G_CURRENT with a marker on the x axis. */
void chart_draw(struct canvas *c, int x, int y, int w, int h, const struct sweep *s, bool pct);

/* The title level a chart w cells wide can show whole: 0 its long y and x
 * words ("Warps per SM vs registers per thread"), 1 the short y words, 2 the
 * short x words too, 3 the short x words alone. */
int chart_title_level(int w, const struct sweep *s, bool pct);

/* chart_draw with a title no longer than title_level allows (the longest of
 * the charts drawn side by side, so that they say it alike). */
void chart_draw_titled(struct canvas *c, int x, int y, int w, int h, const struct sweep *s,
		       bool pct, int title_level);

/* The plot rows of a chart h cells tall with both legend lines (its
 * fewest), cut so that its labelled levels fall on rows of their own; 0
 * where no chart is drawn. Every y label names its row's exact value. */
int chart_plot_rows(int h);

/* A second point on a chart drawn with the same x, y, w, h (a reference
 * launch): glyph at (value, level) in the plot, level in the chart's y unit
 * (warps; AMD: waves per SIMD), and glyph on the x axis under it, never over
 * the launch's own point or marker. Nothing where value lies beyond the
 * curve's ends, level above its ceiling, or no chart is drawn. */
void chart_mark(struct canvas *c, int x, int y, int w, int h, const struct sweep *s,
		int64_t value, int level, uint32_t glyph, enum canvas_role role);

/* The sweep chart_draw needs for a chart w cells wide: only the points its
 * plot's columns show (sweep_compute_columns), so that a chart costs what its
 * width does, not what the curve's values do (shared memory: about 1,800).
 * Drawn w cells wide, at any height and place, it gives exactly the cells
 * chart_draw gives, and chart_value_at exactly the values, with the whole
 * curve of sweep_compute. Returns false only when out of memory; free it with
 * sweep_done. */
bool chart_sweep_compute(const struct gpu_arch *arch, const struct occ_input *in,
			 enum sweep_kind kind, int w, struct sweep *out);

/* The swept value chart_draw shows in the column under (click_x, click_y), for
 * a chart drawn with the same x, y, w, h: true inside the plot (its rows and
 * the x axis under them), false elsewhere or when no chart is drawn. */
bool chart_value_at(const struct sweep *s, int x, int y, int w, int h, int click_x, int click_y,
		    int64_t *value);

#endif
