/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_canvas.c - the cell grid: clipping, sanitizing, ASCII mode, text output;
 * charts: the current point, clicks, the capped shade, staying in their box. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canvas.h"
#include "chart.h"
#include "gpu.h"
#include "launch.h"
#include "occupancy.h"
#include "sweep.h"
#include "testutil.h"
#include "expect.h"

static char *render(const struct canvas *c)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	canvas_write(c, f);
	fclose(f);
	return buf;
}

START_TEST(test_text_is_clipped_and_trimmed)
{
	struct canvas *c = canvas_new(6, 2, true);
	char *out;

	EXPECT_INT(canvas_text(c, 1, 0, 3, CANVAS_NORMAL, "abcdef"), ==, 3);
	canvas_text(c, 4, 1, 10, CANVAS_NORMAL, "xyz");
	canvas_put(c, -1, 0, 'q', CANVAS_NORMAL);
	canvas_put(c, 6, 0, 'q', CANVAS_NORMAL);
	out = render(c);
	ck_assert_str_eq(out, " abc\n    xy\n");
	free(out);
	canvas_free(c);
}
END_TEST

START_TEST(test_control_characters_are_escaped)
{
	struct canvas *c = canvas_new(20, 1, true);
	char *out;

	canvas_text(c, 0, 0, 20, CANVAS_NORMAL, "a\033[2Jb");
	out = render(c);
	ck_assert_str_eq(out, "a\\x1B[2Jb\n");
	ck_assert_ptr_null(strchr(out, '\033'));
	free(out);
	canvas_free(c);
}
END_TEST

START_TEST(test_ascii_mode_replaces_wide_glyphs)
{
	struct canvas *a = canvas_new(3, 1, true), *u = canvas_new(3, 1, false);
	char *oa, *ou;

	canvas_text(a, 0, 0, 3, CANVAS_NORMAL, "\xE2\x97\x8F");
	canvas_text(u, 0, 0, 3, CANVAS_NORMAL, "\xE2\x97\x8F");
	oa = render(a);
	ou = render(u);
	ck_assert_str_eq(oa, "?\n");
	ck_assert_str_eq(ou, "\xE2\x97\x8F\n");
	free(oa);
	free(ou);
	canvas_free(a);
	canvas_free(u);
}
END_TEST

/* A wide character takes two cells (a CJK kernel name pushed a pane's right
 * border off screen when each code point took one), a combining mark none;
 * a wide one that would straddle the limit is left out, never half drawn. */
START_TEST(test_wide_characters_take_two_cells)
{
	struct canvas *c = canvas_new(12, 2, false);
	char buf[64];
	FILE *f;

	/* 核函数 (kernel function): three wide characters, six cells */
	ck_assert_int_eq(canvas_text(c, 0, 0, 12, CANVAS_NORMAL, "\xE6\xA0\xB8\xE5\x87\xBD\xE6\x95\xB0|"), 7);
	ck_assert_uint_eq(canvas_at(c, 0, 0)->glyph, 0x6838);
	ck_assert_uint_eq(canvas_at(c, 1, 0)->glyph, CANVAS_WIDE_TAIL);
	ck_assert_uint_eq(canvas_at(c, 6, 0)->glyph, '|');
	/* e + combining acute: one cell */
	ck_assert_int_eq(canvas_text(c, 0, 1, 12, CANVAS_NORMAL, "e\xCC\x81x"), 2);
	/* five cells leave room for two of them, not a half of the third */
	ck_assert_int_eq(canvas_text(c, 7, 1, 5, CANVAS_NORMAL, "\xE6\xA0\xB8\xE5\x87\xBD\xE6\x95\xB0"), 4);
	f = fmemopen(buf, sizeof(buf), "w");
	canvas_write(c, f);
	fclose(f);
	ck_assert_str_eq(buf, "\xE6\xA0\xB8\xE5\x87\xBD\xE6\x95\xB0|\nex     \xE6\xA0\xB8\xE5\x87\xBD\n");
	canvas_free(c);
}
END_TEST

