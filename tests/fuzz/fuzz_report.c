/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* fuzz_report.c - libFuzzer harness for the profiler report importers alone:
 * report_parse on the bytes, then what occview does with each record it got
 * (short names, and for the first few records the launch, the analysis on
 * the built-in GPU database and the per-SM occupancy). Much faster than
 * fuzz_inputs.c, so it reaches deeper into the importers. Also checks
 * report_parse's contract (report.h), aborting when it is broken: false
 * leaves the report empty, true means records, and rejected rows always come
 * with an error; and report_stream's: the same bytes through a FILE, with
 * the first part as the caller's head, give report_parse's outcome, error
 * and records, and with a sink the same records again (when there are no
 * more than REPORT_PENDING_MAX, past which a stream may differ). Build and
 * run (not part of make check):
 *   tests/fuzz/run.sh report ncu|nvprof|rocprof|all [SECONDS]
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "gpu.h"
#include "report.h"
#include "session.h"

#include "../record_diff.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Records past this many get only their names looked at: the analysis of a
 * record is much slower than its import. */
#define FUZZ_ANALYSED 4

/* A sink that keeps what it is given, taking the heap fields. */
struct collect {
	struct report_record *recs;
	size_t n, cap;
};

static bool collect_record(void *ctx, const struct report *r, struct report_record *rec)
{
	struct collect *c = ctx;

	if (r->n_streamed != c->n + 1 || r->n > REPORT_PENDING_MAX)
		abort();                      /* the count includes this record */
	if (c->n == c->cap) {
		c->cap = c->cap ? c->cap * 2 : 16;
		if (!(c->recs = realloc(c->recs, c->cap * sizeof(*c->recs))))
			abort();
	}
	report_record_move(&c->recs[c->n++], rec);
	return true;
}

static bool same_error(const struct occ_error *a, const struct occ_error *b)
{
	return a->status == b->status && a->line == b->line && strcmp(a->field, b->field) == 0 &&
	       strcmp(a->message, b->message) == 0;
}

/* report_stream on the bytes, the first half as a head, against report_parse's
 * outcome (ok, want, want_err); with_sink: records through a sink. */
static void stream_like_parse(const uint8_t *data, size_t size, bool ok,
			      const struct report *want, const struct occ_error *want_err,
			      bool with_sink)
{
	size_t cut = size / 2;
	struct occ_error err = { 0 };
	struct collect c = { 0 };
	struct report_sink sink = { collect_record, &c };
	struct report got, *v = &got, as_report;
	FILE *f;
	bool got_ok;

	if (size == 0)
		return;                       /* fmemopen wants a byte */
	f = fmemopen((void *)(data + cut), size - cut, "rb");
	if (!f)
		abort();
	got_ok = report_stream("fuzz", f, cut ? (const char *)data : NULL, cut,
			       with_sink ? &sink : NULL, &got, &err);
	fclose(f);
	if (with_sink) {
		as_report = (struct report){ .n = c.n, .records = c.recs };
		v = &as_report;
		if (got_ok && (got.n != 0 || got.n_streamed != c.n))
			abort();              /* a sink's stream keeps no record */
	}
	if (got_ok != ok || !same_error(want_err, &err))
		abort();
	if (ok && (!with_sink || want->n <= REPORT_PENDING_MAX)) {
		if (v->n != want->n || got.skipped_rows != want->skipped_rows ||
		    got.rejected_rows != want->rejected_rows)
			abort();
		for (size_t i = 0; i < want->n; i++)
			if (record_diff(&want->records[i], &v->records[i], true))
				abort();
	}
	for (size_t i = 0; i < c.n; i++)
		report_record_done(&c.recs[i]);
	free(c.recs);
	report_done(&got);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct gpu_db *db;
	static struct session *s;
	static struct analysis a;
	struct occ_error err = { 0 };
	struct report r;
	bool ok;

	if (!db && !(db = gpu_db_new_builtin(&err)))
		abort();
	if (!s) {
		/* occview FILE: no flags */
		struct param_set flags = { 0 };

		launch_init(&flags.values);
		if (!(s = session_new(db, &flags, &err)))
			abort();
	}
	occ_error_clear(&err);
	ok = report_parse("fuzz", (const char *)data, size, &r, &err);
	if (!ok && r.n != 0)
		abort();                      /* false: r is then empty */
	/* The head probe --print uses to find the summaries among its files
	 * agrees with the whole read wherever the whole read found a table. */
	if (ok && report_head_per_kernel((const char *)data, size) != r.per_kernel)
		abort();
	if (ok && r.n == 0)
		abort();                      /* true: records were read */
	if (r.rejected_rows && err.status == OCC_OK)
		abort();                      /* a rejected row is never silent */
	stream_like_parse(data, size, ok, &r, &err, false);
	stream_like_parse(data, size, ok, &r, &err, true);
	for (size_t i = 0; i < r.n; i++) {
		struct report_record *rec = &r.records[i];
		struct session_record sr = { "fuzz", rec->line, NULL, NULL, rec, 0, NULL, NULL };
		char tiny[8];

		/* As the panes do, in a buffer smaller than the record's. */
		report_short_name(rec->name, tiny, sizeof(tiny));
		if (strlen(rec->short_name) >= REPORT_SHORT_NAME)
			abort();
		if (i >= FUZZ_ANALYSED)
			continue;
		session_analyse(s, &sr, NULL, NULL, SESSION_FINDINGS, &a);
		report_sm_occupancy(rec, a.ok ? a.gpu.arch.max_warps_per_sm : 64);
	}
	report_done(&r);
	return 0;
}
