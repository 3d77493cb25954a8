/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* oracle_cuda.c - compares occ_compute() and tuning_best_block_size() with
 * NVIDIA's own calculator, cuda_occupancy.h from the CUDA toolkit, over a few
 * million launches on every architecture of the built-in database.
 *
 * Built only when configure finds the toolkit's header; the header is included
 * from the toolkit at build time, never copied into this project.
 *
 * The inputs are mapped as the CUDA runtime maps cudaFuncAttributes: the
 * function opted in to exactly the dynamic shared memory the launch uses
 * (FUNC_SHMEM_LIMIT_OPTIN, maxDynamicSharedSizeBytes = dynamic), no partitioned
 * global caching, no virtual resources, no cache-config preference. Only
 * launches our launch validation accepts are compared, and only where the
 * oracle returns CUDA_OCC_SUCCESS; an oracle error on an accepted launch is
 * reported on its own, as a finding, and not counted as agreement.
 *
 * Exit status: 0 when every comparison agrees, 1 otherwise. */
#include "config.h"

#include <cuda_occupancy.h>

#include <inttypes.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_occ_inputs.h"
#include "error.h"
#include "gpu.h"
#include "occupancy.h"
#include "tuning.h"

#define MAX_ARCHS 64
#define MAX_EDGES 1024
#define MAX_BLOCK_SIZES 2048
#define MAX_SPLITS (MAX_EDGES * 3)
#define DETAILS_MAX 12      /* differing launches printed in full */
#define NUM_SMS_DEFAULT 100

/* One launch as both calculators see it. */
struct cfg {
	int bs;
	int regs;
	int64_t st, dyn;
	int carve;
	int cache;      /* enum launch_cache_config: Kepler (and Fermi) */
	int bar;
};

struct smem_pair {
	int64_t st, dyn;
};

/* What is compared; a disagreement class is one of these. */
enum field {
	F_ACTIVE,
	F_LIM_WARPS,
	F_LIM_BLOCKS,
	F_LIM_REGS,
	F_LIM_SMEM,
	F_LIM_BARRIERS,
	F_LIMITING,
	F_ALLOC_REGS,
	F_ALLOC_SMEM,
	F_BEST_BS,
	F_MIN_GRID,
	F_N
};

static const char *const field_names[F_N] = {
	"activeBlocksPerMultiprocessor",
	"blockLimitWarps",
	"blockLimitBlocks",
	"blockLimitRegs",
	"blockLimitSharedMem",
	"blockLimitBarriers",
	"limitingFactors",
	"allocatedRegistersPerBlock",
	"allocatedSharedMemPerBlock",
	"best block size",
	"min grid size",
};

struct field_stats {
	long count;
	uint64_t cc_mask;   /* bit i: arch index i had one */
	char example[512];
};

struct arch_stats {
	long configs, agree, differ, errors;
	long tuning, tuning_agree;
	bool skipped;       /* the oracle does not know this compute capability */
};

/* Everything the run accumulates; main allocates the one instance. */
struct oracle_run {
	const struct gpu_arch *arch;
	size_t arch_index;
	struct arch_stats per_arch[MAX_ARCHS];
	struct field_stats fields[F_N];
	struct field_stats errors[3];   /* by cudaOccError value */
	long details_printed;
	long configs, agree, differ, errors_total, rejected;
	long tuning, tuning_agree, tuning_differ;
	long oracle_stale_flags;   /* oracle flags above the minimum (see check_one) */
	uint64_t rng;   /* fixed seed: every run sweeps the same launches */
	/* The values swept on the current architecture. */
	int64_t block_sizes[MAX_BLOCK_SIZES];
	int64_t smem_totals[MAX_EDGES];
	struct smem_pair smem_splits[MAX_SPLITS];
};

static uint32_t rng_next(struct oracle_run *run)
{
	run->rng = run->rng * 6364136223846793005ull + 1442695040888963407ull;
	return (uint32_t)(run->rng >> 33);
}

static int64_t rng_range(struct oracle_run *run, int64_t lo, int64_t hi)  /* inclusive */
{
	uint64_t span = (uint64_t)(hi - lo) + 1;
	uint64_t v = (uint64_t)rng_next(run) << 31;  /* two statements: a fixed order */

	v ^= rng_next(run);
	return lo + (int64_t)(v % span);
}

