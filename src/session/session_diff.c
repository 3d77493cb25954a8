/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* session_diff.c - --diff OLD NEW: both inputs read as reports (a compiled
 * binary, a compiler log, a profiler report), compared by the gate
 * (diff.h) under the flags, and written in the format asked. */
#include "config.h"

#include "session.h"

#include <string.h>

#include "diff.h"
#include "output_diff.h"
#include "strutil.h"

/* A launch file or list has no kernels to match: the gate compares reports. */
static bool load_report(struct session *s, const char *path, struct session_input *in,
			FILE *msgs)
{
	int status = 0;
	char shown[512];

	if (!session_load(s, path, in, msgs, &status))
		return false;
	if (in->kind != SESSION_REPORT) {
		str_sanitize(path, shown, sizeof(shown));
		fprintf(msgs, "occview: %s: a launch file or list, not a report: --diff compares "
			"the kernels of two binaries, compiler logs or profiler reports\n", shown);
		session_input_done(in);
		return false;
	}
	/* the gate reads every record of both: whole, not packed */
	if (!report_unpack(&in->report)) {
		fprintf(msgs, "occview: out of memory\n");
		session_input_done(in);
		return false;
	}
	if (in->rejected.status != OCC_OK) {
		char msg[1024];

		occ_error_format(&in->rejected, msg, sizeof(msg));
		fprintf(msgs, "occview: %s (%zu entries not read)\n", msg, in->report.rejected_rows);
	}
	return true;
}

int session_diff(struct session *s, const char *old_file, const char *new_file,
		 unsigned fail_on, enum session_diff_format format, FILE *out, FILE *msgs)
{
	const struct param_set *flags = session_flags(s);
	struct report_launch_given given = { session_gpu_at(s, 0), &flags->values,
					     flags->set & PARAM_LAUNCH_BITS };
	struct output_diff_files files = { old_file, new_file, fail_on };
	struct session_input a, b;
	struct diff_result d;
	bool written;
	int status;

	if (!load_report(s, old_file, &a, msgs))
		return SESSION_DIFF_ERROR;
	if (!load_report(s, new_file, &b, msgs)) {
		session_input_done(&a);
		return SESSION_DIFF_ERROR;
	}
	if (!diff_reports(session_db(s), &a.report, old_file, &b.report, new_file, &given, fail_on,
			  &d)) {
		fputs("occview: out of memory\n", msgs);
		session_input_done(&a);
		session_input_done(&b);
		return SESSION_DIFF_ERROR;
	}
	switch (format) {
	case SESSION_DIFF_JSON: written = output_diff_json(out, &d, &files); break;
	case SESSION_DIFF_SARIF: written = output_diff_sarif(out, &d, &files); break;
	default: written = output_diff_text(out, &d, &files); break;
	}
	status = written ? diff_exit_status(&d) : SESSION_DIFF_ERROR;
	diff_result_done(&d);
	session_input_done(&a);
	session_input_done(&b);
	return status;
}
