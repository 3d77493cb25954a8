/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* fuzz_keys.c - libFuzzer harness for the explorer's key stream: the bytes
 * are keys, clicks, ticks and terminal sizes fed to an explorer on the
 * default launch (or on the report OCCVIEW_FUZZ_REPORT names), drawn as the
 * terminal would draw it. Nothing is written to disk: the save key (s) is
 * never sent, so a typed path can never name a file. Build and run (not part
 * of make check; tests/fuzz/replay.c replays its seeds there):
 *   tests/fuzz/run.sh keys [SECONDS]
 * Input: byte 0 picks ASCII or UTF-8 glyphs; then each byte is a key (a
 * printable or control character), a special key (0x80-0x9f), a click
 * (0xa0: the next two bytes are x and y), a tick (0xa1) or a new size
 * (0xa2: the next two bytes are columns and rows). */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "canvas.h"
#include "explorer.h"
#include "gpu.h"
#include "keys.h"
#include "session.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const int special[] = {
	KEY_CODE_UP, KEY_CODE_DOWN, KEY_CODE_LEFT, KEY_CODE_RIGHT, KEY_CODE_SLEFT,
	KEY_CODE_SRIGHT, KEY_CODE_PGUP, KEY_CODE_PGDN, KEY_CODE_HOME, KEY_CODE_END,
	KEY_CODE_TAB, KEY_CODE_BTAB, KEY_CODE_ENTER, KEY_CODE_ESC, KEY_CODE_BACKSPACE,
	KEY_CODE_F1, KEY_CODE_F10, KEY_CODE_WHEEL_UP, KEY_CODE_WHEEL_DOWN, KEY_CODE_SWALLOWED,
};

static struct explorer *open_explorer(struct gpu_db *db, bool ascii, struct session **s)
{
	struct explorer_options o = { .ascii = ascii, .mouse = true };
	struct occ_error err = { 0 };
	const char *report = getenv("OCCVIEW_FUZZ_REPORT");
	struct session_input *in = NULL;
	struct explorer *e;
	int status = 0;

	*s = session_new(db, NULL, &err);
	if (!*s)
		abort();
	if (report && *report) {
		in = calloc(1, sizeof(*in));
		if (!in || !session_load(*s, report, in, NULL, &status))
			abort();
	}
	e = explorer_new(*s, in, in ? 1 : 0, &o);
	if (!e)
		abort();
	return e;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct gpu_db *db;
	struct occ_error err = { 0 };
	struct session *s;
	struct explorer *e;
	struct canvas *c;
	int cols = 80, rows = 24, since_draw = 0;

	if (!db && !(db = gpu_db_new_builtin(&err)))
		abort();
	if (size == 0)
		return 0;
	if (size > 4096)
		size = 4096;                        /* run.sh's -max_len */
	e = open_explorer(db, data[0] & 1, &s);
	c = canvas_new(cols, rows, data[0] & 1);
	if (!c)
		abort();
	for (size_t i = 1; i < size; i++) {
		uint8_t b = data[i];
		enum reaction r = REACT_NONE;

		if (b == 's')
			continue;                       /* saving writes a file: never */
		if (b < 0x80)
			r = explorer_key(e, b == '\r' ? KEY_CODE_ENTER : b);
		else if (b < 0x80 + sizeof(special) / sizeof(special[0]))
			r = explorer_key(e, special[b - 0x80]);
		else if (b == 0xa0 && i + 2 < size) {
			r = explorer_click(e, data[i + 1] % (cols + 2), data[i + 2] % (rows + 2));
			i += 2;
		} else if (b == 0xa1)
			r = explorer_tick(e);
		else if (b == 0xa2 && i + 2 < size) {
			cols = 1 + data[i + 1] % 240;
			rows = 1 + data[i + 2] % 80;
			i += 2;
			if (!canvas_reset(c, cols, rows))
				abort();
			since_draw = 8;
		}
		if (r == REACT_QUIT)
			break;
		if (++since_draw >= 8) {
			explorer_draw(e, c);
			since_draw = 0;
		}
	}
	explorer_draw(e, c);
	canvas_free(c);
	explorer_free(e);
	session_free(s);
	return 0;
}
