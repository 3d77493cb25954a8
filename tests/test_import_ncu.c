/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_import_ncu.c - every Nsight Compute CSV of the corpus (tests/data/ncu/)
 * imports, with its launch, limits and measurements read back against the
 * file's own text (line numbers in the comments); scaled units, the raw
 * page's units row, cut and bad rows, and the files that hold no table. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "import.h"
#include "import_ncu_metrics.h"
#include "report.h"
#include "readfile.h"
#include "strutil.h"
#include "reportutil.h"
#include "testutil.h"

static void load(const char *file, struct report *r)
{
	load_clean("ncu/", file, r);
}

static char *slurp(const char *file, size_t *len)
{
	struct occ_error err = { 0 };
	char *text = str_read_file(data_path("ncu/", file), 1 << 23, len, &err);

	ck_assert_msg(text != NULL, "%s: %s", file, err.message);
	return text;
}

/* warps, blocks (SM), registers, shared memory: ncu's block limits. */
static void ck_limits(const struct report_record *k, int64_t warps, int64_t blocks,
		      int64_t regs, int64_t smem)
{
	CK_INT(k->limit_warps, warps);
	CK_INT(k->limit_blocks, blocks);
	CK_INT(k->limit_registers, regs);
	CK_INT(k->limit_smem, smem);
}

/* Records that carry the whole launch and ncu's limits: what the
 * cross-check compares. */
static size_t count_full(const struct report *r)
{
	size_t n = 0;

	for (size_t i = 0; i < r->n; i++) {
		const struct report_record *k = &r->records[i];
		bool all = k->registers.present && k->limit_warps.present &&
			   k->limit_blocks.present && k->limit_registers.present &&
			   k->limit_smem.present;

		for (int d = 0; d < 3; d++)
			all = all && k->grid[d].present && k->block[d].present;
		n += all;
	}
	return n;
}

START_TEST(metric_table_sorted)
{
	ck_assert(import_ncu_table_sorted());
}
END_TEST

/* 2019 layout: "Kernel Time", no Block/Grid/Device/CC columns, so block and
 * grid come from the Launch Statistics totals. Header line 12, three
 * kernels at lines 13, 39 and 65. */
START_TEST(details_2019_kernel_time)
{
	struct report r;
	const struct report_record *k;

	load("constructed_ncu_details_2019_v100.log", &r);
	ck_assert_str_eq(r.format, "Nsight Compute details");
	ck_assert_uint_eq(r.n, 3);
	ck_assert_uint_eq(count_full(&r), 3);

	k = &r.records[0];
	ck_assert_int_eq(k->line, 13);
	CK_INT(k->id, 0);
	ck_assert_str_eq(k->name, "scale_field(int,float*,float*)");
	ck_assert_str_eq(k->short_name, "scale_field");
	ck_assert_str_eq(k->process, "fieldsim");
	ck_assert_int_eq(k->vendor, REPORT_VENDOR_NVIDIA);
	ck_assert_str_eq(k->device, "");
	CK_ABSENT(k->cc_major);
	CK_NUM(k->duration_ns, 11744);       /* line 18: "nsecond","11,744" */
	ck_block(k, 128, 1, 1);              /* line 23: Block Size "128" */
	ck_grid(k, 1200, 1, 1);              /* line 24: Grid Size "1,200" */
	CK_INT(k->registers, 40);            /* line 25 */
	CK_INT(k->smem_config_bytes, 0);     /* line 26: "byte","0" (Volta has a 0 KB carveout) */
	CK_INT(k->dynamic_smem_bytes, 0);    /* line 27 */
	CK_INT(k->static_smem_bytes, 0);     /* line 28 */
	CK_ABSENT(k->driver_smem_bytes);     /* no such row in 2019 */
	CK_NUM(k->waves_per_sm, 1.25);       /* line 30 */
	ck_limits(k, 16, 32, 12, 32);        /* lines 31-34 */
	CK_ABSENT(k->limit_barriers);
	CK_NUM(k->achieved_active_warps, 44.88);  /* line 35 */
	CK_NUM(k->achieved_occupancy_pct, 70.12); /* line 36 */
	CK_NUM(k->theoretical_occupancy_pct, 75); /* line 38 */
	CK_ABSENT(k->sm_count);

	k = &r.records[2];
	ck_assert_int_eq(k->line, 65);
	CK_INT(k->id, 2);
	CK_NUM(k->duration_ns, 9216);        /* line 70 */
	CK_INT(k->registers, 32);            /* line 77 */
	ck_limits(k, 8, 32, 8, 32);          /* lines 83-86 */
	CK_NUM(k->achieved_occupancy_pct, 88.40); /* line 88 */
	report_done(&r);
}
END_TEST

/* 2022 layout with rule rows, tuple Block/Grid columns, "LaunchStats" next
 * to "Launch Statistics", ragged rows. 240 kernels. */
