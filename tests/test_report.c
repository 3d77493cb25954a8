/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_report.c - the report model and the import driver: short names,
 * number parsing, finding the table among other output, and the errors for
 * files that hold none. Variants are built from corpus files, not invented. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "import.h"
#include "report.h"
#include "reportutil.h"
#include "readfile.h"
#include "strutil.h"
#include "testutil.h"

static char *slurp(const char *file, size_t *len)
{
	struct occ_error err = { 0 };
	char *text = str_read_file(data_path("rocprof/", file), 1 << 20, len, &err);

	ck_assert_msg(text != NULL, "%s: %s", file, err.message);
	return text;
}

/* ------------------------------------------------------------------------ */

static void ck_short(const char *name, const char *want)
{
	char out[REPORT_SHORT_NAME];

	report_short_name(name, out, sizeof(out));
	ck_assert_msg(strcmp(out, want) == 0, "\"%s\" -> \"%s\", want \"%s\"", name, out, want);
}

START_TEST(short_names)
{
	/* report.h's own examples */
	ck_short("foo(int, float) [clone .kd]", "foo");
	ck_short("void ns::bar<int>(...)", "ns::bar");
	/* corpus names: rocprof v1, Omniperf " (.kd)", a bare descriptor
	 * symbol, rocprofv3 and the MI100 trailing space */
	ck_short("vector_add(float*, float*, float*, int) [clone .kd]", "vector_add");
	ck_short("vecCopy(double*, double*, double*, int, int) (.kd)", "vecCopy");
	ck_short("vecCopy(double*, double*, double*, int, int) ", "vecCopy");
	ck_short("__amd_rocclr_fillBufferAligned.kd", "__amd_rocclr_fillBufferAligned");
	ck_short("void addition_kernel<float>(float*, float const*, float const*, int, int)",
		 "addition_kernel");
	ck_short("void benchmark_func<HIP_vector_type<float, 2u>, 256, 8u, 0u>"
		 "(HIP_vector_type<float, 2u>, HIP_vector_type<float, 2u>*) [clone .kd]",
		 "benchmark_func");
	/* ncu's correlation suffix and its odd anonymous-namespace demangling */
	ck_short("saxpy(int, float) [1168]", "saxpy");
	ck_short("unnamed>::saxpy_kernel(int, float, const float *, float *)",
		 "unnamed>::saxpy_kernel");
	ck_short("(anonymous namespace)::k(int)", "(anonymous namespace)::k");
	/* ncu/opinsight_a100...: Nsight Compute's own spelling is no template */
	ck_short("void at::native::<unnamed>::adaptive_average_pool<float>(T1 *, T1 *, int, int, "
		 "int, int, long, long, long)", "at::native::<unnamed>::adaptive_average_pool");
	/* template argument holding parentheses, and a lambda-typed argument */
	ck_short("void k<(t)1, f(int)::{lambda(int)#1}>(g) [clone .kd]", "k");
	/* nothing but a name, and names a stripper must not break */
	ck_short("plain", "plain");
	ck_short("", "");
	ck_short("   ", "");
	ck_short("()", "()");
	ck_short("<int>", "<int>");
	ck_short("k<<unbalanced(int)", "k<<unbalanced");
	ck_short("void ", "void");
	ck_short("bool operator<(a, b)", "bool operator<");
}
END_TEST

/* A qualified name longer than the buffer loses leading namespaces first,
 * so the kernel's own name survives. */
START_TEST(short_name_long)
{
	char name[600], out[REPORT_SHORT_NAME], tiny[8];
	size_t n = 0;

	for (int i = 0; i < 20; i++)
		n += (size_t)sprintf(name + n, "namespace_%02d::", i);
	sprintf(name + n, "the_kernel<int>(float)");
	report_short_name(name, out, sizeof(out));
	ck_assert(strlen(out) < sizeof(out));
	ck_assert(strlen(out) > 100);
	ck_assert_str_eq(out + strlen(out) - strlen("::the_kernel"), "::the_kernel");
	ck_assert(strncmp(out, "namespace_", 10) == 0);
	/* no namespace to drop: cut, at a UTF-8 boundary */
	report_short_name("k\xc3\xa9\xc3\xa9\xc3\xa9(int)", tiny, sizeof(tiny));
	ck_assert_str_eq(tiny, "k\xc3\xa9\xc3\xa9\xc3\xa9");
	report_short_name("kk\xc3\xa9\xc3\xa9\xc3\xa9(int)", tiny, sizeof(tiny));
	ck_assert_str_eq(tiny, "kk\xc3\xa9\xc3\xa9");
	report_short_name("x", tiny, 1);
	ck_assert_str_eq(tiny, "");
}
END_TEST

