/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* report.c - the report model: a growing list of kernel records and the
 * texts they share (interned, short names remembered by full name). */
#include "config.h"

#include "report.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record_store.h"
#include "strutil.h"

/* report_load and report_parse are the import driver's (import.c). */

/* ------------------------------------------------------------------------ */
/* The string pool: texts in blocks that never move (records point into
 * them), found again through an open-addressing hash table. */

#define POOL_BLOCK ((size_t)64 << 10)

struct pool_block {
	struct pool_block *next;
	size_t used, cap;
	char text[];
};

/* A full kernel name and its interned short name (report_intern_short_name). */
#define MEMO_INLINE 208

struct name_memo {
	uint64_t hash;
	size_t len;
	const char *full;             /* text, or a copy of its own; NULL: empty */
	const char *short_name;       /* in the pool's blocks */
	char text[MEMO_INLINE];       /* a name shorter than this, without a malloc */
};

/* Short names of the full names seen last, by their bytes: a report's
 * kernels repeat, and report_short_name walks every byte of a name that
 * may be kilobytes long. Direct-mapped and bounded (53 KB and the longer
 * names' copies), so a file whose every name differs costs a hash and a
 * copy a record and no more memory. */
#define NAME_MEMO 256
/* A file whose names all differ (a bench's, a trace of generated kernels)
 * gains nothing from the memo and pays its hash and copy each record: after
 * MEMO_GIVE_UP misses in a row it is asked only every MEMO_SAMPLE-th name
 * (remembering those), and a hit among those turns it fully on again. The
 * short name is the same whichever way it comes. */
#define MEMO_GIVE_UP 128
#define MEMO_SAMPLE 32

static void memo_forget(struct name_memo *m)
{
	if (m->full != m->text)
		free((char *)m->full);
	m->full = NULL;
}

struct report_pool {
	struct pool_block *blocks;
	const char **slots;           /* 0 or a power of two entries */
	size_t n_slots, n_used;
	struct name_memo *memo;       /* NAME_MEMO slots once a short name is asked */
	size_t memo_misses;           /* in a row (MEMO_GIVE_UP) */
};

/* Eight bytes a step, every record interns a short name; the last step
 * reads the last eight bytes (again, in part) where there are eight. */
static uint64_t hash_text(const char *s, size_t n)
{
	uint64_t h = n * 0x9E3779B97F4A7C15u, w;
	size_t i = 0;

	for (; i + 8 <= n; i += 8) {
		memcpy(&w, s + i, 8);
		h = (h ^ w) * 0xFF51AFD7ED558CCDu;
		h ^= h >> 32;
	}
	if (i < n) {
		w = 0;
		if (n >= 8)
			memcpy(&w, s + n - 8, 8);
		else
			for (size_t k = 0; k < n; k++)
				w |= (uint64_t)(unsigned char)s[k] << (8 * k);
		h = (h ^ w) * 0xFF51AFD7ED558CCDu;
		h ^= h >> 32;
	}
	return h;
}

static void pool_free(struct report_pool *p)
{
	if (!p)
		return;
	while (p->blocks) {
		struct pool_block *b = p->blocks;

		p->blocks = b->next;
		free(b);
	}
	free(p->slots);
	for (size_t i = 0; p->memo && i < NAME_MEMO; i++)
		memo_forget(&p->memo[i]);
	free(p->memo);
	free(p);
}

static bool pool_grow(struct report_pool *p)
{
	size_t n = p->n_slots ? p->n_slots * 2 : 64;
	const char **slots = calloc(n, sizeof(*slots));

	if (!slots)
		return false;
	for (size_t i = 0; i < p->n_slots; i++) {
		const char *s = p->slots[i];
		size_t k;

		if (!s)
			continue;
		for (k = hash_text(s, strlen(s)) & (n - 1); slots[k]; k = (k + 1) & (n - 1))
			;
		slots[k] = s;
	}
	free(p->slots);
	p->slots = slots;
	p->n_slots = n;
	return true;
}

