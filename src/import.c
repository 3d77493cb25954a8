/* import.c - the import driver: finds the table in a profiler file, picks the
 * importer by the header row's content, feeds it the rows; and the number
 * parsing every importer shares. */
#include "config.h"

#include "import.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "strutil.h"

/* Probed in this order; the first whose probe says yes reads the table. */
static const struct import_class *const import_classes[] = {
	&import_rocprof_v1,
	&import_rocprof_v2,
	&import_rocprof_v3_trace,
	&import_rocprof_v3_counters,
	&import_ncu_details,
	&import_ncu_raw,
	&import_nvprof_trace,
	&import_nvprof_metrics,
	&import_nvprof_events,
};

/* Formats that are not CSV, offered the whole text first. */
static const struct import_text_class *const import_text_classes[] = {
	&import_cudaprof_log,
	&import_nvprof_metrics_text,
};

/* Tables occview recognises but cannot use: refused with a reason instead of
 * "unknown format". Every listed column must be in the header. */
struct import_refusal {
	const char *columns[4];
	const char *why;
};

static const struct import_refusal import_refusals[] = {
	{ { "Name", "Calls", "TotalDurationNs", NULL },
	  "a rocprof --stats summary (Name, Calls, TotalDurationNs) has no launch parameters "
	  "(grid, workgroup, registers, LDS), so there is no occupancy to explain; "
	  "load the results.csv (rocprof) or kernel_trace.csv (rocprofv3) of the same run" },
	{ { "Time(%)", "Calls", "Name", NULL },
	  "an nvprof --print-gpu-summary table (Time(%), Calls, Name) has no launch "
	  "parameters (grid, block, registers, shared memory), so there is no occupancy to "
	  "explain; load the --print-gpu-trace --csv output of the same run instead" },
};

/* ------------------------------------------------------------------------ */
/* Numbers */

/* Copies a number out of text into buf without its thousands separators and
 * says where it stopped. 1: a number; 0: absent ("", "n/a"); -1: not a number.
 * Accepted: [sign] digits [,ddd]... [.digits] [e[sign]digits] [ ] [unit],
 * where a unit is letters, '%' and '/' ("100.0%", "249.97GB/s", "5 ms"). A
 * comma must separate groups of exactly three digits: "1,5" is refused, not
 * read as 15 (it may be a decimal comma). */
static int number_text(const char *text, char *buf, size_t size, bool *integral)
{
	const char *p = text;
	size_t n = 0;
	int group = -1;   /* digits since the last comma, -1 before any comma */
	int lead = 0;     /* digits before the first comma */
	bool digits = false;

	*integral = true;
	while (isspace((unsigned char)*p))
		p++;
	if (*p == '\0')
		return 0;
	if (strncasecmp(p, "n/a", 3) == 0) {
		for (p += 3; isspace((unsigned char)*p); p++)
			;
		return *p == '\0' ? 0 : -1;
	}
#define PUT(c)                          \
	do {                            \
		if (n + 1 >= size)      \
			return -1;      \
		buf[n++] = (c);         \
	} while (0)
	if (*p == '-' || *p == '+')
		PUT(*p++);
	for (; *p; p++) {
		if (isdigit((unsigned char)*p)) {
			PUT(*p);
			digits = true;
			if (group >= 0)
				group++;
			else
				lead++;
		} else if (*p == ',' && digits && isdigit((unsigned char)p[1])) {
			if ((group < 0 && lead > 3) || (group >= 0 && group != 3))
				return -1;
			group = 0;
		} else {
			break;
		}
	}
	if (!digits || (group >= 0 && group != 3))
		return -1;
	if (*p == '.') {
		PUT(*p++);
		while (isdigit((unsigned char)*p)) {
			PUT(*p++);
			if (p[-1] != '0')
				*integral = false;
		}
	}
	if ((*p == 'e' || *p == 'E') &&
	    (isdigit((unsigned char)p[1]) ||
	     ((p[1] == '-' || p[1] == '+') && isdigit((unsigned char)p[2])))) {
		*integral = false;   /* decided from the value below */
		PUT(*p++);
		if (*p == '-' || *p == '+')
			PUT(*p++);
		while (isdigit((unsigned char)*p))
			PUT(*p++);
	}
#undef PUT
	buf[n] = '\0';
	if (*p == ' ')
		p++;
	while (isalpha((unsigned char)*p) || *p == '%' || *p == '/')
		p++;
	while (isspace((unsigned char)*p))
		p++;
	return *p == '\0' ? 1 : -1;
}

