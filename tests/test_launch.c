/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_launch.c - value parsers for launches and launch_check() against a GPU's limits. */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "gpu.h"
#include "launch.h"
#include "occupancy.h"
#include "testutil.h"

static bool pint(const char *text, int64_t min, int64_t max, int64_t *out, struct occ_error *err)
{
	occ_error_clear(err);
	return launch_parse_int(text, min, max, out, NULL, 0, "registers", err);
}

START_TEST(parse_int_values)
{
	struct occ_error err;
	int64_t v = -7;

	ck_assert(pint("42", 0, 255, &v, &err));
	ck_assert_int_eq(v, 42);
	ck_assert(pint(" 255 ", 0, 255, &v, &err));
	ck_assert_int_eq(v, 255);
	ck_assert(pint("+3", 0, 255, &v, &err));
	ck_assert_int_eq(v, 3);
	/* thousands separators as ncu writes them ("16,384" in the A100 report) */
	ck_assert(pint("16,384", 0, INT64_MAX, &v, &err));
	ck_assert_int_eq(v, 16384);
	ck_assert(pint("1,275,068,416", 0, INT64_MAX, &v, &err));
	ck_assert_int_eq(v, 1275068416);
}
END_TEST

START_TEST(parse_int_rejects)
{
	static const char *const bad[] = {
		"", " ", "abc", "12abc", "1.5", "0x10", ",5", "5,", "1,,0", "--1", "9 9",
		"99999999999999999999", /* overflows int64 */
	};
	struct occ_error err;
	int64_t v = 77;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ck_assert_msg(!pint(bad[i], 0, INT64_MAX, &v, &err), "accepted \"%s\"", bad[i]);
		ck_assert_str_eq(err.field, "registers");
		ck_assert_int_eq(err.status, OCC_EUSAGE);
		ck_assert(err.message[0] != '\0');
	}
	ck_assert_int_eq(v, 77);
	/* negatives say so */
	ck_assert(!pint("-5", 0, 255, &v, &err));
	ck_assert_ptr_nonnull(strstr(err.message, "negative"));
	/* out of range names the range */
	ck_assert(!pint("256", 0, 255, &v, &err));
	ck_assert_ptr_nonnull(strstr(err.message, "256"));
	ck_assert_ptr_nonnull(strstr(err.message, "255"));
	/* from a file: file, line and EDATA */
	occ_error_clear(&err);
	ck_assert(!launch_parse_int("x", 0, 9, &v, "launch.csv", 12, "grid", &err));
	ck_assert_str_eq(err.file, "launch.csv");
	ck_assert_int_eq(err.line, 12);
	ck_assert_str_eq(err.field, "grid");
	ck_assert_int_eq(err.status, OCC_EDATA);
}
END_TEST

START_TEST(parse_dim3_values)
{
	static const struct { const char *text; int64_t x, y, z; } ok[] = {
		{ "256", 256, 1, 1 },
		{ "16x4x2", 16, 4, 2 },
		{ "32X8", 32, 8, 1 },
		{ "(16, 4, 2)", 16, 4, 2 },
		{ "(32, 16, 1)", 32, 16, 1 },    /* Block Size in the A100 report */
		{ "(152, 4, 1)", 152, 4, 1 },    /* Grid Size in the cc 12.0 report */
		{ " 8 x 8 x 8 ", 8, 8, 8 },
	};
	struct occ_error err;
	int64_t d[3];

	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		occ_error_clear(&err);
		ck_assert_msg(launch_parse_dim3(ok[i].text, 1 << 20, d, NULL, 0, "block", &err),
			      "\"%s\": %s", ok[i].text, err.message);
		ck_assert_int_eq(d[0], ok[i].x);
		ck_assert_int_eq(d[1], ok[i].y);
		ck_assert_int_eq(d[2], ok[i].z);
	}
}
END_TEST

START_TEST(parse_dim3_rejects)
{
	static const char *const bad[] = { "", "()", "1x2x3x4", "0x1", "16x-4", "axb", "2048x1" };
	struct occ_error err;
	int64_t d[3];

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		occ_error_clear(&err);
		ck_assert_msg(!launch_parse_dim3(bad[i], 1024, d, "f.launch", 4, "block", &err),
			      "accepted \"%s\"", bad[i]);
		ck_assert_str_eq(err.field, "block");
		ck_assert_str_eq(err.file, "f.launch");
		ck_assert_int_eq(err.line, 4);
	}
}
END_TEST

