/* cli.c - the command line: options parsed into a launch and program settings. */
#include "config.h"

#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "strutil.h"

enum {
	OPT_GPU = 256, OPT_GRID, OPT_BLOCK, OPT_REGISTERS, OPT_SMEM, OPT_DYN_SMEM, OPT_CARVEOUT,
	OPT_BARRIERS, OPT_KERNEL, OPT_GPU_DB, OPT_LIST_GPUS, OPT_PRINT, OPT_FORMAT, OPT_WIDTH,
	OPT_ASCII, OPT_NO_COLOR, OPT_HELP, OPT_VERSION, OPT_LOAD, OPT_NO_MOUSE, OPT_SLOW_BLOCKS,
	OPT_DURATION_CV, OPT_SEED, OPT_WAVE_SIZE, OPT_VGPRS, OPT_AGPRS, OPT_SGPRS,
};

static const struct option long_options[] = {
	{ "gpu", required_argument, NULL, OPT_GPU },
	{ "grid", required_argument, NULL, OPT_GRID },
	{ "block-size", required_argument, NULL, OPT_BLOCK },
	{ "registers", required_argument, NULL, OPT_REGISTERS },
	{ "wave-size", required_argument, NULL, OPT_WAVE_SIZE },
	{ "vgprs", required_argument, NULL, OPT_VGPRS },
	{ "agprs", required_argument, NULL, OPT_AGPRS },
	{ "sgprs", required_argument, NULL, OPT_SGPRS },
	{ "shared-mem", required_argument, NULL, OPT_SMEM },
	{ "dynamic-shared-mem", required_argument, NULL, OPT_DYN_SMEM },
	{ "carveout", required_argument, NULL, OPT_CARVEOUT },
	{ "barriers", required_argument, NULL, OPT_BARRIERS },
	{ "kernel", required_argument, NULL, OPT_KERNEL },
	{ "gpu-db", required_argument, NULL, OPT_GPU_DB },
	{ "list-gpus", no_argument, NULL, OPT_LIST_GPUS },
	{ "print", no_argument, NULL, OPT_PRINT },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "width", required_argument, NULL, OPT_WIDTH },
	{ "ascii", no_argument, NULL, OPT_ASCII },
	{ "no-color", no_argument, NULL, OPT_NO_COLOR },
	{ "load", required_argument, NULL, OPT_LOAD },
	{ "no-mouse", no_argument, NULL, OPT_NO_MOUSE },
	{ "slow-blocks", required_argument, NULL, OPT_SLOW_BLOCKS },
	{ "duration-cv", required_argument, NULL, OPT_DURATION_CV },
	{ "seed", required_argument, NULL, OPT_SEED },
	{ "help", no_argument, NULL, OPT_HELP },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ NULL, 0, NULL, 0 },
};

void cli_usage(FILE *out)
{
	fputs("Usage: occview [OPTION]... [FILE]...\n"
	      "Explore GPU kernel occupancy: why a launch reaches the occupancy it does and what\n"
	      "would change it. FILE is a launch file or a launch list (CSV), told apart by\n"
	      "content; with none, the embedded default launch is shown.\n"
	      "\n"
	      "Launch:\n"
	      "  --gpu NAME                 device name, alias, sm_XX, X.Y or gfxNNN (default H100 SXM)\n"
	      "  --grid N|XxYxZ             blocks (AMD: workgroups) in the grid\n"
	      "  --block-size N|XxYxZ       threads per block (AMD: work-items per workgroup)\n"
	      "  --registers N              registers per thread (AMD: VGPRs per work-item)\n"
	      "  --shared-mem SIZE          static shared memory (AMD: LDS) per block\n"
	      "  --dynamic-shared-mem SIZE  dynamic shared memory (AMD: LDS) per block\n"
	      "                             (SIZE: bytes, or with K/KB/KiB or M/MB/MiB, all 1024-based)\n"
	      "  --carveout PCT|default     shared-memory carveout preference, 0-100 (NVIDIA)\n"
	      "  --barriers N               block barriers per block (default 1; NVIDIA)\n"
	      "  --kernel NAME              name shown for the launch\n"
	      "\n"
	      "AMD launch (usage errors for an NVIDIA GPU):\n"
	      "  --wave-size 32|64          wavefront size (default: the target's, e.g. 64 on\n"
	      "                             CDNA, 32 on RDNA)\n"
	      "  --vgprs N                  arch VGPRs per work-item (the same as --registers)\n"
	      "  --agprs N                  accumulation VGPRs per work-item (CDNA; default 0)\n"
	      "  --sgprs N                  SGPRs per wave, as the compiler reports them\n"
	      "                             (default 0: not counted)\n"
	      "\n"
	      "Explorer:\n"
	      "  --load FILE                open a launch file (one saved with s) first\n"
	      "  --no-mouse                 ignore the mouse (everything works from the keyboard)\n"
	      "  --slow-blocks PCT:FACTOR   simulate PCT% of blocks running FACTOR times longer\n"
	      "  --duration-cv CV           simulate block durations varying with this coefficient\n"
	      "                             of variation (lognormal, mean 1)\n"
	      "  --seed N                   seed of the simulated durations (default 0)\n"
	      "\n"
	      "Data and output:\n"
	      "  --gpu-db FILE              add or override GPU database rows (archs or devices CSV)\n"
	      "  --list-gpus                print the GPU database and exit\n"
	      "  --print                    write the analysis as text instead of opening the explorer\n"
	      "  --format text|json|csv     output format (implies --print)\n"
	      "  --width N                  text width for --print (default 80, at least 40)\n"
	      "  --ascii                    ASCII glyphs only\n"
	      "  --no-color                 no colours (also when NO_COLOR is set)\n"
	      "  --help                     show this help and exit\n"
	      "  --version                  show the version and exit\n"
	      "\n"
	      "Exit status: 0 success, 64 usage error, 65 bad data, 66 cannot open input.\n"
	      "See occview(1) and occview-formats(5).\n", out);
}

