/* analysis.c - everything occview computes for one launch on one GPU, and for
 * a kernel record the report's own figures beside it. */
#include "config.h"

#include "analysis.h"

#include <string.h>

#include "strutil.h"
#include "tuning.h"

/* driver_config: the shared-memory configuration the driver chose for this
 * very launch (a report's), or NULL; it goes into a->gpu's arch copy. */
static void run(struct analysis *a, const struct launch *l, const struct gpu *gpu,
		const char *file, long line, const struct report_int *driver_config)
{
	struct rules_input ri;

	memset(a, 0, sizeof(*a));
	a->launch = *l;
	a->gpu = *gpu;
	if (driver_config && driver_config->present && driver_config->value >= 0) {
		a->gpu.arch.driver_smem_config = true;
		a->gpu.arch.driver_smem_config_bytes = driver_config->value;
	}
	gpu = &a->gpu;
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

void analysis_run(struct analysis *a, const struct launch *l, const struct gpu *gpu,
		  const char *file, long line)
{
	run(a, l, gpu, file, line, NULL);
}

bool analysis_run_record(struct analysis *a, const struct gpu_db *db,
			 const struct report_record *rec, const struct report_launch_given *given,
			 const char *file, struct occ_error *err)
{
	struct crosscheck_record cr = { .present = true };
	enum report_gpu_source source;
	struct launch l;
	struct gpu gpu;
	/* Launch flags, or a --gpu of another architecture than the record's,
	 * make it another launch than the one the report measured: the driver's
	 * choice and the report's limits are of the measured one. A --gpu for a
	 * record that does not say its architecture (Nsight Compute 2019) is
	 * taken as the GPU it ran on. */
	bool own = !(given->launch && given->fields) &&
		   (!given->gpu || !rec->cc_major.present || !rec->cc_minor.present ||
		    (given->gpu->arch.vendor == GPU_NVIDIA &&
		     given->gpu->arch.cc_major == rec->cc_major.value &&
		     given->gpu->arch.cc_minor == rec->cc_minor.value));

	cr.launch_given = !own;
	cr.sm_count = rec->sm_count;
	cr.smem_config_bytes = rec->smem_config_bytes;
	cr.driver_smem_bytes = rec->driver_smem_bytes;
	cr.duration_ns = rec->duration_ns;
	cr.achieved_occupancy_pct = rec->achieved_occupancy_pct;
	cr.achieved_active_warps = rec->achieved_active_warps;
	str_copy(cr.device, sizeof(cr.device), rec->device);
	if (!report_launch(db, rec, given, file, &l, &gpu, &source, err)) {
		analysis_fail(a, &l, err);
		a->report = cr;
		return false;
	}
	cr.gpu_source = (uint8_t)source;
	cr.device_unknown = report_launch_device_unknown(rec, source);
	cr.db_sm_count = report_launch_own_sm_count(rec, source, &gpu);
	run(a, &l, &gpu, file, rec->line, own ? &rec->smem_config_bytes : NULL);
	if (!a->ok) {
		*err = a->error;
		a->report = cr;
		return false;
	}
	if (own)
		crosscheck_compare(rec, &gpu.arch, &a->r, &a->w, &cr.check);
	a->report = cr;
	a->n_findings = rules_report(&a->gpu, &a->r, &a->w, &a->report, a->findings, a->n_findings);
	return true;
}

void analysis_fail(struct analysis *a, const struct launch *l, const struct occ_error *err)
{
	memset(a, 0, sizeof(*a));
	a->launch = *l;
	a->error = *err;
}
