/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* sim.c - the block-scheduling simulation: an event loop over block ends, with
 * a heap of running blocks by end time, so a grid costs O(grid log slots); and for durations that are all 1.0 the
 * schedule it would give, in closed form (waves.h), in O(SMs). */
#include "config.h"

#include "sim.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim_cluster.h"
#include "waves.h"

/* ---- durations: a counter-based generator, so a block's duration depends on
 * (seed, block index) only and never on the order blocks are drawn in. */

static uint64_t splitmix64(uint64_t x)
{
	x += 0x9E3779B97F4A7C15ull;
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
	x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
	return x ^ (x >> 31);
}

/* M_PI is not C11. */
#define SIM_PI 3.14159265358979323846

/* In [0, 1), 53 bits. */
static double uniform01(uint64_t bits)
{
	return (double)(bits >> 11) * 0x1.0p-53;
}

static bool model_ok(const struct sim_params *p)
{
	switch (p->model) {
	case SIM_UNIFORM:
		return true;
	case SIM_SLOW_SHARE:
		return p->slow_share >= 0.0 && p->slow_share <= 1.0 &&
		       p->slow_factor >= 1.0 && isfinite(p->slow_factor);
	case SIM_CV:
		return p->cv >= 0.0 && isfinite(p->cv);
	case SIM_WARP_SPREAD:
		return p->warp_spread >= 0.0 && p->warp_spread <= 1.0;
	case SIM_TAIL_KERNEL:
		return p->tail_blocks >= 0 && p->tail_warps_per_block >= 0 &&
		       p->tail_duration > 0.0 && isfinite(p->tail_duration);
	case SIM_N_MODELS:
		break;
	}
	return false;
}

/* A model's parameters with what every draw would recompute done once: the
 * seed's mix and the lognormal's sigma and mu. The arithmetic is the same,
 * so the durations are the same to the last bit. */
struct durations {
	enum sim_model model;    /* SIM_UNIFORM also for parameters that cannot run */
	uint64_t seed_mix;       /* splitmix64(seed) */
	double slow_share, slow_factor;
	double sigma, mu;
	int64_t first_blocks;    /* the first kernel's; from there on SIM_TAIL_KERNEL's */
	double tail_duration;
	double block_warp_time;  /* a first-kernel block's warp-time per unit of duration */
	double tail_warps;
};

static void durations_init(struct durations *d, const struct sim_params *p)
{
	*d = (struct durations){ .model = model_ok(p) ? p->model : SIM_UNIFORM };
	d->seed_mix = splitmix64(p->seed);
	d->slow_share = p->slow_share;
	d->slow_factor = p->slow_factor;
	d->first_blocks = p->grid_size;
	d->tail_duration = p->tail_duration;
	d->tail_warps = p->tail_warps_per_block > 0 ? p->tail_warps_per_block : p->warps_per_block;
	/* Warp k of W lasts 1 - spread * k / (W - 1) of its block: their mean is
	 * 1 - spread / 2. */
	d->block_warp_time = d->model == SIM_WARP_SPREAD && p->warps_per_block > 1 ?
			     p->warps_per_block * (1.0 - p->warp_spread / 2.0) : p->warps_per_block;
	if (d->model == SIM_CV && p->cv > 0.0) {
		/* Lognormal with mean 1: E = exp(mu + sigma^2 / 2) = 1 and
		 * CV^2 = exp(sigma^2) - 1. */
		double s2 = log1p(p->cv * p->cv);
		d->sigma = sqrt(s2);
		d->mu = -s2 / 2.0;
	} else if (d->model == SIM_CV) {
		d->model = SIM_UNIFORM;
	}
}

/* Draw number `stream` of block i: 64 well-mixed bits. */
static uint64_t draw(const struct durations *d, int64_t i, unsigned stream)
{
	uint64_t key = d->seed_mix ^ ((uint64_t)i * 0xD1B54A32D192ED03ull);
	return splitmix64(key + stream * 0x9E3779B97F4A7C15ull);
}

