/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* reportutil.h - what the report tests share: a file under tests/data (or
 * $TESTDATA), loading one that must import cleanly, and checks of record
 * fields that fail on an absent value before comparing it. */
#ifndef OCC_REPORTUTIL_H
#define OCC_REPORTUTIL_H

#include <check.h>
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "record_diff.h"
#include "report.h"
#include "report_launch.h"
#include "session.h"
#include "strutil.h"

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

/* The session's analysis of rec as --print gives it with the flags given
 * stands for (given->gpu: --gpu; given->fields of given->launch: the launch
 * flags). False with err when it cannot be analysed. */
static inline bool record_analyse(struct analysis *a, const struct gpu_db *db,
				  const struct report_record *rec,
				  const struct report_launch_given *given, const char *file,
				  struct occ_error *err)
{
	struct param_set flags = { 0 };
	struct session_record r = { file, rec->line, NULL, NULL, rec, 0, NULL, NULL };
	struct session *s;

	launch_init(&flags.values);
	if (given && given->launch) {
		param_copy(&flags.values, given->launch, given->fields);
		flags.set = given->fields;
	}
	if (given && given->gpu) {
		flags.set |= PARAM_BIT(PARAM_GPU);
		str_copy(flags.values.gpu_name, sizeof(flags.values.gpu_name), given->gpu->name);
	}
	s = session_new(db, &flags, err);
	ck_assert_ptr_nonnull(s);
	session_analyse(s, &r, NULL, NULL, SESSION_FINDINGS, a);
	session_free(s);
	if (!a->ok)
		*err = a->error;
	return a->ok;
}

/* Every report file under tests/data, in name order: the files of codexl/,
 * ncu/, nvprof/ and rocprof/, and the text files of tests/data itself (Nsight
 * Compute's text output); fn gets each one's name under tests/data
 * ("ncu/x.csv"). Returns how many. */
static inline size_t each_report_file(void (*fn)(const char *file, void *ctx), void *ctx)
{
	static const char *const dirs[] = { "", "codexl/", "ncu/", "nvprof/", "rocprof/" };
	size_t found = 0;

	for (size_t d = 0; d < sizeof(dirs) / sizeof(dirs[0]); d++) {
		struct dirent **names;
		char dir[1024];
		int k;

		snprintf(dir, sizeof(dir), "%s", data_path(dirs[d], ""));
		k = scandir(dir, &names, NULL, alphasort);
		ck_assert_msg(k >= 0, "%s", dir);
		for (int i = 0; i < k; i++) {
			const char *n = names[i]->d_name;
			size_t len = strlen(n);
			char file[512];

			/* The top folder's reports are its .txt files (launch files
			 * and lists are no reports). */
			if (n[0] != '.' &&
			    (dirs[d][0] || (len > 4 && strcmp(n + len - 4, ".txt") == 0))) {
				snprintf(file, sizeof(file), "%s%s", dirs[d], n);
				fn(file, ctx);
				found++;
			}
			free(names[i]);
		}
		free(names);
	}
	return found;
}

/* How many of r's records compute (the session's analysis, as --print
 * gives it) on the GPU named gpu_name (NULL: each record's own, as without
 * --gpu); the first that does not is said in first (size bytes). */
static inline size_t records_computing(const struct gpu_db *db, const struct report *r,
				       const char *gpu_name, const char *file, char *first,
				       size_t size)
{
	struct report_launch_given given = { NULL, NULL, 0 };
	struct analysis *a = malloc(sizeof(*a));
	struct occ_error err = { 0 };
	struct gpu gpu;
	size_t n = 0;

	ck_assert_ptr_nonnull(a);
	snprintf(first, size, "every record computes");
	if (gpu_name) {
		ck_assert_msg(gpu_db_find(db, gpu_name, &gpu, &err), "%s: %s", gpu_name,
			      err.message);
		given.gpu = &gpu;
	}
	for (size_t i = 0; i < r->n; i++) {
		if (record_analyse(a, db, &r->records[i], &given, file, &err) && a->ok)
			n++;
		else if (n == i)
			occ_error_format(&err, first, size);
	}
	free(a);
	return n;
}

/* ncu/constructed_ncu_raw_page_b200_cc100_decode_b1.csv, raw page line 5
 * (ID 0): launch, Nsight Compute's limits and its duration, typed in;
 * limit_registers: the file's 10, or another to make it disagree. */
static inline void b200_record(struct report_record *rec, int64_t limit_registers)
{
	report_record_init(rec, 0);
	rec->line = 5;
	rec->short_name = "merge_attention_states_kernel";
	rec->device = "NVIDIA B200";
	rec->vendor = REPORT_VENDOR_NVIDIA;
	rec->cc_major = (struct report_int){ true, 10 };
	rec->sm_count = (struct report_int){ true, 148 };
	for (int d = 0; d < 3; d++) {
		rec->grid[d] = (struct report_int){ true, d == 0 ? 148 : 1 };
		rec->block[d] = (struct report_int){ true, d == 0 ? 16 : d == 1 ? 8 : 1 };
	}
	rec->cc_minor = (struct report_int){ true, 0 };
	rec->registers = (struct report_int){ true, 48 };
	rec->smem_config_bytes = (struct report_int){ true, 102400 };
	rec->driver_smem_bytes = (struct report_int){ true, 1024 };
	rec->dynamic_smem_bytes = (struct report_int){ true, 6144 };
	rec->static_smem_bytes = (struct report_int){ true, 0 };
	rec->barriers = (struct report_int){ true, 1 };
	rec->limit_blocks = (struct report_int){ true, 32 };
	rec->limit_registers = (struct report_int){ true, limit_registers };
	rec->limit_smem = (struct report_int){ true, 14 };
	rec->limit_warps = (struct report_int){ true, 16 };
	rec->limit_barriers = (struct report_int){ true, 32 };
	rec->theoretical_occupancy_pct = (struct report_num){ true, 62.5 };
	rec->waves_per_sm = (struct report_num){ true, 0.10 };
	rec->duration_ns = (struct report_num){ true, 9504 };
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
