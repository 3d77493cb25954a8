/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* launch_file.c - launch files (key = value) and launch lists (CSV). */
#include "config.h"

#include "launch_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "csvread.h"
#include "launch_list.h"
#include "params.h"
#include "readfile.h"
#include "strutil.h"

#define LAUNCH_FILE_MAX_BYTES (64u << 20)

/* Keys and columns are the launch parameters' names (params.h); the required
 * columns of a launch list. */
static const enum launch_param required[] = { PARAM_GRID, PARAM_BLOCK, PARAM_REGISTERS };

static bool push(struct launch_set *set, const struct launch_record *rec)
{
	struct occ_error *error = NULL;

	if (rec->error && !(error = malloc(sizeof(*error))))
		return false;
	if (error)
		*error = *rec->error;
	if (set->n == set->cap) {
		size_t ncap = set->cap ? set->cap * 2 : 16;
		struct launch_record *p = realloc(set->items, ncap * sizeof(*p));

		if (!p) {
			free(error);
			return false;
		}
		set->items = p;
		set->cap = ncap;
	}
	set->items[set->n] = *rec;
	set->items[set->n++].error = error;
	return true;
}

static bool parse_key_value(const char *name, char *text, const struct launch *defaults,
			    struct launch_set *out, struct occ_error *err)
{
	struct launch_record rec = { .launch = *defaults, .line = 1, .valid = true };
	long line = 0;

	/* strtok_r would merge empty lines and lose the count: walk by hand. */
	for (char *p = text; p; ) {
		char *nl = strchr(p, '\n');
		char *s, *eq, *hash;
		enum launch_param k;

		if (nl)
			*nl = '\0';
		line++;
		s = p;
		p = nl ? nl + 1 : NULL;
		hash = strchr(s, '#');
		if (hash)
			*hash = '\0';
		str_trim(s);
		if (!*s)
			continue;
		if (*s == '[') {
			/* "[scenario NAME]": a whole launch of its own after the
			 * file's, from the defaults again */
			size_t n = strlen(s);

			if (n < 11 || strncmp(s, "[scenario ", 10) != 0 || s[n - 1] != ']') {
				occ_error_set(err, OCC_EDATA, name, line, NULL,
					      "expected \"[scenario NAME]\"");
				return false;
			}
			if (!push(out, &rec)) {
				occ_error_set(err, OCC_EDATA, name, 0, NULL, "out of memory");
				return false;
			}
			rec = (struct launch_record){ .launch = *defaults, .line = line, .valid = true };
			s[n - 1] = '\0';
			str_copy(rec.scenario, sizeof(rec.scenario), str_trim(s + 10));
			continue;
		}
		eq = strchr(s, '=');
		if (!eq) {
			char shown[128], cut[40];
			str_copy(cut, sizeof(cut), s);
			str_sanitize(cut, shown, sizeof(shown));
			occ_error_set(err, OCC_EDATA, name, line, NULL,
				      "expected \"key = value\", got \"%s\"", shown);
			return false;
		}
		*eq = '\0';
		str_trim(s);
		str_trim(eq + 1);
		k = param_find(s);
		if (k == PARAM_N) {
			char shown[128], cut[40], known[400] = "";
			size_t len = 0;

			str_copy(cut, sizeof(cut), s);
			str_sanitize(cut, shown, sizeof(shown));
			for (int p = 0; p < PARAM_N && len < sizeof(known); p++)
				len += (size_t)snprintf(known + len, sizeof(known) - len, "%s%.*s",
							p ? ", " : "",
							(int)strcspn(param_info((enum launch_param)p)->names, " "),
							param_info((enum launch_param)p)->names);
			occ_error_set(err, OCC_EDATA, name, line, shown, "unknown key (known: %s)", known);
			return false;
		}
		if (!param_parse(k, eq + 1, &rec.launch, name, line, s, err))
			return false;
		out->key_lines[k] = line;
	}
	if (!push(out, &rec)) {
		occ_error_set(err, OCC_EDATA, name, 0, NULL, "out of memory");
		return false;
	}
	return true;
}

static bool push_launch(void *ctx, const struct launch_record *rec)
{
	return push(ctx, rec);
}

bool launch_file_collect(const char *name, FILE *f, const char *head, size_t head_len,
			 const struct launch *defaults, struct launch_set *out,
			 struct occ_error *err)
{
	struct launch_list_sink sink = { push_launch, out };
	size_t n;
	bool stopped, ok;

	ok = launch_list_read(name, f, head, head_len, defaults, &sink, &n, &stopped, err);
	if (ok && stopped) {
		occ_error_set(err, OCC_ESOFTWARE, name, 0, NULL, "out of memory");
		ok = false;
	}
	if (!ok)
		launch_set_done(out);
	return ok;
}

const char *launch_file_first_line(const char *text, size_t len, size_t *line_len)
{
	const char *p = text, *end = text + len;

	if (len >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0)
		p += 3;
	while (p < end) {
		const char *e = p;
		const char *s = p;

		/* A line ends at LF, CRLF or a lone CR (classic Mac OS). */
		while (e < end && *e != '\n' && *e != '\r')
			e++;
		while (s < e && (*s == ' ' || *s == '\t'))
			s++;
		if (s < e && *s != '#') {
			*line_len = (size_t)(e - s);
			return s;
		}
		p = e + 1;
	}
	return NULL;
}

