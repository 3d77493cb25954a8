/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* print_summary.h - --print's text for a report of many records: one line per
 * record, or per run of identical launches with their count (as `ncu
 * --print-summary per-kernel` gives a line per kernel), then the totals. */
#ifndef OCC_PRINT_SUMMARY_H
#define OCC_PRINT_SUMMARY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "analysis.h"

struct print_summary;

/* Lines go to out; nothing is written before the first line is complete
 * (the second record, or print_summary_end). NULL when out of memory. */
struct print_summary *print_summary_new(FILE *out);
void print_summary_free(struct print_summary *s);
/* One analysis of a record whose id is id (the browser's id) and whose
 * kernel is name (the report's full name; NULL: the launch's): a line of its
 * own, or one more of the run of identical launches before it (the same
 * name, GPU and launch): the run's line then shows their count and the mean
 * achieved occupancy of those that measured it. False when out of memory. */
bool print_summary_add(struct print_summary *s, const struct analysis *a, int64_t id,
		       const char *name);
/* Writes the last line and the totals. False when the stream has an error. */
bool print_summary_end(struct print_summary *s);
/* Records added so far. */
size_t print_summary_count(const struct print_summary *s);

#endif
