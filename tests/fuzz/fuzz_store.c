/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* fuzz_store.c - libFuzzer harness for the packed records' reader
 * (record_store_unpack): the bytes as one packed record against a table of
 * five texts. What it unpacks is packed again and unpacked again, and the
 * two packed forms must be the same bytes (pack(unpack(x)) is exact, so
 * the form a record takes is one); its short name goes through
 * report_short_name and its texts are read whole. Aborts when that breaks.
 * Seeds: tests/fuzz/store (records of tests/data packed). Build and run
 * (not part of make check; tests/fuzz/replay.c replays its seeds there):
 *   tests/fuzz/run.sh store [SECONDS]
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "record_store.h"
#include "report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const texts[] = {
	"", "void kernel<float>(float*, int) [clone .kd]", "kernel", "AMD Instinct MI300X", "gfx942",
};

/* rec packed into a store of its own; its bytes and length. */
static struct record_store *pack(const struct report_record *rec, const uint8_t **bytes,
				 size_t *len)
{
	struct record_store *s = record_store_new();

	if (!s || !record_store_add(s, rec))
		abort();                      /* only out of memory */
	*bytes = record_store_record(s, 0, len);
	return s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct report_record once, twice;
	struct record_store *a, *b;
	const uint8_t *x, *y;
	size_t nx, ny, n_texts;
	const char *const *t;
	char shown[REPORT_SHORT_NAME];

	if (!record_store_unpack(data, size, texts, sizeof(texts) / sizeof(texts[0]), &once))
		return 0;
	report_short_name(once.name, shown, sizeof(shown));
	if (strlen(once.short_name) + strlen(once.process) + strlen(once.device) +
		    strlen(once.gfx_target) > 4 * 64)
		abort();                      /* the table's texts are short */
	a = pack(&once, &x, &nx);
	t = record_store_texts(a, &n_texts);
	if (!record_store_unpack(x, nx, t, n_texts, &twice))
		abort();
	b = pack(&twice, &y, &ny);
	if (nx != ny || memcmp(x, y, nx) != 0)
		abort();
	report_record_done(&once);
	report_record_done(&twice);
	record_store_free(a);
	record_store_free(b);
	return 0;
}
