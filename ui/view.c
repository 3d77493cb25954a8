/* view.c - recomputes what the panes show from the what-if state: both
 * analyses, the chart sweeps and the per-SM simulation. */
#include "config.h"

#include "view.h"

#include <string.h>

#include "strutil.h"

void view_init(struct view *v)
{
	memset(v, 0, sizeof(*v));
	str_copy(v->source, sizeof(v->source), "embedded default");
	v->n_launches = 1;
}

static void free_sweeps(struct view *v)
{
	for (int i = 0; i < VIEW_N_CHARTS; i++)
		sweep_done(&v->sweeps[i]);
	memset(v->sweeps, 0, sizeof(v->sweeps));
	v->n_charts = 0;
}

static bool compute_sweeps(struct view *v)
{
	static const enum sweep_kind kinds[VIEW_N_CHARTS] = {
		[VIEW_CHART_BLOCK] = SWEEP_BLOCK_SIZE,
		[VIEW_CHART_REGISTERS] = SWEEP_REGISTERS,
		[VIEW_CHART_SHARED_MEM] = SWEEP_SHARED_MEM,
		[VIEW_CHART_BARRIERS] = SWEEP_BARRIERS,
	};
	const struct gpu_arch *arch = &v->cur.gpu.arch;
	/* Barriers limit blocks from cc 9.0 on; before that their chart is flat. */
	int n = arch->barriers_per_sm > 0 ? VIEW_N_CHARTS : VIEW_N_CHARTS - 1;

	if (!v->cur.ok)
		return true;
	for (int i = 0; i < n; i++) {
		if (!sweep_compute(arch, &v->cur.in, kinds[i], &v->sweeps[i]))
			return false;
		v->n_charts = i + 1;
	}
	return true;
}

static bool simulate(struct view *v, const struct sim_params *model)
{
	const struct occ_result *r = &v->cur.r;

	v->sim_params = *model;
	v->sim_params.sm_count = v->cur.gpu.sm_count;
	v->sim_params.blocks_per_sm = r->active_blocks_per_sm;
	v->sim_params.warps_per_block = r->warps_per_block;
	v->sim_params.max_warps_per_sm = r->max_warps_per_sm;
	v->sim_params.grid_size = launch_grid_size(&v->cur.launch);
	v->sim_ok = false;
	if (!v->cur.ok || r->active_blocks_per_sm <= 0 || v->sim_params.grid_size > VIEW_SIM_MAX_BLOCKS)
		return true;
	v->sim_ok = sim_run(&v->sim_params, &v->sim);
	/* sim_run fails only for want of memory once the launch can run. */
	return v->sim_ok;
}

bool view_update(struct view *v, const struct whatif *w, const struct sim_params *model)
{
	v->whatif = w;
	if (v->has_record) {
		/* The launch as loaded is the record: its analysis, findings and
		 * report part as main prints them. A changed launch keeps what
		 * still holds of it (analysis_run_whatif). */
		v->base = v->record;
		if (memcmp(&w->cur.launch, &w->base.launch, sizeof(w->cur.launch)) == 0 &&
		    memcmp(&w->cur.gpu, &w->base.gpu, sizeof(w->cur.gpu)) == 0)
			v->cur = v->record;
		else
			analysis_run_whatif(&v->cur, &w->cur.launch, &w->cur.gpu, &v->record);
	} else {
		analysis_run(&v->cur, &w->cur.launch, &w->cur.gpu, NULL, 0);
		analysis_run(&v->base, &w->base.launch, &w->base.gpu, NULL, 0);
	}
	free_sweeps(v);
	sim_result_done(&v->sim);
	if (!compute_sweeps(v))
		return false;
	return simulate(v, model);
}

void view_done(struct view *v)
{
	free_sweeps(v);
	sim_result_done(&v->sim);
}
