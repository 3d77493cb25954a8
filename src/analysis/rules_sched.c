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

/* Block slots a wave of s leaves idle, the way they are known for every
 * cluster size of one GPU: the most over the layouts that fit where that is
 * known (per_wave_min), else the fewest (all SMs in one GPC, the bound). */
static int64_t idle_slots(const struct sched *s)
{
	int64_t slots = (int64_t)s->units * s->blocks_per_unit;

	return slots - (s->per_wave_min >= 0 ? s->per_wave_min : s->per_wave);
}

/* The cluster size that leaves the fewest block slots idle, fewer than the
 * launch's, of those the GPU takes (2 to cluster_max_size) and that divide
 * the grid (else CUDA refuses the launch), the largest on ties; 0 where
 * none leaves fewer. *t gets its model. */
static int better_size(const struct rules_input *ri, struct sched *t)
{
	const struct sched *s = ri->sched;
	int64_t least = idle_slots(s);
	int best = 0;

	for (int c = cluster_max_size(&ri->gpu->arch); c > 1; c--) {
		struct sched u;

		if (c == s->cluster_size || ri->grid_size % c)
			continue;
		sched_init(&u, ri->gpu, s->units, s->blocks_per_unit, c, NULL);
		if (u.per_wave > 0 && idle_slots(&u) < least) {
			least = idle_slots(&u);
			best = c;
			*t = u;
		}
	}
	return best;
}

/* "128", "80-128" or "at most 144" blocks a wave. */
static void per_wave_text(const struct sched *s, char *buf, size_t size)
{
	if (s->per_wave_min < 0)
		snprintf(buf, size, "at most %lld", (long long)s->per_wave);
	else if (s->per_wave_min != s->per_wave)
		snprintf(buf, size, "%lld-%lld", (long long)s->per_wave_min, (long long)s->per_wave);
	else
		snprintf(buf, size, "%lld", (long long)s->per_wave);
}

/* The idle block slots to match: "4", "4-52", "at least 4" or, where only
 * the most a wave holds is known and that fills every slot, "possibly none". */
static void idle_text(const struct sched *s, char *buf, size_t size)
{
	int64_t slots = (int64_t)s->units * s->blocks_per_unit;

	if (s->per_wave_min < 0 && s->per_wave == slots)
		snprintf(buf, size, "possibly none");
	else if (s->per_wave_min < 0)
		snprintf(buf, size, "at least %lld", (long long)(slots - s->per_wave));
	else if (s->per_wave_min != s->per_wave)
		snprintf(buf, size, "%lld-%lld", (long long)(slots - s->per_wave),
			 (long long)(slots - s->per_wave_min));
	else
		snprintf(buf, size, "%lld", (long long)(slots - s->per_wave));
}

/* What would fill the idle slots: another cluster size, with its numbers
 * beside the launch's. */
static void suggestion(struct finding *f, const struct rules_input *ri)
{
	const struct sched *s = ri->sched;
	int64_t slots = (int64_t)s->units * s->blocks_per_unit;
	char now_wave[48], now_idle[48], wave[48], idle[48];
	struct sched t;
	int c = better_size(ri, &t);

	if (c == 0) {
		rules_more(f, " No other cluster size the GPU takes that divides the grid of %lld "
			   "blocks leaves fewer block slots idle.", (long long)ri->grid_size);
		return;
	}
	per_wave_text(s, now_wave, sizeof(now_wave));
	idle_text(s, now_idle, sizeof(now_idle));
	per_wave_text(&t, wave, sizeof(wave));
	idle_text(&t, idle, sizeof(idle));
	if (idle_slots(&t) == 0 && t.per_wave_min >= 0)
		rules_more(f, " A cluster size of %d fills every SM whatever the layout:", c);
	else if (idle_slots(&t) == 0)
		rules_more(f, " A cluster size of %d could fill every SM (the most; the layout "
			   "decides):", c);
	else
		rules_more(f, " A cluster size of %d leaves fewer slots idle:", c);
	rules_more(f, " %s blocks a wave (now %s), %s of the %lld block slots idle (now %s).",
		   wave, now_wave, idle, (long long)slots, now_idle);
}

static void cluster_occupancy(struct rules_sink *o, const struct rules_input *ri)
{
	const struct sched *s = ri->sched;
	const struct cluster_result *cl = ri->cl;
	int64_t slots = (int64_t)s->units * s->blocks_per_unit;
	struct finding *f;
	char active[48];

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
	suggestion(f, ri);
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
