/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* sim_durations.h - how long each block of a duration model lasts: a
 * counter-based generator, so a block's duration depends on (seed, block
 * index) only and never on the order blocks are drawn in. Private to the
 * simulation's files (sim.c, sim_model.c); inline where the event loop
 * draws a block. */
#ifndef OCC_SIM_DURATIONS_H
#define OCC_SIM_DURATIONS_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "sim.h"

static inline uint64_t splitmix64(uint64_t x)
{
	x += 0x9E3779B97F4A7C15ull;
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
	x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
	return x ^ (x >> 31);
}

/* M_PI is not C11. */
#define SIM_PI 3.14159265358979323846

/* In [0, 1), 53 bits. */
static inline double uniform01(uint64_t bits)
{
	return (double)(bits >> 11) * 0x1.0p-53;
}

/* A model's parameters with what every draw would recompute done once: the
 * seed's mix and the lognormal's sigma and mu. The arithmetic is the same,
 * so the durations are the same to the last bit. */
struct durations {
	enum sim_model model;    /* SIM_UNIFORM also for parameters that cannot run */
	uint64_t seed_mix;       /* splitmix64(seed) */
	double slow_share, slow_factor;
	double sigma, mu;
	int64_t first_blocks;    /* the first kernel's; from there on SIM_TAIL_KERNEL's */
	double tail_duration;
	double block_warp_time;  /* a first-kernel block's warp-time per unit of duration */
	double tail_warps;
};

/* Draw number `stream` of block i: 64 well-mixed bits. */
static inline uint64_t draw(const struct durations *d, int64_t i, unsigned stream)
{
	uint64_t key = d->seed_mix ^ ((uint64_t)i * 0xD1B54A32D192ED03ull);
	return splitmix64(key + stream * 0x9E3779B97F4A7C15ull);
}

static inline double duration_of(const struct durations *d, int64_t i)
{
	if (d->model == SIM_TAIL_KERNEL)
		return i >= d->first_blocks ? d->tail_duration : 1.0;
	if (d->model == SIM_SLOW_SHARE)
		return uniform01(draw(d, i, 0)) < d->slow_share ? d->slow_factor : 1.0;
	if (d->model == SIM_CV) {
		/* Box-Muller needs u1 in (0, 1]. */
		double u1 = ((double)(draw(d, i, 1) >> 11) + 1.0) * 0x1.0p-53;
		double u2 = uniform01(draw(d, i, 2));
		double z = sqrt(-2.0 * log(u1)) * cos(2.0 * SIM_PI * u2);
		return exp(d->mu + d->sigma * z);
	}
	return 1.0;
}

/* Warp-time of block i lasting d. */
static inline double warp_time_of(const struct durations *dd, int64_t i, double d)
{
	return i >= dd->first_blocks ? d * dd->tail_warps : d * dd->block_warp_time;
}

/* The parameters' model can run (its parameters in range). */
bool sim_model_ok(const struct sim_params *p);
/* d from p's parameters (SIM_UNIFORM where they cannot run). */
void sim_durations_init(struct durations *d, const struct sim_params *p);
/* Blocks of both kernels (the tail kernel's too). */
int64_t sim_total_blocks(const struct sim_params *p);
/* Every block lasts exactly 1.0: the closed form applies. */
bool sim_unit_durations(const struct sim_params *p);

#endif
