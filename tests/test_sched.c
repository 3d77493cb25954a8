/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_sched.c - the scheduling model (sched.h): block slots per SM with
 * whole clusters per GPC, the waves, per-SM figures, simulation and advice
 * that follow, and the findings of rules_sched.c. Expected numbers are
 * worked by hand from the GPC layout each test gives. */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "cluster.h"
#include "launch.h"
#include "params.h"
#include "sched.h"
#include "sim.h"
#include "testutil.h"
#include "waves.h"

static struct gpu h100(void)
{
	struct occ_error err = { 0 };
	struct gpu g;

	ck_assert(gpu_db_find(db, "H100", &g, &err));
	ck_assert_int_eq(g.sm_count, 132);
	return g;
}

/* A layout of the H100 SXM5 that fits what the Hopper blog publishes (8 GPCs
 * of whole TPCs of 2 SMs, at most 18 SMs each, 132 in all) with 16-SM GPCs
 * as accel-sim's PR 87 measured one: 16,16,18,18,16,16,16,16. */
static struct gpu h100_exact(void)
{
	static const int sizes[8] = { 16, 16, 18, 18, 16, 16, 16, 16 };
	struct gpu g = h100();

	g.has_gpcs = true;
	g.gpcs.n_exact = 8;
	for (int i = 0; i < 8; i++)
		g.gpcs.exact[i] = sizes[i];
	return g;
}

/* The issue's launch: 1024 threads x 64 registers = 65536 registers, the
 * whole register file (cc 9.0: 65536 per SM), so 1 block per SM. */
static void issue_launch(struct launch *l, int64_t grid, int cluster)
{
	launch_init(l);
	l->block[0] = 1024;
	l->block[1] = l->block[2] = 1;
	l->regs_per_thread = 64;
	l->grid[0] = grid;
	l->grid[1] = l->grid[2] = 1;
	l->cluster_size = cluster;
}

static bool has_finding(const struct analysis *a, const char *id)
{
	for (int i = 0; i < a->n_findings; i++)
		if (strcmp(a->findings[i].id, id) == 0)
			return true;
	return false;
}

static const struct finding *finding(const struct analysis *a, const char *id)
{
	for (int i = 0; i < a->n_findings; i++)
		if (strcmp(a->findings[i].id, id) == 0)
			return &a->findings[i];
	ck_abort_msg("no finding %s", id);
	return NULL;
}

/* Without a known layout, clusters of 16 at 1 block per SM: 5-8 clusters
 * (test_cluster: h100_one_block_cluster_16_is_5_to_8), so 80-128 blocks a
 * wave and a grid of 1024 takes 1024/128 = 8.00 to 1024/80 = 12.80 waves. */
START_TEST(issue_example_carries_the_bounds)
{
	struct analysis *a = malloc(sizeof(*a));
	struct gpu g = h100();
	struct launch l;

	issue_launch(&l, 1024, 16);
	analysis_run(a, &l, &g, NULL, 0);
	ck_assert(a->ok);
	ck_assert_int_eq(a->r.active_blocks_per_sm, 1);
	ck_assert_int_eq(a->w.blocks_per_wave, 128);
	ck_assert_int_eq(a->w.blocks_per_wave_min, 80);
	ck_assert_double_eq_tol(a->w.waves_per_sm, 8.0, 1e-12);
	ck_assert_double_eq_tol(a->w.waves_max, 12.8, 1e-12);
	ck_assert_int_eq(a->w.full_waves, 8);
	ck_assert_int_eq(a->w.partial_wave_blocks, 0);
	/* 128 blocks on 132 SMs at 1 each: at least 4 SMs idle. */
	ck_assert_int_eq(a->w.idle_units, 4);
	ck_assert(!has_finding(a, "tail_effect"));
	ck_assert(has_finding(a, "cluster_occupancy"));
	/* No grid advice of 924 (7 x 132): not a multiple of 16. */
	for (int i = 0; i < a->n_findings; i++)
		ck_assert_msg(strstr(a->findings[i].text, "924") == NULL, "%s", a->findings[i].text);
	free(a);
}
END_TEST

/* With the exact layout every GPC holds one cluster of 16 at 1 block per
 * SM: 8 x 16 = 128 a wave; the two 18-SM GPCs (SMs 32-49, 50-67 counted in
 * order) leave their last 2 SMs each without a block. */
