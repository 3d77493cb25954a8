/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* fuzz_settings.c - libFuzzer harness for the user's own files as occview
 * starts with them (ui/tty/main.c): the input's first part is the settings
 * file ($XDG_CONFIG_HOME/occview/config) and its second a devices file
 * (gpus.csv: devices, archs or GPC layouts), cut at FUZZ_SEP lines
 * (fuzzutil.h). Both are written to files and read by their real paths
 * (settings_load, gpu_db_load_file on the built-in database), the settings
 * applied under plain --print flags (cli_apply_settings), and then the GPUs
 * they bring go through the engine and the writers: the default launch on
 * the settings' GPU, and on each of the first FUZZ_DEVICES devices the file
 * added or changed, analysed by a session and written as JSON, CSV and the
 * text panes, with the database listed (--list-gpus as text, JSON, CSV)
 * when the devices file loaded.
 * Checks, aborting when one fails: the JSON parses, the CSV rows have the
 * header's fields, and no output and no message holds a byte a terminal
 * acts on. Build and run (not part of make check; tests/fuzz/replay.c
 * replays its seeds there):
 *   tests/fuzz/run.sh settings [SECONDS]
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "cli.h"
#include "gpu.h"
#include "output.h"
#include "params.h"
#include "print.h"
#include "session.h"
#include "settings.h"

#include "fuzzutil.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The devices of the file analysed (each a session and every writer). */
#define FUZZ_DEVICES 2

enum { OUT_JSON, OUT_CSV, OUT_TEXT, OUT_MSGS, OUT_LIST, OUT_LIST_JSON, OUT_LIST_CSV, N_OUT };

struct sink {
	FILE *f[N_OUT];
	struct printer *printer;
	size_t n;
};

static bool write_all(void *ctx, const struct analysis *a, const struct report_record *rec)
{
	struct sink *k = ctx;

	if (!output_json_kernel_derived(k->f[OUT_JSON], a, true, true) ||
	    !print_analysis(k->printer, k->f[OUT_TEXT], a, rec))
		abort();                      /* memstreams: only out of memory */
	output_csv_row(k->f[OUT_CSV], a, true);
	k->n++;
	return true;
}

/* The flags' launch (the default, on its own GPU or the one given) analysed
 * and written, each output checked. */
static void analyse(const struct gpu_db *db, const struct param_set *flags)
{
	char *buf[N_OUT] = { 0 };
	size_t len[N_OUT] = { 0 };
	struct sink k = { 0 };
	struct session_emit emit = { .analysis = write_all, .ctx = &k };
	struct print_options po = { 80, false, { .model = SIM_UNIFORM }, false, false };
	struct occ_error err = { 0 };
	struct session *s;

	for (int i = 0; i < OUT_LIST; i++)
		if (!(k.f[i] = open_memstream(&buf[i], &len[i])))
			abort();
	if (!(k.printer = print_new(&po)))
		abort();
	output_json_begin(k.f[OUT_JSON]);
	output_csv_header(k.f[OUT_CSV], true);
	s = session_new(db, flags, &err);
	if (s)
		session_print(s, NULL, 0, NULL, SESSION_FINDINGS, &emit, k.f[OUT_MSGS]);
	else
		occ_say_error(k.f[OUT_MSGS], &err);
	output_json_end(k.f[OUT_JSON], k.n > 0);
	session_free(s);
	print_free(k.printer);
	for (int i = 0; i < OUT_LIST; i++)
		if (fclose(k.f[i]) != 0)
			abort();
	fuzz_check_json("json", buf[OUT_JSON], len[OUT_JSON]);
	fuzz_check_csv("csv", buf[OUT_CSV], len[OUT_CSV]);
	fuzz_check_clean("json", buf[OUT_JSON], len[OUT_JSON], false);
	fuzz_check_clean("csv", buf[OUT_CSV], len[OUT_CSV], false);
	fuzz_check_clean("text", buf[OUT_TEXT], len[OUT_TEXT], false);
	fuzz_check_clean("messages", buf[OUT_MSGS], len[OUT_MSGS], false);
	for (int i = 0; i < OUT_LIST; i++)
		free(buf[i]);
}

