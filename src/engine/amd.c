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

/* The first of the per-wave checks that fails, in amd_compute's order. */
static void settle(struct amd_per_wave *w)
{
	w->stop = w->waves_stop != AMD_STOP_NONE ? w->waves_stop
		: w->vgprs_stop != AMD_STOP_NONE ? w->vgprs_stop
		: w->sgprs_stop != AMD_STOP_NONE ? w->sgprs_stop : w->lds_stop;
}

/* VGPRs, with the AGPRs as the target combines them. */
static void part_vgprs(const struct amd_arch *a, struct amd_per_wave *w, int vgprs, int agprs)
{
	int file = amd_vgpr_file(a, w->wave);

	w->vgprs_allocated = w->vgpr_waves = 0;
	w->vgprs_stop = AMD_STOP_NONE;
	if (vgprs < 0 || vgprs > a->max_vgprs_per_wave || agprs < 0 || agprs > a->max_agprs_per_wave) {
		w->vgprs_stop = AMD_STOP_VGPRS_RANGE;
		return;
	}
	w->vgprs_allocated = amd_vgprs_allocated(a, w->wave, vgprs, agprs);
	if (w->vgprs_allocated > file)
		w->vgprs_stop = AMD_STOP_VGPRS_FILE;
	else
		w->vgpr_waves = file / w->vgprs_allocated;
}

/* SGPRs: per SIMD on GCN and CDNA; gfx10 and later have enough for every
 * wave slot, and a count there is only information (amd_sgprs_limit). */
static void part_sgprs(const struct amd_arch *a, struct amd_per_wave *w, int sgprs)
{
	bool limit = amd_sgprs_limit(a);

	w->sgprs_allocated = w->sgpr_waves = 0;
	w->sgprs_limit = false;
	w->sgprs_stop = AMD_STOP_NONE;
	if (limit && (sgprs < 0 || sgprs > amd_max_sgprs(a))) {
		w->sgprs_stop = AMD_STOP_SGPRS_RANGE;
		return;
	}
	w->sgprs_allocated = (int)round_up(sgprs, a->sgpr_granule);
	/* 0: not reported (every real kernel has at least VCC), so no limit. */
	w->sgprs_limit = limit && w->sgprs_allocated > 0;
	if (w->sgprs_limit)
		w->sgpr_waves = a->sgprs_per_simd / w->sgprs_allocated;
}

/* LDS: per CU, or per WGP in WGP mode, in whole granules. LLVM 22 divides
 * the unrounded size; the hardware allocates granules (see amd.h). */
static void part_lds(const struct amd_arch *a, struct amd_per_wave *w, int64_t lds_bytes)
{
	w->lds_allocated = 0;
	w->lds_workgroups = AMD_UNLIMITED;
	w->lds_stop = AMD_STOP_NONE;
	if (lds_bytes < 0 || lds_bytes > a->max_lds_per_workgroup_bytes) {
		w->lds_stop = AMD_STOP_LDS_RANGE;
		return;
	}
	w->lds_allocated = round_up(lds_bytes, a->lds_granule_bytes);
	if (w->lds_allocated > 0) {
		int64_t wgs = amd_lds_per_unit_bytes(a) / w->lds_allocated;
		w->lds_workgroups = wgs > INT_MAX ? INT_MAX : (int)wgs;
		if (wgs == 0)
			w->lds_stop = AMD_STOP_LDS_NONE;
	}
}

void amd_per_wave(const struct amd_arch *a, const struct amd_input *in, struct amd_per_wave *w)
{
	int wave = in->wave_size ? in->wave_size : a->default_wave_size;

	w->wave = wave;
	w->simds = amd_simds_per_unit(a);
	w->maxw = a->max_waves_per_simd;
	if (a->vliw) {
		w->in = *in;
		w->stop = AMD_STOP_NONE;
		return;
	}
	/* Each part on its own, so that a search can redo one (amd_per_wave_vgprs,
	 * amd_per_wave_lds); amd_finish reads only those before the first that
	 * fails. */
	w->waves_stop = !((wave == 32 && a->wave32) || (wave == 64 && a->wave64)) || w->simds <= 0 ||
		w->maxw <= 0 ? AMD_STOP_WAVES : AMD_STOP_NONE;
	part_vgprs(a, w, in->vgprs, in->agprs);
	part_sgprs(a, w, in->sgprs);
	part_lds(a, w, in->lds_bytes);
	settle(w);
}

void amd_per_wave_vgprs(const struct amd_arch *a, struct amd_per_wave *w, int vgprs, int agprs)
{
	part_vgprs(a, w, vgprs, agprs);
	settle(w);
}

void amd_per_wave_lds(const struct amd_arch *a, struct amd_per_wave *w, int64_t lds_bytes)
{
	part_lds(a, w, lds_bytes);
	settle(w);
}

void amd_compute(const struct amd_arch *a, const struct amd_input *in, struct amd_result *r)
{
	struct amd_per_wave w;

	if (a->vliw) {
		terascale_compute(a, in, r);
		return;
	}
	amd_per_wave(a, in, &w);
	amd_finish(a, &w, in->workgroup_size, r);
}

/* amd_compute's checks come in its order: the wave size, the workgroup
 * size, then VGPRs, SGPRs and LDS (w->stop), each filling what it found
 * before the next can fail. */
void amd_finish(const struct amd_arch *a, const struct amd_per_wave *w, int workgroup_size,
		struct amd_result *r)
{
	int simds = w->simds, maxw = w->maxw, n;