START_TEST(test_bad_sizes)
{
	ck_assert_ptr_null(canvas_new(0, 5, true));
	ck_assert_ptr_null(canvas_new(5, -1, true));
}
END_TEST

/* --print's canvas grows under a pane: the rows it had stay, the rows it
 * gains are blank even where a taller canvas drew before, and it refuses
 * what canvas_new refuses. */
START_TEST(test_set_height_keeps_and_clears)
{
	struct canvas *c = canvas_new(3, 2, true);
	char *out;

	canvas_text(c, 0, 0, 3, CANVAS_NORMAL, "abc");
	canvas_text(c, 0, 1, 3, CANVAS_NORMAL, "def");
	ck_assert(canvas_set_height(c, 1));
	ck_assert(canvas_set_height(c, 40));
	ck_assert_int_eq(c->height, 40);
	canvas_text(c, 0, 39, 3, CANVAS_NORMAL, "xyz");
	ck_assert(canvas_set_height(c, 3));
	out = render(c);
	ck_assert_str_eq(out, "abc\n\n\n");
	free(out);
	ck_assert(!canvas_set_height(c, 0));
	ck_assert(!canvas_set_height(c, 10001));
	ck_assert_int_eq(c->height, 3);
	canvas_free(c);
}
END_TEST

/* The registers chart of the embedded default marks its point and labels its axes. */
START_TEST(test_chart_marks_current_point)
{
	struct occ_error err = { 0 };
	struct gpu_db *db = gpu_db_new_builtin(&err);
	struct gpu g;
	struct occ_input in = { 256, 32, 0, 0, -1, 1, 0, 0, 0, false, 0, 0 };
	struct sweep s;
	struct canvas *c = canvas_new(80, 14, true);
	char *out;

	ck_assert_ptr_nonnull(db);
	EXPECT_TRUE(gpu_db_find(db, "H100", &g, &err));
	EXPECT_TRUE(sweep_compute(&g.arch, &in, SWEEP_REGISTERS, &s));
	chart_draw(c, 0, 0, 80, 14, &s, false);
	out = render(c);
	ck_assert_ptr_nonnull(strstr(out, "Active warps per SM vs registers per thread"));
	ck_assert_ptr_nonnull(strstr(out, "O current: 32 -> 64 warps (100.0%)"));
	ck_assert_ptr_nonnull(strstr(out, "  64 |"));
	ck_assert_ptr_nonnull(strstr(out, "255"));
	/* Tiny regions draw the shortest title and a note, never outside their box. */
	canvas_clear(c);
	chart_draw(c, 70, 12, 10, 2, &s, false);
	free(out);
	out = render(c);
	ck_assert_ptr_nonnull(strstr(out, "registers"));
	ck_assert_ptr_nonnull(strstr(out, "(too smal"));
	free(out);
	sweep_done(&s);
	canvas_free(c);
	gpu_db_free(db);
}
END_TEST

/* ---- charts on H100 (cc 9.0) for the embedded default launch ---- */

/* 256 threads, 32 registers, no shared memory, 1 barrier. */
static const struct occ_input default_in = { 256, 32, 0, 0, LAUNCH_CARVEOUT_DEFAULT, 1, 0, 0, 0, false, 0, 0 };

static const struct gpu_arch *h100(void)
{
	static struct gpu g;
	struct occ_error err = { 0 };
	EXPECT_TRUE(gpu_db_find(db, "H100", &g, &err));
	EXPECT_INT(g.arch.cc_major, ==, 9);
	return &g.arch;
}

static struct occ_input with_x(struct occ_input in, enum sweep_kind kind, int64_t x)
{
	switch (kind) {
	case SWEEP_BLOCK_SIZE: in.threads_per_block = (int)x; break;
	case SWEEP_REGISTERS: in.regs_per_thread = (int)x; break;
	case SWEEP_BARRIERS: in.barriers = (int)x; break;
	default: in.dynamic_smem_bytes = x - in.static_smem_bytes; break;
	}
	return in;
}

