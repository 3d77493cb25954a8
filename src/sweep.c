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
		ax->first = ax->step = a->vendor == GPU_AMD && in->wave_size ? in->wave_size : a->warp_size;
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

/* The chart's level: active warps per SM, or on AMD waves per SIMD. */
static int level(const struct gpu_arch *a, const struct occ_brief *b)
{
	return a->vendor == GPU_AMD ? b->waves_per_simd : b->active_warps_per_sm;
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
	double want = column_value(s->first_x, s->last_x, col, cols);
	size_t a = 0, b = s->n, best;

	if (s->columns > 0 && s->columns == cols && col >= 0 && col < cols)
		return (size_t)col;
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

/* The index on ax of the value column col shows, with more values than
 * columns (so none is empty): sweep_point_index's choice, found from the
 * axis' arithmetic instead of looking at the points. With N = n - 1 and
 * C = cols - 1, value k falls in column floor((2kC + N) / 2N), so column c
 * starts at k = ceil((2c - 1)N / 2C); the nearest to the column's value is
 * next to its fraction of the axis, and the lower of two at the same
 * distance is the one a scan from the left keeps. */
static int64_t column_point(const struct axis *ax, int64_t current_x, int col, int cols)
{
	int64_t N = ax->n - 1, C = cols - 1, first_k, last_k, near, best;
	int64_t last_x = ax->first + N * ax->step;
	double want = column_value(ax->first, last_x, col, cols);

	first_k = col == 0 ? 0 : ((2 * (int64_t)col - 1) * N + 2 * C - 1) / (2 * C);
	last_k = col == cols - 1 ? N : ((2 * (int64_t)col + 1) * N + 2 * C - 1) / (2 * C) - 1;
	if (current_x >= ax->first + first_k * ax->step && current_x <= ax->first + last_k * ax->step &&
	    (current_x - ax->first) % ax->step == 0)
		return (current_x - ax->first) / ax->step;
	near = (int64_t)((want - (double)ax->first) / (double)ax->step);
	best = near - 1 < first_k ? first_k : near - 1 > last_k ? last_k : near - 1;
	for (int64_t k = best + 1; k <= near + 2 && k <= last_k; k++)
		if (dist((double)(ax->first + k * ax->step), want) <
		    dist((double)(ax->first + best * ax->step), want))
			best = k;
	return best;
}

/* Fills out with the whole curve (cols 0) or with what a plot cols columns
 * wide shows. The curve is walked in the steps occ_vary_at reports, one
 * evaluation a step: the summary needs every value, and within a step every
 * value's point is the same. */
static bool compute(const struct gpu_arch *a, const struct occ_input *in, enum sweep_kind kind,
		    int cols, struct sweep *out)
{
	struct axis ax;
	struct occ_vary v;
	struct occ_result r;
	int64_t k = 0, shown = 0;
	int prev = -1;

	axis_of(a, in, kind, &ax);
	*out = (struct sweep){
		.kind = kind, .vendor = a->vendor, .max_warps = a->max_warps_per_sm,
		.current_x = occ_param_get(in, (enum occ_param)kind),
		.first_x = ax.first, .last_x = ax.first + (ax.n - 1) * ax.step,
		.non_increasing = true,
	};
	/* AMD occupancy is counted in waves per SIMD, as LLVM and AMD's tools count it. */
	if (a->vendor == GPU_AMD)
		out->max_warps = a->amd.max_waves_per_simd;
	if (cols >= ax.n)
		cols = 0;
	out->columns = cols;
	out->points = calloc((size_t)(cols > 0 ? cols : ax.n > 0 ? ax.n : 1), sizeof(*out->points));
	if (!out->points)
		return false;
	occ_vary_init(&v, a, in, (enum occ_param)kind);
	while (k < ax.n) {
		struct occ_brief b;
		struct sweep_point p;
		int64_t to, end;

		occ_vary_at(&v, ax.first + k * ax.step, &b, &to);
		end = to >= out->last_x ? ax.n - 1 : (to - ax.first) / ax.step;
		if (end < k)
			end = k;
		p = (struct sweep_point){ 0, level(a, &b), b.active_blocks_per_sm, b.limiting };
		if (prev >= 0 && p.active_warps > prev)
			out->non_increasing = false;
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
		for (;;) {
			int64_t at;
			if (shown == cols || (at = column_point(&ax, out->current_x, (int)shown, cols)) > end)
				break;
			p.x = ax.first + at * ax.step;
			out->points[shown++] = p;
		}
		k = end + 1;
	}
	out->n = cols > 0 ? (size_t)cols : (size_t)ax.n;
	occ_compute(a, in, &r);
	out->current_warps = a->vendor == GPU_AMD ? (r.amd.fits ? r.amd.waves_per_simd : 0)
		: r.active_warps_per_sm;
	out->current_limiting = r.limiting;
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
	default: return "shared memory per block (bytes)";
	}
}

enum occ_factor sweep_factor(enum sweep_kind kind)
{
	switch (kind) {
	case SWEEP_BLOCK_SIZE: return OCC_WARPS;
	case SWEEP_REGISTERS: return OCC_REGISTERS;
	case SWEEP_BARRIERS: return OCC_BARRIERS;
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
		default: return "shared memory";
		}
	}
	switch (s->kind) {
	case SWEEP_BLOCK_SIZE: return short_form ? "workgroup size" : "work-items per workgroup";
	case SWEEP_REGISTERS: return short_form ? "VGPRs" : "VGPRs per work-item";
	case SWEEP_BARRIERS: return "barriers";
	default: return short_form ? "LDS" : "LDS per workgroup (bytes)";
	}
}

const char *sweep_y_unit(const struct sweep *s)
{
	return s->vendor == GPU_AMD ? "waves" : "warps";
}
