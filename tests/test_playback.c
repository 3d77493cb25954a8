/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_playback.c - the animation's playhead: a plays and pauses, . and ,
 * step a frame and pause, A stops, a run ends off. */
#include "config.h"

#include <check.h>

#include "playback.h"
#include "testutil.h"

START_TEST(test_play_pause_and_resume)
{
	struct playback p = { 0 };

	ck_assert(!playback_shown(&p));
	ck_assert(!playback_tick(&p));
	playback_toggle(&p);
	ck_assert_int_eq(p.state, PLAYBACK_PLAYING);
	ck_assert(playback_tick(&p));
	ck_assert(playback_tick(&p));
	ck_assert_int_eq(p.frame, 2);
	playback_toggle(&p);
	ck_assert_int_eq(p.state, PLAYBACK_PAUSED);
	ck_assert(playback_shown(&p));
	/* paused: ticks move nothing */
	ck_assert(!playback_tick(&p));
	ck_assert_int_eq(p.frame, 2);
	playback_toggle(&p);
	ck_assert_int_eq(p.state, PLAYBACK_PLAYING);
	ck_assert_int_eq(p.frame, 2);
	playback_stop(&p);
	ck_assert(!playback_shown(&p));
	ck_assert_int_eq(p.frame, 0);
}
END_TEST

START_TEST(test_frame_steps)
{
	struct playback p = { 0 };

	/* from off, . shows the start and , the end, paused */
	ck_assert(playback_step(&p, 1));
	ck_assert_int_eq(p.state, PLAYBACK_PAUSED);
	ck_assert_int_eq(p.frame, 0);
	ck_assert(!playback_step(&p, -1));
	ck_assert_int_eq(p.frame, 0);
	ck_assert(playback_step(&p, 1));
	ck_assert_int_eq(p.frame, 1);
	playback_stop(&p);
	ck_assert(playback_step(&p, -1));
	ck_assert_int_eq(p.frame, PLAYBACK_FRAMES);
	ck_assert(!playback_step(&p, 1));
	ck_assert(playback_step(&p, -1));
	ck_assert_int_eq(p.frame, PLAYBACK_FRAMES - 1);
	/* a step while playing pauses there */
	playback_toggle(&p);
	ck_assert_int_eq(p.state, PLAYBACK_PLAYING);
	ck_assert(playback_step(&p, 1));
	ck_assert_int_eq(p.state, PLAYBACK_PAUSED);
	ck_assert_int_eq(p.frame, PLAYBACK_FRAMES);
	/* paused at the end, a plays from the start */
	playback_toggle(&p);
	ck_assert_int_eq(p.frame, 0);
}
END_TEST

START_TEST(test_run_ends_off)
{
	struct playback p = { 0 };
	int ticks = 0;

	playback_toggle(&p);
	while (playback_tick(&p))
		ticks++;
	/* frames 1..FRAMES shown, then one more tick turns it off */
	ck_assert_int_eq(ticks, PLAYBACK_FRAMES + 1);
	ck_assert(!playback_shown(&p));
}
END_TEST

START_TEST(test_time)
{
	struct playback p = { .state = PLAYBACK_PAUSED, .frame = PLAYBACK_FRAMES / 2 };

	ck_assert_double_eq(playback_time(&p, 2.0), 1.0);
	p.frame = PLAYBACK_FRAMES;
	ck_assert_double_eq(playback_time(&p, 3.5), 3.5);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("playback");
	TCase *tc = tcase_create("playback");

	tcase_add_test(tc, test_play_pause_and_resume);
	tcase_add_test(tc, test_frame_steps);
	tcase_add_test(tc, test_run_ends_off);
	tcase_add_test(tc, test_time);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
