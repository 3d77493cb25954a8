/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* pane_rules.c - the findings pane: each finding with its severity, title and
 * text wrapped to the pane, one selected; the selected one expands into the
 * step-by-step derivations (derive.h) that explain it. */
#include "config.h"

#include "pane.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "derive.h"
#include "search.h"
#include "strutil.h"
#include "textinput.h"

/* Every factor, the occupancy and the waves (derive_all, for --derive): the
 * most any finding expands to. */
#define MAX_DERIVATIONS DERIVE_MAX_ALL

/* The pane's own state beyond the selection: every finding open at once,
 * for --print; and the derivations of the findings of the view's
 * generation, made when first shown (a layout runs twice: to count its
 * rows, then to draw them). */
struct rules_pane {
	struct pane base;
	bool expand_all;
	bool derive_all;  /* the limiter (or cannot_run) expands to every derivation */
	unsigned long generation;
	int n_derived[RULES_MAX_FINDINGS];            /* -1: not made yet */
	struct derivation *derived[RULES_MAX_FINDINGS]; /* room for MAX_DERIVATIONS each */
	/* `/`: the search line takes the keys; n and N find again */
	bool searching;
	struct text_input search;
	int search_from;          /* the selection when the search began */
};

/* Rows are laid out twice: once to count them (c NULL), once to draw the
 * window [scroll, scroll + rows) of them into r. */
struct emit {
	struct canvas *c;
	struct rect r;
	int scroll;
	int row;          /* the next row of the whole list */
};

/* Draws the first len bytes of text at (x, row) when that row is in the window,
 * at most max cells wide. */
static void put(struct emit *e, int x, int max, enum canvas_role role, const char *text, size_t len)
{
	char buf[1200];
	int y = e->row - e->scroll;

	if (!e->c || y < 0 || y >= e->r.h || max <= 0)
		return;
	if (len >= sizeof(buf))
		len = sizeof(buf) - 1;
	memcpy(buf, text, len);
	buf[len] = '\0';
	canvas_text(e->c, e->r.x + x, e->r.y + y, max, role, buf);
}

/* Fills the current row of the window with blanks in role (the selection bar). */
static void bar(struct emit *e, enum canvas_role role)
{
	int y = e->row - e->scroll;

	if (e->c && y >= 0 && y < e->r.h)
		canvas_fill(e->c, e->r.x, e->r.y + y, e->r.w, 1, ' ', role);
}

/* Where wrap() puts each line str_wrap gives. */
struct wrap_at {
	struct emit *e;
	int first, hang;      /* the first row's column, the others' */
	enum canvas_role role;
	bool focus;
	int rows;
};

static void wrap_line(void *ctx, const char *text, size_t len)
{
	struct wrap_at *w = ctx;
	int x = w->rows ? w->hang : w->first;

	if (w->focus)
		bar(w->e, CANVAS_FOCUS);
	put(w->e, x, w->e->r.w - x, w->role, text, len);
	w->e->row++;
	w->rows++;
}

/* Word-wraps text (str_wrap): the first row from column `first`, the rest
 * from `hang`; columns past the width start at 0, so every row shows
 * something. Returns the rows used. */
static int wrap(struct emit *e, int first, int hang, enum canvas_role role, bool focus,
		const char *text)
{
	struct wrap_at w = { e, first < e->r.w ? first : 0, hang < e->r.w ? hang : 0, role, focus, 0 };

	return str_wrap(text, e->r.w - w.first, e->r.w - w.hang, wrap_line, &w);
}

static enum canvas_role severity_role(enum rules_severity s)
{
	switch (s) {
	case RULES_ERROR: return CANVAS_WARNING;
	case RULES_WARNING: return CANVAS_LIMITER;
	case RULES_INFO: return CANVAS_NORMAL;
	}
	return CANVAS_NORMAL;
}

static const char *severity_marker(const struct canvas *c, enum rules_severity s)
{
	switch (s) {
	case RULES_ERROR: return c->ascii ? "X" : "\u2717";
	case RULES_WARNING: return c->ascii ? "!" : "\u25B2";
	case RULES_INFO: return c->ascii ? "i" : "\u2022";
	}
	return "?";
}

/* The factor that keeps even one block from fitting. */
static enum occ_factor misfit_factor(enum occ_misfit m)
{
	switch (m) {
	case OCC_MISFIT_REGISTERS: return OCC_REGISTERS;
	case OCC_MISFIT_SHARED_MEM: return OCC_SHARED_MEM;
	case OCC_MISFIT_BARRIERS:
	case OCC_MISFIT_SGPRS: return OCC_BARRIERS;
	case OCC_MISFIT_THREADS:
	case OCC_FITS:
		break;
	}
	return OCC_WARPS;
}

