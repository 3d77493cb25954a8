/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* print.h - --print's text: the explorer's panes themselves (the occupancy
 * table, the charts including barriers, the per-SM bars, the findings with
 * their derivations) drawn one under the other on a canvas --width columns
 * wide, so that the print mode and the explorer cannot disagree. */
#ifndef OCC_PRINT_H
#define OCC_PRINT_H

#include <stdbool.h>
#include <stdio.h>

#include "analysis.h"
#include "compare.h"
#include "sim.h"

#define PRINT_MIN_WIDTH 40

struct print_options {
	int width;                 /* columns, at least PRINT_MIN_WIDTH */
	bool ascii;                /* ASCII glyphs */
	struct sim_params model;   /* the per-SM pane's block-duration model */
	bool derive;               /* --derive: every limit's derivation, not only the limiter's */
	bool timeline;             /* the timeline pane after the per-SM one (--timeline) */
};

struct printer;

/* NULL when out of memory. */
struct printer *print_new(const struct print_options *o);
void print_free(struct printer *p);
/* Writes a's panes to out; rec (NULL for a launch) is the kernel record it
 * is of, for what the report measured (achieved, per SM). False when out of
 * memory. */
bool print_analysis(struct printer *p, FILE *out, const struct analysis *a,
		    const struct report_record *rec);
/* The same panes into the printer's canvas, valid until the next call; NULL
 * when out of memory. */
const struct canvas *print_canvas(struct printer *p, const struct analysis *a,
				  const struct report_record *rec);

/* --gpu A,B,...: a's n analyses of one launch (or rec), a table with a
 * column per GPU, then each one's panes (print_side.c). */
bool print_side_by_side(struct printer *p, FILE *out, const struct analysis *const *a, size_t n,
			const struct report_record *rec);
/* --compare I,J: a table of both records with the change d (the second
 * minus the first), then each one's panes. */
bool print_compare(struct printer *p, FILE *out, const int64_t ids[2],
		   const struct analysis *const a[2], const struct report_record *const rec[2],
		   const struct compare_delta *d);
/* The printer's width and glyphs, for print_side.c. */
int print_width(const struct printer *p);
bool print_ascii(const struct printer *p);

#endif
