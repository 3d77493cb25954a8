/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_launch_list.c - launch lists read row by row: tests/data/launches.csv
 * streamed with the head cut at every byte gives the launches it gives read
 * whole, whatever its line ends; quoted fields over lines, faults half-way,
 * a stopping sink, and a long list read in the memory of one row. */
#include "config.h"

#include <check.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "launch_list.h"
#include "readfile.h"
#include "testutil.h"

static char *data_file(const char *file, size_t *len)
{
	char path[1024];
	const char *top = getenv("TESTDATA");
	struct occ_error err = { 0 };
	char *text;

	snprintf(path, sizeof(path), "%s/%s", top ? top : "tests/data", file);
	text = str_read_file(path, 1 << 20, len, &err);
	ck_assert_msg(text != NULL, "%s", err.message);
	return text;
}

struct kept {
	struct launch_record recs[16];
	struct occ_error errors[16];   /* the rows' errors, which the reader reuses */
	size_t n;
	size_t stop_after;   /* 0: never stop */
};

static bool keep(void *ctx, const struct launch_record *rec)
{
	struct kept *k = ctx;

	if (k->stop_after && k->n == k->stop_after)
		return false;
	ck_assert_uint_lt(k->n, 16);
	ck_assert(rec->valid == (rec->error == NULL));
	k->recs[k->n] = *rec;
	if (rec->error) {
		k->errors[k->n] = *rec->error;
		k->recs[k->n].error = &k->errors[k->n];
	}
	k->n++;
	return true;
}

/* text read with its first cut bytes as the head and the rest from a stream. */
static bool read_cut(const char *text, size_t len, size_t cut, struct kept *k,
		     struct occ_error *err)
{
	FILE *f = tmpfile();
	struct launch defaults;
	struct launch_list_sink sink = { keep, k };
	size_t n;
	bool stopped, ok;

	ck_assert(f != NULL);
	ck_assert_uint_eq(fwrite(text + cut, 1, len - cut, f), len - cut);
	rewind(f);
	launch_init(&defaults);
	ok = launch_list_read("list.csv", f, text, cut, &defaults, &sink, &n, &stopped, err);
	fclose(f);
	ck_assert_uint_eq(n, k->n);
	return ok;
}

/* The launches of tests/data/launches.csv as its rows write them. */
static void check_launches(const struct kept *k)
{
	ck_assert_uint_eq(k->n, 4);
	/* h20_kernel,H20,78,256,255,0,230400,,1 */
	ck_assert_str_eq(k->recs[0].launch.kernel, "h20_kernel");
	ck_assert_str_eq(k->recs[0].launch.gpu_name, "H20");
	ck_assert_int_eq(k->recs[0].line, 2);
	ck_assert(k->recs[0].valid);
	ck_assert_int_eq(launch_grid_size(&k->recs[0].launch), 78);
	ck_assert_int_eq(launch_threads_per_block(&k->recs[0].launch), 256);
	ck_assert_int_eq(k->recs[0].launch.regs_per_thread, 255);
	ck_assert_int_eq(k->recs[0].launch.dynamic_smem_bytes, 230400);
	ck_assert_int_eq(k->recs[0].launch.barriers, 1);
	/* turing,T4,1024,256,64,32768,0,,1 */
	ck_assert_int_eq(k->recs[1].line, 3);
	ck_assert_int_eq(k->recs[1].launch.static_smem_bytes, 32768);
	/* bad_registers and bad_gpu: read (the GPU refuses them when analysed). */
	ck_assert_int_eq(k->recs[2].line, 4);
	ck_assert_int_eq(k->recs[2].launch.regs_per_thread, 300);
	ck_assert_int_eq(k->recs[3].line, 5);
	ck_assert_str_eq(k->recs[3].launch.gpu_name, "H1OO");
}

START_TEST(test_every_cut)
{
	size_t len;
	char *text = data_file("launches.csv", &len);

	for (size_t cut = 0; cut <= len; cut++) {
		struct kept k = { 0 };
		struct occ_error err = { 0 };

		ck_assert_msg(read_cut(text, len, cut, &k, &err), "cut %zu: %s", cut, err.message);
		check_launches(&k);
	}
	free(text);
}
END_TEST

