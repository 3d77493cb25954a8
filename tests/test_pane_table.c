/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_pane_table.c - the occupancy table pane: golden canvases at the sizes the
 * explorer gives it, the engine's numbers on screen, bars, baseline deltas, and
 * drawing that never leaves its rectangle. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "canvas.h"
#include "pane.h"
#include "view.h"
#include "paneutil.h"

/* The embedded default: H100 SXM, 256 threads, 32 registers, grid 1584. */
static struct view *default_view(void)
{
	struct launch l;

	launch_init(&l);
	return pane_view_new(&l, NULL, NULL);
}

/* The same launch changed to 64 registers per thread, the default as baseline. */
static struct view *regs64_view(void)
{
	struct launch base, cur;

	launch_init(&base);
	cur = base;
	cur.regs_per_thread = 64;
	return pane_view_new(&base, &cur, NULL);
}

/* tests/data/unknownrepo_hopper78sm_ncu2024plus_details_text_fragment.txt:
 * block 256, grid 78, 255 registers, 230.40 Kbyte (ncu's 1000-byte Kbyte)
 * dynamic shared memory, 78 SMs (H20 in the database); it measured 12.44 %
 * achieved occupancy. */
static struct view *report_view(void)
{
	struct launch l;
	struct view *v;

	launch_init(&l);
	str_copy(l.gpu_name, sizeof(l.gpu_name), "H20");
	l.grid[0] = 78;
	l.regs_per_thread = 255;
	l.dynamic_smem_bytes = 230400;
	v = pane_view_new(&l, NULL, NULL);
	v->measured.has_achieved = true;
	v->measured.achieved_pct = 12.44;
	return v;
}

/* 1024 threads x 128 registers on a V100: 4096 registers per warp x 32 warps
 * = 131072, twice the 65536 a block may use, so no block fits. */
static struct view *misfit_view(void)
{
	struct launch l;

	launch_init(&l);
	str_copy(l.gpu_name, sizeof(l.gpu_name), "V100");
	l.block[0] = 1024;
	l.regs_per_thread = 128;
	return pane_view_new(&l, NULL, NULL);
}

/* The row of a factor in the limits table: "* " or "  ", then its label. */
static int factor_row(const struct canvas *c, enum occ_factor f, char *buf, size_t size)
{
	char label[32];

	snprintf(label, sizeof(label), "%-13s ", occ_factor_label(f));
	for (int y = 0; y < c->height; y++) {
		canvas_row_text(c, y, buf, size);
		if (strncmp(buf + 2, label, strlen(label)) == 0 && (buf[0] == '*' || buf[0] == ' '))
			return y;
	}
	return -1;
}

/* The role of the cell where text starts in row y. */
static enum canvas_role role_of(const struct canvas *c, int y, const char *text)
{
	char buf[2048];
	const char *at;

	ck_assert(c->ascii);  /* one byte per cell */
	canvas_row_text(c, y, buf, sizeof(buf));
	at = strstr(buf, text);
	ck_assert_msg(at != NULL, "'%s' not in row %d: %s", text, y, buf);
	return (enum canvas_role)canvas_at(c, (int)(at - buf), y)->role;
}

START_TEST(golden_default)
{
	struct view *v = default_view();

	ck_assert(v->cur.ok);
	pane_golden(pane_table_new, v, 80, 24, true, "table_default_80x24_ascii.txt");
	pane_golden(pane_table_new, v, 80, 24, false, "table_default_80x24_utf8.txt");
	pane_golden(pane_table_new, v, 78, 19, true, "table_default_78x19_ascii.txt");
	pane_golden(pane_table_new, v, 78, 19, false, "table_default_78x19_utf8.txt");
	pane_golden(pane_table_new, v, 70, 30, false, "table_default_70x30_utf8.txt");
	pane_golden(pane_table_new, v, 200, 60, true, "table_default_200x60_ascii.txt");
	pane_golden(pane_table_new, v, 200, 60, false, "table_default_200x60_utf8.txt");
	pane_view_free(v);
}
END_TEST

