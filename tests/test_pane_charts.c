/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_pane_charts.c - the charts pane: golden screens at the sizes the layout
 * gives it, clicks on chart points, the launch error, and every size drawing
 * inside its rectangle only. */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "canvas.h"
#include "chart_layout.h"
#include "launch.h"
#include "pane.h"
#include "sweep.h"
#include "paneutil.h"
#include "view.h"
#include "expect.h"

/* The embedded default launch (H100 SXM, 256 threads, 32 registers) or the same
 * on another GPU. */
static struct view *default_view(const char *gpu_name)
{
	struct launch l;

	launch_init(&l);
	if (gpu_name)
		str_copy(l.gpu_name, sizeof(l.gpu_name), gpu_name);
	return pane_view_new(&l, NULL, NULL);
}

/* The charts with the y axis in occupancy % ('%'). */
static void pct_golden(struct view *v, int w, int h, bool ascii, const char *name)
{
	struct pane *p = pane_make(pane_charts_new);

	EXPECT_INT(pane_key(p, ACT_TOGGLE_PCT, v), ==, REACT_REDRAW);
	pane_golden_with(p, v, w, h, ascii, name);
	pane_free(p);
}

START_TEST(test_class)
{
	struct pane *p = pane_make(pane_charts_new);

	ck_assert_str_eq(p->cls->name, "charts");
	ck_assert_str_eq(p->cls->title, "Occupancy charts");
	EXPECT_TRUE(p->cls->draw != NULL);
	EXPECT_TRUE(p->cls->key != NULL);
	EXPECT_TRUE(p->cls->click != NULL);
	/* Its curves are its own, at its charts' widths: nothing of the view's. */
	EXPECT_TRUE(p->cls->needs == NULL);
	pane_free(p);
}
END_TEST

/* H100 (cc 9.0): four charts, the fourth for barriers; 80x24 is the whole
 * screen, 78x19 the tabbed pane's inside at 80x24, 200x60 a big terminal. */
START_TEST(test_golden_h100)
{
	struct view *v = default_view(NULL);

	EXPECT_INT(view_chart_count(v), ==, 4);
	pane_golden(pane_charts_new, v, 80, 24, true, "charts_h100_80x24_ascii.txt");
	pane_golden(pane_charts_new, v, 80, 24, false, "charts_h100_80x24_utf8.txt");
	pane_golden(pane_charts_new, v, 78, 19, true, "charts_h100_78x19_ascii.txt");
	pane_golden(pane_charts_new, v, 78, 19, false, "charts_h100_78x19_utf8.txt");
	pane_golden(pane_charts_new, v, 200, 60, true, "charts_h100_200x60_ascii.txt");
	pane_golden(pane_charts_new, v, 200, 60, false, "charts_h100_200x60_utf8.txt");
	pct_golden(v, 78, 19, true, "charts_h100_pct_78x19_ascii.txt");
	pane_view_free(v);
}
END_TEST

/* The baseline (the launch as loaded) marked beside the current point where
 * they differ: the default launch with 64 registers instead of 32 halves the
 * H100's occupancy (4 blocks, 32 warps); the baseline keeps 64 warps. */
START_TEST(test_baseline_marked)
{
	struct launch base, cur;
	struct view *v;
	struct canvas *c;
	int rings = 0;

	launch_init(&base);
	v = pane_view_new(&base, NULL, NULL);
	c = pane_draw(pane_charts_new, v, 200, 60, true);
	EXPECT_TRUE(!canvas_shows(c, "baseline"));
	canvas_free(c);
	pane_view_free(v);

	cur = base;
	cur.regs_per_thread = 64;
	v = pane_view_new(&base, &cur, NULL);
	EXPECT_INT(v->cur.r.active_warps_per_sm, ==, 32);
	c = pane_draw(pane_charts_new, v, 200, 60, true);
	/* the registers chart: 32 registers at 64 warps; the others at their
	 * own (unchanged) values, 64 warps, above the current point */
	EXPECT_TRUE(canvas_shows(c, "o baseline: 32 -> 64"));
	EXPECT_TRUE(canvas_shows(c, "o baseline: 256 -> 64"));
	for (int y = 0; y < c->height; y++)
		for (int x = 0; x < c->width; x++)
			if (canvas_at(c, x, y)->role == CANVAS_DIM && canvas_at(c, x, y)->glyph == 'o')
				rings++;
	EXPECT_INT(rings, ==, view_chart_count(v));
	canvas_free(c);
	pane_golden(pane_charts_new, v, 80, 24, true, "charts_h100_baseline_80x24_ascii.txt");
	pane_golden(pane_charts_new, v, 80, 24, false, "charts_h100_baseline_80x24_utf8.txt");
	pane_view_free(v);
}
END_TEST