/* "N or XxYxZ" (launch.h): an empty component is neither, and must not be dropped. */
START_TEST(parse_dim3_rejects_empty_component)
{
	static const char *const bad[] = { "16x4x", "x16", "16xx4", "(16, , 4)" };
	struct occ_error err;
	int64_t d[3];

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		occ_error_clear(&err);
		ck_assert_msg(!launch_parse_dim3(bad[i], 1024, d, NULL, 0, "block", &err),
			      "accepted \"%s\" as %lldx%lldx%lld", bad[i], (long long)d[0],
			      (long long)d[1], (long long)d[2]);
	}
}
END_TEST

START_TEST(parse_size_values)
{
	static const struct { const char *text; int64_t bytes; } ok[] = {
		{ "0", 0 },
		{ "230400", 230400 },      /* the H20 report's 230.40 Kbyte dynamic shared memory */
		{ "48K", 49152 }, { "48KB", 49152 }, { "48KiB", 49152 }, { "48 kb", 49152 },
		{ "225KiB", 230400 },
		{ "1M", 1048576 }, { "1MB", 1048576 }, { "1MiB", 1048576 },
		{ "16,384", 16384 },
		{ "100B", 100 },
	};
	struct occ_error err;
	int64_t v;

	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		occ_error_clear(&err);
		ck_assert_msg(launch_parse_size(ok[i].text, &v, NULL, 0, "dynamic_shared_mem", &err),
			      "\"%s\": %s", ok[i].text, err.message);
		ck_assert_int_eq(v, ok[i].bytes);
	}
}
END_TEST

START_TEST(parse_size_rejects)
{
	static const char *const bad[] = { "", "K", "abc", "-1K", "-1", "1.5K", "12 GB", "4KK",
					   "8796093022208M", "99999999999999999999" };
	struct occ_error err;
	int64_t v = 5;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		occ_error_clear(&err);
		ck_assert_msg(!launch_parse_size(bad[i], &v, NULL, 0, "dynamic_shared_mem", &err),
			      "accepted \"%s\"", bad[i]);
		ck_assert_str_eq(err.field, "dynamic_shared_mem");
	}
	ck_assert_int_eq(v, 5);
}
END_TEST

START_TEST(parse_carveout_values)
{
	struct occ_error err = { 0 };
	int v = 0;

	ck_assert(launch_parse_carveout("", &v, NULL, 0, "carveout", &err));
	ck_assert_int_eq(v, LAUNCH_CARVEOUT_DEFAULT);
	ck_assert(launch_parse_carveout("default", &v, NULL, 0, "carveout", &err));
	ck_assert_int_eq(v, LAUNCH_CARVEOUT_DEFAULT);
	ck_assert(launch_parse_carveout(" DEFAULT ", &v, NULL, 0, "carveout", &err));
	ck_assert_int_eq(v, LAUNCH_CARVEOUT_DEFAULT);
	ck_assert(launch_parse_carveout("50", &v, NULL, 0, "carveout", &err));
	ck_assert_int_eq(v, 50);
	ck_assert(launch_parse_carveout("25%", &v, NULL, 0, "carveout", &err));
	ck_assert_int_eq(v, 25);
	ck_assert(launch_parse_carveout("0", &v, NULL, 0, "carveout", &err));
	ck_assert_int_eq(v, 0);
	ck_assert(launch_parse_carveout("100", &v, NULL, 0, "carveout", &err));
	ck_assert_int_eq(v, 100);

	static const char *const bad[] = { "101", "-1", "abc", "50%%", "%" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		occ_error_clear(&err);
		ck_assert_msg(!launch_parse_carveout(bad[i], &v, NULL, 0, "carveout", &err),
			      "accepted \"%s\"", bad[i]);
		ck_assert_str_eq(err.field, "carveout");
	}
}
END_TEST

static void h100(struct gpu *g)
{
	struct occ_error err = { 0 };
	ck_assert_msg(gpu_db_find(db, "H100", g, &err), "%s", err.message);
}

static void check_fails(const struct launch *l, const struct gpu *g, const char *field)
{
	struct occ_error err = { 0 };
	ck_assert_msg(!launch_check(l, g, "k.launch", 7, &err), "accepted; want %s error", field);
	ck_assert_str_eq(err.field, field);
	ck_assert_str_eq(err.file, "k.launch");
	ck_assert_int_eq(err.line, 7);
	ck_assert_int_eq(err.status, OCC_EDATA);
}

