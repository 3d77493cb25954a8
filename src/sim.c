/* sim.c - the block-scheduling simulation: an event loop over block ends, with
 * a heap of SMs ordered by free slots and a heap of running blocks by end time,
 * so a grid costs O(grid log SMs). */
#include "config.h"

#include "sim.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- durations: a counter-based generator, so a block's duration depends on
 * (seed, block index) only and never on the order blocks are drawn in. */

static uint64_t splitmix64(uint64_t x)
{
	x += 0x9E3779B97F4A7C15ull;
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
	x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
	return x ^ (x >> 31);
}

/* Draw number `stream` of block i: 64 well-mixed bits. */
static uint64_t draw(uint64_t seed, int64_t i, unsigned stream)
{
	uint64_t key = splitmix64(seed) ^ ((uint64_t)i * 0xD1B54A32D192ED03ull);
	return splitmix64(key + stream * 0x9E3779B97F4A7C15ull);
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
	case SIM_N_MODELS:
		break;
	}
	return false;
}

double sim_block_duration(const struct sim_params *p, int64_t i)
{
	if (!model_ok(p))
		return 1.0;
	if (p->model == SIM_SLOW_SHARE)
		return uniform01(draw(p->seed, i, 0)) < p->slow_share ? p->slow_factor : 1.0;
	if (p->model == SIM_CV && p->cv > 0.0) {
		/* Lognormal with mean 1: E = exp(mu + sigma^2 / 2) = 1 and
		 * CV^2 = exp(sigma^2) - 1. Box-Muller needs u1 in (0, 1]. */
		double s2 = log1p(p->cv * p->cv), sigma = sqrt(s2), mu = -s2 / 2.0;
		double u1 = ((double)(draw(p->seed, i, 1) >> 11) + 1.0) * 0x1.0p-53;
		double u2 = uniform01(draw(p->seed, i, 2));
		double z = sqrt(-2.0 * log(u1)) * cos(2.0 * SIM_PI * u2);
		return exp(mu + sigma * z);
	}
	return 1.0;
}

/* ---- the scheduler's state */

struct event {
	double end;
	int sm;
};

struct engine {
	const struct sim_params *p;
	int n_sm;
	int *free_slots;     /* per SM */
	int *active;         /* per SM: resident blocks */
	int *heap;           /* SMs, the most free slots (then lowest index) on top */
	int *pos;            /* per SM: its place in heap */
	double *busy_since;  /* per SM: when it last went from 0 to 1 block */
	struct event *ev;    /* running blocks, earliest end on top */
	int64_t n_ev;
	int64_t next_block;  /* first block not yet dispatched */
	double now;
	/* per-SM accounting, NULL when only the schedule is wanted (snapshots) */
	double *warp_time, *active_time;
	int64_t *blocks;
};

static bool sm_before(const struct engine *e, int a, int b)
{
	if (e->free_slots[a] != e->free_slots[b])
		return e->free_slots[a] > e->free_slots[b];
	return a < b;
}

static void sm_swap(struct engine *e, int i, int j)
{
	int t = e->heap[i];
	e->heap[i] = e->heap[j];
	e->heap[j] = t;
	e->pos[e->heap[i]] = i;
	e->pos[e->heap[j]] = j;
}

static void sm_up(struct engine *e, int i)
{
	while (i > 0 && sm_before(e, e->heap[i], e->heap[(i - 1) / 2])) {
		sm_swap(e, i, (i - 1) / 2);
		i = (i - 1) / 2;
	}
}

static void sm_down(struct engine *e, int i)
{
	for (;;) {
		int l = 2 * i + 1, r = l + 1, best = i;
		if (l < e->n_sm && sm_before(e, e->heap[l], e->heap[best]))
			best = l;
		if (r < e->n_sm && sm_before(e, e->heap[r], e->heap[best]))
			best = r;
		if (best == i)
			return;
		sm_swap(e, i, best);
		i = best;
	}
}

