/* output_text.c - the --print text: occupancy table, charts, waves and findings
 * for each kernel, drawn into a canvas and written as text. */
#include "config.h"

#include "output.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "canvas.h"
#include "chart.h"
#include "strutil.h"
#include "sweep.h"

enum { CHART_H = 14, TEXT_LINE_MAX = 1024 };

/* Lines collected before the canvas size is known; a chart takes CHART_H rows. */
struct line {
	char text[TEXT_LINE_MAX];
	enum canvas_role role;
	int chart;   /* -1 for text, else the enum sweep_kind drawn here */
};

struct doc {
	struct line *lines;
	size_t n, cap;
	int width;
	bool oom;
};

static struct line *new_line(struct doc *d)
{
	if (d->n == d->cap) {
		size_t ncap = d->cap ? d->cap * 2 : 64;
		struct line *nl = realloc(d->lines, ncap * sizeof(*nl));
		if (!nl) {
			d->oom = true;
			return NULL;
		}
		d->lines = nl;
		d->cap = ncap;
	}
	d->lines[d->n] = (struct line){ .role = CANVAS_NORMAL, .chart = -1 };
	return &d->lines[d->n++];
}

__attribute__((format(printf, 3, 4)))
static void add(struct doc *d, enum canvas_role role, const char *fmt, ...)
{
	struct line *l = new_line(d);
	va_list ap;

	if (!l)
		return;
	l->role = role;
	va_start(ap, fmt);
	vsnprintf(l->text, sizeof(l->text), fmt, ap);
	va_end(ap);
}

/* A paragraph wrapped at word boundaries to the width, indented. */
static void wrap_as(struct doc *d, int indent, enum canvas_role role, const char *text)
{
	int room = d->width - indent;
	const char *p = text;

	if (room < 10)
		room = 10;
	while (*p) {
		int len = (int)strlen(p), cut = len;
		if (len > room) {
			cut = room;
			while (cut > 0 && p[cut] != ' ')
				cut--;
			if (cut == 0)
				cut = room;
		}
		add(d, role, "%*s%.*s", indent, "", cut, p);
		p += cut;
		while (*p == ' ')
			p++;
	}
}

static void wrap(struct doc *d, int indent, const char *text)
{
	wrap_as(d, indent, CANVAS_NORMAL, text);
}

static void limit_text(int limit, char *buf, size_t size)
{
	if (limit == OCC_UNLIMITED)
		str_copy(buf, size, "-");
	else
		snprintf(buf, size, "%d", limit);
}

/* ---- AMD: the same sections in AMD's words (CUs or WGPs, SIMDs, waves,
 * workgroups, work-items, VGPRs, AGPRs, SGPRs, LDS), worded as the explorer's
 * table pane words them. ---- */

enum { PHRASE_MAX = 12, PHRASE_LEN = 240 };

struct phrases {
	char s[PHRASE_MAX][PHRASE_LEN];
	int n;
};

__attribute__((format(printf, 2, 3)))
static void phrase(struct phrases *p, const char *fmt, ...)
{
	va_list ap;

	if (p->n == PHRASE_MAX)
		return;
	va_start(ap, fmt);
	vsnprintf(p->s[p->n++], PHRASE_LEN, fmt, ap);
	va_end(ap);
}

/* The phrases joined by ", " into lines no wider than the text: the first
 * line starts with lead, the next are indented as far; a phrase moves to the
 * next line whole, and only one longer than a line is cut, at a space.
 * Empties p for the next use. */
static void pack(struct doc *d, enum canvas_role role, const char *lead, struct phrases *p)
{
	char line[TEXT_LINE_MAX];
	size_t indent = strlen(lead), len;
	bool empty = true;

	if (indent > (size_t)d->width / 2)
		indent = (size_t)d->width / 2;
	snprintf(line, sizeof(line), "%s", lead);
	len = strlen(line);
	for (int i = 0; i < p->n; i++) {
		const char *text = p->s[i];
		/* A line that goes on below ends in a comma: room for it. */
		size_t room = (size_t)d->width - (i + 1 < p->n ? 1 : 0);

		for (;;) {
			size_t tlen = strlen(text), avail = room - indent, cut;
			if (len + tlen + (empty ? 0 : 2) <= room) {
				len += (size_t)snprintf(line + len, sizeof(line) - len, "%s%s",
							empty ? "" : ", ", text);
				empty = false;
				break;
			}
			if (!empty) {
				add(d, role, "%s,", line);
			} else {
				for (cut = avail; cut > 0 && text[cut] != ' '; cut--)
					;
				if (cut == 0)
					cut = avail;
				add(d, role, "%s%.*s", line, (int)cut, text);
				text += cut;
				while (*text == ' ')
					text++;
			}
			snprintf(line, sizeof(line), "%*s", (int)indent, "");
			len = indent;
			empty = true;
		}
	}
	add(d, role, "%s", line);
	p->n = 0;
}

