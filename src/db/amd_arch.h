/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* amd_arch.h - an AMD gfx target's limits and a device's CU count, as the
 * built-in tables (data/amd_archs.csv, data/amd_devices.csv) give them, and
 * the facts that follow from a target alone (its unit, its SGPR rule). */
#ifndef OCC_AMD_ARCH_H
#define OCC_AMD_ARCH_H

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

/* The built-in AMD tables; false (err set) if the embedded data is broken. */
bool amd_parse_archs(const char *name, const char *csv, size_t len, struct amd_arch **out,
		     size_t *n, struct occ_error *err);
bool amd_parse_devices(const char *name, const char *csv, size_t len,
		       struct amd_device **out, size_t *n, struct occ_error *err);

#endif