bool import_num(const char *text, struct report_num *out)
{
	char buf[64];
	bool integral;
	char *end;
	double v;
	int k;

	*out = (struct report_num){ 0 };
	k = number_text(text ? text : "", buf, sizeof(buf), &integral);
	if (k <= 0)
		return k == 0;
	errno = 0;
	v = strtod(buf, &end);
	if (*end != '\0' || errno == ERANGE || !isfinite(v))
		return false;
	*out = (struct report_num){ true, v };
	return true;
}

bool import_int(const char *text, struct report_int *out)
{
	char buf[64];
	bool integral;
	char *end;
	int k;

	*out = (struct report_int){ 0 };
	k = number_text(text ? text : "", buf, sizeof(buf), &integral);
	if (k <= 0)
		return k == 0;
	if (!strpbrk(buf, ".eE")) {
		long long v;

		errno = 0;
		v = strtoll(buf, &end, 10);
		if (*end != '\0' || errno == ERANGE)
			return false;
		*out = (struct report_int){ true, (int64_t)v };
		return true;
	}
	/* "16384.000000" (rocprofv3 counters) and "1e3" are integers too; "12.5"
	 * is not, and neither is anything past 2^53, where doubles skip integers. */
	{
		double v;

		errno = 0;
		v = strtod(buf, &end);
		if (*end != '\0' || errno == ERANGE || !isfinite(v) || v != floor(v) ||
		    fabs(v) > 9007199254740992.0)
			return false;
		*out = (struct report_int){ true, (int64_t)v };
		return true;
	}
}

/* ------------------------------------------------------------------------ */
/* Finding the table */

struct cursor {
	const char *text;
	size_t len;
	size_t pos;
	long line;
};

/* The physical line at c (without its terminator) and the offset past it. */
static size_t line_end(const struct cursor *c, size_t *next)
{
	const char *nl = memchr(c->text + c->pos, '\n', c->len - c->pos);
	size_t end = nl ? (size_t)(nl - c->text) : c->len;

	*next = nl ? end + 1 : c->len;
	if (end > c->pos && c->text[end - 1] == '\r')
		end--;
	return end;
}

/* Profiler chatter, never table rows: ncu "==PROF==", "==ERROR==", nvprof
 * "==12345==". */
static bool is_banner(const char *s, size_t n)
{
	return n >= 2 && s[0] == '=' && s[1] == '=';
}

static bool is_blank(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!isspace((unsigned char)s[i]))
			return false;
	return true;
}

/* The end of the CSV record that starts at c->pos: past the newline that
 * ends it outside quotes. A quote opens a quoted field only at a field's
 * start, so a stray quote in application output cannot swallow the file. */
static size_t record_end(const struct cursor *c, long *lines)
{
	bool field_start = true, quoted = false;
	size_t i;

	*lines = 1;
	for (i = c->pos; i < c->len; i++) {
		char ch = c->text[i];

		if (quoted) {
			if (ch == '"') {
				if (i + 1 < c->len && c->text[i + 1] == '"')
					i++;
				else
					quoted = false;
			} else if (ch == '\n') {
				++*lines;
			}
		} else if (ch == '"' && field_start) {
			quoted = true;
			field_start = false;
		} else if (ch == ',') {
			field_start = true;
		} else if (ch == '\n') {
			return i + 1;
		} else if (ch != ' ' && ch != '\t' && ch != '\r') {
			field_start = false;
		}
	}
	return c->len;
}

/* Parses text[b, e) as CSV into one row (rows of a one-record chunk); false
 * when it is not CSV or holds no row. */
