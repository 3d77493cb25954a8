/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* cli.c - the command line: options parsed into a launch and program settings. */
#include "config.h"

#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "strutil.h"

/* Launch parameters are options OPT_PARAM + enum launch_param, named by
 * params.h, and OPT_AMD_PARAM + enum launch_param by their AMD spelling
 * (--vgprs); the rest follow. */
enum {
	OPT_PARAM = 256,
	OPT_AMD_PARAM = OPT_PARAM + PARAM_N,
	OPT_GPU_DB = OPT_AMD_PARAM + PARAM_N, OPT_LIST_GPUS, OPT_PRINT, OPT_FORMAT,
	OPT_WIDTH, OPT_ASCII, OPT_NO_COLOR, OPT_HELP, OPT_VERSION, OPT_LOAD, OPT_NO_MOUSE,
	OPT_SLOW_BLOCKS, OPT_DURATION_CV, OPT_SEED, OPT_COMPARE, OPT_DERIVE,
	OPT_WARP_SPREAD, OPT_TAIL_KERNEL, OPT_TIMELINE, OPT_RECORD, OPT_DETAILS, OPT_DIFF,
	OPT_FAIL_ON, OPT_FINDINGS_TEXT,
};

static const struct option other_options[] = {
	{ "gpu-db", required_argument, NULL, OPT_GPU_DB },
	{ "list-gpus", no_argument, NULL, OPT_LIST_GPUS },
	{ "print", no_argument, NULL, OPT_PRINT },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "width", required_argument, NULL, OPT_WIDTH },
	{ "ascii", no_argument, NULL, OPT_ASCII },
	{ "no-color", no_argument, NULL, OPT_NO_COLOR },
	{ "no-colour", no_argument, NULL, OPT_NO_COLOR },
	{ "no-unicode", no_argument, NULL, OPT_ASCII },
	{ "load", required_argument, NULL, OPT_LOAD },
	{ "no-mouse", no_argument, NULL, OPT_NO_MOUSE },
	{ "slow-blocks", required_argument, NULL, OPT_SLOW_BLOCKS },
	{ "duration-cv", required_argument, NULL, OPT_DURATION_CV },
	{ "seed", required_argument, NULL, OPT_SEED },
	{ "compare", required_argument, NULL, OPT_COMPARE },
	{ "derive", no_argument, NULL, OPT_DERIVE },
	{ "findings-text", no_argument, NULL, OPT_FINDINGS_TEXT },
	{ "warp-spread", required_argument, NULL, OPT_WARP_SPREAD },
	{ "tail-kernel", required_argument, NULL, OPT_TAIL_KERNEL },
	{ "timeline", no_argument, NULL, OPT_TIMELINE },
	{ "record", required_argument, NULL, OPT_RECORD },
	{ "details", no_argument, NULL, OPT_DETAILS },
	{ "diff", no_argument, NULL, OPT_DIFF },
	{ "fail-on", required_argument, NULL, OPT_FAIL_ON },
	{ "help", no_argument, NULL, OPT_HELP },
	{ "version", no_argument, NULL, OPT_VERSION },
};

enum { N_OTHER = sizeof(other_options) / sizeof(other_options[0]) };

/* What completion says of each long option; each name of the getopt table
 * needs its line (cli_flag_at). */
