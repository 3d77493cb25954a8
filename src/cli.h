/* cli.h - the command line: options parsed into a launch and program settings. */
#ifndef OCC_CLI_H
#define OCC_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "error.h"
#include "launch.h"
#include "sim.h"

enum cli_format { CLI_FORMAT_NONE, CLI_FORMAT_TEXT, CLI_FORMAT_JSON, CLI_FORMAT_CSV };

/* Launch fields a flag set; they override the same fields read from files. */
enum cli_field {
	CLI_KERNEL = 1u << 0, CLI_GPU = 1u << 1, CLI_GRID = 1u << 2, CLI_BLOCK = 1u << 3,
	CLI_REGISTERS = 1u << 4, CLI_STATIC_SMEM = 1u << 5, CLI_DYNAMIC_SMEM = 1u << 6,
	CLI_CARVEOUT = 1u << 7, CLI_BARRIERS = 1u << 8, CLI_WAVE_SIZE = 1u << 9,
	CLI_AGPRS = 1u << 10, CLI_SGPRS = 1u << 11,
	CLI_VGPRS = 1u << 12,    /* --vgprs: sets CLI_REGISTERS too; kept to name the flag */
};

#define CLI_MAX_GPU_DB 8

struct cli_options {
	struct launch launch;    /* the embedded default with the flags applied */
	unsigned set;            /* enum cli_field bits */
	const char *gpu_db[CLI_MAX_GPU_DB];
	int n_gpu_db;
	bool help, version, list_gpus, print, ascii, no_color, no_mouse;
	const char *load;        /* --load FILE: read before the other files */
	struct sim_params model; /* block durations for the per-SM prediction */
	enum cli_format format;
	int width;
	char **files;
	int n_files;
};

/* Parses argv. False (err set, status OCC_EUSAGE) on a bad option or value. */
bool cli_parse(int argc, char **argv, struct cli_options *o, struct occ_error *err);
/* Copies the fields the flags set onto l. */
void cli_apply(const struct cli_options *o, struct launch *l);
/* Flags that only one vendor's GPUs have are a usage error (err names the
 * flag) for the other's: --wave-size, --vgprs, --agprs and --sgprs for an
 * NVIDIA GPU, --barriers and --carveout for an AMD GPU. To be asked for every
 * launch once its GPU is known, since a file's launches may name other GPUs. */
bool cli_check_gpu(const struct cli_options *o, const struct gpu *gpu, struct occ_error *err);
void cli_usage(FILE *out);

#endif
