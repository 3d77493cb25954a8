/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* print_summary.c - the summary table of a report's records: a line per
 * record or run of identical launches, held until the run ends, then totals. */
#include "config.h"

#include "print_summary.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "numfmt.h"
#include "outbuf.h"
#include "strutil.h"

/* The columns, in order; the kernel's name ends the line, whole. */
enum col { C_ID, C_COUNT, C_CC, C_GRID, C_BLOCK, C_REGS, C_SMEM, C_THEORY, C_ACHIEVED,
	   C_LIMITER, C_WAVES, C_FINDING, N_COLS };

static const struct { const char *label; int width; bool left; } cols[N_COLS] = {
	[C_ID] = { "id", 8, false },         [C_COUNT] = { "count", 5, false },
	[C_CC] = { "cc", 6, true },          [C_GRID] = { "grid", 9, false },
	[C_BLOCK] = { "block", 5, false },   [C_REGS] = { "regs", 4, false },
	[C_SMEM] = { "smem", 7, false },     [C_THEORY] = { "theory", 6, false },
	[C_ACHIEVED] = { "achvd", 6, false }, [C_LIMITER] = { "limiter", 12, true },
	[C_WAVES] = { "waves", 8, false },   [C_FINDING] = { "top finding", 40, true },
};

/* What makes two records' launches identical: the launch's every value. */
enum { KEY_INTS = 17 };

struct line {
	bool used;
	int64_t id, count;
	int64_t key[KEY_INTS];
	char *kernel;                /* heap: a full name can be long */
	char gpu[GPU_NAME_MAX];
	char cc[16];
	bool ok;
	double theory, waves;        /* NAN where not computed */
	double achieved_sum;
	int64_t achieved_n;
	const char *limiter;         /* occ_key's word; NULL where not computed */
	char finding[160];           /* the top finding's title, or why nothing was computed */
};

struct print_summary {
	struct outbuf out;
	bool header_written;
	struct line pending;
	/* the totals */
	size_t records, lines, failed, achieved_n, duration_n;
	double theory_sum, theory_min, theory_max, achieved_sum, duration_sum;
	size_t n_limiters;
	struct { const char *key; size_t n; } limiters[2 * OCC_N_FACTORS];
};

struct print_summary *print_summary_new(FILE *out)
{
	struct print_summary *s = calloc(1, sizeof(*s));

	if (s) {
		outbuf_init(&s->out, out);
		s->theory_min = INFINITY;
		s->theory_max = -INFINITY;
	}
	return s;
}

void print_summary_free(struct print_summary *s)
{
	if (s)
		free(s->pending.kernel);
	free(s);
}

size_t print_summary_count(const struct print_summary *s)
{
	return s->records;
}

static void launch_key(const struct launch *l, int64_t key[KEY_INTS])
{
	const int64_t k[KEY_INTS] = {
		l->grid[0], l->grid[1], l->grid[2], l->block[0], l->block[1], l->block[2],
		l->regs_per_thread, l->static_smem_bytes, l->dynamic_smem_bytes, l->carveout_pct,
		l->cache_config, l->barriers, l->cluster_size, l->wave_size, l->agprs, l->sgprs, 0,
	};

	memcpy(key, k, sizeof(k));
}

/* The first finding that says more than the limiter column does. */
static const char *top_finding(const struct analysis *a)
{
	for (int i = 0; i < a->n_findings; i++)
		if (strcmp(a->findings[i].id, "limiter") != 0)
			return a->findings[i].title;
	return "-";
}

static void cell(struct print_summary *s, enum col c, const char *text)
{
	char clean[1100], cut[256], *p;
	const char *t = text;
	size_t len = 0;
	int pad;

	/* Printable ASCII that fits, most cells (numbers, words), is its own
	 * sanitized and cut form, as wide as it is long. */
	while ((unsigned char)text[len] >= 0x20 && (unsigned char)text[len] < 0x7F)
		len++;
	if (text[len] || len > (size_t)cols[c].width) {
		/* File text (an error's quote of a field) is never written raw. */
		str_sanitize(text, clean, sizeof(clean));
		t = str_ellipsize(clean, cols[c].width, false, "...", cut, sizeof(cut));
		len = strlen(t);
		pad = cols[c].width - (int)str_display_width(t);
	} else {
		pad = cols[c].width - (int)len;
	}
	if (pad < 0)
		pad = 0;
	if (c > 0)
		outbuf_putc(&s->out, ' ');
	/* t is at most clean's 1100 bytes, pad a column's width: room there is */
	p = outbuf_room(&s->out, len + (size_t)pad);
	if (!cols[c].left) {
		memset(p, ' ', (size_t)pad);
		memcpy(p + pad, t, len);
	} else {
		memcpy(p, t, len);
		memset(p + len, ' ', (size_t)pad);
	}
	s->out.n += len + (size_t)pad;
}

