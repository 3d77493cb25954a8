/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* import_nvprof.c - nvprof's CSV tables: --print-gpu-trace (one row per
 * launch, memcpy and Unified Memory rows between), --metrics (one row per
 * metric per kernel: achieved_occupancy) and --events with --aggregate-mode
 * off (active_warps and active_cycles per SM). */
#include "config.h"

#include "import.h"
#include "import_nvprof.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "checked.h"
#include "strutil.h"

enum col {
	COL_DURATION,
	COL_GRID_X, COL_GRID_Y, COL_GRID_Z,
	COL_BLOCK_X, COL_BLOCK_Y, COL_BLOCK_Z,
	COL_REGS,
	COL_STATIC_SMEM, COL_DYNAMIC_SMEM,
	COL_DEVICE,
	COL_NAME,       /* trace "Name", metrics and events "Kernel" */
	COL_ID,         /* trace "Correlation_ID" */
	COL_WHAT,       /* "Metric Name" or "Event Name" */
	COL_INVOCATIONS,
	COL_MIN, COL_MAX, COL_AVG,
	COL_N
};

static const char *const trace_names[COL_N] = {
	[COL_DURATION] = "Duration",
	[COL_GRID_X] = "Grid X", [COL_GRID_Y] = "Grid Y", [COL_GRID_Z] = "Grid Z",
	[COL_BLOCK_X] = "Block X", [COL_BLOCK_Y] = "Block Y", [COL_BLOCK_Z] = "Block Z",
	[COL_REGS] = "Registers Per Thread",
	[COL_STATIC_SMEM] = "Static SMem", [COL_DYNAMIC_SMEM] = "Dynamic SMem",
	[COL_DEVICE] = "Device",
	[COL_NAME] = "Name",
	[COL_ID] = "Correlation_ID",
};

static const char *const metrics_names[COL_N] = {
	[COL_DEVICE] = "Device",
	[COL_NAME] = "Kernel",
	[COL_WHAT] = "Metric Name",
	[COL_INVOCATIONS] = "Invocations",
	[COL_MIN] = "Min", [COL_MAX] = "Max", [COL_AVG] = "Avg",
};

static const char *const events_names[COL_N] = {
	[COL_DEVICE] = "Device",
	[COL_NAME] = "Kernel",
	[COL_WHAT] = "Event Name",
	[COL_INVOCATIONS] = "Invocations",
	[COL_AVG] = "Avg",
};

struct import_state {
	const char *const *names;
	int col[COL_N];
	size_t header_fields;
	bool units_done;     /* the units row comes first or not at all */
	double scale[COL_N]; /* unit row: to ns (Duration), to bytes (SMem); 0: unknown */
	/* The run the rows belong to: nvprof runs appended to one file (>> in
	 * a loop) each write their header again, which starts the next run. */
	uint32_t run;
};

static struct import_state *state_new(const char *const *names, const struct csv_row *header)
{
	struct import_state *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	s->names = names;
	s->run = 1;
	s->header_fields = header->n;
	for (int c = 0; c < COL_N; c++)
		s->col[c] = names[c] ? csvread_column(header, names[c]) : -1;
	return s;
}

static bool has_all(const struct import_state *s, const enum col *cols)
{
	for (; *cols != COL_N; cols++)
		if (s->col[*cols] < 0)
			return false;
	return true;
}

static bool probe_with(const char *const *names, const enum col *required,
		       const struct csv_row *header, struct import_state **state)
{
	struct import_state *s = state_new(names, header);

	if (!s)
		return false;
	if (!has_all(s, required)) {
		free(s);
		return false;
	}
	*state = s;
	return true;
}

