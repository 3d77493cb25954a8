/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_report_stream.c - report_stream against report_load: on every report
 * in tests/data, through a file and a pipe, with the head of the file read
 * by the caller first, a sink gets exactly the records report_load keeps;
 * records settle as soon as they are final and a stream holds no more than
 * REPORT_PENDING_MAX; and what a stream can differ in (report.h) does. */
#include "config.h"

#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "import_cursor.h"
#include "report.h"
#include "reportutil.h"
#include "readfile.h"
#include "strutil.h"
#include "testutil.h"

/* A sink that keeps every record it is given (taking its heap fields, as
 * report.h allows), and checks what report_stream promises on each call. */
struct collect {
	struct report_record *recs;
	size_t n, cap;
	size_t max_held;     /* the most records r held during a call */
	bool bad_count;      /* r->n_streamed did not count this record */
};

static bool collect_record(void *ctx, const struct report *r, struct report_record *rec)
{
	struct collect *c = ctx;

	if (c->n == c->cap) {
		c->cap = c->cap ? c->cap * 2 : 64;
		c->recs = realloc(c->recs, c->cap * sizeof(*c->recs));
		ck_assert(c->recs != NULL);
	}
	report_record_move(&c->recs[c->n++], rec);
	if (r->n_streamed != c->n)
		c->bad_count = true;
	if (r->n > c->max_held)
		c->max_held = r->n;
	return true;
}

static void collect_done(struct collect *c)
{
	for (size_t i = 0; i < c->n; i++)
		report_record_done(&c->recs[i]);
	free(c->recs);
	*c = (struct collect){ 0 };
}

/* The collected records as a report (for ck_same_records); no pool. */
static struct report collected(const struct report *r, const struct collect *c)
{
	struct report v = { .n = c->n, .records = c->recs };

	memcpy(v.format, r->format, sizeof(v.format));
	return v;
}

/* Runs report_stream on f after reading its first head_max bytes into a
 * head, as a caller that looked at the file first. */
static bool stream_with_head(const char *name, FILE *f, size_t head_max,
			     const struct report_sink *sink, struct report *r,
			     struct occ_error *err)
{
	char *head = malloc(head_max ? head_max : 1);
	size_t got = 0;
	bool ok;

	ck_assert(head != NULL);
	while (got < head_max) {
		size_t k = fread(head + got, 1, head_max - got, f);

		if (k == 0)
			break;
		got += k;
	}
	ok = report_stream(name, f, got ? head : NULL, got, sink, r, err);
	free(head);
	return ok;
}

/* A pipe a child fills with the file, the way `cat FILE | occview` reads. */
static FILE *pipe_from(const char *path, pid_t *child)
{
	int fd[2];

	ck_assert_int_eq(pipe(fd), 0);
	*child = fork();
	ck_assert(*child >= 0);
	if (*child == 0) {
		FILE *in = fopen(path, "rb");
		char buf[8192];
		size_t k;

		close(fd[0]);
		if (!in)
			_exit(1);
		while ((k = fread(buf, 1, sizeof(buf), in)) > 0)
			if (write(fd[1], buf, k) != (ssize_t)k)
				_exit(1);
		_exit(0);
	}
	close(fd[1]);
	return fdopen(fd[0], "rb");
}

static void ck_same_error(const struct occ_error *a, const struct occ_error *b,
			  const char *what)
{
	ck_assert_msg(a->status == b->status, "%s: status %d, want %d", what, b->status,
		      a->status);
	ck_assert_msg(a->line == b->line, "%s: line %ld, want %ld", what, b->line, a->line);
	ck_assert_msg(strcmp(a->field, b->field) == 0, "%s: field \"%s\", want \"%s\"", what,
		      b->field, a->field);
	ck_assert_msg(strcmp(a->message, b->message) == 0, "%s: \"%s\", want \"%s\"", what,
		      b->message, a->message);
}

enum source { FROM_FILE, FROM_PIPE };

/* report_stream on path (through source, the first head_max bytes as a
 * head; with a collecting sink or none) against report_load: the same
 * outcome, error, counts and records, field by field and line by line. */
