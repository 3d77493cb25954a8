/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* sim_play.c - the animation's frames, recorded from one pass of the event
 * simulation: each block, as it starts, adds its warps to the frames whose
 * time falls in its run. */
#include "config.h"

#include "sim_play.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct sim_play {
	struct sim_params p;
	int n, n_sm;
	double *times;           /* n, ascending */
	double *warps;           /* n x n_sm: frame k's at warps + k * n_sm */
	int first_open;          /* the first frame whose time no block start has passed */
	struct sim_job *job;     /* NULL once every frame is recorded */
};

/* Block starts come in time order, so the frames a block can reach begin
 * at a cursor that only moves on. A block counts in a frame where it starts
 * at or before the frame's time and ends after it, as sim_snapshot_warps
 * counts it, and adds what it does in the same order: the same sums. */
static void block_starts(void *ctx, int unit, int64_t block, double start, double d)
{
	struct sim_play *pl = ctx;

	while (pl->first_open < pl->n && pl->times[pl->first_open] < start)
		pl->first_open++;
	for (int k = pl->first_open; k < pl->n && pl->times[k] < start + d; k++)
		pl->warps[(size_t)k * pl->n_sm + unit] +=
			sim_block_warps_at(&pl->p, block, d, pl->times[k] - start);
}

void sim_play_free(struct sim_play *pl)
{
	if (!pl)
		return;
	sim_job_cancel(pl->job);
	free(pl->times);
	free(pl->warps);
	free(pl);
}

struct sim_play *sim_play_start(const struct sim_params *p, const double *times, int n)
{
	struct sim_play *pl;

	if (n < 1 || p->sm_count <= 0)
		return NULL;
	for (int k = 0; k < n; k++)
		if (isnan(times[k]) || (k > 0 && times[k] < times[k - 1]))
			return NULL;
	if (!(pl = calloc(1, sizeof(*pl))))
		return NULL;
	pl->p = *p;
	pl->n = n;
	pl->n_sm = p->sm_count;
	pl->times = malloc((size_t)n * sizeof(*pl->times));
	pl->warps = calloc((size_t)n * (size_t)pl->n_sm, sizeof(*pl->warps));
	if (!pl->times || !pl->warps) {
		sim_play_free(pl);
		return NULL;
	}
	memcpy(pl->times, times, (size_t)n * sizeof(*times));
	if (!sim_durations_vary(p)) {
		/* lock-step waves: each frame in O(units), no pass needed */
		for (int k = 0; k < n; k++)
			if (!sim_snapshot_warps(p, times[k], pl->warps + (size_t)k * pl->n_sm)) {
				sim_play_free(pl);
				return NULL;
			}
		return pl;
	}
	/* the watch job keeps its own copy of the parameters; block_starts reads pl's */
	if (!(pl->job = sim_watch_job_start(&pl->p, block_starts, pl))) {
		sim_play_free(pl);
		return NULL;
	}
	return pl;
}

bool sim_play_step(struct sim_play *pl, int64_t work)
{
	if (pl->job && sim_job_step(pl->job, work)) {
		sim_job_cancel(pl->job);
		pl->job = NULL;
	}
	return !pl->job;
}

const double *sim_play_frame(const struct sim_play *pl, int k)
{
	if (k < 0 || k >= pl->n)
		return NULL;
	/* a frame at or past the horizon may still gain a block */
	if (pl->job && !(pl->times[k] < sim_job_horizon(pl->job)))
		return NULL;
	return pl->warps + (size_t)k * pl->n_sm;
}

bool sim_play_recorded(const struct sim_play *pl)
{
	return !pl->job;
}

double sim_play_progress(const struct sim_play *pl)
{
	return pl->job ? sim_job_progress(pl->job) : 1.0;
}
