/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_tuning.c - next step and headroom per limiting factor, and the best block size, against NVIDIA's calculator. */
#include "config.h"

#include <check.h>
#include <stdlib.h>

#include "error.h"
#include "gpu.h"
#include "occupancy.h"
#include "sched.h"
#include "tuning.h"
#include "waves.h"
#include "testutil.h"

static const struct gpu_arch *arch(int major, int minor)
{
	const struct gpu_arch *a = gpu_db_find_arch(db, major, minor);
	ck_assert_ptr_nonnull(a);
	return a;
}

#define DEF LAUNCH_CARVEOUT_DEFAULT

static int warps_with_regs(const struct gpu_arch *a, struct occ_input in, int regs)
{
	struct occ_result r;
	in.regs_per_thread = regs;
	occ_compute(a, &in, &r);
	return r.active_warps_per_sm;
}

static int warps_with_dyn(const struct gpu_arch *a, struct occ_input in, int64_t dyn)
{
	struct occ_result r;
	in.dynamic_smem_bytes = dyn;
	occ_compute(a, &in, &r);
	return r.active_warps_per_sm;
}

/* A100, 256 threads, 41 registers: cuda_occupancy.h (CUDA 13.0) gives 5 blocks at 41,
 * 42 and 48 registers, 6 at 40 and 4 at 49. */
START_TEST(register_step_a100)
{
	const struct gpu_arch *a = arch(8, 0);
	struct occ_input in = { 256, 41, 0, 0, DEF, 1, 0, 0, 0, false, 0, 0 };
	struct occ_result r;
	struct tuning_step s[OCC_N_FACTORS];

	occ_compute(a, &in, &r);
	ck_assert_int_eq(r.active_blocks_per_sm, 5);
	int n = tuning_steps(a, &in, &r, s);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(s[0].factor, OCC_REGISTERS);
	ck_assert_int_eq(s[0].param, OCC_PARAM_REGISTERS);
	ck_assert(s[0].has_gain);
	ck_assert_int_eq(s[0].from, 41);
	ck_assert_int_eq(s[0].to, 40);
	ck_assert_int_eq(s[0].blocks_from, 5);
	ck_assert_int_eq(s[0].blocks_to, 6);
	ck_assert_int_eq(s[0].warps_from, 40);
	ck_assert_int_eq(s[0].warps_to, 48);
	ck_assert(s[0].has_headroom);
	ck_assert_int_eq(s[0].headroom_to, 48);
	/* and by recomputing */
	ck_assert_int_eq(warps_with_regs(a, in, (int)s[0].to), s[0].warps_to);
	ck_assert_int_eq(warps_with_regs(a, in, (int)s[0].headroom_to), 40);
	ck_assert_int_lt(warps_with_regs(a, in, (int)s[0].headroom_to + 1), 40);
}
END_TEST

/* The smallest register reduction is the nearest: check for several launches that no
 * value between from and to gains and every value up to headroom keeps the warps. */
START_TEST(register_steps_recomputed)
{
	static const struct { int ma, mi, threads, regs; } c[] = {
		{ 8, 0, 256, 64 }, { 9, 0, 256, 168 }, { 7, 0, 192, 60 }, { 10, 0, 128, 56 },
		{ 7, 5, 256, 100 }, { 8, 6, 384, 90 }, { 3, 7, 128, 255 }, { 6, 0, 160, 192 },
	};

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		const struct gpu_arch *a = arch(c[i].ma, c[i].mi);
		struct occ_input in = { c[i].threads, c[i].regs, 0, 0, DEF, 1, 0, 0, 0, false, 0, 0 };
		struct occ_result r;
		struct tuning_step s[OCC_N_FACTORS];
		occ_compute(a, &in, &r);
		ck_assert_msg(occ_is_limiting(&r, OCC_REGISTERS), "case %zu not register-limited", i);
		int n = tuning_steps(a, &in, &r, s);
		int k = -1;
		for (int j = 0; j < n; j++)
			if (s[j].factor == OCC_REGISTERS)
				k = j;
		ck_assert_int_ge(k, 0);
		ck_assert(s[k].has_gain);
		ck_assert_int_lt(s[k].to, s[k].from);
		ck_assert_int_gt(warps_with_regs(a, in, (int)s[k].to), r.active_warps_per_sm);
		for (int64_t v = s[k].to + 1; v < s[k].from; v++)
			ck_assert_int_eq(warps_with_regs(a, in, (int)v), r.active_warps_per_sm);
		for (int64_t v = s[k].from; v <= s[k].headroom_to; v++)
			ck_assert_int_eq(warps_with_regs(a, in, (int)v), r.active_warps_per_sm);
		if (s[k].headroom_to < a->max_regs_per_thread)
			ck_assert_int_ne(warps_with_regs(a, in, (int)s[k].headroom_to + 1),
					 r.active_warps_per_sm);
	}
}
END_TEST

