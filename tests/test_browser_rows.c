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
	/* records whose name's width came from another record of the same
	 * name (browser_display_cells_kept) */
	size_t kept;
	/* reports grouped both by name keys and by name texts */
	size_t keyed_groups;
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
	bool *seen;
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
	seen = calloc(report_name_keys(&in->report), sizeof(*seen));
	ck_assert_ptr_nonnull(seen);
	for (size_t i = 0; i < n; i++) {
		uint32_t key = report_name_key_at(&in->report, i);

		/* a name seen before keeps its width (a count in a byte would
		 * wrap at 256 records of one name) */
		if (key && seen[key])
			t->kept++;
		seen[key] = true;
	}
	free(seen);
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
	browser_done(&lazy);
	/* grouped by the names' keys (packed, every record named), then by
	 * their texts (the same report unpacked: no keys): the same groups */
	if (in->report.packed && report_name_key_at(&in->report, 0)) {
		struct browser plain;

		ck_assert(report_unpack(&in->report));
		ck_assert_uint_eq(report_name_key_at(&in->report, 0), 0);
		ck_assert(browser_init(&plain, s, &in->report, path));
		ck_assert(browser_set_grouped(&plain, true));
		ck_assert_uint_eq(plain.n_groups, eager.n_groups);
		for (size_t i = 0; i < n; i++)
			ck_assert_uint_eq(plain.rows[i].group, eager.rows[i].group);
		for (size_t i = 0; i < eager.n_groups; i++) {
			snprintf(what, sizeof(what), "%s group %zu by text", file, i);
			ck_same_line(&plain.groups[i], &eager.groups[i], what);
		}
		t->keyed_groups++;
		browser_done(&plain);
	}
	browser_done(&eager);
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
	ck_assert_uint_gt(t.kept, 1000);
	ck_assert_uint_gt(t.keyed_groups, 20);
	printf("%zu reports, %zu records, %zu shown in part first, %zu names' widths kept, "
	       "%zu grouped by name keys\n", t.files, t.records, t.lazy, t.kept, t.keyed_groups);
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

/* The display name's scan as it was a byte at a time (main at 75bb1f6),
 * the reference for the one that reads 16 bytes a step: [*start, end) and
 * whether those bytes are printable ASCII. */
static bool reference_span(const char *full, size_t *start, size_t *end, bool *plain)
{
	size_t n = strlen(full), from = 0, last_odd = SIZE_MAX;
	int depth = 0;

	while (n > 0 && full[n - 1] == ' ')
		n--;
	if (n >= 11 && memcmp(full + n - 11, "[clone .kd]", 11) == 0)
		n -= 11;
	else if (n >= 5 && memcmp(full + n - 5, "(.kd)", 5) == 0)
		n -= 5;
	else if (n >= 3 && memcmp(full + n - 3, ".kd", 3) == 0)
		n -= 3;
	while (n > 0 && full[n - 1] == ' ')
		n--;
	if (n > 0 && full[n - 1] == ')') {
		for (size_t i = n; i-- > 0;) {
			if (full[i] == ')')
				depth++;
			else if (full[i] == '(' && --depth == 0) {
				n = i;
				break;
			}
		}
	}
	depth = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)full[i];

		if (c == '<' || c == '(' || c == '[')
			depth++;
		else if (c == '>' || c == ')' || c == ']') {
			if (depth > 0)
				depth--;
		} else if (c == ' ') {
			if (depth == 0)
				from = i + 1;
		} else if (c < 0x20 || c >= 0x7f) {
			last_odd = i;
		}
	}
	*start = from;
	*end = n;
	*plain = last_odd == SIZE_MAX || last_odd < from;
	return from < n;
}

/* 20,000 random names of brackets, blanks, letters, rocprof's suffixes,
 * UTF-8 (a CJK character: two cells), control and DEL bytes, up to 300
 * bytes (a 16-byte step, its tail and names shorter than a step): each
 * record's display name and its width are the byte-at-a-time scan's. */
START_TEST(display_names_are_the_byte_scans)
{
	static const char *const parts[] = {
		"<", ">", "(", ")", "[", "]", " ", "a", "ns::", "kernel", "_", "1", ",",
		".kd", "(.kd)", " [clone .kd]", "\xe6\xbc\xa2", "\x01", "\x7f", "void ", "int",
	};
	struct report rep = { 0 };
	struct browser b = { 0 };
	char name[512];

	srand(24);
	for (int k = 0; k < 20000; k++) {
		struct report_record *r = report_add(&rep, k + 2);
		size_t len = 0, target = (size_t)(rand() % 300);

		ck_assert_ptr_nonnull(r);
		while (len < target) {
			const char *p = parts[rand() % (int)(sizeof(parts) / sizeof(parts[0]))];
			size_t n = strlen(p);

			if (len + n >= sizeof(name))
				break;
			memcpy(name + len, p, n);
			len += n;
		}
		name[len] = '\0';
		r->name = strdup(name);
		r->short_name = "short";
		ck_assert_ptr_nonnull(r->name);
	}
	b.report = &rep;
	for (size_t i = 0; i < rep.n; i++) {
		const char *full = rep.records[i].name;
		struct browser_line l = { .record = (uint32_t)i };
		size_t start, end;
		bool plain;
		char want[1024], got[1024];

		if (reference_span(full, &start, &end, &plain))
			snprintf(want, sizeof(want), "%.*s", (int)(end - start), full + start);
		else
			snprintf(want, sizeof(want), "%s", "short");
		browser_display_name(&b, &l, got, sizeof(got));
		ck_assert_msg(strcmp(got, want) == 0, "record %zu \"%s\": \"%s\", not \"%s\"", i,
			      full, got, want);
		ck_assert_uint_eq(browser_display_cells(&b, i), str_display_width(want));
	}
	report_done(&rep);
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
	tcase_add_test(tc, display_names_are_the_byte_scans);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
