/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* chrome.c - what surrounds the panes: the launch parameters with the focused
 * one marked and the baseline beside changed ones, the tab bar, the status
 * line, and the "terminal too small" screen. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "explorer_state.h"
#include "layout.h"
#include "strutil.h"

/* Lays the parameters out in r's rows, wrapping between fields; with draw
 * false only measures. Returns the rows used, or -1 when they do not fit. */
static int put_fields(struct explorer *e, struct canvas *c, struct rect r, bool draw)
{
	const struct whatif *w = e->whatif;
	int x = r.x, y = r.y;

	for (int i = 0; i < PARAM_WHATIF_N; i++) {
		enum launch_param f = (enum launch_param)i;
		bool focused = w->focus == f, changed = whatif_changed(w, f);
		char value[128], text[320];
		int len, used;

		if (!whatif_applies(w, f))
			continue;
		/* A partition shows where the launch has one or the focus is on
		 * it: "all" on every screen would push the baseline off 80x24. */
		if (param_info(f)->given_min && !focused && param_get(&w->cur.launch, f) == 0)
			continue;
		whatif_format(w, f, false, value, sizeof(value));
		/* A record that names no GPU: the device shown only lends its
		 * vendor's words until one is picked. */
		if (f == PARAM_GPU && e->gpu_unknown && !changed)
			str_copy(value, sizeof(value), "?");
		snprintf(text, sizeof(text), "%s %s", whatif_label(w, f), value);
		/* Brackets mark the focus without colour; reverse video with it. */
		len = (int)strlen(text) + 2;
		if (x > r.x && x + len > r.x + r.w) {
			x = r.x;
			y++;
		}
		if (y >= r.y + r.h)
			return -1;
		if (!draw) {
			x += len + 1;
			continue;
		}
		used = canvas_text(c, x, y, r.x + r.w - x, focused ? CANVAS_FOCUS : CANVAS_NORMAL,
				   focused ? "[" : " ");
		used += canvas_text(c, x + used, y, r.x + r.w - x - used,
				    focused ? CANVAS_FOCUS : changed ? CANVAS_CURRENT : CANVAS_NORMAL, text);
		used += canvas_text(c, x + used, y, r.x + r.w - x - used,
				    focused ? CANVAS_FOCUS : CANVAS_NORMAL, focused ? "]" : " ");
		e->field_rect[f] = (struct rect){ x, y, used, 1 };
		x += used + 1;
	}
	return y - r.y + 1;
}

/* The baseline's values of the changed parameters, on one row. */
static void put_baseline(const struct explorer *e, struct canvas *c, int x, int y, int w)
{
	const struct whatif *wi = e->whatif;
	static const char long_note[] = " baseline: every parameter as loaded (R resets to it, u undoes)",
		short_note[] = " baseline: as loaded (R resets, u undoes)";
	char line[1024] = " baseline ";
	size_t len = strlen(line);
	bool any = false;

	for (int i = 0; i < PARAM_WHATIF_N; i++) {
		char value[128];
		if (!whatif_changed(wi, (enum launch_param)i))
			continue;
		whatif_format(wi, (enum launch_param)i, true, value, sizeof(value));
		len += (size_t)snprintf(line + len, sizeof(line) - len, " %s %s ",
					whatif_label(wi, (enum launch_param)i), value);
		if (len >= sizeof(line))
			break;
		any = true;
	}
	if (!any)
		snprintf(line, sizeof(line), "%s", (int)strlen(long_note) <= w ? long_note : short_note);
	canvas_text_fit(c, x, y, w, CANVAS_DIM, false, line);
}

void chrome_draw_params(struct explorer *e, struct canvas *c, struct rect r)
{
	struct rect fields = r;
	int rows;

	memset(e->field_rect, 0, sizeof(e->field_rect));
	/* The parameters take what they need; the baseline the next row if left. */
	fields.h = r.h > 1 ? r.h - 1 : r.h;
	rows = put_fields(e, c, fields, false);
	if (rows < 0) {
		put_fields(e, c, r, true);
		return;
	}
	put_fields(e, c, fields, true);
	put_baseline(e, c, r.x, r.y + rows, r.w);
}

