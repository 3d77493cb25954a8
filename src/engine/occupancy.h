/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* occupancy.h - theoretical occupancy of one launch on one architecture:
 * resident blocks per SM, the block limit of every factor, allocations and the
 * utilization of each resource, as NVIDIA's calculator and Nsight Compute count them. */
#ifndef OCC_OCCUPANCY_H
#define OCC_OCCUPANCY_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>

#include "gpu.h"
#include "launch.h"

/* A factor's block limit when the factor does not limit at all (no registers,
 * no shared memory, no barriers): distinct from every real count. */
#define OCC_UNLIMITED INT_MAX

struct engine;
struct engine_words;

enum occ_factor {
	OCC_WARPS,
	OCC_BLOCKS,
	OCC_REGISTERS,
	OCC_SHARED_MEM,
	OCC_BARRIERS,
	OCC_N_FACTORS
};

/* Why not even one block fits; OCC_FITS when active blocks > 0. */
enum occ_misfit {
	OCC_FITS,
	OCC_MISFIT_THREADS,   /* more threads per block than the GPU allows */
	OCC_MISFIT_REGISTERS, /* the block's registers exceed the per-block register file */
	OCC_MISFIT_SHARED_MEM,/* the block's shared memory exceeds the per-block maximum */
	OCC_MISFIT_BARRIERS,  /* more barriers per block than the SM has */
	OCC_MISFIT_SGPRS,     /* AMD: the waves' SGPRs exceed the SIMD's file */
};

struct occ_input {
	int threads_per_block;
	int regs_per_thread;
	int64_t static_smem_bytes;
	int64_t dynamic_smem_bytes;
	int carveout_pct;    /* 0..100 or LAUNCH_CARVEOUT_DEFAULT */
	int barriers;
	int wave_size;       /* AMD: 32, 64 or 0 (the target's default) */
	int agprs;           /* AMD */
	int sgprs;           /* AMD */
	/* Not the launch's but its measurement's: the shared-memory
	 * configuration the driver chose for the launch a report measured
	 * (Nsight Compute's launch__shared_mem_config_size). With the default
	 * carveout it is used instead of the runtime's rule; the session sets
	 * it only while the launch is the measured one (session.h). */
	bool measured_smem_config;
	int64_t measured_smem_config_bytes;
	int cache_config;    /* enum launch_cache_config: Fermi and Kepler */
};

/* Nsight Compute's utilization view of one resource, in the factor's own unit
 * (warps, blocks, registers, bytes, barriers): used by the resident blocks,
 * idle because another factor stops more blocks, and left over because it is
 * less than one more block needs. used + idle + leftover == total. */
struct occ_usage {
	int64_t total;
	int64_t per_block;
	int64_t used;
	int64_t idle;
	int64_t leftover;
};

/* On AMD the five factors stand for wave slots (OCC_WARPS), workgroups
 * (OCC_BLOCKS), VGPRs (OCC_REGISTERS), LDS (OCC_SHARED_MEM) and SGPRs
 * (OCC_BARRIERS); "per SM" means per CU (per WGP in WGP mode), blocks are
 * workgroups and warps wavefronts. occ_label() and occ_key() name them. */
struct occ_result {
	enum gpu_vendor vendor;
	/* The engine that computed r and its words on r's architecture
	 * (engine.h): NULL in a result never computed. */
	const struct engine *engine;
	const struct engine_words *words;
	int active_blocks_per_sm;
	int active_warps_per_sm;
	int active_threads_per_sm;
	int max_warps_per_sm;
	double theoretical_occupancy_pct;
	int warps_per_block;
	int block_limit[OCC_N_FACTORS];  /* OCC_UNLIMITED where the factor does not limit */
	unsigned limiting;               /* bit (1u << factor) for every factor at the minimum */
	enum occ_misfit misfit;
	int regs_per_warp_allocated;     /* per-block allocation (cc 1.x): regs x warp size, unrounded */
	int64_t allocated_regs_per_block;
	int64_t regs_per_block_checked;     /* warps rounded to the warp allocation granularity */
	int64_t allocated_smem_per_block;   /* static + dynamic + reserved, rounded to the unit */
	int64_t smem_preference_bytes;      /* the carveout or cache preference as a configuration */
	/* The configuration the launch gets: the preference, or where one block
	 * needs more, a raised one (a carveout: the smallest that holds the
	 * block; an L1/shared preference: the largest, as cuda_occupancy.h does
	 * before cc 7.0). */
	int64_t smem_config_bytes;
	bool smem_config_from_driver;       /* the preference is the driver's reported choice */
	struct occ_usage usage[OCC_N_FACTORS];
	struct amd_result amd;              /* GPU_AMD: the engine's own figures */
};

