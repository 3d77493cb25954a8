/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* crosscheck.c - Nsight Compute's own occupancy figures for a kernel record
 * beside occview's, compared as Nsight Compute prints them. */
#include "config.h"

#include "crosscheck.h"

#include <math.h>
#include <string.h>
#include <stdio.h>

#include "engine.h"
#include "strfmt.h"

/* Theoretical occupancy and waves per SM are printed with two decimals. */
#define PRINTED_ROUNDING (0.005 + 1e-9)

static const struct {
	const char *label, *key;
	bool decimals;
} fields[CROSSCHECK_N_FIELDS] = {
	[CROSSCHECK_WARPS] = { "Block Limit Warps", "block_limit_warps", false },
	[CROSSCHECK_BLOCKS] = { "Block Limit SM", "block_limit_blocks", false },
	[CROSSCHECK_REGISTERS] = { "Block Limit Registers", "block_limit_registers", false },
	[CROSSCHECK_SHARED_MEM] = { "Block Limit Shared Mem", "block_limit_shared_mem", false },
	[CROSSCHECK_BARRIERS] = { "Block Limit Barriers", "block_limit_barriers", false },
	[CROSSCHECK_THEORETICAL] = { "Theoretical Occupancy", "theoretical_occupancy_pct", true },
	[CROSSCHECK_WAVES] = { "Waves Per SM", "waves_per_sm", true },
	[CROSSCHECK_DRIVER_SMEM] = { "Driver Shared Memory Per Block", "driver_shared_mem_per_block_bytes", false },
	[CROSSCHECK_ACTIVE_WARPS] = { "Theoretical Active Warps per SM", "theoretical_active_warps", true },
	[CROSSCHECK_REGISTERS_ALLOCATED] = { "Registers Per Thread (allocated)",
					     "registers_per_thread_allocated", false },
	[CROSSCHECK_SMEM_PER_BLOCK] = { "Shared Memory Per Block", "shared_mem_per_block_bytes", false },
	[CROSSCHECK_SMEM_ALLOCATED] = { "Shared Memory Per Block (allocated)",
					"shared_mem_per_block_allocated_bytes", false },
	[CROSSCHECK_SCHEDULER_WARPS] = { "Theoretical Warps per Scheduler",
					 "theoretical_warps_per_scheduler", true },
	[CROSSCHECK_CLUSTER_MAX_SIZE] = { "Max Cluster Size", "max_cluster_size", false },
	[CROSSCHECK_CLUSTER_MAX_ACTIVE] = { "Max Active Clusters", "max_active_clusters", false },
	[CROSSCHECK_CLUSTER_OCCUPANCY] = { "Cluster Occupancy", "cluster_occupancy_pct", true },
	[CROSSCHECK_AMD_VGPR_WAVES] = { "Nbr VGPR-limited waves", "waves_limited_by_vgpr", false },
	[CROSSCHECK_AMD_SGPR_WAVES] = { "Nbr SGPR-limited waves", "waves_limited_by_sgpr", false },
	[CROSSCHECK_AMD_LDS_WAVES] = { "Nbr LDS-limited waves", "waves_limited_by_lds", false },
	[CROSSCHECK_AMD_WORKGROUP_WAVES] = { "Nbr of WG-limited waves", "waves_limited_by_workgroup",
					     false },
};

const char *crosscheck_label(enum crosscheck_field f)
{
	return (unsigned)f < CROSSCHECK_N_FIELDS ? fields[f].label : "?";
}

const char *crosscheck_key(enum crosscheck_field f)
{
	return (unsigned)f < CROSSCHECK_N_FIELDS ? fields[f].key : "?";
}

bool crosscheck_decimals(enum crosscheck_field f)
{
	return (unsigned)f < CROSSCHECK_N_FIELDS && fields[f].decimals;
}

