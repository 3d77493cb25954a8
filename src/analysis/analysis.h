/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* analysis.h - everything occview computes for one launch on one GPU: the
 * occupancy result, waves, tuning and findings, ready for any output. Which
 * launch and GPU a kernel record is analysed with is the session's to say
 * (session.h); this is the computation. */
#ifndef OCC_ANALYSIS_H
#define OCC_ANALYSIS_H

#include <stdbool.h>
#include <stdint.h>

#include "cluster.h"
#include "crosscheck.h"
#include "error.h"
#include "gpu.h"
#include "launch.h"
#include "occupancy.h"
#include "rules.h"
#include "sched.h"
#include "waves.h"

struct analysis {
	struct launch launch;
	bool ok;                  /* false: error says why nothing was computed */
	struct occ_error error;
	struct gpu gpu;
	struct occ_input in;
	struct occ_result r;
	struct waves w;
	struct cluster_result cl;  /* cl.applies: the GPU has thread-block clusters */
	struct sched sched;       /* where the blocks land: units, clusters, partition */
	bool has_findings;        /* the findings and tuning below were computed */
	int best_block_size;
	int64_t min_grid_full_occupancy;
	int n_findings;
	struct finding findings[RULES_MAX_FINDINGS];
	struct crosscheck_record report;  /* report.present: the analysis of a kernel record */
	unsigned not_applicable;  /* PARAM_BIT of the flags this GPU's vendor lacks (--gpu A,B) */
	/* A kernel read from a binary or a compiler's log: its record, for
	 * what the compiler wrote (rec->binary) and its full name, valid while
	 * the record is; and the PARAM_BITs of the launch values neither it
	 * nor the flags gave, which occview assumed (binary_launch.h). NULL
	 * and 0 for anything else. */
	const struct report_record *compiled;
	unsigned assumed;
	/* The rules' formats parsed once, for the next launches analysed here. */
	struct rules_fmts fmts;
};

/* Computes everything for l on gpu. l is checked first; file and line (file NULL
 * for a launch from flags) say where it came from in the error. */
void analysis_run(struct analysis *a, const struct launch *l, const struct gpu *gpu,
		  const char *file, long line);
/* What analysis_compute works out besides the occupancy and waves. */
enum analysis_findings {
	ANALYSIS_NO_FINDINGS,     /* CSV's: the occupancy and waves alone */
	ANALYSIS_FINDINGS,        /* the findings (and the best block size) */
	ANALYSIS_FINDING_TITLES,  /* the same, each finding's text left out (text_omitted) */
	ANALYSIS_FINDING_PARAMS,  /* the same, each text kept as parameters (RULES_PARAMS) */
};

/* The same with only what the output needs (findings: an analysis_findings;
 * true and false read as ANALYSIS_FINDINGS and ANALYSIS_NO_FINDINGS). measured_config >= 0: the driver's shared-memory configuration
 * for the launch a report measured (occ_input); -1: none. a->report is
 * left empty for the caller (the session) to fill. */
void analysis_compute(struct analysis *a, const struct launch *l, const struct gpu *gpu,
		      int64_t measured_config, const char *file, long line, int findings);
/* The same, with what does not depend on the grid taken from m where m
 * has it for this launch and GPU (launch_check's answer with it), and kept
 * there where not (m NULL: as analysis_compute). gpu_stamp: gpu's stamp
 * (analysis_memo.h), 0 for none. The results are the same byte for byte.
 * held, where not NULL, is the caller's word on a->gpu: the stamp of the
 * GPU it holds, which the caller knows because it made a and wrote a->gpu
 * only through these calls since (0: not known). A launch on the GPU of
 * that stamp keeps the copy instead of making it again (3 KB a record);
 * *held is then the stamp a->gpu holds. The analysis itself keeps no such
 * mark: a struct a caller mallocs would carry a stale one. */
struct analysis_memo;
void analysis_compute_memo(struct analysis *a, struct analysis_memo *m, const struct launch *l,
			   const struct gpu *gpu, uint64_t gpu_stamp, uint64_t *held,
			   int64_t measured_config, const char *file, long line, int findings);
/* Marks a launch that could not be read or resolved. */
void analysis_fail(struct analysis *a, const struct launch *l, const struct occ_error *err);

/* The nearest step that gains occupancy, as the table pane's tuning says
 * it ("registers 38->32"; "-" where none): the side-by-side table's and the
 * explorer's GPUs compared. */
void analysis_next_step(const struct analysis *a, char *buf, size_t size);
/* The flags a's GPU's vendor lacks, comma-separated ("carveout"); "-"
 * where none. */
void analysis_not_applicable(const struct analysis *a, char *buf, size_t size);

#endif
