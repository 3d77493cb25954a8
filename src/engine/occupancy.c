/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* occupancy.c - resident blocks per SM and the limit of every factor.
 * The model follows NVIDIA's documented allocation rules: registers per warp in
 * allocation units, split across SM sub-partitions; shared memory in allocation
 * units plus the driver's reserve, in a carveout configuration; warps; blocks;
 * and block barriers from cc 9.0. */
#include "config.h"

#include "occupancy.h"

#include <string.h>

/* The arithmetic a sweep repeats for each value, inlined into its loop
 * (occ_nvidia_sweep) rather than called a value at a time. */
#if defined(__GNUC__)
#define SWEPT inline __attribute__((always_inline))
#else
#define SWEPT inline
#endif

static int div_up(int64_t x, int64_t y)
{
	return (int)((x + y - 1) / y);
}

static int64_t round_up(int64_t x, int64_t unit)
{
	return unit > 0 ? (x + unit - 1) / unit * unit : x;
}

void occ_input_from_launch(const struct launch *l, struct occ_input *in)
{
	in->threads_per_block = launch_threads_per_block(l);
	in->regs_per_thread = l->regs_per_thread;
	in->static_smem_bytes = l->static_smem_bytes;
	in->dynamic_smem_bytes = l->dynamic_smem_bytes;
	in->carveout_pct = l->carveout_pct;
	in->cache_config = l->cache_config;
	in->barriers = l->barriers;
	in->wave_size = l->wave_size;
	in->agprs = l->agprs;
	in->sgprs = l->sgprs;
	occ_input_measured_config(in, -1);
}

void occ_input_measured_config(struct occ_input *in, int64_t bytes)
{
	in->measured_smem_config = bytes >= 0;
	in->measured_smem_config_bytes = bytes >= 0 ? bytes : 0;
}

/* Smallest configuration that holds `bytes`; -1 if none does. An architecture
 * without a carveout has one fixed size. */
static int64_t snap_config(const struct gpu_arch *a, int64_t bytes)
{
	if (a->n_smem_configs <= 1)
		return a->smem_per_sm_bytes;
	for (int i = 0; i < a->n_smem_configs; i++)
		if (a->smem_configs_bytes[i] >= bytes)
			return a->smem_configs_bytes[i];
	return -1;
}

static SWEPT int warps_limit(const struct gpu_arch *a, const struct occ_input *in, int wpb)
{
	if (in->threads_per_block > a->max_threads_per_block)
		return 0;
	return a->max_warps_per_sm / wpb;
}

/* Registers go to warps in allocation units; each sub-partition holds its own
 * share of the register file, so whole warps are packed per sub-partition.
 * The hardware's per-block check assumes the block's warps are rounded up to
 * the warp allocation granularity. */
static SWEPT int regs_limit_with(const struct gpu_arch *a, int subpartitions, int granularity,
			   const struct occ_input *in, int unit, int wpb, struct occ_result *r)
{
	int64_t per_warp = round_up((int64_t)in->regs_per_thread * a->warp_size, unit);
	int64_t per_block = per_warp * wpb;
	int64_t hw_check = per_warp * round_up(wpb, granularity);

	r->regs_per_warp_allocated = (int)per_warp;
	r->allocated_regs_per_block = per_block;
	r->regs_per_block_checked = hw_check;
	if (in->regs_per_thread > a->max_regs_per_thread || per_block > a->regs_per_block ||
	    hw_check > a->regs_per_block)
		return 0;
	if (per_warp == 0)
		return OCC_UNLIMITED;
	int64_t warps_per_part = (a->regs_per_sm / subpartitions) / per_warp;
	return (int)(warps_per_part * subpartitions / wpb);
}

/* cc 1.x allocates registers to the block as a whole: its warps rounded up to
 * the warp allocation granularity, the block's registers rounded up to the
 * allocation unit; the register file holds whole blocks. A warp's own share is
 * not rounded (regs_per_warp_allocated is regs x warp size). */
static int regs_limit_per_block(const struct gpu_arch *a, const struct occ_input *in, int wpb,
				struct occ_result *r)
{
	int64_t per_warp = (int64_t)in->regs_per_thread * a->warp_size;
	int64_t per_block = round_up(per_warp * round_up(wpb, a->warp_alloc_granularity),
				     a->reg_alloc_unit);

