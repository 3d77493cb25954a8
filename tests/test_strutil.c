/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_strutil.c - the one measure of display width, the one word wrap and
 * the one ellipsis that every pane, the status line and --print use, and
 * str_sanitize's quick path for printable ASCII; occ_say, the one writer of
 * messages. */
/* wcwidth() is X/Open. */
#define _XOPEN_SOURCE 700
#include "config.h"

#include <check.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "strutil.h"
#include "testutil.h"

/* str_copy cuts exactly as snprintf(dst, size, "%s", src) does, the
 * oracle, at every size around the text's length, and says when it cut. */
START_TEST(copy_is_snprintf)
{
	static const char *const texts[] = { "", "a", "sgemm_128x128", "caf\xC3\xA9 \xE4\xB8\xAD" };

	for (size_t t = 0; t < sizeof(texts) / sizeof(texts[0]); t++)
		for (size_t size = 1; size <= strlen(texts[t]) + 2; size++) {
			char got[32], want[32];
			int n = snprintf(want, size, "%s", texts[t]);

			memset(got, 'x', sizeof(got));
			ck_assert_int_eq(str_copy(got, size, texts[t]), (size_t)n < size);
			ck_assert_str_eq(got, want);
		}
	{
		char buf[4] = "abc";

		ck_assert(!str_copy(buf, 0, "zz"));
		ck_assert_str_eq(buf, "abc");   /* size 0: untouched, as snprintf */
		ck_assert(str_copy(buf, sizeof(buf), NULL));
		ck_assert_str_eq(buf, "");
	}
}
END_TEST

/* str_cp_width is glibc's wcwidth, which ncurses draws by, at every code
 * point wcwidth knows (in a UTF-8 locale; skipped where there is none). A
 * newer glibc's Unicode data: run tools/gen_width.c again. */
START_TEST(width_is_wcwidth)
{
	long differ = 0;
	uint32_t first = 0;

	if (!setlocale(LC_CTYPE, "C.UTF-8") && !setlocale(LC_CTYPE, "en_US.UTF-8"))
		return;
	for (uint32_t cp = 0x20; cp < 0x110000; cp++) {
		int w = (cp >= 0xD800 && cp < 0xE000) ? -1 : wcwidth((wchar_t)cp);

		if (w >= 0 && w != str_cp_width(cp) && differ++ == 0)
			first = cp;
	}
	setlocale(LC_CTYPE, "C");
	ck_assert_msg(differ == 0, "%ld code points differ from wcwidth, the first U+%04X",
		      differ, (unsigned)first);
	/* Syriac U+0731 is a combining mark (0 cells: the old table drew it 1);
	 * U+1F600, an emoji, 2; CJK 2 each. */
	ck_assert_int_eq(str_cp_width(0x0731), 0);
	ck_assert_int_eq(str_cp_width(0x1F600), 2);
	ck_assert_uint_eq(str_display_width("\xE6\x97\xA5\xE6\x9C\xAC"), 4);
}
END_TEST

START_TEST(display_width)
{
	ck_assert_uint_eq(str_display_width(""), 0);
	ck_assert_uint_eq(str_display_width("occupancy"), 9);
	/* é is one cell, a CJK ideograph two, a combining accent none */
	ck_assert_uint_eq(str_display_width("caf\xC3\xA9"), 4);
	ck_assert_uint_eq(str_display_width("\xE6\xBC\xA2\xE5\xAD\x97"), 4);
	ck_assert_uint_eq(str_display_width("e\xCC\x81"), 1);
	/* a control character and a byte that is not UTF-8 show as \xNN */
	ck_assert_uint_eq(str_display_width("a\tb"), 6);
	ck_assert_uint_eq(str_display_width("\xFF"), 4);
	/* C1 controls too */
	ck_assert_uint_eq(str_display_width("\xC2\x85"), 8);
}
END_TEST

struct lines {
	int n;
	char text[80][80];
};

static void collect(void *ctx, const char *s, size_t len)
{
	struct lines *l = ctx;

	ck_assert_int_lt(l->n, 80);
	snprintf(l->text[l->n++], sizeof(l->text[0]), "%.*s", (int)len, s);
}

static struct lines wrap(const char *text, int first, int width)
{
	struct lines l = { 0 };
	int n = str_wrap(text, first, width, collect, &l);

