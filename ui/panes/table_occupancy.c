/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* table_occupancy.c - the occupancy table's figures: active blocks, warps
 * (AMD: workgroups, waves per unit and per SIMD), threads, theoretical and
 * achieved occupancy and the clusters, with the baseline's and the report's. */
#include "config.h"

#include "table_out.h"

#include <stdio.h>
#include <string.h>

#include "engine.h"
#include "report_launch.h"
#include "strutil.h"

enum { OCC_LABEL_W = 23, OCC_VALUE_W = 16 };

/* One figure of the occupancy block: its label, value and, where the baseline
 * differs, the baseline's value and the change, coloured as gain or loss;
 * else the profiler's own figure (note) where it has one. */
static void occ_row(struct out *o, const char *label, const char *value, const char *base,
		    const char *delta, enum canvas_role delta_r, const char *note)
{
	table_put(o, 0, CANVAS_NORMAL, label);
	table_put(o, OCC_LABEL_W, CANVAS_NORMAL, value);
	if (base)
		table_putf(o, OCC_LABEL_W + OCC_VALUE_W, delta_r, "(baseline %s, %s)", base, delta);
	else if (note && note[0])
		table_put(o, OCC_LABEL_W + OCC_VALUE_W, CANVAS_DIM, note);
	o->y++;
}

/* The profiler's own figure beside occview's, for the launch it measured:
 * "(report 8)". "" when it has none, or the launch shown is a what-if. */
static void report_note(const struct view *v, const struct report_num *f, const char *fmt,
			char *buf, size_t size)
{
	const struct crosscheck_record *p = &v->cur.report;

	buf[0] = '\0';
	if (p->present && !p->changed && f->present)
		snprintf(buf, size, fmt, f->value);
}

static void occ_count_row(struct out *o, const struct view *v, const char *label, int cur,
			  int base, int of, bool coloured, const char *note)
{
	char val[48], b[24], d[24];

	if (of > 0)
		snprintf(val, sizeof(val), "%6d of %d", cur, of);
	else
		snprintf(val, sizeof(val), "%6d", cur);
	if (!v->base.ok || base == cur) {
		occ_row(o, label, val, NULL, NULL, CANVAS_NORMAL, note);
		return;
	}
	snprintf(b, sizeof(b), "%d", base);
	snprintf(d, sizeof(d), "%+d", cur - base);
	occ_row(o, label, val, b, d, coloured ? table_delta_role(cur - base) : CANVAS_NORMAL, NULL);
}

/* Thread-block clusters (cc 9.0+), where the launch has one or the report
 * gives Nsight Compute's cluster figures: max active clusters and cluster
 * occupancy (a range where the GPC layout is not known exactly, "<=" where
 * only the most is), the largest cluster, and the report's own figures. */
static void cluster_rows(struct out *o, const struct view *v)
{
	const struct cluster_result *cl = &v->cur.cl;
	const struct crosscheck_record *p = &v->cur.report;
	const struct crosscheck_figures *prof = &p->profiler;
	bool own = p->present && !p->changed;
	char val[48], note[64] = "";

	if (!v->cur.ok || !cl->applies ||
	    (cl->cluster_size == 0 && !(own && prof->cluster_max_size.present)))
		return;
	if (cl->cluster_size > 0) {
		char t[32];

		cluster_active_text(cl, t, sizeof(t));
		snprintf(val, sizeof(val), "%6s", t);
		if (own && prof->cluster_max_active.present)
			snprintf(note, sizeof(note), "(report %lld)",
				 (long long)prof->cluster_max_active.value);
		else if (cl->bound != CLUSTER_EXACT)
			snprintf(note, sizeof(note), "(GPC layout not known exactly)");
		occ_row(o, "Max active clusters", val, NULL, NULL, CANVAS_NORMAL, note);
		if (cl->bound == CLUSTER_RANGE)
			snprintf(t, sizeof(t), "%.1f-%.1f%%", cl->occupancy_pct_min,
				 cl->occupancy_pct_max);
		else
			snprintf(t, sizeof(t), "%s%.1f%%", cl->bound == CLUSTER_UPPER ? "<=" : "",
				 cl->occupancy_pct_max);
		snprintf(val, sizeof(val), "%7s", t);
		note[0] = '\0';
		/* Nsight Compute counts it over the hardware's block slots
		 * (crosscheck.c's cluster_pct_ncu), this row over the kernel's. */
		if (own && prof->cluster_occupancy_pct.present)
			snprintf(note, sizeof(note), "(report %.2f%% of %d blocks/SM)",
				 prof->cluster_occupancy_pct.value,
				 v->cur.gpu.arch.max_blocks_per_sm);
		occ_row(o, "Cluster occupancy", val, NULL, NULL, CANVAS_NORMAL, note);
	}
	snprintf(val, sizeof(val), "%6d", cl->max_size_portable);
	note[0] = '\0';
	if (own && prof->cluster_max_size.present)
		snprintf(note, sizeof(note), "(report %lld; non-portable %d)",
			 (long long)prof->cluster_max_size.value, cl->max_size_nonportable_max);
	else
		snprintf(note, sizeof(note), "(non-portable %d)", cl->max_size_nonportable_max);
	occ_row(o, "Max cluster size", val, NULL, NULL, CANVAS_NORMAL, note);
}

