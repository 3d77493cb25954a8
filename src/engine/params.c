/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* params.c - the launch parameter table (params.h) and the one reader,
 * writer and comparison of each parameter. */
#include "config.h"

#include "params.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "cluster.h"
#include "strutil.h"

#define PARAM_INFO_ITEM(id, label_, amd_label_, flag_, names_, column_, json_, kind_, min_, \
			max_, unit_, vendor_, why_, step_, big_, help_) \
	[id] = { .label = label_, .amd_label = amd_label_, .flag = flag_, .names = names_, \
		 .column = column_, .json = json_, .kind = kind_, .min = min_, .max = max_, \
		 .unit = unit_, .vendor = vendor_, .vendor_why = why_, .step = step_, \
		 .big_step = big_, .step_help = help_ },
static const struct param_info params[PARAM_N] = { LAUNCH_PARAMS(PARAM_INFO_ITEM) };
#undef PARAM_INFO_ITEM

const struct param_info *param_info(enum launch_param p)
{
	return (int)p >= 0 && p < PARAM_N ? &params[p] : NULL;
}

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

bool param_parse(enum launch_param p, const char *text, struct launch *l, const char *file,
		 long line, const char *what, struct occ_error *err)
{
	const struct param_info *i = param_info(p);
	enum occ_status bad = file ? OCC_EDATA : OCC_EUSAGE;
	int64_t v, dims[3];

	if (!i) {
		occ_error_set(err, bad, file, line, what, "not a launch parameter");
		return false;
	}
	switch (i->kind) {
	case PARAM_DIM3:
		if (!launch_parse_dim3(text, i->max, dims, file, line, what, err))
			return false;
		if (p == PARAM_GRID) {
			memcpy(l->grid, dims, sizeof(dims));
		} else {
			for (int d = 0; d < 3; d++)
				l->block[d] = (int)dims[d];
		}
		return true;
	case PARAM_INT:
		if (!launch_parse_int(text, i->min, i->max, &v, file, line, what, err))
			return false;
		param_set(l, p, v);
		return true;
	case PARAM_SIZE:
		if (!launch_parse_size(text, &v, file, line, what, err))
			return false;
		if (v > i->max) {
			occ_error_set(err, bad, file, line, what, "%lld bytes is more than any GPU has "
				      "(at most %lld)", (long long)v, (long long)i->max);
			return false;
		}
		param_set(l, p, v);
		return true;
	case PARAM_PERCENT:
		return launch_parse_carveout(text, &l->carveout_pct, file, line, what, err);
	case PARAM_CACHE:
		return launch_parse_cache_config(text, &l->cache_config, file, line, what, err);
	case PARAM_WAVE:
		if (!launch_parse_int(text, 0, 1 << 16, &v, file, line, what, err))
			return false;
		if (v != 32 && v != 64) {
			occ_error_set(err, bad, file, line, what, "a wave size is 32 or 64, got %lld",
				      (long long)v);
			return false;
		}
		l->wave_size = (int)v;
		return true;
	case PARAM_NAME:
		if (p == PARAM_GPU && !text[0]) {
			occ_error_set(err, bad, file, line, what, "empty GPU name");
			return false;
		}
		if (!str_copy(p == PARAM_GPU ? l->gpu_name : l->kernel,
			      p == PARAM_GPU ? sizeof(l->gpu_name) : sizeof(l->kernel), text) &&
		    p == PARAM_GPU) {
			occ_error_set(err, bad, file, line, what, "name too long");
			return false;
		}
		return true;
	}
	return false;
}

int64_t param_get(const struct launch *l, enum launch_param p)
{
	switch (p) {
	case PARAM_BLOCK: return launch_threads_per_block(l);
	case PARAM_REGISTERS: return l->regs_per_thread;
	case PARAM_STATIC_SMEM: return l->static_smem_bytes;
	case PARAM_DYNAMIC_SMEM: return l->dynamic_smem_bytes;
	case PARAM_GRID: return launch_grid_size(l);
	case PARAM_CARVEOUT: return l->carveout_pct;
	case PARAM_CACHE_CONFIG: return l->cache_config;
	case PARAM_BARRIERS: return l->barriers;
	case PARAM_WAVE_SIZE: return l->wave_size;
	case PARAM_AGPRS: return l->agprs;
	case PARAM_SGPRS: return l->sgprs;
	case PARAM_CLUSTER: return l->cluster_size;
	case PARAM_GPU:
	case PARAM_KERNEL:
	case PARAM_N:
		break;
	}
	return 0;
}

