/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_whatif.c - the what-if state: steps against the database's limits,
 * set-from-text, undo/redo/reset, formatting, and saving launch files. */
#include "config.h"

#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "error.h"
#include "gpu.h"
#include "launch.h"
#include "launch_file.h"
#include "occupancy.h"
#include "reportutil.h"
#include "view.h"
#include "whatif.h"
#include "testutil.h"

static struct gpu find_gpu(const char *name)
{
	struct gpu g;
	struct occ_error err = { 0 };

	ck_assert_msg(gpu_db_find(db, name, &g, &err), "%s: %s", name, err.message);
	return g;
}

/* The embedded default launch (256 threads, 32 registers, no shared memory,
 * grid 1584) on the named GPU. */
static struct whatif *make(const char *gpu_name)
{
	struct gpu g = find_gpu(gpu_name);
	struct launch l;
	struct whatif *w;

	launch_init(&l);
	snprintf(l.gpu_name, sizeof(l.gpu_name), "%s", g.name);
	w = whatif_new(db, &l, &g);
	ck_assert_ptr_nonnull(w);
	ck_assert(launch_check(&w->cur.launch, &w->cur.gpu, NULL, 0, NULL));
	return w;
}

static int threads(const struct whatif *w)
{
	return launch_threads_per_block(&w->cur.launch);
}

static struct occ_result compute(const struct whatif_state *s)
{
	struct occ_input in;
	struct occ_result r;

	occ_input_from_launch(&s->launch, &in);
	occ_compute(&s->gpu.arch, &in, &r);
	return r;
}

static bool valid(const struct whatif *w)
{
	return launch_check(&w->cur.launch, &w->cur.gpu, NULL, 0, NULL);
}

START_TEST(block_steps_by_warp)
{
	struct whatif *w = make("H100 SXM");
	int warp = w->cur.gpu.arch.warp_size;

	/* archs.csv sm_90: warp size 32, 1024 threads per block */
	ck_assert_int_eq(warp, 32);
	ck_assert_int_eq(w->cur.gpu.arch.max_threads_per_block, 1024);
	ck_assert(whatif_set_value(w, PARAM_BLOCK, 100));
	ck_assert(whatif_step(w, PARAM_BLOCK, +1, false));
	ck_assert_int_eq(threads(w), 128);            /* 100 snaps up to 4 warps */
	ck_assert(whatif_set_value(w, PARAM_BLOCK, 100));
	ck_assert(whatif_step(w, PARAM_BLOCK, -1, false));
	ck_assert_int_eq(threads(w), 96);             /* and down to 3 */
	ck_assert(whatif_step(w, PARAM_BLOCK, -1, false));
	ck_assert_int_eq(threads(w), 64);
	/* big steps: 8 warps = 256 threads, on multiples of 256 */
	ck_assert(whatif_step(w, PARAM_BLOCK, +1, true));
	ck_assert_int_eq(threads(w), 8 * warp);
	ck_assert(whatif_step(w, PARAM_BLOCK, +1, true));
	ck_assert_int_eq(threads(w), 16 * warp);
	/* the top: 1024, then no further */
	ck_assert(whatif_step(w, PARAM_BLOCK, +1, true));
	ck_assert(whatif_step(w, PARAM_BLOCK, +1, true));
	ck_assert_int_eq(threads(w), 1024);
	int n_undo = w->n_undo;
	ck_assert(!whatif_step(w, PARAM_BLOCK, +1, false));
	ck_assert(!whatif_step(w, PARAM_BLOCK, +1, true));
	ck_assert_int_eq(w->n_undo, n_undo);          /* no history for a refused step */
	/* the bottom: a warp steps down to one thread, one thread cannot step */
	ck_assert(whatif_set_value(w, PARAM_BLOCK, 32));
	ck_assert(whatif_step(w, PARAM_BLOCK, -1, false));
	ck_assert_int_eq(threads(w), 1);
	ck_assert(!whatif_step(w, PARAM_BLOCK, -1, false));
	ck_assert(!whatif_step(w, PARAM_BLOCK, -1, true));
	/* a 16x16 block steps by its total and becomes one-dimensional */
	ck_assert(whatif_set_text(w, PARAM_BLOCK, "16x16", NULL));
	ck_assert(whatif_step(w, PARAM_BLOCK, +1, false));
	ck_assert_int_eq(w->cur.launch.block[0], 256 + 32);
	ck_assert_int_eq(w->cur.launch.block[1], 1);
	ck_assert_int_eq(w->cur.launch.block[2], 1);
	whatif_free(w);
}
END_TEST

/* The cluster size steps to the next that divides the grid (1584 = 2^4 x
 * 3^2 x 11: 1, 2, 3, 4, 6, 8, 9, 11, 12, 16), up to 16; only on cc 9.0+. */
START_TEST(cluster_steps_divide_the_grid)
{
	static const int up[] = { 1, 2, 3, 4, 6, 8, 9, 11, 12, 16 };
	struct whatif *w = make("H100 SXM");

	ck_assert(whatif_applies(w, PARAM_CLUSTER));
	for (size_t i = 0; i < sizeof(up) / sizeof(up[0]); i++) {
		ck_assert(whatif_step(w, PARAM_CLUSTER, +1, false));
		ck_assert_int_eq(w->cur.launch.cluster_size, up[i]);
		ck_assert(valid(w));
	}
	ck_assert(!whatif_step(w, PARAM_CLUSTER, +1, false));
	ck_assert(whatif_step(w, PARAM_CLUSTER, -1, false));
	ck_assert_int_eq(w->cur.launch.cluster_size, 12);
	ck_assert(whatif_step(w, PARAM_CLUSTER, -1, true));   /* 8 */
	ck_assert_int_eq(w->cur.launch.cluster_size, 8);
	ck_assert(!whatif_set_value(w, PARAM_CLUSTER, 17));
	whatif_free(w);
	w = make("T4");
	ck_assert(!whatif_applies(w, PARAM_CLUSTER));
	ck_assert(!whatif_step(w, PARAM_CLUSTER, +1, false));
	whatif_free(w);
}
END_TEST

/* --sms as a what-if field: "all" is every one of the H100's 132 SMs, so
 * - steps to 131 and a big - to the multiple of 8 below (128); the green
 * contexts' minimum (8 on cc 9.0) is the floor, and the prompt refuses 4 and
 * 0 in the command line's words. */
START_TEST(partition_steps)
{
	struct whatif *w = make("H100 SXM");
	struct occ_error err = { 0 };

	ck_assert(whatif_applies(w, PARAM_SMS));
	ck_assert_int_eq(w->cur.launch.sms, 0);
	ck_assert(!whatif_step(w, PARAM_SMS, +1, false));
	ck_assert(whatif_step(w, PARAM_SMS, -1, false));
	ck_assert_int_eq(w->cur.launch.sms, 131);
	ck_assert(whatif_step(w, PARAM_SMS, -1, true));
	ck_assert_int_eq(w->cur.launch.sms, 128);
	ck_assert(!whatif_set_value(w, PARAM_SMS, 4));
	ck_assert(whatif_set_value(w, PARAM_SMS, 8));
	ck_assert(!whatif_step(w, PARAM_SMS, -1, false));
	ck_assert(!whatif_set_text(w, PARAM_SMS, "4", &err));
	ck_assert_str_eq(err.message, "a partition has at least 8 SMs on Hopper (cc 9.0), the green "
			 "contexts' minimum (cuDevSmResourceSplitByCount); got 4");
	ck_assert(!whatif_set_text(w, PARAM_SMS, "0", &err));
	ck_assert_str_eq(err.message, "0: a partition has at least 1 unit; all (or none given) uses "
			 "every one");
	ck_assert(whatif_set_text(w, PARAM_SMS, "all", &err));
	ck_assert_int_eq(w->cur.launch.sms, 0);
	whatif_free(w);
}
END_TEST

START_TEST(register_steps_clamp)
{
	struct whatif *w = make("T4");

	/* archs.csv sm_75: at most 255 registers per thread */
	ck_assert_int_eq(w->cur.gpu.arch.max_regs_per_thread, 255);
	ck_assert_int_eq(w->cur.launch.regs_per_thread, 32);
	ck_assert(whatif_step(w, PARAM_REGISTERS, +1, false));
	ck_assert_int_eq(w->cur.launch.regs_per_thread, 33);
	ck_assert(whatif_step(w, PARAM_REGISTERS, +1, true));
	ck_assert_int_eq(w->cur.launch.regs_per_thread, 40);
	ck_assert(whatif_step(w, PARAM_REGISTERS, -1, true));
	ck_assert_int_eq(w->cur.launch.regs_per_thread, 32);
	ck_assert(whatif_set_value(w, PARAM_REGISTERS, 250));
	ck_assert(whatif_step(w, PARAM_REGISTERS, +1, true));
	ck_assert_int_eq(w->cur.launch.regs_per_thread, 255);   /* 256 clamps to 255 */
	ck_assert(!whatif_step(w, PARAM_REGISTERS, +1, false));
	ck_assert(!whatif_set_value(w, PARAM_REGISTERS, 256));
	ck_assert(whatif_set_value(w, PARAM_REGISTERS, 1));
	ck_assert(whatif_step(w, PARAM_REGISTERS, -1, false));
	ck_assert_int_eq(w->cur.launch.regs_per_thread, 0);
	ck_assert(!whatif_step(w, PARAM_REGISTERS, -1, false));
	ck_assert(!whatif_step(w, PARAM_REGISTERS, -1, true));
	whatif_free(w);
}
END_TEST