static int64_t optin_bytes(const struct gpu_arch *a)
{
	return a->smem_per_block_optin_bytes > a->smem_per_block_bytes
		? a->smem_per_block_optin_bytes : a->smem_per_block_bytes;
}

/* The launch validation rules (launch_check): values a launch could never have. */
static bool accepted(const struct gpu_arch *a, const struct cfg *c)
{
	return c->bs >= 1 && c->bs <= a->max_threads_per_block &&
	       c->regs >= 0 && c->regs <= a->max_regs_per_thread &&
	       c->st >= 0 && c->dyn >= 0 &&
	       c->st <= a->smem_per_block_bytes &&
	       c->st + c->dyn <= optin_bytes(a) &&
	       (c->carve == LAUNCH_CARVEOUT_DEFAULT || (c->carve >= 0 && c->carve <= 100)) &&
	       c->bar >= 0 && c->bar <= 16;
}

static void oracle_inputs(const struct gpu_arch *a, const struct cfg *c, int num_sms,
			  cudaOccDeviceProp *prop, cudaOccFuncAttributes *attr,
			  cudaOccDeviceState *state)
{
	cuda_occ_inputs(a, c->regs, c->st, c->dyn, c->carve, c->cache, c->bar, num_sms,
			prop, attr, state);
}

static void to_input(const struct cfg *c, struct occ_input *in)
{
	*in = (struct occ_input){ 0 };
	in->threads_per_block = c->bs;
	in->regs_per_thread = c->regs;
	in->static_smem_bytes = c->st;
	in->dynamic_smem_bytes = c->dyn;
	in->carveout_pct = c->carve;
	in->cache_config = c->cache;
	in->barriers = c->bar;
}

/* The oracle's limiting factors in our bits; virtual resources have no counterpart. */
static unsigned oracle_limiting(unsigned f)
{
	unsigned m = 0;

	if (f & OCC_LIMIT_WARPS)
		m |= 1u << OCC_WARPS;
	if (f & OCC_LIMIT_REGISTERS)
		m |= 1u << OCC_REGISTERS;
	if (f & OCC_LIMIT_SHARED_MEMORY)
		m |= 1u << OCC_SHARED_MEM;
	if (f & OCC_LIMIT_BLOCKS)
		m |= 1u << OCC_BLOCKS;
	if (f & OCC_LIMIT_BARRIERS)
		m |= 1u << OCC_BARRIERS;
	return m;
}

/* The factors whose oracle block limit equals the oracle's resident blocks. */
static unsigned oracle_min_mask(const cudaOccResult *res)
{
	int active = res->activeBlocksPerMultiprocessor;
	unsigned m = 0;

	if (res->blockLimitWarps == active)
		m |= 1u << OCC_WARPS;
	if (res->blockLimitBlocks == active)
		m |= 1u << OCC_BLOCKS;
	if (res->blockLimitRegs == active)
		m |= 1u << OCC_REGISTERS;
	if (res->blockLimitSharedMem == active)
		m |= 1u << OCC_SHARED_MEM;
	if (res->blockLimitBarriers == active)
		m |= 1u << OCC_BARRIERS;
	return m;
}

static void fmt_limit(char *buf, size_t size, int64_t v)
{
	if (v == INT_MAX)
		snprintf(buf, size, "unlimited");
	else
		snprintf(buf, size, "%" PRId64, v);
}

static void fmt_mask(char *buf, size_t size, unsigned m)
{
	size_t n = 0;

	buf[0] = '\0';
	for (int f = 0; f < OCC_N_FACTORS; f++)
		if ((m >> f) & 1u)
			n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "%s%s",
					      n ? "+" : "", occ_factor_key((enum occ_factor)f));
	if (!n)
		snprintf(buf, size, "none");
}

static int cfg_describe(const struct gpu_arch *a, const struct cfg *c, char *buf, size_t size)
{
	char carve[16];

	if (c->carve == LAUNCH_CARVEOUT_DEFAULT)
		snprintf(carve, sizeof(carve), "default");
	else
		snprintf(carve, sizeof(carve), "%d%%", c->carve);
	return snprintf(buf, size,
			"cc %d.%d, block %d, regs %d, smem static %" PRId64 " + dynamic %" PRId64
			", carveout %s, cache %s, barriers %d",
			a->cc_major, a->cc_minor, c->bs, c->regs, c->st, c->dyn, carve,
			launch_cache_config_name(c->cache), c->bar);
}