static const struct cli_flag flag_help[] = {
	{ "gpu", CLI_ARG_GPU, NULL, "device name, alias, sm_XX, X.Y or gfxNNN (A,B,...: several)", 0 },
	{ "grid", CLI_ARG_OTHER, NULL, "blocks (workgroups) in the grid, N or XxYxZ", 0 },
	{ "block-size", CLI_ARG_OTHER, NULL, "threads per block, N or XxYxZ", 0 },
	{ "registers", CLI_ARG_OTHER, NULL, "registers per thread (AMD: VGPRs)", 0 },
	{ "shared-mem", CLI_ARG_OTHER, NULL, "static shared memory (AMD: LDS) per block", 0 },
	{ "dynamic-shared-mem", CLI_ARG_OTHER, NULL, "dynamic shared memory per block", 0 },
	{ "carveout", CLI_ARG_WORDS, "default 0 25 50 75 100", "shared-memory carveout preference", 0 },
	{ "cache-config", CLI_ARG_WORDS, "none shared l1 equal", "L1/shared preference (Fermi, Kepler)", 0 },
	{ "barriers", CLI_ARG_OTHER, NULL, "block barriers per block", 0 },
	{ "cluster-size", CLI_ARG_OTHER, NULL, "blocks per thread-block cluster", 0 },
	{ "sms", CLI_ARG_OTHER, NULL, "units the launch may use (a partition)", 0 },
	{ "kernel", CLI_ARG_OTHER, NULL, "name of the launch, or the report's kernels to show", 0 },
	{ "wave-size", CLI_ARG_WORDS, "32 64", "AMD wavefront size", 0 },
	{ "vgprs", CLI_ARG_OTHER, NULL, "AMD arch VGPRs per work-item", 0 },
	{ "agprs", CLI_ARG_OTHER, NULL, "AMD accumulation VGPRs per work-item", 0 },
	{ "sgprs", CLI_ARG_OTHER, NULL, "AMD SGPRs per wave", 0 },
	{ "xcds", CLI_ARG_OTHER, NULL, "AMD XCDs of the device's compute partition", 0 },
	{ "gpu-db", CLI_ARG_FILE, NULL, "add or override GPU database rows", 0 },
	{ "list-gpus", CLI_ARG_NONE, NULL, "print the GPU database and exit", 0 },
	{ "print", CLI_ARG_NONE, NULL, "write the analysis as text", 0 },
	{ "format", CLI_ARG_WORDS, "text json jsonl csv sarif", "output format", 0 },
	{ "width", CLI_ARG_OTHER, NULL, "text width for --print", 0 },
	{ "ascii", CLI_ARG_NONE, NULL, "ASCII glyphs only", 'U' },
	{ "no-unicode", CLI_ARG_NONE, NULL, "ASCII glyphs only", 0 },
	{ "no-color", CLI_ARG_NONE, NULL, "no colours", 'C' },
	{ "no-colour", CLI_ARG_NONE, NULL, "no colours", 0 },
	{ "load", CLI_ARG_FILE, NULL, "open a launch file first", 0 },
	{ "no-mouse", CLI_ARG_NONE, NULL, "ignore the mouse", 'M' },
	{ "slow-blocks", CLI_ARG_OTHER, NULL, "simulate PCT:FACTOR slow blocks", 0 },
	{ "duration-cv", CLI_ARG_OTHER, NULL, "simulate block durations varying by CV", 0 },
	{ "seed", CLI_ARG_OTHER, NULL, "seed of the simulated durations", 0 },
	{ "compare", CLI_ARG_OTHER, NULL, "print records I,J side by side", 0 },
	{ "record", CLI_ARG_OTHER, NULL, "only the records ID[,ID...]", 0 },
	{ "diff", CLI_ARG_NONE, NULL, "the regression gate: OLD NEW, binaries, logs or reports", 0 },
	{ "fail-on", CLI_ARG_WORDS, "occupancy blocks spills registers", "what fails --diff", 0 },
	{ "details", CLI_ARG_NONE, NULL, "the panes of every record, not the summary", 0 },
	{ "derive", CLI_ARG_NONE, NULL, "derive every limit step by step", 0 },
	{ "findings-text", CLI_ARG_NONE, NULL, "JSON Lines: each finding's text too", 0 },
	{ "warp-spread", CLI_ARG_OTHER, NULL, "simulate warps ending spread over PCT%", 0 },
	{ "tail-kernel", CLI_ARG_OTHER, NULL, "simulate a second kernel N:WARPS:DUR in the tail", 0 },
	{ "timeline", CLI_ARG_NONE, NULL, "add the timeline pane to --print", 0 },
	{ "help", CLI_ARG_NONE, NULL, "show the help and exit", 'h' },
	{ "version", CLI_ARG_NONE, NULL, "show the version and exit", 'V' },
};

static void long_options(struct option out[2 * PARAM_N + N_OTHER + 1]);

size_t cli_flag_count(void)
{
	struct option opts[2 * PARAM_N + N_OTHER + 1];
	size_t n = 0;

	long_options(opts);
	while (opts[n].name)
		n++;
	return n;
}

