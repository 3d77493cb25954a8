/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* params.c - the launch parameter table (params.h) and the one reader,
 * writer, format and comparison of each type of parameter. */
#include "config.h"

#include "params.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "cluster.h"
#include "occupancy.h"
#include "strutil.h"

/* ---- the generations and choices a GPU has ----------------------------- */

/* Why gpu (NVIDIA) has no carveout or no cache preference, naming the other
 * parameter it has instead, where it has it (flags: by its flag, else by its
 * first key). */
static void generation_why(const struct gpu *gpu, const char *lacks, enum launch_param other,
			   bool has_other, const char *split, const char *since, bool flags,
			   char *why, size_t size)
{
	const struct gpu_arch *a = &gpu->arch;
	const char *name = flags ? param_info(other)->flag : param_info(other)->names;
	char cc[16];

	gpu_arch_cc_string(a, cc, sizeof(cc));
	if (has_other)
		snprintf(why, size, "%s (cc %s) has no %s%s%.*s", a->family, cc, lacks, split,
			 (int)strcspn(name, " "), name);
	else
		snprintf(why, size, "%s (cc %s) has no %s: its %lld KB of shared memory per SM are "
			 "fixed%s", a->family, cc, lacks, (long long)(a->smem_per_sm_bytes / 1024),
			 since);
}

static bool carveout_generation(const struct gpu *gpu, bool flags, char *why, size_t size)
{
	if (gpu->arch.vendor != GPU_NVIDIA || gpu_has_carveout(&gpu->arch))
		return true;
	generation_why(gpu, "carveout", PARAM_CACHE_CONFIG, gpu_has_cache_config(&gpu->arch),
		       "; L1 and shared memory are split by a cache preference: use ",
		       " (carveouts start with Volta, cc 7.0)", flags, why, size);
	return false;
}

static bool cache_generation(const struct gpu *gpu, bool flags, char *why, size_t size)
{
	if (gpu->arch.vendor != GPU_NVIDIA || gpu_has_cache_config(&gpu->arch))
		return true;
	generation_why(gpu, "L1/shared preference", PARAM_CARVEOUT, gpu_has_carveout(&gpu->arch),
		       "; use ", "", flags, why, size);
	return false;
}

/* AMD: a choice of wave size, accumulation registers, SGPRs that limit. */
static bool has_wave_choice(const struct gpu_arch *a)
{
	return a->amd.wave32 && a->amd.wave64;
}

static bool has_agprs(const struct gpu_arch *a)
{
	return a->amd.unified_vgpr_agpr || a->amd.max_agprs_per_wave > 0;
}

static bool has_sgpr_limit(const struct gpu_arch *a)
{
	return amd_sgprs_limit(&a->amd);
}

/* A partition mode to choose: MI300 and MI350 devices (the XCDs are not
 * what the explorer's bar steps, so this is information for param_offered). */
static bool has_xcds(const struct gpu_arch *a)
{
	return a->vendor == GPU_AMD && !a->amd.vliw;
}

/* ---- the table ---------------------------------------------------------- */

#define AT(member) .offset = offsetof(struct launch, member), \
		   .size = sizeof(((struct launch *)0)->member)
#define LIMIT(member) .limit = offsetof(struct launch_limits, member)
#define STEP(n_, unit_) { (n_), PARAM_UNIT_##unit_ }
#define CHART(kind) .charted = true, .sweep = (kind)

