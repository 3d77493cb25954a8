/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_cache_config.c - Fermi's and Kepler's L1/shared preference
 * (--cache-config): the shared memory per SM it asks for and how one block's
 * need raises it, as cuda_occupancy.h computes them (worked by hand below;
 * tests/test_nv_vectors.c has the header's own figures for Kepler), the
 * archs.csv column that says which architectures have it, and the usage
 * errors that name the generation where a flag does not exist. */
#include "config.h"

#include <check.h>
#include <string.h>

#include "derive.h"
#include "error.h"
#include "launch.h"
#include "occupancy.h"
#include "params.h"
#include "testutil.h"

static const struct gpu_arch *arch(int major, int minor)
{
	const struct gpu_arch *a = gpu_db_find_arch(db, major, minor);

	ck_assert_msg(a != NULL, "cc %d.%d", major, minor);
	return a;
}

/* 256 threads, no registers, smem bytes of static shared memory. */
static struct occ_result run(const struct gpu_arch *a, int64_t smem, int cache)
{
	struct occ_input in = { 0 };
	struct occ_result r;

	in.threads_per_block = 256;
	in.static_smem_bytes = smem;
	in.carveout_pct = LAUNCH_CARVEOUT_DEFAULT;
	in.cache_config = cache;
	occ_input_measured_config(&in, -1);
	occ_compute(a, &in, &r);
	return r;
}

/* cuda_occupancy.h's cudaOccSMemPreference on cc 3.x: high = shared memory
 * per SM (48 KB), low = high + 16 KB - 48 KB (16 KB), equal = (high + low) / 2
 * (32 KB). 8 KB blocks: 48/8 = 6, 16/8 = 2, 32/8 = 4 blocks. */
START_TEST(kepler_preferences)
{
	const struct gpu_arch *k = arch(3, 5);
	static const struct { int cache; int64_t pref; int blocks; } want[] = {
		{ LAUNCH_CACHE_NONE, 49152, 6 }, { LAUNCH_CACHE_SHARED, 49152, 6 },
		{ LAUNCH_CACHE_L1, 16384, 2 }, { LAUNCH_CACHE_EQUAL, 32768, 4 },
	};

	ck_assert(gpu_has_cache_config(k));
	ck_assert(!gpu_has_carveout(k));
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		struct occ_result r = run(k, 8192, want[i].cache);
		ck_assert_int_eq(r.smem_preference_bytes, want[i].pref);
		ck_assert_int_eq(r.smem_config_bytes, want[i].pref);
		ck_assert_int_eq(r.block_limit[OCC_SHARED_MEM], want[i].blocks);
		ck_assert_int_eq(occ_cache_config_bytes(k, want[i].cache), want[i].pref);
	}
}
END_TEST

/* cc 3.7 (K80) has 112 KB: low = 112 + 16 - 48 = 80 KB, equal 96 KB. */
START_TEST(k80_preferences)
{
	const struct gpu_arch *k = arch(3, 7);

	ck_assert_int_eq(run(k, 8192, LAUNCH_CACHE_L1).smem_preference_bytes, 80 * 1024);
	ck_assert_int_eq(run(k, 8192, LAUNCH_CACHE_L1).block_limit[OCC_SHARED_MEM], 10);
	ck_assert_int_eq(run(k, 8192, LAUNCH_CACHE_EQUAL).smem_preference_bytes, 96 * 1024);
	ck_assert_int_eq(run(k, 8192, LAUNCH_CACHE_SHARED).smem_preference_bytes, 112 * 1024);
}
END_TEST

/* Preferring L1 (16 KB) with a 20 KB block: cuda_occupancy.h sets the
 * preference aside for sharedMemPerMultiprocessor, 48 KB, not for the 32 KB
 * configuration that would hold the block: 48 KB / 20 KB = 2 blocks, not 1.
 * The derivation says so. */
START_TEST(preference_raised_to_the_largest)
{
	const struct gpu_arch *k = arch(3, 0);
	struct occ_result r = run(k, 20480, LAUNCH_CACHE_L1);
	struct occ_input in = { 0 };
	struct derivation d;
	bool said = false;

	ck_assert_int_eq(r.smem_preference_bytes, 16384);
	ck_assert_int_eq(r.smem_config_bytes, 49152);
	ck_assert_int_eq(r.block_limit[OCC_SHARED_MEM], 2);
	/* equal (32 KB) with a 40 KB block: raised to 48 KB, 1 block */
	r = run(k, 40960, LAUNCH_CACHE_EQUAL);
	ck_assert_int_eq(r.smem_config_bytes, 49152);
	ck_assert_int_eq(r.block_limit[OCC_SHARED_MEM], 1);

	in.threads_per_block = 256;
	in.static_smem_bytes = 20480;
	in.carveout_pct = LAUNCH_CARVEOUT_DEFAULT;
	in.cache_config = LAUNCH_CACHE_L1;
	r = run(k, 20480, LAUNCH_CACHE_L1);
	derive_limit(k, &in, &r, OCC_SHARED_MEM, &d);
	for (int i = 0; i < d.n; i++)
		said |= strstr(d.steps[i], "Cache preference l1") != NULL ||
			strstr(d.steps[i], "takes the largest configuration, 49152 bytes") != NULL;
	ck_assert(said);
	ck_assert_int_eq(d.value, 2);
}
END_TEST

