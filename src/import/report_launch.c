/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* report_launch.c - kernel records to launches: which GPU a record ran on,
 * and what a record must say for its occupancy to be exact.
 *
 * Defaults, where a report is silent and the value cannot change the result
 * by more than the text below says (everything else is an error naming the
 * field and the flag that supplies it):
 *  - AMD accumulation VGPRs: 0. Only rocprof v1's old ROCm 5 layout
 *    ("vgpr,sgpr,fbar") lacks the column; it has one VGPR figure, read as the
 *    arch VGPRs. If that figure left AGPRs out, registers are undercounted.
 *  - AMD SGPRs: 0, which amd_compute reads as "unknown, no SGPR limit" (the
 *    rocprofv3 kernel trace sample has none).
 *  - AMD wave size: 0, the target's default (wave64 on GCN/CDNA, wave32 on
 *    RDNA), as HIP compiles when not told otherwise.
 *  - AMD dynamic LDS: 0. The report's LDS figure is the dispatch's whole
 *    group segment, static and dynamic together, and is kept as static.
 *  - NVIDIA barriers: the report's count if it has one, else the launch
 *    default (1 per block, as for a launch from flags).
 *  - NVIDIA carveout: the default preference. The driver's chosen
 *    shared-memory configuration is not read back into a carveout: the
 *    analysis of the record uses it as the driver's choice (occ_input). */
#include "config.h"

#include "report_launch.h"

#include <ctype.h>
#include <stddef.h>
#include <stdint.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "strutil.h"

enum report_vendor report_record_vendor(const struct report_record *rec)
{
	if (rec->vendor != REPORT_VENDOR_UNKNOWN)
		return rec->vendor;
	if (rec->gfx_target[0] || rec->arch_vgprs.present || rec->accum_vgprs.present ||
	    rec->lds_bytes.present)
		return REPORT_VENDOR_AMD;
	if (rec->cc_major.present || rec->registers.present)
		return REPORT_VENDOR_NVIDIA;
	return REPORT_VENDOR_UNKNOWN;
}

static enum report_vendor gpu_vendor(const struct gpu *g)
{
	return g->arch.vendor == GPU_AMD ? REPORT_VENDOR_AMD : REPORT_VENDOR_NVIDIA;
}

static const char *vendor_name(enum report_vendor v)
{
	return v == REPORT_VENDOR_AMD ? "AMD" : "NVIDIA";
}

bool report_vendor_device(const struct gpu_db *db, const struct report_record *rec,
			  const struct gpu *prefer, struct gpu *out)
{
	enum report_vendor v = report_record_vendor(rec);

	if (prefer && v != REPORT_VENDOR_UNKNOWN && gpu_vendor(prefer) == v) {
		*out = *prefer;
		return true;
	}
	for (size_t i = 0; v != REPORT_VENDOR_UNKNOWN && i < gpu_db_device_count(db); i++)
		if (gpu_db_device_at(db, i, out) && gpu_vendor(out) == v)
			return true;
	return false;
}

static bool has_arch(const struct report_record *rec)
{
	return rec->gfx_target[0] || (rec->cc_major.present && rec->cc_minor.present);
}

/* True when g is of the arch the record names (false when it names none). */
static bool same_arch(const struct report_record *rec, const struct gpu *g)
{
	if (rec->gfx_target[0])
		return g->arch.vendor == GPU_AMD && str_ieq(g->arch.amd.target, rec->gfx_target);
	if (rec->cc_major.present && rec->cc_minor.present)
		return g->arch.vendor == GPU_NVIDIA && g->arch.cc_major == rec->cc_major.value &&
		       g->arch.cc_minor == rec->cc_minor.value;
	return false;
}

/* A device's SMs, or CUs on AMD: reports count CUs, the database counts the
 * unit occupancy is computed on (a WGP, two CUs, in WGP mode). */
static int64_t device_units_as_reported(const struct gpu *g)
{
	if (g->arch.vendor == GPU_AMD)
		return (int64_t)g->sm_count * amd_cus_per_unit(&g->arch.amd);
	return g->sm_count;
}

