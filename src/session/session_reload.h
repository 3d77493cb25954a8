/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* session_reload.h - an input read again in a thread of its own, so that the
 * explorer's key loop never waits on it: it asks how far the reading is,
 * takes the new input once it is whole, or stops it. */
#ifndef OCC_SESSION_RELOAD_H
#define OCC_SESSION_RELOAD_H

#include <stdbool.h>
#include <stddef.h>

#include "session.h"

struct session_reload;

/* Starts reading path (session_load_watched) in a new thread; NULL when no
 * thread could be started (out of memory). The session is only read
 * meanwhile (its flags and GPUs): change neither until the reload ends. */
struct session_reload *session_reload_start(struct session *s, const char *path);
/* Whether the reading has ended; *records: the records read so far. */
bool session_reload_finished(struct session_reload *r, size_t *records);
/* Waits for the end, hands the new input to *out (true) or says it could
 * not be read (false, *out empty), and frees r. */
bool session_reload_take(struct session_reload *r, struct session_input *out);
/* Stops the reading at the next record, waits for the thread and frees r
 * with what it read; NULL is nothing to stop. */
void session_reload_stop(struct session_reload *r);

#endif
