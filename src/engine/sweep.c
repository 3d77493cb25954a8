/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* sweep.c - active warps as one launch parameter varies, the whole curve or
 * only what a plot's columns show, and which point a column shows. */
#include "config.h"

#include "sweep.h"

#include <stdlib.h>

/* The values a kind sweeps: first, first + step, ... up to last. */
struct axis {
	int64_t first, step, n;
};

static void axis_of(const struct gpu_arch *a, const struct occ_input *in, enum sweep_kind kind,
		    struct axis *ax)
{
	int64_t last;

	switch (kind) {
	case SWEEP_BLOCK_SIZE:
		ax->first = ax->step = gpu_launch_warp_size(a, in->wave_size);
		last = a->max_threads_per_block;
		break;
	case SWEEP_REGISTERS:
		ax->first = 0;
		ax->step = 1;
		last = a->max_regs_per_thread;
		break;
	case SWEEP_BARRIERS:
		ax->first = 0;
		ax->step = 1;
		last = SWEEP_MAX_BARRIERS;
		break;
	default:
		ax->first = 0;
		ax->step = a->smem_alloc_unit_bytes;
		last = a->smem_per_block_optin_bytes;
		break;
	}
	ax->n = last >= ax->first ? (last - ax->first) / ax->step + 1 : 0;
}

/* The chart's level: active warps per SM, or on AMD the resident waves per CU
 * (per WGP in WGP mode), the occupancy headline; a VLIW target's waves per
 * CU are its one SIMD engine's. */
static int level(const struct gpu_arch *a, const struct occ_brief *b)
{
	return a->vendor == GPU_AMD && a->amd.vliw ? b->waves_per_simd : b->active_warps_per_sm;
}

bool sweep_point_capped(const struct sweep *s, const struct sweep_point *p)
{
	return p->active_warps > 0 && !((p->limiting >> sweep_factor(s->kind)) & 1u);
}

int sweep_column_of(const struct sweep *s, int64_t x, int cols)
{
	int64_t lo = s->first_x, span = s->last_x - lo;

	if (cols <= 1 || span <= 0 || x <= lo)
		return 0;
	if (x >= lo + span)
		return cols - 1;
	return (int)(((x - lo) * (cols - 1) * 2 + span) / (2 * span));
}

/* The exact value column col stands for. */
static double column_value(int64_t lo, int64_t hi, int col, int cols)
{
	return cols > 1 ? lo + (double)(hi - lo) * col / (cols - 1) : lo;
}

static double dist(double a, double b)
{
	return a > b ? a - b : b - a;
}

size_t sweep_point_index(const struct sweep *s, int col, int cols)
{
	double want;
	size_t a = 0, b = s->n, best;

	if (s->columns > 0 && s->columns == cols && col >= 0 && col < cols)
		return (size_t)col;
	want = column_value(s->first_x, s->last_x, col, cols);
	while (a < b) {
		size_t m = a + (b - a) / 2;
		if (sweep_column_of(s, s->points[m].x, cols) < col)
			a = m + 1;
		else
			b = m;
	}
	if (a < s->n && sweep_column_of(s, s->points[a].x, cols) == col) {
		best = a;
		for (size_t i = a; i < s->n && sweep_column_of(s, s->points[i].x, cols) == col; i++) {
			if (s->points[i].x == s->current_x)
				return i;
			if (dist((double)s->points[i].x, want) < dist((double)s->points[best].x, want))
				best = i;
		}
		return best;
	}
	if (a == s->n || (a > 0 && want - s->points[a - 1].x <= s->points[a].x - want))
		return a - 1;
	return a;
}

/* The columns of a plot, left to right, over an axis of two values or more,
 * to find the value each shows as sweep_point_index would, from the axis'
 * arithmetic instead of the points. With N = n - 1 and C = cols - 1, value k
 * falls in column floor((2kC + N) / 2N), so the first value in or after
 * column c is k = ceil((2c - 1)N / 2C) (0 for column 0); the column's exact
 * value is c x N / C values along, and the nearest is next to that. Both are
 * kept as quotient and remainder, added to column by column. */
struct column_walk {
	const struct axis *ax;
	int col, cols;
	int64_t current_k;           /* the launch's own value's index; -1 if off the axis */
	int64_t first_k, next_k;     /* the column's values: first_k .. next_k - 1 */
	int64_t next_rem, add_q, add_rem;
	int64_t near, near_rem, near_q, near_add_rem;
};

