/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* session_input.c - the session's input: a FILE argument is opened once and
 * its head read once; the head decides between a launch file (read whole:
 * small), a launch list and a profiler report (both streamed from the head
 * on, so a pipe works and an input of any size costs the records in flight).
 * --print analyses, writes and forgets one record at a time; the explorer
 * keeps the input whole. */
#include "config.h"

#include "session.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "import_amdgpu.h"
#include "import_binary.h"
#include "launch_list.h"
#include "report_launch.h"
#include "session_join.h"
#include "readfile.h"
#include "strutil.h"

/* What decides the kind of a file: enough for a banner, comments and a
 * header; the report reader looks at as much for the formats told apart by
 * more than one line. */
#define HEAD_BYTES ((size_t)64 << 10)
/* Launch files, launch lists and the small logs read whole (the CUDA
 * profiler's) are far below this; a wrong file (a disk image) is refused
 * before it eats the memory. */
#define WHOLE_MAX_BYTES ((size_t)64 << 20)
/* A FIFO named as a file is read when its writer is there: something
 * comes within this time, or it is said and not waited on (as a pipe on
 * standard input that stays silent, ui/main.c). */
#define FIFO_WAIT_MS 1000

static int tell(FILE *msgs, const struct occ_error *err)
{
	occ_say_error(msgs, err);
	return err->status ? (int)err->status : OCC_EDATA;
}

/* Fields a report's rows could not give and left absent (import.h): said
 * once, with the first in full; they change no occupancy and fail nothing. */
static void tell_dropped(FILE *msgs, const char *path, const struct report *r)
{
	char shown[1024];

	if (r->dropped.status == OCC_OK)
		return;
	tell(msgs, &r->dropped);
	if (r->dropped_fields > 1) {
		str_sanitize(path, shown, sizeof(shown));
		occ_say(msgs, "occview: %s: %zu fields in all left absent; their records are "
			"shown\n", shown, r->dropped_fields);
	}
}

/* Runs in one file (outputs appended with >> in a loop, the processes of
 * one ncu output, the contexts of a CUDA profiler log): each run's kernels
 * are records of their own, and the reader says how many runs there are. */
static void tell_runs(FILE *msgs, const char *path, const struct report *r)
{
	char shown[1024];

	if (r->runs < 2)
		return;
	str_sanitize(path, shown, sizeof(shown));
	fprintf(msgs, "occview: %s: holds %u profiler runs (outputs appended one after another, "
		"or processes or contexts of one); each run's kernels are records of their own "
		"(JSON: report.run)\n", shown,
		(unsigned)r->runs);
}

/* ---- opening ----------------------------------------------------------- */

struct source {
	FILE *f;
	bool is_stdin;
	char *head;
	size_t head_len;
	bool complete;       /* the head is the whole file */
};

static bool open_source(const char *path, struct source *src, struct occ_error *err)
{
	memset(src, 0, sizeof(*src));
	src->is_stdin = strcmp(path, "-") == 0;
	/* Never an endless wait: a FIFO named as a file gets FIFO_WAIT_MS. */
	src->f = src->is_stdin ? stdin : str_open_input(path, FIFO_WAIT_MS, err);
	if (!src->f)
		return false;
	src->head = malloc(HEAD_BYTES);
	if (!src->head) {
		occ_error_set(err, OCC_ESOFTWARE, path, 0, NULL, "out of memory");
		return false;
	}
	while (src->head_len < HEAD_BYTES) {
		size_t got = fread(src->head + src->head_len, 1, HEAD_BYTES - src->head_len, src->f);

		if (got == 0)
			break;
		src->head_len += got;
	}
	if (ferror(src->f)) {
		occ_error_set(err, OCC_ENOINPUT, path, 0, NULL, "cannot read: %s", strerror(errno));
		return false;
	}
	src->complete = src->head_len < HEAD_BYTES;
	return true;
}

static void close_source(struct source *src)
{
	if (src->f && !src->is_stdin)
		fclose(src->f);
	free(src->head);
	memset(src, 0, sizeof(*src));
}

/* ---- neither a launch file nor a report ------------------------------ */

