/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* explorer.c - routes keys and clicks: the explorer's own actions (the
 * launch parameters, undo, the panes shown, the records) to
 * explorer_actions.c, every other key to the pane that owns it, and what a
 * pane asks for back through its request; the parts reply and only this
 * file acts on a reply. The view is recomputed for the panes on screen. */
#include "config.h"

#include "explorer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "browser.h"
#include "explorer_state.h"
#include "strutil.h"

/* On screen at the last draw; before the first, the pane shown first. */
static bool visible(const struct explorer *e, enum pane_id p)
{
	if (!e->panes[p])
		return false;
	if (e->layout.cols == 0)
		return e->active == p;
	return !rect_empty(e->layout.pane[p]) || (e->layout.tabbed && e->active == p);
}

/* What the panes on screen need computed. */
static unsigned needs(const struct explorer *e)
{
	unsigned n = 0;

	for (int p = 0; p < PANE_N; p++)
		if (visible(e, (enum pane_id)p) && e->panes[p]->cls->needs)
			n |= e->panes[p]->cls->needs(e->panes[p]);
	return n;
}

/* The view for the panes on screen and what else is asked. */
static void refresh(struct explorer *e, unsigned more)
{
	struct session_record r = explorer_record(e, e->shown);

	if (!view_update(&e->view, e->session, &r, e->whatif, &e->model, needs(e) | more)) {
		str_copy(e->message, sizeof(e->message),
			 "out of memory: the charts or the simulation are incomplete");
		e->message_is_error = true;
	}
}

/* What a part replied, done: the one place the explorer acts on a reply. */
static enum reaction act(struct explorer *e, struct explorer_reply *y)
{
	if (y->load)
		explorer_records_show(e, y->record, y);
	if (y->refresh) {
		refresh(e, y->more);
		if (!e->view.cur.ok && y->on_unfit == UNFIT_GPU)
			explorer_reply_say(y, true, "this launch does not fit %s: u undoes",
					   e->whatif->cur.gpu.name);
		else if (!e->view.cur.ok && y->on_unfit == UNFIT_RECORD)
			explorer_records_error(e, &e->view.cur.error, y);
	}
	if (y->message[0]) {
		str_copy(e->message, sizeof(e->message), y->message);
		e->message_is_error = y->error;
	} else if (y->otherwise[0] && !e->message[0]) {
		str_copy(e->message, sizeof(e->message), y->otherwise);
		e->message_is_error = false;
	}
	return y->react;
}

/* A pane's handler returned r with its request: what the explorer makes of it. */
static enum reaction on_request(struct explorer *e, const struct pane_request *req,
				enum reaction r)
{
	struct explorer_reply y = { .react = REACT_NONE };

	explorer_on_request(e, req, r, &y);
	return act(e, &y);
}

