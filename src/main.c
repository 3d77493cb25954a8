/* main.c - occview's entry: parse the command line, read the GPU database and
 * the launches, compute, then print or open the explorer. */
#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "analysis.h"
#include "cli.h"
#include "gpu.h"
#include "launch_file.h"
#include "report.h"
#include "report_launch.h"
#include "output.h"
#include "strutil.h"
#include "app.h"
#include "whatif.h"

/* The most a FILE argument may hold: larger than any profiler report seen
 * (the biggest in the corpus is 3.8 MB), small enough that a wrong path (a
 * disk image) is refused before it eats the memory. */
#define INPUT_MAX_BYTES ((size_t)1 << 30)

struct results {
	struct analysis *items;
	size_t n, cap;
	enum occ_status status;   /* worst per-record status */
};

static int report(const struct occ_error *err)
{
	char msg[1024];

	occ_error_format(err, msg, sizeof(msg));
	fprintf(stderr, "occview: %s\n", msg);
	return err->status ? (int)err->status : OCC_EDATA;
}

static struct analysis *next_slot(struct results *res)
{
	if (res->n == res->cap) {
		size_t ncap = res->cap ? res->cap * 2 : 8;
		struct analysis *p = realloc(res->items, ncap * sizeof(*p));
		if (!p)
			return NULL;
		res->items = p;
		res->cap = ncap;
	}
	return &res->items[res->n++];
}

/* Resolves the GPU and computes one launch; a bad record is kept with its error. */
static bool add_launch(struct results *res, const struct gpu_db *db, const struct cli_options *o,
		       const struct launch *l, const struct occ_error *read_error, const char *file,
		       long line)
{
	struct analysis *a = next_slot(res);
	struct occ_error err = { 0 };
	struct gpu gpu;

	if (!a)
		return false;
	if (read_error) {
		analysis_fail(a, l, read_error);
	} else if (!gpu_db_find(db, l->gpu_name, &gpu, &err)) {
		/* The database does not know where the name came from: a file's row is
		 * bad data, a flag is a usage error. */
		if (file) {
			str_copy(err.file, sizeof(err.file), file);
			err.line = line;
			err.status = OCC_EDATA;
		}
		analysis_fail(a, l, &err);
	} else if (!cli_check_gpu(o, &gpu, &err)) {
		/* a flag of the other vendor (--agprs for an H100) */
		analysis_fail(a, l, &err);
	} else {
		analysis_run(a, l, &gpu, file, line);
	}
	if (!a->ok) {
		report(&a->error);
		if (res->status == OCC_OK)
			res->status = a->error.status;
	}
	return true;
}

static bool load_user_db(struct gpu_db *db, const struct cli_options *o, struct occ_error *err)
{
	const char *xdg = getenv("XDG_CONFIG_HOME");
	const char *home = getenv("HOME");
	char path[1024] = "";

	if (xdg && xdg[0])
		snprintf(path, sizeof(path), "%s/occview/gpus.csv", xdg);
	else if (home && home[0])
		snprintf(path, sizeof(path), "%s/.config/occview/gpus.csv", home);
	if (path[0] && access(path, F_OK) == 0 && !gpu_db_load_file(db, path, err))
		return false;
	for (int i = 0; i < o->n_gpu_db; i++)
		if (!gpu_db_load_file(db, o->gpu_db[i], err))
			return false;
	return true;
}

/* Every launch of a launch file or list; flags override the file's fields. */
static int load_launch_set(struct results *res, const struct gpu_db *db,
			   const struct cli_options *o, const char *path, struct launch_set *set)
{
	for (size_t r = 0; r < set->n; r++) {
		struct launch_record *rec = &set->items[r];
		cli_apply(o, &rec->launch);
		if (!add_launch(res, db, o, &rec->launch, rec->valid ? NULL : &rec->error, path,
				rec->line))
			return OCC_EDATA;
	}
	return 0;
}

/* The flags a report's records take: the launch fields, never the kernel name
 * (with a report --kernel picks records) nor the GPU (passed resolved). */
