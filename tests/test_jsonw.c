/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_jsonw.c - the JSON writer's quick ways write what its plain ways
 * write: jsonw_text what str_sanitize and jsonw_string write, a member and
 * its value in one (jsonw_member_int, _real, _null) what jsonw_member and
 * the value write, indented and compact; and so does a cursor over an
 * object's members (jsonw_cur.h). */
#include "config.h"

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonw.h"
#include "jsonw_cur.h"
#include "strutil.h"
#include "testutil.h"
#include "expect.h"

/* What write(w, arg) gives in an object, indented at 4 or compact. */
static char *written(bool compact, void (*write)(struct jsonw *, const void *), const void *arg)
{
	char *got = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&got, &len);
	struct jsonw *w = malloc(sizeof(*w));

	ck_assert(f && w);
	if (compact)
		jsonw_init_compact(w, f);
	else
		jsonw_init(w, f, 4);
	write(w, arg);
	ck_assert(jsonw_flush(w));
	fclose(f);
	free(w);
	return got;
}

struct text_case {
	const char *s;
	size_t size;
};

static void text_quick(struct jsonw *w, const void *arg)
{
	const struct text_case *c = arg;

	jsonw_array(w);
	jsonw_text(w, c->s, c->size);
	jsonw_end(w);
}

static void text_plain(struct jsonw *w, const void *arg)
{
	const struct text_case *c = arg;
	char *buf = malloc(c->size);

	ck_assert_ptr_nonnull(buf);
	str_sanitize(c->s, buf, c->size);
	jsonw_array(w);
	jsonw_string(w, buf);
	jsonw_end(w);
	free(buf);
}

static void same_text(const char *s, size_t size)
{
	struct text_case c = { s, size };

	for (int compact = 0; compact < 2; compact++) {
		char *want = written(compact, text_plain, &c), *got = written(compact, text_quick, &c);

		EXPECT(strcmp(got, want) == 0, "size %zu: %.80s, want %.80s", size, got, want);
		free(want);
		free(got);
	}
}

START_TEST(test_text_is_sanitized_string)
{
	static const char *const texts[] = { "", "a", "flashinfer::gemm_kernel",
		"void gemm<float, 128>(float const*, float*, int)", "caf\xC3\xA9 \xE6\xBC\xA2",
		"bad \xC3 utf-8 \xFF\xFE", "tab\there", "del \x7F", "quote \" and \\ in 16 bytes",
		"~ ! } { | 0x7E and 0x20 at the edges of the plain range ~~" };
	char text[80], *long_text = malloc(2000);

	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		same_text(texts[i], 1100);
		/* cut: str_sanitize's size, shorter than the text */
		for (size_t size = 1; size < 12; size++)
			same_text(texts[i], size);
	}
	/* each byte 1..255 at every place of every length to 40: the quick
	 * check's 16-byte blocks, its overlapping last block and its bytes */
	for (int ch = 1; ch < 256; ch++)
		for (int len = 1; len <= 40; len++)
			for (int at = 0; at < len; at += ch % 7 + 1) {
				memset(text, 'k', sizeof(text));
				text[at] = (char)ch;
				text[len] = '\0';
				same_text(text, 1100);
			}
	/* longer than the plain copy takes (512), cut or not */
	ck_assert_ptr_nonnull(long_text);
	for (int i = 0; i < 1999; i++)
		long_text[i] = (char)('a' + i % 26);
	long_text[1999] = '\0';
	same_text(long_text, 4 * 1999 + 1);
	same_text(long_text, 1100);
	long_text[512] = '\0';
	same_text(long_text, 1100);
	long_text[511] = '\0';
	same_text(long_text, 1100);
	free(long_text);
}
END_TEST

/* Members of every kind of value after members, in nested objects. */
static void members(struct jsonw *w, bool quick)
{
	static const int64_t ints[] = { 0, 7, 42, 99, 100, 65536, -1, -100, INT64_MAX, INT64_MIN };
	static const double reals[] = { 0.0, 100.0, 13.47368421052631, 0.1, 0.01, 1e-5, 1e10,
					-62.5, 9999999999.5 };

	jsonw_object(w);
	for (int k = 0; k < 2; k++) {
		jsonw_member(w, JSONW_NAME("inner"));
		jsonw_object(w);
		for (size_t i = 0; i < sizeof(ints) / sizeof(ints[0]); i++) {
			if (quick) {
				jsonw_member_int(w, JSONW_NAME("active_blocks_per_sm"), ints[i]);
				jsonw_member_null(w, JSONW_NAME("x"));
			} else {
				jsonw_member(w, JSONW_NAME("active_blocks_per_sm"));
				jsonw_int(w, ints[i]);
				jsonw_member(w, JSONW_NAME("x"));
				jsonw_null(w);
			}
		}
		for (size_t i = 0; i < sizeof(reals) / sizeof(reals[0]); i++) {
			/* a name longer than the copy of constant size, and one of
			 * any text: the slow member, the same value */
			struct jsonw_name names[] = {
				JSONW_NAME("waves_per_sm"),
				JSONW_NAME("a_member_name_of_more_than_forty_eight_bytes_in_all"),
				jsonw_name_of("k\"q"),
			};

			for (size_t n = 0; n < sizeof(names) / sizeof(names[0]); n++) {
				if (quick) {
					jsonw_member_real(w, names[n], reals[i]);
				} else {
					jsonw_member(w, names[n]);
					jsonw_real(w, reals[i]);
				}
			}
		}
		jsonw_end(w);
	}
	jsonw_end(w);
}

