/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* import_ncu.c - Nsight Compute CSV: the details page (one row per metric,
 * rows of one kernel share an ID) and the raw page (one row per kernel, a
 * units row under the header); and a recogniser for ncu's text output, which
 * is refused with the way to get a CSV. */
#include "config.h"

#include "import.h"
#include "import_ncu_metrics.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "checked.h"
#include "strutil.h"

/* ------------------------------------------------------------------------ */
/* One kernel's values, gathered from one row (raw) or many (details). */

enum col {
	C_ID, C_NAME, C_PROCESS_NAME, C_PROCESS_ID, C_BLOCK, C_GRID, C_DEVICE, C_CC,
	C_METRIC, C_UNIT, C_VALUE,
	C_SECTION, C_RULE, C_RULE_TYPE, C_RULE_TEXT, C_SPEEDUP_TYPE, C_SPEEDUP,
	C_N
};

static const char *const col_names[C_N] = {
	[C_ID] = "ID", [C_NAME] = "Kernel Name", [C_PROCESS_NAME] = "Process Name",
	[C_PROCESS_ID] = "Process ID", [C_BLOCK] = "Block Size", [C_GRID] = "Grid Size",
	[C_DEVICE] = "Device", [C_CC] = "CC", [C_METRIC] = "Metric Name",
	[C_UNIT] = "Metric Unit", [C_VALUE] = "Metric Value",
	[C_SECTION] = "Section Name", [C_RULE] = "Rule Name", [C_RULE_TYPE] = "Rule Type",
	[C_RULE_TEXT] = "Rule Description", [C_SPEEDUP_TYPE] = "Estimated Speedup Type",
	[C_SPEEDUP] = "Estimated Speedup",
};

struct kernel {
	bool open;
	long line;
	char *id_text;     /* the ID the rows of this kernel share (details) */
	struct report_int id;
	char *name;
	char process[REPORT_TEXT];
	char pid[24];      /* the Process ID column, which tells processes apart */
	char device[REPORT_TEXT];
	struct report_int block[3], grid[3];   /* from the Block/Grid Size columns */
	struct report_int cc_major, cc_minor;
	bool has[S_N];
	double v[S_N];
	size_t n_rules;              /* Nsight Compute's rule results (rule rows) */
	struct report_rule *rules;
	struct report_sched from_rule;   /* figures its IssueSlotUtilization text states */
};

struct import_state {
	bool raw;
	enum report_ncu_layout layout;
	int col[C_N];
	/* raw page: the column of each slot, and its unit's scale. */
	int slot_col[S_N];
	char *slot_unit[S_N];
	double slot_scale[S_N];       /* ncu_unit_scale of slot_unit (of "" where NULL) */
	const char *slot_name[S_N];   /* the column's name, for messages (static) */
	/* The slots that have a column, in slot order: the launch's first
	 * (n_launch of them), then information (ncu_slot_info): row_raw's two
	 * passes go over these only. */
	unsigned char mapped[S_N];
	int n_mapped, n_launch;
	bool units_read;
	struct kernel k;
	/* Runs: each process of the output (--target-processes all) and each
	 * output appended after another (ncu --csv >> in a loop: the header
	 * comes again) is a run of its own, numbered from 1 in file order. */
	uint32_t runs;           /* the highest run number given so far */
	char (*pids)[24];        /* this output's processes, in order met */
	uint32_t *pid_runs;
	size_t n_pids;
	/* IDs restart at 0 in each appended output: a later output's IDs go on
	 * after the highest one before it, so that every record's id (what
	 * --compare and the browser name it by) is still its own. */
	int64_t id_offset, id_max;
	bool any_id;
	/* raw page: the columns row_raw reads, a bit each (import_class.columns);
	 * NULL (out of memory) reads every one. */
	uint64_t *want;
	size_t want_words;
};

_Static_assert(S_N <= 256, "a slot is an unsigned char in import_state.mapped");

