/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* strutil.c - small string helpers shared by the readers and writers. */
#include "config.h"

#include "strutil.h"

#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

bool str_copy(char *dst, size_t size, const char *src)
{
	/* As snprintf(dst, size, "%s", src) cuts, without its format machinery:
	 * this runs for every name of every record. */
	size_t n;

	if (size == 0)
		return false;
	n = strnlen(src ? src : "", size);
	if (n == size) {
		memcpy(dst, src, size - 1);
		dst[size - 1] = '\0';
		return false;
	}
	memcpy(dst, src ? src : "", n + 1);
	return true;
}

const char *str_base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash && slash[1] ? slash + 1 : path;
}

char *str_trim(char *s)
{
	size_t n = strlen(s);
	size_t i = 0;

	while (n > 0 && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
	while (isspace((unsigned char)s[i]))
		i++;
	if (i > 0)
		memmove(s, s + i, n - i + 1);
	return s;
}

bool str_ieq(const char *a, const char *b)
{
	for (; *a && *b; a++, b++)
		if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
			return false;
	return *a == *b;
}

int str_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	int *row;
	int result;

	if (la > 256)
		la = 256;
	if (lb > 256)
		lb = 256;
	row = malloc((lb + 1) * sizeof(*row));
	if (!row)
		return (int)(la > lb ? la : lb);
	for (size_t j = 0; j <= lb; j++)
		row[j] = (int)j;
	for (size_t i = 1; i <= la; i++) {
		int diag = row[0];
		row[0] = (int)i;
		for (size_t j = 1; j <= lb; j++) {
			int up = row[j];
			int cost = tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]);
			int best = diag + cost;
			if (row[j] + 1 < best)
				best = row[j] + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	result = row[lb];
	free(row);
	return result;
}

/* Whether the n bytes at s are all printable ASCII (0x20 to 0x7E). */
static bool printable_ascii(const unsigned char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] < 0x20 || s[i] > 0x7E)
			return false;
	return true;
}

/* Length of the valid UTF-8 sequence at s (at most n bytes), 0 if invalid. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	size_t len;
	unsigned min;
	unsigned cp;

	if (s[0] < 0x80)
		return 1;
	if ((s[0] & 0xE0) == 0xC0) {
		len = 2; min = 0x80; cp = s[0] & 0x1F;
	} else if ((s[0] & 0xF0) == 0xE0) {
		len = 3; min = 0x800; cp = s[0] & 0x0F;
	} else if ((s[0] & 0xF8) == 0xF0) {
		len = 4; min = 0x10000; cp = s[0] & 0x07;
	} else {
		return 0;
	}
	if (len > n)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3F);
	}
	if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
		return 0;
	/* C1 controls are as dangerous to a terminal as C0 ones. */
	if (cp >= 0x80 && cp < 0xA0)
		return 0;
	return len;
}

void str_sanitize(const char *in, char *out, size_t size)
{
	const unsigned char *s = (const unsigned char *)in;
	size_t n = strlen(in);
	size_t o = 0;

	if (size == 0)
		return;
	/* Printable ASCII, most text, is its own sanitized form. */
	if (n < size && printable_ascii(s, n)) {
		memcpy(out, in, n + 1);
		return;
	}
	for (size_t i = 0; i < n;) {
		size_t len = utf8_len(s + i, n - i);
		if (len == 0 || s[i] < 0x20 || s[i] == 0x7F) {
			if (o + 4 >= size)
				break;
			snprintf(out + o, size - o, "\\x%02X", s[i]);
			o += 4;
			i++;
			continue;
		}
		if (o + len >= size)
			break;
		memcpy(out + o, s + i, len);
		o += len;
		i += len;
	}
	out[o] = '\0';
}

bool str_is_safe(const char *in)
{
	const unsigned char *s = (const unsigned char *)in;
	size_t n = strlen(in);

	for (size_t i = 0; i < n;) {
		size_t len = utf8_len(s + i, n - i);

		if (len == 0 || s[i] < 0x20 || s[i] == 0x7F)
			return false;
		i += len;
	}
	return true;
}

/* True when none of the 8 bytes at s is 0 or >= 0x80: plain ASCII text. */
static bool ascii8(const unsigned char *s)
{
	uint64_t w;

	memcpy(&w, s, sizeof(w));
	/* A byte is 0 iff (b - 1) & ~b has its top bit set (no borrow can come
	 * in from a lower byte unless that byte is 0, which fails anyway). */
	return ((w | ((w - 0x0101010101010101ull) & ~w)) & 0x8080808080808080ull) == 0;
}