static void fmt_value(enum field f, int64_t v, char *buf, size_t size)
{
	if (f == F_LIMITING)
		fmt_mask(buf, size, (unsigned)v);
	else if (f >= F_LIM_WARPS && f <= F_LIM_BARRIERS)
		fmt_limit(buf, size, v);
	else
		snprintf(buf, size, "%" PRId64, v);
}

/* Records one differing field of one launch (or one tuning input). */
static void note_field(struct oracle_run *run, const struct cfg *c, enum field f, int64_t ours,
		       int64_t oracle, char *line, size_t line_size, size_t *line_len)
{
	struct field_stats *s = &run->fields[f];
	char o[64], t[64];

	fmt_value(f, ours, o, sizeof(o));
	fmt_value(f, oracle, t, sizeof(t));
	s->count++;
	s->cc_mask |= 1ull << run->arch_index;
	if (!s->example[0]) {
		int n = cfg_describe(run->arch, c, s->example, sizeof(s->example));
		if (n >= 0 && (size_t)n < sizeof(s->example))
			snprintf(s->example + n, sizeof(s->example) - (size_t)n,
				 ": ours %s, oracle %s", o, t);
	}
	if (*line_len < line_size)
		*line_len += (size_t)snprintf(line + *line_len, line_size - *line_len,
					      "\n    %s: ours %s, oracle %s", field_names[f], o, t);
}

static void print_detail(struct oracle_run *run, const struct cfg *c, const char *what,
			 const char *line)
{
	char desc[256];

	if (run->details_printed >= DETAILS_MAX)
		return;
	run->details_printed++;
	cfg_describe(run->arch, c, desc, sizeof(desc));
	printf("DIFF %s (%s):%s\n", what, desc, line);
}

static void note_error(struct oracle_run *run, const struct cfg *c, cudaOccError st,
		       const char *what)
{
	int k = st == CUDA_OCC_ERROR_UNKNOWN_DEVICE ? 2 : 1;  /* 1: invalid input or other */
	struct field_stats *s = &run->errors[k];

	s->count++;
	s->cc_mask |= 1ull << run->arch_index;
	if (!s->example[0]) {
		int n = cfg_describe(run->arch, c, s->example, sizeof(s->example));
		if (n >= 0 && (size_t)n < sizeof(s->example))
			snprintf(s->example + n, sizeof(s->example) - (size_t)n, " (%s)", what);
	}
}

