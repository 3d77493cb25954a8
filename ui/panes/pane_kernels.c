/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* pane_kernels.c - the kernel browser: one line per record of the report (or
 * per group of identical launches), its columns from the compact rows of
 * browser.c, a selected line kept in view, the sort column marked in the
 * header and the filter line on top. The pane owns the browser and its
 * filter line, and takes its keys: Enter asks the explorer to load the
 * selected record. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <stdlib.h>

#include "browser.h"
#include "kernel_detail.h"
#include "pane.h"

#include "strutil.h"
#include "textinput.h"

/* Column widths without the name, narrow (80 columns) and wide; the name
 * takes what is left. */
static const int narrow_w[BROWSER_N_COLUMNS] = {
	[BROWSER_COL_ID] = 5, [BROWSER_COL_GRID] = 6, [BROWSER_COL_BLOCK] = 5,
	[BROWSER_COL_REGISTERS] = 4, [BROWSER_COL_SMEM] = 5, [BROWSER_COL_THEORETICAL] = 6,
	[BROWSER_COL_ACHIEVED] = 5, [BROWSER_COL_GAP] = 5, [BROWSER_COL_DURATION] = 7,
	[BROWSER_COL_LIMITER] = 5, [BROWSER_COL_BLOCKS_PER_SM] = 5, [BROWSER_COL_WAVES] = 5,
};
static const int wide_w[BROWSER_N_COLUMNS] = {
	[BROWSER_COL_ID] = 8, [BROWSER_COL_GRID] = 10, [BROWSER_COL_BLOCK] = 6,
	[BROWSER_COL_REGISTERS] = 5, [BROWSER_COL_SMEM] = 8, [BROWSER_COL_THEORETICAL] = 7,
	[BROWSER_COL_ACHIEVED] = 7, [BROWSER_COL_GAP] = 7, [BROWSER_COL_DURATION] = 10,
	[BROWSER_COL_LIMITER] = 6, [BROWSER_COL_BLOCKS_PER_SM] = 6, [BROWSER_COL_WAVES] = 7,
};
/* The columns left to right (the sort key cycles in this order); the
 * rightmost go first where the pane is narrow (at 80 columns the limiter,
 * blocks per SM and waves). */
static const enum browser_column shown[BROWSER_N_COLUMNS] = {
	BROWSER_COL_ID, BROWSER_COL_NAME, BROWSER_COL_GRID, BROWSER_COL_BLOCK,
	BROWSER_COL_REGISTERS, BROWSER_COL_SMEM, BROWSER_COL_THEORETICAL, BROWSER_COL_ACHIEVED,
	BROWSER_COL_GAP, BROWSER_COL_DURATION, BROWSER_COL_LIMITER, BROWSER_COL_BLOCKS_PER_SM,
	BROWSER_COL_WAVES,
};
/* From here on in shown[] a column is drawn only where the name keeps
 * NAME_KEEP_W cells (from about 100 columns). */
#define FIRST_EXTRA 10
#define NAME_KEEP_W 20
#define NAME_MIN_W 12
#define NAME_MAX_W 90
#define WIDE_FROM 120
/* From this pane width the selected record's detail stands beside the list. */
#define DETAIL_FROM 180
#define DETAIL_W 58

static const char *na = "n/a";

struct kernels_pane {
	struct pane base;
	struct browser *browser;   /* owned; NULL without a report */
	struct analysis *detail;   /* the detail's record analysed (owned; NULL: none yet) */
	size_t detail_record;      /* the record detail is of */
	const struct report_record *detail_of;  /* and the records (a reload reads them anew) */
	bool typing;               /* the filter line takes the keys */
	struct text_input filter;
};

/* Integers right-aligned in w cells; large ones with a suffix to fit. */
static void fmt_int(char *buf, size_t size, int64_t v, int w, bool bytes)
{
	if (v < 0) {
		snprintf(buf, size, "%s", na);
		return;
	}
	snprintf(buf, size, "%lld", (long long)v);
	if ((int)strlen(buf) <= w && !(bytes && v >= 100000))
		return;
	if (bytes)
		snprintf(buf, size, "%lldK", (long long)(v / 1024));
	else if (v < 10000000)
		snprintf(buf, size, "%lldk", (long long)(v / 1000));
	else
		snprintf(buf, size, "%lldM", (long long)(v / 1000000));
}

