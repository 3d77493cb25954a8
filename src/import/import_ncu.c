/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* import_ncu.c - Nsight Compute CSV: the details page (one row per metric,
 * rows of one kernel share an ID) and the raw page (one row per kernel, a
 * units row under the header); and a recogniser for ncu's text output, which
 * is refused with the way to get a CSV. */
#include "config.h"

#include "import.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "checked.h"
#include "strutil.h"

/* What occview takes from a report, whichever name the file gives it. */
enum slot {
	S_REGISTERS,
	S_LIMIT_WARPS, S_LIMIT_BLOCKS, S_LIMIT_REGISTERS, S_LIMIT_SMEM, S_LIMIT_BARRIERS,
	S_THEORETICAL, S_THEORETICAL_WARPS, S_SCHEDULER_WARPS, S_WAVES,
	S_SMEM_CONFIG, S_DRIVER_SMEM, S_STATIC_SMEM, S_DYNAMIC_SMEM,
	S_SMEM_PER_BLOCK, S_SMEM_ALLOCATED, S_REGISTERS_ALLOCATED,
	S_BARRIERS,
	S_CLUSTER_X, S_CLUSTER_Y, S_CLUSTER_Z, S_CLUSTER_SIZE,
	S_CLUSTER_MAX_ACTIVE, S_CLUSTER_MAX_SIZE, S_CLUSTER_OCCUPANCY,
	S_SM_COUNT,      /* launch__sm_count, "# SMs" */
	S_SM_COUNT_DEV,  /* device__attribute_multiprocessor_count: second choice */
	S_ACHIEVED, S_ACHIEVED_WARPS,
	S_DURATION,
	S_BLOCK_X, S_BLOCK_Y, S_BLOCK_Z, S_BLOCK_SIZE,
	S_GRID_X, S_GRID_Y, S_GRID_Z, S_GRID_SIZE,
	S_CC_MAJOR, S_CC_MINOR,
	S_SCHED_ACTIVE, S_SCHED_ELIGIBLE, S_SCHED_ISSUED, S_SCHED_ISSUE_PCT, S_SCHED_NONE_PCT,
	S_SCHED_MAX, S_SM_THROUGHPUT, S_MEM_THROUGHPUT,
	S_DEVICE_NAME,   /* text */
	S_N
};

/* How a slot's value reads and scales. */
enum kind {
	K_COUNT,    /* a whole number; its unit (block, register/thread, ...) is a label */
	K_BYTES,    /* a whole number of bytes: byte, Kbyte, Mbyte, Gbyte (decimal) */
	K_TIME,     /* nanoseconds: ns, us, ms, s and nsecond, usecond, msecond, second */
	K_RATIO,    /* a number as written, in a unit that is a label: warps, waves */
	K_PERCENT,  /* a number as written, in "%" */
	K_TEXT,
};

static const enum kind slot_kind[S_N] = {
	[S_SMEM_CONFIG] = K_BYTES, [S_DRIVER_SMEM] = K_BYTES,
	[S_STATIC_SMEM] = K_BYTES, [S_DYNAMIC_SMEM] = K_BYTES,
	[S_SMEM_PER_BLOCK] = K_BYTES, [S_SMEM_ALLOCATED] = K_BYTES,
	[S_THEORETICAL] = K_PERCENT, [S_THEORETICAL_WARPS] = K_RATIO, [S_SCHEDULER_WARPS] = K_RATIO,
	[S_WAVES] = K_RATIO, [S_CLUSTER_OCCUPANCY] = K_PERCENT,
	[S_ACHIEVED] = K_PERCENT, [S_ACHIEVED_WARPS] = K_RATIO,
	[S_DURATION] = K_TIME,
	[S_SCHED_ACTIVE] = K_RATIO, [S_SCHED_ELIGIBLE] = K_RATIO, [S_SCHED_ISSUED] = K_RATIO,
	[S_SCHED_ISSUE_PCT] = K_PERCENT, [S_SCHED_NONE_PCT] = K_PERCENT, [S_SCHED_MAX] = K_RATIO,
	[S_SM_THROUGHPUT] = K_PERCENT, [S_MEM_THROUGHPUT] = K_PERCENT,
	[S_DEVICE_NAME] = K_TEXT,
};

