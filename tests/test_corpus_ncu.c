/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_corpus_ncu.c - every Nsight Compute record of the corpus, imported and
 * analysed as occview does for --print, beside Nsight Compute's own block
 * limits, theoretical occupancy and waves: zero disagreements. The counts are
 * the files' own (one record per kernel ID or raw-page row); which values each
 * file carries is in tests/data/ncu and ../shared/corpus/INDEX.md. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "crosscheck.h"
#include "report.h"
#include "report_launch.h"
#include "reportutil.h"
#include "testutil.h"

struct tally {
	size_t records, checked, values, disagreements, failed;
	unsigned fields;        /* every field compared on some record */
	unsigned uncapped;      /* every block limit read uncapped on some record */
	/* With the rules of another Nsight Compute version (below): the
	 * disagreements that would show. */
	size_t other_rules_disagreements;
};

/* Runs the cross-check of a's record again as if another version had
 * written it: how many of its values would disagree. */
static int disagreements_as(const struct analysis *a, const struct report_record *rec,
			    enum report_ncu_layout layout)
{
	struct report_record copy = *rec;
	struct crosscheck c;

	copy.ncu_layout = (uint8_t)layout;
	crosscheck_compare(&copy, &a->gpu.arch, &a->in, &a->r, &a->w,
			   rec->barriers.present, &c);
	return crosscheck_count(c.disagree);
}

/* Imports tests/data/ncu/file and runs every record; gpu_name (NULL: the
 * record's own device) stands for --gpu. */
static struct tally run_file(const char *file, const char *gpu_name,
			     enum report_ncu_layout other)
{
	const char *path = data_path("ncu/", file);
	struct report_launch_given given = { NULL, NULL, 0 };
	struct occ_error err = { 0 };
	struct tally t = { 0 };
	struct report rep;
	struct gpu gpu;
	char msg[1024];

	if (gpu_name) {
		ck_assert_msg(gpu_db_find(db, gpu_name, &gpu, &err), "%s", gpu_name);
		given.gpu = &gpu;
	}
	ck_assert_msg(report_load(path, &rep, &err), "%s", file);
	ck_assert_uint_eq(rep.rejected_rows, 0);
	for (size_t i = 0; i < rep.n; i++) {
		struct analysis *a = malloc(sizeof(*a));
		const struct crosscheck *c;

		ck_assert_ptr_nonnull(a);
		occ_error_clear(&err);
		t.records++;
		if (!record_analyse(a, db, &rep.records[i], &given, path, &err) || !a->ok) {
			t.failed++;
			free(a);
			continue;
		}
		c = &a->report.check;
		if (c->compared) {
			t.checked++;
			t.fields |= c->compared;
			t.values += (size_t)crosscheck_count(c->compared);
			t.disagreements += (size_t)crosscheck_count(c->disagree);
			t.uncapped |= c->uncapped;
			t.other_rules_disagreements +=
				(size_t)disagreements_as(a, &rep.records[i], other);
			for (int f = 0; f < CROSSCHECK_N_FIELDS; f++) {
				if (!crosscheck_differs(c, f))
					continue;
				occ_error_format(&a->error, msg, sizeof(msg));
				ck_abort_msg("%s line %ld: %s: Nsight Compute %g, occview %g", file,
					     rep.records[i].line, crosscheck_label(f), c->report[f],
					     c->occview[f]);
			}
		}
		free(a);
	}
	report_done(&rep);
	return t;
}

/* Every one of the file's n records analysed and compared, none disagreeing. */
static void all_agree(const struct tally *t, size_t n)
{
	ck_assert_uint_eq(t->records, n);
	ck_assert_uint_eq(t->checked, n);
	ck_assert_uint_eq(t->failed, 0);
	ck_assert_uint_eq(t->disagreements, 0);
}

#define LIMITS ((1u << CROSSCHECK_WARPS) | (1u << CROSSCHECK_BLOCKS) |              \
		(1u << CROSSCHECK_REGISTERS) | (1u << CROSSCHECK_SHARED_MEM) |        \
		(1u << CROSSCHECK_THEORETICAL) | (1u << CROSSCHECK_WAVES))

