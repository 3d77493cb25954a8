/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* import_codexl.c - the kernel occupancy files of AMD's CodeXL GPU profiler
 * and its successor, the Radeon Compute Profiler (rcprof --occupancy):
 * the .occupancy table ("# ProfilerVersion=..." lines, then one header row
 * and one row per kernel dispatch, fields split by the list separator) and
 * the "occupancy display" file (one NAME=VALUE per line, one kernel) that
 * rcprof --occupancydisplay reads. Both hold the launch (work-group and
 * global size, VGPRs, SGPRs, LDS, wavefront size, device) and what the
 * profiler computed from it (waves per CU limited by each factor, the
 * occupancy): those are kept as its figures (REPORT_BY_CODEXL) for the
 * cross-check. occview-formats(5) cites the writer's code. */
#include "config.h"

#include "import.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "amd.h"
#include "strutil.h"

#define OCC_MAGIC "# ProfilerVersion="
#define MAX_COLUMNS 64
#define VALUE_MAX 512

enum column {
	C_THREAD, C_CALL, C_KERNEL, C_DEVICE, C_CUS, C_MAX_WAVES, C_MAX_WGS, C_MAX_VGPRS, C_MAX_SGPRS,
	C_MAX_LDS, C_VGPRS, C_SGPRS, C_LDS, C_WAVE_SIZE, C_WG_SIZE, C_WAVES_PER_WG, C_MAX_WG_SIZE,
	C_MAX_WAVES_PER_WG, C_GLOBAL, C_MAX_GLOBAL, C_VGPR_WAVES, C_SGPR_WAVES, C_LDS_WAVES,
	C_WG_WAVES, C_OCCUPANCY, C_GFXIP, C_SIMDS, C_N
};

/* Each value's names: the .occupancy column (ProfilerOutputFileDefs.h
 * OCCUPANCY_COLUMN_NAME_*; CodeXL 2.x wrote "Nbr of WG limited waves"),
 * the display file's key (OccupancyUtils::GetOccupancyParamsFromFile), and
 * whether the launch is made of it (import.h: such a value rejects). */
static const struct {
	const char *column, *column_old, *key;
	bool launch;
} columns[C_N] = {
	[C_THREAD] = { "Thread ID", NULL, "ThreadID", false },
	[C_CALL] = { NULL, NULL, "CallIndex", false },        /* display files only */
	[C_KERNEL] = { "Kernel Name", NULL, "KernelName", true },
	[C_DEVICE] = { "Device Name", NULL, "DeviceName", true },
	[C_CUS] = { "Number of compute units", NULL, "ComputeUnits", false },
	[C_MAX_WAVES] = { "Max. number of wavefronts per CU", NULL, "MaxWavesPerComputeUnit", false },
	[C_MAX_WGS] = { "Max. number of work-group per CU", NULL, "MaxWorkGroupPerComputeUnit",
			false },
	[C_MAX_VGPRS] = { "Max. number of VGPR", NULL, "MaxVGPRs", false },
	[C_MAX_SGPRS] = { "Max. number of SGPR", NULL, "MaxSGPRs", false },
	[C_MAX_LDS] = { "Max. amount of LDS", NULL, "MaxLDS", false },
	[C_VGPRS] = { "Number of VGPR used", NULL, "UsedVGPRs", true },
	[C_SGPRS] = { "Number of SGPR used", NULL, "UsedSGPRs", true },
	[C_LDS] = { "Amount of LDS used", NULL, "UsedLDS", true },
	[C_WAVE_SIZE] = { "Size of wavefront", NULL, "WavefrontSize", true },
	[C_WG_SIZE] = { "Work-group size", NULL, "WorkGroupSize", true },
	[C_WAVES_PER_WG] = { "Wavefronts per work-group", NULL, "WavesPerWorkGroup", false },
	[C_MAX_WG_SIZE] = { "Max work-group size", NULL, "MaxWorkGroupSize", false },
	[C_MAX_WAVES_PER_WG] = { "Max wavefronts per work-group", NULL, "MaxWavesPerWorkGroup",
				 false },
	[C_GLOBAL] = { "Global work size", NULL, "GlobalWorkSize", true },
	[C_MAX_GLOBAL] = { "Maximum global work size", NULL, "MaxGlobalWorkSize", false },
	[C_VGPR_WAVES] = { "Nbr VGPR-limited waves", NULL, "WavesLimitedByVGPR", false },
	[C_SGPR_WAVES] = { "Nbr SGPR-limited waves", NULL, "WavesLimitedBySGPR", false },
	[C_LDS_WAVES] = { "Nbr LDS-limited waves", NULL, "WavesLimitedByLDS", false },
	[C_WG_WAVES] = { "Nbr of WG-limited waves", "Nbr of WG limited waves",
			 "WavesLimitedByWorkgroup", false },
	[C_OCCUPANCY] = { "Kernel occupancy", NULL, "Occupancy", false },
	[C_GFXIP] = { "Graphics IP Version", NULL, "DeviceGfxIpVer", false },
	[C_SIMDS] = { "Number of SIMDs per CU", NULL, "SimdsPerCU", false },
};

