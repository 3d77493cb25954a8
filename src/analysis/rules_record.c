/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* rules_record.c - a kernel record's findings: the profiler's figures that
 * disagree, achieved far below theoretical, whether occupancy matters at
 * all, the profiler's own rules, a what-if of a measured launch, values
 * inferred from the report, and what the report says of its device. */
#include "config.h"

#include "rules_sink.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "engine.h"
#include "params.h"
#include "report_launch.h"
#include "numfmt.h"
#include "strfmt.h"
#include "strutil.h"

/* ---- A kernel record's findings. ---- */

static void crosscheck_findings(struct rules_sink *s, const struct gpu *gpu,
				const struct occ_result *r, const struct crosscheck_record *rep)
{
	const struct crosscheck *c = &rep->check;
	const char *by = report_profiler_name((enum report_profiler)rep->figures_by);
	int left = crosscheck_count(c->disagree);
	struct finding *f = NULL;

	char rule[200] = "";

	/* A disagreement outranks the least severe finding (out is sorted). */
	if (left > 0 && s->n >= RULES_MAX_FINDINGS)
		s->n = RULES_MAX_FINDINGS - 1;
	/* The report's rule, the same for every field: the text's alone. */
	if (left > 0 && !s->titles_only) {
		if (rep->figures_by == REPORT_BY_CUDA_PROFILER)
			strfmt(rule, sizeof(rule), "the CUDA profiler prints it as a fraction, "
				 "compared within its last printed digit");
		else
			crosscheck_rules_text((enum report_ncu_layout)c->layout, rule, sizeof(rule));
	}
	for (int i = 0; i < CROSSCHECK_N_FIELDS; i++) {
		enum crosscheck_field k = (enum crosscheck_field)i;
		/* The two values as the report prints them (crosscheck_value_text),
		 * numbers of the text (its parameters). */
		bool two, range;
		double rv, ov, ov_max;
		char title[128], rep_text[NUMFMT_MAX], occ[2 * NUMFMT_MAX + 1];
		const char *label;
		size_t lb, ll, lr, lo;

		/* Most fields agree: nothing of theirs is worked out. */
		if (!crosscheck_differs(c, k))
			continue;
		two = crosscheck_decimals(k);
		range = (c->bounded >> k) & 1u;
		rv = crosscheck_value(k, c->report[k]);
		crosscheck_bound(c, k, &ov, &ov_max);
		ov = crosscheck_value(k, ov);
		ov_max = crosscheck_value(k, ov_max);
		/* The last free slot takes every disagreement left: none is dropped. */
		if (f && s->n >= RULES_MAX_FINDINGS) {
			if (range)
				rules_more(f, two ? " %s: %s %.2f, occview %.2f-%.2f." :
						    " %s: %s %.0f, occview %.0f-%.0f.",
					   crosscheck_label(k), by, rv, ov, ov_max);
			else if (two)
				rules_more(f, " %s: %s %.2f, occview %.2f.", crosscheck_label(k), by,
					   rv, ov);
			else
				rules_more(f, " %s: %s %.0f, occview %.0f.", crosscheck_label(k), by,
					   rv, ov);
			continue;
		}
		/* strfmt's "%s disagrees: %s %.2f, occview %.2f" (%.0f), in copies
		 * where it fits (a raw page has a dozen a record), else strfmt's cut. */
		label = crosscheck_label(k);
		lb = strlen(by);
		ll = strlen(label);
		lr = numfmt_fixed(rep_text, rv, two ? 2 : 0);
		lo = numfmt_fixed(occ, ov, two ? 2 : 0);
		if (range) {
			occ[lo++] = '-';
			lo += numfmt_fixed(occ + lo, ov_max, two ? 2 : 0);
		}
		if (lb + ll + lr + lo + 23 < sizeof(title)) {
			char *t = title;

			memcpy(t, by, lb);
			memcpy(t += lb, " disagrees: ", 12);
			memcpy(t += 12, label, ll);
			*(t += ll) = ' ';
			memcpy(++t, rep_text, lr);
			memcpy(t += lr, ", occview ", 10);
			memcpy(t += 10, occ, lo + 1);
		} else {
			strfmt(title, sizeof(title), "%s disagrees: %s %s, occview %s", by, label,
			       rep_text, occ);
		}
		title[0] = (char)toupper((unsigned char)title[0]);
		if (range)
			f = rules_add(s, "crosscheck", RULES_WARNING, title,
				      two ? "%s: %s %.2f, occview %.2f-%.2f, a bound over every "
					    "GPC layout that fits." :
					    "%s: %s %.0f, occview %.0f-%.0f, a bound over every "
					    "GPC layout that fits.",
				      crosscheck_label(k), by, rv, ov, ov_max);
		else
			f = rules_add(s, "crosscheck", RULES_WARNING, title,
				      two ? "%s: %s %.2f, occview %.2f." : "%s: %s %.0f, occview %.0f.",
				      crosscheck_label(k), by, rv, ov);
		if (rep->figures_by == REPORT_BY_CODEXL)
			rules_more(f, " occview computed it from the launch the report gives, on "
				"%s (%s, %d CUs), as CodeXL counts it: waves per CU of whole "
				"work-groups, capped at the work-group limit, the occupancy over the "
				"CU's wave slots. CodeXL's own rules differ from LLVM's, which occview "
				"follows: it adds 2 SGPRs (VCC) and rounds to 16 (8 before GFX8) out "
				"of 800 (512), and divides the LDS the OpenCL runtime reported, "
				"unrounded; the report's value is shown as it is.",
				gpu->name, gpu->arch.amd.target, gpu->sm_count);
		else
			rules_more(f, " occview computed it from the launch the report gives, on "
				"%s (cc %d.%d, %d SMs) with a %lld KB shared-memory configuration%s, "
				"as the report's version computes it (%s); the report's value is "
				"shown as it is.", gpu->name, gpu->arch.cc_major, gpu->arch.cc_minor,
				gpu->sm_count, (long long)(r->smem_config_bytes / 1024),
				r->smem_config_from_driver ? " (the driver's choice)" : "", rule);
		if (--left > 0 && s->n == RULES_MAX_FINDINGS)
			rules_more(f, " Also:");
	}
}