START_TEST(smem_steps_by_alloc_unit)
{
	struct whatif *w = make("H100 SXM");
	const struct gpu_arch *a = &w->cur.gpu.arch;
	int unit = a->smem_alloc_unit_bytes;

	/* archs.csv sm_90: 128-byte units, 48 KiB static, 227 KiB opt-in */
	ck_assert_int_eq(unit, 128);
	ck_assert_int_eq(a->smem_per_block_bytes, 49152);
	ck_assert_int_eq(a->smem_per_block_optin_bytes, 232448);
	ck_assert(!whatif_step(w, PARAM_STATIC_SMEM, -1, false));
	ck_assert(whatif_step(w, PARAM_STATIC_SMEM, +1, false));
	ck_assert_int_eq(w->cur.launch.static_smem_bytes, unit);
	ck_assert(whatif_set_value(w, PARAM_DYNAMIC_SMEM, 1000));
	ck_assert(whatif_step(w, PARAM_DYNAMIC_SMEM, +1, false));
	ck_assert_int_eq(w->cur.launch.dynamic_smem_bytes, 1024);  /* 1000 snaps to 8 units */
	ck_assert(whatif_set_value(w, PARAM_DYNAMIC_SMEM, 1000));
	ck_assert(whatif_step(w, PARAM_DYNAMIC_SMEM, -1, false));
	ck_assert_int_eq(w->cur.launch.dynamic_smem_bytes, 896);   /* 7 units */
	ck_assert(whatif_step(w, PARAM_DYNAMIC_SMEM, +1, true));
	ck_assert_int_eq(w->cur.launch.dynamic_smem_bytes, 4096);
	ck_assert(whatif_step(w, PARAM_DYNAMIC_SMEM, +1, true));
	ck_assert_int_eq(w->cur.launch.dynamic_smem_bytes, 8192);

	/* static stops at the default per-block maximum */
	ck_assert(whatif_set_value(w, PARAM_DYNAMIC_SMEM, 0));
	ck_assert(whatif_set_value(w, PARAM_STATIC_SMEM, a->smem_per_block_bytes - 100));
	ck_assert(whatif_step(w, PARAM_STATIC_SMEM, +1, true));
	ck_assert_int_eq(w->cur.launch.static_smem_bytes, a->smem_per_block_bytes);
	ck_assert(!whatif_step(w, PARAM_STATIC_SMEM, +1, false));
	ck_assert(!whatif_set_value(w, PARAM_STATIC_SMEM, a->smem_per_block_bytes + unit));
	/* static + dynamic stop at the opt-in maximum */
	ck_assert(whatif_step(w, PARAM_DYNAMIC_SMEM, +1, true));
	for (int i = 0; i < 100 && whatif_step(w, PARAM_DYNAMIC_SMEM, +1, true); i++)
		ck_assert(valid(w));
	ck_assert_int_eq(w->cur.launch.static_smem_bytes + w->cur.launch.dynamic_smem_bytes,
			 a->smem_per_block_optin_bytes);
	ck_assert(!whatif_step(w, PARAM_DYNAMIC_SMEM, +1, false));
	ck_assert(!whatif_step(w, PARAM_STATIC_SMEM, +1, false));
	ck_assert(!whatif_set_value(w, PARAM_DYNAMIC_SMEM, w->cur.launch.dynamic_smem_bytes + 1));
	whatif_free(w);
}
END_TEST

START_TEST(grid_steps_by_wave)
{
	struct whatif *w = make("H100 SXM");
	struct occ_result r = compute(&w->cur);
	int64_t wave = (int64_t)r.active_blocks_per_sm * w->cur.gpu.sm_count;

	/* 256 threads x 32 registers: 8 blocks per SM; 132 SMs */
	ck_assert_int_eq(r.active_blocks_per_sm, 8);
	ck_assert_int_eq(w->cur.gpu.sm_count, 132);
	ck_assert(whatif_set_value(w, PARAM_GRID, wave));
	ck_assert(whatif_step(w, PARAM_GRID, +1, true));
	ck_assert_int_eq(launch_grid_size(&w->cur.launch), 2 * wave);
	ck_assert(whatif_step(w, PARAM_GRID, -1, true));
	ck_assert_int_eq(launch_grid_size(&w->cur.launch), wave);
	/* 1584 = 1.5 waves: big steps land on whole waves */
	ck_assert(whatif_set_value(w, PARAM_GRID, 1584));
	ck_assert(whatif_step(w, PARAM_GRID, +1, true));
	ck_assert_int_eq(launch_grid_size(&w->cur.launch), 2 * wave);
	ck_assert(whatif_step(w, PARAM_GRID, +1, false));
	ck_assert_int_eq(launch_grid_size(&w->cur.launch), 2 * wave + 1);
	/* the wave follows the block: 1024 threads give 2 blocks per SM */
	ck_assert(whatif_set_value(w, PARAM_BLOCK, 1024));
	r = compute(&w->cur);
	ck_assert_int_eq(r.active_blocks_per_sm, 2);
	ck_assert(whatif_set_value(w, PARAM_GRID, 1));
	ck_assert(whatif_step(w, PARAM_GRID, +1, true));
	ck_assert_int_eq(launch_grid_size(&w->cur.launch), 2 * 132);
	/* no block fits (1024 x 255 registers > 64K): the step is one block per SM */
	ck_assert(whatif_set_value(w, PARAM_REGISTERS, 255));
	ck_assert_int_eq(compute(&w->cur).active_blocks_per_sm, 0);
	ck_assert(whatif_set_value(w, PARAM_GRID, 1));
	ck_assert(whatif_step(w, PARAM_GRID, +1, true));
	ck_assert_int_eq(launch_grid_size(&w->cur.launch), 132);
	/* at least one block */
	ck_assert(whatif_set_value(w, PARAM_GRID, 1));
	ck_assert(!whatif_step(w, PARAM_GRID, -1, false));
	ck_assert(!whatif_step(w, PARAM_GRID, -1, true));
	ck_assert(!whatif_set_value(w, PARAM_GRID, 0));
	/* a 3-D grid steps by its total and becomes one-dimensional */
	ck_assert(whatif_set_text(w, PARAM_GRID, "64x64x1", NULL));
	ck_assert(whatif_step(w, PARAM_GRID, -1, false));
	ck_assert_int_eq(w->cur.launch.grid[0], 4095);
	ck_assert_int_eq(w->cur.launch.grid[1], 1);
	whatif_free(w);
}
END_TEST

/* Each step up from "default" selects the next configuration of the arch's own
 * list, with the smallest percentage that does. */
static void check_carveout_walk(const char *gpu_name)
{
	struct whatif *w = make(gpu_name);
	const struct gpu_arch *a = &w->cur.gpu.arch;
	int visited = 0;

	ck_assert_int_eq(w->cur.launch.carveout_pct, LAUNCH_CARVEOUT_DEFAULT);
	ck_assert(!whatif_step(w, PARAM_CARVEOUT, -1, false));
	while (whatif_step(w, PARAM_CARVEOUT, +1, false)) {
		int pct = w->cur.launch.carveout_pct;
		struct occ_result r = compute(&w->cur);

		ck_assert_int_lt(visited, a->n_smem_configs);
		ck_assert_int_eq(r.smem_preference_bytes, a->smem_configs_bytes[visited]);
		if (pct > 0) {
			struct whatif_state below = w->cur;
			below.launch.carveout_pct = pct - 1;
			ck_assert_int_ne(compute(&below).smem_preference_bytes,
					 a->smem_configs_bytes[visited]);
		}
		visited++;
	}
	ck_assert_int_eq(visited, a->n_smem_configs);
	/* and back down through the same stops to default */
	for (int i = visited - 2; i >= 0; i--) {
		ck_assert(whatif_step(w, PARAM_CARVEOUT, -1, false));
		ck_assert_int_eq(compute(&w->cur).smem_preference_bytes, a->smem_configs_bytes[i]);
	}
	ck_assert(whatif_step(w, PARAM_CARVEOUT, -1, false));
	ck_assert_int_eq(w->cur.launch.carveout_pct, LAUNCH_CARVEOUT_DEFAULT);
	/* big steps go to either end */
	ck_assert(whatif_step(w, PARAM_CARVEOUT, +1, true));
	ck_assert_int_eq(compute(&w->cur).smem_preference_bytes,
			 a->smem_configs_bytes[a->n_smem_configs - 1]);
	ck_assert(!whatif_step(w, PARAM_CARVEOUT, +1, true));
	ck_assert(whatif_step(w, PARAM_CARVEOUT, -1, true));
	ck_assert_int_eq(w->cur.launch.carveout_pct, LAUNCH_CARVEOUT_DEFAULT);
	whatif_free(w);
}

