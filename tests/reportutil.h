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

static inline bool same_text(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

static inline bool same_doubles(const double *a, const double *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (a[i] != b[i])
			return false;
	return true;
}

/* The first field in which two records differ, or NULL when they are the
 * same in every field (and line, when lines says so). A field added to
 * struct report_record belongs here too. */
static inline const char *record_diff(const struct report_record *x,
				      const struct report_record *y, bool lines)
{
#define DIFF_VALUE(f)                                                            \
	do {                                                                     \
		if (x->f.present != y->f.present || x->f.value != y->f.value)    \
			return #f;                                               \
	} while (0)
#define DIFF_TEXT(f)                             \
	do {                                     \
		if (!same_text(x->f, y->f))      \
			return #f;               \
	} while (0)
	if (lines && x->line != y->line)
		return "line";
	DIFF_VALUE(id);
	DIFF_TEXT(name);
	DIFF_TEXT(short_name);
	DIFF_TEXT(process);
	DIFF_TEXT(device);
	if (x->vendor != y->vendor)
		return "vendor";
	DIFF_VALUE(cc_major);
	DIFF_VALUE(cc_minor);
	DIFF_TEXT(gfx_target);
	DIFF_VALUE(sm_count);
	for (int d = 0; d < 3; d++) {
		DIFF_VALUE(grid[d]);
		DIFF_VALUE(block[d]);
		DIFF_VALUE(cluster[d]);
	}
	DIFF_VALUE(registers);
	DIFF_VALUE(static_smem_bytes);
	DIFF_VALUE(dynamic_smem_bytes);
	DIFF_VALUE(driver_smem_bytes);
	DIFF_VALUE(smem_config_bytes);
	DIFF_VALUE(barriers);
	DIFF_VALUE(wave_size);
	DIFF_VALUE(arch_vgprs);
	DIFF_VALUE(accum_vgprs);
	DIFF_VALUE(sgprs);
	DIFF_VALUE(lds_bytes);
	DIFF_VALUE(scratch_bytes);
	DIFF_VALUE(duration_ns);
	DIFF_VALUE(achieved_occupancy_pct);
	DIFF_VALUE(achieved_active_warps);
	if (x->n_sm != y->n_sm || (x->n_sm && !same_doubles(x->sm_achieved_pct, y->sm_achieved_pct,
							     x->n_sm)))
		return "sm_achieved_pct";
	if (x->n_sm_events != y->n_sm_events ||
	    (x->n_sm_events &&
	     (!x->sm_active_warps != !y->sm_active_warps ||
	      !x->sm_active_cycles != !y->sm_active_cycles ||
	      (x->sm_active_warps &&
	       !same_doubles(x->sm_active_warps, y->sm_active_warps, x->n_sm_events)) ||
	      (x->sm_active_cycles &&
	       !same_doubles(x->sm_active_cycles, y->sm_active_cycles, x->n_sm_events)))))
		return "sm_active_warps/cycles";
	DIFF_VALUE(theoretical_occupancy_pct);
	DIFF_VALUE(waves_per_sm);
	DIFF_VALUE(limit_warps);
	DIFF_VALUE(limit_blocks);
	DIFF_VALUE(limit_registers);
	DIFF_VALUE(limit_smem);
	DIFF_VALUE(limit_barriers);
#undef DIFF_VALUE
#undef DIFF_TEXT
	return NULL;
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
