/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_numfmt.c - numfmt writes what snprintf writes: integers at their
 * limits, and fixed-point and %g numbers at every precision on
 * ties, near-ties, powers of ten, the occupancy figures' own values
 * (quotients of warps) and millions of random doubles. */
#include "config.h"

#include <check.h>
#include <float.h>
#include <inttypes.h>
#include <limits.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numfmt.h"
#include "strfmt.h"
#include "testutil.h"
#include "expect.h"

static void same_int(int64_t v)
{
	char want[NUMFMT_MAX], got[NUMFMT_MAX], at[NUMFMT_MAX];
	size_t n = numfmt_int(got, v);
	char *end = numfmt_int_at(at, v);

	snprintf(want, sizeof(want), "%" PRId64, v);
	EXPECT(strcmp(got, want) == 0, "%s, want %s", got, want);
	EXPECT_UINT(n, ==, strlen(want));
	/* the inline way, its pair table to 9999 and the call past it */
	EXPECT_UINT((size_t)(end - at), ==, strlen(want));
	EXPECT(memcmp(at, want, strlen(want)) == 0, "%.*s, want %s", (int)(end - at), at, want);
}

/* fn(v, digits) writes what printf writes with fmt ("%.*f" or "%.*g"). */
static void same_as_printf(size_t (*fn)(char *, double, int), const char *fmt, double v,
			   int digits)
{
	char want[NUMFMT_MAX], got[NUMFMT_MAX];
	size_t n = fn(got, v, digits);

	snprintf(want, sizeof(want), fmt, digits, v);
	EXPECT(strcmp(got, want) == 0, "%.17g as %s with %d: %s, want %s", v, fmt, digits,
		      got, want);
	EXPECT_UINT(n, ==, strlen(want));
}

static void same_fixed(double v, int d)
{
	char want[NUMFMT_MAX], at[NUMFMT_MAX];
	size_t n = numfmt_fixed(want, v, d);
	char *end = numfmt_fixed_at(at, v, d);

	same_as_printf(numfmt_fixed, "%.*f", v, d);
	/* the inline way (0, 2 and 4 decimals below 10^7) writes the same */
	EXPECT_UINT((size_t)(end - at), ==, n);
	EXPECT(memcmp(at, want, n) == 0, "%.17g with %d: %.*s, want %s", v, d, (int)(end - at), at,
	       want);
}

static void same_general(double v, int p)
{
	same_as_printf(numfmt_general, "%.*g", v, p);
}

START_TEST(integers)
{
	const int64_t v[] = { 0, 1, -1, 9, 10, 99, 100, 65536, -65536, 1234567890123LL,
			      INT64_MAX, INT64_MIN, INT64_MIN + 1 };

	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		same_int(v[i]);
	for (int64_t k = -1000; k <= 20000; k++)
		same_int(k);
	/* numfmt_int_at's inline way to 10^8: 4 and 4 digits, the first
	 * without leading zeros, and past it */
	for (int64_t k = 0; k < 200000000; k += 9973) {
		same_int(k);
		same_int(k + 10000 - k % 10000);
		same_int(k - k % 10000);
	}
	for (int64_t p = 1; p < INT64_MAX / 10; p *= 10) {
		same_int(p - 1);
		same_int(p);
		same_int(-p);
	}
	/* numfmt_uint at every count of digits, to the largest */
	for (uint64_t p = 1;; p *= 10) {
		const uint64_t u[] = { p - 1, p, p + 1, UINT64_MAX };

		for (size_t i = 0; i < sizeof(u) / sizeof(u[0]); i++) {
			char want[NUMFMT_MAX], got[NUMFMT_MAX];
			size_t n = numfmt_uint(got, u[i]);

			snprintf(want, sizeof(want), "%" PRIu64, u[i]);
			EXPECT(strcmp(got, want) == 0, "%s, want %s", got, want);
			EXPECT_UINT(n, ==, strlen(want));
		}
		if (p > UINT64_MAX / 10)
			break;
	}
}
END_TEST

