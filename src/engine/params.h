/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* params.h - the launch parameters, described once: their names on the
 * command line, in launch files and launch lists, in JSON, CSV and on screen,
 * their type, where struct launch holds them, their range (the engine's
 * launch_limits), steps, units, vendor and chart. As tig's OPTION_INFO rows
 * carry a type and an address, so one reader, writer and format per type
 * serve every parameter, and no code names a parameter to decide how to read,
 * get, set, compare, copy, range, step or show it. The command line, the
 * launch-file and launch-list readers, the explorer's what-if fields, the
 * recovery file and the outputs all read this table, so they cannot drift
 * apart. */
#ifndef OCC_PARAMS_H
#define OCC_PARAMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "gpu.h"
#include "launch.h"
#include "sweep.h"

/* How a value is written and read: one parser, one writer for files and one
 * format for the screen per type (params.c), whatever the parameter. */
enum param_kind {
	PARAM_DIM3,      /* N or XxYxZ ("(X, Y, Z)" as profilers write it) */
	PARAM_INT,       /* a whole number, a count */
	PARAM_SIZE,      /* bytes, with K/KB/KiB or M/MB/MiB (all 1024-based) */
	PARAM_PERCENT,   /* 0-100 or "default" (also empty) */
	PARAM_CACHE,     /* a choice: none, shared, l1 or equal (launch_parse_cache_config) */
	PARAM_WAVE,      /* a choice: 32 or 64; 0 is the target's default */
	PARAM_NAME,      /* text: a GPU or kernel name */
};

/* Which GPUs a parameter means something on; the others refuse it as a flag. */
enum param_vendor { PARAM_ANY, PARAM_NVIDIA_ONLY, PARAM_AMD_ONLY };

/* The launch parameters, in the explorer's parameter bar's order; params.c
 * holds the one table that describes each. */
enum launch_param {
	PARAM_BLOCK,
	PARAM_REGISTERS,
	PARAM_STATIC_SMEM,
	PARAM_DYNAMIC_SMEM,
	PARAM_GRID,
	PARAM_CARVEOUT,
	PARAM_CACHE_CONFIG,
	PARAM_BARRIERS,
	PARAM_WAVE_SIZE,
	PARAM_AGPRS,
	PARAM_SGPRS,
	PARAM_CLUSTER,
	PARAM_SMS,
	PARAM_GPU,
	PARAM_KERNEL,
	PARAM_XCDS,      /* the device's, not the kernel's: no what-if field */
	PARAM_N
};

/* The parameters the explorer's what-if bar steps: all but the kernel name. */
#define PARAM_WHATIF_N PARAM_KERNEL

#define PARAM_BIT(p) (1u << (p))
/* Every parameter but the names: what shapes the launch on its GPU. */
#define PARAM_LAUNCH_BITS (PARAM_BIT(PARAM_GPU) - 1u)

/* How the explorer's + and - move a value: n times a unit. */
enum param_unit {
	PARAM_UNIT_ONE,    /* n itself */
	PARAM_UNIT_WARP,   /* a warp (on AMD the launch's wave size) */
	PARAM_UNIT_ALLOC,  /* the GPU's shared-memory allocation unit */
	PARAM_UNIT_WAVE,   /* one wave: as many blocks as the whole GPU holds at once */
};
struct param_step {
	int64_t n;
	enum param_unit unit;
};
/* What + and - do: a step of the value, the next shared-memory
 * configuration (the carveout's stops), the next device of the database. */
enum param_stepper { PARAM_STEP_VALUE, PARAM_STEP_CONFIG, PARAM_STEP_DEVICE };

