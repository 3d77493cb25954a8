/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_sim_cluster.c - whole clusters in the event simulation (sim_cluster.h):
 * hand-worked schedules on a small GPC layout where placing blocks one by
 * one would differ, and the uniform figures left as they were. */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "sched.h"
#include "sim.h"
#include "sim_cluster.h"
#include "testutil.h"

/* An H100's architecture (cc 9.0, clusters) on a made-up part of 8 SMs in
 * 2 GPCs of 4: a layout small enough to work by hand. */
static struct gpu two_gpcs_of_four(void)
{
	struct occ_error err = { 0 };
	struct gpu g;

	ck_assert(gpu_db_find(db, "H100", &g, &err));
	g.sm_count = 8;
	g.has_gpcs = true;
	g.gpcs.n_exact = 2;
	g.gpcs.exact[0] = g.gpcs.exact[1] = 4;
	return g;
}

/* Clusters of 4 at 1 block per SM, 32 warps a block of 64 an SM, a grid of
 * 16 blocks (4 clusters), 10 % of blocks 3x slower. */
static void small_launch(struct sim_params *p)
{
	struct gpu g = two_gpcs_of_four();

	memset(p, 0, sizeof(*p));
	sched_init(&p->sched, &g, 0, 1, 4, NULL);
	p->sm_count = p->sched.units;
	p->blocks_per_sm = 1;
	p->warps_per_block = 32;
	p->max_warps_per_sm = 64;
	p->grid_size = 16;
	p->model = SIM_SLOW_SHARE;
	p->slow_share = 0.1;
	p->slow_factor = 3.0;
}

/* The first seed whose durations (sim_block_duration) are 3.0 exactly for
 * the blocks in slow[] and 1.0 for the other blocks of the grid. */
static uint64_t seed_with_slow(struct sim_params *p, const int *slow, int n_slow)
{
	for (uint64_t seed = 0; seed < 1000000; seed++) {
		bool fits = true;

		p->seed = seed;
		for (int64_t i = 0; i < p->grid_size && fits; i++) {
			bool want = false;
			for (int k = 0; k < n_slow; k++)
				want |= slow[k] == i;
			fits = sim_block_duration(p, i) == (want ? 3.0 : 1.0);
		}
		if (fits)
			return seed;
	}
	ck_abort_msg("no seed gives that pattern");
	return 0;
}

static void check_blocks(const struct sim_result *r, const int64_t *want)
{
	for (int sm = 0; sm < 8; sm++)
		ck_assert_msg(r->sm_blocks[sm] == want[sm], "SM %d ran %lld blocks, not %lld", sm,
			      (long long)r->sm_blocks[sm], (long long)want[sm]);
}

START_TEST(layout_is_two_clusters_a_wave)
{
	struct sim_params p;

	small_launch(&p);
	ck_assert_int_eq(p.sched.n_groups, 2);
	ck_assert_int_eq(p.sched.per_wave, 8);
	ck_assert_int_eq(p.sched.cluster_size, 4);
}
END_TEST

/* Blocks 0 and 4 last 3.0, the other 14 last 1.0. At 0 cluster 0 (blocks
 * 0-3) starts on GPC 0 (SMs 0-3), cluster 1 (4-7) on GPC 1 (SMs 4-7). At 1
 * blocks 1-3 and 5-7 end: each GPC has 3 free SMs, a cluster needs 4, so
 * cluster 2 waits until blocks 0 and 4 end at 3; then GPC 0 and GPC 1 have
 * 4 free each: cluster 2 to GPC 0 (the lowest on a tie), cluster 3 to GPC
 * 1, both ending at 4. Makespan 4; every SM ran 2 blocks. Active time:
 * SMs 0 and 4: 0-3 and 3-4 = 4; the others 0-1 and 3-4 = 2: 2 x 4 + 6 x 2
 * = 20. Warp-time: 2 blocks x 3 x 32 + 14 x 1 x 32 = 640,
 * so 640 / 20 / 64 = 50 %.
 * Placed one by one (each block to any free slot) blocks 8-13 would start
 * at 1 on SMs 1, 2, 3, 5, 6, 7 and blocks 14-15 at 2 on SMs 1 and 2: a
 * makespan of 3. */
START_TEST(cluster_waits_for_a_whole_gpc)
{
	static const int slow[] = { 0, 4 };
	static const int64_t blocks[8] = { 2, 2, 2, 2, 2, 2, 2, 2 };
	struct sim_params p;
	struct sim_result r;

	small_launch(&p);
	seed_with_slow(&p, slow, 2);
	ck_assert(sim_run(&p, &r));
	ck_assert_double_eq(r.makespan, 4.0);
	check_blocks(&r, blocks);
	ck_assert_double_eq(r.sm_active_time[0], 4.0);
	ck_assert_double_eq(r.sm_active_time[1], 2.0);
	ck_assert_double_eq(r.sm_active_time[4], 4.0);
	ck_assert_double_eq(r.sm_active_time[7], 2.0);
	ck_assert_double_eq_tol(r.average_pct, 50.0, 1e-12);
	sim_result_done(&r);
}
END_TEST