bool launch_file_probe(const char *head, size_t len, bool complete)
{
	size_t first_len = 0, n = 0;
	const char *first = launch_file_first_line(head, len, &first_len), *p, *end;
	unsigned have = 0;
	size_t whole = len;

	/* A UTF-8 character the head cuts is no binary byte. */
	if (!complete) {
		size_t k = 0;

		while (k < 3 && k < whole && ((unsigned char)head[whole - 1 - k] & 0xC0) == 0x80)
			k++;
		if (k < whole && (unsigned char)head[whole - 1 - k] >= 0xC0)
			whole -= k + 1;
	}
	if (str_is_binary(head, whole, NULL))
		return false;
	/* Nothing but blanks and comments, or a first line the head cuts:
	 * the careful way (the launch reader says what is wrong). */
	if (!first || (!complete && first + first_len == head + len))
		return true;
	/* A profiler banner ("==PROF== ...") is no key = value line. */
	if (first_len >= 2 && first[0] == '=' && first[1] == '=')
		return false;
	p = memchr(first, '=', first_len);
	if (p) {
		for (const char *k = first; k < p; k++)
			if (*k != ' ' && *k != '\t')
				return true;
	}
	/* A launch list's header names the required columns as whole fields
	 * ("launch__grid_size" or rocprof's "Grid_Size" alone are not one). */
	end = first + first_len;
	for (p = first; p <= end && n < 256; n++) {
		const char *q = memchr(p, ',', (size_t)(end - p));
		const char *e = q ? q : end;
		char field[64];
		size_t w;

		while (p < e && (*p == ' ' || *p == '\t' || *p == '"'))
			p++;
		w = (size_t)(e - p);
		while (w > 0 && (p[w - 1] == ' ' || p[w - 1] == '\t' || p[w - 1] == '"' ||
				 p[w - 1] == '\r'))
			w--;
		if (w < sizeof(field)) {
			enum launch_param k;

			memcpy(field, p, w);
			field[w] = '\0';
			k = param_find(field);
			if (k != PARAM_N)
				have |= PARAM_BIT(k);
		}
		if (!q)
			break;
		p = q + 1;
	}
	for (size_t i = 0; i < sizeof(required) / sizeof(required[0]); i++)
		if (!(have & PARAM_BIT(required[i])))
			return false;
	return true;
}

/* text without a UTF-8 byte-order mark, its line ends (CRLF, or CR alone
 * as classic Mac OS and some editors write them) made LF, NUL-terminated;
 * the count of lines is kept, so messages name the editor's line. */
static char *normalized(const char *text, size_t len, size_t *out_len)
{
	char *copy = malloc(len + 1), *o = copy;
	size_t i = 0;

	if (!copy)
		return NULL;
	if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
		i = 3;
	for (; i < len; i++) {
		if (text[i] == '\r') {
			*o++ = '\n';
			if (i + 1 < len && text[i + 1] == '\n')
				i++;
		} else {
			*o++ = text[i];
		}
	}
	*o = '\0';
	*out_len = (size_t)(o - copy);
	return copy;
}

bool launch_file_parse(const char *name, const char *text, size_t len,
		       const struct launch *defaults, struct launch_set *out, struct occ_error *err)
{
	size_t first_len = 0;
	const char *first;
	long bad_line;
	char *copy;
	bool ok;

	*out = (struct launch_set){ 0 };
	if (str_is_binary(text, len, &bad_line)) {
		occ_error_set(err, OCC_EDATA, name, bad_line, NULL, "not a text file (binary data)");
		return false;
	}
	first = launch_file_first_line(text, len, &first_len);
	if (!first) {
		occ_error_set(err, OCC_EDATA, name, 0, NULL, "empty file: no launch in it");
		return false;
	}
	if (memchr(first, '=', first_len)) {
		size_t n;

		if (!(copy = normalized(text, len, &n))) {
			occ_error_set(err, OCC_EDATA, name, 0, NULL, "out of memory");
			return false;
		}
		ok = parse_key_value(name, copy, defaults, out, err);
		free(copy);
	} else if (memchr(first, ',', first_len)) {
		ok = launch_file_collect(name, NULL, text, len, defaults, out, err);
	} else {
		occ_error_set(err, OCC_EDATA, name, 1, NULL,
			      "not a launch file (key = value lines) nor a launch list (CSV with a "
			      "header row)");
		ok = false;
	}
	if (!ok)
		launch_set_done(out);
	return ok;
}

bool launch_file_load(const char *path, const struct launch *defaults, struct launch_set *out,
		      struct occ_error *err)
{
	size_t len;
	char *text = str_read_file(path, LAUNCH_FILE_MAX_BYTES, &len, err);
	bool ok;

	*out = (struct launch_set){ 0 };
	if (!text)
		return false;
	ok = launch_file_parse(path, text, len, defaults, out, err);
	free(text);
	return ok;
}

void launch_set_done(struct launch_set *set)
{
	for (size_t i = 0; i < set->n; i++)
		free(set->items[i].error);
	free(set->items);
	*set = (struct launch_set){ 0 };
}
