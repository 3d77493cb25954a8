/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* rules_sink.h - where the rules' files write their findings: the list, its
 * count and whether texts are written, the launch's tuning steps worked out
 * once, and the sorting of the list. Private to src/analysis/rules*.c. */
#ifndef OCC_RULES_SINK_H
#define OCC_RULES_SINK_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rules.h"
#include "tuning.h"

/* The plural ending for a count. */
#define S(n) ((n) == 1 ? "" : "s")

struct rules_sink {
	struct finding *out;       /* room for RULES_MAX_FINDINGS */
	int n;
	bool titles_only;          /* the texts are not written (text_omitted) */
	bool params;               /* the texts are kept as parameters (RULES_PARAMS) */
	struct rules_fmts *fmts;   /* NULL, or the formats parsed once (params) */
	/* The launch's tuning steps, worked out once (the limiter and the
	 * register advice both read them): n_steps < 0 until then. */
	int n_steps;
	bool steps_headroom;       /* steps has the headroom (tuning_steps, not tuning_gains) */
	struct tuning_step steps[OCC_N_FACTORS];
};

/* The tuning steps of ri's launch, computed at the first ask: with the
 * headroom where asked (tuning_steps), else only the gains (tuning_gains:
 * the headroom is most of the search where nothing gains). */
int rules_steps(struct rules_sink *s, const struct rules_input *ri, bool headroom,
		const struct tuning_step **steps);
/* Appends a finding, its text from fmt (none where titles_only; kept as
 * fmt and its values where params, rules_text.c); NULL when the list is
 * full. */
__attribute__((format(printf, 5, 6)))
struct finding *rules_add(struct rules_sink *s, const char *id, enum rules_severity sev,
			  const char *title, const char *fmt, ...);
/* Appends to a finding's text (nothing for NULL or a text left out). */
__attribute__((format(printf, 2, 3)))
void rules_more(struct finding *f, const char *fmt, ...);

/* A value handed to the sink typed, as the conversion at its place in the
 * format takes it: 'i' an integer (%d, %lld, %zu), 'f' a real (%.Nf), 's'
 * a word (%s), 'w' a word at a static address (a literal or an engine's
 * words: kept by its address, not copied). The hot rules pass these rather
 * than printf's values, so
 * that nothing reads va_args or looks up the format's conversions per
 * launch: the parameters are the values as given. */
struct rules_arg {
	char kind;
	union {
		int64_t i;
		double f;
		const char *s;
	} v;
};
#define RULES_I(x) ((struct rules_arg){ .kind = 'i', .v = { .i = (x) } })
#define RULES_F(x) ((struct rules_arg){ .kind = 'f', .v = { .f = (x) } })
#define RULES_S(x) ((struct rules_arg){ .kind = 's', .v = { .s = (x) } })
#define RULES_W(x) ((struct rules_arg){ .kind = 'w', .v = { .s = (x) } })
/* rules_add and rules_more with fmt's n values typed: the same finding,
 * text and parameters. */
struct finding *rules_add_args(struct rules_sink *s, const char *id, enum rules_severity sev,
			       const char *title, const char *fmt,
			       const struct rules_arg *args, int n);
void rules_more_args(struct finding *f, const char *fmt, const struct rules_arg *args, int n);
/* rules_text.c: rules_text_capture of typed values. */
bool rules_text_capture_args(struct finding *f, const char *fmt, const struct rules_arg *args,
			     int n);
/* fmt with its typed values appended to the text in buf (size bytes):
 * what strfmt(buf + strlen(buf), ...) writes there, cut as it cuts. */
void rules_text_append_args(char *buf, size_t size, const char *fmt,
			    const struct rules_arg *args);
/* rules_text.c: fmt and the values it quotes added to f's parameters;
 * false, and f as it was, where they do not fit or fmt has a conversion
 * rules_text does not write. */
bool rules_text_capture(struct finding *f, const char *fmt, va_list ap);
/* cache set up for use where it is not yet (rules_fmts' owner). */
void rules_fmts_ready(struct rules_fmts *cache);
/* f's text from its parameters into buf (size bytes, cut as snprintf
 * cuts); returns its length. */
size_t rules_text_compose(const struct finding *f, char *buf, size_t size);
/* buf (size bytes, len of them written) with sep and word after: what
 * strfmt(buf + len, size - len, "%s%s", sep, word) writes there, cut as it
 * cuts; returns the new length (at most size - 1). */
int rules_join(char *buf, size_t size, int len, const char *sep, const char *word);
/* The limiter's title into buf (size bytes): what strfmt(buf, size,
 * "%s by %s (%.1f%%)", full ? "Full occupancy, bounded" : "Occupancy
 * limited", names, pct) writes, without parsing the format per launch. */
void rules_limiter_title(char *buf, size_t size, bool full, const char *names, double pct);
/* Most severe first; stable within a severity. */
void rules_sort(struct finding *out, int n);

/* The AMD family's findings (rules_amd.c): the limiter in waves and its
 * next step, the headline beside LLVM's waves per SIMD, and a launch that
 * cannot run. */
void rules_amd_limiter(struct rules_sink *s, const struct rules_input *ri);
void rules_amd_packing(struct rules_sink *s, const struct rules_input *ri);
void rules_amd_cannot_run(struct rules_sink *s, const struct rules_input *ri);

#endif