START_TEST(carveout_steps_visit_configs)
{
	/* archs.csv: sm_90 has 10 configurations (0 to 228 KiB), sm_75 two (32, 64 KiB) */
	struct gpu h100 = find_gpu("H100 SXM"), t4 = find_gpu("T4");
	ck_assert_int_eq(h100.arch.n_smem_configs, 10);
	ck_assert_int_eq(t4.arch.n_smem_configs, 2);
	check_carveout_walk("H100 SXM");
	check_carveout_walk("T4");
	check_carveout_walk("A100");
}
END_TEST

START_TEST(carveout_fixed_on_one_config)
{
	struct whatif *w = make("GTX 980");

	/* archs.csv sm_52: one 96 KiB configuration */
	ck_assert_int_eq(w->cur.gpu.arch.n_smem_configs, 1);
	ck_assert(!whatif_step(w, PARAM_CARVEOUT, +1, false));
	ck_assert(!whatif_step(w, PARAM_CARVEOUT, +1, true));
	ck_assert(!whatif_step(w, PARAM_CARVEOUT, -1, false));
	ck_assert_int_eq(w->n_undo, 0);
	whatif_free(w);
}
END_TEST

/* Kepler's L1/shared preference is a field where the GPU has it: + walks
 * none, shared, l1, equal (48, 48, 16, 32 KB per SM on a K40c); the carveout
 * is not. After a switch to an H100 the preference still shows, so it can be
 * stepped back to none, and no further; the carveout shows again. */
START_TEST(cache_config_steps)
{
	struct whatif *w = make("Tesla K40c");
	static const int64_t kb[] = { 48, 48, 16, 32 };

	ck_assert(whatif_applies(w, PARAM_CACHE_CONFIG));
	ck_assert(!whatif_applies(w, PARAM_CARVEOUT));
	for (int c = LAUNCH_CACHE_NONE; c <= LAUNCH_CACHE_EQUAL; c++) {
		char buf[32];
		ck_assert_int_eq(w->cur.launch.cache_config, c);
		ck_assert_int_eq(compute(&w->cur).smem_config_bytes, kb[c] * 1024);
		whatif_format(w, PARAM_CACHE_CONFIG, false, buf, sizeof(buf));
		ck_assert_str_eq(buf, launch_cache_config_name(c));
		ck_assert(whatif_step(w, PARAM_CACHE_CONFIG, +1, false) == (c < LAUNCH_CACHE_EQUAL));
	}
	ck_assert(!whatif_step(w, PARAM_CARVEOUT, +1, false));
	{
		struct gpu h100 = find_gpu("H100 SXM");
		ck_assert(whatif_set_gpu(w, &h100));
	}
	ck_assert(whatif_applies(w, PARAM_CACHE_CONFIG));
	ck_assert(whatif_applies(w, PARAM_CARVEOUT));
	ck_assert(whatif_step(w, PARAM_CACHE_CONFIG, -1, true));
	ck_assert_int_eq(w->cur.launch.cache_config, LAUNCH_CACHE_NONE);
	ck_assert(!whatif_step(w, PARAM_CACHE_CONFIG, +1, false));
	ck_assert(!whatif_applies(w, PARAM_CACHE_CONFIG));
	whatif_free(w);
}
END_TEST

START_TEST(barrier_steps)
{
	struct whatif *w = make("H100 SXM");

	/* launch_check allows 0..16 barriers; sm_90 has 64 per SM, so 16 is the top */
	ck_assert_int_eq(w->cur.gpu.arch.barriers_per_sm, 64);
	ck_assert_int_eq(w->cur.launch.barriers, 1);
	ck_assert(whatif_step(w, PARAM_BARRIERS, +1, true));
	ck_assert_int_eq(w->cur.launch.barriers, 4);
	ck_assert(whatif_step(w, PARAM_BARRIERS, +1, false));
	ck_assert_int_eq(w->cur.launch.barriers, 5);
	ck_assert(whatif_set_value(w, PARAM_BARRIERS, 15));
	ck_assert(whatif_step(w, PARAM_BARRIERS, +1, true));
	ck_assert_int_eq(w->cur.launch.barriers, 16);
	ck_assert(!whatif_step(w, PARAM_BARRIERS, +1, false));
	ck_assert(!whatif_set_value(w, PARAM_BARRIERS, 17));
	ck_assert(whatif_set_value(w, PARAM_BARRIERS, 1));
	ck_assert(whatif_step(w, PARAM_BARRIERS, -1, false));
	ck_assert_int_eq(w->cur.launch.barriers, 0);
	ck_assert(!whatif_step(w, PARAM_BARRIERS, -1, false));
	whatif_free(w);
}
END_TEST

START_TEST(gpu_steps_in_db_order)
{
	size_t n = gpu_db_device_count(db);
	struct gpu first, second, last, g;
	struct whatif *w;

	ck_assert(n > 2);
	ck_assert(gpu_db_device_at(db, 0, &first));
	ck_assert(gpu_db_device_at(db, 1, &second));
	ck_assert(gpu_db_device_at(db, n - 1, &last));
	w = make(first.name);
	ck_assert(!whatif_step(w, PARAM_GPU, -1, false));
	ck_assert(!whatif_step(w, PARAM_GPU, -1, true));
	ck_assert(whatif_step(w, PARAM_GPU, +1, false));
	ck_assert_str_eq(w->cur.gpu.name, second.name);
	ck_assert_str_eq(w->cur.launch.gpu_name, second.name);
	ck_assert(whatif_changed(w, PARAM_GPU));
	ck_assert(whatif_step(w, PARAM_GPU, -1, false));
	ck_assert_str_eq(w->cur.gpu.name, first.name);

	/* big steps: the next device of another compute capability (AMD: gfx
	 * target), every device skipped on the way sharing the one left */
	for (size_t i = 0, steps = 0; steps < n; steps++) {
		struct gpu from = w->cur.gpu;
		if (!whatif_step(w, PARAM_GPU, +1, true))
			break;
		size_t j = i + 1;
		for (; j < n; j++) {
			ck_assert(gpu_db_device_at(db, j, &g));
			if (g.arch.cc_major != from.arch.cc_major || g.arch.cc_minor != from.arch.cc_minor ||
			    strcmp(g.arch.arch, from.arch.arch) != 0)
				break;
		}
		ck_assert_uint_lt(j, n);
		ck_assert_str_eq(w->cur.gpu.name, g.name);
		i = j;
	}
	ck_assert(!whatif_step(w, PARAM_GPU, +1, true));
	whatif_free(w);

	w = make(last.name);
	ck_assert(!whatif_step(w, PARAM_GPU, +1, false));
	whatif_free(w);
}
END_TEST

