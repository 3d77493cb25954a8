/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* csvread.c - a whole CSV text parsed by libcsv into rows of trimmed fields. */
#include "config.h"

#include "csvread.h"

#include <csv.h>
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "strutil.h"

struct builder {
	struct csv_rows *out;
	struct csv_row cur;
	size_t cap_rows, cap_fields;
	long line;          /* physical line being fed to the parser */
	long row_line;      /* line the current row started on */
	bool oom;
};

static void on_field(void *data, size_t len, void *ctx)
{
	struct builder *b = ctx;
	char *s;

	if (b->oom)
		return;
	if (b->cur.n == b->cap_fields) {
		size_t ncap = b->cap_fields ? b->cap_fields * 2 : 16;
		char **nf = realloc(b->cur.fields, ncap * sizeof(*nf));
		if (!nf) {
			b->oom = true;
			return;
		}
		b->cur.fields = nf;
		b->cap_fields = ncap;
	}
	s = csvread_field_copy(data, len);
	if (!s) {
		b->oom = true;
		return;
	}
	b->cur.fields[b->cur.n++] = str_trim(s);
}

char *csvread_field_copy(const char *s, size_t n)
{
	char *f = malloc(n + 1 + CSV_FIELD_SLACK);

	if (!f)
		return NULL;
	if (n)
		memcpy(f, s, n);
	memset(f + n, 0, 1 + CSV_FIELD_SLACK);
	return f;
}

static bool row_is_empty(const struct csv_row *r)
{
	for (size_t i = 0; i < r->n; i++)
		if (r->fields[i][0])
			return false;
	return true;
}

static void free_row(struct csv_row *r)
{
	for (size_t i = 0; i < r->n; i++)
		free(r->fields[i]);
	free(r->fields);
}

static void on_row(int term, void *ctx)
{
	struct builder *b = ctx;
	struct csv_rows *o = b->out;

	(void)term;
	b->cur.line = b->row_line;
	b->row_line = b->line + 1;
	if (b->oom || row_is_empty(&b->cur)) {
		free_row(&b->cur);
		goto reset;
	}
	if (o->n == b->cap_rows) {
		size_t ncap = b->cap_rows ? b->cap_rows * 2 : 64;
		struct csv_row *nr = realloc(o->rows, ncap * sizeof(*nr));
		if (!nr) {
			b->oom = true;
			free_row(&b->cur);
			goto reset;
		}
		o->rows = nr;
		b->cap_rows = ncap;
	}
	o->rows[o->n++] = b->cur;
reset:
	b->cur = (struct csv_row){ 0 };
	b->cap_fields = 0;
}

/* The plain lines from pos on (nearly every line of the tables occview
 * reads: the GPU database's, a launch file's) through the splitter, which
 * gives the rows libcsv would, at a tenth of its cost; b's line is then
 * the next line's. Returns where libcsv takes over: the first line the
 * splitter leaves to it (a quote over lines, a CR, a doubled quote), so
 * that libcsv reads the rest as it read all of it before. */
static size_t split_lines(struct builder *b, const char *text, size_t pos, size_t len)
{
	struct csv_split s = { 0 };

	while (pos < len && !b->oom) {
		const char *nl = memchr(text + pos, '\n', len - pos);
		size_t end = nl ? (size_t)(nl - text) : len;
		int k = csvread_split(&s, text + pos, end - pos, b->line);

		if (k < 0)
			break;
		if (k > 0) {
			for (size_t i = 0; i < s.row.n; i++)
				on_field(s.row.fields[i], strlen(s.row.fields[i]), b);
			on_row(0, b);
		}
		pos = nl ? end + 1 : len;
		b->row_line = ++b->line;
	}
	csvread_split_free(&s);
	return pos;
}

/* csvread_parse, its plain lines through the splitter first where split. */
static bool parse(const char *name, const char *text, size_t len, struct csv_rows *out,
		  struct occ_error *err, bool split)
{
	struct csv_parser p;
	struct builder b = { .out = out, .line = 1, .row_line = 1 };
	size_t pos = 0;
	bool ok = true;

