/* tuning.c - the nearest change of each limiting factor's parameter that gains
 * occupancy, how far it can grow without losing any, and the best block size. */
#include "config.h"

#include "tuning.h"

static int64_t get_param(const struct occ_input *in, enum tuning_param p)
{
	switch (p) {
	case TUNING_BLOCK_SIZE: return in->threads_per_block;
	case TUNING_REGISTERS: return in->regs_per_thread;
	case TUNING_SHARED_MEM: return in->static_smem_bytes + in->dynamic_smem_bytes;
	case TUNING_BARRIERS: return in->barriers;
	}
	return 0;
}

/* Shared memory is turned as the block's total; dynamic memory goes first. */
static void set_param(struct occ_input *in, enum tuning_param p, int64_t v)
{
	switch (p) {
	case TUNING_BLOCK_SIZE: in->threads_per_block = (int)v; break;
	case TUNING_REGISTERS: in->regs_per_thread = (int)v; break;
	case TUNING_SHARED_MEM:
		if (v < in->static_smem_bytes)
			in->static_smem_bytes = v;
		in->dynamic_smem_bytes = v - in->static_smem_bytes;
		break;
	case TUNING_BARRIERS: in->barriers = (int)v; break;
	}
}

static void eval(const struct gpu_arch *a, const struct occ_input *base, enum tuning_param p,
		 int64_t v, struct occ_result *r)
{
	struct occ_input in = *base;
	set_param(&in, p, v);
	occ_compute(a, &in, r);
}

/* The values a parameter takes, in its natural unit: warps for block size,
 * allocation units for shared memory (each value the most bytes that still
 * allocate that many units), single registers and barriers. */
static int64_t unit_of(const struct gpu_arch *a, enum tuning_param p)
{
	switch (p) {
	case TUNING_BLOCK_SIZE: return a->warp_size;
	case TUNING_SHARED_MEM: return a->smem_alloc_unit_bytes;
	default: return 1;
	}
}

static int64_t max_of(const struct gpu_arch *a, enum tuning_param p)
{
	switch (p) {
	case TUNING_BLOCK_SIZE: return a->max_threads_per_block;
	case TUNING_REGISTERS: return a->max_regs_per_thread;
	case TUNING_SHARED_MEM: return a->smem_per_block_optin_bytes;
	case TUNING_BARRIERS: return 16;
	}
	return 0;
}

static int64_t min_of(enum tuning_param p)
{
	return p == TUNING_BLOCK_SIZE ? 1 : 0;
}

/* Next value of p after v in direction dir (+1/-1), on the parameter's grid;
 * returns false past the range. */
static bool next_value(const struct gpu_arch *a, enum tuning_param p, int64_t v, int dir, int64_t *out)
{
	int64_t unit = unit_of(a, p), n;

	if (p == TUNING_SHARED_MEM) {
		/* Grid points: k * unit - reserved, the most a block can use in k units. */
		int64_t res = a->smem_reserved_per_block_bytes;
		int64_t k = (v + res) / unit;
		if (dir > 0)
			n = (k + 1) * unit - res;
		else
			n = ((v + res) % unit == 0 ? k - 1 : k) * unit - res;
		if (n < 0 && dir < 0 && v > 0)
			n = 0;
		if (n > max_of(a, p) && dir > 0 && v < max_of(a, p))
			n = max_of(a, p);
	} else if (p == TUNING_BLOCK_SIZE) {
		n = dir > 0 ? (v / unit + 1) * unit : (v - 1) / unit * unit;
	} else {
		n = v + dir;
	}
	if (n < min_of(p) || n > max_of(a, p) || n == v)
		return false;
	*out = n;
	return true;
}

static enum tuning_param param_of(enum occ_factor f)
{
	switch (f) {
	case OCC_REGISTERS: return TUNING_REGISTERS;
	case OCC_SHARED_MEM: return TUNING_SHARED_MEM;
	case OCC_BARRIERS: return TUNING_BARRIERS;
	default: return TUNING_BLOCK_SIZE;
	}
}