/* Neither reader took the file. An empty or binary file, or one that starts
 * as a launch file does (key = value), gets the launch reader's message only;
 * a CSV may have been meant as a launch list or as a profiler table, so it
 * gets both readers' messages. */
static int neither(const char *path, const char *text, size_t len,
		   const struct occ_error *launch_err, const struct occ_error *report_err,
		   FILE *msgs)
{
	char msg[1024];
	size_t first_len = 0;
	const char *first = launch_file_first_line(text, len, &first_len);
	/* A profiler banner ("==PROF== ...") is no key = value line. */
	bool banner = first && first_len >= 2 && first[0] == '=' && first[1] == '=';

	/* CodeXL's occupancy display file is NAME=VALUE lines too. */
	if (first && report_head_text_format(text, len))
		return tell(msgs, report_err);
	if (!first || str_is_binary(text, len, NULL) ||
	    (!banner && memchr(first, '=', first_len) && !memchr(first, ',', first_len)))
		return tell(msgs, launch_err);
	/* Profiler output the report reader knew past its first line (a run that
	 * left only ==ERROR==, ncu's text output, a summary table it refuses):
	 * what the launch reader thinks of line 1 is noise. */
	if (banner || report_err->line > 1)
		return tell(msgs, report_err);
	str_sanitize(path, msg, sizeof(msg));
	occ_say(msgs, "occview: %s is neither a launch file or list nor a profiler report "
		"occview reads:\n", msg);
	occ_error_format(launch_err, msg, sizeof(msg));
	occ_say(msgs, "occview:   as a launch file or list: %s\n", msg);
	occ_error_format(report_err, msg, sizeof(msg));
	occ_say(msgs, "occview:   as a profiler report: %s\n", msg);
	return launch_err->status ? (int)launch_err->status : OCC_EDATA;
}

/* ---- reading ------------------------------------------------------------ */

enum read_result { READ_LAUNCHES, READ_REPORT, READ_FAILED };

/* Launch parameters missing from a launch file take the flags' values,
 * and its kernel is named after the file unless --kernel names it. */
static void file_defaults(const struct session *s, const char *path, struct launch *d)
{
	const struct param_set *flags = session_flags(s);

	*d = flags->values;
	if (!(flags->set & PARAM_BIT(PARAM_KERNEL)))
		str_copy(d->kernel, sizeof(d->kernel), path);
}

/* A report read whole (a small log, or a file the head took for a launch
 * file) handed to sink record by record, as report_stream would. */
static bool feed_whole(struct report *rep, const struct report_sink *sink)
{
	bool ok = true;

	for (size_t i = 0; i < rep->n && ok; i++)
		ok = sink->record(sink->ctx, rep, &rep->records[i]);
	return ok;
}

/* A report read whole given to sink; what the reader counted stays in rep,
 * as a stream's report keeps it. False when the sink stopped. */
static bool hand_over(struct report *rep, const struct report_sink *sink)
{
	bool ok = feed_whole(rep, sink);
	struct report counts = { .skipped_rows = rep->skipped_rows,
				 .rejected_rows = rep->rejected_rows,
				 .dropped_fields = rep->dropped_fields,
				 .dropped = rep->dropped,
				 .pool = rep->pool };

	/* The pool stays, as a stream's report keeps it: a sink may have
	 * kept records whose strings are in it. */
	rep->pool = NULL;
	memcpy(counts.format, rep->format, sizeof(counts.format));
	report_done(rep);
	*rep = counts;
	return ok;
}

/* A sink that counts what it passes on: a stream that fails after records
 * went out failed half-way, not for want of a table. */
struct counting_sink {
	const struct report_sink *inner;
	size_t n;
};

static bool count_record(void *ctx, const struct report *r, struct report_record *rec)
{
	struct counting_sink *c = ctx;

	c->n++;
	return c->inner->record(c->inner->ctx, r, rec);
}

/* With one NVIDIA GPU given (--gpu), the architecture of a binary's cubins
 * that GPU runs, said to msgs; 0 (every one) otherwise, or when the file
 * holds one. */
