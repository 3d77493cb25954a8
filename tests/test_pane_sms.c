/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_pane_sms.c - the per-SM occupancy pane: golden screens (predicted,
 * partial wave, measured, animation, grid too large) and clipping at every
 * size from 1x1 to 120x40. */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "canvas.h"
#include "launch.h"
#include "pane.h"
#include "sim.h"
#include "view.h"
#include "paneutil.h"

/* The embedded default (H100 SXM, 132 SMs, grid 1584) with grid (0: as is). */
static struct view *default_view(int64_t grid)
{
	struct launch l;

	launch_init(&l);
	if (grid > 0)
		l.grid[0] = grid;
	return pane_view_new(&l, NULL, NULL);
}

/* The T4 launch of test_waves (ncu-text/unknownrepo_turing_cc75: 256 threads,
 * 64 registers, 32 KiB static shared memory, grid 1024) with a synthetic
 * measured array: a drawing input, not a claim about that report. */
static const double t4_measured[40] = {
	48.1, 47.9, 48.3, 47.2, 46.8, 48.0, 47.7, 45.1, 48.2, 47.9,
	47.5, 48.4, 46.9, 47.0, 35.2, 47.8, 48.1, 47.3, 48.0, 47.6,
	46.2, 47.9, 48.3, 47.1, 47.4, 48.2, 47.0, 47.8, 46.5, 48.1,
	24.9, 47.7, 48.0, 47.2, 47.9, 46.6, 48.3, 47.5, 47.8, 47.1,
};

static struct view *measured_view(void)
{
	struct launch l;
	struct view *v;

	launch_init(&l);
	str_copy(l.gpu_name, sizeof(l.gpu_name), "T4");
	l.grid[0] = 1024;
	l.regs_per_thread = 64;
	l.static_smem_bytes = 32768;
	v = pane_view_new(&l, NULL, NULL);
	ck_assert(v->cur.ok);
	v->measured.n_sm = 40;
	v->measured.sm_pct = t4_measured;
	v->measured.has_achieved = true;
	v->measured.achieved_pct = 46.9;
	return v;
}

START_TEST(golden_default)
{
	struct view *v = default_view(0);

	ck_assert(v->sim_ok);
	ck_assert_int_eq(v->sim.sm_count, 132);
	pane_golden(sms_pane_new, v, 80, 24, true, "sms_default_80x24_ascii.txt");
	pane_golden(sms_pane_new, v, 80, 24, false, "sms_default_80x24_utf8.txt");
	pane_golden(sms_pane_new, v, 200, 60, true, "sms_default_200x60_ascii.txt");
	pane_golden(sms_pane_new, v, 200, 60, false, "sms_default_200x60_utf8.txt");

	/* 132 SMs in 75 plot columns: every column used, each one or two SMs
	 * (132 = 75 + 57), and the screen says so; at 200 columns every SM has
	 * its own bar */
	struct canvas *c = pane_draw(sms_pane_new, v, 80, 24, true);
	ck_assert(canvas_shows(c, "each column: 1-2 SMs (mean)"));
	ck_assert(canvas_shows(c, "predicted (uniform durations)"));
	ck_assert(canvas_shows(c, "average 75.0%, theoretical 100.0%"));
	canvas_free(c);
	c = pane_draw(sms_pane_new, v, 200, 60, true);
	ck_assert(!canvas_shows(c, "each column"));
	canvas_free(c);
	pane_view_free(v);
}
END_TEST

/* Grid 200 on 132 SMs x 8 slots: SMs 0..67 run 2 blocks (16 of 64 warps, 25 %),
 * SMs 68..131 run 1 (12.5 %), as the wave formula deals the partial wave. */
