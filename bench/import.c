/* import.c - what importing a large profiler report costs, as ratios measured
 * in one run: occview's report_load against libcsv's bare parse of the same
 * file (empty callbacks, the floor for any CSV reader), against a Python
 * script reading it with csv.DictReader (bench/dictreader.py), and occview's
 * peak memory against the file's size.
 *
 * usage: bench/import DICTREADER.py FILE...   (files from bench/gen_ncu.py)
 *
 * Memory: the import runs in a forked child; its ru_maxrss (from wait4) less
 * that of a child that does nothing is what the import held at its peak. */
/* wait4() is BSD, not POSIX. */
#define _DEFAULT_SOURCE 1
#include "config.h"

#include <csv.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "report.h"

enum { ROUNDS = 2, CHUNK = 1 << 20 };

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void on_field(void *data, size_t len, void *ctx)
{
	(void)data;
	(void)len;
	(void)ctx;
}

static void on_row(int term, void *ctx)
{
	(void)term;
	(void)ctx;
}

/* libcsv alone: the file read in 1 MiB chunks, every byte through csv_parse
 * with callbacks that do nothing. Seconds, or a negative value on failure. */
static double libcsv_parse(const char *path)
{
	static char buf[CHUNK];
	struct csv_parser p;
	FILE *f = fopen(path, "rb");
	double t0 = now();
	size_t got;

	if (!f || csv_init(&p, 0) != 0) {
		if (f)
			fclose(f);
		return -1;
	}
	while ((got = fread(buf, 1, sizeof(buf), f)) > 0)
		if (csv_parse(&p, buf, got, on_field, on_row, NULL) != got)
			break;
	csv_fini(&p, on_field, on_row, NULL);
	csv_free(&p);
	fclose(f);
	return now() - t0;
}

/* Reads the file once so every measurement finds it in the page cache. */
static void warm(const char *path)
{
	static char buf[CHUNK];
	FILE *f = fopen(path, "rb");

	if (!f)
		return;
	while (fread(buf, 1, sizeof(buf), f) > 0)
		;
	fclose(f);
}

struct child_result {
	double seconds;   /* report_load's time, < 0 when it failed */
	size_t records;
	char why[200];
};

/* Runs report_load (or nothing, for the baseline) in a forked child and
 * returns the child's peak RSS in bytes; the child writes what it measured
 * into *out through a pipe. */
static long child_run(const char *path, bool do_import, struct child_result *out)
{
	int fd[2];
	pid_t pid;
	int status;
	struct rusage ru;

	memset(out, 0, sizeof(*out));
	if (pipe(fd) != 0)
		return -1;
	fflush(NULL);
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		struct child_result res = { 0 };

		close(fd[0]);
		if (do_import) {
			struct report r;
			struct occ_error err = { 0 };
			double t0 = now();

			if (report_load(path, &r, &err)) {
				res.seconds = now() - t0;
				res.records = r.n;
				report_done(&r);
			} else {
				res.seconds = -1;
				occ_error_format(&err, res.why, sizeof(res.why));
			}
		}
		if (write(fd[1], &res, sizeof(res)) != (ssize_t)sizeof(res))
			_exit(1);
		_exit(0);
	}
	close(fd[1]);
	if (read(fd[0], out, sizeof(*out)) != (ssize_t)sizeof(*out))
		out->seconds = -1;
	close(fd[0]);
	if (wait4(pid, &status, 0, &ru) < 0)
		return -1;
	return ru.ru_maxrss * 1024L;
}

/* The Python script's wall time, or a negative value when it failed. */
static double python_run(const char *script, const char *path)
{
	char cmd[4096];
	double t0;
	int rc;

	snprintf(cmd, sizeof(cmd), "python3 '%s' '%s' >/dev/null", script, path);
	t0 = now();
	rc = system(cmd);
	return rc == 0 ? now() - t0 : -1;
}

static double min_d(double a, double b)
{
	return a < 0 ? b : b < 0 ? a : a < b ? a : b;
}

int main(int argc, char **argv)
{
	struct child_result empty;
	long base;

	if (argc < 3) {
		fprintf(stderr, "usage: %s DICTREADER.py FILE...\n", argv[0]);
		return 2;
	}
	base = child_run(NULL, false, &empty);
	printf("occview import against libcsv's bare parse, Python's csv.DictReader and the file size\n"
	       "(times: best of %d for libcsv and occview, one Python run; memory: peak RSS of a\n"
	       "forked child doing report_load, less an idle child's %.1f MB)\n\n",
	       ROUNDS, (double)base / 1e6);
	for (int i = 2; i < argc; i++) {
		const char *path = argv[i];
		const char *base_name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
		struct child_result res = { .seconds = -1 };
		struct stat st;
		double t_csv = -1, t_occ = -1, t_py;
		long rss = 0;
		double mb;

		if (stat(path, &st) != 0) {
			printf("%s: %s\n\n", path, strerror(errno));
			continue;
		}
		mb = (double)st.st_size / 1e6;
		warm(path);
		for (int k = 0; k < ROUNDS; k++) {
			struct child_result r;
			long m;

			t_csv = min_d(t_csv, libcsv_parse(path));
			m = child_run(path, true, &r);
			if (r.seconds < 0) {
				res = r;
				break;
			}
			t_occ = min_d(t_occ, r.seconds);
			if (m > rss)
				rss = m;
			res = r;
		}
		printf("%s: %.1f MB\n", base_name, mb);
		printf("  libcsv bare parse  %8.2f s  %7.1f MB/s\n", t_csv, mb / t_csv);
		if (res.seconds < 0) {
			printf("  occview            no importer (report_load: %.100s...)\n\n", res.why);
			continue;
		}
		t_py = python_run(argv[1], path);
		printf("  occview import     %8.2f s  %7.1f MB/s  %zu records\n", t_occ, mb / t_occ,
		       res.records);
		if (t_py > 0)
			printf("  Python DictReader  %8.2f s  %7.1f MB/s\n", t_py, mb / t_py);
		else
			printf("  Python DictReader  failed\n");
		printf("  occview peak memory %7.1f MB (%.0f bytes per record)\n",
		       (double)(rss - base) / 1e6, (double)(rss - base) / (double)res.records);
		printf("  ratios: occview/libcsv throughput %.2f (target >= 0.7), "
		       "occview/Python speed %.1f (target >= 5), memory/file size %.2f (target <= 0.5)\n\n",
		       t_csv / t_occ, t_py > 0 ? t_py / t_occ : 0.0,
		       (double)(rss - base) / (double)st.st_size);
	}
	return 0;
}
