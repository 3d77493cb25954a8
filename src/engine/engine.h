/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* engine.h - one vendor family's rules behind one interface: NVIDIA
 * (occupancy.c); AMD GCN/CDNA/RDNA (occ_amd.c over amd.c); TeraScale
 * (occ_amd.c over terascale.c). The rest of the program asks
 * the engine of a GPU's architecture for its figures, its words and its
 * advice, and never which vendor made the GPU (nvtop's struct gpu_vendor,
 * htop's Platform API). occ_compute, occ_vary_*, occ_sweep, derive_*,
 * launch_limits and launch_check go through it. */
#ifndef OCC_ENGINE_H
#define OCC_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "derive.h"
#include "engine_facts.h"
#include "gpu.h"
#include "launch.h"
#include "occupancy.h"
#include "tuning.h"

enum engine_family { ENGINE_NVIDIA, ENGINE_AMD, ENGINE_TERASCALE };

/* A family's words, singular and plural, as people read them in panes,
 * findings and derivations. The unit is where a block lands: an SM, a CU, or
 * on RDNA in WGP mode a WGP, so the words are an architecture's. */
struct engine_words {
	const char *vendor;              /* "NVIDIA", "AMD" */
	const char *key;                 /* "nvidia", "amd": JSON, the GPU list */
	const char *arch_kind;           /* "compute capability", "target" */
	const char *arch_short;          /* before the architecture's name: "cc", "" */
	const char *unit, *units;        /* "SM"/"SMs", "CU"/"CUs", "WGP"/"WGPs" */
	const char *a_unit;              /* "an SM", "a CU", "a WGP" */
	const char *scheduler, *schedulers; /* what issues a unit's warps: "scheduler", "SIMD" */
	const char *warp, *warps;        /* "warp"/"warps", "wave"/"waves" */
	const char *a_warp;              /* "a warp", "a wave" */
	const char *Warps;               /* "Warps", "Waves" */
	const char *gpu_waves;           /* a title for the GPU's waves: "Waves", or on AMD,
					  * whose warps are waves, "GPU waves (rounds of
					  * workgroups, not wavefronts)" */
	/* One of those rounds of blocks over the whole GPU in running text,
	 * where no title says what a wave is: "wave"/"waves", on AMD "GPU
	 * wave"/"GPU waves"; and after a count of them, what it counts:
	 * "per SM" (Nsight Compute's waves per SM), on AMD "in all" (not
	 * wavefronts per CU). */
	const char *wave, *waves;
	const char *waves_count;
	const char *block, *blocks;      /* "block"/"blocks", "workgroup"/"workgroups" */
	const char *Block, *Blocks;      /* the same at the start of a sentence */
	const char *a_block;             /* "a block", "a workgroup" */
	const char *thread, *threads;    /* "thread"/"threads", "work-item"/"work-items" */
	const char *reg, *regs;          /* "register"/"registers", "VGPR"/"VGPRs", "GPR"/"GPRs" */
	const char *a_reg;               /* "a register", "a VGPR", "a GPR" */
	const char *smem;                /* "shared memory", "LDS" */
	/* In narrow columns: "block", "regs", "shared"; "wg", "VGPRs", "LDS". */
	const char *block_short, *regs_short, *smem_short;
	const char *block_size;          /* the parameter: "block size", "workgroup size" */
	/* The findings may quote the vendor's profiler's rules word for word
	 * (Nsight Compute's); false on AMD, whose profilers state no such
	 * rules: a finding says there in occview's words what it borrows. */
	bool quotes_profiler_rules;
};

struct engine {
	enum engine_family family;
	const char *name;                /* "NVIDIA", "AMD GCN/CDNA/RDNA", "AMD TeraScale" */
	/* What occ_compute and occ_vary_* do for this family (occupancy.h):
	 * vary_init fills what v's family keeps beyond arch, in and param. */
	void (*compute)(const struct gpu_arch *a, const struct occ_input *in, struct occ_result *r);
	void (*vary_init)(struct occ_vary *v);
	void (*vary_at)(const struct occ_vary *v, int64_t value, struct occ_brief *b,
			int64_t *same_to);
	/* occ_sweep: the launch at a series of values of one parameter in one
	 * call, in runs of equal briefs. */
	int (*sweep)(const struct gpu_arch *a, const struct occ_input *in, enum occ_param p,
		     const struct occ_series *s, struct occ_run *out, int max);
	/* derive.h's derivations in this family's steps. */
	void (*derive_limit)(const struct gpu_arch *a, const struct occ_input *in,
			     const struct occ_result *r, enum occ_factor f, struct derivation *d);
	void (*derive_occupancy)(const struct gpu_arch *a, const struct occ_input *in,
				 const struct occ_result *r, struct derivation *d);
	void (*derive_waves)(const struct gpu_arch *a, const struct occ_result *r, int sm_count,
			     int64_t grid_size, const struct waves *w, struct derivation *d);
	/* The allocation and GPU-limits rows of the occupancy table
	 * (engine_facts.h). */
	void (*allocation)(struct engine_facts *out, const struct engine_fact_args *args);
	void (*gpu_limits)(struct engine_facts *out, const struct engine_fact_args *args);
	/* What the family allows of each launch value (launch_limits), the
	 * fewest units of a partition (launch_partition_min), and its check of
	 * a launch (launch_check), in launch_check.c. */
	void (*limits)(const struct gpu *gpu, struct launch_limits *out);
	int (*partition_min)(const struct gpu_arch *a);
	bool (*check_launch)(const struct launch *l, const struct gpu *gpu, const char *file,
			     long line, struct occ_error *err);
	/* The words for an architecture of the family. */
	const struct engine_words *(*words)(const struct gpu_arch *a);
	/* The compiler's way to fewer registers for the tuning step t, which
	 * gains occupancy: a finding's title and text with this launch's
	 * numbers (__launch_bounds__ and -maxrregcount; amdgpu_waves_per_eu).
	 * False where the family has none. */
	bool (*registers_advice)(const struct gpu_arch *a, const struct occ_input *in,
				 const struct occ_result *r, const struct tuning_step *t,
				 char *title, size_t title_size, char *text, size_t text_size);
	/* What the family counts beside blocks and warps per unit. */
	bool wave_limits;       /* every factor limits waves too (r->amd.wave_limit) */
	bool simd_waves;        /* waves per SIMD (LLVM's occupancy) */
	bool scheduler_stats;   /* the profiler's issue statistics answer "is occupancy the problem" */
	/* Nsight Compute's per-factor block limits are this family's figures:
	 * they cross-check, and the launch they imply can be inferred. */
	bool profiler_block_limits;
};

/* The engine of an architecture; never NULL. */
const struct engine *engine_of(const struct gpu_arch *a);
/* The engine that computed r; NVIDIA's for an empty result. */
const struct engine *engine_of_result(const struct occ_result *r);
/* engine_of(a)->words(a). */
const struct engine_words *engine_words(const struct gpu_arch *a);
/* The words of the architecture r was computed on (occ_compute keeps
 * them in r); NVIDIA's for an empty result. */
const struct engine_words *engine_result_words(const struct occ_result *r);
/* A text composed in a family's words: tmpl with each {field} replaced by
 * that field of w ("the per-{unit} occupancy": "the per-CU occupancy"; the
 * names are engine_words' own: unit, warps, a_warp, block, blocks, a_reg,
 * ...), into buf. False when a name is not a field (it is kept, braces and
 * all) or buf is too small (cut before the piece that does not fit). */
bool engine_words_compose(const struct engine_words *w, const char *tmpl, char *buf,
			  size_t size);
/* The schedulers (NVIDIA's SM sub-partitions, AMD's SIMDs) of one unit. */
int engine_schedulers_per_unit(const struct gpu_arch *a);
/* Whether the family takes launch parameter p (enum launch_param). */
bool engine_takes(const struct engine *e, int p);

/* The families' register advice (engine_advice.c). */
bool engine_nvidia_registers_advice(const struct gpu_arch *a, const struct occ_input *in,
				    const struct occ_result *r, const struct tuning_step *t,
				    char *title, size_t title_size, char *text, size_t text_size);
bool engine_amd_registers_advice(const struct gpu_arch *a, const struct occ_input *in,
				 const struct occ_result *r, const struct tuning_step *t,
				 char *title, size_t title_size, char *text, size_t text_size);

/* The families' limits and checks of a launch (launch_check.c). */
void engine_nvidia_limits(const struct gpu *gpu, struct launch_limits *out);
void engine_amd_limits(const struct gpu *gpu, struct launch_limits *out);
int engine_nvidia_partition_min(const struct gpu_arch *a);
int engine_amd_partition_min(const struct gpu_arch *a);
bool engine_nvidia_check_launch(const struct launch *l, const struct gpu *gpu, const char *file,
				long line, struct occ_error *err);
bool engine_amd_check_launch(const struct launch *l, const struct gpu *gpu, const char *file,
			     long line, struct occ_error *err);
bool engine_vliw_check_launch(const struct launch *l, const struct gpu *gpu, const char *file,
			      long line, struct occ_error *err);

/* The three families' own; engine_of picks. */
extern const struct engine engine_nvidia, engine_amd, engine_terascale;

#endif
