/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* import_ptxas_log.c - ptxas -v output (nvcc -Xptxas -v, or --resource-usage)
 * as a report: one record per entry function and architecture, with the
 * registers, barriers, static shared memory, stack frame and spills ptxas
 * printed for it.
 *
 * The lines it reads, as ptxas writes them (CUDA 13.0's own output is in
 * tests/data/cubin/; the older shapes are those NVIDIA's forums and the
 * CUDA C++ Best Practices Guide quote):
 *   ptxas info    : Compiling entry function '_Z3fooPf' for 'sm_90'
 *   ptxas info    : Function properties for _Z3fooPf
 *       8 bytes stack frame, 4 bytes spill stores, 4 bytes spill loads
 *   ptxas info    : Used 10 registers, used 1 barriers, 4000 bytes smem, 360 bytes cmem[0]
 * The "Used" line's parts come and go by version and target: "used N
 * barriers" from CUDA 12 on, "N bytes smem" only when there is some (so
 * none is 0), "N+M bytes smem" before Fermi (N is the kernel's), "cmem[K]"
 * before sm_90, "N bytes lmem" in old versions; a part occview does not
 * know is passed over. Properties and "Used" lines of device functions
 * (no "Compiling entry function" before them) are not kernels and are
 * passed over too. */
#include "config.h"

#include "import.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "import_binary.h"
#include "strutil.h"

#define PTXAS_COMPILING "Compiling entry function '"

/* The message of a "ptxas info : ..." line, or NULL. */
static const char *info_message(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (end - p < 5 || memcmp(p, "ptxas", 5) != 0)
		return NULL;
	p += 5;
	while (p < end && *p == ' ')
		p++;
	if (end - p < 4 || memcmp(p, "info", 4) != 0)
		return NULL;
	p += 4;
	while (p < end && *p == ' ')
		p++;
	if (p >= end || *p != ':')
		return NULL;
	p++;
	while (p < end && *p == ' ')
		p++;
	return p;
}

static bool probe_ptxas(const char *text, size_t len)
{
	const char *p = text, *end = text + len;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *e = nl ? nl : end;
		const char *m = info_message(p, e);

		if (m && (size_t)(e - m) >= strlen(PTXAS_COMPILING) &&
		    memcmp(m, PTXAS_COMPILING, strlen(PTXAS_COMPILING)) == 0)
			return true;
		p = nl ? nl + 1 : end;
	}
	return false;
}

static struct report_int known(int64_t v)
{
	return (struct report_int){ true, v };
}

/* A number at *p, moving past it; false when there is none. */
static bool number(const char **p, const char *end, int64_t *v)
{
	const char *s = *p;
	int64_t n = 0;

	if (s >= end || !isdigit((unsigned char)*s))
		return false;
	while (s < end && isdigit((unsigned char)*s) && n < ((int64_t)1 << 40))
		n = n * 10 + (*s++ - '0');
	*p = s;
	*v = n;
	return true;
}

static bool starts(const char *p, const char *end, const char *word)
{
	size_t n = strlen(word);

	return (size_t)(end - p) >= n && memcmp(p, word, n) == 0;
}

/* "Used 10 registers, used 1 barriers, 4000 bytes smem, 360 bytes cmem[0]" */
static void used_line(const char *p, const char *end, struct report_record *rec)
{
	while (p < end) {
		const char *comma = memchr(p, ',', (size_t)(end - p));
		const char *e = comma ? comma : end;
		int64_t v, extra;

		while (p < e && *p == ' ')
			p++;
		if (starts(p, e, "Used "))
			p += 5;
		else if (starts(p, e, "used "))
			p += 5;
		if (number(&p, e, &v)) {
			if (p < e && *p == '+')   /* "4000+16 bytes smem" */
				p++, number(&p, e, &extra);
			if (starts(p, e, " registers"))
				rec->registers = known(v);
			else if (starts(p, e, " barriers"))
				rec->barriers = known(v);
			else if (starts(p, e, " bytes smem"))
				rec->static_smem_bytes = known(v);
			else if (starts(p, e, " bytes lmem") && !rec->binary->frame_bytes.present)
				rec->binary->frame_bytes = known(v);
		}
		p = comma ? comma + 1 : end;
	}
}