static bool probe_trace(const struct csv_row *h, struct import_state **state)
{
	static const enum col req[] = { COL_DURATION, COL_GRID_X, COL_BLOCK_X, COL_REGS,
					COL_NAME, COL_N };
	bool ok = probe_with(trace_names, req, h, state);

	if (ok) {
		/* The default when no units row says otherwise: nvprof prints
		 * shared memory in bytes; a duration without its unit is unknown. */
		(*state)->scale[COL_STATIC_SMEM] = (*state)->scale[COL_DYNAMIC_SMEM] = 1;
	}
	return ok;
}

static bool probe_metrics(const struct csv_row *h, struct import_state **state)
{
	static const enum col req[] = { COL_DEVICE, COL_NAME, COL_WHAT, COL_INVOCATIONS, COL_AVG,
					COL_N };

	return probe_with(metrics_names, req, h, state);
}

static bool probe_events(const struct csv_row *h, struct import_state **state)
{
	static const enum col req[] = { COL_DEVICE, COL_NAME, COL_WHAT, COL_INVOCATIONS, COL_AVG,
					COL_N };

	return probe_with(events_names, req, h, state);
}

static void free_state(struct import_state *s)
{
	free(s);
}

static const char *field(const struct import_state *s, const struct csv_row *row, enum col c)
{
	return csvread_field(row, s->col[c]);
}

static const char *field_at(const struct csv_row *row, int i)
{
	return csvread_field(row, i);
}

void import_nvprof_device_name(const char *text, char *out, size_t size)
{
	size_t n = strlen(text);

	if (n >= 4 && text[n - 1] == ')') {
		size_t i = n - 1;

		while (i > 0 && isdigit((unsigned char)text[i - 1]))
			i--;
		if (i < n - 1 && i >= 3 && text[i - 1] == '(' && text[i - 2] == ' ')
			n = i - 2;
	}
	if (n >= size)
		n = size - 1;
	memcpy(out, text, n);
	out[n] = '\0';
}

double import_nvprof_unit_scale(const char *u, bool time)
{
	static const struct {
		const char *unit;
		double scale;
	} times[] = { { "s", 1e9 }, { "ms", 1e6 }, { "us", 1e3 }, { "ns", 1 } },
	  sizes[] = { { "B", 1 }, { "KB", 1024 }, { "MB", 1048576 }, { "GB", 1073741824 } };

	if (time) {
		for (size_t i = 0; i < sizeof(times) / sizeof(times[0]); i++)
			if (strcmp(u, times[i].unit) == 0)
				return times[i].scale;
	} else {
		for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
			if (strcmp(u, sizes[i].unit) == 0)
				return sizes[i].scale;
	}
	return 0;
}

/* The units row: nothing but unit words and empty fields ("s,ms,,,B,..."). */
static bool is_units_row(const struct csv_row *row)
{
	bool any = false;

	for (size_t i = 0; i < row->n; i++) {
		const char *f = row->fields[i];

		if (!f[0])
			continue;
		if (!isalpha((unsigned char)f[0]) && f[0] != '%')
			return false;
		for (; *f; f++)
			if (!isalpha((unsigned char)*f) && *f != '/' && *f != '%')
				return false;
		any = true;
	}
	return any;
}

/* The header again: another run's table appended to the file. Its rows
 * are records of their own (a kernel of run 2 is not run 1's), and its
 * units row, if any, follows. */
static bool next_run(struct import_state *s, const struct csv_row *row, struct report *r)
{
	if (row->n != s->header_fields)
		return false;
	for (int c = 0; c < COL_N; c++)
		if (s->names[c] && s->col[c] >= 0 && strcmp(field_at(row, s->col[c]), s->names[c]) != 0)
			return false;
	s->run++;
	r->runs = s->run;
	s->units_done = false;
	return true;
}

static bool bad(struct occ_error *err, const char *file, const struct csv_row *row,
		const char *column, const char *what, const char *text)
{
	char shown[64];

	str_sanitize(text, shown, sizeof(shown));
	occ_error_set(err, OCC_EDATA, file, row->line, column, "\"%s\" %s", shown, what);
	return false;
}

