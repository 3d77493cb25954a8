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
