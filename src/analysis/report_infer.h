/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* report_infer.h - launch values an Nsight Compute record lacks, from the
 * block limits it gives: registers per thread from Block Limit Registers,
 * shared memory per block from Block Limit Shared Mem, barriers per block
 * from Block Limit Barriers. Each is the range of values that give the
 * report's limit on the record's GPU, computed as the report's version
 * prints it (crosscheck.h), and the most of them stands in for the launch:
 * any value in the range gives Nsight Compute's figures, and from the most
 * a next step that gains a block (tuning.h) gains it whatever the kernel's
 * own value is. */
#ifndef OCC_REPORT_INFER_H
#define OCC_REPORT_INFER_H

#include <stdint.h>

#include "gpu.h"
#include "launch.h"
#include "report.h"

struct report_range {
	int32_t lo, hi;
	int32_t limit;      /* the report's block limit they give */
};

struct report_inferred {
	unsigned params;                 /* PARAM_BIT of each value inferred; shared memory
					    is the block's whole (static and dynamic) */
	struct report_range registers;   /* per thread */
	struct report_range smem_bytes;  /* per block, without the driver's reserve */
	struct report_range barriers;    /* per block */
	uint16_t from;                   /* crosscheck field bits they came from */
};

/* Infers what of want (PARAM_BIT of PARAM_REGISTERS, PARAM_STATIC_SMEM,
 * PARAM_DYNAMIC_SMEM, PARAM_BARRIERS) rec's block limits pin down on arch
 * (NVIDIA), given the launch l has so far (its block size, and what of the
 * rest is known), into l and out. Shared memory: a known static part stays
 * and the dynamic part takes the rest; with neither known the whole is
 * static as far as static shared memory may go (48 KB), dynamic beyond.
 * Returns the PARAM_BITs of want still lacking: those rec has no
 * limit for, or whose limit no value reproduces. */
unsigned report_infer(const struct report_record *rec, const struct gpu_arch *arch,
		      unsigned want, struct launch *l, struct report_inferred *out);

#endif
