/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_cluster.c - thread-block clusters: max active clusters and cluster
 * occupancy over GPC layouts, the generation check, and every corpus report
 * that carries Nsight Compute's cluster figures. Expected bounds are worked
 * by hand below and were checked by enumerating every layout (every
 * multiset of GPC sizes of whole TPCs summing to the SM count). */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "cluster.h"
#include "crosscheck.h"
#include "error.h"
#include "gpu.h"
#include "launch.h"
#include "params.h"
#include "report.h"
#include "testutil.h"
#include "reportutil.h"

/* H100 SXM5 as the Hopper blog gives it: 132 SMs in 8 GPCs of whole TPCs
 * (2 SMs), at most 9 TPCs (18 SMs) each. */
static const struct gpc_layout h100 = { "H100 SXM5", 132, 8, 8, 18, 2, 0, { 0 }, "" };

static struct cluster_result on(const struct gpc_layout *g, int sms, int k, int c)
{
	struct cluster_result r;

	cluster_compute(g, sms, k, c, &r);
	return r;
}

/* One block per SM, clusters of 16: a GPC holds one cluster when it has
 * 16 SMs or more. All 8 can (16 x 6 + 18 x 2 = 132); at least 5 must,
 * since 4 GPCs of 18 and 4 of at most 14 hold only 128 SMs. */
START_TEST(h100_one_block_cluster_16_is_5_to_8)
{
	struct cluster_result r = on(&h100, 132, 1, 16);

	ck_assert_int_eq(r.bound, CLUSTER_RANGE);
	ck_assert_int_eq(r.max_active_min, 5);
	ck_assert_int_eq(r.max_active_max, 8);
	/* Cluster occupancy: active blocks over the 132 the SMs hold. */
	ck_assert_double_eq_tol(r.occupancy_pct_max, 100.0 * 8 * 16 / 132, 1e-9);
	ck_assert_double_eq_tol(r.occupancy_pct_min, 100.0 * 5 * 16 / 132, 1e-9);
	ck_assert_int_eq(r.gpcs_min, 8);
	ck_assert_int_eq(r.gpcs_max, 8);
}
END_TEST

/* Pairs of blocks fill every GPC of whole TPCs: 66 whatever the layout. */
START_TEST(h100_cluster_2_is_exact)
{
	struct cluster_result r = on(&h100, 132, 1, 2);

	ck_assert_int_eq(r.bound, CLUSTER_EXACT);
	ck_assert_int_eq(r.max_active_min, 66);
	ck_assert_int_eq(r.max_active_max, 66);
	ck_assert_double_eq_tol(r.occupancy_pct_max, 100.0, 1e-9);
}
END_TEST

