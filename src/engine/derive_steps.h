/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* derive_steps.h - how the engines' derivation files (derive.c, derive_amd.c)
 * write a derivation: a title, then one sentence per step. */
#ifndef OCC_DERIVE_STEPS_H
#define OCC_DERIVE_STEPS_H

#include <stddef.h>
#include <stdint.h>

#include "derive.h"

/* d emptied, with value and a title. */
__attribute__((format(printf, 3, 4)))
void derive_start(struct derivation *d, int64_t value, const char *fmt, ...);
/* Appends one sentence; sentences past DERIVE_MAX_STEPS are dropped (the
 * derivations never need that many: tests check they stay under it). */
__attribute__((format(printf, 2, 3)))
void derive_step(struct derivation *d, const char *fmt, ...);
/* The derivation of factor f started, titled with its label starting a
 * sentence ("VGPRs", "Shared memory"), which label gets. */
void derive_limit_start(const struct occ_result *r, enum occ_factor f, char *label, size_t size,
			struct derivation *d);

#endif
