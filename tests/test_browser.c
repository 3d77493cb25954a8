/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_browser.c - the kernel browser: rows, sort, filter and groups over a
 * real rocprof report (expected values from its own lines), the browser pane
 * as goldens at 80x24 and 200x60, and its keys in the explorer. */
#include "config.h"

#include <check.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis.h"
#include "browser.h"
#include "engine.h"
#include "explorer.h"
#include "explorer_state.h"
#include "keys.h"
#include "kernel_detail.h"
#include "paneutil.h"
#include "reportutil.h"
#include "view.h"
#include "occupancy.h"
#include "search.h"

/* 13 kernel records: Index 0..12 on lines 2..14, DurationNs the last column. */
#define GUNROCK "rocprof/gunrock_mi300_rocprofv1_results_TRUNCATED.csv"

/* name under the data directory into buf. */
static void data_file(const char *name, char *buf, size_t size)
{
	snprintf(buf, size, "%s", data_path("", name));
}

static void load(struct report *rep, char *path, size_t size)
{
	struct occ_error err = { 0 };

	data_file(GUNROCK, path, size);
	ck_assert_msg(report_load(path, rep, &err), "%s", err.message);
	ck_assert_uint_eq(rep->n, 13);
}

static const struct report_launch_given none = { NULL, NULL, 0 };

/* The rows as the explorer makes them: the session of a run with no flags. */
static void init_rows(struct browser *b, struct report *rep, const char *path)
{
	struct occ_error err = { 0 };
	struct session *s = session_new(db, NULL, &err);

	ck_assert_ptr_nonnull(s);
	ck_assert(browser_init(b, s, rep, path));
	session_free(s);
}

START_TEST(test_rows)
{
	struct report rep;
	struct browser b;
	char path[1024];

	load(&rep, path, sizeof(path));
	init_rows(&b, &rep, path);
	ck_assert_uint_eq(b.n_order, 13);
	/* line 2: Index 0, grd 155648, wgr 512, arch_vgpr 16, lds 0, DurationNs 5573 */
	ck_assert_int_eq(b.rows[0].id, 0);
	ck_assert_int_eq(b.rows[0].grid_blocks, 155648 / 512);
	ck_assert_int_eq(b.rows[0].block_threads, 512);
	ck_assert_int_eq(b.rows[0].registers, 16);
	ck_assert_int_eq(b.rows[0].smem_bytes, 0);
	ck_assert_double_eq(b.rows[0].duration_ns, 5573);
	/* rocprof measures no occupancy: absent, not zero */
	ck_assert(isnan(b.rows[0].achieved_pct));
	/* theoretical: the engine on the record's launch, as the panes compute it */
	for (size_t i = 0; i < rep.n; i++) {
		struct occ_error err = { 0 };
		enum report_gpu_source src;
		struct occ_input in;
		struct occ_result r;
		struct launch l;
		struct gpu g;

		ck_assert(report_launch(db, &rep.records[i], &none, path, &l, &g, &src, &err));
		occ_input_from_launch(&l, &in);
		occ_compute(&g.arch, &in, &r);
		ck_assert_double_eq(b.rows[i].theoretical_pct, r.theoretical_occupancy_pct);
	}
	browser_done(&b);
	report_done(&rep);
}
END_TEST

/* issue 25: a crafted grid of 9223372036854775807 x 2 blocks; its product
 * overflowed (and aborted the sanitized explorer): it saturates instead. */
START_TEST(test_huge_grid)
{
	struct report rep;
	struct browser b;
	char path[1024];

	load(&rep, path, sizeof(path));
	rep.records[0].grid[0] = (struct report_int){ true, INT64_MAX };
	rep.records[0].grid[1] = (struct report_int){ true, 2 };
	rep.records[0].grid[2] = (struct report_int){ true, 1 };
	rep.records[1].block[0] = (struct report_int){ true, INT64_MAX };
	init_rows(&b, &rep, path);
	ck_assert_int_eq(b.rows[0].grid_blocks, INT64_MAX);
	ck_assert_int_eq(b.rows[1].block_threads, INT32_MAX);
	/* the next record is as it was: line 3's 155648 / 512 (test_rows) */
	ck_assert_int_eq(b.rows[1].grid_blocks, 155648 / 512);
	browser_done(&b);
	report_done(&rep);
}
END_TEST

START_TEST(test_sort)
{
	struct report rep;
	struct browser b;
	char path[1024];

	load(&rep, path, sizeof(path));
	init_rows(&b, &rep, path);
	ck_assert(browser_set_sort(&b, BROWSER_COL_DURATION, false));
	/* shortest: Index 9, 1243 ns (line 11); longest: Index 2, 231369 ns (line 4) */
	ck_assert_uint_eq(browser_line_at(&b, 0)->record, 9);
	ck_assert_uint_eq(browser_line_at(&b, 12)->record, 2);
	for (size_t i = 1; i < b.n_order; i++)
		ck_assert(browser_line_at(&b, i - 1)->duration_ns <= browser_line_at(&b, i)->duration_ns);
	ck_assert(browser_set_sort(&b, BROWSER_COL_DURATION, true));
	ck_assert_uint_eq(browser_line_at(&b, 0)->record, 2);
	/* the selection follows its record across a sort */
	ck_assert(browser_select_record(&b, 9));
	ck_assert(browser_set_sort(&b, BROWSER_COL_ID, false));
	ck_assert_uint_eq(browser_selected_record(&b), 9);
	ck_assert_uint_eq(b.selected, 9);
	/* absent values stay last both ways: achieved is absent everywhere */
	ck_assert(browser_set_sort(&b, BROWSER_COL_ACHIEVED, true));
	ck_assert_uint_eq(b.n_order, 13);
	browser_done(&b);
	report_done(&rep);
}
END_TEST

/* The list sorted by id is each line's id, then its position, ascending
 * or all of it reversed: where the report's ids are in file order (no key
 * is made then) and where they are not. */
static void ck_by_id(const struct browser *b, size_t n)
{
	ck_assert_uint_eq(b->n_order, n);
	for (size_t i = 1; i < b->n_order; i++) {
		const struct browser_line *x = browser_line_at(b, i - 1), *y = browser_line_at(b, i);

		if (b->descending) {
			const struct browser_line *t = x;

			x = y;
			y = t;
		}
		ck_assert_msg(x->id < y->id || (x->id == y->id && x->record < y->record),
			      "line %zu: id %lld (record %u) after %lld (record %u)", i,
			      (long long)y->id, y->record, (long long)x->id, x->record);
	}
}

START_TEST(test_sort_by_id)
{
	struct report rep;
	struct browser b;
	char path[1024];

	load(&rep, path, sizeof(path));
	/* gunrock's Index 0-12 in file order */
	init_rows(&b, &rep, path);
	ck_by_id(&b, 13);
	ck_assert_uint_eq(browser_line_at(&b, 0)->record, 0);
	ck_assert(browser_select_record(&b, 4));
	ck_assert(browser_set_sort(&b, BROWSER_COL_ID, true));
	ck_by_id(&b, 13);
	ck_assert_uint_eq(browser_line_at(&b, 0)->record, 12);
	ck_assert_uint_eq(browser_selected_record(&b), 4);
	ck_assert_uint_eq(b.selected, 8);
	browser_done(&b);
	/* Index 5 made the largest, Index 7 the same as Index 2's */
	rep.records[5].id.value = 100;
	rep.records[7].id.value = 2;
	init_rows(&b, &rep, path);
	ck_by_id(&b, 13);
	ck_assert_uint_eq(browser_line_at(&b, 12)->record, 5);
	ck_assert_uint_eq(browser_line_at(&b, 3)->record, 7);
	ck_assert(browser_set_sort(&b, BROWSER_COL_ID, true));
	ck_by_id(&b, 13);
	ck_assert_uint_eq(browser_line_at(&b, 0)->record, 5);
	/* grouped, each group by its first record's id */
	ck_assert(browser_set_grouped(&b, true));
	ck_by_id(&b, b.n_groups);
	browser_done(&b);
	report_done(&rep);
}
END_TEST

