/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_keys.c - the key table: no key bound twice in one context, dispatch by
 * context, and the man page listing every binding with its help text. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keys.h"
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

START_TEST(test_man_page_lists_every_key)
{
	char *man = man_text();

	for (int a = ACT_NONE + 1; a < ACT_N; a++) {
		char names[128], line[256];
		key_names((enum action)a, names, sizeof(names));
		snprintf(line, sizeof(line), ".B %s\n%s\n", names, key_action_help((enum action)a));
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
	tcase_add_test(tc, test_man_page_lists_every_key);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
