/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* sched.h - the one scheduling model: where a launch's blocks land. The unit
 * a block lands on (an SM; on AMD a CU, or a WGP in RDNA's WGP mode), the
 * groups whole clusters are placed in (GPCs), and the units the launch may use
 * (all, or a partition of N: a green context, an MPS share, a CU mask).
 * Waves, the tail, the per-SM view, the timeline, the simulation and the
 * advice all read their block slots from here. */
#ifndef OCC_SCHED_H
#define OCC_SCHED_H

#include <stdbool.h>
#include <stdint.h>

#include "cluster.h"
#include "gpu.h"

struct sched {
	int units;              /* units the launch may use: the partition, or all */
	int gpu_units;          /* units the GPU has */
	int blocks_per_unit;    /* resident blocks a unit holds (occ_result) */
	int cluster_size;       /* blocks per cluster; 0: blocks land one by one */
	enum cluster_bound bound;  /* how far per_wave is known (exact without clusters) */
	int64_t per_wave;       /* blocks resident at once: the most */
	int64_t per_wave_min;   /* the fewest over the layouts that fit; -1: unknown */
	/* Where the blocks of one wave go: n_groups groups of group_units[g]
	 * consecutive units holding group_blocks[g] blocks, dealt round-robin
	 * over the group's units. Without clusters, or where the GPC layout is
	 * not known exactly, one group of every unit holding per_wave. */
	int n_groups;
	int group_units[CLUSTER_MAX_GPCS];
	int64_t group_blocks[CLUSTER_MAX_GPCS];
};

/* The plain model: every one of units units holds blocks_per_unit blocks. */
void sched_plain(struct sched *s, int units, int blocks_per_unit);
/* The model for a launch on gpu of cluster_size blocks per cluster (0:
 * none) at blocks_per_unit resident blocks per unit, restricted to a
 * partition of `partition` units (0: all the GPU's). cl (may be NULL) gets
 * the cluster figures for the units used, which per_wave follows:
 * max active clusters x cluster size. */
void sched_init(struct sched *s, const struct gpu *gpu, int partition, int blocks_per_unit,
		int cluster_size, struct cluster_result *cl);

/* Blocks unit u (0-based) holds in a full wave; 0 for a unit the launch's
 * clusters leave idle. */
int sched_unit_slots(const struct sched *s, int u);
/* Units that get a block in a full wave. */
int sched_units_used(const struct sched *s);
/* Blocks unit u runs of a partial wave of p blocks (p < per_wave): each
 * block to the unit with the most free slots, the lowest on ties, as the
 * simulation dispatches (round-robin where every unit has the same slots);
 * with clusters over several groups, each whole cluster first to the group
 * with the most free slots (the lowest on ties), then its blocks so among
 * that group's units. */
int64_t sched_partial_on(const struct sched *s, int64_t p, int u);

/* Waves a grid takes (ceil(grid / per_wave)); 0 where nothing runs. */
int64_t sched_waves(const struct sched *s, int64_t grid_size);
/* Unit u's share of a grid: the blocks it runs and the waves it is busy in. */
void sched_unit_share(const struct sched *s, int64_t grid_size, int u, int64_t *blocks,
		      int64_t *busy_waves);
/* Blocks unit u holds in wave `wave` (0-based). */
int64_t sched_blocks_in_wave(const struct sched *s, int64_t grid_size, int u, int64_t wave);

/* The grids nearest grid_size with no partial wave: whole waves, below and
 * above (lo 0 where below one wave). Multiples of per_wave, so of the
 * cluster size too: grids the launch check accepts. */
void sched_whole_wave_grids(const struct sched *s, int64_t grid_size, int64_t *lo, int64_t *hi);

#endif
