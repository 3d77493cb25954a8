/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* pane.c - what every pane shares: the message shown in place of a pane's
 * content when the launch cannot be computed, freeing, and messages. */
#include "config.h"

#include "pane.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strutil.h"

void pane_free(struct pane *p)
{
	if (!p)
		return;
	if (p->cls->done)
		p->cls->done(p);
	free(p);
}

void pane_say(struct pane_request *req, bool error, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(req->message, sizeof(req->message), fmt, ap);
	va_end(ap);
	req->error = error;
}

int pane_draw_error(struct canvas *c, struct rect r, const struct view *v)
{
	/* A report's record that the analysis cannot run (nvprof --metrics,
	 * the CUDA profiler log, ncu --metrics only): say so as a property of
	 * the report, with what it did measure. */
	bool record = v->cur.report.present && v->cur.report.incomplete;
	/* only the GPU is missing: the launch may well be all there */
	bool no_gpu = record && strcmp(v->cur.error.field, "gpu") == 0 && !v->cur.gpu.name[0];
	char msg[1024], kernel[300];
	int used, top = r.y;

	if (rect_empty(r))
		return 0;
	str_sanitize(v->cur.launch.kernel[0] ? v->cur.launch.kernel : "(unnamed)", kernel,
		     sizeof(kernel));
	if (no_gpu)
		snprintf(msg, sizeof(msg), "The report does not say which GPU ran %s, so occview "
			 "cannot compute its occupancy:", kernel);
	else if (record)
		snprintf(msg, sizeof(msg), "The report does not give the launch of %s, so occview "
			 "cannot compute its occupancy:", kernel);
	else
		snprintf(msg, sizeof(msg), "This launch of %s cannot be computed on %s:", kernel,
			 v->cur.gpu.name[0] ? v->cur.gpu.name : v->cur.launch.gpu_name);
	used = canvas_wrap(c, r.x, r.y, r.w, r.h, CANVAS_WARNING, msg);
	occ_error_format(&v->cur.error, msg, sizeof(msg));
	r.y += used;
	r.h -= used;
	used = canvas_wrap(c, r.x, r.y, r.w, r.h, CANVAS_NORMAL, msg);
	r.y += used + 1;
	r.h -= used + 1;
	if (record && v->measured.has_achieved) {
		const char *from = v->cur.report.achieved_from;
		const char *formula = v->cur.report.achieved_sq ? REPORT_SQ_OCCUPANCY_FORMULA : NULL;

		snprintf(msg, sizeof(msg), "Measured achieved occupancy: %.1f%%%s%s%s%s.",
			 v->measured.achieved_pct, from ? ", from " : "",
			 from ? str_base_name(from) : "", formula ? ", computed as " : "",
			 formula ? formula : "");
		used = canvas_wrap(c, r.x, r.y, r.w, r.h, CANVAS_NORMAL, msg);
		r.y += used + 1;
		r.h -= used + 1;
	}
	/* Computed by the profiler from the launch it saw, never a measurement
	 * (the CUDA profiler's occupancy column is its theoretical figure). */
	if (record && crosscheck_figures_any(&v->cur.report.profiler)) {
		char figures[600];

		crosscheck_figures_text(&v->cur.report.profiler, figures, sizeof(figures));
		if (v->cur.report.figures_by == REPORT_BY_CUDA_PROFILER)
			snprintf(msg, sizeof(msg), "What the CUDA profiler computed from the launch "
				 "(not a measurement): %s.", figures);
		else
			snprintf(msg, sizeof(msg), "What the profiler computed: %s.", figures);
		used = canvas_wrap(c, r.x, r.y, r.w, r.h, CANVAS_NORMAL, msg);
		r.y += used + 1;
		r.h -= used + 1;
	}
	if (v->whatif)
		r.y += canvas_wrap(c, r.x, r.y, r.w, r.h, CANVAS_DIM, no_gpu
			? "Pick the GPU: g in the kernel browser (5) for every record that names none, "
			  "or g here for this record alone."
			: record
			? "Type the missing values into the parameters (Tab, Enter) to see a launch's "
			  "occupancy, or choose another record (5, j/k, Enter)."
			: "Change the value (Tab, +, -, Enter), undo (u) or reset (R).");
	else
		r.y--;   /* --print: no keys to suggest, nor the blank before them */
	return r.y - top;
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