/* The database's Fermi rows and a user's: 48/16 KB and
 * no equal split, as CUDA's older cuda_occupancy.h had it for cc 2.x (equal
 * gives the 48 KB of none and shared). Nothing in the engine names a compute
 * capability: the row's smem_configs_kb and smem_preference decide. */
START_TEST(fermi_from_its_row)
{
	static const char fermi[] =
		"arch,cc,warp_size,max_threads_per_sm,max_warps_per_sm,max_blocks_per_sm,"
		"max_threads_per_block,regs_per_sm,regs_per_block,max_regs_per_thread,"
		"reg_alloc_unit,warp_alloc_granularity,sm_subpartitions,smem_per_sm_bytes,"
		"smem_configs_kb,smem_per_block_bytes,smem_per_block_optin_bytes,"
		"smem_alloc_unit_bytes,smem_reserved_per_block_bytes,smem_preference\n"
		"sm_20,2.0,32,1536,48,8,1024,32768,32768,63,64,2,1,49152,16;48,49152,49152,128,0,"
		"cache_config\n";
	struct occ_error err = { 0 };
	const struct gpu_arch *f = arch(2, 1);

	/* the database's own Fermi rows (data/archs.csv) */
	ck_assert(gpu_has_cache_config(f));
	ck_assert_int_eq(run(f, 8192, LAUNCH_CACHE_L1).block_limit[OCC_SHARED_MEM], 2);
	ck_assert_int_eq(run(f, 8192, LAUNCH_CACHE_EQUAL).smem_preference_bytes, 49152);
	ck_assert_int_eq(run(f, 20480, LAUNCH_CACHE_L1).smem_config_bytes, 49152);

	ck_assert_msg(gpu_db_load_csv(db, "fermi.csv", fermi, strlen(fermi), &err), "%s",
		      err.message);
	f = arch(2, 0);
	ck_assert(gpu_has_cache_config(f));
	/* 8 KB blocks: 48 KB holds 6, 16 KB 2 */
	ck_assert_int_eq(run(f, 8192, LAUNCH_CACHE_NONE).block_limit[OCC_SHARED_MEM], 6);
	ck_assert_int_eq(run(f, 8192, LAUNCH_CACHE_L1).smem_preference_bytes, 16384);
	ck_assert_int_eq(run(f, 8192, LAUNCH_CACHE_L1).block_limit[OCC_SHARED_MEM], 2);
	ck_assert_int_eq(run(f, 8192, LAUNCH_CACHE_EQUAL).smem_preference_bytes, 49152);
	/* L1 with a 20 KB block: raised to 48 KB, 2 blocks */
	ck_assert_int_eq(run(f, 20480, LAUNCH_CACHE_L1).smem_config_bytes, 49152);
	ck_assert_int_eq(run(f, 20480, LAUNCH_CACHE_L1).block_limit[OCC_SHARED_MEM], 2);
}
END_TEST

/* The column is checked against the configurations it picks among. */
START_TEST(preference_column_checked)
{
	static const char head[] =
		"arch,cc,warp_size,max_threads_per_sm,max_warps_per_sm,max_blocks_per_sm,"
		"max_threads_per_block,regs_per_sm,regs_per_block,max_regs_per_thread,"
		"reg_alloc_unit,warp_alloc_granularity,sm_subpartitions,smem_per_sm_bytes,"
		"smem_configs_kb,smem_per_block_bytes,smem_per_block_optin_bytes,"
		"smem_alloc_unit_bytes,smem_reserved_per_block_bytes,smem_preference\n";
	static const char *const bad[] = {
		"sm_20,2.0,32,1536,48,8,1024,32768,32768,63,64,2,1,49152,48,49152,49152,128,0,cache_config\n",
		"sm_20,2.0,32,1536,48,8,1024,32768,32768,63,64,2,1,49152,16;48,49152,49152,128,0,l1\n",
		"sm_20,2.0,32,1536,48,8,1024,32768,32768,63,64,2,1,49152,16;48,49152,49152,128,0,fixed\n",
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct occ_error err = { 0 };
		char text[1024];
		snprintf(text, sizeof(text), "%s%s", head, bad[i]);
		ck_assert(!gpu_db_load_csv(db, "bad.csv", text, strlen(text), &err));
		ck_assert_str_eq(err.field, "smem_preference");
	}
	/* Without the column: a carveout where there are several, else fixed. */
	ck_assert(gpu_has_carveout(arch(8, 6)));
	ck_assert(!gpu_has_carveout(arch(6, 1)) && !gpu_has_cache_config(arch(6, 1)));
}
END_TEST