/* One kernel's values as read: text (not terminated) and its line. */
struct values {
	bool display;              /* a display file's: named by its keys */
	const char *text[C_N];
	size_t len[C_N];
	long line[C_N];
};

/* The next line of text from *pos: [*b, *e) without its end, CR dropped. */
static bool next_line(const char *text, size_t len, size_t *pos, const char **b,
		      const char **e)
{
	const char *nl;

	if (*pos >= len)
		return false;
	*b = text + *pos;
	nl = memchr(*b, '\n', len - *pos);
	*e = nl ? nl : text + len;
	*pos = nl ? (size_t)(nl - text) + 1 : len;
	if (*e > *b && (*e)[-1] == '\r')
		(*e)--;
	return true;
}

static void trim(const char **b, const char **e)
{
	while (*b < *e && isspace((unsigned char)**b))
		(*b)++;
	while (*e > *b && isspace((unsigned char)(*e)[-1]))
		(*e)--;
}

static bool same(const char *b, const char *e, const char *name)
{
	return name && (size_t)(e - b) == strlen(name) && memcmp(b, name, (size_t)(e - b)) == 0;
}

static bool starts(const char *b, const char *e, const char *s)
{
	return (size_t)(e - b) >= strlen(s) && memcmp(b, s, strlen(s)) == 0;
}

/* ---- the record ------------------------------------------------------- */

/* A value's name as its file gives it, for messages. */
static const char *name_of(const struct values *v, enum column c)
{
	return v->display ? columns[c].key : columns[c].column;
}

static const char *text_of(const struct values *v, enum column c, char *buf)
{
	size_t n = v->len[c] < VALUE_MAX - 1 ? v->len[c] : VALUE_MAX - 1;

	memcpy(buf, v->text[c], n);
	buf[n] = '\0';
	return buf;
}

/* A launch value: a whole number of 0 or more, else the record is refused. */
static bool launch_int(const struct values *v, enum column c, const char *file,
		       struct report_int *out, struct occ_error *err)
{
	char buf[VALUE_MAX];

	if (!import_int(text_of(v, c, buf), out) || !out->present || out->value < 0) {
		occ_error_set(err, OCC_EDATA, file, v->line[c], name_of(v, c),
			      "\"%s\" is not a whole number of 0 or more", buf);
		return false;
	}
	return true;
}

static struct report_int info_int(struct report *r, const struct values *v, enum column c,
				  const char *file)
{
	char buf[VALUE_MAX];

	if (!v->text[c])
		return (struct report_int){ 0 };
	return import_info_int(r, text_of(v, c, buf), file, v->line[c], name_of(v, c));
}

/* "gfx803": a device name that is a gfx target (ROCm's OpenCL names
 * devices so) says the target too. */
