/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* engine_advice.c - each family's way to ask its compiler for fewer
 * registers, with the spills it risks: __launch_bounds__ and -maxrregcount
 * (ptxas -v), amdgpu_waves_per_eu (-Rpass-analysis=kernel-resource-usage). */
#include "config.h"

#include "engine.h"
#include "strfmt.h"

#include <stdio.h>

bool engine_nvidia_registers_advice(const struct gpu_arch *a, const struct occ_input *in,
				    const struct occ_result *r, const struct tuning_step *t,
				    char *title, size_t title_size, char *text, size_t text_size)
{
	(void)a;
	(void)r;
	strfmt(title, title_size, "Fewer registers: __launch_bounds__ or -maxrregcount");
	strfmt(text, text_size,
		 "%lld -> %lld registers per thread gives %d -> %d blocks per SM (%d -> %d warps). "
		 "__launch_bounds__(%d, %d) on the kernel asks the compiler to fit %d blocks of %d "
		 "threads on an SM, which takes %lld registers per thread or fewer; -maxrregcount=%lld "
		 "caps every kernel of the file. Either may spill registers to local memory, whose "
		 "traffic can cost more than the occupancy gains: compile with -Xptxas -v and compare "
		 "its \"bytes spill stores\" and \"bytes spill loads\" before and after, then measure.",
		 (long long)t->from, (long long)t->to, t->blocks_from, t->blocks_to, t->warps_from,
		 t->warps_to, in->threads_per_block, t->blocks_to, t->blocks_to,
		 in->threads_per_block, (long long)t->to, (long long)t->to);
	return true;
}

/* The VGPR step as the compiler takes it (LLVM's amdgpu_waves_per_eu,
 * AMDGPUUsage), and the spills to scratch that
 * -Rpass-analysis=kernel-resource-usage reports. */
bool engine_amd_registers_advice(const struct gpu_arch *a, const struct occ_input *in,
				 const struct occ_result *r, const struct tuning_step *t,
				 char *title, size_t title_size, char *text, size_t text_size)
{
	struct occ_input next = *in;
	struct occ_result to = { 0 };

	next.regs_per_thread = (int)t->to;
	/* The family's own compute: engine.c's tables call this file. */
	occ_amd_compute(a, &next, &to);
	strfmt(title, title_size, "Fewer VGPRs: amdgpu_waves_per_eu");
	strfmt(text, text_size,
		 "%lld -> %lld VGPRs per work-item gives %d -> %d waves per SIMD. "
		 "__attribute__((amdgpu_waves_per_eu(%d))) on the kernel, with __launch_bounds__(%d) "
		 "naming the workgroup size, asks the compiler for %d waves per SIMD, which takes %lld "
		 "VGPRs or fewer. It may spill VGPRs to scratch memory, whose traffic can cost more than "
		 "the occupancy gains: compile with -Rpass-analysis=kernel-resource-usage and compare its "
		 "\"VGPRs Spill\" and \"ScratchSize\" before and after, then measure.",
		 (long long)t->from, (long long)t->to, r->amd.waves_per_simd, to.amd.waves_per_simd,
		 to.amd.waves_per_simd, in->threads_per_block, to.amd.waves_per_simd, (long long)t->to);
	return true;
}
