/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* main.c - occview's entry: parse the command line, read the GPU database,
 * then print (streamed through the session) or open the explorer. The
 * program's only file that knows both the core (src/) and the front end. */
#include "config.h"

#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app.h"
#include "cli.h"
#include "explorer.h"
#include "gpu.h"
#include "output.h"
#include "output_stream.h"
#include "print.h"
#include "print_summary.h"
#include "screen.h"
#include "session.h"
#include "settings.h"
#include "strutil.h"
#include "whatif.h"

static int report(const struct occ_error *err)
{
	occ_say_error(stderr, err);
	return err->status ? (int)err->status : OCC_EDATA;
}

static bool load_user_db(struct gpu_db *db, const struct cli_options *o, struct occ_error *err)
{
	char path[1024];

	if (settings_path("gpus.csv", path, sizeof(path)) && access(path, F_OK) == 0 &&
	    !gpu_db_load_file(db, path, err))
		return false;
	for (int i = 0; i < o->n_gpu_db; i++)
		if (!gpu_db_load_file(db, o->gpu_db[i], err))
			return false;
	return true;
}

/* ---- --print: one writer per format, fed one analysis at a time ---- */

struct writer {
	enum cli_format format;
	struct printer *printer;     /* text */
	bool any;
	FILE *out;
	struct output_stream *stream;  /* JSON, JSON Lines, CSV: the kernels' writer */
	/* Text of several records: the summary table (print_summary.h), with
	 * the first record's panes held in memory until a second comes. */
	struct print_summary *summary;
	char *first;
	size_t first_len, records;   /* records seen: the last one's position, from 1 */
	const int64_t *ids;          /* --record: the ids to write; n_ids 0: all */
	int n_ids;
	bool found[CLI_MAX_RECORDS];
};

/* JSON, JSON Lines or CSV of one analysis. */
static bool write_machine(struct writer *w, const struct analysis *a)
{
	if (!output_stream_kernel(w->stream, a)) {
		/* A write that failed is said once, by close_stdout. */
		if (!ferror(w->out))
			fputs("occview: out of memory\n", stderr);
		return false;
	}
	w->any = true;
	return true;
}

/* a's n analyses as panes (--gpu A,B,...: side by side) to out. */
static bool write_panes(struct writer *w, FILE *out, const struct analysis *const *a, size_t n,
			const struct report_record *rec)
{
	if (w->any)
		fputc('\n', out);
	w->any = true;
	if (n > 1 ? !print_side_by_side(w->printer, out, a, n, rec)
		  : !print_analysis(w->printer, out, a[0], rec)) {
		fputs("occview: out of memory\n", stderr);
		return false;
	}
	return !ferror(out);
}

/* One record (or launch) on each of n GPUs: skipped unless --record names
 * its id; as text a summary line (and, for the first, its panes kept for a
 * report of one record) or its panes. */
static bool write_record(struct writer *w, const struct analysis *const *a, size_t n,
			 const struct report_record *rec)
{
	int64_t id = rec && rec->id.present ? rec->id.value : (int64_t)w->records + 1;
	bool wanted = w->n_ids == 0;
	FILE *mem;

	w->records++;
	for (int i = 0; i < w->n_ids; i++)
		if (w->ids[i] == id)
			wanted = w->found[i] = true;
	if (!wanted)
		return true;
	if (w->format != CLI_FORMAT_TEXT) {
		for (size_t i = 0; i < n; i++)
			if (!write_machine(w, a[i]))
				return false;
		return true;
	}
	if (!w->summary)
		return write_panes(w, w->out, a, n, rec);
	for (size_t i = 0; i < n; i++)
		if (!print_summary_add(w->summary, a[i], id, rec && rec->name ? rec->name : NULL)) {
			fputs("occview: out of memory\n", stderr);
			return false;
		}
	if (print_summary_count(w->summary) == n) {
		/* The first: its panes are the output should no other come. */
		if (!(mem = open_memstream(&w->first, &w->first_len)) ||
		    !write_panes(w, mem, a, n, rec) || fclose(mem) != 0) {
			fputs("occview: out of memory\n", stderr);
			return false;
		}
	} else if (w->first) {
		free(w->first);
		w->first = NULL;
	}
	return !ferror(w->out);
}

