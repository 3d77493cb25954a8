/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_pane_rules.c - the findings pane: golden screens (default launch and a
 * V100 launch from a real report, collapsed and expanded, ASCII and UTF-8, 80x24
 * and 200x60), its keys, and that it draws only inside its rectangle at every size. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "launch.h"
#include "pane.h"
#include "view.h"
#include "paneutil.h"

static struct view *default_view(void)
{
	struct launch l;

	launch_init(&l);
	return pane_view_new(&l, NULL, NULL);
}

/* ncu/xplacer_v100 (tests/test_waves.c): compute_flux, 192 threads x 60 registers,
 * grid 506 on a V100 (80 SMs): registers allow 5 blocks (2048 per warp, 8 warps per
 * sub-partition, 32 / 6 = 5), a wave is 400 blocks, 1.27 waves: a tail. */
static struct view *v100_view(void)
{
	struct launch l;

	launch_init(&l);
	snprintf(l.gpu_name, sizeof(l.gpu_name), "V100");
	l.block[0] = 192;
	l.regs_per_thread = 60;
	l.grid[0] = 506;
	return pane_view_new(&l, NULL, NULL);
}

static int index_of(const struct view *v, const char *id)
{
	for (int i = 0; i < v->cur.n_findings; i++)
		if (strcmp(v->cur.findings[i].id, id) == 0)
			return i;
	return -1;
}

static void golden_case(const char *name, struct view *v, const char *expand_id)
{
	static const struct { int w, h; } sizes[] = { { 80, 24 }, { 200, 60 } };

	for (size_t s = 0; s < 2; s++)
		for (int ascii = 0; ascii < 2; ascii++) {
			struct pane *p = pane_make(pane_rules_new);
			struct canvas *c;
			char file[128];

			if (expand_id) {
				p->selected = index_of(v, expand_id);
				ck_assert_int_ge(p->selected, 0);
				ck_assert_int_eq(pane_key(p, ACT_EXPAND, v), REACT_REDRAW);
			}
			c = pane_draw_with(p, v, sizes[s].w, sizes[s].h, ascii);
			snprintf(file, sizeof(file), "rules_%s_%dx%d_%s.txt", name, sizes[s].w,
				 sizes[s].h, ascii ? "ascii" : "utf8");
			golden_canvas(file, c);
			canvas_free(c);
			pane_free(p);
		}
}

START_TEST(golden_default)
{
	struct view *v = default_view();

	ck_assert(v->cur.ok);
	/* limiter: warps and registers at 8 blocks; tail: 1584 = 1056 + 528 */
	ck_assert_int_ge(index_of(v, "limiter"), 0);
	ck_assert_int_ge(index_of(v, "tail_effect"), 0);
	golden_case("default", v, NULL);
	golden_case("default_limiter", v, "limiter");
	pane_view_free(v);
}
END_TEST

START_TEST(golden_v100_tail)
{
	struct view *v = v100_view();

	ck_assert(v->cur.ok);
	ck_assert_int_eq(v->cur.r.block_limit[OCC_REGISTERS], 5);
	ck_assert_uint_eq(v->cur.r.limiting, 1u << OCC_REGISTERS);
	ck_assert_int_eq(v->cur.w.blocks_per_wave, 400);
	ck_assert_int_ge(index_of(v, "tail_effect"), 0);
	golden_case("v100", v, NULL);
	golden_case("v100_limiter", v, "limiter");
	golden_case("v100_tail", v, "tail_effect");
	pane_view_free(v);
}
END_TEST

/* The expanded limiter shows each limiting factor's derivation and the
 * occupancy's, numbered, with the engine's figures. */
START_TEST(expanded_shows_derivations)
{
	struct view *v = default_view();
	struct pane *p = pane_make(pane_rules_new);
	struct canvas *c;
	char *t;

	p->selected = index_of(v, "limiter");
	pane_key(p, ACT_EXPAND, v);
	ck_assert(p->expanded);
	c = pane_draw_with(p, v, 200, 60, true);
	t = canvas_text_of(c);
	/* H100: 32 x 32 = 1024 per warp; 16384 / 1024 = 16; 64 / 8 = 8 blocks */
	ck_assert_ptr_nonnull(strstr(t, "Warps: 8 blocks per SM"));
	ck_assert_ptr_nonnull(strstr(t, "Registers: 8 blocks per SM"));
	ck_assert_ptr_nonnull(strstr(t, "1. Registers per warp: 32 per thread x 32 threads = 1024"));
	ck_assert_ptr_nonnull(strstr(t, "5. Warps per sub-partition: floor(16384 / 1024) = 16"));
	ck_assert_ptr_nonnull(strstr(t, "Occupancy: 64 of 64 warps per SM (100.0%)"));
	ck_assert_ptr_null(strstr(t, "Shared memory: 228"));
	free(t);
	canvas_free(c);

	/* collapsing hides them again */
	pane_key(p, ACT_EXPAND, v);
	ck_assert(!p->expanded);
	c = pane_draw_with(p, v, 200, 60, true);
	t = canvas_text_of(c);
	ck_assert_ptr_null(strstr(t, "1. Registers per warp"));
	free(t);
	canvas_free(c);
	pane_view_free(v);
	pane_free(p);
}
END_TEST

