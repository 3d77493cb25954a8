/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* gpcs.h - what the database says of thread-block clusters: which
 * architectures have them and the largest sizes (a device's GPC layout
 * comes with it: gpu.has_gpcs). The engine's cluster.h computes with them. */
#ifndef OCC_GPCS_H
#define OCC_GPCS_H

#include <stdbool.h>
#include <stddef.h>

#include "gpu.h"

#define CLUSTER_MAX_PORTABLE 8       /* portable cluster size: every cc 9.0+ GPU */
#define CLUSTER_MAX_NONPORTABLE 16   /* with cudaFuncAttributeNonPortableClusterSizeAllowed */
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

#endif
