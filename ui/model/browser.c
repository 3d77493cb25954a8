/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* browser.c - the kernel browser's list (browser.h): the lines shown,
 * filtered by name and sorted by a column, the selection and the search;
 * the rows themselves are browser_rows.c's. Sorting goes through an array
 * of (key, line) pairs so that qsort's plain comparator needs no context
 * and no global state. */
#include "config.h"

#include "browser.h"
#include "browser_rows.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "engine.h"
#include "session.h"
#include "occupancy.h"
#include "search.h"
#include "strutil.h"

bool browser_open(struct browser *b, struct session *s, const struct report *rep,
		  const char *file)
{
	if (rep->n > UINT32_MAX - 1) {
		memset(b, 0, sizeof(*b));
		return false;
	}
	/* file order: position, which is what "id" sorts by where ids are absent */
	return browser_rows_fill(b, s, rep, file,
				 malloc((rep->n ? rep->n : 1) * sizeof(*b->rows)),
				 malloc((rep->n ? rep->n : 1) * sizeof(*b->order))) &&
	       browser_set_sort(b, BROWSER_COL_ID, false);
}

bool browser_init(struct browser *b, struct session *s, const struct report *rep,
		  const char *file)
{
	if (!browser_open(b, s, rep, file))
		return false;
	if (!browser_finish(b)) {
		browser_done(b);
		return false;
	}
	return true;
}

bool browser_reload(struct browser *b, const struct report *rep, const char *file,
		    size_t record)
{
	struct browser was = *b;

	if (!browser_rows_room(b, rep->n))
		return false;
	/* The figures of the rows shown come when they are drawn, the rest
	 * in idle time, as at the first load; groups take them all first. */
	if (!browser_rows_fill(b, was.session, rep, file, b->rows, b->order) ||
	    (was.grouped && !browser_rows_group(b)) ||
	    (b->grouped = was.grouped, str_copy(b->filter, sizeof(b->filter), was.filter),
	     !browser_set_sort(b, was.sort, was.descending))) {
		/* no rows, of the new report */
		browser_done(b);
		b->report = rep;
		b->session = was.session;
		b->file = file;
		return false;
	}
	browser_select_record(b, record);
	return true;
}

bool browser_append(struct browser *b, const char *file)
{
	size_t record = browser_selected_record(b);

	if (b->report->n <= b->n_rows)
		return true;
	if (!browser_rows_add(b, file) || !browser_set_sort(b, b->sort, b->descending))
		return false;
	if (record != SIZE_MAX)
		browser_select_record(b, record);
	return true;
}

static const struct browser_line *lines(const struct browser *b)
{
	return b->grouped ? b->groups : b->rows;
}

const struct browser_line *browser_line_at(const struct browser *b, size_t i)
{
	return &lines(b)[b->order[i]];
}

size_t browser_selected_record(const struct browser *b)
{
	return b->n_order ? browser_line_at(b, b->selected)->record : SIZE_MAX;
}

/* ASCII case-insensitive substring search; kernel names are ASCII in practice
 * and anything else matches byte for byte. */
static bool contains(const char *hay, const char *needle, size_t nlen)
{
	int first = tolower((unsigned char)needle[0]);

	for (; *hay; hay++) {
		size_t k;
		if (tolower((unsigned char)*hay) != first)
			continue;
		for (k = 1; k < nlen && hay[k]; k++)
			if (tolower((unsigned char)hay[k]) != tolower((unsigned char)needle[k]))
				break;
		if (k == nlen)
			return true;
	}
	return false;
}

static bool matches(const struct browser *b, const struct browser_line *line, size_t nlen)
{
	const char *name = report_name_at(b->report, line->record);

	return nlen == 0 || contains(report_short_name_at(b->report, line->record), b->filter, nlen) ||
		(name && contains(name, b->filter, nlen));
}

struct sort_key {
	double num;          /* NAN: absent */
	const char *str;     /* the name column */
	uint32_t line;
};

