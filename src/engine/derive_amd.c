/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* derive_amd.c - the teaching view on AMD: each factor's waves per SIMD and
 * workgroups per CU (or WGP), the occupancy and the GPU's waves derived
 * step by step, with the rules of amd.c and terascale.c. */
#include "config.h"

#include "derive.h"

#include <stdio.h>
#include <string.h>

#include "derive_steps.h"

/* The plural ending for a count. */
#define S(n) ((n) == 1 ? "" : "s")

static int64_t round_up(int64_t x, int64_t unit)
{
	return unit > 0 ? (x + unit - 1) / unit * unit : x;
}

/* ---- AMD: waves per SIMD and workgroups per CU (or WGP), as amd.c counts them ---- */

/* The order amd_compute() counts the factors in: a launch that fails on one
 * stops there, and the factors after it are never counted. */
static int amd_stage(enum amd_factor f)
{
	return f == AMD_VGPRS ? 1 : f == AMD_SGPRS ? 2 : f == AMD_LDS ? 3 : 4;
}

/* True when amd_compute() refused the launch before counting any factor: a
 * wave size the target does not run, or a workgroup size out of range. */
static bool amd_refused(const struct amd_result *x)
{
	return !x->fits && (x->misfit == AMD_WAVES || x->misfit == AMD_WORKGROUPS);
}

/* True when amd_compute() stopped at factor x->misfit before counting the rest
 * (rather than finding, after counting all, that no workgroup fits). */
static bool amd_stopped_early(const struct amd_result *x)
{
	return !x->fits && (amd_refused(x) || x->misfit == AMD_LDS ||
			    x->workgroup_limit[x->misfit] != 0);
}

/* Where waves are counted: a SIMD, or on a VLIW target its one SIMD engine,
 * the CU. */
static const char *amd_wave_home(const struct amd_arch *m)
{
	return m->vliw ? "CU" : "SIMD";
}

static const char *amd_wave_sizes(const struct amd_arch *m)
{
	return m->wave32 && m->wave64 ? "wave32 and wave64" : m->wave32 ? "wave32 only" : "wave64 only";
}

/* The sentence that says why amd_compute() refused the launch outright. */
static void amd_refusal_step(const struct amd_arch *m, const struct occ_input *in,
			     const struct amd_result *x, struct derivation *d)
{
	if (x->misfit == AMD_WAVES)
		derive_step(d, "%s runs %s, not wave%d: no workgroup fits", m->target, amd_wave_sizes(m),
		     x->wave_size);
	else
		derive_step(d, "A workgroup may have 1 to %d work-items; %d is outside that: no workgroup fits",
		     m->max_workgroup_size, in->threads_per_block);
}

static void amd_wpw_step(const struct occ_input *in, const struct amd_result *x, struct derivation *d)
{
	derive_step(d, "Waves per workgroup: ceil(%d work-item%s / %d per wave) = %d", in->threads_per_block,
	     S(in->threads_per_block), x->wave_size, x->waves_per_workgroup);
}

/* "floor(7 waves x 4 SIMDs / 4 waves per workgroup) = 7": the workgroups a
 * unit's SIMDs hold when each holds `waves` waves. */
static void amd_workgroups_step(const struct amd_arch *m, const struct amd_result *x, int waves,
				int workgroups, struct derivation *d)
{
	int n = x->waves_per_workgroup;

	derive_step(d, "Workgroups per %s: floor(%d wave%s x %d SIMDs / %d wave%s per workgroup) = %d",
	     amd_unit_name(m), waves, S(waves), amd_simds_per_unit(m), n, S(n), workgroups);
}

/* "ceil(8 workgroups x 4 waves / 4 SIMDs) = 8": LLVM's waves per SIMD for a
 * limit counted in workgroups, their waves spread evenly over the SIMDs. */
static void amd_spread_step(const struct amd_arch *m, const struct amd_result *x, int workgroups,
			    int waves, struct derivation *d)
{
	int n = x->waves_per_workgroup;

	derive_step(d, "Their waves spread evenly over %d SIMDs: ceil(%d workgroup%s x %d wave%s / %d) = "
	     "%d wave%s per SIMD", amd_simds_per_unit(m), workgroups, S(workgroups), n, S(n),
	     amd_simds_per_unit(m), waves, S(waves));
}

