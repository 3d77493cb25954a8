/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* sweep.h - active warps as one launch parameter varies and the rest stay put:
 * the data behind the occupancy charts (three, and barriers from cc 9.0). */
#ifndef OCC_SWEEP_H
#define OCC_SWEEP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "occupancy.h"

/* Each kind sweeps the launch parameter of the same value (enum occ_param). */
enum sweep_kind {
	SWEEP_BLOCK_SIZE = OCC_PARAM_THREADS,      /* every warp multiple up to the maximum block size */
	SWEEP_REGISTERS = OCC_PARAM_REGISTERS,     /* 0 to the maximum registers per thread */
	SWEEP_SHARED_MEM = OCC_PARAM_SHARED_MEM,   /* 0 to the opt-in per-block maximum, at the allocation unit */
	SWEEP_BARRIERS = OCC_PARAM_BARRIERS,       /* 0 to SWEEP_MAX_BARRIERS; limits only where barriers_per_sm > 0 (cc 9.0+) */
	SWEEP_N_KINDS,
	/* Not one of occ_compute's parameters, so not sweep_compute's: the
	 * cluster size (cc 9.0+), 1 to 16, swept by cluster_sweep (cluster.h). */
	SWEEP_CLUSTER = SWEEP_N_KINDS
};

/* The charts every architecture has: block size, registers and shared memory. */
#define SWEEP_N_BASIC (SWEEP_SHARED_MEM + 1)
/* The cliffs a sweep keeps (registers have at most 30 steps). */
#define SWEEP_MAX_CLIFFS 64
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
	enum gpu_vendor vendor;   /* AMD: waves per CU against workgroup size, VGPRs, LDS */
	bool vliw;                /* an AMD VLIW (TeraScale) target: waves per CU, GPRs */
	bool wgp;                 /* AMD in WGP mode: waves per WGP */
	size_t n;
	struct sweep_point *points; /* by x, ascending (a point per column: never falling) */
	int64_t current_x;        /* the launch's own value */
	int current_warps;
	unsigned current_limiting; /* the launch's own limiting factors */
	int max_warps;            /* the chart's ceiling: max warps per SM (CU, WGP) */
	/* The whole curve's, also where points holds only what a plot shows: */
	int64_t first_x, last_x;  /* its ends */
	bool non_increasing;      /* active warps never rise as x grows */
	unsigned capped_limiting; /* every capped point's limiting factors together; 0: none is capped */
	int columns;              /* > 0: points[c] is what column c of a plot this many
	                           * columns wide shows (sweep_compute_columns) */
	/* A second point the charts mark, set by the caller: the baseline (the
	 * record as loaded) where it differs from the current launch, its own
	 * value of the parameter and its level in the chart's unit. */
	bool has_base;
	int64_t base_x;
	int base_warps;
	/* The cliffs of a falling staircase (non_increasing; none on the block
	 * size's zigzag): each the last value before the level drops, in order,
	 * the first SWEEP_MAX_CLIFFS of them; n_cliffs counts them all. */
	int64_t cliffs[SWEEP_MAX_CLIFFS];
	int n_cliffs;
};

/* The whole curve, every value of the parameter. Returns false only when out
 * of memory. */
bool sweep_compute(const struct gpu_arch *arch, const struct occ_input *in,
		   enum sweep_kind kind, struct sweep *out);
/* Only the points a plot cols (2 or more) columns wide shows, points[c] the
 * one column c shows (sweep_point_index; neighbouring columns may show the
 * same), with the whole curve's ends and summary: drawn cols columns wide it
 * shows exactly what the whole curve does, at a cost that grows with cols
 * and the steps of the curve, not with its values (up to 1,800 for shared
 * memory). It is the curve of in's own value (current_x): a copy with
 * another current point is not what a plot of that one shows. Returns false
 * only when out of memory; free it with sweep_done. */
bool sweep_compute_columns(const struct gpu_arch *arch, const struct occ_input *in,
			   enum sweep_kind kind, int cols, struct sweep *out);
void sweep_done(struct sweep *s);

/* Plot columns: columns 0 and cols - 1 stand for the curve's first and last
 * values exactly, the rest evenly between, each value in its nearest column.
 * A column shows, of the points in it, the launch's own value, else the one
 * nearest the column's exact value (the lower on a tie); a column no point
 * falls in (more columns than values) shows the nearer neighbour, so the
 * curve steps. sweep_point_index gives that point's index in s->points. */
int sweep_column_of(const struct sweep *s, int64_t x, int cols);
size_t sweep_point_index(const struct sweep *s, int col, int cols);
/* Another limit than the swept parameter's caps p: it has active warps and
 * the swept factor is not among its limiting ones. */
bool sweep_point_capped(const struct sweep *s, const struct sweep_point *p);

/* "threads per block", "registers per thread", "shared memory per block (bytes)",
 * "barriers per block". */
const char *sweep_axis_label(enum sweep_kind kind);
/* The x axis in the sweep's vendor's words, long ("workgroup size (work-items)")
 * or short ("workgroup size"); and the y unit, "warps" or "waves". */
const char *sweep_x_label(const struct sweep *s, bool short_form);
/* The y axis's title, long ("Waves per SIMD", "Active warps per SM") or
 * short ("Waves"). */
const char *sweep_y_title(const struct sweep *s, bool short_form);
const char *sweep_y_unit(const struct sweep *s);
/* The limit the swept parameter stands for: warps for the block size (the warp
 * slots a block takes), registers, shared memory, barriers. Where it is not
 * among a point's limiting factors, another limit caps the curve there. */
enum occ_factor sweep_factor(enum sweep_kind kind);

#endif
