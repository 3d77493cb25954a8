/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* import_fields.c - what every importer shares: numbers read from a
 * profiler's fields, rejected fields, the state of an importer that keeps
 * no record pending. The driver (import.c) calls the importers and they call
 * this, so no importer calls back into the driver. */
#include "config.h"

#include "import.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "strutil.h"

/* Copies a number out of text into buf without its thousands separators and
 * says where it stopped. 1: a number; 0: absent ("", "n/a"); -1: not a number.
 * Accepted: [sign] digits [,ddd]... [.digits] [e[sign]digits] [ ] [unit],
 * where a unit is letters, '%' and '/' ("100.0%", "249.97GB/s", "5 ms"). A
 * comma must separate groups of exactly three digits: "1,5" is refused, not
 * read as 15 (it may be a decimal comma). */
static int number_text(const char *text, char *buf, size_t size, bool *integral)
{
	const char *p = text;
	size_t n = 0;
	int group = -1;   /* digits since the last comma, -1 before any comma */
	int lead = 0;     /* digits before the first comma */
	bool digits = false;

	*integral = true;
	while (isspace((unsigned char)*p))
		p++;
	if (*p == '\0')
		return 0;
	if ((*p == 'n' || *p == 'N') && strncasecmp(p, "n/a", 3) == 0) {
		for (p += 3; isspace((unsigned char)*p); p++)
			;
		return *p == '\0' ? 0 : -1;
	}
#define PUT(c)                          \
	do {                            \
		if (n + 1 >= size)      \
			return -1;      \
		buf[n++] = (c);         \
	} while (0)
	if (*p == '-' || *p == '+')
		PUT(*p++);
	for (; *p; p++) {
		if (isdigit((unsigned char)*p)) {
			PUT(*p);
			digits = true;
			if (group >= 0)
				group++;
			else
				lead++;
		} else if (*p == ',' && digits && isdigit((unsigned char)p[1])) {
			if ((group < 0 && lead > 3) || (group >= 0 && group != 3))
				return -1;
			group = 0;
		} else {
			break;
		}
	}
	if (!digits || (group >= 0 && group != 3))
		return -1;
	if (*p == '.') {
		PUT(*p++);
		while (isdigit((unsigned char)*p)) {
			PUT(*p++);
			if (p[-1] != '0')
				*integral = false;
		}
	}
	if ((*p == 'e' || *p == 'E') &&
	    (isdigit((unsigned char)p[1]) ||
	     ((p[1] == '-' || p[1] == '+') && isdigit((unsigned char)p[2])))) {
		*integral = false;   /* decided from the value below */
		PUT(*p++);
		if (*p == '-' || *p == '+')
			PUT(*p++);
		while (isdigit((unsigned char)*p))
			PUT(*p++);
	}
#undef PUT
	buf[n] = '\0';
	if (*p == ' ')
		p++;
	while (isalpha((unsigned char)*p) || *p == '%' || *p == '/')
		p++;
	while (isspace((unsigned char)*p))
		p++;
	return *p == '\0' ? 1 : -1;
}

/* The common cases read straight, without number_text's copy and strtoll:
 * [sign] digits and nothing else (*out set, 1), and "" (absent, 0). At most
 * 18 digits, which cannot overflow; -1 for anything else, which
 * number_text reads (to the same value where this one does). */
static inline int plain_int(const char *text, int64_t *out)
{
	const char *digits = text + (*text == '-' || *text == '+'), *p = digits;
	uint64_t v = 0;   /* past 19 digits it wraps, and is refused below */
	unsigned d;

	while ((d = (unsigned)(unsigned char)*p - '0') <= 9) {
		v = v * 10 + d;
		p++;
	}
	if (p == digits || p - digits > 18 || *p != '\0')
		return *text ? -1 : 0;
	*out = *text == '-' ? -(int64_t)v : (int64_t)v;
	return 1;
}

/* [sign] digits . digits and nothing else, of at most 15 digits in all
 * ("53.94", a profiler's percentages and rates): the integer of its digits
 * and a power of ten are exact doubles, so their quotient is the one
 * correctly rounded double, strtod's (Clinger's fast path), without
 * number_text's copy and strtod's machinery. 1 with *out set; 0: another
 * shape, for number_text. */
