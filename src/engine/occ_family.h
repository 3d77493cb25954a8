/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* occ_family.h - what the families' occupancy files share (occupancy.c for
 * NVIDIA, occ_amd.c for AMD and TeraScale): a resource's utilization, two
 * briefs compared, a series walked in runs. Inline, so that neither file
 * calls the other; no other file includes it. */
#ifndef OCC_FAMILY_H
#define OCC_FAMILY_H

#include <stdbool.h>
#include <stdint.h>

#include "occupancy.h"

/* Nsight Compute's utilization of one resource (struct occ_usage). */
static inline void occ_usage_fill(struct occ_usage *u, int64_t total, int64_t per_block, int limit, int active)
{
	u->total = total;
	u->per_block = per_block;
	if (per_block <= 0 || limit == OCC_UNLIMITED) {
		u->used = 0;
		u->idle = 0;
	} else {
		u->used = (int64_t)active * per_block;
		u->idle = (int64_t)(limit - active) * per_block;
	}
	u->leftover = total - u->used - u->idle;
}

static inline bool occ_brief_same(const struct occ_brief *x, const struct occ_brief *y)
{
	return x->active_blocks_per_sm == y->active_blocks_per_sm &&
	       x->active_warps_per_sm == y->active_warps_per_sm &&
	       x->waves_per_simd == y->waves_per_simd && x->limiting == y->limiting;
}

/* Walks series s (occ_sweep's contract) with a family's vary_at, one
 * evaluation a step of the curve: inlined into each family's sweep, so that
 * `at` is a direct call. */
static inline int occ_runs_of(const struct occ_vary *v,
			  void (*at)(const struct occ_vary *, int64_t, struct occ_brief *, int64_t *),
			  const struct occ_series *s, struct occ_run *out, int max)
{
	int64_t k = 0, last = s->first + (s->n - 1) * s->step;
	int n = 0;

	while (k < s->n && n < max) {
		struct occ_brief b;
		int64_t to, end;

		at(v, s->first + k * s->step, &b, &to);
		end = to >= last ? s->n - 1 : (to - s->first) / s->step;
		if (end < k)
			end = k;
		if (n > 0 && occ_brief_same(&out[n - 1].b, &b))
			out[n - 1].to = end;
		else
			out[n++] = (struct occ_run){ end, b };
		k = end + 1;
	}
	return n;
}

#endif
