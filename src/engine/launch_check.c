/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* launch_check.c - a launch against its GPU: what every GPU refuses, then
 * what the GPU's engine refuses (launch_limits.c), then the clusters. */
#include "config.h"

#include "launch.h"

#include "cluster.h"
#include "engine.h"

/* A cluster only from cc 9.0, of at most 16 blocks (more than 8 needs
 * cudaFuncAttributeNonPortableClusterSizeAllowed), whose size divides the
 * grid: CUDA refuses the launch otherwise (cudaErrorInvalidClusterSize). */
static bool check_cluster(const struct launch *l, const struct gpu *gpu, const char *file,
			  long line, struct occ_error *err)
{
	enum occ_status st = file ? OCC_EDATA : OCC_EUSAGE;
	const char *field = file ? "cluster_size" : "--cluster-size";
	char why[160];

	if (l->cluster_size == 0)
		return true;
	if (!cluster_supported(&gpu->arch)) {
		cluster_refusal(&gpu->arch, why, sizeof(why));
		occ_error_set(err, st, file, line, field, "%s", why);
		return false;
	}
	if (l->cluster_size < 0 || l->cluster_size > cluster_max_size(&gpu->arch)) {
		if (cluster_max_size(&gpu->arch) == CLUSTER_MAX_PORTABLE)
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
	const struct gpu_arch *a = &gpu->arch;
	int64_t threads = (int64_t)l->block[0] * l->block[1] * l->block[2];

	if (launch_grid_size(l) < 1) {
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
	if (threads < 1) {
		occ_error_set(err, file ? OCC_EDATA : OCC_EUSAGE, file, line, "block",
					    "a block must have at least one thread");
		return false;
	}
	if (threads > a->max_threads_per_block)
		return launch_limit_error(err, file, line, "block", "threads per block", threads,
					  a->max_threads_per_block, gpu);
	if (!engine_of(a)->check(l, gpu, file, line, err))
		return false;
	return !engine_of(a)->clusters || check_cluster(l, gpu, file, line, err);
}
