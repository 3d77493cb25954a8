/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_gpu_db.c - the built-in GPU database, lookups, and user CSV files (good and malformed). */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "csvread.h"
#include "error.h"
#include "gpu.h"
#include "testutil.h"

/* The header of data/archs.csv, and its sm_80 row with max_blocks_per_sm 32 -> 16. */
#define ARCH_HEADER "arch,family,cc,warp_size,max_threads_per_sm,max_warps_per_sm,max_blocks_per_sm," \
	"max_threads_per_block,regs_per_sm,regs_per_block,max_regs_per_thread,reg_alloc_unit," \
	"warp_alloc_granularity,sm_subpartitions,smem_per_sm_bytes,smem_configs_kb,smem_per_block_bytes," \
	"smem_per_block_optin_bytes,smem_alloc_unit_bytes,smem_reserved_per_block_bytes,barriers_per_sm,provenance\n"
#define ARCH_HEADER_ALLOC "arch,family,cc,warp_size,max_threads_per_sm,max_warps_per_sm," \
	"max_blocks_per_sm,max_threads_per_block,regs_per_sm,regs_per_block,max_regs_per_thread," \
	"reg_alloc_unit,warp_alloc_granularity,sm_subpartitions,smem_per_sm_bytes,smem_configs_kb," \
	"smem_per_block_bytes,smem_per_block_optin_bytes,smem_alloc_unit_bytes," \
	"smem_reserved_per_block_bytes,barriers_per_sm,provenance,reg_alloc_granularity," \
	"reg_alloc_unit_exceptions\n"
#define SM13_ROW "sm_13,Tesla,1.3,32,1024,32,8,512,16384,16384,124,512,2,1,16384,16,16384," \
	"16384,512,0,,p"
#define SM80_16_BLOCKS "sm_80,Ampere,8.0,32,2048,64,16,1024,65536,65536,255,256,4,4,167936," \
	"0;8;16;32;64;100;132;164,49152,166912,128,1024,,test override\n"

START_TEST(builtin_counts)
{
	ck_assert_uint_eq(gpu_db_arch_count(db), 28);
	ck_assert_uint_ge(gpu_db_device_count(db), 40);
	ck_assert_ptr_null(gpu_db_arch_at(db, gpu_db_arch_count(db)));
	for (size_t i = 0; i < gpu_db_device_count(db); i++) {
		struct gpu g;
		ck_assert_msg(gpu_db_device_at(db, i, &g), "device %zu has no arch", i);
		ck_assert_int_gt(g.sm_count, 0);
		ck_assert(g.name[0] != '\0');
	}
	struct gpu g;
	ck_assert(!gpu_db_device_at(db, gpu_db_device_count(db), &g));
}
END_TEST

START_TEST(find_by_name_alias_cc)
{
	struct gpu g;
	struct occ_error err = { 0 };
	char cc[16];

	/* data/devices.csv: NVIDIA H100 80GB HBM3, 9.0, 132 SMs, aliases H100;H100 SXM;sm_90;9.0 */
	static const char *const names[] = { "NVIDIA H100 80GB HBM3", "nvidia h100 80gb hbm3", "H100",
					     "h100", "H100 SXM", "sm_90", "SM_90", "9.0", " H100 " };
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		occ_error_clear(&err);
		ck_assert_msg(gpu_db_find(db, names[i], &g, &err), "\"%s\": %s", names[i], err.message);
		ck_assert_str_eq(g.name, "NVIDIA H100 80GB HBM3");
		ck_assert_int_eq(g.sm_count, 132);
		ck_assert_int_eq(g.arch.cc_major, 9);
		ck_assert_int_eq(g.arch.cc_minor, 0);
		gpu_arch_cc_string(&g.arch, cc, sizeof(cc));
		ck_assert_str_eq(cc, "9.0");
	}
	/* Tesla T4: 40 SMs (its deviceQuery); the Turing report's 12.80 waves need 40 */
	ck_assert(gpu_db_find(db, "t4", &g, &err));
	ck_assert_int_eq(g.sm_count, 40);
	ck_assert_int_eq(g.arch.max_warps_per_sm, 32);
	/* H20: 78 SMs as in the Hopper report */
	ck_assert(gpu_db_find(db, "H20", &g, &err));
	ck_assert_int_eq(g.sm_count, 78);
	/* K40 -> Tesla K40c, 15 SMs (seed 000's 15-SM example) */
	ck_assert(gpu_db_find(db, "k40", &g, &err));
	ck_assert_str_eq(g.name, "Tesla K40c");
	ck_assert_int_eq(g.sm_count, 15);
	/* B200: 148 SMs, as launch__sm_count in the B200 raw pages */
	ck_assert(gpu_db_find(db, "B200", &g, &err));
	ck_assert_int_eq(g.sm_count, 148);
	/* a unique part of a name */
	ck_assert(gpu_db_find(db, "RTX 4060 Ti", &g, &err));
	ck_assert_int_eq(g.sm_count, 34);   /* the Ada report's # SMs 34 */
	ck_assert_ptr_nonnull(gpu_db_find_arch(db, 12, 0));
	ck_assert_ptr_null(gpu_db_find_arch(db, 9, 9));
}
END_TEST

