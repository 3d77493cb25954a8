/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* csvread.h - a whole CSV text parsed by libcsv into rows of trimmed fields,
 * each row knowing the line it started on. Rows that are entirely empty are dropped. */
#ifndef OCC_CSVREAD_H
#define OCC_CSVREAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"

struct csv_row {
	long line;
	size_t n;
	char **fields;
};

struct csv_rows {
	size_t n;
	struct csv_row *rows;
};

/* name is used in messages. A UTF-8 BOM is skipped; CRLF is accepted. */
bool csvread_parse(const char *name, const char *text, size_t len, struct csv_rows *out,
		   struct occ_error *err);
void csvread_free(struct csv_rows *rows);
/* The common record split without libcsv, for readers that go record by
 * record (the report importer): one line (no terminator) whose fields are
 * unquoted with no quote in them, or wholly quoted ("...") with no quote,
 * CR or LF inside. Fields are trimmed as csvread_parse trims them, and the
 * row is the one csvread_parse would give. Anything else (doubled quotes, a
 * quote after spaces, a quoted newline, a CR) is left to csvread_parse: this
 * is a shortcut, not a second CSV dialect. The row and its fields live in the
 * splitter's buffers, reused by the next call. */
struct csv_split {
	struct csv_row row;
	char *buf;
	size_t buf_cap, fields_cap;
	/* Optional, set by the caller before a call: the columns it reads, a
	 * bit per column (bit i%64 of want[i/64]; columns from want_words * 64
	 * on are not read). A field of a column not read may be given as ""
	 * without being trimmed: a raw page's record is 475 fields of which
	 * the importer reads some 60. row.n is the record's count all the
	 * same. Where no wanted field has text, the whole row is given, so
	 * the return value is as without want. NULL: every field. */
	const uint64_t *want;
	size_t want_words;
};

/* 1: one row in s->row; 0: every field is empty, so csvread_parse would give
 * no row; -1: not a simple record (or out of memory): use csvread_parse. */
int csvread_split(struct csv_split *s, const char *text, size_t len, long line);
void csvread_split_free(struct csv_split *s);
/* Index of the column named `name` (case-insensitive) in a header row, or -1. */
int csvread_column(const struct csv_row *header, const char *name);
/* Field i of a row, or "" when the row is shorter (ragged rows). Inline:
 * an importer reads dozens of fields a row. */
static inline const char *csvread_field(const struct csv_row *row, int i)
{
	return i >= 0 && (size_t)i < row->n ? row->fields[i] : "";
}

/* A row of a table read by column name, with what an error names: the file,
 * the row's line and the column (the GPU database readers). */
struct csv_cell {
	const char *file;
	const struct csv_row *header;
	const struct csv_row *row;
	struct occ_error *err;
};

const char *csvread_named(const struct csv_cell *c, const char *col);
/* A whole number in [min, max]; empty is 0 when optional. */
bool csvread_int(const struct csv_cell *c, const char *col, int64_t min, int64_t max,
		 bool optional, int64_t *out);
/* The text, which must fit size (and be there when required). */
bool csvread_text(const struct csv_cell *c, const char *col, char *out, size_t size,
		  bool required);

#endif
