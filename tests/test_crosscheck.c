/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_crosscheck.c - occview beside Nsight Compute on real kernel records:
 * every value below is typed in from a corpus file (file and line cited; the
 * importers are tested elsewhere), and where NVIDIA's calculator agrees with
 * the report occview must agree too. A value altered on purpose must come out
 * as a disagreement, and the driver's shared-memory configuration must be
 * what makes the A100 record agree. */
#include "config.h"

#include <check.h>
#include <string.h>

#include "analysis.h"
#include "crosscheck.h"
#include "report.h"
#include "rules.h"
#include "testutil.h"
#include "reportutil.h"

static const struct report_launch_given no_flags = { NULL, NULL, 0 };

#define I(v) ((struct report_int){ true, (v) })
#define N(v) ((struct report_num){ true, (v) })

static void dims(struct report_record *r, int64_t gx, int64_t gy, int64_t gz, int64_t bx,
		 int64_t by, int64_t bz)
{
	r->grid[0] = I(gx), r->grid[1] = I(gy), r->grid[2] = I(gz);
	r->block[0] = I(bx), r->block[1] = I(by), r->block[2] = I(bz);
}

/* opinsight_a100_cc80_ncu2022_details_pooling_full_240k.csv, kernel ID 0
 * (at::native::reduce_kernel), lines 25-43. Device is "0" (an ordinal), CC
 * "8.0", Block Size "(32, 16, 1)", Grid Size "(1, 1, 1)" (every row). */
static void a100_reduce(struct report_record *r)
{
	report_record_init(r, 5);
	r->short_name = "at::native::reduce_kernel";
	r->device = "0";
	r->vendor = REPORT_VENDOR_NVIDIA;
	r->cc_major = I(8), r->cc_minor = I(0);
	dims(r, 1, 1, 1, 32, 16, 1);
	r->registers = I(26);                    /* line 28 */
	r->smem_config_bytes = I(16384);         /* line 29, "16,384" */
	r->driver_smem_bytes = I(1024);          /* line 30 */
	r->dynamic_smem_bytes = I(0);            /* line 31 */
	r->static_smem_bytes = I(16);            /* line 32 */
	r->waves_per_sm = N(0.00);               /* line 34 */
	r->limit_blocks = I(32);                 /* line 36, Block Limit SM */
	r->limit_registers = I(4);               /* line 37 */
	r->limit_smem = I(14);                   /* line 38 */
	r->limit_warps = I(4);                   /* line 39 */
	r->theoretical_occupancy_pct = N(100);   /* line 41 */
	r->achieved_occupancy_pct = N(23.90);    /* line 42 */
	r->achieved_active_warps = N(15.30);     /* line 43 */
}

/* ncu/constructed_ncu_raw_page_b200_cc100_decode_b1.csv, raw page, line 5
 * (ID 0, merge_attention_states_kernel; its limits are cuda_occupancy.h's,
 * tests/data/nvidia/b200_raw_pages_occupancy.csv). */
static void b200_merge(struct report_record *r)
{
	report_record_init(r, 5);
	r->short_name = "merge_attention_states_kernel";
	r->device = "NVIDIA B200";        /* device__attribute_display_name */
	r->vendor = REPORT_VENDOR_NVIDIA;
	r->cc_major = I(10), r->cc_minor = I(0); /* CC "10.0" */
	r->sm_count = I(148);                    /* device__attribute_multiprocessor_count */
	dims(r, 148, 1, 1, 16, 8, 1);            /* launch__grid_dim_*, launch__block_dim_* */
	r->registers = I(48);
	r->smem_config_bytes = I(102400);
	r->driver_smem_bytes = I(1024);
	r->dynamic_smem_bytes = I(6144);
	r->static_smem_bytes = I(0);
	r->barriers = I(1);                      /* launch__barrier_count */
	r->limit_blocks = I(32);
	r->limit_registers = I(10);
	r->limit_smem = I(14);
	r->limit_warps = I(16);
	r->limit_barriers = I(32);
	r->theoretical_occupancy_pct = N(62.5);  /* sm__maximum_warps_per_active_cycle_pct */
	r->waves_per_sm = N(0.10);
	r->duration_ns = N(9504);                /* gpu__time_duration.sum, ns */
}

/* The same file, line 6 (ID 1, paged_decode_attention_kernel). */
static void b200_decode(struct report_record *r)
{
	b200_merge(r);
	r->line = 6;
	r->short_name = "paged_decode_attention_kernel";
	dims(r, 24, 8, 1, 16, 4, 2);
	r->registers = I(64);
	r->smem_config_bytes = I(135168);
	r->dynamic_smem_bytes = I(12288);
	r->limit_registers = I(8);
	r->limit_smem = I(10);
	r->theoretical_occupancy_pct = N(50);
	r->waves_per_sm = N(0.16);
	r->duration_ns = N(21568);
}

