/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* app.c - the curses loop: terminal keys become explorer keys, the explorer's
 * canvas goes to the screen, resizes relayout, and a dropped session (SIGHUP)
 * or SIGTERM saves the what-if launch before exiting. The signal flag and the
 * theme's colour switch (screen.c) are the program's only global mutable state. */
#include "config.h"

#include "app.h"

#include <curses.h>
#include <errno.h>
#include <langinfo.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "explorer.h"
#include "strutil.h"
#include "keys.h"
#include "screen.h"

/* POLL_MS: how often a report's file is looked at for live reload. */
/* ESC_MS: how long the bytes after an ESC may take to come. */
enum { TICK_MS = 50, IDLE_MS = 1000, POLL_MS = 1000, ESC_MS = 30 };

static volatile sig_atomic_t pending_signal;

static void on_signal(int sig)
{
	pending_signal = sig;
}

static void install_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	/* No SA_RESTART: a signal wakes the key read. Every signal whose
	 * default ends the program and that can be caught: each restores the
	 * terminal and keeps the launch (Ctrl-\ is SIGQUIT). */
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGQUIT, &sa, NULL);
	sigaction(SIGUSR1, &sa, NULL);
	sigaction(SIGUSR2, &sa, NULL);
	sigaction(SIGALRM, &sa, NULL);
}

/* Curses key codes to keys.h codes. */
static int translate(int status, wint_t ch)
{
	if (status == OK) {
		switch (ch) {
		case '\t': return KEY_CODE_TAB;
		case '\r':
		case '\n': return KEY_CODE_ENTER;
		case 27: return KEY_CODE_ESC;
		case 127:
		case 8: return KEY_CODE_BACKSPACE;
		default: return (int)ch;
		}
	}
	switch (ch) {
	case KEY_UP: return KEY_CODE_UP;
	case KEY_DOWN: return KEY_CODE_DOWN;
	case KEY_LEFT: return KEY_CODE_LEFT;
	case KEY_RIGHT: return KEY_CODE_RIGHT;
	case KEY_SLEFT: return KEY_CODE_SLEFT;
	case KEY_SRIGHT: return KEY_CODE_SRIGHT;
	case KEY_PPAGE: return KEY_CODE_PGUP;
	case KEY_NPAGE: return KEY_CODE_PGDN;
	case KEY_HOME: return KEY_CODE_HOME;
	case KEY_END: return KEY_CODE_END;
	case KEY_BTAB: return KEY_CODE_BTAB;
	case KEY_ENTER: return KEY_CODE_ENTER;
	case KEY_BACKSPACE: return KEY_CODE_BACKSPACE;
	case KEY_F(1): return KEY_CODE_F1;
	case KEY_F(10): return KEY_CODE_F10;
	default: return -1;
	}
}

/* After an ESC: the rest of its sequence, read while it keeps coming (the
 * bytes of one sequence arrive together), decoded or swallowed whole
 * (key_decode_escape). A lone Esc stays Esc. */
static int read_escape(void)
{
	int seq[KEY_SEQ_MAX], key = KEY_CODE_ESC;
	size_t n = 0;

	timeout(ESC_MS);
	for (;;) {
		wint_t ch;
		int got = get_wch(&ch);

		if (got == ERR)
			break;
		if (got == KEY_CODE_YES) {
			/* a key of its own: Esc then it; the Esc is dropped */
			key = KEY_CODE_SWALLOWED;
			break;
		}
		/* Only CSI (ESC [) and SS3 (ESC O) start the sequences occview
		 * reads; anything else after an Esc (another Esc, a q typed
		 * right after it) is a key of its own, never eaten as Alt-key. */
		if (n == 0 && ch != '[' && ch != 'O') {
			unget_wch(ch);
			return KEY_CODE_ESC;
		}
		seq[n++] = (int)ch;
		key = key_decode_escape(seq, n);
		if (key != KEY_SEQ_MORE)
			return key;
	}
	return n == 0 ? KEY_CODE_ESC : key == KEY_SEQ_MORE ? KEY_CODE_SWALLOWED : key;
}

static bool utf8_locale(void)
{
	const char *cs = nl_langinfo(CODESET);
	return cs && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0);
}

static long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

static struct canvas *screen_canvas(struct canvas *old, bool ascii)
{
	int cols = COLS > 0 ? COLS : 1, rows = LINES > 0 ? LINES : 1;

	if (old && old->width == cols && old->height == rows)
		return old;
	canvas_free(old);
	return canvas_new(cols, rows, ascii);
}

/* SIGHUP, SIGTERM, SIGINT (Ctrl-C), SIGQUIT (Ctrl-\), SIGUSR1/2 and SIGALRM
 * end a session without q: the terminal restored, and a changed launch kept
 * in this session's recovery file. */