static void members_quick(struct jsonw *w, const void *arg)
{
	(void)arg;
	members(w, true);
}

static void members_plain(struct jsonw *w, const void *arg)
{
	(void)arg;
	members(w, false);
}

START_TEST(test_member_and_value_in_one)
{
	for (int compact = 0; compact < 2; compact++) {
		char *want = written(compact, members_plain, NULL);
		char *got = written(compact, members_quick, NULL);

		ck_assert_msg(strcmp(got, want) == 0, "%s\nwant\n%s", got, want);
		/* not empty by accident: a figure of each kind is there */
		ck_assert_ptr_nonnull(strstr(got, "-9223372036854775808"));
		ck_assert_ptr_nonnull(strstr(got, "13.47368421"));
		ck_assert_ptr_nonnull(strstr(got, "0.01"));
		free(want);
		free(got);
	}
}
END_TEST

/* Numbers in arrays: a run (jsonw_run) or one at a time, in runs long
 * enough to fill the buffer (16 KB) more than twice. */
static void numbers(struct jsonw *w, bool quick)
{
	static const int64_t ints[] = { 0, 7, 42, 100, 65536, -1, INT64_MIN };
	static const double reals[] = { 100.0, 13.47368421052631, 0.1, 1e-5, -62.5, 1e300 };

	jsonw_object(w);
	for (int count = 0; count < 6000; count = count * 3 + 1) {
		struct jsonw_run run;
		bool started;

		jsonw_member(w, JSONW_NAME("parameters"));
		jsonw_array(w);
		started = quick && jsonw_run_start(w, &run);
		/* the quick way where the writer is compact, and only there */
		ck_assert(started == (quick && w->compact));
		for (int k = 0; k < count; k++) {
			int64_t i = ints[k % 7];
			double v = reals[k % 6];

			if (started && k % 2 == 0)
				jsonw_run_int(w, &run, i);
			else if (started)
				jsonw_run_real(w, &run, v);
			else if (k % 2 == 0)
				jsonw_int(w, i);
			else
				jsonw_real(w, v);
		}
		if (started)
			jsonw_run_end(w, &run);
		jsonw_end(w);
	}
	jsonw_end(w);
}

static void numbers_quick(struct jsonw *w, const void *arg)
{
	(void)arg;
	numbers(w, true);
}

static void numbers_plain(struct jsonw *w, const void *arg)
{
	(void)arg;
	numbers(w, false);
}

START_TEST(test_run_of_numbers)
{
	for (int compact = 0; compact < 2; compact++) {
		char *want = written(compact, numbers_plain, NULL);
		char *got = written(compact, numbers_quick, NULL);

		ck_assert_uint_gt(strlen(want), 2 * 16384);
		ck_assert_msg(strcmp(got, want) == 0, "run and one at a time differ (compact %d)",
			      compact);
		ck_assert_ptr_nonnull(strstr(got, compact ? "\"parameters\":[]" : "\"parameters\": []"));
		ck_assert_ptr_nonnull(strstr(got, compact ? "[0]" : "[\n"));
		free(want);
		free(got);
	}
}
END_TEST

/* One object's members of every kind at a cursor (quick) or with the
 * writer's own calls, its nested objects down to level 7 (an indent of
 * more than the 14 spaces one store of the separator holds). */