	*out = (struct csv_rows){ 0 };
	if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
		pos = 3;
	if (str_is_binary(text + pos, len - pos, &b.line)) {
		occ_error_set(err, OCC_EDATA, name, b.line, NULL, "not a text file (binary data)");
		return false;
	}
	if (split)
		pos = split_lines(&b, text, pos, len);
	if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) != 0) {
		occ_error_set(err, OCC_EDATA, name, 0, NULL, "out of memory");
		csvread_free(out);
		return false;
	}
	/* Feed line by line so rows know where they start. */
	while (pos < len) {
		const char *nl = memchr(text + pos, '\n', len - pos);
		size_t chunk = nl ? (size_t)(nl - (text + pos)) + 1 : len - pos;

		/* libcsv grows a field's buffer by blk_size (128 bytes unless
		 * set): a field of megabytes took tens of thousands of
		 * reallocs. A field gets at most this line's bytes more, so
		 * one step of the line's size (or of what the field already
		 * holds, for a quoted field over many lines) keeps growth
		 * geometric. */
		csv_set_blk_size(&p, chunk > p.entry_size ? chunk + 1 : p.entry_size + 1);
		if (csv_parse(&p, text + pos, chunk, on_field, on_row, &b) != chunk) {
			occ_error_set(err, OCC_EDATA, name, b.line, NULL, "malformed CSV: %s",
				      csv_strerror(csv_error(&p)));
			ok = false;
			break;
		}
		/* Between rows (libcsv's ROW_NOT_BEGUN, 0 in every libcsv 3),
		 * the next row starts on the next line, also after a line libcsv
		 * gives no row for (empty, or blanks only), as the splitter
		 * counts. */
		if (p.pstate == 0)
			b.row_line = b.line + 1;
		pos += chunk;
		b.line++;
	}
	if (ok && csv_fini(&p, on_field, on_row, &b) != 0) {
		occ_error_set(err, OCC_EDATA, name, b.row_line, NULL,
			      "malformed CSV: unterminated quoted field (truncated file?)");
		ok = false;
	}
	csv_free(&p);
	free_row(&b.cur);
	if (ok && b.oom) {
		occ_error_set(err, OCC_EDATA, name, 0, NULL, "out of memory");
		ok = false;
	}
	if (!ok)
		csvread_free(out);
	return ok;
}

bool csvread_parse(const char *name, const char *text, size_t len, struct csv_rows *out,
		   struct occ_error *err)
{
	return parse(name, text, len, out, err, true);
}

bool csvread_parse_libcsv(const char *name, const char *text, size_t len, struct csv_rows *out,
			  struct occ_error *err)
{
	return parse(name, text, len, out, err, false);
}

static bool split_push(struct csv_split *s, char *field)
{
	if (s->row.n == s->fields_cap) {
		size_t ncap = s->fields_cap ? s->fields_cap * 2 : 64;
		char **nf = realloc(s->row.fields, ncap * sizeof(*nf));

		if (!nf)
			return false;
		s->row.fields = nf;
		s->fields_cap = ncap;
	}
	s->row.fields[s->row.n++] = field;
	return true;
}

/* isspace() in the C locale, inline: the splitter calls it twice a field.
 * One comparison for the bytes past ' ' (nearly every field's first and
 * last), two more below it. */
static inline bool is_space(char c)
{
	unsigned char u = (unsigned char)c;

	return u <= ' ' && (u == ' ' || (u >= '\t' && u <= '\r'));
}

/* The split copy of a record holds this many zero bytes past its NUL, so
 * that the scans below may read a block of 64 bytes, and the byte after
 * it, at any place up to the NUL. */
enum { SPLIT_PAD = 64 };
/* and it is the fields' slack (csvread.h) after the last of them */
_Static_assert((int)SPLIT_PAD >= (int)CSV_FIELD_SLACK, "the pad holds a field's slack");

/* Room for the record's copy, its NUL and the pad; the copy made. */
static char *split_copy(struct csv_split *s, const char *text, size_t len)
{
	if (len + 1 + SPLIT_PAD > s->buf_cap) {
		size_t ncap = s->buf_cap ? s->buf_cap : 4096;
		char *nb;

		while (ncap < len + 1 + SPLIT_PAD)
			ncap *= 2;
		nb = realloc(s->buf, ncap);
		if (!nb)
			return NULL;
		s->buf = nb;
		s->buf_cap = ncap;
	}
	memcpy(s->buf, text, len);
	/* The terminator doubles as a sentinel for the scans below; a NUL in
	 * the text (binary, refused before rows are read) is left to libcsv.
	 * The pad after it is zeros, read by whole-block scans, never used. */
	memset(s->buf + len, 0, 1 + SPLIT_PAD);
	return s->buf;
}

