/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* launch.c - one kernel launch: defaults, value parsing and checks against a GPU. */
#include "config.h"

#include "launch.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "checked.h"
#include "strutil.h"

/* The embedded default: a current data-centre GPU, a common block shape, and a
 * grid of one and a half waves (132 SMs x 8 blocks x 1.5), so the tail shows. */
#define DEFAULT_GPU "H100 SXM"
#define DEFAULT_GRID 1584

void launch_init(struct launch *l)
{
	launch_init_unnamed(l);
	str_copy(l->kernel, sizeof(l->kernel), "default");
	str_copy(l->gpu_name, sizeof(l->gpu_name), DEFAULT_GPU);
}

void launch_init_unnamed(struct launch *l)
{
	memset(l, 0, sizeof(*l));
	l->grid[0] = DEFAULT_GRID;
	l->grid[1] = l->grid[2] = 1;
	l->block[0] = 256;
	l->block[1] = l->block[2] = 1;
	l->regs_per_thread = 32;
	l->carveout_pct = LAUNCH_CARVEOUT_DEFAULT;
	l->barriers = 1;
}

int64_t launch_grid_size(const struct launch *l)
{
	/* Saturates: launch_check refuses grids past CUDA's limits, but this is
	 * also asked of launches not checked yet. */
	return checked_dims(l->grid[0], l->grid[1], l->grid[2], NULL);
}

int launch_threads_per_block(const struct launch *l)
{
	int64_t n = checked_dims(l->block[0], l->block[1], l->block[2], NULL);

	return n > INT32_MAX ? INT32_MAX : (int)n;
}

bool launch_grid_checks_pass(const struct launch *l)
{
	int64_t n = launch_grid_size(l);

	/* check_common's first two, and check_cluster's last (every family's
	 * where a cluster is: one with none checks no more) */
	return n >= 1 && l->grid[1] <= LAUNCH_GRID_YZ_MAX && l->grid[2] <= LAUNCH_GRID_YZ_MAX &&
	       (l->cluster_size <= 0 || n % l->cluster_size == 0);
}

int64_t launch_smem_per_block_bytes(const struct launch *l)
{
	return checked_add(l->static_smem_bytes, l->dynamic_smem_bytes, NULL);
}

static void shown(const char *text, char *buf, size_t size)
{
	char cut[64];
	str_copy(cut, sizeof(cut), text);
	str_sanitize(cut, buf, size);
}

/* Strict decimal with optional thousands separators ("16,384" as profilers
 * write): 1 with *out set, 0 for text that is no whole number, -1 for one
 * that no int64_t holds, which is out of range, not bad text. */
static int parse_number(const char *s, int64_t *out)
{
	int64_t v = 0;
	int digits = 0;
	bool over = false;

	while (isspace((unsigned char)*s))
		s++;
	if (*s == '+')
		s++;
	for (; *s; s++) {
		if (*s == ',' && digits > 0 && isdigit((unsigned char)s[1]))
			continue;
		if (!isdigit((unsigned char)*s))
			break;
		if (v > (INT64_MAX - (*s - '0')) / 10)
			over = true;
		else
			v = v * 10 + (*s - '0');
		digits++;
	}
	while (isspace((unsigned char)*s))
		s++;
	if (!digits || *s)
		return 0;
	if (over)
		return -1;
	*out = v;
	return 1;
}

bool launch_parse_int(const char *text, int64_t min, int64_t max, int64_t *out,
		      const char *file, long line, const char *what, struct occ_error *err)
{
	char buf[260];
	int64_t v;
	const char *p = text;

	while (isspace((unsigned char)*p))
		p++;
	if (*p == '-') {
		int64_t neg = 0;
		int k = parse_number(p + 1, &neg);

		if (k < 0 || (k > 0 && neg > 0)) {
			shown(p + 1, buf, sizeof(buf));
			occ_error_set(err, file ? OCC_EDATA : OCC_EUSAGE, file, line, what,
				      "must not be negative (got -%s)", str_trim(buf));
			return false;
		}
	}
	switch (parse_number(text, &v)) {
	case 0:
		shown(text, buf, sizeof(buf));
		occ_error_set(err, file ? OCC_EDATA : OCC_EUSAGE, file, line, what,
			      "expected a whole number, got \"%s\"", buf);
		return false;
	case -1:
		shown(p, buf, sizeof(buf));
		occ_error_set(err, file ? OCC_EDATA : OCC_EUSAGE, file, line, what,
			      "%s is out of range (%lld to %lld)", str_trim(buf), (long long)min,
			      (long long)max);
		return false;
	}
	if (v < min || v > max) {
		occ_error_set(err, file ? OCC_EDATA : OCC_EUSAGE, file, line, what,
			      "%lld is out of range (%lld to %lld)", (long long)v,
			      (long long)min, (long long)max);
		return false;
	}
	*out = v;
	return true;
}