START_TEST(exact_layout_slots)
{
	struct gpu g = h100_exact();
	struct sched s;
	struct cluster_result cl;

	sched_init(&s, &g, 0, 1, 16, &cl);
	ck_assert_int_eq(cl.bound, CLUSTER_EXACT);
	ck_assert_int_eq(cl.max_active_max, 8);
	ck_assert_int_eq(s.per_wave, 128);
	ck_assert_int_eq(s.per_wave_min, 128);
	ck_assert_int_eq(s.n_groups, 8);
	ck_assert_int_eq(sched_units_used(&s), 128);
	ck_assert_int_eq(sched_unit_slots(&s, 0), 1);
	ck_assert_int_eq(sched_unit_slots(&s, 47), 1);
	ck_assert_int_eq(sched_unit_slots(&s, 48), 0);
	ck_assert_int_eq(sched_unit_slots(&s, 49), 0);
	ck_assert_int_eq(sched_unit_slots(&s, 50), 1);
	ck_assert_int_eq(sched_unit_slots(&s, 66), 0);
	ck_assert_int_eq(sched_unit_slots(&s, 67), 0);
	ck_assert_int_eq(sched_unit_slots(&s, 131), 1);
	/* 2 blocks per SM, clusters of 6: a 16-SM GPC holds 32 slots, 5
	 * clusters (30 blocks) dealt over 16 SMs: the first 14 get 2, the
	 * last 2 get 1; an 18-SM GPC holds 36 = 6 clusters, full. */
	sched_init(&s, &g, 0, 2, 6, &cl);
	ck_assert_int_eq(s.per_wave, 6 * 30 + 2 * 36);
	ck_assert_int_eq(sched_unit_slots(&s, 13), 2);
	ck_assert_int_eq(sched_unit_slots(&s, 14), 1);
	ck_assert_int_eq(sched_unit_slots(&s, 15), 1);
	ck_assert_int_eq(sched_unit_slots(&s, 32), 2);
	ck_assert_int_eq(sched_unit_slots(&s, 49), 2);
	ck_assert_int_eq(sched_units_used(&s), 132);
}
END_TEST

/* A grid of 130 on the exact layout, 1 block per SM, clusters of 2... of
 * 16 is refused (130 % 16), so clusters of 2 at 1 block per SM: every GPC
 * is even, every SM holds 1, 132 a wave and no idle SM. Clusters of 16 and
 * a grid of 144 = 9 clusters: 1 full wave of 128 and a partial of 16,
 * dealt to the SMs with the most free slots, the lowest first: SMs 0-15. */
START_TEST(exact_layout_partial_wave)
{
	struct gpu g = h100_exact();
	struct sched s;
	struct occ_result r = { 0 };
	struct waves w;
	int64_t blocks, busy;

	sched_init(&s, &g, 0, 1, 2, NULL);
	ck_assert_int_eq(s.per_wave, 132);
	ck_assert_int_eq(sched_units_used(&s), 132);
	sched_init(&s, &g, 0, 1, 16, NULL);
	r.active_blocks_per_sm = 1;
	r.warps_per_block = 32;
	r.max_warps_per_sm = 64;
	waves_compute_sched(&r, &s, 144, &w);
	ck_assert_int_eq(w.full_waves, 1);
	ck_assert_int_eq(w.partial_wave_blocks, 16);
	ck_assert_int_eq(w.active_sms, 128);
	ck_assert_int_eq(w.idle_units, 4);
	sched_unit_share(&s, 144, 0, &blocks, &busy);
	ck_assert_int_eq(blocks, 2);
	ck_assert_int_eq(busy, 2);
	sched_unit_share(&s, 144, 16, &blocks, &busy);
	ck_assert_int_eq(blocks, 1);
	sched_unit_share(&s, 144, 48, &blocks, &busy);
	ck_assert_int_eq(blocks, 0);
	ck_assert_int_eq(busy, 0);
	/* Warp-time 144 x 32 over active time 128 + 16 SM-waves, of 64:
	 * 4608 / 144 / 64 = 50 %. */
	ck_assert_double_eq_tol(w.predicted_achieved_pct, 50.0, 1e-12);
	ck_assert_double_eq_tol(waves_unit_occupancy_pct(&r, &s, 144, 48), 0.0, 1e-12);
	/* The partial wave's 16 blocks x 32 warps over 132 SMs x 64. */
	ck_assert_double_eq_tol(w.partial_wave_occupancy_pct, 100.0 * 16 * 32 / 132 / 64, 1e-12);
}
END_TEST

