/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* import_nvprof_metrics_text.c - nvprof --metrics without --csv: the
 * fixed-width tables, one per run, and their Device and Kernel lines. */
#include "config.h"

#include "import.h"
#include "import_nvprof.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "strutil.h"

/* ------------------------------------------------------------------------ */
/* nvprof --metrics without --csv: a fixed-width table under the header
 * "Invocations  Metric Name  Metric Description  Min  Max  Avg", grouped by
 * 'Device "name (0)"' and '    Kernel: name' lines. Values may hold spaces
 * ("Idle (0)"), so only achieved_occupancy's last word (Avg) is read. */

#define TEXT_HEADER_LINES 64

static bool words_in_order(const char *p, const char *e, const char *const *words)
{
	for (; *words; words++) {
		size_t n = strlen(*words);
		const char *hit = NULL;

		for (const char *q = p; q + n <= e; q++)
			if (memcmp(q, *words, n) == 0) {
				hit = q;
				break;
			}
		if (!hit)
			return false;
		p = hit + n;
	}
	return true;
}

static bool is_text_header(const char *p, const char *e)
{
	static const char *const words[] = { "Invocations", "Metric Name", "Metric Description",
					     "Avg", NULL };

	return !memchr(p, ',', (size_t)(e - p)) && !memchr(p, '"', (size_t)(e - p)) &&
	       words_in_order(p, e, words);
}

static bool probe_metrics_text(const char *text, size_t len)
{
	size_t pos = 0;

	for (int i = 0; i < TEXT_HEADER_LINES && pos < len; i++) {
		const char *p = text + pos, *nl = memchr(p, '\n', len - pos);
		const char *e = nl ? nl : text + len;

		if (is_text_header(p, e))
			return true;
		pos = nl ? (size_t)(nl - text) + 1 : len;
	}
	return false;
}

static void text_copy(const char *p, const char *e, char *out, size_t size)
{
	size_t n = (size_t)(e - p) < size - 1 ? (size_t)(e - p) : size - 1;

	memcpy(out, p, n);
	out[n] = '\0';
}

static bool parse_metrics_text(const char *name, const char *text, size_t len, struct report *r,
			       struct occ_error *err)
{
	struct report_record *rec = NULL;
	char device[128] = "";
	bool header = false;
	uint32_t run = 0;
	size_t pos = 0;
	long line = 0;

	while (pos < len) {
		const char *p = text + pos, *nl = memchr(p, '\n', len - pos);
		const char *e = nl ? nl : text + len;

		pos = nl ? (size_t)(nl - text) + 1 : len;
		line++;
		if (e > p && e[-1] == '\r')
			e--;
		while (p < e && isspace((unsigned char)*p))
			p++;
		while (e > p && isspace((unsigned char)e[-1]))
			e--;
		if (p == e || (e - p >= 2 && p[0] == '=' && p[1] == '='))
			continue;
		/* Each run's table has its header: runs appended to one file
		 * (nvprof >> in a loop) are records of their own. */
		if (is_text_header(p, e)) {
			header = true;
			run++;
			rec = NULL;
			continue;
		}
		if (!header)
			continue;
		if (e - p > 8 && memcmp(p, "Device \"", 8) == 0 && e[-1] == '"') {
			char quoted[128];

			text_copy(p + 8, e - 1, quoted, sizeof(quoted));
			import_nvprof_device_name(quoted, device, sizeof(device));
			rec = NULL;
		} else if (e - p > 7 && memcmp(p, "Kernel:", 7) == 0) {
			char *kernel;

			for (p += 7; p < e && isspace((unsigned char)*p); p++)
				;
			kernel = malloc((size_t)(e - p) + 1);
			if (!kernel) {
				occ_error_set(err, OCC_EDATA, name, line, NULL, "out of memory");
				return false;
			}
			text_copy(p, e, kernel, (size_t)(e - p) + 1);
			rec = kernel[0] ? import_nvprof_record_for(r, run, line, device, kernel, name, err) : NULL;
			if (!kernel[0]) {
				occ_error_set(err, OCC_EDATA, name, line, "Kernel",
					      "the kernel name is empty");
				r->rejected_rows++;
			}
			free(kernel);
		} else if (isdigit((unsigned char)*p)) {
			/* "1  achieved_occupancy  Achieved Occupancy  0.94  0.94  0.94" */
			const char *m = p, *me, *last = e;
			struct report_num avg;
			char word[64];

			while (m < e && isdigit((unsigned char)*m))
				m++;
			/* The first column is Invocations: the launches the
			 * kernel's row sums up, as in the CSV table. */
			if (rec && m - p < 10) {
				char count[12];

				text_copy(p, m, count, sizeof(count));
				rec->invocations = (struct report_int){ true, atoll(count) };
				if (rec->invocations.value < 1)
					rec->invocations = (struct report_int){ 0 };
			}
			while (m < e && isspace((unsigned char)*m))
				m++;
			for (me = m; me < e && !isspace((unsigned char)*me); me++)
				;
			if ((size_t)(me - m) != strlen("achieved_occupancy") ||
			    memcmp(m, "achieved_occupancy", (size_t)(me - m)) != 0)
				continue;
			while (last > me && !isspace((unsigned char)last[-1]))
				last--;
			text_copy(last, e, word, sizeof(word));
			if (!rec) {
				occ_error_set(err, OCC_EDATA, name, line, "Kernel",
					      "a metric before any \"Kernel:\" line");
				r->rejected_rows++;
			} else if (!import_num(word, &avg) || !avg.present || avg.value < 0 ||
				   avg.value > 1) {
				import_drop(r, name, line, "Avg", word,
					    "is not an achieved_occupancy (a fraction from 0 to 1)");
			} else {
				rec->achieved_occupancy_pct =
					(struct report_num){ true, avg.value * 100.0 };
			}
		}
	}
	return true;
}

const struct import_text_class import_nvprof_metrics_text = {
	.name = "nvprof metrics (text)",
	.probe = probe_metrics_text,
	.parse = parse_metrics_text,
};
