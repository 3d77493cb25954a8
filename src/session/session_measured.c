/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* session_measured.c - a kernel record's measured context in its analysis:
 * what the profiler saw, and what of it a what-if drops. */
#include "config.h"

#include "session_measured.h"

#include <stdlib.h>

#include "report_launch.h"
#include "strutil.h"

void session_measured_from_events(const struct report_record *rec, const struct gpu *gpu,
				  int xcds_given, struct crosscheck_record *cr)
{
	struct report_record copy;
	struct report_num pct, warps;

	if (rec->achieved_occupancy_pct.present && rec->achieved_active_warps.present)
		return;
	if (rec->n_sm_events == 0) {
		bool sq;

		struct report_xcds xcds;

		if (report_launch_counted_occupancy(rec, gpu, xcds_given, &pct, &warps, &sq, &xcds)) {
			if (!cr->achieved_occupancy_pct.present) {
				cr->achieved_occupancy_pct = pct;
				cr->achieved_sq = sq;
				cr->xcds = (uint8_t)xcds.n;
				cr->xcds_from = (uint8_t)xcds.from;
			}
			if (!cr->achieved_active_warps.present)
				cr->achieved_active_warps = warps;
		}
		return;
	}
	copy = *rec;
	copy.sm_achieved_pct = NULL;
	copy.n_sm = 0;
	if (report_sm_occupancy(&copy, gpu->arch.max_warps_per_sm)) {
		cr->achieved_occupancy_pct = copy.achieved_occupancy_pct;
		cr->achieved_active_warps = copy.achieved_active_warps;
	}
	free(copy.sm_achieved_pct);
}

/* Whether the report has figures of its own to compare (crosscheck.c). */
static bool has_profiler_figures(const struct report_record *rec, const struct crosscheck_record *cr)
{
	return crosscheck_figures_any(&cr->profiler) || rec->driver_smem_bytes.present;
}

void session_measured_context(const struct report_record *rec,
			      const struct session_resolution *res, struct crosscheck_record *cr)
{
	cr->present = true;
	cr->run = rec->run;
	cr->known = res->known;
	cr->sm_count = rec->sm_count;
	cr->smem_config_bytes = rec->smem_config_bytes;
	cr->driver_smem_bytes = rec->driver_smem_bytes;
	cr->duration_ns = rec->duration_ns;
	cr->achieved_occupancy_pct = rec->achieved_occupancy_pct;
	cr->achieved_active_warps = rec->achieved_active_warps;
	cr->achieved_from = rec->achieved_from;
	cr->sched = rec->sched;
	cr->n_rules = rec->n_rules;
	cr->rules = rec->rules;
	cr->figures_by = (uint8_t)rec->figures_by;
	/* (most reports name no device: no copy for the empty name) */
	if (rec->device[0])
		str_copy(cr->device, sizeof(cr->device), rec->device);
	else
		cr->device[0] = '\0';
	cr->incomplete = res->incomplete;
	cr->inferred = *res->inferred;
	crosscheck_figures_of(rec, &cr->profiler);
	if (!res->ok)
		return;
	cr->gpu_source = (uint8_t)res->source;
	cr->changed = res->changed;
	cr->launch_given = res->changed != 0;
	cr->db_sm_count = res->db_sm_count;
	cr->device_unknown = !res->gpu_changed && report_launch_device_unknown(rec, res->source);
	if (!res->changed)
		return;
	if (rec->smem_config_bytes.present)
		cr->dropped |= MEASURED_SMEM_CONFIG;
	if (has_profiler_figures(rec, cr))
		cr->dropped |= MEASURED_CROSSCHECK;
	if (rec->achieved_occupancy_pct.present || rec->duration_ns.present || rec->n_sm > 0 ||
	    rec->n_sm_events > 0 || rec->counted_active_cycles.present ||
	    rec->sq_accum_prev_hires.present ||
	    report_sched_any(&rec->sched))
		cr->dropped |= MEASURED_ACHIEVED;
	if (res->gpu_changed && (rec->device[0] || rec->sm_count.present))
		cr->dropped |= MEASURED_DEVICE;
}