static bool get_int(const struct import_state *s, const struct csv_row *row, enum col c,
		    struct report_int *out, const char *file, struct occ_error *err)
{
	const char *t = field(s, row, c);

	if (import_int(t, out) && (!out->present || out->value >= 0))
		return true;
	*out = (struct report_int){ 0 };
	return bad(err, file, row, s->names[c], "is not a whole number of 0 or more", t);
}

/* A scaled column: the value times its unit's factor, as a whole number
 * for sizes. */
static bool get_scaled(const struct import_state *s, const struct csv_row *row, enum col c,
		       struct report_num *out, const char *file, struct occ_error *err)
{
	const char *t = field(s, row, c);

	if (!import_num(t, out) || (out->present && out->value < 0)) {
		*out = (struct report_num){ 0 };
		return bad(err, file, row, s->names[c], "is not a number of 0 or more", t);
	}
	if (out->present && s->scale[c] > 0)
		out->value *= s->scale[c];
	else
		*out = (struct report_num){ 0 };
	return true;
}

/* A size in bytes: scaled by the units row, then a whole number that fits
 * (1e19 B is refused, not cast). */
static bool get_bytes(const struct import_state *s, const struct csv_row *row, enum col c,
		      struct report_int *out, const char *file, struct occ_error *err)
{
	struct report_num n;
	int64_t v;

	*out = (struct report_int){ 0 };
	if (!get_scaled(s, row, c, &n, file, err))
		return false;
	if (!n.present)
		return true;
	if (!checked_round(n.value, 0, INT64_MAX, &v))
		return bad(err, file, row, s->names[c], "is out of range (0 to "
			   "9223372036854775807 bytes)", field(s, row, c));
	*out = (struct report_int){ true, v };
	return true;
}

/* The duration, which is information (import.h): dropped, not the row,
 * when it is no number or its unit is unknown. */
static struct report_num get_duration(const struct import_state *s, const struct csv_row *row,
				      struct report *r, const char *file)
{
	const char *t = field(s, row, COL_DURATION);
	struct report_num v = import_info_num(r, t, file, row->line, s->names[COL_DURATION]);

	if (!v.present)
		return v;
	if (s->scale[COL_DURATION] > 0) {
		v.value *= s->scale[COL_DURATION];
		return v;
	}
	import_drop(r, file, row->line, s->names[COL_DURATION], t,
		    "has no unit occview knows (the units row under the header gives it)");
	return (struct report_num){ 0 };
}

static struct report_record *add_named(struct report *r, uint32_t run, long line,
				       const char *name, const char *file, struct occ_error *err)
{
	struct report_record *rec = report_add(r, line);

	if (!rec || !(rec->name = strdup(name))) {
		if (rec)
			r->n--;
		occ_error_set(err, OCC_EDATA, file, line, NULL, "out of memory");
		return NULL;
	}
	rec->short_name = report_intern_short_name(r, name);
	if (!rec->short_name) {
		free(rec->name);
		r->n--;
		occ_error_set(err, OCC_EDATA, file, line, NULL, "out of memory");
		return NULL;
	}
	rec->vendor = REPORT_VENDOR_NVIDIA;
	rec->run = run;
	if (r->runs < run)
		r->runs = run;
	return rec;
}