/* A100, 128 threads, 32 registers, 30000 B dynamic: cuda_occupancy.h (CUDA 13.0) gives
 * 5 blocks; 26880 B -> 6 and 26881 B -> 5; 32512 B -> 5 and 32513 B -> 4. */
START_TEST(shared_memory_step_a100)
{
	const struct gpu_arch *a = arch(8, 0);
	struct occ_input in = { 128, 32, 0, 30000, DEF, 1, 0, 0, 0, false, 0, 0 };
	struct occ_result r;
	struct tuning_step s[OCC_N_FACTORS];

	occ_compute(a, &in, &r);
	ck_assert_int_eq(r.active_blocks_per_sm, 5);
	int n = tuning_steps(a, &in, &r, s);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(s[0].param, OCC_PARAM_SHARED_MEM);
	ck_assert(s[0].has_gain);
	ck_assert_int_eq(s[0].from, 30000);
	ck_assert_int_eq(s[0].to, 26880);
	ck_assert_int_eq(s[0].blocks_to, 6);
	ck_assert(s[0].has_headroom);
	ck_assert_int_eq(s[0].headroom_to, 32512);
	ck_assert_int_eq(warps_with_dyn(a, in, 26881), r.active_warps_per_sm);
	ck_assert_int_lt(warps_with_dyn(a, in, 32513), r.active_warps_per_sm);
}
END_TEST

/* The H20 report: registers and shared memory both hold it at 1 block, so neither
 * alone gains (ncu names both limiters). */
START_TEST(two_limiters_no_single_gain)
{
	const struct gpu_arch *a = arch(9, 0);
	struct occ_input in = { 256, 255, 0, 230400, DEF, 1, 0, 0, 0, false, 0, 0 };
	struct occ_result r;
	struct tuning_step s[OCC_N_FACTORS];

	occ_compute(a, &in, &r);
	int n = tuning_steps(a, &in, &r, s);
	ck_assert_int_eq(n, 2);
	ck_assert_int_eq(s[0].factor, OCC_REGISTERS);
	ck_assert_int_eq(s[1].factor, OCC_SHARED_MEM);
	ck_assert(!s[0].has_gain);
	ck_assert(!s[1].has_gain);
	/* registers are at the maximum: no headroom */
	ck_assert(!s[0].has_headroom);
	/* shared memory may grow to the opt-in maximum (232448) and still fit once */
	ck_assert(s[1].has_headroom);
	ck_assert_int_eq(s[1].headroom_to, 232448);
}
END_TEST

/* Barriers on cc 9.0 (cuda_occupancy.h (CUDA 13.0): 16 barriers -> 4 blocks at 128
 * threads, 5 -> 12, 4 -> 16). */
START_TEST(barrier_step)
{
	const struct gpu_arch *a = arch(9, 0);
	struct occ_input in = { 128, 32, 0, 0, DEF, 16, 0, 0, 0, false, 0, 0 };
	struct occ_result r;
	struct tuning_step s[OCC_N_FACTORS];

	occ_compute(a, &in, &r);
	ck_assert_int_eq(r.active_blocks_per_sm, 4);
	int n = tuning_steps(a, &in, &r, s);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(s[0].param, OCC_PARAM_BARRIERS);
	ck_assert(s[0].has_gain);
	/* the step found must gain, and nothing nearer may */
	struct occ_input t = in;
	t.barriers = (int)s[0].to;
	occ_compute(a, &t, &r);
	ck_assert_int_eq(r.active_blocks_per_sm, s[0].blocks_to);
	ck_assert_int_gt(s[0].blocks_to, 4);
	for (int b = (int)s[0].to + 1; b < 16; b++) {
		t.barriers = b;
		occ_compute(a, &t, &r);
		ck_assert_int_eq(r.active_blocks_per_sm, 4);
	}
}
END_TEST

