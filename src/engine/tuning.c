/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* tuning.c - the nearest change of each limiting factor's parameter that gains
 * occupancy, how far it can grow without losing any, and the best block size. */
#include "config.h"

#include "tuning.h"

#include "engine.h"

#include <stdlib.h>

#include "launch.h"

/* The values a parameter takes, in its natural unit: warps for block size,
 * allocation units for shared memory (each value the most bytes that still
 * allocate that many units), single registers and barriers. */
static int64_t unit_of(const struct gpu_arch *a, enum occ_param p)
{
	switch (p) {
	case OCC_PARAM_THREADS: return a->warp_size;
	case OCC_PARAM_SHARED_MEM: return a->smem_alloc_unit_bytes;
	default: return 1;
	}
}

static int64_t max_of(const struct gpu_arch *a, enum occ_param p)
{
	switch (p) {
	case OCC_PARAM_THREADS: return a->max_threads_per_block;
	case OCC_PARAM_REGISTERS: return a->max_regs_per_thread;
	case OCC_PARAM_SHARED_MEM: return a->smem_per_block_optin_bytes;
	case OCC_PARAM_BARRIERS: return 16;
	case OCC_N_PARAMS: break;
	}
	return 0;
}

static int64_t min_of(enum occ_param p)
{
	return p == OCC_PARAM_THREADS ? 1 : 0;
}

/* Next value of p after v in direction dir (+1/-1), on the parameter's grid;
 * returns false past the range. */
static bool next_value(const struct gpu_arch *a, enum occ_param p, int64_t v, int dir, int64_t *out)
{
	int64_t unit = unit_of(a, p), n;

	if (p == OCC_PARAM_SHARED_MEM) {
		/* Grid points: k * unit - reserved, the most a block can use in k units. */
		int64_t res = a->smem_reserved_per_block_bytes;
		int64_t k = (v + res) / unit;
		if (dir > 0)
			n = (k + 1) * unit - res;
		else
			n = ((v + res) % unit == 0 ? k - 1 : k) * unit - res;
		if (n < 0 && dir < 0 && v > 0)
			n = 0;
		if (n > max_of(a, p) && dir > 0 && v < max_of(a, p))
			n = max_of(a, p);
	} else if (p == OCC_PARAM_THREADS) {
		n = dir > 0 ? (v / unit + 1) * unit : (v - 1) / unit * unit;
	} else {
		n = v + dir;
	}
	if (n < min_of(p) || n > max_of(a, p) || n == v)
		return false;
	*out = n;
	return true;
}

static enum occ_param param_of(enum occ_factor f)
{
	switch (f) {
	case OCC_REGISTERS: return OCC_PARAM_REGISTERS;
	case OCC_SHARED_MEM: return OCC_PARAM_SHARED_MEM;
	case OCC_BARRIERS: return OCC_PARAM_BARRIERS;
	default: return OCC_PARAM_THREADS;
	}
}

/* The largest value of p's grid (next_value's, without its ends) in
 * [lo, hi]; lo - 1 where none is. */
static int64_t grid_floor(const struct gpu_arch *a, enum occ_param p, int64_t lo, int64_t hi)
{
	int64_t unit = unit_of(a, p), res = p == OCC_PARAM_SHARED_MEM ? a->smem_reserved_per_block_bytes : 0;
	int64_t g = (hi + res) / unit * unit - res;

	return g >= lo ? g : lo - 1;
}

static void gained(struct tuning_step *s, int64_t v, const struct occ_brief *r)
{
	s->has_gain = true;
	s->to = v;
	s->blocks_to = r->active_blocks_per_sm;
	s->warps_to = r->active_warps_per_sm;
}

/* The searches evaluate the launch at many values of one parameter: occ_vary
 * does once what does not depend on it, and says how far each result holds,
 * so they can go a step of the curve at a time, not a value at a time.
 *
 * Below the launch's value, the nearest that gains, as next_value walks down
 * from it. Most often it is a value or two below, so those are tried first;
 * the values further down (the grid below, and 0 for shared memory) are then
 * walked up from the minimum a step of the curve at a time, and the largest
 * value in a step that gains is the nearest. */
enum { GAIN_NEAR_TRIES = 4 };

