/* sweep.h - active warps as one launch parameter varies and the rest stay put:
 * the data behind the occupancy charts (three, and barriers from cc 9.0). */
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
	SWEEP_BARRIERS,     /* 0 to SWEEP_MAX_BARRIERS; limits only where barriers_per_sm > 0 (cc 9.0+) */
	SWEEP_N_KINDS
};

/* The charts every architecture has: block size, registers and shared memory. */
#define SWEEP_N_BASIC (SWEEP_SHARED_MEM + 1)
/* A block uses at most 16 barriers: launch_check accepts 0 to 16. */
#define SWEEP_MAX_BARRIERS 16

struct sweep_point {
	int64_t x;
	int active_warps;
	int active_blocks;
	unsigned limiting;        /* bit (1u << enum occ_factor) per limiting factor */
};

struct sweep {
	enum sweep_kind kind;
	enum gpu_vendor vendor;   /* AMD: waves per SIMD against workgroup size, VGPRs, LDS */
	size_t n;
	struct sweep_point *points;
	int64_t current_x;        /* the launch's own value */
	int current_warps;
	unsigned current_limiting; /* the launch's own limiting factors */
	int max_warps;            /* the chart's ceiling: max warps per SM */
};

/* Returns false only when out of memory. */
bool sweep_compute(const struct gpu_arch *arch, const struct occ_input *in,
		   enum sweep_kind kind, struct sweep *out);
void sweep_done(struct sweep *s);

/* "threads per block", "registers per thread", "shared memory per block (bytes)",
 * "barriers per block". */
const char *sweep_axis_label(enum sweep_kind kind);
/* The x axis in the sweep's vendor's words, long ("workgroup size (work-items)")
 * or short ("workgroup size"); and the y unit, "warps" or "waves". */
const char *sweep_x_label(const struct sweep *s, bool short_form);
const char *sweep_y_unit(const struct sweep *s);
/* The limit the swept parameter stands for: warps for the block size (the warp
 * slots a block takes), registers, shared memory, barriers. Where it is not
 * among a point's limiting factors, another limit caps the curve there. */
enum occ_factor sweep_factor(enum sweep_kind kind);

#endif
