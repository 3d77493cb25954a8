/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* output.h - the machine-readable outputs, JSON, JSON Lines and CSV, written one
 * analysis at a time (the text of --print is the panes: ui/print.h). Kernel
 * names and other file text are sanitized. */
#ifndef OCC_OUTPUT_H
#define OCC_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "analysis.h"
#include "compare.h"

struct jsonw;
struct outbuf;

/* The JSON documents' format version (occview-formats(5)): raised only when
 * a member changes meaning or goes; members may be added without it. */
#define OUTPUT_JSON_FORMAT_VERSION 1

/* A JSON document's head: {"format_version", "producer": {"name",
 * "version"}, then array's key and its opening bracket; the items follow
 * at an indent of 4, then output_json_end. */
void output_json_open(FILE *out, const char *array);
void output_json_open_to(struct outbuf *b, const char *array);
/* JSON, streamed: {"format_version": 1, "producer": {...}, "kernels": [ ... ]}
 * written one kernel object at a time, as jansson would indent the whole.
 * kernel: false when out of memory. end: any says whether a kernel was
 * written. */
void output_json_begin(FILE *out);
bool output_json_kernel(FILE *out, const struct analysis *a, bool first);
/* The same, with derivations (--derive) a "derivations" array after
 * "findings": derive_all's, each {"of", "title", "steps", "value"}; "of" is
 * the factor's occ_key(), "occupancy" or "gpu_waves", and value the final
 * figure (the block limit, null where the factor does not limit; active
 * warps per SM; blocks per wave). */
bool output_json_kernel_derived(FILE *out, const struct analysis *a, bool first, bool derivations);
void output_json_end(FILE *out, bool any);
void output_json_end_to(struct outbuf *b, bool any);
/* output_json_kernel_derived's text (its separator, then the kernel) into
 * w, a writer at an indent of 4 kept across kernels (output_stream.h). */
void output_json_kernel_to(struct jsonw *w, const struct analysis *a, bool first, bool derivations);
/* --compare I,J: instead of output_json_end after the two kernels, a
 * "comparison" object of d (the second minus the first). False when out of
 * memory. */
bool output_json_comparison_end(FILE *out, const int64_t ids[2], const struct compare_delta *d);
/* The same into w, the kernels' writer (at an indent of 4, kept as it is). */
void output_json_comparison_end_to(struct jsonw *w, const int64_t ids[2], const struct compare_delta *d);
/* JSON Lines (--format jsonl): the header, {"format_version", "producer"},
 * as the first line, then each kernel object of the JSON document on a line
 * of its own, compact (no spaces, as jansson's JSON_COMPACT writes it), and
 * for --compare a last line {"comparison": {...}}. The same members and the
 * same promise as the JSON document's, but for the findings: {"id",
 * "severity", "title", "parameters"}, the parameters the numbers the text
 * quotes in its order (null where the analysis did not keep them:
 * SESSION_PARAMS), and "text" only with OUTPUT_JSONL_FINDINGS_TEXT
 * (--findings-text). what: OUTPUT_JSONL_ bits (true reads as
 * OUTPUT_JSONL_DERIVATIONS). kernel and comparison: false when out of
 * memory or the stream has an error. */
enum output_jsonl {
	OUTPUT_JSONL_DERIVATIONS = 1u << 0,    /* "derivations", as --derive's JSON */
	OUTPUT_JSONL_FINDINGS_TEXT = 1u << 1,  /* each finding's "text" */
};
void output_jsonl_header(FILE *out);
void output_jsonl_header_to(struct outbuf *b);
bool output_jsonl_kernel(FILE *out, const struct analysis *a, unsigned what);
bool output_jsonl_comparison(FILE *out, const int64_t ids[2], const struct compare_delta *d);
/* output_jsonl_kernel's and output_jsonl_comparison's lines into w, a
 * compact writer kept across kernels. */
void output_jsonl_kernel_to(struct jsonw *w, const struct analysis *a, unsigned what);
void output_jsonl_comparison_to(struct jsonw *w, const int64_t ids[2], const struct compare_delta *d);
/* CSV: the header row, then a row per kernel; records: a kernel record's
 * columns (achieved occupancy, duration, cross-check disagreements) after
 * the others. */
void output_csv_header(FILE *out, bool records);
void output_csv_header_to(struct outbuf *b, bool records);
void output_csv_row(FILE *out, const struct analysis *a, bool records);
/* output_csv_row's row into r, a buffer kept across rows. */
void output_csv_row_to(struct outbuf *r, const struct analysis *a, bool records);
/* One RFC 4180 field of a row gathered in r, sanitized, quoted where it must
 * be; then ',' or, when last, the line's end. */
void output_csv_field(struct outbuf *r, const char *s, bool last);
/* occ_error_format's text of e in msg (size bytes): "file:line: field:
 * message". Where the three are printable ASCII (str_sanitize's copy of
 * each is itself) and all fits, it is put together without the three
 * copies and five strfmt calls, and true says the text is printable
 * ASCII without a newline: what occ_say would write of it unchanged.
 * A refused record's CSV row and its note on stderr paid ~2,000
 * instructions each for it. */
bool output_error_text(const struct occ_error *e, char *msg, size_t size);
/* --list-gpus: devices, then architectures. */
void output_gpu_list(FILE *out, const struct gpu_db *db);
/* --list-gpus --format json|csv: every device, one object or row each (name,
 * vendor, arch, cc, sm_count, family, segment, aliases), for scripts and
 * shell completion. */
void output_gpu_list_json(FILE *out, const struct gpu_db *db);
/* The same as JSON Lines: output_jsonl_header's line, then each device's
 * object of the document's "devices" on a line of its own, compact. */
void output_gpu_list_jsonl(FILE *out, const struct gpu_db *db);
void output_gpu_list_csv(FILE *out, const struct gpu_db *db);

#endif