static bool set_size(const char *arg, const char *what, int64_t *out, struct occ_error *err)
{
	return launch_parse_size(arg, out, NULL, 0, what, err);
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

static bool handle(int opt, const char *arg, struct cli_options *o, struct occ_error *err)
{
	struct launch *l = &o->launch;
	int64_t v, dims[3];

	switch (opt) {
	case OPT_GPU:
		o->set |= CLI_GPU;
		if (!arg[0]) {
			occ_error_set(err, OCC_EUSAGE, NULL, 0, "--gpu", "empty GPU name");
			return false;
		}
		if (!str_copy(l->gpu_name, sizeof(l->gpu_name), arg)) {
			occ_error_set(err, OCC_EUSAGE, NULL, 0, "--gpu", "name too long");
			return false;
		}
		return true;
	case OPT_GRID:
		o->set |= CLI_GRID;
		if (!launch_parse_dim3(arg, INT32_MAX, dims, NULL, 0, "--grid", err))
			return false;
		memcpy(l->grid, dims, sizeof(dims));
		return true;
	case OPT_BLOCK:
		o->set |= CLI_BLOCK;
		if (!launch_parse_dim3(arg, 1 << 16, dims, NULL, 0, "--block-size", err))
			return false;
		for (int i = 0; i < 3; i++)
			l->block[i] = (int)dims[i];
		return true;
	case OPT_REGISTERS:
		o->set |= CLI_REGISTERS;
		if (!launch_parse_int(arg, 0, 1 << 16, &v, NULL, 0, "--registers", err))
			return false;
		l->regs_per_thread = (int)v;
		return true;
	case OPT_VGPRS:
		o->set |= CLI_REGISTERS | CLI_VGPRS;
		if (!launch_parse_int(arg, 0, 1 << 16, &v, NULL, 0, "--vgprs", err))
			return false;
		l->regs_per_thread = (int)v;
		return true;
	case OPT_WAVE_SIZE:
		o->set |= CLI_WAVE_SIZE;
		if (!launch_parse_int(arg, 1, 1 << 16, &v, NULL, 0, "--wave-size", err))
			return false;
		if (v != 32 && v != 64) {
			occ_error_set(err, OCC_EUSAGE, NULL, 0, "--wave-size",
				      "a wave size is 32 or 64, got %lld", (long long)v);
			return false;
		}
		l->wave_size = (int)v;
		return true;
	case OPT_AGPRS:
		o->set |= CLI_AGPRS;
		if (!launch_parse_int(arg, 0, 1 << 16, &v, NULL, 0, "--agprs", err))
			return false;
		l->agprs = (int)v;
		return true;
	case OPT_SGPRS:
		o->set |= CLI_SGPRS;
		if (!launch_parse_int(arg, 0, 1 << 16, &v, NULL, 0, "--sgprs", err))
			return false;
		l->sgprs = (int)v;
		return true;
	case OPT_SMEM:
		o->set |= CLI_STATIC_SMEM;
		return set_size(arg, "--shared-mem", &l->static_smem_bytes, err);
	case OPT_DYN_SMEM:
		o->set |= CLI_DYNAMIC_SMEM;
		return set_size(arg, "--dynamic-shared-mem", &l->dynamic_smem_bytes, err);
	case OPT_CARVEOUT:
		o->set |= CLI_CARVEOUT;
		return launch_parse_carveout(arg, &l->carveout_pct, NULL, 0, "--carveout", err);
	case OPT_BARRIERS:
		o->set |= CLI_BARRIERS;
		if (!launch_parse_int(arg, 0, 16, &v, NULL, 0, "--barriers", err))
			return false;
		l->barriers = (int)v;
		return true;
	case OPT_KERNEL:
		o->set |= CLI_KERNEL;
		str_copy(l->kernel, sizeof(l->kernel), arg);
		return true;
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
		else if (strcmp(arg, "csv") == 0)
			o->format = CLI_FORMAT_CSV;
		else {
			char shown[64];
			str_sanitize(arg, shown, sizeof(shown));
			occ_error_set(err, OCC_EUSAGE, NULL, 0, "--format",
				      "expected text, json or csv, got \"%s\"", shown);
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
	case OPT_DURATION_CV:
		o->model.model = SIM_CV;
		return parse_double(arg, 0, 10, &o->model.cv, "--duration-cv", err);
	case OPT_SEED:
		if (!launch_parse_int(arg, 0, INT64_MAX, &v, NULL, 0, "--seed", err))
			return false;
		o->model.seed = (uint64_t)v;
		return true;
	case OPT_NO_MOUSE: o->no_mouse = true; return true;
	case OPT_LIST_GPUS: o->list_gpus = true; return true;
	case OPT_PRINT: o->print = true; return true;
	case OPT_ASCII: o->ascii = true; return true;
	case OPT_NO_COLOR: o->no_color = true; return true;
	case OPT_HELP: o->help = true; return true;
	case OPT_VERSION: o->version = true; return true;
	}
	return false;
}

bool cli_parse(int argc, char **argv, struct cli_options *o, struct occ_error *err)
{
	int opt;

	memset(o, 0, sizeof(*o));
	launch_init(&o->launch);
	o->width = 80;
	opterr = 0;
	optind = 1;
	while ((opt = getopt_long(argc, argv, "", long_options, NULL)) != -1) {
		if (opt == '?') {
			char shown[128];
			str_sanitize(argv[optind - 1], shown, sizeof(shown));
			occ_error_set(err, OCC_EUSAGE, NULL, 0, NULL, "%s option \"%s\" (try --help)",
				      optopt ? "missing value for" : "unknown", shown);
			return false;
		}
		if (!handle(opt, optarg, o, err))
			return false;
	}
	if (o->format == CLI_FORMAT_NONE)
		o->format = CLI_FORMAT_TEXT;
	o->files = argv + optind;
	o->n_files = argc - optind;
	return true;
}

void cli_apply(const struct cli_options *o, struct launch *l)
{
	const struct launch *f = &o->launch;

	if (o->set & CLI_KERNEL)
		memcpy(l->kernel, f->kernel, sizeof(l->kernel));
	if (o->set & CLI_GPU)
		memcpy(l->gpu_name, f->gpu_name, sizeof(l->gpu_name));
	if (o->set & CLI_GRID)
		memcpy(l->grid, f->grid, sizeof(l->grid));
	if (o->set & CLI_BLOCK)
		memcpy(l->block, f->block, sizeof(l->block));
	if (o->set & CLI_REGISTERS)
		l->regs_per_thread = f->regs_per_thread;
	if (o->set & CLI_STATIC_SMEM)
		l->static_smem_bytes = f->static_smem_bytes;
	if (o->set & CLI_DYNAMIC_SMEM)
		l->dynamic_smem_bytes = f->dynamic_smem_bytes;
	if (o->set & CLI_CARVEOUT)
		l->carveout_pct = f->carveout_pct;
	if (o->set & CLI_BARRIERS)
		l->barriers = f->barriers;
	if (o->set & CLI_WAVE_SIZE)
		l->wave_size = f->wave_size;
	if (o->set & CLI_AGPRS)
		l->agprs = f->agprs;
	if (o->set & CLI_SGPRS)
		l->sgprs = f->sgprs;
}

bool cli_check_gpu(const struct cli_options *o, const struct gpu *gpu, struct occ_error *err)
{
	static const struct {
		unsigned field;
		enum gpu_vendor only;   /* the vendor whose launches have it */
		const char *flag, *why;
	} vendor_flags[] = {
		{ CLI_WAVE_SIZE, GPU_AMD, "--wave-size", "NVIDIA's warp size is always 32" },
		{ CLI_VGPRS, GPU_AMD, "--vgprs", "it has registers per thread (--registers)" },
		{ CLI_AGPRS, GPU_AMD, "--agprs", "it has no accumulation registers" },
		{ CLI_SGPRS, GPU_AMD, "--sgprs", "it has no scalar registers per wave" },
		{ CLI_BARRIERS, GPU_NVIDIA, "--barriers", "barriers do not limit occupancy there" },
		{ CLI_CARVEOUT, GPU_NVIDIA, "--carveout", "its LDS size is fixed (no carveout)" },
	};
	const enum gpu_vendor v = gpu->arch.vendor;

	for (size_t i = 0; i < sizeof(vendor_flags) / sizeof(vendor_flags[0]); i++) {
		if (!(o->set & vendor_flags[i].field) || vendor_flags[i].only == v)
			continue;
		occ_error_set(err, OCC_EUSAGE, NULL, 0, vendor_flags[i].flag,
			      "%s is an %s GPU: %s", gpu->name, v == GPU_AMD ? "AMD" : "NVIDIA",
			      vendor_flags[i].why);
		return false;
	}
	return true;
}
