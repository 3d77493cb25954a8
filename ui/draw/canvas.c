/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* canvas.c - a grid of cells that panes and charts draw into. */
#include "config.h"

#include "canvas.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strutil.h"

struct canvas *canvas_new(int width, int height, bool ascii)
{
	struct canvas *c;

	if (width <= 0 || height <= 0 || width > 10000 || height > 10000)
		return NULL;
	c = calloc(1, sizeof(*c));
	if (!c)
		return NULL;
	c->cells = calloc((size_t)width * (size_t)height, sizeof(*c->cells));
	if (!c->cells) {
		free(c);
		return NULL;
	}
	c->width = width;
	c->height = height;
	c->capacity = (size_t)width * (size_t)height;
	c->ascii = ascii;
	canvas_clear(c);
	return c;
}

/* Storage for cells cells, kept where it is large enough. */
static bool reserve(struct canvas *c, size_t cells)
{
	struct canvas_cell *more;

	if (cells <= c->capacity)
		return true;
	more = realloc(c->cells, cells * sizeof(*more));
	if (!more)
		return false;
	c->cells = more;
	c->capacity = cells;
	return true;
}

bool canvas_reset(struct canvas *c, int width, int height)
{
	if (width <= 0 || height <= 0 || width > 10000 || height > 10000 ||
	    !reserve(c, (size_t)width * (size_t)height))
		return false;
	c->width = width;
	c->height = height;
	canvas_clear(c);
	return true;
}

bool canvas_set_height(struct canvas *c, int height)
{
	const struct canvas_cell blank = { ' ', CANVAS_NORMAL };
	size_t cells = (size_t)c->width * (size_t)height, had = (size_t)c->width * (size_t)c->height;

	if (height <= 0 || height > 10000 || !reserve(c, cells))
		return false;
	for (size_t i = had; i < cells; i++)
		c->cells[i] = blank;
	c->height = height;
	return true;
}

void canvas_free(struct canvas *c)
{
	if (!c)
		return;
	free(c->cells);
	free(c);
}

void canvas_clear(struct canvas *c)
{
	const struct canvas_cell blank = { ' ', CANVAS_NORMAL };
	size_t n = (size_t)c->width * (size_t)c->height;

	for (size_t i = 0; i < n; i++)
		c->cells[i] = blank;
}

int canvas_text(struct canvas *c, int x, int y, int max_width, enum canvas_role role,
		const char *text)
{
	static const char hex[] = "0123456789ABCDEF";
	const unsigned char *s = (const unsigned char *)text;
	/* The row's cells, NULL when the row is off the canvas; columns are
	 * clipped one by one, as canvas_put does. */
	struct canvas_cell *row = y >= 0 && y < c->height ? &c->cells[(size_t)y * (size_t)c->width] : NULL;
	int used = 0;

	while (*s && used < max_width) {
		uint32_t cp = *s;
		size_t n = 1;

		if (cp >= 0x20 && cp < 0x7F) {
			/* Printable ASCII, most of what is drawn. */
			int cx = x + used++;

			if (row && cx >= 0 && cx < c->width)
				row[cx] = (struct canvas_cell){ cp, (uint8_t)role };
			s++;
			continue;
		}
		n = str_utf8_next((const char *)s, &cp);
		/* Controls (C0, DEL, C1) and bytes that are not UTF-8 show as
		 * their \xNN escape, one byte at a time, as str_sanitize has it. */
		if (n == 0 || cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp < 0xA0)) {
			const uint32_t esc[4] = { '\\', 'x', (uint32_t)hex[*s >> 4], (uint32_t)hex[*s & 15] };

			for (int i = 0; i < 4 && used < max_width; i++)
				canvas_put(c, x + used++, y, esc[i], role);
			s++;
			continue;
		}
		s += n;
		switch (str_cp_width(cp)) {
		case 0:
			break;
		case 2:
			if (used + 2 > max_width)
				return used;
			if (c->ascii) {
				canvas_put(c, x + used++, y, '?', role);
				canvas_put(c, x + used++, y, '?', role);
				break;
			}
			canvas_put(c, x + used++, y, cp, role);
			if (x + used >= 0 && x + used < c->width && row)
				row[x + used] = (struct canvas_cell){ CANVAS_WIDE_TAIL, (uint8_t)role };
			used++;
			break;
		default:
			canvas_put(c, x + used++, y, cp, role);
		}
	}
	return used;
}

