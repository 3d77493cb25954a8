/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* checked.h - the one way a double becomes an integer and dimensions are
 * multiplied: range-checked, so a crafted value is refused or saturated,
 * never undefined behaviour. */
#ifndef OCC_CHECKED_H
#define OCC_CHECKED_H

#include <stdbool.h>
#include <stdint.h>

/* d rounded to the nearest integer (halves away from zero) into *out when
 * that is inside [lo, hi]; false (and *out untouched) for NaN, an infinity
 * or a value outside, which a cast would make undefined or wrong. */
bool checked_round(double d, int64_t lo, int64_t hi, int64_t *out);
/* a * b; INT64_MAX or INT64_MIN (by the product's sign) when it overflows,
 * and *saturated (if not NULL) set true. */
int64_t checked_mul(int64_t a, int64_t b, bool *saturated);
/* a + b, saturated as checked_mul. */
int64_t checked_add(int64_t a, int64_t b, bool *saturated);
/* x * y * z of three dimensions, each >= 0 (a negative one counts as 0):
 * saturated at INT64_MAX as checked_mul. */
int64_t checked_dims(int64_t x, int64_t y, int64_t z, bool *saturated);

#endif
