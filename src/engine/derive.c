/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* derive.c - the teaching view: each block limit, the occupancy and the waves
 * derived one short sentence at a time, with this launch's own numbers, in the
 * same order and with the same rules as occupancy.c and waves.c (NVIDIA's;
 * AMD's are derive_amd.c's). */
#include "config.h"

#include "derive.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "derive_steps.h"
#include "launch.h"

/* The plural ending for a count. */
#define S(n) ((n) == 1 ? "" : "s")

static int64_t round_up(int64_t x, int64_t unit)
{
	return unit > 0 ? (x + unit - 1) / unit * unit : x;
}

void derive_start(struct derivation *d, int64_t value, const char *fmt, ...)
{
	va_list ap;

	memset(d, 0, sizeof(*d));
	d->value = value;
	va_start(ap, fmt);
	vsnprintf(d->title, sizeof(d->title), fmt, ap);
	va_end(ap);
}

/* Appends one sentence; sentences past DERIVE_MAX_STEPS are dropped (the
 * derivations below never need that many: tests check they stay under it). */
void derive_step(struct derivation *d, const char *fmt, ...)
{
	va_list ap;

	if (d->n >= DERIVE_MAX_STEPS)
		return;
	va_start(ap, fmt);
	vsnprintf(d->steps[d->n++], DERIVE_STEP_LEN, fmt, ap);
	va_end(ap);
}

/* "8 blocks per SM", "no limit" or "no block fits" for a title. */
static const char *limit_words(int lim, char *buf, size_t size)
{
	if (lim == OCC_UNLIMITED)
		snprintf(buf, size, "no limit");
	else if (lim == 0)
		snprintf(buf, size, "no block fits");
	else
		snprintf(buf, size, "%d block%s per SM", lim, S(lim));
	return buf;
}

static void derive_warps(const struct gpu_arch *a, const struct occ_input *in,
			 const struct occ_result *r, struct derivation *d)
{
	int wpb = r->warps_per_block;

	derive_step(d, "Warps per block: ceil(%d threads / %d per warp) = %d", in->threads_per_block,
	     a->warp_size, wpb);
	if (in->threads_per_block > a->max_threads_per_block) {
		derive_step(d, "A block may have at most %d threads; %d exceed that",
		     a->max_threads_per_block, in->threads_per_block);
		d->value = 0;
		derive_step(d, "Block limit: 0 blocks (the block is too large to run)");
		return;
	}
	derive_step(d, "Warp slots per SM: %d (%d threads)", a->max_warps_per_sm, a->max_threads_per_sm);
	d->value = a->max_warps_per_sm / wpb;
	derive_step(d, "Block limit: floor(%d warps / %d warps per block) = %d block%s",
	     a->max_warps_per_sm, wpb, (int)d->value, S(d->value));
}

static void derive_blocks(const struct gpu_arch *a, struct derivation *d)
{
	derive_step(d, "The SM keeps at most %d blocks resident, whatever their size", a->max_blocks_per_sm);
	d->value = a->max_blocks_per_sm;
	derive_step(d, "Block limit: %d block%s", a->max_blocks_per_sm, S(a->max_blocks_per_sm));
}

/* The register limit with the given sub-partitions and warp granularity, in
 * steps when d is not NULL; 0 when no block fits. *warps_per_sm gets the warps
 * the register file holds, -1 when the block fails a per-block check. */
