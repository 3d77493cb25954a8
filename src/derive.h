/* derive.h - the teaching view: each block limit, the occupancy and the waves
 * derived step by step with this launch's own numbers ("65536 registers / (32
 * registers x 32 threads, rounded to 256 per warp) = ..."). Every final figure
 * equals what occ_compute() and waves_compute() return. */
#ifndef OCC_DERIVE_H
#define OCC_DERIVE_H

#include <stddef.h>
#include <stdint.h>

#include "gpu.h"
#include "occupancy.h"
#include "waves.h"

#define DERIVE_MAX_STEPS 16
#define DERIVE_STEP_LEN 160

struct derivation {
	char title[96];                      /* "Registers: 8 blocks per SM" */
	int64_t value;  /* the final figure: the block limit (OCC_UNLIMITED when the factor
			 * does not limit), active warps per SM, or blocks per wave */
	int n;
	char steps[DERIVE_MAX_STEPS][DERIVE_STEP_LEN];  /* one sentence each, in order */
};

/* The block limit of factor f; the last step states r->block_limit[f] (or that
 * the factor does not limit, or why no block fits). */
void derive_limit(const struct gpu_arch *arch, const struct occ_input *in,
		  const struct occ_result *r, enum occ_factor f, struct derivation *d);
/* From the five limits to active blocks, warps, threads and occupancy. */
void derive_occupancy(const struct gpu_arch *arch, const struct occ_input *in,
		      const struct occ_result *r, struct derivation *d);
/* Blocks per wave, waves per SM, full and partial waves, the tail's share and
 * the predicted achieved occupancy, for grid_size blocks on sm_count SMs. */
void derive_waves(const struct occ_result *r, int sm_count, int64_t grid_size,
		  const struct waves *w, struct derivation *d);

#endif
