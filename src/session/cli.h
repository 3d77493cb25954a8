/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* cli.h - the command line: options parsed into a launch and program settings. */
#ifndef OCC_CLI_H
#define OCC_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "error.h"
#include "launch.h"
#include "params.h"
#include "settings.h"
#include "sim.h"

enum cli_format { CLI_FORMAT_NONE, CLI_FORMAT_TEXT, CLI_FORMAT_JSON, CLI_FORMAT_JSONL, CLI_FORMAT_CSV,
		  CLI_FORMAT_SARIF };

#define CLI_MAX_GPU_DB 8
#define CLI_MAX_RECORDS 64

struct cli_options {
	struct param_set given;  /* the launch flags: which (PARAM_BIT) and their values */
	const char *gpu_db[CLI_MAX_GPU_DB];
	int n_gpu_db;
	bool help, version, list_gpus, print, ascii, no_color, no_mouse;
	bool derive;             /* --derive: every limit's derivation (text and JSON) */
	bool findings_text;      /* --findings-text: JSON Lines' findings with their text */
	const char *load;        /* --load FILE: read before the other files */
	const char *theme;       /* the settings' theme; NULL: the default */
	bool compare;            /* --compare I,J: records I and J side by side */
	int64_t compare_ids[2];
	/* --record ID[,ID...]: the panes of these records only (the browser's ids) */
	int64_t record_ids[CLI_MAX_RECORDS];
	int n_record_ids;
	bool details;            /* --details: the panes of every record, not the summary */
	struct sim_params model; /* block durations for the per-SM prediction */
	bool timeline;           /* --timeline: --print adds the timeline pane */
	bool diff;               /* --diff OLD NEW: the regression gate */
	unsigned fail_on;        /* --fail-on: enum diff_fail bits (default occupancy) */
	enum cli_format format;
	int width;
	char **files;
	int n_files;
};

/* Every long option as shell completion sees it (tools/gen_completion writes
 * the bash and zsh completions from these at build time, so that they cannot
 * drift from the options): its name without the dashes, whether it takes a
 * value and of what kind, the fixed words it takes (space-separated) and a
 * few words on what it does. */
enum cli_arg { CLI_ARG_NONE, CLI_ARG_OTHER, CLI_ARG_WORDS, CLI_ARG_GPU, CLI_ARG_FILE };

struct cli_flag {
	const char *name;
	enum cli_arg arg;
	const char *words;   /* CLI_ARG_WORDS */
	const char *help;
	char short_name;     /* its letter (-h), or 0 */
};

size_t cli_flag_count(void);
/* False when option i has no completion entry (the generator stops). */
bool cli_flag_at(size_t i, struct cli_flag *f);

/* Parses argv. False (err set, status OCC_EUSAGE) on a bad option or value. */
bool cli_parse(int argc, char **argv, struct cli_options *o, struct occ_error *err);
void cli_usage(FILE *out);
/* --version: the version, the copyright line and the licence. */
void cli_version(FILE *out);
/* The settings file under the flags (path names it in messages): color = no
 * as -C, the theme, and the GPU of the embedded default launch where no
 * --gpu, FILE or --load gives one. False (err set) on a bad GPU value. */
bool cli_apply_settings(const struct occ_settings *st, const char *path, struct cli_options *o,
			struct occ_error *err);

#endif
