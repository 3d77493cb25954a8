/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* whatif_file.c - the what-if launch written as a launch file: atomically
 * (a temporary file in the same directory, then rename), and to the recovery
 * file when a session drops. */
#include "config.h"

#include "whatif.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include "params.h"
#include "scenarios.h"
#include "strutil.h"

/* How every file occview writes begins: pruning deletes nothing else. */
#define WRITTEN_BY "# Written by occview"

/* The launch file parser cuts a value at '#', trims blanks, reads one line and
 * refuses files that are not UTF-8. A name is written as is unless it holds
 * one of those; then each control character, '#' or byte that is not UTF-8
 * becomes '?' and outer blanks are dropped. Returns true if anything changed. */
static bool file_safe(const char *in, char *out, size_t size)
{
	const unsigned char *s = (const unsigned char *)in;
	size_t n = 0, len = strlen(in);
	bool changed = false;

	while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t')) {
		len--;
		changed = true;
	}
	while (len > 0 && (*s == ' ' || *s == '\t')) {
		s++;
		len--;
		changed = true;
	}
	for (size_t i = 0; i < len && n + 1 < size;) {
		size_t l = 1;
		bool ok = s[i] >= 0x20 && s[i] != 0x7f && s[i] != '#';

		if (s[i] >= 0x80) {
			/* The shortest prefix str_is_binary accepts is one character. */
			ok = false;
			for (l = 2; l <= 4 && i + l <= len && !ok; l++)
				ok = !str_is_binary((const char *)s + i, l, NULL);
			if (ok)
				l--;
			else
				l = 1;
			/* C1 controls (U+0080..U+009F) are text to the parser but not
			 * to a terminal. */
			if (ok && l == 2 && s[i] == 0xC2 && s[i + 1] < 0xA0)
				ok = false;
		}
		if (ok) {
			memcpy(out + n, s + i, l);
			n += l;
		} else {
			out[n++] = '?';
			changed = true;
		}
		i += l;
	}
	out[n] = '\0';
	return changed;
}

/* The launch as a launch file: every parameter under its first name
 * (params.h), the names first; AMD's own and the cache configuration only
 * where set, which on other GPUs they never are unless a switch of GPU left
 * them. */
static void write_launch(FILE *f, const struct launch *l, const char *gpu_name, bool first)
{
	char kernel[sizeof(l->kernel)], gpu[GPU_NAME_MAX], value[64];
	bool cut = file_safe(l->kernel, kernel, sizeof(kernel));

	cut |= file_safe(gpu_name, gpu, sizeof(gpu));
	if (first)
		fprintf(f, "%s %s (what-if explorer): a launch file, see occview-formats(5).\n",
			WRITTEN_BY, PACKAGE_VERSION);
	if (cut)
		fprintf(f, "# Names had control characters, '#', bytes that are not UTF-8 or outer\n"
			"# blanks, which this format cannot hold: each became '?' (blanks dropped).\n");
	fprintf(f, "%-18s = %s\n%-18s = %s\n", "kernel", kernel, "gpu", gpu);
	for (int i = 0; i < PARAM_GPU; i++) {
		enum launch_param p = (enum launch_param)i;
		const struct param_info *info = param_info(p);

		/* What only some GPUs offer is left out where it is 0, its "not set"
		 * (no cluster, no cache preference, AMD's own), and a partition
		 * where the launch has none (all units); a default carveout is
		 * written. */
		if ((info->offered || info->given_min) && info->none == 0 && param_get(l, p) == 0)
			continue;
		param_write(l, p, value, sizeof(value));
		fprintf(f, "%-18.*s = %s\n", (int)strcspn(info->names, " "), info->names, value);
	}
}

/* What a file that is not regular is, for the message. */
static const char *kind_of(mode_t mode)
{
	if (S_ISLNK(mode))
		return "a symbolic link";
	if (S_ISFIFO(mode))
		return "a FIFO";
	if (S_ISDIR(mode))
		return "a directory";
	if (S_ISCHR(mode) || S_ISBLK(mode))
		return "a device";
	if (S_ISSOCK(mode))
		return "a socket";
	return "not a plain file";
}

