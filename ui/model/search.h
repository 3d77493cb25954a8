/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* search.h - `/` search in the list panes (the kernel browser, the findings,
 * the help): which item holds the text, and the next one that does from
 * where the list is, with n and N. Curses-free. */
#ifndef OCC_SEARCH_H
#define OCC_SEARCH_H

#include <stdbool.h>
#include <stddef.h>

/* Whether hay holds needle, ASCII letters in any case (names are ASCII in
 * practice; anything else matches byte for byte). An empty needle is held
 * by everything. */
bool search_holds(const char *hay, const char *needle);

/* The item of n that holds the text (match says, for item i, with ctx),
 * counting from `from`: from itself and on (dir 0: search as you type),
 * after it (dir > 0) or before it (dir < 0), wrapping round the list.
 * SIZE_MAX when none does. */
size_t search_find(size_t n, size_t from, int dir, bool (*match)(const void *ctx, size_t i),
		   const void *ctx);

#endif
