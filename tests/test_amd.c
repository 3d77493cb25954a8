/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_amd.c - the AMD occupancy engine against the occupancy LLVM's AMDGPU
 * backend prints (tests/data/amd), hand-derived limits, and the AMD tables. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "amd.h"
#include "csvread.h"
#include "error.h"
#include "readfile.h"
#include "strutil.h"
#include "testutil.h"

extern const char gpu_data_amd_archs_csv[];
extern const char gpu_data_amd_devices_csv[];

static struct amd_arch *archs;
static size_t n_archs;

static void archs_setup(void)
{
	struct occ_error err = { 0 };

	ck_assert_msg(amd_parse_archs("built-in amd_archs.csv", gpu_data_amd_archs_csv,
				      strlen(gpu_data_amd_archs_csv), &archs, &n_archs, &err),
		      "amd_archs.csv: %s", err.message);
}

static void archs_teardown(void)
{
	free(archs);
	archs = NULL;
	n_archs = 0;
}

static const struct amd_arch *arch(const char *target)
{
	for (size_t i = 0; i < n_archs; i++)
		if (strcmp(archs[i].target, target) == 0)
			return &archs[i];
	return NULL;
}

static struct amd_result run(const char *target, int wave, int wg, int vgprs, int agprs, int sgprs,
			     int64_t lds)
{
	const struct amd_arch *a = arch(target);
	struct amd_input in = { wg, wave, vgprs, agprs, sgprs, lds };
	struct amd_result r;

	ck_assert_msg(a != NULL, "no target %s", target);
	amd_compute(a, &in, &r);
	return r;
}

#define BIT(f) (1u << (f))

/* The VLIW (TeraScale) targets, which LLVM's AMDGPU occupancy does not cover
 * (test_terascale.c tests them). */
#define N_VLIW 6

/* ---- the LLVM vectors ---- */

struct coverage {
	size_t rows;
	size_t limited[AMD_N_FACTORS];
	size_t agpr_vgpr_limited;   /* VGPR-limited rows with AGPRs in use */
	size_t misfits;             /* LLVM's number for a workgroup that cannot be resident */
	size_t llvm14_higher;       /* llc 14's figure above amd_compute's (LDS, workgroups) */
	char targets[32][16];
	int waves[32];              /* bit 0: wave32 seen, bit 1: wave64 */
	size_t n_targets;
};

static void note_target(struct coverage *cov, const char *target, int wave)
{
	size_t i;

	for (i = 0; i < cov->n_targets; i++)
		if (strcmp(cov->targets[i], target) == 0)
			break;
	if (i == cov->n_targets) {
		ck_assert_uint_lt(i, 32);
		ck_assert(str_copy(cov->targets[i], sizeof(cov->targets[i]), target));
		cov->n_targets++;
	}
	cov->waves[i] |= wave == 32 ? 1 : 2;
}

/* The occupancy llc 14 prints, from amd_compute's register limits. LLVM 14
 * (AMDGPUSubtarget::getOccupancyWithLocalMemSize, IsaInfo::
 * getMaxWorkGroupsPerCU) multiplies the workgroups a CU holds (by its LDS,
 * unrounded, and by barriers: 40 one-wave workgroups, else 40 / n but at
 * most 16) by the n waves of one and caps that at the wave slots of a SIMD:
 * the waves of a CU, not divided among its 4 SIMDs as LLVM 22 and
 * amd_compute divide them. So LDS and whole workgroups limit less in llc
 * 14's figure; VGPRs and SGPRs limit as in LLVM 22. */
static int llvm14_occupancy(const struct amd_arch *a, const struct amd_input *in,
			    const struct amd_result *r)
{
	int n = r->waves_per_workgroup;
	int64_t groups = n == 1 ? 40 : (40 / n < 16 ? 40 / n : 16);
	int64_t waves;
	int occ = a->max_waves_per_simd;

	if (in->lds_bytes > 0) {
		int64_t by_lds = a->lds_per_cu_bytes / in->lds_bytes;
		if (by_lds == 0)
			return 1;
		groups = by_lds < groups ? by_lds : groups;
	}
	waves = groups * n;
	if (waves < occ)
		occ = (int)waves;
	if (r->wave_limit[AMD_VGPRS] < occ)
		occ = r->wave_limit[AMD_VGPRS];
	if (r->wave_limit[AMD_SGPRS] < occ)
		occ = r->wave_limit[AMD_SGPRS];
	return occ;
}