void chrome_draw_tabs(struct explorer *e, struct canvas *c, struct rect r)
{
	/* Shorter than the panes' titles: all four fit in 60 columns; all six
	 * (a report's browser, the timeline) in their short forms. */
	static const char *const labels[PANE_N] = {
		[PANE_TABLE] = "Occupancy", [PANE_CHARTS] = "Charts",
		[PANE_SMS] = NULL /* Per-SM, -CU or -WGP */, [PANE_RULES] = "Findings",
		[PANE_KERNELS] = "Kernels", [PANE_TIMELINE] = "Timeline",
	};
	static const char *const short_labels[PANE_N] = {
		[PANE_TABLE] = "Occ", [PANE_CHARTS] = "Charts", [PANE_SMS] = NULL,
		[PANE_RULES] = "Find", [PANE_KERNELS] = "Kern", [PANE_TIMELINE] = "Time",
	};
	const char *const *names = labels;
	char per_unit[16];
	int x = r.x, total = 0;

	/* the what-if's GPU: for records that name none yet, a device of their
	 * vendor lends its unit ("Per-CU"), as it lends the parameters' words */
	snprintf(per_unit, sizeof(per_unit), "Per-%s", gpu_unit(&e->whatif->cur.gpu.arch));
	for (int p = 0; p < PANE_N; p++)
		if (e->panes[p])
			total += (int)strlen(labels[p] ? labels[p] : per_unit) + 5;
	if (total - 1 > r.w)
		names = short_labels;
	memset(e->tab_rect, 0, sizeof(e->tab_rect));
	for (int p = 0; p < PANE_N && x < r.x + r.w; p++) {
		char label[64];
		bool on = e->active == (enum pane_id)p;
		int used;

		/* The browser has a tab only with a report to browse. */
		if (!e->panes[p])
			continue;
		snprintf(label, sizeof(label), on ? "[%d %s]" : " %d %s ", p + 1,
			 names[p] ? names[p] : per_unit);
		used = canvas_text(c, x, r.y, r.x + r.w - x, on ? CANVAS_FOCUS : CANVAS_DIM, label);
		e->tab_rect[p] = (struct rect){ x, r.y, used, 1 };
		x += used + 1;
	}
}

static const char *kernel_hints(int width)
{
	static const char *const list[] = {
		"j/k select  Enter load  / search  \\ filter  T time (? keys)  c group  g GPU  ? help  q quit",
		"Enter load  / search  \\ filter  o sort  c group  ? help  q quit",
		"Enter / \\ o c  ? help  q quit",
		"? help  q quit",
	};
	for (size_t i = 0; i < sizeof(list) / sizeof(list[0]); i++)
		if ((int)strlen(list[i]) <= width)
			return list[i];
	return width >= 6 ? "? help" : "";
}

/* The keys that matter now: the longest list that fits in width cells. */
static const char *hints(const struct explorer *e, int width)
{
	static const char *const wide[] = {
		/* one hint, two literals: parentheses say so to clang's
		 * -Wstring-concatenation */
		("Tab field  +/- step  [ ] big step  Enter type  g GPU  u undo  R reset  s save  "
		 "a animate  j/k e findings  ? help  q quit"),
		"Tab field  +/- step  Enter type  g GPU  u undo  1-6 pane  ? help  q quit",
		"Tab +- Enter edit  g GPU  u undo  ? help  q quit",
		"Tab +- edit  ? help  q quit",
		"? help  q quit",
	};
	size_t first = e->layout.tabbed ? 1 : 0;

	const struct pane *kernels = e->panes[PANE_KERNELS];

	if (playback_shown(&e->view.play))
		return ". , frame  a play/pause  A stop  q quit";
	if (kernels && e->active == PANE_KERNELS && kernels->cls->typing(kernels))
		return "type  Enter keep  Esc back";
	if (kernels && e->active == PANE_KERNELS)
		return kernel_hints(width);
	for (size_t i = first; i < sizeof(wide) / sizeof(wide[0]); i++)
		if ((int)strlen(wide[i]) <= width)
			return wide[i];
	/* a key cut in half helps no one */
	return width >= 6 ? "? help" : "";
}

/* text's end in at most w cells, the start given way to an ellipsis: a
 * file's own name ends it. */
static const char *tail_of(const char *text, int w, bool ascii, char *buf, size_t size)
{
	return str_ellipsize(text, w, true, ascii ? "..." : "\u2026", buf, size);
}

/* The status line keeps the shortest full hint where it can ("? help" at
 * least, next to the record's name), and at least this much of what was
 * loaded. */
#define HINT_SHORTEST "? help  q quit"
enum { SOURCE_MIN_W = 10 };

/* A message longer than the status line leaves gets rows of its own above
 * it (over the pane's foot, until the next key), wrapped at its words, at
 * most MESSAGE_ROWS, the last ellipsized: never a fragment over the line. */
enum { MESSAGE_ROWS = 3 };

struct message_lines {
	char line[MESSAGE_ROWS + 1][512];
	int n;
};

static void add_message_line(void *ctx, const char *s, size_t len)
{
	struct message_lines *m = ctx;

	if (m->n <= MESSAGE_ROWS)
		snprintf(m->line[m->n], sizeof(m->line[m->n]), "%.*s", (int)len, s);
	m->n++;
}

