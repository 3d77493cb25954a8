/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* rules.c - a launch's findings: the limiting factor and its next step, a
 * launch that cannot run, tail effect and partial wave, grids smaller than one
 * wave or than the SM count, block sizes that waste warp lanes, the
 * carveout; the AMD family's are rules_amd.c's, a record's rules_record.c's,
 * the scheduling model's rules_sched.c's. */
#include "config.h"

#include "rules.h"
#include "rules_sink.h"

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

static void format_param(enum occ_param p, int64_t v, char *buf, size_t size)
{
	if (p == OCC_PARAM_SHARED_MEM)
		strfmt(buf, size, "%lld B", (long long)v);
	else
		strfmt(buf, size, "%lld", (long long)v);
}

static void limiter(struct rules_sink *s, const struct rules_input *ri)
{
	const struct gpu_arch *a = &ri->gpu->arch;
	const struct occ_result *r = ri->r;
	const struct tuning_step *steps;
	char names[96] = "", title[sizeof(names) + 64], from[32], to[32];
	int n = rules_steps(s, ri, true, &steps);
	bool full = r->active_warps_per_sm == r->max_warps_per_sm;
	struct finding *f;

	for (int i = 0, len = 0; i < n; i++)
		len = rules_join(names, sizeof(names), len, i ? (i == n - 1 ? " and " : ", ") : "",
				 occ_label(r, steps[i].factor));
	rules_limiter_title(title, sizeof(title), full, names, r->theoretical_occupancy_pct);
	f = rules_add(s, "limiter", full ? RULES_INFO : RULES_WARNING, title, "%s: %d block%s x %d warps = %d of %d "
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
		rules_more(f, " %c%s allow%s %d block%s per SM.",
		     toupper((unsigned char)occ_label(r, t->factor)[0]), occ_label(r, t->factor) + 1,
		     t->factor == OCC_SHARED_MEM ? "s" : "", lim, S(lim));
		format_param(t->param, t->from, from, sizeof(from));
		if (t->has_gain) {
			format_param(t->param, t->to, to, sizeof(to));
			rules_more(f, " Next step: %s %s -> %s: %d -> %d blocks (%d -> %d warps).",
			     tuning_param_label(a, t->param), from, to, t->blocks_from, t->blocks_to,
			     t->warps_from, t->warps_to);
		} else if (!full) {
			rules_more(f, " Changing %s alone does not raise occupancy.", tuning_param_label(a, t->param));
		}
		if (t->has_headroom) {
			format_param(t->param, t->headroom_to, to, sizeof(to));
			rules_more(f, " Headroom: %s up to %s keeps this occupancy.",
			     tuning_param_label(a, t->param), to);
		}
	}
}

