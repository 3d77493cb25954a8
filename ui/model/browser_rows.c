/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* browser_rows.c - the kernel browser's rows (browser.h): each record's id,
 * name width and GPU source at once, its figures (the session's analysis)
 * when a line is shown or in idle time; the groups of identical launches
 * and the words of the rows' GPUs once every row has its figures. */
#include "config.h"

#include "browser.h"
#include "browser_rows.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "checked.h"
#include "engine.h"
#include "occupancy.h"
#include "report_launch.h"
#include "session.h"
#include "strutil.h"

/* The product of the dimensions the record has (saturated: a crafted
 * 9223372036854775807 x 2 is no overflow); -1 when it has none. */
static int64_t dims(const struct report_int d[3])
{
	if (!d[0].present)
		return -1;
	return checked_dims(d[0].value, d[1].present ? d[1].value : 1,
			    d[2].present ? d[2].value : 1, NULL);
}

static struct session_record session_record_of(const struct browser *b, uint32_t index,
					       const struct report_record *rec)
{
	return (struct session_record){ b->file, rec->line, NULL, NULL, rec,
					report_record_id(rec, index), NULL, NULL };
}

/* The widths of the report's distinct names while rows are started
 * (browser_display_cells_kept); none where there is no memory for them. */
struct kept_cells {
	uint32_t *cells;
	size_t n;
};

static struct kept_cells kept_new(const struct report *rep, size_t rows)
{
	size_t n = report_name_keys(rep);
	/* not for a few rows appended to many (a file that grows) */
	struct kept_cells k = { n > 1 && rows >= n / 8 ? calloc(n, sizeof(uint32_t)) : NULL, 0 };

	k.n = k.cells ? n : 0;
	return k;
}

/* What a row holds before its figures: the record, its id, which GPU it
 * is analysed on, its name's width (measured once: a sort or filter takes
 * the widest of those shown). False when out of memory. */
static bool start_row(struct browser *b, struct browser_line *row, uint32_t index,
		      struct kept_cells *kept)
{
	size_t cells;

	memset(row, 0, sizeof(*row));
	row->record = index;
	row->count = 1;
	if (session_flags(b->session)->set & PARAM_BIT(PARAM_GPU)) {
		/* --gpu: every record is analysed on it (SESSION_GPU_FLAG),
		 * which needs no look at the record: no unpacking it */
		row->id = report_id_at(b->report, index);
	} else {
		struct report_record tmp;
		const struct report_record *rec = report_peek(b->report, index, &tmp);
		struct session_record r;

		if (!rec)
			return false;
		r = session_record_of(b, index, rec);
		row->id = r.id;
		row->record_vendor = (uint8_t)report_record_vendor(rec);
		switch (session_gpu_from(b->session, &r)) {
		case SESSION_GPU_NONE: row->from |= BROWSER_GPU_NONE; break;
		case SESSION_GPU_REPORT: row->from |= BROWSER_GPU_REPORT; break;
		case SESSION_GPU_OWN:
		case SESSION_GPU_FLAG: break;
		}
		report_unpeek(rec, &tmp);
	}
	cells = browser_display_cells_kept(b, index, kept->cells, kept->n);
	row->name_cells = (uint16_t)(cells > UINT16_MAX ? UINT16_MAX : cells);
	return true;
}

/* The row's figures: the session's analysis of the record with the
 * flags, as --print and the panes compute it (the occupancy only: no
 * findings, sweeps or simulation). */
static void make_row(struct browser *b, struct browser_line *row,
		     const struct report_record *rec, struct analysis *a)
{
	struct session_record r = session_record_of(b, row->record, rec);

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
	row->figures = true;
	session_analyse(b->session, &r, NULL, NULL, 0, a);
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

/* The hash of a line's launch and name: the name's key where every
 * record has one (keyed), else its bytes. */
static uint64_t hash_line(const struct browser *b, const struct browser_line *row, bool keyed)
{
	uint64_t h = 1469598103934665603ull;

	if (keyed)
		h = (h ^ report_name_key_at(b->report, row->record)) * 1099511628211ull;
	else
		for (const unsigned char *p =
			     (const unsigned char *)browser_name_of(b->report, row->record); *p; p++)
			h = (h ^ *p) * 1099511628211ull;
	h = (h ^ (uint64_t)row->grid_blocks) * 1099511628211ull;
	h = (h ^ (uint64_t)row->block_threads) * 1099511628211ull;
	h = (h ^ (uint64_t)row->registers) * 1099511628211ull;
	h = (h ^ (uint64_t)row->smem_bytes) * 1099511628211ull;
	return h;
}

static bool same_launch(const struct browser *b, const struct browser_line *x,
			const struct browser_line *y, bool keyed)
{
	if (x->grid_blocks != y->grid_blocks || x->block_threads != y->block_threads ||
	    x->registers != y->registers || x->smem_bytes != y->smem_bytes)
		return false;
	/* the same key is the same text (the store keeps each once) */
	if (keyed)
		return report_name_key_at(b->report, x->record) ==
			report_name_key_at(b->report, y->record);
	return strcmp(browser_name_of(b->report, x->record),
		      browser_name_of(b->report, y->record)) == 0;
}

/* Whether every record's full name has a key (a packed report's, all
 * named): then keys stand for names. A record without a full name goes
 * by its short name, which may be another's full name, so then none do. */
static bool all_keyed(const struct browser *b)
{
	for (size_t i = 0; i < b->n_rows; i++)
		if (!report_name_key_at(b->report, i))
			return false;
	return true;
}

/* Groups identical launches (same full name, grid, block, registers, shared
 * memory) with an open-addressing table of group indices. */
static bool make_groups(struct browser *b)
{
	size_t cap = 16;
	uint32_t *table;
	size_t *achieved_n;
	bool keyed = all_keyed(b);

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
		size_t slot = hash_line(b, row, keyed) & (cap - 1);
		struct browser_line *g;

		while (table[slot] != UINT32_MAX &&
		       !same_launch(b, &b->groups[table[slot]], row, keyed))
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
static void note_words(struct browser *b, const struct analysis *a)
{
	const struct engine_words *w = a->ok ? a->r.words : NULL;

	if (!w)
		return;
	if (!b->found_words) {
		b->found_words = w;
		b->found_vendor = (uint8_t)a->r.vendor;
	} else if (b->found_words != w) {
		b->words_mixed = true;
	}
}

/* b->words from the rows with figures so far: theirs where they share
 * one engine's, none where they differ, and where none was analysed (the
 * records name no GPU, none picked yet) their vendor's, as the parameter
 * line shows them ("wg", "vgpr"). */
static void settle_words(struct browser *b)
{
	b->words = NULL;
	if (b->words_mixed)
		return;
	if (b->found_words) {
		b->words = b->found_words;
		b->words_vendor = b->found_vendor;
	} else if (b->n_rows > 0) {
		struct report_record tmp;
		const struct report_record *first = report_peek(b->report, 0, &tmp);
		struct gpu g;

		if (first && report_vendor_device(session_db(b->session), first, NULL, &g)) {
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
}

/* Row i's figures; false when out of memory. */
static bool figure(struct browser *b, size_t i)
{
	struct report_record tmp;
	const struct report_record *rec;

	if (b->rows[i].figures)
		return true;
	if (!b->scratch && !(b->scratch = malloc(sizeof(*b->scratch))))
		return false;
	rec = report_peek(b->report, i, &tmp);
	if (!rec)
		return false;
	make_row(b, &b->rows[i], rec, b->scratch);
	report_unpeek(rec, &tmp);
	b->any_from |= b->rows[i].from;
	note_words(b, b->scratch);
	b->n_pending--;
	return true;
}

/* Every row has its figures: the words settled, the scratch analysis
 * given back. */
static bool finished(struct browser *b)
{
	free(b->scratch);
	b->scratch = NULL;
	settle_words(b);
	return true;
}

bool browser_rows_group(struct browser *b)
{
	if (b->groups)
		return true;
	/* as many lines as rows where no two launches are alike: made when
	 * asked for, not held by a list that is never grouped */
	if (!browser_finish(b) || !make_groups(b)) {
		free(b->groups);
		b->groups = NULL;
		b->n_groups = 0;
		return false;
	}
	return true;
}

bool browser_work(struct browser *b, size_t n)
{
	size_t was = b->n_pending;

	if (was == 0)
		return true;
	for (; n > 0 && b->n_pending > 0 && b->next_pending < b->n_rows; b->next_pending++) {
		if (b->rows[b->next_pending].figures)
			continue;
		if (!figure(b, b->next_pending))
			return false;
		n--;
	}
	if (b->n_pending == 0)
		return finished(b);
	if (b->n_pending != was)
		settle_words(b);
	return true;
}

bool browser_finish(struct browser *b)
{
	return browser_work(b, SIZE_MAX);
}

bool browser_show(struct browser *b, size_t from, size_t n)
{
	size_t was = b->n_pending;

	/* grouped, every row has its figures already */
	if (was == 0 || b->grouped)
		return true;
	for (size_t i = from; i < b->n_order && i - from < n; i++)
		if (!figure(b, b->order[i]))
			return false;
	if (b->n_pending == 0)
		return finished(b);
	if (b->n_pending != was)
		settle_words(b);
	return true;
}

bool browser_rows_fill(struct browser *b, struct session *s, const struct report *rep,
		       const char *file, struct browser_line *rows, uint32_t *order)
{
	struct kept_cells kept;

	memset(b, 0, sizeof(*b));
	b->report = rep;
	b->session = s;
	b->file = file;
	b->sort = BROWSER_COL_ID;
	b->rows = rows;
	b->order = order;
	if (!b->rows || !b->order) {
		browser_done(b);
		return false;
	}
	b->n_rows = rep->n;
	kept = kept_new(rep, rep->n);
	for (size_t i = 0; i < rep->n; i++) {
		if (!start_row(b, &b->rows[i], (uint32_t)i, &kept)) {
			free(kept.cells);
			browser_done(b);
			return false;
		}
		b->any_from |= b->rows[i].from;
		if (b->rows[i].from & BROWSER_GPU_NONE)
			b->n_gpu_none++;
	}
	free(kept.cells);
	b->n_pending = rep->n;
	settle_words(b);
	if (rep->n == 0 && !finished(b)) {
		browser_done(b);
		return false;
	}
	return true;
}

bool browser_rows_room(struct browser *b, size_t n)
{
	struct browser_line *rows;
	uint32_t *order;

	if (n > UINT32_MAX - 1)
		return false;
	/* The new rows in the old ones' room, not beside them: a report read
	 * again whole then holds one browser's rows at a time. */
	if (n > b->n_rows) {
		rows = realloc(b->rows, n * sizeof(*rows));
		if (!rows)
			return false;
		b->rows = rows;
		order = realloc(b->order, n * sizeof(*order));
		if (!order)
			return false;
		b->order = order;
	}
	free(b->groups);
	b->groups = NULL;
	free(b->scratch);
	b->scratch = NULL;
	return true;
}

void browser_done(struct browser *b)
{
	free(b->rows);
	free(b->groups);
	free(b->order);
	free(b->scratch);
	memset(b, 0, sizeof(*b));
}

bool browser_rows_add(struct browser *b, const char *file)
{
	const struct report *rep = b->report;
	size_t was = b->n_rows;
	struct browser_line *rows;
	size_t n_pending = b->n_pending;
	uint32_t *order;
	struct kept_cells kept;

	if (rep->n > UINT32_MAX - 1)
		return false;
	b->file = file;
	rows = realloc(b->rows, rep->n * sizeof(*rows));
	if (rows)
		b->rows = rows;
	order = realloc(b->order, rep->n * sizeof(*order));
	if (order)
		b->order = order;
	if (!rows || !order)
		return false;
	kept = kept_new(rep, rep->n - was);
	for (size_t i = was; i < rep->n; i++) {
		if (!start_row(b, &b->rows[i], (uint32_t)i, &kept)) {
			free(kept.cells);
			return false;
		}
		b->any_from |= b->rows[i].from;
		if (b->rows[i].from & BROWSER_GPU_NONE)
			b->n_gpu_none++;
	}
	free(kept.cells);
	b->n_rows = rep->n;
	b->n_pending += rep->n - was;
	/* Only the new records are analysed (at once where no other row
	 * waits); the groups, where there are any, are counted again. */
	if (n_pending == 0 && !browser_finish(b)) {
		b->n_rows = was;
		b->n_pending = 0;
		return false;
	}
	free(b->groups);
	b->groups = NULL;
	b->n_groups = 0;
	return true;
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
