/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* import_binary_read.c - what the binary readers share while they read: the
 * records handed to the sink as they settle and the SM versions seen. The
 * entry (import_elfhost.c) calls the fatbin and cubin readers and they call
 * this, so no reader calls back into the entry. */
#include "config.h"

#include "import_binary.h"

#include <string.h>

bool import_binary_settle(struct import_binary_read *rd)
{
	if (!rd->sink)
		return true;
	while (rd->r->n > 0 && !rd->stopped) {
		struct report_record *rec = report_shift(rd->r);

		if (!rd->sink->record(rd->sink->ctx, rd->r, rec))
			rd->stopped = true;
		report_record_done(rec);
	}
	return !rd->stopped;
}

void import_binary_note_sm(struct import_binary_read *rd, int sm)
{
	size_t i = 0;

	while (i < rd->n_sms && rd->sms[i] < sm)
		i++;
	if ((i < rd->n_sms && rd->sms[i] == sm) || rd->n_sms >= rd->max_sms)
		return;
	memmove(rd->sms + i + 1, rd->sms + i, (rd->n_sms - i) * sizeof(*rd->sms));
	rd->sms[i] = sm;
	rd->n_sms++;
}
