/* sweep.c - active warps as one launch parameter varies. */
#include "config.h"

#include "sweep.h"

#include <stdlib.h>

static void set_x(struct occ_input *in, enum sweep_kind kind, int64_t x)
{
	switch (kind) {
	case SWEEP_BLOCK_SIZE:
		in->threads_per_block = (int)x;
		break;
	case SWEEP_REGISTERS:
		in->regs_per_thread = (int)x;
		break;
	case SWEEP_BARRIERS:
		in->barriers = (int)x;
		break;
	default:
		/* x is the block's whole shared memory; the static part stays if it fits. */
		if (x < in->static_smem_bytes)
			in->static_smem_bytes = x;
		in->dynamic_smem_bytes = x - in->static_smem_bytes;
		break;
	}
}

/* The chart's level: active warps per SM, or on AMD waves per SIMD. */
static int level(const struct occ_result *r)
{
	if (r->vendor == GPU_AMD)
		return r->amd.fits ? r->amd.waves_per_simd : 0;
	return r->active_warps_per_sm;
}

bool sweep_compute(const struct gpu_arch *a, const struct occ_input *in, enum sweep_kind kind,
		   struct sweep *out)
{
	int64_t first, last, step;
	struct occ_result r;

	*out = (struct sweep){ .kind = kind, .vendor = a->vendor, .max_warps = a->max_warps_per_sm };
	/* AMD occupancy is counted in waves per SIMD, as LLVM and AMD's tools count it. */
	if (a->vendor == GPU_AMD)
		out->max_warps = a->amd.max_waves_per_simd;
	switch (kind) {
	case SWEEP_BLOCK_SIZE:
		first = step = a->vendor == GPU_AMD && in->wave_size ? in->wave_size : a->warp_size;
		last = a->max_threads_per_block;
		out->current_x = in->threads_per_block;
		break;
	case SWEEP_REGISTERS:
		first = 0;
		step = 1;
		last = a->max_regs_per_thread;
		out->current_x = in->regs_per_thread;
		break;
	case SWEEP_BARRIERS:
		first = 0;
		step = 1;
		last = SWEEP_MAX_BARRIERS;
		out->current_x = in->barriers;
		break;
	default:
		first = 0;
		step = a->smem_alloc_unit_bytes;
		last = a->smem_per_block_optin_bytes;
		out->current_x = in->static_smem_bytes + in->dynamic_smem_bytes;
		break;
	}
	out->points = calloc((size_t)((last - first) / step + 1), sizeof(*out->points));
	if (!out->points)
		return false;
	for (int64_t x = first; x <= last; x += step) {
		struct occ_input t = *in;
		set_x(&t, kind, x);
		occ_compute(a, &t, &r);
		out->points[out->n++] = (struct sweep_point){
			x, level(&r), r.active_blocks_per_sm, r.limiting,
		};
	}
	occ_compute(a, in, &r);
	out->current_warps = level(&r);
	out->current_limiting = r.limiting;
	return true;
}

void sweep_done(struct sweep *s)
{
	free(s->points);
	*s = (struct sweep){ 0 };
}

const char *sweep_axis_label(enum sweep_kind kind)
{
	switch (kind) {
	case SWEEP_BLOCK_SIZE: return "threads per block";
	case SWEEP_REGISTERS: return "registers per thread";
	case SWEEP_BARRIERS: return "barriers per block";
	default: return "shared memory per block (bytes)";
	}
}

enum occ_factor sweep_factor(enum sweep_kind kind)
{
	switch (kind) {
	case SWEEP_BLOCK_SIZE: return OCC_WARPS;
	case SWEEP_REGISTERS: return OCC_REGISTERS;
	case SWEEP_BARRIERS: return OCC_BARRIERS;
	default: return OCC_SHARED_MEM;
	}
}

const char *sweep_x_label(const struct sweep *s, bool short_form)
{
	if (s->vendor != GPU_AMD) {
		if (!short_form)
			return sweep_axis_label(s->kind);
		switch (s->kind) {
		case SWEEP_BLOCK_SIZE: return "block size";
		case SWEEP_REGISTERS: return "registers";
		case SWEEP_BARRIERS: return "barriers";
		default: return "shared memory";
		}
	}
	switch (s->kind) {
	case SWEEP_BLOCK_SIZE: return short_form ? "workgroup size" : "work-items per workgroup";
	case SWEEP_REGISTERS: return short_form ? "VGPRs" : "VGPRs per work-item";
	case SWEEP_BARRIERS: return "barriers";
	default: return short_form ? "LDS" : "LDS per workgroup (bytes)";
	}
}

const char *sweep_y_unit(const struct sweep *s)
{
	return s->vendor == GPU_AMD ? "waves" : "warps";
}
