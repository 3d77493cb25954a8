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
#include "jsonw_cur.h"
#include "output_json_binary.h"
#include "params.h"
#include "report_launch.h"
#include "strfmt.h"
#include "strutil.h"

#include "output_json_keys.h"

static void gpu_json(struct jsonw *w, const struct gpu *g)
{
	struct jsonw_cur c;
	char cc[16];

	gpu_arch_cc_string(&g->arch, cc, sizeof(cc));
	jsonw_object(w);
	key_string(w, JSONW_NAME("name"), g->name);
	key_string(w, JSONW_NAME("arch"), g->arch.arch);
	jsonw_cur_resume(w, &c);
	jsonw_cur_word(w, &c, JSONW_NAME("cc"), cc);
	/* An architecture with no device has no count: null, as its waves. */
	cur_int_if(w, &c, JSONW_NAME("sm_count"), g->sm_count > 0, g->sm_count);
	jsonw_cur_sync(w, &c);
	jsonw_end(w);
}

/* x, y and z of a grid or a block; null where the record lacks it. */
JSONW_INLINE_ void cur_triple(struct jsonw *w, struct jsonw_cur *c, struct jsonw_name key,
			      int64_t x, int64_t y, int64_t z, bool null)
{
	struct jsonw_cur in;

	if (null) {
		jsonw_cur_null(w, c, key);
		return;
	}
	jsonw_cur_open_array(w, c, key, &in);
	jsonw_cur_item_int(w, &in, x);
	jsonw_cur_item_int(w, &in, y);
	jsonw_cur_item_int(w, &in, z);
	jsonw_cur_close_array(w, c, &in);
}

/* The launch's members are its parameters' JSON names (params.h), quoted
 * here by the compiler: test_output checks they are params.h's. */
