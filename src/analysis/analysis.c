/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* analysis.c - everything occview computes for one launch on one GPU. */
#include "config.h"

#include "analysis.h"
#include "analysis_memo.h"

#include <stdio.h>
#include <string.h>

#include "params.h"
#include "strfmt.h"
#include "tuning.h"

/* What a refused launch leaves zero: the compute path writes each whole
 * (occ_compute, sched_init with its clusters, waves_compute_sched). */
static void clear_results(struct analysis *a)
{
	memset(&a->r, 0, sizeof(a->r));
	memset(&a->w, 0, sizeof(a->w));
	memset(&a->cl, 0, sizeof(a->cl));
	memset(&a->sched, 0, sizeof(a->sched));
}

/* Clears what every analysis sets, without touching the findings' text
 * (14 KB that only n_findings makes valid) or the results clear_results
 * clears: a report's records are analysed one after another into one
 * struct. */
static void reset(struct analysis *a, const struct launch *l, const struct gpu *gpu, bool kept)
{
	a->launch = *l;
	a->ok = false;
	occ_error_clear(&a->error);
	if (!gpu)
		memset(&a->gpu, 0, sizeof(a->gpu));
	else if (!kept)
		a->gpu = *gpu;
	memset(&a->in, 0, sizeof(a->in));
	a->has_findings = false;
	a->compiled = NULL;
	a->assumed = 0;
	a->best_block_size = 0;
	a->min_grid_full_occupancy = 0;
	a->n_findings = 0;
	memset(&a->report, 0, sizeof(a->report));
	a->not_applicable = 0;
}

/* The findings of a launch with a memo: those that do not depend on the
 * grid from it (v, just found: hit), or worked out and kept there, the
 * grid's fresh, in rules_evaluate's order. False where the memo could not
 * keep them. */
static bool memo_findings(struct analysis *a, struct analysis_memo *m, uint64_t gpu_stamp,
			  const struct analysis_memo_key *key, struct rules_input *ri,
			  struct analysis_memo_value *v, bool hit, void *entry)
{
	struct rules_fmts *cache = ri->params && !ri->titles_only ? ri->fmts : NULL;
	int n = a->n_findings, tail;

	if (!hit) {
		v->best_block_size = a->best_block_size;
		v->min_grid_full_occupancy = a->min_grid_full_occupancy;
		v->sizes.n = TUNING_SIZES_UNKNOWN;
		n = rules_evaluate_part(ri, a->findings, 0, RULES_PART_LAUNCH);
		/* The GPU's part after the launch's (room enough: at most four
		 * each), moved behind the grid's from the memo. */
		tail = rules_evaluate_part(ri, a->findings, n, RULES_PART_GPU);
		if (!analysis_memo_keep(m, &a->gpu, gpu_stamp, key, v, a->findings, n,
					a->findings + n, tail - n, &entry))
			return false;
	}
	/* swept where this grid needs them, and kept */
	ri->sizes = &v->sizes;
	n = rules_evaluate_part(ri, a->findings, n, RULES_PART_GRID);
	analysis_memo_sizes(entry, &v->sizes);
	n = analysis_memo_tail(entry, a->findings, n, cache);
	rules_order(a->findings, n);
	a->n_findings = n;
	return true;
}

