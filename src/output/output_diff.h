/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* output_diff.h - the regression gate's outputs (--diff): text for a CI
 * log, JSON (occview-formats(5)), and SARIF 2.1.0, which code-scanning
 * services read. Kernel names are sanitized. Each returns false when the
 * stream has an error. */
#ifndef OCC_OUTPUT_DIFF_H
#define OCC_OUTPUT_DIFF_H

#include <stdbool.h>
#include <stdio.h>

#include "diff.h"

struct output_diff_files {
	const char *old_file, *new_file;
	unsigned fail_on;           /* enum diff_fail bits */
};

bool output_diff_text(FILE *out, const struct diff_result *d, const struct output_diff_files *f);
bool output_diff_json(FILE *out, const struct diff_result *d, const struct output_diff_files *f);
/* One result per condition that got worse in a kernel: level "error" when
 * it is one of fail_on, "warning" otherwise; rule ids "occupancy",
 * "blocks", "spills", "registers", and "analysis" for a kernel that could
 * not be analysed. Each names the new file and the kernel (a logical
 * location). */
bool output_diff_sarif(FILE *out, const struct diff_result *d,
		       const struct output_diff_files *f);

#endif
