/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* rules_text.c - a finding's text kept as its formats and the values they
 * quote (RULES_PARAMS), composed only where an output prints it: the same
 * bytes strfmt writes, since the formats and values are the ones the rules
 * pass it. */
#include "config.h"

#include "rules_sink.h"

#include <stdint.h>
#include <string.h>

#include "numfmt.h"

/* One conversion of a rules format: what it takes and how it is written. */
struct conv {
	size_t len;      /* of the conversion in the format, '%' included */
	char kind;       /* '%' a literal percent; 'i', 'f', 's', 'c' as rules_param's */
	char arg;        /* how it is read: 'd' int, 'u' unsigned, 'l' long, 'L' long long,
			  * 'z' size_t, 'f' double, 's' string, 'c' int */
	int decimals;    /* of 'f' */
};

/* The conversion at p (at a '%'): false for one the rules do not use (flags,
 * widths, other conversions), which strfmt then writes. Inlined: a text
 * composed at once (JSON, the text summary) parses each conversion as it
 * writes it. */
static inline __attribute__((always_inline)) bool parse(const char *p, struct conv *c)
{
	const char *q = p + 1;

	/* The rules' most common, first. */
	if (*q == 'd' || *q == 's') {
		c->kind = *q == 'd' ? 'i' : 's';
		c->arg = *q;
		c->len = 2;
		return true;
	}
	c->decimals = 6;
	if (*q == '%') {
		c->kind = '%';
		c->arg = 0;
		c->len = 2;
		return true;
	}
	if (*q == '.') {
		q++;
		if (*q < '0' || *q > '9' || (q[1] >= '0' && q[1] <= '9'))
			return false;
		c->decimals = *q++ - '0';
		if (*q != 'f')
			return false;
	}
	switch (*q) {
	case 'd': case 'i': c->kind = 'i'; c->arg = 'd'; break;
	case 'u': c->kind = 'i'; c->arg = 'u'; break;
	case 'f': c->kind = 'f'; c->arg = 'f'; break;
	case 's': c->kind = 's'; c->arg = 's'; break;
	case 'c': c->kind = 'c'; c->arg = 'c'; break;
	case 'l':
		c->kind = 'i';
		if (q[1] == 'l' && (q[2] == 'd' || q[2] == 'i')) {
			c->arg = 'L';
			q += 2;
		} else if (q[1] == 'd' || q[1] == 'i') {
			c->arg = 'l';
			q++;
		} else {
			return false;
		}
		break;
	case 'z':
		if (q[1] != 'u')
			return false;
		c->kind = 'i';
		c->arg = 'z';
		q++;
		break;
	default:
		return false;
	}
	c->len = (size_t)(q + 1 - p);
	return true;
}

/* The kind of parameter a value read as arg is (conv.kind). */
static char kind_of(char arg)
{
	return arg == 'f' ? 'f' : arg == 's' ? 's' : arg == 'c' ? 'c' : 'i';
}

/* The values fmt takes, how each is read, into args (room for max): their
 * count, or -1 where fmt has a conversion rules_text does not write or more
 * than max values. */
static int args_of(const char *fmt, char *args, int max)
{
	struct conv c;
	int n = 0;

	for (const char *p = strchr(fmt, '%'); p; p = strchr(p + c.len, '%')) {
		if (!parse(p, &c))
			return -1;
		if (c.kind == '%')
			continue;
		if (n >= max)
			return -1;
		args[n++] = c.arg;
	}
	return n;
}

void rules_fmts_ready(struct rules_fmts *cache)
{
	if (cache->owner == cache)
		return;
	for (int i = 0; i < RULES_FMT_SLOTS; i++)
		cache->slot[i].fmt = NULL;
	cache->owner = cache;
}

/* fmt's slot in cache, filled at the first ask; NULL where the cache is
 * full around it (fmt is then parsed at each use). */
static const char *cached_args(struct rules_fmts *cache, const char *fmt, int *n)
{
	unsigned h = (unsigned)(((uintptr_t)fmt >> 3) % RULES_FMT_SLOTS);

	/* A few slots on from the hashed one, then give up. */
	for (unsigned k = 0; k < 4; k++) {
		unsigned i = (h + k) % RULES_FMT_SLOTS;

		if (cache->slot[i].fmt == fmt) {
			*n = cache->slot[i].n;
			return cache->slot[i].args;
		}
		if (!cache->slot[i].fmt) {
			cache->slot[i].fmt = fmt;
			cache->slot[i].n = (signed char)args_of(fmt, cache->slot[i].args, RULES_FMT_ARGS);
			*n = cache->slot[i].n;
			return cache->slot[i].args;
		}
	}
	return NULL;
}

