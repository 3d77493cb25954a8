/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* waves.h - how a grid fills the GPU: waves, the partial last wave, the tail
 * effect and the achieved occupancy it predicts under uniform block durations. */
#ifndef OCC_WAVES_H
#define OCC_WAVES_H

#include <stdbool.h>
#include <stdint.h>

#include "occupancy.h"
#include "sched.h"

struct waves {
	int64_t blocks_per_wave;        /* units x resident blocks per unit; with clusters
	                                 * the most resident clusters x cluster size */
	double waves_per_sm;            /* grid / blocks per wave (launch__waves_per_multiprocessor) */
	int64_t full_waves;
	int64_t partial_wave_blocks;    /* blocks in the last, partial wave; 0 if none */
	double tail_share_pct;          /* the partial wave's share of runtime, uniform durations */
	int active_sms;                 /* SMs that receive at least one block */
	double predicted_achieved_pct;  /* time-weighted over active SMs, uniform durations */
	double partial_wave_occupancy_pct; /* occupancy while the partial wave runs */
	/* What the scheduling model (sched.h) adds: the units the launch uses
	 * (a partition's, or all), those its clusters leave without a block, and
	 * where the GPC layout is a bound, the fewest blocks per wave and the
	 * most waves it gives (-1: unknown); the fields above are the most. */
	int units;
	int idle_units;
	enum cluster_bound bound;
	int64_t blocks_per_wave_min;
	double waves_max;
};

/* Fills w for a grid of grid_size blocks on sm_count SMs with result r.
 * A launch where no block fits gives zeros (nothing runs). */
void waves_compute(const struct occ_result *r, int sm_count, int64_t grid_size, struct waves *w);

/* The same under the scheduling model s (sched.h): clusters, partitions. */
void waves_compute_sched(const struct occ_result *r, const struct sched *s, int64_t grid_size,
			 struct waves *w);
double waves_unit_occupancy_pct(const struct occ_result *r, const struct sched *s,
				int64_t grid_size, int u);

/* Predicted achieved occupancy of SM number sm (0-based) under the same model:
 * blocks spread evenly over SMs, every block as long as every other. */
double waves_sm_occupancy_pct(const struct occ_result *r, int sm_count, int64_t grid_size, int sm);

/* The schedule under that model, for blocks_per_sm resident blocks on each of
 * sm_count SMs (all three counts positive): the waves the grid takes (every
 * wave, the partial one too, lasts one block duration), and for SM number sm
 * the blocks it runs and the waves it is busy in. */
int64_t waves_count(int blocks_per_sm, int sm_count, int64_t grid_size);
void waves_sm_share(int blocks_per_sm, int sm_count, int64_t grid_size, int sm, int64_t *blocks,
		    int64_t *busy_waves);

#endif
