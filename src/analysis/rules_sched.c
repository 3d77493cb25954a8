/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* rules_sched.c - findings on where blocks land: clusters that leave SMs
 * unused, and a launch held to a partition of the GPU. */
#include "config.h"

#include "rules_sched.h"

#include "rules_sink.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "engine.h"
#include "gpcs.h"
#include "strutil.h"

/* The largest cluster size below the launch's that keeps every block slot
 * busy whatever the GPC layout, and that divides the grid (else CUDA refuses
 * the launch); 0 where none above 1 does. */
static int filling_size(const struct rules_input *ri)
{
	const struct sched *s = ri->sched;
	int64_t slots = (int64_t)s->units * s->blocks_per_unit;

	for (int c = s->cluster_size - 1; c > 1; c--) {
		struct sched t;

		if (ri->grid_size % c)
			continue;
		sched_init(&t, ri->gpu, s->units, s->blocks_per_unit, c, NULL);
		if (t.per_wave_min == slots)
			return c;
	}
	return 0;
}

static void cluster_occupancy(struct rules_sink *o, const struct rules_input *ri)
{
	const struct sched *s = ri->sched;
	const struct cluster_result *cl = ri->cl;
	int64_t slots = (int64_t)s->units * s->blocks_per_unit;
	struct finding *f;
	char active[48];
	int fill;

	if (!cl || !cl->applies || s->cluster_size < 1 || s->per_wave_min == slots)
		return;
	if (s->per_wave == 0) {
		/* Not even one: CUDA refuses the launch (cudaErrorClusterOutOfResources). */
		rules_add(o, "cluster_cannot_run", RULES_ERROR, "No cluster fits in a GPC",
		    "A cluster of %d blocks runs on the SMs of one GPC, and at %d block%s per SM "
		    "no GPC of the %d SMs the launch may use holds one, whatever the layout: "
		    "nothing runs. The largest cluster that fits is %d.", s->cluster_size,
		    s->blocks_per_unit, s->blocks_per_unit == 1 ? "" : "s", s->units,
		    cl->max_size_nonportable_max);
		return;
	}
	cluster_active_text(cl, active, sizeof(active));
	f = rules_add(o, "cluster_occupancy", RULES_WARNING, "Clusters leave SMs' block slots unused",
		"The blocks of a cluster run on the SMs of one GPC, so each GPC holds whole "
		"clusters of %d blocks only: %s clusters are resident at once (%s), ",
		s->cluster_size, active, cluster_bound_word(cl->bound));
	if (s->per_wave_min >= 0 && s->per_wave_min != s->per_wave)
		rules_more(f, "%lld-%lld blocks", (long long)s->per_wave_min, (long long)s->per_wave);
	else if (s->per_wave_min < 0)
		rules_more(f, "at most %lld blocks", (long long)s->per_wave);
	else
		rules_more(f, "%lld blocks", (long long)s->per_wave);
	rules_more(f, " of the %d SMs x %d = %lld block slots", s->units, s->blocks_per_unit,
	     (long long)slots);
	if (cl->occupancy_pct_min >= 0 && cl->occupancy_pct_min != cl->occupancy_pct_max)
		rules_more(f, " (cluster occupancy %.1f-%.1f%%).", cl->occupancy_pct_min,
		     cl->occupancy_pct_max);
	else if (cl->occupancy_pct_min >= 0)
		rules_more(f, " (cluster occupancy %.1f%%).", cl->occupancy_pct_max);
	else
		rules_more(f, " (cluster occupancy at most %.1f%%).", cl->occupancy_pct_max);
	if (s->n_groups > 1) {
		int first = 1;

		for (int g = 0; g < s->n_groups; g++) {
			int64_t room = (int64_t)s->group_units[g] * s->blocks_per_unit;

			if (s->group_blocks[g] == room)
				continue;
			rules_more(f, "%s GPC %d (%d SMs) holds %lld of %lld", first ? " Unused:" : ";", g,
			     s->group_units[g], (long long)s->group_blocks[g], (long long)room);
			first = 0;
		}
		rules_more(f, ".");
	} else if (cl->bound != CLUSTER_EXACT) {
		rules_more(f, " How the SMs spread over the GPCs is not published for this part, so "
		     "the figures are bounds over every layout that fits.");
	} else {
		rules_more(f, " %d SMs get no block.", s->units - sched_units_used(s));
	}
	fill = filling_size(ri);
	if (fill > 0)
		rules_more(f, " A cluster size of %d fills every SM whatever the layout.", fill);
	else
		rules_more(f, " No smaller cluster size that divides the grid of %lld blocks fills "
		     "every SM on every layout.", (long long)ri->grid_size);
}

static void partition(struct rules_sink *o, const struct rules_input *ri)
{
	const struct sched *s = ri->sched;
	const struct engine_words *e = engine_words(&ri->gpu->arch);

	if (s->units >= s->gpu_units || s->units <= 0)
		return;
	rules_add(o, "partition", RULES_INFO, "The launch runs on a partition",
	    "The launch may use %d of the %s's %d %s (--sms: a green context, an MPS share "
	    "or a CU mask). Waves, the tail, the per-%s figures and the advice are of those "
	    "%d %s: %lld %s per wave.", s->units, ri->gpu->name, s->gpu_units, e->units, e->unit,
	    s->units, e->units, (long long)s->per_wave, e->blocks);
}

void rules_sched(struct rules_sink *s, const struct rules_input *ri)
{
	cluster_occupancy(s, ri);
	partition(s, ri);
}
