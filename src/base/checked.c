/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* checked.c - range-checked double-to-integer conversion and products. */
#include "config.h"

#include "checked.h"

#include <math.h>

bool checked_round(double d, int64_t lo, int64_t hi, int64_t *out)
{
	double r;

	if (!isfinite(d))
		return false;
	r = round(d);
	/* 2^63 is exact as a double; INT64_MAX is not (it rounds up to 2^63),
	 * so the upper test is >= 2^63. */
	if (r < -9223372036854775808.0 || r >= 9223372036854775808.0)
		return false;
	if ((int64_t)r < lo || (int64_t)r > hi)
		return false;
	*out = (int64_t)r;
	return true;
}

int64_t checked_mul(int64_t a, int64_t b, bool *saturated)
{
	int64_t p;

	if (!__builtin_mul_overflow(a, b, &p))
		return p;
	if (saturated)
		*saturated = true;
	return (a < 0) != (b < 0) ? INT64_MIN : INT64_MAX;
}

int64_t checked_dims(int64_t x, int64_t y, int64_t z, bool *saturated)
{
	return checked_mul(checked_mul(x > 0 ? x : 0, y > 0 ? y : 0, saturated), z > 0 ? z : 0,
			   saturated);
}

int64_t checked_add(int64_t a, int64_t b, bool *saturated)
{
	int64_t s;

	if (!__builtin_add_overflow(a, b, &s))
		return s;
	if (saturated)
		*saturated = true;
	return a < 0 ? INT64_MIN : INT64_MAX;
}
