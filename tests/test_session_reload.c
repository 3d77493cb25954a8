/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_session_reload.c - a report read again in a thread: a file that only
 * grew gives just its new whole rows, at their lines, and appended to the
 * old records they equal a whole reading of the grown file; a rewrite is
 * read whole; a touch reads nothing; a stop ends the thread. */
#include "config.h"

#include <check.h>
#include <time.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "readfile.h"
#include "session_reload.h"
#include "testutil.h"

static const char *source(void)
{
	static char path[1024];
	const char *top = getenv("TESTDATA");

	snprintf(path, sizeof(path), "%s/rocprof/gunrock_mi300_rocprofv1_results_TRUNCATED.csv",
		 top ? top : "tests/data");
	return path;
}

/* The source's first `lines` lines (the header and lines - 1 dispatches),
 * plus a cut last line when `cut`, written to path. */
static long long write_lines(const char *path, long lines, bool cut)
{
	size_t len, n = 0;
	struct occ_error err = { 0 };
	char *text = str_read_file(source(), 1 << 20, &len, &err);
	FILE *f = fopen(path, "wb");
	long at = 0;

	ck_assert(text && f);
	while (n < len && at < lines)
		at += text[n++] == '\n';
	ck_assert_uint_eq(fwrite(text, 1, n, f), n);
	/* A profiler mid-write: the start of a dispatch line, no line end. */
	if (cut)
		ck_assert_uint_eq(fwrite(strchr(text, '\n') + 1, 1, 10, f), 10);
	fclose(f);
	free(text);
	return (long long)n + (cut ? 10 : 0);
}

static struct session *new_session(void)
{
	struct occ_error err = { 0 };
	struct session *s = session_new(db, NULL, &err);

	ck_assert_msg(s != NULL, "%s", err.message);
	return s;
}

static bool take(struct session_reload *r, struct session_input *in, bool *appended,
		 struct session_mark *mark)
{
	size_t n;

	ck_assert(r != NULL);
	while (!session_reload_finished(r, &n))
		nanosleep(&(struct timespec){ 0, 1000000L }, NULL);
	return session_reload_take(r, in, appended, mark);
}

START_TEST(test_appended)
{
	char path[] = "/tmp/occview-reload-XXXXXX";
	int fd = mkstemp(path);
	struct session *s = new_session();
	struct session_input now, more, whole;
	struct session_mark mark;
	FILE *quiet = fopen("/dev/null", "w");
	int status;
	bool appended;

	ck_assert(fd >= 0);
	close(fd);
	/* The header and 6 dispatches, then all 13 and a 14th cut short. */
	session_mark_file(path, write_lines(path, 7, false), &mark);
	ck_assert(session_load(s, path, &now, quiet, &status));
	ck_assert_uint_eq(now.report.n, 6);
	ck_assert(mark.ok);
	write_lines(path, 14, true);
	ck_assert(take(session_reload_start(s, path, &now.report, &mark), &more, &appended, &mark));
	ck_assert(appended);
	/* Dispatches 7-13 at lines 8-14; the cut line waits. */
	ck_assert_uint_eq(more.report.n, 7);
	ck_assert_int_eq(more.report.records[0].line, 8);
	ck_assert_int_eq(more.report.records[6].line, 14);
	ck_assert_int_eq(mark.lines, 14);
	ck_assert(report_append(&now.report, &more.report));
	session_input_done(&more);
	write_lines(path, 14, false);
	ck_assert(session_load(s, path, &whole, quiet, &status));
	ck_assert_uint_eq(now.report.n, whole.report.n);
	for (size_t i = 0; i < whole.report.n; i++) {
		const struct report_record *a = report_at(&now.report, i), *b = report_at(&whole.report, i);

		ck_assert_int_eq(a->line, b->line);
		ck_assert_str_eq(a->short_name, b->short_name);
		ck_assert_int_eq(report_record_id(a, i), report_record_id(b, i));
		ck_assert_int_eq(a->arch_vgprs.value, b->arch_vgprs.value);
		ck_assert_int_eq(a->grid[0].value, b->grid[0].value);
	}
	/* Touched, nothing new: nothing read. */
	ck_assert(take(session_reload_start(s, path, &now.report, &mark), &more, &appended, &mark));
	ck_assert(appended);
	ck_assert_uint_eq(more.report.n, 0);
	session_input_done(&more);
	/* Another output appended (its header again): read whole, so that
	 * its run is numbered as a whole reading numbers it. */
	{
		FILE *f = fopen(path, "ab");
		char line[4096];
		FILE *src = fopen(source(), "rb");

		ck_assert(f && src && fgets(line, sizeof(line), src));
		fputs(line, f);
		ck_assert(fgets(line, sizeof(line), src));
		fputs(line, f);
		fclose(src);
		fclose(f);
	}
	ck_assert(take(session_reload_start(s, path, &now.report, &mark), &more, &appended, &mark));
	ck_assert(!appended);
	session_input_done(&more);
	/* Rewritten shorter: read whole. */
	write_lines(path, 4, false);
	ck_assert(take(session_reload_start(s, path, &now.report, &mark), &more, &appended, &mark));
	ck_assert(!appended);
	ck_assert_uint_eq(more.report.n, 3);
	session_input_done(&more);
	session_input_done(&whole);
	session_input_done(&now);
	fclose(quiet);
	unlink(path);
	session_free(s);
}
END_TEST

START_TEST(test_stop)
{
	struct session *s = new_session();
	struct session_input now;
	struct session_mark mark = { .ok = false };
	FILE *quiet = fopen("/dev/null", "w");
	int status;

	ck_assert(session_load(s, source(), &now, quiet, &status));
	setenv("OCCVIEW_TEST_RELOAD_MS", "60000", 1);
	session_reload_stop(session_reload_start(s, source(), &now.report, &mark));
	unsetenv("OCCVIEW_TEST_RELOAD_MS");
	session_input_done(&now);
	fclose(quiet);
	session_free(s);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("session_reload");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_appended);
	tcase_add_test(tc, test_stop);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(suite());
}
