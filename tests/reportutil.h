/* reportutil.h - what the report tests share: a file under tests/data (or
 * $TESTDATA), loading one that must import cleanly, and checks of record
 * fields that fail on an absent value before comparing it. */
#ifndef OCC_REPORTUTIL_H
#define OCC_REPORTUTIL_H

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record_diff.h"
#include "report.h"

/* dir ends in '/' ("ncu/") or is "" for tests/data itself. */
static inline char *data_path(const char *dir, const char *file)
{
	static char path[1024];
	const char *top = getenv("TESTDATA");

	snprintf(path, sizeof(path), "%s/%s%s", top ? top : "tests/data", dir, file);
	return path;
}

/* Loads dir/file, which must import with no error and no rejected row. */
static inline void load_clean(const char *dir, const char *file, struct report *r)
{
	struct occ_error err = { 0 };
	char msg[1024];
	bool ok = report_load(data_path(dir, file), r, &err);

	occ_error_format(&err, msg, sizeof(msg));
	ck_assert_msg(ok, "%s: %s", file, msg);
	ck_assert_msg(err.status == OCC_OK, "%s: %s", file, msg);
	ck_assert_uint_eq(r->rejected_rows, 0);
}

/* a and b hold the same records (lines too, when lines says so) of the
 * same format; the first difference fails the test, named by what. */
static inline void ck_same_records(const struct report *a, const struct report *b, bool lines,
				   const char *what)
{
	ck_assert_msg(strcmp(a->format, b->format) == 0, "%s: format \"%s\", want \"%s\"", what,
		      b->format, a->format);
	ck_assert_msg(a->n == b->n, "%s: %zu records, want %zu", what, b->n, a->n);
	for (size_t i = 0; i < a->n; i++) {
		const char *field = record_diff(&a->records[i], &b->records[i], lines);

		ck_assert_msg(!field, "%s: record %zu (line %ld): %s differs", what, i,
			      a->records[i].line, field);
	}
}

#define CK_INT(f, v)                                     \
	do {                                             \
		ck_assert_msg((f).present, #f " absent"); \
		ck_assert_int_eq((f).value, (v));        \
	} while (0)
#define CK_NUM(f, v)                                           \
	do {                                                   \
		ck_assert_msg((f).present, #f " absent");       \
		ck_assert_double_eq_tol((f).value, (v), 1e-9); \
	} while (0)
#define CK_ABSENT(f) ck_assert_msg(!(f).present, #f " should be absent")

static inline void ck_dim3(const struct report_int *d, int64_t x, int64_t y, int64_t z)
{
	CK_INT(d[0], x);
	CK_INT(d[1], y);
	CK_INT(d[2], z);
}

#define ck_grid(k, x, y, z) ck_dim3((k)->grid, (x), (y), (z))
#define ck_block(k, x, y, z) ck_dim3((k)->block, (x), (y), (z))

#endif