START_TEST(set_text_as_cli)
{
	struct whatif *w = make("H100 SXM");
	struct occ_error err = { 0 };

	ck_assert(whatif_set_text(w, PARAM_BLOCK, "16x16", &err));
	ck_assert_int_eq(w->cur.launch.block[0], 16);
	ck_assert_int_eq(w->cur.launch.block[1], 16);
	ck_assert_int_eq(w->cur.launch.block[2], 1);
	ck_assert(whatif_set_text(w, PARAM_BLOCK, "256", &err));
	ck_assert_int_eq(threads(w), 256);
	ck_assert(whatif_set_text(w, PARAM_GRID, "(80, 1, 1)", &err));
	ck_assert_int_eq(launch_grid_size(&w->cur.launch), 80);
	ck_assert(whatif_set_text(w, PARAM_STATIC_SMEM, "48K", &err));
	ck_assert_int_eq(w->cur.launch.static_smem_bytes, 48 * 1024);
	ck_assert(whatif_set_text(w, PARAM_DYNAMIC_SMEM, "1536", &err));
	ck_assert_int_eq(w->cur.launch.dynamic_smem_bytes, 1536);
	ck_assert(whatif_set_text(w, PARAM_CARVEOUT, "50", &err));
	ck_assert_int_eq(w->cur.launch.carveout_pct, 50);
	ck_assert(whatif_set_text(w, PARAM_CARVEOUT, "default", &err));
	ck_assert_int_eq(w->cur.launch.carveout_pct, LAUNCH_CARVEOUT_DEFAULT);
	ck_assert(whatif_set_text(w, PARAM_REGISTERS, "64", &err));
	ck_assert_int_eq(w->cur.launch.regs_per_thread, 64);
	ck_assert(whatif_set_text(w, PARAM_BARRIERS, "2", &err));
	ck_assert_int_eq(w->cur.launch.barriers, 2);
	ck_assert(whatif_set_text(w, PARAM_GPU, "T4", &err));
	ck_assert_str_eq(w->cur.gpu.name, "Tesla T4");
	ck_assert_str_eq(w->cur.launch.gpu_name, "Tesla T4");

	/* bad values: nothing changes, err names the field */
	struct whatif_state before = w->cur;
	int n_undo = w->n_undo;
	ck_assert(!whatif_set_text(w, PARAM_GPU, "NoSuchGPU123", &err));
	ck_assert_str_eq(err.field, "gpu");
	ck_assert_ptr_nonnull(strstr(err.message, "closest"));
	ck_assert(!whatif_set_text(w, PARAM_BLOCK, "abc", &err));
	ck_assert_str_eq(err.field, "block");
	ck_assert(!whatif_set_text(w, PARAM_BLOCK, "2048", &err));   /* T4: 1024 at most */
	ck_assert_str_eq(err.field, "block");
	ck_assert_ptr_nonnull(strstr(err.message, "1024"));
	ck_assert(!whatif_set_text(w, PARAM_REGISTERS, "-1", &err));
	ck_assert_str_eq(err.field, "registers");
	ck_assert(!whatif_set_text(w, PARAM_CARVEOUT, "101", &err));
	ck_assert_str_eq(err.field, "carveout");
	ck_assert(!whatif_set_text(w, PARAM_DYNAMIC_SMEM, "64K", &err));  /* 48K + 64K > 64K */
	ck_assert_str_eq(err.field, "dynamic smem");
	ck_assert(!whatif_set_text(w, PARAM_STATIC_SMEM, "12 parsecs", &err));
	ck_assert_str_eq(err.field, "static smem");
	ck_assert_int_eq(w->n_undo, n_undo);
	ck_assert(memcmp(&w->cur.launch, &before.launch, sizeof(before.launch)) == 0);
	ck_assert_str_eq(w->cur.gpu.name, before.gpu.name);
	whatif_free(w);
}
END_TEST

/* 200 KiB of shared memory is fine on an H100 (227 KiB opt-in) and too much
 * for a T4 (64 KiB): the GPU change is allowed, the way back is open. */
START_TEST(gpu_change_may_invalidate)
{
	struct whatif *w = make("H100 SXM");
	struct gpu t4 = find_gpu("T4");

	ck_assert(whatif_set_text(w, PARAM_DYNAMIC_SMEM, "200K", NULL));
	ck_assert(valid(w));
	ck_assert(whatif_set_gpu(w, &t4));
	ck_assert(!valid(w));
	ck_assert_int_eq(t4.arch.smem_per_block_optin_bytes, 65536);
	/* away from validity: refused */
	ck_assert(!whatif_step(w, PARAM_DYNAMIC_SMEM, +1, false));
	ck_assert(!whatif_set_value(w, PARAM_DYNAMIC_SMEM, 300 * 1024));
	/* other fields still move within their own ranges */
	ck_assert(whatif_step(w, PARAM_REGISTERS, +1, false));
	ck_assert(!whatif_step(w, PARAM_STATIC_SMEM, +1, false));
	/* toward it: allowed, even when still invalid */
	ck_assert(whatif_set_value(w, PARAM_DYNAMIC_SMEM, 100 * 1024));
	ck_assert(!valid(w));
	ck_assert(whatif_step(w, PARAM_DYNAMIC_SMEM, -1, false));
	ck_assert(valid(w));
	ck_assert_int_eq(w->cur.launch.dynamic_smem_bytes, 65536);
	/* undo walks back to the H100 */
	while (whatif_undo(w))
		;
	ck_assert_str_eq(w->cur.gpu.name, w->base.gpu.name);
	whatif_free(w);
}
END_TEST

START_TEST(undo_redo_reset)
{
	struct whatif *w = make("H100 SXM");

	ck_assert(!whatif_undo(w));
	ck_assert(!whatif_redo(w));
	ck_assert(!whatif_reset(w));
	ck_assert(whatif_set_value(w, PARAM_REGISTERS, 40));
	ck_assert(whatif_set_value(w, PARAM_REGISTERS, 48));
	ck_assert(whatif_set_value(w, PARAM_BLOCK, 512));
	ck_assert_int_eq(w->n_undo, 3);
	/* setting the value already there is no change */
	ck_assert(whatif_set_value(w, PARAM_BLOCK, 512));
	ck_assert_int_eq(w->n_undo, 3);

	ck_assert(whatif_undo(w));
	ck_assert_int_eq(threads(w), 256);
	ck_assert(whatif_undo(w));
	ck_assert_int_eq(w->cur.launch.regs_per_thread, 40);
	ck_assert(whatif_redo(w));
	ck_assert_int_eq(w->cur.launch.regs_per_thread, 48);
	ck_assert_int_eq(w->n_redo, 1);
	/* a change clears redo */
	ck_assert(whatif_step(w, PARAM_BARRIERS, +1, false));
	ck_assert_int_eq(w->n_redo, 0);
	ck_assert(!whatif_redo(w));

	/* reset is one undoable change */
	int n_undo = w->n_undo;
	ck_assert(whatif_reset(w));
	ck_assert_int_eq(w->cur.launch.regs_per_thread, 32);
	ck_assert_int_eq(w->cur.launch.barriers, 1);
	ck_assert_int_eq(w->n_undo, n_undo + 1);
	for (int f = 0; f < PARAM_WHATIF_N; f++)
		ck_assert(!whatif_changed(w, (enum launch_param)f));
	ck_assert(!whatif_reset(w));
	ck_assert(whatif_undo(w));
	ck_assert_int_eq(w->cur.launch.regs_per_thread, 48);
	ck_assert_int_eq(w->cur.launch.barriers, 2);
	whatif_free(w);
}
END_TEST

START_TEST(history_overflow)
{
	struct whatif *w = make("H100 SXM");
	int n = WHATIF_HISTORY + 2;

	/* change k (1..n) sets the grid to k: the undo stack holds the states
	 * before changes 3..n (grids 2..n-1); 1584 and 1 dropped out */
	for (int k = 1; k <= n; k++)
		ck_assert(whatif_set_value(w, PARAM_GRID, k));
	ck_assert_int_eq(w->n_undo, WHATIF_HISTORY);
	for (int k = n - 1; k >= 2; k--) {
		ck_assert(whatif_undo(w));
		ck_assert_int_eq(launch_grid_size(&w->cur.launch), k);
	}
	ck_assert(!whatif_undo(w));
	ck_assert_int_eq(w->n_redo, WHATIF_HISTORY);
	for (int k = 3; k <= n; k++) {
		ck_assert(whatif_redo(w));
		ck_assert_int_eq(launch_grid_size(&w->cur.launch), k);
	}
	ck_assert(!whatif_redo(w));
	/* the baseline is not history: reset still reaches it */
	ck_assert(whatif_reset(w));
	ck_assert_int_eq(launch_grid_size(&w->cur.launch), 1584);
	whatif_free(w);
}
END_TEST

START_TEST(changed_per_field)
{
	struct whatif *w = make("H100 SXM");

	ck_assert(whatif_set_value(w, PARAM_REGISTERS, 64));
	for (int f = 0; f < PARAM_WHATIF_N; f++)
		ck_assert_int_eq(whatif_changed(w, (enum launch_param)f), f == PARAM_REGISTERS);
	/* a different shape of the same total is a change */
	ck_assert(whatif_set_text(w, PARAM_BLOCK, "16x16", NULL));
	ck_assert(whatif_changed(w, PARAM_BLOCK));
	ck_assert(whatif_set_value(w, PARAM_REGISTERS, 32));
	ck_assert(!whatif_changed(w, PARAM_REGISTERS));
	whatif_free(w);
}
END_TEST

