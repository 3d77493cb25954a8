/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* session.c - how a record is analysed with the user's overrides: its GPU
 * (resolved once per kind of record, not per record), its launch, whether it
 * is still the launch a report measured, and the measured context that
 * applies. Reading the input is session_input.c's. */
#include "config.h"

#include "session.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "analysis_memo.h"
#include "import_amdgpu.h"
#include "report_infer.h"
#include "report_launch.h"
#include "binary_launch.h"
#include "session_join.h"
#include "session_measured.h"
#include "strutil.h"

/* A report's records name a few devices at most: the GPU chosen for each
 * kind of record is kept (keyed by what report_choose_gpu reads). */
enum { GPU_CACHE = 8 };

struct gpu_choice {
	bool used, ok;
	/* the key */
	char device[REPORT_TEXT], gfx[REPORT_GFX_TARGET];
	enum report_vendor vendor;
	struct report_int cc_major, cc_minor, sm_count;
	/* the choice */
	struct gpu gpu;
	uint64_t stamp;               /* gpu's (analysis_memo.h) */
	enum report_gpu_source source;
	struct occ_error err;
};

struct session {
	const struct gpu_db *db;
	struct param_set flags;
	bool has_flag_gpu;
	struct gpu flag_gpu;
	/* --gpu A,B,...: every record analysed on each (flag_gpu is the first). */
	struct gpu gpus[SESSION_GPUS_MAX];
	size_t n_gpus;
	/* Each GPU the session holds has a stamp (analysis_memo.h), a new one
	 * whenever it is written: gpus[i]'s (flag_gpu's gpus[0]'s), the
	 * named and the report's GPU's, a choice's. */
	uint64_t stamps;              /* the last given */
	uint64_t gpu_stamps[SESSION_GPUS_MAX];
	uint64_t named_stamp, report_stamp;
	/* param_check_vendor of the flags on the GPU of vendor_stamp (0:
	 * none yet): the flags do not change, and it is asked of every record. */
	uint64_t vendor_stamp;
	bool vendor_ok;
	struct occ_error vendor_err;
	struct gpu_choice choices[GPU_CACHE];
	int next_choice;
	/* The GPU of the records that do not say theirs (session_set_report_gpu). */
	bool has_report_gpu;
	struct gpu report_gpu;
	/* The last GPU a launch named, looked up. */
	char named[GPU_NAME_MAX];
	bool named_ok;
	struct gpu named_gpu;
	struct occ_error named_err;
	/* The joins of its inputs (session_join.c): joined records point into them. */
	struct session_join **joins;
	size_t n_joins;
	/* What the analyses of launches without their grid came to, for the
	 * next record with the same launch (made at the first analysis;
	 * NULL: none, each analysed afresh). */
	struct analysis_memo *memo;
	bool memo_tried;
};

/* --gpu's name, else its comma-separated list (a name with a comma in the
 * database is still the one device): each looked up, the first unknown one
 * the error. */
static bool find_gpus(struct session *s, struct occ_error *err)
{
	char list[GPU_NAME_MAX], *item, *comma;
	struct occ_error whole = { 0 };

	if (gpu_db_find(s->db, s->flags.values.gpu_name, &s->gpus[0], &whole)) {
		s->n_gpus = 1;
		return true;
	}
	if (!strchr(s->flags.values.gpu_name, ',')) {
		*err = whole;
		return false;
	}
	str_copy(list, sizeof(list), s->flags.values.gpu_name);
	for (item = list; item; item = comma ? comma + 1 : NULL) {
		char *name;

		if ((comma = strchr(item, ',')))
			*comma = '\0';
		name = str_trim(item);

		if (!name[0])
			continue;
		if (s->n_gpus == SESSION_GPUS_MAX) {
			occ_error_set(err, OCC_EUSAGE, NULL, 0, "--gpu", "at most %d GPUs side by side",
				      SESSION_GPUS_MAX);
			return false;
		}
		if (!gpu_db_find(s->db, name, &s->gpus[s->n_gpus], err))
			return false;
		s->n_gpus++;
	}
	if (s->n_gpus == 0) {
		*err = whole;
		return false;
	}
	return true;
}

struct session *session_new(const struct gpu_db *db, const struct param_set *flags,
			    struct occ_error *err)
{
	struct session *s = calloc(1, sizeof(*s));

