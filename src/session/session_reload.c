/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* session_reload.c - a report's file read again in a thread (session_reload.h). */
#include "config.h"

#include "session_reload.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "strutil.h"

/* The formats whose every record is one row of its own, which rows
 * appended later cannot change: only these are read from the mark on. */
static const char *const appendable[] = {
	"rocprof v1 results", "rocprofv2 / Omniperf", "rocprofv3 kernel trace",
	"Nsight Compute raw page",
};
/* The lines before a table's first record (banners, header, units row)
 * are read again for each append, up to this; more appended than
 * APPEND_MAX_BYTES at once is read whole. */
#define HEAD_MAX_BYTES ((long long)16 << 20)
#define APPEND_MAX_BYTES ((long long)256 << 20)

struct session_reload {
	pthread_t thread;
	struct session *s;
	char path[4096];
	struct session_watch watch;
	atomic_bool finished;
	/* What the main thread gave: read only. */
	char format[64];
	long first_line;       /* the line of now's first record; 0: none */
	struct session_mark mark;
	/* Written by the thread before finished is set, read after. */
	struct session_input in;
	bool ok, appended;
};

static long long count_lines(const char *s, size_t n)
{
	long long lines = 0;

	for (const char *p = s; (p = memchr(p, '\n', (size_t)(s + n - p))) != NULL; p++)
		lines++;
	return lines;
}

/* bytes [at, at + n) of f into buf; false when fewer are there. */
static bool read_at(FILE *f, long long at, char *buf, size_t n)
{
	return fseeko(f, (off_t)at, SEEK_SET) == 0 && fread(buf, 1, n, f) == n;
}

void session_mark_file(const char *path, long long size, struct session_mark *m)
{
	FILE *f = fopen(path, "rb");

	memset(m, 0, sizeof(*m));
	m->size = size;
	m->lines = -1;
	m->tail_len = size < SESSION_MARK_TAIL ? (size_t)size : SESSION_MARK_TAIL;
	m->ok = f && size > 0 && read_at(f, size - (long long)m->tail_len, m->tail, m->tail_len) &&
		m->tail[m->tail_len - 1] == '\n';
	if (f)
		fclose(f);
}

/* The lines in f before line `line` (the table's head), into *head. */
static bool read_head(FILE *f, long line, char **head, size_t *len)
{
	size_t cap = 4096, n = 0;
	long at = 1;
	char *buf = malloc(cap);
	int c;

	if (!buf || fseeko(f, 0, SEEK_SET) != 0) {
		free(buf);
		return false;
	}
	while (at < line && (c = getc(f)) != EOF) {
		if (n + 1 >= cap) {
			char *nb = (long long)cap * 2 <= HEAD_MAX_BYTES ? realloc(buf, cap * 2) : NULL;

			if (!nb) {
				free(buf);
				return false;
			}
			buf = nb;
			cap *= 2;
		}
		buf[n++] = (char)c;
		at += c == '\n';
	}
	*head = buf;
	*len = n;
	return at == line;
}

/* Whether the new rows hold the start of another output appended to the
 * file (a banner, or a line of the head again: a header): its runs and ids
 * are numbered after the file's earlier ones only by a whole reading. */
static bool another_output(const char *head, size_t head_len, const char *rows, size_t len)
{
	const char *end = rows + len;

	for (const char *p = rows; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = (size_t)((nl ? nl : end) - p);

		if (n >= 2 && p[0] == '=' && p[1] == '=')
			return true;
		for (const char *h = head; n > 0 && h < head + head_len;) {
			const char *hn = memchr(h, '\n', (size_t)(head + head_len - h));
			size_t hl = (size_t)((hn ? hn : head + head_len) - h);

			if (hl == n && memcmp(h, p, n) == 0)
				return true;
			h += hl + 1;
		}
		p += n + 1;
	}
	return false;
}

/* The file's rows after the mark, read as the head of its table followed
 * by them; true with r->in (its records numbered at their lines in the
 * file) and the new mark, false when it must be read whole. */