/* Field [f, fe) of the record, a quoted one with its quotes: trimmed as
 * csvread_parse trims, terminated; its start returned, *nonempty set when
 * something is left. Most fields start and end with no blank: one test
 * each end. */
static inline char *split_trim(char *f, char *fe, bool *nonempty)
{
	if (*f == '"') {
		f++;
		fe--;
	}
	if ((unsigned char)*f <= ' ' || (f < fe && (unsigned char)fe[-1] <= ' ')) {
		while (f < fe && is_space(*f))
			f++;
		while (fe > f && is_space(fe[-1]))
			fe--;
	}
	*fe = '\0';
	if (f < fe)
		*nonempty = true;
	return f;
}

/* The same, added to the row (the scalar splitter's). */
static inline bool split_field(struct csv_split *s, char *f, char *fe, bool *any)
{
	f = split_trim(f, fe, any);
	if (s->row.n < s->fields_cap) {
		s->row.fields[s->row.n++] = f;
		return true;
	}
	return split_push(s, f);
}

#if defined(__SSE2__) && defined(__GNUC__)
/* What csvread_split reads of 64 bytes at p: a bit per byte; stop only
 * says whether a CR, LF or NUL is there (any), unless exact (the last
 * block, where the NUL ends the text): then a bit per byte too. */
struct split_bits {
	uint64_t quote, comma, stop;
};

static inline uint64_t bits64(__m128i a, __m128i b, __m128i c, __m128i d)
{
	return (uint64_t)(unsigned)_mm_movemask_epi8(a) |
	       (uint64_t)(unsigned)_mm_movemask_epi8(b) << 16 |
	       (uint64_t)(unsigned)_mm_movemask_epi8(c) << 32 |
	       (uint64_t)(unsigned)_mm_movemask_epi8(d) << 48;
}

static inline __m128i stops(__m128i x)
{
	return _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('\r')),
					 _mm_cmpeq_epi8(x, _mm_set1_epi8('\n'))),
			    _mm_cmpeq_epi8(x, _mm_setzero_si128()));
}

static inline void split_bits64(const char *p, bool exact, struct split_bits *b)
{
	const __m128i q = _mm_set1_epi8('"'), c = _mm_set1_epi8(',');
	__m128i x0 = _mm_loadu_si128((const __m128i *)(const void *)p);
	__m128i x1 = _mm_loadu_si128((const __m128i *)(const void *)(p + 16));
	__m128i x2 = _mm_loadu_si128((const __m128i *)(const void *)(p + 32));
	__m128i x3 = _mm_loadu_si128((const __m128i *)(const void *)(p + 48));
	__m128i s0 = stops(x0), s1 = stops(x1), s2 = stops(x2), s3 = stops(x3);

	b->quote = bits64(_mm_cmpeq_epi8(x0, q), _mm_cmpeq_epi8(x1, q), _mm_cmpeq_epi8(x2, q),
			  _mm_cmpeq_epi8(x3, q));
	b->comma = bits64(_mm_cmpeq_epi8(x0, c), _mm_cmpeq_epi8(x1, c), _mm_cmpeq_epi8(x2, c),
			  _mm_cmpeq_epi8(x3, c));
	b->stop = exact ? bits64(s0, s1, s2, s3) :
		  (uint64_t)(unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(s0, s1),
								     _mm_or_si128(s2, s3)));
}

/* Bit i: the parity of the bits 0 to i of m. */
static inline uint64_t prefix_xor(uint64_t m)
{
	m ^= m << 1;
	m ^= m << 2;
	m ^= m << 4;
	m ^= m << 8;
	m ^= m << 16;
	m ^= m << 32;
	return m;
}

/* 64 bytes a step, as bits: a raw page's record is hundreds of fields,
 * and a scan and its checks per field were a third of reading it. A
 * quote opens a field's quoting where its count so far is odd; such a
 * quote must start a field (first, or after a comma) and the next one end
 * it (last, or before a comma), so that the commas outside quotes are the
 * separators, and no quote is anywhere else; CR, LF or a NUL anywhere is
 * left to libcsv, as is an unclosed quote. */
