/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* record_store.c - kernel records packed as they are read, unpacked on
 * demand (record_store.h has the form). */
#include "config.h"

#include "record_store.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* The numeric fields, in the order their tags number them. A new field of
 * struct report_record goes at the end of its list (packed records never
 * outlive the process, so the order is free to change, but a field left
 * out would be lost: test_record_store compares every field). */
#define INT_FIELD(f) offsetof(struct report_record, f)
static const size_t int_fields[] = {
	INT_FIELD(id), INT_FIELD(cc_major), INT_FIELD(cc_minor), INT_FIELD(sm_count),
	INT_FIELD(grid[0]), INT_FIELD(grid[1]), INT_FIELD(grid[2]),
	INT_FIELD(block[0]), INT_FIELD(block[1]), INT_FIELD(block[2]), INT_FIELD(registers),
	INT_FIELD(static_smem_bytes), INT_FIELD(dynamic_smem_bytes), INT_FIELD(driver_smem_bytes),
	INT_FIELD(smem_config_bytes), INT_FIELD(barriers),
	INT_FIELD(cluster[0]), INT_FIELD(cluster[1]), INT_FIELD(cluster[2]), INT_FIELD(wave_size),
	INT_FIELD(arch_vgprs), INT_FIELD(accum_vgprs), INT_FIELD(sgprs), INT_FIELD(lds_bytes),
	INT_FIELD(scratch_bytes), INT_FIELD(vgpr_spills), INT_FIELD(sgpr_spills),
	INT_FIELD(max_block_size), INT_FIELD(dynamic_stack), INT_FIELD(invocations),
	INT_FIELD(xcds), INT_FIELD(limit_warps), INT_FIELD(limit_blocks),
	INT_FIELD(limit_registers), INT_FIELD(limit_smem), INT_FIELD(limit_barriers),
	INT_FIELD(registers_allocated), INT_FIELD(smem_per_block_bytes),
	INT_FIELD(smem_allocated_bytes), INT_FIELD(cluster_max_active),
	INT_FIELD(cluster_max_size), INT_FIELD(amd_waves_limit[0]),
	INT_FIELD(amd_waves_limit[1]), INT_FIELD(amd_waves_limit[2]),
	INT_FIELD(amd_waves_limit[3]), INT_FIELD(amd_max_waves_per_cu),
};
static const size_t num_fields[] = {
	INT_FIELD(duration_ns), INT_FIELD(achieved_occupancy_pct), INT_FIELD(achieved_active_warps),
	INT_FIELD(achieved_min_pct), INT_FIELD(achieved_max_pct), INT_FIELD(counted_active_warps),
	INT_FIELD(counted_active_cycles), INT_FIELD(sq_accum_prev_hires),
	INT_FIELD(grbm_gui_active), INT_FIELD(sched.active_warps), INT_FIELD(sched.eligible_warps),
	INT_FIELD(sched.issued_warps), INT_FIELD(sched.issue_active_pct),
	INT_FIELD(sched.max_warps), INT_FIELD(sched.sm_throughput_pct),
	INT_FIELD(sched.memory_throughput_pct), INT_FIELD(theoretical_occupancy_pct),
	INT_FIELD(theoretical_step_pct), INT_FIELD(theoretical_active_warps),
	INT_FIELD(theoretical_warps_per_scheduler), INT_FIELD(waves_per_sm),
	INT_FIELD(cluster_occupancy_pct),
};
#undef INT_FIELD
enum {
	N_INTS = sizeof(int_fields) / sizeof(int_fields[0]),
	N_NUMS = sizeof(num_fields) / sizeof(num_fields[0]),
	N_FIELDS = N_INTS + N_NUMS,
};

/* A field's tag: (its number - the previous one's) << 2 | present << 1 |
 * raw (the value is the double's 8 bytes, else a zigzag varint); 0 ends
 * the list. */
enum { TAG_PRESENT = 2, TAG_RAW = 1 };

