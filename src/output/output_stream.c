/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* output_stream.c - a whole report's machine-readable records through one
 * writer (output_stream.h). */
#include "config.h"

#include "output_stream.h"

#include <stdlib.h>

#include "jsonw.h"
#include "output.h"

struct output_stream {
	struct jsonw w;                  /* its text: CSV's rows too */
	enum output_stream_format format;
	unsigned what;
	bool per_record;
};

struct output_stream *output_stream_new(FILE *out, enum output_stream_format format,
					unsigned what, bool per_record)
{
	struct output_stream *s = malloc(sizeof(*s));

	if (!s)
		return NULL;
	/* the kernels of JSON's streamed array sit at 4 */
	if (format == OUTPUT_STREAM_JSON)
		jsonw_init(&s->w, out, 4);
	else
		jsonw_init_compact(&s->w, out);
	s->format = format;
	s->what = what;
	s->per_record = per_record;
	return s;
}

bool output_stream_kernel(struct output_stream *s, const struct analysis *a, bool first)
{
	switch (s->format) {
	case OUTPUT_STREAM_JSON:
		output_json_kernel_to(&s->w, a, first, s->what & OUTPUT_JSONL_DERIVATIONS);
		break;
	case OUTPUT_STREAM_JSONL:
		output_jsonl_kernel_to(&s->w, a, s->what);
		break;
	case OUTPUT_STREAM_CSV:
		output_csv_row_to(&s->w.text, a, true);
		break;
	}
	if (s->per_record)
		return output_stream_flush(s);
	return !ferror(s->w.text.out);
}

bool output_stream_flush(struct output_stream *s)
{
	return jsonw_flush(&s->w);
}

void output_stream_free(struct output_stream *s)
{
	if (!s)
		return;
	output_stream_flush(s);
	free(s);
}