static void kernel_reset(struct kernel *k)
{
	free(k->id_text);
	free(k->name);
	report_rules_free(k->rules, k->n_rules);
	*k = (struct kernel){ 0 };
}

static struct report_int as_int(const struct kernel *k, enum slot s)
{
	int64_t v;

	/* Nearly every value is a whole number a double holds exactly: itself
	 * (what checked_round gives it, without round()). */
	if (k->has[s] && k->v[s] >= -9007199254740992.0 && k->v[s] <= 9007199254740992.0) {
		v = (int64_t)k->v[s];
		if ((double)v == k->v[s])
			return (struct report_int){ true, v };
	}
	/* A value no integer holds is no value (llround's is unspecified). */
	if (!k->has[s] || !checked_round(k->v[s], INT64_MIN, INT64_MAX, &v))
		return (struct report_int){ 0 };
	return (struct report_int){ true, v };
}

static struct report_num as_num(const struct kernel *k, enum slot s)
{
	return (struct report_num){ k->has[s], k->has[s] ? k->v[s] : 0 };
}

/* ncu writes 0 for the cluster of a launch without clusters: absent. */
static struct report_int cluster_dim(const struct kernel *k, enum slot s)
{
	struct report_int v = as_int(k, s);

	return v.present && v.value > 0 ? v : (struct report_int){ 0 };
}

/* The run of process pid in this output: a process met first gets the next
 * number. 0 when out of memory. */
static uint32_t run_of(struct import_state *s, const char *pid)
{
	char (*pids)[24];
	uint32_t *runs;

	for (size_t i = 0; i < s->n_pids; i++)
		if (strcmp(s->pids[i], pid) == 0)
			return s->pid_runs[i];
	pids = realloc(s->pids, (s->n_pids + 1) * sizeof(*pids));
	if (pids)
		s->pids = pids;
	runs = pids ? realloc(s->pid_runs, (s->n_pids + 1) * sizeof(*runs)) : NULL;
	if (!runs)
		return 0;
	s->pid_runs = runs;
	str_copy(s->pids[s->n_pids], sizeof(s->pids[0]), pid);
	s->pid_runs[s->n_pids++] = ++s->runs;
	return s->runs;
}

/* Appends the kernel as a record. */
static bool kernel_emit(struct import_state *s, struct report *r, const char *file,
			struct occ_error *err)
{
	struct kernel *k = &s->k;
	struct report_record *rec;

	uint32_t run;

	if (!k->open)
		return true;
	run = run_of(s, k->pid);
	if (run == 0) {
		occ_error_set(err, OCC_EDATA, file, k->line, NULL, "out of memory");
		return false;
	}
	rec = report_add(r, k->line);
	if (!rec) {
		occ_error_set(err, OCC_EDATA, file, k->line, NULL, "out of memory");
		return false;
	}
	rec->name = k->name;
	k->name = NULL;
	rec->short_name = report_intern_short_name(r, rec->name);
	rec->process = report_intern(r, k->process, REPORT_TEXT);
	rec->run = run;
	if (r->runs < run)
		r->runs = run;
	rec->device = report_intern(r, k->device, REPORT_TEXT);
	if (!rec->short_name || !rec->process || !rec->device) {
		free(rec->name);
		r->n--;
		kernel_reset(k);
		occ_error_set(err, OCC_EDATA, file, k->line, NULL, "out of memory");
		return false;
	}
	rec->vendor = REPORT_VENDOR_NVIDIA;
	rec->id = k->id;
	rec->cc_major = k->cc_major;
	rec->cc_minor = k->cc_minor;
	if (!rec->cc_major.present && k->has[S_CC_MAJOR] && k->has[S_CC_MINOR]) {
		rec->cc_major = as_int(k, S_CC_MAJOR);
		rec->cc_minor = as_int(k, S_CC_MINOR);
	}
	rec->sm_count = as_int(k, k->has[S_SM_COUNT] ? S_SM_COUNT : S_SM_COUNT_DEV);

