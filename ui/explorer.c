/* explorer.c - the explorer's state machine: keys and clicks become what-if
 * changes, pane actions and overlays; every change recomputes the view. */
#include "config.h"

#include "explorer.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "explorer_state.h"
#include "strutil.h"

/* Frames per animation run: at app.c's 50 ms tick about four seconds. */
enum { ANIMATION_FRAMES = 80 };

static const struct pane_class *const pane_classes[PANE_N] = {
	[PANE_TABLE] = &pane_table, [PANE_CHARTS] = &pane_charts,
	[PANE_SMS] = &pane_sms, [PANE_RULES] = &pane_rules,
};

void explorer_say(struct explorer *e, bool error, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(e->message, sizeof(e->message), fmt, ap);
	va_end(ap);
	e->message_is_error = error;
}

void explorer_refresh(struct explorer *e)
{
	if (!view_update(&e->view, e->whatif, &e->models[e->model]))
		explorer_say(e, true, "out of memory: the charts or the simulation are incomplete");
	if (e->view.animating && !e->view.sim_ok)
		e->view.animating = false;
}

/* The duration models m cycles through: the one from the command line first. */
static void init_models(struct explorer *e, const struct sim_params *given)
{
	static const struct sim_params presets[] = {
		{ .model = SIM_UNIFORM },
		{ .model = SIM_SLOW_SHARE, .slow_share = 0.10, .slow_factor = 4.0 },
		{ .model = SIM_SLOW_SHARE, .slow_share = 0.25, .slow_factor = 2.0 },
		{ .model = SIM_CV, .cv = 0.3 },
		{ .model = SIM_CV, .cv = 0.6 },
	};
	size_t n = sizeof(presets) / sizeof(presets[0]);

	e->n_models = 0;
	if (given && given->model != SIM_UNIFORM)
		e->models[e->n_models++] = *given;
	for (size_t i = 0; i < n && e->n_models < EXPLORER_MODELS; i++)
		e->models[e->n_models++] = presets[i];
	for (int i = 0; i < e->n_models; i++)
		e->models[i].seed = given ? given->seed : 0;
	e->model = 0;
}

/* A record's GPU: the one it was computed on, else its name in the database,
 * else the default launch's GPU. */
static void record_gpu(const struct gpu_db *db, const struct analysis *a, struct gpu *out)
{
	struct occ_error err = { 0 };
	struct launch def;

	if (a->gpu.name[0]) {
		*out = a->gpu;
		return;
	}
	if (gpu_db_find(db, a->launch.gpu_name, out, &err))
		return;
	launch_init(&def);
	if (!gpu_db_find(db, def.gpu_name, out, &err))
		memset(out, 0, sizeof(*out));
}

struct explorer *explorer_new(const struct gpu_db *db, const struct analysis *items, size_t n,
			      const struct explorer_options *o)
{
	struct explorer *e;

	if (n == 0)
		return NULL;
	e = calloc(1, sizeof(*e));
	if (!e)
		return NULL;
	e->records = calloc(n, sizeof(*e->records));
	if (!e->records) {
		free(e);
		return NULL;
	}
	e->db = db;
	e->n_records = n;
	for (size_t i = 0; i < n; i++) {
		e->records[i].launch = items[i].launch;
		record_gpu(db, &items[i], &e->records[i].gpu);
	}
	e->whatif = whatif_new(db, &e->records[0].launch, &e->records[0].gpu);
	if (!e->whatif) {
		free(e->records);
		free(e);
		return NULL;
	}
	e->ascii = o->ascii;
	e->mouse = o->mouse;
	init_models(e, &o->model);
	for (int p = 0; p < PANE_N; p++)
		e->panes[p].cls = pane_classes[p];
	e->active = PANE_TABLE;
	view_init(&e->view);
	str_copy(e->source, sizeof(e->source), o->source ? o->source : "embedded default");
	str_copy(e->view.source, sizeof(e->view.source), e->source);
	e->view.n_launches = (int)n;
	/* Too long for the status line, and worth a look before anything else. */
	if (o->notice) {
		str_copy(e->notice, sizeof(e->notice), o->notice);
		e->overlay = OVERLAY_NOTICE;
	}
	explorer_refresh(e);
	if (!items[0].ok && !e->message[0]) {
		char msg[512];
		occ_error_format(&items[0].error, msg, sizeof(msg));
		explorer_say(e, true, "%s", msg);
	}
	return e;
}

void explorer_free(struct explorer *e)
{
	if (!e)
		return;
	view_done(&e->view);
	whatif_free(e->whatif);
	free(e->picker_items);
	free(e->records);
	free(e);
}

const struct view *explorer_view(const struct explorer *e)
{
	return &e->view;
}

