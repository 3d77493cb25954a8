/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* fuzz_inputs.c - libFuzzer harness for everything occview reads from files:
 * launch files, launch lists, profiler reports and GPU database CSVs, then the
 * whole analysis of every launch that parses, printed as --print draws it
 * (the panes, findings expanded). Build and run (not part of make check):
 *   tests/fuzz/run.sh inputs [SECONDS]
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "analysis.h"
#include "gpu.h"
#include "launch_file.h"
#include "print.h"
#include "report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct gpu_db *db;
	static struct printer *printer;
	struct occ_error err = { 0 };
	struct launch defaults;
	struct launch_set set;
	struct gpu_db *user;

	if (!db)
		db = gpu_db_new_builtin(&err);
	if (!printer) {
		struct print_options po = { 80, true, { .model = SIM_UNIFORM }, false };

		printer = print_new(&po);
	}
	launch_init(&defaults);
	if (launch_file_parse("fuzz", (const char *)data, size, &defaults, &set, &err)) {
		for (size_t i = 0; i < set.n && i < 4; i++) {
			struct gpu g;
			struct analysis a;
			struct occ_error e2 = { 0 };
			if (!set.items[i].valid || !gpu_db_find(db, set.items[i].launch.gpu_name, &g, &e2))
				continue;
			analysis_run(&a, &set.items[i].launch, &g, "fuzz", set.items[i].line);
			if (printer)
				print_canvas(printer, &a, NULL);
		}
		launch_set_done(&set);
	}
	/* The same bytes as a profiler report. */
	occ_error_clear(&err);
	{
		struct report r;
		report_parse("fuzz", (const char *)data, size, &r, &err);
		report_done(&r);
	}
	/* The same bytes as a user GPU database on top of the built-in one. */
	occ_error_clear(&err);
	user = gpu_db_new_builtin(&err);
	if (user) {
		gpu_db_load_csv(user, "fuzz", (const char *)data, size, &err);
		gpu_db_free(user);
	}
	return 0;
}
