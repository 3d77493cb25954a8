/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* output_csv.c - --format csv: a header row, then one row per kernel (RFC 4180),
 * each gathered in an outbuf and written at once. */
#include "config.h"

#include "output.h"

#include <stdint.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "numfmt.h"
#include "outbuf.h"
#include "params.h"
#include "strutil.h"

/* True when one of the 8 bytes at p is not printable ASCII or is ',' or
 * '"' (the has-less and has-zero word tricks). */
static inline bool special8(const unsigned char *p)
{
	const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
	uint64_t x, comma, quote, del;

	memcpy(&x, p, sizeof(x));
	comma = x ^ (ones * ',');
	quote = x ^ (ones * '"');
	del = x ^ (ones * 0x7F);
	return ((x | ((x - ones * 0x20) & ~x) | ((comma - ones) & ~comma) | ((quote - ones) & ~quote) |
		 ((del - ones) & ~del)) & highs) != 0;
}

#ifdef __SSE2__
/* True when the 16 bytes of x are printable ASCII but ',' and '"'. */
static inline bool plain16(__m128i x)
{
	const __m128i low = _mm_set1_epi8(0x1F), high = _mm_set1_epi8(0x7F);
	const __m128i comma = _mm_set1_epi8(','), quote = _mm_set1_epi8('"');
	/* signed: bytes from 0x80 are negative, so below 0x20 too */
	__m128i ok = _mm_and_si128(_mm_cmpgt_epi8(x, low), _mm_cmplt_epi8(x, high));
	__m128i bad = _mm_or_si128(_mm_cmpeq_epi8(x, comma), _mm_cmpeq_epi8(x, quote));

	return _mm_movemask_epi8(_mm_andnot_si128(bad, ok)) == 0xFFFF;
}
#endif

/* True when s is printable ASCII needing no quotes: its own field, as most
 * kernel and GPU names are. *len gets its length. */
static bool plain_field(const char *s, size_t *len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s), i = 0;

	*len = n;
#ifdef __SSE2__
	/* 16 bytes at a time (a kernel name is a few dozen), the last block
	 * again where it overlaps the one before; from 8 to 15 bytes (a GPU's
	 * name) its first and last 8 as one block: no byte past the string is
	 * read. */
	if (n >= 8) {
		for (;;) {
			__m128i x;

			if (n < 16)
				x = _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)(const void *)p),
						       _mm_loadl_epi64((const __m128i *)(const void *)(p + n - 8)));
			else
				x = _mm_loadu_si128((const __m128i *)(const void *)(n - i >= 16 ? p + i : p + n - 16));
			if (!plain16(x))
				return false;
			if (n - i <= 16)
				return true;
			i += 16;
		}
	}
#endif
	/* Whole words, then the last word again where it overlaps the one
	 * before: no byte past the string is read. */
	if (n >= 8) {
		for (; n - i >= 8; i += 8)
			if (special8(p + i))
				return false;
		return i == n || !special8(p + n - 8);
	}
	for (; i < n; i++)
		if (p[i] < 0x20 || p[i] >= 0x7F || p[i] == ',' || p[i] == '"')
			return false;
	return true;
}

/* True when the n bytes at s are printable ASCII: what str_sanitize leaves
 * as it is (special8 without the comma and the quote). */
static bool printable(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
	size_t i = 0;

	for (; n - i >= 8; i += 8) {
		uint64_t x, del;

		memcpy(&x, p + i, sizeof(x));
		del = x ^ (ones * 0x7F);
		if ((x | ((x - ones * 0x20) & ~x) | ((del - ones) & ~del)) & highs)
			return false;
	}
	for (; i < n; i++)
		if (p[i] < 0x20 || p[i] >= 0x7F)
			return false;
	return true;
}

/* The n printable bytes at s in quotes, each '"' doubled (RFC 4180). */
static void quoted(struct outbuf *r, const char *s, size_t n, bool last)
{
	outbuf_putc(r, '"');
	for (;;) {
		const char *q = memchr(s, '"', n);
		size_t k = q ? (size_t)(q - s) + 1 : n;

		outbuf_put(r, s, k);
		if (!q)
			break;
		outbuf_putc(r, '"');
		s += k;
		n -= k;
	}
	outbuf_putc(r, '"');
	outbuf_putc(r, last ? '\n' : ',');
}

