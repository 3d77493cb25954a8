/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* analysis_memo.c - the analyses of launches without their grid, kept by
 * launch and GPU in a table of fixed size: findings packed to the bytes
 * they use (a finding is 2.7 KB of room, a few hundred bytes written). */
#include "config.h"

#include "analysis_memo.h"

#include <stdlib.h>
#include <string.h>

/* The entries lie one after another in a ring of RING_BYTES (4 MiB, touched
 * as used), the newest over the oldest; an index of BUCKETS by the key's
 * hash, WAYS entries each, finds them. A report's distinct launches beyond
 * what the ring holds replace one another, which costs a fresh analysis,
 * never a wrong one. An entry keeps no occupancy (the analysis works it out
 * again, for less than its 448 bytes cost to fetch) and its findings packed
 * to the bytes they use: a rocprof trace's 6,300 launches of MI300X fit. */
enum { RING_BYTES = 4 << 20, BUCKETS = 8192, WAYS = 4, GPU_SLOTS = 4, MEMO_SIZES = 32 };

/* An index slot: the entry's tag (the top 16 bits of its key's hash) above
 * 1 + where in the ring's history it starts (AT_BITS); 0: none. */
enum { AT_BITS = 48 };
#define AT_MASK ((UINT64_C(1) << AT_BITS) - 1)

/* An entry's fixed part; its findings, packed, follow it. */
struct entry {
	struct analysis_memo_key key;
	int64_t min_grid_full_occupancy;
	int best_block_size;
	unsigned gpu_gen;             /* its GPU slot's generation when kept */
	unsigned char gpu_slot;
	unsigned char n_launch, n_tail;
	/* The block sizes the grid's rules weigh (tuning_sizes), swept at the
	 * first grid that needs them: n_sizes TUNING_SIZES_UNKNOWN until then,
	 * -1 where they do not fit here. */
	signed char n_sizes;
	unsigned short tail_at;       /* where the GPU part's findings start, after the entry */
	unsigned short size_threads[MEMO_SIZES];
	unsigned char size_blocks[MEMO_SIZES];
};

struct analysis_memo {
	struct gpu gpus[GPU_SLOTS];
	unsigned gen[GPU_SLOTS];      /* 0: the slot is empty */
	uint64_t stamp[GPU_SLOTS];    /* the last stamp it was known by; 0: none */
	int last;                     /* the slot found last, tried first */
	int next;                     /* the slot the next new GPU takes */
	/* The GPU the last find was asked about, and its slot (-1: none):
	 * a keep that follows for the same GPU needs no second comparison. */
	const struct gpu *asked;
	int asked_slot;
	long hits, misses;
	/* index[b * WAYS + w]: an index slot. head: where the next entry
	 * starts. An entry is whole while it starts at most RING_BYTES behind
	 * head. */
	uint64_t *index;
	uint64_t head;
	unsigned char *ring;
};

/* A finding's fixed part; its id, title and text, parameters (a kind and
 * its value in the bytes it needs), formats and words follow it. */
struct packed {
	unsigned char severity, text_omitted, n_params, n_fmts, id_len;
	unsigned short n_words, title_len, text_len;
};

struct analysis_memo *analysis_memo_new(void)
{
	struct analysis_memo *m = calloc(1, sizeof(*m));

	if (!m)
		return NULL;
	m->index = calloc((size_t)BUCKETS * WAYS, sizeof(*m->index));
	m->ring = malloc(RING_BYTES);
	if (!m->index || !m->ring) {
		analysis_memo_free(m);
		return NULL;
	}
	return m;
}

void analysis_memo_free(struct analysis_memo *m)
{
	if (!m)
		return;
	free(m->index);
	free(m->ring);
	free(m);
}

void analysis_memo_counts(const struct analysis_memo *m, long *hits, long *misses)
{
	*hits = m ? m->hits : 0;
	*misses = m ? m->misses : 0;
}

/* gpu's slot, or -1 (add: a new one is taken, and the entries kept for
 * the GPU it held are no longer found). A slot known by stamp is gpu's. */