/* Slots that do not change the occupancy of the launch (import.h): a value
 * that cannot be read is left absent, and its row kept. The SM count only
 * sizes the waves, and the database has the device's. */
static const bool slot_info[S_N] = {
	[S_LIMIT_WARPS] = true, [S_LIMIT_BLOCKS] = true, [S_LIMIT_REGISTERS] = true,
	[S_LIMIT_SMEM] = true, [S_LIMIT_BARRIERS] = true,
	[S_THEORETICAL] = true, [S_THEORETICAL_WARPS] = true, [S_WAVES] = true,
	[S_SMEM_PER_BLOCK] = true, [S_SMEM_ALLOCATED] = true, [S_REGISTERS_ALLOCATED] = true,
	[S_SM_COUNT] = true, [S_SM_COUNT_DEV] = true,
	[S_ACHIEVED] = true, [S_ACHIEVED_WARPS] = true,
	[S_DURATION] = true,
	[S_SCHED_ACTIVE] = true, [S_SCHED_ELIGIBLE] = true, [S_SCHED_ISSUED] = true,
	[S_SCHED_ISSUE_PCT] = true, [S_SCHED_NONE_PCT] = true, [S_SCHED_MAX] = true,
	[S_SM_THROUGHPUT] = true, [S_MEM_THROUGHPUT] = true,
	[S_CLUSTER_MAX_ACTIVE] = true, [S_CLUSTER_MAX_SIZE] = true, [S_CLUSTER_OCCUPANCY] = true,
};

/* A metric is its section, its name and its unit (the slot's kind): the
 * details page has two rows named "Memory Throughput", a percentage in GPU
 * Speed Of Light and a Gbyte/s figure in Memory Workload Analysis, and only
 * the first is the "% of peak" the rules read. */
struct metric {
	const char *name;
	enum slot slot;
	/* The details page's Section Name the label belongs to, as a prefix
	 * (2019 to 2021 wrote "GPU Speed Of Light", later versions "GPU Speed
	 * Of Light Throughput"); NULL for raw metric names, which are unique. */
	const char *section;
};

#define SEC_SOL "GPU Speed Of Light"
#define SEC_LAUNCH "Launch Statistics"
#define SEC_OCC "Occupancy"
#define SEC_SCHED "Scheduler Statistics"

/* Sorted by strcmp (checked by a test): display labels of the details page
 * sections and raw metric names, which the raw page and --metrics runs use.
 * "Block Size" and "Grid Size" as metrics are totals (threads per block,
 * blocks). Both registers metrics exist: the occupancy uses the per-thread
 * count, and the allocated one is Nsight Compute's own figure, compared. */
