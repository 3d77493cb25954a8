/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* pane_table.c - the occupancy table: the GPU and launch, active blocks, warps
 * and threads, the block limit and utilization bar of every factor, the
 * allocations and the GPU's limits, with the baseline's figures beside them. */
#include "config.h"

#include "pane.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "browser.h"
#include "compare.h"
#include "engine.h"
#include "print.h"
#include "strutil.h"

enum {
	TWO_COLUMNS_MIN_W = 110,  /* from this width, two columns */
	LABEL_W = 15,             /* "Shared memory  " in allocation and GPU limits */
	MIN_BAR_W = 4,            /* narrower than this, no bar at all */
	ITEM_MAX = 160,
	MAX_ITEMS = 12,
};

/* Where a section draws: a column of the pane's rectangle and a row cursor.
 * c NULL measures: the same code runs and only y advances, so the height used
 * for the layout is the height drawn. */
struct out {
	struct canvas *c;
	int x, w;        /* the column */
	int y;           /* the next row */
	int y_end;       /* rows from here on are outside the pane */
};

struct item {
	char text[ITEM_MAX];   /* sanitized */
	enum canvas_role role;
};

struct items {
	struct item it[MAX_ITEMS];
	int n;
};

/* Display cells of sanitized UTF-8, as the canvas draws them (wide
 * characters take two). */
static int text_cells(const char *s)
{
	return (int)str_display_width(s);
}

/* Text at column dx of the current row; where it does not fit in the
 * column, it ends in an ellipsis at the column's right edge. */
static int put(struct out *o, int dx, enum canvas_role role, const char *text)
{
	int n = text_cells(text);

	if (dx < 0 || dx >= o->w)
		return 0;
	if (n > o->w - dx)
		n = o->w - dx;
	if (o->c && o->y < o->y_end)
		canvas_text_fit(o->c, o->x + dx, o->y, n, role, false, text);
	return n;
}

__attribute__((format(printf, 4, 5)))
static int putf(struct out *o, int dx, enum canvas_role role, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	return put(o, dx, role, buf);
}

static void put_glyph(struct out *o, int dx, uint32_t glyph, enum canvas_role role)
{
	if (o->c && dx >= 0 && dx < o->w && o->y < o->y_end)
		canvas_put(o->c, o->x + dx, o->y, glyph, role);
}

__attribute__((format(printf, 3, 4)))
static void add_item(struct items *l, enum canvas_role role, const char *fmt, ...)
{
	char raw[ITEM_MAX];
	va_list ap;

	if (l->n == MAX_ITEMS)
		return;
	va_start(ap, fmt);
	vsnprintf(raw, sizeof(raw), fmt, ap);
	va_end(ap);
	str_sanitize(raw, l->it[l->n].text, sizeof(l->it[l->n].text));
	l->it[l->n].role = role;
	l->n++;
}

/* Where put_line writes the lines of an item wrapped at its words. */
struct item_wrap {
	struct out *o;
	int x0, x;       /* the rows' start; where the last line ended */
	enum canvas_role role;
	int lines;
};

static void put_line(void *ctx, const char *s, size_t len)
{
	struct item_wrap *w = ctx;
	char line[ITEM_MAX];

	if (w->lines++ > 0)
		w->o->y++;
	snprintf(line, sizeof(line), "%.*s", (int)len, s);
	w->x = w->x0 + put(w->o, w->x0, w->role, line);
}

/* A label and its items joined by sep, wrapped at item boundaries to further
 * rows that start under the first item; an item wider than a row wraps at
 * its own words (str_wrap), never cut. */
static void item_rows(struct out *o, int indent, int label_w, enum canvas_role label_role,
		      const char *label, const struct items *l, const char *sep)
{
	int x0 = indent + label_w, x = x0, sep_w = text_cells(sep);

	put(o, indent, label_role, label);
	for (int i = 0; i < l->n; i++) {
		int w = text_cells(l->it[i].text);
		if (i > 0) {
			if (x + sep_w + w > o->w && x > x0) {
				/* The separator's punctuation stays on the row it ends. */
				char punct[8];
				snprintf(punct, sizeof(punct), "%.*s", (int)strcspn(sep, " "), sep);
				put(o, x, CANVAS_NORMAL, punct);
				o->y++;
				x = x0;
			} else {
				x += put(o, x, CANVAS_NORMAL, sep);
			}
		}
		if (x + w > o->w && x == x0 && o->w > x0) {
			struct item_wrap iw = { o, x0, x0, l->it[i].role, 0 };

			str_wrap(l->it[i].text, 0, o->w - x0, put_line, &iw);
			x = iw.x;
			continue;
		}
		x += put(o, x, l->it[i].role, l->it[i].text);
	}
	o->y++;
}

/* --- the pieces of text --------------------------------------------------- */

static void dims_text(const char *what, const int64_t d[3], int64_t total, char *buf, size_t size)
{
	if (d[1] == 1 && d[2] == 1)
		snprintf(buf, size, "%s %lld", what, (long long)total);
	else if (d[2] == 1)
		snprintf(buf, size, "%s %lldx%lld (%lld)", what, (long long)d[0], (long long)d[1],
			 (long long)total);
	else
		snprintf(buf, size, "%s %lldx%lldx%lld (%lld)", what, (long long)d[0], (long long)d[1],
			 (long long)d[2], (long long)total);
}

/* A what-if of a report's record: what the report measured is of another
 * launch (the session says which, cur.report.changed). */
static bool is_whatif(const struct view *v)
{
	return v->cur.report.present && v->cur.report.changed != 0;
}

static enum canvas_role delta_role(double delta)
{
	return delta > 0 ? CANVAS_GOOD : delta < 0 ? CANVAS_WARNING : CANVAS_NORMAL;
}

/* --- sections, in the order they give way when rows run out ---------------- */