static void gain_below(const struct gpu_arch *a, const struct occ_vary *vary, struct tuning_step *s)
{
	struct occ_brief r;
	int64_t top = s->from, x = min_of(s->param), to;

	for (int i = 0; i < GAIN_NEAR_TRIES; i++) {
		if (!next_value(a, s->param, top, -1, &top))
			return;
		occ_vary_at(vary, top, &r, NULL);
		if (r.active_warps_per_sm > s->warps_from) {
			gained(s, top, &r);
			return;
		}
	}
	if (!next_value(a, s->param, top, -1, &top))
		return;
	while (x <= top) {
		occ_vary_at(vary, x, &r, &to);
		if (r.active_warps_per_sm > s->warps_from) {
			int64_t hi = to < top ? to : top, v = grid_floor(a, s->param, x, hi);
			if (v < x && s->param == OCC_PARAM_SHARED_MEM && x <= 0)
				v = 0;
			if (v >= x)
				gained(s, v, &r);
		}
		if (to >= top)
			break;
		x = to + 1;
	}
}

static void find_gain(const struct gpu_arch *a, const struct occ_vary *vary, struct tuning_step *s)
{
	struct occ_brief r;
	int64_t v0 = s->from, v = v0, n, best_dist = INT64_MAX;

	/* Resources gain by shrinking; block size may gain either way: take the
	 * nearer, the smaller on a tie. */
	gain_below(a, vary, s);
	if (s->param != OCC_PARAM_THREADS)
		return;
	if (s->has_gain)
		best_dist = v0 - s->to;
	while (next_value(a, s->param, v, +1, &n) && n - v0 < best_dist) {
		v = n;
		occ_vary_at(vary, v, &r, NULL);
		if (r.active_warps_per_sm > s->warps_from) {
			gained(s, v, &r);
			break;
		}
	}
}

/* Up from the launch's value while occupancy holds: next_value visits the
 * grid above it up to the maximum, and for shared memory the maximum itself;
 * a step of the curve at a time. */
static void find_headroom(const struct gpu_arch *a, const struct occ_vary *vary,
			  struct tuning_step *s)
{
	struct occ_brief r;
	int64_t v = s->from, n, to, max = max_of(a, s->param);

	while (next_value(a, s->param, v, +1, &n)) {
		occ_vary_at(vary, n, &r, &to);
		if (r.active_warps_per_sm != s->warps_from)
			break;
		v = grid_floor(a, s->param, n, to < max ? to : max);
		if (to >= max && s->param == OCC_PARAM_SHARED_MEM)
			v = max;
	}
	s->has_headroom = v > s->from;
	s->headroom_to = v;
}

/* tuning_steps, the headroom searched where asked (else none: headroom_to
 * is the launch's value). */
static int steps(const struct gpu_arch *a, const struct occ_input *in, const struct occ_result *r,
		 struct tuning_step out[OCC_N_FACTORS], bool headroom)
{
	int n = 0;

	for (int f = 0; f < OCC_N_FACTORS; f++) {
		if (!occ_is_limiting(r, (enum occ_factor)f))
			continue;
		struct tuning_step *s = &out[n++];
		struct occ_vary vary;
		/* At full occupancy nothing gains: without the headroom there
		 * is nothing to search. */
		bool gain = r->active_warps_per_sm < r->max_warps_per_sm;
		*s = (struct tuning_step){ .factor = (enum occ_factor)f, .param = param_of((enum occ_factor)f) };
		s->from = occ_param_get(in, (enum occ_param)s->param);
		s->blocks_from = s->blocks_to = r->active_blocks_per_sm;
		s->warps_from = s->warps_to = r->active_warps_per_sm;
		s->to = s->headroom_to = s->from;
		if (!gain && !headroom)
			continue;
		occ_vary_init(&vary, a, in, (enum occ_param)s->param);
		if (gain)
			find_gain(a, &vary, s);
		if (headroom)
			find_headroom(a, &vary, s);
	}
	return n;
}

int tuning_steps(const struct gpu_arch *a, const struct occ_input *in,
		 const struct occ_result *r, struct tuning_step out[OCC_N_FACTORS])
{
	return steps(a, in, r, out, true);
}