static const struct param_info params[PARAM_N] = {
	[PARAM_BLOCK] = {
		.label = "block", .amd_label = "workgroup", .flag = "--block-size",
		.names = "block block_size", .column = "block_size", .json = "block",
		.noun = "block size", .amd_noun = "workgroup size",
		.total = "threads_per_block", .unit = "threads", .kind = PARAM_DIM3,
		.min = 1, .max = LAUNCH_COUNT_MAX, AT(block), LIMIT(threads_per_block),
		CHART(SWEEP_BLOCK_SIZE),
		.step = STEP(1, WARP), .big_step = STEP(8, WARP) },
	[PARAM_REGISTERS] = {
		.label = "registers", .amd_label = "VGPRs", .flag = "--registers", .amd_flag = "--vgprs",
		.names = "registers registers_per_thread vgprs vgprs_per_thread", .amd_key = "vgprs",
		.noun = "registers per thread", .amd_noun = "VGPR count",
		.column = "registers_per_thread", .json = "registers_per_thread",
		.unit = "registers per thread", .kind = PARAM_INT, .min = 0, .max = LAUNCH_COUNT_MAX,
		AT(regs_per_thread), LIMIT(regs_per_thread), CHART(SWEEP_REGISTERS),
		.step = STEP(1, ONE), .big_step = STEP(8, ONE) },
	[PARAM_STATIC_SMEM] = {
		.label = "static smem", .amd_label = "LDS", .flag = "--shared-mem",
		.names = "static_shared_mem shared_mem static_shared_mem_bytes", .amd_key = "lds",
		.noun = "static shared memory", .amd_noun = "LDS size",
		.column = "static_shared_mem_bytes", .json = "static_shared_mem_bytes",
		.unit = "bytes", .kind = PARAM_SIZE, .min = 0, .max = INT32_MAX,
		AT(static_smem_bytes), LIMIT(static_smem_bytes), CHART(SWEEP_SHARED_MEM),
		.budget = offsetof(struct launch_limits, smem_bytes), .partner = PARAM_DYNAMIC_SMEM,
		.step = STEP(1, ALLOC), .big_step = STEP(4096, ONE) },
	[PARAM_DYNAMIC_SMEM] = {
		.label = "dynamic smem", .amd_label = "dynamic LDS", .flag = "--dynamic-shared-mem",
		.names = "dynamic_shared_mem dynamic_shared_mem_bytes",
		.noun = "dynamic shared memory", .amd_noun = "dynamic LDS",
		.column = "dynamic_shared_mem_bytes", .json = "dynamic_shared_mem_bytes",
		.unit = "bytes", .kind = PARAM_SIZE, .min = 0, .max = INT32_MAX,
		AT(dynamic_smem_bytes), LIMIT(smem_bytes), CHART(SWEEP_SHARED_MEM),
		.budget = offsetof(struct launch_limits, smem_bytes), .partner = PARAM_STATIC_SMEM,
		.step = STEP(1, ALLOC), .big_step = STEP(4096, ONE) },
	[PARAM_GRID] = {
		.label = "grid", .amd_label = "grid", .flag = "--grid", .names = "grid grid_size",
		.noun = "grid size",
		.column = "grid_size", .json = "grid", .total = "grid_size", .unit = "blocks",
		.kind = PARAM_DIM3, .min = 1, .max = LAUNCH_GRID_MAX, AT(grid), LIMIT(grid_size),
		.step = STEP(1, ONE), .big_step = STEP(1, WAVE) },
	[PARAM_CARVEOUT] = {
		.label = "carveout", .amd_label = "carveout", .flag = "--carveout",
		.names = "carveout shared_mem_carveout_pct", .column = "shared_mem_carveout_pct",
		.json = "shared_mem_carveout_pct", .unit = "percent", .kind = PARAM_PERCENT,
		.min = 0, .max = 100, AT(carveout_pct), LIMIT(carveout_pct),
		.none = LAUNCH_CARVEOUT_DEFAULT, .none_word = "default",
		.vendor = PARAM_NVIDIA_ONLY, .vendor_why = "its LDS size is fixed (no carveout)",
		.offered = gpu_has_carveout, .generation = carveout_generation,
		.stepper = PARAM_STEP_CONFIG },
	[PARAM_CACHE_CONFIG] = {
		.label = "cache config", .amd_label = "cache config", .flag = "--cache-config",
		.names = "cache_config", .column = "cache_config", .json = "cache_config",
		.unit = "", .kind = PARAM_CACHE, .min = LAUNCH_CACHE_NONE, .max = LAUNCH_CACHE_EQUAL,
		AT(cache_config), LIMIT(cache_config), .none = LAUNCH_CACHE_NONE,
		.vendor = PARAM_NVIDIA_ONLY, .vendor_why = "its LDS is not shared with an L1 cache",
		.offered = gpu_has_cache_config, .generation = cache_generation,
		.step = STEP(1, ONE), .big_step = STEP(1, ONE) },
	[PARAM_BARRIERS] = {
		.label = "barriers", .amd_label = "barriers", .flag = "--barriers",
		.names = "barriers", .column = "barriers", .json = "barriers",
		.unit = "barriers per block", .kind = PARAM_INT, .min = 0,
		.max = LAUNCH_BARRIERS_MAX,
		AT(barriers), LIMIT(barriers), CHART(SWEEP_BARRIERS), .vendor = PARAM_NVIDIA_ONLY,
		.vendor_why = "barriers do not limit occupancy there",
		.step = STEP(1, ONE), .big_step = STEP(4, ONE) },
	[PARAM_WAVE_SIZE] = {
		.label = "wave size", .amd_label = "wave size", .flag = "--wave-size",
		.names = "wave_size", .column = "wave_size", .json = "wave_size", .unit = "lanes",
		.kind = PARAM_WAVE, .min = 32, .max = 64, AT(wave_size), LIMIT(wave_size),
		.vendor = PARAM_AMD_ONLY, .vendor_why = "NVIDIA's warp size is always 32",
		.vliw_why = "its wavefront size is fixed", .offered = has_wave_choice,
		.step = STEP(32, ONE), .big_step = STEP(32, ONE) },
	[PARAM_AGPRS] = {
		.label = "AGPRs", .amd_label = "AGPRs", .flag = "--agprs",
		.names = "agprs agprs_per_thread", .column = "agprs_per_thread",
		.json = "agprs_per_thread", .unit = "AGPRs per work-item", .kind = PARAM_INT,
		.min = 0, .max = LAUNCH_COUNT_MAX, AT(agprs), LIMIT(agprs), .vendor = PARAM_AMD_ONLY,
		.vendor_why = "it has no accumulation registers",
		.vliw_why = "it has no accumulation registers", .offered = has_agprs,
		.step = STEP(1, ONE), .big_step = STEP(8, ONE) },
	[PARAM_SGPRS] = {
		.label = "SGPRs", .amd_label = "SGPRs", .flag = "--sgprs",
		.names = "sgprs sgprs_per_wave", .column = "sgprs_per_wave", .json = "sgprs_per_wave",
		.unit = "SGPRs per wave", .kind = PARAM_INT, .min = 0, .max = LAUNCH_COUNT_MAX,
		AT(sgprs), LIMIT(sgprs), .vendor = PARAM_AMD_ONLY, .none_word = "not given",
		.vendor_why = "it has no scalar registers per wave",
		.vliw_why = "it has no scalar registers (only 128-bit GPRs per work-item)",
		.offered = has_sgpr_limit,
		.step = STEP(1, ONE), .big_step = STEP(8, ONE) },
	[PARAM_CLUSTER] = {
		.label = "cluster", .amd_label = "cluster", .flag = "--cluster-size",
		.names = "cluster_size cluster", .column = "cluster_size", .json = "cluster_size",
		.unit = "blocks per cluster", .kind = PARAM_INT, .min = 0,
		.max = CLUSTER_MAX_NONPORTABLE,
		AT(cluster_size), LIMIT(cluster_size), CHART(SWEEP_CLUSTER), .none_word = "none",
		.vendor = PARAM_NVIDIA_ONLY, .vendor_why = "it has no thread-block clusters",
		.offered = cluster_supported,
		.step = STEP(1, ONE), .big_step = STEP(4, ONE) },
	[PARAM_SMS] = {
		.label = "SMs", .amd_label = "CUs", .flag = "--sms", .names = "sms partition",
		.column = "sms", .json = "sms", .unit = "units the launch may use",
		.kind = PARAM_INT, .min = 0, .max = LAUNCH_COUNT_MAX, AT(sms), LIMIT(sms),
		.none_word = "all", .given_min = 1,
		.given_min_why = "a partition has at least 1 unit; all (or none given) uses every one",
		.step = STEP(1, ONE), .big_step = STEP(8, ONE) },
	[PARAM_GPU] = {
		.label = "GPU", .amd_label = "GPU", .flag = "--gpu", .names = "gpu", .column = "gpu",
		.json = "gpu", .unit = "", .kind = PARAM_NAME, AT(gpu_name),
		.stepper = PARAM_STEP_DEVICE },
	[PARAM_KERNEL] = {
		.label = "kernel", .amd_label = "kernel", .flag = "--kernel", .names = "kernel name",
		.column = "kernel", .json = "name", .unit = "", .kind = PARAM_NAME, AT(kernel) },
	[PARAM_XCDS] = {
		.label = "XCDs", .amd_label = "XCDs", .flag = "--xcds", .names = "xcds num_xcd",
		.column = "xcds", .json = "xcds", .unit = "XCDs", .kind = PARAM_INT, .min = 1,
		.max = LAUNCH_XCDS_MAX, AT(xcds), LIMIT(xcds), .none = 0, .vendor = PARAM_AMD_ONLY,
		.vendor_why = "it has no XCDs (accelerator complex dies)",
		.vliw_why = "it has no XCDs (accelerator complex dies)", .offered = has_xcds,
		.device = true },
};

