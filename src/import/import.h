/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* import.h - the one narrow interface every profiler importer sits behind.
 *
 * Contract: report_parse() finds the table in the text (skipping application
 * output, ==PROF== lines and the like before it), offers its header row to
 * each importer's probe in turn, and gives every later row to the first
 * importer whose probe said yes. An importer never sees the CSV dialect: rows
 * arrive as trimmed fields with the line they started on. row() appends zero
 * or more records (a memcpy row gives none) and returns false only for a row
 * it cannot use at all, with err naming file, line and field; the other rows
 * are still read. finish() runs once at the end (for formats that spread one
 * kernel over several rows).
 *
 * A stream (report_stream with a sink) hands records over while reading:
 * after each row the driver asks pending() how many of r's trailing records
 * a later row (or finish) may still change, and hands the others over,
 * oldest first, taking them out of r (report_shift: r->n_streamed counts
 * them, so a record's number in the file is r->n_streamed + its index).
 * An importer changes only records it said were pending, looks only at
 * those r still holds, and keeps what it knows of them by that number, not
 * by index (an index moves as records go). The driver holds
 * REPORT_PENDING_MAX records at most: past that, the oldest go out as they
 * are (report.h says what that can change). Records go out
 * REPORT_SETTLE_BATCH at a time: those waiting for their batch are r's
 * first r->n_settled, handed over as far as an importer is concerned.
 * Without a sink nothing is handed over and r keeps every record, so the
 * same code reads both ways. */
#ifndef OCC_IMPORT_H
#define OCC_IMPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "csvread.h"
#include "error.h"
#include "report.h"

struct import_state;

struct import_class {
	const char *name;   /* "rocprof v1 results" */
	/* True when header is this format's header row; may allocate *state. */
	bool (*probe)(const struct csv_row *header, struct import_state **state);
	bool per_kernel;    /* its records summarise kernels (report.per_kernel) */
	/* A table of fixed-width text instead of CSV (probe NULL): true when
	 * the head of the text (after a BOM; at most 64 KiB) holds this
	 * format's table, offered after the text formats' probes. Then every
	 * line but banners (==PROF==, ==pid==), from the first on and blank
	 * ones too, goes to row() as a row of one field (the line without its
	 * end), and the rest is as for CSV: pending, finish, a stream of any
	 * size. */
	bool (*probe_text)(const char *text, size_t len, struct import_state **state);
	bool (*row)(struct import_state *s, const struct csv_row *row, struct report *r,
		    const char *file, struct occ_error *err);
	bool (*finish)(struct import_state *s, struct report *r, const char *file,
		       struct occ_error *err);
	/* How many of r's trailing records may still change (at most r->n).
	 * NULL: any of them, until finish. */
	size_t (*pending)(struct import_state *s, const struct report *r);
	void (*free_state)(struct import_state *s);
	/* Optional, for a table of many columns of which row() reads a few:
	 * those it reads, as struct csv_split's want (a bit per column, in
	 * *words words; NULL: every column), asked before each row; the
	 * fields of the others may be given as "". whole() then says when a
	 * row so split is one that row() reads every field of after all (a
	 * header that comes again): it is split again, whole. */
	const uint64_t *(*columns)(struct import_state *s, size_t *words);
	bool (*whole)(struct import_state *s, const struct csv_row *row);
};

/* pending() for formats whose records are final once added. */
size_t import_pending_none(struct import_state *s, const struct report *r);

extern const struct import_class import_rocprof_v1;
extern const struct import_class import_rocprof_v2;
extern const struct import_class import_rocprof_v3_trace;
extern const struct import_class import_rocprof_v3_counters;
extern const struct import_class import_ncu_details;
extern const struct import_class import_ncu_raw;

/* True when text is Nsight Compute's text output (ncu without --csv); *line
 * gets the line that shows it. Such a file is refused, not read. */
bool import_ncu_text_output(const char *text, size_t len, long *line);
/* True when the metric name table is sorted for bsearch (a test checks). */
bool import_ncu_table_sorted(void);
extern const struct import_class import_nvprof_trace;
extern const struct import_class import_nvprof_metrics;
extern const struct import_class import_nvprof_events;
extern const struct import_class import_nvprof_trace_text;

/* A format that is not CSV (the CUDA command-line profiler's key=value log):
 * report_parse() offers the text (after a BOM) to each probe before looking
 * for a CSV header; the first that says yes reads the whole text. parse()
 * follows row()'s rules: records it can read, rejected lines counted in
 * r->rejected_rows with err naming file, line and field. */
struct import_text_class {
	const char *name;
	bool (*probe)(const char *text, size_t len);
	bool (*parse)(const char *name, const char *text, size_t len, struct report *r,
		      struct occ_error *err);
};

extern const struct import_text_class import_cudaprof_log;
extern const struct import_text_class import_nvprof_metrics_text;
/* CodeXL's and the Radeon Compute Profiler's .occupancy table and
 * occupancy display file (import_codexl.c). */
extern const struct import_text_class import_codexl_occupancy;
extern const struct import_text_class import_codexl_display;
/* clang's -Rpass-analysis=kernel-resource-usage remarks for AMD GPUs
 * (import_clang_remarks.c). */
extern const struct import_text_class import_clang_remarks;
/* ptxas -v output: a record per entry function and architecture
 * (import_ptxas_log.c). */
extern const struct import_text_class import_ptxas_log;

/* Number parsing shared by importers: "1,234", "100.0%", "n/a" (absent), units
 * stuck to values. False (and absent) when text is not a number. */
bool import_int(const char *text, struct report_int *out);
bool import_num(const char *text, struct report_num *out);

/* What a row is made of, for an importer to decide what a field it cannot
 * read costs. A field the launch is made of (grid, block, registers, shared
 * memory or LDS, wave size, barriers, cluster, the driver's shared memory
 * configuration, the compute capability that picks the GPU) rejects its
 * row: row() returns false with err naming it. Any other field (ids,
 * timestamps, durations, counters, scratch, achieved occupancy, the
 * profiler's own limits, the SM count the database also knows) never
 * rejects a row: the importer leaves it absent and calls import_drop, which
 * counts it in r->dropped_fields and keeps the first in r->dropped
 * ("FILE:LINE: column: \"text\" why: left absent"), so that the reader says
 * so once. */
void import_drop(struct report *r, const char *file, long line, const char *column,
		 const char *text, const char *why);
/* import_int and import_num for such a field: a value of 0 or more, or
 * absent, dropped (import_drop) when text is neither. */
struct report_int import_info_int(struct report *r, const char *text, const char *file,
				  long line, const char *column);
struct report_num import_info_num(struct report *r, const char *text, const char *file,
				  long line, const char *column);

#endif
