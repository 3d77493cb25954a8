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

#define SETTINGS_MAX_WARNINGS 4

struct occ_settings {
	char gpu[128];   /* "" when unset: the GPU of the embedded default launch */
	char theme[32];  /* "" when unset; the screen knows the names */
	enum settings_color color;
	long theme_line;  /* the theme's line, for the message when the screen knows no such theme */
	/* Unknown keys (a newer version's, a typo): each warned about (the first
	 * SETTINGS_MAX_WARNINGS kept here: file, line, key) and passed over. */
	int n_unknown;
	struct occ_error unknown[SETTINGS_MAX_WARNINGS];
};

/* The path of name in occview's configuration folder: $XDG_CONFIG_HOME/occview/
 * name, else $HOME/.config/occview/name; a relative XDG_CONFIG_HOME is
 * ignored, as the XDG base directory specification says. False when neither
 * variable gives a folder or the path does not fit. */
bool settings_path(const char *name, char *buf, size_t size);
/* Reads the settings at path into c (cleared first). A file that does not
 * exist is no error: c stays empty. An unknown key is no error either: it is
 * kept in c->unknown for the caller to warn of. False (err: file, line, key;
 * status OCC_EDATA) on a line without '=', a bad color value or a value too
 * long; OCC_ENOINPUT when it exists but cannot be read. */
bool settings_load(const char *path, struct occ_settings *c, struct occ_error *err);
/* Sets "theme = theme" in the settings file at path (the explorer's theme
 * key): its theme line replaced where it stands, every other line kept as
 * it was, or a line added (the file and its folders created, private);
 * written beside it and renamed over it. False with err (file named). */
bool settings_save_theme(const char *path, const char *theme, struct occ_error *err);

#endif
