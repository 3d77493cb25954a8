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
	[BROWSER_COL_PREDICTED] = 5, [BROWSER_COL_CHECK] = 5,
};
static const int wide_w[BROWSER_N_COLUMNS] = {
	[BROWSER_COL_ID] = 8, [BROWSER_COL_GRID] = 10, [BROWSER_COL_BLOCK] = 6,
	[BROWSER_COL_REGISTERS] = 5, [BROWSER_COL_SMEM] = 8, [BROWSER_COL_THEORETICAL] = 7,
	[BROWSER_COL_ACHIEVED] = 7, [BROWSER_COL_GAP] = 7, [BROWSER_COL_DURATION] = 10,
	[BROWSER_COL_LIMITER] = 6, [BROWSER_COL_BLOCKS_PER_SM] = 6, [BROWSER_COL_WAVES] = 7,
	[BROWSER_COL_PREDICTED] = 6, [BROWSER_COL_CHECK] = 6,
};
/* The columns left to right (the sort key cycles in this order); the
 * rightmost go first where the pane is narrow (at 80 columns the limiter,
 * blocks per SM, waves, the predicted achieved occupancy and the
 * cross-check). */
static const enum browser_column shown[BROWSER_N_COLUMNS] = {
	BROWSER_COL_ID, BROWSER_COL_NAME, BROWSER_COL_GRID, BROWSER_COL_BLOCK,
	BROWSER_COL_REGISTERS, BROWSER_COL_SMEM, BROWSER_COL_THEORETICAL, BROWSER_COL_ACHIEVED,
	BROWSER_COL_GAP, BROWSER_COL_DURATION, BROWSER_COL_LIMITER, BROWSER_COL_BLOCKS_PER_SM,
	BROWSER_COL_WAVES, BROWSER_COL_PREDICTED, BROWSER_COL_CHECK,
};
/* From here on in shown[] a column is drawn only where the name keeps
 * NAME_KEEP_W cells (from about 100 columns). */
#define FIRST_EXTRA 10
#define NAME_KEEP_W 20
#define NAME_MIN_W 12
/* The wide columns only where the name keeps this much beside all of them. */
#define WIDE_NAME_W 60
/* From this pane width the selected record's detail stands beside the list. */
#define DETAIL_FROM 180
#define DETAIL_W 58

static const char *na = "n/a";