START_TEST(format_values)
{
	struct whatif *w = make("H100 SXM");
	char buf[64];

	whatif_format(w, PARAM_BLOCK, false, buf, sizeof(buf));
	ck_assert_str_eq(buf, "256");
	ck_assert(whatif_set_text(w, PARAM_BLOCK, "16x16", NULL));
	whatif_format(w, PARAM_BLOCK, false, buf, sizeof(buf));
	ck_assert_str_eq(buf, "16x16 (256)");
	whatif_format(w, PARAM_BLOCK, true, buf, sizeof(buf));
	ck_assert_str_eq(buf, "256");
	ck_assert(whatif_set_text(w, PARAM_BLOCK, "8x8x4", NULL));
	whatif_format(w, PARAM_BLOCK, false, buf, sizeof(buf));
	ck_assert_str_eq(buf, "8x8x4 (256)");
	ck_assert(whatif_set_text(w, PARAM_GRID, "64x64", NULL));
	whatif_format(w, PARAM_GRID, false, buf, sizeof(buf));
	ck_assert_str_eq(buf, "64x64 (4096)");
	whatif_format(w, PARAM_GRID, true, buf, sizeof(buf));
	ck_assert_str_eq(buf, "1584");

	whatif_format(w, PARAM_STATIC_SMEM, false, buf, sizeof(buf));
	ck_assert_str_eq(buf, "0 B");
	ck_assert(whatif_set_text(w, PARAM_STATIC_SMEM, "48K", NULL));
	whatif_format(w, PARAM_STATIC_SMEM, false, buf, sizeof(buf));
	ck_assert_str_eq(buf, "48 KiB");
	ck_assert(whatif_set_value(w, PARAM_DYNAMIC_SMEM, 1536));
	whatif_format(w, PARAM_DYNAMIC_SMEM, false, buf, sizeof(buf));
	ck_assert_str_eq(buf, "1536 B");
	ck_assert(whatif_set_value(w, PARAM_DYNAMIC_SMEM, 128));
	whatif_format(w, PARAM_DYNAMIC_SMEM, false, buf, sizeof(buf));
	ck_assert_str_eq(buf, "128 B");

	whatif_format(w, PARAM_CARVEOUT, false, buf, sizeof(buf));
	ck_assert_str_eq(buf, "default");
	ck_assert(whatif_set_value(w, PARAM_CARVEOUT, 50));
	whatif_format(w, PARAM_CARVEOUT, false, buf, sizeof(buf));
	ck_assert_str_eq(buf, "50%");
	ck_assert(whatif_set_value(w, PARAM_REGISTERS, 40));
	whatif_format(w, PARAM_REGISTERS, false, buf, sizeof(buf));
	ck_assert_str_eq(buf, "40");
	whatif_format(w, PARAM_BARRIERS, false, buf, sizeof(buf));
	ck_assert_str_eq(buf, "1");
	whatif_format(w, PARAM_GPU, false, buf, sizeof(buf));
	ck_assert_str_eq(buf, "NVIDIA H100 80GB HBM3");   /* the device "H100 SXM" names */
	/* a small buffer is cut, never overrun */
	whatif_format(w, PARAM_GPU, false, buf, 4);
	ck_assert_str_eq(buf, "NVI");

	ck_assert_str_eq(param_label(PARAM_STATIC_SMEM, GPU_NVIDIA), "static smem");
	ck_assert_str_eq(param_label(PARAM_GPU, GPU_NVIDIA), "GPU");
	whatif_free(w);
}
END_TEST

/* ---- saving ------------------------------------------------------------ */

static char *make_tmpdir(void)
{
	const char *base = getenv("TMPDIR");
	char *dir = malloc(4096);

	snprintf(dir, 4096, "%s/test_whatif.XXXXXX", base && base[0] ? base : "/tmp");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	return dir;
}

static int count_entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			n++;
	closedir(d);
	return n;
}

static void remove_tree(const char *path)
{
	char cmd[4200];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", path);
	ck_assert_int_eq(system(cmd), 0);
}

static struct launch load_one(const char *path)
{
	struct launch defaults, out;
	struct launch_set set;
	struct occ_error err = { 0 };

	launch_init(&defaults);
	ck_assert_msg(launch_file_load(path, &defaults, &set, &err), "%s", err.message);
	ck_assert_uint_eq(set.n, 1);
	ck_assert(set.items[0].valid);
	out = set.items[0].launch;
	launch_set_done(&set);
	return out;
}

static void assert_same_launch(const struct launch *a, const struct launch *b)
{
	ck_assert_str_eq(a->kernel, b->kernel);
	ck_assert_str_eq(a->gpu_name, b->gpu_name);
	for (int i = 0; i < 3; i++) {
		ck_assert_int_eq(a->grid[i], b->grid[i]);
		ck_assert_int_eq(a->block[i], b->block[i]);
	}
	ck_assert_int_eq(a->regs_per_thread, b->regs_per_thread);
	ck_assert_int_eq(a->static_smem_bytes, b->static_smem_bytes);
	ck_assert_int_eq(a->dynamic_smem_bytes, b->dynamic_smem_bytes);
	ck_assert_int_eq(a->carveout_pct, b->carveout_pct);
	ck_assert_int_eq(a->cache_config, b->cache_config);
	ck_assert_int_eq(a->barriers, b->barriers);
}

START_TEST(save_round_trip)
{
	char *dir = make_tmpdir();
	char path[4200];
	struct occ_error err = { 0 };
	struct whatif *w = make("H100 SXM");
	struct launch back;
	struct gpu g;

	snprintf(path, sizeof(path), "%s/saved.occ", dir);
	snprintf(w->cur.launch.kernel, sizeof(w->cur.launch.kernel),
		 "void sgemm<float, 128>(float const*, int) = x");
	ck_assert(whatif_set_text(w, PARAM_GPU, "A100", NULL));
	ck_assert(whatif_set_text(w, PARAM_BLOCK, "16x8x2", NULL));
	ck_assert(whatif_set_text(w, PARAM_GRID, "64x32x3", NULL));
	ck_assert(whatif_set_value(w, PARAM_REGISTERS, 96));
	ck_assert(whatif_set_value(w, PARAM_STATIC_SMEM, 1000));
	ck_assert(whatif_set_text(w, PARAM_DYNAMIC_SMEM, "100K", NULL));
	ck_assert(whatif_set_value(w, PARAM_CARVEOUT, 50));
	ck_assert(whatif_set_value(w, PARAM_BARRIERS, 3));
	ck_assert_msg(whatif_save(w, path, &err), "%s", err.message);
	back = load_one(path);
	assert_same_launch(&back, &w->cur.launch);
	ck_assert(gpu_db_find(db, back.gpu_name, &g, NULL));
	ck_assert_str_eq(g.name, w->cur.gpu.name);
	ck_assert_int_eq(count_entries(dir), 1);

	/* saving again replaces the file; the default carveout and 1-D values */
	ck_assert(whatif_reset(w));
	ck_assert(whatif_save(w, path, &err));
	back = load_one(path);
	assert_same_launch(&back, &w->cur.launch);
	ck_assert_int_eq(back.carveout_pct, LAUNCH_CARVEOUT_DEFAULT);
	ck_assert_int_eq(count_entries(dir), 1);

	/* the file says who wrote it on its first line */
	FILE *f = fopen(path, "r");
	char line[256];
	ck_assert_ptr_nonnull(f);
	ck_assert_ptr_nonnull(fgets(line, sizeof(line), f));
	fclose(f);
	ck_assert(line[0] == '#');
	ck_assert_ptr_nonnull(strstr(line, "occview"));

	/* Kepler's preference is saved and read back */
	ck_assert(whatif_set_text(w, PARAM_GPU, "Tesla K40c", NULL));
	ck_assert(whatif_set_value(w, PARAM_CARVEOUT, LAUNCH_CARVEOUT_DEFAULT));
	ck_assert(whatif_set_text(w, PARAM_CACHE_CONFIG, "l1", NULL));
	ck_assert(whatif_save(w, path, &err));
	back = load_one(path);
	ck_assert_int_eq(back.cache_config, LAUNCH_CACHE_L1);
	assert_same_launch(&back, &w->cur.launch);
	whatif_free(w);
	remove_tree(dir);
	free(dir);
}
END_TEST

START_TEST(save_sanitizes_kernel_name)
{
	char *dir = make_tmpdir();
	char path[4200];
	struct occ_error err = { 0 };
	struct whatif *w = make("H100 SXM");
	struct launch back;

	snprintf(path, sizeof(path), "%s/odd.occ", dir);
	/* a newline, a '#', a tab, an invalid byte, a C1 control, and UTF-8 kept */
	snprintf(w->cur.launch.kernel, sizeof(w->cur.launch.kernel),
		 " k\nernel#1\t\xff\xc2\x85 \xc3\xa9t\xc3\xa9 ");
	ck_assert(whatif_save(w, path, &err));
	back = load_one(path);
	ck_assert_str_eq(back.kernel, "k?ernel?1??? \xc3\xa9t\xc3\xa9");
	whatif_free(w);
	remove_tree(dir);
	free(dir);
}
END_TEST

START_TEST(save_failure_leaves_nothing)
{
	char *dir = make_tmpdir();
	char path[4300], file[4200];
	struct occ_error err = { 0 };
	struct whatif *w = make("H100 SXM");
	FILE *f;

	/* the directory is a plain file: no temporary file can be made */
	snprintf(file, sizeof(file), "%s/plain", dir);
	f = fopen(file, "w");
	ck_assert_ptr_nonnull(f);
	fclose(f);
	snprintf(path, sizeof(path), "%s/x.occ", file);
	ck_assert(!whatif_save(w, path, &err));
	ck_assert_str_eq(err.file, path);
	ck_assert_ptr_nonnull(strstr(err.message, strerror(ENOTDIR)));
	ck_assert_int_eq(count_entries(dir), 1);

	/* the target is a directory: the temporary file is made, rename fails,
	 * and the temporary file goes */
	snprintf(path, sizeof(path), "%s/sub", dir);
	ck_assert_int_eq(mkdir(path, 0700), 0);
	occ_error_clear(&err);
	ck_assert(!whatif_save(w, path, &err));
	ck_assert_str_eq(err.file, path);
	ck_assert(err.message[0] != '\0');
	ck_assert_int_eq(count_entries(dir), 2);
	ck_assert_int_eq(count_entries(path), 0);
	whatif_free(w);
	remove_tree(dir);
	free(dir);
}
END_TEST