START_TEST(check_rejects)
{
	struct gpu g;
	struct launch l;

	h100(&g);
	launch_init(&l);
	l.block[0] = 0;
	check_fails(&l, &g, "block");
	launch_init(&l);
	l.block[0] = 1024;
	l.block[1] = 2;            /* 2048 threads > 1024 (archs.csv sm_90) */
	check_fails(&l, &g, "block");
	launch_init(&l);
	l.regs_per_thread = 256;   /* > 255 */
	check_fails(&l, &g, "registers");
	launch_init(&l);
	l.static_smem_bytes = 49153; /* static above 48 KB */
	check_fails(&l, &g, "static_shared_mem");
	launch_init(&l);
	l.dynamic_smem_bytes = 232449; /* above the 232448 B opt-in */
	check_fails(&l, &g, "dynamic_shared_mem");
	launch_init(&l);
	l.static_smem_bytes = 49152;
	l.dynamic_smem_bytes = 232448 - 49152 + 1;
	check_fails(&l, &g, "dynamic_shared_mem");
	launch_init(&l);
	l.barriers = 17;
	check_fails(&l, &g, "barriers");
	launch_init(&l);
	l.grid[1] = 0;
	check_fails(&l, &g, "grid");

	/* from flags: no file, usage status */
	struct occ_error err = { 0 };
	ck_assert(!launch_check(&l, &g, NULL, 0, &err));
	ck_assert_int_eq(err.status, OCC_EUSAGE);
	ck_assert_str_eq(err.file, "");
}
END_TEST

/* launch_grid_checks_pass: where it holds at two grids, launch_check
 * answers the same at both, message and all, for launches it accepts and
 * refuses for other values (check_rejects' H100 limits; MI300X's 64 KiB of
 * LDS a workgroup, data/amd_devices.csv); a grid of no block or past y's
 * or z's 65535 fails it, and launch_check refuses that grid first. */
START_TEST(grid_checks_pass_only_grid)
{
	static const int64_t grids[][3] = { { 1, 1, 1 }, { 1584, 1, 1 }, { 6, 4, 2 },
					    { 2147483647, 1, 1 }, { 0, 1, 1 }, { 1, 65536, 1 },
					    { 1, 1, 65536 }, { 5, 1, 1 }, { 64, 1, 1 } };
	struct gpu gpus[2];
	struct occ_error e0 = { 0 };

	h100(&gpus[0]);
	ck_assert_msg(gpu_db_find(db, "MI300X", &gpus[1], &e0), "%s", e0.message);
	for (int g = 0; g < 2; g++)
		for (int v = 0; v < 6; v++) {
			struct launch l;
			struct occ_error first = { 0 };
			bool first_ok = false, have = false;

			launch_init(&l);
			if (v == 1)
				l.block[0] = 2048;             /* refused: threads */
			if (v == 2)
				l.static_smem_bytes = 98304;   /* refused on MI300X: LDS */
			if (v == 3)
				l.cluster_size = 2;            /* H100: divides even grids */
			if (v == 4)
				l.cluster_size = 32;           /* refused on H100: size */
			if (v == 5)
				l.xcds = 9;                    /* refused on MI300X: 8 XCDs */
			for (size_t k = 0; k < sizeof(grids) / sizeof(grids[0]); k++) {
				struct occ_error err = { 0 };
				bool ok;

				memcpy(l.grid, grids[k], sizeof(l.grid));
				ok = launch_check(&l, &gpus[g], "k.launch", 7, &err);
				if (!launch_grid_checks_pass(&l)) {
					/* a grid of no block, or past y's or z's limit:
					 * refused first; a cluster's: no claim (AMD
					 * checks none) */
					if (k == 4 || k == 5 || k == 6)
						ck_assert_msg(!ok && strcmp(err.field, "grid") == 0,
							      "%s launch %d grid %zu: %s", gpus[g].name,
							      v, k, err.field);
					continue;
				}
				if (!have) {
					first = err;
					first_ok = ok;
					have = true;
				}
				ck_assert_msg(ok == first_ok &&
					      memcmp(&err, &first, sizeof(err)) == 0,
					      "%s launch %d grid %zu: %s / %s", gpus[g].name, v, k,
					      err.message, first.message);
			}
			ck_assert(have);
		}
}
END_TEST

START_TEST(check_accepts)
{
	struct gpu g;
	struct launch l;
	struct occ_error err = { 0 };

	h100(&g);
	launch_init(&l);
	ck_assert(launch_check(&l, &g, NULL, 0, &err));
	l.static_smem_bytes = 49152;           /* exactly 48 KB static */
	l.dynamic_smem_bytes = 232448 - 49152; /* exactly the opt-in maximum in all */
	l.barriers = 16;
	l.regs_per_thread = 255;
	ck_assert_msg(launch_check(&l, &g, NULL, 0, &err), "%s", err.message);
}
END_TEST

/* SGPRs limit on CDNA (at most 112 per wave) and are information on RDNA:
 * the 128 rocprof reports for every R9700 (gfx1201) dispatch is a valid
 * launch there, and so is any count (amd.h, amd_sgprs_limit). */
