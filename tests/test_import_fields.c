/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_import_fields.c - what a field a report cannot give costs (import.h):
 * its row when the launch is made of it (grid, block, registers, shared
 * memory, LDS), named with file and line while the other rows are read;
 * only itself otherwise (ids, timestamps, durations, counters, measured
 * occupancy), left absent and said once. Each case is a real corpus file,
 * read as it is, then with one field of it changed in memory. */
#include "config.h"

#include <check.h>
#include <stdint.h>
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

/* ---- a corpus file, and one field of it changed ---- */

static char *slurp(const char *dir, const char *file, size_t *len)
{
	struct occ_error err = { 0 };
	char *text = str_read_file(data_path(dir, file), 8 << 20, len, &err);

	ck_assert_msg(text != NULL, "%s: %s", file, err.message);
	return text;
}

/* Where line n (1-based) starts in text. */
static size_t line_start(const char *text, long n)
{
	const char *p = text;

	for (long i = 1; i < n; i++) {
		p = strchr(p, '\n');
		ck_assert_ptr_nonnull(p);
		p++;
	}
	return (size_t)(p - text);
}

/* The span [*b, *e) of field k of the CSV line at text + at (quotes
 * included); false past the line's last field. */
static bool field_span(const char *text, size_t at, int k, size_t *b, size_t *e)
{
	size_t p = at;

	for (int i = 0;; i++) {
		size_t start = p;
		bool quoted = text[p] == '"';

		if (quoted) {
			for (p++; text[p] && !(text[p] == '"' && text[p + 1] != '"'); p++)
				if (text[p] == '"')
					p++;
			p++;
		}
		while (text[p] && text[p] != ',' && text[p] != '\n' && text[p] != '\r')
			p++;
		if (i == k) {
			*b = start;
			*e = p;
			return true;
		}
		if (text[p] != ',')
			return false;
		p++;
	}
}

/* text with field `column` (named on line header) of line n set to value,
 * quoted; a new string. */
static char *with_field(const char *text, long header, const char *column, long n,
			const char *value)
{
	size_t hb, he, b, e, at = line_start(text, header);
	char want[128];
	char *out;
	int k;

	snprintf(want, sizeof(want), "\"%s\"", column);
	for (k = 0; field_span(text, at, k, &hb, &he); k++)
		if ((he - hb == strlen(want) && memcmp(text + hb, want, he - hb) == 0) ||
		    (he - hb == strlen(column) && memcmp(text + hb, column, he - hb) == 0))
			break;
	ck_assert_msg(field_span(text, at, k, &hb, &he), "no column %s", column);
	ck_assert(field_span(text, line_start(text, n), k, &b, &e));
	out = malloc(strlen(text) + strlen(value) + 3);
	ck_assert_ptr_nonnull(out);
	sprintf(out, "%.*s\"%s\"%s", (int)b, text, value, text + e);
	return out;
}

static bool parse(const char *text, struct report *r, struct occ_error *err)
{
	occ_error_clear(err);
	return report_parse("t.csv", text, strlen(text), r, err);
}

/* ---- rocprofiler-compute 3: float timestamps ---- */

#define PMC3 "constructed_rocprofcompute3_mi300x_pmc_perf.csv"

/* Start_Timestamp and End_Timestamp have decimals ("44838024787270.16"):
 * read as numbers, the durations are their differences, and no field is
 * left out. Every one of the 100 records computes on the MI300X. */
/* import_num reads "digits.digits" (a raw page's percentages and rates,
 * "53.94") without strtod where it has at most 15 digits: the value must
 * be strtod's to the bit, sign of zero included. 200,000 such texts (fixed
 * seed), and the shapes next to them that go the long way (16 digits, no
 * digit before or after the point, a unit, thousands separators). */