/* The corpus's xplacer_v100_ncu2019_details_kerneltime_TRUNCATED.log
 * (AndrewXu22/optimal_unified_memory @ f4ff8d70; no licence, so not in
 * tests/data: these are its figures, quoted), kernel ID 0, lines 23-38: no
 * Device or CC column (the INDEX names a Tesla V100-SXM2-16GB, so the test
 * gives it as --gpu would), no driver shared memory row. */
static void v100_cfd(struct report_record *r, int id)
{
	report_record_init(r, 0);
	r->line = id == 0 ? 23 : 49;
	r->short_name = "cfd";
	dims(r, 506, 1, 1, 192, 1, 1);          /* lines 23-24 (49-50): Block 192, Grid 506 */
	r->registers = I(id == 0 ? 20 : 60);     /* line 25 (51) */
	r->smem_config_bytes = I(0);             /* line 26 (52) */
	r->dynamic_smem_bytes = I(0);            /* line 27 (53) */
	r->static_smem_bytes = I(0);             /* line 28 (54) */
	r->waves_per_sm = N(id == 0 ? 0.63 : 1.27);   /* line 30 (56) */
	r->limit_blocks = I(32);                 /* line 31 (57) */
	r->limit_registers = I(id == 0 ? 14 : 5);     /* line 32 (58) */
	r->limit_smem = I(32);                   /* line 33 (59) */
	r->limit_warps = I(10);                  /* line 34 (60) */
	r->achieved_active_warps = N(id == 0 ? 31.16 : 25.39);  /* line 35 (61) */
	r->achieved_occupancy_pct = N(id == 0 ? 48.68 : 39.67); /* line 36 (62) */
	r->theoretical_occupancy_pct = N(id == 0 ? 93.75 : 46.88); /* line 38 (64) */
}

static void run(struct analysis *a, const struct report_record *rec,
		const struct report_launch_given *given)
{
	struct occ_error err = { 0 };
	char msg[700];
	bool ok = record_analyse(a, db, rec, given, "t.csv", &err);

	occ_error_format(&err, msg, sizeof(msg));
	ck_assert_msg(ok && a->ok, "%s", msg);
	ck_assert(a->report.present);
}

static int count_findings(const struct analysis *a, const char *id)
{
	int n = 0;

	for (int i = 0; i < a->n_findings; i++)
		n += strcmp(a->findings[i].id, id) == 0;
	return n;
}

static const struct finding *finding(const struct analysis *a, const char *id)
{
	for (int i = 0; i < a->n_findings; i++)
		if (strcmp(a->findings[i].id, id) == 0)
			return &a->findings[i];
	return NULL;
}

static void assert_agrees(const struct analysis *a, int compared)
{
	const struct crosscheck *c = &a->report.check;

	for (int f = 0; f < CROSSCHECK_N_FIELDS; f++)
		ck_assert_msg(!crosscheck_differs(c, (enum crosscheck_field)f),
			      "%s: Nsight Compute %g, occview %g",
			      crosscheck_label((enum crosscheck_field)f), c->report[f], c->occview[f]);
	ck_assert_int_eq(crosscheck_count(c->compared), compared);
	ck_assert_int_eq(count_findings(a, "crosscheck"), 0);
}

START_TEST(a100_agrees_with_the_drivers_configuration)
{
	static struct analysis a;
	struct report_record rec;

	a100_reduce(&rec);
	run(&a, &rec, &no_flags);
	/* Warps, SM, registers, shared memory, theoretical, waves, driver smem;
	 * no barrier count in this layout, so no barrier limit compared. */
	assert_agrees(&a, 7);
	ck_assert(!crosscheck_has(&a.report.check, CROSSCHECK_BARRIERS));
	ck_assert(a.r.smem_config_from_driver);
	ck_assert_int_eq(a.r.smem_config_bytes, 16384);
	ck_assert_int_eq(a.r.block_limit[OCC_SHARED_MEM], 14);
	ck_assert_int_eq(a.report.gpu_source, REPORT_GPU_FIRST);
	ck_assert(!a.report.device_unknown);  /* "0" is an ordinal, not a name */
	ck_assert_ptr_nonnull(finding(&a, "driver_smem_config"));
	/* 100% theoretical, 23.90% achieved (line 42): Nsight Compute's rule fires. */
	ck_assert_ptr_nonnull(finding(&a, "achieved_gap"));
	ck_assert_ptr_nonnull(strstr(finding(&a, "achieved_gap")->text, "23.9%"));
}
END_TEST

START_TEST(a100_without_the_drivers_choice_disagrees)
{
	static struct analysis a;
	struct report_record rec;
	const struct finding *f;

	/* Assuming the largest configuration (164 KB), shared memory would not
	 * limit: printed as 32, where Nsight Compute says 14. */
	a100_reduce(&rec);
	rec.smem_config_bytes.present = false;
	run(&a, &rec, &no_flags);
	ck_assert(crosscheck_differs(&a.report.check, CROSSCHECK_SHARED_MEM));
	ck_assert_int_eq(crosscheck_count(a.report.check.disagree), 1);
	f = finding(&a, "crosscheck");
	ck_assert_ptr_nonnull(f);
	ck_assert_ptr_nonnull(strstr(f->text, "Block Limit Shared Mem: Nsight Compute 14, occview 32"));
}
END_TEST