START_TEST(details_2022_rules)
{
	struct report r;
	const struct report_record *k;

	load("opinsight_a100_cc80_ncu2022_details_pooling_full_240k.csv", &r);
	ck_assert_uint_eq(r.n, 240);
	ck_assert_uint_eq(count_full(&r), 240);

	/* Lines 5-44: ID 0, "(32, 16, 1)", "(1, 1, 1)", Device "0", CC "8.0". */
	k = &r.records[0];
	ck_assert_int_eq(k->line, 5);
	ck_assert(strncmp(k->name, "void at::native::reduce_kernel<(int)512, (int)1,", 48) == 0);
	ck_assert_str_eq(k->process, "python3.8");
	ck_assert_str_eq(k->device, "");     /* "0" is the device's index */
	CK_INT(k->cc_major, 8);
	CK_INT(k->cc_minor, 0);
	ck_block(k, 32, 16, 1);
	ck_grid(k, 1, 1, 1);
	CK_INT(k->registers, 26);            /* line 28 */
	CK_INT(k->smem_config_bytes, 16384); /* line 29: "16,384" */
	CK_INT(k->driver_smem_bytes, 1024);  /* line 30 */
	CK_INT(k->dynamic_smem_bytes, 0);    /* line 31 */
	CK_INT(k->static_smem_bytes, 16);    /* line 32 */
	CK_NUM(k->waves_per_sm, 0);          /* line 34: "0.00" */
	ck_limits(k, 4, 32, 4, 14);          /* lines 36-39 */
	CK_NUM(k->theoretical_occupancy_pct, 100);   /* line 41 */
	CK_NUM(k->achieved_occupancy_pct, 23.90);    /* line 42 */
	CK_NUM(k->achieved_active_warps, 15.30);     /* line 43 */
	CK_ABSENT(k->duration_ns);

	/* Line 45: ID 1, "(32, 8, 1)", "(16, 16, 1)"; lines 68-81. */
	k = &r.records[1];
	ck_assert_int_eq(k->line, 45);
	CK_INT(k->id, 1);
	ck_block(k, 32, 8, 1);
	ck_grid(k, 16, 16, 1);
	CK_INT(k->registers, 38);
	CK_INT(k->smem_config_bytes, 32768);
	ck_limits(k, 8, 32, 6, 32);
	CK_NUM(k->waves_per_sm, 0.40);
	CK_NUM(k->theoretical_occupancy_pct, 75);
	CK_NUM(k->achieved_occupancy_pct, 8.19);

	/* Line 9369: ID 239, grid "(32768, 1, 1)"; lines 9398 and 9405. */
	k = &r.records[239];
	ck_assert_int_eq(k->line, 9369);
	CK_INT(k->id, 239);
	ck_grid(k, 32768, 1, 1);
	CK_NUM(k->waves_per_sm, 50.57);
	CK_NUM(k->achieved_occupancy_pct, 66.99);
	report_done(&r);
}
END_TEST

/* 2023+ layout (Estimated Speedup columns), --metrics with "n/a" values and
 * scaled units. One kernel, lines 2-16. */
START_TEST(details_2025_metrics)
{
	struct report r;
	const struct report_record *k;

	load("llmperfopt_blackwell_cc120_ncu2025_metrics_na_kernel0003.csv", &r);
	ck_assert_uint_eq(r.n, 1);
	ck_assert_uint_eq(count_full(&r), 0);
	k = &r.records[0];
	ck_assert_int_eq(k->line, 2);
	ck_block(k, 128, 1, 1);
	ck_grid(k, 152, 4, 1);
	CK_INT(k->cc_major, 12);
	CK_INT(k->cc_minor, 0);
	CK_NUM(k->duration_ns, 23420);       /* lines 7 and 11: "us","23.42" */
	CK_ABSENT(k->registers);
	CK_ABSENT(k->limit_warps);
	/* line 11, Speed Of Light: "Compute (SM) Throughput","%","41.49" */
	CK_NUM(k->sched.sm_throughput_pct, 41.49);
	/* The rule rows (lines 12-16) in the profiler's words and order; no
	 * Scheduler Statistics rows, so the figures are the ones line 15's
	 * IssueSlotUtilization text states: "every 6.1 cycles", "maximum of 12
	 * warps per scheduler", "1.83 active warps", "0.19 warps were eligible". */
	ck_assert_uint_eq(k->n_rules, 4);
	ck_assert_str_eq(k->rules[0].section, "SpeedOfLight");
	ck_assert_str_eq(k->rules[0].name, "SOLBottleneck");
	ck_assert_str_eq(k->rules[2].name, "IssueSlotUtilization");
	ck_assert_str_eq(k->rules[2].type, "OPT");
	ck_assert_str_eq(k->rules[2].speedup_type, "local");
	CK_NUM(k->rules[2].speedup_pct, 38.17);
	ck_assert_str_eq(k->rules[3].section, "Occupancy");
	ck_assert_str_eq(k->rules[3].name, "TheoreticalOccupancy");
	ck_assert_str_eq(k->rules[3].speedup_type, "global");
	ck_assert(strncmp(k->rules[3].text, "The 2.00 theoretical warps per scheduler", 40) == 0);
	CK_NUM(k->sched.issued_warps, 1.0 / 6.1);
	CK_NUM(k->sched.max_warps, 12);
	CK_NUM(k->sched.active_warps, 1.83);
	CK_NUM(k->sched.eligible_warps, 0.19);
	CK_ABSENT(k->sched.issue_active_pct);
	report_done(&r);
}
END_TEST

