/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* diff.c - the regression gate: kernels of two reports matched by name and
 * architecture (sorted, then merged), analysed with the occupancy engine,
 * and the registers to the next occupancy step found by sweeping them
 * (occ_sweep), as the charts do. */
#include "config.h"

#include "diff.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "binary_launch.h"
#include "engine.h"
#include "import_amdgpu.h"
#include "occupancy.h"
#include "params.h"

static const char *const fail_names[DIFF_N_FAILS] = { "occupancy", "blocks", "spills",
						      "registers" };

const char *diff_fail_name(int i)
{
	return i >= 0 && i < DIFF_N_FAILS ? fail_names[i] : "";
}

bool diff_fail_parse(const char *list, unsigned *bits, const char **bad)
{
	const char *p = list;

	*bits = 0;
	while (*p) {
		size_t n = strcspn(p, ",");
		int i;

		for (i = 0; i < DIFF_N_FAILS; i++)
			if (strlen(fail_names[i]) == n && strncmp(p, fail_names[i], n) == 0)
				break;
		if (i == DIFF_N_FAILS) {
			*bad = p;
			return false;
		}
		*bits |= 1u << i;
		p += n;
		if (*p == ',')
			p++;
	}
	if (*bits == 0) {
		*bad = list;
		return false;
	}
	return true;
}

/* Registers a kernel may gain before it loses a block, and lose before it
 * gains one, each as the smallest change that moves blocks per SM: one
 * sweep of the register counts (occ_sweep, in runs of equal figures), the
 * nearest run above the kernel's count with fewer blocks and the nearest
 * below with more. */
enum { DIFF_RUNS = 128 };

static void steps(const struct gpu_arch *arch, const struct occ_input *in, struct diff_side *s)
{
	struct occ_run runs[DIFF_RUNS];
	int64_t regs = in->regs_per_thread, k = 0;
	/* Past every architecture's register file per thread (AMD: 512 VGPRs
	 * with AGPRs); no block fits there, which is losing one too. */
	const int64_t top = 1024;

	s->regs_to_lose = s->regs_to_gain = 0;
	if (s->blocks_per_sm <= 0)
		return;
	while (k < top && !s->regs_to_lose) {
		const struct occ_series rest = { 1 + k, 1, top - k };
		int n = occ_sweep(arch, in, OCC_PARAM_REGISTERS, &rest, runs, DIFF_RUNS);

		for (int i = 0; i < n && !s->regs_to_lose; i++) {
			int64_t from = 1 + k + (i > 0 ? runs[i - 1].to + 1 : 0), to = 1 + k + runs[i].to;
			int blocks = runs[i].b.active_blocks_per_sm;

			if (from < regs && blocks > s->blocks_per_sm)
				s->regs_to_gain = (int)(regs - (to < regs ? to : regs - 1));
			if (to > regs && blocks < s->blocks_per_sm)
				s->regs_to_lose = (int)((from > regs ? from : regs + 1) - regs);
		}
		k += n > 0 ? runs[n - 1].to + 1 : top;
	}
}

/* The architecture a kernel is matched on: the GPU's ("9.0", "gfx90a"),
 * else what the record says. */
static void arch_of(const struct gpu *g, const struct report_record *rec, char *out, size_t size)
{
	if (g)
		gpu_arch_cc_string(&g->arch, out, size);
	else if (rec->gfx_target[0])
		snprintf(out, size, "%.31s", rec->gfx_target);
	else if (rec->cc_major.present && rec->cc_minor.present)
		snprintf(out, size, "%lld.%lld", (long long)rec->cc_major.value,
			 (long long)rec->cc_minor.value);
	else
		out[0] = '\0';
}

/* Record rec of file analysed into s on the user's flags; a compiled
 * kernel's launch values neither it nor a flag gives are assumed as
 * everywhere else (binary_launch.h), the block size block_hint's where
 * that is not 0 (the other side's, so that both are compared at one). */
