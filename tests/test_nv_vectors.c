/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_nv_vectors.c - the NVIDIA engine against what cuda_occupancy.h (CUDA
 * 13.0) computed for occview's own archs.csv values (tests/data/nvidia): every
 * compute capability from 3.0, every carveout choice, every L1/shared
 * preference on Kepler, barrier counts from cc 9.0. Runs everywhere: no CUDA
 * is needed to read the vectors. */
#include "config.h"

#include <check.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csvread.h"
#include "error.h"
#include "gpu_rows.h"
#include "launch.h"
#include "occupancy.h"
#include "readfile.h"
#include "strutil.h"
#include "testutil.h"

enum col {
	C_CC, C_BLOCK, C_REGS, C_STATIC, C_DYNAMIC, C_CARVEOUT, C_CACHE, C_BARRIERS, C_ACTIVE,
	C_LIMITING, C_LIM_WARPS, C_LIM_BLOCKS, C_LIM_REGS, C_LIM_SMEM, C_LIM_BARRIERS,
	C_ALLOC_REGS, C_ALLOC_SMEM, C_PREFERENCE, C_N
};

static const char *const col_names[C_N] = {
	"cc", "block_size", "registers_per_thread", "static_shared_mem_bytes",
	"dynamic_shared_mem_bytes", "carveout", "cache_config", "barriers", "active_blocks",
	"limiting", "limit_warps", "limit_blocks", "limit_registers", "limit_shared_mem",
	"limit_barriers", "allocated_registers_per_block", "allocated_shared_mem_per_block",
	"smem_preference_bytes",
};

/* What the vectors covered, so that a file that lost its Kepler rows or its
 * carveouts fails. */
struct coverage {
	size_t rows, archs_seen;
	size_t cache[LAUNCH_CACHE_N];   /* Kepler rows per preference */
	size_t raised;                  /* a preference raised: one block needs more */
	size_t carveouts;               /* rows with a carveout given */
	size_t barrier_limited;
	size_t limited[OCC_N_FACTORS];
	bool arch_seen[64];
};

static int64_t num(const struct csv_row *row, const int *col, enum col c)
{
	const char *s = csvread_field(row, col[c]);

	return strcmp(s, "max") == 0 ? INT_MAX : atoll(s);
}

/* The factors the header named, as occ_factor bits. */
static unsigned header_limiting(const char *s)
{
	unsigned bits = 0;

	for (int f = 0; f < OCC_N_FACTORS; f++) {
		const char *k = occ_factor_key((enum occ_factor)f), *p = s;
		size_t n = strlen(k);
		while ((p = strstr(p, k)) != NULL) {
			if ((p == s || p[-1] == '+') && (p[n] == '\0' || p[n] == '+'))
				bits |= 1u << f;
			p += n;
		}
	}
	return bits;
}

static void check_row(const struct csv_row *row, const int *col, const char *path,
		      struct coverage *cov)
{
	struct occ_error err = { 0 };
	int major, minor, at = -1;
	const struct gpu_arch *a = NULL;
	struct occ_input in = { 0 };
	struct occ_result r;
	unsigned theirs, at_min = 0;
	int64_t lim[OCC_N_FACTORS];
	int active = (int)num(row, col, C_ACTIVE);

	ck_assert_msg(gpu_parse_cc(csvread_field(row, col[C_CC]), &major, &minor), "%s:%ld: cc",
		      path, row->line);
	for (size_t i = 0; i < gpu_db_arch_count(db) && !a; i++) {
		const struct gpu_arch *x = gpu_db_arch_at(db, i);
		if (x->cc_major == major && x->cc_minor == minor) {
			a = x;
			at = (int)i;
		}
	}
	ck_assert_msg(a != NULL, "%s:%ld: no cc %d.%d in the database", path, row->line, major, minor);
	in.threads_per_block = (int)num(row, col, C_BLOCK);
	in.regs_per_thread = (int)num(row, col, C_REGS);
	in.static_smem_bytes = num(row, col, C_STATIC);
	in.dynamic_smem_bytes = num(row, col, C_DYNAMIC);
	ck_assert(launch_parse_carveout(csvread_field(row, col[C_CARVEOUT]), &in.carveout_pct, path,
					row->line, "carveout", &err));
	ck_assert(launch_parse_cache_config(csvread_field(row, col[C_CACHE]), &in.cache_config,
					    path, row->line, "cache_config", &err));
	in.barriers = (int)num(row, col, C_BARRIERS);
	occ_input_measured_config(&in, -1);
	occ_compute(a, &in, &r);

