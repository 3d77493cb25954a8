/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* cluster.c - thread-block clusters: max active clusters and cluster
 * occupancy over the GPC layouts a device may have. */
#include "config.h"

#include "cluster.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
	cluster_compute_units(gpu, gpu->sm_count, blocks_per_sm, cluster_size, r);
}

void cluster_compute_units(const struct gpu *gpu, int units, int blocks_per_sm, int cluster_size,
			   struct cluster_result *r)
{
	if (!cluster_supported(&gpu->arch)) {
		memset(r, 0, sizeof(*r));
		return;
	}
	cluster_compute(gpu->has_gpcs ? &gpu->gpcs : NULL, units, blocks_per_sm, cluster_size, r);
	/* fits() caps at the largest size: the part's own, where it is less */
	if (r->max_size_nonportable_min > cluster_max_size(&gpu->arch))
		r->max_size_nonportable_min = cluster_max_size(&gpu->arch);
	if (r->max_size_nonportable_max > cluster_max_size(&gpu->arch))
		r->max_size_nonportable_max = cluster_max_size(&gpu->arch);
}

bool cluster_sweep(const struct gpu *gpu, const struct occ_result *r, int current,
		   struct sweep *out)
{
	const struct gpc_layout *g = gpu->has_gpcs ? &gpu->gpcs : NULL;
	int n = cluster_max_size(&gpu->arch);
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

		cluster_compute(g, gpu->sm_count, r->active_blocks_per_sm, c, &cl);
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
