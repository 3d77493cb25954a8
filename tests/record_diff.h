/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* record_diff.h - which field two kernel records differ in: for the report
 * tests (reportutil.h) and the fuzz harness, which has no Check. */
#ifndef OCC_RECORD_DIFF_H
#define OCC_RECORD_DIFF_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "report.h"

static inline bool same_text(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

static inline bool same_doubles(const double *a, const double *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (a[i] != b[i])
			return false;
	return true;
}

/* The first field in which two records differ, or NULL when they are the
 * same in every field (and line, when lines says so). A field added to
 * struct report_record belongs here too. */
static inline const char *record_diff(const struct report_record *x,
				      const struct report_record *y, bool lines)
{
#define DIFF_VALUE(f)                                                            \
	do {                                                                     \
		if (x->f.present != y->f.present || x->f.value != y->f.value)    \
			return #f;                                               \
	} while (0)
#define DIFF_TEXT(f)                             \
	do {                                     \
		if (!same_text(x->f, y->f))      \
			return #f;               \
	} while (0)
	if (lines && x->line != y->line)
		return "line";
	DIFF_VALUE(id);
	DIFF_TEXT(name);
	DIFF_TEXT(short_name);
	DIFF_TEXT(process);
	DIFF_TEXT(device);
	if (x->vendor != y->vendor)
		return "vendor";
	DIFF_VALUE(cc_major);
	DIFF_VALUE(cc_minor);
	DIFF_TEXT(gfx_target);
	DIFF_VALUE(sm_count);
	for (int d = 0; d < 3; d++) {
		DIFF_VALUE(grid[d]);
		DIFF_VALUE(block[d]);
		DIFF_VALUE(cluster[d]);
	}
	DIFF_VALUE(registers);
	DIFF_VALUE(static_smem_bytes);
	DIFF_VALUE(dynamic_smem_bytes);
	DIFF_VALUE(driver_smem_bytes);
	DIFF_VALUE(smem_config_bytes);
	DIFF_VALUE(barriers);
	DIFF_VALUE(wave_size);
	DIFF_VALUE(arch_vgprs);
	DIFF_VALUE(accum_vgprs);
	DIFF_VALUE(sgprs);
	DIFF_VALUE(lds_bytes);
	DIFF_VALUE(scratch_bytes);
	DIFF_VALUE(duration_ns);
	DIFF_VALUE(achieved_occupancy_pct);
	DIFF_VALUE(achieved_active_warps);
	DIFF_VALUE(invocations);
	DIFF_VALUE(achieved_min_pct);
	DIFF_VALUE(achieved_max_pct);
	if (!x->achieved_from != !y->achieved_from ||
	    (x->achieved_from && strcmp(x->achieved_from, y->achieved_from) != 0))
		return "achieved_from";
	DIFF_VALUE(sched.active_warps);
	DIFF_VALUE(sched.eligible_warps);
	DIFF_VALUE(sched.issued_warps);
	DIFF_VALUE(sched.issue_active_pct);
	DIFF_VALUE(sched.max_warps);
	DIFF_VALUE(sched.sm_throughput_pct);
	DIFF_VALUE(sched.memory_throughput_pct);
	if (x->n_rules != y->n_rules)
		return "n_rules";
	for (size_t i = 0; i < x->n_rules; i++)
		if (strcmp(x->rules[i].name, y->rules[i].name) != 0 ||
		    strcmp(x->rules[i].text, y->rules[i].text) != 0 ||
		    strcmp(x->rules[i].section, y->rules[i].section) != 0 ||
		    strcmp(x->rules[i].type, y->rules[i].type) != 0 ||
		    strcmp(x->rules[i].speedup_type, y->rules[i].speedup_type) != 0 ||
		    x->rules[i].speedup_pct.present != y->rules[i].speedup_pct.present ||
		    x->rules[i].speedup_pct.value != y->rules[i].speedup_pct.value)
			return "rules";
	DIFF_VALUE(counted_active_warps);
	DIFF_VALUE(counted_active_cycles);
	if (x->ncu_layout != y->ncu_layout)
		return "ncu_layout";
	DIFF_VALUE(theoretical_active_warps);
	DIFF_VALUE(theoretical_warps_per_scheduler);
	DIFF_VALUE(registers_allocated);
	DIFF_VALUE(smem_per_block_bytes);
	DIFF_VALUE(smem_allocated_bytes);
	if (x->n_sm != y->n_sm || (x->n_sm && !same_doubles(x->sm_achieved_pct, y->sm_achieved_pct,
							     x->n_sm)))
		return "sm_achieved_pct";
	if (x->n_sm_events != y->n_sm_events ||
	    (x->n_sm_events &&
	     (!x->sm_active_warps != !y->sm_active_warps ||
	      !x->sm_active_cycles != !y->sm_active_cycles ||
	      (x->sm_active_warps &&
	       !same_doubles(x->sm_active_warps, y->sm_active_warps, x->n_sm_events)) ||
	      (x->sm_active_cycles &&
	       !same_doubles(x->sm_active_cycles, y->sm_active_cycles, x->n_sm_events)))))
		return "sm_active_warps/cycles";
	DIFF_VALUE(theoretical_occupancy_pct);
	DIFF_VALUE(theoretical_step_pct);
	if (x->figures_by != y->figures_by)
		return "figures_by";
	DIFF_VALUE(waves_per_sm);
	DIFF_VALUE(limit_warps);
	DIFF_VALUE(limit_blocks);
	DIFF_VALUE(limit_registers);
	DIFF_VALUE(limit_smem);
	DIFF_VALUE(limit_barriers);
	for (int i = 0; i < REPORT_AMD_N_LIMITS; i++)
		DIFF_VALUE(amd_waves_limit[i]);
	DIFF_VALUE(amd_max_waves_per_cu);
#undef DIFF_VALUE
#undef DIFF_TEXT
	return NULL;
}

#endif