START_TEST(decimals_as_strtod)
{
	static const char *const others[] = {
		"1234567890.123456", ".5", "5.", "-.5", "1,234.5", "53.94%", "1.5e3", "+2.25",
		"-0.0", "0.000000000000001", "999999999999.999", "-12.50 ms",
	};
	uint64_t seed = 24;
	char text[40];

#define RAND() (seed = seed * 6364136223846793005u + 1442695040888963407u, (unsigned)(seed >> 33))
	for (int t = 0; t < 200000 + (int)(sizeof(others) / sizeof(others[0])); t++) {
		struct report_num got;
		double want;
		char *end;

		if (t < 200000) {
			int n = 2 + (int)(RAND() % 15), point = 1 + (int)(RAND() % (unsigned)(n - 1));
			size_t len = 0;

			if (RAND() % 8 == 0)
				text[len++] = RAND() % 2 ? '-' : '+';
			for (int i = 0; i < n; i++) {
				if (i == point)
					text[len++] = '.';
				text[len++] = (char)('0' + (i == 0 && RAND() % 4 ? 0 : RAND() % 10));
			}
			text[len] = '\0';
		} else {
			snprintf(text, sizeof(text), "%s", others[t - 200000]);
		}
		if (!import_num(text, &got))
			continue;   /* not a number import_num takes: the long way's verdict */
		want = strtod(text, &end);
		if (*end != '\0')
			continue;   /* a unit import_num drops; not this test's */
		ck_assert_msg(got.present, "%s", text);
		if (memcmp(&got.value, &want, sizeof(want)) != 0)
			ck_abort_msg("%s: %.17g, strtod %.17g", text, got.value, want);
	}
#undef RAND
}
END_TEST

START_TEST(float_timestamps)
{
	struct report r;
	const struct report_record *k;
	char msg[1024];
	load_clean("rocprof/", PMC3, &r);
	ck_assert_str_eq(r.format, "rocprofv2 / Omniperf");
	ck_assert_uint_eq(r.n, 100);
	ck_assert_uint_eq(r.dropped_fields, 0);
	ck_assert_int_eq(r.dropped.status, OCC_OK);
	/* Line 2: Dispatch_ID 0, __amd_rocclr_fillBufferAligned, Grid_Size
	 * 61440, Workgroup_Size 256, LDS 0, Arch_VGPR 10, Accum_VGPR 2, SGPR 40,
	 * Start_Timestamp 31208417702913.25, End_Timestamp 31208417819984.68 */
	k = &r.records[0];
	ck_assert_int_eq(k->line, 2);
	CK_INT(k->id, 0);
	ck_grid(k, 240, 1, 1);
	ck_block(k, 256, 1, 1);
	CK_INT(k->arch_vgprs, 10);
	CK_INT(k->accum_vgprs, 2);
	CK_INT(k->sgprs, 40);
	CK_INT(k->lds_bytes, 0);
	CK_NUM(k->duration_ns, 31208417819984.68 - 31208417702913.25);
	/* Line 4: Dispatch_ID 2, tiled_bmm_mfma_32x32x8, 262144 / 256 = 1024
	 * workgroups, LDS 4096, Arch_VGPR 64, SGPR 40, from 31208417974136.06
	 * to 31208418676731.965 */
	k = &r.records[2];
	ck_assert_int_eq(k->line, 4);
	ck_grid(k, 1024, 1, 1);
	CK_INT(k->lds_bytes, 4096);
	CK_INT(k->arch_vgprs, 64);
	CK_INT(k->sgprs, 40);
	CK_NUM(k->duration_ns, 31208418676731.965 - 31208417974136.06);

	ck_assert_msg(records_computing(db, &r, "mi300x", PMC3, msg, sizeof(msg)) == 100, "%s",
		      msg);
	report_done(&r);
}
END_TEST

/* A timestamp that is no number ("soon" for line 2's Start_Timestamp)
 * leaves that record's duration absent and says so once; the row and the
 * other 99 are read. */
START_TEST(unreadable_timestamp_is_dropped)
{
	size_t len;
	char *text = slurp("rocprof/", PMC3, &len);
	char *bent = with_field(text, 1, "Start_Timestamp", 2, "soon");
	struct occ_error err;
	struct report r;

	ck_assert(parse(bent, &r, &err));
	ck_assert_int_eq(err.status, OCC_OK);
	ck_assert_uint_eq(r.n, 100);
	ck_assert_uint_eq(r.rejected_rows, 0);
	ck_assert_uint_eq(r.dropped_fields, 1);
	ck_assert_int_eq(r.dropped.status, OCC_EDATA);
	ck_assert_int_eq(r.dropped.line, 2);
	ck_assert_str_eq(r.dropped.field, "Start_Timestamp");
	ck_assert_msg(strstr(r.dropped.message, "\"soon\""), "%s", r.dropped.message);
	CK_ABSENT(r.records[0].duration_ns);
	ck_grid(&r.records[0], 240, 1, 1);
	CK_NUM(r.records[1].duration_ns, 31208417955318.06 - 31208417837128.01);
	report_done(&r);
	free(bent);
	free(text);
}
END_TEST