bool launch_parse_dim3(const char *text, int64_t max_each, int64_t out[3],
		       const char *file, long line, const char *what, struct occ_error *err)
{
	char buf[128], *parts[3];
	size_t n = 0;
	char *p, *start;

	if (!str_copy(buf, sizeof(buf), text)) {
		occ_error_set(err, file ? OCC_EDATA : OCC_EUSAGE, file, line, what, "value too long");
		return false;
	}
	p = str_trim(buf);
	/* "(16, 4, 2)" as Nsight Compute writes it. */
	if (*p == '(' && p[strlen(p) - 1] == ')') {
		p[strlen(p) - 1] = '\0';
		p++;
	}
	/* Split on x, X or commas; every part must hold a number. */
	for (start = p;; p++) {
		bool end = *p == '\0';
		if (!end && *p != 'x' && *p != 'X' && *p != ',')
			continue;
		*p = '\0';
		if (n == 3 || !*str_trim(start)) {
			char shown_buf[260];
			shown(text, shown_buf, sizeof(shown_buf));
			occ_error_set(err, file ? OCC_EDATA : OCC_EUSAGE, file, line, what,
				      "expected N or XxYxZ, got \"%s\"", shown_buf);
			return false;
		}
		parts[n++] = start;
		if (end)
			break;
		start = p + 1;
	}
	out[0] = out[1] = out[2] = 1;
	for (size_t i = 0; i < n; i++)
		if (!launch_parse_int(parts[i], 1, max_each, &out[i], file, line, what, err))
			return false;
	return true;
}

bool launch_parse_size(const char *text, int64_t *out, const char *file, long line,
		       const char *what, struct occ_error *err)
{
	static const struct { const char *suffix; int64_t scale; } units[] = {
		{ "KiB", 1024 }, { "KB", 1024 }, { "K", 1024 },
		{ "MiB", 1 << 20 }, { "MB", 1 << 20 }, { "M", 1 << 20 },
		{ "B", 1 },
	};
	char buf[64];
	int64_t v, scale = 1;
	size_t len;

	if (!str_copy(buf, sizeof(buf), text)) {
		occ_error_set(err, file ? OCC_EDATA : OCC_EUSAGE, file, line, what, "value too long");
		return false;
	}
	str_trim(buf);
	len = strlen(buf);
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		size_t ls = strlen(units[i].suffix);
		if (len > ls && strcasecmp(buf + len - ls, units[i].suffix) == 0) {
			buf[len - ls] = '\0';
			scale = units[i].scale;
			break;
		}
	}
	if (!launch_parse_int(buf, 0, INT64_MAX / (1 << 20), &v, file, line, what, err))
		return false;
	*out = v * scale;
	return true;
}

bool launch_parse_carveout(const char *text, int *out, const char *file, long line,
			   const char *what, struct occ_error *err)
{
	char buf[32];
	int64_t v;

	str_copy(buf, sizeof(buf), text);
	str_trim(buf);
	if (!buf[0] || strcasecmp(buf, "default") == 0) {
		*out = LAUNCH_CARVEOUT_DEFAULT;
		return true;
	}
	if (buf[strlen(buf) - 1] == '%')
		buf[strlen(buf) - 1] = '\0';
	if (!launch_parse_int(buf, 0, 100, &v, file, line, what, err))
		return false;
	*out = (int)v;
	return true;
}

static const char *const cache_names[LAUNCH_CACHE_N] = { "none", "shared", "l1", "equal" };

const char *launch_cache_config_name(int cache_config)
{
	return cache_config >= 0 && cache_config < LAUNCH_CACHE_N ? cache_names[cache_config] : "?";
}

bool launch_parse_cache_config(const char *text, int *out, const char *file, long line,
			       const char *what, struct occ_error *err)
{
	char buf[48];
	const char *p;

	str_copy(buf, sizeof(buf), text);
	str_trim(buf);
	p = buf;
	if (strncasecmp(p, "cudaFuncCache", 13) == 0)
		p += 13;
	if (strncasecmp(p, "prefer", 6) == 0)
		p += 6 + (p[6] == '_' || p[6] == '-');
	if (!*p || strcasecmp(p, "default") == 0) {
		*out = LAUNCH_CACHE_NONE;
		return true;
	}
	for (int i = 0; i < LAUNCH_CACHE_N; i++) {
		if (strcasecmp(p, cache_names[i]) == 0) {
			*out = i;
			return true;
		}
	}
	occ_error_set(err, file ? OCC_EDATA : OCC_EUSAGE, file, line, what,
		      "expected none, shared, l1 or equal, got \"%.40s\"", buf);
	return false;
}
