/* main.c - occview's entry: parse the command line, read the GPU database and
 * the launches, compute, then print or open the explorer. */
#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis.h"
#include "cli.h"
#include "gpu.h"
#include "launch_file.h"
#include "output.h"
#include "strutil.h"
#include "app.h"
#include "whatif.h"

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
static bool add_launch(struct results *res, const struct gpu_db *db, const struct launch *l,
		       const struct occ_error *read_error, const char *file, long line)
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

static int load_file(struct results *res, const struct gpu_db *db, const struct cli_options *o,
		     const char *path)
{
	struct occ_error err = { 0 };
	struct launch_set set;
	struct launch defaults = o->launch;

	if (!(o->set & CLI_KERNEL))
		str_copy(defaults.kernel, sizeof(defaults.kernel), path);
	if (!launch_file_load(path, &defaults, &set, &err))
		return report(&err);
	for (size_t r = 0; r < set.n; r++) {
		struct launch_record *rec = &set.items[r];
		cli_apply(o, &rec->launch);
		if (!add_launch(res, db, &rec->launch, rec->valid ? NULL : &rec->error, path,
				rec->line)) {
			launch_set_done(&set);
			return OCC_EDATA;
		}
	}
	launch_set_done(&set);
	return 0;
}

static int load_launches(struct results *res, const struct gpu_db *db, const struct cli_options *o)
{
	int status;

	if (o->n_files == 0 && !o->load)
		return add_launch(res, db, &o->launch, NULL, NULL, 0) ? 0 : OCC_EDATA;
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
		struct app_options ao = { 0 };
		char notice[1200];
		ao.ascii = o.ascii;
		ao.no_color = o.no_color || (getenv("NO_COLOR") && getenv("NO_COLOR")[0]);
		ao.mouse = !o.no_mouse;
		ao.model = o.model;
		ao.source = source_name(&o);
		ao.notice = recovery_notice(&o, notice, sizeof(notice));
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
