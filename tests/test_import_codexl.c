/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_import_codexl.c - CodeXL's and the Radeon Compute Profiler's
 * occupancy files (tests/data/codexl/): the .occupancy table in both
 * writers' layouts and the occupancy display file, read back against the
 * files' own text (quoted); AMD's own figures kept and cross-checked; bad
 * input refused with file, line and field. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "crosscheck.h"
#include "error.h"
#include "import.h"
#include "report.h"
#include "readfile.h"
#include "reportutil.h"
#include "testutil.h"

#define RCP_HEADER                                                                          \
	"# ProfilerVersion=5.5.6989\n# ListSeparator=,\n# KernelCount=1\n"                \
	"Thread ID,Kernel Name,Device Name,Number of compute units,"                         \
	"Max. number of wavefronts per CU,Max. number of work-group per CU,"               \
	"Max. number of VGPR,Max. number of SGPR,Max. amount of LDS,Number of VGPR used,"  \
	"Number of SGPR used,Amount of LDS used,Size of wavefront,Work-group size,"        \
	"Wavefronts per work-group,Max work-group size,Max wavefronts per work-group,"     \
	"Global work size,Maximum global work size,Nbr VGPR-limited waves,"                \
	"Nbr SGPR-limited waves,Nbr LDS-limited waves,Nbr of WG-limited waves,"            \
	"Kernel occupancy,Graphics IP Version,Number of SIMDs per CU\n"
#define RCP_ROW "4242,reduce,gfx900,64,40,16,256,102,65536,32,24,4096,64,256,4,256,4," \
	"1048576,1073741824,32,40,40,40,80,9,4\n"

static void load(const char *file, struct report *r)
{
	load_clean("codexl/", file, r);
}

/* A record's launch as the file gives it: one dimension, wave64. */
static void ck_launch(const struct report_record *k, long line, const char *name,
		      const char *device, int cus, int wg, int grid, int vgprs, int sgprs, int lds)
{
	ck_assert_int_eq(k->line, line);
	ck_assert_str_eq(k->name, name);
	ck_assert_str_eq(k->device, device);
	ck_assert_int_eq(k->vendor, REPORT_VENDOR_AMD);
	CK_INT(k->sm_count, cus);
	ck_block(k, wg, 1, 1);
	ck_grid(k, grid, 1, 1);
	CK_INT(k->wave_size, 64);
	CK_INT(k->arch_vgprs, vgprs);
	CK_INT(k->sgprs, sgprs);
	CK_INT(k->lds_bytes, lds);
}

/* AMD's own figures: waves per CU by VGPRs, SGPRs, LDS, work-groups; occupancy. */
static void ck_amd_figures(const struct report_record *k, int vgpr, int sgpr, int lds, int wg,
			   double occ)
{
	ck_assert_int_eq(k->figures_by, REPORT_BY_CODEXL);
	CK_INT(k->amd_waves_limit[REPORT_AMD_VGPR], vgpr);
	CK_INT(k->amd_waves_limit[REPORT_AMD_SGPR], sgpr);
	CK_INT(k->amd_waves_limit[REPORT_AMD_LDS], lds);
	CK_INT(k->amd_waves_limit[REPORT_AMD_WORKGROUP], wg);
	CK_NUM(k->theoretical_occupancy_pct, occ);
}

/* RCP 5.x layout, 26 columns (constructed, tools/gen_codexl_occupancy.py). */
START_TEST(rcp_layout)
{
	struct report r;

	load("constructed_rcp55_gfx900.occupancy", &r);
	ck_assert_str_eq(r.format, "CodeXL/RCP .occupancy");
	ck_assert_uint_eq(r.n, 3);
	ck_assert_uint_eq(r.dropped_fields, 0);
	/* Line 7: 4242,reduce,gfx900,64,40,16,256,102,65536,32,24,4096,64,256,4,256,4,
	 * 1048576,1073741824,32,40,40,40,80,9,4: 1048576 / 256 = 4096 work-groups */
	ck_launch(&r.records[0], 7, "reduce", "gfx900", 64, 256, 4096, 32, 24, 4096);
	ck_assert_str_eq(r.records[0].gfx_target, "gfx900");
	CK_INT(r.records[0].amd_max_waves_per_cu, 40);
	ck_amd_figures(&r.records[0], 32, 40, 40, 40, 80);
	/* Line 9: ...,tile_192,...,64,96,20000,64,192,3,...,196608,...,15,27,9,39,22.5,9,4 */
	ck_launch(&r.records[2], 9, "tile_192", "gfx900", 64, 192, 1024, 64, 96, 20000);
	ck_amd_figures(&r.records[2], 15, 27, 9, 39, 22.5);
	report_done(&r);
}
END_TEST

