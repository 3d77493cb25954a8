/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* explorer_actions.c - what the explorer does itself: its own actions (the
 * launch parameters, undo and reset, the records, the panes shown) and what
 * a pane asks of it in a request (load a record, set a parameter, save). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "browser.h"
#include "explorer_state.h"
#include "launch_file.h"
#include "settings.h"
#include "strutil.h"

/* ---- what panes ask for ---- */

static void open_modal(struct explorer *e, struct pane *p, struct explorer_reply *y)
{
	y->react = REACT_REDRAW;
	if (!p) {
		explorer_reply_say(y, true, "out of memory");
		return;
	}
	pane_free(e->modal);
	e->modal = p;
}

static void set_gpu(struct explorer *e, const char *name, struct explorer_reply *y)
{
	struct occ_error err = { 0 };
	struct gpu g;

	if (!gpu_db_find(session_db(e->session), name, &g, &err)) {
		explorer_reply_say(y, true, "%s", err.message);
		return;
	}
	whatif_set_gpu(e->whatif, &g);
	e->whatif->focus = PARAM_GPU;
	y->refresh = true;
	y->on_unfit = UNFIT_GPU;
}

/* path as the file it names: a relative one under the working directory,
 * so that the prompt and the message say exactly where the launch goes. */
static void full_path(const char *path, char *buf, size_t size)
{
	char cwd[1024];
	int n;

	if (path[0] == '/' || !getcwd(cwd, sizeof(cwd))) {
		str_copy(buf, size, path);
		return;
	}
	n = snprintf(buf, size, "%s%s%s", cwd, strcmp(cwd, "/") == 0 ? "" : "/", path);
	if (n < 0 || (size_t)n >= size)
		str_copy(buf, size, path);   /* too long to say whole: as typed */
}

/* s: the launch to the file named, asking first when one is there. */
static void save(struct explorer *e, const char *typed, bool overwrite, struct explorer_reply *y)
{
	struct occ_error err = { 0 };
	char path[1024], msg[1200];
	struct stat st;

	y->react = REACT_REDRAW;
	full_path(typed, path, sizeof(path));
	if (!overwrite && lstat(path, &st) == 0) {
		/* whatif_save refuses what is not a regular file itself */
		if (S_ISREG(st.st_mode)) {
			open_modal(e, pane_prompt_overwrite_new(path), y);
			return;
		}
	}
	if (whatif_save_scenarios(e->whatif, &e->scenarios, path, &err)) {
		if (e->scenarios.n > 0)
			explorer_reply_say(y, false, "saved to %s with %d scenario%s (occview --load %s "
					   "reopens them: n and p flip)", path, e->scenarios.n,
					   e->scenarios.n == 1 ? "" : "s", path);
		else
			explorer_reply_say(y, false, "saved to %s (occview --load %s reopens it)",
					   path, path);
	} else {
		occ_error_format(&err, msg, sizeof(msg));
		explorer_reply_say(y, true, "%s", msg);
	}
}

/* o on the recovery notice: the recovered launch becomes the what-if, one
 * undoable change from the baseline; the file goes when the session ends
 * with q, as after occview --load. */
static void open_launch(struct explorer *e, const char *path, struct explorer_reply *y)
{
	struct occ_error err = { 0 };
	struct launch_set set = { 0 };
	struct launch defaults;
	char msg[1200];

	y->react = REACT_REDRAW;
	launch_init(&defaults);
	if (!launch_file_load(path, &defaults, &set, &err)) {
		occ_error_format(&err, msg, sizeof(msg));
		explorer_reply_say(y, true, "%s", msg);
		return;
	}
	if (set.n == 0 || !set.items[0].valid) {
		if (set.n > 0 && set.items[0].error)
			occ_error_format(set.items[0].error, msg, sizeof(msg));
		explorer_reply_say(y, true, "%s", set.n > 0 && set.items[0].error ? msg :
				   "no launch in the file");
	} else if (!whatif_set_launch(e->whatif, &set.items[0].launch)) {
		explorer_reply_say(y, true, "%s: no GPU is named %s in the database", path,
				   set.items[0].launch.gpu_name);
	} else {
		str_copy(e->opened, sizeof(e->opened), path);
		explorer_reply_say(y, false, "the launch of %s is the what-if (u undoes it, R is the "
				   "baseline); q removes the file", path);
		y->refresh = true;
	}
	launch_set_done(&set);
}

