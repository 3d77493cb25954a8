/* pane.c - what every pane shares: the message shown in place of a pane's
 * content when the launch cannot be computed on the chosen GPU. */
#include "config.h"

#include "pane.h"

#include <stdio.h>

void pane_draw_error(struct canvas *c, struct rect r, const struct view *v)
{
	char msg[1024];
	int used;

	if (rect_empty(r))
		return;
	snprintf(msg, sizeof(msg), "This launch cannot be computed on %s:", v->cur.gpu.name[0] ?
		 v->cur.gpu.name : v->cur.launch.gpu_name);
	used = canvas_wrap(c, r.x, r.y, r.w, r.h, CANVAS_WARNING, msg);
	occ_error_format(&v->cur.error, msg, sizeof(msg));
	r.y += used;
	r.h -= used;
	used = canvas_wrap(c, r.x, r.y, r.w, r.h, CANVAS_NORMAL, msg);
	r.y += used + 1;
	r.h -= used + 1;
	canvas_wrap(c, r.x, r.y, r.w, r.h, CANVAS_DIM, "Change the value (Tab, +, -, Enter), undo (u) or reset (R).");
}

bool pane_skip(struct canvas *c, struct rect r, const struct view *v)
{
	if (rect_empty(r))
		return true;
	if (v->cur.ok)
		return false;
	pane_draw_error(c, r, v);
	return true;
}
