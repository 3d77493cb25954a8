/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* sched.c - where a launch's blocks land: block slots per unit, with whole
 * clusters placed in one GPC and a launch restricted to a partition. */
#include "config.h"

#include "sched.h"

#include <string.h>

static void one_group(struct sched *s)
{
	s->n_groups = s->units > 0 ? 1 : 0;
	s->group_units[0] = s->units;
	s->group_blocks[0] = s->per_wave;
}

void sched_plain(struct sched *s, int units, int blocks_per_unit)
{
	memset(s, 0, sizeof(*s));
	s->units = s->gpu_units = units > 0 ? units : 0;
	s->blocks_per_unit = blocks_per_unit > 0 ? blocks_per_unit : 0;
	s->bound = CLUSTER_EXACT;
	s->per_wave = s->per_wave_min = (int64_t)s->units * s->blocks_per_unit;
	one_group(s);
}

/* The GPC layout's own groups, where it is known SM by SM for these units. */
static bool exact_groups(struct sched *s, const struct gpu *gpu)
{
	const struct gpc_layout *g = &gpu->gpcs;
	int total = 0;

	if (!gpu->has_gpcs || g->n_exact <= 0 || g->n_exact > CLUSTER_MAX_GPCS)
		return false;
	for (int i = 0; i < g->n_exact; i++)
		total += g->exact[i];
	if (total != s->units)
		return false;
	s->n_groups = g->n_exact;
	for (int i = 0; i < g->n_exact; i++) {
		int64_t fit = (int64_t)s->blocks_per_unit * g->exact[i];

		s->group_units[i] = g->exact[i];
		s->group_blocks[i] = fit / s->cluster_size * s->cluster_size;
	}
	return true;
}

void sched_init(struct sched *s, const struct gpu *gpu, int partition, int blocks_per_unit,
		int cluster_size, struct cluster_result *cl)
{
	struct cluster_result local;
	int units = partition > 0 && partition < gpu->sm_count ? partition : gpu->sm_count;

	if (!cl)
		cl = &local;
	sched_plain(s, units, blocks_per_unit);
	s->gpu_units = gpu->sm_count > 0 ? gpu->sm_count : 0;
	cluster_compute_units(gpu, s->units, s->blocks_per_unit, cluster_size, cl);
	if (!cl->applies || cluster_size <= 0 || s->per_wave == 0)
		return;
	s->cluster_size = cluster_size;
	s->bound = cl->bound;
	s->per_wave = cl->max_active_max * cluster_size;
	s->per_wave_min = cl->max_active_min < 0 ? -1 : cl->max_active_min * cluster_size;
	if (!exact_groups(s, gpu))
		one_group(s);
}

/* The group unit u is in, and its index there. */
static int group_of(const struct sched *s, int u, int *index)
{
	for (int g = 0; g < s->n_groups; g++) {
		if (u < s->group_units[g]) {
			*index = u;
			return g;
		}
		u -= s->group_units[g];
	}
	*index = 0;
	return -1;
}

int sched_unit_slots(const struct sched *s, int u)
{
	int i, g = u >= 0 ? group_of(s, u, &i) : -1;
	int64_t n, b;

	if (g < 0)
		return 0;
	n = s->group_units[g];
	b = s->group_blocks[g];
	return (int)(b / n + (i < b % n ? 1 : 0));
}

int sched_units_used(const struct sched *s)
{
	int used = 0;

	for (int g = 0; g < s->n_groups; g++)
		used += s->group_blocks[g] < s->group_units[g] ? (int)s->group_blocks[g] :
								  s->group_units[g];
	return used;
}

/* The units of group g: [*from, *to). */
static void group_range(const struct sched *s, int g, int *from, int *to)
{
	*from = 0;
	for (int i = 0; i < g; i++)
		*from += s->group_units[i];
	*to = *from + s->group_units[g];
}

/* Blocks dealt to units [from, to) before every one with room has at most
 * `level` slots free. */
static int64_t dealt(const struct sched *s, int from, int to, int64_t level)
{
	int64_t sum = 0;

	for (int u = from; u < to; u++) {
		int64_t c = sched_unit_slots(s, u);
		sum += c > level ? c - level : 0;
	}
	return sum;
}

/* Blocks unit u of [from, to) gets when p blocks are dealt to those units,
 * each to the unit with the most free slots, the lowest on ties (sim.h's
 * scheduler): the free slots come down level by level. */
static int64_t deal_on(const struct sched *s, int from, int to, int64_t p, int u)
{
	int64_t lo = 0, hi = s->blocks_per_unit, rem, cap;

	/* The lowest level reached: the least with dealt(level) <= p. */
	while (lo < hi) {
		int64_t mid = (lo + hi) / 2;
		if (dealt(s, from, to, mid) <= p)
			hi = mid;
		else
			lo = mid + 1;
	}
	cap = sched_unit_slots(s, u);
	if (cap < lo || lo == 0)
		return cap > lo ? cap - lo : 0;
	/* The rest, one each to the first units left at that level's free count. */
	rem = p - dealt(s, from, to, lo);
	for (int v = from; v < u; v++)
		if (sched_unit_slots(s, v) >= lo)
			rem--;
	return cap - lo + (rem > 0 ? 1 : 0);
}