/* "gfx942" or "compute capability 9.0", for messages. */
static void arch_text(const struct report_record *rec, char *buf, size_t size)
{
	char shown[64];

	if (rec->gfx_target[0]) {
		str_sanitize(rec->gfx_target, shown, sizeof(shown));
		snprintf(buf, size, "%s", shown);
	} else {
		snprintf(buf, size, "compute capability %lld.%lld", (long long)rec->cc_major.value,
			 (long long)rec->cc_minor.value);
	}
}

/* True when the report's device field is a name, not an ordinal ("0": the
 * 2022 details layout's Device column). */
static bool names_device(const char *device)
{
	for (const char *p = device; *p; p++)
		if (!isdigit((unsigned char)*p) && !isspace((unsigned char)*p))
			return true;
	return false;
}

/* The device the report names, if the database knows it under that name or
 * an alias (or without the vendor's prefix: "NVIDIA GeForce RTX 4090"),
 * ignoring case and punctuation, and it agrees with the record's vendor and
 * arch. Never a partial match: "NVIDIA GeForce RTX 5070 Laptop GPU" is not
 * the desktop RTX 5070, and falls back to the arch. */
static bool find_named(const struct gpu_db *db, const struct report_record *rec,
		       enum report_vendor v, struct gpu *out)
{
	static const char *const prefixes[] = { "NVIDIA ", "AMD " };
	const char *names[2] = { rec->device, NULL };

	if (!names_device(rec->device))
		return false;
	for (size_t i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++)
		if (strncasecmp(rec->device, prefixes[i], strlen(prefixes[i])) == 0)
			names[1] = rec->device + strlen(prefixes[i]);
	for (int i = 0; i < 2 && names[i] && names[i][0]; i++) {
		if (!gpu_db_find_exact(db, names[i], out))
			continue;
		if ((v == REPORT_VENDOR_UNKNOWN || gpu_vendor(out) == v) &&
		    (!has_arch(rec) || same_arch(rec, out)))
			return true;
	}
	return false;
}

/* The database's architecture of the one the record names, or NULL. */
static const struct gpu_arch *record_arch(const struct gpu_db *db, const struct report_record *rec)
{
	if (rec->gfx_target[0])
		return gpu_db_find_target(db, rec->gfx_target);
	return gpu_db_find_arch(db, (int)rec->cc_major.value, (int)rec->cc_minor.value);
}

/* The record names a device the database does not know and no
 * architecture: the message says which device, and what to give. */
static void unknown_device(const struct report_record *rec, enum report_vendor v,
			   const char *file, struct occ_error *err)
{
	char shown[REPORT_TEXT * 4];

	str_sanitize(rec->device, shown, sizeof(shown));
	occ_error_set(err, OCC_EDATA, file, rec->line, "gpu",
		      "the report names \"%s\", which occview's GPU database lacks, and not its "
		      "architecture: give --gpu with its %s, or add the device with --gpu-db", shown,
		      v == REPORT_VENDOR_AMD ? "gfx target (--gpu gfxNNN)" :
		      v == REPORT_VENDOR_NVIDIA ? "compute capability (--gpu X.Y)" :
		      "compute capability (--gpu X.Y) or gfx target (--gpu gfxNNN)");
}

bool report_gpu_takes(const struct report_record *rec, const struct gpu *given, const char *file,
		      struct occ_error *err)
{
	enum report_vendor v = report_record_vendor(rec);

	if (v != REPORT_VENDOR_UNKNOWN && gpu_vendor(given) != v) {
		occ_error_set(err, OCC_EUSAGE, file, rec->line, "gpu",
			      "an %s kernel record cannot run on --gpu \"%s\", an %s GPU: "
			      "give an %s GPU (occview --list-gpus)", vendor_name(v),
			      given->name, vendor_name(gpu_vendor(given)), vendor_name(v));
		return false;
	}
	return true;
}

bool report_choose_gpu(const struct gpu_db *db, const struct report_record *rec,
		       const struct gpu *given, const char *file, struct gpu *out,
		       enum report_gpu_source *source, struct occ_error *err)
{
	enum report_vendor v = report_record_vendor(rec);
	char arch[64], shown[REPORT_TEXT * 4];

