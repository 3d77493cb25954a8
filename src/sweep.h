/* sweep.h - active warps as one launch parameter varies and the rest stay put:
 * the data behind the three occupancy charts. */
#ifndef OCC_SWEEP_H
#define OCC_SWEEP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "occupancy.h"

enum sweep_kind {
	SWEEP_BLOCK_SIZE,   /* every warp multiple up to the maximum block size */
	SWEEP_REGISTERS,    /* 0 to the maximum registers per thread */
	SWEEP_SHARED_MEM,   /* 0 to the opt-in per-block maximum, at the allocation unit */
	SWEEP_N_KINDS
};

struct sweep_point {
	int64_t x;
	int active_warps;
	int active_blocks;
	unsigned limiting;
};

struct sweep {
	enum sweep_kind kind;
	size_t n;
	struct sweep_point *points;
	int64_t current_x;        /* the launch's own value */
	int current_warps;
	int max_warps;            /* the chart's ceiling: max warps per SM */
};

/* Returns false only when out of memory. */
bool sweep_compute(const struct gpu_arch *arch, const struct occ_input *in,
		   enum sweep_kind kind, struct sweep *out);
void sweep_done(struct sweep *s);

/* "Threads per block", "Registers per thread", "Shared memory per block (bytes)". */
const char *sweep_axis_label(enum sweep_kind kind);

#endif
