/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* error.h - the error record every reader fills: where in which input, and why.
 * Constructors take a caller-provided struct occ_error; nothing below main exits. */
#ifndef OCC_ERROR_H
#define OCC_ERROR_H

#include <stddef.h>
#include <stdio.h>

/* Exit statuses (sysexits.h values, named here so the core needs no BSD header). */
enum occ_status {
	OCC_OK = 0,
	OCC_EUSAGE = 64,   /* bad command line */
	OCC_EDATA = 65,    /* input read but invalid */
	OCC_ENOINPUT = 66, /* input could not be opened */
	OCC_ESOFTWARE = 70, /* internal error: memory ran out */
	OCC_EIOERR = 74,   /* the output could not be written */
};

struct occ_error {
	enum occ_status status;
	char file[256];    /* "" when the value came from the command line */
	long line;         /* 0 when not known */
	char field[64];    /* the option, key or column at fault; may be "" */
	char message[512];
};

void occ_error_clear(struct occ_error *err);
/* Records the first error only: later calls on a set error are ignored, so the
 * innermost, most precise message wins. */
void occ_error_set(struct occ_error *err, enum occ_status status, const char *file,
		   long line, const char *field, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));
/* "file:line: field: message", parts omitted when unknown. */
void occ_error_format(const struct occ_error *err, char *buf, size_t size);

/* The one way a message reaches the terminal: fmt formatted, then every
 * control character but the newline and every byte that is not UTF-8
 * written as its \xNN escape (str_sanitize), so that no file name, path,
 * setting or file text a message quotes can drive the terminal. */
void occ_say(FILE *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* occ_error_format's text as one message line: "occview: file:line: ...". */
void occ_say_error(FILE *out, const struct occ_error *err);

#endif
