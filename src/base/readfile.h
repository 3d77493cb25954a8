/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* readfile.h - whole files and the rest of streams read into memory, with
 * errors that name the file. */
#ifndef OCC_READFILE_H
#define OCC_READFILE_H

#include <stddef.h>
#include <stdio.h>

#include "error.h"

/* Reads the rest of the open stream f (at most max_bytes in all) after the
 * head_len bytes of it already read into head: the whole text, in a
 * NUL-terminated heap buffer. name is for messages. */
char *str_read_rest(FILE *f, const char *name, const char *head, size_t head_len,
		    size_t max_bytes, size_t *len, struct occ_error *err);
/* Reads a whole file (at most max_bytes) into a NUL-terminated heap buffer. */
char *str_read_file(const char *path, size_t max_bytes, size_t *len, struct occ_error *err);

#endif
