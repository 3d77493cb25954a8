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
};

struct canvas_cell {
	uint32_t glyph;   /* a Unicode code point, never a control character */
	uint8_t role;
};

struct canvas {
	int width, height;
	bool ascii;       /* draw with ASCII glyphs only */
	struct canvas_cell *cells;
};

/* NULL when out of memory or when a side is not positive. */
struct canvas *canvas_new(int width, int height, bool ascii);
void canvas_free(struct canvas *c);
void canvas_clear(struct canvas *c);
/* Out-of-range cells are ignored, so callers may clip by drawing. */
void canvas_put(struct canvas *c, int x, int y, uint32_t glyph, enum canvas_role role);
/* Draws UTF-8 text from (x, y), at most max_width cells; control characters and
 * invalid bytes are shown escaped (\xNN), never passed on. Returns cells used. */
int canvas_text(struct canvas *c, int x, int y, int max_width, enum canvas_role role,
		const char *text);
const struct canvas_cell *canvas_at(const struct canvas *c, int x, int y);
/* Writes the grid as UTF-8 text, one line per row, trailing blanks dropped. */
void canvas_write(const struct canvas *c, FILE *out);

#endif