	if (!s) {
		occ_error_set(err, OCC_ESOFTWARE, NULL, 0, NULL, "out of memory");
		return NULL;
	}
	s->db = db;
	if (flags) {
		s->flags = *flags;
	} else {
		launch_init(&s->flags.values);
	}
	if ((s->flags.set & PARAM_BIT(PARAM_GPU)) && !find_gpus(s, err)) {
		free(s);
		return NULL;
	}
	s->has_flag_gpu = (s->flags.set & PARAM_BIT(PARAM_GPU)) != 0;
	if (s->has_flag_gpu)
		s->flag_gpu = s->gpus[0];
	for (size_t i = 0; i < s->n_gpus; i++)
		s->gpu_stamps[i] = ++s->stamps;
	return s;
}

size_t session_gpu_count(const struct session *s)
{
	return s->n_gpus;
}

const struct gpu *session_gpu_at(const struct session *s, size_t i)
{
	return i < s->n_gpus ? &s->gpus[i] : NULL;
}

void session_free(struct session *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->n_joins; i++)
		session_join_free(s->joins[i]);
	free(s->joins);
	analysis_memo_free(s->memo);
	free(s);
}

/* The session's memo, made at its first ask. */
static struct analysis_memo *memo_of(struct session *s)
{
	if (!s->memo_tried) {
		s->memo_tried = true;
		s->memo = analysis_memo_new();
	}
	return s->memo;
}

bool session_keep_join(struct session *s, struct session_join *j)
{
	struct session_join **n = realloc(s->joins, (s->n_joins + 1) * sizeof(*n));

	if (!n) {
		session_join_free(j);
		return false;
	}
	s->joins = n;
	s->joins[s->n_joins++] = j;
	return true;
}

const struct param_set *session_flags(const struct session *s)
{
	return &s->flags;
}

const struct gpu_db *session_db(const struct session *s)
{
	return s->db;
}

static bool same_int(const struct report_int *a, const struct report_int *b)
{
	return a->present == b->present && (!a->present || a->value == b->value);
}

/* The record's own GPU (none given), as report_choose_gpu picks it, once
 * per kind of record. */
static const struct gpu_choice *own_gpu(struct session *s, const struct report_record *rec,
					const char *file)
{
	enum report_vendor v = report_record_vendor(rec);
	struct gpu_choice *c;

	for (int i = 0; i < GPU_CACHE; i++) {
		c = &s->choices[i];
		if (c->used && c->vendor == v && strcmp(c->device, rec->device) == 0 &&
		    strcmp(c->gfx, rec->gfx_target) == 0 && same_int(&c->cc_major, &rec->cc_major) &&
		    same_int(&c->cc_minor, &rec->cc_minor) && same_int(&c->sm_count, &rec->sm_count))
			return c;
	}
	c = &s->choices[s->next_choice];
	s->next_choice = (s->next_choice + 1) % GPU_CACHE;
	memset(c, 0, sizeof(*c));
	c->used = true;
	str_copy(c->device, sizeof(c->device), rec->device);
	str_copy(c->gfx, sizeof(c->gfx), rec->gfx_target);
	c->vendor = v;
	c->cc_major = rec->cc_major;
	c->cc_minor = rec->cc_minor;
	c->sm_count = rec->sm_count;
	c->ok = report_choose_gpu(s->db, rec, NULL, file, &c->gpu, &c->source, &c->err);
	c->stamp = ++s->stamps;
	return c;
}

/* The GPU a launch names, looked up once while launches keep naming it:
 * the session's copy (valid until a launch names another), or NULL with
 * err set. */
static const struct gpu *named_gpu(struct session *s, const char *name, struct occ_error *err)
{
	if (!s->named[0] || strcmp(s->named, name) != 0) {
		str_copy(s->named, sizeof(s->named), name);
		occ_error_clear(&s->named_err);
		s->named_ok = gpu_db_find(s->db, name, &s->named_gpu, &s->named_err);
		s->named_stamp = ++s->stamps;
	}
	if (s->named_ok)
		return &s->named_gpu;
	*err = s->named_err;
	return NULL;
}

/* g's stamp where g is a GPU the session holds; 0 for another (a copy, a
 * caller's). */
