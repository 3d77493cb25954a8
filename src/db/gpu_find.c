/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* gpu_find.c - which device a user means by what they type: a compute
 * capability or gfx target exactly, a device's name or alias, or whole words
 * of one; and when none, a message saying what the database has instead.
 * Nothing here guesses: a query that could mean more than one thing fails. */
#include "config.h"

#include "gpu.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gpu_rows.h"
#include "strutil.h"

/* ---- what a query looks like ------------------------------------------- */

enum query_kind {
	QUERY_NAME,    /* a device's name, alias or words of one */
	QUERY_CC,      /* a compute capability */
	QUERY_TARGET,  /* an AMD gfx target */
	QUERY_BAD_CC,  /* spelled like a compute capability, but none */
};

/* nvcc's sm_XY and compute_XY, with the arch-specific "a" (CUDA 12) or
 * family-specific "f" (CUDA 12.9) suffix: the capability is X.Y, the last
 * digit the minor ("sm_100f" is 10.0). */
static enum query_kind parse_sm(const char *p, int *major, int *minor)
{
	char *end;
	long v;

	if (!isdigit((unsigned char)*p))
		return QUERY_BAD_CC;
	v = strtol(p, &end, 10);
	if (end - p < 2 || end - p > 3)
		return QUERY_BAD_CC;
	if (*end == 'a' || *end == 'A' || *end == 'f' || *end == 'F')
		end++;
	if (*end)
		return QUERY_BAD_CC;
	*major = (int)(v / 10);
	*minor = (int)(v % 10);
	return QUERY_CC;
}

/* Whether s consists of digits and dots only, a digit first. */
static bool digits_and_dots(const char *s)
{
	if (!isdigit((unsigned char)*s))
		return false;
	for (; *s; s++)
		if (!isdigit((unsigned char)*s) && *s != '.')
			return false;
	return true;
}

/* What q names: a compute capability as nvcc ("sm_86", "sm_90a",
 * "compute_86") and nvidia-smi --query-gpu=compute_cap ("8.6") write it, or
 * "cc 8.6"; an AMD target as rocminfo and HIP's gcnArchName write it
 * ("gfx90a", "gfx90a:sramecc+:xnack-": the features do not change the
 * target); else a name. A bare number ("86", "4090") is a name. */
static enum query_kind parse_query(const char *q, int *major, int *minor, char *target,
				   size_t size)
{
	if (strncasecmp(q, "gfx", 3) == 0 && isxdigit((unsigned char)q[3])) {
		size_t n = strcspn(q, ":");

		for (size_t i = 3; i < n; i++)
			if (!isalnum((unsigned char)q[i]))
				return QUERY_NAME;
		if (n >= size)
			return QUERY_NAME;
		for (size_t i = 0; i < n; i++)
			target[i] = (char)tolower((unsigned char)q[i]);
		target[n] = '\0';
		return QUERY_TARGET;
	}
	if (strncasecmp(q, "sm", 2) == 0 || strncasecmp(q, "compute", 7) == 0) {
		const char *p = q + (tolower((unsigned char)*q) == 's' ? 2 : 7);

		if (*p == '_')
			return parse_sm(p + 1, major, minor);
		return isdigit((unsigned char)*p) ? parse_sm(p, major, minor) : QUERY_NAME;
	}
	if (strncasecmp(q, "cc", 2) == 0) {
		const char *p = q + 2;

		if (*p == '_' || *p == ' ')
			p++;
		if (!isdigit((unsigned char)*p))
			return QUERY_NAME;
		return gpu_parse_cc(p, major, minor) ? QUERY_CC : QUERY_BAD_CC;
	}
	if (digits_and_dots(q) && strchr(q, '.'))
		return gpu_parse_cc(q, major, minor) ? QUERY_CC : QUERY_BAD_CC;
	return QUERY_NAME;
}

/* An alias that names an architecture ("sm_90", "9.0"): it says which
 * device stands for it (gpu_db_arch_device), and is no name to match. */
static bool names_arch(const char *alias)
{
	int major, minor;
	char target[16];

	return parse_query(alias, &major, &minor, target, sizeof(target)) != QUERY_NAME;
}

