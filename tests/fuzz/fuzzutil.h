/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* fuzzutil.h - what the harnesses of tests/fuzz share, header-only (run.sh
 * builds each harness from its one file): cutting an input into parts, a
 * private scratch folder for the files a harness writes, and the checks on
 * what occview writes (no terminal control byte in any output; JSON that
 * parses). Every check aborts when it fails, so libFuzzer keeps the input. */
#ifndef OCC_FUZZUTIL_H
#define OCC_FUZZUTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The line that separates the parts of an input: "\n@@@@\n". */
#define FUZZ_SEP "\n@@@@\n"
#define FUZZ_SEP_LEN 6

struct fuzz_part {
	const char *p;
	size_t n;
};

/* The first FUZZ_SEP in s[0..n), or NULL (memmem is not POSIX). */
static inline const char *fuzz_find_sep(const char *s, size_t n)
{
	for (size_t i = 0; i + FUZZ_SEP_LEN <= n; i++)
		if (s[i] == '\n' && memcmp(s + i, FUZZ_SEP, FUZZ_SEP_LEN) == 0)
			return s + i;
	return NULL;
}

/* Cuts data at each FUZZ_SEP into at most max parts (the last takes the
 * rest, separators and all); parts not in the input are empty. Returns how
 * many there were. */
static inline size_t fuzz_split(const uint8_t *data, size_t size, struct fuzz_part *parts,
				size_t max)
{
	const char *s = (const char *)data, *end = s + size;
	size_t k = 0;

	for (size_t i = 0; i < max; i++)
		parts[i] = (struct fuzz_part){ "", 0 };
	while (k + 1 < max) {
		const char *sep = fuzz_find_sep(s, (size_t)(end - s));

		if (!sep)
			break;
		parts[k++] = (struct fuzz_part){ s, (size_t)(sep - s) };
		s = sep + FUZZ_SEP_LEN;
	}
	parts[k++] = (struct fuzz_part){ s, (size_t)(end - s) };
	return k;
}

/* A folder of this process's own, made once under $TMPDIR (or /tmp) and
 * removed at exit with what the harness left in it (files only, no
 * subfolders beyond one level). */
static char fuzz_dir_path[512];

static inline void fuzz_dir_remove(void)
{
	char cmd[600];

	if (fuzz_dir_path[0] && strstr(fuzz_dir_path, "/occview-fuzz-")) {
		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", fuzz_dir_path);
		if (system(cmd) != 0)
			fprintf(stderr, "fuzz: could not remove %s\n", fuzz_dir_path);
	}
}

static inline const char *fuzz_dir(void)
{
	if (!fuzz_dir_path[0]) {
		const char *t = getenv("TMPDIR");

		snprintf(fuzz_dir_path, sizeof(fuzz_dir_path), "%s/occview-fuzz-XXXXXX",
			 t && *t ? t : "/tmp");
		if (!mkdtemp(fuzz_dir_path))
			abort();
		atexit(fuzz_dir_remove);
	}
	return fuzz_dir_path;
}

/* Writes n bytes to name in fuzz_dir(); the path in path. */
static inline void fuzz_write(const char *name, const void *p, size_t n, char *path, size_t size)
{
	FILE *f;

	snprintf(path, size, "%s/%s", fuzz_dir(), name);
	f = fopen(path, "wb");
	if (!f || (n && fwrite(p, 1, n, f) != n) || fclose(f) != 0)
		abort();
}

/* Aborts when out holds a byte a terminal would act on: C0 controls other
 * than tab and newline (and carriage return where cr), DEL, and the C1
 * controls as UTF-8 (C2 80-9F). what names the output on stderr. */
static inline void fuzz_check_clean(const char *what, const char *out, size_t n, bool cr)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)out[i];
		bool bad = (c < 0x20 && c != '\n' && c != '\t' && !(cr && c == '\r')) || c == 0x7f ||
			   (c == 0xc2 && i + 1 < n && (unsigned char)out[i + 1] >= 0x80 &&
			    (unsigned char)out[i + 1] < 0xa0);

		if (bad) {
			fprintf(stderr, "fuzz: %s: control byte 0x%02x at %zu of %zu: %.*s\n", what, c,
				i, n, (int)(n - i < 60 ? n - i : 60), out + i);
			abort();
		}
	}
}

/* ---- a small JSON validator (RFC 8259), for what the writers write ---- */

struct fuzz_json {
	const char *s, *end;
	int depth;
};

static inline void fuzz_json_ws(struct fuzz_json *j)
{
	while (j->s < j->end && (*j->s == ' ' || *j->s == '\t' || *j->s == '\n' || *j->s == '\r'))
		j->s++;
}

static inline bool fuzz_json_lit(struct fuzz_json *j, const char *lit)
{
	size_t n = strlen(lit);

	if ((size_t)(j->end - j->s) < n || memcmp(j->s, lit, n) != 0)
		return false;
	j->s += n;
	return true;
}

static inline bool fuzz_json_digits(struct fuzz_json *j)
{
	const char *start = j->s;

	while (j->s < j->end && *j->s >= '0' && *j->s <= '9')
		j->s++;
	return j->s > start;
}

static inline bool fuzz_json_number(struct fuzz_json *j)
{
	if (j->s < j->end && *j->s == '-')
		j->s++;
	if (j->s < j->end && *j->s == '0')
		j->s++;
	else if (!fuzz_json_digits(j))
		return false;
	if (j->s < j->end && *j->s == '.') {
		j->s++;
		if (!fuzz_json_digits(j))
			return false;
	}
	if (j->s < j->end && (*j->s == 'e' || *j->s == 'E')) {
		j->s++;
		if (j->s < j->end && (*j->s == '+' || *j->s == '-'))
			j->s++;
		if (!fuzz_json_digits(j))
			return false;
	}
	return true;
}

