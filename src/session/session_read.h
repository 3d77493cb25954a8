/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* session_read.h - how the session reads one input, shared by the explorer's
 * whole load (session_input.c) and --print's stream (session_print.c): the
 * file opened once with its head, the head deciding between a launch file,
 * a launch list and a report, and the messages a read says. */
#ifndef OCC_SESSION_READ_H
#define OCC_SESSION_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "launch_list.h"
#include "session.h"
#include "session_join.h"

struct source {
	FILE *f;
	bool is_stdin;
	char *head;
	size_t head_len;
	bool complete;       /* the head is the whole file */
};

/* path ("-": standard input) opened, its head read; false with err. */
bool session_source_open(const char *path, struct source *src, struct occ_error *err);
void session_source_close(struct source *src);

enum read_result { READ_LAUNCHES, READ_REPORT, READ_FAILED };

/* Reads path: its launches to set (a launch file) or to lsink (a list), or
 * its records to sink (a report); rejected gets the first rejected row,
 * *status the exit status of a failure (said on msgs). */
enum read_result session_read_input(struct session *s, const char *path,
				    struct launch_set *set, const struct launch_list_sink *lsink,
				    struct report *rep, const struct report_sink *sink,
				    struct occ_error *rejected, FILE *msgs, int *status);

/* err said on msgs; its exit status. */
int session_tell(FILE *msgs, const struct occ_error *err);
/* The fields a report's rows left absent, and the runs a file holds. */
void session_tell_dropped(FILE *msgs, const char *path, const struct report *r);
void session_tell_runs(FILE *msgs, const char *path, const struct report *r);
/* The join's notes to msgs, and the first line (without its prefix) to note. */
void session_tell_join(const struct session_join *j, FILE *msgs, char *note, size_t note_size);

#endif