const char *report_intern(struct report *r, const char *text, size_t size)
{
	struct report_pool *p = r->pool;
	size_t n, k;
	struct pool_block *b;
	char *s;

	if (!text || size == 0 || !text[0])
		return "";
	/* Cut at size - 1 bytes, as snprintf into the former arrays cut. */
	n = strnlen(text, size - 1);
	if (!p && !(p = r->pool = calloc(1, sizeof(*p))))
		return NULL;
	if ((p->n_used + 1) * 2 > p->n_slots && !pool_grow(p))
		return NULL;
	for (k = hash_text(text, n) & (p->n_slots - 1); p->slots[k];
	     k = (k + 1) & (p->n_slots - 1))
		if (strncmp(p->slots[k], text, n) == 0 && p->slots[k][n] == '\0')
			return p->slots[k];
	b = p->blocks;
	if (!b || b->cap - b->used < n + 1) {
		size_t cap = n + 1 > POOL_BLOCK ? n + 1 : POOL_BLOCK;

		b = malloc(sizeof(*b) + cap);
		if (!b)
			return NULL;
		b->next = p->blocks;
		b->used = 0;
		b->cap = cap;
		p->blocks = b;
	}
	s = b->text + b->used;
	memcpy(s, text, n);
	s[n] = '\0';
	b->used += n + 1;
	p->slots[k] = s;
	p->n_used++;
	return s;
}

const char *report_intern_short_name(struct report *r, const char *name)
{
	char buf[REPORT_SHORT_NAME];
	struct report_pool *p = r->pool;
	struct name_memo *m;
	size_t n;
	uint64_t h;
	const char *s;
	char *copy;

	if (!p && !(p = r->pool = calloc(1, sizeof(*p))))
		return NULL;
	if (!p->memo && !(p->memo = calloc(NAME_MEMO, sizeof(*p->memo))))
		return NULL;
	if (p->memo_misses >= MEMO_GIVE_UP && ++p->memo_misses % MEMO_SAMPLE != 0) {
		report_short_name(name, buf, sizeof(buf));
		return report_intern(r, buf, sizeof(buf));
	}
	n = name ? strlen(name) : 0;
	h = hash_text(name ? name : "", n);
	m = &p->memo[h & (NAME_MEMO - 1)];
	if (m->full && m->hash == h && m->len == n && memcmp(m->full, name, n) == 0) {
		p->memo_misses = 0;
		return m->short_name;
	}
	if (p->memo_misses < MEMO_GIVE_UP)
		p->memo_misses++;
	report_short_name(name, buf, sizeof(buf));
	s = report_intern(r, buf, sizeof(buf));
	if (!s)
		return NULL;
	memo_forget(m);
	/* Not remembered without memory for the copy: asked again, it is
	 * worked out again, to the same text. */
	copy = n < MEMO_INLINE ? m->text : malloc(n + 1);
	if (copy) {
		memcpy(copy, name ? name : "", n + 1);
		m->hash = h;
		m->len = n;
		m->full = copy;
		m->short_name = s;
	}
	return s;
}

void report_record_init(struct report_record *rec, long line)
{
	*rec = (struct report_record){
		.line = line, .short_name = "", .process = "", .device = "", .gfx_target = ""
	};
}

void report_record_done(struct report_record *rec)
{
	free(rec->name);
	free(rec->sm_achieved_pct);
	free(rec->sm_active_warps);
	free(rec->sm_active_cycles);
	report_rules_free(rec->rules, rec->n_rules);
	report_binary_free(rec->binary);
	rec->binary = NULL;
	rec->rules = NULL;
	rec->n_rules = 0;
	rec->name = NULL;
	rec->sm_achieved_pct = rec->sm_active_warps = rec->sm_active_cycles = NULL;
}

