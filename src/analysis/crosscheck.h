/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* crosscheck.h - a kernel record's own figures beside occview's: what the
 * report measured, and every value Nsight Compute computed that occview
 * computes too, compared like with like. Compact: one per record. */
#ifndef OCC_CROSSCHECK_H
#define OCC_CROSSCHECK_H

#include <stdbool.h>
#include <stdint.h>

#include "cluster.h"
#include "gpu.h"
#include "occupancy.h"
#include "report.h"
#include "report_infer.h"
#include "waves.h"

/* The values compared, in Nsight Compute's words (crosscheck_label). */
enum crosscheck_field {
	CROSSCHECK_WARPS,          /* Block Limit Warps, launch__occupancy_limit_warps */
	CROSSCHECK_BLOCKS,         /* Block Limit SM */
	CROSSCHECK_REGISTERS,      /* Block Limit Registers */
	CROSSCHECK_SHARED_MEM,     /* Block Limit Shared Mem */
	CROSSCHECK_BARRIERS,       /* Block Limit Barriers: only with launch__barrier_count */
	CROSSCHECK_THEORETICAL,    /* Theoretical Occupancy (%) */
	CROSSCHECK_WAVES,          /* Waves Per SM */
	CROSSCHECK_DRIVER_SMEM,    /* Driver Shared Memory Per Block vs the arch's reserve */
	CROSSCHECK_ACTIVE_WARPS,   /* Theoretical Active Warps per SM */
	CROSSCHECK_REGISTERS_ALLOCATED,  /* launch__registers_per_thread_allocated */
	CROSSCHECK_SMEM_PER_BLOCK,       /* launch__shared_mem_per_block (with the driver's) */
	CROSSCHECK_SMEM_ALLOCATED,       /* launch__shared_mem_per_block_allocated */
	CROSSCHECK_SCHEDULER_WARPS,      /* smsp__maximum_warps_avg_per_active_cycle */
	CROSSCHECK_CLUSTER_MAX_SIZE,     /* Max Cluster Size, launch__cluster_max_potential_size */
	CROSSCHECK_CLUSTER_MAX_ACTIVE,   /* Max Active Clusters, launch__cluster_max_active */
	CROSSCHECK_CLUSTER_OCCUPANCY,    /* Cluster Occupancy (%), launch__occupancy_cluster_pct */
	/* CodeXL/RCP (AMD): waves per CU each factor allows, whole work-groups' */
	CROSSCHECK_AMD_VGPR_WAVES,       /* Nbr VGPR-limited waves */
	CROSSCHECK_AMD_SGPR_WAVES,       /* Nbr SGPR-limited waves */
	CROSSCHECK_AMD_LDS_WAVES,        /* Nbr LDS-limited waves */
	CROSSCHECK_AMD_WORKGROUP_WAVES,  /* Nbr of WG-limited waves */
	CROSSCHECK_N_FIELDS
};

/* A bit for every field (struct crosscheck's bits). */
#define CROSSCHECK_ALL_FIELDS ((uint32_t)((UINT64_C(1) << CROSSCHECK_N_FIELDS) - 1))
_Static_assert(CROSSCHECK_N_FIELDS <= 32, "a field is a bit of a uint32_t");

struct crosscheck {
	uint8_t layout;             /* enum report_ncu_layout: whose rules the report follows */
	uint32_t compared;          /* bit per field compared */
	uint32_t disagree;          /* bit per field that differs */
	uint32_t uncapped;          /* bit per block limit the report printed uncapped */
	uint32_t inferred;          /* bit per field that gave an inferred launch value:
				       it agrees by construction (report_infer.h) */
	uint32_t bounded;           /* bit per field whose occview figure is a range (a
				       cluster's, where no GPC layout is published) */
	float report[CROSSCHECK_N_FIELDS];   /* the report's value, where compared */
	float occview[CROSSCHECK_N_FIELDS];  /* occview's, as the report would print it;
						of a range, the end nearest the report's */
	float bound[2][2];          /* where bounded, the range's ends: [0] Max Active
				       Clusters, [1] Cluster Occupancy (crosscheck_bound) */
};

/* The ends of occview's figure for f where it is a range (f's bit in
 * bounded), else occview's figure twice. */
void crosscheck_bound(const struct crosscheck *c, enum crosscheck_field f, double *lo, double *hi);

/* What the report measured that holds only for the launch it measured: a
 * what-if (any launch parameter or the GPU changed) drops them, and says so
 * (crosscheck_record.dropped). */
