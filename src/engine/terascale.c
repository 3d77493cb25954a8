/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* terascale.c - AMD's occupancy calculation for VLIW5/VLIW4 compute units
 * (terascale.h says it in words, and where it comes from). */
#include "config.h"

#include "terascale.h"

#include <string.h>

static int64_t min64(int64_t a, int64_t b)
{
	return a < b ? a : b;
}

static int64_t max64(int64_t a, int64_t b)
{
	return a > b ? a : b;
}

bool terascale_occupancy(const struct terascale_limits *hw, const struct terascale_input *in,
			 struct terascale_result *r)
{
	int64_t n, wf, wg, gpr, wgs_lds, lds, slots;

	memset(r, 0, sizeof(*r));
	if (hw->wave_size < 1 || hw->max_waves_per_cu < 1 || hw->max_workgroups_per_cu < 1 ||
	    hw->max_workgroup_size < 1 || hw->gprs_per_work_item < 1 ||
	    hw->lds_per_cu_bytes < 1 || in->workgroup_size < 1)
		return false;
	wg = hw->max_workgroups_per_cu;
	n = ((int64_t)in->workgroup_size + hw->wave_size - 1) / hw->wave_size;

	/* The slots 8 of the largest work-groups could fill at most. */
	wf = min64(hw->max_waves_per_cu,
		   wg * (((int64_t)hw->max_workgroup_size + hw->wave_size - 1) / hw->wave_size));

	/* GPRs: capped by the work-groups, and only then by the slots, as AMD
	 * does; then whole work-groups. */
	gpr = hw->gprs_per_work_item / max64(in->gprs, 1);
	if (gpr > wg * n) {
		gpr = wg * n;
		if (gpr > wf)
			gpr = wf;
	}
	gpr = gpr / n * n;

	/* LDS: work-groups that fit, at most 8, in wavefronts, at most the slots. */
	wgs_lds = min64(hw->lds_per_cu_bytes / max64(in->lds_bytes, 1), wg);
	lds = min64(wgs_lds * n, wf);

	/* Work-groups: the slots in whole work-groups, at most 8 of them. */
	slots = min64(wf / n * n, wg * n);

	r->waves_per_workgroup = (int)n;
	r->max_waves_per_cu = (int)wf;
	r->waves_gpr_limited = (int)gpr;
	r->workgroups_lds_limited = (int)wgs_lds;
	r->waves_lds_limited = (int)lds;
	r->waves_wg_limited = (int)slots;
	r->active_waves = (int)min64(gpr, min64(lds, slots));
	r->occupancy_pct = 100.0 * r->active_waves / (double)wf;
	return true;
}

void terascale_limits_of(const struct amd_arch *a, struct terascale_limits *out)
{
	out->wave_size = a->default_wave_size;
	out->max_waves_per_cu = a->max_waves_per_simd * a->simds_per_cu;
	out->max_workgroups_per_cu = a->max_workgroups_per_cu;
	out->max_workgroup_size = a->max_workgroup_size;
	out->gprs_per_work_item = a->default_wave_size == 32 ? a->vgprs_per_simd_wave32 :
		a->vgprs_per_simd_wave64;
	out->lds_per_cu_bytes = a->lds_per_cu_bytes;
}

void terascale_compute(const struct amd_arch *a, const struct amd_input *in,
		       struct amd_result *r)
{
	struct terascale_limits hw;
	struct terascale_input ti;
	struct terascale_result t;
	int n;

	terascale_limits_of(a, &hw);
	amd_result_init(r, hw.wave_size, hw.max_waves_per_cu);
	r->vliw = true;

	if (in->wave_size && in->wave_size != hw.wave_size) {
		amd_misfit(r, AMD_WAVES);
		return;
	}
	if (in->workgroup_size < 1 || in->workgroup_size > a->max_workgroup_size) {
		amd_misfit(r, AMD_WORKGROUPS);
		return;
	}
	r->waves_per_workgroup = n = (in->workgroup_size + hw.wave_size - 1) / hw.wave_size;
	/* In amd_compute's order: GPRs, SGPRs, LDS; each counted before the next
	 * is checked. */
	if (in->vgprs < 0 || in->vgprs > a->max_vgprs_per_wave || in->agprs != 0) {
		amd_misfit(r, AMD_VGPRS);
		return;
	}
	ti.workgroup_size = in->workgroup_size;
	ti.gprs = in->vgprs;
	ti.lds_bytes = in->lds_bytes >= 0 && in->lds_bytes <= a->max_lds_per_workgroup_bytes ?
		in->lds_bytes : 0;
	if (!terascale_occupancy(&hw, &ti, &t)) {
		amd_misfit(r, AMD_WAVES);
		return;
	}
	r->max_waves_per_simd = t.max_waves_per_cu;
	r->vgprs_allocated = in->vgprs > 0 ? in->vgprs : 1;
	r->wave_limit[AMD_VGPRS] = t.waves_gpr_limited;
	r->workgroup_limit[AMD_VGPRS] = t.waves_gpr_limited / n;
	if (in->sgprs != 0) {
		amd_misfit(r, AMD_SGPRS);
		return;
	}
	if (in->lds_bytes < 0 || in->lds_bytes > a->max_lds_per_workgroup_bytes) {
		amd_misfit(r, AMD_LDS);
		return;
	}
	r->lds_allocated = in->lds_bytes;
	if (in->lds_bytes > 0) {
		r->wave_limit[AMD_LDS] = t.waves_lds_limited;
		r->workgroup_limit[AMD_LDS] = t.waves_lds_limited / n;
	}
	r->wave_limit[AMD_WAVES] = t.max_waves_per_cu / n * n;
	r->workgroup_limit[AMD_WAVES] = t.max_waves_per_cu / n;
	r->wave_limit[AMD_WORKGROUPS] = a->max_workgroups_per_cu * n;
	r->workgroup_limit[AMD_WORKGROUPS] = a->max_workgroups_per_cu;

	r->waves_per_simd = t.active_waves;
	r->occupancy_pct = t.occupancy_pct;
	r->workgroups_per_cu = t.active_waves / n;
	for (int f = 0; f < AMD_N_FACTORS; f++)
		if (r->workgroup_limit[f] == r->workgroups_per_cu)
			r->limiting |= 1u << f;
	if (r->workgroups_per_cu == 0) {
		/* Not one work-group's wavefronts have the GPRs they need. */
		r->fits = false;
		r->misfit = AMD_VGPRS;
		r->limiting = 1u << AMD_VGPRS;
	}
	r->waves_per_cu = r->workgroups_per_cu * n;
	r->resident_waves_per_simd = r->waves_per_cu;
}
