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
/* Marks a record that could not be read or resolved. */
void analysis_fail(struct analysis *a, const struct launch *l, const struct occ_error *err);

#endif
