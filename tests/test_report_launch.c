/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_report_launch.c - kernel records become launches on the right GPU:
 * values read back against the corpus files' own columns (file and line
 * cited), the device choice against the rows of data/amd_devices.csv and
 * data/devices.csv, and every field the occupancy needs refused when absent. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "report_launch.h"
#include "strutil.h"
#include "testutil.h"

static const struct report_launch_given no_flags = { NULL, NULL, 0 };

static char *path_of(const char *file)
{
	static char path[1024];
	const char *dir = getenv("TESTDATA");

	snprintf(path, sizeof(path), "%s/rocprof/%s", dir ? dir : "tests/data", file);
	return path;
}

static void load(const char *file, struct report *r)
{
	struct occ_error err = { 0 };
	char msg[1024];
	bool ok = report_load(path_of(file), r, &err);

	occ_error_format(&err, msg, sizeof(msg));
	ck_assert_msg(ok, "%s: %s", file, msg);
}

static struct gpu named(const char *name)
{
	struct occ_error err = { 0 };
	struct gpu g;

	ck_assert_msg(gpu_db_find(db, name, &g, &err), "%s: %s", name, err.message);
	return g;
}

static void ck_dims(const struct launch *l, int64_t gx, int64_t gy, int64_t gz, int bx, int by,
		    int bz)
{
	ck_assert_int_eq(l->grid[0], gx);
	ck_assert_int_eq(l->grid[1], gy);
	ck_assert_int_eq(l->grid[2], gz);
	ck_assert_int_eq(l->block[0], bx);
	ck_assert_int_eq(l->block[1], by);
	ck_assert_int_eq(l->block[2], bz);
}

/* gunrock_mi300_rocprofv1_results_TRUNCATED.csv line 2:
 * 0,"__amd_rocclr_copyBuffer.kd",2,0,0,...,155648,512,0,0,16,0,32,64 (grd, wgr,
 * lds, scr, arch_vgpr, accum_vgpr, sgpr, wave_size). Grid 155648 / 512 = 304
 * workgroups. The file names gfx942 only in line 12's kernel name
 * ("target_arch)942", same gpu-id 2) and no CU count, so the GPU is the first
 * gfx942 device of data/amd_devices.csv: Instinct MI300X (its line 5). */
START_TEST(rocprof_v1_first_device_of_target)
{
	struct report r;
	struct launch l;
	struct gpu g;
	enum report_gpu_source src;
	struct occ_error err = { 0 };

	load("gunrock_mi300_rocprofv1_results_TRUNCATED.csv", &r);
	ck_assert_uint_eq(r.n, 13);
	ck_assert_msg(report_launch(db, &r.records[0], &no_flags, "f", &l, &g, &src, &err), "%s",
		      err.message);
	ck_assert_str_eq(l.kernel, "__amd_rocclr_copyBuffer");
	ck_dims(&l, 304, 1, 1, 512, 1, 1);
	ck_assert_int_eq(l.regs_per_thread, 16);
	ck_assert_int_eq(l.agprs, 0);
	ck_assert_int_eq(l.sgprs, 32);
	ck_assert_int_eq(l.wave_size, 64);
	ck_assert_int_eq(l.static_smem_bytes, 0);
	ck_assert_int_eq(l.dynamic_smem_bytes, 0);
	ck_assert_int_eq(src, REPORT_GPU_FIRST);
	ck_assert_str_eq(g.name, "Instinct MI300X");
	ck_assert_str_eq(g.arch.amd.target, "gfx942");
	ck_assert_str_eq(l.gpu_name, "Instinct MI300X");
	/* No earlier device of the database is a gfx942. */
	for (size_t i = 0; i < gpu_db_device_count(db); i++) {
		struct gpu d;
		ck_assert(gpu_db_device_at(db, i, &d));
		if (strcmp(d.name, g.name) == 0)
			break;
		ck_assert_msg(d.arch.vendor != GPU_AMD || strcmp(d.arch.amd.target, "gfx942") != 0,
			      "%s is an earlier gfx942", d.name);
	}
	report_done(&r);
}
END_TEST

