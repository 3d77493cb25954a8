/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* fuzz_compare.c - libFuzzer harness for --compare I,J (session_compare.c):
 * the input is up to three files cut at FUZZ_SEP lines (fuzzutil.h), read
 * and joined as --compare reads its FILEs (launch files or lists, reports,
 * per-kernel summaries joined to traces), and the two records whose ids
 * bytes 0 and 1 pick are compared and written as text, JSON, JSON Lines and
 * CSV at once, as main's write_pair does. Checks, aborting when one fails:
 * the JSON document and each JSON line parse, the CSV rows have the
 * header's fields, and no output and no message holds a byte a terminal
 * acts on. An id byte: 0-7 are the ids 1-8; 8-15 the ids 0, -1, INT64_MAX,
 * INT64_MIN, 100, 1000, 2^31 and 2^32; the rest their value modulo 16
 * likewise. Build and run (not part of make check; tests/fuzz/replay.c
 * replays its seeds there):
 *   tests/fuzz/run.sh compare [SECONDS]
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "compare.h"
#include "gpu.h"
#include "output.h"
#include "print.h"
#include "session.h"

#include "fuzzutil.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const int64_t odd_ids[8] = { 0, -1, INT64_MAX, INT64_MIN, 100, 1000, INT64_C(1) << 31,
				    INT64_C(1) << 32 };

static int64_t id_of(uint8_t b)
{
	b %= 16;
	return b < 8 ? b + 1 : odd_ids[b - 8];
}

struct sink {
	FILE *json, *jsonl, *csv, *text;
	struct printer *printer;
	int64_t ids[2];
	int pairs;
};

static bool write_pair(void *ctx, const struct analysis *const a[2],
		       const struct report_record *const rec[2])
{
	struct sink *k = ctx;
	struct compare_delta d;

	compare_deltas(a[0], a[1], &d);
	if (!print_compare(k->printer, k->text, k->ids, a, rec, &d))
		abort();                      /* a memstream: only out of memory */
	output_csv_header(k->csv, true);
	for (int i = 0; i < 2; i++) {
		if (!output_json_kernel(k->json, a[i], i == 0) ||
		    !output_jsonl_kernel(k->jsonl, a[i], false))
			abort();
		output_csv_row(k->csv, a[i], true);
	}
	if (!output_json_comparison_end(k->json, k->ids, &d) ||
	    !output_jsonl_comparison(k->jsonl, k->ids, &d))
		abort();
	k->pairs++;
	return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct gpu_db *db;
	struct occ_error err = { 0 };
	struct fuzz_part part[3];
	char *buf[5] = { 0 };
	size_t len[5] = { 0 }, n;
	FILE *f[5];
	struct sink k = { 0 };
	struct session_pair_emit emit = { write_pair, &k };
	struct print_options po = { 80, true, { .model = SIM_UNIFORM }, false, false };
	struct session *s;
	char paths[3][600];
	char *files[3] = { paths[0], paths[1], paths[2] };

	if (!db && !(db = gpu_db_new_builtin(&err)))
		abort();
	if (size < 2)
		return 0;
	k.ids[0] = id_of(data[0]);
	k.ids[1] = id_of(data[1]);
	n = fuzz_split(data + 2, size - 2, part, 3);
	for (size_t i = 0; i < n; i++) {
		char name[16];

		snprintf(name, sizeof(name), "input%zu", i);
		fuzz_write(name, part[i].p, part[i].n, paths[i], sizeof(paths[i]));
	}
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
	session_compare(s, files, (int)n, NULL, k.ids, SESSION_FINDINGS, &emit, f[4]);
	if (k.pairs > 1)
		abort();                      /* one comparison, at most */
	if (k.pairs == 0) {
		output_json_end(k.json, false);
		output_csv_header(k.csv, true);
	}
	session_free(s);
	print_free(k.printer);
	fuzz_check_outputs(f, buf, len);
	return 0;
}
