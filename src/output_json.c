/* output_json.c - --format json: one object {"kernels":[...]} built with jansson. */
#include "config.h"

#include "output.h"

#include <jansson.h>
#include <stdlib.h>

#include "params.h"
#include "report_launch.h"
#include "strutil.h"

static json_t *limit_json(int limit)
{
	return limit == OCC_UNLIMITED ? json_null() : json_integer(limit);
}

static json_t *gpu_json(const struct gpu *g)
{
	char cc[16];

	gpu_arch_cc_string(&g->arch, cc, sizeof(cc));
	return json_pack("{s:s, s:s, s:s, s:i}", "name", g->name, "arch", g->arch.arch, "cc", cc,
			 "sm_count", g->sm_count);
}

/* A launch count; with missing (a kernel record whose report lacks launch
 * parameters), 0 is null: missing is not zero. */
static json_t *count_json(json_int_t v, bool missing)
{
	return missing && v == 0 ? json_null() : json_integer(v);
}

static json_t *launch_json(const struct launch *l, const struct gpu *g, bool missing)
{
	bool no_grid = missing && launch_grid_size(l) == 0;
	bool no_block = missing && launch_threads_per_block(l) == 0;
	json_t *o = json_pack("{s:o, s:o, s:o, s:o, s:o, s:I, s:I, s:o, s:i}",
			 "grid_size", count_json((json_int_t)launch_grid_size(l), missing),
			 "grid", no_grid ? json_null() :
				 json_pack("[I,I,I]", (json_int_t)l->grid[0], (json_int_t)l->grid[1],
					   (json_int_t)l->grid[2]),
			 "block", no_block ? json_null() :
				  json_pack("[i,i,i]", l->block[0], l->block[1], l->block[2]),
			 "threads_per_block", count_json(launch_threads_per_block(l), missing),
			 "registers_per_thread", count_json(l->regs_per_thread, missing),
			 "static_shared_mem_bytes", (json_int_t)l->static_smem_bytes,
			 "dynamic_shared_mem_bytes", (json_int_t)l->dynamic_smem_bytes,
			 "shared_mem_carveout_pct",
			 l->carveout_pct == LAUNCH_CARVEOUT_DEFAULT ? json_null() : json_integer(l->carveout_pct),
			 "barriers", l->barriers);

	/* AMD's own launch fields, named as in a launch list. */
	if (o && g->arch.vendor == GPU_AMD) {
		json_object_set_new(o, "wave_size", json_integer(l->wave_size ? l->wave_size :
								 g->arch.amd.default_wave_size));
		json_object_set_new(o, "agprs_per_thread", json_integer(l->agprs));
		json_object_set_new(o, "sgprs_per_wave", json_integer(l->sgprs));
	}
	return o;
}

static json_t *occupancy_json(const struct analysis *a)
{
	const struct occ_result *r = &a->r;
	json_t *o = json_object(), *lim = json_array(), *util = json_object();

	if (!o || !lim || !util) {
		json_decref(o);
		json_decref(lim);
		json_decref(util);
		return NULL;
	}
	for (int f = 0; f < OCC_N_FACTORS; f++) {
		const struct occ_usage *u = &r->usage[f];
		if (occ_is_limiting(r, (enum occ_factor)f))
			json_array_append_new(lim, json_string(occ_key(r, (enum occ_factor)f)));
		json_object_set_new(util, occ_key(r, (enum occ_factor)f),
				    json_pack("{s:I, s:I, s:I, s:I, s:I}", "total", (json_int_t)u->total,
					      "per_block", (json_int_t)u->per_block, "used", (json_int_t)u->used,
					      "idle", (json_int_t)u->idle, "left_over", (json_int_t)u->leftover));
	}
	json_object_set_new(o, "active_blocks_per_sm", json_integer(r->active_blocks_per_sm));
	json_object_set_new(o, "active_warps_per_sm", json_integer(r->active_warps_per_sm));
	json_object_set_new(o, "active_threads_per_sm", json_integer(r->active_threads_per_sm));
	json_object_set_new(o, "max_warps_per_sm", json_integer(r->max_warps_per_sm));
	json_object_set_new(o, "warps_per_block", json_integer(r->warps_per_block));
	json_object_set_new(o, "theoretical_occupancy_pct", json_real(r->theoretical_occupancy_pct));
	/* block_limit_warps ... on NVIDIA; block_limit_vgprs, _sgprs, _lds, _waves and
	 * _workgroups (workgroups per CU) on AMD. */
	for (int f = 0; f < OCC_N_FACTORS; f++) {
		char key[64];
		snprintf(key, sizeof(key), "block_limit_%s", occ_key(r, (enum occ_factor)f));
		json_object_set_new(o, key, limit_json(r->block_limit[f]));
	}
	if (r->vendor == GPU_AMD) {
		json_object_set_new(o, "wave_size", json_integer(r->amd.wave_size));
		json_object_set_new(o, "waves_per_simd", json_integer(r->amd.fits ? r->amd.waves_per_simd : 0));
		json_object_set_new(o, "max_waves_per_simd", json_integer(r->amd.max_waves_per_simd));
	}
	json_object_set_new(o, "limiting_factors", lim);
	json_object_set_new(o, "allocated_registers_per_block", json_integer(r->allocated_regs_per_block));
	json_object_set_new(o, "registers_per_warp_allocated", json_integer(r->regs_per_warp_allocated));
	json_object_set_new(o, "allocated_shared_mem_per_block", json_integer(r->allocated_smem_per_block));
	json_object_set_new(o, "shared_mem_config_bytes", json_integer(r->smem_config_bytes));
	json_object_set_new(o, "shared_mem_preference_bytes", json_integer(r->smem_preference_bytes));
	json_object_set_new(o, "utilization", util);
	json_object_set_new(o, "best_block_size", json_integer(a->best_block_size));
	json_object_set_new(o, "min_grid_for_full_occupancy", json_integer(a->min_grid_full_occupancy));
	return o;
}

