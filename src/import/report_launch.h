/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* report_launch.h - the seam between reports and the analysis: one kernel
 * record becomes a launch on a GPU, whichever profiler wrote it. */
#ifndef OCC_REPORT_LAUNCH_H
#define OCC_REPORT_LAUNCH_H

#include <stdbool.h>

#include "error.h"
#include "gpu.h"
#include "launch.h"
#include "params.h"
#include "report.h"

/* What the user gave (flags, or the explorer's what-if): their values
 * override the record's and stand in for values the record lacks. */
struct report_launch_given {
	const struct gpu *gpu;        /* PARAM_GPU, resolved; NULL: the record's own device */
	const struct launch *launch;  /* values of the parameters in `fields` (NULL if none) */
	unsigned fields;              /* PARAM_BIT of each launch parameter given (params.h) */
};

/* How the GPU of a record was chosen. */
enum report_gpu_source {
	REPORT_GPU_NONE,     /* not chosen: the error says why */
	REPORT_GPU_GIVEN,    /* the user's --gpu */
	REPORT_GPU_NAMED,    /* the device name the report gives */
	REPORT_GPU_MATCHED,  /* the arch (gfx target, compute capability) and SM/CU count */
	REPORT_GPU_FIRST,    /* the arch only: the database's device for it (stand_in) */
};

/* Fills l (kernel = the record's short name, always, so a failed record still
 * shows its name) and gpu from rec. The GPU: the given one; else the device
 * the report names; else the first device of the record's arch whose SM (CU)
 * count is the report's, else the database's device for that arch
 * (gpu_db_arch_device); a device the report names that the database lacks
 * is named in the error when the record gives no arch. Fields the
 * occupancy needs (grid, block, registers / VGPRs, shared memory / LDS) must
 * come from the record or the given fields; fields it does not need to be
 * exact take documented defaults (report_launch.c). False with err (status
 * OCC_EDATA, or OCC_EUSAGE when the given GPU is of the other vendor) naming
 * file, the record's line and the field. */
bool report_launch(const struct gpu_db *db, const struct report_record *rec,
		   const struct report_launch_given *given, const char *file, struct launch *l,
		   struct gpu *gpu, enum report_gpu_source *source, struct occ_error *err);

/* The two halves of report_launch. The GPU alone (given, else the device
 * the report names, else the arch's: as report_launch says). */
bool report_choose_gpu(const struct gpu_db *db, const struct report_record *rec,
		       const struct gpu *given, const char *file, struct gpu *out,
		       enum report_gpu_source *source, struct occ_error *err);
/* Whether a given GPU can run the record, as report_choose_gpu decides it
 * (which then takes given, REPORT_GPU_GIVEN), without copying the GPU. */
bool report_gpu_takes(const struct report_record *rec, const struct gpu *given, const char *file,
		      struct occ_error *err);
/* The launch alone, for a record run on a GPU of architecture arch (the
 * record's own vendor wins when it says one: report_launch refuses the
 * mismatch first; NULL, no GPU known: the record's vendor, else NVIDIA's).
 * Values the record lacks are all named in one error, with every flag that
 * supplies them, and *missing (when not NULL) gets their PARAM_BITs (0 when
 * the error is of another kind). */
bool report_launch_fill(const struct report_record *rec, const struct report_launch_given *given,
			const struct gpu_arch *arch, const char *file, struct launch *l, unsigned *missing,
			struct occ_error *err);
/* report_launch_fill's launch where it takes every value it reads: own is
 * report_launch_own_taken's launch of the record on the same arch, and
 * refused the PARAM_BITs it gave, copied with the given values over it.
 * False (l untouched) where report_launch_fill would refuse a value or
 * lack one: the caller then asks it (its error, and its launch as far as it
 * got). One clear and one reading of the record, not two, for the launch as
 * measured and as analysed (session.c). */
bool report_launch_fill_own(const struct report_launch_given *given, unsigned refused,
			    const struct launch *own, struct launch *l);
/* The error report_launch_fill gives for the values in missing (PARAM_BIT). */
void report_launch_lacking(const struct report_record *rec, unsigned missing, const char *file,
			   struct occ_error *err);
