/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* rules.c - findings: the limiting factor and its next step, a launch that
 * cannot run, tail effect and partial wave, grids smaller than one wave or than
 * the SM count, and block sizes that waste warp lanes. */
#include "config.h"

#include "rules.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "engine.h"
#include "params.h"
#include "report_launch.h"
#include "rules_sched.h"
#include "strfmt.h"
#include "strutil.h"
#include "tuning.h"

/* The plural ending for a count. */
#define S(n) ((n) == 1 ? "" : "s")

struct sink {
	struct finding *out;
	int n;
	bool titles_only;  /* the texts are not written (text_omitted) */
	/* The launch's tuning steps, worked out once (the limiter and the
	 * register advice both read them): n_steps < 0 until then. */
	int n_steps;
	struct tuning_step steps[OCC_N_FACTORS];
};

/* The tuning steps of ri's launch (tuning_steps), computed at the first ask. */
static int steps_of(struct sink *s, const struct rules_input *ri, const struct tuning_step **steps)
{
	if (s->n_steps < 0)
		s->n_steps = tuning_steps(&ri->gpu->arch, ri->in, ri->r, s->steps);
	*steps = s->steps;
	return s->n_steps;
}

__attribute__((format(printf, 5, 6)))
static struct finding *add(struct sink *s, const char *id, enum rules_severity sev,
			   const char *title, const char *fmt, ...)
{
	struct finding *f;
	va_list ap;

	if (s->n >= RULES_MAX_FINDINGS)
		return NULL;
	f = &s->out[s->n++];
	/* Not a memset: a finding is 1.2 KB, most of it text written next. */
	f->text[0] = '\0';
	str_copy(f->id, sizeof(f->id), id);
	f->severity = sev;
	str_copy(f->title, sizeof(f->title), title);
	f->text_omitted = s->titles_only;
	if (f->text_omitted)
		return f;
	va_start(ap, fmt);
	strfmt_v(f->text, sizeof(f->text), fmt, ap);
	va_end(ap);
	return f;
}

/* Appends to a finding's text. */
__attribute__((format(printf, 2, 3)))
static void more(struct finding *f, const char *fmt, ...)
{
	size_t len;
	va_list ap;

	if (!f || f->text_omitted)
		return;
	len = strlen(f->text);
	va_start(ap, fmt);
	strfmt_v(f->text + len, sizeof(f->text) - len, fmt, ap);
	va_end(ap);
}

static void format_param(enum occ_param p, int64_t v, char *buf, size_t size)
{
	if (p == OCC_PARAM_SHARED_MEM)
		strfmt(buf, size, "%lld B", (long long)v);
	else
		strfmt(buf, size, "%lld", (long long)v);
}

static void limiter(struct sink *s, const struct rules_input *ri)
{
	const struct gpu_arch *a = &ri->gpu->arch;
	const struct occ_result *r = ri->r;
	const struct tuning_step *steps;
	char names[96] = "", title[sizeof(names) + 64], from[32], to[32];
	int n = steps_of(s, ri, &steps);
	bool full = r->active_warps_per_sm == r->max_warps_per_sm;
	struct finding *f;

	for (int i = 0; i < n; i++) {
		size_t len = strlen(names);
		strfmt(names + len, sizeof(names) - len, "%s%s", i ? (i == n - 1 ? " and " : ", ") : "",
			 occ_label(r, steps[i].factor));
	}
	strfmt(title, sizeof(title), "%s by %s (%.1f%%)", full ? "Full occupancy, bounded" : "Occupancy limited",
		 names, r->theoretical_occupancy_pct);
	f = add(s, "limiter", full ? RULES_INFO : RULES_WARNING, title, "%s: %d block%s x %d warps = %d of %d "
		"warps per SM, %.1f%% theoretical occupancy, limited by %s.",
		full ? "Every warp slot can be filled" : "Theoretical occupancy is below 100%",
		r->active_blocks_per_sm, S(r->active_blocks_per_sm), r->warps_per_block, r->active_warps_per_sm,
		r->max_warps_per_sm, r->theoretical_occupancy_pct, names);
	if (!f)
		return;
	for (int i = 0; i < n; i++) {
		const struct tuning_step *t = &steps[i];
		int lim = r->block_limit[t->factor];

		/* The arithmetic is derive.c's, shown when the finding expands. */
		more(f, " %c%s allow%s %d block%s per SM.",
		     toupper((unsigned char)occ_label(r, t->factor)[0]), occ_label(r, t->factor) + 1,
		     t->factor == OCC_SHARED_MEM ? "s" : "", lim, S(lim));
		format_param(t->param, t->from, from, sizeof(from));
		if (t->has_gain) {
			format_param(t->param, t->to, to, sizeof(to));
			more(f, " Next step: %s %s -> %s: %d -> %d blocks (%d -> %d warps).",
			     tuning_param_label(a, t->param), from, to, t->blocks_from, t->blocks_to,
			     t->warps_from, t->warps_to);
		} else if (!full) {
			more(f, " Changing %s alone does not raise occupancy.", tuning_param_label(a, t->param));
		}
		if (t->has_headroom) {
			format_param(t->param, t->headroom_to, to, sizeof(to));
			more(f, " Headroom: %s up to %s keeps this occupancy.",
			     tuning_param_label(a, t->param), to);
		}
	}
}

