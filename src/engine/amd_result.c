/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* amd_result.c - how an AMD result starts and how it says nothing fits: the
 * GCN/CDNA/RDNA engine (amd.c) and the TeraScale one (terascale.c) share it. */
#include "config.h"

#include "amd.h"

#include <string.h>

void amd_result_init(struct amd_result *r, int wave_size, int max_waves_per_simd)
{
	memset(r, 0, sizeof(*r));
	for (int f = 0; f < AMD_N_FACTORS; f++)
		r->workgroup_limit[f] = r->wave_limit[f] = AMD_UNLIMITED;
	r->wave_size = wave_size;
	r->max_waves_per_simd = max_waves_per_simd;
	r->fits = true;
}

void amd_misfit(struct amd_result *r, enum amd_factor f)
{
	r->fits = false;
	r->misfit = f;
	r->limiting = 1u << f;
	r->waves_per_simd = 0;
	r->occupancy_pct = 0.0;
	r->workgroups_per_cu = 0;
	r->waves_per_cu = 0;
	r->resident_waves_per_simd = 0;
}