static void cell_int(struct print_summary *s, enum col c, int64_t v, bool present)
{
	char buf[32];

	if (!present)
		cell(s, c, "n/a");
	else {
		numfmt_int(buf, v);
		cell(s, c, buf);
	}
}

/* v with decimals, and unit after it; "n/a" where v is NAN. */
static void cell_real(struct print_summary *s, enum col c, double v, int decimals,
		      const char *unit)
{
	char buf[48];
	size_t n;

	if (isnan(v)) {
		cell(s, c, "n/a");
		return;
	}
	n = numfmt_fixed(buf, v, decimals);
	str_copy(buf + n, sizeof(buf) - n, unit);
	cell(s, c, buf);
}

static void header(struct print_summary *s)
{
	for (int c = 0; c < N_COLS; c++)
		cell(s, (enum col)c, cols[c].label);
	outbuf_puts(&s->out, " kernel\n");
	s->header_written = true;
}

static void write_line(struct print_summary *s, const struct line *l)
{
	char name[4096];

	if (!s->header_written)
		header(s);
	cell_int(s, C_ID, l->id, l->id >= 0);
	cell_int(s, C_COUNT, l->count, true);
	cell(s, C_CC, l->cc[0] ? l->cc : "n/a");
	cell_int(s, C_GRID, l->key[0] * l->key[1] * l->key[2], l->ok);
	cell_int(s, C_BLOCK, l->key[3] * l->key[4] * l->key[5], l->ok);
	cell_int(s, C_REGS, l->key[6], l->ok);
	cell_int(s, C_SMEM, l->key[7] + l->key[8], l->ok);
	cell_real(s, C_THEORY, l->theory, 1, "%");
	cell_real(s, C_ACHIEVED, l->achieved_n ? l->achieved_sum / (double)l->achieved_n : NAN, 1,
		  "%");
	cell(s, C_LIMITER, l->limiter ? l->limiter : "n/a");
	cell_real(s, C_WAVES, l->waves, 2, "");
	cell(s, C_FINDING, l->finding);
	outbuf_putc(&s->out, ' ');
	str_sanitize(l->kernel, name, sizeof(name));
	outbuf_puts(&s->out, name[0] ? name : "(unnamed)");
	outbuf_putc(&s->out, '\n');
	s->lines++;
}

static void count_limiter(struct print_summary *s, const char *key)
{
	size_t i;

	for (i = 0; i < s->n_limiters; i++)
		if (strcmp(s->limiters[i].key, key) == 0)
			break;
	if (i == s->n_limiters) {
		if (i == sizeof(s->limiters) / sizeof(s->limiters[0]))
			return;
		s->limiters[s->n_limiters++].key = key;
	}
	s->limiters[i].n++;
}

/* The first limiting factor's word ("registers", on AMD "vgprs"); NULL
 * where nothing was computed. */
static const char *limiter_of(const struct analysis *a)
{
	for (int f = 0; a->ok && f < OCC_N_FACTORS; f++)
		if (occ_is_limiting(&a->r, (enum occ_factor)f))
			return occ_key(&a->r, (enum occ_factor)f);
	return NULL;
}

