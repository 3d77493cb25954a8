/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* kernel_detail.c - the selected record in full beside the browser's list:
 * what occview computes for it (kernel_detail.h) and, marked as such, what
 * the profiler wrote. */
#include "config.h"

#include "kernel_detail.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "crosscheck.h"
#include "engine.h"
#include "strutil.h"

/* One "label  value" line; returns the next row. */
static int line(struct canvas *c, struct rect r, int y, enum canvas_role role, const char *label,
		const char *value)
{
	if (y >= r.y + r.h)
		return y;
	canvas_printf(c, r.x, y, r.w, role, "%-16s %s", label, value);
	return y + 1;
}

static int heading(struct canvas *c, struct rect r, int y, const char *text)
{
	if (y + 1 >= r.y + r.h)
		return r.y + r.h;
	canvas_text(c, r.x, y + 1, r.w, CANVAS_HEADER, text);
	return y + 2;
}

/* "blocks per SM", or where that is wider than the label column
 * "workgroups/WGP". */
static void per_unit_label(const struct engine_words *e, char *buf, size_t size)
{
	snprintf(buf, size, "%s per %s", e->blocks, e->unit);
	if (strlen(buf) > 16)
		snprintf(buf, size, "%s/%s", e->blocks, e->unit);
}

/* In the words of the GPU's engine: warps or waves per SM, CU or WGP. */
static int occupancy(struct canvas *c, struct rect r, int y, const struct analysis *a)
{
	const struct occ_result *o = &a->r;
	const struct crosscheck_record *rep = &a->report;
	const struct engine_words *e = engine_words(&a->gpu.arch);
	char buf[128], label[32];

	y = heading(c, r, y, "Occupancy (occview)");
	snprintf(buf, sizeof(buf), "%.1f %%  (%d of %d %s per %s)", o->theoretical_occupancy_pct,
		 o->active_warps_per_sm, o->max_warps_per_sm, e->warps, e->unit);
	y = line(c, r, y, CANVAS_NORMAL, "theoretical", buf);
	snprintf(buf, sizeof(buf), "%d", o->active_blocks_per_sm);
	per_unit_label(e, label, sizeof(label));
	y = line(c, r, y, CANVAS_NORMAL, label, buf);
	if (rep->achieved_occupancy_pct.present) {
		snprintf(buf, sizeof(buf), "%.1f %%  (measured)", rep->achieved_occupancy_pct.value);
		y = line(c, r, y, CANVAS_NORMAL, "achieved", buf);
	}
	if (a->w.blocks_per_wave > 0) {
		snprintf(buf, sizeof(buf), a->w.waves_per_sm < 0.005 ?
			 "%.4f %s: %lld full + %lld %s" : "%.2f %s: %lld full + %lld %s",
			 a->w.waves_per_sm, e->waves_count, (long long)a->w.full_waves,
			 (long long)a->w.partial_wave_blocks,
			 a->w.partial_wave_blocks == 1 ? e->block : e->blocks);
		y = line(c, r, y, CANVAS_NORMAL, e->waves, buf);
	}
	return y;
}

/* Every factor's block limit, the limiter marked with '*'. */
static int limits(struct canvas *c, struct rect r, int y, const struct analysis *a)
{
	const struct occ_result *o = &a->r;
	const struct engine_words *e = engine_words(&a->gpu.arch);
	char buf[64], label[32];

	snprintf(buf, sizeof(buf), "%s limits per %s (* limits)", e->Block, e->unit);
	y = heading(c, r, y, buf);
	for (int f = 0; f < OCC_N_FACTORS; f++) {
		bool lim = occ_is_limiting(o, (enum occ_factor)f);

		if (o->block_limit[f] == OCC_UNLIMITED)
			snprintf(buf, sizeof(buf), "-");
		else
			snprintf(buf, sizeof(buf), "%d", o->block_limit[f]);
		snprintf(label, sizeof(label), "%c %s", lim ? '*' : ' ', occ_label(o, (enum occ_factor)f));
		y = line(c, r, y, lim ? CANVAS_LIMITER : CANVAS_NORMAL, label, buf);
	}
	return y;
}

/* What the profiler wrote, in its words (crosscheck_figures_text). */
static int reported(struct canvas *c, struct rect r, int y, const struct report_record *rec,
		    const struct analysis *a)
{
	char buf[1024];

	y = heading(c, r, y, "The report's own figures");
	if (y >= r.y + r.h)
		return y;
	crosscheck_figures_text(&a->report.profiler, buf, sizeof(buf));
	if (rec->duration_ns.present) {
		size_t n = strlen(buf);
		snprintf(buf + n, sizeof(buf) - n, "%sduration %.0f ns", n ? ", " : "",
			 rec->duration_ns.value);
	}
	if (!buf[0])
		snprintf(buf, sizeof(buf), "none beside the launch");
	return y + canvas_wrap(c, r.x, y, r.w, r.y + r.h - y, CANVAS_DIM, buf);
}

