/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* error.c - filling and formatting struct occ_error. */
#include "config.h"

#include "error.h"
#include "strfmt.h"
#include "strutil.h"

#include <stdarg.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

/* Each text emptied, not all 848 bytes zeroed: an analysis clears its
 * error for every record of a report. */
void occ_error_clear(struct occ_error *err)
{
	err->status = OCC_OK;
	err->file[0] = err->field[0] = err->message[0] = '\0';
	err->line = 0;
}

void occ_error_set(struct occ_error *err, enum occ_status status, const char *file,
		   long line, const char *field, const char *fmt, ...)
{
	va_list ap;

	if (!err || err->status != OCC_OK)
		return;
	err->status = status;
	/* (str_copy cuts as "%s" would: a refused record of a report sets
	 * one error, and the message is the one to format) */
	str_copy(err->file, sizeof(err->file), file ? file : "");
	err->line = line;
	str_copy(err->field, sizeof(err->field), field ? field : "");
	va_start(ap, fmt);
	strfmt_v(err->message, sizeof(err->message), fmt, ap);
	va_end(ap);
}

void occ_error_format(const struct occ_error *err, char *buf, size_t size)
{
	size_t n = 0;

	/* A file name, a column or a message quoting a file's text can hold
	 * escape sequences; what reaches a terminal is made safe here, once. */
	char file[sizeof(err->file) * 4], field[sizeof(err->field) * 4];
	char message[sizeof(err->message) * 4];

	if (size == 0)
		return;
	buf[0] = '\0';
	str_sanitize(err->file, file, sizeof(file));
	str_sanitize(err->field, field, sizeof(field));
	str_sanitize(err->message, message, sizeof(message));
	if (err->file[0] && n < size)
		n += (size_t)strfmt(buf + n, size - n, "%s:", file);
	if (err->file[0] && err->line > 0 && n < size)
		n += (size_t)strfmt(buf + n, size - n, "%ld:", err->line);
	if (n > 0 && n < size)
		n += (size_t)strfmt(buf + n, size - n, " ");
	if (err->field[0] && n < size)
		n += (size_t)strfmt(buf + n, size - n, "%s: ", field);
	if (n < size)
		strfmt(buf + n, size - n, "%s", message);
}

/* Writes len bytes of text at s safe: line by line through str_sanitize,
 * the newlines kept. */
static void say_safe(FILE *out, const char *s, size_t len)
{
	char small[512];

	while (len > 0) {
		const char *nl = memchr(s, '\n', len);
		size_t n = nl ? (size_t)(nl - s) : len;
		/* Each byte can become a 4-byte escape. */
		size_t need = n * 4 + 1;
		char *line = n > 0 ? malloc(n + 1) : NULL;
		char *shown = need <= sizeof(small) ? small : malloc(need);

		if ((n > 0 && !line) || !shown) {
			free(line);
			if (shown != small)
				free(shown);
			fputs("occview: out of memory\n", out);
			return;
		}
		if (n > 0) {
			memcpy(line, s, n);
			line[n] = '\0';
			str_sanitize(line, shown, need);
			fputs(shown, out);
		}
		free(line);
		if (shown != small)
			free(shown);
		if (nl)
			fputc('\n', out);
		s += n + (nl ? 1 : 0);
		len -= n + (nl ? 1 : 0);
	}
}

void occ_say(FILE *out, const char *fmt, ...)
{
	char small[1024], *text = small;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = strfmt_v(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n >= sizeof(small)) {
		if (!(text = malloc((size_t)n + 1))) {
			fputs("occview: out of memory\n", out);
			return;
		}
		va_start(ap, fmt);
		strfmt_v(text, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	say_safe(out, text, (size_t)n);
	if (text != small)
		free(text);
}

void occ_say_error(FILE *out, const struct occ_error *err)
{
	char msg[1024];

	occ_error_format(err, msg, sizeof(msg));
	occ_say(out, "occview: %s\n", msg);
}