	/* 3D from the columns or the dim metrics; else the totals, as (n, 1, 1). */
	for (int d = 0; d < 3; d++) {
		rec->block[d] = k->block[d].present ? k->block[d] : as_int(k, S_BLOCK_X + d);
		rec->grid[d] = k->grid[d].present ? k->grid[d] : as_int(k, S_GRID_X + d);
	}
	if (!rec->block[0].present && k->has[S_BLOCK_SIZE]) {
		rec->block[0] = as_int(k, S_BLOCK_SIZE);
		rec->block[1] = rec->block[2] = (struct report_int){ true, 1 };
	}
	if (!rec->grid[0].present && k->has[S_GRID_SIZE]) {
		rec->grid[0] = as_int(k, S_GRID_SIZE);
		rec->grid[1] = rec->grid[2] = (struct report_int){ true, 1 };
	}
	for (int d = 0; d < 3; d++)
		rec->cluster[d] = cluster_dim(k, S_CLUSTER_X + d);
	if (!rec->cluster[0].present && cluster_dim(k, S_CLUSTER_SIZE).present) {
		rec->cluster[0] = as_int(k, S_CLUSTER_SIZE);
		rec->cluster[1] = rec->cluster[2] = (struct report_int){ true, 1 };
	}

	rec->registers = as_int(k, S_REGISTERS);
	rec->static_smem_bytes = as_int(k, S_STATIC_SMEM);
	rec->dynamic_smem_bytes = as_int(k, S_DYNAMIC_SMEM);
	rec->driver_smem_bytes = as_int(k, S_DRIVER_SMEM);
	rec->smem_config_bytes = as_int(k, S_SMEM_CONFIG);
	rec->barriers = as_int(k, S_BARRIERS);
	rec->duration_ns = as_num(k, S_DURATION);
	rec->achieved_occupancy_pct = as_num(k, S_ACHIEVED);
	rec->achieved_active_warps = as_num(k, S_ACHIEVED_WARPS);
	rec->theoretical_occupancy_pct = as_num(k, S_THEORETICAL);
	rec->theoretical_active_warps = as_num(k, S_THEORETICAL_WARPS);
	rec->theoretical_warps_per_scheduler = as_num(k, S_SCHEDULER_WARPS);
	rec->waves_per_sm = as_num(k, S_WAVES);
	rec->registers_allocated = as_int(k, S_REGISTERS_ALLOCATED);
	rec->smem_per_block_bytes = as_int(k, S_SMEM_PER_BLOCK);
	rec->smem_allocated_bytes = as_int(k, S_SMEM_ALLOCATED);
	rec->ncu_layout = (uint8_t)s->layout;
	rec->limit_warps = as_int(k, S_LIMIT_WARPS);
	rec->limit_blocks = as_int(k, S_LIMIT_BLOCKS);
	rec->limit_registers = as_int(k, S_LIMIT_REGISTERS);
	rec->limit_smem = as_int(k, S_LIMIT_SMEM);
	rec->limit_barriers = as_int(k, S_LIMIT_BARRIERS);
	rec->sched.active_warps = as_num(k, S_SCHED_ACTIVE);
	rec->sched.eligible_warps = as_num(k, S_SCHED_ELIGIBLE);
	rec->sched.issued_warps = as_num(k, S_SCHED_ISSUED);
	rec->sched.issue_active_pct = as_num(k, S_SCHED_ISSUE_PCT);
	/* "No Eligible" is the rest of the cycles: the one gives the other. */
	if (!k->has[S_SCHED_ISSUE_PCT] && k->has[S_SCHED_NONE_PCT])
		rec->sched.issue_active_pct = (struct report_num){ true, 100.0 - k->v[S_SCHED_NONE_PCT] };
	rec->sched.max_warps = as_num(k, S_SCHED_MAX);
	rec->sched.sm_throughput_pct = as_num(k, S_SM_THROUGHPUT);
	rec->sched.memory_throughput_pct = as_num(k, S_MEM_THROUGHPUT);
	/* Where the file has no Scheduler Statistics rows, the figures the
	 * IssueSlotUtilization rule states (to its two decimals). */
	if (!rec->sched.active_warps.present)
		rec->sched.active_warps = k->from_rule.active_warps;
	if (!rec->sched.eligible_warps.present)
		rec->sched.eligible_warps = k->from_rule.eligible_warps;
	if (!rec->sched.issued_warps.present)
		rec->sched.issued_warps = k->from_rule.issued_warps;
	if (!rec->sched.max_warps.present)
		rec->sched.max_warps = k->from_rule.max_warps;
	rec->rules = k->rules;
	rec->n_rules = k->n_rules;
	k->rules = NULL;
	k->n_rules = 0;
	rec->cluster_max_active = as_int(k, S_CLUSTER_MAX_ACTIVE);
	rec->cluster_max_size = as_int(k, S_CLUSTER_MAX_SIZE);
	rec->cluster_occupancy_pct = as_num(k, S_CLUSTER_OCCUPANCY);
	kernel_reset(k);
	return true;
}