/* The cluster chart: only on cc 9.0+ and with a cluster; at cluster size
 * 16 the upper bound keeps 16 clusters of the 264 blocks' room (256 / 132
 * SMs x 16 warps = 31 warps); sizes 1 and 2 fill every SM (shaded: the
 * registers cap them). */
START_TEST(test_golden_clusters)
{
	struct view *v = pane_view_clusters();
	struct sweep s;

	ck_assert_int_eq(view_chart_count(v), VIEW_N_CHARTS);
	ck_assert(cluster_sweep(&v->cur.gpu, &v->cur.r, 16, &s));
	ck_assert_int_eq(s.current_warps, 31);
	ck_assert_int_eq(s.points[0].active_warps, 32);
	ck_assert(sweep_point_capped(&s, &s.points[0]));
	ck_assert(!sweep_point_capped(&s, &s.points[15]));
	sweep_done(&s);
	pane_golden(pane_charts_new, v, 80, 24, true, "charts_clusters_80x24_ascii.txt");
	pane_golden(pane_charts_new, v, 200, 60, true, "charts_clusters_200x60_ascii.txt");
	pane_golden(pane_charts_new, v, 200, 60, false, "charts_clusters_200x60_utf8.txt");
	pane_view_free(v);
	/* No cluster, or no clusters on the GPU: no chart. */
	v = default_view(NULL);
	ck_assert_int_eq(view_chart_count(v), VIEW_CHART_CLUSTER);
	pane_view_free(v);
	v = default_view("T4");
	ck_assert_int_eq(view_chart_count(v), VIEW_CHART_BARRIERS);
	pane_view_free(v);
}
END_TEST

/* T4 (cc 7.5): barriers never limit, three charts. */
START_TEST(test_golden_t4)
{
	struct view *v = default_view("T4");

	EXPECT_INT(view_chart_count(v), ==, 3);
	pane_golden(pane_charts_new, v, 80, 24, true, "charts_t4_80x24_ascii.txt");
	pane_golden(pane_charts_new, v, 78, 19, true, "charts_t4_78x19_ascii.txt");
	pane_golden(pane_charts_new, v, 78, 19, false, "charts_t4_78x19_utf8.txt");
	pane_golden(pane_charts_new, v, 200, 60, true, "charts_t4_200x60_ascii.txt");
	pct_golden(v, 80, 24, false, "charts_t4_pct_80x24_utf8.txt");
	pane_view_free(v);
}
END_TEST

/* The charts a pane shows of the view's (chart_layout; the block size's
 * chart is the focused one without a what-if). */
static int charts_shown(const struct view *v, int w, int h)
{
	int which[CHART_LAYOUT_MAX];
	struct rect at[CHART_LAYOUT_MAX];

	return chart_layout((struct rect){ 0, 0, w, h }, view_chart_count(v), 0, which, at);
}

/* At 78x19 (the tabbed pane inside 80x24) two charts side by side, each a
 * good one (a plot of 9 rows or more) with its axis, its current point and
 * legend, and a note for the rest; at 118x26 (200x60's pane) all of them,
 * three (T4) or four (H100). */
START_TEST(test_small_pane_shows_good_charts)
{
	const char *gpus[] = { "H100", "T4" };
	const int sizes[][3] = { { 78, 19, 2 }, { 118, 26, 0 } };

	for (size_t i = 0; i < 2; i++)
		for (size_t z = 0; z < 2; z++) {
			struct view *v = default_view(gpus[i]);
			int w = sizes[z][0], h = sizes[z][1];
			int want = sizes[z][2] ? sizes[z][2] : view_chart_count(v);
			struct canvas *c = pane_draw(pane_charts_new, v, w, h, true);
			int markers = 0, legends = 0;
			char *text = canvas_text_of(c);

			for (int y = 0; y < h; y++)
				for (int x = 0; x < w; x++) {
					const struct canvas_cell *cell = canvas_at(c, x, y);
					if (cell->role != CANVAS_CURRENT)
						continue;
					markers += cell->glyph == '^';
					/* The legend's 'O' is followed by a space and the value. */
					legends += cell->glyph == 'O' && x + 2 < w &&
						canvas_at(c, x + 2, y)->role == CANVAS_CURRENT;
				}
			EXPECT_INT(charts_shown(v, w, h), ==, want);
			EXPECT_INT(markers, ==, want);
			EXPECT_INT(legends, ==, want);
			EXPECT((want < view_chart_count(v)) == (strstr(text, "more chart") != NULL),
			       "%s", text);
			free(text);
			canvas_free(c);
			pane_view_free(v);
		}
}
END_TEST

