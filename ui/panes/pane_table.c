/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* pane_table.c - the occupancy table: the GPU and launch, active blocks, warps
 * and threads, the block limit and utilization bar of every factor, the
 * allocations and the GPU's limits, with the baseline's figures beside them. */
#include "config.h"

#include "pane.h"
#include "table_out.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "browser.h"
#include "compare.h"
#include "compare_table.h"
#include "engine.h"
#include "print.h"
#include "report_launch.h"
#include "strutil.h"

enum { TWO_COLUMNS_MIN_W = 110 };  /* from this width, two columns */

/* --- the pieces of text --------------------------------------------------- */

/* --- sections, in the order they give way when rows run out ---------------- */

/* How the grid falls into waves over the whole GPU: as many blocks as it
 * holds at once, full and partial waves, the tail and what they predict. On
 * AMD these are rounds of workgroups, not wavefronts, and say so. */
static void sec_waves(struct out *o, const struct view *v)
{
	const struct waves *w = &v->cur.w;
	const struct analysis *a = &v->cur;
	const struct engine_words *e = engine_words(&a->gpu.arch);
	const char *blocks = e->blocks;
	struct items it = { .n = 0 };

	if (a->r.active_blocks_per_sm <= 0)
		return;
	table_put(o, 0, CANVAS_HEADER, e->gpu_waves);
	o->y++;
	/* An architecture with no device: no count to fill waves with. */
	if (a->gpu.sm_count <= 0) {
		table_item(&it, CANVAS_DIM, "need a device: the database has none of %s, so no %s "
			   "count (--gpu NAME)", a->gpu.arch.arch, gpu_unit(&a->gpu.arch));
		table_item_rows(o, 2, LABEL_W, CANVAS_NORMAL, "Waves", &it, ", ");
		return;
	}
	if (a->sched.cluster_size > 0 && w->blocks_per_wave == 0) {
		table_item(&it, CANVAS_WARNING, "no cluster of %d fits one GPC at %d per %s: "
			   "nothing runs", a->sched.cluster_size, a->r.active_blocks_per_sm,
			   gpu_unit(&a->gpu.arch));
		table_item_rows(o, 2, LABEL_W, CANVAS_NORMAL, "Per wave", &it, ", ");
		return;
	}
	if (a->sched.cluster_size > 0 && w->blocks_per_wave > 0) {
		/* Whole clusters per GPC: the bound where the layout is. */
		char active[48];

		cluster_active_text(&a->cl, active, sizeof(active));
		if (w->blocks_per_wave_min < 0)
			table_item(&it, CANVAS_NORMAL, "at most %lld %s (%s clusters x %d)",
				   (long long)w->blocks_per_wave, blocks, active, a->sched.cluster_size);
		else if (w->blocks_per_wave_min != w->blocks_per_wave)
			table_item(&it, CANVAS_NORMAL, "%lld-%lld %s (%s clusters x %d)",
				   (long long)w->blocks_per_wave_min, (long long)w->blocks_per_wave,
				   blocks, active, a->sched.cluster_size);
		else
			table_item(&it, CANVAS_NORMAL, "%lld %s (%s clusters x %d)",
				   (long long)w->blocks_per_wave, blocks, active, a->sched.cluster_size);
	} else if (w->units < a->gpu.sm_count) {
		table_item(&it, CANVAS_NORMAL, "%lld %s (%d of %d %s x %d)",
			   (long long)w->blocks_per_wave, blocks, w->units, a->gpu.sm_count,
			   gpu_units(&a->gpu.arch), a->r.active_blocks_per_sm);
	} else {
		table_item(&it, CANVAS_NORMAL, "%lld %s (%d %s x %d)", (long long)w->blocks_per_wave,
			   blocks, a->gpu.sm_count, gpu_units(&a->gpu.arch), a->r.active_blocks_per_sm);
	}
	if (w->idle_units > 0)
		table_item(&it, CANVAS_WARNING, "%s%d %s idle",
			   w->blocks_per_wave_min != w->blocks_per_wave ? "at least " : "",
			   w->idle_units, gpu_units(&a->gpu.arch));
	table_item_rows(o, 2, LABEL_W, CANVAS_NORMAL, "Per wave", &it, ", ");
	it.n = 0;
	/* "per SM" as Nsight Compute counts them; on AMD "in all", as the
	 * findings say it: never waves per CU, which are wavefronts there. */
	if (w->blocks_per_wave_min > 0 && w->waves_max > w->waves_per_sm)
		table_item(&it, CANVAS_NORMAL, "%.2f-%.2f %s", w->waves_per_sm, w->waves_max,
			   e->waves_count);
	else if (w->blocks_per_wave_min < 0 && a->sched.cluster_size > 0)
		table_item(&it, CANVAS_NORMAL, "at least %.2f %s", w->waves_per_sm, e->waves_count);
	else
		table_item(&it, CANVAS_NORMAL, "%.2f %s", w->waves_per_sm, e->waves_count);
	table_item(&it, CANVAS_NORMAL, "%lld full%s", (long long)w->full_waves,
		   w->blocks_per_wave_min != w->blocks_per_wave ? " with the most clusters" : "");
	if (w->partial_wave_blocks > 0)
		table_item(&it, CANVAS_WARNING, "a partial wave of %lld %s",
			 (long long)w->partial_wave_blocks,
			 w->partial_wave_blocks == 1 ? e->block : blocks);
	table_item_rows(o, 2, LABEL_W, CANVAS_NORMAL, "Waves", &it, ", ");
	it.n = 0;
	if (w->partial_wave_blocks > 0)
		table_item(&it, CANVAS_WARNING, "tail %.1f%% of the runtime", w->tail_share_pct);
	table_item(&it, CANVAS_NORMAL, "predicted achieved %.1f%% (uniform durations)",
		 w->predicted_achieved_pct);
	table_item_rows(o, 2, LABEL_W, CANVAS_NORMAL, "", &it, ", ");
}

