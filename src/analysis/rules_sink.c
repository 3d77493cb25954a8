/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* rules_sink.c - the findings list the rules write into. */
#include "config.h"

#include "rules_sink.h"

#include <stdarg.h>
#include <string.h>

#include "numfmt.h"
#include "strfmt.h"
#include "strutil.h"


int rules_steps(struct rules_sink *s, const struct rules_input *ri, bool headroom,
		const struct tuning_step **steps)
{
	if (s->n_steps < 0 || (headroom && !s->steps_headroom)) {
		s->n_steps = headroom ? tuning_steps(&ri->gpu->arch, ri->in, ri->r, s->steps) :
			     tuning_gains(&ri->gpu->arch, ri->in, ri->r, s->steps);
		s->steps_headroom = headroom;
	}
	*steps = s->steps;
	return s->n_steps;
}

/* fmt and its values appended to f's text: kept as parameters where the
 * sink asks for them (RULES_PARAMS) and they fit, else composed at once
 * (and what was kept with it). */
static void append(struct finding *f, bool params, const char *fmt, va_list ap)
{
	size_t len;
	va_list again;

	if (params && f->text_omitted) {
		va_copy(again, ap);
		if (rules_text_capture(f, fmt, again)) {
			va_end(again);
			return;
		}
		va_end(again);
		rules_text_compose(f, f->text, sizeof(f->text));
		f->text_omitted = false;
	}
	len = strlen(f->text);
	strfmt_v(f->text + len, sizeof(f->text) - len, fmt, ap);
}

/* A new finding at the list's end, its text empty; NULL when the list is
 * full. */
static struct finding *start(struct rules_sink *s, const char *id, enum rules_severity sev,
			     const char *title)
{
	struct finding *f;

	if (s->n >= RULES_MAX_FINDINGS)
		return NULL;
	f = &s->out[s->n++];
	/* Not a memset: a finding is 2.7 KB, most of it room its text and
	 * parameters seldom fill. */
	f->text[0] = '\0';
	f->n_params = 0;
	f->n_fmts = 0;
	f->n_words = 0;
	f->cache = s->fmts;
	str_copy(f->id, sizeof(f->id), id);
	f->severity = sev;
	str_copy(f->title, sizeof(f->title), title);
	f->text_omitted = s->titles_only || s->params;
	return f;
}

struct finding *rules_add(struct rules_sink *s, const char *id, enum rules_severity sev,
			   const char *title, const char *fmt, ...)
{
	struct finding *f = start(s, id, sev, title);
	va_list ap;

	if (!f || s->titles_only)
		return f;
	va_start(ap, fmt);
	append(f, s->params, fmt, ap);
	va_end(ap);
	return f;
}

/* append's typed twin. */
static void append_args(struct finding *f, bool params, const char *fmt,
			const struct rules_arg *args, int n)
{
	if (params && f->text_omitted) {
		if (rules_text_capture_args(f, fmt, args, n))
			return;
		rules_text_compose(f, f->text, sizeof(f->text));
		f->text_omitted = false;
	}
	rules_text_append_args(f->text, sizeof(f->text), fmt, args);
}

struct finding *rules_add_args(struct rules_sink *s, const char *id, enum rules_severity sev,
			       const char *title, const char *fmt,
			       const struct rules_arg *args, int n)
{
	struct finding *f = start(s, id, sev, title);

	if (f && !s->titles_only)
		append_args(f, s->params, fmt, args, n);
	return f;
}

/* Appends to a finding's text. */
void rules_more(struct finding *f, const char *fmt, ...)
{
	va_list ap;

	/* A text left out has no formats; one kept as parameters has one. */
	if (!f || (f->text_omitted && f->n_fmts == 0))
		return;
	va_start(ap, fmt);
	append(f, f->text_omitted, fmt, ap);
	va_end(ap);
}

void rules_more_args(struct finding *f, const char *fmt, const struct rules_arg *args, int n)
{
	if (!f || (f->text_omitted && f->n_fmts == 0))
		return;
	append_args(f, f->text_omitted, fmt, args, n);
}

int rules_join(char *buf, size_t size, int len, const char *sep, const char *word)
{
	const char *part[2] = { sep, word };
	size_t n = (size_t)len;

	for (int i = 0; i < 2; i++) {
		size_t k = strlen(part[i]);

		if (n + 1 >= size)
			break;
		if (k > size - 1 - n)
			k = size - 1 - n;
		memcpy(buf + n, part[i], k);
		n += k;
	}
	if (size > 0)
		buf[n < size ? n : size - 1] = '\0';
	return (int)n;
}

void rules_limiter_title(char *buf, size_t size, bool full, const char *names, double pct)
{
	char num[NUMFMT_MAX];
	int len = rules_join(buf, size, 0, full ? "Full occupancy, bounded" : "Occupancy limited",
			     " by ");

	len = rules_join(buf, size, len, names, " (");
	num[numfmt_fixed(num, pct, 1)] = '\0';
	rules_join(buf, size, len, num, "%)");
}

/* What of src is written (the rest of its arrays is not) to dst: a finding
 * is 2.7 KB, most of it room its text and parameters seldom take. */
static void move(struct finding *dst, const struct finding *src)
{
	memcpy(dst->id, src->id, sizeof(dst->id));
	dst->severity = src->severity;
	memcpy(dst->title, src->title, sizeof(dst->title));
	memcpy(dst->text, src->text, strlen(src->text) + 1);
	dst->text_omitted = src->text_omitted;
	dst->n_params = src->n_params;
	dst->n_fmts = src->n_fmts;
	dst->n_words = src->n_words;
	memcpy(dst->params, src->params, src->n_params * sizeof(src->params[0]));
	memcpy(dst->fmts, src->fmts, src->n_fmts * sizeof(src->fmts[0]));
	memcpy(dst->words, src->words, src->n_words);
}

void rules_sort(struct finding *out, int n)
{
	int from[RULES_MAX_FINDINGS];
	bool placed[RULES_MAX_FINDINGS];
	struct finding f;

	int i = 1;

	if (n > RULES_MAX_FINDINGS)
		n = RULES_MAX_FINDINGS;
	/* Most lists come sorted. */
	while (i < n && out[i - 1].severity >= out[i].severity)
		i++;
	if (i >= n)
		return;
	/* The order sorted, as indices (stable: an insertion sort of ints),
	 * then each finding moved once, a cycle of them at a time: a raw
	 * page's cross-check warnings came after its infos and moved past each
	 * of them. */
	for (int i = 0; i < n; i++) {
		int j = i;

		while (j > 0 && out[from[j - 1]].severity < out[i].severity) {
			from[j] = from[j - 1];
			j--;
		}
		from[j] = i;
		placed[i] = false;
	}
	for (int i = 0; i < n; i++) {
		int d = i;

		if (placed[i] || from[i] == i)
			continue;
		move(&f, &out[i]);
		while (from[d] != i) {
			move(&out[d], &out[from[d]]);
			placed[d] = true;
			d = from[d];
		}
		move(&out[d], &f);
		placed[d] = true;
	}
}
