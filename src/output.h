/* output.h - the machine-readable outputs, JSON and CSV, written one
 * analysis at a time (the text of --print is the panes: ui/print.h). Kernel
 * names and other file text are sanitized. */
#ifndef OCC_OUTPUT_H
#define OCC_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "analysis.h"
#include "compare.h"

/* JSON, streamed: {"kernels": [ ... ]} written one kernel object at a time
 * (jansson builds each), as jansson would indent the whole. kernel: false
 * when out of memory. end: any says whether a kernel was written. */
void output_json_begin(FILE *out);
bool output_json_kernel(FILE *out, const struct analysis *a, bool first);
void output_json_end(FILE *out, bool any);
/* --compare I,J: instead of output_json_end after the two kernels, a
 * "comparison" object of d (the second minus the first). False when out of
 * memory. */
bool output_json_comparison_end(FILE *out, const int64_t ids[2], const struct compare_delta *d);
/* CSV: the header row, then a row per kernel; records: a kernel record's
 * columns (achieved occupancy, duration, cross-check disagreements) after
 * the others. */
void output_csv_header(FILE *out, bool records);
void output_csv_row(FILE *out, const struct analysis *a, bool records);
/* --list-gpus: devices, then architectures. */
void output_gpu_list(FILE *out, const struct gpu_db *db);

#endif
