/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* paneutil.h - what the pane tests share: views built as the explorer builds
 * them (a what-if state from the db fixture, then view_update), a pane drawn
 * alone into a canvas, the canvas's text, and the every-size clipping check. */
#ifndef OCC_PANEUTIL_H
#define OCC_PANEUTIL_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canvas.h"
#include "explorer.h"
#include "golden.h"
#include "launch.h"
#include "pane.h"
#include "sim.h"
#include "strutil.h"
#include "testutil.h"
#include "session.h"
#include "view.h"
#include "whatif.h"

/* The view first, so a struct view * from pane_view_new is also this. */
struct pane_view {
	struct view v;
	struct whatif *w;
	struct session *s;
	struct launch base;
	struct session_record r;
};

/* base on its GPU (base->gpu_name in the db fixture) as the loaded launch;
 * cur (NULL: the same) on its own GPU as the launch the user changed it to;
 * the duration model (NULL: uniform, the explorer's first). Everything a
 * pane can need is computed (sweeps, simulation). Free it with
 * pane_view_free. Measured values are the caller's to set afterwards. */
static inline struct view *pane_view_new(const struct launch *base, const struct launch *cur,
					 const struct sim_params *model)
{
	static const struct sim_params uniform = { .model = SIM_UNIFORM };
	struct pane_view *pv = calloc(1, sizeof(*pv));
	struct occ_error err = { 0 };
	struct gpu g;

	ck_assert_ptr_nonnull(pv);
	ck_assert_msg(gpu_db_find(db, base->gpu_name, &g, &err), "%s", err.message);
	pv->s = session_new(db, NULL, &err);
	ck_assert_ptr_nonnull(pv->s);
	pv->base = *base;
	pv->r = (struct session_record){ NULL, 0, &pv->base, NULL, NULL, 0, NULL, NULL };
	pv->w = whatif_new(db, base, &g);
	ck_assert_ptr_nonnull(pv->w);
	if (cur) {
		ck_assert_msg(gpu_db_find(db, cur->gpu_name, &g, &err), "%s", err.message);
		pv->w->cur.launch = *cur;
		pv->w->cur.gpu = g;
	}
	view_init(&pv->v);
	view_rebase(&pv->v, pv->s, &pv->r, pv->w);
	ck_assert(view_update(&pv->v, pv->s, &pv->r, pv->w, model ? model : &uniform,
			      VIEW_SIM));
	/* The explorer finishes a large grid's simulation on its ticks; the
	 * goldens draw the finished one. */
	while (view_sim_running(&pv->v))
		view_sim_advance(&pv->v, 1000);
	return &pv->v;
}

/* AMD launches for the panes' AMD goldens (inputs, not expected values; the
 * arithmetic from data/amd_archs.csv is in the comments):
 * - MI300X (gfx942, wave64, 4 SIMDs x 8 wave slots, 512 VGPRs per lane in a
 *   unified file, granule 8; 64 KiB LDS per CU, granule 512): workgroup 256
 *   = 4 waves, 96 VGPRs + 32 AGPRs = 128 -> 4 waves per SIMD; LDS 20000 B ->
 *   20480 -> 65536 / 20480 = 3 workgroups = 12 waves on 4 SIMDs = 3 waves per
 *   SIMD: LDS limits, 3 of 8 = 37.5%. Grid 5000.
 * - RX 7900 XTX (gfx1100, WGP mode: 4 SIMDs x 16 slots, wave32 1536 VGPRs per
 *   lane, granule 24): workgroup 128 = 4 waves, 128 VGPRs -> 144 -> 10 waves
 *   per SIMD -> 10 workgroups per WGP; 10 of 16 = 62.5%. Grid 500. */