static void cannot_run(struct sink *s, const struct rules_input *ri)
{
	const struct gpu_arch *a = &ri->gpu->arch;
	const struct occ_result *r = ri->r;
	const struct occ_input *in = ri->in;

	switch (r->misfit) {
	case OCC_MISFIT_THREADS:
		add(s, "cannot_run", RULES_ERROR, "The launch cannot run: block too large",
		    "A block of %d threads exceeds the %d threads per block %s allows; no block fits.",
		    in->threads_per_block, a->max_threads_per_block, ri->gpu->name);
		break;
	case OCC_MISFIT_REGISTERS:
		if (a->reg_alloc == GPU_REG_ALLOC_BLOCK) {
			add(s, "cannot_run", RULES_ERROR,
			    "The launch cannot run: too many registers per block",
			    "%d registers x %d threads, allocated to the whole block (%d warps rounded "
			    "to a multiple of %d, the total to a multiple of %d) = %lld registers per "
			    "block, but a block may use at most %d (and a thread %d). Reduce registers "
			    "to fit (for example with __launch_bounds__) or use smaller blocks.",
			    in->regs_per_thread, in->threads_per_block, r->warps_per_block,
			    a->warp_alloc_granularity, a->reg_alloc_unit,
			    (long long)r->allocated_regs_per_block, a->regs_per_block,
			    a->max_regs_per_thread);
			break;
		}
		add(s, "cannot_run", RULES_ERROR, "The launch cannot run: too many registers per block",
		    "%d registers x %d threads, allocated as %d per warp x %d warps = %lld registers per "
		    "block (warps rounded to a multiple of %d for the hardware check: %lld), but a block "
		    "may use at most %d. Reduce registers to fit (for example with __launch_bounds__) or "
		    "use smaller blocks.",
		    in->regs_per_thread, in->threads_per_block, r->regs_per_warp_allocated,
		    r->warps_per_block, (long long)r->allocated_regs_per_block, a->warp_alloc_granularity,
		    (long long)r->regs_per_block_checked, a->regs_per_block);
		break;
	case OCC_MISFIT_SHARED_MEM:
		add(s, "cannot_run", RULES_ERROR, "The launch cannot run: too much shared memory",
		    "The block allocates %lld bytes of shared memory, more than the %lld bytes one block "
		    "can have.", (long long)r->allocated_smem_per_block,
		    (long long)(a->smem_per_block_optin_bytes + a->smem_reserved_per_block_bytes));
		break;
	case OCC_MISFIT_BARRIERS:
		add(s, "cannot_run", RULES_ERROR, "The launch cannot run: too many barriers",
		    "The block uses %d barriers; the SM has %d.", in->barriers, a->barriers_per_sm);
		break;
	case OCC_MISFIT_SGPRS:  /* AMD only: amd_cannot_run */
	case OCC_FITS:
		break;
	}
}

/* In the engine's words: blocks are workgroups and an SM a CU or WGP on AMD. */
static void waves_rules(struct sink *s, const struct rules_input *ri)
{
	const struct waves *w = ri->w;
	const struct engine_words *e = engine_words(&ri->gpu->arch);
	/* The units the launch may use: a partition's, or the GPU's. */
	int sms = ri->sched->units;
	int64_t whole_lo, whole_hi;

	if (ri->grid_size < sms && ri->sched->cluster_size > 1) {
		/* Whole clusters only (CUDA refuses any other grid), and no more
		 * than one wave of them can be resident. */
		int c = ri->sched->cluster_size;
		int64_t least = ((int64_t)sms + c - 1) / c * c;
		char title[96];

		if (least > w->blocks_per_wave)
			least = w->blocks_per_wave;
		snprintf(title, sizeof(title), "Fewer %s than %s", e->blocks, e->units);
		add(s, "grid_below_sms", RULES_WARNING, title,
		    "The grid has %lld %s for %d %s: %d %s get no work at all. Launch at least "
		    "%lld %s (clusters of %d), one full wave of %lld.",
		    (long long)ri->grid_size, e->blocks, sms, e->units, sms - (int)ri->grid_size,
		    e->units, (long long)least, e->blocks, c, (long long)w->blocks_per_wave);
	} else if (ri->grid_size < sms) {
		char title[96];

		strfmt(title, sizeof(title), "Fewer %s than %s", e->blocks, e->units);
		add(s, "grid_below_sms", RULES_WARNING, title,
		    "The grid has %lld %s for %d %s: %d %s get no work at all. Launch at least "
		    "%d %s, better %lld (one full wave of %d per %s).",
		    (long long)ri->grid_size, e->blocks, sms, e->units, sms - (int)ri->grid_size,
		    e->units, sms, e->blocks, (long long)w->blocks_per_wave,
		    ri->r->active_blocks_per_sm, e->unit);
	} else if (w->full_waves == 0 && ri->sched->cluster_size > 1 && w->blocks_per_wave > 0) {
		add(s, "small_grid", RULES_WARNING, "Grid smaller than one wave",
		    "The grid has %lld %s, %.1f%% of one wave (the most resident clusters of %d: "
		    "%lld %s). With uniform %s durations achieved occupancy can reach only about "
		    "%.1f%% of the %.1f%% theoretical.", (long long)ri->grid_size, e->blocks,
		    100.0 * w->waves_per_sm, ri->sched->cluster_size, (long long)w->blocks_per_wave,
		    e->blocks, e->block, w->predicted_achieved_pct, ri->r->theoretical_occupancy_pct);
	} else if (w->full_waves == 0 && w->blocks_per_wave > 0) {
		long long lo = (long long)(ri->grid_size / sms);
		long long hi = lo + (ri->grid_size % sms ? 1 : 0);
		char each[64];

		if (lo == hi)
			strfmt(each, sizeof(each), "%lld %s", lo, lo == 1 ? e->block : e->blocks);
		else
			strfmt(each, sizeof(each), "%lld or %lld %s", lo, hi, e->blocks);
		add(s, "small_grid", RULES_WARNING, "Grid smaller than one wave",
		    "The grid has %lld %s, %.1f%% of one wave (%d %s x %d %s = %lld). With "
		    "uniform %s durations each %s runs %s at once, so achieved "
		    "occupancy can reach only about %.1f%% of the %.1f%% theoretical.",
		    (long long)ri->grid_size, e->blocks, 100.0 * w->waves_per_sm, sms, e->units,
		    ri->r->active_blocks_per_sm, e->blocks, (long long)w->blocks_per_wave, e->block,
		    e->unit, each, w->predicted_achieved_pct, ri->r->theoretical_occupancy_pct);
	}
	sched_whole_wave_grids(ri->sched, ri->grid_size, &whole_lo, &whole_hi);
	if (w->full_waves > 0 && w->partial_wave_blocks > 0) {
		add(s, "tail_effect", w->tail_share_pct >= 20.0 ? RULES_WARNING : RULES_INFO,
		    "Partial last wave (tail effect)",
		    "This launch runs %lld full wave%s of %lld %s and a partial wave of %lld %s "
		    "(%lld / %lld = %.2f waves per %s). With uniform %s durations the partial wave "
		    "may take up to %.1f%% of the runtime (1 / %lld waves) at an occupancy of %.1f%%; "
		    "predicted achieved occupancy %.1f%%. A grid of %lld or %lld %s has no partial "
		    "wave; more full waves also dilute the tail.",
		    (long long)w->full_waves, w->full_waves == 1 ? "" : "s", (long long)w->blocks_per_wave,
		    e->blocks, (long long)w->partial_wave_blocks, e->blocks, (long long)ri->grid_size,
		    (long long)w->blocks_per_wave, w->waves_per_sm, e->unit, e->block, w->tail_share_pct,
		    (long long)w->full_waves + 1, w->partial_wave_occupancy_pct,
		    w->predicted_achieved_pct, (long long)whole_lo, (long long)whole_hi, e->blocks);
	}
}