/* occ_compute's mapping of the AMD factors onto the five table rows (occupancy.h). */
static const enum amd_factor amd_factor_of[OCC_N_FACTORS] = {
	[OCC_WARPS] = AMD_WAVES, [OCC_BLOCKS] = AMD_WORKGROUPS, [OCC_REGISTERS] = AMD_VGPRS,
	[OCC_SHARED_MEM] = AMD_LDS, [OCC_BARRIERS] = AMD_SGPRS,
};

static int amd_vgpr_file(const struct amd_arch *m, int wave)
{
	return wave == 32 ? m->vgprs_per_simd_wave32 : m->vgprs_per_simd_wave64;
}

static int amd_vgpr_granule(const struct amd_arch *m, int wave)
{
	return wave == 32 ? m->vgpr_granule_wave32 : m->vgpr_granule_wave64;
}

static void amd_header(struct doc *d, const struct analysis *a)
{
	const struct launch *l = &a->launch;
	const struct gpu *gpu = &a->gpu;
	const struct amd_arch *m = &gpu->arch.amd;
	struct phrases p = { .n = 0 };
	char kernel[300];

	str_sanitize(l->kernel, kernel, sizeof(kernel));
	add(d, CANVAS_HEADER, "Kernel %s", kernel);
	phrase(&p, "%s (%s, %s)", gpu->name, m->target, m->family);
	if (m->wgp_mode) {
		phrase(&p, "%d WGP%s (%d CUs)", gpu->sm_count, gpu->sm_count == 1 ? "" : "s",
		       gpu->sm_count * amd_cus_per_unit(m));
		phrase(&p, "WGP mode");
	} else {
		phrase(&p, "%d CU%s", gpu->sm_count, gpu->sm_count == 1 ? "" : "s");
	}
	pack(d, CANVAS_NORMAL, "GPU     ", &p);

	phrase(&p, "grid %lld workgroups (%lldx%lldx%lld)", (long long)launch_grid_size(l),
	       (long long)l->grid[0], (long long)l->grid[1], (long long)l->grid[2]);
	phrase(&p, "workgroup %d work-items (%dx%dx%d)", launch_threads_per_block(l), l->block[0],
	       l->block[1], l->block[2]);
	if (l->wave_size)
		phrase(&p, "wave%d", l->wave_size);
	else
		phrase(&p, "wave%d (%s's default)", m->default_wave_size, m->target);
	if (l->agprs > 0 || m->max_agprs_per_wave > 0)
		phrase(&p, "%d VGPRs and %d AGPRs per work-item", l->regs_per_thread, l->agprs);
	else
		phrase(&p, "%d VGPRs per work-item", l->regs_per_thread);
	if (l->sgprs > 0)
		phrase(&p, "%d SGPRs per wave", l->sgprs);
	else
		phrase(&p, "SGPRs per wave not given");
	phrase(&p, "LDS %lld B static + %lld B dynamic per workgroup",
	       (long long)l->static_smem_bytes, (long long)l->dynamic_smem_bytes);
	pack(d, CANVAS_NORMAL, "Launch  ", &p);
}

