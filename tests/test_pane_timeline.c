/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_pane_timeline.c - the timeline pane: golden screens (the default
 * launch's one and a half waves, the tail kernel filling the half wave, warps
 * spread within blocks), what it says when there is nothing to simulate, and
 * clipping at every size from 1x1 to 120x40. */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "launch.h"
#include "pane.h"
#include "sim.h"
#include "view.h"
#include "paneutil.h"

/* The embedded default: H100 SXM, 132 SMs of 8 blocks of 8 warps, grid 1584
 * = a wave of 1056 blocks and a half wave of 528. */
static struct view *default_view(const struct sim_params *model, int64_t grid)
{
	struct launch l;

	launch_init(&l);
	if (grid > 0)
		l.grid[0] = grid;
	return pane_view_new(&l, NULL, model);
}

/* The half wave leaves 4 of 8 slots free on every SM: 528 blocks of 4 warps
 * lasting 0.5 fill them for half of the second wave. */
static const struct sim_params tail_model = {
	.model = SIM_TAIL_KERNEL, .tail_blocks = 528, .tail_warps_per_block = 4,
	.tail_duration = 0.5,
};
static const struct sim_params spread_model = { .model = SIM_WARP_SPREAD, .warp_spread = 0.5 };

START_TEST(golden_default)
{
	struct view *v = default_view(NULL, 0);
	struct canvas *c;

	pane_golden(pane_timeline_new, v, 80, 24, true, "timeline_default_80x24_ascii.txt");
	pane_golden(pane_timeline_new, v, 80, 24, false, "timeline_default_80x24_utf8.txt");
	pane_golden(pane_timeline_new, v, 200, 60, true, "timeline_default_200x60_ascii.txt");
	pane_golden(pane_timeline_new, v, 200, 60, false, "timeline_default_200x60_utf8.txt");
	/* a full wave then half the slots: 100 % then 50 %, averaging 75 % as
	 * the per-SM pane and the wave formula do */
	c = pane_draw(pane_timeline_new, v, 80, 24, true);
	ck_assert(canvas_shows(c, "active warps per SM over time (uniform durations)"));
	ck_assert(canvas_shows(c, "avg 75.0% of busy SMs"));
	ck_assert(canvas_shows(c, "run 2.00 block times"));
	canvas_free(c);
	pane_view_free(v);
}
END_TEST

/* Paused at frame 40 of 80 of the default launch's 2.00-block-time run: the
 * playhead is one column, over every plot row, at t = 1.00: half way along
 * the time axis (where the first wave ends). */
START_TEST(playhead)
{
	struct view *v = default_view(NULL, 0);
	struct canvas *c;
	int x_head = -1, cells = 0, axis_y = -1, x0 = -1, x1 = -1;

	v->play.state = PLAYBACK_PAUSED;
	v->play.frame = PLAYBACK_FRAMES / 2;
	c = pane_draw(pane_timeline_new, v, 80, 24, false);
	ck_assert(canvas_shows(c, "paused: t = 1.00 of 2.00 (uniform durations)"));
	for (int y = 0; y < c->height; y++)
		for (int x = 0; x < c->width; x++)
			if (canvas_at(c, x, y)->role == CANVAS_FOCUS) {
				ck_assert(x_head < 0 || x_head == x);
				x_head = x;
				cells++;
			}
	/* the time axis: the row of the corner, the run of lines after it */
	for (int y = 0; y < c->height && axis_y < 0; y++)
		for (int x = 0; x < c->width; x++)
			if (canvas_at(c, x, y)->glyph == canvas_glyph(c, CANVAS_G_BOTTOM_LEFT)) {
				axis_y = y;
				x0 = x + 1;
				break;
			}
	ck_assert_int_ge(axis_y, 0);
	for (x1 = x0; x1 < c->width &&
	     canvas_at(c, x1, axis_y)->glyph != ' '; x1++)
		;
	ck_assert_int_gt(cells, 2);
	ck_assert_int_eq(x_head - x0, (x1 - x0) / 2);
	/* marked on the axis, so it shows without colour */
	ck_assert_uint_eq(canvas_at(c, x_head, axis_y)->glyph, 0x25B2);
	canvas_free(c);
	/* off: no playhead, the run as before */
	v->play.state = PLAYBACK_OFF;
	c = pane_draw(pane_timeline_new, v, 80, 24, false);
	ck_assert(canvas_shows(c, "active warps per SM over time"));
	for (int y = 0; y < c->height; y++)
		for (int x = 0; x < c->width; x++)
			ck_assert_int_ne(canvas_at(c, x, y)->role, CANVAS_FOCUS);
	canvas_free(c);
	pane_view_free(v);
}
END_TEST