static int binary_sm(const struct session *s, const char *path, FILE *msgs)
{
	const struct gpu *g;
	struct occ_error err = { 0 };
	int sms[64], sm;
	size_t n = 0;
	bool jit;
	char shown[1024], others[256] = "";

	if (session_gpu_count(s) != 1)
		return 0;
	g = session_gpu_at(s, 0);
	if (!import_binary_runs_on(&g->arch) ||
	    !import_binary_sms(path, sms, sizeof(sms) / sizeof(sms[0]), &n, &err) || n < 2)
		return 0;
	sm = import_binary_choose_sm(sms, n, g->arch.cc_major, g->arch.cc_minor, &jit);
	for (size_t i = 0, len = 0; i < n && len < sizeof(others) - 16; i++)
		if (sms[i] != sm)
			len += (size_t)snprintf(others + len, sizeof(others) - len, "%ssm_%d",
						len ? ", " : "", sms[i]);
	str_sanitize(path, shown, sizeof(shown));
	if (!sm) {
		occ_say(msgs, "occview: %s: no cubin an %s (%d.%d) runs, every one is newer (%s): "
			"all are shown\n", shown, g->name, g->arch.cc_major, g->arch.cc_minor,
			others);
		return 0;
	}
	if (jit)
		occ_say(msgs, "occview: %s: no cubin for %s (%d.%d); sm_%d's, the nearest older, "
			"are shown, but the driver would compile the PTX for it instead (JIT), "
			"whose registers and shared memory may differ (also in the file: %s)\n",
			shown, g->name, g->arch.cc_major, g->arch.cc_minor, sm, others);
	else
		occ_say(msgs, "occview: %s: sm_%d's cubins, the ones %s (%d.%d) runs (also in the "
			"file: %s)\n", shown, sm, g->name, g->arch.cc_major, g->arch.cc_minor,
			others);
	return sm;
}

/* With one GPU given (--gpu), the code objects of an AMD binary that GPU
 * runs (import_amdgpu_pick_target), said to msgs; the others' records go. */
static void amdgpu_target(const struct session *s, const char *path, struct report *rep,
			  FILE *msgs)
{
	const struct gpu *g;
	struct import_amdgpu_pick pick;
	char shown[1024];

	if (session_gpu_count(s) != 1)
		return;
	g = session_gpu_at(s, 0);
	str_sanitize(path, shown, sizeof(shown));
	if (!import_amdgpu_pick_target(rep, &g->arch, &pick)) {
		if (!pick.target[0] && pick.others[0])
			occ_say(msgs, "occview: %s: no code object an %s (%s) runs, every one is "
				"newer (%s): all are shown\n", shown, g->name, g->arch.arch,
				pick.others);
		return;
	}
	if (pick.exact)
		occ_say(msgs, "occview: %s: %s's code objects, the ones %s runs (also in the "
			"file: %s)\n", shown, pick.target, g->name, pick.others);
	else
		occ_say(msgs, "occview: %s: no code object for %s (%s); %s's, the nearest "
			"older, are shown, but the HIP runtime loads a code object only on its "
			"own target, so this binary would not run there (also in the file: %s)\n",
			shown, g->name, g->arch.arch, pick.target, pick.others);
}

/* Reads path: into set (a launch file or list) or as a report, streamed to
 * sink (NULL: kept whole in rep). A file that is neither, or cannot be
 * read, is told to msgs here (READ_FAILED, *status its exit status). */
/* Whether the head starts as a launch list does: its first line that is
 * neither blank nor a comment is CSV, not "key = value". */
static bool list_head(const char *head, size_t len)
{
	size_t first_len = 0;
	const char *first = launch_file_first_line(head, len, &first_len);

	return first && !memchr(first, '=', first_len) && memchr(first, ',', first_len);
}

/* A launch list, streamed from the head on: to lsink one launch at a time
 * (--print), or into set (NULL lsink: the explorer). A list the whole of
 * which is in the head and that failed before a launch went out is offered
 * to the report reader, as a text read whole is. */