/* ---- names ------------------------------------------------------------- */

/* Calls fn for the name and every alias of d but those naming an
 * architecture; stops when fn returns true. */
static bool any_name(const struct device_row *d, bool (*fn)(const char *, const void *),
		     const void *arg)
{
	char buf[sizeof(d->aliases)];
	char *save = NULL;

	if (fn(d->name, arg))
		return true;
	str_copy(buf, sizeof(buf), d->aliases);
	for (char *t = strtok_r(buf, ";", &save); t; t = strtok_r(NULL, ";", &save)) {
		t = str_trim(t);
		if (!names_arch(t) && fn(t, arg))
			return true;
	}
	return false;
}

/* Whether one of d's aliases is text, ignoring case. */
static bool has_alias(const struct device_row *d, const char *text)
{
	char buf[sizeof(d->aliases)];
	char *save = NULL;

	str_copy(buf, sizeof(buf), d->aliases);
	for (char *t = strtok_r(buf, ";", &save); t; t = strtok_r(NULL, ";", &save))
		if (str_ieq(str_trim(t), text))
			return true;
	return false;
}

static bool name_equals(const char *name, const void *query)
{
	return str_ieq(name, query);
}

/* Equal ignoring case and everything but letters and digits; an empty key
 * equals nothing. */
static bool name_key_equals(const char *name, const void *query)
{
	const char *a = name, *b = query;
	bool any = false;

	for (;;) {
		while (*a && !isalnum((unsigned char)*a))
			a++;
		while (*b && !isalnum((unsigned char)*b))
			b++;
		if (!*a || !*b)
			return !*a && !*b && any;
		if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
			return false;
		any = true;
		a++;
		b++;
	}
}

static bool name_contains(const char *name, const void *query)
{
	const char *q = query;
	size_t lq = strlen(q);

	for (const char *p = name; *p; p++)
		if (strncasecmp(p, q, lq) == 0)
			return true;
	return false;
}

/* The words of a name: runs of letters and digits ("A100-SXM4-40GB" is
 * A100, SXM4, 40GB). */
enum { MAX_WORDS = 32 };
struct words {
	int n;
	const char *at[MAX_WORDS];
	size_t len[MAX_WORDS];
};

static void split_words(const char *s, struct words *w)
{
	w->n = 0;
	while (*s && w->n < MAX_WORDS) {
		const char *start;

		while (*s && !isalnum((unsigned char)*s))
			s++;
		if (!*s)
			break;
		start = s;
		while (isalnum((unsigned char)*s))
			s++;
		w->at[w->n] = start;
		w->len[w->n++] = (size_t)(s - start);
	}
}

/* Whether the query's words (a struct words) are whole words of name, in a
 * row: "RTX 4060 Ti" of "NVIDIA GeForce RTX 4060 Ti", never "A10" of "A100". */
static bool name_has_words(const char *name, const void *query_words)
{
	const struct words *q = query_words;
	struct words n;

	split_words(name, &n);
	for (int i = 0; q->n > 0 && i + q->n <= n.n; i++) {
		int j = 0;

		while (j < q->n && n.len[i + j] == q->len[j] &&
		       strncasecmp(n.at[i + j], q->at[j], q->len[j]) == 0)
			j++;
		if (j == q->n)
			return true;
	}
	return false;
}

/* The first row with a name or alias for which fn is true of query. */
static size_t first_row(const struct gpu_db *db, bool (*fn)(const char *, const void *),
			const void *query)
{
	for (size_t i = 0; i < db->n_devices; i++)
		if (any_name(&db->devices[i], fn, query))
			return i;
	return SIZE_MAX;
}

bool gpu_db_find_exact(const struct gpu_db *db, const char *name, struct gpu *out)
{
	size_t i = first_row(db, name_key_equals, name);

	return i != SIZE_MAX && gpu_row_resolve(db, &db->devices[i], out);
}

/* A name or alias equal to query: as typed, then ignoring punctuation and
 * spaces, then without the vendor's prefix as reports write it. */