/* Every row of one vector file through amd_compute; cu_mode runs the RDNA
 * targets with wgp_mode off, as llc -mattr=+cumode compiled them. llvm14:
 * the file is llc 14's, whose figure llvm14_occupancy derives; amd_compute's
 * own must then be the same where neither LDS nor whole workgroups limit it,
 * and never more. */
static void check_vectors(const char *file, bool cu_mode, bool llvm14, struct coverage *cov)
{
	struct occ_error err = { 0 };
	const char *dir = getenv("TESTDATA");
	char path[1024];
	struct csv_rows rows;
	size_t len;
	char *text;
	int col[8];
	static const char *const names[8] = {
		"target", "wave_size", "workgroup_size", "lds_bytes", "num_vgprs", "num_agprs",
		"total_sgprs", "occupancy",
	};
	size_t first;

	snprintf(path, sizeof(path), "%s/amd/%s", dir ? dir : "tests/data", file);
	text = str_read_file(path, 16u << 20, &len, &err);
	ck_assert_msg(text != NULL, "%s: %s", path, err.message);
	ck_assert_msg(csvread_parse(path, text, len, &rows, &err), "%s", err.message);
	/* The first line names the llc that wrote the file. */
	first = rows.n > 0 && rows.rows[0].n > 0 && rows.rows[0].fields[0][0] == '#' ? 1 : 0;
	ck_assert_uint_gt(rows.n, first + 1);
	for (int i = 0; i < 8; i++) {
		col[i] = csvread_column(&rows.rows[first], names[i]);
		ck_assert_msg(col[i] >= 0, "%s: no column %s", path, names[i]);
	}
	for (size_t i = first + 1; i < rows.n; i++) {
		const struct csv_row *row = &rows.rows[i];
		const struct amd_arch *a = arch(csvread_field(row, col[0]));
		struct amd_arch copy;
		struct amd_input in;
		struct amd_result r;
		int want = atoi(csvread_field(row, col[7]));

		ck_assert_msg(a != NULL, "%s:%ld: unknown target %s", path, row->line,
			      csvread_field(row, col[0]));
		copy = *a;
		if (cu_mode)
			copy.wgp_mode = false;
		in.wave_size = atoi(csvread_field(row, col[1]));
		in.workgroup_size = atoi(csvread_field(row, col[2]));
		in.lds_bytes = atoll(csvread_field(row, col[3]));
		in.vgprs = atoi(csvread_field(row, col[4]));
		in.agprs = atoi(csvread_field(row, col[5]));
		in.sgprs = atoi(csvread_field(row, col[6]));
		amd_compute(&copy, &in, &r);
		if (llvm14) {
			int mine = r.waves_per_simd;
			r.waves_per_simd = llvm14_occupancy(&copy, &in, &r);
			ck_assert_int_le(mine, r.waves_per_simd);
			if (!(r.limiting & (BIT(AMD_LDS) | BIT(AMD_WAVES) | BIT(AMD_WORKGROUPS))))
				ck_assert_int_eq(mine, r.waves_per_simd);
			else if (mine < r.waves_per_simd)
				cov->llvm14_higher++;
		}
		ck_assert_msg(r.waves_per_simd == want,
			      "%s:%ld: %s wave%d wg %d lds %lld vgprs %d agprs %d sgprs %d: "
			      "LLVM %d, amd_compute %d", path, row->line, copy.target, in.wave_size,
			      in.workgroup_size, (long long)in.lds_bytes, in.vgprs, in.agprs, in.sgprs,
			      want, r.waves_per_simd);
		ck_assert_int_eq(r.wave_size, in.wave_size);
		cov->rows++;
		if (!r.fits) {
			/* Only a workgroup the registers of a SIMD cannot hold, never input
			 * out of the target's range: llc compiled it. */
			ck_assert_int_eq(r.workgroups_per_cu, 0);
			ck_assert(r.misfit == AMD_VGPRS || r.misfit == AMD_SGPRS);
			cov->misfits++;
			continue;
		}
		ck_assert_int_eq(r.waves_per_cu, r.workgroups_per_cu * r.waves_per_workgroup);
		for (int f = 0; f < AMD_N_FACTORS; f++) {
			if (r.limiting & BIT(f))
				cov->limited[f]++;
		}
		if ((r.limiting & BIT(AMD_VGPRS)) && in.agprs > 0)
			cov->agpr_vgpr_limited++;
		note_target(cov, copy.target, in.wave_size);
	}
	csvread_free(&rows);
	free(text);
}

