/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* launch.c - one kernel launch: defaults, value parsing and checks against a GPU. */
#include "config.h"

#include "launch.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "checked.h"
#include "cluster.h"
#include "strutil.h"

/* The embedded default: a current data-centre GPU, a common block shape, and a
 * grid of one and a half waves (132 SMs x 8 blocks x 1.5), so the tail shows. */
#define DEFAULT_GPU "H100 SXM"
#define DEFAULT_GRID 1584

void launch_init(struct launch *l)
{
	memset(l, 0, sizeof(*l));
	str_copy(l->kernel, sizeof(l->kernel), "default");
	str_copy(l->gpu_name, sizeof(l->gpu_name), DEFAULT_GPU);
	l->grid[0] = DEFAULT_GRID;
	l->grid[1] = l->grid[2] = 1;
	l->block[0] = 256;
	l->block[1] = l->block[2] = 1;
	l->regs_per_thread = 32;
	l->carveout_pct = LAUNCH_CARVEOUT_DEFAULT;
	l->barriers = 1;
}

int64_t launch_grid_size(const struct launch *l)
{
	/* Saturates: launch_check refuses grids past CUDA's limits, but this is
	 * also asked of launches not checked yet. */
	return checked_dims(l->grid[0], l->grid[1], l->grid[2], NULL);
}

int launch_threads_per_block(const struct launch *l)
{
	int64_t n = checked_dims(l->block[0], l->block[1], l->block[2], NULL);

	return n > INT32_MAX ? INT32_MAX : (int)n;
}

int64_t launch_smem_per_block_bytes(const struct launch *l)
{
	return checked_add(l->static_smem_bytes, l->dynamic_smem_bytes, NULL);
}

static void shown(const char *text, char *buf, size_t size)
{
	char cut[64];
	str_copy(cut, sizeof(cut), text);
	str_sanitize(cut, buf, size);
}

/* Strict decimal with optional thousands separators ("16,384" as profilers
 * write): 1 with *out set, 0 for text that is no whole number, -1 for one
 * that no int64_t holds, which is out of range, not bad text. */
static int parse_number(const char *s, int64_t *out)
{
	int64_t v = 0;
	int digits = 0;
	bool over = false;

	while (isspace((unsigned char)*s))
		s++;
	if (*s == '+')
		s++;
	for (; *s; s++) {
		if (*s == ',' && digits > 0 && isdigit((unsigned char)s[1]))
			continue;
		if (!isdigit((unsigned char)*s))
			break;
		if (v > (INT64_MAX - (*s - '0')) / 10)
			over = true;
		else
			v = v * 10 + (*s - '0');
		digits++;
	}
	while (isspace((unsigned char)*s))
		s++;
	if (!digits || *s)
		return 0;
	if (over)
		return -1;
	*out = v;
	return 1;
}

bool launch_parse_int(const char *text, int64_t min, int64_t max, int64_t *out,
		      const char *file, long line, const char *what, struct occ_error *err)
{
	char buf[260];
	int64_t v;
	const char *p = text;

	while (isspace((unsigned char)*p))
		p++;
	if (*p == '-') {
		int64_t neg = 0;
		int k = parse_number(p + 1, &neg);

		if (k < 0 || (k > 0 && neg > 0)) {
			shown(p + 1, buf, sizeof(buf));
			occ_error_set(err, file ? OCC_EDATA : OCC_EUSAGE, file, line, what,
				      "must not be negative (got -%s)", str_trim(buf));
			return false;
		}
	}
	switch (parse_number(text, &v)) {
	case 0:
		shown(text, buf, sizeof(buf));
		occ_error_set(err, file ? OCC_EDATA : OCC_EUSAGE, file, line, what,
			      "expected a whole number, got \"%s\"", buf);
		return false;
	case -1:
		shown(p, buf, sizeof(buf));
		occ_error_set(err, file ? OCC_EDATA : OCC_EUSAGE, file, line, what,
			      "%s is out of range (%lld to %lld)", str_trim(buf), (long long)min,
			      (long long)max);
		return false;
	}
	if (v < min || v > max) {
		occ_error_set(err, file ? OCC_EDATA : OCC_EUSAGE, file, line, what,
			      "%lld is out of range (%lld to %lld)", (long long)v,
			      (long long)min, (long long)max);
		return false;
	}
	*out = v;
	return true;
}

