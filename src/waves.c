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

double waves_sm_occupancy_pct(const struct occ_result *r, int sm_count, int64_t grid_size, int sm)
{
	int64_t per_wave, full, partial, p;
	double warp_time, active_time;

	if (r->active_blocks_per_sm <= 0 || sm_count <= 0 || grid_size <= 0)
		return 0.0;
	per_wave = (int64_t)r->active_blocks_per_sm * sm_count;
	full = grid_size / per_wave;
	partial = grid_size % per_wave;
	p = partial_blocks_on(partial, sm_count, sm);
	active_time = (double)full + (p > 0 ? 1.0 : 0.0);
	if (active_time == 0.0)
		return 0.0;
	warp_time = ((double)full * r->active_blocks_per_sm + (double)p) * r->warps_per_block;
	return 100.0 * warp_time / active_time / r->max_warps_per_sm;
}

void waves_compute(const struct occ_result *r, int sm_count, int64_t grid_size, struct waves *w)
{
	double warp_time = 0.0, active_time = 0.0;
	int64_t lo, hi, n_hi;

	*w = (struct waves){ 0 };
	if (r->active_blocks_per_sm <= 0 || sm_count <= 0 || grid_size <= 0)
		return;
	w->blocks_per_wave = (int64_t)r->active_blocks_per_sm * sm_count;
	w->waves_per_sm = (double)grid_size / (double)w->blocks_per_wave;
	w->full_waves = grid_size / w->blocks_per_wave;
	w->partial_wave_blocks = grid_size % w->blocks_per_wave;
	/* Every wave lasts one block duration, the partial one included. */
	if (w->partial_wave_blocks > 0)
		w->tail_share_pct = 100.0 / (double)(w->full_waves + 1);
	w->active_sms = grid_size < sm_count ? (int)grid_size : sm_count;

	/* The partial wave gives `lo` blocks to some SMs and `lo + 1` to the rest. */
	lo = w->partial_wave_blocks / sm_count;
	n_hi = w->partial_wave_blocks % sm_count;
	hi = lo + 1;
	for (int pass = 0; pass < 2; pass++) {
		int64_t blocks = pass ? hi : lo;
		int64_t sms = pass ? n_hi : sm_count - n_hi;
		double t = (double)w->full_waves + (blocks > 0 ? 1.0 : 0.0);
		if (sms <= 0 || t == 0.0)
			continue;
		warp_time += (double)sms * ((double)w->full_waves * r->active_blocks_per_sm + (double)blocks)
			* r->warps_per_block;
		active_time += (double)sms * t;
	}
	if (active_time > 0.0)
		w->predicted_achieved_pct = 100.0 * warp_time / active_time / r->max_warps_per_sm;
	/* Averaged over every SM of the GPU, as the tail-effect rule counts it. */
	if (w->partial_wave_blocks > 0)
		w->partial_wave_occupancy_pct = 100.0 * (double)w->partial_wave_blocks *
			r->warps_per_block / sm_count / r->max_warps_per_sm;
}
