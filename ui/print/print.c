/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* print.c - --print's text is the panes (print.h): each pane takes the rows
 * its content needs at the width (laid out once where the pane can:
 * pane_class.print), gets its frame and title as on screen, and the canvas
 * is written as text. One printer serves every record of a run, so its view
 * and panes are made once. */
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
	int rows;                 /* the last record's rows: the canvas's first height */
};

/* The canvas at least rows tall (grown, keeping what is drawn). */
static bool canvas_fits(struct canvas *c, int rows)
{
	return rows <= c->height || canvas_set_height(c, rows);
}

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

/* Pane i drawn at (1, y), width w, as tall as its content: laid out once
 * where the pane can (pane_class.print), else measured and drawn. The
 * canvas grows when the pane needs more rows than it has (and the pane is
 * drawn again, over what it clipped). Returns the rows, 0: not printed. */
static int place(struct printer *p, int i, int y, int w)
{
	const struct view *v = &p->view;
	struct pane *pane = p->panes[i];
	struct canvas *c = p->canvas;
	int rows;

	if (i == P_TIMELINE && !p->o.timeline)
		return 0;
	/* A launch that cannot be computed: the table's place says why. */
	if (i == P_TABLE && !v->cur.ok) {
		rows = pane_draw_error(NULL, (struct rect){ 0, 0, w, 1 << 16 }, v);
		if (rows > 0 && canvas_fits(c, y + rows))
			pane_draw_error(c, (struct rect){ 1, y, w, rows }, v);
		return rows;
	}
	if (pane->cls->print) {
		rows = pane->cls->print(pane, c, 1, y, w, v);
		if (rows > 0 && y + rows > c->height) {
			if (!canvas_fits(c, y + rows))
				return -1;
			pane->cls->print(pane, c, 1, y, w, v);
		}
		return rows;
	}
	rows = pane->cls->height(pane, w, v);
	if (rows > 0) {
		if (!canvas_fits(c, y + rows))
			return -1;
		pane->cls->draw(pane, c, (struct rect){ 1, y, w, rows }, v);
	}
	return rows;
}

const struct canvas *print_canvas(struct printer *p, const struct analysis *a,
				  const struct report_record *rec)
{
	const struct view *v = &p->view;
	int w = p->o.width, y = 0;
	struct canvas *c = p->canvas;
	unsigned needs = 0;

	for (int i = 0; i < P_N; i++)
		if (p->panes[i]->cls->needs)
			needs |= p->panes[i]->cls->needs(p->panes[i]);
	if (!view_of_analysis(&p->view, a, rec, &p->o.model, needs))
		return NULL;
	/* As tall as the last record's panes: most records need as many. */
	if (!canvas_reset(c, w, p->rows > 0 ? p->rows : 1))
		return NULL;
	for (int i = 0; i < P_N; i++) {
		struct pane *pane = p->panes[i];
		char title[64];
		int rows = place(p, i, y + 1, w - 2);

		if (rows < 0)
			return NULL;
		if (rows == 0)
			continue;
		if (!canvas_fits(c, y + rows + 2))
			return NULL;
		canvas_frame(c, 0, y, w, rows + 2, pane->cls->title_for ?
			     pane->cls->title_for(pane, v, title, sizeof(title)) : pane->cls->title,
			     CANVAS_FRAME);
		y += rows + 2;
	}
	p->rows = y;
	if (!canvas_set_height(c, y > 0 ? y : 1))
		return NULL;
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
