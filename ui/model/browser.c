/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* browser.c - the kernel browser's rows, groups, filter and sort (browser.h).
 * Sorting goes through an array of (key, line) pairs so that qsort's plain
 * comparator needs no context and no global state. */
#include "config.h"

#include "browser.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "checked.h"
#include "engine.h"
#include "session.h"
#include "occupancy.h"
#include "report_launch.h"
#include "search.h"
#include "strutil.h"

/* Record i's full name, else its short one: packed records give them
 * without unpacking (report_name_at). */
static const char *name_of(const struct report *rep, size_t i)
{
	const char *name = report_name_at(rep, i);

	return name ? name : report_short_name_at(rep, i);
}

/* The product of the dimensions the record has (saturated: a crafted
 * 9223372036854775807 x 2 is no overflow); -1 when it has none. */
static int64_t dims(const struct report_int d[3])
{
	if (!d[0].present)
		return -1;
	return checked_dims(d[0].value, d[1].present ? d[1].value : 1,
			    d[2].present ? d[2].value : 1, NULL);
}

/* The row's theory is the session's analysis of the record with the
 * flags, as --print and the panes compute it (the occupancy only: no
 * findings, sweeps or simulation). */
static void make_row(struct browser_line *row, uint32_t index, struct session *s,
		     const struct report_record *rec, const char *file, struct analysis *a)
{
	struct session_record r = { file, rec->line, NULL, NULL, rec, report_record_id(rec, index), NULL, NULL };

	memset(row, 0, sizeof(*row));
	row->record = index;
	row->count = 1;
	row->id = r.id;
	row->grid_blocks = dims(rec->grid);
	row->block_threads = (int32_t)(dims(rec->block) > INT32_MAX ? INT32_MAX : dims(rec->block));
	row->registers = rec->registers.present ? (int32_t)rec->registers.value :
		rec->arch_vgprs.present ? (int32_t)rec->arch_vgprs.value : -1;
	if (rec->static_smem_bytes.present || rec->dynamic_smem_bytes.present)
		row->smem_bytes = (rec->static_smem_bytes.present ? rec->static_smem_bytes.value : 0) +
			(rec->dynamic_smem_bytes.present ? rec->dynamic_smem_bytes.value : 0);
	else
		row->smem_bytes = rec->lds_bytes.present ? rec->lds_bytes.value : -1;
	row->theoretical_pct = NAN;
	row->predicted_pct = NAN;
	row->checked = -1;
	row->limiter = -1;
	row->blocks_per_sm = -1;
	row->waves = NAN;
	session_analyse(s, &r, NULL, NULL, 0, a);
	switch (session_gpu_from(s, &r)) {
	case SESSION_GPU_NONE: row->from |= BROWSER_GPU_NONE; break;
	case SESSION_GPU_REPORT: row->from |= BROWSER_GPU_REPORT; break;
	case SESSION_GPU_OWN:
	case SESSION_GPU_FLAG: break;
	}
	/* the report's average, or the per-SM events' where it has none */
	row->achieved_pct = a->report.achieved_occupancy_pct.present ?
		a->report.achieved_occupancy_pct.value : NAN;
	row->duration_ns = rec->duration_ns.present ? rec->duration_ns.value : NAN;
	if (!a->ok) {
		/* What the profiler computed, where occview cannot. */
		if (a->report.profiler.theoretical_pct.present) {
			row->theoretical_pct = a->report.profiler.theoretical_pct.value;
			row->from |= BROWSER_THEORY_REPORTED;
		}
		return;
	}
	row->theoretical_pct = a->r.theoretical_occupancy_pct;
	row->vendor = (uint8_t)a->r.vendor;
	if (a->report.check.compared) {
		int n = 0;

		for (uint32_t d = a->report.check.disagree; d; d &= d - 1)
			n++;
		row->checked = (int8_t)n;
	}
	row->blocks_per_sm = a->r.active_blocks_per_sm;
	for (int f = 0; f < OCC_N_FACTORS; f++)
		if (a->r.limiting & (1u << f)) {
			row->limiter = (int8_t)f;
			break;
		}
	/* waves over the grid the record launched (a grid the file lacks: none) */
	if (a->w.blocks_per_wave > 0 && launch_grid_size(&a->launch) > 0) {
		row->waves = a->w.waves_per_sm;
		row->predicted_pct = a->w.predicted_achieved_pct;
	}
	if (a->report.inferred.params & PARAM_BIT(PARAM_REGISTERS)) {
		row->registers = a->launch.regs_per_thread;
		row->from |= BROWSER_REGS_INFERRED;
	}
	if (a->report.inferred.params & (PARAM_BIT(PARAM_STATIC_SMEM) | PARAM_BIT(PARAM_DYNAMIC_SMEM))) {
		row->smem_bytes = a->launch.static_smem_bytes + a->launch.dynamic_smem_bytes;
		row->from |= BROWSER_SMEM_INFERRED;
	}
	/* Flags the user gave stand in for what the file lacks, as in the panes. */
	if (row->grid_blocks < 0)
		row->grid_blocks = launch_grid_size(&a->launch);
	if (row->block_threads < 0)
		row->block_threads = launch_threads_per_block(&a->launch);
}

