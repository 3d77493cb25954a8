/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* output_json.c - --format json: {"kernels": [...]} streamed, one kernel
 * object at a time, through the JSON writer (jsonw.h: jansson's own text). */
#include "config.h"

#include "output.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "derive.h"
#include "engine.h"
#include "jsonw.h"
#include "output_json_binary.h"
#include "params.h"
#include "report_launch.h"
#include "strfmt.h"
#include "strutil.h"

static void key_int(struct jsonw *w, struct jsonw_name key, int64_t v)
{
	jsonw_member(w, key);
	jsonw_int(w, v);
}

static void key_real(struct jsonw *w, struct jsonw_name key, double v)
{
	jsonw_member(w, key);
	jsonw_real(w, v);
}

static void key_string(struct jsonw *w, struct jsonw_name key, const char *s)
{
	jsonw_member(w, key);
	jsonw_string(w, s);
}

/* A word of the program's own tables (jsonw_word: no escapes needed). */
static void key_word(struct jsonw *w, struct jsonw_name key, const char *s)
{
	jsonw_member(w, key);
	jsonw_word(w, s);
}

/* Text as a file gave it: UTF-8 as it is; control characters and bytes that
 * are not UTF-8 as \xNN text (str_sanitize), since JSON strings must be
 * UTF-8. */
static void key_file_text(struct jsonw *w, struct jsonw_name key, const char *s)
{
	size_t size = strlen(s) * 4 + 1;
	char small[512], *buf = size <= sizeof(small) ? small : malloc(size);

	jsonw_member(w, key);
	if (!buf) {
		jsonw_null(w);
		return;
	}
	str_sanitize(s, buf, size);
	jsonw_string(w, buf);
	if (buf != small)
		free(buf);
}

/* A block limit; null where the factor does not limit. */
static void key_limit(struct jsonw *w, struct jsonw_name key, int limit)
{
	jsonw_member(w, key);
	if (limit == OCC_UNLIMITED)
		jsonw_null(w);
	else
		jsonw_int(w, limit);
}

/* A launch count; with missing (a kernel record whose report lacks launch
 * parameters), 0 is null: missing is not zero. */
/* A member that is null where the figure is not known. */
static void key_int_if(struct jsonw *w, struct jsonw_name key, bool known, int64_t v)
{
	jsonw_member(w, key);
	if (known)
		jsonw_int(w, v);
	else
		jsonw_null(w);
}

static void key_real_if(struct jsonw *w, struct jsonw_name key, bool known, double v)
{
	jsonw_member(w, key);
	if (known)
		jsonw_real(w, v);
	else
		jsonw_null(w);
}

/* A count a kernel record may lack (missing): null where it is 0. */
static void key_count(struct jsonw *w, struct jsonw_name key, int64_t v, bool missing)
{
	key_int_if(w, key, !(missing && v == 0), v);
}

static void triple(struct jsonw *w, struct jsonw_name key, int64_t x, int64_t y, int64_t z,
		   bool null)
{
	jsonw_member(w, key);
	if (null) {
		jsonw_null(w);
		return;
	}
	jsonw_array(w);
	jsonw_int(w, x);
	jsonw_int(w, y);
	jsonw_int(w, z);
	jsonw_end(w);
}

static void gpu_json(struct jsonw *w, const struct gpu *g)
{
	char cc[16];

	gpu_arch_cc_string(&g->arch, cc, sizeof(cc));
	jsonw_object(w);
	key_string(w, JSONW_NAME("name"), g->name);
	key_string(w, JSONW_NAME("arch"), g->arch.arch);
	key_word(w, JSONW_NAME("cc"), cc);
	/* An architecture with no device has no count: null, as its waves. */
	jsonw_member(w, JSONW_NAME("sm_count"));
	if (g->sm_count > 0)
		jsonw_int(w, g->sm_count);
	else
		jsonw_null(w);
	jsonw_end(w);
}

/* The launch's members are its parameters' JSON names (params.h), quoted
 * here by the compiler: test_output checks they are params.h's. */
static void launch_json(struct jsonw *w, const struct launch *l, const struct gpu *g,
			bool missing, unsigned known)
{
	jsonw_object(w);
	key_count(w, JSONW_NAME("grid_size"), launch_grid_size(l), missing);
	triple(w, JSONW_NAME("grid"), l->grid[0], l->grid[1], l->grid[2],
	       missing && launch_grid_size(l) == 0);
	triple(w, JSONW_NAME("block"), l->block[0], l->block[1], l->block[2],
	       missing && launch_threads_per_block(l) == 0);
	key_count(w, JSONW_NAME("threads_per_block"), launch_threads_per_block(l), missing);
	key_count(w, JSONW_NAME("registers_per_thread"), l->regs_per_thread, missing);
	/* A size of 0 is a size, null only where the record did not give it. */
	key_int_if(w, JSONW_NAME("static_shared_mem_bytes"),
		   !missing || (known & PARAM_BIT(PARAM_STATIC_SMEM)), l->static_smem_bytes);
	key_int_if(w, JSONW_NAME("dynamic_shared_mem_bytes"),
		   !missing || (known & PARAM_BIT(PARAM_DYNAMIC_SMEM)), l->dynamic_smem_bytes);
	jsonw_member(w, JSONW_NAME("shared_mem_carveout_pct"));
	if (l->carveout_pct == LAUNCH_CARVEOUT_DEFAULT)
		jsonw_null(w);
	else
		jsonw_int(w, l->carveout_pct);
	/* Fermi's and Kepler's L1/shared preference, where the GPU has one. */
	if (gpu_has_cache_config(&g->arch) || l->cache_config != LAUNCH_CACHE_NONE)
		key_word(w, JSONW_NAME("cache_config"),
			   launch_cache_config_name(l->cache_config));
	key_int(w, JSONW_NAME("barriers"), l->barriers);
	if (cluster_supported(&g->arch) || l->cluster_size)
		key_int(w, JSONW_NAME("cluster_size"), l->cluster_size);
	/* A partition (--sms), where the launch has one. */
	if (l->sms)
		key_int(w, JSONW_NAME("sms"), l->sms);
	/* AMD's own launch fields, named as in a launch list. */
	if (engine_takes(engine_of(&g->arch), PARAM_WAVE_SIZE)) {
		key_int(w, JSONW_NAME("wave_size"),
			l->wave_size ? l->wave_size : g->arch.amd.default_wave_size);
		key_int(w, JSONW_NAME("agprs_per_thread"), l->agprs);
		key_int(w, JSONW_NAME("sgprs_per_wave"), l->sgprs);
	}
	jsonw_end(w);
}

/* A bound's least, or null where only its most is known. */
static void key_least(struct jsonw *w, struct jsonw_name key, double v, bool real)
{
	jsonw_member(w, key);
	if (v < 0)
		jsonw_null(w);
	else if (real)
		jsonw_real(w, v);
	else
		jsonw_int(w, (int64_t)v);
}

/* Thread-block clusters (cc 9.0+): the most the GPU holds at once and the
 * least where the GPC layout is not known exactly (cluster.h), null
 * without a cluster. */
static void clusters_json(struct jsonw *w, const struct cluster_result *cl)
{
	bool none = cl->cluster_size == 0;

	jsonw_member(w, JSONW_NAME("max_active_clusters"));
	if (none)
		jsonw_null(w);
	else
		jsonw_int(w, cl->max_active_max);
	key_least(w, JSONW_NAME("max_active_clusters_min"), none ? -1 : (double)cl->max_active_min, false);
	jsonw_member(w, JSONW_NAME("cluster_occupancy_pct"));
	if (none)
		jsonw_null(w);
	else
		jsonw_real(w, cl->occupancy_pct_max);
	key_least(w, JSONW_NAME("cluster_occupancy_pct_min"), none ? -1 : cl->occupancy_pct_min, true);
	key_word(w, JSONW_NAME("clusters_bound"), cluster_bound_word(cl->bound));
	key_int(w, JSONW_NAME("max_cluster_size_portable"), cl->max_size_portable);
	key_int(w, JSONW_NAME("max_cluster_size_nonportable_min"), cl->max_size_nonportable_min);
	key_int(w, JSONW_NAME("max_cluster_size_nonportable"), cl->max_size_nonportable_max);
	jsonw_member(w, JSONW_NAME("gpcs"));
	if (cl->gpcs_max == 0) {
		jsonw_null(w);
	} else {
		jsonw_array(w);
		jsonw_int(w, cl->gpcs_min);
		jsonw_int(w, cl->gpcs_max);
		jsonw_end(w);
	}
}

/* The factors' member names (occ_key's words, and block_limit_ before
 * them) of the two families' tables, quoted by the compiler; names_of
 * gives the one whose words r's are (NULL for none: the names are made
 * from occ_key then), checked word for word. */
struct factor_names {
	const char *key[OCC_N_FACTORS];
	struct jsonw_name limit[OCC_N_FACTORS], usage[OCC_N_FACTORS];
};

static const struct factor_names factor_names[] = {
	{ { "warps", "blocks", "registers", "shared_mem", "barriers" },
	  { JSONW_NAME_INIT("block_limit_warps"), JSONW_NAME_INIT("block_limit_blocks"),
	    JSONW_NAME_INIT("block_limit_registers"), JSONW_NAME_INIT("block_limit_shared_mem"),
	    JSONW_NAME_INIT("block_limit_barriers") },
	  { JSONW_NAME_INIT("warps"), JSONW_NAME_INIT("blocks"), JSONW_NAME_INIT("registers"),
	    JSONW_NAME_INIT("shared_mem"), JSONW_NAME_INIT("barriers") } },
	{ { "waves", "workgroups", "vgprs", "lds", "sgprs" },
	  { JSONW_NAME_INIT("block_limit_waves"), JSONW_NAME_INIT("block_limit_workgroups"),
	    JSONW_NAME_INIT("block_limit_vgprs"), JSONW_NAME_INIT("block_limit_lds"),
	    JSONW_NAME_INIT("block_limit_sgprs") },
	  { JSONW_NAME_INIT("waves"), JSONW_NAME_INIT("workgroups"), JSONW_NAME_INIT("vgprs"),
	    JSONW_NAME_INIT("lds"), JSONW_NAME_INIT("sgprs") } },
};

static const struct factor_names *names_of(const struct occ_result *r)
{
	for (size_t t = 0; t < sizeof(factor_names) / sizeof(factor_names[0]); t++) {
		int f = 0;

		while (f < OCC_N_FACTORS &&
		       strcmp(occ_key(r, (enum occ_factor)f), factor_names[t].key[f]) == 0)
			f++;
		if (f == OCC_N_FACTORS)
			return &factor_names[t];
	}
	return NULL;
}

static void occupancy_json(struct jsonw *w, const struct analysis *a)
{
	const struct occ_result *r = &a->r;
	const struct factor_names *names = names_of(r);
	char key[64];

	jsonw_object(w);
	key_int(w, JSONW_NAME("active_blocks_per_sm"), r->active_blocks_per_sm);
	key_int(w, JSONW_NAME("active_warps_per_sm"), r->active_warps_per_sm);
	key_int(w, JSONW_NAME("active_threads_per_sm"), r->active_threads_per_sm);
	key_int(w, JSONW_NAME("max_warps_per_sm"), r->max_warps_per_sm);
	key_int(w, JSONW_NAME("warps_per_block"), r->warps_per_block);
	key_real(w, JSONW_NAME("theoretical_occupancy_pct"), r->theoretical_occupancy_pct);
	/* block_limit_warps ... on NVIDIA; block_limit_vgprs, _sgprs, _lds, _waves and
	 * _workgroups (workgroups per CU) on AMD. */
	memcpy(key, "block_limit_", 12);
	for (int f = 0; f < OCC_N_FACTORS; f++) {
		if (names) {
			key_limit(w, names->limit[f], r->block_limit[f]);
			continue;
		}
		str_copy(key + 12, sizeof(key) - 12, occ_key(r, (enum occ_factor)f));
		key_limit(w, jsonw_word_name(key), r->block_limit[f]);
	}
	if (engine_of_result(r)->wave_limits) {
		key_int(w, JSONW_NAME("wave_size"), r->amd.wave_size);
		key_int(w, JSONW_NAME("waves_per_simd"), r->amd.fits ? r->amd.waves_per_simd : 0);
		key_int(w, JSONW_NAME("max_waves_per_simd"), r->amd.max_waves_per_simd);
	}
	jsonw_member(w, JSONW_NAME("limiting_factors"));
	jsonw_array(w);
	for (int f = 0; f < OCC_N_FACTORS; f++)
		if (occ_is_limiting(r, (enum occ_factor)f))
			jsonw_word(w, occ_key(r, (enum occ_factor)f));
	jsonw_end(w);
	key_int(w, JSONW_NAME("allocated_registers_per_block"), r->allocated_regs_per_block);
	key_int(w, JSONW_NAME("registers_per_warp_allocated"), r->regs_per_warp_allocated);
	key_int(w, JSONW_NAME("allocated_shared_mem_per_block"), r->allocated_smem_per_block);
	key_int(w, JSONW_NAME("shared_mem_config_bytes"), r->smem_config_bytes);
	key_int(w, JSONW_NAME("shared_mem_preference_bytes"), r->smem_preference_bytes);
	jsonw_member(w, JSONW_NAME("utilization"));
	jsonw_object(w);
	for (int f = 0; f < OCC_N_FACTORS; f++) {
		const struct occ_usage *u = &r->usage[f];

		jsonw_member(w, names ? names->usage[f] : jsonw_word_name(occ_key(r, (enum occ_factor)f)));
		jsonw_object(w);
		key_int(w, JSONW_NAME("total"), u->total);
		key_int(w, JSONW_NAME("per_block"), u->per_block);
		key_int(w, JSONW_NAME("used"), u->used);
		key_int(w, JSONW_NAME("idle"), u->idle);
		key_int(w, JSONW_NAME("left_over"), u->leftover);
		jsonw_end(w);
	}
	jsonw_end(w);
	key_int(w, JSONW_NAME("best_block_size"), a->best_block_size);
	key_int(w, JSONW_NAME("min_grid_for_full_occupancy"), a->min_grid_full_occupancy);
	if (a->cl.applies)
		clusters_json(w, &a->cl);
	jsonw_end(w);
}

static void waves_json(struct jsonw *w, const struct waves *v)
{
	jsonw_object(w);
	key_int(w, JSONW_NAME("blocks_per_wave"), v->blocks_per_wave);
	key_real(w, JSONW_NAME("waves_per_sm"), v->waves_per_sm);
	key_int(w, JSONW_NAME("full_waves"), v->full_waves);
	key_int(w, JSONW_NAME("partial_wave_blocks"), v->partial_wave_blocks);
	key_real(w, JSONW_NAME("tail_share_pct"), v->tail_share_pct);
	key_real(w, JSONW_NAME("partial_wave_occupancy_pct"), v->partial_wave_occupancy_pct);
	key_real(w, JSONW_NAME("predicted_achieved_occupancy_pct"), v->predicted_achieved_pct);
	/* Where the GPC layout leaves the clusters a range: its other end;
	 * and the units of a partition, those clusters leave idle. */
	if (v->blocks_per_wave_min >= 0 && v->blocks_per_wave_min != v->blocks_per_wave) {
		key_int(w, JSONW_NAME("blocks_per_wave_min"), v->blocks_per_wave_min);
		key_real(w, JSONW_NAME("waves_per_sm_max"), v->waves_max);
	}
	if (v->idle_units > 0)
		key_int(w, JSONW_NAME("idle_units"), v->idle_units);
	jsonw_end(w);
}

static void key_report_int(struct jsonw *w, struct jsonw_name key, const struct report_int *v)
{
	key_int_if(w, key, v->present, v->value);
}

static void key_report_num(struct jsonw *w, struct jsonw_name key, const struct report_num *v)
{
	key_real_if(w, key, v->present, v->value);
}

/* Whether the launch is the one the report measured: the parameters that
 * differ (their launch-list names) and the measured facts dropped with
 * them. null when the record could not be analysed. */
static void measured_json(struct jsonw *w, const struct analysis *a)
{
	static const struct { unsigned bit; const char *key; } facts[] = {
		{ MEASURED_SMEM_CONFIG, "shared_mem_config" }, { MEASURED_CROSSCHECK, "crosscheck" },
		{ MEASURED_ACHIEVED, "measured" }, { MEASURED_DEVICE, "device" },
	};
	const struct crosscheck_record *p = &a->report;

	jsonw_member(w, JSONW_NAME("launch_as_measured"));
	if (!a->ok) {
		jsonw_null(w);
		return;
	}
	jsonw_bool(w, p->changed == 0);
	jsonw_member(w, JSONW_NAME("changed"));
	jsonw_array(w);
	for (int i = 0; i < PARAM_N; i++)
		if (p->changed & PARAM_BIT(i))
			jsonw_word(w, param_info((enum launch_param)i)->column);
	jsonw_end(w);
	jsonw_member(w, JSONW_NAME("dropped"));
	jsonw_array(w);
	for (size_t i = 0; i < sizeof(facts) / sizeof(facts[0]); i++)
		if (p->dropped & facts[i].bit)
			jsonw_word(w, facts[i].key);
	jsonw_end(w);
}

/* The schedulers, measured: null where the report has none (or a what-if
 * dropped them with the rest of the measurement). */
static void sched_json(struct jsonw *w, const struct crosscheck_record *p)
{
	const struct report_sched *m = &p->sched;

	jsonw_member(w, JSONW_NAME("schedulers"));
	if (!report_sched_any(m) || (p->dropped & MEASURED_ACHIEVED)) {
		jsonw_null(w);
		return;
	}
	jsonw_object(w);
	key_report_num(w, JSONW_NAME("active_warps_per_scheduler"), &m->active_warps);
	key_report_num(w, JSONW_NAME("eligible_warps_per_scheduler"), &m->eligible_warps);
	key_report_num(w, JSONW_NAME("issued_warps_per_scheduler"), &m->issued_warps);
	key_report_num(w, JSONW_NAME("issue_active_pct"), &m->issue_active_pct);
	key_report_num(w, JSONW_NAME("max_warps_per_scheduler"), &m->max_warps);
	key_report_num(w, JSONW_NAME("sm_throughput_pct"), &m->sm_throughput_pct);
	key_report_num(w, JSONW_NAME("memory_throughput_pct"), &m->memory_throughput_pct);
	jsonw_end(w);
}

/* The profiler's own rule results, all of them, in its words. */
static void rules_json(struct jsonw *w, const struct crosscheck_record *p)
{
	jsonw_member(w, JSONW_NAME("profiler_rules"));
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
}

/* What the profiler computed, as printed, and which profiler it was
 * ("nsight_compute", "cuda_profiler": the command-line profiler's occupancy
 * column, "codexl": CodeXL's or the Radeon Compute Profiler's waves per CU
 * by factor and occupancy); null where absent. */
static void profiler_json(struct jsonw *w, const struct crosscheck_figures *f, uint8_t by)
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

	jsonw_member(w, JSONW_NAME("profiler"));
	if (!crosscheck_figures_any(f)) {
		jsonw_null(w);
		return;
	}
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
static void inferred_json(struct jsonw *w, const struct report_inferred *inf)
{
	jsonw_member(w, JSONW_NAME("inferred"));
	if (!inf->params) {
		jsonw_null(w);
		return;
	}
	jsonw_object(w);
	if (inf->params & PARAM_BIT(PARAM_REGISTERS))
		range_json(w, JSONW_NAME("registers_per_thread"), &inf->registers, "block_limit_registers");
	if (inf->params & (PARAM_BIT(PARAM_STATIC_SMEM) | PARAM_BIT(PARAM_DYNAMIC_SMEM)))
		range_json(w, JSONW_NAME("shared_mem_per_block_bytes"), &inf->smem_bytes,
			   "block_limit_shared_mem");
	if (inf->params & PARAM_BIT(PARAM_BARRIERS))
		range_json(w, JSONW_NAME("barriers"), &inf->barriers, "block_limit_barriers");
	jsonw_end(w);
}

/* A kernel record's own figures and the cross-check; null where absent. */
static void report_json(struct jsonw *w, const struct analysis *a)
{
	struct crosscheck_record kept;
	const struct crosscheck_record *p = &kept;
	const struct crosscheck *c = &p->check;
	char device[sizeof(p->device) * 4];

	crosscheck_record_kept(&a->report, &kept);
	jsonw_object(w);
	str_sanitize(p->device, device, sizeof(device));
	jsonw_member(w, JSONW_NAME("device"));
	if (device[0])
		jsonw_string(w, device);
	else
		jsonw_null(w);
	jsonw_member(w, JSONW_NAME("device_in_database"));
	if (p->gpu_source == REPORT_GPU_NONE)
		jsonw_null(w);
	else
		jsonw_bool(w, !p->device_unknown);
	/* Runs appended to one file are told apart: null where the format
	 * does not (one run). */
	jsonw_member(w, JSONW_NAME("run"));
	if (p->run > 0)
		jsonw_int(w, p->run);
	else
		jsonw_null(w);
	key_report_int(w, JSONW_NAME("sm_count"), &p->sm_count);
	jsonw_member(w, JSONW_NAME("database_sm_count"));
	if (p->db_sm_count > 0)
		jsonw_int(w, p->db_sm_count);
	else
		jsonw_null(w);
	key_report_num(w, JSONW_NAME("achieved_occupancy_pct"), &p->achieved_occupancy_pct);
	key_report_num(w, JSONW_NAME("achieved_active_warps"), &p->achieved_active_warps);
	jsonw_member(w, JSONW_NAME("achieved_occupancy_from"));
	if (p->achieved_from && p->achieved_occupancy_pct.present) {
		char from[1100];

		str_sanitize(p->achieved_from, from, sizeof(from));
		jsonw_string(w, from);
	} else {
		jsonw_null(w);
	}
	jsonw_member(w, JSONW_NAME("achieved_occupancy_formula"));
	if (p->achieved_sq && p->achieved_occupancy_pct.present)
		jsonw_word(w, REPORT_SQ_OCCUPANCY_FORMULA);
	else
		jsonw_null(w);
	/* The XCDs the SQ counters were summed over, and who said so. */
	jsonw_member(w, JSONW_NAME("xcds"));
	if (p->achieved_sq && p->achieved_occupancy_pct.present && p->xcds > 0)
		jsonw_int(w, p->xcds);
	else
		jsonw_null(w);
	jsonw_member(w, JSONW_NAME("xcds_from"));
	if (p->achieved_sq && p->achieved_occupancy_pct.present &&
	    report_xcds_source_text(p->xcds_from))
		jsonw_string(w, report_xcds_source_text(p->xcds_from));
	else
		jsonw_null(w);
	key_report_num(w, JSONW_NAME("duration_ns"), &p->duration_ns);
	key_report_int(w, JSONW_NAME("shared_mem_config_bytes"), &p->smem_config_bytes);
	jsonw_member(w, JSONW_NAME("shared_mem_config_used"));
	jsonw_bool(w, a->r.smem_config_from_driver);
	key_report_int(w, JSONW_NAME("driver_shared_mem_per_block_bytes"), &p->driver_smem_bytes);
	measured_json(w, a);
	sched_json(w, p);
	profiler_json(w, &p->profiler, p->figures_by);
	rules_json(w, p);
	inferred_json(w, &p->inferred);
	jsonw_member(w, JSONW_NAME("crosscheck"));
	if (p->launch_given || !a->ok) {
		jsonw_null(w);
	} else {
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
			enum crosscheck_field k = (enum crosscheck_field)f;

			key_real(w, JSONW_NAME("report"), crosscheck_value(k, c->report[k]));
			key_real(w, JSONW_NAME("occview"), crosscheck_value(k, c->occview[k]));
			jsonw_end(w);
		}
		jsonw_end(w);
		jsonw_end(w);
	}
	jsonw_end(w);
}