static const struct metric metrics[] = {
	{ "# SMs", S_SM_COUNT, SEC_LAUNCH },
	{ "Achieved Active Warps Per SM", S_ACHIEVED_WARPS, SEC_OCC },
	{ "Achieved Occupancy", S_ACHIEVED, SEC_OCC },
	{ "Active Warps Per Scheduler", S_SCHED_ACTIVE, SEC_SCHED },
	{ "Block Limit Barriers", S_LIMIT_BARRIERS, SEC_OCC },
	{ "Block Limit Registers", S_LIMIT_REGISTERS, SEC_OCC },
	{ "Block Limit SM", S_LIMIT_BLOCKS, SEC_OCC },
	{ "Block Limit Shared Mem", S_LIMIT_SMEM, SEC_OCC },
	{ "Block Limit Warps", S_LIMIT_WARPS, SEC_OCC },
	{ "Block Size", S_BLOCK_SIZE, SEC_LAUNCH },
	{ "Cluster Occupancy", S_CLUSTER_OCCUPANCY, SEC_OCC },
	{ "Cluster Size", S_CLUSTER_SIZE, SEC_LAUNCH },
	{ "Compute (SM) Throughput", S_SM_THROUGHPUT, SEC_SOL },
	{ "Driver Shared Memory Per Block", S_DRIVER_SMEM, SEC_LAUNCH },
	{ "Duration", S_DURATION, SEC_SOL },
	{ "Dynamic Shared Memory Per Block", S_DYNAMIC_SMEM, SEC_LAUNCH },
	{ "Eligible Warps Per Scheduler", S_SCHED_ELIGIBLE, SEC_SCHED },
	{ "Grid Size", S_GRID_SIZE, SEC_LAUNCH },
	{ "Issued Warp Per Scheduler", S_SCHED_ISSUED, SEC_SCHED },
	{ "Max Active Clusters", S_CLUSTER_MAX_ACTIVE, SEC_OCC },
	{ "Max Cluster Size", S_CLUSTER_MAX_SIZE, SEC_OCC },
	{ "Memory Throughput", S_MEM_THROUGHPUT, SEC_SOL },
	{ "No Eligible", S_SCHED_NONE_PCT, SEC_SCHED },
	{ "One or More Eligible", S_SCHED_ISSUE_PCT, SEC_SCHED },
	{ "Registers Per Thread", S_REGISTERS, SEC_LAUNCH },
	{ "Shared Memory Configuration Size", S_SMEM_CONFIG, SEC_LAUNCH },
	{ "Static Shared Memory Per Block", S_STATIC_SMEM, SEC_LAUNCH },
	{ "Theoretical Active Warps per SM", S_THEORETICAL_WARPS, SEC_OCC },
	{ "Theoretical Occupancy", S_THEORETICAL, SEC_OCC },
	{ "Waves Per SM", S_WAVES, SEC_LAUNCH },
	{ "device__attribute_compute_capability_major", S_CC_MAJOR, NULL },
	{ "device__attribute_compute_capability_minor", S_CC_MINOR, NULL },
	{ "device__attribute_display_name", S_DEVICE_NAME, NULL },
	{ "device__attribute_multiprocessor_count", S_SM_COUNT_DEV, NULL },
	{ "gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed", S_MEM_THROUGHPUT, NULL },
	{ "gpu__time_duration.sum", S_DURATION, NULL },
	{ "launch__barrier_count", S_BARRIERS, NULL },
	{ "launch__block_dim_x", S_BLOCK_X, NULL },
	{ "launch__block_dim_y", S_BLOCK_Y, NULL },
	{ "launch__block_dim_z", S_BLOCK_Z, NULL },
	{ "launch__block_size", S_BLOCK_SIZE, NULL },
	{ "launch__cluster_dim_x", S_CLUSTER_X, NULL },
	{ "launch__cluster_dim_y", S_CLUSTER_Y, NULL },
	{ "launch__cluster_dim_z", S_CLUSTER_Z, NULL },
	{ "launch__cluster_max_active", S_CLUSTER_MAX_ACTIVE, NULL },
	{ "launch__cluster_max_potential_size", S_CLUSTER_MAX_SIZE, NULL },
	{ "launch__grid_dim_x", S_GRID_X, NULL },
	{ "launch__grid_dim_y", S_GRID_Y, NULL },
	{ "launch__grid_dim_z", S_GRID_Z, NULL },
	{ "launch__grid_size", S_GRID_SIZE, NULL },
	{ "launch__occupancy_cluster_pct", S_CLUSTER_OCCUPANCY, NULL },
	{ "launch__occupancy_limit_barriers", S_LIMIT_BARRIERS, NULL },
	{ "launch__occupancy_limit_blocks", S_LIMIT_BLOCKS, NULL },
	{ "launch__occupancy_limit_registers", S_LIMIT_REGISTERS, NULL },
	{ "launch__occupancy_limit_shared_mem", S_LIMIT_SMEM, NULL },
	{ "launch__occupancy_limit_warps", S_LIMIT_WARPS, NULL },
	{ "launch__registers_per_thread", S_REGISTERS, NULL },
	{ "launch__registers_per_thread_allocated", S_REGISTERS_ALLOCATED, NULL },
	{ "launch__shared_mem_config_size", S_SMEM_CONFIG, NULL },
	{ "launch__shared_mem_per_block", S_SMEM_PER_BLOCK, NULL },
	{ "launch__shared_mem_per_block_allocated", S_SMEM_ALLOCATED, NULL },
	{ "launch__shared_mem_per_block_driver", S_DRIVER_SMEM, NULL },
	{ "launch__shared_mem_per_block_dynamic", S_DYNAMIC_SMEM, NULL },
	{ "launch__shared_mem_per_block_static", S_STATIC_SMEM, NULL },
	{ "launch__sm_count", S_SM_COUNT, NULL },
	{ "launch__waves_per_multiprocessor", S_WAVES, NULL },
	{ "sm__maximum_warps_avg_per_active_cycle", S_THEORETICAL_WARPS, NULL },
	{ "sm__maximum_warps_per_active_cycle_pct", S_THEORETICAL, NULL },
	{ "sm__throughput.avg.pct_of_peak_sustained_elapsed", S_SM_THROUGHPUT, NULL },
	{ "sm__warps_active.avg.pct_of_peak_sustained_active", S_ACHIEVED, NULL },
	{ "sm__warps_active.avg.per_cycle_active", S_ACHIEVED_WARPS, NULL },
	{ "smsp__issue_active.avg.pct_of_peak_sustained_active", S_SCHED_ISSUE_PCT, NULL },
	{ "smsp__issue_active.avg.per_cycle_active", S_SCHED_ISSUED, NULL },
	{ "smsp__issue_inst0.avg.pct_of_peak_sustained_active", S_SCHED_NONE_PCT, NULL },
	{ "smsp__maximum_warps_avg_per_active_cycle", S_SCHEDULER_WARPS, NULL },
	{ "smsp__warps_active.avg.peak_sustained", S_SCHED_MAX, NULL },
	{ "smsp__warps_active.avg.per_cycle_active", S_SCHED_ACTIVE, NULL },
	{ "smsp__warps_eligible.avg.per_cycle_active", S_SCHED_ELIGIBLE, NULL },
};

