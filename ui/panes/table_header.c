/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* table_header.c - the occupancy table's first rows: the kernel, its GPU
 * and its launch, in the words of the GPU's engine. */
#include "config.h"

#include "table_out.h"

#include <stdio.h>

#include "engine.h"
#include "params.h"

static void dims_text(const char *what, const int64_t d[3], int64_t total, char *buf, size_t size)
{
	if (d[1] == 1 && d[2] == 1)
		snprintf(buf, size, "%s %lld", what, (long long)total);
	else if (d[2] == 1)
		snprintf(buf, size, "%s %lldx%lld (%lld)", what, (long long)d[0], (long long)d[1],
			 (long long)total);
	else
		snprintf(buf, size, "%s %lldx%lldx%lld (%lld)", what, (long long)d[0], (long long)d[1],
			 (long long)d[2], (long long)total);
}

/* AMD: the same header in AMD's words. */
static void amd_header(struct out *o, const struct view *v)
{
	const struct analysis *a = &v->cur;
	const struct launch *l = &a->launch;
	const struct amd_arch *m = &a->gpu.arch.amd;
	struct items it = { .n = 0 };
	char buf[96];
	int64_t block[3] = { l->block[0], l->block[1], l->block[2] };

	table_item(&it, CANVAS_HEADER, "%s", l->kernel[0] ? l->kernel : "(unnamed)");
	if (m->wgp_mode)
		table_item(&it, CANVAS_NORMAL, "on %s (%s, %s), %d WGPs (%d CUs), WGP mode", a->gpu.name,
			 m->target, m->family, a->gpu.sm_count, a->gpu.sm_count * amd_cus_per_unit(m));
	else if (a->gpu.sm_count <= 0)
		table_item(&it, CANVAS_NORMAL, "on %s (%s), no device of it", m->target, m->family);
	else
		table_item(&it, CANVAS_NORMAL, "on %s (%s, %s), %d CU%s", a->gpu.name, m->target,
			 m->family, a->gpu.sm_count, a->gpu.sm_count == 1 ? "" : "s");
	table_item_rows(o, 0, 8, CANVAS_NORMAL, "Kernel", &it, " ");

	it.n = 0;
	dims_text("grid", l->grid, launch_grid_size(l), buf, sizeof(buf));
	table_item(&it, CANVAS_NORMAL, "%s", buf);
	dims_text("workgroup", block, launch_threads_per_block(l), buf, sizeof(buf));
	table_item(&it, CANVAS_NORMAL, "%s", buf);
	if (l->wave_size)
		table_item(&it, CANVAS_NORMAL, "wave%d", a->r.amd.wave_size);
	else
		table_item(&it, CANVAS_NORMAL, "wave%d (%s's default)", a->r.amd.wave_size, m->target);
	table_item(&it, CANVAS_NORMAL, "%d %s", l->regs_per_thread, m->vliw ? "GPRs" : "VGPRs");
	if (l->agprs > 0)
		table_item(&it, CANVAS_NORMAL, "%d AGPRs", l->agprs);
	/* 0: not given (rocprofv3's kernel trace, a launch file without it) */
	if (l->sgprs > 0)
		table_item(&it, CANVAS_NORMAL, "%d SGPRs", l->sgprs);
	else if (a->gpu.arch.amd.sgprs_per_simd > 0)
		table_item(&it, CANVAS_NORMAL, "SGPRs not given");
	table_item(&it, CANVAS_NORMAL, "LDS %lld B", (long long)launch_smem_per_block_bytes(l));
	table_item_rows(o, 0, 8, CANVAS_NORMAL, "Launch", &it, ", ");
}

void table_sec_header(struct out *o, const struct view *v)
{
	const struct analysis *a = &v->cur;
	const struct launch *l = &a->launch;
	struct items it = { .n = 0 };
	char cc[16], buf[96];
	int64_t block[3] = { l->block[0], l->block[1], l->block[2] };

	/* AMD's launch: wave size, VGPRs, AGPRs, SGPRs, LDS. */
	if (engine_of(&a->gpu.arch)->wave_limits) {
		amd_header(o, v);
		return;
	}
	gpu_arch_cc_string(&a->gpu.arch, cc, sizeof(cc));
	table_item(&it, CANVAS_HEADER, "%s", l->kernel[0] ? l->kernel : "(unnamed)");
	if (a->gpu.sm_count <= 0)
		table_item(&it, CANVAS_NORMAL, "on %s (cc %s, %s), no device of it", a->gpu.arch.arch,
			   cc, a->gpu.arch.family);
	else
		table_item(&it, CANVAS_NORMAL, "on %s (%s, cc %s, %s), %d SM%s", a->gpu.name,
			   a->gpu.arch.arch, cc, a->gpu.arch.family, a->gpu.sm_count,
			   a->gpu.sm_count == 1 ? "" : "s");
	table_item_rows(o, 0, 8, CANVAS_NORMAL, "Kernel", &it, " ");

	it.n = 0;
	dims_text("grid", l->grid, launch_grid_size(l), buf, sizeof(buf));
	table_item(&it, CANVAS_NORMAL, "%s", buf);
	dims_text("block", block, launch_threads_per_block(l), buf, sizeof(buf));
	table_item(&it, CANVAS_NORMAL, "%s", buf);
	/* A value inferred from the profiler's limits is dim and says so. */
	if (table_inferred(v, PARAM_BIT(PARAM_REGISTERS)))
		table_item(&it, CANVAS_DIM, "%d registers (inferred, %s)", l->regs_per_thread,
			 table_range_text(&v->cur.report.inferred.registers, "", buf, sizeof(buf)));
	else
		table_item(&it, CANVAS_NORMAL, "%d registers", l->regs_per_thread);
	if (l->static_smem_bytes == 0 && l->dynamic_smem_bytes == 0)
		table_item(&it, CANVAS_NORMAL, "no shared memory");
	if (l->static_smem_bytes > 0)
		table_item(&it, CANVAS_NORMAL, "static smem %lld B", (long long)l->static_smem_bytes);
	if (l->dynamic_smem_bytes > 0)
		table_item(&it, CANVAS_NORMAL, "dynamic smem %lld B", (long long)l->dynamic_smem_bytes);
	if (table_inferred(v, PARAM_BIT(PARAM_STATIC_SMEM) | PARAM_BIT(PARAM_DYNAMIC_SMEM)))
		table_item(&it, CANVAS_DIM, "(shared memory inferred, %s)",
			 table_range_text(&v->cur.report.inferred.smem_bytes, " B", buf, sizeof(buf)));
	if (l->carveout_pct != LAUNCH_CARVEOUT_DEFAULT)
		table_item(&it, CANVAS_NORMAL, "carveout %d%%", l->carveout_pct);
	if (l->cache_config != LAUNCH_CACHE_NONE)
		table_item(&it, CANVAS_NORMAL, "prefer %s", launch_cache_config_name(l->cache_config));
	table_item(&it, table_inferred(v, PARAM_BIT(PARAM_BARRIERS)) ? CANVAS_DIM : CANVAS_NORMAL,
		 "%d barrier%s%s", l->barriers, l->barriers == 1 ? "" : "s",
		 table_inferred(v, PARAM_BIT(PARAM_BARRIERS)) ? " (inferred)" : "");
	if (l->cluster_size > 0)
		table_item(&it, CANVAS_NORMAL, "clusters of %d", l->cluster_size);
	table_item_rows(o, 0, 8, CANVAS_NORMAL, "Launch", &it, ", ");
}
