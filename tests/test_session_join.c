/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_session_join.c - nvprof's per-kernel metrics joined to the launches
 * of a GPU trace, on real pairs of the same application and GPU
 * (leimingyu/magus, GTX 1080 Ti; tests/data/README): --print and the
 * explorer see the same joined records, whichever order the files come in;
 * a value is joined only where it is each launch's own, and the notes say
 * what was joined and why the rest was not. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "explorer.h"
#include "explorer_state.h"
#include "paneutil.h"
#include "readfile.h"
#include "reportutil.h"
#include "session_join.h"

#define TRACE "magus_gtx1080ti_nvprof_print_gpu_trace_csv_shflscan.csv"
#define METRICS "magus_gtx1080ti_nvprof_metrics_all_csv_shflscan_TRUNCATED.csv"
#define SP_TRACE "magus_gtx1080ti_nvprof_print_gpu_trace_csv_scalarProd.csv"
#define SP_METRICS "magus_gtx1080ti_nvprof_metrics_all_csv_scalarProd_TRUNCATED.csv"

/* What --print analysed, record by record. */
struct printed {
	size_t n;
	char name[16][256];
	struct report_num achieved[16];
	char from[16][1024];      /* "" where the record's own report measured it */
};

static bool collect(void *ctx, const struct analysis *a, const struct report_record *rec)
{
	struct printed *p = ctx;

	(void)rec;
	ck_assert_uint_lt(p->n, 16);
	snprintf(p->name[p->n], sizeof(p->name[0]), "%s", a->launch.kernel);
	p->achieved[p->n] = a->report.achieved_occupancy_pct;
	snprintf(p->from[p->n], sizeof(p->from[0]), "%s",
		 a->report.achieved_from ? a->report.achieved_from : "");
	p->n++;
	return true;
}

/* --print on files (in tests/data/nvprof, or absolute); msgs returned. */
static char *print(const char *a, const char *b, int status, struct printed *out)
{
	char pa[1200], pb[1200], *files[2] = { pa, pb };
	struct session_emit emit = { .analysis = collect, .ctx = out };
	struct occ_error err = { 0 };
	struct session *s = session_new(db, NULL, &err);
	char *msgs = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&msgs, &len);

	ck_assert_ptr_nonnull(s);
	ck_assert_ptr_nonnull(f);
	snprintf(pa, sizeof(pa), "%s", a[0] == '/' ? a : data_path("nvprof/", a));
	snprintf(pb, sizeof(pb), "%s", b[0] == '/' ? b : data_path("nvprof/", b));
	memset(out, 0, sizeof(*out));
	ck_assert_int_eq(session_print(s, files, 2, NULL, 0, &emit, f), status);
	fclose(f);
	session_free(s);
	return msgs;
}

#define CK_ABSENT_AT(p, i) ck_assert_msg(!(p).achieved[i].present, "record %d has a value", i)

/* The trace's kernels (lines 8, 9, 10, 15, 17): shfl_scan_test twice (grid
 * 256, then 1), uniform_add, shfl_intimage_rows, shfl_vertical_shfl. The
 * metrics: one invocation each of the last three, achieved_occupancy
 * 0.609497, 0.847852 and 0.267684 (Min = Max = Avg); shfl_scan_test's two
 * from 0.124191 to 0.725415, Avg 0.424803: not each launch's own. */
static void ck_shflscan(const struct printed *p, const char *msgs)
{
	ck_assert_uint_eq(p->n, 5);
	ck_assert_str_eq(p->name[0], "shfl_scan_test");
	CK_ABSENT_AT(*p, 0);
	CK_ABSENT_AT(*p, 1);
	ck_assert_str_eq(p->name[2], "uniform_add");
	CK_NUM(p->achieved[2], 60.9497);
	ck_assert_str_eq(p->name[3], "shfl_intimage_rows");
	CK_NUM(p->achieved[3], 84.7852);
	ck_assert_str_eq(p->name[4], "shfl_vertical_shfl");
	CK_NUM(p->achieved[4], 26.7684);
	ck_assert_ptr_nonnull(strstr(p->from[2], METRICS));
	ck_assert_str_eq(p->from[0], "");
	ck_assert_msg(strstr(msgs, "joined 3 of 4 kernels of ") != NULL, "%s", msgs);
	ck_assert_msg(strstr(msgs, TRACE " by kernel name and invocation\n") != NULL, "%s", msgs);
	ck_assert_msg(strstr(msgs, "shfl_scan_test not joined: 2 invocations measured from 12.4% "
			      "to 72.5% achieved occupancy, and nvprof gave only their average "
			      "(42.5%)") != NULL, "%s", msgs);
}

