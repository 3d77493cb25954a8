/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* engine.c - the three engines' tables, engine_of, and the front doors that
 * go through them: launch_limits, launch_check, occ_compute, occ_vary_*,
 * derive_*. */
#include "config.h"

#include "engine.h"

#include <stddef.h>
#include <string.h>

static const struct engine_words nvidia_words = {
	.vendor = "NVIDIA", .key = "nvidia", .arch_kind = "compute capability", .arch_short = "cc",
	.unit = "SM", .units = "SMs", .a_unit = "an SM", .scheduler = "scheduler",
	.schedulers = "schedulers", .a_block = "a block", .Warps = "Warps",
	.gpu_waves = "Waves", .wave = "wave", .waves = "waves", .waves_count = "per SM",
	.warp = "warp", .warps = "warps", .a_warp = "a warp", .a_reg = "a register",
	.block = "block", .blocks = "blocks", .Block = "Block", .Blocks = "Blocks",
	.thread = "thread", .threads = "threads", .reg = "register", .regs = "registers",
	.smem = "shared memory", .block_short = "block", .regs_short = "regs",
	.smem_short = "shared", .block_size = "block size", .quotes_profiler_rules = true,
};

#define AMD_WORDS(unit_, units_, a_unit_, reg_, regs_, a_reg_) { \
	.vendor = "AMD", .key = "amd", .arch_kind = "target", .arch_short = "", \
	.unit = unit_, .units = units_, .a_unit = a_unit_, .scheduler = "SIMD", \
	.schedulers = "SIMDs", .a_block = "a workgroup", .Warps = "Waves", \
	.gpu_waves = "GPU waves (rounds of workgroups, not wavefronts)", \
	.wave = "GPU wave", .waves = "GPU waves", .waves_count = "in all", \
	.warp = "wave", .warps = "waves", .a_warp = "a wave", .a_reg = a_reg_, \
	.block = "workgroup", .blocks = "workgroups", .Block = "Workgroup", \
	.Blocks = "Workgroups", .thread = "work-item", .threads = "work-items", \
	.reg = reg_, .regs = regs_, .smem = "LDS", .block_short = "wg", .regs_short = regs_, \
	.smem_short = "LDS", .block_size = "workgroup size", }

static const struct engine_words amd_cu_words = AMD_WORDS("CU", "CUs", "a CU", "VGPR", "VGPRs",
									"a VGPR");
static const struct engine_words amd_wgp_words = AMD_WORDS("WGP", "WGPs", "a WGP", "VGPR", "VGPRs",
									 "a VGPR");
static const struct engine_words terascale_words = AMD_WORDS("CU", "CUs", "a CU", "GPR", "GPRs",
									   "a GPR");

/* The fields engine_words_compose takes, by name. */
#define WORD_FIELD(f) { #f, offsetof(struct engine_words, f) }
static const struct {
	const char *name;
	size_t offset;
} word_fields[] = {
	WORD_FIELD(vendor), WORD_FIELD(arch_kind), WORD_FIELD(unit), WORD_FIELD(units),
	WORD_FIELD(a_unit), WORD_FIELD(scheduler), WORD_FIELD(schedulers), WORD_FIELD(warp),
	WORD_FIELD(warps), WORD_FIELD(a_warp), WORD_FIELD(Warps), WORD_FIELD(wave),
	WORD_FIELD(waves), WORD_FIELD(block), WORD_FIELD(blocks), WORD_FIELD(Block),
	WORD_FIELD(Blocks), WORD_FIELD(a_block), WORD_FIELD(thread), WORD_FIELD(threads),
	WORD_FIELD(reg), WORD_FIELD(regs), WORD_FIELD(a_reg), WORD_FIELD(smem),
	WORD_FIELD(block_size),
};
#undef WORD_FIELD

static const char *word_named(const struct engine_words *w, const char *name, size_t len)
{
	for (size_t i = 0; i < sizeof(word_fields) / sizeof(word_fields[0]); i++)
		if (strlen(word_fields[i].name) == len && memcmp(word_fields[i].name, name, len) == 0)
			return *(const char *const *)(const void *)((const char *)w +
								 word_fields[i].offset);
	return NULL;
}