static int gpu_slot(struct analysis_memo *m, const struct gpu *gpu, uint64_t stamp, bool add)
{
	int s;

	if (stamp && m->gen[m->last] && m->stamp[m->last] == stamp)
		return m->last;
	for (s = 0; stamp && s < GPU_SLOTS; s++)
		if (m->gen[s] && m->stamp[s] == stamp)
			return m->last = s;
	for (s = 0; s < GPU_SLOTS; s++)
		if (m->gen[s] && memcmp(&m->gpus[s], gpu, sizeof(*gpu)) == 0) {
			if (stamp)
				m->stamp[s] = stamp;
			return m->last = s;
		}
	if (!add)
		return -1;
	s = m->next;
	m->next = (m->next + 1) % GPU_SLOTS;
	memcpy(&m->gpus[s], gpu, sizeof(*gpu));
	m->stamp[s] = stamp;
	m->gen[s]++;
	if (m->gen[s] == 0)
		m->gen[s] = 1;
	return m->last = s;
}

/* The key's hash: its 4-byte words and the GPU's slot mixed (the key is a
 * whole number of them, its padding zero). */
static uint32_t hash_of(const struct analysis_memo_key *key, int gpu)
{
	const unsigned char *p = (const unsigned char *)key;
	uint32_t h = 2166136261u ^ (uint32_t)gpu, w;

	for (size_t i = 0; i + 4 <= sizeof(*key); i += 4) {
		memcpy(&w, p + i, 4);
		h = (h ^ w) * 0x9e3779b1u;
		h ^= h >> 15;
	}
	/* murmur3's finish: each bit of the key moves half the bucket's */
	h ^= h >> 16;
	h *= 0x85ebca6bu;
	h ^= h >> 13;
	h *= 0xc2b2ae35u;
	return h ^ (h >> 16);
}

/* The hash's bucket: its WAYS index slots. */
static uint64_t *bucket_of(struct analysis_memo *m, uint32_t h)
{
	return &m->index[(size_t)(h % BUCKETS) * WAYS];
}

/* The hash's tag, as an index slot holds it. */
static uint64_t tag_of(uint32_t h)
{
	return (uint64_t)(h >> 16) << AT_BITS;
}

/* The entry an index slot names, or NULL where it is gone. */
static struct entry *entry_at(const struct analysis_memo *m, uint64_t slot)
{
	uint64_t at = slot & AT_MASK;

	if (at == 0 || at - 1 + RING_BYTES < m->head)
		return NULL;
	return (struct entry *)(m->ring + (at - 1) % RING_BYTES);
}

/* The most bytes a parameter takes packed: its kind and a value. */
enum { PARAM_MOST = 1 + 10 };

/* v as a little-endian base-128 number at d; past it. */
static unsigned char *put_varint(unsigned char *d, uint64_t v)
{
	while (v >= 0x80) {
		*d++ = (unsigned char)(v | 0x80);
		v >>= 7;
	}
	*d++ = (unsigned char)v;
	return d;
}

static const unsigned char *get_varint(const unsigned char *d, uint64_t *v)
{
	uint64_t x = 0;
	int shift = 0;

	while (*d & 0x80) {
		x |= (uint64_t)(*d++ & 0x7f) << shift;
		shift += 7;
	}
	*v = x | (uint64_t)*d++ << shift;
	return d;
}

/* A parameter at d in the bytes its kind needs: integers and characters
 * (mostly small) as their zigzag varint, a word's place as a varint, a
 * real or a static word's address whole. */
static unsigned char *put_param(unsigned char *d, const struct rules_param *p)
{
	*d++ = (unsigned char)p->kind;
	switch (p->kind) {
	case 'i':
	case 'c':
		return put_varint(d, ((uint64_t)p->v.i << 1) ^ (uint64_t)(p->v.i >> 63));
	case 's':
		return put_varint(d, p->v.at);
	default:
		memcpy(d, &p->v, sizeof(p->v));
		return d + sizeof(p->v);
	}
}

static const unsigned char *get_param(const unsigned char *d, struct rules_param *p)
{
	uint64_t x;

	p->kind = (char)*d++;
	switch (p->kind) {
	case 'i':
	case 'c':
		d = get_varint(d, &x);
		p->v.i = (int64_t)(x >> 1) ^ -(int64_t)(x & 1);
		return d;
	case 's':
		d = get_varint(d, &x);
		p->v.i = 0;
		p->v.at = (unsigned)x;
		return d;
	default:
		memcpy(&p->v, d, sizeof(p->v));
		return d + sizeof(p->v);
	}
}