void report_record_move(struct report_record *to, struct report_record *rec)
{
	*to = *rec;
	rec->name = NULL;
	rec->sm_achieved_pct = rec->sm_active_warps = rec->sm_active_cycles = NULL;
	rec->rules = NULL;
	rec->n_rules = 0;
	rec->binary = NULL;
}

void report_binary_free(struct report_binary *b)
{
	if (!b)
		return;
	free(b->mangled_name);
	free(b->target);
	free(b->attrs);
	report_binary_keys_free(b->keys, b->n_keys);
	free(b);
}

void report_binary_keys_free(struct report_binary_key *keys, size_t n)
{
	for (size_t i = 0; i < n && keys; i++) {
		free(keys[i].key);
		free(keys[i].text);
	}
	free(keys);
}

/* The names NVIDIA's tools print for the .nv.info attributes, by number, as
 * public readers list them (redplait/denvdis, nv_dis's EIATTR table; the
 * same order as GPGPU-Sim's and gvirtus's EIATTR enums). A number past the
 * table is written as "unknown attribute N". */
static const char *const eiattr_names[] = {
	"EIATTR_ERROR", "EIATTR_PAD", "EIATTR_IMAGE_SLOT", "EIATTR_JUMPTABLE_RELOCS",
	"EIATTR_CTAIDZ_USED", "EIATTR_MAX_THREADS", "EIATTR_IMAGE_OFFSET", "EIATTR_IMAGE_SIZE",
	"EIATTR_TEXTURE_NORMALIZED", "EIATTR_SAMPLER_INIT", "EIATTR_PARAM_CBANK",
	"EIATTR_SMEM_PARAM_OFFSETS", "EIATTR_CBANK_PARAM_OFFSETS", "EIATTR_SYNC_STACK",
	"EIATTR_TEXID_SAMPID_MAP", "EIATTR_EXTERNS", "EIATTR_REQNTID", "EIATTR_FRAME_SIZE",
	"EIATTR_MIN_STACK_SIZE", "EIATTR_SAMPLER_FORCE_UNNORMALIZED",
	"EIATTR_BINDLESS_IMAGE_OFFSETS", "EIATTR_BINDLESS_TEXTURE_BANK",
	"EIATTR_BINDLESS_SURFACE_BANK", "EIATTR_KPARAM_INFO", "EIATTR_SMEM_PARAM_SIZE",
	"EIATTR_CBANK_PARAM_SIZE", "EIATTR_QUERY_NUMATTRIB", "EIATTR_MAXREG_COUNT",
	"EIATTR_EXIT_INSTR_OFFSETS", "EIATTR_S2RCTAID_INSTR_OFFSETS", "EIATTR_CRS_STACK_SIZE",
	"EIATTR_NEED_CNP_WRAPPER", "EIATTR_NEED_CNP_PATCH", "EIATTR_EXPLICIT_CACHING",
	"EIATTR_ISTYPEP_USED", "EIATTR_MAX_STACK_SIZE", "EIATTR_SUQ_USED",
	"EIATTR_LD_CACHEMOD_INSTR_OFFSETS", "EIATTR_LOAD_CACHE_REQUEST",
	"EIATTR_ATOM_SYS_INSTR_OFFSETS", "EIATTR_COOP_GROUP_INSTR_OFFSETS",
	"EIATTR_COOP_GROUP_MASK_REGIDS", "EIATTR_SW1850030_WAR", "EIATTR_WMMA_USED",
	"EIATTR_HAS_PRE_V10_OBJECT", "EIATTR_ATOMF16_EMUL_INSTR_OFFSETS",
	"EIATTR_ATOM16_EMUL_INSTR_REG_MAP", "EIATTR_REGCOUNT", "EIATTR_SW2393858_WAR",
	"EIATTR_INT_WARP_WIDE_INSTR_OFFSETS", "EIATTR_SHARED_SCRATCH", "EIATTR_STATISTICS",
	"EIATTR_INDIRECT_BRANCH_TARGETS", "EIATTR_SW2861232_WAR", "EIATTR_SW_WAR",
	"EIATTR_CUDA_API_VERSION", "EIATTR_NUM_MBARRIERS", "EIATTR_MBARRIER_INSTR_OFFSETS",
	"EIATTR_COROUTINE_RESUME_ID_OFFSETS", "EIATTR_SAM_REGION_STACK_SIZE",
	"EIATTR_PER_REG_TARGET_PERF_STATS", "EIATTR_CTA_PER_CLUSTER", "EIATTR_EXPLICIT_CLUSTER",
	"EIATTR_MAX_CLUSTER_RANK", "EIATTR_INSTR_REG_MAP", "EIATTR_RESERVED_SMEM_USED",
	"EIATTR_RESERVED_SMEM_0_SIZE", "EIATTR_UCODE_SECTION_DATA",
	"EIATTR_UNUSED_LOAD_BYTE_OFFSET", "EIATTR_KPARAM_INFO_V2", "EIATTR_SYSCALL_OFFSETS",
	"EIATTR_SW_WAR_MEMBAR_SYS_INSTR_OFFSETS", "EIATTR_GRAPHICS_GLOBAL_CBANK",
	"EIATTR_SHADER_TYPE", "EIATTR_VRC_CTA_INIT_COUNT", "EIATTR_TOOLS_PATCH_FUNC",
	"EIATTR_NUM_BARRIERS", "EIATTR_TEXMODE_INDEPENDENT", "EIATTR_PERF_STATISTICS",
	"EIATTR_AT_ENTRY_FRAGMENTS", "EIATTR_SPARSE_MMA_MASK", "EIATTR_TCGEN05_1CTA_USED",
	"EIATTR_TCGEN05_2CTA_USED", "EIATTR_GEN_ERRBAR_AT_EXIT", "EIATTR_REG_RECONFIG",
	"EIATTR_ANNOTATIONS", "EIATTR_SANITIZE", "EIATTR_STACK_CANARY_TRAP_OFFSETS",
	"EIATTR_STUB_FUNCTION_KIND", "EIATTR_LOCAL_CTA_ASYNC_STORE_OFFSETS",
	"EIATTR_MERCURY_FINALIZER_OPTIONS",
};