enum measured_fact {
	MEASURED_SMEM_CONFIG = 1u << 0,  /* the driver's shared-memory configuration */
	MEASURED_CROSSCHECK = 1u << 1,   /* the profiler's own limits: nothing compared */
	MEASURED_ACHIEVED = 1u << 2,     /* achieved occupancy, duration, per-SM values,
					    the schedulers' statistics */
	MEASURED_DEVICE = 1u << 3,       /* the device and its SM count: another GPU */
};

/* What the profiler itself computed for the record, as it printed it:
 * shown whether or not occview can analyse the record. */
struct crosscheck_figures {
	struct report_num theoretical_pct, active_warps, waves_per_sm;
	struct report_int limits[OCC_N_FACTORS];   /* Block Limit Warps, SM, Registers, ... */
	/* Max Active Clusters, Max Cluster Size, Cluster Occupancy (cc 9.0+). */
	struct report_int cluster_max_active, cluster_max_size;
	struct report_num cluster_occupancy_pct;
	/* CodeXL/RCP: waves per CU limited by VGPRs, SGPRs, LDS, work-groups */
	struct report_int amd_waves[REPORT_AMD_N_LIMITS];
};

/* Who chose the GPU a record is analysed on where the report names none
 * (no device, no architecture occview knows): the user, by --gpu or by
 * picking one in the explorer (the report's GPU, or the what-if's). */
enum crosscheck_gpu_chooser {
	CROSSCHECK_GPU_REPORT,    /* the report's own, or none */
	CROSSCHECK_GPU_FLAG,      /* --gpu */
	CROSSCHECK_GPU_PICKED,    /* picked in the explorer */
};

/* What a kernel record adds to an analysis: measured values, how its GPU was
 * found, the report's own limits, and the cross-check. Absent is not zero. */
struct crosscheck_record {
	bool present;                /* the analysis is of a kernel record */
	bool launch_given;           /* a what-if: changed is not 0, nothing compared */
	uint8_t gpu_chosen_by;       /* enum crosscheck_gpu_chooser: who chose the GPU of a
					record that names none (in the padding here) */
	unsigned changed;            /* PARAM_BIT of each parameter that differs from the
					record's own (params.h); 0: the launch as measured */
	unsigned dropped;            /* enum measured_fact bits the what-if dropped */
	bool incomplete;             /* the report lacks what the occupancy needs (a launch
					value, its GPU): not analysed for the report's sake */
	bool device_unknown;         /* the report names a device the database lacks */
	bool achieved_sq;            /* achieved occupancy computed from AMD's SQ counters
					(REPORT_SQ_OCCUPANCY_FORMULA) */
	int64_t id;                  /* the record's id (report_record_id) */
	uint32_t run;                /* the profiler run of the file (report_record.run) */
	unsigned known;              /* PARAM_BIT of the launch values the record or the
					user gave: where the analysis failed, the others
					are missing, not zero */
	uint8_t gpu_source;          /* enum report_gpu_source */
	uint8_t figures_by;          /* enum report_profiler: who computed its figures */
	uint8_t xcds;                /* the XCDs the SQ figure counted (at most 64), and where
	                                the count came from (enum report_xcds_source); 0: none */
	uint8_t xcds_from;
	int db_sm_count;             /* the database's SM count where the report's won; else 0 */
	struct report_int sm_count;  /* as reported */
	struct report_int smem_config_bytes;  /* the driver's choice, as reported */
	struct report_int driver_smem_bytes;
	struct report_num duration_ns;
	struct report_num achieved_occupancy_pct;
	struct report_num achieved_active_warps;
	const char *achieved_from;   /* the file it was joined from; NULL: the report's own */
	struct report_sched sched;   /* the schedulers, measured */
	/* The profiler's own rule results: the record's own array, valid while
	 * the record is (the findings copy their words; JSON output reads them
	 * while the record is emitted). */
	size_t n_rules;
	const struct report_rule *rules;
	char device[64];             /* as reported (sanitize to show) */
	struct report_inferred inferred;  /* launch values from the report's own limits */
	/* check before profiler: it fills inferred's tail padding (800 bytes) */
	struct crosscheck check;
	struct crosscheck_figures profiler;
};

/* What of in holds for the launch analysed, into out: in with the facts a
 * what-if dropped (in->dropped) made absent, so that JSON and CSV, which
 * have no room for "of the launch as loaded" beside a value, never give
 * the measured launch's achieved occupancy, duration, schedulers, the
 * profiler's figures, the driver's configuration or the device as this
 * launch's. The rule rows stay (their words say which launch they are of). */