/* The same file, line 12: grd 256, wgr 256, lds 21504, arch_vgpr 44,
 * accum_vgpr 92, sgpr 112, wave_size 64: AGPRs and LDS are carried over. */
START_TEST(rocprof_v1_agprs_and_lds)
{
	struct report r;
	struct launch l;
	struct gpu g;
	enum report_gpu_source src;
	struct occ_error err = { 0 };

	load("gunrock_mi300_rocprofv1_results_TRUNCATED.csv", &r);
	ck_assert_int_eq(r.records[10].line, 12);
	ck_assert(report_launch(db, &r.records[10], &no_flags, "f", &l, &g, &src, &err));
	ck_dims(&l, 1, 1, 1, 256, 1, 1);
	ck_assert_int_eq(l.regs_per_thread, 44);
	ck_assert_int_eq(l.agprs, 92);
	ck_assert_int_eq(l.sgprs, 112);
	ck_assert_int_eq(l.static_smem_bytes, 21504);
	ck_assert_str_eq(g.arch.amd.target, "gfx942");
	report_done(&r);
}
END_TEST

/* omniperf_tests_mi200_rocprofv1_pmc_SQ_LEVEL_WAVES_TRUNCATED.csv, the old
 * layout "vgpr,sgpr,fbar" with no accum_vgpr and no wave_size. Line 2:
 * grd 33554432, wgr 256, lds 0, vgpr 4, sgpr 32 -> grid 33554432 / 256 =
 * 131072. The file names no GPU: an error at line 2 without --gpu. */
START_TEST(rocprof_v1_old_layout)
{
	struct report r;
	struct launch l;
	struct gpu g, mi250x = named("mi250x");
	struct report_launch_given given = { &mi250x, NULL, 0 };
	enum report_gpu_source src;
	struct occ_error err = { 0 };

	load("omniperf_tests_mi200_rocprofv1_pmc_SQ_LEVEL_WAVES_TRUNCATED.csv", &r);
	ck_assert_uint_eq(r.n, 12);
	ck_assert(!report_launch(db, &r.records[0], &no_flags, "f.csv", &l, &g, &src, &err));
	ck_assert_int_eq(err.status, OCC_EDATA);
	ck_assert_int_eq(err.line, 2);
	ck_assert_str_eq(err.file, "f.csv");
	ck_assert_str_eq(err.field, "gpu");
	ck_assert_msg(strstr(err.message, "--gpu"), "%s", err.message);
	ck_assert_int_eq(src, REPORT_GPU_NONE);
	/* A failed record still has its name, and no GPU. */
	ck_assert_str_eq(l.kernel, "__amd_rocclr_fillBufferAligned");
	ck_assert_str_eq(l.gpu_name, "");

	occ_error_clear(&err);
	ck_assert(report_launch(db, &r.records[0], &given, "f.csv", &l, &g, &src, &err));
	ck_assert_int_eq(src, REPORT_GPU_GIVEN);
	ck_assert_str_eq(g.name, mi250x.name);
	ck_dims(&l, 131072, 1, 1, 256, 1, 1);
	ck_assert_int_eq(l.regs_per_thread, 4);
	ck_assert_int_eq(l.agprs, 0);       /* documented default: no column */
	ck_assert_int_eq(l.wave_size, 0);   /* documented default: the target's */
	ck_assert_int_eq(l.sgprs, 32);
	ck_assert_int_eq(l.static_smem_bytes, 0);
	report_done(&r);
}
END_TEST

/* rocprofv3_sdk_docs_kernel_trace.csv line 2: Group_Segment_Size 0,
 * Workgroup_Size_X/Y/Z 64,1,1, Grid_Size_X/Y/Z 1024,1024,1 -> grid 16x1024x1;
 * and no VGPR column at all: refused, unless --registers gives it. */
