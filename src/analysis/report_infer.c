/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* report_infer.c - launch values from Nsight Compute's own block limits
 * (report_infer.h). A limit never grows with the resource a block uses, so
 * the values that give the report's limit are one range, found by two
 * binary searches. */
#include "config.h"

#include "report_infer.h"

#include "crosscheck.h"
#include "engine.h"
#include "occupancy.h"
#include "params.h"

/* The launch as a candidate value of one resource sets it. */
enum resource { R_REGISTERS, R_SMEM, R_BARRIERS };

struct search {
	const struct report_record *rec;
	const struct gpu_arch *arch;
	struct launch l;            /* the launch so far */
	enum resource what;
	enum occ_factor factor;
	int64_t printed;            /* the report's limit */
	int64_t unit, reserve;      /* shared memory: allocation unit, the driver's reserve */
};

/* Candidate i: registers and barriers count from 1; shared memory is the
 * most a block can use for the i-th allocation (i = 0: none at all). */
static int64_t candidate(const struct search *s, int64_t i)
{
	switch (s->what) {
	case R_SMEM:
		if (i == 0)
			return 0;
		return i * s->unit - s->reserve > 0 ? i * s->unit - s->reserve : 0;
	case R_REGISTERS:
	case R_BARRIERS:
		break;
	}
	return i + 1;
}

/* occview's limit at candidate i, as the report's version prints it. */
static int64_t limit_at(const struct search *s, int64_t i)
{
	struct launch l = s->l;
	struct occ_input in;
	struct occ_result r;
	int64_t v = candidate(s, i);

	switch (s->what) {
	case R_REGISTERS:
		l.regs_per_thread = (int)v;
		break;
	case R_SMEM:
		l.static_smem_bytes = v;
		l.dynamic_smem_bytes = 0;
		break;
	case R_BARRIERS:
		l.barriers = (int)v;
		break;
	}
	occ_input_from_launch(&l, &in);
	occ_input_measured_config(&in, s->rec->smem_config_bytes.present
				  ? s->rec->smem_config_bytes.value : -1);
	occ_compute(s->arch, &in, &r);
	return crosscheck_limit_as_printed(s->arch, &r, s->factor,
					   (enum report_ncu_layout)s->rec->ncu_layout, s->printed);
}

/* The first candidate in [0, n) whose limit is at most (below: under)
 * target; n when none is. */