/* Ascending, absent last, ties in list order (qsort is not stable). */
static int compare_keys(const void *pa, const void *pb)
{
	const struct sort_key *a = pa, *b = pb;
	int c = 0;

	if (a->str) {
		c = strcmp(a->str, b->str);
	} else if (isnan(a->num) || isnan(b->num)) {
		c = isnan(a->num) - isnan(b->num);
	} else {
		c = (a->num > b->num) - (a->num < b->num);
	}
	return c ? c : (a->line > b->line) - (a->line < b->line);
}

static double num_of(const struct browser_line *l, enum browser_column col)
{
	switch (col) {
	case BROWSER_COL_ID: return l->id < 0 ? NAN : (double)l->id;
	case BROWSER_COL_GRID: return l->grid_blocks < 0 ? NAN : (double)l->grid_blocks;
	case BROWSER_COL_BLOCK: return l->block_threads < 0 ? NAN : l->block_threads;
	case BROWSER_COL_REGISTERS: return l->registers < 0 ? NAN : l->registers;
	case BROWSER_COL_SMEM: return l->smem_bytes < 0 ? NAN : (double)l->smem_bytes;
	case BROWSER_COL_THEORETICAL: return l->theoretical_pct;
	case BROWSER_COL_ACHIEVED: return l->achieved_pct;
	case BROWSER_COL_GAP: return l->theoretical_pct - l->achieved_pct;
	case BROWSER_COL_DURATION: return l->duration_ns;
	case BROWSER_COL_LIMITER: return l->limiter < 0 ? NAN : l->limiter;
	case BROWSER_COL_BLOCKS_PER_SM: return l->blocks_per_sm < 0 ? NAN : l->blocks_per_sm;
	case BROWSER_COL_WAVES: return l->waves;
	case BROWSER_COL_PREDICTED: return l->predicted_pct;
	case BROWSER_COL_CHECK: return l->checked < 0 ? NAN : l->checked;
	case BROWSER_COL_NAME:
	case BROWSER_N_COLUMNS: break;
	}
	return NAN;
}

/* Whether lines sorted by col are in order before every row has its
 * figures: the id and the name are known from the start. */
static bool known_at_start(enum browser_column col)
{
	return col == BROWSER_COL_ID || col == BROWSER_COL_NAME;
}

/* Whether keys[0..n) are in order already (a report's own order sorted
 * by id): then qsort is no need. */
static bool in_order(const struct sort_key *keys, size_t n)
{
	for (size_t i = 1; i < n; i++)
		if (compare_keys(&keys[i - 1], &keys[i]) > 0)
			return false;
	return true;
}

/* Whether lines[0..n) sorted by id are in their own order: each id (its
 * position where absent, as rebuild's keys have it) at least the one
 * before. */
static bool ids_in_order(const struct browser_line *lines, size_t n)
{
	double last = -INFINITY;

	for (size_t i = 0; i < n; i++) {
		double id = lines[i].id < 0 ? (double)lines[i].record : (double)lines[i].id;

		if (id < last)
			return false;
		last = id;
	}
	return true;
}

/* What the list shows besides its order: the records in it, the widest
 * name, the selection. */
static void finish_order(struct browser *b, const struct browser_line *all, size_t keep_record)
{
	b->n_order_records = 0;
	b->name_w = 0;
	for (size_t i = 0; i < b->n_order; i++) {
		const struct browser_line *l = &all[b->order[i]];

		b->n_order_records += l->count;
		if (l->name_cells > b->name_w)
			b->name_w = l->name_cells;
	}
	if (keep_record != SIZE_MAX)
		browser_select_record(b, keep_record);
}

/* Filter (one scan), then sort the survivors' indices. Groups and a sort
 * by a figure take every row's figures first; the groups are made when
 * first shown. */
