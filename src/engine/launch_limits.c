/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* launch_limits.c - each engine's own limits on a launch (launch_check goes
 * through the engine): NVIDIA's registers, shared memory and barriers;
 * AMD's wave size, VGPRs, AGPRs, SGPRs and LDS. */
#include "config.h"

#include "launch.h"

#include "amd_arch.h"

bool launch_limit_error(struct occ_error *err, const char *file, long line, const char *field,
			const char *msg, long long value, long long limit, const struct gpu *gpu)
{
	occ_error_set(err, file ? OCC_EDATA : OCC_EUSAGE, file, line, field,
		      "%s: %lld, but %s allows at most %lld", msg, value, gpu->name, limit);
	return false;
}

/* AMD: the wave size the target runs, VGPRs, AGPRs, SGPRs (where they limit)
 * and LDS within what one wave and one workgroup may use. Carveout and
 * barriers do not apply. */
bool launch_check_amd(const struct launch *l, const struct gpu *gpu, const char *file,
		      long line, struct occ_error *err)
{
	const struct amd_arch *m = &gpu->arch.amd;
	int64_t lds = launch_smem_per_block_bytes(l);
	int wave = l->wave_size ? l->wave_size : m->default_wave_size;

	if ((wave == 32 && !m->wave32) || (wave == 64 && !m->wave64)) {
		occ_error_set(err, file ? OCC_EDATA : OCC_EUSAGE, file, line, "wave_size",
					    "%s (%s) does not run wave%d", gpu->name, m->target, wave);
		return false;
	}
	/* A VLIW (TeraScale) work-item has 128-bit GPRs only. */
	if (m->vliw && (l->sgprs > 0 || l->agprs > 0)) {
		occ_error_set(err, file ? OCC_EDATA : OCC_EUSAGE, file, line,
					    l->sgprs > 0 ? "sgprs" : "agprs", "%s is a %s (VLIW) GPU: it has no %s",
					    gpu->name, m->family, l->sgprs > 0 ? "scalar registers" :
					    "accumulation registers");
		return false;
	}
	if (l->regs_per_thread > m->max_vgprs_per_wave)
		return launch_limit_error(err, file, line, "vgprs", "VGPRs per work-item",
					  l->regs_per_thread, m->max_vgprs_per_wave, gpu);
	if (l->agprs > (m->unified_vgpr_agpr ? m->max_vgprs_per_wave : m->max_agprs_per_wave))
		return launch_limit_error(err, file, line, "agprs", "AGPRs per work-item", l->agprs,
					  m->unified_vgpr_agpr ? m->max_vgprs_per_wave :
					  m->max_agprs_per_wave, gpu);
	/* Where SGPRs do not limit, a count is information only (amd.h). */
	if (amd_sgprs_limit(m) && l->sgprs > amd_max_sgprs(m))
		return launch_limit_error(err, file, line, "sgprs", "SGPRs per wave", l->sgprs,
					  amd_max_sgprs(m), gpu);
	if (lds > m->max_lds_per_workgroup_bytes)
		return launch_limit_error(err, file, line, "static_shared_mem", "LDS per workgroup",
					  lds, m->max_lds_per_workgroup_bytes, gpu);
	return true;
}

/* NVIDIA: registers, static and whole shared memory within the GPU's
 * per-thread and per-block maxima, at most 16 barriers. */
bool launch_check_nvidia(const struct launch *l, const struct gpu *gpu, const char *file,
			 long line, struct occ_error *err)
{
	const struct gpu_arch *a = &gpu->arch;
	int64_t smem = launch_smem_per_block_bytes(l);

	if (l->regs_per_thread > a->max_regs_per_thread)
		return launch_limit_error(err, file, line, "registers", "registers per thread",
					  l->regs_per_thread, a->max_regs_per_thread, gpu);
	if (l->static_smem_bytes > a->smem_per_block_bytes)
		return launch_limit_error(err, file, line, "static_shared_mem",
					  "static shared memory per block "
					  "(larger needs dynamic shared memory)",
					  l->static_smem_bytes, a->smem_per_block_bytes, gpu);
	if (smem > a->smem_per_block_optin_bytes)
		return launch_limit_error(err, file, line, "dynamic_shared_mem",
					  "shared memory per block (static + dynamic)", smem,
					  a->smem_per_block_optin_bytes, gpu);
	if (l->barriers < 0 || l->barriers > 16) {
		occ_error_set(err, file ? OCC_EDATA : OCC_EUSAGE, file, line, "barriers",
					    "a block uses 0 to 16 barriers, got %d", l->barriers);
		return false;
	}
	return true;
}
