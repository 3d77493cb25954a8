/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* gpu_xcds.c - the XCDs (accelerator complex dies) an AMD device's compute
 * partition spans: the most a device has, and its default partition mode's. */
#include "config.h"

#include "gpu.h"

#include <ctype.h>
#include <string.h>

/* rocprofiler-compute's table of XCDs by compute-partition mode
 * (ROCm/rocprofiler-compute src/utils/mi_gpu_spec.yaml, read at 10c3c1ec):
 * SPX, the default, spans them all: MI300A 6 (TPX 2), MI300X and MI325X 8
 * (DPX 4, QPX 2, CPX 1), MI308X 4, MI350 and MI355 8. The MI350P is not
 * listed. */
static const struct {
	const char *model;
	int spx;
} xcd_models[] = {
	{ "MI300A", 6 }, { "MI300X", 8 }, { "MI308X", 4 }, { "MI325X", 8 },
	{ "MI350X", 8 }, { "MI355X", 8 },
};

/* Targets of one XCD: the same file lists no partition modes for them
 * (gfx906 MI50/MI60, gfx908 MI100, gfx90a MI200: a GCD is one die). */
static const char *const one_xcd[] = { "gfx906", "gfx908", "gfx90a" };

/* The first model of xcd_models that name holds as a whole word
 * ("Instinct MI300X"), or -1. Every model begins "MI3": the name is walked
 * once for that, byte by byte (a name is short, a library call per model
 * was most of a record's analysis), and the models compared where it is. */
static int model_in(const char *name)
{
	int best = -1;

	for (const char *p = name; *p; p++) {
		if (p[0] != 'M' || p[1] != 'I' || p[2] != '3' ||
		    (p != name && isalnum((unsigned char)p[-1])))
			continue;
		for (int i = 0; i < (int)(sizeof(xcd_models) / sizeof(xcd_models[0])); i++) {
			const char *m = xcd_models[i].model + 3, *q = p + 3;

			while (*m && *q == *m) {
				q++;
				m++;
			}
			if (!*m && !isalnum((unsigned char)*q) && (best < 0 || i < best))
				best = i;
		}
	}
	return best;
}

int gpu_default_xcds(const struct gpu *g)
{
	const char *t = g->arch.amd.target;
	int model;

	if (g->arch.vendor != GPU_AMD)
		return 0;
	/* one_xcd's targets all begin "gfx90" */
	if (t[0] == 'g' && t[1] == 'f' && t[2] == 'x' && t[3] == '9' && t[4] == '0')
		for (size_t i = 0; i < sizeof(one_xcd) / sizeof(one_xcd[0]); i++)
			if (strcmp(t, one_xcd[i]) == 0)
				return 1;
	if (g->stand_in)
		return 0;
	model = model_in(g->name);
	return model >= 0 ? xcd_models[model].spx : 0;
}
