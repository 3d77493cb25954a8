/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* whatif.c - the what-if state: stepping and setting launch parameters within
 * the GPU's limits, undo and redo. Saving is in whatif_file.c. */
#include "config.h"

#include "whatif.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "occupancy.h"
#include "params.h"
#include "strutil.h"


struct whatif *whatif_new(const struct gpu_db *db, const struct launch *base,
			  const struct gpu *gpu)
{
	struct whatif *w = calloc(1, sizeof(*w));

	if (!w)
		return NULL;
	w->db = db;
	w->focus = PARAM_BLOCK;
	whatif_rebase(w, base, gpu);
	return w;
}

void whatif_free(struct whatif *w)
{
	free(w);
}

void whatif_rebase(struct whatif *w, const struct launch *l, const struct gpu *gpu)
{
	w->base.launch = *l;
	w->base.gpu = *gpu;
	w->base.base_gpu = true;
	w->base.given = 0;
	w->cur = w->base;
	w->n_undo = 0;
	w->n_redo = 0;
}

/* Devices are compared by what identifies them; whole-struct memcmp would
 * also compare padding and the bytes after each string's terminator. */
static bool same_gpu(const struct gpu *a, const struct gpu *b)
{
	return strcmp(a->name, b->name) == 0 && a->sm_count == b->sm_count &&
	       a->arch.cc_major == b->arch.cc_major && a->arch.cc_minor == b->arch.cc_minor;
}

static bool same_field(const struct whatif_state *a, const struct whatif_state *b,
		       enum launch_param f)
{
	if (f == PARAM_GPU)
		return same_gpu(&a->gpu, &b->gpu);
	return param_equal(&a->launch, &b->launch, f);
}

static bool same_state(const struct whatif_state *a, const struct whatif_state *b)
{
	for (int f = 0; f < PARAM_WHATIF_N; f++)
		if (!same_field(a, b, (enum launch_param)f))
			return false;
	return a->given == b->given && param_equal(&a->launch, &b->launch, PARAM_KERNEL) &&
	       param_equal(&a->launch, &b->launch, PARAM_GPU);
}

static void remember(const struct whatif_state *s, struct whatif_entry *e)
{
	e->launch = s->launch;
	str_copy(e->gpu, sizeof(e->gpu), s->gpu.name);
	e->base_gpu = s->base_gpu;
	e->stand_in = s->gpu.stand_in;
	e->given = s->given;
}

/* The state e names; false when its GPU is no longer to be found. */
static bool recall(const struct whatif *w, const struct whatif_entry *e, struct whatif_state *s)
{
	s->launch = e->launch;
	s->base_gpu = e->base_gpu;
	s->given = e->given;
	if (e->base_gpu) {
		s->gpu = w->base.gpu;
		return true;
	}
	if (!gpu_db_find_exact(w->db, e->gpu, &s->gpu))
		return false;
	s->gpu.stand_in = e->stand_in;
	return true;
}

/* Pushes s onto a stack of n entries, dropping the oldest when it is full:
 * undo and redo together never hold more than WHATIF_HISTORY states, but a
 * full stack still drops its oldest rather than overflow. */
static void push(struct whatif_entry *stack, int *n, const struct whatif_state *s)
{
	if (*n == WHATIF_HISTORY) {
		memmove(stack, stack + 1, (WHATIF_HISTORY - 1) * sizeof(*stack));
		(*n)--;
	}
	remember(s, &stack[(*n)++]);
}

/* Makes next the current state; the state it replaces becomes the last undo. */
static void commit(struct whatif *w, const struct whatif_state *next)
{
	push(w->undo, &w->n_undo, &w->cur);
	w->n_redo = 0;
	w->cur = *next;
}

/* Moves the current state onto `to` and the last state of `from` into cur. */
static bool move_state(struct whatif *w, struct whatif_entry *from, int *n_from,
		       struct whatif_entry *to, int *n_to)
{
	struct whatif_state back;

	if (*n_from == 0 || !recall(w, &from[*n_from - 1], &back))
		return false;
	(*n_from)--;
	push(to, n_to, &w->cur);
	w->cur = back;
	return true;
}

bool whatif_undo(struct whatif *w)
{
	return move_state(w, w->undo, &w->n_undo, w->redo, &w->n_redo);
}