/* The one x-axis marker of the current point (role CANVAS_CURRENT, '^' in
 * ASCII) inside the box; its column and row. */
static void find_marker(const struct canvas *c, int x, int y, int w, int h, int *mx, int *my)
{
	int found = 0;

	*mx = *my = -1;
	for (int row = y; row < y + h; row++)
		for (int col = x; col < x + w; col++) {
			const struct canvas_cell *cell = canvas_at(c, col, row);
			if (cell->role == CANVAS_CURRENT && cell->glyph == '^') {
				*mx = col;
				*my = row;
				found++;
			}
		}
	EXPECT_INT(found, ==, 1);
}

/* Sizes from the smallest chart up, at an offset inside a larger canvas. */
static const int chart_sizes[][2] = { { 24, 7 }, { 30, 9 }, { 39, 9 }, { 39, 10 }, { 80, 14 }, { 118, 20 } };
#define N_CHART_SIZES (sizeof(chart_sizes) / sizeof(chart_sizes[0]))

/* Wherever the current point is drawn, clicking it (or the marker under it)
 * gives back its value; the marker shows it without colour, the point above it. */
START_TEST(test_chart_click_round_trip)
{
	const struct gpu_arch *a = h100();

	for (int k = 0; k < SWEEP_N_KINDS; k++) {
		struct sweep s;
		EXPECT_TRUE(sweep_compute(a, &default_in, (enum sweep_kind)k, &s));
		for (size_t z = 0; z < N_CHART_SIZES; z++) {
			int w = chart_sizes[z][0], h = chart_sizes[z][1];
			struct canvas *c = canvas_new(w + 5, h + 4, true);
			size_t stride = s.n > 300 ? 13 : 1;
			ck_assert_ptr_nonnull(c);
			for (size_t i = 0; i < s.n; i += stride) {
				struct sweep t = s;
				struct occ_result r;
				int mx, my, oy = -1;
				int64_t v = -1;
				t.current_x = s.points[i].x;
				struct occ_input in = with_x(default_in, t.kind, t.current_x);
				occ_compute(a, &in, &r);
				t.current_warps = r.active_warps_per_sm;
				t.current_limiting = r.limiting;
				canvas_clear(c);
				chart_draw(c, 3, 2, w, h, &t, false);
				find_marker(c, 3, 2, w, h, &mx, &my);
				for (int row = 2; row < my; row++)
					if (canvas_at(c, mx, row)->glyph == 'O' &&
					    canvas_at(c, mx, row)->role == CANVAS_CURRENT)
						oy = row;
				EXPECT(oy >= 0, "no point above the marker (%s, %dx%d, x %lld)",
					      sweep_axis_label(t.kind), w, h, (long long)t.current_x);
				EXPECT_TRUE(chart_value_at(&t, 3, 2, w, h, mx, oy, &v));
				EXPECT(v == t.current_x, "%s %dx%d: clicked %lld, got %lld",
					      sweep_axis_label(t.kind), w, h, (long long)t.current_x,
					      (long long)v);
				EXPECT_TRUE(chart_value_at(&t, 3, 2, w, h, mx, my, &v));
				EXPECT_INT(v, ==, t.current_x);
			}
			canvas_free(c);
		}
		sweep_done(&s);
	}
}
END_TEST

/* The plot's first and last columns are the sweep's ends, values grow left to
 * right, and clicks outside the plot (title, y labels, axis, tick labels,
 * legend, beyond the box) pick nothing. */