static bool is_target(const char *s)
{
	if (strncmp(s, "gfx", 3) != 0 || !s[3])
		return false;
	for (s += 3; *s; s++)
		if (!isxdigit((unsigned char)*s))
			return false;
	return true;
}

/* One record from one kernel's values, every one read before it is added. */
static bool take(const struct values *v, long line, struct report *r, const char *file,
		 struct occ_error *err)
{
	static const enum column limits[REPORT_AMD_N_LIMITS] = {
		[REPORT_AMD_VGPR] = C_VGPR_WAVES, [REPORT_AMD_SGPR] = C_SGPR_WAVES,
		[REPORT_AMD_LDS] = C_LDS_WAVES, [REPORT_AMD_WORKGROUP] = C_WG_WAVES,
	};
	struct report_int wg, global, wave;
	struct report_record k, *rec;
	const char *chip;
	char name[VALUE_MAX], device[VALUE_MAX], buf[VALUE_MAX];

	report_record_init(&k, line);
	text_of(v, C_KERNEL, name);
	text_of(v, C_DEVICE, device);
	if (!name[0]) {
		occ_error_set(err, OCC_EDATA, file, v->line[C_KERNEL], name_of(v, C_KERNEL),
			      "a kernel without a name");
		return false;
	}
	if (!launch_int(v, C_WG_SIZE, file, &wg, err) ||
	    !launch_int(v, C_GLOBAL, file, &global, err) ||
	    !launch_int(v, C_WAVE_SIZE, file, &wave, err) ||
	    !launch_int(v, C_VGPRS, file, &k.arch_vgprs, err) ||
	    !launch_int(v, C_SGPRS, file, &k.sgprs, err) ||
	    !launch_int(v, C_LDS, file, &k.lds_bytes, err))
		return false;
	/* The profiler writes a work-group and global size of 0 (and a
	 * negative occupancy) where it could not compute: the launch is
	 * then not known, and stays absent. */
	if (wg.value > 0) {
		k.block[0] = wg;
		k.block[1] = k.block[2] = (struct report_int){ true, 1 };
	}
	if (wg.value > 0 && global.value > 0) {
		k.grid[0] = (struct report_int){ true, (global.value + wg.value - 1) / wg.value };
		k.grid[1] = k.grid[2] = (struct report_int){ true, 1 };
	}
	if (wave.value > 0)
		k.wave_size = wave;
	k.sm_count = info_int(r, v, C_CUS, file);
	if (k.sm_count.present && k.sm_count.value == 0)
		k.sm_count.present = false;
	for (int i = 0; i < REPORT_AMD_N_LIMITS; i++)
		k.amd_waves_limit[i] = info_int(r, v, limits[i], file);
	k.amd_max_waves_per_cu = info_int(r, v, C_MAX_WAVES, file);
	if (v->text[C_OCCUPANCY]) {
		struct report_num occ = import_info_num(r, text_of(v, C_OCCUPANCY, buf), file,
							v->line[C_OCCUPANCY],
							name_of(v, C_OCCUPANCY));

		if (occ.present && occ.value > 100)
			import_drop(r, file, v->line[C_OCCUPANCY], name_of(v, C_OCCUPANCY), buf,
				    "is more than 100 %");
		else if (occ.present)
			k.theoretical_occupancy_pct = occ;
	}
	rec = report_add(r, line);
	if (!rec || !(k.name = malloc(strlen(name) + 1))) {
		if (rec)
			r->n--;
		occ_error_set(err, OCC_EDATA, file, line, NULL, "out of memory");
		return false;
	}
	memcpy(k.name, name, strlen(name) + 1);
	k.short_name = report_intern_short_name(r, k.name);
	k.device = report_intern(r, device, REPORT_TEXT);
	/* A gfx target as ROCm's OpenCL names devices, or a GCN chip's code
	 * name as CodeXL names them ("Hawaii"): the file's CU count then makes
	 * the device. */
	chip = amd_codename_target(device);
	k.gfx_target = report_intern(r, is_target(device) ? device : chip ? chip : "",
				     REPORT_GFX_TARGET);
	if (!k.short_name || !k.device || !k.gfx_target) {
		free(k.name);
		r->n--;
		occ_error_set(err, OCC_EDATA, file, line, NULL, "out of memory");
		return false;
	}
	k.vendor = REPORT_VENDOR_AMD;
	k.figures_by = REPORT_BY_CODEXL;
	*rec = k;
	return true;
}