static void fmt_duration(char *buf, size_t size, double ns)
{
	if (isnan(ns))
		snprintf(buf, size, "%s", na);
	else if (ns < 1e3)
		snprintf(buf, size, "%.0fns", ns);
	else if (ns < 1e6)
		snprintf(buf, size, "%.1fus", ns / 1e3);
	else if (ns < 1e9)
		snprintf(buf, size, "%.2fms", ns / 1e6);
	else
		snprintf(buf, size, "%.2fs", ns / 1e9);
}

static void fmt_pct(char *buf, size_t size, double v, bool sign)
{
	if (isnan(v))
		snprintf(buf, size, "%s", na);
	else
		snprintf(buf, size, sign ? "%+.1f" : "%.1f", v);
}

/* cell between before and after. */
static void mark(char cell[32], const char *before, const char *after)
{
	char tmp[32];

	snprintf(tmp, sizeof(tmp), "%s%s%s", before, cell, after);
	memcpy(cell, tmp, sizeof(tmp));
}

/* The cells of one line, column by column. */
static void cells(const struct browser *b, const struct browser_line *l,
		  char out[BROWSER_N_COLUMNS][32], const int *w)
{
	if (b->grouped)
		snprintf(out[BROWSER_COL_ID], 32, "%ux", l->count);
	else
		fmt_int(out[BROWSER_COL_ID], 32, l->id, w[BROWSER_COL_ID], false);
	out[BROWSER_COL_NAME][0] = '\0';
	fmt_int(out[BROWSER_COL_GRID], 32, l->grid_blocks, w[BROWSER_COL_GRID], false);
	fmt_int(out[BROWSER_COL_BLOCK], 32, l->block_threads, w[BROWSER_COL_BLOCK], false);
	/* an inferred value leaves a cell for its mark */
	fmt_int(out[BROWSER_COL_REGISTERS], 32, l->registers,
		w[BROWSER_COL_REGISTERS] - (l->from & BROWSER_REGS_INFERRED ? 1 : 0), false);
	fmt_int(out[BROWSER_COL_SMEM], 32, l->smem_bytes,
		w[BROWSER_COL_SMEM] - (l->from & BROWSER_SMEM_INFERRED ? 1 : 0), true);
	fmt_pct(out[BROWSER_COL_THEORETICAL], 32, l->theoretical_pct, false);
	/* ~: inferred from the profiler's own limits; (x): the profiler's own
	 * figure, where occview cannot compute one (the first row says so). */
	if (l->from & BROWSER_REGS_INFERRED)
		mark(out[BROWSER_COL_REGISTERS], "~", "");
	if (l->from & BROWSER_SMEM_INFERRED)
		mark(out[BROWSER_COL_SMEM], "~", "");
	if (l->from & BROWSER_THEORY_REPORTED) {
		/* "(100)": six cells, as the narrow column has */
		snprintf(out[BROWSER_COL_THEORETICAL], 32, l->theoretical_pct >= 99.95 ? "%.0f" : "%.1f",
			 l->theoretical_pct);
		mark(out[BROWSER_COL_THEORETICAL], "(", ")");
	}
	fmt_pct(out[BROWSER_COL_ACHIEVED], 32, l->achieved_pct, false);
	fmt_pct(out[BROWSER_COL_GAP], 32, l->theoretical_pct - l->achieved_pct, true);
	fmt_duration(out[BROWSER_COL_DURATION], 32, l->duration_ns);
	snprintf(out[BROWSER_COL_LIMITER], 32, "%s", browser_limiter_label(l));
	fmt_int(out[BROWSER_COL_BLOCKS_PER_SM], 32, l->blocks_per_sm, w[BROWSER_COL_BLOCKS_PER_SM],
		false);
	if (isnan(l->waves))
		snprintf(out[BROWSER_COL_WAVES], 32, "%s", na);
	else
		snprintf(out[BROWSER_COL_WAVES], 32, l->waves > 0 && l->waves < 0.005 ? "<0.01" :
			 l->waves < 100 ? "%.2f" : "%.0f", l->waves);
}

/* The part of a short name that fits width: leading namespaces go first
 * ("at::native::<unnamed>::adaptive_average_pool" -> "adaptive_average_pool"),
 * since the kernel's own name tells rows apart; the selected record's whole
 * name is in the status line. */