void crosscheck_value_text(enum crosscheck_field f, double v, char *buf, size_t size)
{
	if ((unsigned)f < CROSSCHECK_N_FIELDS && fields[f].decimals)
		strfmt(buf, size, "%.2f", v);
	else
		strfmt(buf, size, "%.0f", v);
}

double crosscheck_value(enum crosscheck_field f, double v)
{
	if ((unsigned)f < CROSSCHECK_N_FIELDS && fields[f].decimals)
		return round(v * 100.0) / 100.0;
	return round(v);
}

int crosscheck_count(uint32_t bits)
{
	int n = 0;

	for (; bits; bits &= bits - 1)
		n++;
	return n;
}

static void put(struct crosscheck *c, enum crosscheck_field f, double report, double occview)
{
	bool differs = fields[f].decimals ? fabs(report - occview) > PRINTED_ROUNDING
					  : report != occview;

	c->compared |= 1u << f;
	if (differs)
		c->disagree |= 1u << f;
	c->report[f] = (float)report;
	c->occview[f] = (float)occview;
}

/* put() for occview's figure a range lo-hi (a point where they are equal):
 * any report value inside it agrees; outside, the nearest end is compared.
 * Only the two cluster fields have one (struct crosscheck's bound). */
static void put_range(struct crosscheck *c, enum crosscheck_field f, double report, double lo,
		      double hi)
{
	int slot = f == CROSSCHECK_CLUSTER_MAX_ACTIVE ? 0 : 1;

	put(c, f, report, report < lo ? lo : report > hi ? hi : report);
	if (lo != hi) {
		c->bounded |= 1u << f;
		c->bound[slot][0] = (float)lo;
		c->bound[slot][1] = (float)hi;
	}
}

void crosscheck_bound(const struct crosscheck *c, enum crosscheck_field f, double *lo, double *hi)
{
	int slot = f == CROSSCHECK_CLUSTER_MAX_ACTIVE ? 0 : 1;

	if ((unsigned)f < CROSSCHECK_N_FIELDS && ((c->bounded >> f) & 1u)) {
		*lo = c->bound[slot][0];
		*hi = c->bound[slot][1];
	} else {
		*lo = *hi = (unsigned)f < CROSSCHECK_N_FIELDS ? c->occview[f] : 0.0;
	}
}

struct crosscheck_rules crosscheck_rules(enum report_ncu_layout layout)
{
	const unsigned all = (1u << OCC_N_FACTORS) - 1;

	switch (layout) {
	case REPORT_NCU_KERNEL_TIME:
		/* ncu 2021.2 on an A100: Block Limit Shared Mem 164, 145, 9 and 6
		 * beside Block Limit SM 32 and a configuration of 16 to 100 KB:
		 * 167936 B (164 KB, the largest) divided by each block's. */
		return (struct crosscheck_rules){ 0, true };
	case REPORT_NCU_RAW:
		/* ncu 2025 raw pages: launch__occupancy_limit_shared_mem 62 beside
		 * a blocks limit of 32, while the barriers limit prints 32 where
		 * 64 barriers allow 64. */
		return (struct crosscheck_rules){ all & ~(1u << OCC_SHARED_MEM), false };
	case REPORT_NCU_DETAILS:
	case REPORT_NCU_NONE:
		break;
	}
	return (struct crosscheck_rules){ all, false };
}

void crosscheck_rules_text(enum report_ncu_layout layout, char *buf, size_t size)
{
	switch (layout) {
	case REPORT_NCU_KERNEL_TIME:
		strfmt(buf, size, "Nsight Compute 2019.x-2021.x (a details page with Kernel Time) "
			 "prints block limits uncapped and divides the largest shared-memory "
			 "configuration");
		return;
	case REPORT_NCU_RAW:
		strfmt(buf, size, "the raw page prints launch__occupancy_limit_shared_mem uncapped, "
			 "the other limits capped at the blocks limit, and divides the configuration "
			 "the driver chose");
		return;
	case REPORT_NCU_DETAILS:
		strfmt(buf, size, "Nsight Compute 2022 and later (a details page) prints block "
			 "limits capped at Block Limit SM and divides the configuration the driver "
			 "chose");
		return;
	case REPORT_NCU_NONE:
		break;
	}
	strfmt(buf, size, "block limits compared capped at Block Limit SM");
}

