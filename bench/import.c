/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* import.c - what importing a large profiler report costs, as ratios measured
 * in one run: occview's report_load (every record kept) and report_stream
 * (records handed to a sink that counts them) against libcsv's bare parse of
 * the same file (empty callbacks, the floor for any CSV reader), against a
 * Python script reading it with csv.DictReader (bench/dictreader.py), and
 * occview's peak memory against the file's size.
 *
 * usage: bench/import [--smoke] DICTREADER.py|- FILE...   (files from bench/gen_ncu.py;
 *        - skips the Python run, minutes on a large file)
 *
 * Memory: the import runs in a forked child; its ru_maxrss (from wait4) less
 * that of a child that does nothing is what the import held at its peak. A
 * stream's should not grow with the file: it holds the records not yet
 * settled (REPORT_PENDING_MAX at most) and the read window. */
/* wait4() is BSD, not POSIX. */
#define _DEFAULT_SOURCE 1
#include "config.h"

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

#include "floor.h"
#include "report.h"

enum { ROUNDS = 3 };
/* --smoke (make check): one round, to show the program still builds and runs
 * and prints its rows. */
static int rounds = ROUNDS;

struct child_result {
	double seconds;   /* the import's time, < 0 when it failed */
	size_t records;
	char why[200];
};

enum import_mode { IDLE, LOAD, STREAM };

static bool count_record(void *ctx, const struct report *r, struct report_record *rec)
{
	(void)r;
	(void)rec;
	++*(size_t *)ctx;
	return true;
}

/* report_load, or report_stream with a sink that counts the records. */
static bool import(const char *path, enum import_mode mode, struct child_result *res,
		   struct occ_error *err)
{
	struct report_sink sink = { count_record, &res->records };
	struct report r;
	FILE *f;
	bool ok;

	if (mode == LOAD) {
		ok = report_load(path, &r, err);
		res->records = r.n;
	} else {
		if (!(f = fopen(path, "rb")))
			return false;
		ok = report_stream(path, f, NULL, 0, &sink, &r, err);
		fclose(f);
	}
	report_done(&r);
	return ok;
}

/* Runs an import (or nothing, for the baseline) in a forked child and
 * returns the child's peak RSS in bytes; the child writes what it measured
 * into *out through a pipe. */
static long child_run(const char *path, enum import_mode mode, struct child_result *out)
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
		if (mode != IDLE) {
			struct occ_error err = { 0 };
			double t0 = floor_now();

			if (import(path, mode, &res, &err)) {
				res.seconds = floor_now() - t0;
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

	if (strcmp(script, "-") == 0)
		return -1;
	snprintf(cmd, sizeof(cmd), "python3 '%s' '%s' >/dev/null", script, path);
	t0 = floor_now();
	rc = system(cmd);
	return rc == 0 ? floor_now() - t0 : -1;
}

static double min_d(double a, double b)
{
	return a < 0 ? b : b < 0 ? a : a < b ? a : b;
}

/* Best time and highest peak RSS of `rounds` runs of one import mode; false
 * (res->why says why) when it failed. */
static bool measure(const char *path, enum import_mode mode, double *t, long *rss,
		    struct child_result *res)
{
	*t = -1;
	*rss = 0;
	for (int k = 0; k < rounds; k++) {
		long m = child_run(path, mode, res);

		if (res->seconds < 0)
			return false;
		*t = min_d(*t, res->seconds);
		if (m > *rss)
			*rss = m;
	}
	return true;
}

int main(int argc, char **argv)
{
	struct child_result empty;
	long base;

	if (argc > 1 && strcmp(argv[1], "--smoke") == 0) {
		rounds = 1;
		argc--;
		argv++;
	}
	if (argc < 3) {
		fprintf(stderr, "usage: %s [--smoke] DICTREADER.py|- FILE...\n", argv[0]);
		return 2;
	}
	base = child_run(NULL, IDLE, &empty);
	printf("occview import against libcsv's bare parse, Python's csv.DictReader and the file size\n"
	       "(times: best of %d for libcsv and occview, one Python run; memory: peak RSS of a\n"
	       "forked child doing report_load or report_stream with a counting sink, less an\n"
	       "idle child's %.1f MB)\n\n",
	       rounds, (double)base / 1e6);
	for (int i = 2; i < argc; i++) {
		const char *path = argv[i];
		const char *base_name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
		struct child_result res, sres;
		struct stat st;
		double t_csv = -1, t_load, t_stream, t_py;
		long rss, srss;
		double mb;

		if (stat(path, &st) != 0) {
			printf("%s: %s\n\n", path, strerror(errno));
			continue;
		}
		mb = (double)st.st_size / 1e6;
		floor_warm(path);
		for (int k = 0; k < rounds; k++)
			t_csv = min_d(t_csv, floor_libcsv_parse(path, NULL));
		printf("%s: %.1f MB\n", base_name, mb);
		printf("  libcsv bare parse  %8.3f s  %7.1f MB/s\n", t_csv, mb / t_csv);
		if (!measure(path, LOAD, &t_load, &rss, &res)) {
			printf("  occview            no importer (report_load: %.100s...)\n\n", res.why);
			continue;
		}
		if (!measure(path, STREAM, &t_stream, &srss, &sres)) {
			printf("  occview            report_stream failed: %.100s...\n\n", sres.why);
			continue;
		}
		t_py = python_run(argv[1], path);
		printf("  occview load       %8.3f s  %7.1f MB/s  %zu records\n", t_load,
		       mb / t_load, res.records);
		printf("  occview stream     %8.3f s  %7.1f MB/s  %zu records\n", t_stream,
		       mb / t_stream, sres.records);
		if (t_py > 0)
			printf("  Python DictReader  %8.3f s  %7.1f MB/s\n", t_py, mb / t_py);
		else
			printf("  Python DictReader  not run\n");
		printf("  occview peak memory: load %7.1f MB (%.0f bytes per record), "
		       "stream %5.1f MB\n",
		       (double)(rss - base) / 1e6, (double)(rss - base) / (double)res.records,
		       (double)(srss - base) / 1e6);
		printf("  ratios: occview/libcsv throughput load %.2f, stream %.2f (target >= 1); "
		       "occview/Python speed %.1f (target >= 5);\n"
		       "          memory/file size load %.2f (target <= 0.5), stream %.1f MiB "
		       "(target < 32 MiB)\n\n",
		       t_csv / t_load, t_csv / t_stream, t_py > 0 ? t_py / t_load : 0.0,
		       (double)(rss - base) / (double)st.st_size,
		       (double)(srss - base) / (1024.0 * 1024.0));
	}
	return 0;
}