/* The Occupancy section alone, with Block Limit Barriers (lines 2-15). */
START_TEST(details_2025_occupancy_section)
{
	struct report r;
	const struct report_record *k;

	load("llmperfopt_blackwell_cc120_ncu2025_section_Occupancy_kernel0003.csv", &r);
	ck_assert_uint_eq(r.n, 1);
	ck_assert_uint_eq(count_full(&r), 0);   /* no registers in this section */
	k = &r.records[0];
	ck_block(k, 128, 1, 1);
	ck_grid(k, 152, 4, 1);
	CK_INT(k->limit_barriers, 24);          /* line 6 */
	ck_limits(k, 12, 24, 5, 2);             /* lines 7-10 */
	CK_NUM(k->theoretical_occupancy_pct, 16.67);  /* line 12 */
	CK_NUM(k->achieved_occupancy_pct, 15.18);     /* line 13 */
	CK_NUM(k->achieved_active_warps, 7.29);       /* line 14 */
	CK_ABSENT(k->cluster[0]);
	CK_ABSENT(k->registers);
	report_done(&r);
}
END_TEST

/* --metrics only (15 columns), BOM, CRLF, eight lines of output first. */
START_TEST(details_metrics_only_bom_crlf)
{
	struct report r;
	const struct report_record *k;

	load("roofline_profiler_rtx5070_cc120_ncu2026_windows_bom_crlf_saxpy.csv", &r);
	ck_assert_uint_eq(r.n, 1);
	k = &r.records[0];
	ck_assert_int_eq(k->line, 10);
	ck_assert_str_eq(k->name, "unnamed>::saxpy_kernel(float, const float *, float *, int)");
	ck_assert_str_eq(k->process, "roofline_profiler.exe");
	ck_block(k, 256, 1, 1);
	ck_grid(k, 65536, 1, 1);
	CK_INT(k->cc_major, 12);
	CK_NUM(k->duration_ns, 292928);          /* line 12: "ns","292,928" */
	CK_NUM(k->achieved_occupancy_pct, 83.82); /* line 20: sm__warps_active...active */
	CK_ABSENT(k->registers);
	report_done(&r);
}
END_TEST

/* Raw page, B200 (constructed: tools/constructed_ncu_raw_b200.py, the shape of a
 * real ncu ~2025.x page): header line 3, units row line 4, kernels at lines 5-20. */
START_TEST(raw_b200_b1)
{
	struct report r;
	const struct report_record *k;

	load("constructed_ncu_raw_page_b200_cc100_decode_b1.csv", &r);
	ck_assert_str_eq(r.format, "Nsight Compute raw page");
	ck_assert_uint_eq(r.n, 16);
	ck_assert_uint_eq(count_full(&r), 16);
	k = &r.records[0];
	ck_assert_int_eq(k->line, 5);
	CK_INT(k->id, 0);
	ck_assert_str_eq(k->short_name, "merge_attention_states_kernel");
	ck_assert_str_eq(k->device, "NVIDIA B200");     /* device__attribute_display_name */
	ck_assert_str_eq(k->process, "python3.12");
	CK_INT(k->cc_major, 10);
	CK_INT(k->cc_minor, 0);
	CK_INT(k->sm_count, 148);            /* launch__sm_count "148", unit "SM" */
	ck_block(k, 16, 8, 1);
	ck_grid(k, 148, 1, 1);
	CK_INT(k->registers, 48);
	CK_INT(k->barriers, 1);
	CK_INT(k->smem_config_bytes, 102400);
	CK_INT(k->driver_smem_bytes, 1024);
	CK_INT(k->dynamic_smem_bytes, 6144);
	CK_INT(k->static_smem_bytes, 0);
	ck_limits(k, 16, 32, 10, 14);
	CK_INT(k->limit_barriers, 32);
	CK_NUM(k->waves_per_sm, 0.10);
	CK_NUM(k->theoretical_occupancy_pct, 62.50); /* sm__maximum_warps_per_active_cycle_pct */
	CK_NUM(k->duration_ns, 9504);        /* gpu__time_duration.sum, unit "ns" */
	CK_ABSENT(k->achieved_occupancy_pct);      /* no sm__warps_active in this run */
	CK_ABSENT(k->cluster[0]);            /* launch__cluster_dim_x "0": no cluster */

	k = &r.records[15];
	ck_assert_int_eq(k->line, 20);
	CK_INT(k->id, 15);
	ck_block(k, 16, 4, 2);
	ck_grid(k, 24, 8, 1);
	CK_INT(k->registers, 64);
	ck_limits(k, 16, 32, 8, 10);
	CK_NUM(k->waves_per_sm, 0.16);
	CK_NUM(k->theoretical_occupancy_pct, 50);
	CK_NUM(k->duration_ns, 20448);
	CK_INT(k->dynamic_smem_bytes, 12288);
	CK_INT(k->smem_config_bytes, 135168);
	report_done(&r);
}
END_TEST

START_TEST(raw_b200_b8)
{
	struct report r;
	const struct report_record *k;

	load("constructed_ncu_raw_page_b200_cc100_decode_b8.csv", &r);
	ck_assert_uint_eq(r.n, 56);
	ck_assert_uint_eq(count_full(&r), 56);
	k = &r.records[0];                  /* line 5 */
	ck_grid(k, 296, 1, 1);
	CK_NUM(k->waves_per_sm, 0.20);
	CK_NUM(k->duration_ns, 9600);
	k = &r.records[55];                 /* line 60 */
	ck_assert_int_eq(k->line, 60);
	CK_INT(k->id, 55);
	ck_grid(k, 144, 8, 1);
	ck_block(k, 16, 4, 2);
	CK_NUM(k->waves_per_sm, 0.97);
	CK_NUM(k->duration_ns, 20960);
	ck_limits(k, 16, 32, 8, 10);
	report_done(&r);
}
END_TEST

