/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_report_infer.c - launch values a record lacks, inferred from Nsight
 * Compute's own block limits: the range each limit pins down on the
 * record's GPU, the most of it used, "inferred" said in the analysis, and
 * one message naming every flag where nothing pins a value down. */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "crosscheck.h"
#include "report_infer.h"
#include "reportutil.h"
#include "testutil.h"

static bool has_finding(const struct analysis *a, const char *id)
{
	for (int i = 0; i < a->n_findings; i++)
		if (strcmp(a->findings[i].id, id) == 0)
			return true;
	return false;
}

/* The B200 record (constructed raw page line 5: 16x8 threads, 48 registers,
 * Block Limit Registers 10) without its registers: 65536 / (4 warps x 1536)
 * = 10.7 -> 10 for 41 to 48 registers (1312 to 1536 per warp, allocated as
 * 1536); 40 allocates 1280 and gives 12, 49 allocates 1792 and gives 9. 48,
 * the record's own, is the most. */
START_TEST(registers_from_their_limit)
{
	static struct analysis a;
	struct report_launch_given none = { NULL, NULL, 0 };
	struct occ_error err = { 0 };
	struct report_record rec;
	const struct report_inferred *inf = &a.report.inferred;

	b200_record(&rec, 10);
	rec.registers.present = false;
	ck_assert_msg(record_analyse(&a, db, &rec, &none, "b200.csv", &err), "%s", err.message);
	ck_assert_uint_eq(inf->params, PARAM_BIT(PARAM_REGISTERS));
	ck_assert_int_eq(inf->registers.lo, 41);
	ck_assert_int_eq(inf->registers.hi, 48);
	ck_assert_int_eq(inf->registers.limit, 10);
	ck_assert_int_eq(a.launch.regs_per_thread, 48);
	/* the rest of Nsight Compute's figures agree, the registers limit by
	 * construction */
	ck_assert_int_eq(a.report.check.disagree, 0);
	ck_assert(crosscheck_has(&a.report.check, CROSSCHECK_THEORETICAL));
	ck_assert(a.report.check.inferred & (1u << CROSSCHECK_REGISTERS));
	ck_assert_double_eq_tol(a.r.theoretical_occupancy_pct, 62.5, 1e-9);
	ck_assert(has_finding(&a, "inferred"));
	/* inferred, it is the launch as measured: no what-if */
	ck_assert_uint_eq(a.report.changed, 0);
}
END_TEST

/* The GB200 details page: Block Limit Barriers 9 and no barrier
 * count. cc 10.0 has 64 barriers per SM: 64 / 7 = 9.1 -> 9, and only 7
 * (6 gives 10, 8 gives 8). occview assumed 1 (limit 64 -> the SM's 32). */
START_TEST(barriers_from_their_limit)
{
	static struct analysis a;
	struct report_launch_given none = { NULL, NULL, 0 };
	struct occ_error err = { 0 };
	struct report_record rec;

	b200_record(&rec, 10);
	rec.barriers.present = false;
	rec.limit_barriers = (struct report_int){ true, 9 };
	/* the record's own figures were of one barrier */
	rec.theoretical_occupancy_pct.present = false;
	rec.waves_per_sm.present = false;
	ck_assert_msg(record_analyse(&a, db, &rec, &none, "gb200.csv", &err), "%s", err.message);
	ck_assert_uint_eq(a.report.inferred.params, PARAM_BIT(PARAM_BARRIERS));
	ck_assert_int_eq(a.report.inferred.barriers.lo, 7);
	ck_assert_int_eq(a.report.inferred.barriers.hi, 7);
	ck_assert_int_eq(a.launch.barriers, 7);
	ck_assert_int_eq(a.r.block_limit[OCC_BARRIERS], 9);
	ck_assert(crosscheck_has(&a.report.check, CROSSCHECK_BARRIERS));
	ck_assert_int_eq(a.report.check.disagree, 0);
}
END_TEST

/* llmperfopt_..._section_Occupancy_kernel0003.csv: the Occupancy section
 * only, on cc 12.0 (48 warps, 24 blocks, 65536 registers, 100 KB of shared
 * memory per SM): Block Size 128, Block Limit Registers 5, Shared Mem 2,
 * Barriers 24 (line 6-9). Registers: 65536 / (4 x alloc) = 5 for 2816 or
 * 3072 per warp: 81 to 96 per thread. Shared memory: 102400 / alloc = 2
 * for 34176 to 51200 B allocated, less the driver's 1024 B: 33025 to 50176
 * B. Theoretical Occupancy 16.67 and 8 active warps (lines 11, 10) follow. */
START_TEST(occupancy_section_alone)
{
	static struct analysis a;
	struct report_launch_given none = { NULL, NULL, 0 };
	struct occ_error err = { 0 };
	struct report rep;
	const struct report_inferred *inf = &a.report.inferred;

	load_clean("ncu/", "llmperfopt_blackwell_cc120_ncu2025_section_Occupancy_kernel0003.csv", &rep);
	ck_assert_uint_eq(rep.n, 1);
	ck_assert(!rep.records[0].registers.present);
	ck_assert_msg(record_analyse(&a, db, &rep.records[0], &none, "section.csv", &err), "%s",
		      err.message);
	ck_assert_int_eq(inf->registers.lo, 81);
	ck_assert_int_eq(inf->registers.hi, 96);
	ck_assert_int_eq(inf->smem_bytes.lo, 33025);
	ck_assert_int_eq(inf->smem_bytes.hi, 50176);
	ck_assert_int_eq(a.launch.regs_per_thread, 96);
	/* static as far as it may go, dynamic beyond */
	ck_assert_int_eq(a.launch.static_smem_bytes, 49152);
	ck_assert_int_eq(a.launch.dynamic_smem_bytes, 50176 - 49152);
	ck_assert_int_eq(a.r.active_warps_per_sm, 8);
	ck_assert_int_eq(a.report.check.disagree, 0);
	ck_assert(crosscheck_has(&a.report.check, CROSSCHECK_THEORETICAL));
	report_done(&rep);
}
END_TEST

/* Nothing pins a value down: every value the record lacks is named in one
 * message, with every flag. */
START_TEST(what_is_still_lacking)
{
	static struct analysis a;
	struct report_launch_given none = { NULL, NULL, 0 };
	struct occ_error err = { 0 };
	struct report_record rec;

	b200_record(&rec, 10);
	rec.registers.present = false;
	rec.limit_registers.present = false;
	rec.dynamic_smem_bytes.present = false;
	rec.limit_smem.present = false;
	ck_assert(!record_analyse(&a, db, &rec, &none, "b200.csv", &err));
	ck_assert_msg(strstr(err.message, "registers per thread and dynamic shared memory"), "%s",
		      err.message);
	ck_assert_msg(strstr(err.message, "--registers N --dynamic-shared-mem SIZE"), "%s",
		      err.message);
	ck_assert_str_eq(err.field, "registers");
	/* a limit no value gives (more blocks than registers allow for even
	 * one register per thread) infers nothing either */
	rec.limit_registers = (struct report_int){ true, 31 };
	rec.limit_smem.present = true;
	occ_error_clear(&err);
	ck_assert(!record_analyse(&a, db, &rec, &none, "b200.csv", &err));
	ck_assert_msg(strstr(err.message, "registers per thread"), "%s", err.message);
	ck_assert_msg(!strstr(err.message, "dynamic shared memory"), "%s", err.message);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("report_infer");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, registers_from_their_limit);
	tcase_add_test(tc, barriers_from_their_limit);
	tcase_add_test(tc, occupancy_section_alone);
	tcase_add_test(tc, what_is_still_lacking);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