/* The last step of a factor that limits: its own waves per SIMD and
 * workgroups per unit, the two figures amd_compute() keeps for it. */
static void amd_final(const struct amd_arch *m, const struct amd_result *x, enum amd_factor f,
		      struct derivation *d)
{
	int waves = x->wave_limit[f], wgs = x->workgroup_limit[f];
	char label[32];

	snprintf(label, sizeof(label), "%s", amd_factor_label_on(m, f));
	if (label[0] >= 'a' && label[0] <= 'z')
		label[0] = (char)(label[0] - 'a' + 'A');
	d->value = wgs;
	derive_step(d, "%s limit: %d wave%s per %s, %d workgroup%s per %s", label, waves, S(waves),
	     amd_wave_home(m), wgs, S(wgs), amd_unit_name(m));
}

static void amd_fail(struct derivation *d)
{
	d->value = 0;
}

static void amd_derive_vgprs(const struct amd_arch *m, const struct occ_input *in,
			     const struct amd_result *x, struct derivation *d)
{
	int wave = x->wave_size, vgprs = in->regs_per_thread, agprs = in->agprs;
	int file = amd_vgpr_file(m, wave);
	int granule = amd_vgpr_granule(m, wave);
	int combined, alloc, waves;

	amd_wpw_step(in, x, d);
	if (vgprs < 0 || vgprs > m->max_vgprs_per_wave || agprs < 0 || agprs > m->max_agprs_per_wave) {
		if (m->max_agprs_per_wave > 0)
			derive_step(d, "%s allows at most %d VGPRs and %d AGPRs per work-item; %d VGPRs and %d "
			     "AGPRs exceed that: no workgroup fits", m->target, m->max_vgprs_per_wave,
			     m->max_agprs_per_wave, vgprs, agprs);
		else if (agprs != 0)
			derive_step(d, "%s has no AGPRs; the kernel asks for %d: no workgroup fits", m->target,
			     agprs);
		else
			derive_step(d, "%s allows at most %d VGPRs per work-item; %d exceed that: no workgroup "
			     "fits", m->target, m->max_vgprs_per_wave, vgprs);
		amd_fail(d);
		return;
	}
	if (m->unified_vgpr_agpr && agprs > 0) {
		combined = (int)round_up(vgprs, 4) + agprs;
		derive_step(d, "VGPRs per work-item: %d arch VGPRs rounded up to 4 = %lld, then %d AGPRs in the "
		     "same file = %d", vgprs, (long long)round_up(vgprs, 4), agprs, combined);
	} else if (agprs > 0) {
		combined = vgprs > agprs ? vgprs : agprs;
		derive_step(d, "VGPRs per work-item: %s keeps AGPRs in a second file of the same size, so the "
		     "larger of %d VGPRs and %d AGPRs counts: %d", m->target, vgprs, agprs, combined);
	} else {
		combined = vgprs;
		derive_step(d, "VGPRs per work-item: %d%s", vgprs, m->max_agprs_per_wave > 0 ? " (no AGPRs)" : "");
	}
	alloc = (int)round_up(combined > 0 ? combined : 1, granule);
	if (combined == 0)
		derive_step(d, "A kernel without VGPRs still gets one wave%d granule: %d", wave, alloc);
	else
		derive_step(d, "Rounded up to the wave%d granule of %d: %d", wave, granule, alloc);
	derive_step(d, "VGPRs per SIMD lane (wave%d): %d", wave, file);
	if (alloc > file) {
		derive_step(d, "%d VGPRs exceed the %d of a lane: not one wave fits a SIMD, no workgroup fits",
		     alloc, file);
		amd_fail(d);
		return;
	}
	waves = file / alloc;
	derive_step(d, "Waves per SIMD: floor(%d / %d) = %d", file, alloc, waves);
	amd_workgroups_step(m, x, waves, x->workgroup_limit[AMD_VGPRS], d);
	if (x->workgroup_limit[AMD_VGPRS] == 0) {
		derive_step(d, "The %d SIMDs of a %s hold %d waves, fewer than the %d of one workgroup: no "
		     "workgroup fits", amd_simds_per_unit(m), amd_unit_name(m),
		     waves * amd_simds_per_unit(m), x->waves_per_workgroup);
		amd_fail(d);
		return;
	}
	amd_final(m, x, AMD_VGPRS, d);
}

