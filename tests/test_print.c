/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_print.c - --print's text is the explorer's panes drawn one under the
 * other at --width columns: golden text of the embedded default at 80 and
 * 120 columns, a kernel record's report section and findings, a record that
 * cannot be analysed, and nothing ever wider than the width. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "golden.h"
#include "print.h"
#include "session.h"
#include "strutil.h"
#include "testutil.h"
#include "reportutil.h"

/* No line of text is wider than width. */
static void assert_within(const char *text, int width)
{
	char *copy = strdup(text), *line;

	for (line = strtok(copy, "\n"); line; line = strtok(NULL, "\n"))
		ck_assert_msg((int)str_display_width(line) <= width, "wider than %d: %s", width, line);
	free(copy);
}

/* The text --print writes for a, at width (every limit derived with
 * derive, as --derive asks); checks no line is wider. */
static char *capture_with(const struct analysis *a, const struct report_record *rec, int width,
			  bool derive)
{
	struct print_options o = { width, true, { .model = SIM_UNIFORM }, derive, false };
	struct printer *p = print_new(&o);
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(p);
	ck_assert(print_analysis(p, f, a, rec));
	fclose(f);
	print_free(p);
	assert_within(buf, width);
	return buf;
}

static char *capture(const struct analysis *a, const struct report_record *rec, int width)
{
	return capture_with(a, rec, width, false);
}

START_TEST(test_text_golden_80)
{
	static struct analysis a;
	char *out;

	default_analysis(&a);
	out = capture(&a, NULL, 80);
	golden_text("default_80.txt", out);
	ck_assert_ptr_nonnull(strstr(out, "Occupancy charts"));
	ck_assert_ptr_nonnull(strstr(out, "Warps vs barriers per block"));
	ck_assert_ptr_nonnull(strstr(out, "Achieved occupancy per SM"));
	/* The findings with their derivations, open. */
	ck_assert_ptr_nonnull(strstr(out, "> Registers: 8 blocks per SM"));
	free(out);
}
END_TEST

START_TEST(test_text_golden_120)
{
	static struct analysis a;
	char *out;

	default_analysis(&a);
	out = capture(&a, NULL, 120);
	golden_text("default_120.txt", out);
	free(out);
}
END_TEST

/* A launch on a named device, analysed as --print analyses it. */
static void device_analysis(struct analysis *a, const char *gpu, int threads, int regs,
			    int64_t smem)
{
	struct occ_error err = { 0 };
	struct launch l;
	struct gpu g;

	launch_init(&l);
	ck_assert_msg(gpu_db_find(db, gpu, &g, &err), "%s", err.message);
	l.block[0] = threads;
	l.regs_per_thread = regs;
	l.static_smem_bytes = smem;
	analysis_run(a, &l, &g, NULL, 0);
	ck_assert(a->ok);
}

/* --derive: the A100 pooling kernel (256 threads, 38 registers) derives
 * every limit, not only the registers' 6 blocks, and the waves once. */
START_TEST(test_text_derive)
{
	static struct analysis a;
	static const char *const titles[] = { "> Warps: 8 blocks per SM", "> Blocks: 32 blocks per SM",
		"> Registers: 6 blocks per SM", "> Shared memory: 164 blocks per SM",
		"> Barriers: no limit", "> Occupancy: 48 of 64 warps per SM (75.0%)", NULL };
	char *out, *plain;

	device_analysis(&a, "A100", 256, 38, 0);
	out = capture_with(&a, NULL, 80, true);
	plain = capture(&a, NULL, 80);
	golden_text("print_a100_derive_80.txt", out);
	for (int i = 0; titles[i]; i++)
		ck_assert_msg(strstr(out, titles[i]) != NULL, "%s missing", titles[i]);
	ck_assert_ptr_null(strstr(plain, "> Shared memory: 164 blocks per SM"));
	ck_assert_ptr_nonnull(strstr(plain, "> Registers: 6 blocks per SM"));
	/* the default grid's tail has its own finding, which derives the waves */
	ck_assert_ptr_nonnull(strstr(out, "> Waves:"));
	ck_assert_ptr_null(strstr(strstr(out, "> Waves:") + 1, "> Waves:"));
	free(out);
	free(plain);
}
END_TEST

