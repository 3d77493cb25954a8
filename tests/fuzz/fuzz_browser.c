/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* fuzz_browser.c - libFuzzer harness for the kernel browser's model
 * (ui/model/browser.c): a report read from the input's first part (as the
 * explorer reads FILE: session_load), its records in a browser, then the
 * second part as a stream of what the browser pane asks: filters, sorts,
 * grouping, moves, selections, a reload of the same file and the detail's
 * analysis. After each, the list is checked against browser.h's promises,
 * aborting when one is broken: the order holds each line at most once and
 * only lines that exist; the lines shown are exactly those whose short or
 * full name holds the filter (any ASCII case); they are sorted by the column
 * (ascending or descending, absent values last); ungrouped and unfiltered
 * every record is shown, and grouped the groups' counts add up to the
 * records (and those of the lines shown to n_order_records); the selection
 * is on the list. Parts are cut at FUZZ_SEP lines
 * (fuzzutil.h). Ops: 'f' TEXT '\n' a filter; 's' B the sort (column B mod
 * the columns, descending when B >= 0x80); 'g' grouping on or off; 'm' B a
 * move by B as a signed byte; '<' / '>' a move by LONG_MIN / LONG_MAX; 'S' B
 * a sort as the column's key does; '/' D TEXT '\n' a search (direction D, a
 * signed byte); 'r' B
 * the selection of record B; 'R' a reload; 'a' the selected record's
 * analysis. Build and run (not part of make check; tests/fuzz/replay.c
 * replays its seeds there):
 *   tests/fuzz/run.sh browser [SECONDS]
 */
#include "config.h"

#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "browser.h"
#include "gpu.h"
#include "session.h"

#include "fuzzutil.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *why, const struct browser *b)
{
	fprintf(stderr, "fuzz: browser: %s (filter \"%s\", sort %d%s, %s, %zu shown of %zu rows, "
		"%zu groups)\n", why, b->filter, (int)b->sort, b->descending ? " descending" : "",
		b->grouped ? "grouped" : "ungrouped", b->n_order, b->n_rows, b->n_groups);
	abort();
}

static bool holds(const char *hay, const char *needle)
{
	size_t n = strlen(needle);

	if (n == 0)
		return true;
	for (; *hay; hay++) {
		size_t k = 0;

		while (k < n && hay[k] && tolower((unsigned char)hay[k]) ==
					  tolower((unsigned char)needle[k]))
			k++;
		if (k == n)
			return true;
	}
	return false;
}

static bool shown_by_filter(const struct browser *b, const struct browser_line *l)
{
	const char *name = report_name_at(b->report, l->record);

	return holds(report_short_name_at(b->report, l->record), b->filter) ||
	       (name && holds(name, b->filter));
}

/* The sort column's value of l as browser.h describes the columns; NAN
 * where absent. */
static double value_of(const struct browser *b, const struct browser_line *l)
{
	switch (b->sort) {
	case BROWSER_COL_ID: return l->id < 0 ? (double)l->record : (double)l->id;
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
	default: return NAN;
	}
}

