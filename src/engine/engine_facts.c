/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* engine_facts.c - each engine's allocation and GPU limits as rows of items
 * (engine_facts.h): NVIDIA's registers per warp and shared-memory
 * configurations, AMD's VGPR, SGPR and LDS granules, TeraScale's GPRs as
 * CodeXL counted them. */
#include "config.h"

#include "engine_facts.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "amd.h"
#include "launch.h"

__attribute__((format(printf, 3, 4)))
static void add(struct engine_facts *o, enum engine_fact_role role, const char *fmt, ...)
{
	struct engine_fact_row *row;
	va_list ap;

	if (o->n >= ENGINE_FACT_ROWS)
		return;
	row = &o->rows[o->n];
	if (row->n >= ENGINE_FACT_ITEMS)
		return;
	row->items[row->n].role = role;
	va_start(ap, fmt);
	vsnprintf(row->items[row->n].text, ENGINE_FACT_LEN, fmt, ap);
	va_end(ap);
	row->n++;
}

/* The items added since the last row become a row named label. */
static void end_row(struct engine_facts *o, const char *label)
{
	if (o->n >= ENGINE_FACT_ROWS)
		return;
	snprintf(o->rows[o->n].label, sizeof(o->rows[o->n].label), "%s", label);
	o->n++;
}

/* Bytes as KB (KiB, as --print and the launch parser count) when whole, else B. */
static void size_text(int64_t bytes, char *buf, size_t size)
{
	if (bytes != 0 && bytes % 1024 == 0)
		snprintf(buf, size, "%lld KB", (long long)(bytes / 1024));
	else
		snprintf(buf, size, "%lld B", (long long)bytes);
}

/* A VLIW (TeraScale) target's allocation and limits in CodeXL's terms:
 * 128-bit GPRs per work-item, no granule, no SGPRs, a CU of one SIMD engine. */
void engine_vliw_allocation(struct engine_facts *o, const struct engine_fact_args *v)
{
	const struct amd_result *x = &v->r->amd;
	const struct amd_arch *m = &v->arch->amd;

	add(o, ENGINE_FACT_NORMAL, "%d (128-bit) per work-item", v->in->regs_per_thread);
	add(o, ENGINE_FACT_NORMAL, "of %d a work-item may have", m->vgprs_per_simd_wave64);
	end_row(o, "GPRs");
	add(o, ENGINE_FACT_DIM, "none on %s (VLIW)", m->family);
	end_row(o, "SGPRs");
	add(o, ENGINE_FACT_NORMAL, "%lld B per workgroup (no granule)", (long long)x->lds_allocated);
	end_row(o, "LDS");
}

void engine_vliw_gpu_limits(struct engine_facts *o, const struct engine_fact_args *v)
{
	const struct amd_arch *m = &v->arch->amd;
	char a[32];

	add(o, ENGINE_FACT_NORMAL, "1 SIMD engine, %d wave slots (AMD's count), %d workgroups",
		 m->max_waves_per_simd, m->max_workgroups_per_cu);
	end_row(o, "Per CU");
	add(o, ENGINE_FACT_NORMAL, "%d work-items, wave%d only", m->max_workgroup_size,
		 m->default_wave_size);
	end_row(o, "Per workgroup");
	add(o, ENGINE_FACT_NORMAL, "%d (128-bit) per work-item", m->vgprs_per_simd_wave64);
	end_row(o, "GPRs");
	size_text(m->lds_per_cu_bytes, a, sizeof(a));
	add(o, ENGINE_FACT_NORMAL, "%s per CU and per workgroup", a);
	end_row(o, "LDS");
}