enum { CLEAN_SIZE = 1100 };

static void field_any(struct outbuf *r, const char *s, size_t len, bool last);

void output_csv_field(struct outbuf *r, const char *s, bool last)
{
	size_t len;

	/* What str_sanitize would leave as it is and needs no quotes, copied
	 * as it is (the length str_sanitize cuts at and more goes its way):
	 * most names, in a small function without the rest's frame. */
	if (plain_field(s, &len) && len < CLEAN_SIZE) {
		char *p = outbuf_room(r, len + 1);

		memcpy(p, s, len);
		p[len] = last ? '\n' : ',';
		r->n += len + 1;
		return;
	}
	field_any(r, s, len, last);
}

#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static void field_any(struct outbuf *r, const char *s, size_t len, bool last)
{
	char clean[CLEAN_SIZE];

	/* Printable with a comma or a quote (an error's message): quoted as it
	 * is, without str_sanitize's copy and a call per byte. */
	if (len < sizeof(clean) && printable(s, len)) {
		quoted(r, s, len, last);
		return;
	}
	str_sanitize(s, clean, sizeof(clean));
	if (strpbrk(clean, ",\"\r\n")) {
		outbuf_putc(r, '"');
		for (const char *p = clean; *p; p++) {
			if (*p == '"')
				outbuf_putc(r, '"');
			outbuf_putc(r, *p);
		}
		outbuf_putc(r, '"');
	} else {
		outbuf_put(r, clean, strlen(clean));
	}
	outbuf_putc(r, last ? '\n' : ',');
}

static void field(struct outbuf *r, const char *s, bool last)
{
	output_csv_field(r, s, last);
}

bool output_error_text(const struct occ_error *e, char *msg, size_t size)
{
	size_t nf = strlen(e->file), nk = strlen(e->field), nm = strlen(e->message), n = 0;
	char line[NUMFMT_MAX];

	if (nf + nk + nm + 32 >= size || !printable(e->file, nf) || !printable(e->field, nk) ||
	    !printable(e->message, nm)) {
		occ_error_format(e, msg, size);
		return false;
	}
	if (nf) {
		memcpy(msg, e->file, nf);
		n = nf;
		msg[n++] = ':';
		if (e->line > 0) {
			size_t k = numfmt_int(line, e->line);

			memcpy(msg + n, line, k);
			n += k;
			msg[n++] = ':';
		}
		msg[n++] = ' ';
	}
	if (nk) {
		memcpy(msg + n, e->field, nk);
		n += nk;
		msg[n++] = ':';
		msg[n++] = ' ';
	}
	memcpy(msg + n, e->message, nm);
	msg[n + nm] = '\0';
	return true;
}

/* The launch's columns after the GPU's, each under its parameter's key
 * (params.h): the block and grid as their totals. */
static const enum launch_param launch_columns[] = {
	PARAM_GRID, PARAM_BLOCK, PARAM_REGISTERS, PARAM_STATIC_SMEM, PARAM_DYNAMIC_SMEM,
};

/* The analysis's columns, between the launch's and the error: empty in a row
 * whose launch does not analyse. */
static const char *const analysis_columns[] = {
	"active_blocks_per_sm", "active_warps_per_sm", "theoretical_occupancy_pct",
	"limiting_factors", "block_limit_warps", "block_limit_blocks", "block_limit_registers",
	"block_limit_shared_mem", "block_limit_barriers", "waves_per_sm", "tail_share_pct",
	"predicted_achieved_occupancy_pct",
};

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

/* The row's numbers and words are written at a pointer into the row's
 * buffer, with room asked for once per group of columns rather than per
 * comma and number (a row is some sixty columns, most of them empty):
 * at most ROW_ITEMS numbers (NUMFMT_MAX each, what numfmt asks) and words
 * (ROW_WORD bytes each, the longest of the program's own) between two
 * asks. */
enum { ROW_ITEMS = 12, ROW_WORD = 32, ROW_ROOM = ROW_ITEMS * (NUMFMT_MAX + ROW_WORD) };

static inline char *row_room(struct outbuf *r, char *p)
{
	r->n = (size_t)(p - r->buf);
	return outbuf_room(r, ROW_ROOM);
}

NUMFMT_INLINE_ char *put_int(char *p, int64_t v)
{
	return numfmt_int_at(p, v);
}

