/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* error.c - filling and formatting struct occ_error. */
#include "config.h"

#include "error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void occ_error_clear(struct occ_error *err)
{
	memset(err, 0, sizeof(*err));
}

void occ_error_set(struct occ_error *err, enum occ_status status, const char *file,
		   long line, const char *field, const char *fmt, ...)
{
	va_list ap;

	if (!err || err->status != OCC_OK)
		return;
	err->status = status;
	snprintf(err->file, sizeof(err->file), "%s", file ? file : "");
	err->line = line;
	snprintf(err->field, sizeof(err->field), "%s", field ? field : "");
	va_start(ap, fmt);
	vsnprintf(err->message, sizeof(err->message), fmt, ap);
	va_end(ap);
}

void occ_error_format(const struct occ_error *err, char *buf, size_t size)
{
	size_t n = 0;

	if (size == 0)
		return;
	buf[0] = '\0';
	if (err->file[0] && n < size)
		n += (size_t)snprintf(buf + n, size - n, "%s:", err->file);
	if (err->file[0] && err->line > 0 && n < size)
		n += (size_t)snprintf(buf + n, size - n, "%ld:", err->line);
	if (n > 0 && n < size)
		n += (size_t)snprintf(buf + n, size - n, " ");
	if (err->field[0] && n < size)
		n += (size_t)snprintf(buf + n, size - n, "%s: ", err->field);
	if (n < size)
		snprintf(buf + n, size - n, "%s", err->message);
}
