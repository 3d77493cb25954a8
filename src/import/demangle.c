/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* demangle.c - names demangled through libiberty, the demangler binutils and
 * GDB use, so occview names a kernel as the toolchain does. */
#include "config.h"

#include "demangle.h"

#include <stdlib.h>
#include <string.h>

#if defined HAVE_LIBIBERTY_DEMANGLE_H
#include <libiberty/demangle.h>
#else
#include <demangle.h>
#endif

char *import_demangle(const char *name)
{
	/* Only Itanium names: a plain C name would be read as an old GNU v2
	 * one without DMGL_GNU_V3. */
	if (strncmp(name, "_Z", 2) != 0)
		return NULL;
	return cplus_demangle(name, DMGL_PARAMS | DMGL_ANSI | DMGL_GNU_V3);
}

char *import_demangle_or_copy(const char *name)
{
	char *d = import_demangle(name);

	return d ? d : strdup(name);
}
