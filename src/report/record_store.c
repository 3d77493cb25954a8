/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* record_store.c - kernel records packed as they are read, unpacked on
 * demand (record_store.h has the form): the store, its table of distinct
 * texts and its records' rows. */
#include "config.h"

#include "record_store.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "record_store_form.h"

struct record_store *record_store_new(void)
{
	return calloc(1, sizeof(struct record_store));
}

struct record_store *record_store_new_on(const struct record_store *base)
{
	struct record_store *s = record_store_new();

	if (!s || !base || base->n_texts == 0)
		return s;
	s->texts = malloc(base->texts_cap * sizeof(*s->texts));
	s->slots = malloc(base->n_slots * sizeof(*s->slots));
	if (!s->texts || !s->slots) {
		record_store_free(s);
		return NULL;
	}
	memcpy(s->texts, base->texts, base->n_texts * sizeof(*s->texts));
	memcpy(s->slots, base->slots, base->n_slots * sizeof(*s->slots));
	s->texts_cap = base->texts_cap;
	s->n_texts = s->shared = base->n_texts;
	s->n_slots = base->n_slots;
	s->base = base;
	return s;
}

bool record_store_adopt(struct record_store *s, struct record_store *base)
{
	struct text_block **end;

	if (!s || !base || s->base != base || s->shared > base->n_texts)
		return false;
	/* base's texts (its blocks) now live as long as s; base keeps
	 * pointing at them until it is freed, without freeing them */
	for (end = &s->blocks; *end; end = &(*end)->next)
		;
	*end = base->blocks;
	base->blocks = NULL;
	base->shared = base->n_texts;
	s->shared = 0;
	s->base = NULL;
	return true;
}

void record_store_free(struct record_store *s)
{
	if (!s)
		return;
	while (s->blocks) {
		struct text_block *next = s->blocks->next;

		free(s->blocks);
		s->blocks = next;
	}
	free(s->texts);
	free(s->slots);
	free(s->rows);
	free(s->blob);
	free(s);
}

size_t record_store_count(const struct record_store *s)
{
	return s ? s->n : 0;
}

size_t record_store_bytes(const struct record_store *s)
{
	return s->cap + s->rows_cap * sizeof(*s->rows) + s->texts_cap * sizeof(*s->texts) +
	       s->n_slots * sizeof(*s->slots) + s->text_bytes;
}

/* ---- texts ---------------------------------------------------------------- */

/* A block of texts: 64 KiB, some 600 kernel names. */
enum { TEXT_BLOCK = 65536 - 64 };

/* Sixteen bytes a step, in two lanes that do not wait for each other:
 * every record's name is hashed as it is read, and one lane's multiplies
 * in a chain were as slow as the name is long. */
static uint64_t hash_text(const char *s, size_t n)
{
	uint64_t a = n * 0x9E3779B97F4A7C15u, b = 0x94D049BB133111EBu, w, v;
	size_t i = 0;

	/* whole words with a copy of constant size (a move, not a call),
	 * then the tail */
	for (; n - i >= 16; i += 16) {
		memcpy(&w, s + i, 8);
		memcpy(&v, s + i + 8, 8);
		a = (a ^ w) * 0xFF51AFD7ED558CCDu;
		b = (b ^ v) * 0xC4CEB9FE1A85EC53u;
		a ^= a >> 32;
		b ^= b >> 29;
	}
	if (n - i >= 8) {
		memcpy(&w, s + i, 8);
		a = (a ^ w) * 0xFF51AFD7ED558CCDu;
		a ^= a >> 32;
		i += 8;
	}
	if (i < n) {
		w = 0;
		memcpy(&w, s + i, n - i);
		b = (b ^ w) * 0xC4CEB9FE1A85EC53u;
		b ^= b >> 29;
	}
	a = (a ^ (b << 31 | b >> 33)) * 0xFF51AFD7ED558CCDu;
	return a ^ a >> 32;
}

/* The 32 bits a slot keeps: the table's index is their low bits. */
static uint32_t hash32(const char *s, size_t n)
{
	uint64_t h = hash_text(s, n);

	return (uint32_t)(h ^ h >> 32);
}

