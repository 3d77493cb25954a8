/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* engine_facts.h - what an engine says about a launch's allocation and a
 * GPU's limits, as labelled rows of short items ("Registers: 40 per warp
 * (unit 256), 10240 per block"), for the occupancy table to lay out: the
 * variants are the engines', the layout the pane's. */
#ifndef OCC_ENGINE_FACTS_H
#define OCC_ENGINE_FACTS_H

#include <stdint.h>

#include "gpu.h"
#include "occupancy.h"

#define ENGINE_FACT_ROWS 8
#define ENGINE_FACT_ITEMS 8
#define ENGINE_FACT_LEN 160

enum engine_fact_role { ENGINE_FACT_NORMAL, ENGINE_FACT_DIM, ENGINE_FACT_WARNING };

struct engine_fact_row {
	char label[24];     /* "Registers", "LDS"; "" continues the row above */
	int n;
	struct {
		enum engine_fact_role role;
		char text[ENGINE_FACT_LEN];  /* raw: may hold a database's text */
	} items[ENGINE_FACT_ITEMS];
};

struct engine_facts {
	int n;
	struct engine_fact_row rows[ENGINE_FACT_ROWS];
};

/* What the rows are made of: the launch (in, r from occ_compute) on arch,
 * with base's figures where a baseline differs (base NULL: none) and, where
 * the measured launch's driver configuration no longer applies (a what-if),
 * that configuration (dropped_config_bytes; < 0: none). */
struct engine_fact_args {
	const struct gpu_arch *arch;
	const struct occ_input *in;
	const struct occ_result *r, *base;
	int64_t dropped_config_bytes;
};

/* The launch's allocation of each resource, and the architecture's own
 * limits per unit, per block and per resource (out starts empty): through
 * the engine (engine.h), or a family's own below. */
void engine_allocation(const struct engine_fact_args *args, struct engine_facts *out);
void engine_gpu_limits(const struct gpu_arch *arch, struct engine_facts *out);

void engine_nvidia_allocation(struct engine_facts *out, const struct engine_fact_args *args);
void engine_nvidia_gpu_limits(struct engine_facts *out, const struct engine_fact_args *args);
void engine_amd_allocation(struct engine_facts *out, const struct engine_fact_args *args);
void engine_amd_gpu_limits(struct engine_facts *out, const struct engine_fact_args *args);
void engine_vliw_allocation(struct engine_facts *out, const struct engine_fact_args *args);
void engine_vliw_gpu_limits(struct engine_facts *out, const struct engine_fact_args *args);

#endif