/* ------------------------------------------------------------------------ */

static void ck_int(const char *text, bool ok, bool present, int64_t value)
{
	struct report_int v = { true, 99 };

	ck_assert_msg(import_int(text, &v) == ok, "import_int(\"%s\")", text);
	ck_assert_msg(v.present == present, "import_int(\"%s\") present", text);
	if (present)
		ck_assert_msg(v.value == value, "import_int(\"%s\") = %lld", text,
			      (long long)v.value);
}

static void ck_num(const char *text, bool ok, bool present, double value)
{
	struct report_num v = { true, 99 };

	ck_assert_msg(import_num(text, &v) == ok, "import_num(\"%s\")", text);
	ck_assert_msg(v.present == present, "import_num(\"%s\") present", text);
	if (present)
		ck_assert_msg(v.value == value, "import_num(\"%s\") = %g", text, v.value);
}

/* report_intern_short_name remembers the short names of the full names it
 * saw (a bounded table by their bytes): whatever it remembers, each answer
 * is report_short_name's of the name asked, interned once. Names from
 * short_names above; 600 distinct ones pass every slot of the table more
 * than once. */
START_TEST(short_name_memo)
{
	static const char *const names[] = {
		"vector_add(float*, float*, float*, int) [clone .kd]",
		"void addition_kernel<float>(float*, float const*, float const*, int, int)",
		"void addition_kernel<double>(double*, double const*, double const*, int, int)",
		"vecCopy(double*, double*, double*, int, int) (.kd)",
		"__amd_rocclr_fillBufferAligned.kd",
	};
	struct report r = { 0 };
	const char *first[5];
	char want[REPORT_SHORT_NAME], name[96];

	for (int round = 0; round < 3; round++) {
		for (int i = 0; i < 5; i++) {
			const char *got = report_intern_short_name(&r, names[i]);

			report_short_name(names[i], want, sizeof(want));
			ck_assert_str_eq(got, want);
			if (round == 0)
				first[i] = got;
			/* the same interned text every time */
			ck_assert_ptr_eq(got, first[i]);
		}
		for (int k = 0; k < 600; k++) {
			const char *got;

			snprintf(name, sizeof(name), "void ns%d::kernel_%d<int>(int*) [clone .kd]",
				 k % 7, k);
			got = report_intern_short_name(&r, name);
			report_short_name(name, want, sizeof(want));
			ck_assert_str_eq(got, want);
		}
	}
	/* After the 600 distinct names the memo is asked only now and then
	 * (MEMO_GIVE_UP): names that repeat again get the same answers, and
	 * the same interned texts, while it finds them again. */
	for (int k = 0; k < 200; k++) {
		const char *got = report_intern_short_name(&r, names[k % 5]);

		ck_assert_ptr_eq(got, first[k % 5]);
	}
	/* a name longer than a slot holds in place (MEMO_INLINE), twice */
	{
		char lng[400];
		const char *once;

		snprintf(lng, sizeof(lng), "void ns::long_kernel<%0300d>(int)", 7);
		once = report_intern_short_name(&r, lng);
		ck_assert_str_eq(once, "ns::long_kernel");
		ck_assert_ptr_eq(report_intern_short_name(&r, lng), once);
	}
	/* two full names, one short name: one interned text */
	ck_assert_ptr_eq(first[1], first[2]);
	ck_assert_str_eq(report_intern_short_name(&r, ""), "");
	report_done(&r);
}
END_TEST

