/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* gen_width.c - writes src/base/width_table.h, the code points glibc's wcwidth
 * (which ncurses draws by) gives 0 or 2 cells, so that str_cp_width agrees with
 * the screen in every locale. Run it under a glibc whose Unicode data is the
 * one wanted, when that changes (test_strutil compares the two where a UTF-8
 * locale exists):
 *
 *   cc -o gen_width tools/gen_width.c && ./gen_width > src/base/width_table.h */
#define _XOPEN_SOURCE 700
#include <locale.h>
#include <stdint.h>
#include <stdio.h>
#include <wchar.h>
#include <gnu/libc-version.h>
#include <stdbool.h>

/* The cells of cp: 0, 2, or 1 for the rest (a code point wcwidth does not
 * know, -1, is drawn as one cell, as str_cp_width always did). */
static int cells(uint32_t cp)
{
	int w;

	if (cp >= 0xD800 && cp < 0xE000)
		return 1;
	w = wcwidth((wchar_t)cp);
	return w == 0 || w == 2 ? w : 1;
}

static void table(int want, const char *name)
{
	uint32_t start = 0;
	int n = 0;
	bool in = false;

	printf("static const struct cp_range %s[] = {\n", name);
	/* From U+0300: below it str_cp_width decides by itself. */
	for (uint32_t cp = 0x300; cp <= 0x110000; cp++) {
		bool hit = cp < 0x110000 && cells(cp) == want;

		if (hit && !in) {
			start = cp;
			in = true;
		} else if (!hit && in) {
			printf("%s{ 0x%04X, 0x%04X },", n % 3 == 0 ? "\t" : " ", (unsigned)start,
			       (unsigned)(cp - 1));
			if (++n % 3 == 0)
				putchar('\n');
			in = false;
		}
	}
	printf("%s};\n", n % 3 ? "\n" : "");
}

int main(void)
{
	if (!setlocale(LC_CTYPE, "C.UTF-8") && !setlocale(LC_CTYPE, "en_US.UTF-8")) {
		fputs("gen_width: no UTF-8 locale (C.UTF-8, en_US.UTF-8)\n", stderr);
		return 1;
	}
	puts("/* SPDX-License-Identifier: MIT */\n"
	     "/* Copyright (c) 2026 the occview developers */\n"
	     "/* width_table.h - the code points from U+0300 that glibc's wcwidth gives 0\n"
	     " * and 2 cells, written by tools/gen_width.c: do not edit. For strutil.c. */");
	printf("/* glibc %s */\n\n", gnu_get_libc_version());
	table(0, "zero_width");
	putchar('\n');
	table(2, "double_width");
	return ferror(stdout) ? 1 : 0;
}
