/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_browser_rows.c - the kernel browser's rows given their figures when
 * shown and in idle time (browser_open) equal those given at once
 * (browser_init), over every report of tests/data read as the explorer
 * reads it (session_load: the records packed), without and with --gpu. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "browser.h"
#include "reportutil.h"
#include "testutil.h"

struct tally {
	size_t files, records, lazy;
};

static bool same_num(double a, double b)
{
	return (isnan(a) && isnan(b)) || a == b;
}

static void ck_same_line(const struct browser_line *a, const struct browser_line *b,
			 const char *what)
{
	ck_assert_msg(a->from == b->from && a->record == b->record && a->count == b->count &&
		      a->group == b->group && a->id == b->id && a->grid_blocks == b->grid_blocks &&
		      a->block_threads == b->block_threads && a->registers == b->registers &&
		      a->smem_bytes == b->smem_bytes && a->vendor == b->vendor &&
		      a->limiter == b->limiter && a->blocks_per_sm == b->blocks_per_sm &&
		      a->checked == b->checked && a->name_cells == b->name_cells &&
		      a->figures == b->figures, "%s: the lines differ", what);
	ck_assert_msg(same_num(a->theoretical_pct, b->theoretical_pct) &&
		      same_num(a->achieved_pct, b->achieved_pct) &&
		      same_num(a->duration_ns, b->duration_ns) && same_num(a->waves, b->waves) &&
		      same_num(a->predicted_pct, b->predicted_pct), "%s: the figures differ", what);
}

/* file's rows both ways with flags (NULL: none). */
static void compare(const char *file, const struct param_set *flags, struct tally *t)
{
	struct occ_error err = { 0 };
	struct session *s = session_new(db, flags, &err);
	struct session_input *in = calloc(1, sizeof(*in));
	struct browser eager, lazy;
	char path[1024], what[1200];
	int status = 0;
	FILE *quiet = fopen("/dev/null", "w");
	size_t n;

	ck_assert_ptr_nonnull(s);
	ck_assert_ptr_nonnull(in);
	ck_assert_ptr_nonnull(quiet);
	snprintf(path, sizeof(path), "%s", data_path("", file));
	if (!session_load(s, path, in, quiet, &status) || in->kind != SESSION_REPORT ||
	    in->report.n == 0) {
		session_input_done(in);
		free(in);
		fclose(quiet);
		session_free(s);
		return;
	}
	fclose(quiet);
	n = in->report.n;
	t->files++;
	ck_assert(browser_init(&eager, s, &in->report, path));
	ck_assert(browser_open(&lazy, s, &in->report, path));
	ck_assert_uint_eq(eager.n_pending, 0);
	/* nothing analysed yet, the ids and the GPUs known */
	ck_assert_uint_eq(lazy.n_pending, n);
	ck_assert_uint_eq(lazy.n_gpu_none, eager.n_gpu_none);
	for (size_t i = 0; i < n; i++) {
		struct report_record tmp;
		const struct report_record *rec = report_peek(&in->report, i, &tmp);

		ck_assert_ptr_nonnull(rec);
		ck_assert_int_eq(lazy.rows[i].id, report_record_id(rec, i));
		ck_assert_int_eq(lazy.rows[i].id, eager.rows[i].id);
		ck_assert(!lazy.rows[i].figures);
		/* the name's width measured without writing it: the written
		 * name's */
		{
			char name[1024];

			browser_display_name(&lazy, &lazy.rows[i], name, sizeof(name));
			ck_assert_uint_eq(lazy.rows[i].name_cells, str_display_width(name));
		}
		report_unpeek(rec, &tmp);
	}
	/* a screen in the middle, then the rest in slices */
	if (n >= 10) {
		ck_assert(browser_show(&lazy, n / 2, 5));
		ck_assert_uint_eq(lazy.n_pending, n - 5);
		for (size_t i = n / 2; i < n / 2 + 5; i++) {
			struct browser_line l = lazy.rows[lazy.order[i]];

			snprintf(what, sizeof(what), "%s line %zu shown", file, i);
			ck_assert(l.figures);
			/* its group comes with the last row's figures */
			l.group = eager.rows[eager.order[i]].group;
			ck_same_line(&l, &eager.rows[eager.order[i]], what);
		}
		ck_assert_ptr_null(lazy.groups);
		t->lazy++;
	}
	while (lazy.n_pending > 0)
		ck_assert(browser_work(&lazy, 3));
	for (size_t i = 0; i < n; i++) {
		snprintf(what, sizeof(what), "%s row %zu", file, i);
		ck_same_line(&lazy.rows[i], &eager.rows[i], what);
	}
	/* the groups, made when first asked for */
	ck_assert_ptr_null(lazy.groups);
	ck_assert(browser_set_grouped(&eager, true));
	ck_assert(browser_set_grouped(&lazy, true));
	ck_assert_uint_gt(lazy.n_groups, 0);
	ck_assert_uint_eq(lazy.n_groups, eager.n_groups);
	for (size_t i = 0; i < n; i++) {
		snprintf(what, sizeof(what), "%s row %zu grouped", file, i);
		ck_same_line(&lazy.rows[i], &eager.rows[i], what);
	}
	for (size_t i = 0; i < eager.n_groups; i++) {
		snprintf(what, sizeof(what), "%s group %zu", file, i);
		ck_same_line(&lazy.groups[i], &eager.groups[i], what);
	}
	ck_assert_uint_eq(lazy.any_from, eager.any_from);
	ck_assert_ptr_eq(lazy.words, eager.words);
	ck_assert_str_eq(lazy.per_unit_label, eager.per_unit_label);
	ck_assert_int_eq(lazy.name_w, eager.name_w);
	t->records += n;
	browser_done(&eager);
	browser_done(&lazy);
	session_input_done(in);
	free(in);
	session_free(s);
}