static uint64_t stamp_of(const struct session *s, const struct gpu *g)
{
	if (g == &s->flag_gpu)
		return s->gpu_stamps[0];
	for (size_t i = 0; i < s->n_gpus; i++)
		if (g == &s->gpus[i])
			return s->gpu_stamps[i];
	if (g == &s->named_gpu)
		return s->named_stamp;
	if (g == &s->report_gpu)
		return s->report_stamp;
	for (int i = 0; i < GPU_CACHE; i++)
		if (g == &s->choices[i].gpu)
			return s->choices[i].stamp;
	return 0;
}

/* param_check_vendor of the flags on g (of stamp), as it answers: err set
 * where it is still empty. */
static bool flags_fit(struct session *s, const struct gpu *g, uint64_t stamp,
		      struct occ_error *err)
{
	if (!stamp)
		return param_check_vendor(s->flags.set, s->flags.amd_spelled, g, err);
	if (stamp != s->vendor_stamp) {
		s->vendor_stamp = stamp;
		occ_error_clear(&s->vendor_err);
		s->vendor_ok = param_check_vendor(s->flags.set, s->flags.amd_spelled, g,
						  &s->vendor_err);
	}
	if (!s->vendor_ok && err->status == OCC_OK)
		*err = s->vendor_err;
	return s->vendor_ok;
}

/* The GPU of the overrides: the one resolved by the caller, else the
 * flags', else looked up by name. Not copied (a struct gpu is 3 KB, and
 * this is asked for every record under --gpu): valid while they are. */
static const struct gpu *override_gpu(struct session *s, const struct param_set *ov,
				      const struct gpu *given, struct occ_error *err)
{
	if (given)
		return given;
	if (ov == &s->flags && s->has_flag_gpu)
		return &s->flag_gpu;
	return named_gpu(s, ov->values.gpu_name, err);
}

/* ---- launches ---------------------------------------------------------- */

/* A launch record's launch and GPU under ov: ov's values over the record's
 * (a file's fields under the flags, as the command line gives them), and
 * the GPU's stamp. */
static bool launch_of(struct session *s, const struct session_record *r,
		      const struct param_set *ov, const struct gpu *given, struct launch *l,
		      struct gpu *gpu, uint64_t *stamp, struct occ_error *err)
{
	const struct gpu *g;

	*l = *r->launch;
	param_copy(l, &ov->values, ov->set);
	if (r->error) {
		*err = *r->error;
		return false;
	}
	if ((ov->set & PARAM_BIT(PARAM_GPU)) && (g = override_gpu(s, ov, given, err))) {
		*gpu = *g;
		*stamp = stamp_of(s, g);
		/* the one GPU of --gpu A,B,... it is on, not the list */
		if (s->n_gpus > 1)
			str_copy(l->gpu_name, sizeof(l->gpu_name), gpu->name);
		return true;
	}
	if (!(g = named_gpu(s, l->gpu_name, err))) {
		/* The database does not know where the name came from: a file's
		 * row is bad data, a flag a usage error. */
		if (r->file && !(ov->set & PARAM_BIT(PARAM_GPU))) {
			str_copy(err->file, sizeof(err->file), r->file);
			err->line = r->line;
			err->status = OCC_EDATA;
		}
		return false;
	}
	*gpu = *g;
	*stamp = stamp_of(s, g);
	return true;
}

/* ---- kernel records ---------------------------------------------------- */

/* Everything a kernel record resolves to under some overrides. The 5 KB
 * at its end (the launches, the GPU, the error) are each written where
 * they are set, not cleared first: resolving is a step of every record. */
struct resolved {
	bool ok;                      /* l and gpu are the launch to analyse */
	bool gpu_known;
	enum report_gpu_source source;
	bool gpu_changed;
	bool incomplete;              /* the record, not the overrides, is why !ok */
	unsigned present;             /* PARAM_BIT of what the record itself gives */
	unsigned known;               /* that, and what the user gave */
	unsigned changed;             /* what differs from them: 0 is the launch as measured */
	int db_sm_count;              /* the database's count where the report's won */
	struct report_inferred inferred;  /* what the report's own limits gave */
	unsigned want;                /* what was asked of them: 0, nothing */
	unsigned assumed;             /* PARAM_BITs a binary's record lacked, taken by
					 binary_launch_defaults */
	bool own_asked, own_ok;       /* whether the record's own GPU resolves, where asked */
	/* Valid when gpu_known: the GPU chosen (the session's, the flags' or
	 * the caller's, not copied: a struct gpu is 3 KB, and this is a step
	 * of every record), or gpu_own where the report's SM count changed it. */
	const struct gpu *gpu;
	/* Not cleared by resolved_start: */
	struct occ_error err;         /* why !ok; empty when ok */
	struct launch l;              /* the launch (what is known of it when !ok) */
	struct launch measured;       /* the record's own values of those it gives */
	struct gpu gpu_own;
};