bool cli_flag_at(size_t i, struct cli_flag *f)
{
	struct option opts[2 * PARAM_N + N_OTHER + 1];
	const char *name;
	bool value;

	long_options(opts);
	if (i >= cli_flag_count()) {
		f->name = "";
		return false;
	}
	name = opts[i].name;
	value = opts[i].has_arg == required_argument;
	for (size_t k = 0; k < sizeof(flag_help) / sizeof(flag_help[0]); k++)
		if (strcmp(flag_help[k].name, name) == 0) {
			*f = flag_help[k];
			/* the table's word on a value, checked against getopt's */
			return (f->arg != CLI_ARG_NONE) == value;
		}
	f->name = name;
	return false;
}

/* getopt's table: the parameters' flags and AMD spellings from params.h,
 * then the others. */
static void long_options(struct option out[2 * PARAM_N + N_OTHER + 1])
{
	int n = 0;

	for (int p = 0; p < PARAM_N; p++)
		out[n++] = (struct option){ param_info((enum launch_param)p)->flag + 2,
					    required_argument, NULL, OPT_PARAM + p };
	for (int p = 0; p < PARAM_N; p++)
		if (param_info((enum launch_param)p)->amd_flag)
			out[n++] = (struct option){ param_info((enum launch_param)p)->amd_flag + 2,
						    required_argument, NULL, OPT_AMD_PARAM + p };
	memcpy(out + n, other_options, sizeof(other_options));
	out[n + N_OTHER] = (struct option){ NULL, 0, NULL, 0 };
}