static int regs_steps(const struct gpu_arch *a, const struct occ_input *in, int wpb,
		      int parts, int granularity, struct derivation *d, int64_t *warps_per_sm)
{
	int64_t raw = (int64_t)in->regs_per_thread * a->warp_size;
	int unit = gpu_reg_alloc_unit(a, in->regs_per_thread);
	int64_t per_warp = round_up(raw, unit);
	int64_t warps_checked = round_up(wpb, granularity);
	int64_t checked = per_warp * warps_checked;
	int64_t per_part, warps_per_part;
	int lim;

	*warps_per_sm = -1;
	if (d) {
		derive_step(d, "Registers per warp: %d per thread x %d threads = %lld", in->regs_per_thread,
		     a->warp_size, (long long)raw);
		if (unit != a->reg_alloc_unit)
			derive_step(d, "Rounded up to the allocation unit of %d (cc %d.%d allocates %d registers "
			     "per thread in %d-register units, not %d): %lld", unit, a->cc_major,
			     a->cc_minor, in->regs_per_thread, unit, a->reg_alloc_unit,
			     (long long)per_warp);
		else
			derive_step(d, "Rounded up to the allocation unit of %d: %lld", unit,
			     (long long)per_warp);
	}
	if (in->regs_per_thread > a->max_regs_per_thread) {
		if (d)
			derive_step(d, "%d registers per thread exceed the maximum of %d: no block fits",
			     in->regs_per_thread, a->max_regs_per_thread);
		return 0;
	}
	/* checked >= per_warp x wpb, so this one comparison is the per-block check. */
	if (checked > a->regs_per_block) {
		if (d)
			derive_step(d, "Per-block check: %d warps rounded up to a multiple of %d = %lld; "
			     "%lld x %lld = %lld > %d registers per block: no block fits", wpb,
			     granularity, (long long)warps_checked, (long long)per_warp,
			     (long long)warps_checked, (long long)checked, a->regs_per_block);
		return 0;
	}
	if (d)
		derive_step(d, "Per-block check: %d warps rounded up to a multiple of %d = %lld; "
		     "%lld x %lld = %lld <= %d registers per block", wpb, granularity,
		     (long long)warps_checked, (long long)per_warp, (long long)warps_checked,
		     (long long)checked, a->regs_per_block);
	if (per_warp == 0) {
		if (d)
			derive_step(d, "A kernel without registers takes none of the register file: "
			     "registers do not limit");
		return OCC_UNLIMITED;
	}
	per_part = a->regs_per_sm / parts;
	warps_per_part = per_part / per_warp;
	*warps_per_sm = warps_per_part * parts;
	lim = (int)(*warps_per_sm / wpb);
	if (d) {
		derive_step(d, "Register file per sub-partition: %d / %d = %lld", a->regs_per_sm, parts,
		     (long long)per_part);
		derive_step(d, "Warps per sub-partition: floor(%lld / %lld) = %lld", (long long)per_part,
		     (long long)per_warp, (long long)warps_per_part);
		derive_step(d, "Warps per SM: %lld x %d sub-partitions = %lld", (long long)warps_per_part,
		     parts, (long long)(warps_per_part * parts));
	}
	return lim;
}

/* cc 1.x: registers go to the block as a whole (occupancy.c). */
static void derive_registers_per_block(const struct gpu_arch *a, const struct occ_input *in,
				       const struct occ_result *r, struct derivation *d)
{
	int wpb = r->warps_per_block;
	int64_t warps = round_up(wpb, a->warp_alloc_granularity);
	int64_t raw = (int64_t)in->regs_per_thread * a->warp_size * warps;
	int64_t per_block = round_up(raw, a->reg_alloc_unit);

	derive_step(d, "cc %d.%d allocates registers to whole blocks, not to warps", a->cc_major,
	     a->cc_minor);
	derive_step(d, "Warps per block rounded up to a multiple of %d: %d -> %lld",
	     a->warp_alloc_granularity, wpb, (long long)warps);
	derive_step(d, "Registers per block: %d per thread x %d threads x %lld warps = %lld",
	     in->regs_per_thread, a->warp_size, (long long)warps, (long long)raw);
	derive_step(d, "Rounded up to the allocation unit of %d: %lld", a->reg_alloc_unit,
	     (long long)per_block);
	if (in->regs_per_thread > a->max_regs_per_thread || per_block > a->regs_per_block) {
		if (in->regs_per_thread > a->max_regs_per_thread)
			derive_step(d, "%d registers per thread exceed the maximum of %d: no block fits",
			     in->regs_per_thread, a->max_regs_per_thread);
		else
			derive_step(d, "%lld > %d registers per block: no block fits", (long long)per_block,
			     a->regs_per_block);
		d->value = 0;
		derive_step(d, "Block limit: 0 blocks (the block needs more registers than it may have)");
		return;
	}
	if (per_block == 0) {
		d->value = OCC_UNLIMITED;
		derive_step(d, "A kernel without registers takes none of the register file: "
		     "registers do not limit");
		return;
	}
	d->value = a->regs_per_sm / per_block;
	derive_step(d, "Block limit: floor(%d registers per SM / %lld per block) = %d block%s",
	     a->regs_per_sm, (long long)per_block, (int)d->value, S(d->value));
}

