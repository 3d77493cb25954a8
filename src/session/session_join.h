/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* session_join.h - the session's join of per-kernel summaries (nvprof
 * --metrics and --events tables, report.per_kernel) to the launches of the
 * traces given in the same command, so that every output sees one record
 * per launch with what was measured for it. Session-internal: --print
 * (session_print) and the explorer (session_join_inputs) drive it.
 *
 * The rule: the n-th launch of a kernel name on a device, in the traces'
 * order, is the n-th invocation the summary counts. A summary gives each
 * kernel's values over its invocations (nvprof's Min, Max and Avg), so a
 * value is joined only where it is each launch's own: one invocation, or
 * several whose Min and Max are equal; and only where the traces hold as
 * many launches of the kernel as the summary counts invocations. Anything
 * else is not joined, and the notes say why. */
#ifndef OCC_SESSION_JOIN_H
#define OCC_SESSION_JOIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "report.h"

struct session_join;

/* NULL when out of memory. */
struct session_join *session_join_new(void);
void session_join_free(struct session_join *j);
/* Takes rep (a per-kernel report read whole from path) into the join, which
 * owns it from then on (rep is left empty). False when out of memory. */
bool session_join_add(struct session_join *j, const char *path, struct report *rep);
/* A launch record of the traces (path: its file), counted: the first pass,
 * over every trace record in order. */
void session_join_count(struct session_join *j, const char *path,
			const struct report_record *rec);
/* After the first pass: which kernels join. */
void session_join_settle(struct session_join *j);
/* The second pass, over the same records in the same order: rec gets its
 * measured values where its kernel joins (achieved_from names the file;
 * the string is the join's). True when rec was given a value. */
bool session_join_apply(struct session_join *j, struct report_record *rec);
/* What was joined and what was not, and why, one line per fact, each line
 * starting with prefix ("occview: "). Returns the length written, as
 * snprintf does. */
size_t session_join_notes(const struct session_join *j, const char *prefix, char *buf,
			  size_t size);

struct session;
/* s keeps j and frees it with itself: the records j joined point into it
 * (achieved_from) for as long as the session's records live. False (j
 * freed) when out of memory. */
bool session_keep_join(struct session *s, struct session_join *j);

#endif