#define N_METRICS (sizeof(metrics) / sizeof(metrics[0]))

static int cmp_metric(const void *key, const void *m)
{
	return strcmp(key, ((const struct metric *)m)->name);
}

static const struct metric *find_metric(const char *name)
{
	return bsearch(name, metrics, N_METRICS, sizeof(metrics[0]), cmp_metric);
}

bool import_ncu_table_sorted(void)
{
	for (size_t i = 1; i < N_METRICS; i++)
		if (strcmp(metrics[i - 1].name, metrics[i].name) >= 0)
			return false;
	return true;
}

/* ------------------------------------------------------------------------ */
/* Units */

struct unit {
	const char *unit;
	double scale;   /* to the base unit: bytes, nanoseconds */
};

static const struct unit bytes_units[] = {
	{ "byte", 1 }, { "Kbyte", 1e3 }, { "Mbyte", 1e6 }, { "Gbyte", 1e9 },
	{ "Tbyte", 1e12 }, { "B", 1 }, { "KB", 1e3 }, { "MB", 1e6 }, { "GB", 1e9 },
};
static const struct unit time_units[] = {
	{ "ns", 1 }, { "nsecond", 1 }, { "us", 1e3 }, { "usecond", 1e3 },
	{ "ms", 1e6 }, { "msecond", 1e6 }, { "s", 1e9 }, { "second", 1e9 },
};

#define N_UNITS(t) (sizeof(t) / sizeof((t)[0]))