START_TEST(llvm_vectors_default_mode)
{
	struct coverage cov = { 0 };
	static const char *const rdna[] = {
		"gfx1010", "gfx1030", "gfx1100", "gfx1101", "gfx1102", "gfx1150", "gfx1151",
		"gfx1200", "gfx1201",
	};

	check_vectors("llvm_occupancy.csv", false, false, &cov);
	/* Every target of tools/gen_amd_vectors.py that llc 22 knows (18 but
	 * gfx940 and gfx941), both wave sizes on RDNA, and each factor limiting
	 * somewhere. */
	ck_assert_uint_ge(cov.rows, 30000);
	ck_assert_uint_eq(cov.n_targets, 16);
	for (size_t i = 0; i < sizeof(rdna) / sizeof(rdna[0]); i++) {
		size_t j;
		for (j = 0; j < cov.n_targets; j++)
			if (strcmp(cov.targets[j], rdna[i]) == 0)
				break;
		ck_assert_msg(j < cov.n_targets && cov.waves[j] == 3, "%s: not both wave sizes", rdna[i]);
	}
	for (int f = 0; f < AMD_N_FACTORS; f++)
		ck_assert_msg(cov.limited[f] >= 100, "%s limits only %zu vectors",
			      amd_factor_label(f), cov.limited[f]);
	ck_assert_uint_ge(cov.agpr_vgpr_limited, 100);
	ck_assert_uint_gt(cov.misfits, 0);
}
END_TEST

START_TEST(llvm_vectors_cu_mode)
{
	struct coverage cov = { 0 };

	check_vectors("llvm_occupancy_cumode.csv", true, false, &cov);
	ck_assert_uint_ge(cov.rows, 20000);
	ck_assert_uint_eq(cov.n_targets, 9);
	for (int f = 0; f < AMD_N_FACTORS; f++) {
		if (f != AMD_SGPRS)
			ck_assert_uint_ge(cov.limited[f], 100);
	}
	/* SGPRs never limit on RDNA. */
	ck_assert_uint_eq(cov.limited[AMD_SGPRS], 0);
}
END_TEST

/* GCN1, GCN2 and the GCN3 parts before gfx803, from llc 14 (the llc 22 of
 * the other files has none of them; tests/data/amd/README): every target,
 * and every factor limiting somewhere. gfx803 is there too: its llc 14 rows
 * follow llvm14_occupancy and its llc 22 rows amd_compute, so where the two
 * differ the LLVM version decides, not the generation. */
START_TEST(llvm14_vectors_gcn1)
{
	struct coverage cov = { 0 };

	check_vectors("llvm14_occupancy_gcn1.csv", false, true, &cov);
	ck_assert_uint_ge(cov.rows, 14000);
	ck_assert_uint_eq(cov.n_targets, 13);
	for (int f = 0; f < AMD_N_FACTORS; f++)
		ck_assert_msg(cov.limited[f] >= 100, "%s limits only %zu vectors",
			      amd_factor_label(f), cov.limited[f]);
	/* LLVM 14's rule for LDS and workgroups shows in many rows. */
	ck_assert_uint_ge(cov.llvm14_higher, 1000);
}
END_TEST

/* ---- hand-derived cases ---- */

/* The brief's gfx90a kernel (llc 22 prints Occupancy: 4, and it is a row of
 * llvm_occupancy.csv's kind): 256 work-items = 4 waves; VGPRs: 96 rounded to 4
 * is 96, + 32 AGPRs = 128 in the unified file, granule 8 -> 128, 512 / 128 = 4
 * waves per SIMD, 4 x 4 SIMDs / 4 = 4 workgroups; LDS: 65536 / 16384 = 4
 * workgroups, (4 x 4) / 4 = 4 waves; SGPRs: 800 / 45 = 17; wave slots:
 * 8 x 4 / 4 = 8 workgroups; workgroup limit 16. VGPRs and LDS tie at 4. */
