/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* keys.c - lookups over the key table of keys.h. */
#include "config.h"

#include "keys.h"

#include <stdbool.h>
#include <string.h>

#include "engine.h"

#define KEY_HELP_ITEM(id, group, help) [id] = help,
static const char *const action_help[ACT_N] = { KEY_ACTIONS(KEY_HELP_ITEM) };
#undef KEY_HELP_ITEM

#define KEY_GROUP_ITEM(id, group, help) [id] = group,
static const enum key_group action_group[ACT_N] = { KEY_ACTIONS(KEY_GROUP_ITEM) };
#undef KEY_GROUP_ITEM

#define KEY_BINDING_ITEM(code, name, context, action) { code, name, context, action },
static const struct key_binding bindings[] = { KEY_BINDINGS(KEY_BINDING_ITEM) };
#undef KEY_BINDING_ITEM

enum action key_action(int key, enum key_context context)
{
	/* A binding for the context wins over a CTX_ANY one for the same key. */
	enum action any = ACT_NONE;

	for (size_t i = 0; i < sizeof(bindings) / sizeof(bindings[0]); i++) {
		if (bindings[i].key != key)
			continue;
		if (bindings[i].context == context && context != CTX_ANY)
			return bindings[i].action;
		if (bindings[i].context == CTX_ANY && any == ACT_NONE)
			any = bindings[i].action;
	}
	return any;
}

const char *key_action_help(enum action a)
{
	return a > ACT_NONE && a < ACT_N && action_help[a] ? action_help[a] : "";
}

void key_action_help_in(enum action a, const struct engine_words *w, char *buf, size_t size)
{
	engine_words_compose(w ? w : engine_nvidia.words(NULL), key_action_help(a), buf, size);
}

enum key_group key_action_group(enum action a)
{
	return a > ACT_NONE && a < ACT_N ? action_group[a] : KG_GLOBAL;
}

const char *key_group_title(enum key_group g)
{
	static const char *const titles[KG_N] = {
		[KG_GLOBAL] = "Everywhere",
		[KG_LAUNCH] = "The launch (what-if)",
		[KG_PANES] = "Panes and pictures",
		[KG_COMPARE] = "Reference and GPUs compared",
		[KG_FINDINGS] = "Findings",
		[KG_BROWSER] = "Kernel browser",
	};

	return g >= 0 && g < KG_N ? titles[g] : "";
}

void key_names(enum action a, char *buf, size_t size)
{
	size_t len = 0;

	if (size == 0)
		return;
	buf[0] = '\0';
	for (size_t i = 0; i < sizeof(bindings) / sizeof(bindings[0]); i++) {
		bool again = false;
		size_t n;

		if (bindings[i].action != a)
			continue;
		/* a key bound in several contexts is named once */
		for (size_t j = 0; j < i && !again; j++)
			again = bindings[j].action == a && bindings[j].key == bindings[i].key;
		if (again)
			continue;
		n = strlen(bindings[i].name);
		if (len + n + (len ? 1 : 0) + 1 > size)
			break;
		if (len)
			buf[len++] = ' ';
		memcpy(buf + len, bindings[i].name, n + 1);
		len += n;
	}
}

size_t key_binding_count(void)
{
	return sizeof(bindings) / sizeof(bindings[0]);
}

const struct key_binding *key_binding_at(size_t i)
{
	return i < key_binding_count() ? &bindings[i] : NULL;
}

/* "ESC [ <params> ~": the VT220 keys by number. */
static int tilde_key(int n)
{
	switch (n) {
	case 1: case 7: return KEY_CODE_HOME;
	case 4: case 8: return KEY_CODE_END;
	case 5: return KEY_CODE_PGUP;
	case 6: return KEY_CODE_PGDN;
	case 11: return KEY_CODE_F1;
	case 21: return KEY_CODE_F10;
	default: return KEY_CODE_SWALLOWED;
	}
}

/* The final byte of a CSI or SS3 sequence with its modifier (1: none). */
static int final_key(int final, int modifier)
{
	bool shift = modifier == 2;

	/* Ctrl, Alt and Meta with a key mean nothing here. */
	if (modifier > 2)
		return KEY_CODE_SWALLOWED;
	switch (final) {
	case 'A': return KEY_CODE_UP;
	case 'B': return KEY_CODE_DOWN;
	case 'C': return shift ? KEY_CODE_SRIGHT : KEY_CODE_RIGHT;
	case 'D': return shift ? KEY_CODE_SLEFT : KEY_CODE_LEFT;
	case 'H': return KEY_CODE_HOME;
	case 'F': return KEY_CODE_END;
	case 'P': return KEY_CODE_F1;
	case 'Z': return KEY_CODE_BTAB;
	default: return KEY_CODE_SWALLOWED;
	}
}

int key_decode_escape(const int *seq, size_t n)
{
	int params[4] = { 0 }, n_params = 0;

	if (n == 0)
		return KEY_CODE_ESC;
	if (seq[0] == 'O') {
		/* SS3: one byte more (xterm's application-mode keys). */
		return n < 2 ? KEY_SEQ_MORE : final_key(seq[1], 1);
	}
	if (seq[0] != '[')
		return KEY_CODE_SWALLOWED;   /* Alt with a key */
	for (size_t i = 1; i < n; i++) {
		int ch = seq[i];

		if (ch >= '0' && ch <= '9') {
			if (n_params == 0)
				n_params = 1;
			if (params[n_params - 1] < 10000)
				params[n_params - 1] = params[n_params - 1] * 10 + (ch - '0');
		} else if (ch == ';') {
			if (n_params == 0)
				n_params = 1;
			if (n_params < 4)
				n_params++;
		} else if (ch >= 0x40 && ch <= 0x7E) {
			if (i != n - 1)
				return KEY_CODE_SWALLOWED;
			/* rxvt: ESC [ 1 1 ~ is F1 too; [ A-D with no parameters */
			if (ch == '~')
				return n_params > 1 && params[1] > 1 ? KEY_CODE_SWALLOWED
					: tilde_key(params[0]);
			return final_key(ch, n_params > 1 ? params[1] : 1);
		} else if (ch < 0x20 || ch > 0x3F) {
			/* not a parameter or intermediate byte: the sequence is
			 * broken off here; what came is swallowed */
			return KEY_CODE_SWALLOWED;
		}
	}
	return n >= KEY_SEQ_MAX ? KEY_CODE_SWALLOWED : KEY_SEQ_MORE;
}