/* AMD: the same header in AMD's words. */
static void amd_header(struct out *o, const struct view *v)
{
	const struct analysis *a = &v->cur;
	const struct launch *l = &a->launch;
	const struct amd_arch *m = &a->gpu.arch.amd;
	struct items it = { .n = 0 };
	char buf[96];
	int64_t block[3] = { l->block[0], l->block[1], l->block[2] };

	add_item(&it, CANVAS_HEADER, "%s", l->kernel[0] ? l->kernel : "(unnamed)");
	if (m->wgp_mode)
		add_item(&it, CANVAS_NORMAL, "on %s (%s, %s), %d WGPs (%d CUs), WGP mode", a->gpu.name,
			 m->target, m->family, a->gpu.sm_count, a->gpu.sm_count * amd_cus_per_unit(m));
	else
		add_item(&it, CANVAS_NORMAL, "on %s (%s, %s), %d CU%s", a->gpu.name, m->target,
			 m->family, a->gpu.sm_count, a->gpu.sm_count == 1 ? "" : "s");
	item_rows(o, 0, 8, CANVAS_NORMAL, "Kernel", &it, " ");

	it.n = 0;
	dims_text("grid", l->grid, launch_grid_size(l), buf, sizeof(buf));
	add_item(&it, CANVAS_NORMAL, "%s", buf);
	dims_text("workgroup", block, launch_threads_per_block(l), buf, sizeof(buf));
	add_item(&it, CANVAS_NORMAL, "%s", buf);
	if (l->wave_size)
		add_item(&it, CANVAS_NORMAL, "wave%d", a->r.amd.wave_size);
	else
		add_item(&it, CANVAS_NORMAL, "wave%d (%s's default)", a->r.amd.wave_size, m->target);
	add_item(&it, CANVAS_NORMAL, "%d %s", l->regs_per_thread, m->vliw ? "GPRs" : "VGPRs");
	if (l->agprs > 0)
		add_item(&it, CANVAS_NORMAL, "%d AGPRs", l->agprs);
	/* 0: not given (rocprofv3's kernel trace, a launch file without it) */
	if (l->sgprs > 0)
		add_item(&it, CANVAS_NORMAL, "%d SGPRs", l->sgprs);
	else if (a->gpu.arch.amd.sgprs_per_simd > 0)
		add_item(&it, CANVAS_NORMAL, "SGPRs not given");
	add_item(&it, CANVAS_NORMAL, "LDS %lld B", (long long)launch_smem_per_block_bytes(l));
	item_rows(o, 0, 8, CANVAS_NORMAL, "Launch", &it, ", ");
}

/* An inferred range: "81-96", or "7" where it is one value. */
static const char *range_text(const struct report_range *r, const char *unit, char *buf,
			      size_t size)
{
	if (r->lo == r->hi)
		snprintf(buf, size, "%d%s", r->lo, unit);
	else
		snprintf(buf, size, "%d-%d%s", r->lo, r->hi, unit);
	return buf;
}

/* Whether any of params (PARAM_BIT) of the launch shown was inferred from
 * the profiler's own limits and is still the record's (not a what-if's). */
static bool inferred(const struct view *v, unsigned params)
{
	const struct crosscheck_record *p = &v->cur.report;

	return p->present && (p->inferred.params & params & ~p->changed) != 0;
}

static void sec_header(struct out *o, const struct view *v)
{
	const struct analysis *a = &v->cur;
	const struct launch *l = &a->launch;
	struct items it = { .n = 0 };
	char cc[16], buf[96];
	int64_t block[3] = { l->block[0], l->block[1], l->block[2] };

	/* AMD's launch: wave size, VGPRs, AGPRs, SGPRs, LDS. */
	if (engine_of(&a->gpu.arch)->wave_limits) {
		amd_header(o, v);
		return;
	}
	gpu_arch_cc_string(&a->gpu.arch, cc, sizeof(cc));
	add_item(&it, CANVAS_HEADER, "%s", l->kernel[0] ? l->kernel : "(unnamed)");
	add_item(&it, CANVAS_NORMAL, "on %s (%s, cc %s, %s), %d SM%s", a->gpu.name, a->gpu.arch.arch,
		 cc, a->gpu.arch.family, a->gpu.sm_count, a->gpu.sm_count == 1 ? "" : "s");
	item_rows(o, 0, 8, CANVAS_NORMAL, "Kernel", &it, " ");

	it.n = 0;
	dims_text("grid", l->grid, launch_grid_size(l), buf, sizeof(buf));
	add_item(&it, CANVAS_NORMAL, "%s", buf);
	dims_text("block", block, launch_threads_per_block(l), buf, sizeof(buf));
	add_item(&it, CANVAS_NORMAL, "%s", buf);
	/* A value inferred from the profiler's limits is dim and says so. */
	if (inferred(v, PARAM_BIT(PARAM_REGISTERS)))
		add_item(&it, CANVAS_DIM, "%d registers (inferred, %s)", l->regs_per_thread,
			 range_text(&v->cur.report.inferred.registers, "", buf, sizeof(buf)));
	else
		add_item(&it, CANVAS_NORMAL, "%d registers", l->regs_per_thread);
	if (l->static_smem_bytes == 0 && l->dynamic_smem_bytes == 0)
		add_item(&it, CANVAS_NORMAL, "no shared memory");
	if (l->static_smem_bytes > 0)
		add_item(&it, CANVAS_NORMAL, "static smem %lld B", (long long)l->static_smem_bytes);
	if (l->dynamic_smem_bytes > 0)
		add_item(&it, CANVAS_NORMAL, "dynamic smem %lld B", (long long)l->dynamic_smem_bytes);
	if (inferred(v, PARAM_BIT(PARAM_STATIC_SMEM) | PARAM_BIT(PARAM_DYNAMIC_SMEM)))
		add_item(&it, CANVAS_DIM, "(shared memory inferred, %s)",
			 range_text(&v->cur.report.inferred.smem_bytes, " B", buf, sizeof(buf)));
	if (l->carveout_pct != LAUNCH_CARVEOUT_DEFAULT)
		add_item(&it, CANVAS_NORMAL, "carveout %d%%", l->carveout_pct);
	if (l->cache_config != LAUNCH_CACHE_NONE)
		add_item(&it, CANVAS_NORMAL, "prefer %s", launch_cache_config_name(l->cache_config));
	add_item(&it, inferred(v, PARAM_BIT(PARAM_BARRIERS)) ? CANVAS_DIM : CANVAS_NORMAL,
		 "%d barrier%s%s", l->barriers, l->barriers == 1 ? "" : "s",
		 inferred(v, PARAM_BIT(PARAM_BARRIERS)) ? " (inferred)" : "");
	if (l->cluster_size > 0)
		add_item(&it, CANVAS_NORMAL, "clusters of %d", l->cluster_size);
	item_rows(o, 0, 8, CANVAS_NORMAL, "Launch", &it, ", ");
}

enum { OCC_LABEL_W = 23, OCC_VALUE_W = 16 };

/* One figure of the occupancy block: its label, value and, where the baseline
 * differs, the baseline's value and the change, coloured as gain or loss;
 * else the profiler's own figure (note) where it has one. */
static void occ_row(struct out *o, const char *label, const char *value, const char *base,
		    const char *delta, enum canvas_role delta_r, const char *note)
{
	put(o, 0, CANVAS_NORMAL, label);
	put(o, OCC_LABEL_W, CANVAS_NORMAL, value);
	if (base)
		putf(o, OCC_LABEL_W + OCC_VALUE_W, delta_r, "(baseline %s, %s)", base, delta);
	else if (note && note[0])
		put(o, OCC_LABEL_W + OCC_VALUE_W, CANVAS_DIM, note);
	o->y++;
}

/* The profiler's own figure beside occview's, for the launch it measured:
 * "(report 8)". "" when it has none, or the launch shown is a what-if. */