START_TEST(test_filter)
{
	struct report rep;
	struct browser b;
	char path[1024];

	load(&rep, path, sizeof(path));
	init_rows(&b, &rep, path);
	/* any case: the copyBuffer records are Index 0-3 and 11 (lines 2-5, 13) */
	ck_assert(browser_set_filter(&b, "COPYBUFFER"));
	ck_assert_uint_eq(b.n_order, 5);
	ck_assert_uint_eq(browser_line_at(&b, 4)->record, 11);
	/* only the full names hold the arguments: Index 4, 5, 8, 9, 10 (lines 6, 7, 10-12) */
	ck_assert(browser_set_filter(&b, "unsigned long"));
	ck_assert_uint_eq(b.n_order, 5);
	ck_assert_uint_eq(browser_line_at(&b, 2)->record, 8);
	ck_assert(browser_set_filter(&b, "no such kernel"));
	ck_assert_uint_eq(b.n_order, 0);
	ck_assert_uint_eq(browser_selected_record(&b), SIZE_MAX);
	ck_assert(browser_set_filter(&b, ""));
	ck_assert_uint_eq(b.n_order, 13);
	browser_done(&b);
	report_done(&rep);
}
END_TEST

/* browser.h: a move is clamped, whatever its size (fuzz_browser found
 * selected + LONG_MAX overflowing a long). */
START_TEST(test_move_clamped)
{
	struct report rep;
	struct browser b;
	char path[1024];

	load(&rep, path, sizeof(path));
	init_rows(&b, &rep, path);
	browser_move(&b, 3);
	ck_assert_uint_eq(b.selected, 3);
	browser_move(&b, LONG_MAX);
	ck_assert_uint_eq(b.selected, 12);
	browser_move(&b, LONG_MAX);
	ck_assert_uint_eq(b.selected, 12);
	browser_move(&b, -2);
	ck_assert_uint_eq(b.selected, 10);
	browser_move(&b, LONG_MIN);
	ck_assert_uint_eq(b.selected, 0);
	browser_move(&b, LONG_MIN);
	ck_assert_uint_eq(b.selected, 0);
	ck_assert(browser_set_filter(&b, "no such kernel"));
	browser_move(&b, LONG_MAX);
	ck_assert_uint_eq(b.selected, 0);
	browser_done(&b);
	report_done(&rep);
}
END_TEST

START_TEST(test_groups)
{
	struct report rep;
	struct browser b;
	char path[1024];
	const struct browser_line *g;

	load(&rep, path, sizeof(path));
	init_rows(&b, &rep, path);
	ck_assert(browser_set_grouped(&b, true));
	/* same full name, grid, block, VGPRs, LDS: {0,1,2} {3} {4,5,8} {6} {7}
	 * {9} {10} {11} {12} */
	ck_assert_uint_eq(b.n_order, 9);
	g = browser_line_at(&b, 0);
	ck_assert_uint_eq(g->record, 0);
	ck_assert_uint_eq(g->count, 3);
	ck_assert_double_eq(g->duration_ns, 5573 + 197130 + 231369);   /* lines 2-4 */
	g = browser_line_at(&b, 2);
	ck_assert_uint_eq(g->record, 4);
	ck_assert_uint_eq(g->count, 3);
	ck_assert_double_eq(g->duration_ns, 4410 + 4571 + 4410);       /* lines 6, 7, 10 */
	/* record 8 is selected through its group */
	ck_assert(browser_select_record(&b, 8));
	ck_assert_uint_eq(browser_selected_record(&b), 4);
	ck_assert(browser_set_sort(&b, BROWSER_COL_DURATION, true));
	ck_assert_uint_eq(browser_line_at(&b, 0)->count, 3);
	ck_assert_uint_eq(browser_line_at(&b, 0)->record, 0);
	browser_done(&b);
	report_done(&rep);
}
END_TEST

/* A report read again (a profiler still writing it) keeps the list as the
 * user had it: sorted, filtered and grouped, the record selected. */
START_TEST(test_reload_keeps_the_list)
{
	struct occ_error err = { 0 };
	struct session *s = session_new(db, NULL, &err);
	struct report rep, again;
	struct browser b;
	char path[1024];

	ck_assert_ptr_nonnull(s);
	load(&rep, path, sizeof(path));
	load(&again, path, sizeof(path));
	ck_assert(browser_init(&b, s, &rep, path));
	ck_assert(browser_set_grouped(&b, true));
	ck_assert(browser_set_filter(&b, "unsigned long"));
	ck_assert(browser_set_sort(&b, BROWSER_COL_DURATION, true));
	ck_assert(browser_reload(&b, &again, path, 9));
	ck_assert_ptr_eq(b.report, &again);
	ck_assert(b.grouped);
	ck_assert_str_eq(b.filter, "unsigned long");
	ck_assert_int_eq(b.sort, BROWSER_COL_DURATION);
	ck_assert(b.descending);
	/* Index 4, 5, 8, 9, 10 hold "unsigned long"; grouped {4,5,8} {9} {10};
	 * by duration, descending: {4,5,8} 4410 + 4571 + 4410 ns (lines 6, 7,
	 * 10), {10} 5773 ns (line 12), {9} 1243 ns (line 11) */
	ck_assert_uint_eq(b.n_order, 3);
	ck_assert_uint_eq(browser_line_at(&b, 0)->record, 4);
	ck_assert_uint_eq(browser_selected_record(&b), 9);
	browser_done(&b);
	report_done(&rep);
	report_done(&again);
	session_free(s);
}
END_TEST

/* 240 records of an A100 (cc 8.0), each with Nsight Compute's own
 * "Theoretical Occupancy"; 12 ran with the driver's 16 KiB shared-memory
 * configuration and 228 with 32 KiB ("Shared Memory Configuration Size"),
 * where assuming the largest would give other limits. */
#define A100 "ncu/opinsight_a100_cc80_ncu2022_details_pooling_full_240k.csv"