static bool row_trace(struct import_state *s, const struct csv_row *row, struct report *r,
		      const char *file, struct occ_error *err)
{
	struct report_int grid[3], block[3], regs, id;
	struct report_num dur;
	struct report_int smem[2];
	struct report_record *rec;
	const char *name;
	char device[REPORT_TEXT];
	bool ok = true;

	if (next_run(s, row, r))
		return true;
	if (!s->units_done) {
		s->units_done = true;
		if (is_units_row(row)) {
			s->scale[COL_DURATION] = import_nvprof_unit_scale(
				csvread_field(row, s->col[COL_DURATION]), true);
			for (int c = COL_STATIC_SMEM; c <= COL_DYNAMIC_SMEM; c++)
				if (s->col[c] >= 0)
					s->scale[c] = import_nvprof_unit_scale(
						csvread_field(row, s->col[c]), false);
			return true;
		}
	}
	if (row->n < s->header_fields) {
		occ_error_set(err, OCC_EDATA, file, row->line, NULL,
			      "a truncated row: %zu of the header's %zu fields", row->n,
			      s->header_fields);
		return false;
	}
	/* memcpy, memset and Unified Memory rows have no grid. */
	if (!field(s, row, COL_GRID_X)[0]) {
		r->skipped_rows++;
		return true;
	}
	name = field(s, row, COL_NAME);
	if (!name[0]) {
		occ_error_set(err, OCC_EDATA, file, row->line, "Name", "the kernel name is empty");
		return false;
	}
	for (int d = 0; ok && d < 3; d++)
		ok = get_int(s, row, COL_GRID_X + d, &grid[d], file, err) &&
		     get_int(s, row, COL_BLOCK_X + d, &block[d], file, err);
	ok = ok && get_int(s, row, COL_REGS, &regs, file, err) &&
	     get_bytes(s, row, COL_STATIC_SMEM, &smem[0], file, err) &&
	     get_bytes(s, row, COL_DYNAMIC_SMEM, &smem[1], file, err);
	if (!ok)
		return false;
	id = s->col[COL_ID] < 0 ? (struct report_int){ 0 }
				: import_info_int(r, field(s, row, COL_ID), file, row->line,
						  s->names[COL_ID]);
	dur = get_duration(s, row, r, file);
	rec = add_named(r, s->run, row->line, name, file, err);
	if (!rec)
		return false;
	for (int d = 0; d < 3; d++) {
		rec->grid[d] = grid[d];
		rec->block[d] = block[d];
	}
	rec->registers = regs;
	rec->id = id;
	rec->duration_ns = dur;
	if (smem[0].present)
		rec->static_smem_bytes = smem[0];
	if (smem[1].present)
		rec->dynamic_smem_bytes = smem[1];
	import_nvprof_device_name(field(s, row, COL_DEVICE), device, sizeof(device));
	rec->device = report_intern(r, device, REPORT_TEXT);
	if (!rec->device) {
		free(rec->name);
		r->n--;
		occ_error_set(err, OCC_EDATA, file, row->line, NULL, "out of memory");
		return false;
	}
	return true;
}

/* The record of (run, device, kernel), added at this row's line when new.
 * Rows of one kernel are adjacent, so the search from the end is short, and
 * it stops at an earlier run's records. Any record r holds may still take a
 * row, so the metrics and events tables leave pending() unset: a stream
 * holds the last REPORT_PENDING_MAX. */
struct report_record *import_nvprof_record_for(struct report *r, uint32_t run, long line,
					       const char *device, const char *kernel,
					       const char *file, struct occ_error *err)
{
	struct report_record *rec;

	for (size_t i = r->n; i-- > 0 && r->records[i].run == run;)
		if (strcmp(r->records[i].name, kernel) == 0 &&
		    strcmp(r->records[i].device, device) == 0)
			return &r->records[i];
	rec = add_named(r, run, line, kernel, file, err);
	if (rec && !(rec->device = report_intern(r, device, REPORT_TEXT))) {
		occ_error_set(err, OCC_EDATA, file, line, NULL, "out of memory");
		free(rec->name);
		r->n--;
		return NULL;
	}
	return rec;
}

/* An achieved_occupancy of the Min, Max or Avg column, as a percentage. */
/* An achieved_occupancy of the Min, Max or Avg column, as a percentage.
 * Measured, not the launch: a value that is none is dropped (absent). */
static void achieved(const struct import_state *s, const struct csv_row *row, enum col c,
		     struct report_num *out, struct report *r, const char *file)
{
	const char *t = field(s, row, c);