/* Room for need fields in the row's array. */
static bool split_room(struct csv_split *s, size_t need)
{
	size_t ncap = s->fields_cap ? s->fields_cap : 64;
	char **nf;

	if (need <= s->fields_cap)
		return true;
	while (ncap < need)
		ncap *= 2;
	nf = realloc(s->row.fields, ncap * sizeof(*nf));
	if (!nf)
		return false;
	s->row.fields = nf;
	s->fields_cap = ncap;
	return true;
}

/* The field of a column not read (struct csv_split's want). */
static char split_unread[1 + CSV_FIELD_SLACK];

/* The bits set in x, inline (without -mpopcnt the builtin is a call). */
static inline unsigned popcount64(uint64_t x)
{
	x -= (x >> 1) & 0x5555555555555555u;
	x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
	x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fu;
	return (unsigned)((x * 0x0101010101010101u) >> 56);
}

/* Whether column i is read. */
static inline bool want_bit(const uint64_t *want, size_t words, size_t i)
{
	return (i >> 6) < words && (want[i >> 6] >> (i & 63) & 1);
}

/* Whether any of the columns [i, i + k) is read (k <= 64). */
static inline bool want_any(const uint64_t *want, size_t words, size_t i, unsigned k)
{
	size_t w = i >> 6;
	unsigned o = (unsigned)(i & 63);
	uint64_t lo = w < words ? want[w] >> o : 0;
	uint64_t hi = o && w + 1 < words ? want[w + 1] << (64 - o) : 0;
	uint64_t m = k >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << k) - 1;

	return ((lo | hi) & m) != 0;
}

/* csvread_split with want (NULL: every column): the fields of a block of 64
 * bytes that holds no column read are counted, not trimmed. */
static int split64(struct csv_split *s, const char *text, size_t len, long line,
		   const uint64_t *want, size_t words)
{
	char *buf = split_copy(s, text, len);
	uint64_t inside = 0;           /* all ones while a quoted field goes on */
	bool after_comma = false;      /* the byte before the block is a comma */
	bool any = false;
	size_t start = 0, n = 0;
	/* The row's array in locals: the fields' terminators are char stores,
	 * which may alias anything, and would reload s's members each time. */
	char **fields = s->row.fields;
	size_t cap = s->fields_cap;
	char *f;

	if (!buf)
		return -1;
	s->row.line = line;
	s->row.n = 0;
	for (size_t base = 0; base < len; base += 64) {
		struct split_bits b;
		size_t left = len - base;
		bool whole = left > 64;   /* the byte after the block is the text's */
		uint64_t valid = left >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << left) - 1;
		uint64_t odd, q, c, first, last, sep;

		split_bits64(buf + base, !whole, &b);
		if (b.stop & valid)
			return -1;
		q = b.quote & valid;
		c = b.comma & valid;
		odd = prefix_xor(q) ^ inside;
		inside = (uint64_t)0 - (odd >> 63);
		/* the places that start a field, and those that end one */
		first = c << 1 | (uint64_t)(after_comma || base == 0);
		last = c >> 1 | (whole ? (uint64_t)(buf[base + 64] == ',') << 63
				       : (uint64_t)1 << (left - 1));
		if ((q & odd & ~first) || (q & ~odd & ~last))
			return -1;
		after_comma = c >> 63;
		sep = c & ~odd;
		if (want) {
			unsigned k = popcount64(sep);

			if (cap - n < 64) {
				if (!split_room(s, n + 64))
					return -1;
				fields = s->row.fields;
				cap = s->fields_cap;
			}
			if (!want_any(want, words, n, k)) {
				for (unsigned j = 0; j < k; j++)
					fields[n + j] = split_unread;
				n += k;
				if (sep)
					start = base + 64 - (size_t)__builtin_clzll(sep);
				continue;
			}
			for (; sep; sep &= sep - 1) {
				size_t at = base + (size_t)__builtin_ctzll(sep);

				fields[n] = want_bit(want, words, n) ?
						    split_trim(buf + start, buf + at, &any) :
						    split_unread;
				n++;
				start = at + 1;
			}
			continue;
		}
		for (; sep; sep &= sep - 1) {
			size_t at = base + (size_t)__builtin_ctzll(sep);

			f = split_trim(buf + start, buf + at, &any);
			if (n == cap) {
				s->row.n = n;
				if (!split_push(s, f))
					return -1;
				fields = s->row.fields;
				cap = s->fields_cap;
				n++;
			} else {
				fields[n++] = f;
			}
			start = at + 1;
		}
	}
	if (inside)
		return -1;
	s->row.n = n;
	if (want && !want_bit(want, words, n)) {
		if (!split_push(s, split_unread))
			return -1;
	} else if (!split_field(s, buf + start, buf + len, &any)) {
		return -1;
	}
	return any ? 1 : 0;
}