/* --- the change from the reference (r) ----------------------------------- */

enum { REF_LABEL_W = 20 };

/* Now, the reference and the change (now minus the reference), as
 * --compare prints two records: the figures, and the limits that moved.
 * Nothing without a reference. */
static void sec_reference(struct out *o, const struct view *v)
{
	const struct analysis *items[2] = { &v->cur, &v->ref };
	const char *heads[2] = { "now", "reference" };
	struct compare_delta d;
	struct compare_table t = {
		.items = items, .n = 2, .heads = heads, .change = &d, .change_first_minus = true,
		.label_w = REF_LABEL_W, .wrap = 1, .changed_limits_only = true,
		.rows = CMP_BIT(CMP_OCC) | CMP_BIT(CMP_BLOCKS) | CMP_BIT(CMP_WARPS) |
			CMP_BIT(CMP_LIMITER) | CMP_BIT(CMP_WAVES) | CMP_LIMIT_BITS,
	};
	char title[200];

	if (!v->has_ref)
		return;
	str_sanitize(v->ref_label, title, sizeof(title));
	table_putf(o, 0, CANVAS_HEADER, "Change from the reference: %s", title);
	o->y++;
	if (!v->cur.ok || !v->ref.ok) {
		table_put(o, 2, CANVAS_DIM, v->cur.ok ? "the reference could not be analysed" :
		    "the current launch could not be analysed");
		o->y++;
		return;
	}
	compare_deltas(&v->ref, &v->cur, &d);
	if (d.achieved)
		t.rows |= CMP_BIT(CMP_ACHIEVED);
	o->y += compare_table_draw(o->c, o->x + 2, o->y, o->w - 2, &t);
}

/* --- the GPUs compared (--gpu A,B,..., C) -------------------------------- */

/* A row per GPU: the what-if there (session_analyse_beside): occupancy,
 * limiter, waves and the next step, as --print's side-by-side table has
 * them; '*' marks the what-if's own GPU. Nothing with no GPU chosen. */
static void sec_gpus(struct out *o, const struct view *v)
{
	const struct analysis *items[SESSION_GPUS_MAX];
	const char *heads[SESSION_GPUS_MAX];
	bool own[SESSION_GPUS_MAX];
	struct compare_table t = { .items = items, .heads = heads };

	if (v->n_gpus == 0 || !v->on_gpu)
		return;
	table_put(o, 0, CANVAS_HEADER, "GPUs compared (C adds or removes the current GPU)");
	o->y++;
	for (size_t i = 0; i < v->n_gpus && i < SESSION_GPUS_MAX; i++, t.n++) {
		items[i] = &v->on_gpu[i];
		heads[i] = v->gpus[i].name;
		own[i] = strcmp(v->gpus[i].name, v->cur.gpu.name) == 0;
	}
	o->y += compare_table_rows(o->c, o->x, o->y, o->w, &t, own);
}

