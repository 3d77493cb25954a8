/* output.h - the non-interactive outputs: text (--print), JSON and CSV, each for
 * a list of analyses. Kernel names and other file text are sanitized. */
#ifndef OCC_OUTPUT_H
#define OCC_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "analysis.h"

struct output_options {
	int width;      /* text width, at least OUTPUT_MIN_WIDTH */
	bool ascii;     /* ASCII glyphs in charts */
};

#define OUTPUT_MIN_WIDTH 40

/* Text: occupancy table, the three charts, waves and findings per kernel. */
void output_text(FILE *out, const struct analysis *items, size_t n, const struct output_options *o);
/* Renders one analysis as text into a canvas (used by --print and the TUI);
 * returns NULL when out of memory. */
struct canvas *output_text_canvas(const struct analysis *a, const struct output_options *o);
/* One object {"kernels":[...]}; false if out of memory. */
bool output_json(FILE *out, const struct analysis *items, size_t n);
/* A header row, then one row per kernel. */
void output_csv(FILE *out, const struct analysis *items, size_t n);
/* --list-gpus: devices, then architectures. */
void output_gpu_list(FILE *out, const struct gpu_db *db);

#endif
