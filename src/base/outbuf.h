/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* outbuf.h - an output stream's text gathered in a buffer and written with
 * one fwrite when full or flushed: --format csv and json write many small
 * pieces per kernel, and a stdio call per piece was much of their time. */
#ifndef OCC_OUTBUF_H
#define OCC_OUTBUF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "numfmt.h"

struct outbuf {
	FILE *out;
	size_t n;              /* bytes waiting in buf */
	/* 64 KiB: a whole report's writer (output_stream.h) writes it out
	 * in blocks of about this size, a write(2) each. */
	char buf[65536];
};

/* Inline: the CSV starts a buffer per row. */
static inline void outbuf_init(struct outbuf *b, FILE *out)
{
	b->out = out;
	b->n = 0;
}
/* Writes out what is waiting; false when the stream has an error. */
bool outbuf_flush(struct outbuf *b);
/* Room for len more bytes (len <= sizeof(b->buf)), flushing first where
 * needed: write there, then add len to b->n. Inline: the JSON writer asks
 * for room a few hundred times a kernel. */
static inline char *outbuf_room(struct outbuf *b, size_t len)
{
	if (len > sizeof(b->buf) - b->n)
		outbuf_flush(b);
	return b->buf + b->n;
}
/* What outbuf_put does when len does not fit what is left. */
void outbuf_put_slow(struct outbuf *b, const char *s, size_t len);

/* The writers' every byte comes here: inline, so a JSON document is not a
 * call per character into this file. */
static inline void outbuf_put(struct outbuf *b, const char *s, size_t len)
{
	if (len <= sizeof(b->buf) - b->n) {
		memcpy(b->buf + b->n, s, len);
		b->n += len;
		return;
	}
	outbuf_put_slow(b, s, len);
}

static inline void outbuf_putc(struct outbuf *b, char c)
{
	if (b->n == sizeof(b->buf))
		outbuf_flush(b);
	b->buf[b->n++] = c;
}
static inline void outbuf_puts(struct outbuf *b, const char *s)
{
	outbuf_put(b, s, strlen(s));
}

/* Numbers as printf writes them (numfmt.h): "%lld", "%.*f", "%.*g"; an
 * integer below 10^8 without a call (the CSV's counts and limits:
 * numfmt_int_at). */
void outbuf_int_any(struct outbuf *b, int64_t v);
static inline void outbuf_int(struct outbuf *b, int64_t v)
{
	if (sizeof(b->buf) - b->n >= NUMFMT_MAX) {
		b->n = (size_t)(numfmt_int_at(b->buf + b->n, v) - b->buf);
		return;
	}
	outbuf_int_any(b, v);
}
void outbuf_fixed(struct outbuf *b, double v, int decimals);
void outbuf_general(struct outbuf *b, double v, int precision);

#endif
