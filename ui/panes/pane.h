/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* pane.h - a pane is a small const table of behaviour and a state of its own:
 * it draws the view into its rectangle of the screen canvas, takes the keys
 * and clicks that are its own, and reports back what it needs done (load a
 * record, set a parameter, a message) in a request the explorer acts on. A
 * modal pane (help, GPU picker, prompt, notice) takes every key while open.
 * Panes never reach into the explorer; handlers need no curses. */
#ifndef OCC_PANE_H
#define OCC_PANE_H

#include <stdbool.h>
#include <stdint.h>

#include "canvas.h"
#include "keys.h"
#include "params.h"
#include "rect.h"
#include "sim.h"
#include "view.h"
#include "whatif.h"

enum reaction {
	REACT_NONE,       /* not handled */
	REACT_REDRAW,     /* handled; draw again */
	REACT_RECOMPUTE,  /* the launch changed; recompute the view, then draw */
	REACT_QUIT,
};

/* What a pane asks of the explorer after a key or a click. */
enum pane_ask {
	PANE_ASK_NONE,
	PANE_ASK_LOAD,       /* make record `record` the baseline */
	PANE_ASK_SET_TEXT,   /* set `field` from `text`, as the command line reads it */
	PANE_ASK_SET_VALUE,  /* set `field` to `value` (a click on a chart) */
	PANE_ASK_SET_GPU,    /* the GPU named `text` (the picker) */
	PANE_ASK_SET_REPORT_GPU,  /* the GPU named `text` for the report's records that lack one */
	PANE_ASK_SAVE,       /* save the launch to the file `text`; an existing one
			      * only when `overwrite` (the user said y) */
	PANE_ASK_OPEN,       /* make the launch file `text` the current launch */
	PANE_ASK_SCENARIO,   /* keep the current launch as the scenario named `text` */
	PANE_ASK_MODEL,      /* the per-SM prediction's duration model is now `model` */
	PANE_ASK_CLOSE,      /* a modal pane is done */
};

struct pane_request {
	enum pane_ask ask;
	size_t record;
	enum launch_param field;
	int64_t value;
	struct sim_params model;
	char text[1024];
	bool overwrite;
	/* A line for the status bar (with any ask), an error or not. */
	char message[512];
	bool error;
};

/* The state every pane has; a pane with more embeds this first. */
struct pane {
	const struct pane_class *cls;
	int scroll;       /* first row shown */
	int selected;     /* selected item */
	bool expanded;    /* the selected item opened */
	int rows;         /* rows of content at the last draw: the page for PgUp/PgDn */
};

struct pane_class {
	const char *name;   /* "table" */
	const char *title;  /* shown in the frame */
	/* NULL: title as it is. Otherwise the title for this view (the per-SM
	 * pane says CU or WGP on AMD) written into buf. */
	const char *(*title_for)(const struct pane *p, const struct view *v, char *buf,
				 size_t size);
	void (*draw)(struct pane *p, struct canvas *c, struct rect r, const struct view *v);
	/* NULL: no keys. An action from the key table (ACT_NONE when the pane
	 * takes text: key is then the raw key). */
	enum reaction (*key)(struct pane *p, enum action a, int key, const struct view *v,
			     struct pane_request *req);
	/* NULL: never. The pane takes raw keys now (a filter or prompt line). */
	bool (*typing)(const struct pane *p);
	/* NULL: no clicks. A click at (x, y) inside r. */
	enum reaction (*click)(struct pane *p, struct rect r, const struct view *v, int x, int y,
			       struct pane_request *req);
	/* NULL: nothing moves. One animation frame; REACT_NONE when idle. */
	enum reaction (*tick)(struct pane *p, const struct view *v);
	/* NULL: none. What the view must compute for this pane's draw. */
	unsigned (*needs)(const struct pane *p);
	/* NULL: as given. Rows the pane's content needs at width w (--print
	 * draws each pane at its own height). */
	int (*height)(struct pane *p, int w, const struct view *v);
	/* NULL: height(), then draw() at that height. Otherwise draws the
	 * whole content at width w from (x, y), as draw() would at height()'s
	 * rows, clipped to the canvas, and returns those rows: --print lays
	 * such a pane out once, not measured and then drawn. */
	int (*print)(struct pane *p, struct canvas *c, int x, int y, int w, const struct view *v);
	/* NULL: nothing to free beyond the pane. */
	void (*done)(struct pane *p);
};

