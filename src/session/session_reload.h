/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* session_reload.h - a report's file read again in a thread of its own, so
 * that the explorer's key loop never waits on it: it asks how far the
 * reading is, takes the result once it is whole, or stops it. A file that
 * only grew (a profiler appending) is read from where the last reading
 * ended: only its new rows. */
#ifndef OCC_SESSION_RELOAD_H
#define OCC_SESSION_RELOAD_H

#include <stdbool.h>
#include <stddef.h>

#include "session.h"

/* Where a reading of a file ended: its size then, its lines (-1: not
 * counted yet) and its last bytes, to tell an append from a rewrite. */
#define SESSION_MARK_TAIL 4096
struct session_mark {
	bool ok;                 /* false: read the file whole next time */
	long long size, lines;
	size_t tail_len;
	char tail[SESSION_MARK_TAIL];
};

/* The mark of a file read whole up to size (its size when the reading
 * ended): not ok when its last byte then was no line end. */
void session_mark_file(const char *path, long long size, struct session_mark *m);

struct session_reload;

/* Starts reading path again in a new thread: from mark on when the file
 * only grew since and now's format is one row per record (the new records
 * then come after now's), else whole. NULL when no thread could be started
 * (out of memory). now and the session are only read meanwhile: change
 * neither until the reload ends. A whole reading's records share now's
 * texts (session_watch.base): free them before now, or let them take the
 * texts over (report_adopt_texts) before now goes. */
struct session_reload *session_reload_start(struct session *s, const char *path,
					    const struct report *now,
					    const struct session_mark *mark);
/* Whether the reading has ended; *records: the records read so far. */
bool session_reload_finished(struct session_reload *r, size_t *records);
/* Waits for the end and frees r. True with the result: *appended says
 * whether out->report holds only the records that follow now's (for
 * report_append; 0 of them when nothing new is whole) or the whole file;
 * *mark where this reading ended. False (out empty) when the file could not
 * be read. */
bool session_reload_take(struct session_reload *r, struct session_input *out, bool *appended,
			 struct session_mark *mark);
/* Stops the reading at the next record, waits for the thread and frees r
 * with what it read; NULL is nothing to stop. */
void session_reload_stop(struct session_reload *r);

#endif