START_TEST(altered_value_is_a_disagreement)
{
	static struct analysis a;
	struct report_record rec;
	const struct finding *f;

	b200_merge(&rec);
	rec.limit_registers = I(8);   /* the file says 10 */
	run(&a, &rec, &no_flags);
	ck_assert_int_eq(crosscheck_count(a.report.check.disagree), 1);
	ck_assert(crosscheck_differs(&a.report.check, CROSSCHECK_REGISTERS));
	f = finding(&a, "crosscheck");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(f->severity, RULES_WARNING);
	ck_assert_ptr_nonnull(strstr(f->text, "Block Limit Registers: Nsight Compute 8, occview 10"));
	/* Never adjusted: occview keeps its own figure. */
	ck_assert_int_eq(a.r.block_limit[OCC_REGISTERS], 10);

	b200_merge(&rec);
	rec.theoretical_occupancy_pct = N(62.52);  /* beyond the printed rounding */
	run(&a, &rec, &no_flags);
	ck_assert(crosscheck_differs(&a.report.check, CROSSCHECK_THEORETICAL));
}
END_TEST

START_TEST(b200_agrees)
{
	static struct analysis a;
	struct report_record rec;

	b200_merge(&rec);
	run(&a, &rec, &no_flags);
	assert_agrees(&a, 8);   /* with the barrier limit: launch__barrier_count is there */
	ck_assert_int_eq(a.report.gpu_source, REPORT_GPU_NAMED);
	ck_assert_str_eq(a.gpu.name, "NVIDIA B200");
	ck_assert_int_eq(a.report.db_sm_count, 0);
	ck_assert(a.report.duration_ns.present);
	ck_assert(!a.report.achieved_occupancy_pct.present);
	ck_assert_ptr_null(finding(&a, "achieved_gap"));

	b200_decode(&rec);
	run(&a, &rec, &no_flags);
	assert_agrees(&a, 8);
}
END_TEST

START_TEST(v100_agrees_within_printed_rounding)
{
	static struct analysis a;
	struct report_record rec;
	struct occ_error err = { 0 };
	struct gpu v100;
	struct report_launch_given given = { &v100, NULL, 0 };

	ck_assert(gpu_db_find(db, "Tesla V100-SXM2-16GB", &v100, &err));
	for (int id = 0; id < 2; id++) {
		v100_cfd(&rec, id);
		run(&a, &rec, &given);
		/* Kernel 1: 5 x 6 warps of 64 = 46.875%, printed 46.88; 506 / 400 =
		 * 1.265 waves, printed 1.27. Both within the printed rounding. */
		assert_agrees(&a, 6);
		/* The driver chose no shared memory at all (0 B): still no limit. */
		ck_assert(a.r.smem_config_from_driver);
		ck_assert_int_eq(a.r.smem_config_bytes, 0);
	}
}
END_TEST

/* llmperfopt_blackwell_cc120_ncu2025_section_Occupancy_kernel0003.csv holds
 * the limits but not the registers or shared memory of its launch: only the
 * limits the block size alone decides can be checked. Block Size "(128, 1,
 * 1)", CC "12.0" (line 2); Block Limit SM 24 (line 7), Warps 12 (line 10). */
START_TEST(cc120_limits_of_the_block_size)
{
	const struct gpu_arch *arch = gpu_db_find_arch(db, 12, 0);
	struct occ_input in = { 0 };
	struct report_record rec;
	struct occ_result r;
	struct waves w = { 0 };
	struct crosscheck c;

	ck_assert_ptr_nonnull(arch);
	report_record_init(&rec, 0);
	rec.limit_blocks = I(24);
	rec.limit_warps = I(12);
	rec.limit_barriers = I(24);   /* line 6: no barrier count, so not compared */
	in.threads_per_block = 128;
	in.carveout_pct = LAUNCH_CARVEOUT_DEFAULT;
	in.barriers = 1;
	occ_compute(arch, &in, &r);
	crosscheck_compare(&rec, arch, &in, &r, &w, rec.barriers.present, &c);
	ck_assert_int_eq(crosscheck_count(c.compared), 2);
	ck_assert_int_eq(c.disagree, 0);
	rec.limit_warps = I(16);
	crosscheck_compare(&rec, arch, &in, &r, &w, rec.barriers.present, &c);
	ck_assert(crosscheck_differs(&c, CROSSCHECK_WARPS));
}
END_TEST