/* Whether a limit the report printed is occview's capped, not its own: the
 * "report" column shows 32 where occview says 64. */
static bool capped_shown(const struct view *v)
{
	const struct crosscheck_figures *f = &v->cur.report.profiler;
	const struct occ_result *r = &v->cur.r;

	for (int i = 0; i < OCC_N_FACTORS; i++) {
		int limit = r->block_limit[i] == OCC_UNLIMITED ? -1 : r->block_limit[i];

		if (f->limits[i].present && limit > v->cur.gpu.arch.max_blocks_per_sm &&
		    f->limits[i].value == v->cur.gpu.arch.max_blocks_per_sm)
			return true;
	}
	return false;
}

/* A kernel read from a binary or a compiler's log: where, the compiler's
 * figures that are no launch field, and what occview took for the launch
 * where nothing said (binary_launch.h). */
static void binary_rows(struct out *o, const struct analysis *a)
{
	const struct report_binary *b = a->compiled->binary;
	const struct engine_words *e = engine_words(&a->gpu.arch);
	struct items it = { .n = 0 };

	if (b->arch[0])
		table_item(&it, CANVAS_NORMAL, "%s %s", b->arch, b->container);
	else
		table_item(&it, CANVAS_NORMAL, "%s", b->container);
	if (!b->from_log)
		table_item(&it, CANVAS_NORMAL, "at byte %llu%s%s", (unsigned long long)b->offset,
			 b->compression[0] ? ", " : "", b->compression);
	if (b->frame_bytes.present)
		table_item(&it, CANVAS_NORMAL, "stack frame %lld B", (long long)b->frame_bytes.value);
	if (b->spill_store_bytes.present && b->spill_load_bytes.present)
		table_item(&it, b->spill_store_bytes.value > 0 ? CANVAS_WARNING : CANVAS_NORMAL,
			 "spills %lld B stored, %lld B loaded",
			 (long long)b->spill_store_bytes.value, (long long)b->spill_load_bytes.value);
	if (b->req_threads[0].present)
		table_item(&it, CANVAS_NORMAL, "requires %s of %lldx%lldx%lld", e->a_block,
			 (long long)b->req_threads[0].value, (long long)b->req_threads[1].value,
			 (long long)b->req_threads[2].value);
	else if (b->max_threads[0].present)
		table_item(&it, CANVAS_NORMAL, "bounded to %lld %s per %s",
			 (long long)(b->max_threads[0].value * b->max_threads[1].value *
				     b->max_threads[2].value), e->threads, e->block);
	table_item_rows(o, 2, LABEL_W, CANVAS_NORMAL, "Compiled", &it, ", ");
	if (!a->assumed)
		return;
	it.n = 0;
	if (a->assumed & PARAM_BIT(PARAM_BLOCK))
		table_item(&it, CANVAS_DIM, "the %s size with the most resident %s "
			 "(no bound in the %s)", e->block, e->threads,
			 b->from_log ? "compiler's log" : "binary");
	if ((a->assumed & PARAM_BIT(PARAM_GRID)) && a->r.active_blocks_per_sm > 0)
		table_item(&it, CANVAS_DIM, "a grid of one full wave");
	else if (a->assumed & PARAM_BIT(PARAM_GRID))
		table_item(&it, CANVAS_DIM, "a grid of one %s (none fits)", e->block);
	if (a->assumed & PARAM_BIT(PARAM_DYNAMIC_SMEM))
		table_item(&it, CANVAS_DIM, "no dynamic %s", e->smem);
	table_item_rows(o, 2, LABEL_W, CANVAS_NORMAL, "Assumed", &it, "; ");
}

/* A kernel record's own figures: the device as reported, the duration and
 * the cross-check with the profiler's own limits (the disagreements
 * themselves are findings), and the launch values inferred from them.
 * Nothing for a launch. */