/* Whether the view has a finding about the waves, which derives them. */
static bool has_waves_finding(const struct analysis *a)
{
	for (int i = 0; i < a->n_findings; i++)
		if (strcmp(a->findings[i].id, "tail_effect") == 0 ||
		    strcmp(a->findings[i].id, "small_grid") == 0 ||
		    strcmp(a->findings[i].id, "grid_below_sms") == 0)
			return true;
	return false;
}

/* The derivations that explain finding f; returns how many (0: none apply).
 * With all (--derive) the limiter, or why a launch cannot run, expands to
 * every limit's derivation and the occupancy's, and the waves' where no
 * finding of the waves shows them. */
static int derivations_for(const struct view *v, const struct finding *f, bool all,
			   struct derivation *out)
{
	const struct analysis *a = &v->cur;
	const struct gpu_arch *arch = &a->gpu.arch;
	int n = 0;

	if (all && (strcmp(f->id, "limiter") == 0 || strcmp(f->id, "cannot_run") == 0)) {
		n = derive_all(arch, &a->in, &a->r, a->gpu.sm_count, launch_grid_size(&a->launch),
			       &a->w, out, NULL);
		if (a->r.active_blocks_per_sm > 0 && has_waves_finding(a))
			n--;
		return n;
	}
	if (strcmp(f->id, "limiter") == 0) {
		for (int k = 0; k < OCC_N_FACTORS; k++)
			if (occ_is_limiting(&a->r, (enum occ_factor)k))
				derive_limit(arch, &a->in, &a->r, (enum occ_factor)k, &out[n++]);
		derive_occupancy(arch, &a->in, &a->r, &out[n++]);
	} else if (strcmp(f->id, "cannot_run") == 0) {
		derive_limit(arch, &a->in, &a->r, misfit_factor(a->r.misfit), &out[n++]);
	} else if (strcmp(f->id, "tail_effect") == 0 || strcmp(f->id, "small_grid") == 0 ||
		   strcmp(f->id, "grid_below_sms") == 0) {
		derive_waves(arch, &a->r, a->gpu.sm_count, launch_grid_size(&a->launch), &a->w, &out[n++]);
	} else if (strcmp(f->id, "block_not_warp_multiple") == 0) {
		derive_limit(arch, &a->in, &a->r, OCC_WARPS, &out[n++]);
	} else if (strcmp(f->id, "carveout_ignored") == 0) {
		derive_limit(arch, &a->in, &a->r, OCC_SHARED_MEM, &out[n++]);
	}
	return n;
}

/* The derivations of finding i of the view, made once per generation. */
static const struct derivation *derivations(struct rules_pane *rp, const struct view *v, int i,
					    int *n)
{
	if (rp->generation != v->generation) {
		for (int k = 0; k < RULES_MAX_FINDINGS; k++)
			rp->n_derived[k] = -1;
		rp->generation = v->generation;
	}
	*n = 0;
	if (i < 0 || i >= RULES_MAX_FINDINGS)
		return NULL;
	if (rp->n_derived[i] < 0) {
		if (!rp->derived[i] &&
		    !(rp->derived[i] = malloc(MAX_DERIVATIONS * sizeof(*rp->derived[i]))))
			return NULL;
		rp->n_derived[i] = derivations_for(v, &v->cur.findings[i], rp->derive_all,
						   rp->derived[i]);
	}
	*n = rp->n_derived[i];
	return rp->derived[i];
}

static void expansion(struct emit *e, struct rules_pane *rp, const struct view *v, int i,
		      bool quiet)
{
	int n;
	const struct derivation *d = derivations(rp, v, i, &n);

	if (n == 0 && !quiet)
		wrap(e, 2, 2, CANVAS_DIM, false, "(no step-by-step derivation for this finding)");
	for (int i = 0; i < n; i++) {
		char title[sizeof(d[i].title) + 8];
		snprintf(title, sizeof(title), "%s %s", e->c && !e->c->ascii ? "\u25B8" : ">",
			 d[i].title);
		wrap(e, 2, 4, CANVAS_HEADER, false, title);
		for (int k = 0; k < d[i].n; k++) {
			char line[DERIVE_STEP_LEN + 8];
			int num = snprintf(line, sizeof(line), "%d. ", k + 1);
			snprintf(line + num, sizeof(line) - (size_t)num, "%s", d[i].steps[k]);
			wrap(e, 4, 4 + num, CANVAS_NORMAL, false, line);
		}
	}
}

/* Every finding in order; *sel_first and *sel_end get the rows of the selected
 * one. Returns the rows used. */
