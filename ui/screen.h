/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* screen.h - the canvas blitter and the colour themes: the only place that
 * turns canvas cells and roles into curses characters and attributes. */
#ifndef OCC_SCREEN_H
#define OCC_SCREEN_H

#include <stdbool.h>

#include "canvas.h"

/* After initscr(): colours by role when color is true and the terminal has
 * them (keeping the terminal's own background), attributes alone otherwise. */
void screen_init_theme(bool color);
/* Copies c to the curses screen from (0, 0); curses sends only what changed. */
void screen_blit(const struct canvas *c);

#endif
