/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* screen.h - the terminal: opening it (with a clear message where it cannot
 * be drawn on), the colour themes, and the canvas blitter: the only place
 * that turns canvas cells and roles into curses characters and attributes. */
#ifndef OCC_SCREEN_H
#define OCC_SCREEN_H

#include <stdbool.h>
#include <stddef.h>

#include "canvas.h"

/* How the screen is drawn; the command line (-C, -U, a config's theme) and
 * NO_COLOR set it. */
struct screen_opts {
	bool no_color;      /* -C / --no-color: attributes only (the monochrome theme) */
	bool no_unicode;    /* -U / --no-unicode: ASCII glyphs even in a UTF-8 locale */
	const char *theme;  /* "default", "monochrome", "high-contrast"; NULL: default */
};

/* The themes' names, for help and completion: NULL-terminated. */
extern const char *const screen_theme_names[];
/* True when name is a theme (screen_theme_names). */
bool screen_theme_known(const char *name);
/* Whether colour is wanted at all: not when o->no_color, nor when NO_COLOR is
 * set to anything but the empty string (https://no-color.org), nor with the
 * monochrome theme. */
bool screen_wants_color(const struct screen_opts *o);
/* Opens the terminal on stdout, its keys from stdin or, with keys_from_tty,
 * from /dev/tty (standard input brought a report: less and tig do the same)
 * (newterm, never initscr: initscr exits with a bare message). False, with
 * why in err (naming TERM or /dev/tty and suggesting --print), when TERM is
 * unset, unknown, or a terminal that cannot place the cursor (TERM=dumb), or
 * /dev/tty cannot be opened (no controlling terminal). */
bool screen_open(bool keys_from_tty, char *err, size_t size);
/* After screen_open: colours by role from the theme where colour is wanted
 * and the terminal has it (keeping the terminal's own background where the
 * theme has none, 256-colour shades where the terminal has them),
 * attributes alone otherwise. */
void screen_init_theme(const struct screen_opts *o);
/* Copies c to the curses screen from (0, 0); curses sends only what changed.
 * A wide character takes its cell and the next (CANVAS_WIDE_TAIL). */
void screen_blit(const struct canvas *c);

#endif
