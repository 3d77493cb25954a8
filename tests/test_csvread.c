/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_csvread.c - the record splitter (csvread_split) against libcsv
 * (csvread_parse) on the CSV shapes profilers write, and report_load, which
 * reads a file through a sliding window, against report_parse on the same
 * text. */
#include "config.h"

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "csvread.h"
#include "report.h"
#include "reportutil.h"
#include "readfile.h"
#include "strutil.h"
#include "testutil.h"

/* The split of line with the columns in want read (struct csv_split's
 * want): the same answer as the whole split, the same count of fields, the
 * same text in the columns read, and in the others the same text or "". */
static void masked_agrees(const char *line, size_t body, int k, const struct csv_row *whole,
			  const uint64_t *want, size_t words)
{
	struct csv_split m = { .want = want, .want_words = words };

	ck_assert_int_eq(csvread_split(&m, line, body, 7), k);
	if (k == 1) {
		ck_assert_uint_eq(m.row.n, whole->n);
		for (size_t i = 0; i < m.row.n; i++) {
			bool read = i / 64 < words && (want[i / 64] >> (i % 64) & 1);

			if (read || m.row.fields[i][0])
				ck_assert_str_eq(m.row.fields[i], whole->fields[i]);
		}
	}
	csvread_split_free(&m);
}

/* Masks of every shape: none, one, every third, the first and one past the
 * first word, all. */
static void masked_all_agree(const char *line, size_t body, int k, const struct csv_row *whole)
{
	static const uint64_t none[2] = { 0, 0 }, one[1] = { 2 },
			      third[3] = { 0x9249249249249249u, 0x4924924924924924u,
					   0x2492492492492492u },
			      edge[2] = { 1, 1 }, all[3] = { ~(uint64_t)0, ~(uint64_t)0, ~(uint64_t)0 };

	masked_agrees(line, body, k, whole, none, 2);
	masked_agrees(line, body, k, whole, one, 1);
	masked_agrees(line, body, k, whole, third, 3);
	masked_agrees(line, body, k, whole, edge, 2);
	masked_agrees(line, body, k, whole, all, 3);
}

/* text as csvread_parse reads it with libcsv from the first line to the
 * last: the oracle the splitter is held to. */
static bool libcsv_parse(const char *text, size_t len, struct csv_rows *rows,
			 struct occ_error *err)
{
	return csvread_parse_libcsv("t.csv", text, len, rows, err);
}

/* The line with its terminator as the whole text libcsv reads, and
 * without it as the line csvread_split reads (as the import driver splits);
 * and split again with a few sets of columns read (masked_all_agree). */
static int split_vs_libcsv(const char *line)
{
	struct csv_split s = { 0 };
	struct csv_rows rows;
	struct occ_error err = { 0 };
	size_t len = strlen(line);
	size_t body = len;
	int k;

	if (body && line[body - 1] == '\n')
		body--;
	if (body && line[body - 1] == '\r')
		body--;
	k = csvread_split(&s, line, body, 7);
	if (k >= 0) {
		ck_assert_msg(libcsv_parse(line, len, &rows, &err), "%s", line);
		ck_assert_uint_eq(rows.n, (size_t)k);
		if (k == 1) {
			ck_assert_int_eq(s.row.line, 7);
			ck_assert_uint_eq(s.row.n, rows.rows[0].n);
			for (size_t i = 0; i < s.row.n; i++)
				ck_assert_str_eq(s.row.fields[i], rows.rows[0].fields[i]);
		}
		masked_all_agree(line, body, k, &s.row);
		csvread_free(&rows);
	} else {
		masked_all_agree(line, body, k, NULL);
	}
	csvread_split_free(&s);
	return k;
}

START_TEST(split_plain_and_quoted)
{
	struct csv_split s = { 0 };

	ck_assert_int_eq(split_vs_libcsv("0,\"__amd_rocclr_copyBuffer.kd\",2,0\n"), 1);
	ck_assert_int_eq(split_vs_libcsv("\"0\",\"250292\",\"python3.12\",\"(16, 8, 1)\"\n"), 1);
	/* Commas inside a quoted field are the field's. */
	ck_assert_int_eq(csvread_split(&s, "\"f(int, float)\",\"(1, 2, 3)\"", 27, 1), 1);
	ck_assert_uint_eq(s.row.n, 2);
	ck_assert_str_eq(s.row.fields[0], "f(int, float)");
	ck_assert_str_eq(s.row.fields[1], "(1, 2, 3)");
	/* Fields are trimmed, inside quotes too, as csvread_parse does. */
	ck_assert_int_eq(split_vs_libcsv("  a , b\t,\" c \"\n"), 1);
	ck_assert_int_eq(csvread_split(&s, "  a , b\t,\" c \"", strlen("  a , b\t,\" c \""), 1), 1);
	ck_assert_str_eq(s.row.fields[0], "a");
	ck_assert_str_eq(s.row.fields[2], "c");
	csvread_split_free(&s);
}
END_TEST