static void cur_object(struct jsonw *w, struct jsonw_cur *c, int level, int k, bool quick)
{
	static const int64_t ints[] = { 0, 7, 42, 100, 65536, -1, INT64_MIN };
	static const double reals[] = { 100.0, 13.47368421052631, 0.1, 1e-5, -62.5, 1e300 };
	struct jsonw_name names[] = {
		JSONW_NAME("used"), JSONW_NAME("active_threads_per_sm"),
		JSONW_NAME("allocated_shared_mem_per_block"),
		JSONW_NAME("a_member_name_of_more_than_forty_eight_bytes_in_all"),
		jsonw_name_of("k\"q"), jsonw_word_name("vgprs"),
	};
	struct jsonw_name name = names[(k + level) % 6];
	struct jsonw_cur in;

	if (!quick) {
		jsonw_member(w, name);
		jsonw_int(w, ints[k % 7]);
		jsonw_member(w, names[(k + 1) % 6]);
		jsonw_real(w, reals[k % 6]);
		jsonw_member(w, name);
		jsonw_null(w);
		jsonw_member(w, name);
		jsonw_bool(w, k % 2);
		jsonw_member(w, name);
		jsonw_array(w);
		jsonw_end(w);
		jsonw_member(w, name);
		jsonw_array(w);
		jsonw_int(w, ints[k % 7]);
		jsonw_int(w, k);
		jsonw_int(w, -k);
		jsonw_end(w);
		jsonw_member(w, name);
		jsonw_word(w, k % 2 ? "gfx942" : "");
		/* words named by JSONW_NAMEs of each copy's size */
		jsonw_member(w, name);
		jsonw_array(w);
		jsonw_word(w, "warps");
		jsonw_word(w, "active_threads_per_sm");
		jsonw_word(w, "allocated_shared_mem_per_block");
		jsonw_end(w);
		/* a member of the writer's own between the cursor's, in the
		 * writer's own object */
		if (level == 0) {
			jsonw_member(w, name);
			jsonw_array(w);
			jsonw_int(w, k);
			jsonw_end(w);
		}
		if (level < 7) {
			/* an empty object and one with members */
			jsonw_member(w, name);
			jsonw_object(w);
			jsonw_end(w);
			jsonw_member(w, names[level % 6]);
			jsonw_object(w);
			cur_object(w, NULL, level + 1, k, false);
			jsonw_end(w);
		}
		return;
	}
	jsonw_cur_int(w, c, name, ints[k % 7]);
	jsonw_cur_real(w, c, names[(k + 1) % 6], reals[k % 6]);
	jsonw_cur_null(w, c, name);
	jsonw_cur_bool(w, c, name, k % 2);
	jsonw_cur_empty_array(w, c, name);
	jsonw_cur_open_array(w, c, name, &in);
	jsonw_cur_item_int(w, &in, ints[k % 7]);
	jsonw_cur_item_int(w, &in, k);
	jsonw_cur_item_int(w, &in, -k);
	jsonw_cur_close_array(w, c, &in);
	jsonw_cur_word(w, c, name, k % 2 ? "gfx942" : "");
	jsonw_cur_open_array(w, c, name, &in);
	jsonw_cur_item_name_word(w, &in, JSONW_NAME("warps"));
	jsonw_cur_item_name_word(w, &in, JSONW_NAME("active_threads_per_sm"));
	jsonw_cur_item_name_word(w, &in, JSONW_NAME("allocated_shared_mem_per_block"));
	jsonw_cur_close_array(w, c, &in);
	if (level == 0) {
		jsonw_cur_key(w, c, name);
		jsonw_array(w);
		jsonw_int(w, k);
		jsonw_end(w);
		jsonw_cur_resume(w, c);
	}
	if (level < 7) {
		jsonw_cur_open(w, c, name, &in);
		jsonw_cur_close(w, c, &in);
		jsonw_cur_open(w, c, names[level % 6], &in);
		cur_object(w, &in, level + 1, k, true);
		jsonw_cur_close(w, c, &in);
	}
}

/* Enough objects to fill the buffer (16 KB) a few times, each started by
 * the writer (a first member of its own or none) and ended by it. */
static void cur_objects(struct jsonw *w, bool quick)
{
	struct jsonw_cur c;

	jsonw_array(w);
	for (int k = 0; k < 60; k++) {
		jsonw_object(w);
		if (k % 3 == 0) {
			jsonw_member(w, JSONW_NAME("first"));
			jsonw_int(w, k);
		}
		if (quick)
			jsonw_cur_resume(w, &c);
		cur_object(w, &c, 0, k, quick);
		if (quick)
			jsonw_cur_sync(w, &c);
		jsonw_member(w, JSONW_NAME("last"));
		jsonw_null(w);
		jsonw_end(w);
		/* an object with no member but the cursor's starts */
		jsonw_object(w);
		if (quick) {
			jsonw_cur_resume(w, &c);
			jsonw_cur_sync(w, &c);
		}
		jsonw_end(w);
	}
	jsonw_end(w);
}

static void cur_quick(struct jsonw *w, const void *arg)
{
	(void)arg;
	cur_objects(w, true);
}

static void cur_plain(struct jsonw *w, const void *arg)
{
	(void)arg;
	cur_objects(w, false);
}

START_TEST(test_cursor_over_members)
{
	for (int compact = 0; compact < 2; compact++) {
		char *want = written(compact, cur_plain, NULL);
		char *got = written(compact, cur_quick, NULL);
		size_t at = 0;

		ck_assert_uint_gt(strlen(want), 3 * 16384);
		while (got[at] && got[at] == want[at])
			at++;
		ck_assert_msg(strcmp(got, want) == 0, "cursor and writer differ (compact %d) at %zu: %.300s\nwant\n%.300s",
			      compact, at, got + at - 200, want + at - 200);
		/* the nested objects are there, the deepest indented by 18 */
		ck_assert_ptr_nonnull(strstr(got, compact ? "\"used\":{}" : "\"used\": {}"));
		if (!compact)
			ck_assert_ptr_nonnull(strstr(got, "\n                  \""));
		free(want);
		free(got);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("jsonw");
	TCase *tc = tcase_create("jsonw");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_text_is_sanitized_string);
	tcase_add_test(tc, test_member_and_value_in_one);
	tcase_add_test(tc, test_run_of_numbers);
	tcase_add_test(tc, test_cursor_over_members);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