static void message_rows(const struct explorer *e, struct canvas *c, struct rect r)
{
	enum canvas_role role = e->message_is_error ? CANVAS_WARNING : CANVAS_GOOD;
	struct message_lines m = { .n = 0 };
	int rows, w = r.w - 1;

	str_wrap(e->message, 0, w, add_message_line, &m);
	rows = m.n < MESSAGE_ROWS ? m.n : MESSAGE_ROWS;
	if (rows > r.y)
		rows = r.y;
	for (int i = 0; i < rows; i++) {
		int y = r.y - rows + i;
		char text[600];

		canvas_fill(c, r.x, y, r.w, 1, ' ', role);
		if (i == rows - 1 && m.n > rows) {
			/* the rest does not fit: say so at the last row's end */
			snprintf(text, sizeof(text), "%s %s", m.line[i], m.line[i + 1]);
			canvas_text_fit(c, r.x, y, w, role, false, text);
		} else {
			canvas_text(c, r.x, y, w, role, m.line[i]);
		}
	}
}

void chrome_draw_status(struct explorer *e, struct canvas *c, struct rect r)
{
	const struct view *v = &e->view;
	char state[256], where[128] = "", figure[96], cut[600], line[600], short_name[160];
	const char *source, *hint;
	int used, room;

	if (rect_empty(r))
		return;
	canvas_fill(c, r.x, r.y, r.w, r.h, ' ', CANVAS_HEADER);
	if (!v->cur.ok && v->cur.report.incomplete) {
		/* the record itself, not the GPU: the report lacks its launch */
		snprintf(figure, sizeof(figure), "  not analysed ");
	} else if (!v->cur.ok) {
		snprintf(figure, sizeof(figure), "  cannot run on this GPU ");
	} else {
		double now = v->cur.r.theoretical_occupancy_pct;
		double was = v->base.ok ? v->base.r.theoretical_occupancy_pct : now;
		if (v->base.ok && (now != was || param_diff(&v->cur.launch, &v->base.launch,
							    PARAM_LAUNCH_BITS | PARAM_BIT(PARAM_GPU)) != 0))
			snprintf(figure, sizeof(figure), "  occupancy %.1f%% (baseline %.1f%%, %+.1f) ",
				 now, was, now - was);
		else
			snprintf(figure, sizeof(figure), "  occupancy %.1f%% ", now);
	}
	if (e->n_items > 1) {
		/* The kernel's own name (its namespaces are the browser's to
		 * show), in what the figure and the shortest hint leave, at
		 * most 40 cells; the position alone where that is too little. */
		const char *name = v->base.launch.kernel, *colons;
		int name_room, source_w = (int)str_display_width(e->source);

		while ((colons = strstr(name, "::")) != NULL && colons[2])
			name = colons + 2;
		snprintf(where, sizeof(where), " [%zu/%zu ]", e->shown + 1, e->n_items);
		name_room = r.w - 1 - (int)str_display_width(figure) - (int)strlen("? help") -
			(int)str_display_width(where) - (source_w < SOURCE_MIN_W ? source_w : SOURCE_MIN_W);
		name = str_ellipsize(name, name_room > 40 ? 40 : name_room, false,
				     c->ascii ? "..." : "\u2026", short_name, sizeof(short_name));
		if (name_room >= 6 && name[0])
			snprintf(where, sizeof(where), " [%zu/%zu %s]", e->shown + 1, e->n_items, name);
		else
			snprintf(where, sizeof(where), " [%zu/%zu]", e->shown + 1, e->n_items);
	}
	snprintf(state, sizeof(state), "%s%s", where, figure);
	/* What was loaded gives way first (to the start of its name), then the
	 * record; the shortest key hint, or a message (an error, "reloaded: N
	 * records"), keeps its room, a message down to 20 cells of the rest. */
	room = r.w - (int)str_display_width(state) - (int)strlen(HINT_SHORTEST) - 1;
	source = tail_of(e->source, room > SOURCE_MIN_W ? room : SOURCE_MIN_W, c->ascii, cut,
			 sizeof(cut));
	snprintf(line, sizeof(line), "%s%s", source, state);
	hint = hints(e, r.w - (int)str_display_width(line) - 1);
	if (e->message[0] && (int)(str_display_width(line) + 1 + str_display_width(e->message)) < r.w) {
		/* the message beside what was loaded, in place of the keys */
		used = canvas_text(c, r.x, r.y, r.w, CANVAS_HEADER, line);
		canvas_text(c, r.x + used + 1, r.y, r.w - used - 1,
			    e->message_is_error ? CANVAS_WARNING : CANVAS_GOOD, e->message);
		return;
	}
	if (e->message[0])
		message_rows(e, c, r);
	used = canvas_text(c, r.x, r.y, r.w, CANVAS_HEADER, line);
	canvas_text(c, r.x + used, r.y, r.w - used, CANVAS_DIM, hint);
}

void chrome_draw_too_small(struct canvas *c)
{
	char line[128];
	int used;

	snprintf(line, sizeof(line), "terminal too small (need at least %d x %d, have %d x %d)",
		 LAYOUT_MIN_COLS, LAYOUT_MIN_ROWS, c->width, c->height);
	used = canvas_wrap(c, 0, 0, c->width, c->height, CANVAS_WARNING, line);
	canvas_wrap(c, 0, used, c->width, c->height - used, CANVAS_DIM,
		    "q quits; growing the terminal brings occview back");
}