static int plain_decimal(const char *text, double *out)
{
	static const double ten[] = { 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8,
				      1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15 };
	const char *p = text + (*text == '-' || *text == '+');
	uint64_t m = 0;
	int digits = 0, after = -1;
	unsigned d;

	for (;; p++) {
		if ((d = (unsigned)(unsigned char)*p - '0') <= 9) {
			m = m * 10 + d;
			if (++digits > 15)
				return 0;
			if (after >= 0)
				after++;
		} else if (*p == '.' && after < 0) {
			after = 0;
		} else {
			break;
		}
	}
	/* digits on both sides of the point, and the end */
	if (*p != '\0' || after <= 0 || digits == after)
		return 0;
	*out = (double)m / ten[after];
	if (*text == '-')
		*out = -*out;
	return 1;
}

bool import_num(const char *text, struct report_num *out)
{
	char buf[64];
	bool integral;
	char *end;
	double v;
	int64_t i;
	int k;

	/* A whole number converts as strtod rounds it; "-0" is left to strtod
	 * for its sign. */
	k = text ? plain_int(text, &i) : 0;
	if (k >= 0 && (k == 0 || i != 0 || *text != '-')) {
		*out = (struct report_num){ k > 0, k > 0 ? (double)i : 0 };
		return true;
	}
	if (text && plain_decimal(text, &v)) {
		*out = (struct report_num){ true, v };
		return true;
	}
	*out = (struct report_num){ 0 };
	k = number_text(text ? text : "", buf, sizeof(buf), &integral);
	if (k <= 0)
		return k == 0;
	errno = 0;
	v = strtod(buf, &end);
	if (*end != '\0' || errno == ERANGE || !isfinite(v))
		return false;
	*out = (struct report_num){ true, v };
	return true;
}

bool import_int(const char *text, struct report_int *out)
{
	char buf[64];
	bool integral;
	char *end;
	int64_t v;
	int k;

	k = text ? plain_int(text, &v) : 0;
	if (k >= 0) {
		*out = (struct report_int){ k > 0, k > 0 ? v : 0 };
		return true;
	}
	*out = (struct report_int){ 0 };
	k = number_text(text ? text : "", buf, sizeof(buf), &integral);
	if (k <= 0)
		return k == 0;
	if (!strpbrk(buf, ".eE")) {
		long long v;

		errno = 0;
		v = strtoll(buf, &end, 10);
		if (*end != '\0' || errno == ERANGE)
			return false;
		*out = (struct report_int){ true, (int64_t)v };
		return true;
	}
	/* "16384.000000" (rocprofv3 counters) and "1e3" are integers too; "12.5"
	 * is not, and neither is anything past 2^53, where doubles skip integers. */
	{
		double v;

		errno = 0;
		v = strtod(buf, &end);
		if (*end != '\0' || errno == ERANGE || !isfinite(v) || v != floor(v) ||
		    fabs(v) > 9007199254740992.0)
			return false;
		*out = (struct report_int){ true, (int64_t)v };
		return true;
	}
}

void import_drop(struct report *r, const char *file, long line, const char *column,
		 const char *text, const char *why)
{
	char shown[64];

	r->dropped_fields++;
	if (r->dropped.status != OCC_OK)
		return;
	str_sanitize(text, shown, sizeof(shown));
	occ_error_set(&r->dropped, OCC_EDATA, file, line, column,
		      "\"%s\" %s: left absent (n/a); it does not change occupancy", shown, why);
}

struct report_int import_info_int(struct report *r, const char *text, const char *file,
				  long line, const char *column)
{
	struct report_int v;

	if (import_int(text, &v) && (!v.present || v.value >= 0))
		return v;
	import_drop(r, file, line, column, text, "is not a whole number of 0 or more");
	return (struct report_int){ 0 };
}

struct report_num import_info_num(struct report *r, const char *text, const char *file,
				  long line, const char *column)
{
	struct report_num v;

	if (import_num(text, &v) && (!v.present || v.value >= 0))
		return v;
	import_drop(r, file, line, column, text, "is not a number of 0 or more");
	return (struct report_num){ 0 };
}

size_t import_pending_none(struct import_state *s, const struct report *r)
{
	(void)s;
	(void)r;
	return 0;
}