static bool write_one(void *ctx, const struct analysis *a, const struct report_record *rec)
{
	return write_record(ctx, &a, 1, rec);
}

/* --gpu A,B,...: text sets the GPUs side by side; JSON and CSV write each. */
static bool write_side(void *ctx, const struct analysis *const *a, size_t n,
		       const struct report_record *rec)
{
	return write_record(ctx, a, n, rec);
}

/* --compare I,J: both records, then the comparison, in the format asked. */
struct pair_writer {
	struct writer *w;
	const int64_t *ids;
};

static bool write_pair(void *ctx, const struct analysis *const a[2],
		       const struct report_record *const rec[2])
{
	struct pair_writer *pw = ctx;
	struct writer *w = pw->w;
	struct compare_delta d;

	compare_deltas(a[0], a[1], &d);
	if (w->format == CLI_FORMAT_TEXT) {
		if (!print_compare(w->printer, w->out, pw->ids, a, rec, &d)) {
			fputs("occview: out of memory\n", stderr);
			return false;
		}
		w->any = true;
		return !ferror(w->out);
	}
	for (int k = 0; k < 2; k++)
		if (!write_machine(w, a[k]))
			return false;
	/* A write that failed is said once, by close_stdout. */
	return output_stream_comparison(w->stream, pw->ids, &d);
}

/* The end of a summary: the table and totals, or the one record's panes. */
static void write_summary_end(struct writer *w)
{
	if (w->first)
		fwrite(w->first, 1, w->first_len, w->out);
	else if (print_summary_count(w->summary) > 0)
		print_summary_end(w->summary);
	free(w->first);
	print_summary_free(w->summary);
}

/* Whether stdout is a machine-readable output's alone, and unbuffered: the
 * kernels' writer (output_stream.h) hands it whole blocks, which stdio
 * would otherwise copy into its buffer first. Only where the inputs are
 * files and stdout is not a terminal: elsewhere the output is read as it
 * comes, a record at a time, through stdio's buffer as before. */
static bool machine_blocks(const struct cli_options *o, bool files)
{
	return files && !isatty(STDOUT_FILENO) && !o->list_gpus && !o->diff &&
	       (o->format == CLI_FORMAT_JSON || o->format == CLI_FORMAT_JSONL ||
		o->format == CLI_FORMAT_CSV);
}