START_TEST(test_chart_click_ends_and_outside)
{
	const struct gpu_arch *a = h100();

	for (int k = 0; k < SWEEP_N_KINDS; k++) {
		struct sweep s;
		int64_t v;
		EXPECT_TRUE(sweep_compute(a, &default_in, (enum sweep_kind)k, &s));
		for (size_t z = 0; z < N_CHART_SIZES; z++) {
			int w = chart_sizes[z][0], h = chart_sizes[z][1], x = 3, y = 2;
			struct canvas *c = canvas_new(w + 5, h + 4, true);
			int mx, my, first = -1;
			int64_t prev = -1;
			chart_draw(c, x, y, w, h, &s, false);
			find_marker(c, x, y, w, h, &mx, &my);
			/* The axis corner ('+' left of the plot, on the marker's row). */
			for (int col = x; col < x + w && first < 0; col++)
				if (canvas_at(c, col, my)->glyph == '+')
					first = col + 1;
			EXPECT_INT(first, >, x);
			EXPECT_TRUE(chart_value_at(&s, x, y, w, h, first, y + 1, &v));
			EXPECT_INT(v, ==, s.points[0].x);
			EXPECT_TRUE(chart_value_at(&s, x, y, w, h, x + w - 1, my, &v));
			EXPECT_INT(v, ==, s.points[s.n - 1].x);
			for (int col = first; col < x + w; col++) {
				EXPECT_TRUE(chart_value_at(&s, x, y, w, h, col, my - 1, &v));
				EXPECT_INT(v, >=, prev);
				prev = v;
			}
			EXPECT_TRUE(!chart_value_at(&s, x, y, w, h, first, y, &v));          /* title */
			EXPECT_TRUE(!chart_value_at(&s, x, y, w, h, x, y + 1, &v));          /* y label */
			EXPECT_TRUE(!chart_value_at(&s, x, y, w, h, first - 1, y + 1, &v));  /* y axis */
			EXPECT_TRUE(!chart_value_at(&s, x, y, w, h, first, my + 1, &v));     /* tick labels */
			EXPECT_TRUE(!chart_value_at(&s, x, y, w, h, first, y + h - 1, &v));  /* legend */
			EXPECT_TRUE(!chart_value_at(&s, x, y, w, h, x + w, my - 1, &v));
			EXPECT_TRUE(!chart_value_at(&s, x, y, w, h, first, y + h, &v));
			canvas_free(c);
		}
		/* Too small for a chart: no plot to click. */
		EXPECT_TRUE(!chart_value_at(&s, 0, 0, 23, 20, 10, 5, &v));
		EXPECT_TRUE(!chart_value_at(&s, 0, 0, 80, 6, 10, 3, &v));
		sweep_done(&s);
	}
}
END_TEST

/* The shade marks exactly the columns another limit caps: checked against
 * occ_compute for the value each column shows (the value a click there gives). */
START_TEST(test_chart_capped_shade)
{
	const struct gpu_arch *a = h100();

	for (int k = 0; k < SWEEP_N_KINDS; k++) {
		struct sweep s;
		struct canvas *c = canvas_new(80, 14, true);
		int mx, my, shaded = 0;
		EXPECT_TRUE(sweep_compute(a, &default_in, (enum sweep_kind)k, &s));
		chart_draw(c, 0, 0, 80, 14, &s, false);
		find_marker(c, 0, 0, 80, 14, &mx, &my);
		for (int col = 0; col < 80; col++) {
			struct occ_result r;
			struct occ_input in;
			int64_t v;
			bool has_shade = false, cap;
			for (int row = 1; row < my; row++)
				if (canvas_at(c, col, row)->role == CANVAS_CAPPED) {
					EXPECT_INT(canvas_at(c, col, row)->glyph, ==, ':');
					has_shade = true;
				}
			if (!chart_value_at(&s, 0, 0, 80, 14, col, 1, &v)) {
				EXPECT_TRUE(!has_shade);
				continue;
			}
			in = with_x(default_in, s.kind, v);
			occ_compute(a, &in, &r);
			cap = r.active_warps_per_sm > 0 && !occ_is_limiting(&r, sweep_factor(s.kind));
			EXPECT(has_shade == (cap && r.active_warps_per_sm >= 16),
				      "%s at %lld: shade %d, capped %d", sweep_axis_label(s.kind),
				      (long long)v, has_shade, cap);
			shaded += has_shade;
		}
		/* Block size: 32 threads is capped by the 32-block limit (32 blocks x 1
		 * warp); registers: up to 24 per thread (768 per warp, 21 warps per
		 * sub-partition, 10 blocks) the 8-block warp limit caps; shared memory: up
		 * to 28160 B (233472 / (28160 + 1024 reserved) = 8 blocks) warps and
		 * registers cap; barriers: 0 to 7 (64 / 7 = 9 blocks) warps and registers. */
		EXPECT_INT(shaded, >, 0);
		sweep_done(&s);
		canvas_free(c);
	}
}
END_TEST