static size_t named_row(const struct gpu_db *db, const char *query)
{
	static const char *const prefixes[] = { "NVIDIA ", "AMD " };
	size_t i = first_row(db, name_equals, query);

	if (i == SIZE_MAX)
		i = first_row(db, name_key_equals, query);
	for (size_t p = 0; i == SIZE_MAX && p < sizeof(prefixes) / sizeof(prefixes[0]); p++)
		if (strncasecmp(query, prefixes[p], strlen(prefixes[p])) == 0)
			i = first_row(db, name_key_equals, query + strlen(prefixes[p]));
	return i;
}

/* ---- architectures ----------------------------------------------------- */

static bool row_of(const struct device_row *d, const struct gpu_arch *arch)
{
	if (arch->vendor == GPU_AMD)
		return d->vendor == GPU_AMD && str_ieq(d->target, arch->arch);
	return d->vendor == GPU_NVIDIA && d->cc_major == arch->cc_major &&
	       d->cc_minor == arch->cc_minor;
}

bool gpu_db_arch_device(const struct gpu_db *db, const struct gpu_arch *arch, struct gpu *out)
{
	size_t first = SIZE_MAX, named = SIZE_MAX;
	char cc[16];

	if (!arch)
		return false;
	gpu_arch_cc_string(arch, cc, sizeof(cc));
	for (size_t i = 0; i < db->n_devices && named == SIZE_MAX; i++) {
		if (!row_of(&db->devices[i], arch))
			continue;
		if (first == SIZE_MAX)
			first = i;
		if (has_alias(&db->devices[i], arch->arch) || has_alias(&db->devices[i], cc))
			named = i;
	}
	if (named == SIZE_MAX)
		named = first;
	if (named == SIZE_MAX || !gpu_row_resolve(db, &db->devices[named], out))
		return false;
	out->stand_in = true;
	return true;
}

/* The NVIDIA architecture after key (major * 10 + minor) in ascending
 * order, whatever order the files gave; NULL after the last. */
static const struct gpu_arch *next_cc(const struct gpu_db *db, int key)
{
	const struct gpu_arch *next = NULL;

	for (size_t i = 0; i < gpu_db_arch_count(db); i++) {
		const struct gpu_arch *a = gpu_db_arch_at(db, i);
		int k = a->cc_major * 10 + a->cc_minor;

		if (k > key && (!next || k < next->cc_major * 10 + next->cc_minor))
			next = a;
	}
	return next;
}

/* "3.0, 3.5, ..., 12.1" (ascending: a user's file may add one) or AMD's
 * "gfx803, gfx900, ..." (as listed; the VLIW targets, named by chip, are no
 * gfx target a query could mean). */
static void list_archs(const struct gpu_db *db, enum gpu_vendor v, char *buf, size_t size)
{
	const struct gpu_arch *a = v == GPU_AMD ? gpu_db_amd_arch_at(db, 0) : next_cc(db, -1);
	size_t len = 0;
	char cc[16];

	buf[0] = '\0';
	for (size_t k = 1; a && len < size; k++) {
		gpu_arch_cc_string(a, cc, sizeof(cc));
		if (!(v == GPU_AMD && a->amd.vliw))
			len += (size_t)snprintf(buf + len, size - len, "%s%s", len ? ", " : "", cc);
		a = v == GPU_AMD ? gpu_db_amd_arch_at(db, k) : next_cc(db, a->cc_major * 10 + a->cc_minor);
	}
}

/* The device of a compute capability or target: that exactly, or an error
 * that says what the database has. */