#ifdef __SSE2__
/* The same for the 16 bytes at s, as SSE2 tests them at once: a whole
 * report is checked, and this is half the instructions per byte. */
static bool ascii16(const unsigned char *s)
{
	__m128i x = _mm_loadu_si128((const __m128i *)(const void *)s);

	return _mm_movemask_epi8(_mm_or_si128(x, _mm_cmpeq_epi8(x, _mm_setzero_si128()))) == 0;
}

/* The same for 64 bytes, one mask for four loads: a raw page's record is
 * thousands of ASCII bytes, checked as the file is read. */
static bool ascii64(const unsigned char *s)
{
	const __m128i z = _mm_setzero_si128();
	__m128i a = _mm_loadu_si128((const __m128i *)(const void *)s);
	__m128i b = _mm_loadu_si128((const __m128i *)(const void *)(s + 16));
	__m128i c = _mm_loadu_si128((const __m128i *)(const void *)(s + 32));
	__m128i d = _mm_loadu_si128((const __m128i *)(const void *)(s + 48));
	__m128i zero = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(a, z), _mm_cmpeq_epi8(b, z)),
				    _mm_or_si128(_mm_cmpeq_epi8(c, z), _mm_cmpeq_epi8(d, z)));

	return _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(_mm_or_si128(a, b), _mm_or_si128(c, d)),
					      zero)) == 0;
}
#endif

#if defined(__SSE2__) && defined(__GNUC__)
static unsigned match16(const char *p, char a, char b)
{
	__m128i x = _mm_loadu_si128((const __m128i *)(const void *)p);

	return (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8(a)),
							_mm_cmpeq_epi8(x, _mm_set1_epi8(b))));
}
#endif

const char *str_find2(const char *p, const char *e, char a, char b)
{
#if defined(__SSE2__) && defined(__GNUC__)
	for (; e - p >= 16; p += 16) {
		unsigned m = match16(p, a, b);

		if (m)
			return p + __builtin_ctz(m);
	}
#endif
	for (; p < e; p++)
		if (*p == a || *p == b)
			return p;
	return e;
}

const char *str_rfind2(const char *p, const char *e, char a, char b)
{
#if defined(__SSE2__) && defined(__GNUC__)
	for (; e - p >= 16; e -= 16) {
		unsigned m = match16(e - 16, a, b);

		if (m)
			return e - 16 + (31 - __builtin_clz(m));
	}
#endif
	while (e > p)
		if (*--e == a || *e == b)
			return e;
	return NULL;
}

bool str_is_binary(const char *text, size_t len, long *at)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t i = 0;

	/* Linear and cheap: runs of ASCII eight bytes at a time, lines counted
	 * only when there is something to report. */
	while (i < len) {
		size_t l = 1;

#ifdef __SSE2__
		if (len - i >= 64 && ascii64(s + i)) {
			i += 64;
			continue;
		}
		if (len - i >= 16 && ascii16(s + i)) {
			i += 16;
			continue;
		}
#endif
		if (len - i >= 8 && ascii8(s + i)) {
			i += 8;
			continue;
		}
		if (s[i] >= 0x80) {
			l = utf8_len(s + i, len - i);
			/* C1 code points in otherwise valid UTF-8 are rare, but text. */
			if (l == 0 && len - i >= 2 && s[i] == 0xC2 && s[i + 1] >= 0x80 && s[i + 1] < 0xA0)
				l = 2;
		}
		if (s[i] == 0 || l == 0) {
			if (at) {
				long line = 1;

				for (const unsigned char *p = s;
				     (p = memchr(p, '\n', (size_t)(s + i - p))) != NULL; p++)
					line++;
				*at = line;
			}
			return true;
		}
		i += l;
	}
	return false;
}