/* cudaOccMaxPotentialOccupancyBlockSize, cuda_occupancy.h (CUDA 13.0), default carveout. */
START_TEST(best_block_size)
{
	static const struct {
		int ma, mi, sms, regs;
		int64_t dyn;
		int block;
		int64_t grid;
	} c[] = {
		{ 8, 0, 108, 32, 0, 1024, 216 },
		{ 8, 0, 108, 64, 0, 1024, 108 },
		{ 8, 0, 108, 255, 0, 256, 108 },
		{ 9, 0, 132, 80, 0, 768, 132 },
		{ 9, 0, 132, 40, 49152, 768, 264 },
		{ 7, 5, 40, 64, 0, 1024, 40 },
		{ 7, 5, 40, 40, 8192, 1024, 40 },
		{ 8, 6, 82, 72, 0, 896, 82 },
		{ 3, 7, 13, 100, 0, 384, 39 },
		{ 12, 0, 48, 96, 20000, 640, 48 },
		{ 6, 0, 56, 168, 0, 384, 56 },
	};

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		struct occ_input in = { 256, c[i].regs, 0, c[i].dyn, DEF, 1, 0, 0, 0, false, 0, 0 };
		int block = 0;
		int64_t grid = 0;
		tuning_best_block_size(arch(c[i].ma, c[i].mi), c[i].sms, &in, &block, &grid);
		ck_assert_msg(block == c[i].block && grid == c[i].grid,
			      "case %zu: block %d grid %lld, calculator %d %lld", i, block,
			      (long long)grid, c[i].block, (long long)c[i].grid);
	}
}
END_TEST

/* ---- every search against a plain one */

enum { MAX_VISITS = 4096 };

/* The values a search of p visits from `from`, in order (dir -1: down, +1:
 * up), written out from their definition: multiples of the warp size for the
 * block size, from 1; every register and barrier count from 0; for shared
 * memory the most bytes each number of allocation units holds (k x unit -
 * the driver's reserve), and going down 0, going up the opt-in maximum. The
 * walk stops at once where its first value is past the maximum. */
static int visits(const struct gpu_arch *a, enum occ_param p, int64_t from, int dir,
		  int64_t out[MAX_VISITS])
{
	int64_t unit = p == OCC_PARAM_THREADS ? a->warp_size : p == OCC_PARAM_SHARED_MEM ?
		a->smem_alloc_unit_bytes : 1;
	int64_t res = p == OCC_PARAM_SHARED_MEM ? a->smem_reserved_per_block_bytes : 0;
	int64_t max = p == OCC_PARAM_THREADS ? a->max_threads_per_block : p == OCC_PARAM_REGISTERS ?
		a->max_regs_per_thread : p == OCC_PARAM_SHARED_MEM ? a->smem_per_block_optin_bytes : 16;
	int64_t min = p == OCC_PARAM_THREADS ? 1 : 0;
	int n = 0;

	if (dir < 0) {
		for (int64_t k = (from + res) / unit + 1; k >= 0 && n < MAX_VISITS; k--) {
			int64_t v = k * unit - res;
			if (v < from && v >= min)
				out[n++] = v;
		}
		if (p == OCC_PARAM_SHARED_MEM && from > 0 && (n == 0 || out[n - 1] != 0))
			out[n++] = 0;
		return n > 0 && out[0] > max ? 0 : n;
	}
	for (int64_t k = (from + res) / unit; n < MAX_VISITS; k++) {
		int64_t v = k * unit - res;
		if (v > max)
			break;
		if (v > from)
			out[n++] = v;
	}
	if (p == OCC_PARAM_SHARED_MEM && from < max && (n == 0 || out[n - 1] != max))
		out[n++] = max;
	return n;
}

static int warps_at(const struct gpu_arch *a, const struct occ_input *in, enum occ_param p,
		    int64_t v, int *blocks)
{
	struct occ_input t = *in;
	struct occ_result r;

	occ_param_set(&t, (enum occ_param)p, v);
	occ_compute(a, &t, &r);
	*blocks = r.active_blocks_per_sm;
	return r.active_warps_per_sm;
}

