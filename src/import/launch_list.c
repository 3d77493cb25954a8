/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* launch_list.c - launch lists read one CSV record at a time from a text or a stream. */
#include "config.h"

#include "launch_list.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "csvread.h"
#include "params.h"
#include "strutil.h"

/* Read from the stream in blocks of this; one record longer than
 * LIST_MAX_RECORD is no launch list (a wrong file), refused before it eats
 * the memory. */
#define LIST_BLOCK ((size_t)64 << 10)
#define LIST_MAX_RECORD ((size_t)16 << 20)

static const enum launch_param required[] = { PARAM_GRID, PARAM_BLOCK, PARAM_REGISTERS };

static bool is_required(enum launch_param p)
{
	for (size_t i = 0; i < sizeof(required) / sizeof(required[0]); i++)
		if (required[i] == p)
			return true;
	return false;
}

/* The text: the head, then blocks of f; the record being gathered in rec,
 * its line ends made LF. */
struct list_input {
	const char *name;
	FILE *f;
	const char *src;     /* head, then blk */
	size_t avail, pos;
	bool on_head;
	char *blk;
	char *rec;
	size_t rec_len, rec_cap;
	bool cr;             /* the last line ended at a CR: an LF next belongs to it */
	long line;           /* the line the next physical line is */
	struct occ_error *err;
	bool failed;
};

/* The next bytes of the text in src; false at its end or on a read error
 * (failed, err says why). */
static bool refill(struct list_input *in)
{
	size_t got;

	if (!in->f || in->failed)
		return false;
	if (!in->blk && !(in->blk = malloc(LIST_BLOCK))) {
		occ_error_set(in->err, OCC_ESOFTWARE, in->name, in->line, NULL, "out of memory");
		in->failed = true;
		return false;
	}
	got = fread(in->blk, 1, LIST_BLOCK, in->f);
	if (got == 0) {
		if (ferror(in->f)) {
			occ_error_set(in->err, OCC_ENOINPUT, in->name, in->line, NULL,
				      "cannot read: %s", strerror(errno));
			in->failed = true;
		}
		return false;
	}
	in->src = in->blk;
	in->avail = got;
	in->pos = 0;
	in->on_head = false;
	return true;
}

static bool append(struct list_input *in, const char *s, size_t n)
{
	if (in->rec_len + n + 1 > in->rec_cap) {
		size_t ncap = in->rec_cap ? in->rec_cap : 4096;
		char *nr;

		while (ncap < in->rec_len + n + 1)
			ncap *= 2;
		if (in->rec_len + n > LIST_MAX_RECORD) {
			occ_error_set(in->err, OCC_EDATA, in->name, in->line, NULL,
				      "a row longer than %zu bytes: not a launch list",
				      LIST_MAX_RECORD);
			in->failed = true;
			return false;
		}
		if (!(nr = realloc(in->rec, ncap))) {
			occ_error_set(in->err, OCC_ESOFTWARE, in->name, in->line, NULL,
				      "out of memory");
			in->failed = true;
			return false;
		}
		in->rec = nr;
		in->rec_cap = ncap;
	}
	memcpy(in->rec + in->rec_len, s, n);
	in->rec_len += n;
	in->rec[in->rec_len] = '\0';
	return true;
}

/* Appends the next physical line (without its end) to rec; false at the end
 * of the text (nothing appended) or on a fault (failed). */
static bool take_line(struct list_input *in)
{
	bool any = false;

	for (;;) {
		const char *s;
		size_t n, k = 0;

		if (in->pos == in->avail && !refill(in))
			return any && !in->failed;
		s = in->src + in->pos;
		n = in->avail - in->pos;
		if (in->cr) {
			in->cr = false;
			if (*s == '\n') {
				in->pos++;
				continue;
			}
		}
		while (k < n && s[k] != '\n' && s[k] != '\r')
			k++;
		if (!append(in, s, k))
			return false;
		in->pos += k;
		any = true;
		if (k < n) {
			in->cr = s[k] == '\r';
			in->pos++;
			return true;
		}
	}
}

/* The next CSV record into rec (its lines joined by LF), *first its first
 * line; false at the end of the text or on a fault. A quote opens a field
 * that may hold line ends, so a record with an odd count of quotes goes on
 * at the next line; a quote that never closes is left to the CSV parser,
 * which says so. */
static bool take_record(struct list_input *in, long *first)
{
	size_t quotes = 0, from = 0;

	in->rec_len = 0;
	*first = in->line;
	if (!take_line(in))
		return false;
	for (;;) {
		long at;

		if (str_is_binary(in->rec + from, in->rec_len - from, &at)) {
			occ_error_set(in->err, OCC_EDATA, in->name, in->line, NULL,
				      "not a text file (binary data)");
			in->failed = true;
			return false;
		}
		for (size_t i = from; i < in->rec_len; i++)
			quotes += in->rec[i] == '"';
		in->line++;
		if (quotes % 2 == 0)
			return true;
		if (!append(in, "\n", 1))
			return false;
		from = in->rec_len;
		if (!take_line(in))
			return !in->failed;
	}
}

/* The column of each parameter: the first of its names the header has. */
static void find_columns(const struct csv_row *header, int col[PARAM_N])
{
	for (int p = 0; p < PARAM_N; p++)
		col[p] = -1;
	for (size_t i = 0; i < header->n; i++) {
		enum launch_param p = param_find(header->fields[i]);

		if (p != PARAM_N && col[p] < 0)
			col[p] = (int)i;
	}
}