static void amd_derive_sgprs(const struct amd_arch *m, const struct occ_input *in,
			     const struct amd_result *x, struct derivation *d)
{
	int sgprs = in->sgprs, waves = x->wave_limit[AMD_SGPRS];

	d->value = OCC_UNLIMITED;
	if (!amd_sgprs_limit(m)) {
		if (sgprs > 0)
			derive_step(d, "SGPRs per wave: %d, information only", sgprs);
		derive_step(d, "SGPRs do not limit on %s (%s): every wave slot has its own", m->target,
		     m->family);
		return;
	}
	if (sgprs < 0 || sgprs > amd_max_sgprs(m)) {
		derive_step(d, "%s allows at most %d SGPRs per wave; %d exceed that: no workgroup fits",
		     m->target, amd_max_sgprs(m), sgprs);
		amd_fail(d);
		return;
	}
	if (sgprs == 0) {
		derive_step(d, "SGPRs per wave not reported (0): unknown, so they do not limit here");
		return;
	}
	if (m->sgpr_granule > 1)
		derive_step(d, "SGPRs per wave: %d, rounded up to the granule of %d: %d", sgprs,
		     m->sgpr_granule, x->sgprs_allocated);
	else
		derive_step(d, "SGPRs per wave: %d (with VCC and the other reserved ones)", sgprs);
	derive_step(d, "Waves per SIMD: floor(%d SGPRs per SIMD / %d) = %d", m->sgprs_per_simd,
	     x->sgprs_allocated, waves);
	amd_wpw_step(in, x, d);
	amd_workgroups_step(m, x, waves, x->workgroup_limit[AMD_SGPRS], d);
	if (x->workgroup_limit[AMD_SGPRS] == 0) {
		derive_step(d, "The %d SIMDs of a %s hold %d waves, fewer than the %d of one workgroup: no "
		     "workgroup fits", amd_simds_per_unit(m), amd_unit_name(m),
		     waves * amd_simds_per_unit(m), x->waves_per_workgroup);
		amd_fail(d);
		return;
	}
	amd_final(m, x, AMD_SGPRS, d);
}

/* The LDS of a workgroup, and whether it counts: false when it does not fit
 * (value 0) or is none (no limit), each said. */
static bool amd_lds_counts(const struct amd_arch *m, const struct occ_input *in,
			   struct derivation *d)
{
	int64_t lds = in->static_smem_bytes + in->dynamic_smem_bytes;

	if (in->static_smem_bytes > 0 && in->dynamic_smem_bytes > 0)
		derive_step(d, "LDS per workgroup: %lld static + %lld dynamic = %lld bytes",
		     (long long)in->static_smem_bytes, (long long)in->dynamic_smem_bytes, (long long)lds);
	else
		derive_step(d, "LDS per workgroup: %lld bytes", (long long)lds);
	if (lds < 0 || lds > m->max_lds_per_workgroup_bytes) {
		derive_step(d, "A workgroup may have at most %d bytes of LDS on %s; %lld exceed that: no "
		     "workgroup fits", m->max_lds_per_workgroup_bytes, m->target, (long long)lds);
		amd_fail(d);
		return false;
	}
	if (lds == 0) {
		d->value = OCC_UNLIMITED;
		derive_step(d, "A workgroup without LDS takes none: LDS does not limit");
		return false;
	}
	return true;
}

static void amd_derive_lds(const struct amd_arch *m, const struct occ_input *in,
			   const struct amd_result *x, struct derivation *d)
{
	int64_t pool = m->wgp_mode && m->lds_per_wgp_bytes > 0 ? m->lds_per_wgp_bytes : m->lds_per_cu_bytes;
	int wgs = x->workgroup_limit[AMD_LDS];

	if (!amd_lds_counts(m, in, d))
		return;
	derive_step(d, "Rounded up to the granule of %d bytes: %lld", m->lds_granule_bytes,
	     (long long)x->lds_allocated);
	if (m->wgp_mode)
		derive_step(d, "LDS per WGP: %lld bytes, one pool for its %d CUs", (long long)pool,
		     amd_cus_per_unit(m));
	else
		derive_step(d, "LDS per CU: %lld bytes", (long long)pool);
	derive_step(d, "Workgroups per %s: floor(%lld / %lld) = %d", amd_unit_name(m), (long long)pool,
	     (long long)x->lds_allocated, wgs);
	if (wgs == 0) {
		derive_step(d, "One workgroup's %lld bytes exceed the %s's %lld: no workgroup fits",
		     (long long)x->lds_allocated, amd_unit_name(m), (long long)pool);
		amd_fail(d);
		return;
	}
	amd_wpw_step(in, x, d);
	amd_spread_step(m, x, wgs, x->wave_limit[AMD_LDS], d);
	amd_final(m, x, AMD_LDS, d);
}