START_TEST(raw_b200_torch)
{
	struct report r;
	const struct report_record *k;

	load("constructed_ncu_raw_page_b200_cc100_splitkv_b8.csv", &r);
	ck_assert_uint_eq(r.n, 16);
	ck_assert_uint_eq(count_full(&r), 16);
	k = &r.records[0];                  /* line 5 */
	ck_assert_str_eq(k->short_name, "splitkv_combine_kernel");
	ck_block(k, 128, 1, 1);
	ck_grid(k, 72, 1, 1);
	CK_INT(k->registers, 45);
	CK_INT(k->static_smem_bytes, 96);
	CK_INT(k->smem_config_bytes, 32768);
	ck_limits(k, 16, 32, 10, 28);
	CK_NUM(k->waves_per_sm, 0.05);
	k = &r.records[15];                 /* line 20 */
	ck_assert_int_eq(k->line, 20);
	ck_grid(k, 1, 4, 72);
	CK_INT(k->registers, 200);
	CK_INT(k->dynamic_smem_bytes, 73728);
	CK_INT(k->smem_config_bytes, 167936);
	ck_limits(k, 16, 32, 2, 2);
	CK_NUM(k->theoretical_occupancy_pct, 12.50);
	CK_NUM(k->duration_ns, 395008);
	report_done(&r);
}
END_TEST

/* A run that failed: only ==PROF== and ==ERROR== lines. */
/* Appends b to a (both whole files of tests/data/ncu), as `ncu --csv >>`
 * in a loop leaves them; with pid_from and pid_to, the second file's
 * "Process ID" fields say pid_to instead (a second process of one output
 * under --target-processes all). */
static char *joined(const char *a, const char *b, size_t *len)
{
	size_t la, lb;
	char *ta = slurp(a, &la), *tb = slurp(b, &lb);
	char *t = malloc(la + lb + 1);

	ck_assert_ptr_nonnull(t);
	memcpy(t, ta, la);
	memcpy(t + la, tb, lb);
	t[la + lb] = '\0';
	*len = la + lb;
	free(ta);
	free(tb);
	return t;
}

/* Two raw pages appended: the header again on the second's line, IDs from
 * 0 again. Each output is a run; ids go on after the first output's
 * highest (15), so that --compare and the browser still name one record. */
START_TEST(raw_outputs_appended)
{
	size_t len;
	char *text = joined("constructed_ncu_raw_page_b200_cc100_decode_b1.csv",
			    "constructed_ncu_raw_page_b200_cc100_splitkv_b8.csv", &len);
	struct report r;
	struct occ_error err = { 0 };

	ck_assert_msg(report_parse("two.csv", text, len, &r, &err), "%s", err.message);
	ck_assert_uint_eq(r.rejected_rows, 0);
	ck_assert_uint_eq(r.n, 32);
	ck_assert_uint_eq(r.runs, 2);
	ck_assert_uint_eq(r.records[15].run, 1);
	CK_INT(r.records[15].id, 15);
	ck_assert_uint_eq(r.records[16].run, 2);
	CK_INT(r.records[16].id, 16);
	/* splitkv_b8.csv line 5: ID 0, grid (72, 1, 1)... its
	 * combine kernel, 45 registers */
	ck_assert_str_eq(r.records[16].short_name, "splitkv_combine_kernel");
	CK_INT(r.records[16].registers, 45);
	CK_INT(r.records[31].id, 31);
	report_done(&r);
	free(text);
}
END_TEST

/* Two details pages appended (2021's layout, then 2025's): the second's
 * header maps its own columns (Block Size and CC are there, Kernel Time is
 * not), and its kernels are run 2. */
START_TEST(details_outputs_appended)
{
	size_t len;
	char *text = joined("opinsight_a100_ncu2021_details_kerneltime_rulecols_gpt2_torch_staticsmem.csv",
			    "llmperfopt_blackwell_cc120_ncu2025_section_Occupancy_kernel0003.csv", &len);
	struct report r, one;
	struct occ_error err = { 0 };

	load("opinsight_a100_ncu2021_details_kerneltime_rulecols_gpt2_torch_staticsmem.csv", &one);
	ck_assert_msg(report_parse("two.csv", text, len, &r, &err), "%s", err.message);
	ck_assert_uint_eq(r.rejected_rows, 0);
	ck_assert_uint_eq(r.n, one.n + 1);
	ck_assert_uint_eq(r.runs, 2);
	ck_assert_uint_eq(r.records[one.n - 1].run, 1);
	ck_assert_uint_eq(r.records[one.n].run, 2);
	ck_assert(r.records[one.n].id.value > r.records[one.n - 1].id.value);
	ck_assert(r.records[one.n].cc_major.present);
	CK_INT(r.records[one.n].cc_major, 12);
	report_done(&one);
	report_done(&r);
	free(text);
}
END_TEST

/* One output of two processes (--target-processes all): the second
 * process's kernels are run 2; ncu numbers the IDs through the output, so
 * they stay as written. The B200 file's second half given another PID. */
