/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* output_gpus.c - --list-gpus: the GPU database as tables, NVIDIA's devices and
 * compute capabilities, then AMD's devices and gfx targets in AMD's terms. */
#include "config.h"

#include "output.h"

#include "engine.h"
#include "strutil.h"

/* A per-wave-size figure, "-" where the target lacks that wave size. */
static void per_wave(char *buf, size_t size, bool has, int v)
{
	if (has)
		snprintf(buf, size, "%d", v);
	else
		snprintf(buf, size, "-");
}

/* AMD devices count CUs (RDNA: two per WGP) and name a gfx target; the targets
 * have their own limits: waves per SIMD, VGPR files per lane, SGPRs, LDS. */
static void amd_list(FILE *out, const struct gpu_db *db)
{
	char name[GPU_NAME_MAX * 4], aliases[1024], wgps[16];

	fprintf(out, "\n%-46s %-8s %-11s %5s %5s %-4s %s\n", "AMD DEVICE", "TARGET", "FAMILY", "CUS",
		"WGPS", "MODE", "ALIASES");
	for (size_t i = 0; i < gpu_db_device_count(db); i++) {
		struct gpu g;
		const struct amd_arch *m;
		if (!gpu_db_device_at(db, i, &g) || engine_of(&g.arch)->family == ENGINE_NVIDIA)
			continue;
		m = &g.arch.amd;
		str_sanitize(g.name, name, sizeof(name));
		str_sanitize(g.aliases, aliases, sizeof(aliases));
		/* sm_count counts the unit occupancy is counted on: WGPs in WGP mode. */
		per_wave(wgps, sizeof(wgps), m->wgp_mode, g.sm_count);
		fprintf(out, "%-46s %-8s %-11s %5d %5s %-*s%s\n", name, m->target, m->family,
			g.sm_count * amd_cus_per_unit(m), wgps, aliases[0] ? 5 : 0, amd_unit_name(m),
			aliases);
	}
	fprintf(out, "\n%-8s %-11s %-5s %5s %5s %6s %6s %4s %4s %5s %5s %5s %6s %6s %6s %4s %5s %-4s\n",
		"TARGET", "FAMILY", "WAVE", "SIMDS", "WAVES", "VGPR64", "VGPR32", "G64", "G32",
		"VGPR", "AGPR", "SGPRS", "LDS/CU", "LDS/WG", "LDS+", "WGS", "WI/WG", "MODE");
	for (size_t i = 0; i < gpu_db_amd_arch_count(db); i++) {
		const struct amd_arch *m = &gpu_db_amd_arch_at(db, i)->amd;
		char wave[8], v64[16], v32[16], g64[16], g32[16], agpr[16], sgpr[16], wgp[16];

		if (m->wave32 && m->wave64)
			snprintf(wave, sizeof(wave), "%d+%d", m->default_wave_size,
				 m->default_wave_size == 32 ? 64 : 32);
		else
			snprintf(wave, sizeof(wave), "%d", m->default_wave_size);
		per_wave(v64, sizeof(v64), m->wave64, m->vgprs_per_simd_wave64);
		per_wave(v32, sizeof(v32), m->wave32, m->vgprs_per_simd_wave32);
		per_wave(g64, sizeof(g64), m->wave64, m->vgpr_granule_wave64);
		per_wave(g32, sizeof(g32), m->wave32, m->vgpr_granule_wave32);
		if (m->max_agprs_per_wave > 0)
			snprintf(agpr, sizeof(agpr), "%d%s", m->max_agprs_per_wave,
				 m->unified_vgpr_agpr ? "u" : "");
		else
			snprintf(agpr, sizeof(agpr), "-");
		per_wave(sgpr, sizeof(sgpr), m->sgprs_per_simd > 0, m->sgprs_per_simd);
		per_wave(wgp, sizeof(wgp), m->lds_per_wgp_bytes > 0, m->lds_per_wgp_bytes);
		fprintf(out, "%-8s %-11s %-5s %5d %5d %6s %6s %4s %4s %5d %5s %5s %6d %6d %6s %4d %5d %s\n",
			m->target, m->family, wave, m->simds_per_cu, m->max_waves_per_simd, v64, v32,
			g64, g32, m->max_vgprs_per_wave, agpr, sgpr, m->lds_per_cu_bytes,
			m->max_lds_per_workgroup_bytes, wgp, m->max_workgroups_per_cu,
			m->max_workgroup_size, amd_unit_name(m));
	}
	fprintf(out, "\nPer CU: SIMDS, WAVES (slots per SIMD), LDS/CU, WGS (workgroups of 2 or more waves).\n"
		"WAVE: wave sizes, default first. VGPR64/VGPR32: VGPRs per SIMD lane in wave64/wave32,\n"
		"G64/G32: their allocation granules. VGPR, AGPR: the most per work-item (u: the AGPRs\n"
		"share the VGPR file). SGPRS: per SIMD (-: not an occupancy limit). LDS/WG: the most\n"
		"per workgroup; LDS+: per WGP. WI/WG: work-items per workgroup. MODE WGP: occupancy is\n"
		"counted per WGP of 2 CUs (twice the SIMDs, LDS and workgroups), RDNA's default.\n");
}

