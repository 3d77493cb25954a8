/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* sim_cluster.h - whole thread-block clusters in the event simulation: a
 * cluster starts only when one group (GPC) has a free slot for each of its
 * blocks at once, and all its blocks start together on that group's units.
 * Used by sim.c; the groups are the scheduling model's (sched.h): the GPC
 * layout where it is known, else the bound's one group of every unit. */
#ifndef OCC_SIM_CLUSTER_H
#define OCC_SIM_CLUSTER_H

#include <stdint.h>

#include "sched.h"

struct sim_clusters {
	int size;             /* blocks per cluster; 0: blocks start one by one */
	int64_t grid_size;    /* the clustered grid's blocks (a tail kernel's come after) */
	int n_groups;
	int first[CLUSTER_MAX_GPCS + 1];  /* group g: units first[g] to first[g + 1] - 1 */
	int64_t free[CLUSTER_MAX_GPCS];   /* free block slots per group */
};

/* Clusters of s on a grid of grid_size blocks; size 0 (one by one) where
 * s has no cluster of more than one block. The groups' free slots start at
 * 0: sim_clusters_add adds each unit's. */
void sim_clusters_init(struct sim_clusters *c, const struct sched *s, int64_t grid_size);
/* The group unit u is in; 0 past the last. */
int sim_clusters_group_of(const struct sim_clusters *c, int u);
/* The cluster block `block` belongs to has this many blocks (the last one
 * of a grid that is not a whole number of clusters is short). */
int sim_clusters_blocks(const struct sim_clusters *c, int64_t block);
/* The group the next cluster of n blocks goes to: the one with the most
 * free slots, the lowest on ties, of those with n; -1 where none has. */
int sim_clusters_pick(const struct sim_clusters *c, int n);
/* The units n blocks of group g land on, in order, into units: each to the
 * unit with the most free slots, the lowest on ties (free_slots: per unit,
 * as they are before the first). The group must have n free slots. */
void sim_clusters_deal(const struct sim_clusters *c, int g, const int *free_slots, int n,
		       int *units);

#endif
