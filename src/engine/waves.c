/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* waves.c - waves, tail effect and predicted achieved occupancy under uniform
 * block durations. With equal durations blocks run in lock-step waves: every SM
 * takes `active blocks` per wave, and the last wave's blocks are spread evenly. */
#include "config.h"

#include "waves.h"

/* Blocks SM `sm` runs in the partial wave: the remainder dealt round-robin. */
static int64_t partial_blocks_on(int64_t partial, int sm_count, int sm)
{
	return partial / sm_count + (sm < partial % sm_count ? 1 : 0);
}

int64_t waves_count(int blocks_per_sm, int sm_count, int64_t grid_size)
{
	int64_t per_wave = (int64_t)blocks_per_sm * sm_count;
	return grid_size / per_wave + (grid_size % per_wave > 0 ? 1 : 0);
}

void waves_sm_share(int blocks_per_sm, int sm_count, int64_t grid_size, int sm, int64_t *blocks,
		    int64_t *busy_waves)
{
	int64_t per_wave = (int64_t)blocks_per_sm * sm_count;
	int64_t full = grid_size / per_wave;
	int64_t p = partial_blocks_on(grid_size % per_wave, sm_count, sm);

	*blocks = full * blocks_per_sm + p;
	*busy_waves = full + (p > 0 ? 1 : 0);
}

int64_t waves_blocks_in_wave(int blocks_per_sm, int sm_count, int64_t grid_size, int sm,
			     int64_t wave)
{
	int64_t per_wave = (int64_t)blocks_per_sm * sm_count;

	if (wave < 0 || wave >= waves_count(blocks_per_sm, sm_count, grid_size))
		return 0;
	if (wave < grid_size / per_wave)
		return blocks_per_sm;
	return partial_blocks_on(grid_size % per_wave, sm_count, sm);
}

/* SM `sm`'s warp-time (warps x block durations) and active time (durations).
 * Both are whole numbers, exact in a double: the simulation (sim.c) adds up
 * the same numbers block by block and gets these to the last bit. */
static void sm_times(const struct occ_result *r, int sm_count, int64_t grid_size, int sm,
		     double *warp_time, double *active_time)
{
	int64_t blocks, busy;

	waves_sm_share(r->active_blocks_per_sm, sm_count, grid_size, sm, &blocks, &busy);
	*active_time = (double)busy;
	*warp_time = (double)blocks * r->warps_per_block;
}

static bool runs(const struct occ_result *r, int sm_count, int64_t grid_size)
{
	return r->active_blocks_per_sm > 0 && sm_count > 0 && grid_size > 0;
}

double waves_sm_occupancy_pct(const struct occ_result *r, int sm_count, int64_t grid_size, int sm)
{
	double warp_time, active_time;

	if (!runs(r, sm_count, grid_size) || sm < 0 || sm >= sm_count)
		return 0.0;
	sm_times(r, sm_count, grid_size, sm, &warp_time, &active_time);
	return active_time > 0.0 ? 100.0 * warp_time / active_time / r->max_warps_per_sm : 0.0;
}

void waves_compute(const struct occ_result *r, int sm_count, int64_t grid_size, struct waves *w)
{
	double warp_total = 0.0, active_total = 0.0;

	*w = (struct waves){ 0 };
	if (!runs(r, sm_count, grid_size))
		return;
	w->blocks_per_wave = (int64_t)r->active_blocks_per_sm * sm_count;
	w->waves_per_sm = (double)grid_size / (double)w->blocks_per_wave;
	w->full_waves = grid_size / w->blocks_per_wave;
	w->partial_wave_blocks = grid_size % w->blocks_per_wave;
	/* Every wave lasts one block duration, the partial one included. */
	if (w->partial_wave_blocks > 0)
		w->tail_share_pct = 100.0 / (double)(w->full_waves + 1);
	w->active_sms = grid_size < sm_count ? (int)grid_size : sm_count;

	/* Achieved occupancy as the profiler averages it: warp-time over active
	 * time. Every block adds its warps once and every SM its busy waves, so
	 * the sums are grid x warps and SMs x full waves plus the SMs the
	 * partial wave reaches: whole numbers, which the per-SM sum gives to the
	 * last bit while they stay below 2^53 (a double's integers). Beyond
	 * that the per-SM sum, rounding as the simulation does, is kept. */
	if (grid_size < ((int64_t)1 << 53) / (r->warps_per_block > 0 ? r->warps_per_block : 1)) {
		int64_t partial_sms = w->partial_wave_blocks < sm_count ? w->partial_wave_blocks : sm_count;

		warp_total = (double)(grid_size * r->warps_per_block);
		active_total = (double)(w->full_waves * sm_count + partial_sms);
	} else {
		for (int sm = 0; sm < sm_count; sm++) {
			double warp_time, active_time;
			sm_times(r, sm_count, grid_size, sm, &warp_time, &active_time);
			warp_total += warp_time;
			active_total += active_time;
		}
	}
	if (active_total > 0.0)
		w->predicted_achieved_pct = 100.0 * warp_total / active_total / r->max_warps_per_sm;
	/* Averaged over every SM of the GPU, as the tail-effect rule counts it. */
	if (w->partial_wave_blocks > 0)
		w->partial_wave_occupancy_pct = 100.0 * (double)w->partial_wave_blocks *
			r->warps_per_block / sm_count / r->max_warps_per_sm;
}