START_TEST(golden_models)
{
	struct view *v = default_view(&tail_model, 0);
	struct canvas *c;

	pane_golden(pane_timeline_new, v, 80, 24, true, "timeline_tail_80x24_ascii.txt");
	pane_golden(pane_timeline_new, v, 200, 60, false, "timeline_tail_200x60_utf8.txt");
	/* the second wave's free half filled for half its time: warp-time
	 * 1056 x 8 + 528 x 8 + 528 x 4 x 0.5 over 132 SMs x 2 x 64 warps */
	c = pane_draw(pane_timeline_new, v, 80, 24, true);
	ck_assert(canvas_shows(c, "tail kernel: 528 blocks x 4 warps, 0.5x long"));
	ck_assert(canvas_shows(c, "avg 81.2% of busy SMs"));
	ck_assert(canvas_shows(c, "+"));
	canvas_free(c);
	pane_view_free(v);

	v = default_view(&spread_model, 0);
	pane_golden(pane_timeline_new, v, 80, 24, true, "timeline_spread_80x24_ascii.txt");
	/* 75 % x (1 - 0.5 / 2) */
	c = pane_draw(pane_timeline_new, v, 80, 24, true);
	ck_assert(canvas_shows(c, "avg 56.2% of busy SMs"));
	canvas_free(c);
	pane_view_free(v);
}
END_TEST

/* On AMD the timeline speaks AMD's words: waves per WGP on the RX 7900 XTX
 * (gfx1100, WGP mode: paneutil.h's launch, 10 workgroups of 4 waves per
 * WGP), workgroup times; it said "active warps per WGP" and "block times". */
START_TEST(amd_words)
{
	struct view *v = pane_view_amd("RX 7900 XTX");
	struct canvas *c = pane_draw(pane_timeline_new, v, 80, 24, true);
	char *text = canvas_text_of(c);

	ck_assert_msg(canvas_shows(c, "active waves per WGP over time (uniform durations)"), "%s",
		      text);
	ck_assert_msg(canvas_shows(c, "workgroup times"), "%s", text);
	ck_assert_msg(strstr(text, "warp") == NULL && strstr(text, "block") == NULL, "%s", text);
	free(text);
	canvas_free(c);
	pane_view_free(v);
}
END_TEST

START_TEST(nothing_to_simulate)
{
	struct view *v = default_view(NULL, VIEW_SIM_MAX_BLOCKS + 1);
	struct canvas *c = pane_draw(pane_timeline_new, v, 80, 24, true);

	ck_assert(canvas_shows(c, "not simulated: the grid is too large"));
	canvas_free(c);
	pane_view_free(v);
}
END_TEST

START_TEST(every_size_stays_inside)
{
	struct view *views[4];
	struct pane_sizes s = { .make = pane_timeline_new, .views = views, .n_views = 4,
				.min_w = 0, .max_w = 120, .min_h = 0, .max_h = 40 };

	views[0] = default_view(NULL, 0);
	views[1] = default_view(&tail_model, 0);
	views[2] = default_view(&spread_model, 200);
	views[3] = default_view(NULL, VIEW_SIM_MAX_BLOCKS + 1);
	pane_every_size(&s);
	for (int k = 0; k < 4; k++)
		pane_view_free(views[k]);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("pane_timeline");
	TCase *tc = tcase_create("pane_timeline");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, golden_default);
	tcase_add_test(tc, golden_models);
	tcase_add_test(tc, amd_words);
	tcase_add_test(tc, nothing_to_simulate);
	tcase_add_test(tc, every_size_stays_inside);
	tcase_add_test(tc, playhead);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(suite());
}