START_TEST(find_unknown_lists_close_names)
{
	struct gpu g;
	struct occ_error err = { 0 };

	ck_assert(!gpu_db_find(db, "Tesla K41c", &g, &err));
	ck_assert_str_eq(err.field, "gpu");
	ck_assert_ptr_nonnull(strstr(err.message, "Tesla K41c"));
	ck_assert_ptr_nonnull(strstr(err.message, "\"Tesla K40c\""));

	occ_error_clear(&err);
	ck_assert(!gpu_db_find(db, "", &g, &err));
	ck_assert_str_eq(err.field, "gpu");

	/* ambiguous part of a name: both RTX 4090 models are named */
	occ_error_clear(&err);
	ck_assert(!gpu_db_find(db, "4090", &g, &err));
	ck_assert_ptr_nonnull(strstr(err.message, "NVIDIA GeForce RTX 4090\""));
	ck_assert_ptr_nonnull(strstr(err.message, "NVIDIA GeForce RTX 4090 Laptop GPU"));

	/* control characters from the user are not echoed raw */
	occ_error_clear(&err);
	ck_assert(!gpu_db_find(db, "zz\x1b[2Jzz", &g, &err));
	ck_assert_ptr_null(strchr(err.message, '\x1b'));
}
END_TEST

/* gpu_db_find takes the first row whose name or alias equals the query, over
 * both vendors' rows: an alias another row already holds would quietly lead
 * to that row. Every name and alias must find its own device. */
START_TEST(every_name_and_alias_finds_its_device)
{
	for (size_t i = 0; i < gpu_db_device_count(db); i++) {
		struct gpu dev, g;
		struct occ_error err = { 0 };
		char buf[sizeof(dev.aliases)];
		char *save = NULL;

		ck_assert(gpu_db_device_at(db, i, &dev));
		ck_assert_msg(gpu_db_find(db, dev.name, &g, &err), "%s: %s", dev.name, err.message);
		ck_assert_str_eq(g.name, dev.name);
		snprintf(buf, sizeof(buf), "%s", dev.aliases);
		for (char *t = strtok_r(buf, ";", &save); t; t = strtok_r(NULL, ";", &save)) {
			occ_error_clear(&err);
			ck_assert_msg(gpu_db_find(db, t, &g, &err), "%s: %s", t, err.message);
			ck_assert_msg(strcmp(g.name, dev.name) == 0, "alias \"%s\" of %s finds %s", t,
				      dev.name, g.name);
		}
	}
}
END_TEST

/* AMD devices: LLVM target and Compute Units as AMD's "AMD GPU specifications"
 * page lists them (rocm.docs.amd.com/en/latest/reference/gpu-specs.html,
 * docs/reference/gpu-specs.rst at ROCm/rocm-docs@2b48ffc7; the RDNA2 rows at
 * ROCm/legacy-rocm-build@e88a729c). */
/* The XCDs of the default (SPX) compute partition, as rocprofiler-compute's
 * src/utils/mi_gpu_spec.yaml (read at 10c3c1ec) lists num_xcds: MI300A spx 6,
 * MI300X and MI325X spx 8, MI350/MI355 spx 8; gfx90a, gfx908 and gfx906 have
 * no partition modes there (one XCD); unknown elsewhere. */
START_TEST(amd_default_xcds)
{
	static const struct { const char *name; int xcds; } cases[] = {
		{ "MI300A", 6 }, { "MI300X", 8 }, { "MI325X", 8 }, { "MI355X", 8 },
		{ "MI350X", 8 }, { "MI210", 1 }, { "MI250X", 1 }, { "MI100", 1 }, { "MI50", 1 },
		{ "gfx90a", 1 }, { "gfx942", 0 }, { "MI350P", 0 }, { "RX 7900 XTX", 0 },
		{ "MI25", 0 }, { "H100", 0 },
	};
	struct occ_error err = { 0 };
	struct gpu g;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		ck_assert_msg(gpu_db_find(db, cases[i].name, &g, &err), "%s: %s", cases[i].name,
			      err.message);
		ck_assert_msg(gpu_default_xcds(&g) == cases[i].xcds, "%s: %d XCDs, want %d",
			      cases[i].name, gpu_default_xcds(&g), cases[i].xcds);
	}
	/* A model counts as a whole word of the name only, the first in the
	 * table where a name holds two (a --gpu-db device's name). */
	ck_assert(gpu_db_find(db, "MI300X", &g, &err));
	{
		static const struct { const char *name; int xcds; } names[] = {
			{ "Instinct MI300XL", 0 }, { "XMI300X", 0 }, { "MI3 MI300A", 6 },
			{ "MI308X, MI300A", 6 }, { "MI300X-2 MI3", 8 }, { "MI3", 0 },
		};

		for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
			snprintf(g.name, sizeof(g.name), "%s", names[i].name);
			ck_assert_msg(gpu_default_xcds(&g) == names[i].xcds, "%s: %d XCDs, want %d",
				      names[i].name, gpu_default_xcds(&g), names[i].xcds);
		}
	}
}
END_TEST

