/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_report_picker.c - the GPU picker for a report's records that name no
 * GPU lists first the GPUs that run them: on the R9700's wave32 rocprof
 * report (gfx1201, wave_size 32 on every line) Enter at once picks an RDNA
 * GPU the records run on, where the database's first AMD device (a CDNA
 * GPU, wave64 only) ran none; the explorer's browser is lazy on its 1,963
 * records and every row gets its figures in idle time. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "browser.h"
#include "explorer.h"
#include "explorer_state.h"
#include "paneutil.h"
#include "reportutil.h"
#include "testutil.h"

#define R9700 "rocprof/llamacpp_r9700_gfx1201_rocprofv1_results_wave32.csv"

START_TEST(runners_first)
{
	struct explorer_options o = { .ascii = true, .source = "r9700.csv", .offer_gpu = true };
	struct session_input *in = calloc(1, sizeof(*in));
	struct occ_error err = { 0 };
	struct session *s = session_new(db, NULL, &err);
	struct explorer *e;
	struct browser *b;
	struct gpu first_amd, mi300x, g;
	const struct gpu *picked;
	int status = 0;
	size_t ran = 0;

	ck_assert_ptr_nonnull(in);
	ck_assert_ptr_nonnull(s);
	ck_assert(session_load(s, data_path("", R9700), in, stderr, &status));
	ck_assert_uint_eq(in->report.n, 1963);
	e = explorer_new(s, in, 1, &o);
	ck_assert_ptr_nonnull(e);
	b = pane_kernels_browser(e->panes[PANE_KERNELS]);
	ck_assert_uint_eq(b->n_gpu_none, 1963);
	/* the first AMD device of the database runs none of them (the reason
	 * to order the picker): a wave64-only GPU */
	ck_assert(gpu_db_find(db, "MI300X", &mi300x, &err));
	for (size_t i = 0; i < gpu_db_device_count(db); i++)
		if (gpu_db_device_at(db, i, &first_amd) && gpu_same_vendor(&first_amd.arch, &mi300x.arch))
			break;
	ck_assert(gpu_same_vendor(&first_amd.arch, &mi300x.arch));
	ck_assert_msg(!first_amd.arch.amd.wave32, "%s", first_amd.name);
	/* the picker is open (offer_gpu): Enter takes its first entry */
	explorer_key(e, KEY_CODE_ENTER);
	picked = session_report_gpu(s);
	ck_assert_ptr_nonnull(picked);
	g = *picked;
	ck_assert_msg(strcmp(g.name, first_amd.name) != 0, "picked %s", g.name);
	/* every row analysed in idle time, and on the GPU picked they run */
	while (explorer_busy(e))
		explorer_tick(e);
	ck_assert_uint_eq(b->n_pending, 0);
	for (size_t i = 0; i < b->n_rows; i++)
		ran += !isnan(b->rows[i].theoretical_pct) && (b->rows[i].from & BROWSER_GPU_REPORT);
	ck_assert_uint_eq(ran, 1963);
	explorer_close(e, s);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("report_picker");
	TCase *tc = tcase_create("report_picker");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, runners_first);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