/* An existing file keeps its permissions; a new one is private (0600): a
 * launch names a user's kernels, on a shared server too. */
static mode_t target_mode(const char *path)
{
	struct stat st;

	if (lstat(path, &st) == 0 && S_ISREG(st.st_mode))
		return st.st_mode & 07777;
	return 0600;
}

/* Flushes the directory entry of the rename; a failure costs durability, not
 * correctness, so it is not reported. */
static void sync_dir(const char *path)
{
	char *dir = strdup(path);
	char *slash;
	int fd;

	if (!dir)
		return;
	slash = strrchr(dir, '/');
	if (!slash)
		strcpy(dir, ".");
	else if (slash == dir)
		dir[1] = '\0';
	else
		*slash = '\0';
	fd = open(dir, O_RDONLY);
	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
	free(dir);
}

bool whatif_save(const struct whatif *w, const char *path, struct occ_error *err)
{
	return whatif_save_scenarios(w, NULL, path, err);
}

bool whatif_save_scenarios(const struct whatif *w, const struct scenarios *sc, const char *path,
			   struct occ_error *err)
{
	size_t len = strlen(path);
	char *tmp = malloc(len + sizeof(".XXXXXX"));
	const char *step = "cannot create a temporary file beside it";
	FILE *f = NULL;
	int fd, saved;

	struct stat st;

	if (err)
		occ_error_clear(err);
	if (!tmp) {
		occ_error_set(err, OCC_ENOINPUT, path, 0, NULL, "out of memory");
		return false;
	}
	/* rename(2) would replace a FIFO, a device node (as root, /dev/null) or
	 * a symbolic link itself: only a regular file is replaced. */
	if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		occ_error_set(err, OCC_ENOINPUT, path, 0, NULL, "%s, not a regular file: not "
			      "replaced (save to another name)", kind_of(st.st_mode));
		free(tmp);
		return false;
	}
	/* The temporary file sits beside the target so rename(2) stays on one
	 * file system and replaces the target in one step. */
	memcpy(tmp, path, len);
	memcpy(tmp + len, ".XXXXXX", sizeof(".XXXXXX"));
	fd = mkstemp(tmp);
	if (fd < 0)
		goto fail_errno;
	step = "cannot write";
	if (fchmod(fd, target_mode(path)) != 0)
		goto fail_unlink;
	f = fdopen(fd, "w");
	if (!f)
		goto fail_unlink;
	fd = -1;
	write_launch(f, &w->cur.launch, w->cur.gpu.name, true);
	for (int i = 0; sc && i < sc->n; i++) {
		/* each a whole launch of its own, after the current one */
		fprintf(f, "\n[scenario %s]\n", sc->items[i].name);
		write_launch(f, &sc->items[i].launch, sc->items[i].launch.gpu_name, false);
	}
	if (ferror(f) || fflush(f) != 0 || fsync(fileno(f)) != 0)
		goto fail_unlink;
	if (fclose(f) != 0) {
		f = NULL;
		goto fail_unlink;
	}
	f = NULL;
	step = "cannot replace it";
	if (rename(tmp, path) != 0)
		goto fail_unlink;
	sync_dir(path);
	free(tmp);
	return true;

fail_unlink:
	saved = errno;
	if (f)
		fclose(f);
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	errno = saved;
fail_errno:
	occ_error_set(err, OCC_ENOINPUT, path, 0, NULL, "%s: %s", step,
		      strerror(errno ? errno : EIO));
	free(tmp);
	return false;
}