/* 240 kernels, each with Launch Statistics and Occupancy sections. */
START_TEST(a100_details_2022)
{
	struct tally t = run_file("opinsight_a100_cc80_ncu2022_details_pooling_full_240k.csv", NULL,
				  REPORT_NCU_KERNEL_TIME);

	all_agree(&t, 240);
	ck_assert_uint_eq(t.fields & LIMITS, LIMITS);
	ck_assert(t.fields & (1u << CROSSCHECK_ACTIVE_WARPS));
	/* Its shared-memory limits divide the configuration the driver chose
	 * (Block Limit Shared Mem 14 at 16 KB), not the largest one. */
	ck_assert_uint_gt(t.other_rules_disagreements, 0);
}
END_TEST

/* ncu 2021.2 (the Kernel Time layout), 26 kernels with static shared memory
 * and configurations of 16 to 100 KB: Block Limit Shared Mem 164, 145, 9 and
 * 6 beside Block Limit SM 32 are 167936 B (164 KB, the A100's largest
 * configuration) over each block's allocation, not capped. The file names no
 * device; INDEX.md says an A100 (108 SMs). */
START_TEST(a100_details_2021)
{
	struct tally t = run_file("opinsight_a100_ncu2021_details_kerneltime_rulecols_gpt2_torch_staticsmem.csv",
				  "A100-SXM4-40GB", REPORT_NCU_DETAILS);

	all_agree(&t, 26);
	ck_assert_uint_eq(t.fields & LIMITS, LIMITS);
	ck_assert(t.uncapped & (1u << CROSSCHECK_SHARED_MEM));
	/* Read as a 2022 details page, all 26 would be flagged. */
	ck_assert_uint_ge(t.other_rules_disagreements, 26);
}
END_TEST

/* The raw pages (constructed, tools/constructed_ncu_raw_b200.py: their limits are
 * cuda_occupancy.h's): 16, 56, 16 and 16 kernels, with launch__barrier_count. */
START_TEST(b200_raw_pages)
{
	static const struct {
		const char *file;
		size_t n;
	} files[] = {
		{ "constructed_ncu_raw_page_b200_cc100_decode_b1.csv", 16 },
		{ "constructed_ncu_raw_page_b200_cc100_decode_b8.csv", 56 },
		{ "constructed_ncu_raw_page_b200_cc100_splitkv_b8.csv", 16 },
		{ "constructed_ncu_raw_page_b200_cc100_fprop_barriers8.csv", 16 },
	};
	const unsigned more = (1u << CROSSCHECK_BARRIERS) | (1u << CROSSCHECK_ACTIVE_WARPS) |
		(1u << CROSSCHECK_REGISTERS_ALLOCATED) | (1u << CROSSCHECK_SMEM_PER_BLOCK) |
		(1u << CROSSCHECK_SMEM_ALLOCATED) | (1u << CROSSCHECK_DRIVER_SMEM) |
		(1u << CROSSCHECK_SCHEDULER_WARPS);

	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		struct tally t = run_file(files[i].file, NULL, REPORT_NCU_DETAILS);

		all_agree(&t, files[i].n);
		ck_assert_uint_eq(t.fields & LIMITS, LIMITS);
		ck_assert_uint_eq(t.fields & more, more);
	}
}
END_TEST

/* lse_reduction_kernel (line 5 of the barriers8 file): 256 threads,
 * 3000 B dynamic + 1024 B of the driver's = 4024 B, 4096 B allocated, of a
 * 233472 B configuration: launch__occupancy_limit_shared_mem 57 beside
 * launch__occupancy_limit_blocks 32, not capped; its barriers limit, 32
 * where one barrier of 64 allows 64, is. A value above the blocks limit
 * cannot be a capped one, so it is read uncapped whatever the version says:
 * with the 2022 details rule too, nothing disagrees. */
START_TEST(b200_raw_smem_uncapped)
{
	struct tally t = run_file("constructed_ncu_raw_page_b200_cc100_fprop_barriers8.csv",
				  NULL, REPORT_NCU_DETAILS);

	ck_assert_uint_eq(t.disagreements, 0);
	ck_assert(t.uncapped & (1u << CROSSCHECK_SHARED_MEM));
	ck_assert(!(t.uncapped & (1u << CROSSCHECK_BARRIERS)));
	ck_assert_uint_eq(t.other_rules_disagreements, 0);
}
END_TEST

/* The 2019 layout names no device: the constructed page's generator says a
 * Tesla V100-SXM2-16GB, as --gpu would give it; its limits are
 * cuda_occupancy.h's (tests/data/nvidia/cuda_occupancy.csv rows). */