/* blocks: machine_blocks, stdout unbuffered for the kernels' writer. */
static int print_all(struct session *s, const struct cli_options *o, bool blocks)
{
	struct writer w = { .format = o->format, .out = stdout,
			    .ids = o->record_ids, .n_ids = o->n_record_ids };
	struct session_emit emit = { .analysis = write_one, .side_by_side = write_side, .ctx = &w };
	unsigned needs = o->format == CLI_FORMAT_CSV ? 0 : SESSION_FINDINGS;
	/* A summary shows titles, and the first record's panes (the output when
	 * it is the only one). */
	bool summary = o->format == CLI_FORMAT_TEXT && !o->details && !o->n_record_ids &&
		       !o->compare;
	bool failed;
	int status;

	/* Plain ASCII: print output goes to files, pipes and logs. */
	if (o->format == CLI_FORMAT_TEXT) {
		struct print_options po = { o->width, true, o->model, o->derive, o->timeline };

		w.printer = print_new(&po);
		if (summary) {
			w.summary = print_summary_new(stdout);
			needs |= SESSION_SUMMARY;
		}
		if (!w.printer || (summary && !w.summary)) {
			fputs("occview: out of memory\n", stderr);
			print_free(w.printer);
			return OCC_ESOFTWARE;
		}
	}
	/* JSON Lines: the findings' parameters, their texts composed where
	 * asked (--findings-text). */
	if (o->format == CLI_FORMAT_JSONL)
		needs |= SESSION_PARAMS;
	if (o->format == CLI_FORMAT_JSON || o->format == CLI_FORMAT_JSONL ||
	    o->format == CLI_FORMAT_CSV) {
		w.stream = output_stream_new(stdout,
					     o->format == CLI_FORMAT_JSON    ? OUTPUT_STREAM_JSON
					     : o->format == CLI_FORMAT_JSONL ? OUTPUT_STREAM_JSONL
									     : OUTPUT_STREAM_CSV,
					     (o->derive ? OUTPUT_JSONL_DERIVATIONS : 0) |
					     (o->findings_text ? OUTPUT_JSONL_FINDINGS_TEXT : 0),
					     !blocks);
		if (!w.stream) {
			fputs("occview: out of memory\n", stderr);
			return OCC_ESOFTWARE;
		}
		output_stream_begin(w.stream);
	}
	if (o->compare) {
		struct pair_writer pw = { &w, o->compare_ids };
		struct session_pair_emit pair = { write_pair, &pw };

		status = session_compare(s, o->files, o->n_files, o->load, o->compare_ids, needs,
					 &pair, stderr);
	} else {
		status = session_print(s, o->files, o->n_files, o->load, needs, &emit, stderr);
	}
	if (w.summary)
		write_summary_end(&w);
	/* --compare's JSON closed itself with its comparison. */
	if (w.stream)
		output_stream_end(w.stream, o->compare);
	print_free(w.printer);
	for (int i = 0; i < o->n_record_ids; i++)
		if (!w.found[i]) {
			fprintf(stderr, "occview: --record: no record has id %lld (the kernel "
				"browser's id column; the position from 1 where the report gives "
				"none)\n", (long long)o->record_ids[i]);
			status = status ? status : OCC_EUSAGE;
		}
	/* A write that failed stopped the records (write_one): that is the
	 * status, said once, by close_stdout. What the kernels' writer still
	 * holds is written after, as stdio's buffer is by close_stdout: a
	 * failure there is said, the status kept. */
	failed = ferror(stdout);
	output_stream_free(w.stream);
	return failed ? OCC_EIOERR : status;
}

/* ---- the explorer ---- */

/* The status line's name for what was loaded. */
static const char *source_name(const struct cli_options *o)
{
	if (o->load)
		return str_base_name(o->load);
	if (o->n_files == 1)
		return str_base_name(o->files[0]);
	if (o->n_files > 1)
		return "several files";
	if (o->given.set)
		return "command line";
	return NULL;
}

/* Once the recovery file has been opened and the session ended normally, its
 * launch has served: remove it so later starts stop announcing it. */
static void forget_recovery(const struct cli_options *o, int status)
{
	if (status == 0 && o->load && whatif_is_recovery_file(o->load))
		unlink(o->load);
}

/* A recovery file left by a dropped session is announced, unless it is what
 * the user is loading now. */
static const char *recovery_notice(const struct cli_options *o, char *buf, size_t size,
				   char *path, size_t path_size)
{
	char shown[1024], more[96] = "";
	int n = whatif_recovery_newest(path, path_size);

	if (n == 0 || (o->load && whatif_is_recovery_file(o->load)))
		return NULL;
	if (n > 1)
		snprintf(more, sizeof(more), " (and %d older ones beside it, the oldest removed "
			 "after %d)", n - 1, WHATIF_RECOVERY_KEPT);
	str_sanitize(path, shown, sizeof(shown));
	/* path is at most a few hundred bytes in practice; buf is sized for two. */
	snprintf(buf, size, "A session that ended without q (a dropped connection, SIGTERM or "
		 "Ctrl-C) saved the launch it was exploring in %.450s%s. To open it later: "
		 "occview --load %.450s", shown, more, shown);
	return buf;
}

/* The explorer when the output is a terminal: the keys come from standard
 * input when it is the terminal, else from /dev/tty (a report piped in). */
static bool interactive(const struct cli_options *o)
{
	return !o->print && isatty(STDOUT_FILENO);
}

