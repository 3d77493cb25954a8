/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* rules.h - findings: the launch's occupancy explained in words, each with this
 * launch's own numbers and the formula behind them. */
#ifndef OCC_RULES_H
#define OCC_RULES_H

#include <stdint.h>

#include "crosscheck.h"
#include "gpu.h"
#include "launch.h"
#include "occupancy.h"
#include "tuning.h"
#include "waves.h"

enum rules_severity { RULES_INFO, RULES_WARNING, RULES_ERROR };

#define RULES_MAX_FINDINGS 12

/* How a finding's text is made. The bool titles_only of the callers reads
 * as RULES_TEXT (false) and RULES_TITLES (true). */
enum rules_text {
	RULES_TEXT,          /* composed as the rules find it (text) */
	RULES_TITLES,        /* left out (text_omitted): titles only */
	RULES_PARAMS,        /* its parameters kept, composed where asked (rules_finding_text) */
};

/* A value a finding's text quotes: a number (a parameter, occview-formats(5)),
 * or a word or character it names (words). */
enum { RULES_MAX_PARAMS = 48, RULES_MAX_FMTS = 24, RULES_WORDS = 512 };
struct rules_param {
	char kind;            /* 'i' integer, 'f' real, 's' word (at in words), 'c' character,
			       * 'w' word at a static address (p: a literal or an engine's table) */
	union {
		int64_t i;
		double f;
		unsigned at;
		const char *p;
	} v;
};

/* The values each rules format takes, parsed once and kept by the format's
 * address (rules_text.c): a caller that evaluates many launches keeps one and
 * passes it in rules_input.fmts. owner is the address it was set up at: one
 * found elsewhere (a copy, or memory never set up) is emptied before use. */
enum { RULES_FMT_SLOTS = 64, RULES_FMT_ARGS = 40 };
struct rules_fmts {
	const struct rules_fmts *owner;
	struct {
		const char *fmt;             /* NULL: a free slot */
		signed char n;               /* values it takes; -1: none kept, parse it */
		char args[RULES_FMT_ARGS];   /* how each is read: rules_text.c's conv.arg */
	} slot[RULES_FMT_SLOTS];
};

struct finding {
	char id[32];          /* stable: "limiter", "cannot_run", "tail_effect", ... */
	enum rules_severity severity;
	char title[128];
	char text[1024];
	bool text_omitted;    /* not in text: titles only were asked for (a --print
			       * summary), or RULES_PARAMS (rules_finding_text composes it) */
	/* RULES_PARAMS: the formats the rules wrote the text with, in order,
	 * and the values they quote. A text too long for these is composed
	 * at once (text_omitted false) and keeps the parameters it had. */
	unsigned char n_params, n_fmts;
	unsigned short n_words;             /* bytes of words used */
	struct rules_param params[RULES_MAX_PARAMS];
	const char *fmts[RULES_MAX_FMTS];   /* string literals of the rules */
	char words[RULES_WORDS];
	/* While the rules write it: the formats' values parsed once (NULL:
	 * parsed at each use). Not copied when the list is sorted. */
	struct rules_fmts *cache;
};

struct rules_input {
	const struct gpu *gpu;
	const struct occ_input *in;
	int64_t grid_size;
	const struct occ_result *r;
	const struct waves *w;
	const struct sched *sched;       /* where blocks land (units, clusters, partition) */
	const struct cluster_result *cl; /* NULL or cl->applies false: no clusters */
	bool titles_only;     /* leave every finding's text out (text_omitted) */
	bool params;          /* keep the parameters, compose no text (RULES_PARAMS) */
	struct rules_fmts *fmts;  /* NULL, or the formats parsed once (params) */
	/* NULL, or the block sizes with the launch's active warps, swept once
	 * for the launch (tuning_sizes_same_warps): block_size_waves's. With
	 * n TUNING_SIZES_UNKNOWN they are swept into it where the grid needs
	 * them. */
	struct tuning_sizes *sizes;
};

/* Fills out (room for RULES_MAX_FINDINGS) and returns the count, most
 * severe first; "gpu_stand_in" (info) among them when only the GPU's
 * architecture is known (gpu->stand_in). */
int rules_evaluate(const struct rules_input *ri, struct finding *out);

/* rules_evaluate in its three parts, each appending to out[n..) (room for
 * RULES_MAX_FINDINGS in all) and returning the new count, unsorted. What
 * the first and last write depends on the GPU and ri->in alone (the
 * occupancy follows from them), not on the grid or where blocks land, so a
 * caller that analyses many launches may keep them (analysis_memo.h):
 * rules_evaluate is LAUNCH, GRID and GPU in that order, then rules_order. */
enum rules_part {
	RULES_PART_LAUNCH,   /* the limiter and its advice, or why it cannot run */
	RULES_PART_GRID,     /* waves, tail, block sizes, clusters: the grid's */
	RULES_PART_GPU,      /* warp multiple, carveout, stand-in GPU, no device */
};
int rules_evaluate_part(const struct rules_input *ri, struct finding *out, int n,
			enum rules_part part);
/* Sorts out[0..n) most severe first, stable, as rules_evaluate does. */
void rules_order(struct finding *out, int n);

/* A kernel record's findings, appended to out[0..n) (room for
 * RULES_MAX_FINDINGS) and sorted with them; returns the new count. measured:
 * the record's own launch when l is a what-if of it (rep->changed), else
 * NULL:
 *  - "whatif" (info): the parameters changed from the measured launch and
 *    the measured facts dropped with it (rep->dropped), and why;
 *  - "crosscheck" (warning): one per value where Nsight Compute and occview
 *    disagree, naming the field and both values; never dropped (when room
 *    runs out the last one lists the rest);
 *  - "achieved_gap" (warning): achieved occupancy more than 10 points below
 *    the theoretical, Nsight Compute's rule, with the causes of imbalance;
 *  - "report_sm_count" (info): the report's SM count differs from the
 *    database's, and is used;
 *  - "driver_smem_config" (info): the configuration the driver chose;
 *  - "device_unknown" (info): the report's device is not in the database.
 * text: how the findings' texts are made. */
int rules_report(const struct gpu *gpu, const struct occ_result *r, const struct waves *w,
		 const struct crosscheck_record *rep, const struct launch *measured,
		 const struct launch *l, struct finding *out, int n, enum rules_text text);

/* f's text: f->text where it was composed, else composed from its
 * parameters (RULES_PARAMS) into buf of size bytes, the same text either
 * way; "" for a text left out (RULES_TITLES). */
const char *rules_finding_text(const struct finding *f, char *buf, size_t size);

const char *rules_severity_key(enum rules_severity s);

#endif
