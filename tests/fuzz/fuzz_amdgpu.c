/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* fuzz_amdgpu.c - libFuzzer harness for the AMD GPU binary readers: the
 * bytes as a file (a code object, a host ELF file, an offload bundle plain
 * or compressed: import_amdgpu_read), and as code object metadata alone
 * (amdgpu_md_read, MessagePack); then what occview does with each record
 * (the launch and analysis of the first few on the built-in GPU database).
 * Aborts when the reader's contract (import_amdgpu.h) is broken: false
 * leaves the report empty with an error, rejected entries come with one.
 * Build and run (not part of make check):
 *   tests/fuzz/run.sh amdgpu [SECONDS]
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "amdgpu_metadata.h"
#include "analysis.h"
#include "gpu.h"
#include "import_amdgpu.h"
#include "report.h"
#include "report_launch.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_ANALYSED 4

static struct gpu_db *db;

static void analyse(const struct report *r)
{
	struct launch given_launch;
	struct report_launch_given given = { NULL, &given_launch, 0 };
	struct analysis *a = malloc(sizeof(*a));

	if (!a)
		return;
	launch_init(&given_launch);
	given_launch.grid[0] = 100;
	given.fields = 1u << PARAM_GRID;
	for (size_t i = 0; i < r->n && i < FUZZ_ANALYSED; i++) {
		struct occ_error err = { 0 };
		struct launch l;
		struct gpu g;
		enum report_gpu_source source;

		if (report_launch(db, &r->records[i], &given, "fuzz", &l, &g, &source, &err) &&
		    launch_check(&l, &g, "fuzz", 0, &err))
			analysis_run(a, &l, &g, "fuzz", 0);
	}
	free(a);
}

/* Every record has its binary object, every kept key its name; --gpu
 * MI300X's pick keeps one target's records, or all. */
static void binary_and_pick(struct report *r)
{
	struct occ_error err = { 0 };
	struct import_amdgpu_pick p;
	struct gpu g;
	size_t n = r->n;

	for (size_t i = 0; i < r->n; i++) {
		const struct report_binary *b = r->records[i].binary;

		if (!b || (b->n_keys && !b->keys))
			abort();
		for (size_t k = 0; k < b->n_keys; k++)
			if (!b->keys[k].key ||
			    (b->keys[k].kind == REPORT_MD_STRING && !b->keys[k].text))
				abort();
	}
	if (!gpu_db_find(db, "MI300X", &g, &err))
		abort();
	if (import_amdgpu_pick_target(r, &g.arch, &p)) {
		if (r->n == 0 || r->n + p.dropped != n)
			abort();
		for (size_t i = 0; i < r->n; i++)
			if (strcmp(r->records[i].gfx_target, p.target) != 0)
				abort();
	} else if (r->n != n) {
		abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned char *copy = malloc(size ? size : 1);
	struct report r;
	struct occ_error err = { 0 };
	struct amdgpu_md md;
	char why[256];
	size_t at;

	if (!copy)
		return 0;
	if (!db && !(db = gpu_db_new_builtin(&err)))
		abort();
	memcpy(copy, data, size);
	if (import_amdgpu_read("fuzz", copy, size, &r, &err)) {
		if (r.n == 0)
			abort();
		if (r.rejected_rows && err.status == OCC_OK)
			abort();
		for (size_t i = 0; i < r.n; i++)
			if (!r.records[i].name || !r.records[i].short_name || !r.records[i].gfx_target)
				abort();
		analyse(&r);
		binary_and_pick(&r);
		report_done(&r);
	} else if (r.n != 0 || r.records || err.status == OCC_OK) {
		abort();
	}
	free(copy);
	if (amdgpu_md_read(data, size, &md, &at, why, sizeof(why)))
		amdgpu_md_done(&md);
	else if (md.kernels || at > size)
		abort();
	return 0;
}