START_TEST(test_theory_is_the_reports)
{
	struct occ_error err = { 0 };
	struct report rep;
	struct browser b;
	char path[1024];
	size_t driver_16k = 0, largest_differs = 0;

	data_file(A100, path, sizeof(path));
	ck_assert_msg(report_load(path, &rep, &err), "%s", err.message);
	ck_assert_uint_eq(rep.n, 240);
	init_rows(&b, &rep, path);
	for (size_t i = 0; i < rep.n; i++) {
		const struct report_record *rec = &rep.records[i];
		static struct analysis a;

		ck_assert(rec->theoretical_occupancy_pct.present);
		/* Nsight Compute prints two decimals */
		ck_assert_msg(fabs(b.rows[i].theoretical_pct - rec->theoretical_occupancy_pct.value) < 0.005,
			      "record %zu (line %ld): browser %.2f, the report %.2f", i, rec->line,
			      b.rows[i].theoretical_pct, rec->theoretical_occupancy_pct.value);
		/* and exactly the record's analysis, as the panes show it */
		ck_assert(record_analyse(&a, db, rec, &none, path, &err));
		ck_assert_double_eq(b.rows[i].theoretical_pct, a.r.theoretical_occupancy_pct);
		ck_assert(a.r.smem_config_from_driver);
		if (rec->smem_config_bytes.value == 16384)
			driver_16k++;
		/* Nsight Compute's shared-memory limit comes only with the driver's
		 * configuration: the largest one (164 KiB), as a what-if would
		 * assume, fits more blocks than the 16 or 32 KiB the driver chose. */
		{
			struct occ_input in = a.in;
			struct occ_result r;
			int limit = a.r.block_limit[OCC_SHARED_MEM] < a.gpu.arch.max_blocks_per_sm ?
				a.r.block_limit[OCC_SHARED_MEM] : a.gpu.arch.max_blocks_per_sm;

			ck_assert(rec->limit_smem.present);
			ck_assert_int_eq(limit, rec->limit_smem.value);
			in.measured_smem_config = false;
			occ_compute(&a.gpu.arch, &in, &r);
			limit = r.block_limit[OCC_SHARED_MEM] < a.gpu.arch.max_blocks_per_sm ?
				r.block_limit[OCC_SHARED_MEM] : a.gpu.arch.max_blocks_per_sm;
			if (limit != rec->limit_smem.value)
				largest_differs++;
		}
		ck_assert(rec->achieved_occupancy_pct.present);
		ck_assert_double_eq(b.rows[i].achieved_pct, rec->achieved_occupancy_pct.value);
	}
	ck_assert_uint_eq(driver_16k, 12);
	ck_assert_uint_gt(largest_differs, 0);
	browser_done(&b);
	report_done(&rep);
}
END_TEST

/* The limiter, blocks per SM and waves columns against Nsight Compute's
 * own figures on all 240 records: its block limits (launch__occupancy_limit_*:
 * the least is the resident blocks, and the limiter's is that least) and
 * "Waves Per SM" (two decimals). Record 0 (lines 4-79): limits warps 4,
 * SM 32, registers 4, shared memory 14; 1 block of 512 threads on 108 SMs.
 * Record 1: registers 6 limit a 256-block grid: 256 / (108 x 6) = 0.40. */
START_TEST(test_limiter_blocks_waves)
{
	struct occ_error err = { 0 };
	struct report rep;
	struct browser b;
	char path[1024];
	size_t by_regs = 0;

	data_file(A100, path, sizeof(path));
	ck_assert_msg(report_load(path, &rep, &err), "%s", err.message);
	init_rows(&b, &rep, path);
	for (size_t i = 0; i < rep.n; i++) {
		const struct report_record *rec = &rep.records[i];
		const struct browser_line *l = &b.rows[i];
		const struct report_int *lim[OCC_N_FACTORS] = {
			[OCC_WARPS] = &rec->limit_warps, [OCC_BLOCKS] = &rec->limit_blocks,
			[OCC_REGISTERS] = &rec->limit_registers, [OCC_SHARED_MEM] = &rec->limit_smem,
			[OCC_BARRIERS] = &rec->limit_barriers,
		};
		int64_t least = INT64_MAX;

		for (int f = 0; f < OCC_N_FACTORS; f++)
			if (lim[f]->present && lim[f]->value < least)
				least = lim[f]->value;
		ck_assert_msg(l->blocks_per_sm == least, "record %zu: %d, the report %lld", i,
			      (int)l->blocks_per_sm, (long long)least);
		ck_assert_int_ge(l->limiter, 0);
		ck_assert(lim[l->limiter]->present);
		ck_assert_int_eq(lim[l->limiter]->value, least);
		ck_assert(rec->waves_per_sm.present);
		ck_assert_msg(fabs(l->waves - rec->waves_per_sm.value) < 0.005,
			      "record %zu: %.4f waves, the report %.2f", i, l->waves,
			      rec->waves_per_sm.value);
		if (l->limiter == OCC_REGISTERS)
			by_regs++;
	}
	ck_assert_int_eq(b.rows[0].limiter, OCC_WARPS);   /* warps and registers tie at 4 */
	ck_assert_str_eq(browser_limiter_label(&b.rows[0]), "warps");
	ck_assert_int_eq(b.rows[1].limiter, OCC_REGISTERS);
	ck_assert_str_eq(browser_limiter_label(&b.rows[1]), "regs");
	ck_assert_int_eq(b.rows[1].blocks_per_sm, 6);
	ck_assert_double_eq_tol(b.rows[1].waves, 256.0 / (108 * 6), 1e-9);
	ck_assert_uint_gt(by_regs, 0);
	/* sortable like the others: by waves, the largest first */
	ck_assert(browser_set_sort(&b, BROWSER_COL_WAVES, true));
	for (size_t i = 1; i < b.n_order; i++)
		ck_assert(browser_line_at(&b, i - 1)->waves >= browser_line_at(&b, i)->waves);
	ck_assert(browser_set_sort(&b, BROWSER_COL_LIMITER, false));
	for (size_t i = 1; i < b.n_order; i++)
		ck_assert(browser_line_at(&b, i - 1)->limiter <= browser_line_at(&b, i)->limiter);
	browser_done(&b);
	report_done(&rep);
}
END_TEST

static struct session *session;

static struct explorer *open_report(void)
{
	char path[1024];

	data_file(GUNROCK, path, sizeof(path));
	return explorer_open(path, "gunrock.csv", NULL, true, &session);
}

static void golden_screen(struct explorer *e, int cols, int rows, const char *name)
{
	struct canvas *c = canvas_new(cols, rows, true);

	ck_assert(c != NULL);
	explorer_draw(e, c);
	golden_canvas(name, c);
	canvas_free(c);
}

static void type(struct explorer *e, const char *s)
{
	for (; *s; s++)
		explorer_key(e, (unsigned char)*s);
}

START_TEST(test_pane_goldens)
{
	struct explorer *e = open_report();

	golden_screen(e, 80, 24, "kernels_80x24.txt");
	golden_screen(e, 200, 60, "kernels_200x60.txt");
	type(e, "c");
	golden_screen(e, 80, 24, "kernels_grouped_80x24.txt");
	explorer_close(e, session);
}
END_TEST

/* The browser's detail speaks the GPU's engine: an RDNA4 report's figures
 * are per WGP (WGP mode), its blocks workgroups. rocprof v1 on the R9700
 * (gfx1201, tests/data/README), line 2: wgr 256, arch_vgpr 16, lds 0,
 * wave_size 32, grd 256: 8 waves per workgroup, 16 slots x 4 SIMDs of a WGP
 * = 64 waves, 8 workgroups (test_amd's sgprs_information_where_they_do_not_limit);
 * one workgroup of a GPU wave of 32 WGPs x 8 = 256 (the R9700's 64 CUs,
 * data/amd_devices.csv line 17). It said "64 of 64 waves per CU" and
 * "per SM: 0 full + 1 blocks"; then "1 workgroups" (the count is 1: the
 * singular, from the engine's words). */
