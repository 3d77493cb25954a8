/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* browser_name.c - the names the kernel browser shows: a record's display
 * name (its templates, without parameter list or return type), its width
 * in cells, and a name cut to fit a column (browser.h). */
#include "config.h"

#include "browser.h"

#include <stdio.h>
#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "strutil.h"

const char *browser_name_of(const struct report *rep, size_t i)
{
	const char *name = report_name_at(rep, i);

	return name ? name : report_short_name_at(rep, i);
}

/* Brackets that nest in a demangled name. */
static bool opens(char c)
{
	return c == '<' || c == '(' || c == '[';
}

/* The change of depth a byte makes: brackets nest in a demangled name. */
static const signed char depth_step[256] = {
	['<'] = 1, ['('] = 1, ['['] = 1, ['>'] = -1, [')'] = -1, [']'] = -1,
};

/* One byte of the scan for a return type: the depth of brackets, the
 * last blank outside them and the last byte that takes no one cell.
 * Written as selections, not branches (the compiler's conditional moves):
 * which of them a byte is, is as unpredictable as the names, and every
 * record's name is scanned at load. */
static inline void scan_byte(unsigned char c, size_t i, int *depth, size_t *from,
			     size_t *last_odd)
{
	int d = *depth + depth_step[c];

	*depth = d < 0 ? 0 : d;
	*from = c == ' ' && d == 0 ? i + 1 : *from;
	*last_odd = c < 0x20 || c >= 0x7f ? i : *last_odd;
}

#ifdef __SSE2__
/* The bits of the 16 bytes at p that the scan for a return type acts on:
 * brackets, the blank, and bytes outside printable ASCII. */
static inline unsigned scan_mask(const char *p)
{
	__m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
	__m128i m = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('<')),
					      _mm_cmpeq_epi8(v, _mm_set1_epi8('('))),
				 _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('[')),
					      _mm_cmpeq_epi8(v, _mm_set1_epi8('>'))));

	m = _mm_or_si128(m, _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(')')),
					 _mm_cmpeq_epi8(v, _mm_set1_epi8(']'))));
	m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8(' ')));
	/* signed: below 0x20 is 0x00-0x1f and 0x80-0xff */
	m = _mm_or_si128(m, _mm_cmplt_epi8(v, _mm_set1_epi8(0x20)));
	m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8(0x7f)));
	return (unsigned)_mm_movemask_epi8(m);
}

/* The bits of the parentheses among the 16 bytes at p. */
static inline unsigned paren_mask(const char *p)
{
	__m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);

	return (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('(')),
							_mm_cmpeq_epi8(v, _mm_set1_epi8(')'))));
}
#endif

/* Where full's display name lies: [*start, end); *plain: whether those
 * bytes are all printable ASCII (a cell each). False where it is empty
 * (the short name stands in). Every record's name is scanned at load, so
 * 16 bytes a step where SSE2 is there: only the bytes the scan acts on are
 * looked at one by one. */
static bool display_span(const char *full, size_t *start, size_t *end, bool *plain)
{
	size_t n = strlen(full), from = 0, last_odd = SIZE_MAX, i = 0;
	int depth = 0;

	/* rocprof's code-object suffixes */
	while (n > 0 && full[n - 1] == ' ')
		n--;
	if (n >= 11 && memcmp(full + n - 11, "[clone .kd]", 11) == 0)
		n -= 11;
	else if (n >= 5 && memcmp(full + n - 5, "(.kd)", 5) == 0)
		n -= 5;
	else if (n >= 3 && memcmp(full + n - 3, ".kd", 3) == 0)
		n -= 3;
	while (n > 0 && full[n - 1] == ' ')
		n--;
	/* the parameter list: from the '(' that matches the last ')' */
	if (n > 0 && full[n - 1] == ')') {
		size_t at = n;
		bool found = false;

#ifdef __SSE2__
		for (; at >= 16 && !found; at -= 16) {
			unsigned bits = paren_mask(full + at - 16);

			while (bits) {
				int b = 31 - __builtin_clz(bits);

				bits &= ~(1u << b);
				if (full[at - 16 + (size_t)b] == ')')
					depth++;
				else if (--depth == 0) {
					n = at - 16 + (size_t)b;
					found = true;
					break;
				}
			}
		}
#endif
		while (!found && at-- > 0) {
			if (full[at] == ')')
				depth++;
			else if (full[at] == '(' && --depth == 0) {
				n = at;
				break;
			}
		}
	}
	/* a return type: up to the last blank outside brackets */
	depth = 0;
#ifdef __SSE2__
	for (; n - i >= 16; i += 16) {
		unsigned bits = scan_mask(full + i);

		while (bits) {
			int b = __builtin_ctz(bits);

			bits &= bits - 1;
			scan_byte((unsigned char)full[i + (size_t)b], i + (size_t)b, &depth, &from,
				  &last_odd);
		}
	}
#endif
	for (; i < n; i++)
		scan_byte((unsigned char)full[i], i, &depth, &from, &last_odd);
	*start = from;
	*end = n;
	*plain = last_odd == SIZE_MAX || last_odd < from;
	return from < n;
}

