/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* diff.h - the regression gate (--diff OLD NEW): two reports' kernels
 * matched by name and architecture, each analysed as --print would, and
 * what changed in registers, shared memory (LDS), spills, blocks per SM
 * and occupancy, with how far each kernel is from its next occupancy step
 * in registers either way. */
#ifndef OCC_DIFF_H
#define OCC_DIFF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gpu.h"
#include "report.h"
#include "report_launch.h"

/* The conditions a kernel can fail on (--fail-on), as bits. */
enum diff_fail {
	DIFF_FAIL_OCCUPANCY = 1u << 0,   /* its occupancy fell */
	DIFF_FAIL_BLOCKS = 1u << 1,      /* its blocks (workgroups) per SM (CU) fell */
	DIFF_FAIL_SPILLS = 1u << 2,      /* it spills more registers or more scratch */
	DIFF_FAIL_REGISTERS = 1u << 3,   /* it uses more registers (VGPRs) */
};
#define DIFF_N_FAILS 4

/* "occupancy", "blocks", "spills", "registers" for bit i. */
const char *diff_fail_name(int i);
/* A --fail-on list ("occupancy,spills") as bits; false on an unknown name,
 * with *bad pointing at it. */
bool diff_fail_parse(const char *list, unsigned *bits, const char **bad);

/* One side of a kernel: what the record says and what it analyses to. */
struct diff_side {
	bool present;               /* the kernel is in this side's report */
	bool ok;                    /* analysed; else why says why not */
	char why[256];
	char gpu[GPU_NAME_MAX];     /* the GPU it was analysed on */
	/* The engine's words for this GPU: "SM" or "CU" ("WGP"), "registers" or
	 * "VGPRs", "shared memory" or "LDS", "blocks" or "workgroups", and the
	 * singular of the two that follow counts ("1 workgroup"). */
	const char *unit, *registers_word, *smem_word, *blocks_word;
	const char *register_word, *block_word, *threads_word;
	int64_t registers;          /* per thread (AMD: arch VGPRs per work-item) */
	struct report_int agprs, sgprs;
	int64_t smem_bytes;         /* static + dynamic shared memory (AMD: LDS) */
	/* Registers spilled (AMD VGPRs + SGPRs, from the compiler), and the
	 * scratch (local memory) per thread: absent where the report lacks them. */
	struct report_int spills, scratch_bytes;
	int block_size;
	/* The PARAM_BITs of the launch values occview assumed for a compiled
	 * kernel (binary_launch.h): the block size, the dynamic shared memory. */
	unsigned assumed;
	int blocks_per_sm;
	double occupancy_pct;
	/* Registers more before a block (workgroup) per SM is lost, and fewer
	 * before one is gained: 0 when there is no such step (already at the
	 * top, or no register count frees a block). */
	int regs_to_lose, regs_to_gain;
};

enum diff_status { DIFF_UNCHANGED, DIFF_CHANGED, DIFF_ADDED, DIFF_REMOVED, DIFF_ERROR };

struct diff_kernel {
	char *name;                 /* as the report gives it (heap): sanitize to show */
	char arch[32];              /* "gfx90a", "9.0"; "" when unknown */
	enum diff_status status;
	struct diff_side old, new;
	unsigned worse;             /* every enum diff_fail condition that holds */
	unsigned failed;            /* worse & the --fail-on conditions */
	size_t old_index, new_index;   /* the record's index in its report, where present */
};

struct diff_result {
	size_t n;
	struct diff_kernel *kernels;   /* the old report's order, then the added ones */
	size_t unchanged, changed, added, removed, errors, failed;
	size_t duplicates;          /* later records of a kernel already seen, not compared */
};

/* Matches and analyses every kernel of old and new. given is the user's
 * flags (--gpu, --block-size, ...); a grid the records lack is taken as 1
 * (blocks per SM and occupancy do not depend on it). fail_on: the enum
 * diff_fail bits that fail a kernel. False only when out of memory. */
bool diff_reports(const struct gpu_db *db, const struct report *old, const char *old_file,
		  const struct report *new, const char *new_file,
		  const struct report_launch_given *given, unsigned fail_on,
		  struct diff_result *out);
void diff_result_done(struct diff_result *d);

/* The exit status --diff gives: 2 when a kernel could not be analysed, 1
 * when one failed, else 0. */
int diff_exit_status(const struct diff_result *d);

#endif