static void warp_multiple(struct sink *s, const struct rules_input *ri)
{
	const struct gpu_arch *a = &ri->gpu->arch;
	int tpb = ri->in->threads_per_block;
	int idle = ri->r->warps_per_block * a->warp_size - tpb;

	if (tpb % a->warp_size == 0)
		return;
	add(s, "block_not_warp_multiple", RULES_WARNING, "Block size not a multiple of the warp size",
	    "%d threads per block make %d warps of %d, the last with %d idle lanes: %.1f%% of the "
	    "block's thread slots do no work but still take warp slots and registers. Use %d or %d "
	    "threads.", tpb, ri->r->warps_per_block, a->warp_size, idle,
	    100.0 * idle / (ri->r->warps_per_block * a->warp_size),
	    tpb / a->warp_size * a->warp_size > 0 ? tpb / a->warp_size * a->warp_size : a->warp_size,
	    ri->r->warps_per_block * a->warp_size);
}

static void carveout_ignored(struct sink *s, const struct rules_input *ri)
{
	const struct gpu_arch *a = &ri->gpu->arch;

	if (ri->in->carveout_pct == LAUNCH_CARVEOUT_DEFAULT || a->n_smem_configs > 1)
		return;
	add(s, "carveout_ignored", RULES_INFO, "Carveout preference does not apply",
	    "%s (cc %d.%d) has a fixed %lld KB of shared memory per SM, so the carveout preference "
	    "of %d%% changes nothing; carveouts exist from cc 7.0 (Volta).", ri->gpu->name,
	    a->cc_major, a->cc_minor, (long long)(a->smem_per_sm_bytes / 1024), ri->in->carveout_pct);
}

/* The limiter's next step in the tools that take it, and what it may cost:
 * registers through the compiler (__launch_bounds__ or -maxrregcount), with
 * the spilling it risks; shared memory through a larger configuration. */
static void registers_advice(struct sink *s, const struct rules_input *ri)
{
	const struct engine *e = engine_of(&ri->gpu->arch);
	const struct tuning_step *steps;
	int n = steps_of(s, ri, &steps);
	char title[128], text[1024];

	for (int i = 0; i < n; i++) {
		const struct tuning_step *t = &steps[i];

		if (t->param != OCC_PARAM_REGISTERS || !t->has_gain)
			continue;
		if (e->registers_advice(&ri->gpu->arch, ri->in, ri->r, t, title, sizeof(title),
					text, sizeof(text)))
			add(s, "registers_advice", RULES_INFO, title, "%s", text);
	}
}

static void carveout_advice(struct sink *s, const struct rules_input *ri)
{
	const struct gpu_arch *a = &ri->gpu->arch;
	const struct occ_result *r = ri->r;
	struct tuning_config c;

	if (!tuning_smem_config(a, ri->in, r, &c))
		return;
	if (c.cache_config == LAUNCH_CACHE_NONE)
		add(s, "carveout_advice", RULES_INFO, "A larger carveout lifts the shared-memory limit",
		    "The launch gets the %lld KB shared-memory configuration%s. A carveout preference of "
		    "%d%% (cudaFuncSetAttribute with cudaFuncAttributePreferredSharedMemoryCarveout; "
		    "--carveout %d here) selects %lld KB: %d -> %d blocks per SM (%d -> %d warps). The "
		    "L1 cache shrinks by as much as shared memory grows.",
		    (long long)(r->smem_config_bytes / 1024),
		    r->smem_config_from_driver ? ", the driver's choice" : "", c.carveout_pct,
		    c.carveout_pct, (long long)(c.config_bytes / 1024), r->active_blocks_per_sm,
		    c.blocks_to, r->active_warps_per_sm, c.warps_to);
	else
		add(s, "carveout_advice", RULES_INFO, "A cache configuration with more shared memory lifts the limit",
		    "The launch gets %lld KB of shared memory per SM%s. Preferring %s "
		    "(cudaFuncSetCacheConfig with cudaFuncCachePrefer%s; --cache-config %s here) "
		    "gives %lld KB: %d -> %d blocks per SM (%d -> %d warps); the L1 cache shrinks by as "
		    "much.", (long long)(r->smem_config_bytes / 1024),
		    r->smem_config_from_driver ? ", the driver's choice" : "",
		    c.cache_config == LAUNCH_CACHE_SHARED ? "shared memory" : "L1 and shared memory equally",
		    c.cache_config == LAUNCH_CACHE_SHARED ? "Shared" : "Equal",
		    launch_cache_config_name(c.cache_config), (long long)(c.config_bytes / 1024),
		    r->active_blocks_per_sm, c.blocks_to, r->active_warps_per_sm, c.warps_to);
}

/* Block sizes with the same occupancy whose partial wave leaves less of the
 * GPU idle (tuning_block_sizes_waves), in the engine's words. */
enum { BLOCK_SIZES_SHOWN = 3 };
static void block_size_waves(struct sink *s, const struct rules_input *ri)
{
	const struct waves *w = ri->w;
	const struct engine_words *e = engine_words(&ri->gpu->arch);
	struct tuning_block_size c[BLOCK_SIZES_SHOWN];
	int n = tuning_block_sizes_waves(ri->gpu, ri->sched, ri->in, ri->r,
					 ri->grid_size, w, c, BLOCK_SIZES_SHOWN);
	struct finding *f;
	char title[96];
	int64_t waves;
	double busy;

	if (n == 0)
		return;
	tuning_waves_busy(w, ri->grid_size, &waves, &busy);
	strfmt(title, sizeof(title), "%s sizes with the same occupancy and less idle tail", e->Block);
	f = add(s, "block_size_waves", RULES_INFO, title,
		"%lld %s of %d %s take %lld waves of %lld, the last partial: %.1f%% of the "
		"waves' %s slots busy. The same %s at the same %.1f%% occupancy, each %s's "
		"work shared among its %s:", (long long)ri->grid_size, e->blocks,
		ri->in->threads_per_block, e->threads, (long long)waves, (long long)w->blocks_per_wave,
		busy, e->block, e->blocks, ri->r->theoretical_occupancy_pct, e->block, e->threads);
	for (int i = 0; i < n; i++)
		more(f, "%s %d %s, %lld wave%s of %lld, %.1f%% busy (runtime x %.2f)", i ? ";" : "",
		     c[i].threads_per_block, e->threads, (long long)c[i].waves, S(c[i].waves),
		     (long long)c[i].w.blocks_per_wave, c[i].busy_pct, busy / c[i].busy_pct);
	more(f, ". With uniform %s durations every wave lasts one %s; the runtime goes as "
	     "1 / busy.", e->block, e->block);
}

/* AMD: the limiting factors in waves per SIMD, and the nearest change that
 * gains occupancy ("VGPRs 136 -> 128: 3 -> 4 waves per SIMD"). */