START_TEST(gfx90a_vgprs_and_lds_tie)
{
	struct amd_result r = run("gfx90a", 0, 256, 96, 32, 45, 16384);

	ck_assert(r.fits);
	ck_assert_int_eq(r.wave_size, 64);
	ck_assert_int_eq(r.waves_per_workgroup, 4);
	ck_assert_int_eq(r.vgprs_allocated, 128);
	ck_assert_int_eq(r.wave_limit[AMD_VGPRS], 4);
	ck_assert_int_eq(r.workgroup_limit[AMD_VGPRS], 4);
	ck_assert_int_eq(r.workgroup_limit[AMD_LDS], 4);
	ck_assert_int_eq(r.wave_limit[AMD_SGPRS], 17);
	ck_assert_int_eq(r.workgroup_limit[AMD_WAVES], 8);
	ck_assert_int_eq(r.workgroup_limit[AMD_WORKGROUPS], 16);
	ck_assert_int_eq(r.workgroups_per_cu, 4);
	ck_assert_int_eq(r.waves_per_cu, 16);
	ck_assert_int_eq(r.waves_per_simd, 4);
	ck_assert_int_eq(r.max_waves_per_simd, 8);
	ck_assert_double_eq_tol(r.occupancy_pct, 50.0, 1e-9);
	ck_assert_uint_eq(r.limiting, BIT(AMD_VGPRS) | BIT(AMD_LDS));
}
END_TEST

/* gfx908 keeps AGPRs in a second file: 40 VGPRs and 128 AGPRs take
 * max(40, 128) = 128 per lane, 256 / 128 = 2 waves per SIMD. On gfx90a the
 * same kernel takes 40 + 128 = 168 of 512: 512 / 168 = 3. */
START_TEST(agprs_separate_or_unified)
{
	struct amd_result r = run("gfx908", 64, 64, 40, 128, 32, 0);

	ck_assert_int_eq(r.vgprs_allocated, 128);
	ck_assert_int_eq(r.waves_per_simd, 2);
	ck_assert_uint_eq(r.limiting, BIT(AMD_VGPRS));
	r = run("gfx90a", 64, 64, 40, 128, 32, 0);
	ck_assert_int_eq(r.vgprs_allocated, 168);
	ck_assert_int_eq(r.waves_per_simd, 3);
	/* 41 VGPRs round to 44 before the AGPRs: 44 + 23 = 67 -> granule 8 -> 72,
	 * 512 / 72 = 7 (llc 22 prints 7: row "gfx90a,64,64,0,41,23,4,7"); without
	 * the rounding 64 would allow all 8 slots. */
	r = run("gfx90a", 64, 64, 41, 23, 4, 0);
	ck_assert_int_eq(r.vgprs_allocated, 72);
	ck_assert_int_eq(r.waves_per_simd, 7);
	ck_assert_uint_eq(r.limiting, BIT(AMD_VGPRS));
	/* 8 AGPRs: 44 + 8 = 52 -> 56, 512 / 56 = 9 > 8 wave slots. */
	r = run("gfx90a", 64, 64, 41, 8, 4, 0);
	ck_assert_int_eq(r.vgprs_allocated, 56);
	ck_assert_int_eq(r.wave_limit[AMD_VGPRS], 9);
	ck_assert_int_eq(r.waves_per_simd, 8);
	ck_assert_uint_eq(r.limiting, BIT(AMD_WAVES));
}
END_TEST

/* GCN SGPRs: one-wave workgroups (no workgroup limit), few VGPRs (4 -> 256 / 4
 * = 64 waves), 90 SGPRs: 800 / 90 = 8 waves per SIMD, 8 x 4 = 32 workgroups
 * against 10 x 4 = 40 wave slots. */
