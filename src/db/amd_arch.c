/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* amd_arch.c - the readers of the built-in gfx target and device tables, and
 * the facts a target gives on its own. */
#include "config.h"

#include "amd_arch.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "csvread.h"
#include "strutil.h"

static int64_t round_up(int64_t v, int64_t granule)
{
	return granule > 1 ? (v + granule - 1) / granule * granule : v;
}

int amd_cus_per_unit(const struct amd_arch *a)
{
	return a->wgp_mode ? 2 : 1;
}

int amd_simds_per_unit(const struct amd_arch *a)
{
	return a->simds_per_cu * amd_cus_per_unit(a);
}

bool amd_sgprs_limit(const struct amd_arch *a)
{
	return a->sgprs_per_simd > 0;
}

int amd_max_sgprs(const struct amd_arch *a)
{
	return (int)round_up(a->max_sgprs_per_wave, 16);
}

const char *amd_codename_target(const char *name)
{
	/* LLVM's AMDGPUUsage processor table gives these alternative processor
	 * names; CodeXL and the Radeon Compute Profiler name devices by the
	 * same chips ("Capeverde" for LLVM's "verde"). Polaris and later chips
	 * (Ellesmere, Baffin, ...) share gfx803 with Fiji and Tonga in no one
	 * way LLVM names, so they are left to the device table. */
	static const struct { const char *name, *target; } chips[] = {
		{ "tahiti", "gfx600" }, { "pitcairn", "gfx601" }, { "verde", "gfx601" },
		{ "capeverde", "gfx601" }, { "oland", "gfx602" }, { "hainan", "gfx602" },
		{ "kaveri", "gfx700" }, { "hawaii", "gfx701" }, { "kabini", "gfx703" },
		{ "mullins", "gfx703" }, { "bonaire", "gfx704" }, { "carrizo", "gfx801" },
		{ "iceland", "gfx802" }, { "tonga", "gfx802" }, { "fiji", "gfx803" },
		{ "polaris10", "gfx803" }, { "polaris11", "gfx803" }, { "stoney", "gfx810" },
	};

	for (size_t i = 0; i < sizeof(chips) / sizeof(chips[0]); i++)
		if (strcasecmp(name, chips[i].name) == 0)
			return chips[i].target;
	return NULL;
}

const char *amd_unit_name(const struct amd_arch *a)
{
	return a->wgp_mode ? "WGP" : "CU";
}

/* gfx90a and later put the AGPRs in the same file after the arch VGPRs;
 * gfx908 has a second file of the same size, so the larger of the two
 * decides. Even a kernel that uses none gets one granule. */
/* ---- reading the tables ---- */

/* An int field of struct amd_arch: its range fits an int. */
static bool get_int(const struct csv_cell *c, const char *col, long min, long max, int *out)
{
	int64_t v;

	if (!csvread_int(c, col, min, max, false, &v))
		return false;
	*out = (int)v;
	return true;
}

static bool get_bool(const struct csv_cell *c, const char *col, bool *out)
{
	int v;

	if (!get_int(c, col, 0, 1, &v))
		return false;
	*out = v != 0;
	return true;
}

static bool read_arch(const struct csv_cell *c, struct amd_arch *a)
{
	static const struct { const char *col; size_t off; long min, max; } ints[] = {
#define I(name, lo, hi) { #name, offsetof(struct amd_arch, name), lo, hi }
		I(default_wave_size, 32, 64),
		I(simds_per_cu, 1, 16),
		I(max_waves_per_simd, 1, 64),
		I(vgprs_per_simd_wave64, 0, 4096),
		I(vgprs_per_simd_wave32, 0, 8192),
		I(vgpr_granule_wave64, 0, 64),
		I(vgpr_granule_wave32, 0, 64),
		I(max_vgprs_per_wave, 1, 1024),
		I(max_agprs_per_wave, 0, 1024),
		I(sgprs_per_simd, 0, 4096),
		I(sgpr_granule, 0, 64),
		I(max_sgprs_per_wave, 0, 256),
		I(lds_per_cu_bytes, 1, 1 << 24),
		I(lds_per_wgp_bytes, 0, 1 << 24),
		I(lds_granule_bytes, 1, 1 << 16),
		I(max_lds_per_workgroup_bytes, 1, 1 << 24),
		I(max_workgroups_per_cu, 1, 1024),
		I(max_workgroup_size, 1, 1 << 16),
#undef I
	};

	memset(a, 0, sizeof(*a));
	if (!csvread_text(c, "target", a->target, sizeof(a->target), true) ||
	    !csvread_text(c, "family", a->family, sizeof(a->family), true) ||
	    !csvread_text(c, "provenance", a->provenance, sizeof(a->provenance), false) ||
	    !get_bool(c, "wave32", &a->wave32) || !get_bool(c, "wave64", &a->wave64) ||
	    !get_bool(c, "unified_vgpr_agpr", &a->unified_vgpr_agpr) ||
	    !get_bool(c, "wgp_mode", &a->wgp_mode))
		return false;
	for (size_t i = 0; i < sizeof(ints) / sizeof(ints[0]); i++)
		if (!get_int(c, ints[i].col, ints[i].min, ints[i].max,
			     (int *)(void *)((char *)a + ints[i].off)))
			return false;
	a->vliw = strncmp(a->family, "TeraScale", 9) == 0;
	/* What amd_compute divides by or relies on. */
	if (!((a->default_wave_size == 32 && a->wave32) || (a->default_wave_size == 64 && a->wave64))) {
		occ_error_set(c->err, OCC_EDATA, c->file, c->row->line, "default_wave_size",
			      "%d is not a wave size the target supports", a->default_wave_size);
		return false;
	}
	if ((a->wave64 && (a->vgprs_per_simd_wave64 < 1 || a->vgpr_granule_wave64 < 1)) ||
	    (a->wave32 && (a->vgprs_per_simd_wave32 < 1 || a->vgpr_granule_wave32 < 1))) {
		occ_error_set(c->err, OCC_EDATA, c->file, c->row->line, "vgprs_per_simd_wave64",
			      "a supported wave size needs a VGPR file and granule");
		return false;
	}
	if (a->sgprs_per_simd > 0 && a->sgpr_granule < 1) {
		occ_error_set(c->err, OCC_EDATA, c->file, c->row->line, "sgpr_granule",
			      "SGPRs that limit occupancy need a granule of at least 1");
		return false;
	}
	if (a->max_lds_per_workgroup_bytes > (a->wgp_mode && a->lds_per_wgp_bytes ?
					      a->lds_per_wgp_bytes : a->lds_per_cu_bytes)) {
		occ_error_set(c->err, OCC_EDATA, c->file, c->row->line, "max_lds_per_workgroup_bytes",
			      "larger than the LDS of a CU (or WGP)");
		return false;
	}
	return true;
}