struct param_info {
	const char *label;       /* on screen and in messages ("static smem") */
	const char *amd_label;   /* the same on an AMD GPU ("LDS") */
	const char *flag;        /* the command-line option */
	const char *amd_flag;    /* its AMD spelling (--vgprs), refused on NVIDIA GPUs */
	const char *names;       /* the launch-file keys, space separated, the first written
	                          * by occview; each is also a launch-list column */
	const char *amd_key;     /* the field a report's AMD record names it by ("vgprs",
	                          * "lds"), where not the first key */
	const char *noun, *amd_noun;  /* in a sentence ("this kernel's VGPR count"),
	                               * where a report lacks it; amd_noun NULL: noun */
	const char *column;      /* the launch-list column, and the name --print's JSON
	                          * gives a changed parameter */
	const char *json;        /* the member of JSON's launch (and CSV's column) */
	const char *total;       /* block and grid: the member (column) of their total */
	const char *unit;
	enum param_kind kind;
	int64_t min, max;        /* what the value may be on any GPU */
	size_t offset, size;     /* where struct launch holds it */
	/* The GPU's range (struct launch_limits, by offset); where another
	 * parameter shares it (static and dynamic shared memory), budget is the
	 * sum's limit (0: none) and partner the other one. */
	size_t limit, budget;
	int partner;             /* enum launch_param */
	int64_t none;            /* the value that says "not set" (default, no cluster) */
	const char *none_word;   /* on screen for it ("none"), or NULL */
	/* Where none is 0 but no one may write 0 (--sms 0): the least a
	 * flag, key or prompt gives, and why less is refused. */
	int64_t given_min;
	const char *given_min_why;
	enum param_vendor vendor;
	const char *vendor_why;  /* why a flag of the other vendor's GPUs is refused */
	const char *vliw_why;    /* why it is refused on an AMD VLIW (TeraScale) target */
	/* Whether the GPU gives a choice in it (NULL: every GPU of its vendor). */
	bool (*offered)(const struct gpu_arch *a);
	/* Where only some of the vendor's generations have it (the carveout, the
	 * cache preference): whether gpu's has, and why not in why (flags: naming
	 * the other parameter by its flag, else by its key). */
	bool (*generation)(const struct gpu *gpu, bool flags, char *why, size_t size);
	/* A fact of the device the launch runs on, not of the launch (the
	 * XCDs of its partition): set by a flag or a launch file, but no
	 * what-if field, no launch column, and no bearing on the occupancy. */
	bool device;
	bool charted;            /* a chart varies it: */
	enum sweep_kind sweep;   /* the sweep that does */
	enum param_stepper stepper;
	struct param_step step, big_step;
};

/* The table (params.c), PARAM_N rows; param_info(p) is row p, NULL for no
 * parameter. Inline: every reader, writer and what-if step asks it. */
extern const struct param_info *const param_table;
static inline const struct param_info *param_info(enum launch_param p)
{
	return (int)p >= 0 && p < PARAM_N ? &param_table[p] : NULL;
}
/* The label in the words of the GPU's vendor ("VGPRs" on AMD). */
const char *param_label(enum launch_param p, enum gpu_vendor v);
/* The parameter a launch-file key or launch-list column names (any of its
 * names, ignoring case), or PARAM_N. */
enum launch_param param_find(const char *name);
/* Whether p means something on a GPU of vendor v. */
bool param_applies(enum launch_param p, enum gpu_vendor v);

/* The one reader of a parameter's text, for flags (file NULL: a usage error),
 * launch files, launch lists and the explorer's prompt: sets p in l. what
 * names the field in messages (the flag, key or column). */
bool param_parse(enum launch_param p, const char *text, struct launch *l, const char *file,
		 long line, const char *what, struct occ_error *err);

/* A numeric parameter's value (the block and grid as their totals; 0 for
 * the names) and setting it (block and grid become one-dimensional). */