static void amd_derive_waves(const struct amd_arch *m, const struct occ_input *in,
			     const struct amd_result *x, struct derivation *d)
{
	int simds = amd_simds_per_unit(m), slots = m->max_waves_per_simd * simds;
	int n = x->waves_per_workgroup, wgs = x->workgroup_limit[AMD_WAVES];

	amd_wpw_step(in, x, d);
	derive_step(d, "Wave slots per %s: %d per SIMD x %d SIMDs = %d", amd_unit_name(m),
	     m->max_waves_per_simd, simds, slots);
	derive_step(d, "Workgroups per %s: floor(%d slots / %d wave%s per workgroup) = %d", amd_unit_name(m),
	     slots, n, S(n), wgs);
	if (wgs == 0) {
		derive_step(d, "One workgroup's %d waves exceed the %s's %d wave slots: no workgroup fits", n,
		     amd_unit_name(m), slots);
		amd_fail(d);
		return;
	}
	amd_spread_step(m, x, wgs, x->wave_limit[AMD_WAVES], d);
	amd_final(m, x, AMD_WAVES, d);
}

static void amd_derive_workgroups(const struct amd_arch *m, const struct occ_input *in,
				  const struct amd_result *x, struct derivation *d)
{
	int wgs = x->workgroup_limit[AMD_WORKGROUPS];

	amd_wpw_step(in, x, d);
	if (x->waves_per_workgroup == 1) {
		d->value = OCC_UNLIMITED;
		derive_step(d, "A workgroup of one wave needs no barrier, and only workgroups with barriers "
		     "count: workgroups do not limit");
		return;
	}
	if (m->wgp_mode)
		derive_step(d, "A WGP keeps at most %d workgroups of more than one wave resident (%d per CU x "
		     "%d CUs)", wgs, m->max_workgroups_per_cu, amd_cus_per_unit(m));
	else
		derive_step(d, "A CU keeps at most %d workgroups of more than one wave resident", wgs);
	amd_spread_step(m, x, wgs, x->wave_limit[AMD_WORKGROUPS], d);
	amd_final(m, x, AMD_WORKGROUPS, d);
}

/* A VLIW (TeraScale) target's factor in the steps of AMD's CodeXL
 * (terascale.h): a CU is one SIMD engine, 8 workgroups at most, slots cut to
 * what 8 of the largest workgroups fill. */