/* Clusters of 16 on an H100 SXM5 at 2 blocks per SM (512 threads, 64
 * registers): floor(n / 8) clusters in a GPC of n SMs, 13 to 16 over the
 * layouts of 8 GPCs of at most 18 SMs (test_cluster.c), so a range with
 * the GPC layout's note. */
START_TEST(golden_clusters)
{
	struct view *v = pane_view_clusters();

	ck_assert(v->cur.ok);
	ck_assert_int_eq(v->cur.cl.bound, CLUSTER_RANGE);
	pane_golden(pane_table_new, v, 80, 24, true, "table_clusters_80x24_ascii.txt");
	pane_golden(pane_table_new, v, 200, 60, true, "table_clusters_200x60_ascii.txt");
	pane_view_free(v);
}
END_TEST

START_TEST(golden_changed)
{
	struct view *v = regs64_view();

	ck_assert(v->cur.ok);
	pane_golden(pane_table_new, v, 80, 24, true, "table_regs64_80x24_ascii.txt");
	pane_golden(pane_table_new, v, 80, 24, false, "table_regs64_80x24_utf8.txt");
	pane_golden(pane_table_new, v, 78, 19, false, "table_regs64_78x19_utf8.txt");
	pane_golden(pane_table_new, v, 200, 60, false, "table_regs64_200x60_utf8.txt");
	pane_view_free(v);
}
END_TEST

START_TEST(golden_misfit_and_report)
{
	struct view *v = misfit_view();

	ck_assert(v->cur.ok);
	ck_assert_int_eq(v->cur.r.misfit, OCC_MISFIT_REGISTERS);
	pane_golden(pane_table_new, v, 80, 24, true, "table_misfit_80x24_ascii.txt");
	pane_golden(pane_table_new, v, 78, 19, false, "table_misfit_78x19_utf8.txt");
	pane_view_free(v);

	v = report_view();
	ck_assert(v->cur.ok);
	pane_golden(pane_table_new, v, 80, 24, false, "table_report_80x24_utf8.txt");
	pane_view_free(v);
}
END_TEST

/* What the screen says equals what the engine computed. */
START_TEST(numbers_are_the_engines)
{
	static const int sizes[][2] = { { 80, 24 }, { 78, 19 }, { 70, 30 }, { 200, 60 } };

	for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
		struct view *v = s % 2 ? regs64_view() : default_view();
		const struct occ_result *r = &v->cur.r;
		struct canvas *c = pane_draw(pane_table_new, v, sizes[s][0], sizes[s][1], true);
		char row[2048], want[64];

		ck_assert_int_ge(canvas_find_row(c, "Active warps per SM", row, sizeof(row)), 0);
		snprintf(want, sizeof(want), " %d of %d", r->active_warps_per_sm, r->max_warps_per_sm);
		ck_assert_msg(strstr(row, want), "'%s' not in: %s", want, row);

		ck_assert_int_ge(canvas_find_row(c, "Active blocks per SM", row, sizeof(row)), 0);
		snprintf(want, sizeof(want), " %d", r->active_blocks_per_sm);
		ck_assert_msg(strstr(row, want), "'%s' not in: %s", want, row);

		ck_assert_int_ge(canvas_find_row(c, "Active threads per SM", row, sizeof(row)), 0);
		snprintf(want, sizeof(want), " %d of %d", r->active_threads_per_sm,
			 v->cur.gpu.arch.max_threads_per_sm);
		ck_assert_msg(strstr(row, want), "'%s' not in: %s", want, row);

		ck_assert_int_ge(canvas_find_row(c, "Theoretical occupancy", row, sizeof(row)), 0);
		snprintf(want, sizeof(want), " %.1f%%", r->theoretical_occupancy_pct);
		ck_assert_msg(strstr(row, want), "'%s' not in: %s", want, row);

		/* Every factor's row: its block limit and the per-block amount. */
		for (int f = 0; f < OCC_N_FACTORS; f++) {
			int y = factor_row(c, (enum occ_factor)f, row, sizeof(row));
			ck_assert_msg(y >= 0, "no row for %s", occ_factor_label((enum occ_factor)f));
			snprintf(want, sizeof(want), " %-13s %6d %8lld ",
				 occ_factor_label((enum occ_factor)f), r->block_limit[f],
				 (long long)r->usage[f].per_block);
			ck_assert_msg(strstr(row, want), "'%s' not in: %s", want, row);
			ck_assert_int_eq(row[0] == '*', occ_is_limiting(r, (enum occ_factor)f));
			ck_assert_int_eq(canvas_at(c, 0, y)->role == CANVAS_LIMITER,
					 occ_is_limiting(r, (enum occ_factor)f));
		}
		canvas_free(c);
		pane_view_free(v);
	}
}
END_TEST

