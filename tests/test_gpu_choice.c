/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_gpu_choice.c - which GPU the session runs a kernel record on when the
 * report names a device the database lacks, or --gpu names an architecture
 * only: never a silent guess. The device's name is in the message; an
 * architecture stands in on its database device, with the report's SM count
 * where it gives one, and a finding and a note say so. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reportutil.h"
#include "strutil.h"
#include "testutil.h"

#define I(v) ((struct report_int){ true, (v) })

/* The launch flags that stand in for a log that gives no launch (the
 * embedded default's values: --grid, --block-size, --registers and no
 * shared memory). */
#define LAUNCH_FLAGS (PARAM_BIT(PARAM_GRID) | PARAM_BIT(PARAM_BLOCK) | \
		      PARAM_BIT(PARAM_REGISTERS) | PARAM_BIT(PARAM_STATIC_SMEM) | \
		      PARAM_BIT(PARAM_DYNAMIC_SMEM))

/* rec analysed as --print analyses it with --gpu GPU (NULL: none) as
 * typed, and the launch flags when launch is true. False with err when the
 * session refuses the flags (err.status) or the record (a->ok false). */
static bool analyse(struct analysis *a, const struct report_record *rec, const char *gpu,
		    bool launch, struct occ_error *err)
{
	struct param_set flags = { 0 };
	struct session_record r = { "f", rec->line, NULL, NULL, rec, 0, NULL, NULL };
	struct session *s;

	launch_init(&flags.values);
	if (launch)
		flags.set |= LAUNCH_FLAGS;
	if (gpu) {
		flags.set |= PARAM_BIT(PARAM_GPU);
		str_copy(flags.values.gpu_name, sizeof(flags.values.gpu_name), gpu);
	}
	s = session_new(db, &flags, err);
	if (!s)
		return false;
	session_analyse(s, &r, NULL, NULL, SESSION_FINDINGS, a);
	session_free(s);
	if (!a->ok)
		*err = a->error;
	return a->ok;
}

static const struct finding *finding(const struct analysis *a, const char *id)
{
	for (int i = 0; i < a->n_findings; i++)
		if (strcmp(a->findings[i].id, id) == 0)
			return &a->findings[i];
	return NULL;
}

/* The CUDA profiler's log of a Tesla M2090 (cc 2.0, Fermi): its header
 * "# CUDA_DEVICE 0 Tesla M2090" names the device, and nothing gives its
 * compute capability or SM count; the database has the device (cc 2.0, 16
 * SMs), so the record runs on it, as named, not on a stand-in. */
START_TEST(m2090_log_names_its_device)
{
	static struct analysis a;
	struct occ_error err = { 0 };
	struct report r;
	struct gpu g;
	enum report_gpu_source src;
	const struct report_record *rec;

	ck_assert(report_load(data_path("nvprof/", "constructed_cudaprof_m2090_kv_cuda_profile_0.log"),
			      &r, &err));
	ck_assert_uint_eq(r.n, 400);
	rec = &r.records[0];
	ck_assert_str_eq(rec->device, "Tesla M2090");
	ck_assert(!rec->cc_major.present && !rec->sm_count.present);

	ck_assert_msg(report_choose_gpu(db, rec, NULL, "f", &g, &src, &err), "%s", err.message);
	ck_assert_str_eq(g.name, "Tesla M2090");
	ck_assert_int_eq(g.arch.cc_major, 2);
	ck_assert_int_eq(g.arch.cc_minor, 0);
	ck_assert_int_eq(g.sm_count, 16);
	ck_assert(!g.stand_in);

	/* The same through the session, once the launch is given. */
	ck_assert_msg(analyse(&a, rec, NULL, true, &err), "%s", err.message);
	ck_assert_str_eq(a.gpu.name, "Tesla M2090");
	ck_assert(!a.gpu.stand_in);

	/* A capability the database lacks is a usage error listing those it has. */
	occ_error_clear(&err);
	ck_assert(!analyse(&a, rec, "4.0", true, &err));
	ck_assert_int_eq(err.status, OCC_EUSAGE);
	ck_assert_msg(strstr(err.message, "4.0") &&
		      strstr(err.message, "1.0, 1.1, 1.2, 1.3, 2.0, 2.1, 3.0, 3.5"), "%s",
		      err.message);

	/* An architecture given stands in, and says so. */
	occ_error_clear(&err);
	ck_assert_msg(analyse(&a, rec, "sm_52", true, &err), "%s", err.message);
	ck_assert_str_eq(a.gpu.name, "Tesla M40");
	ck_assert(a.gpu.stand_in);
	ck_assert_int_eq(a.gpu.sm_count, 24);
	ck_assert_ptr_nonnull(finding(&a, "gpu_stand_in"));
	report_done(&r);
}
END_TEST

