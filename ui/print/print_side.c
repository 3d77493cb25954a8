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

enum { LABEL_W = 18 };

/* The rows, in order; the limits are OCC_N_FACTORS rows from ROW_LIMIT. */
enum { ROW_OCC, ROW_BLOCKS, ROW_WARPS, ROW_LIMIT, ROW_LIMITER = ROW_LIMIT + OCC_N_FACTORS,
       ROW_WAVES, ROW_NEXT, ROW_NA, ROW_N };

/* A limit's label: each engine's own word among the GPUs, "/" between, in
 * the engines' order (NVIDIA's "registers/VGPRs"). */
static void row_label(int row, const struct analysis *const *a, size_t n, char *buf, size_t size)
{
	static const char *const fixed[ROW_N] = {
		[ROW_OCC] = "occupancy", [ROW_BLOCKS] = "blocks per SM/CU", [ROW_WARPS] = "warps per SM/CU",
		[ROW_LIMITER] = "limiter", [ROW_WAVES] = "waves per SM/CU", [ROW_NEXT] = "next step",
		[ROW_NA] = "not applicable",
	};
	enum occ_factor f = (enum occ_factor)(row - ROW_LIMIT);
	const char *seen[4];
	int n_seen = 0;
	size_t len = 0;

	if (row < ROW_LIMIT || row >= ROW_LIMITER) {
		snprintf(buf, size, "%s", fixed[row]);
		return;
	}
	buf[0] = '\0';
	for (int v = 0; v < 2; v++)
		for (size_t i = 0; i < n; i++) {
			const char *label = occ_factor_label_for((enum gpu_vendor)v, f);
			bool dup = false;

			if ((int)a[i]->gpu.arch.vendor != v)
				continue;
			for (int k = 0; k < n_seen; k++)
				dup = dup || strcmp(seen[k], label) == 0;
			if (dup || n_seen == 4)
				continue;
			seen[n_seen++] = label;
			len += (size_t)snprintf(buf + len, len < size ? size - len : 0, "%s%s",
						 len ? "/" : "", label);
		}
}

static void cell(const struct analysis *a, int row, char *buf, size_t size)
{
	const struct occ_result *r = &a->r;

	if (row == ROW_NA) {
		analysis_not_applicable(a, buf, size);
		return;
	}
	if (!a->ok) {
		snprintf(buf, size, row == ROW_OCC ? "not analysed (below)" : "-");
		return;
	}
	switch (row) {
	case ROW_OCC:
		snprintf(buf, size, "%.1f %%", r->theoretical_occupancy_pct);
		return;
	case ROW_BLOCKS:
		snprintf(buf, size, "%d", r->active_blocks_per_sm);
		return;
	case ROW_WARPS:
		snprintf(buf, size, "%d of %d", r->active_warps_per_sm, r->max_warps_per_sm);
		return;
	case ROW_LIMITER: {
		size_t len = 0;

		snprintf(buf, size, "-");
		for (int f = 0; f < OCC_N_FACTORS && len < size; f++)
			if (occ_is_limiting(r, (enum occ_factor)f))
				len += (size_t)snprintf(buf + len, size - len, "%s%s", len ? ", " : "",
							occ_label(r, (enum occ_factor)f));
		return;
	}
	case ROW_WAVES:
		snprintf(buf, size, "%.2f", a->w.waves_per_sm);
		return;
	case ROW_NEXT:
		analysis_next_step(a, buf, size);
		return;
	default: {
		int v = r->block_limit[row - ROW_LIMIT];

		if (v == OCC_UNLIMITED)
			snprintf(buf, size, "-");
		else
			snprintf(buf, size, "%d%s", v,
				 occ_is_limiting(r, (enum occ_factor)(row - ROW_LIMIT)) ? " *" : "");
		return;
	}
	}
}

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

/* The rows a row takes: its longest cell wrapped into its column, two at
 * most (a device's name, "registers, shared memory"). */
static int row_height(const struct analysis *const *a, size_t n, int row, int col)
{
	char text[160];
	int h = 1;

	for (size_t i = 0; i < n; i++) {
		if (row < 0)
			snprintf(text, sizeof(text), "%s", a[i]->gpu.name);
		else
			cell(a[i], row, text, sizeof(text));
		if (canvas_wrap(NULL, 0, 0, col - 1, 2, CANVAS_NORMAL, text) > h)
			h = 2;
	}
	return h;
}