/* The findings: id, severity, title and text; JSON Lines (w compact) puts
 * the parameters (the numbers the text quotes, in its order) after the
 * title, null where the text was not kept as parameters (RULES_PARAMS), and
 * the text only where asked (text). */
static void findings_json(struct jsonw *w, const struct analysis *a, bool text)
{
	char buf[sizeof(a->findings[0].text)];

	jsonw_member(w, JSONW_NAME("findings"));
	jsonw_array(w);
	for (int i = 0; a->ok && i < a->n_findings; i++) {
		const struct finding *f = &a->findings[i];

		jsonw_object(w);
		key_word(w, JSONW_NAME("id"), f->id);
		key_word(w, JSONW_NAME("severity"), rules_severity_key(f->severity));
		key_string(w, JSONW_NAME("title"), f->title);
		if (w->compact) {
			jsonw_member(w, JSONW_NAME("parameters"));
			if (f->text_omitted && f->n_fmts > 0) {
				jsonw_array(w);
				for (int k = 0; k < f->n_params; k++)
					if (f->params[k].kind == 'i')
						jsonw_int(w, f->params[k].v.i);
					else if (f->params[k].kind == 'f')
						jsonw_real(w, f->params[k].v.f);
				jsonw_end(w);
			} else {
				jsonw_null(w);
			}
		}
		if (text)
			key_string(w, JSONW_NAME("text"), rules_finding_text(f, buf, sizeof(buf)));
		jsonw_end(w);
	}
	jsonw_end(w);
}

