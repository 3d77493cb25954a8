/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* numfmt.h - numbers as text for the outputs, exactly as printf writes
 * them ("%lld", "%.*f") but without printf's machinery: --format csv and
 * json write a dozen numbers per kernel, and printf was most of their time.
 * Tests compare both with snprintf over millions of values. */
#ifndef OCC_NUMFMT_H
#define OCC_NUMFMT_H

#include <stddef.h>
#include <stdint.h>

/* Room any result below needs, the terminating NUL included. */
#define NUMFMT_MAX 330  /* "%.9f" of DBL_MAX: 309 digits, a point, 9 decimals */

/* v as "%lld" writes it into buf (NUMFMT_MAX bytes); returns the length. */
size_t numfmt_int(char *buf, int64_t v);
/* u as "%llu" writes it, the same way. */
size_t numfmt_uint(char *buf, uint64_t u);
/* v as "%.*f" with decimals (0 to 9) writes it into buf (NUMFMT_MAX
 * bytes); returns the length. Values printf would round at a tie, and
 * values too large for the quick way, go through snprintf itself. */
size_t numfmt_fixed(char *buf, double v, int decimals);

/* v as "%.*g" with precision (1 to 10) writes it into buf (NUMFMT_MAX
 * bytes); returns the length. Quick for positive values from 1e-4 to
 * 1e10 (the fixed notation); everything else, and near-ties, through
 * snprintf itself. */
size_t numfmt_general(char *buf, double v, int precision);

#endif