static void ev_push(struct engine *e, struct event x)
{
	int64_t i = e->n_ev++;
	while (i > 0 && e->ev[(i - 1) / 2].end > x.end) {
		e->ev[i] = e->ev[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	e->ev[i] = x;
}

static struct event ev_pop(struct engine *e)
{
	struct event top = e->ev[0], last = e->ev[--e->n_ev];
	int64_t i = 0;

	for (;;) {
		int64_t c = 2 * i + 1;
		if (c >= e->n_ev)
			break;
		if (c + 1 < e->n_ev && e->ev[c + 1].end < e->ev[c].end)
			c++;
		if (e->ev[c].end >= last.end)
			break;
		e->ev[i] = e->ev[c];
		i = c;
	}
	if (e->n_ev > 0)
		e->ev[i] = last;
	return top;
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
	free(e->heap);
	free(e->pos);
	free(e->busy_since);
	free(e->ev);
}

static bool engine_init(struct engine *e, const struct sim_params *p)
{
	int64_t slots = (int64_t)p->sm_count * p->blocks_per_sm;
	int64_t cap = slots < p->grid_size ? slots : p->grid_size;
	size_t n = (size_t)p->sm_count;

	memset(e, 0, sizeof(*e));
	e->p = p;
	e->n_sm = p->sm_count;
	e->free_slots = malloc(n * sizeof(*e->free_slots));
	e->active = calloc(n, sizeof(*e->active));
	e->heap = malloc(n * sizeof(*e->heap));
	e->pos = malloc(n * sizeof(*e->pos));
	e->busy_since = calloc(n, sizeof(*e->busy_since));
	e->ev = malloc((size_t)cap * sizeof(*e->ev));
	if (!e->free_slots || !e->active || !e->heap || !e->pos || !e->busy_since || !e->ev) {
		engine_done(e);
		return false;
	}
	/* All SMs tie on free slots: the heap in index order is already valid. */
	for (int sm = 0; sm < e->n_sm; sm++) {
		e->free_slots[sm] = p->blocks_per_sm;
		e->heap[sm] = sm;
		e->pos[sm] = sm;
	}
	return true;
}

/* Hands waiting blocks, in grid order, to the SM with the most free slots. */
static void dispatch(struct engine *e)
{
	while (e->next_block < e->p->grid_size) {
		int sm = e->heap[0];
		double d;

		if (e->free_slots[sm] == 0)
			return;  /* the top has the most free slots: none anywhere */
		d = sim_block_duration(e->p, e->next_block);
		if (e->active[sm] == 0)
			e->busy_since[sm] = e->now;
		e->active[sm]++;
		e->free_slots[sm]--;
		sm_down(e, 0);
		if (e->warp_time) {
			e->warp_time[sm] += d * e->p->warps_per_block;
			e->blocks[sm]++;
		}
		ev_push(e, (struct event){ e->now + d, sm });
		e->next_block++;
	}
}

/* Runs the schedule through every block end at or before t_stop: blocks ending
 * at one moment all free their slots, then waiting blocks are dispatched. */
static void engine_run(struct engine *e, double t_stop)
{
	e->now = 0.0;
	dispatch(e);
	while (e->n_ev > 0 && e->ev[0].end <= t_stop) {
		e->now = e->ev[0].end;
		while (e->n_ev > 0 && e->ev[0].end == e->now) {
			int sm = ev_pop(e).sm;
			e->active[sm]--;
			e->free_slots[sm]++;
			sm_up(e, e->pos[sm]);
			if (e->active[sm] == 0 && e->active_time)
				e->active_time[sm] += e->now - e->busy_since[sm];
		}
		dispatch(e);
	}
}

void sim_result_done(struct sim_result *r)
{
	free(r->sm_pct);
	free(r->sm_active_time);
	free(r->sm_blocks);
	*r = (struct sim_result){ 0 };
}

bool sim_run(const struct sim_params *p, struct sim_result *r)
{
	struct engine e;
	double warp_total = 0.0, active_total = 0.0;

	*r = (struct sim_result){ 0 };
	if (p->grid_size > SIM_MAX_BLOCKS) {
		r->too_large = true;
		return false;
	}
	if (!params_run(p) || !engine_init(&e, p))
		return false;
	r->sm_pct = calloc((size_t)p->sm_count, sizeof(*r->sm_pct));
	r->sm_active_time = calloc((size_t)p->sm_count, sizeof(*r->sm_active_time));
	r->sm_blocks = calloc((size_t)p->sm_count, sizeof(*r->sm_blocks));
	if (!r->sm_pct || !r->sm_active_time || !r->sm_blocks) {
		engine_done(&e);
		sim_result_done(r);
		return false;
	}
	/* sm_pct holds the warp-time until the division below. */
	e.warp_time = r->sm_pct;
	e.active_time = r->sm_active_time;
	e.blocks = r->sm_blocks;
	engine_run(&e, INFINITY);
	engine_done(&e);

	r->sm_count = p->sm_count;
	r->makespan = e.now;
	/* Achieved occupancy as profilers average it: warp-time over active time,
	 * per SM and summed over the SMs (idle SMs add nothing to either). */
	for (int sm = 0; sm < p->sm_count; sm++) {
		double wt = r->sm_pct[sm], at = r->sm_active_time[sm];
		warp_total += wt;
		active_total += at;
		r->sm_pct[sm] = at > 0.0 ? 100.0 * wt / at / p->max_warps_per_sm : 0.0;
	}
	if (active_total > 0.0)
		r->average_pct = 100.0 * warp_total / active_total / p->max_warps_per_sm;
	return true;
}

bool sim_snapshot(const struct sim_params *p, double t, int *active)
{
	struct engine e;

	if (p->grid_size > SIM_MAX_BLOCKS || !params_run(p) || isnan(t))
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

const char *sim_model_key(enum sim_model m)
{
	static const char *const keys[SIM_N_MODELS] = { "uniform", "slow-share", "cv" };
	return (unsigned)m < SIM_N_MODELS ? keys[m] : "?";
}

void sim_model_describe(const struct sim_params *p, char *buf, size_t size)
{
	if (size == 0)
		return;
	switch (p->model) {
	case SIM_UNIFORM:
		snprintf(buf, size, "uniform durations");
		break;
	case SIM_SLOW_SHARE:
		snprintf(buf, size, "%g%% of blocks %gx slower", 100.0 * p->slow_share,
			 p->slow_factor);
		break;
	case SIM_CV:
		snprintf(buf, size, "durations vary (CV %.2f)", p->cv);
		break;
	default:
		snprintf(buf, size, "unknown duration model");
		break;
	}
}
