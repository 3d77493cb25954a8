/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* launch_check.c - each family's limits of a launch's values and its check of
 * a launch against a GPU (engine.h's limits, partition_min, check_launch). */
#include "config.h"

#include "engine.h"

#include "checked.h"
#include "cluster.h"

/* The green contexts' minimum (launch.h's launch_partition_min). */
int engine_nvidia_partition_min(const struct gpu_arch *a)
{
	if (a->cc_major < 6)
		return 1;
	if (a->cc_major < 8)
		return 2;
	return a->cc_major == 8 ? 4 : 8;
}

/* An AMD partition is a CU mask: any CU. */
int engine_amd_partition_min(const struct gpu_arch *a)
{
	(void)a;
	return 1;
}

/* What every family allows of the values a check reads: threads, grid,
 * registers and shared memory as the architecture has them, and a partition
 * down to sms_min units. The XCDs' bound where asked (with_xcds): a check
 * asks it only of a launch that gives XCDs, since reading it from the
 * device's name is most of a check, which every record of a report gets.
 * The other ranges are left as they are. */
static void checked_limits(const struct gpu *gpu, int sms_min, bool with_xcds,
			   struct launch_limits *out)
{
	const struct gpu_arch *a = &gpu->arch;
	int xcds = with_xcds ? gpu_default_xcds(gpu) : 0;

	out->threads_per_block = (struct launch_range){ 1, a->max_threads_per_block };
	out->grid_size = (struct launch_range){ 1, LAUNCH_GRID_MAX };
	out->regs_per_thread = (struct launch_range){ 0, a->max_regs_per_thread };
	out->static_smem_bytes = (struct launch_range){ 0, a->smem_per_block_bytes };
	out->smem_bytes = (struct launch_range){ 0, a->smem_per_block_optin_bytes };
	out->xcds = (struct launch_range){ 0, xcds > 0 ? xcds : LAUNCH_XCDS_MAX };
	out->sms = (struct launch_range){ gpu->sm_count > 0 ? sms_min : 0,
					  gpu->sm_count > 0 ? gpu->sm_count : 0 };
}

/* What every family allows: checked_limits's, and the carveout, cache
 * preference, barriers and clusters. */
static void common_limits(const struct gpu *gpu, int sms_min, bool with_xcds,
			  struct launch_limits *out)
{
	const struct gpu_arch *a = &gpu->arch;
	int most_barriers = LAUNCH_BARRIERS_MAX;

	if (a->barriers_per_sm > 0 && a->barriers_per_sm < most_barriers)
		most_barriers = a->barriers_per_sm;
	*out = (struct launch_limits){
		.carveout_pct = { LAUNCH_CARVEOUT_DEFAULT, 100 },
		.cache_config = { LAUNCH_CACHE_NONE,
				  gpu_has_cache_config(a) ? LAUNCH_CACHE_EQUAL : LAUNCH_CACHE_NONE },
		.barriers = { 0, most_barriers },
		.cluster_size = { 0, cluster_max_size(a) },
	};
	checked_limits(gpu, sms_min, with_xcds, out);
}

void engine_nvidia_limits(const struct gpu *gpu, struct launch_limits *out)
{
	common_limits(gpu, engine_nvidia_partition_min(&gpu->arch), true, out);
}

/* AMD: VGPRs, AGPRs (in the VGPR file where it is unified), SGPRs where
 * they limit (amd.h), LDS per workgroup whether static or dynamic, over
 * the common ranges out holds. */
static void amd_own_limits(const struct amd_arch *m, struct launch_limits *out)
{
	out->regs_per_thread.hi = m->max_vgprs_per_wave;
	out->static_smem_bytes.hi = out->smem_bytes.hi = m->max_lds_per_workgroup_bytes;
	out->wave_size = (struct launch_range){ m->wave32 ? 32 : 64, m->wave64 ? 64 : 32 };
	out->agprs = (struct launch_range){ 0, m->unified_vgpr_agpr ? m->max_vgprs_per_wave
								    : m->max_agprs_per_wave };
	out->sgprs = (struct launch_range){ 0, amd_sgprs_limit(m) ? amd_max_sgprs(m)
								  : LAUNCH_COUNT_MAX };
}

static void amd_limits(const struct gpu *gpu, bool with_xcds, struct launch_limits *out)
{
	common_limits(gpu, engine_amd_partition_min(&gpu->arch), with_xcds, out);
	amd_own_limits(&gpu->arch.amd, out);
}

/* The ranges an AMD check reads (check_common, check_wave and
 * check_amd_registers), as amd_limits gives them; the others not set (a
 * check is a step of every record, and they are half of amd_limits). */
static void amd_check_limits(const struct gpu *gpu, bool with_xcds, struct launch_limits *out)
{
	checked_limits(gpu, engine_amd_partition_min(&gpu->arch), with_xcds, out);
	amd_own_limits(&gpu->arch.amd, out);
}

void engine_amd_limits(const struct gpu *gpu, struct launch_limits *out)
{
	amd_limits(gpu, true, out);
}

static bool fail(struct occ_error *err, const char *file, long line, const char *field,
		 const char *msg, long long value, long long limit, const struct gpu *gpu)
{
	occ_error_set(err, file ? OCC_EDATA : OCC_EUSAGE, file, line, field,
		      "%s: %lld, but %s allows at most %lld", msg, value, gpu->name, limit);
	return false;
}

/* AMD: the wave size the target runs. */
static bool check_wave(const struct launch *l, const struct gpu *gpu,
		       const struct launch_limits *lim, const char *file, long line,
		       struct occ_error *err)
{
	const struct amd_arch *m = &gpu->arch.amd;
	int wave = l->wave_size ? l->wave_size : m->default_wave_size;

	if (wave < lim->wave_size.lo || wave > lim->wave_size.hi) {
		occ_error_set(err, file ? OCC_EDATA : OCC_EUSAGE, file, line, "wave_size",
			      "%s (%s) does not run wave%d", gpu->name, m->target, wave);
		return false;
	}
	return true;
}

/* AMD: VGPRs, AGPRs, SGPRs (where they limit) and LDS within what one wave
 * and one workgroup may use, XCDs within the device's. Carveout and
 * barriers do not apply. */
static bool check_amd_registers(const struct launch *l, const struct gpu *gpu,
				const struct launch_limits *lim, const char *file, long line,
				struct occ_error *err)
{
	int64_t lds = launch_smem_per_block_bytes(l);

	if (l->regs_per_thread > lim->regs_per_thread.hi)
		return fail(err, file, line, "vgprs", "VGPRs per work-item", l->regs_per_thread,
			    lim->regs_per_thread.hi, gpu);
	if (l->agprs > lim->agprs.hi)
		return fail(err, file, line, "agprs", "AGPRs per work-item", l->agprs, lim->agprs.hi,
			    gpu);
	/* Where SGPRs do not limit, a count is information only (amd.h). */
	if (amd_sgprs_limit(&gpu->arch.amd) && l->sgprs > lim->sgprs.hi)
		return fail(err, file, line, "sgprs", "SGPRs per wave", l->sgprs, lim->sgprs.hi, gpu);
	if (lds > lim->smem_bytes.hi)
		return fail(err, file, line, "static_shared_mem", "LDS per workgroup", lds,
			    lim->smem_bytes.hi, gpu);
	/* The default (SPX) partition spans every XCD: no partition has more. */
	if (l->xcds > lim->xcds.hi)
		return fail(err, file, line, "xcds", "XCDs", l->xcds, lim->xcds.hi, gpu);
	return true;
}

/* A partition of 1 to the GPU's units, at least the green contexts' minimum. */
static bool check_sms(const struct launch *l, const struct gpu *gpu,
		      const struct launch_limits *lim, const char *file, long line,
		      struct occ_error *err)
{
	enum occ_status st = file ? OCC_EDATA : OCC_EUSAGE;
	const char *field = file ? "sms" : "--sms";
	const char *units;

	if (l->sms == 0)
		return true;
	units = gpu_units(&gpu->arch);
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

/* What every family checks first: the grid, the block's threads and the
 * partition. */
static bool check_common(const struct launch *l, const struct gpu *gpu,
			 const struct launch_limits *lim, const char *file, long line,
			 struct occ_error *err)
{
	int64_t threads = checked_dims(l->block[0], l->block[1], l->block[2], NULL);

	if (launch_grid_size(l) < lim->grid_size.lo) {
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
	if (threads < lim->threads_per_block.lo) {
		occ_error_set(err, file ? OCC_EDATA : OCC_EUSAGE, file, line, "block",
			      "a block must have at least one thread");
		return false;
	}
	if (threads > lim->threads_per_block.hi)
		return fail(err, file, line, "block", "threads per block", threads,
			    lim->threads_per_block.hi, gpu);
	return check_sms(l, gpu, lim, file, line, err);
}

bool engine_nvidia_check_launch(const struct launch *l, const struct gpu *gpu, const char *file,
				long line, struct occ_error *err)
{
	int64_t smem = launch_smem_per_block_bytes(l);
	struct launch_limits lim;

	common_limits(gpu, engine_nvidia_partition_min(&gpu->arch), l->xcds > 0, &lim);
	if (!check_common(l, gpu, &lim, file, line, err))
		return false;
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

bool engine_amd_check_launch(const struct launch *l, const struct gpu *gpu, const char *file,
			     long line, struct occ_error *err)
{
	struct launch_limits lim;

	amd_check_limits(gpu, l->xcds > 0, &lim);
	return check_common(l, gpu, &lim, file, line, err) &&
	       check_wave(l, gpu, &lim, file, line, err) &&
	       check_amd_registers(l, gpu, &lim, file, line, err);
}

/* A VLIW (TeraScale) work-item has 128-bit GPRs only: no SGPRs, no AGPRs. */
bool engine_vliw_check_launch(const struct launch *l, const struct gpu *gpu, const char *file,
			      long line, struct occ_error *err)
{
	struct launch_limits lim;

	amd_check_limits(gpu, l->xcds > 0, &lim);
	if (!check_common(l, gpu, &lim, file, line, err) ||
	    !check_wave(l, gpu, &lim, file, line, err))
		return false;
	if (l->sgprs > 0 || l->agprs > 0) {
		occ_error_set(err, file ? OCC_EDATA : OCC_EUSAGE, file, line,
			      l->sgprs > 0 ? "sgprs" : "agprs", "%s is a %s (VLIW) GPU: it has no %s",
			      gpu->name, gpu->arch.amd.family, l->sgprs > 0 ? "scalar registers" :
			      "accumulation registers");
		return false;
	}
	return check_amd_registers(l, gpu, &lim, file, line, err);
}
