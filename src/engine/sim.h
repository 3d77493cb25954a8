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

#include "sched.h"

/* Grids above this many blocks are not simulated (sim_run returns false and
 * sets too_large); callers fall back to waves_sm_occupancy_pct(). */
#define SIM_MAX_BLOCKS ((int64_t)1 << 22)

enum sim_model {
	SIM_UNIFORM,     /* every block lasts 1.0 */
	SIM_SLOW_SHARE,  /* a share of blocks, chosen by the seeded generator, lasts slow_factor */
	SIM_CV,          /* lognormal durations with mean 1.0 and coefficient of variation cv */
	/* Blocks last 1.0, but warp k of a block's W ends at 1 - warp_spread * k / (W - 1)
	 * and its slot stays empty until the block retires: a block's mean active
	 * warps are W * (1 - warp_spread / 2) (W for a block of one warp). */
	SIM_WARP_SPREAD,
	/* Blocks last 1.0, and a second kernel of tail_blocks blocks, each of
	 * tail_warps_per_block warps (0: the first kernel's) lasting tail_duration,
	 * takes the block slots the first kernel frees once its last block has
	 * started: dispatched after the first grid, in the same order, one block a
	 * slot (it is taken to fit wherever a block of the first kernel did). */
	SIM_TAIL_KERNEL,
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
	double warp_spread;      /* SIM_WARP_SPREAD: 0..1 */
	int64_t tail_blocks;     /* SIM_TAIL_KERNEL: the second grid, >= 0 blocks */
	int tail_warps_per_block; /* SIM_TAIL_KERNEL: 0 for warps_per_block */
	double tail_duration;    /* SIM_TAIL_KERNEL: > 0, in the first kernel's block durations */
	/* Where blocks land (clusters, a partition): each SM's slots are
	 * sched_unit_slots(); sched.units 0: blocks_per_sm on every SM. Where
	 * set, sm_count is sched.units. With clusters of more than one block
	 * each cluster starts whole, its blocks together, once one group (GPC)
	 * has a free slot for each of them; the blocks after it wait behind it
	 * (sim_cluster.h). A tail kernel's blocks start one by one. */
	struct sched sched;
};

