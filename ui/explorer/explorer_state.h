/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* explorer_state.h - the explorer's own state, shared by explorer.c (keys,
 * clicks and drawing, and the one place that acts on a reply),
 * explorer_records.c (which record is shown, reloads), explorer_actions.c
 * (its own actions, the panes' requests) and chrome.c (parameter bar, tabs,
 * status line), which return replies and never call explorer.c. Private to
 * ui/. The panes keep theirs in their own structs. */
#ifndef OCC_EXPLORER_STATE_H
#define OCC_EXPLORER_STATE_H

#include "explorer.h"

#include "layout.h"
#include "pane.h"
#include "scenarios.h"
#include "session.h"
#include "session_reload.h"
#include "view.h"
#include "whatif.h"

/* One record of the explorer's: input `input`'s record `index`. */
struct explorer_item {
	size_t input, index;
};

struct explorer {
	struct session *session;             /* not owned */
	struct session_input *inputs;        /* owned; none: the flags' launch */
	size_t n_inputs;
	struct explorer_item *items;         /* every record of every input */
	size_t n_items, shown;               /* shown: the record the baseline came from */
	struct launch flags_launch;          /* the record when there is no input */
	struct session_resolved resolved;    /* the shown record, resolved when it was loaded */
	bool gpu_unknown;                    /* the shown record names no GPU and none is given:
						the parameters say "GPU ?" */

	/* Live reload, for one report read from a file. */
	bool reloads;
	long long seen_mtime_ns, seen_size;
	struct session_reload *reload;       /* reading the file again, or NULL */
	struct session_mark mark;            /* where the last reading ended */

	struct whatif *whatif;
	struct view view;
	struct layout layout;
	enum pane_id active;                 /* the pane chosen in the tab bar */
	bool zoom;                           /* the chosen pane has the whole pane area */
	struct pane *panes[PANE_N];          /* PANE_KERNELS only with a report */
	struct pane *modal;                  /* help, picker, prompt, notice: takes every key */
	struct sim_params model;             /* the per-SM pane's duration model */
	bool ascii, mouse;
	char source[256];
	char message[512];                   /* replaces the key hints until the next key */
	bool message_is_error;
	struct scenarios scenarios;          /* S names, ' flips, s saves them */
	const char *const *themes;           /* T's; NULL: none */
	int theme;                           /* the one in use, an index of themes */
	char opened[1024];                   /* the recovery file opened (o): removed at q */
	struct rect field_rect[PARAM_WHATIF_N];  /* where each parameter was drawn */
	struct rect tab_rect[PANE_N];
};

/* What a part of the explorer (explorer_actions.c, explorer_records.c)
 * asks after a key, a click or a poll: the parts change the explorer's
 * state but never call back up into explorer.c, which alone acts on a reply
 * (htop's HandlerResult), in this order: make the record the baseline,
 * recompute the view, then say what the outcome calls for. */
enum explorer_on_unfit {
	UNFIT_QUIET,    /* nothing more */
	UNFIT_GPU,      /* "this launch does not fit GPU: u undoes" */
	UNFIT_RECORD,   /* the record's own error, as the status line says it */
};

struct explorer_reply {
	enum reaction react;          /* what the screen needs */
	bool load;                    /* make `record` the baseline */
	size_t record;
	bool refresh;                 /* recompute the view for the launch */
	unsigned more;                /* VIEW_* beyond what the panes on screen need */
	enum explorer_on_unfit on_unfit;  /* after the recompute, when the launch does not fit */
	char message[512];            /* for the status line; the last said wins */
	bool error;
	char otherwise[128];          /* said when nothing else was */
};

/* explorer_reply.c */
void explorer_reply_say(struct explorer_reply *y, bool error, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* chrome.c */
void chrome_draw_params(struct explorer *e, struct canvas *c, struct rect r);
void chrome_draw_tabs(struct explorer *e, struct canvas *c, struct rect r);
void chrome_draw_status(struct explorer *e, struct canvas *c, struct rect r);
void chrome_draw_too_small(struct canvas *c);

/* explorer_records.c */
/* The session's record of item i. */
struct session_record explorer_record(const struct explorer *e, size_t i);
/* Builds the items of the inputs (and the kernel browser of a single
 * report); false when out of memory. */
bool explorer_records_init(struct explorer *e);
/* Makes item i the baseline and the current launch, the view to be
 * recomputed; says why a record cannot be analysed. */
void explorer_records_show(struct explorer *e, size_t i, struct explorer_reply *y);
/* The status line's words for the shown record's error. */
void explorer_records_error(const struct explorer *e, const struct occ_error *err,
			    struct explorer_reply *y);
/* name (a device of the database) becomes the GPU of the report's records
 * that do not say which GPU ran them; the browser's rows and the shown
 * record are analysed again. */
void explorer_records_set_gpu(struct explorer *e, const char *name, struct explorer_reply *y);
/* The GPU picker for those records, its title saying how many, offering
 * their vendor's GPUs; NULL when every record names its GPU (or out of
 * memory). */
struct pane *explorer_records_gpu_picker(struct explorer *e);
/* The what-if's GPU picker (g), offering the shown record's vendor's GPUs
 * (every GPU for a launch). */
struct pane *explorer_records_whatif_picker(struct explorer *e);
/* explorer_poll's work: the report read again when its file changed. */
void explorer_records_poll(struct explorer *e, struct explorer_reply *y);
/* A reload under way stopped (before the explorer goes); whether one is. */
void explorer_records_stop(struct explorer *e);
bool explorer_records_reloading(const struct explorer *e);
/* Whether the browser's rows still wait for their figures; a slice of
 * them given theirs (explorer_tick's idle work): REACT_REDRAW after the
 * last. */
bool explorer_records_pending(const struct explorer *e);
enum reaction explorer_records_work(struct explorer *e);

/* explorer_actions.c: the explorer's own action a (react REACT_NONE: a
 * pane's); and a pane's request, r being what its handler returned. */
void explorer_own_action(struct explorer *e, enum action a, struct explorer_reply *y);
void explorer_on_request(struct explorer *e, const struct pane_request *req, enum reaction r,
			 struct explorer_reply *y);

static inline bool explorer_has_report(const struct explorer *e)
{
	return e->panes[PANE_KERNELS] != NULL;
}

#endif
