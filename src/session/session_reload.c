/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* session_reload.c - an input read again in a thread (session_reload.h). */
#include "config.h"

#include "session_reload.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "strutil.h"

struct session_reload {
	pthread_t thread;
	struct session *s;
	char path[4096];
	struct session_watch watch;
	atomic_bool finished;
	/* Written by the thread before finished is set, read after. */
	struct session_input in;
	bool ok;
};

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

static void *run(void *arg)
{
	struct session_reload *r = arg;
	FILE *quiet = fopen("/dev/null", "w");
	int status = 0;

	test_hold(r);
	/* A profiler mid-write: what went wrong is the caller's to say, on
	 * a screen curses owns, so messages go nowhere. */
	r->ok = quiet && !atomic_load(&r->watch.cancel) &&
		session_load_watched(r->s, r->path, &r->in, quiet, &status, &r->watch);
	if (quiet)
		fclose(quiet);
	atomic_store(&r->finished, true);
	return NULL;
}

struct session_reload *session_reload_start(struct session *s, const char *path)
{
	struct session_reload *r = calloc(1, sizeof(*r));

	if (!r)
		return NULL;
	r->s = s;
	str_copy(r->path, sizeof(r->path), path);
	atomic_init(&r->watch.records, 0);
	atomic_init(&r->watch.cancel, false);
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

bool session_reload_take(struct session_reload *r, struct session_input *out)
{
	bool ok;

	pthread_join(r->thread, NULL);
	ok = r->ok;
	if (ok)
		*out = r->in;
	else
		memset(out, 0, sizeof(*out));
	if (!ok)
		session_input_done(&r->in);
	free(r);
	return ok;
}

void session_reload_stop(struct session_reload *r)
{
	struct session_input in;

	if (!r)
		return;
	atomic_store(&r->watch.cancel, true);
	if (session_reload_take(r, &in))
		session_input_done(&in);
}
