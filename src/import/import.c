/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* import.c - the import driver: finds the table in a profiler file, picks the
 * importer by the header row's content, feeds it the rows. */
#include "config.h"

#include "import.h"

#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "import_amdgpu.h"
#include "import_binary.h"
#include "import_cursor.h"
#include "readfile.h"
#include "strutil.h"

/* Probed in this order; the first whose probe says yes reads the table. */
static const struct import_class *const import_classes[] = {
	&import_rocprof_v1,
	&import_rocprof_v2,
	&import_rocprof_v3_trace,
	&import_rocprof_v3_counters,
	&import_ncu_details,
	&import_ncu_raw,
	&import_nvprof_trace,
	&import_nvprof_metrics,
	&import_nvprof_events,
};

/* Tables of fixed-width text, probed on the head of the text after the
 * text formats; read line by line, as CSV tables are row by row. */
static const struct import_class *const import_line_classes[] = {
	&import_nvprof_trace_text,
};

/* Formats that are not CSV, offered the whole text first. */
static const struct import_text_class *const import_text_classes[] = {
	&import_cudaprof_log,
	&import_nvprof_metrics_text,
	&import_codexl_occupancy,
	&import_codexl_display,
	&import_clang_remarks,
	&import_ptxas_log,
};

/* Tables occview recognises but cannot use: refused with a reason instead of
 * "unknown format". Every listed column must be in the header. */
struct import_refusal {
	const char *columns[4];
	const char *why;
};

static const struct import_refusal import_refusals[] = {
	{ { "Name", "Calls", "TotalDurationNs", NULL },
	  "a rocprof --stats summary (Name, Calls, TotalDurationNs) has no launch parameters "
	  "(grid, workgroup, registers, LDS), so there is no occupancy to explain; "
	  "load the results.csv (rocprof) or kernel_trace.csv (rocprofv3) of the same run" },
	{ { "Time(%)", "Calls", "Name", NULL },
	  "an nvprof --print-gpu-summary table (Time(%), Calls, Name) has no launch "
	  "parameters (grid, block, registers, shared memory), so there is no occupancy to "
	  "explain; load the --print-gpu-trace --csv output of the same run instead" },
	{ { "Agent_Type", "Simd_Count", "Max_Waves_Per_Simd", NULL },
	  "rocprofv3's agent info (Agent_Type, Simd_Count, Max_Waves_Per_Simd) lists the "
	  "devices of a run, not its kernels; load the PREFIX_kernel_trace.csv or "
	  "PREFIX_counter_collection.csv beside it, which takes its XCD count from this file" },
};

/* What report_read looks at before the table: text formats and ncu's text
 * output are told apart within it, and only within it, however much a read
 * brought in (a whole text, a caller's head, a window), so that every way of
 * reading a file takes it for the same format. */
#define REPORT_HEAD ((size_t)64 << 10)

/* Profiler chatter, never table rows: ncu "==PROF==", "==ERROR==", nvprof
 * "==12345==". */
static bool is_banner(const char *s, size_t n)
{
	return n >= 2 && s[0] == '=' && s[1] == '=';
}

static bool is_blank(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!isspace((unsigned char)s[i]))
			return false;
	return true;
}

/* Parses text[b, e) as CSV into one row (rows of a one-record chunk); false
 * when it is not CSV or holds no row. */
static bool parse_one(const char *name, const char *text, size_t b, size_t e, long first_line,
		      struct csv_rows *rows)
{
	struct occ_error ignored = { 0 };

	if (!csvread_parse_libcsv(name, text + b, e - b, rows, &ignored))
		return false;
	if (rows->n == 0) {
		csvread_free(rows);
		return false;
	}
	for (size_t i = 0; i < rows->n; i++)
		rows->rows[i].line += first_line - 1;
	return true;
}

static bool header_has(const struct csv_row *h, const char *const *cols)
{
	for (; *cols; cols++)
		if (csvread_column(h, *cols) < 0)
			return false;
	return true;
}

/* The first bytes of a line, made safe to print, in out. */
static void snippet(const char *s, size_t n, char *out, size_t size)
{
	char raw[140];

	if (n > sizeof(raw) - 1)
		n = sizeof(raw) - 1;
	memcpy(raw, s, n);
	raw[n] = '\0';
	str_sanitize(raw, out, size);
}

