/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* session_print.c - --print: every input streamed through the analysis and
 * the writers one record at a time (a launch file, a list, a report, and the
 * joins of nvprof's summaries to their traces), said once per report. */
#include "config.h"

#include "session.h"
#include "session_read.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "report_launch.h"
#include "readfile.h"
#include "strutil.h"

/* ---- --print ------------------------------------------------------------ */

/* One print run: where it writes, what it has seen. */
struct printer {
	struct session *s;
	unsigned needs;
	const struct session_emit *emit;
	FILE *msgs;
	struct analysis *a;    /* n_a of them: one per GPU of --gpu A,B,... */
	size_t n_a;
	uint64_t held;         /* the stamp of a[0]'s GPU copy (session_analyse_held) */
	int status;            /* the first failure's */
	bool write_failed;
	/* per report */
	const char *path;
	size_t matched;
	bool noted;
	struct occ_error last;
	size_t repeats;
	const char *names[5];  /* a few kernels of the report, for --kernel's message */
	size_t n_names, n_records;
	size_t n_analysed;     /* records analysed (SESSION_SUMMARY) */
	struct session_join *join;  /* per-kernel summaries joined to the traces, or NULL */
};

static void fail_status(struct printer *p, enum occ_status status)
{
	if (p->status == 0)
		p->status = status ? (int)status : OCC_EDATA;
}

static bool emit(struct printer *p, const struct report_record *rec)
{
	const struct analysis *side[SESSION_GPUS_MAX];
	bool ok = true;

	if (p->n_a > 1 && p->emit->side_by_side) {
		for (size_t i = 0; i < p->n_a; i++)
			side[i] = &p->a[i];
		ok = p->emit->side_by_side(p->emit->ctx, side, p->n_a, rec);
	} else {
		for (size_t i = 0; i < p->n_a && ok; i++)
			ok = p->emit->analysis(p->emit->ctx, &p->a[i], rec);
	}
	if (!ok)
		p->write_failed = true;
	return ok;
}

/* r analysed on the flags' GPU, or on each of --gpu A,B,... */
static void analyse(struct printer *p, const struct session_record *r)
{
	unsigned needs = p->needs;

	if ((needs & SESSION_SUMMARY) && p->n_analysed++ > 0)
		needs |= SESSION_TITLES;
	if (p->n_a < 2) {
		session_analyse_held(p->s, r, needs, p->a, &p->held);
		return;
	}
	for (size_t i = 0; i < p->n_a; i++)
		session_analyse_on(p->s, r, i, needs, &p->a[i]);
}

/* The device note, once per input: the waves depend on an SM (CU) count
 * that stands in (only the architecture is known), or on a device the
 * database does not know. rec: the report's record, NULL for a launch. */
static void note_device(struct printer *p, const struct report_record *rec)
{
	const struct analysis *a = p->a;
	const struct param_set *flags = session_flags(p->s);
	const char *units = gpu_units(&a->gpu.arch);
	const char *arch = a->gpu.arch.arch;
	char text[REPORT_TEXT * 4];

	if (p->noted || !a->ok || (!a->gpu.stand_in && !a->report.device_unknown))
		return;
	p->noted = true;
	occ_say(p->msgs, "occview: ");
	if (p->path)
		occ_say(p->msgs, "%s: ", p->path);
	if (a->report.device_unknown) {
		str_sanitize(rec->device, text, sizeof(text));
		occ_say(p->msgs, "the report names the device \"%s\", which the GPU database does "
			"not know; using the limits of its architecture (%s)", text, arch);
		if (a->gpu.stand_in)
			occ_say(p->msgs, " and the %d %s of %s, the database's device for it (--gpu "
				"chooses another, --gpu-db adds the device)\n", a->gpu.sm_count, units,
				a->gpu.name);
		else
			occ_say(p->msgs, " with the report's %d %s\n", a->gpu.sm_count, units);
	} else if (rec && !(flags->set & PARAM_BIT(PARAM_GPU))) {
		occ_say(p->msgs, "the report names the architecture (%s) but not the device; using "
			"%s (%d %s), the database's device for it (--gpu chooses another)\n", arch,
			a->gpu.name, a->gpu.sm_count, units);
	} else {
		/* --gpu, or a launch file's gpu key, named the architecture. */
		bool flag = rec || !p->path || (flags->set & PARAM_BIT(PARAM_GPU));

		str_sanitize(flag ? flags->values.gpu_name : a->launch.gpu_name, text, sizeof(text));
		occ_say(p->msgs, "%s%s%s is an architecture (%s), not a device: using %s (%d %s), "
			"the database's device for it; the waves depend on the %s count (name the "
			"device to use its own)\n", flag ? "--gpu " : "gpu \"", text, flag ? "" : "\"",
			arch, a->gpu.name, a->gpu.sm_count, units, gpu_unit(&a->gpu.arch));
	}
}

static bool print_launch(struct printer *p, const struct session_record *r)
{
	analyse(p, r);
	note_device(p, NULL);
	for (size_t i = 0; i < p->n_a; i++) {
		if (p->a[i].ok)
			continue;
		session_tell(p->msgs, &p->a[i].error);
		fail_status(p, p->a[i].error.status);
	}
	return emit(p, NULL);
}

static void same_for_more(struct printer *p)
{
	if (p->repeats > 0)
		occ_say(p->msgs, "occview: %s: the same for %zu more kernel record%s\n", p->path,
			p->repeats, p->repeats == 1 ? "" : "s");
	p->repeats = 0;
}

static void remember_name(struct printer *p, const struct report_record *rec)
{
	for (size_t i = 0; i < p->n_names; i++)
		if (strcmp(p->names[i], rec->short_name) == 0)
			return;
	if (p->n_names < sizeof(p->names) / sizeof(p->names[0]))
		p->names[p->n_names++] = rec->short_name;
}

static bool print_record(void *ctx, const struct report *rep, struct report_record *rec)
{
	struct printer *p = ctx;
	const struct param_set *flags = session_flags(p->s);
	struct session_record r = { p->path, rec->line, NULL, NULL, rec,
				    report_record_id(rec, p->n_records), NULL, NULL };

	(void)rep;
	/* Before --kernel picks: the n-th launch counts every launch. */
	if (p->join)
		session_join_apply(p->join, rec);
	p->n_records++;
	/* The names are for --kernel's message alone: five string compares a
	 * record otherwise. */
	if (flags->set & PARAM_BIT(PARAM_KERNEL)) {
		remember_name(p, rec);
		if (!report_launch_matches(rec, flags->values.kernel))
			return true;
	}
	p->matched++;
	analyse(p, &r);
	note_device(p, rec);
	for (size_t i = 0; i < p->n_a; i++) {
		const struct analysis *a = &p->a[i];

		if (a->ok)
			continue;
		fail_status(p, a->error.status);
		if (p->last.status != OCC_OK && strcmp(a->error.field, p->last.field) == 0 &&
		    strcmp(a->error.message, p->last.message) == 0) {
			p->repeats++;
		} else {
			same_for_more(p);
			session_tell(p->msgs, &a->error);
			p->last = a->error;
		}
	}
	return emit(p, rec);
}

/* --kernel NAME matched no record of the report: say which kernels it has. */
static int no_such_kernel(struct printer *p)
{
	char shown[256], list[512] = "", one[160];
	size_t len = 0;

	str_sanitize(session_flags(p->s)->values.kernel, shown, sizeof(shown));
	for (size_t i = 0; i < p->n_names && len < sizeof(list); i++) {
		str_sanitize(p->names[i], one, sizeof(one));
		len += (size_t)snprintf(list + len, sizeof(list) - len, "%s\"%s\"", i ? ", " : "",
					one);
	}
	occ_say(p->msgs, "occview: %s: --kernel \"%s\" names none of its %zu kernel records "
		"(short or full name); its kernels include %s\n", p->path, shown, p->n_records,
		list);
	return OCC_EUSAGE;
}

/* One FILE argument; its exit status when it could not be read at all
 * (later files are then not read), else 0. */
/* One launch of a list, printed as it is read. */
static bool print_listed(void *ctx, const struct launch_record *rec)
{
	struct printer *p = ctx;
	struct session_record r = { p->path, rec->line, &rec->launch,
				    rec->error, NULL, 0, NULL, NULL };

	print_launch(p, &r);
	return !p->write_failed;
}

static int print_file(struct printer *p, const char *path)
{
	struct report_sink sink = { print_record, p };
	struct launch_list_sink listed = { print_listed, p };
	struct occ_error rejected = { 0 };
	struct launch_set set;
	struct report rep;
	int status = 0;

	p->path = path;
	p->matched = p->repeats = p->n_names = p->n_records = 0;
	p->noted = false;
	occ_error_clear(&p->last);
	switch (session_read_input(p->s, path, &set, &listed, &rep, &sink, &rejected, p->msgs, &status)) {
	case READ_LAUNCHES:
		for (size_t i = 0; i < set.n && !p->write_failed; i++) {
			struct session_record r = { path, set.items[i].line, &set.items[i].launch,
						    set.items[i].error,
						    NULL, 0, set.key_lines, NULL };
			print_launch(p, &r);
		}
		launch_set_done(&set);
		return 0;
	case READ_REPORT:
		same_for_more(p);
		session_tell_dropped(p->msgs, path, &rep);
		session_tell_runs(p->msgs, path, &rep);
		if (rejected.status != OCC_OK) {
			session_tell(p->msgs, &rejected);
			occ_say(p->msgs, "occview: %s: %zu row%s rejected; the other kernel records "
				"are shown\n", path, rep.rejected_rows, rep.rejected_rows == 1 ? "" : "s");
			fail_status(p, OCC_EDATA);
		}
		status = 0;
		if ((session_flags(p->s)->set & PARAM_BIT(PARAM_KERNEL)) && p->matched == 0 &&
		    !p->write_failed)
			status = no_such_kernel(p);
		report_done(&rep);
		return status;
	case READ_FAILED:
		same_for_more(p);
		/* Records a stream handed over before it failed were printed; a
		 * log read whole whose printing stopped keeps its pool in rep. */
		report_done(&rep);
		return status ? status : OCC_EDATA;
	}
	return status;
}

/* ---- --print's join ------------------------------------------------------ */

/* Whether path can be read twice: a regular file; never standard input, a
 * pipe or a FIFO, whose data the first reading would take. */
static bool rereadable(const char *path)
{
	struct stat st;

	return strcmp(path, "-") != 0 && stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Whether the file at path is a per-kernel summary, from its head; never a
 * stream, which is read once. */
static bool summary_file(const char *path)
{
	struct occ_error ignored = { 0 };
	struct source src;
	bool yes;

	if (!rereadable(path))
		return false;
	if (!session_source_open(path, &src, &ignored)) {
		session_source_close(&src);
		return false;
	}
	yes = !launch_file_probe(src.head, src.head_len, src.complete) &&
	      report_head_per_kernel(src.head, src.head_len);
	session_source_close(&src);
	return yes;
}

struct counter {
	struct session_join *join;
	const char *path;
	size_t n;
};

static bool count_launch(void *ctx, const struct report *r, struct report_record *rec)
{
	struct counter *c = ctx;

	(void)r;
	session_join_count(c->join, c->path, rec);
	c->n++;
	return true;
}

/* The summaries among paths read whole into a join (source[i] says which),
 * the other files read once to count their launches: NULL (nothing
 * joined, every file printed as itself) without a summary and a trace of
 * launches. Reading problems are left to the printing, which tells them. */
/* A launch list has nothing to join: its reading stops at the first launch. */
static bool skip_launch(void *ctx, const struct launch_record *rec)
{
	(void)ctx;
	(void)rec;
	return false;
}

static struct session_join *print_join(struct session *s, const char *const *paths, int n,
				       bool *source, FILE *msgs)
{
	struct launch_list_sink skip = { skip_launch, NULL };
	struct session_join *j = NULL;
	struct launch_set set;
	struct report rep;
	struct occ_error rejected;
	bool counted = false;
	int status;
	FILE *quiet;

	if (n < 2)
		return NULL;
	for (int i = 0; i < n; i++)
		source[i] = summary_file(paths[i]);
	for (int i = 0; i < n && !j; i++)
		if (source[i])
			j = session_join_new();
	quiet = j ? fopen("/dev/null", "w") : NULL;
	if (!quiet) {
		session_join_free(j);
		memset(source, 0, (size_t)n * sizeof(*source));
		return NULL;
	}
	for (int i = 0; i < n; i++) {
		if (!source[i])
			continue;
		source[i] = session_read_input(s, paths[i], &set, &skip, &rep, NULL, &rejected, quiet,
				       &status) ==
				READ_REPORT && rep.per_kernel && session_join_add(j, paths[i], &rep);
		launch_set_done(&set);
		report_done(&rep);
	}
	for (int i = 0; i < n; i++) {
		struct counter c = { j, paths[i], 0 };
		struct report_sink sink = { count_launch, &c };

		if (source[i] || !rereadable(paths[i]))
			continue;
		if (session_read_input(s, paths[i], &set, &skip, &rep, &sink, &rejected, quiet, &status) ==
		    READ_REPORT)
			counted |= c.n > 0;
		launch_set_done(&set);
		report_done(&rep);
	}
	fclose(quiet);
	if (!counted) {
		session_join_free(j);
		memset(source, 0, (size_t)n * sizeof(*source));
		return NULL;
	}
	session_join_settle(j);
	session_tell_join(j, msgs, NULL, 0);
	return j;
}

int session_print(struct session *s, char *const *files, int n_files, const char *load,
		  unsigned needs, const struct session_emit *emit_to, FILE *msgs)
{
	struct printer p = { .s = s, .needs = needs, .emit = emit_to, .msgs = msgs };
	int n = n_files + (load ? 1 : 0), status = 0;
	const char **paths = malloc((size_t)(n > 0 ? n : 1) * sizeof(*paths));
	bool *source = calloc((size_t)(n > 0 ? n : 1), sizeof(*source));

	p.n_a = session_gpu_count(s) > 1 ? session_gpu_count(s) : 1;
	p.a = malloc(p.n_a * sizeof(*p.a));
	if (!p.a || !paths || !source) {
		free(p.a);
		free(paths);
		free(source);
		occ_say(msgs, "occview: out of memory\n");
		return OCC_ESOFTWARE;
	}
	if (n_files == 0 && !load) {
		struct session_record r = { NULL, 0, &session_flags(s)->values, NULL, NULL, 0, NULL, NULL };

		print_launch(&p, &r);
	}
	for (int i = 0; i < n; i++)
		paths[i] = load && i == 0 ? load : files[i - (load ? 1 : 0)];
	p.join = print_join(s, paths, n, source, msgs);
	for (int i = 0; i < n && !status && !p.write_failed; i++)
		if (!source[i])
			status = print_file(&p, paths[i]);
	session_join_free(p.join);
	free(paths);
	free(source);
	free(p.a);
	if (p.write_failed)
		return status ? status : OCC_EDATA;
	return status ? status : p.status;
}
