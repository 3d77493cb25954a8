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
#include "golden.h"
#include "testutil.h"

/* A view as the explorer builds it (ui/view.c): the analysis of l on its GPU,
 * the simulation parameters taken from it, and the simulation run. model
 * (NULL: uniform) supplies the duration model. */
static struct view *view_for(const struct launch *l, const struct sim_params *model)
{
	struct view *v = calloc(1, sizeof(*v));
	struct occ_error err = { 0 };
	struct gpu g;

	ck_assert_ptr_nonnull(v);
	ck_assert_msg(gpu_db_find(db, l->gpu_name, &g, &err), "%s", err.message);
	str_copy(v->source, sizeof(v->source), "embedded default");
	v->n_launches = 1;
	analysis_run(&v->cur, l, &g, NULL, 0);
	v->base = v->cur;
	if (model)
		v->sim_params = *model;
	else
		v->sim_params = (struct sim_params){ .model = SIM_UNIFORM, .seed = 1 };
	v->sim_params.sm_count = g.sm_count;
	v->sim_params.blocks_per_sm = v->cur.r.active_blocks_per_sm;
	v->sim_params.warps_per_block = v->cur.r.warps_per_block;
	v->sim_params.max_warps_per_sm = v->cur.r.max_warps_per_sm;
	v->sim_params.grid_size = launch_grid_size(l);
	if (v->cur.ok)
		v->sim_ok = sim_run(&v->sim_params, &v->sim);
	return v;
}

static void view_free(struct view *v)
{
	sim_result_done(&v->sim);
	free(v);
}

/* The embedded default (H100 SXM, 132 SMs, grid 1584) with grid (0: as is). */
static struct view *default_view(int64_t grid)
{
	struct launch l;

	launch_init(&l);
	if (grid > 0)
		l.grid[0] = grid;
	return view_for(&l, NULL);
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
	v = view_for(&l, NULL);
	ck_assert(v->cur.ok);
	v->measured.n_sm = 40;
	v->measured.sm_pct = t4_measured;
	v->measured.has_achieved = true;
	v->measured.achieved_pct = 46.9;
	return v;
}

static struct canvas *draw_into(const struct view *v, int w, int h, bool ascii)
{
	struct canvas *c = canvas_new(w, h, ascii);
	struct pane p = { .cls = &pane_sms };

	ck_assert_ptr_nonnull(c);
	pane_sms.draw(&p, c, (struct rect){ 0, 0, w, h }, v);
	return c;
}

static void golden_view(const char *name, const struct view *v, int w, int h, bool ascii)
{
	struct canvas *c = draw_into(v, w, h, ascii);
	golden_canvas(name, c);
	canvas_free(c);
}

/* True when some row of c contains s. */
static bool shows(const struct canvas *c, const char *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	bool found;

	ck_assert_ptr_nonnull(f);
	canvas_write(c, f);
	fclose(f);
	found = strstr(buf, s) != NULL;
	free(buf);
	return found;
}

START_TEST(golden_default)
{
	struct view *v = default_view(0);

	ck_assert(v->sim_ok);
	ck_assert_int_eq(v->sim.sm_count, 132);
	golden_view("sms_default_80x24_ascii.txt", v, 80, 24, true);
	golden_view("sms_default_80x24_utf8.txt", v, 80, 24, false);
	golden_view("sms_default_200x60_ascii.txt", v, 200, 60, true);
	golden_view("sms_default_200x60_utf8.txt", v, 200, 60, false);

	/* 132 SMs in 75 plot columns: two per column, and the screen says so;
	 * at 200 columns every SM has its own bar */
	struct canvas *c = draw_into(v, 80, 24, true);
	ck_assert(shows(c, "each column: 2 SMs (mean)"));
	ck_assert(shows(c, "predicted (uniform durations)"));
	ck_assert(shows(c, "average 75.0%, theoretical 100.0%"));
	canvas_free(c);
	c = draw_into(v, 200, 60, true);
	ck_assert(!shows(c, "each column"));
	canvas_free(c);
	view_free(v);
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
	golden_view("sms_grid200_80x24_utf8.txt", v, 80, 24, false);
	golden_view("sms_grid200_200x60_ascii.txt", v, 200, 60, true);

	/* At 200 columns SM i is plot column i (after the 5-cell axis gutter):
	 * count its '#' cells. 54 plot rows: 25 % is 13.5 rows, 12.5 % 6.75. */
	c = draw_into(v, 200, 60, true);
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
	view_free(v);
}
END_TEST

