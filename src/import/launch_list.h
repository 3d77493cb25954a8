/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* launch_list.h - an occview launch list (CSV, one launch per row) read row by
 * row and handed over one launch at a time, so a list of any length costs one
 * row in flight (--print), not its bytes or every launch at once. */
#ifndef OCC_LAUNCH_LIST_H
#define OCC_LAUNCH_LIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "launch_file.h"

/* Takes one launch (valid or not: a row that could not be read keeps its
 * error); false stops the reading (the taker failed: a write, memory). */
struct launch_list_sink {
	bool (*launch)(void *ctx, const struct launch_record *rec);
	void *ctx;
};

/* Reads the list whose first head_len bytes are head and whose rest, when f
 * is not NULL, follows in f (nothing of f was read past head). A UTF-8 BOM
 * at the start is skipped; lines end at LF, CRLF or a lone CR, and the lines
 * are counted as an editor counts them. Each data row becomes a launch of
 * defaults with the row's values, named "kernel N" (N counts rows from 1),
 * given to sink. Returns false (err set) when the list as a whole cannot be
 * used: binary data, malformed CSV, a required column missing, no launch;
 * launches handed over before such a fault were handed over (*n_out counts
 * them). True also when the sink stopped the reading (*stopped). */
bool launch_list_read(const char *name, FILE *f, const char *head, size_t head_len,
		      const struct launch *defaults, const struct launch_list_sink *sink,
		      size_t *n_out, bool *stopped, struct occ_error *err);

#endif
