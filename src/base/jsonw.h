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

#include <string.h>

#include "numfmt.h"
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
/* The indent of what comes next at depth 0 (a writer kept across a
 * document's parts: --compare's "comparison" after the kernels); clamped
 * to 0..32, as jsonw_init's (the room an item's start asks for,
 * JSONW_ROOM_, counts on it). */
void jsonw_set_base(struct jsonw *w, int base);
/* jsonw_object and jsonw_array are inline, below. */
void jsonw_key(struct jsonw *w, const char *key);
/* A member name: jsonw_member writes it as jsonw_key would. JSONW_NAME
 * makes one of a string literal (anything else does not compile) needing
 * no escape, quoted by the compiler: "\"name\": " and its length, so a
 * kernel's hundred-odd names are a copy each, not a length, a scan for
 * escapes and a copy. The literal is padded with JSONW_NAME_COPY NULs, so
 * the copy is one of a constant size (a few moves, no call) whatever the
 * name's length up to that. jsonw_name_of makes one of any other string,
 * which jsonw_key writes, and jsonw_word_name one of a word of the
 * program's own (jsonw_member_word). JSONW_NAME_INIT is JSONW_NAME for a
 * static table's initializer. */
struct jsonw_name {
	const char *text;
	size_t len;                      /* of text; 0: a plain key; JSONW_WORD_: a word */
};
#define JSONW_NAME_COPY 48
#define JSONW_NAME_PAD_ "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"
#define JSONW_NAME_INIT(lit) { "\"" lit "\": " JSONW_NAME_PAD_ JSONW_NAME_PAD_ JSONW_NAME_PAD_, \
			      sizeof("\"" lit "\": ") - 1 }
#define JSONW_NAME(lit) ((struct jsonw_name)JSONW_NAME_INIT(lit))
static inline struct jsonw_name jsonw_name_of(const char *key)
{
	return (struct jsonw_name){ key, 0 };
}
/* A name of the program's own made at run time: jsonw_member_word's. */
#define JSONW_WORD_ ((size_t)-1)
static inline struct jsonw_name jsonw_word_name(const char *key)
{
	return (struct jsonw_name){ key, JSONW_WORD_ };
}
/* A member named by a word of the program's own (a parameter's key, a
 * factor's: printable ASCII, no '"' or backslash), made at run time:
 * written as jsonw_key would, without the scan for escapes. */
void jsonw_member_word(struct jsonw *w, const char *key);
/* s must be UTF-8 (sanitize file text first, as jansson requires too). */
void jsonw_string(struct jsonw *w, const char *s);
/* Text as a file gave it: what str_sanitize(s, buf, size) leaves, written
 * as jsonw_string writes it (control characters and bytes that are not
 * UTF-8 as \xNN text, since JSON strings must be UTF-8; cut to size - 1
 * bytes). Printable ASCII with nothing to escape, most names, is copied
 * straight, without the sanitized copy and a second scan. */
void jsonw_text(struct jsonw *w, const char *s, size_t size);
/* As jsonw_string for a string of the program's own (a word from its
 * tables: printable ASCII, no '"' or backslash), written without the scan
 * for escapes. */
void jsonw_word(struct jsonw *w, const char *s);
void jsonw_real(struct jsonw *w, double v);
/* Writes out what is buffered; false when the stream has an error. Call it
 * before anything else writes to the stream, and at the end. */
bool jsonw_flush(struct jsonw *w);

/* The rest is inline: a kernel object is a hundred-odd members, numbers,
 * nulls and ends, each a few moves here rather than calls into jsonw.c.
 * JSONW_ROOM_ is the most an item's start can take: a comma, the new line
 * and the indent (base at most 32, JSONW_MAX_DEPTH levels of 2). */
enum { JSONW_ROOM_ = 128 };
/* The members' few moves belong where they are written: inline even where
 * the compiler would rather call (a call's saves and restores cost more
 * than the member, and a literal name's checks fold away only inline). */
#if defined(__GNUC__) || defined(__clang__)
#define JSONW_INLINE_ static inline __attribute__((always_inline))
#else
#define JSONW_INLINE_ static inline
#endif
void jsonw_newline_slow_(char *p, int spaces);
void jsonw_member_slow_(struct jsonw *w, struct jsonw_name name);

