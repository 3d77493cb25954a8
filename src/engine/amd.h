/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* amd.h - AMD GPU occupancy: wavefronts per SIMD and workgroups per CU (or
 * WGP) limited by VGPRs (arch + accumulation registers as the architecture
 * combines them), SGPRs, LDS, wave slots and the workgroup limit, as LLVM's
 * AMDGPU backend computes the occupancy it prints (llc 22; tests/data/amd
 * holds its vectors). Where a launch and LLVM's number can differ:
 * - LDS is rounded up to whole granules here; LLVM 22 divides the raw size.
 * - LLVM uses the flat-work-group-size range, not a launch's workgroup size.
 * - LLVM prints an occupancy even when one SIMD's registers cannot hold a
 *   workgroup's share of waves; here fits is false for that (see amd_result).
 * - In WGP mode (RDNA default) the unit is the WGP: twice the SIMDs, LDS and
 *   workgroups of a CU; the modes differ where whole workgroups divide a
 *   WGP's wave slots differently from a CU's. */
#ifndef OCC_AMD_H
#define OCC_AMD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "amd_arch.h"

struct amd_input {
	int workgroup_size;          /* work-items */
	int wave_size;               /* 32 or 64; 0: the target's default */
	int vgprs;                   /* arch VGPRs per work-item, as the compiler reports */
	int agprs;                   /* accumulation VGPRs */
	int sgprs;                   /* SGPRs per wave (TotalNumSgprs); 0: unknown, no limit;
	                              * information only where they do not limit */
	int64_t lds_bytes;           /* LDS per workgroup */
};

enum amd_factor {
	AMD_VGPRS, AMD_SGPRS, AMD_LDS, AMD_WAVES, AMD_WORKGROUPS, AMD_N_FACTORS
};

#define AMD_UNLIMITED INT32_MAX

struct amd_result {
	int wave_size;
	int waves_per_workgroup;
	int waves_per_simd;          /* the occupancy LLVM prints; kept when fits is
	                              * false only because a workgroup's waves do not
	                              * fit one SIMD's registers (LLVM prints it then
	                              * too), 0 for input out of the target's range */
	int max_waves_per_simd;
	double occupancy_pct;        /* waves_per_simd / max_waves_per_simd */
	/* LLVM's waves_per_simd counts VGPRs and SGPRs per wave; whole
	 * workgroups may leave some of those waves unusable (16-wave workgroups
	 * and room for 10 waves per SIMD: 2 workgroups, 8 waves per SIMD). This
	 * is what the resident workgroups give, spread evenly (rounded up). */
	int resident_waves_per_simd;
	int workgroups_per_cu;       /* per unit: per WGP in WGP mode */
	int waves_per_cu;            /* per unit */
	/* Each factor's limit on workgroups per CU (AMD_UNLIMITED when it does not
	 * limit) and on waves per SIMD, each on its own (not capped by the wave
	 * slots): waves_per_simd is the least wave_limit, workgroups_per_cu the
	 * least workgroup_limit, and `limiting` has the factors at the latter. */
	int workgroup_limit[AMD_N_FACTORS];
	int wave_limit[AMD_N_FACTORS];
	unsigned limiting;           /* bit per factor at the minimum */
	int vgprs_allocated;         /* per work-item, after combining and the granule */
	int sgprs_allocated;
	int64_t lds_allocated;
	bool fits;                   /* false: no workgroup fits (misfit says why) */
	enum amd_factor misfit;
	bool vliw;                   /* computed as CodeXL did for TeraScale (terascale.h):
	                              * a CU is one SIMD engine, its registers are GPRs */
};

/* r empty for a launch of waves of wave_size: every limit unlimited, fits
 * until a factor says otherwise. */
void amd_result_init(struct amd_result *r, int wave_size, int max_waves_per_simd);
/* Marks r as not fitting because of factor f: nothing runs. */
void amd_misfit(struct amd_result *r, enum amd_factor f);

/* Fills r; input values outside the target's limits give fits = false. */
void amd_compute(const struct amd_arch *a, const struct amd_input *in, struct amd_result *r);

/* amd_compute in two parts, for a sweep of workgroup sizes: amd_per_wave
 * works out once what does not depend on the workgroup size (the wave
 * size, VGPRs, SGPRs and LDS: each one's waves per SIMD or workgroups per
 * CU, and the first check of them that fails); amd_finish gives amd_compute's
 * result at a workgroup size from it (amd_compute is the two). */
enum amd_stop {
	AMD_STOP_NONE, AMD_STOP_WAVES, AMD_STOP_VGPRS_RANGE, AMD_STOP_VGPRS_FILE,
	AMD_STOP_SGPRS_RANGE, AMD_STOP_LDS_RANGE, AMD_STOP_LDS_NONE
};
struct amd_per_wave {
	struct amd_input in;         /* a VLIW target's only: its sizes go to terascale_compute */
	int wave, simds, maxw;
	enum amd_stop stop;          /* the first of the parts' stops, in amd_compute's order */
	enum amd_stop waves_stop, vgprs_stop, sgprs_stop, lds_stop;
	int vgprs_allocated, vgpr_waves;
	int sgprs_allocated, sgpr_waves;
	bool sgprs_limit;
	int64_t lds_allocated;
	int lds_workgroups;          /* where lds_allocated > 0 */
};
void amd_per_wave(const struct amd_arch *a, const struct amd_input *in, struct amd_per_wave *w);
/* w with the VGPRs (and AGPRs), or the LDS, set anew: a search of one of
 * them redoes only its part (not on a VLIW target). */
void amd_per_wave_vgprs(const struct amd_arch *a, struct amd_per_wave *w, int vgprs, int agprs);
void amd_per_wave_lds(const struct amd_arch *a, struct amd_per_wave *w, int64_t lds_bytes);
void amd_finish(const struct amd_arch *a, const struct amd_per_wave *w, int workgroup_size,
		struct amd_result *r);
/* A sweep of workgroup sizes, first, first + step, ... (n of them), in
 * brief: each size's workgroups and waves per CU (per WGP), waves per SIMD
 * where a workgroup fits (else all 0) and the limiting factors' bits, as
 * amd_finish gives them, without the rest of its result. */
struct amd_size_point {
	int workgroups_per_cu, waves_per_cu, waves_per_simd;
	unsigned limiting;
	bool fits;
};
void amd_sweep_sizes(const struct amd_arch *a, const struct amd_per_wave *w, int64_t first,
		     int64_t step, int n, struct amd_size_point *out);

/* Parts of amd_compute that sweeps step through: the VGPRs per work-item
 * allocated for vgprs arch VGPRs and agprs AGPRs at a wave size (never less
 * as vgprs grow), and the LDS a CU (a WGP in WGP mode) shares. */
int amd_vgprs_allocated(const struct amd_arch *a, int wave_size, int vgprs, int agprs);
/* The register rule's two figures at a wave size, written here once: the
 * VGPRs per lane one SIMD's file holds, and the allocation granule. */
int amd_vgpr_file(const struct amd_arch *a, int wave_size);
int amd_vgpr_granule(const struct amd_arch *a, int wave_size);
int64_t amd_lds_per_unit_bytes(const struct amd_arch *a);

const char *amd_factor_label(enum amd_factor f);   /* "VGPRs", "SGPRs", "LDS", "wave slots", "workgroups" */
/* The same on a target: a VLIW (TeraScale) target's registers are "GPRs". */
const char *amd_factor_label_on(const struct amd_arch *a, enum amd_factor f);
const char *amd_factor_key(enum amd_factor f);     /* "vgprs", "sgprs", "lds", "waves", "workgroups" */

#endif
