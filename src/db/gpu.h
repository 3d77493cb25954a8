/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* gpu.h - the GPU database: per-architecture limits and named devices.
 * The built-in CSVs (data/) are compiled in; user files add or override rows. */
#ifndef OCC_GPU_H
#define OCC_GPU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "amd.h"
#include "error.h"

#define GPU_MAX_SMEM_CONFIGS 16
#define GPU_MAX_REG_UNIT_EXCEPTIONS 16
#define GPU_NAME_MAX 80

enum gpu_vendor { GPU_NVIDIA, GPU_AMD };

/* How a launch picks among an architecture's shared-memory configurations
 * (archs.csv's smem_preference column): none to pick (one fixed size); a
 * carveout percentage (cudaFuncAttributePreferredSharedMemoryCarveout, cc
 * 7.0 on); or an L1/shared preference (cudaFuncSetCacheConfig: Fermi and
 * Kepler, where L1 and shared memory split one array). */
enum gpu_smem_pref { GPU_SMEM_FIXED, GPU_SMEM_CARVEOUT, GPU_SMEM_CACHE_CONFIG };

/* What registers are allocated to (archs.csv reg_alloc_granularity, the
 * CUDA Occupancy Calculator's "register allocation granularity"): to warps
 * (cc 2.0 and later), or to whole blocks (cc 1.x: the block's warps rounded
 * up to warp_alloc_granularity, then the block's registers to reg_alloc_unit). */
enum gpu_reg_alloc { GPU_REG_ALLOC_WARP, GPU_REG_ALLOC_BLOCK };

/* A register count per thread whose allocation unit is not reg_alloc_unit. */
struct gpu_reg_unit_exception {
	int regs_per_thread;
	int unit;
};

/* The limits of one compute capability: everything the occupancy calculation
 * needs. An AMD target keeps its own limits in amd; the NVIDIA-shaped fields
 * then hold their nearest AMD meaning (wave size, waves and workgroups per CU,
 * VGPRs per work-item, LDS per CU and per workgroup) so that sweeps, waves and
 * launch checks work on both. */
struct gpu_arch {
	enum gpu_vendor vendor;
	char arch[16];         /* "sm_90" */
	char family[24];       /* "Hopper" */
	int cc_major, cc_minor;
	int warp_size;
	int max_threads_per_sm;
	int max_warps_per_sm;
	int max_blocks_per_sm;
	int max_threads_per_block;
	int regs_per_sm;
	int regs_per_block;
	int max_regs_per_thread;
	int reg_alloc_unit;          /* registers are allocated per warp in these units */
	int warp_alloc_granularity;  /* warps per block rounded to this for the per-block register check */
	int sm_subpartitions;        /* the register file is split evenly among these */
	int64_t smem_per_sm_bytes;
	int n_smem_configs;          /* 1 means no carveout: the size is fixed */
	int64_t smem_configs_bytes[GPU_MAX_SMEM_CONFIGS]; /* ascending */
	enum gpu_smem_pref smem_preference; /* how a launch picks among them */
	int64_t smem_per_block_bytes;       /* default per-block maximum */
	int64_t smem_per_block_optin_bytes; /* opt-in per-block maximum */
	int smem_alloc_unit_bytes;
	int smem_reserved_per_block_bytes;  /* taken by the driver in every block (cc 8.0+) */
	int barriers_per_sm;                /* 0: barriers do not limit occupancy */
	enum gpu_reg_alloc reg_alloc;
	/* archs.csv reg_alloc_unit_exceptions ("21:128;22:128"): cc 2.x
	 * allocates some register counts in a larger unit (gpu_reg_alloc_unit). */
	int n_reg_unit_exceptions;
	struct gpu_reg_unit_exception reg_unit_exceptions[GPU_MAX_REG_UNIT_EXCEPTIONS];
	char provenance[512];
	struct amd_arch amd;         /* GPU_AMD only */
};

