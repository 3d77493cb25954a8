/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* sim_play.h - the animation's frames: active warps on every unit at each of
 * a run's frame times, recorded in one pass of the event simulation, in
 * slices (a watch job, sim.h), so that a frame or a step either way is a
 * lookup where sim_snapshot_warps would simulate up to its time again. */
#ifndef OCC_SIM_PLAY_H
#define OCC_SIM_PLAY_H

#include <stdbool.h>
#include <stdint.h>

#include "sim.h"

struct sim_play;

/* Frames of p at times[0 .. n - 1] (ascending, not NaN). Where every block
 * lasts 1.0 they are all recorded at once (the waves' closed form);
 * otherwise sim_play_step records them, in time order. NULL when p cannot
 * run, n < 1, the times are not ascending, or for want of memory. */
struct sim_play *sim_play_start(const struct sim_params *p, const double *times, int n);
/* Runs the recording for about `work` (as sim_job_step); true when every
 * frame is recorded. */
bool sim_play_step(struct sim_play *pl, int64_t work);
/* Frame k's active warps per unit (sm_count of them), exactly what
 * sim_snapshot_warps gives at times[k]; NULL until it is recorded. */
const double *sim_play_frame(const struct sim_play *pl, int k);
/* Every frame is recorded. */
bool sim_play_recorded(const struct sim_play *pl);
/* Share of the recording done, 0 to 1. */
double sim_play_progress(const struct sim_play *pl);
/* Frees pl and its recording under way; NULL is fine. */
void sim_play_free(struct sim_play *pl);

#endif