static int64_t first(const struct search *s, int64_t n, int64_t target, bool below)
{
	int64_t lo = 0, hi = n;

	while (lo < hi) {
		int64_t mid = lo + (hi - lo) / 2;
		int64_t v = limit_at(s, mid);

		if (below ? v < target : v <= target)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

/* The range of values whose limit is the report's, among n candidates;
 * false when none gives it. */
static bool range_of(const struct search *s, int64_t n, struct report_range *out)
{
	int64_t a = first(s, n, s->printed, false), b = first(s, n, s->printed, true);

	if (a >= n || a >= b || limit_at(s, a) != s->printed)
		return false;
	out->limit = (int32_t)s->printed;
	if (s->what == R_SMEM) {
		/* candidate(a) is its allocation's most; the least with that
		 * allocation is one unit less one byte below it. */
		int64_t least = candidate(s, a) - s->unit + 1;

		out->lo = (int32_t)(a == 0 || least < 0 ? 0 : least);
		out->hi = (int32_t)candidate(s, b - 1);
	} else {
		out->lo = (int32_t)candidate(s, a);
		out->hi = (int32_t)candidate(s, b - 1);
	}
	return true;
}

/* One resource's range from its limit, among n candidates. */
static bool infer_one(struct search *s, enum resource what, enum occ_factor factor,
		      const struct report_int *limit, int64_t n, struct report_range *range,
		      struct report_inferred *out)
{
	static const enum crosscheck_field field[] = {
		[OCC_REGISTERS] = CROSSCHECK_REGISTERS, [OCC_SHARED_MEM] = CROSSCHECK_SHARED_MEM,
		[OCC_BARRIERS] = CROSSCHECK_BARRIERS,
	};

	if (!limit->present || n <= 0)
		return false;
	s->what = what;
	s->factor = factor;
	s->printed = limit->value;
	if (!range_of(s, n, range))
		return false;
	out->from |= (uint16_t)(1u << field[factor]);
	return true;
}

static bool infer_registers(struct search *s, struct report_inferred *out)
{
	if (!infer_one(s, R_REGISTERS, OCC_REGISTERS, &s->rec->limit_registers,
		       s->arch->max_regs_per_thread, &out->registers, out))
		return false;
	s->l.regs_per_thread = (int)out->registers.hi;
	return true;
}

/* The block's whole shared memory; the caller splits it. */
static bool infer_smem(struct search *s, struct report_inferred *out)
{
	int64_t most = s->arch->smem_per_block_optin_bytes > s->arch->smem_per_block_bytes
		? s->arch->smem_per_block_optin_bytes : s->arch->smem_per_block_bytes;

	s->unit = s->arch->smem_alloc_unit_bytes;
	s->reserve = s->arch->smem_reserved_per_block_bytes;
	if (s->unit <= 0 || !infer_one(s, R_SMEM, OCC_SHARED_MEM, &s->rec->limit_smem,
				       (most + s->reserve) / s->unit + 1, &out->smem_bytes, out))
		return false;
	if (out->smem_bytes.hi > most)
		out->smem_bytes.hi = (int32_t)most;
	return true;
}

/* Barriers limit blocks from cc 9.0; before that any count gives the same
 * limit, and the launch default stands. A block has at most 16. */
static bool infer_barriers(struct search *s, struct report_inferred *out)
{
	if (s->arch->barriers_per_sm <= 0 ||
	    !infer_one(s, R_BARRIERS, OCC_BARRIERS, &s->rec->limit_barriers, 16, &out->barriers, out))
		return false;
	s->l.barriers = (int)out->barriers.hi;
	return true;
}

unsigned report_infer(const struct report_record *rec, const struct gpu_arch *arch,
		      unsigned want, struct launch *l, struct report_inferred *out)
{
	const unsigned smem = PARAM_BIT(PARAM_STATIC_SMEM) | PARAM_BIT(PARAM_DYNAMIC_SMEM);
	struct search s = { .rec = rec, .arch = arch, .l = *l };
	unsigned lacking = want;

	*out = (struct report_inferred){ 0 };
	if (!engine_of(arch)->profiler_block_limits || launch_threads_per_block(l) <= 0 ||
	    launch_threads_per_block(l) > arch->max_threads_per_block)
		return lacking;
	if ((want & PARAM_BIT(PARAM_REGISTERS)) && infer_registers(&s, out))
		lacking &= ~PARAM_BIT(PARAM_REGISTERS);
	if ((want & PARAM_BIT(PARAM_BARRIERS)) && infer_barriers(&s, out))
		lacking &= ~PARAM_BIT(PARAM_BARRIERS);
	if ((want & smem) && infer_smem(&s, out)) {
		int64_t known = 0;

		if (!(want & PARAM_BIT(PARAM_STATIC_SMEM)))
			known = s.l.static_smem_bytes;
		else if (!(want & PARAM_BIT(PARAM_DYNAMIC_SMEM)))
			known = s.l.dynamic_smem_bytes;
		/* The known part must fit in the range, the rest takes the most. */
		if (known <= out->smem_bytes.hi) {
			int64_t rest = out->smem_bytes.hi - known;

			if (!(want & PARAM_BIT(PARAM_STATIC_SMEM)))
				s.l.dynamic_smem_bytes = rest;
			else if (!(want & PARAM_BIT(PARAM_DYNAMIC_SMEM)))
				s.l.static_smem_bytes = rest;
			else {
				/* static as far as a block may have it (48 KB); the
				 * rest can only be dynamic */
				int64_t st = out->smem_bytes.hi < arch->smem_per_block_bytes
					? out->smem_bytes.hi : arch->smem_per_block_bytes;

				s.l.static_smem_bytes = st;
				s.l.dynamic_smem_bytes = out->smem_bytes.hi - st;
			}
			lacking &= ~smem;
		}
	}
	out->params = want & ~lacking;
	if (!(out->params & smem))
		out->from &= (uint16_t)~(1u << CROSSCHECK_SHARED_MEM);
	*l = s.l;
	return lacking;
}
