/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* compare_table.c - launches side by side: the cells, their labels in the
 * launches' own words, and the one table that draws them. */
#include "config.h"

#include "compare_table.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "strutil.h"
#include "table_out.h"

/* ---- cells ------------------------------------------------------------ */

static void limiter_text(const struct occ_result *r, char *buf, size_t size)
{
	size_t len = 0;

	snprintf(buf, size, "-");
	for (int f = 0; f < OCC_N_FACTORS && len < size; f++)
		if (occ_is_limiting(r, (enum occ_factor)f))
			len += (size_t)snprintf(buf + len, size - len, "%s%s", len ? ", " : "",
						occ_label(r, (enum occ_factor)f));
}

static void figures(const struct analysis *a, enum compare_row row, char *buf, size_t size)
{
	const struct occ_result *r = &a->r;

	switch (row) {
	case CMP_OCC:
		snprintf(buf, size, "%.1f%%", r->theoretical_occupancy_pct);
		return;
	case CMP_BLOCKS:
		snprintf(buf, size, "%d", r->active_blocks_per_sm);
		return;
	case CMP_WARPS:
		snprintf(buf, size, "%d of %d", r->active_warps_per_sm, r->max_warps_per_sm);
		return;
	case CMP_LIMITER:
		limiter_text(r, buf, size);
		return;
	case CMP_WAVES:
		snprintf(buf, size, "%.2f", a->w.waves_per_sm);
		return;
	case CMP_NEXT:
		analysis_next_step(a, buf, size);
		return;
	default: {
		int v = r->block_limit[row - CMP_LIMIT];

		if (v == OCC_UNLIMITED)
			snprintf(buf, size, "-");
		else
			snprintf(buf, size, "%d%s", v,
				 occ_is_limiting(r, (enum occ_factor)(row - CMP_LIMIT)) ? " *" : "");
		return;
	}
	}
}

void compare_cell(const struct analysis *a, enum compare_row row, char *buf, size_t size)
{
	const struct report_num *m = &a->report.achieved_occupancy_pct;

	switch (row) {
	case CMP_KERNEL:
		snprintf(buf, size, "%s", a->launch.kernel);
		return;
	case CMP_GPU:
		snprintf(buf, size, "%s", a->gpu.name[0] ? a->gpu.name : "-");
		return;
	case CMP_GRID:
		snprintf(buf, size, "%lld", (long long)launch_grid_size(&a->launch));
		return;
	case CMP_BLOCK:
		snprintf(buf, size, "%d", launch_threads_per_block(&a->launch));
		return;
	case CMP_REGS:
		snprintf(buf, size, "%d", a->launch.regs_per_thread);
		return;
	case CMP_SMEM:
		snprintf(buf, size, "%lld B", (long long)launch_smem_per_block_bytes(&a->launch));
		return;
	case CMP_ACHIEVED:
		if (m->present)
			snprintf(buf, size, "%.1f%% (measured)", m->value);
		else
			snprintf(buf, size, "n/a");
		return;
	case CMP_NA:
		analysis_not_applicable(a, buf, size);
		return;
	default:
		if (!a->ok)
			snprintf(buf, size, row == CMP_OCC ? "not analysed (below)" : "-");
		else
			figures(a, row, buf, size);
		return;
	}
}

/* The figure a cell shows, read back: the change is of what is shown. */
static double shown(const struct analysis *a, enum compare_row row)
{
	char text[64];

	compare_cell(a, row, text, sizeof(text));
	return strtod(text, NULL);
}

void compare_change_cell(const struct compare_table *t, enum compare_row row, char *buf,
			 size_t size)
{
	const struct compare_delta *d = t->change;
	const struct analysis *a = t->items[t->change_first_minus ? 1 : 0];
	const struct analysis *b = t->items[t->change_first_minus ? 0 : 1];
	const char *fmt = "%+.0f";

	buf[0] = '\0';
	if (!d || t->n != 2)
		return;
	switch (row) {
	case CMP_ACHIEVED:
		if (d->achieved)
			snprintf(buf, size, "%+.1f", shown(b, row) - shown(a, row));
		return;
	case CMP_LIMITER:
		if (d->ok)
			snprintf(buf, size, "%s", d->limiter_changed ? "changed" : "same");
		return;
	case CMP_OCC:
		fmt = "%+.1f";
		break;
	case CMP_WAVES:
		fmt = "%+.2f";
		break;
	case CMP_BLOCKS:
	case CMP_WARPS:
		break;
	default:
		if (row < CMP_LIMIT || row >= CMP_LIMITER || !d->limit_known[row - CMP_LIMIT])
			return;
		break;
	}
	if (d->ok)
		snprintf(buf, size, fmt, shown(b, row) - shown(a, row));
}

/* ---- labels ----------------------------------------------------------- */