static void achieved_gap(struct rules_sink *s, const struct gpu *gpu, const struct occ_result *r,
			 const struct waves *w, const struct crosscheck_record *rep,
			 double theoretical)
{
	const struct engine_words *e = engine_words(&gpu->arch);
	double achieved = rep->achieved_occupancy_pct.value, gap = theoretical - achieved;
	char title[128];
	struct finding *f;

	if (!rep->achieved_occupancy_pct.present || gap <= 10.0)
		return;
	strfmt(title, sizeof(title), "Achieved occupancy far below theoretical (%.1f%% of %.1f%%)",
		 achieved, theoretical);
	/* The threshold and the causes are Nsight Compute's rule's: quoted on
	 * NVIDIA, where the user runs it; elsewhere occview's own words, which
	 * do not put a wave in the rule's mouth. The parameters are the same. */
#define GAP_FIGURES "Measured achieved occupancy is %.1f%%, %.1f points below the %.1f%% theoretical "
#define GAP_CAUSES "difference can be the result of %s scheduling overheads or workload " \
		   "imbalances during the kernel execution."
	f = rules_add(s, "achieved_gap", RULES_WARNING, title,
		      e->quotes_profiler_rules
		      ? GAP_FIGURES "(Nsight Compute's rule flags a gap over 10 points). As that "
				    "rule puts it, the " GAP_CAUSES
		      : GAP_FIGURES "(occview flags a gap over 10 points, the threshold NVIDIA's "
				    "Nsight Compute uses). The " GAP_CAUSES,
		      achieved, gap, theoretical, e->warp);
#undef GAP_FIGURES
#undef GAP_CAUSES
	rules_more(f, " Imbalance: %s were not resident evenly across the %d %s and their %d %s each; "
	     "a partial last %s (tail) leaves %s idle; and %s whose durations vary keep %s "
	     "waiting for its longest %s, as %s that finish early within %s leave their slots "
	     "empty until the whole %s retires.", e->warps, gpu->sm_count, e->units,
	     engine_schedulers_per_unit(&gpu->arch), e->schedulers, e->wave, e->units, e->blocks,
	     e->a_unit, e->block, e->warps, e->a_block, e->block);
	if (r->active_blocks_per_sm <= 0)
		return;
	rules_more(f, " With uniform %s durations the %s alone predict %.1f%% achieved "
	     "(%.2f %s %s): ", e->block, e->waves, w->predicted_achieved_pct, w->waves_per_sm,
	     e->waves, e->waves_count);
	if (w->predicted_achieved_pct - achieved <= 10.0)
		rules_more(f, "the grid's shape explains most of the gap; a larger grid or more %s "
			   "would help.", e->waves);
	else
		rules_more(f, "the grid's shape does not explain the gap; look for imbalance between "
			   "and within %s.", e->blocks);
}

