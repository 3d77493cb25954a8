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
	bool any;                        /* a record was written */
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
	s->any = false;
	return s;
}

/* After a part: written out now only per record; else the stream's error
 * so far. */
static bool part_done(struct output_stream *s)
{
	if (s->per_record)
		return output_stream_flush(s);
	return !ferror(s->w.text.out);
}

void output_stream_begin(struct output_stream *s)
{
	if (s->format == OUTPUT_STREAM_JSON)
		output_json_open_to(&s->w.text, "kernels");
	else if (s->format == OUTPUT_STREAM_JSONL)
		output_jsonl_header_to(&s->w.text);
	part_done(s);
}

bool output_stream_kernel(struct output_stream *s, const struct analysis *a)
{
	switch (s->format) {
	case OUTPUT_STREAM_JSON:
		output_json_kernel_to(&s->w, a, !s->any, s->what & OUTPUT_JSONL_DERIVATIONS);
		break;
	case OUTPUT_STREAM_JSONL:
		output_jsonl_kernel_to(&s->w, a, s->what);
		break;
	case OUTPUT_STREAM_CSV:
		/* the same columns for every input: a report's are empty for
		 * a launch */
		if (!s->any)
			output_csv_header_to(&s->w.text, true);
		output_csv_row_to(&s->w.text, a, true);
		break;
	}
	s->any = true;
	return part_done(s);
}

bool output_stream_comparison(struct output_stream *s, const int64_t ids[2],
			      const struct compare_delta *d)
{
	if (s->format == OUTPUT_STREAM_JSON)
		output_json_comparison_end_to(&s->w, ids, d);
	else if (s->format == OUTPUT_STREAM_JSONL)
		output_jsonl_comparison_to(&s->w, ids, d);
	return part_done(s);
}

void output_stream_end(struct output_stream *s, bool compared)
{
	if (s->format == OUTPUT_STREAM_JSON && !(compared && s->any))
		output_json_end_to(&s->w.text, s->any);
	else if (s->format == OUTPUT_STREAM_CSV && !s->any)
		output_csv_header_to(&s->w.text, true);
	part_done(s);
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