START_TEST(rocprofv3_trace_needs_vgprs)
{
	struct report r;
	struct launch l, flags;
	struct gpu g, mi300x = named("mi300x");
	struct report_launch_given given = { &mi300x, NULL, 0 };
	enum report_gpu_source src;
	struct occ_error err = { 0 };

	load("rocprofv3_sdk_docs_kernel_trace.csv", &r);
	ck_assert_uint_eq(r.n, 8);
	ck_assert(!report_launch(db, &r.records[0], &given, "t.csv", &l, &g, &src, &err));
	ck_assert_int_eq(err.line, 2);
	ck_assert_str_eq(err.field, "vgprs");
	ck_assert_msg(strstr(err.message, "--vgprs"), "%s", err.message);
	ck_assert_str_eq(l.kernel, "addition_kernel");

	launch_init(&flags);
	flags.regs_per_thread = 24;
	given.launch = &flags;
	given.fields = PARAM_BIT(PARAM_REGISTERS);
	occ_error_clear(&err);
	ck_assert_msg(report_launch(db, &r.records[0], &given, "t.csv", &l, &g, &src, &err), "%s",
		      err.message);
	ck_dims(&l, 16, 1024, 1, 64, 1, 1);
	ck_assert_int_eq(l.regs_per_thread, 24);
	ck_assert_int_eq(l.sgprs, 0);       /* documented default: unknown, no limit */
	ck_assert_int_eq(l.static_smem_bytes, 0);
	report_done(&r);
}
END_TEST

/* rocprofv3_sdk_docs_counter_collection.csv line 2: Grid_Size 1048576,
 * Workgroup_Size 64, LDS_Block_Size 0, VGPR_Count 8, Accum_VGPR_Count 0,
 * SGPR_Count 16 -> grid 1048576 / 64 = 16384. */
START_TEST(rocprofv3_counters)
{
	struct report r;
	struct launch l;
	struct gpu g, mi300x = named("mi300x");
	struct report_launch_given given = { &mi300x, NULL, 0 };
	enum report_gpu_source src;
	struct occ_error err = { 0 };

	load("rocprofv3_sdk_docs_counter_collection.csv", &r);
	ck_assert_uint_eq(r.n, 4);
	ck_assert(report_launch(db, &r.records[0], &given, "c.csv", &l, &g, &src, &err));
	ck_dims(&l, 16384, 1, 1, 64, 1, 1);
	ck_assert_int_eq(l.regs_per_thread, 8);
	ck_assert_int_eq(l.agprs, 0);
	ck_assert_int_eq(l.sgprs, 16);
	ck_assert_int_eq(l.static_smem_bytes, 0);
	report_done(&r);
}
END_TEST

/* omniperf_tests_mi100_pmc_perf_ipblocks_CPF.csv line 2: Grid_Size 1048576,
 * Workgroup_Size 256, LDS 0, Arch_VGPR 8, Accum_VGPR 8, SGPR 16, wave_size 64
 * -> grid 4096. An AMD record on an NVIDIA --gpu is refused. */
START_TEST(omniperf_vendor_mismatch)
{
	struct report r;
	struct launch l;
	struct gpu g, mi100 = named("mi100"), h100 = named("H100");
	struct report_launch_given given = { &mi100, NULL, 0 };
	enum report_gpu_source src;
	struct occ_error err = { 0 };

	load("omniperf_tests_mi100_pmc_perf_ipblocks_CPF.csv", &r);
	ck_assert_uint_eq(r.n, 3);
	ck_assert(report_launch(db, &r.records[0], &given, "p.csv", &l, &g, &src, &err));
	ck_dims(&l, 4096, 1, 1, 256, 1, 1);
	ck_assert_int_eq(l.regs_per_thread, 8);
	ck_assert_int_eq(l.agprs, 8);
	ck_assert_int_eq(l.sgprs, 16);
	ck_assert_int_eq(l.wave_size, 64);

	given.gpu = &h100;
	ck_assert(!report_launch(db, &r.records[0], &given, "p.csv", &l, &g, &src, &err));
	ck_assert_int_eq(err.status, OCC_EUSAGE);
	ck_assert_int_eq(err.line, 2);
	ck_assert_str_eq(err.field, "gpu");
	ck_assert_msg(strstr(err.message, "AMD") && strstr(err.message, "NVIDIA"), "%s",
		      err.message);
	report_done(&r);
}
END_TEST

