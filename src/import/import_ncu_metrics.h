/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* import_ncu_metrics.h - what Nsight Compute's CSV pages name: the metrics
 * occview reads (section, name, unit family), their units and scales, and the
 * launch columns' shapes ("(32, 16, 1)", "8.0"). Private to the ncu reader. */
#ifndef OCC_IMPORT_NCU_METRICS_H
#define OCC_IMPORT_NCU_METRICS_H

#include <stdbool.h>

#include "report.h"

/* What occview takes from a report, whichever name the file gives it. */
enum slot {
	S_REGISTERS,
	S_LIMIT_WARPS, S_LIMIT_BLOCKS, S_LIMIT_REGISTERS, S_LIMIT_SMEM, S_LIMIT_BARRIERS,
	S_THEORETICAL, S_THEORETICAL_WARPS, S_SCHEDULER_WARPS, S_WAVES,
	S_SMEM_CONFIG, S_DRIVER_SMEM, S_STATIC_SMEM, S_DYNAMIC_SMEM,
	S_SMEM_PER_BLOCK, S_SMEM_ALLOCATED, S_REGISTERS_ALLOCATED,
	S_BARRIERS,
	S_CLUSTER_X, S_CLUSTER_Y, S_CLUSTER_Z, S_CLUSTER_SIZE,
	S_CLUSTER_MAX_ACTIVE, S_CLUSTER_MAX_SIZE, S_CLUSTER_OCCUPANCY,
	S_SM_COUNT,      /* launch__sm_count, "# SMs" */
	S_SM_COUNT_DEV,  /* device__attribute_multiprocessor_count: second choice */
	S_ACHIEVED, S_ACHIEVED_WARPS,
	S_DURATION,
	S_BLOCK_X, S_BLOCK_Y, S_BLOCK_Z, S_BLOCK_SIZE,
	S_GRID_X, S_GRID_Y, S_GRID_Z, S_GRID_SIZE,
	S_CC_MAJOR, S_CC_MINOR,
	S_SCHED_ACTIVE, S_SCHED_ELIGIBLE, S_SCHED_ISSUED, S_SCHED_ISSUE_PCT, S_SCHED_NONE_PCT,
	S_SCHED_MAX, S_SM_THROUGHPUT, S_MEM_THROUGHPUT,
	S_DEVICE_NAME,   /* text */
	S_N
};

/* How a slot's value reads and scales. */
enum kind {
	K_COUNT,    /* a whole number; its unit (block, register/thread, ...) is a label */
	K_BYTES,    /* a whole number of bytes: byte, Kbyte, Mbyte, Gbyte (decimal) */
	K_TIME,     /* nanoseconds: ns, us, ms, s and nsecond, usecond, msecond, second */
	K_RATIO,    /* a number as written, in a unit that is a label: warps, waves */
	K_PERCENT,  /* a number as written, in "%" */
	K_TEXT,
};

extern const enum kind ncu_slot_kind[S_N];

/* Slots that do not change the occupancy of the launch: a value that cannot
 * be read is left absent (import_drop), and its row kept. */
extern const bool ncu_slot_info[S_N];

/* A metric is its section, its name and its unit (the slot's kind): the
 * details page has two rows named "Memory Throughput", a percentage in GPU
 * Speed Of Light and a Gbyte/s figure in Memory Workload Analysis, and only
 * the first is the "% of peak" the rules read. */
struct metric {
	const char *name;
	enum slot slot;
	/* The details page's Section Name the label belongs to, as a prefix
	 * (2019 to 2021 wrote "GPU Speed Of Light", later versions "GPU Speed
	 * Of Light Throughput"); NULL for raw metric names, which are unique. */
	const char *section;
};

/* The metric named name (a details label or a raw metric name); NULL if
 * occview does not read it. */
const struct metric *ncu_metric_find(const char *name);

/* What slot kind k's unit must be, for the message that refuses another. */
const char *ncu_kind_unit(enum kind k);

/* Reads text in unit as slot sl's value. 1: read; 0: absent; -1: not a
 * number; -2: a unit of another family (another metric sharing the label). */
int ncu_read_value(enum slot sl, const char *text, const char *unit, double *out);
/* The same in two steps, for a raw page, whose units are one row for the
 * whole file: the scale of unit for slot sl (0: not the slot's unit), once
 * a column; then each value with it (never -2). */
double ncu_unit_scale(enum slot sl, const char *unit);
int ncu_read_scaled(enum slot sl, const char *text, double scale, double *out);

/* "(32, 16, 1)" or "192" into out; empty or "n/a" leaves out as it is;
 * false when it is neither. */
bool ncu_read_dim3(const char *text, struct report_int out[3]);

/* "8.0" -> 8, 0; false otherwise. */
bool ncu_read_cc(const char *text, struct report_int *major, struct report_int *minor);

#endif
