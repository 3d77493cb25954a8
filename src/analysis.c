/* analysis.c - everything occview computes for one launch on one GPU, and for
 * a kernel record the report's own figures beside it. */
#include "config.h"

#include "analysis.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strutil.h"
#include "tuning.h"

/* The analysis proper: l on gpu, whose arch carries the driver's
 * shared-memory configuration where a record's does (analysis_record_launch). */
static void run(struct analysis *a, const struct launch *l, const struct gpu *gpu,
		const char *file, long line)
{
	struct rules_input ri;

	memset(a, 0, sizeof(*a));
	a->launch = *l;
	a->gpu = *gpu;
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
	run(a, l, gpu, file, line);
}

/* Launch flags, or a --gpu of another architecture than the record's, make it
 * another launch than the one the report measured: the driver's choice and
 * the report's limits are of the measured one. A --gpu for a record that does
 * not say its architecture (Nsight Compute 2019) is taken as the GPU it ran on. */
static bool own_launch(const struct report_record *rec, const struct report_launch_given *given)
{
	return !(given->launch && given->fields) &&
	       (!given->gpu || !rec->cc_major.present || !rec->cc_minor.present ||
		(given->gpu->arch.vendor == GPU_NVIDIA &&
		 given->gpu->arch.cc_major == rec->cc_major.value &&
		 given->gpu->arch.cc_minor == rec->cc_minor.value));
}

bool analysis_record_gpu(const struct gpu_db *db, const struct report_record *rec,
			 const struct report_launch_given *given, const char *file,
			 struct gpu *gpu)
{
	/* report_launch is the one place that chooses a record's GPU; the
	 * launch fields it needs are stood in for (from launch_init), since
	 * the choice of GPU does not depend on them. */
	struct report_launch_given stand_in = *given;
	enum report_gpu_source source;
	struct occ_error err = { 0 };
	struct launch fields, l;

	launch_init(&fields);
	if (!stand_in.launch || !stand_in.fields)
		stand_in.launch = &fields;
	stand_in.fields |= REPORT_LAUNCH_GRID | REPORT_LAUNCH_BLOCK | REPORT_LAUNCH_REGISTERS |
			   REPORT_LAUNCH_STATIC_SMEM | REPORT_LAUNCH_DYNAMIC_SMEM;
	if (!report_launch(db, rec, &stand_in, file, &l, gpu, &source, &err))
		return false;
	report_launch_own_sm_count(rec, source, gpu);
	return true;
}

/* The average achieved occupancy and active warps from per-SM events
 * (nvprof --aggregate-mode off) where the report gave no average. rec is
 * const: report_sm_occupancy runs on a shallow copy whose one allocation
 * (its per-SM array) is freed here; rec's own arrays are only read. */
static void measured_from_events(const struct report_record *rec, const struct gpu *gpu,
				 struct crosscheck_record *cr)
{
	struct report_record copy;

	if (rec->n_sm_events == 0 ||
	    (rec->achieved_occupancy_pct.present && rec->achieved_active_warps.present))
		return;
	copy = *rec;
	copy.sm_achieved_pct = NULL;
	copy.n_sm = 0;
	if (report_sm_occupancy(&copy, gpu->arch.max_warps_per_sm)) {
		cr->achieved_occupancy_pct = copy.achieved_occupancy_pct;
		cr->achieved_active_warps = copy.achieved_active_warps;
	}
	free(copy.sm_achieved_pct);
}

bool analysis_record_launch(const struct gpu_db *db, const struct report_record *rec,
			    const struct report_launch_given *given, const char *file,
			    struct launch *l, struct gpu *gpu, struct crosscheck_record *cr,
			    struct occ_error *err)
{
	enum report_gpu_source source;
	bool own = own_launch(rec, given);

