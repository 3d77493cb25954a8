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
/* Opens path to read without waiting on it: non-blocking, so that a FIFO
 * with no writer or a device cannot hold the open; anything but a regular
 * file is refused with a message saying what it is, except a FIFO when
 * fifo_wait_ms >= 0 and something (data, or its writer's end) comes
 * within that time. NULL with err set (OCC_ENOINPUT), errno kept from
 * open(2) when it failed there and 0 otherwise. */
FILE *str_open_input(const char *path, int fifo_wait_ms, struct occ_error *err);
/* Reads a whole regular file (at most max_bytes; str_open_input, no FIFO)
 * into a NUL-terminated heap buffer. */
char *str_read_file(const char *path, size_t max_bytes, size_t *len, struct occ_error *err);

#endif
