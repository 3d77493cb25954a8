/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* table_out.h - the occupancy table's parts (pane_table.c lays them out):
 * where a section draws, labelled rows of items, and the sections that are
 * files of their own (the header, the occupancy figures, the limits). */
#ifndef OCC_TABLE_OUT_H
#define OCC_TABLE_OUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "canvas.h"
#include "view.h"

enum {
	LABEL_W = 15,             /* "Shared memory  " in allocation and GPU limits */
	ITEM_MAX = 160,
	MAX_ITEMS = 12,
};

/* Where a section draws: a column of the pane's rectangle and a row cursor.
 * c NULL measures: the same code runs and only y advances, so the height used
 * for the layout is the height drawn. */
struct out {
	struct canvas *c;
	int x, w;        /* the column */
	int y;           /* the next row */
	int y_end;       /* rows from here on are outside the pane */
};

struct item {
	char text[ITEM_MAX];   /* sanitized */
	enum canvas_role role;
};

struct items {
	struct item it[MAX_ITEMS];
	int n;
};

/* Text at column dx of the current row; where it does not fit in the
 * column, it ends in an ellipsis at the column's right edge. Returns the
 * cells written. */
int table_put(struct out *o, int dx, enum canvas_role role, const char *text);
__attribute__((format(printf, 4, 5)))
int table_putf(struct out *o, int dx, enum canvas_role role, const char *fmt, ...);
void table_glyph(struct out *o, int dx, uint32_t glyph, enum canvas_role role);
/* One more item of a row, sanitized. */
__attribute__((format(printf, 3, 4)))
void table_item(struct items *l, enum canvas_role role, const char *fmt, ...);
/* A label and its items joined by sep, wrapped at item boundaries to further
 * rows that start under the first item; an item wider than a row wraps at
 * its own words (str_wrap), never cut. */
void table_item_rows(struct out *o, int indent, int label_w, enum canvas_role label_role,
		     const char *label, const struct items *l, const char *sep);

/* A what-if of a report's record: what the report measured is of another
 * launch (the session says which, cur.report.changed). */
bool table_is_whatif(const struct view *v);
/* A change as gain (good), loss (warning) or none. */
enum canvas_role table_delta_role(double delta);
/* An inferred range: "81-96", or "7" where it is one value. */
const char *table_range_text(const struct report_range *r, const char *unit, char *buf,
			     size_t size);
/* Whether any of params (PARAM_BIT) of the launch shown was inferred from
 * the profiler's own limits and is still the record's (not a what-if's). */
bool table_inferred(const struct view *v, unsigned params);

/* The sections of their own files: the kernel, GPU and launch; active
 * blocks, warps and occupancy; every factor's limit with its bar. */
void table_sec_header(struct out *o, const struct view *v);
void table_sec_occupancy(struct out *o, const struct view *v);
void table_sec_limits(struct out *o, const struct view *v);

#endif