struct kernels_pane {
	struct pane base;
	struct browser *browser;   /* owned; NULL without a report */
	struct analysis *detail;   /* the detail's record analysed (owned; NULL: none yet) */
	size_t detail_record;      /* the record detail is of */
	const void *detail_of;     /* and the records (a reload reads them anew) */
	/* That record, unpacked for as long as it is the detail's (its
	 * analysis points at it); report_peek's. */
	const struct report_record *detail_rec;
	struct report_record detail_tmp;
	bool typing;               /* the filter line takes the keys */
	struct text_input filter;
	bool searching;            /* the search line takes the keys */
	struct text_input search;
	size_t search_from;        /* the selection when the search began (Esc goes back) */
	/* where the last draw put the header's columns, and the first line */
	struct rect header[BROWSER_N_COLUMNS];
	int first_y, n_lines;
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

/* Within the column's seven cells: four figures where they fit ("379.5us",
 * "5.40ms"), one decimal fewer from 100 ms ("856.6ms", not "856.56ms",
 * cut to "856.56m"), and the next unit where rounding would reach 1000
 * ("1.00ms", not "1000.0us"). */
static void fmt_duration(char *buf, size_t size, double ns)
{
	if (isnan(ns))
		snprintf(buf, size, "%s", na);
	else if (ns < 999.5)
		snprintf(buf, size, "%.0fns", ns);
	else if (ns < 999.95e3)
		snprintf(buf, size, "%.1fus", ns / 1e3);
	else if (ns < 99.995e6)
		snprintf(buf, size, "%.2fms", ns / 1e6);
	else if (ns < 999.95e6)
		snprintf(buf, size, "%.1fms", ns / 1e6);
	else if (ns < 99.995e9)
		snprintf(buf, size, "%.2fs", ns / 1e9);
	else if (ns < 9999.5e9)
		snprintf(buf, size, "%.1fs", ns / 1e9);
	else
		snprintf(buf, size, "%.0fs", ns / 1e9);
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
	fmt_pct(out[BROWSER_COL_PREDICTED], 32, l->predicted_pct, false);
	/* =: the profiler's figures agree with occview's; !N: N differ */
	if (l->checked < 0)
		snprintf(out[BROWSER_COL_CHECK], 32, "%s", "-");
	else if (l->checked == 0)
		snprintf(out[BROWSER_COL_CHECK], 32, "%s", "=");
	else
		snprintf(out[BROWSER_COL_CHECK], 32, "!%d", l->checked);
	if (isnan(l->waves))
		snprintf(out[BROWSER_COL_WAVES], 32, "%s", na);
	else
		snprintf(out[BROWSER_COL_WAVES], 32, l->waves > 0 && l->waves < 0.005 ? "<0.01" :
			 l->waves < 100 ? "%.2f" : "%.0f", l->waves);
}

/* One row: a marker cell, the id, the name, then the numbers right-aligned,
 * within the pane: a column that does not fit whole is left out (a number
 * cut short would read as another number), a name that does not fit ends
 * in an ellipsis. */
static void put_row(struct canvas *c, struct rect r, int y, const int *w, int name_w, int n_cols,
		    char text[BROWSER_N_COLUMNS][32], const char *name, char marker,
		    const enum canvas_role role[BROWSER_N_COLUMNS], enum canvas_role row_role,
		    struct rect *at)
{
	int x = r.x, end = r.x + r.w;
	char cell[48], cut[512];