static enum read_result read_list(struct source *src, const char *path,
				  const struct launch *defaults, struct launch_set *set,
				  const struct launch_list_sink *lsink, struct report *rep,
				  const struct report_sink *sink, struct occ_error *rejected,
				  FILE *msgs, int *status)
{
	struct occ_error launch_err = { 0 };
	size_t n = 0;
	bool stopped = false, ok;
	enum read_result result = READ_FAILED;

	if (lsink) {
		ok = launch_list_read(path, src->f, src->head, src->head_len, defaults, lsink, &n,
				      &stopped, &launch_err);
	} else {
		ok = launch_file_collect(path, src->f, src->head, src->head_len, defaults, set,
					 &launch_err);
		n = set->n;
	}
	if (ok) {
		result = READ_LAUNCHES;
	} else if (n > 0 || !src->complete) {
		*status = tell(msgs, &launch_err);
	} else if (report_parse(path, src->head, src->head_len, rep, rejected)) {
		result = READ_REPORT;
		if (sink && !hand_over(rep, sink))
			result = READ_FAILED;
	} else {
		*status = neither(path, src->head, src->head_len, &launch_err, rejected, msgs);
	}
	close_source(src);
	return result;
}

static enum read_result read_input(struct session *s, const char *path,
				   struct launch_set *set, const struct launch_list_sink *lsink,
				   struct report *rep, const struct report_sink *sink,
				   struct occ_error *rejected, FILE *msgs, int *status)
{
	struct occ_error err = { 0 }, launch_err = { 0 };
	struct launch defaults;
	struct source src;
	enum read_result result = READ_FAILED;
	char *text = NULL;
	size_t len;

	*rep = (struct report){ 0 };
	*set = (struct launch_set){ 0 };
	file_defaults(s, path, &defaults);
	if (!open_source(path, &src, &err)) {
		*status = tell(msgs, &err);
		close_source(&src);
		return READ_FAILED;
	}
	if (import_amdgpu_claims(src.f, src.head, src.head_len)) {
		/* An AMD binary: mapped (a pipe read whole), then handed over. */
		bool ok = import_amdgpu_load(path, src.f, src.head, src.head_len, rep, rejected);

		close_source(&src);
		if (!ok) {
			*status = tell(msgs, rejected);
			return READ_FAILED;
		}
		amdgpu_target(s, path, rep, msgs);
		if (sink)
			return hand_over(rep, sink) ? READ_REPORT : READ_FAILED;
		return READ_REPORT;
	}
	if (!src.is_stdin &&
	    import_binary_probe((const unsigned char *)src.head, src.head_len)) {
		/* A compiled binary is mapped, not streamed: read from the path. */
		close_source(&src);
		if (report_binary_stream_sm(path, binary_sm(s, path, msgs), sink, rep, NULL,
					    rejected))
			return READ_REPORT;
		*status = tell(msgs, rejected);
		return READ_FAILED;
	}
	if (!launch_file_probe(src.head, src.head_len, src.complete)) {
		struct counting_sink counted = { sink, 0 };
		struct report_sink counting = { count_record, &counted };

		if (report_stream(path, src.f, src.head, src.head_len, sink ? &counting : NULL, rep,
				  rejected)) {
			close_source(&src);
			return READ_REPORT;
		}
		/* What the launch reader makes of the same start, for the message;
		 * a stream that failed half-way has its own. */
		if (counted.n > 0)
			*status = tell(msgs, rejected);
		else if (!launch_file_parse(path, src.head, src.head_len, &defaults, set, &launch_err))
			*status = neither(path, src.head, src.head_len, &launch_err, rejected, msgs);
		else
			*status = tell(msgs, rejected);
		launch_set_done(set);
		report_done(rep);
		close_source(&src);
		return READ_FAILED;
	}
	if (list_head(src.head, src.head_len))
		return read_list(&src, path, &defaults, set, lsink, rep, sink, rejected, msgs,
				 status);
	text = str_read_rest(src.f, path, src.head, src.head_len, WHOLE_MAX_BYTES, &len, &err);
	close_source(&src);
	if (!text) {
		*status = tell(msgs, &err);
		return READ_FAILED;
	}
	if (launch_file_parse(path, text, len, &defaults, set, &launch_err)) {
		result = READ_LAUNCHES;
	} else if (report_parse(path, text, len, rep, rejected)) {
		result = READ_REPORT;
		if (sink && !hand_over(rep, sink))
			result = READ_FAILED;
	} else {
		*status = neither(path, text, len, &launch_err, rejected, msgs);
	}
	free(text);
	return result;
}

