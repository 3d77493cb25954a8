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

/* The parameter a user turns to move a factor's limit (enum occ_param). */
enum tuning_param {
	TUNING_BLOCK_SIZE = OCC_PARAM_THREADS,     /* threads per block */
	TUNING_REGISTERS = OCC_PARAM_REGISTERS,    /* registers per thread */
	TUNING_SHARED_MEM = OCC_PARAM_SHARED_MEM,  /* the block's whole shared memory, bytes */
	TUNING_BARRIERS = OCC_PARAM_BARRIERS,      /* barriers per block */
};

struct tuning_step {
	enum occ_factor factor;
	enum tuning_param param;
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

/* As cudaOccMaxPotentialOccupancyBlockSize: the block size (up to the GPU's
 * maximum) with the most resident threads, largest first on ties, and the grid
 * that fills every SM with it. The launch's dynamic shared memory is kept. */
void tuning_best_block_size(const struct gpu_arch *arch, int sm_count,
			    const struct occ_input *in, int *block_size, int64_t *min_grid);

const char *tuning_param_label(enum tuning_param p);

#endif