static void derive_registers(const struct gpu_arch *a, const struct occ_input *in,
			     const struct occ_result *r, struct derivation *d)
{
	int wpb = r->warps_per_block;
	int64_t warps, warps4;

	if (a->reg_alloc == GPU_REG_ALLOC_BLOCK) {
		derive_registers_per_block(a, in, r, d);
		return;
	}
	int lim = regs_steps(a, in, wpb, a->sm_subpartitions, a->warp_alloc_granularity, d, &warps);

	d->value = lim;
	if (lim == OCC_UNLIMITED)
		return;
	if (warps < 0) {
		derive_step(d, "Block limit: 0 blocks (the block needs more registers than it may have)");
		return;
	}
	derive_step(d, "Block limit: floor(%lld warps / %d warps per block) = %d block%s",
	     (long long)warps, wpb, lim, S(lim));
	/* GP100's rule (see occupancy.c): what would not fit on the four
	 * sub-partitions of the rest of Pascal is refused here too. */
	if (lim > 0 && a->cc_major == 6 && a->cc_minor == 0 &&
	    regs_steps(a, in, wpb, 4, 4, NULL, &warps4) == 0) {
		int64_t per_warp = round_up((int64_t)in->regs_per_thread * a->warp_size, a->reg_alloc_unit);
		if (warps4 < 0)
			derive_step(d, "GP100 also applies the rest of Pascal's check, warps rounded to 4: "
			     "%lld x %lld = %lld > %d registers per block", (long long)per_warp,
			     (long long)round_up(wpb, 4), (long long)(per_warp * round_up(wpb, 4)),
			     a->regs_per_block);
		else
			derive_step(d, "GP100 also applies the rest of Pascal's layout, 4 sub-partitions: "
			     "floor(%d / %lld) x 4 = %lld warps, fewer than %d", a->regs_per_sm / 4,
			     (long long)per_warp, (long long)warps4, wpb);
		d->value = 0;
		derive_step(d, "Block limit: 0 blocks (what no other Pascal GPU runs, GP100 refuses too)");
	}
}

/* Fermi's and Kepler's L1/shared preference as the shared memory it asks for. */
static void cache_preference(const struct gpu_arch *a, int cache_config, int64_t config,
			     struct derivation *d)
{
	const char *why;

	switch (cache_config) {
	case LAUNCH_CACHE_SHARED: why = "prefers shared memory: the most"; break;
	case LAUNCH_CACHE_L1: why = "prefers L1: the least shared memory"; break;
	case LAUNCH_CACHE_EQUAL:
		why = config == a->smem_per_sm_bytes ? "asks for an equal split, which this GPU "
			"does not have: the most" : "asks for an equal split: the middle";
		break;
	default: why = "no preference: the most shared memory"; break;
	}
	derive_step(d, "Cache preference %s (L1 and shared memory split one array): %s, the "
	     "%lld-byte configuration (%lld KB)", launch_cache_config_name(cache_config), why,
	     (long long)config, (long long)(config / 1024));
}

