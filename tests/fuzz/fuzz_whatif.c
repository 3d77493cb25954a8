/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* fuzz_whatif.c - libFuzzer harness for the what-if file and the recovery
 * file (ui/model/whatif_file.c): the input's first part is a launch file
 * (its first launch, on its GPU, is the what-if's baseline; the embedded
 * default where it has none), the second a stream of the what-if's changes
 * (parts cut at FUZZ_SEP lines, fuzzutil.h). The changed launch is saved
 * (whatif_save) and written as this process's recovery file (under an
 * XDG_STATE_HOME of the harness's own), and both files are read back as
 * occview reads them (launch_file_load; session_load, the path of --load).
 * Checks, aborting when one fails: each file reads as one launch, and that
 * launch is the what-if's: every parameter the same, the kernel's and the
 * GPU's names the same where they had nothing the format cannot hold; the
 * recovery file is the newest one; what whatif_format shows holds no byte
 * a terminal acts on. Ops: 't' F TEXT '\n' field F (mod the what-if's
 * fields) set from TEXT; '+' / '-' F a step up or down, '*' / '/' F a big
 * one; 'v' F and 8 bytes a value (little-endian); 'G' B the database's
 * device B (times 7, mod the devices); 'z' undo; 'y' redo; '0' reset.
 * Build and run (not part of make check; tests/fuzz/replay.c replays its
 * seeds there):
 *   tests/fuzz/run.sh whatif [SECONDS]
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "launch.h"
#include "launch_file.h"
#include "params.h"
#include "session.h"
#include "whatif.h"

#include "fuzzutil.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Whether a name goes into a launch file as it is (whatif_file.c's
 * file_safe leaves it alone): no control byte, '#', DEL or byte past ASCII
 * (the harness does not judge UTF-8), no outer blank. */
static bool plain(const char *s)
{
	size_t n = strlen(s);

	if (n && (s[0] == ' ' || s[0] == '\t' || s[n - 1] == ' ' || s[n - 1] == '\t'))
		return false;
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || (unsigned char)*s >= 0x7f || *s == '#')
			return false;
	return true;
}

static void fail(const char *what, const char *why, const char *path)
{
	char cmd[700];

	fprintf(stderr, "fuzz: whatif: %s: %s; the file:\n", what, why);
	snprintf(cmd, sizeof(cmd), "cat '%s' >&2", path);
	if (system(cmd) != 0)
		fprintf(stderr, "(cannot show %s)\n", path);
	abort();
}

/* The launch read back from path must be the what-if's current one. */
static void same(const struct whatif *w, const struct launch *got, const char *what,
		 const char *path)
{
	const struct launch *want = &w->cur.launch;

	for (int i = 0; i < PARAM_GPU; i++) {
		enum launch_param p = (enum launch_param)i;

		if (param_get(got, p) != param_get(want, p)) {
			fprintf(stderr, "fuzz: %s: %s is %lld, the what-if's %lld\n", what,
				param_info(p)->names, (long long)param_get(got, p),
				(long long)param_get(want, p));
			fail(what, "a parameter changed", path);
		}
	}
	if (memcmp(got->grid, want->grid, sizeof(got->grid)) != 0 ||
	    memcmp(got->block, want->block, sizeof(got->block)) != 0)
		fail(what, "the grid's or the block's dimensions changed", path);
	if (plain(want->kernel) && strcmp(got->kernel, want->kernel) != 0)
		fail(what, "the kernel's name changed", path);
	if (plain(w->cur.gpu.name) && strcmp(got->gpu_name, w->cur.gpu.name) != 0)
		fail(what, "the GPU's name changed", path);
}

static void read_back(const struct whatif *w, const char *path)
{
	struct occ_error err = { 0 };
	struct launch defaults;
	struct launch_set set;

	launch_init(&defaults);
	if (!launch_file_load(path, &defaults, &set, &err))
		fail("save", err.message, path);
	if (set.n != 1)
		fail("save", "not one launch", path);
	same(w, &set.items[0].launch, "save", path);
	launch_set_done(&set);
}

