/* crosscheck.h - a kernel record's own figures beside occview's: what the
 * report measured, and every value Nsight Compute computed that occview
 * computes too, compared like with like. Compact: one per record. */
#ifndef OCC_CROSSCHECK_H
#define OCC_CROSSCHECK_H

#include <stdbool.h>
#include <stdint.h>

#include "gpu.h"
#include "occupancy.h"
#include "report.h"
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
	CROSSCHECK_N_FIELDS
};

struct crosscheck {
	uint16_t compared;          /* bit per field compared */
	uint16_t disagree;          /* bit per field that differs */
	float report[CROSSCHECK_N_FIELDS];   /* the report's value, where compared */
	float occview[CROSSCHECK_N_FIELDS];  /* occview's, as the report would print it */
};

/* What the report measured that holds only for the launch it measured: a
 * what-if (any launch parameter or the GPU changed) drops them, and says so
 * (crosscheck_record.dropped). */
enum measured_fact {
	MEASURED_SMEM_CONFIG = 1u << 0,  /* the driver's shared-memory configuration */
	MEASURED_CROSSCHECK = 1u << 1,   /* the profiler's own limits: nothing compared */
	MEASURED_ACHIEVED = 1u << 2,     /* achieved occupancy, duration, per-SM values */
	MEASURED_DEVICE = 1u << 3,       /* the device and its SM count: another GPU */
};

/* What a kernel record adds to an analysis: measured values, how its GPU was
 * found, the report's own limits, and the cross-check. Absent is not zero. */
struct crosscheck_record {
	bool present;                /* the analysis is of a kernel record */
	bool launch_given;           /* a what-if: changed is not 0, nothing compared */
	unsigned changed;            /* PARAM_BIT of each parameter that differs from the
					record's own (params.h); 0: the launch as measured */
	unsigned dropped;            /* enum measured_fact bits the what-if dropped */
	bool incomplete;             /* the report lacks what the occupancy needs (a launch
					value, its GPU): not analysed for the report's sake */
	bool device_unknown;         /* the report names a device the database lacks */
	uint8_t gpu_source;          /* enum report_gpu_source */
	uint8_t figures_by;          /* enum report_profiler: who computed its figures */
	int db_sm_count;             /* the database's SM count where the report's won; else 0 */
	struct report_int sm_count;  /* as reported */
	struct report_int smem_config_bytes;  /* the driver's choice, as reported */
	struct report_int driver_smem_bytes;
	struct report_num duration_ns;
	struct report_num achieved_occupancy_pct;
	struct report_num achieved_active_warps;
	const char *achieved_from;   /* the file it was joined from; NULL: the report's own */
	struct report_num theoretical_occupancy_pct;  /* the profiler's own figure, as
							 reported: computed, not measured */
	char device[64];             /* as reported (sanitize to show) */
	struct crosscheck check;
};

/* Compares rec's own block limits, theoretical occupancy, waves per SM and
 * driver shared memory with occview's r and w on arch, where rec has them.
 * occview's limits are capped at the arch's blocks per SM as Nsight Compute
 * prints them (an unlimited factor prints as that maximum); the barrier limit
 * is compared only when rec has launch__barrier_count; percentages and waves
 * are allowed the rounding of their two printed decimals, nothing more (a
 * theoretical occupancy printed more coarsely, rec->theoretical_step_pct:
 * the rounding of its own last digit). */
void crosscheck_compare(const struct report_record *rec, const struct gpu_arch *arch,
			const struct occ_result *r, const struct waves *w, struct crosscheck *out);

static inline bool crosscheck_has(const struct crosscheck *c, enum crosscheck_field f)
{
	return (c->compared >> f) & 1u;
}
static inline bool crosscheck_differs(const struct crosscheck *c, enum crosscheck_field f)
{
	return (c->disagree >> f) & 1u;
}
int crosscheck_count(uint16_t bits);

/* "Block Limit Registers" (the report's label); "block_limit_registers" (JSON). */
const char *crosscheck_label(enum crosscheck_field f);
const char *crosscheck_key(enum crosscheck_field f);
/* A value as the report prints it: "8", "93.75". */
void crosscheck_value_text(enum crosscheck_field f, double v, char *buf, size_t size);

#endif