/* The H20 report's own figures: theoretical 12.50 %, achieved 12.44 %, block
 * limits SM 32, registers 1, shared memory 1, warps 8. */
START_TEST(report_figures)
{
	struct view *v = report_view();
	struct canvas *c = pane_draw(pane_table_new, v, 80, 24, true);
	char row[2048];
	static const struct { const char *label; const char *limit; bool limits; } want[] = {
		{ "warps         ", "     8", false },
		{ "blocks        ", "    32", false },
		{ "registers     ", "     1", true },
		{ "shared memory ", "     1", true },
	};

	ck_assert_int_ge(canvas_find_row(c, "Theoretical occupancy", row, sizeof(row)), 0);
	ck_assert_ptr_nonnull(strstr(row, "  12.5%"));
	ck_assert_int_ge(canvas_find_row(c, "Achieved occupancy", row, sizeof(row)), 0);
	ck_assert_ptr_nonnull(strstr(row, "  12.4% "));
	ck_assert_ptr_nonnull(strstr(row, " (measured)"));
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		char text[64];
		snprintf(text, sizeof(text), "%c %s%s ", want[i].limits ? '*' : ' ', want[i].label,
			 want[i].limit);
		ck_assert_msg(canvas_shows(c, text), "no '%s'", text);
	}
	canvas_free(c);
	pane_view_free(v);
}
END_TEST

/* Missing is not zero: without a measurement the row says n/a. */
START_TEST(achieved_missing_is_na)
{
	struct view *v = default_view();
	struct canvas *c = pane_draw(pane_table_new, v, 80, 24, true);
	char row[2048];

	ck_assert(!v->measured.has_achieved);
	ck_assert_int_ge(canvas_find_row(c, "Achieved occupancy", row, sizeof(row)), 0);
	ck_assert_ptr_nonnull(strstr(row, "n/a"));
	ck_assert_ptr_null(strstr(row, "0.0"));
	canvas_free(c);

	/* A measurement of the loaded launch does not describe a changed one:
	 * a report's record whose registers the session says changed. */
	pane_view_free(v);
	v = regs64_view();
	v->measured.has_achieved = true;
	v->measured.achieved_pct = 12.44;
	v->cur.report.present = true;
	v->cur.report.changed = PARAM_BIT(PARAM_REGISTERS);
	c = pane_draw(pane_table_new, v, 80, 24, true);
	ck_assert_int_ge(canvas_find_row(c, "Achieved occupancy", row, sizeof(row)), 0);
	ck_assert_ptr_nonnull(strstr(row, "(measured, of the launch as loaded)"));
	canvas_free(c);
	pane_view_free(v);
}
END_TEST

/* 64 registers: 2048 per warp x 8 warps = 16384 per block, 65536 / 16384 = 4
 * blocks, 32 of 64 warps = 50 %, against the default's 100 %: a loss shown
 * beside the current figure; the other way round it is a gain. */