/* The event simulation with the same slots gives the wave formula's
 * figures to the last bit (every duration 1.0), on uneven slots too. */
START_TEST(simulation_follows_the_slots)
{
	struct gpu g = h100_exact();
	static const int64_t grids[] = { 96, 144, 402, 1000, 1230 };
	struct sim_params p = { 0 };

	sched_init(&p.sched, &g, 0, 2, 6, NULL);
	p.sm_count = p.sched.units;
	p.blocks_per_sm = 2;
	p.warps_per_block = 8;
	p.max_warps_per_sm = 64;
	p.model = SIM_UNIFORM;
	for (size_t i = 0; i < sizeof(grids) / sizeof(grids[0]); i++) {
		struct sim_result a, b;

		p.grid_size = grids[i];
		ck_assert(sim_run(&p, &a));
		ck_assert(sim_run_events(&p, &b));
		ck_assert_double_eq(a.makespan, b.makespan);
		ck_assert_double_eq(a.average_pct, b.average_pct);
		for (int sm = 0; sm < p.sm_count; sm++) {
			ck_assert_int_eq(a.sm_blocks[sm], b.sm_blocks[sm]);
			ck_assert_double_eq(a.sm_active_time[sm], b.sm_active_time[sm]);
		}
		sim_result_done(&a);
		sim_result_done(&b);
	}
}
END_TEST

/* The finding names the GPCs that leave SMs unused, and the cluster size
 * that fills them: 8, 4 and 2 divide 1024; 8 leaves 2 SMs of an 18-SM GPC
 * (18 = 2 x 8 + 2), so does 4 (18 = 4 x 4 + 2), 2 fills every GPC. */
START_TEST(cluster_occupancy_finding)
{
	struct analysis *a = malloc(sizeof(*a));
	struct gpu g = h100_exact();
	struct launch l;
	const struct finding *f;

	issue_launch(&l, 1024, 16);
	analysis_run(a, &l, &g, NULL, 0);
	ck_assert(a->ok);
	f = finding(a, "cluster_occupancy");
	ck_assert_ptr_nonnull(strstr(f->text, "8 clusters are resident"));
	ck_assert_ptr_nonnull(strstr(f->text, "128 blocks of the 132 SMs x 1 = 132"));
	ck_assert_ptr_nonnull(strstr(f->text, "cluster occupancy 97.0%"));
	ck_assert_ptr_nonnull(strstr(f->text, "GPC 2 (18 SMs) holds 16 of 18; GPC 3 (18 SMs) "
					      "holds 16 of 18."));
	/* Clusters of 2 fill every GPC of an even number of SMs: 132. */
	ck_assert_ptr_nonnull(strstr(f->text, "A cluster size of 2 fills every SM whatever the "
					      "layout: 132 blocks a wave (now 128), 0 of the 132 "
					      "block slots idle (now 4)."));
	/* Clusters of 2 fill every SM: no finding. */
	issue_launch(&l, 1024, 2);
	analysis_run(a, &l, &g, NULL, 0);
	ck_assert(a->ok);
	ck_assert(!has_finding(a, "cluster_occupancy"));
	free(a);
}
END_TEST

/* The suggestion's numbers where the layout is a bound or unknown, worked
 * by hand at 1 block per SM (1024 threads x 64 registers):
 * - H100 SXM5 (8 GPCs of whole TPCs of 2 SMs, at most 18 SMs each, 132 in
 *   all: data/gpcs.csv): clusters of 16 hold 5-8 (test_cluster), 80-128
 *   blocks, 4-52 of 132 slots idle; clusters of 2 fill every GPC, all even.
 * - B200 (148 SMs) and GB200 (152 SMs), no layout known (the bound: all SMs
 *   in one GPC): clusters of 16 hold at most floor(148 / 16) = 9 and
 *   floor(152 / 16) = 9, 144 blocks, so at least 4 and 8 slots idle. The
 *   largest size that could fill them and divides the grid of 1024: 4 on
 *   the B200 (148 = 4 x 37; 8 leaves 4), 8 on the GB200 (152 = 8 x 19).
 * - The exact layout 16,16,18,18,16,16,16,16 with non-portable clusters of
 *   15 and a grid of 105 = 7 x 15 (sizes that divide it: 3, 5, 7, 15):
 *   each GPC holds 15 now, 120 blocks, 12 idle; clusters of 3 hold 15 of a
 *   16-SM GPC and 18 of an 18, 6 x 15 + 2 x 18 = 126, 6 idle; 5 leaves 1 of
 *   16 and 3 of 18 idle (12), 7 leaves 2 and 4 (20). */