	r->regs_per_warp_allocated = (int)per_warp;
	r->allocated_regs_per_block = per_block;
	r->regs_per_block_checked = per_block;
	if (in->regs_per_thread > a->max_regs_per_thread || per_block > a->regs_per_block)
		return 0;
	return per_block == 0 ? OCC_UNLIMITED : (int)(a->regs_per_sm / per_block);
}

/* unit: gpu_reg_alloc_unit at in's registers (a sweep of another parameter
 * asks it once). */
static SWEPT int regs_limit(const struct gpu_arch *a, const struct occ_input *in, int unit, int wpb,
		      struct occ_result *r)
{
	if (a->reg_alloc == GPU_REG_ALLOC_BLOCK)
		return regs_limit_per_block(a, in, wpb, r);

	int limit = regs_limit_with(a, a->sm_subpartitions, a->warp_alloc_granularity, in, unit,
				    wpb, r);

	/* GP100 (cc 6.0) has two sub-partitions where the rest of Pascal has four.
	 * A kernel that would not fit on those is refused on GP100 as well, so that
	 * code behaves alike on every Pascal part (the CUDA driver's rule). */
	if (a->cc_major == 6 && a->cc_minor == 0 && limit > 0) {
		struct occ_result scratch;
		if (regs_limit_with(a, 4, 4, in, unit, wpb, &scratch) == 0)
			limit = 0;
	}
	return limit;
}

/* The most one block may allocate, the driver's reserve included: a launch
 * above the default per-block size has opted in to the larger one. */
static int64_t smem_per_block_max(const struct gpu_arch *a)
{
	int64_t optin = a->smem_per_block_optin_bytes > a->smem_per_block_bytes
		? a->smem_per_block_optin_bytes : a->smem_per_block_bytes;
	return optin + a->smem_reserved_per_block_bytes;
}

/* An L1/shared preference as cuda_occupancy.h's cudaOccSMemPreference
 * turns it into shared memory per SM: none and shared the most, L1 the
 * least, equal the midpoint of the two (Kepler's middle configuration; on
 * Fermi, which has no middle one, the most, as the older header did). */
int64_t occ_cache_config_bytes(const struct gpu_arch *a, int cache_config)
{
	int64_t high = a->smem_per_sm_bytes, low = a->smem_configs_bytes[0];

	if (!gpu_has_cache_config(a))
		return high;
	switch (cache_config) {
	case LAUNCH_CACHE_L1: return low;
	case LAUNCH_CACHE_EQUAL: return snap_config(a, (high + low) / 2);
	default: return high;
	}
}

/* The configuration the launch asks for, before one block's need raises it;
 * cache: a has an L1/shared preference (gpu_has_cache_config), asked once. */
static int64_t smem_preference(const struct gpu_arch *a, bool cache, const struct occ_input *in,
			       struct occ_result *r)
{
	bool asked = cache ? in->cache_config != LAUNCH_CACHE_NONE
		: in->carveout_pct != LAUNCH_CARVEOUT_DEFAULT;

	if (!asked && a->n_smem_configs > 1 && in->measured_smem_config &&
	    in->measured_smem_config_bytes >= 0) {
		/* What the driver did choose beats what occview would assume. */
		r->smem_config_from_driver = true;
		return in->measured_smem_config_bytes;
	}
	if (cache)
		return occ_cache_config_bytes(a, in->cache_config);
	if (!asked || !gpu_has_carveout(a))
		return snap_config(a, a->smem_per_sm_bytes);
	return snap_config(a, (int64_t)in->carveout_pct * a->smem_per_sm_bytes / 100);
}

