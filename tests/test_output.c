/* test_output.c - the --print outputs: golden text of the embedded default, and
 * JSON and CSV carrying the engine's own numbers. */
#include "config.h"

#include <check.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "output.h"
#include "strutil.h"
#include "golden.h"
#include "testutil.h"

static void run_default(struct analysis *a)
{
	struct occ_error err = { 0 };
	struct launch l;
	struct gpu g;

	launch_init(&l);
	ck_assert(gpu_db_find(db, l.gpu_name, &g, &err));
	analysis_run(a, &l, &g, NULL, 0);
	ck_assert(a->ok);
}

static char *capture_text(const struct analysis *a, int width)
{
	struct output_options o = { width, true };
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	output_text(f, a, 1, &o);
	fclose(f);
	return buf;
}

START_TEST(test_text_golden_80)
{
	struct analysis a;
	char *out;

	run_default(&a);
	out = capture_text(&a, 80);
	golden_text("default_80.txt", out);
	/* Nothing wider than the width. */
	for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n"))
		ck_assert_int_le((int)strlen(line), 80);
	free(out);
}
END_TEST

START_TEST(test_text_golden_120)
{
	struct analysis a;
	char *out;

	run_default(&a);
	out = capture_text(&a, 120);
	golden_text("default_120.txt", out);
	free(out);
}
END_TEST

START_TEST(test_json_has_the_engine_numbers)
{
	struct analysis a[2];
	struct launch bad;
	struct occ_error err = { 0 };
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	json_error_t jerr;
	json_t *root, *k, *occ;

	run_default(&a[0]);
	launch_init(&bad);
	occ_error_set(&err, OCC_EDATA, "x.csv", 3, "registers", "bad value");
	analysis_fail(&a[1], &bad, &err);
	ck_assert(output_json(f, a, 2));
	fclose(f);
	root = json_loads(buf, 0, &jerr);
	ck_assert_msg(root != NULL, "invalid JSON: %s", jerr.text);
	ck_assert_int_eq((int)json_array_size(json_object_get(root, "kernels")), 2);
	k = json_array_get(json_object_get(root, "kernels"), 0);
	occ = json_object_get(k, "occupancy");
	ck_assert_int_eq((int)json_integer_value(json_object_get(occ, "active_blocks_per_sm")),
			 a[0].r.active_blocks_per_sm);
	ck_assert_int_eq((int)json_integer_value(json_object_get(occ, "active_warps_per_sm")),
			 a[0].r.active_warps_per_sm);
	ck_assert(json_is_null(json_object_get(json_array_get(json_object_get(root, "kernels"), 1), "occupancy")));
	ck_assert_str_eq(json_string_value(json_object_get(json_array_get(json_object_get(root, "kernels"), 1), "error")),
			 "x.csv:3: registers: bad value");
	ck_assert(json_is_null(json_object_get(k, "error")));
	ck_assert_int_eq((int)json_integer_value(json_object_get(json_object_get(k, "waves"), "full_waves")),
			 (int)a[0].w.full_waves);
	static const char *const keys[] = {
		"active_threads_per_sm", "max_warps_per_sm", "theoretical_occupancy_pct",
		"block_limit_warps", "block_limit_blocks", "block_limit_registers",
		"block_limit_shared_mem", "block_limit_barriers", "limiting_factors",
		"allocated_registers_per_block", "allocated_shared_mem_per_block",
		"shared_mem_config_bytes", NULL,
	};
	for (int i = 0; keys[i]; i++)
		ck_assert_msg(json_object_get(occ, keys[i]) != NULL, "missing %s", keys[i]);
	json_decref(root);
	free(buf);
}
END_TEST

START_TEST(test_csv_rows)
{
	struct analysis a;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	run_default(&a);
	str_copy(a.launch.kernel, sizeof(a.launch.kernel), "k<int, \"x\">");
	output_csv(f, &a, 1);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(buf, "\n\"k<int, \"\"x\"\">\",NVIDIA H100 80GB HBM3,9.0,132,1584,256,32,0,0,8,64,100.00,warps;registers,"));
	free(buf);
}
END_TEST

/* decodebench_b200_cc100_ncu_raw_page_flashinfer_b1_ctx4k.csv, raw page line
 * 5 (ID 0): launch, Nsight Compute's limits and its duration, typed in. */