/* More worked bounds, each the least and most of sum(floor(k n / c)). */
START_TEST(worked_bounds)
{
	static const struct gpc_layout h100_pcie = { "H100 PCIe", 114, 7, 8, 18, 2, 0, { 0 }, "" };
	static const struct gpc_layout gb202 = { "RTX 5090", 170, 1, 12, 16, 2, 0, { 0 }, "" };
	static const struct {
		const struct gpc_layout *g;
		int sms, k, c;
		int64_t lo, hi;
	} cases[] = {
		{ &h100, 132, 2, 8, 29, 32 },
		{ &h100, 132, 1, 8, 13, 16 },
		{ &h100, 132, 2, 3, 84, 88 },
		{ &h100_pcie, 114, 1, 8, 9, 14 },
		{ &gb202, 170, 3, 16, 25, 31 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct cluster_result r = on(cases[i].g, cases[i].sms, cases[i].k, cases[i].c);

		if (r.max_active_min != cases[i].lo || r.max_active_max != cases[i].hi)
			ck_abort_msg("case %zu: %lld-%lld, expected %lld-%lld", i,
				     (long long)r.max_active_min, (long long)r.max_active_max,
				     (long long)cases[i].lo, (long long)cases[i].hi);
	}
}
END_TEST

/* The die's limits alone for another SM count (78 SMs of a GH100, GPC
 * count unknown): 5 to 8 GPCs; clusters of 4 at one block per SM. */
START_TEST(another_sm_count_keeps_the_die)
{
	struct cluster_result r = on(&h100, 78, 1, 4);

	ck_assert_int_eq(r.max_active_min, 16);
	ck_assert_int_eq(r.max_active_max, 19);
	ck_assert_int_eq(r.gpcs_min, 1);
}
END_TEST

/* A measured layout is exact; unknown is only the most. */
START_TEST(exact_and_unknown_layouts)
{
	struct gpc_layout g = h100;
	static const int sizes[8] = { 18, 18, 18, 18, 16, 16, 14, 14 };
	struct cluster_result r;
	char text[32];

	g.n_exact = 8;
	memcpy(g.exact, sizes, sizeof(sizes));
	r = on(&g, 132, 1, 16);
	ck_assert_int_eq(r.bound, CLUSTER_EXACT);
	ck_assert_int_eq(r.max_active_max, 6);
	cluster_active_text(&r, text, sizeof(text));
	ck_assert_str_eq(text, "6");
	r = on(NULL, 148, 2, 8);
	ck_assert_int_eq(r.bound, CLUSTER_UPPER);
	ck_assert_int_eq(r.max_active_min, -1);
	ck_assert_int_eq(r.max_active_max, 37);   /* 2 x 148 / 8 */
	cluster_active_text(&r, text, sizeof(text));
	ck_assert_str_eq(text, "<=37");
	r = on(&h100, 132, 1, 16);
	cluster_active_text(&r, text, sizeof(text));
	ck_assert_str_eq(text, "5-8");
}
END_TEST

/* The largest cluster: 8 portable; 16 non-portable when one GPC holds 16
 * blocks; a kernel of one block per SM on a 78-SM GH100 part is only
 * sure of 10 SMs in its largest GPC (78 over 8 GPCs). */
START_TEST(max_cluster_size)
{
	struct cluster_result r = on(&h100, 78, 1, 0);

	ck_assert_int_eq(r.max_size_portable, 8);
	ck_assert_int_eq(r.max_size_nonportable_min, 10);
	ck_assert_int_eq(r.max_size_nonportable_max, 16);
	r = on(&h100, 132, 0, 2);
	ck_assert_int_eq(r.max_active_max, 0);
	ck_assert_int_eq(r.max_size_portable, 0);
}
END_TEST

/* A user's GPC file (--gpu-db): its row replaces the built-in one of that
 * device, and a value that does not read is an error naming the file,
 * line and column. */
START_TEST(user_gpc_rows)
{
	static const char header[] = "name,sm_count,gpcs,sms_per_gpc_max,sms_per_tpc,sms_per_gpc,provenance\n";
	/* a per-GPC list for the H100's 132 SMs: only how it reads is tested,
	 * it is no measured layout */
	static const char measured[] = "NVIDIA H100 80GB HBM3,132,8,18,2,18;18;18;18;18;18;16;8,"
				       "a test of reading\n";
	static const char bad[] = "NVIDIA H100 80GB HBM3,132,0-8,18,2,,test\n";
	struct gpu_db *mine = gpu_db_new_builtin(&(struct occ_error){ 0 });
	struct occ_error err = { 0 };
	struct gpc_layout g;
	struct gpu gpu;
	char text[512];

	ck_assert_ptr_nonnull(mine);
	snprintf(text, sizeof(text), "%s%s", header, measured);
	ck_assert_msg(gpu_db_load_csv(mine, "mine.csv", text, strlen(text), &err), "%s", err.message);
	ck_assert(gpu_db_gpc_layout(mine, "NVIDIA H100 80GB HBM3", &g));
	ck_assert_int_eq(g.n_exact, 8);
	ck_assert_int_eq(g.exact[6], 16);
	ck_assert(gpu_db_find(mine, "NVIDIA H100 80GB HBM3", &gpu, &err));
	ck_assert_int_eq(gpu.gpcs.n_exact, 8);
	snprintf(text, sizeof(text), "%s%s", header, bad);
	ck_assert(!gpu_db_load_csv(mine, "bad.csv", text, strlen(text), &err));
	ck_assert_str_eq(err.file, "bad.csv");
	ck_assert_int_eq(err.line, 2);
	ck_assert_str_eq(err.field, "gpcs");
	gpu_db_free(mine);
}
END_TEST

/* The built-in data: the H100's row and the check of cc 9.0. */
START_TEST(builtin_rows_and_generations)
{
	struct gpc_layout g;
	struct gpu gpu;
	struct occ_error err = { 0 };
	char why[160];

	/* data/gpcs.csv line 2: NVIDIA H100 80GB HBM3,132,8,18,2 */
	ck_assert(gpu_db_gpc_layout(db, "NVIDIA H100 80GB HBM3", &g));
	ck_assert_int_eq(g.sm_count, 132);
	ck_assert_int_eq(g.gpcs_min, 8);
	ck_assert_int_eq(g.gpcs_max, 8);
	ck_assert_int_eq(g.sms_per_gpc_max, 18);
	ck_assert(!gpu_db_gpc_layout(db, "NVIDIA H100", &g));   /* whole names only */
	/* every row of data/gpcs.csv reads: one that did not would fail the
	 * database, no longer leave its device's layout silently unknown */
	{
		extern const char gpu_data_gpcs_csv[];
		size_t lines = 0;

		for (const char *p = gpu_data_gpcs_csv; *p; p++)
			lines += *p == '\n';
		ck_assert_uint_eq(gpu_db_gpc_count(db), lines - 1);
	}
	/* a device carries its row from the database */
	ck_assert(gpu_db_find(db, "NVIDIA H100 80GB HBM3", &gpu, &err));
	ck_assert(gpu.has_gpcs);
	ck_assert_int_eq(gpu.gpcs.sms_per_gpc_max, 18);
	ck_assert(gpu_db_find(db, "a100", &gpu, &err));
	ck_assert(!gpu.has_gpcs);
	ck_assert(gpu_db_find(db, "8.6", &gpu, &err));
	ck_assert(!cluster_supported(&gpu.arch));
	cluster_refusal(&gpu.arch, why, sizeof(why));
	ck_assert_str_eq(why, "Ampere (cc 8.6) has no thread-block clusters; they start with "
			      "Hopper (cc 9.0)");
	ck_assert(gpu_db_find(db, "sm_120", &gpu, &err));
	ck_assert(cluster_supported(&gpu.arch));
}
END_TEST

/* Flags and launch files: before cc 9.0 a usage error (the flag) or a data
 * error (the key); a cluster that does not divide the grid is refused. */
START_TEST(launch_checks)
{
	struct gpu gpu;
	struct launch l;
	struct occ_error err = { 0 };

	launch_init(&l);
	l.cluster_size = 2;
	ck_assert(gpu_db_find(db, "8.6", &gpu, &err));
	ck_assert(!param_check_vendor(PARAM_BIT(PARAM_CLUSTER), 0, &gpu, &err));
	ck_assert_int_eq(err.status, OCC_EUSAGE);
	ck_assert_str_eq(err.field, "--cluster-size");
	occ_error_clear(&err);
	ck_assert(!launch_check(&l, &gpu, "x.launch", 3, &err));
	ck_assert_int_eq(err.status, OCC_EDATA);
	ck_assert_str_eq(err.field, "cluster_size");
	ck_assert(gpu_db_find(db, "H100", &gpu, &err));
	l.grid[0] = 1000;
	ck_assert(launch_check(&l, &gpu, NULL, 0, &err));
	l.cluster_size = 3;
	occ_error_clear(&err);
	ck_assert(!launch_check(&l, &gpu, NULL, 0, &err));
	ck_assert_int_eq(err.status, OCC_EUSAGE);
	l.cluster_size = 17;
	ck_assert(!launch_check(&l, &gpu, NULL, 0, &err));
}
END_TEST

/* The integrated parts cap at the portable 8: NVIDIA Warp's
 * get_cuda_max_cluster_dim, which asks cuOccupancyMaxActiveClusters from 16
 * down, documents Thor (cc 11.0) and DGX Spark (GB10, cc 12.1) at 8; the
 * H100 and the B200 take 16 where the kernel allows it. */
START_TEST(integrated_parts_cap_at_8)
{
	static const struct { const char *name; int max; } parts[] = {
		{ "Thor", 8 }, { "GB10", 8 }, { "H100", 16 }, { "B200", 16 }, { "RTX 5090", 16 },
		{ "A100", 0 },
	};
	struct occ_error err = { 0 };

	for (size_t i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
		struct gpu gpu;
		struct launch l;
		struct cluster_result r;

		ck_assert_msg(gpu_db_find(db, parts[i].name, &gpu, &err), "%s", parts[i].name);
		ck_assert_int_eq(cluster_max_size(&gpu.arch), parts[i].max);
		if (!parts[i].max)
			continue;
		/* one block per SM: the sizes a GPC holds, capped at the part's */
		cluster_compute_gpu(&gpu, 32, 2, &r);
		ck_assert_int_le(r.max_size_nonportable_max, parts[i].max);
		ck_assert_int_le(r.max_size_nonportable_min, parts[i].max);
		launch_init(&l);
		l.grid[0] = 1024;
		l.cluster_size = parts[i].max;
		occ_error_clear(&err);
		ck_assert_msg(launch_check(&l, &gpu, NULL, 0, &err), "%s", err.message);
		l.cluster_size = parts[i].max * 2;
		ck_assert(!launch_check(&l, &gpu, NULL, 0, &err));
		ck_assert_int_eq(err.status, OCC_EUSAGE);
		if (parts[i].max == 8)
			ck_assert_msg(strstr(err.message, "integrated part") != NULL, "%s", err.message);
	}
}
END_TEST

/* Every corpus report with Nsight Compute's cluster figures: its Max
 * Cluster Size is occview's (8, or 16 where the kernel allows non-portable
 * sizes: the constructed B200 page's lse_reduction_kernel, the H200's
 * k_place), and a launch without a cluster has Max Active Clusters 0. The
 * launches with clusters (the constructed H100 page, the H200's) are
 * test_crosscheck's. */
struct seen { int records, sixteen; };

static void check_file(const char *file, void *ctx)
{
	struct seen *s = ctx;
	struct analysis *a = malloc(sizeof(*a));
	struct occ_error err = { 0 };
	struct report r;

	ck_assert_ptr_nonnull(a);
	/* Files that are no report (test_corpus_all says which) have no figures. */
	if (!report_load(data_path("", file), &r, &err)) {
		free(a);
		return;
	}
	for (size_t i = 0; i < r.n; i++) {
		const struct report_record *rec = &r.records[i];
		const struct crosscheck *c = &a->report.check;

		if (!rec->cluster_max_size.present ||
		    (rec->cluster[0].present && rec->cluster[0].value > 0))
			continue;
		s->records++;
		ck_assert(rec->cluster_max_active.present);
		ck_assert_int_eq(rec->cluster_max_active.value, 0);
		ck_assert_msg(record_analyse(a, db, rec, NULL, file, &err), "%s: %s", file,
			      err.message);
		ck_assert(a->cl.applies);
		ck_assert(crosscheck_has(c, CROSSCHECK_CLUSTER_MAX_SIZE));
		ck_assert_msg(!crosscheck_differs(c, CROSSCHECK_CLUSTER_MAX_SIZE),
			      "%s line %ld: Max Cluster Size %g, occview %g", file, rec->line,
			      c->report[CROSSCHECK_CLUSTER_MAX_SIZE],
			      c->occview[CROSSCHECK_CLUSTER_MAX_SIZE]);
		ck_assert(!crosscheck_has(c, CROSSCHECK_CLUSTER_MAX_ACTIVE));
		if (rec->cluster_max_size.value == 16)
			s->sixteen++;
	}
	report_done(&r);
	free(a);
}

START_TEST(corpus_cluster_figures)
{
	struct seen s = { 0 };

	each_report_file(check_file, &s);
	/* 4 B200 raw pages (16 + 16 + 56 + 16 launches), the cc 12.0
	 * Occupancy section and the H200's launch without clusters. The
	 * 78-SM Hopper text page has them too (Max Cluster Size 8 at one
	 * block per SM), but is text output occview does not read. */
	ck_assert_int_eq(s.records, 106);
	/* lse_reduction_kernel, 8 launches, and k_place: 16 */
	ck_assert_int_eq(s.sixteen, 9);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("cluster");
	TCase *tc = tcase_create("cluster");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, h100_one_block_cluster_16_is_5_to_8);
	tcase_add_test(tc, h100_cluster_2_is_exact);
	tcase_add_test(tc, worked_bounds);
	tcase_add_test(tc, another_sm_count_keeps_the_die);
	tcase_add_test(tc, exact_and_unknown_layouts);
	tcase_add_test(tc, max_cluster_size);
	tcase_add_test(tc, builtin_rows_and_generations);
	tcase_add_test(tc, user_gpc_rows);
	tcase_add_test(tc, launch_checks);
	tcase_add_test(tc, integrated_parts_cap_at_8);
	tcase_add_test(tc, corpus_cluster_figures);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(suite());
}
