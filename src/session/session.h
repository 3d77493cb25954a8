/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* session.h - the one place that knows the input (the flags, launch files and
 * lists, profiler reports), its records, and how a record is analysed with
 * the user's overrides. --print streams through it; the explorer, its kernel
 * browser and the recovery file ask it. Nothing else decides which GPU, SM
 * count or shared-memory configuration applies, or whether a launch is still
 * the one a report measured. Curses-free.
 *
 * Overrides are launch parameters (params.h) with values: the flags for
 * --print, the flags and the what-if for the explorer. On a report's record,
 * an override equal to the record's own value is no override, and one for a
 * value the record lacks only stands in for it. With none left the analysis
 * is of the launch as measured: the record's measured context (the device
 * the report names and its SM count, the driver's shared-memory
 * configuration, the profiler's own limits, achieved occupancy) applies and
 * the cross-check runs. Any other override makes it a what-if: the runtime's
 * rules apply (the default carveout, exactly as
 * cudaOccupancyMaxActiveBlocksPerMultiprocessor computes it), and what was
 * dropped is in analysis.report (changed, dropped) for the panes to say. */
#ifndef OCC_SESSION_H
#define OCC_SESSION_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "analysis.h"
#include "error.h"
#include "gpu.h"
#include "launch.h"
#include "launch_file.h"
#include "params.h"
#include "report.h"

struct session_resolved;

/* One record the session can analyse: a launch (from the flags, a launch
 * file or a launch list) or a report's kernel record. */
struct session_record {
	const char *file;                 /* NULL: the command line */
	long line;
	const struct launch *launch;      /* a launch; NULL for a kernel record */
	const struct occ_error *error;    /* the launch's row could not be read (else NULL) */
	const struct report_record *rec;  /* a kernel record; NULL for a launch */
	int64_t id;                       /* a kernel record's report_record_id; a launch
	                                   * list's position from 1 */
	/* A launch file's key lines (struct launch_set), or NULL: an error
	 * about a key is told at the key's line instead of the launch's. */
	const long *key_lines;
	/* rec resolved once, when it was loaded (session_resolve); NULL: read
	 * it again at every analysis. */
	const struct session_resolved *resolved;
};

/* What an analysis is for; the occupancy, waves and cross-check always. */
enum session_need {
	SESSION_FINDINGS = 1u << 0,  /* findings and tuning: text, JSON and the panes */
	SESSION_TITLES = 1u << 1,    /* with FINDINGS: their titles, no text (text_omitted) */
	/* with FINDINGS, for session_print: the first record's findings whole,
	 * the others' titles (a --print summary shows the first's panes when it
	 * is the report's only record, and titles) */
	SESSION_SUMMARY = 1u << 2,
	/* with FINDINGS: each text kept as its parameters, composed where
	 * printed (rules_finding_text; JSON Lines) */
	SESSION_PARAMS = 1u << 3,
};

struct session;

/* The session of one command: the database (not owned) and the launch flags.
 * A --gpu is resolved here, once: NULL with err (a usage error) when the
 * database does not know it. */
struct session *session_new(const struct gpu_db *db, const struct param_set *flags,
			    struct occ_error *err);
void session_free(struct session *s);
const struct param_set *session_flags(const struct session *s);
const struct gpu_db *session_db(const struct session *s);

/* The one analysis: r with the parameters of ov over its own (ov NULL: the
 * flags). "Is this still the record's launch?" has its one answer there:
 * a->report.changed, the parameters (PARAM_BIT) in which the launch
 * analysed differs from the record as measured (0: the launch as measured,
 * or a launch record, where nothing was measured). gpu, when not NULL, is ov's GPU already resolved (the explorer's
 * what-if holds one); else ov's PARAM_GPU name is looked up. The flags'
 * vendor-specific parameters are checked against the GPU the record runs
 * on, with the same message everywhere. a->ok false with a->error when the
 * record cannot be analysed. */
void session_analyse(struct session *s, const struct session_record *r,
		     const struct param_set *ov, const struct gpu *gpu, unsigned needs,
		     struct analysis *a);
/* The same under the flags into an analysis the caller owns, one record
 * after another (the printer's): held as analysis_compute_memo's, 0 when
 * a is made and a written by nothing else, so a record on the GPU of the
 * one before keeps a's copy of it. */
void session_analyse_held(struct session *s, const struct session_record *r, unsigned needs,
			  struct analysis *a, uint64_t *held);