void crosscheck_record_kept(const struct crosscheck_record *in, struct crosscheck_record *out);

/* rec's own figures (crosscheck_figures). */
void crosscheck_figures_of(const struct report_record *rec, struct crosscheck_figures *out);
/* Whether it has any. */
bool crosscheck_figures_any(const struct crosscheck_figures *f);
/* Them in words, as printed: "theoretical occupancy 33.33%, 8.00 active
 * warps per SM, block limits: warps 12, SM 24, ..."; "" when none. */
void crosscheck_figures_text(const struct crosscheck_figures *f, char *buf, size_t size);

/* Compares every figure Nsight Compute computed that occview computes too
 * (block limits, theoretical occupancy and active warps, waves per SM, the
 * driver's shared memory, allocated registers and shared memory) with
 * occview's r and w on arch, each computed as the report's Nsight Compute
 * version computes it (crosscheck_rules): whether a block limit is capped at
 * the SM's block limit (an unlimited factor always prints as that limit; a
 * value above it is read as not capped, whatever the version), and which
 * shared-memory configuration its limit divides. barriers_known: the
 * barrier count is the report's or was inferred from its limit (without
 * either the limit is of a count occview only assumed, and is not
 * compared). Percentages, warps and waves are allowed the rounding of
 * their two printed decimals, nothing more (a theoretical occupancy printed
 * more coarsely, rec->theoretical_step_pct: the rounding of its own last
 * digit). */
void crosscheck_compare(const struct report_record *rec, const struct gpu_arch *arch,
			const struct occ_input *in, const struct occ_result *r,
			const struct waves *w, bool barriers_known, struct crosscheck *out);

/* The same for the cluster figures, against occview's cl (cluster.h):
 * Max Cluster Size agrees when it is the portable size or a non-portable
 * one the GPC layouts allow (it is 16 only where the kernel allows
 * non-portable sizes, which no report says); Max Active Clusters and
 * Cluster Occupancy (launch__occupancy_cluster_pct, %), of a launch with
 * clusters, when they lie within occview's bound (the occupancy put in
 * Nsight Compute's terms: the hardware's block slots, not the kernel's). */
void crosscheck_compare_clusters(const struct report_record *rec, const struct gpu_arch *arch,
				 const struct cluster_result *cl, struct crosscheck *out);

/* The rules of a layout: which factors (occ_factor bits) it prints capped
 * at Block Limit SM, and whether its shared-memory limit divides the
 * largest configuration instead of the one the driver chose. */
struct crosscheck_rules {
	unsigned capped;
	bool smem_largest_config;
};
struct crosscheck_rules crosscheck_rules(enum report_ncu_layout layout);
/* occview's block limit of factor f (r's) as a report of that layout prints
 * it, the report having printed `printed` (a value above Block Limit SM is
 * read uncapped): what crosscheck_compare compares. */
int crosscheck_limit_as_printed(const struct gpu_arch *arch, const struct occ_result *r,
				enum occ_factor f, enum report_ncu_layout layout, int64_t printed);
/* The version and its rule in words, for a finding: "Nsight Compute
 * 2019.x-2021.x (a details page with Kernel Time) prints block limits not
 * capped at Block Limit SM and divides the largest configuration". */
void crosscheck_rules_text(enum report_ncu_layout layout, char *buf, size_t size);

static inline bool crosscheck_has(const struct crosscheck *c, enum crosscheck_field f)
{
	return (c->compared >> f) & 1u;
}
static inline bool crosscheck_differs(const struct crosscheck *c, enum crosscheck_field f)
{
	return (c->disagree >> f) & 1u;
}
int crosscheck_count(uint32_t bits);

/* "Block Limit Registers" (the report's label); "block_limit_registers" (JSON). */
const char *crosscheck_label(enum crosscheck_field f);
const char *crosscheck_key(enum crosscheck_field f);
/* Whether the report prints f with two decimals ("93.75"), else none ("8"). */
bool crosscheck_decimals(enum crosscheck_field f);
/* A value as the report prints it: "8", "93.75". */
void crosscheck_value_text(enum crosscheck_field f, double v, char *buf, size_t size);
/* The same as a number (JSON): rounded to what the report prints, so a value
 * kept in a float is 72.73, not 72.73000336. */
double crosscheck_value(enum crosscheck_field f, double v);

#endif