START_TEST(fixed_special)
{
	const double v[] = { 0.0, -0.0, 0.5, 1.5, 2.5, 0.125, 0.375, 1.005, 2.675, 0.045,
			     99.995, 100.0, 12.345, 0.0049999999999999, 1e-300, 5e-324,
			     1073741823.5, 1073741824.0, 1e15, 1e300, DBL_MAX, -1.25, -0.001,
			     NAN, INFINITY, -INFINITY };

	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		for (int d = 0; d <= 9; d++)
			same_fixed(v[i], d);
		for (int p = 1; p <= 10; p++)
			same_general(v[i], p);
	}
	/* powers of ten and their neighbours, where %g's exponent turns */
	for (int e = -6; e <= 11; e++) {
		double t = pow(10.0, e);
		for (int p = 1; p <= 10; p++) {
			same_general(t, p);
			same_general(nextafter(t, 0), p);
			same_general(nextafter(t, INFINITY), p);
			same_general(t * (1 - 0.5 * pow(10.0, -p)), p);
			same_general(t * (1 - 0.49 * pow(10.0, -p)), p);
			/* within and about the band where the digits are taken
			 * to be the power's own (0.1, 0.01 as a double) */
			for (int k = -30; k <= 30; k++)
				same_general(t * (1 + k * 1e-13), p);
			/* whole numbers about it: %g's digits alone, or rounded */
			same_general(t - 1, p);
			same_general(t + 1, p);
			same_general(3 * t + 7, p);
		}
	}
	for (int v = 1; v < 200000; v += 7)
		same_general(v, 1 + v % 10);
	/* short decimals (62.5, 0.16, 12.75), of one to four decimals, at
	 * every precision: as many digits as it has, fewer and more */
	for (int m = 1; m < 300000; m += 13)
		for (int k = 1; k <= 4; k++) {
			double v = m / pow(10.0, k);

			same_general(v, 1 + (m + k) % 10);
			same_general(v, 10);
			same_general(v * (1 + 1e-15), 10);
		}
}
END_TEST

/* What the outputs print: occupancy as a share of warps, waves as blocks
 * over a wave, percentages of durations. */
START_TEST(fixed_quotients)
{
	for (int den = 1; den <= 128; den++)
		for (int num = 0; num <= 4 * den; num++) {
			same_fixed(100.0 * num / den, 2);
			same_fixed((double)num / den, 4);
			same_fixed((double)num / den, 2);
			same_general(100.0 * num / den, 10);
			same_general((double)num / den, 10);
		}
}
END_TEST

/* Exact ties at each count of decimals (3.125 at two, 6.25 at one: the
 * occupancy of 1/32 and 1/16 of the warps), which printf rounds to the
 * even digit, and the doubles either side of them, which it does not:
 * numfmt decides them on the exact value, without printf. */
START_TEST(fixed_ties)
{
	for (int d = 0; d <= 9; d++) {
		double unit = pow(10.0, -d);

		for (int j = 1; j <= 40; j++)
			for (int k = 0; k < 3000; k += 1 + k / 50) {
				/* (k + 1/2) units, and a binary fraction near it */
				double t = (k + 0.5) * unit;
				double b = ldexp(floor(ldexp(t, j)), -j);

				same_fixed(t, d);
				same_fixed(b, d);
				same_fixed(nextafter(b, 0), d);
				same_fixed(nextafter(b, INFINITY), d);
			}
	}
	/* the ties the outputs meet: percentages of warps in powers of two */
	for (int den = 2; den <= 4096; den *= 2)
		for (int num = 0; num <= den; num++)
			for (int d = 0; d <= 4; d++) {
				same_fixed(100.0 * num / den, d);
				same_fixed((double)num / den, d);
				same_fixed(1e6 + (double)num / den, d);
			}
}
END_TEST

/* Random doubles of every magnitude the outputs meet, and exact ties of
 * binary fractions, at each precision. */