void cli_usage(FILE *out)
{
	/* At most 79 columns a line, as --help's readers expect (GNU). */
	fputs("Usage: occview [OPTION]... [FILE]...\n"
	      "Explore GPU kernel occupancy: why a launch reaches the occupancy it does and\n"
	      "what would change it. FILE is a launch file, a launch list (CSV) or a profiler\n"
	      "report, told apart by content; with none, the embedded default launch is shown.\n"
	      "\n"
	      "Launch:\n"
	      "  --gpu NAME                 device name, alias, sm_XX, X.Y or gfxNNN (default\n"
	      "                             H100 SXM)\n"
	      "  --gpu A,B,...              --print: the launch on each GPU, side by side\n"
	      "  --grid N|XxYxZ             blocks (AMD: workgroups) in the grid\n"
	      "  --block-size N|XxYxZ       threads per block (AMD: work-items per workgroup)\n"
	      "  --registers N              registers per thread (AMD: VGPRs per work-item)\n"
	      "  --shared-mem SIZE          static shared memory (AMD: LDS) per block\n"
	      "  --dynamic-shared-mem SIZE  dynamic shared memory (AMD: LDS) per block (SIZE:\n"
	      "                             bytes, or with K/KB/KiB or M/MB/MiB, all\n"
	      "                             1024-based)\n"
	      "  --carveout PCT|default     shared-memory carveout preference, 0-100 (NVIDIA,\n"
	      "                             cc 7.0 on)\n"
	      "  --cache-config none|shared|l1|equal\n"
	      "                             L1/shared preference (Kepler; Fermi:\n"
	      "                             none|shared|l1)\n"
	      "  --barriers N               block barriers per block (default 1; NVIDIA)\n"
	      "  --cluster-size N           blocks per thread-block cluster, 1-16 (cc 9.0+;\n"
	      "                             above 8 needs non-portable cluster sizes)\n"
	      "  --sms N                    the launch uses N of the SMs (CUs): a green\n"
	      "                             context, MPS share or CU mask (default all)\n"
	      "  --kernel NAME              name shown for the launch\n"
	      "\n"
	      "AMD launch (usage errors for an NVIDIA GPU):\n"
	      "  --wave-size 32|64          wavefront size (default: the target's, e.g. 64 on\n"
	      "                             CDNA, 32 on RDNA)\n"
	      "  --vgprs N                  arch VGPRs per work-item (the same as --registers)\n"
	      "  --agprs N                  accumulation VGPRs per work-item (CDNA; default 0)\n"
	      "  --sgprs N                  SGPRs per wave, as the compiler reports them\n"
	      "                             (default 0: not counted)\n"
	      "  --xcds N                   XCDs of the device's compute partition, which SQ\n"
	      "                             counters sum over (default: the report's\n"
	      "                             sysinfo.csv, else the device's SPX mode)\n"
	      "\n"
	      "Explorer:\n"
	      "  --load FILE                open a launch file (one saved with s) first\n"
	      "  -M, --no-mouse             ignore the mouse (everything works from the\n"
	      "                             keyboard)\n"
	      "  --slow-blocks PCT:FACTOR   simulate PCT% of blocks running FACTOR times\n"
	      "                             longer\n"
	      "  --duration-cv CV           simulate block durations varying with this\n"
	      "                             coefficient of variation (lognormal, mean 1)\n"
	      "  --warp-spread PCT          simulate the warps of a block ending spread over\n"
	      "                             PCT% of its duration, their slots empty until it\n"
	      "                             retires\n"
	      "  --tail-kernel N:WARPS:DUR  simulate a second kernel of N blocks of WARPS\n"
	      "                             warps (0: the launch's) lasting DUR blocks' time\n"
	      "                             filling the tail\n"
	      "  --seed N                   seed of the simulated durations (default 0)\n"
	      "\n", out);
	/* Two strings: C99 compilers need take only 4095 characters in one. */
	fputs("Data and output:\n"
	      "  --gpu-db FILE              add or override GPU database rows (archs or\n"
	      "                             devices CSV)\n"
	      "  --list-gpus                print the GPU database and exit\n"
	      "  --print                    write the analysis as text instead of opening the\n"
	      "                             explorer\n"
	      "  --format FORMAT            text, json, jsonl (JSON Lines: a kernel a line) or\n"
	      "                             csv (implies --print); --diff: text, json or sarif\n"
	      "  --compare I,J              print records I and J (the browser's ids) side by\n"
	      "                             side with the differences (implies --print)\n"
	      "  --record ID[,ID...]        only these records (the browser's ids); as text,\n"
	      "                             their panes (implies --print)\n"
	      "  --details                  a report's panes for every record, not the summary\n"
	      "                             table --print writes for more than one (implies\n"
	      "                             --print)\n"
	      "  --diff OLD NEW             the regression gate: each kernel of two binaries,\n"
	      "                             logs or reports; exit 1 when one got worse, 2 on\n"
	      "                             an error\n"
	      "  --fail-on LIST             what fails --diff: occupancy, blocks, spills,\n"
	      "                             registers (comma-separated; default occupancy)\n"
	      "  --width N                  text width for --print (default 80, at least 40)\n"
	      "  --derive                   derive every limit step by step, not only the\n"
	      "                             limiter's (text and JSON; implies --print)\n"
	      "  --findings-text            --format jsonl: each finding's text beside its\n"
	      "                             id and parameters\n"
	      "  --timeline                 --print: add the simulation's timeline (active\n"
	      "                             warps per SM over time)\n"
	      "  -U, --ascii, --no-unicode  ASCII glyphs only\n"
	      "  -C, --no-color             no colours (also when NO_COLOR is set);\n"
	      "                             --no-colour\n"
	      "  -h, --help                 show this help and exit\n"
	      "  -V, --version              show the version, copyright and licence and exit\n"
	      "\n"
	      "FILE - reads standard input; so does no FILE with a file, or a pipe that brings\n"
	      "something within a second, on standard input.\n"
	      "Settings: $XDG_CONFIG_HOME/occview/config (gpu, theme, color); flags win.\n"
	      "\n"
	      "Exit status: 0 success, 64 usage error, 65 bad data, 66 cannot open input,\n"
	      "70 internal error, 74 output not written, 128+N ended by signal N (129 SIGHUP,\n"
	      "130 SIGINT, 143 SIGTERM). See occview(1) and occview-formats(5).\n"
	      "\n"
	      "Report bugs to: " PACKAGE_BUGREPORT "\n", out);
}

void cli_version(FILE *out)
{
	fputs("occview " PACKAGE_VERSION "\n"
	      "Copyright (c) 2026 the occview developers\n"
	      "License MIT: <https://opensource.org/licenses/MIT>.\n"
	      "This is free software: you are free to change and redistribute it.\n"
	      "There is NO WARRANTY, to the extent permitted by law.\n", out);
}

