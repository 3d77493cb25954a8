/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_analysis_memo.c - an analysis taken partly from the memo equals a fresh one field by field, and a launch that differs in any field the analysis reads misses. */
#include "config.h"

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "analysis.h"
#include "analysis_memo.h"
#include "engine.h"
#include "gpu.h"
#include "launch.h"
#include "testutil.h"

static uint64_t xorshift(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* Two analyses alike in everything an output reads: the results byte for
 * byte, each finding's fields, parameters and composed text. */
static void same(const struct analysis *x, const struct analysis *y, const char *what)
{
	char tx[2048], ty[2048];

	ck_assert_msg(x->ok == y->ok, "%s: ok", what);
	ck_assert_msg(memcmp(&x->error, &y->error, sizeof(x->error)) == 0, "%s: error", what);
	ck_assert_msg(memcmp(&x->in, &y->in, sizeof(x->in)) == 0, "%s: input", what);
	ck_assert_msg(memcmp(&x->r, &y->r, sizeof(x->r)) == 0, "%s: occupancy", what);
	ck_assert_msg(memcmp(&x->w, &y->w, sizeof(x->w)) == 0, "%s: waves", what);
	ck_assert_msg(memcmp(&x->cl, &y->cl, sizeof(x->cl)) == 0, "%s: clusters", what);
	ck_assert_msg(memcmp(&x->sched, &y->sched, sizeof(x->sched)) == 0, "%s: sched", what);
	ck_assert_msg(x->has_findings == y->has_findings, "%s: has_findings", what);
	ck_assert_msg(x->best_block_size == y->best_block_size, "%s: best block size", what);
	ck_assert_msg(x->min_grid_full_occupancy == y->min_grid_full_occupancy, "%s: min grid", what);
	ck_assert_msg(x->n_findings == y->n_findings, "%s: %d findings, %d", what, x->n_findings,
		      y->n_findings);
	for (int i = 0; i < x->n_findings; i++) {
		const struct finding *f = &x->findings[i], *g = &y->findings[i];

		ck_assert_msg(strcmp(f->id, g->id) == 0, "%s: finding %d %s, %s", what, i, f->id, g->id);
		ck_assert_msg(f->severity == g->severity, "%s: %s severity", what, f->id);
		ck_assert_msg(strcmp(f->title, g->title) == 0, "%s: %s title", what, f->id);
		ck_assert_msg(strcmp(f->text, g->text) == 0, "%s: %s text", what, f->id);
		ck_assert_msg(f->text_omitted == g->text_omitted, "%s: %s omitted", what, f->id);
		ck_assert_msg(f->n_params == g->n_params && f->n_fmts == g->n_fmts &&
			      f->n_words == g->n_words, "%s: %s parameters", what, f->id);
		for (int k = 0; k < f->n_params; k++) {
			const struct rules_param *p = &f->params[k], *q = &g->params[k];

			/* by kind: the padding and a word's unused half are not kept */
			ck_assert_msg(p->kind == q->kind, "%s: %s parameter %d kind", what, f->id, k);
			ck_assert_msg(p->kind == 's' ? p->v.at == q->v.at :
				      p->kind == 'f' ? memcmp(&p->v.f, &q->v.f, sizeof(p->v.f)) == 0 :
				      p->v.i == q->v.i, "%s: %s parameter %d", what, f->id, k);
		}
		ck_assert_msg(memcmp(f->fmts, g->fmts, f->n_fmts * sizeof(f->fmts[0])) == 0,
			      "%s: %s formats", what, f->id);
		ck_assert_msg(memcmp(f->words, g->words, f->n_words) == 0, "%s: %s words", what, f->id);
		ck_assert_msg(f->cache == g->cache, "%s: %s format cache", what, f->id);
		ck_assert_str_eq(rules_finding_text(f, tx, sizeof(tx)), rules_finding_text(g, ty, sizeof(ty)));
	}
}

/* Fresh (no memo) into fresh, through m into memo; the same, and whether m
 * had it. The memo's analysis keeps its formats where it is (a->fmts is
 * where PARAMS findings point). */
static bool both_stamped(struct analysis *fresh, struct analysis *memo, struct analysis_memo *m,
			 const struct launch *l, const struct gpu *g, uint64_t stamp, int findings,
			 const char *what)
{
	long h0, m0, h1, m1;

	analysis_memo_counts(m, &h0, &m0);
	analysis_compute(fresh, l, g, -1, "k.csv", 3, findings);
	analysis_compute_memo(memo, m, l, g, stamp, NULL, -1, "k.csv", 3, findings);
	analysis_memo_counts(m, &h1, &m1);
	/* The formats' cache is each analysis's own: the findings point at it. */
	for (int i = 0; i < fresh->n_findings; i++)
		if (fresh->findings[i].cache == &fresh->fmts)
			fresh->findings[i].cache = &memo->fmts;
	same(fresh, memo, what);
	/* asked once where there are findings and the grid passes (a launch
	 * refused for another value is asked, and not kept) */
	ck_assert_msg(h1 + m1 == h0 + m0 + (findings != ANALYSIS_NO_FINDINGS &&
					    launch_grid_checks_pass(l) ? 1 : 0),
		      "%s: asked once", what);
	return h1 > h0;
}

static bool both(struct analysis *fresh, struct analysis *memo, struct analysis_memo *m,
		 const struct launch *l, const struct gpu *g, int findings, const char *what)
{
	return both_stamped(fresh, memo, m, l, g, 0, findings, what);
}

static struct analysis fresh_a, memo_a;

static void amd_launch(struct launch *l, int threads, int vgprs, int sgprs, int64_t lds,
		       int64_t grid)
{
	launch_init_unnamed(l);
	l->block[0] = threads;
	l->block[1] = l->block[2] = 1;
	l->grid[0] = grid;
	l->grid[1] = l->grid[2] = 1;
	l->regs_per_thread = vgprs;
	l->sgprs = sgprs;
	l->static_smem_bytes = lds;
	l->dynamic_smem_bytes = 0;
}

/* Launches from a small pool at many grids, on every device of the
 * database, in each way the findings are asked for: the second time a
 * launch comes it is a hit, and equal to a fresh analysis. */
START_TEST(hits_same_as_fresh)
{
	static const int modes[] = { ANALYSIS_NO_FINDINGS, ANALYSIS_FINDINGS,
				     ANALYSIS_FINDING_TITLES, ANALYSIS_FINDING_PARAMS };
	uint64_t seed = 0x5eed2025ull;
	long hits = 0, asked = 0;

	for (size_t d = 0; d < gpu_db_device_count(db); d++) {
		struct analysis_memo *m = analysis_memo_new();
		struct launch pool[6];
		struct gpu g;

		ck_assert_ptr_nonnull(m);
		ck_assert(gpu_db_device_at(db, d, &g));
		for (int p = 0; p < 6; p++) {
			amd_launch(&pool[p], 32 * (1 + (int)(xorshift(&seed) % 32)),
				   8 * (1 + (int)(xorshift(&seed) % 16)), (int)(xorshift(&seed) % 100),
				   (int64_t)(xorshift(&seed) % 4) * 8192, 1);
			if (g.arch.vendor == GPU_NVIDIA) {
				pool[p].sgprs = 0;
				pool[p].cluster_size = g.arch.cc_major >= 9 && p % 2 ? 2 : 0;
			}
		}
		for (int k = 0; k < 48; k++) {
			struct launch l = pool[xorshift(&seed) % 6];
			int mode = modes[xorshift(&seed) % 4];
			char what[160];

			l.grid[0] = 1 + (int64_t)(xorshift(&seed) % 5000);
			snprintf(what, sizeof(what), "%s, launch %d, mode %d", g.name, k, mode);
			hits += both(&fresh_a, &memo_a, m, &l, &g, mode, what);
			asked++;
		}
		analysis_memo_free(m);
	}
	/* 18 keys (6 launches, 3 ways with findings) in 48 asks per device, a
	 * quarter of them without findings (never kept), fewer where a launch
	 * is refused */
	ck_assert_msg(hits > asked / 3, "%ld hits of %ld", hits, asked);
}
END_TEST

/* A launch analysed once is a hit the second time at another grid; with
 * any field the analysis reads changed, a miss, and still the fresh
 * analysis. */
START_TEST(changed_field_misses)
{
	struct analysis_memo *m = analysis_memo_new();
	struct gpu mi300x, h100, fewer;
	struct occ_error err = { 0 };
	struct launch base, l;

	ck_assert(gpu_db_find(db, "MI300X", &mi300x, &err));
	ck_assert(gpu_db_find(db, "H100 SXM", &h100, &err));
	/* rocprof's row 0 of bench/gen_ncu.py's template launch: 256 work-items,
	 * 12 VGPRs, 16 SGPRs, 16 bytes of LDS */
	amd_launch(&base, 256, 12, 16, 16, 8388608 / 256);
	ck_assert(!both(&fresh_a, &memo_a, m, &base, &mi300x, ANALYSIS_FINDING_PARAMS, "first"));
	l = base;
	l.grid[0] = 7;
	ck_assert(both(&fresh_a, &memo_a, m, &l, &mi300x, ANALYSIS_FINDING_PARAMS, "other grid"));
	ck_assert(!both(&fresh_a, &memo_a, m, &l, &mi300x, ANALYSIS_FINDINGS, "other mode"));
#define MISSES(field, value) do { \
		l = base; \
		l.field = (value); \
		ck_assert_msg(!both(&fresh_a, &memo_a, m, &l, &mi300x, ANALYSIS_FINDING_PARAMS, #field), \
			      #field " changed: a hit"); \
	} while (0)
	MISSES(block[0], 128);
	MISSES(block[1], 2);
	MISSES(regs_per_thread, 13);
	MISSES(sgprs, 17);
	MISSES(agprs, 4);
	MISSES(static_smem_bytes, 17);
	MISSES(dynamic_smem_bytes, 1);
	MISSES(wave_size, 32);
	MISSES(barriers, 2);
	MISSES(sms, 100);
	MISSES(xcds, 4);
#undef MISSES
	/* A hit is launch_check's answer too: at a grid of no block, or past
	 * z's limit, the grid's error as a fresh check gives it. */
	l = base;
	l.grid[0] = 0;
	ck_assert(!both(&fresh_a, &memo_a, m, &l, &mi300x, ANALYSIS_FINDING_PARAMS, "no grid"));
	ck_assert(!memo_a.ok);
	ck_assert_str_eq(memo_a.error.field, "grid");
	l.grid[0] = 1;
	l.grid[2] = 65536;
	ck_assert(!both(&fresh_a, &memo_a, m, &l, &mi300x, ANALYSIS_FINDING_PARAMS, "grid z"));
	ck_assert(!memo_a.ok);
	/* A launch refused for its LDS (more than MI300X's 64 KiB): never
	 * kept, refused with the fresh check's message each time. */
	l = base;
	l.static_smem_bytes = 98304;
	for (int k = 0; k < 2; k++) {
		ck_assert(!both(&fresh_a, &memo_a, m, &l, &mi300x, ANALYSIS_FINDING_PARAMS, "LDS"));
		ck_assert(!memo_a.ok);
		ck_assert_str_eq(memo_a.error.field, "static_shared_mem");
	}
	/* another GPU, and the same with fewer units (a report's own count) */
	ck_assert(!both(&fresh_a, &memo_a, m, &base, &h100, ANALYSIS_FINDING_PARAMS, "H100"));
	fewer = mi300x;
	fewer.sm_count = 228;
	ck_assert(!both(&fresh_a, &memo_a, m, &base, &fewer, ANALYSIS_FINDING_PARAMS, "228 CUs"));
	ck_assert(both(&fresh_a, &memo_a, m, &base, &mi300x, ANALYSIS_FINDING_PARAMS, "back"));
	/* NVIDIA's own: carveout, cache config and clusters */
	l = base;
	l.sgprs = 0;
	ck_assert(!both(&fresh_a, &memo_a, m, &l, &h100, ANALYSIS_FINDINGS, "H100 plain"));
	l.carveout_pct = 50;
	ck_assert(!both(&fresh_a, &memo_a, m, &l, &h100, ANALYSIS_FINDINGS, "carveout"));
	l.cluster_size = 2;
	ck_assert(!both(&fresh_a, &memo_a, m, &l, &h100, ANALYSIS_FINDINGS, "cluster"));
	l.grid[0] = 1000;
	ck_assert(both(&fresh_a, &memo_a, m, &l, &h100, ANALYSIS_FINDINGS, "cluster again"));
	/* a grid the cluster does not divide: CUDA's refusal, not the memo's
	 * launch */
	l.grid[0] = 1001;
	ck_assert(!both(&fresh_a, &memo_a, m, &l, &h100, ANALYSIS_FINDINGS, "cluster, odd grid"));
	ck_assert(!memo_a.ok);
	ck_assert_str_eq(memo_a.error.field, "cluster_size");
	analysis_memo_free(m);
}
END_TEST

/* A GPU known by its stamp is found without comparing it; the same GPU
 * under another stamp, or none, is still found, and another GPU under a
 * new stamp is not: each analysis the fresh one. */
START_TEST(stamped_gpus)
{
	struct analysis_memo *m = analysis_memo_new();
	struct gpu mi300x, h100;
	struct occ_error err = { 0 };
	struct launch l;

	ck_assert(gpu_db_find(db, "MI300X", &mi300x, &err));
	ck_assert(gpu_db_find(db, "H100 SXM", &h100, &err));
	amd_launch(&l, 256, 12, 16, 16, 32768);
	ck_assert(!both_stamped(&fresh_a, &memo_a, m, &l, &mi300x, 1, ANALYSIS_FINDINGS, "first"));
	l.grid[0] = 7;
	ck_assert(both_stamped(&fresh_a, &memo_a, m, &l, &mi300x, 1, ANALYSIS_FINDINGS, "stamp 1"));
	ck_assert(both_stamped(&fresh_a, &memo_a, m, &l, &mi300x, 2, ANALYSIS_FINDINGS, "stamp 2"));
	ck_assert(both_stamped(&fresh_a, &memo_a, m, &l, &mi300x, 0, ANALYSIS_FINDINGS, "none"));
	l.sgprs = 0;
	ck_assert(!both_stamped(&fresh_a, &memo_a, m, &l, &h100, 3, ANALYSIS_FINDINGS, "H100"));
	ck_assert(both_stamped(&fresh_a, &memo_a, m, &l, &h100, 3, ANALYSIS_FINDINGS, "H100 again"));
	l.sgprs = 16;
	ck_assert(both_stamped(&fresh_a, &memo_a, m, &l, &mi300x, 2, ANALYSIS_FINDINGS, "back"));
	analysis_memo_free(m);
}
END_TEST

/* An analysis keeps its GPU copy only on its caller's word (held) that the
 * copy is of the GPU of this stamp, and copies it for anything else: no
 * word, another stamp, none, or a word of 0 over stale bytes (a malloc'd
 * analysis's). *held follows what the copy is of. */
START_TEST(gpu_copy_kept_on_the_callers_word)
{
	static struct analysis a;
	struct gpu mi300x, h100;
	struct occ_error err = { 0 };
	struct launch l;
	uint64_t held = 0;

	ck_assert(gpu_db_find(db, "MI300X", &mi300x, &err));
	ck_assert(gpu_db_find(db, "H100 SXM", &h100, &err));
	amd_launch(&l, 256, 12, 16, 16, 32768);
	/* stale bytes that a stamp in the struct could have matched */
	memset(&a, 1, sizeof(a));
	analysis_compute_memo(&a, NULL, &l, &mi300x, 5, &held, -1, "k.csv", 3, ANALYSIS_FINDINGS);
	ck_assert(a.ok);
	ck_assert_str_eq(a.gpu.name, mi300x.name);
	ck_assert_int_eq(held, 5);
	/* kept: a mark left in the copy stays */
	a.gpu.segment[0] = '!';
	analysis_compute_memo(&a, NULL, &l, &mi300x, 5, &held, -1, "k.csv", 3, ANALYSIS_FINDINGS);
	ck_assert_int_eq(a.gpu.segment[0], '!');
	ck_assert_int_eq(held, 5);
	/* no word: copied */
	analysis_compute_memo(&a, NULL, &l, &mi300x, 5, NULL, -1, "k.csv", 3, ANALYSIS_FINDINGS);
	ck_assert_str_eq(a.gpu.segment, mi300x.segment);
	a.gpu.segment[0] = '!';
	/* a GPU the session does not hold (stamp 0): copied, and no word after */
	analysis_compute_memo(&a, NULL, &l, &mi300x, 0, &held, -1, "k.csv", 3, ANALYSIS_FINDINGS);
	ck_assert_str_eq(a.gpu.segment, mi300x.segment);
	ck_assert_int_eq(held, 0);
	l.sgprs = 0;
	analysis_compute_memo(&a, NULL, &l, &h100, 6, &held, -1, "k.csv", 3, ANALYSIS_FINDINGS);
	ck_assert_str_eq(a.gpu.name, h100.name);
	ck_assert_int_eq(a.gpu.arch.vendor, GPU_NVIDIA);
	ck_assert_int_eq(held, 6);
	/* another stamp: copied */
	l.sgprs = 16;
	analysis_compute_memo(&a, NULL, &l, &mi300x, 5, &held, -1, "k.csv", 3, ANALYSIS_FINDINGS);
	ck_assert_str_eq(a.gpu.name, mi300x.name);
	ck_assert_int_eq(held, 5);
}
END_TEST

/* n distinct launches on MI300X, each at its own grid, analysed through m
 * twice over, each the same as a fresh analysis. */
static void twice_distinct(struct analysis_memo *m, int n)
{
	struct gpu g;
	struct occ_error err = { 0 };

	ck_assert(gpu_db_find(db, "MI300X", &g, &err));
	for (int pass = 0; pass < 2; pass++)
		for (int k = 0; k < n; k++) {
			struct launch l;
			char what[64];

			amd_launch(&l, 64 * (1 + k % 16), 8 + k / 16 % 64, 16, (int64_t)(k / 1024) * 4096,
				   1 + k % 997);
			snprintf(what, sizeof(what), "pass %d launch %d", pass, k);
			both(&fresh_a, &memo_a, m, &l, &g, ANALYSIS_FINDING_PARAMS, what);
		}
}

/* n distinct launches through a new memo, twice over (twice_distinct):
 * each asked once a pass; the hits. */
static long hits_twice(int n)
{
	struct analysis_memo *m = analysis_memo_new();
	long hits, misses;

	twice_distinct(m, n);
	analysis_memo_counts(m, &hits, &misses);
	ck_assert_int_eq(hits + misses, 2 * n);
	analysis_memo_free(m);
	return hits;
}

/* More distinct launches than the memo holds: the oldest are overwritten,
 * and every analysis, hit or miss, is still the fresh one. */
START_TEST(many_launches_wrap)
{
	/* more than the memo holds: the second pass finds the first's
	 * overwritten */
	ck_assert_int_lt(hits_twice(12000), 12000);
}
END_TEST

/* A report's distinct launches that fit the memo (a rocprof trace's
 * 4,000, each a few hundred bytes kept) are found when they come again,
 * next to none lost to another's place in the index. */
START_TEST(launches_that_fit_all_found)
{
	/* a fair hash leaves a launch or two to a full bucket (4,000 keys in
	 * 8,192 buckets of 4: two expected), a skewed one tens */
	ck_assert_int_ge(hits_twice(4000), 3995);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("analysis_memo");
	TCase *tc = tcase_create("analysis_memo");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, hits_same_as_fresh);
	tcase_add_test(tc, changed_field_misses);
	tcase_add_test(tc, stamped_gpus);
	tcase_add_test(tc, gpu_copy_kept_on_the_callers_word);
	tcase_add_test(tc, many_launches_wrap);
	tcase_add_test(tc, launches_that_fit_all_found);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(suite());
}
