/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* textinput.h - the one line editor every prompt uses: the kernel filter,
 * the GPU picker's filter, a parameter's value and a file name. UTF-8 in,
 * a whole character out on Backspace; drawn with a cursor, its start
 * scrolled away when it outgrows its cells. Curses-free. */
#ifndef OCC_TEXTINPUT_H
#define OCC_TEXTINPUT_H

#include <stdbool.h>

#include "canvas.h"

#define TEXT_INPUT_MAX 256

struct text_input {
	char text[TEXT_INPUT_MAX];   /* UTF-8 */
};

enum text_input_result {
	TEXT_IGNORED,     /* not an editing key: the caller may use it */
	TEXT_EDITED,      /* the text changed */
	TEXT_DONE,        /* Enter */
	TEXT_CANCELLED,   /* Esc */
};

void text_input_set(struct text_input *t, const char *text);
/* A key (a code point or a KEY_CODE_*): printable characters are appended,
 * Backspace removes the last character, Enter and Esc end. */
enum text_input_result text_input_key(struct text_input *t, int key);
/* prefix, the text and a cursor from (x, y), at most w cells; the text's end
 * stays in view. Returns the cells used. */
int text_input_draw(struct canvas *c, int x, int y, int w, enum canvas_role role,
		    const char *prefix, const struct text_input *t);

#endif
