/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* gpu_db.c - the GPU database: built-in CSVs compiled in, user CSVs on top.
 * Finding a device by what a user types is gpu_find.c's. */
#include "config.h"

#include "gpu.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "csvread.h"
#include "gpu_rows.h"
#include "readfile.h"
#include "strfmt.h"
#include "strutil.h"

/* Generated at build time from data/archs.csv and data/devices.csv. */
extern const char gpu_data_archs_csv[];
extern const char gpu_data_devices_csv[];
extern const char gpu_data_amd_archs_csv[];
extern const char gpu_data_amd_devices_csv[];
extern const char gpu_data_gpcs_csv[];

#define USER_DB_MAX_BYTES (16u << 20)

bool gpu_parse_cc(const char *s, int *major, int *minor)
{
	char *end;
	long ma, mi;

	if (!isdigit((unsigned char)*s))
		return false;
	ma = strtol(s, &end, 10);
	if (*end != '.' || !isdigit((unsigned char)end[1]))
		return false;
	mi = strtol(end + 1, &end, 10);
	if (*end || ma > 99 || mi > 9)
		return false;
	*major = (int)ma;
	*minor = (int)mi;
	return true;
}

static bool get_cc(const struct csv_cell *c, int *major, int *minor)
{
	const char *s = csvread_named(c, "cc");

	if (gpu_parse_cc(s, major, minor))
		return true;
	occ_error_set(c->err, OCC_EDATA, c->file, c->row->line, "cc",
		      "expected a compute capability like 9.0, got \"%.40s\"", s);
	return false;
}

static bool parse_configs(const struct csv_cell *c, struct gpu_arch *a)
{
	const char *s = csvread_named(c, "smem_configs_kb");
	const char *p = s;

	a->n_smem_configs = 0;
	while (*p) {
		char *end;
		long kb = strtol(p, &end, 10);
		if (end == p || kb < 0 || kb > 1 << 20 || (*end && *end != ';') ||
		    a->n_smem_configs == GPU_MAX_SMEM_CONFIGS ||
		    (a->n_smem_configs > 0 && kb * 1024 <= a->smem_configs_bytes[a->n_smem_configs - 1])) {
			occ_error_set(c->err, OCC_EDATA, c->file, c->row->line, "smem_configs_kb",
				      "expected up to %d ascending sizes in KB separated by ';', got \"%.60s\"",
				      GPU_MAX_SMEM_CONFIGS, s);
			return false;
		}
		a->smem_configs_bytes[a->n_smem_configs++] = (int64_t)kb * 1024;
		p = *end ? end + 1 : end;
	}
	if (a->n_smem_configs == 0) {
		a->n_smem_configs = 1;
		a->smem_configs_bytes[0] = a->smem_per_sm_bytes;
	}
	if (a->smem_configs_bytes[a->n_smem_configs - 1] != a->smem_per_sm_bytes) {
		occ_error_set(c->err, OCC_EDATA, c->file, c->row->line, "smem_configs_kb",
			      "the largest configuration must equal smem_per_sm_bytes (%lld)",
			      (long long)a->smem_per_sm_bytes);
		return false;
	}
	return true;
}

/* smem_preference: how a launch picks among the configurations; empty (or
 * the column absent) is a carveout where there are several, else fixed. */
static bool parse_preference(const struct csv_cell *c, struct gpu_arch *a)
{
	const char *s = csvread_named(c, "smem_preference");
	bool several = a->n_smem_configs > 1;

	if (!*s)
		a->smem_preference = several ? GPU_SMEM_CARVEOUT : GPU_SMEM_FIXED;
	else if (str_ieq(s, "fixed") && !several)
		a->smem_preference = GPU_SMEM_FIXED;
	else if (str_ieq(s, "carveout") && several)
		a->smem_preference = GPU_SMEM_CARVEOUT;
	else if (str_ieq(s, "cache_config") && several)
		a->smem_preference = GPU_SMEM_CACHE_CONFIG;
	else {
		occ_error_set(c->err, OCC_EDATA, c->file, c->row->line, "smem_preference",
			      "expected fixed (one configuration), carveout or cache_config "
			      "(several), got \"%.40s\" with %d configuration%s", s,
			      a->n_smem_configs, several ? "s" : "");
		return false;
	}
	return true;
}

