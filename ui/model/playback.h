/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* playback.h - the playhead of the scheduling simulation's animation, shared
 * by the per-SM and timeline panes: off (the panes show the whole run),
 * playing or paused at a time, stepped a frame at a time. Pure: the run's
 * length (the simulation's makespan, in block durations) is passed in. */
#ifndef OCC_PLAYBACK_H
#define OCC_PLAYBACK_H

#include <stdbool.h>

/* Frames of a run: at app.c's 50 ms tick about four seconds. */
enum { PLAYBACK_FRAMES = 80 };

enum playback_state { PLAYBACK_OFF, PLAYBACK_PLAYING, PLAYBACK_PAUSED };

struct playback {
	enum playback_state state;
	int frame;             /* 0 .. PLAYBACK_FRAMES: the playhead at frame / FRAMES of the run */
};

/* a: off plays from the start, playing pauses, paused plays on (from the
 * start again once at the end). */
void playback_toggle(struct playback *p);
/* A frame forward (dir > 0) or back, paused there; false when already at
 * that end of the run (nothing changed). */
bool playback_step(struct playback *p, int dir);
/* Back to off: the panes show the whole run again. */
void playback_stop(struct playback *p);
/* One tick: playing moves a frame; at the end of the run it stops (off).
 * False when not playing. */
bool playback_tick(struct playback *p);
/* The playhead's time in a run of makespan block durations. */
double playback_time(const struct playback *p, double makespan);
/* Whether the panes show the playhead (playing or paused). */
bool playback_shown(const struct playback *p);

#endif