static void amd_limiter(struct sink *s, const struct rules_input *ri)
{
	const struct gpu_arch *a = &ri->gpu->arch;
	const struct occ_result *r = ri->r;
	const struct amd_result *x = &r->amd;
	const struct tuning_step *steps;
	char names[96] = "", title[sizeof(names) + 64];
	int n = steps_of(s, ri, &steps), k = 0;
	/* The headline counts resident waves per CU (WGP), whole workgroups
	 * included; LLVM's waves per SIMD are said beside it. */
	bool full = r->active_warps_per_sm == r->max_warps_per_sm;
	const struct engine *e = engine_of(a);
	const struct engine_words *w = engine_words(a);
	/* A VLIW (TeraScale) CU is one SIMD engine: its waves are per CU. */
	const char *home = x->vliw ? w->unit : w->scheduler;
	struct finding *f;

	for (int i = 0; i < OCC_N_FACTORS; i++) {
		size_t len = strlen(names);
		if (!occ_is_limiting(r, (enum occ_factor)i))
			continue;
		strfmt(names + len, sizeof(names) - len, "%s%s", k++ ? ", " : "",
			 occ_label(r, (enum occ_factor)i));
	}
	strfmt(title, sizeof(title), "%s by %s (%.1f%%)", full ? "Full occupancy, bounded" :
		 "Occupancy limited", names, r->theoretical_occupancy_pct);
	f = add(s, "limiter", full ? RULES_INFO : RULES_WARNING, title,
		"%d %s of %d %s (wave%d) per %s: %d of %d %s per %s, %.1f%% "
		"occupancy, limited by %s.", r->active_blocks_per_sm,
		r->active_blocks_per_sm == 1 ? w->block : w->blocks, x->waves_per_workgroup,
		x->waves_per_workgroup == 1 ? w->warp : w->warps, x->wave_size, w->unit,
		r->active_warps_per_sm, r->max_warps_per_sm, w->warps, w->unit,
		r->theoretical_occupancy_pct, names);
	if (!f)
		return;
	if (e->simd_waves)
		more(f, " LLVM's occupancy: %d of %d %s per %s (%.1f%%).", x->waves_per_simd,
		     x->max_waves_per_simd, w->warps, w->scheduler, x->occupancy_pct);
	for (int i = 0; i < OCC_N_FACTORS; i++) {
		if (!occ_is_limiting(r, (enum occ_factor)i))
			continue;
		/* The arithmetic is derive.c's, shown when the finding expands. */
		more(f, " %s: %d waves per %s, %d workgroup%s.", occ_label(r, (enum occ_factor)i),
		     x->wave_limit[occ_amd_factor((enum occ_factor)i)], home, r->block_limit[i],
		     S(r->block_limit[i]));
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
		more(f, " Next step: %s %lld -> %lld: %d -> %d waves per %s.", what,
		     (long long)t->from, (long long)t->to, x->waves_per_simd, to.amd.waves_per_simd,
		     home);
	}
}

/* AMD: the headline counts the waves of the workgroups resident per CU (WGP);
 * LLVM's occupancy counts each factor's room per wave and spreads the waves
 * over the SIMDs rounded up, so whole workgroups can leave part of that room
 * unused. Wherever the two figures differ this says why, in the family's
 * words. */
static void amd_packing(struct sink *s, const struct rules_input *ri)
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
	add(s, "amd_workgroup_packing", RULES_WARNING, "Whole workgroups leave waves unused",
	    "LLVM's occupancy, the one the compiler reports, is %d of %d %s per %s (%.1f%%): "
	    "each factor's room counted per %s. But %s come in whole %s: %d %s of %d %s fit "
	    "per %s, %d of %d %s per %s (%.1f%%, the occupancy shown), %d %s on %d %s "
	    "= %.2f per %s. A %s size whose %s fill that room%s lets the rest run.",
	    x->waves_per_simd, x->max_waves_per_simd, w->warps, w->scheduler, x->occupancy_pct,
	    w->warp, w->warps, w->blocks, x->workgroups_per_cu,
	    x->workgroups_per_cu == 1 ? w->block : w->blocks, x->waves_per_workgroup,
	    x->waves_per_workgroup == 1 ? w->warp : w->warps, w->unit, r->active_warps_per_sm,
	    r->max_warps_per_sm, w->warps, w->unit, r->theoretical_occupancy_pct,
	    r->active_warps_per_sm, w->warps, simds, w->schedulers,
	    (double)r->active_warps_per_sm / simds, w->scheduler, w->block, w->warps, fewer);
}

/* AMD: why no workgroup fits, in AMD's units. */
static void amd_cannot_run(struct sink *s, const struct rules_input *ri)
{
	const struct amd_arch *m = &ri->gpu->arch.amd;
	const struct occ_input *in = ri->in;
	const struct amd_result *x = &ri->r->amd;
	int wave = x->wave_size, file = amd_vgpr_file(m, wave);
	int simds = amd_simds_per_unit(m);
	int64_t lds = in->static_smem_bytes + in->dynamic_smem_bytes;

	switch (x->misfit) {
	case AMD_WAVES:
		add(s, "cannot_run", RULES_ERROR, "The launch cannot run: wave size not supported",
		    "%s (%s) runs wave%s, not wave%d.", ri->gpu->name, m->target,
		    m->wave32 && m->wave64 ? "32 and wave64" : m->wave32 ? "32" : "64", wave);
		break;
	case AMD_WORKGROUPS:
		add(s, "cannot_run", RULES_ERROR, "The launch cannot run: workgroup too large",
		    "A workgroup of %d work-items exceeds the %d work-items per workgroup %s allows.",
		    in->threads_per_block, m->max_workgroup_size, ri->gpu->name);
		break;
	case AMD_VGPRS:
		if (m->vliw)
			add(s, "cannot_run", RULES_ERROR, "The launch cannot run: too many GPRs",
			    "%d GPRs per work-item leave room for %d of the %d waves of one workgroup "
			    "(%d per work-item / %d)%s. Use fewer GPRs or smaller workgroups.",
			    in->regs_per_thread, x->wave_limit[AMD_VGPRS] == AMD_UNLIMITED ? 0 :
			    file / (in->regs_per_thread > 0 ? in->regs_per_thread : 1),
			    x->waves_per_workgroup, file, in->regs_per_thread > 0 ? in->regs_per_thread : 1,
			    in->agprs ? " (and it has no AGPRs)" : "");
		else if (in->regs_per_thread > m->max_vgprs_per_wave || in->agprs > m->max_agprs_per_wave)
			add(s, "cannot_run", RULES_ERROR, "The launch cannot run: too many VGPRs",
			    "%d VGPRs and %d AGPRs per work-item; %s allows at most %d VGPRs and %d AGPRs.",
			    in->regs_per_thread, in->agprs, m->target, m->max_vgprs_per_wave,
			    m->max_agprs_per_wave);
		else
			add(s, "cannot_run", RULES_ERROR, "The launch cannot run: too many VGPRs per workgroup",
			    "%d VGPRs per work-item, allocated as %d, leave room for %d wave%s per SIMD "
			    "(%d per lane / %d), %d across the %d SIMDs of a %s, fewer than the %d waves of "
			    "one workgroup. Use fewer VGPRs (__launch_bounds__ or amdgpu_flat_work_group_size) "
			    "or smaller workgroups.", in->regs_per_thread, x->vgprs_allocated,
			    file / x->vgprs_allocated, S(file / x->vgprs_allocated), file, x->vgprs_allocated,
			    file / x->vgprs_allocated * simds, simds, amd_unit_name(m), x->waves_per_workgroup);
		break;
	case AMD_SGPRS:
		if (m->vliw) {
			add(s, "cannot_run", RULES_ERROR, "The launch cannot run: SGPRs on a VLIW GPU",
			    "%d SGPRs per wave; %s (%s) has none.", in->sgprs, m->target, m->family);
			break;
		}
		add(s, "cannot_run", RULES_ERROR, "The launch cannot run: too many SGPRs",
		    "%d SGPRs per wave; %s allows at most %d per wave, and a SIMD has %d.", in->sgprs,
		    m->target, amd_max_sgprs(m), m->sgprs_per_simd);
		break;
	case AMD_LDS:
		add(s, "cannot_run", RULES_ERROR, "The launch cannot run: too much LDS",
		    "The workgroup uses %lld bytes of LDS, more than the %d bytes one workgroup can have "
		    "on %s.", (long long)lds, m->max_lds_per_workgroup_bytes, m->target);
		break;
	case AMD_N_FACTORS:
		break;
	}
}

