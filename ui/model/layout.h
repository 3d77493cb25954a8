/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* layout.h - where each pane goes: a pure function of the terminal size,
 * clamped everywhere, tested on every size from 1x1 to 300x100. */
#ifndef OCC_LAYOUT_H
#define OCC_LAYOUT_H

#include <stdbool.h>

#include "rect.h"

/* PANE_KERNELS, the kernel browser, is on screen only with a report loaded. */
enum pane_id { PANE_TABLE, PANE_CHARTS, PANE_SMS, PANE_RULES, PANE_KERNELS, PANE_TIMELINE,
	       PANE_N };

/* Below this the screen says "terminal too small". */
#define LAYOUT_MIN_COLS 60
#define LAYOUT_MIN_ROWS 16
/* From this size up the occupancy table stays on the left beside the pane
 * chosen in the tab bar (the charts while the table is chosen). */
#define LAYOUT_SPLIT_COLS 100
#define LAYOUT_SPLIT_ROWS 30
/* From this size up every pane is on screen at once. */
#define LAYOUT_WIDE_COLS 160
#define LAYOUT_WIDE_ROWS 45

struct layout {
	int cols, rows;
	bool too_small;
	bool tabbed;                 /* panes chosen in the tab bar */
	bool split;                  /* tabbed, with the table beside the chosen pane */
	bool zoomed;                 /* the chosen pane has the whole pane area */
	struct rect params;          /* the launch parameters, current and baseline */
	struct rect tabs;            /* the tab bar; empty unless tabbed */
	struct rect pane[PANE_N];    /* empty: not on screen */
	struct rect status;          /* the status line */
};

/* active: the pane chosen in the tab bar (shown when tabbed, beside the
 * table when split). zoom: the active pane takes the whole pane area, at
 * any size. */
void layout_compute(int cols, int rows, enum pane_id active, bool zoom, struct layout *l);
/* A centred overlay of at most want_w x want_h inside the screen. */
struct rect layout_overlay(int cols, int rows, int want_w, int want_h);

#endif