/* Compares one launch our validation accepts; the oracle's errors are tallied apart. */
static void check_one(struct oracle_run *run, const struct cfg *c)
{
	const struct gpu_arch *a = run->arch;
	struct arch_stats *as = &run->per_arch[run->arch_index];
	cudaOccDeviceProp prop;
	cudaOccFuncAttributes attr;
	cudaOccDeviceState state;
	cudaOccResult res = { 0 };
	cudaOccError st;
	struct occ_input in;
	struct occ_result r;
	char line[1024];
	size_t len = 0;
	bool same = true;

	if (!accepted(a, c)) {
		run->rejected++;
		return;
	}
	oracle_inputs(a, c, NUM_SMS_DEFAULT, &prop, &attr, &state);
	st = cudaOccMaxActiveBlocksPerMultiprocessor(&res, &prop, &attr, &state, c->bs,
						     (size_t)c->dyn);
	run->configs++;
	as->configs++;
	if (st != CUDA_OCC_SUCCESS) {
		run->errors_total++;
		as->errors++;
		note_error(run, c, st, "cudaOccMaxActiveBlocksPerMultiprocessor");
		return;
	}
	to_input(c, &in);
	occ_compute(a, &in, &r);

	line[0] = '\0';
#define CMP(f, ours, oracle)                                                              \
	do {                                                                              \
		int64_t o_ = (int64_t)(ours), t_ = (int64_t)(oracle);                     \
		if (o_ != t_) {                                                           \
			same = false;                                                     \
			note_field(run, c, (f), o_, t_, line, sizeof(line), &len);        \
		}                                                                         \
	} while (0)
	CMP(F_ACTIVE, r.active_blocks_per_sm, res.activeBlocksPerMultiprocessor);
	CMP(F_LIM_WARPS, r.block_limit[OCC_WARPS], res.blockLimitWarps);
	CMP(F_LIM_BLOCKS, r.block_limit[OCC_BLOCKS], res.blockLimitBlocks);
	CMP(F_LIM_REGS, r.block_limit[OCC_REGISTERS], res.blockLimitRegs);
	CMP(F_LIM_SMEM, r.block_limit[OCC_SHARED_MEM], res.blockLimitSharedMem);
	CMP(F_LIM_BARRIERS, r.block_limit[OCC_BARRIERS], res.blockLimitBarriers);
	/* The oracle sets its limiting flags before it applies the barrier limit and
	 * never clears them, so when barriers alone are the minimum it also flags
	 * factors that no longer limit. We flag exactly the factors at the minimum:
	 * compare with the oracle's own limits at its own minimum, and require its
	 * flags to include ours. The extra flags are counted and reported. */
	{
		unsigned ours = r.limiting & ((1u << OCC_N_FACTORS) - 1u);
		unsigned theirs = oracle_limiting(res.limitingFactors);
		unsigned at_min = oracle_min_mask(&res);
		CMP(F_LIMITING, ours, at_min);
		CMP(F_LIMITING, ours & ~theirs, 0);
		if (theirs != at_min)
			run->oracle_stale_flags++;
	}
	CMP(F_ALLOC_REGS, r.allocated_regs_per_block, res.allocatedRegistersPerBlock);
	CMP(F_ALLOC_SMEM, r.allocated_smem_per_block, (int64_t)res.allocatedSharedMemPerBlock);
	if (same) {
		run->agree++;
		as->agree++;
	} else {
		char lim[5][16];
		run->differ++;
		as->differ++;
		/* The oracle's limits for context (where they agree with ours, only its). */
		fmt_limit(lim[0], sizeof(lim[0]), res.blockLimitWarps);
		fmt_limit(lim[1], sizeof(lim[1]), res.blockLimitBlocks);
		fmt_limit(lim[2], sizeof(lim[2]), res.blockLimitRegs);
		fmt_limit(lim[3], sizeof(lim[3]), res.blockLimitSharedMem);
		fmt_limit(lim[4], sizeof(lim[4]), res.blockLimitBarriers);
		if (len < sizeof(line))
			snprintf(line + len, sizeof(line) - len,
				 "\n    (oracle: %d blocks; limits warps %s, blocks %s, registers %s, "
				 "shared_mem %s, barriers %s)",
				 res.activeBlocksPerMultiprocessor, lim[0], lim[1], lim[2], lim[3],
				 lim[4]);
		print_detail(run, c, "occupancy", line);
	}
}

static void check_tuning(struct oracle_run *run, const struct cfg *c, int num_sms)
{
	const struct gpu_arch *a = run->arch;
	struct arch_stats *as = &run->per_arch[run->arch_index];
	cudaOccDeviceProp prop;
	cudaOccFuncAttributes attr;
	cudaOccDeviceState state;
	cudaOccError st;
	struct occ_input in;
	int t_bs = 0, t_grid = 0, o_bs = 0;
	int64_t o_grid = 0;
	char line[1024];
	size_t len = 0;
	bool same = true;

	if (!accepted(a, c))
		return;
	oracle_inputs(a, c, num_sms, &prop, &attr, &state);
	st = cudaOccMaxPotentialOccupancyBlockSize(&t_grid, &t_bs, &prop, &attr, &state, NULL,
						   (size_t)c->dyn);
	run->tuning++;
	as->tuning++;
	if (st != CUDA_OCC_SUCCESS) {
		run->errors_total++;
		as->errors++;
		note_error(run, c, st, "cudaOccMaxPotentialOccupancyBlockSize");
		return;
	}
	to_input(c, &in);
	tuning_best_block_size(a, num_sms, &in, &o_bs, &o_grid);

	line[0] = '\0';
	CMP(F_BEST_BS, o_bs, t_bs);
	CMP(F_MIN_GRID, o_grid, t_grid);
#undef CMP
	if (same) {
		run->tuning_agree++;
		as->tuning_agree++;
	} else {
		char what[64];
		run->tuning_differ++;
		snprintf(what, sizeof(what), "best block size on %d SMs", num_sms);
		print_detail(run, c, what, line);
	}
}