bool print_summary_add(struct print_summary *s, const struct analysis *a, int64_t id,
		       const char *name)
{
	struct line *p = &s->pending;
	const struct crosscheck_record *rep = &a->report;
	const char *gpu = a->gpu.name[0] ? a->gpu.name : a->launch.gpu_name;
	int64_t key[KEY_INTS];

	if (!name)
		name = a->launch.kernel;
	launch_key(&a->launch, key);
	s->records++;
	if (!a->ok)
		s->failed++;
	if (rep->duration_ns.present) {
		s->duration_sum += rep->duration_ns.value;
		s->duration_n++;
	}
	if (rep->achieved_occupancy_pct.present) {
		s->achieved_sum += rep->achieved_occupancy_pct.value;
		s->achieved_n++;
	}
	if (a->ok) {
		double t = a->r.theoretical_occupancy_pct;

		s->theory_sum += t;
		s->theory_min = t < s->theory_min ? t : s->theory_min;
		s->theory_max = t > s->theory_max ? t : s->theory_max;
		if (limiter_of(a))
			count_limiter(s, limiter_of(a));
	}
	if (p->used && p->ok && a->ok && memcmp(p->key, key, sizeof(key)) == 0 &&
	    strcmp(p->kernel, name) == 0 && strcmp(p->gpu, gpu) == 0) {
		p->count++;
	} else {
		if (p->used)
			write_line(s, p);
		free(p->kernel);
		memset(p, 0, sizeof(*p));
		if (!(p->kernel = strdup(name)))
			return false;
		p->used = true;
		p->id = id;
		p->count = 1;
		memcpy(p->key, key, sizeof(key));
		str_copy(p->gpu, sizeof(p->gpu), gpu);
		if (a->gpu.name[0])
			gpu_arch_cc_string(&a->gpu.arch, p->cc, sizeof(p->cc));
		p->ok = a->ok;
		p->theory = a->ok ? a->r.theoretical_occupancy_pct : NAN;
		p->waves = a->ok ? a->w.waves_per_sm : NAN;
		p->limiter = limiter_of(a);
		if (a->ok)
			str_copy(p->finding, sizeof(p->finding), top_finding(a));
		else
			str_copy(p->finding, sizeof(p->finding), a->error.message);
	}
	if (rep->achieved_occupancy_pct.present) {
		p->achieved_sum += rep->achieved_occupancy_pct.value;
		p->achieved_n++;
	}
	return true;
}

static void put_count(struct outbuf *o, size_t n, const char *one, const char *many)
{
	outbuf_int(o, (int64_t)n);
	outbuf_putc(o, ' ');
	outbuf_puts(o, n == 1 ? one : many);
}

bool print_summary_end(struct print_summary *s)
{
	struct outbuf *o = &s->out;
	size_t ok = s->records - s->failed;

	if (s->pending.used)
		write_line(s, &s->pending);
	s->pending.used = false;
	outbuf_putc(o, '\n');
	put_count(o, s->records, "kernel record", "kernel records");
	outbuf_puts(o, " in ");
	put_count(o, s->lines, "line", "lines");
	if (s->failed) {
		outbuf_puts(o, ", ");
		put_count(o, s->failed, "not analysed", "not analysed");
	}
	outbuf_puts(o, "\n");
	if (ok) {
		outbuf_puts(o, "theoretical occupancy: mean ");
		outbuf_fixed(o, s->theory_sum / (double)ok, 1);
		outbuf_puts(o, "%, least ");
		outbuf_fixed(o, s->theory_min, 1);
		outbuf_puts(o, "%, most ");
		outbuf_fixed(o, s->theory_max, 1);
		outbuf_puts(o, "%\n");
	}
	if (s->achieved_n) {
		outbuf_puts(o, "achieved occupancy: mean ");
		outbuf_fixed(o, s->achieved_sum / (double)s->achieved_n, 1);
		outbuf_puts(o, "% of ");
		put_count(o, s->achieved_n, "record that measured it", "records that measured it");
		outbuf_putc(o, '\n');
	}
	if (s->n_limiters) {
		outbuf_puts(o, "limited by:");
		for (size_t i = 0; i < s->n_limiters; i++) {
			outbuf_puts(o, i ? ", " : " ");
			outbuf_puts(o, s->limiters[i].key);
			outbuf_putc(o, ' ');
			outbuf_int(o, (int64_t)s->limiters[i].n);
		}
		outbuf_putc(o, '\n');
	}
	if (s->duration_n) {
		outbuf_puts(o, "duration: ");
		outbuf_fixed(o, s->duration_sum / 1e3, 1);
		outbuf_puts(o, " us in all, of ");
		put_count(o, s->duration_n, "record that measured it", "records that measured it");
		outbuf_putc(o, '\n');
	}
	return outbuf_flush(o);
}