static unsigned report_fields(unsigned set)
{
	static const struct {
		unsigned cli, report;
	} map[] = {
		{ CLI_GRID, REPORT_LAUNCH_GRID }, { CLI_BLOCK, REPORT_LAUNCH_BLOCK },
		{ CLI_REGISTERS, REPORT_LAUNCH_REGISTERS },
		{ CLI_STATIC_SMEM, REPORT_LAUNCH_STATIC_SMEM },
		{ CLI_DYNAMIC_SMEM, REPORT_LAUNCH_DYNAMIC_SMEM },
		{ CLI_CARVEOUT, REPORT_LAUNCH_CARVEOUT }, { CLI_BARRIERS, REPORT_LAUNCH_BARRIERS },
	};
	unsigned f = 0;

	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (set & map[i].cli)
			f |= map[i].report;
	return f;
}

/* --kernel NAME matched no record of path: say which kernels it has. */
static int no_such_kernel(const struct report *rep, const char *path, const char *name)
{
	char shown[256], list[512] = "", one[160];
	size_t len = 0, listed = 0;

	str_sanitize(name, shown, sizeof(shown));
	for (size_t i = 0; i < rep->n && listed < 5; i++) {
		bool seen = false;
		for (size_t j = 0; j < i && !seen; j++)
			seen = strcmp(rep->records[j].short_name, rep->records[i].short_name) == 0;
		if (seen)
			continue;
		str_sanitize(rep->records[i].short_name, one, sizeof(one));
		if (len < sizeof(list))
			len += (size_t)snprintf(list + len, sizeof(list) - len, "%s\"%s\"",
						listed ? ", " : "", one);
		listed++;
	}
	fprintf(stderr, "occview: %s: --kernel \"%s\" names none of its %zu kernel records "
		"(short or full name); its kernels include %s\n", path, shown, rep->n, list);
	return OCC_EUSAGE;
}

static void same_for_more(const char *path, size_t repeats)
{
	if (repeats > 0)
		fprintf(stderr, "occview: %s: the same for %zu more kernel record%s\n", path,
			repeats, repeats == 1 ? "" : "s");
}

/* One analysis per kernel record of a report (those --kernel names, if
 * given). A record that cannot be analysed is kept with its error, like a bad
 * row of a launch list; runs of records with the same error are told once. */
static int load_report(struct results *res, const struct gpu_db *db, const struct cli_options *o,
		       const char *path, const struct report *rep, const struct occ_error *rejected)
{
	struct report_launch_given given = { NULL, &o->launch, report_fields(o->set) };
	struct gpu user;
	struct occ_error last = { 0 };
	size_t matched = 0, repeats = 0;
	bool noted = false;

	if (o->set & CLI_GPU) {
		struct occ_error err = { 0 };
		if (!gpu_db_find(db, o->launch.gpu_name, &user, &err))
			return report(&err);
		given.gpu = &user;
	}
	if (rejected->status != OCC_OK) {
		report(rejected);
		fprintf(stderr, "occview: %s: %zu row%s rejected; the other kernel records are shown\n",
			path, rep->rejected_rows, rep->rejected_rows == 1 ? "" : "s");
		if (res->status == OCC_OK)
			res->status = OCC_EDATA;
	}
	for (size_t i = 0; i < rep->n; i++) {
		const struct report_record *rec = &rep->records[i];
		enum report_gpu_source source;
		struct occ_error err = { 0 };
		struct launch l;
		struct analysis *a;

		if ((o->set & CLI_KERNEL) && !report_launch_matches(rec, o->launch.kernel))
			continue;
		matched++;
		if (!(a = next_slot(res)))
			return OCC_EDATA;
		if (analysis_run_record(a, db, rec, &given, path, &err) &&
		    !cli_check_gpu(o, &a->gpu, &err)) {
			struct crosscheck_record keep = a->report;
			l = a->launch;
			analysis_fail(a, &l, &err);
			a->report = keep;
		}
		source = (enum report_gpu_source)a->report.gpu_source;
		if (a->ok && (source == REPORT_GPU_FIRST || a->report.device_unknown) && !noted) {
			char device[REPORT_TEXT * 4];
			str_sanitize(rec->device, device, sizeof(device));
			/* The waves depend on the SM (CU) count the report did not give. */
			if (a->report.device_unknown)
				fprintf(stderr, "occview: %s: the report names the device \"%s\", which the "
					"GPU database does not know; using %s (%d %s) of the same "
					"architecture (%s) (--gpu chooses another)\n", path, device,
					a->gpu.name, a->gpu.sm_count, gpu_units(&a->gpu.arch), a->gpu.arch.arch);
			else
				fprintf(stderr, "occview: %s: the report names the architecture (%s) but not "
					"the device; using %s (%d %s), the database's first device of it "
					"(--gpu chooses another)\n", path, a->gpu.arch.arch, a->gpu.name,
					a->gpu.sm_count, gpu_units(&a->gpu.arch));
			noted = true;
		}
		if (a->ok)
			continue;
		if (res->status == OCC_OK)
			res->status = a->error.status;
		if (last.status != OCC_OK && strcmp(a->error.field, last.field) == 0 &&
		    strcmp(a->error.message, last.message) == 0) {
			repeats++;
			continue;
		}
		same_for_more(path, repeats);
		report(&a->error);
		last = a->error;
		repeats = 0;
	}
	same_for_more(path, repeats);
	if ((o->set & CLI_KERNEL) && matched == 0)
		return no_such_kernel(rep, path, o->launch.kernel);
	return 0;
}

