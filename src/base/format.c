/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* format.c - numbers and texts written as printf writes them, quickly:
 * integers and fixed-point numbers (numfmt.h), and the snprintf of the
 * formats occview writes, built on them (strfmt.h). One file: strfmt's
 * every number is numfmt's. */
#include "config.h"

#include "numfmt.h"
#include "strfmt.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* ---- Numbers (numfmt.h). ---- */
/* The digits of u, most significant first; returns their count. The count
 * first, then two digits at a time from the right out of a table of the
 * pairs 00..99: a remainder and a quotient per pair, not per digit, and no
 * reversing copy. */
const char numfmt_pairs[201] =
	"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
	"8081828384858687888990919293949596979899";

static size_t digits(char *buf, uint64_t u)
{
	const char *pairs = numfmt_pairs;
	static const uint64_t pow10[] = { 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull,
		10000000ull, 100000000ull, 1000000000ull, 10000000000ull, 100000000000ull,
		1000000000000ull, 10000000000000ull, 100000000000000ull, 1000000000000000ull,
		10000000000000000ull, 100000000000000000ull, 1000000000000000000ull,
		10000000000000000000ull };
	size_t n, i;

	/* The count from the bit length: log10(2) is about 1233 / 4096, which
	 * gives the count or one less, and one comparison tells which. */
#if defined(__GNUC__) || defined(__clang__)
	{
		unsigned t = (unsigned)(64 - __builtin_clzll(u | 1)) * 1233u >> 12;

		n = t == 0 ? 1 : t + (u >= pow10[t - 1]);
	}
#else
	for (n = 1; n < 20 && u >= pow10[n - 1];)
		n++;
#endif
	i = n;
	while (u > UINT32_MAX) {
		unsigned d = (unsigned)(u % 100) * 2;

		u /= 100;
		buf[--i] = pairs[d + 1];
		buf[--i] = pairs[d];
	}
	/* The rest in 32 bits: a pair is a multiply and a shift, not the
	 * 64-bit quotient's longer sequence. */
	{
		uint32_t v = (uint32_t)u;

		while (v >= 100) {
			unsigned d = v % 100 * 2;

			v /= 100;
			buf[--i] = pairs[d + 1];
			buf[--i] = pairs[d];
		}
		u = v;
	}
	if (u >= 10) {
		buf[1] = pairs[u * 2 + 1];
		buf[0] = pairs[u * 2];
	} else {
		buf[0] = (char)('0' + u);
	}
	return n;
}

size_t numfmt_uint(char *buf, uint64_t u)
{
	size_t n = digits(buf, u);

	buf[n] = '\0';
	return n;
}

size_t numfmt_int(char *buf, int64_t v)
{
	size_t n = 0;
	uint64_t u = (uint64_t)v;

	if (v < 0) {
		buf[n++] = '-';
		u = 0 - u;  /* also right for INT64_MIN */
	}
	n += digits(buf + n, u);
	buf[n] = '\0';
	return n;
}

#if defined(__SIZEOF_INT128__)
__extension__ typedef unsigned __int128 numfmt_u128_;

/* The nearest integer to the exact v * 10^decimals (v > 0, below 2^30
 * whole), an exact tie to the even one as printf rounds it: v's mantissa
 * times the power of ten is exact in 128 bits, and the bits the binary
 * exponent shifts out are the fraction. false where v is outside that. */
static bool exact_round(double v, int decimals, uint64_t *n)
{
	static const uint32_t pow10[] = { 1, 10, 100, 1000, 10000, 100000, 1000000, 10000000,
		100000000, 1000000000 };
	uint64_t bits, mant;
	int shift;
	numfmt_u128_ p, twice;

	memcpy(&bits, &v, sizeof(bits));
	mant = bits & ((1ull << 52) - 1);
	if ((bits >> 52) == 0 || (bits >> 52) >= 0x7FF)
		return false;
	mant |= 1ull << 52;
	/* v = mant * 2^-shift */
	shift = 1075 - (int)(bits >> 52);
	if (shift < 1 || shift > 120)
		return false;
	p = (numfmt_u128_)mant * pow10[decimals];
	/* twice the value's whole part: its last bit says the fraction is a
	 * half or more; the bits below it say more than a half */
	twice = p >> (shift - 1);
	*n = (uint64_t)(twice >> 1);
	if (twice & 1)
		*n += (p & (((numfmt_u128_)1 << (shift - 1)) - 1)) != 0 || (*n & 1);
	return true;
}
#endif