/* CodeXL 2.x: 24 columns, "Nbr of WG limited waves", no GFX IP version. */
START_TEST(codexl2_layout)
{
	struct report r;

	load("constructed_codexl2_gfx803.occupancy", &r);
	ck_assert_uint_eq(r.n, 2);
	/* Line 6: 913,vadd,gfx803,36,40,16,256,102,65536,8,16,0,64,128,2,256,4,1000000,
	 * 1073741824,32,32,32,32,80: 1000000 work-items in work-groups of 128
	 * are 7813 work-groups, the last partial. */
	ck_launch(&r.records[0], 6, "vadd", "gfx803", 36, 128, 7813, 8, 16, 0);
	ck_amd_figures(&r.records[0], 32, 32, 32, 32, 80);
	ck_amd_figures(&r.records[1], 8, 40, 32, 40, 20);
	report_done(&r);
}
END_TEST

/* RCP 5.2's layout (constructed in the shape of CodeXL issue #187's file):
 * the header split by ',', the rows by the ListSeparator ';'; Hawaii,
 * LLVM's gfx701 (no device of that name: the file's 44 CUs make it). */
START_TEST(rcp52_hawaii)
{
	struct report r;

	load("constructed_rcp52_hawaii.occupancy", &r);
	ck_assert_uint_eq(r.n, 5);
	/* Line 11: 6120;gauss_rows;Hawaii;44;40;16;256;104;65536;36;50;6144;64;256;4;
	 * 256;4;4194304;1073741824;28;36;40;40;70;7;4: 4194304 / 256 = 16384
	 * work-groups. */
	ck_launch(&r.records[4], 11, "gauss_rows", "Hawaii", 44, 256, 16384, 36, 50, 6144);
	ck_assert_str_eq(r.records[4].gfx_target, "gfx701");
	ck_amd_figures(&r.records[4], 28, 36, 40, 40, 70);
	/* Line 9: ...;hist_local;...;24;90;16000;64;64;1;...;1048576;...;40;20;4;40;
	 * 10;7;4: one wave a work-group, 1048576 / 64 = 16384 work-groups */
	ck_launch(&r.records[2], 9, "hist_local", "Hawaii", 44, 64, 16384, 24, 90, 16000);
	ck_amd_figures(&r.records[2], 40, 20, 4, 40, 10);
	report_done(&r);
}
END_TEST

/* The display file of RCP's documentation (configfiles.rst). */
START_TEST(display_file)
{
	struct report r;

	load("rcp_docs_configfiles_capeverde_occupancy_display.txt", &r);
	ck_assert_str_eq(r.format, "CodeXL/RCP occupancy display");
	ck_assert_uint_eq(r.n, 1);
	/* ThreadID=3364 (line 1) ... GlobalWorkSize=256: one work-group */
	ck_launch(&r.records[0], 1, "reduce", "Capeverde", 10, 256, 1, 11, 20, 4096);
	ck_amd_figures(&r.records[0], 40, 40, 32, 40, 80);
	report_done(&r);
}
END_TEST

/* ---- the cross-check ------------------------------------------------------ */

static void ck_check(const char *file, size_t i, uint32_t disagree)
{
	struct report r;
	struct analysis *a = malloc(sizeof(*a));
	struct occ_error err = { 0 };

	ck_assert_ptr_nonnull(a);
	load(file, &r);
	ck_assert_msg(record_analyse(a, db, &r.records[i], NULL, file, &err), "%s", err.message);
	ck_assert_int_eq(a->report.figures_by, REPORT_BY_CODEXL);
	/* four waves limits and the occupancy */
	ck_assert_int_eq(crosscheck_count(a->report.check.compared), 5);
	ck_assert_msg(a->report.check.disagree == disagree, "%s record %zu: disagree 0x%x", file,
		      i, (unsigned)a->report.check.disagree);
	free(a);
	report_done(&r);
}