#undef AT
#undef LIMIT
#undef STEP
#undef CHART

const struct param_info *const param_table = params;

const char *param_label(enum launch_param p, enum gpu_vendor v)
{
	const struct param_info *i = param_info(p);

	if (!i)
		return "?";
	return v == GPU_AMD ? i->amd_label : i->label;
}

/* Whether name is one of the space-separated words of list, ignoring case. */
static bool in_list(const char *list, const char *name)
{
	size_t n = strlen(name);

	while (*list) {
		size_t w = strcspn(list, " ");

		if (w == n && strncasecmp(list, name, n) == 0)
			return true;
		list += w;
		while (*list == ' ')
			list++;
	}
	return false;
}

enum launch_param param_find(const char *name)
{
	for (int p = 0; p < PARAM_N; p++)
		if (in_list(params[p].names, name) || str_ieq(params[p].column, name))
			return (enum launch_param)p;
	return PARAM_N;
}

bool param_applies(enum launch_param p, enum gpu_vendor v)
{
	const struct param_info *i = param_info(p);

	if (!i)
		return false;
	return i->vendor == PARAM_ANY || (i->vendor == PARAM_AMD_ONLY) == (v == GPU_AMD);
}

/* ---- values: one reader, writer and format per type --------------------- */

/* The dimensions of a DIM3 parameter, whether struct launch holds them as int
 * (the block) or int64_t (the grid). */