bool whatif_redo(struct whatif *w)
{
	return move_state(w, w->redo, &w->n_redo, w->undo, &w->n_undo);
}

bool whatif_reset(struct whatif *w)
{
	if (same_state(&w->cur, &w->base))
		return false;
	commit(w, &w->base);
	return true;
}

bool whatif_changed(const struct whatif *w, enum launch_param f)
{
	return !same_field(&w->cur, &w->base, f);
}

unsigned whatif_given(const struct whatif *w)
{
	return w->cur.given;
}

bool whatif_any_changed(const struct whatif *w)
{
	for (int f = 0; f < PARAM_WHATIF_N; f++)
		if (whatif_changed(w, (enum launch_param)f))
			return true;
	return false;
}

/* ---- numeric fields ---------------------------------------------------- */

/* The values field f can take on s's GPU with the other fields as they are:
 * the engine's ranges, which launch_check accepts. */
static void field_range(const struct whatif_state *s, enum launch_param f, int64_t *lo,
			int64_t *hi)
{
	param_range(&s->launch, &s->gpu, f, lo, hi);
}

static int64_t distance(int64_t v, int64_t lo, int64_t hi)
{
	return v < lo ? lo - v : v > hi ? v - hi : 0;
}

/* A change of field f to next is allowed when it keeps a valid launch valid;
 * on an invalid launch (another GPU than it was written for) when the field
 * lands inside its range or at least moves toward it, so the user can walk
 * back to validity. */
static bool acceptable(const struct whatif *w, enum launch_param f,
		       const struct whatif_state *next)
{
	int64_t lo, hi;

	if (launch_check(&next->launch, &next->gpu, NULL, 0, NULL))
		return true;
	if (launch_check(&w->cur.launch, &w->cur.gpu, NULL, 0, NULL))
		return false;
	field_range(&w->cur, f, &lo, &hi);
	int64_t d_new = distance(param_get(&next->launch, f), lo, hi);
	return d_new == 0 || d_new < distance(param_get(&w->cur.launch, f), lo, hi);
}

/* Applies value v to field f: true when it was applied or already there. */
static bool apply_value(struct whatif *w, enum launch_param f, int64_t v)
{
	struct whatif_state next = w->cur;

	param_set(&next.launch, f, v);
	next.given |= PARAM_BIT(f);
	if (same_state(&next, &w->cur))
		return true;
	if (!acceptable(w, f, &next))
		return false;
	commit(w, &next);
	return true;
}

/* Steps land on multiples of the step (100 threads go up to 128 and down to
 * 96 with 32-thread warps), so values stay on the units the hardware counts. */
static bool step_numeric(struct whatif *w, enum launch_param f, int dir, bool big)
{
	int64_t step = param_step_size(&w->cur.launch, &w->cur.gpu, f, big);
	int64_t old = param_get(&w->cur.launch, f);
	int64_t lo, hi, v;

	field_range(&w->cur, f, &lo, &hi);
	/* Wave size 0 is the target's default: step from what it means. */
	if (f == PARAM_WAVE_SIZE && old == 0)
		old = w->cur.gpu.arch.amd.default_wave_size;
	/* A partition's "all" (0) is every unit: step down from the count. */
	if (param_info(f)->given_min && old == param_info(f)->none)
		old = hi;
	if (dir > 0) {
		if (old >= hi)
			return false;
		v = old < 0 ? 0 : (old / step + 1) * step;
	} else {
		if (old <= lo)
			return false;
		v = (old - 1) / step * step;
	}
	v = v < lo ? lo : v > hi ? hi : v;
	/* A cluster size must divide the grid (launch_check): step to the
	 * next one that does, 0 (no cluster) always doing. */
	if (f == PARAM_CLUSTER)
		while (v > 0 && v < hi && launch_grid_size(&w->cur.launch) % v != 0)
			v += dir > 0 ? 1 : -1;
	if (f == PARAM_CLUSTER && v > 0 && launch_grid_size(&w->cur.launch) % v != 0)
		return false;
	if (dir > 0 ? v <= old : v >= old)
		return false;
	return apply_value(w, f, v);
}

/* The carveout's stops: default, then for each shared-memory configuration
 * the smallest percentage that selects it (found through occ_compute, which
 * owns the rounding). Returns how many; *at gets the current stop's index. */