size_t str_utf8_next(const char *s, uint32_t *cp)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n;
	uint32_t v;

	if (p[0] < 0x80) {
		*cp = p[0];
		return p[0] ? 1 : 0;
	}
	if (p[0] >= 0xC2 && p[0] <= 0xDF) {
		n = 2;
		v = p[0] & 0x1F;
	} else if (p[0] >= 0xE0 && p[0] <= 0xEF) {
		n = 3;
		v = p[0] & 0x0F;
	} else if (p[0] >= 0xF0 && p[0] <= 0xF4) {
		n = 4;
		v = p[0] & 0x07;
	} else {
		return 0;
	}
	for (size_t i = 1; i < n; i++) {
		if ((p[i] & 0xC0) != 0x80)
			return 0;
		v = v << 6 | (p[i] & 0x3F);
	}
	/* Overlong forms, surrogates and past U+10FFFF are not UTF-8. */
	if ((n == 3 && v < 0x800) || (n == 4 && (v < 0x10000 || v > 0x10FFFF)) ||
	    (v >= 0xD800 && v <= 0xDFFF))
		return 0;
	*cp = v;
	return n;
}

/* Ranges of code points, sorted, for a binary search. */
struct cp_range {
	uint32_t first, last;
};

static bool in_ranges(uint32_t cp, const struct cp_range *r, size_t n)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (cp < r[mid].first)
			hi = mid;
		else if (cp > r[mid].last)
			lo = mid + 1;
		else
			return true;
	}
	return false;
}

/* zero_width and double_width: glibc's wcwidth, which ncurses draws by. */
#include "width_table.h"

int str_cp_width(uint32_t cp)
{
	if (cp < 0x300)
		return cp >= 0x20 && cp != 0x7F && !(cp >= 0x80 && cp < 0xA0) ? 1 : 0;
	if (in_ranges(cp, zero_width, sizeof(zero_width) / sizeof(zero_width[0])))
		return 0;
	return in_ranges(cp, double_width, sizeof(double_width) / sizeof(double_width[0])) ? 2 : 1;
}

/* The cells the character at s (not NUL) takes once drawn, and its bytes
 * in *len: a control character or a byte that is not UTF-8 is drawn as its
 * \xNN escape (4 cells, one byte at a time). Printable ASCII first. */
static int char_cells(const char *s, size_t *len)
{
	unsigned char b = (unsigned char)*s;
	uint32_t cp;
	size_t n;

	*len = 1;
	if (b >= 0x20 && b < 0x7F)
		return 1;
	n = str_utf8_next(s, &cp);
	/* a C1 control too is escaped a byte at a time: two escapes */
	if (n == 0 || cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp < 0xA0))
		return 4;
	*len = n;
	return str_cp_width(cp);
}

size_t str_display_width(const char *s)
{
	size_t w = 0;

	while (*s) {
		size_t n;

		w += (size_t)char_cells(s, &n);
		s += n;
	}
	return w;
}

int str_wrap(const char *text, int first_width, int width,
	     void (*line)(void *ctx, const char *s, size_t len), void *ctx)
{
	const char *p = text;
	int lines = 0;

	if (width < 1)
		width = 1;
	do {
		int room = lines == 0 && first_width > 0 ? first_width : width;
		const char *q = p, *brk = NULL;
		int cells = 0;

		/* The longest run that fits, ending at a space where one is. */
		while (*q) {
			size_t n;
			int w = char_cells(q, &n);

			if (cells + w > room && cells > 0)
				break;
			if (*q == ' ')
				brk = q;
			q += n;
			cells += w;
		}
		if (*q == ' ' || !*q)
			brk = q;
		else if (!brk || brk == p)
			brk = q;      /* a word longer than the line: cut it */
		/* The trailing spaces of the line are not shown. */
		{
			const char *e = brk;

			while (e > p && e[-1] == ' ')
				e--;
			line(ctx, p, (size_t)(e - p));
		}
		lines++;
		p = brk;
		while (*p == ' ')
			p++;
	} while (*p);
	return lines;
}

const char *str_ellipsize(const char *text, int w, bool keep_end, const char *mark, char *buf,
			  size_t size)
{
	int mark_w = (int)str_display_width(mark), used = 0;
	const char *p = text;

	if ((int)str_display_width(text) <= w)
		return text;
	if (w < mark_w || size == 0)
		return "";
	if (keep_end) {
		while (*p && (int)str_display_width(p) > w - mark_w) {
			p++;
			while (((unsigned char)*p & 0xC0) == 0x80)
				p++;
		}
		snprintf(buf, size, "%s%s", mark, p);
		return buf;
	}
	/* the longest start that leaves room for the mark */
	while (*p) {
		size_t n;
		int cw = char_cells(p, &n);

		if (used + cw > w - mark_w)
			break;
		used += cw;
		p += n;
	}
	snprintf(buf, size, "%.*s%s", (int)(p - text), text, mark);
	return buf;
}