static void report_note(const struct view *v, const struct report_num *f, const char *fmt,
			char *buf, size_t size)
{
	const struct crosscheck_record *p = &v->cur.report;

	buf[0] = '\0';
	if (p->present && !p->changed && f->present)
		snprintf(buf, size, fmt, f->value);
}

static void occ_count_row(struct out *o, const struct view *v, const char *label, int cur,
			  int base, int of, bool coloured, const char *note)
{
	char val[48], b[24], d[24];

	if (of > 0)
		snprintf(val, sizeof(val), "%6d of %d", cur, of);
	else
		snprintf(val, sizeof(val), "%6d", cur);
	if (!v->base.ok || base == cur) {
		occ_row(o, label, val, NULL, NULL, CANVAS_NORMAL, note);
		return;
	}
	snprintf(b, sizeof(b), "%d", base);
	snprintf(d, sizeof(d), "%+d", cur - base);
	occ_row(o, label, val, b, d, coloured ? delta_role(cur - base) : CANVAS_NORMAL, NULL);
}

/* Thread-block clusters (cc 9.0+), where the launch has one or the report
 * gives Nsight Compute's cluster figures: max active clusters and cluster
 * occupancy (a range where the GPC layout is not known exactly, "<=" where
 * only the most is), the largest cluster, and the report's own figures. */
static void cluster_rows(struct out *o, const struct view *v)
{
	const struct cluster_result *cl = &v->cur.cl;
	const struct crosscheck_record *p = &v->cur.report;
	const struct crosscheck_figures *prof = &p->profiler;
	bool own = p->present && !p->changed;
	char val[48], note[64] = "";

	if (!v->cur.ok || !cl->applies ||
	    (cl->cluster_size == 0 && !(own && prof->cluster_max_size.present)))
		return;
	if (cl->cluster_size > 0) {
		char t[32];

		cluster_active_text(cl, t, sizeof(t));
		snprintf(val, sizeof(val), "%6s", t);
		if (own && prof->cluster_max_active.present)
			snprintf(note, sizeof(note), "(report %lld)",
				 (long long)prof->cluster_max_active.value);
		else if (cl->bound != CLUSTER_EXACT)
			snprintf(note, sizeof(note), "(GPC layout not known exactly)");
		occ_row(o, "Max active clusters", val, NULL, NULL, CANVAS_NORMAL, note);
		if (cl->bound == CLUSTER_RANGE)
			snprintf(t, sizeof(t), "%.1f-%.1f%%", cl->occupancy_pct_min,
				 cl->occupancy_pct_max);
		else
			snprintf(t, sizeof(t), "%s%.1f%%", cl->bound == CLUSTER_UPPER ? "<=" : "",
				 cl->occupancy_pct_max);
		snprintf(val, sizeof(val), "%7s", t);
		note[0] = '\0';
		if (own && prof->cluster_occupancy_pct.present)
			snprintf(note, sizeof(note), "(report %.2f%%)",
				 prof->cluster_occupancy_pct.value);
		occ_row(o, "Cluster occupancy", val, NULL, NULL, CANVAS_NORMAL, note);
	}
	snprintf(val, sizeof(val), "%6d", cl->max_size_portable);
	note[0] = '\0';
	if (own && prof->cluster_max_size.present)
		snprintf(note, sizeof(note), "(report %lld; non-portable %d)",
			 (long long)prof->cluster_max_size.value, cl->max_size_nonportable_max);
	else
		snprintf(note, sizeof(note), "(non-portable %d)", cl->max_size_nonportable_max);
	occ_row(o, "Max cluster size", val, NULL, NULL, CANVAS_NORMAL, note);
}

/* "Blocks per SM", or where that is wider than width "Workgroups/WGP". */
static const char *per_unit(const char *what, const char *unit, int width, char *buf, size_t size)
{
	snprintf(buf, size, "%s per %s", what, unit);
	if ((int)strlen(buf) > width)
		snprintf(buf, size, "%s/%s", what, unit);
	return buf;
}

static void sec_occupancy(struct out *o, const struct view *v)
{
	const struct occ_result *r = &v->cur.r, *br = &v->base.r;
	const struct engine *e = engine_of(&v->cur.gpu.arch);
	const struct engine_words *ew = engine_words(&v->cur.gpu.arch);
	char label[32];
	const struct crosscheck_figures *prof = &v->cur.report.profiler;
	char val[48], b[24], d[24], note[48];
	double delta;

	/* More blocks is no gain in itself (smaller blocks give more), so only
	 * warps, threads and occupancy are coloured. */
	if (e->wave_limits) {
		snprintf(label, sizeof(label), "%s per %s", ew->Blocks, ew->unit);
		occ_count_row(o, v, label, r->active_blocks_per_sm, br->active_blocks_per_sm, 0, false,
			      NULL);
		/* CodeXL's occupancy is these waves over the CU's slots, not
		 * LLVM's waves per SIMD below: its figure shows here. */
		report_note(v, &prof->theoretical_pct, "(report %.2f%%)", note, sizeof(note));
		snprintf(label, sizeof(label), "%s per %s", ew->Warps, ew->unit);
		occ_count_row(o, v, label, r->active_warps_per_sm, br->active_warps_per_sm,
			      r->max_warps_per_sm, true, note);
		/* A VLIW CU is one SIMD engine: its waves are the CU's. */
		if (e->simd_waves)
			occ_count_row(o, v, "Waves per SIMD", r->amd.fits ? r->amd.waves_per_simd : 0,
				      br->amd.fits ? br->amd.waves_per_simd : 0,
				      r->amd.max_waves_per_simd, true, NULL);
		/* LLVM's figure above counts registers per wave; whole workgroups
		 * may use less of that room (findings: amd_workgroup_packing). */
		if (r->amd.fits && r->amd.resident_waves_per_simd < r->amd.waves_per_simd)
			occ_count_row(o, v, "  in whole workgroups", r->amd.resident_waves_per_simd,
				      br->amd.resident_waves_per_simd, r->amd.max_waves_per_simd, true,
				      NULL);
	} else {
		occ_count_row(o, v, "Active blocks per SM", r->active_blocks_per_sm,
			      br->active_blocks_per_sm, 0, false, NULL);
		report_note(v, &prof->active_warps, "(report %.2f)", note, sizeof(note));
		occ_count_row(o, v, "Active warps per SM", r->active_warps_per_sm,
			      br->active_warps_per_sm, r->max_warps_per_sm, true, note);
		occ_count_row(o, v, "Active threads per SM", r->active_threads_per_sm,
			      br->active_threads_per_sm, v->cur.gpu.arch.max_threads_per_sm, true, NULL);
	}

	snprintf(val, sizeof(val), "%6.1f%%", r->theoretical_occupancy_pct);
	delta = r->theoretical_occupancy_pct - br->theoretical_occupancy_pct;
	snprintf(b, sizeof(b), "%.1f%%", br->theoretical_occupancy_pct);
	snprintf(d, sizeof(d), "%+.1f", delta);
	/* Equal as printed is equal: no "(baseline 50.0%, +0.0)". */
	note[0] = '\0';
	if (!e->wave_limits)
		report_note(v, &prof->theoretical_pct, "(report %.2f%%)", note, sizeof(note));
	if (!v->base.ok || strcmp(d, "+0.0") == 0 || strcmp(d, "-0.0") == 0)
		occ_row(o, "Theoretical occupancy", val, NULL, NULL, CANVAS_NORMAL, note);
	else
		occ_row(o, "Theoretical occupancy", val, b, d, delta_role(delta), NULL);
	cluster_rows(o, v);

	put(o, 0, CANVAS_NORMAL, "Achieved occupancy");
	if (v->measured.has_achieved) {
		int w = putf(o, OCC_LABEL_W, CANVAS_NORMAL, "%6.1f%%", v->measured.achieved_pct);
		const char *from = v->cur.report.achieved_from;
		const char *formula = v->cur.report.achieved_sq ? REPORT_SQ_OCCUPANCY_FORMULA : NULL;

		/* The profiler measured the launch as loaded, not the one shown;
		 * a joined figure says which file it came from, a computed one
		 * which counters. */
		putf(o, OCC_LABEL_W + (w < OCC_VALUE_W ? OCC_VALUE_W : w + 1), CANVAS_DIM,
		     "(measured%s%s%s%s%s)", from ? ", from " : "", from ? str_base_name(from) : "",
		     formula ? ", from " : "", formula ? "SQ counters" : "",
		     is_whatif(v) ? ", of the launch as loaded" : "");
	} else {
		put(o, OCC_LABEL_W, CANVAS_DIM, "   n/a");
	}
	o->y++;
}

