/* print_side.c - --print with --gpu A,B,...: one launch on several GPUs as a
 * table with a column per GPU (occupancy, resident blocks and warps, every
 * limit, the limiter, waves and the next step), then each GPU's own panes. */
#include "config.h"

#include "print.h"

#include <stdio.h>
#include <string.h>

#include "canvas.h"
#include "params.h"
#include "tuning.h"

enum { LABEL_W = 18 };

/* The rows, in order; the limits are OCC_N_FACTORS rows from ROW_LIMIT. */
enum { ROW_OCC, ROW_BLOCKS, ROW_WARPS, ROW_LIMIT, ROW_LIMITER = ROW_LIMIT + OCC_N_FACTORS,
       ROW_WAVES, ROW_NEXT, ROW_NA, ROW_N };

static bool any_vendor(const struct analysis *const *a, size_t n, enum gpu_vendor v)
{
	for (size_t i = 0; i < n; i++)
		if (a[i]->gpu.arch.vendor == v)
			return true;
	return false;
}

static void row_label(int row, const struct analysis *const *a, size_t n, char *buf, size_t size)
{
	static const char *const fixed[ROW_N] = {
		[ROW_OCC] = "occupancy", [ROW_BLOCKS] = "blocks per SM/CU", [ROW_WARPS] = "warps per SM/CU",
		[ROW_LIMITER] = "limiter", [ROW_WAVES] = "waves per SM/CU", [ROW_NEXT] = "next step",
		[ROW_NA] = "not applicable",
	};
	bool nv = any_vendor(a, n, GPU_NVIDIA), amd = any_vendor(a, n, GPU_AMD);
	enum occ_factor f = (enum occ_factor)(row - ROW_LIMIT);

	if (row < ROW_LIMIT || row >= ROW_LIMITER) {
		snprintf(buf, size, "%s", fixed[row]);
	} else if (nv && amd) {
		snprintf(buf, size, "%s/%s", occ_factor_label_for(GPU_NVIDIA, f),
			 occ_factor_label_for(GPU_AMD, f));
	} else {
		snprintf(buf, size, "%s", occ_factor_label_for(amd ? GPU_AMD : GPU_NVIDIA, f));
	}
}

/* The nearest step that gains occupancy, as the table pane's tuning says it. */
static void next_step(const struct analysis *a, char *buf, size_t size)
{
	struct tuning_step st[OCC_N_FACTORS];
	int n = tuning_steps(&a->gpu.arch, &a->in, &a->r, st);

	snprintf(buf, size, "-");
	for (int i = 0; i < n; i++)
		if (st[i].has_gain) {
			snprintf(buf, size, "%s %lld->%lld", tuning_param_label(st[i].param),
				 (long long)st[i].from, (long long)st[i].to);
			return;
		}
}

static void not_applicable(const struct analysis *a, char *buf, size_t size)
{
	size_t len = 0;

	snprintf(buf, size, "-");
	for (int p = 0; p < PARAM_N && len < size; p++)
		if (a->not_applicable & PARAM_BIT(p))
			len += (size_t)snprintf(buf + len, size - len, "%s%s", len ? "," : "",
						param_info((enum launch_param)p)->flag + 2);
}

static void cell(const struct analysis *a, int row, char *buf, size_t size)
{
	const struct occ_result *r = &a->r;

	if (row == ROW_NA) {
		not_applicable(a, buf, size);
		return;
	}
	if (!a->ok) {
		snprintf(buf, size, row == ROW_OCC ? "does not fit" : "-");
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
		next_step(a, buf, size);
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
	for (size_t i = 0; i < n; i++) {
		fputc('\n', out);
		if (!print_analysis(p, out, a[i], rec))
			return false;
	}
	return true;
}
