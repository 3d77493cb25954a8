/* explorer.c - the explorer's state machine: keys and clicks become what-if
 * changes, pane actions and overlays; every change recomputes the view. */
#include "config.h"

#include "explorer.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "explorer_state.h"
#include "strutil.h"

/* Frames per animation run: at app.c's 50 ms tick about four seconds. */
enum { ANIMATION_FRAMES = 80 };

static const struct pane_class *const pane_classes[PANE_N] = {
	[PANE_TABLE] = &pane_table, [PANE_CHARTS] = &pane_charts,
	[PANE_SMS] = &pane_sms, [PANE_RULES] = &pane_rules, [PANE_KERNELS] = &pane_kernels,
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

/* What both constructors share once the first launch is known. */
static struct explorer *init_common(struct explorer *e, const struct gpu_db *db,
				    const struct launch *l, const struct gpu *g,
				    const struct explorer_options *o)
{
	e->db = db;
	e->whatif = whatif_new(db, l, g);
	if (!e->whatif)
		return NULL;
	e->ascii = o->ascii;
	e->mouse = o->mouse;
	init_models(e, &o->model);
	for (int p = 0; p < PANE_N; p++)
		e->panes[p].cls = pane_classes[p];
	e->active = PANE_TABLE;
	/* the view was initialised by the caller: a report's record is in it */
	str_copy(e->source, sizeof(e->source), o->source ? o->source : "embedded default");
	str_copy(e->view.source, sizeof(e->view.source), e->source);
	e->view.n_launches = (int)e->n_records;
	/* Too long for the status line, and worth a look before anything else. */
	if (o->notice) {
		str_copy(e->notice, sizeof(e->notice), o->notice);
		e->overlay = OVERLAY_NOTICE;
	}
	return e;
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
	e->n_records = n;
	view_init(&e->view);
	for (size_t i = 0; i < n; i++) {
		e->records[i].launch = items[i].launch;
		record_gpu(db, &items[i], &e->records[i].gpu);
	}
	if (!init_common(e, db, &e->records[0].launch, &e->records[0].gpu, o)) {
		free(e->records);
		free(e);
		return NULL;
	}
	explorer_refresh(e);
	if (!items[0].ok && !e->message[0]) {
		char msg[512];
		occ_error_format(&items[0].error, msg, sizeof(msg));
		explorer_say(e, true, "%s", msg);
	}
	return e;
}

/* Report record i's own analysis into the view (analysis_run_record, as
 * main prints it) and the launch and GPU the what-if starts from: the
 * analysis's, whose GPU carries the report's SM count and the driver's
 * shared-memory configuration. A record that cannot be analysed still gets
 * its name, and the GPU it ran on (else the default's) to show the error on
 * (err). Per-SM events become per-SM occupancy here, where the record's GPU
 * is known: the explorer owns its report, so report_sm_occupancy fills the
 * record itself, once. */
static bool report_record_launch(struct explorer *e, size_t i, struct launch *l,
				 struct gpu *g, struct occ_error *err)
{
	struct report_record *rec = &e->report.records[i];
	struct analysis *a = &e->view.record;
	bool ok = analysis_run_record(a, e->db, rec, &e->given, e->path, err);

	e->view.has_record = true;
	*l = a->launch;
	if (ok) {
		*g = a->gpu;
	} else if (!analysis_record_gpu(e->db, rec, &e->given, e->path, g)) {
		struct analysis none;

		memset(&none, 0, sizeof(none));
		none.launch = *l;
		record_gpu(e->db, &none, g);
	}
	if (rec->n_sm_events > 0 && !rec->sm_achieved_pct)
		report_sm_occupancy(rec, g->arch.max_warps_per_sm);
	return ok;
}

/* What the profiler measured for the record the baseline came from. */
static void set_measured(struct explorer *e)
{
	const struct report_record *rec;

	memset(&e->view.measured, 0, sizeof(e->view.measured));
	if (!e->has_report || e->index >= e->report.n)
		return;
	rec = &e->report.records[e->index];
	e->view.measured.has_achieved = rec->achieved_occupancy_pct.present;
	e->view.measured.achieved_pct = rec->achieved_occupancy_pct.value;
	if (!e->view.measured.has_achieved && e->view.has_record &&
	    e->view.record.report.achieved_occupancy_pct.present) {
		e->view.measured.has_achieved = true;
		e->view.measured.achieved_pct = e->view.record.report.achieved_occupancy_pct.value;
	}
	e->view.measured.n_sm = rec->sm_achieved_pct ? (int)rec->n_sm : 0;
	e->view.measured.sm_pct = rec->sm_achieved_pct;
}

static void file_state(const char *path, long long *mtime_ns, long long *size)
{
	struct stat st;

	if (stat(path, &st) != 0) {
		*mtime_ns = -1;
		*size = -1;
		return;
	}
	*mtime_ns = (long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec;
	*size = (long long)st.st_size;
}

static void say_record_error(struct explorer *e, const struct occ_error *err)
{
	/* The status line is short: the record and the field at fault; the
	 * Occupancy pane has the whole message with the file and line. */
	if (err->field[0])
		explorer_say(e, true, "record %zu: not analysed (%s); 1 shows why", e->index + 1,
			     err->field);
	else
		explorer_say(e, true, "record %zu: %s", e->index + 1, err->message);
}

struct explorer *explorer_new_report(const struct gpu_db *db, struct report *rep,
				     const struct report_launch_given *given, const char *path,
				     const struct explorer_options *o)
{
	struct occ_error err = { 0 };
	struct explorer *e;
	struct launch l;
	struct gpu g;
	bool ok;

	if (rep->n == 0 || !(e = calloc(1, sizeof(*e)))) {
		report_done(rep);
		return NULL;
	}
	e->db = db;
	e->has_report = true;
	e->report = *rep;
	memset(rep, 0, sizeof(*rep));
	str_copy(e->path, sizeof(e->path), path);
	file_state(e->path, &e->seen_mtime_ns, &e->seen_size);
	if (given) {
		e->given.fields = given->fields;
		if (given->gpu) {
			e->given_gpu = *given->gpu;
			e->given.gpu = &e->given_gpu;
		}
		if (given->launch) {
			e->given_launch = *given->launch;
			e->given.launch = &e->given_launch;
		}
	}
	e->n_records = e->report.n;
	view_init(&e->view);
	if (!browser_init(&e->browser, db, &e->report, &e->given, e->path)) {
		report_done(&e->report);
		free(e);
		return NULL;
	}
	ok = report_record_launch(e, 0, &l, &g, &err);
	if (!init_common(e, db, &l, &g, o)) {
		browser_done(&e->browser);
		report_done(&e->report);
		free(e);
		return NULL;
	}
	/* The user came to browse the report: its kernels first. */
	e->active = PANE_KERNELS;
	e->view.browser = &e->browser;
	set_measured(e);
	explorer_refresh(e);
	if (!ok && !e->message[0])
		say_record_error(e, &err);
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
	if (e->has_report) {
		browser_done(&e->browser);
		report_done(&e->report);
	}
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
	if (e->has_report) {
		struct occ_error err = { 0 };
		struct launch l;
		struct gpu g;
		bool ok = report_record_launch(e, index, &l, &g, &err);

		whatif_rebase(e->whatif, &l, &g);
		e->view.launch_index = (int)index;
		set_measured(e);
		explorer_refresh(e);
		if (!ok)
			say_record_error(e, &err);
		else if (!e->view.cur.ok)
			say_record_error(e, &e->view.cur.error);
		return;
	}
	whatif_rebase(e->whatif, &e->records[index].launch, &e->records[index].gpu);
	e->view.launch_index = (int)index;
	explorer_refresh(e);
	if (!e->view.cur.ok) {
		char msg[512];
		occ_error_format(&e->view.cur.error, msg, sizeof(msg));
		explorer_say(e, true, "%s", msg);
	}
}

static bool kernels_visible(const struct explorer *e)
{
	return e->has_report && (!rect_empty(e->layout.pane[PANE_KERNELS]) ||
				 e->active == PANE_KERNELS);
}

static enum reaction browser_changed(struct explorer *e, bool ok)
{
	if (!ok)
		explorer_say(e, true, "out of memory: the kernel list is empty");
	return REACT_REDRAW;
}

/* Loads the selected line's record into the other panes. */
static enum reaction load_selected(struct explorer *e)
{
	size_t rec = browser_selected_record(&e->browser);

	if (rec == SIZE_MAX) {
		explorer_say(e, true, "no record is selected");
		return REACT_REDRAW;
	}
	show_launch(e, rec);
	if (!e->message[0])
		explorer_say(e, false, "record %zu is the baseline (R resets to it)", rec + 1);
	return REACT_REDRAW;
}

static enum reaction kernel_action(struct explorer *e, enum action a)
{
	struct browser *b = &e->browser;
	long page = e->panes[PANE_KERNELS].rows > 1 ? e->panes[PANE_KERNELS].rows - 1 : 1;

	switch (a) {
	case ACT_KERNEL_UP: browser_move(b, -1); break;
	case ACT_KERNEL_DOWN: browser_move(b, 1); break;
	case ACT_KERNEL_PAGE_UP: browser_move(b, -page); break;
	case ACT_KERNEL_PAGE_DOWN: browser_move(b, page); break;
	case ACT_KERNEL_FIRST: browser_move(b, -(long)b->n_order); break;
	case ACT_KERNEL_LAST: browser_move(b, (long)b->n_order); break;
	case ACT_KERNEL_LOAD:
		/* The browser is for picking: the panes show what was picked (5
		 * comes back). */
		if (load_selected(e) == REACT_NONE)
			return REACT_NONE;
		e->active = PANE_TABLE;
		return REACT_REDRAW;
	case ACT_KERNEL_FILTER:
		e->view.browser_typing = true;
		break;
	case ACT_KERNEL_CLEAR:
		return browser_changed(e, browser_set_filter(b, ""));
	case ACT_KERNEL_SORT:
		return browser_changed(e, browser_set_sort(b, (enum browser_column)
			((b->sort + 1) % BROWSER_N_COLUMNS), b->descending));
	case ACT_KERNEL_REVERSE:
		return browser_changed(e, browser_set_sort(b, b->sort, !b->descending));
	case ACT_KERNEL_GROUP:
		return browser_changed(e, browser_set_grouped(b, !b->grouped));
	default:
		return REACT_NONE;
	}
	return REACT_REDRAW;
}

/* The filter line: text as typed, each key refilters; Enter keeps the
 * filter, Esc clears it; the arrows still move the selection. */
static enum reaction filter_key(struct explorer *e, int key)
{
	struct browser *b = &e->browser;
	char text[sizeof(b->filter)];
	size_t len;

	str_copy(text, sizeof(text), b->filter);
	len = strlen(text);
	switch (key) {
	case KEY_CODE_ENTER:
		e->view.browser_typing = false;
		return REACT_REDRAW;
	case KEY_CODE_ESC:
		e->view.browser_typing = false;
		return browser_changed(e, browser_set_filter(b, ""));
	case KEY_CODE_BACKSPACE:
		/* one UTF-8 character */
		while (len > 0 && ((unsigned char)text[len - 1] & 0xc0) == 0x80)
			len--;
		if (len > 0)
			len--;
		text[len] = '\0';
		return browser_changed(e, browser_set_filter(b, text));
	case KEY_CODE_UP:
		browser_move(b, -1);
		return REACT_REDRAW;
	case KEY_CODE_DOWN:
		browser_move(b, 1);
		return REACT_REDRAW;
	default:
		break;
	}
	/* Kernel names are ASCII (mangled or demangled C++): so is the filter. */
	if (key >= 0x20 && key < 0x7f) {
		if (len + 2 > sizeof(text))
			return REACT_REDRAW;
		text[len] = (char)key;
		text[len + 1] = '\0';
		return browser_changed(e, browser_set_filter(b, text));
	}
	return REACT_NONE;
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
		if (e->has_report) {
			/* along the browser's list, as sorted and filtered */
			browser_move(&e->browser, a == ACT_NEXT_LAUNCH ? 1 : -1);
			return load_selected(e);
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
	case ACT_TAB_KERNELS:
		if (!e->has_report) {
			explorer_say(e, false, "the kernel browser needs a profiler report (occview report.csv)");
			return REACT_REDRAW;
		}
		e->active = PANE_KERNELS;
		return REACT_REDRAW;
	case ACT_NEXT_PANE:
		do
			e->active = (enum pane_id)((e->active + 1) % PANE_N);
		while (e->active == PANE_KERNELS && !e->has_report);
		return REACT_REDRAW;
	case ACT_KERNEL_UP:
	case ACT_KERNEL_DOWN:
	case ACT_KERNEL_PAGE_UP:
	case ACT_KERNEL_PAGE_DOWN:
	case ACT_KERNEL_FIRST:
	case ACT_KERNEL_LAST:
	case ACT_KERNEL_LOAD:
	case ACT_KERNEL_FILTER:
	case ACT_KERNEL_CLEAR:
	case ACT_KERNEL_SORT:
	case ACT_KERNEL_REVERSE:
	case ACT_KERNEL_GROUP:
		return e->has_report ? kernel_action(e, a) : REACT_NONE;
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
	if (e->view.browser_typing && kernels_visible(e)) {
		r = filter_key(e, key);
		return r == REACT_NONE && had_message ? REACT_REDRAW : r;
	}
	e->view.browser_typing = false;
	r = act(e, key_action(key, kernels_visible(e) ? CTX_KERNELS :
			      rules_visible(e) ? CTX_RULES : CTX_ANY));
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

/* Where the record the user had selected went in the new report: the same
 * id and name, else the same index clamped. */
static size_t find_again(const struct report *old, size_t i, const struct report *now)
{
	const struct report_record *want;

	if (now->n == 0)
		return 0;
	if (i >= old->n)
		return now->n - 1;
	want = &old->records[i];
	if (i < now->n && want->id.present == now->records[i].id.present &&
	    want->id.value == now->records[i].id.value &&
	    strcmp(want->short_name, now->records[i].short_name) == 0)
		return i;
	for (size_t j = 0; j < now->n; j++)
		if (want->id.present && now->records[j].id.present &&
		    want->id.value == now->records[j].id.value &&
		    strcmp(want->short_name, now->records[j].short_name) == 0)
			return j;
	return i < now->n ? i : now->n - 1;
}

enum reaction explorer_poll(struct explorer *e)
{
	struct occ_error err = { 0 };
	struct report fresh;
	struct browser nb;
	long long mtime, size;
	size_t selected, shown;

	if (!e->has_report)
		return REACT_NONE;
	file_state(e->path, &mtime, &size);
	if (mtime == e->seen_mtime_ns && size == e->seen_size)
		return REACT_NONE;
	e->seen_mtime_ns = mtime;
	e->seen_size = size;
	if (!report_load(e->path, &fresh, &err)) {
		char msg[400];
		occ_error_format(&err, msg, sizeof(msg));
		explorer_say(e, true, "reload failed, keeping %zu records: %s", e->report.n, msg);
		return REACT_REDRAW;
	}
	if (!browser_init(&nb, e->db, &fresh, &e->given, e->path)) {
		report_done(&fresh);
		explorer_say(e, true, "reload: out of memory, keeping %zu records", e->report.n);
		return REACT_REDRAW;
	}
	/* The list keeps its sort, filter and grouping. */
	nb.grouped = e->browser.grouped;
	str_copy(nb.filter, sizeof(nb.filter), e->browser.filter);
	browser_set_sort(&nb, e->browser.sort, e->browser.descending);
	selected = browser_selected_record(&e->browser);
	selected = find_again(&e->report, selected == SIZE_MAX ? 0 : selected, &fresh);
	shown = find_again(&e->report, e->index, &fresh);
	browser_done(&e->browser);
	report_done(&e->report);
	e->report = fresh;
	e->browser = nb;
	/* browser_init pointed at the local; the report now lives in e */
	e->browser.report = &e->report;
	browser_select_record(&e->browser, selected);
	e->n_records = e->report.n;
	e->view.n_launches = (int)e->n_records;
	/* The what-if baseline stays as the user has it; only what was measured
	 * follows the record into the new report. */
	e->index = shown;
	e->view.launch_index = (int)shown;
	{
		/* The record's own analysis follows it into the new report while
		 * its launch is still the baseline's; otherwise the baseline is
		 * only the user's launch now. */
		struct occ_error rerr = { 0 };
		struct launch l;
		struct gpu g;

		report_record_launch(e, shown, &l, &g, &rerr);
		e->view.has_record = memcmp(&l, &e->whatif->base.launch, sizeof(l)) == 0 &&
				     memcmp(&g, &e->whatif->base.gpu, sizeof(g)) == 0;
	}
	set_measured(e);
	explorer_refresh(e);
	if (err.status != OCC_OK)
		explorer_say(e, true, "reloaded: %zu records, %zu rows rejected", e->report.n,
			     e->report.rejected_rows);
	else
		explorer_say(e, false, "reloaded: %zu records", e->report.n);
	return REACT_REDRAW;
}