/* omniperf_tests_mi300x_rocprofv2style_timestamps.csv line 2: Grid_Size
 * 1048576, Workgroup_Size 256, LDS 0, Arch_VGPR 4, Accum_VGPR 4, SGPR 16,
 * Wave_Size 64; constructed_rocprofv1_pmc_scale_add.csv line 2: grd
 * 4194304, wgr 128 -> 32768 workgroups, arch_vgpr 12, sgpr 24. */
START_TEST(omniperf_timestamps_and_scale_add)
{
	struct report r;
	struct launch l;
	struct gpu g, mi300x = named("mi300x");
	struct report_launch_given given = { &mi300x, NULL, 0 };
	enum report_gpu_source src;
	struct occ_error err = { 0 };

	load("omniperf_tests_mi300x_rocprofv2style_timestamps.csv", &r);
	ck_assert(report_launch(db, &r.records[0], &given, "x", &l, &g, &src, &err));
	ck_dims(&l, 4096, 1, 1, 256, 1, 1);
	ck_assert_int_eq(l.regs_per_thread, 4);
	ck_assert_int_eq(l.agprs, 4);
	report_done(&r);

	load("constructed_rocprofv1_pmc_scale_add.csv", &r);
	ck_assert_uint_eq(r.n, 1);
	ck_assert(report_launch(db, &r.records[0], &given, "x", &l, &g, &src, &err));
	ck_dims(&l, 32768, 1, 1, 128, 1, 1);
	ck_assert_int_eq(l.regs_per_thread, 12);
	ck_assert_int_eq(l.sgprs, 24);
	report_done(&r);
}
END_TEST

/* Flags override what the record says, as they override a launch file. */
START_TEST(flags_override_record)
{
	struct report r;
	struct launch l, flags;
	struct gpu g, mi300x = named("mi300x");
	struct report_launch_given given = { &mi300x, &flags, PARAM_BIT(PARAM_BLOCK) |
					     PARAM_BIT(PARAM_STATIC_SMEM) };
	enum report_gpu_source src;
	struct occ_error err = { 0 };

	launch_init(&flags);
	flags.block[0] = 128;
	flags.static_smem_bytes = 4096;
	load("omniperf_tests_mi300x_rocprofv2style_timestamps.csv", &r);
	ck_assert(report_launch(db, &r.records[0], &given, "x", &l, &g, &src, &err));
	/* The grid stays the file's: 4096 workgroups, not recomputed. */
	ck_dims(&l, 4096, 1, 1, 128, 1, 1);
	ck_assert_int_eq(l.static_smem_bytes, 4096);
	ck_assert_int_eq(l.regs_per_thread, 4);
	report_done(&r);
}
END_TEST

/* Device choice by target and CU count (data/amd_devices.csv): gfx90a rows
 * are line 7 MI250X GCD 110 CUs, line 8 MI250 GCD 104, line 9 MI210 104. */
static struct report_record amd_record(const char *target)
{
	struct report_record rec;

	report_record_init(&rec, 7);
	rec.vendor = REPORT_VENDOR_AMD;
	rec.gfx_target = target;
	rec.short_name = "k";
	for (int d = 0; d < 3; d++) {
		rec.grid[d] = (struct report_int){ true, 1 };
		rec.block[d] = (struct report_int){ true, d ? 1 : 256 };
	}
	rec.arch_vgprs = (struct report_int){ true, 32 };
	rec.lds_bytes = (struct report_int){ true, 0 };
	return rec;
}

