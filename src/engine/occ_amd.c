/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* occ_amd.c - the AMD families' side of occupancy.h (GCN/CDNA/RDNA and
 * TeraScale, engine.c's tables): amd.c's figures as an occ_result, one
 * parameter varied, and a series swept. */
#include "config.h"

#include "occ_family.h"

#include <limits.h>

#include "amd.h"

static int div_up(int64_t x, int64_t y)
{
	return (int)((x + y - 1) / y);
}

static int64_t round_up(int64_t x, int64_t unit)
{
	return unit > 0 ? (x + unit - 1) / unit * unit : x;
}

static int64_t min64(int64_t a, int64_t b)
{
	return a < b ? a : b;
}

/* The AMD factor each occ_factor stands for. */
static const enum amd_factor amd_of[OCC_N_FACTORS] = {
	[OCC_WARPS] = AMD_WAVES, [OCC_BLOCKS] = AMD_WORKGROUPS, [OCC_REGISTERS] = AMD_VGPRS,
	[OCC_SHARED_MEM] = AMD_LDS, [OCC_BARRIERS] = AMD_SGPRS,
};

enum amd_factor occ_amd_factor(enum occ_factor f)
{
	return (unsigned)f < OCC_N_FACTORS ? amd_of[f] : AMD_WAVES;
}

static int amd_limit(int v)
{
	return v == AMD_UNLIMITED ? OCC_UNLIMITED : v;
}

/* The launch as amd_compute takes it. */
static void amd_input_of(const struct occ_input *in, struct amd_input *ai)
{
	*ai = (struct amd_input){
		.workgroup_size = in->threads_per_block, .wave_size = in->wave_size,
		.vgprs = in->regs_per_thread, .agprs = in->agprs, .sgprs = in->sgprs,
		.lds_bytes = in->static_smem_bytes + in->dynamic_smem_bytes,
	};
}

/* AMD's limiting factors (bits of enum amd_factor) as occ_factor bits. */
static unsigned occ_bits(unsigned amd_bits)
{
	unsigned bits = 0;

	for (int f = 0; f < OCC_N_FACTORS; f++)
		if ((amd_bits >> amd_of[f]) & 1u)
			bits |= 1u << f;
	return bits;
}

static unsigned amd_limiting(const struct amd_result *x)
{
	return occ_bits(x->limiting);
}

/* AMD: the engine in amd.c, its figures mapped onto the five factors. */
void occ_amd_compute(const struct gpu_arch *a, const struct occ_input *in, struct occ_result *r)
{
	const struct amd_arch *m = &a->amd;
	struct amd_input ai;
	const struct amd_result *x = &r->amd;
	int simds = amd_simds_per_unit(m), active;
	int vgpr_file;

	amd_input_of(in, &ai);
	amd_compute(m, &ai, &r->amd);
	r->warps_per_block = x->waves_per_workgroup;
	r->max_warps_per_sm = x->max_waves_per_simd * simds;
	for (int f = 0; f < OCC_N_FACTORS; f++)
		r->block_limit[f] = amd_limit(x->workgroup_limit[amd_of[f]]);
	r->limiting = amd_limiting(x);
	active = x->fits ? x->workgroups_per_cu : 0;
	if (!x->fits)
		r->misfit = x->misfit == AMD_VGPRS ? OCC_MISFIT_REGISTERS
			: x->misfit == AMD_LDS ? OCC_MISFIT_SHARED_MEM
			: x->misfit == AMD_SGPRS ? OCC_MISFIT_SGPRS : OCC_MISFIT_THREADS;
	r->active_blocks_per_sm = active;
	r->active_warps_per_sm = x->fits ? x->waves_per_cu : 0;
	r->active_threads_per_sm = active * in->threads_per_block;
	/* The headline is the resident waves per CU (per WGP in WGP mode), whole
	 * workgroups included, over its wave slots, as rocprofiler-compute
	 * counts it; LLVM's waves per SIMD (x->occupancy_pct) can be higher
	 * (amd.h). A VLIW CU is one SIMD engine: CodeXL's figure is per CU. */
	r->theoretical_occupancy_pct = !x->fits ? 0.0 : x->vliw ? x->occupancy_pct
		: 100.0 * x->waves_per_cu / r->max_warps_per_sm;
	r->regs_per_warp_allocated = x->vgprs_allocated;
	r->allocated_regs_per_block = (int64_t)x->vgprs_allocated * x->waves_per_workgroup;
	r->regs_per_block_checked = r->allocated_regs_per_block;
	r->allocated_smem_per_block = x->lds_allocated;
	r->smem_preference_bytes = r->smem_config_bytes = a->smem_per_sm_bytes;

	/* Utilization in each factor's own unit, per CU: VGPRs and SGPRs per lane
	 * and per wave across the SIMDs. */
	vgpr_file = amd_vgpr_file(m, x->wave_size) * simds;
	occ_usage_fill(&r->usage[OCC_WARPS], r->max_warps_per_sm, x->waves_per_workgroup,
		   r->block_limit[OCC_WARPS], active);
	occ_usage_fill(&r->usage[OCC_BLOCKS], m->max_workgroups_per_cu * amd_cus_per_unit(m), 1, r->block_limit[OCC_BLOCKS], active);
	occ_usage_fill(&r->usage[OCC_REGISTERS], vgpr_file, r->allocated_regs_per_block,
		   r->block_limit[OCC_REGISTERS], active);
	occ_usage_fill(&r->usage[OCC_SHARED_MEM], a->smem_per_sm_bytes, x->lds_allocated,
		   r->block_limit[OCC_SHARED_MEM], active);
	occ_usage_fill(&r->usage[OCC_BARRIERS], (int64_t)m->sgprs_per_simd * simds,
		   m->sgprs_per_simd > 0 ? (int64_t)x->sgprs_allocated * x->waves_per_workgroup : 0,
		   r->block_limit[OCC_BARRIERS], active);
}

