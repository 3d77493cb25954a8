/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* analysis_memo.h - what an analysis works out from a launch without its
 * grid, kept for the next launch with the same block, registers, shared
 * memory and GPU: a report repeats its launches at many grid sizes. */
#ifndef OCC_ANALYSIS_MEMO_H
#define OCC_ANALYSIS_MEMO_H

#include <stdbool.h>
#include <stdint.h>

#include "gpu.h"
#include "occupancy.h"
#include "rules.h"
#include "tuning.h"

/* A bounded table (4.3 MiB at most, touched only as used: some 7,000
 * launches as a JSON Lines run keeps them), owned by whoever analyses many
 * launches (the session) and passed to analysis_compute_memo. */
struct analysis_memo;

struct analysis_memo *analysis_memo_new(void);
void analysis_memo_free(struct analysis_memo *m);

/* What the memo keys a launch by: its occupancy input (no grid), the
 * partition and cluster size the waves' model takes, and what was asked
 * (an analysis_findings), and the XCDs launch_check reads: every value of
 * the launch but its grid that launch_check or the analysis reads. The GPU
 * is compared whole beside it, or known by its stamp. */
struct analysis_memo_key {
	struct occ_input in;
	int sms;
	int cluster_size;
	int xcds;
	int findings;
};
/* A GPU's stamp: a number its owner (the session) gives the GPU it holds,
 * never the same for other contents, so that the memo knows a GPU it holds
 * by it instead of comparing the GPU whole (3 KB, asked for every launch).
 * 0: none, compared whole. */
/* What is kept: the best block size, the block sizes the grid's rules
 * weigh, and the findings that do not depend on the grid (rules_part
 * LAUNCH and GPU); not the occupancy, which costs less to work out again
 * than to fetch. */
struct analysis_memo_value {
	int best_block_size;
	int64_t min_grid_full_occupancy;
	struct tuning_sizes sizes;   /* n TUNING_SIZES_UNKNOWN: not swept yet */
};

/* The entry for key on gpu, or NULL: v gets its values, out[0..) its
 * LAUNCH findings (their count in *n), each with cache as its cache
 * (rules_sink's fmts). *entry is what analysis_memo_tail takes. */
bool analysis_memo_find(struct analysis_memo *m, const struct gpu *gpu, uint64_t gpu_stamp,
			const struct analysis_memo_key *key, struct analysis_memo_value *v,
			struct finding *out, int *n, struct rules_fmts *cache, void **entry);
/* Keeps v and the findings launch[0..n_launch) and tail[0..n_tail) for
 * key on gpu; false where they do not fit an entry (nothing kept). *entry
 * as analysis_memo_find's. gpu may not have changed since a find for it
 * that this follows (its slot is not looked up again). */
bool analysis_memo_keep(struct analysis_memo *m, const struct gpu *gpu, uint64_t gpu_stamp,
			const struct analysis_memo_key *key, const struct analysis_memo_value *v,
			const struct finding *launch, int n_launch, const struct finding *tail,
			int n_tail, void **entry);
/* Appends the entry's GPU findings to out[0..n) while there is room
 * (RULES_MAX_FINDINGS), as rules_evaluate_part would; returns the count.
 * cache: what each finding's cache is set to (rules_sink's fmts). */
int analysis_memo_tail(void *entry, struct finding *out, int n, struct rules_fmts *cache);

/* The entry's block sizes, swept since it was kept or found (sizes->n
 * TUNING_SIZES_UNKNOWN: still not). */
void analysis_memo_sizes(void *entry, const struct tuning_sizes *sizes);

/* Hits and misses so far (tests, benchmarks). */
void analysis_memo_counts(const struct analysis_memo *m, long *hits, long *misses);

#endif