bool explorer_animating(const struct explorer *e)
{
	return e->view.animating;
}

bool explorer_save_recovery(const struct explorer *e, char *path, size_t size,
			    struct occ_error *err)
{
	return whatif_save_recovery(e->whatif, path, size, err);
}

static void show_launch(struct explorer *e, size_t index)
{
	e->index = index;
	whatif_rebase(e->whatif, &e->records[index].launch, &e->records[index].gpu);
	e->view.launch_index = (int)index;
	explorer_refresh(e);
	if (!e->view.cur.ok) {
		char msg[512];
		occ_error_format(&e->view.cur.error, msg, sizeof(msg));
		explorer_say(e, true, "%s", msg);
	}
}

static bool rules_visible(const struct explorer *e)
{
	return !rect_empty(e->layout.pane[PANE_RULES]) || (e->layout.tabbed && e->active == PANE_RULES);
}

static enum reaction step(struct explorer *e, int dir, bool big)
{
	enum whatif_field f = e->whatif->focus;

	if (!whatif_step(e->whatif, f, dir, big)) {
		explorer_say(e, true, "%s cannot go %s from here", whatif_label(e->whatif, f),
			     dir > 0 ? "higher" : "lower");
		return REACT_REDRAW;
	}
	explorer_refresh(e);
	return REACT_REDRAW;
}

static enum reaction animate(struct explorer *e)
{
	if (e->view.animating) {
		e->view.animating = false;
		return REACT_REDRAW;
	}
	if (!e->view.sim_ok) {
		explorer_say(e, true, "nothing to simulate: %s",
			     !e->view.cur.ok || e->view.cur.r.active_blocks_per_sm == 0 ?
			     "no block fits" : "the grid is too large to simulate");
		return REACT_REDRAW;
	}
	e->view.animating = true;
	e->view.anim_t = 0.0;
	if (e->layout.tabbed)
		e->active = PANE_SMS;
	return REACT_REDRAW;
}

static enum reaction act(struct explorer *e, enum action a)
{
	struct whatif *w = e->whatif;

	switch (a) {
	case ACT_QUIT:
		return REACT_QUIT;
	case ACT_HELP:
		e->overlay = OVERLAY_HELP;
		e->help_scroll = 0;
		return REACT_REDRAW;
	case ACT_NEXT_FIELD:
	case ACT_PREV_FIELD:
		/* Only the parameters of the current GPU's vendor take the focus. */
		do
			w->focus = (enum whatif_field)((w->focus + (a == ACT_NEXT_FIELD ? 1 :
				WHATIF_N_FIELDS - 1)) % WHATIF_N_FIELDS);
		while (!whatif_applies(w, w->focus));
		return REACT_REDRAW;
	case ACT_INC:
		return step(e, 1, false);
	case ACT_DEC:
		return step(e, -1, false);
	case ACT_INC_BIG:
		return step(e, 1, true);
	case ACT_DEC_BIG:
		return step(e, -1, true);
	case ACT_EDIT:
		if (w->focus == WHATIF_GPU)
			overlay_open_picker(e);
		else
			overlay_open_prompt(e, PROMPT_EDIT, w->focus);
		return REACT_REDRAW;
	case ACT_GPU:
		overlay_open_picker(e);
		return REACT_REDRAW;
	case ACT_UNDO:
		if (!whatif_undo(w))
			explorer_say(e, true, "nothing to undo");
		explorer_refresh(e);
		return REACT_REDRAW;
	case ACT_REDO:
		if (!whatif_redo(w))
			explorer_say(e, true, "nothing to redo");
		explorer_refresh(e);
		return REACT_REDRAW;
	case ACT_RESET:
		if (whatif_reset(w))
			explorer_say(e, false, "back to the baseline (u undoes this)");
		else
			explorer_say(e, false, "already at the baseline");
		explorer_refresh(e);
		return REACT_REDRAW;
	case ACT_SAVE:
		overlay_open_prompt(e, PROMPT_SAVE, w->focus);
		return REACT_REDRAW;
	case ACT_NEXT_LAUNCH:
	case ACT_PREV_LAUNCH:
		if (e->n_records < 2) {
			explorer_say(e, false, "only one launch is loaded");
			return REACT_REDRAW;
		}
		show_launch(e, a == ACT_NEXT_LAUNCH ? (e->index + 1) % e->n_records
				: (e->index + e->n_records - 1) % e->n_records);
		return REACT_REDRAW;
	case ACT_TAB_TABLE:
	case ACT_TAB_CHARTS:
	case ACT_TAB_SMS:
	case ACT_TAB_RULES:
		e->active = (enum pane_id)(PANE_TABLE + (a - ACT_TAB_TABLE));
		return REACT_REDRAW;
	case ACT_NEXT_PANE:
		e->active = (enum pane_id)((e->active + 1) % PANE_N);
		return REACT_REDRAW;
	case ACT_TOGGLE_PCT:
		e->view.pct_axis = !e->view.pct_axis;
		return REACT_REDRAW;
	case ACT_ANIMATE:
		return animate(e);
	case ACT_MODEL: {
		char desc[128];
		e->model = (e->model + 1) % e->n_models;
		explorer_refresh(e);
		sim_model_describe(&e->models[e->model], desc, sizeof(desc));
		explorer_say(e, false, "block durations: %s", desc);
		return REACT_REDRAW;
	}
	case ACT_SCROLL_UP:
	case ACT_SCROLL_DOWN:
	case ACT_PAGE_UP:
	case ACT_PAGE_DOWN:
	case ACT_EXPAND:
		if (e->layout.tabbed && e->active != PANE_RULES)
			e->active = PANE_RULES;
		return e->panes[PANE_RULES].cls->key(&e->panes[PANE_RULES], a, &e->view) == REACT_NONE ?
			REACT_NONE : REACT_REDRAW;
	case ACT_REDRAW:
		return REACT_REDRAW;
	case ACT_NONE:
	case ACT_N:
		break;
	}
	return REACT_NONE;
}