START_TEST(raw_processes_are_runs)
{
	size_t len;
	char *text = slurp("constructed_ncu_raw_page_b200_cc100_decode_b1.csv", &len);
	struct report r;
	struct occ_error err = { 0 };
	char *p = text;

	/* rows of IDs 8 to 15 ("8","271834",...) move to process 271835 */
	for (int id = 8; id <= 15; id++) {
		char key[32];

		snprintf(key, sizeof(key), "\n\"%d\",\"271834\"", id);
		p = strstr(text, key);
		ck_assert_ptr_nonnull(p);
		p[strlen(key) - 2] = '5';
	}
	ck_assert_msg(report_parse("procs.csv", text, len, &r, &err), "%s", err.message);
	ck_assert_uint_eq(r.n, 16);
	ck_assert_uint_eq(r.runs, 2);
	ck_assert_uint_eq(r.records[7].run, 1);
	ck_assert_uint_eq(r.records[8].run, 2);
	CK_INT(r.records[8].id, 8);
	report_done(&r);
	free(text);
}
END_TEST

START_TEST(error_only_run)
{
	struct report r;
	struct occ_error err = { 0 };

	ck_assert(!report_load(data_path("ncu/", "constructed_ncu_raw_EMPTY_error_only.csv"), &r, &err));
	ck_assert_int_eq(err.status, OCC_EDATA);
	ck_assert_int_eq(err.line, 3);
	ck_assert_msg(strstr(err.message, "no table found"), "%s", err.message);
	ck_assert_msg(strstr(err.message, "==ERROR== The application returned an error code (1)."),
		      "%s", err.message);
	ck_assert_uint_eq(r.n, 0);
}
END_TEST

/* ncu without --csv: refused with the way to get a CSV. */
START_TEST(text_output_refused)
{
	static const struct {
		const char *file;
		long line;
	} files[] = {
		/* line 40: "    Section: GPU Speed Of Light Throughput" (the first
		 * section, after 30 ==PROF== lines, the application's output and
		 * the first kernel's header) */
		{ "ncu/constructed_ncu_print_summary_per_kernel_cc89.txt", 40 },
		/* line 2, the first section: after an empty line; after the
		 * kernel's header */
		{ "ncu/constructed_ncu_details_text_fragment_h20.txt", 2 },
		{ "ncu/constructed_ncu_details_text_t4.txt", 2 },
	};

	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		struct report r;
		struct occ_error err = { 0 };

		ck_assert(!report_load(data_path("", files[i].file), &r, &err));
		ck_assert_msg(strstr(err.message, "Nsight Compute's text output"), "%s: %s",
			      files[i].file, err.message);
		ck_assert_msg(strstr(err.message, "ncu --csv"), "%s", err.message);
		if (files[i].line)
			ck_assert_int_eq(err.line, files[i].line);
		else
			ck_assert_int_gt(err.line, 0);
	}
}
END_TEST

/* Scaled units on the details page. The values are the ncu text pages' own
 * (constructed_ncu_details_text_fragment_h20.txt lines 33-35: "Kbyte
 * 233.47", "Kbyte/block 1.02", "Kbyte/block 102.40"; "usecond 385.16" at
 * line 11), whose bytes the
 * raw page prints unscaled: the B200 raw page gives 1024 for
 * launch__shared_mem_per_block_driver and 233472 for
 * device__attribute_max_shared_memory_per_multiprocessor. So Kbyte is 1000
 * bytes, and the digits lost are restored to the 128-byte granule. */
START_TEST(details_scaled_units)
{
	static const char text[] =
		"\"ID\",\"Kernel Name\",\"Section Name\",\"Metric Name\",\"Metric Unit\","
		"\"Metric Value\"\n"
		"\"0\",\"k\",\"GPU Speed Of Light Throughput\",\"Duration\",\"usecond\",\"385.16\"\n"
		"\"0\",\"k\",\"Launch Statistics\",\"Shared Memory Configuration Size\",\"Kbyte\","
		"\"233.47\"\n"
		"\"0\",\"k\",\"Launch Statistics\",\"Driver Shared Memory Per Block\",\"Kbyte/block\","
		"\"1.02\"\n"
		"\"0\",\"k\",\"Launch Statistics\",\"Dynamic Shared Memory Per Block\",\"Kbyte/block\","
		"\"102.40\"\n"
		"\"0\",\"k\",\"Launch Statistics\",\"Static Shared Memory Per Block\",\"byte/block\","
		"\"0\"\n"
		"\"1\",\"k\",\"GPU Speed Of Light Throughput\",\"Duration\",\"msecond\",\"8.92\"\n"
		"\"1\",\"k\",\"Launch Statistics\",\"Static Shared Memory Per Block\",\"Kbyte/block\","
		"\"16.38\"\n"
		"\"1\",\"k\",\"Launch Statistics\",\"Shared Memory Configuration Size\",\"Mbyte\","
		"\"0.07\"\n";
	struct report r;
	struct occ_error err = { 0 };

	ck_assert_msg(report_parse("scaled.csv", text, strlen(text), &r, &err), "%s", err.message);
	ck_assert_uint_eq(r.n, 2);
	ck_assert_uint_eq(r.rejected_rows, 0);
	CK_NUM(r.records[0].duration_ns, 385160);
	CK_INT(r.records[0].smem_config_bytes, 233472);
	CK_INT(r.records[0].driver_smem_bytes, 1024);
	CK_INT(r.records[0].dynamic_smem_bytes, 102400);
	CK_INT(r.records[0].static_smem_bytes, 0);
	/* constructed_ncu_details_text_t4.txt line 11 "msecond 8.92", line 98
	 * "Kbyte/block 16.38": 16375..16385 holds 128 x 128 */
	CK_NUM(r.records[1].duration_ns, 8920000);
	CK_INT(r.records[1].static_smem_bytes, 16384);
	/* 0.07 Mbyte is 65000..75000 bytes: no single granule, the nearest byte */
	CK_INT(r.records[1].smem_config_bytes, 70000);
	report_done(&r);
}
END_TEST