/* A decimal number in [min, max] from a flag. */
static bool parse_double(const char *text, double min, double max, double *out, const char *what,
			 struct occ_error *err)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(text, &end);
	if (end == text || *end != '\0' || errno != 0 || !(v >= min && v <= max)) {
		char shown[64];
		str_sanitize(text, shown, sizeof(shown));
		occ_error_set(err, OCC_EUSAGE, NULL, 0, what, "expected a number from %g to %g, got \"%s\"",
			      min, max, shown);
		return false;
	}
	*out = v;
	return true;
}

/* PCT:FACTOR, as in 10:4 for a tenth of the blocks four times slower. */
static bool parse_slow_blocks(const char *text, struct sim_params *m, struct occ_error *err)
{
	char pct[64], *colon;
	double share, factor;

	if (!str_copy(pct, sizeof(pct), text) || !(colon = strchr(pct, ':'))) {
		occ_error_set(err, OCC_EUSAGE, NULL, 0, "--slow-blocks", "expected PCT:FACTOR, as in 10:4");
		return false;
	}
	*colon = '\0';
	if (!parse_double(pct, 0, 100, &share, "--slow-blocks", err) ||
	    !parse_double(colon + 1, 1, 1000, &factor, "--slow-blocks", err))
		return false;
	m->model = SIM_SLOW_SHARE;
	m->slow_share = share / 100.0;
	m->slow_factor = factor;
	return true;
}

/* N:WARPS:DURATION, as in 200:4:0.5 for 200 blocks of 4 warps half as long. */
static bool parse_tail_kernel(const char *text, struct sim_params *m, struct occ_error *err)
{
	char buf[96], *c1, *c2;
	int64_t blocks, warps;

	if (!str_copy(buf, sizeof(buf), text) || !(c1 = strchr(buf, ':')) ||
	    !(c2 = strchr(c1 + 1, ':'))) {
		occ_error_set(err, OCC_EUSAGE, NULL, 0, "--tail-kernel",
			      "expected BLOCKS:WARPS:DURATION, as in 200:4:0.5");
		return false;
	}
	*c1 = *c2 = '\0';
	if (!launch_parse_int(buf, 1, SIM_MAX_BLOCKS, &blocks, NULL, 0, "--tail-kernel", err) ||
	    !launch_parse_int(c1 + 1, 0, 64, &warps, NULL, 0, "--tail-kernel", err) ||
	    !parse_double(c2 + 1, 0.001, 1000, &m->tail_duration, "--tail-kernel", err))
		return false;
	m->model = SIM_TAIL_KERNEL;
	m->tail_blocks = blocks;
	m->tail_warps_per_block = (int)warps;
	return true;
}

/* --compare I,J: two record ids. */
static bool parse_compare(const char *text, struct cli_options *o, struct occ_error *err)
{
	char first[64];
	const char *comma = strchr(text, ',');

	if (!comma || (size_t)(comma - text) >= sizeof(first)) {
		occ_error_set(err, OCC_EUSAGE, NULL, 0, "--compare",
			      "expected two record ids, as in 3,7");
		return false;
	}
	memcpy(first, text, (size_t)(comma - text));
	first[comma - text] = '\0';
	o->compare = true;
	o->print = true;
	return launch_parse_int(first, 0, INT64_MAX, &o->compare_ids[0], NULL, 0, "--compare", err) &&
	       launch_parse_int(comma + 1, 0, INT64_MAX, &o->compare_ids[1], NULL, 0, "--compare",
				err);
}