static void vliw_derive(const struct amd_arch *m, const struct occ_input *in,
			const struct amd_result *x, enum amd_factor g, struct derivation *d)
{
	int n = x->waves_per_workgroup, wf = x->max_waves_per_simd, wg = m->max_workgroups_per_cu;
	int file = amd_vgpr_file(m, x->wave_size);
	int gprs = in->regs_per_thread, raw, capped;
	int64_t lds = in->static_smem_bytes + in->dynamic_smem_bytes, wgs;

	if (g == AMD_SGPRS) {
		d->value = OCC_UNLIMITED;
		if (in->sgprs != 0) {
			derive_step(d, "%s (%s) has no SGPRs; %d given: no workgroup fits", m->target,
			     m->family, in->sgprs);
			amd_fail(d);
			return;
		}
		derive_step(d, "%s (%s) has no SGPRs, only 128-bit GPRs per work-item: they do not limit",
		     m->target, m->family);
		return;
	}
	amd_wpw_step(in, x, d);
	switch (g) {
	case AMD_VGPRS:
		if (gprs < 0 || gprs > m->max_vgprs_per_wave || in->agprs != 0) {
			if (in->agprs != 0)
				derive_step(d, "%s has no AGPRs; the kernel asks for %d: no workgroup fits",
				     m->target, in->agprs);
			else
				derive_step(d, "%s allows at most %d GPRs per work-item; %d exceed that: no "
				     "workgroup fits", m->target, m->max_vgprs_per_wave, gprs);
			amd_fail(d);
			return;
		}
		derive_step(d, "GPRs (128-bit) per work-item: %d%s; a CU holds %d per work-item (%d / %d "
		     "lanes)", gprs, gprs == 0 ? ", counted as 1" : "", file, file * x->wave_size,
		     x->wave_size);
		raw = file / (gprs > 0 ? gprs : 1);
		derive_step(d, "Waves per CU: floor(%d / %d) = %d", file, gprs > 0 ? gprs : 1, raw);
		capped = raw;
		if (raw > wg * n) {
			capped = wg * n < wf ? wg * n : wf;
			derive_step(d, "More than %d workgroups x %d wave%s (and the %d wave slots) hold: %d",
			     wg, n, S(n), wf, capped);
		}
		derive_step(d, "Whole workgroups: floor(%d / %d) x %d = %d", capped, n, n, capped / n * n);
		if (x->workgroup_limit[AMD_VGPRS] == 0) {
			derive_step(d, "Not one workgroup's %d wave%s have the GPRs they need: no workgroup "
			     "fits", n, S(n));
			amd_fail(d);
			return;
		}
		break;
	case AMD_LDS:
		if (!amd_lds_counts(m, in, d))
			return;
		wgs = m->lds_per_cu_bytes / lds;
		derive_step(d, "Workgroups per CU: floor(%d / %lld) = %lld%s", m->lds_per_cu_bytes,
		     (long long)lds, (long long)wgs, wgs > wg ? ", at most 8" : "");
		derive_step(d, "Waves: %d workgroup%s x %d = %d, at most the %d wave slots: %d",
		     x->workgroup_limit[AMD_LDS], S(x->workgroup_limit[AMD_LDS]), n,
		     x->workgroup_limit[AMD_LDS] * n, wf, x->wave_limit[AMD_LDS]);
		break;
	case AMD_WAVES:
		derive_step(d, "Wave slots per CU: %d (AMD counts no more than %d of the largest workgroups, "
		     "%d work-items, fill)", wf, wg, m->max_workgroup_size);
		derive_step(d, "Whole workgroups: floor(%d / %d) = %d", wf, n, x->workgroup_limit[AMD_WAVES]);
		break;
	case AMD_WORKGROUPS:
		derive_step(d, "A CU keeps at most %d workgroups, of one wave or more: %d x %d = %d waves", wg,
		     wg, n, wg * n);
		break;
	default:
		break;
	}
	amd_final(m, x, g, d);
}

/* "7 waves per SIMD, 7 workgroups per CU", "no limit", "no workgroup fits". */
static void amd_title(const struct amd_arch *m, const struct amd_result *x, enum occ_factor f,
		      const char *label, bool counted, struct derivation *d)
{
	enum amd_factor g = occ_amd_factor(f);

	if (!counted)
		snprintf(d->title, sizeof(d->title), "%s: not counted (no workgroup fits)", label);
	else if (d->value == 0)
		snprintf(d->title, sizeof(d->title), "%s: no workgroup fits", label);
	else if (d->value == OCC_UNLIMITED)
		snprintf(d->title, sizeof(d->title), "%s: no limit", label);
	else
		snprintf(d->title, sizeof(d->title), "%s: %d wave%s per %s, %d workgroup%s per %s",
			 label, x->wave_limit[g], S(x->wave_limit[g]), amd_wave_home(m),
			 x->workgroup_limit[g], S(x->workgroup_limit[g]), amd_unit_name(m));
}

static void amd_derive_limit(const struct gpu_arch *a, const struct occ_input *in,
			     const struct occ_result *r, enum occ_factor f, const char *label,
			     struct derivation *d)
{
	const struct amd_arch *m = &a->amd;
	const struct amd_result *x = &r->amd;
	enum amd_factor g = occ_amd_factor(f);
	bool counted = true;

	if (amd_refused(x)) {
		amd_refusal_step(m, in, x, d);
		amd_fail(d);
	} else if (amd_stopped_early(x) && amd_stage(g) > amd_stage(x->misfit)) {
		/* amd_compute() never got here: the figure stays "no limit". */
		counted = false;
		d->value = r->block_limit[f];
		derive_step(d, "The launch already fails on %s (no workgroup fits, see there): this factor "
		     "is not counted", amd_factor_label_on(m, x->misfit));
	} else if (m->vliw) {
		vliw_derive(m, in, x, g, d);
	} else {
		switch (g) {
		case AMD_VGPRS: amd_derive_vgprs(m, in, x, d); break;
		case AMD_SGPRS: amd_derive_sgprs(m, in, x, d); break;
		case AMD_LDS: amd_derive_lds(m, in, x, d); break;
		case AMD_WAVES: amd_derive_waves(m, in, x, d); break;
		case AMD_WORKGROUPS: amd_derive_workgroups(m, in, x, d); break;
		case AMD_N_FACTORS: break;
		}
	}
	amd_title(m, x, f, label, counted, d);
}