/* Appends cp to buf as UTF-8; returns the bytes written (at most 4). */
static size_t utf8_put(char *buf, uint32_t cp)
{
	if (cp < 0x80) {
		buf[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		buf[0] = (char)(0xC0 | cp >> 6);
		buf[1] = (char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		buf[0] = (char)(0xE0 | cp >> 12);
		buf[1] = (char)(0x80 | (cp >> 6 & 0x3F));
		buf[2] = (char)(0x80 | (cp & 0x3F));
		return 3;
	}
	buf[0] = (char)(0xF0 | cp >> 18);
	buf[1] = (char)(0x80 | (cp >> 12 & 0x3F));
	buf[2] = (char)(0x80 | (cp >> 6 & 0x3F));
	buf[3] = (char)(0x80 | (cp & 0x3F));
	return 4;
}

void canvas_write(const struct canvas *c, FILE *out)
{
	char buf[4096];
	size_t n = 0;

	for (int y = 0; y < c->height; y++) {
		const struct canvas_cell *row = &c->cells[(size_t)y * (size_t)c->width];
		int last = c->width - 1;

		while (last >= 0 && row[last].glyph == ' ')
			last--;
		for (int x = 0; x <= last; x++) {
			uint32_t g = row[x].glyph;

			if (g == CANVAS_WIDE_TAIL)
				continue;

			if (n > sizeof(buf) - 5) {
				fwrite(buf, 1, n, out);
				n = 0;
			}
			if (g < 0x80)
				buf[n++] = (char)g;
			else
				n += utf8_put(buf + n, g);
		}
		if (n > sizeof(buf) - 1) {
			fwrite(buf, 1, n, out);
			n = 0;
		}
		buf[n++] = '\n';
	}
	fwrite(buf, 1, n, out);
}

const uint32_t canvas_glyphs_utf8[CANVAS_G_N] = {
	[CANVAS_G_HLINE] = 0x2500, [CANVAS_G_VLINE] = 0x2502,
	[CANVAS_G_TOP_LEFT] = 0x250C, [CANVAS_G_TOP_RIGHT] = 0x2510,
	[CANVAS_G_BOTTOM_LEFT] = 0x2514, [CANVAS_G_BOTTOM_RIGHT] = 0x2518,
	[CANVAS_G_TICK] = 0x252C, [CANVAS_G_CURRENT] = 0x25CF,
	[CANVAS_G_FULL] = 0x2588, [CANVAS_G_IDLE] = 0x2592, [CANVAS_G_FREE] = 0x2591,
	[CANVAS_G_SHADE] = 0x2591, [CANVAS_G_AVERAGE] = 0x2500,
};

const uint32_t canvas_glyphs_ascii[CANVAS_G_N] = {
	[CANVAS_G_HLINE] = '-', [CANVAS_G_VLINE] = '|',
	[CANVAS_G_TOP_LEFT] = '+', [CANVAS_G_TOP_RIGHT] = '+',
	[CANVAS_G_BOTTOM_LEFT] = '+', [CANVAS_G_BOTTOM_RIGHT] = '+',
	[CANVAS_G_TICK] = '+', [CANVAS_G_CURRENT] = 'O',
	[CANVAS_G_FULL] = '#', [CANVAS_G_IDLE] = '=', [CANVAS_G_FREE] = '.',
	[CANVAS_G_SHADE] = ':', [CANVAS_G_AVERAGE] = '-',
};

void canvas_line_over(struct canvas *c, int x, int y, uint32_t glyph, enum canvas_role role)
{
	const struct canvas_cell *cell = canvas_at(c, x, y);

	if (!cell)
		return;
	canvas_put(c, x, y, cell->glyph != ' ' ? cell->glyph : glyph, role);
}

void canvas_fill(struct canvas *c, int x, int y, int w, int h, uint32_t glyph,
		 enum canvas_role role)
{
	for (int r = 0; r < h; r++)
		for (int col = 0; col < w; col++)
			canvas_put(c, x + col, y + r, glyph, role);
}

void canvas_frame(struct canvas *c, int x, int y, int w, int h, const char *title,
		  enum canvas_role role)
{
	if (w < 2 || h < 2)
		return;
	for (int col = 1; col < w - 1; col++) {
		canvas_put(c, x + col, y, canvas_glyph(c, CANVAS_G_HLINE), role);
		canvas_put(c, x + col, y + h - 1, canvas_glyph(c, CANVAS_G_HLINE), role);
	}
	for (int r = 1; r < h - 1; r++) {
		canvas_put(c, x, y + r, canvas_glyph(c, CANVAS_G_VLINE), role);
		canvas_put(c, x + w - 1, y + r, canvas_glyph(c, CANVAS_G_VLINE), role);
	}
	canvas_put(c, x, y, canvas_glyph(c, CANVAS_G_TOP_LEFT), role);
	canvas_put(c, x + w - 1, y, canvas_glyph(c, CANVAS_G_TOP_RIGHT), role);
	canvas_put(c, x, y + h - 1, canvas_glyph(c, CANVAS_G_BOTTOM_LEFT), role);
	canvas_put(c, x + w - 1, y + h - 1, canvas_glyph(c, CANVAS_G_BOTTOM_RIGHT), role);
	if (title && title[0] && w > 4) {
		int used = canvas_text(c, x + 2, y, w - 4, CANVAS_HEADER, " ");
		used += canvas_text_fit(c, x + 2 + used, y, w - 5 - used, CANVAS_HEADER, false, title);
		canvas_text(c, x + 2 + used, y, w - 4 - used, CANVAS_HEADER, " ");
	}
}

int canvas_text_fit(struct canvas *c, int x, int y, int w, enum canvas_role role, bool keep_end,
		    const char *text)
{
	char buf[1024];

	if (w <= 0)
		return 0;
	return canvas_text(c, x, y, w, role, str_ellipsize(text, w, keep_end, c->ascii ? "..." : "\u2026",
							   buf, sizeof(buf)));
}

int canvas_printf(struct canvas *c, int x, int y, int max_width, enum canvas_role role,
		  const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	return canvas_text(c, x, y, max_width, role, buf);
}

/* Where canvas_wrap's lines go: str_wrap calls put_line for each. */
struct wrap_target {
	struct canvas *c;
	int x, y, w, h, row;
	enum canvas_role role;
};

static void put_line(void *ctx, const char *s, size_t len)
{
	struct wrap_target *t = ctx;
	char line[1024];

	if (t->row < t->h && t->c) {
		if (len >= sizeof(line))
			len = sizeof(line) - 1;
		memcpy(line, s, len);
		line[len] = '\0';
		canvas_text(t->c, t->x, t->y + t->row, t->w, t->role, line);
	}
	t->row++;
}

int canvas_wrap(struct canvas *c, int x, int y, int w, int h, enum canvas_role role,
		const char *text)
{
	struct wrap_target t = { c, x, y, w, h, 0, role };

	if (w <= 0 || h <= 0 || !*text)
		return 0;
	str_wrap(text, 0, w, put_line, &t);
	return t.row < h ? t.row : h;
}
