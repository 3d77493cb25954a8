/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_chart_layout.c - the charts pane's arrangement (chart_layout) over
 * every pane size from 1x1 to 300x100 and 1 to 5 charts: inside the pane,
 * apart, the note's row kept free when charts are left out, the focused
 * chart always shown, and every chart shown a good one (a plot of at least
 * CHART_GOOD_ROWS rows) unless it is the only one; and at the explorer's
 * sizes, the plots the charts get. */
#include "config.h"

#include <check.h>
#include <stdio.h>

#include "chart.h"
#include "chart_layout.h"
#include "layout.h"
#include "testutil.h"

static bool overlap(struct rect a, struct rect b)
{
	return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

static bool inside(struct rect in, struct rect r)
{
	return r.x >= in.x && r.y >= in.y && r.x + r.w <= in.x + in.w && r.y + r.h <= in.y + in.h;
}

static void check_one(struct rect r, int n, int focus)
{
	int which[CHART_LAYOUT_MAX], k;
	struct rect at[CHART_LAYOUT_MAX], notes = { r.x, r.y + r.h - 1, r.w, 1 };
	bool has_focus = false;

	k = chart_layout(r, n, focus, which, at);
	ck_assert_msg(k >= 1 && k <= n, "%dx%d, %d charts: %d shown", r.w, r.h, n, k);
	for (int i = 0; i < k; i++) {
		ck_assert(which[i] >= 0 && which[i] < n && (i == 0 || which[i] > which[i - 1]));
		has_focus |= which[i] == focus;
		if (rect_empty(at[i]))
			continue;
		ck_assert_msg(inside(r, at[i]), "%dx%d, %d charts: chart %d outside", r.w, r.h, n, i);
		ck_assert_msg(k == n || !overlap(at[i], notes), "%dx%d: chart %d on the note's row",
			      r.w, r.h, i);
		for (int j = 0; j < i; j++)
			ck_assert_msg(rect_empty(at[j]) || !overlap(at[i], at[j]),
				      "%dx%d, %d charts: %d and %d overlap", r.w, r.h, n, i, j);
		/* a chart short of good only where it is alone */
		ck_assert_msg(k == 1 || chart_layout_good(at[i].w, at[i].h),
			      "%dx%d, %d charts of %d: %dx%d is not good", r.w, r.h, k, n, at[i].w,
			      at[i].h);
	}
	ck_assert_msg(k == n || has_focus, "%dx%d: the focused chart %d left out", r.w, r.h, focus);
}

START_TEST(every_size)
{
	int n = _i;

	for (int w = 1; w <= 300; w++)
		for (int h = 1; h <= 100; h++)
			for (int focus = 0; focus < n; focus++)
				check_one((struct rect){ 3, 2, w, h }, n, focus);
}
END_TEST

/* A pane with room for one good chart and no more shows it alone, and one
 * just big enough for all of them shows all. A good chart: CHART_GOOD_W
 * columns, and 14 rows: title, a 9-row plot (8 steps: the quarters of 64
 * warps exact), x axis, tick labels, two legend lines. */
START_TEST(good_sizes)
{
	int which[CHART_LAYOUT_MAX];
	struct rect at[CHART_LAYOUT_MAX];

	ck_assert_int_eq(chart_plot_rows(14), 9);
	ck_assert_int_eq(chart_plot_rows(13), 7);
	ck_assert(chart_layout_good(CHART_GOOD_W, 14) && !chart_layout_good(CHART_GOOD_W - 1, 14) &&
		  !chart_layout_good(CHART_GOOD_W, 13));
	/* 14 rows and a note: one; two side by side from two charts' width, the
	 * blank column between and one more (the halves of an odd width differ) */
	ck_assert_int_eq(chart_layout((struct rect){ 0, 0, 2 * CHART_GOOD_W + 1, 15 }, 4, 2, which,
				      at), 1);
	ck_assert_int_eq(which[0], 2);
	ck_assert_int_eq(chart_layout((struct rect){ 0, 0, 2 * CHART_GOOD_W + 2, 15 }, 4, 2, which,
				      at), 2);
	ck_assert(which[0] == 0 && which[1] == 2);
	/* four in two rows of two: 28 rows; one fewer and the note, two */
	ck_assert_int_eq(chart_layout((struct rect){ 0, 0, 2 * CHART_GOOD_W + 2, 28 }, 4, 0, which,
				      at), 4);
	ck_assert_int_eq(chart_layout((struct rect){ 0, 0, 2 * CHART_GOOD_W + 2, 27 }, 4, 0, which,
				      at), 2);
	/* three in 98x28 (--print --width 100 inside its frame, 14 rows a
	 * chart): three 32-column charts in a row are good, but two a row
	 * keep every chart CHART_ROOMY_W wide, legends whole */
	ck_assert_int_eq(chart_layout((struct rect){ 0, 0, 98, 28 }, 3, 0, which, at), 3);
	for (int i = 0; i < 3; i++)
		ck_assert_int_ge(at[i].w, CHART_ROOMY_W);
	/* one chart takes whatever it is given */
	ck_assert_int_eq(chart_layout((struct rect){ 0, 0, 10, 3 }, 1, 0, which, at), 1);
	ck_assert_int_eq(at[0].w, 10);
	ck_assert_int_eq(at[0].h, 3);
	ck_assert_int_eq(chart_layout((struct rect){ 0, 0, 10, 3 }, 0, 0, which, at), 0);
}
END_TEST

/* The charts pane inside its frame at the explorer's sizes (layout_compute,
 * the table chosen): how many of the H100's four charts it shows and the
 * plot rows of the smallest. At 160x45 they were all four, 4-row plots
 * labelled "~43" and "~21"; at 100x30 three stacked, 3 rows each. */
START_TEST(explorer_sizes)
{
	static const struct {
		int cols, rows, shown, min_rows;
	} want[] = {
		{ 100, 30, 1, 17 }, { 120, 40, 4, 9 }, { 160, 45, 2, 9 }, { 200, 60, 4, 21 },
	};

	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		struct layout l;
		struct rect r;
		int which[CHART_LAYOUT_MAX], k, fewest = 1000;
		struct rect at[CHART_LAYOUT_MAX];

		layout_compute(want[i].cols, want[i].rows, PANE_TABLE, false, &l);
		r = rect_inner(l.pane[PANE_CHARTS]);
		k = chart_layout(r, 4, 0, which, at);
		for (int j = 0; j < k; j++)
			fewest = chart_plot_rows(at[j].h) < fewest ? chart_plot_rows(at[j].h) : fewest;
		ck_assert_msg(k == want[i].shown && fewest == want[i].min_rows,
			      "%dx%d (pane %dx%d): %d charts, plots of %d rows or more", want[i].cols,
			      want[i].rows, r.w, r.h, k, fewest);
	}
}
END_TEST

static Suite *chart_layout_suite(void)
{
	Suite *s = suite_create("chart_layout");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, every_size, 1, 6);
	tcase_add_test(tc, good_sizes);
	tcase_add_test(tc, explorer_sizes);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(chart_layout_suite());
}
