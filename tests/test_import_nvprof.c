/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_import_nvprof.c - nvprof CSV and text tables and the CUDA command-line
 * profiler's log (tests/data/nvprof/): every corpus file imports (or is
 * refused with its reason), with the records read back against the file's
 * own text, quoted in the comments; bad rows are rejected with their line
 * and the rest kept. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "import.h"
#include "report.h"
#include "readfile.h"
#include "strutil.h"
#include "reportutil.h"
#include "testutil.h"

static void load(const char *file, struct report *r)
{
	load_clean("nvprof/", file, r);
}

/* The file's text with extra lines appended, parsed. */
static bool parse_with(const char *file, const char *extra, struct report *r,
		       struct occ_error *err)
{
	struct occ_error e = { 0 };
	size_t len, n = strlen(extra);
	char *text = str_read_file(data_path("nvprof/", file), 1 << 20, &len, &e);
	char *all;
	bool ok;

	ck_assert_msg(text != NULL, "%s: %s", file, e.message);
	all = malloc(len + n + 1);
	ck_assert_ptr_nonnull(all);
	memcpy(all, text, len);
	memcpy(all + len, extra, n + 1);
	ok = report_parse(file, all, len + n, r, err);
	free(text);
	free(all);
	return ok;
}

#define TRACE "constructed_nvprof_print_gpu_trace_um.csv"
#define TRACE_TEXT "constructed_nvprof_print_gpu_trace_text.txt"

/* --print-gpu-trace without --csv, TITAN Xp: three ==pid== lines, the
 * header on line 4, rows on lines 5-608 (501 kernels, 103 memcpy), a blank
 * line and the legend of Regs*, SSMem*, ... Every column is right-aligned
 * under its label but Name. The records are the CSV trace's: the same
 * fields, sizes in powers of 1024 (stream_dot's "2.0000KB" is its 256
 * doubles), the id taken off the name. */
START_TEST(trace_text_titanxp)
{
	struct report_launch_given given = { NULL, NULL, 0 };
	struct analysis *a = malloc(sizeof(*a));
	struct occ_error err = { 0 };
	struct report r;
	const struct report_record *k;
	char msg[1024];

	ck_assert_ptr_nonnull(a);
	load(TRACE_TEXT, &r);
	ck_assert_str_eq(r.format, "nvprof GPU trace (text)");
	ck_assert_uint_eq(r.n, 501);
	ck_assert_uint_eq(r.skipped_rows, 103);
	ck_assert_uint_eq(r.dropped_fields, 0);

	/* Line 5: "402.51ms  1.3478ms  (65536 1 1)  (256 1 1)  16  0B  0B  -  -
	 * -  -  TITAN Xp (0)  1  7  void stream_init<double>(double*, double*,
	 * double*, double, double, double) [96]" */
	k = &r.records[0];
	ck_assert_int_eq(k->line, 5);
	ck_assert_str_eq(k->name, "void stream_init<double>(double*, double*, double*, double, "
				  "double, double)");
	ck_assert_str_eq(k->short_name, "stream_init");
	ck_assert_str_eq(k->device, "TITAN Xp");
	ck_assert_int_eq(k->vendor, REPORT_VENDOR_NVIDIA);
	CK_INT(k->id, 96);
	ck_grid(k, 65536, 1, 1);
	ck_block(k, 256, 1, 1);
	CK_INT(k->registers, 16);
	CK_INT(k->static_smem_bytes, 0);
	CK_INT(k->dynamic_smem_bytes, 0);
	CK_NUM(k->duration_ns, 1347800);
	CK_ABSENT(k->achieved_occupancy_pct);
	CK_ABSENT(k->cc_major);

	/* Line 10: "406.60ms  532.21us  (512 1 1)  (256 1 1)  18  2.0000KB  0B
	 * ...  void stream_dot<double>(double const *, double const *, double*,
	 * int) [133]"; line 11 is a memcpy, no record. */
	k = &r.records[5];
	ck_assert_int_eq(k->line, 10);
	ck_assert_str_eq(k->short_name, "stream_dot");
	CK_INT(k->id, 133);
	ck_grid(k, 512, 1, 1);
	CK_INT(k->registers, 18);
	CK_INT(k->static_smem_bytes, 2048);
	CK_INT(k->dynamic_smem_bytes, 0);
	CK_NUM(k->duration_ns, 532210);
	ck_assert_int_eq(r.records[6].line, 12);

	/* Line 604, the last kernel: "733.01ms  527.68us  (512 1 1) ...
	 * stream_dot<double>(...) [3945]"; lines 605-608 are memcpy. */
	k = &r.records[500];
	ck_assert_int_eq(k->line, 604);
	CK_INT(k->id, 3945);
	CK_NUM(k->duration_ns, 527680);

	/* The report names its device: every record computes on it. */
	ck_assert(record_analyse(a, db, &r.records[0], &given, TRACE_TEXT, &err));
	ck_assert_str_eq(a->gpu.name, "TITAN Xp");
	ck_assert_msg(records_computing(db, &r, NULL, TRACE_TEXT, msg, sizeof(msg)) == 501, "%s",
		      msg);
	free(a);
	report_done(&r);
}
END_TEST