static void amd_table(struct doc *d, const struct analysis *a)
{
	const struct occ_result *r = &a->r;
	const struct amd_result *x = &r->amd;
	const struct gpu_arch *g = &a->gpu.arch;
	const struct amd_arch *m = &g->amd;
	const char *unit = gpu_unit(g);
	int simds = amd_simds_per_unit(m), wave = x->wave_size;
	struct phrases p = { .n = 0 };
	char label[48], waves[16], wgs[16], note[400];

	add(d, CANVAS_NORMAL, "%s", "");
	add(d, CANVAS_HEADER, "Occupancy");
	snprintf(label, sizeof(label), "Workgroups per %s", unit);
	add(d, CANVAS_NORMAL, "  %-23s%6d", label, r->active_blocks_per_sm);
	snprintf(label, sizeof(label), "Waves per %s", unit);
	add(d, CANVAS_NORMAL, "  %-23s%6d of %d", label, r->active_warps_per_sm, r->max_warps_per_sm);
	add(d, CANVAS_NORMAL, "  %-23s%6d of %d", "Waves per SIMD", x->fits ? x->waves_per_simd : 0,
	    x->max_waves_per_simd);
	snprintf(label, sizeof(label), "Work-items per %s", unit);
	add(d, CANVAS_NORMAL, "  %-23s%6d of %d", label, r->active_threads_per_sm,
	    r->max_warps_per_sm * wave);
	add(d, CANVAS_NORMAL, "  Theoretical occupancy  %6.1f%%", r->theoretical_occupancy_pct);

	/* Both limits of every factor: waves per SIMD, as LLVM and AMD's tools
	 * count occupancy, and workgroups per CU, which decide it. */
	add(d, CANVAS_NORMAL, "%s", "");
	add(d, CANVAS_HEADER, "  %-12s %5s %5s %-12s %9s %9s %10s %9s", "Limit", "waves", "wgs",
	    "   per wg", "used", "idle", "left over", "total");
	for (int i = 0; i < OCC_N_FACTORS; i++) {
		enum occ_factor f = (enum occ_factor)i;
		const struct occ_usage *u = &r->usage[f];
		int wl = x->wave_limit[amd_factor_of[f]];
		bool lim = occ_is_limiting(r, f);

		limit_text(r->block_limit[f], wgs, sizeof(wgs));
		if (wl == AMD_UNLIMITED)
			str_copy(waves, sizeof(waves), "-");
		else
			snprintf(waves, sizeof(waves), "%d", wl);
		/* SGPRs 0 are a count not given (every real kernel has VCC), not zero. */
		if (f == OCC_BARRIERS && (m->sgprs_per_simd == 0 || a->in.sgprs == 0)) {
			if (m->sgprs_per_simd == 0)
				snprintf(note, sizeof(note), "do not limit on %s", m->target);
			else
				str_copy(note, sizeof(note), "not given: not counted");
			add(d, CANVAS_DIM, "    %-10s %5s %5s  (%s)", occ_label(r, f), waves, wgs, note);
			continue;
		}
		add(d, lim ? CANVAS_LIMITER : CANVAS_NORMAL,
		    "  %c %-10s %5s %5s %7lld %-4s %9lld %9lld %10lld %9lld", lim ? '*' : ' ',
		    occ_label(r, f), waves, wgs, (long long)u->per_block, occ_unit(r, f),
		    (long long)u->used, (long long)u->idle, (long long)u->leftover, (long long)u->total);
	}
	snprintf(note, sizeof(note), "* limits; - never limits. waves: waves per SIMD, wgs: "
		 "workgroups per %s, that each limit allows on its own. VGPRs and SGPRs: per wave x "
		 "the workgroup's waves, of %d SIMDs' files (VGPRs per lane). idle: kept free by "
		 "another limit; left over: less than one more workgroup needs.", unit, simds);
	wrap_as(d, 2, CANVAS_DIM, note);

	add(d, CANVAS_NORMAL, "%s", "");
	add(d, CANVAS_HEADER, "Allocation");
	if (m->unified_vgpr_agpr && a->in.agprs > 0)
		phrase(&p, "%d per work-item (%d VGPRs rounded up to 4, then %d AGPRs, in granules "
		       "of %d)", x->vgprs_allocated, a->in.regs_per_thread, a->in.agprs,
		       amd_vgpr_granule(m, wave));
	else if (a->in.agprs > 0)
		phrase(&p, "%d per work-item (the larger of %d VGPRs and %d AGPRs, in granules of %d)",
		       x->vgprs_allocated, a->in.regs_per_thread, a->in.agprs,
		       amd_vgpr_granule(m, wave));
	else if (x->vgprs_allocated == a->in.regs_per_thread)
		phrase(&p, "%d per work-item (granule %d)", x->vgprs_allocated,
		       amd_vgpr_granule(m, wave));
	else if (a->in.regs_per_thread == 0)
		phrase(&p, "%d per work-item (none used: still one granule)", x->vgprs_allocated);
	else
		phrase(&p, "%d per work-item (%d rounded up to a multiple of %d)", x->vgprs_allocated,
		       a->in.regs_per_thread, amd_vgpr_granule(m, wave));
	phrase(&p, "x %d wave%s = %lld per workgroup", x->waves_per_workgroup,
	       x->waves_per_workgroup == 1 ? "" : "s", (long long)r->allocated_regs_per_block);
	phrase(&p, "of %d per SIMD lane in wave%d", amd_vgpr_file(m, wave), wave);
	pack(d, CANVAS_NORMAL, "  VGPRs    ", &p);
	if (m->sgprs_per_simd == 0) {
		phrase(&p, "do not limit occupancy on %s", m->target);
	} else if (a->in.sgprs == 0) {
		phrase(&p, "not given, so not counted (--sgprs N)");
		phrase(&p, "%d per SIMD", m->sgprs_per_simd);
	} else {
		phrase(&p, "%d per wave (granule %d)", x->sgprs_allocated, m->sgpr_granule);
		phrase(&p, "x %d wave%s = %lld per workgroup", x->waves_per_workgroup,
		       x->waves_per_workgroup == 1 ? "" : "s",
		       (long long)x->sgprs_allocated * x->waves_per_workgroup);
		phrase(&p, "of %d per SIMD", m->sgprs_per_simd);
	}
	pack(d, CANVAS_NORMAL, "  SGPRs    ", &p);
	phrase(&p, "%lld B per workgroup (granule %d B)", (long long)x->lds_allocated,
	       m->lds_granule_bytes);
	phrase(&p, "of %lld B per %s", (long long)g->smem_per_sm_bytes, unit);
	pack(d, CANVAS_NORMAL, "  LDS      ", &p);
	phrase(&p, "Best workgroup size %d (most work-items per %s)", a->best_block_size, unit);
	phrase(&p, "min. grid %lld", (long long)a->min_grid_full_occupancy);
	pack(d, CANVAS_NORMAL, "  ", &p);

	add(d, CANVAS_NORMAL, "%s", "");
	if (m->wgp_mode)
		add(d, CANVAS_HEADER, "GPU limits (per WGP of %d CUs unless said)", amd_cus_per_unit(m));
	else
		add(d, CANVAS_HEADER, "GPU limits (per CU unless said)");
	phrase(&p, "%d SIMDs x %d slots = %d", simds, m->max_waves_per_simd,
	       simds * m->max_waves_per_simd);
	if (m->wave32 && m->wave64)
		phrase(&p, "wave%d (default) or wave%d", m->default_wave_size,
		       m->default_wave_size == 32 ? 64 : 32);
	else
		phrase(&p, "wave%d only", m->default_wave_size);
	pack(d, CANVAS_NORMAL, "  Waves      ", &p);
	phrase(&p, "%d of 2 or more waves (1-wave workgroups do not count)",
	       m->max_workgroups_per_cu * amd_cus_per_unit(m));
	phrase(&p, "up to %d work-items each", m->max_workgroup_size);
	pack(d, CANVAS_NORMAL, "  Workgroups ", &p);
	if (m->wave32)
		phrase(&p, "%d per SIMD lane in wave32 (granule %d)", m->vgprs_per_simd_wave32,
		       m->vgpr_granule_wave32);
	if (m->wave64)
		phrase(&p, "%d per SIMD lane in wave64 (granule %d)", m->vgprs_per_simd_wave64,
		       m->vgpr_granule_wave64);
	phrase(&p, "%d per work-item", m->max_vgprs_per_wave);
	pack(d, CANVAS_NORMAL, "  VGPRs      ", &p);
	if (m->max_agprs_per_wave > 0) {
		phrase(&p, "%d per work-item", m->max_agprs_per_wave);
		phrase(&p, m->unified_vgpr_agpr ? "in the VGPR file, after the VGPRs"
		       : "a file of their own beside the VGPRs");
		pack(d, CANVAS_NORMAL, "  AGPRs      ", &p);
	}
	if (m->sgprs_per_simd > 0)
		phrase(&p, "%d per SIMD (granule %d)", m->sgprs_per_simd, m->sgpr_granule);
	else
		phrase(&p, "not an occupancy limit");
	phrase(&p, "%d per wave", m->max_sgprs_per_wave);
	pack(d, CANVAS_NORMAL, "  SGPRs      ", &p);
	phrase(&p, "%lld B", (long long)g->smem_per_sm_bytes);
	phrase(&p, "%d B per workgroup (granule %d B)", m->max_lds_per_workgroup_bytes,
	       m->lds_granule_bytes);
	pack(d, CANVAS_NORMAL, "  LDS        ", &p);
}