START_TEST(split_empty_and_trailing)
{
	struct csv_split s = { 0 };

	/* Trailing commas (ragged rows): one empty field per comma. */
	ck_assert_int_eq(split_vs_libcsv("a,b,\n"), 1);
	ck_assert_int_eq(split_vs_libcsv("a,b,,\n"), 1);
	ck_assert_int_eq(csvread_split(&s, "a,b,,", strlen("a,b,,"), 1), 1);
	ck_assert_uint_eq(s.row.n, 4);
	ck_assert_str_eq(s.row.fields[3], "");
	ck_assert_int_eq(split_vs_libcsv("\"x\",\n"), 1);
	/* Empty fields, quoted or not, in the middle. */
	ck_assert_int_eq(split_vs_libcsv("a,,\"\",b\n"), 1);
	ck_assert_int_eq(csvread_split(&s, "a,,\"\",b", strlen("a,,\"\",b"), 1), 1);
	ck_assert_uint_eq(s.row.n, 4);
	ck_assert_str_eq(s.row.fields[1], "");
	ck_assert_str_eq(s.row.fields[2], "");
	/* A row of empty fields is no row, as csvread_parse drops it. */
	ck_assert_int_eq(split_vs_libcsv(",,\n"), 0);
	ck_assert_int_eq(split_vs_libcsv("\"\", ,\n"), 0);
	/* CRLF: the driver strips the CR with the LF. */
	ck_assert_int_eq(split_vs_libcsv("1,\"k\",3\r\n"), 1);
	csvread_split_free(&s);
}
END_TEST

/* The splitter's scans go 16 bytes a step: a comma, quote or CR at every
 * place of plain and quoted fields up to 40 bytes long (three steps), and
 * records whose length nears the copy's first allocation (4 KiB with its
 * pad), split as libcsv reads them. */
START_TEST(split_every_place)
{
	static const char special[] = { 'x', ',', '"', '\r' };
	char line[4200], field[48];

	for (int len = 1; len <= 40; len++)
		for (int at = 0; at < len; at++)
			for (size_t k = 0; k < sizeof(special); k++)
				for (int quoted = 0; quoted < 2; quoted++) {
					int got;

					memset(field, 'a', (size_t)len);
					field[len] = '\0';
					field[at] = special[k];
					snprintf(line, sizeof(line), quoted ? "\"%s\",z\n" : "%s,z\n", field);
					got = split_vs_libcsv(line);
					/* plain text, and a comma, are simple records */
					if (special[k] == 'x' || special[k] == ',')
						ck_assert_msg(got == 1, "%s: %d", line, got);
				}
	for (size_t len = 4060; len < 4100; len++) {
		memset(line, 'b', len);
		memcpy(line + len, ",c\n", 4);
		ck_assert_int_eq(split_vs_libcsv(line), 1);
	}
}
END_TEST

/* The splitter as it was written first, a byte at a time: the oracle of
 * which records are simple and what their fields are. */