/* S, then a name: the current launch (on its GPU) kept under it. */
static void keep_scenario(struct explorer *e, const char *name, struct explorer_reply *y)
{
	struct launch l = e->whatif->cur.launch;
	char list[400];

	y->react = REACT_REDRAW;
	str_copy(l.gpu_name, sizeof(l.gpu_name), e->whatif->cur.gpu.name);
	if (scenarios_put(&e->scenarios, name, &l) < 0) {
		explorer_reply_say(y, true, "%d scenarios are kept already (a name in use replaces "
				   "its launch)", SCENARIOS_MAX);
		return;
	}
	scenarios_list(&e->scenarios, list, sizeof(list));
	explorer_reply_say(y, false, "scenarios: %s (' flips, s saves them)", list);
}

/* ': the next scenario is the what-if, one undoable change. */
static void next_scenario(struct explorer *e, struct explorer_reply *y)
{
	char list[400];
	int i = scenarios_next(&e->scenarios);

	y->react = REACT_REDRAW;
	if (i < 0) {
		explorer_reply_say(y, false, "no scenarios yet: S names the current launch");
		return;
	}
	if (!whatif_set_launch(e->whatif, &e->scenarios.items[i].launch)) {
		explorer_reply_say(y, true, "scenario %s: no GPU is named %s in the database",
				   e->scenarios.items[i].name, e->scenarios.items[i].launch.gpu_name);
		return;
	}
	y->refresh = true;
	y->on_unfit = UNFIT_GPU;
	scenarios_list(&e->scenarios, list, sizeof(list));
	explorer_reply_say(y, false, "scenario %s: %s (u undoes)", e->scenarios.items[i].name,
			   list);
}

void explorer_on_request(struct explorer *e, const struct pane_request *req, enum reaction r,
			 struct explorer_reply *y)
{
	struct occ_error err = { 0 };
	char msg[600];

	if (req->ask == PANE_ASK_CLOSE || req->ask == PANE_ASK_SET_GPU ||
	    req->ask == PANE_ASK_SET_REPORT_GPU ||
	    req->ask == PANE_ASK_SET_TEXT || req->ask == PANE_ASK_SAVE ||
	    req->ask == PANE_ASK_OPEN || req->ask == PANE_ASK_SCENARIO) {
		pane_free(e->modal);
		e->modal = NULL;
	}
	if (req->message[0])
		explorer_reply_say(y, req->error, "%s", req->message);
	y->react = r == REACT_NONE && req->message[0] ? REACT_REDRAW : r;
	switch (req->ask) {
	case PANE_ASK_LOAD:
		y->load = true;
		y->record = req->record;
		snprintf(y->otherwise, sizeof(y->otherwise),
			 "record %lld is the baseline (R resets to it)",
			 (long long)explorer_record(e, req->record).id);
		/* The browser is for picking: the panes show what was picked. */
		e->active = PANE_TABLE;
		y->react = REACT_REDRAW;
		return;
	case PANE_ASK_SET_TEXT:
		if (!whatif_set_text(e->whatif, req->field, req->text, &err)) {
			occ_error_format(&err, msg, sizeof(msg));
			explorer_reply_say(y, true, "%s", msg);
			y->react = REACT_REDRAW;
			return;
		}
		break;
	case PANE_ASK_SET_VALUE:
		e->whatif->focus = req->field;
		if (!whatif_set_value(e->whatif, req->field, req->value)) {
			explorer_reply_say(y, true, "%s %lld is not valid here",
					   whatif_label(e->whatif, req->field), (long long)req->value);
			y->react = REACT_REDRAW;
			return;
		}
		break;
	case PANE_ASK_SET_GPU:
		set_gpu(e, req->text, y);
		y->react = REACT_REDRAW;
		return;
	case PANE_ASK_SET_REPORT_GPU:
		explorer_records_set_gpu(e, req->text, y);
		return;
	case PANE_ASK_SAVE:
		save(e, req->text, req->overwrite, y);
		return;
	case PANE_ASK_OPEN:
		open_launch(e, req->text, y);
		return;
	case PANE_ASK_SCENARIO:
		keep_scenario(e, req->text, y);
		return;
	case PANE_ASK_MODEL:
		e->model = req->model;
		break;
	case PANE_ASK_NONE:
	case PANE_ASK_CLOSE:
		break;
	}
	if (r == REACT_RECOMPUTE)
		y->refresh = true;
}

/* ---- the explorer's own actions ---- */

static void step(struct explorer *e, int dir, bool big, struct explorer_reply *y)
{
	enum launch_param f = e->whatif->focus;

	if (!whatif_step(e->whatif, f, dir, big))
		explorer_reply_say(y, true, "%s cannot go %s from here", whatif_label(e->whatif, f),
				   dir > 0 ? "higher" : "lower");
	else
		y->refresh = true;
	y->react = REACT_REDRAW;
}