/* The same list with CRLF or lone CR line ends, and a BOM: the same
 * launches at the same lines, the cut anywhere (between CR and LF too). */
START_TEST(test_line_ends)
{
	size_t len;
	char *text = data_file("launches.csv", &len);
	char *crlf = malloc(2 * len + 4), *cr = malloc(len + 4);
	size_t n_crlf = 3, n_cr = 0;

	memcpy(crlf, "\xEF\xBB\xBF", 3);
	for (size_t i = 0; i < len; i++) {
		if (text[i] == '\n')
			crlf[n_crlf++] = '\r';
		crlf[n_crlf++] = text[i];
		cr[n_cr++] = text[i] == '\n' ? '\r' : text[i];
	}
	for (size_t cut = 3; cut <= n_crlf; cut++) {
		struct kept k = { 0 };
		struct occ_error err = { 0 };

		ck_assert_msg(read_cut(crlf, n_crlf, cut, &k, &err), "cut %zu: %s", cut, err.message);
		check_launches(&k);
	}
	for (size_t cut = 0; cut <= n_cr; cut += 7) {
		struct kept k = { 0 };
		struct occ_error err = { 0 };

		ck_assert_msg(read_cut(cr, n_cr, cut, &k, &err), "cut %zu: %s", cut, err.message);
		check_launches(&k);
	}
	free(crlf);
	free(cr);
	free(text);
}
END_TEST

/* A quoted kernel name over two lines is one row; the next row's line is
 * counted past it. */
START_TEST(test_quoted_lines)
{
	const char *text = "kernel,grid_size,block_size,registers_per_thread\n"
			   "\"two\nlines, \"\"quoted\"\"\",10,256,32\n"
			   "next,20,128,16\n";
	size_t len = strlen(text);

	for (size_t cut = 0; cut <= len; cut++) {
		struct kept k = { 0 };
		struct occ_error err = { 0 };

		ck_assert_msg(read_cut(text, len, cut, &k, &err), "cut %zu: %s", cut, err.message);
		ck_assert_uint_eq(k.n, 2);
		ck_assert_str_eq(k.recs[0].launch.kernel, "two\nlines, \"quoted\"");
		ck_assert_int_eq(k.recs[0].line, 2);
		ck_assert_int_eq(launch_grid_size(&k.recs[0].launch), 10);
		ck_assert_str_eq(k.recs[1].launch.kernel, "next");
		ck_assert_int_eq(k.recs[1].line, 4);
		ck_assert_int_eq(k.recs[1].launch.regs_per_thread, 16);
	}
}
END_TEST

/* A row that cannot be read is a launch with its error, at its line; the
 * rows after it are read. */
START_TEST(test_bad_row)
{
	const char *text = "kernel,grid_size,block_size,registers_per_thread\n"
			   "a,10,256,many\nb,20,,16\nc,30,64,8\n";
	struct kept k = { 0 };
	struct occ_error err = { 0 };

	ck_assert_msg(read_cut(text, strlen(text), 60, &k, &err), "%s", err.message);
	ck_assert_uint_eq(k.n, 3);
	ck_assert(!k.recs[0].valid);
	ck_assert_int_eq(k.recs[0].error->line, 2);
	ck_assert_str_eq(k.recs[0].error->field, "registers_per_thread");
	ck_assert(!k.recs[1].valid);
	ck_assert_int_eq(k.recs[1].error->line, 3);
	ck_assert_str_eq(k.recs[1].error->field, "block_size");
	ck_assert_str_eq(k.recs[1].error->message, "missing value");
	ck_assert(k.recs[2].valid);
	ck_assert_int_eq(k.recs[2].line, 4);
}
END_TEST

/* Faults: those before any launch fail the list; one half-way fails it
 * after the launches before it were handed over, naming its line. */