static bool slots_grow(struct record_store *s)
{
	size_t n = s->n_slots ? s->n_slots * 2 : 256;
	struct text_slot *slots = calloc(n, sizeof(*slots));

	if (!slots)
		return false;
	/* the slots' own hashes: no text is read again */
	for (size_t i = 0; i < s->n_slots; i++) {
		size_t k;

		if (!s->slots[i].index)
			continue;
		for (k = s->slots[i].hash & (n - 1); slots[k].index; k = (k + 1) & (n - 1))
			;
		slots[k] = s->slots[i];
	}
	free(s->slots);
	s->slots = slots;
	s->n_slots = n;
	return true;
}

/* A copy of text's len bytes and its NUL in the store's blocks; NULL when
 * out of memory. */
static char *text_copy(struct record_store *s, const char *text, size_t len)
{
	struct text_block *b = s->blocks;
	char *copy;

	if (!b || b->cap - b->used < len + 1) {
		size_t cap = len + 1 > TEXT_BLOCK ? len + 1 : TEXT_BLOCK;

		b = malloc(sizeof(*b) + cap);
		if (!b)
			return NULL;
		b->used = 0;
		b->cap = cap;
		/* a text too big for a block gets its own, behind the one
		 * being filled */
		if (s->blocks && cap > TEXT_BLOCK) {
			b->next = s->blocks->next;
			s->blocks->next = b;
		} else {
			b->next = s->blocks;
			s->blocks = b;
		}
		s->text_bytes += sizeof(*b) + cap;
	}
	copy = b->text + b->used;
	memcpy(copy, text, len + 1);
	b->used += len + 1;
	return copy;
}

/* The index + 1 of text (not NULL), of len bytes and hash32 h, added when
 * new; false when out of memory. */
static bool text_index(struct record_store *s, const char *text, size_t len, uint32_t h,
		       uint32_t *index)
{
	size_t k;
	char *copy;

	if ((s->n_texts + 1) * 2 > s->n_slots && !slots_grow(s))
		return false;
	for (k = h & (s->n_slots - 1); s->slots[k].index; k = (k + 1) & (s->n_slots - 1))
		if (s->slots[k].hash == h && strcmp(s->texts[s->slots[k].index - 1], text) == 0) {
			*index = s->slots[k].index;
			return true;
		}
	if (s->n_texts == UINT32_MAX - 1)
		return false;
	if (s->n_texts == s->texts_cap) {
		size_t cap = s->texts_cap ? s->texts_cap * 2 : 64;
		char **texts = realloc(s->texts, cap * sizeof(*texts));

		if (!texts)
			return false;
		s->texts = texts;
		s->texts_cap = cap;
	}
	copy = text_copy(s, text, len);
	if (!copy)
		return false;
	s->texts[s->n_texts++] = copy;
	s->slots[k] = (struct text_slot){ h, (uint32_t)s->n_texts };
	*index = (uint32_t)s->n_texts;
	return true;
}

/* ---- records ------------------------------------------------------------- */

/* The index of text, the kind-th of a record's texts: the previous
 * record's where it is the same (no hashing), else text_index's. */
static bool text_of(struct record_store *s, int kind, const char *text, uint32_t *index)
{
	uint32_t last = s->last[kind];

	size_t len;

	if (!text) {
		*index = 0;
		return true;
	}
	if (last && strcmp(s->texts[last - 1], text) == 0) {
		*index = last;
		return true;
	}
	len = strlen(text);
	if (!text_index(s, text, len, hash32(text, len), index))
		return false;
	s->last[kind] = *index;
	return true;
}

/* rec's bytes at the blob's end, its row in *row; false when out of memory
 * (the blob keeps what it had). given: the indices of rec's short name,
 * process, device and gfx target (record_store_text_index's), whose
 * pointers are then not read; NULL: looked up. */