size_t numfmt_fixed(char *buf, double v, int decimals)
{
	static const double scale[] = { 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9 };
	const char *pairs = numfmt_pairs;
	double x, whole, frac;
	uint64_t n, unit, whole_part;
	size_t len;

	if (decimals < 0 || decimals > 9)
		return (size_t)snprintf(buf, NUMFMT_MAX, "%.*f", decimals < 0 ? 0 : 9, v);
	x = v * scale[decimals];
	/* Past 2^30 the product's error nears the 1e-6 margin below; negative
	 * numbers (and -0.0, which printf writes with its sign), NaN and
	 * infinities are printf's. */
	if (!(x >= 0 && x < 1073741824.0) || signbit(v))
		return (size_t)snprintf(buf, NUMFMT_MAX, "%.*f", decimals, v);
	/* x is below 2^30: its whole part exact in an integer, no modf. */
	n = (uint64_t)x;
	whole = (double)n;
	frac = x - whole;
	/* Near a tie the product's rounding could decide it: printf looks at
	 * the exact binary value, so do that (the occupancy's 3.125 % and
	 * 21.875 % are ties at two decimals). Elsewhere the nearest integer
	 * is the same for the product and the exact value. */
	if (fabs(frac - 0.5) < 1e-6) {
#if defined(__SIZEOF_INT128__)
		if (!exact_round(v, decimals, &n))
#endif
			return (size_t)snprintf(buf, NUMFMT_MAX, "%.*f", decimals, v);
	} else {
		n += frac > 0.5;
	}
	if (decimals == 0) {
		len = (size_t)(numfmt_int_at(buf, (int64_t)n) - buf);
		buf[len] = '\0';
		return len;
	}
	/* two decimals, a percentage's, by a constant: a multiply, not a
	 * division */
	unit = decimals == 2 ? 100 : (uint64_t)scale[decimals];
	whole_part = decimals == 2 ? n / 100 : n / unit;
	len = (size_t)(numfmt_int_at(buf, (int64_t)whole_part) - buf);
	buf[len++] = '.';
	{
		/* the decimals from the right, a pair at a time */
		uint32_t f = (uint32_t)(n - whole_part * unit);
		int i = decimals;

		for (; i >= 2; i -= 2) {
			memcpy(buf + len + (size_t)i - 2, pairs + 2 * (f % 100), 2);
			f /= 100;
		}
		if (i == 1)
			buf[len] = (char)('0' + f);
		len += (size_t)decimals;
	}
	buf[len] = '\0';
	return len;
}

/* n's digits with decimals of them after the point, as %g writes them:
 * the decimals lose their trailing zeros, and the point with them; the
 * digits are written where they go, the decimals zero-padded from the
 * right (0.01: "0." and 01). decimals is 0 to 14. */
static size_t fixed_digits(char *buf, uint64_t n, int decimals)
{
	static const uint64_t unit[] = { 1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull,
		1000000ull, 10000000ull, 100000000ull, 1000000000ull, 10000000000ull,
		100000000000ull, 1000000000000ull, 10000000000000ull, 100000000000000ull };
	uint64_t fraction;
	size_t o, len;
	int d;

	while (decimals >= 2 && n % 100 == 0) {
		n /= 100;
		decimals -= 2;
	}
	if (decimals >= 1 && n % 10 == 0) {
		n /= 10;
		decimals--;
	}
	d = decimals;
	o = digits(buf, n / unit[decimals]);
	if (d == 0) {
		buf[o] = '\0';
		return o;
	}
	fraction = n % unit[decimals];
	buf[o++] = '.';
	len = o + (size_t)d;
	buf[len] = '\0';
	for (; d >= 2 && fraction > UINT32_MAX; d -= 2) {
		memcpy(buf + o + d - 2, numfmt_pairs + 2 * (fraction % 100), 2);
		fraction /= 100;
	}
	{
		/* below 2^32 (nine decimals and fewer, all of them): in 32 bits */
		uint32_t f = (uint32_t)fraction;

		for (; d >= 2; d -= 2) {
			memcpy(buf + o + d - 2, numfmt_pairs + 2 * (f % 100), 2);
			f /= 100;
		}
		if (d == 1)
			buf[o] = (char)('0' + f);
	}
	return len;
}

