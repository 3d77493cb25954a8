/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* pane_help.c - the help, a modal pane generated from the key table: the
 * keys of the pane in use first, then every other group of actions under its
 * heading, each action with its keys and its help text wrapped under its own
 * column, and last the legend of the glyphs and colours the panes draw;
 * all in the words of the GPU shown (its engine's: CUs, waves, workgroups
 * and VGPRs on AMD), composed from the table's {words}. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine.h"
#include "layout.h"
#include "pane.h"
#include "search.h"
#include "strutil.h"
#include "textinput.h"

enum {
	HELP_KEYS_W = 22,
	HELP_LEGEND_N = 12,
	HELP_MAX_LINES = ACT_N * 3 + KG_N * 2 + HELP_LEGEND_N + 4,
	HELP_LINE = 240,
	HELP_W = 116,   /* the longest help (90 columns) on one line */
};

/* One line of the help: text, and for a legend line the sample glyph drawn
 * in its own role before it (so it shows in the colour the panes use). */
struct help_line {
	char text[HELP_LINE];
	enum canvas_role role;
	enum canvas_role sample_role;
	uint32_t sample;        /* 0: no sample */
};

struct help_pane {
	struct pane base;
	enum key_group first;   /* the group of the pane in use */
	struct help_line lines[HELP_MAX_LINES];
	int n;
	const char *keys;       /* the keys column of the entry being wrapped */
	/* `/`: the search line takes the keys; n and N find again; the line
	 * found is marked */
	bool searching;
	struct text_input search;
	int found;              /* -1: none */
};

static struct help_line *new_line(struct help_pane *h, enum canvas_role role)
{
	struct help_line *l;

	if (h->n == HELP_MAX_LINES)
		return NULL;
	l = &h->lines[h->n++];
	memset(l, 0, sizeof(*l));
	l->role = role;
	return l;
}

static void add_line(void *ctx, const char *s, size_t len)
{
	struct help_pane *h = ctx;
	struct help_line *l = new_line(h, CANVAS_NORMAL);

	if (!l)
		return;
	snprintf(l->text, HELP_LINE, "  %-*s%.*s", HELP_KEYS_W - 2, h->keys, (int)len, s);
	h->keys = "";
}

static void heading(struct help_pane *h, const char *title, bool here)
{
	struct help_line *l;

	if (h->n > 0)
		new_line(h, CANVAS_NORMAL);
	l = new_line(h, CANVAS_HEADER);
	if (l)
		snprintf(l->text, HELP_LINE, "%s%s", title, here ? " (here)" : "");
}

static void group_lines(struct help_pane *h, const struct engine_words *w, enum key_group g,
			int text_w)
{
	char keys[64], text[HELP_LINE];

	heading(h, key_group_title(g), g == h->first && g != KG_GLOBAL);
	for (int a = ACT_NONE + 1; a < ACT_N; a++) {
		if (key_action_group((enum action)a) != g)
			continue;
		const char *help = text;
		size_t tl = strlen(key_group_title(g));

		key_action_help_in((enum action)a, w, text, sizeof(text));
		/* "kernel browser: ..." under the heading "Kernel browser" */
		if (strncasecmp(help, key_group_title(g), tl) == 0 && help[tl] == ':' && help[tl + 1] == ' ')
			help += tl + 2;
		key_names((enum action)a, keys, sizeof(keys));
		h->keys = keys;
		str_wrap(help, 0, text_w, add_line, h);
	}
}

static void legend(struct help_pane *h, const struct engine_words *w, uint32_t glyph,
		   enum canvas_role role, const char *text)
{
	struct help_line *l = new_line(h, CANVAS_NORMAL);
	char words[HELP_LINE - 4];

	if (!l)
		return;
	l->sample = glyph;
	l->sample_role = role;
	engine_words_compose(w, text, words, sizeof(words));
	snprintf(l->text, HELP_LINE, "    %s", words);
}

/* What the glyphs and colours of the panes mean, in the glyph set in use. */
static void legend_lines(struct help_pane *h, const struct canvas *c, const struct engine_words *w)
{
	heading(h, "Legend", false);
	legend(h, w, canvas_glyph(c, CANVAS_G_FULL), CANVAS_BAR_USED,
	       "used by resident {blocks} (table bars), active {warps} (per-{unit}, timeline)");
	legend(h, w, canvas_glyph(c, CANVAS_G_IDLE), CANVAS_BAR_IDLE,
	       "idle: another limit stops more {blocks}");
	legend(h, w, canvas_glyph(c, CANVAS_G_FREE), CANVAS_BAR_FREE,
	       "left over: less than one more {block} needs");
	legend(h, w, '*', CANVAS_LIMITER, "a limit that sets the {blocks} per {unit}");
	legend(h, w, canvas_glyph(c, CANVAS_G_CURRENT), CANVAS_CURRENT,
	       "the launch's own point on a chart");
	legend(h, w, c->ascii ? 'o' : 0x25CB, CANVAS_DIM, "the baseline's point (the loaded launch)");
	legend(h, w, 'R', CANVAS_DIM, "the reference's point (r sets it, x clears it)");
	legend(h, w, canvas_glyph(c, CANVAS_G_SHADE), CANVAS_CAPPED,
	       "a chart region where another limit caps the curve");
	legend(h, w, canvas_glyph(c, CANVAS_G_AVERAGE), CANVAS_AVERAGE,
	       "the average across the bars (over them, in its colour)");
	legend(h, w, c->ascii ? '=' : 0x2550, CANVAS_CURRENT,
	       "the profiler's measured achieved occupancy");
	legend(h, w, c->ascii ? '+' : 0x2592, CANVAS_CURRENT, "a tail kernel's {warps} (timeline)");
	legend(h, w, canvas_glyph(c, CANVAS_G_TICK), CANVAS_AXIS,
	       "where a {wave} ends (timeline axis)");
}

