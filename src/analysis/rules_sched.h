/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* rules_sched.h - the findings of the scheduling model (sched.h): cluster
 * occupancy below 100 % and a launch restricted to a partition. */
#ifndef OCC_RULES_SCHED_H
#define OCC_RULES_SCHED_H

#include "rules.h"

struct rules_sink;

/* Adds to s (rules_sink.h), as room allows:
 *  - "cluster_cannot_run" (error): no GPC holds one cluster: nothing runs;
 *  - "cluster_occupancy" (warning): the launch's clusters leave block slots
 *    unused: which GPCs (where the layout is known) or the bounds, and the
 *    largest smaller cluster size that fills every SM and divides the grid;
 *  - "partition" (info): the launch may use N of the GPU's units (--sms):
 *    waves, tail and per-unit figures are of those N.
 * ri->sched must be set. */
void rules_sched(struct rules_sink *s, const struct rules_input *ri);

#endif
