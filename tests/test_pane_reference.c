/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_pane_reference.c - comparisons in the explorer: a reference (r, x):
 * a record of the A100 pooling report made the reference in the kernel
 * browser, another record loaded, and the table's change columns equal to
 * --compare's (the core's compare_deltas), R on the charts, the reference's
 * per-SM bars; a what-if made the reference; and the GPUs compared (--gpu
 * A,B,..., C) following the what-if. Goldens at 80x24 and 200x60. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compare.h"
#include "explorer.h"
#include "golden.h"
#include "keys.h"
#include "paneutil.h"
#include "reportutil.h"
#include "testutil.h"

/* 240 records of an A100; record 0 (ID 0, lines 4-79): theoretical 100 %,
 * achieved 23.90 %; record 1 (ID 1, lines 80-...): theoretical 75 %,
 * achieved 8.19 % (Nsight Compute's own figures). */
#define A100 "ncu/opinsight_a100_cc80_ncu2022_details_pooling_full_240k.csv"

static struct session *session;

static struct explorer *open_a100(void)
{
	char path[1024];

	/* From the data directory, so that the messages naming the file read
	 * the same in every checkout (the goldens hold them). */
	snprintf(path, sizeof(path), "%s", data_path("", ""));
	ck_assert_msg(chdir(path) == 0, "%s", path);
	return explorer_open(A100, "a100.csv", NULL, true, &session);
}

static char *screen_of(struct explorer *e, int cols, int rows, const char *golden)
{
	struct canvas *c = canvas_new(cols, rows, true);
	char *text;

	ck_assert(c != NULL);
	explorer_draw(e, c);
	if (golden)
		golden_canvas(golden, c);
	text = canvas_text_of(c);
	canvas_free(c);
	return text;
}

START_TEST(test_record_reference)
{
	struct explorer *e = open_a100();
	const struct view *v = explorer_view(e);
	struct compare_delta d;
	char *text;

	/* the browser is on screen: r takes its selected record (0) */
	free(screen_of(e, 80, 24, NULL));
	explorer_key(e, 'r');
	ck_assert(v->has_ref);
	ck_assert(v->ref.ok);
	ck_assert_double_eq(v->ref.r.theoretical_occupancy_pct, 100.0);
	ck_assert_double_eq(v->ref.report.achieved_occupancy_pct.value, 23.90);
	text = screen_of(e, 80, 24, NULL);
	ck_assert_msg(strstr(text, "record 1 adaptive_average_pool") == NULL, "%s", text);
	ck_assert_msg(strstr(text, "is the reference (x clears it)") != NULL, "%s", text);
	free(text);
	/* record 1 loaded: the table shows its change from record 0 */
	explorer_key(e, 'j');
	explorer_key(e, KEY_CODE_ENTER);
	ck_assert_uint_eq(v->record, 1);
	ck_assert_double_eq(v->cur.r.theoretical_occupancy_pct, 75.0);
	compare_deltas(&v->ref, &v->cur, &d);
	ck_assert(d.ok);
	ck_assert_double_eq(d.occupancy_pct, -25.0);
	ck_assert_double_eq_tol(d.achieved_pct, 8.19 - 23.90, 1e-9);
	ck_assert(d.limiter_changed);
	text = screen_of(e, 80, 24, "reference_table_80x24.txt");
	ck_assert_msg(strstr(text, "Change from the reference: record 0 ") != NULL, "%s", text);
	/* now, then the reference, then now minus the reference, as
	 * --compare sets two records side by side */
	ck_assert_msg(strstr(text, "100.0%                 75.0%") == NULL, "%s", text);
	ck_assert_msg(strstr(text, "occupancy           75.0%                  100.0%                 "
				   "-25.0") != NULL, "%s", text);
	ck_assert_msg(strstr(text, "achieved            8.2% (measured)        23.9% (measured)       "
				   "-15.7") != NULL, "%s", text);
	/* the change is of the figures shown: 0.40 against 0.00 */
	ck_assert_msg(strstr(text, "0.40                   0.00                   +0.40") != NULL,
		      "%s", text);
	free(text);
	free(screen_of(e, 200, 60, "reference_200x60.txt"));
	/* the charts mark record 0's point: block 512 at 64 warps (its own
	 * 100 %), registers 26, shared memory 16 B */
	explorer_key(e, '2');
	free(screen_of(e, 80, 24, "reference_charts_80x24.txt"));
	/* the per-SM pane: record 1's bars and record 0's (one block of 16
	 * warps on SM 0: 25 % there, the predicted achieved over the SMs that
	 * run; nothing elsewhere) */
	explorer_key(e, '3');
	free(screen_of(e, 80, 24, "reference_sms_80x24.txt"));
	text = screen_of(e, 200, 60, NULL);
	ck_assert_msg(strstr(text, "; reference (:) 25.0%") != NULL, "%s", text);
	ck_assert_msg(strstr(text, "|:####") != NULL, "%s", text);
	free(text);
	/* x clears it: the table is as before */
	explorer_key(e, 'x');
	ck_assert(!v->has_ref);
	text = screen_of(e, 80, 24, NULL);
	ck_assert_msg(strstr(text, "Change from the reference") == NULL, "%s", text);
	free(text);
	explorer_close(e, session);
}
END_TEST