/* "Waves" of workgroups over the whole GPU: not wavefronts, so said. */
static void amd_waves_section(struct doc *d, const struct analysis *a)
{
	const struct waves *w = &a->w;
	const char *units = gpu_units(&a->gpu.arch);

	add(d, CANVAS_NORMAL, "%s", "");
	add(d, CANVAS_HEADER, "Grid waves (rounds of workgroups over all %s, not wavefronts)", units);
	add(d, CANVAS_NORMAL, "  Workgroups per wave  %lld (%d %s x %d)", (long long)w->blocks_per_wave,
	    a->gpu.sm_count, units, a->r.active_blocks_per_sm);
	add(d, CANVAS_NORMAL, "  Grid waves           %.2f (%lld full, partial wave of %lld workgroups)",
	    w->waves_per_sm, (long long)w->full_waves, (long long)w->partial_wave_blocks);
	add(d, CANVAS_NORMAL, "  Tail share           %.1f%% of runtime (uniform workgroup durations)",
	    w->tail_share_pct);
	add(d, CANVAS_NORMAL, "  Predicted achieved occupancy  %.1f%%", w->predicted_achieved_pct);
}

static void header(struct doc *d, const struct analysis *a)
{
	const struct launch *l = &a->launch;
	char kernel[300], cc[16], carve[16];

	if (a->gpu.arch.vendor == GPU_AMD) {
		amd_header(d, a);
		return;
	}
	str_sanitize(l->kernel, kernel, sizeof(kernel));
	add(d, CANVAS_HEADER, "Kernel %s", kernel);
	gpu_arch_cc_string(&a->gpu.arch, cc, sizeof(cc));
	if (!a->gpu.name[0]) {
		/* The GPU was not found (the error below says why). */
		str_sanitize(l->gpu_name, kernel, sizeof(kernel));
		add(d, CANVAS_NORMAL, "GPU     %s", kernel[0] ? kernel : "(none)");
	} else {
		add(d, CANVAS_NORMAL, "GPU     %s (%s, cc %s, %s), %d SM%s", a->gpu.name,
		    a->gpu.arch.arch, cc, a->gpu.arch.family, a->gpu.sm_count,
		    a->gpu.sm_count == 1 ? "" : "s");
	}
	if (l->carveout_pct == LAUNCH_CARVEOUT_DEFAULT)
		str_copy(carve, sizeof(carve), "default");
	else
		snprintf(carve, sizeof(carve), "%d%%", l->carveout_pct);
	if (!a->ok && a->report.present && (launch_grid_size(l) == 0 ||
					    launch_threads_per_block(l) == 0 || l->regs_per_thread == 0)) {
		/* A record whose report lacks launch parameters (nvprof --metrics,
		 * the CUDA profiler log): what it has, n/a for the rest. */
		char grid[48] = "n/a", block[48] = "n/a", regs[24] = "n/a";

		if (launch_grid_size(l) > 0)
			snprintf(grid, sizeof(grid), "%lld (%lldx%lldx%lld)",
				 (long long)launch_grid_size(l), (long long)l->grid[0],
				 (long long)l->grid[1], (long long)l->grid[2]);
		if (launch_threads_per_block(l) > 0)
			snprintf(block, sizeof(block), "%d (%dx%dx%d)", launch_threads_per_block(l),
				 l->block[0], l->block[1], l->block[2]);
		if (l->regs_per_thread > 0)
			snprintf(regs, sizeof(regs), "%d", l->regs_per_thread);
		add(d, CANVAS_NORMAL, "Launch  grid %s, block %s, registers/thread %s", grid, block,
		    regs);
		return;
	}
	add(d, CANVAS_NORMAL, "Launch  grid %lld (%lldx%lldx%lld), block %d (%dx%dx%d), %d registers/thread",
	    (long long)launch_grid_size(l), (long long)l->grid[0], (long long)l->grid[1],
	    (long long)l->grid[2], launch_threads_per_block(l), l->block[0], l->block[1], l->block[2],
	    l->regs_per_thread);
	add(d, CANVAS_NORMAL, "        shared memory %lld B static + %lld B dynamic, carveout %s, %d barrier%s",
	    (long long)l->static_smem_bytes, (long long)l->dynamic_smem_bytes, carve, l->barriers,
	    l->barriers == 1 ? "" : "s");
}