void analysis_compute_memo(struct analysis *a, struct analysis_memo *m, const struct launch *l,
			   const struct gpu *gpu, uint64_t gpu_stamp, uint64_t *held,
			   int64_t measured_config, const char *file, long line, int findings)
{
	struct rules_input ri;
	struct analysis_memo_key key;
	struct analysis_memo_value v;
	void *entry = NULL;
	bool hit = false;

	reset(a, l, gpu, held && gpu && gpu_stamp && *held == gpu_stamp);
	if (held)
		*held = gpu ? gpu_stamp : 0;
	gpu = &a->gpu;
	occ_input_from_launch(l, &a->in);
	occ_input_measured_config(&a->in, measured_config);
	/* The occupancy alone costs less than looking it up: the memo's
	 * entries are out of the cache where a report has thousands of
	 * launches (a rocprof trace of 100,000 dispatches, 6,000 launches:
	 * 4% fewer instructions, 10% more cache misses, slower). */
	if (findings == ANALYSIS_NO_FINDINGS)
		m = NULL;
	/* The key is every value launch_check reads but the grid: a launch
	 * found passed it, at a grid that passed as this one does. */
	if (m && launch_grid_checks_pass(l)) {
		memset(&key, 0, sizeof(key));
		key.in = a->in;
		key.sms = l->sms;
		key.cluster_size = l->cluster_size;
		key.xcds = l->xcds;
		key.findings = findings;
		hit = analysis_memo_find(m, gpu, gpu_stamp, &key, &v, a->findings, &a->n_findings,
					 findings == ANALYSIS_FINDING_PARAMS ? &a->fmts : NULL,
					 &entry);
	} else {
		m = NULL;
	}
	if (!hit && !launch_check(l, gpu, file, line, &a->error)) {
		memset(&a->in, 0, sizeof(a->in));
		clear_results(a);
		return;
	}
	a->ok = true;
	occ_compute(&gpu->arch, &a->in, &a->r);
	sched_init(&a->sched, gpu, l->sms, a->r.active_blocks_per_sm, l->cluster_size, &a->cl);
	waves_compute_sched(&a->r, &a->sched, launch_grid_size(l), &a->w);
	if (findings == ANALYSIS_NO_FINDINGS)
		return;
	a->has_findings = true;
	if (hit) {
		a->best_block_size = v.best_block_size;
		a->min_grid_full_occupancy = v.min_grid_full_occupancy;
	} else {
		tuning_best_block_size(&gpu->arch, a->sched.units, &a->in, &a->best_block_size,
				       &a->min_grid_full_occupancy);
		/* A grid of whole clusters: CUDA refuses any other. */
		if (l->cluster_size > 1 && a->min_grid_full_occupancy % l->cluster_size)
			a->min_grid_full_occupancy += l->cluster_size -
						      a->min_grid_full_occupancy % l->cluster_size;
	}
	ri = (struct rules_input){ gpu, &a->in, launch_grid_size(l), &a->r, &a->w, &a->sched,
				   &a->cl, findings == ANALYSIS_FINDING_TITLES,
				   findings == ANALYSIS_FINDING_PARAMS, &a->fmts, NULL };
	if (m && memo_findings(a, m, gpu_stamp, &key, &ri, &v, hit, entry))
		return;
	ri.sizes = NULL;
	a->n_findings = rules_evaluate(&ri, a->findings);
}

void analysis_compute(struct analysis *a, const struct launch *l, const struct gpu *gpu,
		      int64_t measured_config, const char *file, long line, int findings)
{
	analysis_compute_memo(a, NULL, l, gpu, 0, NULL, measured_config, file, line, findings);
}

void analysis_run(struct analysis *a, const struct launch *l, const struct gpu *gpu,
		  const char *file, long line)
{
	analysis_compute(a, l, gpu, -1, file, line, ANALYSIS_FINDINGS);
}

void analysis_fail(struct analysis *a, const struct launch *l, const struct occ_error *err)
{
	reset(a, l, NULL, false);
	clear_results(a);
	a->error = *err;
}

void analysis_next_step(const struct analysis *a, char *buf, size_t size)
{
	struct tuning_step st[OCC_N_FACTORS];
	int n = tuning_steps(&a->gpu.arch, &a->in, &a->r, st);

	strfmt(buf, size, "-");
	for (int i = 0; i < n; i++)
		if (st[i].has_gain) {
			strfmt(buf, size, "%s %lld->%lld", tuning_param_label(&a->gpu.arch, st[i].param),
				 (long long)st[i].from, (long long)st[i].to);
			return;
		}
}

void analysis_not_applicable(const struct analysis *a, char *buf, size_t size)
{
	size_t len = 0;

	strfmt(buf, size, "-");
	for (int p = 0; p < PARAM_N && len < size; p++)
		if (a->not_applicable & PARAM_BIT(p))
			len += (size_t)strfmt(buf + len, size - len, "%s%s", len ? "," : "",
						param_info((enum launch_param)p)->flag + 2);
}