static bool odd_quotes(const char *s, size_t n)
{
	size_t q = 0;

	for (size_t i = 0; i < n; i++)
		q += s[i] == '"';
	return q % 2 == 1;
}

/* How far the header is looked for: application output before a profiler's
 * table is passed over, but a stream that never brings one (yes a,b,c |
 * occview) is given up on, at whichever bound comes first. Lines that read
 * as CSV rows of 2 or more fields cost a parse each, so they have the
 * tighter bound. */
#define HEADER_SEARCH_TABLE_LINES 20000L
#define HEADER_SEARCH_BYTES ((size_t)16 << 20)

/* Finds the header: the first line that some importer's probe accepts.
 * Lines before it (application output, banners) are passed over. On failure
 * err says why: a known table occview refuses, Nsight Compute's text output
 * (text_line: where the head of the file showed it, else 0), a CSV header of
 * no known format, or no table at all. */
/* The header search's bound was reached: what it saw instead. */
static void gave_up(const char *name, long line, long lines, long table_lines, size_t bytes,
		    long unknown_line, const char *unknown, const char *refused,
		    struct occ_error *err)
{
	char first[200] = "";

	if (unknown_line)
		snprintf(first, sizeof(first), "; the first, line %ld: \"%s\"", unknown_line,
			 unknown);
	if (table_lines >= HEADER_SEARCH_TABLE_LINES)
		occ_error_set(err, OCC_EDATA, name, line, NULL,
			      "no profiler table in the first %ld table-like lines (%ld lines in "
			      "all), none of them a header occview knows%s%s%s: not read further",
			      table_lines, lines, first, refused ? "; " : "", refused ? refused : "");
	else
		occ_error_set(err, OCC_EDATA, name, line, NULL,
			      "no profiler table in the first %zu MiB (%ld lines, %ld of them "
			      "table-like)%s: not read further", bytes >> 20, lines, table_lines,
			      first);
}

static bool find_header(const char *name, struct cursor *c, long text_line,
			const struct import_class **cls,
			struct import_state **state, size_t *header_fields, struct occ_error *err)
{
	long unknown_line = 0;
	char unknown[160] = "";
	const char *refused = NULL;
	long refused_line = 0, error_line = 0, cut_line = 0;
	char error_text[160] = "", cut[100] = "";
	long table_lines = 0, first_line = c->line;
	size_t seen = 0;

	while (c->pos < c->len || cursor_fill(c)) {
		size_t next, end = cursor_line_end(c, &next);
		const char *s = c->text + c->pos;
		struct csv_rows rows;
		bool found = false;

		if (c->failed)
			return false;
		if (table_lines >= HEADER_SEARCH_TABLE_LINES || seen >= HEADER_SEARCH_BYTES) {
			gave_up(name, c->line, c->line - first_line, table_lines, seen, unknown_line,
				unknown, refused, err);
			return false;
		}
		seen += next - c->pos;
		/* The profiler's own error ("==ERROR== The application returned an
		 * error code (1).") says why a run left no table. */
		if (!error_line && end - c->pos > 9 && memcmp(s, "==ERROR==", 9) == 0) {
			snippet(s, end - c->pos, error_text, sizeof(error_text));
			error_line = c->line;
		}
		if (!is_blank(s, end - c->pos) && !is_banner(s, end - c->pos) &&
		    !parse_one(name, c->text, c->pos, end, c->line, &rows)) {
			/* The file's last line, ended inside a quoted field: a
			 * header cut short (a copy or a download that stopped). */
			if (next == c->len && odd_quotes(s, end - c->pos)) {
				snippet(s, end - c->pos, cut, sizeof(cut));
				cut_line = c->line;
			}
		} else if (!is_blank(s, end - c->pos) && !is_banner(s, end - c->pos)) {
			const struct csv_row *h = &rows.rows[0];

			for (size_t i = 0; h->n >= 2 && !found && i < sizeof(import_classes) /
								      sizeof(import_classes[0]); i++) {
				*state = NULL;
				if (import_classes[i]->probe(h, state)) {
					*cls = import_classes[i];
					*header_fields = h->n;
					found = true;
				}
			}
			for (size_t i = 0; !found && !refused &&
					   i < sizeof(import_refusals) / sizeof(import_refusals[0]); i++) {
				if (header_has(h, import_refusals[i].columns)) {
					refused = import_refusals[i].why;
					refused_line = c->line;
				}
			}
			if (!found && !unknown_line && h->n >= 3) {
				snippet(s, end - c->pos, unknown, sizeof(unknown));
				unknown_line = c->line;
			}
			if (!found && h->n >= 2)
				table_lines++;
			csvread_free(&rows);
		}
		c->pos = next;
		c->line++;
		if (found)
			return true;
	}
	if (c->failed)
		return false;
	if (refused)
		occ_error_set(err, OCC_EDATA, name, refused_line, NULL, "%s", refused);
	else if (text_line)
		occ_error_set(err, OCC_EDATA, name, text_line, NULL,
			      "this is Nsight Compute's text output, which occview does not read; "
			      "export the report as CSV: ncu --csv (or ncu --import FILE.ncu-rep --csv, "
			      "optionally with --page raw)");
	else if (error_line)
		occ_error_set(err, OCC_EDATA, name, error_line, NULL,
			      "no table found: the profiler wrote no CSV header, and line %ld says "
			      "\"%s\"", error_line, error_text);
	else if (cut_line && (!unknown_line || cut_line < unknown_line))
		occ_error_set(err, OCC_EDATA, name, cut_line, NULL,
			      "the file ends inside a quoted field of what looks like a CSV header "
			      "(a truncated file?): \"%s\"", cut);
	else if (unknown_line)
		occ_error_set(err, OCC_EDATA, name, unknown_line, NULL,
			      "no profiler table occview knows: the first table-like line is "
			      "\"%s\" (formats are told apart by their header columns)",
			      unknown);
	else
		occ_error_set(err, OCC_EDATA, name, 0, NULL,
			      "no table found: no line looks like a profiler CSV header");
	return false;
}