START_TEST(report_sm_count_wins)
{
	static struct analysis a;
	struct report_record rec;

	b200_merge(&rec);
	rec.sm_count = I(132);   /* altered: the file says 148 */
	run(&a, &rec, &no_flags);
	ck_assert_int_eq(a.gpu.sm_count, 132);
	ck_assert_int_eq(a.report.db_sm_count, 148);
	ck_assert_ptr_nonnull(finding(&a, "report_sm_count"));
	/* 148 blocks over 132 SMs x 10 = 0.112 waves, the report's 0.10 (of
	 * 148 SMs) does not: waves disagree, and say so. */
	ck_assert(crosscheck_differs(&a.report.check, CROSSCHECK_WAVES));
}
END_TEST

START_TEST(unknown_device_falls_back_with_a_note)
{
	static struct analysis a;
	struct report_record rec;

	b200_merge(&rec);
	rec.device = "NVIDIA B200 Engineering Sample";
	run(&a, &rec, &no_flags);
	ck_assert_int_eq(a.report.gpu_source, REPORT_GPU_MATCHED);
	ck_assert(a.report.device_unknown);
	ck_assert_str_eq(a.gpu.name, "NVIDIA B200");
	ck_assert_ptr_nonnull(finding(&a, "device_unknown"));
	assert_agrees(&a, 8);
}
END_TEST

START_TEST(device_names_resolve_exactly)
{
	static const struct { const char *name, *want; } cases[] = {
		{ "NVIDIA A100-SXM4-40GB", "NVIDIA A100-SXM4-40GB" },
		{ "Tesla V100-SXM2-16GB", "Tesla V100-SXM2-16GB" },
		{ "NVIDIA B200", "NVIDIA B200" },
		{ "NVIDIA GeForce RTX 5070", "NVIDIA GeForce RTX 5070" },
		{ "TITAN Xp", "TITAN Xp" },
		{ "GeForce GTX 1080 Ti", "GeForce GTX 1080 Ti" },
		{ "a100 sxm4 40gb", "NVIDIA A100-SXM4-40GB" },
	};
	struct gpu g;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		ck_assert_msg(gpu_db_find_exact(db, cases[i].name, &g), "%s", cases[i].name);
		ck_assert_str_eq(g.name, cases[i].want);
	}
	/* Partial names are not the device. */
	ck_assert(!gpu_db_find_exact(db, "NVIDIA GeForce RTX 5070 Laptop GPU", &g));
	ck_assert(!gpu_db_find_exact(db, "B20", &g));
	ck_assert(!gpu_db_find_exact(db, "", &g));
	ck_assert(!gpu_db_find_exact(db, "--", &g));
}
END_TEST

START_TEST(flags_skip_the_crosscheck)
{
	static struct analysis a;
	struct report_record rec;
	struct launch l;
	struct report_launch_given given = { NULL, &l, PARAM_BIT(PARAM_REGISTERS) };

	launch_init(&l);
	l.regs_per_thread = 128;
	b200_merge(&rec);
	run(&a, &rec, &given);
	ck_assert(a.report.launch_given);
	ck_assert_int_eq(a.report.check.compared, 0);
	ck_assert(!a.r.smem_config_from_driver);
}
END_TEST

/* A CUDA profiler record on a Tesla K40c (cc 3.5: 64 warps, 16 blocks per
 * SM), built to show the printed digit: block 224 (7 warps), 32 registers,
 * no shared memory. The calculator's rules give 64 / 7 = 9 blocks, 63 of 64
 * warps: 98.4375%, which the profiler prints as the fraction "0.984" (step
 * 0.1 in percent). Within that step it agrees; Nsight Compute's two
 * decimals would call the same 98.4 a disagreement, and 98.2 is one. */
static void k40_cudaprof(struct report_record *r, double theoretical, bool printed_step)
{
	report_record_init(r, 5);
	r->short_name = "k";
	r->device = "Tesla K40c";
	r->vendor = REPORT_VENDOR_NVIDIA;
	dims(r, 120, 1, 1, 224, 1, 1);
	r->registers = I(32);
	r->static_smem_bytes = I(0);
	r->dynamic_smem_bytes = I(0);
	r->theoretical_occupancy_pct = N(theoretical);
	if (printed_step)
		r->theoretical_step_pct = N(0.1);
	r->figures_by = REPORT_BY_CUDA_PROFILER;
}

START_TEST(cudaprof_theoretical_within_its_printed_digit)
{
	static struct analysis a;
	struct report_record rec;

	k40_cudaprof(&rec, 98.4, true);
	run(&a, &rec, &no_flags);
	ck_assert_double_eq_tol(a.r.theoretical_occupancy_pct, 98.4375, 1e-9);
	ck_assert(crosscheck_has(&a.report.check, CROSSCHECK_THEORETICAL));
	ck_assert(!crosscheck_differs(&a.report.check, CROSSCHECK_THEORETICAL));
	ck_assert_int_eq(count_findings(&a, "crosscheck"), 0);
	CK_NUM(a.report.profiler.theoretical_pct, 98.4);

	k40_cudaprof(&rec, 98.4, false);
	run(&a, &rec, &no_flags);
	ck_assert(crosscheck_differs(&a.report.check, CROSSCHECK_THEORETICAL));

	k40_cudaprof(&rec, 98.2, true);
	run(&a, &rec, &no_flags);
	ck_assert(crosscheck_differs(&a.report.check, CROSSCHECK_THEORETICAL));
	ck_assert_int_eq(count_findings(&a, "crosscheck"), 1);
	for (int i = 0; i < a.n_findings; i++)
		if (strcmp(a.findings[i].id, "crosscheck") == 0)
			ck_assert_msg(strncmp(a.findings[i].title, "The CUDA profiler disagrees", 27) == 0,
				      "%s", a.findings[i].title);
}
END_TEST