static int carveout_stops(const struct whatif_state *s, int stops[GPU_MAX_SMEM_CONFIGS + 1],
			  int *at)
{
	const struct gpu_arch *a = &s->gpu.arch;
	int first_pct[GPU_MAX_SMEM_CONFIGS];
	int64_t cur_pref = -2;
	struct occ_input in;
	struct occ_result r;
	int n = 0;

	occ_input_from_launch(&s->launch, &in);
	for (int i = 0; i < a->n_smem_configs; i++)
		first_pct[i] = -1;
	for (int pct = 0; pct <= 100; pct++) {
		in.carveout_pct = pct;
		occ_compute(a, &in, &r);
		for (int i = 0; i < a->n_smem_configs; i++)
			if (a->smem_configs_bytes[i] == r.smem_preference_bytes && first_pct[i] < 0)
				first_pct[i] = pct;
		if (pct == s->launch.carveout_pct)
			cur_pref = r.smem_preference_bytes;
	}
	stops[n++] = LAUNCH_CARVEOUT_DEFAULT;
	/* A percentage that selects no configuration sits past the last stop. */
	*at = s->launch.carveout_pct == LAUNCH_CARVEOUT_DEFAULT ? 0 : -1;
	for (int i = 0; i < a->n_smem_configs; i++) {
		if (first_pct[i] < 0)
			continue;
		if (a->smem_configs_bytes[i] == cur_pref)
			*at = n;
		stops[n++] = first_pct[i];
	}
	if (*at < 0)
		*at = n;
	return n;
}

/* Small steps go to the neighbouring configuration, big steps to either end. */
static bool step_carveout(struct whatif *w, int dir, bool big)
{
	int stops[GPU_MAX_SMEM_CONFIGS + 1];
	int at, n, to;

	/* Where the GPU has none, only back to the default. */
	if (!gpu_has_carveout(&w->cur.gpu.arch))
		return dir < 0 && w->cur.launch.carveout_pct != LAUNCH_CARVEOUT_DEFAULT &&
		       apply_value(w, PARAM_CARVEOUT, LAUNCH_CARVEOUT_DEFAULT);
	n = carveout_stops(&w->cur, stops, &at);
	if (dir > 0)
		to = big ? n - 1 : at + 1;
	else
		to = big ? 0 : at - 1;
	if (to < 0 || to >= n || (dir > 0 ? to <= at : to >= at))
		return false;
	return apply_value(w, PARAM_CARVEOUT, stops[to]);
}

/* ---- GPU --------------------------------------------------------------- */

/* Same compute capability, or the same gfx target. */
static bool same_arch(const struct gpu *a, const struct gpu *b)
{
	return a->arch.vendor == b->arch.vendor && strcmp(a->arch.arch, b->arch.arch) == 0 &&
	       a->arch.cc_major == b->arch.cc_major && a->arch.cc_minor == b->arch.cc_minor;
}

bool whatif_set_gpu(struct whatif *w, const struct gpu *gpu)
{
	struct whatif_state next = w->cur;

	struct whatif_entry named;
	struct whatif_state again;

	if (same_gpu(gpu, &w->cur.gpu))
		return true;
	next.gpu = *gpu;
	next.base_gpu = false;
	str_copy(next.launch.gpu_name, sizeof(next.launch.gpu_name), gpu->name);
	/* The history names it: it must be found again by that name. */
	remember(&next, &named);
	if (!recall(w, &named, &again) || !same_gpu(&again.gpu, gpu))
		return false;
	/* No check: a launch may not fit another GPU; the explorer shows why and
	 * undo brings the old GPU back. */
	commit(w, &next);
	return true;
}

bool whatif_set_launch(struct whatif *w, const struct launch *l)
{
	struct whatif_state next = w->cur;
	struct whatif_entry named;

	next.launch = *l;
	if (!l->gpu_name[0] || strcmp(l->gpu_name, w->base.gpu.name) == 0) {
		/* the baseline's GPU (which may carry what the record measured) */
		next.gpu = w->base.gpu;
		next.base_gpu = true;
		str_copy(next.launch.gpu_name, sizeof(next.launch.gpu_name), w->base.gpu.name);
	} else {
		next.base_gpu = false;
		str_copy(named.gpu, sizeof(named.gpu), l->gpu_name);
		named.launch = *l;
		named.base_gpu = false;
		named.stand_in = false;
		if (!recall(w, &named, &next))
			return false;
	}
	if (same_state(&next, &w->cur))
		return true;
	commit(w, &next);
	return true;
}