	canvas_fill(c, r.x, y, r.w, 1, ' ', row_role);
	canvas_printf(c, x, y, 1, row_role, "%c", marker);
	x += 1;
	if (x + w[BROWSER_COL_ID] > end)
		return;
	canvas_printf(c, x, y, w[BROWSER_COL_ID], role[BROWSER_COL_ID], "%*s", w[BROWSER_COL_ID],
		      text[BROWSER_COL_ID]);
	if (at)
		at[BROWSER_COL_ID] = (struct rect){ x, y, w[BROWSER_COL_ID], 1 };
	x += w[BROWSER_COL_ID] + 1;
	if (name_w > end - x)
		name_w = end - x;
	canvas_text(c, x, y, name_w, role[BROWSER_COL_NAME],
		    browser_fit_name(name, name_w, c->ascii ? "..." : "\u2026", cut, sizeof(cut)));
	if (at)
		at[BROWSER_COL_NAME] = (struct rect){ x, y, name_w, 1 };
	x += name_w + 1;
	for (int i = 2; i < n_cols && x + w[shown[i]] <= end; i++) {
		enum browser_column col = shown[i];

		snprintf(cell, sizeof(cell), "%*s", w[col], text[col]);
		canvas_text(c, x, y, w[col], role[col], cell);
		if (at)
			at[col] = (struct rect){ x, y, w[col], 1 };
		x += w[col] + 1;
	}
}

/* The roles of a line's cells: the limiter in the limiter's colour, a gap
 * of 20 points or more and a disagreement with the profiler as warnings, a
 * small gap and an agreement as good; the selected line all in focus. The
 * text says the same without colour. */
static void roles(const struct browser_line *l, bool selected, enum canvas_role out[BROWSER_N_COLUMNS])
{
	double gap = l->theoretical_pct - l->achieved_pct;

	for (int i = 0; i < BROWSER_N_COLUMNS; i++)
		out[i] = selected ? CANVAS_FOCUS : CANVAS_NORMAL;
	if (selected)
		return;
	if (l->limiter >= 0)
		out[BROWSER_COL_LIMITER] = CANVAS_LIMITER;
	if (!isnan(gap))
		out[BROWSER_COL_GAP] = gap >= 20.0 ? CANVAS_WARNING : gap < 5.0 ? CANVAS_GOOD :
			CANVAS_NORMAL;
	if (l->checked > 0)
		out[BROWSER_COL_CHECK] = CANVAS_WARNING;
	else if (l->checked == 0)
		out[BROWSER_COL_CHECK] = CANVAS_GOOD;
	if (l->from & BROWSER_GPU_NONE)
		out[BROWSER_COL_THEORETICAL] = CANVAS_DIM;
}

static void draw_empty(struct canvas *c, struct rect r)
{
	canvas_wrap(c, r.x, r.y, r.w, r.h, CANVAS_DIM,
		    "No profiler report is loaded. Open one (occview report.csv) to browse its "
		    "kernels here.");
}

/* The first row: what the list shows, counted in what it counts. */
static void info_line(const struct kernels_pane *kp, char *info, size_t size)
{
	const struct browser *b = kp->browser;
	size_t all = b->grouped ? b->n_groups : b->n_rows;
	char runs[32] = "", what[512], match[300] = "", no_gpu[64] = "", search[300] = "";

	/* Runs appended to one file (nvprof >> in a loop): said, since the
	 * same kernels come again once per run. */
	if (b->report && b->report->runs > 1)
		snprintf(runs, sizeof(runs), " in %u runs", (unsigned)b->report->runs);
	if (b->filter[0])
		snprintf(match, sizeof(match), " matching \"%s\"", b->filter);
	/* "5052 groups of 50000 records": a group's count is of records */
	if (b->grouped && b->filter[0])
		snprintf(what, sizeof(what), "%zu group%s of %zu records%s%s (of %zu groups)", b->n_order,
			 b->n_order == 1 ? "" : "s", b->n_order_records, runs, match, all);
	else if (b->grouped)
		snprintf(what, sizeof(what), "%zu group%s of %zu records%s", b->n_order,
			 b->n_order == 1 ? "" : "s", b->n_order_records, runs);
	else
		snprintf(what, sizeof(what), "%zu of %zu records%s%s", b->n_order, all, runs, match);
	if (b->n_gpu_none)
		snprintf(no_gpu, sizeof(no_gpu), "  %zu name no GPU (g)", b->n_gpu_none);
	if (kp->search.text[0])
		snprintf(search, sizeof(search), "  search \"%s\" (n N)", kp->search.text);
	snprintf(info, size, "%s  sorted by %s %s%s%s%s%s", what, browser_column_label_in(b, b->sort),
		 b->descending ? "desc" : "asc", no_gpu, search,
		 b->any_from & (BROWSER_REGS_INFERRED | BROWSER_SMEM_INFERRED) ? "  ~ inferred" : "",
		 b->any_from & BROWSER_THEORY_REPORTED ? "  (x) the profiler's" : "");
}

/* Scrolls so that the selection is in view among rows lines. */
static void keep_in_view(struct pane *p, const struct browser *b, int rows)
{
	if ((size_t)p->scroll > b->selected)
		p->scroll = (int)b->selected;
	if (b->selected >= (size_t)p->scroll + (size_t)rows)
		p->scroll = (int)(b->selected - (size_t)rows + 1);
	if (p->scroll < 0 || (size_t)p->scroll >= b->n_order)
		p->scroll = 0;
}

static void draw_list(struct pane *p, struct canvas *c, struct rect r, const struct view *v)
{
	struct kernels_pane *kp = (struct kernels_pane *)p;
	const struct browser *b = kp->browser;
	const int *w = narrow_w;
	char text[BROWSER_N_COLUMNS][32], info[1024], name[8192];
	enum canvas_role role[BROWSER_N_COLUMNS];
	int name_w, n_cols = 2, rows, y;

	/* The wide columns where every column and a long name still fit. */
	{
		int all = 1 + (wide_w[BROWSER_COL_ID] + 1) + 1 + WIDE_NAME_W;

		for (int i = 2; i < BROWSER_N_COLUMNS; i++)
			all += wide_w[shown[i]] + 1;
		if (r.w >= all)
			w = wide_w;
	}
	/* The name takes what the columns that fit leave, up to the widest
	 * name shown: the numbers stay near short names. */
	/* The lines to be drawn get their figures first (browser_open): the
	 * first row's legend and the header's words count them too. */
	if (r.h > 2 && b->n_order > 0) {
		keep_in_view(p, b, r.h - 2);
		if (!browser_show(kp->browser, (size_t)p->scroll, (size_t)(r.h - 2))) {
			canvas_text(c, r.x, r.y, r.w, CANVAS_WARNING, "out of memory");
			return;
		}
	}
	name_w = r.w - 1 - (w[BROWSER_COL_ID] + 1) - 1;
	while (n_cols < BROWSER_N_COLUMNS &&
	       name_w - (w[shown[n_cols]] + 1) >= (n_cols < FIRST_EXTRA ? NAME_MIN_W : NAME_KEEP_W))
		name_w -= w[shown[n_cols++]] + 1;
	if (name_w > b->name_w)
		name_w = b->name_w;
	if (name_w < NAME_MIN_W)
		name_w = NAME_MIN_W;

	/* The first row: the filter or search line while typing, else what is shown. */
	if (kp->typing) {
		text_input_draw(c, r.x, r.y, r.w, CANVAS_FOCUS, "filter: ", &kp->filter);
	} else if (kp->searching) {
		text_input_draw(c, r.x, r.y, r.w, CANVAS_FOCUS, "search: ", &kp->search);
	} else {
		info_line(kp, info, sizeof(info));
		canvas_text(c, r.x, r.y, r.w, CANVAS_DIM, info);
	}

	/* The header, the sort column marked with ^ (ascending) or v. */
	for (int col = 0; col < BROWSER_N_COLUMNS; col++) {
		const char *label = browser_column_label_in(b, col);
		if (col == BROWSER_COL_ID && b->grouped)
			label = "count";
		snprintf(text[col], 32, "%s%s", label, col == (int)b->sort ?
			 (b->descending ? "v" : "^") : "");
		role[col] = col == (int)b->sort ? CANVAS_CURRENT : CANVAS_HEADER;
	}
	memset(kp->header, 0, sizeof(kp->header));
	put_row(c, r, r.y + 1, w, name_w, n_cols, text, text[BROWSER_COL_NAME], ' ', role,
		CANVAS_HEADER, kp->header);

	rows = r.h - 2;
	p->rows = rows > 0 ? rows : 0;
	kp->first_y = r.y + 2;
	kp->n_lines = 0;
	if (rows <= 0)
		return;
	if (b->n_order == 0) {
		canvas_text(c, r.x + 1, r.y + 2, r.w - 1, CANVAS_DIM,
			    b->filter[0] ? "no kernel name matches the filter (Esc clears it)" :
			    "the report holds no kernel record");
		return;
	}
	keep_in_view(p, b, rows);
	y = r.y + 2;
	for (size_t i = (size_t)p->scroll; i < b->n_order && y < r.y + r.h; i++, y++) {
		const struct browser_line *l = browser_line_at(b, i);
		bool sel = i == b->selected;
		bool on_show = b->grouped ? b->rows[v->record < b->n_rows ? v->record : 0].group ==
			l->group : v->record == l->record;

		cells(b, l, text, w);
		roles(l, sel, role);
		browser_display_name(b, l, name, sizeof(name));
		/* '*' marks the record the other panes show */
		put_row(c, r, y, w, name_w, n_cols, text, name, on_show ? '*' : ' ', role,
			sel ? CANVAS_FOCUS : CANVAS_NORMAL, NULL);
		kp->n_lines++;
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
	if (kp->detail_of != report_records_id(b->report) || kp->detail_record != rec ||
	    !kp->detail_rec) {
		/* One record unpacked at a time, however many are looked at. */
		report_unpeek(kp->detail_rec, &kp->detail_tmp);
		kp->detail_rec = report_peek(b->report, rec, &kp->detail_tmp);
		if (!kp->detail_rec) {
			canvas_text(c, r.x, r.y, r.w, CANVAS_WARNING, "out of memory");
			return;
		}
		browser_analyse_record(b, rec, kp->detail_rec, kp->detail);
		kp->detail_of = report_records_id(b->report);
		kp->detail_record = rec;
	}
	kernel_detail_draw(c, r, kp->detail_rec, kp->detail);
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

/* The search line: each key searches again from where the search began;
 * Enter keeps the match, Esc goes back; the arrows still move. */
static enum reaction search_key(struct kernels_pane *kp, int key, struct pane_request *req)
{
	struct browser *b = kp->browser;

	switch (text_input_key(&kp->search, key)) {
	case TEXT_DONE:
		kp->searching = false;
		return REACT_REDRAW;
	case TEXT_CANCELLED:
		kp->searching = false;
		text_input_set(&kp->search, "");
		b->selected = kp->search_from < b->n_order ? kp->search_from : 0;
		return REACT_REDRAW;
	case TEXT_EDITED:
		b->selected = kp->search_from < b->n_order ? kp->search_from : 0;
		if (kp->search.text[0] && !browser_search(b, kp->search.text, 0))
			pane_say(req, true, "no kernel name holds \"%s\"", kp->search.text);
		return REACT_REDRAW;
	case TEXT_IGNORED:
		break;
	}
	return REACT_NONE;
}

/* n and N: the next or previous match; none searched yet, not handled (the
 * explorer's next launch). */
static enum reaction search_again(struct kernels_pane *kp, int dir, struct pane_request *req)
{
	if (!kp->search.text[0])
		return REACT_NONE;
	if (!browser_search(kp->browser, kp->search.text, dir))
		pane_say(req, true, "no kernel name holds \"%s\"", kp->search.text);
	return REACT_REDRAW;
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
	if (kp->searching)
		return search_key(kp, k, req);
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
	case ACT_SEARCH:
		kp->searching = true;
		kp->search_from = b->selected;
		text_input_set(&kp->search, "");
		break;
	case ACT_SEARCH_NEXT:
		return search_again(kp, 1, req);
	case ACT_SEARCH_PREV:
		return search_again(kp, -1, req);
	case ACT_KERNEL_SORT_BY:
		if (browser_column_of_key(k) < 0)
			return REACT_NONE;
		return changed(browser_sort_by(b, (enum browser_column)browser_column_of_key(k)), req);
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
	const struct kernels_pane *kp = (const struct kernels_pane *)p;

	return kp->typing || kp->searching;
}

/* A click on a header sorts by its column (again: reversed); on a line
 * selects it. */
static enum reaction click(struct pane *p, struct rect r, const struct view *v, int x, int y,
			   struct pane_request *req)
{
	struct kernels_pane *kp = (struct kernels_pane *)p;
	struct browser *b = kp->browser;

	(void)r;
	(void)v;
	if (!b)
		return REACT_NONE;
	for (int col = 0; col < BROWSER_N_COLUMNS; col++)
		if (rect_contains(kp->header[col], x, y))
			return changed(browser_sort_by(b, (enum browser_column)col), req);
	if (y >= kp->first_y && y < kp->first_y + kp->n_lines &&
	    (size_t)p->scroll + (size_t)(y - kp->first_y) < b->n_order) {
		b->selected = (size_t)p->scroll + (size_t)(y - kp->first_y);
		return REACT_REDRAW;
	}
	return REACT_NONE;
}

static void done(struct pane *p)
{
	struct kernels_pane *kp = (struct kernels_pane *)p;

	if (kp->browser) {
		browser_done(kp->browser);
		free(kp->browser);
	}
	free(kp->detail);
	report_unpeek(kp->detail_rec, &kp->detail_tmp);
}

static const struct pane_class kernels_class = {
	.name = "kernels",
	.title = "Kernels",
	.draw = draw,
	.key = key,
	.typing = typing,
	.click = click,
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