/* reg_alloc_granularity: "warp" (or empty) or "block". */
static bool parse_reg_alloc(const struct csv_cell *c, struct gpu_arch *a)
{
	const char *s = csvread_named(c, "reg_alloc_granularity");

	if (!*s || str_ieq(s, "warp"))
		a->reg_alloc = GPU_REG_ALLOC_WARP;
	else if (str_ieq(s, "block"))
		a->reg_alloc = GPU_REG_ALLOC_BLOCK;
	else {
		occ_error_set(c->err, OCC_EDATA, c->file, c->row->line, "reg_alloc_granularity",
			      "expected warp or block, got \"%.40s\"", s);
		return false;
	}
	return true;
}

/* reg_alloc_unit_exceptions: "REGS:UNIT" pairs separated by ';'. */
static bool parse_reg_exceptions(const struct csv_cell *c, struct gpu_arch *a)
{
	const char *s = csvread_named(c, "reg_alloc_unit_exceptions");
	const char *p = s;

	a->n_reg_unit_exceptions = 0;
	while (*p) {
		char *end;
		long regs = strtol(p, &end, 10), unit = 0;
		bool ok = end != p && *end == ':' && regs >= 1 && regs <= a->max_regs_per_thread;
		if (ok) {
			p = end + 1;
			unit = strtol(p, &end, 10);
			ok = end != p && unit >= 1 && unit <= 1 << 16 && (!*end || *end == ';') &&
			     a->n_reg_unit_exceptions < GPU_MAX_REG_UNIT_EXCEPTIONS;
		}
		if (!ok) {
			occ_error_set(c->err, OCC_EDATA, c->file, c->row->line, "reg_alloc_unit_exceptions",
				      "expected up to %d REGS:UNIT pairs separated by ';' (REGS at most "
				      "max_regs_per_thread), got \"%.60s\"", GPU_MAX_REG_UNIT_EXCEPTIONS, s);
			return false;
		}
		a->reg_unit_exceptions[a->n_reg_unit_exceptions++] =
			(struct gpu_reg_unit_exception){ (int)regs, (int)unit };
		p = *end ? end + 1 : end;
	}
	return true;
}

static bool read_arch(const struct csv_cell *c, struct gpu_arch *a)
{
	static const struct { const char *col; size_t off; int64_t min, max; bool optional; } ints[] = {
#define F(name, lo, hi, opt) { #name, offsetof(struct gpu_arch, name), lo, hi, opt }
		F(warp_size, 1, 1024, false),
		F(max_threads_per_sm, 1, 1 << 20, false),
		F(max_warps_per_sm, 1, 1 << 16, false),
		F(max_blocks_per_sm, 1, 1 << 16, false),
		F(max_threads_per_block, 1, 1 << 20, false),
		F(regs_per_sm, 1, 1 << 24, false),
		F(regs_per_block, 1, 1 << 24, false),
		F(max_regs_per_thread, 1, 4096, false),
		F(reg_alloc_unit, 1, 1 << 16, false),
		F(warp_alloc_granularity, 1, 64, false),
		F(sm_subpartitions, 1, 64, false),
		F(smem_alloc_unit_bytes, 1, 1 << 20, false),
		F(smem_reserved_per_block_bytes, 0, 1 << 20, false),
		F(barriers_per_sm, 0, 1 << 16, true),
#undef F
	};
	int64_t v;

	memset(a, 0, sizeof(*a));
	if (!csvread_text(c, "arch", a->arch, sizeof(a->arch), true) ||
	    !csvread_text(c, "family", a->family, sizeof(a->family), false) ||
	    !get_cc(c, &a->cc_major, &a->cc_minor))
		return false;
	for (size_t i = 0; i < sizeof(ints) / sizeof(ints[0]); i++) {
		if (!csvread_int(c, ints[i].col, ints[i].min, ints[i].max, ints[i].optional, &v))
			return false;
		*(int *)((char *)a + ints[i].off) = (int)v;
	}
	if (!csvread_int(c, "smem_per_sm_bytes", 0, INT_MAX, false, &a->smem_per_sm_bytes) ||
	    !csvread_int(c, "smem_per_block_bytes", 0, INT_MAX, false, &a->smem_per_block_bytes) ||
	    !csvread_int(c, "smem_per_block_optin_bytes", 0, INT_MAX, false, &a->smem_per_block_optin_bytes) ||
	    !parse_configs(c, a) || !parse_preference(c, a) || !parse_reg_alloc(c, a) ||
	    !parse_reg_exceptions(c, a))
		return false;
	csvread_text(c, "provenance", a->provenance, sizeof(a->provenance), false);
	if (a->max_warps_per_sm * a->warp_size != a->max_threads_per_sm) {
		occ_error_set(c->err, OCC_EDATA, c->file, c->row->line, "max_warps_per_sm",
			      "max_warps_per_sm x warp_size must equal max_threads_per_sm");
		return false;
	}
	if (a->smem_per_block_optin_bytes < a->smem_per_block_bytes) {
		occ_error_set(c->err, OCC_EDATA, c->file, c->row->line, "smem_per_block_optin_bytes",
			      "smaller than smem_per_block_bytes");
		return false;
	}
	return true;
}