static const char *fit_name(const char *name, int width)
{
	const char *p = name;

	while ((int)strlen(p) > width) {
		const char *q = strstr(p, "::");

		if (!q || q[2] == '\0')
			break;
		p = q + 2;
	}
	return p;
}

/* One row: a marker cell, the id, the name, then the numbers right-aligned,
 * within the pane: a column that does not fit whole is left out (a number
 * cut short would read as another number), a name that does not fit ends
 * in an ellipsis. */
static void put_row(struct canvas *c, struct rect r, int y, const int *w, int name_w, int n_cols,
		    char text[BROWSER_N_COLUMNS][32], const char *name, char marker,
		    enum canvas_role role, enum canvas_role name_role)
{
	int x = r.x, end = r.x + r.w;
	char cell[48], cut[256];

	canvas_fill(c, r.x, y, r.w, 1, ' ', role);
	canvas_printf(c, x, y, 1, role, "%c", marker);
	x += 1;
	if (x + w[BROWSER_COL_ID] > end)
		return;
	canvas_printf(c, x, y, w[BROWSER_COL_ID], role, "%*s", w[BROWSER_COL_ID],
		      text[BROWSER_COL_ID]);
	x += w[BROWSER_COL_ID] + 1;
	if (name_w > end - x)
		name_w = end - x;
	canvas_text(c, x, y, name_w, name_role,
		    str_ellipsize(fit_name(name, name_w), name_w, false, c->ascii ? "..." : "\u2026",
				  cut, sizeof(cut)));
	x += name_w + 1;
	for (int i = 2; i < n_cols && x + w[shown[i]] <= end; i++) {
		enum browser_column col = shown[i];

		snprintf(cell, sizeof(cell), "%*s", w[col], text[col]);
		canvas_text(c, x, y, w[col], role, cell);
		x += w[col] + 1;
	}
}

static void draw_empty(struct canvas *c, struct rect r)
{
	canvas_wrap(c, r.x, r.y, r.w, r.h, CANVAS_DIM,
		    "No profiler report is loaded. Open one (occview report.csv) to browse its "
		    "kernels here.");
}

