/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_checked.c - checked_round and checked_mul at the edges a crafted
 * report reaches: 1e19 bytes of shared memory, a grid of 2^63 - 1 x 2. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdint.h>

#include "checked.h"
#include "testutil.h"

START_TEST(round_in_range)
{
	int64_t v = -1;

	/* nvprof's Static SMem in KB: 0.015625 KB = 16 B, as the importer scales it */
	ck_assert(checked_round(0.015625 * 1024, 0, INT64_MAX, &v));
	ck_assert_int_eq(v, 16);
	ck_assert(checked_round(2.5, 0, 10, &v));
	ck_assert_int_eq(v, 3);
	ck_assert(checked_round(-2.5, -10, 10, &v));
	ck_assert_int_eq(v, -3);
	/* the largest double below 2^63 converts exactly */
	ck_assert(checked_round(9223372036854774784.0, 0, INT64_MAX, &v));
	ck_assert_int_eq(v, INT64_C(9223372036854774784));
}
END_TEST

START_TEST(round_refused)
{
	int64_t v = 7;

	/* issue 25: 1e19 B in an nvprof trace; a cast made it INT64_MIN */
	ck_assert(!checked_round(1e19, 0, INT64_MAX, &v));
	/* 2^63 itself, which INT64_MAX becomes as a double */
	ck_assert(!checked_round((double)INT64_MAX, 0, INT64_MAX, &v));
	ck_assert(!checked_round(-9223372036854777856.0, INT64_MIN, INT64_MAX, &v));
	ck_assert(!checked_round(NAN, 0, 100, &v));
	ck_assert(!checked_round(INFINITY, 0, INT64_MAX, &v));
	ck_assert(!checked_round(-1.0, 0, 100, &v));
	ck_assert(!checked_round(100.6, 0, 100, &v));
	ck_assert_int_eq(v, 7);
}
END_TEST

START_TEST(products)
{
	bool sat = false;

	ck_assert_int_eq(checked_dims(256, 1, 1, &sat), 256);
	ck_assert_int_eq(checked_dims(65535, 65535, 64, &sat), INT64_C(274869518400));
	ck_assert(!sat);
	/* issue 25: a grid of 9223372036854775807 x 2 */
	ck_assert_int_eq(checked_dims(INT64_MAX, 2, 1, &sat), INT64_MAX);
	ck_assert(sat);
	sat = false;
	ck_assert_int_eq(checked_dims(INT64_C(3037000500), INT64_C(3037000500), 1, &sat),
			 INT64_MAX);
	ck_assert(sat);
	sat = false;
	ck_assert_int_eq(checked_dims(INT64_C(3037000499), INT64_C(3037000499), 1, &sat),
			 INT64_C(9223372030926249001));
	ck_assert(!sat);
	ck_assert_int_eq(checked_mul(INT64_MIN, -1, &sat), INT64_MAX);
	ck_assert_int_eq(checked_mul(INT64_MAX, -2, NULL), INT64_MIN);
	ck_assert_int_eq(checked_dims(-5, 2, 2, NULL), 0);
	/* static + dynamic shared memory, each at the most a report can hold */
	sat = false;
	ck_assert_int_eq(checked_add(INT64_MAX, 1, &sat), INT64_MAX);
	ck_assert(sat);
	ck_assert_int_eq(checked_add(INT64_MIN, -1, NULL), INT64_MIN);
	ck_assert_int_eq(checked_add(48 * 1024, 16, NULL), 49168);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("checked");
	TCase *tc = tcase_create("checked");

	tcase_add_test(tc, round_in_range);
	tcase_add_test(tc, round_refused);
	tcase_add_test(tc, products);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