	*source = REPORT_GPU_NONE;
	if (given) {
		if (!report_gpu_takes(rec, given, file, err))
			return false;
		*out = *given;
		*source = REPORT_GPU_GIVEN;
		return true;
	}
	if (rec->device[0] && find_named(db, rec, v, out)) {
		*source = REPORT_GPU_NAMED;
		return true;
	}
	if (!has_arch(rec)) {
		if (names_device(rec->device))
			unknown_device(rec, v, file, err);
		else
			occ_error_set(err, OCC_EDATA, file, rec->line, "gpu",
				      "the report does not say which GPU ran this kernel: give --gpu "
				      "NAME (occview --list-gpus lists them)");
		return false;
	}
	for (size_t i = 0; rec->sm_count.present && i < gpu_db_device_count(db); i++) {
		if (gpu_db_device_at(db, i, out) && same_arch(rec, out) &&
		    device_units_as_reported(out) == rec->sm_count.value) {
			*source = REPORT_GPU_MATCHED;
			return true;
		}
	}
	if (gpu_db_arch_device(db, record_arch(db, rec), out)) {
		*source = REPORT_GPU_FIRST;
		return true;
	}
	arch_text(rec, arch, sizeof(arch));
	if (names_device(rec->device)) {
		str_sanitize(rec->device, shown, sizeof(shown));
		occ_error_set(err, OCC_EDATA, file, rec->line, "gpu",
			      "the report names \"%s\" (%s), which occview's GPU database lacks: "
			      "add %s with --gpu-db (occview-formats(5))", shown, arch,
			      record_arch(db, rec) ? "the device" : "its architecture and the device");
		return false;
	}
	occ_error_set(err, OCC_EDATA, file, rec->line, "gpu",
		      "the report says %s, and the GPU database has no device of it: give --gpu "
		      "NAME (occview --list-gpus), or add the device with --gpu-db", arch);
	return false;
}

/* A parameter's names in the record's vendor's words, all from the
 * parameter table (params.h): the field (its first launch-file key, or
 * AMD's own: "vgprs", "lds"), the words for it in a sentence ("VGPR count")
 * and the flag that supplies it ("--vgprs N"). */
struct names {
	char field[32], flag[48];
	const char *what;
};

static void names_of(enum launch_param p, bool amd, struct names *n)
{
	const struct param_info *i = param_info(p);
	const char *key = amd && i->amd_key ? i->amd_key : i->names;

	snprintf(n->field, sizeof(n->field), "%.*s", (int)strcspn(key, " "), key);
	snprintf(n->flag, sizeof(n->flag), "%s %s", amd && i->amd_flag ? i->amd_flag : i->flag,
		 i->kind == PARAM_SIZE ? "SIZE" : "N");
	n->what = amd && i->amd_noun ? i->amd_noun : i->noun;
}

/* The values a record lacks that the occupancy needs: every one is named
 * in one message, with every flag that supplies them. */
struct lacking {
	unsigned params;         /* PARAM_BIT of each */
	char field[32];          /* the first one's field, for the error */
	char what[160], flags[160];
};

static void lack(struct lacking *k, enum launch_param p, bool amd)
{
	struct names n;
	size_t len;

	if (k->params & PARAM_BIT(p))
		return;
	names_of(p, amd, &n);
	if (!k->params)
		str_copy(k->field, sizeof(k->field), n.field);
	k->params |= PARAM_BIT(p);
	len = strlen(k->what);
	snprintf(k->what + len, sizeof(k->what) - len, "%s%s", len ? ", " : "", n.what);
	len = strlen(k->flags);
	snprintf(k->flags + len, sizeof(k->flags) - len, "%s%s", len ? " " : "", n.flag);
}

/* The error of what k holds: the list read as English ("a, b and c"). */
/* Where a record lacks its whole launch (a metrics-only table), the flags
 * give one launch for every kernel of the file: the way to a report that
 * has the launches comes first. */