/* The step tuning_steps should give, by trying every visited value. */
static struct tuning_step plain_step(const struct gpu_arch *a, const struct occ_input *in,
				     const struct occ_result *r, enum occ_factor f, enum occ_param p)
{
	static int64_t down[MAX_VISITS], up[MAX_VISITS];
	struct tuning_step s = { .factor = f, .param = p };
	int nd, nu, blocks;

	s.from = s.to = s.headroom_to = occ_param_get(in, (enum occ_param)p);
	s.blocks_from = s.blocks_to = r->active_blocks_per_sm;
	s.warps_from = s.warps_to = r->active_warps_per_sm;
	nd = visits(a, p, s.from, -1, down);
	nu = visits(a, p, s.from, +1, up);
	if (r->active_warps_per_sm < r->max_warps_per_sm) {
		for (int i = 0; i < nd && !s.has_gain; i++) {
			int w = warps_at(a, in, p, down[i], &blocks);
			if (w > s.warps_from)
				s = (struct tuning_step){ f, p, true, s.from, down[i], s.blocks_from, blocks,
							  s.warps_from, w, false, 0 };
		}
		for (int i = 0; p == OCC_PARAM_THREADS && i < nu; i++) {
			int w;
			if (s.has_gain && up[i] - s.from >= s.from - s.to)
				break;
			w = warps_at(a, in, p, up[i], &blocks);
			if (w > s.warps_from) {
				s = (struct tuning_step){ f, p, true, s.from, up[i], s.blocks_from, blocks,
							  s.warps_from, w, false, 0 };
				break;
			}
		}
	}
	s.headroom_to = s.from;
	for (int i = 0; i < nu && warps_at(a, in, p, up[i], &blocks) == s.warps_from; i++)
		s.headroom_to = up[i];
	s.has_headroom = s.headroom_to > s.from;
	return s;
}

static bool same_step(const struct tuning_step *x, const struct tuning_step *y)
{
	return x->factor == y->factor && x->param == y->param && x->has_gain == y->has_gain &&
	       x->from == y->from && x->to == y->to && x->blocks_from == y->blocks_from &&
	       x->blocks_to == y->blocks_to && x->warps_from == y->warps_from &&
	       x->warps_to == y->warps_to && x->has_headroom == y->has_headroom &&
	       x->headroom_to == y->headroom_to;
}

/* tuning_steps goes a step of the curve at a time; every value visited one
 * by one must give the same steps: on every architecture, NVIDIA and AMD,
 * with launches bound by each factor, by several at once (where no single
 * change gains), at the ends of the ranges and with a report's driver-chosen
 * shared-memory configuration. tuning_gains gives the same steps without
 * the headroom (the launch's value). */
START_TEST(steps_as_visiting_every_value)
{
	static const int threads[] = { 32, 100, 256, 640, 1024 };
	static const int regs[] = { 0, 24, 40, 64, 128, 255 };
	static const int64_t smem[] = { 0, 1000, 20000, 49152, 100000, 200000 };
	long compared = 0;

	for (int vendor = 0; vendor < 2; vendor++)
	for (size_t i = 0; i < (vendor ? gpu_db_amd_arch_count(db) : gpu_db_arch_count(db)); i += 1 + vendor)
	for (int variant = 0; variant < ARCH_N_VARIANTS; variant++) {
		struct gpu_arch a;
		int64_t measured;
		if (!arch_variant(vendor, i, variant, &a, &measured))
			continue;
		for (size_t t = 0; t < sizeof(threads) / sizeof(threads[0]); t++)
		for (size_t g = 0; g < sizeof(regs) / sizeof(regs[0]); g++)
		for (size_t m = 0; m < sizeof(smem) / sizeof(smem[0]); m++) {
			struct occ_input in = { threads[t], regs[g], m % 2 ? 512 : 0, smem[m],
						(int)(t + m) % 3 ? DEF : 25 * (int)g, (int)(t + g + m) % 5 * 3, 0,
						vendor ? (int)g % 2 * 64 : 0, vendor ? 16 + 8 * (int)m : 0, false, 0, 0 };
			struct tuning_step got[OCC_N_FACTORS], gains[OCC_N_FACTORS];
			struct occ_result r;
			int n;

			in = variant_input(in, measured);

			if (in.threads_per_block > a.max_threads_per_block || in.regs_per_thread > a.max_regs_per_thread ||
			    in.static_smem_bytes + in.dynamic_smem_bytes > a.smem_per_block_optin_bytes)
				continue;
			occ_compute(&a, &in, &r);
			n = tuning_steps(&a, &in, &r, got);
			ck_assert_int_eq(tuning_gains(&a, &in, &r, gains), n);
			for (int k = 0; k < n; k++) {
				struct tuning_step want = plain_step(&a, &in, &r, got[k].factor, got[k].param);
				struct tuning_step no_headroom = want;

				no_headroom.has_headroom = false;
				no_headroom.headroom_to = want.from;
				ck_assert_msg(same_step(&gains[k], &no_headroom), "%s %d threads: tuning_gains",
					      a.arch, in.threads_per_block);
				if (!same_step(&got[k], &want))
					ck_abort_msg("%s %d threads %d regs %lld B bar %d, %s: gain %d %lld -> %lld "
						     "(%d warps), headroom %d %lld; visiting every value: gain %d "
						     "%lld -> %lld (%d), headroom %d %lld", a.arch, in.threads_per_block,
						     in.regs_per_thread, (long long)(in.static_smem_bytes + in.dynamic_smem_bytes),
						     in.barriers, tuning_param_label(&a, got[k].param), got[k].has_gain,
						     (long long)got[k].from, (long long)got[k].to, got[k].warps_to,
						     got[k].has_headroom, (long long)got[k].headroom_to, want.has_gain,
						     (long long)want.from, (long long)want.to, want.warps_to,
						     want.has_headroom, (long long)want.headroom_to);
				compared++;
			}
		}
	}
	ck_assert_int_gt(compared, 5000);
}
END_TEST