/* Tesla (cc 1.3) and Fermi (cc 2.0): the table's allocation lines and the
 * registers' derivation say how each allocates (test_legacy_nv checks the
 * figures against the spreadsheet). */
START_TEST(test_text_golden_tesla_fermi)
{
	static struct analysis a;
	char *out;

	device_analysis(&a, "Tesla C1060", 160, 17, 2000);
	out = capture(&a, NULL, 80);
	golden_text("print_c1060_80.txt", out);
	ck_assert_ptr_nonnull(strstr(out, "3584 per block (unit 512, warps rounded to 2)"));
	ck_assert_ptr_nonnull(strstr(out, "cc 1.3 allocates registers to whole blocks"));
	free(out);
	device_analysis(&a, "Tesla C2050", 288, 21, 0);
	out = capture(&a, NULL, 80);
	golden_text("print_c2050_80.txt", out);
	ck_assert_ptr_nonnull(strstr(out, "768 per warp (unit 128)"));
	free(out);
}
END_TEST

START_TEST(test_report_in_text)
{
	static struct analysis a;
	struct report_launch_given none = { NULL, NULL, 0 };
	struct occ_error err = { 0 };
	struct report_record rec;
	char *buf;

	b200_record(&rec, 10);   /* the file's own Block Limit Registers */
	ck_assert(record_analyse(&a, db, &rec, &none, "b200.csv", &err));
	buf = capture(&a, NULL, 100);
	ck_assert_msg(strstr(buf, "Report") != NULL, "%s", buf);
	ck_assert_ptr_nonnull(strstr(buf, "Device         NVIDIA B200, 148 SMs"));
	ck_assert_ptr_nonnull(strstr(buf, "Duration       9504 ns"));
	ck_assert_ptr_nonnull(strstr(buf, "agrees with Nsight Compute on 8 values"));
	ck_assert_ptr_nonnull(strstr(buf, "driver chose 100 KB (carveout default)"));
	ck_assert_ptr_nonnull(strstr(buf, "Achieved occupancy        n/a"));
	free(buf);

	b200_record(&rec, 8);    /* altered: the file says 10 */
	ck_assert(record_analyse(&a, db, &rec, &none, "b200.csv", &err));
	buf = capture(&a, NULL, 100);
	ck_assert_ptr_nonnull(strstr(buf, "1 of 8 values disagree"));
	ck_assert_ptr_nonnull(strstr(buf, "Block Limit Registers: Nsight Compute 8, occview 10"));
	free(buf);
}
END_TEST

/* What the record measured and Nsight Compute computed shows beside
 * occview's figures, as on screen: achieved occupancy, the theoretical
 * occupancy and the block limits the report gives. */
START_TEST(test_report_figures_in_text)
{
	static struct analysis a;
	struct report_launch_given none = { NULL, NULL, 0 };
	struct occ_error err = { 0 };
	struct report_record rec;
	char *buf;

	b200_record(&rec, 10);
	rec.achieved_occupancy_pct = (struct report_num){ true, 12.44 };
	ck_assert(record_analyse(&a, db, &rec, &none, "b200.csv", &err));
	buf = capture(&a, &rec, 100);
	ck_assert_msg(strstr(buf, "Achieved occupancy       12.4%"), "%s", buf);
	ck_assert_ptr_nonnull(strstr(buf, "(measured)"));
	ck_assert_ptr_nonnull(strstr(buf, "Theoretical occupancy   62.50%         (report 62.50%)"));
	ck_assert_ptr_nonnull(strstr(buf, "Limit         blocks report"));
	ck_assert_ptr_nonnull(strstr(buf, "* registers         10     10"));
	free(buf);

	/* without registers and their limit, nothing is computed: the
	 * report's own figures are still all there */
	rec.registers.present = false;
	rec.limit_registers.present = false;
	ck_assert(!record_analyse(&a, db, &rec, &none, "b200.csv", &err));
	buf = capture(&a, &rec, 200);
	ck_assert_msg(strstr(buf, "Measured achieved occupancy: 12.4%"), "%s", buf);
	ck_assert_ptr_nonnull(strstr(buf, "What the profiler computed: theoretical occupancy 62.50%"));
	ck_assert_ptr_nonnull(strstr(buf, "block limits: warps 16, SM 32, shared memory 14, "
					   "barriers 32"));
	free(buf);
}
END_TEST

