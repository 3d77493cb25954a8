/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* pane_picker.c - the GPU picker, a modal pane: every device of the
 * database, filtered as the user types (name, alias, arch, family or
 * compute capability), Enter picks, Esc cancels. For records of one
 * vendor only that vendor's devices are offered (the records run on no
 * other), until what is typed matches none of them: then the other
 * vendors' that match are listed, said so, to pick and be told why not. */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "layout.h"
#include "pane.h"
#include "strutil.h"
#include "textinput.h"

struct picker_pane {
	struct pane base;
	const struct gpu_db *db;
	struct text_input filter;
	size_t *items;                /* device indices matching the filter */
	size_t n_items;
	bool report;                  /* for the report's records that lack a GPU */
	bool has_like;                /* offer like's vendor's devices only ... */
	struct gpu like;
	bool others;                  /* ... unless none matches the filter: the others */
	bool *runs;                   /* per device: it runs the records (listed first);
					 NULL: not known */
	char title[160];
};

static bool contains_ci(const char *hay, const char *needle)
{
	size_t n = strlen(needle);

	if (n == 0)
		return true;
	for (; *hay; hay++) {
		size_t i = 0;
		while (i < n && hay[i] &&
		       tolower((unsigned char)hay[i]) == tolower((unsigned char)needle[i]))
			i++;
		if (i == n)
			return true;
	}
	return false;
}

static bool matches(const struct gpu *g, const char *f)
{
	char cc[16];

	gpu_arch_cc_string(&g->arch, cc, sizeof(cc));
	return contains_ci(g->name, f) || contains_ci(g->aliases, f) ||
	       contains_ci(g->arch.arch, f) || contains_ci(g->arch.family, f) || contains_ci(cc, f);
}

/* The devices matching the filter: like's vendor's where any matches;
 * those that run the records first. */
static void refilter(struct picker_pane *pp)
{
	size_t n = gpu_db_device_count(pp->db);
	const char *f = pp->filter.text;

	pp->others = false;
	for (int pass = 0; pass < 2; pass++) {
		pp->n_items = 0;
		for (int runners = pp->runs ? 1 : 0; runners >= 0; runners--)
			for (size_t i = 0; i < n; i++) {
				struct gpu g;

				if (pp->runs && pp->runs[i] != (runners == 1))
					continue;
				if (!gpu_db_device_at(pp->db, i, &g) || !matches(&g, f))
					continue;
				if (pp->has_like &&
				    gpu_same_vendor(&g.arch, &pp->like.arch) == (pass == 1))
					continue;
				pp->items[pp->n_items++] = i;
			}
		if (pp->n_items > 0 || !pp->has_like || !f[0])
			break;
		pp->others = true;
	}
	pp->others = pp->others && pp->n_items > 0;
	if (pp->base.selected >= (int)pp->n_items)
		pp->base.selected = pp->n_items ? (int)pp->n_items - 1 : 0;
	if (pp->base.selected < 0)
		pp->base.selected = 0;
}

/* The devices of like's vendor. */
static size_t like_count(const struct picker_pane *pp)
{
	size_t n = gpu_db_device_count(pp->db), like = 0;

	for (size_t i = 0; i < n; i++) {
		struct gpu g;

		like += gpu_db_device_at(pp->db, i, &g) && gpu_same_vendor(&g.arch, &pp->like.arch);
	}
	return like;
}

static enum reaction key(struct pane *p, enum action a, int k, const struct view *v,
			 struct pane_request *req)
{
	struct picker_pane *pp = (struct picker_pane *)p;
	int page = 10;
	struct gpu g;

	(void)a;
	(void)v;
	switch (k) {
	case KEY_CODE_UP:
	case KEY_CODE_WHEEL_UP:
		if (p->selected > 0)
			p->selected--;
		return REACT_REDRAW;
	case KEY_CODE_DOWN:
	case KEY_CODE_WHEEL_DOWN:
		if (p->selected + 1 < (int)pp->n_items)
			p->selected++;
		return REACT_REDRAW;
	case KEY_CODE_PGUP:
		p->selected = p->selected > page ? p->selected - page : 0;
		return REACT_REDRAW;
	case KEY_CODE_PGDN:
		p->selected += page;
		if (p->selected >= (int)pp->n_items)
			p->selected = pp->n_items ? (int)pp->n_items - 1 : 0;
		return REACT_REDRAW;
	default:
		break;
	}
	switch (text_input_key(&pp->filter, k)) {
	case TEXT_CANCELLED:
		req->ask = PANE_ASK_CLOSE;
		return REACT_REDRAW;
	case TEXT_DONE:
		if (pp->n_items == 0 || !gpu_db_device_at(pp->db, pp->items[p->selected], &g))
			return REACT_REDRAW;
		req->ask = pp->report ? PANE_ASK_SET_REPORT_GPU : PANE_ASK_SET_GPU;
		str_copy(req->text, sizeof(req->text), g.name);
		return REACT_RECOMPUTE;
	case TEXT_EDITED:
		p->selected = 0;
		refilter(pp);
		return REACT_REDRAW;
	case TEXT_IGNORED:
		break;
	}
	return REACT_NONE;
}