	if (!import_num(t, out) || (out->present && (out->value < 0 || out->value > 1))) {
		import_drop(r, file, row->line, s->names[c], t,
			    "is not an achieved_occupancy (a fraction from 0 to 1)");
		*out = (struct report_num){ 0 };
		return;
	}
	out->value *= 100.0;
}

/* The launches a per-kernel row sums or averages: what the join counts
 * (session_join.h), not the launch; a count that is none is dropped. */
static void invocations(const struct import_state *s, const struct csv_row *row,
			struct report_record *rec, struct report *r, const char *file)
{
	const char *t = field(s, row, COL_INVOCATIONS);
	struct report_int n;

	if (!import_int(t, &n) || (n.present && n.value < 1)) {
		import_drop(r, file, row->line, "Invocations", t, "is not a count of 1 or more");
		return;
	}
	if (n.present)
		rec->invocations = n;
}

/* The scheduler metrics nvprof shares with Nsight Compute's Scheduler
 * Statistics (NVIDIA's nvprof-to-ncu metric table): eligible_warps_per_cycle
 * is smsp__warps_eligible.avg.per_cycle_active, issue_slot_utilization
 * ("9.912897%") smsp__issue_active.avg.pct_of_peak_sustained_active. Their
 * Avg column; measured, so a value that is none is dropped. */
static void sched_metric(const struct import_state *s, const struct csv_row *row,
			 const char *metric, struct report_sched *out, struct report *r,
			 const char *file)
{
	bool pct = strcmp(metric, "issue_slot_utilization") == 0;
	const char *t = field(s, row, COL_AVG);
	struct report_num v;

	if (!pct && strcmp(metric, "eligible_warps_per_cycle") != 0)
		return;
	/* import_num reads the unit after the number ("%") as a label */
	if (!import_num(t, &v) || (v.present && (v.value < 0 || (pct && v.value > 100)))) {
		import_drop(r, file, row->line, s->names[COL_AVG], t,
			    pct ? "is not a percentage" : "is not a count of warps");
		return;
	}
	if (pct)
		out->issue_active_pct = v;
	else
		out->eligible_warps = v;
}

static bool row_metrics(struct import_state *s, const struct csv_row *row, struct report *r,
			const char *file, struct occ_error *err)
{
	const char *kernel = field(s, row, COL_NAME);
	const char *metric = field(s, row, COL_WHAT);
	struct report_num avg = { 0 }, min = { 0 }, max = { 0 };
	struct report_record *rec;
	char device[128];

	if (next_run(s, row, r))
		return true;
	if (!kernel[0]) {
		occ_error_set(err, OCC_EDATA, file, row->line, "Kernel", "the kernel name is empty");
		return false;
	}
	/* Only achieved_occupancy is read; the other metrics (and their
	 * qualitative values such as "Low (1)") are passed over. */
	if (strcmp(metric, "achieved_occupancy") == 0) {
		achieved(s, row, COL_AVG, &avg, r, file);
		achieved(s, row, COL_MIN, &min, r, file);
		achieved(s, row, COL_MAX, &max, r, file);
	}
	import_nvprof_device_name(field(s, row, COL_DEVICE), device, sizeof(device));
	rec = import_nvprof_record_for(r, s->run, row->line, device, kernel, file, err);
	if (!rec)
		return false;
	invocations(s, row, rec, r, file);
	sched_metric(s, row, metric, &rec->sched, r, file);
	if (avg.present)
		rec->achieved_occupancy_pct = avg;
	if (min.present)
		rec->achieved_min_pct = min;
	if (max.present)
		rec->achieved_max_pct = max;
	return true;
}

/* A per-instance value list, "[ 1234 5678 ... ]" (whitespace separated), into a
 * heap array; a bare number (aggregate mode on) gives n = 0. False when it
 * is neither. */
