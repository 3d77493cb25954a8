/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* browser_name.c - the names the kernel browser shows: a record's display
 * name (its templates, without parameter list or return type), its width
 * in cells, and a name cut to fit a column (browser.h). */
#include "config.h"

#include "browser.h"

#include <stdio.h>
#include <string.h>

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

/* The bytes the display name's scan looks for: brackets and the blank;
 * 0 for the rest. */
enum { OPENS = 1, CLOSES = 2, BLANK = 3 };
static const unsigned char scan_kind[256] = {
	['<'] = OPENS, ['('] = OPENS, ['['] = OPENS,
	['>'] = CLOSES, [')'] = CLOSES, [']'] = CLOSES, [' '] = BLANK,
};

/* Where full's display name lies: [*start, end); *plain: whether those
 * bytes are all printable ASCII (a cell each). False where it is empty
 * (the short name stands in). */
static bool display_span(const char *full, size_t *start, size_t *end, bool *plain)
{
	size_t n = strlen(full), from = 0, last_odd = SIZE_MAX;
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
		for (size_t i = n; i-- > 0;) {
			if (full[i] == ')')
				depth++;
			else if (full[i] == '(' && --depth == 0) {
				n = i;
				break;
			}
		}
	}
	/* a return type: up to the last blank outside brackets; a table
	 * lookup a byte, since every record's name is scanned at load */
	depth = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)full[i];

		switch (scan_kind[c]) {
		case 0:
			if (c < 0x20 || c >= 0x7f)
				last_odd = i;
			break;
		case OPENS:
			depth++;
			break;
		case CLOSES:
			if (depth > 0)
				depth--;
			break;
		default:
			if (depth == 0)
				from = i + 1;
			break;
		}
	}
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

size_t browser_display_cells(const struct browser *b, size_t record)
{
	const char *full = browser_name_of(b->report, record);
	size_t start, end, n;
	bool plain;
	char buf[1024];

	if (!display_span(full, &start, &end, &plain))
		return str_display_width(report_short_name_at(b->report, record));
	/* as browser_display_name's buffer of the pane would cut it */
	n = end - start < sizeof(buf) - 1 ? end - start : sizeof(buf) - 1;
	if (plain)
		return n;  /* a cell a byte */
	memcpy(buf, full + start, n);
	buf[n] = '\0';
	return str_display_width(buf);
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
