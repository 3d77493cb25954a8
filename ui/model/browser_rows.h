/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* browser_rows.h - the kernel browser's rows as its list (browser.c) makes
 * them (browser_rows.c): private to the two. The list calls the rows,
 * never the other way round. */
#ifndef OCC_BROWSER_ROWS_H
#define OCC_BROWSER_ROWS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "browser.h"

/* b's rows of rep, into rows and order (room for rep->n each, taken
 * over: browser_done frees them), without figures, unfiltered,
 * ungrouped, no list yet. False when out of memory (b is then done). */
bool browser_rows_fill(struct browser *b, struct session *s, const struct report *rep,
		       const char *file, struct browser_line *rows, uint32_t *order);
/* Room for n rows in b's, no groups: a report read again. False when
 * out of memory (b as it was, but for room made). */
bool browser_rows_room(struct browser *b, size_t n);
/* Rows of their own for the records b's report gained at its end, the
 * others as they are; their figures at once where no row waits for its
 * own, else with them. False when out of memory. */
bool browser_rows_add(struct browser *b, const char *file);

/* b's groups of identical launches, made when first asked for (every
 * row's figures first); false when out of memory (no groups). */
bool browser_rows_group(struct browser *b);

#endif