START_TEST(test_chart_legends)
{
	const struct gpu_arch *a = h100();
	static const char *const want[SWEEP_N_KINDS] = {
		/* 32 threads: the 32-block limit, not the warps (64 / 1 = 64 blocks) */
		": capped by another limit (blocks)",
		": capped by another limit (warps)",
		/* 0 B: 8 blocks by warps and registers, 228 by shared memory */
		": capped by another limit (here warps and registers: 64 warps)",
		/* 1 barrier: 64 blocks by barriers, 8 by warps and registers */
		": capped by another limit (here warps and registers: 64 warps)",
	};

	for (int k = 0; k < SWEEP_N_KINDS; k++) {
		struct sweep s;
		struct canvas *c = canvas_new(80, 14, true);
		char *out;
		EXPECT_TRUE(sweep_compute(a, &default_in, (enum sweep_kind)k, &s));
		chart_draw(c, 0, 0, 80, 14, &s, false);
		out = render(c);
		EXPECT(strstr(out, want[k]) != NULL, "no '%s' in\n%s", want[k], out);
		ck_assert_ptr_nonnull(strstr(out, "O current: "));
		free(out);

		/* The occupancy axis: percent labels, the same legends in percent. */
		canvas_clear(c);
		chart_draw(c, 0, 0, 80, 14, &s, true);
		out = render(c);
		ck_assert_ptr_nonnull(strstr(out, "Occupancy vs "));
		ck_assert_ptr_nonnull(strstr(out, "100% |"));
		ck_assert_ptr_nonnull(strstr(out, " 50% |"));
		ck_assert_ptr_nonnull(strstr(out, "  0% |"));
		if (k >= SWEEP_SHARED_MEM)
			ck_assert_ptr_nonnull(strstr(out, "(here warps and registers: 100.0%)"));
		free(out);
		sweep_done(&s);
		canvas_free(c);
	}
}
END_TEST

/* Every size from 1 x 1 up draws inside its box only, in both glyph sets. */
START_TEST(test_chart_stays_in_box)
{
	const struct gpu_arch *a = h100();

	for (int k = 0; k < SWEEP_N_KINDS; k++) {
		struct sweep s;
		EXPECT_TRUE(sweep_compute(a, &default_in, (enum sweep_kind)k, &s));
		for (int ascii = 0; ascii < 2; ascii++)
		for (int w = 1; w <= 90; w++)
		for (int h = 1; h <= 18; h++) {
			struct canvas *c = canvas_new(w + 4, h + 3, ascii);
			canvas_fill(c, 0, 0, w + 4, h + 3, '#', CANVAS_DIM);
			chart_draw(c, 2, 1, w, h, &s, h % 2);
			for (int row = 0; row < h + 3; row++)
				for (int col = 0; col < w + 4; col++) {
					const struct canvas_cell *cell = canvas_at(c, col, row);
					bool inside = col >= 2 && col < 2 + w && row >= 1 && row < 1 + h;
					/* ck_assert marks a checkpoint on every call: too slow here. */
					if (!inside && (cell->glyph != '#' || cell->role != CANVAS_DIM))
						ck_abort_msg("%dx%d drew at %d,%d", w, h, col, row);
				}
			canvas_free(c);
		}
		sweep_done(&s);
	}
}
END_TEST

/* ---- charts from the points their columns show (chart_sweep_compute) ---- */

#define MAX_END_LAUNCHES 8

