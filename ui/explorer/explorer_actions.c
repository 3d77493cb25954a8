/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* explorer_actions.c - what the explorer does itself: its own actions (the
 * launch parameters, undo and reset, the records, the panes shown) and what
 * a pane asks of it in a request (load a record, set a parameter, save). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "browser.h"
#include "explorer_state.h"
#include "strutil.h"

/* ---- what panes ask for ---- */

static void open_modal(struct explorer *e, struct pane *p)
{
	if (!p) {
		explorer_say(e, true, "out of memory");
		return;
	}
	pane_free(e->modal);
	e->modal = p;
}

static void set_gpu(struct explorer *e, const char *name)
{
	struct occ_error err = { 0 };
	struct gpu g;

	if (!gpu_db_find(session_db(e->session), name, &g, &err)) {
		explorer_say(e, true, "%s", err.message);
		return;
	}
	whatif_set_gpu(e->whatif, &g);
	e->whatif->focus = PARAM_GPU;
	explorer_refresh(e);
	if (!e->view.cur.ok)
		explorer_say(e, true, "this launch does not fit %s: u undoes", g.name);
}

enum reaction explorer_act_on(struct explorer *e, struct pane_request *req, enum reaction r)
{
	struct occ_error err = { 0 };
	char msg[600];

	if (req->ask == PANE_ASK_CLOSE || req->ask == PANE_ASK_SET_GPU ||
	    req->ask == PANE_ASK_SET_TEXT || req->ask == PANE_ASK_SAVE) {
		pane_free(e->modal);
		e->modal = NULL;
	}
	if (req->message[0])
		explorer_say(e, req->error, "%s", req->message);
	switch (req->ask) {
	case PANE_ASK_LOAD:
		explorer_show(e, req->record);
		if (!e->message[0])
			explorer_say(e, false, "record %zu is the baseline (R resets to it)",
				     req->record + 1);
		/* The browser is for picking: the panes show what was picked. */
		e->active = PANE_TABLE;
		return REACT_REDRAW;
	case PANE_ASK_SET_TEXT:
		if (!whatif_set_text(e->whatif, req->field, req->text, &err)) {
			occ_error_format(&err, msg, sizeof(msg));
			explorer_say(e, true, "%s", msg);
			return REACT_REDRAW;
		}
		break;
	case PANE_ASK_SET_VALUE:
		e->whatif->focus = req->field;
		if (!whatif_set_value(e->whatif, req->field, req->value)) {
			explorer_say(e, true, "%s %lld is not valid here",
				     whatif_label(e->whatif, req->field), (long long)req->value);
			return REACT_REDRAW;
		}
		break;
	case PANE_ASK_SET_GPU:
		set_gpu(e, req->text);
		return REACT_REDRAW;
	case PANE_ASK_SAVE:
		if (whatif_save(e->whatif, req->text, &err)) {
			explorer_say(e, false, "saved to %s (occview --load %s reopens it)", req->text,
				     req->text);
		} else {
			occ_error_format(&err, msg, sizeof(msg));
			explorer_say(e, true, "%s", msg);
		}
		return REACT_REDRAW;
	case PANE_ASK_MODEL:
		e->model = req->model;
		break;
	case PANE_ASK_NONE:
	case PANE_ASK_CLOSE:
		break;
	}
	if (r == REACT_RECOMPUTE)
		explorer_refresh(e);
	return r == REACT_NONE && req->message[0] ? REACT_REDRAW : r;
}

/* ---- the explorer's own actions ---- */

static enum reaction step(struct explorer *e, int dir, bool big)
{
	enum launch_param f = e->whatif->focus;

	if (!whatif_step(e->whatif, f, dir, big))
		explorer_say(e, true, "%s cannot go %s from here", whatif_label(e->whatif, f),
			     dir > 0 ? "higher" : "lower");
	else
		explorer_refresh(e);
	return REACT_REDRAW;
}

static enum reaction edit(struct explorer *e, enum launch_param f)
{
	char now[128];

	if (f == PARAM_GPU) {
		open_modal(e, pane_picker_new(session_db(e->session), e->whatif->cur.gpu.name));
		return REACT_REDRAW;
	}
	whatif_format(e->whatif, f, false, now, sizeof(now));
	open_modal(e, pane_prompt_new(f, whatif_label(e->whatif, f), now,
				      f == PARAM_N ? "whatif.occ" : ""));
	return REACT_REDRAW;
}

/* Undo, redo and reset: done, or the message why not. */
static enum reaction history(struct explorer *e, bool ok, bool error, const char *why_not,
			     const char *done)
{
	if (!ok)
		explorer_say(e, error, "%s", why_not);
	else if (done)
		explorer_say(e, false, "%s", done);
	explorer_refresh(e);
	return REACT_REDRAW;
}

static enum reaction next_launch(struct explorer *e, int dir)
{
	struct pane_request req = { .ask = PANE_ASK_LOAD };

	if (e->n_items < 2) {
		explorer_say(e, false, "only one launch is loaded");
		return REACT_REDRAW;
	}
	if (explorer_has_report(e)) {
		/* along the browser's list, as sorted and filtered */
		struct browser *b = pane_kernels_browser(e->panes[PANE_KERNELS]);

		browser_move(b, dir);
		req.record = browser_selected_record(b);
		if (req.record == SIZE_MAX)
			return REACT_REDRAW;
		explorer_show(e, req.record);
		if (!e->message[0])
			explorer_say(e, false, "record %zu is the baseline (R resets to it)",
				     req.record + 1);
		return REACT_REDRAW;
	}
	explorer_show(e, (e->shown + e->n_items + (size_t)(dir > 0 ? 1 : -1)) % e->n_items);
	return REACT_REDRAW;
}