/* words[0..n-1] once each, in order, "/" between: "blocks/workgroups". */
static void join_distinct(const char *const *words, size_t n, char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		bool dup = false;

		for (size_t k = 0; k < i; k++)
			dup = dup || strcmp(words[k], words[i]) == 0;
		if (!dup)
			len += (size_t)snprintf(buf + len, len < size ? size - len : 0, "%s%s",
						len ? "/" : "", words[i]);
	}
}

enum { MAX_ITEMS_JOINED = 16 };

/* The launches' words for one thing (a field of engine_words, at offset). */
static void joined(const struct compare_table *t, size_t offset, char *buf, size_t size)
{
	const char *w[MAX_ITEMS_JOINED];
	size_t n = t->n < MAX_ITEMS_JOINED ? t->n : MAX_ITEMS_JOINED;

	for (size_t i = 0; i < n; i++) {
		const struct engine_words *e = engine_words(&t->items[i]->gpu.arch);

		w[i] = *(const char *const *)((const char *)e + offset);
	}
	join_distinct(w, n, buf, size);
}

#define WORD(field) offsetof(struct engine_words, field)

static void limit_label(const struct compare_table *t, enum occ_factor f, char *buf, size_t size)
{
	const char *w[MAX_ITEMS_JOINED];
	size_t n = t->n < MAX_ITEMS_JOINED ? t->n : MAX_ITEMS_JOINED;

	for (size_t i = 0; i < n; i++)
		w[i] = occ_factor_label_for(t->items[i]->gpu.arch.vendor, f);
	join_distinct(w, n, buf, size);
}

static void row_label(const struct compare_table *t, enum compare_row row, char *buf, size_t size)
{
	char a[64], b[64];

	switch (row) {
	case CMP_KERNEL: snprintf(buf, size, "kernel"); return;
	case CMP_GPU: snprintf(buf, size, "GPU"); return;
	case CMP_OCC: snprintf(buf, size, "occupancy"); return;
	case CMP_LIMITER: snprintf(buf, size, "limiter"); return;
	case CMP_ACHIEVED: snprintf(buf, size, "achieved"); return;
	case CMP_NEXT: snprintf(buf, size, "next step"); return;
	case CMP_NA: snprintf(buf, size, "not applicable"); return;
	case CMP_GRID:
		joined(t, WORD(blocks), a, sizeof(a));
		snprintf(buf, size, "grid (%s)", a);
		return;
	case CMP_BLOCK:
		joined(t, WORD(block), a, sizeof(a));
		snprintf(buf, size, "%s size", a);
		return;
	case CMP_REGS:
		joined(t, WORD(regs), a, sizeof(a));
		joined(t, WORD(thread), b, sizeof(b));
		snprintf(buf, size, "%s/%s", a, b);
		return;
	case CMP_SMEM:
		joined(t, WORD(smem), a, sizeof(a));
		joined(t, WORD(block), b, sizeof(b));
		snprintf(buf, size, "%s/%s", a, b);
		return;
	case CMP_BLOCKS:
	case CMP_WARPS:
	case CMP_WAVES:
		joined(t, row == CMP_BLOCKS ? WORD(blocks) : WORD(warps), a, sizeof(a));
		joined(t, WORD(unit), b, sizeof(b));
		snprintf(buf, size, "%s per %s", row == CMP_WAVES ? "waves" : a, b);
		return;
	default:
		limit_label(t, (enum occ_factor)(row - CMP_LIMIT), buf, size);
		return;
	}
}

/* ---- the table -------------------------------------------------------- */

static bool shows(const struct compare_table *t, enum compare_row row)
{
	if (!(t->rows & CMP_BIT(row)))
		return false;
	/* a limit that moved, or that one launch has and the other not */
	if (row >= CMP_LIMIT && row < CMP_LIMITER && t->changed_limits_only && t->n == 2) {
		char a[32], b[32];

		compare_cell(t->items[0], row, a, sizeof(a));
		compare_cell(t->items[1], row, b, sizeof(b));
		return strtol(a, NULL, 10) != strtol(b, NULL, 10) || (a[0] == '-') != (b[0] == '-');
	}
	return true;
}

static enum canvas_role change_role(enum compare_row row, const char *text)
{
	if (row == CMP_LIMITER)
		return strcmp(text, "changed") == 0 ? CANVAS_WARNING : CANVAS_NORMAL;
	if (row == CMP_WAVES || !text[0])
		return CANVAS_NORMAL;
	return table_delta_role(strtod(text, NULL));
}

/* The label column: as wide as the longest label shown, at least
 * t->label_w, at most a quarter of w (longer labels wrap). */