/* Launches of arch a whose own values sit, on every chart at once, at the
 * axis' first value, just past it, off the axis' values, in the middle, just
 * before the last value and at the last; with a carveout preference, and on
 * AMD with SGPRs. */
static size_t end_launches(const struct gpu_arch *a, struct occ_input out[MAX_END_LAUNCHES])
{
	int warp = a->warp_size, top = a->max_threads_per_block / warp * warp;
	int regs = a->max_regs_per_thread, sgprs = a->vendor == GPU_AMD ? 48 : 0;
	int64_t unit = a->smem_alloc_unit_bytes, last = a->smem_per_block_optin_bytes / unit * unit;
	int64_t off = last < 49000 ? last - unit / 2 : 49000;
	size_t n = 0;

	out[n++] = (struct occ_input){ 256, 32, 0, 0, LAUNCH_CARVEOUT_DEFAULT, 1, 0, 0, sgprs, false, 0, 0 };
	out[n++] = (struct occ_input){ warp, 0, 0, 0, LAUNCH_CARVEOUT_DEFAULT, 0, 0, 0, sgprs, false, 0, 0 };
	out[n++] = (struct occ_input){ 2 * warp, 1, 0, unit, LAUNCH_CARVEOUT_DEFAULT, 1, 0, 0, sgprs, false, 0, 0 };
	out[n++] = (struct occ_input){ 3 * warp + 5, 37, 1000, off - 1000, 50, 3, 0, 0, sgprs, false, 0, 0 };
	out[n++] = (struct occ_input){ top - warp, regs - 1, 0, last - unit, LAUNCH_CARVEOUT_DEFAULT, 15,
				       0, 0, sgprs, false, 0, 0 };
	out[n++] = (struct occ_input){ top, regs, 0, last, LAUNCH_CARVEOUT_DEFAULT, 16, 0, 0, sgprs, false, 0, 0 };
	out[n++] = (struct occ_input){ 128, 64, 4096, 20000, 0, 2, 0, 0, sgprs, false, 0, 0 };
	return n;
}

/* The architectures compared: NVIDIA from Kepler to Blackwell (GP100's own
 * register rule, cc 9.0's barriers, carveouts and none), one with a report's
 * driver-chosen configuration, and AMD GCN, CDNA and RDNA (WGP mode). */
static size_t compared_archs(struct gpu_arch out[16], int64_t measured[16])
{
	static const char *const nv[] = { "3.5", "6.0", "7.5", "8.0", "8.6", "9.0", "10.0", "12.0" };
	static const char *const amd[] = { "gfx906", "gfx908", "gfx942", "gfx950", "gfx1030", "gfx1100" };
	size_t n = 0;

	for (size_t i = 0; i < sizeof(nv) / sizeof(nv[0]); i++) {
		int ma, mi;
		EXPECT_TRUE(sscanf(nv[i], "%d.%d", &ma, &mi) == 2);
		ck_assert_ptr_nonnull(gpu_db_find_arch(db, ma, mi));
		measured[n] = -1;
		out[n++] = *gpu_db_find_arch(db, ma, mi);
	}
	measured[n] = 100 * 1024;
	out[n++] = *gpu_db_find_arch(db, 9, 0);
	for (size_t i = 0; i < sizeof(amd) / sizeof(amd[0]); i++) {
		struct gpu g;
		struct occ_error err = { 0 };
		EXPECT(gpu_db_find(db, amd[i], &g, &err), "%s: %s", amd[i], err.message);
		EXPECT_INT(g.arch.vendor, ==, GPU_AMD);
		measured[n] = -1;
		out[n++] = g.arch;
	}
	return n;
}

/* The reduced sweep carries the whole curve's ends and summary, and a point
 * per column in order. */