START_TEST(amd_device_by_cu_count)
{
	struct report_record rec = amd_record("gfx90a");
	struct launch l;
	struct gpu g;
	enum report_gpu_source src;
	struct occ_error err = { 0 };

	rec.sm_count = (struct report_int){ true, 104 };
	ck_assert(report_launch(db, &rec, &no_flags, "x", &l, &g, &src, &err));
	ck_assert_int_eq(src, REPORT_GPU_MATCHED);
	ck_assert_str_eq(g.name, "Instinct MI250 GCD");

	rec.sm_count = (struct report_int){ true, 999 };
	ck_assert(report_launch(db, &rec, &no_flags, "x", &l, &g, &src, &err));
	ck_assert_int_eq(src, REPORT_GPU_FIRST);
	ck_assert_str_eq(g.name, "Instinct MI250X GCD");

	/* RDNA counts WGPs (two CUs) for occupancy; the report's 84 CUs are
	 * line 21's Radeon RX 7900 XT, not line 20's 96-CU XTX. */
	rec = amd_record("gfx1100");
	rec.sm_count = (struct report_int){ true, 84 };
	ck_assert(report_launch(db, &rec, &no_flags, "x", &l, &g, &src, &err));
	ck_assert_int_eq(src, REPORT_GPU_MATCHED);
	ck_assert_str_eq(g.name, "Radeon RX 7900 XT");
	ck_assert_int_eq(g.sm_count, 42);
}
END_TEST

/* gfx940 is in data/amd_archs.csv but no device of amd_devices.csv has it. */
START_TEST(amd_target_without_device)
{
	struct report_record rec = amd_record("gfx940");
	struct launch l;
	struct gpu g;
	enum report_gpu_source src;
	struct occ_error err = { 0 };

	ck_assert(!report_launch(db, &rec, &no_flags, "x.csv", &l, &g, &src, &err));
	ck_assert_int_eq(err.line, 7);
	ck_assert_str_eq(err.field, "gpu");
	ck_assert_msg(strstr(err.message, "gfx940") && strstr(err.message, "--gpu"), "%s",
		      err.message);
}
END_TEST

/* NVIDIA records: a device name the database knows without the vendor
 * prefix, else compute capability and SM count (data/devices.csv lines 37 and
 * 41: A100-SXM4-40GB 8.0 with 108 SMs, A30 8.0 with 56). */
static struct report_record nvidia_record(void)
{
	struct report_record rec;

	report_record_init(&rec, 3);
	rec.vendor = REPORT_VENDOR_NVIDIA;
	rec.short_name = "k";
	for (int d = 0; d < 3; d++) {
		rec.grid[d] = (struct report_int){ true, d ? 1 : 100 };
		rec.block[d] = (struct report_int){ true, d ? 1 : 128 };
	}
	rec.registers = (struct report_int){ true, 40 };
	rec.static_smem_bytes = (struct report_int){ true, 1024 };
	rec.dynamic_smem_bytes = (struct report_int){ true, 0 };
	rec.cc_major = (struct report_int){ true, 8 };
	rec.cc_minor = (struct report_int){ true, 0 };
	return rec;
}

START_TEST(nvidia_device_choice)
{
	struct report_record rec = nvidia_record();
	struct launch l;
	struct gpu g, mi300x = named("mi300x");
	struct report_launch_given given = { &mi300x, NULL, 0 };
	enum report_gpu_source src;
	struct occ_error err = { 0 };

	rec.sm_count = (struct report_int){ true, 56 };
	ck_assert(report_launch(db, &rec, &no_flags, "x", &l, &g, &src, &err));
	ck_assert_int_eq(src, REPORT_GPU_MATCHED);
	ck_assert_str_eq(g.name, "NVIDIA A30");
	ck_assert_int_eq(l.regs_per_thread, 40);
	ck_assert_int_eq(l.static_smem_bytes, 1024);
	ck_assert_int_eq(l.barriers, 1);    /* documented default */

	rec.sm_count = (struct report_int){ false, 0 };
	ck_assert(report_launch(db, &rec, &no_flags, "x", &l, &g, &src, &err));
	ck_assert_int_eq(src, REPORT_GPU_FIRST);
	ck_assert_str_eq(g.name, "NVIDIA A100-SXM4-40GB");

	/* The name the report gives (devices.csv line 41): found by name. */
	rec.device = "NVIDIA A30";
	ck_assert(report_launch(db, &rec, &no_flags, "x", &l, &g, &src, &err));
	ck_assert_int_eq(src, REPORT_GPU_NAMED);
	ck_assert_str_eq(g.name, "NVIDIA A30");
	/* A name of another compute capability is not believed over the cc. */
	rec.device = "NVIDIA H20";
	ck_assert(report_launch(db, &rec, &no_flags, "x", &l, &g, &src, &err));
	ck_assert_int_eq(src, REPORT_GPU_FIRST);

	ck_assert(!report_launch(db, &rec, &given, "x", &l, &g, &src, &err));
	ck_assert_int_eq(err.status, OCC_EUSAGE);
	ck_assert_str_eq(err.field, "gpu");
}
END_TEST

