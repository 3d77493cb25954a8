/* tui.c - the curses front end: the analysis canvas of one launch at a time,
 * scrolled with the keyboard, re-rendered to the terminal's width on resize. */
#include "config.h"

#include "tui.h"

#include <langinfo.h>
#include <stdio.h>
#include <string.h>
#include <curses.h>

#include "canvas.h"
#include "output.h"

enum { MIN_COLS = 40, MIN_LINES = 5 };

static const short role_colors[] = {
	[CANVAS_NORMAL] = -1, [CANVAS_HEADER] = COLOR_CYAN, [CANVAS_AXIS] = -1,
	[CANVAS_CURVE] = COLOR_GREEN, [CANVAS_CURRENT] = COLOR_YELLOW,
	[CANVAS_LIMITER] = COLOR_RED, [CANVAS_WARNING] = COLOR_YELLOW, [CANVAS_DIM] = -1,
};

/* Roles as attributes: colour where there is colour, and an attribute that
 * still tells the role apart in monochrome. */
static attr_t role_attr(int role, bool color)
{
	static const attr_t mono[] = {
		[CANVAS_NORMAL] = A_NORMAL, [CANVAS_HEADER] = A_BOLD, [CANVAS_AXIS] = A_NORMAL,
		[CANVAS_CURVE] = A_NORMAL, [CANVAS_CURRENT] = A_BOLD | A_REVERSE,
		[CANVAS_LIMITER] = A_BOLD, [CANVAS_WARNING] = A_UNDERLINE, [CANVAS_DIM] = A_DIM,
	};
	attr_t a = role >= 0 && role < (int)(sizeof(mono) / sizeof(mono[0])) ? mono[role] : A_NORMAL;

	if (color && role > 0 && role < (int)(sizeof(role_colors) / sizeof(role_colors[0])) && role_colors[role] >= 0)
		a |= COLOR_PAIR(role);
	return a;
}

static void draw_cell(int y, int x, const struct canvas_cell *cell, bool color)
{
	attr_t a = role_attr(cell->role, color);

	if (cell->glyph < 0x80) {
		mvaddch(y, x, (chtype)cell->glyph | a);
	} else {
		wchar_t wc[2] = { (wchar_t)cell->glyph, 0 };
		cchar_t cc;
		setcchar(&cc, wc, a, 0, NULL);
		mvadd_wch(y, x, &cc);
	}
}

static void draw(const struct canvas *c, int top, size_t index, size_t n, bool color)
{
	int rows = LINES - 1;
	char status[256];

	erase();
	for (int y = 0; y < rows && top + y < c->height; y++)
		for (int x = 0; x < c->width && x < COLS; x++)
			draw_cell(y, x, canvas_at(c, x, top + y), color);
	snprintf(status, sizeof(status), " launch %zu/%zu  line %d/%d  up/down PgUp/PgDn scroll  n/p launch  q quit",
		 index + 1, n, top + 1, c->height);
	attron(A_REVERSE);
	mvhline(LINES - 1, 0, ' ', COLS);
	mvaddnstr(LINES - 1, 0, status, COLS);
	attroff(A_REVERSE);
	refresh();
}

static void too_small(void)
{
	erase();
	mvaddnstr(0, 0, "terminal too small", COLS);
	if (LINES > 1)
		mvprintw(1, 0, "need at least %dx%d", MIN_COLS, MIN_LINES);
	refresh();
}

int tui_run(const struct analysis *items, size_t n, const struct tui_options *o)
{
	bool utf8 = !o->ascii && strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
	bool color = false, quit = false, oom = false;
	struct canvas *c = NULL;
	size_t index = 0;
	int top = 0, width = -1;

	if (n == 0)
		return 0;
	if (!initscr())
		return 1;
	cbreak();
	noecho();
	keypad(stdscr, TRUE);
	curs_set(0);
	if (!o->no_color && has_colors()) {
		start_color();
		use_default_colors();
		for (int r = 1; r <= CANVAS_DIM; r++)
			init_pair((short)r, role_colors[r], -1);
		color = true;
	}
	while (!quit) {
		if (COLS < MIN_COLS || LINES < MIN_LINES) {
			too_small();
		} else {
			if (!c || width != COLS) {
				struct output_options oo = { COLS, !utf8 };
				canvas_free(c);
				c = output_text_canvas(&items[index], &oo);
				width = COLS;
				if (!c) {
					oom = true;
					break;
				}
			}
			if (top > c->height - (LINES - 1))
				top = c->height - (LINES - 1);
			if (top < 0)
				top = 0;
			draw(c, top, index, n, color);
		}
		switch (getch()) {
		case 'q': case 'Q': quit = true; break;
		case KEY_DOWN: case 'j': top++; break;
		case KEY_UP: case 'k': top--; break;
		case KEY_NPAGE: case ' ': top += LINES - 2; break;
		case KEY_PPAGE: case 'b': top -= LINES - 2; break;
		case KEY_HOME: case 'g': top = 0; break;
		case KEY_END: case 'G': top = c ? c->height : 0; break;
		case 'n': if (index + 1 < n) { index++; width = -1; top = 0; } break;
		case 'p': if (index > 0) { index--; width = -1; top = 0; } break;
		case KEY_RESIZE: width = -1; break;
		default: break;
		}
	}
	canvas_free(c);
	endwin();
	if (oom)
		fputs("occview: out of memory\n", stderr);
	return oom ? 1 : 0;
}
