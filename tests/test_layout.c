/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_layout.c - the layout over every terminal size from 1x1 to 300x100:
 * nothing outside the screen, no overlap, the shown panes never empty, and the
 * shape switching where layout.h says. */
#include "config.h"

#include <check.h>
#include <stdlib.h>

#include "layout.h"
#include "testutil.h"
#include "expect.h"

static bool inside(struct rect r, int cols, int rows)
{
	return rect_empty(r) || (r.x >= 0 && r.y >= 0 && r.x + r.w <= cols && r.y + r.h <= rows);
}

static bool overlap(struct rect a, struct rect b)
{
	if (rect_empty(a) || rect_empty(b))
		return false;
	return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

START_TEST(test_every_size)
{
	for (int cols = 1; cols <= 300; cols++)
		for (int rows = 1; rows <= 100; rows++)
			for (int zoom = 0; zoom < 2; zoom++)
			for (int active = 0; active < PANE_N; active++) {
				struct layout l;
				struct rect all[PANE_N + 3];
				int n = 0, shown = 0;

				layout_compute(cols, rows, (enum pane_id)active, zoom, &l);
				EXPECT_TRUE(l.too_small == (cols < LAYOUT_MIN_COLS || rows < LAYOUT_MIN_ROWS));
				if (l.too_small) {
					for (int p = 0; p < PANE_N; p++)
						EXPECT_TRUE(rect_empty(l.pane[p]));
					continue;
				}
				all[n++] = l.params;
				all[n++] = l.tabs;
				all[n++] = l.status;
				for (int p = 0; p < PANE_N; p++) {
					all[n++] = l.pane[p];
					if (!rect_empty(l.pane[p])) {
						shown++;
						/* A frame and at least a few rows of content. */
						EXPECT_INT(l.pane[p].w, >=, 24);
						EXPECT_INT(l.pane[p].h, >=, 8);
					}
				}
				for (int i = 0; i < n; i++) {
					EXPECT(inside(all[i], cols, rows), "%dx%d rect %d outside", cols, rows, i);
					for (int j = i + 1; j < n; j++)
						EXPECT(!overlap(all[i], all[j]), "%dx%d rects %d and %d overlap",
							      cols, rows, i, j);
				}
				EXPECT_TRUE(!rect_empty(l.params) && !rect_empty(l.status));
				if (l.split) {
					/* The table beside the chosen pane (the charts for the table). */
					EXPECT_TRUE(l.tabbed && !zoom && active != PANE_KERNELS);
					EXPECT_INT(shown, ==, 2);
					EXPECT_TRUE(!rect_empty(l.pane[PANE_TABLE]));
					EXPECT_TRUE(!rect_empty(l.pane[active == PANE_TABLE ? PANE_CHARTS : active]));
					EXPECT_TRUE(!rect_empty(l.tabs));
				} else if (l.tabbed) {
					EXPECT_INT(shown, ==, 1);
					EXPECT_TRUE(!rect_empty(l.pane[active]));
					EXPECT_TRUE(!rect_empty(l.tabs));
					EXPECT_TRUE(l.zoomed == (bool)zoom);
				} else if (active == PANE_KERNELS) {
					EXPECT_INT(shown, ==, 1);
				} else {
					EXPECT_INT(shown, ==, PANE_N - 1);
				}
			}
}
END_TEST

START_TEST(test_shapes)
{
	struct layout l;

	layout_compute(80, 24, PANE_CHARTS, false, &l);
	EXPECT_TRUE(l.tabbed && !l.split);
	/* Tabbed at 80x24: the pane takes every row but params (3), tabs and status. */
	EXPECT_INT(l.pane[PANE_CHARTS].h, ==, 24 - 5);
	EXPECT_INT(l.pane[PANE_CHARTS].w, ==, 80);
	/* 100x30: the table and the charts side by side, 45 + 55 columns. */
	layout_compute(99, 30, PANE_TABLE, false, &l);
	EXPECT_TRUE(!l.split && rect_empty(l.pane[PANE_CHARTS]));
	layout_compute(100, 29, PANE_TABLE, false, &l);
	EXPECT_TRUE(!l.split);
	layout_compute(100, 30, PANE_TABLE, false, &l);
	EXPECT_TRUE(l.split);
	EXPECT_INT(l.pane[PANE_TABLE].w, ==, 56);
	EXPECT_INT(l.pane[PANE_CHARTS].x, ==, 56);
	EXPECT_INT(l.pane[PANE_CHARTS].w, ==, 44);
	EXPECT_INT(l.pane[PANE_CHARTS].h, ==, 30 - 5);
	/* 120x40 with the per-SM pane chosen: the table stays, the bars beside it. */
	layout_compute(120, 40, PANE_SMS, false, &l);
	EXPECT_TRUE(l.split && rect_empty(l.pane[PANE_CHARTS]));
	EXPECT_INT(l.pane[PANE_TABLE].w, ==, 56);
	EXPECT_INT(l.pane[PANE_SMS].w, ==, 64);
	/* The kernel browser wants the whole width. */
	layout_compute(120, 40, PANE_KERNELS, false, &l);
	EXPECT_TRUE(!l.split && rect_empty(l.pane[PANE_TABLE]));
	EXPECT_INT(l.pane[PANE_KERNELS].w, ==, 120);
	layout_compute(200, 60, PANE_CHARTS, false, &l);
	EXPECT_TRUE(!l.tabbed);
	EXPECT_INT(l.pane[PANE_TABLE].w, >=, 72);
	/* Zoomed at 200x60: the charts alone under the tab bar. */
	layout_compute(200, 60, PANE_CHARTS, true, &l);
	EXPECT_TRUE(l.tabbed && l.zoomed && rect_empty(l.pane[PANE_TABLE]));
	EXPECT_INT(l.pane[PANE_CHARTS].w, ==, 200);
	EXPECT_INT(l.pane[PANE_CHARTS].h, ==, 60 - 5);
	layout_compute(LAYOUT_MIN_COLS - 1, 40, PANE_TABLE, false, &l);
	EXPECT_TRUE(l.too_small);
	layout_compute(LAYOUT_MIN_COLS, LAYOUT_MIN_ROWS, PANE_TABLE, false, &l);
	EXPECT_TRUE(!l.too_small);
}
END_TEST

START_TEST(test_overlay)
{
	for (int cols = 1; cols <= 300; cols += 7)
		for (int rows = 1; rows <= 100; rows += 3) {
			struct rect r = layout_overlay(cols, rows, 70, 30);
			EXPECT_TRUE(inside(r, cols, rows));
			EXPECT_INT(r.w, <=, 70);
			EXPECT_INT(r.h, <=, 30);
		}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("layout");
	TCase *tc = tcase_create("layout");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_every_size);
	tcase_add_test(tc, test_shapes);
	tcase_add_test(tc, test_overlay);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