/* Every field the NVIDIA occupancy needs is refused when absent. */
START_TEST(nvidia_missing_fields)
{
	struct report_record rec;
	struct launch l;
	struct gpu g;
	enum report_gpu_source src;
	struct occ_error err = { 0 };

	rec = nvidia_record();
	rec.registers.present = false;
	ck_assert(!report_launch(db, &rec, &no_flags, "x", &l, &g, &src, &err));
	ck_assert_str_eq(err.field, "registers");
	occ_error_clear(&err);
	rec = nvidia_record();
	rec.dynamic_smem_bytes.present = false;
	ck_assert(!report_launch(db, &rec, &no_flags, "x", &l, &g, &src, &err));
	ck_assert_str_eq(err.field, "dynamic_shared_mem");
	occ_error_clear(&err);
	rec = nvidia_record();
	rec.block[1].present = false;
	ck_assert(!report_launch(db, &rec, &no_flags, "x", &l, &g, &src, &err));
	ck_assert_str_eq(err.field, "block");
	occ_error_clear(&err);
	rec = nvidia_record();
	rec.grid[2].present = false;
	ck_assert(!report_launch(db, &rec, &no_flags, "x", &l, &g, &src, &err));
	ck_assert_str_eq(err.field, "grid");
}
END_TEST

/* A wave size that is neither 32 nor 64, and a missing LDS figure. */
START_TEST(amd_bad_fields)
{
	struct report_record rec = amd_record("gfx942");
	struct launch l;
	struct gpu g;
	enum report_gpu_source src;
	struct occ_error err = { 0 };

	rec.wave_size = (struct report_int){ true, 48 };
	ck_assert(!report_launch(db, &rec, &no_flags, "x", &l, &g, &src, &err));
	ck_assert_str_eq(err.field, "wave_size");
	occ_error_clear(&err);
	rec = amd_record("gfx942");
	rec.lds_bytes.present = false;
	ck_assert(!report_launch(db, &rec, &no_flags, "x", &l, &g, &src, &err));
	ck_assert_str_eq(err.field, "lds");
	ck_assert_msg(strstr(err.message, "--shared-mem"), "%s", err.message);
}
END_TEST

/* What a record lacks is named in the parameter table's words, the same
 * whether report_launch_fill finds it or report_launch_lacking is told
 * (after a failed inference): NVIDIA's three figures, AMD's two, with the
 * flags that supply them (as cli_reports.sh's single-field messages). */
