/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_keys.c - the key table: no key bound twice in one context, dispatch by
 * context, and the man page listing every binding with its help text. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "keys.h"
#include "readfile.h"
#include "strutil.h"
#include "testutil.h"

START_TEST(test_no_duplicates)
{
	size_t n = key_binding_count();

	ck_assert_int_gt((int)n, 20);
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++) {
			const struct key_binding *a = key_binding_at(i), *b = key_binding_at(j);
			ck_assert_msg(!(a->key == b->key && a->context == b->context),
				      "%s bound twice", a->name);
		}
	for (int a = ACT_NONE + 1; a < ACT_N; a++) {
		char names[128];
		key_names((enum action)a, names, sizeof(names));
		ck_assert_msg(names[0], "action %d has no key", a);
		ck_assert(key_action_help((enum action)a)[0]);
	}
}
END_TEST

START_TEST(test_dispatch)
{
	ck_assert_int_eq(key_action('q', CTX_ANY), ACT_QUIT);
	ck_assert_int_eq(key_action('q', CTX_RULES), ACT_QUIT);
	ck_assert_int_eq(key_action(KEY_CODE_TAB, CTX_ANY), ACT_NEXT_FIELD);
	ck_assert_int_eq(key_action(KEY_CODE_RIGHT, CTX_ANY), ACT_INC);
	ck_assert_int_eq(key_action(KEY_CODE_SRIGHT, CTX_ANY), ACT_INC_BIG);
	/* Findings keys only where the findings are. */
	ck_assert_int_eq(key_action('j', CTX_RULES), ACT_SCROLL_DOWN);
	ck_assert_int_eq(key_action('j', CTX_ANY), ACT_NONE);
	ck_assert_int_eq(key_action('Z', CTX_ANY), ACT_NONE);
}
END_TEST

/* decode: the bytes after an ESC, fed one by one as app.c reads them. */
static int decode(const char *after_esc)
{
	int seq[KEY_SEQ_MAX], key = KEY_CODE_ESC;
	size_t n = 0;

	for (const char *p = after_esc; *p; p++) {
		ck_assert_msg(key == KEY_CODE_ESC || key == KEY_SEQ_MORE,
			      "\\e%s: decided before its byte '%c'", after_esc, *p);
		seq[n++] = (unsigned char)*p;
		key = key_decode_escape(seq, n);
	}
	return key;
}

/* Home as ESC [ 1 ~ (xterm without a terminfo entry for it, screen, tmux)
 * must not reach the explorer as '[' (a big step down) and '1' (pane 1). */
START_TEST(test_escape_sequences)
{
	ck_assert_int_eq(key_decode_escape(NULL, 0), KEY_CODE_ESC);
	ck_assert_int_eq(decode("["), KEY_SEQ_MORE);
	ck_assert_int_eq(decode("[1"), KEY_SEQ_MORE);
	ck_assert_int_eq(decode("[1~"), KEY_CODE_HOME);
	ck_assert_int_eq(decode("[7~"), KEY_CODE_HOME);
	ck_assert_int_eq(decode("[H"), KEY_CODE_HOME);
	ck_assert_int_eq(decode("OH"), KEY_CODE_HOME);
	ck_assert_int_eq(decode("[4~"), KEY_CODE_END);
	ck_assert_int_eq(decode("[8~"), KEY_CODE_END);
	ck_assert_int_eq(decode("[F"), KEY_CODE_END);
	ck_assert_int_eq(decode("[5~"), KEY_CODE_PGUP);
	ck_assert_int_eq(decode("[6~"), KEY_CODE_PGDN);
	ck_assert_int_eq(decode("[21~"), KEY_CODE_F10);
	ck_assert_int_eq(decode("OP"), KEY_CODE_F1);
	ck_assert_int_eq(decode("[11~"), KEY_CODE_F1);
	ck_assert_int_eq(decode("[A"), KEY_CODE_UP);
	ck_assert_int_eq(decode("OB"), KEY_CODE_DOWN);
	ck_assert_int_eq(decode("[1;2C"), KEY_CODE_SRIGHT);
	ck_assert_int_eq(decode("[1;2D"), KEY_CODE_SLEFT);
	ck_assert_int_eq(decode("[Z"), KEY_CODE_BTAB);
	/* Whole, and nothing of them a key: Ctrl-Left, F5, a paste bracket,
	 * an SGR mouse report, Alt-1. */
	ck_assert_int_eq(decode("[1;5D"), KEY_CODE_SWALLOWED);
	ck_assert_int_eq(decode("[15~"), KEY_CODE_SWALLOWED);
	ck_assert_int_eq(decode("[200~"), KEY_CODE_SWALLOWED);
	ck_assert_int_eq(decode("[<64;10;5M"), KEY_CODE_SWALLOWED);
	ck_assert_int_eq(decode("1"), KEY_CODE_SWALLOWED);
	ck_assert_int_eq(decode("[1;5"), KEY_SEQ_MORE);
	/* A swallowed sequence is no key in any context. */
	ck_assert_int_eq(key_action(KEY_CODE_SWALLOWED, CTX_ANY), ACT_NONE);
	ck_assert_int_eq(key_action(KEY_CODE_SWALLOWED, CTX_KERNELS), ACT_NONE);
}
END_TEST