static void refused(const char *gpu_name, enum launch_param p, const char *want_field,
		    const char *want)
{
	struct occ_error err = { 0 };
	struct gpu g;
	struct launch l;

	ck_assert(gpu_db_find(db, gpu_name, &g, &err));
	ck_assert(!param_check_vendor(PARAM_BIT(p), 0, &g, &err));
	ck_assert_int_eq(err.status, OCC_EUSAGE);
	ck_assert_str_eq(err.field, param_info(p)->flag);
	ck_assert_msg(strstr(err.message, want) != NULL, "%s", err.message);
	/* The same value from a launch file: the file's key and line. */
	launch_init(&l);
	err = (struct occ_error){ 0 };
	if (p == PARAM_CARVEOUT)
		l.carveout_pct = 50;
	else
		l.cache_config = LAUNCH_CACHE_L1;
	ck_assert(!param_check_values(&l, &g, "k.occ", 3, &err));
	ck_assert_int_eq(err.status, OCC_EDATA);
	ck_assert_str_eq(err.file, "k.occ");
	ck_assert_int_eq(err.line, 3);
	ck_assert_str_eq(err.field, want_field);
	ck_assert_msg(strstr(err.message, want) != NULL, "%s", err.message);
}

START_TEST(flags_a_generation_lacks)
{
	struct occ_error err = { 0 };
	struct gpu g;
	struct launch l;

	refused("RTX 3090", PARAM_CACHE_CONFIG, "cache_config",
		"Ampere (cc 8.6) has no L1/shared preference; use ");
	refused("GTX 1080 Ti", PARAM_CACHE_CONFIG, "cache_config",
		"Pascal (cc 6.1) has no L1/shared preference");
	refused("Tesla K40c", PARAM_CARVEOUT, "carveout", "Kepler (cc 3.5) has no carveout");
	refused("GTX 1080 Ti", PARAM_CARVEOUT, "carveout", "Pascal (cc 6.1) has no carveout");
	/* Where they exist, and a default value in a file, are fine. */
	ck_assert(gpu_db_find(db, "Tesla K40c", &g, &err));
	ck_assert(param_check_vendor(PARAM_BIT(PARAM_CACHE_CONFIG), 0, &g, &err));
	ck_assert(gpu_db_find(db, "RTX 3090", &g, &err));
	ck_assert(param_check_vendor(PARAM_BIT(PARAM_CARVEOUT), 0, &g, &err));
	launch_init(&l);
	ck_assert(param_check_values(&l, &g, "k.occ", 1, &err));
}
END_TEST

START_TEST(spellings)
{
	static const struct { const char *text; int want; } ok[] = {
		{ "none", LAUNCH_CACHE_NONE }, { "", LAUNCH_CACHE_NONE },
		{ "default", LAUNCH_CACHE_NONE }, { "L1", LAUNCH_CACHE_L1 },
		{ "prefer_l1", LAUNCH_CACHE_L1 }, { "PreferShared", LAUNCH_CACHE_SHARED },
		{ "cudaFuncCachePreferEqual", LAUNCH_CACHE_EQUAL }, { " equal ", LAUNCH_CACHE_EQUAL },
	};
	struct occ_error err = { 0 };
	int v;

	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		ck_assert_msg(launch_parse_cache_config(ok[i].text, &v, NULL, 0, "--cache-config", &err),
			      "%s", ok[i].text);
		ck_assert_int_eq(v, ok[i].want);
	}
	ck_assert(!launch_parse_cache_config("half", &v, NULL, 0, "--cache-config", &err));
	ck_assert_int_eq(err.status, OCC_EUSAGE);
	err = (struct occ_error){ 0 };
	ck_assert(!launch_parse_cache_config("l2", &v, "f.occ", 4, "cache_config", &err));
	ck_assert_int_eq(err.status, OCC_EDATA);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("cache_config");
	TCase *tc = tcase_create("cache_config");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, kepler_preferences);
	tcase_add_test(tc, k80_preferences);
	tcase_add_test(tc, preference_raised_to_the_largest);
	tcase_add_test(tc, fermi_from_its_row);
	tcase_add_test(tc, preference_column_checked);
	tcase_add_test(tc, flags_a_generation_lacks);
	tcase_add_test(tc, spellings);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