static double duration_of(const struct durations *d, int64_t i)
{
	if (d->model == SIM_TAIL_KERNEL)
		return i >= d->first_blocks ? d->tail_duration : 1.0;
	if (d->model == SIM_SLOW_SHARE)
		return uniform01(draw(d, i, 0)) < d->slow_share ? d->slow_factor : 1.0;
	if (d->model == SIM_CV) {
		/* Box-Muller needs u1 in (0, 1]. */
		double u1 = ((double)(draw(d, i, 1) >> 11) + 1.0) * 0x1.0p-53;
		double u2 = uniform01(draw(d, i, 2));
		double z = sqrt(-2.0 * log(u1)) * cos(2.0 * SIM_PI * u2);
		return exp(d->mu + d->sigma * z);
	}
	return 1.0;
}

double sim_block_duration(const struct sim_params *p, int64_t i)
{
	struct durations d;

	durations_init(&d, p);
	return duration_of(&d, i);
}

/* Warp-time of block i lasting d. */
static double warp_time_of(const struct durations *dd, int64_t i, double d)
{
	return i >= dd->first_blocks ? d * dd->tail_warps : d * dd->block_warp_time;
}

/* Blocks of both kernels. */
static int64_t total_blocks(const struct sim_params *p)
{
	return p->model == SIM_TAIL_KERNEL && p->tail_blocks > 0 ? p->grid_size + p->tail_blocks
								: p->grid_size;
}

/* Every block lasts exactly 1.0: the uniform model, and the others where
 * their parameters leave nothing to vary (sim_block_duration returns 1.0). */
static bool unit_durations(const struct sim_params *p)
{
	struct durations d;

	durations_init(&d, p);
	return d.model == SIM_UNIFORM || d.model == SIM_WARP_SPREAD ||
	       (d.model == SIM_TAIL_KERNEL && p->tail_blocks == 0) ||
	       (d.model == SIM_SLOW_SHARE && (d.slow_share == 0.0 || d.slow_factor == 1.0));
}

/* ---- the scheduler's state */

struct event {
	double end;
	int sm;
};

struct engine {
	const struct sim_params *p;
	struct durations dur;
	int n_sm;
	int *free_slots;     /* per SM */
	int *active;         /* per SM: resident blocks */
	uint64_t *has_free;  /* a bit per SM with a free slot, SM 0 in bit 0 of word 0 */
	int n_words;
	double *busy_since;  /* per SM: when it last went from 0 to 1 block */
	struct event *ev;    /* running blocks, earliest end on top */
	int64_t n_ev;
	int64_t next_block;  /* first block not yet dispatched */
	int64_t total;       /* blocks of both kernels */
	double now;
	struct sim_timeline *tl; /* NULL unless a timeline is wanted */
	double *warps_at;    /* NULL unless sim_snapshot_warps: per SM, warps active at `at` */
	double at;
	sim_start_fn *watch; /* NULL unless a watch job: told of every block start */
	void *watch_ctx;
	/* per-SM accounting, NULL when only the schedule is wanted (snapshots) */
	double *warp_time, *active_time;
	int64_t *blocks;
	struct sim_clusters cl;  /* cl.size 0: blocks start one by one */
	int *cl_units;       /* cl.size entries: where a cluster's blocks land */
};

static void set_free(struct engine *e, int sm, int n)
{
	uint64_t bit = (uint64_t)1 << (sm % 64);

	if (e->cl.size)
		e->cl.free[sim_clusters_group_of(&e->cl, sm)] += n - e->free_slots[sm];
	e->free_slots[sm] = n;
	if (n > 0)
		e->has_free[sm / 64] |= bit;
	else
		e->has_free[sm / 64] &= ~bit;
}

/* The lowest SM in bits, a copy of word w of has_free (not 0); its bit is
 * cleared from the copy. */
static int next_sm(uint64_t *bits, int w)
{
	int b = __builtin_ctzll(*bits);

	*bits &= *bits - 1;
	return w * 64 + b;
}