/* r: the selected record where the kernel browser is on screen, else the
 * what-if as it stands. */
static enum reaction set_reference(struct explorer *e)
{
	struct pane *kp = e->panes[PANE_KERNELS];
	char label[256], name[96];

	if (kp && !rect_empty(e->layout.pane[PANE_KERNELS])) {
		struct browser *b = pane_kernels_browser(kp);
		size_t rec = browser_selected_record(b);
		struct analysis *a;

		if (rec == SIZE_MAX) {
			explorer_say(e, true, "no record is selected");
			return REACT_REDRAW;
		}
		a = malloc(sizeof(*a));
		if (!a) {
			explorer_say(e, true, "out of memory");
			return REACT_REDRAW;
		}
		browser_analyse(b, rec, a);
		str_sanitize(b->report->records[rec].short_name, name, sizeof(name));
		snprintf(label, sizeof(label), "record %zu %s", rec + 1, name);
		view_set_reference(&e->view, a, label);
		free(a);
	} else {
		str_sanitize(e->view.cur.launch.kernel[0] ? e->view.cur.launch.kernel : "(unnamed)",
			     name, sizeof(name));
		snprintf(label, sizeof(label), "what-if %s on %s", name, e->view.cur.gpu.name);
		view_set_reference(&e->view, &e->view.cur, label);
	}
	if (!e->view.ref.ok)
		explorer_say(e, true, "the reference (%s) cannot be analysed: no change is shown", label);
	else
		explorer_say(e, false, "%s is the reference (x clears it)", label);
	return REACT_REDRAW;
}

enum reaction explorer_own_action(struct explorer *e, enum action a)
{
	struct whatif *w = e->whatif;

	switch (a) {
	case ACT_QUIT: return REACT_QUIT;
	case ACT_HELP: {
		/* the keys of the pane in use first */
		static const enum key_group of_pane[PANE_N] = {
			[PANE_TABLE] = KG_LAUNCH, [PANE_CHARTS] = KG_PANES, [PANE_SMS] = KG_PANES,
			[PANE_RULES] = KG_FINDINGS, [PANE_KERNELS] = KG_BROWSER,
			[PANE_TIMELINE] = KG_PANES,
		};

		open_modal(e, pane_help_new(of_pane[e->active]));
		return REACT_REDRAW;
	}
	case ACT_NEXT_FIELD:
	case ACT_PREV_FIELD:
		/* Only the parameters of the current GPU's vendor take the focus. */
		do
			w->focus = (enum launch_param)((w->focus + (a == ACT_NEXT_FIELD ? 1 :
				PARAM_WHATIF_N - 1)) % PARAM_WHATIF_N);
		while (!whatif_applies(w, w->focus));
		return REACT_REDRAW;
	case ACT_INC: return step(e, 1, false);
	case ACT_DEC: return step(e, -1, false);
	case ACT_INC_BIG: return step(e, 1, true);
	case ACT_DEC_BIG: return step(e, -1, true);
	case ACT_EDIT: return edit(e, w->focus);
	case ACT_GPU: return edit(e, PARAM_GPU);
	case ACT_SAVE: return edit(e, PARAM_N);
	case ACT_UNDO: return history(e, whatif_undo(w), true, "nothing to undo", NULL);
	case ACT_REDO: return history(e, whatif_redo(w), true, "nothing to redo", NULL);
	case ACT_RESET:
		return history(e, whatif_reset(w), false, "already at the baseline",
			       "back to the baseline (u undoes this)");
	case ACT_NEXT_LAUNCH: return next_launch(e, 1);
	case ACT_PREV_LAUNCH: return next_launch(e, -1);
	case ACT_TAB_TABLE:
	case ACT_TAB_CHARTS:
	case ACT_TAB_SMS:
	case ACT_TAB_RULES:
		e->active = (enum pane_id)(PANE_TABLE + (a - ACT_TAB_TABLE));
		return REACT_REDRAW;
	case ACT_TAB_KERNELS:
		if (!explorer_has_report(e))
			explorer_say(e, false, "the kernel browser needs a profiler report (occview report.csv)");
		else
			e->active = PANE_KERNELS;
		return REACT_REDRAW;
	case ACT_TAB_TIMELINE:
		e->active = PANE_TIMELINE;
		return REACT_REDRAW;
	case ACT_ZOOM:
		e->zoom = !e->zoom;
		return REACT_REDRAW;
	case ACT_NEXT_PANE:
		do
			e->active = (enum pane_id)((e->active + 1) % PANE_N);
		while (!e->panes[e->active]);
		return REACT_REDRAW;
	case ACT_REFERENCE: return set_reference(e);
	case ACT_COMPARE_GPU: {
		bool added;

		if (!view_toggle_gpu(&e->view, &w->cur.gpu, &added))
			explorer_say(e, true, "%d GPUs are compared already (C on one removes it)",
				     SESSION_GPUS_MAX);
		else
			explorer_say(e, false, "%s %s the GPUs compared (%zu)", w->cur.gpu.name,
				     added ? "joins" : "leaves", e->view.n_gpus);
		explorer_refresh(e);
		return REACT_REDRAW;
	}
	case ACT_REFERENCE_CLEAR:
		if (e->view.has_ref)
			explorer_say(e, false, "the reference is cleared");
		view_set_reference(&e->view, NULL, NULL);
		return REACT_REDRAW;
	case ACT_REDRAW: return REACT_REDRAW;
	default: return REACT_NONE;
	}
}
