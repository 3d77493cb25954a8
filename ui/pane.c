/* pane.c - what every pane shares: the message shown in place of a pane's
 * content when the launch cannot be computed on the chosen GPU. */
#include "config.h"

#include "pane.h"

#include <stdio.h>
#include <string.h>

/* Writes text into r word-wrapped; returns the rows used. */
static int wrap(struct canvas *c, struct rect r, enum canvas_role role, const char *text)
{
	const char *p = text;
	int row = 0;

	while (*p && row < r.h && r.w > 0) {
		int len = (int)strlen(p), cut = len;
		if (len > r.w) {
			cut = r.w;
			while (cut > 0 && p[cut] != ' ')
				cut--;
			if (cut == 0)
				cut = r.w;
		}
		{
			char line[1024];
			snprintf(line, sizeof(line), "%.*s", cut < 1023 ? cut : 1023, p);
			canvas_text(c, r.x, r.y + row, r.w, role, line);
		}
		p += cut;
		while (*p == ' ')
			p++;
		row++;
	}
	return row;
}

void pane_draw_error(struct canvas *c, struct rect r, const struct view *v)
{
	char msg[1024];
	int used;

	if (rect_empty(r))
		return;
	snprintf(msg, sizeof(msg), "This launch cannot be computed on %s:", v->cur.gpu.name[0] ?
		 v->cur.gpu.name : v->cur.launch.gpu_name);
	used = wrap(c, r, CANVAS_WARNING, msg);
	occ_error_format(&v->cur.error, msg, sizeof(msg));
	r.y += used;
	r.h -= used;
	used = wrap(c, r, CANVAS_NORMAL, msg);
	r.y += used + 1;
	r.h -= used + 1;
	wrap(c, r, CANVAS_DIM, "Change the value (Tab, +, -, Enter), undo (u) or reset (R).");
}