/* The event heap is 4-ary: half the depth of a binary one, and a node's
 * children share a cache line. Blocks ending at the same moment may come off
 * it in any order: each frees its slot before any dispatch, so the schedule
 * does not depend on that order. */
enum { EV_ARITY = 4 };

static void ev_push(struct engine *e, struct event x)
{
	int64_t i = e->n_ev++;
	while (i > 0 && e->ev[(i - 1) / EV_ARITY].end > x.end) {
		e->ev[i] = e->ev[(i - 1) / EV_ARITY];
		i = (i - 1) / EV_ARITY;
	}
	e->ev[i] = x;
}

/* The earliest of the children of the node whose first child is `first`. */
static int64_t ev_earliest_child(const struct engine *e, int64_t first)
{
	int64_t c = first;

	for (int64_t k = first + 1; k < first + EV_ARITY && k < e->n_ev; k++)
		c = e->ev[k].end < e->ev[c].end ? k : c;
	return c;
}

/* Puts x in the top's place and lets it sink to where it belongs. */
static void ev_sift_top(struct engine *e, struct event x)
{
	int64_t i = 0;

	while (EV_ARITY * i + 1 < e->n_ev) {
		int64_t c = ev_earliest_child(e, EV_ARITY * i + 1);
		if (e->ev[c].end >= x.end)
			break;
		e->ev[i] = e->ev[c];
		i = c;
	}
	e->ev[i] = x;
}

/* The same for a block that has just started: it ends after most running
 * ones, so the hole goes down along the earliest children to a leaf and x
 * rises from there, a little. Comparing children only, the way down branches
 * predictably; with durations that vary, this is where the time goes. */
static void ev_replace_top(struct engine *e, struct event x)
{
	int64_t i = 0;

	while (EV_ARITY * i + 1 < e->n_ev) {
		int64_t c = ev_earliest_child(e, EV_ARITY * i + 1);
		e->ev[i] = e->ev[c];
		i = c;
	}
	while (i > 0 && e->ev[(i - 1) / EV_ARITY].end > x.end) {
		e->ev[i] = e->ev[(i - 1) / EV_ARITY];
		i = (i - 1) / EV_ARITY;
	}
	e->ev[i] = x;
}

static struct event ev_pop(struct engine *e)
{
	struct event top = e->ev[0], last = e->ev[--e->n_ev];

	if (e->n_ev > 0)
		ev_sift_top(e, last);
	return top;
}

/* True when the top is the only block that ends at its moment: none of its
 * children (the next earliest are among them) ends then too. */
static bool ev_top_alone(const struct engine *e)
{
	for (int64_t k = 1; k <= EV_ARITY && k < e->n_ev; k++)
		if (e->ev[k].end == e->ev[0].end)
			return false;
	return true;
}

/* The scheduling model p runs under: its own, or every SM alike. */
static void plan(const struct sim_params *p, struct sched *s)
{
	if (p->sched.units > 0 && p->sched.units == p->sm_count)
		*s = p->sched;
	else
		sched_plain(s, p->sm_count, p->blocks_per_sm);
}

static bool params_run(const struct sim_params *p)
{
	return p->sm_count > 0 && p->blocks_per_sm > 0 && p->grid_size > 0 &&
	       p->warps_per_block > 0 && p->max_warps_per_sm > 0 && model_ok(p);
}

static void engine_done(struct engine *e)
{
	free(e->free_slots);
	free(e->active);
	free(e->has_free);
	free(e->busy_since);
	free(e->ev);
	free(e->cl_units);
}

