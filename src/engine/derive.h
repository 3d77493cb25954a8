/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* derive.h - the teaching view: each block limit, the occupancy and the waves
 * derived step by step with this launch's own numbers ("65536 registers / (32
 * registers x 32 threads, rounded to 256 per warp) = ..."; on AMD "512 VGPRs
 * per lane / 72 = 7 waves per SIMD"). Every final figure equals what
 * occ_compute() (amd_compute() on AMD) and waves_compute() return. */
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

/* On an AMD target (arch->vendor, r->vendor) every derivation speaks AMD's
 * words: waves per SIMD, workgroups per CU (per WGP in WGP mode), VGPRs, SGPRs,
 * LDS, wave slots; the last step of a factor states its own wave_limit and
 * workgroup_limit from r->amd. */

/* The block limit of factor f; the last step states r->block_limit[f] (or that
 * the factor does not limit, or why no block fits). value is 0 where the
 * launch fails on this factor (AMD: also where amd_compute() refused the
 * launch before counting any factor), otherwise r->block_limit[f]. */
void derive_limit(const struct gpu_arch *arch, const struct occ_input *in,
		  const struct occ_result *r, enum occ_factor f, struct derivation *d);
/* From the five limits to active blocks, warps, threads and occupancy (AMD:
 * to waves per SIMD, occupancy, workgroups and waves per CU or WGP); value is
 * r->active_warps_per_sm. */
void derive_occupancy(const struct gpu_arch *arch, const struct occ_input *in,
		      const struct occ_result *r, struct derivation *d);
/* Blocks per wave, waves per SM, full and partial waves, the tail's share and
 * the predicted achieved occupancy, for grid_size blocks on sm_count SMs (AMD:
 * workgroups per GPU wave on sm_count CUs or WGPs, as struct gpu counts them).
 * arch names the unit on AMD; NULL is allowed (AMD then says "CU"). */
void derive_waves(const struct gpu_arch *arch, const struct occ_result *r, int sm_count,
		  int64_t grid_size, const struct waves *w, struct derivation *d);

/* Everything there is to derive, as --derive prints it and JSON carries it:
 * every factor's block limit (enum occ_factor order, each derive_limit's),
 * the occupancy (derive_occupancy) and, where a block fits, the waves
 * (derive_waves). keys[i], when keys is not NULL, names derivation i:
 * occ_key()'s name of the factor, "occupancy" or "gpu_waves" (AMD calls a
 * factor "waves"). Returns the count,
 * at most DERIVE_MAX_ALL. */
#define DERIVE_MAX_ALL (OCC_N_FACTORS + 2)
int derive_all(const struct gpu_arch *arch, const struct occ_input *in, const struct occ_result *r,
	       int sm_count, int64_t grid_size, const struct waves *w,
	       struct derivation out[DERIVE_MAX_ALL], const char *keys[DERIVE_MAX_ALL]);

/* The families' own (engine.c's tables call them; everyone else calls the
 * functions above). */
void derive_nvidia_limit(const struct gpu_arch *arch, const struct occ_input *in,
			 const struct occ_result *r, enum occ_factor f, struct derivation *d);
void derive_nvidia_occupancy(const struct gpu_arch *arch, const struct occ_input *in,
			     const struct occ_result *r, struct derivation *d);
void derive_nvidia_waves(const struct gpu_arch *arch, const struct occ_result *r, int sm_count,
			 int64_t grid_size, const struct waves *w, struct derivation *d);
void derive_amd_limit(const struct gpu_arch *arch, const struct occ_input *in,
		      const struct occ_result *r, enum occ_factor f, struct derivation *d);
void derive_amd_occupancy(const struct gpu_arch *arch, const struct occ_input *in,
			  const struct occ_result *r, struct derivation *d);
void derive_amd_waves(const struct gpu_arch *arch, const struct occ_result *r, int sm_count,
		      int64_t grid_size, const struct waves *w, struct derivation *d);

#endif
