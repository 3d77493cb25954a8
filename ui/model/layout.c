/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* layout.c - pane rectangles from the terminal size. Three shapes: below
 * LAYOUT_SPLIT_* one pane at a time under a tab bar; from there to
 * LAYOUT_WIDE_* the occupancy table on the left and the pane chosen in the
 * tab bar beside it (the charts while the table is chosen), so a what-if is
 * seen in the table and a picture at once; from there up, the table and
 * findings on the left, the charts and per-SM bars on the right. Zoomed, the
 * chosen pane takes the whole pane area at any size. The
 * kernel browser is a tab in both shapes: at wide sizes it takes the whole
 * pane area while chosen (5), because its ten columns and long kernel names
 * want the full width and the four analysis panes want their full height;
 * squeezing it under them would cut the table and the findings at 200x60. */
#include "config.h"

#include "layout.h"

#include <string.h>

static int clamp(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

void layout_compute(int cols, int rows, enum pane_id active, bool zoom, struct layout *l)
{
	int top, area_h;

	memset(l, 0, sizeof(*l));
	l->cols = cols;
	l->rows = rows;
	if (cols < LAYOUT_MIN_COLS || rows < LAYOUT_MIN_ROWS) {
		l->too_small = true;
		return;
	}
	/* Two rows of parameters and one of their baseline values. */
	l->params = (struct rect){ 0, 0, cols, 3 };
	l->status = (struct rect){ 0, rows - 1, cols, 1 };
	top = 3;
	if ((int)active < 0 || active >= PANE_N)
		active = PANE_TABLE;
	if (zoom || cols < LAYOUT_WIDE_COLS || rows < LAYOUT_WIDE_ROWS) {
		l->tabbed = true;
		l->tabs = (struct rect){ 0, top, cols, 1 };
		top++;
		area_h = rows - 1 - top;
		if (zoom || active == PANE_KERNELS || cols < LAYOUT_SPLIT_COLS ||
		    rows < LAYOUT_SPLIT_ROWS) {
			l->zoomed = zoom;
			l->pane[active] = (struct rect){ 0, top, cols, area_h };
			return;
		}
		/* The table reads well from 56 columns (its labels and a bar);
		 * the chosen pane gets the rest, 44 columns at 100. */
		int left_w = clamp(cols * 9 / 20, 56, 72);

		l->split = true;
		l->pane[PANE_TABLE] = (struct rect){ 0, top, left_w, area_h };
		l->pane[active == PANE_TABLE ? PANE_CHARTS : active] =
			(struct rect){ left_w, top, cols - left_w, area_h };
		return;
	}
	area_h = rows - 1 - top;
	if (active == PANE_KERNELS) {
		l->pane[PANE_KERNELS] = (struct rect){ 0, top, cols, area_h };
		return;
	}
	{
		/* The table needs about 72 columns and 32 rows; the charts get the rest
		 * of the width, and the per-SM bars the rows under them. */
		int left_w = clamp(cols * 2 / 5, 72, 84);
		int right_w = cols - left_w;
		int table_h = clamp(area_h * 3 / 5, 16, 34);
		int charts_h = clamp(area_h / 2, 14, 30);

		l->pane[PANE_TABLE] = (struct rect){ 0, top, left_w, table_h };
		l->pane[PANE_RULES] = (struct rect){ 0, top + table_h, left_w, area_h - table_h };
		l->pane[PANE_CHARTS] = (struct rect){ left_w, top, right_w, charts_h };
		int sms_h = (area_h - charts_h + 1) / 2;

		/* The per-SM bars and the timeline share what the charts leave:
		 * the same simulation, by SM and over time. */
		l->pane[PANE_SMS] = (struct rect){ left_w, top + charts_h, right_w, sms_h };
		l->pane[PANE_TIMELINE] = (struct rect){ left_w, top + charts_h + sms_h, right_w,
						       area_h - charts_h - sms_h };
	}
}

struct rect layout_overlay(int cols, int rows, int want_w, int want_h)
{
	struct rect r;

	r.w = clamp(want_w, 0, cols > 4 ? cols - 4 : cols);
	r.h = clamp(want_h, 0, rows > 2 ? rows - 2 : rows);
	r.x = (cols - r.w) / 2;
	r.y = (rows - r.h) / 2;
	if (r.x < 0)
		r.x = 0;
	if (r.y < 0)
		r.y = 0;
	return r;
}
