/* whatif.c - the what-if state: stepping and setting launch parameters within
 * the GPU's limits, undo and redo. Saving is in whatif_file.c. */
#include "config.h"

#include "whatif.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "occupancy.h"
#include "strutil.h"

/* A one-dimensional grid's largest x dimension (CUDA's gridDim.x limit, and
 * the launch file's per-dimension maximum). */
#define GRID_MAX INT32_MAX
/* launch_check's barrier limit, and the CLI's. */
#define BARRIERS_MAX 16
#define SMEM_BIG_STEP_BYTES 4096

struct whatif *whatif_new(const struct gpu_db *db, const struct launch *base,
			  const struct gpu *gpu)
{
	struct whatif *w = calloc(1, sizeof(*w));

	if (!w)
		return NULL;
	w->db = db;
	w->focus = WHATIF_BLOCK;
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
		       enum whatif_field f)
{
	const struct launch *x = &a->launch, *y = &b->launch;

	switch (f) {
	case WHATIF_BLOCK:
		return x->block[0] == y->block[0] && x->block[1] == y->block[1] &&
		       x->block[2] == y->block[2];
	case WHATIF_REGISTERS:
		return x->regs_per_thread == y->regs_per_thread;
	case WHATIF_STATIC_SMEM:
		return x->static_smem_bytes == y->static_smem_bytes;
	case WHATIF_DYNAMIC_SMEM:
		return x->dynamic_smem_bytes == y->dynamic_smem_bytes;
	case WHATIF_GRID:
		return x->grid[0] == y->grid[0] && x->grid[1] == y->grid[1] &&
		       x->grid[2] == y->grid[2];
	case WHATIF_CARVEOUT:
		return x->carveout_pct == y->carveout_pct;
	case WHATIF_BARRIERS:
		return x->barriers == y->barriers;
	case WHATIF_WAVE_SIZE:
		return x->wave_size == y->wave_size;
	case WHATIF_AGPRS:
		return x->agprs == y->agprs;
	case WHATIF_SGPRS:
		return x->sgprs == y->sgprs;
	case WHATIF_GPU:
		return same_gpu(&a->gpu, &b->gpu);
	case WHATIF_N_FIELDS:
		break;
	}
	return true;
}

static bool same_state(const struct whatif_state *a, const struct whatif_state *b)
{
	for (int f = 0; f < WHATIF_N_FIELDS; f++)
		if (!same_field(a, b, (enum whatif_field)f))
			return false;
	return strcmp(a->launch.kernel, b->launch.kernel) == 0 &&
	       strcmp(a->launch.gpu_name, b->launch.gpu_name) == 0;
}

/* Makes next the current state; the state it replaces becomes the last undo. */
static void commit(struct whatif *w, const struct whatif_state *next)
{
	if (w->n_undo == WHATIF_HISTORY) {
		memmove(w->undo, w->undo + 1, (WHATIF_HISTORY - 1) * sizeof(w->undo[0]));
		w->n_undo--;
	}
	w->undo[w->n_undo++] = w->cur;
	w->n_redo = 0;
	w->cur = *next;
}