static bool engine_init(struct engine *e, const struct sim_params *p)
{
	int64_t slots = (int64_t)p->sm_count * p->blocks_per_sm;
	int64_t cap = slots < total_blocks(p) ? slots : total_blocks(p);
	size_t n = (size_t)p->sm_count;

	memset(e, 0, sizeof(*e));
	e->p = p;
	durations_init(&e->dur, p);
	e->n_sm = p->sm_count;
	e->total = total_blocks(p);
	e->n_words = (p->sm_count + 63) / 64;
	e->free_slots = calloc(n, sizeof(*e->free_slots));
	e->active = calloc(n, sizeof(*e->active));
	e->has_free = calloc((size_t)e->n_words, sizeof(*e->has_free));
	e->busy_since = calloc(n, sizeof(*e->busy_since));
	e->ev = malloc((size_t)cap * sizeof(*e->ev));
	if (!e->free_slots || !e->active || !e->has_free || !e->busy_since || !e->ev) {
		engine_done(e);
		return false;
	}
	{
		struct sched s;

		plan(p, &s);
		sim_clusters_init(&e->cl, &s, p->grid_size);
		if (e->cl.size && !(e->cl_units = malloc((size_t)e->cl.size * sizeof(int)))) {
			engine_done(e);
			return false;
		}
		for (int sm = 0; sm < e->n_sm; sm++)
			set_free(e, sm, sched_unit_slots(&s, sm));
	}
	return true;
}

/* Adds rate over [from, to) to the buckets of t it overlaps. */
static void timeline_add(struct sim_timeline *t, double *bucket, double from, double to,
			 double rate)
{
	int b = (int)(from / t->dt);

	for (; b < t->n && to > b * t->dt; b++) {
		double lo = b * t->dt, hi = lo + t->dt;
		double span = (to < hi ? to : hi) - (from > lo ? from : lo);
		if (span > 0.0)
			bucket[b] += rate * span;
	}
}

double sim_block_warps_at(const struct sim_params *p, int64_t i, double d, double into)
{
	int w = p->warps_per_block, n = 0;

	if (p->model == SIM_TAIL_KERNEL && i >= p->grid_size)
		return p->tail_warps_per_block > 0 ? p->tail_warps_per_block : w;
	if (p->model != SIM_WARP_SPREAD || w == 1)
		return w;
	for (int k = 0; k < w; k++)
		n += into < d * (1.0 - p->warp_spread * k / (w - 1));
	return n;
}

/* Block i starting now for d: its warps into the buckets, each warp until
 * its own end (SIM_WARP_SPREAD) or the block's. */
static void timeline_block(struct engine *e, int64_t i, double d)
{
	struct sim_timeline *t = e->tl;
	int w = e->p->warps_per_block;

	if (i >= e->dur.first_blocks) {
		timeline_add(t, t->warps, e->now, e->now + d, e->dur.tail_warps);
		timeline_add(t, t->tail_warps, e->now, e->now + d, e->dur.tail_warps);
		return;
	}
	if (e->now + d > t->first_end)
		t->first_end = e->now + d;
	if (e->dur.model != SIM_WARP_SPREAD || w == 1) {
		timeline_add(t, t->warps, e->now, e->now + d, w);
		return;
	}
	for (int k = 0; k < w; k++)
		timeline_add(t, t->warps, e->now,
			     e->now + d * (1.0 - e->p->warp_spread * k / (w - 1)), 1.0);
}

/* Block number next_block starts on sm now; its end, for the event heap. The
 * caller keeps free_slots. */
static struct event block_starts(struct engine *e, int sm)
{
	double d = duration_of(&e->dur, e->next_block);

	if (e->active[sm] == 0)
		e->busy_since[sm] = e->now;
	e->active[sm]++;
	if (e->tl)
		timeline_block(e, e->next_block, d);
	if (e->warps_at && e->now <= e->at && e->at < e->now + d)
		e->warps_at[sm] += sim_block_warps_at(e->p, e->next_block, d, e->at - e->now);
	if (e->watch)
		e->watch(e->watch_ctx, sm, e->next_block, e->now, d);
	if (e->warp_time) {
		e->warp_time[sm] += warp_time_of(&e->dur, e->next_block, d);
		e->blocks[sm]++;
	}
	e->next_block++;
	return (struct event){ e->now + d, sm };
}