/* F10 quits (htop, mc); the wheel steps, or scrolls where a list is; vi's
 * j/k/g/G in the lists. */
START_TEST(test_conventions)
{
	ck_assert_int_eq(key_action(KEY_CODE_F10, CTX_ANY), ACT_QUIT);
	ck_assert_int_eq(key_action(KEY_CODE_F10, CTX_KERNELS), ACT_QUIT);
	ck_assert_int_eq(key_action(KEY_CODE_WHEEL_UP, CTX_ANY), ACT_INC);
	ck_assert_int_eq(key_action(KEY_CODE_WHEEL_DOWN, CTX_ANY), ACT_DEC);
	ck_assert_int_eq(key_action(KEY_CODE_WHEEL_UP, CTX_RULES), ACT_SCROLL_UP);
	ck_assert_int_eq(key_action(KEY_CODE_WHEEL_DOWN, CTX_KERNELS), ACT_KERNEL_DOWN);
	/* the browser's g is the GPU of the report's records that name none */
	ck_assert_int_eq(key_action('g', CTX_KERNELS), ACT_REPORT_GPU);
	ck_assert_int_eq(key_action(KEY_CODE_HOME, CTX_KERNELS), ACT_KERNEL_FIRST);
	ck_assert_int_eq(key_action('G', CTX_KERNELS), ACT_KERNEL_LAST);
	ck_assert_int_eq(key_action('G', CTX_RULES), ACT_SCROLL_LAST);
	ck_assert_int_eq(key_action(KEY_CODE_HOME, CTX_RULES), ACT_SCROLL_FIRST);
	/* the findings share the screen with the parameters: g stays the GPU */
	ck_assert_int_eq(key_action('g', CTX_RULES), ACT_GPU);
}
END_TEST

/* The man page text with troff's escaped hyphens plain. */
static char *man_text(void)
{
	struct occ_error err = { 0 };
	const char *dir = getenv("TESTDATA");
	char path[1024];
	size_t len;
	char *t, *out;

	snprintf(path, sizeof(path), "%s/../../man/occview.1.in", dir ? dir : "tests/data");
	t = str_read_file(path, 1 << 20, &len, &err);
	ck_assert_msg(t != NULL, "cannot read %s", path);
	out = t;
	for (char *p = t; *p; p++) {
		if (p[0] == '\\' && (p[1] == '-' || p[1] == '&' || p[1] == 'e')) {
			if (p[1] == '-')
				*out++ = '-';
			else if (p[1] == 'e')
				*out++ = '\\';
			p++;
			continue;
		}
		*out++ = *p;
	}
	*out = '\0';
	return t;
}

/* issue 22: the help in the shown GPU's words, from its engine's table
 * (engine.c): every action's help composes whole (no {word} left) in each
 * family's words, on AMD and TeraScale with none of NVIDIA's, and NVIDIA's
 * reads as it always did. */