/* The scale of the n bytes at unit in table t; 0 when it is none of them. */
static double unit_in(const char *unit, size_t n, const struct unit *t, size_t count)
{
	for (size_t i = 0; i < count; i++)
		if (strlen(t[i].unit) == n && strncmp(unit, t[i].unit, n) == 0)
			return t[i].scale;
	return 0;
}

/* "Gbyte/s", "cycle/second", "cycle/usecond", "Ghz": a rate, which no slot
 * is (Memory Workload Analysis's "Memory Throughput" is one). */
static bool is_rate(const char *unit)
{
	const char *slash = strrchr(unit, '/');
	size_t n = strlen(unit);

	if (slash && unit_in(slash + 1, strlen(slash + 1), time_units, N_UNITS(time_units)))
		return true;
	return n >= 2 && strcasecmp(unit + n - 2, "hz") == 0;
}

/* The factor from unit to the slot's base unit; 0 when the unit is not one
 * of the kind's: a percentage is "%", a size bytes, a time seconds, and a
 * count or ratio has a unit that is a label (warp, block, register/thread)
 * and none of those. An empty unit is the base unit. */
static double unit_scale(enum kind k, const char *unit)
{
	/* "byte/block", "Kbyte/block": the per-block part is a label. */
	size_t n = strcspn(unit, "/");

	if (!unit[0] || k == K_TEXT)
		return 1;
	if (k == K_PERCENT)
		return strcmp(unit, "%") == 0;
	if (is_rate(unit))
		return 0;
	if (k == K_BYTES)
		return unit_in(unit, n, bytes_units, N_UNITS(bytes_units));
	if (k == K_TIME)
		return strchr(unit, '/') ? 0 : unit_in(unit, n, time_units, N_UNITS(time_units));
	/* A count or a ratio: any label but a percentage, a size or a time. */
	if (strcmp(unit, "%") == 0 || unit_in(unit, n, bytes_units, N_UNITS(bytes_units)) ||
	    unit_in(unit, n, time_units, N_UNITS(time_units)))
		return 0;
	return 1;
}

/* What a slot's unit must be, for the message that refuses another. */
static const char *kind_unit(enum kind k)
{
	switch (k) {
	case K_PERCENT:
		return "a percentage (%)";
	case K_BYTES:
		return "a size in bytes";
	case K_TIME:
		return "a time";
	default:
		return "a count (no percentage, size, time or rate)";
	}
}

/* Bytes printed in a decimal multiple lose digits: "1.02 Kbyte" is any of
 * 1015..1025 bytes. Shared memory sizes are allocated in 128-byte granules
 * (configurations and the driver's reservation are multiples of 1 KiB), so
 * the multiple of 128 inside that interval is taken when there is exactly
 * one (the interval is narrower than 128 bytes): the
 * corpus's text pages print 1.02, 8.19, 32.77, 65.54, 230.40 and 233.47
 * Kbyte where the raw page and the device attributes say 1024, 8192, 32768,
 * 65536, 230400 and 233472 bytes. Otherwise the nearest byte. */
static double snap_bytes(double value, const char *text, double scale)
{
	const char *dot = strchr(text, '.');
	int decimals = 0;
	double half, lo, hi, g;

	if (scale == 1)
		return value;
	if (dot)
		while (isdigit((unsigned char)dot[1 + decimals]))
			decimals++;
	half = 0.5 * scale * pow(10, -decimals);
	lo = value * scale - half;
	hi = value * scale + half;
	g = ceil(lo / 128) * 128;
	if (hi - lo < 128 && g <= hi)
		return g;
	return round(value * scale);
}

/* Reads text in unit as slot k's value. 1: read; 0: absent; -1: not a
 * number (or a fraction where a whole number belongs); -2: unknown unit. */
