/* view.h - everything the panes draw, computed from the what-if state on each
 * change: the current launch's analysis beside the baseline's, the chart
 * sweeps, the per-SM prediction and what a report measured. Curses-free. */
#ifndef OCC_VIEW_H
#define OCC_VIEW_H

#include <stdbool.h>

#include "analysis.h"
#include "sim.h"
#include "sweep.h"
#include "whatif.h"

struct browser;

enum view_chart {
	VIEW_CHART_BLOCK, VIEW_CHART_REGISTERS, VIEW_CHART_SHARED_MEM, VIEW_CHART_BARRIERS,
	VIEW_N_CHARTS
};

/* What a profiler measured for the record shown; nothing until a report is loaded. */
struct view_measured {
	bool has_achieved;
	double achieved_pct;
	int n_sm;                 /* 0: no per-SM values */
	const double *sm_pct;
};

/* Grids above this are not simulated on each keystroke (about 30 ms here);
 * the per-SM pane shows the wave formula, exact for uniform durations. */
#define VIEW_SIM_MAX_BLOCKS ((int64_t)1 << 18)

struct view {
	char source[256];         /* the file or "embedded default" */
	int launch_index, n_launches;
	const struct whatif *whatif;
	/* A report's record shown (has_record): its own analysis
	 * (analysis_run_record: cross-check, the report's findings), set by the
	 * explorer when the record became the baseline. base is then this, and
	 * cur too until the user changes the launch (analysis_run_whatif). */
	bool has_record;
	struct analysis record;
	struct analysis cur, base;
	struct sweep sweeps[VIEW_N_CHARTS];
	int n_charts;             /* 3, or 4 where barriers limit (cc 9.0 and later) */
	struct sim_params sim_params;
	struct sim_result sim;
	bool sim_ok;              /* false: grid too large or nothing runs; use the waves formula */
	struct view_measured measured;
	const struct browser *browser;  /* the report's kernel list; NULL without a report */
	bool browser_typing;      /* the browser's filter line takes the keys */
	bool pct_axis;            /* charts in occupancy % instead of warps */
	bool animating;
	double anim_t;            /* the animation's time, in block durations */
};

void view_init(struct view *v);
/* Recomputes everything from w with the duration model of model (its sm_count,
 * slots and grid are filled in here). False only when out of memory. */
bool view_update(struct view *v, const struct whatif *w, const struct sim_params *model);
void view_done(struct view *v);

#endif
