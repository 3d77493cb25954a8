/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* outbuf.c - buffered output for the writers (outbuf.h). */
#include "config.h"

#include "outbuf.h"

#include <string.h>

#include "numfmt.h"

bool outbuf_flush(struct outbuf *b)
{
	if (b->n > 0)
		fwrite(b->buf, 1, b->n, b->out);
	b->n = 0;
	return !ferror(b->out);
}

void outbuf_put_slow(struct outbuf *b, const char *s, size_t len)
{
	if (len > sizeof(b->buf)) {
		outbuf_flush(b);
		fwrite(s, 1, len, b->out);
		return;
	}
	memcpy(outbuf_room(b, len), s, len);
	b->n += len;
}

void outbuf_int_any(struct outbuf *b, int64_t v)
{
	b->n += numfmt_int(outbuf_room(b, NUMFMT_MAX), v);
}

void outbuf_fixed(struct outbuf *b, double v, int decimals)
{
	b->n += numfmt_fixed(outbuf_room(b, NUMFMT_MAX), v, decimals);
}

void outbuf_general(struct outbuf *b, double v, int precision)
{
	b->n += numfmt_general(outbuf_room(b, NUMFMT_MAX), v, precision);
}