/* The CUDA profiler's counters give achieved occupancy as the Compute
 * Visual Profiler 4.0 guide derives "Achieved Kernel Occupancy": (active
 * warps / active cycles) / max warps per SM, the max being the record's
 * GPU's (64 on the K40c): 504000 / 10000 = 50.4 warps, 78.75%. */
START_TEST(cudaprof_counters_give_achieved)
{
	static struct analysis a;
	struct report_record rec;

	k40_cudaprof(&rec, 98.4, true);
	rec.counted_active_warps = N(504000);
	rec.counted_active_cycles = N(10000);
	run(&a, &rec, &no_flags);
	CK_NUM(a.report.achieved_occupancy_pct, 78.75);
	CK_NUM(a.report.achieved_active_warps, 50.4);
	/* 98.4 - 78.75 is over 10 points: the gap is the profiler's figure's. */
	ck_assert_int_eq(count_findings(&a, "achieved_gap"), 1);

	rec.counted_active_cycles = N(0);
	run(&a, &rec, &no_flags);
	ck_assert(!a.report.achieved_occupancy_pct.present);
}
END_TEST

/* Record i of a CUDA profiler log in tests/data/nvprof, with the launch
 * its program's source gives (the logs carry none): grid gx x gy, block
 * bx x by, regs registers, static shared memory smem, no dynamic. */
static void cudaprof_launch(struct report *r, const char *file, size_t i, int64_t gx, int64_t gy,
			    int64_t bx, int64_t by, int regs, int64_t smem, struct report_record *rec)
{
	struct occ_error err = { 0 };

	ck_assert_msg(report_load(data_path("nvprof/", file), r, &err), "%s", err.message);
	ck_assert_uint_gt(r->n, i);
	*rec = r->records[i];
	dims(rec, gx, gy, 1, bx, by, 1);
	rec->registers = I(regs);
	rec->static_smem_bytes = I(smem);
	rec->dynamic_smem_bytes = I(0);
}

/* The profiler's theoretical occupancy of record i, against occview's, at
 * every register count from lo to hi: each must agree (within the printed
 * digit) when agree is true, and each must differ otherwise. */
static void ck_cudaprof_regs(const char *file, size_t i, const char *kernel, double printed,
			     int64_t bx, int64_t by, int64_t smem, int lo, int hi, bool agree)
{
	static struct analysis a;
	struct report r;
	struct report_record rec;

	for (int regs = lo; regs <= hi; regs++) {
		cudaprof_launch(&r, file, i, 64, 64, bx, by, regs, smem, &rec);
		ck_assert_str_eq(rec.short_name, kernel);
		ck_assert(rec.figures_by == REPORT_BY_CUDA_PROFILER);
		CK_NUM(rec.theoretical_occupancy_pct, printed);
		run(&a, &rec, &no_flags);
		ck_assert_int_eq(a.gpu.arch.cc_major, 2);
		ck_assert(crosscheck_has(&a.report.check, CROSSCHECK_THEORETICAL));
		ck_assert_msg(crosscheck_differs(&a.report.check, CROSSCHECK_THEORETICAL) != agree,
			      "%s, %d registers: occview %.4f%%, the profiler %.1f%%", kernel, regs,
			      a.r.theoretical_occupancy_pct, printed);
		report_done(&r);
	}
}

/* constructed_ncu_raw_page_clusters_h100_cc90.csv (written by
 * tools/gen_constructed_reports.py: no real report has a cluster), an H100
 * 80GB HBM3 and 1024 threads x 64 registers, 1 block per SM, each kernel's
 * launch__cluster_max_active and launch__occupancy_cluster_pct (%, over
 * the hardware's 132 x 32 block slots, as a real H200's Nsight Compute
 * counts it: test ncu_h200_clusters):
 *  - line 5, clusters of 2: 66 and 3.12 %, occview's exact figures (every
 *    GPC of whole TPCs is even; 132 of 4224 slots): they agree;
 *  - line 6, clusters of 16: 7 and 2.65 %, inside occview's bound of 5-8
 *    and 1.89-3.03 % (test_cluster: 80 and 128 blocks): they agree;
 *  - line 7, clusters of 8: 12 and 2.27 %, below occview's 13-16 (104 to
 *    128 blocks, 2.46-3.03 %): two disagreements, each naming occview's
 *    bound. */