/* The fifth factor does not limit: barriers before cc 9.0, or on AMD (where
 * it stands for SGPRs) a target whose SGPRs never limit. */
static const char *not_counted(const struct analysis *a, enum occ_factor f)
{
	const struct gpu_arch *g = &a->gpu.arch;

	if (f != OCC_BARRIERS)
		return NULL;
	if (!engine_of(g)->wave_limits)
		return g->barriers_per_sm == 0 ? "not a limit before cc 9.0" : NULL;
	if (g->amd.vliw)
		return "none: VLIW work-items have only GPRs";
	if (g->amd.sgprs_per_simd == 0)
		return "do not limit on this target";
	/* 0 is a count not given (every real kernel has VCC), not zero. */
	return a->in.sgprs == 0 ? "not given: not counted (--sgprs N)" : NULL;
}

/* Cells of a bar of width w for used and used + idle: cumulative rounding so
 * the three parts add up to w, and a part that is not zero gets a cell. */
static void bar_split(const struct occ_usage *u, int w, int *n_used, int *n_used_idle)
{
	int64_t t = u->total;
	int a, b;

	if (t <= 0 || w <= 0) {
		*n_used = *n_used_idle = 0;
		return;
	}
	a = (int)((u->used * w + t / 2) / t);
	b = (int)(((u->used + u->idle) * w + t / 2) / t);
	if (u->used > 0 && a == 0)
		a = 1;
	if (u->idle > 0 && b <= a)
		b = a + 1;
	if (u->leftover > 0 && b >= w)
		b = w - 1;
	if (u->idle > 0 && u->used > 0 && a >= b)
		a = b - 1;
	if (b > w)
		b = w;
	if (b < 0)
		b = 0;
	if (a > b)
		a = b;
	if (a < 0)
		a = 0;
	*n_used = a;
	*n_used_idle = b;
}

/* Column positions of the limits table for a column width. */
struct limits_cols {
	int bar_x, bar_w;     /* bar_w 0: no bar */
	int num_x, num_w;     /* num_w 0: no numbers */
	bool all_numbers;     /* used, idle, left over, total; else used/total */
	int legend;           /* the enum legend_form in the header; -1: on a line below */
};

/* The prefix before the bars; REPORT_COL_W more where the report's own
 * limits show beside occview's. */
enum { LIM_PREFIX_W = 36, REPORT_COL_W = 7, ALL_NUMBERS_W = 40 };

/* CodeXL's waves per CU limited by the AMD factor f shows on, the
 * report's index (enum report_amd_limit), or -1: VGPRs, SGPRs and LDS on
 * their rows; its work-group limit (wave slots and work-groups per CU in
 * one) on the row of whichever of the two binds. */
static int codexl_row(const struct view *v, enum occ_factor f)
{
	const struct occ_result *r = &v->cur.r;
	bool slots = r->block_limit[OCC_WARPS] < r->block_limit[OCC_BLOCKS];

	switch (f) {
	case OCC_REGISTERS:
		return REPORT_AMD_VGPR;
	case OCC_BARRIERS:
		return REPORT_AMD_SGPR;
	case OCC_SHARED_MEM:
		return REPORT_AMD_LDS;
	case OCC_WARPS:
		return slots ? REPORT_AMD_WORKGROUP : -1;
	case OCC_BLOCKS:
		return slots ? -1 : REPORT_AMD_WORKGROUP;
	case OCC_N_FACTORS:
		break;
	}
	return -1;
}

/* Whether the limits table shows the profiler's own limits: a kernel
 * record as measured that has them (NVIDIA: Nsight Compute's block limits;
 * AMD: CodeXL's waves per CU). */
static bool report_limits(const struct view *v)
{
	const struct crosscheck_record *p = &v->cur.report;

	if (!p->present || p->changed)
		return false;
	/* CodeXL's wave limits, or Nsight Compute's block limits. */
	if (engine_of_result(&v->cur.r)->wave_limits) {
		for (int i = 0; i < REPORT_AMD_N_LIMITS; i++)
			if (p->profiler.amd_waves[i].present)
				return true;
		return false;
	}
	if (!engine_of_result(&v->cur.r)->profiler_block_limits)
		return false;
	for (int f = 0; f < OCC_N_FACTORS; f++)
		if (p->profiler.limits[f].present)
			return true;
	return false;
}

/* The bar glyphs and their words: short in the table's header; on a line of
 * their own, where the header has no room, with the limiter mark and, where
 * the row is wide enough, what idle and left over mean. */
enum legend_form { LEGEND_HEADER, LEGEND_LINE, LEGEND_LINE_LONG };

static const struct {
	enum canvas_glyph g;
	enum canvas_role role;
	const char *word, *long_word;
} legend_parts[] = {
	{ CANVAS_G_FULL, CANVAS_BAR_USED, " used", " used" },
	{ CANVAS_G_IDLE, CANVAS_BAR_IDLE, " idle", " idle: another factor limits" },
	{ CANVAS_G_FREE, CANVAS_BAR_FREE, " left over", " left over: less than a block" },
};
enum { N_LEGEND = sizeof(legend_parts) / sizeof(legend_parts[0]) };
static const char legend_sep[] = "  ", legend_limits[] = "* limits  ";