/* The table being read, and where its records go. */
struct table {
	const char *name;
	const struct import_class *cls;
	struct import_state *state;
	size_t header_fields;
	const struct report_sink *sink;   /* NULL: r keeps every record */
};

/* Hands r's records but the last keep to the sink, oldest first. False when
 * the sink stopped the reading. */
static bool settle(const struct report_sink *sink, struct report *r, size_t keep)
{
	if (!sink)
		return true;
	r->n_settled = 0;
	while (r->n > keep) {
		struct report_record *rec = report_shift(r);
		bool go = sink->record(sink->ctx, r, rec);

		report_record_done(rec);
		if (!go)
			return false;
	}
	return true;
}

/* How many of r's records the importer holds open (no more than
 * REPORT_PENDING_MAX: those past it go out as they are). */
static size_t open_records(const struct table *t, const struct report *r)
{
	size_t keep = t->cls->pending ? t->cls->pending(t->state, r) : r->n;

	return keep < REPORT_PENDING_MAX ? keep : REPORT_PENDING_MAX;
}

/* One row to the importer, then to the sink what the importer no longer
 * holds open, a batch at a time; a row of one field in a table of several
 * is a stray line, not a row. False when the sink stopped the reading. */
static bool feed(const struct table *t, const struct csv_row *row, struct report *r,
		 struct occ_error *err)
{
	size_t keep;

	if (row->n < 2 && t->header_fields >= 2)
		return true;
	if (!t->cls->row(t->state, row, r, t->name, err))
		r->rejected_rows++;
	if (!t->sink)
		return true;
	keep = open_records(t, r);
	if (r->n - keep < REPORT_SETTLE_BATCH && r->n <= REPORT_PENDING_MAX) {
		r->n_settled = r->n - keep;
		return true;
	}
	return settle(t->sink, r, keep);
}

/* Every settled record to the sink, before a read that may wait. */
static bool drain(const struct table *t, struct report *r)
{
	return !t->sink || settle(t->sink, r, open_records(t, r));
}

/* Feeds every record after the header to the importer. Banners, blank lines
 * and lines that are not CSV records of this table (application output
 * between rows: no comma, or not CSV at all) are passed over. A record on one
 * line with plain fields (nearly all of them) is split by csvread_split;
 * the others go through libcsv. False when the sink stopped the reading. */
static bool read_rows(const struct table *t, struct cursor *c, struct report *r,
		      struct occ_error *err)
{
	struct csv_split split = { 0 };
	bool go = true;