/* occview's limit of factor f as the report's Nsight Compute prints it. An
 * unlimited factor prints as the SM's block limit; a capped one never above
 * it; the shared-memory limit, by the largest configuration where the
 * version divides that one. printed: the report's value, which, above the
 * SM's block limit, cannot be a capped one. */
static int as_printed(const struct gpu_arch *arch, const struct occ_result *r,
		      enum occ_factor f, const struct crosscheck_rules *rules, int64_t printed,
		      bool *uncapped)
{
	int max = arch->max_blocks_per_sm;
	int limit = r->block_limit[f];

	if (f == OCC_SHARED_MEM && rules->smem_largest_config && limit != 0 &&
	    r->allocated_smem_per_block > 0) {
		int64_t largest = arch->n_smem_configs > 0
			? arch->smem_configs_bytes[arch->n_smem_configs - 1] : arch->smem_per_sm_bytes;
		limit = (int)(largest / r->allocated_smem_per_block);
	}
	*uncapped = !(rules->capped & (1u << f)) || printed > max;
	if (limit == OCC_UNLIMITED)
		return max;
	return *uncapped || limit < max ? limit : max;
}

int crosscheck_limit_as_printed(const struct gpu_arch *arch, const struct occ_result *r,
				enum occ_factor f, enum report_ncu_layout layout, int64_t printed)
{
	struct crosscheck_rules rules = crosscheck_rules(layout);
	bool uncapped;

	return as_printed(arch, r, f, &rules, printed, &uncapped);
}

/* CodeXL's and the Radeon Compute Profiler's figures (CLCUInfoSI::
 * ComputeNumActiveWaves): per CU, each factor's waves capped at the
 * work-group limit's (wave slots and work-groups per CU) and cut to whole
 * work-groups, which is occview's work-group limit of that factor times
 * the waves of a work-group; its occupancy is the resident waves over the
 * CU's wave slots. */
static void compare_codexl(const struct report_record *rec, const struct occ_result *r,
			   struct crosscheck *out)
{
	static const struct { enum crosscheck_field field; enum amd_factor factor; } limits[] = {
		[REPORT_AMD_VGPR] = { CROSSCHECK_AMD_VGPR_WAVES, AMD_VGPRS },
		[REPORT_AMD_SGPR] = { CROSSCHECK_AMD_SGPR_WAVES, AMD_SGPRS },
		[REPORT_AMD_LDS] = { CROSSCHECK_AMD_LDS_WAVES, AMD_LDS },
		[REPORT_AMD_WORKGROUP] = { CROSSCHECK_AMD_WORKGROUP_WAVES, AMD_WORKGROUPS },
	};
	const int *wl = r->amd.workgroup_limit;
	int cap = wl[AMD_WAVES] < wl[AMD_WORKGROUPS] ? wl[AMD_WAVES] : wl[AMD_WORKGROUPS];

	for (int i = 0; i < REPORT_AMD_N_LIMITS; i++) {
		int wgs = wl[limits[i].factor] < cap ? wl[limits[i].factor] : cap;

		if (rec->amd_waves_limit[i].present)
			put(out, limits[i].field, (double)rec->amd_waves_limit[i].value,
			    (double)wgs * r->amd.waves_per_workgroup);
	}
	if (rec->theoretical_occupancy_pct.present && r->max_warps_per_sm > 0)
		put(out, CROSSCHECK_THEORETICAL, rec->theoretical_occupancy_pct.value,
		    100.0 * r->active_warps_per_sm / r->max_warps_per_sm);
}