/* The first line that is neither blank nor a comment, as the launch reader
 * sees it; NULL for a file without one. */
static const char *first_content_line(const char *text, size_t len, size_t *line_len)
{
	const char *p = text, *end = text + len;

	if (len >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0)
		p += 3;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *e = nl ? nl : end;
		const char *s = p;

		while (s < e && (*s == ' ' || *s == '\t' || *s == '\r'))
			s++;
		if (s < e && *s != '#') {
			*line_len = (size_t)(e - s);
			return s;
		}
		p = e + 1;
	}
	return NULL;
}

/* Neither reader took the file. An empty or binary file, or one that starts
 * as a launch file does (key = value), gets the launch reader's message only;
 * a CSV may have been meant as a launch list or as a profiler table, so it
 * gets both readers' messages. */
static int neither(const char *path, const char *text, size_t len,
		   const struct occ_error *launch_err, const struct occ_error *report_err)
{
	char msg[1024];
	size_t first_len = 0;
	const char *first = first_content_line(text, len, &first_len);

	/* A profiler banner ("==PROF== ...") is no key = value line. */
	bool banner = first && first_len >= 2 && first[0] == '=' && first[1] == '=';

	if (!first || str_is_binary(text, len, NULL) ||
	    (!banner && memchr(first, '=', first_len) && !memchr(first, ',', first_len)))
		return report(launch_err);
	/* Profiler output the report reader knew past its first line (a run that
	 * left only ==ERROR==, ncu's text output, a summary table it refuses):
	 * what the launch reader thinks of line 1 is noise. */
	if (banner || report_err->line > 1)
		return report(report_err);
	str_sanitize(path, msg, sizeof(msg));
	fprintf(stderr, "occview: %s is neither a launch file or list nor a profiler report "
		"occview reads:\n", msg);
	occ_error_format(launch_err, msg, sizeof(msg));
	fprintf(stderr, "occview:   as a launch file or list: %s\n", msg);
	occ_error_format(report_err, msg, sizeof(msg));
	fprintf(stderr, "occview:   as a profiler report: %s\n", msg);
	return launch_err->status ? (int)launch_err->status : OCC_EDATA;
}

/* Whether the launch reader might take the file, judged from its first
 * PREFIX_BYTES: false only when it would certainly refuse it, so that a
 * profiler report (hundreds of MB) is streamed by report_load instead of
 * being read whole. The launch reader takes a file whose first content line
 * is "key = value" with a key (a "==PROF==" banner has none) or a CSV header
 * naming grid_size; an empty, unreadable or binary start is left to it for
 * its message. */
#define PREFIX_BYTES 65536

static bool maybe_launch_file(const char *path)
{
	static const char want[] = "grid_size";
	char buf[PREFIX_BYTES];
	FILE *f = fopen(path, "rb");
	size_t len, first_len = 0;
	const char *first, *eq;

	if (!f)
		return true;
	len = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	first = first_content_line(buf, len, &first_len);
	/* No content line, or one the prefix may cut: the careful way. (A
	 * binary file is refused by both readers, and a report that fails is
	 * read whole again for their messages: no harm in streaming it.) */
	if (!first || (len == sizeof(buf) && first + first_len == buf + len))
		return true;
	eq = memchr(first, '=', first_len);
	if (eq) {
		for (const char *k = first; k < eq; k++)
			if (*k != ' ' && *k != '\t')
				return true;
	}
	/* Everything up to the end of the first content line: a '#' line
	 * before it is still a CSV row to the launch-list reader. */
	for (const char *p = buf; p + sizeof(want) - 1 <= first + first_len; p++)
		if (strncasecmp(p, want, sizeof(want) - 1) == 0)
			return true;
	return false;
}