START_TEST(golden_partial_wave)
{
	struct view *v = default_view(200);
	struct canvas *c;
	int height[132];

	ck_assert(v->sim_ok);
	pane_golden(sms_pane_new, v, 80, 24, false, "sms_grid200_80x24_utf8.txt");
	pane_golden(sms_pane_new, v, 200, 60, true, "sms_grid200_200x60_ascii.txt");

	/* At 200 columns SM i is plot column i (after the 5-cell axis gutter):
	 * count its '#' cells. 54 plot rows: 25 % is 13.5 rows, 12.5 % 6.75. */
	c = pane_draw(sms_pane_new, v, 200, 60, true);
	for (int sm = 0; sm < 132; sm++) {
		height[sm] = 0;
		for (int y = 0; y < 60; y++)
			height[sm] += canvas_at(c, 5 + sm, y)->glyph == '#';
	}
	for (int sm = 0; sm < 132; sm++)
		ck_assert_msg(height[sm] == (sm < 68 ? height[0] : height[131]),
			      "SM %d: %d cells", sm, height[sm]);
	ck_assert_int_gt(height[0], height[131]);
	ck_assert_int_ge(height[0], 13);
	ck_assert_int_le(height[0], 14);
	ck_assert_int_ge(height[131], 6);
	ck_assert_int_le(height[131], 7);
	canvas_free(c);
	pane_view_free(v);
}
END_TEST

/* The launch: 1024 threads x 64 registers holds 1 block per SM of
 * the H100, clusters of 16 keep at most 8 resident (5-8 over the layouts,
 * test_cluster.c), so 128 blocks a wave: SMs 0-127 run 8 blocks each of
 * the 1024 (8 waves), SMs 128-131 none, idle in the bars. */
START_TEST(golden_clusters)
{
	struct launch l;
	struct view *v;

	launch_init(&l);
	str_copy(l.gpu_name, sizeof(l.gpu_name), "H100");
	l.block[0] = 1024;
	l.regs_per_thread = 64;
	l.grid[0] = 1024;
	l.cluster_size = 16;
	v = pane_view_new(&l, NULL, NULL);
	ck_assert(v->cur.ok);
	ck_assert(v->sim_ok);
	ck_assert_int_eq(v->sim.sm_count, 132);
	for (int sm = 0; sm < 132; sm++)
		ck_assert_int_eq(v->sim.sm_blocks[sm], sm < 128 ? 8 : 0);
	{
		struct canvas *c = pane_draw(sms_pane_new, v, 80, 24, true);
		ck_assert(canvas_shows(c, "4 SMs idle: clusters of 16"));
		/* The line is the busy SMs' average, 32 warps of 64 = 50 %, which
		 * is the occupancy pane's predicted achieved; over all 132 SMs,
		 * the 4 idle as 0: 128 x 50 / 132 = 48.48 %. */
		ck_assert(canvas_shows(c, "average: busy SMs 50.0% (achieved), all 132: 48.5%"));
		ck_assert_double_eq_tol(v->sim.average_pct, 50.0, 1e-12);
		ck_assert_double_eq_tol(v->cur.w.predicted_achieved_pct, v->sim.average_pct, 1e-12);
		canvas_free(c);
	}
	pane_golden(sms_pane_new, v, 80, 24, true, "sms_clusters_80x24_ascii.txt");
	pane_golden(sms_pane_new, v, 200, 60, true, "sms_clusters_200x60_ascii.txt");
	pane_golden(pane_timeline_new, v, 80, 24, true, "timeline_clusters_80x24_ascii.txt");
	pane_view_free(v);
}
END_TEST

/* --sms 66 on the H100: the default launch (8 blocks per SM) on 66 SMs,
 * grid 2112 = 4 waves of 528; 66 bars, one a column even at 80x24. */
START_TEST(golden_partition)
{
	struct launch l;
	struct view *v;
	struct canvas *c;

	launch_init(&l);
	l.grid[0] = 2112;
	l.sms = 66;
	v = pane_view_new(&l, NULL, NULL);
	ck_assert(v->cur.ok);
	ck_assert(v->sim_ok);
	ck_assert_int_eq(v->sim.sm_count, 66);
	for (int sm = 0; sm < 66; sm++)
		ck_assert_int_eq(v->sim.sm_blocks[sm], 32);
	pane_golden(sms_pane_new, v, 80, 24, true, "sms_partition_80x24_ascii.txt");
	pane_golden(sms_pane_new, v, 200, 60, false, "sms_partition_200x60_utf8.txt");
	c = pane_draw(sms_pane_new, v, 80, 24, true);
	ck_assert(!canvas_shows(c, "each column"));
	ck_assert(canvas_shows(c, "66 of 132 SMs (--sms)"));
	canvas_free(c);
	pane_view_free(v);
}
END_TEST