START_TEST(amd_devices_as_rocm_lists_them)
{
	static const struct { const char *query, *name, *target; int cus; } want[] = {
		{ "mi355x", "Instinct MI355X", "gfx950", 256 },
		{ "mi300a", "Instinct MI300A", "gfx942", 228 },
		{ "mi325x", "Instinct MI325X", "gfx942", 304 },
		/* "220 (110 per GCD)": each GCD is its own HIP device */
		{ "mi250x", "Instinct MI250X GCD", "gfx90a", 110 },
		{ "mi210", "Instinct MI210", "gfx90a", 104 },
		{ "mi100", "Instinct MI100", "gfx908", 120 },
		{ "mi25", "Instinct MI25", "gfx900", 64 },
		{ "mi6", "Instinct MI6", "gfx803", 36 },
		{ "w7800 48gb", "Radeon PRO W7800", "gfx1100", 70 },
		{ "rx7800xt", "Radeon RX 7800 XT", "gfx1101", 60 },
		{ "7600", "Radeon RX 7600", "gfx1102", 32 },
		{ "6800 xt", "Radeon RX 6800 XT", "gfx1030", 72 },
		{ "880m", "Radeon 880M", "gfx1150", 12 },
		{ "ryzen ai max+ 395", "Radeon 8060S", "gfx1151", 40 },
		{ "9060 xt lp", "Radeon RX 9060 XT", "gfx1200", 32 },
		{ "rx9070gre", "Radeon RX 9070 GRE", "gfx1201", 48 },
	};
	char target[16];

	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		struct gpu g;
		struct occ_error err = { 0 };

		ck_assert_msg(gpu_db_find(db, want[i].query, &g, &err), "%s: %s", want[i].query,
			      err.message);
		ck_assert_str_eq(g.name, want[i].name);
		ck_assert_int_eq(g.arch.vendor, GPU_AMD);
		gpu_arch_cc_string(&g.arch, target, sizeof(target));
		ck_assert_str_eq(target, want[i].target);
		/* occupancy counts WGPs (two CUs) on RDNA's default WGP mode */
		ck_assert_int_eq(g.sm_count * amd_cus_per_unit(&g.arch.amd), want[i].cus);
	}
}
END_TEST

/* gpu_arch_cc_string writes what snprintf does ("%s" of the target on AMD,
 * "%d.%d" on NVIDIA) for every buffer size, truncation included: its copy
 * and two digits, and the strfmt path of a two-digit major (Blackwell's
 * 10.0 and 12.1, as deviceQuery prints them) and of a negative. */
START_TEST(cc_string_as_snprintf)
{
	static const struct { enum gpu_vendor v; const char *target; int major, minor; } arch[] = {
		{ GPU_AMD, "gfx942", 0, 0 }, { GPU_AMD, "gfx1100", 0, 0 }, { GPU_AMD, "", 0, 0 },
		{ GPU_AMD, "gfx123456789abcd", 0, 0 }, { GPU_NVIDIA, "", 9, 0 },
		{ GPU_NVIDIA, "", 8, 6 }, { GPU_NVIDIA, "", 10, 0 }, { GPU_NVIDIA, "", 12, 1 },
		{ GPU_NVIDIA, "", -1, 0 }, { GPU_NVIDIA, "", 3, 10 },
	};

	for (size_t i = 0; i < sizeof(arch) / sizeof(arch[0]); i++) {
		struct gpu_arch a;

		memset(&a, 0, sizeof(a));
		a.vendor = arch[i].v;
		snprintf(a.arch, sizeof(a.arch), "%s", arch[i].target);
		a.cc_major = arch[i].major;
		a.cc_minor = arch[i].minor;
		for (size_t size = 0; size <= 20; size++) {
			char got[24], want[24];

			memset(got, 'x', sizeof(got));
			memset(want, 'x', sizeof(want));
			if (a.vendor == GPU_AMD)
				snprintf(want, size, "%s", a.arch);
			else
				snprintf(want, size, "%d.%d", a.cc_major, a.cc_minor);
			gpu_arch_cc_string(&a, got, size);
			ck_assert_msg(memcmp(got, want, sizeof(got)) == 0, "arch %zu size %zu: %.24s",
				      i, size, got);
		}
	}
}
END_TEST

static bool load(const char *name, const char *text, struct occ_error *err)
{
	occ_error_clear(err);
	return gpu_db_load_csv(db, name, text, strlen(text), err);
}

/* query finds the device named name, standing in for its architecture or not. */
static void ck_finds(const char *query, const char *name, bool stand_in)
{
	struct occ_error err = { 0 };
	struct gpu g;

	ck_assert_msg(gpu_db_find(db, query, &g, &err), "\"%s\": %s", query, err.message);
	ck_assert_msg(strcmp(g.name, name) == 0, "\"%s\" found %s, want %s", query, g.name, name);
	ck_assert_msg(g.stand_in == stand_in, "\"%s\": stand_in %d", query, g.stand_in);
}

/* query is a usage error of the gpu field; its message. */
static const char *ck_refused(const char *query)
{
	static struct occ_error err;
	struct gpu g;

	occ_error_clear(&err);
	ck_assert_msg(!gpu_db_find(db, query, &g, &err), "\"%s\" found %s", query, g.name);
	ck_assert_int_eq(err.status, OCC_EUSAGE);
	ck_assert_str_eq(err.field, "gpu");
	return err.message;
}