static int legend_width(enum legend_form form)
{
	int w = form != LEGEND_HEADER ? text_cells(legend_limits) : 0;

	for (int i = 0; i < N_LEGEND; i++)
		w += (i > 0 ? text_cells(legend_sep) : 0) + 1 +
		     text_cells(form == LEGEND_LINE_LONG ? legend_parts[i].long_word
				: legend_parts[i].word);
	return w;
}

static struct limits_cols limits_cols(const struct view *v, int w)
{
	const struct occ_result *r = &v->cur.r;
	struct limits_cols lc = { .bar_x = LIM_PREFIX_W + (report_limits(v) ? REPORT_COL_W : 0) + 1 };
	int used_total_w = 10; /* "used/total" */

	for (int f = 0; f < OCC_N_FACTORS; f++) {
		char buf[48];
		int n = snprintf(buf, sizeof(buf), "%lld/%lld", (long long)r->usage[f].used,
				 (long long)r->usage[f].total);
		if (!not_counted(&v->cur, (enum occ_factor)f) && n > used_total_w)
			used_total_w = n;
	}
	lc.all_numbers = w - lc.bar_x - ALL_NUMBERS_W - 1 >= 20;
	lc.num_w = lc.all_numbers ? ALL_NUMBERS_W : used_total_w;
	lc.bar_w = w - lc.bar_x - lc.num_w - 1;
	if (lc.bar_w < 8) {
		lc.num_w = 0;
		lc.bar_w = w - lc.bar_x;
	}
	if (lc.bar_w < MIN_BAR_W)
		lc.bar_w = 0;
	lc.num_x = lc.bar_x + lc.bar_w + 1;
	lc.legend = lc.bar_w >= legend_width(LEGEND_LINE) ? LEGEND_LINE
		: lc.bar_w >= legend_width(LEGEND_HEADER) ? LEGEND_HEADER : -1;
	return lc;
}

static void legend(struct out *o, int x, enum legend_form form)
{
	if (form != LEGEND_HEADER)
		x += put(o, x, CANVAS_LIMITER, legend_limits);
	for (int i = 0; i < N_LEGEND; i++) {
		if (i > 0)
			x += put(o, x, CANVAS_NORMAL, legend_sep);
		put_glyph(o, x, o->c ? canvas_glyph(o->c, legend_parts[i].g) : ' ',
			  legend_parts[i].role);
		x++;
		x += put(o, x, CANVAS_NORMAL, form == LEGEND_LINE_LONG ? legend_parts[i].long_word
			 : legend_parts[i].word);
	}
}

static void bar(struct out *o, int x, int w, const struct occ_usage *u)
{
	int a, b;

	bar_split(u, w, &a, &b);
	for (int i = 0; i < w; i++) {
		enum canvas_glyph g = i < a ? CANVAS_G_FULL : i < b ? CANVAS_G_IDLE : CANVAS_G_FREE;
		enum canvas_role role = i < a ? CANVAS_BAR_USED : i < b ? CANVAS_BAR_IDLE
			: CANVAS_BAR_FREE;
		put_glyph(o, x + i, o->c ? canvas_glyph(o->c, g) : ' ', role);
	}
}

/* Why not one block fits, with the numbers that decide it. */
static void misfit_text(const struct analysis *a, char *buf, size_t size)
{
	const struct occ_result *r = &a->r;
	const struct gpu_arch *g = &a->gpu.arch;

	switch (r->misfit) {
	case OCC_MISFIT_THREADS:
		snprintf(buf, size, "No block fits: %d threads per block, the GPU allows %d.",
			 a->in.threads_per_block, g->max_threads_per_block);
		break;
	case OCC_MISFIT_REGISTERS:
		if (g->reg_alloc == GPU_REG_ALLOC_BLOCK) {
			snprintf(buf, size, "No block fits: a block needs %lld registers (allocated "
				 "to the whole block), a block may use %d.",
				 (long long)r->allocated_regs_per_block, g->regs_per_block);
			break;
		}
		snprintf(buf, size, "No block fits: a block needs %lld registers (%d per warp x %d "
			 "warps%s), a block may use %d.",
			 (long long)(r->regs_per_block_checked > r->allocated_regs_per_block
				     ? r->regs_per_block_checked : r->allocated_regs_per_block),
			 r->regs_per_warp_allocated, r->warps_per_block,
			 r->regs_per_block_checked > r->allocated_regs_per_block
			 ? ", rounded up to the warp granularity" : "", g->regs_per_block);
		break;
	case OCC_MISFIT_SHARED_MEM:
		snprintf(buf, size, "No block fits: a block allocates %lld B of shared memory, one "
			 "block can have %lld B.", (long long)r->allocated_smem_per_block,
			 (long long)(g->smem_per_block_optin_bytes + g->smem_reserved_per_block_bytes));
		break;
	case OCC_MISFIT_BARRIERS:
		snprintf(buf, size, "No block fits: a block uses %d barriers, the SM has %d.",
			 a->in.barriers, g->barriers_per_sm);
		break;
	case OCC_MISFIT_SGPRS:
		snprintf(buf, size, "No workgroup fits: %d SGPRs per wave (allocated %d), a SIMD has %d.",
			 a->in.sgprs, r->amd.sgprs_allocated, g->amd.sgprs_per_simd);
		break;
	case OCC_FITS:
		buf[0] = '\0';
		break;
	}
}

/* Text wrapped at spaces to the column from dx. */
static void wrapped(struct out *o, int dx, enum canvas_role role, const char *text)
{
	int room = o->w - dx;
	const char *p = text;

	if (room < 1)
		room = 1;
	while (*p) {
		int len = (int)strlen(p), cut = len;
		char line[512];
		if (len > room) {
			cut = room;
			while (cut > 0 && p[cut] != ' ')
				cut--;
			if (cut == 0)
				cut = room;
		}
		snprintf(line, sizeof(line), "%.*s", cut < 511 ? cut : 511, p);
		put(o, dx, role, line);
		o->y++;
		p += cut;
		while (*p == ' ')
			p++;
	}
}

/* The report's own limit of factor f, six cells wide at dx: a warning
 * where the cross-check disagrees, dim where it gave an inferred value. */
