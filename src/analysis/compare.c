/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* compare.c - two analyses set against each other (compare.h). */
#include "config.h"

#include "compare.h"

#include <string.h>

void compare_deltas(const struct analysis *a, const struct analysis *b, struct compare_delta *d)
{
	const struct report_num *ma = &a->report.achieved_occupancy_pct;
	const struct report_num *mb = &b->report.achieved_occupancy_pct;

	memset(d, 0, sizeof(*d));
	d->vendor = a->gpu.arch.vendor;
	/* Measured on each side, whether or not the launch could be analysed. */
	d->achieved = a->report.present && b->report.present && ma->present && mb->present;
	if (d->achieved)
		d->achieved_pct = mb->value - ma->value;
	if (!a->ok || !b->ok)
		return;
	d->ok = true;
	d->occupancy_pct = b->r.theoretical_occupancy_pct - a->r.theoretical_occupancy_pct;
	d->active_blocks_per_sm = b->r.active_blocks_per_sm - a->r.active_blocks_per_sm;
	d->active_warps_per_sm = b->r.active_warps_per_sm - a->r.active_warps_per_sm;
	for (int f = 0; f < OCC_N_FACTORS; f++) {
		d->limit_known[f] = a->r.block_limit[f] != OCC_UNLIMITED &&
				    b->r.block_limit[f] != OCC_UNLIMITED;
		if (d->limit_known[f])
			d->block_limit[f] = b->r.block_limit[f] - a->r.block_limit[f];
	}
	d->limiter_changed = a->r.limiting != b->r.limiting;
	d->waves_per_sm = b->w.waves_per_sm - a->w.waves_per_sm;
}