/* A new line and spaces of indent at p (room asked for); returns their end. */
static inline char *jsonw_newline_(char *p, int spaces)
{
	static const char indent[] = "\n                                                ";

	/* The whole indent string, a copy of a constant size (a few moves, no
	 * call), of which the new line and the spaces count. */
	if (spaces <= (int)sizeof(indent) - 2)
		memcpy(p, indent, sizeof(indent) - 1);
	else
		jsonw_newline_slow_(p, spaces);
	return p + 1 + spaces;
}

/* Writes at p what starts an item in the open container: its separator
 * and (not compact) the new line and indent; returns where the item goes.
 * The room was asked for; 0 < depth <= JSONW_MAX_DEPTH. */
JSONW_INLINE_ char *jsonw_item_(struct jsonw *w, char *p)
{
	bool *empty = &w->empty[w->depth - 1];

	*p = ',';
	p += !*empty;
	*empty = false;
	return w->compact ? p : jsonw_newline_(p, w->base + 2 * w->depth);
}

/* Where a value starts: after a key nothing; in an array the separator and
 * the new line jansson puts before every item. Room for len more bytes
 * after the start is there. */
JSONW_INLINE_ char *jsonw_value_(struct jsonw *w, size_t len)
{
	char *p = outbuf_room(&w->text, JSONW_ROOM_ + len);

	if (w->after_key) {
		w->after_key = false;
		return p;
	}
	if (w->depth == 0 || w->depth > JSONW_MAX_DEPTH)
		return p;
	return jsonw_item_(w, p);
}

JSONW_INLINE_ void jsonw_member(struct jsonw *w, struct jsonw_name name)
{
	char *p;

	if (name.len == 0 || name.len > JSONW_NAME_COPY || w->after_key || w->depth == 0 ||
	    w->depth > JSONW_MAX_DEPTH) {
		jsonw_member_slow_(w, name);
		return;
	}
	p = jsonw_item_(w, outbuf_room(&w->text, JSONW_ROOM_ + JSONW_NAME_COPY));
	memcpy(p, name.text, JSONW_NAME_COPY);
	/* the space after the colon is the text's last byte */
	w->text.n = (size_t)(p - w->text.buf) + name.len - w->compact;
	w->after_key = true;
}

/* v as "%lld" (numfmt_int) at p (NUMFMT_MAX bytes of room), those below
 * 10^8 without a call (numfmt_int_at); returns the end. */
JSONW_INLINE_ char *jsonw_int_at_(char *p, int64_t v)
{
	return numfmt_int_at(p, v);
}

/* Integers as "%lld" (numfmt_int). */
JSONW_INLINE_ void jsonw_int(struct jsonw *w, int64_t v)
{
	char *p = jsonw_int_at_(jsonw_value_(w, NUMFMT_MAX), v);

	w->text.n = (size_t)(p - w->text.buf);
}

JSONW_INLINE_ void jsonw_null(struct jsonw *w)
{
	char *p = jsonw_value_(w, 4);

	memcpy(p, "null", 4);
	w->text.n = (size_t)(p + 4 - w->text.buf);
}

JSONW_INLINE_ void jsonw_bool(struct jsonw *w, bool v)
{
	char *p = jsonw_value_(w, 5);

	memcpy(p, v ? "true" : "false", 5);
	w->text.n = (size_t)(p + 4 + !v - w->text.buf);
}

/* v as jsonw_real writes it at p (NUMFMT_MAX + 2 bytes of room); returns
 * the end. */
char *jsonw_real_at_(char *p, double v);

/* A member and its value in one: jsonw_member then jsonw_int, jsonw_real
 * or jsonw_null, the same text, with one ask for room and no key state
 * between the two (the hundred-odd numbers of a kernel object). start is
 * where the value goes, NULL where the member's text is not for the quick
 * way (then jsonw_member has written it). */
JSONW_INLINE_ char *jsonw_member_start_(struct jsonw *w, struct jsonw_name name)
{
	char *p;

	if (name.len == 0 || name.len > JSONW_NAME_COPY || w->after_key || w->depth == 0 ||
	    w->depth > JSONW_MAX_DEPTH) {
		jsonw_member_slow_(w, name);
		return NULL;
	}
	p = jsonw_item_(w, outbuf_room(&w->text, JSONW_ROOM_ + JSONW_NAME_COPY + NUMFMT_MAX + 2));
	memcpy(p, name.text, JSONW_NAME_COPY);
	/* the space after the colon is the text's last byte */
	return p + name.len - w->compact;
}