struct explorer *explorer_new(struct session *s, struct session_input *inputs, size_t n_inputs,
			      const struct explorer_options *o)
{
	struct explorer *e = calloc(1, sizeof(*e));
	const struct param_set *flags = session_flags(s);
	struct launch l;
	struct gpu g;

	if (!e) {
		for (size_t i = 0; i < n_inputs; i++)
			session_input_done(&inputs[i]);
		free(inputs);
		return NULL;
	}
	e->session = s;
	e->inputs = inputs;
	e->n_inputs = n_inputs;
	e->ascii = o->ascii;
	e->mouse = o->mouse;
	str_copy(e->source, sizeof(e->source), o->source ? o->source : "embedded default");
	scenarios_init(&e->scenarios);
	e->themes = o->themes;
	for (int i = 0; o->themes && o->theme && o->themes[i]; i++)
		if (strcmp(o->themes[i], o->theme) == 0)
			e->theme = i;
	view_init(&e->view);
	e->panes[PANE_TABLE] = pane_table_new();
	e->panes[PANE_CHARTS] = pane_charts_new();
	e->panes[PANE_SMS] = pane_sms_new(&o->model);
	e->panes[PANE_RULES] = pane_rules_new();
	e->panes[PANE_TIMELINE] = pane_timeline_new();
	launch_init(&l);
	if (!e->panes[PANE_TABLE] || !e->panes[PANE_CHARTS] || !e->panes[PANE_SMS] ||
	    !e->panes[PANE_RULES] || !e->panes[PANE_TIMELINE] || !explorer_records_init(e) ||
	    !gpu_db_find(session_db(s), l.gpu_name, &g, &(struct occ_error){ 0 }) ||
	    !(e->whatif = whatif_new(session_db(s), &l, &g))) {
		explorer_free(e);
		return NULL;
	}
	e->model = *pane_sms_model(e->panes[PANE_SMS]);
	/* --gpu A,B,...: the table compares them, following the what-if. */
	for (size_t i = 0; session_gpu_count(s) > 1 && i < session_gpu_count(s); i++)
		view_toggle_gpu(&e->view, session_gpu_at(s, i), &(bool){ false });
	e->active = explorer_has_report(e) ? PANE_KERNELS : PANE_TABLE;
	if (explorer_has_report(e) && (flags->set & PARAM_BIT(PARAM_KERNEL))) {
		/* --kernel NAME: the browser opens on those kernels. */
		struct browser *b = pane_kernels_browser(e->panes[PANE_KERNELS]);

		browser_set_filter(b, flags->values.kernel);
		if (browser_selected_record(b) != SIZE_MAX)
			e->shown = browser_selected_record(b);
	}
	act(e, &(struct explorer_reply){ .load = true, .record = e->shown });
	/* A saved launch file's scenarios are the scenarios again (' flips),
	 * besides being its launches (n, p). */
	for (size_t i = 0; i < n_inputs; i++)
		for (size_t k = 0; inputs[i].kind == SESSION_LAUNCHES && k < inputs[i].launches.n; k++)
			if (inputs[i].launches.items[k].scenario[0])
				scenarios_put(&e->scenarios, inputs[i].launches.items[k].scenario,
					      &inputs[i].launches.items[k].launch);
	e->scenarios.current = -1;
	if (o->notice)
		e->modal = pane_notice_new(o->notice, o->recovery);
	else if (o->offer_gpu && explorer_has_report(e) && !(flags->set & PARAM_BIT(PARAM_GPU)) &&
		 pane_kernels_browser(e->panes[PANE_KERNELS])->n_gpu_none > 0)
		e->modal = explorer_records_gpu_picker(e);
	return e;
}

void explorer_free(struct explorer *e)
{
	if (!e)
		return;
	explorer_records_stop(e);
	view_done(&e->view);
	whatif_free(e->whatif);
	for (int p = 0; p < PANE_N; p++)
		pane_free(e->panes[p]);
	pane_free(e->modal);
	for (size_t i = 0; i < e->n_inputs; i++)
		session_input_done(&e->inputs[i]);
	free(e->inputs);
	free(e->items);
	free(e);
}

const char *explorer_theme(const struct explorer *e)
{
	return e->themes ? e->themes[e->theme] : NULL;
}

const struct view *explorer_view(const struct explorer *e)
{
	return &e->view;
}

bool explorer_animating(const struct explorer *e)
{
	/* A reload's progress is said as it goes. */
	return e->view.play.state == PLAYBACK_PLAYING || explorer_records_reloading(e);
}

bool explorer_changed(const struct explorer *e)
{
	return whatif_any_changed(e->whatif);
}

bool explorer_save_recovery(const struct explorer *e, char *path, size_t size,
			    struct occ_error *err)
{
	return whatif_save_recovery(e->whatif, path, size, err);
}

static bool playback_action(enum action a)
{
	return a == ACT_ANIMATE || a == ACT_FRAME_NEXT || a == ACT_FRAME_PREV ||
	       a == ACT_ANIMATE_STOP;
}

/* a . , A: the playhead the per-SM and timeline panes draw. */
static enum reaction play(struct explorer *e, enum action a)
{
	struct pane_request req = { .ask = PANE_ASK_NONE };
	struct playback *p = &e->view.play;