static void sec_report(struct out *o, const struct view *v)
{
	const struct crosscheck_record *p = &v->cur.report;
	const struct crosscheck *c = &p->check;
	const char *units = gpu_units(&v->cur.gpu.arch);
	struct items it = { .n = 0 };
	int n = crosscheck_count(c->compared), bad = crosscheck_count(c->disagree);

	if (!p->present)
		return;
	table_put(o, 0, CANVAS_HEADER, "Report");
	o->y++;
	if (v->cur.compiled)
		binary_rows(o, &v->cur);
	/* The report names no GPU: the one in use, and who chose it (the
	 * same words in the explorer and in --print). */
	if (!p->device[0] && p->gpu_chosen_by != CROSSCHECK_GPU_REPORT && v->cur.gpu.name[0])
		table_item(&it, CANVAS_NORMAL, "%s (%s; the report names none)", v->cur.gpu.name,
			   p->gpu_chosen_by == CROSSCHECK_GPU_FLAG ? "--gpu" : "picked");
	else if (p->device[0] && p->sm_count.present)
		table_item(&it, CANVAS_NORMAL, "%s, %lld %s", p->device, (long long)p->sm_count.value,
			 units);
	else if (p->device[0])
		table_item(&it, CANVAS_NORMAL, "%s", p->device);
	else if (p->sm_count.present)
		table_item(&it, CANVAS_NORMAL, "%lld %s", (long long)p->sm_count.value, units);
	else if (p->gpu_source == REPORT_GPU_FIRST && v->cur.gpu.name[0]) {
		/* only the architecture: the database's device for it stands in */
		const struct engine_words *e = engine_words(&v->cur.gpu.arch);
		char cc[16];

		gpu_arch_cc_string(&v->cur.gpu.arch, cc, sizeof(cc));
		table_item(&it, CANVAS_DIM, "n/a: the report gives %s%s%s only; %s stands in "
			   "(--gpu NAME)", e->arch_short, e->arch_short[0] ? " " : "", cc,
			   v->cur.gpu.name);
	} else {
		table_item(&it, CANVAS_DIM, "n/a");
	}
	if (p->device_unknown)
		table_item(&it, CANVAS_WARNING, "not in the GPU database");
	if (p->db_sm_count > 0)
		table_item(&it, CANVAS_WARNING, "the database says %d", p->db_sm_count);
	if (p->dropped & MEASURED_DEVICE)
		table_item(&it, CANVAS_DIM, "not this what-if's GPU");
	table_item_rows(o, 2, LABEL_W, CANVAS_NORMAL, "Device", &it, ", ");
	it.n = 0;
	if (p->duration_ns.present)
		table_item(&it, CANVAS_NORMAL, "%.0f ns", p->duration_ns.value);
	else
		table_item(&it, CANVAS_DIM, "n/a");
	if (p->duration_ns.present && (p->dropped & MEASURED_ACHIEVED))
		table_item(&it, CANVAS_DIM, "of the launch as loaded");
	table_item_rows(o, 2, LABEL_W, CANVAS_NORMAL, "Duration", &it, ", ");
	it.n = 0;
	if (p->changed)
		table_item(&it, CANVAS_DIM, "not done: a what-if of the measured launch");
	else if (n == 0)
		table_item(&it, CANVAS_DIM, "n/a: the report has no occupancy figures of its own");
	else if (bad == 0)
		table_item(&it, CANVAS_GOOD, "agrees with %s on %d value%s",
			 report_profiler_name((enum report_profiler)p->figures_by), n,
			 n == 1 ? "" : "s");
	else
		table_item(&it, CANVAS_WARNING, "%d of %d values disagree (the findings say which)",
			 bad, n);
	if (!p->changed && n > 0 && capped_shown(v))
		table_item(&it, CANVAS_DIM, "its limits capped at %d blocks where its version caps "
			 "them", v->cur.gpu.arch.max_blocks_per_sm);
	table_item_rows(o, 2, LABEL_W, CANVAS_NORMAL, "Cross-check", &it, ", ");
	if (p->inferred.params && !p->changed) {
		const struct report_inferred *inf = &p->inferred;

		char range[48];

		it.n = 0;
		if (inf->params & PARAM_BIT(PARAM_REGISTERS))
			table_item(&it, CANVAS_DIM, "registers %s",
				 table_range_text(&inf->registers, "", range, sizeof(range)));
		if (inf->params & (PARAM_BIT(PARAM_STATIC_SMEM) | PARAM_BIT(PARAM_DYNAMIC_SMEM)))
			table_item(&it, CANVAS_DIM, "shared memory %s",
				 table_range_text(&inf->smem_bytes, " B", range, sizeof(range)));
		if (inf->params & PARAM_BIT(PARAM_BARRIERS))
			table_item(&it, CANVAS_DIM, "barriers %s",
				 table_range_text(&inf->barriers, "", range, sizeof(range)));
		table_item(&it, CANVAS_DIM, "from the report's block limits (the most used)");
		table_item_rows(o, 2, LABEL_W, CANVAS_NORMAL, "Inferred", &it, ", ");
	}
}

