/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* browser.c - the kernel browser with 100,000 records: time to build the
 * rows (the session's analysis of every record; and what the first frame
 * waits for: every row's id and name, one screen analysed), to sort by
 * each column, to filter as one types, and to draw the pane at 200x60;
 * and, given report files, the explorer's first frame on each (read whole,
 * the browser's rows, the 200x60 screen drawn), as a ratio to libcsv's bare parse of
 * the same file, measured in the same run (goal: at most 1.5x).
 *
 * With --memory FILE[=GPU] (one file, a process of its own, since peak RSS
 * only grows): what the explorer holds per record (its peak RSS over the
 * records once every row is analysed, goal at most 700 bytes on a rocprof
 * file) and what a reload of the file rewritten whole peaks at against the
 * loaded size (goal below 1.5x).
 *
 * With --frame FILE[=GPU]: the first frame and libcsv's parse once each,
 * nothing else, for counting instructions (callgrind --toggle-collect=
 * first_frame, then =floor_libcsv_parse): counts do not move with the
 * machine's load as wall times do.
 *
 * usage: bench/browser [--smoke] [FILE[=GPU]]...   (--smoke: a small, quick run for make check)
 *        bench/browser --memory FILE[=GPU]
 *        bench/browser --frame FILE[=GPU] */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "browser.h"
#include "explorer.h"
#include "explorer_state.h"
#include "floor.h"
#include "pane.h"
#include "view.h"

enum { N = 100000, ROUNDS = 3 };
/* --smoke (make check): 1,000 records and one round, to show the program
 * still builds and runs and prints its rows. */
static int n_records = N, rounds = ROUNDS;

static double now_ms(void)
{
	return floor_now() * 1e3;
}

static void set(struct report_int *f, int64_t v)
{
	f->present = true;
	f->value = v;
}

/* The browser alone on n_records synthetic MI300X dispatches. */
static int synthetic(const struct gpu_db *db)
{
	static const char *const kernels[] = { "gemm_kernel", "softmax", "layer_norm",
		"flash_attention_fwd", "elementwise_add", "reduce_sum", "copyBuffer" };
	struct occ_error err = { 0 };
	struct param_set flags = { 0 };
	struct session *s;
	struct report rep = { 0 };
	struct browser *b = calloc(1, sizeof(*b));
	struct pane *p;
	struct canvas *c;
	struct view v;
	double t;

	launch_init(&flags.values);
	s = session_new(db, &flags, &err);
	if (!s || !b)
		return 1;
	srand(1);
	for (int i = 0; i < n_records; i++) {
		struct report_record *r = report_add(&rep, i + 2);
		char name[128];
		snprintf(name, sizeof(name), "void %s<%d>(float*, int) [clone .kd]",
			 kernels[i % 7], i % 13);
		r->name = strdup(name);
		r->short_name = report_intern_short_name(&rep, name);
		set(&r->id, i);
		r->device = "AMD Instinct MI300X";
		r->vendor = REPORT_VENDOR_AMD;
		r->gfx_target = "gfx942";
		set(&r->grid[0], 1 + rand() % 100000);
		set(&r->block[0], 64 << (rand() % 4));
		set(&r->arch_vgprs, 8 * (1 + rand() % 16));
		set(&r->lds_bytes, 1024 * (rand() % 32));
		set(&r->wave_size, 64);
		r->duration_ns.present = true;
		r->duration_ns.value = 1000 + rand() % 1000000;
	}
	t = now_ms();
	if (!browser_init(b, s, &rep, "synthetic"))
		return 1;
	printf("rows for %d records (the session's analysis of each): %.1f ms\n", n_records, now_ms() - t);
	{
		/* what the explorer's first frame waits for: every row's id and
		 * name, the screen's 58 lines analysed (the rest in idle time) */
		struct browser *lazy = calloc(1, sizeof(*lazy));

		t = now_ms();
		if (!lazy || !browser_open(lazy, s, &rep, "synthetic") || !browser_show(lazy, 0, 58))
			return 1;
		printf("rows for the first frame of %d records (ids and names, 58 analysed): %.1f ms\n",
		       n_records, now_ms() - t);
		browser_done(lazy);
		free(lazy);
	}
	for (int col = 0; col < BROWSER_N_COLUMNS; col++) {
		t = now_ms();
		browser_set_sort(b, (enum browser_column)col, false);
		printf("sort by %-7s %6.2f ms\n", browser_column_label(col), now_ms() - t);
	}
	{
		const char *typed[] = { "s", "so", "sof", "soft", "softm" };
		for (size_t i = 0; i < 5; i++) {
			t = now_ms();
			browser_set_filter(b, typed[i]);
			printf("filter \"%s\" (%zu match) %6.2f ms\n", typed[i], b->n_order, now_ms() - t);
		}
		browser_set_filter(b, "");
	}
	t = now_ms();
	browser_set_grouped(b, true);
	printf("group toggle (%zu groups) %6.2f ms\n", b->n_groups, now_ms() - t);
	browser_set_grouped(b, false);
	p = pane_kernels_new(b);
	c = canvas_new(200, 60, false);
	if (!p || !c)
		return 1;
	view_init(&v);
	v.cur.ok = true;
	b->selected = n_records / 2;
	t = now_ms();
	for (int i = 0; i < 100; i++)
		p->cls->draw(p, c, (struct rect){ 1, 1, 198, 58 }, &v);
	printf("draw at 200x60: %.3f ms\n", (now_ms() - t) / 100);
	canvas_free(c);
	pane_free(p);  /* and the browser with it */
	report_done(&rep);
	session_free(s);
	return 0;
}

/* occview FILE up to its first frame: the report read whole, the explorer
 * made (every browser row), the 200x60 screen drawn. Milliseconds, < 0 on
 * failure. */
__attribute__((noinline)) static double first_frame(const struct gpu_db *db, const char *path, const char *gpu)
{
	struct occ_error err = { 0 };
	struct param_set flags = { 0 };
	struct explorer_options o = { 0 };
	struct session_input *in = calloc(1, sizeof(*in));
	struct session *s;
	struct explorer *e;
	struct canvas *c = canvas_new(200, 60, false);
	double t0 = now_ms(), t = -1;
	int status = 0;

	launch_init(&flags.values);
	if (gpu) {
		snprintf(flags.values.gpu_name, sizeof(flags.values.gpu_name), "%s", gpu);
		flags.set = PARAM_BIT(PARAM_GPU);
	}
	s = session_new(db, &flags, &err);
	if (!s || !c || !in || !session_load(s, path, in, stderr, &status)) {
		free(in);
		goto out;
	}
	o.source = path;
	e = explorer_new(s, in, 1, &o);  /* takes in over */
	if (!e)
		goto out;
	explorer_draw(e, c);
	t = now_ms() - t0;
	explorer_free(e);
out:
	canvas_free(c);
	session_free(s);
	return t;
}

/* Peak resident memory of this process so far, in bytes. */
static double peak_rss(void)
{
	struct rusage ru;

	return getrusage(RUSAGE_SELF, &ru) == 0 ? (double)ru.ru_maxrss * 1024.0 : -1;
}

/* path's bytes without its last line into to (a report rewritten whole: a
 * reload reads it again from the start); false when it cannot be. */
static bool copy_file(const char *from, const char *to, bool drop_last_line)
{
	FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
	char *buf = malloc(1 << 20);
	long long total = 0, keep;
	size_t n;
	bool ok = in && out && buf;

	if (ok && fseek(in, 0, SEEK_END) == 0) {
		total = ftell(in);
		rewind(in);
	}
	keep = total;
	if (ok && drop_last_line && total > 1) {
		/* back from the last line end to the one before it */
		long long at = total - 2;
		for (; at >= 0; at--) {
			if (fseek(in, at, SEEK_SET) != 0 || getc(in) == '\n')
				break;
		}
		keep = at + 1;
		rewind(in);
	}
	while (ok && keep > 0 && (n = fread(buf, 1, keep < (1 << 20) ? (size_t)keep : (1 << 20), in)) > 0) {
		ok = fwrite(buf, 1, n, out) == n;
		keep -= (long long)n;
	}
	free(buf);
	if (in)
		fclose(in);
	if (out && fclose(out) != 0)
		ok = false;
	return ok && keep == 0;
}

/* --memory: the explorer on a copy of path up to its first frame, its peak
 * RSS over the records; then the copy rewritten whole (its last record
 * gone) and reloaded as the explorer does, the peak of that over the
 * loaded size. */
static int memory(const struct gpu_db *db, const char *path, const char *gpu)
{
	struct occ_error err = { 0 };
	struct param_set flags = { 0 };
	struct explorer_options o = { 0 };
	struct session_input *in = calloc(1, sizeof(*in));
	struct session *s;
	struct explorer *e;
	struct canvas *c = canvas_new(200, 60, false);
	char copy[] = "/tmp/occview-bench-XXXXXX";
	double before, loaded, reloaded, t;
	size_t records;
	int status = 0, fd = mkstemp(copy);

	if (fd < 0 || !c || !in)
		return 1;
	close(fd);
	if (!copy_file(path, copy, false)) {
		unlink(copy);
		return 1;
	}
	launch_init(&flags.values);
	if (gpu) {
		snprintf(flags.values.gpu_name, sizeof(flags.values.gpu_name), "%s", gpu);
		flags.set = PARAM_BIT(PARAM_GPU);
	}
	s = session_new(db, &flags, &err);
	before = peak_rss();
	t = now_ms();
	if (!s || !session_load(s, copy, in, stderr, &status)) {
		unlink(copy);
		return 1;
	}
	o.source = copy;
	e = explorer_new(s, in, 1, &o);
	if (!e) {
		unlink(copy);
		return 1;
	}
	explorer_draw(e, c);
	t = now_ms() - t;
	/* what it holds is what it holds after the idle time too: every row
	 * with its figures */
	while (explorer_busy(e))
		explorer_tick(e);
	loaded = peak_rss();
	records = e->n_items;
	printf("%s: %zu records, first frame %.0f ms, peak RSS %.1f MiB (%.1f MiB before): "
	       "%.0f bytes per record (goal <= 700) %s\n", path, records, t, loaded / 1048576.0,
	       before / 1048576.0, (loaded - before) / (double)records,
	       (loaded - before) / (double)records <= 700 ? "ok" : "MISS");
	/* A second later, so that the modification time differs. */
	sleep(1);
	if (!copy_file(path, copy, true)) {
		unlink(copy);
		return 1;
	}
	t = now_ms();
	explorer_poll(e);
	while (explorer_records_reloading(e)) {
		nanosleep(&(struct timespec){ 0, 2000000L }, NULL);
		explorer_poll(e);
	}
	explorer_draw(e, c);
	t = now_ms() - t;
	reloaded = peak_rss();
	printf("%s: reloaded whole (%zu records) in %.0f ms, peak RSS %.1f MiB: %.2fx the loaded "
	       "size (goal < 1.5x) %s\n", path, e->n_items, t, reloaded / 1048576.0, reloaded / loaded,
	       reloaded / loaded < 1.5 ? "ok" : "MISS");
	explorer_free(e);
	canvas_free(c);
	session_free(s);
	unlink(copy);
	return 0;
}

int main(int argc, char **argv)
{
	struct occ_error err = { 0 };
	struct gpu_db *db = gpu_db_new_builtin(&err);
	int status;

	int first = 1;

	if (argc > 1 && strcmp(argv[1], "--smoke") == 0) {
		n_records = 1000;
		rounds = 1;
		first = 2;
	}
	if (!db)
		return 1;
	if (argc == 3 && (strcmp(argv[1], "--memory") == 0 || strcmp(argv[1], "--frame") == 0)) {
		char path[4096], *eq;

		snprintf(path, sizeof(path), "%s", argv[2]);
		eq = strrchr(path, '=');
		if (eq)
			*eq = '\0';
		if (strcmp(argv[1], "--memory") == 0) {
			status = memory(db, path, eq ? eq + 1 : NULL);
		} else {
			double f = first_frame(db, path, eq ? eq + 1 : NULL);
			double p = floor_libcsv_parse(path, NULL) * 1e3;

			printf("%s: first frame %.0f ms, libcsv's parse %.0f ms\n", path, f, p);
			status = f < 0 || p < 0;
		}
		gpu_db_free(db);
		return status;
	}
	status = synthetic(db);
	/* FILE or FILE=GPU (a report that names no GPU) */
	for (int i = first; i < argc && status == 0; i++) {
		char path[4096], *eq;
		const char *gpu = NULL;
		double parse = -1, frame = -1;

		snprintf(path, sizeof(path), "%s", argv[i]);
		if ((eq = strrchr(path, '=')) != NULL) {
			*eq = '\0';
			gpu = eq + 1;
		}
		floor_warm(path);
		for (int r = 0; r < rounds; r++) {
			double p = floor_libcsv_parse(path, NULL) * 1e3, f = first_frame(db, path, gpu);

			if (p >= 0 && (parse < 0 || p < parse))
				parse = p;
			if (f >= 0 && (frame < 0 || f < frame))
				frame = f;
		}
		if (parse < 0 || frame < 0) {
			printf("%s: cannot be read\n", path);
			status = 1;
			break;
		}
		printf("%s: first frame at 200x60 %.0f ms, libcsv's parse %.0f ms: %.2fx (goal <= 1.5x) %s\n",
		       path, frame, parse, frame / parse, frame / parse <= 1.5 ? "ok" : "MISS");
	}
	gpu_db_free(db);
	return status;
}