static void analyse(const struct gpu_db *db, const struct report_record *rec, const char *file,
		    const struct report_launch_given *user, int block_hint, struct diff_side *s,
		    char *arch, size_t arch_size)
{
	struct report_launch_given given = *user;
	struct launch fields, l;
	struct gpu gpu;
	enum report_gpu_source source;
	struct occ_error err = { 0 };
	struct occ_input in;
	struct occ_result r;
	const struct engine_words *words;

	memset(s, 0, sizeof(*s));
	s->present = true;
	s->spills = (struct report_int){ 0 };
	if (rec->vgpr_spills.present || rec->sgpr_spills.present)
		s->spills = (struct report_int){
			true, (rec->vgpr_spills.present ? rec->vgpr_spills.value : 0) +
				      (rec->sgpr_spills.present ? rec->sgpr_spills.value : 0)
		};
	s->scratch_bytes = rec->scratch_bytes;
	s->agprs = rec->accum_vgprs;
	s->sgprs = rec->sgprs;
	/* The grid: the user's, else one block. */
	if (user->launch)
		fields = *user->launch;
	else
		launch_init(&fields);
	if (!(given.fields & PARAM_BIT(PARAM_GRID)) && !rec->grid[0].present) {
		fields.grid[0] = 1;
		fields.grid[1] = fields.grid[2] = 1;
		given.fields |= PARAM_BIT(PARAM_GRID);
	}
	given.launch = &fields;
	if (rec->binary && report_choose_gpu(db, rec, given.gpu, file, &gpu, &source, &err)) {
		if (block_hint > 0 && !(given.fields & PARAM_BIT(PARAM_BLOCK)) &&
		    !rec->block[0].present) {
			fields.block[0] = block_hint;
			fields.block[1] = fields.block[2] = 1;
			given.fields |= PARAM_BIT(PARAM_BLOCK);
			s->assumed |= PARAM_BIT(PARAM_BLOCK);
		}
		s->assumed |= binary_launch_defaults(rec, &gpu, &fields, &given.fields);
	}
	err = (struct occ_error){ 0 };
	if (!report_launch(db, rec, &given, file, &l, &gpu, &source, &err) ||
	    /* the words the session says it in (session.c) */
	    (!(given.fields & PARAM_BIT(PARAM_WAVE_SIZE)) &&
	     !import_amdgpu_record_runs(rec, &gpu, file, &err)) ||
	    !launch_check(&l, &gpu, file, rec->line, &err)) {
		struct occ_error ignored = { 0 };

		occ_error_format(&err, s->why, sizeof(s->why));
		/* Matched by the GPU's architecture still, where one is known, so
		 * that it pairs with the other side's kernel. */
		arch_of(report_choose_gpu(db, rec, given.gpu, file, &gpu, &source, &ignored) ? &gpu
											     : NULL,
			rec, arch, arch_size);
		return;
	}
	arch_of(&gpu, rec, arch, arch_size);
	snprintf(s->gpu, sizeof(s->gpu), "%s", gpu.name);
	s->unit = gpu_unit(&gpu.arch);
	words = engine_words(&gpu.arch);
	s->registers_word = words->regs;
	s->register_word = words->reg;
	s->smem_word = words->smem;
	s->blocks_word = words->blocks;
	s->block_word = words->block;
	s->threads_word = words->threads;
	occ_input_from_launch(&l, &in);
	occ_compute(&gpu.arch, &in, &r);
	s->ok = true;
	s->registers = l.regs_per_thread;
	s->smem_bytes = l.static_smem_bytes + l.dynamic_smem_bytes;
	s->block_size = launch_threads_per_block(&l);
	s->blocks_per_sm = r.active_blocks_per_sm;
	s->occupancy_pct = r.theoretical_occupancy_pct;
	steps(&gpu.arch, &in, s);
}

/* ---- matching ----------------------------------------------------------- */

struct entry {
	const char *name;
	char arch[32];
	size_t index;           /* in its report */
	struct diff_side side;
};

static int by_key(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	if (c == 0)
		c = strcmp(x->arch, y->arch);
	if (c == 0)
		c = x->index < y->index ? -1 : x->index > y->index;
	return c;
}

static struct entry *entries(const struct gpu_db *db, const struct report *r, const char *file,
			     const struct report_launch_given *given)
{
	struct entry *e = calloc(r->n ? r->n : 1, sizeof(*e));

	if (!e)
		return NULL;
	for (size_t i = 0; i < r->n; i++) {
		const struct report_record *rec = &r->records[i];

		e[i].name = rec->name ? rec->name : rec->short_name;
		e[i].index = i;
		analyse(db, rec, file, given, 0, &e[i].side, e[i].arch, sizeof(e[i].arch));
	}
	qsort(e, r->n, sizeof(*e), by_key);
	return e;
}

static bool same_key(const struct entry *a, const struct entry *b)
{
	return strcmp(a->name, b->name) == 0 && strcmp(a->arch, b->arch) == 0;
}

static bool worse_spills(const struct diff_side *o, const struct diff_side *n)
{
	if (o->spills.present && n->spills.present && n->spills.value > o->spills.value)
		return true;
	return o->scratch_bytes.present && n->scratch_bytes.present &&
	       n->scratch_bytes.value > o->scratch_bytes.value;
}

static void judge(struct diff_kernel *k, unsigned fail_on)
{
	const struct diff_side *o = &k->old, *n = &k->new;

	if (!o->present) {
		k->status = n->ok ? DIFF_ADDED : DIFF_ERROR;
		return;
	}
	if (!n->present) {
		k->status = o->ok ? DIFF_REMOVED : DIFF_ERROR;
		return;
	}
	if (!o->ok || !n->ok) {
		k->status = DIFF_ERROR;
		return;
	}
	if (n->occupancy_pct < o->occupancy_pct)
		k->worse |= DIFF_FAIL_OCCUPANCY;
	if (n->blocks_per_sm < o->blocks_per_sm)
		k->worse |= DIFF_FAIL_BLOCKS;
	if (worse_spills(o, n))
		k->worse |= DIFF_FAIL_SPILLS;
	if (n->registers > o->registers ||
	    (o->agprs.present && n->agprs.present && n->agprs.value > o->agprs.value))
		k->worse |= DIFF_FAIL_REGISTERS;
	k->failed = k->worse & fail_on;
	k->status = o->registers != n->registers || o->smem_bytes != n->smem_bytes ||
			    o->blocks_per_sm != n->blocks_per_sm ||
			    o->occupancy_pct != n->occupancy_pct || o->block_size != n->block_size ||
			    o->spills.value != n->spills.value ||
			    o->scratch_bytes.value != n->scratch_bytes.value ||
			    o->agprs.value != n->agprs.value || o->sgprs.value != n->sgprs.value ||
			    strcmp(o->gpu, n->gpu) != 0
		    ? DIFF_CHANGED
		    : DIFF_UNCHANGED;
}