static inline void pane_amd_launch(struct launch *l, const char *gpu)
{
	launch_init(l);
	str_copy(l->gpu_name, sizeof(l->gpu_name), gpu);
	str_copy(l->kernel, sizeof(l->kernel), "gemm_tile");
	if (strcmp(gpu, "MI300X") == 0) {
		l->regs_per_thread = 96;
		l->agprs = 32;
		l->sgprs = 64;
		l->static_smem_bytes = 20000;
		l->grid[0] = 5000;
	} else {
		l->block[0] = 128;
		l->regs_per_thread = 128;
		l->sgprs = 40;
		l->grid[0] = 500;
	}
}

static inline struct view *pane_view_amd(const char *gpu)
{
	struct launch l;

	pane_amd_launch(&l, gpu);
	return pane_view_new(&l, NULL, NULL);
}

/* Clusters of 16 on the H100 SXM5 at 512 threads and 64 registers: 2
 * blocks per SM, 13 to 16 clusters over its GPC layouts (test_cluster.c). */
static inline struct view *pane_view_clusters(void)
{
	struct launch l;

	launch_init(&l);
	l.block[0] = 512;
	l.regs_per_thread = 64;
	l.grid[0] = 1024;
	l.cluster_size = 16;
	str_copy(l.gpu_name, sizeof(l.gpu_name), "H100");
	return pane_view_new(&l, NULL, NULL);
}

static inline void pane_view_free(struct view *v)
{
	struct pane_view *pv = (struct pane_view *)v;

	view_done(&pv->v);
	whatif_free(pv->w);
	session_free(pv->s);
	free(pv);
}

/* Makes a fresh pane of one kind. */
typedef struct pane *(*pane_maker)(void);

static inline struct pane *sms_pane_new(void)
{
	return pane_sms_new(NULL);
}

static inline struct pane *pane_make(pane_maker make)
{
	struct pane *p = make();

	ck_assert_ptr_nonnull(p);
	return p;
}

/* Draws v with the pane p (its state kept: selection, scroll) into a new
 * canvas of w x h, r the whole canvas. */
static inline struct canvas *pane_draw_with(struct pane *p, const struct view *v, int w, int h,
					    bool ascii)
{
	struct canvas *c = canvas_new(w, h, ascii);

	ck_assert_ptr_nonnull(c);
	p->cls->draw(p, c, (struct rect){ 0, 0, w, h }, v);
	return c;
}

/* The same with a fresh pane. */
static inline struct canvas *pane_draw(pane_maker make, const struct view *v, int w, int h,
				       bool ascii)
{
	struct pane *p = pane_make(make);
	struct canvas *c = pane_draw_with(p, v, w, h, ascii);

	pane_free(p);
	return c;
}

/* The pane p as it is, alone at w x h, compared with the golden file name. */
static inline void pane_golden_with(struct pane *p, const struct view *v, int w, int h,
				    bool ascii, const char *name)
{
	struct canvas *c = pane_draw_with(p, v, w, h, ascii);

	golden_canvas(name, c);
	canvas_free(c);
}

/* A fresh pane alone at w x h compared with the golden file name. */
static inline void pane_golden(pane_maker make, const struct view *v, int w, int h, bool ascii,
			       const char *name)
{
	struct pane *p = pane_make(make);

	pane_golden_with(p, v, w, h, ascii, name);
	pane_free(p);
}

/* An action to the pane, as the explorer routes it. */
static inline enum reaction pane_key(struct pane *p, enum action a, const struct view *v)
{
	struct pane_request req = { .ask = PANE_ASK_NONE };

	return p->cls->key(p, a, 0, v, &req);
}

/* A click: true when it picks a value of a parameter (field, value). */
static inline bool pane_click(struct pane *p, struct rect r, const struct view *v, int x, int y,
			      enum launch_param *field, int64_t *value)
{
	struct pane_request req = { .ask = PANE_ASK_NONE };

	if (p->cls->click(p, r, v, x, y, &req) == REACT_NONE || req.ask != PANE_ASK_SET_VALUE)
		return false;
	*field = req.field;
	*value = req.value;
	return true;
}

/* The whole canvas as canvas_write writes it (rows without trailing blanks);
 * the caller frees it. */
static inline char *canvas_text_of(const struct canvas *c)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	canvas_write(c, f);
	fclose(f);
	return buf;
}