static void report_cell(struct out *o, int dx, const struct view *v, enum occ_factor f)
{
	static const enum crosscheck_field field[OCC_N_FACTORS] = {
		[OCC_WARPS] = CROSSCHECK_WARPS, [OCC_BLOCKS] = CROSSCHECK_BLOCKS,
		[OCC_REGISTERS] = CROSSCHECK_REGISTERS, [OCC_SHARED_MEM] = CROSSCHECK_SHARED_MEM,
		[OCC_BARRIERS] = CROSSCHECK_BARRIERS,
	};
	static const enum crosscheck_field amd_field[REPORT_AMD_N_LIMITS] = {
		[REPORT_AMD_VGPR] = CROSSCHECK_AMD_VGPR_WAVES,
		[REPORT_AMD_SGPR] = CROSSCHECK_AMD_SGPR_WAVES,
		[REPORT_AMD_LDS] = CROSSCHECK_AMD_LDS_WAVES,
		[REPORT_AMD_WORKGROUP] = CROSSCHECK_AMD_WORKGROUP_WAVES,
	};
	const struct crosscheck_record *p = &v->cur.report;
	const struct report_int *limit = &p->profiler.limits[f];
	enum crosscheck_field cf = field[f];
	enum canvas_role role = CANVAS_NORMAL;

	if (engine_of_result(&v->cur.r)->wave_limits) {
		int i = codexl_row(v, f);
		static const struct report_int none = { 0 };

		limit = i >= 0 ? &p->profiler.amd_waves[i] : &none;
		cf = i >= 0 ? amd_field[i] : CROSSCHECK_N_FIELDS;
	}
	if (!limit->present) {
		putf(o, dx, CANVAS_DIM, "%6s", "-");
		return;
	}
	if (cf != CROSSCHECK_N_FIELDS && crosscheck_differs(&p->check, cf))
		role = CANVAS_WARNING;
	else if (cf != CROSSCHECK_N_FIELDS && ((p->check.inferred >> cf) & 1u))
		role = CANVAS_DIM;
	putf(o, dx, role, "%6lld", (long long)limit->value);
}

static void sec_limits(struct out *o, const struct view *v)
{
	const struct occ_result *r = &v->cur.r;
	const struct gpu_arch *g = &v->cur.gpu.arch;
	struct limits_cols lc = limits_cols(v, o->w);
	bool waves = engine_of(g)->wave_limits;

	/* AMD: both limits of a factor, waves per SIMD (as LLVM and AMD's
	 * tools count occupancy) and workgroups per CU (which decide it). */
	/* CodeXL's figures are waves per CU, beside occview's per SIMD. */
	if (waves && report_limits(v))
		putf(o, 0, CANVAS_HEADER, "  %-10s %5s %4s %6s %12s", "Limit", "waves", "wgs", "rep/CU",
		     "per wg");
	else if (waves)
		putf(o, 0, CANVAS_HEADER, "  %-10s %5s %4s %12s", "Limit", "waves", "wgs", "per wg");
	else if (report_limits(v))
		putf(o, 0, CANVAS_HEADER, "  %-13s %6s %6s %13s", "Limit", "blocks", "report",
		     "per block");
	else
		putf(o, 0, CANVAS_HEADER, "  %-13s %6s %13s", "Limit", "blocks", "per block");
	if (lc.bar_w > 0 && lc.legend >= 0)
		legend(o, lc.bar_x, (enum legend_form)lc.legend);
	if (lc.num_w > 0 && lc.all_numbers)
		putf(o, lc.num_x, CANVAS_HEADER, "%9s %9s %10s %9s", "used", "idle", "left over",
		     "total");
	else if (lc.num_w > 0)
		putf(o, lc.num_x, CANVAS_HEADER, "%*s", lc.num_w, "used/total");
	o->y++;

	for (int i = 0; i < OCC_N_FACTORS; i++) {
		enum occ_factor f = (enum occ_factor)i;
		const struct occ_usage *u = &r->usage[f];
		bool lim = occ_is_limiting(r, f);
		enum canvas_role role = lim ? CANVAS_LIMITER : CANVAS_NORMAL;
		char limit[16];

		if (not_counted(&v->cur, f)) {
			if (waves)
				putf(o, 0, CANVAS_DIM, "  %-10s %5s %4s  %s", occ_label(r, f), "-", "-",
				     not_counted(&v->cur, f));
			else
				putf(o, 0, CANVAS_DIM, "  %-13s %6s  %s", occ_label(r, f), "-",
				     not_counted(&v->cur, f));
			o->y++;
			continue;
		}
		if (r->block_limit[f] == OCC_UNLIMITED)
			snprintf(limit, sizeof(limit), "none");
		else
			snprintf(limit, sizeof(limit), "%d", r->block_limit[f]);
		if (waves) {
			int wl = r->amd.wave_limit[occ_amd_factor(f)];
			char waves[16];

			if (wl == AMD_UNLIMITED)
				snprintf(waves, sizeof(waves), "none");
			else
				snprintf(waves, sizeof(waves), "%d", wl);
			if (report_limits(v)) {
				putf(o, 0, role, "%c %-10s %5s %4s", lim ? '*' : ' ', occ_label(r, f),
				     waves, limit);
				report_cell(o, 24, v, f);
				putf(o, 30, role, " %7lld %-4s", (long long)u->per_block, occ_unit(r, f));
			} else {
				putf(o, 0, role, "%c %-10s %5s %4s %7lld %-4s", lim ? '*' : ' ',
				     occ_label(r, f), waves, limit, (long long)u->per_block,
				     occ_unit(r, f));
			}
		} else if (report_limits(v)) {
			putf(o, 0, role, "%c %-13s %6s", lim ? '*' : ' ', occ_label(r, f), limit);
			report_cell(o, 23, v, f);
			putf(o, 29, role, " %8lld %-4s", (long long)u->per_block, occ_unit(r, f));
		} else {
			putf(o, 0, role, "%c %-13s %6s %8lld %-4s", lim ? '*' : ' ', occ_label(r, f),
			     limit, (long long)u->per_block, occ_unit(r, f));
		}
		if (lc.bar_w > 0)
			bar(o, lc.bar_x, lc.bar_w, u);
		if (lc.num_w > 0 && lc.all_numbers) {
			putf(o, lc.num_x, role, "%9lld %9lld %10lld %9lld", (long long)u->used,
			     (long long)u->idle, (long long)u->leftover, (long long)u->total);
		} else if (lc.num_w > 0) {
			char nums[48];
			snprintf(nums, sizeof(nums), "%lld/%lld", (long long)u->used, (long long)u->total);
			putf(o, lc.num_x, role, "%*s", lc.num_w, nums);
		}
		o->y++;
	}
	if (lc.bar_w > 0 && lc.legend < 0) {
		legend(o, 2, 2 + legend_width(LEGEND_LINE_LONG) <= o->w ? LEGEND_LINE_LONG
		       : LEGEND_LINE);
		o->y++;
	}
	if (r->misfit != OCC_FITS) {
		char why[400];
		misfit_text(&v->cur, why, sizeof(why));
		wrapped(o, 2, CANVAS_WARNING, why);
	}
}

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
	put(o, 0, CANVAS_HEADER, e->gpu_waves);
	o->y++;
	add_item(&it, CANVAS_NORMAL, "%lld %s (%d %s x %d)", (long long)w->blocks_per_wave, blocks,
		 a->gpu.sm_count, gpu_units(&a->gpu.arch), a->r.active_blocks_per_sm);
	item_rows(o, 2, LABEL_W, CANVAS_NORMAL, "Per wave", &it, ", ");
	it.n = 0;
	add_item(&it, CANVAS_NORMAL, "%.2f per %s", w->waves_per_sm, gpu_unit(&a->gpu.arch));
	add_item(&it, CANVAS_NORMAL, "%lld full", (long long)w->full_waves);
	if (w->partial_wave_blocks > 0)
		add_item(&it, CANVAS_WARNING, "a partial wave of %lld %s",
			 (long long)w->partial_wave_blocks, blocks);
	item_rows(o, 2, LABEL_W, CANVAS_NORMAL, "Waves", &it, ", ");
	it.n = 0;
	if (w->partial_wave_blocks > 0)
		add_item(&it, CANVAS_WARNING, "tail %.1f%% of the runtime", w->tail_share_pct);
	add_item(&it, CANVAS_NORMAL, "predicted achieved %.1f%% (uniform durations)",
		 w->predicted_achieved_pct);
	item_rows(o, 2, LABEL_W, CANVAS_NORMAL, "", &it, ", ");
}

