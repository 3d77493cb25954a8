/* app.h - the curses program: runs the explorer on the terminal until the
 * user quits or the session drops. */
#ifndef OCC_APP_H
#define OCC_APP_H

#include <stdbool.h>
#include <stddef.h>

#include "analysis.h"
#include "gpu.h"
#include "report.h"
#include "report_launch.h"
#include "sim.h"

struct app_options {
	bool ascii;       /* ASCII glyphs even in a UTF-8 locale */
	bool no_color;
	bool mouse;
	struct sim_params model;
	const char *source;   /* what was loaded; NULL: the embedded default */
	const char *notice;   /* a first status-line message */
};

/* Returns the exit status: 0, or 128 + the signal that ended the session
 * (SIGHUP and SIGTERM first save the what-if launch to the recovery file;
 * SIGINT just restores the terminal). */
int app_run(const struct gpu_db *db, const struct analysis *items, size_t n,
	    const struct app_options *o);

/* The same on a profiler report, browsed in the kernel browser and reloaded
 * when its file changes; takes *rep over. */
int app_run_report(const struct gpu_db *db, struct report *rep,
		   const struct report_launch_given *given, const char *path,
		   const struct app_options *o);

#endif
