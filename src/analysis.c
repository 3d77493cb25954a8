/* analysis.c - everything occview computes for one launch on one GPU. */
#include "config.h"

#include "analysis.h"

#include <string.h>

#include "tuning.h"

void analysis_run(struct analysis *a, const struct launch *l, const struct gpu *gpu,
		  const char *file, long line)
{
	struct rules_input ri;

	memset(a, 0, sizeof(*a));
	a->launch = *l;
	a->gpu = *gpu;
	if (!launch_check(l, gpu, file, line, &a->error))
		return;
	a->ok = true;
	occ_input_from_launch(l, &a->in);
	occ_compute(&gpu->arch, &a->in, &a->r);
	waves_compute(&a->r, gpu->sm_count, launch_grid_size(l), &a->w);
	tuning_best_block_size(&gpu->arch, gpu->sm_count, &a->in, &a->best_block_size,
			       &a->min_grid_full_occupancy);
	ri = (struct rules_input){ gpu, &a->in, launch_grid_size(l), &a->r, &a->w };
	a->n_findings = rules_evaluate(&ri, a->findings);
}

void analysis_fail(struct analysis *a, const struct launch *l, const struct occ_error *err)
{
	memset(a, 0, sizeof(*a));
	a->launch = *l;
	a->error = *err;
}