/* f packed at data + *at (room up to room bytes); false where it does
 * not fit. */
static bool pack(const struct finding *f, unsigned char *data, size_t *at, size_t room)
{
	struct packed p;
	size_t id = strlen(f->id), title = strlen(f->title), text = strlen(f->text);
	size_t most = sizeof(p) + id + title + text + f->n_params * (size_t)PARAM_MOST +
		      f->n_fmts * sizeof(f->fmts[0]) + f->n_words;
	unsigned char *d = data + *at;

	if (most > room - *at)
		return false;
	p.severity = (unsigned char)f->severity;
	p.text_omitted = f->text_omitted;
	p.n_params = f->n_params;
	p.n_fmts = f->n_fmts;
	p.id_len = (unsigned char)id;
	p.n_words = f->n_words;
	p.title_len = (unsigned short)title;
	p.text_len = (unsigned short)text;
	memcpy(d, &p, sizeof(p));
	d += sizeof(p);
	memcpy(d, f->id, id);
	d += id;
	memcpy(d, f->title, title);
	d += title;
	memcpy(d, f->text, text);
	d += text;
	for (int i = 0; i < f->n_params; i++)
		d = put_param(d, &f->params[i]);
	memcpy(d, f->fmts, f->n_fmts * sizeof(f->fmts[0]));
	d += f->n_fmts * sizeof(f->fmts[0]);
	memcpy(d, f->words, f->n_words);
	d += f->n_words;
	*at = (size_t)(d - data);
	return true;
}

/* The finding packed at data + *at, into f. */
static void unpack(const unsigned char *data, size_t *at, struct finding *f,
		   struct rules_fmts *cache)
{
	struct packed p;
	const unsigned char *d = data + *at;

	memcpy(&p, d, sizeof(p));
	d += sizeof(p);
	memcpy(f->id, d, p.id_len);
	f->id[p.id_len] = '\0';
	d += p.id_len;
	f->severity = (enum rules_severity)p.severity;
	memcpy(f->title, d, p.title_len);
	f->title[p.title_len] = '\0';
	d += p.title_len;
	memcpy(f->text, d, p.text_len);
	f->text[p.text_len] = '\0';
	d += p.text_len;
	f->text_omitted = p.text_omitted;
	f->n_params = p.n_params;
	f->n_fmts = p.n_fmts;
	f->n_words = p.n_words;
	for (int i = 0; i < p.n_params; i++)
		d = get_param(d, &f->params[i]);
	memcpy(f->fmts, d, p.n_fmts * sizeof(f->fmts[0]));
	d += p.n_fmts * sizeof(f->fmts[0]);
	memcpy(f->words, d, p.n_words);
	d += p.n_words;
	f->cache = cache;
	*at = (size_t)(d - data);
}

/* The entry for key in its bucket (h its hash), or NULL. */
static struct entry *find(struct analysis_memo *m, uint32_t h, int g,
			  const struct analysis_memo_key *key)
{
	const uint64_t *b = bucket_of(m, h), tag = tag_of(h);

	for (int i = 0; i < WAYS; i++) {
		struct entry *e;

		if ((b[i] & ~AT_MASK) != tag || !(e = entry_at(m, b[i])))
			continue;
		if (e->gpu_slot == g && e->gpu_gen == m->gen[g] &&
		    memcmp(&e->key, key, sizeof(*key)) == 0)
			return e;
	}
	return NULL;
}

bool analysis_memo_find(struct analysis_memo *m, const struct gpu *gpu, uint64_t gpu_stamp,
			const struct analysis_memo_key *key, struct analysis_memo_value *v,
			struct finding *out, int *n, struct rules_fmts *cache, void **entry)
{
	int g = gpu_slot(m, gpu, gpu_stamp, false);
	struct entry *e = g < 0 ? NULL : find(m, hash_of(key, g), g, key);
	size_t at = 0;

	m->asked = gpu;
	m->asked_slot = g;
	if (!e) {
		m->misses++;
		return false;
	}
	m->hits++;
	v->best_block_size = e->best_block_size;
	v->min_grid_full_occupancy = e->min_grid_full_occupancy;
	v->sizes.n = e->n_sizes;
	for (int i = 0; i < e->n_sizes; i++) {
		v->sizes.size[i].threads_per_block = e->size_threads[i];
		v->sizes.size[i].blocks_per_unit = e->size_blocks[i];
	}
	for (int i = 0; i < e->n_launch; i++)
		unpack((const unsigned char *)(e + 1), &at, &out[i], cache);
	*n = e->n_launch;
	*entry = e;
	return true;
}