START_TEST(baseline_delta)
{
	struct view *v = regs64_view();
	struct canvas *c = pane_draw(pane_table_new, v, 80, 24, true);
	char row[2048], want[80];
	int y;

	ck_assert_double_eq_tol(v->cur.r.theoretical_occupancy_pct, 50.0, 1e-9);
	ck_assert_double_eq_tol(v->base.r.theoretical_occupancy_pct, 100.0, 1e-9);
	y = canvas_find_row(c, "Theoretical occupancy", row, sizeof(row));
	ck_assert_int_ge(y, 0);
	ck_assert_ptr_nonnull(strstr(row, "(baseline 100.0%, -50.0)"));
	ck_assert_int_eq(role_of(c, y, "(baseline"), CANVAS_WARNING);
	y = canvas_find_row(c, "Active warps per SM", row, sizeof(row));
	snprintf(want, sizeof(want), "(baseline %d, %+d)", v->base.r.active_warps_per_sm,
		 v->cur.r.active_warps_per_sm - v->base.r.active_warps_per_sm);
	ck_assert_msg(strstr(row, want), "'%s' not in: %s", want, row);
	ck_assert_int_eq(role_of(c, y, "(baseline"), CANVAS_WARNING);
	canvas_free(c);

	/* Swapped: the change is a gain. */
	struct analysis tmp = v->cur;
	v->cur = v->base;
	v->base = tmp;
	c = pane_draw(pane_table_new, v, 80, 24, true);
	y = canvas_find_row(c, "Theoretical occupancy", row, sizeof(row));
	ck_assert_ptr_nonnull(strstr(row, "(baseline 50.0%, +50.0)"));
	ck_assert_int_eq(role_of(c, y, "(baseline"), CANVAS_GOOD);
	canvas_free(c);

	/* Equal launches: no baseline figure at all. */
	pane_view_free(v);
	v = default_view();
	c = pane_draw(pane_table_new, v, 200, 60, true);
	ck_assert(!canvas_shows(c, "baseline"));
	canvas_free(c);
	pane_view_free(v);
}
END_TEST

/* The bars: used, idle and left-over cells in proportion to usage[f], adding
 * up to the bar's width. Default launch: warps 64 of 64 used; blocks 8 used
 * and 24 idle of 32 (a quarter and three quarters). */
START_TEST(bars_are_proportional)
{
	struct view *v = default_view();
	const struct occ_result *r = &v->cur.r;
	struct canvas *c = pane_draw(pane_table_new, v, 80, 24, true);
	char row[2048];

	ck_assert_int_eq(r->usage[OCC_BLOCKS].used, 8);
	ck_assert_int_eq(r->usage[OCC_BLOCKS].idle, 24);
	for (int f = 0; f < OCC_N_FACTORS; f++) {
		int y, n[3] = { 0, 0, 0 }, w;
		const struct occ_usage *u = &r->usage[f];

		y = factor_row(c, (enum occ_factor)f, row, sizeof(row));
		ck_assert_int_ge(y, 0);
		for (int x = 0; x < c->width; x++) {
			const struct canvas_cell *cell = canvas_at(c, x, y);
			if (cell->role == CANVAS_BAR_USED && cell->glyph == '#')
				n[0]++;
			else if (cell->role == CANVAS_BAR_IDLE && cell->glyph == '=')
				n[1]++;
			else if (cell->role == CANVAS_BAR_FREE && cell->glyph == '.')
				n[2]++;
		}
		w = n[0] + n[1] + n[2];
		ck_assert_int_ge(w, 20);
		ck_assert_int_eq(u->used + u->idle + u->leftover, u->total);
		/* Within a cell of the exact share. */
		ck_assert_int_le(abs(n[0] * (int)u->total - (int)(u->used * w)), (int)u->total);
		ck_assert_int_le(abs(n[1] * (int)u->total - (int)(u->idle * w)), (int)u->total);
		ck_assert_int_le(abs(n[2] * (int)u->total - (int)(u->leftover * w)), (int)u->total);
		if (f == OCC_WARPS)
			ck_assert_int_eq(n[0], w);
	}
	/* The legend names the glyphs. */
	ck_assert(canvas_shows(c, "# used  = idle  . left over"));
	canvas_free(c);
	pane_view_free(v);
}
END_TEST

