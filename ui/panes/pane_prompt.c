/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* pane_prompt.c - the prompt in the status line, a modal pane: an exact
 * value for a launch parameter (read as the command line reads it), the
 * file to save the launch to, or whether to overwrite that file. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "pane.h"
#include "strutil.h"
#include "textinput.h"

struct prompt_pane {
	struct pane base;
	enum launch_param field;      /* PARAM_N: a file name */
	char label[64], now[128];
	char path[1024];              /* the overwrite question's file; "": not one */
	bool scenario;                /* a name for the current launch (S) */
	struct text_input input;
};

static enum reaction key(struct pane *p, enum action a, int k, const struct view *v,
			 struct pane_request *req)
{
	struct prompt_pane *pp = (struct prompt_pane *)p;

	(void)a;
	(void)v;
	if (pp->path[0]) {
		req->ask = PANE_ASK_CLOSE;
		if (k == 'y' || k == 'Y') {
			req->ask = PANE_ASK_SAVE;
			req->overwrite = true;
			str_copy(req->text, sizeof(req->text), pp->path);
			return REACT_REDRAW;
		}
		pane_say(req, false, "not saved: %s is as it was", pp->path);
		return REACT_REDRAW;
	}
	switch (text_input_key(&pp->input, k)) {
	case TEXT_CANCELLED:
		req->ask = PANE_ASK_CLOSE;
		return REACT_REDRAW;
	case TEXT_DONE:
		req->ask = PANE_ASK_CLOSE;
		if (!pp->input.text[0])
			return REACT_REDRAW;
		req->ask = pp->scenario ? PANE_ASK_SCENARIO :
			   pp->field == PARAM_N ? PANE_ASK_SAVE : PANE_ASK_SET_TEXT;
		req->field = pp->field;
		str_copy(req->text, sizeof(req->text), pp->input.text);
		return REACT_RECOMPUTE;
	case TEXT_EDITED:
		return REACT_REDRAW;
	case TEXT_IGNORED:
		break;
	}
	return REACT_NONE;
}

/* In the status line, the screen's last row. */
static void draw(struct pane *p, struct canvas *c, struct rect screen, const struct view *v)
{
	struct prompt_pane *pp = (struct prompt_pane *)p;
	char prefix[256];
	int y = screen.y + screen.h - 1, used;

	(void)v;
	if (rect_empty(screen))
		return;
	canvas_fill(c, screen.x, y, screen.w, 1, ' ', CANVAS_FOCUS);
	if (pp->path[0]) {
		char shown[1024], line[1200];

		str_sanitize(pp->path, shown, sizeof(shown));
		snprintf(line, sizeof(line), "%s exists: overwrite it? (y overwrites, any other key "
			 "cancels)", shown);
		canvas_text(c, screen.x, y, screen.w, CANVAS_WARNING, line);
		return;
	}
	if (pp->scenario)
		snprintf(prefix, sizeof(prefix), "name this launch as a scenario: ");
	else if (pp->field == PARAM_N)
		snprintf(prefix, sizeof(prefix), "save the launch to: ");
	else
		snprintf(prefix, sizeof(prefix), "%s (now %s): ", pp->label, pp->now);
	used = text_input_draw(c, screen.x, y, screen.w, CANVAS_FOCUS, prefix, &pp->input);
	canvas_text(c, screen.x + used, y, screen.w - used, CANVAS_FOCUS,
		    pp->scenario ? "  (Enter keeps it, Esc cancels)" :
		    pp->field == PARAM_N ? "  (Enter saves, Esc cancels)" :
		    "  (Enter sets, Esc cancels)");
}

static bool typing(const struct pane *p)
{
	(void)p;
	return true;
}

static const struct pane_class prompt_class = {
	.name = "prompt",
	.title = "Prompt",
	.draw = draw,
	.key = key,
	.typing = typing,
};

struct pane *pane_prompt_new(enum launch_param field, const char *label, const char *now,
			     const char *initial)
{
	struct prompt_pane *p = calloc(1, sizeof(*p));

	if (!p)
		return NULL;
	p->base.cls = &prompt_class;
	p->field = field;
	str_copy(p->label, sizeof(p->label), label ? label : "");
	str_copy(p->now, sizeof(p->now), now ? now : "");
	text_input_set(&p->input, initial ? initial : "");
	return &p->base;
}

struct pane *pane_prompt_overwrite_new(const char *path)
{
	struct prompt_pane *p = calloc(1, sizeof(*p));

	if (!p)
		return NULL;
	p->base.cls = &prompt_class;
	p->field = PARAM_N;
	str_copy(p->path, sizeof(p->path), path);
	return &p->base;
}

struct pane *pane_prompt_scenario_new(const char *suggested)
{
	struct pane *p = pane_prompt_new(PARAM_N, "", "", suggested);

	if (p)
		((struct prompt_pane *)p)->scenario = true;
	return p;
}