static void check_columns_sweep(const struct sweep *full, const struct sweep *cols, int n_cols)
{
	EXPECT_INT(cols->first_x, ==, full->first_x);
	EXPECT_INT(cols->last_x, ==, full->last_x);
	EXPECT_INT(cols->non_increasing, ==, full->non_increasing);
	EXPECT_UINT(cols->capped_limiting, ==, full->capped_limiting);
	EXPECT_INT(cols->current_x, ==, full->current_x);
	EXPECT_INT(cols->current_warps, ==, full->current_warps);
	EXPECT_UINT(cols->current_limiting, ==, full->current_limiting);
	EXPECT_INT(cols->max_warps, ==, full->max_warps);
	EXPECT_INT(cols->columns, ==, n_cols);
	EXPECT_UINT(cols->n, ==, (size_t)n_cols);
	for (size_t i = 1; i < cols->n; i++)
		if (cols->points[i].x < cols->points[i - 1].x)
			ck_abort_msg("points out of order at %zu", i);
}

/* At every width from the chart's minimum to 200, two heights (one legend
 * line, and room for two), both axes and glyph sets: the cells chart_draw
 * gives and the value chart_value_at gives in every column are those of the
 * whole curve, on every chart of every compared architecture, for launches
 * at either end of each axis, in between and off it. */
START_TEST(test_chart_columns_draw_as_the_whole_curve)
{
	static const int heights[] = { 8, 14 };
	struct gpu_arch archs[16];
	int64_t measured[16];
	size_t n_archs = compared_archs(archs, measured);
	long compared = 0;

	for (size_t ai = 0; ai < n_archs; ai++) {
		const struct gpu_arch *a = &archs[ai];
		struct occ_input launches[MAX_END_LAUNCHES];
		size_t n_launches = end_launches(a, launches);

		for (size_t li = 0; li < n_launches; li++)
			launches[li] = variant_input(launches[li], measured[ai]);

		for (size_t li = 0; li < n_launches; li++)
		for (int k = 0; k < SWEEP_N_KINDS; k++) {
			struct sweep full;
			EXPECT_TRUE(sweep_compute(a, &launches[li], (enum sweep_kind)k, &full));
			for (int w = 1; w <= 200; w = w < 23 ? w + 11 : w + 1)
			for (size_t hi = 0; hi < sizeof(heights) / sizeof(heights[0]); hi++) {
				int h = heights[hi], x = 2, y = 1;
				bool pct = (w + (int)hi) % 2, ascii = w % 3 != 0;
				struct canvas *c1 = canvas_new(w + 4, h + 2, ascii);
				struct canvas *c2 = canvas_new(w + 4, h + 2, ascii);
				struct sweep part;

				EXPECT_TRUE(c1 && c2);
				EXPECT_TRUE(chart_sweep_compute(a, &launches[li], (enum sweep_kind)k, w, &part));
				if (w >= 24)
					check_columns_sweep(&full, &part, w - 6);
				chart_draw(c1, x, y, w, h, &full, pct);
				chart_draw(c2, x, y, w, h, &part, pct);
				if (memcmp(c1->cells, c2->cells, sizeof(*c1->cells) * (size_t)c1->width *
					   (size_t)c1->height) != 0) {
					char *o1 = render(c1), *o2 = render(c2);
					ck_abort_msg("%s launch %zu %s chart %dx%d differs:\n%s\nfrom columns:\n%s",
						     a->arch, li, sweep_axis_label((enum sweep_kind)k), w, h,
						     o1, o2);
				}
				for (int col = x; col < x + w; col++)
				for (int row = y; row <= y + 2; row += 2) {
					int64_t v1 = -1, v2 = -1;
					bool b1 = chart_value_at(&full, x, y, w, h, col, row, &v1);
					bool b2 = chart_value_at(&part, x, y, w, h, col, row, &v2);
					if (b1 != b2 || v1 != v2)
						ck_abort_msg("%s launch %zu %s chart %dx%d at %d,%d: %d %lld, "
							     "from columns %d %lld", a->arch, li,
							     sweep_axis_label((enum sweep_kind)k), w, h, col, row,
							     b1, (long long)v1, b2, (long long)v2);
				}
				compared++;
				sweep_done(&part);
				canvas_free(c1);
				canvas_free(c2);
			}
			sweep_done(&full);
		}
	}
	EXPECT_INT(compared, >, 100000);
}
END_TEST

