/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* app.h - the curses program: runs the explorer on the terminal until the
 * user quits or the session drops. */
#ifndef OCC_APP_H
#define OCC_APP_H

#include <stdbool.h>
#include <stddef.h>

#include "explorer.h"
#include "session.h"

struct app_options {
	bool ascii;       /* ASCII glyphs even in a UTF-8 locale (-U) */
	bool no_color;    /* -C; NO_COLOR is read by the screen itself */
	const char *theme;  /* screen.h's theme names; NULL: "default" */
	bool keys_from_tty; /* standard input is not the terminal (a report piped
			     * in): keys come from /dev/tty, as less reads them */
};

/* Runs the explorer (explorer_new on the session's inputs, taken over) on
 * the terminal. Returns the exit status: 0, or 128 + the signal that ended
 * the session (SIGHUP and SIGTERM first save the what-if launch to the
 * recovery file; SIGINT just restores the terminal); 70 when the terminal cannot be
 * drawn on (TERM unset, unknown or dumb) or, with keys_from_tty, when
 * /dev/tty cannot be opened (no controlling terminal, as in CI), with a
 * message on stderr that suggests --print. */
int app_run(struct session *s, struct session_input *inputs, size_t n_inputs,
	    const struct explorer_options *eo, const struct app_options *o);

#endif