static int smem_limit(const struct gpu_arch *a, const struct occ_input *in, struct occ_result *r)
{
	int64_t need = in->static_smem_bytes + in->dynamic_smem_bytes + a->smem_reserved_per_block_bytes;
	int64_t alloc = round_up(need, a->smem_alloc_unit_bytes);
	int64_t per_block_max = smem_per_block_max(a);
	bool cache = gpu_has_cache_config(a);
	int64_t pref = smem_preference(a, cache, in, r);

	r->allocated_smem_per_block = alloc;
	r->smem_preference_bytes = pref;
	r->smem_config_bytes = pref;
	if (alloc > per_block_max)
		return 0;
	/* The preference is a hint: when one block needs more, the driver picks
	 * a configuration that holds it: with a carveout the smallest, with an
	 * L1/shared preference the largest. */
	if (pref < alloc) {
		int64_t raised = cache ? a->smem_per_sm_bytes : snap_config(a, alloc);
		if (raised < 0)
			return 0;
		r->smem_config_bytes = raised;
	}
	if (alloc == 0)
		return OCC_UNLIMITED;
	return (int)(r->smem_config_bytes / alloc);
}

static int barriers_limit(const struct gpu_arch *a, const struct occ_input *in)
{
	if (a->barriers_per_sm <= 0 || in->barriers <= 0)
		return OCC_UNLIMITED;
	return a->barriers_per_sm / in->barriers;
}

static void fill_usage(struct occ_usage *u, int64_t total, int64_t per_block, int limit, int active)
{
	u->total = total;
	u->per_block = per_block;
	if (per_block <= 0 || limit == OCC_UNLIMITED) {
		u->used = 0;
		u->idle = 0;
	} else {
		u->used = (int64_t)active * per_block;
		u->idle = (int64_t)(limit - active) * per_block;
	}
	u->leftover = total - u->used - u->idle;
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
	fill_usage(&r->usage[OCC_WARPS], r->max_warps_per_sm, x->waves_per_workgroup,
		   r->block_limit[OCC_WARPS], active);
	fill_usage(&r->usage[OCC_BLOCKS], m->max_workgroups_per_cu * amd_cus_per_unit(m), 1, r->block_limit[OCC_BLOCKS], active);
	fill_usage(&r->usage[OCC_REGISTERS], vgpr_file, r->allocated_regs_per_block,
		   r->block_limit[OCC_REGISTERS], active);
	fill_usage(&r->usage[OCC_SHARED_MEM], a->smem_per_sm_bytes, x->lds_allocated,
		   r->block_limit[OCC_SHARED_MEM], active);
	fill_usage(&r->usage[OCC_BARRIERS], (int64_t)m->sgprs_per_simd * simds,
		   m->sgprs_per_simd > 0 ? (int64_t)x->sgprs_allocated * x->waves_per_workgroup : 0,
		   r->block_limit[OCC_BARRIERS], active);
}

static int warps_per_block(const struct gpu_arch *a, const struct occ_input *in)
{
	return in->threads_per_block > 0 ? div_up(in->threads_per_block, a->warp_size) : 0;
}

/* The least block limit, and the factors at it in *limiting. */
static SWEPT int least(const int limit[OCC_N_FACTORS], unsigned *limiting)
{
	int active = OCC_UNLIMITED;

	for (int f = 0; f < OCC_N_FACTORS; f++)
		if (limit[f] < active)
			active = limit[f];
	*limiting = 0;
	for (int f = 0; f < OCC_N_FACTORS; f++)
		if (limit[f] == active)
			*limiting |= 1u << f;
	return active;
}

