/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* sim_model.c - the duration models: their names and words for the screen,
 * and how long their blocks last (sim_durations.h), apart from the
 * simulation that runs them (sim.c). */
#include "config.h"

#include "sim.h"
#include "sim_durations.h"

#include <math.h>
#include <stdio.h>

const char *sim_model_key(enum sim_model m)
{
	static const char *const keys[SIM_N_MODELS] = { "uniform", "slow-share", "cv",
							"warp-spread", "tail-kernel" };
	return (unsigned)m < SIM_N_MODELS ? keys[m] : "?";
}

void sim_model_describe(const struct sim_params *p, char *buf, size_t size)
{
	if (size == 0)
		return;
	switch (p->model) {
	case SIM_UNIFORM:
		snprintf(buf, size, "uniform durations");
		break;
	case SIM_SLOW_SHARE:
		snprintf(buf, size, "%g%% of blocks %gx slower", 100.0 * p->slow_share,
			 p->slow_factor);
		break;
	case SIM_CV:
		snprintf(buf, size, "durations vary (CV %.2f)", p->cv);
		break;
	case SIM_WARP_SPREAD:
		snprintf(buf, size, "warps of a block end spread over %g%%", 100.0 * p->warp_spread);
		break;
	case SIM_TAIL_KERNEL:
		if (p->tail_warps_per_block > 0)
			snprintf(buf, size, "tail kernel: %lld blocks x %d warps, %gx long",
				 (long long)p->tail_blocks, p->tail_warps_per_block, p->tail_duration);
		else
			snprintf(buf, size, "tail kernel: %lld blocks, %gx long",
				 (long long)p->tail_blocks, p->tail_duration);
		break;
	default:
		snprintf(buf, size, "unknown duration model");
		break;
	}
}

bool sim_model_ok(const struct sim_params *p)
{
	switch (p->model) {
	case SIM_UNIFORM:
		return true;
	case SIM_SLOW_SHARE:
		return p->slow_share >= 0.0 && p->slow_share <= 1.0 &&
		       p->slow_factor >= 1.0 && isfinite(p->slow_factor);
	case SIM_CV:
		return p->cv >= 0.0 && isfinite(p->cv);
	case SIM_WARP_SPREAD:
		return p->warp_spread >= 0.0 && p->warp_spread <= 1.0;
	case SIM_TAIL_KERNEL:
		return p->tail_blocks >= 0 && p->tail_warps_per_block >= 0 &&
		       p->tail_duration > 0.0 && isfinite(p->tail_duration);
	case SIM_N_MODELS:
		break;
	}
	return false;
}

void sim_durations_init(struct durations *d, const struct sim_params *p)
{
	*d = (struct durations){ .model = sim_model_ok(p) ? p->model : SIM_UNIFORM };
	d->seed_mix = splitmix64(p->seed);
	d->slow_share = p->slow_share;
	d->slow_factor = p->slow_factor;
	d->first_blocks = p->grid_size;
	d->tail_duration = p->tail_duration;
	d->tail_warps = p->tail_warps_per_block > 0 ? p->tail_warps_per_block : p->warps_per_block;
	/* Warp k of W lasts 1 - spread * k / (W - 1) of its block: their mean is
	 * 1 - spread / 2. */
	d->block_warp_time = d->model == SIM_WARP_SPREAD && p->warps_per_block > 1 ?
			     p->warps_per_block * (1.0 - p->warp_spread / 2.0) : p->warps_per_block;
	if (d->model == SIM_CV && p->cv > 0.0) {
		/* Lognormal with mean 1: E = exp(mu + sigma^2 / 2) = 1 and
		 * CV^2 = exp(sigma^2) - 1. */
		double s2 = log1p(p->cv * p->cv);
		d->sigma = sqrt(s2);
		d->mu = -s2 / 2.0;
	} else if (d->model == SIM_CV) {
		d->model = SIM_UNIFORM;
	}
}

double sim_block_duration(const struct sim_params *p, int64_t i)
{
	struct durations d;

	sim_durations_init(&d, p);
	return duration_of(&d, i);
}

/* Blocks of both kernels. */
int64_t sim_total_blocks(const struct sim_params *p)
{
	return p->model == SIM_TAIL_KERNEL && p->tail_blocks > 0 ? p->grid_size + p->tail_blocks
								: p->grid_size;
}

/* Every block lasts exactly 1.0: the uniform model, and the others where
 * their parameters leave nothing to vary (sim_block_duration returns 1.0). */
bool sim_unit_durations(const struct sim_params *p)
{
	struct durations d;

	sim_durations_init(&d, p);
	return d.model == SIM_UNIFORM || d.model == SIM_WARP_SPREAD ||
	       (d.model == SIM_TAIL_KERNEL && p->tail_blocks == 0) ||
	       (d.model == SIM_SLOW_SHARE && (d.slow_share == 0.0 || d.slow_factor == 1.0));
}


bool sim_durations_vary(const struct sim_params *p)
{
	return !sim_unit_durations(p);
}
