/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* launch.h - one kernel launch and the parsing and checking of its values. */
#ifndef OCC_LAUNCH_H
#define OCC_LAUNCH_H

#include <stdbool.h>
#include <stdint.h>

#include "error.h"
#include "gpu.h"

#define LAUNCH_CARVEOUT_DEFAULT (-1)
/* The L1/shared preference of Fermi and Kepler (cudaFuncSetCacheConfig's
 * cudaFuncCachePreferNone, ...Shared, ...L1, ...Equal). */
enum launch_cache_config {
	LAUNCH_CACHE_NONE,
	LAUNCH_CACHE_SHARED,
	LAUNCH_CACHE_L1,
	LAUNCH_CACHE_EQUAL,
	LAUNCH_CACHE_N
};
/* What a count (threads, registers, barriers) and a grid may be on any GPU. */
#define LAUNCH_COUNT_MAX (1 << 16)
#define LAUNCH_GRID_MAX INT32_MAX
/* CUDA's 16 named barriers per block (bar.sync 0-15). */
#define LAUNCH_BARRIERS_MAX 16
/* The most XCDs --xcds takes on a device whose count is not known. */
#define LAUNCH_XCDS_MAX 64
/* CUDA's limit on gridDim.y and gridDim.z on every compute capability; x goes to 2^31 - 1. */
#define LAUNCH_GRID_YZ_MAX 65535

struct launch {
	char kernel[256];            /* as read: sanitize before showing */
	char gpu_name[GPU_NAME_MAX]; /* as given by the user or the file */
	int64_t grid[3];
	int block[3];
	int regs_per_thread;
	int64_t static_smem_bytes;
	int64_t dynamic_smem_bytes;
	int carveout_pct;            /* 0..100 or LAUNCH_CARVEOUT_DEFAULT */
	int cache_config;            /* enum launch_cache_config */
	int barriers;                /* block barriers used per block */
	int cluster_size;            /* blocks per thread-block cluster (cc 9.0+); 0: none */
	/* AMD: regs_per_thread holds the arch VGPRs, static shared memory the LDS. */
	int wave_size;               /* 32 or 64; 0: the target's default */
	int agprs;                   /* accumulation VGPRs per work-item */
	int sgprs;                   /* SGPRs per wave */
	/* Not the kernel's but its device's: the XCDs its compute partition
	 * spans (MI300/MI350), which AMD's SQ counters are summed over; 0: the
	 * report's or the database's default mode's (gpu_default_xcds). */
	int xcds;
	/* The units the launch may use (--sms: a green context, an MPS share,
	 * an AMD CU mask); 0: all the GPU's. */
	int sms;
};

/* The embedded default: 256 threads, 32 registers, no shared memory, on the
 * default GPU, with grid_size left to launch_default_grid(). */
void launch_init(struct launch *l);
/* The same values with no kernel or GPU name (both ""): the start of a
 * record's launch, which names its own (once for every record). */
void launch_init_unnamed(struct launch *l);

int64_t launch_grid_size(const struct launch *l);
int launch_threads_per_block(const struct launch *l);
int64_t launch_smem_per_block_bytes(const struct launch *l);

/* Value parsers for flags, launch files and launch lists. `what` names the field
 * in messages; file/line say where the text came from (file NULL for flags). */
bool launch_parse_int(const char *text, int64_t min, int64_t max, int64_t *out,
		      const char *file, long line, const char *what, struct occ_error *err);
/* N or XxYxZ (also "(X, Y, Z)" as profilers write it). */
bool launch_parse_dim3(const char *text, int64_t max_each, int64_t out[3],
		       const char *file, long line, const char *what, struct occ_error *err);
/* Bytes with optional K, KB, KiB, M, MB, MiB suffix (all powers of 1024). */
bool launch_parse_size(const char *text, int64_t *out, const char *file, long line,
		       const char *what, struct occ_error *err);
/* PCT (0-100) or "default" (also empty). */
bool launch_parse_carveout(const char *text, int *out, const char *file, long line,
			   const char *what, struct occ_error *err);

/* none, shared, l1 or equal (any case; also "default" or empty for none,
 * and CUDA's spellings: PreferL1, cudaFuncCachePreferL1). */
bool launch_parse_cache_config(const char *text, int *out, const char *file, long line,
			       const char *what, struct occ_error *err);
/* "none", "shared", "l1", "equal". */
const char *launch_cache_config_name(int cache_config);

/* What a GPU allows of each launch value, whatever the launch's other values
 * are: launch_check refuses a launch outside these, and the launch parameter
 * table (params.h) gives each parameter's range from them, so the command
 * line, the launch files and the explorer's what-if fields hold one limit.
 * a carveout is any percentage and a cache preference one where the GPU has
 * them (param_check_values refuses those a generation lacks; launch_check
 * does not check them);
 * wave_size is the waves the target runs; a limit no GPU checks (SGPRs where
 * they do not limit) is the value's own range. */
struct launch_range {
	int64_t lo, hi;
};
struct launch_limits {
	struct launch_range threads_per_block, grid_size, regs_per_thread;
	struct launch_range static_smem_bytes; /* static shared memory alone (AMD: LDS) */
	struct launch_range smem_bytes;        /* static + dynamic (the opt-in maximum) */
	struct launch_range carveout_pct, cache_config, barriers, wave_size, agprs, sgprs;
	struct launch_range cluster_size;
	struct launch_range xcds;              /* AMD: up to the device's XCDs where known */
	struct launch_range sms;               /* a partition: 0 (all) or the minimum to the count */
};
void launch_limits(const struct gpu *gpu, struct launch_limits *out);
/* The fewest units a partition of arch's GPU may have: on NVIDIA the green
 * contexts' minimum SM count (CUDA 13.0's cuda.h, cuDevSmResourceSplitByCount:
 * 2 SMs on cc 6.x and 7.x, 4 on 8.x, 8 on 9.0 and later; 1 before 6.0, an
 * MPS share); 1 on AMD (a CU mask). */
int launch_partition_min(const struct gpu_arch *arch);

/* Checks the launch against the GPU: values a launch could never have (too many
 * threads per block, registers above the maximum, shared memory above the
 * opt-in maximum, ...) are errors. A launch that is valid but where no block
 * fits on an SM is not an error: occ_compute() reports 0 blocks. */
bool launch_check(const struct launch *l, const struct gpu *gpu, const char *file,
		  long line, struct occ_error *err);
/* Whether launch_check's checks of the grid pass l: at least one block, y
 * and z within CUDA's limits, and a cluster size (where l has one) that
 * divides it. Where they do, launch_check's answer for l is the same at
 * any other grid they pass: the rest reads no grid (analysis_memo.h keys
 * launches without theirs). */
bool launch_grid_checks_pass(const struct launch *l);


#endif