/* NVIDIA: occ_compute's figures (r starts empty). */
void occ_nvidia_compute(const struct gpu_arch *a, const struct occ_input *in, struct occ_result *r)
{
	int wpb = warps_per_block(a, in);
	int active;

	r->max_warps_per_sm = a->max_warps_per_sm;
	r->warps_per_block = wpb;
	if (wpb == 0) {
		r->misfit = OCC_MISFIT_THREADS;
		return;
	}
	r->block_limit[OCC_WARPS] = warps_limit(a, in, wpb);
	r->block_limit[OCC_BLOCKS] = a->max_blocks_per_sm;
	r->block_limit[OCC_REGISTERS] = regs_limit(a, in, gpu_reg_alloc_unit(a, in->regs_per_thread),
						   wpb, r);
	r->block_limit[OCC_SHARED_MEM] = smem_limit(a, in, r);
	r->block_limit[OCC_BARRIERS] = barriers_limit(a, in);
	active = least(r->block_limit, &r->limiting);

	if (active == 0) {
		r->misfit = r->block_limit[OCC_WARPS] == 0 ? OCC_MISFIT_THREADS
			: r->block_limit[OCC_REGISTERS] == 0 ? OCC_MISFIT_REGISTERS
			: r->block_limit[OCC_SHARED_MEM] == 0 ? OCC_MISFIT_SHARED_MEM
			: OCC_MISFIT_BARRIERS;
	}
	r->active_blocks_per_sm = active;
	r->active_warps_per_sm = active * wpb;
	r->active_threads_per_sm = active * in->threads_per_block;
	r->theoretical_occupancy_pct = 100.0 * r->active_warps_per_sm / a->max_warps_per_sm;

	fill_usage(&r->usage[OCC_WARPS], a->max_warps_per_sm, wpb, r->block_limit[OCC_WARPS], active);
	fill_usage(&r->usage[OCC_BLOCKS], a->max_blocks_per_sm, 1, r->block_limit[OCC_BLOCKS], active);
	fill_usage(&r->usage[OCC_REGISTERS], a->regs_per_sm, r->allocated_regs_per_block,
		   r->block_limit[OCC_REGISTERS], active);
	fill_usage(&r->usage[OCC_SHARED_MEM], r->smem_config_bytes, r->allocated_smem_per_block,
		   r->block_limit[OCC_SHARED_MEM], active);
	fill_usage(&r->usage[OCC_BARRIERS], a->barriers_per_sm,
		   a->barriers_per_sm > 0 ? in->barriers : 0, r->block_limit[OCC_BARRIERS], active);
}

/* ---- one parameter varied */

/* The factors whose block limit p moves, as bits. */
static unsigned moved_by(enum occ_param p)
{
	switch (p) {
	case OCC_PARAM_THREADS: return 1u << OCC_WARPS | 1u << OCC_REGISTERS;
	case OCC_PARAM_REGISTERS: return 1u << OCC_REGISTERS;
	case OCC_PARAM_SHARED_MEM: return 1u << OCC_SHARED_MEM;
	default: return 1u << OCC_BARRIERS;
	}
}

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

void occ_nvidia_vary_init(struct occ_vary *v)
{
	const struct gpu_arch *a = v->arch;
	const struct occ_input *in = &v->in;
	enum occ_param p = v->param;
	struct occ_result scratch;

	v->warps_per_block = warps_per_block(a, in);
	v->reg_alloc_unit = gpu_reg_alloc_unit(a, in->regs_per_thread);
	v->limit[OCC_BLOCKS] = a->max_blocks_per_sm;
	v->limit[OCC_SHARED_MEM] = smem_limit(a, in, &scratch);
	v->limit[OCC_BARRIERS] = barriers_limit(a, in);
	if (v->warps_per_block > 0) {
		v->limit[OCC_WARPS] = warps_limit(a, in, v->warps_per_block);
		v->limit[OCC_REGISTERS] = regs_limit(a, in, v->reg_alloc_unit, v->warps_per_block,
						     &scratch);
	}
	for (int f = 0; f < OCC_N_FACTORS; f++)
		if (!((moved_by(p) >> f) & 1u) && v->limit[f] < v->others_min)
			v->others_min = v->limit[f];
}

static int64_t min64(int64_t a, int64_t b)
{
	return a < b ? a : b;
}

/* NVIDIA: how far the brief of the launch `in` (the parameter at value) holds.
 * Threads count through their warps per block; registers through their
 * allocation per warp; barriers through the SM's barriers per block. Shared
 * memory counts through the block limit, config / allocation: the
 * configuration holds from this allocation up to its own size (below the
 * preference, the preference; above it, the smallest configuration that
 * holds the block), and within it the limit only falls; past the other
 * factors' least limit, only whether it is still above that counts. */
