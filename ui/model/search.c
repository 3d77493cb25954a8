/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* search.c - the list panes' search (search.h). */
#include "config.h"

#include "search.h"

#include <ctype.h>
#include <stdint.h>
#include <string.h>

bool search_holds(const char *hay, const char *needle)
{
	size_t n = strlen(needle);

	if (n == 0)
		return true;
	for (; *hay; hay++) {
		size_t k = 0;

		while (k < n && hay[k] &&
		       tolower((unsigned char)hay[k]) == tolower((unsigned char)needle[k]))
			k++;
		if (k == n)
			return true;
	}
	return false;
}

size_t search_find(size_t n, size_t from, int dir, bool (*match)(const void *ctx, size_t i),
		   const void *ctx)
{
	if (n == 0)
		return SIZE_MAX;
	if (from >= n)
		from = 0;
	for (size_t k = dir == 0 ? 0 : 1; k <= n; k++) {
		size_t i = dir < 0 ? (from + n - k % n) % n : (from + k) % n;

		if (match(ctx, i))
			return i;
	}
	return SIZE_MAX;
}
