/* testutil.h - what every Check test program shares: the built-in GPU database
 * as a fixture (db_setup/db_teardown around each test) and the suite runner. */
#ifndef OCC_TESTUTIL_H
#define OCC_TESTUTIL_H

#include <check.h>
#include <stdlib.h>

#include "analysis.h"
#include "gpu.h"

static struct gpu_db *db;

static inline void db_setup(void)
{
	struct occ_error err = { 0 };
	db = gpu_db_new_builtin(&err);
	ck_assert_msg(db != NULL, "built-in database: %s", err.message);
}

static inline void db_teardown(void)
{
	gpu_db_free(db);
	db = NULL;
}

/* The embedded default launch on its GPU, analysed as occview with no
 * argument analyses it. */
static inline void default_analysis(struct analysis *a)
{
	struct occ_error err = { 0 };
	struct launch l;
	struct gpu g;

	launch_init(&l);
	ck_assert(gpu_db_find(db, l.gpu_name, &g, &err));
	analysis_run(a, &l, &g, NULL, 0);
	ck_assert(a->ok);
}

/* Runs every test of s; the exit status main() should return. */
static inline int run_suite(Suite *s)
{
	SRunner *sr = srunner_create(s);
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed > 0 ? EXIT_FAILURE : EXIT_SUCCESS;
}

#endif