/* A resolution begun: every member before err zero, err empty. */
static void resolved_start(struct resolved *res)
{
	memset(res, 0, offsetof(struct resolved, err));
	occ_error_clear(&res->err);
}

/* The launch values the record lacks, from its own block limits where they
 * pin them down (report_infer.h), and its barrier count, which the launch
 * default would otherwise stand for, where its barrier limit gives it. What
 * is still lacking is the error, naming every flag that supplies it. */
static bool infer_lacking(const struct report_record *rec, const char *file, unsigned lacking,
			  unsigned given_fields, struct resolved *res)
{
	const unsigned pair = PARAM_BIT(PARAM_STATIC_SMEM) | PARAM_BIT(PARAM_DYNAMIC_SMEM);
	unsigned want = lacking, left;
	/* One half of shared memory given where the record lacks both: the
	 * inference splits the record's own total as if nothing were given,
	 * and the given half replaces its part after. Inferring the other half
	 * from the given one would keep the whole measured total in it
	 * (static 0 left 50176 B dynamic where the launch as loaded, and the
	 * parameter bar, say 1 KiB). */
	unsigned redo = (lacking & pair) ? given_fields & pair & ~res->present : 0;
	struct launch user;

	if (!rec->barriers.present && !(given_fields & PARAM_BIT(PARAM_BARRIERS)) &&
	    rec->limit_barriers.present)
		want |= PARAM_BIT(PARAM_BARRIERS);
	res->want = want;
	if (!want)
		return true;
	user = res->l;
	left = report_infer(rec, &res->gpu->arch, want | redo, &res->l, &res->inferred) &
		~PARAM_BIT(PARAM_BARRIERS) & ~redo;
	/* Nothing inferred: report_launch_fill's error says it all. */
	if (left && left == lacking)
		return false;
	occ_error_clear(&res->err);
	if (left) {
		report_launch_lacking(rec, left, file, &res->err);
		return false;
	}
	/* Inferred, they are the launch as measured: a change of them is a
	 * what-if like any other. */
	param_copy(&res->measured, &res->l, res->inferred.params);
	res->present |= res->inferred.params;
	param_copy(&res->l, &user, redo);
	return true;
}

/* r under ov from what was resolved when it was loaded, where that gives
 * what reading the record again would: the same GPU, and no value inferred
 * (an inference reads the launch's other values). The record's values of
 * the parameters ov does not give are the ones it gave then; ov's are
 * copied over them, as report_launch_fill copies them. */
static bool from_resolved(const struct session_record *r, const struct param_set *ov,
			  const struct gpu *given_gpu, struct resolved *res)
{
	const struct session_resolved *o = r->resolved;
	unsigned fields = ov->set & PARAM_LAUNCH_BITS;

	if (!o || !o->reusable || o->rec != r->rec || given_gpu ||
	    (ov->set & PARAM_BIT(PARAM_GPU)) || (o->flag_fields & ~fields))
		return false;
	resolved_start(res);
	res->ok = true;
	res->gpu_known = true;
	res->gpu = &o->gpu;
	res->source = (enum report_gpu_source)o->source;
	res->l = o->launch;
	param_copy(&res->l, &ov->values, fields);
	str_copy(res->l.gpu_name, sizeof(res->l.gpu_name), res->gpu->name);
	res->present = o->present;
	res->measured = o->measured;
	res->changed = param_diff_effect(&res->measured, &res->l, res->present & ~PARAM_BIT(PARAM_GPU));
	res->db_sm_count = o->db_sm_count;
	return true;
}

static void resolve_record(struct session *s, const struct session_record *r,
			   const struct param_set *ov, const struct gpu *given_gpu,
			   struct resolved *res)
{
	const struct report_record *rec = r->rec;
	const struct gpu_choice *own;
	struct report_launch_given given = { NULL, &ov->values,
					     ov->set & PARAM_LAUNCH_BITS };
	const struct gpu *ov_gpu;
	struct launch binary_vals;
	unsigned lacking = 0, refused;