static inline bool fuzz_json_string(struct fuzz_json *j)
{
	if (j->s >= j->end || *j->s != '"')
		return false;
	for (j->s++; j->s < j->end; j->s++) {
		unsigned char c = (unsigned char)*j->s;

		if (c == '"') {
			j->s++;
			return true;
		}
		if (c < 0x20)
			return false;
		if (c != '\\')
			continue;
		if (++j->s >= j->end)
			return false;
		if (*j->s == 'u') {
			for (int k = 0; k < 4; k++)
				if (++j->s >= j->end || !strchr("0123456789abcdefABCDEF", *j->s) ||
				    !*j->s)
					return false;
		} else if (!*j->s || !strchr("\"\\/bfnrt", *j->s)) {
			return false;
		}
	}
	return false;
}

static inline bool fuzz_json_value(struct fuzz_json *j);

static inline bool fuzz_json_items(struct fuzz_json *j, char close, bool members)
{
	j->s++;
	fuzz_json_ws(j);
	if (j->s < j->end && *j->s == close) {
		j->s++;
		return true;
	}
	for (;;) {
		if (members) {
			if (!fuzz_json_string(j))
				return false;
			fuzz_json_ws(j);
			if (j->s >= j->end || *j->s != ':')
				return false;
			j->s++;
		}
		if (!fuzz_json_value(j))
			return false;
		fuzz_json_ws(j);
		if (j->s < j->end && *j->s == ',') {
			j->s++;
			fuzz_json_ws(j);
			continue;
		}
		if (j->s < j->end && *j->s == close) {
			j->s++;
			return true;
		}
		return false;
	}
}

static inline bool fuzz_json_value(struct fuzz_json *j)
{
	bool ok;

	fuzz_json_ws(j);
	if (j->s >= j->end)
		return false;
	switch (*j->s) {
	case '{':
	case '[':
		if (++j->depth > 64)
			return false;
		ok = fuzz_json_items(j, *j->s == '{' ? '}' : ']', *j->s == '{');
		j->depth--;
		return ok;
	case '"':
		return fuzz_json_string(j);
	case 't':
		return fuzz_json_lit(j, "true");
	case 'f':
		return fuzz_json_lit(j, "false");
	case 'n':
		return fuzz_json_lit(j, "null");
	default:
		return fuzz_json_number(j);
	}
}

/* Aborts unless s[0..n) is exactly one JSON value (blanks around it). */
static inline void fuzz_check_json(const char *what, const char *s, size_t n)
{
	struct fuzz_json j = { s, s + n, 0 };

	if (fuzz_json_value(&j)) {
		fuzz_json_ws(&j);
		if (j.s == j.end)
			return;
	}
	fprintf(stderr, "fuzz: %s: not JSON at byte %zu of %zu: %.*s\n", what,
		(size_t)(j.s - s), n, (int)(j.end - j.s < 80 ? j.end - j.s : 80), j.s);
	abort();
}

/* The same for each line of JSON Lines (an empty output is none). */
static inline void fuzz_check_jsonl(const char *what, const char *s, size_t n)
{
	const char *end = s + n;

	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));

		if (!nl) {
			fprintf(stderr, "fuzz: %s: last JSON line without its newline\n", what);
			abort();
		}
		fuzz_check_json(what, s, (size_t)(nl - s));
		s = nl + 1;
	}
}

/* The fields of the CSV row at *s (RFC 4180: quotes doubled inside quoted
 * fields), moving *s past its newline; -1 when the row is malformed. */
static inline long fuzz_csv_fields(const char **s, const char *end)
{
	long n = 1;
	bool quoted = false;

	for (const char *p = *s; p < end; p++) {
		if (quoted) {
			if (*p == '"') {
				if (p + 1 < end && p[1] == '"')
					p++;
				else
					quoted = false;
			}
			continue;
		}
		if (*p == '"') {
			if (p != *s && p[-1] != ',')
				return -1;            /* a quote inside a plain field */
			quoted = true;
		} else if (*p == ',') {
			n++;
		} else if (*p == '\n') {
			*s = p + 1;
			return n;
		}
	}
	return -1;                            /* no newline, or a quote left open */
}

/* Aborts unless every row of the CSV s[0..n) has the first row's number of
 * fields. */
static inline void fuzz_check_csv(const char *what, const char *s, size_t len)
{
	const char *end = s + len;
	long header = -1;

	while (s < end) {
		const char *row = s;
		long n = fuzz_csv_fields(&s, end);

		if (n < 0 || (header >= 0 && n != header)) {
			fprintf(stderr, "fuzz: %s: row of %ld fields, header %ld: %.*s\n", what, n,
				header,
				(int)(end - row < 200 ? end - row : 200), row);
			abort();
		}
		if (header < 0)
			header = n;
	}
}

/* The five streams a print run writes (JSON, JSON Lines, CSV, text, the
 * messages), closed, checked (each parses, no control byte in any) and
 * freed. */
static inline void fuzz_check_outputs(FILE *f[5], char *buf[5], size_t len[5])
{
	static const char *const what[5] = { "json", "jsonl", "csv", "text", "messages" };

	for (int i = 0; i < 5; i++)
		if (fclose(f[i]) != 0)
			abort();
	fuzz_check_json("json", buf[0], len[0]);
	fuzz_check_jsonl("jsonl", buf[1], len[1]);
	fuzz_check_csv("csv", buf[2], len[2]);
	for (int i = 0; i < 5; i++) {
		fuzz_check_clean(what[i], buf[i], len[i], false);
		free(buf[i]);
	}
}

#endif