/* The engine's rows (engine_facts.h) as the table's items. */
static void fact_rows(struct out *o, const struct engine_facts *f)
{
	static const enum canvas_role role[] = {
		[ENGINE_FACT_NORMAL] = CANVAS_NORMAL, [ENGINE_FACT_DIM] = CANVAS_DIM,
		[ENGINE_FACT_WARNING] = CANVAS_WARNING,
	};

	for (int i = 0; i < f->n; i++) {
		struct items it = { .n = 0 };

		for (int k = 0; k < f->rows[i].n; k++)
			table_item(&it, role[f->rows[i].items[k].role], "%s", f->rows[i].items[k].text);
		table_item_rows(o, 2, LABEL_W, CANVAS_NORMAL, f->rows[i].label, &it, ", ");
	}
}

/* How the launch's resources are allocated, in its engine's rules. */
static void sec_allocation(struct out *o, const struct view *v)
{
	const struct crosscheck_record *p = &v->cur.report;
	const struct engine_fact_args args = {
		&v->cur.gpu.arch, &v->cur.in, &v->cur.r, v->base.ok ? &v->base.r : NULL,
		(p->dropped & MEASURED_SMEM_CONFIG) ? p->smem_config_bytes.value : -1,
	};
	struct engine_facts f;

	table_put(o, 0, CANVAS_HEADER, "Allocation");
	o->y++;
	engine_allocation(&args, &f);
	fact_rows(o, &f);
}

static void sec_gpu(struct out *o, const struct view *v)
{
	struct engine_facts f;

	table_put(o, 0, CANVAS_HEADER, "GPU limits");
	o->y++;
	engine_gpu_limits(&v->cur.gpu.arch, &f);
	fact_rows(o, &f);
}

/* --- layout ------------------------------------------------------------- */

enum section {
	SEC_HEADER, SEC_OCCUPANCY, SEC_LIMITS, SEC_WAVES, SEC_REFERENCE, SEC_GPUS, SEC_REPORT,
	SEC_ALLOCATION, SEC_GPU, N_SECTIONS
};

static void (*const sections[N_SECTIONS])(struct out *, const struct view *) = {
	table_sec_header, table_sec_occupancy, table_sec_limits, sec_waves, sec_reference, sec_gpus, sec_report,
	sec_allocation, sec_gpu,
};

static const char more_note[] = "(more at a larger size)";

/* The pane's own state: the sections' measured rows at the widths last
 * laid out, while the view stays the same (a layout measures each section
 * before it draws, and --print asks height() first). */
enum { MEMO_WIDTHS = 4 };

struct table_pane {
	struct pane base;
	unsigned long generation;
	struct {
		int w;                   /* 0: unused */
		int rows[N_SECTIONS];    /* -1: not measured yet */
	} memo[MEMO_WIDTHS];
	int next;                        /* the entry a new width takes */
};

static int measure(struct table_pane *tp, enum section s, int w, const struct view *v)
{
	struct out o = { .c = NULL, .x = 0, .w = w, .y = 0, .y_end = 0 };
	int i;

	if (tp->generation != v->generation) {
		memset(tp->memo, 0, sizeof(tp->memo));
		tp->generation = v->generation;
	}
	for (i = 0; i < MEMO_WIDTHS && tp->memo[i].w != w; i++)
		;
	if (i == MEMO_WIDTHS) {
		i = tp->next;
		tp->next = (tp->next + 1) % MEMO_WIDTHS;
		tp->memo[i].w = w;
		for (int k = 0; k < N_SECTIONS; k++)
			tp->memo[i].rows[k] = -1;
	}
	if (tp->memo[i].rows[s] < 0) {
		sections[s](&o, v);
		tp->memo[i].rows[s] = o.y;
	}
	return tp->memo[i].rows[s];
}