static void dims_get(const struct launch *l, const struct param_info *i, int64_t d[3])
{
	const char *at = (const char *)l + i->offset;

	if (i->size == 3 * sizeof(int)) {
		int v[3];

		memcpy(v, at, sizeof(v));
		d[0] = v[0], d[1] = v[1], d[2] = v[2];
	} else {
		memcpy(d, at, 3 * sizeof(int64_t));
	}
}

static void dims_set(struct launch *l, const struct param_info *i, const int64_t d[3])
{
	char *at = (char *)l + i->offset;

	if (i->size == 3 * sizeof(int)) {
		int v[3] = { (int)d[0], (int)d[1], (int)d[2] };

		memcpy(at, v, sizeof(v));
	} else {
		memcpy(at, d, 3 * sizeof(int64_t));
	}
}

bool param_parse(enum launch_param p, const char *text, struct launch *l, const char *file,
		 long line, const char *what, struct occ_error *err)
{
	const struct param_info *i = param_info(p);
	enum occ_status bad = file ? OCC_EDATA : OCC_EUSAGE;
	int64_t v = 0, dims[3];
	int choice;

	if (!i) {
		occ_error_set(err, bad, file, line, what, "not a launch parameter");
		return false;
	}
	switch (i->kind) {
	case PARAM_DIM3:
		if (!launch_parse_dim3(text, i->max, dims, file, line, what, err))
			return false;
		dims_set(l, i, dims);
		return true;
	case PARAM_INT:
		/* A value no one may write as a number has its word ("all"). */
		if (i->given_min && i->none_word && strcasecmp(text, i->none_word) == 0) {
			v = i->none;
			break;
		}
		if (!launch_parse_int(text, i->min, i->max, &v, file, line, what, err))
			return false;
		if (v < i->given_min) {
			occ_error_set(err, bad, file, line, what, "%lld: %s", (long long)v,
				      i->given_min_why);
			return false;
		}
		break;
	case PARAM_SIZE:
		if (!launch_parse_size(text, &v, file, line, what, err))
			return false;
		if (v > i->max) {
			occ_error_set(err, bad, file, line, what, "%lld bytes is more than any GPU has "
				      "(at most %lld)", (long long)v, (long long)i->max);
			return false;
		}
		break;
	case PARAM_PERCENT:
		if (!launch_parse_carveout(text, &choice, file, line, what, err))
			return false;
		v = choice;
		break;
	case PARAM_CACHE:
		if (!launch_parse_cache_config(text, &choice, file, line, what, err))
			return false;
		v = choice;
		break;
	case PARAM_WAVE:
		if (!launch_parse_int(text, 0, LAUNCH_COUNT_MAX, &v, file, line, what, err))
			return false;
		if (v != i->min && v != i->max) {
			occ_error_set(err, bad, file, line, what, "a wave size is %lld or %lld, got %lld",
				      (long long)i->min, (long long)i->max, (long long)v);
			return false;
		}
		break;
	case PARAM_NAME:
		/* A GPU must be named; a kernel name too long is cut. */
		if (p == PARAM_GPU && !text[0]) {
			occ_error_set(err, bad, file, line, what, "empty GPU name");
			return false;
		}
		if (!str_copy((char *)l + i->offset, i->size, text) && p == PARAM_GPU) {
			occ_error_set(err, bad, file, line, what, "name too long");
			return false;
		}
		return true;
	}
	param_set(l, p, v);
	return true;
}