static bool value_list(const char *t, double **out, size_t *n)
{
	const char *p = t;
	size_t cap = 0;

	*out = NULL;
	*n = 0;
	while (isspace((unsigned char)*p))
		p++;
	if (*p != '[') {
		struct report_num v;
		return import_num(t, &v);
	}
	for (p++;;) {
		char buf[64];
		size_t k = 0;
		struct report_num v;

		while (isspace((unsigned char)*p))
			p++;
		if (*p == ']')
			break;
		if (!*p)
			goto fail;
		while (*p && !isspace((unsigned char)*p) && *p != ']') {
			if (k + 1 >= sizeof(buf))
				goto fail;
			buf[k++] = *p++;
		}
		buf[k] = '\0';
		if (!import_num(buf, &v) || !v.present || v.value < 0)
			goto fail;
		if (*n == cap) {
			size_t nc = cap ? cap * 2 : 64;
			double *nv = realloc(*out, nc * sizeof(*nv));

			if (!nv)
				goto fail;
			*out = nv;
			cap = nc;
		}
		(*out)[(*n)++] = v.value;
	}
	for (p++; isspace((unsigned char)*p); p++)
		;
	if (*p == '\0' && *n > 0)
		return true;
fail:
	free(*out);
	*out = NULL;
	*n = 0;
	return false;
}

static bool row_events(struct import_state *s, const struct csv_row *row, struct report *r,
		       const char *file, struct occ_error *err)
{
	const char *kernel = field(s, row, COL_NAME);
	const char *event = field(s, row, COL_WHAT);
	bool warps = strcmp(event, "active_warps") == 0;
	bool cycles = strcmp(event, "active_cycles") == 0;
	struct report_record *rec;
	double *values = NULL;
	size_t n = 0;
	char device[128];

	if (next_run(s, row, r))
		return true;
	if (!kernel[0]) {
		occ_error_set(err, OCC_EDATA, file, row->line, "Kernel", "the kernel name is empty");
		return false;
	}
	/* Measured per-SM values, not the launch: a value that is none is
	 * dropped, and the record stays. */
	if ((warps || cycles) && !value_list(field(s, row, COL_AVG), &values, &n))
		import_drop(r, file, row->line, "Avg", field(s, row, COL_AVG),
			    "is neither a number nor a per-SM list \"[ v0 v1 ... ]\"");
	import_nvprof_device_name(field(s, row, COL_DEVICE), device, sizeof(device));
	rec = import_nvprof_record_for(r, s->run, row->line, device, kernel, file, err);
	if (!rec) {
		free(values);
		return false;
	}
	invocations(s, row, rec, r, file);
	if (n == 0)
		return true;
	if ((warps ? rec->sm_active_warps : rec->sm_active_cycles) ||
	    (rec->n_sm_events && rec->n_sm_events != n)) {
		char why[128];

		snprintf(why, sizeof(why), "holds %zu per-SM values for %s, where this kernel "
			 "has %zu already", n, event, rec->n_sm_events);
		import_drop(r, file, row->line, "Avg", "[ ... ]", why);
		free(values);
		return true;
	}
	rec->n_sm_events = n;
	if (warps)
		rec->sm_active_warps = values;
	else
		rec->sm_active_cycles = values;
	return true;
}

const struct import_class import_nvprof_trace = {
	.name = "nvprof GPU trace",
	.probe = probe_trace,
	.row = row_trace,
	.pending = import_pending_none,
	.free_state = free_state,
};

const struct import_class import_nvprof_metrics = {
	.name = "nvprof metrics",
	.probe = probe_metrics,
	.per_kernel = true,
	.row = row_metrics,
	.free_state = free_state,
};

const struct import_class import_nvprof_events = {
	.name = "nvprof events",
	.probe = probe_events,
	.per_kernel = true,
	.row = row_events,
	.free_state = free_state,
};