static bool ref_space(char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

static int ref_split(const char *text, size_t len, char (*out)[256], size_t *n)
{
	char buf[512], *p = buf, *end = buf + len;
	bool any = false;

	memcpy(buf, text, len);
	buf[len] = '\0';
	*n = 0;
	for (;;) {
		char *f, *fe, *q;

		if (*p == '"') {
			for (q = p + 1; *q && *q != '"' && *q != '\r' && *q != '\n'; q++)
				;
			if (*q != '"' || (q + 1 < end && q[1] != ','))
				return -1;
			f = p + 1;
			fe = q;
			p = q + 1;
		} else {
			for (q = p; *q && *q != ',' && *q != '"' && *q != '\r' && *q != '\n'; q++)
				;
			if (*q != ',' && (*q != '\0' || q < end))
				return -1;
			f = p;
			fe = q;
			p = q;
		}
		while (f < fe && ref_space(*f))
			f++;
		while (fe > f && ref_space(fe[-1]))
			fe--;
		memcpy(out[*n], f, (size_t)(fe - f));
		out[*n][fe - f] = '\0';
		(*n)++;
		if (fe > f)
			any = true;
		if (p == end)
			break;
		p++;
	}
	return any ? 1 : 0;
}

/* Records of up to 300 bytes (the splitter takes 64 a step), half built of
 * plain and quoted fields (commas and spaces inside quotes) with a byte
 * sometimes put wrong, half random bytes: each split as the oracle splits
 * it, and where simple, as libcsv reads it. A fixed seed: the same records
 * every run. */
/* A 64-bit LCG's high bits: a call, so that two in one expression are
 * sequenced (a macro assigning seed twice there is undefined). */
static unsigned next_random(uint64_t *seed)
{
	*seed = *seed * 6364136223846793005u + 1442695040888963407u;
	return (unsigned)(*seed >> 33);
}

START_TEST(split_random_against_reference)
{
	static const char bytes[] = "ab ,\"\t\r\n";
	static char want[300][256];
	struct csv_split s = { 0 };
	uint64_t seed = 24;
	char line[320];
	size_t simple = 0;

#define RAND() next_random(&seed)
	for (int t = 0; t < 20000; t++) {
		size_t len = 0, n;
		int k, want_k;

		if (t % 2 == 0) {
			size_t fields = 1 + RAND() % 12;

			for (size_t i = 0; i < fields && len < 280; i++) {
				bool quoted = RAND() % 2;
				size_t flen = RAND() % 24;

				if (i)
					line[len++] = ',';
				if (quoted)
					line[len++] = '"';
				for (size_t j = 0; j < flen && len < 290; j++)
					line[len++] = quoted ? "ab ,\t"[RAND() % 5] : "ab \t"[RAND() % 4];
				if (quoted)
					line[len++] = '"';
			}
			if (RAND() % 4 == 0 && len > 0)
				line[RAND() % len] = bytes[RAND() % 8];
		} else {
			len = RAND() % 300;
			for (size_t j = 0; j < len; j++)
				line[j] = RAND() % 16 ? "aaaab ,\""[RAND() % 8] : bytes[RAND() % 8];
		}
		line[len] = '\0';
		want_k = ref_split(line, len, want, &n);
		k = csvread_split(&s, line, len, 3);
		if (k != want_k)
			ck_abort_msg("\"%s\": %d, the oracle %d", line, k, want_k);
		if (k < 0)
			continue;
		simple++;
		ck_assert_uint_eq(s.row.n, n);
		for (size_t i = 0; i < n; i++)
			if (strcmp(s.row.fields[i], want[i]) != 0)
				ck_abort_msg("\"%s\": field %zu \"%s\", the oracle \"%s\"", line, i,
					     s.row.fields[i], want[i]);
		line[len] = '\n';
		line[len + 1] = '\0';
		ck_assert_int_eq(split_vs_libcsv(line), k);
	}
#undef RAND
	/* both kinds met often enough to mean something */
	ck_assert_msg(simple > 5000 && simple < 19000, "%zu simple", simple);
	csvread_split_free(&s);
}
END_TEST

/* A row is at the line it starts on, after empty and blank lines too (libcsv
 * gives no row for those, and rows after them were counted lines early),
 * and after a quoted field over lines; the same read by libcsv alone. */
START_TEST(rows_at_their_lines)
{
	static const char text[] = "a,1\n\n  \n\t\nb,2\n\"x\ny\",3\n\nc,4\n";
	static const long lines[] = { 1, 5, 6, 9 };
	struct csv_rows rows;
	struct occ_error err = { 0 };

	for (int way = 0; way < 2; way++) {
		ck_assert(way == 0 ? csvread_parse("t.csv", text, sizeof(text) - 1, &rows, &err)
				   : libcsv_parse(text, sizeof(text) - 1, &rows, &err));
		ck_assert_uint_eq(rows.n, 4);
		for (size_t i = 0; i < rows.n; i++)
			ck_assert_msg(rows.rows[i].line == lines[i], "way %d: row %zu at line %ld, not %ld",
				      way, i, rows.rows[i].line, lines[i]);
		ck_assert_str_eq(rows.rows[2].fields[0], "x\ny");
		csvread_free(&rows);
	}
}
END_TEST

/* Whole texts: csvread_parse (the splitter for its plain lines, libcsv from
 * the first line it leaves) gives libcsv's rows, lines and errors. Lines
 * of plain and quoted fields, blank ones, a BOM, CRLF, a quote over two
 * lines, doubled quotes, a quote in a plain field (a strict error), and a
 * last line without its newline. */
START_TEST(parse_as_libcsv_alone)
{
	static const char *const pieces[] = {
		"a,b,c\n", "1, 2 ,3\n", "\"x, y\",\"\",z\n", "\n", "  \n", ",,\n",
		"k,\"two\nlines\",v\n", "q,\"say \"\"hi\"\"\"\n", "r,s\r\n",
		"bad\"quote,1\n", "\"open,2\n", "tail,9",
	};
	uint64_t seed = 91;
	char text[1024];

#define RAND() next_random(&seed)
	for (int t = 0; t < 20000; t++) {
		struct csv_rows got, want;
		struct occ_error e1 = { 0 }, e2 = { 0 };
		size_t len = 0;
		bool ok1, ok2;
		int n = (int)(RAND() % 8);

		if (RAND() % 16 == 0) {
			memcpy(text, "\xEF\xBB\xBF", 3);
			len = 3;
		}
		for (int i = 0; i < n; i++) {
			/* mostly plain lines, as the tables are */
			size_t pick = RAND() % 4 ? RAND() % 6 : RAND() % (sizeof(pieces) / sizeof(pieces[0]));
			size_t plen = strlen(pieces[pick]);

			memcpy(text + len, pieces[pick], plen);
			len += plen;
		}
		text[len] = '\0';
		ok1 = csvread_parse("t.csv", text, len, &got, &e1);
		ok2 = libcsv_parse(text, len, &want, &e2);
		ck_assert_msg(ok1 == ok2, "\"%s\": %d, libcsv %d", text, ok1, ok2);
		if (!ok1) {
			ck_assert_msg(e1.line == e2.line, "\"%s\": line %ld, libcsv %ld", text,
				      e1.line, e2.line);
			ck_assert_str_eq(e1.message, e2.message);
			continue;
		}
		ck_assert_msg(got.n == want.n, "\"%s\": %zu rows, libcsv %zu", text, got.n, want.n);
		for (size_t r = 0; r < got.n; r++) {
			ck_assert_msg(got.rows[r].line == want.rows[r].line,
				      "\"%s\": row %zu at line %ld, libcsv %ld", text, r,
				      got.rows[r].line, want.rows[r].line);
			ck_assert_uint_eq(got.rows[r].n, want.rows[r].n);
			for (size_t f = 0; f < got.rows[r].n; f++)
				ck_assert_str_eq(got.rows[r].fields[f], want.rows[r].fields[f]);
		}
		csvread_free(&got);
		csvread_free(&want);
	}
#undef RAND
}
END_TEST

/* A raw page's shape: hundreds of quoted fields, of every width, empty and
 * blank ones among them, split with random sets of columns read. */
START_TEST(split_wide_record_masked)
{
	static char line[40000];
	struct csv_split s = { 0 };
	uint64_t seed = 25, want[9];
	size_t len = 0;

	for (size_t i = 0; i < 520; i++) {
		size_t flen = next_random(&seed) % 40;

		if (i)
			line[len++] = ',';
		line[len++] = '"';
		for (size_t j = 0; j < flen; j++)
			line[len++] = "ab c,0.5"[next_random(&seed) % 8];
		line[len++] = '"';
	}
	line[len] = '\0';
	ck_assert_int_eq(csvread_split(&s, line, len, 7), 1);
	ck_assert_uint_eq(s.row.n, 520);
	for (int t = 0; t < 200; t++) {
		for (size_t w = 0; w < 9; w++)
			want[w] = 0;
		/* from 1 to 64 columns read, anywhere */
		for (unsigned i = 0, n = 1 + next_random(&seed) % 64; i < n; i++) {
			unsigned c = next_random(&seed) % 530;

			want[c / 64] |= (uint64_t)1 << (c % 64);
		}
		masked_agrees(line, len, 1, &s.row, want, 1 + (size_t)t % 9);
	}
	csvread_split_free(&s);
}
END_TEST

/* Where no column read has text, the row is the whole row: the answer says
 * whether any field has text, as without the columns. */
START_TEST(split_masked_empty_gives_whole)
{
	static const uint64_t first_and_last[1] = { 1u | 4u };
	struct csv_split s = { .want = first_and_last, .want_words = 1 };

	ck_assert_int_eq(csvread_split(&s, "\"\",x,\" \"", 8, 1), 1);
	ck_assert_uint_eq(s.row.n, 3);
	ck_assert_str_eq(s.row.fields[1], "x");
	ck_assert_int_eq(csvread_split(&s, "\"\", ,\" \"", 8, 1), 0);
	csvread_split_free(&s);
}
END_TEST

/* What the splitter leaves to libcsv; and that libcsv then reads it. */
START_TEST(split_leaves_real_csv_to_libcsv)
{
	struct csv_split s = { 0 };
	struct csv_rows rows;
	struct occ_error err = { 0 };
	static const char *const hard[] = {
		"\"say \"\"hi\"\"\",2",      /* doubled quotes */
		"\"\"\"\",2",                 /* a field that is one quote */
		"\"multi",                    /* a quoted field that goes on past the line */
		" \"a\",b",                   /* a quote after spaces */
		"\"a\" ,b",                   /* spaces after the closing quote */
		"a\"b,c",                     /* a quote inside an unquoted field */
		"a\rb,c",                     /* a CR inside: libcsv ends a row there */
	};

	for (size_t i = 0; i < sizeof(hard) / sizeof(hard[0]); i++)
		ck_assert_int_eq(csvread_split(&s, hard[i], strlen(hard[i]), 1), -1);
	ck_assert(csvread_parse("t.csv", "\"say \"\"hi\"\"\",2\n", 15, &rows, &err));
	ck_assert_str_eq(rows.rows[0].fields[0], "say \"hi\"");
	csvread_free(&rows);
	ck_assert(csvread_parse("t.csv", "\"multi\nline\",2\n", 15, &rows, &err));
	ck_assert_uint_eq(rows.n, 1);
	ck_assert_str_eq(rows.rows[0].fields[0], "multi\nline");
	csvread_free(&rows);
	csvread_split_free(&s);
}
END_TEST

static void same_records(const struct report *a, const struct report *b)
{
	ck_same_records(a, b, true, "windowed");
	ck_assert_uint_eq(a->rejected_rows, b->rejected_rows);
	ck_assert_uint_eq(a->skipped_rows, b->skipped_rows);
}

/* The gunrock rocprof v1 file's rows repeated past the 1 MiB window, CRLF
 * line ends, banners between rows, one multi-line quoted name and one kernel
 * name longer than the window: report_load (windowed) and report_parse (the
 * whole text) give the same records. */
/* A field of megabytes, with doubled quotes and line ends inside it, as
 * libcsv reads it (its buffer grows by the line, not by 128 bytes): whole,
 * unescaped, and on the line it starts. */
START_TEST(parse_huge_field)
{
	enum { PARTS = 200000 };
	size_t cap = (size_t)PARTS * 6 + 64, n = 0;
	char *text = malloc(cap);
	struct csv_rows rows;
	struct occ_error err = { 0 };

	n += (size_t)sprintf(text + n, "a,b\n1,\"");
	for (int i = 0; i < PARTS; i++)
		n += (size_t)sprintf(text + n, i % 1000 == 500 ? "k\"\"\n" : "k\"\"x");
	n += (size_t)sprintf(text + n, "\"\n");
	ck_assert(csvread_parse("t.csv", text, n, &rows, &err));
	ck_assert_uint_eq(rows.n, 2);
	ck_assert_int_eq(rows.rows[1].line, 2);
	ck_assert_uint_eq(strlen(rows.rows[1].fields[1]), (size_t)PARTS * 3);
	ck_assert(strncmp(rows.rows[1].fields[1], "k\"x", 3) == 0);
	ck_assert(strncmp(rows.rows[1].fields[1] + 1500, "k\"\nk\"x", 6) == 0);   /* part 500 */
	csvread_free(&rows);
	free(text);
}
END_TEST

START_TEST(load_streams_like_parse)
{
	size_t len;
	struct occ_error err = { 0 };
	char *src = str_read_file(data_path("", "rocprof/gunrock_mi300_rocprofv1_results_TRUNCATED.csv"),
				  1 << 20, &len, &err);
	char tmpl[] = "/tmp/occview-test-csvread-XXXXXX";
	char *header_end, *text;
	size_t rows_len, n = 0, cap;
	struct report a, b;
	int fd;
	FILE *f;

	ck_assert_msg(src != NULL, "%s", err.message);
	header_end = strchr(src, '\n') + 1;
	rows_len = len - (size_t)(header_end - src);
	cap = 3u << 20;
	text = malloc(cap);
	ck_assert(text != NULL);
	memcpy(text, src, (size_t)(header_end - src));
	n = (size_t)(header_end - src);
	for (int k = 0; n + rows_len < (3u << 20) / 2; k++) {
		memcpy(text + n, header_end, rows_len);
		n += rows_len;
		if (k == 3)
			n += (size_t)sprintf(text + n, "==PROF== chatter\r\n");
		if (k == 5)
			n += (size_t)sprintf(text + n, "999,\"multi\nline\",2,0,0,1,1,64,64,0,0,"
					     "8,0,16,64,\"0x0\",\"0x1\",1,2,3,4,1\r\n");
	}
	/* A name of 1.2 MiB: one record longer than the window. */
	n += (size_t)sprintf(text + n, "1000,\"");
	memset(text + n, 'k', (size_t)12 << 17);
	n += (size_t)12 << 17;
	n += (size_t)sprintf(text + n, "\",2,0,0,1,1,64,64,0,0,8,0,16,64,\"0x0\",\"0x1\",1,2,3,4,1");
	ck_assert(n < cap);

	fd = mkstemp(tmpl);
	ck_assert(fd >= 0);
	f = fdopen(fd, "wb");
	ck_assert(f != NULL);
	ck_assert_uint_eq(fwrite(text, 1, n, f), n);
	ck_assert_int_eq(fclose(f), 0);

	ck_assert_msg(report_load(tmpl, &a, &err), "%s", err.message);
	ck_assert_msg(report_parse(tmpl, text, n, &b, &err), "%s", err.message);
	unlink(tmpl);
	ck_assert_uint_gt(n, (size_t)3 << 19);
	/* 13 rows a copy (lines 2-14 of the file), the multi-line one, the long one. */
	ck_assert_uint_gt(a.n, 100);
	same_records(&a, &b);
	{
		size_t multi = 0;

		for (size_t i = 0; i < a.n; i++)
			if (a.records[i].id.value == 999)
				multi++;
		ck_assert_uint_eq(multi, 1);
	}
	ck_assert_uint_eq(strlen(a.records[a.n - 1].name), (size_t)12 << 17);
	report_done(&a);
	report_done(&b);
	free(text);
	free(src);
}
END_TEST

/* Binary data past the first window is found, with its line. */
START_TEST(load_binary_late)
{
	char tmpl[] = "/tmp/occview-test-csvread-XXXXXX";
	struct occ_error err = { 0 };
	struct report r;
	int fd = mkstemp(tmpl);
	FILE *f;
	long line = 1;

	ck_assert(fd >= 0);
	f = fdopen(fd, "wb");
	fputs("Index,KernelName,grd,wgr\n", f);
	for (line = 2; line < 40000; line++)
		fprintf(f, "%ld,\"kernel_%ld\",1024,256\n", line, line);
	fputs("7,\"bad\xff\",1,1\n", f);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert(!report_load(tmpl, &r, &err));
	unlink(tmpl);
	ck_assert_int_eq(err.line, 40000);
	ck_assert_ptr_nonnull(strstr(err.message, "binary"));
}
END_TEST

/* csvread_digits' answer, a digit at a time. */
static bool digits_slowly(const char *t, int64_t *v)
{
	uint64_t x = 0;   /* unsigned: past 18 digits it wraps, and is not used */
	size_t n = 0;

	for (; t[n] >= '0' && t[n] <= '9'; n++)
		x = x * 10 + (uint64_t)(t[n] - '0');
	if (t[n] != '\0' || n == 0 || n > 18)
		return false;
	*v = (int64_t)x;
	return true;
}

/* text in a block of its own with exactly the slack a field has (so that
 * ASan sees a read past it), read by csvread_digits and a digit at a time. */
static void digits_agree(const char *text, size_t n)
{
	char *t = malloc(n + 1 + CSV_FIELD_SLACK);
	int64_t fast = -1, slow = -2;
	bool a, b;

	ck_assert_ptr_nonnull(t);
	memcpy(t, text, n);
	memset(t + n, 0, 1 + CSV_FIELD_SLACK);
	a = csvread_digits(t, &fast);
	b = digits_slowly(t, &slow);
	ck_assert_msg(a == b, "\"%s\": %d, a digit at a time %d", t, a, b);
	if (a)
		ck_assert_msg(fast == slow, "\"%s\": %lld, not %lld", t, (long long)fast,
			      (long long)slow);
	free(t);
}

/* Every length to 24, the largest values of 18 and 19 digits, and random
 * texts of digits with a stranger somewhere: every byte next to '0' and
 * '9', a sign, a point, spaces and bytes above 0x7f. */
START_TEST(digits_as_a_digit_at_a_time)
{
	static const char strangers[] = { '/', ':', ' ', '-', '+', '.', 'x', 'e', 0x7f, (char)0x80,
					  (char)0xb9, (char)0xba, (char)0xff, '\t' };
	char text[32];
	uint64_t seed = 7;
	int64_t v;

	for (size_t n = 0; n <= 24; n++) {
		memset(text, '9', n);
		digits_agree(text, n);
		memset(text, '0', n);
		digits_agree(text, n);
	}
	digits_agree("999999999999999999", 18);
	ck_assert(csvread_digits("999999999999999999\0\0\0\0\0\0\0", &v));
	ck_assert_int_eq(v, INT64_C(999999999999999999));
	ck_assert(!csvread_digits("1000000000000000000\0\0\0\0\0\0\0", &v));
	ck_assert(csvread_digits("3599977333751882\0\0\0\0\0\0\0", &v));
	ck_assert_int_eq(v, INT64_C(3599977333751882));
	ck_assert(!csvread_digits("", &v));
	for (int k = 0; k < 200000; k++) {
		size_t n;

		seed ^= seed << 13;
		seed ^= seed >> 7;
		seed ^= seed << 17;
		n = seed % 25;
		for (size_t i = 0; i < n; i++)
			text[i] = (char)('0' + (seed >> (3 + i % 20)) % 10);
		if (n > 0 && (seed >> 40) % 3 != 0)
			text[(seed >> 45) % n] = strangers[(seed >> 50) % sizeof(strangers)];
		digits_agree(text, n);
	}
}
END_TEST

/* Each field of a row, from libcsv's parse and from the split alike, has
 * the slack csvread_digits reads (ASan checks the reads). */
START_TEST(fields_have_their_slack)
{
	static const char text[] = "1,22,333,4444,55555,666666,7777777,88888888,999999999\n";
	struct csv_rows rows = { 0 };
	struct csv_split split = { 0 };
	struct occ_error err = { 0 };
	int64_t v, want = 0;

	ck_assert(csvread_parse("t.csv", text, sizeof(text) - 1, &rows, &err));
	ck_assert_int_eq(csvread_split(&split, text, sizeof(text) - 2, 1), 1);
	ck_assert_int_eq(rows.n, 1);
	ck_assert_int_eq(rows.rows[0].n, 9);
	ck_assert_int_eq(split.row.n, 9);
	for (int i = 0; i < 9; i++) {
		want = want * 10 + 1;
		ck_assert(csvread_digits(rows.rows[0].fields[i], &v));
		ck_assert_int_eq(v, want * (i + 1));
		ck_assert(csvread_digits(split.row.fields[i], &v));
		ck_assert_int_eq(v, want * (i + 1));
	}
	csvread_free(&rows);
	csvread_split_free(&split);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("csvread");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, split_plain_and_quoted);
	tcase_add_test(tc, split_empty_and_trailing);
	tcase_add_test(tc, split_every_place);
	tcase_add_test(tc, split_random_against_reference);
	tcase_add_test(tc, parse_as_libcsv_alone);
	tcase_add_test(tc, rows_at_their_lines);
	tcase_add_test(tc, split_wide_record_masked);
	tcase_add_test(tc, split_masked_empty_gives_whole);
	tcase_add_test(tc, split_leaves_real_csv_to_libcsv);
	tcase_add_test(tc, parse_huge_field);
	tcase_add_test(tc, load_streams_like_parse);
	tcase_add_test(tc, load_binary_late);
	tcase_add_test(tc, digits_as_a_digit_at_a_time);
	tcase_add_test(tc, fields_have_their_slack);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