static uint64_t hash_line(const struct browser_line *row, const char *name)
{
	uint64_t h = 1469598103934665603ull;

	for (const unsigned char *p = (const unsigned char *)name; *p; p++)
		h = (h ^ *p) * 1099511628211ull;
	h = (h ^ (uint64_t)row->grid_blocks) * 1099511628211ull;
	h = (h ^ (uint64_t)row->block_threads) * 1099511628211ull;
	h = (h ^ (uint64_t)row->registers) * 1099511628211ull;
	h = (h ^ (uint64_t)row->smem_bytes) * 1099511628211ull;
	return h;
}

static bool same_launch(const struct browser *b, const struct browser_line *x,
			const struct browser_line *y)
{
	return x->grid_blocks == y->grid_blocks && x->block_threads == y->block_threads &&
		x->registers == y->registers && x->smem_bytes == y->smem_bytes &&
		strcmp(name_of(b->report, x->record), name_of(b->report, y->record)) == 0;
}

/* Groups identical launches (same full name, grid, block, registers, shared
 * memory) with an open-addressing table of group indices. */
static bool make_groups(struct browser *b)
{
	size_t cap = 16;
	uint32_t *table;
	size_t *achieved_n;

	while (cap < b->n_rows * 2)
		cap *= 2;
	table = malloc(cap * sizeof(*table));
	b->groups = malloc((b->n_rows ? b->n_rows : 1) * sizeof(*b->groups));
	achieved_n = calloc(b->n_rows ? b->n_rows : 1, sizeof(*achieved_n));
	if (!table || !b->groups || !achieved_n) {
		free(table);
		free(achieved_n);
		return false;
	}
	memset(table, 0xff, cap * sizeof(*table));
	b->n_groups = 0;
	for (size_t i = 0; i < b->n_rows; i++) {
		struct browser_line *row = &b->rows[i];
		size_t slot = hash_line(row, name_of(b->report, i)) & (cap - 1);
		struct browser_line *g;

		while (table[slot] != UINT32_MAX &&
		       !same_launch(b, &b->groups[table[slot]], row))
			slot = (slot + 1) & (cap - 1);
		if (table[slot] == UINT32_MAX) {
			table[slot] = (uint32_t)b->n_groups;
			g = &b->groups[b->n_groups++];
			*g = *row;
			g->count = 0;
			g->achieved_pct = NAN;
			g->duration_ns = NAN;
		}
		g = &b->groups[table[slot]];
		row->group = table[slot];
		g->group = table[slot];
		g->count++;
		/* the group's cross-check: the most disagreements of any record */
		if (row->checked > g->checked)
			g->checked = row->checked;
		if (!isnan(row->duration_ns))
			g->duration_ns = isnan(g->duration_ns) ? row->duration_ns :
				g->duration_ns + row->duration_ns;
		if (!isnan(row->achieved_pct)) {
			/* a running mean over the records that have it */
			size_t n = ++achieved_n[row->group];
			g->achieved_pct = n == 1 ? row->achieved_pct :
				g->achieved_pct + (row->achieved_pct - g->achieved_pct) / (double)n;
		}
	}
	free(table);
	free(achieved_n);
	return true;
}

