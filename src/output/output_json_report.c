/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* output_json_report.c - a kernel record's "report" object in JSON: the
 * profiler's measured context, its schedulers, its own rules and figures,
 * the launch values inferred from them, and the cross-check. */
#include "config.h"

#include "output_json_keys.h"

#include "jsonw_cur.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "params.h"
#include "report_launch.h"
#include "strfmt.h"

JSONW_INLINE_ void key_report_int(struct jsonw *w, struct jsonw_name key, const struct report_int *v)
{
	key_int_if(w, key, v->present, v->value);
}

JSONW_INLINE_ void key_report_num(struct jsonw *w, struct jsonw_name key, const struct report_num *v)
{
	key_real_if(w, key, v->present, v->value);
}

/* Whether the launch is the one the report measured: the parameters that
 * differ (their launch-list names) and the measured facts dropped with
 * them. null when the record could not be analysed. */
static void measured_json(struct jsonw *w, struct jsonw_cur *c, const struct analysis *a)
{
	static const struct { unsigned bit; const char *key; } facts[] = {
		{ MEASURED_SMEM_CONFIG, "shared_mem_config" }, { MEASURED_CROSSCHECK, "crosscheck" },
		{ MEASURED_ACHIEVED, "measured" }, { MEASURED_DEVICE, "device" },
	};
	const struct crosscheck_record *p = &a->report;
	unsigned dropped = 0;

	if (!a->ok) {
		jsonw_cur_null(w, c, JSONW_NAME("launch_as_measured"));
		return;
	}
	jsonw_cur_bool(w, c, JSONW_NAME("launch_as_measured"), p->changed == 0);
	if (p->changed == 0) {
		jsonw_cur_empty_array(w, c, JSONW_NAME("changed"));
	} else {
		jsonw_cur_key(w, c, JSONW_NAME("changed"));
		jsonw_array(w);
		for (int i = 0; i < PARAM_N; i++)
			if (p->changed & PARAM_BIT(i))
				jsonw_word(w, param_info((enum launch_param)i)->column);
		jsonw_end(w);
		jsonw_cur_resume(w, c);
	}
	for (size_t i = 0; i < sizeof(facts) / sizeof(facts[0]); i++)
		dropped |= facts[i].bit;
	if (!(p->dropped & dropped)) {
		jsonw_cur_empty_array(w, c, JSONW_NAME("dropped"));
		return;
	}
	jsonw_cur_key(w, c, JSONW_NAME("dropped"));
	jsonw_array(w);
	for (size_t i = 0; i < sizeof(facts) / sizeof(facts[0]); i++)
		if (p->dropped & facts[i].bit)
			jsonw_word(w, facts[i].key);
	jsonw_end(w);
	jsonw_cur_resume(w, c);
}

/* The schedulers, measured: null where the report has none (or a what-if
 * dropped them with the rest of the measurement). */
static void sched_json(struct jsonw *w, struct jsonw_cur *c, const struct crosscheck_record *p)
{
	const struct report_sched *m = &p->sched;

	if (!report_sched_any(m) || (p->dropped & MEASURED_ACHIEVED)) {
		jsonw_cur_null(w, c, JSONW_NAME("schedulers"));
		return;
	}
	jsonw_cur_key(w, c, JSONW_NAME("schedulers"));
	jsonw_object(w);
	key_report_num(w, JSONW_NAME("active_warps_per_scheduler"), &m->active_warps);
	key_report_num(w, JSONW_NAME("eligible_warps_per_scheduler"), &m->eligible_warps);
	key_report_num(w, JSONW_NAME("issued_warps_per_scheduler"), &m->issued_warps);
	key_report_num(w, JSONW_NAME("issue_active_pct"), &m->issue_active_pct);
	key_report_num(w, JSONW_NAME("max_warps_per_scheduler"), &m->max_warps);
	key_report_num(w, JSONW_NAME("sm_throughput_pct"), &m->sm_throughput_pct);
	key_report_num(w, JSONW_NAME("memory_throughput_pct"), &m->memory_throughput_pct);
	jsonw_end(w);
	jsonw_cur_resume(w, c);
}

