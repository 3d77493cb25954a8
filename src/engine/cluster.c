/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* cluster.c - thread-block clusters: max active clusters and cluster
 * occupancy over the GPC layouts a device may have. */
#include "config.h"

#include "cluster.h"
#include "csvread.h"
#include "strutil.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const char gpu_data_gpcs_csv[];

enum { GPC_COLS = 7 };

bool cluster_supported(const struct gpu_arch *arch)
{
	return arch->vendor == GPU_NVIDIA && arch->cc_major >= 9;
}

void cluster_refusal(const struct gpu_arch *arch, char *buf, size_t size)
{
	char cc[16];

	gpu_arch_cc_string(arch, cc, sizeof(cc));
	snprintf(buf, size, "%s (cc %s) has no thread-block clusters; they start with Hopper (cc 9.0)",
		 arch->family, cc);
}

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

/* "18;18;16": the SMs of each GPC. */
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

/* One row of gpcs.csv, its columns c (name, sm_count, gpcs, sms_per_gpc_max,
 * sms_per_tpc, sms_per_gpc, provenance); false when a value is not one. */
static bool read_row(const struct csv_row *row, const int c[GPC_COLS], struct gpc_layout *g)
{
	char *end;

	memset(g, 0, sizeof(*g));
	str_copy(g->name, sizeof(g->name), csvread_field(row, c[0]));
	g->sm_count = (int)strtol(csvread_field(row, c[1]), &end, 10);
	g->sms_per_gpc_max = atoi(csvread_field(row, c[3]));
	g->sms_per_tpc = atoi(csvread_field(row, c[4]));
	str_copy(g->provenance, sizeof(g->provenance), csvread_field(row, c[6]));
	return g->name[0] && g->sm_count > 0 &&
	       read_range(csvread_field(row, c[2]), &g->gpcs_min, &g->gpcs_max) &&
	       g->sms_per_gpc_max > 0 && g->sms_per_tpc > 0 &&
	       read_exact(csvread_field(row, c[5]), g);
}

/* The built-in table, read once (csvread, as every database file is). */
static struct gpc_layout *layouts;
static size_t n_layouts;

static void read_layouts(void)
{
	static const char *const names[GPC_COLS] = {
		"name", "sm_count", "gpcs", "sms_per_gpc_max", "sms_per_tpc", "sms_per_gpc",
		"provenance",
	};
	static bool read;
	struct occ_error err = { 0 };
	struct csv_rows rows;
	int c[GPC_COLS];

	if (read)
		return;
	read = true;
	if (!csvread_parse("built-in gpcs.csv", gpu_data_gpcs_csv, strlen(gpu_data_gpcs_csv), &rows,
			   &err))
		return;
	for (int i = 0; i < GPC_COLS; i++)
		c[i] = rows.n ? csvread_column(&rows.rows[0], names[i]) : -1;
	if (rows.n > 1 && (layouts = calloc(rows.n - 1, sizeof(*layouts))))
		for (size_t i = 1; i < rows.n; i++)
			if (read_row(&rows.rows[i], c, &layouts[n_layouts]))
				n_layouts++;
	csvread_free(&rows);
}

size_t gpc_layout_count(void)
{
	read_layouts();
	return n_layouts;
}

bool gpc_layout_find(const char *name, struct gpc_layout *out)
{
	read_layouts();
	for (size_t i = 0; i < n_layouts; i++)
		if (strcmp(layouts[i].name, name) == 0) {
			*out = layouts[i];
			return true;
		}
	return false;
}

/* Least and most of the sum over GPCs of floor(k * n / c), over every
 * layout of G GPCs (gmin <= G <= gmax) of whole TPCs, at most m SMs each,
 * summing to s: a dynamic programme over GPCs and SMs used so far. */
struct span { int64_t lo, hi; };