/* ---- the .occupancy table --------------------------------------------- */

/* "# ProfilerVersion=" first, then comment lines, then the header row: the
 * profiler's other files (the performance counters' .csv, the .atp trace)
 * open with the same comment lines. */
static bool probe_occupancy(const char *text, size_t len)
{
	const char *b, *e;
	size_t pos = 0;
	bool first = true;

	while (next_line(text, len, &pos, &b, &e)) {
		trim(&b, &e);
		if (b == e)
			continue;
		if (first && !starts(b, e, OCC_MAGIC))
			return false;
		first = false;
		/* Both writers put Kernel Name second. */
		if (*b != '#')
			return starts(b, e, "Thread ID") && e - b > 10 &&
			       starts(b + 10, e, "Kernel Name");
	}
	return false;
}

/* Splits [b, e) at sep into at most MAX_COLUMNS trimmed fields. */
static size_t split(const char *b, const char *e, char sep, const char **fb, const char **fe)
{
	size_t n = 0;

	while (n < MAX_COLUMNS) {
		const char *s = memchr(b, sep, (size_t)(e - b));
		const char *end = s ? s : e;

		fb[n] = b;
		fe[n] = end;
		trim(&fb[n], &fe[n]);
		n++;
		if (!s)
			break;
		b = s + 1;
	}
	return n;
}

/* The header's columns: at[c] is column c's index, or -1. */
static bool read_header(const char *b, const char *e, char sep, int at[C_N], size_t *n_cols,
			const char *file, long line, struct occ_error *err)
{
	const char *fb[MAX_COLUMNS], *fe[MAX_COLUMNS];
	size_t n = split(b, e, sep, fb, fe);

	for (int c = 0; c < C_N; c++)
		at[c] = -1;
	for (size_t i = 0; i < n; i++)
		for (int c = 0; c < C_N; c++)
			if (at[c] < 0 && (same(fb[i], fe[i], columns[c].column) ||
					  same(fb[i], fe[i], columns[c].column_old)))
				at[c] = (int)i;
	for (int c = 0; c < C_N; c++)
		if (columns[c].launch && at[c] < 0) {
			occ_error_set(err, OCC_EDATA, file, line, columns[c].column,
				      "the header has no such column: no launch can be read");
			return false;
		}
	*n_cols = n;
	return true;
}

static bool parse_occupancy(const char *name, const char *text, size_t len, struct report *r,
			    struct occ_error *err)
{
	const char *b, *e;
	const char *fb[MAX_COLUMNS], *fe[MAX_COLUMNS];
	char sep = 0;
	int at[C_N];
	size_t pos = 0, n_cols = 0;
	long line = 0;
	bool header = false;