JSONW_INLINE_ void jsonw_member_int(struct jsonw *w, struct jsonw_name name, int64_t v)
{
	char *p = jsonw_member_start_(w, name);

	if (!p) {
		jsonw_int(w, v);
		return;
	}
	w->text.n = (size_t)(jsonw_int_at_(p, v) - w->text.buf);
}

JSONW_INLINE_ void jsonw_member_null(struct jsonw *w, struct jsonw_name name)
{
	char *p = jsonw_member_start_(w, name);

	if (!p) {
		jsonw_null(w);
		return;
	}
	memcpy(p, "null", 4);
	w->text.n = (size_t)(p + 4 - w->text.buf);
}

JSONW_INLINE_ void jsonw_member_real(struct jsonw *w, struct jsonw_name name, double v)
{
	char *p = jsonw_member_start_(w, name);

	if (!p) {
		jsonw_real(w, v);
		return;
	}
	w->text.n = (size_t)(jsonw_real_at_(p, v) - w->text.buf);
}

/* Opens a container, '{' or '['. */
JSONW_INLINE_ void jsonw_open_(struct jsonw *w, char c, char closer)
{
	char *p = jsonw_value_(w, 1);

	*p = c;
	w->text.n = (size_t)(p + 1 - w->text.buf);
	if (w->depth < JSONW_MAX_DEPTH) {
		w->empty[w->depth] = true;
		w->closer[w->depth] = closer;
	}
	w->depth++;
}

JSONW_INLINE_ void jsonw_object(struct jsonw *w)
{
	jsonw_open_(w, '{', '}');
}

JSONW_INLINE_ void jsonw_array(struct jsonw *w)
{
	jsonw_open_(w, '[', ']');
}

/* A run of numbers in the array just opened, on one line (JSON Lines:
 * the findings' parameters, a hundred-odd a raw-page record), with the
 * writer's state checked once for the run rather than per number:
 * jsonw_run_start says whether the run may go the quick way (a compact
 * writer, an empty array open; false: write them with jsonw_int and
 * jsonw_real), jsonw_run_int and jsonw_run_real write one, with the
 * comma before all but the first, and jsonw_run_end records them. */
struct jsonw_run {
	char *p;                         /* where the next number goes */
	const char *end;                 /* past it, the room must be asked for */
	bool any;                        /* a number was written */
};

JSONW_INLINE_ bool jsonw_run_start(struct jsonw *w, struct jsonw_run *r)
{
	if (!w->compact || w->after_key || w->depth == 0 || w->depth > JSONW_MAX_DEPTH ||
	    !w->empty[w->depth - 1])
		return false;
	r->p = w->text.buf + w->text.n;
	r->end = w->text.buf + sizeof(w->text.buf) - (NUMFMT_MAX + 3);
	r->any = false;
	return true;
}

/* Room for a comma and a number at r->p. */
JSONW_INLINE_ void jsonw_run_room_(struct jsonw *w, struct jsonw_run *r)
{
	if (r->p > r->end) {
		w->text.n = (size_t)(r->p - w->text.buf);
		r->p = outbuf_room(&w->text, NUMFMT_MAX + 3);
	}
	*r->p = ',';
	r->p += r->any;
	r->any = true;
}

JSONW_INLINE_ void jsonw_run_int(struct jsonw *w, struct jsonw_run *r, int64_t v)
{
	jsonw_run_room_(w, r);
	r->p = numfmt_int_at(r->p, v);
}

JSONW_INLINE_ void jsonw_run_real(struct jsonw *w, struct jsonw_run *r, double v)
{
	jsonw_run_room_(w, r);
	r->p = jsonw_real_at_(r->p, v);
}

JSONW_INLINE_ void jsonw_run_end(struct jsonw *w, const struct jsonw_run *r)
{
	w->text.n = (size_t)(r->p - w->text.buf);
	if (r->any)
		w->empty[w->depth - 1] = false;
}

/* Closes the innermost container: on a line of its own unless empty. */
static inline void jsonw_end(struct jsonw *w)
{
	char *p;

	if (w->depth == 0)
		return;
	w->depth--;
	if (w->depth >= JSONW_MAX_DEPTH)
		return;
	p = outbuf_room(&w->text, JSONW_ROOM_);
	if (!w->empty[w->depth] && !w->compact)
		p = jsonw_newline_(p, w->base + 2 * w->depth);
	*p++ = w->closer[w->depth];
	w->text.n = (size_t)(p - w->text.buf);
}

#endif
