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
static void wrap(struct doc *d, int indent, const char *text)
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
		add(d, CANVAS_NORMAL, "%*s%.*s", indent, "", cut, p);
		p += cut;
		while (*p == ' ')
			p++;
	}
}

static void limit_text(int limit, char *buf, size_t size)
{
	if (limit == OCC_UNLIMITED)
		str_copy(buf, size, "-");
	else
		snprintf(buf, size, "%d", limit);
}

static void header(struct doc *d, const struct analysis *a)
{
	const struct launch *l = &a->launch;
	char kernel[300], cc[16], carve[16];

	str_sanitize(l->kernel, kernel, sizeof(kernel));
	add(d, CANVAS_HEADER, "Kernel %s", kernel);
	gpu_arch_cc_string(&a->gpu.arch, cc, sizeof(cc));
	add(d, CANVAS_NORMAL, "GPU     %s (%s, cc %s, %s), %d SM%s", a->gpu.name, a->gpu.arch.arch, cc,
	    a->gpu.arch.family, a->gpu.sm_count, a->gpu.sm_count == 1 ? "" : "s");
	if (l->carveout_pct == LAUNCH_CARVEOUT_DEFAULT)
		str_copy(carve, sizeof(carve), "default");
	else
		snprintf(carve, sizeof(carve), "%d%%", l->carveout_pct);
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

	add(d, CANVAS_NORMAL, "%s", "");
	add(d, CANVAS_HEADER, "Waves");
	add(d, CANVAS_NORMAL, "  Blocks per wave  %lld (%d SMs x %d)", (long long)w->blocks_per_wave,
	    a->gpu.sm_count, a->r.active_blocks_per_sm);
	add(d, CANVAS_NORMAL, "  Waves per SM     %.2f (%lld full, partial wave of %lld blocks)",
	    w->waves_per_sm, (long long)w->full_waves, (long long)w->partial_wave_blocks);
	add(d, CANVAS_NORMAL, "  Tail share       %.1f%% of runtime (uniform block durations)", w->tail_share_pct);
	add(d, CANVAS_NORMAL, "  Predicted achieved occupancy  %.1f%%", w->predicted_achieved_pct);
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
		char msg[700];
		occ_error_format(&a->error, msg, sizeof(msg));
		add(&d, CANVAS_WARNING, "error: %s", msg);
	} else {
		table(&d, a);
		charts(&d);
		waves_section(&d, a);
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
