/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* import_demangle.c - kernel names as the programmer wrote them: libiberty's
 * C++ demangler (GCC's own, the one binutils and gdb use). */
#include "config.h"

#include "import_binary.h"

#include <libiberty/demangle.h>
#include <stdlib.h>
#include <string.h>

char *import_demangle(const char *name)
{
	/* Only Itanium C++ ABI names: an extern "C" kernel is its own name. */
	if (strncmp(name, "_Z", 2) != 0)
		return NULL;
	return cplus_demangle(name, DMGL_PARAMS | DMGL_ANSI);
}

char *import_demangle_short(const char *name)
{
	if (strncmp(name, "_Z", 2) != 0)
		return NULL;
	/* Without DMGL_PARAMS: no return type, no parameters, templates kept. */
	return cplus_demangle(name, DMGL_ANSI);
}

const char *import_intern_short_name(struct report *r, const char *name)
{
	char *s = import_demangle_short(name);
	const char *interned = report_intern(r, s ? s : name, REPORT_SHORT_NAME);

	free(s);
	return interned;
}
