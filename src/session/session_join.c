/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* session_join.c - per-kernel summaries joined to the launches of the traces
 * of the same command, by kernel name and invocation (session_join.h says
 * the rule). */
#include "config.h"

#include "session_join.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "strutil.h"

enum join_state {
	JOIN_WAITING,     /* before settle */
	JOIN_YES,
	JOIN_NO_VALUE,    /* the summary measured nothing occview reads for it */
	JOIN_NO_LAUNCH,   /* the traces never launch it */
	JOIN_COUNT,       /* launches and invocations differ */
	JOIN_AVERAGED,    /* several invocations, values that differ: only their average */
};

struct join_kernel {
	const struct report_record *rec;  /* the summary's record (its source's report) */
	size_t source;
	size_t name_len;
	size_t launches, applied;
	enum join_state state;
};

struct join_source {
	char *path;
	struct report rep;
};

struct session_join {
	struct join_source *sources;
	size_t n_sources;
	struct join_kernel *kernels;
	size_t n_kernels;
	char **targets;                   /* the traces counted, in order, once each */
	size_t n_targets;
};

struct session_join *session_join_new(void)
{
	return calloc(1, sizeof(struct session_join));
}

void session_join_free(struct session_join *j)
{
	if (!j)
		return;
	for (size_t i = 0; i < j->n_sources; i++) {
		free(j->sources[i].path);
		report_done(&j->sources[i].rep);
	}
	for (size_t i = 0; i < j->n_targets; i++)
		free(j->targets[i]);
	free(j->sources);
	free(j->kernels);
	free(j->targets);
	free(j);
}

bool session_join_add(struct session_join *j, const char *path, struct report *rep)
{
	struct join_source *s = realloc(j->sources, (j->n_sources + 1) * sizeof(*s));
	struct join_kernel *k;

	if (!s)
		return false;
	j->sources = s;
	k = realloc(j->kernels, (j->n_kernels + rep->n) * sizeof(*k));
	if (!k)
		return false;
	j->kernels = k;
	s = &j->sources[j->n_sources];
	/* a summary is small: its records whole, to point at */
	if (!report_unpack(rep))
		return false;
	if (!(s->path = strdup(path)))
		return false;
	s->rep = *rep;
	*rep = (struct report){ 0 };
	for (size_t i = 0; i < s->rep.n; i++)
		j->kernels[j->n_kernels++] = (struct join_kernel){
			.rec = &s->rep.records[i], .source = j->n_sources,
			.name_len = strlen(s->rep.records[i].name),
		};
	j->n_sources++;
	return true;
}

/* The length of a trace's kernel name without the correlation id nvprof
 * appends ("scale(float*) [1172]" -> 13). */
static size_t base_len(const char *name)
{
	size_t n = strlen(name), i = n;

	if (n < 4 || name[n - 1] != ']')
		return n;
	for (i = n - 1; i > 0 && name[i - 1] >= '0' && name[i - 1] <= '9'; i--)
		;
	if (i >= 2 && i < n - 1 && name[i - 1] == '[' && name[i - 2] == ' ')
		return i - 2;
	return n;
}

static struct join_kernel *kernel_of(struct session_join *j, const struct report_record *rec)
{
	size_t n = base_len(rec->name);

	for (size_t i = 0; i < j->n_kernels; i++) {
		struct join_kernel *k = &j->kernels[i];

		if (k->name_len == n && memcmp(k->rec->name, rec->name, n) == 0 &&
		    strcmp(k->rec->device, rec->device) == 0)
			return k;
	}
	return NULL;
}

void session_join_count(struct session_join *j, const char *path,
			const struct report_record *rec)
{
	struct join_kernel *k;

	if (j->n_targets == 0 || strcmp(j->targets[j->n_targets - 1], path) != 0) {
		char **t = realloc(j->targets, (j->n_targets + 1) * sizeof(*t));

		if (t) {
			j->targets = t;
			if ((t[j->n_targets] = strdup(path)) != NULL)
				j->n_targets++;
		}
	}
	if (rec->name && (k = kernel_of(j, rec)) != NULL)
		k->launches++;
}

void session_join_settle(struct session_join *j)
{
	for (size_t i = 0; i < j->n_kernels; i++) {
		struct join_kernel *k = &j->kernels[i];
		const struct report_record *r = k->rec;
		int64_t invocations = r->invocations.present ? r->invocations.value : 1;

		if (!r->achieved_occupancy_pct.present && r->n_sm_events == 0)
			k->state = JOIN_NO_VALUE;
		else if (k->launches == 0)
			k->state = JOIN_NO_LAUNCH;
		else if ((int64_t)k->launches != invocations)
			k->state = JOIN_COUNT;
		else if (invocations > 1 &&
			 !(r->n_sm_events == 0 && r->achieved_min_pct.present &&
			   r->achieved_max_pct.present &&
			   r->achieved_min_pct.value == r->achieved_max_pct.value))
			k->state = JOIN_AVERAGED;
		else
			k->state = JOIN_YES;
	}
}

static double *copy_values(const double *v, size_t n)
{
	double *c = malloc(n * sizeof(*c));

	if (c)
		memcpy(c, v, n * sizeof(*c));
	return c;
}