static bool parse_one(const char *name, const char *text, size_t b, size_t e, long first_line,
		      struct csv_rows *rows)
{
	struct occ_error ignored = { 0 };

	if (!csvread_parse(name, text + b, e - b, rows, &ignored))
		return false;
	if (rows->n == 0) {
		csvread_free(rows);
		return false;
	}
	for (size_t i = 0; i < rows->n; i++)
		rows->rows[i].line += first_line - 1;
	return true;
}

static bool header_has(const struct csv_row *h, const char *const *cols)
{
	for (; *cols; cols++)
		if (csvread_column(h, *cols) < 0)
			return false;
	return true;
}

/* Finds the header: the first line that some importer's probe accepts.
 * Lines before it (application output, banners) are passed over. On failure
 * err says why: a known table occview refuses, a CSV header of no known
 * format, or no table at all. */
static bool find_header(const char *name, struct cursor *c, const struct import_class **cls,
			struct import_state **state, size_t *header_fields, struct occ_error *err)
{
	long unknown_line = 0;
	char unknown[160] = "";
	const char *refused = NULL;
	long refused_line = 0, error_line = 0, text_line = 0;
	char error_text[160] = "";
	size_t start = c->pos;

	while (c->pos < c->len) {
		size_t next, end = line_end(c, &next);
		const char *s = c->text + c->pos;
		struct csv_rows rows;
		bool found = false;

		/* The profiler's own error ("==ERROR== The application returned an
		 * error code (1).") says why a run left no table. */
		if (!error_line && end - c->pos > 9 && memcmp(s, "==ERROR==", 9) == 0) {
			char raw[140];
			size_t n = end - c->pos < sizeof(raw) - 1 ? end - c->pos : sizeof(raw) - 1;

			memcpy(raw, s, n);
			raw[n] = '\0';
			str_sanitize(raw, error_text, sizeof(error_text));
			error_line = c->line;
		}
		if (!is_blank(s, end - c->pos) && !is_banner(s, end - c->pos) &&
		    parse_one(name, c->text, c->pos, end, c->line, &rows)) {
			const struct csv_row *h = &rows.rows[0];

			for (size_t i = 0; h->n >= 2 && !found && i < sizeof(import_classes) /
								      sizeof(import_classes[0]); i++) {
				*state = NULL;
				if (import_classes[i]->probe(h, state)) {
					*cls = import_classes[i];
					*header_fields = h->n;
					found = true;
				}
			}
			for (size_t i = 0; !found && !refused &&
					   i < sizeof(import_refusals) / sizeof(import_refusals[0]); i++) {
				if (header_has(h, import_refusals[i].columns)) {
					refused = import_refusals[i].why;
					refused_line = c->line;
				}
			}
			if (!found && !unknown_line && h->n >= 3) {
				char raw[100];
				size_t n = end - c->pos < sizeof(raw) - 1 ? end - c->pos
									    : sizeof(raw) - 1;

				memcpy(raw, s, n);
				raw[n] = '\0';
				str_sanitize(raw, unknown, sizeof(unknown));
				unknown_line = c->line;
			}
			csvread_free(&rows);
		}
		c->pos = next;
		c->line++;
		if (found)
			return true;
	}
	if (refused)
		occ_error_set(err, OCC_EDATA, name, refused_line, NULL, "%s", refused);
	else if (import_ncu_text_output(c->text + start, c->len - start, &text_line))
		occ_error_set(err, OCC_EDATA, name, text_line, NULL,
			      "this is Nsight Compute's text output, which occview does not read; "
			      "export the report as CSV: ncu --csv (or ncu --import FILE.ncu-rep --csv, "
			      "optionally with --page raw)");
	else if (error_line)
		occ_error_set(err, OCC_EDATA, name, error_line, NULL,
			      "no table found: the profiler wrote no CSV header, and line %ld says "
			      "\"%s\"", error_line, error_text);
	else if (unknown_line)
		occ_error_set(err, OCC_EDATA, name, unknown_line, NULL,
			      "no profiler table occview knows: the first table-like line is "
			      "\"%s\" (formats are told apart by their header columns)",
			      unknown);
	else
		occ_error_set(err, OCC_EDATA, name, 0, NULL,
			      "no table found: no line looks like a profiler CSV header");
	return false;
}