START_TEST(gcn_sgprs_limit)
{
	struct amd_result r = run("gfx900", 64, 64, 4, 0, 90, 0);

	ck_assert(r.fits);
	ck_assert_int_eq(r.wave_limit[AMD_SGPRS], 8);
	ck_assert_int_eq(r.workgroup_limit[AMD_SGPRS], 32);
	ck_assert_int_eq(r.workgroup_limit[AMD_WAVES], 40);
	ck_assert_int_eq(r.workgroup_limit[AMD_WORKGROUPS], AMD_UNLIMITED);
	ck_assert_int_eq(r.workgroup_limit[AMD_LDS], AMD_UNLIMITED);
	ck_assert_int_eq(r.workgroups_per_cu, 32);
	ck_assert_int_eq(r.waves_per_simd, 8);
	ck_assert_uint_eq(r.limiting, BIT(AMD_SGPRS));
	/* The same SGPRs on RDNA do not limit: 16 waves, set by the wave slots
	 * (wave32, one wave per workgroup: 16 x 4 SIMDs of a WGP = 64 workgroups). */
	r = run("gfx1030", 32, 32, 4, 0, 90, 0);
	ck_assert_int_eq(r.wave_limit[AMD_SGPRS], AMD_UNLIMITED);
	ck_assert_int_eq(r.workgroup_limit[AMD_WAVES], 64);
	ck_assert_int_eq(r.waves_per_simd, 16);
	ck_assert_uint_eq(r.limiting, BIT(AMD_WAVES));
}
END_TEST

/* SGPRs are information where they do not limit (LLVM's
 * getOccupancyWithNumSGPRs returns the most waves from GFX10 on): the 128
 * rocprof reports for every RDNA4 dispatch (llamacpp_r9700 corpus file,
 * line 2: wgr 256, arch_vgpr 16, sgpr 128, wave_size 32) computes as with
 * none, and so does any larger count; on GCN and CDNA they still limit, and
 * a count above the 112 a wave can reach is no launch. */
START_TEST(sgprs_information_where_they_do_not_limit)
{
	struct amd_result r = run("gfx1201", 32, 256, 16, 0, 128, 0), none;

	ck_assert(!amd_sgprs_limit(arch("gfx1201")));
	ck_assert(!amd_sgprs_limit(arch("gfx1010")));
	ck_assert(amd_sgprs_limit(arch("gfx942")));
	ck_assert(amd_sgprs_limit(arch("gfx803")));
	ck_assert(r.fits);
	ck_assert_int_eq(r.wave_limit[AMD_SGPRS], AMD_UNLIMITED);
	ck_assert_int_eq(r.workgroup_limit[AMD_SGPRS], AMD_UNLIMITED);
	/* 8 waves per workgroup; 16 slots x 4 SIMDs of a WGP = 64 waves: 8
	 * workgroups, 16 waves per SIMD, 100% */
	ck_assert_int_eq(r.workgroups_per_cu, 8);
	ck_assert_int_eq(r.waves_per_simd, 16);
	ck_assert_uint_eq(r.limiting, BIT(AMD_WAVES));
	none = run("gfx1201", 32, 256, 16, 0, 0, 0);
	ck_assert_int_eq(none.workgroups_per_cu, r.workgroups_per_cu);
	ck_assert_int_eq(none.waves_per_simd, r.waves_per_simd);
	r = run("gfx1100", 64, 64, 8, 0, 5000, 0);
	ck_assert(r.fits);
	ck_assert_int_eq(r.wave_limit[AMD_SGPRS], AMD_UNLIMITED);
	r = run("gfx942", 64, 64, 8, 0, 113, 0);
	ck_assert(!r.fits);
	ck_assert_int_eq(r.misfit, AMD_SGPRS);
	r = run("gfx942", 64, 64, 8, 0, 112, 0);
	ck_assert(r.fits);
}
END_TEST

/* The workgroup limit: gfx900, 128 work-items = 2 waves; wave slots allow
 * 40 / 2 = 20 workgroups, the CU 16: 16 x 2 = 32 waves, 32 / 4 = 8 per SIMD
 * (llc 22 prints 8 for such a kernel: llvm_occupancy.csv). */
START_TEST(gcn_workgroup_limit)
{
	struct amd_result r = run("gfx900", 64, 128, 4, 0, 16, 0);

	ck_assert_int_eq(r.workgroup_limit[AMD_WAVES], 20);
	ck_assert_int_eq(r.workgroup_limit[AMD_WORKGROUPS], 16);
	ck_assert_int_eq(r.workgroups_per_cu, 16);
	ck_assert_int_eq(r.waves_per_cu, 32);
	ck_assert_int_eq(r.waves_per_simd, 8);
	ck_assert_uint_eq(r.limiting, BIT(AMD_WORKGROUPS));
	/* 192 work-items = 3 waves: 40 / 3 = 13 workgroups, 39 waves, ceil(39 / 4) = 10. */
	r = run("gfx900", 64, 192, 4, 0, 16, 0);
	ck_assert_int_eq(r.workgroups_per_cu, 13);
	ck_assert_int_eq(r.waves_per_simd, 10);
	ck_assert_uint_eq(r.limiting, BIT(AMD_WAVES));
}
END_TEST

