/* rules.h - findings: the launch's occupancy explained in words, each with this
 * launch's own numbers and the formula behind them. */
#ifndef OCC_RULES_H
#define OCC_RULES_H

#include <stdint.h>

#include "gpu.h"
#include "occupancy.h"
#include "waves.h"

enum rules_severity { RULES_INFO, RULES_WARNING, RULES_ERROR };

#define RULES_MAX_FINDINGS 12

struct finding {
	char id[32];          /* stable: "limiter", "cannot_run", "tail_effect", ... */
	enum rules_severity severity;
	char title[128];
	char text[1024];
};

struct rules_input {
	const struct gpu *gpu;
	const struct occ_input *in;
	int64_t grid_size;
	const struct occ_result *r;
	const struct waves *w;
};

/* Fills out (room for RULES_MAX_FINDINGS) and returns the count, most severe first. */
int rules_evaluate(const struct rules_input *ri, struct finding *out);

const char *rules_severity_key(enum rules_severity s);

#endif