/* What nvcc and nvidia-smi call a compute capability: nvcc's -arch sm_86 and
 * -gencode arch=compute_86 (with CUDA 12's arch-specific "a" and CUDA 12.9's
 * family-specific "f" suffixes: sm_90a, sm_100f), nvidia-smi
 * --query-gpu=compute_cap's "8.6", and "cc 8.6". Each is that capability
 * exactly, on the device data/devices.csv lists it for (its aliases name
 * sm_86: NVIDIA A40, 84 SMs), and says it stands in. */
START_TEST(compute_capability_spellings)
{
	static const char *const sm86[] = { "8.6", " 8.6 ", "sm_86", "SM_86", "sm86", "sm_86a",
					    "sm_86f", "compute_86", "COMPUTE_86", "compute_86a",
					    "cc8.6", "CC 8.6", "cc_8.6" };
	static const struct { const char *query, *name; int major, minor, sms; } want[] = {
		{ "sm_52", "Tesla M40", 5, 2, 24 },           /* devices.csv: M40;sm_52;5.2 */
		{ "5.2", "Tesla M40", 5, 2, 24 },
		{ "sm_90a", "NVIDIA H100 80GB HBM3", 9, 0, 132 },
		{ "sm_100f", "NVIDIA B200", 10, 0, 148 },
		{ "compute_103", "NVIDIA B300 SXM6 AC", 10, 3, 148 },
		{ "sm_121", "NVIDIA GB10", 12, 1, 48 },
		{ "12.0", "NVIDIA RTX PRO 6000 Blackwell Server Edition", 12, 0, 188 },
		{ "sm_89", "NVIDIA L40S", 8, 9, 142 },       /* not the first 8.9 row, RTX 4060 */
	};
	struct gpu g;

	for (size_t i = 0; i < sizeof(sm86) / sizeof(sm86[0]); i++) {
		struct occ_error err = { 0 };

		ck_assert_msg(gpu_db_find(db, sm86[i], &g, &err), "\"%s\": %s", sm86[i], err.message);
		ck_assert_str_eq(g.name, "NVIDIA A40");
		ck_assert_int_eq(g.arch.cc_major, 8);
		ck_assert_int_eq(g.arch.cc_minor, 6);
		ck_assert_int_eq(g.sm_count, 84);
		ck_assert_msg(g.stand_in, "\"%s\" names an architecture, not a device", sm86[i]);
	}
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		ck_finds(want[i].query, want[i].name, true);
		ck_assert(gpu_db_find(db, want[i].query, &g, NULL));
		ck_assert_int_eq(g.arch.cc_major, want[i].major);
		ck_assert_int_eq(g.arch.cc_minor, want[i].minor);
		ck_assert_int_eq(g.sm_count, want[i].sms);
	}
	/* A device's own name does not stand in. */
	ck_finds("NVIDIA A40", "NVIDIA A40", false);
	ck_finds("H100", "NVIDIA H100 80GB HBM3", false);
}
END_TEST

/* A capability the database lacks is a usage error that lists the ones it
 * has, never the nearest device: 2.0 used to become an RTX PRO 6000 (12.0)
 * and 1.0 a Thor (11.0). */
START_TEST(compute_capability_not_in_database)
{
	static const char *const lacking[] = { "4.0", "sm_40", "compute_41", "1.4", "cc 2.2",
					       "9.9", "sm_99", "13.0" };

	for (size_t i = 0; i < sizeof(lacking) / sizeof(lacking[0]); i++) {
		const char *msg = ck_refused(lacking[i]);

		ck_assert_msg(strstr(msg, "1.0, 1.1, 1.2, 1.3, 2.0, 2.1, 3.0, 3.5, 3.7, 5.0") && strstr(msg, "12.0, 12.1") &&
			      !strstr(msg, "RTX") && !strstr(msg, "Thor"), "%s", msg);
	}
	/* Spelled like a capability but none: said so, with the spellings. */
	static const char *const malformed[] = { "sm_9", "sm_86x", "8.6.1", "compute_", "cc86",
						 "sm_12345" };
	for (size_t i = 0; i < sizeof(malformed) / sizeof(malformed[0]); i++) {
		const char *msg = ck_refused(malformed[i]);

		ck_assert_msg(strstr(msg, "sm_86") && strstr(msg, "8.6"), "%s: %s", malformed[i], msg);
	}
}
END_TEST

/* The lookup works for capabilities added later: an architecture row alone
 * is found as the architecture with no SM count (its per-SM figures need
 * none); with a device row it is that device. The row's limits are sm_30's with the capability changed (no GPU
 * has cc 4.0): this checks the lookup, not any GPU's limits. */
START_TEST(compute_capability_added_later)
{
	static const char arch40[] = ARCH_HEADER "sm_40,Test,4.0,32,2048,64,16,1024,65536,65536,"
		"63,256,4,4,49152,48,49152,49152,256,0,,lookup test only\n";
	struct occ_error err = { 0 };
	struct gpu g;

	ck_assert_msg(load("a.csv", arch40, &err), "%s", err.message);
	ck_assert_msg(gpu_db_find(db, "4.0", &g, &err), "%s", err.message);
	ck_assert_int_eq(g.sm_count, 0);
	ck_assert_str_eq(g.arch.arch, "sm_40");
	ck_assert(!g.stand_in);
	ck_assert(load("d.csv", "name,cc,sm_count\nTest Four,4.0,16\n", &err));
	ck_finds("sm_40", "Test Four", true);
	ck_assert(gpu_db_find(db, "sm_40", &g, &err));
	ck_assert_int_eq(g.sm_count, 16);
}
END_TEST