START_TEST(recovery_path_from_env)
{
	char buf[4200], want[64];

	setenv("XDG_STATE_HOME", "/var/state", 1);
	setenv("HOME", "/home/u", 1);
	ck_assert(whatif_recovery_dir(buf, sizeof(buf)));
	ck_assert_str_eq(buf, "/var/state/occview");
	unsetenv("XDG_STATE_HOME");
	ck_assert(whatif_recovery_dir(buf, sizeof(buf)));
	ck_assert_str_eq(buf, "/home/u/.local/state/occview");
	/* the XDG spec: relative paths in the variable are ignored */
	setenv("XDG_STATE_HOME", "relative/state", 1);
	ck_assert(whatif_recovery_dir(buf, sizeof(buf)));
	ck_assert_str_eq(buf, "/home/u/.local/state/occview");
	/* this session's file: recovery-YYYYMMDDTHHMMSS-PID.occ, the same on
	 * every call */
	ck_assert(whatif_recovery_path(buf, sizeof(buf)));
	ck_assert(strncmp(buf, "/home/u/.local/state/occview/recovery-", 38) == 0);
	ck_assert_uint_eq(strlen(buf + 38), 15 + snprintf(want, sizeof(want), "-%ld.occ",
							  (long)getpid()));
	ck_assert_str_eq(buf + 38 + 15, want);
	ck_assert(whatif_is_recovery_file(buf));
	{
		char again[4200];

		ck_assert(whatif_recovery_path(again, sizeof(again)));
		ck_assert_str_eq(again, buf);
	}
	ck_assert(whatif_is_recovery_file("/home/u/.local/state/occview/recovery.occ"));
	ck_assert(!whatif_is_recovery_file("/home/u/.local/state/occview/mine.occ"));
	ck_assert(!whatif_is_recovery_file("/tmp/recovery-20260101T000000-1.occ"));
	unsetenv("XDG_STATE_HOME");
	unsetenv("HOME");
	ck_assert(!whatif_recovery_dir(buf, sizeof(buf)));
	ck_assert(!whatif_recovery_path(buf, sizeof(buf)));
	/* too small a buffer is a failure, not a cut path */
	setenv("HOME", "/home/u", 1);
	ck_assert(!whatif_recovery_path(buf, 10));
}
END_TEST

/* Dropped sessions keep their own files; a save keeps the newest
 * WHATIF_RECOVERY_KEPT, and the newest is offered. */
START_TEST(recovery_files_kept_and_pruned)
{
	char *dir = make_tmpdir();
	char state[4200], path[4300], newest[4300];
	struct occ_error err = { 0 };
	struct whatif *w = make("H100 SXM");

	snprintf(state, sizeof(state), "%s/state", dir);
	setenv("XDG_STATE_HOME", state, 1);
	ck_assert_int_eq(whatif_recovery_newest(newest, sizeof(newest)), 0);
	ck_assert(whatif_save_recovery(w, path, sizeof(path), &err));
	/* ten older sessions' files, a minute apart, and the old single name */
	for (int i = 0; i < 11; i++) {
		char old[4300];
		struct timespec t[2] = { { 1700000000 + 60 * i, 0 }, { 1700000000 + 60 * i, 0 } };
		FILE *f;

		if (i == 10)
			snprintf(old, sizeof(old), "%s/occview/recovery.occ", state);
		else
			snprintf(old, sizeof(old), "%s/occview/recovery-2023111%dT000000-%d.occ", state,
				 i % 10, 100 + i);
		ck_assert_ptr_nonnull(f = fopen(old, "w"));
		/* as a save writes them (pruning deletes nothing else) */
		fputs("# Written by occview 0.1.0 (what-if explorer): a launch file\ngpu = H100\n", f);
		fclose(f);
		ck_assert_int_eq(utimensat(AT_FDCWD, old, t, 0), 0);
	}
	ck_assert_int_eq(whatif_recovery_newest(newest, sizeof(newest)), 12);
	ck_assert_str_eq(newest, path);
	ck_assert(whatif_set_value(w, PARAM_REGISTERS, 72));
	ck_assert(whatif_save_recovery(w, path, sizeof(path), &err));
	ck_assert_int_eq(whatif_recovery_newest(newest, sizeof(newest)), WHATIF_RECOVERY_KEPT);
	ck_assert_str_eq(newest, path);
	{
		/* the oldest four went (sessions 0-3); recovery.occ, newer, stays */
		char gone[4300], kept[4300];

		snprintf(gone, sizeof(gone), "%s/occview/recovery-20231113T000000-103.occ", state);
		snprintf(kept, sizeof(kept), "%s/occview/recovery.occ", state);
		ck_assert_int_ne(access(gone, F_OK), 0);
		ck_assert_int_eq(access(kept, F_OK), 0);
	}
	unsetenv("XDG_STATE_HOME");
	whatif_free(w);
	remove_tree(dir);
	free(dir);
}
END_TEST

/* Files occview writes, against hostile surroundings (issue 25): a state
 * directory that is a symbolic link or world-readable, a recovery-*.occ that
 * is a link or a file someone else wrote, a save onto a FIFO or a link. */
START_TEST(recovery_hostile_state)
{
	char *dir = make_tmpdir();
	char state[4200], occ[4300], elsewhere[4200], path[4400], file[4400], newest[4400];
	struct occ_error err = { 0 };
	struct whatif *w = make("H100 SXM");
	struct stat st;
	FILE *f;

	snprintf(state, sizeof(state), "%s/state", dir);
	snprintf(occ, sizeof(occ), "%s/occview", state);
	snprintf(elsewhere, sizeof(elsewhere), "%s/elsewhere", dir);
	setenv("XDG_STATE_HOME", state, 1);
	ck_assert(whatif_set_value(w, PARAM_REGISTERS, 72));

	/* a linked state directory: refused with a message, nothing written or
	 * offered in its target, whose own recovery-looking file stays */
	ck_assert_int_eq(mkdir(state, 0700), 0);
	ck_assert_int_eq(mkdir(elsewhere, 0700), 0);
	ck_assert_int_eq(symlink(elsewhere, occ), 0);
	snprintf(file, sizeof(file), "%s/recovery-20231110T000000-1.occ", elsewhere);
	ck_assert_ptr_nonnull(f = fopen(file, "w"));
	fputs("# Written by occview 0.1.0\ngpu = H100\n", f);
	fclose(f);
	ck_assert(!whatif_save_recovery(w, path, sizeof(path), &err));
	ck_assert_ptr_nonnull(strstr(err.message, "symbolic link"));
	ck_assert_int_eq(count_entries(elsewhere), 1);
	ck_assert_int_eq(whatif_recovery_newest(newest, sizeof(newest)), 0);
	ck_assert_int_eq(unlink(occ), 0);

	/* an existing world-readable state directory is made private, and the
	 * file is 0600 whatever the umask */
	ck_assert_int_eq(mkdir(occ, 0755), 0);
	ck_assert_int_eq(chmod(occ, 0755), 0);
	occ_error_clear(&err);
	ck_assert_msg(whatif_save_recovery(w, path, sizeof(path), &err), "%s", err.message);
	ck_assert_int_eq(stat(occ, &st), 0);
	ck_assert_int_eq(st.st_mode & 0777, 0700);
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert_int_eq(st.st_mode & 0777, 0600);

	/* a link named like a recovery file is not offered */
	snprintf(file, sizeof(file), "%s/recovery-29991231T000000-1.occ", occ);
	ck_assert_int_eq(symlink(path, file), 0);
	ck_assert_int_eq(whatif_recovery_newest(newest, sizeof(newest)), 1);
	ck_assert_str_eq(newest, path);
	ck_assert_int_eq(unlink(file), 0);

	/* pruning: eight files occview wrote are kept, older ones go, but an
	 * old file it did not write stays */
	for (int i = 0; i < 10; i++) {
		struct timespec t[2] = { { 1700000000 + 60 * i, 0 }, { 1700000000 + 60 * i, 0 } };

		snprintf(file, sizeof(file), "%s/recovery-2023110%dT000000-%d.occ", occ, i, 200 + i);
		ck_assert_ptr_nonnull(f = fopen(file, "w"));
		fputs(i == 0 ? "my notes, not occview's\n" : "# Written by occview 0.1.0\n", f);
		fclose(f);
		ck_assert_int_eq(utimensat(AT_FDCWD, file, t, 0), 0);
	}
	ck_assert(whatif_save_recovery(w, path, sizeof(path), &err));
	snprintf(file, sizeof(file), "%s/recovery-20231100T000000-200.occ", occ);
	ck_assert_int_eq(access(file, F_OK), 0);
	snprintf(file, sizeof(file), "%s/recovery-20231101T000000-201.occ", occ);
	ck_assert_int_ne(access(file, F_OK), 0);
	ck_assert_int_eq(count_entries(occ), WHATIF_RECOVERY_KEPT + 1);

	/* a save onto a FIFO or a link refuses, and leaves it as it was */
	snprintf(file, sizeof(file), "%s/fifo.occ", dir);
	ck_assert_int_eq(mkfifo(file, 0600), 0);
	occ_error_clear(&err);
	ck_assert(!whatif_save(w, file, &err));
	ck_assert_ptr_nonnull(strstr(err.message, "a FIFO, not a regular file"));
	ck_assert_int_eq(lstat(file, &st), 0);
	ck_assert(S_ISFIFO(st.st_mode));
	snprintf(file, sizeof(file), "%s/link.occ", dir);
	ck_assert_int_eq(symlink(path, file), 0);
	occ_error_clear(&err);
	ck_assert(!whatif_save(w, file, &err));
	ck_assert_ptr_nonnull(strstr(err.message, "a symbolic link, not a regular file"));
	ck_assert_int_eq(lstat(file, &st), 0);
	ck_assert(S_ISLNK(st.st_mode));
	/* a new saved file is private too */
	snprintf(file, sizeof(file), "%s/new.occ", dir);
	ck_assert(whatif_save(w, file, &err));
	ck_assert_int_eq(stat(file, &st), 0);
	ck_assert_int_eq(st.st_mode & 0777, 0600);

	unsetenv("XDG_STATE_HOME");
	whatif_free(w);
	remove_tree(dir);
	free(dir);
}
END_TEST

