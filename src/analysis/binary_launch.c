/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* binary_launch.c - the launch of a kernel read from a compiled binary,
 * which says what the compiler fixed (registers, static shared memory,
 * barriers, bounds) but not how the kernel is launched: what occview takes
 * for the rest, said in every output (crosscheck_record.assumed). */
#include "config.h"

#include "binary_launch.h"

#include "cluster.h"
#include "import_binary.h"
#include "occupancy.h"
#include "report_launch.h"
#include "tuning.h"

/* The blocks of one full wave: every unit holding blocks_per_sm, or with
 * clusters the most clusters the GPU holds at once (the least of them where
 * its GPC layout is not known exactly), whole clusters either way. */
static int64_t one_wave(const struct gpu *gpu, const struct launch *l, int blocks_per_sm)
{
	int64_t blocks = (int64_t)blocks_per_sm * gpu->sm_count;
	int size = l->cluster_size;
	struct cluster_result cr;

	if (size <= 1)
		return blocks;
	cluster_compute_gpu(gpu, blocks_per_sm, size, &cr);
	if (cr.applies && cr.max_active_min > 0)
		return cr.max_active_min * size;
	return blocks >= size ? blocks / size * size : size;
}

unsigned binary_launch_defaults(const struct report_record *rec, const struct gpu *gpu,
				struct launch *vals, unsigned *fields)
{
	const unsigned block = PARAM_BIT(PARAM_BLOCK), grid = PARAM_BIT(PARAM_GRID),
		       dyn = PARAM_BIT(PARAM_DYNAMIC_SMEM);
	unsigned assumed = 0;
	struct occ_input in;
	struct occ_result r;
	struct launch l;
	int best = 0;
	int64_t min_grid = 0;

	if (!import_binary_record_runs_on(rec, &gpu->arch))
		return 0;
	/* No compiler knows the dynamic shared memory: none, unless the
	 * flag says. */
	if (!(*fields & dyn) && !rec->dynamic_smem_bytes.present) {
		vals->dynamic_smem_bytes = 0;
		assumed |= dyn;
	}
	launch_init(&l);
	report_launch_own(rec, &gpu->arch, &l);
	param_copy(&l, vals, *fields | assumed);
	/* The block: the one it requires or is bounded to (the record's own),
	 * else the block size with the most resident threads, as
	 * cudaOccMaxPotentialOccupancyBlockSize chooses it. */
	if (!(*fields & block) && !rec->block[0].present) {
		occ_input_from_launch(&l, &in);
		tuning_best_block_size(&gpu->arch, gpu->sm_count, &in, &best, &min_grid);
		if (best > 0) {
			vals->block[0] = l.block[0] = best;
			vals->block[1] = l.block[1] = 1;
			vals->block[2] = l.block[2] = 1;
			assumed |= block;
		}
	}
	/* The grid: one full wave, every SM holding as many blocks as it can;
	 * with clusters, as many whole clusters as the GPU holds at once. */
	if (!(*fields & grid) && !rec->grid[0].present) {
		l.grid[0] = l.grid[1] = l.grid[2] = 1;
		occ_input_from_launch(&l, &in);
		occ_compute(&gpu->arch, &in, &r);
		/* No block of it fits this GPU: one block (one cluster), so that
		 * the analysis says why it cannot run rather than ask for a
		 * grid no grid would help. */
		vals->grid[0] = r.active_blocks_per_sm > 0 ? one_wave(gpu, &l, r.active_blocks_per_sm)
			      : l.cluster_size > 1 ? l.cluster_size : 1;
		vals->grid[1] = vals->grid[2] = 1;
		assumed |= grid;
	}
	*fields |= assumed;
	return assumed;
}