static void derivations_json(struct jsonw *w, const struct analysis *a)
{
	struct derivation d[DERIVE_MAX_ALL];
	const char *keys[DERIVE_MAX_ALL];
	int n = a->ok ? derive_all(&a->gpu.arch, &a->in, &a->r, a->gpu.sm_count,
				   launch_grid_size(&a->launch), &a->w, d, keys) : 0;

	jsonw_member(w, JSONW_NAME("derivations"));
	jsonw_array(w);
	for (int i = 0; i < n; i++) {
		jsonw_object(w);
		key_word(w, JSONW_NAME("of"), keys[i]);
		key_string(w, JSONW_NAME("title"), d[i].title);
		jsonw_member(w, JSONW_NAME("steps"));
		jsonw_array(w);
		for (int k = 0; k < d[i].n; k++)
			jsonw_string(w, d[i].steps[k]);
		jsonw_end(w);
		if (i < OCC_N_FACTORS)
			key_limit(w, JSONW_NAME("value"), d[i].value > INT_MAX ? INT_MAX : (int)d[i].value);
		else
			key_int(w, JSONW_NAME("value"), d[i].value);
		jsonw_end(w);
	}
	jsonw_end(w);
}

void output_json_open(FILE *out, const char *array)
{
	/* as jansson indents it; the version string is ASCII from configure */
	fprintf(out, "{\n  \"format_version\": %d,\n  \"producer\": {\n    \"name\": \"occview\",\n"
		"    \"version\": \"%s\"\n  },\n  \"%s\": [", OUTPUT_JSON_FORMAT_VERSION,
		PACKAGE_VERSION, array);
}