static void ck_stream_like_load(const char *path, enum source source, size_t head_max,
				bool with_sink)
{
	struct occ_error want_err = { 0 }, err = { 0 };
	struct report want, got;
	struct collect c = { 0 };
	struct report_sink sink = { collect_record, &c };
	char what[1200];
	pid_t child = -1;
	FILE *f;
	bool want_ok, ok;

	snprintf(what, sizeof(what), "%s (%s, head %zu, %s)", path,
		 source == FROM_PIPE ? "pipe" : "file", head_max, with_sink ? "sink" : "no sink");
	want_ok = report_load(path, &want, &want_err);
	f = source == FROM_PIPE ? pipe_from(path, &child) : fopen(path, "rb");
	ck_assert_msg(f != NULL, "%s", what);
	ok = stream_with_head(path, f, head_max, with_sink ? &sink : NULL, &got, &err);
	fclose(f);
	if (child > 0) {
		int status;

		ck_assert(waitpid(child, &status, 0) == child);
	}
	ck_assert_msg(ok == want_ok, "%s: %s", what, ok ? "read" : err.message);
	ck_same_error(&want_err, &err, what);
	if (ok) {
		struct report v = with_sink ? collected(&got, &c) : got;

		ck_assert_uint_eq(got.skipped_rows, want.skipped_rows);
		ck_assert_uint_eq(got.rejected_rows, want.rejected_rows);
		ck_assert_uint_eq(got.dropped_fields, want.dropped_fields);
		ck_same_error(&want.dropped, &got.dropped, "dropped");
		if (with_sink) {
			ck_assert_msg(got.n == 0 && !got.store, "%s: %zu records kept", what,
				      got.n);
			ck_assert_uint_eq(got.n_streamed, want.n);
			ck_assert_msg(!c.bad_count, "%s: n_streamed off", what);
		}
		/* Interned texts are compared after the read: the pool lives
		 * until report_done. */
		ck_same_records(&want, &v, true, what);
	} else {
		ck_assert_uint_eq(got.n, 0);
		ck_assert_ptr_null(got.pool);
	}
	report_done(&got);
	report_done(&want);
	collect_done(&c);
}

/* In-memory inputs through fmemopen, with a head cut every step bytes, with
 * a sink and without: the same outcome, error, counts and records as
 * report_parse on the whole text. Returns report_parse's count of records. */
static size_t ck_stream_like_parse(const char *text, size_t len, size_t step)
{
	size_t records = 0;

	for (size_t cut = 0; cut <= len; cut += step) {
		for (int with_sink = 0; with_sink < 2; with_sink++) {
			struct occ_error want_err = { 0 }, err = { 0 };
			struct collect c = { 0 };
			struct report_sink sink = { collect_record, &c };
			struct report want, got;
			bool want_ok = report_parse("t.csv", text, len, &want, &want_err);
			/* (fmemopen wants 1 byte or more) */
			FILE *f = cut < len ? fmemopen((void *)(text + cut), len - cut, "rb")
					    : fopen("/dev/null", "rb");
			char what[64];
			bool ok;

			snprintf(what, sizeof(what), "cut at %zu, %s", cut,
				 with_sink ? "sink" : "no sink");
			ck_assert(f != NULL);
			ok = report_stream("t.csv", f, cut ? text : NULL, cut,
					   with_sink ? &sink : NULL, &got, &err);
			fclose(f);
			ck_assert_msg(ok == want_ok, "%s: %s", what, err.message);
			ck_same_error(&want_err, &err, what);
			if (ok) {
				struct report v = with_sink ? collected(&got, &c) : got;

				ck_same_records(&want, &v, true, what);
				ck_assert_uint_eq(got.skipped_rows, want.skipped_rows);
				ck_assert_uint_eq(got.rejected_rows, want.rejected_rows);
				ck_assert_uint_eq(got.dropped_fields, want.dropped_fields);
				ck_same_error(&want.dropped, &got.dropped, what);
			}
			records = want.n;
			report_done(&want);
			report_done(&got);
			collect_done(&c);
		}
	}
	return records;
}