static int layout(struct emit *e, struct pane *p, const struct view *v, int *sel_first, int *sel_end)
{
	const struct analysis *a = &v->cur;
	bool all = ((const struct rules_pane *)p)->expand_all;

	*sel_first = *sel_end = 0;
	if (a->n_findings == 0) {
		wrap(e, 0, 0, CANVAS_DIM, false, "No findings for this launch.");
		return e->row;
	}
	for (int i = 0; i < a->n_findings; i++) {
		const struct finding *f = &a->findings[i];
		bool sel = !all && i == p->selected;
		const char *marker = e->c ? severity_marker(e->c, f->severity) : "?";

		if (i > 0)
			e->row++;
		if (sel)
			*sel_first = e->row;
		/* The marker's row is the title's first; draw the title first so its
		 * selection bar does not cover the marker. */
		{
			int row = e->row;
			wrap(e, 2, 2, sel ? CANVAS_FOCUS : CANVAS_HEADER, sel, f->title);
			if (e->r.w >= 3) {
				int saved = e->row;
				e->row = row;
				put(e, 0, 1, severity_role(f->severity), marker, strlen(marker));
				/* The selection shows without colour too. */
				if (sel)
					put(e, 1, 1, CANVAS_FOCUS, ">", 1);
				e->row = saved;
			}
		}
		wrap(e, 2, 2, CANVAS_NORMAL, false, f->text);
		if ((sel && p->expanded) || all)
			expansion(e, (struct rules_pane *)p, v, i, all);
		if (sel)
			*sel_end = e->row;
	}
	return e->row;
}

/* The last row: what lies outside the window, and the keys; the search
 * line while it is typed. */
static void status_line(const struct rules_pane *rp, struct canvas *c, struct rect r, int y,
			bool above, bool below)
{
	char buf[128];

	if (rp->searching) {
		text_input_draw(c, r.x, y, r.w, CANVAS_FOCUS, "search: ", &rp->search);
		return;
	}
	snprintf(buf, sizeof(buf), "%s%se: expand/collapse, j/k: select, /: search",
		 above ? (c->ascii ? "^ more above  " : "\u2191 more above  ") : "",
		 below ? (c->ascii ? "v more below  " : "\u2193 more below  ") : "");
	canvas_text(c, r.x, y, r.w, CANVAS_DIM, buf);
}

static void clamp_selection(struct pane *p, const struct view *v)
{
	int n = v->cur.ok ? v->cur.n_findings : 0;

	if (p->selected >= n)
		p->selected = n - 1;
	if (p->selected < 0)
		p->selected = 0;
}

static void draw(struct pane *p, struct canvas *c, struct rect r, const struct view *v)
{
	struct emit e = { NULL, r, 0, 0 };
	int total, first, end, rows;

	if (pane_skip(c, r, v))
		return;
	if (((const struct rules_pane *)p)->expand_all) {
		/* Everything, from the top: the pane is as tall as height() said. */
		e = (struct emit){ c, r, 0, 0 };
		layout(&e, p, v, &first, &end);
		return;
	}
	clamp_selection(p, v);
	/* The last row tells the keys and whether there is more; a pane of one row
	 * shows only content. */
	rows = r.h >= 2 ? r.h - 1 : r.h;
	e.r.h = rows;
	total = layout(&e, p, v, &first, &end);

	/* A negative scroll asks for the selected finding at the top (after a key
	 * changed the selection); otherwise the window stays where paging left it. */
	if (p->scroll < 0)
		p->scroll = first;
	if (p->scroll > total - rows)
		p->scroll = total - rows;
	if (p->scroll < 0)
		p->scroll = 0;
	p->rows = rows;
	(void)end;

	e = (struct emit){ c, r, p->scroll, 0 };
	e.r.h = rows;
	layout(&e, p, v, &first, &end);
	if (r.h >= 2)
		status_line((const struct rules_pane *)p, c, r, r.y + r.h - 1, p->scroll > 0,
			    p->scroll + rows < total);
}

struct search_ctx {
	const struct analysis *a;
	const char *text;
};

static bool finding_holds(const void *ctx, size_t i)
{
	const struct search_ctx *sc = ctx;

	return search_holds(sc->a->findings[i].title, sc->text) ||
	       search_holds(sc->a->findings[i].text, sc->text);
}

/* The finding holding the search text from the selection on (dir 0), or
 * after or before it, selected; said when none does. */
static enum reaction find(struct rules_pane *rp, const struct view *v, int dir,
			  struct pane_request *req)
{
	struct search_ctx sc = { &v->cur, rp->search.text };
	size_t i = search_find(v->cur.ok ? (size_t)v->cur.n_findings : 0,
			       (size_t)(rp->base.selected > 0 ? rp->base.selected : 0), dir,
			       finding_holds, &sc);

	if (i == SIZE_MAX) {
		pane_say(req, true, "no finding holds \"%s\"", rp->search.text);
		return REACT_REDRAW;
	}
	rp->base.selected = (int)i;
	rp->base.scroll = -1;
	return REACT_REDRAW;
}