int tuning_gains(const struct gpu_arch *a, const struct occ_input *in,
		 const struct occ_result *r, struct tuning_step out[OCC_N_FACTORS])
{
	return steps(a, in, r, out, false);
}

/* The block sizes that are warp multiples, ws to ws x n, are swept in
 * chunks of at most this many: a chunk's runs fit its buffer (a run holds
 * one value or more), and one chunk covers every GPU's block sizes. */
enum { SIZES_CHUNK = 64 };

/* As cudaOccMaxPotentialBlockSize's loop: from the largest block size down,
 * the most resident threads, the larger size on a tie; where every thread
 * slot of an SM is filled no smaller size can do better. */
static void consider(int64_t size, const struct occ_brief *r, int64_t *best_threads, int *best_size,
		     int *best_blocks)
{
	int64_t threads = (int64_t)r->active_blocks_per_sm * size;

	if (threads > *best_threads) {
		*best_threads = threads;
		*best_size = (int)size;
		*best_blocks = r->active_blocks_per_sm;
	}
}

/* The engine sweeps the largest block size first, alone (it often fills
 * the SM and ends the search), then the warp multiples below it in one
 * call (chunks of SIZES_CHUNK, one on every GPU). */
void tuning_best_block_size(const struct gpu_arch *a, int sm_count, const struct occ_input *in,
			    int *block_size, int64_t *min_grid)
{
	struct occ_run runs[SIZES_CHUNK];
	int64_t best_threads = 0, ws = a->warp_size, whole = ws > 0 ? a->max_threads_per_block / ws : 0;
	int best_size = 0, best_blocks = 0;
	/* the largest size: the maximum, a warp multiple or not */
	const struct occ_series top = { a->max_threads_per_block, 1, 1 };

	if (ws > 0 && occ_sweep(a, in, OCC_PARAM_THREADS, &top, runs, SIZES_CHUNK) > 0)
		consider(top.first, &runs[0].b, &best_threads, &best_size, &best_blocks);
	if (a->max_threads_per_block % (ws > 0 ? ws : 1) == 0)
		whole--;  /* the largest size was that warp multiple */
	for (int64_t hi = whole; hi > 0 && best_threads != a->max_threads_per_sm; hi -= SIZES_CHUNK) {
		int64_t lo = hi > SIZES_CHUNK ? hi - SIZES_CHUNK : 0;
		const struct occ_series s = { (lo + 1) * ws, ws, hi - lo };
		int i = occ_sweep(a, in, OCC_PARAM_THREADS, &s, runs, SIZES_CHUNK) - 1;

		for (int64_t k = s.n - 1; k >= 0 && best_threads != a->max_threads_per_sm; k--) {
			while (i > 0 && runs[i - 1].to >= k)
				i--;
			consider(s.first + k * ws, &runs[i].b, &best_threads, &best_size,
				 &best_blocks);
		}
	}
	*block_size = best_size;
	*min_grid = (int64_t)best_blocks * sm_count;
}

/* The configuration an input with the carveout (or, on Fermi and Kepler,
 * the L1/shared preference) set to reach c gets: false where none reaches
 * it or it gains no warps. */
static bool config_gains(const struct gpu_arch *a, const struct occ_input *in,
			 const struct occ_result *r, int64_t c, struct tuning_config *out)
{
	struct occ_input to = *in;
	struct occ_result rt;
	int cache = LAUNCH_CACHE_NONE;

	if (gpu_has_cache_config(a)) {
		for (int k = LAUNCH_CACHE_SHARED; k < LAUNCH_CACHE_N && cache == LAUNCH_CACHE_NONE; k++)
			if (occ_cache_config_bytes(a, k) == c)
				cache = k;
		if (cache == LAUNCH_CACHE_NONE)
			return false;
		to.cache_config = cache;
	} else {
		/* The runtime rounds pct x the SM's shared memory / 100 down to a
		 * byte and up to a configuration: the largest percentage not past
		 * c (occ_compute below says whether it selects c). */
		to.carveout_pct = (int)(c * 100 / a->smem_per_sm_bytes);
		if (to.carveout_pct > 100)
			to.carveout_pct = 100;
	}
	occ_compute(a, &to, &rt);
	if (rt.smem_config_bytes != c || rt.active_warps_per_sm <= r->active_warps_per_sm)
		return false;
	*out = (struct tuning_config){ c, cache == LAUNCH_CACHE_NONE ? to.carveout_pct : -1, cache,
				       rt.active_blocks_per_sm, rt.active_warps_per_sm };
	return true;
}

