/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* print_side.c - --print with --gpu A,B,...: one launch on several GPUs as a
 * table with a column per GPU (occupancy, resident blocks and warps, every
 * limit, the limiter, waves and the next step), then each GPU's own panes. */
#include "config.h"

#include "print.h"

#include <stdio.h>
#include <string.h>

#include "canvas.h"
#include "compare_table.h"

enum { LABEL_W = 20 };

/* ---- the charts overlaid ---------------------------------------------- */

enum { CHART_ROWS = 11 };  /* 0 to 100 % in steps of 10 */

/* The most a swept parameter can be on any of the GPUs. */
static int64_t sweep_max(const struct analysis *const *a, size_t n, enum occ_param prm)
{
	int64_t most = 1;

	for (size_t i = 0; i < n; i++) {
		const struct gpu_arch *g = &a[i]->gpu.arch;
		int64_t m = prm == OCC_PARAM_THREADS ? g->max_threads_per_block :
			    gpu_max_registers(g);

		if (m > most)
			most = m;
	}
	return most;
}

/* One chart: theoretical occupancy against prm, each GPU's curve drawn with
 * its letter (a, b, ...; '*' where several meet) and its launch's own point
 * in capitals. Returns the rows used. */
static int overlay(struct canvas *c, int y, int w, const struct analysis *const *a, size_t n,
		   enum occ_param prm, const char *title)
{
	int x0 = 6, pw = w - x0 - 1;
	int64_t lo = prm == OCC_PARAM_THREADS ? 1 : 0, hi = sweep_max(a, n, prm);

	canvas_text(c, 1, y, w - 2, CANVAS_HEADER, title);
	for (int row = 0; row < CHART_ROWS; row++) {
		if (row % 5 == 0)
			canvas_printf(c, 1, y + 1 + row, 4, CANVAS_AXIS, "%3d%%", 100 - row * 10);
		canvas_put(c, x0, y + 1 + row, canvas_glyph(c, CANVAS_G_VLINE), CANVAS_AXIS);
	}
	for (int x = 0; x < pw; x++)
		canvas_put(c, x0 + 1 + x, y + 1 + CHART_ROWS, canvas_glyph(c, CANVAS_G_HLINE),
			   CANVAS_AXIS);
	canvas_printf(c, x0 + 1, y + 2 + CHART_ROWS, 12, CANVAS_AXIS, "%lld", (long long)lo);
	canvas_printf(c, w - 8, y + 2 + CHART_ROWS, 7, CANVAS_AXIS, "%7lld", (long long)hi);
	for (size_t i = 0; i < n; i++) {
		const struct analysis *g = a[i];
		int64_t own;
		int own_x;

		if (!g->ok)
			continue;
		own = occ_param_get(&g->in, prm);
		own_x = (int)((own - lo) * (pw - 1) / (hi > lo ? hi - lo : 1));
		for (int x = 0; x < pw; x++) {
			int64_t v = x == own_x ? own : lo + (hi - lo) * x / (pw > 1 ? pw - 1 : 1);
			struct occ_input in = g->in;
			struct occ_result r;
			const struct canvas_cell *at;
			uint32_t mark = (uint32_t)(x == own_x ? 'A' : 'a') + (uint32_t)i;
			int row;

			occ_param_set(&in, prm, v);
			occ_compute(&g->gpu.arch, &in, &r);
			if (r.active_blocks_per_sm == 0)
				continue;
			row = CHART_ROWS - 1 - (int)(r.theoretical_occupancy_pct / 10.0 + 0.5);
			at = canvas_at(c, x0 + 1 + x, y + 1 + row);
			/* another GPU's mark already there: they meet */
			if (at && at->glyph != ' ' && x != own_x && !(at->glyph >= 'A' && at->glyph <= 'Z'))
				mark = '*';
			else if (at && at->glyph >= 'A' && at->glyph <= 'Z' && x != own_x)
				continue;
			canvas_put(c, x0 + 1 + x, y + 1 + row, mark,
				   x == own_x ? CANVAS_CURRENT : CANVAS_CURVE);
		}
	}
	return CHART_ROWS + 3;
}

