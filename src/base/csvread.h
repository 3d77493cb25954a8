/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* csvread.h - a whole CSV text parsed by libcsv into rows of trimmed fields,
 * each row knowing the line it started on. Rows that are entirely empty are dropped. */
#ifndef OCC_CSVREAD_H
#define OCC_CSVREAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "error.h"

/* A row's fields are NUL-terminated, and each is followed by at least
 * CSV_FIELD_SLACK readable bytes past its NUL (csvread_digits reads a
 * field eight bytes at a time). */
enum { CSV_FIELD_SLACK = 7 };

struct csv_row {
	long line;
	size_t n;
	char **fields;
};

/* The first n bytes of s as a row's field is kept: NUL-terminated, its
 * slack zero (free() frees it); NULL when out of memory. */
char *csvread_field_copy(const char *s, size_t n);

struct csv_rows {
	size_t n;
	struct csv_row *rows;
};

/* name is used in messages. A UTF-8 BOM is skipped; CRLF is accepted.
 * Plain lines go through csvread_split, which gives libcsv's rows for a
 * tenth of its cost; libcsv reads the rest from the first line it leaves. */
bool csvread_parse(const char *name, const char *text, size_t len, struct csv_rows *out,
		   struct occ_error *err);
/* The same, every line through libcsv: for a record whose line
 * csvread_split has refused already (the importers' fallback). */
bool csvread_parse_libcsv(const char *name, const char *text, size_t len, struct csv_rows *out,
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

/* Whether t, a field of a row csvread gives (or ""), is 1 to 18 digits
 * and nothing else, as nearly every number of a rocprof row is (sizes,
 * counts, nanosecond timestamps of 16 digits); *v its value. Eight bytes
 * at a time (the fields' slack makes the reads safe): a digit at a time
 * was a twentieth of a CSV run. 18 digits cannot overflow. */
static inline bool csvread_digits(const char *t, int64_t *v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	static const uint64_t pow10[9] = { 1, 10, 100, 1000, 10000, 100000, 1000000,
					   10000000, 100000000 };
	const uint64_t ones = UINT64_C(0x0101010101010101);
	uint64_t x = 0;
	size_t len = 0;
	unsigned first = (unsigned)(unsigned char)*t - '0';

	if (first > 9)
		return false;
	/* one digit (an id, a queue, a flag): the common field, at once */
	if (t[1] == '\0') {
		*v = first;
		return true;
	}
	for (;;) {
		uint64_t w, d, bad;
		unsigned n;

		memcpy(&w, t + len, 8);
		/* A byte's top bit: below '0', above '9' or above 0x7f. The
		 * first such byte is right (no carry or borrow comes up from the
		 * digits below it); those after it do not matter. */
		bad = (w | (w + 0x46 * ones) | (w - 0x30 * ones)) & 0x80 * ones;
		n = bad ? (unsigned)__builtin_ctzll(bad) / 8 : 8;
		if (len + n > 18)
			return false;
		if (n > 0) {
			/* the n digits at the top, zeros (leading) below them,
			 * then pairs, fours and eights added up */
			d = (w - 0x30 * ones) << (8 * (8 - n));
			d = d * 10 + (d >> 8);
			d = ((d & UINT64_C(0x000000FF000000FF)) * UINT64_C(0x000F424000000064) +
			     ((d >> 16) & UINT64_C(0x000000FF000000FF)) * UINT64_C(0x0000271000000001)) >> 32;
			x = x * pow10[n] + (uint32_t)d;
			len += n;
		}
		if (n < 8) {
			if (t[len] != '\0')
				return false;
			*v = (int64_t)x;
			return true;
		}
	}
#else
	const char *p = t;
	uint64_t x = 0;
	unsigned d;

	while ((d = (unsigned)(unsigned char)*p - '0') <= 9) {
		x = x * 10 + d;
		p++;
	}
	if (*p != '\0' || p == t || p - t > 18)
		return false;
	*v = (int64_t)x;
	return true;
#endif
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