/* --- the change from the reference (r) ----------------------------------- */

enum { REF_LABEL_W = 16, REF_VALUE_W = 9, REF_CHANGE_W = 8 };

static void ref_row(struct out *o, const char *label, const char *now, const char *ref,
		    const char *change, enum canvas_role role)
{
	putf(o, 2, CANVAS_NORMAL, "%-*s %*s %*s", REF_LABEL_W, label, REF_VALUE_W, now,
	     REF_VALUE_W, ref);
	putf(o, 2 + REF_LABEL_W + 2 * (REF_VALUE_W + 1) + 1, role, "%*s", REF_CHANGE_W, change);
	o->y++;
}

/* The first limiting factor's short name ("regs"). */
static const char *limiter_of(const struct analysis *a)
{
	for (int f = 0; f < OCC_N_FACTORS; f++)
		if (a->r.limiting & (1u << f))
			return browser_factor_label(a->r.vendor, f);
	return "none";
}

/* The block limits that changed, in one row: "regs 6 (ref 4, +2)". */
static void ref_limits(struct out *o, const struct compare_delta *d, const struct occ_result *r,
		       const struct occ_result *rr)
{
	char text[256] = "";
	size_t n = 0;

	for (int f = 0; f < OCC_N_FACTORS && n < sizeof(text); f++) {
		const char *name = browser_factor_label(r->vendor, f);

		if (d->limit_known[f] && d->block_limit[f] != 0)
			n += (size_t)snprintf(text + n, sizeof(text) - n, "%s%s %d (ref %d, %+d)",
					      n ? ", " : "", name, r->block_limit[f], rr->block_limit[f],
					      d->block_limit[f]);
		else if ((r->block_limit[f] == OCC_UNLIMITED) != (rr->block_limit[f] == OCC_UNLIMITED))
			n += (size_t)snprintf(text + n, sizeof(text) - n, "%s%s %s (ref %s)",
					      n ? ", " : "", name,
					      r->block_limit[f] == OCC_UNLIMITED ? "none" : "set",
					      rr->block_limit[f] == OCC_UNLIMITED ? "none" : "set");
	}
	putf(o, 2, CANVAS_NORMAL, "%-*s %s", REF_LABEL_W, "Block limits", n ? text : "unchanged");
	o->y++;
}

/* Delta columns: now, the reference, the change (compare_deltas: now minus
 * the reference), as --compare prints them. Nothing without a reference. */
static void sec_reference(struct out *o, const struct view *v)
{
	const struct analysis *cur = &v->cur, *ref = &v->ref;
	const struct occ_result *r = &cur->r, *rr = &ref->r;
	const struct engine_words *ew = engine_result_words(r);
	struct compare_delta d;
	char now[32], was[32], chg[32], title[200], label[32];

	if (!v->has_ref)
		return;
	str_sanitize(v->ref_label, title, sizeof(title));
	putf(o, 0, CANVAS_HEADER, "Change from the reference: %s", title);
	o->y++;
	if (!cur->ok || !ref->ok) {
		put(o, 2, CANVAS_DIM, cur->ok ? "the reference could not be analysed" :
		    "the current launch could not be analysed");
		o->y++;
		return;
	}
	compare_deltas(ref, cur, &d);
	ref_row(o, "", "now", "reference", "change", CANVAS_DIM);
	snprintf(now, sizeof(now), "%.1f%%", r->theoretical_occupancy_pct);
	snprintf(was, sizeof(was), "%.1f%%", rr->theoretical_occupancy_pct);
	snprintf(chg, sizeof(chg), "%+.1f", d.occupancy_pct);
	ref_row(o, "Occupancy", now, was, chg, delta_role(d.occupancy_pct));
	snprintf(now, sizeof(now), "%d", r->active_blocks_per_sm);
	snprintf(was, sizeof(was), "%d", rr->active_blocks_per_sm);
	snprintf(chg, sizeof(chg), "%+d", d.active_blocks_per_sm);
	ref_row(o, per_unit(ew->Blocks, ew->unit, REF_LABEL_W, label, sizeof(label)), now, was, chg,
		delta_role(d.active_blocks_per_sm));
	snprintf(now, sizeof(now), "%d", r->active_warps_per_sm);
	snprintf(was, sizeof(was), "%d", rr->active_warps_per_sm);
	snprintf(chg, sizeof(chg), "%+d", d.active_warps_per_sm);
	ref_row(o, per_unit(ew->Warps, ew->unit, REF_LABEL_W, label, sizeof(label)), now, was, chg,
		delta_role(d.active_warps_per_sm));
	ref_row(o, "Limiter", limiter_of(cur), limiter_of(ref), d.limiter_changed ? "changed" : "same",
		d.limiter_changed ? CANVAS_WARNING : CANVAS_NORMAL);
	snprintf(now, sizeof(now), "%.2f", cur->w.waves_per_sm);
	snprintf(was, sizeof(was), "%.2f", ref->w.waves_per_sm);
	snprintf(chg, sizeof(chg), "%+.2f", d.waves_per_sm);
	ref_row(o, "Waves per SM", now, was, chg, CANVAS_NORMAL);
	if (d.achieved) {
		snprintf(now, sizeof(now), "%.1f%%", cur->report.achieved_occupancy_pct.value);
		snprintf(was, sizeof(was), "%.1f%%", ref->report.achieved_occupancy_pct.value);
		snprintf(chg, sizeof(chg), "%+.1f", d.achieved_pct);
		ref_row(o, "Achieved", now, was, chg, delta_role(d.achieved_pct));
	}
	ref_limits(o, &d, r, rr);
}