void engine_amd_allocation(struct engine_facts *o, const struct engine_fact_args *v)
{
	const struct occ_result *r = v->r;
	const struct gpu_arch *g = v->arch;
	const struct amd_result *x = &r->amd;
	int waves = x->waves_per_workgroup;

	int granule = amd_vgpr_granule(&g->amd, x->wave_size);
	const struct occ_input *in = v->in;

	/* How the VGPRs and AGPRs share the allocation (amd.c). */
	if (g->amd.unified_vgpr_agpr && in->agprs > 0)
		add(o, ENGINE_FACT_NORMAL, "%d per work-item (%d VGPRs rounded up to 4, then "
			 "%d AGPRs, in granules of %d)", x->vgprs_allocated,
			 in->regs_per_thread, in->agprs, granule);
	else if (in->agprs > 0)
		add(o, ENGINE_FACT_NORMAL, "%d per work-item (the larger of %d VGPRs and "
			 "%d AGPRs, in granules of %d)", x->vgprs_allocated,
			 in->regs_per_thread, in->agprs, granule);
	else
		add(o, ENGINE_FACT_NORMAL, "%d per work-item (granule %d)",
			 x->vgprs_allocated, granule);
	if (g->amd.unified_vgpr_agpr && in->agprs == 0)
		add(o, ENGINE_FACT_NORMAL, "AGPRs share the file");
	add(o, ENGINE_FACT_NORMAL, "x %d wave%s = %lld per workgroup", waves,
		 waves == 1 ? "" : "s", (long long)r->allocated_regs_per_block);
	add(o, ENGINE_FACT_NORMAL, "of %d per SIMD lane in wave%d", amd_vgpr_file(&g->amd, x->wave_size),
	    x->wave_size);
	end_row(o, "VGPRs");
	if (amd_sgprs_limit(&g->amd) && v->in->sgprs > 0) {
		add(o, ENGINE_FACT_NORMAL, "%d per wave (granule %d)", x->sgprs_allocated,
			 g->amd.sgpr_granule);
		add(o, ENGINE_FACT_NORMAL, "x %d wave%s = %lld per workgroup", waves,
			 waves == 1 ? "" : "s", (long long)x->sgprs_allocated * waves);
		add(o, ENGINE_FACT_NORMAL, "of %d per SIMD", g->amd.sgprs_per_simd);
	} else if (amd_sgprs_limit(&g->amd)) {
		add(o, ENGINE_FACT_DIM, "not given, so not counted (--sgprs N)");
	} else {
		if (v->in->sgprs > 0)
			add(o, ENGINE_FACT_NORMAL, "%d per wave, information only",
				 v->in->sgprs);
		add(o, ENGINE_FACT_DIM, "do not limit on %s", g->amd.target);
	}
	end_row(o, "SGPRs");
	add(o, ENGINE_FACT_NORMAL, "%lld B per workgroup (granule %d B)",
		 (long long)x->lds_allocated, g->amd.lds_granule_bytes);
	end_row(o, "LDS");
}

void engine_nvidia_allocation(struct engine_facts *o, const struct engine_fact_args *v)
{
	const struct occ_result *r = v->r, *br = v->base;
	const struct gpu_arch *g = v->arch;
	char a[32], b[32];

	if (g->reg_alloc == GPU_REG_ALLOC_BLOCK) {
		add(o, ENGINE_FACT_NORMAL, "%lld per block (unit %d, warps rounded to %d)",
			 (long long)r->allocated_regs_per_block, g->reg_alloc_unit,
			 g->warp_alloc_granularity);
	} else {
		add(o, ENGINE_FACT_NORMAL, "%d per warp (unit %d)", r->regs_per_warp_allocated,
			 gpu_reg_alloc_unit(g, v->in->regs_per_thread));
		add(o, ENGINE_FACT_NORMAL, "%lld per block", (long long)r->allocated_regs_per_block);
	}
	if (r->regs_per_block_checked != r->allocated_regs_per_block)
		add(o, ENGINE_FACT_NORMAL, "checked as %lld (warps rounded to %d)",
			 (long long)r->regs_per_block_checked, g->warp_alloc_granularity);
	if (v->base && br->allocated_regs_per_block != r->allocated_regs_per_block)
		add(o, ENGINE_FACT_DIM, "baseline %lld per block",
			 (long long)br->allocated_regs_per_block);
	end_row(o, "Registers");

	add(o, ENGINE_FACT_NORMAL, "%lld B per block", (long long)r->allocated_smem_per_block);
	add(o, ENGINE_FACT_NORMAL, "unit %d B", g->smem_alloc_unit_bytes);
	if (g->smem_reserved_per_block_bytes > 0)
		add(o, ENGINE_FACT_NORMAL, "%d B reserved by the driver",
			 g->smem_reserved_per_block_bytes);
	if (v->base && br->allocated_smem_per_block != r->allocated_smem_per_block)
		add(o, ENGINE_FACT_DIM, "baseline %lld B per block",
			 (long long)br->allocated_smem_per_block);
	end_row(o, "Shared memory");

	size_text(r->smem_config_bytes, a, sizeof(a));
	if (g->n_smem_configs <= 1) {
		add(o, ENGINE_FACT_NORMAL, "%s per SM (fixed)", a);
	} else {
		add(o, ENGINE_FACT_NORMAL, "%s per SM", a);
		size_text(r->smem_preference_bytes, b, sizeof(b));
		if (r->smem_config_from_driver)
			/* The report's choice, for the launch as measured only. */
			add(o, ENGINE_FACT_NORMAL, "driver chose %s (carveout default)", b);
		else if (gpu_has_cache_config(g))
			add(o, ENGINE_FACT_NORMAL, "preference %s (cache %s)", b,
				 launch_cache_config_name(v->in->cache_config));
		else if (v->in->carveout_pct == LAUNCH_CARVEOUT_DEFAULT)
			add(o, ENGINE_FACT_NORMAL, "preference %s (carveout default)", b);
		else
			add(o, ENGINE_FACT_NORMAL, "preference %s (carveout %d%%)", b,
				 v->in->carveout_pct);
		if (r->smem_config_bytes != r->smem_preference_bytes && gpu_has_cache_config(g)) {
			/* The runtime takes the largest, not the next (cuda_occupancy.h). */
			size_text(r->allocated_smem_per_block, b, sizeof(b));
			add(o, ENGINE_FACT_WARNING, "raised to %s: one block needs %s", a, b);
		} else if (r->smem_config_bytes != r->smem_preference_bytes)
			add(o, ENGINE_FACT_WARNING, "raised: one block needs more");
		if (v->dropped_config_bytes >= 0) {
			size_text(v->dropped_config_bytes, b, sizeof(b));
			add(o, ENGINE_FACT_DIM, "the driver chose %s for the measured launch, "
				 "not this what-if", b);
		}
	}
	end_row(o, "Configuration");

	if (g->n_smem_configs > 1) {
		char choices[ENGINE_FACT_LEN] = "";
		size_t len = 0;
		for (int i = 0; i < g->n_smem_configs && len < sizeof(choices); i++)
			len += (size_t)snprintf(choices + len, sizeof(choices) - len, "%s%lld",
						i ? ", " : "", (long long)(g->smem_configs_bytes[i] / 1024));
		add(o, ENGINE_FACT_DIM, "%s choices %s KB",
			 gpu_has_cache_config(g) ? "cache (l1 .. shared)" : "carveout", choices);
		end_row(o, "");
	}
}