static json_t *waves_json(const struct waves *w)
{
	return json_pack("{s:I, s:f, s:I, s:I, s:f, s:f, s:f}",
			 "blocks_per_wave", (json_int_t)w->blocks_per_wave,
			 "waves_per_sm", w->waves_per_sm,
			 "full_waves", (json_int_t)w->full_waves,
			 "partial_wave_blocks", (json_int_t)w->partial_wave_blocks,
			 "tail_share_pct", w->tail_share_pct,
			 "partial_wave_occupancy_pct", w->partial_wave_occupancy_pct,
			 "predicted_achieved_occupancy_pct", w->predicted_achieved_pct);
}

static json_t *int_or_null(const struct report_int *v)
{
	return v->present ? json_integer((json_int_t)v->value) : json_null();
}

static json_t *num_or_null(const struct report_num *v)
{
	return v->present ? json_real(v->value) : json_null();
}

/* Whether the launch is the one the report measured: the parameters that
 * differ (their launch-list names) and the measured facts dropped with
 * them. null when the record could not be analysed. */
static void measured_json(json_t *o, const struct analysis *a)
{
	static const struct { unsigned bit; const char *key; } facts[] = {
		{ MEASURED_SMEM_CONFIG, "shared_mem_config" }, { MEASURED_CROSSCHECK, "crosscheck" },
		{ MEASURED_ACHIEVED, "measured" }, { MEASURED_DEVICE, "device" },
	};
	const struct crosscheck_record *p = &a->report;
	json_t *changed, *dropped;

	if (!a->ok) {
		json_object_set_new(o, "launch_as_measured", json_null());
		return;
	}
	changed = json_array();
	dropped = json_array();
	for (int i = 0; i < PARAM_N; i++)
		if (p->changed & PARAM_BIT(i))
			json_array_append_new(changed,
					      json_string(param_info((enum launch_param)i)->column));
	for (size_t i = 0; i < sizeof(facts) / sizeof(facts[0]); i++)
		if (p->dropped & facts[i].bit)
			json_array_append_new(dropped, json_string(facts[i].key));
	json_object_set_new(o, "launch_as_measured", json_boolean(p->changed == 0));
	json_object_set_new(o, "changed", changed);
	json_object_set_new(o, "dropped", dropped);
}