/* Most severe first; stable within a severity. */
static void sort_findings(struct finding *out, int n)
{
	for (int i = 1; i < n; i++) {
		struct finding f;
		int j = i;

		/* A finding is 1.2 KB: one already in place is not copied twice
		 * (most are, and this ran for every record of a report). */
		if (out[i - 1].severity >= out[i].severity)
			continue;
		f = out[i];
		while (j > 0 && out[j - 1].severity < f.severity) {
			out[j] = out[j - 1];
			j--;
		}
		out[j] = f;
	}
}

/* Only the architecture is known: say which device's SM count the waves
 * take, since nothing else does. */
static void stand_in(struct sink *s, const struct gpu *gpu)
{
	char cc[16];

	if (!gpu->stand_in)
		return;
	gpu_arch_cc_string(&gpu->arch, cc, sizeof(cc));
	add(s, "gpu_stand_in", RULES_INFO, "Only the GPU's architecture is known",
	    "occview knows the architecture of this GPU (%s %s), not the device: it uses %s, the "
	    "database's device for it, with its %d %s. The occupancy per %s depends on the "
	    "architecture alone; the waves, the tail and the per-%s view depend on the count, so "
	    "name the device with --gpu (or add it with --gpu-db) to use its own.",
	    engine_words(&gpu->arch)->arch_kind, cc, gpu->name,
	    gpu->sm_count, gpu_units(&gpu->arch), gpu_unit(&gpu->arch), gpu_unit(&gpu->arch));
}

/* An architecture the database has no device of (--gpu gfx602): the
 * occupancy per unit is computed, the rest needs a unit count. */
static void no_device(struct sink *s, const struct gpu *gpu)
{
	if (gpu->sm_count > 0)
		return;
	add(s, "waves_need_device", RULES_INFO, "The waves need a device",
	    "The GPU database knows the architecture %s but no device of it, so no %s count: the "
	    "occupancy per %s depends on the architecture alone and is computed; the waves, the "
	    "tail and the per-%s view depend on the count, so name a device with --gpu (or add "
	    "one with --gpu-db) to see them.", gpu->arch.arch, gpu_unit(&gpu->arch),
	    gpu_unit(&gpu->arch), gpu_unit(&gpu->arch));
}

int rules_evaluate(const struct rules_input *given, struct finding *out)
{
	struct sink s = { .out = out, .titles_only = given->titles_only, .n_steps = -1 };
	/* AMD's engines count each factor in waves as well as workgroups. */
	bool amd = engine_of(&given->gpu->arch)->wave_limits;
	struct rules_input in = *given;
	const struct rules_input *ri = &in;
	struct sched plain;

	/* No model given: every unit of the GPU, no clusters. */
	if (!in.sched) {
		sched_plain(&plain, in.gpu->sm_count, in.r->active_blocks_per_sm);
		in.sched = &plain;
	}

	if (ri->r->active_blocks_per_sm == 0) {
		if (amd)
			amd_cannot_run(&s, ri);
		else
			cannot_run(&s, ri);
	} else {
		if (amd) {
			amd_limiter(&s, ri);
			amd_packing(&s, ri);
			registers_advice(&s, ri);
		}
		else {
			limiter(&s, ri);
			registers_advice(&s, ri);
			carveout_advice(&s, ri);
		}
		if (ri->gpu->sm_count > 0) {
			waves_rules(&s, ri);
			block_size_waves(&s, ri);
			s.n += rules_sched(ri, s.out + s.n, RULES_MAX_FINDINGS - s.n);
		}
	}
	if (!amd) {
		warp_multiple(&s, ri);
		carveout_ignored(&s, ri);
	}
	stand_in(&s, ri->gpu);
	no_device(&s, ri->gpu);
	sort_findings(out, s.n);
	return s.n;
}

/* ---- A kernel record's findings. ---- */

