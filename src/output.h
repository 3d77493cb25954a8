/* output.h - the machine-readable outputs, JSON and CSV, written one
 * analysis at a time (the text of --print is the panes: ui/print.h). Kernel
 * names and other file text are sanitized. */
#ifndef OCC_OUTPUT_H
#define OCC_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "analysis.h"

/* JSON, streamed: {"kernels": [ ... ]} written one kernel object at a time
 * (jansson builds each), as jansson would indent the whole. kernel: false
 * when out of memory. end: any says whether a kernel was written. */
void output_json_begin(FILE *out);
bool output_json_kernel(FILE *out, const struct analysis *a, bool first);
/* The same, with derivations (--derive) a "derivations" array after
 * "findings": derive_all's, each {"of", "title", "steps", "value"}; "of" is
 * the factor's occ_key(), "occupancy" or "gpu_waves", and value the final
 * figure (the block limit, null where the factor does not limit; active
 * warps per SM; blocks per wave). */
bool output_json_kernel_derived(FILE *out, const struct analysis *a, bool first, bool derivations);
void output_json_end(FILE *out, bool any);
/* CSV: the header row, then a row per kernel; records: a kernel record's
 * columns (achieved occupancy, duration, cross-check disagreements) after
 * the others. */
void output_csv_header(FILE *out, bool records);
void output_csv_row(FILE *out, const struct analysis *a, bool records);
/* --list-gpus: devices, then architectures. */
void output_gpu_list(FILE *out, const struct gpu_db *db);

#endif
