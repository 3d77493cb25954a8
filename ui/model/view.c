/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* view.c - derives what the panes show: the analyses through the session,
 * and the per-SM simulation only when a pane on screen needs it, run in
 * slices of a few milliseconds so that a key never waits for a whole one. */
#include "config.h"

#include "view.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "strutil.h"
#include "sim_play.h"

void view_init(struct view *v)
{
	memset(v, 0, sizeof(*v));
}

void view_overrides(const struct whatif *w, const struct param_set *flags, struct param_set *ov)
{
	unsigned all = PARAM_LAUNCH_BITS | PARAM_BIT(PARAM_GPU) | PARAM_BIT(PARAM_KERNEL);

	*ov = *flags;
	/* A value typed equal to the one shown still counts: it stands in
	 * for one the record lacks (session.h). */
	ov->set |= param_diff(&w->cur.launch, &w->base.launch, all) | (whatif_given(w) & all);
	ov->values = w->cur.launch;
}

void view_rebase(struct view *v, struct session *s, const struct session_record *r,
		 const struct whatif *w)
{
	(void)w;
	/* The baseline is the record with the flags: --print's analysis of it. */
	session_analyse(s, r, NULL, NULL, SESSION_FINDINGS, &v->base);
	v->is_report = r->rec != NULL;
	v->generation++;
}

/* What rec measured, with the average the session found in its per-SM
 * events (analysed: the record's analysis) where it gives none. */
static void set_measured(struct view *v, const struct report_record *rec,
			 const struct analysis *analysed)
{
	memset(&v->measured, 0, sizeof(v->measured));
	v->generation++;
	if (!rec)
		return;
	v->measured.has_achieved = rec->achieved_occupancy_pct.present;
	v->measured.achieved_pct = rec->achieved_occupancy_pct.value;
	/* nvprof's per-SM events give the average where the report has none. */
	if (!v->measured.has_achieved && analysed->report.achieved_occupancy_pct.present) {
		v->measured.has_achieved = true;
		v->measured.achieved_pct = analysed->report.achieved_occupancy_pct.value;
	}
	v->measured.n_sm = rec->sm_achieved_pct ? (int)rec->n_sm : 0;
	v->measured.sm_pct = rec->sm_achieved_pct;
}

bool view_toggle_gpu(struct view *v, const struct gpu *g, bool *added)
{
	*added = false;
	for (size_t i = 0; i < v->n_gpus; i++)
		if (strcmp(v->gpus[i].name, g->name) == 0) {
			memmove(&v->gpus[i], &v->gpus[i + 1], (v->n_gpus - i - 1) * sizeof(v->gpus[0]));
			memmove(&v->on_gpu[i], &v->on_gpu[i + 1],
				(v->n_gpus - i - 1) * sizeof(v->on_gpu[0]));
			v->n_gpus--;
			v->generation++;
			return true;
		}
	if (v->n_gpus == SESSION_GPUS_MAX)
		return false;
	if (!v->on_gpu && !(v->on_gpu = calloc(SESSION_GPUS_MAX, sizeof(*v->on_gpu))))
		return false;
	v->gpus[v->n_gpus++] = *g;
	v->generation++;
	*added = true;
	return true;
}

void view_set_reference(struct view *v, const struct analysis *a, const char *label)
{
	v->has_ref = a != NULL;
	if (a) {
		v->ref = *a;
		str_copy(v->ref_label, sizeof(v->ref_label), label);
	}
	v->generation++;
}

void view_set_measured(struct view *v, const struct report_record *rec)
{
	set_measured(v, rec, &v->base);
}

int view_chart_count(const struct view *v)
{
	if (!v->cur.ok)
		return 0;
	/* Barriers limit blocks from cc 9.0 on; before that their chart is flat.
	 * Clusters come with cc 9.0 too: their chart where the launch has one. */
	if (v->cur.gpu.arch.barriers_per_sm == 0)
		return VIEW_CHART_BARRIERS;
	return cluster_supported(&v->cur.gpu.arch) && v->cur.launch.cluster_size > 0 ?
	       VIEW_N_CHARTS : VIEW_CHART_CLUSTER;
}

/* The simulation's inputs for the current launch. */
static struct sim_params sim_params_of(const struct view *v, const struct sim_params *model)
{
	struct sim_params p = *model;
	const struct occ_result *r = &v->cur.r;

	/* The units the launch may use, with their slots (clusters, --sms). */
	p.sched = v->cur.sched;
	p.sm_count = v->cur.sched.units;
	p.blocks_per_sm = r->active_blocks_per_sm;
	p.warps_per_block = r->warps_per_block;
	p.max_warps_per_sm = r->max_warps_per_sm;
	p.grid_size = launch_grid_size(&v->cur.launch);
	return p;
}

static bool same_sim(const struct sim_params *a, const struct sim_params *b)
{
	return a->sm_count == b->sm_count && a->blocks_per_sm == b->blocks_per_sm &&
	       a->warps_per_block == b->warps_per_block &&
	       a->max_warps_per_sm == b->max_warps_per_sm && a->grid_size == b->grid_size &&
	       a->model == b->model && a->slow_share == b->slow_share &&
	       a->slow_factor == b->slow_factor && a->cv == b->cv && a->seed == b->seed &&
	       a->warp_spread == b->warp_spread && a->tail_blocks == b->tail_blocks &&
	       a->tail_warps_per_block == b->tail_warps_per_block &&
	       a->tail_duration == b->tail_duration &&
	       memcmp(&a->sched, &b->sched, sizeof(a->sched)) == 0;
}

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static void job_cancel(struct view *v)
{
	sim_job_cancel(v->job);
	v->job = NULL;
}