START_TEST(v100_details_2019)
{
	struct tally t = run_file("constructed_ncu_details_2019_v100.log",
				  "V100-SXM2-16GB", REPORT_NCU_DETAILS);

	all_agree(&t, 3);
}
END_TEST

/* The Occupancy section alone (no Launch Statistics): Block Size 128,
 * Block Limit Registers 5, Shared Mem 2, Barriers 24 on cc 12.0, no
 * registers or shared memory. They are inferred from those limits
 * (test_report_infer.c), and the rest agrees: Theoretical Occupancy 16.67
 * and 8 active warps. */
START_TEST(section_occupancy_inferred)
{
	struct tally t = run_file("llmperfopt_blackwell_cc120_ncu2025_section_Occupancy_kernel0003.csv",
				  NULL, REPORT_NCU_DETAILS);

	all_agree(&t, 1);
	ck_assert(t.fields & (1u << CROSSCHECK_THEORETICAL));
	ck_assert(t.fields & (1u << CROSSCHECK_ACTIVE_WARPS));
}
END_TEST

/* A what-if of one half of the inferred shared memory keeps the other half
 * as loaded: the CC 12.0 record's inferred split is 49152 B static and
 * 1024 B dynamic (the most its Block Limit Shared Mem 2 allows: 50176 B);
 * static 0 leaves the 1024 B dynamic the parameter bar shows, and the
 * registers (96 inferred, 96 x 32 = 3072 a warp, 4 warps = 12288 of the
 * SM's 65536: cuda_occupancy.h's rule) allow 5 blocks, where keeping the
 * whole 50176 B in dynamic memory had left 2. */
START_TEST(inferred_smem_what_if)
{
	struct launch flags;
	struct report_launch_given given = { NULL, &flags, PARAM_BIT(PARAM_STATIC_SMEM) };
	struct occ_error err = { 0 };
	struct report rep;
	struct analysis *a = malloc(sizeof(*a));
	const char *file = data_path("ncu/", "llmperfopt_blackwell_cc120_ncu2025_section_Occupancy_kernel0003.csv");

	ck_assert_ptr_nonnull(a);
	ck_assert(report_load(file, &rep, &err));
	ck_assert(record_analyse(a, db, &rep.records[0], NULL, file, &err));
	ck_assert_int_eq(a->launch.static_smem_bytes, 49152);
	ck_assert_int_eq(a->launch.dynamic_smem_bytes, 1024);
	ck_assert_int_eq(a->r.active_blocks_per_sm, 2);
	launch_init(&flags);
	flags.static_smem_bytes = 0;
	ck_assert(record_analyse(a, db, &rep.records[0], &given, file, &err));
	ck_assert_int_eq(a->launch.static_smem_bytes, 0);
	ck_assert_int_eq(a->launch.dynamic_smem_bytes, 1024);
	ck_assert_int_eq(a->r.active_blocks_per_sm, 5);
	ck_assert(a->report.changed & PARAM_BIT(PARAM_STATIC_SMEM));
	ck_assert(!(a->report.changed & PARAM_BIT(PARAM_DYNAMIC_SMEM)));
	free(a);
	report_done(&rep);
}
END_TEST

/* --metrics runs without registers or block limits cannot be analysed, and
 * say so: they are counted as failed, never compared against guessed
 * values. */
START_TEST(files_without_registers_fail)
{
	static const char *const files[] = {
		"llmperfopt_blackwell_cc120_ncu2025_metrics_na_kernel0003.csv",
		"roofline_profiler_rtx5070_cc120_ncu2026_windows_bom_crlf_saxpy.csv",
	};

	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		struct tally t = run_file(files[i], NULL, REPORT_NCU_DETAILS);

		ck_assert_uint_eq(t.records, 1);
		ck_assert_uint_eq(t.failed, 1);
		ck_assert_uint_eq(t.checked, 0);
	}
}
END_TEST

/* Did Nsight Compute's rule fire on rec (a rule row of that name)? */
static bool rule_fired(const struct report_record *rec, const char *rule)
{
	for (size_t i = 0; i < rec->n_rules; i++)
		if (strcmp(rec->rules[i].name, rule) == 0)
			return true;
	return false;
}

