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
#include "session_reload.h"
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

/* Rows given their figures before the first frame: a report of a few
 * screens is whole at once (its legend and words as they stay); a
 * larger one gets the rest in idle time (explorer_records_work), in
 * slices of WORK_ROWS between keys. */
enum { FIRST_ROWS = 256, WORK_ROWS = 2048 };

/* The kernel browser over the one report loaded; NULL when out of memory. */
static struct pane *browser_pane(struct explorer *e)
{
	const struct session_input *in = &e->inputs[0];
	struct browser *b = malloc(sizeof(*b));
	struct pane *p;

	if (!b || !browser_open(b, e->session, &in->report, in->path)) {
		free(b);
		return NULL;
	}
	if (!browser_work(b, FIRST_ROWS)) {
		browser_done(b);
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
		if (e->reloads) {
			file_state(e->inputs[0].path, &e->seen_mtime_ns, &e->seen_size);
			/* Taken as where the load ended: rows a profiler wrote
			 * in the moment since would be missed. */
			session_mark_file(e->inputs[0].path, e->seen_size, &e->mark);
		}
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
	/* report_at keeps it unpacked, and the per-SM figures with it */
	rec = report_at(&e->inputs[e->items[i].input].report, e->items[i].index);
	if (rec && rec->n_sm_events > 0 && !rec->sm_achieved_pct && g->name[0])
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

/* A device of the vendor of report record i (an index into the report the
 * browser shows), the picker's "like"; false when the record says none. */
static bool vendor_device(const struct explorer *e, const struct browser *b, size_t i,
			  struct gpu *out)
{
	struct report_record tmp;
	const struct report_record *rec;
	bool found;

	if (!b->report || i >= b->report->n || !(rec = report_peek(b->report, i, &tmp)))
		return false;
	found = report_vendor_device(session_db(e->session), rec, NULL, out);
	report_unpeek(rec, &tmp);
	return found;
}

/* Up to this many of the records that lack a GPU are tried on each of
 * their vendor's GPUs: those that run them all head the picker. */
enum { RUN_SAMPLES = 8 };

/* runs[i]: whether device i of the database, of like's vendor, runs the
 * sampled records of b that lack a GPU (first the first of them, then
 * others spread over the report), each analysed as it would be with the
 * device picked. False, runs unset, when out of memory. */
static bool runners(struct explorer *e, const struct browser *b, size_t lacking,
		    const struct gpu *like, bool *runs)
{
	const struct gpu_db *db = session_db(e->session);
	const struct gpu *was = session_report_gpu(e->session);
	struct gpu before = was ? *was : (struct gpu){ 0 }, g;
	struct report_record tmp[RUN_SAMPLES];
	const struct report_record *rec[RUN_SAMPLES];
	size_t record[RUN_SAMPLES], n = 0, seen = 0;
	struct analysis *a = malloc(sizeof(*a));

	if (!a)
		return false;
	for (size_t i = 0; i < b->n_rows && n < RUN_SAMPLES; i++) {
		if (!(b->rows[i].from & (BROWSER_GPU_NONE | BROWSER_GPU_REPORT)))
			continue;
		/* the k-th sample: the lacking record at k * lacking / RUN_SAMPLES */
		if (seen++ == n * lacking / RUN_SAMPLES) {
			record[n] = i;
			if (!(rec[n] = report_peek(b->report, i, &tmp[n])))
				break;
			n++;
		}
	}
	for (size_t d = 0; d < gpu_db_device_count(db); d++) {
		runs[d] = false;
		if (!gpu_db_device_at(db, d, &g) || !gpu_same_vendor(&g.arch, &like->arch))
			continue;
		session_set_report_gpu(e->session, &g);
		runs[d] = n > 0;
		for (size_t k = 0; k < n && runs[d]; k++) {
			struct session_record r = { b->file, rec[k]->line, NULL, NULL, rec[k],
						    report_record_id(rec[k], record[k]), NULL, NULL };

			session_analyse(e->session, &r, NULL, NULL, 0, a);
			runs[d] = a->ok;
		}
	}
	session_set_report_gpu(e->session, was ? &before : NULL);
	for (size_t k = 0; k < n; k++)
		report_unpeek(rec[k], &tmp[k]);
	free(a);
	return true;
}

struct pane *explorer_records_gpu_picker(struct explorer *e)
{
	const struct browser *b = pane_kernels_browser(e->panes[PANE_KERNELS]);
	char title[160];
	size_t lacking = 0, first = 0;
	/* The lacking records' vendor, where they have one: its GPUs first,
	 * of those first the GPUs that run them. The rows say each record's
	 * vendor: no record is unpacked but the first and the samples. */
	struct gpu like;
	bool one_vendor = true, *runs = NULL;
	struct pane *p;

	for (size_t i = 0; i < b->n_rows; i++) {
		if (!(b->rows[i].from & (BROWSER_GPU_NONE | BROWSER_GPU_REPORT)))
			continue;
		if (lacking == 0)
			first = i;
		else if (b->rows[i].record_vendor != b->rows[first].record_vendor)
			one_vendor = false;
		lacking++;
	}
	if (lacking == 0)
		return NULL;
	if (b->rows[first].record_vendor == REPORT_VENDOR_UNKNOWN ||
	    !vendor_device(e, b, b->rows[first].record, &like))
		one_vendor = false;
	if (one_vendor && (runs = malloc(gpu_db_device_count(session_db(e->session)) *
					 sizeof(*runs) + 1)) != NULL &&
	    !runners(e, b, lacking, &like, runs)) {
		free(runs);
		runs = NULL;
	}
	snprintf(title, sizeof(title), "%zu of %zu records name no GPU: pick theirs (Esc: later)",
		 lacking, b->n_rows);
	p = pane_picker_report_new(session_db(e->session), e->whatif->cur.gpu.name,
				   one_vendor ? &like : NULL, title, runs);
	free(runs);
	return p;
}

struct pane *explorer_records_whatif_picker(struct explorer *e)
{
	struct session_record r = { 0 };
	struct gpu like;
	bool has;

	if (e->n_items)
		r = explorer_record(e, e->shown);
	has = r.rec && report_vendor_device(session_db(e->session), r.rec, NULL, &like);
	return pane_picker_new(session_db(e->session), e->whatif->cur.gpu.name, has ? &like : NULL);
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
/* Whether now's record j has want's id (present or absent alike unless
 * need_id) and short name. */
static bool same_record(const struct report_record *want, const struct report *now, size_t j,
			bool need_id)
{
	struct report_record tmp;
	const struct report_record *rec;
	bool same;

	if (strcmp(want->short_name, report_short_name_at(now, j)) != 0)
		return false;
	rec = report_peek(now, j, &tmp);
	same = rec && want->id.present == rec->id.present && want->id.value == rec->id.value &&
	       (!need_id || want->id.present);
	report_unpeek(rec, &tmp);
	return same;
}

static size_t find_again(const struct report *old, size_t i, const struct report *now)
{
	struct report_record tmp;
	const struct report_record *want;
	size_t found = SIZE_MAX;

	if (now->n == 0)
		return 0;
	if (i >= old->n)
		return now->n - 1;
	want = report_peek(old, i, &tmp);
	if (!want)
		return i < now->n ? i : now->n - 1;
	if (i < now->n && same_record(want, now, i, false))
		found = i;
	for (size_t j = 0; j < now->n && found == SIZE_MAX && want->id.present; j++)
		if (same_record(want, now, j, true))
			found = j;
	report_unpeek(want, &tmp);
	if (found != SIZE_MAX)
		return found;
	return i < now->n ? i : now->n - 1;
}

/* The new input in place of the old, once it is whole: the browser keeps
 * its sort, filter, grouping and selection, the shown record follows. */
static void replace(struct explorer *e, struct session_input *fresh, struct explorer_reply *y)
{
	struct browser *old = pane_kernels_browser(e->panes[PANE_KERNELS]);
	struct session_input was;
	struct explorer_item *items;
	size_t selected, shown;
	bool rows;

	selected = browser_selected_record(old);
	selected = find_again(&e->inputs[0].report, selected == SIZE_MAX ? 0 : selected,
			      &fresh->report);
	shown = find_again(&e->inputs[0].report, e->items[e->shown].index, &fresh->report);
	/* The browser keeps its sort, filter and grouping over the report in
	 * the place it will stay. */
	items = calloc(fresh->report.n ? fresh->report.n : 1, sizeof(*items));
	if (!items) {
		session_input_done(fresh);
		explorer_reply_say(y, true, "reload: out of memory, keeping %zu records",
				   e->inputs[0].report.n);
		return;
	}
	was = e->inputs[0];
	e->inputs[0] = *fresh;
	/* its texts were shared with the old records, which go now */
	report_adopt_texts(&e->inputs[0].report, &was.report);
	/* The old records go before the browser's rows are made again (in
	 * their room): a file rewritten whole then peaks at the records
	 * twice (the texts once, shared) and one browser's rows. */
	session_input_done(&was);
	rows = browser_reload(old, &e->inputs[0].report, e->inputs[0].path, selected);
	/* the records moved: the shown one is resolved again below */
	memset(&e->resolved, 0, sizeof(e->resolved));
	/* a record's reference points into the old records */
	if (e->view.has_ref && e->view.ref.report.present)
		view_set_reference(&e->view, NULL, NULL);
	free(e->items);
	e->items = items;
	e->n_items = e->inputs[0].report.n;
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
	if (!rows)
		explorer_reply_say(y, true, "reloaded: %zu records, out of memory for the "
				   "browser's rows", e->n_items);
	else if (e->inputs[0].rejected.status != OCC_OK)
		explorer_reply_say(y, true, "reloaded: %zu records, %zu rows rejected", e->n_items,
				   e->inputs[0].report.rejected_rows);
	else
		explorer_reply_say(y, false, "reloaded: %zu records", e->n_items);
}

/* The records that follow the old ones (a file appended to) after them:
 * nothing else changes, and only they are analysed for the browser. */
static void append(struct explorer *e, struct session_input *fresh, struct explorer_reply *y)
{
	struct browser *b = pane_kernels_browser(e->panes[PANE_KERNELS]);
	struct report *rep = &e->inputs[0].report;
	size_t added = fresh->report.n, was = rep->n;
	struct explorer_item *items;

	if (added == 0) {
		session_input_done(fresh);
		explorer_reply_say(y, false, "reloaded: nothing new yet, %zu records", was);
		return;
	}
	items = realloc(e->items, (was + added) * sizeof(*items));
	if (items)
		e->items = items;
	if (!items || !report_append(rep, &fresh->report)) {
		session_input_done(fresh);
		explorer_reply_say(y, true, "reload: out of memory, keeping %zu records", was);
		return;
	}
	if (e->inputs[0].rejected.status == OCC_OK)
		e->inputs[0].rejected = fresh->rejected;
	session_input_done(fresh);
	for (size_t j = was; j < rep->n; j++)
		e->items[j] = (struct explorer_item){ 0, j };
	e->n_items = rep->n;
	/* The records moved in memory: the shown one is resolved again. */
	memset(&e->resolved, 0, sizeof(e->resolved));
	{
		struct session_record r = explorer_record(e, e->shown);

		session_resolve(e->session, &r, &e->resolved);
		view_set_measured(&e->view, r.rec);
	}
	if (e->view.has_ref && e->view.ref.report.present)
		view_set_reference(&e->view, NULL, NULL);
	if (!browser_append(b, e->inputs[0].path)) {
		explorer_reply_say(y, true, "reload: out of memory for the browser's rows");
		return;
	}
	y->refresh = true;
	if (e->inputs[0].rejected.status != OCC_OK)
		explorer_reply_say(y, true, "reloaded: %zu new record%s, %zu in all, %zu rows "
				   "rejected", added, added == 1 ? "" : "s", e->n_items,
				   rep->rejected_rows);
	else
		explorer_reply_say(y, false, "reloaded: %zu new record%s, %zu in all", added,
				   added == 1 ? "" : "s", e->n_items);
}

/* A reload under way: how far it is, or its records in place once whole. */
static void reload_progress(struct explorer *e, struct explorer_reply *y)
{
	struct session_input fresh;
	size_t read;
	bool appended;

	y->react = REACT_REDRAW;
	if (!session_reload_finished(e->reload, &read)) {
		explorer_reply_say(y, false, "reloading: %zu records read; the %zu shown stay until "
				   "it is done", read, e->inputs[0].report.n);
		return;
	}
	if (!session_reload_take(e->reload, &fresh, &appended, &e->mark) ||
	    fresh.kind != SESSION_REPORT) {
		e->reload = NULL;
		session_input_done(&fresh);
		explorer_reply_say(y, true, "reload failed, keeping %zu records",
				   e->inputs[0].report.n);
		return;
	}
	e->reload = NULL;
	if (appended)
		append(e, &fresh, y);
	else
		replace(e, &fresh, y);
}

void explorer_records_poll(struct explorer *e, struct explorer_reply *y)
{
	long long mtime, size;
	bool regular;

	y->react = REACT_NONE;
	if (!e->reloads || !pane_kernels_browser(e->panes[PANE_KERNELS]))
		return;
	if (e->reload) {
		reload_progress(e, y);
		return;
	}
	regular = file_state(e->inputs[0].path, &mtime, &size);
	if (mtime == e->seen_mtime_ns && size == e->seen_size)
		return;
	y->react = REACT_REDRAW;
	e->seen_mtime_ns = mtime;
	e->seen_size = size;
	/* Opening a FIFO with no writer would hold the reading for ever. */
	if (!regular) {
		explorer_reply_say(y, true, "reload failed (not a regular file now), keeping %zu records",
				   e->inputs[0].report.n);
		return;
	}
	/* Read in a thread of its own: keys keep answering, and the old
	 * records stay until the new ones are whole. A change while it reads
	 * is seen at the first poll after it. */
	e->reload = session_reload_start(e->session, e->inputs[0].path, &e->inputs[0].report,
					 &e->mark);
	if (!e->reload) {
		explorer_reply_say(y, true, "reload: out of memory, keeping %zu records",
				   e->inputs[0].report.n);
		return;
	}
	explorer_reply_say(y, false, "reloading: the %zu records shown stay until it is done",
			   e->inputs[0].report.n);
}

void explorer_records_stop(struct explorer *e)
{
	session_reload_stop(e->reload);
	e->reload = NULL;
}

bool explorer_records_reloading(const struct explorer *e)
{
	return e->reload != NULL;
}

bool explorer_records_pending(const struct explorer *e)
{
	struct pane *kp = e->panes[PANE_KERNELS];

	return kp && pane_kernels_browser(kp) && pane_kernels_browser(kp)->n_pending > 0;
}

enum reaction explorer_records_work(struct explorer *e)
{
	struct browser *b;

	if (!explorer_records_pending(e))
		return REACT_NONE;
	b = pane_kernels_browser(e->panes[PANE_KERNELS]);
	/* Out of memory: the rows stay as they are, asked again at the next
	 * tick; the lines shown have their figures already. */
	if (!browser_work(b, WORK_ROWS))
		return REACT_NONE;
	/* the last rows can change the legend and the columns' words */
	return b->n_pending == 0 ? REACT_REDRAW : REACT_NONE;
}
