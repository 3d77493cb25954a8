/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* params.h - the launch parameters, described once: their names on the
 * command line, in launch files and launch lists, in JSON and on screen,
 * their ranges, steps, units and vendor. The command line, the launch-file
 * and launch-list readers, the explorer's what-if fields, the recovery file
 * and the outputs all read this table, so they cannot drift apart (as tig's
 * OPTION_INFO and ui/keys.h do for options and keys). */
#ifndef OCC_PARAMS_H
#define OCC_PARAMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "gpu.h"
#include "launch.h"

/* How a value is written and read. */
enum param_kind {
	PARAM_DIM3,      /* N or XxYxZ ("(X, Y, Z)" as profilers write it) */
	PARAM_INT,       /* a whole number */
	PARAM_SIZE,      /* bytes, with K/KB/KiB or M/MB/MiB (all 1024-based) */
	PARAM_PERCENT,   /* 0-100 or "default" (also empty) */
	PARAM_CACHE,     /* none, shared, l1 or equal (launch_parse_cache_config) */
	PARAM_WAVE,      /* 32 or 64 */
	PARAM_NAME,      /* text: a GPU or kernel name */
};

/* Which GPUs a parameter means something on; the others refuse it as a flag. */
enum param_vendor { PARAM_ANY, PARAM_NVIDIA_ONLY, PARAM_AMD_ONLY };

/* X(id, label, amd_label, flag, names, column, json, kind, min, max, unit,
 *   vendor, vendor_why, step, big_step, step_help)
 *  - label: on screen and in messages ("static smem"); amd_label on an AMD GPU;
 *  - flag: the command-line option;
 *  - names: the launch-file keys, space separated, the first written by
 *    occview; each is also accepted as a launch-list column, as is column;
 *  - column: the launch-list column (and the JSON launch field's name);
 *  - min, max: what the value may be on any GPU (the GPU's own limits are
 *    launch_check's);
 *  - step, big_step: the explorer's + and ]; 0 where the GPU decides
 *    (step_help says how);
 *  - vendor_why: why a flag of the other vendor's GPUs is refused.
 * The order is the explorer's parameter bar. */
#define LAUNCH_PARAMS(X) \
	X(PARAM_BLOCK, "block", "workgroup", "--block-size", "block block_size", "block_size", \
	  "block", PARAM_DIM3, 1, 1 << 16, "threads", PARAM_ANY, NULL, 0, 0, \
	  "a warp (on AMD the launch's wave size); big: 8 of them") \
	X(PARAM_REGISTERS, "registers", "VGPRs", "--registers", \
	  "registers registers_per_thread vgprs vgprs_per_thread", "registers_per_thread", \
	  "registers_per_thread", PARAM_INT, 0, 1 << 16, "registers per thread", PARAM_ANY, NULL, \
	  1, 8, "1; big: 8") \
	X(PARAM_STATIC_SMEM, "static smem", "LDS", "--shared-mem", \
	  "static_shared_mem shared_mem static_shared_mem_bytes", "static_shared_mem_bytes", \
	  "static_shared_mem_bytes", PARAM_SIZE, 0, INT32_MAX, "bytes", PARAM_ANY, NULL, 0, 4096, \
	  "the GPU's allocation unit; big: 4 KiB") \
	X(PARAM_DYNAMIC_SMEM, "dynamic smem", "dynamic LDS", "--dynamic-shared-mem", \
	  "dynamic_shared_mem dynamic_shared_mem_bytes", "dynamic_shared_mem_bytes", \
	  "dynamic_shared_mem_bytes", PARAM_SIZE, 0, INT32_MAX, "bytes", PARAM_ANY, NULL, 0, 4096, \
	  "the GPU's allocation unit; big: 4 KiB") \
	X(PARAM_GRID, "grid", "grid", "--grid", "grid grid_size", "grid_size", "grid", PARAM_DIM3, \
	  1, INT32_MAX, "blocks", PARAM_ANY, NULL, 1, 0, "1 block; big: one wave") \
	X(PARAM_CARVEOUT, "carveout", "carveout", "--carveout", \
	  "carveout shared_mem_carveout_pct", "shared_mem_carveout_pct", "shared_mem_carveout_pct", \
	  PARAM_PERCENT, 0, 100, "percent", PARAM_NVIDIA_ONLY, \
	  "its LDS size is fixed (no carveout)", 0, 0, \
	  "the next shared-memory configuration; big: default or the largest") \
	X(PARAM_CACHE_CONFIG, "cache config", "cache config", "--cache-config", "cache_config", \
	  "cache_config", "cache_config", PARAM_CACHE, LAUNCH_CACHE_NONE, LAUNCH_CACHE_EQUAL, "", \
	  PARAM_NVIDIA_ONLY, "its LDS is not shared with an L1 cache", 1, 1, \
	  "the next preference: none, shared, l1, equal") \
	X(PARAM_BARRIERS, "barriers", "barriers", "--barriers", "barriers", "barriers", "barriers", \
	  PARAM_INT, 0, 16, "barriers per block", PARAM_NVIDIA_ONLY, \
	  "barriers do not limit occupancy there", 1, 4, "1; big: 4") \
	X(PARAM_WAVE_SIZE, "wave size", "wave size", "--wave-size", "wave_size", "wave_size", \
	  "wave_size", PARAM_WAVE, 32, 64, "lanes", PARAM_AMD_ONLY, \
	  "NVIDIA's warp size is always 32", 32, 32, "32 or 64, where the target runs both") \
	X(PARAM_AGPRS, "AGPRs", "AGPRs", "--agprs", "agprs agprs_per_thread", "agprs_per_thread", \
	  "agprs_per_thread", PARAM_INT, 0, 1 << 16, "AGPRs per work-item", PARAM_AMD_ONLY, \
	  "it has no accumulation registers", 1, 8, "1; big: 8") \
	X(PARAM_SGPRS, "SGPRs", "SGPRs", "--sgprs", "sgprs sgprs_per_wave", "sgprs_per_wave", \
	  "sgprs_per_wave", PARAM_INT, 0, 1 << 16, "SGPRs per wave", PARAM_AMD_ONLY, \
	  "it has no scalar registers per wave", 1, 8, "1; big: 8") \
	X(PARAM_CLUSTER, "cluster", "cluster", "--cluster-size", "cluster_size cluster", \
	  "cluster_size", "cluster_size", PARAM_INT, 0, 16, "blocks per cluster", \
	  PARAM_NVIDIA_ONLY, "it has no thread-block clusters", 1, 4, "1; big: 4") \
	X(PARAM_GPU, "GPU", "GPU", "--gpu", "gpu", "gpu", "gpu", PARAM_NAME, 0, 0, "", PARAM_ANY, \
	  NULL, 0, 0, "the next device of the database; big: the next architecture") \
	X(PARAM_KERNEL, "kernel", "kernel", "--kernel", "kernel name", "kernel", "name", \
	  PARAM_NAME, 0, 0, "", PARAM_ANY, NULL, 0, 0, "")