/* ---- one parameter varied */

/* AMD: the per-wave figures of the launch are worked out once
 * (amd_per_wave); a value of the workgroup size reuses them all, one of the
 * VGPRs or the LDS redoes that part only; the barriers (which AMD does not
 * count) and a VLIW target run amd_compute whole. */
static bool amd_parts(const struct occ_vary *v)
{
	return !v->arch->amd.vliw && v->param != OCC_PARAM_BARRIERS;
}

void occ_amd_vary_init(struct occ_vary *v)
{
	struct amd_input ai;

	if (!amd_parts(v) && v->param != OCC_PARAM_THREADS)
		return;
	amd_input_of(&v->in, &ai);
	amd_per_wave(&v->arch->amd, &ai, &v->amd);
}

/* AMD: the least workgroup and wave limits (the wave slots included) of the
 * factors but f, in a result that counted every factor (x->fits). */
static void amd_others(const struct amd_result *x, enum amd_factor f, int64_t *workgroups,
		       int64_t *waves)
{
	*workgroups = AMD_UNLIMITED;
	*waves = x->max_waves_per_simd;
	for (int g = 0; g < AMD_N_FACTORS; g++) {
		if (g == (int)f)
			continue;
		*workgroups = min64(*workgroups, x->workgroup_limit[g]);
		*waves = min64(*waves, x->wave_limit[g]);
	}
}

/* The largest VGPR count from lo up to the maximum whose allocation is at
 * most alloc: the allocation never falls as VGPRs grow. */
