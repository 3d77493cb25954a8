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
#include <string.h>

/* Room any result below needs, the terminating NUL included. */
#define NUMFMT_MAX 330  /* "%.9f" of DBL_MAX: 309 digits, a point, 9 decimals */

/* v as "%lld" writes it into buf (NUMFMT_MAX bytes); returns the length. */
size_t numfmt_int(char *buf, int64_t v);
/* The digit pairs "00" to "99" (and a NUL): numfmt_int_at's table. */
extern const char numfmt_pairs[201];

/* Inline even where the compiler would rather call: a number is a few
 * moves, a call's saves and restores cost as much (jsonw.h's reason). */
#if defined(__GNUC__) || defined(__clang__)
#define NUMFMT_INLINE_ static inline __attribute__((always_inline))
#else
#define NUMFMT_INLINE_ static inline
#endif

/* v (below 10000) at p without leading zeros: a pair table's copies. */
NUMFMT_INLINE_ char *numfmt_small_at_(char *p, uint32_t v)
{
	if (v < 10) {
		*p = (char)('0' + v);
		return p + 1;
	}
	if (v < 100) {
		memcpy(p, numfmt_pairs + 2 * v, 2);
		return p + 2;
	}
	{
		uint32_t hi = v / 100, lo = v % 100;

		if (hi < 10) {
			*p = (char)('0' + hi);
			memcpy(p + 1, numfmt_pairs + 2 * lo, 2);
			return p + 3;
		}
		memcpy(p, numfmt_pairs + 2 * hi, 2);
		memcpy(p + 2, numfmt_pairs + 2 * lo, 2);
		return p + 4;
	}
}

/* v as "%lld" writes it at p (NUMFMT_MAX bytes of room, no NUL); returns
 * the end. Inline below 10^8, a pair table's copies (the counts, sizes
 * and limits a report is made of: 65536 bytes, a grid of 32768);
 * numfmt_int past that. */
NUMFMT_INLINE_ char *numfmt_int_at(char *p, int64_t v)
{
	if (v >= 0 && v < 10000)
		return numfmt_small_at_(p, (uint32_t)v);
	if (v >= 10000 && v < 100000000) {
		uint32_t hi = (uint32_t)v / 10000, lo = (uint32_t)v % 10000;

		p = numfmt_small_at_(p, hi);
		memcpy(p, numfmt_pairs + 2 * (lo / 100), 2);
		memcpy(p + 2, numfmt_pairs + 2 * (lo % 100), 2);
		return p + 4;
	}
	return p + numfmt_int(p, v);
}

/* u as "%llu" writes it, the same way. */
size_t numfmt_uint(char *buf, uint64_t u);
/* v as "%.*f" with decimals (0 to 9) writes it into buf (NUMFMT_MAX
 * bytes); returns the length. Values printf would round at a tie, and
 * values too large for the quick way, go through snprintf itself. */
size_t numfmt_fixed(char *buf, double v, int decimals);

/* v as numfmt_fixed writes it at p (NUMFMT_MAX bytes of room, no NUL);
 * returns the end. Inline for 0, 2 and 4 decimals (durations,
 * percentages, waves: the CSV's every real) of values from 0 to 2^30
 * units of the last decimal, away from a tie; numfmt_fixed for the
 * rest. */
NUMFMT_INLINE_ char *numfmt_fixed_at(char *p, double v, int decimals)
{
	uint64_t bits, n, unit;
	double x, frac;

	memcpy(&bits, &v, sizeof(bits));
	if ((decimals != 0 && decimals != 2 && decimals != 4) || (bits >> 63))
		return p + numfmt_fixed(p, v, decimals);
	unit = decimals == 0 ? 1 : decimals == 2 ? 100 : 10000;
	x = v * (double)unit;
	/* numfmt_fixed's bound: below 2^30 the product's error is far inside
	 * the margin below (NaN fails the comparison; -0.0 and negative
	 * values, their sign bit above) */
	if (!(x < 1073741824.0))
		return p + numfmt_fixed(p, v, decimals);
	n = (uint64_t)x;
	frac = x - (double)n;
	/* numfmt_fixed's margin: within it the exact value decides */
	if (frac - 0.5 < 1e-6 && 0.5 - frac < 1e-6)
		return p + numfmt_fixed(p, v, decimals);
	n += frac > 0.5;
	if (decimals == 0)
		return numfmt_int_at(p, (int64_t)n);
	if (decimals == 2) {
		p = numfmt_int_at(p, (int64_t)(n / 100));
		*p = '.';
		memcpy(p + 1, numfmt_pairs + 2 * (n % 100), 2);
		return p + 3;
	}
	p = numfmt_int_at(p, (int64_t)(n / 10000));
	*p = '.';
	memcpy(p + 1, numfmt_pairs + 2 * (n % 10000 / 100), 2);
	memcpy(p + 3, numfmt_pairs + 2 * (n % 100), 2);
	return p + 5;
}

/* v as "%.*g" with precision (1 to 10) writes it into buf (NUMFMT_MAX
 * bytes); returns the length. Quick for positive values from 1e-4 to
 * 1e10 (the fixed notation); everything else, and near-ties, through
 * snprintf itself. */
size_t numfmt_general(char *buf, double v, int precision);

#endif
