/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* gen_nv_vectors.c - NVIDIA occupancy test vectors from cuda_occupancy.h.
 *
 * For every compute capability of occview's built-in database that the
 * header knows, feeds the header occview's own archs.csv values as the
 * device's properties and a deterministic sample of launches (block sizes,
 * registers, static and dynamic shared memory, every carveout choice, every
 * L1/shared preference where the architecture has one, barrier counts), and
 * writes the launch and what the header computed: resident blocks per SM,
 * each factor's block limit, the limiting factors, the allocations and the
 * shared memory per SM the preference asks for. Only the header's outputs
 * are written: the header itself is never copied (its licence forbids it).
 *
 * Built and run by tools/gen_nv_vectors.sh against the installed toolkit;
 * tests/test_nv_vectors.c reads the file with no CUDA installed.
 *
 *     gen_nv_vectors CUDA-VERSION > tests/data/nvidia/cuda_occupancy.csv */
#include "config.h"

#include <cuda_occupancy.h>

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cuda_occ_inputs.h"
#include "error.h"
#include "gpu.h"
#include "launch.h"

#define ROWS_PER_ARCH 700
#define ROWS_PER_CACHE_ARCH 1200

struct cfg {
	int bs, regs;
	int64_t st, dyn;
	int carve;      /* LAUNCH_CARVEOUT_DEFAULT or 0-100 */
	int cache;      /* enum launch_cache_config */
	int bar;
};

static uint64_t rng_state = 0x6f63637669657721ull;  /* fixed: a rerun writes the same file */

static uint32_t rng_next(void)
{
	rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
	return (uint32_t)(rng_state >> 33);
}

static int64_t rng_range(int64_t lo, int64_t hi)  /* inclusive */
{
	uint64_t v = (uint64_t)rng_next() << 31;

	v ^= rng_next();
	return lo + (int64_t)(v % ((uint64_t)(hi - lo) + 1));
}

static int64_t pick(const int64_t *v, size_t n)
{
	return v[rng_range(0, (int64_t)n - 1)];
}

static int64_t optin(const struct gpu_arch *a)
{
	return a->smem_per_block_optin_bytes > a->smem_per_block_bytes
		? a->smem_per_block_optin_bytes : a->smem_per_block_bytes;
}

/* Where the figures step: block sizes at warp edges, register counts at
 * allocation edges, shared memory at whole fractions of each configuration
 * (one byte either side), each as likely as a value drawn at random. */
static void draw(const struct gpu_arch *a, struct cfg *c)
{
	static const int64_t blocks[] = { 1, 31, 32, 33, 64, 96, 128, 160, 192, 256, 288, 320,
					   384, 448, 512, 576, 640, 768, 896, 992, 1024 };
	static const int64_t regs[] = { 0, 1, 8, 16, 20, 24, 32, 33, 37, 40, 48, 56, 63, 64,
					 65, 72, 80, 96, 128, 168, 192, 232, 255 };
	int64_t total, max_total = optin(a);

	c->bs = (int)(rng_next() % 2 ? pick(blocks, sizeof(blocks) / sizeof(blocks[0]))
		      : rng_range(1, a->max_threads_per_block));
	if (c->bs > a->max_threads_per_block)
		c->bs = a->max_threads_per_block;
	c->regs = (int)(rng_next() % 2 ? pick(regs, sizeof(regs) / sizeof(regs[0]))
			: rng_range(0, a->max_regs_per_thread));
	if (c->regs > a->max_regs_per_thread)
		c->regs = a->max_regs_per_thread;
	switch (rng_next() % 4) {
	case 0:
		total = 0;
		break;
	case 1: {
		int64_t conf = a->smem_configs_bytes[rng_range(0, a->n_smem_configs - 1)];
		total = conf / rng_range(1, 8) - a->smem_reserved_per_block_bytes + rng_range(-1, 1);
		break;
	}
	default:
		total = rng_range(0, max_total);
		break;
	}
	if (total < 0)
		total = 0;
	if (total > max_total)
		total = max_total;
	c->st = rng_next() % 3 ? 0 : rng_range(0, total < a->smem_per_block_bytes ? total
					       : a->smem_per_block_bytes);
	c->dyn = total - c->st;
	c->carve = LAUNCH_CARVEOUT_DEFAULT;
	c->cache = LAUNCH_CACHE_NONE;
	if (gpu_has_carveout(a) && rng_next() % 4) {
		/* Every configuration's edge: the least percentage that reaches it,
		 * and the one below. */
		int64_t conf = a->smem_configs_bytes[rng_range(0, a->n_smem_configs - 1)];
		int pct = (int)((conf * 100 + a->smem_per_sm_bytes - 1) / a->smem_per_sm_bytes);
		c->carve = rng_next() % 3 ? pct - (int)(rng_next() % 2) : (int)rng_range(0, 100);
		if (c->carve < 0)
			c->carve = 0;
		if (c->carve > 100)
			c->carve = 100;
	}
	if (gpu_has_cache_config(a))
		c->cache = (int)rng_range(LAUNCH_CACHE_NONE, LAUNCH_CACHE_EQUAL);
	c->bar = a->barriers_per_sm > 0 ? (int)(rng_next() % 2 ? rng_range(0, 16) : 1)
		: (int)rng_range(0, 1);
}

static void limit(char *buf, size_t size, int v)
{
	if (v == INT_MAX)
		snprintf(buf, size, "max");
	else
		snprintf(buf, size, "%d", v);
}