/* The raw page's units row, scaled (no --print-units base): the B200 file's
 * first kernel (line 5) in us and Kbyte. */
START_TEST(raw_units_row_scaled)
{
	static const char text[] =
		"\"ID\",\"Kernel Name\",\"gpu__time_duration.sum\",\"launch__shared_mem_config_size\","
		"\"launch__shared_mem_per_block_dynamic\",\"launch__registers_per_thread\","
		"\"launch__occupancy_limit_shared_mem\"\n"
		"\"\",\"\",\"us\",\"Kbyte\",\"Kbyte/block\",\"register/thread\",\"block\"\n"
		"\"0\",\"k\",\"9.92\",\"135.17\",\"8.70\",\"40\",\"13\"\n"
		"\"1\",\"k\",\"9.92\",\"135.17\",\"8.70\",\"SIMT\",\"13\"\n"
		"\"2\",\"k\",\"1\",\"2\",\"3\",\"4\",\"5\"\n";
	struct report r;
	struct occ_error err = { 0 };
	const struct report_record *k;

	ck_assert(report_parse("raw.csv", text, strlen(text), &r, &err));
	ck_assert_uint_eq(r.n, 2);
	k = &r.records[0];
	CK_NUM(k->duration_ns, 9920);
	CK_INT(k->smem_config_bytes, 135168);   /* 135165..135175 holds 1056 x 128 */
	CK_INT(k->dynamic_smem_bytes, 8704);    /* 8695..8705 holds 68 x 128 */
	CK_INT(k->registers, 40);
	CK_INT(k->limit_smem, 13);
	CK_ABSENT(k->grid[0]);
	/* Line 4: "SIMT" registers: the row is rejected whole, line 5 still read. */
	ck_assert_uint_eq(r.rejected_rows, 1);
	ck_assert_int_eq(err.line, 4);
	ck_assert_str_eq(err.field, "launch__registers_per_thread");
	CK_NUM(r.records[1].duration_ns, 1000);
	ck_assert_int_eq(r.records[1].line, 5);
	report_done(&r);
}
END_TEST

/* Each output's units row scales its own rows: ncu --csv appended twice
 * (the header again, a run of its own), first in us, then in ns, then with
 * a size for the duration (another metric's unit: dropped, the record
 * kept). The reader works a column's scale out once an output, from its
 * units row, not for every row: it must not keep the last output's. The
 * values are raw_units_row_scaled's. */
START_TEST(raw_units_row_each_output)
{
	static const char text[] =
		"\"ID\",\"Kernel Name\",\"gpu__time_duration.sum\",\"launch__registers_per_thread\"\n"
		"\"\",\"\",\"us\",\"register/thread\"\n"
		"\"0\",\"k\",\"9.92\",\"40\"\n"
		"\"ID\",\"Kernel Name\",\"gpu__time_duration.sum\",\"launch__registers_per_thread\"\n"
		"\"\",\"\",\"ns\",\"register/thread\"\n"
		"\"0\",\"k\",\"9.92\",\"40\"\n"
		"\"ID\",\"Kernel Name\",\"gpu__time_duration.sum\",\"launch__registers_per_thread\"\n"
		"\"\",\"\",\"Kbyte\",\"register/thread\"\n"
		"\"0\",\"k\",\"9.92\",\"40\"\n";
	struct report r;
	struct occ_error err = { 0 };

	ck_assert_msg(report_parse("raw.csv", text, strlen(text), &r, &err), "%s", err.message);
	ck_assert_uint_eq(r.n, 3);
	CK_NUM(r.records[0].duration_ns, 9920);
	ck_assert(r.records[1].duration_ns.present);
	ck_assert_msg(fabs(r.records[1].duration_ns.value - 9.92) < 1e-9, "%g",
		      r.records[1].duration_ns.value);
	CK_ABSENT(r.records[2].duration_ns);
	CK_INT(r.records[2].registers, 40);
	ck_assert_uint_eq(r.dropped_fields, 1);
	report_done(&r);
}
END_TEST

/* A raw page without the units row reads in base units. */
START_TEST(raw_without_units_row)
{
	static const char text[] = "ID,Kernel Name,launch__grid_size,launch__block_size\n"
				   "7,k,506,192\n";
	struct report r;
	struct occ_error err = { 0 };

	ck_assert(report_parse("raw.csv", text, strlen(text), &r, &err));
	ck_assert_uint_eq(r.n, 1);
	CK_INT(r.records[0].id, 7);
	ck_grid(&r.records[0], 506, 1, 1);
	ck_block(&r.records[0], 192, 1, 1);
	report_done(&r);
}
END_TEST