/* Every report file (reportutil.h: those refused too). */
static void from_file(const char *file, void *ctx)
{
	char path[1024];

	(void)ctx;
	snprintf(path, sizeof(path), "%s", data_path("", file));
	ck_stream_like_load(path, FROM_FILE, 0, true);
	ck_stream_like_load(path, FROM_FILE, 0, false);
}

static void from_pipe(const char *file, void *ctx)
{
	static const size_t heads[] = { 0, 1, 100, 64 << 10 };
	char path[1024];

	(void)ctx;
	snprintf(path, sizeof(path), "%s", data_path("", file));
	for (size_t i = 0; i < sizeof(heads) / sizeof(heads[0]); i++)
		ck_stream_like_load(path, FROM_PIPE, heads[i], true);
	ck_stream_like_load(path, FROM_PIPE, 100, false);
}

START_TEST(stream_file_like_load)
{
	ck_assert_uint_ge(each_report_file(from_file, NULL), 25);
}
END_TEST

START_TEST(stream_pipe_with_head_like_load)
{
	ck_assert_uint_ge(each_report_file(from_pipe, NULL), 25);
}
END_TEST

/* Streams path with a collecting sink; the most records held during a call. */
static size_t held_while_streaming(const char *path, size_t *records)
{
	struct occ_error err = { 0 };
	struct collect c = { 0 };
	struct report_sink sink = { collect_record, &c };
	struct report r;
	FILE *f = fopen(path, "rb");
	size_t held;

	ck_assert(f != NULL);
	ck_assert_msg(report_stream(path, f, NULL, 0, &sink, &r, &err), "%s", err.message);
	fclose(f);
	held = c.max_held;
	*records = c.n;
	report_done(&r);
	collect_done(&c);
	return held;
}

/* Formats whose records are final when added hold none back but for their
 * batch: the sink gets each record while r holds fewer than a batch. */
START_TEST(final_records_go_at_once)
{
	static const char *const files[] = {
		"ncu/opinsight_a100_cc80_ncu2022_details_pooling_full_240k.csv",
		"ncu/constructed_ncu_raw_page_b200_cc100_decode_b8.csv",
		"nvprof/constructed_nvprof_print_gpu_trace_um.csv",
		"nvprof/constructed_nvprof_print_gpu_trace_text.txt",
	};

	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		size_t n, held = held_while_streaming(data_path("", files[i]), &n);

		ck_assert_msg(n > 1, "%s", files[i]);
		ck_assert_msg(held < REPORT_SETTLE_BATCH, "%s: %zu held", files[i], held);
	}
}
END_TEST

/* A rocprof v1 file of 3 x REPORT_PENDING_MAX + 10 dispatches (the gunrock
 * file's header and its first row, a kernel name without a target, over and
 * over) whose row target_row (0: none) is the gunrock row whose name says
 * gfx942. Returns the temporary file's path (static). */
static const char *write_rocprof(size_t target_row, size_t *rows)
{
	static char path[] = "/tmp/occview-test-stream-XXXXXX";
	struct occ_error err = { 0 };
	size_t len;
	char *text = str_read_file(
		data_path("rocprof/", "gunrock_mi300_rocprofv1_results_TRUNCATED.csv"), 1 << 20,
		&len, &err);
	const char *row1, *row2, *gfx, *gfx_end;
	FILE *f;
	int fd;

	ck_assert_msg(text != NULL, "%s", err.message);
	row1 = strchr(text, '\n') + 1;
	row2 = strchr(row1, '\n') + 1;
	gfx = strstr(text, "\n10,\"void rocprim::") + 1;
	gfx_end = strchr(gfx, '\n') + 1;
	memcpy(path + strlen(path) - 6, "XXXXXX", 6);
	fd = mkstemp(path);
	ck_assert(fd >= 0);
	f = fdopen(fd, "wb");
	ck_assert(f != NULL);
	fwrite(text, 1, (size_t)(row1 - text), f);
	*rows = 3 * REPORT_PENDING_MAX + 10;
	for (size_t i = 1; i <= *rows; i++) {
		if (i == target_row)
			fwrite(gfx, 1, (size_t)(gfx_end - gfx), f);
		else
			fwrite(row1, 1, (size_t)(row2 - row1), f);
	}
	ck_assert_int_eq(fclose(f), 0);
	free(text);
	return path;
}

