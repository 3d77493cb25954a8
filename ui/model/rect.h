/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* rect.h - a rectangle of screen cells, the unit of layout. */
#ifndef OCC_RECT_H
#define OCC_RECT_H

#include <stdbool.h>

struct rect {
	int x, y, w, h;
};

static inline bool rect_empty(struct rect r)
{
	return r.w <= 0 || r.h <= 0;
}

static inline bool rect_contains(struct rect r, int x, int y)
{
	return x >= r.x && y >= r.y && x < r.x + r.w && y < r.y + r.h;
}

/* The rectangle inside a one-cell frame. */
static inline struct rect rect_inner(struct rect r)
{
	struct rect in = { r.x + 1, r.y + 1, r.w - 2, r.h - 2 };
	if (in.w < 0)
		in.w = 0;
	if (in.h < 0)
		in.h = 0;
	return in;
}

#endif
