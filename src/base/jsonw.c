/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* jsonw.c - the streaming JSON writer (jsonw.h): jansson's layout and
 * number and string forms, written straight to the stream. */
#include "config.h"

#include "jsonw.h"
#include "jsonw_cur.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "numfmt.h"
#include "strutil.h"

void jsonw_init(struct jsonw *w, FILE *out, int base)
{
	outbuf_init(&w->text, out);
	w->depth = 0;
	jsonw_set_base(w, base);
	w->after_key = false;
	w->compact = false;
}

void jsonw_set_base(struct jsonw *w, int base)
{
	w->base = base < 0 ? 0 : base > 32 ? 32 : base;
}

void jsonw_init_compact(struct jsonw *w, FILE *out)
{
	jsonw_init(w, out, 0);
	w->compact = true;
}

bool jsonw_flush(struct jsonw *w)
{
	return outbuf_flush(&w->text);
}

void jsonw_newline_slow_(char *p, int spaces)
{
	p[0] = '\n';
	memset(p + 1, ' ', (size_t)spaces);
}

/* 16 bytes of it from either start: a comma or not, the new line, spaces. */
const char jsonw_cur_sep_[] = ",\n               ";

void jsonw_cur_wide_(char *p, size_t adv)
{
	memset(p + 16, ' ', adv - 16);
}

/* Before a value: after a key nothing; in an array the separator and the
 * new line jansson puts before every item. */
static void before_value(struct jsonw *w)
{
	w->text.n = (size_t)(jsonw_value_(w, 0) - w->text.buf);
}

/* jansson's escaping: the two JSON must-escapes, the short forms of
 * \b \f \n \r \t, \u00XX for the other controls; UTF-8 as it is. Runs of
 * bytes that need none are copied whole. */
/* True when one of the 8 bytes at p needs an escape: a control byte, '"'
 * or a backslash (the classic has-less and has-zero word tricks). */
static bool escape8(const unsigned char *p)
{
	const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
	uint64_t x, quote, slash;

	memcpy(&x, p, sizeof(x));
	quote = x ^ (ones * '"');
	slash = x ^ (ones * '\\');
	return (((x - ones * 0x20) & ~x) | ((quote - ones) & ~quote) | ((slash - ones) & ~slash)) &
	       highs;
}

static void string_escaped(struct jsonw *w, const char *s, size_t len)
{
	static const char hex[] = "0123456789ABCDEF";
	const unsigned char *p = (const unsigned char *)s, *run = p;
	const unsigned char *end = p + len;

	outbuf_putc(&w->text, '"');
	for (;;) {
		unsigned char ch;
		char esc[8];
		size_t len = 2;

		/* Eight bytes at a time through runs that need no escape. */
		while (end - p >= 8 && !escape8(p))
			p += 8;
		if (p == end)
			break;
		ch = *p;
		/* Printable ASCII but the two must-escapes, and UTF-8 bytes. */
		if (ch >= 0x20 && ch != '"' && ch != '\\') {
			p++;
			continue;
		}
		outbuf_put(&w->text, (const char *)run, (size_t)(p - run));
		esc[0] = '\\';
		switch (ch) {
		case '"': esc[1] = '"'; break;
		case '\\': esc[1] = '\\'; break;
		case '\b': esc[1] = 'b'; break;
		case '\f': esc[1] = 'f'; break;
		case '\n': esc[1] = 'n'; break;
		case '\r': esc[1] = 'r'; break;
		case '\t': esc[1] = 't'; break;
		default:
			memcpy(esc + 1, "u00", 3);
			esc[4] = hex[ch >> 4];
			esc[5] = hex[ch & 15];
			len = 6;
			break;
		}
		outbuf_put(&w->text, esc, len);
		run = ++p;
	}
	outbuf_put(&w->text, (const char *)run, (size_t)(end - run));
	outbuf_putc(&w->text, '"');
}


#ifdef __SSE2__
/* True when one of the 16 bytes at p needs an escape: at most 0x1F, '"' or
 * a backslash. */
static bool escape16(const unsigned char *p)
{
	__m128i x = _mm_loadu_si128((const __m128i *)(const void *)p);
	__m128i control = _mm_cmpeq_epi8(_mm_max_epu8(x, _mm_set1_epi8(0x1F)), _mm_set1_epi8(0x1F));
	__m128i quote = _mm_cmpeq_epi8(x, _mm_set1_epi8('"'));
	__m128i slash = _mm_cmpeq_epi8(x, _mm_set1_epi8('\\'));

	return _mm_movemask_epi8(_mm_or_si128(control, _mm_or_si128(quote, slash))) != 0;
}
#endif

