/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* record_store_unpack.c - a packed kernel record read back (record_store.h):
 * the whole record, or only its id. */
#include "config.h"

#include "record_store.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "record_store_form.h"

struct in {
	const uint8_t *p, *end;
	bool bad;
};

static bool get_bytes(struct in *in, void *to, size_t n)
{
	if (in->bad || (size_t)(in->end - in->p) < n) {
		in->bad = true;
		return false;
	}
	memcpy(to, in->p, n);
	in->p += n;
	return true;
}

/* The most bytes a varint takes: 64 bits in sevens. */
enum { VARINT_BYTES = 10 };

/* Every field of every record unpacked goes through here: the bytes are
 * read off the pointer, without get_bytes's checks a byte (rocprof's
 * timestamps take eight bytes each). */
static inline uint64_t get_varint(struct in *in)
{
	const uint8_t *p = in->p;
	uint64_t v = 0;

	if (in->bad)
		return 0;
	/* most are one byte: tags, small values, text indices */
	if (p < in->end && *p < 0x80) {
		in->p = p + 1;
		return *p;
	}
	for (int shift = 0; shift < 64 && p < in->end; shift += 7) {
		uint8_t b = *p++;

		v |= (uint64_t)(b & 0x7f) << shift;
		if (!(b & 0x80)) {
			in->p = p;
			return v;
		}
	}
	/* cut short, or longer than 64 bits */
	in->bad = true;
	return 0;
}

static int64_t get_int(struct in *in)
{
	uint64_t z = get_varint(in);

	return (int64_t)(z >> 1) ^ -(int64_t)(z & 1);
}

/* A count of items of size bytes each that the bytes left can hold. */
static size_t get_count(struct in *in, size_t size)
{
	uint64_t n = get_varint(in);

	if (in->bad || n == 0 || n > (uint64_t)(in->end - in->p) / size) {
		in->bad = true;
		return 0;
	}
	return (size_t)n;
}

/* A heap copy of a text put_text wrote (*t NULL for NULL); false when it
 * is cut short or memory runs out. */
static bool get_text(struct in *in, char **t)
{
	uint64_t n = get_varint(in);

	*t = NULL;
	if (in->bad || n > (uint64_t)(in->end - in->p) + 1) {
		in->bad = true;
		return false;
	}
	if (n == 0)
		return true;
	*t = malloc((size_t)n);
	if (!*t || !get_bytes(in, *t, (size_t)n - 1)) {
		free(*t);
		*t = NULL;
		in->bad = true;
		return false;
	}
	(*t)[n - 1] = '\0';
	return true;
}

static double *get_doubles(struct in *in, size_t n)
{
	double *d = malloc(n * sizeof(*d));

	if (!d || !get_bytes(in, d, n * sizeof(*d))) {
		free(d);
		in->bad = true;
		return NULL;
	}
	return d;
}

static bool get_fields(struct in *in, struct report_record *rec)
{
	unsigned char *p = (unsigned char *)rec;
	int f = -1;

	for (;;) {
		uint64_t tag = get_varint(in);

		if (in->bad)
			return false;
		if (tag == 0)
			return true;
		/* each field once, in order: a step of 0 names the one
		 * before the first (fuzz_store found it) */
		if ((tag >> 2) == 0 || (tag >> 2) > (uint64_t)(N_FIELDS - 1 - f)) {
			in->bad = true;
			return false;
		}
		f += (int)(tag >> 2);
		if (f < N_INTS) {
			struct report_int *v = (void *)(p + int_fields[f]);

			if (tag & TAG_RAW) {
				in->bad = true;
				return false;
			}
			v->present = tag & TAG_PRESENT;
			v->value = get_int(in);
		} else {
			struct report_num *v = (void *)(p + num_fields[f - N_INTS]);

			v->present = tag & TAG_PRESENT;
			if (tag & TAG_RAW)
				get_bytes(in, &v->value, sizeof(v->value));
			else
				v->value = (double)get_int(in);
		}
	}
}