/* The profiler's own rule results, all of them, in its words. */
static void rules_json(struct jsonw *w, struct jsonw_cur *c, const struct crosscheck_record *p)
{
	if (p->n_rules == 0 || p->changed) {
		jsonw_cur_empty_array(w, c, JSONW_NAME("profiler_rules"));
		return;
	}
	jsonw_cur_key(w, c, JSONW_NAME("profiler_rules"));
	jsonw_array(w);
	for (size_t i = 0; i < p->n_rules && !p->changed; i++) {
		const struct report_rule *u = &p->rules[i];

		jsonw_object(w);
		key_file_text(w, JSONW_NAME("section"), u->section);
		key_file_text(w, JSONW_NAME("name"), u->name);
		key_file_text(w, JSONW_NAME("type"), u->type);
		key_file_text(w, JSONW_NAME("text"), u->text);
		jsonw_member(w, JSONW_NAME("speedup_type"));
		if (u->speedup_type[0])
			jsonw_string(w, u->speedup_type);
		else
			jsonw_null(w);
		key_report_num(w, JSONW_NAME("speedup_pct"), &u->speedup_pct);
		jsonw_end(w);
	}
	jsonw_end(w);
	jsonw_cur_resume(w, c);
}

/* What the profiler computed, as printed, and which profiler it was
 * ("nsight_compute", "cuda_profiler": the command-line profiler's occupancy
 * column, "codexl": CodeXL's or the Radeon Compute Profiler's waves per CU
 * by factor and occupancy); null where absent. */
static void profiler_json(struct jsonw *w, struct jsonw_cur *c, const struct crosscheck_figures *f,
			  uint8_t by)
{
	static const enum crosscheck_field amd_fields[REPORT_AMD_N_LIMITS] = {
		[REPORT_AMD_VGPR] = CROSSCHECK_AMD_VGPR_WAVES, [REPORT_AMD_SGPR] = CROSSCHECK_AMD_SGPR_WAVES,
		[REPORT_AMD_LDS] = CROSSCHECK_AMD_LDS_WAVES,
		[REPORT_AMD_WORKGROUP] = CROSSCHECK_AMD_WORKGROUP_WAVES,
	};
	static const struct jsonw_name limit_keys[OCC_N_FACTORS] = {
		[OCC_WARPS] = JSONW_NAME_INIT("block_limit_warps"),
		[OCC_BLOCKS] = JSONW_NAME_INIT("block_limit_blocks"),
		[OCC_REGISTERS] = JSONW_NAME_INIT("block_limit_registers"),
		[OCC_SHARED_MEM] = JSONW_NAME_INIT("block_limit_shared_mem"),
		[OCC_BARRIERS] = JSONW_NAME_INIT("block_limit_barriers"),
	};

	if (!crosscheck_figures_any(f)) {
		jsonw_cur_null(w, c, JSONW_NAME("profiler"));
		return;
	}
	jsonw_cur_key(w, c, JSONW_NAME("profiler"));
	jsonw_object(w);
	key_word(w, JSONW_NAME("name"), by == REPORT_BY_CUDA_PROFILER ? "cuda_profiler"
			      : by == REPORT_BY_CODEXL ? "codexl" : "nsight_compute");
	key_report_num(w, JSONW_NAME("theoretical_occupancy_pct"), &f->theoretical_pct);
	key_report_num(w, JSONW_NAME("theoretical_active_warps"), &f->active_warps);
	key_report_num(w, JSONW_NAME("waves_per_sm"), &f->waves_per_sm);
	for (int i = 0; i < OCC_N_FACTORS; i++)
		key_report_int(w, limit_keys[i], &f->limits[i]);
	if (f->cluster_max_size.present || f->cluster_max_active.present) {
		key_report_int(w, JSONW_NAME("max_active_clusters"), &f->cluster_max_active);
		key_report_int(w, JSONW_NAME("max_cluster_size"), &f->cluster_max_size);
		key_report_num(w, JSONW_NAME("cluster_occupancy_pct"), &f->cluster_occupancy_pct);
	}
	for (int i = 0; i < REPORT_AMD_N_LIMITS; i++)
		key_report_int(w, jsonw_word_name(crosscheck_key(amd_fields[i])), &f->amd_waves[i]);
	jsonw_end(w);
	jsonw_cur_resume(w, c);
}