void param_set(struct launch *l, enum launch_param p, int64_t v)
{
	switch (p) {
	case PARAM_BLOCK:
		l->block[0] = (int)v;
		l->block[1] = l->block[2] = 1;
		break;
	case PARAM_REGISTERS: l->regs_per_thread = (int)v; break;
	case PARAM_STATIC_SMEM: l->static_smem_bytes = v; break;
	case PARAM_DYNAMIC_SMEM: l->dynamic_smem_bytes = v; break;
	case PARAM_GRID:
		l->grid[0] = v;
		l->grid[1] = l->grid[2] = 1;
		break;
	case PARAM_CARVEOUT: l->carveout_pct = (int)v; break;
	case PARAM_CACHE_CONFIG: l->cache_config = (int)v; break;
	case PARAM_BARRIERS: l->barriers = (int)v; break;
	case PARAM_WAVE_SIZE: l->wave_size = (int)v; break;
	case PARAM_AGPRS: l->agprs = (int)v; break;
	case PARAM_SGPRS: l->sgprs = (int)v; break;
	case PARAM_CLUSTER: l->cluster_size = (int)v; break;
	case PARAM_GPU:
	case PARAM_KERNEL:
	case PARAM_N:
		break;
	}
}

void param_write(const struct launch *l, enum launch_param p, char *buf, size_t size)
{
	const int64_t *g = l->grid;
	const int *b = l->block;

	switch (p) {
	case PARAM_GRID:
		if (g[1] == 1 && g[2] == 1)
			snprintf(buf, size, "%lld", (long long)g[0]);
		else
			snprintf(buf, size, "%lldx%lldx%lld", (long long)g[0], (long long)g[1],
				 (long long)g[2]);
		break;
	case PARAM_BLOCK:
		if (b[1] == 1 && b[2] == 1)
			snprintf(buf, size, "%d", b[0]);
		else
			snprintf(buf, size, "%dx%dx%d", b[0], b[1], b[2]);
		break;
	case PARAM_CARVEOUT:
		if (l->carveout_pct == LAUNCH_CARVEOUT_DEFAULT)
			snprintf(buf, size, "default");
		else
			snprintf(buf, size, "%d", l->carveout_pct);
		break;
	case PARAM_CACHE_CONFIG:
		snprintf(buf, size, "%s", launch_cache_config_name(l->cache_config));
		break;
	case PARAM_GPU:
		snprintf(buf, size, "%s", l->gpu_name);
		break;
	case PARAM_KERNEL:
		snprintf(buf, size, "%s", l->kernel);
		break;
	default:
		snprintf(buf, size, "%lld", (long long)param_get(l, p));
		break;
	}
}

bool param_equal(const struct launch *a, const struct launch *b, enum launch_param p)
{
	switch (p) {
	case PARAM_GRID:
		return a->grid[0] == b->grid[0] && a->grid[1] == b->grid[1] &&
		       a->grid[2] == b->grid[2];
	case PARAM_BLOCK:
		return a->block[0] == b->block[0] && a->block[1] == b->block[1] &&
		       a->block[2] == b->block[2];
	case PARAM_GPU:
		return strcmp(a->gpu_name, b->gpu_name) == 0;
	case PARAM_KERNEL:
		return strcmp(a->kernel, b->kernel) == 0;
	case PARAM_N:
		return true;
	default:
		return param_get(a, p) == param_get(b, p);
	}
}

unsigned param_diff(const struct launch *a, const struct launch *b, unsigned mask)
{
	unsigned d = 0;

	for (int p = 0; p < PARAM_N; p++)
		if ((mask & PARAM_BIT(p)) && !param_equal(a, b, (enum launch_param)p))
			d |= PARAM_BIT(p);
	return d;
}

unsigned param_diff_effect(const struct launch *a, const struct launch *b, unsigned mask)
{
	static const enum launch_param shaped[] = { PARAM_BLOCK, PARAM_GRID };
	unsigned d = param_diff(a, b, mask);

	/* Only the totals reach the occupancy and the waves. */
	for (size_t i = 0; i < sizeof(shaped) / sizeof(shaped[0]); i++)
		if ((d & PARAM_BIT(shaped[i])) && param_get(a, shaped[i]) == param_get(b, shaped[i]))
			d &= ~PARAM_BIT(shaped[i]);
	return d;
}

void param_copy(struct launch *dst, const struct launch *src, unsigned mask)
{
	for (int p = 0; p < PARAM_N; p++) {
		if (!(mask & PARAM_BIT(p)))
			continue;
		switch ((enum launch_param)p) {
		case PARAM_GRID:
			memcpy(dst->grid, src->grid, sizeof(dst->grid));
			break;
		case PARAM_BLOCK:
			memcpy(dst->block, src->block, sizeof(dst->block));
			break;
		case PARAM_GPU:
			memcpy(dst->gpu_name, src->gpu_name, sizeof(dst->gpu_name));
			break;
		case PARAM_KERNEL:
			memcpy(dst->kernel, src->kernel, sizeof(dst->kernel));
			break;
		default:
			param_set(dst, (enum launch_param)p, param_get(src, (enum launch_param)p));
			break;
		}
	}
}

