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

enum cli_format { CLI_FORMAT_NONE, CLI_FORMAT_TEXT, CLI_FORMAT_JSON, CLI_FORMAT_CSV };

#define CLI_MAX_GPU_DB 8

struct cli_options {
	struct param_set given;  /* the launch flags: which (PARAM_BIT) and their values */
	const char *gpu_db[CLI_MAX_GPU_DB];
	int n_gpu_db;
	bool help, version, list_gpus, print, ascii, no_color, no_mouse;
	bool derive;             /* --derive: every limit's derivation (text and JSON) */
	const char *load;        /* --load FILE: read before the other files */
	const char *theme;       /* the settings' theme; NULL: the default */
	bool compare;            /* --compare I,J: records I and J side by side */
	int64_t compare_ids[2];
	struct sim_params model; /* block durations for the per-SM prediction */
	bool timeline;           /* --timeline: --print adds the timeline pane */
	enum cli_format format;
	int width;
	char **files;
	int n_files;
};

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
