/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* import_nvprof_trace_text.c - nvprof --print-gpu-trace without --csv: a
 * fixed-width table, one line per kernel launch, memcpy and memset between,
 * read into the records the CSV trace gives (import_nvprof.c).
 *
 *    Start  Duration            Grid Size      Block Size     Regs*    SSMem*  ...           Device   Context    Stream  Name
 * 326.63ms  1.6782ms          (32768 1 1)      (1024 1 1)        14        0B  ...     TITAN Xp (0)         1         7  void init_kernel<double>(...) [128]
 *
 * nvprof pads every column to its widest value and right-aligns it under its
 * label, but the last, Name, which is left-aligned: a value is the text
 * between the end of the label before and the end of its own. Labels are
 * separated by two spaces or more (one space is inside "Grid Size"). Values
 * carry their units ("1.6782ms", "8.0000KB": sizes in powers of 1024, as in
 * the CSV trace), a name ends in " [correlation id]", and a row that is not
 * a kernel has "-" for its grid. A blank line ends the table (the legend of
 * "Regs*", "SSMem*", ... follows it). */
#include "config.h"

#include "import.h"
#include "import_nvprof.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checked.h"
#include "strutil.h"

enum col { COL_DURATION, COL_GRID, COL_BLOCK, COL_REGS, COL_SSMEM, COL_DSMEM, COL_DEVICE,
	   COL_NAME, COL_N };

/* The labels nvprof prints; "Regs*" and its like end in a legend mark. */
static const char *const col_labels[COL_N] = {
	[COL_DURATION] = "Duration", [COL_GRID] = "Grid Size", [COL_BLOCK] = "Block Size",
	[COL_REGS] = "Regs", [COL_SSMEM] = "SSMem", [COL_DSMEM] = "DSMem",
	[COL_DEVICE] = "Device", [COL_NAME] = "Name",
};

#define MAX_LABELS 32

struct import_state {
	bool in_table;          /* a header seen, and no blank line since */
	/* Where each column read ends (exclusive) and the one before it ends:
	 * its value lies between. Name runs to the end of the line. */
	size_t begin[COL_N], end[COL_N];
};

/* The labels of a header line: [b, e) spans of text separated by two
 * spaces or more. */
static size_t labels(const char *line, size_t b[MAX_LABELS], size_t e[MAX_LABELS])
{
	size_t n = 0, i = 0;

	while (line[i] && n < MAX_LABELS) {
		while (line[i] == ' ')
			i++;
		if (!line[i])
			break;
		b[n] = i;
		while (line[i] && (line[i] != ' ' || (line[i + 1] && line[i + 1] != ' ')))
			i++;
		e[n++] = i;
	}
	return n;
}

/* The column label names: "Regs*" is "Regs". */
static int label_col(const char *line, size_t b, size_t e)
{
	size_t n = e - b;

	if (n > 0 && line[e - 1] == '*')
		n--;
	for (int c = 0; c < COL_N; c++)
		if (strlen(col_labels[c]) == n && memcmp(line + b, col_labels[c], n) == 0)
			return c;
	return -1;
}

/* True when line is the trace's header (every column read, Name last), with
 * where each column lies in s (NULL: only the answer). A CSV line is none. */
static bool header(const char *line, struct import_state *s)
{
	size_t b[MAX_LABELS], e[MAX_LABELS], n;
	bool seen[COL_N] = { false };

	if (strpbrk(line, ",\"\t"))
		return false;
	n = labels(line, b, e);
	if (n < COL_N || label_col(line, b[n - 1], e[n - 1]) != COL_NAME)
		return false;
	for (size_t i = 0; i < n; i++) {
		int c = label_col(line, b[i], e[i]);

		if (c < 0)
			continue;
		if (seen[c])
			return false;
		seen[c] = true;
		if (s) {
			s->begin[c] = i > 0 ? e[i - 1] : 0;
			s->end[c] = c == COL_NAME ? SIZE_MAX : e[i];
		}
	}
	for (int c = 0; c < COL_N; c++)
		if (!seen[c])
			return false;
	return true;
}