static void read_recovery(struct session *s, const struct whatif *w, const char *path)
{
	struct session_input in;
	char newest[1024];
	int status = 0;

	if (whatif_recovery_newest(newest, sizeof(newest)) < 1 || strcmp(newest, path) != 0)
		fail("recovery", "not the newest recovery file", path);
	if (!whatif_is_recovery_file(path))
		fail("recovery", "not a recovery file by its own test", path);
	if (!session_load(s, path, &in, stderr, &status) || in.kind != SESSION_LAUNCHES ||
	    in.launches.n != 1)
		fail("recovery", "not read back as one launch", path);
	same(w, &in.launches.items[0].launch, "recovery", path);
	session_input_done(&in);
}

/* Every field as the bar shows it, current and baseline. */
static void shown(const struct whatif *w)
{
	char buf[256];

	for (int i = 0; i < PARAM_WHATIF_N; i++)
		for (int base = 0; base < 2; base++) {
			whatif_format(w, (enum launch_param)i, base, buf, sizeof(buf));
			fuzz_check_clean("whatif_format", buf, strlen(buf), false);
		}
}

static void apply(struct whatif *w, const struct gpu_db *db, const struct fuzz_part *ops)
{
	const uint8_t *op = (const uint8_t *)ops->p;
	size_t n = ops->n;

	for (size_t i = 0; i < n; i++) {
		enum launch_param f = (enum launch_param)(i + 1 < n ? op[i + 1] % PARAM_WHATIF_N : 0);
		struct occ_error err = { 0 };
		char text[300];
		int64_t v = 0;
		size_t k;
		struct gpu g;

		switch (op[i]) {
		case 't':
			i++;
			for (k = 0; i + 1 < n && op[i + 1] != '\n' && k + 1 < sizeof(text); k++)
				text[k] = (char)op[++i];
			text[k] = '\0';
			whatif_set_text(w, f, text, &err);
			break;
		case '+':
		case '-':
		case '*':
		case '/':
			whatif_step(w, f, op[i] == '+' || op[i] == '*' ? 1 : -1,
				    op[i] == '*' || op[i] == '/');
			i++;
			break;
		case 'v':
			for (k = 0; k < 8 && i + 2 + k < n; k++)
				v |= (int64_t)((uint64_t)op[i + 2 + k] << (8 * k));
			whatif_set_value(w, f, v);
			i += 1 + k;
			break;
		case 'G':
			if (i + 1 < n && gpu_db_device_count(db) > 0 &&
			    gpu_db_device_at(db, (size_t)op[i + 1] * 7 % gpu_db_device_count(db), &g))
				whatif_set_gpu(w, &g);
			i++;
			break;
		case 'z': whatif_undo(w); break;
		case 'y': whatif_redo(w); break;
		case '0': whatif_reset(w); break;
		default: break;
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct gpu_db *db;
	static struct session *s;
	struct occ_error err = { 0 };
	struct fuzz_part part[2];
	struct launch base, defaults;
	struct launch_set set;
	struct whatif *w;
	struct gpu gpu;
	char path[600], recovery[1024];

	if (!db) {
		char state[600];

		/* the recovery file's directory: the harness's own */
		snprintf(state, sizeof(state), "%s/state", fuzz_dir());
		setenv("XDG_STATE_HOME", state, 1);
		if (!(db = gpu_db_new_builtin(&err)) || !(s = session_new(db, NULL, &err)))
			abort();
	}
	fuzz_split(data, size, part, 2);
	launch_init(&base);
	launch_init(&defaults);
	if (launch_file_parse("fuzz", part[0].p, part[0].n, &defaults, &set, &err)) {
		if (set.n > 0 && set.items[0].valid)
			base = set.items[0].launch;
		launch_set_done(&set);
	}
	if (!gpu_db_find(db, base.gpu_name, &gpu, &err)) {
		launch_init(&base);
		if (!gpu_db_find(db, base.gpu_name, &gpu, &err))
			abort();
	}
	if (!(w = whatif_new(db, &base, &gpu)))
		abort();
	apply(w, db, &part[1]);
	shown(w);
	snprintf(path, sizeof(path), "%s/saved.occ", fuzz_dir());
	if (!whatif_save(w, path, &err))
		fail("save", err.message, path);
	read_back(w, path);
	if (!whatif_save_recovery(w, recovery, sizeof(recovery), &err))
		fail("recovery", err.message, recovery);
	read_recovery(s, w, recovery);
	whatif_free(w);
	return 0;
}