	if (a == ACT_ANIMATE_STOP) {
		playback_stop(p);
		return REACT_REDRAW;
	}
	if (!e->view.sim_ok) {
		playback_stop(p);
		pane_say(&req, true, "nothing to simulate: %s",
			 !e->view.cur.ok || e->view.cur.r.active_blocks_per_sm == 0 ?
			 "no block fits" : "the grid is too large to simulate");
		return on_request(e, &req, REACT_REDRAW);
	}
	if (a == ACT_ANIMATE)
		playback_toggle(p);
	else if (!playback_step(p, a == ACT_FRAME_NEXT ? 1 : -1))
		pane_say(&req, false, "the playhead is at the %s of the run",
			 a == ACT_FRAME_NEXT ? "end" : "start");
	return on_request(e, &req, REACT_REDRAW);
}

/* An action no one else took, to the pane that owns it; the animation and
 * the findings come on screen first where one pane shows at a time. */
static enum reaction pane_action(struct explorer *e, enum action a, int key)
{
	static const enum pane_id order[] = { PANE_KERNELS, PANE_RULES, PANE_CHARTS, PANE_SMS };
	struct pane_request req = { .ask = PANE_ASK_NONE };
	bool simulation_shown = e->active == PANE_SMS || e->active == PANE_TIMELINE;

	/* The animation plays in either picture of the simulation: only from
	 * another pane does the per-SM one come on screen; m changes the
	 * timeline's model too, so it stays on screen. */
	if (e->layout.tabbed && ((playback_action(a) && !simulation_shown) ||
				 (a == ACT_MODEL && e->active != PANE_TIMELINE)))
		e->active = PANE_SMS;
	/* The animation plays the simulation, on screen or about to be. */
	if (playback_action(a) || a == ACT_MODEL)
		refresh(e, VIEW_SIM);
	if (playback_action(a))
		return play(e, a);
	for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
		struct pane *p = e->panes[order[i]];
		enum reaction r;

		if (!p || !p->cls->key || (order[i] == PANE_KERNELS && !visible(e, PANE_KERNELS)))
			continue;
		r = p->cls->key(p, a, key, &e->view, &req);
		if (r != REACT_NONE || req.message[0])
			return on_request(e, &req, r);
	}
	return REACT_NONE;
}

enum reaction explorer_key(struct explorer *e, int key)
{
	bool had_message = e->message[0] != '\0';
	struct pane *kernels = e->panes[PANE_KERNELS];
	struct pane_request req = { .ask = PANE_ASK_NONE };
	enum reaction r;
	enum action a;

	if (e->modal)
		return on_request(e, &req, e->modal->cls->key(e->modal, ACT_NONE, key, &e->view, &req));
	/* A message stays until the next key; that key still does its work. */
	e->message[0] = '\0';
	if (kernels && visible(e, PANE_KERNELS) && kernels->cls->typing(kernels)) {
		r = on_request(e, &req, kernels->cls->key(kernels, ACT_NONE, key, &e->view, &req));
		return r == REACT_NONE && had_message ? REACT_REDRAW : r;
	}
	/* the findings' search line */
	if (visible(e, PANE_RULES) && e->panes[PANE_RULES]->cls->typing &&
	    e->panes[PANE_RULES]->cls->typing(e->panes[PANE_RULES])) {
		struct pane *rules = e->panes[PANE_RULES];

		r = on_request(e, &req, rules->cls->key(rules, ACT_NONE, key, &e->view, &req));
		return r == REACT_NONE && had_message ? REACT_REDRAW : r;
	}
	a = key_action(key, visible(e, PANE_KERNELS) ? CTX_KERNELS :
		       visible(e, PANE_RULES) ? CTX_RULES : CTX_ANY);
	{
		struct explorer_reply y = { .react = REACT_NONE };

		explorer_own_action(e, a, &y);
		r = act(e, &y);
	}
	if (r == REACT_NONE)
		r = pane_action(e, a, key);
	/* n and N with nothing searched: the next and previous launch */
	if (r == REACT_NONE && (a == ACT_SEARCH_NEXT || a == ACT_SEARCH_PREV)) {
		struct explorer_reply y = { .react = REACT_NONE };

		explorer_own_action(e, a == ACT_SEARCH_NEXT ? ACT_NEXT_LAUNCH : ACT_PREV_LAUNCH, &y);
		r = act(e, &y);
	}
	return r == REACT_NONE && had_message ? REACT_REDRAW : r;
}

