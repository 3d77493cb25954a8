/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* screen.c - the terminal, the colour themes, and canvas to curses: every
 * cell written with its role's attributes and colour pair; refresh() then
 * sends only the cells that differ from the terminal's. */
#include "config.h"

#include "screen.h"

#include <curses.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <term.h>
#include <unistd.h>
#include <wchar.h>

#include "strutil.h"

/* A role's look: colours (-1: the terminal's own), the 256-colour shade used
 * where the terminal has 256 colours (-1: fg8), and attributes. */
struct look {
	short fg8, fg256, bg;
	attr_t attr;
};

struct theme {
	const char *name;
	bool color;        /* false: attributes alone */
	struct look role[CANVAS_N_ROLES];
};

#define L(fg8, fg256, bg, attr) { fg8, fg256, bg, attr }
static const struct theme themes[] = {
	{ "default", true, {
		[CANVAS_NORMAL] = L(-1, -1, -1, A_NORMAL),
		[CANVAS_HEADER] = L(COLOR_CYAN, 75, -1, A_BOLD),
		[CANVAS_AXIS] = L(-1, -1, -1, A_NORMAL),
		[CANVAS_CURVE] = L(COLOR_GREEN, 78, -1, A_NORMAL),
		[CANVAS_CURRENT] = L(COLOR_YELLOW, 220, -1, A_BOLD),
		[CANVAS_LIMITER] = L(COLOR_RED, 203, -1, A_BOLD),
		[CANVAS_WARNING] = L(COLOR_YELLOW, 214, -1, A_NORMAL),
		[CANVAS_DIM] = L(-1, -1, -1, A_DIM),
		[CANVAS_FRAME] = L(COLOR_BLUE, 68, -1, A_NORMAL),
		[CANVAS_FOCUS] = L(-1, -1, -1, A_REVERSE),
		[CANVAS_BAR_USED] = L(COLOR_GREEN, 71, -1, A_NORMAL),
		[CANVAS_BAR_IDLE] = L(COLOR_YELLOW, 179, -1, A_NORMAL),
		[CANVAS_BAR_FREE] = L(-1, -1, -1, A_DIM),
		[CANVAS_AVERAGE] = L(COLOR_MAGENTA, 170, -1, A_BOLD),
		[CANVAS_CAPPED] = L(-1, 240, -1, A_DIM),
		[CANVAS_GOOD] = L(COLOR_GREEN, 83, -1, A_BOLD),
	} },
	/* What tells the roles apart without colour: -C, NO_COLOR. */
	{ "monochrome", false, {
		[CANVAS_NORMAL] = L(-1, -1, -1, A_NORMAL),
		[CANVAS_HEADER] = L(-1, -1, -1, A_BOLD),
		[CANVAS_AXIS] = L(-1, -1, -1, A_NORMAL),
		[CANVAS_CURVE] = L(-1, -1, -1, A_NORMAL),
		[CANVAS_CURRENT] = L(-1, -1, -1, A_BOLD | A_REVERSE),
		[CANVAS_LIMITER] = L(-1, -1, -1, A_BOLD),
		[CANVAS_WARNING] = L(-1, -1, -1, A_UNDERLINE),
		[CANVAS_DIM] = L(-1, -1, -1, A_DIM),
		[CANVAS_FRAME] = L(-1, -1, -1, A_NORMAL),
		[CANVAS_FOCUS] = L(-1, -1, -1, A_REVERSE),
		[CANVAS_BAR_USED] = L(-1, -1, -1, A_NORMAL),
		[CANVAS_BAR_IDLE] = L(-1, -1, -1, A_NORMAL),
		[CANVAS_BAR_FREE] = L(-1, -1, -1, A_DIM),
		[CANVAS_AVERAGE] = L(-1, -1, -1, A_BOLD),
		[CANVAS_CAPPED] = L(-1, -1, -1, A_DIM),
		[CANVAS_GOOD] = L(-1, -1, -1, A_BOLD),
	} },
	/* Bright on black, nothing dimmed: projectors, low vision. */
	{ "high-contrast", true, {
		[CANVAS_NORMAL] = L(COLOR_WHITE, 15, COLOR_BLACK, A_NORMAL),
		[CANVAS_HEADER] = L(COLOR_CYAN, 51, COLOR_BLACK, A_BOLD),
		[CANVAS_AXIS] = L(COLOR_WHITE, 15, COLOR_BLACK, A_NORMAL),
		[CANVAS_CURVE] = L(COLOR_GREEN, 46, COLOR_BLACK, A_BOLD),
		[CANVAS_CURRENT] = L(COLOR_YELLOW, 226, COLOR_BLACK, A_BOLD | A_REVERSE),
		[CANVAS_LIMITER] = L(COLOR_RED, 196, COLOR_BLACK, A_BOLD),
		[CANVAS_WARNING] = L(COLOR_YELLOW, 226, COLOR_BLACK, A_BOLD | A_UNDERLINE),
		[CANVAS_DIM] = L(COLOR_WHITE, 250, COLOR_BLACK, A_NORMAL),
		[CANVAS_FRAME] = L(COLOR_WHITE, 15, COLOR_BLACK, A_BOLD),
		[CANVAS_FOCUS] = L(COLOR_WHITE, 15, COLOR_BLACK, A_REVERSE | A_BOLD),
		[CANVAS_BAR_USED] = L(COLOR_GREEN, 46, COLOR_BLACK, A_BOLD),
		[CANVAS_BAR_IDLE] = L(COLOR_YELLOW, 226, COLOR_BLACK, A_NORMAL),
		[CANVAS_BAR_FREE] = L(COLOR_WHITE, 250, COLOR_BLACK, A_NORMAL),
		[CANVAS_AVERAGE] = L(COLOR_MAGENTA, 201, COLOR_BLACK, A_BOLD),
		[CANVAS_CAPPED] = L(COLOR_WHITE, 250, COLOR_BLACK, A_NORMAL),
		[CANVAS_GOOD] = L(COLOR_GREEN, 46, COLOR_BLACK, A_BOLD),
	} },
};
#undef L