START_TEST(check_sgprs_where_they_limit)
{
	struct gpu g;
	struct launch l;
	struct occ_error err = { 0 };

	ck_assert_msg(gpu_db_find(db, "gfx1201", &g, &err), "%s", err.message);
	launch_init(&l);
	l.sgprs = 128;
	ck_assert_msg(launch_check(&l, &g, NULL, 0, &err), "%s", err.message);
	l.sgprs = 1 << 16;
	ck_assert_msg(launch_check(&l, &g, NULL, 0, &err), "%s", err.message);
	ck_assert_msg(gpu_db_find(db, "mi300x", &g, &err), "%s", err.message);
	l.sgprs = 112;
	ck_assert_msg(launch_check(&l, &g, NULL, 0, &err), "%s", err.message);
	l.sgprs = 128;
	check_fails(&l, &g, "sgprs");
}
END_TEST

/* Valid but nothing fits: 1024 threads x 255 registers (cuda_occupancy.h (CUDA 13.0):
 * 0 blocks on cc 9.0). */
START_TEST(check_accepts_launch_that_cannot_fit)
{
	struct gpu g;
	struct launch l;
	struct occ_error err = { 0 };
	struct occ_input in;
	struct occ_result r;

	h100(&g);
	launch_init(&l);
	l.block[0] = 1024;
	l.regs_per_thread = 255;
	ck_assert_msg(launch_check(&l, &g, NULL, 0, &err), "%s", err.message);
	occ_input_from_launch(&l, &in);
	occ_compute(&g.arch, &in, &r);
	ck_assert_int_eq(r.active_blocks_per_sm, 0);
	ck_assert_int_eq(r.misfit, OCC_MISFIT_REGISTERS);
}
END_TEST

START_TEST(init_and_sizes)
{
	struct launch l;
	struct gpu g;
	struct occ_error err = { 0 };

	launch_init(&l);
	ck_assert_int_eq(launch_threads_per_block(&l), 256);
	ck_assert_int_eq(l.regs_per_thread, 32);
	ck_assert_int_eq(l.carveout_pct, LAUNCH_CARVEOUT_DEFAULT);
	/* the default GPU name resolves in the built-in database */
	ck_assert_msg(gpu_db_find(db, l.gpu_name, &g, &err), "%s", err.message);
	ck_assert(launch_check(&l, &g, NULL, 0, &err));

	/* the cc 12.0 report's grid (152, 4, 1) and the Ada report's block (8, 8, 8) */
	l.grid[0] = 152;
	l.grid[1] = 4;
	l.grid[2] = 1;
	ck_assert_int_eq(launch_grid_size(&l), 608);
	l.block[0] = l.block[1] = l.block[2] = 8;
	ck_assert_int_eq(launch_threads_per_block(&l), 512);
	/* the Ada report's heat_kernel_3d_color grid (125, 125, 13) = 203,125 */
	l.grid[0] = 125;
	l.grid[1] = 125;
	l.grid[2] = 13;
	ck_assert_int_eq(launch_grid_size(&l), 203125);
	l.static_smem_bytes = 80;
	l.dynamic_smem_bytes = 8704;
	ck_assert_int_eq(launch_smem_per_block_bytes(&l), 8784);
	/* a product that does not fit in int */
	l.block[0] = l.block[1] = l.block[2] = 65536;
	ck_assert_int_eq(launch_threads_per_block(&l), INT32_MAX);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("launch");
	TCase *parse = tcase_create("parse");
	TCase *check = tcase_create("check");

	tcase_add_test(parse, parse_int_values);
	tcase_add_test(parse, parse_int_rejects);
	tcase_add_test(parse, parse_dim3_values);
	tcase_add_test(parse, parse_dim3_rejects);
	tcase_add_test(parse, parse_dim3_rejects_empty_component);
	tcase_add_test(parse, parse_size_values);
	tcase_add_test(parse, parse_size_rejects);
	tcase_add_test(parse, parse_carveout_values);
	suite_add_tcase(s, parse);

	tcase_add_checked_fixture(check, db_setup, db_teardown);
	tcase_add_test(check, check_rejects);
	tcase_add_test(check, check_accepts);
	tcase_add_test(check, grid_checks_pass_only_grid);
	tcase_add_test(check, check_sgprs_where_they_limit);
	tcase_add_test(check, check_accepts_launch_that_cannot_fit);
	tcase_add_test(check, init_and_sizes);
	suite_add_tcase(s, check);
	return s;
}

int main(void)
{
	return run_suite(suite());
}