START_TEST(save_recovery_makes_private_dir)
{
	char *dir = make_tmpdir();
	char state[4200], path[4200], expect[4300];
	struct occ_error err = { 0 };
	struct whatif *w = make("H100 SXM");
	struct stat st;

	snprintf(state, sizeof(state), "%s/deep/state", dir);
	setenv("XDG_STATE_HOME", state, 1);
	ck_assert(whatif_set_value(w, PARAM_REGISTERS, 72));
	ck_assert_msg(whatif_save_recovery(w, path, sizeof(path), &err), "%s", err.message);
	snprintf(expect, sizeof(expect), "%s/occview/recovery-", state);
	ck_assert(strncmp(path, expect, strlen(expect)) == 0);
	snprintf(expect, sizeof(expect), "%s/occview", state);
	ck_assert_int_eq(stat(expect, &st), 0);
	ck_assert(S_ISDIR(st.st_mode));
	ck_assert_int_eq(st.st_mode & 0777, 0700);
	struct launch back = load_one(path);
	assert_same_launch(&back, &w->cur.launch);

	unsetenv("XDG_STATE_HOME");
	unsetenv("HOME");
	ck_assert(!whatif_save_recovery(w, path, sizeof(path), &err));
	ck_assert(err.message[0] != '\0');
	whatif_free(w);
	remove_tree(dir);
	free(dir);
}
END_TEST

/* AMD fields on the targets' own terms (data/amd_archs.csv): gfx942 (MI300X)
 * runs wave64 only, has AGPRs in a unified file and SGPRs that limit;
 * gfx1100 (RX 7900 XTX) runs wave32 and wave64, has no AGPRs, and its SGPRs
 * do not limit. Carveout and barriers are NVIDIA's. */
START_TEST(amd_fields_apply)
{
	struct whatif *w = make("mi300x");

	ck_assert(!whatif_applies(w, PARAM_WAVE_SIZE));
	ck_assert(whatif_applies(w, PARAM_AGPRS));
	ck_assert(whatif_applies(w, PARAM_SGPRS));
	ck_assert(!whatif_applies(w, PARAM_CARVEOUT));
	ck_assert(!whatif_applies(w, PARAM_BARRIERS));
	ck_assert(whatif_applies(w, PARAM_BLOCK));
	ck_assert_str_eq(whatif_label(w, PARAM_BLOCK), "workgroup");
	ck_assert_str_eq(whatif_label(w, PARAM_REGISTERS), "VGPRs");
	ck_assert_str_eq(whatif_label(w, PARAM_STATIC_SMEM), "LDS");
	whatif_free(w);

	w = make("rx 7900 xtx");
	ck_assert(whatif_applies(w, PARAM_WAVE_SIZE));
	ck_assert(!whatif_applies(w, PARAM_AGPRS));
	ck_assert(!whatif_applies(w, PARAM_SGPRS));
	whatif_free(w);

	w = make("h100");
	for (int f = PARAM_WAVE_SIZE; f <= PARAM_SGPRS; f++)
		ck_assert(!whatif_applies(w, (enum launch_param)f));
	ck_assert(whatif_applies(w, PARAM_CARVEOUT));
	ck_assert_str_eq(whatif_label(w, PARAM_REGISTERS), "registers");
	whatif_free(w);
}
END_TEST

START_TEST(amd_steps)
{
	struct whatif *w = make("rx 7900 xtx");

	/* wave size 0 is gfx1100's default, wave32: up is wave64, then no further */
	ck_assert_int_eq(w->cur.launch.wave_size, 0);
	ck_assert(whatif_step(w, PARAM_WAVE_SIZE, +1, false));
	ck_assert_int_eq(w->cur.launch.wave_size, 64);
	ck_assert(!whatif_step(w, PARAM_WAVE_SIZE, +1, false));
	/* workgroup sizes step by the wave the launch runs: 256 -> 320 in wave64 */
	ck_assert(whatif_step(w, PARAM_BLOCK, +1, false));
	ck_assert_int_eq(threads(w), 320);
	ck_assert(whatif_step(w, PARAM_WAVE_SIZE, -1, false));
	ck_assert_int_eq(w->cur.launch.wave_size, 32);
	ck_assert(!whatif_step(w, PARAM_WAVE_SIZE, -1, false));
	ck_assert(whatif_step(w, PARAM_BLOCK, +1, false));
	ck_assert_int_eq(threads(w), 352);
	whatif_free(w);

	/* AGPRs on gfx942: steps of 1 and 8, up to the 256 a wave may address */
	w = make("mi300x");
	ck_assert(whatif_step(w, PARAM_AGPRS, +1, false));
	ck_assert_int_eq(w->cur.launch.agprs, 1);
	ck_assert(whatif_step(w, PARAM_AGPRS, +1, true));
	ck_assert_int_eq(w->cur.launch.agprs, 8);
	ck_assert(whatif_set_value(w, PARAM_AGPRS, 256));
	ck_assert(!whatif_step(w, PARAM_AGPRS, +1, false));
	ck_assert(!whatif_set_value(w, PARAM_AGPRS, 257));
	/* SGPRs: up to the 108 TotalNumSgprs can reach, rounded up to the 16 of
	 * rocprof's granulated count: 112 */
	ck_assert(whatif_set_value(w, PARAM_SGPRS, 112));
	ck_assert(!whatif_step(w, PARAM_SGPRS, +1, false));
	whatif_free(w);
}
END_TEST

/* Switching vendors keeps the fields the other vendor lacks, so a launch can
 * be compared on an NVIDIA and an AMD GPU back and forth. */
START_TEST(vendor_switch_keeps_fields)
{
	struct whatif *w = make("h100");
	struct gpu mi300x = find_gpu("mi300x"), h100 = w->cur.gpu;
	int carveout;

	ck_assert(whatif_set_value(w, PARAM_BARRIERS, 2));
	ck_assert(whatif_step(w, PARAM_CARVEOUT, +1, false));
	carveout = w->cur.launch.carveout_pct;
	ck_assert(whatif_set_gpu(w, &mi300x));
	ck_assert_int_eq(compute(&w->cur).vendor, GPU_AMD);
	ck_assert(whatif_set_value(w, PARAM_AGPRS, 64));
	ck_assert(whatif_set_value(w, PARAM_SGPRS, 80));
	ck_assert(whatif_set_gpu(w, &h100));
	ck_assert_int_eq(compute(&w->cur).vendor, GPU_NVIDIA);
	ck_assert_int_eq(w->cur.launch.barriers, 2);
	ck_assert_int_eq(w->cur.launch.carveout_pct, carveout);
	ck_assert(whatif_set_gpu(w, &mi300x));
	ck_assert_int_eq(w->cur.launch.agprs, 64);
	ck_assert_int_eq(w->cur.launch.sgprs, 80);
	whatif_free(w);

	/* wave32 chosen on gfx1100 does not run on gfx942 (wave64 only): the
	 * field then applies there, so it can be put right */
	w = make("rx 7900 xtx");
	ck_assert(whatif_set_value(w, PARAM_WAVE_SIZE, 32));
	ck_assert(whatif_set_gpu(w, &mi300x));
	ck_assert(!compute(&w->cur).amd.fits);
	ck_assert(whatif_applies(w, PARAM_WAVE_SIZE));
	ck_assert(whatif_step(w, PARAM_WAVE_SIZE, +1, false));
	ck_assert_int_eq(w->cur.launch.wave_size, 64);
	ck_assert(compute(&w->cur).amd.fits);
	ck_assert(!whatif_applies(w, PARAM_WAVE_SIZE));
	whatif_free(w);
}
END_TEST