START_TEST(lacking_in_table_words)
{
	static const char nv_want[] = "the report does not give this kernel's registers per "
		"thread, static shared memory and dynamic shared memory, and occview does not "
		"guess them: give --registers N --shared-mem SIZE --dynamic-shared-mem SIZE";
	static const char amd_want[] = "the report does not give this kernel's VGPR count and "
		"LDS size, and occview does not guess them: give --vgprs N --shared-mem SIZE";
	struct report_record rec = nvidia_record();
	struct launch l;
	unsigned missing;
	struct occ_error err = { 0 }, told = { 0 };

	rec.registers.present = rec.static_smem_bytes.present = false;
	rec.dynamic_smem_bytes.present = false;
	ck_assert(!report_launch_fill(&rec, &no_flags, NULL, "x", &l, &missing, &err));
	ck_assert_str_eq(err.field, "registers");
	ck_assert_str_eq(err.message, nv_want);
	report_launch_lacking(&rec, missing, "x", &told);
	ck_assert_str_eq(told.field, "registers");
	ck_assert_str_eq(told.message, nv_want);

	rec = amd_record("gfx942");
	rec.arch_vgprs.present = rec.lds_bytes.present = false;
	occ_error_clear(&err);
	occ_error_clear(&told);
	ck_assert(!report_launch_fill(&rec, &no_flags, NULL, "x", &l, &missing, &err));
	ck_assert_str_eq(err.field, "vgprs");
	ck_assert_str_eq(err.message, amd_want);
	report_launch_lacking(&rec, missing, "x", &told);
	ck_assert_str_eq(told.field, "vgprs");
	ck_assert_str_eq(told.message, amd_want);
}
END_TEST

/* report_launch_fill_own gives report_launch_fill's launch, byte for byte,
 * from report_launch_own_taken's (report_launch_own's), exactly where
 * report_launch_fill takes every value: records whose values it takes,
 * with and without flags over them (flags_override_record's), and records
 * it refuses (amd_bad_fields' wave size of 48, a lacking LDS size, a
 * negative register or AGPR count, a grid or AGPR count past the parameter
 * table's maximum). */
static void ck_fill_own(const struct report_record *rec, const struct report_launch_given *given,
			const struct gpu_arch *arch, bool want)
{
	struct launch own, own2, filled, fast;
	struct occ_error err = { 0 };
	unsigned missing, refused;
	bool ok;

	ck_assert_uint_eq(report_launch_own_taken(rec, arch, &own, &refused),
			  report_launch_own(rec, arch, &own2));
	ck_assert(memcmp(&own, &own2, sizeof(own)) == 0);
	memset(&fast, 0xab, sizeof(fast));
	ok = report_launch_fill(rec, given, arch, "x", &filled, &missing, &err);
	ck_assert_int_eq(ok, want);
	ck_assert_int_eq(report_launch_fill_own(given, refused, &own, &fast), want);
	if (want)
		ck_assert(memcmp(&filled, &fast, sizeof(fast)) == 0);
}

START_TEST(fill_own_is_fill)
{
	struct gpu mi300x = named("mi300x");
	struct launch flags;
	struct report_launch_given given = { NULL, &flags, PARAM_BIT(PARAM_BLOCK) |
					     PARAM_BIT(PARAM_STATIC_SMEM) };
	struct report_record rec = amd_record("gfx942");

	launch_init(&flags);
	flags.block[0] = 128;
	flags.static_smem_bytes = 4096;
	ck_fill_own(&rec, &no_flags, &mi300x.arch, true);
	ck_fill_own(&rec, &given, &mi300x.arch, true);
	rec.accum_vgprs = (struct report_int){ true, 8 };
	rec.sgprs = (struct report_int){ true, 32 };
	rec.wave_size = (struct report_int){ true, 32 };
	ck_fill_own(&rec, &no_flags, &mi300x.arch, true);
	ck_fill_own(&rec, &given, NULL, true);
	rec.wave_size = (struct report_int){ true, 48 };
	ck_fill_own(&rec, &no_flags, &mi300x.arch, false);
	rec = amd_record("gfx942");
	rec.lds_bytes.present = false;
	ck_fill_own(&rec, &no_flags, &mi300x.arch, false);
	/* the flags give what the record lacks */
	ck_fill_own(&rec, &given, &mi300x.arch, true);
	rec = amd_record("gfx942");
	rec.grid[0] = (struct report_int){ true, INT64_MAX };
	ck_fill_own(&rec, &no_flags, &mi300x.arch, false);
	given.fields = PARAM_BIT(PARAM_GRID);
	ck_fill_own(&rec, &given, &mi300x.arch, true);
	/* a value it need not have, there and refused: negative, or past
	 * the table's maximum */
	rec = amd_record("gfx942");
	rec.accum_vgprs = (struct report_int){ true, -1 };
	ck_fill_own(&rec, &no_flags, &mi300x.arch, false);
	rec.accum_vgprs = (struct report_int){ true, 1 << 20 };
	ck_fill_own(&rec, &no_flags, &mi300x.arch, false);

	rec = nvidia_record();
	ck_fill_own(&rec, &no_flags, NULL, true);
	rec.barriers = (struct report_int){ true, 2 };
	rec.cluster[0] = (struct report_int){ true, 2 };
	rec.cluster[1] = rec.cluster[2] = (struct report_int){ true, 1 };
	ck_fill_own(&rec, &no_flags, NULL, true);
	given.fields = PARAM_BIT(PARAM_BLOCK) | PARAM_BIT(PARAM_STATIC_SMEM);
	ck_fill_own(&rec, &given, NULL, true);
	rec.registers = (struct report_int){ true, -1 };
	ck_fill_own(&rec, &no_flags, NULL, false);
}
END_TEST