static void derive_smem(const struct gpu_arch *a, const struct occ_input *in,
			const struct occ_result *r, struct derivation *d)
{
	int64_t need = in->static_smem_bytes + in->dynamic_smem_bytes + a->smem_reserved_per_block_bytes;
	int64_t alloc = round_up(need, a->smem_alloc_unit_bytes);
	int64_t optin = a->smem_per_block_optin_bytes > a->smem_per_block_bytes
		? a->smem_per_block_optin_bytes : a->smem_per_block_bytes;
	int64_t max = optin + a->smem_reserved_per_block_bytes;
	int64_t config = r->smem_preference_bytes;
	int lim;

	if (a->smem_reserved_per_block_bytes > 0)
		derive_step(d, "Shared memory per block: %lld static + %lld dynamic + %d reserved by the "
		     "driver = %lld bytes", (long long)in->static_smem_bytes,
		     (long long)in->dynamic_smem_bytes, a->smem_reserved_per_block_bytes,
		     (long long)need);
	else
		derive_step(d, "Shared memory per block: %lld static + %lld dynamic = %lld bytes",
		     (long long)in->static_smem_bytes, (long long)in->dynamic_smem_bytes,
		     (long long)need);
	derive_step(d, "Rounded up to the allocation unit of %d bytes: %lld", a->smem_alloc_unit_bytes,
	     (long long)alloc);
	if (alloc > max) {
		derive_step(d, "A block may have at most %lld bytes (%lld + %d reserved): %lld exceed that",
		     (long long)max, (long long)optin, a->smem_reserved_per_block_bytes,
		     (long long)alloc);
		d->value = 0;
		derive_step(d, "Block limit: 0 blocks (the block needs more shared memory than it may have)");
		return;
	}
	if (alloc == 0) {
		d->value = OCC_UNLIMITED;
		derive_step(d, "A block without shared memory takes none: shared memory does not limit");
		return;
	}
	derive_step(d, "Per-block maximum: %lld bytes (%lld + %d reserved): %lld fit", (long long)max,
	     (long long)optin, a->smem_reserved_per_block_bytes, (long long)alloc);
	if (gpu_has_cache_config(a)) {
		cache_preference(a, in->cache_config, config, d);
	} else if (a->n_smem_configs <= 1) {
		derive_step(d, "Shared memory per SM: a fixed %lld bytes (cc %d.%d has no carveout%s)",
		     (long long)a->smem_per_sm_bytes, a->cc_major, a->cc_minor,
		     in->carveout_pct == LAUNCH_CARVEOUT_DEFAULT ? "" : ": the preference is ignored");
	} else if (in->carveout_pct == LAUNCH_CARVEOUT_DEFAULT) {
		derive_step(d, "Carveout: the default prefers the most shared memory, the %lld-byte "
		     "configuration (%lld KB)", (long long)config, (long long)(config / 1024));
	} else {
		int64_t want = (int64_t)in->carveout_pct * a->smem_per_sm_bytes / 100;
		derive_step(d, "Carveout %d%%: %d%% x %lld = %lld bytes, rounded up to a configuration: "
		     "%lld bytes (%lld KB)", in->carveout_pct, in->carveout_pct,
		     (long long)a->smem_per_sm_bytes, (long long)want, (long long)config,
		     (long long)(config / 1024));
	}
	if (config < alloc && gpu_has_cache_config(a)) {
		/* The runtime sets the preference aside for the largest (cuda_occupancy.h
		 * before cc 7.0), not for the smallest that holds the block. */
		derive_step(d, "One block needs %lld bytes, more than the preference's %lld: the driver "
		     "sets the preference aside and takes the largest configuration, %lld bytes "
		     "(%lld KB)", (long long)alloc, (long long)config,
		     (long long)r->smem_config_bytes, (long long)(r->smem_config_bytes / 1024));
		config = r->smem_config_bytes;
	} else if (config < alloc) {
		int64_t raised = -1;
		for (int i = 0; i < a->n_smem_configs; i++)
			if (a->smem_configs_bytes[i] >= alloc) {
				raised = a->smem_configs_bytes[i];
				break;
			}
		if (raised < 0) {
			derive_step(d, "One block needs %lld bytes and no configuration holds that",
			     (long long)alloc);
			d->value = 0;
			derive_step(d, "Block limit: 0 blocks (no configuration holds one block)");
			return;
		}
		derive_step(d, "One block needs %lld bytes, more than %lld: the driver picks the "
		     "%lld-byte configuration", (long long)alloc, (long long)config, (long long)raised);
		config = raised;
	}
	lim = (int)(config / alloc);
	d->value = lim;
	derive_step(d, "Block limit: floor(%lld / %lld) = %d block%s", (long long)config, (long long)alloc,
	     lim, S(lim));
}