/* --- the GPUs compared (--gpu A,B,..., C) -------------------------------- */

enum { GPUS_NAME_W = 24 };

/* A row per GPU: the what-if there (session_analyse_beside): occupancy,
 * limiter, waves and the next step, as --print's side-by-side table has
 * them; '*' marks the what-if's own GPU. Nothing with no GPU chosen. */
static void sec_gpus(struct out *o, const struct view *v)
{
	char name[GPU_NAME_MAX + 8], cut[GPU_NAME_MAX + 8], step[128], na[128];

	if (v->n_gpus == 0 || !v->on_gpu)
		return;
	put(o, 0, CANVAS_HEADER, "GPUs compared (C adds or removes the current GPU)");
	o->y++;
	putf(o, 2, CANVAS_DIM, "%-*s %9s %-6s %6s  %s", GPUS_NAME_W, "GPU", "occupancy", "limit",
	     "waves", "next step");
	o->y++;
	for (size_t i = 0; i < v->n_gpus; i++) {
		const struct analysis *a = &v->on_gpu[i];
		bool own = strcmp(v->gpus[i].name, v->cur.gpu.name) == 0;
		const char *shown;

		str_sanitize(v->gpus[i].name, name, sizeof(name));
		shown = str_ellipsize(name, GPUS_NAME_W, false,
				      o->c && o->c->ascii ? "..." : "\u2026", cut, sizeof(cut));
		put(o, 0, CANVAS_NORMAL, own ? "*" : " ");
		if (!a->ok) {
			putf(o, 2, CANVAS_DIM, "%-*s not analysed: %s", GPUS_NAME_W, shown,
			     a->error.message);
			o->y++;
			continue;
		}
		analysis_next_step(a, step, sizeof(step));
		analysis_not_applicable(a, na, sizeof(na));
		putf(o, 2, own ? CANVAS_FOCUS : CANVAS_NORMAL, "%-*s %8.1f%% %-6s %6.2f  %s%s%s%s",
		     GPUS_NAME_W, shown, a->r.theoretical_occupancy_pct, limiter_of(a),
		     a->w.waves_per_sm, step, a->not_applicable ? " (n/a: " : "",
		     a->not_applicable ? na : "", a->not_applicable ? ")" : "");
		o->y++;
	}
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
	put(o, 0, CANVAS_HEADER, "Report");
	o->y++;
	if (p->device[0] && p->sm_count.present)
		add_item(&it, CANVAS_NORMAL, "%s, %lld %s", p->device, (long long)p->sm_count.value,
			 units);
	else if (p->device[0])
		add_item(&it, CANVAS_NORMAL, "%s", p->device);
	else if (p->sm_count.present)
		add_item(&it, CANVAS_NORMAL, "%lld %s", (long long)p->sm_count.value, units);
	else
		add_item(&it, CANVAS_DIM, "n/a");
	if (p->device_unknown)
		add_item(&it, CANVAS_WARNING, "not in the GPU database");
	if (p->db_sm_count > 0)
		add_item(&it, CANVAS_WARNING, "the database says %d", p->db_sm_count);
	if (p->dropped & MEASURED_DEVICE)
		add_item(&it, CANVAS_DIM, "not this what-if's GPU");
	item_rows(o, 2, LABEL_W, CANVAS_NORMAL, "Device", &it, ", ");
	it.n = 0;
	if (p->duration_ns.present)
		add_item(&it, CANVAS_NORMAL, "%.0f ns", p->duration_ns.value);
	else
		add_item(&it, CANVAS_DIM, "n/a");
	if (p->duration_ns.present && (p->dropped & MEASURED_ACHIEVED))
		add_item(&it, CANVAS_DIM, "of the launch as loaded");
	item_rows(o, 2, LABEL_W, CANVAS_NORMAL, "Duration", &it, ", ");
	it.n = 0;
	if (p->changed)
		add_item(&it, CANVAS_DIM, "not done: a what-if of the measured launch");
	else if (n == 0)
		add_item(&it, CANVAS_DIM, "n/a: the report has no occupancy figures of its own");
	else if (bad == 0)
		add_item(&it, CANVAS_GOOD, "agrees with %s on %d value%s",
			 report_profiler_name((enum report_profiler)p->figures_by), n,
			 n == 1 ? "" : "s");
	else
		add_item(&it, CANVAS_WARNING, "%d of %d values disagree (the findings say which)",
			 bad, n);
	if (!p->changed && n > 0 && capped_shown(v))
		add_item(&it, CANVAS_DIM, "its limits capped at %d blocks where its version caps "
			 "them", v->cur.gpu.arch.max_blocks_per_sm);
	item_rows(o, 2, LABEL_W, CANVAS_NORMAL, "Cross-check", &it, ", ");
	if (p->inferred.params && !p->changed) {
		const struct report_inferred *inf = &p->inferred;

		char range[48];

		it.n = 0;
		if (inf->params & PARAM_BIT(PARAM_REGISTERS))
			add_item(&it, CANVAS_DIM, "registers %s",
				 range_text(&inf->registers, "", range, sizeof(range)));
		if (inf->params & (PARAM_BIT(PARAM_STATIC_SMEM) | PARAM_BIT(PARAM_DYNAMIC_SMEM)))
			add_item(&it, CANVAS_DIM, "shared memory %s",
				 range_text(&inf->smem_bytes, " B", range, sizeof(range)));
		if (inf->params & PARAM_BIT(PARAM_BARRIERS))
			add_item(&it, CANVAS_DIM, "barriers %s",
				 range_text(&inf->barriers, "", range, sizeof(range)));
		add_item(&it, CANVAS_DIM, "from the report's block limits (the most used)");
		item_rows(o, 2, LABEL_W, CANVAS_NORMAL, "Inferred", &it, ", ");
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
			add_item(&it, role[f->rows[i].items[k].role], "%s", f->rows[i].items[k].text);
		item_rows(o, 2, LABEL_W, CANVAS_NORMAL, f->rows[i].label, &it, ", ");
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

	put(o, 0, CANVAS_HEADER, "Allocation");
	o->y++;
	engine_allocation(&args, &f);
	fact_rows(o, &f);
}

static void sec_gpu(struct out *o, const struct view *v)
{
	struct engine_facts f;

	put(o, 0, CANVAS_HEADER, "GPU limits");
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
	sec_header, sec_occupancy, sec_limits, sec_waves, sec_reference, sec_gpus, sec_report,
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
	put(o, 0, CANVAS_HEADER, text);
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
	int h[N_SECTIONS], sum, gaps, shown = 0;
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
	sec_header(&o, v);
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

static const struct pane_class table_class = {
	.name = "table",
	.title = "Occupancy",
	.draw = draw,
	.height = height,
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