static bool probe(const char *text, size_t len, struct import_state **state)
{
	char line[1024];
	size_t pos = 0;

	while (pos < len) {
		const char *p = text + pos, *nl = memchr(p, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - p) : len - pos;

		pos += n + 1;
		if (n > 0 && p[n - 1] == '\r')
			n--;
		if (n >= sizeof(line))
			continue;
		memcpy(line, p, n);
		line[n] = '\0';
		if (header(line, NULL)) {
			*state = calloc(1, sizeof(**state));
			return *state != NULL;
		}
	}
	return false;
}

/* Column c's value of line, trimmed, into out. */
static void value(const struct import_state *s, const char *line, enum col c, char *out,
		  size_t size)
{
	size_t len = strlen(line), b = s->begin[c] < len ? s->begin[c] : len;
	size_t e = s->end[c] < len ? s->end[c] : len;

	while (b < e && isspace((unsigned char)line[b]))
		b++;
	while (e > b && isspace((unsigned char)line[e - 1]))
		e--;
	if (e - b >= size)
		e = b + size - 1;
	memcpy(out, line + b, e - b);
	out[e - b] = '\0';
}

/* "(32768 1 1)"; false when it is not three whole numbers in brackets. */
static bool read_dim3(const char *text, struct report_int out[3])
{
	const char *p = text;

	if (*p++ != '(')
		return false;
	for (int d = 0; d < 3; d++) {
		char *end;
		long long v;

		while (*p == ' ')
			p++;
		if (!isdigit((unsigned char)*p))
			return false;
		v = strtoll(p, &end, 10);
		if (v > INT32_MAX)
			return false;
		out[d] = (struct report_int){ true, v };
		p = end;
	}
	while (*p == ' ')
		p++;
	return p[0] == ')' && p[1] == '\0';
}

/* A number with its unit ("1.6782ms", "8.0000KB") as ns or bytes. 1: read;
 * 0: absent ("-"); -1: no number or no unit nvprof uses. */
static int read_scaled(const char *text, bool time, double *out)
{
	char num[64];
	size_t n = strspn(text, "0123456789.");
	struct report_num v;
	double scale;

	if (strcmp(text, "-") == 0 || !text[0])
		return 0;
	if (n == 0 || n >= sizeof(num))
		return -1;
	memcpy(num, text, n);
	num[n] = '\0';
	scale = import_nvprof_unit_scale(text + n, time);
	if (scale == 0 || !import_num(num, &v) || !v.present)
		return -1;
	*out = v.value * scale;
	return 1;
}

/* " [128]" at the end of a name: nvprof's correlation id, taken off. */
static struct report_int correlation_id(char *name)
{
	size_t n = strlen(name), i;

	if (n < 4 || name[n - 1] != ']')
		return (struct report_int){ 0 };
	for (i = n - 1; i > 0 && isdigit((unsigned char)name[i - 1]); i--)
		;
	if (i == n - 1 || i < 3 || name[i - 1] != '[' || name[i - 2] != ' ')
		return (struct report_int){ 0 };
	name[i - 2] = '\0';
	return (struct report_int){ true, strtoll(name + i, NULL, 10) };
}

static bool bad(struct occ_error *err, const char *file, long line, const char *column,
		const char *what, const char *text)
{
	char shown[64];

	str_sanitize(text, shown, sizeof(shown));
	occ_error_set(err, OCC_EDATA, file, line, column, "\"%s\" %s", shown, what);
	return false;
}