static void limiting(char *buf, size_t size, int flags)
{
	static const struct { int bit; const char *name; } names[] = {
		{ OCC_LIMIT_WARPS, "warps" }, { OCC_LIMIT_BLOCKS, "blocks" },
		{ OCC_LIMIT_REGISTERS, "registers" }, { OCC_LIMIT_SHARED_MEMORY, "shared_mem" },
		{ OCC_LIMIT_BARRIERS, "barriers" },
	};
	size_t len = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if ((flags & names[i].bit) && len < size)
			len += (size_t)snprintf(buf + len, size - len, "%s%s", len ? "+" : "",
						names[i].name);
}

/* Whether the header computes for a's compute capability at all. */
static bool known(const struct gpu_arch *a, const struct cfg *c)
{
	cudaOccDeviceProp prop;
	cudaOccFuncAttributes attr;
	cudaOccDeviceState state;
	size_t pref = 0;

	cuda_occ_inputs(a, c->regs, c->st, c->dyn, c->carve, c->cache, c->bar, 100, &prop, &attr,
			&state);
	return cudaOccSMemPerMultiprocessor(&pref, &prop, &state) == CUDA_OCC_SUCCESS;
}

/* One row, or nothing where the header refuses the launch. */
static bool row(const struct gpu_arch *a, const struct cfg *c)
{
	cudaOccDeviceProp prop;
	cudaOccFuncAttributes attr;
	cudaOccDeviceState state;
	cudaOccResult res = { 0 };
	size_t pref = 0;
	char cc[16], lim[5][16], flags[64], carve[8];

	cuda_occ_inputs(a, c->regs, c->st, c->dyn, c->carve, c->cache, c->bar, 100, &prop, &attr,
			&state);
	if (cudaOccMaxActiveBlocksPerMultiprocessor(&res, &prop, &attr, &state, c->bs,
						    (size_t)c->dyn) != CUDA_OCC_SUCCESS ||
	    cudaOccSMemPerMultiprocessor(&pref, &prop, &state) != CUDA_OCC_SUCCESS)
		return false;
	gpu_arch_cc_string(a, cc, sizeof(cc));
	limit(lim[0], sizeof(lim[0]), res.blockLimitWarps);
	limit(lim[1], sizeof(lim[1]), res.blockLimitBlocks);
	limit(lim[2], sizeof(lim[2]), res.blockLimitRegs);
	limit(lim[3], sizeof(lim[3]), res.blockLimitSharedMem);
	limit(lim[4], sizeof(lim[4]), res.blockLimitBarriers);
	limiting(flags, sizeof(flags), (int)res.limitingFactors);
	if (c->carve == LAUNCH_CARVEOUT_DEFAULT)
		snprintf(carve, sizeof(carve), "default");
	else
		snprintf(carve, sizeof(carve), "%d", c->carve);
	printf("%s,%d,%d,%lld,%lld,%s,%s,%d,%d,%s,%s,%s,%s,%s,%s,%d,%zu,%zu\n", cc, c->bs, c->regs,
	       (long long)c->st, (long long)c->dyn, carve, launch_cache_config_name(c->cache),
	       c->bar, res.activeBlocksPerMultiprocessor, flags, lim[0], lim[1], lim[2], lim[3],
	       lim[4], res.allocatedRegistersPerBlock, res.allocatedSharedMemPerBlock, pref);
	return true;
}

int main(int argc, char **argv)
{
	struct occ_error err = { 0 };
	struct gpu_db *db = gpu_db_new_builtin(&err);
	char skipped[512] = "";
	size_t len = 0;

	if (!db) {
		fprintf(stderr, "gen_nv_vectors: %s\n", err.message);
		return 1;
	}
	/* The toolkit's version (cuda.h's CUDA_VERSION, which the header does
	 * not include) and the newest compute capability the header knows. */
	printf("# cuda_occupancy.h of CUDA %s (knows cc up to %d.%d); generated by "
	       "tools/gen_nv_vectors.sh from occview's data/archs.csv\n",
	       argc > 1 ? argv[1] : "?", __CUDA_OCC_MAJOR__, __CUDA_OCC_MINOR__);
	printf("cc,block_size,registers_per_thread,static_shared_mem_bytes,"
	       "dynamic_shared_mem_bytes,carveout,cache_config,barriers,active_blocks,limiting,"
	       "limit_warps,limit_blocks,limit_registers,limit_shared_mem,limit_barriers,"
	       "allocated_registers_per_block,allocated_shared_mem_per_block,"
	       "smem_preference_bytes\n");
	for (size_t i = 0; i < gpu_db_arch_count(db); i++) {
		const struct gpu_arch *a = gpu_db_arch_at(db, i);
		int want = gpu_has_cache_config(a) ? ROWS_PER_CACHE_ARCH : ROWS_PER_ARCH, n = 0;
		long tries = 0;
		struct cfg c = { .bs = 32, .carve = LAUNCH_CARVEOUT_DEFAULT };

		/* An architecture the header does not know (cc 1.x and 2.x for CUDA
		 * 13.0) is skipped before it draws, so the others' rows stay put. */
		if (!known(a, &c))
			want = 0;
		for (; n < want && tries < 50L * want; tries++) {
			draw(a, &c);
			n += row(a, &c);
		}
		if (n == 0 && len < sizeof(skipped))
			len += (size_t)snprintf(skipped + len, sizeof(skipped) - len, " %s", a->arch);
	}
	if (len)
		fprintf(stderr, "gen_nv_vectors: the header knows none of:%s\n", skipped);
	gpu_db_free(db);
	return 0;
}