/* LDS: gfx942, 256 work-items = 4 waves, 20480 bytes: 65536 / 20480 = 3
 * workgroups, 12 waves, 12 / 4 = 3 per SIMD. */
START_TEST(cdna_lds_limit)
{
	struct amd_result r = run("gfx942", 64, 256, 16, 0, 16, 20480);

	ck_assert_int_eq(r.lds_allocated, 20480);
	ck_assert_int_eq(r.workgroup_limit[AMD_LDS], 3);
	ck_assert_int_eq(r.wave_limit[AMD_LDS], 3);
	ck_assert_int_eq(r.waves_per_simd, 3);
	ck_assert_uint_eq(r.limiting, BIT(AMD_LDS));
	/* gfx950 has 160 KiB: 163840 / 20480 = 8 workgroups, 32 waves, 8 per SIMD =
	 * its 8 wave slots; the wave slots allow 8 x 4 / 4 = 8 workgroups too. */
	r = run("gfx950", 64, 256, 16, 0, 16, 20480);
	ck_assert_int_eq(r.workgroup_limit[AMD_LDS], 8);
	ck_assert_int_eq(r.waves_per_simd, 8);
	ck_assert_uint_eq(r.limiting, BIT(AMD_LDS) | BIT(AMD_WAVES));
}
END_TEST

/* The LDS granule, where LLVM 22 does not round (see tests/data/amd/README):
 * 21845 bytes take 43 granules of 512 = 22016; 65536 / 22016 = 2 workgroups
 * of 4 waves = 8 waves, 2 per SIMD. LLVM divides the raw size, 65536 / 21845
 * = 3 workgroups, and would print 3. */
START_TEST(lds_granule)
{
	struct amd_result r = run("gfx900", 64, 256, 4, 0, 16, 21845);

	ck_assert_int_eq(r.lds_allocated, 22016);
	ck_assert_int_eq(r.workgroup_limit[AMD_LDS], 2);
	ck_assert_int_eq(r.waves_per_simd, 2);
	/* gfx950 allocates 1280-byte granules: 1 byte takes 1280. */
	r = run("gfx950", 64, 64, 4, 0, 16, 1);
	ck_assert_int_eq(r.lds_allocated, 1280);
	ck_assert_int_eq(r.workgroup_limit[AMD_LDS], 128);
}
END_TEST

/* RDNA in WGP mode: the unit is the WGP, 4 SIMDs, 128 KiB LDS, 32 workgroups.
 * gfx1100 wave32, 64 work-items = 2 waves, 32 KiB: 131072 / 32768 = 4
 * workgroups, 8 waves, 8 / 4 = 2 per SIMD. In CU mode: 65536 / 32768 = 2
 * workgroups, 4 waves over 2 SIMDs, also 2. VGPRs (1.5x file): 100 -> granule
 * 24 -> 120, 1536 / 120 = 12 wave32; wave64: granule 12 -> 108, 768 / 108 = 7. */
START_TEST(rdna_wgp_and_cu_mode)
{
	struct amd_arch cu;
	struct amd_input in = { 64, 32, 8, 0, 16, 32768 };
	struct amd_result r = run("gfx1100", 32, 64, 8, 0, 16, 32768);

	ck_assert_int_eq(r.wave_size, 32);
	ck_assert_int_eq(r.workgroup_limit[AMD_LDS], 4);
	ck_assert_int_eq(r.waves_per_simd, 2);
	ck_assert_uint_eq(r.limiting, BIT(AMD_LDS));
	cu = *arch("gfx1100");
	cu.wgp_mode = false;
	amd_compute(&cu, &in, &r);
	ck_assert_int_eq(r.workgroup_limit[AMD_LDS], 2);
	ck_assert_int_eq(r.waves_per_simd, 2);

	r = run("gfx1100", 0, 256, 100, 0, 16, 0);
	ck_assert_int_eq(r.wave_size, 32);
	ck_assert_int_eq(r.vgprs_allocated, 120);
	ck_assert_int_eq(r.waves_per_simd, 12);
	r = run("gfx1100", 64, 256, 100, 0, 16, 0);
	ck_assert_int_eq(r.vgprs_allocated, 108);
	ck_assert_int_eq(r.waves_per_simd, 7);
}
END_TEST