bool tuning_smem_config(const struct gpu_arch *a, const struct occ_input *in,
			const struct occ_result *r, struct tuning_config *out)
{
	if (a->vendor != GPU_NVIDIA || a->n_smem_configs <= 1 || a->smem_per_sm_bytes <= 0 ||
	    r->active_blocks_per_sm == 0 || !occ_is_limiting(r, OCC_SHARED_MEM))
		return false;
	for (int i = 0; i < a->n_smem_configs; i++)
		if (a->smem_configs_bytes[i] > r->smem_config_bytes &&
		    config_gains(a, in, r, a->smem_configs_bytes[i], out))
			return true;
	return false;
}

void tuning_waves_busy(const struct waves *w, int64_t grid_size, int64_t *waves, double *busy_pct)
{
	*waves = w->full_waves + (w->partial_wave_blocks > 0 ? 1 : 0);
	*busy_pct = *waves > 0 && w->blocks_per_wave > 0
		? 100.0 * (double)grid_size / ((double)*waves * (double)w->blocks_per_wave) : 0.0;
}

static bool better(const struct tuning_block_size *x, const struct tuning_block_size *y, int size)
{
	if (x->busy_pct != y->busy_pct)
		return x->busy_pct > y->busy_pct;
	return abs(x->threads_per_block - size) < abs(y->threads_per_block - size);
}

/* The block size size (blocks per unit at it) as a candidate against the
 * launch's busy share: placed among out's n best (max at most), most busy
 * first; the new count. */
static int place_candidate(const struct gpu *gpu, const struct sched *s, const struct occ_input *in,
		    const struct occ_result *r, int size, int blocks, int64_t grid_size, double busy,
		    struct tuning_block_size *out, int n, int max)
{
	int ws = gpu->arch.warp_size > 0 ? gpu->arch.warp_size : 32, k;
	struct occ_result rs = *r;
	struct tuning_block_size c;
	struct sched cs;

	/* waves_compute reads the blocks per SM and the warps per block; the
	 * same units and clusters, at this size's blocks per unit */
	rs.active_blocks_per_sm = blocks;
	rs.warps_per_block = (size + ws - 1) / ws;
	c.threads_per_block = size;
	sched_init(&cs, gpu, s->units, blocks, s->cluster_size, NULL);
	waves_compute_sched(&rs, &cs, grid_size, &c.w);
	tuning_waves_busy(&c.w, grid_size, &c.waves, &c.busy_pct);
	/* Less than 5 % of the runtime is not worth a kernel's rewrite. */
	if (c.busy_pct < busy * 1.05)
		return n;
	for (k = n; k > 0 && better(&c, &out[k - 1], in->threads_per_block); k--)
		if (k < max)
			out[k] = out[k - 1];
	if (k < max) {
		out[k] = c;
		if (n < max)
			n++;
	}
	return n;
}

/* Calls visit(ctx, size, blocks per unit) for each block size (the warp
 * multiples up to the device's most) other than the launch's at which the
 * active warps per SM are the launch's, smallest first, from one sweep a
 * chunk; stops where visit returns false. */
static void each_same_warps(const struct gpu_arch *a, const struct occ_input *in,
			    const struct occ_result *r, bool (*visit)(void *ctx, int size, int blocks),
			    void *ctx)
{
	struct occ_run runs[SIZES_CHUNK];
	int ws = a->warp_size > 0 ? a->warp_size : 32;
	int64_t whole = a->max_threads_per_block / ws;

	for (int64_t lo = 0; lo < whole; lo += SIZES_CHUNK) {
		const struct occ_series sizes = { (lo + 1) * ws, ws,
						  whole - lo < SIZES_CHUNK ? whole - lo : SIZES_CHUNK };
		int n_runs = occ_sweep(a, in, OCC_PARAM_THREADS, &sizes, runs, SIZES_CHUNK), run = 0;

		for (int64_t i = 0; i < sizes.n; i++) {
			int size = (int)(sizes.first + i * ws);
			const struct occ_brief *b;

			while (run < n_runs - 1 && runs[run].to < i)
				run++;
			b = &runs[run].b;
			if (size == in->threads_per_block || b->active_warps_per_sm != r->active_warps_per_sm)
				continue;
			if (!visit(ctx, size, b->active_blocks_per_sm))
				return;
		}
	}
}