/* The row of the record in rec: split by hand when plain (nearly always),
 * else parsed by libcsv (in *rows, freed by the caller). NULL with *empty
 * for a record of empty fields (a blank line), NULL with err set on
 * malformed CSV. */
static const struct csv_row *row_of(struct list_input *in, struct csv_split *split,
				    struct csv_rows *rows, long first, bool *empty)
{
	int k = csvread_split(split, in->rec, in->rec_len, first);

	*empty = false;
	if (k == 1)
		return &split->row;
	if (k == 0) {
		*empty = true;
		return NULL;
	}
	if (!csvread_parse_libcsv(in->name, in->rec, in->rec_len, rows, in->err)) {
		in->err->line += first - 1;
		return NULL;
	}
	if (rows->n == 0) {
		*empty = true;
		return NULL;
	}
	for (size_t i = 0; i < rows->n; i++)
		rows->rows[i].line += first - 1;
	return &rows->rows[0];
}

/* One data row made a launch. */
static void read_row(const char *name, const struct csv_row *header, const int col[PARAM_N],
		     const struct csv_row *row, size_t number, struct launch_record *rec,
		     struct occ_error *error)
{
	rec->line = row->line;
	rec->valid = true;
	rec->error = NULL;
	occ_error_clear(error);
	snprintf(rec->launch.kernel, sizeof(rec->launch.kernel), "kernel %zu", number);
	for (int p = 0; p < PARAM_N && rec->valid; p++) {
		const char *v = csvread_field(row, col[p]);
		const char *column = col[p] >= 0 ? header->fields[col[p]] : "";

		/* An empty optional cell takes the default (an empty carveout is
		 * the default carveout). */
		if (col[p] < 0 || (!v[0] && !is_required((enum launch_param)p)))
			continue;
		if (!v[0]) {
			occ_error_set(error, OCC_EDATA, name, row->line, column,
				      "missing value");
			rec->valid = false;
			break;
		}
		rec->valid = param_parse((enum launch_param)p, v, &rec->launch, name, row->line,
					 column, error);
	}
	if (!rec->valid)
		rec->error = error;
}

/* A copy of the header row, which outlives the splitter's buffers (freed
 * as csvread_parse's rows are). */
static bool keep_header(const struct csv_row *row, struct csv_rows *header)
{
	struct csv_row *copy = calloc(1, sizeof(*copy));

	if (!copy)
		return false;
	header->rows = copy;
	header->n = 1;
	copy->line = row->line;
	if (row->n && !(copy->fields = calloc(row->n, sizeof(*copy->fields))))
		return false;
	for (size_t i = 0; i < row->n; i++) {
		if (!(copy->fields[i] = csvread_field_copy(row->fields[i], strlen(row->fields[i]))))
			return false;
		copy->n++;
	}
	return true;
}

bool launch_list_read(const char *name, FILE *f, const char *head, size_t head_len,
		      const struct launch *defaults, const struct launch_list_sink *sink,
		      size_t *n_out, bool *stopped, struct occ_error *err)
{
	struct list_input in = { .name = name, .f = f, .src = head, .avail = head_len,
				 .on_head = true, .line = 1, .err = err };
	struct csv_split split = { 0 };
	struct csv_rows header = { 0 };
	struct launch_record *rec = malloc(sizeof(*rec));
	struct occ_error row_error;
	int col[PARAM_N];
	size_t n = 0;
	long first;
	bool ok = true, have_header = false;

	*n_out = 0;
	*stopped = false;
	if (!rec) {
		occ_error_set(err, OCC_ESOFTWARE, name, 0, NULL, "out of memory");
		return false;
	}
	if (head_len >= 3 && memcmp(head, "\xEF\xBB\xBF", 3) == 0)
		in.pos = 3;
	while (ok && !*stopped && take_record(&in, &first)) {
		struct csv_rows parsed = { 0 };
		bool empty;
		const struct csv_row *row = row_of(&in, &split, &parsed, first, &empty);

		if (!row) {
			ok = empty;
		} else if (!have_header) {
			find_columns(row, col);
			for (size_t i = 0; ok && i < sizeof(required) / sizeof(required[0]); i++) {
				if (col[required[i]] >= 0)
					continue;
				occ_error_set(err, OCC_EDATA, name, row->line,
					      param_info(required[i])->column,
					      "missing column in the header");
				ok = false;
			}
			if (ok && !keep_header(row, &header)) {
				occ_error_set(err, OCC_ESOFTWARE, name, 0, NULL, "out of memory");
				ok = false;
			}
			have_header = ok;
		} else {
			rec->launch = *defaults;
			read_row(name, &header.rows[0], col, row, ++n, rec, &row_error);
			if (!sink->launch(sink->ctx, rec))
				*stopped = true;
			else
				++*n_out;
		}
		csvread_free(&parsed);
	}
	if (in.failed)
		ok = false;
	if (ok && !*stopped && n == 0) {
		if (have_header)
			occ_error_set(err, OCC_EDATA, name, header.rows[0].line, NULL,
				      "the launch list has a header but no launches");
		else
			occ_error_set(err, OCC_EDATA, name, 0, NULL, "empty file: no launch in it");
		ok = false;
	}
	csvread_free(&header);
	csvread_split_free(&split);
	free(in.blk);
	free(in.rec);
	free(rec);
	return ok;
}