/* Records that may change are held, REPORT_PENDING_MAX at most, so memory
 * follows the records pending, not the file. The rocprof importer holds
 * them itself, packed (import_rocprof.c), and gives r those that settled:
 * r never holds more than the window, here only at the end, when the last
 * REPORT_PENDING_MAX go out together (late_target_beyond_the_window
 * checks where the window ends). */
START_TEST(pending_records_are_bounded)
{
	size_t rows, n;
	const char *path = write_rocprof(0, &rows);
	size_t held = held_while_streaming(path, &n);

	unlink(path);
	ck_assert_uint_eq(n, rows);
	ck_assert_uint_le(held, REPORT_PENDING_MAX);
}
END_TEST

/* The difference report.h documents: a gfx target first seen 10 records
 * after the window's reach is not given to the 10 records a stream handed
 * over before; report_load gives it to all; within the window both agree. */
START_TEST(late_target_beyond_the_window)
{
	const size_t late = REPORT_PENDING_MAX + 10 + 1;   /* 1-based row */
	size_t rows;
	const char *path = write_rocprof(late, &rows);
	struct occ_error err = { 0 };
	struct collect c = { 0 };
	struct report_sink sink = { collect_record, &c };
	struct report all, r;
	FILE *f;

	ck_assert_msg(report_load(path, &all, &err), "%s", err.message);
	f = fopen(path, "rb");
	ck_assert(f != NULL);
	ck_assert_msg(report_stream(path, f, NULL, 0, &sink, &r, &err), "%s", err.message);
	fclose(f);
	unlink(path);
	ck_assert_uint_eq(all.n, rows);
	ck_assert_uint_eq(c.n, rows);
	for (size_t i = 0; i < rows; i++) {
		ck_assert_str_eq(all.records[i].gfx_target, "gfx942");
		ck_assert_str_eq(c.recs[i].gfx_target, i < 10 ? "" : "gfx942");
		c.recs[i].gfx_target = all.records[i].gfx_target;
		ck_assert_msg(!record_diff(&all.records[i], &c.recs[i], true), "record %zu", i);
	}
	report_done(&all);
	report_done(&r);
	collect_done(&c);
}
END_TEST

/* rocprofv3 counters, 3 x REPORT_PENDING_MAX dispatches of 3 counter rows
 * each, the third row of each dispatch coming after the next dispatch's
 * first: a stream merges them as report_load does (and its table of
 * dispatch ids follows the window). */
START_TEST(many_dispatches_merge_alike)
{
	char path[] = "/tmp/occview-test-stream-XXXXXX";
	const size_t n = 3 * REPORT_PENDING_MAX;
	int fd = mkstemp(path);
	FILE *f;

	ck_assert(fd >= 0);
	f = fdopen(fd, "wb");
	ck_assert(f != NULL);
	fputs("Dispatch_Id,Agent_Id,Kernel_Name,Grid_Size,Workgroup_Size,Counter_Name\n", f);
	for (size_t i = 1; i <= n + 1; i++) {
		if (i <= n)
			fprintf(f, "%zu,1,k%zu,1024,64,SQ_WAVES\n%zu,1,k%zu,1024,64,GRBM_COUNT\n", i,
				i % 7, i, i % 7);
		if (i > 1)
			fprintf(f, "%zu,1,k%zu,1024,64,SQ_BUSY\n", i - 1, (i - 1) % 7);
	}
	ck_assert_int_eq(fclose(f), 0);
	ck_stream_like_load(path, FROM_FILE, 0, true);
	{
		struct occ_error err = { 0 };
		struct report r;

		ck_assert(report_load(path, &r, &err));
		ck_assert_uint_eq(r.n, n);
		report_done(&r);
	}
	unlink(path);
}
END_TEST

/* A table of fixed-width text (nvprof's text GPU trace) streams line by
 * line as a CSV table does row by row: the same records, counts and
 * messages whatever the caller read first, and a line cut by the window
 * read whole. */