START_TEST(keys_select_and_clamp)
{
	struct view *v = default_view();
	struct pane *p = pane_make(pane_rules_new);
	int n = v->cur.n_findings;
	struct canvas *c;

	ck_assert_int_ge(n, 2);
	ck_assert_int_eq(pane_key(p, ACT_SCROLL_UP, v), REACT_REDRAW);
	ck_assert_int_eq(p->selected, 0);
	for (int i = 1; i < n + 3; i++) {
		ck_assert_int_eq(pane_key(p, ACT_SCROLL_DOWN, v), REACT_REDRAW);
		ck_assert_int_eq(p->selected, i < n ? i : n - 1);
	}
	ck_assert_int_eq(pane_key(p, ACT_SCROLL_UP, v), REACT_REDRAW);
	ck_assert_int_eq(p->selected, n - 2);
	ck_assert_int_eq(pane_key(p, ACT_QUIT, v), REACT_NONE);
	ck_assert_int_eq(pane_key(p, ACT_INC, v), REACT_NONE);

	/* The view changes under the pane: fewer findings than the selection. */
	p->selected = RULES_MAX_FINDINGS + 5;
	c = pane_draw_with(p, v, 80, 24, true);
	ck_assert_int_eq(p->selected, n - 1);
	canvas_free(c);
	p->selected = -3;
	ck_assert_int_eq(pane_key(p, ACT_SCROLL_DOWN, v), REACT_REDRAW);
	ck_assert_int_eq(p->selected, 1);

	/* The selected finding's title row is the one highlighted. */
	p->selected = 1;
	p->scroll = -1;
	c = pane_draw_with(p, v, 80, 24, true);
	{
		bool found = false;
		for (int y = 0; y < 24; y++) {
			const struct canvas_cell *cell = canvas_at(c, 2, y);
			if (cell->role == CANVAS_FOCUS) {
				char want[8];
				snprintf(want, sizeof(want), "%.1s", v->cur.findings[1].title);
				ck_assert_uint_eq(cell->glyph, (uint32_t)want[0]);
				found = true;
				break;
			}
		}
		ck_assert(found);
	}
	canvas_free(c);
	pane_view_free(v);
	pane_free(p);
}
END_TEST

/* In a short pane the expanded limiter runs past the bottom: paging moves by a
 * page, the indicators say what is cut, and the scroll stops at the end. */
START_TEST(keys_page)
{
	struct view *v = default_view();
	struct pane *p = pane_make(pane_rules_new);
	struct canvas *c;
	char *t;
	int top, last;
	int lim = index_of(v, "limiter"), tail = index_of(v, "tail_effect");

	/* The tail effect is a warning and comes first; expanding the limiter
	 * brings its title to the top. */
	ck_assert_int_eq(tail, 0);
	ck_assert_int_eq(lim, 1);
	p->selected = lim;
	pane_key(p, ACT_EXPAND, v);
	c = pane_draw_with(p, v, 80, 10, true);
	ck_assert_int_eq(p->rows, 9);
	top = p->scroll;
	ck_assert_int_gt(top, 0);
	t = canvas_text_of(c);
	ck_assert_msg(strncmp(t, "i>", 2) == 0 && strncmp(t + 2, v->cur.findings[lim].title, 30) == 0,
		      "%s", t);
	ck_assert_ptr_nonnull(strstr(t, "v more below"));
	ck_assert_ptr_nonnull(strstr(t, "^ more above"));
	free(t);
	canvas_free(c);

	/* a page is the 9 rows less one kept for context */
	ck_assert_int_eq(pane_key(p, ACT_PAGE_DOWN, v), REACT_REDRAW);
	ck_assert_int_eq(p->scroll, top + 8);
	c = pane_draw_with(p, v, 80, 10, true);
	ck_assert_int_eq(p->scroll, top + 8);
	canvas_free(c);

	for (int i = 0; i < 20; i++) {
		pane_key(p, ACT_PAGE_DOWN, v);
		c = pane_draw_with(p, v, 80, 10, true);
		canvas_free(c);
	}
	last = p->scroll;
	c = pane_draw_with(p, v, 80, 10, true);
	t = canvas_text_of(c);
	ck_assert_ptr_null(strstr(t, "v more below"));
	ck_assert_ptr_nonnull(strstr(t, "^ more above"));
	/* the end of the last finding (block sizes, after the expanded limiter)
	 * is the last row of content */
	ck_assert_ptr_nonnull(strstr(t, "1 / busy.\n^ more above"));
	free(t);
	canvas_free(c);
	pane_key(p, ACT_PAGE_DOWN, v);
	c = pane_draw_with(p, v, 80, 10, true);
	ck_assert_int_eq(p->scroll, last);
	canvas_free(c);

	ck_assert_int_eq(pane_key(p, ACT_PAGE_UP, v), REACT_REDRAW);
	ck_assert_int_eq(p->scroll, last - 8);
	for (int i = 0; i < 20; i++)
		pane_key(p, ACT_PAGE_UP, v);
	ck_assert_int_eq(p->scroll, 0);

	/* selecting the tail effect (and so expanding it) puts it at the top */
	pane_key(p, ACT_PAGE_DOWN, v);
	ck_assert_int_eq(pane_key(p, ACT_SCROLL_UP, v), REACT_REDRAW);
	ck_assert_int_eq(p->selected, tail);
	c = pane_draw_with(p, v, 80, 10, true);
	ck_assert_int_eq(p->scroll, 0);
	t = canvas_text_of(c);
	ck_assert_msg(strncmp(t + 2, v->cur.findings[tail].title, 30) == 0, "%s", t);
	free(t);
	canvas_free(c);
	pane_view_free(v);
	pane_free(p);
}
END_TEST