void output_json_begin(FILE *out)
{
	output_json_open(out, "kernels");
}

bool output_json_kernel(FILE *out, const struct analysis *a, bool first)
{
	return output_json_kernel_derived(out, a, first, false);
}

/* One kernel object, in the layout w has; text: the findings' texts. */
static void kernel_json(struct jsonw *w, const struct analysis *a, bool derivations, bool text)
{
	char name[1100], msg[900];

	/* JSON escapes control characters itself, but text that is not UTF-8
	 * cannot be written as a JSON string: sanitize names first. */
	str_sanitize(a->launch.kernel, name, sizeof(name));
	jsonw_object(w);
	key_string(w, JSONW_NAME("name"), name);
	/* A kernel record's id, the browser's and --compare's (launch lists
	 * keep their shape). */
	if (a->report.present)
		key_int(w, JSONW_NAME("record_id"), a->report.id);
	jsonw_member(w, JSONW_NAME("gpu"));
	if (a->gpu.name[0])
		gpu_json(w, &a->gpu);
	else
		jsonw_null(w);
	jsonw_member(w, JSONW_NAME("launch"));
	launch_json(w, &a->launch, &a->gpu, !a->ok && a->report.present, a->report.known);
	if (a->not_applicable) {
		/* --gpu A,B,... of both vendors: the flags this GPU has not */
		jsonw_member(w, JSONW_NAME("not_applicable"));
		jsonw_array(w);
		for (int p = 0; p < PARAM_N; p++)
			if (a->not_applicable & PARAM_BIT(p))
				jsonw_word(w, param_info((enum launch_param)p)->json);
		jsonw_end(w);
	}
	jsonw_member(w, JSONW_NAME("occupancy"));
	if (a->ok)
		occupancy_json(w, a);
	else
		jsonw_null(w);
	jsonw_member(w, JSONW_NAME("waves"));
	if (a->ok && a->gpu.sm_count > 0)
		waves_json(w, &a->w);
	else
		jsonw_null(w);
	findings_json(w, a, text);
	if (derivations)
		derivations_json(w, a);
	jsonw_member(w, JSONW_NAME("error"));
	if (a->ok) {
		jsonw_null(w);
	} else {
		occ_error_format(&a->error, msg, sizeof(msg));
		str_sanitize(msg, name, sizeof(name));
		jsonw_string(w, name);
	}
	if (a->compiled) {
		jsonw_member(w, JSONW_NAME("binary"));
		output_json_binary(w, a->compiled->name, a->compiled->binary, a->assumed);
	}
	/* Only kernel records have one: launch lists keep their shape. */
	if (a->report.present) {
		jsonw_member(w, JSONW_NAME("report"));
		report_json(w, a);
	}
	jsonw_end(w);
}

