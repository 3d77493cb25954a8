/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* cluster.h - thread-block clusters (compute capability 9.0 and later): how
 * many clusters of a launch the GPU holds at once, and the cluster
 * occupancy, from the kernel's blocks per SM and the GPU's GPC layout.
 * The blocks of a cluster are co-scheduled on the SMs of one GPC (CUDA C++
 * Programming Guide, "Thread Block Clusters"), so what counts is how many
 * SMs each GPC has, which NVIDIA does not publish for every part: where
 * the layout is not known exactly the figures are the least and the most
 * over every layout that fits what is known (data/gpcs.csv). */
#ifndef OCC_CLUSTER_H
#define OCC_CLUSTER_H

#include <stdbool.h>
#include <stdint.h>

#include "gpcs.h"
#include "gpu.h"
#include "occupancy.h"
#include "sweep.h"

/* How far the figures are known. */
enum cluster_bound {
	CLUSTER_EXACT,  /* the GPC layout is known */
	CLUSTER_RANGE,  /* least and most over the layouts that fit data/gpcs.csv */
	CLUSTER_UPPER,  /* no GPC layout known: only the most (all SMs in one GPC) */
};

struct cluster_result {
	bool applies;            /* the GPU has clusters (cc 9.0+) */
	int cluster_size;        /* blocks per cluster; 0: the launch has none */
	int blocks_per_sm;
	enum cluster_bound bound;
	int64_t max_active_min;  /* -1 where unknown (CLUSTER_UPPER) */
	int64_t max_active_max;
	double occupancy_pct_min;  /* -1 where unknown */
	double occupancy_pct_max;
	/* The largest cluster the launch could have at all (fits in one GPC at
	 * blocks_per_sm): portable, and with non-portable sizes allowed, the
	 * least and the most over the layouts. */
	int max_size_portable;
	int max_size_nonportable_min, max_size_nonportable_max;
	int gpcs_min, gpcs_max;  /* the layouts considered; 0 when unknown */
};

/* Fills r for a launch of cluster_size blocks per cluster (0: none) with
 * blocks_per_sm resident blocks per SM on a GPU of sm_count SMs, whose
 * layout is g (NULL: unknown). A layout for another SM count (a report's,
 * a MIG slice) keeps only its die's limits. */
void cluster_compute(const struct gpc_layout *g, int sm_count, int blocks_per_sm,
		     int cluster_size, struct cluster_result *r);
/* The same for gpu, its layout looked up. */
void cluster_compute_gpu(const struct gpu *gpu, int blocks_per_sm, int cluster_size,
			 struct cluster_result *r);
/* The same on units of gpu's SMs (a partition: --sms), its layout looked up. */
void cluster_compute_units(const struct gpu *gpu, int units, int blocks_per_sm, int cluster_size,
			   struct cluster_result *r);

/* Active warps per SM, averaged over the GPU, as the cluster size goes
 * from 1 to CLUSTER_MAX_NONPORTABLE with the rest of the launch (r, on
 * gpu) as it is: the blocks max_active_clusters (the most, where a range)
 * keeps active, in warps, over the SM count. A point where the clusters
 * keep every block the SMs hold active has r's limiting factors (another
 * limit caps it); where they keep fewer, the GPC's bit (OCC_N_FACTORS)
 * too. current: the launch's cluster size. False only when out of
 * memory; free with sweep_done. */
bool cluster_sweep(const struct gpu *gpu, const struct occ_result *r, int current,
		   struct sweep *out);

/* "exact", "range", "upper": JSON's and CSV's word for r->bound. */
const char *cluster_bound_word(enum cluster_bound b);
/* max_active as text: "7", "5-7", "<=16". */
void cluster_active_text(const struct cluster_result *r, char *buf, size_t size);

#endif