static void run_b200_record(struct analysis *a, int64_t limit_registers)
{
	struct report_launch_given none = { NULL, NULL, 0 };
	struct occ_error err = { 0 };
	struct report_record rec;

	report_record_init(&rec, 0);
	rec.line = 5;
	rec.short_name = "PersistentVariableLengthMergeStatesKernel";
	rec.device = "NVIDIA B200";
	rec.vendor = REPORT_VENDOR_NVIDIA;
	rec.cc_major = (struct report_int){ true, 10 };
	rec.sm_count = (struct report_int){ true, 148 };
	for (int d = 0; d < 3; d++) {
		rec.grid[d] = (struct report_int){ true, d == 0 ? 148 : 1 };
		rec.block[d] = (struct report_int){ true, d == 0 ? 16 : d == 1 ? 8 : 1 };
	}
	rec.cc_minor = (struct report_int){ true, 0 };
	rec.registers = (struct report_int){ true, 40 };
	rec.smem_config_bytes = (struct report_int){ true, 135168 };
	rec.driver_smem_bytes = (struct report_int){ true, 1024 };
	rec.dynamic_smem_bytes = (struct report_int){ true, 8704 };
	rec.static_smem_bytes = (struct report_int){ true, 0 };
	rec.barriers = (struct report_int){ true, 1 };
	rec.limit_blocks = (struct report_int){ true, 32 };
	rec.limit_registers = (struct report_int){ true, limit_registers };
	rec.limit_smem = (struct report_int){ true, 13 };
	rec.limit_warps = (struct report_int){ true, 16 };
	rec.limit_barriers = (struct report_int){ true, 32 };
	rec.theoretical_occupancy_pct = (struct report_num){ true, 75 };
	rec.waves_per_sm = (struct report_num){ true, 0.08 };
	rec.duration_ns = (struct report_num){ true, 9920 };
	ck_assert(analysis_run_record(a, db, &rec, &none, "b200.csv", &err));
}

START_TEST(test_report_in_every_output)
{
	static struct analysis a;
	char *buf = NULL;
	size_t len = 0;
	json_t *root, *rep, *cc;
	json_error_t jerr;
	FILE *f;

	run_b200_record(&a, 12);   /* the file's own Block Limit Registers */
	buf = capture_text(&a, 100);
	ck_assert_ptr_nonnull(strstr(buf, "\nReport\n"));
	ck_assert_ptr_nonnull(strstr(buf, "Achieved occupancy      n/a"));
	ck_assert_ptr_nonnull(strstr(buf, "Duration                9920 ns"));
	ck_assert_ptr_nonnull(strstr(buf, "135168 B per SM, the driver's choice (used)"));
	ck_assert_ptr_nonnull(strstr(buf, "agrees with Nsight Compute on 8 values"));
	ck_assert_ptr_nonnull(strstr(buf, "132 KB per SM (the driver's choice"));
	free(buf);

	run_b200_record(&a, 8);    /* altered: the file says 12 */
	buf = capture_text(&a, 100);
	ck_assert_ptr_nonnull(strstr(buf, "1 of 8 values disagree with Nsight Compute"));
	ck_assert_ptr_nonnull(strstr(buf, "Block Limit Registers: Nsight Compute 8, occview 12"));
	free(buf);

	f = open_memstream(&buf, &len);
	ck_assert(output_json(f, &a, 1));
	fclose(f);
	root = json_loads(buf, 0, &jerr);
	ck_assert_ptr_nonnull(root);
	rep = json_object_get(json_array_get(json_object_get(root, "kernels"), 0), "report");
	ck_assert_ptr_nonnull(rep);
	ck_assert(json_is_null(json_object_get(rep, "achieved_occupancy_pct")));
	ck_assert(json_real_value(json_object_get(rep, "duration_ns")) == 9920.0);
	ck_assert_str_eq(json_string_value(json_object_get(rep, "device")), "NVIDIA B200");
	ck_assert_int_eq(json_integer_value(json_object_get(rep, "sm_count")), 148);
	cc = json_object_get(rep, "crosscheck");
	ck_assert_int_eq(json_integer_value(json_object_get(cc, "compared")), 8);
	ck_assert_int_eq(json_array_size(json_object_get(cc, "disagreements")), 1);
	ck_assert_str_eq(json_string_value(json_object_get(json_array_get(json_object_get(cc,
		"disagreements"), 0), "field")), "block_limit_registers");
	ck_assert(json_real_value(json_object_get(json_array_get(json_object_get(cc,
		"disagreements"), 0), "report")) == 8.0);
	json_decref(root);
	free(buf);

	f = open_memstream(&buf, &len);
	output_csv(f, &a, 1);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(buf, ",error,achieved_occupancy_pct,duration_ns,crosscheck_disagreements\n"));
	ck_assert_ptr_nonnull(strstr(buf, ",,,9920,1\n"));
	free(buf);

	/* A launch from flags keeps the launch-list columns. */
	run_default(&a);
	f = open_memstream(&buf, &len);
	output_csv(f, &a, 1);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(buf, "predicted_achieved_occupancy_pct,error\n"));
	free(buf);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("output");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_text_golden_80);
	tcase_add_test(tc, test_text_golden_120);
	tcase_add_test(tc, test_json_has_the_engine_numbers);
	tcase_add_test(tc, test_csv_rows);
	tcase_add_test(tc, test_report_in_every_output);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
