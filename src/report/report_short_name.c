/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* report_short_name.c - the short names the panes show in place of
 * kilobyte-long demangled names. */
#include "config.h"

#include "report.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strutil.h"

/* Short names. The decisions, tested in tests/test_report.c:
 *  - profiler suffixes go: " [clone .kd]" (any trailing "[clone ...]"),
 *    " (.kd)", a bare ".kd" (rocprof names a kernel by its descriptor
 *    symbol when it cannot demangle), and ncu's " [1168]" correlation tag;
 *  - a leading "void " goes (kernels return nothing, it only pushes the
 *    name right);
 *  - the argument list goes: the last balanced (...) that ends the name;
 *  - template arguments go, as the header's example asks: a name with its
 *    template arguments is often kilobytes long (rocprim, thrust) and the
 *    full name stays in the record for the detail view. If stripping would
 *    leave nothing (a name that is only a template argument list), the name
 *    keeps them;
 *  - when the result is still longer than the buffer, leading namespaces
 *    go first ("a::b::kernel" -> "b::kernel"), since the last component
 *    says most; only then is the tail cut (at a UTF-8 boundary). */

static bool ends_with(const char *b, const char *e, const char *suffix)
{
	size_t n = strlen(suffix);
	return (size_t)(e - b) >= n && memcmp(e - n, suffix, n) == 0;
}

static const char *trim_right(const char *b, const char *e)
{
	while (e > b && isspace((unsigned char)e[-1]))
		e--;
	return e;
}

/* Removes one profiler suffix from [b, e); returns the new end or e. */
static const char *strip_suffix(const char *b, const char *e)
{
	if (ends_with(b, e, "(.kd)"))
		return e - 5;
	if (ends_with(b, e, ".kd"))
		return e - 3;
	if (e > b && e[-1] == ']') {
		/* "[clone ...]" or "[digits]" */
		const char *p = e - 1;
		bool digits = true;

		while (p > b && p[-1] != '[') {
			if (!isdigit((unsigned char)p[-1]))
				digits = false;
			p--;
		}
		if (p > b && p - 1 > b) {
			const char *open = p - 1;
			if ((digits && p < e - 1) || ((size_t)(e - p) > 6 && memcmp(p, "clone ", 6) == 0))
				return open;
		}
	}
	return e;
}

static bool is_operator_before(const char *b, const char *p)
{
	return p - b >= 8 && memcmp(p - 8, "operator", 8) == 0;
}

void report_short_name(const char *name, char *out, size_t size)
{
	const char *b, *e, *prev;
	char stack[512];
	char *buf, *w;
	const char *s;
	int depth = 0;
	size_t len;

	if (size == 0)
		return;
	out[0] = '\0';
	if (!name)
		return;
	b = name;
	while (isspace((unsigned char)*b))
		b++;
	e = trim_right(b, b + strlen(b));
	do {
		prev = e;
		e = trim_right(b, strip_suffix(b, e));
	} while (e != prev && e > b);
	if (e - b > 5 && memcmp(b, "void ", 5) == 0) {
		b += 5;
		while (b < e && isspace((unsigned char)*b))
			b++;
	}
	if (e > b && e[-1] == ')') {
		const char *p = e;
		int d = 0;

		while ((p = str_rfind2(b, p, '(', ')'))) {
			if (*p == ')')
				d++;
			else if (--d == 0)
				break;
		}
		if (p && p > b && d == 0)
			e = trim_right(b, p);
	}

	/* Most names fit on the stack: a malloc per record shows in imports. */
	buf = (size_t)(e - b) < sizeof(stack) ? stack : malloc((size_t)(e - b) + 1);
	if (!buf) {
		/* Out of memory: the unstripped head is still better than nothing. */
		size_t n = (size_t)(e - b) < size ? (size_t)(e - b) : size - 1;
		snprintf(out, size, "%.*s", (int)n, b);
		return;
	}
	w = buf;
	for (s = b; s < e; s++) {
		/* A run without angle brackets goes whole, kept at depth 0. */
		const char *t = str_find2(s, e, '<', '>');

		if (depth == 0) {
			memcpy(w, s, (size_t)(t - s));
			w += t - s;
		}
		if ((s = t) == e)
			break;
		if (*s == '<') {
			/* Nsight Compute's name for an anonymous namespace is no
			 * template. */
			if (depth == 0 && (size_t)(e - s) >= 9 && memcmp(s, "<unnamed>", 9) == 0) {
				memcpy(w, s, 9);
				w += 9;
				s += 8;
				continue;
			}
			if (!is_operator_before(b, s)) {
				depth++;
				continue;
			}
		} else if (depth > 0 && !(s > b && s[-1] == '-')) {
			depth--;
			continue;
		}
		if (depth == 0)
			*w++ = *s;
	}
	*w = '\0';
	if (depth != 0 || buf[0] == '\0') {
		/* Unbalanced or nothing left: keep the template arguments. */
		memcpy(buf, b, (size_t)(e - b));
		buf[e - b] = '\0';
	}

	s = buf;
	len = strlen(s);
	while (len >= size) {
		const char *sep = strstr(s, "::");
		if (!sep || sep[2] == '\0')
			break;
		s = sep + 2;
		len = strlen(s);
	}
	if (len >= size) {
		len = size - 1;
		while (len > 0 && ((unsigned char)s[len] & 0xC0) == 0x80)
			len--;
	}
	memcpy(out, s, len);
	out[len] = '\0';
	if (buf != stack)
		free(buf);
}
