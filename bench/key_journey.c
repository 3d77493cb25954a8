/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* key_journey.c - one '+' on the registers field of the explorer at 200x60 on
 * the embedded default launch (or a report's first record), from key to
 * drawn canvas, in functions that bench/key_journey.sh hands to callgrind's
 * --dump-before and --dump-after, so only that keystroke is counted. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "explorer.h"
#include "gpu.h"
#include "keys.h"

/* Not inlined: callgrind collects from entry to return of one of them. */
__attribute__((noinline)) void journey_key(struct explorer *e);
__attribute__((noinline)) void journey(struct explorer *e, struct canvas *c);

/* The key alone: the what-if stepped and the view recomputed. */
void journey_key(struct explorer *e)
{
	explorer_key(e, '+');
}

/* The key and the screen drawn after it. */
void journey(struct explorer *e, struct canvas *c)
{
	journey_key(e);
	explorer_draw(e, c);
}

int main(int argc, char **argv)
{
	struct explorer_options o = { 0 };
	struct occ_error err = { 0 };
	struct param_set flags = { 0 };
	struct gpu_db *db = gpu_db_new_builtin(&err);
	struct canvas *c = canvas_new(200, 60, false);
	struct session_input *in = calloc(1, sizeof(*in));
	struct session *s;
	struct explorer *e = NULL;
	int status = 0;

	launch_init(&flags.values);
	s = db ? session_new(db, &flags, &err) : NULL;
	if (s && c && in && argc > 1) {
		/* a report: its first record loaded from the browser (Enter) */
		if (session_load(s, argv[1], in, stderr, &status) && (e = explorer_new(s, in, 1, &o)))
			explorer_key(e, KEY_CODE_ENTER);
	} else if (s && c && in) {
		free(in);
		e = explorer_new(s, NULL, 0, &o);
	}
	if (!e) {
		fprintf(stderr, "journey: %s\n", err.message[0] ? err.message : "cannot start");
		return 1;
	}
	/* The screen drawn once and the focus on registers (Tab from the block
	 * size), as a user has it before pressing '+'. */
	explorer_draw(e, c);
	explorer_key(e, KEY_CODE_TAB);
	explorer_draw(e, c);
	journey(e, c);
	fprintf(stderr, "journey: registers %d -> %d\n",
		explorer_view(e)->base.launch.regs_per_thread,
		explorer_view(e)->cur.launch.regs_per_thread);
	explorer_free(e);
	session_free(s);
	canvas_free(c);
	gpu_db_free(db);
	return 0;
}