/* ---- the values swept ---- */

static int cmp_i64(const void *x, const void *y)
{
	int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
	return (a > b) - (a < b);
}

static int uniq_i64(int64_t *v, int n)
{
	int m = 0;

	qsort(v, (size_t)n, sizeof(*v), cmp_i64);
	for (int i = 0; i < n; i++)
		if (m == 0 || v[m - 1] != v[i])
			v[m++] = v[i];
	return m;
}

/* Every block size to 64, every multiple of the warp size, and odd ones. */
static int block_sizes(const struct gpu_arch *a, int64_t *out)
{
	static const int odd[] = { 33, 63, 65, 95, 97, 100, 127, 129, 160, 191, 193, 255, 257,
				   300, 383, 385, 500, 511, 513, 640, 700, 767, 769, 900,
				   1000, 1023 };
	int n = 0;

	for (int b = 1; b <= 64 && b <= a->max_threads_per_block; b++)
		out[n++] = b;
	for (int b = a->warp_size; b <= a->max_threads_per_block && n < MAX_BLOCK_SIZES - 40;
	     b += a->warp_size)
		out[n++] = b;
	for (size_t i = 0; i < sizeof(odd) / sizeof(odd[0]); i++)
		if (odd[i] <= a->max_threads_per_block)
			out[n++] = odd[i];
	out[n++] = a->max_threads_per_block;
	out[n++] = a->max_threads_per_block - 1;
	return uniq_i64(out, n);
}

static const int carveouts[] = { -1, 0, 1, 25, 33, 50, 66, 75, 99, 100 };
#define N_CARVEOUTS ((int)(sizeof(carveouts) / sizeof(carveouts[0])))
static const int barrier_counts[] = { 0, 1, 2, 3, 4, 8, 16 };
#define N_BARRIERS ((int)(sizeof(barrier_counts) / sizeof(barrier_counts[0])))

static void add_around(int64_t *v, int *n, int64_t base, int64_t lo, int64_t hi,
		       const int64_t *offs, int n_offs)
{
	for (int i = 0; i < n_offs && *n < MAX_EDGES; i++) {
		int64_t x = base + offs[i];
		if (x >= lo && x <= hi)
			v[(*n)++] = x;
	}
}

/* Shared memory totals (static + dynamic) at the edges that matter: allocation
 * units, carveout configurations and their fractions, the default and opt-in
 * per-block limits, each with and without the driver's per-block reserve. */
static int smem_totals(const struct gpu_arch *a, int64_t *v)
{
	static const int64_t small[] = { 0, 1, 2, 64, 127, 128, 129, 255, 256, 257, 383, 384, 385,
					 511, 512, 513, 1000, 1023, 1024, 1025, 2047, 2048, 2049,
					 3000, 4095, 4096, 4097, 6144, 12288, 20000, 24576, 40000 };
	const int64_t r = a->smem_reserved_per_block_bytes;
	const int64_t u = a->smem_alloc_unit_bytes > 0 ? a->smem_alloc_unit_bytes : 128;
	const int64_t offs[] = { -r - u, -r - 1, -r, -r + 1, -u, -1, 0, 1, u - r, u };
	const int64_t hi = optin_bytes(a);
	int n = 0;

	for (size_t i = 0; i < sizeof(small) / sizeof(small[0]); i++)
		if (small[i] <= hi)
			v[n++] = small[i];
	add_around(v, &n, a->smem_per_block_bytes, 0, hi, offs, 10);
	add_around(v, &n, a->smem_per_block_optin_bytes, 0, hi, offs, 10);
	add_around(v, &n, 48 * 1024, 0, hi, offs, 10);
	for (int i = 0; i <= a->n_smem_configs; i++) {
		int64_t c = i < a->n_smem_configs ? a->smem_configs_bytes[i] : a->smem_per_sm_bytes;
		if (c <= 0)
			continue;
		for (int d = 1; d <= 8; d++)
			add_around(v, &n, c / d, 0, hi, offs, 10);
		add_around(v, &n, c / 16, 0, hi, offs, 10);
		add_around(v, &n, c / 32, 0, hi, offs, 10);
	}
	/* Where a carveout preference lands before it is snapped to a configuration. */
	for (int i = 1; i < N_CARVEOUTS; i++)
		add_around(v, &n, (int64_t)carveouts[i] * a->smem_per_sm_bytes / 100, 0, hi, offs, 10);
	return uniq_i64(v, n);
}