bool whatif_recovery_dir(char *buf, size_t size)
{
	const char *state = getenv("XDG_STATE_HOME");
	const char *home = getenv("HOME");
	int n;

	/* The XDG base directory spec: a relative path in the variable is invalid. */
	if (state && state[0] == '/')
		n = snprintf(buf, size, "%s/occview", state);
	else if (home && home[0])
		n = snprintf(buf, size, "%s/.local/state/occview", home);
	else
		return false;
	return n > 0 && (size_t)n < size;
}

bool whatif_recovery_path(char *buf, size_t size)
{
	/* The time of the first call, kept: every save of one session goes
	 * to one file, and the process id keeps sessions apart. */
	static time_t started;
	char dir[4096], stamp[32];
	struct tm tm;
	int n;

	if (!started)
		started = time(NULL);
	if (!whatif_recovery_dir(dir, sizeof(dir)) || !localtime_r(&started, &tm) ||
	    !strftime(stamp, sizeof(stamp), "%Y%m%dT%H%M%S", &tm))
		return false;
	n = snprintf(buf, size, "%s/recovery-%s-%ld.occ", dir, stamp, (long)getpid());
	return n > 0 && (size_t)n < size;
}

/* recovery.occ (the one file of occview 0.x) or recovery-STAMP-PID.occ. */
static bool recovery_name(const char *name)
{
	size_t n = strlen(name);

	return strcmp(name, "recovery.occ") == 0 ||
	       (n > 13 && strncmp(name, "recovery-", 9) == 0 && strcmp(name + n - 4, ".occ") == 0);
}

bool whatif_is_recovery_file(const char *path)
{
	char dir[4096];
	const char *slash = strrchr(path, '/');
	size_t n;

	if (!slash || !whatif_recovery_dir(dir, sizeof(dir)))
		return false;
	n = strlen(dir);
	return (size_t)(slash - path) == n && strncmp(path, dir, n) == 0 && recovery_name(slash + 1);
}

struct recovery_file {
	char name[256];
	time_t mtime;
};

static int newest_first(const void *a, const void *b)
{
	const struct recovery_file *x = a, *y = b;

	if (x->mtime != y->mtime)
		return x->mtime < y->mtime ? 1 : -1;
	return strcmp(y->name, x->name);   /* the stamp in the name breaks ties */
}

/* Whether dir is a directory of this user's, not a symbolic link, and
 * private: made 0700 if it was not. False with err (dir named) otherwise:
 * a link would send the files, and the pruning, elsewhere. */
static bool state_dir_ok(const char *dir, struct occ_error *err)
{
	struct stat st;

	if (lstat(dir, &st) != 0) {
		occ_error_set(err, OCC_ENOINPUT, dir, 0, NULL, "cannot use the state directory: %s",
			      strerror(errno));
		return false;
	}
	if (S_ISLNK(st.st_mode) || !S_ISDIR(st.st_mode)) {
		occ_error_set(err, OCC_ENOINPUT, dir, 0, NULL, "the state directory is %s, not a "
			      "directory: no recovery file is kept there (remove it, or set "
			      "XDG_STATE_HOME)", S_ISLNK(st.st_mode) ? "a symbolic link"
								    : kind_of(st.st_mode));
		return false;
	}
	if (st.st_uid != geteuid()) {
		occ_error_set(err, OCC_ENOINPUT, dir, 0, NULL, "the state directory belongs to "
			      "user %ld, not to you: no recovery file is kept there", (long)st.st_uid);
		return false;
	}
	if ((st.st_mode & 077) != 0 && chmod(dir, 0700) != 0) {
		occ_error_set(err, OCC_ENOINPUT, dir, 0, NULL, "cannot make the state directory "
			      "private (0700): %s", strerror(errno));
		return false;
	}
	return true;
}

/* The recovery files in dir, newest first, in a fresh array; *n of them. */
static struct recovery_file *recovery_files(const char *dir, size_t *n)
{
	DIR *d = opendir(dir);
	struct recovery_file *files = NULL;
	struct dirent *de;
	size_t cap = 0;