START_TEST(ncu_cluster_figures)
{
	struct analysis *a = malloc(sizeof(*a));
	struct occ_error err = { 0 };
	const struct crosscheck *c = &a->report.check;
	const struct finding *f;
	struct report r;

	ck_assert_msg(report_load(data_path("ncu/", "constructed_ncu_raw_page_clusters_h100_cc90.csv"),
				  &r, &err), "%s", err.message);
	ck_assert_uint_eq(r.n, 3);
	for (size_t i = 0; i < 3; i++) {
		run(a, &r.records[i], NULL);
		ck_assert(crosscheck_has(c, CROSSCHECK_CLUSTER_MAX_ACTIVE));
		ck_assert(crosscheck_has(c, CROSSCHECK_CLUSTER_OCCUPANCY));
		ck_assert(crosscheck_has(c, CROSSCHECK_CLUSTER_MAX_SIZE));
		ck_assert(!crosscheck_differs(c, CROSSCHECK_THEORETICAL));
	}
	run(a, &r.records[0], NULL);
	ck_assert_uint_eq(c->bounded, 0);
	ck_assert_int_eq(a->cl.max_active_min, 66);
	ck_assert_int_eq(a->cl.max_active_max, 66);
	assert_agrees(a, 7);
	ck_assert_double_eq_tol(c->occview[CROSSCHECK_CLUSTER_OCCUPANCY], 100.0 / 32, 1e-6);
	run(a, &r.records[1], NULL);
	ck_assert_int_eq(a->cl.max_active_min, 5);
	ck_assert_int_eq(a->cl.max_active_max, 8);
	assert_agrees(a, 7);
	ck_assert_double_eq_tol(c->report[CROSSCHECK_CLUSTER_OCCUPANCY], 2.65, 1e-4);
	run(a, &r.records[2], NULL);
	ck_assert_int_eq(a->cl.max_active_min, 13);
	ck_assert(crosscheck_differs(c, CROSSCHECK_CLUSTER_MAX_ACTIVE));
	ck_assert(crosscheck_differs(c, CROSSCHECK_CLUSTER_OCCUPANCY));
	ck_assert_double_eq_tol(c->occview[CROSSCHECK_CLUSTER_MAX_ACTIVE], 13.0, 1e-9);
	ck_assert_double_eq_tol(c->occview[CROSSCHECK_CLUSTER_OCCUPANCY], 100.0 * 104 / 4224, 1e-4);
	ck_assert_int_eq(count_findings(a, "crosscheck"), 2);
	f = finding(a, "crosscheck");
	ck_assert_ptr_nonnull(f);
	/* The finding names occview's bound, not its nearest end alone ("occview
	 * 13" beside the table's 13-16). */
	ck_assert(c->bounded & (1u << CROSSCHECK_CLUSTER_MAX_ACTIVE));
	ck_assert(c->bounded & (1u << CROSSCHECK_CLUSTER_OCCUPANCY));
	ck_assert_str_eq(f->title, "Nsight Compute disagrees: Max Active Clusters 12, occview 13-16");
	ck_assert_ptr_nonnull(strstr(f->text, "Max Active Clusters: Nsight Compute 12, occview 13-16, "
				     "a bound over every GPC layout that fits."));
	ck_assert_str_eq(f[1].title,
			 "Nsight Compute disagrees: Cluster Occupancy 2.27, occview 2.46-3.03");
	ck_assert_int_eq(crosscheck_count(c->disagree), 2);
	report_done(&r);
	free(a);
}
END_TEST

/* A launch of tests/data/ncu/h200_ncu2025_raw_* (Nsight Compute 2025.3.1 on an H200,
 * one launch a file), analysed as the report says. */
static void h200_page(struct analysis *a, struct report *r, const char *file)
{
	struct occ_error err = { 0 };

	ck_assert_msg(report_load(data_path("ncu/", file), r, &err), "%s", err.message);
	ck_assert_uint_eq(r->n, 1);
	ck_assert_str_eq(r->records[0].device, "NVIDIA H200");
	run(a, &r->records[0], NULL);
}

/* Real cluster launches (tests/data/nvidia/h200_TOOLS: k_place, 18 registers,
 * an H200 of 132 SMs, cc 9.0's 32 blocks per SM). Nsight Compute's Cluster
 * Occupancy is the clusters' blocks over 132 x 32 slots and its Waves Per
 * SM the grid over every SM's slots, clusters or not:
 *  - clusters of 2, 1024 threads (2 blocks per SM), 264 blocks: 132 active,
 *    6.25 %, 1 wave: occview's exact figures, every value agrees;
 *  - clusters of 8, same blocks: 30 active (5.68 %) inside occview's 29-32
 *    (a bound over the GPC layouts that fit), waves 1.00 (occview's
 *    clusters' waves 1.03);
 *  - clusters of 16 at one block per SM (227 KiB of shared memory), 256
 *    blocks: 7 active (2.65 %) inside 5-8, waves 1.94;
 *  - clusters of 4 at 4 blocks per SM (512 threads, 48 KiB): this H200 holds
 *    124, not the 132 occview works out (each SM holding a whole cluster):
 *    8 of its SMs took no cluster of more than 2 blocks in any launch
 *    (tests/data/nvidia/h200_cluster_placement.csv; SMs 124-131 only ever shared a cluster
 *    with their TPC's other SM). occview does not model that yet, and the
 *    cross-check says so on both figures. */