START_TEST(print_joins_either_order)
{
	struct printed p;
	char *msgs;

	msgs = print(TRACE, METRICS, 0, &p);
	ck_shflscan(&p, msgs);
	free(msgs);
	msgs = print(METRICS, TRACE, 0, &p);
	ck_shflscan(&p, msgs);
	free(msgs);
}
END_TEST

/* scalarProd: one launch (trace line 8), one invocation, 0.562536. */
START_TEST(print_joins_scalarprod)
{
	struct printed p;
	char *msgs = print(SP_TRACE, SP_METRICS, 0, &p);

	ck_assert_uint_eq(p.n, 1);
	CK_NUM(p.achieved[0], 56.2536);
	ck_assert_msg(strstr(msgs, "joined 1 of 1 kernel of ") != NULL, "%s", msgs);
	free(msgs);

	/* Another application's metrics: nothing in common, nothing joined. */
	msgs = print(SP_TRACE, METRICS, 0, &p);
	ck_assert_uint_eq(p.n, 1);
	CK_ABSENT_AT(p, 0);
	ck_assert_msg(strstr(msgs, "joined 0 of 4 kernels") != NULL, "%s", msgs);
	ck_assert_msg(strstr(msgs, "uniform_add not joined: no launch of it in ") != NULL, "%s",
		      msgs);
	free(msgs);
}
END_TEST

/* A copy of a file with line `line` written twice or replaced. */
static void edited(const char *file, int line, const char *replace, bool twice, char *out,
		   size_t size)
{
	char *text, *p, *e, dir[] = "/tmp/occview-join-XXXXXX";
	struct occ_error err = { 0 };
	size_t len;
	FILE *f;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(out, size, "%s/%s", dir, file);
	text = str_read_file(data_path("nvprof/", file), 1 << 20, &len, &err);
	ck_assert_ptr_nonnull(text);
	f = fopen(out, "w");
	ck_assert_ptr_nonnull(f);
	p = text;
	for (int n = 1; n < line; n++)
		p = strchr(p, '\n') + 1;
	e = strchr(p, '\n') + 1;
	fwrite(text, 1, (size_t)(p - text), f);
	if (replace)
		fputs(replace, f);
	else
		fwrite(p, 1, (size_t)(e - p), f);
	if (twice)
		fwrite(p, 1, (size_t)(e - p), f);
	fputs(e, f);
	fclose(f);
	free(text);
}

static void remove_edited(const char *path)
{
	char dir[1100];

	unlink(path);
	snprintf(dir, sizeof(dir), "%s", path);
	*strrchr(dir, '/') = '\0';
	rmdir(dir);
}

/* Counts that differ join nothing for that kernel: uniform_add (trace line
 * 10) launched twice, one invocation in the metrics. */
START_TEST(print_refuses_other_counts)
{
	struct printed p;
	char path[1100], *msgs;

	edited(TRACE, 10, NULL, true, path, sizeof(path));
	msgs = print(path, METRICS, 0, &p);
	ck_assert_uint_eq(p.n, 6);
	CK_ABSENT_AT(p, 2);
	CK_ABSENT_AT(p, 3);
	CK_NUM(p.achieved[4], 84.7852);
	ck_assert_msg(strstr(msgs, "joined 2 of 4 kernels") != NULL, "%s", msgs);
	ck_assert_msg(strstr(msgs, "uniform_add not joined: 2 launches in ") != NULL, "%s", msgs);
	ck_assert_msg(strstr(msgs, ", 1 invocation counted here") != NULL, "%s", msgs);
	free(msgs);
	remove_edited(path);
}
END_TEST

/* Several invocations join when Min and Max are equal: each one's value.
 * (The metrics' line 28, shfl_scan_test's achieved_occupancy, edited.) */
START_TEST(print_joins_equal_invocations)
{
	struct printed p;
	char path[1100], *msgs;

	edited(METRICS, 28, "\"GeForce GTX 1080 Ti (0)\",\"shfl_scan_test(int*, int, int*)\",2,"
	       "\"achieved_occupancy\",\"Achieved Occupancy\",0.500000,0.500000,0.500001\n",
	       false, path, sizeof(path));
	msgs = print(TRACE, path, 0, &p);
	CK_NUM(p.achieved[0], 50);
	CK_NUM(p.achieved[1], 50);
	ck_assert_msg(strstr(msgs, "joined 4 of 4 kernels") != NULL, "%s", msgs);
	free(msgs);
	remove_edited(path);
}
END_TEST

/* Two summaries and no trace: nothing to join to, each printed as itself
 * (and, without launches, not analysed: 65). */
START_TEST(print_without_a_trace)
{
	struct printed p;
	char *msgs = print(SP_METRICS, METRICS, 65, &p);

	ck_assert_uint_eq(p.n, 5);
	CK_NUM(p.achieved[0], 56.2536);
	ck_assert_msg(strstr(msgs, "joined") == NULL, "%s", msgs);
	free(msgs);
}
END_TEST

