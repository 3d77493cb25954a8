/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* analysis_memo.c - the analyses of launches without their grid, kept by
 * launch and GPU in a table of fixed size: findings packed to the bytes
 * they use (a finding is 2.7 KB of room, a few hundred bytes written). */
#include "config.h"

#include "analysis_memo.h"

#include <stdlib.h>
#include <string.h>

/* The entries lie one after another in a ring of RING_BYTES (3 MiB, touched
 * as used), the newest over the oldest; an index of SLOTS by the key's hash
 * finds them. A report's distinct launches beyond what the ring holds
 * replace one another, which costs a fresh analysis, never a wrong one. */
enum { RING_BYTES = 3 << 20, SLOTS = 8192, GPU_SLOTS = 4, MEMO_SIZES = 32 };

/* An entry's fixed part; its findings, packed, follow it. */
struct entry {
	struct analysis_memo_key key;
	struct occ_result r;
	int best_block_size;
	int64_t min_grid_full_occupancy;
	/* The block sizes the grid's rules weigh (tuning_sizes), swept at the
	 * first grid that needs them: n_sizes TUNING_SIZES_UNKNOWN until then,
	 * -1 where they do not fit here. */
	signed char n_sizes;
	unsigned char size_blocks[MEMO_SIZES];
	unsigned short size_threads[MEMO_SIZES];
	unsigned gpu_gen;             /* its GPU slot's generation when kept */
	unsigned char gpu_slot;
	unsigned char n_launch, n_tail;
	unsigned short tail_at;       /* where the GPU part's findings start, after the entry */
	unsigned short bytes;         /* of the findings */
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
	/* index[h]: 1 + where in the ring's history the entry starts; 0: none.
	 * head: where the next starts. An entry is whole while it starts at
	 * most RING_BYTES behind head. */
	uint64_t *index;
	uint64_t head;
	unsigned char *ring;
};

/* A finding's fixed part; the bytes it uses follow it. */
struct packed {
	char id[32];
	unsigned char severity, text_omitted, n_params, n_fmts;
	unsigned short n_words, title_len, text_len;
};

struct analysis_memo *analysis_memo_new(void)
{
	struct analysis_memo *m = calloc(1, sizeof(*m));

	if (!m)
		return NULL;
	m->index = calloc(SLOTS, sizeof(*m->index));
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

/* The key's index slot: its 4-byte words and the GPU's slot mixed (the key
 * is a whole number of them, its padding zero). */
static uint64_t *slot_of(struct analysis_memo *m, const struct analysis_memo_key *key, int gpu)
{
	const unsigned char *p = (const unsigned char *)key;
	uint32_t h = 2166136261u ^ (uint32_t)gpu, w;

	for (size_t i = 0; i + 4 <= sizeof(*key); i += 4) {
		memcpy(&w, p + i, 4);
		h = (h ^ w) * 0x9e3779b1u;
		h ^= h >> 15;
	}
	return &m->index[(h ^ (h >> 16)) % SLOTS];
}

/* The entry an index slot names, or NULL where it is gone. */
static struct entry *entry_at(const struct analysis_memo *m, uint64_t at)
{
	if (at == 0 || at - 1 + RING_BYTES < m->head)
		return NULL;
	return (struct entry *)(m->ring + (at - 1) % RING_BYTES);
}

/* f packed at data + *at (room up to room bytes); false where it does
 * not fit. */
static bool pack(const struct finding *f, unsigned char *data, size_t *at, size_t room)
{
	struct packed p;
	size_t title = strlen(f->title), text = strlen(f->text);
	size_t need = sizeof(p) + title + text + f->n_params * sizeof(f->params[0]) +
		      f->n_fmts * sizeof(f->fmts[0]) + f->n_words;
	unsigned char *d = data + *at;

	if (need > room - *at)
		return false;
	memcpy(p.id, f->id, sizeof(p.id));
	p.severity = (unsigned char)f->severity;
	p.text_omitted = f->text_omitted;
	p.n_params = f->n_params;
	p.n_fmts = f->n_fmts;
	p.n_words = f->n_words;
	p.title_len = (unsigned short)title;
	p.text_len = (unsigned short)text;
	memcpy(d, &p, sizeof(p));
	d += sizeof(p);
	memcpy(d, f->title, title);
	d += title;
	memcpy(d, f->text, text);
	d += text;
	memcpy(d, f->params, f->n_params * sizeof(f->params[0]));
	d += f->n_params * sizeof(f->params[0]);
	memcpy(d, f->fmts, f->n_fmts * sizeof(f->fmts[0]));
	d += f->n_fmts * sizeof(f->fmts[0]);
	memcpy(d, f->words, f->n_words);
	*at += need;
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
	memcpy(f->id, p.id, sizeof(f->id));
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
	memcpy(f->params, d, p.n_params * sizeof(f->params[0]));
	d += p.n_params * sizeof(f->params[0]);
	memcpy(f->fmts, d, p.n_fmts * sizeof(f->fmts[0]));
	d += p.n_fmts * sizeof(f->fmts[0]);
	memcpy(f->words, d, p.n_words);
	d += p.n_words;
	f->cache = cache;
	*at = (size_t)(d - data);
}

bool analysis_memo_find(struct analysis_memo *m, const struct gpu *gpu, uint64_t gpu_stamp,
			const struct analysis_memo_key *key, struct analysis_memo_value *v,
			struct finding *out, int *n, struct rules_fmts *cache, void **entry)
{
	int g = gpu_slot(m, gpu, gpu_stamp, false);
	struct entry *e = g < 0 ? NULL : entry_at(m, *slot_of(m, key, g));

	m->asked = gpu;
	m->asked_slot = g;
	size_t at = 0;

	if (!e || e->gpu_slot != g || e->gpu_gen != m->gen[g] ||
	    memcmp(&e->key, key, sizeof(*key)) != 0) {
		m->misses++;
		return false;
	}
	m->hits++;
	v->r = e->r;
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
	uint64_t *slot;

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
	e->bytes = (unsigned short)at;
	e->n_sizes = TUNING_SIZES_UNKNOWN;
	analysis_memo_sizes(e, &v->sizes);
	e->key = *key;
	e->r = v->r;
	e->best_block_size = v->best_block_size;
	e->min_grid_full_occupancy = v->min_grid_full_occupancy;
	e->gpu_slot = (unsigned char)g;
	e->gpu_gen = m->gen[g];
	e->n_launch = (unsigned char)n_launch;
	e->n_tail = (unsigned char)n_tail;
	slot = slot_of(m, key, g);
	*slot = m->head + 1;
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