/* --gpu A,B,...: the GPUs every record is analysed on, side by side, in
 * the order given (at most SESSION_GPUS_MAX; 1 for a plain --gpu, 0
 * without one). */
enum { SESSION_GPUS_MAX = 8 };
size_t session_gpu_count(const struct session *s);
const struct gpu *session_gpu_at(const struct session *s, size_t i);
/* r under the flags on the i-th of those GPUs. With more than one, a flag
 * the GPU's vendor lacks (--carveout on an AMD GPU) is no error: it is
 * left out there and named in a->not_applicable; registers per thread are
 * an AMD GPU's VGPRs and the reverse, as in the explorer's GPU change. */
void session_analyse_on(struct session *s, const struct session_record *r, size_t i,
			unsigned needs, struct analysis *a);
/* The same on any GPU g with the overrides ov (NULL: the flags): the
 * explorer's what-if on each GPU it compares. */
void session_analyse_beside(struct session *s, const struct session_record *r,
			    const struct param_set *ov, const struct gpu *g, unsigned needs,
			    struct analysis *a);

/* A kernel record resolved once, under the flags, when it is loaded: the
 * launch it gives and the GPU it ran on, as the record measured them. Named
 * in a session_record (resolved), it is where an analysis with overrides
 * that keep the GPU starts (the explorer's keystrokes), in place of reading
 * the record again, with the same result. Where the record's values had to
 * be inferred from its limits (report_infer.h), or the GPU is overridden,
 * the record is read again as without it (reusable false). */
struct session_resolved {
	const struct report_record *rec;  /* the record it is of */
	bool reusable;
	unsigned flag_fields;      /* the flags' launch parameters it was resolved with */
	struct launch launch;      /* the launch: the record's values with the flags' */
	struct gpu gpu;
	int source;                /* enum report_gpu_source */
	unsigned present;          /* PARAM_BIT of what the record itself gives */
	struct launch measured;    /* the record's own values of those */
	int db_sm_count;
};
/* Resolves r's kernel record under the flags; false (out->reusable false)
 * for a launch record or one that does not resolve. */
bool session_resolve(struct session *s, const struct session_record *r,
		     struct session_resolved *out);

/* The launch and GPU r is analysed with under ov (as session_analyse):
 * the explorer's baseline. False with err when it cannot be resolved; l
 * keeps what is known (the kernel's name, the record's values) and gpu the
 * GPU it ran on where known, else a device of the record's vendor (for its
 * words: session_gpu_from says SESSION_GPU_NONE), else the embedded
 * default's. */
bool session_launch(struct session *s, const struct session_record *r,
		    const struct param_set *ov, struct launch *l, struct gpu *gpu,
		    struct occ_error *err);

/* The GPU of a report (the explorer's g in its kernel browser): every
 * record that does not say which GPU ran it is analysed on g, as a --gpu
 * would stand in for it, while records that say keep theirs (a --gpu still
 * wins over both). NULL: none again. A record of the other vendor is not
 * analysed on it (its error says so). */
void session_set_report_gpu(struct session *s, const struct gpu *g);
/* The report's GPU, NULL when none was set. */
const struct gpu *session_report_gpu(const struct session *s);

/* Where the GPU r is analysed on (with the flags) comes from. */
enum session_gpu_from {
	SESSION_GPU_OWN,      /* the record's own: its device or architecture; a launch's */
	SESSION_GPU_FLAG,     /* --gpu */
	SESSION_GPU_REPORT,   /* the report's (session_set_report_gpu) */
	SESSION_GPU_NONE,     /* none: the record does not say, and none is given */
};
enum session_gpu_from session_gpu_from(struct session *s, const struct session_record *r);

/* ---- the regression gate ---- */

enum session_diff_format { SESSION_DIFF_TEXT, SESSION_DIFF_JSON, SESSION_DIFF_SARIF };
/* The exit status when the gate cannot judge: an input unreadable, a
 * kernel not analysed, the output not written. */
#define SESSION_DIFF_ERROR 2

/* --diff OLD NEW (session_diff.c): the kernels of two reports compared
 * under the flags (diff.h), written to out in format; what went wrong in
 * reading to msgs. Returns the exit status: 0 when no kernel failed a
 * fail_on condition (enum diff_fail bits), 1 when one did,
 * SESSION_DIFF_ERROR when the gate could not judge. */
int session_diff(struct session *s, const char *old_file, const char *new_file,
		 unsigned fail_on, enum session_diff_format format, FILE *out, FILE *msgs);