/* A record of no known vendor is read as the GPU's: on an AMD GPU it needs
 * VGPRs, and without a GPU it cannot be placed. */
START_TEST(unknown_vendor_follows_gpu)
{
	struct report_record rec;
	struct launch l;
	struct gpu g, mi300x = named("mi300x");
	struct report_launch_given given = { &mi300x, NULL, 0 };
	enum report_gpu_source src;
	struct occ_error err = { 0 };

	report_record_init(&rec, 9);
	for (int d = 0; d < 3; d++)
		rec.grid[d] = rec.block[d] = (struct report_int){ true, 1 };
	ck_assert(!report_launch(db, &rec, &no_flags, "x", &l, &g, &src, &err));
	ck_assert_str_eq(err.field, "gpu");
	occ_error_clear(&err);
	ck_assert(!report_launch(db, &rec, &given, "x", &l, &g, &src, &err));
	ck_assert_str_eq(err.field, "vgprs");
}
END_TEST

/* --kernel: the short name or the full name; omniperf_tests_mi100's names
 * end in a space ("vecCopy(double*, double*, double*, int, int) "). */
START_TEST(matches_short_or_full_name)
{
	struct report r;

	load("omniperf_tests_mi100_pmc_perf_ipblocks_CPF.csv", &r);
	ck_assert(report_launch_matches(&r.records[0], "vecCopy"));
	ck_assert(report_launch_matches(&r.records[0],
					"vecCopy(double*, double*, double*, int, int)"));
	ck_assert(report_launch_matches(&r.records[0],
					"vecCopy(double*, double*, double*, int, int) "));
	ck_assert(!report_launch_matches(&r.records[0], "vecCop"));
	ck_assert(!report_launch_matches(&r.records[0], "veccopy"));
	report_done(&r);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("report_launch");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, rocprof_v1_first_device_of_target);
	tcase_add_test(tc, rocprof_v1_agprs_and_lds);
	tcase_add_test(tc, rocprof_v1_old_layout);
	tcase_add_test(tc, rocprofv3_trace_needs_vgprs);
	tcase_add_test(tc, rocprofv3_counters);
	tcase_add_test(tc, omniperf_vendor_mismatch);
	tcase_add_test(tc, omniperf_timestamps_and_scale_add);
	tcase_add_test(tc, flags_override_record);
	tcase_add_test(tc, amd_device_by_cu_count);
	tcase_add_test(tc, amd_target_without_device);
	tcase_add_test(tc, nvidia_device_choice);
	tcase_add_test(tc, nvidia_missing_fields);
	tcase_add_test(tc, amd_bad_fields);
	tcase_add_test(tc, lacking_in_table_words);
	tcase_add_test(tc, fill_own_is_fill);
	tcase_add_test(tc, unknown_vendor_follows_gpu);
	tcase_add_test(tc, matches_short_or_full_name);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(suite());
}