static SWEPT int64_t nv_same_to(const struct occ_vary *v, int64_t value, int wpb,
			  const int limit[OCC_N_FACTORS], const struct occ_result *s)
{
	const struct gpu_arch *a = v->arch;
	int f;

	switch (v->param) {
	case OCC_PARAM_THREADS:
		if (value > a->max_threads_per_block)
			return INT64_MAX;
		return min64((int64_t)wpb * a->warp_size, a->max_threads_per_block);
	case OCC_PARAM_REGISTERS:
		if (value > a->max_regs_per_thread)
			return INT64_MAX;
		if (value <= 0)
			return value;
		if (a->reg_alloc == GPU_REG_ALLOC_BLOCK)  /* the block's rounded whole holds */
			return min64(s->allocated_regs_per_block /
				     (round_up(wpb, a->warp_alloc_granularity) * a->warp_size),
				     a->max_regs_per_thread);
		return min64(s->regs_per_warp_allocated / a->warp_size, a->max_regs_per_thread);
	case OCC_PARAM_SHARED_MEM: {
		int64_t unit = a->smem_alloc_unit_bytes, top;
		f = limit[OCC_SHARED_MEM];
		if (f == 0)
			return INT64_MAX;  /* too large for a block, or for any configuration */
		if (f == OCC_UNLIMITED)
			return value;  /* nothing allocated */
		if (f > v->others_min)
			f = v->others_min + 1;
		top = min64(s->smem_config_bytes / f, smem_per_block_max(a));
		if (unit > 0)
			top = top / unit * unit;
		return top - a->smem_reserved_per_block_bytes;
	}
	default:
		f = limit[OCC_BARRIERS];
		if (a->barriers_per_sm <= 0)
			return INT64_MAX;
		if (f == OCC_UNLIMITED)
			return value;
		return f == 0 ? INT64_MAX : a->barriers_per_sm / f;
	}
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

/* NVIDIA's vary_at, inlined into its sweep's loop. */
static SWEPT void nv_vary_at(const struct occ_vary *v, int64_t value, struct occ_brief *b,
			      int64_t *same_to)
{
	const struct gpu_arch *a = v->arch;
	struct occ_input in = v->in;
	struct occ_result scratch;
	int limit[OCC_N_FACTORS], wpb = v->warps_per_block, active;

	occ_param_set(&in, v->param, value);
	*b = (struct occ_brief){ 0 };
	if (v->param == OCC_PARAM_THREADS)
		wpb = warps_per_block(a, &in);
	if (wpb == 0) {
		/* occ_compute's empty result: no warp in a block */
		if (same_to)
			*same_to = v->param == OCC_PARAM_THREADS ? value : INT64_MAX;
		return;
	}
	memcpy(limit, v->limit, sizeof(limit));
	switch (v->param) {
	case OCC_PARAM_THREADS:
		limit[OCC_WARPS] = warps_limit(a, &in, wpb);
		limit[OCC_REGISTERS] = regs_limit(a, &in, v->reg_alloc_unit, wpb, &scratch);
		break;
	case OCC_PARAM_REGISTERS:
		limit[OCC_REGISTERS] = regs_limit(a, &in, gpu_reg_alloc_unit(a, in.regs_per_thread),
						  wpb, &scratch);
		break;
	case OCC_PARAM_SHARED_MEM:
		limit[OCC_SHARED_MEM] = smem_limit(a, &in, &scratch);
		break;
	default:
		limit[OCC_BARRIERS] = barriers_limit(a, &in);
		break;
	}
	active = least(limit, &b->limiting);
	b->active_blocks_per_sm = active;
	b->active_warps_per_sm = active * wpb;
	if (same_to)
		*same_to = nv_same_to(v, value, wpb, limit, &scratch);
}

/* ---- a series of values: runs of equal briefs */

static bool same_brief(const struct occ_brief *x, const struct occ_brief *y)
{
	return x->active_blocks_per_sm == y->active_blocks_per_sm &&
	       x->active_warps_per_sm == y->active_warps_per_sm &&
	       x->waves_per_simd == y->waves_per_simd && x->limiting == y->limiting;
}

/* Walks series s with a family's vary_at, one evaluation a step of the
 * curve; inlined into each family's sweep, so that `at` is a direct call. */
static inline int runs_of(const struct occ_vary *v,
			  void (*at)(const struct occ_vary *, int64_t, struct occ_brief *, int64_t *),
			  const struct occ_series *s, struct occ_run *out, int max)
{
	int64_t k = 0, last = s->first + (s->n - 1) * s->step;
	int n = 0;

	while (k < s->n && n < max) {
		struct occ_brief b;
		int64_t to, end;

		at(v, s->first + k * s->step, &b, &to);
		end = to >= last ? s->n - 1 : (to - s->first) / s->step;
		if (end < k)
			end = k;
		if (n > 0 && same_brief(&out[n - 1].b, &b))
			out[n - 1].to = end;
		else
			out[n++] = (struct occ_run){ end, b };
		k = end + 1;
	}
	return n;
}

int occ_nvidia_sweep(const struct gpu_arch *a, const struct occ_input *in, enum occ_param p,
		     const struct occ_series *s, struct occ_run *out, int max)
{
	struct occ_vary v = { .arch = a, .in = *in, .param = p, .at = occ_nvidia_vary_at,
			      .others_min = OCC_UNLIMITED };

	occ_nvidia_vary_init(&v);
	return runs_of(&v, nv_vary_at, s, out, max);
}

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
		return runs_of(&v, occ_amd_vary_at, s, out, max);
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
			if (n > 0 && same_brief(&out[n - 1].b, &b)) {
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

void occ_nvidia_vary_at(const struct occ_vary *v, int64_t value, struct occ_brief *b,
			int64_t *same_to)
{
	nv_vary_at(v, value, b, same_to);
}

const char *occ_factor_key(enum occ_factor f)
{
	static const char *const keys[OCC_N_FACTORS] = {
		"warps", "blocks", "registers", "shared_mem", "barriers",
	};
	return (unsigned)f < OCC_N_FACTORS ? keys[f] : "?";
}

const char *occ_factor_label(enum occ_factor f)
{
	static const char *const labels[OCC_N_FACTORS] = {
		"warps", "blocks", "registers", "shared memory", "barriers",
	};
	return (unsigned)f < OCC_N_FACTORS ? labels[f] : "?";
}

const char *occ_factor_unit(enum occ_factor f)
{
	static const char *const units[OCC_N_FACTORS] = { "warp", "blk", "reg", "B", "bar" };
	return (unsigned)f < OCC_N_FACTORS ? units[f] : "?";
}

const char *occ_factor_label_for(enum gpu_vendor v, enum occ_factor f)
{
	static const char *const amd[OCC_N_FACTORS] = {
		"wave slots", "workgroups", "VGPRs", "LDS", "SGPRs",
	};
	if (v == GPU_AMD)
		return (unsigned)f < OCC_N_FACTORS ? amd[f] : "?";
	return occ_factor_label(f);
}

const char *occ_factor_short_for(enum gpu_vendor v, enum occ_factor f)
{
	static const char *const nv[OCC_N_FACTORS] = {
		[OCC_WARPS] = "warps", [OCC_BLOCKS] = "block", [OCC_REGISTERS] = "regs",
		[OCC_SHARED_MEM] = "smem", [OCC_BARRIERS] = "barr",
	};
	static const char *const amd[OCC_N_FACTORS] = {
		[OCC_WARPS] = "waves", [OCC_BLOCKS] = "wg", [OCC_REGISTERS] = "vgpr",
		[OCC_SHARED_MEM] = "lds", [OCC_BARRIERS] = "sgpr",
	};

	if ((unsigned)f >= OCC_N_FACTORS)
		return "n/a";
	return (v == GPU_AMD ? amd : nv)[f];
}

const char *occ_label(const struct occ_result *r, enum occ_factor f)
{
	if (r->vendor == GPU_AMD && r->amd.vliw && f == OCC_REGISTERS)
		return "GPRs";
	return occ_factor_label_for(r->vendor, f);
}

const char *occ_key(const struct occ_result *r, enum occ_factor f)
{
	static const char *const amd[OCC_N_FACTORS] = { "waves", "workgroups", "vgprs", "lds", "sgprs" };
	if (r->vendor == GPU_AMD)
		return (unsigned)f < OCC_N_FACTORS ? amd[f] : "?";
	return occ_factor_key(f);
}

const char *occ_unit(const struct occ_result *r, enum occ_factor f)
{
	static const char *const amd[OCC_N_FACTORS] = { "wave", "wg", "vgpr", "B", "sgpr" };
	if (r->vendor == GPU_AMD && r->amd.vliw && f == OCC_REGISTERS)
		return "gpr";
	if (r->vendor == GPU_AMD)
		return (unsigned)f < OCC_N_FACTORS ? amd[f] : "?";
	return occ_factor_unit(f);
}
