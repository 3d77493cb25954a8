/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* import_cudaprof.c - the CUDA command-line profiler's log (CUDA_PROFILE=1 or
 * COMPUTE_PROFILE=1, cuda_profile_0.log): "# CUDA_PROFILE_LOG_VERSION 2.0",
 * then "method=[ name ] gputime=[ us ] ... occupancy=[ fraction ]" records,
 * or with "# CUDA_PROFILE_CSV 1" a header line and CSV rows. Its occupancy
 * is the profiler's theoretical figure, computed from the launch: the Compute
 * Visual Profiler 4.0 guide derives the achieved one separately ("Achieved
 * Kernel Occupancy", from the active_warps and active_cycles counters), and
 * the logs' values are multiples of 1/48 on Fermi, the same on every call.
 * Those counters, where the configuration asked for them, are what was
 * measured. */
#include "config.h"

#include "import.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "strutil.h"

#define LOG_MAGIC "# CUDA_PROFILE_LOG_VERSION"
#define MAX_ENTRIES 64

/* One key and its value, pointing into the text (not terminated). */
struct entry {
	const char *key, *val;
	size_t key_len, val_len;
};

static bool probe_log(const char *text, size_t len)
{
	size_t i = 0;

	while (i < len && isspace((unsigned char)text[i]))
		i++;
	return len - i >= strlen(LOG_MAGIC) && memcmp(text + i, LOG_MAGIC, strlen(LOG_MAGIC)) == 0;
}

static bool key_is(const struct entry *e, const char *key)
{
	return e->key_len == strlen(key) && strncasecmp(e->key, key, e->key_len) == 0;
}

/* The value as a terminated string in buf (cut to size). */
static const char *val_str(const struct entry *e, char *buf, size_t size)
{
	size_t n = e->val_len < size - 1 ? e->val_len : size - 1;

	memcpy(buf, e->val, n);
	buf[n] = '\0';
	return buf;
}

static bool bad(struct occ_error *err, const char *file, long line, const struct entry *e,
		const char *what)
{
	char key[32], val[64], shown[64];
	size_t kl = e->key_len < sizeof(key) - 1 ? e->key_len : sizeof(key) - 1;

	memcpy(key, e->key, kl);
	key[kl] = '\0';
	val_str(e, val, sizeof(val));
	str_sanitize(val, shown, sizeof(shown));
	occ_error_set(err, OCC_EDATA, file, line, key, "\"%s\" %s", shown, what);
	return false;
}

/* The step of a fraction's last printed digit, in percent: "0.167" -> 0.1,
 * "0.5" -> 10, "1" -> 100. */
static double printed_step(const char *text)
{
	const char *dot = strchr(text, '.');
	double step = 100.0;

	if (dot)
		for (const char *p = dot + 1; isdigit((unsigned char)*p); p++)
			step /= 10.0;
	return step;
}

/* "16 8" or "16 8 1" (gridsize, threadblocksize): up to three whole numbers;
 * the dimensions not given are 1. */
static bool dims(const struct entry *e, struct report_int out[3])
{
	char buf[96], *p, *tok, *save = NULL;
	int n = 0;

	if (e->val_len >= sizeof(buf))
		return false;
	val_str(e, buf, sizeof(buf));
	for (p = buf; (tok = strtok_r(p, " \t[]", &save)) != NULL; p = NULL) {
		struct report_int v;

		if (n == 3 || !import_int(tok, &v) || !v.present || v.value < 0)
			return false;
		out[n++] = v;
	}
	if (n == 0)
		return false;
	for (; n < 3; n++)
		out[n] = (struct report_int){ true, 1 };
	return true;
}

/* One record from its entries; memcpy and memset rows are counted as
 * skipped. Every value is read before the record is added. */
static bool take(const struct entry *es, size_t n, long line, const char *device,
		 uint32_t run, struct report *r, const char *file, struct occ_error *err)
{
	const struct entry *method = NULL;
	struct report_record k;
	struct report_record *rec;
	char buf[64];

	report_record_init(&k, line);
	for (size_t i = 0; i < n; i++)
		if (key_is(&es[i], "method"))
			method = &es[i];
	if (!method || method->val_len == 0) {
		occ_error_set(err, OCC_EDATA, file, line, "method", "a record without a method name");
		return false;
	}
	if ((method->val_len >= 6 && strncmp(method->val, "memcpy", 6) == 0) ||
	    (method->val_len >= 6 && strncmp(method->val, "memset", 6) == 0)) {
		r->skipped_rows++;
		return true;
	}
	for (size_t i = 0; i < n; i++) {
		const struct entry *e = &es[i];
		struct report_num v;
		struct report_int iv;

		if (key_is(e, "gputime")) {
			if (!import_num(val_str(e, buf, sizeof(buf)), &v) || (v.present && v.value < 0))
				return bad(err, file, line, e, "is not a time in microseconds");
			if (v.present)
				k.duration_ns = (struct report_num){ true, v.value * 1000.0 };
		} else if (key_is(e, "occupancy")) {
			if (!import_num(val_str(e, buf, sizeof(buf)), &v) ||
			    (v.present && (v.value < 0 || v.value > 1)))
				return bad(err, file, line, e, "is not an occupancy (a fraction from 0 to 1)");
			if (v.present) {
				k.theoretical_occupancy_pct = (struct report_num){ true, v.value * 100.0 };
				k.theoretical_step_pct = (struct report_num){ true, printed_step(buf) };
			}
		} else if (key_is(e, "active_warps") || key_is(e, "active_cycles")) {
			bool warps = key_is(e, "active_warps");

			/* Measured, not the launch: a value that is none is left
			 * absent (import_drop), never the row. */
			v = import_info_num(r, val_str(e, buf, sizeof(buf)), file, line,
					    warps ? "active_warps" : "active_cycles");
			if (warps)
				k.counted_active_warps = v;
			else
				k.counted_active_cycles = v;
		} else if (key_is(e, "gridsize") || key_is(e, "gridsize3d")) {
			if (!dims(e, k.grid))
				return bad(err, file, line, e, "is not a grid size (\"x y\" or \"x y z\")");
		} else if (key_is(e, "threadblocksize")) {
			if (!dims(e, k.block))
				return bad(err, file, line, e, "is not a block size (\"x y z\")");
		} else if (key_is(e, "regperthread") || key_is(e, "stasmemperblock") ||
			   key_is(e, "staticsmemperblock") || key_is(e, "dynsmemperblock")) {
			if (!import_int(val_str(e, buf, sizeof(buf)), &iv) ||
			    (iv.present && iv.value < 0))
				return bad(err, file, line, e, "is not a whole number of 0 or more");
			if (key_is(e, "regperthread"))
				k.registers = iv;
			else if (key_is(e, "dynsmemperblock"))
				k.dynamic_smem_bytes = iv;
			else
				k.static_smem_bytes = iv;
		}
	}
	rec = report_add(r, line);
	if (!rec || !(k.name = malloc(method->val_len + 1))) {
		if (rec)
			r->n--;
		occ_error_set(err, OCC_EDATA, file, line, NULL, "out of memory");
		return false;
	}
	memcpy(k.name, method->val, method->val_len);
	k.name[method->val_len] = '\0';
	k.short_name = report_intern_short_name(r, k.name);
	k.device = report_intern(r, device, REPORT_TEXT);
	if (!k.short_name || !k.device) {
		free(k.name);
		r->n--;
		occ_error_set(err, OCC_EDATA, file, line, NULL, "out of memory");
		return false;
	}
	k.vendor = REPORT_VENDOR_NVIDIA;
	k.figures_by = REPORT_BY_CUDA_PROFILER;
	k.run = run;
	if (r->runs < run)
		r->runs = run;
	*rec = k;
	return true;
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t';
}

/* Where the value that starts at p ends: at a ']' followed by the end of
 * the line or by the next "key=[". NULL when no such ']' (a cut record). */
static const char *value_end(const char *p, const char *e)
{
	for (; p < e; p++) {
		const char *q;

		if (*p != ']')
			continue;
		for (q = p + 1; q < e && is_space(*q); q++)
			;
		if (q == e)
			return p;
		if (q > p + 1) {
			const char *k = q;

			while (k < e && (isalnum((unsigned char)*k) || *k == '_'))
				k++;
			if (k > q && k + 1 < e && k[0] == '=' && k[1] == '[')
				return p;
		}
	}
	return NULL;
}

/* "key=[ value ] key=[ value ]" into entries; false (err set) when the line
 * is not made of such pairs or one is cut off. */
static bool split_kv(const char *b, const char *e, struct entry *es, size_t *n, long line,
		     const char *file, struct occ_error *err)
{
	const char *p = b;

	*n = 0;
	for (;;) {
		const char *k, *v, *end;

		while (p < e && is_space(*p))
			p++;
		if (p == e)
			return true;
		for (k = p; p < e && *p != '=' && !is_space(*p); p++)
			;
		if (p + 1 >= e || p[0] != '=' || p[1] != '[' || p == k) {
			occ_error_set(err, OCC_EDATA, file, line, NULL,
				      "expected key=[ value ] at column %ld", (long)(k - b) + 1);
			return false;
		}
		if (*n == MAX_ENTRIES) {
			occ_error_set(err, OCC_EDATA, file, line, NULL, "more than %d keys in a record",
				      MAX_ENTRIES);
			return false;
		}
		es[*n].key = k;
		es[*n].key_len = (size_t)(p - k);
		v = p + 2;
		end = value_end(v, e);
		if (!end) {
			char key[32];
			size_t kl = es[*n].key_len < sizeof(key) - 1 ? es[*n].key_len : sizeof(key) - 1;

			memcpy(key, k, kl);
			key[kl] = '\0';
			occ_error_set(err, OCC_EDATA, file, line, key,
				      "the value has no closing ']' (a cut record)");
			return false;
		}
		p = end + 1;
		while (v < end && is_space(*v))
			v++;
		while (end > v && is_space(end[-1]))
			end--;
		es[*n].val = v;
		es[*n].val_len = (size_t)(end - v);
		++*n;
	}
}

/* "# CUDA_DEVICE 0 Tesla C2050" -> "Tesla C2050". */
static void device_from(const char *p, const char *e, char *out, size_t size)
{
	size_t n;

	p += strlen("# CUDA_DEVICE");
	while (p < e && is_space(*p))
		p++;
	while (p < e && isdigit((unsigned char)*p))
		p++;
	while (p < e && is_space(*p))
		p++;
	n = (size_t)(e - p) < size - 1 ? (size_t)(e - p) : size - 1;
	memcpy(out, p, n);
	out[n] = '\0';
}

static bool starts(const char *p, const char *e, const char *s)
{
	size_t n = strlen(s);
	return (size_t)(e - p) >= n && memcmp(p, s, n) == 0;
}

/* A CSV-mode row: the header's names are the keys. A kernel row shorter
 * than the header is cut off; memcpy rows have fewer fields by design. */
static bool take_csv(const struct csv_row *header, const char *name, const char *p,
		     const char *e, long line, const char *device, uint32_t run, struct report *r,
		     struct occ_error *err)
{
	struct entry es[MAX_ENTRIES];
	struct csv_rows rows;
	struct occ_error ignored = { 0 };
	const struct csv_row *row;
	size_t n;
	bool ok;

	if (!csvread_parse(name, p, (size_t)(e - p), &rows, &ignored) || rows.n == 0) {
		csvread_free(&rows);
		occ_error_set(err, OCC_EDATA, name, line, NULL, "not a CSV row of the log");
		return false;
	}
	row = &rows.rows[0];
	n = header->n < MAX_ENTRIES ? header->n : MAX_ENTRIES;
	for (size_t i = 0; i < n; i++) {
		const char *f = csvread_field(row, (int)i);

		es[i] = (struct entry){ header->fields[i], f, strlen(header->fields[i]), strlen(f) };
	}
	if (row->n < header->n && n > 0 && !(strncmp(row->fields[0], "memcpy", 6) == 0 ||
					     strncmp(row->fields[0], "memset", 6) == 0)) {
		occ_error_set(err, OCC_EDATA, name, line, NULL,
			      "a truncated row: %zu of the header's %zu fields", row->n, header->n);
		ok = false;
	} else {
		ok = take(es, n, line, device, run, r, name, err);
	}
	csvread_free(&rows);
	return ok;
}

/* Where the log is in its runs. A context writes its own log (the %d and %p
 * of COMPUTE_PROFILE_LOG), and logs joined into one file (cat, or >> from a
 * loop) each start with their "# CUDA_PROFILE_LOG_VERSION" line: a version
 * line after records, or a "# CUDA_CONTEXT" of another number, starts the
 * next run, whose records are its own (a kernel of run 2 is not run 1's). */
struct runs {
	uint32_t run;
	long context;        /* this run's "# CUDA_CONTEXT", -1 before one */
	size_t first;        /* records and rows rejected before this run */
};

static size_t rows_seen(const struct report *r)
{
	return r->n + r->n_streamed + r->rejected_rows + r->skipped_rows;
}

static void next_run(struct runs *u, const struct report *r)
{
	if (rows_seen(r) > u->first)
		u->run++;
	u->first = rows_seen(r);
	u->context = -1;
}

static void context_line(struct runs *u, const char *p, const char *e, const struct report *r)
{
	char buf[32];
	size_t n = (size_t)(e - p) - strlen("# CUDA_CONTEXT");
	char *end;
	long c;

	if (n >= sizeof(buf))
		return;
	memcpy(buf, p + strlen("# CUDA_CONTEXT"), n);
	buf[n] = '\0';
	c = strtol(buf, &end, 10);
	if (end == buf)
		return;
	if (u->context >= 0 && c != u->context)
		next_run(u, r);
	u->context = c;
}

static bool parse_log(const char *name, const char *text, size_t len, struct report *r,
		      struct occ_error *err)
{
	struct entry es[MAX_ENTRIES];
	struct csv_rows header = { 0 };
	struct runs u = { .run = 1, .context = -1 };
	bool csv = false, have_header = false;
	char device[128] = "";
	size_t pos = 0;
	long line = 1;

	while (pos < len) {
		const char *p = text + pos;
		const char *nl = memchr(p, '\n', len - pos);
		const char *e = nl ? nl : text + len;
		size_t n;

		pos = nl ? (size_t)(nl - text) + 1 : len;
		if (e > p && e[-1] == '\r')
			e--;
		while (p < e && is_space(*p))
			p++;
		if (p == e) {
			line++;
			continue;
		}
		if (*p == '#') {
			if (starts(p, e, "# CUDA_DEVICE")) {
				device_from(p, e, device, sizeof(device));
			} else if (starts(p, e, "# CUDA_PROFILE_CSV")) {
				csv = true;
			} else if (starts(p, e, "# CUDA_CONTEXT")) {
				context_line(&u, p, e, r);
			} else if (starts(p, e, LOG_MAGIC)) {
				/* Another log: its own mode and header follow. */
				next_run(&u, r);
				if (have_header)
					csvread_free(&header);
				csv = have_header = false;
			}
		} else if (csv && !have_header) {
			struct occ_error ignored = { 0 };

			if (csvread_parse(name, p, (size_t)(e - p), &header, &ignored) &&
			    header.n > 0)
				have_header = true;
			else
				csvread_free(&header);
		} else if (csv) {
			if (!take_csv(&header.rows[0], name, p, e, line, device, u.run, r, err))
				r->rejected_rows++;
		} else if (memchr(p, '[', (size_t)(e - p)) && memchr(p, '=', (size_t)(e - p))) {
			if (!split_kv(p, e, es, &n, line, name, err) ||
			    !take(es, n, line, device, u.run, r, name, err))
				r->rejected_rows++;
		}
		/* Anything else (the key list echoed as "method,gputime,..." in
		 * key=value logs) is not a record. */
		line++;
	}
	if (have_header)
		csvread_free(&header);
	return true;
}

const struct import_text_class import_cudaprof_log = {
	.name = "CUDA profiler log",
	.probe = probe_log,
	.parse = parse_log,
};
