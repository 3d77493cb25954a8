/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* strfmt.c - the quick snprintf of the formats occview writes (strfmt.h). */
#include "config.h"

#include "strfmt.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "numfmt.h"

enum length { LEN_INT, LEN_SHORT, LEN_CHAR, LEN_LONG, LEN_LLONG, LEN_SIZE, LEN_MAX };

/* One conversion, parsed: what comes after '%'. */
struct spec {
	char conv;        /* s c % d i u f, or 0 where this file does not do it */
	enum length len;
	int precision;    /* -1: none given */
	const char *end;  /* the format after the conversion */
};

static struct spec parse(const char *p)
{
	struct spec s = { 0, LEN_INT, -1, p };

	if (*p == '.') {
		p++;
		if (*p < '0' || *p > '9' || (p[1] >= '0' && p[1] <= '9'))
			return s;  /* ".", ".*" or two digits: printf's */
		s.precision = *p++ - '0';
	}
	switch (*p) {
	case 'h':
		s.len = p[1] == 'h' ? LEN_CHAR : LEN_SHORT;
		p += p[1] == 'h' ? 2 : 1;
		break;
	case 'l':
		s.len = p[1] == 'l' ? LEN_LLONG : LEN_LONG;
		p += p[1] == 'l' ? 2 : 1;
		break;
	case 'z': s.len = LEN_SIZE; p++; break;
	case 'j': s.len = LEN_MAX; p++; break;
	default: break;
	}
	switch (*p) {
	case 'd': case 'i': case 'u':
		if (s.precision >= 0)
			return s;
		break;
	case 'f':
		if (s.len != LEN_INT && s.len != LEN_LONG)
			return s;
		break;
	case 's': case 'c': case '%':
		if (s.len != LEN_INT || (*p != 's' && s.precision >= 0))
			return s;
		break;
	default:
		return s;
	}
	s.conv = *p;
	s.end = p + 1;
	return s;
}

/* The text gathered so far: bytes past size - 1 are counted, not written. */
struct out {
	char *buf;
	size_t size, n;
};

static void put(struct out *o, const char *s, size_t len)
{
	if (o->n + 1 < o->size) {
		size_t room = o->size - 1 - o->n;

		memcpy(o->buf + o->n, s, len < room ? len : room);
	}
	o->n += len;
}

static void put_unsigned(struct out *o, uintmax_t u)
{
	char tmp[NUMFMT_MAX];

	put(o, tmp, numfmt_uint(tmp, (uint64_t)u));
}

static void put_signed(struct out *o, intmax_t v)
{
	if (v < 0) {
		put(o, "-", 1);
		put_unsigned(o, 0 - (uintmax_t)v);
	} else {
		put_unsigned(o, (uintmax_t)v);
	}
}

static intmax_t signed_arg(enum length len, va_list *ap)
{
	switch (len) {
	case LEN_CHAR: return (signed char)va_arg(*ap, int);
	case LEN_SHORT: return (short)va_arg(*ap, int);
	case LEN_LONG: return va_arg(*ap, long);
	case LEN_LLONG: return va_arg(*ap, long long);
	case LEN_SIZE: return (intmax_t)va_arg(*ap, size_t);
	case LEN_MAX: return va_arg(*ap, intmax_t);
	default: return va_arg(*ap, int);
	}
}

static uintmax_t unsigned_arg(enum length len, va_list *ap)
{
	switch (len) {
	case LEN_CHAR: return (unsigned char)va_arg(*ap, unsigned);
	case LEN_SHORT: return (unsigned short)va_arg(*ap, unsigned);
	case LEN_LONG: return va_arg(*ap, unsigned long);
	case LEN_LLONG: return va_arg(*ap, unsigned long long);
	case LEN_SIZE: return va_arg(*ap, size_t);
	case LEN_MAX: return va_arg(*ap, uintmax_t);
	default: return va_arg(*ap, unsigned);
	}
}

int strfmt_v(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct out o = { buf, size, 0 };
	va_list args;
	const char *p = fmt;

	va_copy(args, ap);
	for (;;) {
		const char *pct = strchr(p, '%');
		struct spec s;

		if (!pct) {
			put(&o, p, strlen(p));
			break;
		}
		put(&o, p, (size_t)(pct - p));
		s = parse(pct + 1);
		if (!s.conv) {  /* not done here: printf's, from the start */
			va_end(args);
			return vsnprintf(buf, size, fmt, ap);
		}
		switch (s.conv) {
		case 's': {
			const char *str = va_arg(args, const char *);

			if (!str)  /* glibc's word for it */
				str = s.precision < 0 || s.precision >= 6 ? "(null)" : "";
			put(&o, str, s.precision >= 0 ? strnlen(str, (size_t)s.precision)
						       : strlen(str));
			break;
		}
		case 'c': {
			char c = (char)va_arg(args, int);

			put(&o, &c, 1);
			break;
		}
		case '%':
			put(&o, "%", 1);
			break;
		case 'u':
			put_unsigned(&o, unsigned_arg(s.len, &args));
			break;
		case 'f': {
			char num[NUMFMT_MAX];
			double v = va_arg(args, double);

			put(&o, num, numfmt_fixed(num, v, s.precision < 0 ? 6 : s.precision));
			break;
		}
		default:  /* d, i */
			put_signed(&o, signed_arg(s.len, &args));
			break;
		}
		p = s.end;
	}
	va_end(args);
	if (size > 0)
		buf[o.n < size ? o.n : size - 1] = '\0';
	return o.n > INT32_MAX ? -1 : (int)o.n;
}

int strfmt(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = strfmt_v(buf, size, fmt, ap);
	va_end(ap);
	return n;
}