/* A workgroup no SIMD set can hold: gfx900, 1024 work-items = 16 waves, 4 per
 * SIMD, but 104 VGPRs allow 256 / 104 = 2. llc 22 still prints Occupancy: 2
 * (row "gfx900,64,1024,0,104,0,4,2"); the launch would fail. */
START_TEST(misfit_registers)
{
	struct amd_result r = run("gfx900", 64, 1024, 104, 0, 4, 0);

	ck_assert(!r.fits);
	ck_assert_int_eq(r.misfit, AMD_VGPRS);
	ck_assert_int_eq(r.waves_per_simd, 2);
	ck_assert_int_eq(r.workgroups_per_cu, 0);
	ck_assert_int_eq(r.waves_per_cu, 0);
}
END_TEST

START_TEST(misfit_inputs)
{
	struct amd_result r = run("gfx90a", 32, 64, 8, 0, 16, 0);

	ck_assert(!r.fits);
	ck_assert_int_eq(r.misfit, AMD_WAVES);
	ck_assert_int_eq(r.waves_per_simd, 0);
	r = run("gfx900", 64, 1025, 8, 0, 16, 0);
	ck_assert_int_eq(r.misfit, AMD_WORKGROUPS);
	r = run("gfx900", 64, 0, 8, 0, 16, 0);
	ck_assert_int_eq(r.misfit, AMD_WORKGROUPS);
	r = run("gfx900", 64, 64, 257, 0, 16, 0);
	ck_assert_int_eq(r.misfit, AMD_VGPRS);
	r = run("gfx900", 64, 64, 8, 1, 16, 0);
	ck_assert_int_eq(r.misfit, AMD_VGPRS);
	r = run("gfx900", 64, 64, 8, 0, 200, 0);
	ck_assert_int_eq(r.misfit, AMD_SGPRS);
	r = run("gfx1100", 32, 64, 8, 0, 16, 65537);
	ck_assert(!r.fits);
	ck_assert_int_eq(r.misfit, AMD_LDS);
	ck_assert_uint_eq(r.limiting, BIT(AMD_LDS));
	r = run("gfx950", 64, 64, 8, 0, 16, 163840);
	ck_assert(r.fits);
	ck_assert_int_eq(r.workgroup_limit[AMD_LDS], 1);
}
END_TEST

/* ---- the tables ---- */

START_TEST(tables_parse_and_agree)
{
	static const char *const targets[] = {
		"gfx803", "gfx900", "gfx906", "gfx908", "gfx90a", "gfx940", "gfx941", "gfx942",
		"gfx950", "gfx1010", "gfx1030", "gfx1100", "gfx1101", "gfx1102", "gfx1150",
		"gfx1151", "gfx1200", "gfx1201",
		"gfx600", "gfx601", "gfx602", "gfx700", "gfx701", "gfx702", "gfx703", "gfx704",
		"gfx705", "gfx801", "gfx802", "gfx810",
		"cypress", "barts", "cayman", "juniper", "redwood", "turks",
	};
	struct occ_error err = { 0 };
	struct amd_device *devs;
	size_t n;

	ck_assert_uint_eq(n_archs, sizeof(targets) / sizeof(targets[0]));
	for (size_t i = 0; i < n_archs; i++) {
		const struct amd_arch *a = arch(targets[i]);
		ck_assert_msg(a != NULL, "no %s", targets[i]);
		ck_assert_msg(a->provenance[0], "%s: no provenance", a->target);
		/* RDNA runs both wave sizes in WGP mode by default, GCN/CDNA wave64 only. */
		ck_assert_int_eq(a->wgp_mode, a->wave32);
	}
	ck_assert(amd_parse_devices("built-in amd_devices.csv", gpu_data_amd_devices_csv,
				    strlen(gpu_data_amd_devices_csv), &devs, &n, &err));
	ck_assert_uint_ge(n, 15);
	for (size_t i = 0; i < n; i++) {
		ck_assert_msg(arch(devs[i].target) != NULL, "%s: no target %s", devs[i].name,
			      devs[i].target);
		ck_assert_msg(devs[i].aliases[0] && devs[i].provenance[0], "%s", devs[i].name);
		/* gpu_db counts WGPs as cu_count / 2 in WGP mode: an odd count would lose a CU. */
		ck_assert_msg(devs[i].cu_count % amd_cus_per_unit(arch(devs[i].target)) == 0,
			      "%s: %d CUs", devs[i].name, devs[i].cu_count);
	}
	free(devs);
}
END_TEST