/* The launch parameters the record itself gives (PARAM_BIT), with their
 * values in l (launch_init's elsewhere): the launch as measured, for the
 * question "is this still the record's launch?" (session.c). */
unsigned report_launch_own(const struct report_record *rec, const struct gpu_arch *arch,
			   struct launch *l);
/* The same, and in *refused the PARAM_BITs of the values report_launch_fill
 * would not take from the record on arch: lacking where it needs them, or
 * out of their range (report_launch_fill_own). */
unsigned report_launch_own_taken(const struct report_record *rec, const struct gpu_arch *arch,
				 struct launch *l, unsigned *refused);
/* Where the XCD count AMD's SQ counters are summed over came from: the
 * report (Omniperf's sysinfo.csv), --xcds, or the database's default
 * partition mode (SPX, gpu_default_xcds); NONE: not known, no figure. */
enum report_xcds_source {
	REPORT_XCDS_NONE, REPORT_XCDS_REPORT, REPORT_XCDS_FLAG, REPORT_XCDS_DATABASE,
	REPORT_XCDS_AGENT_INFO   /* the report's too: rocprofv3's agent_info.csv */
};
struct report_xcds {
	int n;
	enum report_xcds_source from;
};
/* "sysinfo.csv", "--xcds", "the database's default partition mode (SPX)",
 * "agent_info.csv";
 * NULL for NONE. */
const char *report_xcds_source_text(enum report_xcds_source from);

/* Achieved occupancy counted from a record's counters on gpu, where the
 * record has no per-SM events: AMD's SQ counters (*sq set) as
 * rocprofiler-compute counts them, over the XCDs in *xcds (the report's,
 * else xcds_given (0: none), else the database's default), else the
 * profiler's active-warp counts. False where the record has neither, or on
 * AMD where no XCD count is known (*xcds says NONE). */
bool report_launch_counted_occupancy(const struct report_record *rec, const struct gpu *gpu,
				     int xcds_given, struct report_num *pct,
				     struct report_num *warps, bool *sq, struct report_xcds *xcds);
/* The vendor the record's fields say, or REPORT_VENDOR_UNKNOWN. */
enum report_vendor report_record_vendor(const struct report_record *rec);

/* A device of the vendor rec's fields say: prefer (may be NULL) where it is
 * of that vendor, else the database's first. A record whose GPU is not
 * known yet is shown in its vendor's words (workgroups, VGPRs and LDS for an
 * AMD kernel), never run on it. False when the record says no vendor, or
 * the database has none of it. */
bool report_vendor_device(const struct gpu_db *db, const struct report_record *rec,
			  const struct gpu *prefer, struct gpu *out);

/* Whether given is another GPU than the one rec ran on, in what the
 * measurement depends on: another architecture, or another SM (CU) count
 * than the report's (than own's, the device the report names, when it has
 * no count). A GPU for a record that says nothing of its own only stands in
 * (false). own: the record's own GPU (report_choose_gpu without one given),
 * NULL when it has none. */
bool report_gpu_is_other(const struct report_record *rec, const struct gpu *own,
			 const struct gpu *given);

/* True when the record names its device (not just an ordinal like "0") and
 * the database does not know it, so that source fell back to the arch. */
bool report_launch_device_unknown(const struct report_record *rec, enum report_gpu_source source);

/* The report's SM (CU) count wins over the database's for a GPU the report
 * chose, or an architecture --gpu named (a stand-in of the record's own;
 * not a device --gpu named, whose SM count is the user's): gpu->sm_count
 * becomes the report's, gpu->stand_in false, and the database's count is
 * returned; 0 when the count did not change. */
int report_launch_own_sm_count(const struct report_record *rec, enum report_gpu_source source,
			       struct gpu *gpu);
/* Whether report_launch_own_sm_count would change gpu at all: where not, a
 * caller need not copy the GPU to call it. */
bool report_launch_own_sm_count_changes(const struct report_record *rec,
					enum report_gpu_source source, const struct gpu *gpu);

/* True when name is the record's short name or its full name; trailing
 * blanks (Omniperf 1.x ends names with one) do not count. Case matters. */
bool report_launch_matches(const struct report_record *rec, const char *name);

#endif
