/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* golden.h - golden screen tests: a canvas (or text) compared byte for byte
 * with tests/data/golden/NAME. With OCCVIEW_UPDATE_GOLDEN=1 in the environment
 * the file is rewritten instead: read the diff before committing it. */
#ifndef OCC_GOLDEN_H
#define OCC_GOLDEN_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "readfile.h"
#include "canvas.h"
#include "strutil.h"

static inline void golden_path(const char *name, char *path, size_t size)
{
	const char *dir = getenv("TESTDATA");
	snprintf(path, size, "%s/golden/%s", dir ? dir : "tests/data", name);
}

static inline void golden_text(const char *name, const char *got)
{
	struct occ_error err = { 0 };
	char path[1024];
	size_t len;
	char *want;

	golden_path(name, path, sizeof(path));
	if (getenv("OCCVIEW_UPDATE_GOLDEN")) {
		FILE *f = fopen(path, "w");
		ck_assert_msg(f != NULL, "cannot write %s", path);
		fputs(got, f);
		fclose(f);
		return;
	}
	want = str_read_file(path, 1 << 22, &len, &err);
	ck_assert_msg(want != NULL, "cannot read %s (OCCVIEW_UPDATE_GOLDEN=1 writes it)", path);
	ck_assert_msg(strcmp(want, got) == 0, "%s differs; got:\n%s", path, got);
	free(want);
}

static inline void golden_canvas(const char *name, const struct canvas *c)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert(f != NULL);
	canvas_write(c, f);
	fclose(f);
	golden_text(name, buf);
	free(buf);
}

#endif
