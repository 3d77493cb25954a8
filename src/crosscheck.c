/* crosscheck.c - Nsight Compute's own occupancy figures for a kernel record
 * beside occview's, compared as Nsight Compute prints them. */
#include "config.h"

#include "crosscheck.h"

#include <math.h>
#include <stdio.h>

/* Theoretical occupancy and waves per SM are printed with two decimals. */
#define PRINTED_ROUNDING (0.005 + 1e-9)

static const struct {
	const char *label, *key;
	bool decimals;
} fields[CROSSCHECK_N_FIELDS] = {
	[CROSSCHECK_WARPS] = { "Block Limit Warps", "block_limit_warps", false },
	[CROSSCHECK_BLOCKS] = { "Block Limit SM", "block_limit_blocks", false },
	[CROSSCHECK_REGISTERS] = { "Block Limit Registers", "block_limit_registers", false },
	[CROSSCHECK_SHARED_MEM] = { "Block Limit Shared Mem", "block_limit_shared_mem", false },
	[CROSSCHECK_BARRIERS] = { "Block Limit Barriers", "block_limit_barriers", false },
	[CROSSCHECK_THEORETICAL] = { "Theoretical Occupancy", "theoretical_occupancy_pct", true },
	[CROSSCHECK_WAVES] = { "Waves Per SM", "waves_per_sm", true },
	[CROSSCHECK_DRIVER_SMEM] = { "Driver Shared Memory Per Block", "driver_shared_mem_per_block_bytes", false },
};

const char *crosscheck_label(enum crosscheck_field f)
{
	return (unsigned)f < CROSSCHECK_N_FIELDS ? fields[f].label : "?";
}

const char *crosscheck_key(enum crosscheck_field f)
{
	return (unsigned)f < CROSSCHECK_N_FIELDS ? fields[f].key : "?";
}

void crosscheck_value_text(enum crosscheck_field f, double v, char *buf, size_t size)
{
	if ((unsigned)f < CROSSCHECK_N_FIELDS && fields[f].decimals)
		snprintf(buf, size, "%.2f", v);
	else
		snprintf(buf, size, "%.0f", v);
}

int crosscheck_count(uint16_t bits)
{
	int n = 0;

	for (; bits; bits &= (uint16_t)(bits - 1))
		n++;
	return n;
}

static void put(struct crosscheck *c, enum crosscheck_field f, double report, double occview)
{
	bool differs = fields[f].decimals ? fabs(report - occview) > PRINTED_ROUNDING
					  : report != occview;

	c->compared |= (uint16_t)(1u << f);
	if (differs)
		c->disagree |= (uint16_t)(1u << f);
	c->report[f] = (float)report;
	c->occview[f] = (float)occview;
}

/* A block limit as Nsight Compute prints it: never above the SM's maximum. */
static double capped(int limit, int max_blocks)
{
	return limit == OCC_UNLIMITED || limit > max_blocks ? max_blocks : limit;
}

void crosscheck_compare(const struct report_record *rec, const struct gpu_arch *arch,
			const struct occ_result *r, const struct waves *w, struct crosscheck *out)
{
	static const struct { enum crosscheck_field field; enum occ_factor factor; } limits[] = {
		{ CROSSCHECK_WARPS, OCC_WARPS }, { CROSSCHECK_BLOCKS, OCC_BLOCKS },
		{ CROSSCHECK_REGISTERS, OCC_REGISTERS }, { CROSSCHECK_SHARED_MEM, OCC_SHARED_MEM },
		{ CROSSCHECK_BARRIERS, OCC_BARRIERS },
	};
	const struct report_int *given[] = {
		&rec->limit_warps, &rec->limit_blocks, &rec->limit_registers, &rec->limit_smem,
		&rec->limit_barriers,
	};

	*out = (struct crosscheck){ 0 };
	/* Nsight Compute's figures are NVIDIA's model; AMD reports carry none. */
	if (arch->vendor != GPU_NVIDIA)
		return;
	for (size_t i = 0; i < sizeof(limits) / sizeof(limits[0]); i++) {
		if (!given[i]->present)
			continue;
		/* Without the barrier count the report's limit is of a count occview
		 * only assumed. */
		if (limits[i].field == CROSSCHECK_BARRIERS && !rec->barriers.present)
			continue;
		put(out, limits[i].field, (double)given[i]->value,
		    capped(r->block_limit[limits[i].factor], arch->max_blocks_per_sm));
	}
	if (rec->theoretical_occupancy_pct.present) {
		put(out, CROSSCHECK_THEORETICAL, rec->theoretical_occupancy_pct.value,
		    r->theoretical_occupancy_pct);
		/* A figure printed more coarsely than Nsight Compute's two
		 * decimals (the CUDA profiler's fraction "0.167") is allowed the
		 * rounding of its own last digit. */
		if (rec->theoretical_step_pct.present &&
		    fabs(rec->theoretical_occupancy_pct.value - r->theoretical_occupancy_pct) <=
			    rec->theoretical_step_pct.value / 2 + 1e-9)
			out->disagree &= (uint16_t)~(1u << CROSSCHECK_THEORETICAL);
	}
	if (rec->waves_per_sm.present)
		put(out, CROSSCHECK_WAVES, rec->waves_per_sm.value, w->waves_per_sm);
	if (rec->driver_smem_bytes.present)
		put(out, CROSSCHECK_DRIVER_SMEM, (double)rec->driver_smem_bytes.value,
		    arch->smem_reserved_per_block_bytes);
}
