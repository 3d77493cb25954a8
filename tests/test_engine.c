/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_engine.c - one engine per vendor family: which architecture gets
 * which, the words it speaks (the unit an RDNA target in WGP mode counts on
 * is the WGP), the parameters it takes, and the rows of its allocation. */
#include "config.h"

#include <check.h>
#include <string.h>

#include "engine.h"
#include "testutil.h"

static const struct gpu_arch *target(const char *name)
{
	const struct gpu_arch *a = gpu_db_find_target(db, name);

	ck_assert_msg(a != NULL, "%s", name);
	return a;
}

static const struct engine_fact_row *row(const struct engine_facts *f, const char *label)
{
	for (int i = 0; i < f->n; i++)
		if (strcmp(f->rows[i].label, label) == 0)
			return &f->rows[i];
	ck_abort_msg("no row %s", label);
	return NULL;
}

START_TEST(families_and_words)
{
	const struct gpu_arch *h100 = gpu_db_find_arch(db, 9, 0);
	const struct engine_words *w;

	ck_assert_ptr_nonnull(h100);
	ck_assert_int_eq(engine_of(h100)->family, ENGINE_NVIDIA);
	w = engine_words(h100);
	ck_assert_str_eq(w->unit, "SM");
	ck_assert_str_eq(w->warps, "warps");
	ck_assert_str_eq(w->blocks, "blocks");
	/* Nsight Compute's rules are quoted on NVIDIA only */
	ck_assert(w->quotes_profiler_rules);
	ck_assert(!engine_words(target("gfx942"))->quotes_profiler_rules);
	ck_assert(!engine_words(target("gfx1201"))->quotes_profiler_rules);
	ck_assert(!engine_words(target("cypress"))->quotes_profiler_rules);
	/* data/amd_archs.csv: gfx942 counts per CU, gfx1201 in WGP mode per WGP,
	 * cypress is TeraScale 2 (VLIW), its registers GPRs. */
	ck_assert_int_eq(engine_of(target("gfx942"))->family, ENGINE_AMD);
	ck_assert_str_eq(engine_words(target("gfx942"))->unit, "CU");
	ck_assert_str_eq(engine_words(target("gfx1201"))->unit, "WGP");
	ck_assert_str_eq(engine_words(target("gfx1201"))->units, "WGPs");
	ck_assert_str_eq(engine_words(target("gfx1201"))->warps, "waves");
	ck_assert_str_eq(engine_words(target("gfx1201"))->blocks, "workgroups");
	ck_assert_int_eq(engine_of(target("cypress"))->family, ENGINE_TERASCALE);
	ck_assert_str_eq(engine_words(target("cypress"))->regs, "GPRs");
	ck_assert(engine_of(target("gfx942"))->simd_waves);
	ck_assert(!engine_of(target("cypress"))->simd_waves);
	/* params.h: the carveout is NVIDIA's, the wave size AMD's. */
	ck_assert(engine_takes(&engine_nvidia, PARAM_CARVEOUT));
	ck_assert(!engine_takes(&engine_nvidia, PARAM_WAVE_SIZE));
	ck_assert(engine_takes(&engine_amd, PARAM_WAVE_SIZE));
	ck_assert(!engine_takes(&engine_amd, PARAM_BARRIERS));
}
END_TEST

/* occ_compute keeps the engine and its words in the result: the RDNA4
 * record of test_amd's sgprs_information_where_they_do_not_limit (wgr 256,
 * 16 VGPRs, wave32 on gfx1201): 8 workgroups, 64 waves per WGP. */
START_TEST(result_carries_its_engine)
{
	struct occ_input in = { .threads_per_block = 256, .regs_per_thread = 16, .wave_size = 32 };
	struct occ_result r, empty = { 0 };

	occ_input_measured_config(&in, -1);
	occ_compute(target("gfx1201"), &in, &r);
	ck_assert_ptr_eq(r.engine, &engine_amd);
	ck_assert_str_eq(engine_result_words(&r)->unit, "WGP");
	ck_assert_int_eq(r.active_blocks_per_sm, 8);
	ck_assert_int_eq(r.active_warps_per_sm, 64);
	ck_assert_ptr_eq(engine_of_result(&empty), &engine_nvidia);
	ck_assert_str_eq(engine_result_words(&empty)->unit, "SM");
}
END_TEST

/* The allocation rows of 40 VGPRs in wave32 on gfx1201: a granule of 24
 * (data/amd_archs.csv, from LLVM's AMDGPUBaseInfo) gives 48 per work-item,
 * x 8 waves = 384 per workgroup, of a 1536-VGPR file per SIMD lane (as
 * --print shows it); the GPU-limits rows speak per WGP. */
START_TEST(allocation_rows)
{
	struct occ_input in = { .threads_per_block = 256, .regs_per_thread = 40, .wave_size = 32 };
	const struct gpu_arch *a = target("gfx1201");
	struct engine_facts f;
	struct occ_result r;

	occ_input_measured_config(&in, -1);
	occ_compute(a, &in, &r);
	engine_allocation(&(struct engine_fact_args){ a, &in, &r, NULL, -1 }, &f);
	ck_assert_str_eq(row(&f, "VGPRs")->items[0].text, "48 per work-item (granule 24)");
	ck_assert_str_eq(row(&f, "VGPRs")->items[1].text, "x 8 waves = 384 per workgroup");
	ck_assert_str_eq(row(&f, "VGPRs")->items[2].text, "of 1536 per SIMD lane in wave32");
	engine_gpu_limits(a, &f);
	ck_assert_str_eq(row(&f, "Per WGP")->items[0].text, "4 SIMDs x 16 wave slots");
	engine_gpu_limits(target("cypress"), &f);
	ck_assert_int_eq(row(&f, "GPRs")->n, 1);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("engine");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, families_and_words);
	tcase_add_test(tc, result_carries_its_engine);
	tcase_add_test(tc, allocation_rows);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(suite());
}