int64_t param_get(const struct launch *l, enum launch_param p)
{
	const struct param_info *i = param_info(p);
	int64_t d[3], v;
	int n;

	if (!i || i->kind == PARAM_NAME)
		return 0;
	if (i->kind == PARAM_DIM3) {
		/* The total, saturated as launch_grid_size and launch_threads_per_block do. */
		dims_get(l, i, d);
		if (__builtin_mul_overflow(d[0], d[1], &v) || __builtin_mul_overflow(v, d[2], &v))
			return INT64_MAX;
		return i->size == 3 * sizeof(int) && v > INT32_MAX ? INT32_MAX : v;
	}
	if (i->size == sizeof(int64_t)) {
		memcpy(&v, (const char *)l + i->offset, sizeof(v));
		return v;
	}
	memcpy(&n, (const char *)l + i->offset, sizeof(n));
	return n;
}

void param_set(struct launch *l, enum launch_param p, int64_t v)
{
	const struct param_info *i = param_info(p);
	int n = (int)v;

	if (!i || i->kind == PARAM_NAME)
		return;
	if (i->kind == PARAM_DIM3)
		dims_set(l, i, (const int64_t[3]){ v, 1, 1 });
	else if (i->size == sizeof(int64_t))
		memcpy((char *)l + i->offset, &v, sizeof(v));
	else
		memcpy((char *)l + i->offset, &n, sizeof(n));
}

void param_get_dims(const struct launch *l, enum launch_param p, int64_t d[3])
{
	const struct param_info *i = param_info(p);

	if (i && i->kind == PARAM_DIM3)
		dims_get(l, i, d);
}

void param_set_dims(struct launch *l, enum launch_param p, const int64_t d[3])
{
	const struct param_info *i = param_info(p);

	if (i && i->kind == PARAM_DIM3)
		dims_set(l, i, d);
}

void param_write(const struct launch *l, enum launch_param p, char *buf, size_t size)
{
	const struct param_info *i = param_info(p);
	int64_t d[3], v = param_get(l, p);

	if (!i) {
		snprintf(buf, size, "?");
		return;
	}
	if (i->given_min && i->none_word && v == i->none) {
		snprintf(buf, size, "%s", i->none_word);
		return;
	}
	switch (i->kind) {
	case PARAM_DIM3:
		dims_get(l, i, d);
		if (d[1] == 1 && d[2] == 1)
			snprintf(buf, size, "%lld", (long long)d[0]);
		else
			snprintf(buf, size, "%lldx%lldx%lld", (long long)d[0], (long long)d[1],
				 (long long)d[2]);
		return;
	case PARAM_PERCENT:
		if (v == i->none)
			snprintf(buf, size, "%s", i->none_word);
		else
			snprintf(buf, size, "%lld", (long long)v);
		return;
	case PARAM_CACHE:
		snprintf(buf, size, "%s", launch_cache_config_name((int)v));
		return;
	case PARAM_NAME:
		snprintf(buf, size, "%s", (const char *)l + i->offset);
		return;
	case PARAM_INT:
	case PARAM_SIZE:
	case PARAM_WAVE:
		snprintf(buf, size, "%lld", (long long)v);
		return;
	}
}