/* "VGPRs 7, SGPRs 20, LDS none, ...": one figure per factor, in AMD's order. */
static void amd_list(const struct amd_arch *m, const int *limits, char *buf, size_t size)
{
	buf[0] = '\0';
	for (int f = 0; f < AMD_N_FACTORS; f++) {
		size_t len = strlen(buf);
		if (limits[f] == AMD_UNLIMITED)
			snprintf(buf + len, size - len, "%s%s none", f ? ", " : "",
				 amd_factor_label_on(m, (enum amd_factor)f));
		else
			snprintf(buf + len, size - len, "%s%s %d", f ? ", " : "",
				 amd_factor_label_on(m, (enum amd_factor)f), limits[f]);
	}
}

/* The factors whose figure equals least. */
static void amd_names_at(const struct amd_arch *m, const int *limits, int least, char *buf,
			 size_t size)
{
	buf[0] = '\0';
	for (int f = 0; f < AMD_N_FACTORS; f++) {
		size_t len = strlen(buf);
		if (limits[f] == least)
			snprintf(buf + len, size - len, "%s%s", buf[0] ? ", " : "",
				 amd_factor_label_on(m, (enum amd_factor)f));
	}
}

void derive_amd_occupancy(const struct gpu_arch *a, const struct occ_input *in,
			  const struct occ_result *r, struct derivation *d)
{
	const struct amd_arch *m = &a->amd;
	const struct amd_result *x = &r->amd;
	const char *unit = amd_unit_name(m), *home = amd_wave_home(m);
	int maxw = x->max_waves_per_simd, waves = x->fits ? x->waves_per_simd : 0;
	char list[160], names[96];

	/* The headline is the resident waves per CU (WGP) over its wave slots;
	 * a VLIW CU's waves are its one SIMD engine's. */
	if (m->vliw)
		derive_start(d, r->active_warps_per_sm, "Occupancy: %d of %d waves per %s (%.1f%%)",
			     waves, maxw, home, r->theoretical_occupancy_pct);
	else
		derive_start(d, r->active_warps_per_sm, "Occupancy: %d of %d waves per %s (%.1f%%)",
			     r->active_warps_per_sm, r->max_warps_per_sm, unit,
			     r->theoretical_occupancy_pct);
	if (amd_refused(x)) {
		amd_refusal_step(m, in, x, d);
	} else if (amd_stopped_early(x)) {
		derive_step(d, "No workgroup fits (%s, see there): nothing runs",
		     amd_factor_label_on(m, x->misfit));
	} else {
		amd_list(m, x->wave_limit, list, sizeof(list));
		derive_step(d, "Waves per %s by factor: %s", home, list);
		amd_list(m, x->workgroup_limit, list, sizeof(list));
		derive_step(d, "Workgroups per %s by factor: %s", unit, list);
		if (!x->fits) {
			derive_step(d, "No workgroup fits (%s): nothing runs", amd_factor_label_on(m, x->misfit));
			if (!m->vliw)
				derive_step(d, "LLVM still reports %d wave%s per SIMD for this kernel, but a "
				     "workgroup of %d waves cannot start", x->waves_per_simd,
				     S(x->waves_per_simd), x->waves_per_workgroup);
		} else {
			amd_names_at(m, x->wave_limit, x->waves_per_simd, names, sizeof(names));
			derive_step(d, "Waves per %s: the least limit, %d (%s)", home, x->waves_per_simd, names);
		}
	}
	if (m->vliw || !x->fits)
		derive_step(d, "Occupancy: %d of %d waves per %s = %.1f%%", waves, maxw, home,
			    m->vliw ? r->theoretical_occupancy_pct : 100.0 * waves / maxw);
	else
		derive_step(d, "LLVM's occupancy: %d of %d waves per %s = %.1f%%", waves, maxw, home,
			    x->occupancy_pct);
	if (!x->fits)
		return;
	amd_names_at(m, x->workgroup_limit, x->workgroups_per_cu, names, sizeof(names));
	derive_step(d, "Workgroups per %s: the least limit, %d (%s)", unit, x->workgroups_per_cu, names);
	derive_step(d, "Waves per %s: %d workgroup%s x %d wave%s = %d of %d wave slots", unit,
	     x->workgroups_per_cu, S(x->workgroups_per_cu), x->waves_per_workgroup,
	     S(x->waves_per_workgroup), x->waves_per_cu, r->max_warps_per_sm);
	if (!m->vliw)
		derive_step(d, "Occupancy: %d of %d waves per %s = %.1f%%", x->waves_per_cu,
			    r->max_warps_per_sm, unit, r->theoretical_occupancy_pct);
}

