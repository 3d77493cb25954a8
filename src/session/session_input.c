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
#include "session_read.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "import_amdgpu.h"
#include "import_binary.h"
#include "launch_list.h"
#include "output.h"
#include "report_launch.h"
#include "session_join.h"
#include "readfile.h"
#include "record_store.h"
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

int session_tell(FILE *msgs, const struct occ_error *err)
{
	char msg[1024];

	/* occ_say_error's line; printable text is its own safe form. */
	if (output_error_text(err, msg, sizeof(msg))) {
		fputs("occview: ", msgs);
		fputs(msg, msgs);
		fputc('\n', msgs);
	} else {
		occ_say_error(msgs, err);
	}
	return err->status ? (int)err->status : OCC_EDATA;
}

/* Fields a report's rows could not give and left absent (import.h): said
 * once, with the first in full; they change no occupancy and fail nothing. */
void session_tell_dropped(FILE *msgs, const char *path, const struct report *r)
{
	char shown[1024];

	if (r->dropped.status == OCC_OK)
		return;
	session_tell(msgs, &r->dropped);
	if (r->dropped_fields > 1) {
		str_sanitize(path, shown, sizeof(shown));
		occ_say(msgs, "occview: %s: %zu fields in all left absent; their records are "
			"shown\n", shown, r->dropped_fields);
	}
}

/* Runs in one file (outputs appended with >> in a loop, the processes of
 * one ncu output, the contexts of a CUDA profiler log): each run's kernels
 * are records of their own, and the reader says how many runs there are. */
void session_tell_runs(FILE *msgs, const char *path, const struct report *r)
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


bool session_source_open(const char *path, struct source *src, struct occ_error *err)
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

void session_source_close(struct source *src)
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
		return session_tell(msgs, report_err);
	if (!first || str_is_binary(text, len, NULL) ||
	    (!banner && memchr(first, '=', first_len) && !memchr(first, ',', first_len)))
		return session_tell(msgs, launch_err);
	/* Profiler output the report reader knew past its first line (a run that
	 * left only ==ERROR==, ncu's text output, a summary table it refuses):
	 * what the launch reader thinks of line 1 is noise. */
	if (banner || report_err->line > 1)
		return session_tell(msgs, report_err);
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
		*status = session_tell(msgs, &launch_err);
	} else if (report_parse(path, src->head, src->head_len, rep, rejected)) {
		result = READ_REPORT;
		if (sink && !hand_over(rep, sink))
			result = READ_FAILED;
	} else {
		*status = neither(path, src->head, src->head_len, &launch_err, rejected, msgs);
	}
	session_source_close(src);
	return result;
}

