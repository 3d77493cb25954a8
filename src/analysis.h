/* analysis.h - everything occview computes for one launch on one GPU: the
 * occupancy result, waves, tuning and findings, ready for any output. */
#ifndef OCC_ANALYSIS_H
#define OCC_ANALYSIS_H

#include <stdbool.h>
#include <stdint.h>

#include "crosscheck.h"
#include "error.h"
#include "gpu.h"
#include "launch.h"
#include "occupancy.h"
#include "report_launch.h"
#include "rules.h"
#include "waves.h"

struct analysis {
	struct launch launch;
	bool ok;                  /* false: error says why nothing was computed */
	struct occ_error error;
	struct gpu gpu;
	struct occ_input in;
	struct occ_result r;
	struct waves w;
	int best_block_size;
	int64_t min_grid_full_occupancy;
	int n_findings;
	struct finding findings[RULES_MAX_FINDINGS];
	struct crosscheck_record report;  /* report.present: the analysis of a kernel record */
};

/* Computes everything for l on gpu. l is checked first; file and line (file NULL
 * for a launch from flags) say where it came from in the error. */
void analysis_run(struct analysis *a, const struct launch *l, const struct gpu *gpu,
		  const char *file, long line);
/* One kernel record: its launch and GPU (report_launch, with the report's SM
 * count and the driver's shared-memory configuration over the database's),
 * analysis_run, the cross-check with the record's own figures, and the
 * report's findings (rules_report). False with a->ok false and a->error (also
 * in err) when the record cannot be analysed; a->report is filled either way. */
bool analysis_run_record(struct analysis *a, const struct gpu_db *db,
			 const struct report_record *rec, const struct report_launch_given *given,
			 const char *file, struct occ_error *err);
/* The launch and GPU a kernel record is analysed with: what
 * analysis_run_record computes on, and the kernel browser too, so that both
 * give the same. report_launch; the report's SM count over the database's;
 * when the launch is the record's own (no launch flags, no --gpu of another
 * architecture) the driver's shared-memory configuration in gpu->arch; and
 * cr, the record's part (measured values, where the GPU came from; nothing
 * compared yet). Per-SM events (nvprof) give cr the average achieved
 * occupancy and active warps where the report has none; rec is not changed.
 * False with err when the record cannot be resolved (l keeps its name, gpu
 * is zeroed, cr is filled). */
bool analysis_record_launch(const struct gpu_db *db, const struct report_record *rec,
			    const struct report_launch_given *given, const char *file,
			    struct launch *l, struct gpu *gpu, struct crosscheck_record *cr,
			    struct occ_error *err);
/* The GPU a record ran on (the report's SM count applied), even when its
 * launch cannot be resolved: to read per-SM events (report_sm_occupancy) or
 * show the record's device. False when the report does not say it. */
bool analysis_record_gpu(const struct gpu_db *db, const struct report_record *rec,
			 const struct report_launch_given *given, const char *file,
			 struct gpu *gpu);
/* A what-if launch l on gpu changed from a record's (record: what
 * analysis_run_record gave): analysis_run, then the report's findings that
 * still hold (the comment in analysis.c says which); as analysis_run when
 * record is not a record's. */
void analysis_run_whatif(struct analysis *a, const struct launch *l, const struct gpu *gpu,
			 const struct analysis *record);
/* Marks a record that could not be read or resolved. */
void analysis_fail(struct analysis *a, const struct launch *l, const struct occ_error *err);

#endif
