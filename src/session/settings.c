/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* settings.c - the user's settings file: "key = value" lines, '#' comments. */
#include "config.h"

#include "settings.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "readfile.h"
#include "strutil.h"

bool settings_path(const char *name, char *buf, size_t size)
{
	const char *xdg = getenv("XDG_CONFIG_HOME");
	const char *home = getenv("HOME");
	int n;

	/* The XDG base directory spec: a relative path in the variable is invalid. */
	if (xdg && xdg[0] == '/')
		n = snprintf(buf, size, "%s/occview/%s", xdg, name);
	else if (home && home[0])
		n = snprintf(buf, size, "%s/.config/occview/%s", home, name);
	else
		return false;
	return n > 0 && (size_t)n < size;
}

static bool set_text(char *dst, size_t size, const char *value, const char *path, long line,
		     const char *key, struct occ_error *err)
{
	if (str_copy(dst, size, value))
		return true;
	occ_error_set(err, OCC_EDATA, path, line, key, "value longer than %zu characters", size - 1);
	return false;
}

static bool set_color(enum settings_color *out, const char *value, const char *path, long line,
		      struct occ_error *err)
{
	static const char *const yes[] = { "yes", "true", "on", "1", "always", NULL };
	static const char *const no[] = { "no", "false", "off", "0", "never", NULL };
	char shown[64];

	for (int i = 0; yes[i]; i++)
		if (str_ieq(value, yes[i])) {
			*out = SETTINGS_COLOR_YES;
			return true;
		}
	for (int i = 0; no[i]; i++)
		if (str_ieq(value, no[i])) {
			*out = SETTINGS_COLOR_NO;
			return true;
		}
	str_sanitize(value, shown, sizeof(shown));
	occ_error_set(err, OCC_EDATA, path, line, "color", "expected yes or no, got \"%s\"", shown);
	return false;
}

static bool take_line(char *text, const char *path, long line, struct occ_settings *c,
		      struct occ_error *err)
{
	char *eq, *key, *value, shown[64];

	text = str_trim(text);
	if (text[0] == '\0' || text[0] == '#')
		return true;
	if (!(eq = strchr(text, '='))) {
		occ_error_set(err, OCC_EDATA, path, line, NULL, "expected \"key = value\"");
		return false;
	}
	*eq = '\0';
	key = str_trim(text);
	value = str_trim(eq + 1);
	if (strcmp(key, "gpu") == 0)
		return set_text(c->gpu, sizeof(c->gpu), value, path, line, key, err);
	if (strcmp(key, "theme") == 0) {
		c->theme_line = line;
		return set_text(c->theme, sizeof(c->theme), value, path, line, key, err);
	}
	if (strcmp(key, "color") == 0 || strcmp(key, "colour") == 0)
		return set_color(&c->color, value, path, line, err);
	/* A key of a later version, or a typo: said, and the rest still applies. */
	if (c->n_unknown < SETTINGS_MAX_WARNINGS) {
		str_sanitize(key, shown, sizeof(shown));
		occ_error_set(&c->unknown[c->n_unknown], OCC_EDATA, path, line, shown,
			      "unknown key (known: gpu, theme, color), passed over");
	}
	c->n_unknown++;
	return true;
}

bool settings_load(const char *path, struct occ_settings *c, struct occ_error *err)
{
	/* a settings file is a few lines; a longer one is no settings file */
	char *text, *line, *next;
	size_t len;
	long n = 0;
	bool ok = true;
	FILE *f;

	memset(c, 0, sizeof(*c));
	if (!(f = str_open_input(path, -1, err))) {
		if (errno == ENOENT || errno == ENOTDIR) {
			occ_error_clear(err);
			return true;
		}
		return false;
	}
	text = str_read_rest(f, path, NULL, 0, (size_t)1 << 20, &len, err);
	fclose(f);
	if (!text)
		return false;
	/* A NUL would end the text early and hide every setting after it. */
	if (memchr(text, '\0', len)) {
		long at = 1;

		for (const char *p = text; *p; p++)
			at += *p == '\n';
		occ_error_set(err, OCC_EDATA, path, at, NULL, "a NUL byte: not a settings file "
			      "(which is text)");
		free(text);
		return false;
	}
	/* An editor's byte order mark is no part of the first key. */
	line = len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? text + 3 : text;
	for (; ok && line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		ok = take_line(line, path, ++n, c, err);
	}
	free(text);
	return ok;
}

/* Whether line (one line of the file, no newline) sets key. */
static bool sets_key(const char *line, const char *key)
{
	size_t n = strlen(key);

	while (*line == ' ' || *line == '\t')
		line++;
	if (strncmp(line, key, n) != 0)
		return false;
	line += n;
	while (*line == ' ' || *line == '\t')
		line++;
	return *line == '=';
}

/* mkdir -p of path's folder, the folders it makes private (0700). */
static bool make_parent(const char *path, struct occ_error *err)
{
	char dir[1024];
	char *slash;

	if (!str_copy(dir, sizeof(dir), path) || !(slash = strrchr(dir, '/')) || slash == dir)
		return true;
	*slash = '\0';
	for (char *p = dir + 1; ; p++) {
		if (*p == '/' || *p == '\0') {
			char c = *p;

			*p = '\0';
			if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
				occ_error_set(err, OCC_EIOERR, dir, 0, NULL, "cannot create: %s",
					      strerror(errno));
				return false;
			}
			*p = c;
			if (c == '\0')
				return true;
		}
	}
}

bool settings_save_theme(const char *path, const char *theme, struct occ_error *err)
{
	char *text = NULL, *line, *next, tmp[1100];
	size_t len = 0;
	bool done = false, wrote;
	struct stat st;
	mode_t mode = 0600;
	FILE *in, *out;
	int fd;

	if ((in = str_open_input(path, -1, err))) {
		text = str_read_rest(in, path, NULL, 0, (size_t)1 << 20, &len, err);
		fclose(in);
		if (!text)
			return false;
		if (stat(path, &st) == 0)
			mode = st.st_mode & 07777;
	} else if (errno != ENOENT) {
		return false;
	}
	occ_error_clear(err);
	if (!make_parent(path, err))
		goto fail;
	/* Written beside it and renamed over it: a crash never leaves half a
	 * settings file. */
	snprintf(tmp, sizeof(tmp), "%s.tmp-%ld", path, (long)getpid());
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode);
	if (fd < 0 || !(out = fdopen(fd, "w"))) {
		occ_error_set(err, OCC_EIOERR, tmp, 0, NULL, "cannot create: %s", strerror(errno));
		if (fd >= 0)
			close(fd);
		goto fail;
	}
	/* Every other line as it was; the theme's (each of them: the last one
	 * read wins) set once, where it was. */
	for (line = text; line && line < text + len; line = next) {
		size_t n;

		next = memchr(line, '\n', (size_t)(text + len - line));
		n = next ? (size_t)(next - line) : (size_t)(text + len - line);
		if (next)
			next++;
		line[n] = '\0';
		if (sets_key(line, "theme")) {
			if (!done)
				fprintf(out, "theme = %s\n", theme);
			done = true;
		} else {
			fprintf(out, "%s\n", line);
		}
	}
	if (!done)
		fprintf(out, "theme = %s\n", theme);
	wrote = !ferror(out);
	wrote = fclose(out) == 0 && wrote;
	if (!wrote || rename(tmp, path) != 0) {
		occ_error_set(err, OCC_EIOERR, path, 0, NULL, "cannot write: %s", strerror(errno));
		unlink(tmp);
		goto fail;
	}
	free(text);
	return true;
fail:
	free(text);
	return false;
}