static void derive_barriers(const struct gpu_arch *a, const struct occ_input *in,
			    struct derivation *d)
{
	if (a->barriers_per_sm <= 0) {
		d->value = OCC_UNLIMITED;
		derive_step(d, "Block barriers limit resident blocks from cc 9.0; on cc %d.%d they do not limit",
		     a->cc_major, a->cc_minor);
		return;
	}
	if (in->barriers <= 0) {
		d->value = OCC_UNLIMITED;
		derive_step(d, "The block uses no barriers: barriers do not limit");
		return;
	}
	derive_step(d, "The SM has %d barriers; each block uses %d", a->barriers_per_sm, in->barriers);
	d->value = a->barriers_per_sm / in->barriers;
	if (d->value == 0)
		derive_step(d, "Block limit: 0 blocks (%d barriers per block exceed the %d per SM)",
		     in->barriers, a->barriers_per_sm);
	else
		derive_step(d, "Block limit: floor(%d / %d) = %d block%s", a->barriers_per_sm, in->barriers,
		     (int)d->value, S(d->value));
}

/* "VGPRs", "Shared memory": a factor's label starting a sentence; the
 * derivation started with it. */
void derive_limit_start(const struct occ_result *r, enum occ_factor f, char *label, size_t size,
			struct derivation *d)
{
	snprintf(label, size, "%s", occ_label(r, f));
	if (label[0] >= 'a' && label[0] <= 'z')
		label[0] = (char)(label[0] - 'a' + 'A');
	derive_start(d, 0, "%s", label);
}

void derive_nvidia_limit(const struct gpu_arch *arch, const struct occ_input *in,
			 const struct occ_result *r, enum occ_factor f, struct derivation *d)
{
	char words[48];
	char label[32];

	derive_limit_start(r, f, label, sizeof(label), d);
	if ((unsigned)f >= OCC_N_FACTORS)
		return;
	if (r->warps_per_block <= 0) {
		/* occ_compute() stops here: every limit is 0. */
		derive_step(d, "A block of %d threads has no warps: nothing runs, 0 blocks",
		     in->threads_per_block);
	} else {
		switch (f) {
		case OCC_WARPS: derive_warps(arch, in, r, d); break;
		case OCC_BLOCKS: derive_blocks(arch, d); break;
		case OCC_REGISTERS: derive_registers(arch, in, r, d); break;
		case OCC_SHARED_MEM: derive_smem(arch, in, r, d); break;
		case OCC_BARRIERS: derive_barriers(arch, in, d); break;
		default: return;
		}
	}
	snprintf(d->title, sizeof(d->title), "%s: %s", label,
		 limit_words((int)d->value, words, sizeof(words)));
}