/* --list-gpus in its three formats. */
static void list(const struct gpu_db *db)
{
	char *buf[3] = { 0 };
	size_t len[3] = { 0 };
	FILE *f[3];

	for (int i = 0; i < 3; i++)
		if (!(f[i] = open_memstream(&buf[i], &len[i])))
			abort();
	output_gpu_list(f[0], db);
	output_gpu_list_json(f[1], db);
	output_gpu_list_csv(f[2], db);
	for (int i = 0; i < 3; i++)
		if (fclose(f[i]) != 0)
			abort();
	fuzz_check_json("list json", buf[1], len[1]);
	fuzz_check_csv("list csv", buf[2], len[2]);
	for (int i = 0; i < 3; i++) {
		fuzz_check_clean("list", buf[i], len[i], false);
		free(buf[i]);
	}
}

/* Whether device i of db differs from the built-in database's i-th. */
static bool from_file(const struct gpu_db *db, const struct gpu_db *builtin, size_t i,
		      struct gpu *g)
{
	static struct gpu b;

	memset(g, 0, sizeof(*g));
	memset(&b, 0, sizeof(b));
	if (!gpu_db_device_at(db, i, g))
		return false;
	return i >= gpu_db_device_count(builtin) || !gpu_db_device_at(builtin, i, &b) ||
	       memcmp(g, &b, sizeof(b)) != 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct gpu_db *builtin;
	static char *argv[] = { "occview", "--print", NULL };
	struct occ_error err = { 0 };
	struct fuzz_part part[2];
	struct occ_settings st;
	struct cli_options o;
	struct gpu_db *db;
	char config[600], devices[600], *msg = NULL;
	size_t msg_len = 0, analysed = 0;
	bool loaded;
	FILE *msgs;

	if (!builtin && !(builtin = gpu_db_new_builtin(&err)))
		abort();
	fuzz_split(data, size, part, 2);
	fuzz_write("config", part[0].p, part[0].n, config, sizeof(config));
	fuzz_write("gpus.csv", part[1].p, part[1].n, devices, sizeof(devices));
	if (!(msgs = open_memstream(&msg, &msg_len)))
		abort();
	if (!cli_parse(2, argv, &o, &err))
		abort();
	if (!settings_load(config, &st, &err)) {
		occ_say_error(msgs, &err);
		memset(&st, 0, sizeof(st));
	}
	for (int i = 0; i < st.n_unknown && i < SETTINGS_MAX_WARNINGS; i++)
		occ_say_error(msgs, &st.unknown[i]);
	occ_error_clear(&err);
	if (!cli_apply_settings(&st, config, &o, &err))
		occ_say_error(msgs, &err);
	occ_error_clear(&err);
	if (!(db = gpu_db_new_builtin(&err)))
		abort();
	if (!(loaded = gpu_db_load_file(db, devices, &err)))
		occ_say_error(msgs, &err);
	if (fclose(msgs) != 0)
		abort();
	fuzz_check_clean("messages", msg, msg_len, false);
	free(msg);
	/* The settings' GPU (or the default launch's own). */
	analyse(db, &o.given);
	for (size_t i = 0; i < gpu_db_device_count(db) && analysed < FUZZ_DEVICES; i++) {
		struct param_set flags = { 0 };
		struct gpu g;

		if (!from_file(db, builtin, i, &g))
			continue;
		launch_init(&flags.values);
		flags.set = PARAM_BIT(PARAM_GPU);
		occ_error_clear(&err);
		if (!param_parse(PARAM_GPU, g.name, &flags.values, devices, 0, "gpu", &err))
			continue;
		analyse(db, &flags);
		analysed++;
	}
	if (loaded)
		list(db);
	gpu_db_free(db);
	return 0;
}