	memset(cr, 0, sizeof(*cr));
	cr->present = true;
	cr->launch_given = !own;
	cr->sm_count = rec->sm_count;
	cr->smem_config_bytes = rec->smem_config_bytes;
	cr->driver_smem_bytes = rec->driver_smem_bytes;
	cr->duration_ns = rec->duration_ns;
	cr->achieved_occupancy_pct = rec->achieved_occupancy_pct;
	cr->achieved_active_warps = rec->achieved_active_warps;
	str_copy(cr->device, sizeof(cr->device), rec->device);
	if (!report_launch(db, rec, given, file, l, gpu, &source, err)) {
		struct gpu measured_on;

		memset(gpu, 0, sizeof(*gpu));
		/* What was measured still counts where the GPU is known. */
		if (rec->n_sm_events > 0 && analysis_record_gpu(db, rec, given, file, &measured_on))
			measured_from_events(rec, &measured_on, cr);
		return false;
	}
	cr->gpu_source = (uint8_t)source;
	cr->device_unknown = report_launch_device_unknown(rec, source);
	cr->db_sm_count = report_launch_own_sm_count(rec, source, gpu);
	if (own && rec->smem_config_bytes.present && rec->smem_config_bytes.value >= 0) {
		gpu->arch.driver_smem_config = true;
		gpu->arch.driver_smem_config_bytes = rec->smem_config_bytes.value;
	}
	measured_from_events(rec, gpu, cr);
	return true;
}

bool analysis_run_record(struct analysis *a, const struct gpu_db *db,
			 const struct report_record *rec, const struct report_launch_given *given,
			 const char *file, struct occ_error *err)
{
	struct crosscheck_record cr;
	struct launch l;
	struct gpu gpu;

	if (!analysis_record_launch(db, rec, given, file, &l, &gpu, &cr, err)) {
		analysis_fail(a, &l, err);
		a->report = cr;
		return false;
	}
	run(a, &l, &gpu, file, rec->line);
	if (!a->ok) {
		*err = a->error;
		a->report = cr;
		return false;
	}
	if (!cr.launch_given)
		crosscheck_compare(rec, &gpu.arch, &a->r, &a->w, &cr.check);
	a->report = cr;
	a->n_findings = rules_report(&a->gpu, &a->r, &a->w, &a->report, a->findings, a->n_findings);
	return true;
}

void analysis_run_whatif(struct analysis *a, const struct launch *l, const struct gpu *gpu,
			 const struct analysis *record)
{
	struct crosscheck_record cr;
	bool same_gpu;

	run(a, l, gpu, NULL, 0);
	if (!record->report.present || !a->ok)
		return;
	/* What the current analysis keeps of the record's: the GPU facts while
	 * the GPU is still the record's (the report's SM count, an unknown
	 * device, and the driver's shared-memory configuration, which gpu's
	 * arch still carries and occ_compute uses while the carveout stays
	 * default: a what-if then changes one thing at a time rather than
	 * also switching to the largest configuration). What it drops: the
	 * cross-check (the report's limits are of the measured launch) and the
	 * measured values (achieved occupancy, duration: of the baseline, which
	 * the table says, so no achieved-vs-theoretical finding here). */
	same_gpu = record->ok && memcmp(gpu, &record->gpu, sizeof(*gpu)) == 0;
	cr = record->report;
	cr.launch_given = true;
	memset(&cr.check, 0, sizeof(cr.check));
	cr.achieved_occupancy_pct.present = false;
	cr.achieved_active_warps.present = false;
	cr.duration_ns.present = false;
	if (!same_gpu) {
		cr.db_sm_count = 0;
		cr.device_unknown = false;
	}
	a->report = cr;
	a->n_findings = rules_report(&a->gpu, &a->r, &a->w, &a->report, a->findings, a->n_findings);
	for (int i = 0; i < a->n_findings; i++) {
		struct finding *f = &a->findings[i];
		size_t len = strlen(f->text);

		if (strcmp(f->id, "driver_smem_config") == 0)
			snprintf(f->text + len, sizeof(f->text) - len, " This is a what-if of that "
				 "launch: occview keeps the driver's configuration while the "
				 "carveout stays default, though the driver may choose another for "
				 "this launch (the carveout parameter tries each).");
	}
}

void analysis_fail(struct analysis *a, const struct launch *l, const struct occ_error *err)
{
	memset(a, 0, sizeof(*a));
	a->launch = *l;
	a->error = *err;
}