/* ---- the explorer's whole input ---------------------------------------- */

bool session_load(struct session *s, const char *path, struct session_input *in, FILE *msgs,
		  int *status)
{
	memset(in, 0, sizeof(*in));
	str_copy(in->path, sizeof(in->path), path);
	switch (read_input(s, path, &in->launches, NULL, &in->report, NULL, &in->rejected, msgs,
			   status)) {
	case READ_LAUNCHES:
		in->kind = SESSION_LAUNCHES;
		return true;
	case READ_REPORT:
		in->kind = SESSION_REPORT;
		tell_dropped(msgs, path, &in->report);
		tell_runs(msgs, path, &in->report);
		return true;
	case READ_FAILED:
		break;
	}
	return false;
}

/* A sink that keeps every record (taking it), counting for the watcher and
 * stopping when it is told to. */
struct keeper {
	struct report_record *recs;
	size_t n, cap;
	struct session_watch *watch;
};

static bool keep_record(void *ctx, const struct report *r, struct report_record *rec)
{
	struct keeper *k = ctx;

	(void)r;
	if (atomic_load(&k->watch->cancel))
		return false;
	if (k->n == k->cap) {
		size_t ncap = k->cap ? k->cap * 2 : 1024;
		struct report_record *nr = realloc(k->recs, ncap * sizeof(*nr));

		if (!nr)
			return false;
		k->recs = nr;
		k->cap = ncap;
	}
	report_record_move(&k->recs[k->n++], rec);
	atomic_store(&k->watch->records, k->n);
	return true;
}

bool session_load_watched(struct session *s, const char *path, struct session_input *in,
			  FILE *msgs, int *status, struct session_watch *watch)
{
	struct keeper k = { .watch = watch };
	struct report_sink sink = { keep_record, &k };

	memset(in, 0, sizeof(*in));
	str_copy(in->path, sizeof(in->path), path);
	switch (read_input(s, path, &in->launches, NULL, &in->report, &sink, &in->rejected, msgs,
			   status)) {
	case READ_LAUNCHES:
		in->kind = SESSION_LAUNCHES;
		for (size_t i = 0; i < k.n; i++)
			report_record_done(&k.recs[i]);
		free(k.recs);
		return true;
	case READ_REPORT:
		/* The records kept are the report's, in the room report_add
		 * would have given them. */
		in->kind = SESSION_REPORT;
		free(in->report.store);
		in->report.store = in->report.records = k.recs;
		in->report.store_cap = k.cap;
		in->report.n = k.n;
		in->report.n_streamed = 0;
		tell_dropped(msgs, path, &in->report);
		tell_runs(msgs, path, &in->report);
		return true;
	case READ_FAILED:
		break;
	}
	for (size_t i = 0; i < k.n; i++)
		report_record_done(&k.recs[i]);
	free(k.recs);
	session_input_done(in);
	return false;
}

void session_input_done(struct session_input *in)
{
	launch_set_done(&in->launches);
	report_done(&in->report);
}

/* The join's notes to msgs, and the first line (without its prefix) to note. */
static void tell_join(const struct session_join *j, FILE *msgs, char *note, size_t note_size)
{
	size_t len = session_join_notes(j, "occview: ", NULL, 0);
	char *text = malloc(len + 1);

	if (!text)
		return;
	session_join_notes(j, "occview: ", text, len + 1);
	occ_say(msgs, "%s", text);
	if (note_size > 0) {
		const char *first = text + strlen("occview: ");
		size_t n = strcspn(first, "\n");

		if (n >= note_size)
			n = note_size - 1;
		memcpy(note, first, n);
		note[n] = '\0';
	}
	free(text);
}

static bool is_source(const struct session_input *in)
{
	return in->kind == SESSION_REPORT && in->report.per_kernel;
}

