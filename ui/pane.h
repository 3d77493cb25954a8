/* pane.h - a pane is a small const table of behaviour: it draws the view into
 * its rectangle of the screen canvas, and may take keys and clicks. Handlers
 * return a reaction; only the explorer acts on it. */
#ifndef OCC_PANE_H
#define OCC_PANE_H

#include <stdbool.h>
#include <stdint.h>

#include "canvas.h"
#include "keys.h"
#include "rect.h"
#include "view.h"
#include "whatif.h"

enum reaction {
	REACT_NONE,       /* not handled */
	REACT_REDRAW,     /* handled; draw again */
	REACT_RECOMPUTE,  /* the launch changed; recompute the view, then draw */
	REACT_QUIT,
};

/* The state every pane has; a pane needing more embeds this first. */
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
	const char *(*title_for)(const struct view *v, char *buf, size_t size);
	void (*draw)(struct pane *p, struct canvas *c, struct rect r, const struct view *v);
	/* NULL: the pane takes no keys. */
	enum reaction (*key)(struct pane *p, enum action a, const struct view *v);
	/* NULL: no clicks. True when the click at (x, y) inside r picks a value of
	 * a launch parameter (a chart point). */
	bool (*click)(struct pane *p, struct rect r, const struct view *v, int x, int y,
		      enum whatif_field *field, int64_t *value);
};

extern const struct pane_class pane_table;
extern const struct pane_class pane_charts;
extern const struct pane_class pane_sms;
extern const struct pane_class pane_rules;
extern const struct pane_class pane_kernels;

/* What panes show in place of their content when the launch is not valid on
 * the chosen GPU (v->cur.ok false): the error, wrapped. */
void pane_draw_error(struct canvas *c, struct rect r, const struct view *v);
/* Every pane's first step: true when it has nothing of its own to draw,
 * because r is empty or the launch cannot be computed (the error is drawn). */
bool pane_skip(struct canvas *c, struct rect r, const struct view *v);

#endif
