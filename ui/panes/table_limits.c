/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* table_limits.c - the occupancy table's limits: every factor's block
 * (AMD: wave and workgroup) limit, the report's own beside it, and a bar of
 * what is used, idle and left over; why no block fits. */
#include "config.h"

#include "table_out.h"

#include <stdio.h>
#include <string.h>

#include "crosscheck.h"
#include "engine.h"
#include "strutil.h"

enum { MIN_BAR_W = 4 };   /* narrower than this, no bar at all */

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
	int w = form != LEGEND_HEADER ? (int)str_display_width(legend_limits) : 0;

	for (int i = 0; i < N_LEGEND; i++)
		w += (i > 0 ? (int)str_display_width(legend_sep) : 0) + 1 +
		     (int)str_display_width(form == LEGEND_LINE_LONG ? legend_parts[i].long_word
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
		x += table_put(o, x, CANVAS_LIMITER, legend_limits);
	for (int i = 0; i < N_LEGEND; i++) {
		if (i > 0)
			x += table_put(o, x, CANVAS_NORMAL, legend_sep);
		table_glyph(o, x, o->c ? canvas_glyph(o->c, legend_parts[i].g) : ' ',
			  legend_parts[i].role);
		x++;
		x += table_put(o, x, CANVAS_NORMAL, form == LEGEND_LINE_LONG ? legend_parts[i].long_word
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
		table_glyph(o, x + i, o->c ? canvas_glyph(o->c, g) : ' ', role);
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
		table_put(o, dx, role, line);
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
		table_putf(o, dx, CANVAS_DIM, "%6s", "-");
		return;
	}
	if (cf != CROSSCHECK_N_FIELDS && crosscheck_differs(&p->check, cf))
		role = CANVAS_WARNING;
	else if (cf != CROSSCHECK_N_FIELDS && ((p->check.inferred >> cf) & 1u))
		role = CANVAS_DIM;
	table_putf(o, dx, role, "%6lld", (long long)limit->value);
}

void table_sec_limits(struct out *o, const struct view *v)
{
	const struct occ_result *r = &v->cur.r;
	const struct gpu_arch *g = &v->cur.gpu.arch;
	struct limits_cols lc = limits_cols(v, o->w);
	bool waves = engine_of(g)->wave_limits;

	/* AMD: both limits of a factor, waves per SIMD (as LLVM and AMD's
	 * tools count occupancy) and workgroups per CU (which decide it). */
	/* CodeXL's figures are waves per CU, beside occview's per SIMD. */
	if (waves && report_limits(v))
		table_putf(o, 0, CANVAS_HEADER, "  %-10s %5s %4s %6s %12s", "Limit", "waves", "wgs", "rep/CU",
		     "per wg");
	else if (waves)
		table_putf(o, 0, CANVAS_HEADER, "  %-10s %5s %4s %12s", "Limit", "waves", "wgs", "per wg");
	else if (report_limits(v))
		table_putf(o, 0, CANVAS_HEADER, "  %-13s %6s %6s %13s", "Limit", "blocks", "report",
		     "per block");
	else
		table_putf(o, 0, CANVAS_HEADER, "  %-13s %6s %13s", "Limit", "blocks", "per block");
	if (lc.bar_w > 0 && lc.legend >= 0)
		legend(o, lc.bar_x, (enum legend_form)lc.legend);
	if (lc.num_w > 0 && lc.all_numbers)
		table_putf(o, lc.num_x, CANVAS_HEADER, "%9s %9s %10s %9s", "used", "idle", "left over",
		     "total");
	else if (lc.num_w > 0)
		table_putf(o, lc.num_x, CANVAS_HEADER, "%*s", lc.num_w, "used/total");
	o->y++;

	for (int i = 0; i < OCC_N_FACTORS; i++) {
		enum occ_factor f = (enum occ_factor)i;
		const struct occ_usage *u = &r->usage[f];
		bool lim = occ_is_limiting(r, f);
		enum canvas_role role = lim ? CANVAS_LIMITER : CANVAS_NORMAL;
		char limit[16];

		if (not_counted(&v->cur, f)) {
			if (waves)
				table_putf(o, 0, CANVAS_DIM, "  %-10s %5s %4s  %s", occ_label(r, f), "-", "-",
				     not_counted(&v->cur, f));
			else
				table_putf(o, 0, CANVAS_DIM, "  %-13s %6s  %s", occ_label(r, f), "-",
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
				table_putf(o, 0, role, "%c %-10s %5s %4s", lim ? '*' : ' ', occ_label(r, f),
				     waves, limit);
				report_cell(o, 24, v, f);
				table_putf(o, 30, role, " %7lld %-4s", (long long)u->per_block, occ_unit(r, f));
			} else {
				table_putf(o, 0, role, "%c %-10s %5s %4s %7lld %-4s", lim ? '*' : ' ',
				     occ_label(r, f), waves, limit, (long long)u->per_block,
				     occ_unit(r, f));
			}
		} else if (report_limits(v)) {
			table_putf(o, 0, role, "%c %-13s %6s", lim ? '*' : ' ', occ_label(r, f), limit);
			report_cell(o, 23, v, f);
			table_putf(o, 29, role, " %8lld %-4s", (long long)u->per_block, occ_unit(r, f));
		} else {
			table_putf(o, 0, role, "%c %-13s %6s %8lld %-4s", lim ? '*' : ' ', occ_label(r, f),
			     limit, (long long)u->per_block, occ_unit(r, f));
		}
		if (lc.bar_w > 0)
			bar(o, lc.bar_x, lc.bar_w, u);
		if (lc.num_w > 0 && lc.all_numbers) {
			table_putf(o, lc.num_x, role, "%9lld %9lld %10lld %9lld", (long long)u->used,
			     (long long)u->idle, (long long)u->leftover, (long long)u->total);
		} else if (lc.num_w > 0) {
			char nums[48];
			snprintf(nums, sizeof(nums), "%lld/%lld", (long long)u->used, (long long)u->total);
			table_putf(o, lc.num_x, role, "%*s", lc.num_w, nums);
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