/* The history keeps GPUs by name and derives them again: undo brings back
 * the baseline's own GPU (here with the SM count a partition gave it, which
 * no database device has), and a stand-in for a compute capability stays
 * one; a GPU the database cannot find again by its name is refused. */
START_TEST(history_keeps_gpus_by_name)
{
	struct gpu base = find_gpu("h100"), a100 = find_gpu("a100"), sm86 = find_gpu("8.6");
	struct gpu again = find_gpu("h100"), odd = a100;
	struct launch l;
	struct whatif *w;

	base.sm_count = 66;  /* --sms 66 on an H100 SXM */
	launch_init(&l);
	snprintf(l.gpu_name, sizeof(l.gpu_name), "%s", base.name);
	w = whatif_new(db, &l, &base);
	ck_assert_ptr_nonnull(w);
	ck_assert(sm86.stand_in);
	ck_assert(whatif_set_gpu(w, &a100));
	ck_assert(whatif_set_gpu(w, &sm86));
	ck_assert(whatif_undo(w));
	ck_assert_str_eq(w->cur.gpu.name, a100.name);
	ck_assert_int_eq(w->cur.gpu.sm_count, a100.sm_count);
	ck_assert(!w->cur.gpu.stand_in);
	ck_assert(whatif_undo(w));
	ck_assert_str_eq(w->cur.gpu.name, base.name);
	ck_assert_int_eq(w->cur.gpu.sm_count, 66);
	ck_assert(!whatif_undo(w));
	ck_assert(whatif_redo(w));
	ck_assert(whatif_redo(w));
	ck_assert_str_eq(w->cur.gpu.name, sm86.name);
	ck_assert(w->cur.gpu.stand_in);

	snprintf(odd.name, sizeof(odd.name), "%s", "no GPU of the database");
	ck_assert(!whatif_set_gpu(w, &odd));
	ck_assert_str_eq(w->cur.gpu.name, sm86.name);
	ck_assert_int_eq(w->n_redo, 0);

	/* the baseline's name chosen from the database is the database's device */
	ck_assert(whatif_set_gpu(w, &again));
	ck_assert_int_eq(w->cur.gpu.sm_count, again.sm_count);
	ck_assert(whatif_reset(w));
	ck_assert_int_eq(w->cur.gpu.sm_count, 66);
	ck_assert(whatif_undo(w));
	ck_assert_int_eq(w->cur.gpu.sm_count, again.sm_count);
	ck_assert(whatif_undo(w));
	ck_assert(w->cur.gpu.stand_in);
	whatif_free(w);
}
END_TEST

/* issue 22 item 4: a metrics-only ncu record (the RTX 5070 saxpy, line 10)
 * gives no registers or shared memory; the fields show 0 and 0 B. Typing
 * 32 registers, then 0 into both shared-memory fields, which already show
 * "0 B", gives them: the record is analysed at once, as the command line's
 * --registers 32 --shared-mem 0 --dynamic-shared-mem 0 analyse it. */
START_TEST(typed_value_counts_as_given)
{
	static const char file[] = "roofline_profiler_rtx5070_cc120_ncu2026_windows_bom_crlf_saxpy.csv";
	static const enum launch_param typed[] = { PARAM_REGISTERS, PARAM_STATIC_SMEM,
						   PARAM_DYNAMIC_SMEM };
	static const char *const text[] = { "32", "0", "0" };
	struct occ_error err = { 0 };
	struct session *s = session_new(db, NULL, &err), *cli;
	struct param_set flags;
	struct session_record r;
	struct report rep;
	struct launch l;
	struct gpu g;
	struct whatif *w;
	struct view *v = calloc(1, sizeof(*v));
	struct analysis *want = malloc(sizeof(*want));
	struct sim_params model = { 0 };

	ck_assert_ptr_nonnull(s);
	ck_assert(v && want);
	load_clean("ncu/", file, &rep);
	ck_assert_uint_eq(rep.n, 1);
	r = (struct session_record){ data_path("ncu/", file), rep.records[0].line, NULL, NULL,
				     &rep.records[0], 0, NULL, NULL };
	ck_assert(!session_launch(s, &r, NULL, &l, &g, &err));
	w = whatif_new(db, &l, &g);
	ck_assert_ptr_nonnull(w);
	view_init(v);
	view_rebase(v, s, &r, w);
	ck_assert(view_update(v, s, &r, w, &model, 0));
	ck_assert(!v->cur.ok);
	ck_assert_int_eq(w->cur.launch.static_smem_bytes, 0);
	ck_assert_int_eq(w->cur.launch.dynamic_smem_bytes, 0);
	memset(&flags, 0, sizeof(flags));
	launch_init(&flags.values);
	for (size_t i = 0; i < 3; i++) {
		ck_assert(whatif_set_text(w, typed[i], text[i], &err));
		ck_assert(whatif_given(w) & PARAM_BIT(typed[i]));
		ck_assert(param_parse(typed[i], text[i], &flags.values, NULL, 0, "flag", &err));
		flags.set |= PARAM_BIT(typed[i]);
		ck_assert(view_update(v, s, &r, w, &model, 0));
		/* analysed only once the last is given */
		ck_assert(v->cur.ok == (i == 2));
	}
	/* the two zeros are no change from what the fields showed, but given */
	ck_assert(!whatif_changed(w, PARAM_STATIC_SMEM));
	ck_assert_int_eq(w->n_undo, 3);
	cli = session_new(db, &flags, &err);
	ck_assert_ptr_nonnull(cli);
	session_analyse(cli, &r, NULL, NULL, SESSION_FINDINGS, want);
	ck_assert(want->ok);
	ck_assert_double_eq(v->cur.r.theoretical_occupancy_pct, want->r.theoretical_occupancy_pct);
	ck_assert_int_eq(v->cur.r.active_blocks_per_sm, want->r.active_blocks_per_sm);
	/* undoing the last zero takes it back: not analysed again */
	ck_assert(whatif_undo(w));
	ck_assert(!(whatif_given(w) & PARAM_BIT(PARAM_DYNAMIC_SMEM)));
	ck_assert(view_update(v, s, &r, w, &model, 0));
	ck_assert(!v->cur.ok);
	/* a new baseline starts with nothing given */
	whatif_rebase(w, &l, &g);
	ck_assert_uint_eq(whatif_given(w), 0);
	session_free(cli);
	session_free(s);
	whatif_free(w);
	view_done(v);
	free(v);
	free(want);
	report_done(&rep);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("whatif");
	TCase *tc = tcase_create("whatif");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, block_steps_by_warp);
	tcase_add_test(tc, typed_value_counts_as_given);
	tcase_add_test(tc, register_steps_clamp);
	tcase_add_test(tc, cluster_steps_divide_the_grid);
	tcase_add_test(tc, partition_steps);
	tcase_add_test(tc, smem_steps_by_alloc_unit);
	tcase_add_test(tc, grid_steps_by_wave);
	tcase_add_test(tc, carveout_steps_visit_configs);
	tcase_add_test(tc, carveout_fixed_on_one_config);
	tcase_add_test(tc, barrier_steps);
	tcase_add_test(tc, gpu_steps_in_db_order);
	tcase_add_test(tc, set_text_as_cli);
	tcase_add_test(tc, gpu_change_may_invalidate);
	tcase_add_test(tc, undo_redo_reset);
	tcase_add_test(tc, history_overflow);
	tcase_add_test(tc, changed_per_field);
	tcase_add_test(tc, format_values);
	tcase_add_test(tc, save_round_trip);
	tcase_add_test(tc, save_sanitizes_kernel_name);
	tcase_add_test(tc, save_failure_leaves_nothing);
	tcase_add_test(tc, recovery_path_from_env);
	tcase_add_test(tc, save_recovery_makes_private_dir);
	tcase_add_test(tc, recovery_hostile_state);
	tcase_add_test(tc, recovery_files_kept_and_pruned);
	tcase_add_test(tc, amd_fields_apply);
	tcase_add_test(tc, amd_steps);
	tcase_add_test(tc, vendor_switch_keeps_fields);
	tcase_add_test(tc, history_keeps_gpus_by_name);
	tcase_add_test(tc, cache_config_steps);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