static int hang_up(struct explorer *e, int sig)
{
	struct occ_error err = { 0 };
	char path[1024], msg[1200];

	endwin();
	if (!explorer_changed(e)) {
		/* Nothing to recover: the loaded launch is where it came from. */
		occ_say(stderr, "occview: %s: the launch was not changed: no recovery file\n",
			strsignal(sig));
	} else if (explorer_save_recovery(e, path, sizeof(path), &err)) {
		occ_say(stderr, "occview: %s: the what-if launch is saved in %s (occview --load %s)\n",
			strsignal(sig), path, path);
	} else {
		occ_error_format(&err, msg, sizeof(msg));
		occ_say(stderr, "occview: %s: could not save the what-if launch: %s\n",
			strsignal(sig), msg);
	}
	return 128 + sig;
}

static int run(struct explorer *e, const struct app_options *o, bool ascii, bool mouse);

int app_run(struct session *s, struct session_input *inputs, size_t n_inputs,
	    const struct explorer_options *eo, const struct app_options *o)
{
	struct explorer_options opts = *eo;
	bool ascii = o->ascii || !utf8_locale();

	opts.ascii = ascii;
	opts.themes = screen_theme_names;
	opts.theme = o->theme ? o->theme : screen_theme_names[0];
	opts.offer_gpu = true;
	return run(explorer_new(s, inputs, n_inputs, &opts), o, ascii, eo->mouse);
}

/* The loop; takes e over. */
static int run(struct explorer *e, const struct app_options *o, bool ascii, bool mouse)
{
	struct canvas *c = NULL;
	char why[300];
	int status = 0, fast_errors = 0;
	bool dirty = true;
	const char *theme = o->theme ? o->theme : screen_theme_names[0];
	long last_poll = now_ms();

	if (!e) {
		fputs("occview: out of memory\n", stderr);
		return 70;
	}
	if (!screen_open(o->keys_from_tty, why, sizeof(why))) {
		explorer_free(e);
		occ_say(stderr, "occview: %s\n", why);
		return 70;
	}
	install_signals();
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	set_escdelay(25);
	curs_set(0);
	screen_init_theme(&(struct screen_opts){ .no_color = o->no_color, .no_unicode = ascii,
						   .theme = o->theme });
	if (mouse) {
		/* A press acts at once; waiting for a click costs mouseinterval. */
		mousemask(BUTTON1_PRESSED | BUTTON4_PRESSED | BUTTON5_PRESSED, NULL);
		mouseinterval(0);
	}

	for (;;) {
		wint_t ch;
		int got, key;
		long before;
		enum reaction react;
		bool busy;

		if (pending_signal) {
			status = hang_up(e, pending_signal);
			canvas_free(c);
			explorer_free(e);
			return status;
		}
		if (dirty) {
			c = screen_canvas(c, ascii);
			if (!c) {
				endwin();
				explorer_free(e);
				fputs("occview: out of memory\n", stderr);
				return 70;
			}
			explorer_draw(e, c);
			screen_blit(c);
			refresh();
			dirty = false;
		}
		busy = explorer_busy(e);
		timeout(busy ? 0 : explorer_animating(e) ? TICK_MS : IDLE_MS);
		before = now_ms();
		got = get_wch(&ch);
		/* Live reload rides on the key timeout: no thread, no extra wait. */
		if (now_ms() - last_poll >= POLL_MS) {
			last_poll = now_ms();
			if (explorer_poll(e) != REACT_NONE)
				dirty = true;
		}
		if (got == ERR) {
			/* A closed terminal returns at once, again and again: after a few
			 * hundred instant errors, treat it as a hang-up. */
			if (!busy && now_ms() - before < 5 && errno != EINTR && ++fast_errors > 200)
				pending_signal = SIGHUP;
			if (explorer_tick(e) != REACT_NONE)
				dirty = true;
			continue;
		}
		fast_errors = 0;
		if (got == KEY_CODE_YES && ch == KEY_RESIZE) {
			dirty = true;
			continue;
		}
		if (got == KEY_CODE_YES && ch == KEY_MOUSE) {
			MEVENT ev;
			enum reaction r = REACT_NONE;

			/* The wheel is Up and Down where a list is, a step elsewhere. */
			if (getmouse(&ev) != OK)
				continue;
			if (ev.bstate & BUTTON4_PRESSED)
				r = explorer_key(e, KEY_CODE_WHEEL_UP);
			else if (ev.bstate & BUTTON5_PRESSED)
				r = explorer_key(e, KEY_CODE_WHEEL_DOWN);
			else
				r = explorer_click(e, ev.x, ev.y);
			if (r != REACT_NONE)
				dirty = true;
			continue;
		}
		key = got == OK && ch == 27 ? read_escape() : translate(got, ch);
		if (key < 0)
			continue;
		react = explorer_key(e, key);
		if (explorer_theme(e) && (!theme || strcmp(explorer_theme(e), theme) != 0)) {
			/* T: the new theme's colours, the whole screen drawn again */
			theme = explorer_theme(e);
			screen_init_theme(&(struct screen_opts){ .no_color = o->no_color,
								 .no_unicode = ascii, .theme = theme });
			clearok(curscr, TRUE);
		}
		switch (react) {
		case REACT_QUIT:
			endwin();
			canvas_free(c);
			explorer_free(e);
			return 0;
		case REACT_NONE:
			break;
		default:
			if (key == KEY_CTRL('l'))
				clearok(curscr, TRUE);
			dirty = true;
		}
	}
}