/* One inferred range: {"min", "max", "from"}. */
static void range_json(struct jsonw *w, struct jsonw_name key, const struct report_range *r,
		       const char *from)
{
	jsonw_member(w, key);
	jsonw_object(w);
	key_int(w, JSONW_NAME("min"), r->lo);
	key_int(w, JSONW_NAME("max"), r->hi);
	key_word(w, JSONW_NAME("from"), from);
	key_int(w, JSONW_NAME("from_value"), r->limit);
	jsonw_end(w);
}

/* Launch values inferred from the profiler's limits; null when none. */
static void inferred_json(struct jsonw *w, struct jsonw_cur *c, const struct report_inferred *inf)
{
	if (!inf->params) {
		jsonw_cur_null(w, c, JSONW_NAME("inferred"));
		return;
	}
	jsonw_cur_key(w, c, JSONW_NAME("inferred"));
	jsonw_object(w);
	if (inf->params & PARAM_BIT(PARAM_REGISTERS))
		range_json(w, JSONW_NAME("registers_per_thread"), &inf->registers, "block_limit_registers");
	if (inf->params & (PARAM_BIT(PARAM_STATIC_SMEM) | PARAM_BIT(PARAM_DYNAMIC_SMEM)))
		range_json(w, JSONW_NAME("shared_mem_per_block_bytes"), &inf->smem_bytes,
			   "block_limit_shared_mem");
	if (inf->params & PARAM_BIT(PARAM_BARRIERS))
		range_json(w, JSONW_NAME("barriers"), &inf->barriers, "block_limit_barriers");
	jsonw_end(w);
	jsonw_cur_resume(w, c);
}