const char *report_binary_attr_name(unsigned number)
{
	return number < sizeof(eiattr_names) / sizeof(eiattr_names[0]) ? eiattr_names[number]
									: NULL;
}

/* Packs from's records at the end of to's store; false (nothing moved)
 * when out of memory. */
static bool append_packed(struct report *to, struct report *from)
{
	size_t was = record_store_count(to->packed);
	struct report_record **unpacked = realloc(to->unpacked,
						  (to->n + from->n ? to->n + from->n : 1) *
							  sizeof(*unpacked));

	if (!unpacked)
		return false;
	to->unpacked = unpacked;
	for (size_t i = 0; i < from->n; i++) {
		struct report_record tmp;
		const struct report_record *rec = report_peek(from, i, &tmp);
		bool ok = rec && record_store_add(to->packed, rec);

		report_unpeek(rec, &tmp);
		if (!ok) {
			/* the records packed so far are dropped again */
			while (record_store_count(to->packed) > was)
				record_store_pop(to->packed);
			return false;
		}
		unpacked[to->n + i] = NULL;
	}
	return true;
}

bool report_append(struct report *to, struct report *from)
{
	size_t front = to->store ? (size_t)(to->records - to->store) : 0;

	if (to->packed) {
		if (!append_packed(to, from))
			return false;
	} else if (front + to->n + from->n > to->store_cap) {
		size_t cap = front + to->n + from->n;
		struct report_record *ns = realloc(to->store, cap * sizeof(*ns));

		if (!ns)
			return false;
		to->store = ns;
		to->store_cap = cap;
		to->records = ns + front;
	}
	if (from->n && !to->packed)
		memcpy(to->records + to->n, from->records, from->n * sizeof(*from->records));
	else if (to->packed)
		/* packed copies: from's own are freed with it */
		for (size_t i = 0; i < from->n && from->records; i++)
			report_record_done(&from->records[i]);
	to->n += from->n;
	to->skipped_rows += from->skipped_rows;
	to->rejected_rows += from->rejected_rows;
	to->dropped_fields += from->dropped_fields;
	if (to->dropped.status == OCC_OK)
		to->dropped = from->dropped;
	if (to->runs < from->runs)
		to->runs = from->runs;
	/* The blocks never move: the records' strings stay where they are,
	 * now to's to free. */
	if (!to->pool) {
		to->pool = from->pool;
	} else if (from->pool && from->pool->blocks) {
		struct pool_block *tail = from->pool->blocks;

		while (tail->next)
			tail = tail->next;
		tail->next = to->pool->blocks;
		to->pool->blocks = from->pool->blocks;
		from->pool->blocks = NULL;
	}
	if (from->pool != to->pool)
		pool_free(from->pool);
	free(from->store);
	if (from->packed) {
		for (size_t i = 0; from->unpacked && i < from->n; i++)
			if (from->unpacked[i]) {
				report_record_done(from->unpacked[i]);
				free(from->unpacked[i]);
			}
		free(from->unpacked);
		record_store_free(from->packed);
	}
	*from = (struct report){ 0 };
	return true;
}