static void launch_json(struct jsonw *w, const struct launch *l, const struct gpu *g,
			bool missing, unsigned known)
{
	struct jsonw_cur c;
	int64_t grid = launch_grid_size(l), threads = launch_threads_per_block(l);

	jsonw_object(w);
	jsonw_cur_resume(w, &c);
	/* a count a kernel record may lack (missing): null where it is 0 */
	cur_int_if(w, &c, JSONW_NAME("grid_size"), !(missing && grid == 0), grid);
	cur_triple(w, &c, JSONW_NAME("grid"), l->grid[0], l->grid[1], l->grid[2], missing && grid == 0);
	cur_triple(w, &c, JSONW_NAME("block"), l->block[0], l->block[1], l->block[2],
		   missing && threads == 0);
	cur_int_if(w, &c, JSONW_NAME("threads_per_block"), !(missing && threads == 0), threads);
	cur_int_if(w, &c, JSONW_NAME("registers_per_thread"), !(missing && l->regs_per_thread == 0),
		   l->regs_per_thread);
	/* A size of 0 is a size, null only where the record did not give it. */
	cur_int_if(w, &c, JSONW_NAME("static_shared_mem_bytes"),
		   !missing || (known & PARAM_BIT(PARAM_STATIC_SMEM)), l->static_smem_bytes);
	cur_int_if(w, &c, JSONW_NAME("dynamic_shared_mem_bytes"),
		   !missing || (known & PARAM_BIT(PARAM_DYNAMIC_SMEM)), l->dynamic_smem_bytes);
	cur_int_if(w, &c, JSONW_NAME("shared_mem_carveout_pct"), l->carveout_pct != LAUNCH_CARVEOUT_DEFAULT,
		   l->carveout_pct);
	/* Fermi's and Kepler's L1/shared preference, where the GPU has one. */
	if (gpu_has_cache_config(&g->arch) || l->cache_config != LAUNCH_CACHE_NONE)
		jsonw_cur_word(w, &c, JSONW_NAME("cache_config"), launch_cache_config_name(l->cache_config));
	jsonw_cur_int(w, &c, JSONW_NAME("barriers"), l->barriers);
	if (cluster_supported(&g->arch) || l->cluster_size)
		jsonw_cur_int(w, &c, JSONW_NAME("cluster_size"), l->cluster_size);
	/* A partition (--sms), where the launch has one. */
	if (l->sms)
		jsonw_cur_int(w, &c, JSONW_NAME("sms"), l->sms);
	/* AMD's own launch fields, named as in a launch list. */
	if (engine_takes(engine_of(&g->arch), PARAM_WAVE_SIZE)) {
		jsonw_cur_int(w, &c, JSONW_NAME("wave_size"),
			      l->wave_size ? l->wave_size : g->arch.amd.default_wave_size);
		jsonw_cur_int(w, &c, JSONW_NAME("agprs_per_thread"), l->agprs);
		jsonw_cur_int(w, &c, JSONW_NAME("sgprs_per_wave"), l->sgprs);
	}
	jsonw_cur_sync(w, &c);
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

/* Whether the word s is w: the same string (the linker merges equal
 * literals: occ_key's tables and these) or its same letters. */
static inline bool word_is(const char *s, const char *w)
{
	return s == w || strcmp(s, w) == 0;
}

static const struct factor_names *names_of(const struct occ_result *r)
{
	const char *key[OCC_N_FACTORS];

	for (int f = 0; f < OCC_N_FACTORS; f++)
		key[f] = occ_key(r, (enum occ_factor)f);
	for (size_t t = 0; t < sizeof(factor_names) / sizeof(factor_names[0]); t++) {
		int f = 0;

		while (f < OCC_N_FACTORS && word_is(key[f], factor_names[t].key[f]))
			f++;
		if (f == OCC_N_FACTORS)
			return &factor_names[t];
	}
	return NULL;
}

/* A block limit at the cursor; null where the factor does not limit. */
JSONW_INLINE_ void cur_limit(struct jsonw *w, struct jsonw_cur *c, struct jsonw_name key, int limit)
{
	if (limit == OCC_UNLIMITED)
		jsonw_cur_null(w, c, key);
	else
		jsonw_cur_int(w, c, key, limit);
}

static void occupancy_json(struct jsonw *w, const struct analysis *a)
{
	const struct occ_result *r = &a->r;
	const struct factor_names *names = names_of(r);
	struct jsonw_cur c, util, in;
	char key[64];

	jsonw_object(w);
	jsonw_cur_resume(w, &c);
	jsonw_cur_int(w, &c, JSONW_NAME("active_blocks_per_sm"), r->active_blocks_per_sm);
	jsonw_cur_int(w, &c, JSONW_NAME("active_warps_per_sm"), r->active_warps_per_sm);
	jsonw_cur_int(w, &c, JSONW_NAME("active_threads_per_sm"), r->active_threads_per_sm);
	jsonw_cur_int(w, &c, JSONW_NAME("max_warps_per_sm"), r->max_warps_per_sm);
	jsonw_cur_int(w, &c, JSONW_NAME("warps_per_block"), r->warps_per_block);
	jsonw_cur_real(w, &c, JSONW_NAME("theoretical_occupancy_pct"), r->theoretical_occupancy_pct);
	/* block_limit_warps ... on NVIDIA; block_limit_vgprs, _sgprs, _lds, _waves and
	 * _workgroups (workgroups per CU) on AMD. */
	memcpy(key, "block_limit_", 12);
	for (int f = 0; f < OCC_N_FACTORS; f++) {
		if (names) {
			cur_limit(w, &c, names->limit[f], r->block_limit[f]);
			continue;
		}
		str_copy(key + 12, sizeof(key) - 12, occ_key(r, (enum occ_factor)f));
		cur_limit(w, &c, jsonw_word_name(key), r->block_limit[f]);
	}
	if (engine_of_result(r)->wave_limits) {
		jsonw_cur_int(w, &c, JSONW_NAME("wave_size"), r->amd.wave_size);
		jsonw_cur_int(w, &c, JSONW_NAME("waves_per_simd"), r->amd.fits ? r->amd.waves_per_simd : 0);
		jsonw_cur_int(w, &c, JSONW_NAME("max_waves_per_simd"), r->amd.max_waves_per_simd);
	}
	if (names) {
		/* the words quoted already: the utilization's member names */
		jsonw_cur_open_array(w, &c, JSONW_NAME("limiting_factors"), &in);
		for (int f = 0; f < OCC_N_FACTORS; f++)
			if (occ_is_limiting(r, (enum occ_factor)f))
				jsonw_cur_item_name_word(w, &in, names->usage[f]);
		jsonw_cur_close_array(w, &c, &in);
	} else {
		jsonw_cur_key(w, &c, JSONW_NAME("limiting_factors"));
		jsonw_array(w);
		for (int f = 0; f < OCC_N_FACTORS; f++)
			if (occ_is_limiting(r, (enum occ_factor)f))
				jsonw_word(w, occ_key(r, (enum occ_factor)f));
		jsonw_end(w);
		jsonw_cur_resume(w, &c);
	}
	jsonw_cur_int(w, &c, JSONW_NAME("allocated_registers_per_block"), r->allocated_regs_per_block);
	jsonw_cur_int(w, &c, JSONW_NAME("registers_per_warp_allocated"), r->regs_per_warp_allocated);
	jsonw_cur_int(w, &c, JSONW_NAME("allocated_shared_mem_per_block"), r->allocated_smem_per_block);
	jsonw_cur_int(w, &c, JSONW_NAME("shared_mem_config_bytes"), r->smem_config_bytes);
	jsonw_cur_int(w, &c, JSONW_NAME("shared_mem_preference_bytes"), r->smem_preference_bytes);
	jsonw_cur_open(w, &c, JSONW_NAME("utilization"), &util);
	for (int f = 0; f < OCC_N_FACTORS; f++) {
		const struct occ_usage *u = &r->usage[f];

		jsonw_cur_open(w, &util, names ? names->usage[f] : jsonw_word_name(occ_key(r, (enum occ_factor)f)),
			       &in);
		jsonw_cur_int(w, &in, JSONW_NAME("total"), u->total);
		jsonw_cur_int(w, &in, JSONW_NAME("per_block"), u->per_block);
		jsonw_cur_int(w, &in, JSONW_NAME("used"), u->used);
		jsonw_cur_int(w, &in, JSONW_NAME("idle"), u->idle);
		jsonw_cur_int(w, &in, JSONW_NAME("left_over"), u->leftover);
		jsonw_cur_close(w, &util, &in);
	}
	jsonw_cur_close(w, &c, &util);
	jsonw_cur_int(w, &c, JSONW_NAME("best_block_size"), a->best_block_size);
	jsonw_cur_int(w, &c, JSONW_NAME("min_grid_for_full_occupancy"), a->min_grid_full_occupancy);
	jsonw_cur_sync(w, &c);
	if (a->cl.applies)
		clusters_json(w, &a->cl);
	jsonw_end(w);
}

static void waves_json(struct jsonw *w, const struct waves *v)
{
	struct jsonw_cur c;

	jsonw_object(w);
	jsonw_cur_resume(w, &c);
	jsonw_cur_int(w, &c, JSONW_NAME("blocks_per_wave"), v->blocks_per_wave);
	jsonw_cur_real(w, &c, JSONW_NAME("waves_per_sm"), v->waves_per_sm);
	jsonw_cur_int(w, &c, JSONW_NAME("full_waves"), v->full_waves);
	jsonw_cur_int(w, &c, JSONW_NAME("partial_wave_blocks"), v->partial_wave_blocks);
	jsonw_cur_real(w, &c, JSONW_NAME("tail_share_pct"), v->tail_share_pct);
	jsonw_cur_real(w, &c, JSONW_NAME("partial_wave_occupancy_pct"), v->partial_wave_occupancy_pct);
	jsonw_cur_real(w, &c, JSONW_NAME("predicted_achieved_occupancy_pct"), v->predicted_achieved_pct);
	/* Where the GPC layout leaves the clusters a range: its other end;
	 * and the units of a partition, those clusters leave idle. */
	if (v->blocks_per_wave_min >= 0 && v->blocks_per_wave_min != v->blocks_per_wave) {
		jsonw_cur_int(w, &c, JSONW_NAME("blocks_per_wave_min"), v->blocks_per_wave_min);
		jsonw_cur_real(w, &c, JSONW_NAME("waves_per_sm_max"), v->waves_max);
	}
	if (v->idle_units > 0)
		jsonw_cur_int(w, &c, JSONW_NAME("idle_units"), v->idle_units);
	jsonw_cur_sync(w, &c);
	jsonw_end(w);
}

/* A finding's parameters, the numbers its text quotes, in the array just
 * opened: a run of numbers (jsonw_run) where the writer allows. */
static void params_json(struct jsonw *w, const struct finding *f)
{
	struct jsonw_run run;

	if (!jsonw_run_start(w, &run)) {
		for (int k = 0; k < f->n_params; k++)
			if (f->params[k].kind == 'i')
				jsonw_int(w, f->params[k].v.i);
			else if (f->params[k].kind == 'f')
				jsonw_real(w, f->params[k].v.f);
		return;
	}
	/* The parameters' bounds in locals: the writer's stores through a
	 * char pointer would otherwise have them loaded again per number. */
	for (const struct rules_param *q = f->params, *end = q + f->n_params; q < end; q++)
		if (q->kind == 'i')
			jsonw_run_int(w, &run, q->v.i);
		else if (q->kind == 'f')
			jsonw_run_real(w, &run, q->v.f);
	jsonw_run_end(w, &run);
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
				params_json(w, f);
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

void output_json_open_to(struct outbuf *b, const char *array)
{
	/* as jansson indents it; the version string is ASCII from configure */
	outbuf_puts(b, "{\n  \"format_version\": ");
	outbuf_int(b, OUTPUT_JSON_FORMAT_VERSION);
	outbuf_puts(b, ",\n  \"producer\": {\n    \"name\": \"occview\",\n    \"version\": \""
		    PACKAGE_VERSION "\"\n  },\n  \"");
	outbuf_puts(b, array);
	outbuf_puts(b, "\": [");
}

void output_json_open(FILE *out, const char *array)
{
	struct outbuf b;

	outbuf_init(&b, out);
	output_json_open_to(&b, array);
	outbuf_flush(&b);
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
	jsonw_object(w);
	jsonw_member(w, JSONW_NAME("name"));
	jsonw_text(w, a->launch.kernel, sizeof(name));
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
		/* str_sanitize's text of occ_error_format's (jsonw_text), put
		 * together without strfmt where it is printable ASCII */
		output_error_text(&a->error, msg, sizeof(msg));
		jsonw_text(w, msg, sizeof(name));
	}
	if (a->compiled) {
		jsonw_member(w, JSONW_NAME("binary"));
		output_json_binary(w, a->compiled->name, a->compiled->binary, a->assumed);
	}
	/* Only kernel records have one: launch lists keep their shape. */
	if (a->report.present) {
		jsonw_member(w, JSONW_NAME("report"));
		output_json_report(w, a);
	}
	jsonw_end(w);
}

void output_json_kernel_to(struct jsonw *w, const struct analysis *a, bool first, bool derivations)
{
	if (first)
		outbuf_put(&w->text, "\n    ", 5);
	else
		outbuf_put(&w->text, ",\n    ", 6);
	kernel_json(w, a, derivations, true);
}

bool output_json_kernel_derived(FILE *out, const struct analysis *a, bool first, bool derivations)
{
	struct jsonw w;

	jsonw_init(&w, out, 4);
	output_json_kernel_to(&w, a, first, derivations);
	return jsonw_flush(&w);
}

void output_jsonl_header_to(struct outbuf *b)
{
	/* the version string is ASCII from configure */
	outbuf_puts(b, "{\"format_version\":");
	outbuf_int(b, OUTPUT_JSON_FORMAT_VERSION);
	outbuf_puts(b, ",\"producer\":{\"name\":\"occview\",\"version\":\"" PACKAGE_VERSION "\"}}\n");
}

void output_jsonl_header(FILE *out)
{
	struct outbuf b;

	outbuf_init(&b, out);
	output_jsonl_header_to(&b);
	outbuf_flush(&b);
}

void output_jsonl_kernel_to(struct jsonw *w, const struct analysis *a, unsigned what)
{
	kernel_json(w, a, what & OUTPUT_JSONL_DERIVATIONS, what & OUTPUT_JSONL_FINDINGS_TEXT);
	outbuf_putc(&w->text, '\n');
}

bool output_jsonl_kernel(FILE *out, const struct analysis *a, unsigned what)
{
	struct jsonw w;

	jsonw_init_compact(&w, out);
	output_jsonl_kernel_to(&w, a, what);
	return jsonw_flush(&w);
}

void output_json_end_to(struct outbuf *b, bool any)
{
	outbuf_puts(b, any ? "\n  ]\n}\n" : "]\n}\n");
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
void output_json_comparison_end_to(struct jsonw *w, const int64_t ids[2], const struct compare_delta *d)
{
	int base = w->base;

	outbuf_puts(&w->text, "\n  ],\n  \"comparison\": ");
	/* the document's member, at its indent */
	jsonw_set_base(w, 2);
	comparison_json(w, ids, d);
	jsonw_set_base(w, base);
	outbuf_puts(&w->text, "\n}\n");
}

bool output_json_comparison_end(FILE *out, const int64_t ids[2], const struct compare_delta *d)
{
	struct jsonw w;

	jsonw_init(&w, out, 2);
	output_json_comparison_end_to(&w, ids, d);
	return jsonw_flush(&w);
}

void output_jsonl_comparison_to(struct jsonw *w, const int64_t ids[2], const struct compare_delta *d)
{
	jsonw_object(w);
	jsonw_key(w, "comparison");
	comparison_json(w, ids, d);
	jsonw_end(w);
	outbuf_putc(&w->text, '\n');
}

bool output_jsonl_comparison(FILE *out, const int64_t ids[2], const struct compare_delta *d)
{
	struct jsonw w;

	jsonw_init_compact(&w, out);
	output_jsonl_comparison_to(&w, ids, d);
	return jsonw_flush(&w);
}