bool launch_parse_dim3(const char *text, int64_t max_each, int64_t out[3],
		       const char *file, long line, const char *what, struct occ_error *err)
{
	char buf[128], *parts[3];
	size_t n = 0;
	char *p, *start;

	if (!str_copy(buf, sizeof(buf), text)) {
		occ_error_set(err, file ? OCC_EDATA : OCC_EUSAGE, file, line, what, "value too long");
		return false;
	}
	p = str_trim(buf);
	/* "(16, 4, 2)" as Nsight Compute writes it. */
	if (*p == '(' && p[strlen(p) - 1] == ')') {
		p[strlen(p) - 1] = '\0';
		p++;
	}
	/* Split on x, X or commas; every part must hold a number. */
	for (start = p;; p++) {
		bool end = *p == '\0';
		if (!end && *p != 'x' && *p != 'X' && *p != ',')
			continue;
		*p = '\0';
		if (n == 3 || !*str_trim(start)) {
			char shown_buf[260];
			shown(text, shown_buf, sizeof(shown_buf));
			occ_error_set(err, file ? OCC_EDATA : OCC_EUSAGE, file, line, what,
				      "expected N or XxYxZ, got \"%s\"", shown_buf);
			return false;
		}
		parts[n++] = start;
		if (end)
			break;
		start = p + 1;
	}
	out[0] = out[1] = out[2] = 1;
	for (size_t i = 0; i < n; i++)
		if (!launch_parse_int(parts[i], 1, max_each, &out[i], file, line, what, err))
			return false;
	return true;
}

bool launch_parse_size(const char *text, int64_t *out, const char *file, long line,
		       const char *what, struct occ_error *err)
{
	static const struct { const char *suffix; int64_t scale; } units[] = {
		{ "KiB", 1024 }, { "KB", 1024 }, { "K", 1024 },
		{ "MiB", 1 << 20 }, { "MB", 1 << 20 }, { "M", 1 << 20 },
		{ "B", 1 },
	};
	char buf[64];
	int64_t v, scale = 1;
	size_t len;

	if (!str_copy(buf, sizeof(buf), text)) {
		occ_error_set(err, file ? OCC_EDATA : OCC_EUSAGE, file, line, what, "value too long");
		return false;
	}
	str_trim(buf);
	len = strlen(buf);
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		size_t ls = strlen(units[i].suffix);
		if (len > ls && strcasecmp(buf + len - ls, units[i].suffix) == 0) {
			buf[len - ls] = '\0';
			scale = units[i].scale;
			break;
		}
	}
	if (!launch_parse_int(buf, 0, INT64_MAX / (1 << 20), &v, file, line, what, err))
		return false;
	*out = v * scale;
	return true;
}

bool launch_parse_carveout(const char *text, int *out, const char *file, long line,
			   const char *what, struct occ_error *err)
{
	char buf[32];
	int64_t v;

	str_copy(buf, sizeof(buf), text);
	str_trim(buf);
	if (!buf[0] || strcasecmp(buf, "default") == 0) {
		*out = LAUNCH_CARVEOUT_DEFAULT;
		return true;
	}
	if (buf[strlen(buf) - 1] == '%')
		buf[strlen(buf) - 1] = '\0';
	if (!launch_parse_int(buf, 0, 100, &v, file, line, what, err))
		return false;
	*out = (int)v;
	return true;
}

static const char *const cache_names[LAUNCH_CACHE_N] = { "none", "shared", "l1", "equal" };

const char *launch_cache_config_name(int cache_config)
{
	return cache_config >= 0 && cache_config < LAUNCH_CACHE_N ? cache_names[cache_config] : "?";
}