static void table(struct doc *d, const struct analysis *a)
{
	const struct occ_result *r = &a->r;
	const struct gpu_arch *g = &a->gpu.arch;
	char lim[16];

	if (g->vendor == GPU_AMD) {
		amd_table(d, a);
		return;
	}
	add(d, CANVAS_NORMAL, "%s", "");
	add(d, CANVAS_HEADER, "Occupancy");
	add(d, CANVAS_NORMAL, "  Active blocks per SM   %6d", r->active_blocks_per_sm);
	add(d, CANVAS_NORMAL, "  Active warps per SM    %6d of %d", r->active_warps_per_sm, r->max_warps_per_sm);
	add(d, CANVAS_NORMAL, "  Active threads per SM  %6d of %d", r->active_threads_per_sm, g->max_threads_per_sm);
	add(d, CANVAS_NORMAL, "  Theoretical occupancy  %6.1f%%", r->theoretical_occupancy_pct);
	add(d, CANVAS_NORMAL, "%s", "");
	add(d, CANVAS_HEADER, "  Limit            blocks  per block      used      idle  left over     total");
	for (int f = 0; f < OCC_N_FACTORS; f++) {
		const struct occ_usage *u = &r->usage[f];
		bool lim_f = occ_is_limiting(r, (enum occ_factor)f);
		limit_text(r->block_limit[f], lim, sizeof(lim));
		if (f == OCC_BARRIERS && g->vendor == GPU_AMD && g->amd.sgprs_per_simd == 0) {
			add(d, CANVAS_DIM, "    %-14s %6s  (SGPRs do not limit on %s)", occ_label(r, (enum occ_factor)f),
			    lim, g->arch);
			continue;
		}
		if (f == OCC_BARRIERS && g->vendor != GPU_AMD && g->barriers_per_sm == 0) {
			add(d, CANVAS_DIM, "    %-14s %6s  (not a limit before cc 9.0)", occ_factor_label((enum occ_factor)f), lim);
			continue;
		}
		add(d, lim_f ? CANVAS_LIMITER : CANVAS_NORMAL, "  %c %-13s %6s %8lld %-4s %9lld %9lld %10lld %9lld",
		    lim_f ? '*' : ' ', occ_label(r, (enum occ_factor)f), lim, (long long)u->per_block,
		    occ_unit(r, (enum occ_factor)f), (long long)u->used, (long long)u->idle,
		    (long long)u->leftover, (long long)u->total);
	}
	add(d, CANVAS_DIM, "  * limits; - never limits. idle: kept free by another limit;");
	add(d, CANVAS_DIM, "  left over: less than one more block needs.");
	add(d, CANVAS_NORMAL, "%s", "");
	add(d, CANVAS_HEADER, "Allocation");
	add(d, CANVAS_NORMAL, "  Registers      %d per warp (unit %d), %lld per block",
	    r->regs_per_warp_allocated, g->reg_alloc_unit, (long long)r->allocated_regs_per_block);
	add(d, CANVAS_NORMAL, "  Shared memory  %lld B per block (unit %d B, %d B reserved by the driver)",
	    (long long)r->allocated_smem_per_block, g->smem_alloc_unit_bytes, g->smem_reserved_per_block_bytes);
	if (g->n_smem_configs > 1) {
		char configs[160] = "";
		size_t len = 0;
		for (int i = 0; i < g->n_smem_configs && len < sizeof(configs); i++)
			len += (size_t)snprintf(configs + len, sizeof(configs) - len, "%s%lld", i ? "/" : "",
						(long long)(g->smem_configs_bytes[i] / 1024));
		if (r->smem_config_from_driver)
			add(d, CANVAS_NORMAL, "  Configuration  %lld KB per SM (the driver's choice, as the report says)",
			    (long long)(r->smem_config_bytes / 1024));
		else
			add(d, CANVAS_NORMAL, "  Configuration  %lld KB per SM (preference %lld KB)",
			    (long long)(r->smem_config_bytes / 1024), (long long)(r->smem_preference_bytes / 1024));
		add(d, CANVAS_NORMAL, "                 carveout choices %s KB", configs);
	} else {
		add(d, CANVAS_NORMAL, "  Configuration  %lld KB per SM (fixed)", (long long)(r->smem_config_bytes / 1024));
	}
	add(d, CANVAS_NORMAL, "  Best block size %d (cudaOccupancyMaxPotentialBlockSize), min. grid %lld",
	    a->best_block_size, (long long)a->min_grid_full_occupancy);
	add(d, CANVAS_NORMAL, "%s", "");
	add(d, CANVAS_HEADER, "GPU limits (per SM unless said)");
	add(d, CANVAS_NORMAL, "  warp size %d, threads %d, warps %d, blocks %d, threads per block %d",
	    g->warp_size, g->max_threads_per_sm, g->max_warps_per_sm, g->max_blocks_per_sm,
	    g->max_threads_per_block);
	add(d, CANVAS_NORMAL, "  registers %d (%d sub-partitions), per block %d, per thread %d",
	    g->regs_per_sm, g->sm_subpartitions, g->regs_per_block, g->max_regs_per_thread);
	add(d, CANVAS_NORMAL, "  shared memory %lld B, per block %lld B (opt-in %lld B)%s",
	    (long long)g->smem_per_sm_bytes, (long long)g->smem_per_block_bytes,
	    (long long)g->smem_per_block_optin_bytes, g->barriers_per_sm ? "," : "");
	if (g->barriers_per_sm)
		add(d, CANVAS_NORMAL, "  barriers %d", g->barriers_per_sm);
}

