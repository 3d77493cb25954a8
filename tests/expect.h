/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* expect.h - checks for hot loops. Each ck_assert marks a point for Check
 * (a write to its pipe when it forks, a call otherwise): millions of them in
 * the sweeps of test_occupancy, test_layout, test_canvas and test_numfmt
 * cost seconds of system time. These cost a comparison until one fails,
 * and then say what ck_assert says: the expression and both values. */
#ifndef OCC_EXPECT_H
#define OCC_EXPECT_H

#include <check.h>
#include <stdint.h>

#define EXPECT(cond, ...) do { if (!(cond)) ck_abort_msg(__VA_ARGS__); } while (0)
#define EXPECT_TRUE(cond) EXPECT(cond, "Assertion '%s' failed", #cond)
#define EXPECT_INT(a, op, b) do { \
	intmax_t a_ = (a), b_ = (b); \
	EXPECT(a_ op b_, "Assertion '%s %s %s' failed: %s == %jd, %s == %jd", \
	       #a, #op, #b, #a, a_, #b, b_); \
} while (0)
#define EXPECT_UINT(a, op, b) do { \
	uintmax_t a_ = (a), b_ = (b); \
	EXPECT(a_ op b_, "Assertion '%s %s %s' failed: %s == %ju, %s == %ju", \
	       #a, #op, #b, #a, a_, #b, b_); \
} while (0)

#endif
