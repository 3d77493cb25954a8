/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* gpc_rows.c - one row of a GPC table (data/gpcs.csv, or a user's file with its header) read into a gpc_layout, an error naming the file, line and column. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "csvread.h"
#include "gpu_rows.h"
#include "strutil.h"

/* "8" or "7-8". */
static bool read_range(const char *s, int *lo, int *hi)
{
	char *end;
	long a = strtol(s, &end, 10), b = a;

	if (end == s)
		return false;
	if (*end == '-')
		b = strtol(end + 1, &end, 10);
	if (*end || a < 1 || b < a || b > CLUSTER_MAX_GPCS)
		return false;
	*lo = (int)a;
	*hi = (int)b;
	return true;
}

/* "18;18;16": the SMs of each GPC; empty where not measured. */
static bool read_exact(const char *s, struct gpc_layout *g)
{
	g->n_exact = 0;
	while (*s) {
		char *end;
		long v = strtol(s, &end, 10);

		if (end == s || v < 1 || g->n_exact == CLUSTER_MAX_GPCS)
			return false;
		g->exact[g->n_exact++] = (int)v;
		s = *end == ';' ? end + 1 : end;
		if (*end && *end != ';')
			return false;
	}
	return true;
}

bool gpc_row_read(const struct csv_cell *c, struct gpc_layout *g)
{
	int64_t sms, per_gpc, per_tpc;

	memset(g, 0, sizeof(*g));
	if (!csvread_text(c, "name", g->name, sizeof(g->name), true) ||
	    !csvread_int(c, "sm_count", 1, 100000, false, &sms) ||
	    !csvread_int(c, "sms_per_gpc_max", 1, 1000, false, &per_gpc) ||
	    !csvread_int(c, "sms_per_tpc", 1, 1000, false, &per_tpc))
		return false;
	g->sm_count = (int)sms;
	g->sms_per_gpc_max = (int)per_gpc;
	g->sms_per_tpc = (int)per_tpc;
	if (!read_range(csvread_named(c, "gpcs"), &g->gpcs_min, &g->gpcs_max)) {
		occ_error_set(c->err, OCC_EDATA, c->file, c->row->line, "gpcs",
			      "expected GPCs as N or LO-HI, from 1 to %d, got \"%.40s\"",
			      CLUSTER_MAX_GPCS, csvread_named(c, "gpcs"));
		return false;
	}
	if (!read_exact(csvread_named(c, "sms_per_gpc"), g)) {
		occ_error_set(c->err, OCC_EDATA, c->file, c->row->line, "sms_per_gpc",
			      "expected the SMs of each GPC as N;N;..., at most %d, got \"%.40s\"",
			      CLUSTER_MAX_GPCS, csvread_named(c, "sms_per_gpc"));
		return false;
	}
	/* the provenance is for people: a long one is cut, not refused */
	str_copy(g->provenance, sizeof(g->provenance), csvread_named(c, "provenance"));
	return true;
}