/* Which sections a short column keeps first: the change from a reference
 * the user chose and the GPUs compared (nothing without them), the occupancy and the limits
 * table (what limits the launch), then the header (the parameters above
 * the panes say the GPU and launch too), then the rest in order. */
static const enum section priority[N_SECTIONS] = {
	SEC_REFERENCE, SEC_GPUS, SEC_OCCUPANCY, SEC_LIMITS, SEC_HEADER, SEC_WAVES, SEC_REPORT,
	SEC_ALLOCATION, SEC_GPU,
};

/* The header in one row, where the whole one gives way: the kernel, the
 * GPU and its SMs, ellipsized. */
static void sec_title(struct out *o, const struct view *v)
{
	const struct analysis *a = &v->cur;
	char raw[600], text[700];

	snprintf(raw, sizeof(raw), "%s on %s, %d %s%s", a->launch.kernel[0] ? a->launch.kernel : "(unnamed)",
		 a->gpu.name, a->gpu.sm_count, gpu_unit(&a->gpu.arch), a->gpu.sm_count == 1 ? "" : "s");
	str_sanitize(raw, text, sizeof(text));
	table_put(o, 0, CANVAS_HEADER, text);
	o->y++;
}

/* The sections of first..last-1 that fit in rows, chosen in priority order
 * (a section that does not fit gives way, smaller ones after it may still
 * come); keep[s] says which. Returns the rows they take. */
static int choose(const int *h, int first, int last, int rows, bool *keep)
{
	int sum = 0;

	for (int i = 0; i < N_SECTIONS; i++) {
		int s = priority[i];

		keep[s] = false;
		if (s < first || s >= last || sum + h[s] > rows)
			continue;
		keep[s] = true;
		sum += h[s];
	}
	return sum;
}

/* One column: the sections first..last-1 that fit, essentials first
 * (priority), drawn in their own order; a blank row between sections where
 * rows are to spare, a one-row title where the header gave way, and the
 * note at the foot if a section was left out. */
static void column(struct table_pane *tp, struct canvas *c, struct rect col, const struct view *v,
		   int first, int last)
{
	int h[N_SECTIONS] = { 0 }, sum, gaps, shown = 0;
	bool keep[N_SECTIONS], dropped = false, title;
	struct out o = { .c = c, .x = col.x, .w = col.w, .y = col.y, .y_end = col.y + col.h };

	for (int s = first; s < last; s++)
		h[s] = measure(tp, (enum section)s, col.w, v);
	sum = choose(h, first, last, col.h, keep);
	for (int s = first; s < last; s++)
		dropped |= !keep[s] && h[s] > 0;
	if (dropped)   /* room for the note */
		sum = choose(h, first, last, col.h - 1, keep);
	title = first == SEC_HEADER && !keep[SEC_HEADER] && sum + 1 + (dropped ? 1 : 0) <= col.h;
	gaps = col.h - sum - (dropped ? 1 : 0) - (title ? 1 : 0);
	if (title)
		sec_title(&o, v);
	for (int s = first; s < last; s++) {
		/* A section with nothing to say (no report) takes no gap either. */
		if (!keep[s] || h[s] == 0)
			continue;
		if ((shown > 0 || title) && o.y > col.y && gaps > 0) {
			o.y++;
			gaps--;
		}
		sections[s](&o, v);
		shown++;
	}
	if (dropped && col.h > 0 && col.w > 0)
		canvas_text(c, col.x, col.y + col.h - 1, col.w, CANVAS_DIM, more_note);
}

/* Wide: the right column's width (allocation and GPU limits). */
enum { COLUMN_GAP = 3 };

static int column_right_w(int w)
{
	int right = w * 2 / 5;

	return right > 80 ? 80 : right;
}