/* in with every word wider than w (a URL) cut to w cells ending in an
 * ellipsis, so that wrapping never breaks one silently at the border. */
static void fit_words(const char *in, int w, bool ascii, char *out, size_t size)
{
	const char *ell = ascii ? "..." : "\u2026";
	size_t n = 0;

	out[0] = '\0';
	while (*in && n + 1 < size) {
		size_t len = strcspn(in, " ");
		char word[1024], cut[1024];
		const char *shown = word;

		if (len >= sizeof(word))
			len = sizeof(word) - 1;
		memcpy(word, in, len);
		word[len] = '\0';
		if ((int)str_display_width(word) > w)
			shown = str_ellipsize(word, w, false, ell, cut, sizeof(cut));
		n += (size_t)snprintf(out + n, size - n, "%s%s", n ? " " : "", shown);
		if (n >= size)
			return;
		in += strcspn(in, " ");
		in += strspn(in, " ");
	}
}

/* The profiler's own rule results (Nsight Compute's), marked as its. */
static int rules(struct canvas *c, struct rect r, int y, const struct analysis *a)
{
	char buf[1024], text[1024], fitted[1024];
	bool headed = false;

	for (size_t i = 0; i < a->report.n_rules && y < r.y + r.h; i++) {
		const struct report_rule *rule = &a->report.rules[i];

		if (!rule->text || !rule->text[0])
			continue;
		if (!headed)
			y = heading(c, r, y, "The profiler's rules (its words)");
		headed = true;
		if (rule->speedup_pct.present)
			snprintf(buf, sizeof(buf), "%s (est. speedup %.1f%%): %s",
				 rule->name ? rule->name : "rule", rule->speedup_pct.value, rule->text);
		else
			snprintf(buf, sizeof(buf), "%s: %s", rule->name ? rule->name : "rule", rule->text);
		str_sanitize(buf, text, sizeof(text));
		fit_words(text, r.w, c->ascii, fitted, sizeof(fitted));
		if (y < r.y + r.h)
			y += canvas_wrap(c, r.x, y, r.w, r.y + r.h - y, CANVAS_DIM, fitted);
	}
	return y;
}

void kernel_detail_draw(struct canvas *c, struct rect r, const struct report_record *rec,
			const struct analysis *a)
{
	const struct engine_words *e = engine_words(&a->gpu.arch);
	char buf[640], cut[256];
	int y = r.y;

	if (rect_empty(r))
		return;
	canvas_text(c, r.x, y++, r.w, CANVAS_HEADER,
		    str_ellipsize(rec->short_name, r.w, false, c->ascii ? "..." : "\u2026", cut,
				  sizeof(cut)));
	if (!a->ok) {
		snprintf(buf, sizeof(buf), "not analysed: %s", a->error.message);
		y += canvas_wrap(c, r.x, y, r.w, r.h - 1, CANVAS_WARNING, buf);
		reported(c, r, y, rec, a);
		return;
	}
	snprintf(buf, sizeof(buf), "%s, %d %s", a->gpu.name, a->gpu.sm_count,
		 a->gpu.sm_count == 1 ? e->unit : e->units);
	/* a GPU the user chose for a record that names none, said as the
	 * occupancy pane's Report section says it, shorter where it must be */
	if (a->report.gpu_chosen_by != CROSSCHECK_GPU_REPORT) {
		const char *by = a->report.gpu_chosen_by == CROSSCHECK_GPU_FLAG ? "--gpu" : "picked";
		size_t n = strlen(buf);

		snprintf(buf + n, sizeof(buf) - n,
			 (int)(n + 17 + strlen(by) + 26) <= r.w ? " (%s; the report names none)" :
			 " (%s)", by);
	}
	y = line(c, r, y, CANVAS_DIM, "GPU", buf);
	snprintf(buf, sizeof(buf), "grid %lld, %s %d, %d %s, %lld B %s",
		 (long long)launch_grid_size(&a->launch), e->block_short,
		 launch_threads_per_block(&a->launch), a->launch.regs_per_thread, e->regs_short,
		 (long long)(a->launch.static_smem_bytes + a->launch.dynamic_smem_bytes),
		 e->smem_short);
	y = line(c, r, y, CANVAS_DIM, "launch", buf);
	y = occupancy(c, r, y, a);
	y = limits(c, r, y, a);
	y = reported(c, r, y, rec, a);
	rules(c, r, y, a);
}
