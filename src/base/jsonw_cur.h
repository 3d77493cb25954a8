/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* jsonw_cur.h - a cursor over the members of an open JSON object: the text
 * jsonw_member_int and the rest write, with the writer's position kept in
 * a local pointer across the object's members rather than loaded and
 * stored per member, and a member's separator, new line and indent as one
 * store of 16 constant bytes (the same for compact and indented text, only
 * how far the cursor moves differs). Nested objects take a cursor of their
 * own (jsonw_cur_open) without the writer's depth bookkeeping. In the
 * writer's own open object, anything else is written by the writer between
 * jsonw_cur_sync and jsonw_cur_resume (or jsonw_cur_key and
 * jsonw_cur_resume, for a member's value). */
#ifndef OCC_JSONW_CUR_H
#define OCC_JSONW_CUR_H

#include "jsonw.h"

/* "," the new line and the indent; a cursor copies 16 bytes of it before
 * each member and moves on by its length (1 compact, 2 + indent otherwise;
 * one less for a first member, from its second byte). */
extern const char jsonw_cur_sep_[];
/* The rest of an indent of more than 14 spaces. */
void jsonw_cur_wide_(char *p, size_t adv);

struct jsonw_cur {
	char *p;                         /* where the next byte goes */
	size_t first;                    /* 1 before the first member (no comma), else 0 */
	size_t full;                     /* a member's separator's length after the first */
	size_t cut;                      /* 1 compact: the space after a name's colon dropped */
	const char *end;                 /* past it, the room for a member must be asked for */
};

/* The most one member takes after the cursor's room check: the separator
 * and indent, a name, and a number or a nested object's opening. */
enum { JSONW_CUR_ROOM_ = JSONW_ROOM_ + JSONW_NAME_COPY + NUMFMT_MAX + 2 };

/* Starts at the writer's position in the object it has open (the members
 * so far written by it count: a first member takes no comma). */
JSONW_INLINE_ void jsonw_cur_resume(struct jsonw *w, struct jsonw_cur *c)
{
	bool empty = w->depth > 0 && w->depth <= JSONW_MAX_DEPTH && w->empty[w->depth - 1];

	c->p = w->text.buf + w->text.n;
	c->end = w->text.buf + sizeof(w->text.buf) - JSONW_CUR_ROOM_;
	c->cut = w->compact;
	c->full = w->compact ? 1 : (size_t)(2 + w->base + 2 * w->depth);
	c->first = empty;
}

/* Gives the position back to the writer, to write what the cursor does
 * not (then jsonw_cur_resume). */
JSONW_INLINE_ void jsonw_cur_sync(struct jsonw *w, const struct jsonw_cur *c)
{
	w->text.n = (size_t)(c->p - w->text.buf);
	if (!c->first && w->depth > 0 && w->depth <= JSONW_MAX_DEPTH)
		w->empty[w->depth - 1] = false;
}

/* Room for one member at c->p. */
JSONW_INLINE_ char *jsonw_cur_room_(struct jsonw *w, struct jsonw_cur *c)
{
	if (c->p > c->end) {
		w->text.n = (size_t)(c->p - w->text.buf);
		c->p = outbuf_room(&w->text, JSONW_CUR_ROOM_);
	}
	return c->p;
}

/* Room at the cursor and the separator before its next member or item
 * (none before the first: the comma, newline and indent otherwise);
 * returns where that member goes. */
JSONW_INLINE_ char *jsonw_cur_sep_at_(struct jsonw *w, struct jsonw_cur *c)
{
	char *p = jsonw_cur_room_(w, c);

	memcpy(p, jsonw_cur_sep_ + c->first, 16);
	if (c->full > 16)
		jsonw_cur_wide_(p, c->full - c->first);
	p += c->full - c->first;
	c->first = 0;
	return p;
}

/* Of a JSONW_NAME's padded text as much as it takes, 16 bytes at a time
 * (the length of a literal is known: the choice folds away), at p. */
JSONW_INLINE_ void jsonw_name_copy_(char *p, struct jsonw_name name)
{
	if (name.len <= 16)
		memcpy(p, name.text, 16);
	else if (name.len <= 32)
		memcpy(p, name.text, 32);
	else
		memcpy(p, name.text, JSONW_NAME_COPY);
}

/* A member's separator and name at the cursor (name a JSONW_NAME:
 * jsonw_cur_key takes any); returns where its value goes. */
JSONW_INLINE_ char *jsonw_cur_name_(struct jsonw *w, struct jsonw_cur *c, struct jsonw_name name)
{
	char *p = jsonw_cur_sep_at_(w, c);

	jsonw_name_copy_(p, name);
	return p + name.len - c->cut;
}

/* A member's name of any kind; its value is the writer's next (write it,
 * then jsonw_cur_resume). Only at a cursor over the writer's own open
 * object (jsonw_cur_resume's, not jsonw_cur_open's: the writer knows
 * nothing of those). */
JSONW_INLINE_ void jsonw_cur_key(struct jsonw *w, struct jsonw_cur *c, struct jsonw_name name)
{
	jsonw_cur_sync(w, c);
	jsonw_member(w, name);
}

JSONW_INLINE_ bool jsonw_cur_quick_(struct jsonw_name name)
{
	return name.len > 0 && name.len <= JSONW_NAME_COPY;
}

/* jsonw_cur_name_ for a name of another kind: made at run time (quoted
 * and escaped as jsonw_key does), a long literal. */
char *jsonw_cur_name_slow_(struct jsonw *w, struct jsonw_cur *c, struct jsonw_name name);

JSONW_INLINE_ char *jsonw_cur_name_any_(struct jsonw *w, struct jsonw_cur *c, struct jsonw_name name)
{
	if (!jsonw_cur_quick_(name))
		return jsonw_cur_name_slow_(w, c, name);
	return jsonw_cur_name_(w, c, name);
}

JSONW_INLINE_ void jsonw_cur_int(struct jsonw *w, struct jsonw_cur *c, struct jsonw_name name,
				 int64_t v)
{
	c->p = numfmt_int_at(jsonw_cur_name_any_(w, c, name), v);
}

JSONW_INLINE_ void jsonw_cur_real(struct jsonw *w, struct jsonw_cur *c, struct jsonw_name name,
				  double v)
{
	c->p = jsonw_real_at_(jsonw_cur_name_any_(w, c, name), v);
}

/* A constant value of at most 8 bytes ("null", "true", "false", "[]"). */
JSONW_INLINE_ void jsonw_cur_lit_(struct jsonw *w, struct jsonw_cur *c, struct jsonw_name name,
				  const char *lit, size_t len)
{
	char *p = jsonw_cur_name_any_(w, c, name);

	memcpy(p, lit, 8);
	c->p = p + len;
}

JSONW_INLINE_ void jsonw_cur_null(struct jsonw *w, struct jsonw_cur *c, struct jsonw_name name)
{
	jsonw_cur_lit_(w, c, name, "null\0\0\0", 4);
}

JSONW_INLINE_ void jsonw_cur_bool(struct jsonw *w, struct jsonw_cur *c, struct jsonw_name name,
				  bool v)
{
	jsonw_cur_lit_(w, c, name, v ? "true\0\0\0" : "false\0\0", v ? 4 : 5);
}

/* An empty array: jsonw_array then jsonw_end. */
JSONW_INLINE_ void jsonw_cur_empty_array(struct jsonw *w, struct jsonw_cur *c, struct jsonw_name name)
{
	jsonw_cur_lit_(w, c, name, "[]\0\0\0\0\0", 2);
}

/* A member whose value is an object ('{') or an array ('['), its members
 * or items written with in (and closed with jsonw_cur_close), nothing with
 * c until then. */
JSONW_INLINE_ void jsonw_cur_open_(struct jsonw *w, struct jsonw_cur *c, struct jsonw_name name,
				   struct jsonw_cur *in, char opener)
{
	char *p = jsonw_cur_name_any_(w, c, name);

	*p = opener;
	in->p = p + 1;
	in->end = c->end;
	in->cut = c->cut;
	in->full = c->full + 2 - 2 * c->cut;
	in->first = 1;
}

JSONW_INLINE_ void jsonw_cur_open(struct jsonw *w, struct jsonw_cur *c, struct jsonw_name name,
				  struct jsonw_cur *in)
{
	jsonw_cur_open_(w, c, name, in, '{');
}

JSONW_INLINE_ void jsonw_cur_open_array(struct jsonw *w, struct jsonw_cur *c, struct jsonw_name name,
					struct jsonw_cur *in)
{
	jsonw_cur_open_(w, c, name, in, '[');
}

/* An integer item of the array in (jsonw_cur_open_array's). */
JSONW_INLINE_ void jsonw_cur_item_int(struct jsonw *w, struct jsonw_cur *in, int64_t v)
{
	in->p = numfmt_int_at(jsonw_cur_sep_at_(w, in), v);
}

/* A string item of the array in: the word a JSONW_NAME names (its text
 * without the colon and space after the quotes: "\"warps\": " gives
 * "\"warps\""), a constant copy like the name's. */
JSONW_INLINE_ void jsonw_cur_item_name_word(struct jsonw *w, struct jsonw_cur *in, struct jsonw_name name)
{
	char *p = jsonw_cur_sep_at_(w, in);

	jsonw_name_copy_(p, name);
	in->p = p + name.len - 2;
}

/* Closes in's object or array (a member of c's, closer '}' or ']'): on a
 * line of its own unless empty. */
JSONW_INLINE_ void jsonw_cur_close_(struct jsonw *w, struct jsonw_cur *c, const struct jsonw_cur *in,
				    char closer)
{
	char *p;

	c->p = in->p;
	p = jsonw_cur_room_(w, c);
	if (!in->first) {
		/* the new line and the outer indent */
		memcpy(p, jsonw_cur_sep_ + 1, 16);
		if (c->full - 1 > 16)
			jsonw_cur_wide_(p, c->full - 1);
		p += c->full - 1;
	}
	*p = closer;
	c->p = p + 1;
}

JSONW_INLINE_ void jsonw_cur_close(struct jsonw *w, struct jsonw_cur *c, const struct jsonw_cur *in)
{
	jsonw_cur_close_(w, c, in, '}');
}

JSONW_INLINE_ void jsonw_cur_close_array(struct jsonw *w, struct jsonw_cur *c, const struct jsonw_cur *in)
{
	jsonw_cur_close_(w, c, in, ']');
}

/* A member whose value is a word of the program's own (jsonw_word: no
 * escapes needed). */
void jsonw_cur_word(struct jsonw *w, struct jsonw_cur *c, struct jsonw_name name, const char *s);

#endif