bool launch_parse_cache_config(const char *text, int *out, const char *file, long line,
			       const char *what, struct occ_error *err)
{
	char buf[48];
	const char *p;

	str_copy(buf, sizeof(buf), text);
	str_trim(buf);
	p = buf;
	if (strncasecmp(p, "cudaFuncCache", 13) == 0)
		p += 13;
	if (strncasecmp(p, "prefer", 6) == 0)
		p += 6 + (p[6] == '_' || p[6] == '-');
	if (!*p || strcasecmp(p, "default") == 0) {
		*out = LAUNCH_CACHE_NONE;
		return true;
	}
	for (int i = 0; i < LAUNCH_CACHE_N; i++) {
		if (strcasecmp(p, cache_names[i]) == 0) {
			*out = i;
			return true;
		}
	}
	occ_error_set(err, file ? OCC_EDATA : OCC_EUSAGE, file, line, what,
		      "expected none, shared, l1 or equal, got \"%.40s\"", buf);
	return false;
}

void launch_limits(const struct gpu *gpu, struct launch_limits *out)
{
	const struct gpu_arch *a = &gpu->arch;
	const struct amd_arch *m = &a->amd;
	int most_barriers = LAUNCH_BARRIERS_MAX;

	if (a->barriers_per_sm > 0 && a->barriers_per_sm < most_barriers)
		most_barriers = a->barriers_per_sm;
	*out = (struct launch_limits){
		.threads_per_block = { 1, a->max_threads_per_block },
		.grid_size = { 1, LAUNCH_GRID_MAX },
		.regs_per_thread = { 0, a->max_regs_per_thread },
		.static_smem_bytes = { 0, a->smem_per_block_bytes },
		.smem_bytes = { 0, a->smem_per_block_optin_bytes },
		.carveout_pct = { LAUNCH_CARVEOUT_DEFAULT, 100 },
		.cache_config = { LAUNCH_CACHE_NONE,
				  gpu_has_cache_config(a) ? LAUNCH_CACHE_EQUAL : LAUNCH_CACHE_NONE },
		.barriers = { 0, most_barriers },
		.cluster_size = { 0, cluster_max_size(a) },
		.xcds = { 0, gpu_default_xcds(gpu) > 0 ? gpu_default_xcds(gpu) : LAUNCH_XCDS_MAX },
		.sms = { gpu->sm_count > 0 ? launch_partition_min(a) : 0,
			 gpu->sm_count > 0 ? gpu->sm_count : 0 },
	};
	if (a->vendor != GPU_AMD)
		return;
	/* AMD: VGPRs, AGPRs (in the VGPR file where it is unified), SGPRs where
	 * they limit (amd.h), LDS per workgroup whether static or dynamic. */
	out->regs_per_thread.hi = m->max_vgprs_per_wave;
	out->static_smem_bytes.hi = out->smem_bytes.hi = m->max_lds_per_workgroup_bytes;
	out->wave_size = (struct launch_range){ m->wave32 ? 32 : 64, m->wave64 ? 64 : 32 };
	out->agprs.hi = m->unified_vgpr_agpr ? m->max_vgprs_per_wave : m->max_agprs_per_wave;
	out->sgprs.hi = amd_sgprs_limit(m) ? amd_max_sgprs(m) : LAUNCH_COUNT_MAX;
}

static bool fail(struct occ_error *err, const char *file, long line, const char *field,
		 const char *msg, long long value, long long limit, const struct gpu *gpu)
{
	occ_error_set(err, file ? OCC_EDATA : OCC_EUSAGE, file, line, field,
		      "%s: %lld, but %s allows at most %lld", msg, value, gpu->name, limit);
	return false;
}

/* AMD: the wave size the target runs, VGPRs, AGPRs, SGPRs (where they limit)
 * and LDS within what one wave and one workgroup may use. Carveout and
 * barriers do not apply. */
static bool check_amd(const struct launch *l, const struct gpu *gpu,
		      const struct launch_limits *lim, const char *file, long line,
		      struct occ_error *err)
{
	const struct amd_arch *m = &gpu->arch.amd;
	int64_t lds = launch_smem_per_block_bytes(l);
	int wave = l->wave_size ? l->wave_size : m->default_wave_size;