static bool read_device(const struct csv_cell *c, struct device_row *d)
{
	int64_t sms;

	memset(d, 0, sizeof(*d));
	if (!csvread_text(c, "name", d->name, sizeof(d->name), true) ||
	    !get_cc(c, &d->cc_major, &d->cc_minor) ||
	    !csvread_int(c, "sm_count", 1, 100000, false, &sms) ||
	    !csvread_text(c, "segment", d->segment, sizeof(d->segment), false) ||
	    !csvread_text(c, "aliases", d->aliases, sizeof(d->aliases), false))
		return false;
	csvread_text(c, "provenance", d->provenance, sizeof(d->provenance), false);
	d->sm_count = (int)sms;
	return true;
}

static bool grow(void **items, size_t *cap, size_t n, size_t size)
{
	if (n < *cap)
		return true;
	size_t ncap = *cap ? *cap * 2 : 32;
	void *p = realloc(*items, ncap * size);
	if (!p)
		return false;
	*items = p;
	*cap = ncap;
	return true;
}

static bool put_arch(struct gpu_db *db, const struct gpu_arch *a)
{
	for (size_t i = 0; i < db->n_archs; i++) {
		if (db->archs[i].cc_major == a->cc_major && db->archs[i].cc_minor == a->cc_minor) {
			db->archs[i] = *a;
			return true;
		}
	}
	if (!grow((void **)&db->archs, &db->cap_archs, db->n_archs, sizeof(*db->archs)))
		return false;
	/* In order of compute capability, wherever a file puts the row, so that
	 * --list-gpus and the capabilities a message lists read in order. */
	size_t at = db->n_archs;
	while (at > 0 && (db->archs[at - 1].cc_major > a->cc_major ||
			  (db->archs[at - 1].cc_major == a->cc_major &&
			   db->archs[at - 1].cc_minor > a->cc_minor)))
		at--;
	memmove(&db->archs[at + 1], &db->archs[at], (db->n_archs - at) * sizeof(*db->archs));
	db->archs[at] = *a;
	db->n_archs++;
	return true;
}

/* FNV-1a of the name folded to ASCII lower case (as str_ieq compares);
 * never 0, the empty slot. */
static uint64_t name_hash(const char *name)
{
	uint64_t h = 14695981039346656037ull;

	for (const unsigned char *p = (const unsigned char *)name; *p; p++)
		h = (h ^ (uint64_t)tolower(*p)) * 1099511628211ull;
	return h ? h : 1;
}

/* Whether the set may hold h (a hit can be another name's: then a scan). */
static bool hash_has(const struct gpu_db *db, uint64_t h)
{
	if (db->cap_hashes == 0)
		return false;
	for (size_t i = (size_t)(h & (db->cap_hashes - 1));; i = (i + 1) & (db->cap_hashes - 1)) {
		if (db->name_hashes[i] == h)
			return true;
		if (db->name_hashes[i] == 0)
			return false;
	}
}

static void hash_put(uint64_t *slots, size_t cap, uint64_t h)
{
	size_t i = (size_t)(h & (cap - 1));

	while (slots[i] != 0 && slots[i] != h)
		i = (i + 1) & (cap - 1);
	slots[i] = h;
}

/* Adds h, growing the table to keep it at most half full; false when out of
 * memory. */