/* Is occupancy the problem? The schedulers' measured figures answer it as
 * NVIDIA's own rules read them (Nsight Compute's IssueSlotUtilization and
 * Speed Of Light rules, occview-formats(5)): a scheduler issues at most one
 * instruction a cycle, and issuing on fewer than 60 % of its active cycles
 * leaves the hardware underused; the cause is too few active warps (under
 * one per scheduler) or too few eligible ones, which more resident warps
 * can hide unless occupancy is already at its maximum. A unit at 80 % of its
 * peak or more is the bottleneck: more warps would only queue for it. */
static void occupancy_matters(struct rules_sink *s, const struct gpu *gpu, const struct occ_result *r,
			      const struct crosscheck_record *rep)
{
	const struct report_sched *m = &rep->sched;
	int subs = gpu->arch.sm_subpartitions > 0 ? gpu->arch.sm_subpartitions : 1;
	double theo = (double)r->active_warps_per_sm / subs, issue, max, busy = 0;
	const char *unit = NULL;
	struct finding *f;

	if (!engine_of(&gpu->arch)->scheduler_stats)
		return;
	/* The exact figure first: Nsight Compute prints "One or More Eligible"
	 * to two decimals of a percent (59.86 %) and "Issued Warp Per
	 * Scheduler", the same measurement, to two decimals of a warp (0.60),
	 * which crosses the 0.6 threshold its IssueSlotUtilization rule used. */
	issue = m->issue_active_pct.present ? m->issue_active_pct.value / 100.0
		: m->issued_warps.present ? m->issued_warps.value : -1;
	max = m->max_warps.present ? m->max_warps.value : (double)r->max_warps_per_sm / subs;
	if (m->sm_throughput_pct.present && m->sm_throughput_pct.value >= 80.0) {
		unit = "compute (SM)";
		busy = m->sm_throughput_pct.value;
	}
	if (m->memory_throughput_pct.present && m->memory_throughput_pct.value >= 80.0 &&
	    m->memory_throughput_pct.value > busy) {
		unit = "memory";
		busy = m->memory_throughput_pct.value;
	}
	if (unit) {
		rules_add(s, "occupancy_enough", RULES_INFO, "Occupancy is not what limits this kernel",
		    "The measured %s throughput is %.1f%% of its peak (Speed Of Light; Nsight Compute "
		    "calls 80%% or more the bottleneck): more resident warps would wait for the same "
		    "unit. Raising the %.1f%% theoretical occupancy is not worth chasing; the work per "
		    "byte or per instruction is.", unit, busy, r->theoretical_occupancy_pct);
		return;
	}
	if (issue < 0)
		return;
	if (issue >= 0.6) {
		f = rules_add(s, "occupancy_enough", RULES_INFO, "Issue slots are busy: occupancy is enough",
			"Each scheduler issued an instruction on %.0f%% of its active cycles (NVIDIA's "
			"IssueSlotUtilization rule looks for 60%% or more): the resident warps already hide their "
			"latency, and more occupancy than the %.1f%% theoretical would add little.",
			issue * 100.0, r->theoretical_occupancy_pct);
		if (m->active_warps.present)
			rules_more(f, " Measured: %.2f active warps per scheduler.", m->active_warps.value);
		return;
	}
	/* The id says the verdict, as the title does: at the maximum, more
	 * occupancy cannot help, whatever the idle slots say. */
	f = rules_add(s, theo < max - 0.5 ? "occupancy_helps" : "occupancy_at_maximum", RULES_WARNING,
		theo < max - 0.5 ? "Schedulers idle for want of warps: raising occupancy can help"
				 : "Schedulers idle, and occupancy is at its maximum",
		"Each scheduler issued an instruction every %.1f cycles (%.0f%% of its issue slots; "
		"NVIDIA's IssueSlotUtilization rule looks for 60%%): a cycle with no eligible warp "
		"issues nothing.", 1.0 / issue, issue * 100.0);
	if (m->active_warps.present)
		rules_more(f, " It held %.2f active warps on average, of %.0f it can hold (%.2f theoretical "
		     "for this launch)", m->active_warps.value, max, theo);
	if (m->eligible_warps.present)
		rules_more(f, "%s %.2f eligible per cycle", m->active_warps.present ? ", and" : " It had",
		     m->eligible_warps.value);
	if (m->active_warps.present || m->eligible_warps.present)
		rules_more(f, ".");
	if (m->active_warps.present && m->active_warps.value < 1.0)
		rules_more(f, " Fewer than one active warp per scheduler: more warps per SM (occupancy) is the "
		     "direct remedy, as is balancing work between warps.");
	else if (theo < max - 0.5)
		rules_more(f, " More resident warps give each scheduler more candidates to cover the stalls: "
		     "raise the theoretical occupancy (%.1f%%, %.2f warps per scheduler) past what "
		     "limits it, or shorten the stalls themselves.", r->theoretical_occupancy_pct, theo);
	else
		rules_more(f, " More warps cannot be resident: the stalls themselves must shrink (Nsight "
		     "Compute's Warp State Statistics names them).");
}

