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

void cluster_refusal(const struct gpu_arch *arch, char *buf, size_t size)
{
	char cc[16];

	gpu_arch_cc_string(arch, cc, sizeof(cc));
	snprintf(buf, size, "%s (cc %s) has no thread-block clusters; they start with Hopper (cc 9.0)",
		 arch->family, cc);
}
