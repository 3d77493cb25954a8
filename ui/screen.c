/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* screen.c - canvas to curses: every cell written with its role's attributes;
 * refresh() then sends only the cells that differ from the terminal's. */
#include "config.h"

#include "screen.h"

#include <curses.h>
#include <wchar.h>

struct theme_entry {
	short fg;        /* -1: the terminal's own colour */
	attr_t color_attr;
	attr_t mono_attr;  /* what tells the role apart without colour */
};

static const struct theme_entry theme[CANVAS_N_ROLES] = {
	[CANVAS_NORMAL] = { -1, A_NORMAL, A_NORMAL },
	[CANVAS_HEADER] = { COLOR_CYAN, A_BOLD, A_BOLD },
	[CANVAS_AXIS] = { -1, A_NORMAL, A_NORMAL },
	[CANVAS_CURVE] = { COLOR_GREEN, A_NORMAL, A_NORMAL },
	[CANVAS_CURRENT] = { COLOR_YELLOW, A_BOLD, A_BOLD | A_REVERSE },
	[CANVAS_LIMITER] = { COLOR_RED, A_BOLD, A_BOLD },
	[CANVAS_WARNING] = { COLOR_YELLOW, A_NORMAL, A_UNDERLINE },
	[CANVAS_DIM] = { -1, A_DIM, A_DIM },
	[CANVAS_FRAME] = { COLOR_BLUE, A_NORMAL, A_NORMAL },
	[CANVAS_FOCUS] = { -1, A_REVERSE, A_REVERSE },
	[CANVAS_BAR_USED] = { COLOR_GREEN, A_NORMAL, A_NORMAL },
	[CANVAS_BAR_IDLE] = { COLOR_YELLOW, A_NORMAL, A_NORMAL },
	[CANVAS_BAR_FREE] = { -1, A_DIM, A_DIM },
	[CANVAS_AVERAGE] = { COLOR_MAGENTA, A_BOLD, A_BOLD },
	[CANVAS_CAPPED] = { -1, A_DIM, A_DIM },
	[CANVAS_GOOD] = { COLOR_GREEN, A_BOLD, A_BOLD },
};

static bool use_color;

void screen_init_theme(bool color)
{
	use_color = false;
	if (!color || !has_colors())
		return;
	start_color();
	use_default_colors();
	for (int r = 1; r < CANVAS_N_ROLES; r++)
		init_pair((short)r, theme[r].fg, -1);
	use_color = true;
}

static attr_t role_attr(int role)
{
	if (role < 0 || role >= CANVAS_N_ROLES)
		return A_NORMAL;
	if (!use_color)
		return theme[role].mono_attr;
	return theme[role].color_attr | (theme[role].fg >= 0 ? COLOR_PAIR(role) : 0);
}

void screen_blit(const struct canvas *c)
{
	int rows = c->height < LINES ? c->height : LINES;
	int cols = c->width < COLS ? c->width : COLS;

	for (int y = 0; y < rows; y++)
		for (int x = 0; x < cols; x++) {
			const struct canvas_cell *cell = canvas_at(c, x, y);
			wchar_t wc[2] = { (wchar_t)cell->glyph, 0 };
			cchar_t cc;

			/* The bottom-right cell scrolls some terminals: skip it. */
			if (y == LINES - 1 && x == COLS - 1)
				continue;
			setcchar(&cc, wc, role_attr(cell->role), 0, NULL);
			mvadd_wch(y, x, &cc);
		}
}