/* Where the measured figures say occupancy is enough, the advice that raises
 * it says so: its consequences are the cost without the gain. */
static void advice_not_needed(struct finding *out, int n)
{
	static const char *const advice[] = { "registers_advice", "carveout_advice" };
	const struct finding *enough = NULL;

	for (int i = 0; i < n && !enough; i++)
		if (strcmp(out[i].id, "occupancy_enough") == 0)
			enough = &out[i];
	if (!enough)
		return;
	for (int i = 0; i < n; i++)
		for (size_t k = 0; k < sizeof(advice) / sizeof(advice[0]); k++)
			if (strcmp(out[i].id, advice[k]) == 0)
				rules_more(&out[i], " The kernel's measured figures say occupancy is already "
				     "enough (\"%s\"): this step is unlikely to pay.", enough->title);
}

/* The profiler's own rule results, in its words: beside occview's, each its
 * own finding and never mixed with them; those of the occupancy's sections
 * only, at most PROFILER_RULES_SHOWN (JSON has them all). */
#define PROFILER_RULES_SHOWN 3
static void profiler_rules(struct rules_sink *s, const struct crosscheck_record *rep)
{
	static const char *const sections[] = { "Occupancy", "SchedulerStats", "LaunchStats",
						"WarpStateStats" };
	int shown = 0;

	for (size_t k = 0; k < sizeof(sections) / sizeof(sections[0]); k++)
		for (size_t i = 0; i < rep->n_rules && shown < PROFILER_RULES_SHOWN; i++) {
			const struct report_rule *u = &rep->rules[i];
			char name[64], text[sizeof(((struct finding *)0)->text) * 2], cut[1000];
			char title[sizeof(((struct finding *)0)->title)], speedup[48] = "";

			if (strcmp(u->section, sections[k]) != 0)
				continue;
			str_sanitize(u->name, name, sizeof(name));
			str_sanitize(u->text, text, sizeof(text));
			if (u->speedup_pct.present)
				strfmt(speedup, sizeof(speedup), ", est. %s%sspeedup %.2f%%",
					 u->speedup_type, u->speedup_type[0] ? " " : "",
					 u->speedup_pct.value);
			strfmt(title, sizeof(title), "Nsight Compute's rule %s (%s%s)", name,
				 u->type[0] ? u->type : "rule", speedup);
			rules_add(s, "profiler_rule", RULES_INFO, title, "In the profiler's words: \"%s\"",
			    str_ellipsize(text, (int)sizeof(cut) - 40, false, "...", cut, sizeof(cut)));
			shown++;
		}
}