START_TEST(crosscheck_agrees)
{
	ck_check("constructed_rcp55_gfx900.occupancy", 0, 0);
	ck_check("constructed_rcp55_gfx900.occupancy", 1, 0);
	ck_check("constructed_codexl2_gfx803.occupancy", 0, 0);
	ck_check("constructed_codexl2_gfx803.occupancy", 1, 0);
	/* RCP's CLCUInfoSI on Hawaii (GFX IP 7, 40 waves a CU, 4 SIMDs):
	 * gauss_rows, 256 work-items (4 waves), 36 VGPRs, 50 SGPRs, 6144 B:
	 * 256 / 36 = 7 waves a SIMD, 28; 512 / (52 in 8s: 56) = 9, 36; 65536 /
	 * 6144 = 10 work-groups, capped at 40 waves; 28 / 40 = 70 %.
	 * hist_local, 64 work-items, 24 VGPRs, 90 SGPRs, 16000 B: 256 / 24 =
	 * 10, 40; 512 / (92 in 8s: 96) = 5, 20; 65536 / 16000 = 4 work-groups
	 * of one wave; 4 / 40 = 10 %. transpose_tile, 256, 60 VGPRs, 30 SGPRs,
	 * 8448 B: 256 / 60 = 4, 16; 512 / 32 = 16, capped at 40; 65536 / 8448
	 * = 7 work-groups, 28 waves; 16 / 40 = 40 %. */
	for (size_t i = 0; i < 5; i++)
		ck_check("constructed_rcp52_hawaii.occupancy", i, 0);
}
END_TEST

/* 96 SGPRs: CodeXL counts 98 (VCC) in granules of 16, 112: 7 waves per SIMD,
 * 27 per CU in work-groups of 3 waves; LLVM's floor(800 / 96) is 8: 30. */
START_TEST(crosscheck_sgpr_rule_differs)
{
	struct report r;
	struct analysis *a = malloc(sizeof(*a));
	struct occ_error err = { 0 };
	const struct crosscheck *c = &a->report.check;

	ck_check("constructed_rcp55_gfx900.occupancy", 2, 1u << CROSSCHECK_AMD_SGPR_WAVES);
	load("constructed_rcp55_gfx900.occupancy", &r);
	ck_assert(record_analyse(a, db, &r.records[2], NULL, "t", &err));
	ck_assert(c->report[CROSSCHECK_AMD_SGPR_WAVES] == 27);
	ck_assert(c->occview[CROSSCHECK_AMD_SGPR_WAVES] == 30);
	/* the occupancy compared is the resident waves over the CU's 40: 9 / 40 */
	ck_assert(c->occview[CROSSCHECK_THEORETICAL] == 22.5f);
	free(a);
	report_done(&r);
}
END_TEST

/* The real file is the oracle: AMD's figures in RCP's Cape Verde example
 * agree with occview's on every value compared (VGPR-, SGPR-, LDS- and
 * work-group-limited waves and the occupancy). */
START_TEST(real_files_agree)
{
	static const char *const files[] = {
		"rcp_docs_configfiles_capeverde_occupancy_display.txt" };
	struct analysis *a = malloc(sizeof(*a));
	struct occ_error err = { 0 };

	for (size_t f = 0; f < 1; f++) {
		struct report r;

		load(files[f], &r);
		for (size_t i = 0; i < r.n; i++) {
			ck_assert_msg(record_analyse(a, db, &r.records[i], NULL, "t", &err), "%s",
				      err.message);
			ck_assert_int_eq(crosscheck_count(a->report.check.compared), 5);
			ck_assert_int_eq(a->report.check.disagree, 0);
		}
		report_done(&r);
	}
	free(a);
}
END_TEST

/* A chip the GPU database cannot place (Polaris's "Ellesmere" shares gfx803
 * with other chips in no way LLVM names): not analysed, AMD's figures kept. */