START_TEST(random_values)
{
	uint64_t s = 0x9E3779B97F4A7C15ull;

	for (int i = 0; i < 500000; i++) {
		double v;

		s ^= s << 13;
		s ^= s >> 7;
		s ^= s << 17;
		v = (double)(s >> 11) / 9007199254740992.0 * pow(10.0, (double)(i % 12) - 3);
		same_fixed(v, i % 5);
		same_general(v, 1 + i % 10);
		same_general(-v, 1 + i % 10);
		if (i % 4 == 0) {
			double tie = ldexp((double)(s % 4096), -(int)(s % 12));
			same_fixed(tie, (int)(s >> 60) % 10);
			same_general(tie, 1 + (int)(s >> 59) % 10);
		}
	}
}
END_TEST

/* strfmt writes what snprintf writes, and returns what it returns, at
 * every buffer size from 0 up: the formats of the findings and the table
 * cells, and ones it hands to vsnprintf whole. */
#define SAME_FORMAT(...)                                                           \
	do {                                                                       \
		char want_[512], got_[512];                                        \
		int wn_ = snprintf(want_, sizeof(want_), __VA_ARGS__);             \
		for (size_t size_ = 0; size_ <= (size_t)wn_ + 1; size_++) {        \
			memset(got_, 'x', sizeof(got_));                           \
			memset(want_, 'x', sizeof(want_));                         \
			wn_ = snprintf(want_, size_, __VA_ARGS__);                 \
			int gn_ = strfmt(got_, size_, __VA_ARGS__);                \
			EXPECT_INT(gn_, ==, wn_);                                  \
			EXPECT(memcmp(got_, want_, sizeof(got_)) == 0,            \
			       "size %zu: \"%.*s\", want \"%.*s\"", size_,          \
			       (int)size_, got_, (int)size_, want_);                \
		}                                                                  \
	} while (0)

START_TEST(strfmt_same_as_snprintf)
{
	const char *volatile null = NULL;  /* volatile: no compile-time warning */

	SAME_FORMAT("plain text, no conversion");
	SAME_FORMAT("%s", "");
	SAME_FORMAT("The grid has %lld %s, %.1f%% of one wave (%d %s x %d %s = %lld). With ",
		    1234567LL, "blocks", 37.25, 4, "blocks", 132, "SMs", -528LL);
	SAME_FORMAT("%d threads per block make %d warps of %d, the last with %d idle lanes: "
		    "%.1f%% of the", 100, 4, 32, 28, 21.875);
	SAME_FORMAT(" %c%s allow%s %d block%s per SM.", 'R', "egisters", "", 1, "");
	SAME_FORMAT("%.2f %.0f %.0f %.2f %f %.9f", 0.005, 0.5, 1.5, -2.345, 3.0, 1.0 / 3.0);
	SAME_FORMAT("%.1f %.1f %.1f %.1f", 1e300, -0.0, 0.05, 12345678901.25);
	SAME_FORMAT("%d %d %i %u %u", INT_MIN, INT_MAX, -7, 0u, UINT_MAX);
	SAME_FORMAT("%ld %lu %lld %llu %zu %jd", LONG_MIN, ULONG_MAX, LLONG_MIN, ULLONG_MAX,
		    (size_t)-1, (intmax_t)-42);
	SAME_FORMAT("%hd %hhd %hu %hhu", (short)-30000, (signed char)-100, (unsigned short)60000,
		    (unsigned char)200);
	SAME_FORMAT("%.3s|%.0s|%.10s|%s", "abcdef", "abc", "ab", "\xc3\xa9t\xc3\xa9");
	SAME_FORMAT("%s|%.3s|%.6s", null, null, null);
	SAME_FORMAT("%%%d%%", 100);
	/* Handed to vsnprintf: width, flags, other conversions, long doubles. */
	SAME_FORMAT("%5d|%-4s|%+d|%x|%g|%e|%.12f|%Lf|%*d|%.*f|%p", 3, "ab", 4, 255u, 0.1,
		    2.5, 0.1, 1.5L, 3, 7, 2, 1.25, (void *)0);
	SAME_FORMAT("%.2d", 5);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("numfmt");
	TCase *tc = tcase_create("numfmt");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, integers);
	tcase_add_test(tc, fixed_special);
	tcase_add_test(tc, fixed_quotients);
	tcase_add_test(tc, fixed_ties);
	tcase_add_test(tc, random_values);
	tcase_add_test(tc, strfmt_same_as_snprintf);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
