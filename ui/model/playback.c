/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* playback.c - the animation's playhead: play, pause, frame steps. */
#include "config.h"

#include "playback.h"

void playback_toggle(struct playback *p)
{
	switch (p->state) {
	case PLAYBACK_OFF:
		p->frame = 0;
		p->state = PLAYBACK_PLAYING;
		break;
	case PLAYBACK_PLAYING:
		p->state = PLAYBACK_PAUSED;
		break;
	case PLAYBACK_PAUSED:
		if (p->frame >= PLAYBACK_FRAMES)
			p->frame = 0;
		p->state = PLAYBACK_PLAYING;
		break;
	}
}

bool playback_step(struct playback *p, int dir)
{
	int to = p->frame + (dir > 0 ? 1 : -1);

	if (p->state == PLAYBACK_OFF) {
		/* the first step shows the start (forward) or the end (back) */
		p->state = PLAYBACK_PAUSED;
		p->frame = dir > 0 ? 0 : PLAYBACK_FRAMES;
		return true;
	}
	p->state = PLAYBACK_PAUSED;
	if (to < 0 || to > PLAYBACK_FRAMES)
		return false;
	p->frame = to;
	return true;
}

void playback_stop(struct playback *p)
{
	p->state = PLAYBACK_OFF;
	p->frame = 0;
}

bool playback_tick(struct playback *p)
{
	if (p->state != PLAYBACK_PLAYING)
		return false;
	if (++p->frame > PLAYBACK_FRAMES)
		playback_stop(p);
	return true;
}

double playback_time(const struct playback *p, double makespan)
{
	return makespan * p->frame / PLAYBACK_FRAMES;
}

bool playback_shown(const struct playback *p)
{
	return p->state != PLAYBACK_OFF;
}