static void crosscheck_findings(struct sink *s, const struct gpu *gpu,
				const struct occ_result *r, const struct crosscheck_record *rep)
{
	const struct crosscheck *c = &rep->check;
	const char *by = report_profiler_name((enum report_profiler)rep->figures_by);
	int left = crosscheck_count(c->disagree);
	struct finding *f = NULL;

	/* A disagreement outranks the least severe finding (out is sorted). */
	if (left > 0 && s->n >= RULES_MAX_FINDINGS)
		s->n = RULES_MAX_FINDINGS - 1;
	for (int i = 0; i < CROSSCHECK_N_FIELDS; i++) {
		enum crosscheck_field k = (enum crosscheck_field)i;
		char title[128], rep_text[32], occ[32], rule[200];

		if (!crosscheck_differs(c, k))
			continue;
		if (s->titles_only)  /* the rule is the text's */
			rule[0] = '\0';
		else if (rep->figures_by == REPORT_BY_CUDA_PROFILER)
			strfmt(rule, sizeof(rule), "the CUDA profiler prints it as a fraction, "
				 "compared within its last printed digit");
		else
			crosscheck_rules_text((enum report_ncu_layout)c->layout, rule, sizeof(rule));
		crosscheck_value_text(k, c->report[k], rep_text, sizeof(rep_text));
		crosscheck_value_text(k, c->occview[k], occ, sizeof(occ));
		/* The last free slot takes every disagreement left: none is dropped. */
		if (f && s->n >= RULES_MAX_FINDINGS) {
			more(f, " %s: %s %s, occview %s.", crosscheck_label(k), by, rep_text, occ);
			continue;
		}
		strfmt(title, sizeof(title), "%s disagrees: %s %s, occview %s", by,
			 crosscheck_label(k), rep_text, occ);
		title[0] = (char)toupper((unsigned char)title[0]);
		if (rep->figures_by == REPORT_BY_CODEXL) {
			f = add(s, "crosscheck", RULES_WARNING, title,
				"%s: %s %s, occview %s. occview computed it from the launch the "
				"report gives, on %s (%s, %d CUs), as CodeXL counts it: waves per "
				"CU of whole work-groups, capped at the work-group limit, the "
				"occupancy over the CU's wave slots. CodeXL's own rules differ "
				"from LLVM's, which occview follows: it adds 2 SGPRs (VCC) and "
				"rounds to 16 (8 before GFX8) out of 800 (512), and divides the "
				"LDS the OpenCL runtime reported, unrounded; the report's value "
				"is shown as it is.",
				crosscheck_label(k), by, rep_text, occ, gpu->name,
				gpu->arch.amd.target, gpu->sm_count);
			if (--left > 0 && s->n == RULES_MAX_FINDINGS)
				more(f, " Also:");
			continue;
		}
		f = add(s, "crosscheck", RULES_WARNING, title,
			"%s: %s %s, occview %s. occview computed it from the launch the "
			"report gives, on %s (cc %d.%d, %d SMs) with a %lld KB shared-memory "
			"configuration%s, as the report's version computes it (%s); the report's "
			"value is shown as it is.",
			crosscheck_label(k), by, rep_text, occ, gpu->name, gpu->arch.cc_major,
			gpu->arch.cc_minor, gpu->sm_count, (long long)(r->smem_config_bytes / 1024),
			r->smem_config_from_driver ? " (the driver's choice)" : "", rule);
		if (--left > 0 && s->n == RULES_MAX_FINDINGS)
			more(f, " Also:");
	}
}

static void achieved_gap(struct sink *s, const struct gpu *gpu, const struct occ_result *r,
			 const struct waves *w, const struct crosscheck_record *rep,
			 double theoretical)
{
	const struct engine_words *e = engine_words(&gpu->arch);
	double achieved = rep->achieved_occupancy_pct.value, gap = theoretical - achieved;
	char title[128];
	struct finding *f;

	if (!rep->achieved_occupancy_pct.present || gap <= 10.0)
		return;
	strfmt(title, sizeof(title), "Achieved occupancy far below theoretical (%.1f%% of %.1f%%)",
		 achieved, theoretical);
	f = add(s, "achieved_gap", RULES_WARNING, title,
		"Measured achieved occupancy is %.1f%%, %.1f points below the %.1f%% theoretical "
		"(Nsight Compute's rule flags a gap over 10 points). As that rule puts it, the "
		"difference can be the result of %s scheduling overheads or workload imbalances "
		"during the kernel execution.", achieved, gap, theoretical, e->warp);
	more(f, " Imbalance: %s were not resident evenly across the %d %s and their %d %s each; "
	     "a partial last wave (tail) leaves %s idle; and %s whose durations vary keep %s "
	     "waiting for its longest %s, as %s that finish early within %s leave their slots "
	     "empty until the whole %s retires.", e->warps, gpu->sm_count, e->units,
	     engine_schedulers_per_unit(&gpu->arch), e->schedulers, e->units, e->blocks, e->a_unit,
	     e->block, e->warps, e->a_block, e->block);
	if (r->active_blocks_per_sm > 0)
		more(f, " With uniform %s durations the waves alone predict %.1f%% achieved "
		     "(%.2f waves per %s): %s%s.", e->block, w->predicted_achieved_pct,
		     w->waves_per_sm, e->unit,
		     w->predicted_achieved_pct - achieved <= 10.0
		     ? "the grid's shape explains most of the gap; a larger grid or more waves would help"
		     : "the grid's shape does not explain the gap; look for imbalance between and "
		       "within ", w->predicted_achieved_pct - achieved <= 10.0 ? "" : e->blocks);
}

/* Is occupancy the problem? The schedulers' measured figures answer it as
 * NVIDIA's own rules read them (Nsight Compute's IssueSlotUtilization and
 * Speed Of Light rules, occview-formats(5)): a scheduler issues at most one
 * instruction a cycle, and issuing on fewer than 60 % of its active cycles
 * leaves the hardware underused; the cause is too few active warps (under
 * one per scheduler) or too few eligible ones, which more resident warps
 * can hide unless occupancy is already at its maximum. A unit at 80 % of its
 * peak or more is the bottleneck: more warps would only queue for it. */