int64_t param_get(const struct launch *l, enum launch_param p);
void param_set(struct launch *l, enum launch_param p, int64_t v);
/* A DIM3 parameter's (block, grid) three dimensions. */
void param_get_dims(const struct launch *l, enum launch_param p, int64_t d[3]);
void param_set_dims(struct launch *l, enum launch_param p, const int64_t d[3]);
/* The parameter as a launch file writes it ("16x16x1", "49152", "default"). */
void param_write(const struct launch *l, enum launch_param p, char *buf, size_t size);
/* The parameter as the explorer shows it on gpu ("16x16 (256)", "48 KiB",
 * "default", "none", the wave size the target runs where the launch says 0,
 * the GPU's own name). */
void param_format(const struct launch *l, const struct gpu *gpu, enum launch_param p, char *buf,
		  size_t size);
/* The keys the writers give p: its JSON launch member ("registers_per_thread",
 * the block's "block" triple), and the key of its one number, the total for
 * block and grid ("threads_per_block", "grid_size"): JSON's member beside the
 * triple and CSV's column. */
const char *param_key_json(enum launch_param p);
const char *param_key_total(enum launch_param p);

/* The values p can take on gpu with l's other values as they are: the
 * ranges launch_check (launch_limits) accepts, so a value inside keeps a valid
 * launch valid. hi is at least lo (l's other values may already be out of
 * range, after a change of GPU). */
void param_range(const struct launch *l, const struct gpu *gpu, enum launch_param p,
		 int64_t *lo, int64_t *hi);
/* Whether the explorer offers p on gpu: p is of gpu's vendor and the GPU gives
 * a choice in it, or l's value is set where gpu's generation lacks p, or
 * outside what gpu accepts, so it can be put right (after a change of GPU). */
bool param_offered(const struct launch *l, const struct gpu *gpu, enum launch_param p);
/* The parameter a click on a chart of sweep k sets: the last the sweep
 * varies (the dynamic shared memory: the static part is the kernel's own),
 * PARAM_N where none. */
enum launch_param param_of_sweep(enum sweep_kind k);
/* The size of p's step (big: the large one) for l on gpu (param_unit). */
int64_t param_step_size(const struct launch *l, const struct gpu *gpu, enum launch_param p,
			bool big);

/* Whether p is the same in a and b; the bits (PARAM_BIT) of those that
 * differ among mask. */
bool param_equal(const struct launch *a, const struct launch *b, enum launch_param p);
unsigned param_diff(const struct launch *a, const struct launch *b, unsigned mask);
/* The same for what a launch's occupancy and waves depend on: a block or
 * grid of another shape with the same total is no difference. */
unsigned param_diff_effect(const struct launch *a, const struct launch *b, unsigned mask);
/* Copies the parameters in mask from src onto dst. */
void param_copy(struct launch *dst, const struct launch *src, unsigned mask);

/* Parameters a user set, on the command line or in the explorer: which,
 * and their values (launch_init's defaults for the others). */
struct param_set {
	unsigned set;          /* PARAM_BIT of each parameter given */
	unsigned amd_spelled;  /* given by an AMD-only spelling (--vgprs for --registers) */
	struct launch values;
};

/* Parameters given (mask) that gpu's vendor does not have are a usage error
 * naming the flag, in one wording for the command line, launch files and the
 * explorer. amd_spelled: those given by their AMD spelling (--vgprs for
 * --registers), refused on NVIDIA GPUs. On an AMD VLIW (TeraScale) target
 * --sgprs, --agprs and --wave-size are refused too, naming the generation. */
bool param_check_vendor(unsigned mask, unsigned amd_spelled, const struct gpu *gpu,
			struct occ_error *err);
/* The same for the generation: a parameter only some of the vendor's GPUs
 * have (--carveout from Volta, --cache-config on Fermi and Kepler) is a usage
 * error naming the generation; param_check_vendor checks the flags given
 * (mask). param_check_values checks a launch's own values (a carveout given,
 * a cache preference other than none), as a launch file or the explorer set
 * them: file and line name where (file NULL: a usage error). */
bool param_check_values(const struct launch *l, const struct gpu *gpu, const char *file,
			long line, struct occ_error *err);

#endif