/* Before cc 9.0 barriers do not limit: a dim "-" row, no bar. */
START_TEST(barriers_before_cc90)
{
	struct view *v = misfit_view();
	struct canvas *c = pane_draw(pane_table_new, v, 80, 24, true);
	char row[2048];
	int y;

	ck_assert_int_eq(v->cur.gpu.arch.barriers_per_sm, 0);
	y = factor_row(c, OCC_BARRIERS, row, sizeof(row));
	ck_assert_int_ge(y, 0);
	ck_assert_ptr_nonnull(strstr(row, "     -  not a limit before cc 9.0"));
	ck_assert_int_eq(role_of(c, y, "barriers"), CANVAS_DIM);
	/* The misfit says why, with the engine's numbers. */
	y = canvas_find_row(c, "No block fits", row, sizeof(row));
	ck_assert_int_ge(y, 0);
	ck_assert_int_eq(role_of(c, y, "No block fits"), CANVAS_WARNING);
	ck_assert_int_eq(v->cur.r.allocated_regs_per_block, 131072);
	ck_assert_ptr_nonnull(strstr(row, "131072"));
	canvas_free(c);
	pane_view_free(v);
}
END_TEST

/* When rows run out the physical limits go first, and the pane says so; a tall
 * column keeps every section. Wide, two columns. */
START_TEST(sections_by_size)
{
	struct view *v = default_view();
	struct canvas *c = pane_draw(pane_table_new, v, 78, 19, true);
	char row[2048];

	ck_assert(canvas_shows(c, "Active warps per SM"));
	ck_assert(canvas_shows(c, "* registers"));
	ck_assert(!canvas_shows(c, "GPU limits"));
	ck_assert_int_eq(canvas_find_row(c, "(more at a larger size)", row, sizeof(row)), 18);
	canvas_free(c);

	c = pane_draw(pane_table_new, v, 70, 40, true);
	ck_assert(canvas_shows(c, "Allocation"));
	ck_assert(canvas_shows(c, "GPU limits"));
	ck_assert(!canvas_shows(c, "(more at a larger size)"));
	canvas_free(c);

	c = pane_draw(pane_table_new, v, 200, 60, true);
	int y = canvas_find_row(c, "GPU limits", row, sizeof(row));
	ck_assert_int_ge(y, 0);
	ck_assert_int_gt((int)(strstr(row, "GPU limits") - row), 100);
	ck_assert_int_eq(canvas_find_row(c, "Active warps per SM", row, sizeof(row)) >= 0, 1);
	ck_assert_ptr_eq(strstr(row, "Active warps"), row);
	canvas_free(c);
	pane_view_free(v);
}
END_TEST

/* A launch the GPU cannot take: the shared error text instead of the table. */
START_TEST(invalid_launch_shows_the_error)
{
	struct launch l;
	struct view *v;
	struct canvas *c;

	launch_init(&l);
	l.regs_per_thread = 300;  /* above the 255 per thread of every NVIDIA GPU */
	v = pane_view_new(&l, NULL, NULL);
	ck_assert(!v->cur.ok);
	c = pane_draw(pane_table_new, v, 80, 24, true);
	ck_assert(canvas_shows(c, "cannot be computed on"));
	ck_assert(!canvas_shows(c, "Active warps"));
	canvas_free(c);
	pane_view_free(v);
}
END_TEST

/* Kernel names come from files: control characters are shown escaped. */
START_TEST(kernel_name_sanitized)
{
	struct launch l;
	struct view *v;
	struct canvas *c;

	launch_init(&l);
	str_copy(l.kernel, sizeof(l.kernel), "evil\x1b[2Jkernel");
	v = pane_view_new(&l, NULL, NULL);
	c = pane_draw(pane_table_new, v, 80, 24, true);
	ck_assert(canvas_shows(c, "evil\\x1B[2Jkernel"));
	for (int y = 0; y < c->height; y++)
		for (int x = 0; x < c->width; x++)
			ck_assert_uint_ge(canvas_at(c, x, y)->glyph, 0x20);
	canvas_free(c);
	pane_view_free(v);
}
END_TEST