	lim[OCC_WARPS] = num(row, col, C_LIM_WARPS);
	lim[OCC_BLOCKS] = num(row, col, C_LIM_BLOCKS);
	lim[OCC_REGISTERS] = num(row, col, C_LIM_REGS);
	lim[OCC_SHARED_MEM] = num(row, col, C_LIM_SMEM);
	lim[OCC_BARRIERS] = num(row, col, C_LIM_BARRIERS);
#define SAME(what, ours, header)                                                            \
	ck_assert_msg((int64_t)(ours) == (int64_t)(header),                                 \
		      "%s:%ld: cc %d.%d block %d regs %d smem %lld+%lld carveout %d cache %s " \
		      "barriers %d: %s: occview %lld, cuda_occupancy.h %lld", path, row->line,   \
		      major, minor, in.threads_per_block, in.regs_per_thread,                    \
		      (long long)in.static_smem_bytes, (long long)in.dynamic_smem_bytes,         \
		      in.carveout_pct, launch_cache_config_name(in.cache_config), in.barriers,   \
		      what, (long long)(ours), (long long)(header))
	SAME("active blocks per SM", r.active_blocks_per_sm, active);
	for (int f = 0; f < OCC_N_FACTORS; f++)
		SAME(occ_factor_key((enum occ_factor)f), r.block_limit[f], lim[f]);
	SAME("allocated registers per block", r.allocated_regs_per_block, num(row, col, C_ALLOC_REGS));
	SAME("allocated shared memory per block", r.allocated_smem_per_block,
	     num(row, col, C_ALLOC_SMEM));
	SAME("shared memory per SM asked for", r.smem_preference_bytes, num(row, col, C_PREFERENCE));
	/* The header raises its limiting flags before the barrier limit and never
	 * clears them (tests/oracle_cuda.c): occview names exactly the factors at
	 * the minimum, which must be among the header's. */
	theirs = header_limiting(csvread_field(row, col[C_LIMITING]));
	for (int f = 0; f < OCC_N_FACTORS; f++)
		if (lim[f] == active)
			at_min |= 1u << f;
	SAME("limiting factors", r.limiting, at_min);
	SAME("limiting factors the header does not name", r.limiting & ~theirs, 0);

	cov->rows++;
	if (at >= 0 && at < 64 && !cov->arch_seen[at]) {
		cov->arch_seen[at] = true;
		cov->archs_seen++;
	}
	if (gpu_has_cache_config(a))
		cov->cache[in.cache_config]++;
	if (in.carveout_pct != LAUNCH_CARVEOUT_DEFAULT)
		cov->carveouts++;
	if (r.smem_config_bytes != r.smem_preference_bytes && active > 0)
		cov->raised++;
	for (int f = 0; f < OCC_N_FACTORS; f++)
		if (occ_is_limiting(&r, (enum occ_factor)f) && active > 0)
			cov->limited[f]++;
}

/* The database's compute capabilities that cuda_occupancy.h 13.0 knows:
 * 3.0 on (tests/data/nvidia/README). */
static size_t from_kepler(void)
{
	size_t n = 0;

	for (size_t i = 0; i < gpu_db_arch_count(db); i++)
		n += gpu_db_arch_at(db, i)->cc_major >= 3;
	return n;
}

START_TEST(cuda_occupancy_vectors)
{
	struct occ_error err = { 0 };
	const char *dir = getenv("TESTDATA");
	char path[1024];
	struct csv_rows rows;
	struct coverage cov = { 0 };
	int col[C_N];
	size_t len, first;
	char *text;

	snprintf(path, sizeof(path), "%s/nvidia/cuda_occupancy.csv", dir ? dir : "tests/data");
	text = str_read_file(path, 16u << 20, &len, &err);
	ck_assert_msg(text != NULL, "%s: %s", path, err.message);
	ck_assert_msg(csvread_parse(path, text, len, &rows, &err), "%s", err.message);
	/* The first line names the header that computed the file. */
	first = rows.n > 0 && rows.rows[0].n > 0 && rows.rows[0].fields[0][0] == '#' ? 1 : 0;
	ck_assert_uint_gt(rows.n, first + 1);
	for (int c = 0; c < C_N; c++) {
		col[c] = csvread_column(&rows.rows[first], col_names[c]);
		ck_assert_msg(col[c] >= 0, "%s: no column %s", path, col_names[c]);
	}
	for (size_t i = first + 1; i < rows.n; i++)
		check_row(&rows.rows[i], col, path, &cov);
	csvread_free(&rows);
	free(text);

	/* Every compute capability of the database the header knows (3.0 on),
	 * each Kepler preference, carveouts, raised preferences, and every
	 * factor limiting somewhere. */
	ck_assert_uint_ge(cov.rows, 15000);
	ck_assert_uint_eq(cov.archs_seen, from_kepler());
	for (int c = 0; c < LAUNCH_CACHE_N; c++)
		ck_assert_msg(cov.cache[c] >= 500, "cache config %s: %zu rows",
			      launch_cache_config_name(c), cov.cache[c]);
	ck_assert_uint_ge(cov.carveouts, 3000);
	ck_assert_uint_ge(cov.raised, 100);
	for (int f = 0; f < OCC_N_FACTORS; f++)
		ck_assert_msg(cov.limited[f] >= 50, "%s limits only %zu vectors",
			      occ_factor_key((enum occ_factor)f), cov.limited[f]);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("nv_vectors");
	TCase *tc = tcase_create("vectors");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, cuda_occupancy_vectors);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