/* A block on sm ends now. */
static void block_ends(struct engine *e, int sm)
{
	e->active[sm]--;
	if (e->active[sm] == 0 && e->active_time)
		e->active_time[sm] += e->now - e->busy_since[sm];
	if (e->active[sm] == 0 && e->tl)
		timeline_add(e->tl, e->tl->idle_sms, e->busy_since[sm], e->now, 1.0);
}

/* Starts waiting clusters, in grid order, each whole on the group that
 * sim_clusters_pick names, until one has no group with room (it waits, and
 * the blocks after it with it): true once every cluster has started. */
static bool dispatch_clusters(struct engine *e)
{
	while (e->next_block < e->cl.grid_size) {
		int n = sim_clusters_blocks(&e->cl, e->next_block);
		int g = sim_clusters_pick(&e->cl, n);

		if (g < 0)
			return false;
		sim_clusters_deal(&e->cl, g, e->free_slots, n, e->cl_units);
		for (int k = 0; k < n; k++) {
			int sm = e->cl_units[k];
			set_free(e, sm, e->free_slots[sm] - 1);
			ev_push(e, block_starts(e, sm));
		}
	}
	return true;
}

/* Hands waiting blocks, in grid order, each to the SM with the most free
 * slots, the lowest index on ties. That order goes in rounds: the SMs with the
 * most free slots, L, take one block each in index order and are left with
 * L - 1, as many as those that had L - 1; the next round gives those one each,
 * in index order; and so on. So no ordered structure of SMs is needed: the
 * SMs with a free slot, in index order, once a round. */
static void dispatch(struct engine *e)
{
	int most = 0;

	if (e->next_block >= e->total)
		return;
	if (e->cl.size && !dispatch_clusters(e))
		return;
	for (int w = 0; w < e->n_words; w++)
		for (uint64_t bits = e->has_free[w]; bits;) {
			int sm = next_sm(&bits, w);
			if (e->free_slots[sm] > most)
				most = e->free_slots[sm];
		}
	for (int level = most; level > 0; level--)
		for (int w = 0; w < e->n_words; w++)
			for (uint64_t bits = e->has_free[w]; bits;) {
				int sm = next_sm(&bits, w);
				if (e->next_block >= e->total)
					return;
				if (e->free_slots[sm] < level)
					continue;
				set_free(e, sm, e->free_slots[sm] - 1);
				ev_push(e, block_starts(e, sm));
			}
}

/* The launch: the first blocks go out at time 0. */
static void engine_begin(struct engine *e)
{
	e->now = 0.0;
	dispatch(e);
}

/* Runs the schedule through every block end at or before t_stop, or until
 * `budget` is spent, whichever comes first: each moment costs one and each
 * block that ends at it one more, so a budget bounds the work however many
 * blocks end together. True when a moment at or before t_stop is left. Blocks ending at one moment all free their slots,
 * then waiting blocks are dispatched. While blocks wait, every slot is taken
 * after each dispatch; so when one block alone ends at a moment, its slot is
 * the only free one and the next block takes it: that case, by far the most
 * common with durations that vary, replaces the top of the event heap in one
 * pass and gives the same schedule. Each moment is handled whole, so a run cut
 * into budgets of any size takes the same steps in the same order as one. */
static bool engine_advance(struct engine *e, double t_stop, int64_t budget)
{
	while (budget > 0 && e->n_ev > 0 && e->ev[0].end <= t_stop) {
		e->now = e->ev[0].end;
		budget -= 2;
		/* (not for a cluster: it needs a free slot for each of its blocks) */
		if (e->next_block < e->total && ev_top_alone(e) &&
		    !(e->cl.size && e->next_block < e->cl.grid_size)) {
			int sm = e->ev[0].sm;
			block_ends(e, sm);
			ev_replace_top(e, block_starts(e, sm));
			continue;
		}
		while (e->n_ev > 0 && e->ev[0].end == e->now) {
			int sm = ev_pop(e).sm;
			block_ends(e, sm);
			set_free(e, sm, e->free_slots[sm] + 1);
			budget--;
		}
		dispatch(e);
	}
	return e->n_ev > 0 && e->ev[0].end <= t_stop;
}