START_TEST(test_detail_rdna4_words)
{
	struct report_launch_given given = { NULL, NULL, 0 };
	struct analysis *a = malloc(sizeof(*a));
	struct occ_error err = { 0 };
	struct canvas *c = canvas_new(60, 30, true);
	struct report rep;
	struct gpu r9700;
	char path[1024], *text;

	ck_assert_ptr_nonnull(a);
	ck_assert_ptr_nonnull(c);
	data_file("rocprof/llamacpp_r9700_gfx1201_rocprofv1_results_wave32.csv", path, sizeof(path));
	ck_assert_msg(report_load(path, &rep, &err), "%s", err.message);
	ck_assert_msg(gpu_db_find(db, "Radeon AI PRO R9700", &r9700, &err), "%s", err.message);
	given.gpu = &r9700;
	ck_assert_msg(record_analyse(a, db, &rep.records[0], &given, "r9700.csv", &err), "%s",
		      err.message);
	ck_assert_int_eq(rep.records[0].line, 2);
	ck_assert_int_eq(a->r.active_warps_per_sm, 64);
	ck_assert_int_eq(a->r.active_blocks_per_sm, 8);
	kernel_detail_draw(c, (struct rect){ 0, 0, 60, 30 }, &rep.records[0], a);
	text = canvas_text_of(c);
	ck_assert_msg(strstr(text, "Radeon AI PRO R9700, 32 WGPs") != NULL, "%s", text);
	ck_assert_msg(strstr(text, "grid 1, wg 256, 16 VGPRs, 0 B LDS") != NULL, "%s", text);
	ck_assert_msg(strstr(text, "100.0 %  (64 of 64 waves per WGP)") != NULL, "%s", text);
	ck_assert_msg(strstr(text, "workgroups/WGP   8") != NULL, "%s", text);
	/* rounds of workgroups over the GPU (1 / (32 x 8)), as the findings and
	 * the occupancy pane say them: not "per WGP", where waves are wavefronts */
	ck_assert_msg(strstr(text, "GPU waves        0.0039 in all: 0 full + 1 workgroup\n") != NULL,
		      "%s", text);
	ck_assert_msg(strstr(text, "Workgroup limits per WGP (* limits)") != NULL, "%s", text);
	ck_assert_msg(strstr(text, " CU") == NULL && strstr(text, " SM") == NULL &&
		      strstr(text, "block") == NULL && strstr(text, "warp") == NULL, "%s", text);
	free(text);
	canvas_free(c);
	free(a);
	report_done(&rep);
}
END_TEST

START_TEST(test_keys)
{
	struct explorer *e = open_report();
	const struct view *v = explorer_view(e);
	struct canvas *c = canvas_new(80, 24, true);
	char *text;

	explorer_draw(e, c);
	/* o cycles the sort column from id to kernel; O reverses */
	type(e, "o");
	explorer_draw(e, c);
	text = canvas_text_of(c);
	ck_assert_msg(strstr(text, "kernel^") != NULL, "%s", text);
	free(text);
	type(e, "O");
	explorer_draw(e, c);
	text = canvas_text_of(c);
	ck_assert_msg(strstr(text, "kernelv") != NULL, "%s", text);
	free(text);
	/* back to file order: thirteen more columns after kernel */
	type(e, "ooooooooooooo");
	explorer_draw(e, c);
	text = canvas_text_of(c);
	ck_assert_msg(strstr(text, "sorted by check desc") != NULL, "%s", text);
	free(text);
	type(e, "o");
	type(e, "O");
	/* filter as you type (\\, as htop's) */
	type(e, "\\trampoline");
	explorer_draw(e, c);
	text = canvas_text_of(c);
	ck_assert_msg(strstr(text, "filter: trampoline_") != NULL, "%s", text);
	free(text);
	explorer_key(e, KEY_CODE_ENTER);   /* keeps the filter, ends typing */
	explorer_draw(e, c);
	text = canvas_text_of(c);
	ck_assert_msg(strstr(text, "1 of 13 records matching \"trampoline\"") != NULL, "%s", text);
	free(text);
	/* Enter on the only line: record 10 (line 12) becomes the baseline */
	explorer_key(e, KEY_CODE_ENTER);
	ck_assert_uint_eq(v->record, 10);
	ck_assert_int_eq(v->base.launch.block[0], 256);   /* line 12: wgr 256 */
	ck_assert_int_eq(v->cur.launch.regs_per_thread, v->base.launch.regs_per_thread);
	/* the panes show what was picked; 5 goes back to the browser */
	explorer_draw(e, c);
	text = canvas_text_of(c);
	ck_assert_msg(strstr(text, "+- Occupancy") != NULL, "%s", text);
	free(text);
	explorer_key(e, '5');
	explorer_key(e, KEY_CODE_ESC);     /* clears the filter */
	explorer_draw(e, c);
	text = canvas_text_of(c);
	ck_assert_msg(strstr(text, "13 of 13 records") != NULL, "%s", text);
	free(text);
	/* the group toggle */
	type(e, "c");
	explorer_draw(e, c);
	text = canvas_text_of(c);
	/* counted in what they count: 9 groups of the 13 records */
	ck_assert_msg(strstr(text, "9 groups of 13 records") != NULL, "%s", text);
	free(text);
	canvas_free(c);
	explorer_close(e, session);
}
END_TEST

static struct explorer *open_file(const char *name, const char *source)
{
	char path[1024];

	/* From the data directory, so that messages naming the file read the
	 * same in every checkout (the goldens hold them). */
	data_file("", path, sizeof(path));
	ck_assert_msg(chdir(path) == 0, "%s", path);
	return explorer_open(name, source, NULL, true, &session);
}

static char *screen_text(struct explorer *e, int cols, int rows)
{
	struct canvas *c = canvas_new(cols, rows, true);
	char *text;

	ck_assert(c != NULL);
	explorer_draw(e, c);
	text = canvas_text_of(c);
	canvas_free(c);
	return text;
}

/* The A100 file's first kernel (ID 0, lines 4-79): theoretical 100 %
 * (line 41), achieved 23.90 % (line 47), the driver's 16 KiB
 * configuration (line 37). */
START_TEST(test_ncu_record_goldens)
{
	struct explorer *e = open_file(A100, "a100.csv");
	const struct view *v = explorer_view(e);
	static const char *const names[] = { "table", "charts", "sms", "rules", "kernels" };
	char *text;

	golden_screen(e, 200, 60, "ncu_a100_kernels_200x60.txt");
	for (int p = 0; p < 5; p++) {
		char name[64];

		if (p == 1)
			continue;
		explorer_key(e, '1' + p);
		snprintf(name, sizeof(name), "ncu_a100_%s_80x24.txt", names[p]);
		golden_screen(e, 80, 24, name);
	}
	/* the record's own analysis, not a plain one */
	ck_assert(v->is_report);
	ck_assert(v->cur.report.present);
	ck_assert_uint_eq(v->cur.report.changed, 0);
	ck_assert(v->cur.r.smem_config_from_driver);
	ck_assert_int_eq(v->cur.r.smem_config_bytes, 16384);
	ck_assert_double_eq(v->cur.r.theoretical_occupancy_pct, 100.0);
	explorer_key(e, '1');
	golden_screen(e, 200, 60, "ncu_a100_200x60.txt");
	text = screen_text(e, 200, 60);
	ck_assert_msg(strstr(text, "driver chose 16 KB (carveout default)") != NULL, "%s", text);
	ck_assert_msg(strstr(text, "Achieved occupancy far below theoretical (23.9% of 100.0%)"),
		      "%s", text);
	free(text);
	/* a what-if: the cross-check, the measured gap and the driver's choice
	 * go (the runtime's rule applies), and the findings say so */
	explorer_key(e, '+');
	ck_assert(!v->cur.report.check.compared);
	for (int i = 0; i < v->cur.n_findings; i++)
		ck_assert_str_ne(v->cur.findings[i].id, "achieved_gap");
	ck_assert(!v->cur.r.smem_config_from_driver);
	ck_assert_uint_eq(v->cur.report.changed, PARAM_BIT(PARAM_BLOCK));
	ck_assert(v->cur.report.dropped & MEASURED_SMEM_CONFIG);
	/* and back: the launch as measured, all of it again */
	explorer_key(e, '-');
	ck_assert_uint_eq(v->cur.report.changed, 0);
	ck_assert(v->cur.r.smem_config_from_driver);
	ck_assert(v->cur.report.check.compared);
	explorer_key(e, '+');
	golden_screen(e, 80, 24, "ncu_a100_whatif_80x24.txt");
	explorer_close(e, session);
}
END_TEST