	if (from_resolved(r, ov, given_gpu, res))
		return;
	own = own_gpu(s, rec, r->file);
	resolved_start(res);
	res->own_asked = true;
	res->own_ok = own->ok;
	res->source = REPORT_GPU_NONE;
	if (ov->set & PARAM_BIT(PARAM_GPU)) {
		if (!(ov_gpu = override_gpu(s, ov, given_gpu, &res->err))) {
			report_launch_own(rec, NULL, &res->l);
			res->measured = res->l;
			return;
		}
		res->gpu_changed = report_gpu_is_other(rec, own->ok ? &own->gpu : NULL, ov_gpu);
		/* The record's own device while the GPU is the one it ran on and
		 * the report says which; where it names only the architecture
		 * (or a device the database lacks), the user's stands in. */
		if (res->gpu_changed || !own->ok ||
		    (own->source != REPORT_GPU_NAMED && own->source != REPORT_GPU_MATCHED))
			given.gpu = ov_gpu;
	} else if (!own->ok && s->has_report_gpu) {
		/* the report's GPU stands in, as a --gpu would */
		given.gpu = &s->report_gpu;
	}
	if (given.gpu) {
		/* report_choose_gpu refuses a GPU of the other vendor. */
		if ((res->gpu_known = report_gpu_takes(rec, given.gpu, r->file, &res->err))) {
			res->gpu = given.gpu;
			res->source = REPORT_GPU_GIVEN;
		}
	} else if (own->ok) {
		res->gpu = &own->gpu;
		res->source = own->source;
		res->gpu_known = true;
	} else {
		res->err = own->err;
		res->incomplete = true;
	}
	res->present = report_launch_own_taken(rec, res->gpu_known ? &res->gpu->arch : NULL,
					       &res->measured, &refused);
	res->known = res->present | given.fields;
	if (!res->gpu_known) {
		enum report_vendor v = report_record_vendor(rec);
		struct occ_error fill_err = { 0 };

		/* A record lacking a field says so whatever the database knows;
		 * a binary's lacks none a known GPU would not supply. */
		if (v != REPORT_VENDOR_UNKNOWN && !rec->binary &&
		    !report_launch_fill(rec, &given, NULL, r->file, &res->l, NULL, &fill_err)) {
			res->err = fill_err;
			res->incomplete = true;
		}
		res->l = res->measured;
		param_copy(&res->l, &ov->values, given.fields);
		return;
	}
	/* A kernel compiled for a wave size the GPU does not run cannot run
	 * there: said, not the grid or workgroup it would then lack. A wave
	 * size given is a what-if of another compile. */
	if (!(given.fields & PARAM_BIT(PARAM_WAVE_SIZE)) &&
	    !import_amdgpu_record_runs(rec, res->gpu, r->file, &res->err)) {
		res->l = res->measured;
		param_copy(&res->l, &ov->values, given.fields);
		return;
	}
	/* A kernel from a binary: what the launch would be, where nothing says. */
	/* (a copy of the values only where there is a binary's record to
	 * take them: binary_launch_defaults assumes nothing for another) */
	if (rec->binary) {
		binary_vals = ov->values;
		res->assumed = binary_launch_defaults(rec, res->gpu, &binary_vals, &given.fields);
		if (res->assumed)
			given.launch = &binary_vals;
	}
	if (!report_launch_fill_own(&given, refused, &res->measured, &res->l) &&
	    !report_launch_fill(rec, &given, &res->gpu->arch, r->file, &res->l, &lacking,
				&res->err) && !lacking) {
		res->incomplete = true;
		return;
	}
	if (!infer_lacking(rec, r->file, lacking, given.fields, res)) {
		res->incomplete = true;
		return;
	}
	str_copy(res->l.gpu_name, sizeof(res->l.gpu_name), res->gpu->name);
	res->changed = param_diff_effect(&res->measured, &res->l, res->present & ~PARAM_BIT(PARAM_GPU));
	if (res->gpu_changed)
		res->changed |= PARAM_BIT(PARAM_GPU);
	else if (report_launch_own_sm_count_changes(rec, res->source, res->gpu)) {
		res->gpu_own = *res->gpu;
		res->gpu = &res->gpu_own;
		res->db_sm_count = report_launch_own_sm_count(rec, res->source, &res->gpu_own);
	}
	res->ok = true;
}

/* The record's part of its analysis a, just computed or refused (its
 * report empty): what was measured, and what a binary's compiler wrote
 * with what occview assumed for its launch. */
