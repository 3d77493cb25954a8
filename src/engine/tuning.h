/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* tuning.h - what would change a launch's occupancy: for each limiting factor the
 * smallest change of its parameter that gains a block and the largest change
 * that keeps the occupancy, and the block size cudaOccMaxPotentialBlockSize picks. */
#ifndef OCC_TUNING_H
#define OCC_TUNING_H

#include <stdbool.h>
#include <stdint.h>

#include "gpu.h"
#include "occupancy.h"
#include "waves.h"

struct tuning_step {
	enum occ_factor factor;
	enum occ_param param;   /* the parameter a user turns to move the factor's limit */
	bool has_gain;          /* false: no value of param raises active warps */
	int64_t from, to;       /* param: current -> nearest value that gains */
	int blocks_from, blocks_to;
	int warps_from, warps_to;
	bool has_headroom;      /* false: any increase of param loses occupancy */
	int64_t headroom_to;    /* the largest param value with the same active warps */
};

/* One step per limiting factor, in enum occ_factor order; returns the count. */
int tuning_steps(const struct gpu_arch *arch, const struct occ_input *in,
		 const struct occ_result *r, struct tuning_step out[OCC_N_FACTORS]);
/* The same without the headroom search (has_headroom false, headroom_to
 * the launch's value): for a reader of the gains only. */
int tuning_gains(const struct gpu_arch *arch, const struct occ_input *in,
		 const struct occ_result *r, struct tuning_step out[OCC_N_FACTORS]);

/* As cudaOccMaxPotentialOccupancyBlockSize: the block size (up to the GPU's
 * maximum) with the most resident threads, largest first on ties, and the grid
 * that fills every SM with it. The launch's dynamic shared memory is kept. */
void tuning_best_block_size(const struct gpu_arch *arch, int sm_count,
			    const struct occ_input *in, int *block_size, int64_t *min_grid);

/* The shared-memory configuration that lifts a shared-memory limit: the
 * smallest configuration larger than the one the launch gets (r) that gains
 * active warps, and what selects it: on Fermi and Kepler the L1/shared
 * preference (cache_config, enum launch_cache_config; carveout_pct -1), from
 * Volta on the carveout percentage (of arch->smem_per_sm_bytes) by the
 * runtime's rule (cache_config LAUNCH_CACHE_NONE). False where the
 * architecture has one configuration, shared memory does not limit, or no
 * larger one gains. */
struct tuning_config {
	int64_t config_bytes;
	int carveout_pct;
	int cache_config;
	int blocks_to, warps_to;
};
bool tuning_smem_config(const struct gpu_arch *arch, const struct occ_input *in,
			const struct occ_result *r, struct tuning_config *out);

/* Block sizes (warp multiples) with the launch's own active warps per SM
 * that run the same grid, each block's work shared among its threads, with
 * less of the GPU idle in the partial wave. Under uniform block durations
 * (waves.h) the block slots of every wave, the partial one too, are taken
 * for one block duration: busy_pct, the share of those slots that hold a
 * block, is the share of the GPU the launch keeps busy, and the runtime goes
 * as 1 / busy_pct (the same work over the same resident warps). Best first
 * (most busy, then the nearer size), at most max, each at least 5 % faster
 * than the launch (busy_pct 1.05 times the launch's); returns the count. None where the launch has no partial wave
 * after a full one. */
struct tuning_block_size {
	int threads_per_block;
	int64_t waves;          /* full and partial */
	double busy_pct;
	struct waves w;
};
/* The waves' count and the share of their block slots a launch fills. */
void tuning_waves_busy(const struct waves *w, int64_t grid_size, int64_t *waves, double *busy_pct);
int tuning_block_sizes_waves(const struct gpu *gpu, const struct sched *s, const struct occ_input *in,
			     const struct occ_result *r, int64_t grid_size, const struct waves *w,
			     struct tuning_block_size *out, int max);

/* What tuning_block_sizes_waves weighs that does not depend on the grid:
 * the block sizes (warp multiples) other than the launch's whose blocks
 * reach its active warps per SM, ascending, with their blocks per unit; n
 * -1 where more than TUNING_MAX_SIZES do (none kept), TUNING_SIZES_UNKNOWN
 * before they are swept. */
enum { TUNING_MAX_SIZES = 64, TUNING_SIZES_UNKNOWN = -2 };
struct tuning_sizes {
	int n;
	struct {
		int threads_per_block;
		int blocks_per_unit;
	} size[TUNING_MAX_SIZES];
};
void tuning_sizes_same_warps(const struct gpu_arch *arch, const struct occ_input *in,
			     const struct occ_result *r, struct tuning_sizes *out);
/* tuning_block_sizes_waves with those sizes given (NULL, or n -1: swept
 * here; n TUNING_SIZES_UNKNOWN: swept into sizes where the grid needs
 * them); the same result. */
int tuning_block_sizes_waves_among(const struct gpu *gpu, const struct sched *s,
				   const struct occ_input *in, const struct occ_result *r,
				   struct tuning_sizes *sizes, int64_t grid_size,
				   const struct waves *w, struct tuning_block_size *out, int max);

/* The parameter in a's words: "block size", "registers", "shared memory",
 * "barriers"; "workgroup size", "VGPRs", "LDS" on AMD. */
const char *tuning_param_label(const struct gpu_arch *a, enum occ_param p);

#endif
