/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* testutil.h - what every Check test program shares: the built-in GPU database
 * as a fixture (db_setup/db_teardown around each test) and the suite runner. */
#ifndef OCC_TESTUTIL_H
#define OCC_TESTUTIL_H

#include <check.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "analysis.h"
#include "gpu.h"
#include "params.h"

static struct gpu_db *db;

static inline void db_setup(void)
{
	struct occ_error err = { 0 };
	db = gpu_db_new_builtin(&err);
	ck_assert_msg(db != NULL, "built-in database: %s", err.message);
}

static inline void db_teardown(void)
{
	gpu_db_free(db);
	db = NULL;
}

/* The flags --gpu GPUS --block-size 256 --registers 64 --carveout 50: the
 * GPUs side by side of test_session and test_print. */
static inline void side_by_side_flags(struct param_set *flags, const char *gpus)
{
	static const struct { enum launch_param p; const char *text; } given[] = {
		{ PARAM_REGISTERS, "64" }, { PARAM_BLOCK, "256" }, { PARAM_CARVEOUT, "50" },
	};
	struct occ_error err = { 0 };

	memset(flags, 0, sizeof(*flags));
	launch_init(&flags->values);
	flags->set = PARAM_BIT(PARAM_GPU);
	ck_assert(param_parse(PARAM_GPU, gpus, &flags->values, NULL, 0, "--gpu", &err));
	for (size_t i = 0; i < sizeof(given) / sizeof(given[0]); i++) {
		flags->set |= PARAM_BIT(given[i].p);
		ck_assert(param_parse(given[i].p, given[i].text, &flags->values, NULL, 0, "flag",
				      &err));
	}
}

/* The embedded default launch on its GPU, analysed as occview with no
 * argument analyses it. */
static inline void default_analysis(struct analysis *a)
{
	struct occ_error err = { 0 };
	struct launch l;
	struct gpu g;

	launch_init(&l);
	ck_assert(gpu_db_find(db, l.gpu_name, &g, &err));
	analysis_run(a, &l, &g, NULL, 0);
	ck_assert(a->ok);
}

/* Variants of the database's architectures that reports and users' files
 * give: ARCH_AS_IS; the driver's choice of shared-memory configuration, the
 * second largest or a middle one (a report's measured record, cc 7.0+: a
 * fact of the launch, given to occ_input by variant_input); and a user's
 * row whose reserve and per-block maximum are off the allocation unit (so 0
 * and the maximum are off its grid; NVIDIA with a reserve). */
enum { ARCH_AS_IS, ARCH_DRIVER_SECOND, ARCH_DRIVER_MIDDLE, ARCH_ODD_RESERVE, ARCH_N_VARIANTS };

/* Architecture i of the database (AMD targets when amd) as variant v, and
 * the driver's configuration in *measured (-1: none); false where the
 * variant does not apply to it. */
static inline bool arch_variant(bool amd, size_t i, int v, struct gpu_arch *out, int64_t *measured)
{
	*out = *(amd ? gpu_db_amd_arch_at(db, i) : gpu_db_arch_at(db, i));
	*measured = -1;
	switch (v) {
	case ARCH_DRIVER_SECOND:
	case ARCH_DRIVER_MIDDLE:
		if (out->n_smem_configs < 3)
			return false;
		*measured = out->smem_configs_bytes[v == ARCH_DRIVER_SECOND ?
			out->n_smem_configs - 2 : out->n_smem_configs / 2];
		return true;
	case ARCH_ODD_RESERVE:
		if (amd || out->smem_reserved_per_block_bytes == 0)
			return false;
		out->smem_reserved_per_block_bytes = 1000;
		out->smem_per_block_optin_bytes -= 300;
		return true;
	default:
		return true;
	}
}

/* in as the variant's measured launch: with the driver's configuration, if any. */
static inline struct occ_input variant_input(struct occ_input in, int64_t measured)
{
	occ_input_measured_config(&in, measured);
	return in;
}

/* The first of NVIDIA's words in text as a whole word, any case (the words
 * tests/tui_amd.sh greps AMD screens for), else NULL. */
static inline const char *test_nvidia_word(const char *text)
{
	static const char *const words[] = { "SM", "SMs", "warp", "warps", "block", "blocks",
					     "thread", "threads", "register", "registers", "regs",
					     "smem", "shared memory" };

	for (const char *p = text; *p; p++) {
		if (p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_'))
			continue;
		for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
			size_t n = strlen(words[i]);

			if (strncasecmp(p, words[i], n) == 0 &&
			    !isalnum((unsigned char)p[n]) && p[n] != '_')
				return words[i];
		}
	}
	return NULL;
}

/* Runs every test of s; the exit status main() should return. */
static inline int run_suite(Suite *s)
{
	SRunner *sr = srunner_create(s);
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed > 0 ? EXIT_FAILURE : EXIT_SUCCESS;
}

#endif