/* "8 bytes stack frame, 4 bytes spill stores, 4 bytes spill loads" */
static bool properties_line(const char *p, const char *end, struct report_binary *b)
{
	bool any = false;

	while (p < end) {
		const char *comma = memchr(p, ',', (size_t)(end - p));
		const char *e = comma ? comma : end;
		int64_t v;

		while (p < e && *p == ' ')
			p++;
		if (number(&p, e, &v)) {
			if (starts(p, e, " bytes stack frame"))
				b->frame_bytes = known(v), any = true;
			else if (starts(p, e, " bytes spill stores"))
				b->spill_store_bytes = known(v), any = true;
			else if (starts(p, e, " bytes spill loads"))
				b->spill_load_bytes = known(v), any = true;
		}
		p = comma ? comma + 1 : end;
	}
	return any;
}

/* A new record for "Compiling entry function 'NAME' for 'ARCH'". */
static struct report_record *entry(struct report *r, const char *name, const char *arch,
				   long line)
{
	struct report_record *rec = report_add(r, line);
	struct report_binary *b;
	char *demangled;
	int sm = 0;

	if (!rec)
		return NULL;
	b = calloc(1, sizeof(*b));
	if (!b)
		return NULL;
	rec->binary = b;
	demangled = import_demangle(name);
	rec->name = demangled ? demangled : strdup(name);
	if (!rec->name || (demangled && !(b->mangled_name = strdup(name))) ||
	    !(rec->short_name = import_intern_short_name(r, name)))
		return NULL;
	str_copy(b->container, sizeof(b->container), "ptxas log");
	b->from_log = true;
	str_copy(b->arch, sizeof(b->arch), arch);
	if (strncmp(arch, "sm_", 3) == 0)
		sm = atoi(arch + 3);
	b->sm = sm;
	rec->vendor = REPORT_VENDOR_NVIDIA;
	if (sm > 0) {
		rec->cc_major = known(sm / 10);
		rec->cc_minor = known(sm % 10);
	}
	/* ptxas leaves out "bytes smem" when there is none. */
	rec->static_smem_bytes = known(0);
	return rec;
}

static bool parse_ptxas(const char *name, const char *text, size_t len, struct report *r,
			struct occ_error *err)
{
	const char *p = text, *end = text + len;
	struct report_record *cur = NULL;
	bool props = false;   /* the next line is the current entry's properties */
	long line = 1;

	for (; p < end; line++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *e = nl ? nl : end;
		const char *m = info_message(p, e);

		if (e > p && e[-1] == '\r')
			e--;
		if (!m) {
			if (props && cur)
				properties_line(p, e, cur->binary);
			props = false;
		} else if (starts(m, e, PTXAS_COMPILING)) {
			const char *q = m + strlen(PTXAS_COMPILING);
			const char *qe = memchr(q, '\'', (size_t)(e - q));
			char fn[4096], arch[16] = "";

			props = false;
			cur = NULL;
			if (!qe || (size_t)(qe - q) >= sizeof(fn)) {
				occ_error_set(err, OCC_EDATA, name, line, "entry function",
					      "the function's name is not closed with a quote");
				r->rejected_rows++;
			} else {
				const char *a = qe + 1;

				memcpy(fn, q, (size_t)(qe - q));
				fn[qe - q] = '\0';
				if (starts(a, e, " for '")) {
					const char *ae;

					a += 6;
					ae = memchr(a, '\'', (size_t)(e - a));
					if (ae && (size_t)(ae - a) < sizeof(arch)) {
						memcpy(arch, a, (size_t)(ae - a));
						arch[ae - a] = '\0';
					}
				}
				cur = entry(r, fn, arch, line);
				if (!cur) {
					occ_error_set(err, OCC_ESOFTWARE, name, line, NULL,
						      "out of memory");
					return false;
				}
			}
		} else if (starts(m, e, "Function properties for ")) {
			const char *fn = m + strlen("Function properties for ");
			const char *want = cur ? cur->binary->mangled_name ? cur->binary->mangled_name
									    : cur->name
					       : NULL;

			props = want && (size_t)(e - fn) == strlen(want) &&
				memcmp(fn, want, strlen(want)) == 0;
		} else if (starts(m, e, "Used ") && cur) {
			/* An entry's one "Used" line closes it: a later one is a
			 * device function's. */
			used_line(m, e, cur);
			cur = NULL;
			props = false;
		} else {
			props = false;
		}
		p = nl ? nl + 1 : end;
	}
	return true;
}

const struct import_text_class import_ptxas_log = {
	.name = "ptxas log",
	.probe = probe_ptxas,
	.parse = parse_ptxas,
};
