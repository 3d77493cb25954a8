/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* strfmt.h - snprintf for the findings' and the outputs' own formats,
 * without printf's machinery: the prose of findings and the table cells went
 * through vsnprintf, a third of --format json's time and more of the text
 * summary's. The same bytes as snprintf (tests compare them over every
 * conversion the callers use and their truncations). */
#ifndef OCC_STRFMT_H
#define OCC_STRFMT_H

#include <stdarg.h>
#include <stddef.h>

/* As vsnprintf: at most size bytes with the NUL; returns the length the
 * whole text has. Done here: %s, %c, %%, %d %i %u with the h, l, ll, z and
 * j modifiers, %f and %.Nf (N up to 9) without flags or width; a format
 * with anything else goes to vsnprintf whole. Numbers use '.' whatever
 * LC_NUMERIC says (occview sets it to "C"). */
int strfmt_v(char *buf, size_t size, const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));
int strfmt(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