START_TEST(unknown_device_keeps_figures)
{
	struct report r;
	struct analysis *a = malloc(sizeof(*a));
	struct occ_error err = { 0 };
	char text[300], *file, *p;
	size_t len;

	file = str_read_file(data_path("codexl/", "constructed_rcp52_hawaii.occupancy"), 1 << 20,
			     &len, &err);
	ck_assert_ptr_nonnull(file);
	while ((p = strstr(file, "Hawaii")))
		memcpy(p, "Ellesm", 6);
	ck_assert(report_parse("t.occupancy", file, len, &r, &err));
	ck_assert(!record_analyse(a, db, &r.records[0], NULL, "t", &err));
	ck_assert_ptr_nonnull(strstr(err.message, "\"Ellesm\""));
	ck_assert(crosscheck_figures_any(&a->report.profiler));
	crosscheck_figures_text(&a->report.profiler, text, sizeof(text));
	ck_assert_str_eq(text, "theoretical occupancy 70.00%, waves per CU limited by VGPRs 28, "
			       "SGPRs 36, LDS 40, work-groups 40");
	free(a);
	free(file);
	report_done(&r);
}
END_TEST

/* ---- bad input ------------------------------------------------------------ */

static bool parse(const char *text, struct report *r, struct occ_error *err, char *msg,
		  size_t size)
{
	bool ok;

	occ_error_clear(err);
	ok = report_parse("t.occupancy", text, strlen(text), r, err);
	occ_error_format(err, msg, size);
	return ok;
}

START_TEST(truncated_row)
{
	struct report r;
	struct occ_error err;
	char msg[600];

	/* the last row cut after its global work size */
	ck_assert(parse(RCP_HEADER RCP_ROW "4242,reduce,gfx900,64,40,16,256,102,65536,32,24,"
			"4096,64,256,4,256,4,1048576", &r, &err, msg, sizeof(msg)));
	ck_assert_uint_eq(r.n, 1);
	ck_assert_uint_eq(r.rejected_rows, 1);
	ck_assert_str_eq(msg, "t.occupancy:6: 18 fields where the header has 26 columns");
	report_done(&r);
}
END_TEST

START_TEST(missing_column)
{
	struct report r;
	struct occ_error err;
	char msg[600];

	ck_assert(!parse("# ProfilerVersion=5.5.6989\nThread ID,Kernel Name,Device Name,"
			 "Size of wavefront,Global work size,Number of VGPR used,"
			 "Number of SGPR used,Amount of LDS used\n1,k,gfx900,64,64,1,1,0\n",
			 &r, &err, msg, sizeof(msg)));
	ck_assert_str_eq(msg, "t.occupancy:2: Work-group size: the header has no such column: "
			      "no launch can be read");
	/* the profiler's other files open with the same comments: no header
	 * row, or another one, is no .occupancy file */
	ck_assert(!parse("# ProfilerVersion=5.5.6989\n# ListSeparator=,\n", &r, &err, msg,
			 sizeof(msg)));
	ck_assert(!parse("# ProfilerVersion=5.5.6989\n# ListSeparator=,\nMethod,ExecutionOrder,"
			 "ThreadID,CallIndex,GlobalWorkSize,WorkGroupSize\nk,1,2,3,256,64\n", &r,
			 &err, msg, sizeof(msg)));
	ck_assert_msg(strstr(msg, "no profiler table occview knows"), "%s", msg);
}
END_TEST

START_TEST(not_a_number)
{
	struct report r;
	struct occ_error err;
	char msg[600];

	/* a launch value rejects its row */
	ck_assert(!parse(RCP_HEADER "4242,reduce,gfx900,64,40,16,256,102,65536,thirty,24,4096,"
			 "64,256,4,256,4,1048576,1073741824,32,40,40,40,80,9,4\n", &r, &err, msg,
			 sizeof(msg)));
	ck_assert_msg(strstr(msg, "t.occupancy:5: Number of VGPR used: \"thirty\" is not a "
			     "whole number of 0 or more") == msg, "%s", msg);
	/* one of AMD's figures is left absent, the record kept */
	ck_assert(parse(RCP_HEADER "4242,reduce,gfx900,64,40,16,256,102,65536,32,24,4096,64,256,"
			"4,256,4,1048576,1073741824,32,forty,40,40,80,9,4\n", &r, &err, msg,
			sizeof(msg)));
	ck_assert_uint_eq(r.n, 1);
	ck_assert_uint_eq(r.dropped_fields, 1);
	CK_ABSENT(r.records[0].amd_waves_limit[REPORT_AMD_SGPR]);
	CK_INT(r.records[0].amd_waves_limit[REPORT_AMD_LDS], 40);
	occ_error_format(&r.dropped, msg, sizeof(msg));
	ck_assert_ptr_nonnull(strstr(msg, "t.occupancy:5: Nbr SGPR-limited waves: \"forty\""));
	report_done(&r);
}
END_TEST