	*n = 0;
	if (!d)
		return NULL;
	while ((de = readdir(d))) {
		char path[4096 + 256];
		struct stat st;

		if (!recovery_name(de->d_name) || strlen(de->d_name) >= sizeof(files->name))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		/* A symbolic link named like one is no recovery file of ours. */
		if (lstat(path, &st) != 0 || !S_ISREG(st.st_mode))
			continue;
		if (*n == cap) {
			struct recovery_file *more = realloc(files, (cap = cap ? cap * 2 : 8) *
							     sizeof(*files));
			if (!more)
				break;
			files = more;
		}
		str_copy(files[*n].name, sizeof(files->name), de->d_name);
		files[(*n)++].mtime = st.st_mtime;
	}
	closedir(d);
	if (*n)
		qsort(files, *n, sizeof(*files), newest_first);
	return files;
}

int whatif_recovery_newest(char *buf, size_t size)
{
	char dir[4096];
	struct recovery_file *files;
	size_t n;
	int found = 0;

	/* Files behind a linked or foreign state directory are not offered. */
	if (!whatif_recovery_dir(dir, sizeof(dir)) || !state_dir_ok(dir, NULL))
		return 0;
	files = recovery_files(dir, &n);
	if (n > 0) {
		int w = snprintf(buf, size, "%s/%s", dir, files[0].name);

		if (w > 0 && (size_t)w < size)
			found = (int)n;
	}
	free(files);
	return found;
}

/* Whether the regular file at path begins as every file occview writes
 * (never following a link, never waiting on a FIFO). */
static bool written_by_occview(const char *path)
{
	char head[sizeof(WRITTEN_BY) - 1];
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	struct stat st;
	bool ours;

	if (fd < 0)
		return false;
	ours = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
	       read(fd, head, sizeof(head)) == (ssize_t)sizeof(head) &&
	       memcmp(head, WRITTEN_BY, sizeof(head)) == 0;
	close(fd);
	return ours;
}

/* Keeps the newest WHATIF_RECOVERY_KEPT files, so dropped sessions cannot
 * fill the state directory; a file occview did not write (its first line
 * says) is never deleted, whatever its name. */
static void prune(const char *dir)
{
	struct recovery_file *files;
	size_t n;

	files = recovery_files(dir, &n);
	for (size_t i = WHATIF_RECOVERY_KEPT; i < n; i++) {
		char path[4096 + 256];

		snprintf(path, sizeof(path), "%s/%s", dir, files[i].name);
		if (written_by_occview(path))
			unlink(path);
	}
	free(files);
}

/* mkdir -p with mode 0700: the state directory is private (XDG). */
static bool make_dirs(char *dir)
{
	for (char *p = dir + 1;; p++) {
		if (*p != '/' && *p != '\0')
			continue;
		char c = *p;
		*p = '\0';
		if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
			*p = c;
			return false;
		}
		*p = c;
		if (!c)
			return true;
	}
}

bool whatif_save_recovery(const struct whatif *w, char *path, size_t size,
			  struct occ_error *err)
{
	char *slash;

	if (err)
		occ_error_clear(err);
	if (!whatif_recovery_path(path, size)) {
		occ_error_set(err, OCC_ENOINPUT, NULL, 0, NULL,
			      "no place for the recovery file: neither XDG_STATE_HOME nor HOME "
			      "is set (or the path is too long)");
		return false;
	}
	slash = strrchr(path, '/');
	if (slash && slash != path) {
		*slash = '\0';
		bool made = make_dirs(path);
		int saved = errno;

		if (!made) {
			*slash = '/';
			occ_error_set(err, OCC_ENOINPUT, path, 0, NULL,
				      "cannot create its directory: %s", strerror(saved));
			return false;
		}
		made = state_dir_ok(path, err);
		*slash = '/';
		if (!made)
			return false;
	}
	if (!whatif_save(w, path, err))
		return false;
	if (slash && slash != path) {
		*slash = '\0';
		prune(path);
		*slash = '/';
	}
	return true;
}