static void draw(struct pane *p, struct canvas *c, struct rect screen, const struct view *v)
{
	struct picker_pane *pp = (struct picker_pane *)p;
	struct rect r = layout_overlay(screen.w, screen.h, 64, 24);
	struct rect in = rect_inner(r);
	int rows = in.h - 2;
	char line[256];

	(void)v;
	if (in.h < 3 || in.w < 10)
		return;
	canvas_fill(c, r.x, r.y, r.w, r.h, ' ', CANVAS_NORMAL);
	canvas_frame(c, r.x, r.y, r.w, r.h, pp->title, CANVAS_FRAME);
	/* what the list holds, in the records' vendor's name where it is
	 * theirs: "12 of 30 AMD GPUs" */
	if (pp->has_like && !pp->others)
		snprintf(line, sizeof(line), "%zu of %zu %s GPUs", pp->n_items, like_count(pp),
			 engine_words(&pp->like.arch)->vendor);
	else
		snprintf(line, sizeof(line), "%zu of %zu", pp->n_items, gpu_db_device_count(pp->db));
	text_input_draw(c, in.x, in.y, in.w - (int)strlen(line) - 1, CANVAS_CURRENT, "filter: ",
			&pp->filter);
	canvas_text(c, in.x + in.w - (int)strlen(line), in.y, (int)strlen(line), CANVAS_DIM, line);
	if (p->selected < p->scroll)
		p->scroll = p->selected;
	if (rows > 0 && p->selected >= p->scroll + rows)
		p->scroll = p->selected - rows + 1;
	if (pp->n_items == 0)
		canvas_text(c, in.x, in.y + 2, in.w, CANVAS_DIM, "no GPU matches");
	if (pp->others) {
		/* the line under the filter says whose these are */
		char note[192];

		snprintf(note, sizeof(note), "no %s GPU matches: other vendors' GPUs",
			 engine_words(&pp->like.arch)->vendor);
		canvas_text(c, in.x, in.y + 1, in.w, CANVAS_WARNING, note);
	}
	for (int i = 0; i < rows && p->scroll + i < (int)pp->n_items; i++) {
		int idx = p->scroll + i;
		bool sel = idx == p->selected;
		struct gpu g;
		char cc[16];

		if (!gpu_db_device_at(pp->db, pp->items[idx], &g))
			continue;
		gpu_arch_cc_string(&g.arch, cc, sizeof(cc));
		snprintf(line, sizeof(line), "%c %-*.*s %-3s%-7s %3d %s", sel ? '>' : ' ',
			 in.w > 26 ? in.w - 24 : 1, in.w > 26 ? in.w - 24 : 1, g.name,
			 engine_words(&g.arch)->arch_short, cc, g.sm_count,
			 gpu_units(&g.arch));
		canvas_text(c, in.x, in.y + 2 + i, in.w, sel ? CANVAS_FOCUS : CANVAS_NORMAL, line);
	}
}

static bool typing(const struct pane *p)
{
	(void)p;
	return true;
}

static void done(struct pane *p)
{
	free(((struct picker_pane *)p)->items);
	free(((struct picker_pane *)p)->runs);
}

static const struct pane_class picker_class = {
	.name = "picker",
	.title = "GPU",
	.draw = draw,
	.key = key,
	.typing = typing,
	.done = done,
};

struct pane *pane_picker_new(const struct gpu_db *db, const char *current, const struct gpu *like)
{
	struct picker_pane *p = calloc(1, sizeof(*p));
	size_t n = gpu_db_device_count(db);

	if (!p)
		return NULL;
	p->base.cls = &picker_class;
	p->db = db;
	p->items = malloc((n ? n : 1) * sizeof(*p->items));
	if (!p->items) {
		free(p);
		return NULL;
	}
	if (like) {
		p->has_like = true;
		p->like = *like;
	}
	str_copy(p->title, sizeof(p->title), "GPU: type to filter, Enter picks, Esc cancels");
	refilter(p);
	/* Start on the current GPU. */
	for (size_t i = 0; i < p->n_items; i++) {
		struct gpu g;

		if (gpu_db_device_at(db, p->items[i], &g) && strcmp(g.name, current) == 0)
			p->base.selected = (int)i;
	}
	return &p->base;
}

struct pane *pane_picker_report_new(const struct gpu_db *db, const char *current,
				    const struct gpu *like, const char *title, const bool *runs)
{
	struct pane *p = pane_picker_new(db, current, like);
	struct picker_pane *pp = (struct picker_pane *)p;
	size_t n = gpu_db_device_count(db);

	if (!p)
		return NULL;
	pp->report = true;
	str_copy(pp->title, sizeof(pp->title), title);
	/* without the copy (out of memory) the list is in the database's order */
	if (runs && n && (pp->runs = malloc(n * sizeof(*pp->runs))) != NULL) {
		memcpy(pp->runs, runs, n * sizeof(*pp->runs));
		refilter(pp);
		/* on the current GPU where it runs them, else the first that does */
		p->selected = 0;
		for (size_t i = 0; i < pp->n_items; i++) {
			struct gpu g;

			if (pp->runs[pp->items[i]] && gpu_db_device_at(db, pp->items[i], &g) &&
			    strcmp(g.name, current) == 0)
				p->selected = (int)i;
		}
	}
	return p;
}