/* Whole KiB as KiB ("48 KiB"), everything else in exact bytes ("1152 B"):
 * a rounded "1.1 KiB" would hide the allocation-unit steps. */
static void format_bytes(char *buf, size_t size, int64_t v)
{
	if (v >= 1024 && v % 1024 == 0)
		snprintf(buf, size, "%lld KiB", (long long)(v / 1024));
	else
		snprintf(buf, size, "%lld B", (long long)v);
}

void param_format(const struct launch *l, const struct gpu *gpu, enum launch_param p, char *buf,
		  size_t size)
{
	const struct param_info *i = param_info(p);
	int64_t d[3], v = param_get(l, p);

	if (size == 0)
		return;
	buf[0] = '\0';
	if (!i)
		return;
	if (p == PARAM_GPU) {
		/* The device's own name, not the launch's spelling of it. */
		snprintf(buf, size, "%s", gpu->name);
		return;
	}
	/* (a name's none goes through param_write, as the name does) */
	if (i->none_word && v == i->none && i->kind != PARAM_NAME) {
		snprintf(buf, size, "%s", i->none_word);
		return;
	}
	switch (i->kind) {
	case PARAM_DIM3:
		dims_get(l, i, d);
		if (d[1] == 1 && d[2] == 1)
			snprintf(buf, size, "%lld", (long long)d[0]);
		else if (d[2] == 1)
			snprintf(buf, size, "%lldx%lld (%lld)", (long long)d[0], (long long)d[1],
				 (long long)(d[0] * d[1]));
		else
			snprintf(buf, size, "%lldx%lldx%lld (%lld)", (long long)d[0], (long long)d[1],
				 (long long)d[2], (long long)(d[0] * d[1] * d[2]));
		return;
	case PARAM_SIZE:
		format_bytes(buf, size, v);
		return;
	case PARAM_PERCENT:
		snprintf(buf, size, "%lld%%", (long long)v);
		return;
	case PARAM_WAVE:
		snprintf(buf, size, "%lld", (long long)(v ? v : gpu->arch.warp_size));
		return;
	case PARAM_CACHE:
	case PARAM_NAME:
		param_write(l, p, buf, size);
		return;
	case PARAM_INT:
		snprintf(buf, size, "%lld", (long long)v);
		return;
	}
}

const char *param_key_json(enum launch_param p)
{
	const struct param_info *i = param_info(p);

	return i ? i->json : "?";
}

const char *param_key_total(enum launch_param p)
{
	const struct param_info *i = param_info(p);

	return !i ? "?" : i->total ? i->total : i->json;
}

bool param_equal(const struct launch *a, const struct launch *b, enum launch_param p)
{
	const struct param_info *i = param_info(p);

	if (!i)
		return true;
	if (i->kind == PARAM_NAME)
		return strcmp((const char *)a + i->offset, (const char *)b + i->offset) == 0;
	/* Every dimension: a block of another shape is another launch. */
	return memcmp((const char *)a + i->offset, (const char *)b + i->offset, i->size) == 0;
}

/* The bits of mask that name a parameter, lowest first: every record's
 * what-if check visits the few it set, not all PARAM_N. */
static inline int next_param(unsigned *bits)
{
	int p = __builtin_ctz(*bits);

	*bits &= *bits - 1;
	return p;
}

#define PARAM_ALL_BITS (PARAM_N >= 32 ? ~0u : PARAM_BIT(PARAM_N) - 1u)

/* Where the values that are not names begin in struct launch, and the
 * bits of the names: found once. */
static size_t values_start(unsigned *name_bits)
{
	static size_t lo;
	static unsigned names;

	if (!lo) {
		size_t at = sizeof(struct launch);

		for (int p = 0; p < PARAM_N; p++)
			if (params[p].kind == PARAM_NAME)
				names |= PARAM_BIT(p);
			else if (params[p].offset < at)
				at = params[p].offset;
		lo = at;
	}
	*name_bits = names;
	return lo;
}

