/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* amd.c - AMD occupancy the way LLVM's AMDGPU backend computes the number it
 * prints. */
#include "config.h"

#include "amd.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "terascale.h"

/* Arch VGPRs are rounded up to this before the AGPRs start in a unified file
 * (the kernel descriptor's accum_offset is in units of 4 registers). */
#define AMD_AGPR_OFFSET_GRANULE 4

static int64_t round_up(int64_t v, int64_t granule)
{
	return granule > 1 ? (v + granule - 1) / granule * granule : v;
}

static int div_up(int64_t a, int64_t b)
{
	return (int)((a + b - 1) / b);
}

static int min_int(int a, int b)
{
	return a < b ? a : b;
}

/* Waves per SIMD that `workgroups` resident workgroups of n waves give when
 * their waves spread over the SIMDs as evenly as possible (LLVM's assumption).
 * Not capped by the wave slots: each factor's limit is its own, so that only
 * the factors at the minimum count as limiting. */
static int waves_from_workgroups(int workgroups, int n, int simds)
{
	if (workgroups == AMD_UNLIMITED)
		return AMD_UNLIMITED;
	return (int)(((int64_t)workgroups * n + simds - 1) / simds);
}

int amd_vgpr_file(const struct amd_arch *a, int wave_size)
{
	return wave_size == 32 ? a->vgprs_per_simd_wave32 : a->vgprs_per_simd_wave64;
}

int amd_vgpr_granule(const struct amd_arch *a, int wave_size)
{
	return wave_size == 32 ? a->vgpr_granule_wave32 : a->vgpr_granule_wave64;
}

int amd_vgprs_allocated(const struct amd_arch *a, int wave_size, int vgprs, int agprs)
{
	int granule = amd_vgpr_granule(a, wave_size);
	int n;

	if (a->unified_vgpr_agpr && agprs > 0)
		n = (int)round_up(vgprs, AMD_AGPR_OFFSET_GRANULE) + agprs;
	else
		n = vgprs > agprs ? vgprs : agprs;
	return (int)round_up(n > 0 ? n : 1, granule);
}

int64_t amd_lds_per_unit_bytes(const struct amd_arch *a)
{
	return a->wgp_mode && a->lds_per_wgp_bytes > 0 ? a->lds_per_wgp_bytes : a->lds_per_cu_bytes;
}

