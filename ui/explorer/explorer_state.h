/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* explorer_state.h - the explorer's own state, shared by explorer.c (keys,
 * clicks and drawing), explorer_records.c (which record is shown, reloads)
 * explorer_actions.c (its own actions, the panes' requests) and chrome.c
 * (parameter bar, tabs, status line). Private to ui/. The panes
 * keep theirs in their own structs. */
#ifndef OCC_EXPLORER_STATE_H
#define OCC_EXPLORER_STATE_H

#include "explorer.h"

#include "layout.h"
#include "pane.h"
#include "session.h"
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

	/* Live reload, for one report read from a file. */
	bool reloads;
	long long seen_mtime_ns, seen_size;

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
	struct rect field_rect[PARAM_WHATIF_N];  /* where each parameter was drawn */
	struct rect tab_rect[PANE_N];
};

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
/* Makes item i the baseline and the current launch; says why a record
 * cannot be analysed. */
void explorer_show(struct explorer *e, size_t i);

/* explorer_actions.c: the explorer's own action a (REACT_NONE: a pane's);
 * and acting on a pane's request, r being what its handler returned. */
enum reaction explorer_own_action(struct explorer *e, enum action a);
enum reaction explorer_act_on(struct explorer *e, struct pane_request *req, enum reaction r);

/* explorer.c */
/* Recomputes the view for the launch and the panes on screen. */
void explorer_refresh(struct explorer *e);
void explorer_say(struct explorer *e, bool error, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
bool explorer_has_report(const struct explorer *e);

#endif