static enum reaction search_key(struct rules_pane *rp, int k, const struct view *v,
				struct pane_request *req)
{
	switch (text_input_key(&rp->search, k)) {
	case TEXT_DONE:
		rp->searching = false;
		return REACT_REDRAW;
	case TEXT_CANCELLED:
		rp->searching = false;
		text_input_set(&rp->search, "");
		rp->base.selected = rp->search_from;
		rp->base.scroll = -1;
		return REACT_REDRAW;
	case TEXT_EDITED:
		rp->base.selected = rp->search_from;
		return rp->search.text[0] ? find(rp, v, 0, req) : REACT_REDRAW;
	case TEXT_IGNORED:
		break;
	}
	return REACT_NONE;
}

static bool typing(const struct pane *p)
{
	return ((const struct rules_pane *)p)->searching;
}

static enum reaction key(struct pane *p, enum action a, int k, const struct view *v,
			 struct pane_request *req)
{
	struct rules_pane *rp = (struct rules_pane *)p;
	int page = p->rows > 1 ? p->rows - 1 : 1;

	clamp_selection(p, v);
	if (rp->searching)
		return search_key(rp, k, v, req);
	switch (a) {
	case ACT_SEARCH:
		rp->searching = true;
		rp->search_from = p->selected;
		text_input_set(&rp->search, "");
		return REACT_REDRAW;
	case ACT_SEARCH_NEXT:
	case ACT_SEARCH_PREV:
		/* nothing searched: the explorer's next launch */
		if (!rp->search.text[0])
			return REACT_NONE;
		return find(rp, v, a == ACT_SEARCH_NEXT ? 1 : -1, req);
	case ACT_SCROLL_UP:
		if (p->selected > 0)
			p->selected--;
		p->scroll = -1;
		return REACT_REDRAW;
	case ACT_SCROLL_DOWN:
		if (p->selected + 1 < (v->cur.ok ? v->cur.n_findings : 0))
			p->selected++;
		p->scroll = -1;
		return REACT_REDRAW;
	case ACT_SCROLL_FIRST:
		p->selected = 0;
		p->scroll = -1;
		return REACT_REDRAW;
	case ACT_SCROLL_LAST:
		p->selected = v->cur.ok && v->cur.n_findings > 0 ? v->cur.n_findings - 1 : 0;
		p->scroll = -1;
		return REACT_REDRAW;
	case ACT_PAGE_UP:
		p->scroll = p->scroll > page ? p->scroll - page : 0;
		return REACT_REDRAW;
	case ACT_PAGE_DOWN:
		/* draw() clamps to the end of the list */
		p->scroll = (p->scroll > 0 ? p->scroll : 0) + page;
		return REACT_REDRAW;
	case ACT_EXPAND:
		p->expanded = !p->expanded;
		p->scroll = -1;
		return REACT_REDRAW;
	default:
		return REACT_NONE;
	}
}

/* The rows every finding takes at width w (expanded as draw() would). */
static int height(struct pane *p, int w, const struct view *v)
{
	struct emit e = { NULL, { 0, 0, w, 1 << 20 }, 0, 0 };
	int first, end;

	if (!v->cur.ok)
		return 0;
	return layout(&e, p, v, &first, &end) + (((struct rules_pane *)p)->expand_all ? 0 : 1);
}

/* Expanded for --print: every finding laid out once, drawn as it goes. */
static int print(struct pane *p, struct canvas *c, int x, int y, int w, const struct view *v)
{
	struct emit e = { c, { x, y, w, 1 << 20 }, 0, 0 };
	int first, end, rows;

	if (!v->cur.ok)
		return 0;
	if (((const struct rules_pane *)p)->expand_all)
		return layout(&e, p, v, &first, &end);
	rows = height(p, w, v);
	draw(p, c, (struct rect){ x, y, w, rows }, v);
	return rows;
}

static void done(struct pane *p)
{
	struct rules_pane *rp = (struct rules_pane *)p;

	for (int i = 0; i < RULES_MAX_FINDINGS; i++)
		free(rp->derived[i]);
}

static const struct pane_class rules_class = {
	.name = "rules",
	.title = "Findings",
	.draw = draw,
	.key = key,
	.typing = typing,
	.height = height,
	.print = print,
	.done = done,
};

struct pane *pane_rules_new(void)
{
	struct rules_pane *p = calloc(1, sizeof(*p));

	if (!p)
		return NULL;
	p->base.cls = &rules_class;
	p->generation = (unsigned long)-1;
	return &p->base;
}

void pane_rules_expand_all(struct pane *p)
{
	((struct rules_pane *)p)->expand_all = true;
}

void pane_rules_derive_all(struct pane *p)
{
	((struct rules_pane *)p)->derive_all = true;
}
