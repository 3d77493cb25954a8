/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* csvread.c - a whole CSV text parsed by libcsv into rows of trimmed fields. */
#include "config.h"

#include "csvread.h"

#include <csv.h>
#include <ctype.h>
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
	s = malloc(len + 1);
	if (!s) {
		b->oom = true;
		return;
	}
	if (len)
		memcpy(s, data, len);
	s[len] = '\0';
	b->cur.fields[b->cur.n++] = str_trim(s);
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

bool csvread_parse(const char *name, const char *text, size_t len, struct csv_rows *out,
		   struct occ_error *err)
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
	if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) != 0) {
		occ_error_set(err, OCC_EDATA, name, 0, NULL, "out of memory");
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
 * that the scans below may read 16 bytes at any place up to the NUL. */
enum { SPLIT_PAD = 16 };

/* scan: where a field's scan stops, from p: the end of the field, the NUL
 * sentinel, and what makes a record not simple (a quote inside a plain
 * field, CR, LF); a quoted field's (plain false) stops at the same but the
 * comma. */
#if defined(__SSE2__) && defined(__GNUC__)
/* 16 bytes a step: a raw page's record is hundreds of fields, and byte
 * loops were a third of reading it. */
static inline unsigned stops16(__m128i x, bool plain)
{
	__m128i m = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('"')),
					      _mm_cmpeq_epi8(x, _mm_setzero_si128())),
				 _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('\r')),
					      _mm_cmpeq_epi8(x, _mm_set1_epi8('\n'))));

	if (plain)
		m = _mm_or_si128(m, _mm_cmpeq_epi8(x, _mm_set1_epi8(',')));
	return (unsigned)_mm_movemask_epi8(m);
}

static inline char *scan(char *p, bool plain)
{
	for (;;) {
		unsigned bits = stops16(_mm_loadu_si128((const __m128i *)(const void *)p), plain);

		if (bits)
			return p + __builtin_ctz(bits);
		p += 16;
	}
}
#else
static const bool plain_stop[256] = {
	[','] = true, ['"'] = true, ['\0'] = true, ['\r'] = true, ['\n'] = true,
};
static const bool quoted_stop[256] = {
	['"'] = true, ['\0'] = true, ['\r'] = true, ['\n'] = true,
};

static inline char *scan(char *p, bool plain)
{
	const bool *stop = plain ? plain_stop : quoted_stop;

	while (!stop[(unsigned char)*p])
		p++;
	return p;
}
#endif

int csvread_split(struct csv_split *s, const char *text, size_t len, long line)
{
	char *p, *end;
	bool any = false;

	s->row.n = 0;
	s->row.line = line;
	if (len + 1 + SPLIT_PAD > s->buf_cap) {
		size_t ncap = s->buf_cap ? s->buf_cap : 4096;
		char *nb;

		while (ncap < len + 1 + SPLIT_PAD)
			ncap *= 2;
		nb = realloc(s->buf, ncap);
		if (!nb)
			return -1;
		s->buf = nb;
		s->buf_cap = ncap;
	}
	memcpy(s->buf, text, len);
	/* The terminator doubles as a sentinel for the scans below; a NUL in
	 * the text (binary, refused before rows are read) is left to libcsv.
	 * The pad after it is zeros, read by whole-word scans, never used. */
	memset(s->buf + len, 0, 1 + SPLIT_PAD);
	p = s->buf;
	end = s->buf + len;
	for (;;) {
		char *f, *fe;

		/* Inline scans, not memchr: fields are short (a few to tens of
		 * bytes), and a call per field costs more than the scan. Every
		 * byte passes one of them, so they also find a CR or LF. */
		if (*p == '"') {
			char *q = scan(p + 1, false);

			if (*q != '"' || (q + 1 < end && q[1] != ','))
				return -1;
			f = p + 1;
			fe = q;
			p = q + 1;
		} else {
			char *q = scan(p, true);

			if (*q != ',' && (*q != '\0' || q < end))
				return -1;
			f = p;
			fe = q;
			p = fe;
		}
		while (f < fe && is_space(*f))
			f++;
		while (fe > f && is_space(fe[-1]))
			fe--;
		*fe = '\0';
		if (*f)
			any = true;
		if (s->row.n < s->fields_cap)
			s->row.fields[s->row.n++] = f;
		else if (!split_push(s, f))
			return -1;
		if (p == end)
			break;
		p++;   /* past the comma; one at the very end gives an empty field */
	}
	return any ? 1 : 0;
}

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

const char *csvread_field(const struct csv_row *row, int i)
{
	return i >= 0 && (size_t)i < row->n ? row->fields[i] : "";
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
