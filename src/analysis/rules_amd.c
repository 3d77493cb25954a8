/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* rules_amd.c - the AMD family's findings: what limits the waves and the
 * nearest change that gains one, the headline (waves per CU or WGP) beside
 * LLVM's waves per SIMD, and a launch that cannot run. */
#include "config.h"

#include "rules_sink.h"

#include <stdio.h>
#include <string.h>

#include "engine.h"
#include "strutil.h"

/* AMD: the limiting factors in waves per SIMD, and the nearest change that
 * gains occupancy ("VGPRs 136 -> 128: 3 -> 4 waves per SIMD"). */
void rules_amd_limiter(struct rules_sink *s, const struct rules_input *ri)
{
	const struct gpu_arch *a = &ri->gpu->arch;
	const struct occ_result *r = ri->r;
	const struct amd_result *x = &r->amd;
	const struct tuning_step *steps;
	char names[96] = "", title[sizeof(names) + 64];
	int n = rules_steps(s, ri, false, &steps), k = 0;
	/* The headline counts resident waves per CU (WGP), whole workgroups
	 * included; LLVM's waves per SIMD are said beside it. */
	bool full = r->active_warps_per_sm == r->max_warps_per_sm;
	const struct engine *e = engine_of(a);
	const struct engine_words *w = engine_words(a);
	/* A VLIW (TeraScale) CU is one SIMD engine: its waves are per CU. */
	const char *home = x->vliw ? w->unit : w->scheduler;
	struct finding *f;

	for (int i = 0, len = 0; i < OCC_N_FACTORS; i++) {
		if (!occ_is_limiting(r, (enum occ_factor)i))
			continue;
		len = rules_join(names, sizeof(names), len, k++ ? ", " : "",
				 occ_label(r, (enum occ_factor)i));
	}
	rules_limiter_title(title, sizeof(title), full, names, r->theoretical_occupancy_pct);
	/* The title alone where the texts are left out: the values are
	 * not gathered. */
	if (s->titles_only) {
		rules_add_args(s, "limiter", full ? RULES_INFO : RULES_WARNING, title, NULL, NULL, 0);
		return;
	}
	/* Typed values (rules_add_args), in the format's order. */
	const struct rules_arg head[] = {
		RULES_I(r->active_blocks_per_sm),
		RULES_W(r->active_blocks_per_sm == 1 ? w->block : w->blocks),
		RULES_I(x->waves_per_workgroup),
		RULES_W(x->waves_per_workgroup == 1 ? w->warp : w->warps),
		RULES_I(x->wave_size), RULES_W(w->unit),
		RULES_I(r->active_warps_per_sm), RULES_I(r->max_warps_per_sm),
		RULES_W(w->warps), RULES_W(w->unit),
		RULES_F(r->theoretical_occupancy_pct), RULES_S(names),
	};
	f = rules_add_args(s, "limiter", full ? RULES_INFO : RULES_WARNING, title,
		"%d %s of %d %s (wave%d) per %s: %d of %d %s per %s, %.1f%% "
		"occupancy, limited by %s.", head, (int)(sizeof(head) / sizeof(head[0])));
	if (!f)
		return;
	if (e->simd_waves) {
		const struct rules_arg llvm[] = {
			RULES_I(x->waves_per_simd), RULES_I(x->max_waves_per_simd),
			RULES_W(w->warps), RULES_W(w->scheduler), RULES_F(x->occupancy_pct),
		};

		rules_more_args(f, " LLVM's occupancy: %d of %d %s per %s (%.1f%%).", llvm,
				(int)(sizeof(llvm) / sizeof(llvm[0])));
	}
	for (int i = 0; i < OCC_N_FACTORS; i++) {
		if (!occ_is_limiting(r, (enum occ_factor)i))
			continue;
		/* The arithmetic is derive.c's, shown when the finding expands. */
		const struct rules_arg factor[] = {
			RULES_W(occ_label(r, (enum occ_factor)i)),
			RULES_I(x->wave_limit[occ_amd_factor((enum occ_factor)i)]), RULES_W(home),
			RULES_I(r->block_limit[i]), RULES_W(S(r->block_limit[i])),
		};

		rules_more_args(f, " %s: %d waves per %s, %d workgroup%s.", factor,
				(int)(sizeof(factor) / sizeof(factor[0])));
	}
	for (int i = 0; i < n; i++) {
		const struct tuning_step *t = &steps[i];
		struct occ_input in = *ri->in;
		struct occ_result to;
		const char *what = t->param == OCC_PARAM_REGISTERS ? occ_label(r, OCC_REGISTERS) :
			t->param == OCC_PARAM_SHARED_MEM ? "LDS bytes" : t->param == OCC_PARAM_THREADS ?
			"workgroup size" : NULL;

		if (!what || !t->has_gain)
			continue;
		if (t->param == OCC_PARAM_REGISTERS)
			in.regs_per_thread = (int)t->to;
		else if (t->param == OCC_PARAM_SHARED_MEM) {
			/* t->to is the workgroup's whole LDS, static and dynamic. */
			in.static_smem_bytes = t->to;
			in.dynamic_smem_bytes = 0;
		} else {
			in.threads_per_block = (int)t->to;
		}
		occ_compute(a, &in, &to);
		const struct rules_arg next[] = {
			RULES_W(what), RULES_I(t->from), RULES_I(t->to),
			RULES_I(x->waves_per_simd), RULES_I(to.amd.waves_per_simd), RULES_W(home),
		};

		rules_more_args(f, " Next step: %s %lld -> %lld: %d -> %d waves per %s.", next,
				(int)(sizeof(next) / sizeof(next[0])));
	}
}