static bool find_arch(const struct gpu_db *db, enum query_kind kind, int major, int minor,
		      const char *target, const char *shown, struct gpu *out, struct occ_error *err)
{
	const struct gpu_arch *a = kind == QUERY_TARGET ? gpu_db_find_target(db, target) :
		gpu_db_find_arch(db, major, minor);
	char have[512], what[64], cc[16];

	snprintf(cc, sizeof(cc), "%d.%d", major, minor);
	if (kind == QUERY_TARGET)
		snprintf(what, sizeof(what), "AMD target %s", target);
	else if (str_ieq(shown, cc))
		snprintf(what, sizeof(what), "compute capability %s", cc);
	else
		snprintf(what, sizeof(what), "compute capability %s (%.20s)", cc, shown);
	if (!a) {
		list_archs(db, kind == QUERY_TARGET ? GPU_AMD : GPU_NVIDIA, have, sizeof(have));
		occ_error_set(err, OCC_EUSAGE, NULL, 0, "gpu",
			      "the GPU database has no %s, only %s%s", what, have,
			      kind == QUERY_TARGET ? "" : "; --gpu-db adds one (occview-formats(5))");
		return false;
	}
	if (!gpu_db_arch_device(db, a, out)) {
		occ_error_set(err, OCC_EUSAGE, NULL, 0, "gpu",
			      "the GPU database knows %s but has no device of it, so no SM count: %s",
			      what, kind == QUERY_TARGET ? "name a device (occview --list-gpus)" :
			      "name a device, or add one with --gpu-db (name,cc,sm_count)");
		return false;
	}
	return true;
}

/* ---- when nothing matches ---------------------------------------------- */

/* The vendor a query's words say ("GeForce", "Radeon", "MI300X"), else -1. */
static int vendor_of_words(const char *query)
{
	static const char *const nvidia[] = { "nvidia", "geforce", "rtx", "gtx", "tesla", "quadro",
					      "titan", "jetson", "tegra" };
	static const char *const amd[] = { "amd", "radeon", "instinct", "rx", "ryzen" };
	struct words w;

	split_words(query, &w);
	for (int i = 0; i < w.n; i++) {
		for (size_t k = 0; k < sizeof(nvidia) / sizeof(nvidia[0]); k++)
			if (w.len[i] == strlen(nvidia[k]) && strncasecmp(w.at[i], nvidia[k], w.len[i]) == 0)
				return GPU_NVIDIA;
		for (size_t k = 0; k < sizeof(amd) / sizeof(amd[0]); k++)
			if (w.len[i] == strlen(amd[k]) && strncasecmp(w.at[i], amd[k], w.len[i]) == 0)
				return GPU_AMD;
		if (w.len[i] > 2 && strncasecmp(w.at[i], "mi", 2) == 0 &&
		    isdigit((unsigned char)w.at[i][2]))
			return GPU_AMD;
	}
	return -1;
}

struct closest {
	const char *query;
	int best;
};

static bool name_distance(const char *name, const void *arg)
{
	struct closest *c = (struct closest *)arg;
	int d = str_distance(name, c->query);

	if (d < c->best)
		c->best = d;
	return false;
}

enum { SHOW_CLOSEST = 5 };

/* The (up to) SHOW_CLOSEST rows of vendor v (-1: any) closest to query,
 * closest first; returns how many. */
static size_t closest_rows(const struct gpu_db *db, const char *query, int v, size_t *picked)
{
	int dist[SHOW_CLOSEST];
	size_t n = 0;

	for (size_t i = 0; i < db->n_devices; i++) {
		struct closest c = { query, INT_MAX };
		size_t at = n;

		if (v >= 0 && (int)db->devices[i].vendor != v)
			continue;
		any_name(&db->devices[i], name_distance, &c);
		while (at > 0 && dist[at - 1] > c.best)
			at--;
		if (at >= SHOW_CLOSEST)
			continue;
		if (n < SHOW_CLOSEST)
			n++;
		memmove(picked + at + 1, picked + at, (n - 1 - at) * sizeof(*picked));
		memmove(dist + at + 1, dist + at, (n - 1 - at) * sizeof(*dist));
		picked[at] = i;
		dist[at] = c.best;
	}
	return n;
}

/* The names closest to query, quoted, of one vendor: the one the query's
 * words say, else the closest name's (an unknown AMD name gets AMD names). */
static void list_closest(const struct gpu_db *db, const char *query, char *buf, size_t size)
{
	size_t picked[SHOW_CLOSEST], n, len = 0;
	int v = vendor_of_words(query);

	if (v < 0 && closest_rows(db, query, -1, picked) > 0)
		v = (int)db->devices[picked[0]].vendor;
	n = closest_rows(db, query, v, picked);
	buf[0] = '\0';
	for (size_t i = 0; i < n && len < size; i++)
		len += (size_t)snprintf(buf + len, size - len, "%s\"%s\"", i ? ", " : "",
					db->devices[picked[i]].name);
}