void engine_amd_gpu_limits(struct engine_facts *o, const struct engine_fact_args *v)
{
	const struct gpu_arch *g = v->arch;
	char a[32], b[32];

	const struct amd_arch *m = &g->amd;
	add(o, ENGINE_FACT_NORMAL, "%d SIMDs x %d wave slots", amd_simds_per_unit(m),
		 m->max_waves_per_simd);
	add(o, ENGINE_FACT_NORMAL, "%d workgroups", g->max_blocks_per_sm);
	end_row(o, m->wgp_mode ? "Per WGP" : "Per CU");
	if (m->wave32 && m->wave64)
		add(o, ENGINE_FACT_NORMAL, "%d work-items, wave%d by default, wave%d too",
			 m->max_workgroup_size, m->default_wave_size,
			 m->default_wave_size == 32 ? 64 : 32);
	else
		add(o, ENGINE_FACT_NORMAL, "%d work-items, wave%d only", m->max_workgroup_size,
			 m->default_wave_size);
	end_row(o, "Per workgroup");
	add(o, ENGINE_FACT_NORMAL, "%d per SIMD lane", amd_vgpr_file(m, m->default_wave_size));
	add(o, ENGINE_FACT_NORMAL, "%d per wave", m->max_vgprs_per_wave);
	if (m->unified_vgpr_agpr)
		add(o, ENGINE_FACT_NORMAL, "unified with AGPRs");
	end_row(o, "VGPRs");
	size_text(g->smem_per_sm_bytes, a, sizeof(a));
	size_text(m->max_lds_per_workgroup_bytes, b, sizeof(b));
	add(o, ENGINE_FACT_NORMAL, "%s per %s", a, m->wgp_mode ? "WGP" : "CU");
	add(o, ENGINE_FACT_NORMAL, "%s per workgroup", b);
	end_row(o, "LDS");
}

void engine_nvidia_gpu_limits(struct engine_facts *o, const struct engine_fact_args *v)
{
	const struct gpu_arch *g = v->arch;
	char a[32], b[32], c[32];


	add(o, ENGINE_FACT_NORMAL, "%d threads", g->max_threads_per_sm);
	add(o, ENGINE_FACT_NORMAL, "%d warps", g->max_warps_per_sm);
	add(o, ENGINE_FACT_NORMAL, "%d blocks", g->max_blocks_per_sm);
	if (g->barriers_per_sm > 0)
		add(o, ENGINE_FACT_NORMAL, "%d barriers", g->barriers_per_sm);
	end_row(o, "Per SM");

	add(o, ENGINE_FACT_NORMAL, "%d threads (warp size %d)", g->max_threads_per_block,
		 g->warp_size);
	end_row(o, "Per block");

	add(o, ENGINE_FACT_NORMAL, "%d per SM (%d sub-partition%s)", g->regs_per_sm,
		 g->sm_subpartitions, g->sm_subpartitions == 1 ? "" : "s");
	add(o, ENGINE_FACT_NORMAL, "%d per block", g->regs_per_block);
	add(o, ENGINE_FACT_NORMAL, "%d per thread", g->max_regs_per_thread);
	end_row(o, "Registers");

	size_text(g->smem_per_sm_bytes, a, sizeof(a));
	size_text(g->smem_per_block_bytes, b, sizeof(b));
	size_text(g->smem_per_block_optin_bytes, c, sizeof(c));
	add(o, ENGINE_FACT_NORMAL, "%s per SM", a);
	if (g->smem_per_block_optin_bytes > g->smem_per_block_bytes)
		add(o, ENGINE_FACT_NORMAL, "%s per block (opt-in %s)", b, c);
	else
		add(o, ENGINE_FACT_NORMAL, "%s per block", b);
	end_row(o, "Shared memory");
}

