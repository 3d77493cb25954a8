/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* demangle.h - kernel names from compiled binaries, demangled by the
 * toolchain's own demangler (libiberty's cplus_demangle). */
#ifndef OCC_DEMANGLE_H
#define OCC_DEMANGLE_H

/* name demangled, on the heap ("void k<16>(float*, float const*, int)"); NULL
 * where it is no Itanium C++ name (an OpenCL or extern "C" kernel, which is
 * its own name) or cannot be demangled. The same contract as binnv23's
 * import_demangle (import_binary.h), so that one of the two can go. */
char *import_demangle(const char *name);
/* import_demangle's name, else a heap copy of name; NULL when out of memory. */
char *import_demangle_or_copy(const char *name);

#endif