static const char *field(const struct import_state *s, const struct csv_row *row, enum col c)
{
	return csvread_field(row, s->col[c]);
}

static void bad(struct occ_error *err, const char *file, long line, const char *col,
		const char *what, const char *text)
{
	char shown[64];

	str_sanitize(text, shown, sizeof(shown));
	occ_error_set(err, OCC_EDATA, file, line, col, "%s \"%s\"", what, shown);
}

/* The per-kernel columns every row of a kernel repeats: read from its first.
 * The ID groups the rows by its text; its number (kernel_id) is information. */
static bool kernel_open(struct import_state *s, const struct csv_row *row, const char *file,
			struct occ_error *err)
{
	struct kernel *k = &s->k;
	const char *id = field(s, row, C_ID), *name = field(s, row, C_NAME);
	const char *dev = field(s, row, C_DEVICE), *cc = field(s, row, C_CC);
	const char *proc = field(s, row, C_PROCESS_NAME);

	*k = (struct kernel){ .line = row->line };
	if (!name[0]) {
		occ_error_set(err, OCC_EDATA, file, row->line, "Kernel Name", "the kernel name is empty");
		return false;
	}
	if (!ncu_read_dim3(field(s, row, C_BLOCK), k->block)) {
		bad(err, file, row->line, "Block Size", "not a block size:", field(s, row, C_BLOCK));
		return false;
	}
	if (!ncu_read_dim3(field(s, row, C_GRID), k->grid)) {
		bad(err, file, row->line, "Grid Size", "not a grid size:", field(s, row, C_GRID));
		return false;
	}
	if (cc[0] && !ncu_read_cc(cc, &k->cc_major, &k->cc_minor)) {
		bad(err, file, row->line, "CC", "not a compute capability:", cc);
		return false;
	}
	k->id_text = strdup(id);
	k->name = strdup(name);
	if (!k->id_text || !k->name) {
		kernel_reset(k);
		occ_error_set(err, OCC_EDATA, file, row->line, NULL, "out of memory");
		return false;
	}
	/* The Device column is the device's index ("0"), not its name. */
	if (dev[0] && !isdigit((unsigned char)dev[0]))
		str_copy(k->device, sizeof(k->device), dev);
	str_copy(k->process, sizeof(k->process), proc[0] ? proc : field(s, row, C_PROCESS_ID));
	str_copy(k->pid, sizeof(k->pid), field(s, row, C_PROCESS_ID));
	k->open = true;
	return true;
}

/* The ID's number, once the kernel's row is known to stay. */
static void kernel_id(struct import_state *s, const struct csv_row *row, struct report *r,
		      const char *file)
{
	bool over = false;

	s->k.id = import_info_int(r, field(s, row, C_ID), file, row->line, "ID");
	if (!s->k.id.present)
		return;
	s->k.id.value = checked_add(s->k.id.value, s->id_offset, &over);
	if (over) {
		import_drop(r, file, row->line, "ID", field(s, row, C_ID),
			    "is out of range after the outputs before it");
		s->k.id = (struct report_int){ 0 };
		return;
	}
	if (!s->any_id || s->k.id.value > s->id_max)
		s->id_max = s->k.id.value;
	s->any_id = true;
}