static int read_value(enum slot sl, const char *text, const char *unit, double *out)
{
	enum kind k = slot_kind[sl];
	double scale = unit_scale(k, unit);
	struct report_num n;

	if (scale == 0)
		return -2;
	if (k == K_COUNT || (k == K_BYTES && scale == 1)) {
		struct report_int v;

		if (!import_int(text, &v))
			return -1;
		if (!v.present)
			return 0;
		if (v.value < 0)
			return -1;
		*out = (double)v.value;
		return 1;
	}
	if (!import_num(text, &n))
		return -1;
	if (!n.present)
		return 0;
	if (n.value < 0)
		return -1;
	*out = k == K_BYTES ? snap_bytes(n.value, text, scale) : n.value * scale;
	return 1;
}

/* "(32, 16, 1)" or "192"; false when it is neither. */
static bool read_dim3(const char *text, struct report_int out[3])
{
	const char *p = text;
	int64_t v[3] = { 1, 1, 1 };
	int n = 0;

	while (isspace((unsigned char)*p))
		p++;
	if (*p == '\0' || strncasecmp(p, "n/a", 3) == 0)
		return true;
	if (*p != '(') {
		struct report_int t;

		if (!import_int(p, &t) || !t.present || t.value < 0)
			return false;
		out[0] = t;
		out[1] = out[2] = (struct report_int){ true, 1 };
		return true;
	}
	p++;
	for (n = 0; n < 3; n++) {
		char *end;
		long long x;

		while (isspace((unsigned char)*p))
			p++;
		if (!isdigit((unsigned char)*p))
			return false;
		x = strtoll(p, &end, 10);
		if (x < 0 || x > INT64_MAX / 2)
			return false;
		v[n] = x;
		p = end;
		while (isspace((unsigned char)*p))
			p++;
		if (*p == ')')
			break;
		if (*p != ',')
			return false;
		p++;
	}
	if (n >= 3 || *p != ')')
		return false;
	for (p++; isspace((unsigned char)*p); p++)
		;
	if (*p)
		return false;
	for (int d = 0; d < 3; d++)
		out[d] = (struct report_int){ true, v[d] };
	return true;
}

/* "8.0" -> 8, 0. */
static bool read_cc(const char *text, struct report_int *major, struct report_int *minor)
{
	char *end;
	long a, b;

	if (!isdigit((unsigned char)text[0]))
		return false;
	a = strtol(text, &end, 10);
	if (*end != '.' || !isdigit((unsigned char)end[1]))
		return false;
	b = strtol(end + 1, &end, 10);
	if (*end || a > 99 || b > 99)
		return false;
	*major = (struct report_int){ true, a };
	*minor = (struct report_int){ true, b };
	return true;
}

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
	const char *slot_name[S_N];   /* the column's name, for messages (static) */
	bool units_read;
	struct kernel k;
};

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

/* Appends the kernel as a record. */
static bool kernel_emit(struct import_state *s, struct report *r, const char *file,
			struct occ_error *err)
{
	struct kernel *k = &s->k;
	struct report_record *rec;

	if (!k->open)
		return true;
	rec = report_add(r, k->line);
	if (!rec) {
		occ_error_set(err, OCC_EDATA, file, k->line, NULL, "out of memory");
		return false;
	}
	rec->name = k->name;
	k->name = NULL;
	rec->short_name = report_intern_short_name(r, rec->name);
	rec->process = report_intern(r, k->process, REPORT_TEXT);
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
	if (!read_dim3(field(s, row, C_BLOCK), k->block)) {
		bad(err, file, row->line, "Block Size", "not a block size:", field(s, row, C_BLOCK));
		return false;
	}
	if (!read_dim3(field(s, row, C_GRID), k->grid)) {
		bad(err, file, row->line, "Grid Size", "not a grid size:", field(s, row, C_GRID));
		return false;
	}
	if (cc[0] && !read_cc(cc, &k->cc_major, &k->cc_minor)) {
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
	k->open = true;
	return true;
}

/* The ID's number, once the kernel's row is known to stay. */
static void kernel_id(struct import_state *s, const struct csv_row *row, struct report *r,
		      const char *file)
{
	s->k.id = import_info_int(r, field(s, row, C_ID), file, row->line, "ID");
}

/* Stores text (in unit) as slot sl's value; false with err naming col. A
 * slot of information that cannot be read is dropped (import_drop) instead. */
static bool take(struct kernel *k, enum slot sl, const char *text, const char *unit,
		 struct report *r, const char *file, long line, const char *col,
		 struct occ_error *err)
{
	double v;
	int got;

