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

#include "error.h"

#define AMD_NAME_MAX 80

/* One gfx target's limits (data/amd_archs.csv). */
struct amd_arch {
	char target[16];             /* "gfx942" */
	char family[24];             /* "CDNA3" */
	int default_wave_size;       /* 64 (GCN, CDNA) or 32 (RDNA) */
	bool wave32, wave64;         /* supported wave sizes */
	int simds_per_cu;            /* SIMDs per CU (per WGP in WGP mode: twice) */
	int max_waves_per_simd;      /* wave slots per SIMD */
	int vgprs_per_simd_wave64;   /* VGPRs per lane a SIMD holds for wave64 */
	int vgprs_per_simd_wave32;   /* and for wave32 (0 if unsupported) */
	int vgpr_granule_wave64;     /* allocation granule, wave64 */
	int vgpr_granule_wave32;
	int max_vgprs_per_wave;      /* addressable arch VGPRs */
	bool unified_vgpr_agpr;      /* gfx90a+: AGPRs share the file, after the arch VGPRs */
	int max_agprs_per_wave;      /* AGPRs a wave may use (gfx908: own file; gfx90a+: in the unified one) or 0 */
	int sgprs_per_simd;          /* 0: SGPRs do not limit occupancy */
	int sgpr_granule;            /* 1 on GCN/CDNA: LLVM's table is floor(800 / TotalNumSgprs) */
	int max_sgprs_per_wave;      /* the most TotalNumSgprs (with VCC etc.) can be */
	int lds_per_cu_bytes;        /* per CU; in WGP mode a workgroup may use lds_per_wgp_bytes */
	int lds_per_wgp_bytes;       /* 0 on GCN/CDNA */
	int lds_granule_bytes;
	int max_lds_per_workgroup_bytes;
	int max_workgroups_per_cu;   /* workgroups of more than one wave (barriers); WGP: twice */
	int max_workgroup_size;
	bool wgp_mode;               /* RDNA default: the unit of occupancy is the WGP */
	char provenance[512];
	/* TeraScale 2/3 (family "TeraScale ..."): VLIW5/VLIW4, one SIMD engine
	 * per CU, computed as AMD's CodeXL did (terascale.h); not a column. */
	bool vliw;
};

/* One device: a target and its CU count (data/amd_devices.csv). */
struct amd_device {
	char name[AMD_NAME_MAX];
	char aliases[256];           /* ';'-separated */
	char target[16];
	int cu_count;                /* CUs (RDNA: CUs, two per WGP) */
	char provenance[512];
};

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

/* The unit occupancy is counted on: a CU, or a WGP (two CUs) in WGP mode. */
int amd_cus_per_unit(const struct amd_arch *a);
int amd_simds_per_unit(const struct amd_arch *a);
const char *amd_unit_name(const struct amd_arch *a);   /* "CU" or "WGP" */
/* The gfx target of a GCN chip's code name as AMD's tools name devices
 * ("Hawaii", "Capeverde", "Tahiti"; any case): LLVM's processor names
 * (AMDGPUUsage's processor table) and CodeXL's spellings of them; NULL
 * for a name that is none, or that names parts of several targets. */
const char *amd_codename_target(const char *name);

/* Whether SGPRs limit occupancy on the target, by LLVM's rule per
 * generation (AMDGPUBaseInfo IsaInfo::getOccupancyWithNumSGPRs): up to GFX9
 * (GCN, and CDNA, which LLVM counts as GFX9) the waves of a SIMD share its
 * SGPRs (800 from GFX8 on); from GFX10 on (RDNA) it returns the target's
 * most waves whatever the count, and every wave gets 128 SGPRs (the kernel
 * descriptor's SGPR count must be 0 there, and rocprof reports 128). Where
 * they do not limit (the database's sgprs_per_simd 0), a launch's SGPR count
 * is information only: shown, never checked against amd_max_sgprs, never a
 * limit. */
bool amd_sgprs_limit(const struct amd_arch *a);

/* The most SGPRs per wave a launch may give where they limit: the
 * compiler's most (TotalNumSgprs, with VCC etc.) rounded up to 16, because
 * rocprof reports the kernel descriptor's granulated count (a real MI300X
 * kernel: 112). */
int amd_max_sgprs(const struct amd_arch *a);

/* r empty for a launch of waves of wave_size: every limit unlimited, fits
 * until a factor says otherwise. */
void amd_result_init(struct amd_result *r, int wave_size, int max_waves_per_simd);
/* Marks r as not fitting because of factor f: nothing runs. */
void amd_misfit(struct amd_result *r, enum amd_factor f);

/* Fills r; input values outside the target's limits give fits = false. */
void amd_compute(const struct amd_arch *a, const struct amd_input *in, struct amd_result *r);

/* Parts of amd_compute that sweeps step through: the VGPRs per work-item
 * allocated for vgprs arch VGPRs and agprs AGPRs at a wave size (never less
 * as vgprs grow), and the LDS a CU (a WGP in WGP mode) shares. */
int amd_vgprs_allocated(const struct amd_arch *a, int wave_size, int vgprs, int agprs);
int64_t amd_lds_per_unit_bytes(const struct amd_arch *a);

/* The built-in AMD tables; false (err set) if the embedded data is broken. */
bool amd_parse_archs(const char *name, const char *csv, size_t len, struct amd_arch **out,
		     size_t *n, struct occ_error *err);
bool amd_parse_devices(const char *name, const char *csv, size_t len,
		       struct amd_device **out, size_t *n, struct occ_error *err);

const char *amd_factor_label(enum amd_factor f);   /* "VGPRs", "SGPRs", "LDS", "wave slots", "workgroups" */
/* The same on a target: a VLIW (TeraScale) target's registers are "GPRs". */
const char *amd_factor_label_on(const struct amd_arch *a, enum amd_factor f);
const char *amd_factor_key(enum amd_factor f);     /* "vgprs", "sgprs", "lds", "waves", "workgroups" */

#endif
