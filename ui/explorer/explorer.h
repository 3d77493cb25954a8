/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* explorer.h - the explorer without curses: the session's records, the
 * what-if state, its view, the layout and the panes, driven by key codes
 * (keys.h) and clicks and drawn into a canvas of the screen's size.
 * ui/app.c runs it on a terminal; the golden and key tests run it on
 * canvases. */
#ifndef OCC_EXPLORER_H
#define OCC_EXPLORER_H

#include <stdbool.h>
#include <stddef.h>

#include "canvas.h"
#include "pane.h"
#include "session.h"
#include "sim.h"
#include "view.h"

struct explorer_options {
	bool ascii;
	bool mouse;                 /* clicks on charts, tabs and parameters */
	struct sim_params model;    /* the block-duration model to start with */
	const char *source;         /* what was loaded, for the status line; NULL: embedded default */
	const char *notice;         /* shown over the screen at start */
	const char *recovery;       /* the recovery file the notice offers to open (o); NULL: none */
	/* The screen's colour themes (NULL-terminated) that T steps through,
	 * and the one in use; NULL: T says there are none. */
	const char *const *themes;
	const char *theme;
	/* A report whose records do not all say which GPU ran them opens with
	 * the GPU picker for them (the kernel browser's g) over the screen. */
	bool offer_gpu;
};

struct explorer;

/* The explorer on the inputs the session loaded (taken over: freed with the
 * explorer), or, with none, on the launch the flags give. A single report
 * opens on its kernel browser and is reloaded when its file changes. Every
 * analysis is the session's (s must outlive the explorer). NULL when out of
 * memory (the inputs are freed then). */
struct explorer *explorer_new(struct session *s, struct session_input *inputs, size_t n_inputs,
			      const struct explorer_options *o);
void explorer_free(struct explorer *e);

/* Live reload: when the report's file changed size or modification time
 * since the last look, reads it again, keeps the selected record (same id
 * and name, else the same index clamped) and says "reloaded: N records"; a
 * file that fails to parse (a profiler mid-write) keeps the old records and
 * the error goes to the status line. REACT_NONE when nothing changed or no
 * report is loaded. app.c calls it about once a second. */
enum reaction explorer_poll(struct explorer *e);

/* A key (a code point or a KEY_CODE_*): REACT_NONE when nothing changed on
 * screen, REACT_REDRAW, or REACT_QUIT. */
enum reaction explorer_key(struct explorer *e, int key);
/* A mouse click at screen cell (x, y) of a screen of the last drawn size. */
enum reaction explorer_click(struct explorer *e, int x, int y);
/* One animation frame; REACT_NONE when nothing is playing. */
enum reaction explorer_tick(struct explorer *e);
bool explorer_animating(const struct explorer *e);
/* Work is under way (a simulation in slices): explorer_tick goes on with it,
 * so the caller polls keys without waiting between ticks. */
bool explorer_busy(const struct explorer *e);

/* Draws the whole screen into c (its size is the terminal's). */
void explorer_draw(struct explorer *e, struct canvas *c);

/* Whether the what-if launch differs from the loaded one: a session that
 * ends without q saves a recovery file only then. */
bool explorer_changed(const struct explorer *e);
/* Saves the current launch to the recovery file (SIGHUP, SIGTERM); path gets
 * where it went. */
bool explorer_save_recovery(const struct explorer *e, char *path, size_t size,
			    struct occ_error *err);

const struct view *explorer_view(const struct explorer *e);
/* The colour theme T chose last (one of explorer_options.themes), or the
 * one it opened with; NULL when there are none. */
const char *explorer_theme(const struct explorer *e);

#endif
