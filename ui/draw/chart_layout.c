/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* chart_layout.c - the charts pane's arrangement: how many charts, in how
 * many columns, each in which cells. */
#include "config.h"

#include "chart_layout.h"

#include "chart.h"

bool chart_layout_good(int w, int h)
{
	return w >= CHART_GOOD_W && chart_plot_rows(h) >= CHART_GOOD_ROWS;
}

/* How roomy a chart of w x h cells is: its plot's width, or its height scaled
 * by three since a cell is about twice as tall as wide and a chart reads best
 * wider than tall; the smaller of the two. */
static int roominess(int w, int h)
{
	int across = w - 7, up = (h - 6) * 3;
	return across < up ? across : up;
}

/* How well the charts of an arrangement read: every one good, and wide
 * enough for its legends whole too (CHART_ROOMY_W) or not. */
enum rank { RANK_POOR, RANK_GOOD, RANK_ROOMY };

/* The n charts in `per_row` columns: rows share the height evenly, columns the
 * width with a blank column between; an odd last chart takes the whole width.
 * Returns the roominess of the smallest chart; *rank how well they all read. */
static int grid(struct rect r, int n, int per_row, struct rect *out, enum rank *rank)
{
	int rows = (n + per_row - 1) / per_row, worst = 0;

	*rank = RANK_ROOMY;
	for (int i = 0; i < n; i++) {
		int row = i / per_row, col = i % per_row;
		int in_row = row == rows - 1 ? n - row * per_row : per_row;
		int y0 = r.y + r.h * row / rows, y1 = r.y + r.h * (row + 1) / rows;
		int x0 = r.x + r.w * col / in_row, x1 = r.x + r.w * (col + 1) / in_row;
		int score;

		out[i] = (struct rect){ x0, y0, x1 - x0 - (col < in_row - 1), y1 - y0 };
		if (out[i].w < 0)
			out[i].w = 0;
		score = roominess(out[i].w, out[i].h);
		if (i == 0 || score < worst)
			worst = score;
		if (!chart_layout_good(out[i].w, out[i].h))
			*rank = RANK_POOR;
		else if (out[i].w < CHART_ROOMY_W && *rank == RANK_ROOMY)
			*rank = RANK_GOOD;
	}
	return worst;
}

/* Side by side, two columns (three for five charts and more), or stacked:
 * of the arrangements that read best (rank), the one whose smallest chart
 * is roomiest; on a tie the earlier in that order. Returns whether every
 * chart placed is good. */
static bool place(struct rect r, int n, struct rect *out)
{
	const int choices[] = { n, n > 4 ? 3 : 2, 2, 1 };
	struct rect tmp[CHART_LAYOUT_MAX];
	int best_score = 0, best = -1;
	enum rank best_rank = RANK_POOR;

	for (int i = 0; i < 4; i++) {
		enum rank rank;
		int per_row = choices[i], score;

		if (per_row > n || (i > 0 && per_row >= choices[i - 1]))
			continue;
		score = grid(r, n, per_row, tmp, &rank);
		if (best < 0 || rank > best_rank || (rank == best_rank && score > best_score)) {
			best = per_row;
			best_rank = rank;
			best_score = score;
		}
	}
	grid(r, n, best, out, &best_rank);
	return best_rank != RANK_POOR;
}

int chart_layout(struct rect r, int n, int focus, int which[], struct rect at[])
{
	struct rect shorter = { r.x, r.y, r.w, r.h > 0 ? r.h - 1 : 0 };
	int k;

	if (n < 1 || n > CHART_LAYOUT_MAX)
		return 0;
	for (int i = 0; i < n; i++)
		which[i] = i;
	if (place(r, n, at) || n == 1)
		return n;
	for (k = n - 1; k > 1 && !place(shorter, k, at); k--)
		;
	if (focus < 0 || focus >= n)
		focus = 0;
	/* the focused chart, then the others in their order */
	which[0] = focus;
	for (int i = 0, j = 1; i < n && j < k; i++)
		if (i != focus)
			which[j++] = i;
	/* their own order on screen */
	for (int i = 1; i < k; i++)
		for (int j = i; j > 0 && which[j - 1] > which[j]; j--) {
			int t = which[j];
			which[j] = which[j - 1];
			which[j - 1] = t;
		}
	place(shorter, k, at);
	return k;
}
