/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* keys.c - lookups over the key table of keys.h. */
#include "config.h"

#include "keys.h"

#include <string.h>

#define KEY_HELP_ITEM(id, help) [id] = help,
static const char *const action_help[ACT_N] = { KEY_ACTIONS(KEY_HELP_ITEM) };
#undef KEY_HELP_ITEM

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

void key_names(enum action a, char *buf, size_t size)
{
	size_t len = 0;

	if (size == 0)
		return;
	buf[0] = '\0';
	for (size_t i = 0; i < sizeof(bindings) / sizeof(bindings[0]); i++) {
		size_t n;
		if (bindings[i].action != a)
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