/* Moves the current state onto `to` and the last state of `from` into cur. */
static bool move_state(struct whatif *w, struct whatif_state *from, int *n_from,
		       struct whatif_state *to, int *n_to)
{
	if (*n_from == 0)
		return false;
	/* Undo and redo together never hold more than WHATIF_HISTORY states, but
	 * a full stack still drops its oldest rather than overflow. */
	if (*n_to == WHATIF_HISTORY) {
		memmove(to, to + 1, (WHATIF_HISTORY - 1) * sizeof(*to));
		(*n_to)--;
	}
	to[(*n_to)++] = w->cur;
	w->cur = from[--(*n_from)];
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

bool whatif_changed(const struct whatif *w, enum whatif_field f)
{
	return !same_field(&w->cur, &w->base, f);
}

/* ---- numeric fields ---------------------------------------------------- */

static int64_t get_value(const struct launch *l, enum whatif_field f)
{
	switch (f) {
	case WHATIF_BLOCK:
		return launch_threads_per_block(l);
	case WHATIF_REGISTERS:
		return l->regs_per_thread;
	case WHATIF_STATIC_SMEM:
		return l->static_smem_bytes;
	case WHATIF_DYNAMIC_SMEM:
		return l->dynamic_smem_bytes;
	case WHATIF_GRID:
		return launch_grid_size(l);
	case WHATIF_CARVEOUT:
		return l->carveout_pct;
	case WHATIF_BARRIERS:
		return l->barriers;
	case WHATIF_WAVE_SIZE:
		return l->wave_size;
	case WHATIF_AGPRS:
		return l->agprs;
	case WHATIF_SGPRS:
		return l->sgprs;
	case WHATIF_GPU:
	case WHATIF_N_FIELDS:
		break;
	}
	return 0;
}

/* Block and grid become one-dimensional: a step or a click gives a count. */
static void put_value(struct launch *l, enum whatif_field f, int64_t v)
{
	switch (f) {
	case WHATIF_BLOCK:
		l->block[0] = (int)v;
		l->block[1] = l->block[2] = 1;
		break;
	case WHATIF_REGISTERS:
		l->regs_per_thread = (int)v;
		break;
	case WHATIF_STATIC_SMEM:
		l->static_smem_bytes = v;
		break;
	case WHATIF_DYNAMIC_SMEM:
		l->dynamic_smem_bytes = v;
		break;
	case WHATIF_GRID:
		l->grid[0] = v;
		l->grid[1] = l->grid[2] = 1;
		break;
	case WHATIF_CARVEOUT:
		l->carveout_pct = (int)v;
		break;
	case WHATIF_BARRIERS:
		l->barriers = (int)v;
		break;
	case WHATIF_WAVE_SIZE:
		l->wave_size = (int)v;
		break;
	case WHATIF_AGPRS:
		l->agprs = (int)v;
		break;
	case WHATIF_SGPRS:
		l->sgprs = (int)v;
		break;
	case WHATIF_GPU:
	case WHATIF_N_FIELDS:
		break;
	}
}

static int barriers_max(const struct gpu_arch *a)
{
	if (a->barriers_per_sm > 0 && a->barriers_per_sm < BARRIERS_MAX)
		return a->barriers_per_sm;
	return BARRIERS_MAX;
}

/* The values field f can take on s's GPU with the other fields as they are:
 * the ranges launch_check accepts, so a value inside keeps a valid launch valid. */
static void field_range(const struct whatif_state *s, enum whatif_field f, int64_t *lo,
			int64_t *hi)
{
	const struct gpu_arch *a = &s->gpu.arch;
	const struct launch *l = &s->launch;

	*lo = 0;
	*hi = 0;
	switch (f) {
	case WHATIF_BLOCK:
		*lo = 1;
		*hi = a->max_threads_per_block;
		break;
	case WHATIF_REGISTERS:
		*hi = a->max_regs_per_thread;
		break;
	case WHATIF_STATIC_SMEM:
		*hi = a->smem_per_block_optin_bytes - l->dynamic_smem_bytes;
		if (*hi > a->smem_per_block_bytes)
			*hi = a->smem_per_block_bytes;
		break;
	case WHATIF_DYNAMIC_SMEM:
		*hi = a->smem_per_block_optin_bytes - l->static_smem_bytes;
		break;
	case WHATIF_GRID:
		*lo = 1;
		*hi = GRID_MAX;
		break;
	case WHATIF_CARVEOUT:
		*lo = LAUNCH_CARVEOUT_DEFAULT;
		*hi = 100;
		break;
	case WHATIF_BARRIERS:
		*hi = barriers_max(a);
		break;
	case WHATIF_WAVE_SIZE:
		*lo = a->amd.wave32 ? 32 : 64;
		*hi = a->amd.wave64 ? 64 : 32;
		break;
	case WHATIF_AGPRS:
		*hi = a->amd.unified_vgpr_agpr ? a->amd.max_vgprs_per_wave : a->amd.max_agprs_per_wave;
		break;
	case WHATIF_SGPRS:
		*hi = amd_max_sgprs(&a->amd);
		break;
	case WHATIF_GPU:
	case WHATIF_N_FIELDS:
		break;
	}
	/* The other fields may already be out of range (after a GPU change). */
	if (*hi < *lo)
		*hi = *lo;
}

static int64_t distance(int64_t v, int64_t lo, int64_t hi)
{
	return v < lo ? lo - v : v > hi ? v - hi : 0;
}

/* A change of field f to next is allowed when it keeps a valid launch valid;
 * on an invalid launch (another GPU than it was written for) when the field
 * lands inside its range or at least moves toward it, so the user can walk
 * back to validity. */
static bool acceptable(const struct whatif *w, enum whatif_field f,
		       const struct whatif_state *next)
{
	int64_t lo, hi;

	if (launch_check(&next->launch, &next->gpu, NULL, 0, NULL))
		return true;
	if (launch_check(&w->cur.launch, &w->cur.gpu, NULL, 0, NULL))
		return false;
	field_range(&w->cur, f, &lo, &hi);
	int64_t d_new = distance(get_value(&next->launch, f), lo, hi);
	return d_new == 0 || d_new < distance(get_value(&w->cur.launch, f), lo, hi);
}

/* Applies value v to field f: true when it was applied or already there. */
static bool apply_value(struct whatif *w, enum whatif_field f, int64_t v)
{
	struct whatif_state next = w->cur;

	put_value(&next.launch, f, v);
	if (same_state(&next, &w->cur))
		return true;
	if (!acceptable(w, f, &next))
		return false;
	commit(w, &next);
	return true;
}

/* One wave: as many blocks as the whole GPU holds at once; a launch where no
 * block fits still steps by one block per SM. */
static int64_t wave_blocks(const struct whatif_state *s)
{
	struct occ_input in;
	struct occ_result r;

	occ_input_from_launch(&s->launch, &in);
	occ_compute(&s->gpu.arch, &in, &r);
	if (r.active_blocks_per_sm > 0)
		return (int64_t)r.active_blocks_per_sm * s->gpu.sm_count;
	return s->gpu.sm_count > 0 ? s->gpu.sm_count : 1;
}

static int64_t step_size(const struct whatif_state *s, enum whatif_field f, bool big)
{
	const struct gpu_arch *a = &s->gpu.arch;
	int64_t step = 1;

	switch (f) {
	case WHATIF_BLOCK:
		/* A warp, or the wave size the AMD launch runs. */
		step = (int64_t)(a->vendor == GPU_AMD && s->launch.wave_size ? s->launch.wave_size :
				 a->warp_size) * (big ? 8 : 1);
		break;
	case WHATIF_REGISTERS:
		step = big ? 8 : 1;
		break;
	case WHATIF_STATIC_SMEM:
	case WHATIF_DYNAMIC_SMEM:
		step = big ? SMEM_BIG_STEP_BYTES : a->smem_alloc_unit_bytes;
		break;
	case WHATIF_GRID:
		step = big ? wave_blocks(s) : 1;
		break;
	case WHATIF_BARRIERS:
		step = big ? 4 : 1;
		break;
	case WHATIF_WAVE_SIZE:
		step = 32;
		break;
	case WHATIF_AGPRS:
	case WHATIF_SGPRS:
		step = big ? 8 : 1;
		break;
	case WHATIF_CARVEOUT:
	case WHATIF_GPU:
	case WHATIF_N_FIELDS:
		break;
	}
	return step > 0 ? step : 1;
}

/* Steps land on multiples of the step (100 threads go up to 128 and down to
 * 96 with 32-thread warps), so values stay on the units the hardware counts. */
static bool step_numeric(struct whatif *w, enum whatif_field f, int dir, bool big)
{
	int64_t step = step_size(&w->cur, f, big);
	int64_t old = get_value(&w->cur.launch, f);
	int64_t lo, hi, v;

	field_range(&w->cur, f, &lo, &hi);
	/* Wave size 0 is the target's default: step from what it means. */
	if (f == WHATIF_WAVE_SIZE && old == 0)
		old = w->cur.gpu.arch.amd.default_wave_size;
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

	if (w->cur.gpu.arch.n_smem_configs <= 1)
		return false;
	n = carveout_stops(&w->cur, stops, &at);
	if (dir > 0)
		to = big ? n - 1 : at + 1;
	else
		to = big ? 0 : at - 1;
	if (to < 0 || to >= n || (dir > 0 ? to <= at : to >= at))
		return false;
	return apply_value(w, WHATIF_CARVEOUT, stops[to]);
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

	if (same_gpu(gpu, &w->cur.gpu))
		return true;
	next.gpu = *gpu;
	str_copy(next.launch.gpu_name, sizeof(next.launch.gpu_name), gpu->name);
	/* No check: a launch may not fit another GPU; the explorer shows why and
	 * undo brings the old GPU back. */
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

bool whatif_step(struct whatif *w, enum whatif_field f, int dir, bool big)
{
	if (dir == 0)
		return false;
	switch (f) {
	case WHATIF_CARVEOUT:
		return step_carveout(w, dir, big);
	case WHATIF_GPU:
		return step_gpu(w, dir, big);
	case WHATIF_N_FIELDS:
		return false;
	default:
		return step_numeric(w, f, dir, big);
	}
}

bool whatif_set_value(struct whatif *w, enum whatif_field f, int64_t value)
{
	/* What the fields can hold at all, on any GPU; the GPU's own limits are
	 * acceptable()'s to judge. */
	static const int64_t most[WHATIF_N_FIELDS] = {
		[WHATIF_BLOCK] = 1 << 16, [WHATIF_REGISTERS] = 1 << 16,
		[WHATIF_STATIC_SMEM] = INT32_MAX, [WHATIF_DYNAMIC_SMEM] = INT32_MAX,
		[WHATIF_GRID] = GRID_MAX, [WHATIF_CARVEOUT] = 100,
		[WHATIF_BARRIERS] = BARRIERS_MAX, [WHATIF_WAVE_SIZE] = 64,
		[WHATIF_AGPRS] = 1 << 16, [WHATIF_SGPRS] = 1 << 16,
	};
	int64_t lo, hi;

	if ((int)f < 0 || f >= WHATIF_N_FIELDS || f == WHATIF_GPU)
		return false;
	field_range(&w->cur, f, &lo, &hi);
	if (value < lo || value > most[f])
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

bool whatif_set_text(struct whatif *w, enum whatif_field f, const char *text,
		     struct occ_error *err)
{
	const char *what = whatif_field_label(f);
	struct whatif_state next = w->cur;
	struct launch *l = &next.launch;
	struct occ_error why;
	int64_t v, dims[3];
	int pct;
	struct gpu g;

	clear_error(err);
	/* The same parsers and ranges as the command line's flags. */
	switch (f) {
	case WHATIF_BLOCK:
		if (!launch_parse_dim3(text, 1 << 16, dims, NULL, 0, what, err))
			return false;
		for (int i = 0; i < 3; i++)
			l->block[i] = (int)dims[i];
		break;
	case WHATIF_GRID:
		if (!launch_parse_dim3(text, INT32_MAX, dims, NULL, 0, what, err))
			return false;
		memcpy(l->grid, dims, sizeof(dims));
		break;
	case WHATIF_REGISTERS:
		if (!launch_parse_int(text, 0, 1 << 16, &v, NULL, 0, what, err))
			return false;
		l->regs_per_thread = (int)v;
		break;
	case WHATIF_STATIC_SMEM:
		if (!launch_parse_size(text, &l->static_smem_bytes, NULL, 0, what, err))
			return false;
		break;
	case WHATIF_DYNAMIC_SMEM:
		if (!launch_parse_size(text, &l->dynamic_smem_bytes, NULL, 0, what, err))
			return false;
		break;
	case WHATIF_CARVEOUT:
		if (!launch_parse_carveout(text, &pct, NULL, 0, what, err))
			return false;
		l->carveout_pct = pct;
		break;
	case WHATIF_BARRIERS:
		if (!launch_parse_int(text, 0, BARRIERS_MAX, &v, NULL, 0, what, err))
			return false;
		l->barriers = (int)v;
		break;
	case WHATIF_WAVE_SIZE:
		if (!launch_parse_int(text, 32, 64, &v, NULL, 0, what, err))
			return false;
		if (v != 32 && v != 64) {
			occ_error_set(err, OCC_EUSAGE, NULL, 0, what, "a wave size is 32 or 64");
			return false;
		}
		l->wave_size = (int)v;
		break;
	case WHATIF_AGPRS:
	case WHATIF_SGPRS:
		if (!launch_parse_int(text, 0, 1 << 16, &v, NULL, 0, what, err))
			return false;
		put_value(l, f, v);
		break;
	case WHATIF_GPU:
		if (!gpu_db_find(w->db, text, &g, err))
			return false;
		return whatif_set_gpu(w, &g);
	case WHATIF_N_FIELDS:
		occ_error_set(err, OCC_EUSAGE, NULL, 0, what, "not a launch parameter");
		return false;
	}
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

static void format_dim3(char *buf, size_t size, int64_t x, int64_t y, int64_t z)
{
	if (y == 1 && z == 1)
		snprintf(buf, size, "%lld", (long long)x);
	else if (z == 1)
		snprintf(buf, size, "%lldx%lld (%lld)", (long long)x, (long long)y,
			 (long long)(x * y));
	else
		snprintf(buf, size, "%lldx%lldx%lld (%lld)", (long long)x, (long long)y,
			 (long long)z, (long long)(x * y * z));
}

/* Whole KiB as KiB ("48 KiB"), everything else in exact bytes ("1152 B"):
 * a rounded "1.1 KiB" would hide the allocation-unit steps. */
static void format_bytes(char *buf, size_t size, int64_t v)
{
	if (v >= 1024 && v % 1024 == 0)
		snprintf(buf, size, "%lld KiB", (long long)(v / 1024));
	else
		snprintf(buf, size, "%lld B", (long long)v);
}

void whatif_format(const struct whatif *w, enum whatif_field f, bool base, char *buf,
		   size_t size)
{
	const struct whatif_state *s = base ? &w->base : &w->cur;
	const struct launch *l = &s->launch;

	if (size == 0)
		return;
	buf[0] = '\0';
	switch (f) {
	case WHATIF_BLOCK:
		format_dim3(buf, size, l->block[0], l->block[1], l->block[2]);
		break;
	case WHATIF_GRID:
		format_dim3(buf, size, l->grid[0], l->grid[1], l->grid[2]);
		break;
	case WHATIF_REGISTERS:
		snprintf(buf, size, "%d", l->regs_per_thread);
		break;
	case WHATIF_STATIC_SMEM:
		format_bytes(buf, size, l->static_smem_bytes);
		break;
	case WHATIF_DYNAMIC_SMEM:
		format_bytes(buf, size, l->dynamic_smem_bytes);
		break;
	case WHATIF_CARVEOUT:
		if (l->carveout_pct == LAUNCH_CARVEOUT_DEFAULT)
			snprintf(buf, size, "default");
		else
			snprintf(buf, size, "%d%%", l->carveout_pct);
		break;
	case WHATIF_BARRIERS:
		snprintf(buf, size, "%d", l->barriers);
		break;
	case WHATIF_WAVE_SIZE:
		snprintf(buf, size, "%d", l->wave_size ? l->wave_size : s->gpu.arch.warp_size);
		break;
	case WHATIF_AGPRS:
		snprintf(buf, size, "%d", l->agprs);
		break;
	case WHATIF_SGPRS:
		snprintf(buf, size, "%d", l->sgprs);
		break;
	case WHATIF_GPU:
		snprintf(buf, size, "%s", s->gpu.name);
		break;
	case WHATIF_N_FIELDS:
		break;
	}
}

const char *whatif_field_label(enum whatif_field f)
{
	static const char *const labels[WHATIF_N_FIELDS] = {
		[WHATIF_BLOCK] = "block",
		[WHATIF_REGISTERS] = "registers",
		[WHATIF_STATIC_SMEM] = "static smem",
		[WHATIF_DYNAMIC_SMEM] = "dynamic smem",
		[WHATIF_GRID] = "grid",
		[WHATIF_CARVEOUT] = "carveout",
		[WHATIF_BARRIERS] = "barriers",
		[WHATIF_WAVE_SIZE] = "wave size",
		[WHATIF_AGPRS] = "AGPRs",
		[WHATIF_SGPRS] = "SGPRs",
		[WHATIF_GPU] = "GPU",
	};

	return (int)f >= 0 && f < WHATIF_N_FIELDS ? labels[f] : "?";
}

const char *whatif_label(const struct whatif *w, enum whatif_field f)
{
	if (w->cur.gpu.arch.vendor != GPU_AMD)
		return whatif_field_label(f);
	switch (f) {
	case WHATIF_BLOCK: return "workgroup";
	case WHATIF_REGISTERS: return "VGPRs";
	case WHATIF_STATIC_SMEM: return "LDS";
	case WHATIF_DYNAMIC_SMEM: return "dynamic LDS";
	default: return whatif_field_label(f);
	}
}

/* An AMD field the target gives no choice in still applies while its value
 * is out of the target's range (after a GPU change), so it can be put right. */
static bool out_of_range(const struct whatif *w, enum whatif_field f)
{
	int64_t lo, hi, v = get_value(&w->cur.launch, f);

	field_range(&w->cur, f, &lo, &hi);
	return f == WHATIF_WAVE_SIZE ? v != 0 && v != lo && v != hi : v < lo || v > hi;
}

bool whatif_applies(const struct whatif *w, enum whatif_field f)
{
	const struct amd_arch *m = &w->cur.gpu.arch.amd;
	bool amd = w->cur.gpu.arch.vendor == GPU_AMD;

	switch (f) {
	case WHATIF_CARVEOUT:
	case WHATIF_BARRIERS:
		return !amd;
	case WHATIF_WAVE_SIZE:
		return amd && ((m->wave32 && m->wave64) || out_of_range(w, f));
	case WHATIF_AGPRS:
		return amd && (m->unified_vgpr_agpr || m->max_agprs_per_wave > 0 ||
			       out_of_range(w, f));
	case WHATIF_SGPRS:
		return amd && (m->sgprs_per_simd > 0 || out_of_range(w, f));
	default:
		return (int)f >= 0 && f < WHATIF_N_FIELDS;
	}
}