void browser_display_name(const struct browser *b, const struct browser_line *l, char *buf,
			  size_t size)
{
	const char *full = browser_name_of(b->report, l->record);
	size_t start, end;
	bool plain;

	if (!display_span(full, &start, &end, &plain)) {
		str_copy(buf, size, report_short_name_at(b->report, l->record));
		return;
	}
	snprintf(buf, size, "%.*s", (int)(end - start), full + start);
}

/* The width of full's display name in *cells; false where it is empty
 * (the short name stands in). */
static bool span_cells(const char *full, size_t *cells)
{
	size_t start, end, n;
	bool plain;
	char buf[1024];

	if (!display_span(full, &start, &end, &plain))
		return false;
	/* as browser_display_name's buffer of the pane would cut it */
	n = end - start < sizeof(buf) - 1 ? end - start : sizeof(buf) - 1;
	if (plain) {
		*cells = n;  /* a cell a byte */
		return true;
	}
	memcpy(buf, full + start, n);
	buf[n] = '\0';
	*cells = str_display_width(buf);
	return true;
}

size_t browser_display_cells(const struct browser *b, size_t record)
{
	size_t cells;

	if (!span_cells(browser_name_of(b->report, record), &cells))
		return str_display_width(report_short_name_at(b->report, record));
	return cells;
}

/* What a slot of browser_display_cells_kept's holds for a name whose
 * display name is empty (0: not known yet, else the width + 1). */
#define CELLS_SHORT UINT32_MAX

size_t browser_display_cells_kept(const struct browser *b, size_t record, uint32_t *kept,
				  size_t n_kept)
{
	uint32_t key = report_name_key_at(b->report, record);
	size_t cells;

	if (!kept || key == 0 || key >= n_kept)
		return browser_display_cells(b, record);
	if (kept[key] == 0)
		kept[key] = span_cells(browser_name_of(b->report, record), &cells) ?
			(uint32_t)cells + 1 : CELLS_SHORT;
	if (kept[key] == CELLS_SHORT)
		return str_display_width(report_short_name_at(b->report, record));
	return kept[key] - 1;
}

const char *browser_fit_name(const char *name, int width, const char *mark, char *buf,
			     size_t size)
{
	const char *p = name;
	int mark_w = (int)str_display_width(mark), head_w, tail_w;
	char head[512], tail[512];

	if (width <= 0) {
		str_copy(buf, size, "");
		return buf;
	}
	/* leading namespaces, while a "::" comes before any bracket (the
	 * anonymous namespace's brackets are a name) */
	while ((int)str_display_width(p) > width) {
		const char *q = p;

		while (*q && !(q[0] == ':' && q[1] == ':')) {
			if (strncmp(q, "<unnamed>", 9) == 0)
				q += 9;
			else if (strncmp(q, "(anonymous namespace)", 21) == 0)
				q += 21;
			else if (opens(*q))
				break;
			else
				q++;
		}
		if (q[0] != ':' || q[2] == '\0')
			break;
		p = q + 2;
	}
	if ((int)str_display_width(p) <= width)
		return p;
	/* no templates, or no room for them beside the kernel's own name: the
	 * end goes, as with any long text */
	if (width < mark_w + 4 || !strchr(p, '<') ||
	    (int)(strchr(p, '<') - p) + mark_w + 6 > width)
		return str_ellipsize(p, width, false, mark, buf, size);
	/* the head keeps the kernel's own name where it can, the tail at
	 * least a third */
	head_w = (width - mark_w + 1) / 2;
	{
		int own = (int)(strchr(p, '<') - p) + 2;
		int most = (width - mark_w) * 2 / 3;

		if (own > head_w)
			head_w = own < most ? own : most;
	}
	tail_w = width - mark_w - head_w;
	snprintf(buf, size, "%s%s%s", str_ellipsize(p, head_w, false, "", head, sizeof(head)), mark,
		 str_ellipsize(p, tail_w, true, "", tail, sizeof(tail)));
	return buf;
}