/* A kernel record's own figures and the cross-check; null where absent. */
static json_t *report_json(const struct analysis *a)
{
	const struct crosscheck_record *p = &a->report;
	const struct crosscheck *c = &p->check;
	char device[sizeof(p->device) * 4];
	json_t *o = json_object(), *dis = json_array(), *cc;

	if (!o || !dis) {
		json_decref(o);
		json_decref(dis);
		return NULL;
	}
	str_sanitize(p->device, device, sizeof(device));
	json_object_set_new(o, "device", device[0] ? json_string(device) : json_null());
	json_object_set_new(o, "device_in_database",
			    p->gpu_source == REPORT_GPU_NONE ? json_null()
							     : json_boolean(!p->device_unknown));
	json_object_set_new(o, "sm_count", int_or_null(&p->sm_count));
	json_object_set_new(o, "database_sm_count",
			    p->db_sm_count > 0 ? json_integer(p->db_sm_count) : json_null());
	json_object_set_new(o, "achieved_occupancy_pct", num_or_null(&p->achieved_occupancy_pct));
	json_object_set_new(o, "achieved_active_warps", num_or_null(&p->achieved_active_warps));
	json_object_set_new(o, "duration_ns", num_or_null(&p->duration_ns));
	json_object_set_new(o, "shared_mem_config_bytes", int_or_null(&p->smem_config_bytes));
	json_object_set_new(o, "shared_mem_config_used", json_boolean(a->r.smem_config_from_driver));
	json_object_set_new(o, "driver_shared_mem_per_block_bytes", int_or_null(&p->driver_smem_bytes));
	measured_json(o, a);
	if (p->launch_given || !a->ok) {
		json_decref(dis);
		json_object_set_new(o, "crosscheck", json_null());
		return o;
	}
	for (int f = 0; f < CROSSCHECK_N_FIELDS; f++) {
		if (!crosscheck_differs(c, (enum crosscheck_field)f))
			continue;
		json_array_append_new(dis, json_pack("{s:s, s:s, s:f, s:f}", "field",
						     crosscheck_key((enum crosscheck_field)f), "label",
						     crosscheck_label((enum crosscheck_field)f), "report",
						     (double)c->report[f], "occview", (double)c->occview[f]));
	}
	cc = json_pack("{s:i, s:o}", "compared", crosscheck_count(c->compared), "disagreements", dis);
	json_object_set_new(o, "crosscheck", cc);
	return o;
}

static json_t *kernel_json(const struct analysis *a)
{
	char name[1100], msg[900];
	json_t *k, *findings = json_array();

	/* JSON escapes control characters itself, but invalid UTF-8 would make
	 * jansson refuse the string: sanitize names first. */
	str_sanitize(a->launch.kernel, name, sizeof(name));
	k = json_pack("{s:s}", "name", name);
	if (!k || !findings) {
		json_decref(k);
		json_decref(findings);
		return NULL;
	}
	if (a->gpu.name[0])
		json_object_set_new(k, "gpu", gpu_json(&a->gpu));
	else
		json_object_set_new(k, "gpu", json_null());
	json_object_set_new(k, "launch", launch_json(&a->launch, &a->gpu, !a->ok && a->report.present));
	if (a->ok) {
		json_object_set_new(k, "occupancy", occupancy_json(a));
		json_object_set_new(k, "waves", waves_json(&a->w));
		for (int i = 0; i < a->n_findings; i++) {
			const struct finding *f = &a->findings[i];
			json_array_append_new(findings, json_pack("{s:s, s:s, s:s, s:s}", "id", f->id,
								  "severity", rules_severity_key(f->severity),
								  "title", f->title, "text", f->text));
		}
		json_object_set_new(k, "findings", findings);
		json_object_set_new(k, "error", json_null());
	} else {
		occ_error_format(&a->error, msg, sizeof(msg));
		str_sanitize(msg, name, sizeof(name));
		json_object_set_new(k, "occupancy", json_null());
		json_object_set_new(k, "waves", json_null());
		json_object_set_new(k, "findings", findings);
		json_object_set_new(k, "error", json_string(name));
	}
	/* Only kernel records have one: launch lists keep their shape. */
	if (a->report.present)
		json_object_set_new(k, "report", report_json(a));
	return k;
}

void output_json_begin(FILE *out)
{
	fputs("{\n  \"kernels\": [", out);
}

bool output_json_kernel(FILE *out, const struct analysis *a, bool first)
{
	json_t *k = kernel_json(a);
	char *text;

	if (!k)
		return false;
	text = json_dumps(k, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
	json_decref(k);
	if (!text)
		return false;
	/* As the object sits in the array of the root, indented twice. */
	fputs(first ? "\n    " : ",\n    ", out);
	for (const char *p = text; *p; p++) {
		fputc(*p, out);
		if (*p == '\n')
			fputs("    ", out);
	}
	free(text);
	return true;
}

void output_json_end(FILE *out, bool any)
{
	fputs(any ? "\n  ]\n}\n" : "]\n}\n", out);
}