static const char *recollect(const struct report_record *rec, unsigned params)
{
	unsigned launch = PARAM_BIT(PARAM_GRID) | PARAM_BIT(PARAM_BLOCK);

	/* Nsight Compute's --metrics runs give grid and block, not registers:
	 * its Launch Statistics section has them all. */
	if (rec->ncu_layout != REPORT_NCU_NONE)
		return (params & PARAM_BIT(PARAM_REGISTERS)) ?
		       "collect them with ncu --csv --section LaunchStats --section Occupancy; "
		       "for one launch, " : NULL;
	if ((params & launch) != launch)
		return NULL;
	if (rec->figures_by == REPORT_BY_CUDA_PROFILER)
		return "add gridsize, threadblocksize, regperthread, stasmemperblock and "
		       "dynsmemperblock to the profiler's COMPUTE_PROFILE_CONFIG file; for one "
		       "launch, ";
	if (rec->invocations.present)
		return "give nvprof --print-gpu-trace --csv of the same run beside this file "
		       "(matched by kernel name); for one launch, ";
	return NULL;
}

static void lacking_error(const struct lacking *k, const struct report_record *rec,
			  const char *file, long line, struct occ_error *err)
{
	char what[200];
	const char *last = strrchr(k->what, ',');
	const char *how = recollect(rec, k->params);

	if (last)
		snprintf(what, sizeof(what), "%.*s and%s", (int)(last - k->what), k->what, last + 1);
	else
		snprintf(what, sizeof(what), "%s", k->what);
	occ_error_set(err, OCC_EDATA, file, line, k->field,
		      "the report does not give this kernel's %s, and occview does not guess %s: "
		      "%sgive %s", what, last ? "them" : "it", how ? how : "", k->flags);
}

/* Where a record holds a parameter. Required: lacking, it joins the error
 * (k); otherwise the launch keeps launch_init's value, the default the head
 * comment gives. */
struct source {
	enum launch_param p;
	size_t at;               /* its struct report_int in struct report_record */
	bool required;
};

#define FROM(member) offsetof(struct report_record, member)

/* In the order they are read (and refused). */
static const struct source nvidia_sources[] = {
	{ PARAM_REGISTERS, FROM(registers), true },
	{ PARAM_STATIC_SMEM, FROM(static_smem_bytes), true },
	{ PARAM_DYNAMIC_SMEM, FROM(dynamic_smem_bytes), true },
	{ PARAM_BARRIERS, FROM(barriers), false },
};

static const struct source amd_sources[] = {
	{ PARAM_REGISTERS, FROM(arch_vgprs), true },
	{ PARAM_AGPRS, FROM(accum_vgprs), false },
	{ PARAM_SGPRS, FROM(sgprs), false },
	{ PARAM_WAVE_SIZE, FROM(wave_size), false },
	{ PARAM_STATIC_SMEM, FROM(lds_bytes), true },
};

static const struct source *sources(bool amd, size_t *n)
{
	*n = amd ? sizeof(amd_sources) / sizeof(amd_sources[0]) :
		   sizeof(nvidia_sources) / sizeof(nvidia_sources[0]);
	return amd ? amd_sources : nvidia_sources;
}

/* The value of p the record gives in v: lacking, 0 and p joins k; out of
 * p's range, an error. The range is the parameter table's, but a byte
 * count is read whole (launch_check judges it against the GPU). */
/* take's error for a value it refuses. */
static bool refuse(const struct report_int *v, enum launch_param p, bool amd, int64_t max,
		   const char *file, long line, struct occ_error *err)
{
	struct names n;

	names_of(p, amd, &n);
	if (v->value < 0 || v->value > max)
		occ_error_set(err, OCC_EDATA, file, line, n.field, "%lld is out of range (0 to %lld)",
			      (long long)v->value, (long long)max);
	else
		occ_error_set(err, OCC_EDATA, file, line, n.field,
			      "a wave size is 32 or 64, got %lld", (long long)v->value);
	return false;
}

/* take's other cases: a value lacking (0, and p joins k), or refused. */
static bool take_rest(const struct report_int *v, enum launch_param p, bool amd, int64_t max,
		      const char *file, long line, int64_t *out, struct lacking *k,
		      struct occ_error *err)
{
	*out = 0;
	if (!v->present) {
		lack(k, p, amd);
		return true;
	}
	return refuse(v, p, amd, max, file, line, err);
}

/* The most take accepts of p. */
static inline int64_t take_max(const struct param_info *i)
{
	return i->kind == PARAM_SIZE ? INT64_MAX : i->max;
}

/* Whether take accepts a value v >= 0 of i's: within its range, and a
 * wave size of 0, 32 or 64. */