	if (a->vliw) {
		struct amd_input in = w->in;

		in.workgroup_size = workgroup_size;
		terascale_compute(a, &in, r);
		return;
	}
	amd_result_init(r, w->wave, maxw);
	if (w->stop == AMD_STOP_WAVES) {
		amd_misfit(r, AMD_WAVES);
		return;
	}
	if (workgroup_size < 1 || workgroup_size > a->max_workgroup_size) {
		amd_misfit(r, AMD_WORKGROUPS);
		return;
	}
	n = div_up(workgroup_size, w->wave);
	r->waves_per_workgroup = n;
	if (w->stop == AMD_STOP_VGPRS_RANGE) {
		amd_misfit(r, AMD_VGPRS);
		return;
	}
	r->vgprs_allocated = w->vgprs_allocated;
	if (w->stop == AMD_STOP_VGPRS_FILE) {
		amd_misfit(r, AMD_VGPRS);
		return;
	}
	r->wave_limit[AMD_VGPRS] = w->vgpr_waves;
	r->workgroup_limit[AMD_VGPRS] = (int)((int64_t)w->vgpr_waves * simds / n);
	if (w->stop == AMD_STOP_SGPRS_RANGE) {
		amd_misfit(r, AMD_SGPRS);
		return;
	}
	r->sgprs_allocated = w->sgprs_allocated;
	if (w->sgprs_limit) {
		r->wave_limit[AMD_SGPRS] = w->sgpr_waves;
		r->workgroup_limit[AMD_SGPRS] = (int)((int64_t)w->sgpr_waves * simds / n);
	}
	if (w->stop == AMD_STOP_LDS_RANGE) {
		amd_misfit(r, AMD_LDS);
		return;
	}
	r->lds_allocated = w->lds_allocated;
	if (w->lds_allocated > 0) {
		r->workgroup_limit[AMD_LDS] = w->lds_workgroups;
		if (w->stop == AMD_STOP_LDS_NONE) {
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

/* The factor a check before the workgroup size stopped at. */
static enum amd_factor stop_factor(enum amd_stop stop)
{
	switch (stop) {
	case AMD_STOP_WAVES: return AMD_WAVES;
	case AMD_STOP_SGPRS_RANGE: return AMD_SGPRS;
	case AMD_STOP_LDS_RANGE:
	case AMD_STOP_LDS_NONE: return AMD_LDS;
	default: return AMD_VGPRS;
	}
}

static void point_of(const struct amd_result *r, struct amd_size_point *p)
{
	*p = (struct amd_size_point){ .fits = r->fits, .limiting = r->limiting };
	if (r->fits) {
		p->workgroups_per_cu = r->workgroups_per_cu;
		p->waves_per_cu = r->waves_per_cu;
		p->waves_per_simd = r->waves_per_simd;
	}
}

/* amd_finish's arithmetic without the rest of a result: the per-wave
 * figures stay in w, each size costs its five limits and their least. */
void amd_sweep_sizes(const struct amd_arch *a, const struct amd_per_wave *w, int64_t first,
		     int64_t step, int n, struct amd_size_point *out)
{
	int simds = w->simds, maxw = w->maxw;
	int unit_wgs = a->max_workgroups_per_cu * amd_cus_per_unit(a);

	for (int i = 0; i < n; i++) {
		int64_t size = first + i * step;
		struct amd_size_point *p = &out[i];
		int wg[AMD_N_FACTORS], wv[AMD_N_FACTORS], k, wgs = AMD_UNLIMITED, waves = maxw;
		unsigned bits = 0;

		*p = (struct amd_size_point){ 0 };
		if (a->vliw) {
			struct amd_result r;
			struct amd_input in = w->in;

			in.workgroup_size = (int)size;
			terascale_compute(a, &in, &r);
			point_of(&r, p);
			continue;
		}
		if (w->stop == AMD_STOP_WAVES) {
			p->limiting = 1u << AMD_WAVES;
			continue;
		}
		if (size < 1 || size > a->max_workgroup_size) {
			p->limiting = 1u << AMD_WORKGROUPS;
			continue;
		}
		if (w->stop != AMD_STOP_NONE) {
			p->limiting = 1u << stop_factor(w->stop);
			continue;
		}
		k = div_up(size, w->wave);
		wv[AMD_VGPRS] = w->vgpr_waves;
		wg[AMD_VGPRS] = (int)((int64_t)w->vgpr_waves * simds / k);
		wv[AMD_SGPRS] = w->sgprs_limit ? w->sgpr_waves : AMD_UNLIMITED;
		wg[AMD_SGPRS] = w->sgprs_limit ? (int)((int64_t)w->sgpr_waves * simds / k) : AMD_UNLIMITED;
		wg[AMD_LDS] = w->lds_allocated > 0 ? w->lds_workgroups : AMD_UNLIMITED;
		wg[AMD_WAVES] = maxw * simds / k;
		wg[AMD_WORKGROUPS] = k > 1 ? unit_wgs : AMD_UNLIMITED;
		wv[AMD_LDS] = waves_from_workgroups(wg[AMD_LDS], k, simds);
		wv[AMD_WAVES] = waves_from_workgroups(wg[AMD_WAVES], k, simds);
		wv[AMD_WORKGROUPS] = waves_from_workgroups(wg[AMD_WORKGROUPS], k, simds);
		for (int f = 0; f < AMD_N_FACTORS; f++) {
			waves = min_int(waves, wv[f]);
			if (wg[f] < wgs) {
				wgs = wg[f];
				bits = 1u << f;
			} else if (wg[f] == wgs) {
				bits |= 1u << f;
			}
		}
		if (wgs == 0) {
			p->limiting = 1u << (wg[AMD_VGPRS] == 0 ? AMD_VGPRS : AMD_SGPRS);
			continue;
		}
		p->limiting = bits;
		p->fits = true;
		p->workgroups_per_cu = wgs;
		p->waves_per_cu = wgs * k;
		p->waves_per_simd = waves;
	}
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
