/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* compare.h - two analyses set against each other (--compare I,J): what
 * changed from the first to the second, for the text, JSON and CSV. */
#ifndef OCC_COMPARE_H
#define OCC_COMPARE_H

#include <stdbool.h>
#include <stdint.h>

#include "analysis.h"

struct compare_delta {
	bool ok;                              /* both analysed: the deltas below */
	enum gpu_vendor vendor;               /* the first's: the limits' names */
	double occupancy_pct;                 /* theoretical, second minus first */
	int active_blocks_per_sm, active_warps_per_sm;
	bool limit_known[OCC_N_FACTORS];      /* the factor limits both */
	int block_limit[OCC_N_FACTORS];
	bool limiter_changed;                 /* the limiting factors differ */
	double waves_per_sm;
	bool achieved;                        /* both measured an achieved occupancy */
	double achieved_pct;
};

/* d: b minus a. */
void compare_deltas(const struct analysis *a, const struct analysis *b, struct compare_delta *d);

#endif