bool engine_words_compose(const struct engine_words *w, const char *tmpl, char *buf,
			  size_t size)
{
	size_t n = 0;
	bool ok = true;

	if (size == 0)
		return false;
	while (*tmpl) {
		const char *piece = tmpl, *close = NULL, *word;
		size_t len = 1;

		if (*tmpl == '{')
			close = strchr(tmpl, '}');
		if (close && (word = word_named(w, tmpl + 1, (size_t)(close - tmpl - 1)))) {
			piece = word;
			len = strlen(word);
			tmpl = close + 1;
		} else {
			ok = ok && !close;
			tmpl++;
		}
		if (n + len >= size) {
			buf[n] = '\0';
			return false;
		}
		memcpy(buf + n, piece, len);
		n += len;
	}
	buf[n] = '\0';
	return ok;
}

static const struct engine_words *nvidia_words_of(const struct gpu_arch *a)
{
	(void)a;
	return &nvidia_words;
}

/* RDNA in WGP mode counts on the WGP (amd_arch.wgp_mode). */
static const struct engine_words *amd_words_of(const struct gpu_arch *a)
{
	return a && a->amd.wgp_mode ? &amd_wgp_words : &amd_cu_words;
}

static const struct engine_words *terascale_words_of(const struct gpu_arch *a)
{
	(void)a;
	return &terascale_words;
}

const struct engine engine_nvidia = {
	.family = ENGINE_NVIDIA, .name = "NVIDIA",
	.compute = occ_nvidia_compute, .vary_init = occ_nvidia_vary_init,
	.vary_at = occ_nvidia_vary_at, .sweep = occ_nvidia_sweep,
	.derive_limit = derive_nvidia_limit,
	.derive_occupancy = derive_nvidia_occupancy, .derive_waves = derive_nvidia_waves,
	.allocation = engine_nvidia_allocation, .gpu_limits = engine_nvidia_gpu_limits,
	.limits = engine_nvidia_limits, .partition_min = engine_nvidia_partition_min,
	.check_launch = engine_nvidia_check_launch,
	.words = nvidia_words_of, .registers_advice = engine_nvidia_registers_advice,
	.wave_limits = false, .simd_waves = false, .scheduler_stats = true,
	.profiler_block_limits = true,
};

const struct engine engine_amd = {
	.family = ENGINE_AMD, .name = "AMD GCN/CDNA/RDNA",
	.compute = occ_amd_compute, .vary_init = occ_amd_vary_init, .vary_at = occ_amd_vary_at,
	.sweep = occ_amd_sweep,
	.derive_limit = derive_amd_limit, .derive_occupancy = derive_amd_occupancy,
	.derive_waves = derive_amd_waves, .words = amd_words_of,
	.limits = engine_amd_limits, .partition_min = engine_amd_partition_min,
	.check_launch = engine_amd_check_launch,
	.allocation = engine_amd_allocation,
	.gpu_limits = engine_amd_gpu_limits,
	.registers_advice = engine_amd_registers_advice,
	.wave_limits = true, .simd_waves = true, .scheduler_stats = false,
};

/* TeraScale goes through amd_compute, which hands a VLIW target to
 * terascale_compute; a CU is one SIMD engine. */
const struct engine engine_terascale = {
	.family = ENGINE_TERASCALE, .name = "AMD TeraScale",
	.compute = occ_amd_compute, .vary_init = occ_amd_vary_init, .vary_at = occ_amd_vary_at,
	.sweep = occ_amd_sweep,
	.derive_limit = derive_amd_limit, .derive_occupancy = derive_amd_occupancy,
	.derive_waves = derive_amd_waves, .words = terascale_words_of,
	.limits = engine_amd_limits, .partition_min = engine_amd_partition_min,
	.check_launch = engine_vliw_check_launch,
	.allocation = engine_vliw_allocation,
	.gpu_limits = engine_vliw_gpu_limits,
	.registers_advice = engine_amd_registers_advice,
	.wave_limits = true, .simd_waves = false, .scheduler_stats = false,
};

const struct engine *engine_of(const struct gpu_arch *a)
{
	if (a && a->vendor == GPU_AMD)
		return a->amd.vliw ? &engine_terascale : &engine_amd;
	return &engine_nvidia;
}