static bool row_trace_text(struct import_state *s, const struct csv_row *row, struct report *r,
			   const char *file, struct occ_error *err)
{
	const char *line = row->fields[0];
	struct report_int grid[3], block[3], regs, id;
	struct report_record *rec;
	double smem[2] = { 0, 0 }, dur = 0;
	int got_smem[2], got_dur;
	int64_t smem_bytes[2] = { 0, 0 };
	char text[64], device[REPORT_TEXT], *name;

	if (!s->in_table) {
		s->in_table = header(line, s);
		return true;
	}
	if (!line[strspn(line, " \t")]) {
		s->in_table = false;
		return true;
	}
	value(s, line, COL_GRID, text, sizeof(text));
	/* memcpy and memset rows have no grid. */
	if (strcmp(text, "-") == 0) {
		r->skipped_rows++;
		return true;
	}
	if (!read_dim3(text, grid))
		return bad(err, file, row->line, "Grid Size", "is not a grid \"(x y z)\"", text);
	value(s, line, COL_BLOCK, text, sizeof(text));
	if (!read_dim3(text, block))
		return bad(err, file, row->line, "Block Size", "is not a block \"(x y z)\"", text);
	value(s, line, COL_REGS, text, sizeof(text));
	if (strcmp(text, "-") == 0)
		regs = (struct report_int){ 0 };
	else if (!import_int(text, &regs) || !regs.present || regs.value < 0)
		return bad(err, file, row->line, "Regs", "is not a whole number of 0 or more", text);
	for (int k = 0; k < 2; k++) {
		enum col c = k == 0 ? COL_SSMEM : COL_DSMEM;

		value(s, line, c, text, sizeof(text));
		got_smem[k] = read_scaled(text, false, &smem[k]);
		if (got_smem[k] < 0)
			return bad(err, file, row->line, col_labels[c],
				   "is not a size in B, KB, MB or GB", text);
		/* a whole number of bytes that fits: 1e19 B is refused, not cast */
		if (got_smem[k] > 0 && !checked_round(smem[k], 0, INT64_MAX, &smem_bytes[k]))
			return bad(err, file, row->line, col_labels[c],
				   "is out of range (0 to 9223372036854775807 bytes)", text);
	}
	name = malloc(strlen(line) + 1);
	if (!name) {
		occ_error_set(err, OCC_EDATA, file, row->line, NULL, "out of memory");
		return false;
	}
	value(s, line, COL_NAME, name, strlen(line) + 1);
	if (!name[0]) {
		free(name);
		occ_error_set(err, OCC_EDATA, file, row->line, "Name", "the kernel name is empty");
		return false;
	}
	/* The row stays: what is information now (import.h). */
	id = correlation_id(name);
	value(s, line, COL_DURATION, text, sizeof(text));
	got_dur = read_scaled(text, true, &dur);
	if (got_dur < 0)
		import_drop(r, file, row->line, "Duration", text,
			    "is not a time in s, ms, us or ns");
	rec = report_add(r, row->line);
	if (!rec) {
		free(name);
		occ_error_set(err, OCC_EDATA, file, row->line, NULL, "out of memory");
		return false;
	}
	rec->name = name;
	value(s, line, COL_DEVICE, text, sizeof(text));
	import_nvprof_device_name(text, device, sizeof(device));
	rec->short_name = report_intern_short_name(r, name);
	rec->device = report_intern(r, device, REPORT_TEXT);
	if (!rec->short_name || !rec->device) {
		free(rec->name);
		r->n--;
		occ_error_set(err, OCC_EDATA, file, row->line, NULL, "out of memory");
		return false;
	}
	rec->vendor = REPORT_VENDOR_NVIDIA;
	rec->id = id;
	for (int d = 0; d < 3; d++) {
		rec->grid[d] = grid[d];
		rec->block[d] = block[d];
	}
	rec->registers = regs;
	if (got_smem[0] > 0)
		rec->static_smem_bytes = (struct report_int){ true, smem_bytes[0] };
	if (got_smem[1] > 0)
		rec->dynamic_smem_bytes = (struct report_int){ true, smem_bytes[1] };
	if (got_dur > 0)
		rec->duration_ns = (struct report_num){ true, dur };
	return true;
}

static void free_state(struct import_state *s)
{
	free(s);
}

const struct import_class import_nvprof_trace_text = {
	.name = "nvprof GPU trace (text)",
	.probe_text = probe,
	.row = row_trace_text,
	.pending = import_pending_none,
	.free_state = free_state,
};