#define CLUSTER_MAX_GPCS 32

/* What is known of a device's GPCs (a row of data/gpcs.csv, or of a user's
 * GPC file): the thread-block clusters' engine computes with it. */
struct gpc_layout {
	char name[GPU_NAME_MAX];
	int sm_count;          /* the SM count the row describes */
	int gpcs_min, gpcs_max;/* GPCs with SMs enabled (equal where documented) */
	int sms_per_gpc_max;   /* the die's: TPCs per GPC times SMs per TPC */
	int sms_per_tpc;       /* SMs are enabled a TPC at a time */
	int n_exact;           /* > 0: the SMs of each GPC, as measured */
	int exact[CLUSTER_MAX_GPCS];
	char provenance[384];
};

/* One device model: an architecture plus its SM count. */
struct gpu {
	char name[GPU_NAME_MAX];
	char aliases[256];     /* ';'-separated */
	char segment[16];      /* datacenter, desktop, workstation, laptop, embedded */
	int sm_count;
	struct gpu_arch arch;  /* a copy, so a device outlives database edits */
	char provenance[512];
	/* Only the architecture is known (--gpu 8.6, sm_86 or gfx942; a report
	 * that names no device the database knows): this is the database's
	 * device for it (gpu_db_arch_device), and its SM count stands in for
	 * the GPU's. */
	bool stand_in;
	/* Its GPCs, where the database's GPC table has a row of this name:
	 * read with the database, carried with the device. */
	bool has_gpcs;
	struct gpc_layout gpcs;
};

struct gpu_db;

/* The built-in database; NULL (with err set) only if the embedded data is broken. */
struct gpu_db *gpu_db_new_builtin(struct occ_error *err);
void gpu_db_free(struct gpu_db *db);

/* Adds or replaces rows from a user CSV (an archs, a devices or a GPC file, told apart
 * by its header). Returns false with err naming file, line and field. */
bool gpu_db_load_file(struct gpu_db *db, const char *path, struct occ_error *err);
/* The same from memory; name is used in messages. */
bool gpu_db_load_csv(struct gpu_db *db, const char *name, const char *text, size_t len,
		     struct occ_error *err);

/* The device a user names (--gpu, a launch file's gpu), ignoring case:
 *  - a compute capability, as nvcc and nvidia-smi write it ("8.6", "sm_86",
 *    "sm_90a", "sm_100f", "compute_86", "cc 8.6"), or an AMD gfx target
 *    ("gfx942", "gfx90a:xnack-"): that architecture exactly, on its device
 *    (gpu_db_arch_device, stand_in set), else a usage error listing the
 *    architectures the database has;
 *  - a device's name or alias, ignoring punctuation and spaces, and the
 *    vendor's prefix ("NVIDIA ", "AMD ");
 *  - else whole words of one device's name or alias ("5090", "TITAN X"):
 *    never part of a word ("A10" is not an A100).
 * On failure err (OCC_EUSAGE, field "gpu") says why: the devices a query
 * matches when it matches several, else the names it is part of ("did you
 * mean"), else the closest names of the vendor it looks like. */
bool gpu_db_find(const struct gpu_db *db, const char *name, struct gpu *out,
		 struct occ_error *err);
/* The device whose name or one alias is name, ignoring case and every
 * character but letters and digits ("A100-SXM4-40GB" is "A100 SXM4 40GB"):
 * no partial matches and no messages, for names read from reports. */
bool gpu_db_find_exact(const struct gpu_db *db, const char *name, struct gpu *out);
/* The device that stands for an architecture where only it is known: the
 * first whose aliases name it ("sm_52" or "5.2": Tesla M40; AMD: the
 * target), else the first of it. out->stand_in is set; false when the
 * database has no device of arch (or arch is NULL). */
bool gpu_db_arch_device(const struct gpu_db *db, const struct gpu_arch *arch, struct gpu *out);
const struct gpu_arch *gpu_db_find_arch(const struct gpu_db *db, int cc_major, int cc_minor);

