/* tui.h - the curses front end. Until the explorer lands it shows the --print
 * analysis of each launch, scrollable, in a full-screen view. */
#ifndef OCC_TUI_H
#define OCC_TUI_H

#include <stdbool.h>
#include <stddef.h>

#include "analysis.h"

struct tui_options {
	bool ascii;      /* force ASCII glyphs even in a UTF-8 locale */
	bool no_color;
};

/* Runs until the user quits; restores the terminal. Returns an exit status. */
int tui_run(const struct analysis *items, size_t n, const struct tui_options *o);

#endif