void table_sec_occupancy(struct out *o, const struct view *v)
{
	const struct occ_result *r = &v->cur.r, *br = &v->base.r;
	const struct engine *e = engine_of(&v->cur.gpu.arch);
	const struct engine_words *ew = engine_words(&v->cur.gpu.arch);
	char label[32];
	const struct crosscheck_figures *prof = &v->cur.report.profiler;
	char val[48], b[24], d[24], note[48];
	double delta;

	/* More blocks is no gain in itself (smaller blocks give more), so only
	 * warps, threads and occupancy are coloured. */
	if (e->wave_limits) {
		snprintf(label, sizeof(label), "%s per %s", ew->Blocks, ew->unit);
		occ_count_row(o, v, label, r->active_blocks_per_sm, br->active_blocks_per_sm, 0, false,
			      NULL);
		/* CodeXL's occupancy is these waves over the CU's slots, not
		 * LLVM's waves per SIMD below: its figure shows here. */
		report_note(v, &prof->theoretical_pct, "(report %.2f%%)", note, sizeof(note));
		snprintf(label, sizeof(label), "%s per %s", ew->Warps, ew->unit);
		occ_count_row(o, v, label, r->active_warps_per_sm, br->active_warps_per_sm,
			      r->max_warps_per_sm, true, note);
		/* LLVM's figure, beside the headline above (which counts whole
		 * workgroups per CU); where they differ a finding says why
		 * (amd_occupancy_per_simd). A VLIW CU is one SIMD engine. */
		if (e->simd_waves) {
			snprintf(label, sizeof(label), "%s per %s (LLVM)", ew->Warps, ew->scheduler);
			occ_count_row(o, v, label, r->amd.fits ? r->amd.waves_per_simd : 0,
				      br->amd.fits ? br->amd.waves_per_simd : 0,
				      r->amd.max_waves_per_simd, true, NULL);
		}
	} else {
		occ_count_row(o, v, "Active blocks per SM", r->active_blocks_per_sm,
			      br->active_blocks_per_sm, 0, false, NULL);
		report_note(v, &prof->active_warps, "(report %.2f)", note, sizeof(note));
		occ_count_row(o, v, "Active warps per SM", r->active_warps_per_sm,
			      br->active_warps_per_sm, r->max_warps_per_sm, true, note);
		occ_count_row(o, v, "Active threads per SM", r->active_threads_per_sm,
			      br->active_threads_per_sm, v->cur.gpu.arch.max_threads_per_sm, true, NULL);
	}

	snprintf(val, sizeof(val), "%6.1f%%", r->theoretical_occupancy_pct);
	delta = r->theoretical_occupancy_pct - br->theoretical_occupancy_pct;
	snprintf(b, sizeof(b), "%.1f%%", br->theoretical_occupancy_pct);
	snprintf(d, sizeof(d), "%+.1f", delta);
	/* Equal as printed is equal: no "(baseline 50.0%, +0.0)". */
	note[0] = '\0';
	if (!e->wave_limits)
		report_note(v, &prof->theoretical_pct, "(report %.2f%%)", note, sizeof(note));
	/* Beside the profiler's two decimals, the same two: 36 of 64 warps
	 * is 56.25 %, which one decimal prints as 56.2 beside "(report
	 * 56.25%)". */
	if (note[0])
		snprintf(val, sizeof(val), "%6.2f%%", r->theoretical_occupancy_pct);
	if (!v->base.ok || strcmp(d, "+0.0") == 0 || strcmp(d, "-0.0") == 0)
		occ_row(o, "Theoretical occupancy", val, NULL, NULL, CANVAS_NORMAL, note);
	else
		occ_row(o, "Theoretical occupancy", val, b, d, table_delta_role(delta), NULL);
	cluster_rows(o, v);

	table_put(o, 0, CANVAS_NORMAL, "Achieved occupancy");
	if (v->measured.has_achieved) {
		int w = table_putf(o, OCC_LABEL_W, CANVAS_NORMAL, "%6.1f%%", v->measured.achieved_pct);
		const char *from = v->cur.report.achieved_from;
		const char *formula = v->cur.report.achieved_sq ? REPORT_SQ_OCCUPANCY_FORMULA : NULL;
		const char *xcds_from = report_xcds_source_text(v->cur.report.xcds_from);

		/* The profiler measured the launch as loaded, not the one shown;
		 * a joined figure says which file it came from, a computed one
		 * which counters. */
		table_putf(o, OCC_LABEL_W + (w < OCC_VALUE_W ? OCC_VALUE_W : w + 1), CANVAS_DIM,
		     "(measured%s%s%s%s%s)", from ? ", from " : "", from ? str_base_name(from) : "",
		     formula ? ", from " : "", formula ? "SQ counters" : "",
		     table_is_whatif(v) ? ", of the launch as loaded" : "");
		o->y++;
		/* The SQ counters are summed over the partition's XCDs: how many,
		 * and who said so (a target of one XCD needs no word). */
		if (formula && xcds_from &&
		    (v->cur.report.xcds > 1 || v->cur.report.xcds_from != REPORT_XCDS_DATABASE)) {
			char val[16];

			snprintf(val, sizeof(val), "%6d", v->cur.report.xcds);
			occ_row(o, "  XCDs counted", val, NULL, NULL, CANVAS_NORMAL,
				v->cur.report.xcds_from == REPORT_XCDS_DATABASE ? "(SPX, the default mode)"
				: v->cur.report.xcds_from == REPORT_XCDS_FLAG ? "(--xcds)"
				: "(sysinfo.csv)");
		}
		return;
	}
	table_put(o, OCC_LABEL_W, CANVAS_DIM, "   n/a");
	o->y++;
}