START_TEST(cluster_suggestion_numbers)
{
	struct analysis *a = malloc(sizeof(*a));
	struct gpu g = h100();
	struct occ_error err = { 0 };
	struct launch l;

	issue_launch(&l, 1024, 16);
	analysis_run(a, &l, &g, NULL, 0);
	ck_assert(a->ok);
	ck_assert_ptr_nonnull(strstr(finding(a, "cluster_occupancy")->text,
		"A cluster size of 2 fills every SM whatever the layout: 132 blocks a wave "
		"(now 80-128), 0 of the 132 block slots idle (now 4-52)."));
	ck_assert(gpu_db_find(db, "B200", &g, &err));
	ck_assert_int_eq(g.sm_count, 148);
	analysis_run(a, &l, &g, NULL, 0);
	ck_assert(a->ok);
	ck_assert_ptr_nonnull(strstr(finding(a, "cluster_occupancy")->text,
		"A cluster size of 4 could fill every SM (the most; the layout decides): at most "
		"148 blocks a wave (now at most 144), possibly none of the 148 block slots idle "
		"(now at least 4)."));
	ck_assert(gpu_db_find(db, "GB200", &g, &err));
	ck_assert_int_eq(g.sm_count, 152);
	analysis_run(a, &l, &g, NULL, 0);
	ck_assert(a->ok);
	ck_assert_ptr_nonnull(strstr(finding(a, "cluster_occupancy")->text,
		"A cluster size of 8 could fill every SM (the most; the layout decides): at most "
		"152 blocks a wave (now at most 144), possibly none of the 152 block slots idle "
		"(now at least 8)."));
	g = h100_exact();
	issue_launch(&l, 105, 15);
	analysis_run(a, &l, &g, NULL, 0);
	ck_assert(a->ok);
	ck_assert_ptr_nonnull(strstr(finding(a, "cluster_occupancy")->text,
		"A cluster size of 3 leaves fewer slots idle: 126 blocks a wave (now 120), 6 of "
		"the 132 block slots idle (now 12)."));
	free(a);
}
END_TEST

/* A grid of one cluster of 16 on the H100 (1 block per SM): "at least 132
 * blocks" is no grid of whole clusters; the advice is 132 rounded up to
 * clusters, 144, but no more than the 128 a wave holds (5-8 clusters). */
START_TEST(grid_below_sms_in_whole_clusters)
{
	struct analysis *a = malloc(sizeof(*a));
	struct gpu g = h100();
	struct launch l;

	issue_launch(&l, 16, 16);
	analysis_run(a, &l, &g, NULL, 0);
	ck_assert(a->ok);
	ck_assert_ptr_nonnull(strstr(finding(a, "grid_below_sms")->text,
				     "Launch at least 128 blocks (clusters of 16), one full wave of 128."));
	free(a);
}
END_TEST

/* On 8 SMs (--sms 8) at 1 block per SM a cluster of 16 fits no GPC: 8
 * block slots in all. The largest that fits is 8, all 8 SMs. */
START_TEST(cluster_cannot_run_and_small_grid)
{
	struct analysis *a = malloc(sizeof(*a));
	struct gpu g = h100();
	struct launch l;
	const struct finding *f;

	issue_launch(&l, 1024, 16);
	l.sms = 8;
	analysis_run(a, &l, &g, NULL, 0);
	ck_assert(a->ok);
	ck_assert_int_eq(a->w.blocks_per_wave, 0);
	f = finding(a, "cluster_cannot_run");
	ck_assert_int_eq(f->severity, RULES_ERROR);
	ck_assert_ptr_nonnull(strstr(f->text, "The largest cluster that fits is 8."));
	ck_assert(!has_finding(a, "small_grid"));
	/* 512 threads: 2 blocks per SM, 13-16 clusters of 16 (test_cluster),
	 * so 256 blocks a wave at most: a grid of 160 is 62.5 % of it. */
	issue_launch(&l, 160, 16);
	l.block[0] = 512;
	analysis_run(a, &l, &g, NULL, 0);
	ck_assert_int_eq(a->r.active_blocks_per_sm, 2);
	ck_assert_ptr_nonnull(strstr(finding(a, "small_grid")->text,
				     "62.5% of one wave (the most resident clusters of 16: 256 blocks)"));
	free(a);
}
END_TEST