/* A name matches whole words: "A10" is the A10, never an A100; a part of a
 * word finds nothing and the message asks about the names it is part of. */
START_TEST(names_match_whole_words)
{
	static const struct { const char *query, *name; } found[] = {
		{ "A10", "NVIDIA A10" },
		{ "a10", "NVIDIA A10" },
		{ "TITAN X", "GeForce GTX TITAN X" },    /* not TITAN Xp */
		{ "5090", "NVIDIA GeForce RTX 5090" },   /* a unique whole word */
		{ "spark", "NVIDIA GB10" },              /* alias DGX Spark */
		{ "rtx4090", "NVIDIA GeForce RTX 4090" },  /* punctuation and spaces aside */
		{ "A100-SXM4-80GB", "NVIDIA A100-SXM4-80GB" },
		{ "NVIDIA T4", "Tesla T4" },             /* the vendor's prefix aside, as in reports */
		{ "rx 7900 xtx", "Radeon RX 7900 XTX" },
	};
	static const struct { const char *query, *suggested; } partial[] = {
		{ "RTX 509", "\"NVIDIA GeForce RTX 5090\"" },
		{ "GTX 98", "\"GeForce GTX 980\"" },
		{ "K8", "\"Tesla K80\"" },
		{ "MI30", "\"Instinct MI300X\"" },
	};
	const char *msg;

	for (size_t i = 0; i < sizeof(found) / sizeof(found[0]); i++)
		ck_finds(found[i].query, found[i].name, false);
	for (size_t i = 0; i < sizeof(partial) / sizeof(partial[0]); i++) {
		msg = ck_refused(partial[i].query);
		ck_assert_msg(strstr(msg, "did you mean") && strstr(msg, partial[i].suggested), "%s",
			      msg);
	}
	/* A bare number is no capability (CMake's "90"): the message names it. */
	msg = ck_refused("90");
	ck_assert_msg(strstr(msg, "sm_90"), "%s", msg);
}
END_TEST

/* Names as reports, drivers and users write them resolve to the device
 * they name: the brand in front ("Tesla K40", the K40c's "K40"), rocminfo's
 * and rocm-smi's marketing names ("AMD Instinct MI300A Accelerator", "AMD
 * Instinct MI250X/MI250", the first it names), the stepping Omniperf's
 * folders carry (tests/workloads/device_filter/MI300X_A1 in the corpus);
 * issue 21 lists each as refused before. An unknown name's suggestions
 * put the rows that share most of its words first. */
START_TEST(names_as_written)
{
	static const struct { const char *query, *name; } found[] = {
		{ "Tesla K40", "Tesla K40c" },
		{ "NVIDIA Tesla K40", "Tesla K40c" },
		{ "AMD Instinct MI250X", "Instinct MI250X GCD" },
		{ "AMD Instinct MI250X/MI250", "Instinct MI250X GCD" },
		{ "AMD Instinct MI300A Accelerator", "Instinct MI300A" },
		{ "MI300A_A1", "Instinct MI300A" },
		{ "MI300X_A1", "Instinct MI300X" },
		{ "GeForce RTX 4090", "NVIDIA GeForce RTX 4090" },   /* not its laptop part */
		{ "Tesla P4", "Tesla P4" },                        /* a name is never cut to nothing */
	};
	const char *msg;

	for (size_t i = 0; i < sizeof(found) / sizeof(found[0]); i++)
		ck_finds(found[i].query, found[i].name, false);
	/* Tesla and K40 (the alias) shared: before "Tesla K10.G1.8GB", the
	 * fewer edits away. */
	msg = ck_refused("Tesla K40 12GB");
	ck_assert_msg(strstr(msg, "closest: \"Tesla K40c\", "), "%s", msg);
	msg = ck_refused("AMD Instinct MI250X 128GB HBM2e OAM");
	ck_assert_msg(strstr(msg, "closest: \"Instinct MI250X GCD\", "), "%s", msg);
}
END_TEST

/* AMD: a gfx target (rocminfo's and HIP's gcnArchName, features and all) is
 * the first device of it; an unknown one lists the targets; names that
 * look like AMD's get AMD suggestions, NVIDIA-looking ones NVIDIA's. */
