/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* record_store_pack.c - a kernel record written in the store's packed form
 * (record_store.h has the form, record_store_form.h its tables). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "record_store_form.h"

struct out {
	uint8_t *b;
	size_t len, cap;
	bool failed;
};

/* Room for n more bytes; false (and failed) when out of memory. */
static bool reserve(struct out *o, size_t n)
{
	if (o->failed)
		return false;
	if (o->cap - o->len < n) {
		size_t cap = o->cap ? o->cap : 256;
		uint8_t *b;

		while (cap - o->len < n)
			cap *= 2;
		b = realloc(o->b, cap);
		if (!b) {
			o->failed = true;
			return false;
		}
		o->b = b;
		o->cap = cap;
	}
	return true;
}

static void put_bytes(struct out *o, const void *p, size_t n)
{
	if (!reserve(o, n))
		return;
	memcpy(o->b + o->len, p, n);
	o->len += n;
}

/* The largest varint: 64 bits in sevens. */
enum { VARINT_MAX = 10 };

/* v as a varint at q, in room reserved; the byte after it. */
static uint8_t *varint_at(uint8_t *q, uint64_t v)
{
	while (v >= 0x80) {
		*q++ = (uint8_t)(v | 0x80);
		v >>= 7;
	}
	*q++ = (uint8_t)v;
	return q;
}

static void put_varint(struct out *o, uint64_t v)
{
	if (reserve(o, VARINT_MAX))
		o->len = (size_t)(varint_at(o->b + o->len, v) - o->b);
}

static uint64_t zigzag(int64_t v)
{
	return ((uint64_t)v << 1) ^ (uint64_t)(v >> 63);
}

/* A length, then the bytes; NULL as length 0 and "" as 1 (text + 1). */
static void put_text(struct out *o, const char *t)
{
	size_t n = t ? strlen(t) + 1 : 0;

	put_varint(o, n);
	if (n > 1)
		put_bytes(o, t, n - 1);
}

/* A double as a varint when that is exact (a whole number, not -0). */
static bool whole(double v, int64_t *i)
{
	if (!(v >= -9007199254740992.0 && v <= 9007199254740992.0))
		return false;
	*i = (int64_t)v;
	return (double)*i == v && !(v == 0 && signbit(v));
}

/* The fields into room reserved once: a record is read as every one of
 * a report's records is, so no byte goes through put_bytes. */
static void put_fields(struct out *o, const struct report_record *rec)
{
	const unsigned char *p = (const unsigned char *)rec;
	uint8_t *q;
	int last = -1;

	/* each field: its tag (a step below 2^7 << 2: two bytes) and a value */
	if (!reserve(o, N_FIELDS * (2 + VARINT_MAX) + 1))
		return;
	q = o->b + o->len;
	/* unrolled, each field's offset a constant: no table is read and no
	 * branch is shared by the fields (68 of them, every record) */
#if defined(__GNUC__)
#pragma GCC unroll 64
#endif
	for (int f = 0; f < N_INTS; f++) {
		const struct report_int *v = (const void *)(p + int_fields[f]);

		if (!v->present && v->value == 0)
			continue;
		q = varint_at(q, (uint64_t)(f - last) << 2 | (v->present ? TAG_PRESENT : 0));
		q = varint_at(q, zigzag(v->value));
		last = f;
	}
#if defined(__GNUC__)
#pragma GCC unroll 64
#endif
	for (int f = N_INTS; f < N_FIELDS; f++) {
		const struct report_num *v = (const void *)(p + num_fields[f - N_INTS]);
		double dv = v->value;
		uint64_t bits;
		int64_t iv = 0;
		bool raw;

		/* absent and +0 (its bits all zero: no division by a zero a
		 * field, as 1 / dv < 0 took, to tell -0) */
		memcpy(&bits, &dv, sizeof(bits));
		if (!v->present && bits == 0)
			continue;
		raw = !whole(dv, &iv);
		q = varint_at(q, (uint64_t)(f - last) << 2 | (v->present ? TAG_PRESENT : 0) |
				 (raw ? TAG_RAW : 0));
		if (raw) {
			memcpy(q, &dv, sizeof(dv));
			q += sizeof(dv);
		} else {
			q = varint_at(q, zigzag(iv));
		}
		last = f;
	}
	*q++ = 0;
	o->len = (size_t)(q - o->b);
}