void derive_nvidia_occupancy(const struct gpu_arch *arch, const struct occ_input *in,
			     const struct occ_result *r, struct derivation *d)
{
	char list[160] = "", names[96] = "";
	int active = OCC_UNLIMITED, wpb = r->warps_per_block, warps;
	double pct;

	for (int f = 0; f < OCC_N_FACTORS; f++) {
		size_t len = strlen(list);
		if (r->block_limit[f] == OCC_UNLIMITED)
			snprintf(list + len, sizeof(list) - len, "%s%s none", f ? ", " : "",
				 occ_factor_label((enum occ_factor)f));
		else
			snprintf(list + len, sizeof(list) - len, "%s%s %d", f ? ", " : "",
				 occ_factor_label((enum occ_factor)f), r->block_limit[f]);
		if (r->block_limit[f] < active)
			active = r->block_limit[f];
	}
	for (int f = 0; f < OCC_N_FACTORS; f++) {
		size_t len = strlen(names);
		if (r->block_limit[f] == active)
			snprintf(names + len, sizeof(names) - len, "%s%s", names[0] ? ", " : "",
				 occ_factor_label((enum occ_factor)f));
	}
	warps = active * wpb;
	pct = 100.0 * warps / arch->max_warps_per_sm;
	derive_start(d, warps, "Occupancy: %d of %d warps per SM (%.1f%%)", warps, arch->max_warps_per_sm, pct);
	derive_step(d, "Block limits per SM: %s", list);
	if (active == 0)
		derive_step(d, "No block fits (%s): nothing runs", names);
	else
		derive_step(d, "Active blocks per SM: the smallest limit, %d (%s)", active, names);
	derive_step(d, "Active warps per SM: %d block%s x %d warps = %d", active, S(active), wpb, warps);
	derive_step(d, "Active threads per SM: %d block%s x %d threads = %lld", active, S(active),
	     in->threads_per_block, (long long)active * in->threads_per_block);
	derive_step(d, "Theoretical occupancy: %d of %d warps = %.1f%%", warps, arch->max_warps_per_sm, pct);
}

void derive_nvidia_waves(const struct gpu_arch *arch, const struct occ_result *r, int sm_count,
			 int64_t grid_size, const struct waves *w, struct derivation *d)
{
	int per_sm = r->active_blocks_per_sm;
	int64_t per_wave, full, partial, busy;

	(void)arch;

	if (per_sm <= 0 || sm_count <= 0 || grid_size <= 0) {
		derive_start(d, 0, "Waves: nothing runs");
		if (per_sm <= 0)
			derive_step(d, "No block fits on an SM: the grid never starts, 0 blocks per wave");
		else
			derive_step(d, "The grid has no blocks: 0 blocks per wave");
		return;
	}
	per_wave = (int64_t)sm_count * per_sm;
	full = grid_size / per_wave;
	partial = grid_size % per_wave;
	/* SMs with a block in the partial wave: the remainder is dealt round-robin. */
	busy = partial < sm_count ? partial : sm_count;
	derive_start(d, per_wave, "Waves: %lld blocks per wave, %.2f waves per SM", (long long)per_wave,
	      w->waves_per_sm);
	derive_step(d, "Blocks per wave: %d SMs x %d block%s per SM = %lld", sm_count, per_sm, S(per_sm),
	     (long long)per_wave);
	derive_step(d, "Waves per SM: %lld blocks / %lld = %.2f", (long long)grid_size, (long long)per_wave,
	     w->waves_per_sm);
	derive_step(d, "Full waves: floor(%lld / %lld) = %lld", (long long)grid_size, (long long)per_wave,
	     (long long)full);
	if (partial == 0) {
		derive_step(d, "No partial wave: %lld is a multiple of %lld", (long long)grid_size,
		     (long long)per_wave);
	} else {
		derive_step(d, "Partial wave: %lld - %lld x %lld = %lld block%s", (long long)grid_size,
		     (long long)full, (long long)per_wave, (long long)partial, S(partial));
		derive_step(d, "Tail share of the runtime (uniform block durations): 1 / %lld waves = %.1f%%",
		     (long long)(full + 1), w->tail_share_pct);
		derive_step(d, "Occupancy in the partial wave: %lld blocks x %d warps / %d SMs / %d warps "
		     "= %.1f%%", (long long)partial, r->warps_per_block, sm_count, r->max_warps_per_sm,
		     w->partial_wave_occupancy_pct);
	}
	derive_step(d, "Busy SM time: %lld full wave%s x %d SMs + %lld SM%s in the partial wave = %lld "
	     "block durations", (long long)full, S(full), sm_count, (long long)busy, S(busy),
	     (long long)(full * sm_count + busy));
	derive_step(d, "Predicted achieved occupancy: %lld blocks x %d warps / %lld / %d warps = %.1f%%",
	     (long long)grid_size, r->warps_per_block, (long long)(full * sm_count + busy),
	     r->max_warps_per_sm, w->predicted_achieved_pct);
}
