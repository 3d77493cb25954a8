/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* canvas.h - a grid of cells (glyph + role) that panes and charts draw into.
 * It knows nothing of curses: the TUI copies it to the screen, --print writes it
 * as text, and golden tests compare that text. */
#ifndef OCC_CANVAS_H
#define OCC_CANVAS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* What a cell shows, not how: the front end maps roles to colours. */
enum canvas_role {
	CANVAS_NORMAL,
	CANVAS_HEADER,
	CANVAS_AXIS,
	CANVAS_CURVE,
	CANVAS_CURRENT,
	CANVAS_LIMITER,
	CANVAS_WARNING,
	CANVAS_DIM,
	CANVAS_FRAME,      /* pane borders */
	CANVAS_FOCUS,      /* the focused parameter or selected row */
	CANVAS_BAR_USED,   /* utilization bars: used by resident blocks */
	CANVAS_BAR_IDLE,   /* idle because another factor limits */
	CANVAS_BAR_FREE,   /* left over: less than one more block needs */
	CANVAS_AVERAGE,    /* the average line across a bar chart */
	CANVAS_CAPPED,     /* where another limit caps a curve */
	CANVAS_GOOD,       /* an occupancy gain */
	CANVAS_N_ROLES
};

/* Glyphs with a UTF-8 and an ASCII form; canvas_glyph() picks by c->ascii. */
enum canvas_glyph {
	CANVAS_G_HLINE, CANVAS_G_VLINE,
	CANVAS_G_TOP_LEFT, CANVAS_G_TOP_RIGHT, CANVAS_G_BOTTOM_LEFT, CANVAS_G_BOTTOM_RIGHT,
	CANVAS_G_TICK,        /* a tick on a horizontal axis */
	CANVAS_G_CURRENT,     /* the launch's own point on a chart */
	CANVAS_G_FULL,        /* a full bar cell */
	CANVAS_G_IDLE,        /* a bar cell idle because another factor limits */
	CANVAS_G_FREE,        /* a bar cell left over */
	CANVAS_G_SHADE,       /* a shaded (capped) region */
	CANVAS_G_AVERAGE,     /* an average line */
	CANVAS_G_N
};

/* The glyph of the cell right of a wide character (str_cp_width 2): the
 * character takes both cells on a terminal; writers skip this cell. */
#define CANVAS_WIDE_TAIL 0u

struct canvas_cell {
	uint32_t glyph;   /* a Unicode code point, never a control character;
			   * CANVAS_WIDE_TAIL right of a wide one */
	uint8_t role;
};

struct canvas {
	int width, height;
	bool ascii;       /* draw with ASCII glyphs only */
	struct canvas_cell *cells;
	size_t capacity;  /* cells allocated: width * height or more */
};

/* NULL when out of memory or when a side is not positive. */
struct canvas *canvas_new(int width, int height, bool ascii);
void canvas_free(struct canvas *c);
/* Makes c width x height and clear, keeping its cells' storage where it is
 * large enough (a printer draws one canvas per record). False when out of
 * memory or a side is not positive: c is then unchanged. */
bool canvas_reset(struct canvas *c, int width, int height);
void canvas_clear(struct canvas *c);
/* Makes c height rows tall, keeping the rows it has and clearing the rows
 * it gains (--print grows its canvas when a pane needs more rows than the
 * last record's). False when out of memory or out of range: c unchanged. */
bool canvas_set_height(struct canvas *c, int height);
/* Out-of-range cells are ignored, so callers may clip by drawing; a
 * control character is drawn '?', and so is any non-ASCII glyph on an ASCII
 * canvas. Inline, as the few functions below: every drawn cell goes through
 * them. */
