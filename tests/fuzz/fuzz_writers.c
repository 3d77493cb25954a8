/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* fuzz_writers.c - libFuzzer harness for the writers: the input (after its
 * first byte) is a file, read as --print reads FILE (session_print: the
 * real opening path, a launch file or list, else a report), and its first
 * FUZZ_WRITTEN records go through every writer at once: the JSON document,
 * JSON Lines, CSV and the text panes. Checks, aborting when one fails: the
 * JSON parses as one document and each JSON line as one value (a small
 * validator, fuzzutil.h); every CSV row has the header's number of fields
 * (RFC 4180 quoting); no output and no message holds a byte a terminal acts
 * on. Byte 0: bit 0 the derivations (--derive), bit 1 UTF-8 glyphs in the
 * text. Build and run (not part of make check; tests/fuzz/replay.c replays
 * its seeds there):
 *   tests/fuzz/run.sh writers [SECONDS]
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "gpu.h"
#include "output.h"
#include "print.h"
#include "session.h"

#include "fuzzutil.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Records written; the rest of the file is not read (analysis is slow). */
#define FUZZ_WRITTEN 6

struct sink {
	FILE *json, *jsonl, *csv, *text;
	struct printer *printer;
	bool derive;
	size_t n;
};

static bool write_all(void *ctx, const struct analysis *a, const struct report_record *rec)
{
	struct sink *k = ctx;

	if (k->n >= FUZZ_WRITTEN)
		return false;                 /* stops session_print: enough */
	if (!output_json_kernel_derived(k->json, a, k->n == 0, k->derive) ||
	    !output_jsonl_kernel(k->jsonl, a, k->derive))
		abort();                      /* a memstream: only out of memory */
	if (k->n == 0)
		output_csv_header(k->csv, true);
	output_csv_row(k->csv, a, true);
	if (k->n)
		fputc('\n', k->text);
	if (!print_analysis(k->printer, k->text, a, rec))
		abort();
	k->n++;
	return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct gpu_db *db;
	struct occ_error err = { 0 };
	char *buf[5] = { 0 };
	size_t len[5] = { 0 };
	FILE *f[5];
	struct sink k = { 0 };
	struct session_emit emit = { .analysis = write_all, .ctx = &k };
	struct print_options po = { 80, true, { .model = SIM_UNIFORM }, false, false };
	struct session *s;
	char path[600];
	char *files[1] = { path };

	if (!db && !(db = gpu_db_new_builtin(&err)))
		abort();
	if (size == 0)
		return 0;
	k.derive = data[0] & 1;
	po.ascii = !(data[0] & 2);
	po.derive = k.derive;
	fuzz_write("input", data + 1, size - 1, path, sizeof(path));
	for (int i = 0; i < 5; i++)
		if (!(f[i] = open_memstream(&buf[i], &len[i])))
			abort();
	k.json = f[0];
	k.jsonl = f[1];
	k.csv = f[2];
	k.text = f[3];
	if (!(k.printer = print_new(&po)) || !(s = session_new(db, NULL, &err)))
		abort();
	output_json_begin(k.json);
	output_jsonl_header(k.jsonl);
	session_print(s, files, 1, NULL, SESSION_FINDINGS, &emit, f[4]);
	output_json_end(k.json, k.n > 0);
	if (k.n == 0)
		output_csv_header(k.csv, true);
	session_free(s);
	print_free(k.printer);
	fuzz_check_outputs(f, buf, len);
	return 0;
}