static void report_to(struct analysis *a, const struct session_record *r,
		      const struct resolved *res, enum crosscheck_gpu_chooser by)
{
	struct session_resolution o = {
		res->ok, res->incomplete, res->gpu_changed, res->known, res->changed, res->source,
		res->db_sm_count, &res->inferred,
	};

	session_measured_context(r->rec, &o, &a->report);
	a->report.id = r->id;
	a->report.gpu_chosen_by = (uint8_t)by;
	a->compiled = r->rec->binary ? r->rec : NULL;
	a->assumed = r->rec->binary ? res->assumed : 0;
}

/* --xcds, or the what-if's (a launch file's xcds key); 0: not given. */
static int xcds_given(const struct session *s, const struct param_set *ov)
{
	if (ov && (ov->set & PARAM_BIT(PARAM_XCDS)))
		return ov->values.xcds;
	return s->flags.set & PARAM_BIT(PARAM_XCDS) ? s->flags.values.xcds : 0;
}

/* Who chose res's GPU for a record that names none: --gpu (the flags' GPU,
 * or one of a --gpu list), else the user in the explorer (the report's
 * GPU, or the what-if's). */
static enum crosscheck_gpu_chooser chosen_by(struct session *s, const struct session_record *r,
					     const struct param_set *ov, const struct gpu *given,
					     const struct resolved *res)
{
	if (!res->gpu_known || (res->own_asked ? res->own_ok : own_gpu(s, r->rec, r->file)->ok))
		return CROSSCHECK_GPU_REPORT;
	/* the what-if's overrides carry --gpu's device until g changes it */
	if (given || (s->has_flag_gpu && (ov == &s->flags || !(ov->set & PARAM_BIT(PARAM_GPU)) ||
					  strcmp(res->gpu->name, s->flag_gpu.name) == 0)))
		return CROSSCHECK_GPU_FLAG;
	return CROSSCHECK_GPU_PICKED;
}

/* analysis_fail, after which a holds no GPU copy the caller may keep
 * (held: session_analyse_held's). */
static void fail(struct analysis *a, const struct launch *l, const struct occ_error *err,
		 uint64_t *held)
{
	analysis_fail(a, l, err);
	if (held)
		*held = 0;
}

/* listed: r on one GPU of --gpu A,B,...; the flags' vendor-specific
 * parameters are then not applicable there instead of an error. */
static void analyse_record(struct session *s, const struct session_record *r,
			   const struct param_set *ov, const struct gpu *given, unsigned needs,
			   bool listed, struct analysis *a, uint64_t *held)
{
	const struct report_record *rec = r->rec;
	bool findings = (needs & SESSION_FINDINGS) != 0;
	bool titles = (needs & SESSION_TITLES) != 0;
	bool params = !titles && (needs & SESSION_PARAMS);
	struct crosscheck_record *cr = &a->report;
	enum crosscheck_gpu_chooser by;
	struct resolved res;
	uint64_t stamp;

	resolve_record(s, r, ov, given, &res);
	stamp = res.ok ? stamp_of(s, res.gpu) : 0;
	/* --xcds is the device's, not the record's launch: it joins the launch
	 * to be checked against the device (launch_check). */
	res.l.xcds = xcds_given(s, ov);
	by = chosen_by(s, r, ov, given, &res);
	if (res.ok && !listed &&
	    (!flags_fit(s, res.gpu, stamp, &res.err) ||
	     !param_check_values(&res.l, res.gpu, NULL, 0, &res.err)))
		res.ok = false;
	if (!res.ok) {
		fail(a, &res.l, &res.err, held);
		report_to(a, r, &res, by);
		/* What was measured still counts where the GPU is known. */
		if (res.gpu_known) {
			a->gpu = *res.gpu;
			session_measured_from_events(rec, res.gpu, xcds_given(s, ov), cr);
		}
		return;
	}
	analysis_compute_memo(a, memo_of(s), &res.l, res.gpu, stamp, held,
			 !res.changed && rec->smem_config_bytes.present ? rec->smem_config_bytes.value : -1,
			 r->file, rec->line,
			 !findings ? ANALYSIS_NO_FINDINGS
			 : titles ? ANALYSIS_FINDING_TITLES
			 : params ? ANALYSIS_FINDING_PARAMS : ANALYSIS_FINDINGS);
	report_to(a, r, &res, by);
	session_measured_from_events(rec, res.gpu, xcds_given(s, ov), cr);
	if (!a->ok)
		return;
	if (!res.changed) {
		crosscheck_compare(rec, &res.gpu->arch, &a->in, &a->r, &a->w,
				   rec->barriers.present ||
				   (res.inferred.params & PARAM_BIT(PARAM_BARRIERS)), &cr->check);
		crosscheck_compare_clusters(rec, &res.gpu->arch, &a->cl, &cr->check);
		cr->check.inferred = res.inferred.from & cr->check.compared;
	}
	if (findings)
		a->n_findings = rules_report(&a->gpu, &a->r, &a->w, &a->report,
					     res.changed ? &res.measured : NULL, &a->launch,
					     a->findings, a->n_findings,
					     titles ? RULES_TITLES : params ? RULES_PARAMS : RULES_TEXT);
}