static void engine_run(struct engine *e, double t_stop)
{
	engine_begin(e);
	engine_advance(e, t_stop, INT64_MAX);
}

void sim_result_done(struct sim_result *r)
{
	free(r->sm_pct);
	free(r->sm_active_time);
	free(r->sm_blocks);
	*r = (struct sim_result){ 0 };
}

/* Allocates r's per-SM arrays, zeroed; false (r all zeros) for want of memory. */
static bool result_alloc(const struct sim_params *p, struct sim_result *r)
{
	r->sm_pct = calloc((size_t)p->sm_count, sizeof(*r->sm_pct));
	r->sm_active_time = calloc((size_t)p->sm_count, sizeof(*r->sm_active_time));
	r->sm_blocks = calloc((size_t)p->sm_count, sizeof(*r->sm_blocks));
	if (!r->sm_pct || !r->sm_active_time || !r->sm_blocks) {
		sim_result_done(r);
		return false;
	}
	return true;
}

/* Turns r's per-SM warp-time, held in sm_pct, into occupancy: achieved
 * occupancy as profilers average it, warp-time over active time, per SM and
 * summed over the SMs (idle SMs add nothing to either). */
static void result_finish(const struct sim_params *p, struct sim_result *r)
{
	double warp_total = 0.0, active_total = 0.0;

	r->sm_count = p->sm_count;
	for (int sm = 0; sm < p->sm_count; sm++) {
		double wt = r->sm_pct[sm], at = r->sm_active_time[sm];
		warp_total += wt;
		active_total += at;
		r->sm_pct[sm] = at > 0.0 ? 100.0 * wt / at / p->max_warps_per_sm : 0.0;
	}
	if (active_total > 0.0)
		r->average_pct = 100.0 * warp_total / active_total / p->max_warps_per_sm;
}

/* The checks sim_run and sim_snapshot share: false when nothing runs. */
static bool runnable(const struct sim_params *p, struct sim_result *r)
{
	if (r)
		*r = (struct sim_result){ 0 };
	if (total_blocks(p) > SIM_MAX_BLOCKS) {
		if (r)
			r->too_large = true;
		return false;
	}
	return params_run(p);
}

/* Fills r's per-SM arrays and points e's accounting at them. */
static bool events_begin(struct engine *e, const struct sim_params *p, struct sim_result *r)
{
	if (!runnable(p, r) || !engine_init(e, p))
		return false;
	if (!result_alloc(p, r)) {
		engine_done(e);
		return false;
	}
	/* sm_pct holds the warp-time until result_finish. */
	e->warp_time = r->sm_pct;
	e->active_time = r->sm_active_time;
	e->blocks = r->sm_blocks;
	engine_begin(e);
	return true;
}

static void events_end(struct engine *e, const struct sim_params *p, struct sim_result *r)
{
	engine_done(e);
	r->makespan = e->now;
	result_finish(p, r);
}

bool sim_run_events(const struct sim_params *p, struct sim_result *r)
{
	struct engine e;

	if (!events_begin(&e, p, r))
		return false;
	engine_advance(&e, INFINITY, INT64_MAX);
	events_end(&e, p, r);
	return true;
}

/* Durations of 1.0: lock-step waves, the last one dealt round-robin (see
 * waves.h), which is what the event loop does with them (ties go to the
 * lowest SM; a wave's blocks all end at once and free every slot before the
 * next wave starts). Every time and warp-time is a whole number, exact in a
 * double, so the sums below are the event loop's to the last bit. */
static bool run_uniform(const struct sim_params *p, struct sim_result *r)
{
	struct durations d;
	struct sched s;

	durations_init(&d, p);
	plan(p, &s);
	if (!result_alloc(p, r))
		return false;
	for (int sm = 0; sm < p->sm_count; sm++) {
		int64_t blocks, busy;
		sched_unit_share(&s, p->grid_size, sm, &blocks, &busy);
		r->sm_blocks[sm] = blocks;
		r->sm_active_time[sm] = (double)busy;
		r->sm_pct[sm] = (double)blocks * d.block_warp_time;
	}
	r->makespan = (double)sched_waves(&s, p->grid_size);
	result_finish(p, r);
	return true;
}