	while (go && (c->pos < c->len || ((go = drain(t, r)) && cursor_fill(c)))) {
		size_t next, end = cursor_line_end(c, &next);
		const char *s = c->text + c->pos;
		struct csv_rows rows;
		bool unclosed = false;
		long lines;
		size_t rec_end;
		int k;

		if (c->failed)
			break;
		if (is_blank(s, end - c->pos) || is_banner(s, end - c->pos)) {
			c->pos = next;
			c->line++;
			continue;
		}
		split.want = t->cls->columns ? t->cls->columns(t->state, &split.want_words) : NULL;
		k = csvread_split(&split, s, end - c->pos, c->line);
		if (k > 0 && split.want && t->cls->whole && t->cls->whole(t->state, &split.row)) {
			split.want = NULL;
			k = csvread_split(&split, s, end - c->pos, c->line);
		}
		if (k >= 0) {
			/* All its quotes closed on this line: the record is the line. */
			c->pos = next;
			c->line++;
			if (k > 0)
				go = feed(t, &split.row, r, err);
			continue;
		}
		rec_end = cursor_record_end(c, &lines, &unclosed);
		if (c->failed)
			break;
		if (!parse_one(t->name, c->text, c->pos, rec_end, c->line, &rows)) {
			/* Not CSV: skip this physical line only, so a broken quote
			 * in one line of chatter costs no row after it. (The window
			 * may have slid: find the line again.) The last line is
			 * different: a quote left open there is a row cut short (a
			 * truncated file), which is counted, not dropped; a last
			 * line that is not CSV for another reason is chatter, as
			 * any other line (whether the reader had seen the end of
			 * the file yet or not). */
			cursor_line_end(c, &next);
			if (next == c->len && unclosed) {
				occ_error_set(err, OCC_EDATA, t->name, c->line, NULL,
					      "the file ends inside this row (a quoted field is "
					      "never closed): was it cut short?");
				r->rejected_rows++;
			}
			c->pos = next;
			c->line++;
			continue;
		}
		c->pos = rec_end;
		c->line += lines;
		for (size_t i = 0; go && i < rows.n; i++)
			go = feed(t, &rows.rows[i], r, err);
		csvread_free(&rows);
	}
	csvread_split_free(&split);
	return go;
}

/* Feeds every line after the head's start to a table of fixed-width text,
 * as one-field rows: blank lines too (a table's end may be one), banners
 * not. False when the sink stopped the reading. */
static bool read_lines(const struct table *t, struct cursor *c, struct report *r,
		       struct occ_error *err)
{
	char *line = NULL;
	size_t cap = 0;
	bool go = true;

	while (go && (c->pos < c->len || ((go = drain(t, r)) && cursor_fill(c)))) {
		size_t next, end = cursor_line_end(c, &next), n = end - c->pos;
		const char *s = c->text + c->pos;

		if (c->failed)
			break;
		if (!is_banner(s, n)) {
			struct csv_row row = { c->line, 1, &line };

			if (n + 1 > cap) {
				char *nl = realloc(line, n + 1 + CSV_FIELD_SLACK);

				if (!nl) {
					cursor_fails(c);
					occ_error_set(err, OCC_ESOFTWARE, t->name, c->line, NULL,
						      "out of memory (a line of %zu bytes)", n);
					break;
				}
				line = nl;
				cap = n + 1;
			}
			memcpy(line, s, n);
			memset(line + n, 0, 1 + CSV_FIELD_SLACK);
			go = feed(t, &row, r, err);
		}
		c->pos = next;
		c->line++;
	}
	free(line);
	return go;
}

/* The end of a read: with a sink the records still held go to it, and r
 * gives back its room for records; a failed read leaves r empty. */
static bool read_end(bool ok, const struct report_sink *sink, struct report *r)
{
	if (!ok || !settle(sink, r, 0)) {
		report_done(r);
		return false;
	}
	if (sink) {
		free(r->store);
		r->store = r->records = NULL;
		r->store_cap = 0;
	}
	return true;
}

/* A table that gave no record: when its kernel rows were all rejected, err
 * holds the first, and the file is refused for that, not for being empty. */
static void no_records(struct occ_error *err, const char *name, const struct report *r,
		       const char *format, const char *what)
{
	struct occ_error first = *err;

	if (r->rejected_rows == 0 || first.status == OCC_OK) {
		occ_error_set(err, OCC_EDATA, name, 0, NULL, "the %s %s", format, what);
		return;
	}
	occ_error_clear(err);
	occ_error_set(err, OCC_EDATA, first.file, first.line, first.field,
		      "%s (every kernel row of the %s was rejected: %zu, the first shown)",
		      first.message, format, r->rejected_rows);
}