/* nvprof --metrics: achieved occupancy per kernel, no launch at all. The
 * browser lists the records with n/a; loading one says why in the status
 * line and the panes, and the explorer goes on. */
START_TEST(test_records_without_launch)
{
	struct explorer *e = open_file("nvprof/magus_gtx1080ti_nvprof_metrics_all_csv_scalarProd_TRUNCATED.csv",
				       "metrics.csv");
	const struct view *v = explorer_view(e);
	char *text;

	golden_screen(e, 80, 24, "nvprof_metrics_kernels_80x24.txt");
	ck_assert(!v->cur.ok);
	ck_assert(v->measured.has_achieved);
	explorer_key(e, KEY_CODE_ENTER);
	explorer_key(e, '1');
	golden_screen(e, 80, 24, "nvprof_metrics_table_80x24.txt");
	explorer_key(e, '3');
	text = screen_text(e, 80, 24);
	ck_assert_msg(strstr(text, "cannot") != NULL, "%s", text);
	free(text);
	explorer_key(e, '+');
	explorer_key(e, 'j');
	explorer_close(e, session);
}
END_TEST

/* The browser's time column holds every duration in its seven cells: a
 * rocprof-compute record of 856,562,635 ns is "856.6ms" (it was cut to
 * "856.56m"), the others keep four figures ("5.40ms", "379.5us"). */
START_TEST(test_durations_fit_their_column)
{
	struct explorer *e = open_file("rocprof/omniperf_tests_mi200_rocprofv1_pmc_SQ_LEVEL_WAVES_"
				       "TRUNCATED.csv", "waves.csv");
	char *text = screen_text(e, 80, 24);

	ck_assert_msg(strstr(text, " 856.6ms |") != NULL, "%s", text);
	ck_assert_msg(strstr(text, "856.56m") == NULL, "%s", text);
	ck_assert_msg(strstr(text, "  5.40ms") != NULL, "%s", text);
	ck_assert_msg(strstr(text, " 379.5us") != NULL, "%s", text);
	free(text);
	explorer_close(e, session);
}
END_TEST

/* Ten nvprof runs appended to one file: the browser says the 40 records are
 * 10 runs of the same 4 kernels. */
START_TEST(test_runs_said)
{
	struct explorer *e = open_file("nvprof/constructed_nvprof_metrics_text_sm_efficiency_"
				       "10runs.txt", "runs.txt");
	char *text = screen_text(e, 80, 24);

	ck_assert_msg(strstr(text, "40 of 40 records in 10 runs  sorted by id asc") != NULL, "%s",
		      text);
	free(text);
	explorer_close(e, session);
}
END_TEST

/* nvprof events per SM (a file constructed for the parser: 3 SMs, lines 4-5):
 * no launch, yet the measured bars are drawn from the events. */
START_TEST(test_per_sm_events)
{
	struct explorer *e = open_file("nvprof/constructed_events_aggregate_off.csv", "events.csv");
	const struct view *v = explorer_view(e);

	ck_assert_int_eq(v->measured.n_sm, 3);
	/* line 4-5: active_warps [100 200 0], active_cycles [10 10 0]; a K40c's 64 warps */
	ck_assert_double_eq_tol(v->measured.sm_pct[1], 200.0 / 10 / 64 * 100, 1e-9);
	ck_assert(v->measured.has_achieved);
	ck_assert_double_eq_tol(v->measured.achieved_pct, 300.0 / 20 / 64 * 100, 1e-9);
	{
		struct occ_error err = { 0 };
		struct report rep;
		struct browser b;

		ck_assert(report_load("nvprof/constructed_events_aggregate_off.csv", &rep, &err));
		init_rows(&b, &rep, "events.csv");
		ck_assert(isnan(browser_line_at(&b, 0)->theoretical_pct));
		ck_assert_double_eq_tol(browser_line_at(&b, 0)->achieved_pct,
					300.0 / 20 / 64 * 100, 1e-9);
		browser_done(&b);
		report_done(&rep);
	}
	explorer_key(e, '3');
	golden_screen(e, 80, 24, "nvprof_events_sms_80x24.txt");
	explorer_close(e, session);
}
END_TEST

/* The CUDA profiler's log (constructed, Tesla M2090): no launch, and an
 * occupancy column that is the profiler's theoretical figure (line 11:
 * _Z13wave3d_kernelPfPKfiif occupancy=[ 0.667 ]). The browser shows it as
 * the profiler's ("(66.7)", said in the first row), never as achieved; the
 * Occupancy pane says whose figure it is. */
START_TEST(test_cudaprof_theory_is_the_profilers)
{
	struct explorer *e = open_file("nvprof/constructed_cudaprof_m2090_kv_cuda_profile_0.log",
				       "cuda_profile_0.log");
	const struct view *v = explorer_view(e);
	char *text;

	golden_screen(e, 80, 24, "cudaprof_kernels_80x24.txt");
	text = screen_text(e, 80, 24);
	ck_assert_msg(strstr(text, "(x) the profiler's") != NULL, "%s", text);
	ck_assert_msg(strstr(text, "(66.7)") != NULL, "%s", text);
	free(text);
	ck_assert(!v->cur.ok);
	ck_assert(!v->measured.has_achieved);
	explorer_key(e, 'j');
	explorer_key(e, KEY_CODE_ENTER);
	explorer_key(e, '1');
	golden_screen(e, 80, 24, "cudaprof_table_80x24.txt");
	text = screen_text(e, 80, 24);
	ck_assert_msg(strstr(text, "What the CUDA profiler computed from the launch (not a") != NULL,
		      "%s", text);
	free(text);
	{
		struct occ_error err = { 0 };
		struct report rep;
		struct browser b;

		ck_assert(report_load("nvprof/constructed_cudaprof_m2090_kv_cuda_profile_0.log", &rep,
				      &err));
		init_rows(&b, &rep, "cuda_profile_0.log");
		ck_assert(b.any_from & BROWSER_THEORY_REPORTED);
		ck_assert(b.rows[1].from & BROWSER_THEORY_REPORTED);
		ck_assert_double_eq_tol(b.rows[1].theoretical_pct, 66.7, 1e-9);
		ck_assert(isnan(b.rows[1].achieved_pct));
		browser_done(&b);
		report_done(&rep);
	}
	explorer_close(e, session);
}
END_TEST