/* The B200 raw page's record (reportutil.h) with its device renamed to one
 * the database lacks, and the SM count sms (0: none), analysed as loaded:
 * the database's device of its compute capability, 10.0, stands in. */
static const struct finding *unknown_b200(struct analysis *a, int64_t sms)
{
	struct occ_error err = { 0 };
	struct report_record rec;

	b200_record(&rec, 10);
	rec.device = "NVIDIA B200 Engineering Sample";
	rec.sm_count = (struct report_int){ sms > 0, sms };
	ck_assert_msg(analyse(a, &rec, NULL, false, &err), "%s", err.message);
	ck_assert_int_eq(a->report.gpu_source, REPORT_GPU_FIRST);
	ck_assert(a->report.device_unknown);
	ck_assert_str_eq(a->gpu.name, "NVIDIA B200");
	return finding(a, "device_unknown");
}

/* No SM count: NVIDIA B200 (devices.csv: B200;sm_100;10.0) stands in with
 * its 148 SMs, and both findings say so. */
START_TEST(unknown_device_without_sm_count)
{
	static struct analysis a;
	const struct finding *f = unknown_b200(&a, 0);

	ck_assert_int_eq(a.gpu.sm_count, 148);
	ck_assert(a.gpu.stand_in);
	ck_assert_ptr_nonnull(f);
	ck_assert_msg(strstr(f->text, "Engineering Sample") && strstr(f->text, "sm_100"), "%s",
		      f->text);
	f = finding(&a, "gpu_stand_in");
	ck_assert_ptr_nonnull(f);
	ck_assert_msg(strstr(f->text, "NVIDIA B200") && strstr(f->text, "148 SMs"), "%s", f->text);
}
END_TEST

/* An SM count no 10.0 device has (132, altered; the file says 148): the
 * report's count is used, so nothing stands in. */
START_TEST(unknown_device_with_its_sm_count)
{
	static struct analysis a;
	const struct finding *f = unknown_b200(&a, 132);

	ck_assert_int_eq(a.gpu.sm_count, 132);
	ck_assert_int_eq(a.report.db_sm_count, 148);
	ck_assert(!a.gpu.stand_in);
	ck_assert_ptr_null(finding(&a, "gpu_stand_in"));
	ck_assert_ptr_nonnull(finding(&a, "report_sm_count"));
	ck_assert_ptr_nonnull(f);
	ck_assert_msg(strstr(f->text, "report's 132 SMs"), "%s", f->text);
}
END_TEST

/* One session, records one after another: the report's SM count (132,
 * altered as above) is the GPU's for its record only. The session keeps
 * the GPUs it chose and --gpu's without copying them per record; the next
 * record, without a count, is on the database's 148-SM device standing in,
 * and the first one's count comes back with it. With --gpu 10.0 (an
 * architecture: its device stands in) and with none. */