unsigned param_diff(const struct launch *a, const struct launch *b, unsigned mask)
{
	unsigned d = 0, names;
	size_t lo = values_start(&names);

	mask &= PARAM_ALL_BITS;
	/* A launch as measured and the one analysed are most often the same:
	 * where every byte from the first value on is, only names can differ. */
	if (memcmp((const char *)a + lo, (const char *)b + lo, sizeof(struct launch) - lo) == 0)
		mask &= names;
	for (unsigned bits = mask; bits;) {
		int p = next_param(&bits);
		const struct param_info *i = &params[p];
		const char *x = (const char *)a + i->offset, *y = (const char *)b + i->offset;
		bool same;

		/* param_equal's comparison; a constant size is compared inline,
		 * not by a call to memcmp per parameter */
		if (i->kind == PARAM_NAME)
			same = strcmp(x, y) == 0;
		else if (i->size == 4)
			same = memcmp(x, y, 4) == 0;
		else if (i->size == 8)
			same = memcmp(x, y, 8) == 0;
		else if (i->size == 12)
			same = memcmp(x, y, 12) == 0;
		else if (i->size == 24)
			same = memcmp(x, y, 24) == 0;
		else
			same = memcmp(x, y, i->size) == 0;
		if (!same)
			d |= PARAM_BIT(p);
	}
	return d;
}

unsigned param_diff_effect(const struct launch *a, const struct launch *b, unsigned mask)
{
	unsigned d = param_diff(a, b, mask);

	/* Only the totals reach the occupancy and the waves. */
	for (unsigned bits = d; bits;) {
		int p = next_param(&bits);

		if (params[p].kind == PARAM_DIM3 &&
		    param_get(a, (enum launch_param)p) == param_get(b, (enum launch_param)p))
			d &= ~PARAM_BIT(p);
	}
	return d;
}

void param_copy(struct launch *dst, const struct launch *src, unsigned mask)
{
	for (int p = 0; p < PARAM_N; p++)
		if (mask & PARAM_BIT(p))
			memcpy((char *)dst + params[p].offset, (const char *)src + params[p].offset,
			       params[p].size);
}

/* ---- what a GPU takes ---------------------------------------------------- */

static struct launch_range limit_at(const struct launch_limits *lim, size_t offset)
{
	struct launch_range r;

	memcpy(&r, (const char *)lim + offset, sizeof(r));
	return r;
}

void param_range(const struct launch *l, const struct gpu *gpu, enum launch_param p,
		 int64_t *lo, int64_t *hi)
{
	const struct param_info *i = param_info(p);
	struct launch_limits lim;
	struct launch_range r;

	*lo = *hi = 0;
	if (!i || i->kind == PARAM_NAME)
		return;
	launch_limits(gpu, &lim);
	r = limit_at(&lim, i->limit);
	/* What the other one leaves of a shared budget. */
	if (i->budget) {
		int64_t left = limit_at(&lim, i->budget).hi - param_get(l, (enum launch_param)i->partner);

		if (left < r.hi)
			r.hi = left;
	}
	*lo = r.lo;
	*hi = r.hi < r.lo ? r.lo : r.hi;
}

bool param_offered(const struct launch *l, const struct gpu *gpu, enum launch_param p)
{
	const struct param_info *i = param_info(p);
	int64_t lo, hi, v = param_get(l, p);

	if (!i || !param_applies(p, gpu->arch.vendor))
		return false;
	if (!i->offered || i->offered(&gpu->arch))
		return true;
	/* What a generation lacks, while set; else while out of the GPU's range,
	 * not set never being out (a wave size of 0 is the target's). */
	if (i->generation)
		return v != i->none;
	param_range(l, gpu, p, &lo, &hi);
	return v != i->none && (v < lo || v > hi);
}

enum launch_param param_of_sweep(enum sweep_kind k)
{
	enum launch_param found = PARAM_N;

	for (int p = 0; p < PARAM_N; p++)
		if (params[p].charted && params[p].sweep == k)
			found = (enum launch_param)p;
	return found;
}

/* One wave: as many blocks as the whole GPU holds at once; a launch where no
 * block fits still steps by one block per SM. */