static void column_walk_init(struct column_walk *w, const struct axis *ax, int64_t current_x,
			     int cols)
{
	int64_t N = ax->n - 1, C = cols - 1, D = 2 * C;

	*w = (struct column_walk){ .ax = ax, .cols = cols, .current_k = -1 };
	if (current_x >= ax->first && current_x <= ax->first + N * ax->step &&
	    (current_x - ax->first) % ax->step == 0)
		w->current_k = (current_x - ax->first) / ax->step;
	w->add_q = 2 * N / D;
	w->add_rem = 2 * N % D;
	w->next_k = (N + D - 1) / D;
	w->next_rem = (N + D - 1) % D;
	w->near_q = N / C;
	w->near_add_rem = N % C;
}

static void column_walk_next(struct column_walk *w)
{
	int64_t C = w->cols - 1;

	w->col++;
	w->first_k = w->next_k;
	if (w->col == w->cols - 1) {
		w->next_k = w->ax->n;
	} else {
		w->next_k += w->add_q;
		w->next_rem += w->add_rem;
		if (w->next_rem >= 2 * C) {
			w->next_rem -= 2 * C;
			w->next_k++;
		}
	}
	w->near += w->near_q;
	w->near_rem += w->near_add_rem;
	if (w->near_rem >= C) {
		w->near_rem -= C;
		w->near++;
	}
}

/* The index of the value the walk's column shows: the launch's own if it
 * falls there, else the nearest to the column's exact value, the lower of
 * two at the same distance (the one a scan from the left keeps). The exact
 * value lies the fraction near_rem / C past value `near`: the next value is
 * nearer when that is over a half. A column no value falls in (more columns
 * than values) shows the nearer of the values either side, the lower on a
 * tie. Where sweep_point_index compares doubles, two distances differ by at
 * least step / C, far above their rounding, and an exact tie is exact in
 * doubles too (a multiple of half a step). */
static int64_t column_point(const struct column_walk *w)
{
	int64_t C = w->cols - 1, last_k = w->next_k - 1, best = w->near + (2 * w->near_rem > C ? 1 : 0);

	if (w->first_k > last_k)
		return 2 * (int64_t)w->col * (w->ax->n - 1) <= (2 * w->first_k - 1) * C ?
			w->first_k - 1 : w->first_k;
	if (w->current_k >= w->first_k && w->current_k <= last_k)
		return w->current_k;
	return best < w->first_k ? w->first_k : best > last_k ? last_k : best;
}

/* The runs a sweep asks of the engine at once; a curve with more (AMD's
 * VGPRs have up to 64) takes another call for the rest. */
enum { RUNS_MAX = 128 };

/* Fills out with the whole curve (cols 0) or with what a plot cols columns
 * wide shows. The engine gives the curve in runs of equal points (occ_sweep,
 * one evaluation a step of the curve): the summary needs every value, and
 * within a run every value's point is the same. */
static bool compute(const struct gpu_arch *a, const struct occ_input *in, enum sweep_kind kind,
		    int cols, struct sweep *out)
{
	struct axis ax;
	struct occ_run runs[RUNS_MAX];
	struct column_walk walk = { 0 };
	const struct occ_brief *own = NULL;
	int64_t k = 0;
	int prev = -1;

	axis_of(a, in, kind, &ax);
	*out = (struct sweep){
		.kind = kind, .vendor = a->vendor, .max_warps = a->max_warps_per_sm,
		.vliw = a->vendor == GPU_AMD && a->amd.vliw,
		.wgp = a->vendor == GPU_AMD && a->amd.wgp_mode,
		.current_x = occ_param_get(in, (enum occ_param)kind),
		.first_x = ax.first, .last_x = ax.first + (ax.n - 1) * ax.step,
		.non_increasing = true,
	};
	/* TeraScale's waves per CU are its one SIMD engine's (terascale.h). */
	if (a->vendor == GPU_AMD && a->amd.vliw)
		out->max_warps = a->amd.max_waves_per_simd;
	if (ax.n < 2)
		cols = 0;
	out->columns = cols;
	out->points = calloc((size_t)(cols > 0 ? cols : ax.n > 0 ? ax.n : 1), sizeof(*out->points));
	if (!out->points)
		return false;
	if (cols > 0)
		column_walk_init(&walk, &ax, out->current_x, cols);
	while (k < ax.n) {
		const struct occ_series rest = { ax.first + k * ax.step, ax.step, ax.n - k };
		int n_runs = occ_sweep(a, in, (enum occ_param)kind, &rest, runs, RUNS_MAX);

		for (int i = 0; i < n_runs; i++) {
			const struct occ_brief *b = &runs[i].b;
			int64_t end = k + runs[i].to - (i > 0 ? runs[i - 1].to + 1 : 0);
			struct sweep_point p = { 0, level(a, b), b->active_blocks_per_sm, b->limiting };

			/* the launch itself, where its own value is on the axis */
			if (out->current_x >= ax.first + k * ax.step &&
			    out->current_x <= ax.first + end * ax.step &&
			    (out->current_x - ax.first) % ax.step == 0) {
				out->current_warps = p.active_warps;
				out->current_limiting = p.limiting;
				own = b;
			}
			if (prev >= 0 && p.active_warps > prev)
				out->non_increasing = false;
			if (prev >= 0 && p.active_warps < prev) {
				if (out->n_cliffs < SWEEP_MAX_CLIFFS)
					out->cliffs[out->n_cliffs] = ax.first + (k - 1) * ax.step;
				out->n_cliffs++;
			}
			prev = p.active_warps;
			if (sweep_point_capped(out, &p))
				out->capped_limiting |= p.limiting;
			if (cols == 0) {
				for (; k <= end; k++) {
					p.x = ax.first + k * ax.step;
					out->points[k] = p;
				}
				continue;
			}
			for (int64_t at; walk.col < cols && (at = column_point(&walk)) <= end;
			     column_walk_next(&walk)) {
				p.x = ax.first + at * ax.step;
				out->points[walk.col] = p;
			}
			k = end + 1;
		}
		if (n_runs == 0)
			break;
	}
	out->n = cols > 0 ? (size_t)cols : (size_t)ax.n;
	if (!out->non_increasing)
		out->n_cliffs = 0;
	/* The launch itself off the axis (a block size between warp
	 * multiples, shared memory between allocation units): its own value
	 * set is the launch unchanged. */
	if (!own) {
		const struct occ_series at = { out->current_x, 1, 1 };
		if (occ_sweep(a, in, (enum occ_param)kind, &at, runs, 1) == 1) {
			out->current_warps = level(a, &runs[0].b);
			out->current_limiting = runs[0].b.limiting;
		}
	}
	return true;
}