static void waves_section(struct doc *d, const struct analysis *a)
{
	const struct waves *w = &a->w;

	if (a->gpu.arch.vendor == GPU_AMD) {
		amd_waves_section(d, a);
		return;
	}
	add(d, CANVAS_NORMAL, "%s", "");
	add(d, CANVAS_HEADER, "Waves");
	add(d, CANVAS_NORMAL, "  Blocks per wave  %lld (%d SMs x %d)", (long long)w->blocks_per_wave,
	    a->gpu.sm_count, a->r.active_blocks_per_sm);
	add(d, CANVAS_NORMAL, "  Waves per SM     %.2f (%lld full, partial wave of %lld blocks)",
	    w->waves_per_sm, (long long)w->full_waves, (long long)w->partial_wave_blocks);
	add(d, CANVAS_NORMAL, "  Tail share       %.1f%% of runtime (uniform block durations)", w->tail_share_pct);
	add(d, CANVAS_NORMAL, "  Predicted achieved occupancy  %.1f%%", w->predicted_achieved_pct);
}

/* A kernel record's own figures and the cross-check; "n/a" where absent. */
static void report_section(struct doc *d, const struct analysis *a)
{
	const struct crosscheck_record *p = &a->report;
	const struct crosscheck *c = &p->check;
	char device[sizeof(p->device) * 4], buf[160];

	if (!p->present)
		return;
	add(d, CANVAS_NORMAL, "%s", "");
	add(d, CANVAS_HEADER, "Report");
	str_sanitize(p->device, device, sizeof(device));
	if (p->sm_count.present)
		snprintf(buf, sizeof(buf), ", %lld %s", (long long)p->sm_count.value, gpu_units(&a->gpu.arch));
	else
		buf[0] = '\0';
	add(d, CANVAS_NORMAL, "  Device as reported      %s%s%s", device[0] ? device : "n/a", buf,
	    p->device_unknown ? " (not in the GPU database)" : "");
	if (p->db_sm_count > 0)
		add(d, CANVAS_WARNING, "                          the database says %d %s; the report's count is used",
		    p->db_sm_count, gpu_units(&a->gpu.arch));
	if (p->achieved_occupancy_pct.present && p->achieved_active_warps.present && a->ok)
		add(d, CANVAS_NORMAL, "  Achieved occupancy      %.2f%% (%.2f warps per %s), theoretical %.2f%%",
		    p->achieved_occupancy_pct.value, p->achieved_active_warps.value,
		    gpu_unit(&a->gpu.arch), a->r.theoretical_occupancy_pct);
	else if (p->achieved_occupancy_pct.present && a->ok)
		add(d, CANVAS_NORMAL, "  Achieved occupancy      %.2f%%, theoretical %.2f%%",
		    p->achieved_occupancy_pct.value, a->r.theoretical_occupancy_pct);
	else if (p->achieved_occupancy_pct.present)
		add(d, CANVAS_NORMAL, "  Achieved occupancy      %.2f%%", p->achieved_occupancy_pct.value);
	else
		add(d, CANVAS_NORMAL, "  Achieved occupancy      n/a");
	if (p->duration_ns.present)
		add(d, CANVAS_NORMAL, "  Duration                %.0f ns", p->duration_ns.value);
	else
		add(d, CANVAS_NORMAL, "  Duration                n/a");
	if (!a->ok)
		return;   /* nothing computed: only what the report measured */
	if (p->smem_config_bytes.present)
		add(d, CANVAS_NORMAL, "  Shared memory config    %lld B per SM, the driver's choice%s",
		    (long long)p->smem_config_bytes.value,
		    a->r.smem_config_from_driver ? " (used)" : " (not used: the launch was changed)");
	else
		add(d, CANVAS_NORMAL, "  Shared memory config    n/a");
	if (p->driver_smem_bytes.present)
		add(d, CANVAS_NORMAL, "  Driver shared memory    %lld B per block (occview reserves %d B)",
		    (long long)p->driver_smem_bytes.value, a->gpu.arch.smem_reserved_per_block_bytes);
	if (p->launch_given) {
		add(d, CANVAS_DIM, "  Cross-check             not done: flags changed the launch or the GPU");
	} else if (c->compared == 0) {
		add(d, CANVAS_DIM, "  Cross-check             n/a (the report has no occupancy figures of its own)");
	} else if (c->disagree == 0) {
		add(d, CANVAS_NORMAL, "  Cross-check             agrees with Nsight Compute on %d value%s",
		    crosscheck_count(c->compared), crosscheck_count(c->compared) == 1 ? "" : "s");
	} else {
		add(d, CANVAS_WARNING, "  Cross-check             %d of %d values disagree with Nsight Compute:",
		    crosscheck_count(c->disagree), crosscheck_count(c->compared));
		for (int f = 0; f < CROSSCHECK_N_FIELDS; f++) {
			char rep[32], occ[32];
			if (!crosscheck_differs(c, (enum crosscheck_field)f))
				continue;
			crosscheck_value_text((enum crosscheck_field)f, c->report[f], rep, sizeof(rep));
			crosscheck_value_text((enum crosscheck_field)f, c->occview[f], occ, sizeof(occ));
			add(d, CANVAS_WARNING, "    %s: Nsight Compute %s, occview %s",
			    crosscheck_label((enum crosscheck_field)f), rep, occ);
		}
	}
}