/* Each total split three ways: all static (as far as the default per-block
 * limit lets it), all dynamic, and a third static. */
static int smem_splits(const struct gpu_arch *a, const int64_t *tot, int n_tot,
		       struct smem_pair *out)
{
	int n = 0;

	for (int i = 0; i < n_tot; i++) {
		int64_t t = tot[i];
		int64_t s_all = t < a->smem_per_block_bytes ? t : a->smem_per_block_bytes;
		int64_t s_third = t / 3;
		out[n++] = (struct smem_pair){ s_all, t - s_all };
		if (t > 0)
			out[n++] = (struct smem_pair){ 0, t };
		if (s_third > 0 && s_third != s_all)
			out[n++] = (struct smem_pair){ s_third, t - s_third };
	}
	return n;
}

/* ---- the sweeps: two or three dimensions at a time around a default ---- */

/* The step that visits about `cap` of `n` values; the sweeps shift the start
 * so that together they still visit every value. */
static int stride(int n, int cap)
{
	return n > cap ? (n + cap - 1) / cap : 1;
}

static struct cfg base_cfg(void)
{
	return (struct cfg){ .bs = 256, .regs = 32, .st = 0, .dyn = 0,
			     .carve = LAUNCH_CARVEOUT_DEFAULT, .bar = 0 };
}

