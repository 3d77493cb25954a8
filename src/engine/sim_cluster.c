/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* sim_cluster.c - where the event simulation places a whole cluster: the
 * group with room for all its blocks, and the units within it. */
#include "config.h"

#include "sim_cluster.h"

#include <string.h>

void sim_clusters_init(struct sim_clusters *c, const struct sched *s, int64_t grid_size)
{
	memset(c, 0, sizeof(*c));
	if (s->cluster_size <= 1 || s->n_groups < 1 || s->n_groups > CLUSTER_MAX_GPCS)
		return;
	c->size = s->cluster_size;
	c->grid_size = grid_size;
	c->n_groups = s->n_groups;
	for (int g = 0; g < s->n_groups; g++)
		c->first[g + 1] = c->first[g] + s->group_units[g];
}

int sim_clusters_group_of(const struct sim_clusters *c, int u)
{
	for (int g = 0; g < c->n_groups; g++)
		if (u < c->first[g + 1])
			return g;
	return 0;
}

int sim_clusters_blocks(const struct sim_clusters *c, int64_t block)
{
	int64_t start = block / c->size * c->size, left = c->grid_size - start;

	return left < c->size ? (int)left : c->size;
}

int sim_clusters_pick(const struct sim_clusters *c, int n)
{
	int best = -1;

	for (int g = 0; g < c->n_groups; g++)
		if (c->free[g] >= n && (best < 0 || c->free[g] > c->free[best]))
			best = g;
	return best;
}

/* The blocks go in rounds, as sim.c's dispatch does over every unit: the
 * units with the most free slots, L, take one each in index order and are
 * left with L - 1, as many as those that had L - 1; and so on down. */
void sim_clusters_deal(const struct sim_clusters *c, int g, const int *free_slots, int n,
		       int *units)
{
	int most = 0, k = 0;

	for (int u = c->first[g]; u < c->first[g + 1]; u++)
		most = free_slots[u] > most ? free_slots[u] : most;
	for (int level = most; level > 0 && k < n; level--)
		for (int u = c->first[g]; u < c->first[g + 1] && k < n; u++)
			if (free_slots[u] >= level)
				units[k++] = u;
}