/* Room for an entry of at most bytes at the ring's head, which moves past
 * it; the start of its room. */
static struct entry *take(struct analysis_memo *m, size_t bytes)
{
	size_t off = (size_t)(m->head % RING_BYTES);

	if (off + bytes > RING_BYTES)
		m->head += RING_BYTES - off;   /* to the ring's start */
	return (struct entry *)(m->ring + m->head % RING_BYTES);
}

bool analysis_memo_keep(struct analysis_memo *m, const struct gpu *gpu, uint64_t gpu_stamp,
			const struct analysis_memo_key *key, const struct analysis_memo_value *v,
			const struct finding *launch, int n_launch, const struct finding *tail,
			int n_tail, void **entry)
{
	/* The most one entry's findings take: their fixed parts and text,
	 * and half of each one's room for parameters and words. */
	enum { MOST = 8192 };
	int g = gpu == m->asked && m->asked_slot >= 0 ? m->asked_slot
		: gpu_slot(m, gpu, gpu_stamp, true);
	struct entry *e;

	m->asked = NULL;
	e = take(m, sizeof(struct entry) + MOST);
	unsigned char *data = (unsigned char *)(e + 1);
	size_t at = 0;
	uint32_t h = hash_of(key, g);
	uint64_t *b = bucket_of(m, h), *slot = b;

	for (int i = 0; i < n_launch + n_tail; i++) {
		if (i == n_launch)
			e->tail_at = (unsigned short)at;
		if (!pack(i < n_launch ? &launch[i] : &tail[i - n_launch], data, &at, MOST)) {
			/* What was written is past the head: the entries it
			 * overwrote are gone. */
			m->head += (sizeof(*e) + at + 15) / 16 * 16;
			return false;
		}
	}
	if (n_tail == 0)
		e->tail_at = (unsigned short)at;
	e->n_sizes = TUNING_SIZES_UNKNOWN;
	analysis_memo_sizes(e, &v->sizes);
	e->key = *key;
	e->best_block_size = v->best_block_size;
	e->min_grid_full_occupancy = v->min_grid_full_occupancy;
	e->gpu_slot = (unsigned char)g;
	e->gpu_gen = m->gen[g];
	e->n_launch = (unsigned char)n_launch;
	e->n_tail = (unsigned char)n_tail;
	/* The bucket's free slot, or one whose entry is gone, or else the
	 * oldest entry's. */
	for (int i = 0; i < WAYS; i++) {
		if (!entry_at(m, b[i])) {
			slot = &b[i];
			break;
		}
		if ((b[i] & AT_MASK) < (*slot & AT_MASK))
			slot = &b[i];
	}
	*slot = tag_of(h) | (m->head + 1);
	/* The next entry starts aligned as this one did. */
	m->head += (sizeof(*e) + at + 15) / 16 * 16;
	*entry = e;
	return true;
}

int analysis_memo_tail(void *entry, struct finding *out, int n, struct rules_fmts *cache)
{
	const struct entry *e = entry;
	size_t at = e->tail_at;

	for (int i = 0; i < e->n_tail && n < RULES_MAX_FINDINGS; i++)
		unpack((const unsigned char *)(e + 1), &at, &out[n++], cache);
	return n;
}

void analysis_memo_sizes(void *entry, const struct tuning_sizes *sizes)
{
	struct entry *e = entry;

	if (e->n_sizes != TUNING_SIZES_UNKNOWN || sizes->n == TUNING_SIZES_UNKNOWN)
		return;
	e->n_sizes = (signed char)(sizes->n <= MEMO_SIZES ? sizes->n : -1);
	for (int i = 0; i < e->n_sizes; i++) {
		int t = sizes->size[i].threads_per_block, b = sizes->size[i].blocks_per_unit;

		/* a block of at most 65,535 threads, a unit of at most 255 blocks */
		if (t < 0 || t > 0xffff || b < 0 || b > 0xff) {
			e->n_sizes = -1;
			return;
		}
		e->size_threads[i] = (unsigned short)t;
		e->size_blocks[i] = (unsigned char)b;
	}
}
