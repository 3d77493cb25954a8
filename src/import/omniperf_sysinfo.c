/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* omniperf_sysinfo.c - the XCD count of Omniperf's sysinfo.csv beside a
 * report (its header, as rocprofiler-compute 3 writes it: ...,
 * pipes_per_gpu,num_xcd,num_hbm_channels). */
#include "config.h"

#include "omniperf_sysinfo.h"

#include <stdlib.h>
#include <string.h>

#include "csvread.h"
#include "error.h"
#include "readfile.h"

/* sysinfo.csv is one header and one row: a few kilobytes. */
#define SYSINFO_MAX_BYTES (1 << 20)

bool omniperf_sysinfo_xcds(const char *report_path, int64_t *xcds)
{
	struct occ_error err = { 0 };
	struct csv_rows rows = { 0 };
	const char *slash;
	char path[4096];
	char *text;
	size_t len = 0, dir;
	bool ok = false;

	if (!report_path || strcmp(report_path, "-") == 0)
		return false;
	slash = strrchr(report_path, '/');
	dir = slash ? (size_t)(slash - report_path + 1) : 0;
	if (dir + sizeof("sysinfo.csv") > sizeof(path))
		return false;
	memcpy(path, report_path, dir);
	memcpy(path + dir, "sysinfo.csv", sizeof("sysinfo.csv"));
	text = str_read_file(path, SYSINFO_MAX_BYTES, &len, &err);
	if (!text)
		return false;
	if (csvread_parse(path, text, len, &rows, &err) && rows.n >= 2) {
		int col = csvread_column(&rows.rows[0], "num_xcd");
		const char *v = col >= 0 ? csvread_field(&rows.rows[1], col) : "";
		char *end;
		long long n = strtoll(v, &end, 10);

		if (col >= 0 && *v && *end == '\0' && n >= 1 && n <= 64) {
			*xcds = n;
			ok = true;
		}
	}
	csvread_free(&rows);
	free(text);
	return ok;
}