START_TEST(test_faults)
{
	static const struct {
		const char *text;
		size_t launches;
		long line;
		const char *words;
	} cases[] = {
		{ "kernel,grid_size,block_size\nk,1,32\n", 0, 1, "missing column" },
		{ "kernel,grid_size,block_size,registers_per_thread\n\n", 0, 1,
		  "header but no launches" },
		{ "kernel,grid_size,block_size,registers_per_thread\na,1,32,8\nb,2,32,8\n"
		  "\"c,3,32,8\n", 2, 4, "unterminated quoted field" },
		{ "kernel,grid_size,block_size,registers_per_thread\na,1,32,8\nb\0,2,32,8\n", 1, 3,
		  "binary data" },
		{ "kernel,grid_size,block_size,registers_per_thread\na,1,32,8\nb,2,32,8\nc\"d,1,1,1\n",
		  2, 4, "malformed CSV" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		/* The NUL case's length is its text's, past the NUL. */
		size_t len = i == 3 ? 68 : strlen(cases[i].text);

		for (size_t cut = 0; cut <= len; cut += 5) {
			struct kept k = { 0 };
			struct occ_error err = { 0 };

			ck_assert_msg(!read_cut(cases[i].text, len, cut, &k, &err), "case %zu", i);
			ck_assert_uint_eq(k.n, cases[i].launches);
			ck_assert_int_eq(err.line, cases[i].line);
			ck_assert_msg(strstr(err.message, cases[i].words), "case %zu: %s", i,
				      err.message);
		}
	}
}
END_TEST

START_TEST(test_sink_stops)
{
	size_t len;
	char *text = data_file("launches.csv", &len);
	struct kept k = { .stop_after = 1 };
	struct launch_list_sink sink = { keep, &k };
	struct launch defaults;
	struct occ_error err = { 0 };
	size_t n;
	bool stopped;

	launch_init(&defaults);
	ck_assert(launch_list_read("list.csv", NULL, text, len, &defaults, &sink, &n, &stopped,
				   &err));
	ck_assert(stopped);
	ck_assert_uint_eq(n, 1);
	free(text);
}
END_TEST

/* A long list costs one row in flight: the heap in use when the last row is
 * handed over is what it was at row 1,000 (within a block of reading). */
struct heap {
	size_t n;
	size_t at_1000, at_last;
};

static bool watch(void *ctx, const struct launch_record *rec)
{
	struct heap *h = ctx;

	(void)rec;
	h->n++;
	if (h->n == 1000)
		h->at_1000 = mallinfo2().uordblks;
	h->at_last = mallinfo2().uordblks;
	return true;
}

START_TEST(test_long_list_memory)
{
	enum { ROWS = 200000 };
	FILE *f = tmpfile();
	const char header[] = "kernel,gpu,grid_size,block_size,registers_per_thread\n";
	struct heap h = { 0 };
	struct launch_list_sink sink = { watch, &h };
	struct launch defaults;
	struct occ_error err = { 0 };
	size_t n;
	bool stopped;

	ck_assert(f != NULL);
	for (int i = 0; i < ROWS; i++)
		fprintf(f, "kernel_%d,H100,%d,%d,%d\n", i, 1 + i % 4096, 32 << (i % 6), 16 + i % 200);
	rewind(f);
	launch_init(&defaults);
	ck_assert(launch_list_read("long.csv", f, header, strlen(header), &defaults, &sink, &n,
				   &stopped, &err));
	fclose(f);
	ck_assert_uint_eq(n, ROWS);
	ck_assert_msg(h.at_last <= h.at_1000 + 4096, "heap at row 1000: %zu, at the last: %zu",
		      h.at_1000, h.at_last);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("launch_list");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_every_cut);
	tcase_add_test(tc, test_line_ends);
	tcase_add_test(tc, test_quoted_lines);
	tcase_add_test(tc, test_bad_row);
	tcase_add_test(tc, test_faults);
	tcase_add_test(tc, test_sink_stops);
	tcase_add_test(tc, test_long_list_memory);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(suite());
}