void crosscheck_compare(const struct report_record *rec, const struct gpu_arch *arch,
			const struct occ_input *in, const struct occ_result *r,
			const struct waves *w, bool barriers_known, struct crosscheck *out)
{
	static const struct { enum crosscheck_field field; enum occ_factor factor; } limits[] = {
		{ CROSSCHECK_WARPS, OCC_WARPS }, { CROSSCHECK_BLOCKS, OCC_BLOCKS },
		{ CROSSCHECK_REGISTERS, OCC_REGISTERS }, { CROSSCHECK_SHARED_MEM, OCC_SHARED_MEM },
		{ CROSSCHECK_BARRIERS, OCC_BARRIERS },
	};
	const struct report_int *given[] = {
		&rec->limit_warps, &rec->limit_blocks, &rec->limit_registers, &rec->limit_smem,
		&rec->limit_barriers,
	};
	struct crosscheck_rules rules = crosscheck_rules((enum report_ncu_layout)rec->ncu_layout);

	*out = (struct crosscheck){ 0 };
	out->layout = rec->ncu_layout;
	/* CodeXL's waves per CU are the wave limits of AMD's model. */
	if (engine_of(arch)->wave_limits && rec->figures_by == REPORT_BY_CODEXL) {
		compare_codexl(rec, r, out);
		return;
	}
	/* Nsight Compute's figures are NVIDIA's model. */
	if (!engine_of(arch)->profiler_block_limits)
		return;
	for (size_t i = 0; i < sizeof(limits) / sizeof(limits[0]); i++) {
		bool uncapped;
		int v;

		if (!given[i]->present)
			continue;
		if (limits[i].field == CROSSCHECK_BARRIERS && !barriers_known)
			continue;
		v = as_printed(arch, r, limits[i].factor, &rules, given[i]->value, &uncapped);
		if (uncapped && limits[i].factor != OCC_BLOCKS)
			out->uncapped |= 1u << limits[i].field;
		put(out, limits[i].field, (double)given[i]->value, v);
	}
	if (rec->theoretical_occupancy_pct.present) {
		put(out, CROSSCHECK_THEORETICAL, rec->theoretical_occupancy_pct.value,
		    r->theoretical_occupancy_pct);
		/* A figure printed more coarsely than Nsight Compute's two
		 * decimals (the CUDA profiler's fraction "0.167") is allowed the
		 * rounding of its own last digit. */
		if (rec->theoretical_step_pct.present &&
		    fabs(rec->theoretical_occupancy_pct.value - r->theoretical_occupancy_pct) <=
			    rec->theoretical_step_pct.value / 2 + 1e-9)
			out->disagree &= ~(1u << CROSSCHECK_THEORETICAL);
	}
	if (rec->theoretical_active_warps.present)
		put(out, CROSSCHECK_ACTIVE_WARPS, rec->theoretical_active_warps.value,
		    r->active_warps_per_sm);
	if (rec->theoretical_warps_per_scheduler.present && arch->sm_subpartitions > 0)
		put(out, CROSSCHECK_SCHEDULER_WARPS, rec->theoretical_warps_per_scheduler.value,
		    (double)r->active_warps_per_sm / arch->sm_subpartitions);
	/* launch__waves_per_multiprocessor is the grid over every SM's block
	 * slots, clusters or not (an H200, clusters of 8 at 2 blocks per SM,
	 * 264 blocks: 1.00, tests/data/ncu/h200_ncu2025_raw_*), where occview's waves count
	 * the clusters' (1.03 at 32 clusters of 8 a wave). */
	if (rec->waves_per_sm.present) {
		double slots = (double)w->units * r->active_blocks_per_sm;

		put(out, CROSSCHECK_WAVES, rec->waves_per_sm.value,
		    slots > 0 ? w->waves_per_sm * (double)w->blocks_per_wave / slots
			      : w->waves_per_sm);
	}
	if (rec->driver_smem_bytes.present)
		put(out, CROSSCHECK_DRIVER_SMEM, (double)rec->driver_smem_bytes.value,
		    arch->smem_reserved_per_block_bytes);
	if (rec->registers_allocated.present && arch->warp_size > 0)
		put(out, CROSSCHECK_REGISTERS_ALLOCATED, (double)rec->registers_allocated.value,
		    r->regs_per_warp_allocated / arch->warp_size);
	if (rec->smem_per_block_bytes.present)
		put(out, CROSSCHECK_SMEM_PER_BLOCK, (double)rec->smem_per_block_bytes.value,
		    (double)(in->static_smem_bytes + in->dynamic_smem_bytes +
			     arch->smem_reserved_per_block_bytes));
	if (rec->smem_allocated_bytes.present)
		put(out, CROSSCHECK_SMEM_ALLOCATED, (double)rec->smem_allocated_bytes.value,
		    (double)r->allocated_smem_per_block);
}