void amd_compute(const struct amd_arch *a, const struct amd_input *in, struct amd_result *r)
{
	int wave = in->wave_size ? in->wave_size : a->default_wave_size;
	int simds = amd_simds_per_unit(a);
	int maxw = a->max_waves_per_simd;
	int n, vgpr_file, vgpr_waves, sgpr_waves;
	int64_t lds_pool;

	if (a->vliw) {
		terascale_compute(a, in, r);
		return;
	}
	amd_result_init(r, wave, maxw);

	if (!((wave == 32 && a->wave32) || (wave == 64 && a->wave64)) || simds <= 0 || maxw <= 0) {
		amd_misfit(r, AMD_WAVES);
		return;
	}
	if (in->workgroup_size < 1 || in->workgroup_size > a->max_workgroup_size) {
		amd_misfit(r, AMD_WORKGROUPS);
		return;
	}
	n = div_up(in->workgroup_size, wave);
	r->waves_per_workgroup = n;

	/* VGPRs, with the AGPRs as the target combines them. */
	if (in->vgprs < 0 || in->vgprs > a->max_vgprs_per_wave || in->agprs < 0 ||
	    in->agprs > a->max_agprs_per_wave) {
		amd_misfit(r, AMD_VGPRS);
		return;
	}
	vgpr_file = amd_vgpr_file(a, wave);
	r->vgprs_allocated = amd_vgprs_allocated(a, wave, in->vgprs, in->agprs);
	if (r->vgprs_allocated > vgpr_file) {
		amd_misfit(r, AMD_VGPRS);
		return;
	}
	vgpr_waves = vgpr_file / r->vgprs_allocated;
	r->wave_limit[AMD_VGPRS] = vgpr_waves;
	r->workgroup_limit[AMD_VGPRS] = (int)((int64_t)vgpr_waves * simds / n);

	/* SGPRs: per SIMD on GCN and CDNA; gfx10 and later have enough for every
	 * wave slot, and a count there is only information (amd_sgprs_limit). */
	if (amd_sgprs_limit(a) && (in->sgprs < 0 || in->sgprs > amd_max_sgprs(a))) {
		amd_misfit(r, AMD_SGPRS);
		return;
	}
	r->sgprs_allocated = (int)round_up(in->sgprs, a->sgpr_granule);
	/* 0: not reported (every real kernel has at least VCC), so no limit. */
	if (amd_sgprs_limit(a) && r->sgprs_allocated > 0) {
		sgpr_waves = a->sgprs_per_simd / r->sgprs_allocated;
		r->wave_limit[AMD_SGPRS] = sgpr_waves;
		r->workgroup_limit[AMD_SGPRS] = (int)((int64_t)sgpr_waves * simds / n);
	}

	/* LDS: per CU, or per WGP in WGP mode, in whole granules. LLVM 22 divides
	 * the unrounded size; the hardware allocates granules (see amd.h). */
	if (in->lds_bytes < 0 || in->lds_bytes > a->max_lds_per_workgroup_bytes) {
		amd_misfit(r, AMD_LDS);
		return;
	}
	lds_pool = amd_lds_per_unit_bytes(a);
	r->lds_allocated = round_up(in->lds_bytes, a->lds_granule_bytes);
	if (r->lds_allocated > 0) {
		int64_t wgs = lds_pool / r->lds_allocated;
		r->workgroup_limit[AMD_LDS] = wgs > INT_MAX ? INT_MAX : (int)wgs;
		if (wgs == 0) {
			amd_misfit(r, AMD_LDS);
			return;
		}
	}

	/* Wave slots, and the workgroup limit, which single-wave workgroups do
	 * not count against (they need no barrier). */
	r->workgroup_limit[AMD_WAVES] = maxw * simds / n;
	if (n > 1)
		r->workgroup_limit[AMD_WORKGROUPS] = a->max_workgroups_per_cu * amd_cus_per_unit(a);

	r->wave_limit[AMD_LDS] = waves_from_workgroups(r->workgroup_limit[AMD_LDS], n, simds);
	r->wave_limit[AMD_WAVES] = waves_from_workgroups(r->workgroup_limit[AMD_WAVES], n, simds);
	r->wave_limit[AMD_WORKGROUPS] =
		waves_from_workgroups(r->workgroup_limit[AMD_WORKGROUPS], n, simds);

	r->waves_per_simd = maxw;
	r->workgroups_per_cu = AMD_UNLIMITED;
	for (int f = 0; f < AMD_N_FACTORS; f++) {
		r->waves_per_simd = min_int(r->waves_per_simd, r->wave_limit[f]);
		r->workgroups_per_cu = min_int(r->workgroups_per_cu, r->workgroup_limit[f]);
	}
	for (int f = 0; f < AMD_N_FACTORS; f++)
		if (r->workgroup_limit[f] == r->workgroups_per_cu)
			r->limiting |= 1u << f;
	r->occupancy_pct = 100.0 * r->waves_per_simd / maxw;

	/* LLVM prints an occupancy even when the registers of one SIMD cannot
	 * hold a whole workgroup's share of waves; such a launch fails. */
	if (r->workgroups_per_cu == 0) {
		r->fits = false;
		r->misfit = r->workgroup_limit[AMD_VGPRS] == 0 ? AMD_VGPRS : AMD_SGPRS;
		r->limiting = 1u << r->misfit;
	}
	r->waves_per_cu = r->workgroups_per_cu * n;
	r->resident_waves_per_simd = div_up(r->waves_per_cu, simds);
}

const char *amd_factor_label(enum amd_factor f)
{
	static const char *const labels[AMD_N_FACTORS] = {
		"VGPRs", "SGPRs", "LDS", "wave slots", "workgroups",
	};
	return (unsigned)f < AMD_N_FACTORS ? labels[f] : "?";
}

const char *amd_factor_label_on(const struct amd_arch *a, enum amd_factor f)
{
	return a->vliw && f == AMD_VGPRS ? "GPRs" : amd_factor_label(f);
}

const char *amd_factor_key(enum amd_factor f)
{
	static const char *const keys[AMD_N_FACTORS] = {
		"vgprs", "sgprs", "lds", "waves", "workgroups",
	};
	return (unsigned)f < AMD_N_FACTORS ? keys[f] : "?";
}