/* issue 22 item 3: a report that names no GPU (the Omniperf MI300X
 * pmc_perf file: three vecCopy records with VGPRs and LDS, no device)
 * opens with the picker for the report's GPU over the browser, its
 * parameters in AMD's words and "GPU ?"; the note says only the GPU is
 * missing. MI300X picked with g in the browser analyses every record at
 * once, each as --gpu MI300X analyses it. */
START_TEST(test_report_gpu)
{
	static const char file[] = "omniperf_tests_mi300x_pmc_perf_ipblocks_CPF.csv";
	struct explorer_options o = { .ascii = true, .source = file, .offer_gpu = true };
	struct session_input *in = calloc(1, sizeof(*in));
	struct analysis *want = malloc(sizeof(*want));
	struct occ_error err = { 0 };
	struct param_set flags = { 0 };
	struct session *cli;
	struct explorer *e;
	const struct view *v;
	struct browser *b;
	char path[1024], *text;
	int status = 0;

	ck_assert(in && want);
	data_file("", path, sizeof(path));
	ck_assert_msg(chdir(path) == 0, "%s", path);
	snprintf(path, sizeof(path), "rocprof/%s", file);
	session = session_new(db, NULL, &err);
	ck_assert_ptr_nonnull(session);
	ck_assert(session_load(session, path, in, stderr, &status));
	e = explorer_new(session, in, 1, &o);
	ck_assert_ptr_nonnull(e);
	v = explorer_view(e);
	b = pane_kernels_browser(e->panes[PANE_KERNELS]);
	ck_assert(!v->cur.ok);
	ck_assert_uint_eq(b->n_gpu_none, 3);
	ck_assert_str_eq(whatif_label(v->whatif, PARAM_BLOCK), "workgroup");
	text = screen_text(e, 120, 40);
	ck_assert_msg(strstr(text, "3 of 3 records name no GPU: pick theirs") != NULL, "%s", text);
	/* the records are AMD's: the picker offers the database's AMD devices
	 * alone, and says so */
	{
		struct gpu mi300x, g;
		size_t amd = 0;
		char want[64];

		ck_assert(gpu_db_find(db, "MI300X", &mi300x, &err));
		for (size_t i = 0; i < gpu_db_device_count(db); i++)
			amd += gpu_db_device_at(db, i, &g) && gpu_same_vendor(&g.arch, &mi300x.arch);
		ck_assert_uint_gt(amd, 20);
		ck_assert_uint_lt(amd, gpu_db_device_count(db));
		snprintf(want, sizeof(want), "%zu of %zu AMD GPUs", amd, amd);
		ck_assert_msg(strstr(text, want) != NULL, "want %s:\n%s", want, text);
		ck_assert_msg(strstr(text, "NVIDIA") == NULL, "%s", text);
	}
	/* before a GPU is picked the tabs and the browser's columns speak the
	 * records' vendor's words too, as the parameter line does */
	ck_assert_msg(strstr(text, "3 Per-CU") != NULL && strstr(text, " wg vgpr   lds ") != NULL &&
		      strstr(text, "wg/CU") != NULL, "%s", text);
	ck_assert_msg(test_nvidia_word(text) == NULL, "says \"%s\":\n%s", test_nvidia_word(text),
		      text);
	golden_screen(e, 120, 40, "report_gpu_prompt_120x40.txt");
	ck_assert_msg(strstr(text, "GPU ?") != NULL, "%s", text);
	ck_assert_msg(strstr(text, "workgroup 256") != NULL && strstr(text, "block 256") == NULL,
		      "%s", text);
	free(text);
	/* Esc leaves it; the note says what is missing */
	explorer_key(e, KEY_CODE_ESC);
	explorer_key(e, '1');
	text = screen_text(e, 120, 40);
	ck_assert_msg(strstr(text, "The report does not say which GPU ran vecCopy") != NULL, "%s",
		      text);
	ck_assert_msg(strstr(text, "does not give the launch") == NULL, "%s", text);
	free(text);
	/* an NVIDIA GPU is refused for AMD records */
	explorer_key(e, '5');
	explorer_key(e, 'g');
	type(e, "H100 SXM");
	/* no AMD device matches: NVIDIA's that do are listed, said so */
	text = screen_text(e, 120, 40);
	ck_assert_msg(strstr(text, "no AMD GPU matches: other vendors' GPUs") != NULL, "%s", text);
	ck_assert_msg(strstr(text, "> NVIDIA H100 80GB HBM3") != NULL, "%s", text);
	free(text);
	explorer_key(e, KEY_CODE_ENTER);
	ck_assert(!v->cur.ok);
	ck_assert_ptr_null(session_report_gpu(session));
	/* g, MI300X */
	explorer_key(e, 'g');
	type(e, "MI300X");
	explorer_key(e, KEY_CODE_ENTER);
	ck_assert(v->cur.ok);
	b = pane_kernels_browser(e->panes[PANE_KERNELS]);
	ck_assert_uint_eq(b->n_gpu_none, 0);
	text = screen_text(e, 120, 40);
	ck_assert_msg(strstr(text, "Instinct MI300X is the GPU of the 3 records that name none") != NULL,
		      "%s", text);
	ck_assert_msg(strstr(text, "GPU ?") == NULL, "%s", text);
	free(text);
	/* the occupancy pane's Report says the GPU in use and who chose it,
	 * not "n/a" (as --print says "--gpu" for it: tests/cli_amd.sh); the
	 * browser's detail says it too */
	ck_assert_str_eq(explorer_view(e)->cur.report.device, "");
	explorer_key(e, '1');
	text = screen_text(e, 200, 60);
	ck_assert_msg(strstr(text, "Device         Instinct MI300X (picked; the report names none)") !=
		      NULL, "%s", text);
	free(text);
	/* the what-if's g offers the record's vendor's GPUs too; Esc keeps it */
	explorer_key(e, 'g');
	text = screen_text(e, 120, 40);
	ck_assert_msg(strstr(text, " AMD GPUs|") != NULL && strstr(text, "NVIDIA") == NULL, "%s",
		      text);
	free(text);
	explorer_key(e, KEY_CODE_ESC);
	ck_assert_str_eq(v->cur.gpu.name, "Instinct MI300X");
	explorer_key(e, '5');
	text = screen_text(e, 200, 60);
	ck_assert_msg(strstr(text, "GPU              Instinct MI300X, 304 CUs (picked") != NULL, "%s",
		      text);
	free(text);
	launch_init(&flags.values);
	flags.set = PARAM_BIT(PARAM_GPU);
	ck_assert(param_parse(PARAM_GPU, "MI300X", &flags.values, NULL, 0, "--gpu", &err));
	cli = session_new(db, &flags, &err);
	ck_assert_ptr_nonnull(cli);
	for (size_t i = 0; i < b->n_rows; i++) {
		struct session_record r = session_input_record(&e->inputs[0], i);

		session_analyse(cli, &r, NULL, NULL, 0, want);
		ck_assert(want->ok);
		ck_assert(b->rows[i].from & BROWSER_GPU_REPORT);
		ck_assert_double_eq(b->rows[i].theoretical_pct, want->r.theoretical_occupancy_pct);
		ck_assert_int_eq(b->rows[i].blocks_per_sm, want->r.active_blocks_per_sm);
	}
	ck_assert_double_eq(v->cur.r.theoretical_occupancy_pct, b->rows[0].theoretical_pct);
	session_free(cli);
	free(want);
	explorer_close(e, session);
}
END_TEST

