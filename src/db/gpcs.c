/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* gpcs.c - which architectures have thread-block clusters. */
#include "config.h"

#include "gpcs.h"

#include <stdio.h>

bool cluster_supported(const struct gpu_arch *arch)
{
	return arch->vendor == GPU_NVIDIA && arch->cc_major >= 9;
}

int cluster_max_size(const struct gpu_arch *arch)
{
	/* NVIDIA Warp's get_cuda_max_cluster_dim, which probes the driver with
	 * cuOccupancyMaxActiveClusters from 16 down: "integrated Hopper+ SoCs
	 * (NVIDIA Thor sm_101, DGX Spark sm_121) cap at the portable 8, while
	 * Hopper and Blackwell desktop parts typically support 16" (Warp 1.15
	 * API reference). Thor's sm_101 is CUDA 13's sm_110. */
	if (!cluster_supported(arch))
		return 0;
	if ((arch->cc_major == 11 && arch->cc_minor == 0) ||
	    (arch->cc_major == 12 && arch->cc_minor == 1))
		return CLUSTER_MAX_PORTABLE;
	return CLUSTER_MAX_NONPORTABLE;
}

void cluster_refusal(const struct gpu_arch *arch, char *buf, size_t size)
{
	char cc[16];

	gpu_arch_cc_string(arch, cc, sizeof(cc));
	snprintf(buf, size, "%s (cc %s) has no thread-block clusters; they start with Hopper (cc 9.0)",
		 arch->family, cc);
}