enum reaction explorer_poll(struct explorer *e)
{
	struct explorer_reply y = { .react = REACT_NONE };

	explorer_records_poll(e, &y);
	return act(e, &y);
}

enum reaction explorer_tick(struct explorer *e)
{
	/* Ticks come without a wait while a simulation or a timeline runs:
	 * the animation holds its frame until they end. */
	/* the browser's rows that wait for their figures, between keys */
	if (explorer_records_pending(e))
		return explorer_records_work(e);
	if (view_sim_running(&e->view))
		return view_sim_slice(&e->view) ? REACT_REDRAW : REACT_NONE;
	if (pane_timeline_busy(e->panes[PANE_TIMELINE]))
		return e->panes[PANE_TIMELINE]->cls->tick(e->panes[PANE_TIMELINE], &e->view);
	if (pane_sms_busy(e->panes[PANE_SMS]))
		return e->panes[PANE_SMS]->cls->tick(e->panes[PANE_SMS], &e->view);
	if (e->view.play.state == PLAYBACK_PLAYING && !e->view.sim_ok) {
		playback_stop(&e->view.play);
		return REACT_REDRAW;
	}
	return playback_tick(&e->view.play) ? REACT_REDRAW : REACT_NONE;
}

bool explorer_busy(const struct explorer *e)
{
	return view_sim_running(&e->view) || pane_timeline_busy(e->panes[PANE_TIMELINE]) ||
	       pane_sms_busy(e->panes[PANE_SMS]) || explorer_records_pending(e);
}

enum reaction explorer_click(struct explorer *e, int x, int y)
{
	struct pane_request req = { .ask = PANE_ASK_NONE };

	if (!e->mouse || e->layout.too_small || e->modal)
		return REACT_NONE;
	for (int f = 0; f < PARAM_WHATIF_N; f++)
		if (rect_contains(e->field_rect[f], x, y)) {
			e->whatif->focus = (enum launch_param)f;
			return REACT_REDRAW;
		}
	for (int p = 0; p < PANE_N; p++)
		if (e->layout.tabbed && rect_contains(e->tab_rect[p], x, y)) {
			e->active = (enum pane_id)p;
			return REACT_REDRAW;
		}
	for (int p = 0; p < PANE_N; p++) {
		struct rect inner = rect_inner(e->layout.pane[p]);

		if (!e->panes[p] || !rect_contains(inner, x, y) || !e->panes[p]->cls->click)
			continue;
		return on_request(e, &req, e->panes[p]->cls->click(e->panes[p], inner, &e->view, x, y,
							  &req));
	}
	return REACT_NONE;
}

void explorer_draw(struct explorer *e, struct canvas *c)
{
	canvas_clear(c);
	layout_compute(c->width, c->height, e->active, e->zoom, &e->layout);
	if (e->layout.too_small) {
		chrome_draw_too_small(c);
		return;
	}
	/* A pane that came on screen (a resize, a tab) gets what it needs. */
	if (needs(e) & ~e->view.computed)
		refresh(e, 0);
	chrome_draw_params(e, c, e->layout.params);
	if (e->layout.tabbed)
		chrome_draw_tabs(e, c, e->layout.tabs);
	for (int p = 0; p < PANE_N; p++) {
		struct pane *pane = e->panes[p];
		struct rect r = e->layout.pane[p];
		char title[64];

		if (!pane || rect_empty(r))
			continue;
		canvas_frame(c, r.x, r.y, r.w, r.h, pane->cls->title_for ?
			     pane->cls->title_for(pane, &e->view, title, sizeof(title)) :
			     pane->cls->title, CANVAS_FRAME);
		pane->cls->draw(pane, c, rect_inner(r), &e->view);
	}
	chrome_draw_status(e, c, e->layout.status);
	if (e->modal)
		e->modal->cls->draw(e->modal, c, (struct rect){ 0, 0, c->width, c->height },
				    &e->view);
}
