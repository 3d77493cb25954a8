/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* jsonw.h - a streaming JSON writer for --format json: values written as
 * they come, in exactly the text jansson's json_dumps gives with
 * JSON_INDENT(2) | JSON_REAL_PRECISION(10) (its escaping, its reals, its
 * layout), without building a tree: building and freeing a jansson tree per
 * kernel was most of --format json's time, and so was a stdio call per
 * character: the text is gathered in a buffer. Tests check the output against
 * jansson itself (a parse and dump back is the same text). */
#ifndef OCC_JSONW_H
#define OCC_JSONW_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "outbuf.h"

#define JSONW_MAX_DEPTH 16

struct jsonw {
	struct outbuf text;              /* written out when full and by jsonw_flush */
	int depth;                       /* containers open */
	int base;                        /* indent of the outermost (spaces) */
	bool empty[JSONW_MAX_DEPTH];     /* the container at each depth has no item yet */
	char closer[JSONW_MAX_DEPTH];    /* '}' or ']' */
	bool after_key;                  /* a key was written: its value comes next */
	bool compact;                    /* one line: jansson's JSON_COMPACT */
};

/* Starts a document part at an indent of base spaces (the kernels of the
 * streamed array sit at 4). */
void jsonw_init(struct jsonw *w, FILE *out, int base);
/* The same values on one line, as json_dumps writes them with JSON_COMPACT |
 * JSON_REAL_PRECISION(10): no new lines or indent, "," and ":" alone
 * between items (JSON Lines). */
void jsonw_init_compact(struct jsonw *w, FILE *out);
void jsonw_object(struct jsonw *w);
void jsonw_array(struct jsonw *w);
void jsonw_end(struct jsonw *w);
void jsonw_key(struct jsonw *w, const char *key);
/* A member name: jsonw_member writes it as jsonw_key would. JSONW_NAME
 * makes one of a string literal (anything else does not compile) needing
 * no escape, quoted by the compiler: "\"name\": " and its length, so a
 * kernel's hundred-odd names are a copy each, not a length, a scan for
 * escapes and a copy. jsonw_name_of makes one of any other string, which
 * jsonw_key writes. */
struct jsonw_name {
	const char *text;
	size_t len;                      /* of text; 0: text is a plain key */
};
#define JSONW_NAME(lit) ((struct jsonw_name){ "\"" lit "\": ", sizeof("\"" lit "\": ") - 1 })
static inline struct jsonw_name jsonw_name_of(const char *key)
{
	return (struct jsonw_name){ key, 0 };
}
void jsonw_member(struct jsonw *w, struct jsonw_name name);
/* s must be UTF-8 (sanitize file text first, as jansson requires too). */
void jsonw_string(struct jsonw *w, const char *s);
void jsonw_int(struct jsonw *w, int64_t v);
void jsonw_real(struct jsonw *w, double v);
void jsonw_bool(struct jsonw *w, bool v);
void jsonw_null(struct jsonw *w);
/* Writes out what is buffered; false when the stream has an error. Call it
 * before anything else writes to the stream, and at the end. */
bool jsonw_flush(struct jsonw *w);

#endif