/* issue 22: the help of every context (browser, what-if, findings, per-CU
 * and the other panes) on AMD records opened without --gpu speaks AMD's
 * words, every page of it, from the engine's table (the records' vendor
 * lends them before a GPU is picked); the per-CU pane's first page is a
 * golden. */
START_TEST(test_help_amd_words)
{
	static const int panes[] = { '5', '1', '2', '3', '4', '6' };
	struct explorer *e = open_file("rocprof/omniperf_tests_mi300x_pmc_perf_ipblocks_CPF.csv",
				       "omniperf_tests_mi300x_pmc_perf_ipblocks_CPF.csv");
	int helps = 0;

	/* no GPU yet: the what-if shows a device of the records' vendor */
	ck_assert_str_eq(engine_words(&explorer_view(e)->whatif->cur.gpu.arch)->unit, "CU");
	for (size_t p = 0; p < sizeof(panes) / sizeof(panes[0]); p++) {
		char *last = NULL;

		explorer_key(e, panes[p]);
		explorer_key(e, '?');
		for (int page = 0; page < 30; page++) {
			char *text = screen_text(e, 120, 40);
			const char *bad = test_nvidia_word(text);

			ck_assert_msg(strstr(text, "Keys (any other key closes") != NULL, "%s", text);
			ck_assert_msg(bad == NULL, "pane %c, page %d says \"%s\":\n%s", panes[p], page,
				      bad, text);
			helps += strstr(text, "show the per-CU occupancy") != NULL;
			if (last && strcmp(last, text) == 0) {
				free(text);
				break;
			}
			free(last);
			last = text;
			explorer_key(e, KEY_CODE_PGDN);
		}
		free(last);
		explorer_key(e, KEY_CODE_ESC);
	}
	ck_assert_int_ge(helps, 6);
	explorer_key(e, '3');
	explorer_key(e, '?');
	golden_screen(e, 120, 40, "help_amd_per_cu_120x40.txt");
	explorer_close(e, session);
}
END_TEST

static bool holds_of(const void *ctx, size_t i)
{
	return ((const bool *)ctx)[i];
}

/* issue 22 item 6: a column's key sorts by it, the figures largest first,
 * and again reverses. DurationNs (the last column of gunrock's lines 2-14):
 * line 4 (Index 2) 231369 ns is the longest, line 11 (Index 9) 1243 ns the
 * shortest. Each column has its own key, and the key table binds each to
 * the sort (keys.h). */
START_TEST(test_sort_by_key)
{
	struct report rep;
	struct browser b;
	char path[1024];
	bool seen[128] = { false };

	load(&rep, path, sizeof(path));
	init_rows(&b, &rep, path);
	ck_assert(browser_sort_by(&b, BROWSER_COL_DURATION));
	ck_assert(b.descending);
	ck_assert_int_eq(browser_line_at(&b, 0)->id, 2);
	ck_assert_int_eq(browser_line_at(&b, 12)->id, 9);
	ck_assert(browser_sort_by(&b, BROWSER_COL_DURATION));
	ck_assert(!b.descending);
	ck_assert_int_eq(browser_line_at(&b, 0)->id, 9);
	/* the name starts ascending */
	ck_assert(browser_sort_by(&b, BROWSER_COL_NAME));
	ck_assert(!b.descending);
	for (int c = 0; c < BROWSER_N_COLUMNS; c++) {
		int k = browser_column_key((enum browser_column)c);

		ck_assert_int_gt(k, 0);
		ck_assert(k < 128 && !seen[k]);
		seen[k] = true;
		ck_assert_int_eq(browser_column_of_key(k), c);
		ck_assert_int_eq(key_action(k, CTX_KERNELS), ACT_KERNEL_SORT_BY);
	}
	ck_assert_int_eq(browser_column_of_key('q'), -1);
	browser_done(&b);
	report_done(&rep);
}
END_TEST

/* `/` and n, N: the copyBuffer records are Index 0-3 and 11 (lines 2-5, 13);
 * the search starts after the selection and wraps. */
START_TEST(test_search)
{
	struct report rep;
	struct browser b;
	char path[1024];

	load(&rep, path, sizeof(path));
	init_rows(&b, &rep, path);
	ck_assert(browser_search(&b, "COPYBUFFER", 0));
	ck_assert_uint_eq(browser_selected_record(&b), 0);
	ck_assert(browser_search(&b, "copybuffer", 1));
	ck_assert_uint_eq(browser_selected_record(&b), 1);
	browser_move(&b, 5);
	ck_assert(browser_search(&b, "copybuffer", 1));
	ck_assert_uint_eq(browser_selected_record(&b), 11);
	ck_assert(browser_search(&b, "copybuffer", 1));
	ck_assert_uint_eq(browser_selected_record(&b), 0);
	ck_assert(browser_search(&b, "copybuffer", -1));
	ck_assert_uint_eq(browser_selected_record(&b), 11);
	ck_assert(browser_search(&b, "trampoline", -1));
	ck_assert_uint_eq(browser_selected_record(&b), 10);
	ck_assert(!browser_search(&b, "no such kernel", 1));
	ck_assert_uint_eq(browser_selected_record(&b), 10);
	browser_done(&b);
	report_done(&rep);

	/* the search model alone: from 2 of 5, items 1 and 4 match */
	{
		static const bool m[5] = { false, true, false, false, true };

		ck_assert(search_holds("adaptive_AVERAGE_pool", "average"));
		ck_assert(!search_holds("reduce", "reduced"));
		ck_assert(search_holds("x", ""));
		ck_assert_uint_eq(search_find(5, 2, 1, holds_of, m), 4);
		ck_assert_uint_eq(search_find(5, 4, 1, holds_of, m), 1);
		ck_assert_uint_eq(search_find(5, 2, -1, holds_of, m), 1);
		ck_assert_uint_eq(search_find(5, 1, 0, holds_of, m), 1);
		ck_assert_uint_eq(search_find(5, 1, -1, holds_of, m), 4);
		ck_assert_uint_eq(search_find(0, 0, 1, holds_of, m), SIZE_MAX);
	}
}
END_TEST

/* Groups that differ only in template arguments read apart: gunrock's
 * Index 4 and 6 (lines 6 and 8) are both thrust's __parallel_for::kernel,
 * one short name, but their full names' template arguments differ; the
 * name shown keeps the templates, drops the return type, the parameter
 * list and rocprof's " [clone .kd]", and a cut in the middle keeps the two
 * apart at 30 cells. */
START_TEST(test_display_names)
{
	struct report rep;
	struct browser b;
	char path[1024], n4[8192], n6[8192], f4[512], f6[512];
	const char *c4, *c6;

	load(&rep, path, sizeof(path));
	init_rows(&b, &rep, path);
	ck_assert_str_eq(rep.records[4].short_name, rep.records[6].short_name);
	browser_display_name(&b, &b.rows[4], n4, sizeof(n4));
	browser_display_name(&b, &b.rows[6], n6, sizeof(n6));
	ck_assert_str_ne(n4, n6);
	ck_assert_msg(strncmp(n4, "thrust::", 8) == 0 && strstr(n4, "kernel<") != NULL, "%s", n4);
	ck_assert_msg(n4[strlen(n4) - 1] == '>' && strstr(n4, "[clone") == NULL, "%s", n4);
	c4 = browser_fit_name(n4, 30, "...", f4, sizeof(f4));
	c6 = browser_fit_name(n6, 30, "...", f6, sizeof(f6));
	ck_assert_int_le(str_display_width(c4), 30);
	ck_assert_str_ne(c4, c6);
	ck_assert_msg(strncmp(c4, "kernel<", 7) == 0 && strstr(c4, "...") != NULL, "%s", c4);
	/* rocprof v1's ".kd" and a name without templates cut at its end */
	browser_display_name(&b, &b.rows[0], n4, sizeof(n4));
	ck_assert_str_eq(n4, "__amd_rocclr_copyBuffer");
	ck_assert_str_eq(browser_fit_name(n4, 12, "...", f4, sizeof(f4)), "__amd_roc...");
	/* the anonymous namespace is a name; a return type and parameters go */
	ck_assert_str_eq(browser_fit_name("at::native::<unnamed>::pool<float>", 20, "...", f4,
					  sizeof(f4)), "pool<float>");
	browser_done(&b);
	report_done(&rep);
}
END_TEST