/* Both charts, then the legend. */
static bool overlay_charts(struct printer *p, FILE *out, const struct analysis *const *a, size_t n)
{
	int w = print_width(p), rows = 2 * (CHART_ROWS + 3) + (int)n + 1, y = 1;
	struct canvas *c = canvas_new(w, rows + 2, print_ascii(p));

	if (!c)
		return false;
	canvas_frame(c, 0, 0, w, rows + 2, "Occupancy charts overlaid", CANVAS_FRAME);
	y += overlay(c, y, w - 1, a, n, OCC_PARAM_THREADS,
		     "Theoretical occupancy vs threads per block (work-items per workgroup)");
	y += overlay(c, y, w - 1, a, n, OCC_PARAM_REGISTERS,
		     "Theoretical occupancy vs registers per thread (VGPRs per work-item)");
	for (size_t i = 0; i < n; i++)
		canvas_printf(c, 1, y++, w - 2, CANVAS_NORMAL, "%c %s (%c: its launch)",
			      'a' + (int)i, a[i]->gpu.name, 'A' + (int)i);
	canvas_text(c, 1, y, w - 2, CANVAS_DIM, "* curves that meet; no mark: no block fits");
	canvas_write(c, out);
	canvas_free(c);
	return true;
}

static bool any_not_applicable(const struct analysis *const *a, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (a[i]->not_applicable)
			return true;
	return false;
}

/* The table in a frame titled title, foot under it. */
static bool framed(struct printer *p, FILE *out, const char *title, const struct compare_table *t,
		   const char *foot)
{
	int w = print_width(p), rows = compare_table_draw(NULL, 1, 1, w - 2, t);
	struct canvas *c = canvas_new(w, rows + 3, print_ascii(p));

	if (!c)
		return false;
	canvas_frame(c, 0, 0, w, rows + 3, title, CANVAS_FRAME);
	compare_table_draw(c, 1, 1, w - 2, t);
	canvas_text(c, 1, rows + 1, w - 2, CANVAS_DIM, foot);
	canvas_write(c, out);
	canvas_free(c);
	return true;
}

bool print_side_by_side(struct printer *p, FILE *out, const struct analysis *const *a, size_t n,
			const struct report_record *rec)
{
	const char *heads[16];
	struct compare_table t = {
		.items = a, .n = n < 16 ? n : 16, .heads = heads, .label_w = LABEL_W, .wrap = 2,
		.rows = CMP_BIT(CMP_OCC) | CMP_BIT(CMP_BLOCKS) | CMP_BIT(CMP_WARPS) | CMP_LIMIT_BITS |
			CMP_BIT(CMP_LIMITER) | CMP_BIT(CMP_WAVES) | CMP_BIT(CMP_NEXT) |
			(any_not_applicable(a, n) ? CMP_BIT(CMP_NA) : 0),
	};
	for (size_t i = 0; i < t.n; i++)
		heads[i] = a[i]->gpu.name;
	if (!framed(p, out, "GPUs side by side", &t,
		    "* the limit that holds; each GPU's own panes follow"))
		return false;
	if (!overlay_charts(p, out, a, n))
		return false;
	for (size_t i = 0; i < n; i++) {
		fputc('\n', out);
		if (!print_analysis(p, out, a[i], rec))
			return false;
	}
	return true;
}

/* ---- --compare I,J ---------------------------------------------------- */

bool print_compare(struct printer *p, FILE *out, const int64_t ids[2],
		   const struct analysis *const a[2], const struct report_record *const rec[2],
		   const struct compare_delta *d)
{
	char heads[2][32];
	const char *hp[2] = { heads[0], heads[1] };
	struct compare_table t = {
		.items = a, .n = 2, .heads = hp, .change = d, .label_w = LABEL_W, .wrap = 3,
		.rows = CMP_BIT(CMP_KERNEL) | CMP_BIT(CMP_GPU) | CMP_BIT(CMP_GRID) |
			CMP_BIT(CMP_BLOCK) | CMP_BIT(CMP_REGS) | CMP_BIT(CMP_SMEM) | CMP_BIT(CMP_OCC) |
			CMP_BIT(CMP_BLOCKS) | CMP_BIT(CMP_WARPS) | CMP_LIMIT_BITS |
			CMP_BIT(CMP_LIMITER) | CMP_BIT(CMP_WAVES) | CMP_BIT(CMP_ACHIEVED),
	};
	for (int k = 0; k < 2; k++)
		snprintf(heads[k], sizeof(heads[k]), "record %lld", (long long)ids[k]);
	if (!framed(p, out, "Two records compared", &t,
		    "change: the second minus the first; each record's panes follow"))
		return false;
	for (int k = 0; k < 2; k++) {
		fputc('\n', out);
		if (!print_analysis(p, out, a[k], rec[k]))
			return false;
	}
	return true;
}