static bool read_appended(struct session_reload *r, long long size)
{
	FILE *f = fopen(r->path, "rb");
	char *text = NULL, *head = NULL;
	size_t head_len = 0, new_len;
	long long count, delta;
	struct session_mark *m = &r->mark;
	char tail[SESSION_MARK_TAIL];
	bool ok = false;

	if (!f)
		return false;
	/* The bytes before the mark are those read last time (their end at
	 * least: a rewrite of the same length and the same last 4 KiB is
	 * taken for an append). */
	if (!read_at(f, m->size - (long long)m->tail_len, tail, m->tail_len) ||
	    memcmp(tail, m->tail, m->tail_len) != 0 || size - m->size > APPEND_MAX_BYTES)
		goto out;
	if (m->lines < 0) {
		char block[1 << 16];
		long long left = m->size;

		m->lines = 0;
		if (fseeko(f, 0, SEEK_SET) != 0)
			goto out;
		while (left > 0) {
			size_t want = left < (long long)sizeof(block) ? (size_t)left : sizeof(block);

			if (fread(block, 1, want, f) != want || atomic_load(&r->watch.cancel))
				goto out;
			m->lines += count_lines(block, want);
			left -= (long long)want;
		}
	}
	if (!read_head(f, r->first_line, &head, &head_len))
		goto out;
	new_len = (size_t)(size - m->size);
	if (!(text = malloc(head_len + new_len + 1)))
		goto out;
	memcpy(text, head, head_len);
	if (new_len && !read_at(f, m->size, text + head_len, new_len))
		goto out;
	/* Only whole lines: a profiler may be writing the last one. */
	while (new_len > 0 && text[head_len + new_len - 1] != '\n')
		new_len--;
	if (another_output(text, head_len, text + head_len, new_len))
		goto out;
	count = count_lines(text + head_len, new_len);
	memset(&r->in, 0, sizeof(r->in));
	r->in.kind = SESSION_REPORT;
	str_copy(r->in.path, sizeof(r->in.path), r->path);
	if (count > 0 && !report_parse(r->path, text, head_len + new_len, &r->in.report,
				       &r->in.rejected))
		goto out;
	/* The rows are at their lines in the file, not in the text read. */
	delta = m->lines + 1 - r->first_line;
	for (size_t i = 0; i < r->in.report.n; i++)
		r->in.report.records[i].line += delta;
	if (r->in.rejected.status != OCC_OK && r->in.rejected.line >= r->first_line)
		r->in.rejected.line += delta;
	atomic_store(&r->watch.records, r->in.report.n);
	if (new_len > 0) {
		long long end = m->size + (long long)new_len;

		m->lines += count;
		m->size = end;
		m->tail_len = end < SESSION_MARK_TAIL ? (size_t)end : SESSION_MARK_TAIL;
		m->ok = read_at(f, end - (long long)m->tail_len, m->tail, m->tail_len);
	}
	ok = true;
out:
	if (!ok)
		report_done(&r->in.report);
	free(head);
	free(text);
	fclose(f);
	return ok;
}

/* OCCVIEW_TEST_RELOAD_MS=N holds the reading N ms before it starts (still
 * stopping at once), so that a test sees a reload in progress on a small
 * file; unset, 0. */
static void test_hold(struct session_reload *r)
{
	const char *v = getenv("OCCVIEW_TEST_RELOAD_MS");
	long ms = v ? strtol(v, NULL, 10) : 0;

	for (; ms > 0 && !atomic_load(&r->watch.cancel); ms -= 10)
		nanosleep(&(struct timespec){ 0, 10 * 1000000L }, NULL);
}

static bool is_appendable(const char *format)
{
	for (size_t i = 0; i < sizeof(appendable) / sizeof(appendable[0]); i++)
		if (strcmp(format, appendable[i]) == 0)
			return true;
	return false;
}

static long long size_of(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 ? (long long)st.st_size : -1;
}

static void *run(void *arg)
{
	struct session_reload *r = arg;
	FILE *quiet;
	long long before = size_of(r->path);
	int status = 0;

	test_hold(r);
	if (atomic_load(&r->watch.cancel))
		goto done;
	if (r->mark.ok && r->first_line > 0 && is_appendable(r->format) &&
	    before >= r->mark.size && read_appended(r, before)) {
		r->ok = r->appended = true;
		goto done;
	}
	/* A profiler mid-write: what went wrong is the caller's to say, on a
	 * screen curses owns, so messages go nowhere. */
	quiet = fopen("/dev/null", "w");
	r->ok = quiet && session_load_watched(r->s, r->path, &r->in, quiet, &status, &r->watch);
	if (quiet)
		fclose(quiet);
	/* Grown while it was read: where the reading ended is not known. */
	if (r->ok && size_of(r->path) == before)
		session_mark_file(r->path, before, &r->mark);
	else
		r->mark.ok = false;
done:
	atomic_store(&r->finished, true);
	return NULL;
}

struct session_reload *session_reload_start(struct session *s, const char *path,
					    const struct report *now,
					    const struct session_mark *mark)
{
	struct session_reload *r = calloc(1, sizeof(*r));

	if (!r)
		return NULL;
	r->s = s;
	str_copy(r->path, sizeof(r->path), path);
	str_copy(r->format, sizeof(r->format), now->format);
	if (now->n > 0) {
		struct report_record tmp;
		const struct report_record *first = report_peek(now, 0, &tmp);

		r->first_line = first ? first->line : 0;
		report_unpeek(first, &tmp);
	}
	r->mark = *mark;
	atomic_init(&r->watch.records, 0);
	atomic_init(&r->watch.cancel, false);
	r->watch.base = now;
	atomic_init(&r->finished, false);
	if (pthread_create(&r->thread, NULL, run, r) != 0) {
		free(r);
		return NULL;
	}
	return r;
}

bool session_reload_finished(struct session_reload *r, size_t *records)
{
	*records = atomic_load(&r->watch.records);
	return atomic_load(&r->finished);
}

bool session_reload_take(struct session_reload *r, struct session_input *out, bool *appended,
			 struct session_mark *mark)
{
	bool ok;

	pthread_join(r->thread, NULL);
	ok = r->ok;
	*appended = r->appended;
	*mark = r->mark;
	if (ok) {
		*out = r->in;
	} else {
		memset(out, 0, sizeof(*out));
		session_input_done(&r->in);
	}
	free(r);
	return ok;
}

void session_reload_stop(struct session_reload *r)
{
	struct session_input in;
	struct session_mark mark;
	bool appended;

	if (!r)
		return;
	atomic_store(&r->watch.cancel, true);
	if (session_reload_take(r, &in, &appended, &mark))
		session_input_done(&in);
}
