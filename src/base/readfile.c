/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* readfile.c - whole files and the rest of streams read into memory. */
#include "config.h"

#include "readfile.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* What a file that is not regular is, for the message. */
static const char *file_kind(mode_t mode)
{
	if (S_ISFIFO(mode))
		return "a FIFO (named pipe)";
	if (S_ISDIR(mode))
		return "a directory";
	if (S_ISCHR(mode))
		return "a character device";
	if (S_ISBLK(mode))
		return "a block device";
	if (S_ISSOCK(mode))
		return "a socket";
	return "not a plain file";
}

/* Whether the FIFO at fd brings something within wait_ms: a writer's data
 * or its end (an open with no writer yet never reports the end). */
static bool fifo_speaks(int fd, int wait_ms)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	int n;

	do
		n = poll(&p, 1, wait_ms);
	while (n < 0 && errno == EINTR);
	return n > 0;
}

FILE *str_open_input(const char *path, int fifo_wait_ms, struct occ_error *err)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC), flags, e;
	struct stat st;
	FILE *f;

	if (fd < 0) {
		e = errno;
		occ_error_set(err, OCC_ENOINPUT, path, 0, NULL, "cannot open: %s", strerror(e));
		errno = e;
		return NULL;
	}
	if (fstat(fd, &st) != 0) {
		e = errno;
		close(fd);
		occ_error_set(err, OCC_ENOINPUT, path, 0, NULL, "cannot open: %s", strerror(e));
		errno = e;
		return NULL;
	}
	if (S_ISFIFO(st.st_mode) && fifo_wait_ms >= 0 && !fifo_speaks(fd, fifo_wait_ms)) {
		close(fd);
		occ_error_set(err, OCC_ENOINPUT, path, 0, NULL, "cannot open: a FIFO (named pipe) "
			      "that nothing was written to within %d ms: not read (occview - < FIFO "
			      "waits for it)", fifo_wait_ms);
		errno = 0;
		return NULL;
	}
	if (!S_ISREG(st.st_mode) && !(S_ISFIFO(st.st_mode) && fifo_wait_ms >= 0)) {
		close(fd);
		occ_error_set(err, OCC_ENOINPUT, path, 0, NULL, "cannot open: %s, not a regular "
			      "file", file_kind(st.st_mode));
		errno = 0;
		return NULL;
	}
	/* What is read now is there or on its way: plain blocking reads. */
	flags = fcntl(fd, F_GETFL);
	if (flags >= 0)
		fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
	if (!(f = fdopen(fd, "rb"))) {
		e = errno;
		close(fd);
		occ_error_set(err, OCC_ENOINPUT, path, 0, NULL, "cannot open: %s", strerror(e));
		errno = e;
	}
	return f;
}

char *str_read_file(const char *path, size_t max_bytes, size_t *len, struct occ_error *err)
{
	FILE *f = str_open_input(path, -1, err);
	char *buf;

	if (!f)
		return NULL;
	buf = str_read_rest(f, path, NULL, 0, max_bytes, len, err);
	fclose(f);
	return buf;
}