static inline bool in_range(int64_t v, const struct param_info *i)
{
	return v <= take_max(i) && (i->kind != PARAM_WAVE || v == 0 || v == 32 || v == 64);
}

/* Whether take accepts v as p's value. */
static inline bool takes(const struct report_int *v, const struct param_info *i)
{
	return v->present && v->value >= 0 && in_range(v->value, i);
}

/* (the lacking and refused values apart: their words and buffers cost
 * every call saved registers, and a record takes a dozen values) */
static inline bool take(const struct report_int *v, enum launch_param p, bool amd,
			const char *file, long line, int64_t *out, struct lacking *k,
			struct occ_error *err)
{
	const struct param_info *i = param_info(p);

	if (takes(v, i)) {
		*out = v->value;
		return true;
	}
	return take_rest(v, p, amd, take_max(i), file, line, out, k, err);
}

static bool fill_dims(const struct report_record *rec, const char *file, struct launch *l,
		      unsigned fields, bool amd, struct lacking *k, struct occ_error *err)
{
	int64_t grid[3], block[3];

	param_get_dims(l, PARAM_GRID, grid);
	param_get_dims(l, PARAM_BLOCK, block);
	for (int d = 0; d < 3; d++) {
		if (!(fields & PARAM_BIT(PARAM_GRID)) &&
		    !take(&rec->grid[d], PARAM_GRID, amd, file, rec->line, &grid[d], k, err))
			return false;
		if (!(fields & PARAM_BIT(PARAM_BLOCK)) &&
		    !take(&rec->block[d], PARAM_BLOCK, amd, file, rec->line, &block[d], k, err))
			return false;
	}
	param_set_dims(l, PARAM_GRID, grid);
	param_set_dims(l, PARAM_BLOCK, block);
	return true;
}

static bool fill(const struct report_record *rec, const char *file, struct launch *l,
		 unsigned fields, bool amd, struct lacking *k, struct occ_error *err)
{
	size_t n;
	const struct source *s = sources(amd, &n);
	int64_t v;

	for (size_t j = 0; j < n; j++) {
		const struct report_int *from = (const void *)((const char *)rec + s[j].at);

		if ((fields & PARAM_BIT(s[j].p)) || (!from->present && !s[j].required))
			continue;
		if (!take(from, s[j].p, amd, file, rec->line, &v, k, err))
			return false;
		param_set(l, s[j].p, v);
	}
	return true;
}

/* The record's own value of one field, when it has it. */
static bool own(const struct report_int *v, int64_t *out)
{
	if (!v->present || v->value < 0)
		return false;
	*out = v->value;
	return true;
}

/* The record's cluster size in blocks; 0 for none. Nsight Compute writes 0
 * for a launch without clusters (read as absent): such a record is a
 * launch without one. */
static int own_cluster(const struct report_record *rec)
{
	int64_t d[3];

	if (own(&rec->cluster[0], &d[0]) && own(&rec->cluster[1], &d[1]) &&
	    own(&rec->cluster[2], &d[2]) && d[0] * d[1] * d[2] <= 16)
		return (int)(d[0] * d[1] * d[2]);
	return 0;
}

/* The launch with no GPU chosen yet and none of the figures the record must
 * give: launch_init's are a flag's defaults, never a report's, and a record
 * refused for lacking one shows 0 there, not a made-up 32. */
static void blank_launch(const struct report_record *rec, struct launch *l)
{
	launch_init_unnamed(l);
	memset(l->grid, 0, sizeof(l->grid));
	memset(l->block, 0, sizeof(l->block));
	l->regs_per_thread = 0;
	str_copy(l->kernel, sizeof(l->kernel),
		 rec->short_name[0] ? rec->short_name : rec->name ? rec->name : "");
}

/* The vendor the record's fields say, else the GPU's (NVIDIA where none is
 * known). */
static enum report_vendor vendor_on(const struct report_record *rec, const struct gpu_arch *arch)
{
	enum report_vendor v = report_record_vendor(rec);

	if (v != REPORT_VENDOR_UNKNOWN)
		return v;
	return arch && arch->vendor == GPU_AMD ? REPORT_VENDOR_AMD : REPORT_VENDOR_NVIDIA;
}

