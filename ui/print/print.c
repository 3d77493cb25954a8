/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* print.c - --print's text is the panes (print.h): each pane sizes itself
 * to the width (pane_class.height), gets its frame and title as on screen,
 * and the canvas is written as text. One printer serves every record of a
 * run, so its view and panes are made once. */
#include "config.h"

#include "print.h"

#include <stdlib.h>
#include <string.h>

#include "canvas.h"
#include "pane.h"
#include "view.h"

/* The panes in the order they print. */
/* The timeline prints only when asked (--timeline). */
enum { P_TABLE, P_CHARTS, P_SMS, P_TIMELINE, P_RULES, P_N };

struct printer {
	struct print_options o;
	struct view view;
	struct pane *panes[P_N];
	struct canvas *canvas;    /* drawn into again for every record */
};

struct printer *print_new(const struct print_options *o)
{
	struct printer *p = calloc(1, sizeof(*p));

	if (!p)
		return NULL;
	p->o = *o;
	if (p->o.width < PRINT_MIN_WIDTH)
		p->o.width = PRINT_MIN_WIDTH;
	view_init(&p->view);
	p->canvas = canvas_new(p->o.width, 1, p->o.ascii);
	p->panes[P_TABLE] = pane_table_new();
	p->panes[P_CHARTS] = pane_charts_new();
	p->panes[P_SMS] = pane_sms_new(&o->model);
	p->panes[P_TIMELINE] = pane_timeline_new();
	p->panes[P_RULES] = pane_rules_new();
	for (int i = 0; i < P_N; i++)
		if (!p->panes[i] || !p->canvas) {
			print_free(p);
			return NULL;
		}
	pane_rules_expand_all(p->panes[P_RULES]);
	if (o->derive)
		pane_rules_derive_all(p->panes[P_RULES]);
	return p;
}

void print_free(struct printer *p)
{
	if (!p)
		return;
	for (int i = 0; i < P_N; i++)
		pane_free(p->panes[i]);
	view_done(&p->view);
	canvas_free(p->canvas);
	free(p);
}

/* The content rows of each pane at the inner width w; 0: not printed. */
static void heights(struct printer *p, int w, int h[P_N])
{
	const struct view *v = &p->view;

	for (int i = 0; i < P_N; i++)
		h[i] = p->panes[i]->cls->height(p->panes[i], w, v);
	if (!p->o.timeline)
		h[P_TIMELINE] = 0;
	/* A launch that cannot be computed: the table's place says why. */
	if (!v->cur.ok)
		h[P_TABLE] = pane_draw_error(NULL, (struct rect){ 0, 0, w, 1 << 16 }, v);
}

const struct canvas *print_canvas(struct printer *p, const struct analysis *a,
				  const struct report_record *rec)
{
	const struct view *v = &p->view;
	int w = p->o.width, h[P_N], rows = 0, y = 0;
	struct canvas *c = p->canvas;
	unsigned needs = 0;

	for (int i = 0; i < P_N; i++)
		if (p->panes[i]->cls->needs)
			needs |= p->panes[i]->cls->needs(p->panes[i]);
	if (!view_of_analysis(&p->view, a, rec, &p->o.model, needs))
		return NULL;
	heights(p, w - 2, h);
	for (int i = 0; i < P_N; i++)
		if (h[i] > 0)
			rows += h[i] + 2;
	if (!canvas_reset(c, w, rows > 0 ? rows : 1))
		return NULL;
	for (int i = 0; i < P_N; i++) {
		struct pane *pane = p->panes[i];
		char title[64];

		if (h[i] <= 0)
			continue;
		canvas_frame(c, 0, y, w, h[i] + 2, pane->cls->title_for ?
			     pane->cls->title_for(pane, v, title, sizeof(title)) : pane->cls->title,
			     CANVAS_FRAME);
		if (i == P_TABLE && !v->cur.ok)
			pane_draw_error(c, (struct rect){ 1, y + 1, w - 2, h[i] }, v);
		else
			pane->cls->draw(pane, c, (struct rect){ 1, y + 1, w - 2, h[i] }, v);
		y += h[i] + 2;
	}
	return c;
}

bool print_analysis(struct printer *p, FILE *out, const struct analysis *a,
		    const struct report_record *rec)
{
	const struct canvas *c = print_canvas(p, a, rec);

	if (!c)
		return false;
	canvas_write(c, out);
	return true;
}

int print_width(const struct printer *p)
{
	return p->o.width;
}

bool print_ascii(const struct printer *p)
{
	return p->o.ascii;
}