/* Which rare parts follow the fields (one byte). */
enum {
	HAS_SM = 1u << 0, HAS_SM_EVENTS = 1u << 1, HAS_RULES = 1u << 2, HAS_BINARY = 1u << 3,
	HAS_FROM = 1u << 4, HAS_BLOCK_REQUIRED = 1u << 5,
};

struct row {
	size_t at;          /* offset of the record's bytes in the blob */
	uint32_t name;      /* text + 1; 0: NULL */
	uint32_t short_name;
};

struct record_store {
	uint8_t *blob;
	size_t len, cap;
	struct row *rows;
	size_t n, rows_cap;
	/* The distinct texts, once each, and a hash table of their indices. */
	char **texts;
	size_t n_texts, texts_cap;
	uint32_t *slots;    /* index + 1; 0 empty; n_slots a power of two */
	size_t n_slots;
	size_t text_bytes;
	/* The first `shared` texts are base's (record_store_new_on), not
	 * freed here until record_store_adopt makes them this store's. */
	size_t shared;
	const struct record_store *base;
};

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
	if (!s || !base || s->base != base || s->shared > base->n_texts)
		return false;
	/* base's texts now live as long as s; base keeps pointing at them
	 * until it is freed, without freeing them */
	base->shared = base->n_texts;
	s->shared = 0;
	s->base = NULL;
	return true;
}