/* Feeds every record after the header to the importer. Banners, blank lines
 * and lines that are not CSV records of this table (application output
 * between rows: no comma, or not CSV at all) are passed over. */
static void read_rows(const char *name, struct cursor *c, const struct import_class *cls,
		      struct import_state *state, size_t header_fields, struct report *r,
		      struct occ_error *err)
{
	while (c->pos < c->len) {
		size_t next, end = line_end(c, &next);
		const char *s = c->text + c->pos;
		struct csv_rows rows;
		long lines;
		size_t rec_end;

		if (is_blank(s, end - c->pos) || is_banner(s, end - c->pos)) {
			c->pos = next;
			c->line++;
			continue;
		}
		rec_end = record_end(c, &lines);
		if (!parse_one(name, c->text, c->pos, rec_end, c->line, &rows)) {
			/* Not CSV: skip this physical line only, so a broken quote
			 * in one line of chatter costs no row after it. The last
			 * line is different: a quote left open there is a row cut
			 * short (a truncated file), which is counted, not dropped. */
			if (next == c->len && rec_end == c->len) {
				occ_error_set(err, OCC_EDATA, name, c->line, NULL,
					      "the file ends inside this row (a quoted field is "
					      "never closed): was it cut short?");
				r->rejected_rows++;
			}
			c->pos = next;
			c->line++;
			continue;
		}
		c->pos = rec_end;
		c->line += lines;
		for (size_t i = 0; i < rows.n; i++) {
			if (rows.rows[i].n < 2 && header_fields >= 2)
				continue;
			if (!cls->row(state, &rows.rows[i], r, name, err))
				r->rejected_rows++;
		}
		csvread_free(&rows);
	}
}

bool report_parse(const char *name, const char *text, size_t len, struct report *r,
		  struct occ_error *err)
{
	struct cursor c = { text, len, 0, 1 };
	const struct import_class *cls = NULL;
	struct import_state *state = NULL;
	long binary_line;
	size_t header_fields = 0;
	bool ok = true;

	*r = (struct report){ 0 };
	occ_error_clear(err);
	if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
		c.pos = 3;
	if (c.pos == len) {
		occ_error_set(err, OCC_EDATA, name, 0, NULL, "empty file");
		return false;
	}
	if (str_is_binary(text + c.pos, len - c.pos, &binary_line)) {
		occ_error_set(err, OCC_EDATA, name, binary_line, NULL,
			      "not a text file (binary data), so not a profiler report");
		return false;
	}
	for (size_t i = 0; i < sizeof(import_text_classes) / sizeof(import_text_classes[0]); i++) {
		const struct import_text_class *t = import_text_classes[i];

		if (!t->probe(text + c.pos, len - c.pos))
			continue;
		str_copy(r->format, sizeof(r->format), t->name);
		ok = t->parse(name, text + c.pos, len - c.pos, r, err);
		if (ok && r->n == 0) {
			occ_error_set(err, OCC_EDATA, name, 0, NULL,
				      "the %s holds no kernel records", t->name);
			ok = false;
		}
		if (!ok)
			report_done(r);
		return ok;
	}
	if (!find_header(name, &c, &cls, &state, &header_fields, err))
		return false;
	str_copy(r->format, sizeof(r->format), cls->name);
	read_rows(name, &c, cls, state, header_fields, r, err);
	if (cls->finish && !cls->finish(state, r, name, err))
		ok = false;
	if (cls->free_state)
		cls->free_state(state);
	if (ok && r->n == 0) {
		occ_error_set(err, OCC_EDATA, name, 0, NULL, "the %s table holds no kernel rows",
			      cls->name);
		ok = false;
	}
	if (!ok)
		report_done(r);
	return ok;
}