/* A field the launch is made of that is no number ("many" for line 3's
 * Grid_Size) rejects that row alone, named with its line and column. */
START_TEST(unreadable_grid_rejects_the_row)
{
	size_t len;
	char *text = slurp("rocprof/", PMC3, &len);
	char *bent = with_field(text, 1, "Grid_Size", 3, "many");
	struct occ_error err;
	struct report r;

	ck_assert(parse(bent, &r, &err));
	ck_assert_int_eq(err.status, OCC_EDATA);
	ck_assert_int_eq(err.line, 3);
	ck_assert_str_eq(err.field, "Grid_Size");
	ck_assert_uint_eq(r.rejected_rows, 1);
	ck_assert_uint_eq(r.n, 99);
	ck_assert_int_eq(r.records[0].line, 2);
	ck_assert_int_eq(r.records[1].line, 4);
	report_done(&r);
	free(bent);
	free(text);
}
END_TEST

/* When every kernel row is rejected the file gives nothing, and says that
 * is why: the 13 rows of gunrock's rocprof file, each with wgr "x". */
START_TEST(every_row_rejected_says_so)
{
	size_t len;
	char *text = slurp("rocprof/", "gunrock_mi300_rocprofv1_results_TRUNCATED.csv", &len);
	struct occ_error err;
	struct report r;

	for (long line = 2; line <= 14; line++) {
		char *bent = with_field(text, 1, "wgr", line, "x");

		free(text);
		text = bent;
	}
	ck_assert(!parse(text, &r, &err));
	ck_assert_int_eq(err.line, 2);
	ck_assert_str_eq(err.field, "wgr");
	ck_assert_msg(strstr(err.message, "every kernel row of the rocprof v1 results was "
					  "rejected: 13"), "%s", err.message);
	free(text);
}
END_TEST

/* ---- Nsight Compute ---- */

#define NCU_METRICS "llmperfopt_blackwell_cc120_ncu2025_metrics_na_kernel0003.csv"
#define NCU_RAW "constructed_ncu_raw_page_b200_cc100_decode_b1.csv"

/* Details page: lines 7 (gpu__time_duration.sum) and 11 (Duration) both
 * give the kernel's duration ("us","23.42"); "later" in both leaves it
 * absent and the kernel as it was. */
START_TEST(ncu_details_duration_dropped)
{
	size_t len;
	char *text = slurp("ncu/", NCU_METRICS, &len);
	char *once = with_field(text, 1, "Metric Value", 7, "later");
	char *bent = with_field(once, 1, "Metric Value", 11, "later");
	struct occ_error err;
	struct report clean, r;

	load_clean("ncu/", NCU_METRICS, &clean);
	CK_NUM(clean.records[0].duration_ns, 23420);
	ck_assert(parse(bent, &r, &err));
	ck_assert_int_eq(err.status, OCC_OK);
	ck_assert_uint_eq(r.n, 1);
	ck_assert_uint_eq(r.dropped_fields, 2);
	ck_assert_int_eq(r.dropped.line, 7);
	ck_assert_str_eq(r.dropped.field, "gpu__time_duration.sum");
	CK_ABSENT(r.records[0].duration_ns);
	ck_grid(&r.records[0], 152, 4, 1);
	ck_block(&r.records[0], 128, 1, 1);
	report_done(&clean);
	report_done(&r);
	free(bent);
	free(once);
	free(text);
}
END_TEST

/* Raw page, line 5 (ID 0): gpu__time_duration.sum and the ID are
 * information; launch__registers_per_thread is the launch. */