/* Row y of the canvas as UTF-8, every cell (trailing blanks kept). */
static inline void canvas_row_text(const struct canvas *c, int y, char *buf, size_t size)
{
	size_t n = 0;

	for (int x = 0; x < c->width && n + 5 < size; x++) {
		uint32_t g = canvas_at(c, x, y)->glyph;
		if (g < 0x80) {
			buf[n++] = (char)g;
		} else if (g < 0x800) {
			buf[n++] = (char)(0xC0 | g >> 6);
			buf[n++] = (char)(0x80 | (g & 0x3F));
		} else {
			buf[n++] = (char)(0xE0 | g >> 12);
			buf[n++] = (char)(0x80 | (g >> 6 & 0x3F));
			buf[n++] = (char)(0x80 | (g & 0x3F));
		}
	}
	buf[n] = '\0';
}

/* The first row containing text, or -1; that row's text in buf. */
static inline int canvas_find_row(const struct canvas *c, const char *text, char *buf,
				  size_t size)
{
	for (int y = 0; y < c->height; y++) {
		canvas_row_text(c, y, buf, size);
		if (strstr(buf, text))
			return y;
	}
	return -1;
}

/* True when some row of c contains text. */
static inline bool canvas_shows(const struct canvas *c, const char *text)
{
	char buf[4096];

	return canvas_find_row(c, text, buf, sizeof(buf)) >= 0;
}

/* The every-size check: each view drawn by a fresh pane of cls at every size
 * from min_w x min_h to max_w x max_h, at an offset inside a larger canvas of
 * sentinels; nothing outside r may change. */
struct pane_sizes {
	pane_maker make;
	struct view *const *views;
	int n_views;
	int min_w, max_w, min_h, max_h;
	bool ascii;
	bool must_draw;   /* and something inside r changes at every size */
	/* Optional: sets up the pane or view k before each draw (pane state, axis). */
	void (*before)(struct pane *p, struct view *v, int k, int w, int h);
	/* Optional: checks of its own after each draw (clicks, pane state). */
	void (*after)(struct pane *p, struct rect r, const struct view *v, int k);
};

/* The cells of c that differ from the sentinel: inside r, and outside it
 * (the first at *x, *y). Plain ifs: a Check assertion per cell costs a pipe
 * write. */
static inline int pane_sentinel_changes(const struct canvas *c, struct rect r, uint32_t sentinel,
					int *outside, int *ox, int *oy)
{
	int inside = 0;

	*outside = 0;
	for (int y = 0; y < c->height; y++)
		for (int x = 0; x < c->width; x++) {
			const struct canvas_cell *cell = canvas_at(c, x, y);
			bool same = cell->glyph == sentinel && cell->role == CANVAS_FRAME;
			if (same)
				continue;
			if (rect_contains(r, x, y)) {
				inside++;
			} else if ((*outside)++ == 0) {
				*ox = x;
				*oy = y;
			}
		}
	return inside;
}

static inline void pane_every_size(const struct pane_sizes *s)
{
	enum { OX = 4, OY = 3, SENTINEL = '@' };
	const int cw = s->max_w + 2 * OX, ch = s->max_h + 2 * OY;
	struct canvas *c = canvas_new(cw, ch, s->ascii);

	ck_assert_ptr_nonnull(c);
	for (int k = 0; k < s->n_views; k++)
	for (int h = s->min_h; h <= s->max_h; h++)
	for (int w = s->min_w; w <= s->max_w; w++) {
		struct pane *p = pane_make(s->make);
		struct rect r = { OX, OY, w, h };
		int inside, outside, x = 0, y = 0;

		canvas_fill(c, 0, 0, cw, ch, SENTINEL, CANVAS_FRAME);
		if (s->before)
			s->before(p, s->views[k], k, w, h);
		p->cls->draw(p, c, r, s->views[k]);
		inside = pane_sentinel_changes(c, r, SENTINEL, &outside, &x, &y);
		if (outside > 0)
			ck_abort_msg("%s view %d, %dx%d: %d cells outside changed, the first (%d, %d)",
				     p->cls->name, k, w, h, outside, x, y);
		if (s->must_draw && inside == 0)
			ck_abort_msg("%s view %d, %dx%d: nothing drawn", p->cls->name, k, w, h);
		if (s->after)
			s->after(p, r, s->views[k], k);
		pane_free(p);
	}
	canvas_free(c);
}

