/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* terascale.h - occupancy of AMD's VLIW5/VLIW4 (TeraScale 2 and 3: Radeon
 * HD 5000/6000, Evergreen and Northern Islands) compute units, as AMD's own
 * CodeXL / Radeon Compute Profiler computed it (CLCUInfoBase::
 * ComputeCUOccupancy with the Evergreen/Northern Islands ComputeNumActiveWaves
 * of CLCUInfoEGNI; GPUOpen-Archive/CodeXL and GPUOpen-Tools/
 * radeon_compute_profiler Src/CLCommon/CLCUInfoBase.cpp, read at bda6ab24).
 *
 * In AMD's words, restated (S wavefront size, W work-group size, n = ceil(W/S)
 * wavefronts per work-group, G the GPRs a work-item may have, g those it uses,
 * LDS the local memory of a CU, l what a work-group uses, WG = 8 work-groups
 * per CU, WGSMAX the largest work-group, WF the wave slots of a CU):
 *  - the slots are first cut to what 8 largest work-groups could fill:
 *    WF' = min(WF, WG * ceil(WGSMAX / S));
 *  - GPRs: G / max(g, 1) wavefronts, at most WG * n (and then at most WF'),
 *    rounded down to whole work-groups;
 *  - LDS: LDS / max(l, 1) work-groups, at most WG, times n, at most WF';
 *  - work-groups: WF' rounded down to whole work-groups, at most WG * n;
 *  - active wavefronts: the least of the three; occupancy = active / WF'.
 * A GPR is a 128-bit (four-component) register per work-item. */
#ifndef OCC_TERASCALE_H
#define OCC_TERASCALE_H

#include <stdbool.h>
#include <stdint.h>

#include "amd.h"

/* What AMD's calculator takes about the device. */
struct terascale_limits {
	int wave_size;               /* S: 64, or 32 on the smallest parts */
	int max_waves_per_cu;        /* WF: the wave slots of a CU (before the cut) */
	int max_workgroups_per_cu;   /* WG: 8 on every VLIW part */
	int max_workgroup_size;      /* WGSMAX: 256 */
	int gprs_per_work_item;      /* G: the GPRs (128-bit) a work-item may have */
	int64_t lds_per_cu_bytes;    /* LDS of a CU */
};

/* And about the kernel and its launch. */
struct terascale_input {
	int workgroup_size;          /* W, at least 1 */
	int gprs;                    /* g: GPRs per work-item, as the compiler reports */
	int64_t lds_bytes;           /* l: LDS per work-group */
};

/* Every figure AMD's calculator keeps (its names in parentheses). */
struct terascale_result {
	int waves_per_workgroup;     /* n */
	int max_waves_per_cu;        /* WF' (m_nMaxWavefrontsPerCU after the cut) */
	int waves_gpr_limited;       /* (m_nMaxWavesVGPRSLimited) */
	int workgroups_lds_limited;  /* LDS / l work-groups, at most WG */
	int waves_lds_limited;       /* (m_nMaxWavesLDSLimited) */
	int waves_wg_limited;        /* (m_nMaxWavesWGLimited) */
	int active_waves;            /* the least of the three */
	double occupancy_pct;        /* 100 * active / WF' (CU_PARAMS_KERNEL_OCCUPANCY) */
};

/* AMD's calculation itself, for any limits: occview's database gives them
 * through terascale_limits_of, an occupancy file its own. false (r zeroed)
 * where AMD's calculator refuses to compute: a wavefront size, work-group
 * size, GPR budget, LDS size or slot count below 1. */
bool terascale_occupancy(const struct terascale_limits *hw, const struct terascale_input *in,
			 struct terascale_result *r);

/* A VLIW target's limits from its data/amd_archs.csv row (amd_arch.vliw). */
void terascale_limits_of(const struct amd_arch *a, struct terascale_limits *out);

/* amd_compute on a VLIW target: the calculation above in amd_result's
 * terms (a CU is one SIMD engine: waves per SIMD are waves per CU). Input
 * beyond the target's limits (work-group size, GPRs, LDS, a wave size other
 * than the target's, any SGPRs or AGPRs) does not fit. */
void terascale_compute(const struct amd_arch *a, const struct amd_input *in,
		       struct amd_result *r);

#endif