START_TEST(numbers)
{
	/* forms from the corpus index: thousands separators, percent, units
	 * stuck to values, "n/a", float-typed counts */
	ck_int("1,275,068,416", true, true, 1275068416);
	ck_int("16,384", true, true, 16384);
	ck_int("16384.000000", true, true, 16384);
	ck_int("256", true, true, 256);
	ck_int(" 42 ", true, true, 42);
	ck_int("-5", true, true, -5);
	ck_int("1e3", true, true, 1000);
	ck_int("40KB", true, true, 40);
	ck_int("n/a", true, false, 0);
	ck_int("N/A ", true, false, 0);
	ck_int("", true, false, 0);
	ck_int(NULL, true, false, 0);
	ck_int("12.5", false, false, 0);
	ck_int("1,5", false, false, 0);      /* a decimal comma, not 15 */
	ck_int("1,2345", false, false, 0);
	ck_int("1234,567", false, false, 0);
	ck_int("0x7f50a7abb600", false, false, 0);
	ck_int("Low (1)", false, false, 0);
	ck_int("PolicySpread", false, false, 0);
	ck_int("9223372036854775807", true, true, INT64_MAX);
	ck_int("9223372036854775808", false, false, 0);
	ck_int("1e300", false, false, 0);
	ck_int("n/a x", false, false, 0);
	/* around the plain-digits shortcut (18 digits) and past it */
	ck_int("+5", true, true, 5);
	ck_int("007", true, true, 7);
	ck_int("-0", true, true, 0);
	ck_int("999999999999999999", true, true, 999999999999999999);
	ck_int("-999999999999999999", true, true, -999999999999999999);
	ck_int("1000000000000000000", true, true, 1000000000000000000);
	ck_int("-9223372036854775808", true, true, INT64_MIN);
	ck_int("99999999999999999999", false, false, 0);
	ck_int("3599977333751882", true, true, 3599977333751882);
	ck_int("+", false, false, 0);
	ck_int("5-", false, false, 0);

	ck_num("100.0%", true, true, 100.0);
	ck_num("249.976002GB/s", true, true, 249.976002);
	ck_num("0.562536", true, true, 0.562536);
	ck_num("795,373,665.48\"", false, false, 0);   /* trailing quote */
	ck_num("795,373,665.48", true, true, 795373665.48);
	ck_num("104,000,000.00", true, true, 104000000.0);
	ck_num("5 ms", true, true, 5.0);
	ck_num("n/a", true, false, 0);
	ck_num("inf", false, false, 0);
	ck_num("nan", false, false, 0);
	ck_num("1e999", false, false, 0);
	ck_num("-", false, false, 0);
	ck_num(".5", false, false, 0);
	ck_num("123456789012345678", true, true, 123456789012345678.0);
	ck_num("", true, false, 0);
	{
		/* "-0" keeps strtod's sign */
		struct report_num v;

		ck_assert(import_num("-0", &v) && v.present && v.value == 0 && signbit(v.value));
		ck_assert(import_num("0", &v) && v.present && !signbit(v.value));
	}
}
END_TEST

START_TEST(report_add_grows)
{
	struct report r = { 0 };

	for (long i = 0; i < 1000; i++) {
		struct report_record *k = report_add(&r, i + 2);
		ck_assert_ptr_nonnull(k);
		ck_assert(!k->grid[0].present && !k->duration_ns.present && !k->name);
		k->id = (struct report_int){ true, i };
	}
	ck_assert_uint_eq(r.n, 1000);
	for (size_t i = 0; i < r.n; i++) {
		ck_assert_int_eq(r.records[i].line, (long)i + 2);
		ck_assert_int_eq(r.records[i].id.value, (int64_t)i);
	}
	report_done(&r);
	ck_assert_uint_eq(r.n, 0);
	ck_assert_ptr_null(r.records);
}
END_TEST

/* Records taken from the front (a stream handing them over) leave room that
 * report_add reuses: holding 100 at a time, 100,000 records pass through a
 * store of a few hundred, in order, with their heap fields. */