START_TEST(invalid_launch_shows_error)
{
	struct launch l;
	struct view *v;
	struct pane *p = pane_make(pane_rules_new);
	struct canvas *c;
	char *t;

	launch_init(&l);
	l.block[0] = 2048;   /* more than the 1024 threads a block may have */
	v = pane_view_new(&l, NULL, NULL);
	ck_assert(!v->cur.ok);
	c = pane_draw_with(p, v, 80, 24, true);
	t = canvas_text_of(c);
	ck_assert_ptr_nonnull(strstr(t, "cannot be computed on"));
	ck_assert_ptr_null(strstr(t, "j/k: select"));
	free(t);
	canvas_free(c);
	ck_assert_int_eq(pane_key(p, ACT_SCROLL_DOWN, v), REACT_REDRAW);
	ck_assert_int_eq(p->selected, 0);
	pane_view_free(v);
	pane_free(p);
}
END_TEST

/* Every size from 1x1 to 100x40 inside a larger canvas: nothing outside r
 * changes, and the selection and scroll stay valid. Views 0 and 1 drawn
 * collapsed on the first finding, 2 and 3 expanded on the second, 3 scrolled. */
static void set_case(struct pane *p, struct view *v, int k, int w, int h)
{
	(void)v;
	(void)w;
	(void)h;
	p->selected = k < 2 ? 0 : 1;
	p->expanded = k >= 2;
	p->scroll = k == 3 ? 5 : -1;
}

static void state_valid(struct pane *p, struct rect r, const struct view *v, int k)
{
	if (p->scroll < 0 || p->selected < 0 || p->selected >= v->cur.n_findings)
		ck_abort_msg("%dx%d (case %d): scroll %d selected %d", r.w, r.h, k, p->scroll,
			     p->selected);
}

START_TEST(draws_only_inside)
{
	struct view *d = default_view(), *v100 = v100_view();
	struct view *views[4] = { d, v100, d, v100 };
	struct pane_sizes s = { .make = pane_rules_new, .views = views, .n_views = 4, .min_w = 1,
				.max_w = 100, .min_h = 1, .max_h = 40, .before = set_case,
				.after = state_valid };

	pane_every_size(&s);
	pane_view_free(d);
	pane_view_free(v100);
}
END_TEST

static void expand_all(struct pane *p)
{
	pane_rules_expand_all(p);
}

static void derive_all(struct pane *p)
{
	pane_rules_expand_all(p);
	pane_rules_derive_all(p);
}

/* --print lays the findings out once: the same rows and cells as measuring
 * and then drawing, expanded (--print), with --derive, and as the explorer
 * shows them; on a launch with a tail (V100), the default, and AMD. */
START_TEST(printed_once_as_drawn)
{
	struct view *views[] = { default_view(), v100_view(), pane_view_amd("MI300X"),
				 pane_view_clusters() };

	for (size_t k = 0; k < sizeof(views) / sizeof(views[0]); k++) {
		pane_print_as_drawn(pane_rules_new, expand_all, views[k], 10, 160);
		pane_print_as_drawn(pane_rules_new, derive_all, views[k], 30, 130);
		pane_print_as_drawn(pane_rules_new, NULL, views[k], 40, 90);
		pane_view_free(views[k]);
	}
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("pane_rules");
	TCase *tc = tcase_create("pane_rules");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, golden_default);
	tcase_add_test(tc, golden_v100_tail);
	tcase_add_test(tc, expanded_shows_derivations);
	tcase_add_test(tc, keys_select_and_clamp);
	tcase_add_test(tc, keys_page);
	tcase_add_test(tc, invalid_launch_shows_error);
	tcase_add_test(tc, draws_only_inside);
	tcase_add_test(tc, printed_once_as_drawn);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(suite());
}