/* Each family's words: an MI300X's next step turns VGPRs, not registers. */
START_TEST(param_labels)
{
	const struct gpu_arch *h100 = arch(9, 0), *mi300x = gpu_db_find_target(db, "gfx942");

	ck_assert_ptr_nonnull(mi300x);
	ck_assert_str_eq(tuning_param_label(h100, OCC_PARAM_THREADS), "block size");
	ck_assert_str_eq(tuning_param_label(h100, OCC_PARAM_REGISTERS), "registers");
	ck_assert_str_eq(tuning_param_label(h100, OCC_PARAM_SHARED_MEM), "shared memory");
	ck_assert_str_eq(tuning_param_label(h100, OCC_PARAM_BARRIERS), "barriers");
	ck_assert_str_eq(tuning_param_label(mi300x, OCC_PARAM_THREADS), "workgroup size");
	ck_assert_str_eq(tuning_param_label(mi300x, OCC_PARAM_REGISTERS), "VGPRs");
	ck_assert_str_eq(tuning_param_label(mi300x, OCC_PARAM_SHARED_MEM), "LDS");
}
END_TEST

/* cudaOccMaxPotentialBlockSize's loop as it is written, occ_compute at
 * every block size from the largest (the maximum, a warp multiple or not)
 * down by a warp, the most resident threads, the larger size on a tie,
 * ending where every thread slot is filled: the reference that the
 * engine's sweep (tuning_best_block_size) must give on every family. */
static void plain_best(const struct gpu_arch *a, const struct occ_input *in, int *block, int *blocks)
{
	int64_t best = 0;
	int top = (a->max_threads_per_block + a->warp_size - 1) / a->warp_size * a->warp_size;

	*block = *blocks = 0;
	for (int size = top; size > 0; size -= a->warp_size) {
		struct occ_input t = *in;
		struct occ_result r;

		t.threads_per_block = size < a->max_threads_per_block ? size : a->max_threads_per_block;
		occ_compute(a, &t, &r);
		if ((int64_t)r.active_blocks_per_sm * t.threads_per_block > best) {
			best = (int64_t)r.active_blocks_per_sm * t.threads_per_block;
			*block = t.threads_per_block;
			*blocks = r.active_blocks_per_sm;
		}
		if (best == a->max_threads_per_sm)
			break;
	}
}

/* Every NVIDIA architecture and AMD target (TeraScale's too), and each with
 * its largest block size moved off the warp grid (1000 of 1024: the
 * largest size tried alone first, then the warp multiples below), over
 * launches that fill the SM at the largest size and launches that do not. */
START_TEST(best_block_size_every_family)
{
	static const struct occ_input launches[] = {
		{ 256, 32, 0, 0, DEF, 1, 0, 0, 0, false, 0, 0 },
		{ 256, 72, 0, 20000, DEF, 1, 0, 0, 0, false, 0, 0 },
		{ 128, 168, 4096, 0, DEF, 2, 0, 0, 0, false, 0, 0 },
		{ 64, 96, 20480, 0, DEF, 0, 64, 32, 96, false, 0, 0 },
		{ 64, 40, 0, 0, DEF, 0, 32, 0, 40, false, 0, 0 },
	};
	int checked = 0;

	for (int amd = 0; amd < 2; amd++)
	for (size_t i = 0; i < (amd ? gpu_db_amd_arch_count(db) : gpu_db_arch_count(db)); i++)
	for (int odd = 0; odd < 2; odd++) {
		struct gpu_arch a = *(amd ? gpu_db_amd_arch_at(db, i) : gpu_db_arch_at(db, i));

		if (odd) {
			if (a.max_threads_per_block % a.warp_size || a.max_threads_per_block < 1000)
				continue;
			a.max_threads_per_block = 1000;
			a.amd.max_workgroup_size = 1000;
		}
		for (size_t l = 0; l < sizeof(launches) / sizeof(launches[0]); l++) {
			int block, want_block, want_blocks;
			int64_t grid;

			plain_best(&a, &launches[l], &want_block, &want_blocks);
			tuning_best_block_size(&a, 100, &launches[l], &block, &grid);
			ck_assert_msg(block == want_block && grid == (int64_t)want_blocks * 100,
				      "%s%s launch %zu: block %d grid %lld, plain loop %d %lld", a.arch,
				      odd ? " (max 1000)" : "", l, block, (long long)grid, want_block,
				      (long long)want_blocks * 100);
			checked++;
		}
	}
	ck_assert_int_gt(checked, 300);
}
END_TEST