/* The explorer as occview opens it on path with the flags (NULL: none): a
 * session, the input read whole, the explorer taking it over. *s gets the
 * session, freed with explorer_close. */
static inline struct explorer *explorer_open(const char *path, const char *source,
					     const struct param_set *flags, bool ascii,
					     struct session **s)
{
	struct explorer_options o = { .ascii = ascii, .source = source };
	struct session_input *in = calloc(1, sizeof(*in));
	struct occ_error err = { 0 };
	struct explorer *e;
	int status = 0;

	ck_assert_ptr_nonnull(in);
	*s = session_new(db, flags, &err);
	ck_assert_msg(*s != NULL, "%s", err.message);
	ck_assert_msg(session_load(*s, path, in, stderr, &status), "%s: status %d", path, status);
	e = explorer_new(*s, in, 1, &o);
	ck_assert_ptr_nonnull(e);
	return e;
}

/* The explorer on the flags alone (no file), as occview with no argument. */
static inline struct explorer *explorer_open_flags(const struct param_set *flags, bool ascii,
						   struct session **s)
{
	struct explorer_options o = { .ascii = ascii, .mouse = true };
	struct occ_error err = { 0 };
	struct explorer *e;

	*s = session_new(db, flags, &err);
	ck_assert_msg(*s != NULL, "%s", err.message);
	e = explorer_new(*s, NULL, 0, &o);
	ck_assert_ptr_nonnull(e);
	return e;
}

static inline void explorer_close(struct explorer *e, struct session *s)
{
	explorer_free(e);
	session_free(s);
}

/* --print's one layout (pane_class.print) against height() then draw(): at
 * every width from min_w to max_w, from an offset, the same rows and every
 * cell the same, glyph and role, in a canvas shorter than the pane too (the
 * printer grows it and prints again). prep: optional, set up a new pane. */
static inline void pane_print_as_drawn(pane_maker make, void (*prep)(struct pane *),
				       const struct view *v, int min_w, int max_w)
{
	for (int w = min_w; w <= max_w; w++) {
		struct pane *a = make(), *b = make();
		int rows, printed, clipped;
		struct canvas *da, *db_, *dc;

		ck_assert(a && b && a->cls->print && a->cls->height);
		if (prep) {
			prep(a);
			prep(b);
		}
		rows = a->cls->height(a, w, v);
		da = canvas_new(w + 3, rows + 4, false);
		db_ = canvas_new(w + 3, rows + 4, false);
		dc = canvas_new(w + 3, rows > 4 ? rows / 2 : 1, false);
		ck_assert(da && db_ && dc);
		if (rows > 0)
			a->cls->draw(a, da, (struct rect){ 2, 1, w, rows }, v);
		printed = b->cls->print(b, db_, 2, 1, w, v);
		clipped = b->cls->print(b, dc, 2, 1, w, v);
		ck_assert_int_eq(printed, rows);
		ck_assert_int_eq(clipped, rows);
		for (int y = 0; y < da->height; y++)
			for (int x = 0; x < da->width; x++) {
				const struct canvas_cell *p = canvas_at(da, x, y), *q = canvas_at(db_, x, y);

				if (p->glyph != q->glyph || p->role != q->role)
					ck_abort_msg("width %d: (%d, %d) drawn U+%04X role %d, printed U+%04X role %d",
						     w, x, y, p->glyph, p->role, q->glyph, q->role);
			}
		canvas_free(da);
		canvas_free(db_);
		canvas_free(dc);
		pane_free(a);
		pane_free(b);
	}
}

#endif