const struct engine *engine_of_result(const struct occ_result *r)
{
	return r && r->engine ? r->engine : &engine_nvidia;
}

const struct engine_words *engine_words(const struct gpu_arch *a)
{
	return engine_of(a)->words(a);
}

const struct engine_words *engine_result_words(const struct occ_result *r)
{
	return r && r->words ? r->words : &nvidia_words;
}

int engine_schedulers_per_unit(const struct gpu_arch *a)
{
	return engine_of(a)->family == ENGINE_NVIDIA ? a->sm_subpartitions
		: amd_simds_per_unit(&a->amd);
}


/* ---- the front doors */

void engine_allocation(const struct engine_fact_args *args, struct engine_facts *out)
{
	memset(out, 0, sizeof(*out));
	engine_of(args->arch)->allocation(out, args);
}

void engine_gpu_limits(const struct gpu_arch *arch, struct engine_facts *out)
{
	const struct engine_fact_args args = { .arch = arch, .dropped_config_bytes = -1 };

	memset(out, 0, sizeof(*out));
	engine_of(arch)->gpu_limits(out, &args);
}

void launch_limits(const struct gpu *gpu, struct launch_limits *out)
{
	engine_of(&gpu->arch)->limits(gpu, out);
}

int launch_partition_min(const struct gpu_arch *a)
{
	return engine_of(a)->partition_min(a);
}

bool launch_check(const struct launch *l, const struct gpu *gpu, const char *file, long line,
		  struct occ_error *err)
{
	return engine_of(&gpu->arch)->check_launch(l, gpu, file, line, err);
}

void occ_compute(const struct gpu_arch *a, const struct occ_input *in, struct occ_result *r)
{
	const struct engine *e = engine_of(a);

	*r = (struct occ_result){ 0 };
	r->vendor = a->vendor;
	r->engine = e;
	r->words = e->words(a);
	e->compute(a, in, r);
}

void occ_vary_init(struct occ_vary *v, const struct gpu_arch *a, const struct occ_input *in,
		   enum occ_param p)
{
	const struct engine *e = engine_of(a);

	*v = (struct occ_vary){ .arch = a, .in = *in, .param = p, .at = e->vary_at,
				.others_min = OCC_UNLIMITED };
	e->vary_init(v);
}

int occ_sweep(const struct gpu_arch *a, const struct occ_input *in, enum occ_param p,
	      const struct occ_series *s, struct occ_run *out, int max)
{
	if (s->n <= 0 || max <= 0)
		return 0;
	return engine_of(a)->sweep(a, in, p, s, out, max);
}

void derive_limit(const struct gpu_arch *arch, const struct occ_input *in,
		  const struct occ_result *r, enum occ_factor f, struct derivation *d)
{
	engine_of(arch)->derive_limit(arch, in, r, f, d);
}

void derive_occupancy(const struct gpu_arch *arch, const struct occ_input *in,
		      const struct occ_result *r, struct derivation *d)
{
	engine_of(arch)->derive_occupancy(arch, in, r, d);
}

/* arch may be NULL (derive.h): r's own engine then. */
void derive_waves(const struct gpu_arch *arch, const struct occ_result *r, int sm_count,
		  int64_t grid_size, const struct waves *w, struct derivation *d)
{
	const struct engine *e = arch ? engine_of(arch) : r->engine ? r->engine : &engine_nvidia;

	e->derive_waves(arch, r, sm_count, grid_size, w, d);
}

int derive_all(const struct gpu_arch *arch, const struct occ_input *in, const struct occ_result *r,
	       int sm_count, int64_t grid_size, const struct waves *w,
	       struct derivation out[DERIVE_MAX_ALL], const char *keys[DERIVE_MAX_ALL])
{
	int n = 0;

	for (int f = 0; f < OCC_N_FACTORS; f++) {
		if (keys)
			keys[n] = occ_key(r, (enum occ_factor)f);
		derive_limit(arch, in, r, (enum occ_factor)f, &out[n++]);
	}
	if (keys)
		keys[n] = "occupancy";
	derive_occupancy(arch, in, r, &out[n++]);
	if (r->active_blocks_per_sm > 0) {
		if (keys)
			keys[n] = "gpu_waves";
		derive_waves(arch, r, sm_count, grid_size, w, &out[n++]);
	}
	return n;
}