bool rules_text_capture(struct finding *f, const char *fmt, va_list ap)
{
	unsigned n = f->n_params, at = f->n_words;
	char parsed[RULES_MAX_PARAMS + 1];
	const char *args = NULL;
	int count = -1;

	/* A text given whole (an engine's advice) quotes its numbers in its
	 * own words: it has no parameters, and is composed at once. */
	if (f->n_fmts >= RULES_MAX_FMTS || strcmp(fmt, "%s") == 0)
		return false;
	if (f->cache)
		args = cached_args(f->cache, fmt, &count);
	/* Not kept (no cache, the cache full, or too many values for a slot):
	 * parsed now. */
	if (!args || count < 0) {
		count = args_of(fmt, parsed, (int)sizeof(parsed));
		args = parsed;
	}
	if (count < 0 || n + (unsigned)count > RULES_MAX_PARAMS)
		return false;
	for (int i = 0; i < count; i++) {
		struct rules_param *v = &f->params[n];

		v->kind = kind_of(args[i]);
		switch (args[i]) {
		case 'd': case 'c': v->v.i = va_arg(ap, int); break;
		case 'u': v->v.i = va_arg(ap, unsigned); break;
		case 'l': v->v.i = va_arg(ap, long); break;
		case 'L': v->v.i = va_arg(ap, long long); break;
		case 'z': v->v.i = (int64_t)va_arg(ap, size_t); break;
		case 'f': v->v.f = va_arg(ap, double); break;
		case 's': {
			const char *s = va_arg(ap, const char *);
			char *to = f->words + at;
			size_t len, k = 0;

			if (!s)
				s = "(null)";
			len = strlen(s);
			if (at + len + 1 > sizeof(f->words))
				return false;
			/* Copied (the rules pass their own buffers too) 8 bytes a
			 * move, then the rest: the inline memcpy gcc made of it
			 * was a rep movsq, slow to start on a word of a few bytes. */
			for (; k + 8 <= len + 1; k += 8)
				memcpy(to + k, s + k, 8);
			for (; k < len + 1; k++)
				to[k] = s[k];
			v->v.at = at;
			at += (unsigned)len + 1;
			break;
		}
		}
		n++;
	}
	f->fmts[f->n_fmts++] = fmt;
	f->n_params = (unsigned char)n;
	f->n_words = (unsigned short)at;
	return true;
}

/* Text written into a buffer of size bytes as snprintf cuts it. */
struct text {
	char *buf;
	size_t size, n;
};

static void put(struct text *t, const char *s, size_t len)
{
	if (t->n + 1 >= t->size)
		return;
	if (len > t->size - 1 - t->n)
		len = t->size - 1 - t->n;
	memcpy(t->buf + t->n, s, len);
	t->n += len;
}

/* The k-th value: f's parameter where f is given, else args[k]. */
static inline struct rules_arg value_at(const struct finding *f, const struct rules_arg *args,
					unsigned k)
{
	struct rules_arg a;

	if (!f)
		return args[k];
	a.kind = f->params[k].kind;
	if (a.kind == 's')
		a.v.s = f->words + f->params[k].v.at;
	else if (a.kind == 'w')
		a.v.s = f->params[k].v.p;
	else if (a.kind == 'f')
		a.v.f = f->params[k].v.f;
	else
		a.v.i = f->params[k].v.i;
	return a;
}

/* fmt with its values (value_at's, from *k on) appended to t. */
static void compose_fmt(struct text *t, const char *fmt, const struct finding *f,
			const struct rules_arg *args, unsigned *k)
{
	const char *run = fmt, *p;
	struct conv c;

	for (p = strchr(fmt, '%'); p; p = strchr(run, '%')) {
		struct rules_arg v;
		char num[NUMFMT_MAX];

		put(t, run, (size_t)(p - run));
		/* The formats parsed when captured (rules_text_capture), or
		 * the rules' own (typed): none fails; one that did would be
		 * written as it stands. */
		if (!parse(p, &c)) {
			put(t, p, strlen(p));
			return;
		}
		run = p + c.len;
		if (c.kind == '%') {
			put(t, "%", 1);
			continue;
		}
		v = value_at(f, args, (*k)++);
		switch (c.kind) {
		case 'i':
			put(t, num, (size_t)(numfmt_int_at(num, c.arg == 'u' ? (int64_t)(unsigned)v.v.i
									      : v.v.i) - num));
			break;
		case 'f':
			put(t, num, numfmt_fixed(num, v.v.f, c.decimals));
			break;
		case 's':
			put(t, v.v.s, strlen(v.v.s));
			break;
		case 'c':
			num[0] = (char)v.v.i;
			put(t, num, 1);
			break;
		}
	}
	put(t, run, strlen(run));
}

size_t rules_text_compose(const struct finding *f, char *buf, size_t size)
{
	struct text t = { buf, size, 0 };
	unsigned k = 0;

	if (size == 0)
		return 0;
	for (unsigned i = 0; i < f->n_fmts; i++)
		compose_fmt(&t, f->fmts[i], f, NULL, &k);
	buf[t.n] = '\0';
	return t.n;
}

void rules_text_append_args(char *buf, size_t size, const char *fmt,
			    const struct rules_arg *args)
{
	size_t len = strlen(buf);
	struct text t = { buf + len, size - len, 0 };
	unsigned k = 0;

	if (len >= size)
		return;
	compose_fmt(&t, fmt, NULL, args, &k);
	t.buf[t.n] = '\0';
}

bool rules_text_capture_args(struct finding *f, const char *fmt, const struct rules_arg *args,
			     int n)
{
	unsigned np = f->n_params, at = f->n_words;

	if (f->n_fmts >= RULES_MAX_FMTS || np + (unsigned)n > RULES_MAX_PARAMS)
		return false;
	for (int i = 0; i < n; i++) {
		struct rules_param *v = &f->params[np + (unsigned)i];

		v->kind = args[i].kind;
		if (args[i].kind == 'f') {
			v->v.f = args[i].v.f;
		} else if (args[i].kind == 'w') {
			v->v.p = args[i].v.s;
		} else if (args[i].kind != 's') {
			v->v.i = args[i].v.i;
		} else {
			size_t len = strlen(args[i].v.s);

			if (at + len + 1 > sizeof(f->words))
				return false;
			memcpy(f->words + at, args[i].v.s, len + 1);
			v->v.at = at;
			at += (unsigned)len + 1;
		}
	}
	f->fmts[f->n_fmts++] = fmt;
	f->n_params = (unsigned char)(np + (unsigned)n);
	f->n_words = (unsigned short)at;
	return true;
}

const char *rules_finding_text(const struct finding *f, char *buf, size_t size)
{
	if (!f->text_omitted || size == 0)
		return f->text;
	rules_text_compose(f, buf, size);
	return buf;
}