static void check(const struct browser *b)
{
	const struct browser_line *all = b->grouped ? b->groups : b->rows;
	size_t n_all = b->grouped ? b->n_groups : b->n_rows, matching = 0, counted = 0, shown = 0;
	uint8_t *seen = calloc(n_all ? n_all : 1, 1);

	if (!seen)
		abort();
	if (b->n_order > n_all)
		fail("more lines shown than there are", b);
	for (size_t i = 0; i < n_all; i++) {
		matching += shown_by_filter(b, &all[i]);
		counted += all[i].count;
		if (all[i].record >= b->n_rows || browser_limiter_label(&all[i]) == NULL)
			fail("a line of a record that is not there", b);
	}
	if (matching != b->n_order)
		fail("the lines shown are not those the filter holds", b);
	if (counted != b->n_rows)
		fail("the lines' counts do not add up to the records", b);
	for (size_t i = 0; i < b->n_order; i++) {
		const struct browser_line *l = browser_line_at(b, i);

		if (b->order[i] >= n_all || seen[b->order[i]]++)
			fail("a line shown twice, or one that does not exist", b);
		shown += l->count;
		if (!shown_by_filter(b, l))
			fail("a line shown that the filter does not hold", b);
		if (i == 0)
			continue;
		const struct browser_line *p = browser_line_at(b, i - 1);
		int c;

		if (b->sort == BROWSER_COL_NAME) {
			c = strcmp(report_short_name_at(b->report, p->record),
				   report_short_name_at(b->report, l->record));
		} else {
			double x = value_of(b, p), y = value_of(b, l);

			if (isnan(x) || isnan(y)) {
				if (isnan(x) && !isnan(y))
					fail("an absent value before a present one", b);
				continue;
			}
			c = (x > y) - (x < y);
		}
		if (b->descending ? c < 0 : c > 0)
			fail("the lines are out of order", b);
	}
	if (shown != b->n_order_records)
		fail("n_order_records is not the records of the lines shown", b);
	if (b->n_order ? b->selected >= b->n_order : b->selected != 0)
		fail("the selection is off the list", b);
	if ((browser_selected_record(b) == SIZE_MAX) != (b->n_order == 0))
		fail("a selected record without a list, or none with one", b);
	free(seen);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct gpu_db *db;
	struct occ_error err = { 0 };
	struct fuzz_part part[2];
	struct session_input *in;
	struct session *s;
	struct browser b;
	char path[600], *msg = NULL;
	int status = 0;
	size_t reloads = 0, msg_len = 0;
	FILE *msgs;

	if (!db && !(db = gpu_db_new_builtin(&err)))
		abort();
	fuzz_split(data, size, part, 2);
	fuzz_write("report", part[0].p, part[0].n, path, sizeof(path));
	/* in[0] the report; in[1], in[2] a reload's, each kept while the
	 * browser holds it */
	if (!(in = calloc(3, sizeof(*in))) || !(s = session_new(db, NULL, &err)) ||
	    !(msgs = open_memstream(&msg, &msg_len)))
		abort();
	if (!session_load(s, path, &in[0], msgs, &status) || in[0].kind != SESSION_REPORT) {
		session_input_done(&in[0]);
		free(in);
		session_free(s);
		goto out;
	}
	if (!browser_init(&b, s, &in[0].report, path))
		abort();
	check(&b);
	for (size_t i = 0; i < part[1].n; i++) {
		const char *op = part[1].p;
		uint8_t next = i + 1 < part[1].n ? (uint8_t)op[i + 1] : 0;
		struct analysis *a;
		char text[300];
		size_t k;

		switch (op[i]) {
		case 'f':
			for (k = 0; i + 1 < part[1].n && op[i + 1] != '\n' && k + 1 < sizeof(text); k++)
				text[k] = op[++i];
			text[k] = '\0';
			if (!browser_set_filter(&b, text))
				abort();
			break;
		case 's':
			if (!browser_set_sort(&b, (enum browser_column)(next % BROWSER_N_COLUMNS),
					      next >= 0x80))
				abort();
			i++;
			break;
		case 'S':
			if (!browser_sort_by(&b, (enum browser_column)(next % BROWSER_N_COLUMNS)))
				abort();
			i++;
			break;
		case '/':
			for (k = 0; i + 2 < part[1].n && op[i + 2] != '\n' && k + 1 < sizeof(text); k++)
				text[k] = op[2 + i++];
			text[k] = '\0';
			browser_search(&b, text, (int8_t)next);
			i++;
			break;
		case 'g':
			if (!browser_set_grouped(&b, !b.grouped))
				abort();
			break;
		case 'm':
			browser_move(&b, (int8_t)next);
			i++;
			break;
		case '<':
			browser_move(&b, LONG_MIN);
			break;
		case '>':
			browser_move(&b, LONG_MAX);
			break;
		case 'r':
			browser_select_record(&b, next);
			i++;
			break;
		case 'R':
			if (reloads >= 2)
				break;
			reloads++;
			if (session_load(s, path, &in[reloads], msgs, &status) &&
			    in[reloads].kind == SESSION_REPORT) {
				size_t keep = browser_selected_record(&b);

				if (!browser_reload(&b, &in[reloads].report, path,
						    keep == SIZE_MAX ? 0 : keep))
					abort();
			}
			break;
		case 'a':
			if (browser_selected_record(&b) == SIZE_MAX)
				break;
			if (!(a = calloc(1, sizeof(*a))))
				abort();
			browser_analyse(&b, browser_selected_record(&b), a);
			free(a);
			break;
		default:
			continue;
		}
		check(&b);
	}
	browser_done(&b);
	for (size_t i = 0; i <= reloads; i++)
		session_input_done(&in[i]);
	free(in);
	session_free(s);
out:
	if (fclose(msgs) != 0)
		abort();
	fuzz_check_clean("messages", msg, msg_len, false);
	free(msg);
	return 0;
}