/* The text with the first `from` on line n changed to `to`. */
static char *text_edit(char *text, long n, const char *from, const char *to)
{
	char *line = text, *at, *out;

	for (long i = 1; i < n; i++)
		line = strchr(line, '\n') + 1;
	at = strstr(line, from);
	ck_assert_msg(at && at < strchr(line, '\n'), "line %ld has no \"%s\"", n, from);
	out = malloc(strlen(text) + strlen(to) + 1);
	ck_assert_ptr_nonnull(out);
	sprintf(out, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
	free(text);
	return out;
}

/* Fields of the text trace that cannot be read: a grid (line 5) and a
 * static shared memory size (line 7) reject their rows with the column; a
 * duration (line 6) is left absent and the row kept. */
START_TEST(trace_text_bad_fields)
{
	struct occ_error err = { 0 };
	size_t len;
	char *text = str_read_file(data_path("nvprof/", TRACE_TEXT), 1 << 20, &len, &err);
	struct report r;

	ck_assert_msg(text != NULL, "%s", err.message);
	text = text_edit(text, 5, "(65536 1 1)", "(65536 x 1)");
	text = text_edit(text, 6, "530.13us", "530.13ux");
	text = text_edit(text, 7, "        0B", "        0Q");
	ck_assert(report_parse(TRACE_TEXT, text, strlen(text), &r, &err));
	ck_assert_int_eq(err.line, 5);
	ck_assert_str_eq(err.field, "Grid Size");
	ck_assert_uint_eq(r.rejected_rows, 2);
	ck_assert_uint_eq(r.n, 499);
	ck_assert_uint_eq(r.dropped_fields, 1);
	ck_assert_int_eq(r.dropped.line, 6);
	ck_assert_str_eq(r.dropped.field, "Duration");
	ck_assert_int_eq(r.records[0].line, 6);
	ck_assert_str_eq(r.records[0].short_name, "stream_copy");
	CK_ABSENT(r.records[0].duration_ns);
	CK_INT(r.records[0].registers, 8);
	ck_assert_int_eq(r.records[1].line, 8);
	report_done(&r);
	free(text);
}
END_TEST

/* --print-gpu-trace --csv, TITAN Xp. Header line 4, units row line 5
 * ("s,ms,,,,,,,,B,B,..."), rows on lines 6-99: kernels on lines 61, 63, 65,
 * 70 and 89; the other 89 rows are memcpy, memset and Unified Memory. */
START_TEST(trace_titanxp)
{
	struct report r;
	const struct report_record *k;

	load(TRACE, &r);
	ck_assert_str_eq(r.format, "nvprof GPU trace");
	ck_assert_uint_eq(r.n, 5);
	ck_assert_uint_eq(r.skipped_rows, 89);

	/* Line 61: 1.402135,0.271639,640,1,1,128,1,1,18,0,0,,,,,"TITAN Xp (0)",
	 * "1","7",,,"um_fill_grid(int, float*)",98. Duration in ms (units
	 * row): 0.271639 ms. */
	k = &r.records[0];
	ck_assert_int_eq(k->line, 61);
	ck_assert_str_eq(k->name, "um_fill_grid(int, float*)");
	ck_assert_str_eq(k->short_name, "um_fill_grid");
	ck_assert_str_eq(k->device, "TITAN Xp");
	ck_assert_int_eq(k->vendor, REPORT_VENDOR_NVIDIA);
	ck_dim3(k->grid, 640, 1, 1);
	ck_dim3(k->block, 128, 1, 1);
	CK_INT(k->registers, 18);
	CK_INT(k->static_smem_bytes, 0);
	CK_INT(k->dynamic_smem_bytes, 0);
	CK_INT(k->id, 98);
	CK_NUM(k->duration_ns, 271639);
	CK_ABSENT(k->achieved_occupancy_pct);

	/* Line 70: ...,0.261529,640,1,1,128,1,1,22,0,0,...,
	 * "um_jacobi_step(int, float*, float*, float*)",119. */
	k = &r.records[3];
	ck_assert_int_eq(k->line, 70);
	ck_assert_str_eq(k->short_name, "um_jacobi_step");
	CK_INT(k->registers, 22);
	CK_NUM(k->duration_ns, 261529);

	/* Line 89 (last kernel): 1.403963,0.367219,640,1,1,128,1,1,40,0,0,...,
	 * "um_residual(int, int*, float*, float*, float*)",122. */
	k = &r.records[4];
	ck_assert_int_eq(k->line, 89);
	ck_assert_str_eq(k->short_name, "um_residual");
	ck_dim3(k->grid, 640, 1, 1);
	ck_dim3(k->block, 128, 1, 1);
	CK_INT(k->registers, 40);
	CK_INT(k->id, 122);
	CK_NUM(k->duration_ns, 367219);
	report_done(&r);
}
END_TEST

/* A cut kernel row and one with a bad register count, after the file's
 * last line (99): both rejected with their line, the 5 kernels kept. */
START_TEST(trace_bad_rows)
{
	struct report r;
	struct occ_error err = { 0 };
	char msg[512];

	ck_assert(parse_with(TRACE,
			     "1.9,0.1,506,1,1,192,1,1\n"
			     "2.0,0.2,506,1,1,192,1,1,x,0,0,,,,,\"TITAN Xp (0)\",\"1\",\"7\",,,"
			     "\"k(int)\",200\n",
			     &r, &err));
	ck_assert_uint_eq(r.n, 5);
	ck_assert_uint_eq(r.rejected_rows, 2);
	ck_assert_uint_eq(r.skipped_rows, 89);
	/* err names the first rejection: line 100, cut after Block X. */
	occ_error_format(&err, msg, sizeof(msg));
	ck_assert_int_eq(err.line, 100);
	ck_assert_msg(strstr(msg, "truncated") != NULL, "%s", msg);
	report_done(&r);

	ck_assert(parse_with(TRACE,
			     "2.0,0.2,506,1,1,192,1,1,x,0,0,,,,,\"TITAN Xp (0)\",\"1\",\"7\",,,"
			     "\"k(int)\",200\n",
			     &r, &err));
	ck_assert_uint_eq(r.rejected_rows, 1);
	occ_error_format(&err, msg, sizeof(msg));
	ck_assert_int_eq(err.line, 100);
	ck_assert_msg(strstr(msg, "Registers Per Thread") != NULL, "%s", msg);
	report_done(&r);
}
END_TEST

#define METRICS "magus_gtx1080ti_nvprof_metrics_all_csv_scalarProd_TRUNCATED.csv"

/* --metrics all --csv, GTX 1080 Ti: 99 metric rows (lines 7-105) of one
 * kernel; line 102 "achieved_occupancy","Achieved Occupancy",0.562536,
 * 0.562536,0.562536; lines 63, 99, 100 hold "Low (1)" / "Idle (0)". */
START_TEST(metrics_gtx1080ti)
{
	struct report r;
	const struct report_record *k;

	load(METRICS, &r);
	ck_assert_str_eq(r.format, "nvprof metrics");
	ck_assert_uint_eq(r.n, 1);
	k = &r.records[0];
	ck_assert_int_eq(k->line, 7);
	ck_assert_str_eq(k->name, "scalarProdGPU(float*, float*, float*, int, int)");
	ck_assert_str_eq(k->short_name, "scalarProdGPU");
	ck_assert_str_eq(k->device, "GeForce GTX 1080 Ti");
	CK_NUM(k->achieved_occupancy_pct, 56.2536);
	/* the scheduler figure it has: "issue_slot_utilization",...,
	 * "9.912897%" (Avg); no eligible_warps_per_cycle in this cut */
	CK_NUM(k->sched.issue_active_pct, 9.912897);
	CK_ABSENT(k->sched.eligible_warps);
	/* No launch parameters in a metrics table: absent, not zero. */
	CK_ABSENT(k->grid[0]);
	CK_ABSENT(k->block[0]);
	CK_ABSENT(k->registers);
	CK_ABSENT(k->duration_ns);
	report_done(&r);
}
END_TEST

#define SHFL_METRICS "magus_gtx1080ti_nvprof_metrics_all_csv_shflscan_TRUNCATED.csv"

/* A per-kernel summary: each record says how many launches its values are
 * over (Invocations) and achieved occupancy's Min and Max. Line 28:
 * "shfl_scan_test(int*, int, int*)",2,"achieved_occupancy",...,0.124191,
 * 0.725415,0.424803; line 10: shfl_intimage_rows, 1 invocation, 0.847852. */
START_TEST(metrics_invocations_and_range)
{
	struct report r;
	const struct report_record *k;
	struct occ_error err = { 0 };
	size_t len;
	char *text;

	load(SHFL_METRICS, &r);
	ck_assert(r.per_kernel);
	ck_assert_uint_eq(r.n, 4);
	k = &r.records[0];
	ck_assert_str_eq(k->short_name, "shfl_intimage_rows");
	CK_INT(k->invocations, 1);
	CK_NUM(k->achieved_occupancy_pct, 84.7852);
	CK_NUM(k->achieved_min_pct, 84.7852);
	k = &r.records[3];
	ck_assert_str_eq(k->short_name, "shfl_scan_test");
	CK_INT(k->invocations, 2);
	CK_NUM(k->achieved_min_pct, 12.4191);
	CK_NUM(k->achieved_max_pct, 72.5415);
	CK_NUM(k->achieved_occupancy_pct, 42.4803);
	report_done(&r);

	/* Told apart from the head of the file alone, as --print must. */
	text = str_read_file(data_path("nvprof/", SHFL_METRICS), 1 << 20, &len, &err);
	ck_assert_ptr_nonnull(text);
	ck_assert(report_head_per_kernel(text, len));
	free(text);
	text = str_read_file(data_path("nvprof/", TRACE), 1 << 20, &len, &err);
	ck_assert_ptr_nonnull(text);
	ck_assert(!report_head_per_kernel(text, len));
	free(text);
	load(TRACE, &r);
	ck_assert(!r.per_kernel);
	report_done(&r);
}
END_TEST

START_TEST(metrics_bad_value)
{
	struct report r;
	struct occ_error err = { 0 };
	char msg[512];

	ck_assert(parse_with(METRICS,
			     "\"GeForce GTX 1080 Ti (0)\",\"other(int)\",1,\"achieved_occupancy\","
			     "\"Achieved Occupancy\",0.5,0.5,\"Low (1)\"\n"
			     "\"GeForce GTX 1080 Ti (0)\",\"other(int)\",1,\"achieved_occupancy\","
			     "\"Achieved Occupancy\",0.5,0.5,1.5\n",
			     &r, &err));
	/* Measured, not the launch (import.h): both values are left absent
	 * and said once, and the kernel has its record. */
	ck_assert_int_eq(err.status, OCC_OK);
	ck_assert_uint_eq(r.n, 2);
	ck_assert_uint_eq(r.rejected_rows, 0);
	ck_assert_uint_eq(r.dropped_fields, 2);
	occ_error_format(&r.dropped, msg, sizeof(msg));
	ck_assert_int_eq(r.dropped.line, 106);
	ck_assert_msg(strstr(msg, "Avg: \"Low (1)\" is not an achieved_occupancy") != NULL, "%s",
		      msg);
	CK_ABSENT(r.records[1].achieved_occupancy_pct);
	report_done(&r);
}
END_TEST

#define TEXT "constructed_nvprof_metrics_text_gtx1070.profile"

/* --metrics without --csv, GTX 1070: header line 6, line 7 'Device
 * "GeForce GTX 1070 (0)"', line 8 "Kernel: void gridkit::transform_kernel<
 * unsigned char, RotateFunctor>(...)", line 10 "1
 * achieved_occupancy  Achieved Occupancy  0.871563  0.871563  0.871563". */
START_TEST(metrics_text_gtx1070)
{
	struct report r;
	struct occ_error err = { 0 };
	const struct report_record *k;

	load(TEXT, &r);
	ck_assert_str_eq(r.format, "nvprof metrics (text)");
	ck_assert_uint_eq(r.n, 1);
	k = &r.records[0];
	ck_assert_int_eq(k->line, 8);
	ck_assert(strncmp(k->name, "void gridkit::transform_kernel<unsigned char, "
				   "RotateFunctor>(gridkit::tile_iterator", 83) == 0);
	ck_assert_str_eq(k->short_name, "gridkit::transform_kernel");
	ck_assert_str_eq(k->device, "GeForce GTX 1070");
	CK_NUM(k->achieved_occupancy_pct, 87.1563);
	CK_ABSENT(k->grid[0]);
	report_done(&r);

	/* A second kernel whose achieved_occupancy is a word: left absent
	 * (line 17), the kernel kept without it. */
	ck_assert(parse_with(TEXT,
			     "    Kernel: other(int)\n"
			     "          1                        achieved_occupancy"
			     "                            Achieved Occupancy    Low (1)    Low (1)"
			     "    Low (1)\n",
			     &r, &err));
	ck_assert_uint_eq(r.n, 2);
	ck_assert_uint_eq(r.rejected_rows, 0);
	ck_assert_uint_eq(r.dropped_fields, 1);
	ck_assert_int_eq(r.dropped.line, 17);
	CK_ABSENT(r.records[1].achieved_occupancy_pct);
	report_done(&r);
}
END_TEST

/* Files a and b of tests/data/nvprof, one after the other, as >> appends
 * them, parsed. */
static bool parse_appended(const char *a, const char *b, struct report *r, struct occ_error *err)
{
	struct occ_error e = { 0 };
	size_t la, lb;
	char *ta = str_read_file(data_path("nvprof/", a), 1 << 20, &la, &e);
	char *tb = str_read_file(data_path("nvprof/", b), 1 << 20, &lb, &e);
	char *all;
	bool ok;

	ck_assert_msg(ta && tb, "%s", e.message);
	ck_assert(la > 0 && ta[la - 1] == '\n');
	all = malloc(la + lb + 1);
	ck_assert_ptr_nonnull(all);
	memcpy(all, ta, la);
	memcpy(all + la, tb, lb);
	all[la + lb] = '\0';
	ok = report_parse("appended", all, la + lb, r, err);
	free(ta);
	free(tb);
	free(all);
	return ok;
}

#define RUNS10 "constructed_nvprof_metrics_text_sm_efficiency_10runs.txt"

/* Ten nvprof --metrics runs appended to one text file: each its own header
 * (lines 8, 25, ...) and the same 4 kernels, which are 40 records in 10
 * runs, not 4. Run 1's clip_edges starts at line 10, run 2's at 27. */
START_TEST(runs_appended_text)
{
	struct report r;

	load(RUNS10, &r);
	ck_assert_uint_eq(r.n, 40);
	ck_assert_uint_eq(r.runs, 10);
	for (size_t i = 0; i < r.n; i++) {
		ck_assert_uint_eq(r.records[i].run, i / 4 + 1);
		ck_assert_str_eq(r.records[i].name, r.records[i % 4].name);
	}
	ck_assert_int_eq(r.records[0].line, 10);
	ck_assert_int_eq(r.records[4].line, 27);
	ck_assert_str_eq(r.records[4].short_name, "clip_edges");
	report_done(&r);
}
END_TEST

/* The same kernel in two appended runs keeps both measurements: the
 * GTX 1070 file (15 lines; achieved_occupancy 0.871563 on line 10) twice,
 * and the GTX 1080 Ti metrics CSV (scalarProdGPU's 0.562536 on line 102;
 * 105 lines) twice, whose second header (line 111) starts run 2. */
START_TEST(runs_appended_metrics)
{
	struct report r;
	struct occ_error err = { 0 };

	ck_assert(parse_appended(TEXT, TEXT, &r, &err));
	ck_assert_uint_eq(r.n, 2);
	ck_assert_uint_eq(r.runs, 2);
	ck_assert_int_eq(r.records[1].line, 8 + 15);
	ck_assert_uint_eq(r.records[1].run, 2);
	CK_NUM(r.records[0].achieved_occupancy_pct, 87.1563);
	CK_NUM(r.records[1].achieved_occupancy_pct, 87.1563);
	report_done(&r);

	ck_assert(parse_appended(METRICS, METRICS, &r, &err));
	ck_assert_uint_eq(r.n, 2);
	ck_assert_uint_eq(r.runs, 2);
	ck_assert_uint_eq(r.rejected_rows, 0);
	ck_assert_uint_eq(r.dropped_fields, 0);
	ck_assert_uint_eq(r.records[0].run, 1);
	ck_assert_uint_eq(r.records[1].run, 2);
	ck_assert_str_eq(r.records[1].short_name, "scalarProdGPU");
	CK_NUM(r.records[0].achieved_occupancy_pct, 56.2536);
	CK_NUM(r.records[1].achieved_occupancy_pct, 56.2536);
	report_done(&r);
}
END_TEST

/* Two GPU traces appended: the second run's header and units row are read
 * again (its durations in ms, as the first's), 5 kernels in each run. */
START_TEST(runs_appended_trace)
{
	struct report r;
	struct occ_error err = { 0 };

	ck_assert(parse_appended(TRACE, TRACE, &r, &err));
	ck_assert_uint_eq(r.n, 10);
	ck_assert_uint_eq(r.runs, 2);
	ck_assert_uint_eq(r.rejected_rows, 0);
	ck_assert_uint_eq(r.records[5].run, 2);
	ck_assert_int_eq(r.records[5].line, 61 + 99);
	/* Line 61: 0.271639 ms, in both runs. */
	CK_NUM(r.records[0].duration_ns, 271639);
	CK_NUM(r.records[5].duration_ns, 271639);
	ck_assert_str_eq(r.records[9].short_name, "um_residual");
	report_done(&r);
}
END_TEST

/* A GPU trace cut inside its units row (line 5: three ==pid== lines and the
 * header first): the message names the line; cut after the header's line
 * end, the table simply holds no kernel rows. */
START_TEST(trace_cut_in_units_row)
{
	struct occ_error e = { 0 }, err = { 0 };
	size_t len;
	char *text = str_read_file(data_path("nvprof/", TRACE), 1 << 20, &len, &e);
	char *units = text;
	struct report r;

	ck_assert_ptr_nonnull(text);
	for (int i = 0; i < 4; i++)
		units = strchr(units, '\n') + 1;
	ck_assert(!report_parse("cut.csv", text, (size_t)(units - text) + 10, &r, &err));
	ck_assert_int_eq(err.line, 5);
	ck_assert_msg(strstr(err.message, "the file ends inside this line"), "%s", err.message);
	occ_error_clear(&err);
	ck_assert(!report_parse("cut.csv", text, (size_t)(units - text), &r, &err));
	ck_assert_msg(strstr(err.message, "(its header on line 4) holds no kernel rows") &&
		      !strstr(err.message, "ends inside"), "%s", err.message);
	free(text);
}
END_TEST

/* --print-gpu-summary: refused, pointing at the GPU trace. The header is
 * line 4 ("Type","Time(%)","Time","Calls",...), after three ==52714==
 * banner lines. */
START_TEST(summary_refused)
{
	struct report r;
	struct occ_error err = { 0 };
	char msg[1024];

	ck_assert(!report_load(data_path("nvprof/", "constructed_nvprof_print_gpu_summary_um.csv"), &r,
			       &err));
	occ_error_format(&err, msg, sizeof(msg));
	ck_assert_int_eq(err.line, 4);
	ck_assert_msg(strstr(msg, "no launch parameters") != NULL, "%s", msg);
	ck_assert_msg(strstr(msg, "--print-gpu-trace") != NULL, "%s", msg);
	ck_assert_uint_eq(r.n, 0);
}
END_TEST

#define CUDAK "constructed_cudaprof_c2050_kv_cuda_profile_0.log"

/* key=value log, Tesla C2050 (line 2 "# CUDA_DEVICE 0 Tesla C2050").
 * Line 7: method=[ to_grayscale ] gputime=[ 2143.520 ] cputime=[ 21.000 ]
 * occupancy=[ 0.167 ]; lines 6 and 8 are memcpyHtoD / memcpyDtoH. The
 * occupancy is the profiler's theoretical figure (8 of Fermi's 48 warps,
 * printed to three decimals), not a measurement. */
START_TEST(cudaprof_kv)
{
	struct report r;
	const struct report_record *k;

	load(CUDAK, &r);
	ck_assert_str_eq(r.format, "CUDA profiler log");
	ck_assert_uint_eq(r.n, 1);
	ck_assert_uint_eq(r.skipped_rows, 2);
	k = &r.records[0];
	ck_assert_int_eq(k->line, 7);
	ck_assert_str_eq(k->name, "to_grayscale");
	ck_assert_str_eq(k->device, "Tesla C2050");
	CK_NUM(k->duration_ns, 2143520);
	CK_NUM(k->theoretical_occupancy_pct, 16.7);
	CK_NUM(k->theoretical_step_pct, 0.1);
	CK_ABSENT(k->achieved_occupancy_pct);
	ck_assert_int_eq(k->figures_by, REPORT_BY_CUDA_PROFILER);
	CK_ABSENT(k->grid[0]);
	CK_ABSENT(k->registers);
	report_done(&r);
}
END_TEST

/* Keys the corpus logs lack but the profiler's config options add; a cut
 * record (line 10) and a bad value (line 11) rejected, err naming the first. */
START_TEST(cudaprof_kv_keys_and_bad)
{
	struct report r;
	struct occ_error err = { 0 };
	char msg[512];
	const struct report_record *k;

	ck_assert(parse_with(CUDAK,
			     "method=[ k ] gputime=[ 2.5 ] gridsize=[ 16 8 ] threadblocksize=[ "
			     "256 1 1 ] regperthread=[ 20 ] stasmemperblock=[ 2048 ] "
			     "dynsmemperblock=[ 0 ] occupancy=[ 1.000 ] \n"
			     "method=[ cut ] gputime=[ 1.0\n"
			     "method=[ bad ] gputime=[ abc ] occupancy=[ 0.5 ] \n",
			     &r, &err));
	ck_assert_uint_eq(r.n, 2);
	ck_assert_uint_eq(r.rejected_rows, 2);
	occ_error_format(&err, msg, sizeof(msg));
	ck_assert_int_eq(err.line, 10);
	ck_assert_msg(strstr(msg, "closing") != NULL, "%s", msg);
	k = &r.records[1];
	ck_assert_int_eq(k->line, 9);
	ck_dim3(k->grid, 16, 8, 1);
	ck_dim3(k->block, 256, 1, 1);
	CK_INT(k->registers, 20);
	CK_INT(k->static_smem_bytes, 2048);
	CK_INT(k->dynamic_smem_bytes, 0);
	CK_NUM(k->duration_ns, 2500);
	CK_NUM(k->theoretical_occupancy_pct, 100);
	CK_ABSENT(k->achieved_occupancy_pct);
	report_done(&r);

	ck_assert(parse_with(CUDAK, "method=[ bad ] gputime=[ abc ] occupancy=[ 0.5 ] \n", &r,
			     &err));
	occ_error_format(&err, msg, sizeof(msg));
	ck_assert_int_eq(err.line, 9);
	ck_assert_msg(strstr(msg, "gputime") != NULL, "%s", msg);
	report_done(&r);
}
END_TEST

#define MATRIX "constructed_cudaprof_c2050_csvmode_cuda_profile_0.log"

/* CSV mode ("# CUDA_PROFILE_CSV 1", header line 6 method,gputime,cputime,
 * occupancy): rows on lines 7-23, memcpy rows (3 fields) on 9, 11, 13, 15,
 * 16, so 12 kernels. */
START_TEST(cudaprof_csv)
{
	struct report r;
	const struct report_record *k;

	load(MATRIX, &r);
	ck_assert_str_eq(r.format, "CUDA profiler log");
	ck_assert_uint_eq(r.n, 12);
	ck_assert_uint_eq(r.skipped_rows, 5);

	/* Line 7: _ZN7gridkit6detail11fill_kernelIyEEvPT_jS2_,5.184,16.000,0.500 */
	k = &r.records[0];
	ck_assert_int_eq(k->line, 7);
	ck_assert_str_eq(k->name, "_ZN7gridkit6detail11fill_kernelIyEEvPT_jS2_");
	ck_assert_str_eq(k->device, "Tesla C2050");
	CK_NUM(k->duration_ns, 5184);
	CK_NUM(k->theoretical_occupancy_pct, 50);
	CK_ABSENT(k->achieved_occupancy_pct);

	/* Line 12: a 236-character mangled name (python3: len of field 0),
	 * gputime 8.096, occupancy 1.000. */
	k = &r.records[3];
	ck_assert_int_eq(k->line, 12);
	ck_assert_uint_eq(strlen(k->name), 236);
	CK_NUM(k->duration_ns, 8096);
	CK_NUM(k->theoretical_occupancy_pct, 100);

	/* Line 23 (last): _ZN7gridkit6detail15ell_spmv_kernel...,4.352,
	 * 5.000,0.667 */
	k = &r.records[11];
	ck_assert_int_eq(k->line, 23);
	ck_assert_str_eq(k->name, "_ZN7gridkit6detail15ell_spmv_kernelIidLj128ELb0EEEvT_S2_S2_"
				  "S2_PKS2_PKT0_S7_PS5_");
	CK_NUM(k->duration_ns, 4352);
	CK_NUM(k->theoretical_occupancy_pct, 66.7);
	report_done(&r);
}
END_TEST

/* Two CUDA profiler logs joined (cat a b > c): each "# CUDA_PROFILE_LOG_
 * VERSION" line after records starts a run, and the second log's CSV mode
 * and header (line 8 + 6) are read again; the key=value log's one kernel is
 * run 1, the CSV log's 12 are run 2. A "# CUDA_CONTEXT 2" after context 1's
 * records (a log of two contexts) starts a run too. */
START_TEST(cudaprof_logs_joined)
{
	struct report r;
	struct occ_error err = { 0 };

	ck_assert(parse_appended(CUDAK, MATRIX, &r, &err));
	ck_assert_uint_eq(r.n, 13);
	ck_assert_uint_eq(r.runs, 2);
	ck_assert_uint_eq(r.rejected_rows, 0);
	ck_assert_uint_eq(r.records[0].run, 1);
	ck_assert_uint_eq(r.records[1].run, 2);
	ck_assert_int_eq(r.records[1].line, 8 + 7);
	CK_NUM(r.records[12].theoretical_occupancy_pct, 66.7);
	report_done(&r);

	ck_assert(parse_with(CUDAK, "# CUDA_CONTEXT 2\nmethod=[ k2 ] gputime=[ 2.5 ] occupancy=[ 0.5 ] \n",
			     &r, &err));
	ck_assert_uint_eq(r.n, 2);
	ck_assert_uint_eq(r.runs, 2);
	ck_assert_str_eq(r.records[1].name, "k2");
	ck_assert_uint_eq(r.records[1].run, 2);
	report_done(&r);

	/* one log, one run */
	load(CUDAK, &r);
	ck_assert_uint_eq(r.runs, 1);
	report_done(&r);
}
END_TEST

/* The counters a COMPUTE_PROFILE_CONFIG adds, named as the Compute Visual
 * Profiler 4.0 guide's counter table lists them ("active warps", "active
 * cycles"; the configuration spells them active_warps, active_cycles). No
 * real log with them was found (the corpus logs hold the default columns
 * only), so the keys are the documented names and the values built: both
 * layouts, and a counter that is not a number left absent and said. */
START_TEST(cudaprof_counters)
{
	struct report r;
	struct occ_error err = { 0 };
	const struct report_record *k;
	static const char kv[] =
		"# CUDA_PROFILE_LOG_VERSION 2.0\n# CUDA_DEVICE 0 Tesla K40c\n"
		"method=[ k ] gputime=[ 10.0 ] occupancy=[ 0.984 ] active_warps=[ 504000 ] "
		"active_cycles=[ 10000 ] sm_cta_launched=[ 8 ] \n"
		"method=[ bad ] gputime=[ 1.0 ] active_cycles=[ x ] \n";
	static const char csv[] =
		"# CUDA_PROFILE_LOG_VERSION 2.0\n# CUDA_DEVICE 0 Tesla K40c\n# CUDA_PROFILE_CSV 1\n"
		"method,gputime,cputime,occupancy,active_warps,active_cycles\n"
		"k,10.0,5.0,0.984,504000,10000\n";

	ck_assert(report_parse("kv.log", kv, sizeof(kv) - 1, &r, &err));
	/* A counter that is no number is left absent, the record kept. */
	ck_assert_uint_eq(r.n, 2);
	ck_assert_uint_eq(r.rejected_rows, 0);
	ck_assert_uint_eq(r.dropped_fields, 1);
	ck_assert_int_eq(r.dropped.line, 4);
	ck_assert_str_eq(r.dropped.field, "active_cycles");
	CK_ABSENT(r.records[1].counted_active_cycles);
	k = &r.records[0];
	CK_NUM(k->counted_active_warps, 504000);
	CK_NUM(k->counted_active_cycles, 10000);
	CK_NUM(k->theoretical_occupancy_pct, 98.4);
	CK_ABSENT(k->achieved_occupancy_pct);
	report_done(&r);

	ck_assert(report_parse("csv.log", csv, sizeof(csv) - 1, &r, &err));
	ck_assert_uint_eq(r.n, 1);
	k = &r.records[0];
	CK_NUM(k->counted_active_warps, 504000);
	CK_NUM(k->counted_active_cycles, 10000);
	report_done(&r);
}
END_TEST

START_TEST(cudaprof_csv_bad_rows)
{
	struct report r;
	struct occ_error err = { 0 };
	char msg[512];

	ck_assert(parse_with(MATRIX, "kern,1.0\nkern,abc,1.0,0.5\n", &r, &err));
	ck_assert_uint_eq(r.n, 12);
	ck_assert_uint_eq(r.rejected_rows, 2);
	occ_error_format(&err, msg, sizeof(msg));
	ck_assert_int_eq(err.line, 24);
	ck_assert_msg(strstr(msg, "truncated") != NULL, "%s", msg);
	report_done(&r);

	ck_assert(parse_with(MATRIX, "kern,abc,1.0,0.5\n", &r, &err));
	occ_error_format(&err, msg, sizeof(msg));
	ck_assert_int_eq(err.line, 24);
	ck_assert_msg(strstr(msg, "gputime") != NULL, "%s", msg);
	report_done(&r);
}
END_TEST

/* Parser mechanics only, on a constructed file (no real nvprof output of
 * this layout was found): per-SM lists read, aligned, turned into per-SM
 * occupancy once the GPU's maximum warps is known; a bare number
 * (aggregate mode on) gives no per-SM values. */
START_TEST(events_constructed)
{
	struct report r;
	struct report_record *k;

	load("constructed_events_aggregate_off.csv", &r);
	ck_assert_str_eq(r.format, "nvprof events");
	ck_assert_uint_eq(r.n, 2);
	k = &r.records[0];
	ck_assert_int_eq(k->line, 4);
	ck_assert_str_eq(k->device, "Tesla K40c");
	ck_assert_uint_eq(k->n_sm_events, 3);
	ck_assert_double_eq(k->sm_active_warps[1], 200);
	ck_assert_double_eq(k->sm_active_cycles[1], 10);
	ck_assert_uint_eq(k->n_sm, 0);
	ck_assert(report_sm_occupancy(k, 64));
	ck_assert_uint_eq(k->n_sm, 3);
	ck_assert_double_eq_tol(k->sm_achieved_pct[0], 100.0 / 10 / 64 * 100, 1e-9);
	ck_assert_double_eq_tol(k->sm_achieved_pct[1], 200.0 / 10 / 64 * 100, 1e-9);
	ck_assert_double_eq(k->sm_achieved_pct[2], 0);
	CK_NUM(k->achieved_occupancy_pct, 300.0 / 20 / 64 * 100);
	CK_NUM(k->achieved_active_warps, 15);
	ck_assert(!report_sm_occupancy(k, 0));

	k = &r.records[1];
	ck_assert_str_eq(k->short_name, "scale");
	ck_assert_uint_eq(k->n_sm_events, 0);
	ck_assert(!report_sm_occupancy(k, 64));
	report_done(&r);
}
END_TEST

START_TEST(events_bad_rows)
{
	struct report r;
	struct occ_error err = { 0 };

	/* A list of another length, a cut list, a word: measured values, left
	 * absent (import.h); every kernel keeps its record. */
	ck_assert(parse_with("constructed_events_aggregate_off.csv",
			     "\"Tesla K40c (0)\",\"fill(int*, int)\",1,\"active_cycles\",0,0,"
			     "\"[ 1 2 ]\",0\n"
			     "\"Tesla K40c (0)\",\"g()\",1,\"active_warps\",0,0,\"[ 1 2\",0\n"
			     "\"Tesla K40c (0)\",\"g()\",1,\"active_warps\",0,0,\"many\",0\n",
			     &r, &err));
	ck_assert_int_eq(err.status, OCC_OK);
	ck_assert_uint_eq(r.rejected_rows, 0);
	ck_assert_uint_eq(r.dropped_fields, 3);
	ck_assert_int_eq(r.dropped.line, 9);
	ck_assert_uint_eq(r.records[0].n_sm_events, 3);
	ck_assert_str_eq(r.records[r.n - 1].short_name, "g");
	ck_assert_uint_eq(r.records[r.n - 1].n_sm_events, 0);
	report_done(&r);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("import_nvprof");
	TCase *tc = tcase_create("corpus");

	tcase_add_test(tc, trace_titanxp);
	tcase_add_test(tc, trace_text_titanxp);
	tcase_add_test(tc, trace_text_bad_fields);
	tcase_add_test(tc, trace_bad_rows);
	tcase_add_test(tc, metrics_gtx1080ti);
	tcase_add_test(tc, metrics_invocations_and_range);
	tcase_add_test(tc, metrics_bad_value);
	tcase_add_test(tc, metrics_text_gtx1070);
	tcase_add_test(tc, runs_appended_text);
	tcase_add_test(tc, runs_appended_metrics);
	tcase_add_test(tc, runs_appended_trace);
	tcase_add_test(tc, trace_cut_in_units_row);
	tcase_add_test(tc, summary_refused);
	tcase_add_test(tc, cudaprof_kv);
	tcase_add_test(tc, cudaprof_kv_keys_and_bad);
	tcase_add_test(tc, cudaprof_csv);
	tcase_add_test(tc, cudaprof_logs_joined);
	tcase_add_test(tc, cudaprof_csv_bad_rows);
	tcase_add_test(tc, cudaprof_counters);
	tcase_add_test(tc, events_constructed);
	tcase_add_test(tc, events_bad_rows);
	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