static bool read_device(const struct csv_cell *c, struct amd_device *d)
{
	memset(d, 0, sizeof(*d));
	return csvread_text(c, "name", d->name, sizeof(d->name), true) &&
	       csvread_text(c, "aliases", d->aliases, sizeof(d->aliases), false) &&
	       csvread_text(c, "target", d->target, sizeof(d->target), true) &&
	       csvread_text(c, "provenance", d->provenance, sizeof(d->provenance), false) &&
	       get_int(c, "cu_count", 1, 100000, &d->cu_count);
}

typedef bool (*read_fn)(const struct csv_cell *c, void *item);

static bool read_arch_v(const struct csv_cell *c, void *item)
{
	return read_arch(c, item);
}

static bool read_device_v(const struct csv_cell *c, void *item)
{
	return read_device(c, item);
}

/* Parses a whole table into a fresh array of `size`-byte items. */
static bool parse_table(const char *name, const char *csv, size_t len, const char *const *cols,
			read_fn read, size_t size, void **out, size_t *n, struct occ_error *err)
{
	struct csv_rows rows;
	char *items = NULL;
	size_t count = 0;
	bool ok = true;

	*out = NULL;
	*n = 0;
	if (!csvread_parse(name, csv, len, &rows, err))
		return false;
	if (rows.n < 2) {
		occ_error_set(err, OCC_EDATA, name, 0, NULL, "no rows under the header");
		csvread_free(&rows);
		return false;
	}
	for (size_t i = 0; ok && cols[i]; i++) {
		if (csvread_column(&rows.rows[0], cols[i]) < 0) {
			occ_error_set(err, OCC_EDATA, name, rows.rows[0].line, cols[i],
				      "missing column in the header");
			ok = false;
		}
	}
	if (ok && !(items = calloc(rows.n - 1, size))) {
		occ_error_set(err, OCC_ESOFTWARE, name, 0, NULL, "out of memory");
		ok = false;
	}
	for (size_t i = 1; ok && i < rows.n; i++) {
		struct csv_cell c = { name, &rows.rows[0], &rows.rows[i], err };
		ok = read(&c, items + count * size);
		count++;
	}
	csvread_free(&rows);
	if (!ok) {
		free(items);
		return false;
	}
	*out = items;
	*n = count;
	return true;
}

bool amd_parse_archs(const char *name, const char *csv, size_t len, struct amd_arch **out,
		     size_t *n, struct occ_error *err)
{
	static const char *const cols[] = {
		"target", "family", "default_wave_size", "wave32", "wave64", "simds_per_cu",
		"max_waves_per_simd", "vgprs_per_simd_wave64", "vgprs_per_simd_wave32",
		"vgpr_granule_wave64", "vgpr_granule_wave32", "max_vgprs_per_wave",
		"unified_vgpr_agpr", "max_agprs_per_wave", "sgprs_per_simd", "sgpr_granule",
		"max_sgprs_per_wave", "lds_per_cu_bytes", "lds_per_wgp_bytes", "lds_granule_bytes",
		"max_lds_per_workgroup_bytes", "max_workgroups_per_cu", "max_workgroup_size",
		"wgp_mode", NULL,
	};
	void *items;

	if (!parse_table(name, csv, len, cols, read_arch_v, sizeof(**out), &items, n, err))
		return false;
	*out = items;
	for (size_t i = 0; i < *n; i++) {
		for (size_t j = 0; j < i; j++) {
			if (strcmp((*out)[i].target, (*out)[j].target) == 0) {
				occ_error_set(err, OCC_EDATA, name, 0, "target",
					      "%s appears twice", (*out)[i].target);
				free(*out);
				*out = NULL;
				*n = 0;
				return false;
			}
		}
	}
	return true;
}

bool amd_parse_devices(const char *name, const char *csv, size_t len,
		       struct amd_device **out, size_t *n, struct occ_error *err)
{
	static const char *const cols[] = { "name", "target", "cu_count", NULL };
	void *items;

	if (!parse_table(name, csv, len, cols, read_device_v, sizeof(**out), &items, n, err))
		return false;
	*out = items;
	return true;
}