bool sim_run(const struct sim_params *p, struct sim_result *r)
{
	if (!runnable(p, r))
		return false;
	if (unit_durations(p))
		return run_uniform(p, r);
	return sim_run_events(p, r);
}

/* ---- a simulation in slices: sim_run's work, resumable. */

struct sim_job {
	struct sim_params p;     /* the engine points here: the job does not move */
	struct engine e;
	struct sim_result r;
	bool running;            /* the event loop has moments left */
	bool ok;                 /* what sim_run would return */
	int64_t total;
	bool timeline;           /* a timeline job: tl, not r */
	bool watch;              /* a watch job: neither */
	struct sim_timeline tl;
};

struct sim_job *sim_job_start(const struct sim_params *p)
{
	struct sim_job *j = calloc(1, sizeof(*j));

	if (!j)
		return NULL;
	j->p = *p;
	j->total = total_blocks(p);
	if (!runnable(&j->p, &j->r))
		return j;
	if (unit_durations(&j->p)) {
		j->ok = run_uniform(&j->p, &j->r);
		return j;
	}
	j->ok = events_begin(&j->e, &j->p, &j->r);
	j->running = j->ok;
	return j;
}

bool sim_job_step(struct sim_job *j, int64_t work)
{
	if (j->running && !engine_advance(&j->e, INFINITY, work)) {
		if (j->timeline || j->watch)
			engine_done(&j->e);
		else
			events_end(&j->e, &j->p, &j->r);
		j->running = false;
	}
	return !j->running;
}

struct sim_job *sim_timeline_job_start(const struct sim_params *p, int n,
				       const struct sim_result *r)
{
	struct sim_job *j = calloc(1, sizeof(*j));
	struct sim_timeline *t;

	if (!j)
		return NULL;
	j->p = *p;
	j->total = total_blocks(p);
	j->timeline = true;
	t = &j->tl;
	if (n < 1 || !runnable(&j->p, NULL))
		return j;
	t->n = n;
	t->makespan = r->makespan;
	t->average_pct = r->average_pct;
	t->max_warps_per_sm = p->max_warps_per_sm;
	t->dt = r->makespan / n;
	t->warps = calloc((size_t)n, sizeof(*t->warps));
	t->tail_warps = calloc((size_t)n, sizeof(*t->tail_warps));
	t->idle_sms = calloc((size_t)n, sizeof(*t->idle_sms));
	if (!t->warps || !t->tail_warps || !t->idle_sms || !(t->dt > 0.0) ||
	    !engine_init(&j->e, &j->p))
		return j;
	j->e.tl = t;
	engine_begin(&j->e);
	j->ok = j->running = true;
	return j;
}

struct sim_job *sim_watch_job_start(const struct sim_params *p, sim_start_fn *fn, void *ctx)
{
	struct sim_job *j = calloc(1, sizeof(*j));

	if (!j)
		return NULL;
	j->p = *p;
	j->total = total_blocks(p);
	j->watch = true;
	if (!runnable(&j->p, NULL) || !engine_init(&j->e, &j->p)) {
		free(j);
		return NULL;
	}
	j->e.watch = fn;
	j->e.watch_ctx = ctx;
	engine_begin(&j->e);
	j->ok = j->running = true;
	return j;
}

/* Moments are handled whole, so every block starting before the next one
 * has started. */
double sim_job_horizon(const struct sim_job *j)
{
	return j->running && j->e.n_ev > 0 ? j->e.ev[0].end : INFINITY;
}

bool sim_durations_vary(const struct sim_params *p)
{
	return !unit_durations(p);
}

