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

/* True when s is printable ASCII needing no quotes: its own field, as most
 * kernel and GPU names are. *len gets its length. */
static bool plain_field(const char *s, size_t *len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s), i = 0;

	*len = n;
#ifdef __SSE2__
	/* 16 bytes at a time (a kernel name is a few dozen), the last block
	 * again where it overlaps the one before: no byte past the string is
	 * read. */
	if (n >= 16) {
		const __m128i low = _mm_set1_epi8(0x1F), high = _mm_set1_epi8(0x7F);
		const __m128i comma = _mm_set1_epi8(','), quote = _mm_set1_epi8('"');

		for (;;) {
			const unsigned char *q = n - i >= 16 ? p + i : p + n - 16;
			__m128i x = _mm_loadu_si128((const __m128i *)(const void *)q);
			/* signed: bytes from 0x80 are negative, so below 0x20 too */
			__m128i ok = _mm_and_si128(_mm_cmpgt_epi8(x, low), _mm_cmplt_epi8(x, high));
			__m128i bad = _mm_or_si128(_mm_cmpeq_epi8(x, comma), _mm_cmpeq_epi8(x, quote));

			if (_mm_movemask_epi8(_mm_andnot_si128(bad, ok)) != 0xFFFF)
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

void output_csv_field(struct outbuf *r, const char *s, bool last)
{
	char clean[1100];
	size_t len;
	bool plain = plain_field(s, &len);

	/* What str_sanitize would leave as it is and needs no quotes, copied
	 * as it is (the length str_sanitize cuts at and more goes its way). */
	if (plain && len < sizeof(clean)) {
		char *p = outbuf_room(r, len + 1);

		memcpy(p, s, len);
		p[len] = last ? '\n' : ',';
		r->n += len + 1;
		return;
	}
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

static void limit(struct outbuf *r, int v)
{
	if (v != OCC_UNLIMITED)
		outbuf_int(r, v);
	outbuf_putc(r, ',');
}

static void report_num(struct outbuf *r, const struct report_num *v, int decimals)
{
	outbuf_putc(r, ',');
	if (v->present)
		outbuf_fixed(r, v->value, decimals);
}

/* A kernel record's columns: achieved occupancy, duration, the number of
 * cross-check disagreements, what the profiler computed as it printed it,
 * and the launch values inferred from that; empty where absent or not
 * compared. */
static void report_columns(struct outbuf *r, const struct analysis *a, bool lead)
{
	static const struct { unsigned bits; const char *key; } inferred[] = {
		{ PARAM_BIT(PARAM_REGISTERS), "registers_per_thread" },
		{ PARAM_BIT(PARAM_STATIC_SMEM) | PARAM_BIT(PARAM_DYNAMIC_SMEM), "shared_mem" },
		{ PARAM_BIT(PARAM_BARRIERS), "barriers" },
	};
	struct crosscheck_record kept;
	const struct crosscheck_record *p = &kept;
	const struct crosscheck_figures *f = &kept.profiler;
	bool first = true;

	/* Facts a what-if dropped are empty: not this launch's (a copy only
	 * where some were). */
	if (a->report.dropped)
		crosscheck_record_kept(&a->report, &kept);
	else
		p = &a->report, f = &a->report.profiler;
	if (lead)
		outbuf_putc(r, ',');
	if (p->achieved_occupancy_pct.present)
		outbuf_fixed(r, p->achieved_occupancy_pct.value, 2);
	report_num(r, &p->duration_ns, 0);
	outbuf_putc(r, ',');
	if (a->ok && !p->launch_given && p->check.compared)
		outbuf_int(r, crosscheck_count(p->check.disagree));
	report_num(r, &f->theoretical_pct, 2);
	report_num(r, &f->active_warps, 2);
	report_num(r, &f->waves_per_sm, 2);
	for (int i = 0; i < OCC_N_FACTORS; i++) {
		outbuf_putc(r, ',');
		if (f->limits[i].present)
			outbuf_int(r, f->limits[i].value);
	}
	outbuf_putc(r, ',');
	for (size_t i = 0; i < sizeof(inferred) / sizeof(inferred[0]); i++) {
		if (!(p->inferred.params & inferred[i].bits))
			continue;
		if (!first)
			outbuf_putc(r, ';');
		outbuf_puts(r, inferred[i].key);
		first = false;
	}
	for (int i = 0; i < REPORT_AMD_N_LIMITS; i++) {
		outbuf_putc(r, ',');
		if (f->amd_waves[i].present)
			outbuf_int(r, f->amd_waves[i].value);
	}
}

/* Thread-block clusters (cc 9.0+, empty elsewhere): the cluster size, max
 * active clusters (the most, and the least where the GPC layout leaves a
 * range), cluster occupancy and the bound's kind; for kernel records the
 * profiler's Max Active Clusters and Max Cluster Size. */
static void cluster_columns(struct outbuf *r, const struct analysis *a, bool records)
{
	const struct cluster_result *cl = &a->cl;
	const struct crosscheck_figures *f = &a->report.profiler;
	bool dropped = (a->report.dropped & MEASURED_CROSSCHECK) != 0;

	if (a->ok && cl->applies) {
		outbuf_int(r, cl->cluster_size);
		outbuf_putc(r, ',');
		if (cl->cluster_size > 0) {
			outbuf_int(r, cl->max_active_max);
			outbuf_putc(r, ',');
			if (cl->max_active_min >= 0)
				outbuf_int(r, cl->max_active_min);
			outbuf_putc(r, ',');
			outbuf_fixed(r, cl->occupancy_pct_max, 2);
			outbuf_putc(r, ',');
			outbuf_puts(r, cluster_bound_word(cl->bound));
		} else {
			outbuf_put(r, ",,,", 3);
		}
	} else {
		outbuf_put(r, ",,,,", 4);
	}
	if (records) {
		outbuf_putc(r, ',');
		if (f->cluster_max_active.present && !dropped)
			outbuf_int(r, f->cluster_max_active.value);
		outbuf_putc(r, ',');
		if (f->cluster_max_size.present && !dropped)
			outbuf_int(r, f->cluster_max_size.value);
	}
}

/* The launch's L1/shared preference where its GPU has one (Fermi, Kepler),
 * else empty. Ends the row. */
/* The last columns: the cache preference; a kernel record's id (the
 * browser's and --compare's), whether the launch is the one measured and
 * the measured facts a what-if dropped (JSON's launch_as_measured and
 * dropped; their values are empty in the row). */
static void cache_column(struct outbuf *r, const struct analysis *a, bool records)
{
	static const struct { unsigned bit; const char *key; } facts[] = {
		{ MEASURED_SMEM_CONFIG, "shared_mem_config" }, { MEASURED_CROSSCHECK, "crosscheck" },
		{ MEASURED_ACHIEVED, "measured" }, { MEASURED_DEVICE, "device" },
	};
	const char *name = launch_cache_config_name(a->launch.cache_config);
	const struct crosscheck_record *p = &a->report;
	bool first = true;
	int sgprs = a->ok && strcmp(occ_key(&a->r, OCC_BARRIERS), "sgprs") == 0
		? a->r.block_limit[OCC_BARRIERS] : OCC_UNLIMITED;

	outbuf_putc(r, ',');
	if (a->gpu.name[0] && gpu_has_cache_config(&a->gpu.arch))
		outbuf_puts(r, name);
	if (records) {
		outbuf_putc(r, ',');
		if (p->present)
			outbuf_int(r, p->id);
		outbuf_putc(r, ',');
		if (p->present && a->ok)
			outbuf_puts(r, p->changed ? "false" : "true");
		outbuf_putc(r, ',');
		for (size_t i = 0; p->present && a->ok && i < sizeof(facts) / sizeof(facts[0]); i++) {
			if (!(p->dropped & facts[i].bit))
				continue;
			if (!first)
				outbuf_putc(r, ';');
			outbuf_puts(r, facts[i].key);
			first = false;
		}
	}
	outbuf_putc(r, ',');
	if (sgprs != OCC_UNLIMITED)
		outbuf_int(r, sgprs);
	/* The partition (--sms): the units the launch may use; empty for all. */
	outbuf_putc(r, ',');
	if (a->launch.sms > 0)
		outbuf_int(r, a->launch.sms);
	outbuf_putc(r, '\n');
}

void output_csv_header(FILE *out, bool records)
{
	fputs("kernel,gpu,cc,sm_count", out);
	for (size_t i = 0; i < N_OF(launch_columns); i++)
		fprintf(out, ",%s", param_key_total(launch_columns[i]));
	for (size_t i = 0; i < N_OF(analysis_columns); i++)
		fprintf(out, ",%s", analysis_columns[i]);
	fputs(",error", out);
	fputs(records ? ",achieved_occupancy_pct,duration_ns,crosscheck_disagreements,"
	      "profiler_theoretical_occupancy_pct,profiler_theoretical_active_warps,"
	      "profiler_waves_per_sm,profiler_block_limit_warps,profiler_block_limit_blocks,"
	      "profiler_block_limit_registers,profiler_block_limit_shared_mem,"
	      "profiler_block_limit_barriers,inferred,profiler_waves_limited_by_vgpr,"
	      "profiler_waves_limited_by_sgpr,profiler_waves_limited_by_lds,"
	      "profiler_waves_limited_by_workgroup" : "", out);
	fprintf(out, ",%s,max_active_clusters,max_active_clusters_min,cluster_occupancy_pct,"
		"clusters_bound", param_key_total(PARAM_CLUSTER));
	fputs(records ? ",profiler_max_active_clusters,profiler_max_cluster_size" : "", out);
	fprintf(out, ",%s%s,%s\n", param_key_total(PARAM_CACHE_CONFIG),
		records ? ",record_id,launch_as_measured,dropped,block_limit_sgprs" : ",block_limit_sgprs",
		param_key_total(PARAM_SMS));
}

void output_csv_row(FILE *out, const struct analysis *a, bool records)
{
	const struct launch *l = &a->launch;
	char cc[16] = "", msg[900];
	struct outbuf row, *r = &row;
	bool first = true;

	outbuf_init(r, out);
	field(r, l->kernel, false);
	field(r, a->gpu.name[0] ? a->gpu.name : l->gpu_name, false);
	if (a->gpu.name[0])
		gpu_arch_cc_string(&a->gpu.arch, cc, sizeof(cc));
	outbuf_put(r, cc, strlen(cc));
	outbuf_putc(r, ',');
	if (a->gpu.name[0] && a->gpu.sm_count > 0)
		outbuf_int(r, a->gpu.sm_count);
	outbuf_putc(r, ',');
	for (size_t i = 0; i < N_OF(launch_columns); i++) {
		enum launch_param p = launch_columns[i];
		int64_t v = param_get(l, p);

		/* What a kernel record lacks stays empty: missing is not zero. A
		 * count of 0 is missing; a size (shared memory) of 0 is a size,
		 * unless the report did not give it. */
		if (a->ok || !a->report.present ||
		    (param_info(p)->kind == PARAM_SIZE ? (a->report.known & PARAM_BIT(p)) != 0 : v > 0))
			outbuf_int(r, v);
		outbuf_putc(r, ',');
	}
	if (!a->ok) {
		output_error_text(&a->error, msg, sizeof(msg));
		for (size_t i = 0; i < N_OF(analysis_columns); i++)
			outbuf_putc(r, ',');
		field(r, msg, false);
		if (records) {
			report_columns(r, a, false);
			outbuf_putc(r, ',');
		}
		cluster_columns(r, a, records);
		cache_column(r, a, records);
		outbuf_flush(r);
		return;
	}
	outbuf_int(r, a->r.active_blocks_per_sm);
	outbuf_putc(r, ',');
	outbuf_int(r, a->r.active_warps_per_sm);
	outbuf_putc(r, ',');
	outbuf_fixed(r, a->r.theoretical_occupancy_pct, 2);
	outbuf_putc(r, ',');
	for (int f = 0; f < OCC_N_FACTORS; f++) {
		const char *key;

		if (!occ_is_limiting(&a->r, (enum occ_factor)f))
			continue;
		if (!first)
			outbuf_putc(r, ';');
		key = occ_key(&a->r, (enum occ_factor)f);
		outbuf_put(r, key, strlen(key));
		first = false;
	}
	outbuf_putc(r, ',');
	/* Each factor under its own name: the fifth is barriers on NVIDIA and
	 * SGPRs on AMD (occ_key), which has a column of its own at the end. */
	for (int f = 0; f < OCC_N_FACTORS; f++)
		if (f != OCC_BARRIERS || strcmp(occ_key(&a->r, OCC_BARRIERS), "barriers") == 0)
			limit(r, a->r.block_limit[f]);
		else
			outbuf_putc(r, ',');
	/* No unit count (an architecture with no device): no waves. */
	if (a->gpu.sm_count > 0) {
		outbuf_fixed(r, a->w.waves_per_sm, 4);
		outbuf_putc(r, ',');
		outbuf_fixed(r, a->w.tail_share_pct, 2);
		outbuf_putc(r, ',');
		outbuf_fixed(r, a->w.predicted_achieved_pct, 2);
		outbuf_putc(r, ',');
	} else {
		outbuf_put(r, ",,,", 3);
	}
	if (records)
		report_columns(r, a, true);
	outbuf_putc(r, ',');
	cluster_columns(r, a, records);
	cache_column(r, a, records);
	outbuf_flush(r);
}