/* The flags against the first record, as --print checks them against every
 * one: a flag the record's GPU does not have (--carveout for an AMD GPU) is
 * the same usage error, with the same message, before the screen opens. */
static int flags_fit(struct session *s, struct session_input *in, int n)
{
	struct session_record r = { NULL, 0, &session_flags(s)->values, NULL, NULL, 0, NULL, NULL };
	struct analysis *a = malloc(sizeof(*a));
	int status = 0;

	if (!a)
		return OCC_ESOFTWARE;
	if (n > 0 && session_input_count(&in[0]) > 0)
		r = session_input_record(&in[0], 0);
	session_analyse(s, &r, NULL, NULL, 0, a);
	if (!a->ok && a->error.status == OCC_EUSAGE)
		status = report(&a->error);
	free(a);
	return status;
}

/* Reads every input whole (--load first), opens the explorer on them. */
static int explore(struct session *s, const struct cli_options *o)
{
	int n = o->n_files + (o->load ? 1 : 0), status = 0;
	struct session_input *in = calloc(n > 0 ? (size_t)n : 1, sizeof(*in));
	struct explorer_options eo = { 0 };
	struct app_options ao = { 0 };
	char notice[1200], first[1024], joined[600] = "", recovery[1200], both[2600];
	char recovered[1024];
	bool recovering;
	int loaded = 0;

	if (!in) {
		fputs("occview: out of memory\n", stderr);
		return OCC_ESOFTWARE;
	}
	for (int i = 0; i < n; i++) {
		const char *path = o->load && i == 0 ? o->load : o->files[i - (o->load ? 1 : 0)];

		if (!session_load(s, path, &in[loaded], stderr, &status))
			break;
		loaded++;
	}
	/* Per-kernel summaries join the traces' launches, as --print does. */
	if (!status)
		loaded = (int)session_join_inputs(s, in, (size_t)loaded, stderr, joined,
						  sizeof(joined));
	if (!status)
		status = flags_fit(s, in, loaded);
	if (status) {
		for (int i = 0; i < loaded; i++)
			session_input_done(&in[i]);
		free(in);
		return status;
	}
	eo.mouse = !o->no_mouse;
	eo.model = o->model;
	eo.source = source_name(o);
	eo.notice = recovery_notice(o, recovery, sizeof(recovery), recovered, sizeof(recovered));
	recovering = eo.notice != NULL;
	eo.recovery = recovering ? recovered : NULL;
	if (!eo.notice && !status && joined[0])
		eo.notice = joined;
	if (!eo.notice && session_gpu_count(s) > 1) {
		snprintf(notice, sizeof(notice), "--gpu names %zu GPUs: the explorer opens on the "
			 "first, %s (the what-if's GPU field picks another); the occupancy table "
			 "compares them all, following the what-if (C adds or removes a GPU)",
			 session_gpu_count(s), session_gpu_at(s, 0)->name);
		eo.notice = notice;
	}
	for (int i = 0; i < loaded; i++) {
		const struct session_input *x = &in[i];

		if (x->kind != SESSION_REPORT || x->rejected.status == OCC_OK)
			continue;
		/* said before the screen opens, and again over it */
		report(&x->rejected);
		occ_error_format(&x->rejected, first, sizeof(first));
		snprintf(notice, sizeof(notice), "%zu row%s of this report could not be read and "
			 "%s not shown; the first: %.900s", x->report.rejected_rows,
			 x->report.rejected_rows == 1 ? "" : "s",
			 x->report.rejected_rows == 1 ? "is" : "are", first);
		/* The recovery notice is never hidden: a launch would be lost. */
		if (recovering) {
			snprintf(both, sizeof(both), "%s. %s", notice, recovery);
			eo.notice = both;
		} else {
			eo.notice = notice;
		}
	}
	/* Fields left absent (session_load said so on stderr): over the screen
	 * too, when nothing weightier is to be said there. */
	for (int i = 0; i < loaded && !eo.notice; i++) {
		const struct session_input *x = &in[i];

		if (x->kind != SESSION_REPORT || x->report.dropped.status == OCC_OK)
			continue;
		occ_error_format(&x->report.dropped, first, sizeof(first));
		snprintf(notice, sizeof(notice), "%zu field%s of this report could not be read and "
			 "show%s as n/a (no occupancy changes); the first: %.900s",
			 x->report.dropped_fields, x->report.dropped_fields == 1 ? "" : "s",
			 x->report.dropped_fields == 1 ? "s" : "", first);
		eo.notice = notice;
	}
	ao.ascii = o->ascii;
	ao.no_color = o->no_color || (getenv("NO_COLOR") && getenv("NO_COLOR")[0]);
	ao.theme = o->theme;
	ao.keys_from_tty = !isatty(STDIN_FILENO);
	status = app_run(s, in, (size_t)loaded, &eo, &ao);
	forget_recovery(o, status);
	return status;
}