int csvread_split(struct csv_split *s, const char *text, size_t len, long line)
{
	int k = split64(s, text, len, line, s->want, s->want_words);

	/* No column read has text: whether the row has any is the whole
	 * row's to say. */
	if (k == 0 && s->want)
		k = split64(s, text, len, line, NULL, 0);
	return k;
}
#else
static const bool plain_stop[256] = {
	[','] = true, ['"'] = true, ['\0'] = true, ['\r'] = true, ['\n'] = true,
};
static const bool quoted_stop[256] = {
	['"'] = true, ['\0'] = true, ['\r'] = true, ['\n'] = true,
};

/* scan: where a field's scan stops, from p: the end of the field, the NUL
 * sentinel, and what makes a record not simple (a quote inside a plain
 * field, CR, LF); a quoted field's (plain false) stops at the same but the
 * comma. */
static inline char *scan(char *p, bool plain)
{
	const bool *stop = plain ? plain_stop : quoted_stop;

	while (!stop[(unsigned char)*p])
		p++;
	return p;
}

int csvread_split(struct csv_split *s, const char *text, size_t len, long line)
{
	char *p, *end;
	bool any = false;

	if (!split_copy(s, text, len))
		return -1;
	s->row.n = 0;
	s->row.line = line;
	p = s->buf;
	end = s->buf + len;
	for (;;) {
		char *f, *fe;

		if (*p == '"') {
			char *q = scan(p + 1, false);

			if (*q != '"' || (q + 1 < end && q[1] != ','))
				return -1;
			f = p;
			fe = q + 1;
			p = q + 1;
		} else {
			char *q = scan(p, true);

			if (*q != ',' && (*q != '\0' || q < end))
				return -1;
			f = p;
			fe = q;
			p = fe;
		}
		if (!split_field(s, f, fe, &any))
			return -1;
		if (p == end)
			break;
		p++;   /* past the comma; one at the very end gives an empty field */
	}
	return any ? 1 : 0;
}
#endif

void csvread_split_free(struct csv_split *s)
{
	free(s->buf);
	free(s->row.fields);
	*s = (struct csv_split){ 0 };
}

void csvread_free(struct csv_rows *rows)
{
	for (size_t i = 0; i < rows->n; i++)
		free_row(&rows->rows[i]);
	free(rows->rows);
	*rows = (struct csv_rows){ 0 };
}

int csvread_column(const struct csv_row *header, const char *name)
{
	for (size_t i = 0; i < header->n; i++)
		if (str_ieq(header->fields[i], name))
			return (int)i;
	return -1;
}

const char *csvread_named(const struct csv_cell *c, const char *col)
{
	return csvread_field(c->row, csvread_column(c->header, col));
}

bool csvread_int(const struct csv_cell *c, const char *col, int64_t min, int64_t max,
		 bool optional, int64_t *out)
{
	const char *s = csvread_named(c, col);
	char *end;
	long long v;

	if (!*s && optional) {
		*out = 0;
		return true;
	}
	v = strtoll(s, &end, 10);
	if (!*s || *end || v < min || v > max) {
		occ_error_set(c->err, OCC_EDATA, c->file, c->row->line, col,
			      "expected a whole number from %lld to %lld, got \"%.40s\"",
			      (long long)min, (long long)max, s);
		return false;
	}
	*out = v;
	return true;
}

bool csvread_text(const struct csv_cell *c, const char *col, char *out, size_t size,
		  bool required)
{
	const char *s = csvread_named(c, col);

	if (required && !*s) {
		occ_error_set(c->err, OCC_EDATA, c->file, c->row->line, col, "missing value");
		return false;
	}
	if (!str_copy(out, size, s)) {
		occ_error_set(c->err, OCC_EDATA, c->file, c->row->line, col,
			      "longer than %zu characters", size - 1);
		return false;
	}
	return true;
}