/* A bad value: its row is rejected with line and field, the rest read. */
START_TEST(details_bad_row)
{
	size_t len;
	char *text = slurp("opinsight_a100_cc80_ncu2022_details_pooling_full_240k.csv", &len);
	char *at = strstr(text, "\"Registers Per Thread\",\"register/thread\",\"26\"");
	struct report r;
	struct occ_error err = { 0 };

	ck_assert_ptr_nonnull(at);
	memcpy(at + strlen("\"Registers Per Thread\",\"register/thread\",\""), "x", 1);
	ck_assert(report_parse("bad.csv", text, len, &r, &err));
	ck_assert_uint_eq(r.n, 240);
	ck_assert_uint_eq(r.rejected_rows, 1);
	ck_assert_int_eq(err.line, 28);
	ck_assert_str_eq(err.field, "Registers Per Thread");
	ck_assert_int_eq(r.records[0].line, 5);
	ck_assert_msg(strstr(err.message, "\"x6\""), "%s", err.message);
	CK_ABSENT(r.records[0].registers);
	CK_INT(r.records[0].limit_registers, 4);
	CK_INT(r.records[1].registers, 38);
	report_done(&r);
	free(text);
}
END_TEST

#define CLIMA "constructed_ncu_details_fullset_a100_cc80.csv"

/* A metric is its section, name and unit: the --set full page has "Memory
 * Throughput" in GPU Speed Of Light (line 5: "%","27.31") and in Memory
 * Workload Analysis (line 26: "Gbyte/s","556.30"); only the first is the
 * "% of peak". The scheduler's exact figure is "One or More Eligible"
 * (line 36: 55.12 %) beside "Issued Warp Per Scheduler" (line 37: 0.55). */
START_TEST(details_metric_identity)
{
	struct report r;
	const struct report_record *k;

	load(CLIMA, &r);
	ck_assert_uint_eq(r.n, 6);
	ck_assert_uint_eq(r.dropped_fields, 0);
	k = &r.records[0];
	CK_NUM(k->sched.memory_throughput_pct, 27.31);
	CK_NUM(k->sched.sm_throughput_pct, 48.66);   /* line 11 */
	CK_NUM(k->sched.issue_active_pct, 55.12);
	CK_NUM(k->sched.issued_warps, 0.55);
	/* ID 1, line 96: its own Speed Of Light figure. */
	CK_NUM(r.records[1].sched.memory_throughput_pct, 26.54);
	report_done(&r);
}
END_TEST

/* text with every from replaced by to (heap). */
static char *replace_all(const char *text, size_t len, const char *from, const char *to,
			 size_t *out_len)
{
	size_t nf = strlen(from), nt = strlen(to), n = 0;
	char *out = malloc(len * (nt > nf ? nt / nf + 2 : 1) + 1), *o = out;

	ck_assert_ptr_nonnull(out);
	for (size_t i = 0; i < len;) {
		if (i + nf <= len && memcmp(text + i, from, nf) == 0) {
			memcpy(o, to, nt);
			o += nt;
			i += nf;
			n++;
		} else {
			*o++ = text[i++];
		}
	}
	ck_assert_uint_gt(n, 0);
	*out_len = (size_t)(o - out);
	return out;
}

/* The same row under the Speed Of Light section (as a file without the
 * Section Name column would leave it): its Gbyte/s is not a percentage, so
 * it is refused with a message naming the row, never read as one. */
START_TEST(details_wrong_unit_refused)
{
	size_t len, n;
	char *text = slurp(CLIMA, &len);
	char *moved = replace_all(text, len, "\"Memory Workload Analysis\",\"Memory Throughput\"",
				  "\"GPU Speed Of Light Throughput\",\"Memory Throughput\"", &n);
	struct report r;
	struct occ_error err = { 0 };
	char msg[512];

	ck_assert_msg(report_parse("moved.csv", moved, n, &r, &err), "%s", err.message);
	ck_assert_uint_eq(r.n, 6);
	ck_assert_uint_eq(r.rejected_rows, 0);
	ck_assert_uint_eq(r.dropped_fields, 6);
	occ_error_format(&r.dropped, msg, sizeof(msg));
	ck_assert_int_eq(r.dropped.line, 26);
	ck_assert_str_eq(r.dropped.field, "Memory Throughput");
	ck_assert_msg(strstr(msg, "\"Gbyte/s\" is not the unit of this metric, a percentage (%)"),
		      "%s", msg);
	CK_NUM(r.records[0].sched.memory_throughput_pct, 27.31);
	report_done(&r);
	free(moved);
	free(text);
}
END_TEST

/* A raw page cut inside its units row (line 4 of the B200 file, under two
 * ==PROF== lines and the header): no kernel row, and the message names the
 * line the file ends in. */
START_TEST(raw_cut_in_units_row)
{
	size_t len;
	char *text = slurp("constructed_ncu_raw_page_b200_cc100_decode_b1.csv", &len);
	char *units = text;
	struct report r;
	struct occ_error err = { 0 };

	for (int i = 0; i < 3; i++)
		units = strchr(units, '\n') + 1;
	ck_assert(!report_parse("cut.csv", text, (size_t)(units - text) + 200, &r, &err));
	ck_assert_int_eq(err.line, 4);
	ck_assert_msg(strstr(err.message, "holds no kernel rows, and the file ends inside this line"),
		      "%s", err.message);
	free(text);
}
END_TEST

