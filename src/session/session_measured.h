/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* session_measured.h - a kernel record's measured context in its analysis
 * (crosscheck_record): session-internal, for session.c's analyse. */
#ifndef OCC_SESSION_MEASURED_H
#define OCC_SESSION_MEASURED_H

#include <stdbool.h>

#include "crosscheck.h"
#include "gpu.h"
#include "report.h"
#include "report_infer.h"

/* What resolving the record under the overrides gave, that its measured
 * context says (session.c's resolution of it). */
struct session_resolution {
	bool ok;                  /* the launch resolved: the rest below is known */
	bool incomplete;          /* the record, not the overrides, is why not */
	bool gpu_changed;         /* another GPU than the one measured */
	unsigned known;           /* PARAM_BIT of what the record or the user gave */
	unsigned changed;         /* what differs from the launch as measured */
	int source;               /* enum report_gpu_source */
	int db_sm_count;          /* the database's count where the report's won */
	const struct report_inferred *inferred;
};

/* What was measured, and what of it a what-if drops, into cr, which is
 * empty: an analysis's, which analysis_compute and analysis_fail leave so
 * (written in place, not built beside it and copied, 800 bytes a record). */
void session_measured_context(const struct report_record *rec,
			      const struct session_resolution *res, struct crosscheck_record *cr);
/* The average achieved occupancy and active warps from per-SM events
 * (nvprof --aggregate-mode off), or from the CUDA profiler's counters, where
 * the report gave no average. rec is const: report_sm_occupancy runs on a
 * shallow copy whose one allocation (its per-SM array) is freed here; rec's
 * own arrays are only read. */
void session_measured_from_events(const struct report_record *rec, const struct gpu *gpu,
				  int xcds_given, struct crosscheck_record *cr);

#endif