static inline void canvas_put(struct canvas *c, int x, int y, uint32_t glyph,
			      enum canvas_role role)
{
	if (x < 0 || y < 0 || x >= c->width || y >= c->height)
		return;
	if (glyph < 0x20 || glyph == 0x7F || (glyph >= 0x80 && glyph < 0xA0))
		glyph = '?';
	if (c->ascii && glyph > 0x7E)
		glyph = '?';
	c->cells[y * c->width + x] = (struct canvas_cell){ glyph, (uint8_t)role };
}
/* Draws UTF-8 text from (x, y), at most max_width cells; control characters and
 * invalid bytes are shown escaped (\xNN), never passed on. A wide character
 * (str_cp_width 2) takes two cells, the second CANVAS_WIDE_TAIL, and is left
 * out when only one is left; a zero-width one (a combining mark) is left out.
 * Returns cells used. */
int canvas_text(struct canvas *c, int x, int y, int max_width, enum canvas_role role,
		const char *text);
extern const uint32_t canvas_glyphs_utf8[CANVAS_G_N], canvas_glyphs_ascii[CANVAS_G_N];

static inline uint32_t canvas_glyph(const struct canvas *c, enum canvas_glyph g)
{
	if ((int)g < 0 || g >= CANVAS_G_N)
		return '?';
	return c->ascii ? canvas_glyphs_ascii[g] : canvas_glyphs_utf8[g];
}

/* The top cell of a vertical bar that fills `eighths` (0..8) of the cell:
 * a lower-eighth block in UTF-8; in ASCII by quarters, '.' ':' '|' '#';
 * ' ' for none. */
static inline uint32_t canvas_vbar_glyph(const struct canvas *c, int eighths)
{
	if (eighths <= 0)
		return ' ';
	if (eighths >= 8)
		return canvas_glyph(c, CANVAS_G_FULL);
	if (c->ascii)   /* quarters: a bar's top still says how far it reaches */
		return eighths <= 2 ? '.' : eighths <= 4 ? ':' : eighths <= 6 ? '|' : '#';
	return 0x2580 + (uint32_t)eighths; /* U+2581 lower one eighth .. U+2587 */
}
/* A line across a plot (an average): where a bar already holds the cell its
 * glyph stays, in the line's role, so the line never erases a bar; elsewhere
 * glyph. */
void canvas_line_over(struct canvas *c, int x, int y, uint32_t glyph, enum canvas_role role);
/* Fills a rectangle with one glyph (clipped). */
void canvas_fill(struct canvas *c, int x, int y, int w, int h, uint32_t glyph,
		 enum canvas_role role);
/* A frame around the w x h rectangle at (x, y) with an optional title in its
 * top edge; does nothing below 2 x 2. */
void canvas_frame(struct canvas *c, int x, int y, int w, int h, const char *title,
		  enum canvas_role role);
/* Draws text word-wrapped (str_wrap) into the w x h rectangle at (x, y);
 * returns the rows used. c NULL measures: the rows it would use. */
int canvas_wrap(struct canvas *c, int x, int y, int w, int h, enum canvas_role role,
		const char *text);
/* The one way a line is drawn where it may not fit: text in at most w
 * cells (its display width, str_display_width), ended by an ellipsis where
 * it is cut (str_ellipsize; "..." on an ASCII canvas), never cut silently.
 * keep_end: the ellipsis at the start instead (a path keeps its file's
 * name). Returns cells used. */
int canvas_text_fit(struct canvas *c, int x, int y, int w, enum canvas_role role, bool keep_end,
		    const char *text);
/* Like canvas_text with printf formatting. */
int canvas_printf(struct canvas *c, int x, int y, int max_width, enum canvas_role role,
		  const char *fmt, ...) __attribute__((format(printf, 6, 7)));
static inline const struct canvas_cell *canvas_at(const struct canvas *c, int x, int y)
{
	if (x < 0 || y < 0 || x >= c->width || y >= c->height)
		return NULL;
	return &c->cells[y * c->width + x];
}
/* Writes the grid as UTF-8 text, one line per row, trailing blanks dropped. */
void canvas_write(const struct canvas *c, FILE *out);

#endif