START_TEST(ncu_h200_clusters)
{
	struct analysis *a = malloc(sizeof(*a));
	const struct crosscheck *c = &a->report.check;
	struct report r;

	h200_page(a, &r, "h200_ncu2025_raw_cluster2.csv");
	ck_assert_int_eq(a->cl.cluster_size, 2);
	ck_assert_int_eq(a->cl.max_active_max, 132);
	ck_assert_double_eq_tol(c->report[CROSSCHECK_CLUSTER_OCCUPANCY], 6.25, 1e-6);
	ck_assert_double_eq_tol(c->occview[CROSSCHECK_CLUSTER_OCCUPANCY], 6.25, 1e-6);
	ck_assert_double_eq_tol(c->occview[CROSSCHECK_WAVES], 1.0, 1e-6);
	assert_agrees(a, 16);
	report_done(&r);

	h200_page(a, &r, "h200_ncu2025_raw_cluster8.csv");
	ck_assert_int_eq(a->cl.max_active_min, 29);
	ck_assert_int_eq(a->cl.max_active_max, 32);
	ck_assert_double_eq_tol(c->report[CROSSCHECK_CLUSTER_MAX_ACTIVE], 30, 1e-9);
	ck_assert_double_eq_tol(c->report[CROSSCHECK_WAVES], 1.0, 1e-9);
	ck_assert_double_eq_tol(a->w.waves_per_sm, 264.0 / 256, 1e-9);
	assert_agrees(a, 16);
	report_done(&r);

	h200_page(a, &r, "h200_ncu2025_raw_cluster16_smem227k.csv");
	ck_assert_int_eq(a->cl.blocks_per_sm, 1);
	ck_assert_int_eq(a->cl.max_active_min, 5);
	ck_assert_int_eq(a->cl.max_active_max, 8);
	ck_assert_double_eq_tol(c->report[CROSSCHECK_WAVES], 1.94, 1e-6);
	ck_assert_double_eq_tol(c->occview[CROSSCHECK_WAVES], 256.0 / 132, 1e-5);
	assert_agrees(a, 16);
	report_done(&r);

	h200_page(a, &r, "h200_ncu2025_raw_nocluster.csv");
	ck_assert_int_eq(a->cl.cluster_size, 0);
	assert_agrees(a, 14);
	report_done(&r);

	h200_page(a, &r, "h200_ncu2025_raw_cluster4_smem48k.csv");
	ck_assert_int_eq(a->cl.blocks_per_sm, 4);
	ck_assert(a->cl.bound == CLUSTER_EXACT);
	ck_assert_int_eq(a->cl.max_active_max, 132);
	ck_assert_double_eq_tol(c->report[CROSSCHECK_CLUSTER_MAX_ACTIVE], 124, 1e-9);
	ck_assert(crosscheck_differs(c, CROSSCHECK_CLUSTER_MAX_ACTIVE));
	ck_assert(crosscheck_differs(c, CROSSCHECK_CLUSTER_OCCUPANCY));
	ck_assert_double_eq_tol(c->occview[CROSSCHECK_CLUSTER_OCCUPANCY], 100.0 * 528 / 4224, 1e-6);
	ck_assert_int_eq(crosscheck_count(c->disagree), 2);
	report_done(&r);
	free(a);
}
END_TEST

/* The CUDA profiler's Fermi logs carry no launch; for the constructed ones
 * (tools/constructed_fermi_logs.py, in place of two public logs that have
 * no licence) the generator states it, as a program's source would, and
 * prints the figure of compute capability 2.x's rules (CUDA C Programming
 * Guide; NVIDIA's Occupancy Calculator for 2.x): 48 warps, 8 blocks,
 * 32768 registers per warp in units of 64. Only the register count is
 * left unknown here, and the printed figure agrees with occview's over the
 * counts below, on the device the log names:
 * - Tesla C2050: to_grayscale in blocks of 1 x 1 x 1 thread, no shared
 *   memory. One warp a block, 8 blocks: 8 of 48 warps, 16.67 %, the log's
 *   0.167, whatever the registers (63 at most: 2048 per warp, 16 warps).
 * - Tesla M2090: _Z12point_sourcePffi <<<1, 1>>> is the same 16.67 %
 *   (0.167); _Z13wave3d_kernelPfPKfiif runs blocks of 32 x 8 threads (8
 *   warps) with 1728 B of shared memory. Warps allow 48 / 8 = 6 blocks,
 *   shared memory 49152 / 1792 = 27; the log's 0.667 (32 warps, 4 blocks)
 *   is registers at 25 to 32 a thread (25: 800 -> 832 per warp, 39 warps,
 *   4 blocks; 32: 1024, 32 warps, 4 blocks); at 24 (768 per warp, 42
 *   warps, 5 blocks) and fewer occview says more, at 33 (1088, 30 warps, 3
 *   blocks) and more less, and the cross-check says the profiler disagrees.
 * The grid is the input's (unknown here, 64 x 64 stands in): the
 * theoretical figure does not depend on it. */