/* True when one of the len bytes at s needs an escape. */
static bool needs_escape(const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0;

	/* Whole words, then the last word again where it overlaps the one
	 * before: no byte past the string is read. */
#ifdef __SSE2__
	if (len >= 16) {
		for (; len - i >= 16; i += 16)
			if (escape16(p + i))
				return true;
		return i < len && escape16(p + len - 16);
	}
#endif
	if (len >= 8) {
		for (; len - i >= 8; i += 8)
			if (escape8(p + i))
				return true;
		return i < len && escape8(p + len - 8);
	}
	for (; i < len; i++)
		if (p[i] < 0x20 || p[i] == '"' || p[i] == '\\')
			return true;
	return false;
}

/* Most strings, and every key, need no escape: one copy, quotes around,
 * and (for a key) the colon after. */
enum { PLAIN_MAX = 512 };

static void quoted(struct jsonw *w, const char *s, bool key)
{
	size_t len = strlen(s), n;
	char *p;

	if (len > PLAIN_MAX || needs_escape(s, len)) {
		string_escaped(w, s, len);
		if (key)
			outbuf_put(&w->text, ": ", w->compact ? 1 : 2);
		return;
	}
	p = outbuf_room(&w->text, len + 4);
	p[0] = '"';
	memcpy(p + 1, s, len);
	p[len + 1] = '"';
	n = len + 2;
	if (key) {
		p[n++] = ':';
		if (!w->compact)
			p[n++] = ' ';
	}
	w->text.n += n;
}

void jsonw_key(struct jsonw *w, const char *key)
{
	before_value(w);
	quoted(w, key, true);
	w->after_key = true;
}

/* What jsonw_member does not inline: a name made at run time (its text
 * quoted and escaped here), a long one, a member where none may be. */
void jsonw_member_slow_(struct jsonw *w, struct jsonw_name name)
{
	if (name.len == 0) {
		jsonw_key(w, name.text);
		return;
	}
	if (name.len == JSONW_WORD_) {
		jsonw_member_word(w, name.text);
		return;
	}
	before_value(w);
	/* the space after the colon is the text's last byte */
	outbuf_put(&w->text, name.text, w->compact ? name.len - 1 : name.len);
	w->after_key = true;
}

char *jsonw_cur_name_slow_(struct jsonw *w, struct jsonw_cur *c, struct jsonw_name name)
{
	char *p = jsonw_cur_room_(w, c);

	memcpy(p, jsonw_cur_sep_ + c->first, 16);
	if (c->full > 16)
		jsonw_cur_wide_(p, c->full - c->first);
	w->text.n = (size_t)(p + c->full - c->first - w->text.buf);
	c->first = 0;
	if (name.len == 0 || name.len == JSONW_WORD_)
		quoted(w, name.text, true);
	else
		/* the space after the colon is the text's last byte */
		outbuf_put(&w->text, name.text, name.len - c->cut);
	c->p = outbuf_room(&w->text, JSONW_CUR_ROOM_);
	return c->p;
}

void jsonw_cur_word(struct jsonw *w, struct jsonw_cur *c, struct jsonw_name name, const char *s)
{
	size_t len = strlen(s);
	char *p = jsonw_cur_name_any_(w, c, name);

	if (len > PLAIN_MAX) {
		/* longer than the room asked for: the writer's way */
		w->text.n = (size_t)(p - w->text.buf);
		quoted(w, s, false);
		c->p = w->text.buf + w->text.n;
		return;
	}
	w->text.n = (size_t)(p - w->text.buf);
	p = outbuf_room(&w->text, len + 2);
	p[0] = '"';
	memcpy(p + 1, s, len);
	p[len + 1] = '"';
	c->p = p + len + 2;
}

void jsonw_string(struct jsonw *w, const char *s)
{
	before_value(w);
	quoted(w, s, false);
}

/* True when the len bytes at s are printable ASCII (0x20 to 0x7E) but '"'
 * and backslash: their own sanitized form, and a JSON string's text. */
static bool plain_ascii(const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0;

#ifdef __SSE2__
	if (len >= 16) {
		const __m128i low = _mm_set1_epi8(0x1F), high = _mm_set1_epi8(0x7F);
		const __m128i quote = _mm_set1_epi8('"'), slash = _mm_set1_epi8('\\');

		/* whole blocks, then the last again where it overlaps */
		for (;;) {
			const unsigned char *q = len - i >= 16 ? p + i : p + len - 16;
			__m128i x = _mm_loadu_si128((const __m128i *)(const void *)q);
			/* signed: bytes from 0x80 are negative, so below 0x20 too */
			__m128i ok = _mm_and_si128(_mm_cmpgt_epi8(x, low), _mm_cmplt_epi8(x, high));
			__m128i bad = _mm_or_si128(_mm_cmpeq_epi8(x, quote), _mm_cmpeq_epi8(x, slash));

			if (_mm_movemask_epi8(_mm_andnot_si128(bad, ok)) != 0xFFFF)
				return false;
			if (len - i <= 16)
				return true;
			i += 16;
		}
	}
#endif
	for (; i < len; i++)
		if (p[i] < 0x20 || p[i] > 0x7E || p[i] == '"' || p[i] == '\\')
			return false;
	return true;
}