/* The waves of the whole GPU in AMD's words: a "GPU wave" (all units full at
 * once) is kept apart from a wave, which on AMD is a wavefront. */
void derive_amd_waves(const struct gpu_arch *a, const struct occ_result *r, int units,
		      int64_t grid_size, const struct waves *w, struct derivation *d)
{
	const char *unit = a ? gpu_unit(a) : "CU", *unit_s = a ? gpu_units(a) : "CUs";
	int per_unit = r->active_blocks_per_sm, n = r->warps_per_block;
	int64_t per_wave, full, partial, busy;

	if (per_unit <= 0 || units <= 0 || grid_size <= 0) {
		derive_start(d, 0, "GPU waves: nothing runs");
		if (per_unit <= 0)
			derive_step(d, "No workgroup fits on a %s: the grid never starts, 0 workgroups per GPU "
			     "wave", unit);
		else
			derive_step(d, "The grid has no workgroups: 0 workgroups per GPU wave");
		return;
	}
	per_wave = (int64_t)units * per_unit;
	full = grid_size / per_wave;
	partial = grid_size % per_wave;
	busy = partial < units ? partial : units;
	derive_start(d, per_wave, "GPU waves: %lld workgroups each, %.2f in all", (long long)per_wave,
	      w->waves_per_sm);
	derive_step(d, "Workgroups per GPU wave (every %s full): %d %s x %d workgroup%s = %lld", unit, units,
	     unit_s, per_unit, S(per_unit), (long long)per_wave);
	derive_step(d, "GPU waves: %lld workgroups / %lld = %.2f", (long long)grid_size, (long long)per_wave,
	     w->waves_per_sm);
	derive_step(d, "Full GPU waves: floor(%lld / %lld) = %lld", (long long)grid_size, (long long)per_wave,
	     (long long)full);
	if (partial == 0) {
		derive_step(d, "No partial GPU wave: %lld is a multiple of %lld", (long long)grid_size,
		     (long long)per_wave);
	} else {
		derive_step(d, "Partial GPU wave: %lld - %lld x %lld = %lld workgroup%s", (long long)grid_size,
		     (long long)full, (long long)per_wave, (long long)partial, S(partial));
		derive_step(d, "Tail share of the runtime (uniform workgroup durations): 1 / %lld GPU waves = "
		     "%.1f%%", (long long)(full + 1), w->tail_share_pct);
		derive_step(d, "Occupancy in the partial GPU wave: %lld workgroups x %d wave%s / %d %s / %d "
		     "wave slots = %.1f%%", (long long)partial, n, S(n), units, unit_s,
		     r->max_warps_per_sm, w->partial_wave_occupancy_pct);
	}
	derive_step(d, "Busy %s time: %lld full GPU wave%s x %d %s + %lld %s%s in the partial one = %lld "
	     "workgroup durations", unit, (long long)full, S(full), units, unit_s, (long long)busy,
	     unit, S(busy), (long long)(full * units + busy));
	derive_step(d, "Predicted achieved occupancy: %lld workgroups x %d wave%s / %lld / %d wave slots = "
	     "%.1f%%", (long long)grid_size, n, S(n), (long long)(full * units + busy),
	     r->max_warps_per_sm, w->predicted_achieved_pct);
}

void derive_amd_limit(const struct gpu_arch *arch, const struct occ_input *in,
		      const struct occ_result *r, enum occ_factor f, struct derivation *d)
{
	char label[32];

	derive_limit_start(r, f, label, sizeof(label), d);
	if ((unsigned)f < OCC_N_FACTORS)
		amd_derive_limit(arch, in, r, f, label, d);
}