/* --record ID[,ID...]: record ids, each once or more. */
static bool parse_records(const char *text, struct cli_options *o, struct occ_error *err)
{
	const char *p = text;

	o->print = true;
	for (;;) {
		const char *comma = strchr(p, ',');
		size_t len = comma ? (size_t)(comma - p) : strlen(p);
		char one[64];

		if (o->n_record_ids == CLI_MAX_RECORDS) {
			occ_error_set(err, OCC_EUSAGE, NULL, 0, "--record", "at most %d records",
				      CLI_MAX_RECORDS);
			return false;
		}
		if (len >= sizeof(one)) {
			occ_error_set(err, OCC_EUSAGE, NULL, 0, "--record",
				      "expected record ids, as in 3 or 3,7,12");
			return false;
		}
		memcpy(one, p, len);
		one[len] = '\0';
		if (!launch_parse_int(one, 0, INT64_MAX, &o->record_ids[o->n_record_ids], NULL, 0,
				      "--record", err))
			return false;
		o->n_record_ids++;
		if (!comma)
			return true;
		p = comma + 1;
	}
}

static bool handle(int opt, const char *arg, struct cli_options *o, struct occ_error *err)
{
	struct param_set *g = &o->given;
	int64_t v;

	if (opt >= OPT_PARAM && opt < OPT_PARAM + 2 * PARAM_N) {
		bool amd = opt >= OPT_AMD_PARAM;
		enum launch_param p = (enum launch_param)(opt - (amd ? OPT_AMD_PARAM : OPT_PARAM));

		g->set |= PARAM_BIT(p);
		g->amd_spelled = amd ? g->amd_spelled | PARAM_BIT(p) : g->amd_spelled & ~PARAM_BIT(p);
		return param_parse(p, arg, &g->values, NULL, 0,
				   amd ? param_info(p)->amd_flag : param_info(p)->flag, err);
	}
	switch (opt) {
	case OPT_GPU_DB:
		if (o->n_gpu_db == CLI_MAX_GPU_DB) {
			occ_error_set(err, OCC_EUSAGE, NULL, 0, "--gpu-db", "at most %d files", CLI_MAX_GPU_DB);
			return false;
		}
		o->gpu_db[o->n_gpu_db++] = arg;
		return true;
	case OPT_FORMAT:
		o->print = true;
		if (strcmp(arg, "text") == 0)
			o->format = CLI_FORMAT_TEXT;
		else if (strcmp(arg, "json") == 0)
			o->format = CLI_FORMAT_JSON;
		else if (strcmp(arg, "jsonl") == 0)
			o->format = CLI_FORMAT_JSONL;
		else if (strcmp(arg, "csv") == 0)
			o->format = CLI_FORMAT_CSV;
		else if (strcmp(arg, "sarif") == 0)
			o->format = CLI_FORMAT_SARIF;
		else {
			char shown[64];
			str_sanitize(arg, shown, sizeof(shown));
			occ_error_set(err, OCC_EUSAGE, NULL, 0, "--format",
				      "expected text, json, jsonl, csv or sarif, got \"%s\"", shown);
			return false;
		}
		return true;
	case OPT_WIDTH:
		if (!launch_parse_int(arg, 40, 1000, &v, NULL, 0, "--width", err))
			return false;
		o->width = (int)v;
		return true;
	case OPT_LOAD:
		o->load = arg;
		return true;
	case OPT_SLOW_BLOCKS:
		return parse_slow_blocks(arg, &o->model, err);
	case OPT_COMPARE:
		return parse_compare(arg, o, err);
	case OPT_RECORD:
		return parse_records(arg, o, err);
	case OPT_DETAILS:
		o->details = o->print = true;
		return true;
	case OPT_DURATION_CV:
		o->model.model = SIM_CV;
		return parse_double(arg, 0, 10, &o->model.cv, "--duration-cv", err);
	case OPT_WARP_SPREAD:
		o->model.model = SIM_WARP_SPREAD;
		if (!parse_double(arg, 0, 100, &o->model.warp_spread, "--warp-spread", err))
			return false;
		o->model.warp_spread /= 100.0;
		return true;
	case OPT_TAIL_KERNEL:
		return parse_tail_kernel(arg, &o->model, err);
	case OPT_DIFF:
		o->diff = true;
		return true;
	case OPT_FAIL_ON: {
		const char *bad = arg;
		char shown[64];

		if (diff_fail_parse(arg, &o->fail_on, &bad))
			return true;
		str_sanitize(bad, shown, sizeof(shown));
		occ_error_set(err, OCC_EUSAGE, NULL, 0, "--fail-on",
			      "expected occupancy, blocks, spills or registers, comma-separated, "
			      "got \"%s\"", shown);
		return false;
	}
	case OPT_TIMELINE:
		o->timeline = true;
		o->print = true;
		return true;
	case OPT_SEED:
		if (!launch_parse_int(arg, 0, INT64_MAX, &v, NULL, 0, "--seed", err))
			return false;
		o->model.seed = (uint64_t)v;
		return true;
	case OPT_NO_MOUSE: o->no_mouse = true; return true;
	case OPT_LIST_GPUS: o->list_gpus = true; return true;
	case OPT_PRINT: o->print = true; return true;
	case OPT_DERIVE: o->derive = o->print = true; return true;
	case OPT_FINDINGS_TEXT: o->findings_text = true; return true;
	case OPT_ASCII: o->ascii = true; return true;
	case OPT_NO_COLOR: o->no_color = true; return true;
	case OPT_HELP: o->help = true; return true;
	case OPT_VERSION: o->version = true; return true;
	}
	return false;
}

