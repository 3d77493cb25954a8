/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* output_stream.h - one writer for a whole report's JSON, JSON Lines or CSV:
 * the records' text gathered across records and written in blocks. */
#ifndef OCC_OUTPUT_STREAM_H
#define OCC_OUTPUT_STREAM_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "analysis.h"
#include "compare.h"

/* A writer per record (a jsonw or a row's buffer made and written out for
 * each) handed stdio 2.4 KB a record, which stdio copied into its own
 * buffer: 236 MB copied twice for 100,000 rocprof records as JSON Lines.
 * The stream keeps one writer for the whole output, the document's head
 * and end too, and writes its buffer (outbuf.h) when full: to an
 * unbuffered stdout (main.c, where the inputs are files) that is one
 * write(2) a block, with no copy in between, and a failed write is found
 * where stdio's own buffer of the same size would have found it.
 * per_record: written out after the head and after each record as well,
 * for whoever reads the output as it comes (a report read from a pipe, a
 * terminal); each record is then handed to stdio as before.
 *
 * Nothing else may write to out while text is held (output_stream_flush).
 * A write that fails leaves the stream's error set (ferror), as stdio's
 * does; output_stream_kernel and output_stream_comparison return false
 * then. */
enum output_stream_format {
	OUTPUT_STREAM_JSON,        /* output_json_begin's document */
	OUTPUT_STREAM_JSONL,       /* output_jsonl_header's lines */
	OUTPUT_STREAM_CSV,         /* output_csv_header's rows, records' columns and all */
};
struct output_stream;

/* NULL when out of memory. what: OUTPUT_JSONL_ bits; JSON reads its
 * OUTPUT_JSONL_DERIVATIONS as --derive's derivations. */
struct output_stream *output_stream_new(FILE *out, enum output_stream_format format,
					unsigned what, bool per_record);
/* The head: JSON's up to its "kernels" array, JSON Lines' first line; CSV's
 * header comes with the first row. */
void output_stream_begin(struct output_stream *s);
/* One record: JSON's separator and object, a JSON Lines line, a CSV row
 * (the header row before the first). */
bool output_stream_kernel(struct output_stream *s, const struct analysis *a);
/* --compare's deltas after its two kernels: JSON's "comparison", which
 * closes the document, a JSON Lines line; nothing in CSV. */
bool output_stream_comparison(struct output_stream *s, const int64_t ids[2],
			      const struct compare_delta *d);
/* The end: JSON's unless compared (--compare: its comparison closed the
 * document, where a kernel was written); CSV's header where no row came. */
void output_stream_end(struct output_stream *s, bool compared);
/* Writes out what is held; false when the stream has an error. */
bool output_stream_flush(struct output_stream *s);
/* Flushes, then frees; NULL is nothing. */
void output_stream_free(struct output_stream *s);

#endif
