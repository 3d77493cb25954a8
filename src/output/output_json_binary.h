/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* output_json_binary.h - the "binary" object of a kernel read from a
 * compiled binary or a compiler's log (occview-formats(5)). */
#ifndef OCC_OUTPUT_JSON_BINARY_H
#define OCC_OUTPUT_JSON_BINARY_H

#include "jsonw.h"
#include "report.h"

/* Writes the value of the key "binary": where the kernel was read, the
 * figures the compiler wrote that are no launch field, every attribute
 * (unknown ones by number, "name": null) and the launch values occview
 * assumed (assumed: PARAM_BITs, binary_launch.h). */
void output_json_binary(struct jsonw *w, const char *full_name, const struct report_binary *b,
			unsigned assumed);
/* The launch values occview assumed (PARAM_BITs) as an array of their JSON
 * keys: ["block_size", "dynamic_shared_mem_bytes"]. */
void output_json_assumed(struct jsonw *w, unsigned assumed);

#endif