/* The block sizes weighed once per launch (tuning_sizes_same_warps) and
 * the waves at a grid from them give what the whole sweep at that grid
 * gives, on every device of the database. */
START_TEST(block_sizes_waves_among_same)
{
	static const struct occ_input launches[] = {
		{ 256, 32, 0, 0, DEF, 1, 0, 0, 0, false, 0, 0 },
		{ 256, 72, 0, 20000, DEF, 1, 0, 0, 0, false, 0, 0 },
		{ 128, 168, 4096, 0, DEF, 2, 0, 0, 0, false, 0, 0 },
		{ 64, 96, 20480, 0, DEF, 0, 64, 32, 96, false, 0, 0 },
		{ 64, 40, 0, 0, DEF, 0, 32, 0, 40, false, 0, 0 },
	};
	static const int64_t grids[] = { 1000, 4097, 100003 };
	int found = 0;

	for (size_t d = 0; d < gpu_db_device_count(db); d++) {
		struct gpu g;

		ck_assert(gpu_db_device_at(db, d, &g));
		for (size_t l = 0; l < sizeof(launches) / sizeof(launches[0]); l++) {
			struct occ_result r;
			struct tuning_sizes sizes;
			struct sched s;

			occ_compute(&g.arch, &launches[l], &r);
			if (r.active_blocks_per_sm == 0 || g.sm_count == 0)
				continue;
			sched_plain(&s, g.sm_count, r.active_blocks_per_sm);
			tuning_sizes_same_warps(&g.arch, &launches[l], &r, &sizes);
			ck_assert_int_ge(sizes.n, 0);
			for (size_t k = 0; k < sizeof(grids) / sizeof(grids[0]); k++) {
				struct tuning_block_size want[3], got[3], swept[3];
				struct waves w;
				int n_want, n_got, n_swept;

				waves_compute_sched(&r, &s, grids[k], &w);
				n_want = tuning_block_sizes_waves(&g, &s, &launches[l], &r, grids[k], &w,
								  want, 3);
				n_got = tuning_block_sizes_waves_among(&g, &s, &launches[l], &r, &sizes,
								       grids[k], &w, got, 3);
				n_swept = tuning_block_sizes_waves_among(&g, &s, &launches[l], &r, NULL,
									 grids[k], &w, swept, 3);
				ck_assert_msg(n_got == n_want && n_swept == n_want, "%s launch %zu grid %lld",
					      g.name, l, (long long)grids[k]);
				for (int i = 0; i < n_want; i++) {
					ck_assert_int_eq(got[i].threads_per_block, want[i].threads_per_block);
					ck_assert_int_eq(swept[i].threads_per_block, want[i].threads_per_block);
					ck_assert(got[i].waves == want[i].waves && got[i].busy_pct == want[i].busy_pct);
					ck_assert(got[i].w.blocks_per_wave == want[i].w.blocks_per_wave);
				}
				found += n_want;
			}
		}
	}
	ck_assert_int_gt(found, 100);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("tuning");
	TCase *tc = tcase_create("tuning");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, register_step_a100);
	tcase_add_test(tc, register_steps_recomputed);
	tcase_add_test(tc, shared_memory_step_a100);
	tcase_add_test(tc, two_limiters_no_single_gain);
	tcase_add_test(tc, barrier_step);
	tcase_add_test(tc, best_block_size);
	tcase_add_test(tc, best_block_size_every_family);
	tcase_add_test(tc, param_labels);
	tcase_add_test(tc, steps_as_visiting_every_value);
	tcase_add_test(tc, block_sizes_waves_among_same);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(suite());
}