struct sim_result {
	int sm_count;
	double *sm_pct;          /* per SM: time-averaged active warps over its active time / max, in % */
	double *sm_active_time;  /* per SM: time with at least one resident block */
	int64_t *sm_blocks;      /* per SM: blocks it ran */
	double average_pct;      /* sum of warp-time / sum of active time / max, as profilers average;
				  * with SIM_TAIL_KERNEL both kernels' warps (the SMs' occupancy) */
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

/* sim_run in slices, so that a caller can answer keys between them: a job
 * starts, steps through the schedule's moments (the instants at which blocks
 * end) a budget of work at a time (a moment costs 1 and each block ending at
 * it 1 more; a step ends at a moment's end, so it may pass its budget by one
 * moment's blocks), and finishes with r exactly what sim_run gives,
 * to the last bit, however it was sliced. Uniform durations finish at the
 * start. sim_job_start returns NULL for want of memory only. */
struct sim_job;
struct sim_job *sim_job_start(const struct sim_params *p);
/* True when the job has nothing left to run. */
bool sim_job_step(struct sim_job *j, int64_t work);
/* Share of the blocks dispatched so far, 0 to 1 (1 once finished). */
double sim_job_progress(const struct sim_job *j);
/* Runs what is left, fills r, returns what sim_run would and frees j. */
bool sim_job_finish(struct sim_job *j, struct sim_result *r);
/* Frees j and what it holds; NULL is fine. */
void sim_job_cancel(struct sim_job *j);

/* A job that runs the event simulation of p (whatever its durations) only to
 * tell fn(ctx, ...) of every block as it starts: its unit, its number (from
 * grid_size on a tail kernel's), its start and its duration, in the order of
 * their starts. Step it with sim_job_step, free it with sim_job_cancel. NULL
 * when p cannot run, or for want of memory. */
typedef void sim_start_fn(void *ctx, int unit, int64_t block, double start, double duration);
struct sim_job *sim_watch_job_start(const struct sim_params *p, sim_start_fn *fn, void *ctx);
/* Every block that starts before this time has started (and been told):
 * the next moment the job has to handle; INFINITY once it has none. */
double sim_job_horizon(const struct sim_job *j);
/* False where every block lasts 1.0 (the schedule is lock-step waves, in
 * closed form): see sim_run. */
bool sim_durations_vary(const struct sim_params *p);
/* The warps of block i of p, lasting d, still running a time `into` after
 * its start (0 <= into < d): a tail kernel's its own, under SIM_WARP_SPREAD
 * those not yet ended. */
double sim_block_warps_at(const struct sim_params *p, int64_t i, double d, double into);

/* Active blocks on every SM at time t (0 <= t; after the makespan all zero):
 * the animation's frame. active has sm_count entries. False as sim_run.
 * O(sm_count) for durations of 1.0, as sim_run. */
bool sim_snapshot(const struct sim_params *p, double t, int *active);

/* Active warps on every SM at time t, as sim_snapshot's blocks: a tail
 * kernel's blocks count their own warps, and under SIM_WARP_SPREAD a block's
 * warps that have ended do not count. warps has sm_count entries. */
bool sim_snapshot_warps(const struct sim_params *p, double t, double *warps);

/* The event simulation itself, whatever the model: O(grid log slots). What
 * sim_run and sim_snapshot do for durations that vary; for durations of 1.0
 * they give what these would, which tests check. */
bool sim_run_events(const struct sim_params *p, struct sim_result *r);
bool sim_snapshot_events(const struct sim_params *p, double t, int *active);

/* Duration of block number i under p's model: deterministic. With
 * SIM_TAIL_KERNEL, numbers from grid_size on are the second kernel's. */
double sim_block_duration(const struct sim_params *p, int64_t i);

/* Active warps over time, for a chart: the run cut into n equal buckets from
 * 0 to the makespan, each holding the time-average over the bucket of the
 * active warps per SM (all SMs, both kernels), of the second kernel's alone
 * (SIM_TAIL_KERNEL; zeros otherwise) and of the SMs with no resident block.
 * A warp is active from its block's start to its own end (SIM_WARP_SPREAD:
 * before the block's). */
struct sim_timeline {
	int n;
	double dt;               /* bucket width, in block durations */
	double makespan;
	double average_pct;      /* sim_run's */
	double max_warps_per_sm;
	double *warps;           /* per bucket: mean active warps per SM */
	double *tail_warps;      /* per bucket: the second kernel's part of warps */
	double *idle_sms;        /* per bucket: mean number of SMs with nothing resident */
	double first_end;        /* when the first kernel's last block ends */
};

/* Fills t (free it with sim_timeline_done); false as sim_run, or n < 1. */
bool sim_timeline(const struct sim_params *p, int n, struct sim_timeline *t);
/* The same in slices: r is sim_run's result for p (its makespan sets the
 * buckets); step the job with sim_job_step, watch it with sim_job_progress,
 * end it with sim_timeline_job_finish (t then exactly sim_timeline's, false
 * as it) or sim_job_cancel. NULL for want of memory only. */
struct sim_job *sim_timeline_job_start(const struct sim_params *p, int n,
				       const struct sim_result *r);
bool sim_timeline_job_finish(struct sim_job *j, struct sim_timeline *t);
void sim_timeline_done(struct sim_timeline *t);

/* "uniform", "slow-share", "cv", "warp-spread", "tail-kernel"; and words for
 * the screen, with the numbers: "uniform durations", "10% of blocks 4x
 * slower", "durations vary (CV 0.50)", "warps of a block end spread over 50%",
 * "tail kernel: 200 blocks x 4 warps, 0.5x long". */
const char *sim_model_key(enum sim_model m);
void sim_model_describe(const struct sim_params *p, char *buf, size_t size);

#endif