static void occupancy_matters(struct sink *s, const struct gpu *gpu, const struct occ_result *r,
			      const struct crosscheck_record *rep)
{
	const struct report_sched *m = &rep->sched;
	int subs = gpu->arch.sm_subpartitions > 0 ? gpu->arch.sm_subpartitions : 1;
	double theo = (double)r->active_warps_per_sm / subs, issue, max, busy = 0;
	const char *unit = NULL;
	struct finding *f;

	if (!engine_of(&gpu->arch)->scheduler_stats)
		return;
	/* The exact figure first: Nsight Compute prints "One or More Eligible"
	 * to two decimals of a percent (59.86 %) and "Issued Warp Per
	 * Scheduler", the same measurement, to two decimals of a warp (0.60),
	 * which crosses the 0.6 threshold its IssueSlotUtilization rule used. */
	issue = m->issue_active_pct.present ? m->issue_active_pct.value / 100.0
		: m->issued_warps.present ? m->issued_warps.value : -1;
	max = m->max_warps.present ? m->max_warps.value : (double)r->max_warps_per_sm / subs;
	if (m->sm_throughput_pct.present && m->sm_throughput_pct.value >= 80.0) {
		unit = "compute (SM)";
		busy = m->sm_throughput_pct.value;
	}
	if (m->memory_throughput_pct.present && m->memory_throughput_pct.value >= 80.0 &&
	    m->memory_throughput_pct.value > busy) {
		unit = "memory";
		busy = m->memory_throughput_pct.value;
	}
	if (unit) {
		add(s, "occupancy_enough", RULES_INFO, "Occupancy is not what limits this kernel",
		    "The measured %s throughput is %.1f%% of its peak (Speed Of Light; Nsight Compute "
		    "calls 80%% or more the bottleneck): more resident warps would wait for the same "
		    "unit. Raising the %.1f%% theoretical occupancy is not worth chasing; the work per "
		    "byte or per instruction is.", unit, busy, r->theoretical_occupancy_pct);
		return;
	}
	if (issue < 0)
		return;
	if (issue >= 0.6) {
		f = add(s, "occupancy_enough", RULES_INFO, "Issue slots are busy: occupancy is enough",
			"Each scheduler issued an instruction on %.0f%% of its active cycles (NVIDIA's "
			"IssueSlotUtilization rule looks for 60%% or more): the resident warps already hide their "
			"latency, and more occupancy than the %.1f%% theoretical would add little.",
			issue * 100.0, r->theoretical_occupancy_pct);
		if (m->active_warps.present)
			more(f, " Measured: %.2f active warps per scheduler.", m->active_warps.value);
		return;
	}
	/* The id says the verdict, as the title does: at the maximum, more
	 * occupancy cannot help, whatever the idle slots say. */
	f = add(s, theo < max - 0.5 ? "occupancy_helps" : "occupancy_at_maximum", RULES_WARNING,
		theo < max - 0.5 ? "Schedulers idle for want of warps: raising occupancy can help"
				 : "Schedulers idle, and occupancy is at its maximum",
		"Each scheduler issued an instruction every %.1f cycles (%.0f%% of its issue slots; "
		"NVIDIA's IssueSlotUtilization rule looks for 60%%): a cycle with no eligible warp "
		"issues nothing.", 1.0 / issue, issue * 100.0);
	if (m->active_warps.present)
		more(f, " It held %.2f active warps on average, of %.0f it can hold (%.2f theoretical "
		     "for this launch)", m->active_warps.value, max, theo);
	if (m->eligible_warps.present)
		more(f, "%s %.2f eligible per cycle", m->active_warps.present ? ", and" : " It had",
		     m->eligible_warps.value);
	if (m->active_warps.present || m->eligible_warps.present)
		more(f, ".");
	if (m->active_warps.present && m->active_warps.value < 1.0)
		more(f, " Fewer than one active warp per scheduler: more warps per SM (occupancy) is the "
		     "direct remedy, as is balancing work between warps.");
	else if (theo < max - 0.5)
		more(f, " More resident warps give each scheduler more candidates to cover the stalls: "
		     "raise the theoretical occupancy (%.1f%%, %.2f warps per scheduler) past what "
		     "limits it, or shorten the stalls themselves.", r->theoretical_occupancy_pct, theo);
	else
		more(f, " More warps cannot be resident: the stalls themselves must shrink (Nsight "
		     "Compute's Warp State Statistics names them).");
}

/* Where the measured figures say occupancy is enough, the advice that raises
 * it says so: its consequences are the cost without the gain. */
static void advice_not_needed(struct finding *out, int n)
{
	static const char *const advice[] = { "registers_advice", "carveout_advice" };
	const struct finding *enough = NULL;

	for (int i = 0; i < n && !enough; i++)
		if (strcmp(out[i].id, "occupancy_enough") == 0)
			enough = &out[i];
	if (!enough)
		return;
	for (int i = 0; i < n; i++)
		for (size_t k = 0; k < sizeof(advice) / sizeof(advice[0]); k++)
			if (strcmp(out[i].id, advice[k]) == 0)
				more(&out[i], " The kernel's measured figures say occupancy is already "
				     "enough (\"%s\"): this step is unlikely to pay.", enough->title);
}

/* The profiler's own rule results, in its words: beside occview's, each its
 * own finding and never mixed with them; those of the occupancy's sections
 * only, at most PROFILER_RULES_SHOWN (JSON has them all). */
#define PROFILER_RULES_SHOWN 3
static void profiler_rules(struct sink *s, const struct crosscheck_record *rep)
{
	static const char *const sections[] = { "Occupancy", "SchedulerStats", "LaunchStats",
						"WarpStateStats" };
	int shown = 0;

	for (size_t k = 0; k < sizeof(sections) / sizeof(sections[0]); k++)
		for (size_t i = 0; i < rep->n_rules && shown < PROFILER_RULES_SHOWN; i++) {
			const struct report_rule *u = &rep->rules[i];
			char name[64], text[sizeof(((struct finding *)0)->text) * 2], cut[1000];
			char title[sizeof(((struct finding *)0)->title)], speedup[48] = "";

			if (strcmp(u->section, sections[k]) != 0)
				continue;
			str_sanitize(u->name, name, sizeof(name));
			str_sanitize(u->text, text, sizeof(text));
			if (u->speedup_pct.present)
				strfmt(speedup, sizeof(speedup), ", est. %s%sspeedup %.2f%%",
					 u->speedup_type, u->speedup_type[0] ? " " : "",
					 u->speedup_pct.value);
			strfmt(title, sizeof(title), "Nsight Compute's rule %s (%s%s)", name,
				 u->type[0] ? u->type : "rule", speedup);
			add(s, "profiler_rule", RULES_INFO, title, "In the profiler's words: \"%s\"",
			    str_ellipsize(text, (int)sizeof(cut) - 40, false, "...", cut, sizeof(cut)));
			shown++;
		}
}

/* A what-if of a measured launch: what changed, and what of the
 * measurement no longer holds for it. */
static void whatif(struct sink *s, const struct gpu *gpu, const struct occ_result *r,
		   const struct crosscheck_record *rep, const struct launch *measured,
		   const struct launch *l)
{
	struct finding *f;
	char was[64], now[64];
	int listed = 0;

	f = add(s, "whatif", RULES_INFO, "A what-if of the measured launch", "This is not the "
		"launch the report measured:");
	for (int p = 0; p < PARAM_GPU; p++) {
		if (!(rep->changed & PARAM_BIT(p)))
			continue;
		param_write(measured, (enum launch_param)p, was, sizeof(was));
		param_write(l, (enum launch_param)p, now, sizeof(now));
		more(f, "%s %s changed from %s to %s", listed++ ? "," : "",
		     param_label((enum launch_param)p, gpu->arch.vendor), was, now);
	}
	if (rep->changed & PARAM_BIT(PARAM_GPU))
		more(f, "%s the GPU is %s (%d %s), not the one measured", listed++ ? "," : "",
		     gpu->name, gpu->sm_count, gpu_units(&gpu->arch));
	more(f, ".");
	if (rep->dropped & MEASURED_SMEM_CONFIG)
		more(f, " The driver chose %lld KB of shared memory per SM for the measured launch; "
		     "it may choose another for this one, so occview applies the runtime's rule "
		     "as cudaOccupancyMaxActiveBlocksPerMultiprocessor does (%s: %lld KB).",
		     (long long)(rep->smem_config_bytes.value / 1024),
		     l->carveout_pct == LAUNCH_CARVEOUT_DEFAULT ? "the default carveout"
								: "the carveout given",
		     (long long)(r->smem_config_bytes / 1024));
	if (rep->dropped & MEASURED_CROSSCHECK)
		more(f, " The profiler's own limits and theoretical occupancy are of the measured "
		     "launch, so nothing is cross-checked.");
	if (rep->dropped & MEASURED_ACHIEVED)
		more(f, " What was measured (achieved occupancy, duration, per-SM values) is of the "
		     "measured launch, not of this one.");
	if (rep->dropped & MEASURED_DEVICE)
		more(f, " The report's device and its SM count are of the GPU it ran on, not of "
		     "this one.");
}