static int64_t wave_blocks(const struct launch *l, const struct gpu *gpu)
{
	struct occ_input in;
	struct occ_result r;

	occ_input_from_launch(l, &in);
	occ_compute(&gpu->arch, &in, &r);
	if (r.active_blocks_per_sm > 0)
		return (int64_t)r.active_blocks_per_sm * gpu->sm_count;
	return gpu->sm_count > 0 ? gpu->sm_count : 1;
}

int64_t param_step_size(const struct launch *l, const struct gpu *gpu, enum launch_param p,
			bool big)
{
	const struct param_info *i = param_info(p);
	const struct gpu_arch *a = &gpu->arch;
	struct param_step s;
	int64_t unit = 1;

	if (!i)
		return 1;
	s = big ? i->big_step : i->step;
	if (s.unit == PARAM_UNIT_WARP)
		unit = a->vendor == GPU_AMD && l->wave_size ? l->wave_size : a->warp_size;
	else if (s.unit == PARAM_UNIT_ALLOC)
		unit = a->smem_alloc_unit_bytes;
	else if (s.unit == PARAM_UNIT_WAVE)
		unit = wave_blocks(l, gpu);
	return s.n * unit > 0 ? s.n * unit : 1;
}

/* ---- what a vendor and a generation take --------------------------------- */


bool param_check_vendor(unsigned mask, unsigned amd_spelled, const struct gpu *gpu,
			struct occ_error *err)
{
	enum gpu_vendor v = gpu->arch.vendor;
	char generation[200];

	for (unsigned bits = mask & PARAM_ALL_BITS; bits;) {
		int p = next_param(&bits);
		const struct param_info *i = &params[p];
		const char *flag = i->flag, *why = i->vendor_why;

		if ((amd_spelled & PARAM_BIT(p)) && v != GPU_AMD && i->amd_flag) {
			occ_error_set(err, OCC_EUSAGE, NULL, 0, i->amd_flag, "%s is an NVIDIA GPU: it "
				      "has %s (%s)", gpu->name, i->unit, i->flag);
			return false;
		}
		if (param_applies((enum launch_param)p, v)) {
			if (v == GPU_AMD && gpu->arch.amd.vliw && (why = i->vliw_why)) {
				occ_error_set(err, OCC_EUSAGE, NULL, 0, flag, "%s is a %s (VLIW) GPU: %s",
					      gpu->name, gpu->arch.family, why);
				return false;
			}
			if (!i->generation || i->generation(gpu, true, generation, sizeof(generation)))
				continue;
			occ_error_set(err, OCC_EUSAGE, NULL, 0, flag, "%s", generation);
			return false;
		}
		occ_error_set(err, OCC_EUSAGE, NULL, 0, flag, "%s is an %s GPU: %s", gpu->name,
			      v == GPU_AMD ? "AMD" : "NVIDIA", why);
		return false;
	}
	/* A flag of a later generation than the GPU's. */
	if ((mask & PARAM_BIT(PARAM_CLUSTER)) && !cluster_supported(&gpu->arch)) {
		char text[160];

		cluster_refusal(&gpu->arch, text, sizeof(text));
		occ_error_set(err, OCC_EUSAGE, NULL, 0, params[PARAM_CLUSTER].flag, "%s", text);
		return false;
	}
	return true;
}

bool param_check_values(const struct launch *l, const struct gpu *gpu, const char *file,
			long line, struct occ_error *err)
{
	static unsigned generational;   /* the rows with a generation: found once */
	char why[200], key[32];

	if (!generational)
		for (int p = 0; p < PARAM_N; p++)
			if (params[p].generation)
				generational |= PARAM_BIT(p);
	/* Those only some generations have, where the launch sets them. */
	for (unsigned bits = generational; bits;) {
		int p = next_param(&bits);

		if (param_get(l, (enum launch_param)p) == params[p].none ||
		    params[p].generation(gpu, false, why, sizeof(why)))
			continue;
		snprintf(key, sizeof(key), "%.*s", (int)strcspn(params[p].names, " "), params[p].names);
		occ_error_set(err, file ? OCC_EDATA : OCC_EUSAGE, file, line, key, "%s", why);
		return false;
	}
	return true;
}