static bool hash_add(struct gpu_db *db, uint64_t h)
{
	if (2 * (db->n_hashes + 1) > db->cap_hashes) {
		size_t cap = db->cap_hashes ? db->cap_hashes * 2 : 256;
		uint64_t *slots = calloc(cap, sizeof(*slots));

		if (!slots)
			return false;
		for (size_t i = 0; i < db->cap_hashes; i++)
			if (db->name_hashes[i])
				hash_put(slots, cap, db->name_hashes[i]);
		free(db->name_hashes);
		db->name_hashes = slots;
		db->cap_hashes = cap;
	}
	if (!hash_has(db, h))
		db->n_hashes++;
	hash_put(db->name_hashes, db->cap_hashes, h);
	return true;
}

static bool put_device(struct gpu_db *db, const struct device_row *d)
{
	uint64_t h = name_hash(d->name);

	/* Only a name that may be there already costs a scan. */
	for (size_t i = 0; hash_has(db, h) && i < db->n_devices; i++) {
		if (str_ieq(db->devices[i].name, d->name)) {
			db->devices[i] = *d;
			return true;
		}
	}
	if (!hash_add(db, h))
		return false;
	if (!grow((void **)&db->devices, &db->cap_devices, db->n_devices, sizeof(*db->devices)))
		return false;
	/* NVIDIA devices in order of compute capability (a file's order within
	 * one), as --list-gpus shows them; AMD devices after, as read. */
	size_t at = db->n_devices;
	while (at > 0 && d->vendor == GPU_NVIDIA && (db->devices[at - 1].vendor == GPU_AMD ||
		db->devices[at - 1].cc_major > d->cc_major ||
		(db->devices[at - 1].cc_major == d->cc_major && db->devices[at - 1].cc_minor > d->cc_minor)))
		at--;
	memmove(&db->devices[at + 1], &db->devices[at], (db->n_devices - at) * sizeof(*db->devices));
	db->devices[at] = *d;
	db->n_devices++;
	return true;
}

/* A GPC table's row replaces the one of its device's name. */
static bool put_gpcs(struct gpu_db *db, const struct gpc_layout *g)
{
	for (size_t i = 0; i < db->n_gpcs; i++) {
		if (strcmp(db->gpcs[i].name, g->name) == 0) {
			db->gpcs[i] = *g;
			return true;
		}
	}
	if (!grow((void **)&db->gpcs, &db->cap_gpcs, db->n_gpcs, sizeof(*db->gpcs)))
		return false;
	db->gpcs[db->n_gpcs++] = *g;
	return true;
}

static bool require_columns(const char *file, const struct csv_row *header,
			    const char *const *cols, struct occ_error *err)
{
	for (size_t i = 0; cols[i]; i++) {
		if (csvread_column(header, cols[i]) < 0) {
			occ_error_set(err, OCC_EDATA, file, header->line, cols[i],
				      "missing column in the header");
			return false;
		}
	}
	return true;
}

/* Every cell of a GPU database reaches terminals (--list-gpus, the panes,
 * messages): one with an escape sequence, a control character or bytes that
 * are no UTF-8 is refused, naming its line and column. */
static bool safe_text(const char *file, const struct csv_rows *rows, struct occ_error *err)
{
	const struct csv_row *h = &rows->rows[0];

	for (size_t i = 0; i < rows->n; i++)
		for (size_t j = 0; j < rows->rows[i].n; j++)
			if (!str_is_safe(rows->rows[i].fields[j])) {
				char col[64] = "";

				if (i > 0 && j < h->n && str_is_safe(h->fields[j]))
					str_copy(col, sizeof(col), h->fields[j]);
				occ_error_set(err, OCC_EDATA, file, rows->rows[i].line, col,
					      "control characters or bytes that are not UTF-8 "
					      "(only printable text is allowed in a GPU database)");
				return false;
			}
	return true;
}

bool gpu_db_load_csv(struct gpu_db *db, const char *name, const char *text, size_t len,
		     struct occ_error *err)
{
	static const char *const arch_cols[] = {
		"arch", "cc", "warp_size", "max_threads_per_sm", "max_warps_per_sm",
		"max_blocks_per_sm", "max_threads_per_block", "regs_per_sm", "regs_per_block",
		"max_regs_per_thread", "reg_alloc_unit", "warp_alloc_granularity",
		"sm_subpartitions", "smem_per_sm_bytes", "smem_configs_kb", "smem_per_block_bytes",
		"smem_per_block_optin_bytes", "smem_alloc_unit_bytes",
		"smem_reserved_per_block_bytes", NULL,
	};
	static const char *const device_cols[] = { "name", "cc", "sm_count", NULL };
	static const char *const gpc_cols[] = {
		"name", "sm_count", "gpcs", "sms_per_gpc_max", "sms_per_tpc", "sms_per_gpc", NULL,
	};
	struct csv_rows rows;
	bool is_arch, is_gpcs, ok = true;

