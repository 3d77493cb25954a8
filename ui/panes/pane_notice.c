/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* pane_notice.c - a notice at start (a recovery file left by a dropped
 * session, rows a report could not read), modal until any key; a recovery
 * notice opens its file with o. */
#include "config.h"

#include <stdlib.h>

#include "layout.h"
#include "pane.h"
#include "strutil.h"

struct notice_pane {
	struct pane base;
	char text[1200];
	char open[1024];   /* "": nothing to open */
};

static enum reaction key(struct pane *p, enum action a, int k, const struct view *v,
			 struct pane_request *req)
{
	const struct notice_pane *np = (const struct notice_pane *)p;

	(void)a;
	(void)v;
	req->ask = PANE_ASK_CLOSE;
	if (np->open[0] && (k == 'o' || k == 'O')) {
		req->ask = PANE_ASK_OPEN;
		str_copy(req->text, sizeof(req->text), np->open);
	}
	return REACT_REDRAW;
}

static void draw(struct pane *p, struct canvas *c, struct rect screen, const struct view *v)
{
	const struct notice_pane *np = (const struct notice_pane *)p;
	struct rect r = layout_overlay(screen.w, screen.h, 64, 9);
	struct rect in = rect_inner(r);
	int used;

	(void)v;
	if (in.h < 2 || in.w < 10)
		return;
	canvas_fill(c, r.x, r.y, r.w, r.h, ' ', CANVAS_NORMAL);
	canvas_frame(c, r.x, r.y, r.w, r.h, "Notice", CANVAS_FRAME);
	used = canvas_wrap(c, in.x + 1, in.y, in.w - 2, in.h - 1, CANVAS_WARNING, np->text);
	canvas_text(c, in.x + 1, in.y + (used < in.h - 1 ? used + 1 : in.h - 1), in.w - 2, CANVAS_DIM,
		    np->open[0] ? "o opens it now (u undoes); any other key continues."
				: "Any key continues.");
}

static bool typing(const struct pane *p)
{
	(void)p;
	return true;
}

static const struct pane_class notice_class = {
	.name = "notice",
	.title = "Notice",
	.draw = draw,
	.key = key,
	.typing = typing,
};

struct pane *pane_notice_new(const char *text, const char *open)
{
	struct notice_pane *p = calloc(1, sizeof(*p));

	if (!p)
		return NULL;
	p->base.cls = &notice_class;
	str_copy(p->text, sizeof(p->text), text);
	str_copy(p->open, sizeof(p->open), open ? open : "");
	return &p->base;
}