	while (next_line(text, len, &pos, &b, &e)) {
		line++;
		trim(&b, &e);
		if (b == e)
			continue;
		if (*b == '#') {
			if (starts(b, e, "# ListSeparator=") && e - b > 16)
				sep = b[16];
			continue;
		}
		if (!header) {
			/* The writer puts its separator right after "Thread ID"; the
			 * ListSeparator line, where there is one, says the rows'. */
			const char *t = starts(b, e, "Thread ID") ? b + 9 : NULL;

			if (!sep && t && t < e)
				sep = *t;
			if (!sep || !t) {
				occ_error_set(err, OCC_EDATA, name, line, NULL,
					      "not the header of a .occupancy table "
					      "(\"Thread ID\" then the list separator)");
				return false;
			}
			if (!read_header(b, e, t < e ? *t : sep, at, &n_cols, name, line, err))
				return false;
			header = true;
			continue;
		}
		{
			struct values v = { 0 };
			size_t n = split(b, e, sep, fb, fe);

			if (n != n_cols) {
				occ_error_set(err, OCC_EDATA, name, line, NULL,
					      "%zu fields where the header has %zu columns", n, n_cols);
				r->rejected_rows++;
				continue;
			}
			for (int c = 0; c < C_N; c++) {
				if (at[c] < 0)
					continue;
				v.text[c] = fb[at[c]];
				v.len[c] = (size_t)(fe[at[c]] - fb[at[c]]);
				v.line[c] = line;
			}
			if (!take(&v, line, r, name, err))
				r->rejected_rows++;
		}
	}
	if (!header) {
		occ_error_set(err, OCC_EDATA, name, line, NULL,
			      "a .occupancy file without its header row");
		return false;
	}
	return true;
}

const struct import_text_class import_codexl_occupancy = {
	.name = "CodeXL/RCP .occupancy",
	.probe = probe_occupancy,
	.parse = parse_occupancy,
};

/* ---- the occupancy display file ---------------------------------------- */

/* The display file's KEY=VALUE line in [b, e), as columns' key. */
static int key_of(const char *b, const char *e, const char **val)
{
	const char *eq = memchr(b, '=', (size_t)(e - b));

	if (!eq)
		return -1;
	for (int c = 0; c < C_N; c++) {
		const char *kb = b, *ke = eq;

		trim(&kb, &ke);
		if (same(kb, ke, columns[c].key)) {
			*val = eq + 1;
			return c;
		}
	}
	return -1;
}

static bool probe_display(const char *text, size_t len)
{
	const char *b, *e, *val;
	size_t pos = 0;
	bool kernel = false, figures = false;

	while (next_line(text, len, &pos, &b, &e)) {
		int c;

		trim(&b, &e);
		if (b == e)
			continue;
		if (!memchr(b, '=', (size_t)(e - b)))
			return false;
		c = key_of(b, e, &val);
		kernel |= c == C_KERNEL;
		figures |= c == C_VGPR_WAVES || c == C_OCCUPANCY;
		if (kernel && figures)
			return true;
	}
	return false;
}

static bool parse_display(const char *name, const char *text, size_t len, struct report *r,
			  struct occ_error *err)
{
	struct values v = { .display = true };
	const char *b, *e, *val;
	size_t pos = 0;
	long line = 0, first = 0;

	while (next_line(text, len, &pos, &b, &e)) {
		const char *ve;
		int c;

		line++;
		trim(&b, &e);
		if (b == e)
			continue;
		if (!memchr(b, '=', (size_t)(e - b))) {
			occ_error_set(err, OCC_EDATA, name, line, NULL,
				      "not a NAME=VALUE line of an occupancy display file");
			return false;
		}
		/* A name AMD's reader does not know, it passes over: so does this. */
		c = key_of(b, e, &val);
		if (c < 0)
			continue;
		if (v.text[c]) {
			occ_error_set(err, OCC_EDATA, name, line, columns[c].key,
				      "given twice (first on line %ld)", v.line[c]);
			return false;
		}
		ve = e;
		trim(&val, &ve);
		v.text[c] = val;
		v.len[c] = (size_t)(ve - val);
		v.line[c] = line;
		if (!first)
			first = line;
	}
	for (int c = 0; c < C_N; c++)
		if (columns[c].launch && !v.text[c]) {
			occ_error_set(err, OCC_EDATA, name, line, columns[c].key,
				      "missing: no launch can be read");
			return false;
		}
	if (!take(&v, first, r, name, err))
		r->rejected_rows++;
	return true;
}

const struct import_text_class import_codexl_display = {
	.name = "CodeXL/RCP occupancy display",
	.probe = probe_display,
	.parse = parse_display,
};
