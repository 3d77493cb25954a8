/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* settings.h - the user's settings file, $XDG_CONFIG_HOME/occview/config:
 * "key = value" lines (gpu, theme, color), '#' comments. Command-line flags
 * win over it; main applies it (cli_apply_settings). */
#ifndef OCC_SETTINGS_H
#define OCC_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>

#include "error.h"

enum settings_color { SETTINGS_COLOR_UNSET, SETTINGS_COLOR_YES, SETTINGS_COLOR_NO };

struct occ_settings {
	char gpu[128];   /* "" when unset: the GPU of the embedded default launch */
	char theme[32];  /* "" when unset; the screen knows the names */
	enum settings_color color;
};

/* The path of name in occview's configuration folder: $XDG_CONFIG_HOME/occview/
 * name, else $HOME/.config/occview/name. False when neither variable is set
 * or the path does not fit. */
bool settings_path(const char *name, char *buf, size_t size);
/* Reads the settings at path into c (cleared first). A file that does not
 * exist is no error: c stays empty. False (err: file, line, key; status
 * OCC_EDATA) on an unknown key, a line without '=', a bad color value or a
 * value too long; OCC_ENOINPUT when it exists but cannot be read. */
bool settings_load(const char *path, struct occ_settings *c, struct occ_error *err);

#endif