/* Whether gpu's generation has p, for the parameters only some NVIDIA
 * generations have: the carveout where the architecture picks its shared
 * memory by one, the L1/shared preference where by that (its data, not its
 * compute capability, decides). why gets the reason where it does not;
 * flags: it names the other parameter by its flag, else by its key. */
static bool generation_has(enum launch_param p, const struct gpu *gpu, bool flags, char *why,
			   size_t size)
{
	const struct gpu_arch *a = &gpu->arch;
	const char *other;
	char cc[16];

	if (a->vendor != GPU_NVIDIA)
		return true;
	gpu_arch_cc_string(a, cc, sizeof(cc));
	switch (p) {
	case PARAM_CARVEOUT:
		if (gpu_has_carveout(a))
			return true;
		other = flags ? params[PARAM_CACHE_CONFIG].flag : params[PARAM_CACHE_CONFIG].names;
		if (gpu_has_cache_config(a))
			snprintf(why, size, "%s (cc %s) has no carveout; L1 and shared memory are split "
				 "by a cache preference: use %.*s", a->family, cc,
				 (int)strcspn(other, " "), other);
		else
			snprintf(why, size, "%s (cc %s) has no carveout: its %lld KB of shared memory "
				 "per SM are fixed (carveouts start with Volta, cc 7.0)", a->family, cc,
				 (long long)(a->smem_per_sm_bytes / 1024));
		return false;
	case PARAM_CACHE_CONFIG:
		if (gpu_has_cache_config(a))
			return true;
		other = flags ? params[PARAM_CARVEOUT].flag : params[PARAM_CARVEOUT].names;
		if (gpu_has_carveout(a))
			snprintf(why, size, "%s (cc %s) has no L1/shared preference; use %.*s", a->family,
				 cc, (int)strcspn(other, " "), other);
		else
			snprintf(why, size, "%s (cc %s) has no L1/shared preference: its %lld KB of "
				 "shared memory per SM are fixed", a->family, cc,
				 (long long)(a->smem_per_sm_bytes / 1024));
		return false;
	default:
		return true;
	}
}

/* Why an AMD flag means nothing on a VLIW (TeraScale) target, or NULL. */
static const char *vliw_why(int p)
{
	switch (p) {
	case PARAM_SGPRS:
		return "it has no scalar registers (only 128-bit GPRs per work-item)";
	case PARAM_AGPRS:
		return "it has no accumulation registers";
	case PARAM_WAVE_SIZE:
		return "its wavefront size is fixed";
	default:
		return NULL;
	}
}

bool param_check_vendor(unsigned mask, unsigned amd_spelled, const struct gpu *gpu,
			struct occ_error *err)
{
	enum gpu_vendor v = gpu->arch.vendor;
	char generation[200];

	for (int p = 0; p < PARAM_N; p++) {
		const struct param_info *i = &params[p];
		const char *flag = i->flag, *why = i->vendor_why;

		if (!(mask & PARAM_BIT(p)))
			continue;
		if ((amd_spelled & PARAM_BIT(p)) && v != GPU_AMD && p == PARAM_REGISTERS) {
			flag = "--vgprs";
			why = "it has registers per thread (--registers)";
		} else if (param_applies((enum launch_param)p, v)) {
			if (v == GPU_AMD && gpu->arch.amd.vliw && (why = vliw_why(p))) {
				occ_error_set(err, OCC_EUSAGE, NULL, 0, flag, "%s is a %s (VLIW) GPU: %s",
					      gpu->name, gpu->arch.family, why);
				return false;
			}
			if (generation_has((enum launch_param)p, gpu, true, generation,
					   sizeof(generation)))
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
	unsigned set = (l->carveout_pct != LAUNCH_CARVEOUT_DEFAULT ? PARAM_BIT(PARAM_CARVEOUT) : 0) |
		       (l->cache_config != LAUNCH_CACHE_NONE ? PARAM_BIT(PARAM_CACHE_CONFIG) : 0);
	char why[200], key[32];

	for (int p = 0; p < PARAM_N; p++) {
		if (!(set & PARAM_BIT(p)) ||
		    generation_has((enum launch_param)p, gpu, false, why, sizeof(why)))
			continue;
		snprintf(key, sizeof(key), "%.*s", (int)strcspn(params[p].names, " "), params[p].names);
		occ_error_set(err, file ? OCC_EDATA : OCC_EUSAGE, file, line, key, "%s", why);
		return false;
	}
	return true;
}
