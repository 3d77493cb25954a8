/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* compare_table.h - the one way launches are set side by side: one launch on
 * several GPUs (--gpu A,B and the occupancy pane's GPUs compared), two
 * records (--compare I,J) and the what-if against its reference (r). Every
 * figure is a row and every launch a column, with a change column where there
 * are two; the GPUs compared pane turns it round (a GPU per row) to stay
 * short. One set of cells serves both. */
#ifndef OCC_COMPARE_TABLE_H
#define OCC_COMPARE_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis.h"
#include "canvas.h"
#include "compare.h"

enum compare_row {
	CMP_KERNEL, CMP_GPU, CMP_GRID, CMP_BLOCK, CMP_REGS, CMP_SMEM,
	CMP_OCC, CMP_BLOCKS, CMP_WARPS,
	CMP_LIMIT,                                  /* OCC_N_FACTORS rows, one per factor */
	CMP_LIMITER = CMP_LIMIT + OCC_N_FACTORS,
	CMP_WAVES, CMP_ACHIEVED, CMP_NEXT, CMP_NA,
	CMP_N
};

#define CMP_BIT(row) ((uint64_t)1 << (row))
#define CMP_LIMIT_BITS (((uint64_t)1 << CMP_LIMITER) - ((uint64_t)1 << CMP_LIMIT))

struct compare_table {
	const struct analysis *const *items;
	size_t n;
	const char *const *heads;         /* each column's head: a GPU, "record 3", "now" */
	const struct compare_delta *change; /* n == 2: the second minus the first; else NULL */
	bool change_first_minus;          /* the change is the first minus the second */
	uint64_t rows;                    /* CMP_BIT()s of the rows shown */
	bool changed_limits_only;         /* of the limit rows, those whose limit changed */
	int label_w;                      /* the label column at least (wider, up to a
					   * quarter of the table, for a longer label) */
	int wrap;                         /* lines a cell may take */
};

/* The text of row for a (its figures rounded as shown). */
void compare_cell(const struct analysis *a, enum compare_row row, char *buf, size_t size);
/* The change column of row: the difference of the figures as shown (so that
 * "0.40" beside "0.00" changes by "+0.40"), "changed"/"same" for the
 * limiter, empty where it does not apply. */
void compare_change_cell(const struct compare_table *t, enum compare_row row, char *buf,
			 size_t size);

/* Draws t into the w columns at (x, y) and returns the rows used; c NULL
 * measures (the same rows). */
int compare_table_draw(struct canvas *c, int x, int y, int w, const struct compare_table *t);

/* Turned round: a head row, then a row per launch (the GPU's name,
 * occupancy, limiter, waves, the next step and what does not apply); own
 * marks a launch that is the one shown. Returns the rows used. */
int compare_table_rows(struct canvas *c, int x, int y, int w, const struct compare_table *t,
		       const bool *own);

#endif