void jsonw_text(struct jsonw *w, const char *s, size_t size)
{
	size_t len = strlen(s);
	char small[2048], *buf;
	char *p;

	if (len < size && len <= PLAIN_MAX && plain_ascii(s, len)) {
		p = jsonw_value_(w, len + 2);
		p[0] = '"';
		memcpy(p + 1, s, len);
		p[len + 1] = '"';
		w->text.n = (size_t)(p + len + 2 - w->text.buf);
		return;
	}
	if (size == 0) {  /* str_sanitize leaves the buffer as it was */
		jsonw_string(w, "");
		return;
	}
	buf = size <= sizeof(small) ? small : malloc(size);
	if (!buf) {
		jsonw_null(w);
		return;
	}
	str_sanitize(s, buf, size);
	jsonw_string(w, buf);
	if (buf != small)
		free(buf);
}

void jsonw_word(struct jsonw *w, const char *s)
{
	size_t len = strlen(s);
	char *p;

	if (len > PLAIN_MAX) {
		jsonw_string(w, s);
		return;
	}
	p = jsonw_value_(w, len + 2);
	p[0] = '"';
	memcpy(p + 1, s, len);
	p[len + 1] = '"';
	w->text.n = (size_t)(p + len + 2 - w->text.buf);
}

void jsonw_member_word(struct jsonw *w, const char *key)
{
	size_t len = strlen(key);
	char *p;

	if (len > PLAIN_MAX || w->after_key || w->depth == 0 || w->depth > JSONW_MAX_DEPTH) {
		jsonw_key(w, key);
		return;
	}
	p = jsonw_item_(w, outbuf_room(&w->text, JSONW_ROOM_ + len + 4));
	p[0] = '"';
	memcpy(p + 1, key, len);
	memcpy(p + len + 1, "\": ", 3);
	w->text.n = (size_t)(p + len + 4 - w->compact - w->text.buf);
	w->after_key = true;
}

void jsonw_real(struct jsonw *w, double v)
{
	char *p = jsonw_real_at_(jsonw_value_(w, NUMFMT_MAX + 2), v);

	w->text.n = (size_t)(p - w->text.buf);
}

/* v (1e-4 <= v < 1e10, not whole) as jsonw_real_at_ writes it at p: %.10g
 * without printf, its ten significant digits those of v times the exact
 * power of ten that puts the first of them at 1e9 (one rounding: x is v's
 * digits to within 2e-6 of a unit of the last, so one rounding to the
 * nearest whole number is printf's, away from a tie), then the point put
 * in and the trailing zeros of the decimals dropped, as %g does. NULL
 * where x is within 1e-5 of a tie, or the exponent's guess was wrong, or
 * the digits round up to the next power of ten (%g's exponent changes):
 * printf's way then. test_output checks it against jansson's text over
 * millions of values. */