void report_done(struct report *r)
{
	for (size_t i = 0; i < r->n && r->records; i++)
		report_record_done(&r->records[i]);
	for (size_t i = 0; i < r->n && r->unpacked; i++)
		if (r->unpacked[i]) {
			report_record_done(r->unpacked[i]);
			free(r->unpacked[i]);
		}
	free(r->unpacked);
	record_store_free(r->packed);
	free(r->store);
	pool_free(r->pool);
	*r = (struct report){ 0 };
}

bool report_sm_occupancy(struct report_record *rec, int max_warps_per_sm)
{
	double warps = 0, cycles = 0;
	double *pct;

	if (rec->n_sm_events == 0 || !rec->sm_active_warps || !rec->sm_active_cycles ||
	    max_warps_per_sm <= 0)
		return false;
	pct = malloc(rec->n_sm_events * sizeof(*pct));
	if (!pct)
		return false;
	for (size_t i = 0; i < rec->n_sm_events; i++) {
		double w = rec->sm_active_warps[i], c = rec->sm_active_cycles[i];

		pct[i] = c > 0 ? w / c / max_warps_per_sm * 100.0 : 0.0;
		warps += w;
		cycles += c;
	}
	free(rec->sm_achieved_pct);
	rec->sm_achieved_pct = pct;
	rec->n_sm = rec->n_sm_events;
	if (cycles > 0 && !rec->achieved_occupancy_pct.present)
		rec->achieved_occupancy_pct =
			(struct report_num){ true, warps / cycles / max_warps_per_sm * 100.0 };
	if (cycles > 0 && !rec->achieved_active_warps.present)
		rec->achieved_active_warps = (struct report_num){ true, warps / cycles };
	return true;
}

const char *report_profiler_name(enum report_profiler p)
{
	switch (p) {
	case REPORT_BY_CUDA_PROFILER:
		return "the CUDA profiler";
	case REPORT_BY_CODEXL:
		return "CodeXL";
	case REPORT_BY_NSIGHT_COMPUTE:
		break;
	}
	return "Nsight Compute";
}

bool report_counted_occupancy(const struct report_record *rec, int max_warps_per_sm,
			      struct report_num *pct, struct report_num *warps)
{
	double w = rec->counted_active_warps.value, c = rec->counted_active_cycles.value;

	if (!rec->counted_active_warps.present || !rec->counted_active_cycles.present || c <= 0 ||
	    max_warps_per_sm <= 0)
		return false;
	*pct = (struct report_num){ true, w / c / max_warps_per_sm * 100.0 };
	*warps = (struct report_num){ true, w / c };
	return true;
}