/* The counts say what they count: grouped, 9 groups of the 13 records;
 * filtered to the copyBuffer kernels (Index 0-3, 11), 3 groups of 5 records
 * (lines 2-4: grd 155648 wgr 512; line 5: grd 512; line 13: wgr 1024). */
START_TEST(test_counts)
{
	struct report rep;
	struct browser b;
	char path[1024];

	load(&rep, path, sizeof(path));
	init_rows(&b, &rep, path);
	ck_assert(browser_set_grouped(&b, true));
	ck_assert_uint_eq(b.n_order, 9);
	ck_assert_uint_eq(b.n_order_records, 13);
	ck_assert(browser_set_filter(&b, "copybuffer"));
	ck_assert_uint_eq(b.n_order, 3);
	ck_assert_uint_eq(b.n_order_records, 5);
	ck_assert(browser_set_grouped(&b, false));
	ck_assert_uint_eq(b.n_order, 5);
	ck_assert_uint_eq(b.n_order_records, 5);
	browser_done(&b);
	report_done(&rep);
}
END_TEST

/* The predicted-achieved column is the waves' prediction of the record's
 * analysis, and the cross-check column how many of Nsight Compute's figures
 * occview differs from: the A100 pooling report agrees on all it gives
 * (test_crosscheck), so every record it compares reads 0. */
START_TEST(test_predicted_and_checked)
{
	static const char file[] = "opinsight_a100_cc80_ncu2022_details_pooling_full_240k.csv";
	struct analysis *a = malloc(sizeof(*a));
	struct occ_error err = { 0 };
	struct session *s = session_new(db, NULL, &err);
	struct report rep;
	struct browser b;
	size_t compared = 0;

	ck_assert(a && s);
	load_clean("ncu/", file, &rep);
	ck_assert(browser_init(&b, s, &rep, data_path("ncu/", file)));
	for (size_t i = 0; i < rep.n; i++) {
		browser_analyse(&b, i, a);
		ck_assert(a->ok);
		ck_assert_double_eq(b.rows[i].predicted_pct, a->w.predicted_achieved_pct);
		if (a->report.check.compared) {
			compared++;
			ck_assert_int_eq(b.rows[i].checked, 0);
		} else {
			ck_assert_int_eq(b.rows[i].checked, -1);
		}
	}
	ck_assert_uint_eq(compared, rep.n);
	/* a disagreement is counted: one figure made to differ */
	rep.records[0].theoretical_occupancy_pct.value -= 10;
	browser_done(&b);
	ck_assert(browser_init(&b, s, &rep, data_path("ncu/", file)));
	ck_assert_int_ge(b.rows[0].checked, 1);
	browser_done(&b);
	report_done(&rep);
	session_free(s);
	free(a);
}
END_TEST

/* The browser at 120x40 on the A100 report (a golden), its colours through
 * the theme's roles: record 1 (line of the second kernel) has theory 75.0,
 * achieved 8.2, a gap of +66.8 points (a warning), registers as its limiter
 * (the limiter's role) and Nsight Compute's figures all agreeing ("=",
 * good). Clicking the "time" header sorts by it, a second click reverses;
 * a click on a line selects it. */
START_TEST(test_colours_and_clicks)
{
	struct explorer *e = open_file(A100, "a100.csv");
	struct canvas *c = canvas_new(120, 40, true);
	struct browser *b = pane_kernels_browser(e->panes[PANE_KERNELS]);
	char row[512];
	int y, x;

	ck_assert_ptr_nonnull(c);
	e->mouse = true;   /* as without --no-mouse */
	golden_screen(e, 120, 40, "ncu_a100_kernels_120x40.txt");
	explorer_draw(e, c);
	y = canvas_find_row(c, "+66.8", row, sizeof(row));
	ck_assert_int_ge(y, 0);
	x = (int)(strstr(row, "+66.8") - row);
	ck_assert_int_eq(canvas_at(c, x, y)->role, CANVAS_WARNING);
	x = (int)(strstr(row, " regs ") - row) + 1;
	ck_assert_int_eq(canvas_at(c, x, y)->role, CANVAS_LIMITER);
	x = (int)(strrchr(row, '=') - row);
	ck_assert_int_eq(canvas_at(c, x, y)->role, CANVAS_GOOD);
	/* the header's "time": sorted by it, then reversed */
	y = canvas_find_row(c, " time ", row, sizeof(row));
	x = (int)(strstr(row, " time ") - row) + 1;
	ck_assert(explorer_click(e, x, y) != REACT_NONE);
	ck_assert_int_eq(b->sort, BROWSER_COL_DURATION);
	ck_assert(b->descending);
	explorer_draw(e, c);
	ck_assert(canvas_shows(c, "timev"));
	ck_assert(explorer_click(e, x, y) != REACT_NONE);
	ck_assert(!b->descending);
	/* a line three below the header */
	explorer_draw(e, c);
	ck_assert(explorer_click(e, x, y + 3) != REACT_NONE);
	ck_assert_uint_eq(b->selected, 2);
	canvas_free(c);
	explorer_close(e, session);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("browser");
	TCase *tc = tcase_create("browser");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_rows);
	tcase_add_test(tc, test_sort);
	tcase_add_test(tc, test_sort_by_id);
	tcase_add_test(tc, test_filter);
	tcase_add_test(tc, test_move_clamped);
	tcase_add_test(tc, test_groups);
	tcase_add_test(tc, test_reload_keeps_the_list);
	tcase_add_test(tc, test_theory_is_the_reports);
	tcase_add_test(tc, test_limiter_blocks_waves);
	tcase_add_test(tc, test_pane_goldens);
	tcase_add_test(tc, test_detail_rdna4_words);
	tcase_add_test(tc, test_keys);
	tcase_add_test(tc, test_report_gpu);
	tcase_add_test(tc, test_help_amd_words);
	tcase_add_test(tc, test_colours_and_clicks);
	tcase_add_test(tc, test_sort_by_key);
	tcase_add_test(tc, test_search);
	tcase_add_test(tc, test_display_names);
	tcase_add_test(tc, test_counts);
	tcase_add_test(tc, test_predicted_and_checked);
	tcase_add_test(tc, test_ncu_record_goldens);
	tcase_add_test(tc, test_runs_said);
	tcase_add_test(tc, test_records_without_launch);
	tcase_add_test(tc, test_durations_fit_their_column);
	tcase_add_test(tc, test_per_sm_events);
	tcase_add_test(tc, test_huge_grid);
	tcase_add_test(tc, test_cudaprof_theory_is_the_profilers);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