static bool layouts_span(int s, int gmin, int gmax, int m, int tpc, int k, int c, struct span *out)
{
	int cols = s + 1;
	struct span *cur = malloc(sizeof(*cur) * (size_t)cols);
	struct span *nxt = malloc(sizeof(*nxt) * (size_t)cols);
	bool found = false;

	if (!cur || !nxt) {
		free(cur);
		free(nxt);
		return false;
	}
	for (int i = 0; i < cols; i++)
		cur[i] = (struct span){ INT64_MAX, -1 };
	cur[0] = (struct span){ 0, 0 };
	out->lo = INT64_MAX;
	out->hi = -1;
	for (int g = 1; g <= gmax; g++) {
		for (int i = 0; i < cols; i++)
			nxt[i] = (struct span){ INT64_MAX, -1 };
		for (int used = 0; used < cols; used++) {
			if (cur[used].hi < 0)
				continue;
			for (int n = tpc; n <= m && used + n < cols; n += tpc) {
				int64_t f = (int64_t)k * n / c;
				struct span *t = &nxt[used + n];

				if (cur[used].lo + f < t->lo)
					t->lo = cur[used].lo + f;
				if (cur[used].hi + f > t->hi)
					t->hi = cur[used].hi + f;
			}
		}
		memcpy(cur, nxt, sizeof(*cur) * (size_t)cols);
		if (g >= gmin && cur[s].hi >= 0) {
			found = true;
			if (cur[s].lo < out->lo)
				out->lo = cur[s].lo;
			if (cur[s].hi > out->hi)
				out->hi = cur[s].hi;
		}
	}
	free(cur);
	free(nxt);
	return found;
}

static int min_int(int a, int b)
{
	return a < b ? a : b;
}

/* The largest cluster one GPC of n SMs holds at k blocks per SM, capped. */
static int fits(int k, int n, int cap)
{
	return (int)((int64_t)k * n < cap ? (int64_t)k * n : cap);
}

static void set_occupancy(struct cluster_result *r, int sm_count)
{
	double slots = (double)r->blocks_per_sm * sm_count;

	r->occupancy_pct_max = 100.0 * (double)r->max_active_max * r->cluster_size / slots;
	r->occupancy_pct_min = r->max_active_min < 0 ? -1.0 :
			       100.0 * (double)r->max_active_min * r->cluster_size / slots;
}

void cluster_compute(const struct gpc_layout *g, int sm_count, int blocks_per_sm,
		     int cluster_size, struct cluster_result *r)
{
	int k = blocks_per_sm, c = cluster_size;
	int largest_lo = sm_count, largest_hi = sm_count;
	struct span sp;

	memset(r, 0, sizeof(*r));
	r->applies = true;
	r->cluster_size = c;
	r->blocks_per_sm = k;
	r->bound = CLUSTER_UPPER;
	r->max_active_min = -1;
	r->occupancy_pct_min = -1.0;
	if (sm_count < 1 || k < 1) {
		r->bound = CLUSTER_EXACT;
		r->max_active_min = 0;
		r->occupancy_pct_min = 0;
		return;
	}
	if (g && g->n_exact > 0) {
		int total = 0, big = 0;

		for (int i = 0; i < g->n_exact; i++) {
			total += g->exact[i];
			big = g->exact[i] > big ? g->exact[i] : big;
		}
		if (total == sm_count) {
			int64_t n = 0;

			for (int i = 0; c > 0 && i < g->n_exact; i++)
				n += (int64_t)k * g->exact[i] / c;
			r->bound = CLUSTER_EXACT;
			r->max_active_min = r->max_active_max = n;
			r->gpcs_min = r->gpcs_max = g->n_exact;
			largest_lo = largest_hi = big;
			g = NULL;
		}
	}
	if (g) {
		/* The GPC count holds for the device's own SM count only. */
		int gmin = sm_count == g->sm_count ? g->gpcs_min : 1;
		int m = g->sms_per_gpc_max, t = g->sms_per_tpc;

		if (layouts_span(sm_count, gmin, g->gpcs_max, m, t, k, c > 0 ? c : 1, &sp)) {
			int per = (sm_count + g->gpcs_max - 1) / g->gpcs_max;

			r->bound = sp.lo == sp.hi ? CLUSTER_EXACT : CLUSTER_RANGE;
			r->max_active_min = c > 0 ? sp.lo : 0;
			r->max_active_max = c > 0 ? sp.hi : 0;
			r->gpcs_min = gmin;
			r->gpcs_max = g->gpcs_max;
			largest_lo = (per + t - 1) / t * t;
			largest_hi = min_int(m, sm_count - (gmin - 1) * t);
		}
	}
	if (r->bound == CLUSTER_UPPER)
		r->max_active_max = c > 0 ? (int64_t)k * sm_count / c : 0;
	r->max_size_portable = fits(k, largest_lo, CLUSTER_MAX_PORTABLE);
	r->max_size_nonportable_min = fits(k, largest_lo, CLUSTER_MAX_NONPORTABLE);
	r->max_size_nonportable_max = fits(k, largest_hi, CLUSTER_MAX_NONPORTABLE);
	if (c > 0)
		set_occupancy(r, sm_count);
}