bool print_side_by_side(struct printer *p, FILE *out, const struct analysis *const *a, size_t n,
			const struct report_record *rec)
{
	int w = print_width(p), rows = ROW_N - (any_not_applicable(a, n) ? 0 : 1);
	int col = n ? (w - 2 - LABEL_W) / (int)n : 0, h[ROW_N + 1], total = 0, y;
	struct canvas *c;
	char text[160];

	/* h[0]: the devices' names; h[1 + row]: each row */
	for (int row = -1; row < rows; row++)
		total += h[row + 1] = row_height(a, n, row, col);
	if (!(c = canvas_new(w, total + 3, print_ascii(p))))
		return false;
	canvas_frame(c, 0, 0, w, total + 3, "GPUs side by side", CANVAS_FRAME);
	for (size_t i = 0; i < n; i++)
		canvas_wrap(c, 1 + LABEL_W + (int)i * col, 1, col - 1, h[0], CANVAS_HEADER,
			    a[i]->gpu.name);
	y = 1 + h[0];
	for (int row = 0; row < rows; row++) {
		row_label(row, a, n, text, sizeof(text));
		canvas_text(c, 1, y, LABEL_W - 1, CANVAS_NORMAL, text);
		for (size_t i = 0; i < n; i++) {
			cell(a[i], row, text, sizeof(text));
			canvas_wrap(c, 1 + LABEL_W + (int)i * col, y, col - 1, h[row + 1],
				    row == ROW_LIMITER ? CANVAS_LIMITER : CANVAS_NORMAL, text);
		}
		y += h[row + 1];
	}
	canvas_text(c, 1, y, w - 2, CANVAS_DIM,
		    "* the limit that holds; each GPU's own panes follow");
	canvas_write(c, out);
	canvas_free(c);
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

enum { C_KERNEL, C_GPU, C_GRID, C_BLOCK, C_REGS, C_SMEM, C_OCC, C_BLOCKS, C_WARPS, C_LIMIT,
       C_LIMITER = C_LIMIT + OCC_N_FACTORS, C_WAVES, C_ACHIEVED, C_N };

static void compare_cell(const struct analysis *a, int row, char *buf, size_t size)
{
	const struct report_num *m = &a->report.achieved_occupancy_pct;

	switch (row) {
	case C_KERNEL:
		snprintf(buf, size, "%s", a->launch.kernel);
		return;
	case C_GPU:
		snprintf(buf, size, "%s", a->gpu.name[0] ? a->gpu.name : "-");
		return;
	case C_GRID:
		snprintf(buf, size, "%lld", (long long)launch_grid_size(&a->launch));
		return;
	case C_BLOCK:
		snprintf(buf, size, "%d", launch_threads_per_block(&a->launch));
		return;
	case C_REGS:
		snprintf(buf, size, "%d", a->launch.regs_per_thread);
		return;
	case C_SMEM:
		snprintf(buf, size, "%lld B", (long long)launch_smem_per_block_bytes(&a->launch));
		return;
	case C_OCC:
		cell(a, ROW_OCC, buf, size);
		return;
	case C_BLOCKS:
		cell(a, ROW_BLOCKS, buf, size);
		return;
	case C_WARPS:
		cell(a, ROW_WARPS, buf, size);
		return;
	case C_LIMITER:
		cell(a, ROW_LIMITER, buf, size);
		return;
	case C_WAVES:
		cell(a, ROW_WAVES, buf, size);
		return;
	case C_ACHIEVED:
		if (m->present)
			snprintf(buf, size, "%.2f %% (measured)", m->value);
		else
			snprintf(buf, size, "n/a");
		return;
	default:
		cell(a, ROW_LIMIT + row - C_LIMIT, buf, size);
		return;
	}
}

static void delta_cell(const struct compare_delta *d, int row, char *buf, size_t size)
{
	snprintf(buf, size, "%s", "");
	if (row == C_ACHIEVED) {
		if (d->achieved)
			snprintf(buf, size, "%+.2f", d->achieved_pct);
		return;
	}
	if (!d->ok)
		return;
	switch (row) {
	case C_OCC:
		snprintf(buf, size, "%+.1f", d->occupancy_pct);
		return;
	case C_BLOCKS:
		snprintf(buf, size, "%+d", d->active_blocks_per_sm);
		return;
	case C_WARPS:
		snprintf(buf, size, "%+d", d->active_warps_per_sm);
		return;
	case C_LIMITER:
		snprintf(buf, size, "%s", d->limiter_changed ? "changed" : "same");
		return;
	case C_WAVES:
		snprintf(buf, size, "%+.2f", d->waves_per_sm);
		return;
	default:
		if (row >= C_LIMIT && row < C_LIMITER && d->limit_known[row - C_LIMIT])
			snprintf(buf, size, "%+d", d->block_limit[row - C_LIMIT]);
		return;
	}
}

static void compare_label(int row, const struct analysis *const a[2], char *buf, size_t size)
{
	static const char *const fixed[C_N] = {
		[C_KERNEL] = "kernel", [C_GPU] = "GPU", [C_GRID] = "grid (blocks)",
		[C_BLOCK] = "block (threads)", [C_REGS] = "regs per thread", [C_SMEM] = "smem per block",
		[C_OCC] = "occupancy", [C_BLOCKS] = "blocks per SM/CU",
		[C_WARPS] = "warps per SM/CU", [C_LIMITER] = "limiter", [C_WAVES] = "waves per SM/CU",
		[C_ACHIEVED] = "achieved",
	};

	if (row >= C_LIMIT && row < C_LIMITER)
		row_label(ROW_LIMIT + row - C_LIMIT, a, 2, buf, size);
	else
		snprintf(buf, size, "%s", fixed[row]);
}

bool print_compare(struct printer *p, FILE *out, const int64_t ids[2],
		   const struct analysis *const a[2], const struct report_record *const rec[2],
		   const struct compare_delta *d)
{
	int w = print_width(p), delta_w = 10, col = (w - 2 - LABEL_W - delta_w) / 2, y = 2;
	int h[C_N], total = 0;
	struct canvas *c;
	char text[1200];

	for (int row = 0; row < C_N; row++) {
		h[row] = 1;
		for (int k = 0; k < 2; k++) {
			compare_cell(a[k], row, text, sizeof(text));
			if (canvas_wrap(NULL, 0, 0, col - 1, 3, CANVAS_NORMAL, text) > h[row])
				h[row] = canvas_wrap(NULL, 0, 0, col - 1, 3, CANVAS_NORMAL, text);
		}
		total += h[row];
	}
	if (!(c = canvas_new(w, total + 4, print_ascii(p))))
		return false;
	canvas_frame(c, 0, 0, w, total + 4, "Two records compared", CANVAS_FRAME);
	for (int k = 0; k < 2; k++)
		canvas_printf(c, 1 + LABEL_W + k * col, 1, col - 1, CANVAS_HEADER, "record %lld",
			      (long long)ids[k]);
	canvas_text(c, 1 + LABEL_W + 2 * col, 1, delta_w, CANVAS_HEADER, "change");
	for (int row = 0; row < C_N; row++) {
		compare_label(row, a, text, sizeof(text));
		canvas_text(c, 1, y, LABEL_W - 1, CANVAS_NORMAL, text);
		for (int k = 0; k < 2; k++) {
			compare_cell(a[k], row, text, sizeof(text));
			canvas_wrap(c, 1 + LABEL_W + k * col, y, col - 1, h[row], CANVAS_NORMAL, text);
		}
		delta_cell(d, row, text, sizeof(text));
		canvas_text(c, 1 + LABEL_W + 2 * col, y, delta_w, CANVAS_NORMAL, text);
		y += h[row];
	}
	canvas_text(c, 1, y, w - 2, CANVAS_DIM,
		    "change: the second minus the first; each record's panes follow");
	canvas_write(c, out);
	canvas_free(c);
	for (int k = 0; k < 2; k++) {
		fputc('\n', out);
		if (!print_analysis(p, out, a[k], rec[k]))
			return false;
	}
	return true;
}