/* The short options, each one of the long ones (htop's and GNU's letters). */
static const char short_options[] = "hVCMU";

static int short_option(int opt)
{
	switch (opt) {
	case 'h': return OPT_HELP;
	case 'V': return OPT_VERSION;
	case 'C': return OPT_NO_COLOR;
	case 'M': return OPT_NO_MOUSE;
	case 'U': return OPT_ASCII;
	}
	return opt;
}

bool cli_parse(int argc, char **argv, struct cli_options *o, struct occ_error *err)
{
	struct option options[2 * PARAM_N + N_OTHER + 1];
	int opt;

	memset(o, 0, sizeof(*o));
	launch_init(&o->given.values);
	long_options(options);
	o->width = 80;
	opterr = 0;
	optind = 1;
	while ((opt = getopt_long(argc, argv, short_options, options, NULL)) != -1) {
		if (opt == '?') {
			char shown[128], letter[3] = { '-', (char)optopt, '\0' };

			/* An unknown letter, maybe among others (-XC): getopt
			 * has not moved past the word, so name the letter. */
			str_sanitize(optopt > 0 && optopt < OPT_PARAM ? letter : argv[optind - 1],
				     shown, sizeof(shown));
			occ_error_set(err, OCC_EUSAGE, NULL, 0, NULL, "%s option \"%s\" (try --help)",
				      optopt >= OPT_PARAM ? "missing value for" : "unknown", shown);
			return false;
		}
		if (!handle(short_option(opt), optarg, o, err))
			return false;
	}
	if (o->format == CLI_FORMAT_NONE)
		o->format = CLI_FORMAT_TEXT;
	o->files = argv + optind;
	o->n_files = argc - optind;
	if (o->format == CLI_FORMAT_SARIF && !o->diff) {
		occ_error_set(err, OCC_EUSAGE, NULL, 0, "--format",
			      "sarif is --diff's format only");
		return false;
	}
	if (o->fail_on && !o->diff) {
		occ_error_set(err, OCC_EUSAGE, NULL, 0, "--fail-on", "is for --diff");
		return false;
	}
	if (o->diff) {
		if (o->format == CLI_FORMAT_CSV) {
			occ_error_set(err, OCC_EUSAGE, NULL, 0, "--format",
				      "--diff writes text, json or sarif");
			return false;
		}
		if (o->n_files != 2) {
			occ_error_set(err, OCC_EUSAGE, NULL, 0, "--diff",
				      "expected two files, OLD and NEW, got %d", o->n_files);
			return false;
		}
		if (!o->fail_on)
			o->fail_on = DIFF_FAIL_OCCUPANCY;
	}
	return true;
}

bool cli_apply_settings(const struct occ_settings *st, const char *path, struct cli_options *o,
			struct occ_error *err)
{
	if (st->color == SETTINGS_COLOR_NO)
		o->no_color = true;
	if (st->theme[0])
		o->theme = st->theme;
	if (!st->gpu[0] || (o->given.set & PARAM_BIT(PARAM_GPU)) || o->n_files > 0 || o->load)
		return true;
	o->given.set |= PARAM_BIT(PARAM_GPU);
	return param_parse(PARAM_GPU, st->gpu, &o->given.values, path, 0, "gpu", err);
}