size_t numfmt_general(char *buf, double v, int precision)
{
	static const double pow10[] = { 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9,
					1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19 };
	double lo, hi, x, whole, frac;
	uint64_t n;
	int e, decimals;
	size_t len;

	if (v == 0 && !signbit(v) && precision >= 1) {
		strcpy(buf, "0");
		return 1;
	}
	/* printf rounds the magnitude: a negative value is '-' and its opposite's
	 * digits. */
	if (v <= -1e-4 && v > -1e10 && precision >= 1 && precision <= 10) {
		buf[0] = '-';
		return 1 + numfmt_general(buf + 1, -v, precision);
	}
	if (precision < 1 || precision > 10 || !(v >= 1e-4 && v < 1e10))
		return (size_t)snprintf(buf, NUMFMT_MAX, "%.*g", precision < 1 ? 1 : precision, v);
	/* A whole number of at most precision digits (48 warps, 100 %, a power
	 * of ten the check below would hand to printf) is its digits alone. */
	if (v >= 1 && v < pow10[precision] && v == (double)(uint64_t)v) {
		len = digits(buf, (uint64_t)v);
		buf[len] = '\0';
		return len;
	}
	/* A short decimal (62.5 %, 0.16, 12.75 waves): where v times 10, 100,
	 * 1000 or 10000 is a whole m of fewer than precision digits, v is
	 * m / 10^k to within 2^-52 of itself, far inside the half unit of the
	 * last digit that %g's rounding turns on, so the digits are m's. */
	for (int k = 1; k <= 4; k++) {
		double m = v * pow10[k];

		if (!(m < pow10[precision - 1]))
			break;
		/* m is below 1e9: a signed conversion, the quick one */
		if (m == (double)(int64_t)m)
			return fixed_digits(buf, (uint64_t)(int64_t)m, k);
	}
	/* The decimal exponent, by comparisons (no log10): checked on the
	 * scaled value below all the same. */
	if (v >= 1) {
		e = 0;
		while (e < 9 && v >= pow10[e + 1])
			e++;
	} else {
		e = -1;
		while (e > -4 && v * pow10[-e] < 1)
			e--;
	}
	decimals = precision - 1 - e;
	if (decimals < 0 || decimals > 19)
		return (size_t)snprintf(buf, NUMFMT_MAX, "%.*g", precision, v);
	lo = pow10[precision - 1];
	hi = pow10[precision];
	/* Powers of ten to 1e19 are exact, so x is v's digits to within half a
	 * unit of its last place: below 2^34, under 1e-6. */
	x = v * pow10[decimals];
	/* At a power of ten (0.1 is a tenth of a percent, or a wave; the
	 * double nearest it is a hair above or below): x is within 1e-3 of lo,
	 * so the digits are lo's, as printf rounds the exact value too. */
	if (x >= lo * (1 - 1e-12) && x < lo * (1 + 1e-12)) {
		n = (uint64_t)lo;
	} else {
		/* A wrong guess of e, or a near-tie in the rounding (where printf
		 * looks at the exact binary value): printf. */
		if (!(x >= lo && x < hi * (1 - 1e-12)))
			return (size_t)snprintf(buf, NUMFMT_MAX, "%.*g", precision, v);
		/* x is below 1e10 * (1 - 1e-12): its whole part exact in an
		 * integer. */
		n = (uint64_t)x;
		whole = (double)n;
		frac = x - whole;
		if (fabs(frac - 0.5) < 1e-5)
			return (size_t)snprintf(buf, NUMFMT_MAX, "%.*g", precision, v);
		n += frac > 0.5;
		if ((double)n >= hi)  /* rounded up to the next power of ten */
			return (size_t)snprintf(buf, NUMFMT_MAX, "%.*g", precision, v);
	}
	return fixed_digits(buf, n, decimals);
}

/* ---- The formats (strfmt.h). ---- */

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
