/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* session_compare.c - --compare I,J: two records of the input, found by the
 * id the kernel browser shows, analysed as --print analyses each and handed
 * over together. */
#include "config.h"

#include "session.h"

#include <stdlib.h>
#include <string.h>

static bool find(const struct session_input *in, size_t n, int64_t id, struct session_record *out)
{
	for (size_t k = 0; k < n; k++)
		for (size_t i = 0; i < session_input_count(&in[k]); i++) {
			struct session_record r = session_input_record(&in[k], i);

			if (r.id == id) {
				*out = r;
				return true;
			}
		}
	return false;
}

int session_compare(struct session *s, char *const *files, int n_files, const char *load,
		    const int64_t ids[2], unsigned needs, const struct session_pair_emit *emit,
		    FILE *msgs)
{
	int n = n_files + (load ? 1 : 0), status = 0, loaded = 0;
	struct session_input *in = calloc(n > 0 ? (size_t)n : 1, sizeof(*in));
	struct analysis *a = calloc(2, sizeof(*a));
	struct session_record r[2];
	char note[8];

	if (!in || !a) {
		free(in);
		free(a);
		occ_say(msgs, "occview: out of memory\n");
		return OCC_EDATA;
	}
	if (n == 0) {
		occ_say(msgs, "occview: --compare: name the report (or launch list) whose records it "
			"compares\n");
		status = OCC_EUSAGE;
	}
	for (int i = 0; i < n && !status; i++, loaded++)
		if (!session_load(s, load && i == 0 ? load : files[i - (load ? 1 : 0)], &in[i], msgs,
				  &status))
			break;
	if (!status)
		loaded = (int)session_join_inputs(s, in, (size_t)loaded, msgs, note, sizeof(note));
	for (int k = 0; k < 2 && !status; k++)
		if (!find(in, (size_t)loaded, ids[k], &r[k])) {
			occ_say(msgs, "occview: --compare: no record has the id %lld (the kernel "
				"browser's id column; the position from 1 where the report gives "
				"none)\n", (long long)ids[k]);
			status = OCC_EUSAGE;
		}
	if (!status) {
		const struct analysis *pair[2] = { &a[0], &a[1] };
		const struct report_record *recs[2] = { r[0].rec, r[1].rec };

		for (int k = 0; k < 2; k++) {
			session_analyse(s, &r[k], NULL, NULL, needs, &a[k]);
			if (a[k].ok)
				continue;
			occ_say_error(msgs, &a[k].error);
			status = a[k].error.status ? (int)a[k].error.status : OCC_EDATA;
		}
		if (!emit->pair(emit->ctx, pair, recs) && !status)
			status = OCC_EDATA;
	}
	for (int i = 0; i < loaded; i++)
		session_input_done(&in[i]);
	free(in);
	free(a);
	return status;
}