/* A file cut inside a row: every whole kernel is read, the cut row counted. */
START_TEST(details_truncated)
{
	size_t len;
	char *text = slurp("opinsight_a100_cc80_ncu2022_details_pooling_full_240k.csv", &len);
	/* Line 69 (kernel 1): cut after the unit, before the value. */
	char *at = strstr(text, "\"Shared Memory Configuration Size\",\"byte\",\"32,768\"");
	struct report r;
	struct occ_error err = { 0 };
	size_t cut;

	ck_assert_ptr_nonnull(at);
	cut = (size_t)(at - text) + strlen("\"Shared Memory Configuration Size\",\"byte\",");
	ck_assert(report_parse("cut.csv", text, cut, &r, &err));
	ck_assert_uint_eq(r.n, 2);
	ck_assert_uint_eq(r.rejected_rows, 1);
	ck_assert_int_eq(err.line, 69);
	CK_INT(r.records[1].registers, 38);           /* line 68, before the cut */
	CK_ABSENT(r.records[1].smem_config_bytes);
	report_done(&r);

	/* Cut inside the quoted value: the same. */
	cut += 3;
	ck_assert(report_parse("cut.csv", text, cut, &r, (occ_error_clear(&err), &err)));
	ck_assert_uint_eq(r.n, 2);
	ck_assert_uint_eq(r.rejected_rows, 1);
	ck_assert_int_eq(err.line, 69);
	CK_ABSENT(r.records[1].smem_config_bytes);
	report_done(&r);
	free(text);
}
END_TEST

/* A kernel name of several KB with commas, quotes and control characters is
 * kept byte for byte. */
START_TEST(long_name_kept)
{
	size_t n = 6000;
	char *name = malloc(n + 1), *text = malloc(2 * n + 512);
	struct report r;
	struct occ_error err = { 0 };
	size_t at;

	static const char pat[] = "void f<a, b>(int, \x01\x1b[2J)";

	for (size_t i = 0; i < n; i++)
		name[i] = pat[i % (sizeof(pat) - 1)];
	name[n] = '\0';
	at = (size_t)sprintf(text, "\"ID\",\"Kernel Name\",\"Metric Name\",\"Metric Unit\","
				   "\"Metric Value\"\n\"0\",\"");
	memcpy(text + at, name, n);
	at += n;
	at += (size_t)sprintf(text + at, "\",\"Registers Per Thread\",\"register/thread\",\"40\"\n");
	ck_assert_msg(report_parse("long.csv", text, at, &r, &err), "%s", err.message);
	ck_assert_uint_eq(r.n, 1);
	ck_assert_uint_eq(strlen(r.records[0].name), n);
	ck_assert(memcmp(r.records[0].name, name, n) == 0);
	CK_INT(r.records[0].registers, 40);
	report_done(&r);
	free(name);
	free(text);
}
END_TEST

/* The Block Size and Grid Size columns: "(x, y, z)" with spaces anywhere
 * between, or one number; each part at most INT64_MAX / 2
 * (4611686018427387903), as the reader has always refused larger ones. */
START_TEST(dim3_texts)
{
	static const struct {
		const char *text;
		bool ok;
		int64_t x, y, z;
	} cases[] = {
		{ "(32, 16, 1)", true, 32, 16, 1 },
		{ " ( 4 ,2 ) ", true, 4, 2, 1 },
		{ "192", true, 192, 1, 1 },
		{ "(007, 0, 1)", true, 7, 0, 1 },
		{ "(4611686018427387903, 1, 1)", true, 4611686018427387903, 1, 1 },
		{ "(4611686018427387904, 1, 1)", false, 0, 0, 0 },
		{ "(1, 99999999999999999999999, 1)", false, 0, 0, 0 },
		{ "(1, -2, 3)", false, 0, 0, 0 },
		{ "(1, 2, 3, 4)", false, 0, 0, 0 },
		{ "(1, 2", false, 0, 0, 0 },
		{ "(1 2)", false, 0, 0, 0 },
		{ "(1, 2) x", false, 0, 0, 0 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct report_int d[3] = { { 0 } };
		bool ok = ncu_read_dim3(cases[i].text, d);

		ck_assert_msg(ok == cases[i].ok, "\"%s\"", cases[i].text);
		if (!ok)
			continue;
		ck_assert_msg(d[0].present && d[1].present && d[2].present, "\"%s\"", cases[i].text);
		ck_assert_int_eq(d[0].value, cases[i].x);
		ck_assert_int_eq(d[1].value, cases[i].y);
		ck_assert_int_eq(d[2].value, cases[i].z);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("import_ncu");
	TCase *tc = tcase_create("corpus");

	tcase_add_test(tc, metric_table_sorted);
	tcase_add_test(tc, details_2019_kernel_time);
	tcase_add_test(tc, details_2022_rules);
	tcase_add_test(tc, details_2025_metrics);
	tcase_add_test(tc, details_2025_occupancy_section);
	tcase_add_test(tc, details_metrics_only_bom_crlf);
	tcase_add_test(tc, raw_b200_b1);
	tcase_add_test(tc, raw_b200_b8);
	tcase_add_test(tc, raw_b200_torch);
	tcase_add_test(tc, raw_outputs_appended);
	tcase_add_test(tc, details_outputs_appended);
	tcase_add_test(tc, raw_processes_are_runs);
	tcase_add_test(tc, error_only_run);
	tcase_add_test(tc, text_output_refused);
	tcase_add_test(tc, details_scaled_units);
	tcase_add_test(tc, raw_units_row_scaled);
	tcase_add_test(tc, raw_units_row_each_output);
	tcase_add_test(tc, raw_without_units_row);
	tcase_add_test(tc, details_bad_row);
	tcase_add_test(tc, details_truncated);
	tcase_add_test(tc, long_name_kept);
	tcase_add_test(tc, details_metric_identity);
	tcase_add_test(tc, raw_cut_in_units_row);
	tcase_add_test(tc, details_wrong_unit_refused);
	tcase_add_test(tc, dim3_texts);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