/* A launch's carveout or cache preference its GPU's generation lacks: the
 * file's (file and line named) where the launch file gave it and its GPU,
 * else the flags' or the explorer's (a usage error). */
static bool check_values(const struct session_record *r,
			 const struct launch *l, const struct gpu *g, struct occ_error *err)
{
	unsigned mine = PARAM_BIT(PARAM_CARVEOUT) | PARAM_BIT(PARAM_CACHE_CONFIG) |
			PARAM_BIT(PARAM_GPU);
	bool file = r->file && !param_diff(l, r->launch, mine);

	return param_check_values(l, g, file ? r->file : NULL, file ? r->line : 0, err);
}

/* An error about a launch file's key, told at the launch's first line, is
 * told at the key's own line. */
static void key_line(const struct session_record *r, struct analysis *a)
{
	enum launch_param p;

	if (a->ok || !r->key_lines || !r->file || a->error.line != r->line ||
	    strcmp(a->error.file, r->file) != 0 || !a->error.field[0])
		return;
	p = param_find(a->error.field);
	if (p != PARAM_N && r->key_lines[p] > 0)
		a->error.line = r->key_lines[p];
}

static void analyse(struct session *s, const struct session_record *r,
		    const struct param_set *ov, const struct gpu *gpu, unsigned needs, bool listed,
		    struct analysis *a, uint64_t *held)
{
	if (!ov)
		ov = &s->flags;
	if (r->rec) {
		analyse_record(s, r, ov, gpu, needs, listed, a, held);
	} else {
		struct launch l;
		struct gpu g;
		struct occ_error err = { 0 };
		uint64_t stamp = 0;

		if (!launch_of(s, r, ov, gpu, &l, &g, &stamp, &err) ||
		    (!listed && (!flags_fit(s, &g, stamp, &err) ||
				 !check_values(r, &l, &g, &err))))
			fail(a, &l, &err, held);
		else
			analysis_compute_memo(a, memo_of(s), &l, &g, stamp, held, -1, r->file, r->line,
					 !(needs & SESSION_FINDINGS) ? ANALYSIS_NO_FINDINGS
					 : needs & SESSION_TITLES ? ANALYSIS_FINDING_TITLES
					 : needs & SESSION_PARAMS ? ANALYSIS_FINDING_PARAMS
					 : ANALYSIS_FINDINGS);
	}
	key_line(r, a);
}

void session_analyse(struct session *s, const struct session_record *r,
		     const struct param_set *ov, const struct gpu *gpu, unsigned needs,
		     struct analysis *a)
{
	analyse(s, r, ov, gpu, needs, false, a, NULL);
}

void session_analyse_held(struct session *s, const struct session_record *r, unsigned needs,
			  struct analysis *a, uint64_t *held)
{
	analyse(s, r, NULL, NULL, needs, false, a, held);
}

void session_analyse_on(struct session *s, const struct session_record *r, size_t i,
			unsigned needs, struct analysis *a)
{
	const struct gpu *g = &s->gpus[i < s->n_gpus ? i : 0];

	if (s->n_gpus < 2)
		analyse(s, r, NULL, g, needs, false, a, NULL);
	else
		session_analyse_beside(s, r, NULL, g, needs, a);
}

void session_analyse_beside(struct session *s, const struct session_record *r,
			    const struct param_set *ov, const struct gpu *g, unsigned needs,
			    struct analysis *a)
{
	unsigned set = (ov ? ov : &s->flags)->set;
	/* On g whatever the overrides say of the GPU: without PARAM_GPU set
	 * (the what-if back on its own GPU) the record's own would be taken. */
	struct param_set on = *(ov ? ov : &s->flags);