bool sweep_compute(const struct gpu_arch *a, const struct occ_input *in, enum sweep_kind kind,
		   struct sweep *out)
{
	return compute(a, in, kind, 0, out);
}

bool sweep_compute_columns(const struct gpu_arch *a, const struct occ_input *in,
			   enum sweep_kind kind, int cols, struct sweep *out)
{
	return compute(a, in, kind, cols > 1 ? cols : 0, out);
}

void sweep_done(struct sweep *s)
{
	free(s->points);
	*s = (struct sweep){ 0 };
}

const char *sweep_axis_label(enum sweep_kind kind)
{
	switch (kind) {
	case SWEEP_BLOCK_SIZE: return "threads per block";
	case SWEEP_REGISTERS: return "registers per thread";
	case SWEEP_BARRIERS: return "barriers per block";
	case SWEEP_CLUSTER: return "cluster size (blocks)";
	default: return "shared memory per block (bytes)";
	}
}

enum occ_factor sweep_factor(enum sweep_kind kind)
{
	switch (kind) {
	case SWEEP_BLOCK_SIZE: return OCC_WARPS;
	case SWEEP_REGISTERS: return OCC_REGISTERS;
	case SWEEP_BARRIERS: return OCC_BARRIERS;
	/* None of the SM's: the cluster's GPC (cluster_sweep). */
	case SWEEP_CLUSTER: return OCC_N_FACTORS;
	default: return OCC_SHARED_MEM;
	}
}

const char *sweep_x_label(const struct sweep *s, bool short_form)
{
	if (s->vendor != GPU_AMD) {
		if (!short_form)
			return sweep_axis_label(s->kind);
		switch (s->kind) {
		case SWEEP_BLOCK_SIZE: return "block size";
		case SWEEP_REGISTERS: return "registers";
		case SWEEP_BARRIERS: return "barriers";
		case SWEEP_CLUSTER: return "cluster size";
		default: return "shared memory";
		}
	}
	switch (s->kind) {
	case SWEEP_BLOCK_SIZE: return short_form ? "workgroup size" : "work-items per workgroup";
	case SWEEP_REGISTERS:
		if (s->vliw)
			return short_form ? "GPRs" : "GPRs per work-item";
		return short_form ? "VGPRs" : "VGPRs per work-item";
	case SWEEP_BARRIERS: return "barriers";
	default: return short_form ? "LDS" : "LDS per workgroup (bytes)";
	}
}

const char *sweep_y_title(const struct sweep *s, bool short_form)
{
	if (short_form)
		return s->vendor == GPU_AMD ? "Waves" : "Warps";
	return s->vendor == GPU_AMD ? (s->wgp ? "Waves per WGP" : "Waves per CU") :
		"Active warps per SM";
}

const char *sweep_y_unit(const struct sweep *s)
{
	return s->vendor == GPU_AMD ? "waves" : "warps";
}