static void put_binary(struct out *o, const struct report_binary *b)
{
	/* As it is in memory, but for its pointers (written again on
	 * unpacking): the same binary packs to the same bytes. */
	struct report_binary c = *b;

	c.target = c.mangled_name = NULL;
	c.attrs = NULL;
	c.keys = NULL;
	put_bytes(o, &c, sizeof(c));
	put_text(o, b->target);
	put_text(o, b->mangled_name);
	if (b->n_attrs)
		put_bytes(o, b->attrs, b->n_attrs * sizeof(*b->attrs));
	for (size_t i = 0; i < b->n_keys; i++) {
		struct report_binary_key k = b->keys[i];

		k.key = k.text = NULL;
		put_bytes(o, &k, sizeof(k));
		put_text(o, b->keys[i].key);
		put_text(o, b->keys[i].text);
	}
}

static void put_record(struct out *o, const struct report_record *rec, const uint32_t *texts)
{
	unsigned has = (rec->n_sm ? HAS_SM : 0) | (rec->n_sm_events ? HAS_SM_EVENTS : 0) |
		       (rec->n_rules ? HAS_RULES : 0) | (rec->binary ? HAS_BINARY : 0) |
		       (rec->achieved_from ? HAS_FROM : 0) |
		       (rec->block_required ? HAS_BLOCK_REQUIRED : 0);
	uint8_t small[4] = { (uint8_t)has, (uint8_t)rec->vendor, rec->ncu_layout,
			     (uint8_t)rec->figures_by };

	uint8_t *q;

	if (!reserve(o, sizeof(small) + 7 * VARINT_MAX))
		return;
	q = o->b + o->len;
	memcpy(q, small, sizeof(small));
	q = varint_at(q + sizeof(small), zigzag(rec->line));
	q = varint_at(q, rec->run);
	for (int i = 0; i < 5; i++)
		q = varint_at(q, texts[i]);
	o->len = (size_t)(q - o->b);
	put_fields(o, rec);
	if (has & HAS_SM) {
		put_varint(o, rec->n_sm);
		put_bytes(o, rec->sm_achieved_pct, rec->n_sm * sizeof(double));
	}
	if (has & HAS_SM_EVENTS) {
		put_varint(o, rec->n_sm_events);
		put_bytes(o, rec->sm_active_warps, rec->n_sm_events * sizeof(double));
		put_bytes(o, rec->sm_active_cycles, rec->n_sm_events * sizeof(double));
	}
	if (has & HAS_RULES) {
		put_varint(o, rec->n_rules);
		for (size_t i = 0; i < rec->n_rules; i++) {
			const struct report_rule *u = &rec->rules[i];

			put_text(o, u->section);
			put_text(o, u->name);
			put_text(o, u->type);
			put_text(o, u->text);
			put_bytes(o, u->speedup_type, sizeof(u->speedup_type));
			put_bytes(o, &u->speedup_pct, sizeof(u->speedup_pct));
		}
	}
	if (has & HAS_BINARY)
		put_binary(o, rec->binary);
	if (has & HAS_FROM)
		put_bytes(o, &rec->achieved_from, sizeof(rec->achieved_from));
}

bool record_store_write(struct record_store *s, const struct report_record *rec,
			const uint32_t texts[5], size_t *at)
{
	struct out o = { s->blob, s->len, s->cap, false };

	put_record(&o, rec, texts);
	/* realloc may have moved the blob even when a later growth failed */
	s->blob = o.b;
	s->cap = o.cap;
	if (o.failed)
		return false;
	*at = s->len;
	s->len = o.len;
	return true;
}