/* Stores text (in unit) as slot sl's value; false with err naming col. A
 * slot of information that cannot be read is dropped (import_drop) instead. */
static bool take(struct kernel *k, enum slot sl, const char *text, const char *unit,
		 double scale, struct report *r, const char *file, long line, const char *col,
		 struct occ_error *err)
{
	double v;
	int got;

	if (ncu_slot_kind[sl] == K_TEXT) {
		if (text[0] && strcasecmp(text, "n/a") != 0)
			str_copy(k->device, sizeof(k->device), text);
		return true;
	}
	got = scale == 0 ? -2 : ncu_read_scaled(sl, text, scale, &v);
	if (got == -2) {
		/* A value in another unit is another metric that shares the
		 * label: never a number of this one. */
		char why[96], shown[32];

		snprintf(why, sizeof(why), "is not the unit of this metric, %s",
			 ncu_kind_unit(ncu_slot_kind[sl]));
		if (ncu_slot_info[sl]) {
			import_drop(r, file, line, col, unit, why);
			return true;
		}
		str_sanitize(unit, shown, sizeof(shown));
		occ_error_set(err, OCC_EDATA, file, line, col, "\"%s\" %s", shown, why);
		return false;
	}
	if (got < 0 && ncu_slot_info[sl]) {
		import_drop(r, file, line, col, text, "is not a number of 0 or more");
		return true;
	}
	if (got < 0) {
		bad(err, file, line, col,
		    ncu_slot_kind[sl] == K_COUNT || ncu_slot_kind[sl] == K_BYTES ? "not a whole number:"
									 : "not a number:",
		    text);
		return false;
	}
	if (got > 0) {
		k->v[sl] = v;
		k->has[sl] = true;
	}
	return true;
}

/* ------------------------------------------------------------------------ */
/* Probing */

static struct import_state *state_new(const struct csv_row *h)
{
	struct import_state *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	for (int c = 0; c < C_N; c++)
		s->col[c] = csvread_column(h, col_names[c]);
	for (int i = 0; i < S_N; i++)
		s->slot_col[i] = -1;
	return s;
}

static void free_ncu(struct import_state *s)
{
	if (!s)
		return;
	kernel_reset(&s->k);
	for (int i = 0; i < S_N; i++)
		free(s->slot_unit[i]);
	free(s->pids);
	free(s->pid_runs);
	free(s->want);
	free(s);
}

static bool probe_details(const struct csv_row *h, struct import_state **state)
{
	struct import_state *s = state_new(h);

	if (!s)
		return false;
	if (s->col[C_ID] < 0 || s->col[C_NAME] < 0 || s->col[C_METRIC] < 0 ||
	    s->col[C_VALUE] < 0) {
		free_ncu(s);
		return false;
	}
	/* Nsight Compute 2019.x to 2021.x wrote a "Kernel Time" column (a date)
	 * where later versions write Block Size, Grid Size, Device and CC. */
	s->layout = csvread_column(h, "Kernel Time") >= 0 ? REPORT_NCU_KERNEL_TIME : REPORT_NCU_DETAILS;
	*state = s;
	return true;
}

/* Raw metric names have a "__" after their unit prefix (launch__grid_size):
 * maps the columns of those occview reads; the count of metric columns. */