	on.set |= PARAM_BIT(PARAM_GPU);
	str_copy(on.values.gpu_name, sizeof(on.values.gpu_name), g->name);
	analyse(s, r, &on, g, needs, true, a, NULL);
	/* A record refused on this GPU is still its column. */
	if (!a->gpu.name[0])
		a->gpu = *g;
	/* What the explorer's GPU change does: the values stay in the launch,
	 * registers per thread are the VGPRs (and --vgprs an NVIDIA GPU's
	 * registers), and what the vendor lacks is ignored and said. */
	for (int p = 0; p < PARAM_N; p++)
		if ((set & PARAM_BIT(p)) && !param_applies((enum launch_param)p, g->arch.vendor))
			a->not_applicable |= PARAM_BIT(p);
}

bool session_resolve(struct session *s, const struct session_record *r,
		     struct session_resolved *out)
{
	struct session_record again = *r;
	struct resolved res;

	memset(out, 0, sizeof(*out));
	if (!r->rec)
		return false;
	again.resolved = NULL;
	resolve_record(s, &again, &s->flags, NULL, &res);
	out->rec = r->rec;
	/* a binary's kernel takes what it lacks from the launch and the GPU
	 * (binary_launch_defaults): read again each time */
	out->reusable = res.ok && res.want == 0 && !res.gpu_changed && !r->rec->binary &&
			!(s->flags.set & PARAM_BIT(PARAM_GPU));
	out->flag_fields = s->flags.set & PARAM_LAUNCH_BITS;
	out->launch = res.l;
	if (res.gpu_known)
		out->gpu = *res.gpu;
	out->source = (int)res.source;
	out->present = res.present;
	out->measured = res.measured;
	out->db_sm_count = res.db_sm_count;
	return out->reusable;
}

/* The GPU to show a record that cannot be resolved on: the embedded
 * default's, or where the record is the other vendor's a device of its. */
static void default_gpu(struct session *s, const struct report_record *rec, struct gpu *gpu)
{
	struct occ_error ignored = { 0 };
	struct launch def;
	struct gpu fallback;

	launch_init(&def);
	if (!gpu_db_find(s->db, def.gpu_name, gpu, &ignored))
		memset(gpu, 0, sizeof(*gpu));
	if (rec && report_vendor_device(s->db, rec, gpu->name[0] ? gpu : NULL, &fallback))
		*gpu = fallback;
}

bool session_launch(struct session *s, const struct session_record *r,
		    const struct param_set *ov, struct launch *l, struct gpu *gpu,
		    struct occ_error *err)
{
	struct resolved res;
	uint64_t stamp;

	if (!ov)
		ov = &s->flags;
	if (!r->rec) {
		if (launch_of(s, r, ov, NULL, l, gpu, &stamp, err))
			return true;
		default_gpu(s, NULL, gpu);
		return false;
	}
	resolve_record(s, r, ov, NULL, &res);
	*l = res.l;
	if (res.gpu_known)
		*gpu = *res.gpu;
	else
		default_gpu(s, r->rec, gpu);
	if (!res.ok)
		*err = res.err;
	return res.ok;
}

void session_set_report_gpu(struct session *s, const struct gpu *g)
{
	s->has_report_gpu = g != NULL;
	s->report_stamp = ++s->stamps;
	if (g)
		s->report_gpu = *g;
}

const struct gpu *session_report_gpu(const struct session *s)
{
	return s->has_report_gpu ? &s->report_gpu : NULL;
}

enum session_gpu_from session_gpu_from(struct session *s, const struct session_record *r)
{
	struct occ_error ignored = { 0 };
	enum report_gpu_source source;
	struct gpu g;

	if (s->flags.set & PARAM_BIT(PARAM_GPU))
		return SESSION_GPU_FLAG;
	if (!r->rec || own_gpu(s, r->rec, r->file)->ok)
		return SESSION_GPU_OWN;
	/* the report's, where it is of the record's vendor */
	return s->has_report_gpu && report_choose_gpu(s->db, r->rec, &s->report_gpu, r->file, &g,
						     &source, &ignored) ?
		SESSION_GPU_REPORT : SESSION_GPU_NONE;
}