void occ_input_from_launch(const struct launch *l, struct occ_input *in);
/* The configuration the driver chose for the launch a report measured
 * (bytes; < 0: none known): occ_input.measured_smem_config. */
void occ_input_measured_config(struct occ_input *in, int64_t bytes);

/* The shared memory per SM an L1/shared preference (enum
 * launch_cache_config) asks for on a, as cuda_occupancy.h computes it; the
 * fixed size where a has no such preference. */
int64_t occ_cache_config_bytes(const struct gpu_arch *a, int cache_config);

/* Fills r. Never fails on a checked launch (launch_check); values outside the
 * architecture's limits give 0 blocks with r->misfit saying why. */
void occ_compute(const struct gpu_arch *arch, const struct occ_input *in, struct occ_result *r);

/* The launch parameters that charts sweep and tuning turns (enum sweep_kind
 * has the same values, and the cluster size after them). */
enum occ_param {
	OCC_PARAM_THREADS,     /* threads per block */
	OCC_PARAM_REGISTERS,   /* registers per thread (AMD: arch VGPRs) */
	OCC_PARAM_SHARED_MEM,  /* the block's whole shared memory (AMD: LDS), static + dynamic */
	OCC_PARAM_BARRIERS,    /* barriers per block */
	OCC_N_PARAMS
};

/* A parameter's value in `in`; and `in` with it set to v. Shared memory is set
 * as the block's whole: the static part stays where it fits, dynamic memory
 * takes the rest. */
/* Inline: sweeps and searches set a value per evaluation. */
static inline int64_t occ_param_get(const struct occ_input *in, enum occ_param p)
{
	switch (p) {
	case OCC_PARAM_THREADS: return in->threads_per_block;
	case OCC_PARAM_REGISTERS: return in->regs_per_thread;
	case OCC_PARAM_SHARED_MEM: return in->static_smem_bytes + in->dynamic_smem_bytes;
	case OCC_PARAM_BARRIERS: return in->barriers;
	case OCC_N_PARAMS: break;
	}
	return 0;
}

static inline void occ_param_set(struct occ_input *in, enum occ_param p, int64_t v)
{
	switch (p) {
	case OCC_PARAM_THREADS:
		in->threads_per_block = (int)v;
		break;
	case OCC_PARAM_REGISTERS:
		in->regs_per_thread = (int)v;
		break;
	case OCC_PARAM_SHARED_MEM:
		if (v < in->static_smem_bytes)
			in->static_smem_bytes = v;
		in->dynamic_smem_bytes = v - in->static_smem_bytes;
		break;
	case OCC_PARAM_BARRIERS:
		in->barriers = (int)v;
		break;
	case OCC_N_PARAMS:
		break;
	}
}

/* What a chart or a search compares of a launch: occ_compute's result in brief. */
struct occ_brief {
	int active_blocks_per_sm;
	int active_warps_per_sm;
	int waves_per_simd;       /* AMD, where a workgroup fits (r.amd.fits); else 0 */
	unsigned limiting;
};

/* One parameter of a launch varied and the rest held, as sweeps and tuning's
 * searches evaluate a launch at many values: occ_vary_init does once what
 * does not depend on the parameter (on NVIDIA, the block limits of the other
 * factors). A value on the caller's stack, so that a search costs no
 * allocation: fill it with occ_vary_init and read none of its fields; it
 * refers to arch, which must outlive it. */
struct occ_vary {
	const struct gpu_arch *arch;
	struct occ_input in;
	enum occ_param param;
	/* The family's own occ_vary_at (engine.h's vary_at), set by occ_vary_init. */
	void (*at)(const struct occ_vary *v, int64_t value, struct occ_brief *b, int64_t *same_to);
	int warps_per_block;                /* NVIDIA, for every parameter but the block size */
	int reg_alloc_unit;                 /* NVIDIA: gpu_reg_alloc_unit at in's registers */
	int limit[OCC_N_FACTORS];           /* NVIDIA: every factor's block limit at in */
	int others_min;                     /* NVIDIA: the least limit of the factors that do not vary */
	struct amd_per_wave amd;            /* AMD, varying the workgroup size: amd_per_wave at in */
};

void occ_vary_init(struct occ_vary *v, const struct gpu_arch *arch, const struct occ_input *in,
		   enum occ_param p);
