/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* import_cursor.h - the import driver's window on the text of a profiler file
 * (import.c's own: no importer sees it). */
#ifndef OCC_IMPORT_CURSOR_H
#define OCC_IMPORT_CURSOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "error.h"

/* The input: a window on the text. report_parse's window is the whole text;
 * report_stream's (and so report_load's) starts as the caller's head and
 * slides over the stream, read in blocks of REPORT_WINDOW and grown only for
 * a record longer than that, so a report of any size costs its records, not
 * its bytes. Offsets (pos, what line_end and record_end return) are into the
 * window and move when it slides: take no pointer into text across a call
 * that can refill it. */

#define REPORT_WINDOW ((size_t)1 << 20)
/* One record larger than this is no profiler output (a wrong file). */
#define REPORT_MAX_RECORD ((size_t)1 << 30)
struct cursor {
	const char *text;
	size_t len;
	size_t pos;
	long line;
	/* Streaming only (f != NULL). */
	FILE *f;
	char *buf;
	size_t cap;
	size_t checked;     /* bytes of the window known to be text */
	bool eof;
	const char *name;
	struct occ_error *err;
	bool failed;        /* err says why: unreadable or binary */
};

/* The reading fails: what err says must be why, not a row rejected before
 * (the first rejected row is only the warning of a read that succeeds). */
void cursor_fails(struct cursor *c);
/* Checks the window's new bytes for binary data; a UTF-8 sequence cut by the
 * end of the window waits for the next block. */
bool cursor_check_text(struct cursor *c);
/* Slides the window to pos and reads the next block (growing the window when
 * one record fills it). False at the end of the file, on an error (failed)
 * and always for in-memory text. */
bool cursor_fill(struct cursor *c);
/* The physical line at c (without its terminator) and the offset past it. */
size_t cursor_line_end(struct cursor *c, size_t *next);
/* The end of the CSV record that starts at c->pos: past the newline that
 * ends it outside quotes, or the end of the text, where *unclosed says
 * whether a quote was still open. A quote opens a quoted field only at a
 * field's start, so a stray quote in application output cannot swallow the
 * file. */
size_t cursor_record_end(struct cursor *c, long *lines, bool *unclosed);

#endif