/* The profiler could not compute (a work-group size of 0, occupancy -1):
 * the launch is not known, the record kept without it. */
START_TEST(failed_computation)
{
	struct report r;
	struct occ_error err;
	char msg[600];

	ck_assert(parse(RCP_HEADER "4242,reduce,gfx900,64,40,0,256,102,65536,32,24,4096,64,0,0,"
			"256,4,0,1073741824,0,0,0,0,-1,9,4\n", &r, &err, msg, sizeof(msg)));
	ck_assert_uint_eq(r.n, 1);
	CK_ABSENT(r.records[0].block[0]);
	CK_ABSENT(r.records[0].grid[0]);
	CK_ABSENT(r.records[0].theoretical_occupancy_pct);
	ck_assert_uint_eq(r.dropped_fields, 1);
	report_done(&r);
}
END_TEST

START_TEST(display_bad)
{
	struct report r;
	struct occ_error err;
	char msg[600];
	const char *good = "KernelName=reduce\nDeviceName=gfx900\nWavefrontSize=64\n"
			   "WorkGroupSize=256\nGlobalWorkSize=1024\nUsedVGPRs=32\nUsedSGPRs=24\n"
			   "UsedLDS=0\nWavesLimitedByVGPR=32\nOccupancy=80\n";
	char text[1024];

	ck_assert(parse(good, &r, &err, msg, sizeof(msg)));
	ck_assert_uint_eq(r.n, 1);
	ck_grid(&r.records[0], 4, 1, 1);
	report_done(&r);
	/* a launch key missing */
	ck_assert(!parse("KernelName=reduce\nDeviceName=gfx900\nWavefrontSize=64\n"
			 "WorkGroupSize=256\nUsedVGPRs=32\nUsedSGPRs=24\nUsedLDS=0\n"
			 "WavesLimitedByVGPR=32\n", &r, &err, msg, sizeof(msg)));
	ck_assert_str_eq(msg, "t.occupancy:8: GlobalWorkSize: missing: no launch can be read");
	/* a value that is no number: the key's own line */
	snprintf(text, sizeof(text), "%sUsedLDS=lots\n", "KernelName=reduce\nDeviceName=gfx900\n"
		 "WavefrontSize=64\nWorkGroupSize=256\nGlobalWorkSize=1024\nUsedVGPRs=32\n"
		 "UsedSGPRs=24\nOccupancy=80\n");
	ck_assert(!parse(text, &r, &err, msg, sizeof(msg)));
	ck_assert_msg(strstr(msg, "t.occupancy:9: UsedLDS: \"lots\" is not a whole number of 0 "
			     "or more") == msg, "%s", msg);
	/* twice */
	snprintf(text, sizeof(text), "%sUsedVGPRs=30\n", good);
	ck_assert(!parse(text, &r, &err, msg, sizeof(msg)));
	ck_assert_str_eq(msg, "t.occupancy:11: UsedVGPRs: given twice (first on line 6)");
	/* a line that is no NAME=VALUE */
	snprintf(text, sizeof(text), "%sjust text\n", good);
	ck_assert(!parse(text, &r, &err, msg, sizeof(msg)));
	ck_assert_str_eq(msg, "t.occupancy:11: not a NAME=VALUE line of an occupancy display "
			      "file");
}
END_TEST

int main(void)
{
	Suite *s = suite_create("import_codexl");
	TCase *tc = tcase_create("codexl");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, rcp_layout);
	tcase_add_test(tc, codexl2_layout);
	tcase_add_test(tc, rcp52_hawaii);
	tcase_add_test(tc, display_file);
	tcase_add_test(tc, crosscheck_agrees);
	tcase_add_test(tc, crosscheck_sgpr_rule_differs);
	tcase_add_test(tc, unknown_device_keeps_figures);
	tcase_add_test(tc, real_files_agree);
	tcase_add_test(tc, truncated_row);
	tcase_add_test(tc, missing_column);
	tcase_add_test(tc, not_a_number);
	tcase_add_test(tc, failed_computation);
	tcase_add_test(tc, display_bad);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