static bool report_read(const char *name, struct cursor *c, const struct report_sink *sink,
			struct report *r, struct occ_error *err)
{
	struct table t = { .name = name, .sink = sink };
	long text_line = 0, header_line = 0;
	size_t head;
	bool ok = true;

	*r = (struct report){ 0 };
	occ_error_clear(err);
	c->name = name;
	c->err = err;
	if (c->f) {
		/* The caller's head (fill checks only what it reads), then enough
		 * of the file to see a BOM and whether that is all. */
		if (!cursor_check_text(c))
			return false;
		while (c->len < 4 && cursor_fill(c))
			;
		if (c->failed)
			return false;
	}
	if (c->len >= 3 && memcmp(c->text, "\xEF\xBB\xBF", 3) == 0)
		c->pos = 3;
	if (c->pos == c->len && (!c->f || c->eof)) {
		occ_error_set(err, OCC_EDATA, name, 0, NULL, "empty file");
		return false;
	}
	if (!c->f && str_is_binary(c->text + c->pos, c->len - c->pos, &c->line)) {
		occ_error_set(err, OCC_EDATA, name, c->line, NULL,
			      "not a text file (binary data), so not a profiler report");
		return false;
	}
	if (c->f) {
		/* The head of the file, for the formats told apart by more than
		 * one line. */
		while (!c->eof && c->len - c->pos < REPORT_HEAD && cursor_fill(c))
			;
		if (c->failed)
			return false;
	}
	head = c->len - c->pos < REPORT_HEAD ? c->len - c->pos : REPORT_HEAD;
	for (size_t i = 0; i < sizeof(import_text_classes) / sizeof(import_text_classes[0]); i++) {
		const struct import_text_class *tc = import_text_classes[i];

		if (!tc->probe(c->text + c->pos, head))
			continue;
		/* These formats are small logs, read whole and handed over at
		 * the end. */
		while (cursor_fill(c))
			;
		if (c->failed)
			return false;
		str_copy(r->format, sizeof(r->format), tc->name);
		ok = tc->parse(name, c->text + c->pos, c->len - c->pos, r, err);
		if (ok && r->n == 0) {
			no_records(err, name, r, tc->name, "holds no kernel records");
			ok = false;
		}
		return read_end(ok, sink, r);
	}
	for (size_t i = 0; !t.cls && i < sizeof(import_line_classes) /
						sizeof(import_line_classes[0]); i++) {
		t.state = NULL;
		if (import_line_classes[i]->probe_text(c->text + c->pos, head, &t.state)) {
			t.cls = import_line_classes[i];
			t.header_fields = 1;
		}
	}
	if (!t.cls) {
		if (!import_ncu_text_output(c->text + c->pos, head, &text_line))
			text_line = 0;
		if (!find_header(name, c, text_line, &t.cls, &t.state, &t.header_fields, err))
			return false;
		header_line = c->line - 1;
	}
	str_copy(r->format, sizeof(r->format), t.cls->name);
	r->per_kernel = t.cls->per_kernel;
	if (!(t.cls->probe_text ? read_lines(&t, c, r, err) : read_rows(&t, c, r, err)) ||
	    c->failed)
		ok = false;
	else if (t.cls->finish && !t.cls->finish(t.state, r, name, err))
		ok = false;
	if (t.cls->free_state)
		t.cls->free_state(t.state);
	if (ok && r->n + r->n_streamed == 0 && r->rejected_rows == 0 && c->len > 0 &&
	    c->text[c->len - 1] != '\n' && c->text[c->len - 1] != '\r') {
		/* A file cut before its first kernel row (inside the units row
		 * under a raw page's or a GPU trace's header) reads as a table
		 * of none: the line it ends in says so, and where the table
		 * began. */
		occ_error_set(err, OCC_EDATA, name, c->line - 1, NULL,
			      "the %s table (its header on line %ld) holds no kernel rows, and the "
			      "file ends inside this line (the units row under its header, where "
			      "it has one), with no line end: was it cut short?", t.cls->name,
			      header_line);
		ok = false;
	} else if (ok && r->n + r->n_streamed == 0 && header_line > 0 && r->rejected_rows == 0 &&
		   r->skipped_rows == 0) {
		/* A CSV table cut short at a line end: where it began and where
		 * the file ends say so. */
		long last = c->line - 1 > header_line ? c->line - 1 : header_line;

		occ_error_set(err, OCC_EDATA, name, last, NULL, "the %s table (its header on line "
			      "%ld) holds no kernel rows: the file ends at line %ld (cut short?)",
			      t.cls->name, header_line, last);
		ok = false;
	} else if (ok && r->n + r->n_streamed == 0) {
		no_records(err, name, r, t.cls->name, "table holds no kernel rows");
		ok = false;
	}
	return read_end(ok, sink, r);
}