START_TEST(amd_targets_and_suggestions)
{
	static const struct { const char *query, *name; } found[] = {
		{ "gfx942", "Instinct MI300X" },
		{ "GFX90A", "Instinct MI250X GCD" },
		{ "gfx90a:sramecc+:xnack-", "Instinct MI250X GCD" },
		{ "gfx1100", "Radeon PRO W7900" },
	};
	static const char *const amd_like[] = { "mi301x", "Radeon RX 7650", "instinct mi999" };
	static const char *const nvidia_like[] = { "GTX 945", "Tesla M2095", "geforce 9999" };
	const char *msg;

	for (size_t i = 0; i < sizeof(found) / sizeof(found[0]); i++)
		ck_finds(found[i].query, found[i].name, true);
	msg = ck_refused("gfx1234");
	ck_assert_msg(strstr(msg, "gfx942") && strstr(msg, "gfx1201") && !strstr(msg, "NVIDIA") &&
		      !strstr(msg, "GeForce"), "%s", msg);
	/* amd_archs.csv has gfx940, amd_devices.csv no device of it: the
	 * architecture alone, with no CU count (the per-CU occupancy needs
	 * none; the waves say they need a device). */
	{
		struct occ_error e = { 0 };
		struct gpu g;

		ck_assert_msg(gpu_db_find(db, "gfx940", &g, &e), "%s", e.message);
		ck_assert_int_eq(g.sm_count, 0);
		ck_assert_str_eq(g.arch.arch, "gfx940");
		ck_assert(!g.stand_in);
	}
	for (size_t i = 0; i < sizeof(amd_like) / sizeof(amd_like[0]); i++) {
		msg = ck_refused(amd_like[i]);
		ck_assert_msg((strstr(msg, "Instinct") || strstr(msg, "Radeon")) &&
			      !strstr(msg, "NVIDIA") && !strstr(msg, "GeForce") && !strstr(msg, "Tesla"),
			      "%s: %s", amd_like[i], msg);
	}
	for (size_t i = 0; i < sizeof(nvidia_like) / sizeof(nvidia_like[0]); i++) {
		msg = ck_refused(nvidia_like[i]);
		ck_assert_msg(!strstr(msg, "Instinct") && !strstr(msg, "Radeon"), "%s: %s",
			      nvidia_like[i], msg);
	}
}
END_TEST

/* The device that stands for an architecture: the row whose aliases name it
 * (sm_52: Tesla M40, not the first 5.2 row, GTX 980), else the first. */
START_TEST(device_for_an_architecture)
{
	static const struct { int major, minor; const char *name; } want[] = {
		{ 5, 2, "Tesla M40" }, { 3, 0, "Tesla K10.G1.8GB" }, { 6, 1, "Tesla P40" },
		{ 8, 0, "NVIDIA A100-SXM4-40GB" }, { 8, 9, "NVIDIA L40S" },
	};
	struct gpu g;

	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		const struct gpu_arch *a = gpu_db_find_arch(db, want[i].major, want[i].minor);

		ck_assert_ptr_nonnull(a);
		ck_assert(gpu_db_arch_device(db, a, &g));
		ck_assert_str_eq(g.name, want[i].name);
		ck_assert(g.stand_in);
	}
	ck_assert(gpu_db_arch_device(db, gpu_db_find_target(db, "gfx942"), &g));
	ck_assert_str_eq(g.name, "Instinct MI300X");
	ck_assert(!gpu_db_arch_device(db, gpu_db_find_target(db, "gfx940"), &g));
	ck_assert_ptr_null(gpu_db_find_target(db, "gfx1234"));
}
END_TEST

START_TEST(user_files_override_and_add)
{
	struct occ_error err;
	struct gpu g;
	size_t n_archs = gpu_db_arch_count(db), n_dev = gpu_db_device_count(db);

	ck_assert_msg(load("my-archs.csv", ARCH_HEADER SM80_16_BLOCKS, &err), "%s", err.message);
	ck_assert_uint_eq(gpu_db_arch_count(db), n_archs);
	ck_assert_int_eq(gpu_db_find_arch(db, 8, 0)->max_blocks_per_sm, 16);
	ck_assert(gpu_db_find(db, "A100", &g, &err));
	ck_assert_int_eq(g.arch.max_blocks_per_sm, 16);

	ck_assert_msg(load("my-devices.csv", "name,cc,sm_count\nLab Card,8.0,7\n", &err), "%s", err.message);
	ck_assert_uint_eq(gpu_db_device_count(db), n_dev + 1);
	ck_assert(gpu_db_find(db, "lab card", &g, &err));
	ck_assert_int_eq(g.sm_count, 7);
	ck_assert_int_eq(g.arch.max_blocks_per_sm, 16);

	/* a devices row with an existing name replaces it (case-insensitive) */
	ck_assert(load("more.csv", "name,cc,sm_count,aliases\nnvidia h20,9.0,60,H20\n", &err));
	ck_assert_uint_eq(gpu_db_device_count(db), n_dev + 1);
	ck_assert(gpu_db_find(db, "H20", &g, &err));
	ck_assert_int_eq(g.sm_count, 60);
}
END_TEST

START_TEST(user_file_from_disk)
{
	char path[] = "/tmp/occview-test-gpudb-XXXXXX";
	int fd = mkstemp(path);
	struct occ_error err = { 0 };
	struct gpu g;
	FILE *f;

	ck_assert_int_ge(fd, 0);
	f = fdopen(fd, "w");
	ck_assert_ptr_nonnull(f);
	fputs("\xEF\xBB\xBFname,cc,sm_count\r\nDisk Card,7.5,3\r\n", f);
	fclose(f);
	ck_assert_msg(gpu_db_load_file(db, path, &err), "%s", err.message);
	ck_assert(gpu_db_find(db, "Disk Card", &g, &err));
	ck_assert_int_eq(g.sm_count, 3);
	unlink(path);

	occ_error_clear(&err);
	ck_assert(!gpu_db_load_file(db, "/nonexistent/occview/gpus.csv", &err));
	ck_assert_str_eq(err.file, "/nonexistent/occview/gpus.csv");
	ck_assert_int_ne(err.status, OCC_OK);
}
END_TEST