static void edit(struct explorer *e, enum launch_param f, struct explorer_reply *y)
{
	char now[128], path[1024];

	if (f == PARAM_GPU) {
		open_modal(e, explorer_records_whatif_picker(e), y);
		return;
	}
	whatif_format(e->whatif, f, false, now, sizeof(now));
	full_path("whatif.occ", path, sizeof(path));
	open_modal(e, pane_prompt_new(f, whatif_label(e->whatif, f), now,
				      f == PARAM_N ? path : ""), y);
}

/* Undo, redo and reset: done, or the message why not. */
static void history(bool ok, bool error, const char *why_not, const char *done,
		    struct explorer_reply *y)
{
	if (!ok)
		explorer_reply_say(y, error, "%s", why_not);
	else if (done)
		explorer_reply_say(y, false, "%s", done);
	y->refresh = true;
	y->react = REACT_REDRAW;
}

static void next_launch(struct explorer *e, int dir, struct explorer_reply *y)
{
	y->react = REACT_REDRAW;
	if (e->n_items < 2) {
		explorer_reply_say(y, false, "only one launch is loaded");
		return;
	}
	if (explorer_has_report(e)) {
		/* along the browser's list, as sorted and filtered */
		struct browser *b = pane_kernels_browser(e->panes[PANE_KERNELS]);

		browser_move(b, dir);
		if (browser_selected_record(b) == SIZE_MAX)
			return;
		y->load = true;
		y->record = browser_selected_record(b);
		snprintf(y->otherwise, sizeof(y->otherwise),
			 "record %lld is the baseline (R resets to it)",
			 (long long)explorer_record(e, y->record).id);
		return;
	}
	y->load = true;
	y->record = (e->shown + e->n_items + (size_t)(dir > 0 ? 1 : -1)) % e->n_items;
}

/* r: the selected record where the kernel browser is on screen, else the
 * what-if as it stands. */
static void set_reference(struct explorer *e, struct explorer_reply *y)
{
	struct pane *kp = e->panes[PANE_KERNELS];
	char label[256], name[96];

	y->react = REACT_REDRAW;
	if (kp && !rect_empty(e->layout.pane[PANE_KERNELS])) {
		struct browser *b = pane_kernels_browser(kp);
		size_t rec = browser_selected_record(b);
		struct analysis *a;

		if (rec == SIZE_MAX) {
			explorer_reply_say(y, true, "no record is selected");
			return;
		}
		a = malloc(sizeof(*a));
		if (!a) {
			explorer_reply_say(y, true, "out of memory");
			return;
		}
		browser_analyse(b, rec, a);
		str_sanitize(b->report->records[rec].short_name, name, sizeof(name));
		snprintf(label, sizeof(label), "record %lld %s",
			 (long long)report_record_id(&b->report->records[rec], rec), name);
		view_set_reference(&e->view, a, label);
		free(a);
	} else {
		str_sanitize(e->view.cur.launch.kernel[0] ? e->view.cur.launch.kernel : "(unnamed)",
			     name, sizeof(name));
		snprintf(label, sizeof(label), "what-if %s on %s", name, e->view.cur.gpu.name);
		view_set_reference(&e->view, &e->view.cur, label);
	}
	if (!e->view.ref.ok)
		explorer_reply_say(y, true, "the reference (%s) cannot be analysed: no change is shown",
				   label);
	else
		explorer_reply_say(y, false, "%s is the reference (x clears it)", label);
}

static void compare_gpu(struct explorer *e, struct explorer_reply *y)
{
	const struct gpu *g = &e->whatif->cur.gpu;
	bool added;

	if (!view_toggle_gpu(&e->view, g, &added))
		explorer_reply_say(y, true, "%d GPUs are compared already (C on one removes it)",
				   SESSION_GPUS_MAX);
	else
		explorer_reply_say(y, false, "%s %s the GPUs compared (%zu)", g->name,
				   added ? "joins" : "leaves", e->view.n_gpus);
	y->refresh = true;
	y->react = REACT_REDRAW;
}

/* T: the next theme, kept in the settings file for the next start. */
static void next_theme(struct explorer *e, struct explorer_reply *y)
{
	struct occ_error err = { 0 };
	char path[1024], msg[1200];
	const char *name;

	if (!e->themes || !e->themes[0]) {
		explorer_reply_say(y, true, "no colour themes here");
		return;
	}
	e->theme = e->themes[e->theme + 1] ? e->theme + 1 : 0;
	name = e->themes[e->theme];
	if (!settings_path("config", path, sizeof(path))) {
		explorer_reply_say(y, true, "theme %s (not saved: neither XDG_CONFIG_HOME nor HOME "
				   "names a folder)", name);
	} else if (!settings_save_theme(path, name, &err)) {
		occ_error_format(&err, msg, sizeof(msg));
		explorer_reply_say(y, true, "theme %s (not saved: %s)", name, msg);
	} else {
		explorer_reply_say(y, false, "theme %s, saved in %s", name, path);
	}
}