START_TEST(golden_measured)
{
	struct view *v = measured_view();
	struct canvas *c;

	golden_view("sms_measured_80x24_ascii.txt", v, 80, 24, true);
	golden_view("sms_measured_80x24_utf8.txt", v, 80, 24, false);
	c = draw_into(v, 80, 24, true);
	ck_assert(shows(c, "measured"));
	ck_assert(!shows(c, "predicted"));
	canvas_free(c);
	view_free(v);
}
END_TEST

/* The animation at t = 1.5 of the default launch: the partial wave, 528 blocks
 * over 132 SMs = 4 each, 32 of 64 warps: every bar at 50 %. */
START_TEST(golden_animation)
{
	struct view *v = default_view(0);
	struct canvas *c;

	v->animating = true;
	v->anim_t = 1.5;
	golden_view("sms_anim_80x24_ascii.txt", v, 80, 24, true);
	c = draw_into(v, 80, 24, true);
	ck_assert(shows(c, "t = 1.50 of 2.00 block durations"));
	canvas_free(c);
	view_free(v);
}
END_TEST

START_TEST(golden_too_large)
{
	struct view *v = default_view(SIM_MAX_BLOCKS + 5);
	struct canvas *c;

	ck_assert(v->cur.ok);
	ck_assert(!v->sim_ok);
	golden_view("sms_too_large_80x24_ascii.txt", v, 80, 24, true);
	c = draw_into(v, 80, 24, true);
	ck_assert(shows(c, "predicted (uniform durations: the wave formula, exact for them)"));
	canvas_free(c);
	view_free(v);
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
	v = view_for(&l, &model);
	ck_assert(v->sim_ok);
	golden_view("sms_slow_share_120x30_utf8.txt", v, 120, 30, false);
	c = draw_into(v, 120, 30, true);
	ck_assert(shows(c, "predicted (10% of blocks 4x slower)"));
	canvas_free(c);
	view_free(v);
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
	v = view_for(&l, NULL);
	ck_assert(!v->cur.ok);
	c = draw_into(v, 80, 24, true);
	ck_assert(shows(c, "cannot be computed"));
	ck_assert(!shows(c, "predicted"));
	canvas_free(c);
	view_free(v);
}
END_TEST

/* Every size from 1x1 (and 0 wide or high) to 120x40, inside a larger canvas
 * filled with a sentinel: nothing outside r may change, nothing may crash. */
START_TEST(every_size_stays_inside)
{
	enum { CW = 130, CH = 50, OX = 4, OY = 3 };
	struct view *views[6];
	struct pane p = { .cls = &pane_sms };
	struct canvas *c = canvas_new(CW, CH, false);
	struct launch l;

	ck_assert_ptr_nonnull(c);
	views[0] = default_view(0);
	views[1] = default_view(200);
	views[2] = measured_view();
	views[3] = default_view(0);
	views[3]->animating = true;
	views[3]->anim_t = 0.75;
	views[4] = default_view(SIM_MAX_BLOCKS + 1);
	launch_init(&l);
	l.block[0] = 2048;
	views[5] = view_for(&l, NULL);

	for (int k = 0; k < 6; k++) {
		for (int w = 0; w <= 120; w++) {
			for (int h = 0; h <= 40; h++) {
				struct rect r = { OX, OY, w, h };
				canvas_fill(c, 0, 0, CW, CH, '@', CANVAS_NORMAL);
				pane_sms.draw(&p, c, r, views[k]);
				/* (a Check assertion per cell would cost a pipe write each) */
				for (int y = 0; y < CH; y++)
					for (int x = 0; x < CW; x++)
						if (!rect_contains(r, x, y) &&
						    canvas_at(c, x, y)->glyph != '@')
							ck_abort_msg("view %d, %dx%d: wrote (%d, %d)",
								     k, w, h, x, y);
			}
		}
	}
	for (int k = 0; k < 6; k++)
		view_free(views[k]);
	canvas_free(c);
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
	tcase_add_test(tc, golden_measured);
	tcase_add_test(tc, golden_animation);
	tcase_add_test(tc, golden_too_large);
	tcase_add_test(tc, golden_slow_share);
	tcase_add_test(tc, invalid_launch_shows_error);
	tcase_add_test(tc, every_size_stays_inside);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(suite());
}