START_TEST(bad_tables)
{
	struct occ_error err = { 0 };
	struct amd_arch *a = NULL;
	struct amd_device *d = NULL;
	size_t n = 99;
	static const char no_cols[] = "target,family\ngfx900,GCN5\n";
	static const char bad_dev[] = "name,aliases,target,cu_count,provenance\nX,x,gfx900,zero,p\n";
	char buf[1024];

	ck_assert(!amd_parse_archs("a.csv", no_cols, strlen(no_cols), &a, &n, &err));
	ck_assert_ptr_null(a);
	ck_assert_uint_eq(n, 0);
	ck_assert_str_eq(err.field, "default_wave_size");
	occ_error_clear(&err);
	ck_assert(!amd_parse_devices("d.csv", bad_dev, strlen(bad_dev), &d, &n, &err));
	ck_assert_ptr_null(d);
	occ_error_format(&err, buf, sizeof(buf));
	ck_assert_msg(strstr(buf, "d.csv:2") && strstr(buf, "cu_count"), "%s", buf);
	/* A duplicated target: the built-in table twice over. */
	{
		size_t len = strlen(gpu_data_amd_archs_csv);
		const char *second = strchr(gpu_data_amd_archs_csv, '\n') + 1;
		char *twice = malloc(len * 2);
		ck_assert_ptr_nonnull(twice);
		memcpy(twice, gpu_data_amd_archs_csv, len);
		memcpy(twice + len, second, strlen(second) + 1);
		occ_error_clear(&err);
		ck_assert(!amd_parse_archs("t.csv", twice, strlen(twice), &a, &n, &err));
		ck_assert_msg(strstr(err.message, "twice"), "%s", err.message);
		free(twice);
	}
}
END_TEST

START_TEST(factor_names)
{
	ck_assert_str_eq(amd_factor_label(AMD_VGPRS), "VGPRs");
	ck_assert_str_eq(amd_factor_label(AMD_WAVES), "wave slots");
	ck_assert_str_eq(amd_factor_key(AMD_LDS), "lds");
	ck_assert_str_eq(amd_factor_key(AMD_WORKGROUPS), "workgroups");
	ck_assert_str_eq(amd_factor_key(AMD_N_FACTORS), "?");
}
END_TEST

static Suite *amd_suite(void)
{
	Suite *s = suite_create("amd");
	TCase *t = tcase_create("amd");

	tcase_add_checked_fixture(t, archs_setup, archs_teardown);
	tcase_set_timeout(t, 60);
	tcase_add_test(t, llvm_vectors_default_mode);
	tcase_add_test(t, llvm_vectors_cu_mode);
	tcase_add_test(t, llvm14_vectors_gcn1);
	tcase_add_test(t, gfx90a_vgprs_and_lds_tie);
	tcase_add_test(t, agprs_separate_or_unified);
	tcase_add_test(t, gcn_sgprs_limit);
	tcase_add_test(t, sgprs_information_where_they_do_not_limit);
	tcase_add_test(t, gcn_workgroup_limit);
	tcase_add_test(t, cdna_lds_limit);
	tcase_add_test(t, lds_granule);
	tcase_add_test(t, rdna_wgp_and_cu_mode);
	tcase_add_test(t, misfit_registers);
	tcase_add_test(t, misfit_inputs);
	tcase_add_test(t, tables_parse_and_agree);
	tcase_add_test(t, bad_tables);
	tcase_add_test(t, factor_names);
	suite_add_tcase(s, t);
	return s;
}

int main(void)
{
	return run_suite(amd_suite());
}
