/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* textinput.c - the line editor of every prompt (textinput.h). */
#include "config.h"

#include "textinput.h"

#include <stdio.h>
#include <string.h>

#include "keys.h"
#include "strutil.h"

void text_input_set(struct text_input *t, const char *text)
{
	str_copy(t->text, sizeof(t->text), text);
}

static bool printable(int key)
{
	return key >= 0x20 && key != 0x7F && key < 0x110000 && !(key >= 0x80 && key < 0xA0) &&
	       !(key >= 0xD800 && key < 0xE000);
}

static void append(struct text_input *t, int key)
{
	size_t len = strlen(t->text);
	unsigned cp = (unsigned)key;
	char buf[4];
	size_t n;

	if (cp < 0x80) {
		buf[0] = (char)cp;
		n = 1;
	} else if (cp < 0x800) {
		buf[0] = (char)(0xC0 | cp >> 6);
		buf[1] = (char)(0x80 | (cp & 0x3F));
		n = 2;
	} else if (cp < 0x10000) {
		buf[0] = (char)(0xE0 | cp >> 12);
		buf[1] = (char)(0x80 | (cp >> 6 & 0x3F));
		buf[2] = (char)(0x80 | (cp & 0x3F));
		n = 3;
	} else {
		buf[0] = (char)(0xF0 | cp >> 18);
		buf[1] = (char)(0x80 | (cp >> 12 & 0x3F));
		buf[2] = (char)(0x80 | (cp >> 6 & 0x3F));
		buf[3] = (char)(0x80 | (cp & 0x3F));
		n = 4;
	}
	if (len + n < sizeof(t->text)) {
		memcpy(t->text + len, buf, n);
		t->text[len + n] = '\0';
	}
}

enum text_input_result text_input_key(struct text_input *t, int key)
{
	size_t len;

	switch (key) {
	case KEY_CODE_ENTER:
		return TEXT_DONE;
	case KEY_CODE_ESC:
		return TEXT_CANCELLED;
	case KEY_CTRL('u'):
		/* the whole line, as readline's Ctrl-U: a prefilled path gives way */
		t->text[0] = '\0';
		return TEXT_EDITED;
	case KEY_CODE_BACKSPACE:
		len = strlen(t->text);
		while (len > 0 && ((unsigned char)t->text[len - 1] & 0xC0) == 0x80)
			len--;
		if (len > 0)
			len--;
		t->text[len] = '\0';
		return TEXT_EDITED;
	default:
		if (!printable(key))
			return TEXT_IGNORED;
		append(t, key);
		return TEXT_EDITED;
	}
}

int text_input_draw(struct canvas *c, int x, int y, int w, enum canvas_role role,
		    const char *prefix, const struct text_input *t)
{
	const char *shown = t->text;
	int used = canvas_text(c, x, y, w, role, prefix);
	int room = w - used - 1;

	/* The end of a long text, where the typing is, stays in view. */
	while (room > 0 && (int)str_display_width(shown) > room && *shown) {
		shown++;
		while (((unsigned char)*shown & 0xC0) == 0x80)
			shown++;
	}
	used += canvas_text(c, x + used, y, w - used, role, shown);
	used += canvas_text(c, x + used, y, w - used, role, "_");
	return used;
}
