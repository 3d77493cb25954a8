/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* occupancy.c - resident blocks per SM and the limit of every factor.
 * The model follows NVIDIA's documented allocation rules: registers per warp in
 * allocation units, split across SM sub-partitions; shared memory in allocation
 * units plus the driver's reserve, in a carveout configuration; warps; blocks;
 * and block barriers from cc 9.0. */
#include "config.h"

#include "occupancy.h"

#include "occ_family.h"

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

static int warps_per_block(const struct gpu_arch *a, const struct occ_input *in)
{
	return in->threads_per_block > 0 ? div_up(in->threads_per_block, a->warp_size) : 0;
}

/* The least block limit, and the factors at it in *limiting: one pass, as
 * a sweep asks it at every value. */
static SWEPT int least(const int limit[OCC_N_FACTORS], unsigned *limiting)
{
	int active = limit[0];
	unsigned bits = 1u;

	for (int f = 1; f < OCC_N_FACTORS; f++) {
		if (limit[f] < active) {
			active = limit[f];
			bits = 1u << f;
		} else if (limit[f] == active) {
			bits |= 1u << f;
		}
	}
	*limiting = bits;
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

	occ_usage_fill(&r->usage[OCC_WARPS], a->max_warps_per_sm, wpb, r->block_limit[OCC_WARPS], active);
	occ_usage_fill(&r->usage[OCC_BLOCKS], a->max_blocks_per_sm, 1, r->block_limit[OCC_BLOCKS], active);
	occ_usage_fill(&r->usage[OCC_REGISTERS], a->regs_per_sm, r->allocated_regs_per_block,
		   r->block_limit[OCC_REGISTERS], active);
	occ_usage_fill(&r->usage[OCC_SHARED_MEM], r->smem_config_bytes, r->allocated_smem_per_block,
		   r->block_limit[OCC_SHARED_MEM], active);
	occ_usage_fill(&r->usage[OCC_BARRIERS], a->barriers_per_sm,
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
static SWEPT int64_t nv_same_to(const struct occ_vary *v, enum occ_param param, int64_t value,
				int wpb, const int limit[OCC_N_FACTORS], const struct occ_result *s)
{
	const struct gpu_arch *a = v->arch;
	int f;

	switch (param) {
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

/* NVIDIA's vary_at of v varying param (v->param), inlined into its sweep's
 * loop: where param is a constant there, the loop is the parameter's own. */
static SWEPT void nv_vary_param(const struct occ_vary *v, enum occ_param param, int64_t value,
				struct occ_brief *b, int64_t *same_to)
{
	const struct gpu_arch *a = v->arch;
	struct occ_input in = v->in;
	struct occ_result scratch;
	int limit[OCC_N_FACTORS], wpb = v->warps_per_block, active;

	occ_param_set(&in, param, value);
	*b = (struct occ_brief){ 0 };
	if (param == OCC_PARAM_THREADS)
		wpb = warps_per_block(a, &in);
	if (wpb == 0) {
		/* occ_compute's empty result: no warp in a block */
		if (same_to)
			*same_to = param == OCC_PARAM_THREADS ? value : INT64_MAX;
		return;
	}
	memcpy(limit, v->limit, sizeof(limit));
	switch (param) {
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
		*same_to = nv_same_to(v, param, value, wpb, limit, &scratch);
}

static SWEPT void nv_vary_at(const struct occ_vary *v, int64_t value, struct occ_brief *b,
			      int64_t *same_to)
{
	nv_vary_param(v, v->param, value, b, same_to);
}

/* The block size's (tuning's searches sweep it, twice a record): the
 * switches on the parameter folded away. */
static SWEPT void nv_vary_threads(const struct occ_vary *v, int64_t value, struct occ_brief *b,
				   int64_t *same_to)
{
	nv_vary_param(v, OCC_PARAM_THREADS, value, b, same_to);
}

/* ---- a series of values: runs of equal briefs (occ_family.h) */

int occ_nvidia_sweep(const struct gpu_arch *a, const struct occ_input *in, enum occ_param p,
		     const struct occ_series *s, struct occ_run *out, int max)
{
	struct occ_vary v = { .arch = a, .in = *in, .param = p, .at = occ_nvidia_vary_at,
			      .others_min = OCC_UNLIMITED };

	occ_nvidia_vary_init(&v);
	if (p == OCC_PARAM_THREADS)
		return occ_runs_of(&v, nv_vary_threads, s, out, max);
	return occ_runs_of(&v, nv_vary_at, s, out, max);
}

/* Each parameter's own copy (tuning asks it a dozen times a record). */
void occ_nvidia_vary_at(const struct occ_vary *v, int64_t value, struct occ_brief *b,
			int64_t *same_to)
{
	switch (v->param) {
	case OCC_PARAM_THREADS:
		nv_vary_param(v, OCC_PARAM_THREADS, value, b, same_to);
		break;
	case OCC_PARAM_REGISTERS:
		nv_vary_param(v, OCC_PARAM_REGISTERS, value, b, same_to);
		break;
	case OCC_PARAM_SHARED_MEM:
		nv_vary_param(v, OCC_PARAM_SHARED_MEM, value, b, same_to);
		break;
	default:
		nv_vary_at(v, value, b, same_to);
		break;
	}
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