/* Frees what unpacking gave rec so far and leaves it as it started. */
static void drop(struct report_record *rec)
{
	struct report_binary *b = rec->binary;

	free(rec->name);
	free(rec->sm_achieved_pct);
	free(rec->sm_active_warps);
	free(rec->sm_active_cycles);
	for (size_t i = 0; rec->rules && i < rec->n_rules; i++) {
		free(rec->rules[i].section);
		free(rec->rules[i].name);
		free(rec->rules[i].type);
		free(rec->rules[i].text);
	}
	free(rec->rules);
	if (b) {
		free(b->target);
		free(b->mangled_name);
		free(b->attrs);
		for (size_t i = 0; b->keys && i < b->n_keys; i++) {
			free(b->keys[i].key);
			free(b->keys[i].text);
		}
		free(b->keys);
		free(b);
	}
	*rec = (struct report_record){
		.short_name = "", .process = "", .device = "", .gfx_target = ""
	};
}

static bool get_rules(struct in *in, struct report_record *rec)
{
	size_t n = get_count(in, 5);

	/* calloc: every text NULL until read, for drop */
	rec->rules = n ? calloc(n, sizeof(*rec->rules)) : NULL;
	if (!rec->rules)
		return false;
	rec->n_rules = n;
	for (size_t i = 0; i < n; i++) {
		struct report_rule *u = &rec->rules[i];

		if (!get_text(in, &u->section) || !get_text(in, &u->name) ||
		    !get_text(in, &u->type) || !get_text(in, &u->text) ||
		    !get_bytes(in, u->speedup_type, sizeof(u->speedup_type)) ||
		    !get_bytes(in, &u->speedup_pct, sizeof(u->speedup_pct)))
			return false;
		u->speedup_type[sizeof(u->speedup_type) - 1] = '\0';
	}
	return true;
}

static bool get_binary(struct in *in, struct report_record *rec)
{
	struct report_binary *b = calloc(1, sizeof(*b));
	size_t n_attrs, n_keys;

	if (!b)
		return false;
	rec->binary = b;
	if (!get_bytes(in, b, sizeof(*b)))
		return false;
	/* the texts kept in arrays end in a NUL, as when they were read */
	b->container[sizeof(b->container) - 1] = '\0';
	b->arch[sizeof(b->arch) - 1] = '\0';
	b->compression[sizeof(b->compression) - 1] = '\0';
	n_attrs = b->n_attrs;
	n_keys = b->n_keys;
	b->target = b->mangled_name = NULL;
	b->attrs = NULL;
	b->keys = NULL;
	b->n_attrs = b->n_keys = 0;
	if (!get_text(in, &b->target) || !get_text(in, &b->mangled_name))
		return false;
	if (n_attrs) {
		if (n_attrs > (size_t)(in->end - in->p) / sizeof(*b->attrs) ||
		    !(b->attrs = malloc(n_attrs * sizeof(*b->attrs))) ||
		    !get_bytes(in, b->attrs, n_attrs * sizeof(*b->attrs)))
			return false;
		b->n_attrs = n_attrs;
		for (size_t i = 0; i < n_attrs; i++)
			if (b->attrs[i].n_words > REPORT_ATTR_WORDS)
				return false;
	}
	if (n_keys) {
		if (n_keys > (size_t)(in->end - in->p) / sizeof(*b->keys) ||
		    !(b->keys = calloc(n_keys, sizeof(*b->keys))))
			return false;
		b->n_keys = n_keys;
		for (size_t i = 0; i < n_keys; i++) {
			struct report_binary_key *k = &b->keys[i];

			if (!get_bytes(in, k, sizeof(*k))) {
				memset(k, 0, sizeof(*k));
				return false;
			}
			k->key = k->text = NULL;
			if (k->n > REPORT_ATTR_WORDS || k->kind > REPORT_MD_OTHER ||
			    !get_text(in, &k->key) || !get_text(in, &k->text))
				return false;
		}
	}
	return true;
}

static const char *text_at(const char *const *texts, size_t n_texts, uint64_t i, bool *bad)
{
	if (i > n_texts) {
		*bad = true;
		return NULL;
	}
	return i ? texts[i - 1] : NULL;
}

/* record_store_unpack; with borrow the name is the table's text itself. */
static bool unpack(const uint8_t *bytes, size_t len, const char *const *texts, size_t n_texts,
		   struct report_record *out, bool borrow)
{
	struct in in = { bytes, bytes + len, false };
	uint8_t small[4];
	const char *t[5];
	unsigned has;