/* Devices in database order; big steps skip the rest of this compute
 * capability (gfx target). */
static bool step_gpu(struct whatif *w, int dir, bool big)
{
	size_t n = gpu_db_device_count(w->db);
	long at = -1, i;
	struct gpu g;

	for (size_t k = 0; k < n && at < 0; k++)
		if (gpu_db_device_at(w->db, k, &g) && strcmp(g.name, w->cur.gpu.name) == 0)
			at = (long)k;
	/* A GPU from outside the list enters it at the near end. */
	if (at < 0)
		at = dir > 0 ? -1 : (long)n;
	for (i = at + (dir > 0 ? 1 : -1); i >= 0 && i < (long)n; i += dir > 0 ? 1 : -1) {
		if (!gpu_db_device_at(w->db, (size_t)i, &g))
			continue;
		if (!big || !same_arch(&g, &w->cur.gpu))
			return whatif_set_gpu(w, &g);
	}
	return false;
}

bool whatif_step(struct whatif *w, enum launch_param f, int dir, bool big)
{
	if (dir == 0 || (int)f < 0 || f >= PARAM_WHATIF_N)
		return false;
	if (param_info(f)->stepper == PARAM_STEP_CONFIG)
		return step_carveout(w, dir, big);
	if (param_info(f)->stepper == PARAM_STEP_DEVICE)
		return step_gpu(w, dir, big);
	return step_numeric(w, f, dir, big);
}

bool whatif_set_value(struct whatif *w, enum launch_param f, int64_t value)
{
	int64_t lo, hi;

	if ((int)f < 0 || f >= PARAM_WHATIF_N || f == PARAM_GPU)
		return false;
	/* What the field can hold at all, on any GPU (params.h); the GPU's own
	 * limits are acceptable()'s to judge. */
	field_range(&w->cur, f, &lo, &hi);
	if (value < lo || value > param_info(f)->max)
		return false;
	return apply_value(w, f, value);
}

/* ---- text -------------------------------------------------------------- */

/* The entry points the explorer calls with one reused record: start it clean,
 * or occ_error_set would keep an older message. */
static void clear_error(struct occ_error *err)
{
	if (err)
		occ_error_clear(err);
}

bool whatif_set_text(struct whatif *w, enum launch_param f, const char *text,
		     struct occ_error *err)
{
	const char *what = param_label(f, w->cur.gpu.arch.vendor);
	struct whatif_state next = w->cur;
	struct occ_error why;
	struct gpu g;

	clear_error(err);
	if ((int)f < 0 || f >= PARAM_WHATIF_N) {
		occ_error_set(err, OCC_EUSAGE, NULL, 0, what, "not a launch parameter");
		return false;
	}
	if (f == PARAM_GPU) {
		if (!gpu_db_find(w->db, text, &g, err))
			return false;
		return whatif_set_gpu(w, &g);
	}
	/* The command line's parser and ranges (params.h). */
	if (!param_parse(f, text, &next.launch, NULL, 0, what, err))
		return false;
	next.given |= PARAM_BIT(f);
	if (same_state(&next, &w->cur))
		return true;
	if (!acceptable(w, f, &next)) {
		/* Refused means the new launch fails launch_check: say why. */
		occ_error_clear(&why);
		launch_check(&next.launch, &next.gpu, NULL, 0, &why);
		occ_error_set(err, OCC_EUSAGE, NULL, 0, what, "%s", why.message);
		return false;
	}
	commit(w, &next);
	return true;
}

void whatif_format(const struct whatif *w, enum launch_param f, bool base, char *buf,
		   size_t size)
{
	const struct whatif_state *s = base ? &w->base : &w->cur;

	param_format(&s->launch, &s->gpu, f, buf, size);
}

const char *whatif_label(const struct whatif *w, enum launch_param f)
{
	return param_label(f, w->cur.gpu.arch.vendor);
}

/* A field the GPU gives no choice in still applies while its value is out of
 * the GPU's range (after a GPU change), so it can be put right (params.h). */
bool whatif_applies(const struct whatif *w, enum launch_param f)
{
	return (int)f >= 0 && f < PARAM_WHATIF_N && param_offered(&w->cur.launch, &w->cur.gpu, f);
}
