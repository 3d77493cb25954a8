/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* rocprofv3_agent_info.c - the XCD count of rocprofv3's agent_info.csv
 * beside a kernel trace or counter collection. */
#include "config.h"

#include "rocprofv3_agent_info.h"

#include <stdlib.h>
#include <string.h>

#include "csvread.h"
#include "error.h"
#include "readfile.h"

/* One row per CPU and GPU agent of the node: a few kilobytes. */
#define AGENT_INFO_MAX_BYTES (1 << 20)

/* rocprofv3's CSV outputs that share a prefix with agent_info.csv. */
static const char *const endings[] = { "kernel_trace.csv", "counter_collection.csv",
				       "kernel_stats.csv" };

/* path gets report_path with its ending replaced by agent_info.csv. */
static bool agent_path(const char *report_path, char *path, size_t size)
{
	size_t n = strlen(report_path);

	for (size_t i = 0; i < sizeof(endings) / sizeof(endings[0]); i++) {
		size_t e = strlen(endings[i]);

		if (n < e || strcmp(report_path + n - e, endings[i]) != 0)
			continue;
		if (n - e + sizeof("agent_info.csv") > size)
			return false;
		memcpy(path, report_path, n - e);
		memcpy(path + n - e, "agent_info.csv", sizeof("agent_info.csv"));
		return true;
	}
	return false;
}

/* The count in field v, 1 to 64; 0 where it is none. */
static int64_t xcc_count(const char *v)
{
	char *end;
	long long n = strtoll(v, &end, 10);

	return *v && *end == '\0' && n >= 1 && n <= 64 ? n : 0;
}

bool rocprofv3_agent_xcds(const char *report_path, int64_t *xcds)
{
	struct occ_error err = { 0 };
	struct csv_rows rows = { 0 };
	char path[4096];
	char *text;
	size_t len = 0;
	int64_t found = 0;
	bool ok = false;

	if (!report_path || strcmp(report_path, "-") == 0 ||
	    !agent_path(report_path, path, sizeof(path)))
		return false;
	text = str_read_file(path, AGENT_INFO_MAX_BYTES, &len, &err);
	if (!text)
		return false;
	if (csvread_parse(path, text, len, &rows, &err) && rows.n >= 2) {
		int type = csvread_column(&rows.rows[0], "Agent_Type");
		int xcc = csvread_column(&rows.rows[0], "Num_Xcc");

		ok = type >= 0 && xcc >= 0;
		for (size_t r = 1; ok && r < rows.n; r++) {
			int64_t n;

			if (strcmp(csvread_field(&rows.rows[r], type), "GPU") != 0)
				continue;
			n = xcc_count(csvread_field(&rows.rows[r], xcc));
			ok = n > 0 && (found == 0 || n == found);
			found = n;
		}
		ok = ok && found > 0;
	}
	if (ok)
		*xcds = found;
	csvread_free(&rows);
	free(text);
	return ok;
}
