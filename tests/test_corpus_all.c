/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_corpus_all.c - every report file under tests/data (the corpus copies
 * of tests/data/README, and the one constructed events file) through
 * report_load: none fails as a file except those that are no report by
 * design (a run that left only ==ERROR==, Nsight Compute's text output,
 * nvprof's and rocprof's summaries), each refused with its reason; no row is
 * rejected and no field left absent; and the records that compute on the
 * file's own GPU (or the one its corpus notes name, as --gpu) are counted.
 * A record that does not compute is one whose report lacks a launch field
 * occview does not guess (grid, registers: metrics-only tables, the CUDA
 * profiler's logs) or a GPU. A file added to tests/data must be added here. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "engine.h"
#include "error.h"
#include "import.h"
#include "report.h"
#include "reportutil.h"
#include "testutil.h"

struct expect {
	const char *file;      /* under tests/data */
	const char *gpu;       /* --gpu, where the file names none (tests/data/README.s GPU) */
	size_t records, skipped, computed;
	const char *refused;   /* a file that is no report: what its message says */
};

static const struct expect corpus[] = {
	/* Nsight Compute text output: refused with the command that exports CSV. */
	{ "ncu/constructed_ncu_print_summary_per_kernel_cc89.txt", NULL, 0, 0, 0,
	  "this is Nsight Compute's text output" },
	{ "ncu/constructed_ncu_details_text_fragment_h20.txt", NULL, 0, 0, 0,
	  "this is Nsight Compute's text output" },
	{ "ncu/constructed_ncu_details_text_t4.txt", NULL, 0, 0, 0,
	  "this is Nsight Compute's text output" },

	/* CodeXL/RCP: Hawaii and Cape Verde by their chips' gfx targets and the
	 * files' CU counts; the constructed files name gfx targets. */
	{ "codexl/constructed_codexl2_gfx803.occupancy", NULL, 2, 0, 2, NULL },
	{ "codexl/constructed_rcp52_hawaii.occupancy", NULL, 5, 0, 5, NULL },
	{ "codexl/constructed_rcp55_gfx900.occupancy", NULL, 3, 0, 3, NULL },
	{ "codexl/rcp_docs_configfiles_capeverde_occupancy_display.txt", NULL, 1, 0, 1, NULL },

	/* A --set full details page: "Memory Throughput" in two sections. */
	{ "ncu/constructed_ncu_details_fullset_a100_cc80.csv", NULL, 6, 0, 6, NULL },
	/* A raw page of cluster launches, constructed (no real one has any). */
	{ "ncu/constructed_ncu_raw_page_clusters_h100_cc90.csv", NULL, 3, 0, 3, NULL },
	/* Raw pages of one launch each, captured on an H200 here. */
	{ "ncu/h200_ncu2025_raw_cluster2.csv", NULL, 1, 0, 1, NULL },
	{ "ncu/h200_ncu2025_raw_cluster4_smem48k.csv", NULL, 1, 0, 1, NULL },
	{ "ncu/h200_ncu2025_raw_cluster8.csv", NULL, 1, 0, 1, NULL },
	{ "ncu/h200_ncu2025_raw_cluster16_smem227k.csv", NULL, 1, 0, 1, NULL },
	{ "ncu/h200_ncu2025_raw_nocluster.csv", NULL, 1, 0, 1, NULL },
	/* Raw pages of B200 kernels, constructed in the shape of real ones. */
	{ "ncu/constructed_ncu_raw_page_b200_cc100_fprop_barriers8.csv", NULL, 16, 0, 16, NULL },
	{ "ncu/constructed_ncu_raw_page_b200_cc100_decode_b1.csv", NULL, 16, 0, 16, NULL },
	{ "ncu/constructed_ncu_raw_page_b200_cc100_decode_b8.csv", NULL, 56, 0, 56, NULL },
	{ "ncu/constructed_ncu_raw_page_b200_cc100_splitkv_b8.csv", NULL, 16, 0, 16, NULL },
	/* A failed run: ==PROF== lines and ==ERROR==, no table. */
	{ "ncu/constructed_ncu_raw_EMPTY_error_only.csv", NULL, 0, 0, 0,
	  "no table found: the profiler wrote no CSV header, and line 3 says \"==ERROR==" },
	/* No registers in a --metrics run; the Occupancy-section run's are
	 * inferred from Nsight Compute's own block limits. */
	{ "ncu/llmperfopt_blackwell_cc120_ncu2025_metrics_na_kernel0003.csv", NULL, 1, 0, 0,
	  NULL },
	{ "ncu/llmperfopt_blackwell_cc120_ncu2025_section_Occupancy_kernel0003.csv", NULL, 1, 0,
	  1, NULL },
	{ "ncu/opinsight_a100_cc80_ncu2022_details_pooling_full_240k.csv", NULL, 240, 0, 240,
	  NULL },
	{ "ncu/opinsight_a100_ncu2021_details_kerneltime_rulecols_gpt2_torch_staticsmem.csv",
	  "sm_80", 26, 0, 26, NULL },
	{ "ncu/roofline_profiler_rtx5070_cc120_ncu2026_windows_bom_crlf_saxpy.csv", NULL, 1, 0,
	  0, NULL },
	{ "ncu/constructed_ncu_details_2019_v100.log", "sm_70", 3, 0, 3, NULL },

	{ "nvprof/constructed_events_aggregate_off.csv", NULL, 2, 0, 0, NULL },
	{ "nvprof/constructed_nvprof_print_gpu_summary_um.csv", NULL, 0, 0, 0,
	  "an nvprof --print-gpu-summary table (Time(%), Calls, Name) has no launch parameters" },
	/* CUDA profiler logs: no grid in these. */
	{ "nvprof/constructed_cudaprof_c2050_csvmode_cuda_profile_0.log", NULL, 12, 5, 0,
	  NULL },
	{ "nvprof/constructed_cudaprof_c2050_kv_cuda_profile_0.log", NULL, 1, 2, 0, NULL },
	{ "nvprof/constructed_cudaprof_m2090_kv_cuda_profile_0.log", NULL, 400, 10, 0, NULL },
	{ "nvprof/magus_gtx1080ti_nvprof_metrics_all_csv_scalarProd_TRUNCATED.csv", NULL, 1, 0,
	  0, NULL },
	{ "nvprof/magus_gtx1080ti_nvprof_metrics_all_csv_shflscan_TRUNCATED.csv", NULL, 4, 0,
	  0, NULL },
	/* The traces of the same two applications (memcpy and memset rows skipped). */
	{ "nvprof/magus_gtx1080ti_nvprof_print_gpu_trace_csv_scalarProd.csv", NULL, 1, 3, 1,
	  NULL },
	{ "nvprof/magus_gtx1080ti_nvprof_print_gpu_trace_csv_shflscan.csv", NULL, 5, 8, 5,
	  NULL },
	{ "nvprof/constructed_nvprof_print_gpu_trace_text.txt", NULL, 501, 103, 501, NULL },
	{ "nvprof/constructed_nvprof_print_gpu_trace_um.csv", NULL, 5, 89, 5, NULL },
	/* 10 runs appended, the same 4 kernels in each: 40 records. */
	{ "nvprof/constructed_nvprof_metrics_text_sm_efficiency_10runs.txt",
	  NULL, 40, 0, 0, NULL },
	{ "nvprof/constructed_nvprof_metrics_text_gtx1070.profile", NULL, 1, 0, 0, NULL },

	{ "rocprof/constructed_rocprofcompute3_mi300x_pmc_perf.csv",
	  "mi300x", 100, 0, 100, NULL },
	{ "rocprof/constructed_rocprofv1_results.stats.csv", NULL, 0, 0, 0,
	  "a rocprof --stats summary (Name, Calls, TotalDurationNs) has no launch parameters" },
	{ "rocprof/gunrock_mi300_rocprofv1_results_TRUNCATED.csv", NULL, 13, 0, 13, NULL },
	/* "gpu-id 2; arch not recorded": no GPU to compute on. */
	{ "rocprof/constructed_rocprofv1_pmc_scale_add.csv", NULL, 1, 0, 0, NULL },
	{ "rocprof/llamacpp_r9700_gfx1201_rocprofv1_results_wave32.csv", "Radeon AI PRO R9700",
	  1963, 0, 1963, NULL },
	{ "rocprof/omniperf_tests_mi100_pmc_perf_ipblocks_CPF.csv", "mi100", 3, 0, 3, NULL },
	{ "rocprof/omniperf_tests_mi200_rocprofv1_pmc_SQ_LEVEL_WAVES_TRUNCATED.csv", "gfx90a", 12,
	  0, 12, NULL },
	{ "rocprof/omniperf_tests_mi300x_pmc_perf_ipblocks_CPF.csv", "mi300x", 3, 0, 3, NULL },
	{ "rocprof/omniperf_tests_mi300x_rocprofv2style_timestamps.csv", "mi300x", 3, 0, 3,
	  NULL },
	/* The SDK's documentation samples: no GPU; the kernel trace has no VGPRs. */
	{ "rocprof/rocprofv3_sdk_docs_counter_collection.csv", NULL, 4, 0, 0, NULL },
	{ "rocprof/rocprofv3_sdk_docs_kernel_trace.csv", NULL, 8, 0, 0, NULL },
	/* rocprofv3 on an MI300A (a README's output): no VGPRs in this trace;
	 * its agent info is read beside it for the XCDs, no report alone. */
	{ "rocprof/hpctraining_mi300a_rocprofv3_kernel_trace.csv", NULL, 9, 0, 0, NULL },
	{ "rocprof/hpctraining_mi300a_rocprofv3_agent_info.csv", NULL, 0, 0, 0,
	  "rocprofv3's agent info (Agent_Type, Simd_Count, Max_Waves_Per_Simd) lists the devices" },
};

#define N_CORPUS (sizeof(corpus) / sizeof(corpus[0]))

START_TEST(every_file_reads)
{
	const struct expect *x = &corpus[_i];
	struct occ_error err = { 0 };
	struct report r;
	char msg[1024];
	bool ok = report_load(data_path("", x->file), &r, &err);
	size_t n;

	occ_error_format(&err, msg, sizeof(msg));
	if (x->refused) {
		ck_assert_msg(!ok, "%s: read, want refused", x->file);
		ck_assert_msg(strstr(msg, x->refused), "%s: %s", x->file, msg);
		return;
	}
	ck_assert_msg(ok, "%s: %s", x->file, msg);
	ck_assert_msg(err.status == OCC_OK, "%s: %s", x->file, msg);
	ck_assert_msg(r.rejected_rows == 0, "%s: %zu rows rejected", x->file, r.rejected_rows);
	occ_error_format(&r.dropped, msg, sizeof(msg));
	ck_assert_msg(r.dropped_fields == 0, "%s: %zu fields left absent: %s", x->file,
		      r.dropped_fields, msg);
	ck_assert_msg(r.n == x->records, "%s: %zu records, want %zu", x->file, r.n, x->records);
	ck_assert_msg(r.skipped_rows == x->skipped, "%s: %zu skipped, want %zu", x->file,
		      r.skipped_rows, x->skipped);
	n = records_computing(db, &r, x->gpu, x->file, msg, sizeof(msg));
	ck_assert_msg(n == x->computed, "%s: %zu records compute, want %zu (%s)", x->file, n,
		      x->computed, msg);
	report_done(&r);
}
END_TEST

/* A percentage of a peak or of a maximum is at most 100 on every record of
 * every file: a value over it is a figure in another unit read as a
 * percentage (Memory Workload Analysis's "Memory Throughput", 488.17
 * Gbyte/s, had been read as Speed Of Light's 23.97 %). */
static void ck_pct(const char *file, size_t i, const char *what, struct report_num v)
{
	ck_assert_msg(!v.present || (v.value >= 0 && v.value <= 100.0),
		      "%s: record %zu: %s is %g %%", file, i, what, v.value);
}

START_TEST(percentages_at_most_100)
{
	const struct expect *x = &corpus[_i];
	struct occ_error err = { 0 };
	struct report r;

	if (x->refused)
		return;
	ck_assert(report_load(data_path("", x->file), &r, &err));
	for (size_t i = 0; i < r.n; i++) {
		const struct report_record *k = &r.records[i];

		ck_pct(x->file, i, "achieved occupancy", k->achieved_occupancy_pct);
		ck_pct(x->file, i, "theoretical occupancy", k->theoretical_occupancy_pct);
		ck_pct(x->file, i, "cluster occupancy", k->cluster_occupancy_pct);
		ck_pct(x->file, i, "issue slots", k->sched.issue_active_pct);
		ck_pct(x->file, i, "compute (SM) throughput", k->sched.sm_throughput_pct);
		ck_pct(x->file, i, "memory throughput", k->sched.memory_throughput_pct);
	}
	report_done(&r);
}
END_TEST

/* Issue 21's figure on real files: on every AMD record that computes, the
 * occupancy headline is the resident waves per CU (WGP) over its wave
 * slots, and where LLVM's waves per SIMD differ from it the finding
 * amd_workgroup_packing says why (the R9700 file's 1024-work-item
 * workgroups: 32 of 64 waves per WGP against LLVM's 10 of 16 per SIMD). */
START_TEST(amd_headline_explained)
{
	struct analysis *a = malloc(sizeof(*a));
	size_t amd_records = 0, amd_differ = 0;

	ck_assert_ptr_nonnull(a);
	for (size_t c = 0; c < N_CORPUS; c++) {
		const struct expect *x = &corpus[c];
		struct occ_error err = { 0 };
		struct report_launch_given given = { NULL, NULL, 0 };
		struct gpu gpu;
		struct report r;

		if (x->refused || !report_load(data_path("", x->file), &r, &err))
			continue;
		if (x->gpu) {
			ck_assert(gpu_db_find(db, x->gpu, &gpu, &err));
			given.gpu = &gpu;
		}
		for (size_t i = 0; i < r.n; i++) {
			const struct occ_result *o = &a->r;
			bool finding = false;
			int simds;

			if (!record_analyse(a, db, &r.records[i], &given, x->file, &err) ||
			    !engine_of(&a->gpu.arch)->simd_waves)
				continue;
			amd_records++;
			simds = engine_schedulers_per_unit(&a->gpu.arch);
			ck_assert_msg(o->theoretical_occupancy_pct ==
				      (o->amd.fits ? 100.0 * o->active_warps_per_sm / o->max_warps_per_sm
				       : 0), "%s: record %zu: headline %.4f", x->file, i,
				      o->theoretical_occupancy_pct);
			for (int k = 0; k < a->n_findings; k++)
				finding |= strcmp(a->findings[k].id, "amd_workgroup_packing") == 0;
			if (o->amd.fits && o->amd.waves_per_simd * simds != o->active_warps_per_sm) {
				amd_differ++;
				ck_assert_msg(finding, "%s: record %zu: %d of %d waves per unit, LLVM's "
					      "%d per SIMD, no finding", x->file, i,
					      o->active_warps_per_sm, o->max_warps_per_sm,
					      o->amd.waves_per_simd);
			} else {
				ck_assert_msg(!finding, "%s: record %zu: finding, no difference", x->file,
					      i);
			}
		}
		report_done(&r);
	}
	free(a);
	/* The corpus's AMD records that compute (test above: 13 + 1963 + 100
	 * + 3 + 12 + 3 + 3, and CodeXL's, which are TeraScale's or GCN's). */
	ck_assert_uint_ge(amd_records, 2097);
	ck_assert_uint_gt(amd_differ, 0);
}
END_TEST

/* Every report file under tests/data is in the table above, and every file
 * of the table exists. */
static void ck_listed(const char *file, void *ctx)
{
	(void)ctx;
	for (size_t i = 0; i < N_CORPUS; i++)
		if (strcmp(corpus[i].file, file) == 0)
			return;
	ck_abort_msg("%s is not in test_corpus_all.c", file);
}

START_TEST(table_is_the_folders)
{
	ck_assert_uint_eq(each_report_file(ck_listed, NULL), N_CORPUS);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("corpus_all");
	TCase *tc = tcase_create("corpus");

	tcase_set_timeout(tc, 60);
	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_loop_test(tc, every_file_reads, 0, (int)N_CORPUS);
	tcase_add_loop_test(tc, percentages_at_most_100, 0, (int)N_CORPUS);
	tcase_add_test(tc, table_is_the_folders);
	tcase_add_test(tc, amd_headline_explained);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