static bool has_finding(const struct analysis *a, const char *id)
{
	for (int i = 0; i < a->n_findings; i++)
		if (strcmp(a->findings[i].id, id) == 0)
			return true;
	return false;
}

struct verdicts {
	size_t issue_records, issue_equal, theoretical_records, theoretical_equal;
};

/* A file carries a rule when some record has its row: a rule's row is
 * written only when it fires, so every record of that file that has the
 * rule's inputs is compared, fired or not. IssueSlotUtilization
 * (SchedulerStats) fires when smsp__issue_active.avg.per_cycle_active is
 * below 0.6, the verdict of occview's occupancy_helps and
 * occupancy_at_maximum findings; TheoreticalOccupancy (Occupancy, Nsight
 * Compute 2023 and later) when the theoretical warps per scheduler are below
 * 80 % of the maximum, where occview's theoretical occupancy is below 80 %. */
static void ck_verdicts(const char *file, void *ctx)
{
	struct verdicts *v = ctx;
	struct report_launch_given given = { NULL, NULL, 0 };
	struct occ_error err = { 0 };
	bool issue_rule = false, theo_rule = false;
	struct report rep;

	if (strncmp(file, "ncu/", 4) != 0 || !report_load(data_path("", file), &rep, &err))
		return;
	for (size_t i = 0; i < rep.n; i++) {
		issue_rule = issue_rule || rule_fired(&rep.records[i], "IssueSlotUtilization");
		theo_rule = theo_rule || rule_fired(&rep.records[i], "TheoreticalOccupancy");
	}
	for (size_t i = 0; i < rep.n && (issue_rule || theo_rule); i++) {
		const struct report_record *rec = &rep.records[i];
		struct analysis *a = malloc(sizeof(*a));
		bool fired, said;

		ck_assert_ptr_nonnull(a);
		occ_error_clear(&err);
		if (!record_analyse(a, db, rec, &given, file, &err) || !a->ok) {
			free(a);
			continue;
		}
		if (issue_rule && (rec->sched.issue_active_pct.present || rec->sched.issued_warps.present)) {
			fired = rule_fired(rec, "IssueSlotUtilization");
			said = has_finding(a, "occupancy_helps") || has_finding(a, "occupancy_at_maximum");
			v->issue_records++;
			v->issue_equal += fired == said;
			ck_assert_msg(fired == said, "%s line %ld: IssueSlotUtilization %s, occview %s",
				      file, rec->line, fired ? "fired" : "did not fire",
				      said ? "says the schedulers idle" : "does not");
		}
		if (theo_rule) {
			fired = rule_fired(rec, "TheoreticalOccupancy");
			said = a->r.theoretical_occupancy_pct < 80.0;
			v->theoretical_records++;
			v->theoretical_equal += fired == said;
			ck_assert_msg(fired == said, "%s line %ld: TheoreticalOccupancy %s, occview %.1f %%",
				      file, rec->line, fired ? "fired" : "did not fire",
				      a->r.theoretical_occupancy_pct);
		}
		free(a);
	}
	report_done(&rep);
}

/* The occupancy verdict equals Nsight Compute's own rules on every corpus
 * record that carries them: the A100 --set full page (6 kernels; the rule
 * fired on 5: "One or More Eligible" 57.74, 59.30, 59.86, 56.88 and
 * 33.54 %, not on 68.60 %; 59.86 % is "Issued Warp Per Scheduler" 0.60) and
 * the two CC 12.0 files with TheoreticalOccupancy rows. */
START_TEST(verdicts_match_ncu_rules)
{
	struct verdicts v = { 0 };

	each_report_file(ck_verdicts, &v);
	ck_assert_uint_eq(v.issue_records, 6);
	ck_assert_uint_eq(v.issue_equal, 6);
	ck_assert_uint_eq(v.theoretical_records, 7);
	ck_assert_uint_eq(v.theoretical_equal, v.theoretical_records);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("corpus_ncu");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, a100_details_2022);
	tcase_add_test(tc, a100_details_2021);
	tcase_add_test(tc, b200_raw_pages);
	tcase_add_test(tc, b200_raw_smem_uncapped);
	tcase_add_test(tc, v100_details_2019);
	tcase_add_test(tc, section_occupancy_inferred);
	tcase_add_test(tc, files_without_registers_fail);
	tcase_add_test(tc, verdicts_match_ncu_rules);
	tcase_add_test(tc, inferred_smem_what_if);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
