/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* readfile.c - whole files and the rest of streams read into memory. */
#include "config.h"

#include "readfile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

char *str_read_rest(FILE *f, const char *name, const char *head, size_t head_len,
		    size_t max_bytes, size_t *len, struct occ_error *err)
{
	size_t cap = head_len + 65536, n = head_len;
	char *buf = malloc(cap);

	if (!buf) {
		occ_error_set(err, OCC_ESOFTWARE, name, 0, NULL, "out of memory");
		return NULL;
	}
	if (head_len)
		memcpy(buf, head, head_len);
	for (;;) {
		size_t got;

		if (n + 4096 + 1 > cap) {
			size_t ncap = cap * 2;
			char *nb = realloc(buf, ncap);
			if (!nb) {
				occ_error_set(err, OCC_ESOFTWARE, name, 0, NULL, "out of memory");
				goto fail;
			}
			buf = nb;
			cap = ncap;
		}
		got = fread(buf + n, 1, cap - n - 1, f);
		n += got;
		if (n > max_bytes) {
			occ_error_set(err, OCC_EDATA, name, 0, NULL, "file larger than %zu bytes",
				      max_bytes);
			goto fail;
		}
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		occ_error_set(err, OCC_ENOINPUT, name, 0, NULL, "cannot read: %s", strerror(errno));
		goto fail;
	}
	buf[n] = '\0';
	*len = n;
	return buf;
fail:
	free(buf);
	return NULL;
}

char *str_read_file(const char *path, size_t max_bytes, size_t *len, struct occ_error *err)
{
	FILE *f = fopen(path, "rb");
	char *buf;

	if (!f) {
		occ_error_set(err, OCC_ENOINPUT, path, 0, NULL, "cannot open: %s", strerror(errno));
		return NULL;
	}
	buf = str_read_rest(f, path, NULL, 0, max_bytes, len, err);
	fclose(f);
	return buf;
}