JSONW_INLINE_ char *real10_at(char *p, double v)
{
	/* 10^(e) at [e + 4], e from -4 to 10; the negative ones are the
	 * doubles nearest them (checked on x below all the same) */
	static const double bound[] = { 1e-4, 1e-3, 1e-2, 1e-1, 1e0, 1e1, 1e2, 1e3, 1e4,
					1e5, 1e6, 1e7, 1e8, 1e9, 1e10 };
	static const double scale[] = { 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9,
					1e10, 1e11, 1e12, 1e13 };
	const char *pairs = numfmt_pairs;
	uint64_t bits, n;
	uint32_t lo, a, b;
	char d[32] = { 0 };
	int e, sig;
	double x, frac;

	/* The decimal exponent from the binary one: v is in [2^b, 2^(b+1)),
	 * so log10(v) is b * log10(2) (1233 / 4096 is a hair below it) or up
	 * to one more. */
	memcpy(&bits, &v, sizeof(bits));
	e = (((int)(bits >> 52) - 1023 + 4096) * 1233 >> 12) - 1233;
	if (e < -4)
		e = -4;
	while (e < 9 && v >= bound[e + 5])
		e++;
	x = v * scale[9 - e];
	if (x >= 1e9 * (1 - 1e-12) && x < 1e9 * (1 + 1e-12)) {
		/* at a power of ten: its digits, as printf rounds the exact
		 * value too (numfmt_general's reasoning) */
		n = 1000000000u;
	} else {
		if (!(x >= 1e9 && x < 1e10 * (1 - 1e-12)))
			return NULL;
		n = (uint64_t)x;
		frac = x - (double)n;
		if (fabs(frac - 0.5) < 1e-5)
			return NULL;
		n += frac > 0.5;
		if (n >= 10000000000u)
			return NULL;
	}
	/* the ten digits: two, then eight in 32 bits, a pair at a time */
	memcpy(d, pairs + 2 * (n / 100000000u), 2);
	lo = (uint32_t)(n % 100000000u);
	a = lo / 10000;
	b = lo % 10000;
	memcpy(d + 2, pairs + 2 * (a / 100), 2);
	memcpy(d + 4, pairs + 2 * (a % 100), 2);
	memcpy(d + 6, pairs + 2 * (b / 100), 2);
	memcpy(d + 8, pairs + 2 * (b % 100), 2);
	/* the digits less their trailing zeros: four at a time where the
	 * last four are (0.5, 62.5: most of a ratio's ten are zeros) */
	sig = b != 0 ? 10 : a != 0 ? 6 : 2;
	while (sig > 1 && d[sig - 1] == '0')
		sig--;
	if (e < 0) {
		/* "0.", the zeros after the point, the digits */
		memcpy(p, "0.000000", 8);
		memcpy(p + 1 - e, d, 16);
		return p + 1 - e + sig;
	}
	/* e + 1 whole digits, the point, the decimals or (none) "0" */
	memcpy(p, d, 16);
	memcpy(p + e + 2, d + e + 1, 16);
	p[e + 1] = '.';
	if (sig > e + 1)
		return p + sig + 1;
	p[e + 2] = '0';
	return p + e + 3;
}

static char *real_any_at(char *p, double v);

/* As jansson's jsonp_dtostr with precision 10: %.10g, ".0" where that
 * reads as an integer, no '+' or leading zeros in the exponent. The
 * reals a kernel's figures are, from 1e-4 to 1e10 (ratios, whole
 * percentages, durations), the quick way in a small function; the rest in
 * real_any_at, whose frame this one does not pay for. */
char *jsonw_real_at_(char *p, double v)
{
	if (v >= 1e-4 && v < 1e10) {
		char *q;

		if (v == (double)(int64_t)v) {
			/* whole: the integer's digits and ".0" (100 %, 48 warps) */
			p = jsonw_int_at_(p, (int64_t)v);
			memcpy(p, ".0", 2);
			return p + 2;
		}
		q = real10_at(p, v);
		if (q)
			return q;
	}
	return real_any_at(p, v);
}

#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static char *real_any_at(char *p, double v)
{
	char *e = NULL, *q;
	size_t n;
	bool point = false;

	/* A whole number below 1e10 is its digits under %.10g: the integer's,
	 * and ".0" (100 %, 48 warps). */
	if (v >= 0 && v < 1e10 && v == (double)(int64_t)v && !signbit(v)) {
		p = jsonw_int_at_(p, (int64_t)v);
		memcpy(p, ".0", 2);
		return p + 2;
	}
	if (v >= 1e-4 && v < 1e10) {
		q = real10_at(p, v);
		if (q)
			return q;
	} else if (v <= -1e-4 && v > -1e10) {
		q = real10_at(p + 1, -v);
		if (q) {
			*p = '-';
			return q;
		}
	}
	n = numfmt_general(p, v, 10);
	if (n >= NUMFMT_MAX - 3) {
		memcpy(p, "null", 4);
		return p + 4;
	}
	/* From 1e-4 to 1e9 %.10g never takes the exponent form (a value rounded
	 * up to 1e10 would): only the point is looked for. */
	if (fabs(v) >= 1e-4 && fabs(v) < 1e9) {
		point = memchr(p, '.', n) != NULL;
	} else {
		for (size_t i = 0; i < n; i++) {
			if (p[i] == '.')
				point = true;
			else if (p[i] == 'e')
				e = p + i;
		}
	}
	if (!point && !e) {
		memcpy(p + n, ".0", 2);
		n += 2;
	}
	if (e) {
		char *start = e + 1, *end = start + 1;

		if (*start == '-')
			start++;
		while (*end == '0')
			end++;
		if (end != start) {
			memmove(start, end, n - (size_t)(end - p) + 1);
			n -= (size_t)(end - start);
		}
	}
	return p + n;
}