/* The job's result becomes the one shown. */
static bool job_done(struct view *v)
{
	sim_result_done(&v->sim);
	v->sim_ok = sim_job_finish(v->job, &v->sim);
	v->job = NULL;
	v->sim_params = v->job_params;
	v->generation++;
	/* sim_job_finish fails only for want of memory once the launch can run. */
	return v->sim_ok;
}

/* Work (sim_job_step) between two looks at the clock: some 1,000 block
 * ends, well under a millisecond. A slice begins with SLICE_FIRST of it
 * whatever the clock says (about a millisecond): grids up to some 8,000
 * blocks finish in one, however loaded the machine, and never show
 * "simulating". */
enum { SLICE_WORK = 2048, SLICE_FIRST = 16384 };

static bool advance(bool (*step)(void *, int64_t), void *job, int ms)
{
	double until = now_ms() + ms;

	if (step(job, SLICE_FIRST))
		return true;
	while (now_ms() < until)
		if (step(job, SLICE_WORK))
			return true;
	return false;
}

static bool job_step(void *j, int64_t work)
{
	return sim_job_step(j, work);
}

static bool play_step(void *pl, int64_t work)
{
	return sim_play_step(pl, work);
}

bool view_job_advance(struct sim_job *j, int ms)
{
	return advance(job_step, j, ms);
}

bool view_play_advance(struct sim_play *pl, int ms)
{
	return advance(play_step, pl, ms);
}

bool view_sim_advance(struct view *v, int ms)
{
	if (!v->job || !view_job_advance(v->job, ms))
		return false;
	job_done(v);
	return true;
}

bool view_sim_slice(struct view *v)
{
	int before = (int)(100.0 * view_sim_progress(v));

	if (!v->job)
		return false;
	return view_sim_advance(v, VIEW_SIM_SLICE_MS) ||
	       (int)(100.0 * view_sim_progress(v)) != before;
}

bool view_sim_running(const struct view *v)
{
	return v->job != NULL;
}

double view_sim_progress(const struct view *v)
{
	return v->job ? sim_job_progress(v->job) : 1.0;
}

/* A keystroke that leaves the blocks per SM, the grid and the model as they
 * were (most register and shared-memory steps) keeps the simulation, or the
 * one under way. Otherwise a new one starts, cancelling the one under way,
 * and runs for a slice; what it does not finish, view_sim_advance goes on
 * with (`sliced`), while the last result stays shown. --print (not sliced)
 * runs it whole. */
static bool simulate(struct view *v, const struct sim_params *model, bool sliced)
{
	struct sim_params p = sim_params_of(v, model);

	if (v->job && same_sim(&p, &v->job_params))
		return true;
	job_cancel(v);
	if ((v->computed & VIEW_SIM) && same_sim(&p, &v->sim_params))
		return true;
	/* No SM count (an architecture with no device): nothing to schedule. */
	if (!v->cur.ok || p.blocks_per_sm <= 0 || p.sm_count <= 0 ||
	    p.grid_size > VIEW_SIM_MAX_BLOCKS) {
		sim_result_done(&v->sim);
		v->sim_params = p;
		v->sim_ok = false;
		return true;
	}
	v->job_params = p;
	if (!(v->job = sim_job_start(&v->job_params)))
		return false;
	if (!sliced)
		return job_done(v);
	if (sim_job_step(v->job, 0))
		return job_done(v);
	if (view_sim_advance(v, VIEW_SIM_SLICE_MS))
		return v->sim_ok;
	/* Nothing finished shown yet: the pane says it is under way. */
	if (!(v->computed & VIEW_SIM)) {
		sim_result_done(&v->sim);
		v->sim_params = p;
		v->sim_ok = false;
	}
	return true;
}

bool view_update(struct view *v, struct session *s, const struct session_record *r,
		 const struct whatif *w, const struct sim_params *model, unsigned needs)
{
	struct param_set ov;
	bool ok = true;

	v->whatif = w;
	v->sliced = true;
	v->generation++;
	view_overrides(w, session_flags(s), &ov);
	session_analyse(s, r, &ov, (ov.set & PARAM_BIT(PARAM_GPU)) ? &w->cur.gpu : NULL,
			SESSION_FINDINGS, &v->cur);
	for (size_t i = 0; i < v->n_gpus && v->on_gpu; i++)
		session_analyse_beside(s, r, &ov, &v->gpus[i], 0, &v->on_gpu[i]);
	if (needs & VIEW_SIM) {
		if (simulate(v, model, true))
			v->computed |= VIEW_SIM;
		else
			ok = false;
	} else {
		/* Kept for when the pane comes back, unless the launch changed. */
		struct sim_params p = sim_params_of(v, model);

		if (v->job && !same_sim(&p, &v->job_params))
			job_cancel(v);
		if (!same_sim(&p, &v->sim_params)) {
			sim_result_done(&v->sim);
			v->sim_ok = false;
			v->computed &= ~(unsigned)VIEW_SIM;
		}
	}
	return ok;
}

bool view_of_analysis(struct view *v, const struct analysis *a, const struct report_record *rec,
		      const struct sim_params *model, unsigned needs)
{
	bool ok = true;

	v->whatif = NULL;
	v->sliced = false;
	v->generation++;
	v->cur = *a;
	/* No baseline: nothing to compare with. */
	v->base.ok = false;
	v->is_report = a->report.present;
	set_measured(v, rec, a);
	/* A simulation of the same inputs (the last kernel's, often) is kept. */
	if (needs & VIEW_SIM) {
		ok = simulate(v, model, false);
		v->computed |= VIEW_SIM;
	}
	return ok;
}

void view_done(struct view *v)
{
	job_cancel(v);
	sim_result_done(&v->sim);
	free(v->on_gpu);
	v->on_gpu = NULL;
	v->n_gpus = 0;
}