/* 1,000 random cluster launches on every cc 9.0-12.1 device of the
 * database, seeded: blocks per wave never above max active clusters x
 * cluster size, and every grid and cluster size the advice names passes
 * the launch check. */
START_TEST(random_cluster_launches)
{
	struct gpu devs[64];
	int n = 0, ran = 0, suggested = 0;
	unsigned seed = 20;
	struct analysis *a = malloc(sizeof(*a));

	for (size_t i = 0; i < gpu_db_device_count(db) && n < 64; i++) {
		struct gpu g;

		if (gpu_db_device_at(db, i, &g) && cluster_supported(&g.arch) && g.sm_count > 0)
			devs[n++] = g;
	}
	ck_assert_int_gt(n, 3);
	for (int t = 0; t < 1000; t++) {
		const struct gpu *g = &devs[rand_r(&seed) % (unsigned)n];
		int max = cluster_max_size(&g->arch);
		struct launch l;
		int64_t lo, hi;

		issue_launch(&l, 0, 1 + (int)(rand_r(&seed) % (unsigned)max));
		l.block[0] = 32 * (1 + (int)(rand_r(&seed) % 16));
		l.regs_per_thread = 16 + (int)(rand_r(&seed) % 112);
		l.dynamic_smem_bytes = (int64_t)(rand_r(&seed) % 4) * 16384;
		l.grid[0] = (int64_t)l.cluster_size * (1 + rand_r(&seed) % 400);
		analysis_run(a, &l, g, NULL, 0);
		if (!a->ok || a->r.active_blocks_per_sm == 0)
			continue;
		ran++;
		ck_assert_int_le(a->w.blocks_per_wave, a->cl.max_active_max * l.cluster_size);
		ck_assert_int_eq(a->w.blocks_per_wave % l.cluster_size, 0);
		sched_whole_wave_grids(&a->sched, launch_grid_size(&l), &lo, &hi);
		for (int k = 0; k < 2; k++) {
			struct launch m = l;
			struct occ_error err = { 0 };

			m.grid[0] = k ? hi : lo;
			if (m.grid[0] > 0)
				ck_assert_msg(launch_check(&m, g, NULL, 0, &err), "%s: %s", g->name,
					      err.message);
		}
		/* The size the finding suggests, the launch's other values kept. */
		for (int i = 0; i < a->n_findings; i++) {
			const char *at = strstr(a->findings[i].text, "A cluster size of ");
			struct launch m = l;
			struct occ_error err = { 0 };

			if (strcmp(a->findings[i].id, "cluster_occupancy") || !at)
				continue;
			m.cluster_size = atoi(at + strlen("A cluster size of "));
			ck_assert_int_gt(m.cluster_size, 1);
			ck_assert_msg(launch_check(&m, g, NULL, 0, &err), "%s: %s", g->name,
				      err.message);
			suggested++;
		}
		if (a->min_grid_full_occupancy > 0) {
			struct launch m = l;
			struct occ_error err = { 0 };

			m.grid[0] = a->min_grid_full_occupancy;
			ck_assert_msg(launch_check(&m, g, NULL, 0, &err), "%s", err.message);
		}
	}
	/* Most draws run: a test that checks nothing would pass too. */
	ck_assert_int_gt(ran, 500);
	/* 589 of the 1,000 (seed 20) name a size, none refused. */
	ck_assert_int_gt(suggested, 100);
	free(a);
}
END_TEST

/* --sms 66 on an H100 (132 SMs): the default block of 256 threads and 32
 * registers holds 8 blocks per SM (64 warps), so 1056 blocks a wave on
 * all 132 SMs and 528 on 66; a grid of 2112 takes 2 waves, then 4. */
