/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* replay.c - runs a libFuzzer harness without libFuzzer: every file under
 * the folders or files given (default: REPLAY_SEEDS under $srcdir, the
 * harness's seeds) goes through
 * LLVMFuzzerTestOneInput once, so make check builds every harness and runs
 * it over its seeds (under ASan and UBSan with --enable-sanitizers) and a
 * harness that no longer compiles or crashes on a seed fails the suite. */
#include "config.h"

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* libFuzzer's -max_len for the largest seed run.sh gives (the ncu raw pages). */
enum { REPLAY_MAX_LEN = 262144 };

static long replayed;

static void replay_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf;
	size_t n;

	if (!f)
		return;
	buf = malloc(REPLAY_MAX_LEN);
	if (!buf) {
		fclose(f);
		abort();
	}
	n = fread(buf, 1, REPLAY_MAX_LEN, f);
	fclose(f);
	LLVMFuzzerTestOneInput(buf, n);
	free(buf);
	replayed++;
}

static void replay(const char *path, int depth)
{
	struct stat st;
	DIR *d;
	struct dirent *de;

	if (stat(path, &st) != 0)
		return;
	if (S_ISREG(st.st_mode)) {
		replay_file(path);
		return;
	}
	if (!S_ISDIR(st.st_mode) || depth > 4 || !(d = opendir(path)))
		return;
	while ((de = readdir(d))) {
		char child[4096];

		if (de->d_name[0] == '.')
			continue;
		/* the goldens are screens, not inputs */
		if (strcmp(de->d_name, "golden") == 0)
			continue;
		snprintf(child, sizeof(child), "%s/%s", path, de->d_name);
		replay(child, depth + 1);
	}
	closedir(d);
}

#ifndef REPLAY_SEEDS
#define REPLAY_SEEDS "tests/data"
#endif

int main(int argc, char **argv)
{
	const char *top = getenv("srcdir");
	char seeds[4096];

	if (argc > 1) {
		for (int i = 1; i < argc; i++)
			replay(argv[i], 0);
	} else {
		snprintf(seeds, sizeof(seeds), "%s/%s", top ? top : ".", REPLAY_SEEDS);
		replay(seeds, 0);
	}
	printf("%s: %ld inputs replayed\n", argv[0], replayed);
	if (replayed == 0) {
		fprintf(stderr, "%s: no input in %s\n", argv[0], argc > 1 ? argv[1] : seeds);
		return 1;
	}
	return 0;
}