START_TEST(sm_count_is_each_records_own)
{
	static struct analysis a;
	struct report_record with, without;
	const char *gpus[] = { "10.0", NULL };

	b200_record(&with, 12);
	with.device = "NVIDIA B200 Engineering Sample";
	with.sm_count = I(132);
	b200_record(&without, 12);
	without.device = with.device;
	without.sm_count = (struct report_int){ 0 };
	for (int g = 0; g < 2; g++) {
		struct param_set flags = { 0 };
		struct session_record rw = { "f", with.line, NULL, NULL, &with, 0, NULL, NULL };
		struct session_record ro = { "f", without.line, NULL, NULL, &without, 0, NULL, NULL };
		struct occ_error err = { 0 };
		struct session *s;

		launch_init(&flags.values);
		if (gpus[g]) {
			flags.set |= PARAM_BIT(PARAM_GPU);
			str_copy(flags.values.gpu_name, sizeof(flags.values.gpu_name), gpus[g]);
		}
		s = session_new(db, &flags, &err);
		ck_assert_msg(s != NULL, "%s", err.message);
		for (int round = 0; round < 2; round++) {
			session_analyse(s, &rw, NULL, NULL, SESSION_FINDINGS, &a);
			ck_assert_msg(a.ok, "%s", a.error.message);
			ck_assert_int_eq(a.gpu.sm_count, 132);
			ck_assert(!a.gpu.stand_in);
			session_analyse(s, &ro, NULL, NULL, SESSION_FINDINGS, &a);
			ck_assert_msg(a.ok, "%s", a.error.message);
			ck_assert_int_eq(a.gpu.sm_count, 148);
			ck_assert(a.gpu.stand_in);
		}
		session_free(s);
	}
}
END_TEST

/* --gpu naming the record's own architecture keeps the record's device and
 * SM count: the launch as measured, cross-check and all; another
 * architecture is a what-if on that architecture's device. */
START_TEST(gpu_architecture_on_a_record)
{
	static struct analysis a;
	struct occ_error err = { 0 };
	struct report_record rec;

	b200_record(&rec, 10);
	ck_assert_msg(analyse(&a, &rec, "sm_100", false, &err), "%s", err.message);
	ck_assert_str_eq(a.gpu.name, "NVIDIA B200");
	ck_assert(!a.gpu.stand_in);
	ck_assert_uint_eq(a.report.changed, 0);
	ck_assert(a.report.check.compared);
	ck_assert_uint_eq(a.report.check.disagree, 0);

	rec.device = "NVIDIA B200 Engineering Sample";
	rec.sm_count = I(132);
	ck_assert_msg(analyse(&a, &rec, "10.0", false, &err), "%s", err.message);
	ck_assert_int_eq(a.gpu.sm_count, 132);
	ck_assert(!a.gpu.stand_in);
	ck_assert_uint_eq(a.report.changed, 0);

	/* A device named instead is the user's, 148 SMs: another GPU than
	 * the 132-SM one measured. */
	ck_assert_msg(analyse(&a, &rec, "B200", false, &err), "%s", err.message);
	ck_assert_int_eq(a.gpu.sm_count, 148);
	ck_assert(a.report.changed & PARAM_BIT(PARAM_GPU));

	rec = (struct report_record){ 0 };
	b200_record(&rec, 10);
	ck_assert_msg(analyse(&a, &rec, "sm_90", false, &err), "%s", err.message);
	ck_assert(a.report.changed & PARAM_BIT(PARAM_GPU));
	ck_assert_str_eq(a.gpu.name, "NVIDIA H100 80GB HBM3");
	ck_assert(a.gpu.stand_in);
	ck_assert_ptr_nonnull(finding(&a, "gpu_stand_in"));
}
END_TEST

/* A record that names a device the database lacks with a compute
 * capability it lacks too: both in the message. */
START_TEST(unknown_device_and_architecture)
{
	struct report_record rec;
	struct occ_error err = { 0 };
	enum report_gpu_source src;
	struct gpu g;

	b200_record(&rec, 10);
	rec.device = "Tesla Z4000";  /* no such device, nor cc 4.0 */
	rec.cc_major = I(4);
	rec.cc_minor = I(0);
	ck_assert(!report_choose_gpu(db, &rec, NULL, "f", &g, &src, &err));
	ck_assert_int_eq(err.status, OCC_EDATA);
	ck_assert_msg(strstr(err.message, "\"Tesla Z4000\" (compute capability 4.0)") &&
		      strstr(err.message, "architecture") && strstr(err.message, "--gpu-db"), "%s",
		      err.message);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("gpu_choice");
	TCase *tc = tcase_create("gpu_choice");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, m2090_log_names_its_device);
	tcase_add_test(tc, unknown_device_without_sm_count);
	tcase_add_test(tc, unknown_device_with_its_sm_count);
	tcase_add_test(tc, sm_count_is_each_records_own);
	tcase_add_test(tc, gpu_architecture_on_a_record);
	tcase_add_test(tc, unknown_device_and_architecture);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
