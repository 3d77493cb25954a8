/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* scenarios.c - named what-if launches to flip between. */
#include "config.h"

#include "scenarios.h"

#include <stdio.h>
#include <string.h>

#include "strutil.h"

void scenarios_init(struct scenarios *s)
{
	memset(s, 0, sizeof(*s));
	s->current = -1;
}

int scenarios_put(struct scenarios *s, const char *name, const struct launch *l)
{
	char trimmed[SCENARIO_NAME_MAX];
	int i;

	str_copy(trimmed, sizeof(trimmed), name);
	str_trim(trimmed);
	/* The launch file's section line holds it: no brackets, no comment
	 * mark, no control characters. */
	for (char *c = trimmed; *c; c++)
		if (*c == '[' || *c == ']' || *c == '#' || (unsigned char)*c < 0x20 || *c == 0x7f)
			*c = '?';
	if (!trimmed[0])
		return -1;
	for (i = 0; i < s->n; i++)
		if (strcmp(s->items[i].name, trimmed) == 0)
			break;
	if (i == s->n) {
		if (s->n == SCENARIOS_MAX)
			return -1;
		s->n++;
	}
	str_copy(s->items[i].name, sizeof(s->items[i].name), trimmed);
	s->items[i].launch = *l;
	s->current = i;
	return i;
}

int scenarios_next(struct scenarios *s)
{
	if (s->n == 0)
		return -1;
	s->current = (s->current + 1) % s->n;
	return s->current;
}

void scenarios_list(const struct scenarios *s, char *buf, size_t size)
{
	size_t len = 0;

	if (size == 0)
		return;
	buf[0] = '\0';
	for (int i = 0; i < s->n && len < size; i++) {
		int n = snprintf(buf + len, size - len, i == s->current ? "%s[%s]" : "%s%s",
				 i ? ", " : "", s->items[i].name);

		if (n < 0)
			break;
		len += (size_t)n;
	}
}