static void bad(const char *text, size_t len, long line, const char *field)
{
	struct occ_error err = { 0 };
	size_t n_archs = gpu_db_arch_count(db);

	ck_assert_msg(!gpu_db_load_csv(db, "user.csv", text, len, &err), "accepted: %s", text);
	ck_assert_str_eq(err.file, "user.csv");
	ck_assert_int_eq(err.status, OCC_EDATA);
	ck_assert_msg(err.line == line, "line %ld, want %ld (%s)", err.line, line, err.message);
	if (field)
		ck_assert_msg(strcmp(err.field, field) == 0, "field \"%s\", want \"%s\" (%s)",
			      err.field, field, err.message);
	ck_assert(err.message[0] != '\0');
	ck_assert_uint_eq(gpu_db_arch_count(db), n_archs);
}

#define BAD(text, line, field) bad(text, sizeof(text) - 1, line, field)

/* The two register-allocation columns read (and their absence is "warp",
 * no exceptions, as every row before cc 2.x left them). */
START_TEST(register_allocation_columns)
{
	struct occ_error err = { 0 };
	const struct gpu_arch *a;

	ck_assert_msg(load("a.csv", ARCH_HEADER_ALLOC SM13_ROW ",block,\n"
			   "sm_20,Fermi,2.0,32,1536,48,8,1024,32768,32768,63,64,2,2,49152,16;48,"
			   "49152,49152,128,0,,p,,21:128;46:256\n", &err), "%s", err.message);
	a = gpu_db_find_arch(db, 1, 3);
	ck_assert_int_eq(a->reg_alloc, GPU_REG_ALLOC_BLOCK);
	ck_assert_int_eq(a->n_reg_unit_exceptions, 0);
	a = gpu_db_find_arch(db, 2, 0);
	ck_assert_int_eq(a->reg_alloc, GPU_REG_ALLOC_WARP);
	ck_assert_int_eq(a->n_reg_unit_exceptions, 2);
	ck_assert_int_eq(gpu_reg_alloc_unit(a, 21), 128);
	ck_assert_int_eq(gpu_reg_alloc_unit(a, 46), 256);
	ck_assert_int_eq(gpu_reg_alloc_unit(a, 22), 64);
	/* A file without the columns: per warp, no exceptions. */
	ck_assert_msg(load("b.csv", ARCH_HEADER SM80_16_BLOCKS, &err), "%s", err.message);
	a = gpu_db_find_arch(db, 8, 0);
	ck_assert_int_eq(a->reg_alloc, GPU_REG_ALLOC_WARP);
	ck_assert_int_eq(gpu_reg_alloc_unit(a, 21), 256);
}
END_TEST

START_TEST(malformed_files)
{
	/* missing column */
	BAD("arch,cc,max_threads_per_sm\nsm_99,9.9,2048\n", 1, "warp_size");
	BAD("name,sm_count\nX,8\n", 1, "cc");
	/* bad numbers */
	BAD("name,cc,sm_count\nOK Card,8.0,4\nX,8.0,abc\n", 3, "sm_count");
	BAD("name,cc,sm_count\nX,8.0,0\n", 2, "sm_count");
	BAD("name,cc,sm_count\nX,8.0,-3\n", 2, "sm_count");
	BAD("name,cc,sm_count\nX,8,4\n", 2, "cc");
	BAD("name,cc,sm_count\nX,eight,4\n", 2, "cc");
	BAD(ARCH_HEADER "sm_80,Ampere,8.0,32,2048,64,32,1024,65536,65536,255,256,4,4,167936,"
	    "0;8;16;32;64;100;132;164,49152,166912,12x,1024,,p\n", 2, "smem_alloc_unit_bytes");
	/* smem configurations not ascending */
	BAD(ARCH_HEADER "sm_80,Ampere,8.0,32,2048,64,32,1024,65536,65536,255,256,4,4,167936,"
	    "0;16;8;164,49152,166912,128,1024,,p\n", 2, "smem_configs_kb");
	/* register allocation: warp or block; exceptions as REGS:UNIT pairs */
	BAD(ARCH_HEADER_ALLOC SM13_ROW ",thread,\n", 2, "reg_alloc_granularity");
	BAD(ARCH_HEADER_ALLOC SM13_ROW ",warp,21\n", 2, "reg_alloc_unit_exceptions");
	BAD(ARCH_HEADER_ALLOC SM13_ROW ",warp,125:128\n", 2, "reg_alloc_unit_exceptions");
	BAD(ARCH_HEADER_ALLOC SM13_ROW ",warp,21:0\n", 2, "reg_alloc_unit_exceptions");
	/* unknown compute capability in a devices file */
	BAD("name,cc,sm_count\nFuture,9.9,10\n", 2, "cc");
	/* missing name */
	BAD("name,cc,sm_count\n,8.0,10\n", 2, "name");
	/* neither kind of header */
	BAD("foo,bar\n1,2\n", 1, NULL);
	/* unterminated quote: the line where the quoted field starts */
	BAD("name,cc,sm_count\nOK,8.0,1\n\"Unclosed,8.0,10\n", 3, NULL);
}
END_TEST

