/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* strutil.h - small string helpers shared by the readers and writers. */
#ifndef OCC_STRUTIL_H
#define OCC_STRUTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>


/* src (NULL: "") into a fixed buffer of size bytes, always terminated where
 * size > 0, cut as snprintf(dst, size, "%s", src) cuts; false if cut. */
bool str_copy(char *dst, size_t size, const char *src);
/* The file's own name, without its directories ("a/b.csv" -> "b.csv"). */
const char *str_base_name(const char *path);
/* Trims ASCII white space in place; returns s. */
char *str_trim(char *s);
bool str_ieq(const char *a, const char *b);
/* Edit distance ignoring ASCII case, for "did you mean" lists. */
int str_distance(const char *a, const char *b);
/* Copies text for display: control characters and bytes that are not UTF-8
 * become \xNN escapes. Output is cut at a character boundary. */
void str_sanitize(const char *in, char *out, size_t size);
/* True when str_sanitize leaves in as it is: valid UTF-8 without control
 * characters (C0, DEL, C1), safe to print to a terminal. */
bool str_is_safe(const char *in);
/* True when the bytes hold a NUL or are not UTF-8: binary input. *at (if not
 * NULL) gets the 1-based line of the first such byte. */
bool str_is_binary(const char *text, size_t len, long *at);
/* The first byte of [p, e) that is a or b, else e; str_rfind2 the last,
 * else NULL. Sixteen bytes a step where SSE2 is: kernel names are
 * scanned this way for every record of a report. */
const char *str_find2(const char *p, const char *e, char a, char b);
const char *str_rfind2(const char *p, const char *e, char a, char b);
/* The code point at s and the bytes it takes; 0 when s is at its end or at
 * bytes that are not UTF-8. */
size_t str_utf8_next(const char *s, uint32_t *cp);
/* The terminal cells a code point takes, as glibc's wcwidth (which ncurses
 * draws by) gives them in a UTF-8 locale, whatever the locale: 0 for
 * combining marks and format characters, 2 for East Asian wide and fullwidth
 * ones and emoji, else 1 (controls 0: they are never drawn raw). The table is
 * tools/gen_width.c's (src/base/width_table.h). */
int str_cp_width(uint32_t cp);
/* The cells text takes once drawn: each character's width, and 4 for each
 * byte or control character drawn as its \xNN escape (str_sanitize). The
 * one measure of width for wrapping and cutting. */
size_t str_display_width(const char *s);
/* text in at most w cells (str_display_width): itself when it fits, else
 * cut at a character with mark (an ellipsis) where the cut is: at the end,
 * or at the start when keep_end (a path keeps its file's name). Written to
 * buf when cut; "" when not even the mark fits. */
const char *str_ellipsize(const char *text, int w, bool keep_end, const char *mark, char *buf,
			  size_t size);
/* The one word wrap: text in lines of at most width cells (display width,
 * as str_display_width measures), broken at spaces; a word longer than a
 * line is cut between characters. The first line may have its own width
 * (first_width > 0: a hanging indent). line() gets each line's bytes
 * without the spaces around the break; returns the lines. Empty text is
 * one empty line. */
int str_wrap(const char *text, int first_width, int width,
	     void (*line)(void *ctx, const char *s, size_t len), void *ctx);
#endif