bool report_launch_fill(const struct report_record *rec, const struct report_launch_given *given,
			const struct gpu_arch *arch, const char *file, struct launch *l, unsigned *missing,
			struct occ_error *err)
{
	/* The launch parameters only: the GPU is chosen apart, and with a
	 * report the kernel name picks records (--kernel), never renames them. */
	unsigned fields = given->launch ? given->fields & PARAM_LAUNCH_BITS : 0;
	bool amd = vendor_on(rec, arch) == REPORT_VENDOR_AMD;
	struct lacking k = { 0 };

	if (missing)
		*missing = 0;
	blank_launch(rec, l);
	if (fields)
		param_copy(l, given->launch, fields);
	if (!fill_dims(rec, file, l, fields, amd, &k, err) || !fill(rec, file, l, fields, amd, &k, err))
		return false;
	/* The cluster the record gives (a cubin's __cluster_dims__, a
	 * profiler's cluster size) is the launch's, as report_launch_own
	 * reads it: without it a cluster kernel was analysed as one without
	 * clusters and shown as a what-if of its own launch. */
	if (!amd && !(fields & PARAM_BIT(PARAM_CLUSTER)))
		l->cluster_size = own_cluster(rec);
	if (k.params) {
		lacking_error(&k, rec, file, rec->line, err);
		if (missing)
			*missing = k.params;
		return false;
	}
	return true;
}

bool report_launch_fill_own(const struct report_launch_given *given, unsigned refused,
			    const struct launch *own, struct launch *l)
{
	unsigned fields = given->launch ? given->fields & PARAM_LAUNCH_BITS : 0;

	/* Every value report_launch_fill reads is one it takes: it sets them
	 * as report_launch_own did (own_cluster on NVIDIA too). */
	if (refused & ~fields)
		return false;
	*l = *own;
	if (fields)
		param_copy(l, given->launch, fields);
	return true;
}

void report_launch_lacking(const struct report_record *rec, unsigned missing, const char *file,
			   struct occ_error *err)
{
	bool amd = report_record_vendor(rec) == REPORT_VENDOR_AMD;
	size_t n;
	const struct source *s = sources(amd, &n);
	struct lacking k = { 0 };

	/* In the order report_launch_fill names them. */
	if (missing & PARAM_BIT(PARAM_GRID))
		lack(&k, PARAM_GRID, amd);
	if (missing & PARAM_BIT(PARAM_BLOCK))
		lack(&k, PARAM_BLOCK, amd);
	for (size_t j = 0; j < n; j++)
		if (s[j].required && (missing & PARAM_BIT(s[j].p)))
			lack(&k, s[j].p, amd);
	lacking_error(&k, rec, file, rec->line, err);
}

bool report_launch(const struct gpu_db *db, const struct report_record *rec,
		   const struct report_launch_given *given, const char *file, struct launch *l,
		   struct gpu *gpu, enum report_gpu_source *source, struct occ_error *err)
{
	enum report_vendor v = report_record_vendor(rec);
	struct gpu chosen;

	*source = REPORT_GPU_NONE;
	/* A record that says nothing of its vendor is read as the GPU's, so the
	 * GPU comes first; otherwise the launch's errors come before the GPU's
	 * (a record lacking a field says so whatever the database knows). */
	if (v == REPORT_VENDOR_UNKNOWN) {
		if (!report_choose_gpu(db, rec, given->gpu, file, gpu, source, err)) {
			blank_launch(rec, l);
			return false;
		}
		if (!report_launch_fill(rec, given, &gpu->arch, file, l, NULL, err)) {
			*source = REPORT_GPU_NONE;
			return false;
		}
	} else {
		/* The record says its vendor: no GPU is needed for that. */
		if (!report_launch_fill(rec, given, NULL, file, l, NULL, err) ||
		    !report_choose_gpu(db, rec, given->gpu, file, &chosen, source, err)) {
			*source = REPORT_GPU_NONE;
			return false;
		}
		*gpu = chosen;
	}
	str_copy(l->gpu_name, sizeof(l->gpu_name), gpu->name);
	return true;
}

/* Whether take accepts v, a value own took (>= 0), as p's. */
static bool taken(int64_t v, enum launch_param p)
{
	return in_range(v, param_info(p));
}