	if (wave < lim->wave_size.lo || wave > lim->wave_size.hi) {
		occ_error_set(err, file ? OCC_EDATA : OCC_EUSAGE, file, line, "wave_size",
			      "%s (%s) does not run wave%d", gpu->name, m->target, wave);
		return false;
	}
	/* A VLIW (TeraScale) work-item has 128-bit GPRs only. */
	if (m->vliw && (l->sgprs > 0 || l->agprs > 0)) {
		occ_error_set(err, file ? OCC_EDATA : OCC_EUSAGE, file, line,
			      l->sgprs > 0 ? "sgprs" : "agprs", "%s is a %s (VLIW) GPU: it has no %s",
			      gpu->name, m->family, l->sgprs > 0 ? "scalar registers" :
			      "accumulation registers");
		return false;
	}
	if (l->regs_per_thread > lim->regs_per_thread.hi)
		return fail(err, file, line, "vgprs", "VGPRs per work-item", l->regs_per_thread,
			    lim->regs_per_thread.hi, gpu);
	if (l->agprs > lim->agprs.hi)
		return fail(err, file, line, "agprs", "AGPRs per work-item", l->agprs, lim->agprs.hi,
			    gpu);
	/* Where SGPRs do not limit, a count is information only (amd.h). */
	if (amd_sgprs_limit(m) && l->sgprs > lim->sgprs.hi)
		return fail(err, file, line, "sgprs", "SGPRs per wave", l->sgprs, lim->sgprs.hi, gpu);
	if (lds > lim->smem_bytes.hi)
		return fail(err, file, line, "static_shared_mem", "LDS per workgroup", lds,
			    lim->smem_bytes.hi, gpu);
	/* The default (SPX) partition spans every XCD: no partition has more. */
	if (l->xcds > lim->xcds.hi)
		return fail(err, file, line, "xcds", "XCDs", l->xcds, lim->xcds.hi, gpu);
	return true;
}

int launch_partition_min(const struct gpu_arch *a)
{
	if (a->vendor != GPU_NVIDIA || a->cc_major < 6)
		return 1;
	if (a->cc_major < 8)
		return 2;
	return a->cc_major == 8 ? 4 : 8;
}

/* A partition of 1 to the GPU's units, at least the green contexts' minimum. */
static bool check_sms(const struct launch *l, const struct gpu *gpu,
		      const struct launch_limits *lim, const char *file, long line,
		      struct occ_error *err)
{
	enum occ_status st = file ? OCC_EDATA : OCC_EUSAGE;
	const char *field = file ? "sms" : "--sms";
	const char *units = gpu_units(&gpu->arch);

	if (l->sms == 0)
		return true;
	if (gpu->sm_count <= 0) {
		occ_error_set(err, st, file, line, field,
			      "%s is an architecture with no device, so no %s count to take a "
			      "partition of (--gpu NAME)", gpu->arch.arch, gpu_unit(&gpu->arch));
		return false;
	}
	if (l->sms < 1 || l->sms > gpu->sm_count) {
		occ_error_set(err, st, file, line, field,
			      "a partition has 1 to %d %s, all the %s has; got %d", gpu->sm_count,
			      units, gpu->name, l->sms);
		return false;
	}
	if (l->sms < lim->sms.lo) {
		occ_error_set(err, st, file, line, field,
			      "a partition has at least %lld %s on %s (cc %d.%d), the green "
			      "contexts' minimum (cuDevSmResourceSplitByCount); got %d",
			      (long long)lim->sms.lo, units, gpu->arch.family, gpu->arch.cc_major,
			      gpu->arch.cc_minor, l->sms);
		return false;
	}
	return true;
}

/* A cluster only from cc 9.0, of at most 16 blocks (more than 8 needs
 * cudaFuncAttributeNonPortableClusterSizeAllowed), whose size divides the
 * grid: CUDA refuses the launch otherwise (cudaErrorInvalidClusterSize). */
static bool check_cluster(const struct launch *l, const struct gpu *gpu,
			  const struct launch_limits *lim, const char *file, long line,
			  struct occ_error *err)
{
	enum occ_status st = file ? OCC_EDATA : OCC_EUSAGE;
	const char *field = file ? "cluster_size" : "--cluster-size";
	char why[160];