bool session_join_apply(struct session_join *j, struct report_record *rec)
{
	struct join_kernel *k = rec->name ? kernel_of(j, rec) : NULL;
	const struct report_record *r;
	bool given = false;

	if (!k || k->state != JOIN_YES || k->applied == k->launches)
		return false;
	k->applied++;
	r = k->rec;
	if (!rec->achieved_occupancy_pct.present && r->achieved_occupancy_pct.present) {
		/* Several invocations join only with Min equal to Max: that value
		 * is each one's (nvprof's Avg of them may differ in its last digit). */
		rec->achieved_occupancy_pct = k->launches > 1 ? r->achieved_min_pct
							      : r->achieved_occupancy_pct;
		given = true;
	}
	/* nvprof averages the scheduler metrics over invocations, and gives no
	 * Min/Max test of them here: one launch's only. */
	if (k->launches == 1 && !report_sched_any(&rec->sched) && report_sched_any(&r->sched)) {
		rec->sched = r->sched;
		given = true;
	}
	if (rec->n_sm_events == 0 && r->n_sm_events > 0) {
		double *w = copy_values(r->sm_active_warps, r->n_sm_events);
		double *c = copy_values(r->sm_active_cycles, r->n_sm_events);

		if (w && c) {
			rec->sm_active_warps = w;
			rec->sm_active_cycles = c;
			rec->n_sm_events = r->n_sm_events;
			given = true;
		} else {
			free(w);
			free(c);
		}
	}
	if (given)
		rec->achieved_from = j->sources[k->source].path;
	return given;
}

/* ---- notes ---------------------------------------------------------------- */

struct out {
	char *buf;
	size_t size, len;
};

static void say(struct out *o, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(o->len < o->size ? o->buf + o->len : NULL,
		      o->len < o->size ? o->size - o->len : 0, fmt, ap);
	va_end(ap);
	if (n > 0)
		o->len += (size_t)n;
}

/* "trace.csv", "a.csv and b.csv", "a.csv, b.csv and c.csv". */
static void targets(struct out *o, const struct session_join *j)
{
	char shown[512];

	if (j->n_targets == 0) {
		say(o, "the traces");
		return;
	}
	for (size_t i = 0; i < j->n_targets; i++) {
		str_sanitize(j->targets[i], shown, sizeof(shown));
		say(o, "%s%s", i == 0 ? "" : i + 1 == j->n_targets ? " and " : ", ", shown);
	}
}

/* The kernels of source s left in state st: a line each, the first few. */
enum { NOTES_PER_REASON = 4 };

static void reason(struct out *o, const struct session_join *j, size_t s, enum join_state st,
		   const char *prefix, const char *path)
{
	size_t listed = 0, more = 0;
	char name[160];

	for (size_t i = 0; i < j->n_kernels; i++) {
		const struct join_kernel *k = &j->kernels[i];
		const struct report_record *r = k->rec;

		if (k->source != s || k->state != st)
			continue;
		if (listed == NOTES_PER_REASON) {
			more++;
			continue;
		}
		listed++;
		str_sanitize(r->short_name, name, sizeof(name));
		say(o, "%s%s: %s not joined: ", prefix, path, name);
		switch (st) {
		case JOIN_AVERAGED:
			if (r->achieved_min_pct.present && r->achieved_max_pct.present)
				say(o, "%lld invocations measured from %.1f%% to %.1f%% achieved "
				    "occupancy, and nvprof gave only their average (%.1f%%); each "
				    "launch's own needs nvprof's metric trace mode (--print-gpu-trace "
				    "with --metrics)\n", (long long)r->invocations.value,
				    r->achieved_min_pct.value, r->achieved_max_pct.value,
				    r->achieved_occupancy_pct.value);
			else
				say(o, "its values are over %lld invocations, not each launch's own\n",
				    (long long)r->invocations.value);
			break;
		case JOIN_COUNT:
			say(o, "%zu launch%s in ", k->launches, k->launches == 1 ? "" : "es");
			targets(o, j);
			say(o, ", %lld invocation%s counted here\n",
			    (long long)(r->invocations.present ? r->invocations.value : 1),
			    r->invocations.present && r->invocations.value == 1 ? "" : "s");
			break;
		case JOIN_NO_LAUNCH:
			say(o, "no launch of it in ");
			targets(o, j);
			say(o, "\n");
			break;
		default:
			say(o, "no achieved occupancy or per-SM events to join\n");
			break;
		}
	}
	if (more > 0)
		say(o, "%s%s: and %zu more not joined for the same reason\n", prefix, path, more);
}

size_t session_join_notes(const struct session_join *j, const char *prefix, char *buf,
			  size_t size)
{
	static const enum join_state reasons[] = {
		JOIN_AVERAGED, JOIN_COUNT, JOIN_NO_LAUNCH, JOIN_NO_VALUE,
	};
	struct out o = { buf, size, 0 };
	char path[512];

	if (size > 0)
		buf[0] = '\0';
	for (size_t s = 0; s < j->n_sources; s++) {
		size_t n = 0, joined = 0;

		for (size_t i = 0; i < j->n_kernels; i++)
			if (j->kernels[i].source == s) {
				n++;
				joined += j->kernels[i].state == JOIN_YES;
			}
		str_sanitize(j->sources[s].path, path, sizeof(path));
		say(&o, "%sjoined %zu of %zu kernel%s of %s to ", prefix, joined, n,
		    n == 1 ? "" : "s", path);
		targets(&o, j);
		say(&o, " by kernel name and invocation\n");
		for (size_t r = 0; r < sizeof(reasons) / sizeof(reasons[0]); r++)
			reason(&o, j, s, reasons[r], prefix, path);
	}
	return o.len;
}