START_TEST(text_table_streams_like_parse)
{
	const char *file = "nvprof/constructed_nvprof_print_gpu_trace_text.txt";
	struct occ_error err = { 0 };
	size_t len;
	char *text = str_read_file(data_path("", file), 1 << 20, &len, &err);

	ck_assert_msg(text != NULL, "%s", err.message);
	ck_assert_uint_eq(ck_stream_like_parse(text, len, 4099), 501);
	free(text);
}
END_TEST

/* A format told apart by its first lines (nvprof's metrics text) is told
 * within the first 64 KiB, whatever a read brings in: with 70 KB of program
 * output before its header, report_parse (the whole text) read it, a stream
 * whose caller read 64 KiB first did not. Now neither does, alike. */
START_TEST(text_format_told_within_the_head)
{
	const char *file = "nvprof/constructed_nvprof_metrics_text_gtx1070.profile";
	struct occ_error err = { 0 };
	size_t len, n = 0;
	char *log = str_read_file(data_path("", file), 1 << 20, &len, &err);
	char *text = malloc(len + (80 << 10));
	struct report r;

	ck_assert(log != NULL && text != NULL);
	for (int i = 0; i < 10; i++) {
		memset(text + n, 'x', 7 << 10);
		n += 7 << 10;
		text[n++] = '\n';
	}
	memcpy(text + n, log, len);
	n += len;
	ck_assert_msg(report_parse(file, log, len, &r, &err), "%s", err.message);
	ck_assert_uint_gt(r.n, 0);
	report_done(&r);
	ck_assert(!report_parse(file, text, n, &r, &err));
	ck_stream_like_parse(text, n, 64 << 10);
	free(text);
	free(log);
}
END_TEST

/* Binary data past the head, after a rejected row: the read fails saying
 * why (it said the rejected row's error, the first one set), as
 * report_parse does; a sink had the records before it. */
START_TEST(binary_after_a_rejected_row)
{
	char path[] = "/tmp/occview-test-stream-XXXXXX";
	struct occ_error err = { 0 }, perr = { 0 };
	struct collect c = { 0 };
	struct report_sink sink = { collect_record, &c };
	struct report r;
	int fd = mkstemp(path);
	char *text;
	size_t len;
	FILE *f;

	ck_assert(fd >= 0);
	f = fdopen(fd, "wb");
	ck_assert(f != NULL);
	fputs("Index,KernelName,grd,wgr\n1,k,x,256\n", f);
	for (long line = 3; line < 40000; line++)
		fprintf(f, "%ld,\"kernel_%ld\",1024,256\n", line, line);
	fputs("7,\"bad\xff\",1,1\n", f);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert(!report_load(path, &r, &err));
	ck_assert_int_eq(err.line, 40000);
	ck_assert_ptr_nonnull(strstr(err.message, "binary"));
	text = str_read_file(path, 1 << 24, &len, &perr);
	ck_assert(text != NULL);
	ck_assert(!report_parse(path, text, len, &r, &perr));
	ck_same_error(&perr, &err, "report_parse");
	f = fopen(path, "rb");
	ck_assert(f != NULL);
	occ_error_clear(&err);
	ck_assert(!report_stream(path, f, NULL, 0, &sink, &r, &err));
	fclose(f);
	ck_same_error(&perr, &err, "with a sink");
	ck_assert_uint_gt(c.n, 1000);
	ck_assert_ptr_null(r.pool);
	unlink(path);
	free(text);
	collect_done(&c);
}
END_TEST

/* A sink that says stop ends the reading: false, the sink's error, and r
 * empty. */
static bool stop_with_error(void *ctx, const struct report *r, struct report_record *rec)
{
	struct occ_error *err = ctx;

	(void)r;
	occ_error_set(err, OCC_EDATA, "out.csv", 0, NULL, "disk full after %s", rec->short_name);
	return false;
}

START_TEST(sink_stops_the_reading)
{
	const char *path = data_path("rocprof/", "gunrock_mi300_rocprofv1_results_TRUNCATED.csv");
	struct occ_error err = { 0 };
	struct report_sink sink = { stop_with_error, &err };
	struct report r;
	FILE *f = fopen(path, "rb");

	ck_assert(f != NULL);
	ck_assert(!report_stream(path, f, NULL, 0, &sink, &r, &err));
	fclose(f);
	ck_assert_int_eq(err.status, OCC_EDATA);
	ck_assert_str_eq(err.message, "disk full after __amd_rocclr_copyBuffer");
	ck_assert_uint_eq(r.n, 0);
	ck_assert_uint_eq(r.n_streamed, 0);
	ck_assert_ptr_null(r.pool);
}
END_TEST

