/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* table_out.c - the occupancy table's rows: text cut to its column, items
 * wrapped under their label, and the small questions every section asks. */
#include "config.h"

#include "table_out.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "strutil.h"

/* Display cells of sanitized UTF-8, as the canvas draws them (wide
 * characters take two). */
static int text_cells(const char *s)
{
	return (int)str_display_width(s);
}

/* Text at column dx of the current row; where it does not fit in the
 * column, it ends in an ellipsis at the column's right edge. */
int table_put(struct out *o, int dx, enum canvas_role role, const char *text)
{
	int n = text_cells(text);

	if (dx < 0 || dx >= o->w)
		return 0;
	if (n > o->w - dx)
		n = o->w - dx;
	if (o->c && o->y < o->y_end)
		canvas_text_fit(o->c, o->x + dx, o->y, n, role, false, text);
	return n;
}

__attribute__((format(printf, 4, 5)))
int table_putf(struct out *o, int dx, enum canvas_role role, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	return table_put(o, dx, role, buf);
}

void table_glyph(struct out *o, int dx, uint32_t glyph, enum canvas_role role)
{
	if (o->c && dx >= 0 && dx < o->w && o->y < o->y_end)
		canvas_put(o->c, o->x + dx, o->y, glyph, role);
}

__attribute__((format(printf, 3, 4)))
void table_item(struct items *l, enum canvas_role role, const char *fmt, ...)
{
	char raw[ITEM_MAX];
	va_list ap;

	if (l->n == MAX_ITEMS)
		return;
	va_start(ap, fmt);
	vsnprintf(raw, sizeof(raw), fmt, ap);
	va_end(ap);
	str_sanitize(raw, l->it[l->n].text, sizeof(l->it[l->n].text));
	l->it[l->n].role = role;
	l->n++;
}

/* Where put_line writes the lines of an item wrapped at its words. */
struct item_wrap {
	struct out *o;
	int x0, x;       /* the rows' start; where the last line ended */
	enum canvas_role role;
	int lines;
};

static void put_line(void *ctx, const char *s, size_t len)
{
	struct item_wrap *w = ctx;
	char line[ITEM_MAX];

	if (w->lines++ > 0)
		w->o->y++;
	snprintf(line, sizeof(line), "%.*s", (int)len, s);
	w->x = w->x0 + table_put(w->o, w->x0, w->role, line);
}

/* A label and its items joined by sep, wrapped at item boundaries to further
 * rows that start under the first item; an item wider than a row wraps at
 * its own words (str_wrap), never cut. */
void table_item_rows(struct out *o, int indent, int label_w, enum canvas_role label_role,
		      const char *label, const struct items *l, const char *sep)
{
	int x0 = indent + label_w, x = x0, sep_w = text_cells(sep);

	table_put(o, indent, label_role, label);
	for (int i = 0; i < l->n; i++) {
		int w = text_cells(l->it[i].text);
		if (i > 0) {
			if (x + sep_w + w > o->w && x > x0) {
				/* The separator's punctuation stays on the row it ends. */
				char punct[8];
				snprintf(punct, sizeof(punct), "%.*s", (int)strcspn(sep, " "), sep);
				table_put(o, x, CANVAS_NORMAL, punct);
				o->y++;
				x = x0;
			} else {
				x += table_put(o, x, CANVAS_NORMAL, sep);
			}
		}
		if (x + w > o->w && x == x0 && o->w > x0) {
			struct item_wrap iw = { o, x0, x0, l->it[i].role, 0 };

			str_wrap(l->it[i].text, 0, o->w - x0, put_line, &iw);
			x = iw.x;
			continue;
		}
		x += table_put(o, x, l->it[i].role, l->it[i].text);
	}
	o->y++;
}

/* A what-if of a report's record: what the report measured is of another
 * launch (the session says which, cur.report.changed). */
bool table_is_whatif(const struct view *v)
{
	return v->cur.report.present && v->cur.report.changed != 0;
}

enum canvas_role table_delta_role(double delta)
{
	return delta > 0 ? CANVAS_GOOD : delta < 0 ? CANVAS_WARNING : CANVAS_NORMAL;
}

/* An inferred range: "81-96", or "7" where it is one value. */
const char *table_range_text(const struct report_range *r, const char *unit, char *buf,
			      size_t size)
{
	if (r->lo == r->hi)
		snprintf(buf, size, "%d%s", r->lo, unit);
	else
		snprintf(buf, size, "%d-%d%s", r->lo, r->hi, unit);
	return buf;
}

/* Whether any of params (PARAM_BIT) of the launch shown was inferred from
 * the profiler's own limits and is still the record's (not a what-if's). */
bool table_inferred(const struct view *v, unsigned params)
{
	const struct crosscheck_record *p = &v->cur.report;

	return p->present && (p->inferred.params & params & ~p->changed) != 0;
}
