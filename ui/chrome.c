/* chrome.c - what surrounds the panes: the launch parameters with the focused
 * one marked and the baseline beside changed ones, the tab bar, the status
 * line, and the "terminal too small" screen. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "explorer_state.h"
#include "layout.h"

/* Writes one parameter at (*x, *y) inside r, wrapping to the next row when it
 * does not fit; returns false when r is full. */
static bool put_field(struct explorer *e, struct canvas *c, struct rect r, int *x, int *y,
		      enum whatif_field f)
{
	const struct whatif *w = e->whatif;
	bool focused = w->focus == f, changed = whatif_changed(w, f);
	char value[128], base[128], text[320];
	int len, used;

	whatif_format(w, f, false, value, sizeof(value));
	if (changed) {
		whatif_format(w, f, true, base, sizeof(base));
		snprintf(text, sizeof(text), "%s %s (was %s)", whatif_field_label(f), value, base);
	} else {
		snprintf(text, sizeof(text), "%s %s", whatif_field_label(f), value);
	}
	/* Brackets mark the focus without colour; reverse video with it. */
	len = (int)strlen(text) + 2;
	if (*x > r.x && *x + len > r.x + r.w) {
		*x = r.x;
		(*y)++;
	}
	if (*y >= r.y + r.h)
		return false;
	used = canvas_text(c, *x, *y, r.x + r.w - *x, focused ? CANVAS_FOCUS : CANVAS_NORMAL,
			   focused ? "[" : " ");
	used += canvas_text(c, *x + used, *y, r.x + r.w - *x - used,
			    focused ? CANVAS_FOCUS : changed ? CANVAS_CURRENT : CANVAS_NORMAL, text);
	used += canvas_text(c, *x + used, *y, r.x + r.w - *x - used,
			    focused ? CANVAS_FOCUS : CANVAS_NORMAL, focused ? "]" : " ");
	e->field_rect[f] = (struct rect){ *x, *y, used, 1 };
	*x += used + 1;
	return true;
}

void chrome_draw_params(struct explorer *e, struct canvas *c, struct rect r)
{
	int x = r.x, y = r.y;

	memset(e->field_rect, 0, sizeof(e->field_rect));
	for (int f = 0; f < WHATIF_N_FIELDS; f++)
		if (!put_field(e, c, r, &x, &y, (enum whatif_field)f))
			break;
}

void chrome_draw_tabs(struct explorer *e, struct canvas *c, struct rect r)
{
	int x = r.x;

	memset(e->tab_rect, 0, sizeof(e->tab_rect));
	for (int p = 0; p < PANE_N && x < r.x + r.w; p++) {
		char label[64];
		bool on = e->active == (enum pane_id)p;
		int used;

		snprintf(label, sizeof(label), on ? "[%d %s]" : " %d %s ", p + 1, e->panes[p].cls->title);
		used = canvas_text(c, x, r.y, r.x + r.w - x, on ? CANVAS_FOCUS : CANVAS_DIM, label);
		e->tab_rect[p] = (struct rect){ x, r.y, used, 1 };
		x += used + 1;
	}
}

/* The keys that matter now, shortest first so narrow screens keep the essentials. */
static const char *hints(const struct explorer *e)
{
	if (e->view.animating)
		return "a stop  q quit";
	if (e->layout.tabbed)
		return "Tab field  +/- step  Enter type  g GPU  u undo  1-4 pane  ? help  q quit";
	return "Tab field  +/- step  [ ] big step  Enter type  g GPU  u undo  R reset  s save  "
	       "a animate  j/k e findings  ? help  q quit";
}

void chrome_draw_status(struct explorer *e, struct canvas *c, struct rect r)
{
	const struct view *v = &e->view;
	char left[512], where[128] = "";
	int used;

	if (rect_empty(r))
		return;
	canvas_fill(c, r.x, r.y, r.w, r.h, ' ', CANVAS_HEADER);
	if (e->n_records > 1)
		snprintf(where, sizeof(where), " [%zu/%zu %.40s]", e->index + 1, e->n_records,
			 v->base.launch.kernel);
	if (!v->cur.ok) {
		snprintf(left, sizeof(left), "%s%s  cannot run on this GPU ", e->source, where);
	} else {
		double now = v->cur.r.theoretical_occupancy_pct;
		double was = v->base.ok ? v->base.r.theoretical_occupancy_pct : now;
		if (v->base.ok && (now != was || memcmp(&v->cur.launch, &v->base.launch,
							   sizeof(v->cur.launch)) != 0))
			snprintf(left, sizeof(left), "%s%s  occupancy %.1f%% (baseline %.1f%%, %+.1f) ",
				 e->source, where, now, was, now - was);
		else
			snprintf(left, sizeof(left), "%s%s  occupancy %.1f%% ", e->source, where, now);
	}
	used = canvas_text(c, r.x, r.y, r.w, CANVAS_HEADER, left);
	if (e->message[0])
		canvas_text(c, r.x + used, r.y, r.w - used,
			    e->message_is_error ? CANVAS_WARNING : CANVAS_GOOD, e->message);
	else
		canvas_text(c, r.x + used, r.y, r.w - used, CANVAS_DIM, hints(e));
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