	if (!csvread_parse(name, text, len, &rows, err))
		return false;
	if (rows.n == 0) {
		occ_error_set(err, OCC_EDATA, name, 0, NULL, "empty GPU database file");
		csvread_free(&rows);
		return false;
	}
	is_arch = csvread_column(&rows.rows[0], "max_threads_per_sm") >= 0;
	is_gpcs = !is_arch && csvread_column(&rows.rows[0], "sms_per_gpc_max") >= 0;
	if (!is_arch && csvread_column(&rows.rows[0], "sm_count") < 0) {
		occ_error_set(err, OCC_EDATA, name, rows.rows[0].line, NULL,
			      "not a GPU database file: the header has neither max_threads_per_sm "
			      "(architectures) nor sm_count (devices)");
		csvread_free(&rows);
		return false;
	}
	ok = require_columns(name, &rows.rows[0],
			     is_arch ? arch_cols : is_gpcs ? gpc_cols : device_cols, err) &&
	     safe_text(name, &rows, err);
	for (size_t i = 1; ok && i < rows.n; i++) {
		struct csv_cell c = { name, &rows.rows[0], &rows.rows[i], err };
		if (is_gpcs) {
			struct gpc_layout g;
			ok = gpc_row_read(&c, &g) && put_gpcs(db, &g);
		} else if (is_arch) {
			struct gpu_arch a;
			ok = read_arch(&c, &a) && put_arch(db, &a);
		} else {
			struct device_row d;
			ok = read_device(&c, &d);
			if (ok && !gpu_db_find_arch(db, d.cc_major, d.cc_minor)) {
				occ_error_set(err, OCC_EDATA, name, rows.rows[i].line, "cc",
					      "no architecture with compute capability %d.%d in the database",
					      d.cc_major, d.cc_minor);
				ok = false;
			}
			ok = ok && put_device(db, &d);
		}
		if (!ok)
			occ_error_set(err, OCC_ESOFTWARE, name, rows.rows[i].line, NULL, "out of memory");
	}
	csvread_free(&rows);
	return ok;
}

bool gpu_db_load_file(struct gpu_db *db, const char *path, struct occ_error *err)
{
	size_t len;
	char *text = str_read_file(path, USER_DB_MAX_BYTES, &len, err);
	bool ok;

	if (!text)
		return false;
	ok = gpu_db_load_csv(db, path, text, len, err);
	free(text);
	return ok;
}

const struct gpu_arch *gpu_db_find_target(const struct gpu_db *db, const char *target)
{
	for (size_t i = 0; i < db->n_amd_archs; i++)
		if (str_ieq(db->amd_archs[i].arch, target))
			return &db->amd_archs[i];
	return NULL;
}

/* An AMD target in the NVIDIA-shaped fields: per CU (per WGP in WGP mode),
 * waves for warps, workgroups for blocks, VGPRs for registers, LDS for shared
 * memory with one fixed configuration, and no barrier limit. */
static void amd_to_arch(const struct amd_arch *m, struct gpu_arch *a)
{
	int cus = amd_cus_per_unit(m), simds = amd_simds_per_unit(m);

	memset(a, 0, sizeof(*a));
	a->vendor = GPU_AMD;
	a->amd = *m;
	str_copy(a->arch, sizeof(a->arch), m->target);
	str_copy(a->family, sizeof(a->family), m->family);
	str_copy(a->provenance, sizeof(a->provenance), m->provenance);
	a->warp_size = m->default_wave_size;
	a->max_warps_per_sm = m->max_waves_per_simd * simds;
	a->max_threads_per_sm = a->max_warps_per_sm * a->warp_size;
	a->max_blocks_per_sm = m->max_workgroups_per_cu * cus;
	a->max_threads_per_block = m->max_workgroup_size;
	a->max_regs_per_thread = m->max_vgprs_per_wave;
	a->regs_per_sm = (m->default_wave_size == 32 ? m->vgprs_per_simd_wave32 :
			  m->vgprs_per_simd_wave64) * simds;
	a->regs_per_block = a->regs_per_sm;
	a->reg_alloc_unit = m->default_wave_size == 32 ? m->vgpr_granule_wave32 : m->vgpr_granule_wave64;
	a->warp_alloc_granularity = 1;
	a->sm_subpartitions = simds;
	a->smem_per_sm_bytes = m->wgp_mode && m->lds_per_wgp_bytes ? m->lds_per_wgp_bytes :
		m->lds_per_cu_bytes;
	a->n_smem_configs = 1;
	a->smem_configs_bytes[0] = a->smem_per_sm_bytes;
	a->smem_per_block_bytes = a->smem_per_block_optin_bytes = m->max_lds_per_workgroup_bytes;
	a->smem_alloc_unit_bytes = m->lds_granule_bytes;
}

