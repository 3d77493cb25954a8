/* report_launch.h - the seam between reports and the analysis: one kernel
 * record becomes a launch on a GPU, whichever profiler wrote it. */
#ifndef OCC_REPORT_LAUNCH_H
#define OCC_REPORT_LAUNCH_H

#include <stdbool.h>

#include "error.h"
#include "gpu.h"
#include "launch.h"
#include "report.h"

/* Launch fields the user gave (flags): they override the record's values and
 * stand in for values the record lacks. */
enum report_launch_field {
	REPORT_LAUNCH_GRID = 1u << 0,
	REPORT_LAUNCH_BLOCK = 1u << 1,
	REPORT_LAUNCH_REGISTERS = 1u << 2,     /* AMD: arch VGPRs */
	REPORT_LAUNCH_STATIC_SMEM = 1u << 3,   /* AMD: LDS */
	REPORT_LAUNCH_DYNAMIC_SMEM = 1u << 4,
	REPORT_LAUNCH_CARVEOUT = 1u << 5,
	REPORT_LAUNCH_BARRIERS = 1u << 6,
};

struct report_launch_given {
	const struct gpu *gpu;        /* --gpu, resolved; NULL: the record's own device */
	const struct launch *launch;  /* values of the fields in `fields` (NULL if none) */
	unsigned fields;              /* enum report_launch_field bits */
};

/* How the GPU of a record was chosen. */
enum report_gpu_source {
	REPORT_GPU_NONE,     /* not chosen: the error says why */
	REPORT_GPU_GIVEN,    /* the user's --gpu */
	REPORT_GPU_NAMED,    /* the device name the report gives */
	REPORT_GPU_MATCHED,  /* the arch (gfx target, compute capability) and SM/CU count */
	REPORT_GPU_FIRST,    /* the arch only: the database's first device of it */
};

/* Fills l (kernel = the record's short name, always, so a failed record still
 * shows its name) and gpu from rec. The GPU: the given one; else the device
 * the report names; else the first device of the record's arch whose SM (CU)
 * count is the report's, else the first device of that arch. Fields the
 * occupancy needs (grid, block, registers / VGPRs, shared memory / LDS) must
 * come from the record or the given fields; fields it does not need to be
 * exact take documented defaults (report_launch.c). False with err (status
 * OCC_EDATA, or OCC_EUSAGE when the given GPU is of the other vendor) naming
 * file, the record's line and the field. */
bool report_launch(const struct gpu_db *db, const struct report_record *rec,
		   const struct report_launch_given *given, const char *file, struct launch *l,
		   struct gpu *gpu, enum report_gpu_source *source, struct occ_error *err);

/* True when the record names its device (not just an ordinal like "0") and
 * the database does not know it, so that source fell back to the arch. */
bool report_launch_device_unknown(const struct report_record *rec, enum report_gpu_source source);

/* The report's SM (CU) count wins over the database's for a GPU the report
 * chose (not --gpu, whose SM count is the user's): gpu->sm_count becomes the
 * report's and the database's is returned; 0 when nothing changed. */
int report_launch_own_sm_count(const struct report_record *rec, enum report_gpu_source source,
			       struct gpu *gpu);

/* True when name is the record's short name or its full name; trailing
 * blanks (Omniperf 1.x ends names with one) do not count. Case matters. */
bool report_launch_matches(const struct report_record *rec, const char *name);

#endif