/* With no FILE, data redirected or piped in is the input, as -: a regular
 * file, pipe or FIFO on standard input is read whole, however long the pipe
 * takes to bring it (ssh host cat app.csv | occview), as less and tig read
 * theirs; the explorer then takes its keys from /dev/tty. Nothing at all (an
 * empty file or pipe) leaves the default launch; a terminal or /dev/null too. */
static char *stdin_files[] = { "-", NULL };

static void input_from_stdin(struct cli_options *o)
{
	struct stat st;
	int c;

	if (o->n_files > 0 || o->list_gpus || fstat(STDIN_FILENO, &st) != 0 ||
	    !(S_ISFIFO(st.st_mode) || S_ISREG(st.st_mode)))
		return;
	if ((c = getc(stdin)) == EOF)
		return;
	ungetc(c, stdin);
	o->files = stdin_files;
	o->n_files = 1;
}

/* The settings file ($XDG_CONFIG_HOME/occview/config) under the flags: its
 * unknown keys are warned of and passed over; a theme the screen does not
 * have is an error, as a bad color value is. */
static bool apply_settings(struct cli_options *o, struct occ_settings *st, struct occ_error *err)
{
	char path[1024], shown[64];

	if (!settings_path("config", path, sizeof(path)))
		return true;
	if (!settings_load(path, st, err))
		return false;
	for (int i = 0; i < st->n_unknown && i < SETTINGS_MAX_WARNINGS; i++)
		report(&st->unknown[i]);
	if (st->n_unknown > SETTINGS_MAX_WARNINGS)
		fprintf(stderr, "occview: and %d more unknown keys in the settings file\n",
			st->n_unknown - SETTINGS_MAX_WARNINGS);
	if (st->theme[0] && !screen_theme_known(st->theme)) {
		str_sanitize(st->theme, shown, sizeof(shown));
		occ_error_set(err, OCC_EDATA, path, st->theme_line, "theme",
			      "unknown theme \"%s\" (known: default, monochrome, high-contrast)", shown);
		return false;
	}
	return cli_apply_settings(st, path, o, err);
}

/* Standard output flushed and closed: a write that failed (a full disk, a
 * closed pipe) is said once and is status 74 (EX_IOERR) unless another
 * failure's status is already there. */
static int close_stdout(int status)
{
	bool failed = ferror(stdout);
	/* The failed write's errno, where nothing since has changed it. */
	int why = failed ? errno : 0;

	if (fflush(stdout) != 0) {
		why = errno;
		failed = true;
	}
	if (fclose(stdout) != 0 && !failed) {
		why = errno;
		failed = true;
	}
	if (!failed)
		return status;
	fprintf(stderr, "occview: writing the output: %s\n", why ? strerror(why) : "write error");
	return status && status != OCC_EIOERR ? status : OCC_EIOERR;
}

/* Whether every input named is a regular file ("-": standard input's). */
static bool inputs_are_files(const struct cli_options *o)
{
	struct stat st;

	for (int i = 0; i < o->n_files; i++) {
		int rc = strcmp(o->files[i], "-") == 0 ? fstat(STDIN_FILENO, &st) : stat(o->files[i], &st);

		if (rc != 0 || !S_ISREG(st.st_mode))
			return false;
	}
	return true;
}

