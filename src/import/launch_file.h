/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* launch_file.h - launches read from files: an occview launch file (key = value)
 * or an occview launch list (CSV, one launch per row), told apart by content. */
#ifndef OCC_LAUNCH_FILE_H
#define OCC_LAUNCH_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "error.h"
#include "launch.h"
#include "params.h"

/* One launch read from a file. A row that could not be read keeps valid = false
 * and its error (NULL for a valid row: a set of launches holds the message
 * only for the rows that have one); the other rows are still usable. */
struct launch_record {
	struct launch launch;
	long line;
	bool valid;
	struct occ_error *error;      /* in a launch_set: heap, owned */
	/* A launch file's "[scenario NAME]" section (the explorer's named
	 * what-ifs): NAME; "" for the file's own launch and a list's rows. */
	char scenario[48];
};

struct launch_set {
	size_t n, cap;
	struct launch_record *items;
	/* A launch file's: the line of each key it gave (0: not given), so a
	 * value the GPU refuses is told at its own line. All 0 for a list,
	 * whose rows have a line each. */
	long key_lines[PARAM_N];
};

/* Reads path. Returns false (err set) when the file as a whole cannot be used:
 * unreadable, binary, not a launch file or list, malformed CSV. Fields missing
 * from the file take their values from defaults. */
bool launch_file_load(const char *path, const struct launch *defaults, struct launch_set *out,
		      struct occ_error *err);
bool launch_file_parse(const char *name, const char *text, size_t len,
		       const struct launch *defaults, struct launch_set *out, struct occ_error *err);
/* A launch list read into out from head and the rest of f (launch_list.h). */
bool launch_file_collect(const char *name, FILE *f, const char *head, size_t head_len,
			 const struct launch *defaults, struct launch_set *out,
			 struct occ_error *err);
void launch_set_done(struct launch_set *set);

/* The first line that is neither blank nor a comment (after a UTF-8 BOM),
 * which decides the format; NULL for a text without one. */
const char *launch_file_first_line(const char *text, size_t len, size_t *line_len);

/* Whether a file whose first len bytes are head (complete: that is all of
 * it) may be a launch file or list, so that everything else is streamed as
 * a profiler report: its first line that is neither blank nor a comment is
 * "key = value", or a CSV header naming the grid, block and registers
 * columns (any of their names, params.h) as whole fields. True also when
 * the head holds no such line or cuts the first one, so the launch reader
 * can say what is wrong; false for binary data. */
bool launch_file_probe(const char *head, size_t len, bool complete);

#endif
