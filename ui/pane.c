/* pane.c - what every pane shares: the message shown in place of a pane's
 * content when the launch cannot be computed on the chosen GPU. */
#include "config.h"

#include "pane.h"

#include <stdio.h>
#include <string.h>

void pane_draw_error(struct canvas *c, struct rect r, const struct view *v)
{
	char msg[1024];
	int used;

	if (rect_empty(r))
		return;
	/* A report's record that the analysis cannot run (nvprof --metrics,
	 * the CUDA profiler log, ncu --metrics only): say so as a property of
	 * the report, with what it did measure. */
	bool record = v->has_record && !v->record.ok &&
		      memcmp(&v->cur.launch, &v->record.launch, sizeof(v->cur.launch)) == 0;

	if (record)
		snprintf(msg, sizeof(msg), "The report does not give this kernel's launch, so occview "
			 "cannot compute its occupancy:");
	else
		snprintf(msg, sizeof(msg), "This launch cannot be computed on %s:",
			 v->cur.gpu.name[0] ? v->cur.gpu.name : v->cur.launch.gpu_name);
	used = canvas_wrap(c, r.x, r.y, r.w, r.h, CANVAS_WARNING, msg);
	occ_error_format(&v->cur.error, msg, sizeof(msg));
	r.y += used;
	r.h -= used;
	used = canvas_wrap(c, r.x, r.y, r.w, r.h, CANVAS_NORMAL, msg);
	r.y += used + 1;
	r.h -= used + 1;
	if (record && v->measured.has_achieved) {
		snprintf(msg, sizeof(msg), "Measured achieved occupancy: %.1f%%.",
			 v->measured.achieved_pct);
		used = canvas_wrap(c, r.x, r.y, r.w, r.h, CANVAS_NORMAL, msg);
		r.y += used + 1;
		r.h -= used + 1;
	}
	canvas_wrap(c, r.x, r.y, r.w, r.h, CANVAS_DIM, record
		    ? "Type the missing values into the parameters (Tab, Enter) to see a launch's "
		      "occupancy, or choose another record (5, j/k, Enter)."
		    : "Change the value (Tab, +, -, Enter), undo (u) or reset (R).");
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
