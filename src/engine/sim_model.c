/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* sim_model.c - the duration models' names and their words for the screen,
 * apart from the simulation that runs them (sim.c). */
#include "config.h"

#include "sim.h"

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