static void sweep_arch(struct oracle_run *run)
{
	const struct gpu_arch *a = run->arch;
	int64_t *bsv = run->block_sizes, *tot = run->smem_totals;
	struct smem_pair *sp = run->smem_splits;
	int n_bs = block_sizes(a, bsv);
	int n_tot = smem_totals(a, tot);
	int n_sp = smem_splits(a, tot, n_tot, sp);
	struct cfg c;

	/* 1. Block size x registers, with and without a barrier. */
	for (int b = 0; b < n_bs; b++)
		for (int rg = 0; rg <= a->max_regs_per_thread; rg++)
			for (int k = 0; k < 2; k++) {
				c = base_cfg();
				c.bs = (int)bsv[b];
				c.regs = rg;
				c.bar = k;
				check_one(run, &c);
			}

	/* 2. Block size x shared memory x carveout (every 8th block size, about
	 * 600 static/dynamic pairs each); where the architecture has an L1/shared
	 * preference instead, every preference. */
	for (int b = 0; b < n_bs; b += 8)
		for (int s = (b / 8) % stride(n_sp, 600); s < n_sp; s += stride(n_sp, 600))
			for (int k = 0; k < N_CARVEOUTS; k++) {
				c = base_cfg();
				c.bs = (int)bsv[b];
				c.st = sp[s].st;
				c.dyn = sp[s].dyn;
				c.carve = carveouts[k];
				if (gpu_has_cache_config(a)) {
					if (k >= LAUNCH_CACHE_N)
						continue;
					c.carve = LAUNCH_CARVEOUT_DEFAULT;
					c.cache = k;
				}
				check_one(run, &c);
			}

	/* 3. Registers x shared memory (dynamic only) x a few carveouts, the
	 * block size turning over with the register count. */
	{
		static const int carve3[] = { -1, 0, 50, 100 };
		static const int bs3[] = { 128, 256, 1024 };
		for (int rg = 0; rg <= a->max_regs_per_thread; rg++)
			for (int s = rg % stride(n_tot, 80); s < n_tot; s += stride(n_tot, 80))
				for (int k = 0; k < 4; k++) {
					c = base_cfg();
					c.bs = bs3[(rg + s) % 3];
					c.regs = rg;
					c.dyn = tot[s];
					c.carve = carve3[k];
					check_one(run, &c);
				}
	}

	/* 4. Barriers x block size x registers, and barriers x shared memory. */
	{
		static const int regs4[] = { 0, 16, 32, 64, 128, 255 };
		for (int br = 0; br < N_BARRIERS; br++) {
			for (int b = 0; b < n_bs; b++)
				for (int q = 0; q < 6; q++) {
					c = base_cfg();
					c.bs = (int)bsv[b];
					c.regs = regs4[q];
					c.bar = barrier_counts[br];
					check_one(run, &c);
				}
			for (int s = 0; s < n_sp; s++)
				for (int q = 0; q < 4; q++) {
					static const int bs4[] = { 32, 64, 128, 1024 };
					c = base_cfg();
					c.bs = bs4[q];
					c.regs = 16;
					c.st = sp[s].st;
					c.dyn = sp[s].dyn;
					c.bar = barrier_counts[br];
					check_one(run, &c);
				}
		}
	}

	/* 5. Every carveout percentage x shared memory, the block size turning over. */
	{
		static const int bs5[] = { 32, 96, 256, 1024 };
		for (int k = -1; k <= 100; k++)
			for (int s = 0; s < n_tot; s++) {
				c = base_cfg();
				c.bs = bs5[(k + 1 + s) % 4];
				c.regs = 24;
				c.dyn = tot[s];
				c.carve = k;
				check_one(run, &c);
			}
	}

	/* 6. Random launches over every dimension at once. */
	for (int i = 0; i < 60000; i++) {
		int64_t t;
		c.bs = rng_next(run) % 2 ? (int)bsv[rng_next(run) % (uint32_t)n_bs]
				      : (int)rng_range(run, 1, a->max_threads_per_block);
		c.regs = (int)rng_range(run, 0, a->max_regs_per_thread);
		t = rng_next(run) % 2 ? tot[rng_next(run) % (uint32_t)n_tot]
				      : rng_range(run, 0, optin_bytes(a));
		c.st = rng_range(run, 0, t < a->smem_per_block_bytes ? t : a->smem_per_block_bytes);
		c.dyn = t - c.st;
		c.carve = rng_next(run) % 2 ? carveouts[rng_next(run) % N_CARVEOUTS]
					 : (int)rng_range(run, -1, 100);
		c.bar = rng_next(run) % 2 ? barrier_counts[rng_next(run) % N_BARRIERS]
				       : (int)rng_range(run, 0, 16);
		check_one(run, &c);
	}

	/* 7. The best block size (cudaOccMaxPotentialOccupancyBlockSize). */
	{
		static const int regs7[] = { 0, 1, 16, 24, 32, 37, 40, 48, 56, 64, 72, 80, 96,
					     112, 128, 168, 200, 255 };
		static const int carve7[] = { -1, 0, 50, 100 };
		static const int bar7[] = { 0, 1, 4, 16 };
		static const int sms7[] = { 1, NUM_SMS_DEFAULT, 132 };
		for (size_t q = 0; q < sizeof(regs7) / sizeof(regs7[0]); q++)
			for (int s = 0; s < n_sp; s += stride(n_sp, 100))
				for (int k = 0; k < 4; k++) {
					c = base_cfg();
					c.regs = regs7[q] <= a->max_regs_per_thread
						? regs7[q] : a->max_regs_per_thread;
					c.st = sp[s].st;
					c.dyn = sp[s].dyn;
					c.carve = carve7[k];
					c.bar = bar7[(q + (size_t)s) % 4];
					check_tuning(run, &c, sms7[(q + (size_t)k) % 3]);
				}
	}
}

/* The oracle refuses compute capabilities it does not know. */
static bool oracle_knows(const struct gpu_arch *a)
{
	cudaOccDeviceProp prop;
	cudaOccFuncAttributes attr;
	cudaOccDeviceState state;
	cudaOccResult res = { 0 };
	struct cfg c = base_cfg();

	oracle_inputs(a, &c, NUM_SMS_DEFAULT, &prop, &attr, &state);
	return cudaOccMaxActiveBlocksPerMultiprocessor(&res, &prop, &attr, &state, c.bs, 0) !=
	       CUDA_OCC_ERROR_UNKNOWN_DEVICE;
}

static void print_ccs(const struct gpu_db *db, uint64_t mask)
{
	size_t n = gpu_db_arch_count(db);

	for (size_t i = 0; i < n && i < MAX_ARCHS; i++)
		if ((mask >> i) & 1u) {
			const struct gpu_arch *a = gpu_db_arch_at(db, i);
			printf(" %d.%d", a->cc_major, a->cc_minor);
		}
}

