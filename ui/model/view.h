/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* view.h - what the panes draw, derived from the session, the record shown
 * and the what-if state on each change: the current launch's analysis beside
 * the baseline's, the per-SM prediction (computed only when a pane on screen
 * needs it), and what a report measured for the record. Derived data only:
 * the panes keep their own state (the charts their curves, which depend on
 * the charts' widths). Curses-free. */
#ifndef OCC_VIEW_H
#define OCC_VIEW_H

#include <stdbool.h>

#include "analysis.h"
#include "playback.h"
#include "session.h"
#include "sim.h"
#include "whatif.h"

enum view_chart {
	VIEW_CHART_BLOCK, VIEW_CHART_REGISTERS, VIEW_CHART_SHARED_MEM, VIEW_CHART_BARRIERS,
	VIEW_CHART_CLUSTER,
	VIEW_N_CHARTS
};

/* What the panes on screen need computed beyond the analyses. */
enum view_need {
	VIEW_SIM = 1u << 0,        /* the per-SM prediction */
};

/* What a profiler measured for the record shown: per SM where the report
 * has it. Nothing without a report. */
struct view_measured {
	bool has_achieved;
	double achieved_pct;
	int n_sm;                 /* 0: no per-SM values */
	const double *sm_pct;
};

/* Grids above this are not simulated; the per-SM pane shows the wave
 * formula, exact for uniform durations. Up to it, the explorer runs the
 * simulation in slices between keys (view_sim_advance). */
#define VIEW_SIM_MAX_BLOCKS ((int64_t)1 << 20)

/* A slice of simulation: the work a key or an idle moment gives it. */
#define VIEW_SIM_SLICE_MS 6

struct view {
	const struct whatif *whatif;   /* the launch shown, read-only */
	size_t record;            /* the record shown (its index among the explorer's) */
	bool is_report;           /* the record is a report's kernel record */
	/* cur: the what-if; base: the baseline (the record as loaded, with the
	 * flags), computed at each rebase only. Whether cur is still the
	 * launch the report measured is cur.report.changed (the session's one
	 * answer). */
	struct analysis cur, base;
	unsigned computed;        /* enum view_need: what is valid below */
	struct sim_params sim_params;
	struct sim_result sim;
	bool sim_ok;              /* false: grid too large or nothing runs; use the waves formula */
	/* The simulation of newer inputs under way (view_update): sim and
	 * sim_params stay the last finished one's until it ends. */
	struct sim_job *job;
	struct sim_params job_params;
	/* The explorer: long work goes in slices between keys (the simulation,
	 * the timeline pane's), not --print, which draws each pane once. */
	bool sliced;
	struct view_measured measured;
	/* The reference the user chose (r): a record or a what-if, fixed until
	 * cleared; the panes show cur's change from it. */
	bool has_ref;
	struct analysis ref;
	char ref_label[128];      /* "record 3 kernel_name", "what-if kernel on GPU" */
	/* The GPUs compared (--gpu A,B,...; c adds or removes the what-if's):
	 * the what-if on each (session_analyse_beside), at every update. */
	size_t n_gpus;
	struct gpu gpus[SESSION_GPUS_MAX];
	struct analysis *on_gpu;  /* n_gpus of them; owned */
	/* The animation's playhead (a . , A), drawn by the per-SM and timeline
	 * panes over the simulation above. */
	struct playback play;
	/* Bumped by every function below that changes the view: what a pane
	 * computes from it (a layout's measured rows) holds while this does. */
	unsigned long generation;
};

void view_init(struct view *v);
/* The baseline changed (a record loaded, a reload): analyses it, the record
 * with the flags. */
void view_rebase(struct view *v, struct session *s, const struct session_record *r,
		 const struct whatif *w);
/* The what-if changed or other panes came on screen: cur, then what needs
 * asks (VIEW_SIM) with the duration model. The simulation is
 * kept while its inputs stay. False only when out of memory. */
bool view_update(struct view *v, struct session *s, const struct session_record *r,
		 const struct whatif *w, const struct sim_params *model, unsigned needs);
/* Runs the simulation under way for about ms milliseconds; true when it
 * has just ended (sim is now its result). False also with none under way. */
bool view_sim_advance(struct view *v, int ms);
/* Steps j for about ms milliseconds, after a fixed first step of about a
 * millisecond (all of it for ms 0); true when it has nothing left. */
bool view_job_advance(struct sim_job *j, int ms);
/* The same for the animation's frames being recorded (sim_play.h). */
struct sim_play;
bool view_play_advance(struct sim_play *pl, int ms);
/* A slice of the simulation under way: true when the screen should show it
 * (it ended, or its percentage moved). */
bool view_sim_slice(struct view *v);
/* A simulation is under way: its share done, 0 to 1. */
bool view_sim_running(const struct view *v);
double view_sim_progress(const struct view *v);
/* The measured per-SM values and achieved occupancy of rec (NULL: none). */
void view_set_measured(struct view *v, const struct report_record *rec);
/* The overrides the what-if stands for, as session_analyse takes them: the
 * flags, and every parameter the user changed from the baseline (the record
 * with the flags), at its current value. So the launch as loaded is
 * exactly --print's, a value stepped away and back is no override, and a
 * value the record lacks stays missing until the user gives one. */
void view_overrides(const struct whatif *w, const struct param_set *flags, struct param_set *ov);
/* A view of one analysis alone (--print): cur is a, no baseline, what rec
 * measured (NULL: a launch), and what needs asks computed from it. False
 * only when out of memory. */
bool view_of_analysis(struct view *v, const struct analysis *a, const struct report_record *rec,
		      const struct sim_params *model, unsigned needs);
/* Adds g to the GPUs compared, or removes it where it is there already
 * (by name); false when the list is full or out of memory. The next
 * view_update analyses them. */
bool view_toggle_gpu(struct view *v, const struct gpu *g, bool *added);
/* a the reference, labelled label; a NULL: no reference. */
void view_set_reference(struct view *v, const struct analysis *a, const char *label);
void view_done(struct view *v);
/* The charts the current launch has: 3, or 4 where barriers limit blocks
 * (cc 9.0 and later); 0 when it cannot be computed. */
int view_chart_count(const struct view *v);

#endif