START_TEST(cudaprof_fermi_logs_agree)
{
	ck_cudaprof_regs("constructed_cudaprof_c2050_kv_cuda_profile_0.log", 0, "to_grayscale",
			 16.7, 1, 1, 0, 1, 63, true);
	ck_cudaprof_regs("constructed_cudaprof_m2090_kv_cuda_profile_0.log", 0,
			 "_Z12point_sourcePffi", 16.7, 1, 1, 0, 1, 63, true);
	ck_cudaprof_regs("constructed_cudaprof_m2090_kv_cuda_profile_0.log", 1,
			 "_Z13wave3d_kernelPfPKfiif", 66.7, 32, 8, 1728, 25, 32, true);
	ck_cudaprof_regs("constructed_cudaprof_m2090_kv_cuda_profile_0.log", 1,
			 "_Z13wave3d_kernelPfPKfiif", 66.7, 32, 8, 1728, 1, 24, false);
	ck_cudaprof_regs("constructed_cudaprof_m2090_kv_cuda_profile_0.log", 1,
			 "_Z13wave3d_kernelPfPKfiif", 66.7, 32, 8, 1728, 33, 63, false);
}
END_TEST

/* Values are kept in floats (analysis_stays_compact); JSON gives them as the
 * report prints them: 72.73 % (and 104 / 132 = 78.79 %) as floats were
 * written 72.73000336 and 78.78787994. */
START_TEST(values_as_the_report_prints_them)
{
	char buf[32];

	ck_assert(crosscheck_value(CROSSCHECK_CLUSTER_OCCUPANCY, (float)72.73) == 72.73);
	ck_assert(crosscheck_value(CROSSCHECK_CLUSTER_OCCUPANCY, (float)(104.0 / 132 * 100)) == 78.79);
	ck_assert(crosscheck_value(CROSSCHECK_CLUSTER_MAX_ACTIVE, (float)12) == 12.0);
	ck_assert(crosscheck_value(CROSSCHECK_WAVES, (float)(1584.0 / 648)) == 2.44);
	crosscheck_value_text(CROSSCHECK_CLUSTER_OCCUPANCY, (float)72.73, buf, sizeof(buf));
	ck_assert_str_eq(buf, "72.73");
}
END_TEST

START_TEST(analysis_stays_compact)
{
	/* An analysis holds one, and the explorer a handful of analyses (the
	 * view's current, baseline and reference, one per compared GPU; the
	 * browser's rows keep figures, not analyses): the report part must
	 * stay small beside the findings (19 figures compared, two floats each,
	 * the range of occview's two cluster figures where it is one, the
	 * values inferred from the report's limits and its own figures, shown
	 * whether or not occview can analyse the record (its cluster figures,
	 * CodeXL's four waves limits), the file a joined achieved occupancy
	 * came from, the schedulers' seven measured figures (a copy: an
	 * analysis outlives a record, as in test_output) and a pointer to the
	 * record's rule results, its id, run and the launch values it gave).
	 * A finding alone is over 1 KB. */
	ck_assert_uint_le(sizeof(struct crosscheck_record), 832);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("crosscheck");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, a100_agrees_with_the_drivers_configuration);
	tcase_add_test(tc, a100_without_the_drivers_choice_disagrees);
	tcase_add_test(tc, altered_value_is_a_disagreement);
	tcase_add_test(tc, b200_agrees);
	tcase_add_test(tc, v100_agrees_within_printed_rounding);
	tcase_add_test(tc, cc120_limits_of_the_block_size);
	tcase_add_test(tc, report_sm_count_wins);
	tcase_add_test(tc, unknown_device_falls_back_with_a_note);
	tcase_add_test(tc, device_names_resolve_exactly);
	tcase_add_test(tc, flags_skip_the_crosscheck);
	tcase_add_test(tc, cudaprof_theoretical_within_its_printed_digit);
	tcase_add_test(tc, cudaprof_counters_give_achieved);
	tcase_add_test(tc, cudaprof_fermi_logs_agree);
	tcase_add_test(tc, values_as_the_report_prints_them);
	tcase_add_test(tc, analysis_stays_compact);
	tcase_add_test(tc, ncu_cluster_figures);
	tcase_add_test(tc, ncu_h200_clusters);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
