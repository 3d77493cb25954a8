/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* gpcs.c - which architectures have thread-block clusters, and the built-in
 * GPC layouts of the devices (data/gpcs.csv). */
#include "config.h"

#include "gpcs.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csvread.h"
#include "strutil.h"

extern const char gpu_data_gpcs_csv[];

enum { GPC_COLS = 7 };

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

/* "8" or "7-8". */
static bool read_range(const char *s, int *lo, int *hi)
{
	char *end;
	long a = strtol(s, &end, 10), b = a;

	if (end == s)
		return false;
	if (*end == '-')
		b = strtol(end + 1, &end, 10);
	if (*end || a < 1 || b < a || b > CLUSTER_MAX_GPCS)
		return false;
	*lo = (int)a;
	*hi = (int)b;
	return true;
}

/* "18;18;16": the SMs of each GPC. */
static bool read_exact(const char *s, struct gpc_layout *g)
{
	g->n_exact = 0;
	while (*s) {
		char *end;
		long v = strtol(s, &end, 10);

		if (end == s || v < 1 || g->n_exact == CLUSTER_MAX_GPCS)
			return false;
		g->exact[g->n_exact++] = (int)v;
		s = *end == ';' ? end + 1 : end;
		if (*end && *end != ';')
			return false;
	}
	return true;
}

/* One row of gpcs.csv, its columns c (name, sm_count, gpcs, sms_per_gpc_max,
 * sms_per_tpc, sms_per_gpc, provenance); false when a value is not one. */
static bool read_row(const struct csv_row *row, const int c[GPC_COLS], struct gpc_layout *g)
{
	char *end;

	memset(g, 0, sizeof(*g));
	str_copy(g->name, sizeof(g->name), csvread_field(row, c[0]));
	g->sm_count = (int)strtol(csvread_field(row, c[1]), &end, 10);
	g->sms_per_gpc_max = atoi(csvread_field(row, c[3]));
	g->sms_per_tpc = atoi(csvread_field(row, c[4]));
	str_copy(g->provenance, sizeof(g->provenance), csvread_field(row, c[6]));
	return g->name[0] && g->sm_count > 0 &&
	       read_range(csvread_field(row, c[2]), &g->gpcs_min, &g->gpcs_max) &&
	       g->sms_per_gpc_max > 0 && g->sms_per_tpc > 0 &&
	       read_exact(csvread_field(row, c[5]), g);
}

/* The built-in table, read once (csvread, as every database file is). */
static struct gpc_layout *layouts;
static size_t n_layouts;

static void read_layouts(void)
{
	static const char *const names[GPC_COLS] = {
		"name", "sm_count", "gpcs", "sms_per_gpc_max", "sms_per_tpc", "sms_per_gpc",
		"provenance",
	};
	static bool read;
	struct occ_error err = { 0 };
	struct csv_rows rows;
	int c[GPC_COLS];

	if (read)
		return;
	read = true;
	if (!csvread_parse("built-in gpcs.csv", gpu_data_gpcs_csv, strlen(gpu_data_gpcs_csv), &rows,
			   &err))
		return;
	for (int i = 0; i < GPC_COLS; i++)
		c[i] = rows.n ? csvread_column(&rows.rows[0], names[i]) : -1;
	if (rows.n > 1 && (layouts = calloc(rows.n - 1, sizeof(*layouts))))
		for (size_t i = 1; i < rows.n; i++)
			if (read_row(&rows.rows[i], c, &layouts[n_layouts]))
				n_layouts++;
	csvread_free(&rows);
}

size_t gpc_layout_count(void)
{
	read_layouts();
	return n_layouts;
}

bool gpc_layout_find(const char *name, struct gpc_layout *out)
{
	read_layouts();
	for (size_t i = 0; i < n_layouts; i++)
		if (strcmp(layouts[i].name, name) == 0) {
			*out = layouts[i];
			return true;
		}
	return false;
}