/* The explorer's inputs: the summary joins the trace and leaves; the trace
 * is then the one report, in the browser, and not reloaded alone. */
START_TEST(explorer_joins_the_same)
{
	struct session_input *in = calloc(2, sizeof(*in));   /* the explorer's from now */
	struct occ_error err = { 0 };
	struct session *s = session_new(db, NULL, &err);
	struct explorer_options o = { .ascii = true, .source = "several files" };
	struct explorer *e;
	char note[600], *text;
	int status = 0;
	size_t n;
	FILE *quiet = fopen("/dev/null", "w");

	ck_assert_ptr_nonnull(quiet);
	ck_assert_ptr_nonnull(in);
	ck_assert(session_load(s, data_path("nvprof/", METRICS), &in[0], stderr, &status));
	ck_assert(session_load(s, data_path("nvprof/", TRACE), &in[1], stderr, &status));
	n = session_join_inputs(s, in, 2, quiet, note, sizeof(note));
	fclose(quiet);
	ck_assert_uint_eq(n, 1);
	ck_assert(in[0].joined);
	ck_assert_msg(strncmp(note, "joined 3 of 4 kernels of ", 25) == 0, "%s", note);
	ck_assert_uint_eq(in[0].report.n, 5);
	ck_assert(!report_at(&in[0].report, 0)->achieved_occupancy_pct.present);
	CK_NUM(report_at(&in[0].report, 2)->achieved_occupancy_pct, 60.9497);
	e = explorer_new(s, in, 1, &o);
	ck_assert_ptr_nonnull(e);
	ck_assert(explorer_has_report(e));
	explorer_key(e, '5');
	explorer_key(e, 'j');
	explorer_key(e, 'j');
	explorer_key(e, KEY_CODE_ENTER);
	explorer_key(e, '1');
	/* the table alone (zoomed), wide enough for the measured note */
	explorer_key(e, 'z');
	{
		struct canvas *c = canvas_new(100, 30, true);

		ck_assert_ptr_nonnull(c);
		explorer_draw(e, c);
		text = canvas_text_of(c);
		canvas_free(c);
	}
	ck_assert_msg(strstr(text, "Kernel  uniform_add") != NULL, "%s", text);
	ck_assert_msg(strstr(text, "60.9%         (measured, from magus_gtx1080ti_nvprof_metrics") !=
		      NULL, "%s", text);
	free(text);
	explorer_close(e, s);
}
END_TEST

/* Per-SM events join too (the parser's constructed file, 3 SMs for
 * fill(int*, int) on a Tesla K40c, one invocation; scale(float*) has only
 * aggregate numbers, so nothing to join): the join's own API, on a launch
 * record built to match, with the correlation id nvprof appends. */
START_TEST(events_join_per_sm)
{
	struct session_join *j = session_join_new();
	struct report events;
	struct report_record launch, other;
	char notes[2048];

	ck_assert_ptr_nonnull(j);
	load_clean("nvprof/", "constructed_events_aggregate_off.csv", &events);
	ck_assert(events.per_kernel);
	ck_assert(session_join_add(j, "events.csv", &events));
	ck_assert_uint_eq(events.n, 0);
	report_record_init(&launch, 9);
	launch.name = strdup("fill(int*, int) [1172]");
	launch.device = "Tesla K40c";
	report_record_init(&other, 10);
	other.name = strdup("fill(int*, int)");
	other.device = "Tesla K20c";
	session_join_count(j, "trace.csv", &launch);
	session_join_count(j, "trace.csv", &other);
	session_join_settle(j);
	ck_assert(session_join_apply(j, &launch));
	ck_assert(!session_join_apply(j, &other));
	ck_assert_uint_eq(launch.n_sm_events, 3);
	ck_assert_double_eq(launch.sm_active_warps[1], 200);
	ck_assert_double_eq(launch.sm_active_cycles[1], 10);
	ck_assert_str_eq(launch.achieved_from, "events.csv");
	session_join_notes(j, "", notes, sizeof(notes));
	ck_assert_msg(strstr(notes, "joined 1 of 2 kernels of events.csv to trace.csv") != NULL,
		      "%s", notes);
	ck_assert_msg(strstr(notes, "scale not joined: no achieved occupancy or per-SM events")
		      != NULL, "%s", notes);
	report_record_done(&launch);
	report_record_done(&other);
	session_join_free(j);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("session_join");
	TCase *tc = tcase_create("join");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, print_joins_either_order);
	tcase_add_test(tc, print_joins_scalarprod);
	tcase_add_test(tc, print_refuses_other_counts);
	tcase_add_test(tc, print_joins_equal_invocations);
	tcase_add_test(tc, print_without_a_trace);
	tcase_add_test(tc, explorer_joins_the_same);
	tcase_add_test(tc, events_join_per_sm);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
