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
#include "jsonw_cur.h"
#include "strutil.h"

JSONW_INLINE_ void key_int(struct jsonw *w, struct jsonw_name key, int64_t v)
{
	jsonw_member_int(w, key, v);
}

JSONW_INLINE_ void key_real(struct jsonw *w, struct jsonw_name key, double v)
{
	jsonw_member_real(w, key, v);
}

JSONW_INLINE_ void key_string(struct jsonw *w, struct jsonw_name key, const char *s)
{
	jsonw_member(w, key);
	jsonw_string(w, s);
}

/* A word of the program's own tables (jsonw_word: no escapes needed). */
JSONW_INLINE_ void key_word(struct jsonw *w, struct jsonw_name key, const char *s)
{
	jsonw_member(w, key);
	jsonw_word(w, s);
}

/* Text as a file gave it: UTF-8 as it is; control characters and bytes that
 * are not UTF-8 as \xNN text (str_sanitize), since JSON strings must be
 * UTF-8. */
static inline void key_file_text(struct jsonw *w, struct jsonw_name key, const char *s)
{
	jsonw_member(w, key);
	jsonw_text(w, s, strlen(s) * 4 + 1);
}

/* A block limit; null where the factor does not limit. */
JSONW_INLINE_ void key_limit(struct jsonw *w, struct jsonw_name key, int limit)
{
	if (limit == OCC_UNLIMITED)
		jsonw_member_null(w, key);
	else
		jsonw_member_int(w, key, limit);
}

/* A member that is null where the figure is not known. */
JSONW_INLINE_ void key_int_if(struct jsonw *w, struct jsonw_name key, bool known, int64_t v)
{
	if (known)
		jsonw_member_int(w, key, v);
	else
		jsonw_member_null(w, key);
}

JSONW_INLINE_ void key_real_if(struct jsonw *w, struct jsonw_name key, bool known, double v)
{
	if (known)
		jsonw_member_real(w, key, v);
	else
		jsonw_member_null(w, key);
}

/* key_int_if and key_real_if at a cursor (jsonw_cur.h). */
JSONW_INLINE_ void cur_int_if(struct jsonw *w, struct jsonw_cur *c, struct jsonw_name key, bool known,
			      int64_t v)
{
	if (known)
		jsonw_cur_int(w, c, key, v);
	else
		jsonw_cur_null(w, c, key);
}

JSONW_INLINE_ void cur_real_if(struct jsonw *w, struct jsonw_cur *c, struct jsonw_name key, bool known,
			       double v)
{
	if (known)
		jsonw_cur_real(w, c, key, v);
	else
		jsonw_cur_null(w, c, key);
}

/* The value of the key "report" of a kernel record's analysis: what the
 * profiler measured and computed, and how occview's figures compare. */
void output_json_report(struct jsonw *w, const struct analysis *a);

#endif