unsigned report_launch_own_taken(const struct report_record *rec, const struct gpu_arch *arch,
				 struct launch *l, unsigned *refused)
{
	bool amd = vendor_on(rec, arch) == REPORT_VENDOR_AMD;
	size_t n;
	const struct source *s = sources(amd, &n);
	unsigned have = 0, no = 0;
	int64_t v, d[3];

	/* What report_launch_fill would refuse, as it reads each value: a
	 * value own does not take (lacking, or negative) where it is there or
	 * needed, or one own takes past take's range. */
	blank_launch(rec, l);
	if (own(&rec->grid[0], &d[0]) && own(&rec->grid[1], &d[1]) && own(&rec->grid[2], &d[2])) {
		param_set_dims(l, PARAM_GRID, d);
		have |= PARAM_BIT(PARAM_GRID);
		if (!taken(d[0], PARAM_GRID) || !taken(d[1], PARAM_GRID) || !taken(d[2], PARAM_GRID))
			no |= PARAM_BIT(PARAM_GRID);
	} else {
		no |= PARAM_BIT(PARAM_GRID);
	}
	if (own(&rec->block[0], &d[0]) && own(&rec->block[1], &d[1]) && own(&rec->block[2], &d[2])) {
		param_set_dims(l, PARAM_BLOCK, d);
		have |= PARAM_BIT(PARAM_BLOCK);
		if (!taken(d[0], PARAM_BLOCK) || !taken(d[1], PARAM_BLOCK) ||
		    !taken(d[2], PARAM_BLOCK))
			no |= PARAM_BIT(PARAM_BLOCK);
	} else {
		no |= PARAM_BIT(PARAM_BLOCK);
	}
	for (size_t j = 0; j < n; j++) {
		const struct report_int *from = (const void *)((const char *)rec + s[j].at);

		if (own(from, &v)) {
			param_set(l, s[j].p, v);
			have |= PARAM_BIT(s[j].p);
			if (!taken(v, s[j].p))
				no |= PARAM_BIT(s[j].p);
		} else if (from->present || s[j].required) {
			no |= PARAM_BIT(s[j].p);
		}
	}
	*refused = no;
	if (amd) {
		/* The report's LDS is static and dynamic together, read as static. */
		if (have & PARAM_BIT(PARAM_STATIC_SMEM))
			have |= PARAM_BIT(PARAM_DYNAMIC_SMEM);
	} else {
		/* No report says the carveout the kernel asked for, but the
		 * configuration it measured came of it: as loaded it is the
		 * default, and any other is a change. */
		have |= PARAM_BIT(PARAM_CARVEOUT);
		l->cluster_size = own_cluster(rec);
		have |= PARAM_BIT(PARAM_CLUSTER);
	}
	return have;
}

unsigned report_launch_own(const struct report_record *rec, const struct gpu_arch *arch,
			   struct launch *l)
{
	unsigned refused;

	return report_launch_own_taken(rec, arch, l, &refused);
}

/* Length of s without trailing blanks. */
static size_t trimmed_len(const char *s)
{
	size_t n = strlen(s);

	while (n > 0 && isspace((unsigned char)s[n - 1]))
		n--;
	return n;
}

bool report_launch_matches(const struct report_record *rec, const char *name)
{
	size_t n;

	if (strcmp(rec->short_name, name) == 0)
		return true;
	if (!rec->name)
		return false;
	n = trimmed_len(rec->name);
	return trimmed_len(name) == n && memcmp(rec->name, name, n) == 0;
}

bool report_launch_device_unknown(const struct report_record *rec, enum report_gpu_source source)
{
	return (source == REPORT_GPU_MATCHED || source == REPORT_GPU_FIRST) &&
	       names_device(rec->device);
}

/* Whether the report's SM count is the GPU's (report_launch_own_sm_count). */
static bool own_sm_count_applies(const struct report_record *rec, enum report_gpu_source source,
				 const struct gpu *gpu)
{
	int per_unit = gpu->arch.vendor == GPU_AMD ? amd_cus_per_unit(&gpu->arch.amd) : 1;

	/* --gpu's SM count is the user's, unless they named an architecture. */
	return !(source == REPORT_GPU_NONE || (source == REPORT_GPU_GIVEN && !gpu->stand_in) ||
		 !rec->sm_count.present || rec->sm_count.value <= 0 ||
		 rec->sm_count.value > 100000 || per_unit <= 0 ||
		 rec->sm_count.value % per_unit != 0 || (has_arch(rec) && !same_arch(rec, gpu)));
}