/* A FILE argument: a launch file or list, else a profiler report. Launch
 * files are tried first because their reader is strict (every line key =
 * value, or a header naming the launch-list columns grid_size, block_size,
 * registers_per_thread, which no profiler writes), while the report reader
 * passes over any line before a header it knows: the other way round, a
 * launch file's comment that looked like a profiler header would turn it
 * into a report. */
enum file_kind { FILE_LAUNCHES, FILE_REPORT, FILE_FAILED };

/* Reads path as a launch file or list (into set, FILE_LAUNCHES), else as a
 * profiler report (into rep, rejected rows in rejected: FILE_REPORT); a file
 * that is neither, or cannot be read, is reported here (FILE_FAILED, *status
 * the exit status). A report whose head shows it is no launch file is
 * streamed; the rest is read whole, as both readers may need it. */
static enum file_kind read_file_arg(const char *path, const struct launch *defaults,
				    struct launch_set *set, struct report *rep,
				    struct occ_error *rejected, int *status)
{
	struct occ_error err = { 0 };
	struct launch d = *defaults;
	size_t len;
	char *text;

	if (!maybe_launch_file(path) && report_load(path, rep, rejected))
		return FILE_REPORT;
	/* Refused as a report: read it whole for both readers' messages. */
	if (!(text = str_read_file(path, INPUT_MAX_BYTES, &len, &err))) {
		*status = report(&err);
		return FILE_FAILED;
	}
	if (launch_file_parse(path, text, len, &d, set, &err)) {
		free(text);
		return FILE_LAUNCHES;
	}
	if (report_parse(path, text, len, rep, rejected)) {
		free(text);
		return FILE_REPORT;
	}
	*status = neither(path, text, len, &err, rejected);
	free(text);
	return FILE_FAILED;
}

static int load_file(struct results *res, const struct gpu_db *db, const struct cli_options *o,
		     const char *path)
{
	struct occ_error rejected = { 0 };
	struct launch_set set;
	struct report rep;
	struct launch defaults = o->launch;
	int status = 0;

	if (!(o->set & CLI_KERNEL))
		str_copy(defaults.kernel, sizeof(defaults.kernel), path);
	switch (read_file_arg(path, &defaults, &set, &rep, &rejected, &status)) {
	case FILE_LAUNCHES:
		status = load_launch_set(res, db, o, path, &set);
		launch_set_done(&set);
		break;
	case FILE_REPORT:
		status = load_report(res, db, o, path, &rep, &rejected);
		report_done(&rep);
		break;
	case FILE_FAILED:
		break;
	}
	return status;
}

static int load_launches(struct results *res, const struct gpu_db *db, const struct cli_options *o)
{
	int status;

	if (o->n_files == 0 && !o->load)
		return add_launch(res, db, o, &o->launch, NULL, NULL, 0) ? 0 : OCC_EDATA;
	if (o->load && (status = load_file(res, db, o, o->load)) != 0)
		return status;
	for (int i = 0; i < o->n_files; i++)
		if ((status = load_file(res, db, o, o->files[i])) != 0)
			return status;
	return 0;
}

/* The status line's name for what was loaded. */
static const char *source_name(const struct cli_options *o)
{
	if (o->load)
		return o->load;
	if (o->n_files == 1)
		return o->files[0];
	if (o->n_files > 1)
		return "several files";
	if (o->set)
		return "command line";
	return NULL;
}

/* Once the recovery file has been opened and the session ended normally, its
 * launch has served: remove it so later starts stop announcing it. */
static void forget_recovery(const struct cli_options *o, int status)
{
	char path[1024];

	if (status == 0 && o->load && whatif_recovery_path(path, sizeof(path)) &&
	    strcmp(o->load, path) == 0)
		unlink(path);
}

/* A recovery file left by a dropped session is announced, unless it is what
 * the user is loading now. */
static const char *recovery_notice(const struct cli_options *o, char *buf, size_t size)
{
	char path[1024];

	if (!whatif_recovery_path(path, sizeof(path)) || access(path, R_OK) != 0)
		return NULL;
	if (o->load && strcmp(o->load, path) == 0)
		return NULL;
	/* path is at most a few hundred bytes in practice; buf is sized for two. */
	snprintf(buf, size, "A session that ended without q (a dropped connection or SIGTERM) saved "
		 "the launch it was exploring in %.500s. To open it: occview --load %.500s",
		 path, path);
	return buf;
}