enum { N_THEMES = sizeof(themes) / sizeof(themes[0]) };

const char *const screen_theme_names[] = { "default", "monochrome", "high-contrast", NULL };

/* The theme in use and whether its colours are: set once, by
 * screen_init_theme, before the first draw. */
static const struct theme *theme = &themes[0];
static bool use_color;

static const struct theme *find_theme(const char *name)
{
	for (int i = 0; i < N_THEMES; i++)
		if (name && strcmp(themes[i].name, name) == 0)
			return &themes[i];
	return NULL;
}

bool screen_theme_known(const char *name)
{
	return find_theme(name) != NULL;
}

bool screen_wants_color(const struct screen_opts *o)
{
	const char *no_color = getenv("NO_COLOR");
	const struct theme *t = find_theme(o->theme);

	if (o->no_color || (no_color && no_color[0]))
		return false;
	return !t || t->color;
}

bool screen_open(bool keys_from_tty, char *err, size_t size)
{
	const char *term = getenv("TERM");
	int status = 0;
	FILE *keys = stdin;
	SCREEN *scr;

	err[0] = '\0';
	if (!term || !term[0]) {
		snprintf(err, size, "TERM is not set, so the explorer cannot draw; "
			 "occview --print FILE writes the panes as text");
		return false;
	}
	/* setupterm says why, where initscr would print and exit. */
	if (setupterm(NULL, STDOUT_FILENO, &status) != OK) {
		snprintf(err, size, "the terminal type '%.100s' is %s, so the explorer cannot draw; "
			 "occview --print FILE writes the panes as text", term,
			 status == 0 ? "not in the terminfo database (or a hard-copy one)"
				     : "unknown: no terminfo database was found");
		return false;
	}
	/* TERM=dumb and the like: no way to place the cursor. */
	{
		char *cup = tigetstr("cup");
		bool addressable = cup && cup != (char *)-1;

		del_curterm(cur_term);
		if (!addressable) {
			snprintf(err, size, "the terminal '%.100s' cannot place the cursor, so the "
				 "explorer cannot draw; occview --print FILE writes the panes as text", term);
			return false;
		}
	}
	if (keys_from_tty) {
		/* Never closed: the screen reads it until the program ends. */
		keys = fopen("/dev/tty", "r");
		if (!keys) {
			snprintf(err, size, "standard input is not a terminal and /dev/tty cannot be "
				 "opened (%s), so the explorer has no keys to read; occview --print "
				 "writes the panes as text", strerror(errno));
			return false;
		}
	}
	scr = newterm(NULL, stdout, keys);
	if (!scr) {
		snprintf(err, size, "cannot open the terminal '%.100s'; occview --print FILE writes the "
			 "panes as text", term);
		return false;
	}
	set_term(scr);
	return true;
}