/* A kernel record's own figures and the cross-check; null where absent. */
void output_json_report(struct jsonw *w, const struct analysis *a)
{
	struct crosscheck_record kept;
	const struct crosscheck_record *p = &kept;
	const struct crosscheck *c;
	bool sq;
	struct jsonw_cur k, in;

	/* Facts a what-if dropped are null: a copy without them only where
	 * some were. */
	if (a->report.dropped)
		crosscheck_record_kept(&a->report, &kept);
	else
		p = &a->report;
	c = &p->check;
	sq = p->achieved_sq && p->achieved_occupancy_pct.present;
	jsonw_object(w);
	jsonw_cur_resume(w, &k);
	/* str_sanitize leaves no text empty but the empty one */
	if (p->device[0]) {
		jsonw_cur_key(w, &k, JSONW_NAME("device"));
		jsonw_text(w, p->device, sizeof(p->device) * 4);
		jsonw_cur_resume(w, &k);
	} else {
		jsonw_cur_null(w, &k, JSONW_NAME("device"));
	}
	if (p->gpu_source == REPORT_GPU_NONE)
		jsonw_cur_null(w, &k, JSONW_NAME("device_in_database"));
	else
		jsonw_cur_bool(w, &k, JSONW_NAME("device_in_database"), !p->device_unknown);
	/* Runs appended to one file are told apart: null where the format
	 * does not (one run). */
	cur_int_if(w, &k, JSONW_NAME("run"), p->run > 0, p->run);
	cur_int_if(w, &k, JSONW_NAME("sm_count"), p->sm_count.present, p->sm_count.value);
	cur_int_if(w, &k, JSONW_NAME("database_sm_count"), p->db_sm_count > 0, p->db_sm_count);
	cur_real_if(w, &k, JSONW_NAME("achieved_occupancy_pct"), p->achieved_occupancy_pct.present,
		    p->achieved_occupancy_pct.value);
	cur_real_if(w, &k, JSONW_NAME("achieved_active_warps"), p->achieved_active_warps.present,
		    p->achieved_active_warps.value);
	if (p->achieved_from && p->achieved_occupancy_pct.present) {
		jsonw_cur_key(w, &k, JSONW_NAME("achieved_occupancy_from"));
		jsonw_text(w, p->achieved_from, 1100);
		jsonw_cur_resume(w, &k);
	} else {
		jsonw_cur_null(w, &k, JSONW_NAME("achieved_occupancy_from"));
	}
	if (sq) {
		jsonw_cur_key(w, &k, JSONW_NAME("achieved_occupancy_formula"));
		jsonw_word(w, REPORT_SQ_OCCUPANCY_FORMULA);
		jsonw_cur_resume(w, &k);
	} else {
		jsonw_cur_null(w, &k, JSONW_NAME("achieved_occupancy_formula"));
	}
	/* The XCDs the SQ counters were summed over, and who said so. */
	cur_int_if(w, &k, JSONW_NAME("xcds"), sq && p->xcds > 0, p->xcds);
	if (sq && report_xcds_source_text(p->xcds_from)) {
		jsonw_cur_key(w, &k, JSONW_NAME("xcds_from"));
		jsonw_string(w, report_xcds_source_text(p->xcds_from));
		jsonw_cur_resume(w, &k);
	} else {
		jsonw_cur_null(w, &k, JSONW_NAME("xcds_from"));
	}
	cur_real_if(w, &k, JSONW_NAME("duration_ns"), p->duration_ns.present, p->duration_ns.value);
	cur_int_if(w, &k, JSONW_NAME("shared_mem_config_bytes"), p->smem_config_bytes.present,
		   p->smem_config_bytes.value);
	jsonw_cur_bool(w, &k, JSONW_NAME("shared_mem_config_used"), a->r.smem_config_from_driver);
	cur_int_if(w, &k, JSONW_NAME("driver_shared_mem_per_block_bytes"), p->driver_smem_bytes.present,
		   p->driver_smem_bytes.value);
	measured_json(w, &k, a);
	sched_json(w, &k, p);
	profiler_json(w, &k, &p->profiler, p->figures_by);
	rules_json(w, &k, p);
	inferred_json(w, &k, &p->inferred);
	if (p->launch_given || !a->ok) {
		jsonw_cur_null(w, &k, JSONW_NAME("crosscheck"));
		jsonw_cur_sync(w, &k);
		jsonw_end(w);
		return;
	}
	/* no field inferred from, none differing: the bits of them all at once */
	if (((c->inferred | c->disagree) & CROSSCHECK_ALL_FIELDS) == 0) {
		/* nothing inferred, nothing differs: three members at a cursor */
		jsonw_cur_open(w, &k, JSONW_NAME("crosscheck"), &in);
		jsonw_cur_int(w, &in, JSONW_NAME("compared"), crosscheck_count(c->compared));
		jsonw_cur_empty_array(w, &in, JSONW_NAME("inferred_from"));
		jsonw_cur_empty_array(w, &in, JSONW_NAME("disagreements"));
		jsonw_cur_close(w, &k, &in);
		jsonw_cur_sync(w, &k);
		jsonw_end(w);
		return;
	}
	jsonw_cur_key(w, &k, JSONW_NAME("crosscheck"));
	jsonw_object(w);
	key_int(w, JSONW_NAME("compared"), crosscheck_count(c->compared));
	/* the figures a value was inferred from agree by construction */
	jsonw_member(w, JSONW_NAME("inferred_from"));
	jsonw_array(w);
	for (int f = 0; f < CROSSCHECK_N_FIELDS; f++)
		if ((c->inferred >> f) & 1u)
			jsonw_word(w, crosscheck_key((enum crosscheck_field)f));
	jsonw_end(w);
	jsonw_member(w, JSONW_NAME("disagreements"));
	jsonw_array(w);
	for (int f = 0; f < CROSSCHECK_N_FIELDS; f++) {
		if (!crosscheck_differs(c, (enum crosscheck_field)f))
			continue;
		jsonw_object(w);
		key_word(w, JSONW_NAME("field"), crosscheck_key((enum crosscheck_field)f));
		key_word(w, JSONW_NAME("label"), crosscheck_label((enum crosscheck_field)f));
		enum crosscheck_field kf = (enum crosscheck_field)f;

		key_real(w, JSONW_NAME("report"), crosscheck_value(kf, c->report[kf]));
		key_real(w, JSONW_NAME("occview"), crosscheck_value(kf, c->occview[kf]));
		jsonw_end(w);
	}
	jsonw_end(w);
	jsonw_end(w);
	jsonw_end(w);
}