/* The panes. Each returns a pane whose class is the pane's own; NULL when
 * out of memory. pane_free frees any. */
struct pane *pane_table_new(void);
struct pane *pane_charts_new(void);
/* The duration models m cycles through, the given one first. */
struct pane *pane_sms_new(const struct sim_params *model);
struct pane *pane_rules_new(void);
/* Active warps per SM over time from the view's simulation (VIEW_SIM). */
struct pane *pane_timeline_new(void);
/* Every finding expanded into its derivations, no selection (--print). */
void pane_rules_expand_all(struct pane *p);
/* --derive: the limiter (or why the launch cannot run) expands to every
 * limit's derivation, the occupancy's and the waves' (derive_all), not only
 * the limiting factors'. */
void pane_rules_derive_all(struct pane *p);
/* The kernel browser of a report (rows: the session's analysis of each
 * record, browser.h); NULL rows: no report. Takes b over. */
struct browser;
struct pane *pane_kernels_new(struct browser *b);
void pane_free(struct pane *p);

/* The per-SM pane's duration model (the view simulates with it). */
const struct sim_params *pane_sms_model(const struct pane *p);
/* The per-SM pane is recording the animation's frames in slices (its ticks). */
bool pane_sms_busy(const struct pane *p);
/* The timeline pane is computing a timeline in slices (its ticks). */
bool pane_timeline_busy(const struct pane *p);
/* The kernel browser's model (NULL without a report) and whether it is
 * showing a record of the report. */
struct browser *pane_kernels_browser(struct pane *p);

/* Modal panes: they cover the screen (they draw where they like) and take
 * every key until they ask PANE_ASK_CLOSE. */
/* The help, the keys of group first (the pane in use) at the top. */
struct pane *pane_help_new(enum key_group first);
/* open: a file the notice offers to open with o (PANE_ASK_OPEN), or NULL. */
struct pane *pane_notice_new(const char *text, const char *open);
/* The GPU picker over db's devices, on current. like (NULL: none): a
 * device of the records' vendor, whose devices alone are offered until the
 * filter matches none of them (then the other vendors' that match, said
 * so). */
struct pane *pane_picker_new(const struct gpu_db *db, const char *current, const struct gpu *like);
/* The same for the records of a report that do not say which GPU ran them
 * (PANE_ASK_SET_REPORT_GPU), title saying how many; runs (NULL: not known)
 * says per device of db whether it runs the records: those come first. */
struct pane *pane_picker_report_new(const struct gpu_db *db, const char *current,
				    const struct gpu *like, const char *title, const bool *runs);
/* A prompt in the status line: a value for field (now: its value now), or
 * (field PARAM_N) a file name to save to, starting with initial. */
struct pane *pane_prompt_new(enum launch_param field, const char *label, const char *now,
			     const char *initial);
/* "PATH exists: overwrite it? (y/n)": y asks PANE_ASK_SAVE with overwrite,
 * any other key cancels. */
struct pane *pane_prompt_overwrite_new(const char *path);
/* "name this scenario:" (S), starting with suggested: PANE_ASK_SCENARIO. */
struct pane *pane_prompt_scenario_new(const char *suggested);

/* What panes show in place of their content when the launch is not valid on
 * the chosen GPU (v->cur.ok false): the error, wrapped, and (in the explorer:
 * v->whatif set) the keys that help. Returns the rows used. */
int pane_draw_error(struct canvas *c, struct rect r, const struct view *v);
/* Every pane's first step: true when it has nothing of its own to draw,
 * because r is empty or the launch cannot be computed (the error is drawn). */
bool pane_skip(struct canvas *c, struct rect r, const struct view *v);
/* The request's message, formatted. */
void pane_say(struct pane_request *req, bool error, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