/* A sink that counts, and says "go" down a pipe at its go-th record. */
struct go_sink {
	size_t n, go;
	int fd;
};

static bool count_and_go(void *ctx, const struct report *r, struct report_record *rec)
{
	struct go_sink *g = ctx;

	(void)r;
	(void)rec;
	if (++g->n == g->go)
		ck_assert_msg(write(g->fd, "g", 1) == 1, "go after the reader waited");
	return true;
}

/* A pipe's writer that stops after a whole read window of rows: the records
 * of that window reach the sink before the reader waits for more, not only
 * those of whole batches. The rows are the gunrock file's whose name says
 * its target (final at once), and a blank line fills the window. The
 * writer waits 2 s for the sink's go, then goes on anyway and says so in
 * its exit status (so a reader that waits first fails the test instead of
 * hanging it). */
START_TEST(records_go_out_before_a_read_waits)
{
	const char *path = data_path("rocprof/", "gunrock_mi300_rocprofv1_results_TRUNCATED.csv");
	struct occ_error err = { 0 };
	size_t len, file_len, rows = 0, head_len, row_len;
	char *file = str_read_file(path, 1 << 20, &file_len, &err);
	char *text = malloc(REPORT_WINDOW);
	const char *row, *row_end;
	struct go_sink g = { 0 };
	struct report_sink sink = { count_and_go, &g };
	struct report r;
	int data[2], go[2], status;
	pid_t child;
	FILE *f;

	ck_assert_msg(file != NULL && text != NULL, "%s", err.message);
	/* a late go fails the write's check, not the test process */
	signal(SIGPIPE, SIG_IGN);
	head_len = (size_t)(strchr(file, '\n') + 1 - file);
	row = strstr(file, "\n10,\"void rocprim::") + 1;
	row_end = strchr(row, '\n') + 1;
	row_len = (size_t)(row_end - row);
	memcpy(text, file, head_len);
	len = head_len;
	while (len + 3 * row_len < REPORT_WINDOW || rows % REPORT_SETTLE_BATCH == 0) {
		memcpy(text + len, row, row_len);
		len += row_len;
		rows++;
	}
	memset(text + len, ' ', REPORT_WINDOW - len - 1);
	text[REPORT_WINDOW - 1] = '\n';
	len = REPORT_WINDOW;
	ck_assert_int_eq(pipe(data), 0);
	ck_assert_int_eq(pipe(go), 0);
	child = fork();
	ck_assert(child >= 0);
	if (child == 0) {
		struct pollfd p = { go[0], POLLIN, 0 };
		int late;

		close(data[0]);
		close(go[1]);
		for (size_t at = 0; at < len;) {
			ssize_t k = write(data[1], text + at, len - at);

			if (k <= 0)
				_exit(1);
			at += (size_t)k;
		}
		late = poll(&p, 1, 2000) != 1;
		for (int i = 0; i < 3; i++)
			if (write(data[1], row, row_len) != (ssize_t)row_len)
				_exit(1);
		_exit(late ? 3 : 0);
	}
	close(data[1]);
	close(go[0]);
	g.go = rows;
	g.fd = go[1];
	f = fdopen(data[0], "rb");
	ck_assert(f != NULL);
	ck_assert_msg(report_stream("pipe", f, NULL, 0, &sink, &r, &err), "%s", err.message);
	fclose(f);
	close(go[1]);
	ck_assert(waitpid(child, &status, 0) == child);
	ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		      "the window's %zu records were not all out before the next read", rows);
	ck_assert_uint_eq(g.n, rows + 3);
	report_done(&r);
	free(text);
	free(file);
}
END_TEST