size_t session_join_inputs(struct session *s, struct session_input *in, size_t n, FILE *msgs,
			   char *note, size_t note_size)
{
	struct session_join *j;
	bool *source, any = false, traces = false;
	size_t kept = 0;

	if (note_size > 0)
		note[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		any |= is_source(&in[i]);
		traces |= in[i].kind == SESSION_REPORT && !is_source(&in[i]) && in[i].report.n > 0;
	}
	if (!any || !traces)
		return n;
	/* The session keeps the join from the start: the records it joins
	 * point into it for as long as they live. */
	source = calloc(n, sizeof(*source));
	j = session_join_new();
	if (!source || !j || !session_keep_join(s, j)) {
		free(source);
		occ_say(msgs, "occview: out of memory: the summaries are not joined\n");
		return n;
	}
	for (size_t i = 0; i < n; i++) {
		source[i] = is_source(&in[i]);
		if (source[i] && !session_join_add(j, in[i].path, &in[i].report)) {
			free(source);
			occ_say(msgs, "occview: out of memory: the summaries are not joined\n");
			return n;
		}
	}
	for (size_t i = 0; i < n; i++)
		if (in[i].kind == SESSION_REPORT && !source[i])
			for (size_t r = 0; r < in[i].report.n; r++)
				session_join_count(j, in[i].path, &in[i].report.records[r]);
	session_join_settle(j);
	for (size_t i = 0; i < n; i++)
		if (in[i].kind == SESSION_REPORT && !source[i])
			for (size_t r = 0; r < in[i].report.n; r++)
				in[i].joined |= session_join_apply(j, &in[i].report.records[r]);
	tell_join(j, msgs, note, note_size);
	for (size_t i = 0; i < n; i++) {
		if (source[i]) {
			session_input_done(&in[i]);
			continue;
		}
		if (kept != i)
			in[kept] = in[i];
		kept++;
	}
	free(source);
	return kept;
}

size_t session_input_count(const struct session_input *in)
{
	return in->kind == SESSION_REPORT ? in->report.n : in->launches.n;
}

struct session_record session_input_record(const struct session_input *in, size_t i)
{
	if (in->kind == SESSION_REPORT)
		return (struct session_record){ in->path, in->report.records[i].line, NULL, NULL,
						&in->report.records[i],
						report_record_id(&in->report.records[i], i), NULL, NULL };
	return (struct session_record){ in->path, in->launches.items[i].line,
					&in->launches.items[i].launch,
					in->launches.items[i].error,
					NULL, (int64_t)i + 1, in->launches.key_lines, NULL };
}

/* ---- --print ------------------------------------------------------------ */

/* One print run: where it writes, what it has seen. */
struct printer {
	struct session *s;
	unsigned needs;
	const struct session_emit *emit;
	FILE *msgs;
	struct analysis *a;    /* n_a of them: one per GPU of --gpu A,B,... */
	size_t n_a;
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
		session_analyse(p->s, r, NULL, NULL, needs, p->a);
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
		tell(p->msgs, &p->a[i].error);
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
	remember_name(p, rec);
	if ((flags->set & PARAM_BIT(PARAM_KERNEL)) &&
	    !report_launch_matches(rec, flags->values.kernel))
		return true;
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
			tell(p->msgs, &a->error);
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
	switch (read_input(p->s, path, &set, &listed, &rep, &sink, &rejected, p->msgs, &status)) {
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
		tell_dropped(p->msgs, path, &rep);
		tell_runs(p->msgs, path, &rep);
		if (rejected.status != OCC_OK) {
			tell(p->msgs, &rejected);
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
		/* Records a stream handed over before it failed were printed. */
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
	if (!open_source(path, &src, &ignored)) {
		close_source(&src);
		return false;
	}
	yes = !launch_file_probe(src.head, src.head_len, src.complete) &&
	      report_head_per_kernel(src.head, src.head_len);
	close_source(&src);
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
		source[i] = read_input(s, paths[i], &set, &skip, &rep, NULL, &rejected, quiet,
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
		if (read_input(s, paths[i], &set, &skip, &rep, &sink, &rejected, quiet, &status) ==
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
	tell_join(j, msgs, NULL, 0);
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