static void cannot_run(struct rules_sink *s, const struct rules_input *ri)
{
	const struct gpu_arch *a = &ri->gpu->arch;
	const struct occ_result *r = ri->r;
	const struct occ_input *in = ri->in;

	switch (r->misfit) {
	case OCC_MISFIT_THREADS:
		rules_add(s, "cannot_run", RULES_ERROR, "The launch cannot run: block too large",
		    "A block of %d threads exceeds the %d threads per block %s allows; no block fits.",
		    in->threads_per_block, a->max_threads_per_block, ri->gpu->name);
		break;
	case OCC_MISFIT_REGISTERS:
		if (a->reg_alloc == GPU_REG_ALLOC_BLOCK) {
			rules_add(s, "cannot_run", RULES_ERROR,
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
		rules_add(s, "cannot_run", RULES_ERROR, "The launch cannot run: too many registers per block",
		    "%d registers x %d threads, allocated as %d per warp x %d warps = %lld registers per "
		    "block (warps rounded to a multiple of %d for the hardware check: %lld), but a block "
		    "may use at most %d. Reduce registers to fit (for example with __launch_bounds__) or "
		    "use smaller blocks.",
		    in->regs_per_thread, in->threads_per_block, r->regs_per_warp_allocated,
		    r->warps_per_block, (long long)r->allocated_regs_per_block, a->warp_alloc_granularity,
		    (long long)r->regs_per_block_checked, a->regs_per_block);
		break;
	case OCC_MISFIT_SHARED_MEM:
		rules_add(s, "cannot_run", RULES_ERROR, "The launch cannot run: too much shared memory",
		    "The block allocates %lld bytes of shared memory, more than the %lld bytes one block "
		    "can have.", (long long)r->allocated_smem_per_block,
		    (long long)(a->smem_per_block_optin_bytes + a->smem_reserved_per_block_bytes));
		break;
	case OCC_MISFIT_BARRIERS:
		rules_add(s, "cannot_run", RULES_ERROR, "The launch cannot run: too many barriers",
		    "The block uses %d barriers; the SM has %d.", in->barriers, a->barriers_per_sm);
		break;
	case OCC_MISFIT_SGPRS:  /* AMD only: amd_cannot_run */
	case OCC_FITS:
		break;
	}
}

/* In the engine's words: blocks are workgroups and an SM a CU or WGP on AMD. */
static void waves_rules(struct rules_sink *s, const struct rules_input *ri)
{
	const struct waves *w = ri->w;
	const struct engine_words *e = engine_words(&ri->gpu->arch);
	/* The units the launch may use: a partition's, or the GPU's. */
	int sms = ri->sched->units;
	int64_t whole_lo, whole_hi;
	char title[96];

	if (ri->grid_size < sms && ri->sched->cluster_size > 1) {
		/* Whole clusters only (CUDA refuses any other grid), and no more
		 * than one wave of them can be resident. */
		int c = ri->sched->cluster_size;
		int64_t least = ((int64_t)sms + c - 1) / c * c;

		if (least > w->blocks_per_wave)
			least = w->blocks_per_wave;
		snprintf(title, sizeof(title), "Fewer %s than %s", e->blocks, e->units);
		rules_add(s, "grid_below_sms", RULES_WARNING, title,
		    "The grid has %lld %s for %d %s: %d %s get no work at all. Launch at least "
		    "%lld %s (clusters of %d), one full %s of %lld.",
		    (long long)ri->grid_size, e->blocks, sms, e->units, sms - (int)ri->grid_size,
		    e->units, (long long)least, e->blocks, c, e->wave, (long long)w->blocks_per_wave);
	} else if (ri->grid_size < sms) {
		/* strfmt's "Fewer %s than %s", without parsing it per launch */
		rules_join(title, sizeof(title), rules_join(title, sizeof(title), 0, "Fewer ", e->blocks),
			   " than ", e->units);
		const struct rules_arg below[] = {
			RULES_I(ri->grid_size), RULES_W(e->blocks), RULES_I(sms), RULES_W(e->units),
			RULES_I(sms - (int)ri->grid_size), RULES_W(e->units), RULES_I(sms),
			RULES_W(e->blocks), RULES_I(w->blocks_per_wave), RULES_W(e->wave),
			RULES_I(ri->r->active_blocks_per_sm), RULES_W(e->unit),
		};

		rules_add_args(s, "grid_below_sms", RULES_WARNING, title,
		    "The grid has %lld %s for %d %s: %d %s get no work at all. Launch at least "
		    "%d %s, better %lld (one full %s of %d per %s).", below,
		    (int)(sizeof(below) / sizeof(below[0])));
	} else if (w->full_waves == 0 && ri->sched->cluster_size > 1 && w->blocks_per_wave > 0) {
		rules_add(s, "small_grid", RULES_WARNING, "Grid smaller than one wave",
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
		strfmt(title, sizeof(title), "Grid smaller than one %s", e->wave);
		const struct rules_arg small[] = {
			RULES_I(ri->grid_size), RULES_W(e->blocks), RULES_F(100.0 * w->waves_per_sm),
			RULES_W(e->wave), RULES_I(sms), RULES_W(e->units),
			RULES_I(ri->r->active_blocks_per_sm), RULES_W(e->blocks),
			RULES_I(w->blocks_per_wave), RULES_W(e->block), RULES_W(e->unit),
			RULES_S(each), RULES_F(w->predicted_achieved_pct),
			RULES_F(ri->r->theoretical_occupancy_pct),
		};

		rules_add_args(s, "small_grid", RULES_WARNING, title,
		    "The grid has %lld %s, %.1f%% of one %s (%d %s x %d %s = %lld). With "
		    "uniform %s durations each %s runs %s at once, so achieved "
		    "occupancy can reach only about %.1f%% of the %.1f%% theoretical.", small,
		    (int)(sizeof(small) / sizeof(small[0])));
	}
	sched_whole_wave_grids(ri->sched, ri->grid_size, &whole_lo, &whole_hi);
	if (w->full_waves > 0 && w->partial_wave_blocks > 0) {
		/* The waves are the engine's: rounds of blocks over the GPU, on
		 * AMD "GPU waves", never its wavefronts per CU. */
		/* strfmt's "Partial last %s (tail effect)", without parsing it
		 * per launch */
		rules_join(title, sizeof(title), rules_join(title, sizeof(title), 0, "Partial last ",
							    e->wave), " (tail effect)", "");
		enum rules_severity sev = w->tail_share_pct >= 20.0 ? RULES_WARNING : RULES_INFO;

		if (s->titles_only) {
			rules_add_args(s, "tail_effect", sev, title, NULL, NULL, 0);
			return;
		}
		/* Typed values (rules_add_args), in the format's order: this
		 * finding is written for most launches. */
		const struct rules_arg tail[] = {
			RULES_I(w->full_waves), RULES_W(w->full_waves == 1 ? e->wave : e->waves),
			RULES_I(w->blocks_per_wave), RULES_W(e->blocks), RULES_W(e->wave),
			RULES_I(w->partial_wave_blocks), RULES_W(e->blocks),
			RULES_I(ri->grid_size), RULES_I(w->blocks_per_wave), RULES_F(w->waves_per_sm),
			RULES_W(e->waves), RULES_W(e->waves_count), RULES_W(e->block), RULES_W(e->wave),
			RULES_F(w->tail_share_pct), RULES_I((int64_t)w->full_waves + 1),
			RULES_W(e->waves), RULES_F(w->partial_wave_occupancy_pct),
			RULES_F(w->predicted_achieved_pct), RULES_I(whole_lo), RULES_I(whole_hi),
			RULES_W(e->blocks), RULES_W(e->wave), RULES_W(e->waves),
		};

		rules_add_args(s, "tail_effect", sev, title,
		    "This launch runs %lld full %s of %lld %s and a partial %s of %lld %s "
		    "(%lld / %lld = %.2f %s %s). With uniform %s durations the partial %s "
		    "may take up to %.1f%% of the runtime (1 / %lld %s) at an occupancy of %.1f%%; "
		    "predicted achieved occupancy %.1f%%. A grid of %lld or %lld %s has no partial "
		    "%s; more full %s also dilute the tail.", tail, (int)(sizeof(tail) / sizeof(tail[0])));
	}
}

static void warp_multiple(struct rules_sink *s, const struct rules_input *ri)
{
	const struct gpu_arch *a = &ri->gpu->arch;
	int tpb = ri->in->threads_per_block;
	int idle = ri->r->warps_per_block * a->warp_size - tpb;

	if (tpb % a->warp_size == 0)
		return;
	rules_add(s, "block_not_warp_multiple", RULES_WARNING, "Block size not a multiple of the warp size",
	    "%d threads per block make %d warps of %d, the last with %d idle lanes: %.1f%% of the "
	    "block's thread slots do no work but still take warp slots and registers. Use %d or %d "
	    "threads.", tpb, ri->r->warps_per_block, a->warp_size, idle,
	    100.0 * idle / (ri->r->warps_per_block * a->warp_size),
	    tpb / a->warp_size * a->warp_size > 0 ? tpb / a->warp_size * a->warp_size : a->warp_size,
	    ri->r->warps_per_block * a->warp_size);
}

static void carveout_ignored(struct rules_sink *s, const struct rules_input *ri)
{
	const struct gpu_arch *a = &ri->gpu->arch;

	if (ri->in->carveout_pct == LAUNCH_CARVEOUT_DEFAULT || a->n_smem_configs > 1)
		return;
	rules_add(s, "carveout_ignored", RULES_INFO, "Carveout preference does not apply",
	    "%s (cc %d.%d) has a fixed %lld KB of shared memory per SM, so the carveout preference "
	    "of %d%% changes nothing; carveouts exist from cc 7.0 (Volta).", ri->gpu->name,
	    a->cc_major, a->cc_minor, (long long)(a->smem_per_sm_bytes / 1024), ri->in->carveout_pct);
}

/* The limiter's next step in the tools that take it, and what it may cost:
 * registers through the compiler (__launch_bounds__ or -maxrregcount), with
 * the spilling it risks; shared memory through a larger configuration. */
static void registers_advice(struct rules_sink *s, const struct rules_input *ri)
{
	const struct engine *e = engine_of(&ri->gpu->arch);
	const struct tuning_step *steps;
	int n = rules_steps(s, ri, false, &steps);
	char title[128], text[1024];

	for (int i = 0; i < n; i++) {
		const struct tuning_step *t = &steps[i];

		if (t->param != OCC_PARAM_REGISTERS || !t->has_gain)
			continue;
		if (e->registers_advice(&ri->gpu->arch, ri->in, ri->r, t, title, sizeof(title),
					text, sizeof(text)))
			rules_add(s, "registers_advice", RULES_INFO, title, "%s", text);
	}
}

static void carveout_advice(struct rules_sink *s, const struct rules_input *ri)
{
	const struct gpu_arch *a = &ri->gpu->arch;
	const struct occ_result *r = ri->r;
	struct tuning_config c;

	if (!tuning_smem_config(a, ri->in, r, &c))
		return;
	if (c.cache_config == LAUNCH_CACHE_NONE)
		rules_add(s, "carveout_advice", RULES_INFO, "A larger carveout lifts the shared-memory limit",
		    "The launch gets the %lld KB shared-memory configuration%s. A carveout preference of "
		    "%d%% (cudaFuncSetAttribute with cudaFuncAttributePreferredSharedMemoryCarveout; "
		    "--carveout %d here) selects %lld KB: %d -> %d blocks per SM (%d -> %d warps). The "
		    "L1 cache shrinks by as much as shared memory grows.",
		    (long long)(r->smem_config_bytes / 1024),
		    r->smem_config_from_driver ? ", the driver's choice" : "", c.carveout_pct,
		    c.carveout_pct, (long long)(c.config_bytes / 1024), r->active_blocks_per_sm,
		    c.blocks_to, r->active_warps_per_sm, c.warps_to);
	else
		rules_add(s, "carveout_advice", RULES_INFO, "A cache configuration with more shared memory lifts the limit",
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
static void block_size_waves(struct rules_sink *s, const struct rules_input *ri)
{
	const struct waves *w = ri->w;
	const struct engine_words *e = engine_words(&ri->gpu->arch);
	struct tuning_block_size c[BLOCK_SIZES_SHOWN];
	int n = tuning_block_sizes_waves_among(ri->gpu, ri->sched, ri->in, ri->r, ri->sizes,
					       ri->grid_size, w, c, BLOCK_SIZES_SHOWN);
	struct finding *f;
	char title[96];
	int64_t waves;
	double busy;

	if (n == 0)
		return;
	tuning_waves_busy(w, ri->grid_size, &waves, &busy);
	strfmt(title, sizeof(title), "%s sizes with the same occupancy and less idle tail", e->Block);
	f = rules_add(s, "block_size_waves", RULES_INFO, title,
		"%lld %s of %d %s take %lld %s of %lld, the last partial: %.1f%% of the "
		"%s' %s slots busy. The same %s at the same %.1f%% occupancy, each %s's "
		"work shared among its %s:", (long long)ri->grid_size, e->blocks,
		ri->in->threads_per_block, e->threads, (long long)waves, waves == 1 ? e->wave : e->waves,
		(long long)w->blocks_per_wave, busy, e->waves, e->block, e->blocks,
		ri->r->theoretical_occupancy_pct, e->block, e->threads);
	for (int i = 0; i < n; i++)
		rules_more(f, "%s %d %s, %lld %s of %lld, %.1f%% busy (runtime x %.2f)", i ? ";" : "",
		     c[i].threads_per_block, e->threads, (long long)c[i].waves,
		     c[i].waves == 1 ? e->wave : e->waves, (long long)c[i].w.blocks_per_wave,
		     c[i].busy_pct, busy / c[i].busy_pct);
	rules_more(f, ". With uniform %s durations every %s lasts one %s; the runtime goes as "
	     "1 / busy.", e->block, e->wave, e->block);
}

/* Only the architecture is known: say which device's SM count the waves
 * take, since nothing else does. */
static void stand_in(struct rules_sink *s, const struct gpu *gpu)
{
	char cc[16];

	if (!gpu->stand_in)
		return;
	gpu_arch_cc_string(&gpu->arch, cc, sizeof(cc));
	rules_add(s, "gpu_stand_in", RULES_INFO, "Only the GPU's architecture is known",
	    "occview knows the architecture of this GPU (%s %s), not the device: it uses %s, the "
	    "database's device for it, with its %d %s. The occupancy per %s depends on the "
	    "architecture alone; the waves, the tail and the per-%s view depend on the count, so "
	    "name the device with --gpu (or add it with --gpu-db) to use its own.",
	    engine_words(&gpu->arch)->arch_kind, cc, gpu->name,
	    gpu->sm_count, gpu_units(&gpu->arch), gpu_unit(&gpu->arch), gpu_unit(&gpu->arch));
}

/* An architecture the database has no device of (--gpu gfx602): the
 * occupancy per unit is computed, the rest needs a unit count. */
static void no_device(struct rules_sink *s, const struct gpu *gpu)
{
	if (gpu->sm_count > 0)
		return;
	rules_add(s, "waves_need_device", RULES_INFO, "The waves need a device",
	    "The GPU database knows the architecture %s but no device of it, so no %s count: the "
	    "occupancy per %s depends on the architecture alone and is computed; the waves, the "
	    "tail and the per-%s view depend on the count, so name a device with --gpu (or add "
	    "one with --gpu-db) to see them.", gpu->arch.arch, gpu_unit(&gpu->arch),
	    gpu_unit(&gpu->arch), gpu_unit(&gpu->arch));
}

int rules_evaluate_part(const struct rules_input *given, struct finding *out, int n,
			enum rules_part part)
{
	struct rules_sink s = { .out = out, .n = n, .titles_only = given->titles_only,
				.params = given->params && !given->titles_only, .n_steps = -1,
				.fmts = given->params && !given->titles_only ? given->fmts : NULL };
	/* AMD's engines count each factor in waves as well as workgroups. */
	bool amd = engine_of(&given->gpu->arch)->wave_limits;
	struct rules_input in = *given;
	const struct rules_input *ri = &in;
	struct sched plain;

	if (s.fmts)
		rules_fmts_ready(s.fmts);
	/* No model given: every unit of the GPU, no clusters. */
	if (!in.sched) {
		sched_plain(&plain, in.gpu->sm_count, in.r->active_blocks_per_sm);
		in.sched = &plain;
	}

	switch (part) {
	case RULES_PART_LAUNCH:
		if (ri->r->active_blocks_per_sm == 0) {
			if (amd)
				rules_amd_cannot_run(&s, ri);
			else
				cannot_run(&s, ri);
		} else if (amd) {
			rules_amd_limiter(&s, ri);
			rules_amd_packing(&s, ri);
			registers_advice(&s, ri);
		} else {
			limiter(&s, ri);
			registers_advice(&s, ri);
			carveout_advice(&s, ri);
		}
		break;
	case RULES_PART_GRID:
		if (ri->r->active_blocks_per_sm != 0 && ri->gpu->sm_count > 0) {
			waves_rules(&s, ri);
			block_size_waves(&s, ri);
			rules_sched(&s, ri);
		}
		break;
	case RULES_PART_GPU:
		if (!amd) {
			warp_multiple(&s, ri);
			carveout_ignored(&s, ri);
		}
		stand_in(&s, ri->gpu);
		no_device(&s, ri->gpu);
		break;
	}
	return s.n;
}

int rules_evaluate(const struct rules_input *ri, struct finding *out)
{
	int n = rules_evaluate_part(ri, out, 0, RULES_PART_LAUNCH);

	n = rules_evaluate_part(ri, out, n, RULES_PART_GRID);
	n = rules_evaluate_part(ri, out, n, RULES_PART_GPU);
	rules_sort(out, n);
	return n;
}

void rules_order(struct finding *out, int n)
{
	rules_sort(out, n);
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
