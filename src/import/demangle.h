/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* demangle.h - kernel names from compiled binaries, demangled by the
 * toolchain's own demangler (libiberty's cplus_demangle). */
#ifndef OCC_DEMANGLE_H
#define OCC_DEMANGLE_H

/* A heap copy of name demangled ("void k<16>(float*, float const*, int)"),
 * or of name itself where it is no C++ mangled name (an OpenCL or extern
 * "C" kernel); NULL when out of memory. */
char *import_demangle(const char *name);

#endif