/* NVIDIA compute capabilities (AMD targets: gpu_db_amd_arch_*). */
size_t gpu_db_arch_count(const struct gpu_db *db);
const struct gpu_arch *gpu_db_arch_at(const struct gpu_db *db, size_t i);
size_t gpu_db_device_count(const struct gpu_db *db);
/* Fills out with device i resolved against its architecture. */
bool gpu_db_device_at(const struct gpu_db *db, size_t i, struct gpu *out);
/* The GPC table's row of the device named name (the database's name,
 * exactly); false when it has none. A resolved device carries its row
 * already (gpu.has_gpcs). */
bool gpu_db_gpc_layout(const struct gpu_db *db, const char *name, struct gpc_layout *out);
size_t gpu_db_gpc_count(const struct gpu_db *db);

size_t gpu_db_amd_arch_count(const struct gpu_db *db);
const struct gpu_arch *gpu_db_amd_arch_at(const struct gpu_db *db, size_t i);
/* An AMD target by its name ("gfx942", any case); NULL when unknown. */
const struct gpu_arch *gpu_db_find_target(const struct gpu_db *db, const char *target);

/* The unit a GPU's occupancy is counted on: "SM", "CU", or "WGP" for an AMD
 * target in WGP mode; gpu_units the plural. */
const char *gpu_unit(const struct gpu_arch *arch);
const char *gpu_units(const struct gpu_arch *arch);

/* Whether a and b are one vendor's: a record runs only on a GPU of its
 * vendor, so the GPU picker offers those first. */
bool gpu_same_vendor(const struct gpu_arch *a, const struct gpu_arch *b);

/* The lanes of a launch's warp on arch: AMD's wave size where the launch
 * sets one (wave_size 32 or 64; 0: the target's default). */
int gpu_launch_warp_size(const struct gpu_arch *arch, int wave_size);
/* The most registers per thread (AMD: arch VGPRs per work-item). */
int gpu_max_registers(const struct gpu_arch *arch);

/* The architecture's family ("Hopper", "CDNA3"). */
const char *gpu_family(const struct gpu_arch *arch);
/* AMD: the XCDs the device's compute partition spans in its default mode
 * (SPX: all of them, the most any partition has), from rocprofiler-compute's
 * table (gpu_xcds.c); 1 on targets of one XCD; 0 where unknown (another
 * vendor, a device the table lacks, only an architecture known). */
int gpu_default_xcds(const struct gpu *g);

/* Whether a launch picks the shared memory per SM by a carveout
 * (--carveout), or by an L1/shared preference (--cache-config). Inline:
 * the shared-memory limit asks at every evaluation of a search. */
static inline bool gpu_has_carveout(const struct gpu_arch *arch)
{
	return arch->vendor == GPU_NVIDIA && arch->smem_preference == GPU_SMEM_CARVEOUT;
}

static inline bool gpu_has_cache_config(const struct gpu_arch *arch)
{
	return arch->vendor == GPU_NVIDIA && arch->smem_preference == GPU_SMEM_CACHE_CONFIG;
}

/* The unit registers are allocated in for this many registers per thread:
 * reg_alloc_unit unless an exception names the count. Inline: the
 * occupancy's sweeps ask it at every register count. */
static inline int gpu_reg_alloc_unit(const struct gpu_arch *arch, int regs_per_thread)
{
	for (int i = 0; i < arch->n_reg_unit_exceptions; i++)
		if (arch->reg_unit_exceptions[i].regs_per_thread == regs_per_thread)
			return arch->reg_unit_exceptions[i].unit;
	return arch->reg_alloc_unit;
}

/* "9.0" style text of an arch's compute capability; an AMD target's name ("gfx942"). */
void gpu_arch_cc_string(const struct gpu_arch *arch, char *buf, size_t size);

#endif