static bool interactive(const struct cli_options *o)
{
	return !(o->print || !isatty(STDOUT_FILENO) || !isatty(STDIN_FILENO));
}

static void app_options_of(const struct cli_options *o, struct app_options *ao, char *notice,
			   size_t size)
{
	memset(ao, 0, sizeof(*ao));
	ao->ascii = o->ascii;
	ao->no_color = o->no_color || (getenv("NO_COLOR") && getenv("NO_COLOR")[0]);
	ao->mouse = !o->no_mouse;
	ao->model = o->model;
	ao->source = source_name(o);
	ao->notice = recovery_notice(o, notice, size);
}

/* One report opened in the explorer: the explorer keeps the report and a
 * compact row per record (the kernel browser), analyses only the record
 * shown, and reloads the file when it changes. Launch files and lists, and
 * reports picked with --kernel, keep the array of analyses. True when path
 * was a report and the explorer ran, or when it could not be read at all (the
 * reason is told): *status is the exit status. False for a launch file. */
static bool explore_report(const struct gpu_db *db, const struct cli_options *o,
			   const char *path, int *status)
{
	struct occ_error err = { 0 }, rejected = { 0 };
	struct report_launch_given given = { NULL, &o->launch, report_fields(o->set) };
	struct launch_set set;
	struct app_options ao;
	struct report rep;
	struct gpu user;
	char notice[1200], first[1024];

	switch (read_file_arg(path, &o->launch, &set, &rep, &rejected, status)) {
	case FILE_LAUNCHES:
		launch_set_done(&set);
		return false;
	case FILE_FAILED:
		return true;
	case FILE_REPORT:
		break;
	}
	if (o->set & CLI_GPU) {
		if (!gpu_db_find(db, o->launch.gpu_name, &user, &err)) {
			report_done(&rep);
			*status = report(&err);
			return true;
		}
		given.gpu = &user;
	}
	app_options_of(o, &ao, notice, sizeof(notice));
	if (rejected.status != OCC_OK) {
		/* said before the screen opens, and again over it */
		report(&rejected);
		occ_error_format(&rejected, first, sizeof(first));
		snprintf(notice, sizeof(notice), "%zu row%s of this report could not be read and "
			 "%s not shown; the first: %.900s", rep.rejected_rows,
			 rep.rejected_rows == 1 ? "" : "s", rep.rejected_rows == 1 ? "is" : "are",
			 first);
		ao.notice = notice;
	}
	*status = app_run_report(db, &rep, &given, path, &ao);
	forget_recovery(o, *status);
	return true;
}

int main(int argc, char **argv)
{
	struct cli_options o;
	struct occ_error err = { 0 };
	struct results res = { 0 };
	struct gpu_db *db;
	int status;

	setlocale(LC_ALL, "");
	if (!cli_parse(argc, argv, &o, &err))
		return report(&err);
	if (o.help) {
		cli_usage(stdout);
		return 0;
	}
	if (o.version) {
		printf("occview %s\n", PACKAGE_VERSION);
		return 0;
	}
	db = gpu_db_new_builtin(&err);
	if (!db)
		return report(&err);
	if (!load_user_db(db, &o, &err)) {
		status = report(&err);
		goto out;
	}
	if (o.list_gpus) {
		output_gpu_list(stdout, db);
		status = 0;
		goto out;
	}
	if (interactive(&o) && o.n_files == 1 && !o.load && !(o.set & CLI_KERNEL) &&
	    explore_report(db, &o, o.files[0], &status))
		goto out;
	status = load_launches(&res, db, &o);
	if (status)
		goto out;
	if (o.print || !isatty(STDOUT_FILENO) || !isatty(STDIN_FILENO)) {
		/* Plain ASCII: print output goes to files, pipes and logs. */
		struct output_options oo = { o.width, true };
		if (o.format == CLI_FORMAT_JSON) {
			if (!output_json(stdout, res.items, res.n))
				fputs("occview: out of memory\n", stderr);
		} else if (o.format == CLI_FORMAT_CSV) {
			output_csv(stdout, res.items, res.n);
		} else {
			output_text(stdout, res.items, res.n, &oo);
		}
	} else {
		struct app_options ao;
		char notice[1200];
		app_options_of(&o, &ao, notice, sizeof(notice));
		status = app_run(db, res.items, res.n, &ao);
		forget_recovery(&o, status);
		if (status)
			goto out;
	}
	status = res.status;
out:
	free(res.items);
	gpu_db_free(db);
	return status;
}
