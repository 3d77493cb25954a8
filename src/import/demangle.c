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
	char *d = NULL;

	/* libiberty takes only Itanium names here; a plain C name comes back
	 * NULL (and would be read as an old GNU v2 name without DMGL_GNU_V3). */
	if (name[0] == '_' && name[1] == 'Z')
		d = cplus_demangle(name, DMGL_PARAMS | DMGL_ANSI | DMGL_GNU_V3);
	return d ? d : strdup(name);
}
