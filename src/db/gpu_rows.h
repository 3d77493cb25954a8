/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* gpu_rows.h - the GPU database's rows as gpu_db.c reads them, for
 * gpu_find.c's lookups; nothing else includes this (gpu.h is the surface). */
#ifndef OCC_GPU_ROWS_H
#define OCC_GPU_ROWS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gpu.h"

/* One devices row: NVIDIA rows name a compute capability, AMD rows a target. */
struct device_row {
	enum gpu_vendor vendor;
	char target[16];            /* AMD: the gfx target */
	char name[GPU_NAME_MAX];
	char aliases[256];
	char segment[16];
	int cc_major, cc_minor;
	int sm_count;
	char provenance[512];
};

struct gpu_db {
	struct gpc_layout *gpcs;    /* the GPC table, by device name */
	size_t n_gpcs, cap_gpcs;
	struct gpu_arch *archs;
	size_t n_archs, cap_archs;
	struct gpu_arch *amd_archs;
	size_t n_amd_archs;
	struct device_row *devices;
	size_t n_devices, cap_devices;
	/* The case-folded hash of every device name, open addressing (0:
	 * empty): a name not there is new without a scan, so a devices file
	 * of n rows loads in O(n), not O(n^2). */
	uint64_t *name_hashes;
	size_t cap_hashes, n_hashes;
};

/* "9.0" (digits, a dot, one digit) as a compute capability; false otherwise. */
bool gpu_parse_cc(const char *s, int *major, int *minor);
/* out: row d on its architecture (stand_in false); false when the
 * database has no architecture for it. */
bool gpu_row_resolve(const struct gpu_db *db, const struct device_row *d, struct gpu *out);

struct csv_cell;
/* gpc_rows.c: a row of a GPC table (name, sm_count, gpcs, sms_per_gpc_max,
 * sms_per_tpc, sms_per_gpc, provenance); false with c->err naming the
 * line and column of a value that does not read. */
bool gpc_row_read(const struct csv_cell *c, struct gpc_layout *g);

#endif