START_TEST(partition_halves_the_wave)
{
	struct analysis *a = malloc(sizeof(*a));
	struct gpu g = h100();
	struct launch l;

	launch_init(&l);
	l.grid[0] = 2112;
	analysis_run(a, &l, &g, NULL, 0);
	ck_assert(a->ok);
	ck_assert_int_eq(a->r.active_blocks_per_sm, 8);
	ck_assert_int_eq(a->w.blocks_per_wave, 1056);
	ck_assert_double_eq_tol(a->w.waves_per_sm, 2.0, 1e-12);
	ck_assert(!has_finding(a, "partition"));
	l.sms = 66;
	analysis_run(a, &l, &g, NULL, 0);
	ck_assert(a->ok);
	ck_assert_int_eq(a->sched.units, 66);
	ck_assert_int_eq(a->w.units, 66);
	ck_assert_int_eq(a->w.blocks_per_wave, 528);
	ck_assert_double_eq_tol(a->w.waves_per_sm, 4.0, 1e-12);
	ck_assert_int_eq(a->w.active_sms, 66);
	ck_assert_ptr_nonnull(strstr(finding(a, "partition")->text,
				     "66 of the NVIDIA H100 80GB HBM3's 132 SMs"));
	/* A grid of 600 on the partition: 1 wave of 528 and 72 more, so the
	 * tail advice names 528 and 1056, whole waves of the 66 SMs. */
	l.grid[0] = 600;
	analysis_run(a, &l, &g, NULL, 0);
	ck_assert_ptr_nonnull(strstr(finding(a, "tail_effect")->text,
				     "A grid of 528 or 1056 blocks has no partial wave"));
	free(a);
}
END_TEST

/* 0, more than the GPU has, and fewer than the green contexts' minimum
 * (CUDA 13.0 cuda.h, cuDevSmResourceSplitByCount: 8 SMs from cc 9.0, 4 on
 * 8.x, 2 on 6.x and 7.x) are refused naming the limit. */
START_TEST(partition_bad_values)
{
	struct occ_error err = { 0 };
	struct gpu g = h100(), a100;
	struct launch l;

	launch_init(&l);
	l.grid[0] = 1024;
	ck_assert(!param_parse(PARAM_SMS, "0", &l, NULL, 0, "--sms", &err));
	ck_assert_str_eq(err.message, "0: a partition has at least 1 unit; all (or none given) "
			 "uses every one");
	occ_error_clear(&err);
	ck_assert(param_parse(PARAM_SMS, "all", &l, NULL, 0, "--sms", &err));
	ck_assert_int_eq(l.sms, 0);
	occ_error_clear(&err);
	ck_assert(param_parse(PARAM_SMS, "200", &l, NULL, 0, "--sms", &err));
	ck_assert(!launch_check(&l, &g, NULL, 0, &err));
	ck_assert_str_eq(err.message, "a partition has 1 to 132 SMs, all the NVIDIA H100 80GB HBM3 "
			 "has; got 200");
	occ_error_clear(&err);
	l.sms = 7;
	ck_assert(!launch_check(&l, &g, NULL, 0, &err));
	ck_assert_str_eq(err.message, "a partition has at least 8 SMs on Hopper (cc 9.0), the green "
			 "contexts' minimum (cuDevSmResourceSplitByCount); got 7");
	l.sms = 8;
	ck_assert(launch_check(&l, &g, NULL, 0, &err));
	occ_error_clear(&err);
	ck_assert(gpu_db_find(db, "A100", &a100, &err));
	ck_assert_int_eq(launch_partition_min(&a100.arch), 4);
	l.sms = 4;
	ck_assert(launch_check(&l, &a100, NULL, 0, &err));
	occ_error_clear(&err);
	l.sms = 3;
	ck_assert(!launch_check(&l, &a100, "x.launch", 3, &err));
	ck_assert_int_eq(err.status, OCC_EDATA);
}
END_TEST

static Suite *sched_suite(void)
{
	Suite *s = suite_create("sched");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, issue_example_carries_the_bounds);
	tcase_add_test(tc, exact_layout_slots);
	tcase_add_test(tc, exact_layout_partial_wave);
	tcase_add_test(tc, simulation_follows_the_slots);
	tcase_add_test(tc, cluster_occupancy_finding);
	tcase_add_test(tc, cluster_suggestion_numbers);
	tcase_add_test(tc, random_cluster_launches);
	tcase_add_test(tc, grid_below_sms_in_whole_clusters);
	tcase_add_test(tc, cluster_cannot_run_and_small_grid);
	tcase_add_test(tc, partition_halves_the_wave);
	tcase_add_test(tc, partition_bad_values);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(sched_suite());
}