static void draw_list(struct pane *p, struct canvas *c, struct rect r, const struct view *v)
{
	const struct kernels_pane *kp = (const struct kernels_pane *)p;
	const struct browser *b = kp->browser;
	const int *w = r.w >= WIDE_FROM ? wide_w : narrow_w;
	char text[BROWSER_N_COLUMNS][32], info[512], order[32];
	int name_w, n_cols = 2, rows, y;

	/* The name takes what the columns that fit leave. */
	name_w = r.w - 1 - (w[BROWSER_COL_ID] + 1) - 1;
	while (n_cols < BROWSER_N_COLUMNS &&
	       name_w - (w[shown[n_cols]] + 1) >= (n_cols < FIRST_EXTRA ? NAME_MIN_W : NAME_KEEP_W))
		name_w -= w[shown[n_cols++]] + 1;
	/* On wide screens the numbers stay near their names. */
	if (name_w > NAME_MAX_W)
		name_w = NAME_MAX_W;
	if (name_w < NAME_MIN_W)
		name_w = NAME_MIN_W;

	/* The first row: the filter line while typing, else what is shown. */
	snprintf(order, sizeof(order), "%s %s", browser_column_label_in(b, b->sort),
		 b->descending ? "desc" : "asc");
	if (kp->typing) {
		text_input_draw(c, r.x, r.y, r.w, CANVAS_FOCUS, "filter: ", &kp->filter);
	} else {
		char runs[32] = "";

		/* Runs appended to one file (nvprof >> in a loop): said, since
		 * the same kernels come again once per run. */
		if (b->report && b->report->runs > 1)
			snprintf(runs, sizeof(runs), " in %u runs", (unsigned)b->report->runs);
		snprintf(info, sizeof(info), "%zu of %zu %s%s%s%s%s  sorted by %s%s%s", b->n_order,
			 b->grouped ? b->n_groups : b->n_rows,
			 b->grouped ? "groups of identical launches" : "records", runs,
			 b->filter[0] ? " matching \"" : "", b->filter, b->filter[0] ? "\"" : "",
			 order, b->any_from & (BROWSER_REGS_INFERRED | BROWSER_SMEM_INFERRED)
			 ? "  ~ inferred" : "", b->any_from & BROWSER_THEORY_REPORTED
			 ? "  (x) the profiler's" : "");
		canvas_text(c, r.x, r.y, r.w, CANVAS_DIM, info);
	}

	/* The header, the sort column marked with ^ (ascending) or v. */
	for (int col = 0; col < BROWSER_N_COLUMNS; col++) {
		const char *label = browser_column_label_in(b, col);
		if (col == BROWSER_COL_ID && b->grouped)
			label = "count";
		snprintf(text[col], 32, "%s%s", label, col == (int)b->sort ?
			 (b->descending ? "v" : "^") : "");
	}
	put_row(c, r, r.y + 1, w, name_w, n_cols, text, text[BROWSER_COL_NAME], ' ', CANVAS_HEADER,
		CANVAS_HEADER);

	rows = r.h - 2;
	p->rows = rows > 0 ? rows : 0;
	if (rows <= 0)
		return;
	if (b->n_order == 0) {
		canvas_text(c, r.x + 1, r.y + 2, r.w - 1, CANVAS_DIM,
			    b->filter[0] ? "no kernel name matches the filter (Esc clears it)" :
			    "the report holds no kernel record");
		return;
	}
	/* Keep the selection in view. */
	if ((size_t)p->scroll > b->selected)
		p->scroll = (int)b->selected;
	if (b->selected >= (size_t)p->scroll + (size_t)rows)
		p->scroll = (int)(b->selected - (size_t)rows + 1);
	if (p->scroll < 0 || (size_t)p->scroll >= b->n_order)
		p->scroll = 0;
	y = r.y + 2;
	for (size_t i = (size_t)p->scroll; i < b->n_order && y < r.y + r.h; i++, y++) {
		const struct browser_line *l = browser_line_at(b, i);
		const struct report_record *rec = &b->report->records[l->record];
		bool sel = i == b->selected;
		bool shown = b->grouped ? b->rows[v->record < b->n_rows ? v->record : 0].group ==
			l->group : v->record == l->record;

		cells(b, l, text, w);
		/* '*' marks the record the other panes show */
		put_row(c, r, y, w, name_w, n_cols, text, rec->short_name, shown ? '*' : ' ',
			sel ? CANVAS_FOCUS : CANVAS_NORMAL, sel ? CANVAS_FOCUS : CANVAS_NORMAL);
	}
}

/* The selected record's detail, analysed once per selection. */
static void draw_detail(struct kernels_pane *kp, struct canvas *c, struct rect r)
{
	const struct browser *b = kp->browser;
	size_t rec = browser_selected_record(b);

	if (rec == SIZE_MAX) {
		canvas_text(c, r.x, r.y, r.w, CANVAS_DIM, "no record is selected");
		return;
	}
	if (!kp->detail)
		kp->detail = malloc(sizeof(*kp->detail));
	if (!kp->detail) {
		canvas_text(c, r.x, r.y, r.w, CANVAS_WARNING, "out of memory");
		return;
	}
	if (kp->detail_of != b->report->records || kp->detail_record != rec) {
		browser_analyse(b, rec, kp->detail);
		kp->detail_of = b->report->records;
		kp->detail_record = rec;
	}
	kernel_detail_draw(c, r, &b->report->records[rec], kp->detail);
}

/* The list, and from DETAIL_FROM columns the detail beside it after a rule. */
static void draw(struct pane *p, struct canvas *c, struct rect r, const struct view *v)
{
	struct kernels_pane *kp = (struct kernels_pane *)p;
	struct rect list = r, detail;

	if (rect_empty(r))
		return;
	if (!kp->browser) {
		draw_empty(c, r);
		return;
	}
	if (r.w < DETAIL_FROM) {
		draw_list(p, c, r, v);
		return;
	}
	list.w = r.w - DETAIL_W - 3;
	draw_list(p, c, list, v);
	canvas_fill(c, r.x + list.w + 1, r.y, 1, r.h, canvas_glyph(c, CANVAS_G_VLINE), CANVAS_FRAME);
	detail = (struct rect){ r.x + list.w + 3, r.y, DETAIL_W, r.h };
	draw_detail(kp, c, detail);
}

