/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* import_cursor.c - the import driver's window on a profiler file's text: slid
 * over a stream block by block, checked for binary data, cut in lines and CSV
 * records (import_cursor.h). */
#include "config.h"

#include "import_cursor.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "strutil.h"

void cursor_fails(struct cursor *c)
{
	occ_error_clear(c->err);
	c->failed = true;
}

bool cursor_check_text(struct cursor *c)
{
	size_t end = c->len;
	long at;

	if (!c->eof) {
		size_t k = 0;

		/* Back up over at most 3 continuation bytes and their lead byte. */
		while (k < 4 && k < end - c->checked &&
		       ((unsigned char)c->buf[end - 1 - k] & 0xC0) == 0x80)
			k++;
		if (k < end - c->checked && (unsigned char)c->buf[end - 1 - k] >= 0xC0)
			end -= k + 1;
	}
	if (end > c->checked && str_is_binary(c->buf + c->checked, end - c->checked, &at)) {
		long line = c->line;

		/* Lines from pos (whose line is known) to where the check began. */
		for (const char *p = c->buf + c->pos;
		     (p = memchr(p, '\n', (size_t)(c->buf + c->checked - p))) != NULL; p++)
			line++;
		cursor_fails(c);
		occ_error_set(c->err, OCC_EDATA, c->name, line + at - 1, NULL,
			      "not a text file (binary data), so not a profiler report");
		return false;
	}
	if (end > c->checked)
		c->checked = end;
	return true;
}

bool cursor_fill(struct cursor *c)
{
	size_t got;

	if (!c->f || c->eof || c->failed)
		return false;
	if (c->pos > 0) {
		memmove(c->buf, c->buf + c->pos, c->len - c->pos);
		c->len -= c->pos;
		c->checked = c->checked > c->pos ? c->checked - c->pos : 0;
		c->pos = 0;
	}
	if (c->len == c->cap) {
		size_t ncap = c->cap ? c->cap * 2 : REPORT_WINDOW;
		char *nb;

		if (c->cap >= REPORT_MAX_RECORD || !(nb = realloc(c->buf, ncap))) {
			cursor_fails(c);
			occ_error_set(c->err, c->cap >= REPORT_MAX_RECORD ? OCC_EDATA : OCC_ESOFTWARE,
				      c->name, c->line, NULL,
				      c->cap >= REPORT_MAX_RECORD ? "a record longer than %zu bytes"
								  : "out of memory (a record of %zu bytes)",
				      c->cap);
			return false;
		}
		c->buf = nb;
		c->cap = ncap;
	}
	c->text = c->buf;
	got = fread(c->buf + c->len, 1, c->cap - c->len, c->f);
	c->len += got;
	if (got == 0) {
		if (ferror(c->f)) {
			int e = errno;

			cursor_fails(c);
			occ_error_set(c->err, OCC_ENOINPUT, c->name, c->line, NULL, "cannot read: %s",
				      strerror(e));
			return false;
		}
		c->eof = true;
	}
	return cursor_check_text(c) && (got > 0 || c->checked < c->len);
}

size_t cursor_line_end(struct cursor *c, size_t *next)
{
	size_t from = c->pos;
	const char *nl;
	size_t end;

	while (!(nl = memchr(c->text + from, '\n', c->len - from))) {
		size_t scanned = c->len - c->pos;

		if (!cursor_fill(c))
			break;
		from = c->pos + scanned;
	}
	end = nl ? (size_t)(nl - c->text) : c->len;
	*next = nl ? end + 1 : c->len;
	if (end > c->pos && c->text[end - 1] == '\r')
		end--;
	return end;
}

size_t cursor_record_end(struct cursor *c, long *lines, bool *unclosed)
{
	for (;;) {
		bool field_start = true, quoted = false;
		size_t i;

		*lines = 1;
		for (i = c->pos; i < c->len; i++) {
			char ch = c->text[i];

			if (quoted) {
				if (ch == '"') {
					if (i + 1 < c->len && c->text[i + 1] == '"')
						i++;
					else
						quoted = false;
				} else if (ch == '\n') {
					++*lines;
				}
			} else if (ch == '"' && field_start) {
				quoted = true;
				field_start = false;
			} else if (ch == ',') {
				field_start = true;
			} else if (ch == '\n') {
				return i + 1;
			} else if (ch != ' ' && ch != '\t' && ch != '\r') {
				field_start = false;
			}
		}
		/* A quote that closes past the window (or a "" cut by its end):
		 * read more and scan the record again. */
		if (!cursor_fill(c)) {
			*unclosed = quoted;
			return c->len;
		}
	}
}