	if (l->cluster_size == 0)
		return true;
	if (lim->cluster_size.hi == 0) {
		cluster_refusal(&gpu->arch, why, sizeof(why));
		occ_error_set(err, st, file, line, field, "%s", why);
		return false;
	}
	if (l->cluster_size < 0 || l->cluster_size > lim->cluster_size.hi) {
		if (lim->cluster_size.hi == CLUSTER_MAX_PORTABLE)
			occ_error_set(err, st, file, line, field,
				      "a cluster has 1 to %d blocks on %s (cc %d.%d), an integrated "
				      "part whose driver launches no non-portable size, got %d",
				      CLUSTER_MAX_PORTABLE, gpu->name, gpu->arch.cc_major,
				      gpu->arch.cc_minor, l->cluster_size);
		else
			occ_error_set(err, st, file, line, field,
				      "a cluster has 1 to %d blocks (more than %d only where the "
				      "kernel allows non-portable sizes), got %d",
				      CLUSTER_MAX_NONPORTABLE, CLUSTER_MAX_PORTABLE, l->cluster_size);
		return false;
	}
	if (launch_grid_size(l) % l->cluster_size != 0) {
		occ_error_set(err, st, file, line, field,
			      "a cluster of %d blocks does not divide the grid of %lld blocks "
			      "(CUDA refuses the launch)", l->cluster_size,
			      (long long)launch_grid_size(l));
		return false;
	}
	return true;
}

bool launch_check(const struct launch *l, const struct gpu *gpu, const char *file,
		  long line, struct occ_error *err)
{
	int64_t threads = checked_dims(l->block[0], l->block[1], l->block[2], NULL);
	int64_t smem = launch_smem_per_block_bytes(l);
	struct launch_limits lim;

	launch_limits(gpu, &lim);
	if (launch_grid_size(l) < lim.grid_size.lo) {
		occ_error_set(err, file ? OCC_EDATA : OCC_EUSAGE, file, line, "grid",
			      "the grid must have at least one block");
		return false;
	}
	if (l->grid[1] > LAUNCH_GRID_YZ_MAX || l->grid[2] > LAUNCH_GRID_YZ_MAX) {
		occ_error_set(err, file ? OCC_EDATA : OCC_EUSAGE, file, line, "grid",
			      "%lldx%lldx%lld: the grid's y and z allow at most %d blocks each "
			      "(CUDA's gridDim.y and gridDim.z)", (long long)l->grid[0],
			      (long long)l->grid[1], (long long)l->grid[2], LAUNCH_GRID_YZ_MAX);
		return false;
	}
	if (threads < lim.threads_per_block.lo) {
		occ_error_set(err, file ? OCC_EDATA : OCC_EUSAGE, file, line, "block",
			      "a block must have at least one thread");
		return false;
	}
	if (threads > lim.threads_per_block.hi)
		return fail(err, file, line, "block", "threads per block", threads,
			    lim.threads_per_block.hi, gpu);
	if (!check_sms(l, gpu, &lim, file, line, err))
		return false;
	if (gpu->arch.vendor == GPU_AMD)
		return check_amd(l, gpu, &lim, file, line, err);
	if (l->regs_per_thread > lim.regs_per_thread.hi)
		return fail(err, file, line, "registers", "registers per thread", l->regs_per_thread,
			    lim.regs_per_thread.hi, gpu);
	if (l->static_smem_bytes > lim.static_smem_bytes.hi)
		return fail(err, file, line, "static_shared_mem",
			    "static shared memory per block (larger needs dynamic shared memory)",
			    l->static_smem_bytes, lim.static_smem_bytes.hi, gpu);
	if (smem > lim.smem_bytes.hi)
		return fail(err, file, line, "dynamic_shared_mem",
			    "shared memory per block (static + dynamic)", smem, lim.smem_bytes.hi, gpu);
	if (l->barriers < lim.barriers.lo || l->barriers > lim.barriers.hi) {
		occ_error_set(err, file ? OCC_EDATA : OCC_EUSAGE, file, line, "barriers",
			      "a block uses 0 to %lld barriers, got %d", (long long)lim.barriers.hi,
			      l->barriers);
		return false;
	}
	return check_cluster(l, gpu, &lim, file, line, err);
}