static int64_t amd_vgprs_upto(const struct amd_arch *m, int wave, int agprs, int lo, int64_t alloc)
{
	int hi = m->max_vgprs_per_wave;

	while (lo < hi) {
		int mid = lo + (hi - lo + 1) / 2;
		if (amd_vgprs_allocated(m, wave, mid, agprs) <= alloc)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

/* AMD: the same from amd_compute's input and result. Workgroup sizes count
 * through their waves, VGPRs through their allocation, LDS through the
 * workgroups it allows (pool / allocation); barriers do not count. Where the
 * varied factor's workgroup and wave limits are both above every other
 * factor's (x fits), only that they stay so counts. */
static int64_t amd_same_to(const struct occ_vary *v, const struct amd_input *ai,
			   const struct amd_result *x, int64_t value)
{
	const struct amd_arch *m = &v->arch->amd;
	int wave = x->wave_size, simds = amd_simds_per_unit(m), n = x->waves_per_workgroup;
	int64_t others_wg = 0, others_waves = 0;

	switch (v->param) {
	case OCC_PARAM_THREADS:
		if (value > m->max_workgroup_size)
			return INT64_MAX;
		if (value < 1)
			return value;
		return min64((int64_t)div_up(value, wave) * wave, m->max_workgroup_size);
	case OCC_PARAM_REGISTERS: {
		int64_t alloc;
		if (value > m->max_vgprs_per_wave)
			return INT64_MAX;
		if (value < 0)
			return value;
		alloc = amd_vgprs_allocated(m, wave, (int)value, ai->agprs);
		if (x->fits) {
			amd_others(x, AMD_VGPRS, &others_wg, &others_waves);
			if (x->wave_limit[AMD_VGPRS] > others_waves &&
			    x->workgroup_limit[AMD_VGPRS] > others_wg) {
				/* waves > others_waves, and waves x SIMDs / n > others_wg */
				int64_t file = amd_vgpr_file(m, wave);
				int64_t waves = others_waves + 1, for_wg = ((others_wg + 1) * n + simds - 1) / simds;
				alloc = file / (waves > for_wg ? waves : for_wg);
			}
		}
		return amd_vgprs_upto(m, wave, ai->agprs, (int)value, alloc);
	}
	case OCC_PARAM_SHARED_MEM: {
		int64_t pool = amd_lds_per_unit_bytes(m), alloc, wgs, top;
		int64_t granule = m->lds_granule_bytes > 1 ? m->lds_granule_bytes : 1;
		if (value > m->max_lds_per_workgroup_bytes)
			return INT64_MAX;
		alloc = round_up(value, granule);
		if (alloc <= 0)
			return value;
		wgs = pool / alloc;
		if (wgs == 0)
			return INT64_MAX;
		if (x->fits) {
			amd_others(x, AMD_LDS, &others_wg, &others_waves);
			if (x->workgroup_limit[AMD_LDS] > others_wg && x->wave_limit[AMD_LDS] > others_waves) {
				/* workgroups > others_wg, and workgroups x n / SIMDs > others_waves */
				int64_t for_waves = others_waves * simds / n + 1;
				wgs = others_wg + 1 > for_waves ? others_wg + 1 : for_waves;
			}
		}
		top = pool / wgs / granule * granule;
		return min64(top, m->max_lds_per_workgroup_bytes);
	}
	default:
		return INT64_MAX;
	}
}

void occ_amd_vary_at(const struct occ_vary *v, int64_t value, struct occ_brief *b, int64_t *same_to)
{
	struct occ_input in = v->in;
	struct amd_input ai;
	struct amd_result x;

	*b = (struct occ_brief){ 0 };
	occ_param_set(&in, v->param, value);
	amd_input_of(&in, &ai);
	if (v->param == OCC_PARAM_THREADS) {
		amd_finish(&v->arch->amd, &v->amd, ai.workgroup_size, &x);
	} else if (amd_parts(v)) {
		struct amd_per_wave w = v->amd;

		if (v->param == OCC_PARAM_REGISTERS)
			amd_per_wave_vgprs(&v->arch->amd, &w, ai.vgprs, ai.agprs);
		else
			amd_per_wave_lds(&v->arch->amd, &w, ai.lds_bytes);
		amd_finish(&v->arch->amd, &w, ai.workgroup_size, &x);
	} else {
		amd_compute(&v->arch->amd, &ai, &x);
	}
	if (x.fits) {
		b->active_blocks_per_sm = x.workgroups_per_cu;
		b->active_warps_per_sm = x.waves_per_cu;
		b->waves_per_simd = x.waves_per_simd;
	}
	b->limiting = amd_limiting(&x);
	if (same_to)
		*same_to = amd_same_to(v, &ai, &x, value);
}

/* ---- a series of values */

/* AMD's workgroup sizes in chunks of this many (amd_sweep_sizes). */
enum { AMD_SIZES_CHUNK = 64 };

/* AMD: a workgroup size's figures come from the per-wave ones in a few
 * divisions, so amd.c sweeps the sizes in one call (a chunk at a time) and
 * the runs are gathered here; the other parameters go a step at a time. */
int occ_amd_sweep(const struct gpu_arch *a, const struct occ_input *in, enum occ_param p,
		  const struct occ_series *s, struct occ_run *out, int max)
{
	struct occ_vary v = { .arch = a, .in = *in, .param = p, .at = occ_amd_vary_at,
			      .others_min = OCC_UNLIMITED };
	struct amd_size_point pts[AMD_SIZES_CHUNK];
	int n = 0;

	occ_amd_vary_init(&v);
	if (p != OCC_PARAM_THREADS)
		return occ_runs_of(&v, occ_amd_vary_at, s, out, max);
	for (int64_t k = 0; k < s->n; k += AMD_SIZES_CHUNK) {
		int m = s->n - k < AMD_SIZES_CHUNK ? (int)(s->n - k) : AMD_SIZES_CHUNK;

		amd_sweep_sizes(&a->amd, &v.amd, s->first + k * s->step, s->step, m, pts);
		for (int i = 0; i < m; i++) {
			struct occ_brief b = { 0 };

			if (pts[i].fits) {
				b.active_blocks_per_sm = pts[i].workgroups_per_cu;
				b.active_warps_per_sm = pts[i].waves_per_cu;
				b.waves_per_simd = pts[i].waves_per_simd;
			}
			b.limiting = occ_bits(pts[i].limiting);
			if (n > 0 && occ_brief_same(&out[n - 1].b, &b)) {
				out[n - 1].to = k + i;
			} else {
				if (n == max)
					return n;
				out[n++] = (struct occ_run){ k + i, b };
			}
		}
	}
	return n;
}