/* Block 0 alone lasts 3.0. At 1 blocks 1-3 and 4-7 end: GPC 0 has 3 free
 * SMs, GPC 1 has 4, so cluster 2 (blocks 8-11) starts on GPC 1 at 1; at 2
 * it ends, GPC 1 has 4 free again and cluster 3 starts there (GPC 0 still
 * has 3): SMs 0-3 ran 1 block each, SMs 4-7 3 each, makespan 3. One by one,
 * blocks 8-14 would go at 1 to SMs 1-7 and block 15 at 2 to SM 1: SM 1 3
 * blocks, SMs 2-7 2. Active time: SM 0 3, SMs 1-3 1, SMs 4-7 3: 18; warp-
 * time 3 x 32 + 15 x 32 = 576: 576 / 18 / 64 = 50 %. */
START_TEST(cluster_goes_to_the_gpc_with_room)
{
	static const int slow[] = { 0 };
	static const int64_t blocks[8] = { 1, 1, 1, 1, 3, 3, 3, 3 };
	struct sim_params p;
	struct sim_result r;
	int active[8];

	small_launch(&p);
	seed_with_slow(&p, slow, 1);
	ck_assert(sim_run(&p, &r));
	ck_assert_double_eq(r.makespan, 3.0);
	check_blocks(&r, blocks);
	ck_assert_double_eq(r.sm_active_time[0], 3.0);
	ck_assert_double_eq(r.sm_active_time[1], 1.0);
	ck_assert_double_eq(r.sm_active_time[5], 3.0);
	ck_assert_double_eq_tol(r.average_pct, 50.0, 1e-12);
	sim_result_done(&r);
	/* At 1.5: block 0 on SM 0, cluster 2 on SMs 4-7. */
	ck_assert(sim_snapshot(&p, 1.5, active));
	for (int sm = 0; sm < 8; sm++)
		ck_assert_int_eq(active[sm], sm == 0 || sm >= 4);
}
END_TEST

/* With every duration 1.0 the events place clusters as the wave formula
 * deals them: the same per-SM figures to the last bit, on this layout at 1
 * and 2 blocks per SM, grids with a partial wave and a short last cluster. */
START_TEST(uniform_durations_unchanged)
{
	struct gpu g = two_gpcs_of_four();
	static const int64_t grids[] = { 4, 12, 16, 20, 22, 28, 30, 36 };

	for (int bpu = 1; bpu <= 2; bpu++)
		for (size_t i = 0; i < sizeof(grids) / sizeof(grids[0]); i++) {
			struct sim_params p;
			struct sim_result a, b;

			small_launch(&p);
			sched_init(&p.sched, &g, 0, bpu, 4, NULL);
			p.blocks_per_sm = bpu;
			p.model = SIM_UNIFORM;
			p.grid_size = grids[i];
			ck_assert(sim_run(&p, &a));
			ck_assert(sim_run_events(&p, &b));
			ck_assert_double_eq(a.makespan, b.makespan);
			ck_assert_double_eq(a.average_pct, b.average_pct);
			for (int sm = 0; sm < 8; sm++) {
				ck_assert_int_eq(a.sm_blocks[sm], b.sm_blocks[sm]);
				ck_assert_double_eq(a.sm_active_time[sm], b.sm_active_time[sm]);
			}
			sim_result_done(&a);
			sim_result_done(&b);
		}
}
END_TEST

/* GPCs of 2 and 4 SMs, clusters of 2 at 1 block per SM: a wave is 3
 * clusters. A partial wave of one cluster goes to the GPC with the most
 * free slots, GPC 1 (4 against 2): SMs 2 and 3. Dealt one block at a time
 * over all 6 SMs it went to SMs 0 and 1 (the lowest). Two clusters: one
 * to GPC 1, then GPC 0 and GPC 1 have 2 free each, the lowest, GPC 0. */
START_TEST(partial_wave_in_whole_clusters)
{
	struct gpu g = two_gpcs_of_four();
	struct sched s;
	static const int64_t one[6] = { 0, 0, 1, 1, 0, 0 }, two[6] = { 1, 1, 1, 1, 0, 0 };

	g.sm_count = 6;
	g.gpcs.exact[0] = 2;
	sched_init(&s, &g, 0, 1, 2, NULL);
	ck_assert_int_eq(s.n_groups, 2);
	ck_assert_int_eq(s.per_wave, 6);
	for (int u = 0; u < 6; u++) {
		ck_assert_int_eq(sched_partial_on(&s, 2, u), one[u]);
		ck_assert_int_eq(sched_partial_on(&s, 4, u), two[u]);
	}
	/* The events, durations 1.0, agree: a grid of 8 is a wave and one cluster. */
	{
		struct sim_params p;
		struct sim_result r;

		small_launch(&p);
		p.sched = s;
		p.sm_count = 6;
		p.model = SIM_UNIFORM;
		p.grid_size = 8;
		ck_assert(sim_run_events(&p, &r));
		for (int u = 0; u < 6; u++)
			ck_assert_int_eq(r.sm_blocks[u], 1 + one[u]);
		ck_assert_double_eq(r.makespan, 2.0);
		sim_result_done(&r);
	}
}
END_TEST

static Suite *sim_cluster_suite(void)
{
	Suite *s = suite_create("sim_cluster");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, layout_is_two_clusters_a_wave);
	tcase_add_test(tc, cluster_waits_for_a_whole_gpc);
	tcase_add_test(tc, cluster_goes_to_the_gpc_with_room);
	tcase_add_test(tc, uniform_durations_unchanged);
	tcase_add_test(tc, partial_wave_in_whole_clusters);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(sim_cluster_suite());
}