void explorer_own_action(struct explorer *e, enum action a, struct explorer_reply *y)
{
	struct whatif *w = e->whatif;

	y->react = REACT_REDRAW;
	switch (a) {
	case ACT_QUIT:
		/* The recovered launch has served, as after occview --load. */
		if (e->opened[0] && whatif_is_recovery_file(e->opened))
			unlink(e->opened);
		y->react = REACT_QUIT;
		return;
	case ACT_HELP: {
		/* the keys of the pane in use first */
		static const enum key_group of_pane[PANE_N] = {
			[PANE_TABLE] = KG_LAUNCH, [PANE_CHARTS] = KG_PANES, [PANE_SMS] = KG_PANES,
			[PANE_RULES] = KG_FINDINGS, [PANE_KERNELS] = KG_BROWSER,
			[PANE_TIMELINE] = KG_PANES,
		};

		open_modal(e, pane_help_new(of_pane[e->active]), y);
		return;
	}
	case ACT_NEXT_FIELD:
	case ACT_PREV_FIELD:
		/* Only the parameters of the current GPU's vendor take the focus. */
		do
			w->focus = (enum launch_param)((w->focus + (a == ACT_NEXT_FIELD ? 1 :
				PARAM_WHATIF_N - 1)) % PARAM_WHATIF_N);
		while (!whatif_applies(w, w->focus));
		return;
	case ACT_INC: step(e, 1, false, y); return;
	case ACT_DEC: step(e, -1, false, y); return;
	case ACT_INC_BIG: step(e, 1, true, y); return;
	case ACT_DEC_BIG: step(e, -1, true, y); return;
	case ACT_EDIT: edit(e, w->focus, y); return;
	case ACT_GPU: edit(e, PARAM_GPU, y); return;
	case ACT_SAVE: edit(e, PARAM_N, y); return;
	case ACT_SCENARIO_SAVE: open_modal(e, pane_prompt_scenario_new(""), y); return;
	case ACT_SCENARIO_NEXT: next_scenario(e, y); return;
	case ACT_UNDO: history(whatif_undo(w), true, "nothing to undo", NULL, y); return;
	case ACT_REDO: history(whatif_redo(w), true, "nothing to redo", NULL, y); return;
	case ACT_RESET:
		history(whatif_reset(w), false, "already at the baseline",
			"back to the baseline (u undoes this)", y);
		return;
	case ACT_NEXT_LAUNCH: next_launch(e, 1, y); return;
	case ACT_PREV_LAUNCH: next_launch(e, -1, y); return;
	case ACT_TAB_TABLE:
	case ACT_TAB_CHARTS:
	case ACT_TAB_SMS:
	case ACT_TAB_RULES:
		e->active = (enum pane_id)(PANE_TABLE + (a - ACT_TAB_TABLE));
		return;
	case ACT_TAB_KERNELS:
		if (!explorer_has_report(e))
			explorer_reply_say(y, false,
					   "the kernel browser needs a profiler report (occview report.csv)");
		else
			e->active = PANE_KERNELS;
		return;
	case ACT_TAB_TIMELINE:
		e->active = PANE_TIMELINE;
		return;
	case ACT_ZOOM:
		e->zoom = !e->zoom;
		return;
	case ACT_NEXT_PANE:
		do
			e->active = (enum pane_id)((e->active + 1) % PANE_N);
		while (!e->panes[e->active]);
		return;
	case ACT_REPORT_GPU:
		if (!explorer_has_report(e)) {
			y->react = REACT_NONE;
			return;
		}
		if (!(e->modal = explorer_records_gpu_picker(e)))
			explorer_reply_say(y, false, "every record names the GPU that ran it");
		return;
	case ACT_REFERENCE: set_reference(e, y); return;
	case ACT_COMPARE_GPU: compare_gpu(e, y); return;
	case ACT_REFERENCE_CLEAR:
		if (e->view.has_ref)
			explorer_reply_say(y, false, "the reference is cleared");
		view_set_reference(&e->view, NULL, NULL);
		return;
	case ACT_THEME: next_theme(e, y); return;
	case ACT_REDRAW: return;
	default: y->react = REACT_NONE; return;
	}
}