static size_t map_raw(struct import_state *s, const struct csv_row *h)
{
	size_t metric_cols = 0;

	for (int i = 0; i < S_N; i++) {
		s->slot_col[i] = -1;
		free(s->slot_unit[i]);
		s->slot_unit[i] = NULL;
		s->slot_scale[i] = ncu_unit_scale((enum slot)i, "");
	}
	for (size_t i = 0; i < h->n; i++) {
		const struct metric *m;

		if (!strstr(h->fields[i], "__"))
			continue;
		metric_cols++;
		m = ncu_metric_find(h->fields[i]);
		if (m && s->slot_col[m->slot] < 0) {
			s->slot_col[m->slot] = (int)i;
			s->slot_name[m->slot] = m->name;
		}
	}
	s->n_mapped = 0;
	for (int pass = 0; pass < 2; pass++) {
		if (pass == 1)
			s->n_launch = s->n_mapped;
		for (int i = 0; i < S_N; i++)
			if (s->slot_col[i] >= 0 && ncu_slot_info[i] == (pass == 1))
				s->mapped[s->n_mapped++] = (unsigned char)i;
	}
	return metric_cols;
}

/* The raw page's columns row_raw reads, of a header of n columns: the
 * kernel's and the mapped metrics'. */
static void want_raw(struct import_state *s, size_t n)
{
	size_t words = n / 64 + 1;

	free(s->want);
	s->want_words = 0;
	s->want = calloc(words, sizeof(*s->want));
	if (!s->want)
		return;
	s->want_words = words;
	for (int c = 0; c < C_N; c++)
		if (s->col[c] >= 0)
			s->want[s->col[c] / 64] |= (uint64_t)1 << (s->col[c] % 64);
	for (int i = 0; i < S_N; i++)
		if (s->slot_col[i] >= 0)
			s->want[s->slot_col[i] / 64] |= (uint64_t)1 << (s->slot_col[i] % 64);
}

static const uint64_t *columns_raw(struct import_state *s, size_t *words)
{
	*words = s->want_words;
	return s->want;
}

static bool probe_raw(const struct csv_row *h, struct import_state **state)
{
	struct import_state *s = state_new(h);

	if (!s)
		return false;
	if (s->col[C_ID] < 0 || s->col[C_NAME] < 0 || s->col[C_METRIC] >= 0 || map_raw(s, h) == 0) {
		free_ncu(s);
		return false;
	}
	s->raw = true;
	s->layout = REPORT_NCU_RAW;
	want_raw(s, h->n);
	*state = s;
	return true;
}

/* The header again: another output appended to the file (its own
 * columns, which another --metrics list may have moved), and its IDs from
 * 0 again. Its rows are a run of their own. */
static bool header_again(const struct import_state *s, const struct csv_row *row)
{
	return strcmp(field(s, row, C_ID), col_names[C_ID]) == 0 &&
	       strcmp(field(s, row, C_NAME), col_names[C_NAME]) == 0;
}

static bool next_output(struct import_state *s, const struct csv_row *row, struct report *r,
			const char *file, struct occ_error *err)
{
	if (!kernel_emit(s, r, file, err))
		return false;
	for (int c = 0; c < C_N; c++)
		s->col[c] = csvread_column(row, col_names[c]);
	s->n_pids = 0;
	if (s->any_id)
		s->id_offset = s->id_max + 1;
	if ((s->col[C_METRIC] >= 0) == s->raw ||
	    (s->raw ? map_raw(s, row) == 0 : s->col[C_VALUE] < 0)) {
		occ_error_set(err, OCC_EDATA, file, row->line, NULL,
			      "another Nsight Compute page is appended here (the %s "
			      "page's header, not the %s page's): export each page to a "
			      "file of its own", s->raw ? "details" : "raw", s->raw ? "raw" : "details");
		return false;
	}
	if (s->raw)
		want_raw(s, row->n);
	s->units_read = false;
	return true;
}

/* ------------------------------------------------------------------------ */
/* Rows */

/* The number after the words at in text, or absent. */
static struct report_num number_after(const char *text, const char *at)
{
	const char *p = strstr(text, at);
	char *end;
	double v;

	if (!p)
		return (struct report_num){ 0 };
	v = strtod(p + strlen(at), &end);
	return end == p + strlen(at) || !isfinite(v) || v < 0 ? (struct report_num){ 0 }
							       : (struct report_num){ true, v };
}