static void findings_section(struct doc *d, const struct analysis *a)
{
	add(d, CANVAS_NORMAL, "%s", "");
	add(d, CANVAS_HEADER, "Findings");
	for (int i = 0; i < a->n_findings; i++) {
		const struct finding *f = &a->findings[i];
		add(d, f->severity == RULES_INFO ? CANVAS_NORMAL : CANVAS_WARNING, "  [%s] %s",
		    rules_severity_key(f->severity), f->title);
		wrap(d, 4, f->text);
	}
}

static void charts(struct doc *d)
{
	for (int k = 0; k < SWEEP_N_BASIC; k++) {
		struct line *l;
		add(d, CANVAS_NORMAL, "%s", "");
		l = new_line(d);
		if (l)
			l->chart = k;
	}
}

struct canvas *output_text_canvas(const struct analysis *a, const struct output_options *o)
{
	struct doc d = { .width = o->width < OUTPUT_MIN_WIDTH ? OUTPUT_MIN_WIDTH : o->width };
	struct canvas *c = NULL;
	int rows = 0, y = 0;

	header(&d, a);
	if (!a->ok) {
		char msg[700], line[720];
		occ_error_format(&a->error, msg, sizeof(msg));
		snprintf(line, sizeof(line), "error: %s", msg);
		wrap_as(&d, 0, CANVAS_WARNING, line);
		report_section(&d, a);
	} else {
		table(&d, a);
		charts(&d);
		waves_section(&d, a);
		report_section(&d, a);
		findings_section(&d, a);
	}
	for (size_t i = 0; i < d.n; i++)
		rows += d.lines[i].chart >= 0 ? CHART_H : 1;
	if (!d.oom)
		c = canvas_new(d.width, rows, o->ascii);
	for (size_t i = 0; c && i < d.n; i++) {
		const struct line *l = &d.lines[i];
		if (l->chart < 0) {
			canvas_text(c, 0, y++, d.width, l->role, l->text);
			continue;
		}
		struct sweep s;
		if (sweep_compute(&a->gpu.arch, &a->in, (enum sweep_kind)l->chart, &s)) {
			chart_draw(c, 0, y, d.width, CHART_H, &s, false);
			sweep_done(&s);
		}
		y += CHART_H;
	}
	free(d.lines);
	return c;
}

void output_text(FILE *out, const struct analysis *items, size_t n, const struct output_options *o)
{
	for (size_t i = 0; i < n; i++) {
		struct canvas *c = output_text_canvas(&items[i], o);
		if (i > 0)
			fputc('\n', out);
		if (!c) {
			fputs("occview: out of memory\n", out);
			continue;
		}
		canvas_write(c, out);
		canvas_free(c);
	}
}