bool report_sq_occupancy(const struct report_record *rec, int xcds, int max_waves_per_cu,
			 int cu_count, struct report_num *pct, struct report_num *waves)
{
	double resident;

	if (xcds <= 0 || !rec->sq_accum_prev_hires.present || !rec->grbm_gui_active.present ||
	    rec->grbm_gui_active.value <= 0 || max_waves_per_cu <= 0 || cu_count <= 0)
		return false;
	/* GRBM_GUI_ACTIVE_PER_XCD = GRBM_GUI_ACTIVE / num_xcd (parser.py) */
	resident = rec->sq_accum_prev_hires.value / (rec->grbm_gui_active.value / xcds);
	*pct = (struct report_num){ true, resident / ((double)max_waves_per_cu * cu_count) * 100.0 };
	*waves = (struct report_num){ true, resident / cu_count };
	return true;
}

struct report_record *report_at(const struct report *r, size_t i)
{
	struct report_record *rec;

	if (!r->packed)
		return &r->records[i];
	if (r->unpacked[i])
		return r->unpacked[i];
	rec = malloc(sizeof(*rec));
	if (!rec || !record_store_get(r->packed, i, rec)) {
		free(rec);
		return NULL;
	}
	/* The cache is no part of the report's value: a const report still
	 * gives the same records. */
	((struct report *)r)->unpacked[i] = rec;
	return rec;
}

const struct report_record *report_peek(const struct report *r, size_t i,
					struct report_record *tmp)
{
	if (!r->packed)
		return &r->records[i];
	if (r->unpacked[i])
		return r->unpacked[i];
	return record_store_peek(r->packed, i, tmp) ? tmp : NULL;
}

void report_unpeek(const struct report_record *rec, struct report_record *tmp)
{
	if (rec == tmp) {
		tmp->name = NULL;   /* the store's */
		report_record_done(tmp);
	}
}

const void *report_records_id(const struct report *r)
{
	return r->packed ? (const void *)r->packed : (const void *)r->records;
}

const char *report_name_at(const struct report *r, size_t i)
{
	return r->packed ? record_store_name(r->packed, i) : r->records[i].name;
}

uint32_t report_name_key_at(const struct report *r, size_t i)
{
	return r->packed ? record_store_name_index(r->packed, i) : 0;
}

size_t report_name_keys(const struct report *r)
{
	size_t n = 0;

	if (r->packed)
		record_store_texts(r->packed, &n);
	return n + 1;
}

int64_t report_id_at(const struct report *r, size_t i)
{
	struct report_int id;

	if (!r->packed)
		return report_record_id(&r->records[i], i);
	id = record_store_id(r->packed, i);
	return id.present ? id.value : (int64_t)i + 1;
}

const char *report_short_name_at(const struct report *r, size_t i)
{
	const char *s = r->packed ? record_store_short_name(r->packed, i) : r->records[i].short_name;

	return s ? s : "";
}

bool report_adopt_texts(struct report *to, struct report *from)
{
	return to->packed && from->packed && record_store_adopt(to->packed, from->packed);
}