void record_store_free(struct record_store *s)
{
	if (!s)
		return;
	for (size_t i = s->shared; i < s->n_texts; i++)
		free(s->texts[i]);
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

/* Eight bytes a step: every record's names are hashed as it is read. */
static uint64_t hash_text(const char *s, size_t n)
{
	uint64_t h = n * 0x9E3779B97F4A7C15u;

	for (size_t i = 0; i < n; i += 8) {
		uint64_t w = 0;

		memcpy(&w, s + i, n - i >= 8 ? 8 : n - i);
		h = (h ^ w) * 0xFF51AFD7ED558CCDu;
		h ^= h >> 32;
	}
	return h;
}

static bool slots_grow(struct record_store *s)
{
	size_t n = s->n_slots ? s->n_slots * 2 : 256;
	uint32_t *slots = calloc(n, sizeof(*slots));

	if (!slots)
		return false;
	for (size_t i = 0; i < s->n_texts; i++) {
		size_t k = hash_text(s->texts[i], strlen(s->texts[i])) & (n - 1);

		while (slots[k])
			k = (k + 1) & (n - 1);
		slots[k] = (uint32_t)i + 1;
	}
	free(s->slots);
	s->slots = slots;
	s->n_slots = n;
	return true;
}

/* text's index + 1 (0 for NULL), added when new; false when out of memory. */
static bool text_index(struct record_store *s, const char *text, uint32_t *index)
{
	size_t k, len;
	char *copy;

	if (!text) {
		*index = 0;
		return true;
	}
	if ((s->n_texts + 1) * 2 > s->n_slots && !slots_grow(s))
		return false;
	len = strlen(text);
	for (k = hash_text(text, len) & (s->n_slots - 1); s->slots[k];
	     k = (k + 1) & (s->n_slots - 1))
		if (strcmp(s->texts[s->slots[k] - 1], text) == 0) {
			*index = s->slots[k];
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
	copy = malloc(len + 1);
	if (!copy)
		return false;
	memcpy(copy, text, len + 1);
	s->texts[s->n_texts++] = copy;
	s->text_bytes += len + 1;
	s->slots[k] = (uint32_t)s->n_texts;
	*index = (uint32_t)s->n_texts;
	return true;
}

/* ---- writing -------------------------------------------------------------- */

struct out {
	uint8_t *b;
	size_t len, cap;
	bool failed;
};

static void put_bytes(struct out *o, const void *p, size_t n)
{
	if (o->failed)
		return;
	if (o->cap - o->len < n) {
		size_t cap = o->cap ? o->cap : 256;
		uint8_t *b;

		while (cap - o->len < n)
			cap *= 2;
		b = realloc(o->b, cap);
		if (!b) {
			o->failed = true;
			return;
		}
		o->b = b;
		o->cap = cap;
	}
	memcpy(o->b + o->len, p, n);
	o->len += n;
}

static void put_varint(struct out *o, uint64_t v)
{
	uint8_t buf[10];
	size_t n = 0;

	do {
		buf[n] = (uint8_t)(v & 0x7f);
		v >>= 7;
		buf[n] |= v ? 0x80 : 0;
		n++;
	} while (v);
	put_bytes(o, buf, n);
}

static uint64_t zigzag(int64_t v)
{
	return ((uint64_t)v << 1) ^ (uint64_t)(v >> 63);
}

static void put_int(struct out *o, int64_t v)
{
	put_varint(o, zigzag(v));
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
	return (double)*i == v && !(v == 0 && 1 / v < 0);
}

static void put_fields(struct out *o, const struct report_record *rec)
{
	int last = -1;

	for (int f = 0; f < N_FIELDS; f++) {
		const unsigned char *p = (const unsigned char *)rec;
		bool present;
		int64_t iv = 0;
		double dv = 0;
		bool raw = false;

		if (f < N_INTS) {
			const struct report_int *v = (const void *)(p + int_fields[f]);

			present = v->present;
			iv = v->value;
			if (!present && iv == 0)
				continue;
		} else {
			const struct report_num *v = (const void *)(p + num_fields[f - N_INTS]);

			present = v->present;
			dv = v->value;
			if (!present && dv == 0 && !(1 / dv < 0))
				continue;
			raw = !whole(dv, &iv);
		}
		put_varint(o, (uint64_t)(f - last) << 2 | (present ? TAG_PRESENT : 0) |
				      (raw ? TAG_RAW : 0));
		last = f;
		if (raw)
			put_bytes(o, &dv, sizeof(dv));
		else
			put_int(o, iv);
	}
	put_varint(o, 0);
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

	put_bytes(o, small, sizeof(small));
	put_int(o, rec->line);
	put_varint(o, rec->run);
	for (int i = 0; i < 5; i++)
		put_varint(o, texts[i]);
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

/* rec's bytes at the blob's end, its row in *row; false when out of memory
 * (the blob keeps what it had). */
static bool pack(struct record_store *s, const struct report_record *rec, struct row *row)
{
	uint32_t texts[5];
	struct out o = { s->blob, s->len, s->cap, false };

	if (!text_index(s, rec->name, &texts[0]) || !text_index(s, rec->short_name, &texts[1]) ||
	    !text_index(s, rec->process, &texts[2]) || !text_index(s, rec->device, &texts[3]) ||
	    !text_index(s, rec->gfx_target, &texts[4]))
		return false;
	put_record(&o, rec, texts);
	/* realloc may have moved the blob even when a later growth failed */
	s->blob = o.b;
	s->cap = o.cap;
	if (o.failed)
		return false;
	*row = (struct row){ s->len, texts[0], texts[1] };
	s->len = o.len;
	return true;
}

bool record_store_add(struct record_store *s, const struct report_record *rec)
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
	if (!pack(s, rec, &row))
		return false;
	s->rows[s->n++] = row;
	return true;
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
	if (i >= s->n || !pack(s, rec, &row))
		return false;
	s->rows[i] = row;
	return true;
}

const char *record_store_name(const struct record_store *s, size_t i)
{
	return s->rows[i].name ? s->texts[s->rows[i].name - 1] : NULL;
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

/* ---- reading -------------------------------------------------------------- */

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

static uint64_t get_varint(struct in *in)
{
	uint64_t v = 0;

	for (int shift = 0; shift < 64; shift += 7) {
		uint8_t b;

		if (!get_bytes(in, &b, 1))
			return 0;
		v |= (uint64_t)(b & 0x7f) << shift;
		if (!(b & 0x80))
			return v;
	}
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