bool sim_timeline_job_finish(struct sim_job *j, struct sim_timeline *t)
{
	int sm_count = j->p.sm_count;
	bool ok;

	sim_job_step(j, INT64_MAX);
	*t = j->tl;
	ok = j->ok;
	free(j);
	if (!ok) {
		sim_timeline_done(t);
		return false;
	}
	for (int b = 0; b < t->n; b++) {
		t->warps[b] /= t->dt * sm_count;
		t->tail_warps[b] /= t->dt * sm_count;
		/* idle_sms held the busy SM-time */
		t->idle_sms[b] = sm_count - t->idle_sms[b] / t->dt;
	}
	return true;
}

double sim_job_progress(const struct sim_job *j)
{
	if (!j->running || j->total <= 0)
		return 1.0;
	return (double)j->e.next_block / (double)j->total;
}

bool sim_job_finish(struct sim_job *j, struct sim_result *r)
{
	bool ok;

	sim_job_step(j, INT64_MAX);
	ok = j->ok;
	*r = j->r;
	free(j);
	return ok;
}

void sim_job_cancel(struct sim_job *j)
{
	if (!j)
		return;
	if (j->running)
		engine_done(&j->e);
	sim_result_done(&j->r);
	sim_timeline_done(&j->tl);
	free(j);
}

bool sim_snapshot_events(const struct sim_params *p, double t, int *active)
{
	struct engine e;

	if (!runnable(p, NULL) || isnan(t))
		return false;
	if (t < 0.0) {
		/* before the launch nothing runs */
		memset(active, 0, (size_t)p->sm_count * sizeof(*active));
		return true;
	}
	if (!engine_init(&e, p))
		return false;
	engine_run(&e, t);
	memcpy(active, e.active, (size_t)p->sm_count * sizeof(*active));
	engine_done(&e);
	return true;
}

bool sim_snapshot(const struct sim_params *p, double t, int *active)
{
	int64_t wave;
	struct sched s;

	if (!runnable(p, NULL) || isnan(t))
		return false;
	if (!unit_durations(p))
		return sim_snapshot_events(p, t, active);
	plan(p, &s);
	/* Wave w runs from w to w + 1; at a moment where one ends and the next
	 * begins, the next one's blocks are resident. */
	wave = t < 0.0 || t >= (double)sched_waves(&s, p->grid_size) ? -1 : (int64_t)floor(t);
	for (int sm = 0; sm < p->sm_count; sm++)
		active[sm] = (int)sched_blocks_in_wave(&s, p->grid_size, sm, wave);
	return true;
}

void sim_timeline_done(struct sim_timeline *t)
{
	free(t->warps);
	free(t->tail_warps);
	free(t->idle_sms);
	*t = (struct sim_timeline){ 0 };
}

/* Runs the schedule twice: once for its makespan, which sets the buckets'
 * width, once putting each block's warps and each SM's busy spells into them
 * (a timeline job). */
bool sim_timeline(const struct sim_params *p, int n, struct sim_timeline *t)
{
	struct sim_result r;
	struct sim_job *j;

	*t = (struct sim_timeline){ 0 };
	if (n < 1 || !sim_run(p, &r))
		return false;
	j = sim_timeline_job_start(p, n, &r);
	sim_result_done(&r);
	return j && sim_timeline_job_finish(j, t);
}

bool sim_snapshot_warps(const struct sim_params *p, double t, double *warps)
{
	struct engine e;

	if (!runnable(p, NULL) || isnan(t))
		return false;
	memset(warps, 0, (size_t)p->sm_count * sizeof(*warps));
	if (t < 0.0)
		return true;
	if (unit_durations(p)) {
		/* the waves' blocks all started at floor(t) */
		int *active = malloc((size_t)p->sm_count * sizeof(*active));
		double into = t - floor(t);

		if (!active || !sim_snapshot(p, t, active)) {
			free(active);
			return false;
		}
		for (int sm = 0; sm < p->sm_count; sm++)
			warps[sm] = active[sm] * sim_block_warps_at(p, 0, 1.0, into);
		free(active);
		return true;
	}
	if (!engine_init(&e, p))
		return false;
	e.warps_at = warps;
	e.at = t;
	engine_run(&e, t);
	engine_done(&e);
	return true;
}