/* AMD: the headline counts the waves of the workgroups resident per CU (WGP);
 * LLVM's occupancy counts each factor's room per wave and spreads the waves
 * over the SIMDs rounded up, so whole workgroups can leave part of that room
 * unused. Wherever the two figures differ this says why, in the family's
 * words. */
void rules_amd_packing(struct rules_sink *s, const struct rules_input *ri)
{
	const struct gpu_arch *a = &ri->gpu->arch;
	const struct occ_result *r = ri->r;
	const struct amd_result *x = &r->amd;
	const struct engine_words *w = engine_words(a);
	int simds = engine_schedulers_per_unit(a);
	bool vgprs = x->wave_limit[AMD_VGPRS] == x->waves_per_simd;
	bool sgprs = x->wave_limit[AMD_SGPRS] == x->waves_per_simd;
	char fewer[64] = "";

	if (!engine_of(a)->simd_waves || !x->fits ||
	    (int64_t)x->waves_per_simd * simds == r->active_warps_per_sm)
		return;
	if (vgprs || sgprs)
		snprintf(fewer, sizeof(fewer), ", or fewer %s,", vgprs ? w->regs : "SGPRs");
	if (s->titles_only) {
		rules_add_args(s, "amd_workgroup_packing", RULES_WARNING,
			       "Whole workgroups leave waves unused", NULL, NULL, 0);
		return;
	}
	const struct rules_arg v[] = {
		RULES_I(x->waves_per_simd), RULES_I(x->max_waves_per_simd), RULES_W(w->warps),
		RULES_W(w->scheduler), RULES_F(x->occupancy_pct),
		RULES_W(w->warp), RULES_W(w->warps), RULES_W(w->blocks), RULES_I(x->workgroups_per_cu),
		RULES_W(x->workgroups_per_cu == 1 ? w->block : w->blocks),
		RULES_I(x->waves_per_workgroup),
		RULES_W(x->waves_per_workgroup == 1 ? w->warp : w->warps), RULES_W(w->unit),
		RULES_I(r->active_warps_per_sm), RULES_I(r->max_warps_per_sm), RULES_W(w->warps),
		RULES_W(w->unit), RULES_F(r->theoretical_occupancy_pct),
		RULES_I(r->active_warps_per_sm), RULES_W(w->warps), RULES_I(simds),
		RULES_W(w->schedulers), RULES_F((double)r->active_warps_per_sm / simds),
		RULES_W(w->scheduler), RULES_W(w->block), RULES_W(w->warps), RULES_S(fewer),
	};

	rules_add_args(s, "amd_workgroup_packing", RULES_WARNING, "Whole workgroups leave waves unused",
	    "LLVM's occupancy, the one the compiler reports, is %d of %d %s per %s (%.1f%%): "
	    "each factor's room counted per %s. But %s come in whole %s: %d %s of %d %s fit "
	    "per %s, %d of %d %s per %s (%.1f%%, the occupancy shown), %d %s on %d %s "
	    "= %.2f per %s. A %s size whose %s fill that room%s lets the rest run.", v,
	    (int)(sizeof(v) / sizeof(v[0])));
}

