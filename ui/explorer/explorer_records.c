/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* explorer_records.c - the explorer's records: every record of the inputs
 * the session loaded, which one is the baseline, the kernel browser of a
 * single report, and its live reload while a profiler is still writing it. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "browser.h"
#include "explorer_state.h"
#include "report_launch.h"
#include "strutil.h"

struct session_record explorer_record(const struct explorer *e, size_t i)
{
	const struct explorer_item *it;
	struct session_record r;

	if (e->n_inputs == 0)
		return (struct session_record){ NULL, 0, &e->flags_launch, NULL, NULL, 0, NULL, NULL };
	it = &e->items[i];
	r = session_input_record(&e->inputs[it->input], it->index);
	/* The shown record's launch was resolved when it was loaded: a
	 * keystroke starts from there, not from the report. */
	if (r.rec && e->resolved.rec == r.rec)
		r.resolved = &e->resolved;
	return r;
}

/* The file's modification time and size (-1 when it is gone); false when
 * it is there but no regular file (replaced by a FIFO: never opened). */
static bool file_state(const char *path, long long *mtime_ns, long long *size)
{
	struct stat st;

	if (stat(path, &st) != 0) {
		*mtime_ns = -1;
		*size = -1;
		return true;
	}
	*mtime_ns = (long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec;
	*size = (long long)st.st_size;
	return S_ISREG(st.st_mode);
}

/* The kernel browser over the one report loaded; NULL when out of memory. */
static struct pane *browser_pane(struct explorer *e)
{
	const struct session_input *in = &e->inputs[0];
	struct browser *b = malloc(sizeof(*b));
	struct pane *p;

	if (!b || !browser_init(b, e->session, &in->report, in->path)) {
		free(b);
		return NULL;
	}
	p = pane_kernels_new(b);
	if (!p) {
		browser_done(b);
		free(b);
	}
	return p;
}

bool explorer_records_init(struct explorer *e)
{
	size_t n = 0;

	launch_init(&e->flags_launch);
	e->flags_launch = session_flags(e->session)->values;
	for (size_t i = 0; i < e->n_inputs; i++)
		n += session_input_count(&e->inputs[i]);
	e->items = calloc(n ? n : 1, sizeof(*e->items));
	if (!e->items)
		return false;
	for (size_t i = 0; i < e->n_inputs; i++)
		for (size_t j = 0; j < session_input_count(&e->inputs[i]); j++)
			e->items[e->n_items++] = (struct explorer_item){ i, j };
	if (e->n_inputs == 0)
		e->n_items = 1;
	/* One report: its kernels in the browser, its file watched. */
	if (e->n_inputs == 1 && e->inputs[0].kind == SESSION_REPORT) {
		e->panes[PANE_KERNELS] = browser_pane(e);
		if (!e->panes[PANE_KERNELS])
			return false;
		/* A trace with a summary joined to it would lose it read alone. */
		e->reloads = strcmp(e->inputs[0].path, "-") != 0 && !e->inputs[0].joined;
		if (e->reloads)
			file_state(e->inputs[0].path, &e->seen_mtime_ns, &e->seen_size);
	}
	return true;
}

/* A kernel record's per-SM events become per-SM occupancy on the GPU it
 * ran on, once: the explorer owns its inputs. */
static void per_sm_occupancy(struct explorer *e, size_t i, const struct gpu *g)
{
	struct report_record *rec;

	if (e->n_inputs == 0 || e->inputs[e->items[i].input].kind != SESSION_REPORT)
		return;
	rec = &e->inputs[e->items[i].input].report.records[e->items[i].index];
	if (rec->n_sm_events > 0 && !rec->sm_achieved_pct && g->name[0])
		report_sm_occupancy(rec, g->arch.max_warps_per_sm);
}

/* The status line is short: the record and the field at fault; the
 * Occupancy pane has the whole message with the file and line. */
void explorer_records_error(const struct explorer *e, const struct occ_error *err,
			    struct explorer_reply *y)
{
	char msg[512];

	if (!explorer_has_report(e)) {
		occ_error_format(err, msg, sizeof(msg));
		explorer_reply_say(y, true, "%s", msg);
	} else if (e->gpu_unknown && strcmp(err->field, "gpu") == 0) {
		explorer_reply_say(y, true, "record %lld: the report does not say which GPU ran it; "
				   "g in the kernel browser (5) picks one",
				   (long long)explorer_record(e, e->shown).id);
	} else if (err->field[0]) {
		explorer_reply_say(y, true, "record %lld: not analysed (%s); 1 shows why",
				   (long long)explorer_record(e, e->shown).id, err->field);
	} else {
		explorer_reply_say(y, true, "record %lld: %s",
				   (long long)explorer_record(e, e->shown).id, err->message);
	}
}

void explorer_records_show(struct explorer *e, size_t i, struct explorer_reply *y)
{
	struct session_record r = explorer_record(e, i);
	struct occ_error err = { 0 };
	struct launch l;
	struct gpu g;
	bool ok = session_launch(e->session, &r, NULL, &l, &g, &err);

	e->shown = i;
	e->gpu_unknown = r.rec && session_gpu_from(e->session, &r) == SESSION_GPU_NONE;
	session_resolve(e->session, &r, &e->resolved);
	per_sm_occupancy(e, i, &g);
	whatif_rebase(e->whatif, &l, &g);
	e->view.record = e->n_inputs ? e->items[i].index : 0;
	view_rebase(&e->view, e->session, &r, e->whatif);
	view_set_measured(&e->view, r.rec);
	y->refresh = true;
	if (!ok)
		explorer_records_error(e, &err, y);
	else
		y->on_unfit = UNFIT_RECORD;
}

struct pane *explorer_records_gpu_picker(struct explorer *e)
{
	const struct browser *b = pane_kernels_browser(e->panes[PANE_KERNELS]);
	char title[160];
	size_t lacking = 0;

	for (size_t i = 0; i < b->n_rows; i++)
		lacking += (b->rows[i].from & (BROWSER_GPU_NONE | BROWSER_GPU_REPORT)) != 0;
	if (lacking == 0)
		return NULL;
	snprintf(title, sizeof(title), "%zu of %zu records name no GPU: pick theirs (Esc: later)",
		 lacking, b->n_rows);
	return pane_picker_report_new(session_db(e->session), e->whatif->cur.gpu.name, title);
}

void explorer_records_set_gpu(struct explorer *e, const char *name, struct explorer_reply *y)
{
	struct browser *b = pane_kernels_browser(e->panes[PANE_KERNELS]);
	const struct gpu *was = session_report_gpu(e->session);
	struct gpu before = was ? *was : (struct gpu){ 0 }, g;
	struct occ_error err = { 0 };
	size_t on_it = 0, selected = browser_selected_record(b);
	bool shown_lacks = e->gpu_unknown ||
		(b->rows[e->items[e->shown].index].from & BROWSER_GPU_REPORT);

	y->react = REACT_REDRAW;
	if (!gpu_db_find(session_db(e->session), name, &g, &err)) {
		explorer_reply_say(y, true, "%s", err.message);
		return;
	}
	session_set_report_gpu(e->session, &g);
	if (!browser_reload(b, b->report, b->file, selected == SIZE_MAX ? 0 : selected)) {
		session_set_report_gpu(e->session, was ? &before : NULL);
		explorer_reply_say(y, true, "out of memory: the records keep their GPU");
		return;
	}
	for (size_t i = 0; i < b->n_rows; i++)
		on_it += (b->rows[i].from & BROWSER_GPU_REPORT) != 0;
	if (on_it == 0) {
		/* another vendor's GPU: the records stay as they were */
		session_set_report_gpu(e->session, was ? &before : NULL);
		browser_reload(b, b->report, b->file, selected == SIZE_MAX ? 0 : selected);
		explorer_reply_say(y, true, "the records that name no GPU cannot run on %s, "
				   "another vendor's GPU (g picks again)", g.name);
		return;
	}
	if (shown_lacks) {
		y->load = true;
		y->record = e->shown;
	}
	explorer_reply_say(y, false, "%s is the GPU of the %zu records that name none "
			   "(g changes it)", g.name, on_it);
}

/* Where the record the user had selected went in the new report: the same
 * id and name, else the same index clamped. */
static size_t find_again(const struct report *old, size_t i, const struct report *now)
{
	const struct report_record *want;

	if (now->n == 0)
		return 0;
	if (i >= old->n)
		return now->n - 1;
	want = &old->records[i];
	if (i < now->n && want->id.present == now->records[i].id.present &&
	    want->id.value == now->records[i].id.value &&
	    strcmp(want->short_name, now->records[i].short_name) == 0)
		return i;
	for (size_t j = 0; j < now->n; j++)
		if (want->id.present && now->records[j].id.present &&
		    want->id.value == now->records[j].id.value &&
		    strcmp(want->short_name, now->records[j].short_name) == 0)
			return j;
	return i < now->n ? i : now->n - 1;
}

void explorer_records_poll(struct explorer *e, struct explorer_reply *y)
{
	struct session_input fresh, was;
	struct browser *old = e->reloads ? pane_kernels_browser(e->panes[PANE_KERNELS]) : NULL;
	struct explorer_item *items;
	FILE *quiet;
	long long mtime, size;
	size_t selected, shown;
	int status = 0;
	bool regular;

	y->react = REACT_NONE;
	if (!old)
		return;
	memset(&fresh, 0, sizeof(fresh));
	regular = file_state(e->inputs[0].path, &mtime, &size);
	if (mtime == e->seen_mtime_ns && size == e->seen_size)
		return;
	y->react = REACT_REDRAW;
	e->seen_mtime_ns = mtime;
	e->seen_size = size;
	/* Opening a FIFO with no writer would hold the key loop. */
	if (!regular) {
		explorer_reply_say(y, true, "reload failed (not a regular file now), keeping %zu records",
				   e->inputs[0].report.n);
		return;
	}
	/* A profiler mid-write: the old records stay; the reason goes to the
	 * status line, not to a terminal curses owns. */
	quiet = fopen("/dev/null", "w");
	if (!quiet || !session_load(e->session, e->inputs[0].path, &fresh, quiet, &status) ||
	    fresh.kind != SESSION_REPORT) {
		if (quiet)
			fclose(quiet);
		session_input_done(&fresh);
		explorer_reply_say(y, true, "reload failed, keeping %zu records", e->inputs[0].report.n);
		return;
	}
	fclose(quiet);
	selected = browser_selected_record(old);
	selected = find_again(&e->inputs[0].report, selected == SIZE_MAX ? 0 : selected,
			      &fresh.report);
	shown = find_again(&e->inputs[0].report, e->items[e->shown].index, &fresh.report);
	/* The browser keeps its sort, filter and grouping over the report in
	 * the place it will stay. */
	was = e->inputs[0];
	e->inputs[0] = fresh;
	items = calloc(fresh.report.n ? fresh.report.n : 1, sizeof(*items));
	if (!items || !browser_reload(old, &e->inputs[0].report, e->inputs[0].path, selected)) {
		free(items);
		e->inputs[0] = was;
		session_input_done(&fresh);
		explorer_reply_say(y, true, "reload: out of memory, keeping %zu records",
				   e->inputs[0].report.n);
		return;
	}
	session_input_done(&was);
	/* the records moved: the shown one is resolved again below */
	memset(&e->resolved, 0, sizeof(e->resolved));
	/* a record's reference points into the old records */
	if (e->view.has_ref && e->view.ref.report.present)
		view_set_reference(&e->view, NULL, NULL);
	free(e->items);
	e->items = items;
	e->n_items = fresh.report.n;
	for (size_t j = 0; j < e->n_items; j++)
		e->items[j] = (struct explorer_item){ 0, j };
	/* The what-if stays as the user has it; the record follows into the
	 * new report, and whether the launch is still the one it measured is
	 * the session's to say again. */
	{
		struct session_record r = explorer_record(e, shown);
		struct launch l;
		struct gpu g;
		struct occ_error err = { 0 };

		session_launch(e->session, &r, NULL, &l, &g, &err);
		session_resolve(e->session, &r, &e->resolved);
		per_sm_occupancy(e, shown, &g);
		e->shown = shown;
		e->gpu_unknown = session_gpu_from(e->session, &r) == SESSION_GPU_NONE;
		e->view.record = shown;
		view_rebase(&e->view, e->session, &r, e->whatif);
		view_set_measured(&e->view, r.rec);
	}
	y->refresh = true;
	if (e->inputs[0].rejected.status != OCC_OK)
		explorer_reply_say(y, true, "reloaded: %zu records, %zu rows rejected", e->n_items,
				   e->inputs[0].report.rejected_rows);
	else
		explorer_reply_say(y, false, "reloaded: %zu records", e->n_items);
}