bool output_json_kernel_derived(FILE *out, const struct analysis *a, bool first, bool derivations)
{
	struct jsonw w;

	fputs(first ? "\n    " : ",\n    ", out);
	jsonw_init(&w, out, 4);
	kernel_json(&w, a, derivations, true);
	return jsonw_flush(&w);
}

void output_jsonl_header(FILE *out)
{
	/* the version string is ASCII from configure */
	fprintf(out, "{\"format_version\":%d,\"producer\":{\"name\":\"occview\",\"version\":\"%s\"}}\n",
		OUTPUT_JSON_FORMAT_VERSION, PACKAGE_VERSION);
}

bool output_jsonl_kernel(FILE *out, const struct analysis *a, unsigned what)
{
	struct jsonw w;

	jsonw_init_compact(&w, out);
	kernel_json(&w, a, what & OUTPUT_JSONL_DERIVATIONS, what & OUTPUT_JSONL_FINDINGS_TEXT);
	outbuf_putc(&w.text, '\n');
	return jsonw_flush(&w);
}

void output_json_end(FILE *out, bool any)
{
	fputs(any ? "\n  ]\n}\n" : "]\n}\n", out);
}

/* --compare's deltas (second minus first), in the layout w has. */
static void comparison_json(struct jsonw *w, const int64_t ids[2], const struct compare_delta *d)
{
	struct occ_result names = { .vendor = d->vendor };

	jsonw_object(w);
	jsonw_member(w, JSONW_NAME("ids"));
	jsonw_array(w);
	jsonw_int(w, ids[0]);
	jsonw_int(w, ids[1]);
	jsonw_end(w);
	key_real_if(w, JSONW_NAME("theoretical_occupancy_pct"), d->ok, d->occupancy_pct);
	key_int_if(w, JSONW_NAME("active_blocks_per_sm"), d->ok, d->active_blocks_per_sm);
	key_int_if(w, JSONW_NAME("active_warps_per_sm"), d->ok, d->active_warps_per_sm);
	jsonw_member(w, JSONW_NAME("block_limits"));
	jsonw_object(w);
	for (int f = 0; f < OCC_N_FACTORS; f++)
		key_int_if(w, jsonw_word_name(occ_key(&names, (enum occ_factor)f)),
			   d->ok && d->limit_known[f], d->block_limit[f]);
	jsonw_end(w);
	jsonw_member(w, JSONW_NAME("limiter_changed"));
	if (d->ok)
		jsonw_bool(w, d->limiter_changed);
	else
		jsonw_null(w);
	key_real_if(w, JSONW_NAME("waves_per_sm"), d->ok, d->waves_per_sm);
	key_real_if(w, JSONW_NAME("achieved_occupancy_pct"), d->achieved, d->achieved_pct);
	jsonw_end(w);
}

/* --compare: closes the kernels and adds the deltas. */
bool output_json_comparison_end(FILE *out, const int64_t ids[2], const struct compare_delta *d)
{
	struct jsonw w;

	fputs("\n  ],\n  \"comparison\": ", out);
	jsonw_init(&w, out, 2);
	comparison_json(&w, ids, d);
	if (!jsonw_flush(&w))
		return false;
	fputs("\n}\n", out);
	return true;
}

bool output_jsonl_comparison(FILE *out, const int64_t ids[2], const struct compare_delta *d)
{
	struct jsonw w;

	jsonw_init_compact(&w, out);
	jsonw_object(&w);
	jsonw_key(&w, "comparison");
	comparison_json(&w, ids, d);
	jsonw_end(&w);
	outbuf_putc(&w.text, '\n');
	return jsonw_flush(&w);
}