enum read_result session_read_input(struct session *s, const char *path,
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
	if (!session_source_open(path, &src, &err)) {
		*status = session_tell(msgs, &err);
		session_source_close(&src);
		return READ_FAILED;
	}
	if (import_amdgpu_claims(src.f, src.head, src.head_len)) {
		/* An AMD binary: mapped (a pipe read whole), then handed over. */
		bool ok = import_amdgpu_load(path, src.f, src.head, src.head_len, rep, rejected);

		session_source_close(&src);
		if (!ok) {
			*status = session_tell(msgs, rejected);
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
		session_source_close(&src);
		if (report_binary_stream_sm(path, binary_sm(s, path, msgs), sink, rep, NULL,
					    rejected))
			return READ_REPORT;
		*status = session_tell(msgs, rejected);
		return READ_FAILED;
	}
	if (!launch_file_probe(src.head, src.head_len, src.complete)) {
		struct counting_sink counted = { sink, 0 };
		struct report_sink counting = { count_record, &counted };

		if (report_stream(path, src.f, src.head, src.head_len, sink ? &counting : NULL, rep,
				  rejected)) {
			session_source_close(&src);
			return READ_REPORT;
		}
		/* What the launch reader makes of the same start, for the message;
		 * a stream that failed half-way has its own. */
		if (counted.n > 0)
			/* stopped by its sink (a write that failed), it has
			 * nothing to say: the writer says why */
			*status = rejected->status != OCC_OK ? session_tell(msgs, rejected) : OCC_EDATA;
		else if (!launch_file_parse(path, src.head, src.head_len, &defaults, set, &launch_err))
			*status = neither(path, src.head, src.head_len, &launch_err, rejected, msgs);
		else
			*status = session_tell(msgs, rejected);
		launch_set_done(set);
		report_done(rep);
		session_source_close(&src);
		return READ_FAILED;
	}
	if (list_head(src.head, src.head_len))
		return read_list(&src, path, &defaults, set, lsink, rep, sink, rejected, msgs,
				 status);
	text = str_read_rest(src.f, path, src.head, src.head_len, WHOLE_MAX_BYTES, &len, &err);
	session_source_close(&src);
	if (!text) {
		*status = session_tell(msgs, &err);
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

/* A sink that keeps every record packed (record_store.h: a few dozen
 * bytes each, where the struct is 1.2 KB), counting for the watcher and
 * stopping when it is told to.
 *
 * A stream's short names, processes, devices and gfx targets are
 * interned: one address a text for the whole reading (report.h,
 * report_sink). The keeper finds their indices in the store by address,
 * the previous record's first, where the store compared four texts a
 * record byte by byte and hashed each short name unlike the last one's
 * (strcmp alone: 49 of keep_record's 415 perf samples on 100,000 rocprof
 * dispatches). */
struct seen {
	const char *text;  /* NULL: an empty slot */
	uint32_t index;
};

struct keeper {
	struct record_store *store;
	struct session_watch *watch;
	const char *last[4];
	uint32_t last_index[4];
	struct seen *seen;  /* seen_cap a power of two, at most half full */
	size_t seen_cap, n_seen;
};

static size_t seen_slot(const struct keeper *k, const char *text)
{
	return (size_t)(((uint64_t)(uintptr_t)text * 0x9E3779B97F4A7C15u) >> 32) &
	       (k->seen_cap - 1);
}

static bool seen_grow(struct keeper *k)
{
	size_t cap = k->seen_cap ? k->seen_cap * 2 : 64, old_cap = k->seen_cap;
	struct seen *old = k->seen;

	k->seen = calloc(cap, sizeof(*k->seen));
	if (!k->seen) {
		k->seen = old;
		return false;
	}
	k->seen_cap = cap;
	for (size_t i = 0; i < old_cap; i++) {
		size_t at;

		if (!old[i].text)
			continue;
		for (at = seen_slot(k, old[i].text); k->seen[at].text; at = (at + 1) & (cap - 1))
			;
		k->seen[at] = old[i];
	}
	free(old);
	return true;
}

/* The store's index of text, the kind-th of a record's interned texts;
 * false when out of memory. */
static bool index_of(struct keeper *k, int kind, const char *text, uint32_t *index)
{
	size_t at;

	if (!text) {
		*index = 0;
		return true;
	}
	if (text == k->last[kind]) {
		*index = k->last_index[kind];
		return true;
	}
	if ((k->n_seen + 1) * 2 > k->seen_cap && !seen_grow(k))
		return false;
	for (at = seen_slot(k, text); k->seen[at].text; at = (at + 1) & (k->seen_cap - 1))
		if (k->seen[at].text == text)
			break;
	if (!k->seen[at].text) {
		if (!record_store_text_index(k->store, text, &k->seen[at].index))
			return false;
		k->seen[at].text = text;
		k->n_seen++;
	}
	k->last[kind] = text;
	*index = k->last_index[kind] = k->seen[at].index;
	return true;
}

static bool keep_record(void *ctx, const struct report *r, struct report_record *rec)
{
	struct keeper *k = ctx;
	uint32_t texts[4];

	(void)r;
	if (atomic_load(&k->watch->cancel) || !index_of(k, 0, rec->short_name, &texts[0]) ||
	    !index_of(k, 1, rec->process, &texts[1]) || !index_of(k, 2, rec->device, &texts[2]) ||
	    !index_of(k, 3, rec->gfx_target, &texts[3]) ||
	    !record_store_add_indexed(k->store, rec, texts))
		return false;
	atomic_store(&k->watch->records, record_store_count(k->store));
	return true;
}

bool session_load_watched(struct session *s, const char *path, struct session_input *in,
			  FILE *msgs, int *status, struct session_watch *watch)
{
	struct keeper k = { .store = record_store_new_on(watch->base ? watch->base->packed : NULL),
			    .watch = watch };
	struct report_sink sink = { keep_record, &k };
	enum read_result read;

	memset(in, 0, sizeof(*in));
	str_copy(in->path, sizeof(in->path), path);
	if (!k.store) {
		occ_say(msgs, "occview: out of memory\n");
		*status = OCC_ESOFTWARE;
		return false;
	}
	read = session_read_input(s, path, &in->launches, NULL, &in->report, &sink, &in->rejected,
				  msgs, status);
	free(k.seen);
	switch (read) {
	case READ_LAUNCHES:
		in->kind = SESSION_LAUNCHES;
		record_store_free(k.store);
		return true;
	case READ_REPORT:
		/* The records kept are the report's, packed. */
		in->kind = SESSION_REPORT;
		free(in->report.store);
		in->report.store = in->report.records = NULL;
		in->report.store_cap = 0;
		in->report.n = record_store_count(k.store);
		in->report.unpacked = calloc(in->report.n ? in->report.n : 1,
					     sizeof(*in->report.unpacked));
		in->report.packed = k.store;
		in->report.n_streamed = 0;
		if (!in->report.unpacked) {
			occ_say(msgs, "occview: out of memory\n");
			*status = OCC_ESOFTWARE;
			session_input_done(in);
			return false;
		}
		session_tell_dropped(msgs, path, &in->report);
		session_tell_runs(msgs, path, &in->report);
		return true;
	case READ_FAILED:
		break;
	}
	record_store_free(k.store);
	session_input_done(in);
	return false;
}

/* The explorer's, --compare's and --diff's reading: the records packed as
 * they settle, as a reload reads them. */
bool session_load(struct session *s, const char *path, struct session_input *in, FILE *msgs,
		  int *status)
{
	struct session_watch watch;

	atomic_init(&watch.records, 0);
	atomic_init(&watch.cancel, false);
	watch.base = NULL;
	return session_load_watched(s, path, in, msgs, status, &watch);
}

void session_input_done(struct session_input *in)
{
	launch_set_done(&in->launches);
	report_done(&in->report);
}

/* The join's notes to msgs, and the first line (without its prefix) to note. */
void session_tell_join(const struct session_join *j, FILE *msgs, char *note, size_t note_size)
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

/* session_join_apply on record i of rep, packed again when it changed. */
static bool join_apply_at(struct session_join *j, struct report *rep, size_t i)
{
	struct report_record tmp;
	struct report_record *rec = (struct report_record *)report_peek(rep, i, &tmp);
	bool joined = rec && session_join_apply(j, rec);

	/* Out of memory to pack it again: the record stays unjoined. */
	if (joined && !report_replace_at(rep, i, rec))
		joined = false;
	report_unpeek(rec, &tmp);
	return joined;
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
			for (size_t r = 0; r < in[i].report.n; r++) {
				struct report_record tmp;
				const struct report_record *rec = report_peek(&in[i].report, r, &tmp);

				if (rec)
					session_join_count(j, in[i].path, rec);
				report_unpeek(rec, &tmp);
			}
	session_join_settle(j);
	for (size_t i = 0; i < n; i++)
		if (in[i].kind == SESSION_REPORT && !source[i])
			for (size_t r = 0; r < in[i].report.n; r++)
				in[i].joined |= join_apply_at(j, &in[i].report, r);
	session_tell_join(j, msgs, note, note_size);
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
	if (in->kind == SESSION_REPORT) {
		const struct report_record *rec = report_at(&in->report, i);

		return (struct session_record){ in->path, rec ? rec->line : 0, NULL, NULL, rec,
						rec ? report_record_id(rec, i) : (int64_t)i + 1,
						NULL, NULL };
	}
	return (struct session_record){ in->path, in->launches.items[i].line,
					&in->launches.items[i].launch,
					in->launches.items[i].error,
					NULL, (int64_t)i + 1, in->launches.key_lines, NULL };
}