static void draw(struct pane *p, struct canvas *c, struct rect r, const struct view *v)
{
	struct table_pane *tp = (struct table_pane *)p;

	if (pane_skip(c, r, v))
		return;
	if (r.w < TWO_COLUMNS_MIN_W) {
		column(tp, c, r, v, SEC_HEADER, N_SECTIONS);
		return;
	}

	/* Wide: the GPU and launch across the top; occupancy and limits on the
	 * left, where the bars get the width; allocation and GPU limits right. */
	int head = measure(tp, SEC_HEADER, r.w, v);
	if (head + 1 >= r.h) {
		column(tp, c, r, v, SEC_HEADER, N_SECTIONS);
		return;
	}
	int right_w = column_right_w(r.w);
	struct out o = { .c = c, .x = r.x, .w = r.w, .y = r.y, .y_end = r.y + r.h };
	table_sec_header(&o, v);
	int top = head + 1;
	struct rect left = { r.x, r.y + top, r.w - right_w - COLUMN_GAP, r.h - top };
	struct rect right = { r.x + r.w - right_w, r.y + top, right_w, r.h - top };
	column(tp, c, left, v, SEC_OCCUPANCY, SEC_REPORT);
	column(tp, c, right, v, SEC_REPORT, N_SECTIONS);
}

/* The rows that show every section of first..last-1 with a blank between. */
static int column_height(struct table_pane *tp, int w, const struct view *v, int first, int last)
{
	int h = 0, n = 0;

	for (int s = first; s < last; s++) {
		int rows = measure(tp, (enum section)s, w, v);

		h += rows;
		n += rows > 0;
	}
	return h + (n > 0 ? n - 1 : 0);
}

/* What draw() needs at width w to leave nothing out. */
static int height(struct pane *p, int w, const struct view *v)
{
	struct table_pane *tp = (struct table_pane *)p;
	int left, right;

	if (!v->cur.ok)
		return 0;
	if (w < TWO_COLUMNS_MIN_W)
		return column_height(tp, w, v, SEC_HEADER, N_SECTIONS);
	left = column_height(tp, w - column_right_w(w) - COLUMN_GAP, v, SEC_OCCUPANCY, SEC_REPORT);
	right = column_height(tp, column_right_w(w), v, SEC_REPORT, N_SECTIONS);
	return measure(tp, SEC_HEADER, w, v) + 1 + (left > right ? left : right);
}

/* The sections of first..last-1 drawn from (x, y) with a blank between,
 * as column() draws them where every one fits, each formatted once; a
 * section with nothing to say takes no blank. Returns the rows. */
static int column_whole(struct canvas *c, int x, int y, int w, const struct view *v, int first,
			int last)
{
	struct out o = { .c = c, .x = x, .w = w, .y = y, .y_end = INT_MAX };
	int shown = 0;

	for (int s = first; s < last; s++) {
		int at = o.y;

		if (shown > 0)
			o.y++;
		sections[s](&o, v);
		if (o.y == at + (shown > 0)) {
			o.y = at;
			continue;
		}
		shown++;
	}
	return o.y - y;
}

/* --print: the layout draw() makes at height()'s rows, each section
 * formatted once instead of measured and then drawn. */
static int print(struct pane *p, struct canvas *c, int x, int y, int w, const struct view *v)
{
	struct out o = { .c = c, .x = x, .w = w, .y = y, .y_end = INT_MAX };
	int right_w = column_right_w(w), top, left, right;

	(void)p;
	if (!v->cur.ok)
		return 0;
	if (w < TWO_COLUMNS_MIN_W)
		return column_whole(c, x, y, w, v, SEC_HEADER, N_SECTIONS);
	table_sec_header(&o, v);
	top = o.y - y + 1;
	left = column_whole(c, x, y + top, w - right_w - COLUMN_GAP, v, SEC_OCCUPANCY, SEC_REPORT);
	right = column_whole(c, x + w - right_w, y + top, right_w, v, SEC_REPORT, N_SECTIONS);
	return top + (left > right ? left : right);
}

static const struct pane_class table_class = {
	.name = "table",
	.title = "Occupancy",
	.draw = draw,
	.height = height,
	.print = print,
};

struct pane *pane_table_new(void)
{
	struct table_pane *p = calloc(1, sizeof(*p));

	if (!p)
		return NULL;
	p->base.cls = &table_class;
	/* No view has this generation yet. */
	p->generation = (unsigned long)-1;
	return &p->base;
}
