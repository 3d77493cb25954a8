/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* binary.c - what reading a compiled binary costs, as ratios measured in one
 * run: occview's reader (report_binary_stream, records handed to a sink that
 * counts them) and the whole command `occview --print --format csv FILE`
 * against the floor, the same walk through the file decompressing every
 * cubin and reading none (import_binary_decompress: ZSTD_decompress or
 * LZ4_decompress_safe per entry); the command's peak memory against the
 * file's size. It also says how many containers, entries and kernels the
 * file holds.
 *
 * usage: bench/binary OCCVIEW FILE...   (e.g. ./occview
 *        /usr/local/cuda/lib64/libcublasLt.so.13) */
/* wait4() is BSD, not POSIX. */
#define _DEFAULT_SOURCE 1
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "floor.h"
#include "import_binary.h"
#include "report.h"

enum { ROUNDS = 3 };

/* CPU seconds (user and system) of a rusage: on a shared machine the wall
 * time swings with the other load, the CPU time much less. */
static double cpu_of(const struct rusage *ru)
{
	return ru->ru_utime.tv_sec + ru->ru_utime.tv_usec / 1e6 + ru->ru_stime.tv_sec +
	       ru->ru_stime.tv_usec / 1e6;
}

static double cpu_now(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return cpu_of(&ru);
}

static bool count_record(void *ctx, const struct report *r, struct report_record *rec)
{
	(void)r;
	(void)rec;
	++*(size_t *)ctx;
	return true;
}

/* Best of ROUNDS, wall seconds, and the CPU seconds of that round in
 * *cpu; < 0 on failure (said). */
static double best_read(const char *path, bool floor_only, struct import_binary_counts *c,
			double *cpu)
{
	double best = -1;

	for (int i = 0; i < ROUNDS; i++) {
		struct occ_error err = { 0 };
		struct report r;
		size_t n = 0;
		struct report_sink sink = { count_record, &n };
		double t0 = floor_now(), c0 = cpu_now(), t, ct;
		bool ok = floor_only ? import_binary_decompress(path, c, &err)
				     : report_binary_stream(path, &sink, &r, c, &err);

		t = floor_now() - t0;
		ct = cpu_now() - c0;
		if (!floor_only)
			report_done(&r);
		if (!ok) {
			fprintf(stderr, "bench/binary: %s: %s\n", path, err.message);
			return -1;
		}
		if (best < 0 || t < best) {
			best = t;
			*cpu = ct;
		}
	}
	return best;
}

/* The command as a child, its output to /dev/null: best wall time, and
 * its peak memory in KiB. */
static double best_command(const char *occview, const char *path, long *maxrss_kib,
			   double *cpu)
{
	double best = -1;

	*maxrss_kib = 0;
	for (int i = 0; i < ROUNDS; i++) {
		double t0 = floor_now();
		struct rusage ru;
		int status;
		pid_t pid = fork();

		if (pid == 0) {
			int null = open("/dev/null", O_WRONLY);

			dup2(null, 1);
			dup2(null, 2);
			execl(occview, occview, "--print", "--format", "csv", path, (char *)NULL);
			_exit(127);
		}
		if (pid < 0 || wait4(pid, &status, 0, &ru) != pid || !WIFEXITED(status) ||
		    WEXITSTATUS(status) != 0) {
			fprintf(stderr, "bench/binary: %s %s failed\n", occview, path);
			return -1;
		}
		if (best < 0 || floor_now() - t0 < best) {
			best = floor_now() - t0;
			*cpu = cpu_of(&ru);
		}
		if (ru.ru_maxrss > *maxrss_kib)
			*maxrss_kib = ru.ru_maxrss;
	}
	return best;
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: bench/binary OCCVIEW FILE...\n");
		return 2;
	}
	for (int i = 2; i < argc; i++) {
		struct import_binary_counts c = { 0 }, f = { 0 };
		struct stat st;
		double floor_s, read_s, cmd_s, floor_c = 0, read_c = 0, cmd_c = 0;
		long rss;

		if (stat(argv[i], &st) != 0) {
			fprintf(stderr, "bench/binary: %s: cannot stat\n", argv[i]);
			return 1;
		}
		floor_warm(argv[i]);
		floor_s = best_read(argv[i], true, &f, &floor_c);
		read_s = best_read(argv[i], false, &c, &read_c);
		cmd_s = best_command(argv[1], argv[i], &rss, &cmd_c);
		if (floor_s < 0 || read_s < 0 || cmd_s < 0)
			return 1;
		printf("%s: %.1f MB; %zu fatbin containers, %zu entries (%zu PTX), %zu cubins "
		       "(%zu compressed, %.1f MB decompressed), %zu kernels\n",
		       argv[i], st.st_size / 1e6, c.containers, c.entries, c.ptx_entries, c.cubins,
		       c.compressed, c.payload_bytes / 1e6, c.kernels);
		printf("  floor (decompress every cubin, read none): %.3f s wall, %.3f s CPU\n",
		       floor_s, floor_c);
		printf("  report_binary_stream:                       %.3f s wall (%.2fx the floor), "
		       "%.3f s CPU (%.2fx)\n", read_s, read_s / floor_s, read_c, read_c / floor_c);
		printf("  occview --print --format csv:               %.3f s wall (%.2fx the floor), "
		       "%.3f s CPU (%.2fx), peak %.1f MB (%.3f of the file)\n",
		       cmd_s, cmd_s / floor_s, cmd_c, cmd_c / floor_c, rss / 1024.0,
		       rss * 1024.0 / (double)st.st_size);
	}
	return 0;
}