START_TEST(heads_of_small_inputs)
{
	static const struct {
		const char *text;
		size_t len;
		size_t records;   /* report_parse's */
	} inputs[] = {
#define INPUT(text, n) { text, sizeof(text) - 1, n }
		INPUT("", 0),
		INPUT("\xEF\xBB\xBF", 0),
		INPUT("\xEF\xBB\xBFIndex,KernelName,gpu-id,grd,wgr\r\n0,\"k(int)\",1,1024,256\r\n", 1),
		/* not UTF-8: refused wherever the head ends */
		INPUT("Index,KernelName,gpu-id,grd,wgr\n0,\"k\xff\xfe\",1,1024,256\n", 0),
		/* UTF-8 sequences a head may cut */
		INPUT("Index,KernelName,gpu-id,grd,wgr\n0,\"k\xc3\xa9\xe2\x82\xac\",1,1024,256\n", 1),
		/* a quote never closed: the last row is cut short */
		INPUT("Index,KernelName,gpu-id,grd,wgr\n1,k,1,1,1\n0,\"k(int),1,1024,256\n", 1),
		/* a last line of chatter with a stray quote: not a row cut short
		 * (report_parse counted it, report_load did not) */
		INPUT("Index,KernelName,gpu-id,grd,wgr\n1,k,1,1,1\n4.10\",\"0\"\n", 1),
		/* rocprofv3 counters and nvprof metrics: rows of one kernel apart */
		INPUT("Dispatch_Id,Agent_Id,Kernel_Name,Grid_Size,Workgroup_Size,Counter_Name\n"
		      "1,1,a,64,64,X\n2,1,b,64,64,X\n1,1,a,64,64,Y\n3,1,c,64,64,X\n2,1,b,64,64,Y\n", 3),
		INPUT("Device,Kernel,Invocations,Metric Name,Metric Description,Min,Max,Avg\n"
		      "d (0),a,1,achieved_occupancy,x,0.5,0.5,0.5\nd (0),b,1,ipc,x,1,1,1\n"
		      "d (0),a,1,ipc,x,1,1,1\nd (0),b,1,achieved_occupancy,x,0.25,0.25,0.25\n", 2),
#undef INPUT
	};

	for (size_t i = 0; i < sizeof(inputs) / sizeof(inputs[0]); i++)
		ck_assert_uint_eq(ck_stream_like_parse(inputs[i].text, inputs[i].len, 1),
				  inputs[i].records);
}
END_TEST

/* The last line, chatter with a stray quote, after more than the 64 KiB a
 * stream reads ahead: report_parse counted it as a row cut short, a stream
 * did not, as it had not seen the end of the file yet. Neither does now. */
START_TEST(chatter_at_the_end_of_a_long_file)
{
	size_t cap = 200 << 10, n = 0;
	char *text = malloc(cap);
	struct occ_error err = { 0 };
	struct report r;

	ck_assert(text != NULL);
	n += (size_t)sprintf(text, "Index,KernelName,gpu-id,grd,wgr\n");
	for (int i = 0; n < (100 << 10); i++)
		n += (size_t)sprintf(text + n, "%d,k%d,1,1024,256\n", i, i % 5);
	n += (size_t)sprintf(text + n, "4.10\",\"0\"\n");
	ck_assert(report_parse("t.csv", text, n, &r, &err));
	ck_assert_uint_eq(r.rejected_rows, 0);
	report_done(&r);
	ck_stream_like_parse(text, n, n / 3);
	free(text);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("report_stream");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, stream_file_like_load);
	tcase_add_test(tc, stream_pipe_with_head_like_load);
	tcase_add_test(tc, final_records_go_at_once);
	tcase_add_test(tc, pending_records_are_bounded);
	tcase_add_test(tc, late_target_beyond_the_window);
	tcase_add_test(tc, many_dispatches_merge_alike);
	tcase_add_test(tc, text_table_streams_like_parse);
	tcase_add_test(tc, text_format_told_within_the_head);
	tcase_add_test(tc, binary_after_a_rejected_row);
	tcase_add_test(tc, sink_stops_the_reading);
	tcase_add_test(tc, records_go_out_before_a_read_waits);
	tcase_add_test(tc, heads_of_small_inputs);
	tcase_add_test(tc, chatter_at_the_end_of_a_long_file);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