/* The help text at width cells in the words w: the pane in use's group
 * first. */
static void help_lines(struct help_pane *h, const struct canvas *c, const struct engine_words *w,
		       int width)
{
	int text_w = width - HELP_KEYS_W > 20 ? width - HELP_KEYS_W : 20;

	h->n = 0;
	group_lines(h, w, h->first, text_w);
	for (int g = 0; g < KG_N; g++)
		if ((enum key_group)g != h->first)
			group_lines(h, w, (enum key_group)g, text_w);
	legend_lines(h, c, w);
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

static bool line_holds(const void *ctx, size_t i)
{
	const struct help_pane *h = ctx;

	return search_holds(h->lines[i].text, h->search.text);
}

/* The line holding the search text from the one found on (dir 0), or after
 * or before it, at the top of the window. */
static enum reaction find(struct help_pane *h, int dir, struct pane_request *req)
{
	size_t i;

	if (!h->search.text[0])
		return REACT_REDRAW;
	i = search_find((size_t)h->n, h->found >= 0 ? (size_t)h->found : 0, dir, line_holds, h);
	if (i == SIZE_MAX) {
		pane_say(req, true, "no line of the help holds \"%s\"", h->search.text);
		return REACT_REDRAW;
	}
	h->found = (int)i;
	h->base.scroll = (int)i > 2 ? (int)i - 2 : 0;
	return REACT_REDRAW;
}

static enum reaction search_key(struct help_pane *h, int k, struct pane_request *req)
{
	switch (text_input_key(&h->search, k)) {
	case TEXT_DONE:
		h->searching = false;
		return REACT_REDRAW;
	case TEXT_CANCELLED:
		h->searching = false;
		h->found = -1;
		text_input_set(&h->search, "");
		return REACT_REDRAW;
	case TEXT_EDITED:
		return find(h, 0, req);
	case TEXT_IGNORED:
		break;
	}
	return REACT_REDRAW;
}

static enum reaction key(struct pane *p, enum action a, int k, const struct view *v,
			 struct pane_request *req)
{
	struct help_pane *h = (struct help_pane *)p;
	int step = scroll_step(k);

	(void)a;
	(void)v;
	if (k == KEY_CODE_SWALLOWED)
		return REACT_NONE;
	if (h->searching)
		return search_key(h, k, req);
	switch (key_action(k, CTX_LIST)) {
	case ACT_SEARCH:
		h->searching = true;
		text_input_set(&h->search, "");
		return REACT_REDRAW;
	case ACT_SEARCH_NEXT:
		if (h->search.text[0])
			return find(h, 1, req);
		break;
	case ACT_SEARCH_PREV:
		if (h->search.text[0])
			return find(h, -1, req);
		break;
	default:
		break;
	}
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
	struct rect r = layout_overlay(screen.w, screen.h, HELP_W, HELP_MAX_LINES);
	int n, rows;
	struct rect in;

	/* The what-if's GPU: the one shown, or for a record that names none
	 * yet a device of its vendor, lending its words (the analysis has no
	 * GPU then). */
	help_lines(h, c, engine_words(v->whatif ? &v->whatif->cur.gpu.arch : &v->cur.gpu.arch),
		   r.w - 2);
	n = h->n;
	r = layout_overlay(screen.w, screen.h, HELP_W, n + 3);
	in = rect_inner(r);
	rows = in.h - 1;
	if (in.h < 2 || in.w < 10)
		return;
	if (p->scroll > n - rows)
		p->scroll = n - rows > 0 ? n - rows : 0;
	canvas_fill(c, r.x, r.y, r.w, r.h, ' ', CANVAS_NORMAL);
	canvas_frame(c, r.x, r.y, r.w, r.h, "Keys (any other key closes; Up/Down scroll)", CANVAS_FRAME);
	for (int i = 0; i < rows && p->scroll + i < n; i++) {
		const struct help_line *l = &h->lines[p->scroll + i];

		canvas_text(c, in.x, in.y + i, in.w, p->scroll + i == h->found ? CANVAS_FOCUS : l->role,
			    l->text);
		if (l->sample && in.w > 3)
			canvas_put(c, in.x + 2, in.y + i, l->sample, l->sample_role);
	}
	if (h->searching)
		text_input_draw(c, in.x, in.y + in.h - 1, in.w, CANVAS_FOCUS, "search: ", &h->search);
	else
		canvas_text(c, in.x, in.y + in.h - 1, in.w, CANVAS_DIM,
			    p->scroll + rows < n ? "(more below: Down, /: search)" :
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

struct pane *pane_help_new(enum key_group first)
{
	struct help_pane *h = calloc(1, sizeof(*h));

	if (!h)
		return NULL;
	h->base.cls = &help_class;
	h->found = -1;
	h->first = first >= 0 && first < KG_N ? first : KG_GLOBAL;
	return &h->base;
}