/* Outside the browser r takes the what-if as it stands: a block of 512
 * made the reference, then 256: the change is the engine's on both. */
START_TEST(test_whatif_reference)
{
	struct explorer *e = open_a100();
	const struct view *v = explorer_view(e);
	struct analysis was;
	struct compare_delta d;
	char *text;

	explorer_key(e, '1');
	free(screen_of(e, 80, 24, NULL));
	explorer_key(e, 'r');
	ck_assert(v->has_ref);
	was = v->cur;
	ck_assert_double_eq(v->ref.r.theoretical_occupancy_pct, was.r.theoretical_occupancy_pct);
	/* registers up until occupancy drops */
	for (int i = 0; i < 40 && v->cur.r.theoretical_occupancy_pct == was.r.theoretical_occupancy_pct;
	     i++) {
		while (v->whatif->focus != PARAM_REGISTERS)
			explorer_key(e, KEY_CODE_TAB);
		explorer_key(e, '+');
	}
	ck_assert(v->cur.r.theoretical_occupancy_pct < was.r.theoretical_occupancy_pct);
	compare_deltas(&was, &v->cur, &d);
	text = screen_of(e, 80, 24, "reference_whatif_80x24.txt");
	ck_assert_msg(strstr(text, "Change from the reference: what-if ") != NULL, "%s", text);
	{
		char want[64];

		snprintf(want, sizeof(want), "%+.1f", d.occupancy_pct);
		ck_assert_msg(strstr(text, want) != NULL, "%s lacks %s", text, want);
	}
	free(text);
	explorer_close(e, session);
}
END_TEST

/* --gpu H100,A100,MI300X (registers 64, block 256, carveout 50): the
 * table lists the three, each as the explorer on that GPU alone shows
 * the launch, and follows the what-if; C removes the current GPU. */
START_TEST(test_gpus_compared)
{
	static const char *const names[] = { "H100", "A100", "MI300X" };
	struct param_set flags;
	struct explorer *e;
	const struct view *v;
	char *text;

	side_by_side_flags(&flags, "H100,A100,MI300X");
	e = explorer_open_flags(&flags, true, &session);
	v = explorer_view(e);
	explorer_key(e, KEY_CODE_ESC);   /* the --gpu note */
	ck_assert_uint_eq(v->n_gpus, 3);
	for (size_t i = 0; i < 3; i++) {
		struct param_set one;
		struct session *s1;
		struct explorer *e1;

		side_by_side_flags(&one, names[i]);
		if (i == 2)   /* AMD has no carveout: not applicable there */
			one.set &= ~PARAM_BIT(PARAM_CARVEOUT);
		e1 = explorer_open_flags(&one, true, &s1);
		ck_assert_msg(explorer_view(e1)->cur.ok, "%s: %s", names[i],
			      explorer_view(e1)->cur.error.message);
		ck_assert(v->on_gpu[i].ok);
		ck_assert_double_eq(v->on_gpu[i].r.theoretical_occupancy_pct,
				    explorer_view(e1)->cur.r.theoretical_occupancy_pct);
		ck_assert_double_eq(v->on_gpu[i].w.waves_per_sm, explorer_view(e1)->cur.w.waves_per_sm);
		explorer_close(e1, s1);
	}
	text = screen_of(e, 80, 24, "gpus_compared_80x24.txt");
	ck_assert_msg(strstr(text, "GPUs compared") != NULL, "%s", text);
	free(text);
	free(screen_of(e, 200, 60, "gpus_compared_200x60.txt"));
	/* a what-if: registers down to 32 follow on every GPU */
	while (v->whatif->focus != PARAM_REGISTERS)
		explorer_key(e, KEY_CODE_TAB);
	for (int i = 0; i < 32; i++)
		explorer_key(e, '-');
	ck_assert_int_eq(v->cur.launch.regs_per_thread, 32);
	ck_assert_double_eq(v->on_gpu[0].r.theoretical_occupancy_pct, v->cur.r.theoretical_occupancy_pct);
	ck_assert_int_eq(v->on_gpu[1].launch.regs_per_thread, 32);
	ck_assert_int_eq(v->on_gpu[2].launch.regs_per_thread, 32);
	free(screen_of(e, 80, 24, "gpus_compared_whatif_80x24.txt"));
	/* C: the current GPU (the H100) leaves the list */
	explorer_key(e, 'C');
	ck_assert_uint_eq(v->n_gpus, 2);
	ck_assert(strstr(v->gpus[0].name, "A100") != NULL);
	explorer_close(e, session);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("pane_reference");
	TCase *tc = tcase_create("pane_reference");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_record_reference);
	tcase_add_test(tc, test_whatif_reference);
	tcase_add_test(tc, test_gpus_compared);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