/* The rows' words: the first computed row's, unless a later one differs. */
static void note_words(struct browser *b, const struct analysis *a, bool *mixed)
{
	const struct engine_words *w = a->ok ? a->r.words : NULL;

	if (!w)
		return;
	if (!b->words) {
		b->words = w;
		b->words_vendor = (uint8_t)a->r.vendor;
	} else if (b->words != w) {
		*mixed = true;
	}
}

/* b's rows of rep, into rows and order (room for rep->n each, taken
 * over: browser_done frees them), unfiltered, ungrouped, sorted by id.
 * False when out of memory (b is then done). */
static bool fill(struct browser *b, struct session *s, const struct report *rep,
		 const char *file, struct browser_line *rows, uint32_t *order)
{
	struct analysis *a = malloc(sizeof(*a));
	bool mixed = false;

	memset(b, 0, sizeof(*b));
	b->report = rep;
	b->session = s;
	b->file = file;
	b->sort = BROWSER_COL_ID;
	b->rows = rows;
	b->order = order;
	if (!a || !b->rows || !b->order) {
		free(a);
		browser_done(b);
		return false;
	}
	b->n_rows = rep->n;
	for (size_t i = 0; i < rep->n; i++) {
		char name[1024];
		size_t cells;

		struct report_record tmp;
		const struct report_record *rec = report_peek(rep, i, &tmp);

		if (!rec) {
			free(a);
			browser_done(b);
			return false;
		}
		make_row(&b->rows[i], (uint32_t)i, s, rec, file, a);
		report_unpeek(rec, &tmp);
		/* measured once: a sort or filter takes the widest of those shown */
		browser_display_name(b, &b->rows[i], name, sizeof(name));
		cells = str_display_width(name);
		b->rows[i].name_cells = (uint16_t)(cells > UINT16_MAX ? UINT16_MAX : cells);
		b->any_from |= b->rows[i].from;
		note_words(b, a, &mixed);
		if (b->rows[i].from & BROWSER_GPU_NONE)
			b->n_gpu_none++;
	}
	if (mixed)
		b->words = NULL;
	/* None analysed (the records name no GPU, none picked yet): their
	 * vendor's words, as the parameter line shows them ("wg", "vgpr"). */
	if (!b->words && !mixed && rep->n > 0) {
		struct report_record tmp;
		const struct report_record *first = report_peek(rep, 0, &tmp);
		struct gpu g;

		if (first && report_vendor_device(session_db(s), first, NULL, &g)) {
			b->words = engine_words(&g.arch);
			b->words_vendor = (uint8_t)g.arch.vendor;
		}
		if (first)
			report_unpeek(first, &tmp);
	}
	if (b->words) {
		/* "b/SM" as it always was; "wg/CU", "wg/WGP" */
		size_t n = strlen(b->words->block_short);
		snprintf(b->per_unit_label, sizeof(b->per_unit_label), "%.*s/%s",
			 n <= 2 ? (int)n : 1, b->words->block_short, b->words->unit);
	}
	free(a);
	if (!make_groups(b)) {
		browser_done(b);
		return false;
	}
	/* file order: position, which is what "id" sorts by where ids are absent */
	return browser_set_sort(b, BROWSER_COL_ID, false);
}

bool browser_init(struct browser *b, struct session *s, const struct report *rep,
		  const char *file)
{
	if (rep->n > UINT32_MAX - 1) {
		memset(b, 0, sizeof(*b));
		return false;
	}
	return fill(b, s, rep, file, malloc((rep->n ? rep->n : 1) * sizeof(*b->rows)),
		    malloc((rep->n ? rep->n : 1) * sizeof(*b->order)));
}

