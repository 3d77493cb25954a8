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

#include "gpu.h"
#include "occupancy.h"
#include "sweep.h"

#define CLUSTER_MAX_PORTABLE 8       /* portable cluster size: every cc 9.0+ GPU */
#define CLUSTER_MAX_NONPORTABLE 16   /* with cudaFuncAttributeNonPortableClusterSizeAllowed */
#define CLUSTER_MAX_GPCS 32

/* What is known of a device's GPCs (a row of data/gpcs.csv). */
struct gpc_layout {
	char name[GPU_NAME_MAX];
	int sm_count;          /* the SM count the row describes */
	int gpcs_min, gpcs_max;/* GPCs with SMs enabled (equal where documented) */
	int sms_per_gpc_max;   /* the die's: TPCs per GPC times SMs per TPC */
	int sms_per_tpc;       /* SMs are enabled a TPC at a time */
	int n_exact;           /* > 0: the SMs of each GPC, as measured */
	int exact[CLUSTER_MAX_GPCS];
	char provenance[384];
};

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

/* Whether arch has thread-block clusters (NVIDIA cc 9.0 and later). */
bool cluster_supported(const struct gpu_arch *arch);
/* "Ampere (cc 8.6) has no thread-block clusters; they start with Hopper
 * (cc 9.0)": why a cluster size is refused on arch. */
void cluster_refusal(const struct gpu_arch *arch, char *buf, size_t size);

/* The built-in data/gpcs.csv row of the device named name (the database's
 * name, exactly); false when it has none. */
bool gpc_layout_find(const char *name, struct gpc_layout *out);
/* How many rows of the built-in table read as layouts. */
size_t gpc_layout_count(void);

/* Fills r for a launch of cluster_size blocks per cluster (0: none) with
 * blocks_per_sm resident blocks per SM on a GPU of sm_count SMs, whose
 * layout is g (NULL: unknown). A layout for another SM count (a report's,
 * a MIG slice) keeps only its die's limits. */
void cluster_compute(const struct gpc_layout *g, int sm_count, int blocks_per_sm,
		     int cluster_size, struct cluster_result *r);
/* The same for gpu, its layout looked up. */
void cluster_compute_gpu(const struct gpu *gpu, int blocks_per_sm, int cluster_size,
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