bool report_unpack(struct report *r)
{
	struct report_record *recs;
	size_t i;

	if (!r->packed)
		return true;
	recs = malloc((r->n ? r->n : 1) * sizeof(*recs));
	if (!recs)
		return false;
	for (i = 0; i < r->n; i++)
		if (!r->unpacked[i] && !record_store_get(r->packed, i, &recs[i]))
			break;
	if (i < r->n) {
		while (i-- > 0)
			if (!r->unpacked[i])
				report_record_done(&recs[i]);
		free(recs);
		return false;
	}
	/* the records report_at gave keep what was done to them */
	for (i = 0; i < r->n; i++)
		if (r->unpacked[i]) {
			recs[i] = *r->unpacked[i];
			free(r->unpacked[i]);
			r->unpacked[i] = NULL;
		}
	/* Their texts are the store's: into the report's pool, which stays. */
	for (i = 0; i < r->n; i++) {
		const char **texts[] = { &recs[i].short_name, &recs[i].process, &recs[i].device,
					 &recs[i].gfx_target };

		for (size_t k = 0; k < sizeof(texts) / sizeof(texts[0]); k++) {
			const char *t = *texts[k] ? report_intern(r, *texts[k], strlen(*texts[k]) + 1)
						  : NULL;

			if (*texts[k] && !t) {
				/* out of memory: the report stays packed */
				for (size_t j = 0; j < r->n; j++)
					report_record_done(&recs[j]);
				free(recs);
				return false;
			}
			*texts[k] = t;
		}
	}
	free(r->unpacked);
	record_store_free(r->packed);
	free(r->store);
	r->unpacked = NULL;
	r->packed = NULL;
	r->store = r->records = recs;
	r->store_cap = r->n ? r->n : 1;
	return true;
}

bool report_replace_at(struct report *r, size_t i, const struct report_record *rec)
{
	if (!r->packed)
		return true;
	if (!record_store_set(r->packed, i, rec))
		return false;
	if (r->unpacked[i]) {
		report_record_done(r->unpacked[i]);
		free(r->unpacked[i]);
		r->unpacked[i] = NULL;
	}
	return true;
}

int64_t report_record_id(const struct report_record *rec, size_t index)
{
	return rec->id.present ? rec->id.value : (int64_t)index + 1;
}

struct report_record *report_add(struct report *r, long line)
{
	size_t front = r->store ? (size_t)(r->records - r->store) : 0;
	struct report_record *rec;

	/* Full: a stream's handed-over records leave room at the front, reused
	 * when it is at least half the store (so each record moves once at
	 * most, on average); else the store doubles. Importers that undo an add
	 * shrink n, which only leaves room at the end. */
	if (front + r->n == r->store_cap) {
		if (front > 0 && r->n <= r->store_cap / 2) {
			memmove(r->store, r->records, r->n * sizeof(*r->records));
			front = 0;
		} else {
			size_t cap = r->store_cap ? r->store_cap * 2 : 16;
			struct report_record *ns = realloc(r->store, cap * sizeof(*ns));

			if (!ns)
				return NULL;
			r->store = ns;
			r->store_cap = cap;
		}
		r->records = r->store + front;
	}
	rec = &r->records[r->n++];
	report_record_init(rec, line);
	return rec;
}

struct report_record *report_shift(struct report *r)
{
	r->n--;
	r->n_streamed++;
	return r->records++;
}

static void rule_free(struct report_rule *u)
{
	free(u->section);
	free(u->name);
	free(u->type);
	free(u->text);
}

bool report_rules_push(struct report_rule **rules, size_t *n, const char *section,
		       const char *name, const char *type, const char *text,
		       const char *speedup_type, struct report_num speedup_pct)
{
	struct report_rule *more = realloc(*rules, (*n + 1) * sizeof(*more));
	struct report_rule *u;

	if (!more)
		return false;
	*rules = more;
	u = &more[*n];
	*u = (struct report_rule){ strdup(section), strdup(name), strdup(type), strdup(text),
				   "", speedup_pct };
	str_copy(u->speedup_type, sizeof(u->speedup_type), speedup_type);
	if (!u->section || !u->name || !u->type || !u->text) {
		rule_free(u);
		return false;
	}
	++*n;
	return true;
}

void report_rules_free(struct report_rule *rules, size_t n)
{
	for (size_t i = 0; i < n; i++)
		rule_free(&rules[i]);
	free(rules);
}

bool report_sched_any(const struct report_sched *s)
{
	return s->active_warps.present || s->eligible_warps.present || s->issued_warps.present ||
	       s->issue_active_pct.present || s->sm_throughput_pct.present ||
	       s->memory_throughput_pct.present;
}