static bool rebuild(struct browser *b, size_t keep_record)
{
	const struct browser_line *all;
	size_t n_all, nlen = strlen(b->filter), n = 0, present;
	struct sort_key *keys;

	b->n_order = 0;
	b->selected = 0;
	if ((b->grouped || !known_at_start(b->sort)) && !browser_finish(b))
		return false;
	if (b->grouped && !browser_rows_group(b))
		return false;
	all = lines(b);
	n_all = b->grouped ? b->n_groups : b->n_rows;
	if (nlen == 0 && b->sort == BROWSER_COL_ID && ids_in_order(all, n_all)) {
		/* every line, in their own order or its reverse, as sorting
		 * would leave them (no id sorts as absent: file order stands
		 * in): no key made for each of 100,000 records */
		for (size_t i = 0; i < n_all; i++)
			b->order[i] = (uint32_t)(b->descending ? n_all - 1 - i : i);
		b->n_order = n_all;
		finish_order(b, all, keep_record);
		return true;
	}
	keys = malloc((n_all ? n_all : 1) * sizeof(*keys));
	if (!keys)
		return false;
	for (size_t i = 0; i < n_all; i++) {
		if (!matches(b, &all[i], nlen))
			continue;
		keys[n].line = (uint32_t)i;
		keys[n].str = b->sort == BROWSER_COL_NAME ?
			report_short_name_at(b->report, all[i].record) : NULL;
		/* file order stands in for ids the report lacks */
		keys[n].num = b->sort == BROWSER_COL_ID && all[i].id < 0 ? (double)all[i].record :
			num_of(&all[i], b->sort);
		n++;
	}
	if (!in_order(keys, n))
		qsort(keys, n, sizeof(*keys), compare_keys);
	present = n;
	while (present > 0 && !keys[present - 1].str && isnan(keys[present - 1].num))
		present--;
	for (size_t i = 0; i < n; i++) {
		/* descending: the present values reversed, the absent ones still last */
		size_t from = b->descending && i < present ? present - 1 - i : i;
		b->order[i] = keys[from].line;
	}
	b->n_order = n;
	free(keys);
	finish_order(b, all, keep_record);
	return true;
}

bool browser_set_sort(struct browser *b, enum browser_column col, bool descending)
{
	size_t keep = browser_selected_record(b);

	b->sort = col;
	b->descending = descending;
	return rebuild(b, keep);
}

bool browser_set_filter(struct browser *b, const char *text)
{
	size_t keep = browser_selected_record(b);

	str_copy(b->filter, sizeof(b->filter), text);
	return rebuild(b, keep);
}

bool browser_set_grouped(struct browser *b, bool grouped)
{
	size_t keep = browser_selected_record(b);

	b->grouped = grouped;
	return rebuild(b, keep);
}

bool browser_select_record(struct browser *b, size_t record)
{
	uint32_t want;

	if (record >= b->n_rows)
		return false;
	want = b->grouped ? b->rows[record].group : (uint32_t)record;
	for (size_t i = 0; i < b->n_order; i++)
		if (b->order[i] == want) {
			b->selected = i;
			return true;
		}
	return false;
}

void browser_move(struct browser *b, long delta)
{
	size_t last = b->n_order ? b->n_order - 1 : 0, at = b->selected < last ? b->selected : last;
	/* the distance in size_t: selected + delta may not fit a long */
	size_t by = delta < 0 ? (size_t)-(delta + 1) + 1 : (size_t)delta;

	if (delta < 0)
		b->selected = by >= at ? 0 : at - by;
	else
		b->selected = by >= last - at ? last : at + by;
}