static enum reaction changed(bool ok, struct pane_request *req)
{
	if (!ok)
		pane_say(req, true, "out of memory: the kernel list is empty");
	return REACT_REDRAW;
}

/* The filter line: text as typed, each key refilters; Enter keeps the
 * filter, Esc clears it; the arrows still move the selection. */
static enum reaction filter_key(struct kernels_pane *kp, int key, struct pane_request *req)
{
	struct browser *b = kp->browser;

	switch (key) {
	case KEY_CODE_UP:
		browser_move(b, -1);
		return REACT_REDRAW;
	case KEY_CODE_DOWN:
		browser_move(b, 1);
		return REACT_REDRAW;
	default:
		break;
	}
	switch (text_input_key(&kp->filter, key)) {
	case TEXT_DONE:
		kp->typing = false;
		return REACT_REDRAW;
	case TEXT_CANCELLED:
		kp->typing = false;
		text_input_set(&kp->filter, "");
		return changed(browser_set_filter(b, ""), req);
	case TEXT_EDITED:
		return changed(browser_set_filter(b, kp->filter.text), req);
	case TEXT_IGNORED:
		break;
	}
	return REACT_NONE;
}

/* The sort key after col, left to right as shown. */
static enum browser_column next_column(enum browser_column col)
{
	for (int i = 0; i < BROWSER_N_COLUMNS; i++)
		if (shown[i] == col)
			return shown[(i + 1) % BROWSER_N_COLUMNS];
	return BROWSER_COL_ID;
}

static enum reaction key(struct pane *p, enum action a, int k, const struct view *v,
			 struct pane_request *req)
{
	struct kernels_pane *kp = (struct kernels_pane *)p;
	struct browser *b = kp->browser;
	long page = p->rows > 1 ? p->rows - 1 : 1;
	size_t rec;

	(void)v;
	if (!b)
		return REACT_NONE;
	if (kp->typing)
		return filter_key(kp, k, req);
	switch (a) {
	case ACT_KERNEL_UP: browser_move(b, -1); break;
	case ACT_KERNEL_DOWN: browser_move(b, 1); break;
	case ACT_KERNEL_PAGE_UP: browser_move(b, -page); break;
	case ACT_KERNEL_PAGE_DOWN: browser_move(b, page); break;
	case ACT_KERNEL_FIRST: browser_move(b, -(long)b->n_order); break;
	case ACT_KERNEL_LAST: browser_move(b, (long)b->n_order); break;
	case ACT_KERNEL_LOAD:
		rec = browser_selected_record(b);
		if (rec == SIZE_MAX) {
			pane_say(req, true, "no record is selected");
			return REACT_REDRAW;
		}
		req->ask = PANE_ASK_LOAD;
		req->record = rec;
		return REACT_REDRAW;
	case ACT_KERNEL_FILTER:
		kp->typing = true;
		text_input_set(&kp->filter, b->filter);
		break;
	case ACT_KERNEL_CLEAR:
		text_input_set(&kp->filter, "");
		return changed(browser_set_filter(b, ""), req);
	case ACT_KERNEL_SORT:
		return changed(browser_set_sort(b, next_column(b->sort), b->descending), req);
	case ACT_KERNEL_REVERSE:
		return changed(browser_set_sort(b, b->sort, !b->descending), req);
	case ACT_KERNEL_GROUP:
		return changed(browser_set_grouped(b, !b->grouped), req);
	default:
		return REACT_NONE;
	}
	return REACT_REDRAW;
}

static bool typing(const struct pane *p)
{
	return ((const struct kernels_pane *)p)->typing;
}

static void done(struct pane *p)
{
	struct kernels_pane *kp = (struct kernels_pane *)p;

	if (kp->browser) {
		browser_done(kp->browser);
		free(kp->browser);
	}
	free(kp->detail);
}

static const struct pane_class kernels_class = {
	.name = "kernels",
	.title = "Kernels",
	.draw = draw,
	.key = key,
	.typing = typing,
	.done = done,
};

struct pane *pane_kernels_new(struct browser *b)
{
	struct kernels_pane *p = calloc(1, sizeof(*p));

	if (!p)
		return NULL;
	p->base.cls = &kernels_class;
	p->browser = b;
	return &p->base;
}

struct browser *pane_kernels_browser(struct pane *p)
{
	return ((struct kernels_pane *)p)->browser;
}