/* stdio's buffers for stdout and stderr (glibc's setvbuf takes no size
 * without one); stderr's is static so that exit can still flush it. */
static char out_buf[64 << 10], err_buf[BUFSIZ];

int main(int argc, char **argv)
{
	struct cli_options o;
	struct occ_settings st;
	struct occ_error err = { 0 };
	struct session *s = NULL;
	struct gpu_db *db;
	bool files, blocks;
	int status;

	/* The user's locale chooses the glyphs (UTF-8 or not) and the
	 * messages; numbers in data stay in the C locale whatever LANG says
	 * (DESIGN.md): with LC_NUMERIC "de_DE" strtod stops at "0.948" and
	 * printf writes "0,948", which no report, JSON or CSV reader takes. */
	setlocale(LC_ALL, "");
	setlocale(LC_NUMERIC, "C");
	/* Messages a line a write (stderr is unbuffered: "occview: ", the
	 * text and the newline were three), whole for whoever reads them. */
	setvbuf(stderr, err_buf, _IOLBF, sizeof(err_buf));
	if (!cli_parse(argc, argv, &o, &err))
		return report(&err);
	if (o.help) {
		cli_usage(stdout);
		return close_stdout(0);
	}
	if (o.version) {
		cli_version(stdout);
		return close_stdout(0);
	}
	input_from_stdin(&o);
	/* Output of files read to a file or a pipe in 64 KiB writes, not 4 KiB
	 * ones: a 100,000-kernel report's JSON is 400 MB, 100,000 write calls
	 * before. A stream read from a pipe keeps stdio's own buffer, so that
	 * its records come out as they used to. stdout is closed before main
	 * returns (close_stdout). */
	files = inputs_are_files(&o);
	blocks = machine_blocks(&o, files);
	/* JSON, JSON Lines and CSV of files come in 64 KiB blocks from their
	 * own writer: stdout unbuffered hands each to write(2) as it is. */
	if (blocks)
		setvbuf(stdout, NULL, _IONBF, 0);
	else if (!isatty(STDOUT_FILENO) && files)
		setvbuf(stdout, out_buf, _IOFBF, sizeof(out_buf));
	/* Likewise messages to a file or a pipe: a report whose every tenth
	 * record is refused wrote 11,500 lines a write each (4% of the run).
	 * On a terminal they stay a line a write, as they come. exit flushes
	 * both, and stdout was already written in 64 KiB pieces, so a file
	 * given both (2>&1) had its lines in blocks already. */
	if (!isatty(STDERR_FILENO) && files) {
		fflush(stderr);
		setvbuf(stderr, err_buf, _IOFBF, sizeof(err_buf));
	}
	if (!apply_settings(&o, &st, &err))
		return report(&err);
	db = gpu_db_new_builtin(&err);
	if (!db)
		return report(&err);
	if (!load_user_db(db, &o, &err)) {
		status = report(&err);
		goto out;
	}
	if (o.list_gpus) {
		if (o.format == CLI_FORMAT_JSON)
			output_gpu_list_json(stdout, db);
		else if (o.format == CLI_FORMAT_JSONL)
			output_gpu_list_jsonl(stdout, db);
		else if (o.format == CLI_FORMAT_CSV)
			output_gpu_list_csv(stdout, db);
		else
			output_gpu_list(stdout, db);
		status = 0;
		goto out;
	}
	s = session_new(db, &o.given, &err);
	if (!s) {
		status = report(&err);
		goto out;
	}
	if (o.diff)
		status = session_diff(s, o.files[0], o.files[1], o.fail_on,
				      o.format == CLI_FORMAT_JSON    ? SESSION_DIFF_JSON
				      : o.format == CLI_FORMAT_SARIF ? SESSION_DIFF_SARIF
								     : SESSION_DIFF_TEXT,
				      stdout, stderr);
	else
		status = interactive(&o) ? explore(s, &o) : print_all(s, &o, blocks);
out:
	session_free(s);
	gpu_db_free(db);
	return close_stdout(status);
}