void cluster_compute_gpu(const struct gpu *gpu, int blocks_per_sm, int cluster_size,
			 struct cluster_result *r)
{
	struct gpc_layout g;

	/* Every analysis comes here: the GPC table is read only where
	 * clusters exist. */
	if (!cluster_supported(&gpu->arch)) {
		memset(r, 0, sizeof(*r));
		return;
	}
	cluster_compute(gpc_layout_find(gpu->name, &g) ? &g : NULL, gpu->sm_count, blocks_per_sm,
			cluster_size, r);
}

bool cluster_sweep(const struct gpu *gpu, const struct occ_result *r, int current,
		   struct sweep *out)
{
	struct gpc_layout g;
	bool known = gpc_layout_find(gpu->name, &g);
	int n = CLUSTER_MAX_NONPORTABLE;
	int64_t all = (int64_t)r->active_blocks_per_sm * gpu->sm_count;

	*out = (struct sweep){ .kind = SWEEP_CLUSTER, .vendor = gpu->arch.vendor,
			       .max_warps = gpu->arch.max_warps_per_sm, .current_x = current,
			       .first_x = 1, .last_x = n, .non_increasing = true };
	out->points = calloc((size_t)n, sizeof(*out->points));
	if (!out->points)
		return false;
	out->n = (size_t)n;
	for (int c = 1; c <= n; c++) {
		struct sweep_point *p = &out->points[c - 1];
		struct cluster_result cl;
		int64_t blocks;

		cluster_compute(known ? &g : NULL, gpu->sm_count, r->active_blocks_per_sm, c, &cl);
		blocks = cl.max_active_max * c;
		p->x = c;
		p->active_blocks = gpu->sm_count > 0 ? (int)(blocks / gpu->sm_count) : 0;
		p->active_warps = gpu->sm_count > 0 ?
			(int)(blocks * r->warps_per_block / gpu->sm_count) : 0;
		p->limiting = r->limiting | (blocks < all ? 1u << OCC_N_FACTORS : 0);
		if (c > 1 && p->active_warps > p[-1].active_warps)
			out->non_increasing = false;
		if (sweep_point_capped(out, p))
			out->capped_limiting |= p->limiting;
		if (c == current) {
			out->current_warps = p->active_warps;
			out->current_limiting = p->limiting;
		}
	}
	return true;
}

const char *cluster_bound_word(enum cluster_bound b)
{
	return b == CLUSTER_EXACT ? "exact" : b == CLUSTER_RANGE ? "range" : "upper";
}

void cluster_active_text(const struct cluster_result *r, char *buf, size_t size)
{
	if (r->bound == CLUSTER_UPPER)
		snprintf(buf, size, "<=%lld", (long long)r->max_active_max);
	else if (r->max_active_min == r->max_active_max)
		snprintf(buf, size, "%lld", (long long)r->max_active_max);
	else
		snprintf(buf, size, "%lld-%lld", (long long)r->max_active_min,
			 (long long)r->max_active_max);
}