enum reaction explorer_key(struct explorer *e, int key)
{
	bool had_message = e->message[0] != '\0';
	enum reaction r;

	if (e->overlay != OVERLAY_NONE)
		return overlay_key(e, key);
	/* A message stays until the next key; that key still does its work. */
	e->message[0] = '\0';
	r = act(e, key_action(key, rules_visible(e) ? CTX_RULES : CTX_ANY));
	return r == REACT_NONE && had_message ? REACT_REDRAW : r;
}

enum reaction explorer_tick(struct explorer *e)
{
	double end;

	if (!e->view.animating)
		return REACT_NONE;
	end = e->view.sim.makespan;
	e->view.anim_t += end / ANIMATION_FRAMES;
	if (e->view.anim_t > end) {
		e->view.animating = false;
		e->view.anim_t = 0.0;
	}
	return REACT_REDRAW;
}

enum reaction explorer_click(struct explorer *e, int x, int y)
{
	if (!e->mouse || e->layout.too_small)
		return REACT_NONE;
	if (e->overlay != OVERLAY_NONE)
		return REACT_NONE;
	for (int f = 0; f < WHATIF_N_FIELDS; f++)
		if (rect_contains(e->field_rect[f], x, y)) {
			e->whatif->focus = (enum whatif_field)f;
			return REACT_REDRAW;
		}
	for (int p = 0; p < PANE_N; p++)
		if (e->layout.tabbed && rect_contains(e->tab_rect[p], x, y)) {
			e->active = (enum pane_id)p;
			return REACT_REDRAW;
		}
	for (int p = 0; p < PANE_N; p++) {
		struct rect inner = rect_inner(e->layout.pane[p]);
		enum whatif_field f;
		int64_t value;

		if (!rect_contains(inner, x, y) || !e->panes[p].cls->click)
			continue;
		if (!e->panes[p].cls->click(&e->panes[p], inner, &e->view, x, y, &f, &value))
			return REACT_NONE;
		e->whatif->focus = f;
		if (!whatif_set_value(e->whatif, f, value)) {
			explorer_say(e, true, "%s %lld is not valid here", whatif_label(e->whatif, f),
				     (long long)value);
			return REACT_REDRAW;
		}
		explorer_refresh(e);
		return REACT_REDRAW;
	}
	return REACT_NONE;
}

void explorer_draw(struct explorer *e, struct canvas *c)
{
	canvas_clear(c);
	layout_compute(c->width, c->height, e->active, &e->layout);
	if (e->layout.too_small) {
		chrome_draw_too_small(c);
		return;
	}
	chrome_draw_params(e, c, e->layout.params);
	if (e->layout.tabbed)
		chrome_draw_tabs(e, c, e->layout.tabs);
	for (int p = 0; p < PANE_N; p++) {
		const struct pane_class *cls = e->panes[p].cls;
		struct rect r = e->layout.pane[p];
		char title[64];

		if (rect_empty(r))
			continue;
		canvas_frame(c, r.x, r.y, r.w, r.h,
			     cls->title_for ? cls->title_for(&e->view, title, sizeof(title)) : cls->title,
			     CANVAS_FRAME);
		e->panes[p].cls->draw(&e->panes[p], c, rect_inner(r), &e->view);
	}
	chrome_draw_status(e, c, e->layout.status);
	overlay_draw(e, c);
}