/* Nsight Compute's IssueSlotUtilization rule (section SchedulerStats) words
 * its figures from one template: "each scheduler only issues an instruction
 * every 6.1 cycles", "Out of the maximum of 12 warps per scheduler, this
 * workload allocates an average of 1.83 active warps per scheduler, but only
 * an average of 0.19 warps were eligible per cycle". */
static void sched_from_rule(const char *text, struct report_sched *out)
{
	struct report_num every = number_after(text, "issues an instruction every ");

	if (every.present && every.value > 0)
		out->issued_warps = (struct report_num){ true, 1.0 / every.value };
	out->max_warps = number_after(text, "Out of the maximum of ");
	out->active_warps = number_after(text, "allocates an average of ");
	out->eligible_warps = number_after(text, "but only an average of ");
}

static bool take_rule(struct import_state *s, const struct csv_row *row, struct report *r,
		      const char *file, struct occ_error *err)
{
	struct report_num speedup = { 0 };
	const char *text = field(s, row, C_SPEEDUP);
	char *end;

	if (text[0]) {
		double v = strtod(text, &end);

		if (*end || !isfinite(v) || v < 0)
			import_drop(r, file, row->line, "Estimated Speedup", text, "is not a percentage");
		else
			speedup = (struct report_num){ true, v };
	}
	if (strcmp(field(s, row, C_RULE), "IssueSlotUtilization") == 0)
		sched_from_rule(field(s, row, C_RULE_TEXT), &s->k.from_rule);
	if (!report_rules_push(&s->k.rules, &s->k.n_rules, field(s, row, C_SECTION),
			       field(s, row, C_RULE), field(s, row, C_RULE_TYPE),
			       field(s, row, C_RULE_TEXT), field(s, row, C_SPEEDUP_TYPE), speedup)) {
		occ_error_set(err, OCC_EDATA, file, row->line, NULL, "out of memory");
		return false;
	}
	return true;
}

static bool row_details(struct import_state *s, const struct csv_row *row, struct report *r,
			const char *file, struct occ_error *err)
{
	const char *id = field(s, row, C_ID), *metric = field(s, row, C_METRIC);
	const struct metric *m;

	if (header_again(s, row))
		return next_output(s, row, r, file, err);
	if (!s->k.open || strcmp(s->k.id_text, id) != 0) {
		if (!kernel_emit(s, r, file, err))
			return false;
		if (!kernel_open(s, row, file, err))
			return false;
		kernel_id(s, row, r, file);
	}
	/* Rule rows: an empty Metric Name, the rule's result in Rule
	 * Description (and from 2023 its Estimated Speedup), kept in the
	 * profiler's words. */
	if (!metric[0] && field(s, row, C_RULE)[0] && field(s, row, C_RULE_TEXT)[0])
		return take_rule(s, row, r, file, err);
	if (!metric[0] || !(m = ncu_metric_find(metric)))
		return true;
	/* The same label in another section is another metric. */
	if (m->section && s->col[C_SECTION] >= 0 && field(s, row, C_SECTION)[0] &&
	    strncmp(field(s, row, C_SECTION), m->section, strlen(m->section)) != 0)
		return true;
	/* ncu writes "n/a" for a value it has not; an empty value, or none, is
	 * a row cut short (a truncated file): say so. */
	if (!field(s, row, C_VALUE)[0]) {
		if (ncu_slot_info[m->slot]) {
			import_drop(r, file, row->line, m->name, "",
				    "is no Metric Value (the row cut short?)");
			return true;
		}
		occ_error_set(err, OCC_EDATA, file, row->line, m->name,
			      "the row has no Metric Value (cut short?)");
		return false;
	}
	return take(&s->k, m->slot, field(s, row, C_VALUE), field(s, row, C_UNIT),
		    ncu_unit_scale(m->slot, field(s, row, C_UNIT)), r, file, row->line, m->name,
		    err);
}

static bool finish_details(struct import_state *s, struct report *r, const char *file,
			   struct occ_error *err)
{
	return kernel_emit(s, r, file, err);
}

/* The units row: "ns", "block", "byte/block", ... under the header, with an
 * empty ID and kernel name. */