/* Cluster occupancy (%) as Nsight Compute counts it: the blocks of the most
 * clusters resident, over the SMs' hardware block slots (units x the
 * architecture's max_blocks_per_sm, 32 on cc 9.0), not over the slots this
 * kernel's blocks per SM leave (cluster_result's occupancy_pct). Measured
 * on an H200 (tests/data/ncu/h200_ncu2025_raw_*): clusters of 2 at 2
 * blocks per SM, 132 active, 6.25 %. pct is one of cl's occupancy figures;
 * < 0 stays. */
static double cluster_pct_ncu(const struct gpu_arch *arch, const struct cluster_result *cl,
			      double pct)
{
	if (pct < 0 || arch->max_blocks_per_sm <= 0)
		return pct;
	return pct * cl->blocks_per_sm / arch->max_blocks_per_sm;
}

void crosscheck_compare_clusters(const struct report_record *rec, const struct gpu_arch *arch,
				 const struct cluster_result *cl, struct crosscheck *out)
{
	if (!cl->applies)
		return;
	if (rec->cluster_max_size.present) {
		int64_t v = rec->cluster_max_size.value;
		bool nonportable = v > cl->max_size_portable && v >= cl->max_size_nonportable_min &&
				   v <= cl->max_size_nonportable_max;

		put(out, CROSSCHECK_CLUSTER_MAX_SIZE, (double)v,
		    nonportable ? (double)v : cl->max_size_portable);
	}
	if (rec->cluster_max_active.present && cl->cluster_size > 0) {
		int64_t v = rec->cluster_max_active.value;
		int64_t lo = cl->max_active_min < 0 ? 0 : cl->max_active_min;

		put_range(out, CROSSCHECK_CLUSTER_MAX_ACTIVE, (double)v, (double)lo,
			  (double)cl->max_active_max);
	}
	/* launch__occupancy_cluster_pct (%), "the ratio of active blocks to the
	 * max possible active blocks due to clusters": the hardware's block
	 * slots, not the kernel's (cluster_pct_ncu), so occview's
	 * figure is put in the same terms. Within a bound any value inside it
	 * agrees; outside, occview's nearest end. */
	if (rec->cluster_occupancy_pct.present && cl->cluster_size > 0) {
		double v = rec->cluster_occupancy_pct.value;
		double lo = cl->occupancy_pct_min < 0 ? 0.0 : cl->occupancy_pct_min;

		put_range(out, CROSSCHECK_CLUSTER_OCCUPANCY, v,
			  cluster_pct_ncu(arch, cl, lo),
			  cluster_pct_ncu(arch, cl, cl->occupancy_pct_max));
	}
}