/* Exactly occ_compute's figures for the launch with the parameter at value,
 * without the rest of occ_compute's work. same_to, when not NULL, gets a value
 * >= value such that every value from value to it gives the same brief (the
 * result only steps where an allocation or a limit does): a sweep evaluates
 * once per step, not once per value. Where no such step is known, value. */
static inline void occ_vary_at(const struct occ_vary *v, int64_t value, struct occ_brief *b,
			       int64_t *same_to)
{
	v->at(v, value, b, same_to);
}

/* A series of values of one parameter: first, first + step, ... (n of
 * them; first >= 0, step >= 1). */
struct occ_series {
	int64_t first, step, n;
};

/* One run of a sweep's values that give the same brief: from the index
 * after the run before's `to` (0 for the first run) up to index `to` of the
 * series. */
struct occ_run {
	int64_t to;
	struct occ_brief b;
};

/* The launch `in` at every value of series s of parameter p, the rest held,
 * in one call: what does not depend on p (the block limits of the other
 * factors; on AMD the per-wave figures) is worked out once, and a run of
 * equal briefs costs one evaluation (the steps occ_vary_at's same_to
 * reports). Each value's brief is exactly occ_vary_at's, and so
 * occ_compute's. Writes at most max (>= 1) runs, consecutive runs differing,
 * and returns their count; where the last ends before the series does
 * (to < s->n - 1), the rest of the series needs another call. */
int occ_sweep(const struct gpu_arch *a, const struct occ_input *in, enum occ_param p,
	      const struct occ_series *s, struct occ_run *out, int max);
/* The brief of value k of a sweep's n runs (k within them): a binary
 * search, not an evaluation (a loop over the values keeps its own run). */
static inline const struct occ_brief *occ_runs_brief(const struct occ_run *runs, int n, int64_t k)
{
	int lo = 0, hi = n - 1;

	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (runs[mid].to < k)
			lo = mid + 1;
		else
			hi = mid;
	}
	return &runs[lo].b;
}

/* The families' own occ_compute, occ_vary_* and occ_sweep: NVIDIA's in
 * occupancy.c, AMD's (TeraScale's too) in occ_amd.c. engine.c's tables
 * call them; everyone else calls the functions above. */
void occ_nvidia_compute(const struct gpu_arch *a, const struct occ_input *in, struct occ_result *r);
void occ_nvidia_vary_init(struct occ_vary *v);
void occ_nvidia_vary_at(const struct occ_vary *v, int64_t value, struct occ_brief *b,
			int64_t *same_to);
void occ_amd_compute(const struct gpu_arch *a, const struct occ_input *in, struct occ_result *r);
void occ_amd_vary_init(struct occ_vary *v);
void occ_amd_vary_at(const struct occ_vary *v, int64_t value, struct occ_brief *b,
		     int64_t *same_to);
int occ_nvidia_sweep(const struct gpu_arch *a, const struct occ_input *in, enum occ_param p,
		     const struct occ_series *s, struct occ_run *out, int max);
int occ_amd_sweep(const struct gpu_arch *a, const struct occ_input *in, enum occ_param p,
		  const struct occ_series *s, struct occ_run *out, int max);

/* Short names used in JSON, CSV and messages: "warps", "blocks", "registers",
 * "shared_mem", "barriers"; and the words for people: "shared memory". */
const char *occ_factor_key(enum occ_factor f);
const char *occ_factor_label(enum occ_factor f);
/* The factor's unit, short for tables: "warp", "blk", "reg", "B", "bar". */
const char *occ_factor_unit(enum occ_factor f);
/* The same for the vendor of r: on AMD "wave slots", "workgroups", "VGPRs"
 * ("GPRs" on a VLIW target), "LDS", "SGPRs"; keys "waves", "workgroups",
 * "vgprs", "lds", "sgprs". */
const char *occ_label(const struct occ_result *r, enum occ_factor f);
const char *occ_factor_label_for(enum gpu_vendor v, enum occ_factor f);
const char *occ_key(const struct occ_result *r, enum occ_factor f);
/* The shortest name, for narrow columns: "regs", "smem"; AMD "vgpr", "lds";
 * "n/a" for a factor out of range. */
const char *occ_factor_short_for(enum gpu_vendor v, enum occ_factor f);
const char *occ_unit(const struct occ_result *r, enum occ_factor f);
/* The AMD factor each of the five stands for (above). */
enum amd_factor occ_amd_factor(enum occ_factor f);
static inline bool occ_is_limiting(const struct occ_result *r, enum occ_factor f)
{
	return (r->limiting >> f) & 1u;
}

#endif