void browser_done(struct browser *b)
{
	free(b->rows);
	free(b->groups);
	free(b->order);
	memset(b, 0, sizeof(*b));
}

bool browser_reload(struct browser *b, const struct report *rep, const char *file,
		    size_t record)
{
	struct browser was = *b;
	struct browser_line *rows;
	uint32_t *order;

	if (rep->n > UINT32_MAX - 1)
		return false;
	/* The new rows in the old ones' room, not beside them: a report read
	 * again whole then holds one browser's rows at a time. */
	if (rep->n > b->n_rows) {
		rows = realloc(b->rows, rep->n * sizeof(*rows));
		if (!rows)
			return false;
		b->rows = rows;
		order = realloc(b->order, rep->n * sizeof(*order));
		if (!order)
			return false;
		b->order = order;
	}
	free(b->groups);
	b->groups = NULL;
	if (!fill(b, was.session, rep, file, b->rows, b->order) ||
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
	const struct report *rep = b->report;
	size_t was = b->n_rows, record = browser_selected_record(b);
	struct browser_line *rows, *groups = b->groups;
	size_t n_groups = b->n_groups;
	struct analysis *a;
	uint32_t *order;

	if (rep->n <= was)
		return true;
	if (rep->n > UINT32_MAX - 1 || !(a = malloc(sizeof(*a))))
		return false;
	rows = realloc(b->rows, rep->n * sizeof(*rows));
	if (rows)
		b->rows = rows;
	order = realloc(b->order, rep->n * sizeof(*order));
	if (order)
		b->order = order;
	if (!rows || !order) {
		free(a);
		return false;
	}
	/* Only the new records are analysed; the groups are counted again. */
	for (size_t i = was; i < rep->n; i++) {
		struct report_record tmp;
		const struct report_record *rec = report_peek(rep, i, &tmp);

		if (!rec) {
			free(a);
			return false;
		}
		make_row(&b->rows[i], (uint32_t)i, b->session, rec, file, a);
		report_unpeek(rec, &tmp);
		b->any_from |= b->rows[i].from;
	}
	free(a);
	b->n_rows = rep->n;
	b->groups = NULL;
	b->n_groups = 0;
	if (!make_groups(b)) {
		free(b->groups);
		b->groups = groups;
		b->n_groups = n_groups;
		b->n_rows = was;
		return false;
	}
	free(groups);
	if (!browser_set_sort(b, b->sort, b->descending))
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

/* Filter (one scan), then sort the survivors' indices. */
static bool rebuild(struct browser *b, size_t keep_record)
{
	const struct browser_line *all = lines(b);
	size_t n_all = b->grouped ? b->n_groups : b->n_rows;
	size_t nlen = strlen(b->filter), n = 0, present;
	struct sort_key *keys = malloc((n_all ? n_all : 1) * sizeof(*keys));

	b->n_order = 0;
	b->selected = 0;
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
	b->n_order_records = 0;
	b->name_w = 0;
	for (size_t i = 0; i < n; i++) {
		const struct browser_line *l = &all[b->order[i]];

		b->n_order_records += l->count;
		if (l->name_cells > b->name_w)
			b->name_w = l->name_cells;
	}
	if (keep_record != SIZE_MAX)
		browser_select_record(b, keep_record);
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

void browser_analyse(const struct browser *b, size_t record, struct analysis *a)
{
	/* kept unpacked: the analysis points at it (a compiled kernel's) */
	browser_analyse_record(b, record, report_at(b->report, record), a);
}

void browser_analyse_record(const struct browser *b, size_t record,
			    const struct report_record *rec, struct analysis *a)
{
	struct session_record r = { b->file, rec ? rec->line : 0, NULL, NULL, rec,
				    rec ? report_record_id(rec, record) : (int64_t)record + 1,
				    NULL, NULL };

	if (!rec) {
		struct occ_error err = { 0 };
		struct launch l;

		launch_init(&l);
		occ_error_set(&err, OCC_ESOFTWARE, b->file, 0, "", "out of memory");
		analysis_fail(a, &l, &err);
		return;
	}
	session_analyse(b->session, &r, NULL, NULL, 0, a);
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

/* Brackets that nest in a demangled name. */
static bool opens(char c)
{
	return c == '<' || c == '(' || c == '[';
}

static bool closes(char c)
{
	return c == '>' || c == ')' || c == ']';
}

void browser_display_name(const struct browser *b, const struct browser_line *l, char *buf,
			  size_t size)
{
	const char *full = name_of(b->report, l->record);
	size_t n = strlen(full), start = 0;
	int depth = 0;

	/* rocprof's code-object suffixes */
	while (n > 0 && full[n - 1] == ' ')
		n--;
	if (n >= 11 && memcmp(full + n - 11, "[clone .kd]", 11) == 0)
		n -= 11;
	else if (n >= 5 && memcmp(full + n - 5, "(.kd)", 5) == 0)
		n -= 5;
	else if (n >= 3 && memcmp(full + n - 3, ".kd", 3) == 0)
		n -= 3;
	while (n > 0 && full[n - 1] == ' ')
		n--;
	/* the parameter list: from the '(' that matches the last ')' */
	if (n > 0 && full[n - 1] == ')') {
		for (size_t i = n; i-- > 0;) {
			if (full[i] == ')')
				depth++;
			else if (full[i] == '(' && --depth == 0) {
				n = i;
				break;
			}
		}
	}
	/* a return type: up to the last blank outside brackets */
	depth = 0;
	for (size_t i = 0; i < n; i++) {
		if (opens(full[i]))
			depth++;
		else if (closes(full[i]) && depth > 0)
			depth--;
		else if (full[i] == ' ' && depth == 0)
			start = i + 1;
	}
	if (start >= n) {
		str_copy(buf, size, report_short_name_at(b->report, l->record));
		return;
	}
	snprintf(buf, size, "%.*s", (int)(n - start), full + start);
}

const char *browser_fit_name(const char *name, int width, const char *mark, char *buf,
			     size_t size)
{
	const char *p = name;
	int mark_w = (int)str_display_width(mark), head_w, tail_w;
	char head[512], tail[512];

	if (width <= 0) {
		str_copy(buf, size, "");
		return buf;
	}
	/* leading namespaces, while a "::" comes before any bracket (the
	 * anonymous namespace's brackets are a name) */
	while ((int)str_display_width(p) > width) {
		const char *q = p;

		while (*q && !(q[0] == ':' && q[1] == ':')) {
			if (strncmp(q, "<unnamed>", 9) == 0)
				q += 9;
			else if (strncmp(q, "(anonymous namespace)", 21) == 0)
				q += 21;
			else if (opens(*q))
				break;
			else
				q++;
		}
		if (q[0] != ':' || q[2] == '\0')
			break;
		p = q + 2;
	}
	if ((int)str_display_width(p) <= width)
		return p;
	/* no templates, or no room for them beside the kernel's own name: the
	 * end goes, as with any long text */
	if (width < mark_w + 4 || !strchr(p, '<') ||
	    (int)(strchr(p, '<') - p) + mark_w + 6 > width)
		return str_ellipsize(p, width, false, mark, buf, size);
	/* the head keeps the kernel's own name where it can, the tail at
	 * least a third */
	head_w = (width - mark_w + 1) / 2;
	{
		int own = (int)(strchr(p, '<') - p) + 2;
		int most = (width - mark_w) * 2 / 3;

		if (own > head_w)
			head_w = own < most ? own : most;
	}
	tail_w = width - mark_w - head_w;
	snprintf(buf, size, "%s%s%s", str_ellipsize(p, head_w, false, "", head, sizeof(head)), mark,
		 str_ellipsize(p, tail_w, true, "", tail, sizeof(tail)));
	return buf;
}