/* A side whose block size occview assumed (binary_launch.h) compared at
 * the other's: at the block the other side's kernel requires or is bounded
 * to, else (both assumed) the new side at the old's, so that a change is
 * the kernel's and not the assumption's. */
static void one_block_size(const struct gpu_db *db, struct diff_kernel *k,
			   const struct report *old, const char *old_file,
			   const struct report *new, const char *new_file,
			   const struct report_launch_given *given)
{
	const unsigned block = PARAM_BIT(PARAM_BLOCK);

	if (!k->old.ok || !k->new.ok || k->old.block_size == k->new.block_size)
		return;
	if (k->new.assumed & block)
		analyse(db, &new->records[k->new_index], new_file, given, k->old.block_size,
			&k->new, k->arch, sizeof(k->arch));
	else if (k->old.assumed & block)
		analyse(db, &old->records[k->old_index], old_file, given, k->new.block_size,
			&k->old, k->arch, sizeof(k->arch));
}

/* The old report's order; the added kernels after, in the new's order. */
static int by_order(const void *a, const void *b)
{
	const struct diff_kernel *x = a, *y = b;

	if (x->old.present != y->old.present)
		return x->old.present ? -1 : 1;
	if (x->old.present)
		return x->old_index < y->old_index ? -1 : x->old_index > y->old_index;
	return x->new_index < y->new_index ? -1 : x->new_index > y->new_index;
}

bool diff_reports(const struct gpu_db *db, const struct report *old, const char *old_file,
		  const struct report *new, const char *new_file,
		  const struct report_launch_given *given, unsigned fail_on,
		  struct diff_result *out)
{
	struct entry *a = entries(db, old, old_file, given);
	struct entry *b = a ? entries(db, new, new_file, given) : NULL;
	size_t i = 0, j = 0;

	memset(out, 0, sizeof(*out));
	if (!a || !b)
		goto oom;
	out->kernels = calloc(old->n + new->n + 1, sizeof(*out->kernels));
	if (!out->kernels)
		goto oom;
	while (i < old->n || j < new->n) {
		struct diff_kernel *k = &out->kernels[out->n];
		int c;

		/* Later records of a kernel already taken (a profiler's many
		 * launches of it) are not compared again. */
		if (i < old->n && i > 0 && same_key(&a[i], &a[i - 1])) {
			i++;
			out->duplicates++;
			continue;
		}
		if (j < new->n && j > 0 && same_key(&b[j], &b[j - 1])) {
			j++;
			out->duplicates++;
			continue;
		}
		c = i == old->n ? 1 : j == new->n ? -1 : strcmp(a[i].name, b[j].name);
		if (c == 0)
			c = strcmp(a[i].arch, b[j].arch);
		k->name = strdup(c <= 0 ? a[i].name : b[j].name);
		if (!k->name)
			goto oom;
		snprintf(k->arch, sizeof(k->arch), "%s", c <= 0 ? a[i].arch : b[j].arch);
		if (c <= 0) {
			k->old_index = a[i].index;
			k->old = a[i++].side;
		}
		if (c >= 0) {
			k->new_index = b[j].index;
			k->new = b[j++].side;
		}
		if (c == 0)
			one_block_size(db, k, old, old_file, new, new_file, given);
		out->n++;
		judge(k, fail_on);
		switch (k->status) {
		case DIFF_UNCHANGED: out->unchanged++; break;
		case DIFF_CHANGED: out->changed++; break;
		case DIFF_ADDED: out->added++; break;
		case DIFF_REMOVED: out->removed++; break;
		case DIFF_ERROR: out->errors++; break;
		}
		if (k->failed)
			out->failed++;
	}
	qsort(out->kernels, out->n, sizeof(*out->kernels), by_order);
	free(a);
	free(b);
	return true;
oom:
	free(a);
	free(b);
	diff_result_done(out);
	return false;
}

void diff_result_done(struct diff_result *d)
{
	for (size_t i = 0; i < d->n; i++)
		free(d->kernels[i].name);
	free(d->kernels);
	memset(d, 0, sizeof(*d));
}

int diff_exit_status(const struct diff_result *d)
{
	return d->errors ? 2 : d->failed ? 1 : 0;
}