START_TEST(golden_measured)
{
	struct view *v = measured_view();
	struct canvas *c;

	pane_golden(sms_pane_new, v, 80, 24, true, "sms_measured_80x24_ascii.txt");
	pane_golden(sms_pane_new, v, 80, 24, false, "sms_measured_80x24_utf8.txt");
	c = pane_draw(sms_pane_new, v, 80, 24, true);
	ck_assert(canvas_shows(c, "measured"));
	ck_assert(!canvas_shows(c, "predicted"));
	canvas_free(c);
	pane_view_free(v);
}
END_TEST

/* The animation at t = 1.5 of the default launch: the partial wave, 528 blocks
 * over 132 SMs = 4 each, 32 of 64 warps: every bar at 50 %. */
/* 'a', then frames: each is 1/80 of the simulation's makespan. The
 * playhead is the view's (the explorer moves it), the pane draws it. */
static void play(struct pane *p, struct view *v, int frames)
{
	(void)p;
	playback_stop(&v->play);
	playback_toggle(&v->play);
	for (int i = 0; i < frames; i++)
		ck_assert(playback_tick(&v->play));
}

START_TEST(golden_animation)
{
	struct view *v = default_view(0);
	struct canvas *c;

	struct pane *p = pane_make(sms_pane_new);

	play(p, v, 60);
	pane_golden_with(p, v, 80, 24, true, "sms_anim_80x24_ascii.txt");
	c = pane_draw_with(p, v, 80, 24, true);
	ck_assert(canvas_shows(c, "t = 1.50 of 2.00 block durations"));
	canvas_free(c);
	pane_free(p);
	pane_view_free(v);
}
END_TEST

/* The explorer simulates up to VIEW_SIM_MAX_BLOCKS blocks; past it, a model
 * other than uniform says it was not simulated. */
START_TEST(simulation_cap)
{
	struct sim_params cv = { .model = SIM_CV, .cv = 0.5 };
	struct launch l;
	struct view *v;
	struct canvas *c;

	launch_init(&l);
	l.grid[0] = VIEW_SIM_MAX_BLOCKS;
	v = pane_view_new(&l, NULL, &cv);
	ck_assert(v->sim_ok && !view_sim_running(v));
	pane_view_free(v);
	l.grid[0] = VIEW_SIM_MAX_BLOCKS + 1;
	v = pane_view_new(&l, NULL, &cv);
	ck_assert(!v->sim_ok);
	c = pane_draw(sms_pane_new, v, 120, 24, true);
	ck_assert_msg(canvas_shows(c, "grid above 1048576 blocks, not simulated"), "%s", canvas_text_of(c));
	canvas_free(c);
	pane_view_free(v);
}
END_TEST

START_TEST(golden_too_large)
{
	struct view *v = default_view(SIM_MAX_BLOCKS + 5);
	struct canvas *c;

	ck_assert(v->cur.ok);
	ck_assert(!v->sim_ok);
	pane_golden(sms_pane_new, v, 80, 24, true, "sms_too_large_80x24_ascii.txt");
	c = pane_draw(sms_pane_new, v, 80, 24, true);
	ck_assert(canvas_shows(c, "predicted (uniform durations: the wave formula, exact for them)"));
	canvas_free(c);
	pane_view_free(v);
}
END_TEST

