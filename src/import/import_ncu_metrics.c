/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* import_ncu_metrics.c - the metrics the Nsight Compute reader takes, each
 * identified by section, name and unit family, and how their values read. */
#include "config.h"

#include "import_ncu_metrics.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "import.h"

const enum kind ncu_slot_kind[S_N] = {
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
const bool ncu_slot_info[S_N] = {
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

const struct metric *ncu_metric_find(const char *name)
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
const char *ncu_kind_unit(enum kind k)
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
double ncu_unit_scale(enum slot sl, const char *unit)
{
	return unit_scale(ncu_slot_kind[sl], unit);
}

int ncu_read_value(enum slot sl, const char *text, const char *unit, double *out)
{
	double scale = ncu_unit_scale(sl, unit);

	if (scale == 0)
		return -2;
	return ncu_read_scaled(sl, text, scale, out);
}

int ncu_read_scaled(enum slot sl, const char *text, double scale, double *out)
{
	enum kind k = ncu_slot_kind[sl];
	struct report_num n;

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
bool ncu_read_dim3(const char *text, struct report_int out[3])
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
		int64_t x = 0;

		while (isspace((unsigned char)*p))
			p++;
		if (!isdigit((unsigned char)*p))
			return false;
		/* the digits' value, refused past INT64_MAX / 2 (a loop: strtoll
		 * was most of a kernel's launch columns) */
		for (; isdigit((unsigned char)*p); p++) {
			int d = *p - '0';

			if (x > (INT64_MAX / 2 - d) / 10)
				return false;
			x = x * 10 + d;
		}
		v[n] = x;
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
bool ncu_read_cc(const char *text, struct report_int *major, struct report_int *minor)
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