static int label_width(const struct compare_table *t, int w)
{
	int lw = t->label_w;
	char label[160];

	for (int row = 0; row < CMP_N; row++) {
		int n;

		if (!shows(t, (enum compare_row)row))
			continue;
		row_label(t, (enum compare_row)row, label, sizeof(label));
		n = (int)str_display_width(label) + 1;
		if (n > lw && n <= w / 4)
			lw = n;
	}
	return lw;
}

int compare_table_draw(struct canvas *c, int x, int y, int w, const struct compare_table *t)
{
	int change_w = t->change ? 9 : 0, lw = label_width(t, w);
	int col = t->n ? (w - lw - change_w) / (int)t->n : 0, y0 = y, h;
	char text[1200], label[160];

	if (col < 2)
		return 0;
	h = 1;
	for (size_t i = 0; i < t->n; i++) {
		int r = canvas_wrap(NULL, 0, 0, col - 1, t->wrap, CANVAS_HEADER, t->heads[i]);

		h = r > h ? r : h;
	}
	for (size_t i = 0; c && i < t->n; i++)
		canvas_wrap(c, x + lw + (int)i * col, y, col - 1, h, CANVAS_HEADER, t->heads[i]);
	if (c && t->change)
		canvas_text(c, x + lw + (int)t->n * col, y, change_w, CANVAS_HEADER, "change");
	y += h;
	for (int row = 0; row < CMP_N; row++) {
		if (!shows(t, (enum compare_row)row))
			continue;
		row_label(t, (enum compare_row)row, label, sizeof(label));
		h = canvas_wrap(NULL, 0, 0, lw - 1, t->wrap, CANVAS_NORMAL, label);
		for (size_t i = 0; i < t->n; i++) {
			int r;

			compare_cell(t->items[i], (enum compare_row)row, text, sizeof(text));
			r = canvas_wrap(NULL, 0, 0, col - 1, t->wrap, CANVAS_NORMAL, text);
			h = r > h ? r : h;
		}
		if (c) {
			canvas_wrap(c, x, y, lw - 1, h, CANVAS_NORMAL, label);
			for (size_t i = 0; i < t->n; i++) {
				compare_cell(t->items[i], (enum compare_row)row, text, sizeof(text));
				canvas_wrap(c, x + lw + (int)i * col, y, col - 1, h,
					    row == CMP_LIMITER ? CANVAS_LIMITER : CANVAS_NORMAL, text);
			}
			compare_change_cell(t, (enum compare_row)row, text, sizeof(text));
			canvas_text(c, x + lw + (int)t->n * col, y, change_w,
				    change_role((enum compare_row)row, text), text);
		}
		y += h;
	}
	return y - y0;
}

enum { NAME_W = 24 };

int compare_table_rows(struct canvas *c, int x, int y, int w, const struct compare_table *t,
		       const bool *own)
{
	char name[GPU_NAME_MAX + 8], cut[GPU_NAME_MAX + 8], line[1024], occ[32], waves[32];
	char step[128], na[128];
	int y0 = y;

	if (c)
		canvas_printf(c, x + 2, y, w - 2, CANVAS_DIM, "%-*s %9s %-6s %6s  %s", NAME_W,
			      "GPU", "occupancy", "limit", "waves", "next step");
	y++;
	for (size_t i = 0; i < t->n; i++, y++) {
		const struct analysis *a = t->items[i];
		const char *limit = "none", *shown;

		if (!c)
			continue;
		str_sanitize(t->heads[i], name, sizeof(name));
		shown = str_ellipsize(name, NAME_W, false, c->ascii ? "..." : "\u2026", cut,
				      sizeof(cut));
		canvas_text(c, x, y, 1, CANVAS_NORMAL, own[i] ? "*" : " ");
		if (!a->ok) {
			snprintf(line, sizeof(line), "%-*s not analysed: %s", NAME_W, shown,
				 a->error.message);
			canvas_text_fit(c, x + 2, y, w - 2, CANVAS_DIM, false, line);
			continue;
		}
		for (int f = 0; f < OCC_N_FACTORS; f++)
			if (occ_is_limiting(&a->r, (enum occ_factor)f)) {
				limit = occ_factor_short_for(a->r.vendor, (enum occ_factor)f);
				break;
			}
		compare_cell(a, CMP_OCC, occ, sizeof(occ));
		compare_cell(a, CMP_WAVES, waves, sizeof(waves));
		compare_cell(a, CMP_NEXT, step, sizeof(step));
		compare_cell(a, CMP_NA, na, sizeof(na));
		snprintf(line, sizeof(line), "%-*s %9s %-6s %6s  %s%s%s%s", NAME_W, shown, occ, limit,
			 waves, step, a->not_applicable ? " (n/a: " : "",
			 a->not_applicable ? na : "", a->not_applicable ? ")" : "");
		canvas_text_fit(c, x + 2, y, w - 2, own[i] ? CANVAS_FOCUS : CANVAS_NORMAL, false,
				line);
	}
	return y - y0;
}