/* AMD: why no workgroup fits, in AMD's units. */
void rules_amd_cannot_run(struct rules_sink *s, const struct rules_input *ri)
{
	const struct amd_arch *m = &ri->gpu->arch.amd;
	const struct occ_input *in = ri->in;
	const struct amd_result *x = &ri->r->amd;
	int wave = x->wave_size, file = amd_vgpr_file(m, wave);
	int simds = amd_simds_per_unit(m);
	int64_t lds = in->static_smem_bytes + in->dynamic_smem_bytes;

	switch (x->misfit) {
	case AMD_WAVES:
		rules_add(s, "cannot_run", RULES_ERROR, "The launch cannot run: wave size not supported",
		    "%s (%s) runs wave%s, not wave%d.", ri->gpu->name, m->target,
		    m->wave32 && m->wave64 ? "32 and wave64" : m->wave32 ? "32" : "64", wave);
		break;
	case AMD_WORKGROUPS:
		rules_add(s, "cannot_run", RULES_ERROR, "The launch cannot run: workgroup too large",
		    "A workgroup of %d work-items exceeds the %d work-items per workgroup %s allows.",
		    in->threads_per_block, m->max_workgroup_size, ri->gpu->name);
		break;
	case AMD_VGPRS:
		if (m->vliw)
			rules_add(s, "cannot_run", RULES_ERROR, "The launch cannot run: too many GPRs",
			    "%d GPRs per work-item leave room for %d of the %d waves of one workgroup "
			    "(%d per work-item / %d)%s. Use fewer GPRs or smaller workgroups.",
			    in->regs_per_thread, x->wave_limit[AMD_VGPRS] == AMD_UNLIMITED ? 0 :
			    file / (in->regs_per_thread > 0 ? in->regs_per_thread : 1),
			    x->waves_per_workgroup, file, in->regs_per_thread > 0 ? in->regs_per_thread : 1,
			    in->agprs ? " (and it has no AGPRs)" : "");
		else if (in->regs_per_thread > m->max_vgprs_per_wave || in->agprs > m->max_agprs_per_wave)
			rules_add(s, "cannot_run", RULES_ERROR, "The launch cannot run: too many VGPRs",
			    "%d VGPRs and %d AGPRs per work-item; %s allows at most %d VGPRs and %d AGPRs.",
			    in->regs_per_thread, in->agprs, m->target, m->max_vgprs_per_wave,
			    m->max_agprs_per_wave);
		else
			rules_add(s, "cannot_run", RULES_ERROR, "The launch cannot run: too many VGPRs per workgroup",
			    "%d VGPRs per work-item, allocated as %d, leave room for %d wave%s per SIMD "
			    "(%d per lane / %d), %d across the %d SIMDs of a %s, fewer than the %d waves of "
			    "one workgroup. Use fewer VGPRs (__launch_bounds__ or amdgpu_flat_work_group_size) "
			    "or smaller workgroups.", in->regs_per_thread, x->vgprs_allocated,
			    file / x->vgprs_allocated, S(file / x->vgprs_allocated), file, x->vgprs_allocated,
			    file / x->vgprs_allocated * simds, simds, amd_unit_name(m), x->waves_per_workgroup);
		break;
	case AMD_SGPRS:
		if (m->vliw) {
			rules_add(s, "cannot_run", RULES_ERROR, "The launch cannot run: SGPRs on a VLIW GPU",
			    "%d SGPRs per wave; %s (%s) has none.", in->sgprs, m->target, m->family);
			break;
		}
		rules_add(s, "cannot_run", RULES_ERROR, "The launch cannot run: too many SGPRs",
		    "%d SGPRs per wave; %s allows at most %d per wave, and a SIMD has %d.", in->sgprs,
		    m->target, amd_max_sgprs(m), m->sgprs_per_simd);
		break;
	case AMD_LDS:
		rules_add(s, "cannot_run", RULES_ERROR, "The launch cannot run: too much LDS",
		    "The workgroup uses %lld bytes of LDS, more than the %d bytes one workgroup can have "
		    "on %s.", (long long)lds, m->max_lds_per_workgroup_bytes, m->target);
		break;
	case AMD_N_FACTORS:
		break;
	}
}