struct marker {
	int x, y;
};

/* The x-axis markers of the current points, left to right, top to bottom. */
static int find_markers(const struct canvas *c, struct marker *out, int max)
{
	int n = 0;

	for (int y = 0; y < c->height; y++)
		for (int x = 0; x < c->width; x++)
			if (canvas_at(c, x, y)->role == CANVAS_CURRENT && canvas_at(c, x, y)->glyph == '^' &&
			    n < max)
				out[n++] = (struct marker){ x, y };
	return n;
}

static bool in_sweep(const struct sweep *s, int64_t x)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->points[i].x == x)
			return true;
	return false;
}

/* Clicking a chart's current point gives its field and the launch's own value;
 * a click on another plotted column gives a value of that chart's sweep. */
static void check_clicks(const struct view *v, int w, int h, const int64_t want[VIEW_N_CHARTS])
{
	static const enum launch_param fields[VIEW_N_CHARTS] = {
		PARAM_BLOCK, PARAM_REGISTERS, PARAM_DYNAMIC_SMEM, PARAM_BARRIERS, PARAM_CLUSTER,
	};
	struct canvas *c = canvas_new(w, h, true);
	struct pane *p = pane_make(pane_charts_new);
	struct rect r = { 0, 0, w, h };
	struct marker m[8];
	bool seen[VIEW_N_CHARTS] = { false };
	int n;

	p->cls->draw(p, c, r, v);
	n = find_markers(c, m, 8);
	EXPECT_INT(n, ==, charts_shown(v, w, h));
	for (int i = 0; i < n; i++) {
		enum launch_param f = PARAM_WHATIF_N;
		int64_t value = -1;
		struct sweep whole;
		int k;
		/* The point is above its marker; click it. */
		EXPECT_TRUE(pane_click(p, r, v, m[i].x, m[i].y - 1, &f, &value) ||
			  pane_click(p, r, v, m[i].x, m[i].y, &f, &value));
		for (k = 0; k < view_chart_count(v) && fields[k] != f; k++)
			;
		EXPECT(k < view_chart_count(v), "field %d is no chart's", f);
		EXPECT_TRUE(!seen[k]);
		seen[k] = true;
		EXPECT_INT(value, ==, want[k]);
		/* Three columns right (or left at the right edge) of the point. */
		EXPECT_TRUE(pane_click(p, r, v, m[i].x + 3, m[i].y, &f, &value) ||
			  pane_click(p, r, v, m[i].x - 3, m[i].y, &f, &value));
		EXPECT_INT(f, ==, fields[k]);
		if (f == PARAM_DYNAMIC_SMEM)
			value += v->cur.in.static_smem_bytes;
		if (f == PARAM_CLUSTER)
			EXPECT_TRUE(cluster_sweep(&v->cur.gpu, &v->cur.r, v->cur.launch.cluster_size,
						&whole));
		else
			EXPECT_TRUE(sweep_compute(&v->cur.gpu.arch, &v->cur.in, (enum sweep_kind)k,
						&whole));
		EXPECT(in_sweep(&whole, value), "%lld not in sweep %d",
			      (long long)value, k);
		sweep_done(&whole);
	}
	/* The top row holds titles only. */
	for (int x = 0; x < w; x++) {
		enum launch_param f;
		int64_t value;
		EXPECT_TRUE(!pane_click(p, r, v, x, 0, &f, &value));
	}
	canvas_free(c);
	pane_free(p);
}

START_TEST(test_clicks)
{
	struct view *v = default_view(NULL);
	struct launch l;
	/* The default: 256 threads, 32 registers, 0 B dynamic, 1 barrier. */
	const int64_t want[VIEW_N_CHARTS] = { 256, 32, 0, 1 };
	/* 4 KiB static + 8 KiB dynamic: the shared-memory chart's x is 12 KiB; a
	 * click there sets the dynamic 8 KiB. */
	const int64_t want_smem[VIEW_N_CHARTS] = { 128, 40, 8192, 3 };
	const int64_t want_cluster[VIEW_N_CHARTS] = { 512, 64, 0, 1, 16 };

	check_clicks(v, 78, 19, want);
	check_clicks(v, 80, 24, want);
	check_clicks(v, 200, 60, want);
	pane_view_free(v);

	launch_init(&l);
	l.block[0] = 128;
	l.regs_per_thread = 40;
	l.static_smem_bytes = 4096;
	l.dynamic_smem_bytes = 8192;
	l.barriers = 3;
	str_copy(l.gpu_name, sizeof(l.gpu_name), "H100");
	v = pane_view_new(&l, NULL, NULL);
	check_clicks(v, 78, 19, want_smem);
	check_clicks(v, 160, 30, want_smem);
	pane_view_free(v);

	v = default_view("T4");
	check_clicks(v, 78, 19, want);
	check_clicks(v, 200, 60, want);
	pane_view_free(v);

	v = pane_view_clusters();
	check_clicks(v, 78, 19, want_cluster);
	check_clicks(v, 200, 60, want_cluster);
	pane_view_free(v);
}
END_TEST

