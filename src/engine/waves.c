/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* waves.c - waves, tail effect and predicted achieved occupancy under uniform
 * block durations. With equal durations blocks run in lock-step waves: every
 * unit takes its block slots (sched.h) per wave, and the last wave's blocks
 * are dealt round-robin over the units with room. */
#include "config.h"

#include "waves.h"

int64_t waves_count(int blocks_per_sm, int sm_count, int64_t grid_size)
{
	struct sched s;

	sched_plain(&s, sm_count, blocks_per_sm);
	return sched_waves(&s, grid_size);
}

void waves_sm_share(int blocks_per_sm, int sm_count, int64_t grid_size, int sm, int64_t *blocks,
		    int64_t *busy_waves)
{
	struct sched s;

	sched_plain(&s, sm_count, blocks_per_sm);
	sched_unit_share(&s, grid_size, sm, blocks, busy_waves);
}

/* Unit u's warp-time (warps x block durations) and active time (durations).
 * Both are whole numbers, exact in a double: the simulation (sim.c) adds up
 * the same numbers block by block and gets these to the last bit. */
static void unit_times(const struct occ_result *r, const struct sched *s, int64_t grid_size,
		       int u, double *warp_time, double *active_time)
{
	int64_t blocks, busy;

	sched_unit_share(s, grid_size, u, &blocks, &busy);
	*active_time = (double)busy;
	*warp_time = (double)blocks * r->warps_per_block;
}

static bool runs(const struct occ_result *r, const struct sched *s, int64_t grid_size)
{
	return r->active_blocks_per_sm > 0 && s->units > 0 && s->per_wave > 0 && grid_size > 0;
}

double waves_unit_occupancy_pct(const struct occ_result *r, const struct sched *s,
				int64_t grid_size, int u)
{
	double warp_time, active_time;

	if (!runs(r, s, grid_size) || u < 0 || u >= s->units)
		return 0.0;
	unit_times(r, s, grid_size, u, &warp_time, &active_time);
	return active_time > 0.0 ? 100.0 * warp_time / active_time / r->max_warps_per_sm : 0.0;
}

double waves_sm_occupancy_pct(const struct occ_result *r, int sm_count, int64_t grid_size, int sm)
{
	struct sched s;

	sched_plain(&s, sm_count, r->active_blocks_per_sm);
	return waves_unit_occupancy_pct(r, &s, grid_size, sm);
}

void waves_compute(const struct occ_result *r, int sm_count, int64_t grid_size, struct waves *w)
{
	struct sched s;

	sched_plain(&s, sm_count, r->active_blocks_per_sm);
	waves_compute_sched(r, &s, grid_size, w);
}

void waves_compute_sched(const struct occ_result *r, const struct sched *s, int64_t grid_size,
			 struct waves *w)
{
	double warp_total = 0.0, active_total = 0.0;
	int used = sched_units_used(s);

	*w = (struct waves){ 0 };
	w->units = s->units;
	w->blocks_per_wave_min = -1;
	w->waves_max = -1.0;
	if (!runs(r, s, grid_size))
		return;
	w->blocks_per_wave = s->per_wave;
	w->waves_per_sm = (double)grid_size / (double)w->blocks_per_wave;
	w->full_waves = grid_size / w->blocks_per_wave;
	w->partial_wave_blocks = grid_size % w->blocks_per_wave;
	w->bound = s->bound;
	w->blocks_per_wave_min = s->per_wave_min;
	if (s->per_wave_min > 0)
		w->waves_max = (double)grid_size / (double)s->per_wave_min;
	w->idle_units = s->units - used;
	/* Every wave lasts one block duration, the partial one included. */
	if (w->partial_wave_blocks > 0)
		w->tail_share_pct = 100.0 / (double)(w->full_waves + 1);
	w->active_sms = grid_size < used ? (int)grid_size : used;

	/* Achieved occupancy as the profiler averages it: warp-time over active
	 * time. Every block adds its warps once and every unit its busy waves,
	 * so the sums are grid x warps and the units used x full waves plus the
	 * units the partial wave reaches: whole numbers, which the per-unit sum
	 * gives to the last bit while they stay below 2^53 (a double's
	 * integers). Beyond that the per-unit sum, rounding as the simulation
	 * does, is kept. */
	if (grid_size < ((int64_t)1 << 53) / (r->warps_per_block > 0 ? r->warps_per_block : 1)) {
		int64_t partial_units = w->partial_wave_blocks < used ? w->partial_wave_blocks : used;

		warp_total = (double)(grid_size * r->warps_per_block);
		active_total = (double)(w->full_waves * used + partial_units);
	} else {
		for (int u = 0; u < s->units; u++) {
			double warp_time, active_time;
			unit_times(r, s, grid_size, u, &warp_time, &active_time);
			warp_total += warp_time;
			active_total += active_time;
		}
	}
	if (active_total > 0.0)
		w->predicted_achieved_pct = 100.0 * warp_total / active_total / r->max_warps_per_sm;
	/* Averaged over every unit the launch may use, as the tail-effect rule
	 * counts it. */
	if (w->partial_wave_blocks > 0)
		w->partial_wave_occupancy_pct = 100.0 * (double)w->partial_wave_blocks *
			r->warps_per_block / s->units / r->max_warps_per_sm;
}
