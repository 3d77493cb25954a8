/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* chart_layout.h - where the occupancy charts go in the charts pane: as many
 * as each get a plot tall and wide enough to read (CHART_GOOD_ROWS rows,
 * exact axis labels), side by side where the pane is wide, the focused one
 * among them where not all fit. A pure function of the pane's size. */
#ifndef OCC_CHART_LAYOUT_H
#define OCC_CHART_LAYOUT_H

#include <stdbool.h>

#include "rect.h"

/* A chart reads well from this wide, with a plot this many rows tall; from
 * CHART_ROOMY_W its titles and legends are whole too, so where every
 * arrangement is good the one with every chart that wide wins. */
enum { CHART_GOOD_W = 28, CHART_GOOD_ROWS = 8, CHART_ROOMY_W = 36 };
/* The most charts a pane has (view.h's VIEW_N_CHARTS). */
enum { CHART_LAYOUT_MAX = 8 };

/* The charts r shows of n (1..CHART_LAYOUT_MAX; focus the one the user is
 * on, 0..n-1): how many, k; which[0..k-1] their numbers, in their own
 * order, and at[0..k-1] their rectangles, inside r and apart. All n where
 * each gets a good chart (CHART_GOOD_W wide, CHART_GOOD_ROWS plot rows);
 * else the most that do, the focused one first, in r less its last row
 * (the note that says the rest are a key away); where not even one does,
 * the focused one alone, as big as it gets (all n, however small, where
 * n is 1). Returns 0 for n out of range. */
int chart_layout(struct rect r, int n, int focus, int which[], struct rect at[]);
/* Whether a chart of w x h cells is good (CHART_GOOD_W, CHART_GOOD_ROWS). */
bool chart_layout_good(int w, int h);

#endif