/* A record the report gives no launch for: the reason and the kernel, and
 * no keys to press (there are none on paper). */
START_TEST(test_record_without_launch)
{
	static struct analysis a;
	struct report_launch_given none = { NULL, NULL, 0 };
	struct occ_error err = { 0 };
	struct report_record rec;
	char *buf;

	b200_record(&rec, 10);
	/* without Block Limit Registers, nothing gives the registers */
	rec.registers.present = false;
	rec.limit_registers.present = false;
	ck_assert(!record_analyse(&a, db, &rec, &none, "b200.csv", &err));
	buf = capture(&a, NULL, 80);
	ck_assert_msg(strstr(buf, "The report does not give the launch of") != NULL, "%s", buf);
	ck_assert_ptr_nonnull(strstr(buf, "merge_attention_states_kernel"));
	ck_assert_ptr_nonnull(strstr(buf, "--registers N"));
	ck_assert_ptr_null(strstr(buf, "Tab"));
	free(buf);
}
END_TEST

/* --gpu H100,A100,MI300X --block-size 256 --registers 64 --carveout 50:
 * the table with a column per GPU, golden at 80 and 200 columns. */
static char *capture_side(int width)
{
	static struct analysis a[3];
	const struct analysis *side[3] = { &a[0], &a[1], &a[2] };
	struct print_options o = { width, true, { .model = SIM_UNIFORM }, false, false };
	struct param_set flags;
	struct session_record r = { NULL, 0, NULL, NULL, NULL, 0, NULL, NULL };
	struct printer *p = print_new(&o);
	char *buf = NULL, *table;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct occ_error err = { 0 };
	struct session *s;

	side_by_side_flags(&flags, "H100,A100,MI300X");
	ck_assert_ptr_nonnull(s = session_new(db, &flags, &err));
	r.launch = &session_flags(s)->values;
	for (size_t i = 0; i < 3; i++)
		session_analyse_on(s, &r, i, SESSION_FINDINGS, &a[i]);
	ck_assert_ptr_nonnull(p);
	ck_assert(print_side_by_side(p, f, side, 3, NULL));
	fclose(f);
	print_free(p);
	session_free(s);
	assert_within(buf, width);
	/* the golden text is the table; each GPU's panes are default_*'s */
	table = strstr(buf, "\n\n");
	ck_assert_ptr_nonnull(table);
	table[1] = '\0';
	return buf;
}

START_TEST(test_gpus_side_by_side)
{
	char *out = capture_side(80);

	golden_text("gpus_side_80.txt", out);
	ck_assert_ptr_nonnull(strstr(out, "not applicable      -                  -                  carveout"));
	free(out);
	out = capture_side(200);
	golden_text("gpus_side_200.txt", out);
	ck_assert_ptr_nonnull(strstr(out, "NVIDIA H100 80GB HBM3"));
	free(out);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("print");
	TCase *tc = tcase_create("print");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_text_golden_80);
	tcase_add_test(tc, test_text_golden_120);
	tcase_add_test(tc, test_text_golden_tesla_fermi);
	tcase_add_test(tc, test_text_derive);
	tcase_add_test(tc, test_report_in_text);
	tcase_add_test(tc, test_report_figures_in_text);
	tcase_add_test(tc, test_record_without_launch);
	tcase_add_test(tc, test_gpus_side_by_side);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