/* Binary garbage: the brief asks for file and line; the line of the first NUL is known. */
START_TEST(malformed_binary)
{
	static const char text[] = "name,cc,sm_count\nX\0Y,8.0,1\n";
	bad(text, sizeof(text) - 1, 2, NULL);
}
END_TEST

START_TEST(empty_file)
{
	struct occ_error err = { 0 };

	ck_assert(!gpu_db_load_csv(db, "empty.csv", "", 0, &err));
	ck_assert_str_eq(err.file, "empty.csv");
	ck_assert_int_eq(err.status, OCC_EDATA);
}
END_TEST

/* Every built-in table has as many fields in each row as in its header: the
 * C reader takes a short row's missing fields as empty, but other readers of
 * data/ (bench/occupancy.py's csv.DictReader) do not, and a short row once hid
 * that sm_50 to sm_121 had no say on register granularity or carveout. */
extern const char gpu_data_archs_csv[], gpu_data_devices_csv[], gpu_data_amd_archs_csv[],
	gpu_data_amd_devices_csv[], gpu_data_gpcs_csv[];

START_TEST(builtin_rows_are_whole)
{
	static const struct { const char *name, *text; } tables[] = {
		{ "archs.csv", gpu_data_archs_csv },
		{ "devices.csv", gpu_data_devices_csv },
		{ "amd_archs.csv", gpu_data_amd_archs_csv },
		{ "amd_devices.csv", gpu_data_amd_devices_csv },
		{ "gpcs.csv", gpu_data_gpcs_csv },
	};

	for (size_t t = 0; t < sizeof(tables) / sizeof(tables[0]); t++) {
		struct csv_rows rows = { 0 };
		struct occ_error err = { 0 };

		ck_assert_msg(csvread_parse(tables[t].name, tables[t].text, strlen(tables[t].text),
					    &rows, &err), "%s", err.message);
		ck_assert_uint_gt(rows.n, 1);
		for (size_t i = 1; i < rows.n; i++)
			if (rows.rows[i].n != rows.rows[0].n)
				ck_abort_msg("%s line %ld: %zu fields under a header of %zu",
					     tables[t].name, rows.rows[i].line, rows.rows[i].n,
					     rows.rows[0].n);
		csvread_free(&rows);
	}
}
END_TEST

/* A devices file of 40,000 rows (issue 25: it loaded in quadratic time):
 * every row a device, a later row of the same name (any case) replacing
 * the earlier one, and a built-in device (data/devices.csv: H100 SXM's 132
 * SMs) overridden by name. */
START_TEST(many_devices)
{
	struct occ_error err = { 0 };
	size_t before = gpu_db_device_count(db), cap = 64 * 40003, n = 0;
	char *text = malloc(cap);
	struct gpu g;

	ck_assert_ptr_nonnull(text);
	n += (size_t)snprintf(text + n, cap - n, "name,cc,sm_count\n");
	for (int i = 0; i < 40000; i++)
		n += (size_t)snprintf(text + n, cap - n, "Test GPU %d,8.0,%d\n", i, 100 + i % 50);
	n += (size_t)snprintf(text + n, cap - n, "TEST gpu 17,8.0,7\nNVIDIA H100 80GB HBM3,9.0,100\n");
	ck_assert_msg(gpu_db_load_csv(db, "many.csv", text, n, &err), "%s", err.message);
	ck_assert_uint_eq(gpu_db_device_count(db), before + 40000);
	ck_assert(gpu_db_find(db, "Test GPU 39999", &g, NULL));
	ck_assert_int_eq(g.sm_count, 100 + 39999 % 50);
	ck_assert(gpu_db_find(db, "test gpu 17", &g, NULL));
	ck_assert_int_eq(g.sm_count, 7);
	ck_assert(gpu_db_find(db, "NVIDIA H100 80GB HBM3", &g, NULL));
	ck_assert_int_eq(g.sm_count, 100);
	free(text);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("gpu_db");
	TCase *tc = tcase_create("gpu_db");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, builtin_counts);
	tcase_add_test(tc, builtin_rows_are_whole);
	tcase_add_test(tc, find_by_name_alias_cc);
	tcase_add_test(tc, find_unknown_lists_close_names);
	tcase_add_test(tc, every_name_and_alias_finds_its_device);
	tcase_add_test(tc, amd_devices_as_rocm_lists_them);
	tcase_add_test(tc, amd_default_xcds);
	tcase_add_test(tc, compute_capability_spellings);
	tcase_add_test(tc, compute_capability_not_in_database);
	tcase_add_test(tc, compute_capability_added_later);
	tcase_add_test(tc, names_match_whole_words);
	tcase_add_test(tc, names_as_written);
	tcase_add_test(tc, amd_targets_and_suggestions);
	tcase_add_test(tc, device_for_an_architecture);
	tcase_add_test(tc, user_files_override_and_add);
	tcase_add_test(tc, user_file_from_disk);
	tcase_add_test(tc, register_allocation_columns);
	tcase_add_test(tc, malformed_files);
	tcase_add_test(tc, malformed_binary);
	tcase_add_test(tc, empty_file);
	tcase_add_test(tc, many_devices);
	tcase_add_test(tc, cc_string_as_snprintf);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(suite());
}