/* A what-if of a measured launch: what changed, and what of the
 * measurement no longer holds for it. */
static void whatif(struct rules_sink *s, const struct gpu *gpu, const struct occ_result *r,
		   const struct crosscheck_record *rep, const struct launch *measured,
		   const struct launch *l)
{
	struct finding *f;
	char was[64], now[64];
	int listed = 0;

	f = rules_add(s, "whatif", RULES_INFO, "A what-if of the measured launch", "This is not the "
		"launch the report measured:");
	for (int p = 0; p < PARAM_GPU; p++) {
		if (!(rep->changed & PARAM_BIT(p)))
			continue;
		param_write(measured, (enum launch_param)p, was, sizeof(was));
		param_write(l, (enum launch_param)p, now, sizeof(now));
		rules_more(f, "%s %s changed from %s to %s", listed++ ? "," : "",
		     param_label((enum launch_param)p, gpu->arch.vendor), was, now);
	}
	if (rep->changed & PARAM_BIT(PARAM_GPU))
		rules_more(f, "%s the GPU is %s (%d %s), not the one measured", listed++ ? "," : "",
		     gpu->name, gpu->sm_count, gpu_units(&gpu->arch));
	rules_more(f, ".");
	if (rep->dropped & MEASURED_SMEM_CONFIG)
		rules_more(f, " The driver chose %lld KB of shared memory per SM for the measured launch; "
		     "it may choose another for this one, so occview applies the runtime's rule "
		     "as cudaOccupancyMaxActiveBlocksPerMultiprocessor does (%s: %lld KB).",
		     (long long)(rep->smem_config_bytes.value / 1024),
		     l->carveout_pct == LAUNCH_CARVEOUT_DEFAULT ? "the default carveout"
								: "the carveout given",
		     (long long)(r->smem_config_bytes / 1024));
	if (rep->dropped & MEASURED_CROSSCHECK)
		rules_more(f, " The profiler's own limits and theoretical occupancy are of the measured "
		     "launch, so nothing is cross-checked.");
	if (rep->dropped & MEASURED_ACHIEVED)
		rules_more(f, " What was measured (achieved occupancy, duration, per-SM values) is of the "
		     "measured launch, not of this one.");
	if (rep->dropped & MEASURED_DEVICE)
		rules_more(f, " The report's device and its SM count are of the GPU it ran on, not of "
		     "this one.");
}

/* One inferred value's sentence: the range, the limit it came from (and
 * against what), the value used. */
static void inferred_value(struct finding *f, const char *what, const struct report_range *range,
			   const char *unit, const char *limit, const char *against, int64_t used)
{
	if (range->lo == range->hi)
		rules_more(f, " %s: %d%s, the only value that gives Nsight Compute's %s %d%s.", what,
		     range->lo, unit, limit, range->limit, against);
	else
		rules_more(f, " %s: %d%s to %d%s give Nsight Compute's %s %d%s; occview uses %lld%s, "
		     "the most.", what, range->lo, unit, range->hi, unit, limit, range->limit, against,
		     (long long)used, unit);
}

/* Launch values the report lacks, inferred from its own limits. */
static void inferred(struct rules_sink *s, const struct occ_result *r,
		     const struct crosscheck_record *rep, const struct launch *l)
{
	const struct report_inferred *inf = &rep->inferred;
	struct finding *f;
	char against[160];

	f = rules_add(s, "inferred", RULES_INFO, "Launch values inferred from the report's limits",
		"The report does not give every value of this launch, so occview inferred them "
		"from Nsight Compute's own block limits at %d threads per block, as its version "
		"prints them.", launch_threads_per_block(l));
	if (inf->params & PARAM_BIT(PARAM_REGISTERS))
		inferred_value(f, "Registers per thread", &inf->registers, "", "Block Limit Registers",
			       "", l->regs_per_thread);
	if (inf->params & (PARAM_BIT(PARAM_STATIC_SMEM) | PARAM_BIT(PARAM_DYNAMIC_SMEM))) {
		strfmt(against, sizeof(against), " against a %lld KB configuration%s",
			 (long long)(r->smem_config_bytes / 1024), r->smem_config_from_driver
			 ? ", the driver's" : " (the report does not say which the driver chose: "
			 "the runtime's default)");
		inferred_value(f, "Shared memory per block", &inf->smem_bytes, " B",
			       "Block Limit Shared Mem", against,
			       l->static_smem_bytes + l->dynamic_smem_bytes);
	}
	if (inf->params & PARAM_BIT(PARAM_BARRIERS))
		inferred_value(f, "Barriers per block", &inf->barriers, "", "Block Limit Barriers", "",
			       l->barriers);
	rules_more(f, " Any value in a range gives Nsight Compute's figures; with the most, a next step "
	     "that gains a block gains it whatever the kernel's own value, and a what-if starts "
	     "from it.");
}