static bool load_amd(struct gpu_db *db, struct occ_error *err)
{
	struct amd_arch *archs = NULL;
	struct amd_device *devs = NULL;
	size_t n_archs = 0, n_devs = 0;
	bool ok = false;

	if (!amd_parse_archs("built-in amd_archs.csv", gpu_data_amd_archs_csv,
			     strlen(gpu_data_amd_archs_csv), &archs, &n_archs, err) ||
	    !amd_parse_devices("built-in amd_devices.csv", gpu_data_amd_devices_csv,
			       strlen(gpu_data_amd_devices_csv), &devs, &n_devs, err))
		goto out;
	db->amd_archs = calloc(n_archs ? n_archs : 1, sizeof(*db->amd_archs));
	if (!db->amd_archs) {
		occ_error_set(err, OCC_ESOFTWARE, NULL, 0, NULL, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < n_archs; i++)
		amd_to_arch(&archs[i], &db->amd_archs[i]);
	db->n_amd_archs = n_archs;
	for (size_t i = 0; i < n_devs; i++) {
		struct device_row d;

		memset(&d, 0, sizeof(d));
		d.vendor = GPU_AMD;
		str_copy(d.target, sizeof(d.target), devs[i].target);
		str_copy(d.name, sizeof(d.name), devs[i].name);
		str_copy(d.aliases, sizeof(d.aliases), devs[i].aliases);
		str_copy(d.provenance, sizeof(d.provenance), devs[i].provenance);
		d.sm_count = devs[i].cu_count;
		if (!gpu_db_find_target(db, d.target)) {
			occ_error_set(err, OCC_EDATA, "built-in amd_devices.csv", 0, "target",
				      "%s: no target %s in amd_archs.csv", d.name, d.target);
			goto out;
		}
		if (!put_device(db, &d)) {
			occ_error_set(err, OCC_ESOFTWARE, NULL, 0, NULL, "out of memory");
			goto out;
		}
	}
	ok = true;
out:
	free(archs);
	free(devs);
	return ok;
}

struct gpu_db *gpu_db_new_builtin(struct occ_error *err)
{
	struct gpu_db *db = calloc(1, sizeof(*db));

	if (!db) {
		occ_error_set(err, OCC_ESOFTWARE, NULL, 0, NULL, "out of memory");
		return NULL;
	}
	if (!gpu_db_load_csv(db, "built-in archs.csv", gpu_data_archs_csv,
			     strlen(gpu_data_archs_csv), err) ||
	    !gpu_db_load_csv(db, "built-in devices.csv", gpu_data_devices_csv,
			     strlen(gpu_data_devices_csv), err) ||
	    !gpu_db_load_csv(db, "built-in gpcs.csv", gpu_data_gpcs_csv,
			     strlen(gpu_data_gpcs_csv), err) ||
	    !load_amd(db, err)) {
		gpu_db_free(db);
		return NULL;
	}
	return db;
}

void gpu_db_free(struct gpu_db *db)
{
	if (!db)
		return;
	free(db->archs);
	free(db->amd_archs);
	free(db->devices);
	free(db->name_hashes);
	free(db->gpcs);
	free(db);
}

const struct gpu_arch *gpu_db_find_arch(const struct gpu_db *db, int cc_major, int cc_minor)
{
	for (size_t i = 0; i < db->n_archs; i++)
		if (db->archs[i].cc_major == cc_major && db->archs[i].cc_minor == cc_minor)
			return &db->archs[i];
	return NULL;
}

const char *gpu_unit(const struct gpu_arch *arch)
{
	return arch->vendor == GPU_AMD ? amd_unit_name(&arch->amd) : "SM";
}

bool gpu_same_vendor(const struct gpu_arch *a, const struct gpu_arch *b)
{
	return a->vendor == b->vendor;
}

int gpu_launch_warp_size(const struct gpu_arch *arch, int wave_size)
{
	return arch->vendor == GPU_AMD && wave_size ? wave_size : arch->warp_size;
}

int gpu_max_registers(const struct gpu_arch *arch)
{
	return arch->vendor == GPU_AMD ? arch->amd.max_vgprs_per_wave : arch->max_regs_per_thread;
}

const char *gpu_family(const struct gpu_arch *arch)
{
	return arch->vendor == GPU_AMD ? arch->amd.family : arch->family;
}

const char *gpu_units(const struct gpu_arch *arch)
{
	return arch->vendor != GPU_AMD ? "SMs" : arch->amd.wgp_mode ? "WGPs" : "CUs";
}

bool gpu_db_gpc_layout(const struct gpu_db *db, const char *name, struct gpc_layout *out)
{
	for (size_t i = 0; i < db->n_gpcs; i++)
		if (strcmp(db->gpcs[i].name, name) == 0) {
			*out = db->gpcs[i];
			return true;
		}
	return false;
}

size_t gpu_db_gpc_count(const struct gpu_db *db)
{
	return db->n_gpcs;
}

bool gpu_row_resolve(const struct gpu_db *db, const struct device_row *d, struct gpu *out)
{
	const struct gpu_arch *a = d->vendor == GPU_AMD ? gpu_db_find_target(db, d->target) :
		gpu_db_find_arch(db, d->cc_major, d->cc_minor);

	if (!a)
		return false;
	memset(out, 0, sizeof(*out));
	str_copy(out->name, sizeof(out->name), d->name);
	str_copy(out->aliases, sizeof(out->aliases), d->aliases);
	str_copy(out->segment, sizeof(out->segment), d->segment);
	str_copy(out->provenance, sizeof(out->provenance), d->provenance);
	/* An AMD device counts CUs; occupancy counts units (WGPs in WGP mode). */
	out->sm_count = d->vendor == GPU_AMD ? d->sm_count / amd_cus_per_unit(&a->amd) : d->sm_count;
	out->arch = *a;
	out->has_gpcs = gpu_db_gpc_layout(db, d->name, &out->gpcs);
	return true;
}

size_t gpu_db_arch_count(const struct gpu_db *db)
{
	return db->n_archs;
}

const struct gpu_arch *gpu_db_arch_at(const struct gpu_db *db, size_t i)
{
	return i < db->n_archs ? &db->archs[i] : NULL;
}

size_t gpu_db_device_count(const struct gpu_db *db)
{
	return db->n_devices;
}

bool gpu_db_device_at(const struct gpu_db *db, size_t i, struct gpu *out)
{
	return i < db->n_devices && gpu_row_resolve(db, &db->devices[i], out);
}

size_t gpu_db_amd_arch_count(const struct gpu_db *db)
{
	return db->n_amd_archs;
}

const struct gpu_arch *gpu_db_amd_arch_at(const struct gpu_db *db, size_t i)
{
	return i < db->n_amd_archs ? &db->amd_archs[i] : NULL;
}

/* Every CSV row and JSON record writes it: a copy or two digits, without
 * strfmt's parse of its format (the same bytes, truncation included; any
 * other compute capability goes through strfmt). */
void gpu_arch_cc_string(const struct gpu_arch *arch, char *buf, size_t size)
{
	if (size == 0)
		return;
	if (arch->vendor == GPU_AMD) {
		size_t n = strlen(arch->arch);

		if (n >= size)
			n = size - 1;
		memcpy(buf, arch->arch, n);
		buf[n] = '\0';
	} else if (size >= 4 && arch->cc_major >= 0 && arch->cc_major <= 9 &&
		   arch->cc_minor >= 0 && arch->cc_minor <= 9) {
		buf[0] = (char)('0' + arch->cc_major);
		buf[1] = '.';
		buf[2] = (char)('0' + arch->cc_minor);
		buf[3] = '\0';
	} else {
		strfmt(buf, size, "%d.%d", arch->cc_major, arch->cc_minor);
	}
}
