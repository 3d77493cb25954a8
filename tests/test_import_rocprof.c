/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_import_rocprof.c - every rocprof, rocprofv3 and Omniperf file of the
 * corpus (tests/data/rocprof/) imports, with the first and last record's
 * launch read back against the file's own text, quoted in the comments. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "error.h"
#include "import.h"
#include "report.h"
#include "report_launch.h"
#include "readfile.h"
#include "strutil.h"
#include "reportutil.h"
#include "testutil.h"

static void load(const char *file, struct report *r)
{
	load_clean("rocprof/", file, r);
}

static char *slurp(const char *file, size_t *len)
{
	struct occ_error err = { 0 };
	char *text = str_read_file(data_path("rocprof/", file), 1 << 20, len, &err);

	ck_assert_msg(text != NULL, "%s: %s", file, err.message);
	return text;
}

/* file with the first "from" in it made "to", parsed into r. */
static void parse_edited(const char *file, const char *from, const char *to, struct report *r)
{
	size_t len;
	char *text = slurp(file, &len);
	char *at = strstr(text, from);
	char *buf = malloc(len + strlen(to) + 1);
	struct occ_error err = { 0 };

	ck_assert_msg(at != NULL && buf != NULL, "%s: no \"%s\"", file, from);
	sprintf(buf, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
	ck_assert_msg(report_parse(file, buf, strlen(buf), r, &err), "%s", err.message);
	free(buf);
	free(text);
}

/* rocprof v1, ROCm 6 column set, MI300 (gunrock). 13 data rows, lines 2-14. */
START_TEST(v1_gunrock_mi300)
{
	struct report r;
	const struct report_record *k;

	load("gunrock_mi300_rocprofv1_results_TRUNCATED.csv", &r);
	ck_assert_str_eq(r.format, "rocprof v1 results");
	ck_assert_uint_eq(r.n, 13);
	ck_assert_uint_eq(r.skipped_rows, 0);

	/* Line 2: 0,"__amd_rocclr_copyBuffer.kd",2,0,0,2033096,2033096,155648,512,
	 * 0,0,16,0,32,64,0x0,0x7f50a7abb600,...,5573. grd 155648 work-items /
	 * wgr 512 = 304 workgroups exactly. */
	k = &r.records[0];
	ck_assert_int_eq(k->line, 2);
	CK_INT(k->id, 0);
	ck_assert_str_eq(k->name, "__amd_rocclr_copyBuffer.kd");
	ck_assert_str_eq(k->short_name, "__amd_rocclr_copyBuffer");
	ck_assert_int_eq(k->vendor, REPORT_VENDOR_AMD);
	ck_assert_str_eq(k->process, "2033096");
	ck_grid(k, 304, 1, 1);
	ck_block(k, 512, 1, 1);
	CK_INT(k->lds_bytes, 0);
	CK_INT(k->scratch_bytes, 0);
	CK_INT(k->arch_vgprs, 16);
	CK_INT(k->accum_vgprs, 0);
	CK_INT(k->sgprs, 32);
	CK_INT(k->wave_size, 64);
	ck_assert(k->duration_ns.present);
	ck_assert_double_eq(k->duration_ns.value, 5573);
	CK_ABSENT(k->registers);
	CK_ABSENT(k->achieved_occupancy_pct);
	/* Only line 12's name says the target, "(...detail::target_arch)942";
	 * every row is gpu-id 2, so every record gets it. */
	ck_assert_str_eq(k->gfx_target, "gfx942");

	/* Line 12: Index 10, a 6261-byte name (python3 csv: len(field) == 6261)
	 * with commas, kept whole; grd 256, wgr 256, lds 21504, arch_vgpr 44,
	 * accum_vgpr 92, sgpr 112. */
	k = &r.records[10];
	ck_assert_int_eq(k->line, 12);
	ck_assert_uint_eq(strlen(k->name), 6261);
	ck_assert(strncmp(k->name, "void rocprim::ROCPRIM_400100_NS::detail:", 40) == 0);
	ck_assert_str_eq(k->name + 6261 - 40, "eam_t*)::{lambda(auto:1)#1}) [clone .kd]");
	ck_assert_str_eq(k->short_name, "rocprim::ROCPRIM_400100_NS::detail::trampoline_kernel");
	ck_grid(k, 1, 1, 1);
	CK_INT(k->lds_bytes, 21504);
	CK_INT(k->arch_vgprs, 44);
	CK_INT(k->accum_vgprs, 92);
	CK_INT(k->sgprs, 112);
	ck_assert_str_eq(k->gfx_target, "gfx942");

	/* Line 6: Index 4, grd 1139968, wgr 256: 1139968 / 256 = 4453. */
	k = &r.records[4];
	ck_assert_str_eq(k->short_name,
			 "thrust::THRUST_200805_400200_NS::hip_rocprim::__parallel_for::kernel");
	ck_grid(k, 4453, 1, 1);

	/* Line 14 (last): Index 12, "void gunrock::operators::advance::
	 * merge_path::merge_path_kernel<256, 11, ...>(...) [clone .kd]",
	 * grd 256, wgr 256, lds 11776, scr 0, arch_vgpr 12, accum_vgpr 4,
	 * sgpr 32, wave_size 64, DurationNs 6735. */
	k = &r.records[12];
	ck_assert_int_eq(k->line, 14);
	CK_INT(k->id, 12);
	ck_assert_str_eq(k->short_name, "gunrock::operators::advance::merge_path::merge_path_kernel");
	ck_grid(k, 1, 1, 1);
	ck_block(k, 256, 1, 1);
	CK_INT(k->lds_bytes, 11776);
	CK_INT(k->scratch_bytes, 0);
	CK_INT(k->arch_vgprs, 12);
	CK_INT(k->accum_vgprs, 4);
	CK_INT(k->sgprs, 32);
	CK_INT(k->wave_size, 64);
	ck_assert_double_eq(k->duration_ns.value, 6735);
	ck_assert_str_eq(k->gfx_target, "gfx942");
	report_done(&r);
}
END_TEST

/* rocprof v1 with -i counters and no timestamps: one row. */
START_TEST(v1_pmc_scale_add)
{
	struct report r;
	const struct report_record *k;

	load("constructed_rocprofv1_pmc_scale_add.csv", &r);
	ck_assert_uint_eq(r.n, 1);
	/* 0,"scale_add(float*, float const*, float, int) [clone .kd]",2,0,0,
	 * 41817,41817,4194304,128,0,0,12,0,24,64,0x0,0x7f3c51a04c80,100.0...,
	 * 65536.0...: 4194304 / 128 = 32768 workgroups, which the file's own
	 * Wavefronts counter confirms: 65536 wavefronts / 2 (128 work-items /
	 * 64 per wave) = 32768. */
	k = &r.records[0];
	ck_assert_str_eq(k->name, "scale_add(float*, float const*, float, int) [clone .kd]");
	ck_assert_str_eq(k->short_name, "scale_add");
	ck_grid(k, 32768, 1, 1);
	ck_block(k, 128, 1, 1);
	CK_INT(k->arch_vgprs, 12);
	CK_INT(k->accum_vgprs, 0);
	CK_INT(k->sgprs, 24);
	CK_INT(k->wave_size, 64);
	/* No DurationNs, BeginNs or EndNs columns; nothing names the target. */
	CK_ABSENT(k->duration_ns);
	ck_assert_str_eq(k->gfx_target, "");
	report_done(&r);
}
END_TEST

/* The ROCm 5 column set "vgpr,sgpr,fbar": no accum_vgpr, no wave_size. */
START_TEST(v1_old_layout_mi200)
{
	struct report r;
	const struct report_record *k;

	load("omniperf_tests_mi200_rocprofv1_pmc_SQ_LEVEL_WAVES_TRUNCATED.csv", &r);
	ck_assert_str_eq(r.format, "rocprof v1 results");
	ck_assert_uint_eq(r.n, 12);
	/* Line 2: 0,"__amd_rocclr_fillBufferAligned.kd",0,0,0,200422,200422,
	 * 33554432,256,0,0,4,32,4160,...,BeginNs 17230723230837,
	 * EndNs 17231579793472: 33554432 / 256 = 131072; duration
	 * 17231579793472 - 17230723230837 = 856562635 ns (as the file says). */
	k = &r.records[0];
	ck_assert_str_eq(k->short_name, "__amd_rocclr_fillBufferAligned");
	ck_grid(k, 131072, 1, 1);
	ck_block(k, 256, 1, 1);
	CK_INT(k->arch_vgprs, 4);
	CK_INT(k->sgprs, 32);
	CK_ABSENT(k->accum_vgprs);
	CK_ABSENT(k->wave_size);
	CK_ABSENT(k->barriers);   /* fbar is not a barrier count */
	ck_assert_double_eq(k->duration_ns.value, 856562635.0);

	/* Line 3: "void benchmark_func<short, 256, 8u, 0u>(short, short*) [clone
	 * .kd]", grd 32768, wgr 256: 128 workgroups. */
	k = &r.records[1];
	ck_assert_str_eq(k->short_name, "benchmark_func");
	ck_grid(k, 128, 1, 1);

	/* Line 13 (last): 11,"void benchmark_func<int, 256, 8u, 1u>(int, int*)
	 * [clone .kd]",...,4194304,256,0,0,16,24,19904,...,BeginNs
	 * 17231588544514, EndNs 17231588866754: 16384 workgroups,
	 * 322240 ns. */
	k = &r.records[11];
	ck_assert_int_eq(k->line, 13);
	CK_INT(k->id, 11);
	ck_assert_str_eq(k->name, "void benchmark_func<int, 256, 8u, 1u>(int, int*) [clone .kd]");
	ck_grid(k, 16384, 1, 1);
	CK_INT(k->arch_vgprs, 16);
	CK_INT(k->sgprs, 24);
	CK_INT(k->lds_bytes, 0);
	ck_assert_double_eq(k->duration_ns.value, 322240.0);
	report_done(&r);
}
END_TEST

/* Achieved occupancy from the SQ_LEVEL_WAVES pass's counters, as
 * rocprofiler-compute computes "Wavefront Occupancy" (ROCm/rocprofiler-compute
 * src/rocprof_compute_soc/analysis_configs/gfx90a/0200_system-speed-of-light.yaml
 * @ 822434ed: SQ_ACCUM_PREV_HIRES / $GRBM_GUI_ACTIVE_PER_XCD, peak
 * $max_waves_per_cu * $cu_per_gpu). The workload's sysinfo.csv (Axes1/mi200
 * @ 717a21cf) says numCU 104, maxWavesPerCU 32: 3328 wave slots. Omniperf's
 * own analysis of it (prev_analysis/201.csv @ 717a21cf) gives "Wave
 * Occupancy,2673.4087507168674,Wavefronts,3328,80.33079178836743", the
 * average over all 167 dispatches; SQ_ACCUM_PREV_HIRES / GRBM_GUI_ACTIVE
 * averaged over the 167 rows of the whole file (this copy keeps 12) gives
 * 2673.408750716868 and 80.33079178836743, checked by hand. */
START_TEST(v1_sq_level_waves_occupancy)
{
	struct report r;
	struct report_num pct = { 0 }, waves = { 0 };
	const struct report_record *k;

	load("omniperf_tests_mi200_rocprofv1_pmc_SQ_LEVEL_WAVES_TRUNCATED.csv", &r);
	/* Line 2: GRBM_GUI_ACTIVE 381872, SQ_ACCUM_PREV_HIRES 976030444:
	 * 976030444 / 381872 = 2555.9 waves resident, / 3328 = 76.80%, / 104
	 * CUs = 24.58 waves per CU. */
	k = &r.records[0];
	CK_NUM(k->sq_accum_prev_hires, 976030444.0);
	CK_NUM(k->grbm_gui_active, 381872.0);
	/* gfx90a: one XCD (gpu_default_xcds) */
	ck_assert(report_sq_occupancy(k, 1, 32, 104, &pct, &waves));
	ck_assert_double_eq_tol(pct.value, 76.80018, 1e-4);
	ck_assert_double_eq_tol(waves.value, 24.57606, 1e-4);
	/* Line 3 (benchmark_func<short>, 128 workgroups): 7068488 / 33766 =
	 * 209.34 waves, 6.29% of 3328. */
	ck_assert(report_sq_occupancy(&r.records[1], 1, 32, 104, &pct, &waves));
	ck_assert_double_eq_tol(pct.value, 6.290188, 1e-5);
	/* No XCD count known: no figure. Nor without a CU count. */
	pct.present = false;
	ck_assert(!report_sq_occupancy(k, 0, 32, 304, &pct, &waves));
	ck_assert(!report_sq_occupancy(k, 1, 32, 0, &pct, &waves));
	ck_assert(!pct.present);
	report_done(&r);
}
END_TEST

/* A counter that is no number is dropped, its record kept: line 2's
 * SQ_ACCUM_PREV_HIRES 976030444 made "abc". */
START_TEST(sq_counter_not_a_number_dropped)
{
	struct report r;

	parse_edited("omniperf_tests_mi200_rocprofv1_pmc_SQ_LEVEL_WAVES_TRUNCATED.csv",
		     ",976030444,", ",abc,", &r);
	ck_assert_uint_eq(r.n, 12);
	CK_ABSENT(r.records[0].sq_accum_prev_hires);
	CK_NUM(r.records[0].grbm_gui_active, 381872.0);
	ck_assert_uint_eq(r.dropped_fields, 1);
	ck_assert_str_eq(r.dropped.field, "SQ_ACCUM_PREV_HIRES");
	CK_NUM(r.records[1].sq_accum_prev_hires, 7068488.0);
	report_done(&r);
}
END_TEST

/* The counters in a rocprofiler-compute 3 pmc_perf.csv (MI300X): read, as
 * floats; the pass-merge copies (SQ_ACCUM_PREV_HIRES_7) are not. */
START_TEST(v2_pmc_perf_sq_counters)
{
	struct report r;

	load("constructed_rocprofcompute3_mi300x_pmc_perf.csv", &r);
	/* Line 2: SQ_ACCUM_PREV_HIRES 1966080.0, GRBM_GUI_ACTIVE 245760.0. */
	CK_NUM(r.records[0].sq_accum_prev_hires, 1966080.0);
	CK_NUM(r.records[0].grbm_gui_active, 245760.0);
	report_done(&r);

	/* No such columns: absent. */
	load("omniperf_tests_mi300x_rocprofv2style_timestamps.csv", &r);
	CK_ABSENT(r.records[0].sq_accum_prev_hires);
	CK_ABSENT(r.records[0].grbm_gui_active);
	report_done(&r);
}
END_TEST

/* The XCDs the SQ counters are summed over: Omniperf's sysinfo.csv beside
 * the pmc_perf.csv says (the constructed one: compute_partition SPX,
 * num_xcd 8), else --xcds, else the database's SPX count (8 on an MI300X).
 * Line 2: SQ_ACCUM_PREV_HIRES 1966080 / (GRBM_GUI_ACTIVE 245760 / 8) = 64
 * waves resident, / (32 waves x 304 CUs = 9728) = 0.6578947%, / 304 =
 * 0.2105263 waves per CU; over 4 XCDs (--xcds 4) half: 0.3289474%. */
static void copy_file(const char *from, const char *to)
{
	struct occ_error err = { 0 };
	size_t len;
	char *text = str_read_file(from, 1 << 22, &len, &err);
	FILE *f = fopen(to, "wb");

	ck_assert_msg(text && f, "%s: %s", from, err.message);
	ck_assert(fwrite(text, 1, len, f) == len);
	ck_assert(fclose(f) == 0);
	free(text);
}

START_TEST(v2_pmc_perf_xcds)
{
	static const char pmc[] =
		"constructed_rocprofcompute3_mi300x_pmc_perf.csv";
	char dir[] = "/tmp/occview-xcds-XXXXXX", path[256], sys[256];
	struct occ_error err = { 0 };
	struct report_num pct, waves;
	struct report_xcds xcds;
	struct report r;
	struct gpu mi300x, mi210;
	bool sq;

	ck_assert(gpu_db_find(db, "MI300X", &mi300x, &err));
	ck_assert(gpu_db_find(db, "MI210", &mi210, &err));
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/pmc_perf.csv", dir);
	snprintf(sys, sizeof(sys), "%s/sysinfo.csv", dir);
	copy_file(data_path("rocprof/", pmc), path);
	copy_file(data_path("amd/", "constructed_rocprofcompute3_mi300x_sysinfo.csv"), sys);
	ck_assert_msg(report_load(path, &r, &err), "%s", err.message);
	ck_assert_uint_eq(r.n, 100);
	for (size_t i = 0; i < r.n; i++)
		CK_INT(r.records[i].xcds, 8);
	ck_assert(report_launch_counted_occupancy(&r.records[0], &mi300x, 4, &pct, &waves, &sq,
						  &xcds));
	ck_assert(sq);
	/* the report's count wins over --xcds */
	ck_assert_int_eq(xcds.n, 8);
	ck_assert_int_eq(xcds.from, REPORT_XCDS_REPORT);
	ck_assert_double_eq_tol(pct.value, 0.6578947, 1e-6);
	ck_assert_double_eq_tol(waves.value, 0.2105263, 1e-6);
	/* A count from rocprofv3's agent_info.csv is said so. */
	ck_assert_int_eq(r.records[0].xcds_agent_info, 0);
	r.records[0].xcds_agent_info = 1;
	ck_assert(report_launch_counted_occupancy(&r.records[0], &mi300x, 4, &pct, &waves, &sq,
						  &xcds));
	ck_assert_int_eq(xcds.n, 8);
	ck_assert_int_eq(xcds.from, REPORT_XCDS_AGENT_INFO);
	ck_assert_str_eq(report_xcds_source_text(xcds.from), "agent_info.csv");
	report_done(&r);
	ck_assert(remove(sys) == 0 && remove(path) == 0 && rmdir(dir) == 0);

	/* The same file alone: --xcds 4, else the database's SPX mode. */
	load(pmc, &r);
	CK_ABSENT(r.records[0].xcds);
	ck_assert(report_launch_counted_occupancy(&r.records[0], &mi300x, 4, &pct, &waves, &sq,
						  &xcds));
	ck_assert_int_eq(xcds.n, 4);
	ck_assert_int_eq(xcds.from, REPORT_XCDS_FLAG);
	ck_assert_double_eq_tol(pct.value, 0.3289474, 1e-6);
	ck_assert(report_launch_counted_occupancy(&r.records[0], &mi300x, 0, &pct, &waves, &sq,
						  &xcds));
	ck_assert_int_eq(xcds.n, 8);
	ck_assert_int_eq(xcds.from, REPORT_XCDS_DATABASE);
	ck_assert_double_eq_tol(pct.value, 0.6578947, 1e-6);
	report_done(&r);

	/* The MI200 SQ_LEVEL_WAVES file has no sysinfo.csv beside it here: an
	 * MI210 has one XCD by the database, the figure as before. */
	load("omniperf_tests_mi200_rocprofv1_pmc_SQ_LEVEL_WAVES_TRUNCATED.csv", &r);
	ck_assert(report_launch_counted_occupancy(&r.records[0], &mi210, 0, &pct, &waves, &sq,
						  &xcds));
	ck_assert_int_eq(xcds.n, 1);
	ck_assert_int_eq(xcds.from, REPORT_XCDS_DATABASE);
	ck_assert_double_eq_tol(pct.value, 76.80018, 1e-4);
	report_done(&r);
}
END_TEST

/* rocprofv3's agent_info.csv beside its kernel_trace.csv, as the
 * amd/HPCTrainingExamples Rocprofv3/OpenMP/README.md run on an MI300A
 * printed them (tests/data/README): 4 GPU agents, each Num_Xcc 6 (the
 * MI300A's 6 XCDs, 228 CUs), so every record's XCDs are 6, said to come
 * from agent_info.csv. Beside another name, or with GPUs that differ, the
 * count is not the report's. */
START_TEST(v3_agent_info_xcds)
{
	static const char trace[] = "hpctraining_mi300a_rocprofv3_kernel_trace.csv";
	static const char agents[] = "hpctraining_mi300a_rocprofv3_agent_info.csv";
	char dir[] = "/tmp/occview-agents-XXXXXX", path[256], info[256], other[256];
	struct occ_error err = { 0 };
	struct report r;
	FILE *f;

	load(trace, &r);
	ck_assert_uint_eq(r.n, 9);
	for (size_t i = 0; i < r.n; i++) {
		CK_INT(r.records[i].xcds, 6);
		ck_assert_int_eq(r.records[i].xcds_agent_info, 1);
	}
	report_done(&r);
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/run_kernel_trace.csv", dir);
	snprintf(info, sizeof(info), "%s/other_agent_info.csv", dir);
	copy_file(data_path("rocprof/", trace), path);
	copy_file(data_path("rocprof/", agents), info);
	ck_assert_msg(report_load(path, &r, &err), "%s", err.message);
	CK_ABSENT(r.records[0].xcds);
	report_done(&r);
	/* run_agent_info.csv with a GPU of 2 XCDs beside those of 6 */
	snprintf(other, sizeof(other), "%s/run_agent_info.csv", dir);
	copy_file(data_path("rocprof/", agents), other);
	f = fopen(other, "ab");
	ck_assert_ptr_nonnull(f);
	fputs("8,8,\"GPU\",0,304,0,0,8,64,0,64,64,2\n", f);
	ck_assert(fclose(f) == 0);
	ck_assert_msg(report_load(path, &r, &err), "%s", err.message);
	CK_ABSENT(r.records[0].xcds);
	report_done(&r);
	ck_assert(remove(other) == 0 && remove(info) == 0 && remove(path) == 0 && rmdir(dir) == 0);
}
END_TEST

/* rocprofv2-style timestamps.csv written by Omniperf 2 on MI300X. */
START_TEST(v2_timestamps_mi300x)
{
	struct report r;
	const struct report_record *k;

	load("omniperf_tests_mi300x_rocprofv2style_timestamps.csv", &r);
	ck_assert_str_eq(r.format, "rocprofv2 / Omniperf");
	ck_assert_uint_eq(r.n, 3);
	/* 1,60633,1,967084,967084,1048576,256,0,0,4,4,16,64,"vecCopy(double*,
	 * double*, double*, int, int) (.kd)",716380685145736,716380685161855,0:
	 * 1048576 / 256 = 4096; 716380685161855 - 716380685145736 = 16119. */
	k = &r.records[0];
	CK_INT(k->id, 1);
	ck_assert_str_eq(k->short_name, "vecCopy");
	ck_assert_str_eq(k->process, "967084");
	ck_grid(k, 4096, 1, 1);
	ck_block(k, 256, 1, 1);
	CK_INT(k->lds_bytes, 0);
	CK_INT(k->scratch_bytes, 0);
	CK_INT(k->arch_vgprs, 4);
	CK_INT(k->accum_vgprs, 4);
	CK_INT(k->sgprs, 16);
	CK_INT(k->wave_size, 64);
	ck_assert_double_eq(k->duration_ns.value, 16119.0);
	/* Last: 3,...,716380685217852,716380685231332,0: 13480 ns. */
	k = &r.records[2];
	ck_assert_int_eq(k->line, 4);
	CK_INT(k->id, 3);
	ck_grid(k, 4096, 1, 1);
	ck_assert_double_eq(k->duration_ns.value, 13480.0);
	report_done(&r);
}
END_TEST

/* Omniperf 2 pmc_perf.csv: launch columns among counters, pass-merge
 * duplicates Wave_Size_1..3 which must not shadow Wave_Size. */
START_TEST(v2_pmc_perf_mi300x)
{
	struct report r;
	const struct report_record *k;

	load("omniperf_tests_mi300x_pmc_perf_ipblocks_CPF.csv", &r);
	ck_assert_str_eq(r.format, "rocprofv2 / Omniperf");
	ck_assert_uint_eq(r.n, 3);
	/* 0,60633,1048576,256,0,0,4,4,16,64,"vecCopy(...) (.kd)",...,
	 * 716306206848753,716306206863873: 15120 ns. */
	k = &r.records[0];
	CK_INT(k->id, 0);
	ck_grid(k, 4096, 1, 1);
	CK_INT(k->arch_vgprs, 4);
	CK_INT(k->accum_vgprs, 4);
	CK_INT(k->sgprs, 16);
	CK_INT(k->wave_size, 64);
	ck_assert_double_eq(k->duration_ns.value, 15120.0);
	CK_ABSENT(k->achieved_occupancy_pct);
	/* Last: 2,...,716306206916830,716306206929150: 12320 ns. */
	k = &r.records[2];
	CK_INT(k->id, 2);
	ck_assert_str_eq(k->short_name, "vecCopy");
	ck_assert_double_eq(k->duration_ns.value, 12320.0);
	report_done(&r);
}
END_TEST

/* Omniperf 1 on MI100: Kernel_Name second, lowercase wave_size, a trailing
 * space inside the quoted name. */
START_TEST(v2_pmc_perf_mi100)
{
	struct report r;
	const struct report_record *k;

	load("omniperf_tests_mi100_pmc_perf_ipblocks_CPF.csv", &r);
	ck_assert_uint_eq(r.n, 3);
	/* 0,"vecCopy(double*, double*, double*, int, int) ",2,1048576,256,0,0,
	 * 8,8,16,64,...,194239843235063,194239843259383: 24320 ns. */
	k = &r.records[0];
	ck_assert_str_eq(k->short_name, "vecCopy");
	ck_grid(k, 4096, 1, 1);
	ck_block(k, 256, 1, 1);
	CK_INT(k->arch_vgprs, 8);
	CK_INT(k->accum_vgprs, 8);
	CK_INT(k->sgprs, 16);
	CK_INT(k->wave_size, 64);
	ck_assert_double_eq(k->duration_ns.value, 24320.0);
	/* Last: 2,...,194239843463863,194239843482903: 19040 ns. */
	k = &r.records[2];
	CK_INT(k->id, 2);
	ck_assert_double_eq(k->duration_ns.value, 19040.0);
	report_done(&r);
}
END_TEST

/* rocprofv3 kernel trace: X/Y/Z columns, no register columns. */
START_TEST(v3_kernel_trace)
{
	struct report r;
	const struct report_record *k;

	load("rocprofv3_sdk_docs_kernel_trace.csv", &r);
	ck_assert_str_eq(r.format, "rocprofv3 kernel trace");
	ck_assert_uint_eq(r.n, 8);
	/* "KERNEL_DISPATCH",2,1,1,21228,1,11,"void addition_kernel<float>(...)",
	 * 1937,2414192765353337,2414192765369494,0,0,64,1,1,1024,1024,1:
	 * per dimension 1024/64 = 16, 1024/1 = 1024, 1/1 = 1;
	 * 2414192765369494 - 2414192765353337 = 16157 ns. */
	k = &r.records[0];
	CK_INT(k->id, 1);
	ck_assert_str_eq(k->short_name, "addition_kernel");
	ck_grid(k, 16, 1024, 1);
	ck_block(k, 64, 1, 1);
	CK_INT(k->lds_bytes, 0);      /* Group_Segment_Size */
	CK_INT(k->scratch_bytes, 0);  /* Private_Segment_Size */
	CK_ABSENT(k->arch_vgprs);
	CK_ABSENT(k->accum_vgprs);
	CK_ABSENT(k->sgprs);
	CK_ABSENT(k->wave_size);
	ck_assert_double_eq(k->duration_ns.value, 16157.0);
	/* Last: "KERNEL_DISPATCH",2,2,2,21228,8,12,"divide_kernel(...)",1993,
	 * 2414192765773422,2414192765784969,0,0,64,1,1,1024,1024,1: 11547 ns. */
	k = &r.records[7];
	ck_assert_int_eq(k->line, 9);
	CK_INT(k->id, 8);
	ck_assert_str_eq(k->short_name, "divide_kernel");
	ck_grid(k, 16, 1024, 1);
	ck_assert_double_eq(k->duration_ns.value, 11547.0);
	report_done(&r);
}
END_TEST

/* rocprofv3 counter collection, no final newline, Agent_Id "Agent 1". */
START_TEST(v3_counter_collection)
{
	struct report r;
	const struct report_record *k;

	load("rocprofv3_sdk_docs_counter_collection.csv", &r);
	ck_assert_str_eq(r.format, "rocprofv3 counter collection");
	ck_assert_uint_eq(r.n, 4);
	/* 1,1,"Agent 1",1,15606,15606,1048576,17,"void addition_kernel<float>
	 * (...)",64,0,0,8,0,16,"SQ_WAVES",16384.000000,3200098838431081,
	 * 3200098838483232: 1048576 / 64 = 16384 workgroups (the SQ_WAVES
	 * counter agrees: 64 work-items are one wave64); 52151 ns. */
	k = &r.records[0];
	CK_INT(k->id, 1);
	ck_assert_str_eq(k->short_name, "addition_kernel");
	ck_grid(k, 16384, 1, 1);
	ck_block(k, 64, 1, 1);
	CK_INT(k->lds_bytes, 0);
	CK_INT(k->scratch_bytes, 0);
	CK_INT(k->arch_vgprs, 8);
	CK_INT(k->accum_vgprs, 0);
	CK_INT(k->sgprs, 16);
	CK_ABSENT(k->wave_size);
	ck_assert_double_eq(k->duration_ns.value, 52151.0);
	/* Last (line 5, unterminated): 4,4,...,"divide_kernel(...)",64,0,0,12,
	 * 0,16,"SQ_WAVES",16384.000000,3200098838879399,3200098838927550. */
	k = &r.records[3];
	ck_assert_int_eq(k->line, 5);
	CK_INT(k->id, 4);
	ck_assert_str_eq(k->short_name, "divide_kernel");
	CK_INT(k->arch_vgprs, 12);
	ck_assert_double_eq(k->duration_ns.value, 48151.0);
	report_done(&r);
}
END_TEST

/* One row per counter per dispatch: built from the corpus file by giving
 * every row a second counter (rows interleaved, as a later dispatch's rows
 * may come between), the records are still one per dispatch, in order. */
START_TEST(v3_counters_grouped_by_dispatch)
{
	size_t len;
	char *text = slurp("rocprofv3_sdk_docs_counter_collection.csv", &len);
	char *copy = malloc(2 * len + 16), *w = copy;
	const char *p = text, *nl;
	struct report r;
	struct occ_error err = { 0 };
	char *data_rows[8];
	int n = 0;

	/* header */
	nl = strchr(p, '\n');
	memcpy(w, p, (size_t)(nl - p) + 1);
	w += nl - p + 1;
	p = nl + 1;
	while (*p && n < 8) {
		size_t l;
		nl = strchr(p, '\n');
		l = nl ? (size_t)(nl - p) : strlen(p);
		data_rows[n] = strndup(p, l);
		n++;
		p += l + (nl ? 1 : 0);
	}
	ck_assert_int_eq(n, 4);
	/* rows 1, 2, then 1 and 2 again as "GRBM_COUNT", then 3, 4, 3, 4 */
	for (int pass = 0; pass < 2; pass++)
		for (int rep = 0; rep < 2; rep++)
			for (int i = 2 * pass; i < 2 * pass + 2; i++) {
				char *row = data_rows[i], *c = strstr(row, "\"SQ_WAVES\"");
				ck_assert_ptr_nonnull(c);
				w += sprintf(w, "%.*s%s%s\n", (int)(c - row), row,
					     rep ? "\"GRBM_COUNT\"" : "\"SQ_WAVES\"",
					     c + strlen("\"SQ_WAVES\""));
			}
	ck_assert(report_parse("grouped.csv", copy, (size_t)(w - copy), &r, &err));
	ck_assert_uint_eq(r.n, 4);
	for (int i = 0; i < 4; i++)
		CK_INT(r.records[i].id, i + 1);
	ck_assert_str_eq(r.records[0].short_name, "addition_kernel");
	ck_assert_str_eq(r.records[3].short_name, "divide_kernel");
	CK_INT(r.records[3].arch_vgprs, 12);
	/* the first row of a dispatch is the record: line 2 for dispatch 1,
	 * line 6 for dispatch 3 */
	ck_assert_int_eq(r.records[0].line, 2);
	ck_assert_int_eq(r.records[2].line, 6);
	report_done(&r);
	for (int i = 0; i < n; i++)
		free(data_rows[i]);
	free(copy);
	free(text);
}
END_TEST

/* The --stats summary has no launch parameters: refused, saying why. */
/* rocprof v1 on RDNA4 (AMD Radeon AI PRO R9700, gfx1201, wave32; the file
 * names no GPU): 1963 dispatches, lines 2-1964, sgpr 128 on every one. SGPRs
 * do not limit on gfx10 and later (LLVM's getOccupancyWithNumSGPRs), so the
 * 128 is information: every dispatch computes on the R9700, and to the same
 * occupancy as with --sgprs 0. */
START_TEST(v1_rdna4_r9700_sgprs_information)
{
	struct report_launch_given given = { NULL, NULL, 0 }, no_sgprs;
	struct occ_error err = { 0 };
	struct launch zero;
	struct gpu r9700;
	struct report r;
	const struct report_record *k;
	struct analysis *a = malloc(sizeof(*a)), *b = malloc(sizeof(*b));
	char msg[1024];

	ck_assert_ptr_nonnull(a);
	ck_assert_ptr_nonnull(b);
	load("llamacpp_r9700_gfx1201_rocprofv1_results_wave32.csv", &r);
	ck_assert_str_eq(r.format, "rocprof v1 results");
	ck_assert_uint_eq(r.n, 1963);
	ck_assert_uint_eq(r.skipped_rows, 0);

	/* Line 2: 0,"__amd_rocclr_fillBufferAligned.kd",2,0,0,2375942,2375942,
	 * 256,256,0,0,16,0,128,32,...,7600 */
	k = &r.records[0];
	ck_assert_int_eq(k->line, 2);
	ck_assert_str_eq(k->short_name, "__amd_rocclr_fillBufferAligned");
	ck_grid(k, 1, 1, 1);
	ck_block(k, 256, 1, 1);
	CK_INT(k->arch_vgprs, 16);
	CK_INT(k->sgprs, 128);
	CK_INT(k->wave_size, 32);
	CK_NUM(k->duration_ns, 7600);
	/* Line 1964: 1962,"void mul_mat_vec_q<(ggml_type)14, ...",2,2,1863,...,
	 * 1024000,32,0,0,32,0,128,32,...,212361: 1024000 / 32 = 32000 workgroups */
	k = &r.records[1962];
	ck_assert_int_eq(k->line, 1964);
	ck_grid(k, 32000, 1, 1);
	ck_block(k, 32, 1, 1);
	CK_INT(k->arch_vgprs, 32);
	CK_INT(k->sgprs, 128);
	CK_NUM(k->duration_ns, 212361);

	ck_assert_msg(gpu_db_find(db, "Radeon AI PRO R9700", &r9700, &err), "%s", err.message);
	given.gpu = &r9700;
	launch_init(&zero);
	zero.sgprs = 0;
	no_sgprs = (struct report_launch_given){ &r9700, &zero, PARAM_BIT(PARAM_SGPRS) };
	for (size_t i = 0; i < r.n; i++) {
		bool ok = record_analyse(a, db, &r.records[i], &given, "r9700.csv", &err);

		occ_error_format(&err, msg, sizeof(msg));
		ck_assert_msg(ok, "line %ld: %s", r.records[i].line, msg);
		ck_assert_int_eq(a->launch.sgprs, 128);
		ck_assert(record_analyse(b, db, &r.records[i], &no_sgprs, "r9700.csv", &err));
		ck_assert_int_eq(a->r.active_warps_per_sm, b->r.active_warps_per_sm);
		ck_assert_double_eq(a->r.theoretical_occupancy_pct, b->r.theoretical_occupancy_pct);
	}
	free(a);
	free(b);
	report_done(&r);
}
END_TEST

/* rocprof --stats: the header (line 1: "Name","Calls","TotalDurationNs",
 * "AverageNs","Percentage") is known, and refused. */
START_TEST(stats_refused)
{
	struct report r;
	struct occ_error err = { 0 };
	const char *path = data_path("rocprof/", "constructed_rocprofv1_results.stats.csv");

	ck_assert(!report_load(path, &r, &err));
	ck_assert_int_eq(err.status, OCC_EDATA);
	ck_assert_str_eq(err.file, path);
	ck_assert_int_eq(err.line, 1);
	ck_assert_ptr_nonnull(strstr(err.message, "--stats"));
	ck_assert_ptr_nonnull(strstr(err.message, "no launch parameters"));
	ck_assert_uint_eq(r.n, 0);
	ck_assert_ptr_null(r.records);
}
END_TEST

/* A workgroup count that does not divide: "grd" 1000 of "wgr" 128 is
 * ceil(1000 / 128) = 8 workgroups (7 full, one of 104 work-items). Built
 * from the scale_add file by changing grd. */
START_TEST(grid_rounds_up)
{
	struct report r;

	parse_edited("constructed_rocprofv1_pmc_scale_add.csv", ",4194304,128,", ",1000,128,",
		     &r);
	ck_grid(&r.records[0], 8, 1, 1);
	ck_block(&r.records[0], 128, 1, 1);
	report_done(&r);
}
END_TEST

/* Per dimension (rocprofv3): 1000 x 3 work-items in 64 x 2 workgroups is
 * ceil(1000/64) = 16 by ceil(3/2) = 2, i.e. 32 workgroups, where the flat
 * ceil(3000/128) = 24 would undercount. */
START_TEST(grid_rounds_up_per_dimension)
{
	size_t len;
	char *text = slurp("rocprofv3_sdk_docs_kernel_trace.csv", &len);
	char *at = strstr(text, ",64,1,1,1024,1024,1\n");
	struct report r;
	struct occ_error err = { 0 };
	char *buf = malloc(len + 16);

	ck_assert_ptr_nonnull(at);
	sprintf(buf, "%.*s,64,2,1,1000,3,1\n", (int)(at - text), text);
	ck_assert(report_parse("dims.csv", buf, strlen(buf), &r, &err));
	ck_assert_uint_eq(r.n, 1);
	ck_grid(&r.records[0], 16, 2, 1);
	ck_block(&r.records[0], 64, 2, 1);
	report_done(&r);
	free(buf);
	free(text);
}
END_TEST

/* The reader's short way with plain digits (1 to 18 of them) and
 * import_int's way with longer text read the same value: the scale_add
 * file's grd 4194304 (32768 workgroups of 128, v1_pmc_scale_add) and Index
 * 0 written with leading zeros to 18 digits and to 20, and a negative
 * Index, which is no plain digits and is dropped as before. */
START_TEST(plain_digits_read_as_import_int)
{
	static const char *const grd[] = { ",000000000004194304,128,", ",00000000000004194304,128," };

	for (int i = 0; i < 2; i++) {
		struct report r;

		parse_edited("constructed_rocprofv1_pmc_scale_add.csv", ",4194304,128,", grd[i], &r);
		ck_assert_uint_eq(r.n, 1);
		ck_grid(&r.records[0], 32768, 1, 1);
		ck_block(&r.records[0], 128, 1, 1);
		report_done(&r);
	}
	{
		struct report r;

		parse_edited("constructed_rocprofv1_pmc_scale_add.csv", "\n0,\"scale_add",
			     "\n000000000000000000,\"scale_add", &r);
		CK_INT(r.records[0].id, 0);
		ck_assert_uint_eq(r.dropped_fields, 0);
		report_done(&r);
		parse_edited("constructed_rocprofv1_pmc_scale_add.csv", "\n0,\"scale_add",
			     "\n-1,\"scale_add", &r);
		CK_ABSENT(r.records[0].id);
		ck_assert_uint_eq(r.dropped_fields, 1);
		report_done(&r);
	}
}
END_TEST

/* The target is the first "target_arch)" of a name, as strstr finds it,
 * whatever other ')' and "target_arch" come before: the gunrock name of
 * line 12 given, before its "(...detail::target_arch)942", a call's ')', a
 * "target_arch" without one, and then a first "(...::target_arch)910",
 * which is gfx90a (gfx_from_name): every record of gpu-id 2 gets it. */
START_TEST(target_arch_first_match)
{
	static const char *const from = ", (rocprim::ROCPRIM_400100_NS::detail::target_arch)942";
	/* what comes before the name's own, and the target every record gets */
	static const struct { const char *before, *gfx; } cases[] = {
		{ ", f(x), target_arch 1", "gfx942" },
		{ ", f(x), (a::target_arch)910", "gfx90a" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct report r;
		char to[256];

		snprintf(to, sizeof(to), "%s%s", cases[i].before, from);
		parse_edited("gunrock_mi300_rocprofv1_results_TRUNCATED.csv", from, to, &r);
		ck_assert_uint_eq(r.n, 13);
		ck_assert_str_eq(r.records[10].gfx_target, cases[i].gfx);
		ck_assert_str_eq(r.records[0].gfx_target, cases[i].gfx);
		report_done(&r);
	}
}
END_TEST

/* Each record keeps its own process, though the reader keeps the last one
 * it interned: the gunrock file's line 3 (Index 1) made another process's,
 * between two rows of process 2033096. */
START_TEST(process_of_each_row)
{
	struct report r;

	parse_edited("gunrock_mi300_rocprofv1_results_TRUNCATED.csv",
		     "\n1,\"__amd_rocclr_copyBuffer.kd\",2,0,2,2033096,",
		     "\n1,\"__amd_rocclr_copyBuffer.kd\",2,0,2,2033097,", &r);
	ck_assert_uint_eq(r.n, 13);
	ck_assert_str_eq(r.records[0].process, "2033096");
	ck_assert_str_eq(r.records[1].process, "2033097");
	ck_assert_str_eq(r.records[2].process, "2033096");
	/* interned: one text for the process's records */
	ck_assert_ptr_eq(r.records[0].process, r.records[2].process);
	report_done(&r);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("import_rocprof");
	TCase *tc = tcase_create("corpus");

	tcase_add_test(tc, v1_gunrock_mi300);
	tcase_add_test(tc, process_of_each_row);
	tcase_add_test(tc, plain_digits_read_as_import_int);
	tcase_add_test(tc, target_arch_first_match);
	tcase_add_test(tc, v1_pmc_scale_add);
	tcase_add_test(tc, v1_old_layout_mi200);
	tcase_add_test(tc, v1_sq_level_waves_occupancy);
	tcase_add_test(tc, v2_pmc_perf_sq_counters);
	tcase_add_test(tc, sq_counter_not_a_number_dropped);
	tcase_add_test(tc, v2_pmc_perf_xcds);
	tcase_add_test(tc, v3_agent_info_xcds);
	tcase_add_test(tc, v2_timestamps_mi300x);
	tcase_add_test(tc, v2_pmc_perf_mi300x);
	tcase_add_test(tc, v2_pmc_perf_mi100);
	tcase_add_test(tc, v3_kernel_trace);
	tcase_add_test(tc, v3_counter_collection);
	tcase_add_test(tc, v3_counters_grouped_by_dispatch);
	tcase_add_test(tc, v1_rdna4_r9700_sgprs_information);
	tcase_add_test(tc, stats_refused);
	tcase_add_test(tc, grid_rounds_up);
	tcase_add_test(tc, grid_rounds_up_per_dimension);
	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