int rules_report(const struct gpu *gpu, const struct occ_result *r, const struct waves *w,
		 const struct crosscheck_record *rep, const struct launch *measured,
		 const struct launch *l, struct finding *out, int n, enum rules_text text)
{
	struct rules_sink s = { .out = out, .n = n, .titles_only = text == RULES_TITLES,
				.params = text == RULES_PARAMS, .n_steps = -1 };
	char shown[sizeof(rep->device) * 4], uses[GPU_NAME_MAX + 96];

	if (!rep->present)
		return n;
	/* Disagreements first: they must find room. */
	crosscheck_findings(&s, gpu, r, rep);
	if (measured && rep->changed)
		whatif(&s, gpu, r, rep, measured, l);
	if (rep->inferred.params && !rep->changed)
		inferred(&s, r, rep, l);
	if (!rep->changed) {
		occupancy_matters(&s, gpu, r, rep);
		advice_not_needed(out, s.n);
		profiler_rules(&s, rep);
	}
	if (!(rep->dropped & MEASURED_ACHIEVED))
		achieved_gap(&s, gpu, r, w, rep, crosscheck_has(&rep->check, CROSSCHECK_THEORETICAL)
			     ? rep->check.report[CROSSCHECK_THEORETICAL] : r->theoretical_occupancy_pct);
	if (rep->db_sm_count > 0)
		rules_add(&s, "report_sm_count", RULES_INFO, "The report's SM count differs from the database's",
		    "The report says %lld %s; the database has %d for %s. occview uses the report's "
		    "count for waves and the per-SM view.", (long long)rep->sm_count.value,
		    gpu_units(&gpu->arch), rep->db_sm_count, gpu->name);
	if (r->smem_config_from_driver)
		rules_add(&s, "driver_smem_config", RULES_INFO, "Shared-memory configuration chosen by the driver",
		    "With the default carveout the driver chose %lld KB of shared memory per SM for "
		    "this launch (the report's Shared Memory Configuration Size: %lld B), and occview "
		    "uses it rather than assume the largest (%lld KB). %s",
		    (long long)(rep->smem_config_bytes.value / 1024),
		    (long long)rep->smem_config_bytes.value,
		    (long long)(gpu->arch.smem_per_sm_bytes / 1024),
		    r->smem_config_bytes != rep->smem_config_bytes.value
		    ? "One block needs more than it, so occview raised the configuration to the "
		      "smallest that holds one."
		    : "A kernel that allocated more would get a larger one.");
	if (rep->device_unknown) {
		str_sanitize(rep->device, shown, sizeof(shown));
		/* A stand-in's count has its own finding (stand_in). */
		if (gpu->stand_in)
			strfmt(uses, sizeof(uses), "the limits of its architecture (%s)",
				 gpu->arch.arch);
		else
			strfmt(uses, sizeof(uses), "%s, of the same architecture (%s) and with the "
				 "report's %d %s", gpu->name, gpu->arch.arch, gpu->sm_count,
				 gpu_units(&gpu->arch));
		rules_add(&s, "device_unknown", RULES_INFO, "Device not in the GPU database",
		    "The report names the device \"%s\", which the GPU database does not know; occview "
		    "uses %s. --gpu chooses another GPU; --gpu-db adds the device.", shown, uses);
	}
	rules_sort(out, s.n);
	return s.n;
}
