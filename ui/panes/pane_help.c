/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* pane_help.c - the help, a modal pane generated from the key table: every
 * action with its keys, the help text wrapped under its own column. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"
#include "pane.h"
#include "strutil.h"

enum { HELP_KEYS_W = 19, HELP_MAX_LINES = ACT_N * 3, HELP_LINE = 240 };

struct help_pane {
	struct pane base;
	char lines[HELP_MAX_LINES][HELP_LINE];
	int n;
	const char *keys;     /* the keys column of the entry being wrapped */
};

static void add_line(void *ctx, const char *s, size_t len)
{
	struct help_pane *h = ctx;

	if (h->n == HELP_MAX_LINES)
		return;
	snprintf(h->lines[h->n++], HELP_LINE, "%-*s%.*s", HELP_KEYS_W, h->keys, (int)len, s);
	h->keys = "";
}

/* The help text, one entry per action, at width cells. */
static void help_lines(struct help_pane *h, int width)
{
	int text_w = width - HELP_KEYS_W > 20 ? width - HELP_KEYS_W : 20;
	char keys[64];

	h->n = 0;
	for (int a = ACT_NONE + 1; a < ACT_N; a++) {
		key_names((enum action)a, keys, sizeof(keys));
		h->keys = keys;
		str_wrap(key_action_help((enum action)a), 0, text_w, add_line, h);
	}
}

/* How far a key scrolls the help: lines, up negative; 0 for a key that
 * does not scroll. draw() clamps past the end to the last page. */
static int scroll_step(int k)
{
	switch (k) {
	case KEY_CODE_UP: case 'k': return -1;
	case KEY_CODE_DOWN: case 'j': return 1;
	case KEY_CODE_WHEEL_UP: return -3;
	case KEY_CODE_WHEEL_DOWN: return 3;
	case KEY_CODE_PGUP: return -10;
	case KEY_CODE_PGDN: return 10;
	case KEY_CODE_HOME: case 'g': return -HELP_MAX_LINES;
	case KEY_CODE_END: case 'G': return HELP_MAX_LINES;
	default: return 0;
	}
}

static enum reaction key(struct pane *p, enum action a, int k, const struct view *v,
			 struct pane_request *req)
{
	int step = scroll_step(k);

	(void)a;
	(void)v;
	if (k == KEY_CODE_SWALLOWED)
		return REACT_NONE;
	if (step == 0) {
		/* any other key closes the help */
		req->ask = PANE_ASK_CLOSE;
		return REACT_REDRAW;
	}
	p->scroll = p->scroll + step > 0 ? p->scroll + step : 0;
	return REACT_REDRAW;
}

static void draw(struct pane *p, struct canvas *c, struct rect screen, const struct view *v)
{
	struct help_pane *h = (struct help_pane *)p;
	struct rect r = layout_overlay(screen.w, screen.h, 110, ACT_N + 4);
	int n, rows;
	struct rect in;

	(void)v;
	help_lines(h, r.w - 2);
	n = h->n;
	r = layout_overlay(screen.w, screen.h, 110, n + 3);
	in = rect_inner(r);
	rows = in.h - 1;
	if (in.h < 2 || in.w < 10)
		return;
	if (p->scroll > n - rows)
		p->scroll = n - rows > 0 ? n - rows : 0;
	canvas_fill(c, r.x, r.y, r.w, r.h, ' ', CANVAS_NORMAL);
	canvas_frame(c, r.x, r.y, r.w, r.h, "Keys (any other key closes; Up/Down scroll)", CANVAS_FRAME);
	for (int i = 0; i < rows && p->scroll + i < n; i++)
		canvas_text(c, in.x, in.y + i, in.w, CANVAS_NORMAL, h->lines[p->scroll + i]);
	canvas_text(c, in.x, in.y + in.h - 1, in.w, CANVAS_DIM,
		    p->scroll + rows < n ? "(more below: Down)" :
		    "Flags, files and formats: man occview, man occview-formats");
}

static bool typing(const struct pane *p)
{
	(void)p;
	return true;
}

static const struct pane_class help_class = {
	.name = "help",
	.title = "Keys",
	.draw = draw,
	.key = key,
	.typing = typing,
};

struct pane *pane_help_new(void)
{
	struct help_pane *h = calloc(1, sizeof(*h));

	if (!h)
		return NULL;
	h->base.cls = &help_class;
	return &h->base;
}
