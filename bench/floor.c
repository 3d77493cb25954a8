/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* floor.c - libcsv's bare parse of a file: the benches' floor (floor.h). */
#include "config.h"

#include "floor.h"

#include <csv.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { CHUNK = 1 << 20 };

double floor_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void on_field(void *data, size_t len, void *ctx)
{
	(void)data;
	(void)len;
	((struct floor_counts *)ctx)->fields++;
}

static void on_row(int term, void *ctx)
{
	(void)term;
	((struct floor_counts *)ctx)->rows++;
}

double floor_libcsv_parse(const char *path, struct floor_counts *c)
{
	struct floor_counts mine;
	struct csv_parser p;
	char *buf = malloc(CHUNK);
	FILE *f = fopen(path, "rb");
	double t0 = floor_now(), t = -1;
	size_t got;
	bool ok = true;

	if (!c)
		c = &mine;
	memset(c, 0, sizeof(*c));
	if (buf && f && csv_init(&p, 0) == 0) {
		while (ok && (got = fread(buf, 1, CHUNK, f)) > 0)
			ok = csv_parse(&p, buf, got, on_field, on_row, c) == got;
		ok = ok && !ferror(f) && csv_fini(&p, on_field, on_row, c) == 0;
		csv_free(&p);
		t = ok ? floor_now() - t0 : -1;
	}
	if (f)
		fclose(f);
	free(buf);
	return t;
}

void floor_warm(const char *path)
{
	char *buf = malloc(CHUNK);
	FILE *f = fopen(path, "rb");

	if (buf && f)
		while (fread(buf, 1, CHUNK, f) > 0)
			;
	if (f)
		fclose(f);
	free(buf);
}