	if (slot_kind[sl] == K_TEXT) {
		if (text[0] && strcasecmp(text, "n/a") != 0)
			str_copy(k->device, sizeof(k->device), text);
		return true;
	}
	got = read_value(sl, text, unit, &v);
	if (got == -2) {
		/* A value in another unit is another metric that shares the
		 * label: never a number of this one. */
		char why[96], shown[32];

		snprintf(why, sizeof(why), "is not the unit of this metric, %s",
			 kind_unit(slot_kind[sl]));
		if (slot_info[sl]) {
			import_drop(r, file, line, col, unit, why);
			return true;
		}
		str_sanitize(unit, shown, sizeof(shown));
		occ_error_set(err, OCC_EDATA, file, line, col, "\"%s\" %s", shown, why);
		return false;
	}
	if (got < 0 && slot_info[sl]) {
		import_drop(r, file, line, col, text, "is not a number of 0 or more");
		return true;
	}
	if (got < 0) {
		bad(err, file, line, col,
		    slot_kind[sl] == K_COUNT || slot_kind[sl] == K_BYTES ? "not a whole number:"
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

/* Raw metric names have a "__" after their unit prefix (launch__grid_size). */
static bool probe_raw(const struct csv_row *h, struct import_state **state)
{
	struct import_state *s = state_new(h);
	size_t metric_cols = 0;

	if (!s)
		return false;
	if (s->col[C_ID] < 0 || s->col[C_NAME] < 0 || s->col[C_METRIC] >= 0)
		goto no;
	for (size_t i = 0; i < h->n; i++) {
		const struct metric *m;

		if (!strstr(h->fields[i], "__"))
			continue;
		metric_cols++;
		m = find_metric(h->fields[i]);
		if (m && s->slot_col[m->slot] < 0) {
			s->slot_col[m->slot] = (int)i;
			s->slot_name[m->slot] = m->name;
		}
	}
	if (metric_cols == 0)
		goto no;
	s->raw = true;
	s->layout = REPORT_NCU_RAW;
	*state = s;
	return true;
no:
	free_ncu(s);
	return false;
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
	if (!metric[0] || !(m = find_metric(metric)))
		return true;
	/* The same label in another section is another metric. */
	if (m->section && s->col[C_SECTION] >= 0 && field(s, row, C_SECTION)[0] &&
	    strncmp(field(s, row, C_SECTION), m->section, strlen(m->section)) != 0)
		return true;
	/* ncu writes "n/a" for a value it has not; an empty value, or none, is
	 * a row cut short (a truncated file): say so. */
	if (!field(s, row, C_VALUE)[0]) {
		if (slot_info[m->slot]) {
			import_drop(r, file, row->line, m->name, "",
				    "is no Metric Value (the row cut short?)");
			return true;
		}
		occ_error_set(err, OCC_EDATA, file, row->line, m->name,
			      "the row has no Metric Value (cut short?)");
		return false;
	}
	return take(&s->k, m->slot, field(s, row, C_VALUE), field(s, row, C_UNIT), r, file,
		    row->line, m->name, err);
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

static bool row_raw(struct import_state *s, const struct csv_row *row, struct report *r,
		    const char *file, struct occ_error *err)
{
	struct kernel *k = &s->k;

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
		for (int i = 0; i < S_N; i++) {
			int c = s->slot_col[i];

			if (c < 0 || slot_info[i] != (pass == 1))
				continue;
			if (c >= (int)row->n && slot_info[i]) {
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
				  s->slot_unit[i] ? s->slot_unit[i] : "", r, file, row->line,
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