static bool pack(struct record_store *s, const struct report_record *rec, const uint32_t *given,
		 struct row *row)
{
	uint32_t texts[5], h = 0;
	size_t at, len = rec->name ? strlen(rec->name) : 0;
	/* the lengths first: names unlike the last one's mostly differ in
	 * length, and the length is needed for the hash anyway */
	bool same = !rec->name ||
		(s->last[0] && len == s->last_name_len &&
		 memcmp(s->texts[s->last[0] - 1], rec->name, len) == 0);

	/* A name unlike the last record's: its slot is fetched while the
	 * other texts are looked up (with distinct names, a cache miss a
	 * record). */
	if (!same) {
		h = hash32(rec->name, len);
#if defined(__GNUC__)
		if (s->n_slots)
			__builtin_prefetch(&s->slots[h & (s->n_slots - 1)]);
#endif
	}
	if (given)
		memcpy(texts + 1, given, 4 * sizeof(*texts));
	else if (!text_of(s, 1, rec->short_name, &texts[1]) ||
		 !text_of(s, 2, rec->process, &texts[2]) || !text_of(s, 3, rec->device, &texts[3]) ||
		 !text_of(s, 4, rec->gfx_target, &texts[4]))
		return false;
	if (same) {
		texts[0] = rec->name ? s->last[0] : 0;
	} else {
		if (!text_index(s, rec->name, len, h, &texts[0]))
			return false;
		s->last[0] = texts[0];
		s->last_name_len = len;
	}
	if (!record_store_write(s, rec, texts, &at))
		return false;
	*row = (struct row){ at, texts[0], texts[1] };
	return true;
}

bool record_store_text_index(struct record_store *s, const char *text, uint32_t *index)
{
	size_t len;

	if (!text) {
		*index = 0;
		return true;
	}
	len = strlen(text);
	return text_index(s, text, len, hash32(text, len), index);
}

/* rec as the store's next record (its texts given or not: pack). */
static bool add(struct record_store *s, const struct report_record *rec, const uint32_t *given)
{
	struct row row;

	if (s->n == s->rows_cap) {
		size_t cap = s->rows_cap ? s->rows_cap * 2 : 1024;
		struct row *rows = realloc(s->rows, cap * sizeof(*rows));

		if (!rows)
			return false;
		s->rows = rows;
		s->rows_cap = cap;
	}
	if (!pack(s, rec, given, &row))
		return false;
	s->rows[s->n++] = row;
	return true;
}

bool record_store_add_indexed(struct record_store *s, const struct report_record *rec,
			      const uint32_t texts[4])
{
	/* an index the table does not have would unpack as no record */
	for (int i = 0; i < 4; i++)
		if (texts[i] > s->n_texts)
			return false;
	return add(s, rec, texts);
}

bool record_store_add(struct record_store *s, const struct report_record *rec)
{
	return add(s, rec, NULL);
}

void record_store_pop(struct record_store *s)
{
	if (s->n == 0)
		return;
	s->n--;
	if (s->rows[s->n].at < s->len)
		s->len = s->rows[s->n].at;
}

bool record_store_set(struct record_store *s, size_t i, const struct report_record *rec)
{
	struct row row;

	/* The old bytes stay unused: records change rarely (a join, once). */
	if (i >= s->n || !pack(s, rec, NULL, &row))
		return false;
	s->rows[i] = row;
	return true;
}

const char *record_store_name(const struct record_store *s, size_t i)
{
	return s->rows[i].name ? s->texts[s->rows[i].name - 1] : NULL;
}

uint32_t record_store_name_index(const struct record_store *s, size_t i)
{
	return s->rows[i].name;
}

const char *record_store_short_name(const struct record_store *s, size_t i)
{
	return s->rows[i].short_name ? s->texts[s->rows[i].short_name - 1] : NULL;
}

const uint8_t *record_store_record(const struct record_store *s, size_t i, size_t *len)
{
	*len = s->len - s->rows[i].at;
	return s->blob + s->rows[i].at;
}

const char *const *record_store_texts(const struct record_store *s, size_t *n)
{
	*n = s->n_texts;
	return (const char *const *)s->texts;
}

