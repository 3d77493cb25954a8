/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* output_json_keys.h - the JSON writer's members of the kernel object
 * (output_json.c, output_json_report.c): a key and its value, null where
 * the value is not known; and the record's "report" object. Private to
 * src/output. */
#ifndef OCC_OUTPUT_JSON_KEYS_H
#define OCC_OUTPUT_JSON_KEYS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "jsonw.h"
#include "strutil.h"

static inline void key_int(struct jsonw *w, struct jsonw_name key, int64_t v)
{
	jsonw_member(w, key);
	jsonw_int(w, v);
}

static inline void key_real(struct jsonw *w, struct jsonw_name key, double v)
{
	jsonw_member(w, key);
	jsonw_real(w, v);
}

static inline void key_string(struct jsonw *w, struct jsonw_name key, const char *s)
{
	jsonw_member(w, key);
	jsonw_string(w, s);
}

/* A word of the program's own tables (jsonw_word: no escapes needed). */
static inline void key_word(struct jsonw *w, struct jsonw_name key, const char *s)
{
	jsonw_member(w, key);
	jsonw_word(w, s);
}

/* Text as a file gave it: UTF-8 as it is; control characters and bytes that
 * are not UTF-8 as \xNN text (str_sanitize), since JSON strings must be
 * UTF-8. */
static inline void key_file_text(struct jsonw *w, struct jsonw_name key, const char *s)
{
	size_t size = strlen(s) * 4 + 1;
	char small[512], *buf = size <= sizeof(small) ? small : malloc(size);

	jsonw_member(w, key);
	if (!buf) {
		jsonw_null(w);
		return;
	}
	str_sanitize(s, buf, size);
	jsonw_string(w, buf);
	if (buf != small)
		free(buf);
}

/* A block limit; null where the factor does not limit. */
static inline void key_limit(struct jsonw *w, struct jsonw_name key, int limit)
{
	jsonw_member(w, key);
	if (limit == OCC_UNLIMITED)
		jsonw_null(w);
	else
		jsonw_int(w, limit);
}

/* A member that is null where the figure is not known. */
static inline void key_int_if(struct jsonw *w, struct jsonw_name key, bool known, int64_t v)
{
	jsonw_member(w, key);
	if (known)
		jsonw_int(w, v);
	else
		jsonw_null(w);
}

static inline void key_real_if(struct jsonw *w, struct jsonw_name key, bool known, double v)
{
	jsonw_member(w, key);
	if (known)
		jsonw_real(w, v);
	else
		jsonw_null(w);
}

/* A count a kernel record may lack (missing): null where it is 0. */
static inline void key_count(struct jsonw *w, struct jsonw_name key, int64_t v, bool missing)
{
	key_int_if(w, key, !(missing && v == 0), v);
}

static inline void triple(struct jsonw *w, struct jsonw_name key, int64_t x, int64_t y, int64_t z,
		   bool null)
{
	jsonw_member(w, key);
	if (null) {
		jsonw_null(w);
		return;
	}
	jsonw_array(w);
	jsonw_int(w, x);
	jsonw_int(w, y);
	jsonw_int(w, z);
	jsonw_end(w);
}

/* The value of the key "report" of a kernel record's analysis: what the
 * profiler measured and computed, and how occview's figures compare. */
void output_json_report(struct jsonw *w, const struct analysis *a);

#endif