/* A launch the GPU cannot take: the error in place of the charts, no clicks. */
START_TEST(test_error)
{
	struct launch l;
	struct view *v;
	struct canvas *c;
	struct pane *p = pane_make(pane_charts_new);
	enum launch_param f;
	int64_t value;

	launch_init(&l);
	l.block[0] = 2048;   /* H100: at most 1024 threads per block */
	str_copy(l.gpu_name, sizeof(l.gpu_name), "H100");
	v = pane_view_new(&l, NULL, NULL);
	EXPECT_TRUE(!v->cur.ok);
	c = pane_draw_with(p, v, 78, 19, true);
	EXPECT_TRUE(canvas_shows(c, "cannot be computed on"));
	EXPECT_TRUE(!canvas_shows(c, "current:"));
	for (int y = 0; y < 19; y++)
		for (int x = 0; x < 78; x++)
			EXPECT_TRUE(!pane_click(p, (struct rect){ 0, 0, 78, 19 }, v, x, y, &f, &value));
	canvas_free(c);
	pane_view_free(v);
	pane_free(p);
}
END_TEST

/* Every size from 1x1 to 120x50 at an offset in a larger canvas: nothing
 * outside the rectangle changes, and clicks inside it give a sweep's value. */
static void alternate_axis(struct pane *p, struct view *v, int k, int w, int h)
{
	(void)k;
	if ((w + h) % 2)
		pane_key(p, ACT_TOGGLE_PCT, v);
}

/* Clicks on a coarse grid over and around the rectangle, out to the edges of
 * the sentinel canvas and past them. */
static void clicks_inside(struct pane *p, struct rect r, const struct view *v, int k)
{
	for (int y = 0; y < 60; y += 3)
		for (int x = 0; x < 130; x += 5) {
			enum launch_param f;
			int64_t value;
			if (!pane_click(p, r, v, x, y, &f, &value))
				continue;
			if (!rect_contains(r, x, y) || value < 0 ||
			    (f != PARAM_BLOCK && f != PARAM_REGISTERS &&
			     f != PARAM_DYNAMIC_SMEM && f != PARAM_BARRIERS))
				ck_abort_msg("view %d, %dx%d: click at %d,%d gave field %d value %lld",
					     k, r.w, r.h, x, y, f, (long long)value);
		}
}

START_TEST(test_every_size_stays_inside)
{
	struct view *views[2] = { default_view(NULL), default_view("T4") };
	struct pane_sizes s = { .make = pane_charts_new, .views = views, .n_views = 2,
				.min_w = 1, .max_w = 120, .min_h = 1, .max_h = 50, .ascii = true,
				.before = alternate_axis, .after = clicks_inside };

	pane_every_size(&s);
	pane_view_free(views[0]);
	pane_view_free(views[1]);
}
END_TEST

/* Waves per SIMD against workgroup size, VGPRs and LDS (no barrier chart). */
START_TEST(test_golden_amd)
{
	struct view *v = pane_view_amd("MI300X");

	EXPECT_TRUE(v->cur.ok);
	pane_golden(pane_charts_new, v, 80, 24, true, "charts_mi300x_80x24_ascii.txt");
	pane_golden(pane_charts_new, v, 78, 19, false, "charts_mi300x_78x19_utf8.txt");
	pane_golden(pane_charts_new, v, 200, 60, false, "charts_mi300x_200x60_utf8.txt");
	pane_view_free(v);

	v = pane_view_amd("RX 7900 XTX");
	EXPECT_TRUE(v->cur.ok);
	pane_golden(pane_charts_new, v, 80, 24, true, "charts_7900xtx_80x24_ascii.txt");
	pane_view_free(v);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("pane_charts");
	TCase *tc = tcase_create("charts");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_class);
	tcase_add_test(tc, test_golden_h100);
	tcase_add_test(tc, test_golden_t4);
	tcase_add_test(tc, test_baseline_marked);
	tcase_add_test(tc, test_golden_clusters);
	tcase_add_test(tc, test_golden_amd);
	tcase_add_test(tc, test_small_pane_shows_good_charts);
	tcase_add_test(tc, test_clicks);
	tcase_add_test(tc, test_error);
	tcase_add_test(tc, test_every_size_stays_inside);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