/* Four waves plus a tail, with a tenth of the blocks 4x slower: uneven bars. */
START_TEST(golden_slow_share)
{
	struct launch l;
	struct sim_params model = { .model = SIM_SLOW_SHARE, .slow_share = 0.1,
				    .slow_factor = 4.0, .seed = 1 };
	struct view *v;
	struct canvas *c;

	launch_init(&l);
	l.grid[0] = 4 * 1056 + 300;
	v = pane_view_new(&l, NULL, &model);
	ck_assert(v->sim_ok);
	pane_golden(sms_pane_new, v, 120, 30, false, "sms_slow_share_120x30_utf8.txt");
	c = pane_draw(sms_pane_new, v, 120, 30, true);
	ck_assert(canvas_shows(c, "predicted (10% of blocks 4x slower)"));
	canvas_free(c);
	pane_view_free(v);
}
END_TEST

/* A launch the GPU cannot take: the shared error text instead of bars. */
START_TEST(invalid_launch_shows_error)
{
	struct launch l;
	struct view *v;
	struct canvas *c;

	launch_init(&l);
	l.block[0] = 2048;
	v = pane_view_new(&l, NULL, NULL);
	ck_assert(!v->cur.ok);
	c = pane_draw(sms_pane_new, v, 80, 24, true);
	ck_assert(canvas_shows(c, "cannot be computed"));
	ck_assert(!canvas_shows(c, "predicted"));
	canvas_free(c);
	pane_view_free(v);
}
END_TEST

/* Every size from 1x1 (and 0 wide or high) to 120x40, inside a larger canvas
 * filled with a sentinel: nothing outside r may change, nothing may crash. */
/* View 3 is drawn mid-animation: 30 frames, t = 0.75. */
static void animate_third(struct pane *p, struct view *v, int k, int w, int h)
{
	(void)w;
	(void)h;
	if (k == 3)
		play(p, v, 30);
}

START_TEST(every_size_stays_inside)
{
	struct view *views[6];
	struct pane_sizes s = { .make = sms_pane_new, .views = views, .n_views = 6, .min_w = 0,
				.max_w = 120, .min_h = 0, .max_h = 40, .before = animate_third };
	struct launch l;

	views[0] = default_view(0);
	views[1] = default_view(200);
	views[2] = measured_view();
	views[3] = default_view(0);
	views[4] = default_view(SIM_MAX_BLOCKS + 1);
	launch_init(&l);
	l.block[0] = 2048;
	views[5] = pane_view_new(&l, NULL, NULL);

	pane_every_size(&s);
	for (int k = 0; k < 6; k++)
		pane_view_free(views[k]);
}
END_TEST

/* Per CU (MI300X: 304 CUs) and per WGP (RX 7900 XTX: 96 CUs = 48 WGPs). */
START_TEST(golden_amd)
{
	struct view *v = pane_view_amd("MI300X");

	ck_assert(v->cur.ok);
	ck_assert_int_eq(v->cur.gpu.sm_count, 304);
	pane_golden(sms_pane_new, v, 80, 24, true, "sms_mi300x_80x24_ascii.txt");
	pane_golden(sms_pane_new, v, 200, 60, false, "sms_mi300x_200x60_utf8.txt");
	pane_view_free(v);

	v = pane_view_amd("RX 7900 XTX");
	ck_assert(v->cur.ok);
	ck_assert_int_eq(v->cur.gpu.sm_count, 48);
	pane_golden(sms_pane_new, v, 80, 24, false, "sms_7900xtx_80x24_utf8.txt");
	pane_view_free(v);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("pane_sms");
	TCase *tc = tcase_create("pane_sms");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, golden_default);
	tcase_add_test(tc, golden_partial_wave);
	tcase_add_test(tc, golden_amd);
	tcase_add_test(tc, golden_measured);
	tcase_add_test(tc, golden_animation);
	tcase_add_test(tc, simulation_cap);
	tcase_add_test(tc, golden_too_large);
	tcase_add_test(tc, golden_slow_share);
	tcase_add_test(tc, golden_clusters);
	tcase_add_test(tc, golden_partition);
	tcase_add_test(tc, invalid_launch_shows_error);
	tcase_add_test(tc, every_size_stays_inside);
	suite_add_tcase(s, tc);
	return s;
}


int main(void)
{
	return run_suite(suite());
}
