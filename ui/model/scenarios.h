/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* scenarios.h - named what-if launches (S names the current one, ' flips
 * between them), for teaching: "the baseline", "64 registers", "one more
 * block". Written into the launch file s saves, as [scenario NAME] sections.
 * Pure: the launches are copies; the GPU goes by the launch's gpu_name. */
#ifndef OCC_SCENARIOS_H
#define OCC_SCENARIOS_H

#include <stdbool.h>
#include <stddef.h>

#include "launch.h"

#define SCENARIOS_MAX 16
#define SCENARIO_NAME_MAX 48

struct scenario {
	char name[SCENARIO_NAME_MAX];
	struct launch launch;
};

struct scenarios {
	struct scenario items[SCENARIOS_MAX];
	int n;
	int current;   /* the one flipped to last; -1: none */
};

void scenarios_init(struct scenarios *s);
/* Keeps l under name (blanks at the ends dropped): a scenario of that name
 * is replaced, else one is added at the end. Its index, or -1 when the name
 * is empty or all SCENARIOS_MAX are taken. */
int scenarios_put(struct scenarios *s, const char *name, const struct launch *l);
/* The scenario after the current one (the first after the last): its
 * index, made current; -1 when there are none. */
int scenarios_next(struct scenarios *s);
/* "a, [b], c": the names in order, the current one bracketed, cut to size. */
void scenarios_list(const struct scenarios *s, char *buf, size_t size);

#endif
