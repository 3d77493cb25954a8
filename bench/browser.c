/* browser.c - the kernel browser with 100,000 records: time to build the
 * rows (report_launch + occ_compute per record), to sort by each column, to
 * filter as one types, and to draw the pane at 200x60. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "browser.h"
#include "pane.h"
#include "view.h"

enum { N = 100000 };

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void set(struct report_int *f, int64_t v)
{
	f->present = true;
	f->value = v;
}

int main(void)
{
	static const char *const kernels[] = { "gemm_kernel", "softmax", "layer_norm",
		"flash_attention_fwd", "elementwise_add", "reduce_sum", "copyBuffer" };
	struct occ_error err = { 0 };
	struct gpu_db *db = gpu_db_new_builtin(&err);
	struct report_launch_given none = { NULL, NULL, 0 };
	struct report rep = { 0 };
	struct browser b;
	struct canvas *c;
	struct pane p = { .cls = &pane_kernels };
	struct view v;
	double t;

	if (!db)
		return 1;
	srand(1);
	for (int i = 0; i < N; i++) {
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
	if (!browser_init(&b, db, &rep, &none, "synthetic"))
		return 1;
	printf("rows for %d records (report_launch + occ_compute): %.1f ms\n", N, now_ms() - t);
	for (int col = 0; col < BROWSER_N_COLUMNS; col++) {
		t = now_ms();
		browser_set_sort(&b, (enum browser_column)col, false);
		printf("sort by %-7s %6.2f ms\n", browser_column_label(col), now_ms() - t);
	}
	{
		const char *typed[] = { "s", "so", "sof", "soft", "softm" };
		for (size_t i = 0; i < 5; i++) {
			t = now_ms();
			browser_set_filter(&b, typed[i]);
			printf("filter \"%s\" (%zu match) %6.2f ms\n", typed[i], b.n_order, now_ms() - t);
		}
		browser_set_filter(&b, "");
	}
	t = now_ms();
	browser_set_grouped(&b, true);
	printf("group toggle (%zu groups) %6.2f ms\n", b.n_groups, now_ms() - t);
	browser_set_grouped(&b, false);
	view_init(&v);
	v.browser = &b;
	v.cur.ok = true;
	c = canvas_new(200, 60, false);
	b.selected = N / 2;
	t = now_ms();
	for (int i = 0; i < 100; i++)
		pane_kernels.draw(&p, c, (struct rect){ 1, 1, 198, 58 }, &v);
	printf("draw at 200x60: %.3f ms\n", (now_ms() - t) / 100);
	canvas_free(c);
	browser_done(&b);
	report_done(&rep);
	gpu_db_free(db);
	return 0;
}