bool report_launch_own_sm_count_changes(const struct report_record *rec,
					enum report_gpu_source source, const struct gpu *gpu)
{
	return own_sm_count_applies(rec, source, gpu) &&
	       (gpu->stand_in || device_units_as_reported(gpu) != rec->sm_count.value);
}

int report_launch_own_sm_count(const struct report_record *rec, enum report_gpu_source source,
			       struct gpu *gpu)
{
	int per_unit = gpu->arch.vendor == GPU_AMD ? amd_cus_per_unit(&gpu->arch.amd) : 1;
	int db = gpu->sm_count;

	if (!own_sm_count_applies(rec, source, gpu))
		return 0;
	/* The count is the report's now, not a stand-in's. */
	gpu->stand_in = false;
	if (device_units_as_reported(gpu) == rec->sm_count.value)
		return 0;
	gpu->sm_count = (int)(rec->sm_count.value / per_unit);
	return db;
}

bool report_gpu_is_other(const struct report_record *rec, const struct gpu *own,
			 const struct gpu *given)
{
	/* The report says nothing of its GPU: any is a stand-in. */
	if (!own && !has_arch(rec) && !names_device(rec->device))
		return false;
	if (has_arch(rec) && !same_arch(rec, given))
		return true;
	if (own && (own->arch.vendor != given->arch.vendor ||
		    strcmp(own->arch.arch, given->arch.arch) != 0 ||
		    own->arch.cc_major != given->arch.cc_major ||
		    own->arch.cc_minor != given->arch.cc_minor))
		return true;
	/* An architecture given (--gpu 8.6), the record's own: the device and
	 * its SM count are still the report's. */
	if (given->stand_in)
		return false;
	/* The same architecture: another device only if its size differs from
	 * the one the report measured (or, with no count in the report, from
	 * the device it names). */
	if (rec->sm_count.present)
		return device_units_as_reported(given) != rec->sm_count.value;
	return own && names_device(rec->device) && own->sm_count != given->sm_count;
}

const char *report_xcds_source_text(enum report_xcds_source from)
{
	switch (from) {
	case REPORT_XCDS_REPORT: return "sysinfo.csv";
	case REPORT_XCDS_FLAG: return "--xcds";
	case REPORT_XCDS_DATABASE: return "the database's default partition mode (SPX)";
	case REPORT_XCDS_AGENT_INFO: return "agent_info.csv";
	default: return NULL;
	}
}

bool report_launch_counted_occupancy(const struct report_record *rec, const struct gpu *gpu,
				     int xcds_given, struct report_num *pct,
				     struct report_num *warps, bool *sq, struct report_xcds *xcds)
{
	*xcds = (struct report_xcds){ 0, REPORT_XCDS_NONE };
	*sq = gpu->arch.vendor == GPU_AMD;
	if (*sq) {
		const struct amd_arch *aa = &gpu->arch.amd;
		int dflt;

		if (!rec->sq_accum_prev_hires.present || !rec->grbm_gui_active.present)
			return false;
		dflt = gpu_default_xcds(gpu);
		if (rec->xcds.present && rec->xcds.value > 0 && rec->xcds.value <= INT_MAX)
			*xcds = (struct report_xcds){ (int)rec->xcds.value,
						      rec->xcds_agent_info ? REPORT_XCDS_AGENT_INFO
									   : REPORT_XCDS_REPORT };
		else if (xcds_given > 0 && (dflt <= 0 || xcds_given <= dflt))  /* else refused */
			*xcds = (struct report_xcds){ xcds_given, REPORT_XCDS_FLAG };
		else if (dflt > 0)
			*xcds = (struct report_xcds){ dflt, REPORT_XCDS_DATABASE };
		return report_sq_occupancy(rec, xcds->n, aa->simds_per_cu * aa->max_waves_per_simd,
					   gpu->sm_count, pct, warps);
	}
	return report_counted_occupancy(rec, gpu->arch.max_warps_per_sm, pct, warps);
}