	ck_assert_int_eq(n, l.n);
	return l;
}

START_TEST(word_wrap)
{
	struct lines l = wrap("the limiter is registers per thread", 0, 16);

	ck_assert_int_eq(l.n, 3);
	ck_assert_str_eq(l.text[0], "the limiter is");
	ck_assert_str_eq(l.text[1], "registers per");
	ck_assert_str_eq(l.text[2], "thread");
	/* a hanging indent: the first line narrower */
	l = wrap("the limiter is registers per thread", 10, 20);
	ck_assert_str_eq(l.text[0], "the");
	ck_assert_str_eq(l.text[1], "limiter is registers");
	/* a word longer than the line is cut between characters */
	l = wrap("cudnn_generated_fort_native_sdpa", 0, 10);
	ck_assert_int_eq(l.n, 4);
	ck_assert_str_eq(l.text[0], "cudnn_gene");
	ck_assert_str_eq(l.text[2], "_native_sd");
	ck_assert_str_eq(l.text[3], "pa");
	/* empty text is one empty line; spaces around a break are dropped */
	l = wrap("", 0, 10);
	ck_assert_int_eq(l.n, 1);
	ck_assert_str_eq(l.text[0], "");
	l = wrap("aaaa    bbbb", 0, 6);
	ck_assert_str_eq(l.text[0], "aaaa");
	ck_assert_str_eq(l.text[1], "bbbb");
	/* wide characters take two cells: three ideographs do not fit in 5 */
	l = wrap("\xE6\xBC\xA2\xE5\xAD\x97\xE6\xBC\xA2", 0, 5);
	ck_assert_int_eq(l.n, 2);
	ck_assert_str_eq(l.text[0], "\xE6\xBC\xA2\xE5\xAD\x97");
	/* an escape is four cells */
	l = wrap("ab\x01", 0, 4);
	ck_assert_int_eq(l.n, 2);
	ck_assert_str_eq(l.text[0], "ab");
	/* every line within its width */
	for (int w = 1; w < 30; w++) {
		l = wrap("Nsight Compute disagrees: Block Limit Registers 12, occview 0", 0, w);
		for (int i = 0; i < l.n; i++)
			ck_assert_int_le((int)str_display_width(l.text[i]), w);
	}
}
END_TEST

START_TEST(ellipsize)
{
	char buf[64];

	ck_assert_str_eq(str_ellipsize("short", 10, false, "...", buf, sizeof(buf)), "short");
	ck_assert_str_eq(str_ellipsize("PersistentVariableLength", 10, false, "...", buf,
				       sizeof(buf)), "Persist...");
	ck_assert_str_eq(str_ellipsize("/data/runs/app.csv", 10, true, "...", buf, sizeof(buf)),
			 "...app.csv");
	/* a one-cell mark, and a wide character not split */
	ck_assert_str_eq(str_ellipsize("abcdef", 4, false, "\xE2\x80\xA6", buf, sizeof(buf)),
			 "abc\xE2\x80\xA6");
	ck_assert_str_eq(str_ellipsize("\xE6\xBC\xA2\xE5\xAD\x97\xE6\xBC\xA2", 4, false,
				       "\xE2\x80\xA6", buf, sizeof(buf)), "\xE6\xBC\xA2\xE2\x80\xA6");
	ck_assert_int_le((int)str_display_width(str_ellipsize("\xE6\xBC\xA2\xE5\xAD\x97", 3, true,
							      "\xE2\x80\xA6", buf, sizeof(buf))), 3);
	/* no room even for the mark */
	ck_assert_str_eq(str_ellipsize("abcdef", 2, false, "...", buf, sizeof(buf)), "");
}
END_TEST

/* Printable ASCII is copied as it is; anything else takes the long way,
 * and the two agree. */
START_TEST(sanitize)
{
	char out[64];

	str_sanitize("plain text ~", out, sizeof(out));
	ck_assert_str_eq(out, "plain text ~");
	str_sanitize("tab\there", out, sizeof(out));
	ck_assert_str_eq(out, "tab\\x09here");
	str_sanitize("caf\xC3\xA9\x7F", out, sizeof(out));
	ck_assert_str_eq(out, "caf\xC3\xA9\\x7F");
	/* cut at the buffer, printable or not */
	str_sanitize("0123456789", out, 5);
	ck_assert_str_eq(out, "0123");
}
END_TEST