void output_gpu_list(FILE *out, const struct gpu_db *db)
{
	char cc[16], name[GPU_NAME_MAX * 4], aliases[1024];

	fprintf(out, "%-46s %-5s %-7s %5s  %-11s %s\n", "DEVICE", "CC", "ARCH", "SMS", "SEGMENT", "ALIASES");
	for (size_t i = 0; i < gpu_db_device_count(db); i++) {
		struct gpu g;
		if (!gpu_db_device_at(db, i, &g) || engine_of(&g.arch)->family != ENGINE_NVIDIA)
			continue;
		gpu_arch_cc_string(&g.arch, cc, sizeof(cc));
		str_sanitize(g.name, name, sizeof(name));
		str_sanitize(g.aliases, aliases, sizeof(aliases));
		fprintf(out, "%-46s %-5s %-7s %5d  %-11s %s\n", name, cc, g.arch.arch, g.sm_count,
			g.segment, aliases);
	}
	fprintf(out, "\n%-7s %-5s %-10s %5s %5s %6s %6s %7s %7s %5s %6s %4s %8s %8s %5s %5s %4s\n",
		"ARCH", "CC", "FAMILY", "THR", "WARPS", "BLOCKS", "THR/B", "REGS", "REGS/B", "R/THR",
		"RUNIT", "SUBP", "SMEM", "SMEM/B+", "UNIT", "RSVD", "BARS");
	for (size_t i = 0; i < gpu_db_arch_count(db); i++) {
		const struct gpu_arch *a = gpu_db_arch_at(db, i);
		char unit[16];
		gpu_arch_cc_string(a, cc, sizeof(cc));
		snprintf(unit, sizeof(unit), "%d/%c%s", a->reg_alloc_unit,
			 a->reg_alloc == GPU_REG_ALLOC_BLOCK ? 'b' : 'w',
			 a->n_reg_unit_exceptions > 0 ? "*" : "");
		fprintf(out, "%-7s %-5s %-10s %5d %5d %6d %6d %7d %7d %5d %6s %4d %8lld %8lld %5d %5d %4d\n",
			a->arch, cc, a->family, a->max_threads_per_sm, a->max_warps_per_sm,
			a->max_blocks_per_sm, a->max_threads_per_block, a->regs_per_sm, a->regs_per_block,
			a->max_regs_per_thread, unit, a->sm_subpartitions, (long long)a->smem_per_sm_bytes,
			(long long)a->smem_per_block_optin_bytes, a->smem_alloc_unit_bytes,
			a->smem_reserved_per_block_bytes, a->barriers_per_sm);
	}
	fprintf(out, "\nRUNIT: registers allocated in this unit per warp (/w) or per block (/b, warps rounded\n"
		"to the warp granularity first); *: some counts in a larger unit (Fermi: 128 at 21, 22, ...);\n"
		"SMEM/B+: opt-in shared memory per block; RSVD: bytes the driver reserves per block;\n"
		"BARS: barriers per SM (0: not an occupancy limit). Sources: occview-formats(5), "
		"provenance column of the database.\n");
	if (gpu_db_amd_arch_count(db) > 0)
		amd_list(out, db);
}