#define PARAM_ENUM_ITEM(id, ...) id,
enum launch_param { LAUNCH_PARAMS(PARAM_ENUM_ITEM) PARAM_N };
#undef PARAM_ENUM_ITEM

/* The parameters the explorer's what-if bar steps: all but the kernel name. */
#define PARAM_WHATIF_N PARAM_KERNEL

#define PARAM_BIT(p) (1u << (p))
/* Every parameter but the names: what shapes the launch on its GPU. */
#define PARAM_LAUNCH_BITS (PARAM_BIT(PARAM_GPU) - 1u)

struct param_info {
	const char *label, *amd_label, *flag, *names, *column, *json;
	enum param_kind kind;
	int64_t min, max;
	const char *unit;
	enum param_vendor vendor;
	const char *vendor_why;
	int64_t step, big_step;
	const char *step_help;
};

const struct param_info *param_info(enum launch_param p);
/* The label in the words of the GPU's vendor ("VGPRs" on AMD). */
const char *param_label(enum launch_param p, enum gpu_vendor v);
/* The parameter a launch-file key or launch-list column names (any of its
 * names, ignoring case), or PARAM_N. */
enum launch_param param_find(const char *name);
/* Whether p means something on a GPU of vendor v. */
bool param_applies(enum launch_param p, enum gpu_vendor v);

/* The one reader of a parameter's text, for flags (file NULL: a usage error),
 * launch files, launch lists and the explorer's prompt: sets p in l. what
 * names the field in messages (the flag, key or column). */
bool param_parse(enum launch_param p, const char *text, struct launch *l, const char *file,
		 long line, const char *what, struct occ_error *err);

/* A numeric parameter's value (the block and grid as their totals; 0 for
 * the names) and setting it (block and grid become one-dimensional). */
int64_t param_get(const struct launch *l, enum launch_param p);
void param_set(struct launch *l, enum launch_param p, int64_t v);
/* The parameter as a launch file writes it ("16x16x1", "49152", "default"). */
void param_write(const struct launch *l, enum launch_param p, char *buf, size_t size);

/* Whether p is the same in a and b; the bits (PARAM_BIT) of those that
 * differ among mask. */
bool param_equal(const struct launch *a, const struct launch *b, enum launch_param p);
unsigned param_diff(const struct launch *a, const struct launch *b, unsigned mask);
/* The same for what a launch's occupancy and waves depend on: a block or
 * grid of another shape with the same total is no difference. */
unsigned param_diff_effect(const struct launch *a, const struct launch *b, unsigned mask);
/* Copies the parameters in mask from src onto dst. */
void param_copy(struct launch *dst, const struct launch *src, unsigned mask);

/* Parameters a user set, on the command line or in the explorer: which,
 * and their values (launch_init's defaults for the others). */
struct param_set {
	unsigned set;          /* PARAM_BIT of each parameter given */
	unsigned amd_spelled;  /* given by an AMD-only spelling (--vgprs for --registers) */
	struct launch values;
};

/* Parameters given (mask) that gpu's vendor does not have are a usage error
 * naming the flag, in one wording for the command line, launch files and the
 * explorer. amd_spelled: those given by their AMD spelling (--vgprs for
 * --registers), refused on NVIDIA GPUs. On an AMD VLIW (TeraScale) target
 * --sgprs, --agprs and --wave-size are refused too, naming the generation. */
bool param_check_vendor(unsigned mask, unsigned amd_spelled, const struct gpu *gpu,
			struct occ_error *err);
/* The same for the generation: a parameter only some of the vendor's GPUs
 * have (--carveout from Volta, --cache-config on Fermi and Kepler) is a usage
 * error naming the generation; param_check_vendor checks the flags given
 * (mask). param_check_values checks a launch's own values (a carveout given,
 * a cache preference other than none), as a launch file or the explorer set
 * them: file and line name where (file NULL: a usage error). */
bool param_check_values(const struct launch *l, const struct gpu *gpu, const char *file,
			long line, struct occ_error *err);

#endif