const char *browser_column_label(enum browser_column col)
{
	static const char *const labels[BROWSER_N_COLUMNS] = {
		[BROWSER_COL_ID] = "id", [BROWSER_COL_NAME] = "kernel",
		[BROWSER_COL_GRID] = "grid", [BROWSER_COL_BLOCK] = "block",
		[BROWSER_COL_REGISTERS] = "regs", [BROWSER_COL_SMEM] = "smem",
		[BROWSER_COL_THEORETICAL] = "theory", [BROWSER_COL_ACHIEVED] = "achvd",
		[BROWSER_COL_GAP] = "gap", [BROWSER_COL_DURATION] = "time",
		[BROWSER_COL_LIMITER] = "limit", [BROWSER_COL_BLOCKS_PER_SM] = "b/SM",
		[BROWSER_COL_WAVES] = "waves", [BROWSER_COL_PREDICTED] = "pred",
		[BROWSER_COL_CHECK] = "check",
	};
	return col < BROWSER_N_COLUMNS ? labels[col] : "";
}

const char *browser_column_label_in(const struct browser *b, enum browser_column col)
{
	const struct engine_words *w = b->words;
	enum gpu_vendor v = (enum gpu_vendor)b->words_vendor;

	if (!w)
		return browser_column_label(col);
	switch (col) {
	case BROWSER_COL_BLOCK:
		return w->block_short;
	case BROWSER_COL_REGISTERS:
		return occ_factor_short_for(v, OCC_REGISTERS);
	case BROWSER_COL_SMEM:
		return occ_factor_short_for(v, OCC_SHARED_MEM);
	case BROWSER_COL_BLOCKS_PER_SM:
		return b->per_unit_label;
	default:
		return browser_column_label(col);
	}
}

const char *browser_factor_label(enum gpu_vendor vendor, int factor)
{
	return occ_factor_short_for(vendor, (enum occ_factor)factor);
}

const char *browser_limiter_label(const struct browser_line *l)
{
	return browser_factor_label((enum gpu_vendor)l->vendor, l->limiter);
}

/* The keys, one upper-case letter per column, free in the key table's
 * browser context (keys.h binds each to ACT_KERNEL_SORT_BY). */
static const char column_keys[BROWSER_N_COLUMNS] = {
	[BROWSER_COL_ID] = 'I', [BROWSER_COL_NAME] = 'K', [BROWSER_COL_GRID] = 'D',
	[BROWSER_COL_BLOCK] = 'B', [BROWSER_COL_REGISTERS] = 'E', [BROWSER_COL_SMEM] = 'M',
	[BROWSER_COL_THEORETICAL] = 'H', [BROWSER_COL_ACHIEVED] = 'A', [BROWSER_COL_GAP] = 'J',
	[BROWSER_COL_DURATION] = 'T', [BROWSER_COL_LIMITER] = 'L', [BROWSER_COL_BLOCKS_PER_SM] = 'Z',
	[BROWSER_COL_WAVES] = 'W', [BROWSER_COL_PREDICTED] = 'P', [BROWSER_COL_CHECK] = 'X',
};

int browser_column_key(enum browser_column col)
{
	return col < BROWSER_N_COLUMNS ? column_keys[col] : -1;
}

int browser_column_of_key(int key)
{
	for (int c = 0; c < BROWSER_N_COLUMNS; c++)
		if (column_keys[c] == key)
			return c;
	return -1;
}

bool browser_sort_by(struct browser *b, enum browser_column col)
{
	if (col == b->sort)
		return browser_set_sort(b, col, !b->descending);
	return browser_set_sort(b, col, col != BROWSER_COL_ID && col != BROWSER_COL_NAME);
}

struct search_ctx {
	const struct browser *b;
	const char *text;
};

static bool line_holds(const void *ctx, size_t i)
{
	const struct search_ctx *sc = ctx;
	size_t record = lines(sc->b)[sc->b->order[i]].record;
	const char *name = report_name_at(sc->b->report, record);

	return search_holds(report_short_name_at(sc->b->report, record), sc->text) ||
	       (name && search_holds(name, sc->text));
}

bool browser_search(struct browser *b, const char *text, int dir)
{
	struct search_ctx sc = { b, text };
	size_t i;

	if (!text[0])
		return false;
	i = search_find(b->n_order, b->selected, dir, line_holds, &sc);
	if (i == SIZE_MAX)
		return false;
	b->selected = i;
	return true;
}