/* occ_say, the one writer of messages: what it formats reaches the stream
 * with every control byte but the newline escaped, also past its small
 * buffer. */
/* str_is_binary reads 64, 16, then 8 bytes a step: a NUL or a byte that is
 * not UTF-8 at every place of texts up to 150 bytes (and its line, after a
 * new line at byte 2) is binary; UTF-8 (two and three bytes) at every
 * place is text. */
/* str_find2 and str_rfind2 against a byte loop: every length to 40 (the
 * 16-byte steps and the bytes after them), the two bytes at every place,
 * and a byte of the pair just outside the range (never found). */
START_TEST(find2_every_place)
{
	char buf[48];

	for (int len = 0; len <= 40; len++) {
		for (int at = -1; at < len; at++) {
			for (int second = -1; second < len; second++) {
				const char *p = buf + 2, *e = p + len, *want_f = e, *want_r = NULL;

				memset(buf, 'x', sizeof(buf));
				buf[1] = '<';          /* before the range */
				buf[2 + len] = '>';    /* after it */
				if (at >= 0)
					buf[2 + at] = '<';
				if (second >= 0)
					buf[2 + second] = '>';
				for (const char *q = p; q < e; q++)
					if (*q == '<' || *q == '>') {
						if (want_f == e)
							want_f = q;
						want_r = q;
					}
				if (str_find2(p, e, '<', '>') != want_f ||
				    str_rfind2(p, e, '<', '>') != want_r)
					ck_abort_msg("len %d, '<' at %d, '>' at %d", len, at, second);
			}
		}
	}
}
END_TEST

START_TEST(binary_every_place)
{
	static const struct {
		const char *bytes;
		bool binary;
	} cases[] = {
		{ "\0", true }, { "\xFF", true }, { "\x80", true }, { "\xC3\xA9", false },
		{ "\xE6\xBC\xA2", false },
	};
	char text[160];

	for (int len = 4; len <= 150; len++)
		for (int at = 3; at + 3 <= len; at++)
			for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
				size_t n = cases[k].bytes[0] ? strlen(cases[k].bytes) : 1;
				long line = 0;
				bool got;

				memset(text, 'a', sizeof(text));
				text[2] = '\n';
				memcpy(text + at, cases[k].bytes, n);
				got = str_is_binary(text, (size_t)len, &line);
				ck_assert_msg(got == cases[k].binary, "case %zu at %d of %d", k, at, len);
				if (got)
					ck_assert_int_eq(line, 2);
			}
}
END_TEST

START_TEST(say)
{
	char got[4096], path[1500];
	FILE *f = tmpfile();
	size_t n;

	ck_assert_ptr_nonnull(f);
	occ_say(f, "occview: %s: the same for %d more\n", "r\033]0;PWNED\a\033[99mX.csv", 2);
	/* a C1 control (U+009B, CSI) and a byte that is not UTF-8 */
	occ_say(f, "a\xC2\x9B" "1m\xFF\n");
	memset(path, 'p', sizeof(path) - 2);
	path[sizeof(path) - 2] = '\033';
	path[sizeof(path) - 1] = '\0';
	occ_say(f, "%s\n", path);
	rewind(f);
	n = fread(got, 1, sizeof(got) - 1, f);
	got[n] = '\0';
	fclose(f);
	ck_assert_str_eq(strtok(got, "\n"),
			 "occview: r\\x1B]0;PWNED\\x07\\x1B[99mX.csv: the same for 2 more");
	ck_assert_str_eq(strtok(NULL, "\n"), "a\\xC2\\x9B1m\\xFF");
	ck_assert_uint_eq(strlen(strtok(NULL, "\n")), sizeof(path) - 2 + 4);
	ck_assert_ptr_null(strtok(NULL, "\n"));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("strutil");
	TCase *tc = tcase_create("strutil");

	tcase_add_test(tc, display_width);
	tcase_add_test(tc, width_is_wcwidth);
	tcase_add_test(tc, copy_is_snprintf);
	tcase_add_test(tc, word_wrap);
	tcase_add_test(tc, ellipsize);
	tcase_add_test(tc, sanitize);
	tcase_add_test(tc, say);
	tcase_add_test(tc, binary_every_place);
	tcase_add_test(tc, find2_every_place);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
