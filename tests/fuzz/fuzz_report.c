/* fuzz_report.c - libFuzzer harness for the profiler report importers alone:
 * report_parse on the bytes, then what occview does with each record it got
 * (short names, and for the first few records the launch, the analysis on
 * the built-in GPU database and the per-SM occupancy). Much faster than
 * fuzz_inputs.c, so it reaches deeper into the importers. Also checks
 * report_parse's contract (report.h), aborting when it is broken: false
 * leaves the report empty, true means records, and rejected rows always come
 * with an error. Build and run (not part of make check):
 *   tests/fuzz/run.sh report ncu|nvprof|rocprof|all [SECONDS]
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "gpu.h"
#include "report.h"
#include "report_launch.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Records past this many get only their names looked at: the analysis of a
 * record is much slower than its import. */
#define FUZZ_ANALYSED 4

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct gpu_db *db;
	static struct analysis a;
	struct occ_error err = { 0 };
	struct report r;
	bool ok;

	if (!db && !(db = gpu_db_new_builtin(&err)))
		abort();
	occ_error_clear(&err);
	ok = report_parse("fuzz", (const char *)data, size, &r, &err);
	if (!ok && r.n != 0)
		abort();                      /* false: r is then empty */
	if (ok && r.n == 0)
		abort();                      /* true: records were read */
	if (r.rejected_rows && err.status == OCC_OK)
		abort();                      /* a rejected row is never silent */
	for (size_t i = 0; i < r.n; i++) {
		struct report_record *rec = &r.records[i];
		struct report_launch_given given = { 0 };
		struct occ_error e2 = { 0 };
		char tiny[8];

		/* As the panes do, in a buffer smaller than the record's. */
		report_short_name(rec->name, tiny, sizeof(tiny));
		if (strlen(rec->short_name) >= sizeof(rec->short_name))
			abort();
		if (i >= FUZZ_ANALYSED)
			continue;
		analysis_run_record(&a, db, rec, &given, "fuzz", &e2);
		report_sm_occupancy(rec, a.ok ? a.gpu.arch.max_warps_per_sm : 64);
	}
	report_done(&r);
	return 0;
}