NUMFMT_INLINE_ char *put_fixed(char *p, double v, int decimals)
{
	return numfmt_fixed_at(p, v, decimals);
}

/* A word of the program's own tables (a factor's key, a bound's word):
 * short, no comma or quote. */
static inline char *put_word(char *p, const char *s)
{
	size_t n = strnlen(s, ROW_WORD);

	memcpy(p, s, n);
	return p + n;
}

static inline char *report_num(char *p, const struct report_num *v, int decimals)
{
	*p++ = ',';
	return v->present ? put_fixed(p, v->value, decimals) : p;
}

/* A kernel record's columns: achieved occupancy, duration, the number of
 * cross-check disagreements, what the profiler computed as it printed it,
 * and the launch values inferred from that; empty where absent or not
 * compared. */
static char *report_columns(struct outbuf *r, char *p, const struct analysis *a, bool lead)
{
	static const struct { unsigned bits; const char *key; } inferred[] = {
		{ PARAM_BIT(PARAM_REGISTERS), "registers_per_thread" },
		{ PARAM_BIT(PARAM_STATIC_SMEM) | PARAM_BIT(PARAM_DYNAMIC_SMEM), "shared_mem" },
		{ PARAM_BIT(PARAM_BARRIERS), "barriers" },
	};
	struct crosscheck_record kept;
	const struct crosscheck_record *c = &kept;
	const struct crosscheck_figures *f = &kept.profiler;
	bool first = true;

	/* Facts a what-if dropped are empty: not this launch's (a copy only
	 * where some were). */
	if (a->report.dropped)
		crosscheck_record_kept(&a->report, &kept);
	else
		c = &a->report, f = &a->report.profiler;
	p = row_room(r, p);
	if (lead)
		*p++ = ',';
	if (c->achieved_occupancy_pct.present)
		p = put_fixed(p, c->achieved_occupancy_pct.value, 2);
	p = report_num(p, &c->duration_ns, 0);
	*p++ = ',';
	if (a->ok && !c->launch_given && c->check.compared)
		p = put_int(p, crosscheck_count(c->check.disagree));
	p = report_num(p, &f->theoretical_pct, 2);
	p = report_num(p, &f->active_warps, 2);
	p = report_num(p, &f->waves_per_sm, 2);
	for (int i = 0; i < OCC_N_FACTORS; i++) {
		*p++ = ',';
		if (f->limits[i].present)
			p = put_int(p, f->limits[i].value);
	}
	*p++ = ',';
	p = row_room(r, p);
	for (size_t i = 0; i < N_OF(inferred); i++) {
		if (!(c->inferred.params & inferred[i].bits))
			continue;
		if (!first)
			*p++ = ';';
		p = put_word(p, inferred[i].key);
		first = false;
	}
	for (int i = 0; i < REPORT_AMD_N_LIMITS; i++) {
		*p++ = ',';
		if (f->amd_waves[i].present)
			p = put_int(p, f->amd_waves[i].value);
	}
	return p;
}

/* Thread-block clusters (cc 9.0+, empty elsewhere): the cluster size, max
 * active clusters (the most, and the least where the GPC layout leaves a
 * range), cluster occupancy and the bound's kind; for kernel records the
 * profiler's Max Active Clusters and Max Cluster Size. */
static char *cluster_columns(struct outbuf *r, char *p, const struct analysis *a, bool records)
{
	const struct cluster_result *cl = &a->cl;
	const struct crosscheck_figures *f = &a->report.profiler;
	bool dropped = (a->report.dropped & MEASURED_CROSSCHECK) != 0;

	p = row_room(r, p);
	if (a->ok && cl->applies) {
		p = put_int(p, cl->cluster_size);
		*p++ = ',';
		if (cl->cluster_size > 0) {
			p = put_int(p, cl->max_active_max);
			*p++ = ',';
			if (cl->max_active_min >= 0)
				p = put_int(p, cl->max_active_min);
			*p++ = ',';
			p = put_fixed(p, cl->occupancy_pct_max, 2);
			*p++ = ',';
			p = put_word(p, cluster_bound_word(cl->bound));
		} else {
			memcpy(p, ",,,", 3);
			p += 3;
		}
	} else {
		memcpy(p, ",,,,", 4);
		p += 4;
	}
	if (records) {
		*p++ = ',';
		if (f->cluster_max_active.present && !dropped)
			p = put_int(p, f->cluster_max_active.value);
		*p++ = ',';
		if (f->cluster_max_size.present && !dropped)
			p = put_int(p, f->cluster_max_size.value);
	}
	return p;
}

