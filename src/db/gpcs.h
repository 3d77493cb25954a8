/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* gpcs.h - what the database says of thread-block clusters: which
 * architectures have them, the largest sizes, and the GPC layouts of the
 * devices (data/gpcs.csv). The engine's cluster.h computes with them. */
#ifndef OCC_GPCS_H
#define OCC_GPCS_H

#include <stdbool.h>
#include <stddef.h>

#include "gpu.h"

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

/* Whether arch has thread-block clusters (NVIDIA cc 9.0 and later). */
bool cluster_supported(const struct gpu_arch *arch);
/* The most blocks a cluster may have on arch: CLUSTER_MAX_NONPORTABLE where
 * the kernel allows non-portable sizes, but the portable 8 on the
 * integrated parts (Thor, cc 11.0; GB10/DGX Spark, cc 12.1), whose driver
 * launches no larger cluster; 0 where arch has no clusters. */
int cluster_max_size(const struct gpu_arch *arch);
/* "Ampere (cc 8.6) has no thread-block clusters; they start with Hopper
 * (cc 9.0)": why a cluster size is refused on arch. */
void cluster_refusal(const struct gpu_arch *arch, char *buf, size_t size);

/* The built-in data/gpcs.csv row of the device named name (the database's
 * name, exactly); false when it has none. */
bool gpc_layout_find(const char *name, struct gpc_layout *out);
/* How many rows of the built-in table read as layouts. */
size_t gpc_layout_count(void);

#endif