/* Blocks group g gets of a partial wave of p blocks dealt in whole
 * clusters (the last one short where the grid is): each cluster to the
 * group with the most free slots, the lowest on ties, as the simulation
 * places them (sim_cluster.h). */
static int64_t group_share(const struct sched *s, int64_t p, int g)
{
	int64_t room[CLUSTER_MAX_GPCS], got = 0;

	for (int i = 0; i < s->n_groups; i++)
		room[i] = s->group_blocks[i];
	while (p > 0) {
		int64_t n = p < s->cluster_size ? p : s->cluster_size;
		int best = -1;

		for (int i = 0; i < s->n_groups; i++)
			if (room[i] >= n && (best < 0 || room[i] > room[best]))
				best = i;
		if (best < 0)
			break;
		room[best] -= n;
		got += best == g ? n : 0;
		p -= n;
	}
	return got;
}

/* Every unit the same slots (no clusters): the partial wave dealt
 * round-robin, no search. */
static bool uniform(const struct sched *s)
{
	return s->n_groups == 1 && s->per_wave == (int64_t)s->units * s->blocks_per_unit;
}

int64_t sched_partial_on(const struct sched *s, int64_t p, int u)
{
	int i, g, from, to;

	if (p <= 0 || u < 0 || u >= s->units)
		return 0;
	if (uniform(s))
		return p / s->units + (u < p % s->units ? 1 : 0);
	if (s->n_groups <= 1 || s->cluster_size <= 1)
		return deal_on(s, 0, s->units, p, u);
	/* Whole clusters: first to a group, then dealt among its units. */
	g = group_of(s, u, &i);
	if (g < 0)
		return 0;
	group_range(s, g, &from, &to);
	return deal_on(s, from, to, group_share(s, p, g), u);
}

int64_t sched_waves(const struct sched *s, int64_t grid_size)
{
	if (s->per_wave <= 0 || grid_size <= 0)
		return 0;
	return grid_size / s->per_wave + (grid_size % s->per_wave > 0 ? 1 : 0);
}

void sched_unit_share(const struct sched *s, int64_t grid_size, int u, int64_t *blocks,
		      int64_t *busy_waves)
{
	int64_t full, rest, p, slots;

	*blocks = *busy_waves = 0;
	if (s->per_wave <= 0 || grid_size <= 0)
		return;
	full = grid_size / s->per_wave;
	rest = grid_size % s->per_wave;
	if (uniform(s)) {
		slots = u >= 0 && u < s->units ? s->blocks_per_unit : 0;
		p = slots > 0 ? rest / s->units + (u < rest % s->units ? 1 : 0) : 0;
	} else {
		p = sched_partial_on(s, rest, u);
		slots = sched_unit_slots(s, u);
	}
	*blocks = full * slots + p;
	*busy_waves = (slots > 0 ? full : 0) + (p > 0 ? 1 : 0);
}

void sched_unit_shares(const struct sched *s, int64_t grid_size, int64_t *blocks,
		       double *busy_time)
{
	int64_t busy;

	/* sched_unit_share's round-robin unit by unit, without a call for each:
	 * the first rest % units units take one block of the partial wave more. */
	if (s->per_wave > 0 && grid_size > 0 && uniform(s)) {
		int64_t full = grid_size / s->per_wave, rest = grid_size % s->per_wave;

		for (int u = 0; u < s->units; u++) {
			int64_t p = rest / s->units + (u < rest % s->units ? 1 : 0);

			blocks[u] = full * s->blocks_per_unit + p;
			busy_time[u] = (double)(full + (p > 0 ? 1 : 0));
		}
		return;
	}
	for (int u = 0; u < s->units; u++) {
		sched_unit_share(s, grid_size, u, &blocks[u], &busy);
		busy_time[u] = (double)busy;
	}
}

int64_t sched_blocks_in_wave(const struct sched *s, int64_t grid_size, int u, int64_t wave)
{
	if (wave < 0 || wave >= sched_waves(s, grid_size))
		return 0;
	if (wave < grid_size / s->per_wave)
		return sched_unit_slots(s, u);
	return sched_partial_on(s, grid_size % s->per_wave, u);
}

void sched_whole_wave_grids(const struct sched *s, int64_t grid_size, int64_t *lo, int64_t *hi)
{
	*lo = *hi = 0;
	if (s->per_wave <= 0)
		return;
	*lo = grid_size / s->per_wave * s->per_wave;
	*hi = *lo + (grid_size % s->per_wave ? s->per_wave : 0);
}