/* One inferred value's sentence: the range, the limit it came from (and
 * against what), the value used. */
static void inferred_value(struct finding *f, const char *what, const struct report_range *range,
			   const char *unit, const char *limit, const char *against, int64_t used)
{
	if (range->lo == range->hi)
		more(f, " %s: %d%s, the only value that gives Nsight Compute's %s %d%s.", what,
		     range->lo, unit, limit, range->limit, against);
	else
		more(f, " %s: %d%s to %d%s give Nsight Compute's %s %d%s; occview uses %lld%s, "
		     "the most.", what, range->lo, unit, range->hi, unit, limit, range->limit, against,
		     (long long)used, unit);
}

/* Launch values the report lacks, inferred from its own limits. */
static void inferred(struct sink *s, const struct occ_result *r,
		     const struct crosscheck_record *rep, const struct launch *l)
{
	const struct report_inferred *inf = &rep->inferred;
	struct finding *f;
	char against[160];

	f = add(s, "inferred", RULES_INFO, "Launch values inferred from the report's limits",
		"The report does not give every value of this launch, so occview inferred them "
		"from Nsight Compute's own block limits at %d threads per block, as its version "
		"prints them.", launch_threads_per_block(l));
	if (inf->params & PARAM_BIT(PARAM_REGISTERS))
		inferred_value(f, "Registers per thread", &inf->registers, "", "Block Limit Registers",
			       "", l->regs_per_thread);
	if (inf->params & (PARAM_BIT(PARAM_STATIC_SMEM) | PARAM_BIT(PARAM_DYNAMIC_SMEM))) {
		strfmt(against, sizeof(against), " against a %lld KB configuration%s",
			 (long long)(r->smem_config_bytes / 1024), r->smem_config_from_driver
			 ? ", the driver's" : " (the report does not say which the driver chose: "
			 "the runtime's default)");
		inferred_value(f, "Shared memory per block", &inf->smem_bytes, " B",
			       "Block Limit Shared Mem", against,
			       l->static_smem_bytes + l->dynamic_smem_bytes);
	}
	if (inf->params & PARAM_BIT(PARAM_BARRIERS))
		inferred_value(f, "Barriers per block", &inf->barriers, "", "Block Limit Barriers", "",
			       l->barriers);
	more(f, " Any value in a range gives Nsight Compute's figures; with the most, a next step "
	     "that gains a block gains it whatever the kernel's own value, and a what-if starts "
	     "from it.");
}

int rules_report(const struct gpu *gpu, const struct occ_result *r, const struct waves *w,
		 const struct crosscheck_record *rep, const struct launch *measured,
		 const struct launch *l, struct finding *out, int n, bool titles_only)
{
	struct sink s = { .out = out, .n = n, .titles_only = titles_only, .n_steps = -1 };
	char shown[sizeof(rep->device) * 4], uses[GPU_NAME_MAX + 96];

	if (!rep->present)
		return n;
	/* Disagreements first: they must find room. */
	crosscheck_findings(&s, gpu, r, rep);
	if (measured && rep->changed)
		whatif(&s, gpu, r, rep, measured, l);
	if (rep->inferred.params && !rep->changed)
		inferred(&s, r, rep, l);
	if (!rep->changed) {
		occupancy_matters(&s, gpu, r, rep);
		advice_not_needed(out, s.n);
		profiler_rules(&s, rep);
	}
	if (!(rep->dropped & MEASURED_ACHIEVED))
		achieved_gap(&s, gpu, r, w, rep, crosscheck_has(&rep->check, CROSSCHECK_THEORETICAL)
			     ? rep->check.report[CROSSCHECK_THEORETICAL] : r->theoretical_occupancy_pct);
	if (rep->db_sm_count > 0)
		add(&s, "report_sm_count", RULES_INFO, "The report's SM count differs from the database's",
		    "The report says %lld %s; the database has %d for %s. occview uses the report's "
		    "count for waves and the per-SM view.", (long long)rep->sm_count.value,
		    gpu_units(&gpu->arch), rep->db_sm_count, gpu->name);
	if (r->smem_config_from_driver)
		add(&s, "driver_smem_config", RULES_INFO, "Shared-memory configuration chosen by the driver",
		    "With the default carveout the driver chose %lld KB of shared memory per SM for "
		    "this launch (the report's Shared Memory Configuration Size: %lld B), and occview "
		    "uses it rather than assume the largest (%lld KB). %s",
		    (long long)(rep->smem_config_bytes.value / 1024),
		    (long long)rep->smem_config_bytes.value,
		    (long long)(gpu->arch.smem_per_sm_bytes / 1024),
		    r->smem_config_bytes != rep->smem_config_bytes.value
		    ? "One block needs more than it, so occview raised the configuration to the "
		      "smallest that holds one."
		    : "A kernel that allocated more would get a larger one.");
	if (rep->device_unknown) {
		str_sanitize(rep->device, shown, sizeof(shown));
		/* A stand-in's count has its own finding (stand_in). */
		if (gpu->stand_in)
			strfmt(uses, sizeof(uses), "the limits of its architecture (%s)",
				 gpu->arch.arch);
		else
			strfmt(uses, sizeof(uses), "%s, of the same architecture (%s) and with the "
				 "report's %d %s", gpu->name, gpu->arch.arch, gpu->sm_count,
				 gpu_units(&gpu->arch));
		add(&s, "device_unknown", RULES_INFO, "Device not in the GPU database",
		    "The report names the device \"%s\", which the GPU database does not know; occview "
		    "uses %s. --gpu chooses another GPU; --gpu-db adds the device.", shown, uses);
	}
	sort_findings(out, s.n);
	return s.n;
}

const char *rules_severity_key(enum rules_severity s)
{
	switch (s) {
	case RULES_INFO: return "info";
	case RULES_WARNING: return "warning";
	case RULES_ERROR: return "error";
	}
	return "?";
}
