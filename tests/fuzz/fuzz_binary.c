/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* fuzz_binary.c - libFuzzer harness for the compiled-binary readers (cubins,
 * fatbins, host ELF files; import_elfhost.c, import_fatbin.c,
 * import_cubin.c) and ptxas logs: the bytes are written to a file the
 * reader maps (as occview reads a binary), read whole and streamed, with
 * the SM listing too; anything else goes to report_parse. Checks the
 * contract of import_binary.h, aborting when it is broken: false leaves the
 * report empty with an error, true gives records, each with its binary
 * object and a name. Build and run (not part of make check):
 *   tests/fuzz/run.sh binary [SECONDS]
 */
#include "config.h"

#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "import_binary.h"
#include "report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool count_record(void *ctx, const struct report *r, struct report_record *rec)
{
	(void)r;
	if (!rec->binary || !rec->name)
		abort();
	++*(size_t *)ctx;
	return true;
}

static const char *temp_path(void)
{
	static char path[64];

	if (!path[0])
		snprintf(path, sizeof(path), "%s/occview-fuzz-binary.%ld",
			 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", (long)getpid());
	return path;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct occ_error err = { 0 };
	struct report r;
	size_t n = 0, streamed = 0;
	struct report_sink sink = { count_record, &streamed };
	struct import_binary_counts c;
	int sms[16];
	const char *path = temp_path();
	FILE *f;
	bool ok;

	if (!import_binary_probe(data, size)) {
		if (report_parse("fuzz", (const char *)data, size, &r, &err)) {
			if (r.n == 0)
				abort();
		} else if (r.n != 0 || err.status == OCC_OK) {
			abort();
		}
		report_done(&r);
		return 0;
	}
	f = fopen(path, "wb");
	if (!f || fwrite(data, 1, size, f) != size)
		abort();
	fclose(f);
	ok = report_binary_stream(path, NULL, &r, &c, &err);
	if (ok ? r.n == 0 || r.n != c.kernels : r.n != 0 || err.status == OCC_OK)
		abort();
	for (size_t i = 0; i < r.n; i++)
		if (!r.records[i].binary || !r.records[i].name || !r.records[i].short_name)
			abort();
	n = r.n;
	report_done(&r);
	/* Streamed, the same kernels reach the sink. */
	if (report_binary_stream(path, &sink, &r, NULL, &err) != ok || (ok && streamed != n))
		abort();
	report_done(&r);
	if (import_binary_sms(path, sms, sizeof(sms) / sizeof(sms[0]), &n, &err) && n > 16)
		abort();
	unlink(path);
	return 0;
}