static bool is_units_row(const struct import_state *s, const struct csv_row *row)
{
	return !field(s, row, C_ID)[0] && !field(s, row, C_NAME)[0];
}

/* A header that comes again is read whole (next_output maps its columns). */
static bool whole_raw(struct import_state *s, const struct csv_row *row)
{
	return header_again(s, row);
}

static bool row_raw(struct import_state *s, const struct csv_row *row, struct report *r,
		    const char *file, struct occ_error *err)
{
	struct kernel *k = &s->k;

	if (header_again(s, row))
		return next_output(s, row, r, file, err);
	if (!s->units_read) {
		s->units_read = true;
		if (is_units_row(s, row)) {
			for (int i = 0; i < S_N; i++) {
				if (s->slot_col[i] < 0)
					continue;
				s->slot_unit[i] = strdup(csvread_field(row, s->slot_col[i]));
				if (!s->slot_unit[i]) {
					occ_error_set(err, OCC_EDATA, file, row->line, NULL,
						      "out of memory");
					return false;
				}
				/* a column's unit is the file's: its scale worked
				 * out once, not for every row */
				s->slot_scale[i] = ncu_unit_scale((enum slot)i, s->slot_unit[i]);
			}
			return true;
		}
	}
	if (!kernel_open(s, row, file, err))
		return false;
	/* Every value the launch is made of first, so that a bad one adds no
	 * half-read record (nor drops a field of a row that goes). */
	for (int pass = 0; pass < 2; pass++) {
		if (pass == 1)
			kernel_id(s, row, r, file);
		for (int j = pass ? s->n_launch : 0; j < (pass ? s->n_mapped : s->n_launch); j++) {
			int i = s->mapped[j], c = s->slot_col[i];

			if (c >= (int)row->n && ncu_slot_info[i]) {
				import_drop(r, file, row->line, s->slot_name[i], "",
					    "is missing: the row ends before this column");
				continue;
			}
			if (c >= (int)row->n) {
				occ_error_set(err, OCC_EDATA, file, row->line, s->slot_name[i],
					      "the row ends after %zu fields, before this column",
					      row->n);
				kernel_reset(k);
				return false;
			}
			if (!take(k, (enum slot)i, csvread_field(row, c),
				  s->slot_unit[i] ? s->slot_unit[i] : "", s->slot_scale[i], r, file,
				  row->line,
				  s->slot_name[i], err)) {
				kernel_reset(k);
				return false;
			}
		}
	}
	return kernel_emit(s, r, file, err);
}

const struct import_class import_ncu_details = {
	.name = "Nsight Compute details",
	.probe = probe_details,
	.row = row_details,
	.finish = finish_details,
	/* A kernel is added when the next one starts (or at the end): final. */
	.pending = import_pending_none,
	.free_state = free_ncu,
};

const struct import_class import_ncu_raw = {
	.name = "Nsight Compute raw page",
	.probe = probe_raw,
	.row = row_raw,
	.pending = import_pending_none,
	.free_state = free_ncu,
	.columns = columns_raw,
	.whole = whole_raw,
};

/* ------------------------------------------------------------------------ */
/* Text output */

/* ncu without --csv: "  Section: Launch Statistics" headings and tables
 * whose header line reads "Metric Name   Metric Unit Metric Value". */
bool import_ncu_text_output(const char *text, size_t len, long *line)
{
	const char *p = text, *end = text + len;
	long n = 1;

	for (; p < end; n++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *e = nl ? nl : end;
		const char *s = p;
		size_t l;

		while (s < e && (*s == ' ' || *s == '\t'))
			s++;
		l = (size_t)(e - s);
		if ((l > 9 && memcmp(s, "Section: ", 9) == 0) ||
		    (l > 11 && memcmp(s, "Metric Name", 11) == 0 && !memchr(s, ',', l) &&
		     !memchr(s, '"', l))) {
			*line = n;
			return true;
		}
		p = nl ? nl + 1 : end;
	}
	return false;
}