void crosscheck_record_kept(const struct crosscheck_record *in, struct crosscheck_record *out)
{
	*out = *in;
	if (in->dropped & MEASURED_SMEM_CONFIG)
		out->smem_config_bytes = (struct report_int){ 0 };
	if (in->dropped & MEASURED_CROSSCHECK)
		memset(&out->profiler, 0, sizeof(out->profiler));
	if (in->dropped & MEASURED_ACHIEVED) {
		out->achieved_occupancy_pct = (struct report_num){ 0 };
		out->achieved_active_warps = (struct report_num){ 0 };
		out->duration_ns = (struct report_num){ 0 };
		memset(&out->sched, 0, sizeof(out->sched));
	}
	if (in->dropped & MEASURED_DEVICE) {
		out->device[0] = '\0';
		out->sm_count = (struct report_int){ 0 };
	}
}

void crosscheck_figures_of(const struct report_record *rec, struct crosscheck_figures *out)
{
	out->theoretical_pct = rec->theoretical_occupancy_pct;
	out->active_warps = rec->theoretical_active_warps;
	out->waves_per_sm = rec->waves_per_sm;
	out->limits[OCC_WARPS] = rec->limit_warps;
	out->limits[OCC_BLOCKS] = rec->limit_blocks;
	out->limits[OCC_REGISTERS] = rec->limit_registers;
	out->limits[OCC_SHARED_MEM] = rec->limit_smem;
	out->limits[OCC_BARRIERS] = rec->limit_barriers;
	out->cluster_max_active = rec->cluster_max_active;
	out->cluster_max_size = rec->cluster_max_size;
	out->cluster_occupancy_pct = rec->cluster_occupancy_pct;
	for (int i = 0; i < REPORT_AMD_N_LIMITS; i++)
		out->amd_waves[i] = rec->amd_waves_limit[i];
}

bool crosscheck_figures_any(const struct crosscheck_figures *f)
{
	for (int i = 0; i < OCC_N_FACTORS; i++)
		if (f->limits[i].present)
			return true;
	for (int i = 0; i < REPORT_AMD_N_LIMITS; i++)
		if (f->amd_waves[i].present)
			return true;
	return f->theoretical_pct.present || f->active_warps.present || f->waves_per_sm.present;
}

void crosscheck_figures_text(const struct crosscheck_figures *f, char *buf, size_t size)
{
	static const char *const names[OCC_N_FACTORS] = {
		[OCC_WARPS] = "warps", [OCC_BLOCKS] = "SM", [OCC_REGISTERS] = "registers",
		[OCC_SHARED_MEM] = "shared memory", [OCC_BARRIERS] = "barriers",
	};
	size_t n = 0;
	bool limits = false;

#define ADD(...) (n += (size_t)strfmt(buf + n, n < size ? size - n : 0, __VA_ARGS__))
	buf[0] = '\0';
	if (f->theoretical_pct.present)
		ADD("theoretical occupancy %.2f%%", f->theoretical_pct.value);
	if (f->active_warps.present)
		ADD("%s%.2f active warps per SM", n ? ", " : "", f->active_warps.value);
	for (int i = 0; i < OCC_N_FACTORS; i++) {
		if (!f->limits[i].present)
			continue;
		ADD("%s%s%s %lld", n ? ", " : "", limits ? "" : "block limits: ", names[i],
		    (long long)f->limits[i].value);
		limits = true;
	}
	if (f->waves_per_sm.present)
		ADD("%s%.2f waves per SM", n ? ", " : "", f->waves_per_sm.value);
	limits = false;
	for (int i = 0; i < REPORT_AMD_N_LIMITS; i++) {
		static const char *const amd[REPORT_AMD_N_LIMITS] = {
			[REPORT_AMD_VGPR] = "VGPRs", [REPORT_AMD_SGPR] = "SGPRs",
			[REPORT_AMD_LDS] = "LDS", [REPORT_AMD_WORKGROUP] = "work-groups",
		};

		if (!f->amd_waves[i].present)
			continue;
		ADD("%s%s%s %lld", n ? ", " : "", limits ? "" : "waves per CU limited by ", amd[i],
		    (long long)f->amd_waves[i].value);
		limits = true;
	}
#undef ADD
}