static void find_gain(const struct gpu_arch *a, const struct occ_input *in, struct tuning_step *s)
{
	struct occ_result r;
	int64_t v0 = s->from;
	/* Resources gain by shrinking; block size may gain either way: take the nearer. */
	int dirs[2] = { -1, +1 };
	int ndirs = s->param == TUNING_BLOCK_SIZE ? 2 : 1;
	int64_t best_dist = INT64_MAX;

	for (int d = 0; d < ndirs; d++) {
		int64_t v = v0, n;
		while (next_value(a, s->param, v, dirs[d], &n)) {
			v = n;
			if ((v > v0 ? v - v0 : v0 - v) >= best_dist)
				break;
			eval(a, in, s->param, v, &r);
			if (r.active_warps_per_sm > s->warps_from) {
				best_dist = v > v0 ? v - v0 : v0 - v;
				s->has_gain = true;
				s->to = v;
				s->blocks_to = r.active_blocks_per_sm;
				s->warps_to = r.active_warps_per_sm;
				break;
			}
		}
	}
}

static void find_headroom(const struct gpu_arch *a, const struct occ_input *in, struct tuning_step *s)
{
	struct occ_result r;
	int64_t v = s->from, n;

	s->headroom_to = v;
	while (next_value(a, s->param, v, +1, &n)) {
		eval(a, in, s->param, n, &r);
		if (r.active_warps_per_sm != s->warps_from)
			break;
		v = n;
	}
	s->has_headroom = v > s->from;
	s->headroom_to = v;
}

int tuning_steps(const struct gpu_arch *a, const struct occ_input *in,
		 const struct occ_result *r, struct tuning_step out[OCC_N_FACTORS])
{
	int n = 0;

	for (int f = 0; f < OCC_N_FACTORS; f++) {
		if (!occ_is_limiting(r, (enum occ_factor)f))
			continue;
		struct tuning_step *s = &out[n++];
		*s = (struct tuning_step){ .factor = (enum occ_factor)f, .param = param_of((enum occ_factor)f) };
		s->from = get_param(in, s->param);
		s->blocks_from = s->blocks_to = r->active_blocks_per_sm;
		s->warps_from = s->warps_to = r->active_warps_per_sm;
		s->to = s->from;
		if (r->active_warps_per_sm < r->max_warps_per_sm)
			find_gain(a, in, s);
		find_headroom(a, in, s);
	}
	return n;
}

void tuning_best_block_size(const struct gpu_arch *a, int sm_count, const struct occ_input *in,
			    int *block_size, int64_t *min_grid)
{
	struct occ_input t = *in;
	struct occ_result r;
	int64_t best_threads = 0;
	int best_size = 0, best_blocks = 0;
	int top = (a->max_threads_per_block + a->warp_size - 1) / a->warp_size * a->warp_size;

	for (int size = top; size > 0; size -= a->warp_size) {
		t.threads_per_block = size < a->max_threads_per_block ? size : a->max_threads_per_block;
		occ_compute(a, &t, &r);
		int64_t threads = (int64_t)r.active_blocks_per_sm * t.threads_per_block;
		if (threads > best_threads) {
			best_threads = threads;
			best_size = t.threads_per_block;
			best_blocks = r.active_blocks_per_sm;
		}
		if (best_threads == a->max_threads_per_sm)
			break;
	}
	*block_size = best_size;
	*min_grid = (int64_t)best_blocks * sm_count;
}

const char *tuning_param_label(enum tuning_param p)
{
	switch (p) {
	case TUNING_BLOCK_SIZE: return "block size";
	case TUNING_REGISTERS: return "registers";
	case TUNING_SHARED_MEM: return "shared memory";
	case TUNING_BARRIERS: return "barriers";
	}
	return "?";
}