START_TEST(ncu_raw_fields)
{
	size_t len;
	char *text = slurp("ncu/", NCU_RAW, &len);
	char *dur = with_field(text, 3, "gpu__time_duration.sum", 5, "n/k");
	char *id = with_field(dur, 3, "ID", 5, "first");
	char *regs = with_field(text, 3, "launch__registers_per_thread", 5, "forty");
	struct occ_error err;
	struct report clean, r;

	load_clean("ncu/", NCU_RAW, &clean);
	ck_assert(parse(id, &r, &err));
	ck_assert_int_eq(err.status, OCC_OK);
	ck_assert_uint_eq(r.n, clean.n);
	ck_assert_uint_eq(r.dropped_fields, 2);
	ck_assert_int_eq(r.dropped.line, 5);
	CK_ABSENT(r.records[0].duration_ns);
	CK_ABSENT(r.records[0].id);
	CK_INT(r.records[0].registers, 48);
	CK_NUM(r.records[1].duration_ns, clean.records[1].duration_ns.value);
	report_done(&r);

	ck_assert(parse(regs, &r, &err));
	ck_assert_int_eq(err.status, OCC_EDATA);
	ck_assert_int_eq(err.line, 5);
	ck_assert_str_eq(err.field, "launch__registers_per_thread");
	ck_assert_uint_eq(r.rejected_rows, 1);
	ck_assert_uint_eq(r.n, clean.n - 1);
	ck_assert_uint_eq(r.dropped_fields, 0);
	report_done(&r);
	report_done(&clean);
	free(regs);
	free(id);
	free(dur);
	free(text);
}
END_TEST

/* ---- nvprof ---- */

#define NVPROF_TRACE "constructed_nvprof_print_gpu_trace_um.csv"
#define NVPROF_METRICS "magus_gtx1080ti_nvprof_metrics_all_csv_scalarProd_TRUNCATED.csv"

/* GPU trace: the first kernel (um_fill_grid, Correlation_ID 98, Duration
 * 0.271639 ms) is on line 61; a Duration and a
 * Correlation_ID that are no numbers are dropped, its launch is read. */
START_TEST(nvprof_trace_duration_dropped)
{
	size_t len;
	char *text = slurp("nvprof/", NVPROF_TRACE, &len);
	char *dur = with_field(text, 4, "Duration", 61, "fast");
	char *id = with_field(dur, 4, "Correlation_ID", 61, "#98");
	struct occ_error err;
	struct report r;

	ck_assert(parse(id, &r, &err));
	ck_assert_int_eq(err.status, OCC_OK);
	ck_assert_uint_eq(r.n, 5);
	ck_assert_uint_eq(r.dropped_fields, 2);
	ck_assert_int_eq(r.records[0].line, 61);
	ck_assert_str_eq(r.records[0].short_name, "um_fill_grid");
	CK_ABSENT(r.records[0].duration_ns);
	CK_ABSENT(r.records[0].id);
	CK_INT(r.records[0].registers, 18);
	ck_grid(&r.records[0], 640, 1, 1);
	report_done(&r);
	free(id);
	free(dur);
	free(text);
}
END_TEST

/* Metrics: achieved_occupancy is measured; an Avg that is none ("high")
 * leaves it absent, and the kernel's record stays. */
START_TEST(nvprof_metrics_achieved_dropped)
{
	size_t len;
	char *text = slurp("nvprof/", NVPROF_METRICS, &len);
	const char *at = strstr(text, "\"achieved_occupancy\"");
	long line = 1;
	struct occ_error err;
	struct report r;
	char *bent;

	ck_assert_ptr_nonnull(at);
	for (const char *p = text; p < at; p++)
		line += *p == '\n';
	bent = with_field(text, 6, "Avg", line, "high");
	ck_assert(parse(bent, &r, &err));
	ck_assert_int_eq(err.status, OCC_OK);
	ck_assert_uint_eq(r.n, 1);
	ck_assert_uint_eq(r.rejected_rows, 0);
	ck_assert_uint_eq(r.dropped_fields, 1);
	ck_assert_int_eq(r.dropped.line, line);
	CK_ABSENT(r.records[0].achieved_occupancy_pct);
	report_done(&r);
	free(bent);
	free(text);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("import_fields");
	TCase *tc = tcase_create("corpus");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, float_timestamps);
	tcase_add_test(tc, decimals_as_strtod);
	tcase_add_test(tc, unreadable_timestamp_is_dropped);
	tcase_add_test(tc, unreadable_grid_rejects_the_row);
	tcase_add_test(tc, every_row_rejected_says_so);
	tcase_add_test(tc, ncu_details_duration_dropped);
	tcase_add_test(tc, ncu_raw_fields);
	tcase_add_test(tc, nvprof_trace_duration_dropped);
	tcase_add_test(tc, nvprof_metrics_achieved_dropped);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