	*out = (struct report_record){ .short_name = "", .process = "", .device = "",
				       .gfx_target = "" };
	if (!get_bytes(&in, small, sizeof(small)) || small[1] > REPORT_VENDOR_AMD ||
	    small[2] > REPORT_NCU_RAW || small[3] > REPORT_BY_CODEXL)
		return false;
	has = small[0];
	out->vendor = (enum report_vendor)small[1];
	out->ncu_layout = small[2];
	out->figures_by = (enum report_profiler)small[3];
	out->block_required = has & HAS_BLOCK_REQUIRED;
	out->line = (long)get_int(&in);
	out->run = (uint32_t)get_varint(&in);
	for (int i = 0; i < 5; i++)
		t[i] = text_at(texts, n_texts, get_varint(&in), &in.bad);
	if (in.bad || !get_fields(&in, out))
		goto bad;
	/* "" where a record had NULL: never NULL in a record (report.h) */
	out->short_name = t[1] ? t[1] : "";
	out->process = t[2] ? t[2] : "";
	out->device = t[3] ? t[3] : "";
	out->gfx_target = t[4] ? t[4] : "";
	if (t[0] && borrow)
		out->name = (char *)t[0];
	else if (t[0] && !(out->name = strdup(t[0])))
		goto bad;
	if (has & HAS_SM) {
		size_t n = get_count(&in, sizeof(double));

		if (!(out->sm_achieved_pct = get_doubles(&in, n)))
			goto bad;
		out->n_sm = n;
	}
	if (has & HAS_SM_EVENTS) {
		size_t n = get_count(&in, 2 * sizeof(double));

		if (!(out->sm_active_warps = get_doubles(&in, n)) ||
		    !(out->sm_active_cycles = get_doubles(&in, n)))
			goto bad;
		out->n_sm_events = n;
	}
	if ((has & HAS_RULES) && !get_rules(&in, out))
		goto bad;
	if ((has & HAS_BINARY) && !get_binary(&in, out))
		goto bad;
	if ((has & HAS_FROM) && !get_bytes(&in, &out->achieved_from, sizeof(out->achieved_from)))
		goto bad;
	if (!in.bad)
		return true;
bad:
	if (borrow)
		out->name = NULL;
	drop(out);
	return false;
}

bool record_store_unpack(const uint8_t *bytes, size_t len, const char *const *texts,
			 size_t n_texts, struct report_record *out)
{
	return unpack(bytes, len, texts, n_texts, out, false);
}

/* record_store_get or, with borrow, record_store_peek. */
static bool get(const struct record_store *s, size_t i, struct report_record *out, bool borrow)
{
	if (i >= s->n) {
		*out = (struct report_record){ .short_name = "", .process = "", .device = "",
					       .gfx_target = "" };
		return false;
	}
	/* A record's bytes say where they end: the blob's end bounds them
	 * (after record_store_set they may lie anywhere in it). */
	return unpack(s->blob + s->rows[i].at, s->len - s->rows[i].at,
		      (const char *const *)s->texts, s->n_texts, out, borrow);
}

bool record_store_get(const struct record_store *s, size_t i, struct report_record *out)
{
	return get(s, i, out, false);
}

bool record_store_peek(const struct record_store *s, size_t i, struct report_record *out)
{
	return get(s, i, out, true);
}

struct report_int record_store_id(const struct record_store *s, size_t i)
{
	struct report_int id = { 0 };
	struct in in;
	uint64_t tag;

	if (i >= s->n || s->len - s->rows[i].at < 4)
		return id;
	/* the record's header (unpack's), then its first field: the id,
	 * int_fields' first, where it is there at all */
	in = (struct in){ s->blob + s->rows[i].at + 4, s->blob + s->len, false };
	/* past the line, the run and the texts: a varint ends at its first
	 * byte below 0x80 (every record's id is read as the browser's rows
	 * are made: no value is put together) */
	for (int k = 0; k < 7 && !in.bad; k++) {
		const uint8_t *first = in.p;

		while (in.p < in.end && (*in.p & 0x80) && in.p - first < VARINT_BYTES)
			in.p++;
		if (in.p == in.end || in.p - first == VARINT_BYTES)
			in.bad = true;
		else
			in.p++;
	}
	tag = get_varint(&in);
	if (in.bad || (tag >> 2) != 1 || (tag & TAG_RAW))
		return id;
	id.value = get_int(&in);
	id.present = (tag & TAG_PRESENT) != 0;
	return in.bad ? (struct report_int){ 0 } : id;
}
