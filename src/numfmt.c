/* numfmt.c - printf's integers and fixed-point numbers, quickly (numfmt.h). */
#include "config.h"

#include "numfmt.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The digits of u, most significant first; returns their count. */
static size_t digits(char *buf, uint64_t u)
{
	char tmp[24];
	size_t n = 0;

	do {
		tmp[n++] = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	for (size_t i = 0; i < n; i++)
		buf[i] = tmp[n - 1 - i];
	return n;
}

size_t numfmt_int(char *buf, int64_t v)
{
	size_t n = 0;
	uint64_t u = (uint64_t)v;

	if (v < 0) {
		buf[n++] = '-';
		u = 0 - u;  /* also right for INT64_MIN */
	}
	n += digits(buf + n, u);
	buf[n] = '\0';
	return n;
}

size_t numfmt_fixed(char *buf, double v, int decimals)
{
	static const double scale[] = { 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9 };
	double x, whole, frac;
	uint64_t n, unit;
	size_t len;

	if (decimals < 0 || decimals > 9)
		return (size_t)snprintf(buf, NUMFMT_MAX, "%.*f", decimals < 0 ? 0 : 9, v);
	x = v * scale[decimals];
	/* Past 2^30 the product's error nears the 1e-6 margin below; negative
	 * numbers (and -0.0, which printf writes with its sign), NaN and
	 * infinities are printf's. */
	if (!(x >= 0 && x < 1073741824.0) || signbit(v))
		return (size_t)snprintf(buf, NUMFMT_MAX, "%.*f", decimals, v);
	frac = modf(x, &whole);
	/* Near a tie the product's rounding could decide it: printf looks at
	 * the exact binary value, so let it. Elsewhere the nearest integer is
	 * the same for the product and the exact value. */
	if (fabs(frac - 0.5) < 1e-6)
		return (size_t)snprintf(buf, NUMFMT_MAX, "%.*f", decimals, v);
	n = (uint64_t)whole + (frac > 0.5);
	unit = (uint64_t)scale[decimals];
	len = digits(buf, n / unit);
	if (decimals > 0) {
		uint64_t f = n % unit;

		buf[len++] = '.';
		for (int i = decimals - 1; i >= 0; i--) {
			buf[len + (size_t)i] = (char)('0' + f % 10);
			f /= 10;
		}
		len += (size_t)decimals;
	}
	buf[len] = '\0';
	return len;
}
