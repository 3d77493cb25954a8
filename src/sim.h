/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* sim.h - a block-scheduling simulation: the blocks of a grid dispatched in
 * order to the SMs, each running for a duration drawn from a model, giving each
 * SM's predicted achieved occupancy. With uniform durations it reproduces the
 * wave prediction of waves.h. */
#ifndef OCC_SIM_H
#define OCC_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Grids above this many blocks are not simulated (sim_run returns false and
 * sets too_large); callers fall back to waves_sm_occupancy_pct(). */
#define SIM_MAX_BLOCKS ((int64_t)1 << 22)

enum sim_model {
	SIM_UNIFORM,     /* every block lasts 1.0 */
	SIM_SLOW_SHARE,  /* a share of blocks, chosen by the seeded generator, lasts slow_factor */
	SIM_CV,          /* lognormal durations with mean 1.0 and coefficient of variation cv */
	SIM_N_MODELS
};

struct sim_params {
	int sm_count;
	int blocks_per_sm;       /* resident block slots per SM: occ_result.active_blocks_per_sm */
	int warps_per_block;
	int max_warps_per_sm;
	int64_t grid_size;       /* blocks */
	enum sim_model model;
	double slow_share;       /* SIM_SLOW_SHARE: 0..1 */
	double slow_factor;      /* SIM_SLOW_SHARE: >= 1 */
	double cv;               /* SIM_CV: >= 0 */
	uint64_t seed;           /* durations are a pure function of (seed, block index) */
};

struct sim_result {
	int sm_count;
	double *sm_pct;          /* per SM: time-averaged active warps over its active time / max, in % */
	double *sm_active_time;  /* per SM: time with at least one resident block */
	int64_t *sm_blocks;      /* per SM: blocks it ran */
	double average_pct;      /* sum of warp-time / sum of active time / max, as profilers average */
	double makespan;         /* time the last block ends */
	bool too_large;          /* grid_size > SIM_MAX_BLOCKS: nothing simulated */
};

/* The scheduler: at each moment, every waiting block goes, in grid order, to
 * the SM with the most free slots (lowest index on ties), as the hardware's
 * breadth-first distribution does; blocks that end at the same moment free
 * their slots before any dispatch. Fills r (free it with sim_result_done).
 * Returns false when out of memory, when the parameters cannot run (no SM, no
 * slot, empty grid: r is then all zeros) or when the grid is too large.
 * Where every block lasts 1.0 (SIM_UNIFORM, and the other models when their
 * parameters vary nothing) the schedule is lock-step waves and sim_run gives
 * the event simulation's result from the wave formula, in O(sm_count) and
 * equal to the last bit; otherwise it runs sim_run_events. */
bool sim_run(const struct sim_params *p, struct sim_result *r);
void sim_result_done(struct sim_result *r);

/* Active blocks on every SM at time t (0 <= t; after the makespan all zero):
 * the animation's frame. active has sm_count entries. False as sim_run.
 * O(sm_count) for durations of 1.0, as sim_run. */
bool sim_snapshot(const struct sim_params *p, double t, int *active);

/* The event simulation itself, whatever the model: O(grid log slots). What
 * sim_run and sim_snapshot do for durations that vary; for durations of 1.0
 * they give what these would, which tests check. */
bool sim_run_events(const struct sim_params *p, struct sim_result *r);
bool sim_snapshot_events(const struct sim_params *p, double t, int *active);

/* Duration of block number i under p's model: deterministic. */
double sim_block_duration(const struct sim_params *p, int64_t i);

/* "uniform", "slow-share", "cv"; and words for the screen, with the numbers:
 * "uniform durations", "10% of blocks 4x slower", "durations vary (CV 0.50)". */
const char *sim_model_key(enum sim_model m);
void sim_model_describe(const struct sim_params *p, char *buf, size_t size);

#endif