int main(void)
{
	struct oracle_run *run = calloc(1, sizeof(*run));
	static const char *const error_names[3] = {
		"CUDA_OCC_SUCCESS", "CUDA_OCC_ERROR_INVALID_INPUT", "CUDA_OCC_ERROR_UNKNOWN_DEVICE",
	};
	struct occ_error err;
	struct gpu_db *db;
	size_t n_archs;
	int n_compared = 0;
	int status;

	if (!run) {
		fprintf(stderr, "oracle: out of memory\n");
		return 1;
	}
	run->rng = 0x9e3779b97f4a7c15ull;
	occ_error_clear(&err);
	db = gpu_db_new_builtin(&err);
	if (!db) {
		char buf[1024];
		occ_error_format(&err, buf, sizeof(buf));
		fprintf(stderr, "oracle: cannot load the built-in database: %s\n", buf);
		free(run);
		return 1;
	}
	n_archs = gpu_db_arch_count(db);
	if (n_archs > MAX_ARCHS) {
		fprintf(stderr, "oracle: %zu architectures, only %d compared\n", n_archs, MAX_ARCHS);
		n_archs = MAX_ARCHS;
	}

	for (size_t i = 0; i < n_archs; i++) {
		run->arch = gpu_db_arch_at(db, i);
		run->arch_index = i;
		if (!oracle_knows(run->arch)) {
			run->per_arch[i].skipped = true;
			continue;
		}
		n_compared++;
		sweep_arch(run);
	}

	if (run->details_printed >= DETAILS_MAX && run->differ + run->tuning_differ > DETAILS_MAX)
		printf("... (only the first %d differing launches shown)\n", DETAILS_MAX);

	printf("\nper compute capability:\n");
	for (size_t i = 0; i < n_archs; i++) {
		const struct gpu_arch *a = gpu_db_arch_at(db, i);
		const struct arch_stats *s = &run->per_arch[i];
		if (s->skipped) {
			printf("  cc %d.%d (%s): not compared, the oracle does not know it "
			       "(CUDA_OCC_ERROR_UNKNOWN_DEVICE)\n", a->cc_major, a->cc_minor, a->arch);
			continue;
		}
		printf("  cc %d.%d (%s): %ld configurations, %ld agree, %ld differ, %ld oracle "
		       "errors; best block size %ld inputs, %ld agree\n",
		       a->cc_major, a->cc_minor, a->arch, s->configs, s->agree, s->differ,
		       s->errors, s->tuning, s->tuning_agree);
	}

	if (run->differ || run->tuning_differ) {
		printf("\ndisagreements by field (count, compute capabilities, first example):\n");
		for (int f = 0; f < F_N; f++) {
			const struct field_stats *s = &run->fields[f];
			if (!s->count)
				continue;
			printf("  %s: %ld on", field_names[f], s->count);
			print_ccs(db, s->cc_mask);
			printf("\n    e.g. %s\n", s->example);
		}
	}
	if (run->errors_total) {
		printf("\noracle errors on launches our validation accepts (not compared):\n");
		for (int k = 1; k < 3; k++) {
			const struct field_stats *s = &run->errors[k];
			if (!s->count)
				continue;
			printf("  %s: %ld on", error_names[k], s->count);
			print_ccs(db, s->cc_mask);
			printf("\n    e.g. %s\n", s->example);
		}
	}

	printf("\n%ld generated launches fall outside our launch validation and were not "
	       "compared\n", run->rejected);
	printf("oracle: in %ld agreeing configurations the oracle also flags factors above the "
	       "minimum (its barrier-limit quirk); occview flags only the factors at the minimum\n",
	       run->oracle_stale_flags);
	printf("oracle: %ld best-block-size inputs, %ld agree, %ld differ\n", run->tuning,
	       run->tuning_agree, run->tuning_differ);
	printf("oracle: %ld configurations on %d compute capabilities, %ld agree, %ld differ",
	       run->configs, n_compared, run->agree, run->differ);
	if (run->errors_total)
		printf(", %ld oracle errors", run->errors_total);
	printf("\n");

	/* Comparing nothing proves nothing: that fails too. */
	if (run->agree + run->differ == 0) {
		printf("oracle: no launch was compared\n");
		status = 1;
	} else {
		status = run->differ || run->tuning_differ ? 1 : 0;
	}
	gpu_db_free(db);
	free(run);
	return status;
}