void screen_init_theme(const struct screen_opts *o)
{
	const struct theme *t = find_theme(o->theme);

	theme = t ? t : &themes[0];
	use_color = false;
	if (!screen_wants_color(o) || !has_colors()) {
		/* Attributes alone: the monochrome theme's, which tell roles apart. */
		theme = find_theme("monochrome");
		return;
	}
	start_color();
	/* -1 (the terminal's own colours) needs use_default_colors; where the
	 * terminal has no such thing, white on black stands in. */
	bool defaults = use_default_colors() == OK;
	for (int r = 0; r < CANVAS_N_ROLES; r++) {
		const struct look *l = &theme->role[r];
		short fg = COLORS >= 256 && l->fg256 >= 0 ? l->fg256 : l->fg8, bg = l->bg;

		if (!defaults) {
			fg = fg < 0 ? COLOR_WHITE : fg;
			bg = bg < 0 ? COLOR_BLACK : bg;
		}
		init_pair((short)(r + 1), fg, bg);
	}
	use_color = true;
}

/* The attributes and colour pair of a role: setcchar takes the pair apart
 * from the attributes (a pair held in the attributes is dropped). */
static attr_t role_look(int role, short *pair)
{
	const struct look *l;

	*pair = 0;
	if (role < 0 || role >= CANVAS_N_ROLES)
		return A_NORMAL;
	l = &theme->role[role];
	if (use_color && (l->fg8 >= 0 || l->fg256 >= 0 || l->bg >= 0 || theme->role[0].bg >= 0))
		*pair = (short)(role + 1);
	return l->attr;
}

void screen_blit(const struct canvas *c)
{
	int rows = c->height < LINES ? c->height : LINES;
	int cols = c->width < COLS ? c->width : COLS;

	for (int y = 0; y < rows; y++)
		for (int x = 0; x < cols; x++) {
			const struct canvas_cell *cell = canvas_at(c, x, y);
			const struct canvas_cell *next = canvas_at(c, x + 1, y);
			wchar_t wc[2] = { (wchar_t)cell->glyph, 0 };
			cchar_t cc;
			short pair;
			attr_t attr;

			/* The bottom-right cell scrolls some terminals: skip it. */
			if (y == LINES - 1 && x == COLS - 1)
				continue;
			/* The right half of a wide character drawn just before. */
			if (cell->glyph == CANVAS_WIDE_TAIL && x > 0 &&
			    canvas_at(c, x - 1, y)->glyph != CANVAS_WIDE_TAIL &&
			    str_cp_width(canvas_at(c, x - 1, y)->glyph) == 2)
				continue;
			/* A half without its other half (overdrawn, or at the
			 * screen's edge) is a blank. */
			if (cell->glyph == CANVAS_WIDE_TAIL ||
			    (str_cp_width(cell->glyph) == 2 &&
			     (x + 1 >= cols || !next || next->glyph != CANVAS_WIDE_TAIL)))
				wc[0] = L' ';
			attr = role_look(cell->role, &pair);
			setcchar(&cc, wc, attr, pair, NULL);
			mvadd_wch(y, x, &cc);
		}
}