START_TEST(test_help_in_family_words)
{
	struct gpu_arch wgp = { .amd.wgp_mode = true };
	const struct engine_words *amd = engine_amd.words(NULL), *rdna = engine_amd.words(&wgp),
		*terascale = engine_terascale.words(NULL), *nvidia = engine_nvidia.words(NULL);
	const struct engine_words *const families[] = { nvidia, amd, rdna, terascale };
	char text[256];

	for (int a = ACT_NONE + 1; a < ACT_N; a++)
		for (size_t f = 0; f < sizeof(families) / sizeof(families[0]); f++) {
			const char *bad;

			ck_assert_msg(engine_words_compose(families[f], key_action_help((enum action)a),
							   text, sizeof(text)),
				      "action %d: \"%s\" does not compose", a,
				      key_action_help((enum action)a));
			bad = families[f] == nvidia ? NULL : test_nvidia_word(text);
			ck_assert_msg(bad == NULL, "%s help of action %d says \"%s\": %s",
				      families[f]->vendor, a, bad, text);
		}
	/* amd_words (engine.c): CU, waves, VGPRs, workgroups; RDNA's WGP mode */
	key_action_help_in(ACT_INC, amd, text, sizeof(text));
	ck_assert_str_eq(text, "step the focused parameter up by its unit (a wave, a VGPR, "
			 "an allocation unit)");
	key_action_help_in(ACT_TAB_SMS, amd, text, sizeof(text));
	ck_assert_str_eq(text, "show the per-CU occupancy");
	key_action_help_in(ACT_TAB_TIMELINE, rdna, text, sizeof(text));
	ck_assert_str_eq(text, "show the timeline: active waves per WGP over time");
	key_action_help_in(ACT_MODEL, amd, text, sizeof(text));
	ck_assert_str_eq(text, "next workgroup-duration model (uniform, slow workgroups, varied, "
			 "wave spread, tail kernel)");
	key_action_help_in(ACT_INC, terascale, text, sizeof(text));
	ck_assert_str_eq(text, "step the focused parameter up by its unit (a wave, a GPR, "
			 "an allocation unit)");
	/* NVIDIA's, the man page's (NULL words) */
	key_action_help_in(ACT_TAB_TIMELINE, NULL, text, sizeof(text));
	ck_assert_str_eq(text, "show the timeline: active warps per SM over time");
	key_action_help_in(ACT_INC, nvidia, text, sizeof(text));
	ck_assert_str_eq(text, "step the focused parameter up by its unit (a warp, a register, "
			 "an allocation unit)");
	/* a name that is no field stays as written, and says so */
	ck_assert(!engine_words_compose(amd, "per-{bogus} {unit}", text, sizeof(text)));
	ck_assert_str_eq(text, "per-{bogus} CU");
	ck_assert(engine_words_compose(amd, "{ not a word", text, sizeof(text)));
	ck_assert(!engine_words_compose(amd, "the {units}", text, 6));
	ck_assert_str_eq(text, "the ");
}
END_TEST

START_TEST(test_man_page_lists_every_key)
{
	char *man = man_text();

	for (int a = ACT_NONE + 1; a < ACT_N; a++) {
		char names[128], help[256], line[512];
		key_names((enum action)a, names, sizeof(names));
		key_action_help_in((enum action)a, NULL, help, sizeof(help));
		snprintf(line, sizeof(line), ".B %s\n%s\n", names, help);
		ck_assert_msg(strstr(man, line) != NULL,
			      "man/occview.1.in lacks the entry, exactly:\n.TP\n%s", line);
	}
	free(man);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("keys");
	TCase *tc = tcase_create("keys");

	tcase_add_test(tc, test_no_duplicates);
	tcase_add_test(tc, test_dispatch);
	tcase_add_test(tc, test_escape_sequences);
	tcase_add_test(tc, test_conventions);
	tcase_add_test(tc, test_help_in_family_words);
	tcase_add_test(tc, test_man_page_lists_every_key);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