START_TEST(report_shift_reuses_the_store)
{
	struct report r = { 0 };
	long next = 0;

	for (long i = 0; i < 100000; i++) {
		struct report_record *k = report_add(&r, i);

		ck_assert_ptr_nonnull(k);
		k->name = malloc(24);
		ck_assert_ptr_nonnull(k->name);
		snprintf(k->name, 24, "k%ld", i);
		while (r.n > 100) {
			struct report_record *out = report_shift(&r);
			char want[24];

			snprintf(want, sizeof(want), "k%ld", next);
			if (out->line != next || strcmp(out->name, want) != 0)
				ck_abort_msg("record %ld came out as %ld (%s)", next, out->line,
					     out->name);
			report_record_done(out);
			ck_assert_ptr_null(out->name);
			next++;
		}
	}
	ck_assert_uint_eq(r.n_streamed, 100000 - 100);
	ck_assert_uint_le(r.store_cap, 256);
	ck_assert_int_eq(r.records[0].line, next);
	report_done(&r);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* The driver */

static bool parse(const char *text, size_t len, struct report *r, struct occ_error *err)
{
	occ_error_clear(err);
	return report_parse("t.csv", text, len, r, err);
}

static void ck_fails(const char *text, size_t len, long line, const char *words)
{
	struct report r;
	struct occ_error err;

	ck_assert(!parse(text, len, &r, &err));
	ck_assert_int_eq(err.status, OCC_EDATA);
	ck_assert_str_eq(err.file, "t.csv");
	ck_assert_int_eq(err.line, line);
	ck_assert_msg(strstr(err.message, words) != NULL, "\"%s\" lacks \"%s\"", err.message,
		      words);
	ck_assert_uint_eq(r.n, 0);
	ck_assert_ptr_null(r.records);
}

START_TEST(errors)
{
	static const char binary[] = "Index,KernelName,grd\n\0\1\2\3";
	static const char ncu_fail[] = "==PROF== Connected to process 1\n"
				       "==ERROR== The application returned an error code (1).\n";
	size_t len;
	char *text;

	ck_fails("", 0, 0, "empty");
	ck_fails("\xEF\xBB\xBF", 3, 0, "empty");
	ck_fails(binary, sizeof(binary) - 1, 2, "binary");
	ck_fails(ncu_fail, strlen(ncu_fail), 2, "no table");   /* at the ==ERROR== line */
	ck_fails("hello\nworld\n", 12, 0, "no table");
	/* a header of no known format: the message shows it */
	ck_fails("starting\nKernel,Blocks,Threads\nk,1,2\n", 37, 2, "Kernel,Blocks,Threads");
	/* a real Nsight Compute header cut inside its 13th quoted name:
	 * the message names the cut line, not "no table" */
	text = slurp("../ncu/llmperfopt_blackwell_cc120_ncu2025_section_Occupancy_kernel0003.csv", &len);
	{
		const char *h = strstr(text, "\"ID\"");
		char *cut;

		ck_assert_ptr_nonnull(h);
		cut = strndup(text, (size_t)(strstr(h, "\"Metric Name\"") - text) + 8);
		ck_fails(cut, strlen(cut), 1, "ends inside a quoted field");
		free(cut);
	}
	free(text);
	/* a known header and no rows: said at the line where the file ends,
	 * the header's own */
	text = slurp("omniperf_tests_mi300x_rocprofv2style_timestamps.csv", &len);
	ck_fails(text, (size_t)(strchr(text, '\n') - text) + 1, 1,
		 "(its header on line 1) holds no kernel rows: the file ends at line 1");
	free(text);
	{
		struct report r;
		struct occ_error err = { 0 };

		ck_assert(!report_load("/nonexistent/occview/report.csv", &r, &err));
		ck_assert_int_ne(err.status, OCC_OK);
		ck_assert_ptr_nonnull(strstr(err.file, "/nonexistent/occview/report.csv"));
	}
}
END_TEST

/* Replaces the first `from` at or after `after` in text with `to`. */
static char *replace(const char *text, const char *after, const char *from, const char *to)
{
	const char *a = strstr(text, after);
	const char *f;
	char *out;

	ck_assert_ptr_nonnull(a);
	f = strstr(a, from);
	ck_assert_ptr_nonnull(f);
	out = malloc(strlen(text) + strlen(to) + 1);
	sprintf(out, "%.*s%s%s", (int)(f - text), text, to, f + strlen(from));
	return out;
}

/* Row 2 of the timestamps file with its Arch_VGPR "4" made garbage: the
 * error names file, line 3 and the column, and rows 1 and 3 still import. */
START_TEST(bad_field_rejects_row_only)
{
	size_t len;
	char *text = slurp("omniperf_tests_mi300x_rocprofv2style_timestamps.csv", &len);
	/* "2,60633,1,967084,967084,1048576,256,0,0,4,4,16,64,..." */
	char *bad = replace(text, "\n2,60633,", ",0,0,4,4,16,", ",0,0,x4,4,16,");
	struct report r;
	struct occ_error err;
	char msg[512];

	ck_assert(parse(bad, strlen(bad), &r, &err));
	ck_assert_uint_eq(r.n, 2);
	ck_assert_uint_eq(r.rejected_rows, 1);
	ck_assert_int_eq(r.records[0].id.value, 1);
	ck_assert_int_eq(r.records[1].id.value, 3);
	ck_assert_int_eq(err.status, OCC_EDATA);
	occ_error_format(&err, msg, sizeof(msg));
	ck_assert_str_eq(err.file, "t.csv");
	ck_assert_int_eq(err.line, 3);
	ck_assert_str_eq(err.field, "Arch_VGPR");
	ck_assert_ptr_nonnull(strstr(msg, "x4"));
	report_done(&r);
	free(bad);

	/* a workgroup size of 0 cannot be divided by */
	bad = replace(text, "\n3,60633,", ",1048576,256,", ",1048576,0,");
	ck_assert(parse(bad, strlen(bad), &r, &err));
	ck_assert_uint_eq(r.n, 2);
	ck_assert_int_eq(err.line, 4);
	ck_assert_str_eq(err.field, "Workgroup_Size");
	report_done(&r);
	free(bad);
	free(text);
}
END_TEST

/* The gunrock file (6 KB names with commas) with a UTF-8 BOM, CRLF line
 * ends and no final newline reads exactly as the original. */
START_TEST(bom_crlf_no_final_newline)
{
	const char *file = "gunrock_mi300_rocprofv1_results_TRUNCATED.csv";
	size_t len, n = 0;
	char *text = slurp(file, &len);
	char *win = malloc(2 * len + 4);
	struct report a, b;
	struct occ_error err;

	memcpy(win, "\xEF\xBB\xBF", 3);
	n = 3;
	for (size_t i = 0; i < len; i++) {
		if (text[i] == '\n')
			win[n++] = '\r';
		win[n++] = text[i];
	}
	ck_assert(n >= 2 && win[n - 1] == '\n' && win[n - 2] == '\r');
	n -= 2;
	ck_assert(parse(text, len, &a, &err));
	ck_assert(parse(win, n, &b, &err));
	ck_assert_int_eq(err.status, OCC_OK);
	ck_assert_uint_eq(b.n, 13);
	ck_same_records(&a, &b, false, file);
	ck_assert_int_eq(b.records[12].line, 14);
	report_done(&a);
	report_done(&b);
	free(win);
	free(text);
}
END_TEST

/* Application output and profiler banners before, between and after the
 * rows (one with a stray quote), blank lines, and a row cut short (ragged):
 * the records are those of the original file. */
START_TEST(table_among_other_output)
{
	size_t len;
	char *text = slurp("omniperf_tests_mi300x_rocprofv2style_timestamps.csv", &len);
	char *buf = malloc(len + 1024);
	const char *row2 = strstr(text, "\n2,60633,") + 1;
	const char *row3 = strstr(text, "\n3,60633,") + 1;
	struct report a, b;
	struct occ_error err;
	int n;

	n = sprintf(buf, "==PROF== Connected to process 967084\n"
			 "Running vecCopy, 3 times\n"
			 "size: 1048576\n\n");
	n += sprintf(buf + n, "%.*s", (int)(row2 - text), text);
	n += sprintf(buf + n, "he said \"done\n==PROF== Disconnected\n\n");
	n += sprintf(buf + n, "%.*s", (int)(row3 - row2), row2);
	n += sprintf(buf + n, "%s", row3);
	n += sprintf(buf + n, "PASSED\n==PROF== Report: out.csv\n");
	ck_assert(parse(text, len, &a, &err));
	ck_assert(parse(buf, (size_t)n, &b, &err));
	ck_assert_msg(err.status == OCC_OK, "%s", err.message);
	ck_same_records(&a, &b, false, "among other output");
	/* lines: 1 ==PROF==, 2-3 output, 4 blank, 5 header, 6 row 1, 7 the
	 * stray quote, 8 ==PROF==, 9 blank, 10 row 2, 11 row 3 */
	ck_assert_int_eq(b.records[0].line, 6);
	ck_assert_int_eq(b.records[1].line, 10);
	ck_assert_int_eq(b.records[2].line, 11);
	report_done(&a);
	report_done(&b);

	/* Ragged: row 3 cut after its Kernel_Name: no timestamps, so no
	 * duration, and the fields before are read. */
	{
		const char *cut = strstr(row3, "(.kd)\",") + strlen("(.kd)\"");
		n = sprintf(buf, "%.*s\n", (int)(cut - text), text);
		ck_assert(parse(buf, (size_t)n, &b, &err));
		ck_assert_uint_eq(b.n, 3);
		ck_assert(!b.records[2].duration_ns.present);
		ck_assert(b.records[2].arch_vgprs.present);
		ck_assert(b.records[1].duration_ns.present);
		report_done(&b);
	}
	free(buf);
	free(text);
}
END_TEST

/* A kernel name with a comma, a control character and a newline inside its
 * quotes, and a grid with quoted thousands separators, built from the
 * rocprofv3 trace: the name is kept whole, the row's line is where it starts. */
START_TEST(quoted_fields)
{
	size_t len;
	char *text = slurp("rocprofv3_sdk_docs_kernel_trace.csv", &len);
	char *a = replace(text, "\"KERNEL_DISPATCH\",2,1,1,21228,2,", "\"subtract_kernel(",
			  "\"sub,\x01tract\nkernel(");
	char *b = replace(a, "\"KERNEL_DISPATCH\",2,1,1,21228,3,", ",64,1,1,1024,1024,1",
			  ",64,1,1,\"1,024\",1024,1");
	struct report r;
	struct occ_error err;

	ck_assert(parse(b, strlen(b), &r, &err));
	ck_assert_uint_eq(r.n, 8);
	ck_assert_str_eq(r.records[1].name,
			 "sub,\x01tract\nkernel(float*, float const*, float const*, int, int)");
	ck_assert_str_eq(r.records[1].short_name, "sub,\x01tract\nkernel");
	ck_assert_int_eq(r.records[1].line, 3);
	ck_assert_int_eq(r.records[2].line, 5);
	ck_assert_int_eq(r.records[2].grid[0].value, 16);
	ck_assert_int_eq(r.records[7].line, 10);
	report_done(&r);
	free(a);
	free(b);
	free(text);
}
END_TEST

/* Not Kind KERNEL_DISPATCH: counted as skipped, not a record. */
START_TEST(non_kernel_rows_skipped)
{
	size_t len;
	char *text = slurp("rocprofv3_sdk_docs_kernel_trace.csv", &len);
	char *a = replace(text, "\n", "\"KERNEL_DISPATCH\"", "\"MEMORY_COPY\"");
	struct report r;
	struct occ_error err;

	ck_assert(parse(a, strlen(a), &r, &err));
	ck_assert_uint_eq(r.n, 7);
	ck_assert_uint_eq(r.skipped_rows, 1);
	ck_assert_int_eq(r.records[0].id.value, 2);
	report_done(&r);
	free(a);
	free(text);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("report");
	TCase *tc = tcase_create("report");

	tcase_add_test(tc, short_names);
	tcase_add_test(tc, short_name_long);
	tcase_add_test(tc, short_name_memo);
	tcase_add_test(tc, numbers);
	tcase_add_test(tc, report_add_grows);
	tcase_add_test(tc, report_shift_reuses_the_store);
	tcase_add_test(tc, errors);
	tcase_add_test(tc, bad_field_rejects_row_only);
	tcase_add_test(tc, bom_crlf_no_final_newline);
	tcase_add_test(tc, table_among_other_output);
	tcase_add_test(tc, quoted_fields);
	tcase_add_test(tc, non_kernel_rows_skipped);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