/* Every size from 1x1 to 120x50, drawn at an offset into a larger canvas of
 * sentinels: nothing outside the rectangle changes, and something is drawn
 * inside (at least the note that more needs room). */
START_TEST(stays_inside_its_rect)
{
	struct view *v = regs64_view();
	struct pane_sizes s = { .make = pane_table_new, .views = &v, .n_views = 1, .min_w = 1,
				.max_w = 120, .min_h = 1, .max_h = 50, .must_draw = true };

	pane_every_size(&s);
	pane_view_free(v);
	v = misfit_view();
	s.ascii = true;
	pane_every_size(&s);
	pane_view_free(v);
}
END_TEST

/* AMD launches (tests/paneutil.h has the arithmetic): the table in CUs,
 * SIMDs, waves, VGPRs, SGPRs and LDS, and in WGPs on RDNA. */
START_TEST(golden_amd)
{
	struct view *v = pane_view_amd("MI300X");

	ck_assert(v->cur.ok);
	ck_assert_int_eq(v->cur.r.amd.waves_per_simd, 3);
	ck_assert(occ_is_limiting(&v->cur.r, OCC_SHARED_MEM));
	pane_golden(pane_table_new, v, 80, 24, true, "table_mi300x_80x24_ascii.txt");
	pane_golden(pane_table_new, v, 78, 19, false, "table_mi300x_78x19_utf8.txt");
	pane_golden(pane_table_new, v, 200, 60, false, "table_mi300x_200x60_utf8.txt");
	pane_view_free(v);

	v = pane_view_amd("RX 7900 XTX");
	ck_assert(v->cur.ok);
	ck_assert_int_eq(v->cur.r.amd.waves_per_simd, 10);
	ck_assert_int_eq(v->cur.r.active_blocks_per_sm, 10);
	pane_golden(pane_table_new, v, 80, 24, true, "table_7900xtx_80x24_ascii.txt");
	pane_golden(pane_table_new, v, 200, 60, false, "table_7900xtx_200x60_utf8.txt");
	pane_view_free(v);
}
END_TEST

/* --print lays the table out once: the same rows and cells as measuring
 * and then drawing, one column and two, on the default, a changed launch
 * with its baseline, a report record, a launch that cannot run, AMD and
 * clusters. */
START_TEST(printed_once_as_drawn)
{
	struct view *views[] = { default_view(), regs64_view(), report_view(), misfit_view(),
				 pane_view_amd("MI300X"), pane_view_amd("RX 7900 XTX"),
				 pane_view_clusters() };

	for (size_t k = 0; k < sizeof(views) / sizeof(views[0]); k++) {
		pane_print_as_drawn(pane_table_new, NULL, views[k], 16, 220);
		pane_view_free(views[k]);
	}
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("pane_table");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, golden_default);
	tcase_add_test(tc, golden_changed);
	tcase_add_test(tc, golden_clusters);
	tcase_add_test(tc, golden_misfit_and_report);
	tcase_add_test(tc, golden_amd);
	tcase_add_test(tc, printed_once_as_drawn);
	tcase_add_test(tc, numbers_are_the_engines);
	tcase_add_test(tc, report_figures);
	tcase_add_test(tc, achieved_missing_is_na);
	tcase_add_test(tc, baseline_delta);
	tcase_add_test(tc, bars_are_proportional);
	tcase_add_test(tc, barriers_before_cc90);
	tcase_add_test(tc, sections_by_size);
	tcase_add_test(tc, invalid_launch_shows_the_error);
	tcase_add_test(tc, kernel_name_sanitized);
	tcase_add_test(tc, stays_inside_its_rect);
	suite_add_tcase(s, tc);
	return s;
}


int main(void)
{
	return run_suite(suite());
}