/* ---- input ---- */

/* What a FILE argument holds, decided once from the head of the file. */
enum session_input_kind { SESSION_LAUNCHES, SESSION_REPORT };

/* A whole input in memory, for the explorer. */
struct session_input {
	enum session_input_kind kind;
	char path[1024];
	struct launch_set launches;   /* SESSION_LAUNCHES */
	struct report report;         /* SESSION_REPORT */
	struct occ_error rejected;    /* a report's first rejected row, if any */
	bool joined;                  /* measured values of other inputs were joined to its
					 records (session_join_inputs): reading it again alone
					 would lose them */
};

/* Reads path ("-": standard input) whole: a launch file or list, else a
 * profiler report. False when it is neither or cannot be read; the reason
 * is printed to msgs (as --print prints it) and *status is the exit status. */
bool session_load(struct session *s, const char *path, struct session_input *in, FILE *msgs,
		  int *status);
/* session_load from another thread, watched: records counts the records
 * read so far; setting cancel stops the reading (false, nothing kept). A
 * report's records settle as a stream settles them (report_stream). */
struct session_watch {
	atomic_size_t records;
	atomic_bool cancel;
	/* A report of the same file (the one a reload replaces), only read:
	 * the records' texts it has are shared with it, not copied
	 * (record_store_new_on; report_adopt_texts before it is freed);
	 * NULL: none. */
	const struct report *base;
};
bool session_load_watched(struct session *s, const char *path, struct session_input *in,
			  FILE *msgs, int *status, struct session_watch *watch);
void session_input_done(struct session_input *in);
/* Joins the per-kernel summaries among in[0..n) (nvprof --metrics and
 * --events tables, report.per_kernel) to the launches of the other reports
 * (the traces), as --print does with the same files: the n-th launch of a
 * kernel on a device gets the n-th invocation's measured values where they
 * are each launch's own (session_join.h says the rule). The summaries then
 * leave in[] (the rest move up, in order) and the count left is returned;
 * what was joined and what was not is told to msgs, one line each, and its
 * first line copied to note (note_size bytes, "" when nothing joined).
 * Nothing changes without a summary and a report of launches. */
size_t session_join_inputs(struct session *s, struct session_input *in, size_t n, FILE *msgs,
			   char *note, size_t note_size);
/* Record i of a loaded input. */
size_t session_input_count(const struct session_input *in);
struct session_record session_input_record(const struct session_input *in, size_t i);

/* --print: every record of every input (the flags alone when there is no
 * file) analysed for needs and handed to emit one at a time, in order; a
 * report is streamed, so memory does not grow with its records. Records
 * that cannot be analysed still go to emit (a->ok false), their errors to
 * msgs (runs of the same error told once). emit returns false on a write
 * error, which stops everything. --kernel NAME picks a report's records.
 * Among several files, per-kernel summaries are joined to the traces
 * (session_join_inputs' rule): they are read whole first, the traces (not
 * standard input) read twice, once to count their launches, and what was
 * joined is told to msgs before the records. Returns the exit status: 0,
 * else the first failure's. */
struct session_emit {
	/* rec: the kernel record analysed (NULL for a launch), valid during
	 * the call only */
	bool (*analysis)(void *ctx, const struct analysis *a, const struct report_record *rec);
	void *ctx;
	/* --gpu A,B,...: the record on each GPU, a[0..n) in the list's order;
	 * NULL: analysis is called for each in turn (last, so that { fn, ctx }
	 * still initializes the others) */
	bool (*side_by_side)(void *ctx, const struct analysis *const *a, size_t n,
			     const struct report_record *rec);
};

int session_print(struct session *s, char *const *files, int n_files, const char *load,
		  unsigned needs, const struct session_emit *emit, FILE *msgs);

/* --compare I,J: the records with ids I and J (the kernel browser's id:
 * the profiler's own, else the position from 1) among the inputs, read
 * whole and joined as the explorer reads them, each analysed under the
 * flags for needs and handed to pair together (a[k] of rec[k], NULL for a
 * launch). An id no record has is a usage error told to msgs. Returns the
 * exit status. */
struct session_pair_emit {
	bool (*pair)(void *ctx, const struct analysis *const a[2],
		     const struct report_record *const rec[2]);
	void *ctx;
};

int session_compare(struct session *s, char *const *files, int n_files, const char *load,
		    const int64_t ids[2], unsigned needs, const struct session_pair_emit *emit,
		    FILE *msgs);

#endif