/* Up to six rows for which fn is true of query, as quoted names; the count
 * of all such rows. */
static size_t list_rows(const struct gpu_db *db, bool (*fn)(const char *, const void *),
			const void *query, char *buf, size_t size, size_t *last)
{
	size_t hits = 0, len = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < db->n_devices; i++) {
		if (!any_name(&db->devices[i], fn, query))
			continue;
		*last = i;
		if (hits++ < 6 && len < size)
			len += (size_t)snprintf(buf + len, size - len, "%s\"%s\"", hits > 1 ? ", " : "",
						db->devices[i].name);
	}
	return hits;
}

/* No name, alias or whole words matched: the capability a bare number may
 * mean ("90"), else the names the query is part of ("RTX 509"), else the
 * closest names. */
static void unknown(const struct gpu_db *db, const char *query, const char *shown,
		    struct occ_error *err)
{
	size_t len = strlen(query), last, n;
	char names[512];
	int major, minor;

	/* CMake's CUDA_ARCHITECTURES writes 86 for sm_86. */
	if (len >= 2 && len <= 3 && strspn(query, "0123456789") == len &&
	    parse_sm(query, &major, &minor) == QUERY_CC && gpu_db_find_arch(db, major, minor)) {
		occ_error_set(err, OCC_EUSAGE, NULL, 0, "gpu",
			      "unknown GPU \"%s\"; did you mean --gpu sm_%s (compute capability "
			      "%d.%d)?", shown, query, major, minor);
		return;
	}
	n = list_rows(db, name_contains, query, names, sizeof(names), &last);
	if (n > 0) {
		occ_error_set(err, OCC_EUSAGE, NULL, 0, "gpu",
			      "unknown GPU \"%s\" (occview matches whole words only); did you mean "
			      "%s%s? (occview --list-gpus shows all)", shown, names, n > 6 ? ", ..." : "");
		return;
	}
	list_closest(db, query, names, sizeof(names));
	occ_error_set(err, OCC_EUSAGE, NULL, 0, "gpu",
		      "unknown GPU \"%s\"; closest: %s (occview --list-gpus shows all)", shown, names);
}

bool gpu_db_find(const struct gpu_db *db, const char *name, struct gpu *out, struct occ_error *err)
{
	char query[GPU_NAME_MAX], shown[GPU_NAME_MAX * 4], names[512], target[16];
	enum query_kind kind;
	struct words words;
	size_t hit, hits;
	int major = 0, minor = 0;

	str_copy(query, sizeof(query), name);
	str_trim(query);
	str_sanitize(query, shown, sizeof(shown));
	if (!query[0]) {
		occ_error_set(err, OCC_EUSAGE, NULL, 0, "gpu", "empty GPU name");
		return false;
	}
	kind = parse_query(query, &major, &minor, target, sizeof(target));
	if (kind == QUERY_BAD_CC) {
		occ_error_set(err, OCC_EUSAGE, NULL, 0, "gpu",
			      "\"%s\" is no compute capability: write it as nvidia-smi "
			      "(8.6) or nvcc (sm_86, sm_90a, compute_86) does", shown);
		return false;
	}
	if (kind != QUERY_NAME)
		return find_arch(db, kind, major, minor, target, shown, out, err);
	hit = named_row(db, query);
	if (hit == SIZE_MAX) {
		split_words(query, &words);
		hits = list_rows(db, name_has_words, &words, names, sizeof(names), &hit);
		if (hits > 1) {
			occ_error_set(err, OCC_EUSAGE, NULL, 0, "gpu", "\"%s\" matches %zu GPUs: %s%s",
				      shown, hits, names, hits > 6 ? ", ..." : "");
			return false;
		}
		if (hits == 0) {
			unknown(db, query, shown, err);
			return false;
		}
	}
	if (!gpu_row_resolve(db, &db->devices[hit], out)) {
		occ_error_set(err, OCC_EDATA, NULL, 0, "gpu", "GPU \"%s\" has no architecture row", shown);
		return false;
	}
	return true;
}