bool report_head_text_format(const char *text, size_t len)
{
	size_t pos = len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
	size_t head = len - pos < REPORT_HEAD ? len - pos : REPORT_HEAD;

	for (size_t i = 0; i < sizeof(import_text_classes) / sizeof(import_text_classes[0]); i++)
		if (import_text_classes[i]->probe(text + pos, head))
			return true;
	return false;
}

bool report_head_per_kernel(const char *text, size_t len)
{
	struct occ_error ignored = { 0 };
	struct cursor c = { .text = text, .len = len, .line = 1, .eof = true, .name = "",
			    .err = &ignored };
	const struct import_class *cls = NULL;
	struct import_state *state = NULL;
	size_t fields, head;
	bool per_kernel;

	if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
		c.pos = 3;
	/* As report_read tells the text formats apart: within REPORT_HEAD. */
	head = len - c.pos < REPORT_HEAD ? len - c.pos : REPORT_HEAD;
	for (size_t i = 0; i < sizeof(import_text_classes) / sizeof(import_text_classes[0]); i++)
		if (import_text_classes[i]->probe(text + c.pos, head))
			return false;
	for (size_t i = 0; !cls && i < sizeof(import_line_classes) / sizeof(import_line_classes[0]);
	     i++)
		if (import_line_classes[i]->probe_text(text + c.pos, head, &state))
			cls = import_line_classes[i];
	if (!cls && !find_header("", &c, 0, &cls, &state, &fields, &ignored))
		return false;
	per_kernel = cls->per_kernel;
	if (cls->free_state)
		cls->free_state(state);
	return per_kernel;
}

bool report_parse(const char *name, const char *text, size_t len, struct report *r,
		  struct occ_error *err)
{
	struct cursor c = { .text = text, .len = len, .line = 1, .eof = true };

	return report_read(name, &c, NULL, r, err);
}

bool report_stream(const char *name, FILE *f, const char *head, size_t head_len,
		   const struct report_sink *sink, struct report *r, struct occ_error *err)
{
	struct cursor c = { .text = "", .line = 1, .f = f };
	bool ok;

	if (head_len > 0) {
		/* The window starts as the head; fill slides and grows it. */
		c.cap = head_len > REPORT_WINDOW ? head_len : REPORT_WINDOW;
		c.buf = malloc(c.cap);
		if (!c.buf) {
			*r = (struct report){ 0 };
			occ_error_set(err, OCC_ESOFTWARE, name, 0, NULL, "out of memory");
			return false;
		}
		memcpy(c.buf, head, head_len);
		c.text = c.buf;
		c.len = head_len;
	}
	ok = report_read(name, &c, sink, r, err);
	free(c.buf);
	return ok;
}

bool report_load(const char *path, struct report *r, struct occ_error *err)
{
	FILE *f = str_open_input(path, -1, err);
	unsigned char magic[4];
	struct stat st;
	bool ok;

	if (!f) {
		*r = (struct report){ 0 };
		return false;
	}
	/* A compiled binary is mapped, not read as text (a pipe is no binary
	 * occview reads, and is never read twice): an AMD one (a code object,
	 * an offload bundle, a host file with .hip_fatbin) or an NVIDIA one. */
	if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode)) {
		char head[32];
		size_t n = fread(head, 1, sizeof(head), f);

		if (import_amdgpu_claims(f, head, n)) {
			ok = import_amdgpu_load(path, f, head, n, r, err);
			fclose(f);
			return ok;
		}
		memcpy(magic, head, n < sizeof(magic) ? n : sizeof(magic));
		if (n >= sizeof(magic) && import_binary_probe(magic, sizeof(magic))) {
			fclose(f);
			return report_binary_stream(path, NULL, r, NULL, err);
		}
		rewind(f);
	}
	ok = report_stream(path, f, NULL, 0, NULL, r, err);
	fclose(f);
	return ok;
}