/* Every y label names the exact value of the row it sits on, at every
 * height: a row whose value is not whole has none (a four-row plot's
 * second row is 42.7 warps: it was labelled 32, then "~43"); and the top
 * and the bottom are always labelled. Checked for warps and percent,
 * NVIDIA and AMD. */
START_TEST(test_chart_labels_name_their_row)
{
	static struct gpu mi300x;
	struct occ_error err = { 0 };
	const struct gpu_arch *archs[2];
	int checked = 0;

	archs[0] = h100();   /* opens db */
	ck_assert(gpu_db_find(db, "MI300X", &mi300x, &err));
	archs[1] = &mi300x.arch;

	for (size_t ai = 0; ai < 2; ai++)
		for (int k = 0; k < SWEEP_N_KINDS; k++) {
			struct sweep s;

			if (!sweep_compute(archs[ai], &default_in, (enum sweep_kind)k, &s))
				continue;
			for (int h = 7; h <= 40; h++)
				for (int pct = 0; pct < 2; pct++) {
					struct canvas *c = canvas_new(40, h, true);
					int top = -1, rows = 0;

					chart_draw(c, 0, 0, 40, h, &s, pct);
					for (int y = 0; y < h; y++)
						if (canvas_at(c, 5, y)->glyph == '|') {
							if (top < 0)
								top = y;
							rows++;
						}
					for (int r = 0; r < rows; r++) {
						char label[6] = { 0 };
						double want = rows > 1 ? (double)s.max_warps * (rows - 1 - r) / (rows - 1)
							: s.max_warps;
						double got;

						for (int i = 0; i < 5; i++)
							label[i] = (char)canvas_at(c, i, top + r)->glyph;
						ck_assert_msg(strchr(label, '~') == NULL, "'%s'", label);
						ck_assert_msg(strpbrk(label, "0123456789") || (r > 0 && r < rows - 1),
							      "%s h %d: row %d of %d unlabelled",
							      sweep_axis_label(s.kind), h, r, rows);
						if (!strpbrk(label, "0123456789"))
							continue;
						got = strtod(strpbrk(label, "0123456789"), NULL);
						if (pct)
							want = 100.0 * want / s.max_warps;
						ck_assert_msg(got == want,
							      "%s h %d%s: row %d of %d labelled '%s', its value %.2f",
							      sweep_axis_label(s.kind), h, pct ? " %" : "", r, rows,
							      label, want);
						checked++;
					}
					canvas_free(c);
				}
			sweep_done(&s);
		}
	ck_assert_int_gt(checked, 500);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("canvas");
	TCase *tc = tcase_create("core");
	TCase *charts = tcase_create("charts");

	tcase_add_checked_fixture(charts, db_setup, db_teardown);
	tcase_set_timeout(charts, 60);
	tcase_add_test(charts, test_chart_click_round_trip);
	tcase_add_test(charts, test_chart_labels_name_their_row);
	tcase_add_test(charts, test_chart_click_ends_and_outside);
	tcase_add_test(charts, test_chart_capped_shade);
	tcase_add_test(charts, test_chart_legends);
	tcase_add_test(charts, test_chart_stays_in_box);
	tcase_add_test(charts, test_chart_columns_draw_as_the_whole_curve);
	suite_add_tcase(s, charts);

	tcase_add_test(tc, test_text_is_clipped_and_trimmed);
	tcase_add_test(tc, test_control_characters_are_escaped);
	tcase_add_test(tc, test_ascii_mode_replaces_wide_glyphs);
	tcase_add_test(tc, test_bad_sizes);
	tcase_add_test(tc, test_set_height_keeps_and_clears);
	tcase_add_test(tc, test_wide_characters_take_two_cells);
	tcase_add_test(tc, test_chart_marks_current_point);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