/* The last columns: the launch's L1/shared preference where its GPU has
 * one (Fermi, Kepler), else empty; a kernel record's id (the browser's
 * and --compare's), whether the launch is the one measured and the
 * measured facts a what-if dropped (JSON's launch_as_measured and
 * dropped; their values are empty in the row); the SGPRs' block limit
 * (sgprs); the partition. Ends the row. */
static char *cache_column(struct outbuf *r, char *p, const struct analysis *a, bool records,
			  bool sgprs)
{
	static const struct { unsigned bit; const char *key; } facts[] = {
		{ MEASURED_SMEM_CONFIG, "shared_mem_config" }, { MEASURED_CROSSCHECK, "crosscheck" },
		{ MEASURED_ACHIEVED, "measured" }, { MEASURED_DEVICE, "device" },
	};
	const struct crosscheck_record *c = &a->report;
	bool first = true;

	p = row_room(r, p);
	*p++ = ',';
	if (a->gpu.name[0] && gpu_has_cache_config(&a->gpu.arch))
		p = put_word(p, launch_cache_config_name(a->launch.cache_config));
	if (records) {
		*p++ = ',';
		if (c->present)
			p = put_int(p, c->id);
		*p++ = ',';
		if (c->present && a->ok) {
			memcpy(p, c->changed ? "false" : "true", 5);
			p += c->changed ? 5 : 4;
		}
		*p++ = ',';
		for (size_t i = 0; c->present && a->ok && c->dropped && i < N_OF(facts); i++) {
			if (!(c->dropped & facts[i].bit))
				continue;
			if (!first)
				*p++ = ';';
			p = put_word(p, facts[i].key);
			first = false;
		}
	}
	*p++ = ',';
	if (sgprs && a->r.block_limit[OCC_BARRIERS] != OCC_UNLIMITED)
		p = put_int(p, a->r.block_limit[OCC_BARRIERS]);
	/* The partition (--sms): the units the launch may use; empty for all. */
	*p++ = ',';
	if (a->launch.sms > 0)
		p = put_int(p, a->launch.sms);
	*p++ = '\n';
	return p;
}

void output_csv_header(FILE *out, bool records)
{
	struct outbuf b;

	outbuf_init(&b, out);
	output_csv_header_to(&b, records);
	outbuf_flush(&b);
}

void output_csv_header_to(struct outbuf *b, bool records)
{
	outbuf_puts(b, "kernel,gpu,cc,sm_count");
	for (size_t i = 0; i < N_OF(launch_columns); i++) {
		outbuf_putc(b, ',');
		outbuf_puts(b, param_key_total(launch_columns[i]));
	}
	for (size_t i = 0; i < N_OF(analysis_columns); i++) {
		outbuf_putc(b, ',');
		outbuf_puts(b, analysis_columns[i]);
	}
	outbuf_puts(b, ",error");
	outbuf_puts(b, records ? ",achieved_occupancy_pct,duration_ns,crosscheck_disagreements,"
		    "profiler_theoretical_occupancy_pct,profiler_theoretical_active_warps,"
		    "profiler_waves_per_sm,profiler_block_limit_warps,profiler_block_limit_blocks,"
		    "profiler_block_limit_registers,profiler_block_limit_shared_mem,"
		    "profiler_block_limit_barriers,inferred,profiler_waves_limited_by_vgpr,"
		    "profiler_waves_limited_by_sgpr,profiler_waves_limited_by_lds,"
		    "profiler_waves_limited_by_workgroup" : "");
	outbuf_putc(b, ',');
	outbuf_puts(b, param_key_total(PARAM_CLUSTER));
	outbuf_puts(b, ",max_active_clusters,max_active_clusters_min,cluster_occupancy_pct,"
		    "clusters_bound");
	outbuf_puts(b, records ? ",profiler_max_active_clusters,profiler_max_cluster_size" : "");
	outbuf_putc(b, ',');
	outbuf_puts(b, param_key_total(PARAM_CACHE_CONFIG));
	outbuf_puts(b, records ? ",record_id,launch_as_measured,dropped,block_limit_sgprs"
			       : ",block_limit_sgprs");
	outbuf_putc(b, ',');
	outbuf_puts(b, param_key_total(PARAM_SMS));
	outbuf_putc(b, '\n');
}

