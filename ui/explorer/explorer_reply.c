/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* explorer_reply.c - a reply's message, written by the parts of the explorer that return one. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>

#include "explorer_state.h"

void explorer_reply_say(struct explorer_reply *y, bool error, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(y->message, sizeof(y->message), fmt, ap);
	va_end(ap);
	y->error = error;
}