static void without_gpu(const char *file, void *ctx)
{
	compare(file, NULL, ctx);
}

static void with_gpu(const char *file, void *ctx)
{
	struct param_set flags = { 0 };
	struct occ_error err = { 0 };

	launch_init(&flags.values);
	flags.set = PARAM_BIT(PARAM_GPU);
	ck_assert(param_parse(PARAM_GPU, "MI300X", &flags.values, NULL, 0, "--gpu", &err));
	compare(file, &flags, ctx);
}

START_TEST(lazy_rows_are_the_eager_ones)
{
	struct tally t = { 0 };

	each_report_file(without_gpu, &t);
	ck_assert_uint_gt(t.files, 30);
	ck_assert_uint_gt(t.records, 1000);
	ck_assert_uint_gt(t.lazy, 10);
	printf("%zu reports, %zu records, %zu shown in part first\n", t.files, t.records, t.lazy);
}
END_TEST

START_TEST(lazy_rows_are_the_eager_ones_with_gpu)
{
	struct tally t = { 0 };

	each_report_file(with_gpu, &t);
	ck_assert_uint_gt(t.files, 30);
	ck_assert_uint_gt(t.records, 1000);
}
END_TEST

/* A sort by a figure and the groups take every row's figures first: the
 * 13 records of the gunrock MI300 report, sorted by theoretical occupancy
 * and grouped, in the order browser_init's rows give. */
START_TEST(figures_first_for_sort_and_groups)
{
	struct occ_error err = { 0 };
	struct session *s = session_new(db, NULL, &err);
	struct report rep = { 0 };
	struct browser eager, lazy;
	const char *path = data_path("rocprof/", "gunrock_mi300_rocprofv1_results_TRUNCATED.csv");

	ck_assert_ptr_nonnull(s);
	ck_assert(report_load(path, &rep, &err));
	ck_assert_uint_eq(rep.n, 13);
	ck_assert(browser_init(&eager, s, &rep, path));
	ck_assert(browser_open(&lazy, s, &rep, path));
	/* by name: known from the start, nothing analysed */
	ck_assert(browser_set_sort(&lazy, BROWSER_COL_NAME, false));
	ck_assert(browser_set_filter(&lazy, "kernel"));
	ck_assert_uint_eq(lazy.n_pending, 13);
	ck_assert(browser_set_filter(&lazy, ""));
	ck_assert(browser_set_sort(&eager, BROWSER_COL_THEORETICAL, true));
	ck_assert(browser_set_sort(&lazy, BROWSER_COL_THEORETICAL, true));
	ck_assert_uint_eq(lazy.n_pending, 0);
	ck_assert_uint_eq(lazy.n_order, eager.n_order);
	for (size_t i = 0; i < eager.n_order; i++)
		ck_assert_uint_eq(lazy.order[i], eager.order[i]);
	browser_done(&lazy);
	ck_assert(browser_open(&lazy, s, &rep, path));
	ck_assert(browser_set_grouped(&lazy, true));
	ck_assert(browser_set_grouped(&eager, true));
	ck_assert_uint_eq(lazy.n_pending, 0);
	ck_assert_uint_eq(lazy.n_groups, eager.n_groups);
	ck_assert_uint_eq(lazy.n_order, eager.n_order);
	browser_done(&lazy);
	browser_done(&eager);
	report_done(&rep);
	session_free(s);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("browser_rows");
	TCase *tc = tcase_create("browser_rows");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, lazy_rows_are_the_eager_ones);
	tcase_add_test(tc, lazy_rows_are_the_eager_ones_with_gpu);
	tcase_add_test(tc, figures_first_for_sort_and_groups);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