void output_csv_row(FILE *out, const struct analysis *a, bool records)
{
	struct outbuf row;

	outbuf_init(&row, out);
	output_csv_row_to(&row, a, records);
	outbuf_flush(&row);
}

void output_csv_row_to(struct outbuf *r, const struct analysis *a, bool records)
{
	const struct launch *l = &a->launch;
	char msg[900];
	const char *fifth;
	bool first = true, barriers = false, sgprs = false;
	char *p;

	field(r, l->kernel, false);
	field(r, a->gpu.name[0] ? a->gpu.name : l->gpu_name, false);
	p = row_room(r, r->buf + r->n);
	if (a->gpu.name[0]) {
		/* gpu_arch_cc_string's 16 bytes at most, NUL and all */
		gpu_arch_cc_string(&a->gpu.arch, p, 16);
		p += strlen(p);
	}
	*p++ = ',';
	if (a->gpu.name[0] && a->gpu.sm_count > 0)
		p = put_int(p, a->gpu.sm_count);
	*p++ = ',';
	for (size_t i = 0; i < N_OF(launch_columns); i++) {
		enum launch_param lp = launch_columns[i];
		int64_t v = param_get(l, lp);

		/* What a kernel record lacks stays empty: missing is not zero. A
		 * count of 0 is missing; a size (shared memory) of 0 is a size,
		 * unless the report did not give it. */
		if (a->ok || !a->report.present ||
		    (param_info(lp)->kind == PARAM_SIZE ? (a->report.known & PARAM_BIT(lp)) != 0 : v > 0))
			p = put_int(p, v);
		*p++ = ',';
	}
	if (!a->ok) {
		output_error_text(&a->error, msg, sizeof(msg));
		for (size_t i = 0; i < N_OF(analysis_columns); i++)
			*p++ = ',';
		r->n = (size_t)(p - r->buf);
		field(r, msg, false);
		p = r->buf + r->n;
		if (records) {
			p = report_columns(r, p, a, false);
			*p++ = ',';
		}
		p = cluster_columns(r, p, a, records);
		p = cache_column(r, p, a, records, false);
		r->n = (size_t)(p - r->buf);
		return;
	}
	/* The fifth factor is barriers on NVIDIA and SGPRs on AMD (occ_key):
	 * barriers under block_limit_barriers, SGPRs in a column of their own
	 * at the end. */
	fifth = occ_key(&a->r, OCC_BARRIERS);
	barriers = strcmp(fifth, "barriers") == 0;
	sgprs = !barriers && strcmp(fifth, "sgprs") == 0;
	p = row_room(r, p);
	p = put_int(p, a->r.active_blocks_per_sm);
	*p++ = ',';
	p = put_int(p, a->r.active_warps_per_sm);
	*p++ = ',';
	p = put_fixed(p, a->r.theoretical_occupancy_pct, 2);
	*p++ = ',';
	for (int f = 0; f < OCC_N_FACTORS; f++) {
		if (!occ_is_limiting(&a->r, (enum occ_factor)f))
			continue;
		if (!first)
			*p++ = ';';
		p = put_word(p, occ_key(&a->r, (enum occ_factor)f));
		first = false;
	}
	*p++ = ',';
	p = row_room(r, p);
	for (int f = 0; f < OCC_N_FACTORS; f++) {
		int v = a->r.block_limit[f];

		if ((f != OCC_BARRIERS || barriers) && v != OCC_UNLIMITED)
			p = put_int(p, v);
		*p++ = ',';
	}
	/* No unit count (an architecture with no device): no waves. */
	if (a->gpu.sm_count > 0) {
		p = put_fixed(p, a->w.waves_per_sm, 4);
		*p++ = ',';
		p = put_fixed(p, a->w.tail_share_pct, 2);
		*p++ = ',';
		p = put_fixed(p, a->w.predicted_achieved_pct, 2);
		*p++ = ',';
	} else {
		memcpy(p, ",,,", 3);
		p += 3;
	}
	if (records)
		p = report_columns(r, p, a, true);
	*p++ = ',';
	p = cluster_columns(r, p, a, records);
	p = cache_column(r, p, a, records, sgprs);
	r->n = (size_t)(p - r->buf);
}
