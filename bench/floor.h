/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* floor.h - the floor every bench compares with: libcsv's bare parse of a
 * file, read in 1 MiB chunks, every byte through csv_parse with callbacks
 * that only count fields and rows. */
#ifndef OCC_BENCH_FLOOR_H
#define OCC_BENCH_FLOOR_H

#include <stddef.h>

struct floor_counts {
	size_t fields, rows;
};

/* Wall seconds of the parse (< 0 on failure); c (may be NULL) gets the
 * counts. The buffer is freed again, so that children forked later do not
 * carry it. */
double floor_libcsv_parse(const char *path, struct floor_counts *c);
/* Reads the file once, so that every measurement finds it in the page cache. */
void floor_warm(const char *path);
/* Monotonic wall time in seconds. */
double floor_now(void);

#endif