/* tuning_block_sizes_waves' candidates, as each_same_warps gives them. */
struct candidates {
	const struct gpu *gpu;
	const struct sched *s;
	const struct occ_input *in;
	const struct occ_result *r;
	int64_t grid_size;
	double busy;
	struct tuning_block_size *out;
	int n, max;
};

static bool candidate(void *ctx, int size, int blocks)
{
	struct candidates *c = ctx;

	c->n = place_candidate(c->gpu, c->s, c->in, c->r, size, blocks, c->grid_size, c->busy,
			       c->out, c->n, c->max);
	return true;
}

int tuning_block_sizes_waves(const struct gpu *gpu, const struct sched *s, const struct occ_input *in,
			     const struct occ_result *r, int64_t grid_size, const struct waves *w,
			     struct tuning_block_size *out, int max)
{
	struct candidates c = { gpu, s, in, r, grid_size, 0, out, 0, max };
	int64_t waves;

	if (w->full_waves == 0 || w->partial_wave_blocks == 0 || max <= 0 || r->active_blocks_per_sm == 0)
		return 0;
	tuning_waves_busy(w, grid_size, &waves, &c.busy);
	each_same_warps(&gpu->arch, in, r, candidate, &c);
	return c.n;
}

/* tuning_sizes_same_warps' list, as each_same_warps gives it: false (and
 * n -1) once it is full. */
static bool keep_size(void *ctx, int size, int blocks)
{
	struct tuning_sizes *out = ctx;

	if (out->n == TUNING_MAX_SIZES) {
		out->n = -1;  /* more than kept: swept where asked */
		return false;
	}
	out->size[out->n].threads_per_block = size;
	out->size[out->n].blocks_per_unit = blocks;
	out->n++;
	return true;
}

void tuning_sizes_same_warps(const struct gpu_arch *a, const struct occ_input *in,
			     const struct occ_result *r, struct tuning_sizes *out)
{
	out->n = 0;
	each_same_warps(a, in, r, keep_size, out);
}

int tuning_block_sizes_waves_among(const struct gpu *gpu, const struct sched *s,
				   const struct occ_input *in, const struct occ_result *r,
				   struct tuning_sizes *sizes, int64_t grid_size,
				   const struct waves *w, struct tuning_block_size *out, int max)
{
	const struct gpu_arch *a = &gpu->arch;
	struct tuning_sizes swept;
	int n = 0;
	int64_t waves;
	double busy;

	if (w->full_waves == 0 || w->partial_wave_blocks == 0 || max <= 0 || r->active_blocks_per_sm == 0)
		return 0;
	if (sizes && sizes->n == TUNING_SIZES_UNKNOWN)
		tuning_sizes_same_warps(a, in, r, sizes);
	if (!sizes || sizes->n < 0) {
		tuning_sizes_same_warps(a, in, r, &swept);
		sizes = &swept;
	}
	if (sizes->n < 0)
		return tuning_block_sizes_waves(gpu, s, in, r, grid_size, w, out, max);
	tuning_waves_busy(w, grid_size, &waves, &busy);
	for (int i = 0; i < sizes->n; i++)
		n = place_candidate(gpu, s, in, r, sizes->size[i].threads_per_block,
				    sizes->size[i].blocks_per_unit, grid_size, busy, out, n, max);
	return n;
}

const char *tuning_param_label(const struct gpu_arch *a, enum occ_param p)
{
	const struct engine_words *e = engine_words(a);

	switch (p) {
	case OCC_PARAM_THREADS: return e->block_size;
	case OCC_PARAM_REGISTERS: return e->regs;
	case OCC_PARAM_SHARED_MEM: return e->smem;
	case OCC_PARAM_BARRIERS: return "barriers";
	case OCC_N_PARAMS: break;
	}
	return "?";
}
