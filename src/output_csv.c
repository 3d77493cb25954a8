/* output_csv.c - --format csv: a header row, then one row per kernel (RFC 4180). */
#include "config.h"

#include "output.h"

#include <string.h>

#include "numfmt.h"
#include "strutil.h"

/* A row is built here and written with one fwrite: fputc and fprintf per
 * field were most of --format csv's time. */
struct row {
	FILE *out;
	size_t n;
	char buf[8192];
};

static void flush(struct row *r)
{
	fwrite(r->buf, 1, r->n, r->out);
	r->n = 0;
}

/* Room for len more bytes, flushing first where needed (len <= the buffer). */
static char *room(struct row *r, size_t len)
{
	if (r->n + len > sizeof(r->buf))
		flush(r);
	return r->buf + r->n;
}

static void add(struct row *r, const char *s, size_t len)
{
	if (len > sizeof(r->buf)) {
		flush(r);
		fwrite(s, 1, len, r->out);
		return;
	}
	memcpy(room(r, len), s, len);
	r->n += len;
}

static void add_char(struct row *r, char c)
{
	*room(r, 1) = c;
	r->n++;
}

static void add_int(struct row *r, int64_t v)
{
	r->n += numfmt_int(room(r, NUMFMT_MAX), v);
}

static void add_fixed(struct row *r, double v, int decimals)
{
	r->n += numfmt_fixed(room(r, NUMFMT_MAX), v, decimals);
}

static void field(struct row *r, const char *s, bool last)
{
	char clean[1100];

	str_sanitize(s, clean, sizeof(clean));
	if (strpbrk(clean, ",\"\r\n")) {
		add_char(r, '"');
		for (const char *p = clean; *p; p++) {
			if (*p == '"')
				add_char(r, '"');
			add_char(r, *p);
		}
		add_char(r, '"');
	} else {
		add(r, clean, strlen(clean));
	}
	add_char(r, last ? '\n' : ',');
}

static void limit(struct row *r, int v)
{
	if (v != OCC_UNLIMITED)
		add_int(r, v);
	add_char(r, ',');
}

/* A kernel record's columns: achieved occupancy, duration and the number of
 * cross-check disagreements; empty where absent or not compared. */
static void report_columns(struct row *r, const struct analysis *a, bool lead)
{
	const struct crosscheck_record *p = &a->report;

	if (lead)
		add_char(r, ',');
	if (p->achieved_occupancy_pct.present)
		add_fixed(r, p->achieved_occupancy_pct.value, 2);
	add_char(r, ',');
	if (p->duration_ns.present)
		add_fixed(r, p->duration_ns.value, 0);
	add_char(r, ',');
	if (a->ok && !p->launch_given && p->check.compared)
		add_int(r, crosscheck_count(p->check.disagree));
	add_char(r, '\n');
}

void output_csv_header(FILE *out, bool records)
{
	fputs("kernel,gpu,cc,sm_count,grid_size,threads_per_block,registers_per_thread,"
	      "static_shared_mem_bytes,dynamic_shared_mem_bytes,active_blocks_per_sm,"
	      "active_warps_per_sm,theoretical_occupancy_pct,limiting_factors,block_limit_warps,"
	      "block_limit_blocks,block_limit_registers,block_limit_shared_mem,block_limit_barriers,"
	      "waves_per_sm,tail_share_pct,predicted_achieved_occupancy_pct,error", out);
	fputs(records ? ",achieved_occupancy_pct,duration_ns,crosscheck_disagreements\n" : "\n", out);
}

void output_csv_row(FILE *out, const struct analysis *a, bool records)
{
	const struct launch *l = &a->launch;
	char cc[16] = "", msg[900];
	struct row *r = &(struct row){ .out = out };
	bool first = true;

	field(r, l->kernel, false);
	field(r, a->gpu.name[0] ? a->gpu.name : l->gpu_name, false);
	if (a->gpu.name[0])
		gpu_arch_cc_string(&a->gpu.arch, cc, sizeof(cc));
	add(r, cc, strlen(cc));
	add_char(r, ',');
	if (a->gpu.name[0])
		add_int(r, a->gpu.sm_count);
	add_char(r, ',');
	if (!a->ok && a->report.present) {
		/* What the record lacks stays empty: missing is not zero. */
		if (launch_grid_size(l) > 0)
			add_int(r, launch_grid_size(l));
		add_char(r, ',');
		if (launch_threads_per_block(l) > 0)
			add_int(r, launch_threads_per_block(l));
		add_char(r, ',');
		if (l->regs_per_thread > 0)
			add_int(r, l->regs_per_thread);
	} else {
		add_int(r, launch_grid_size(l));
		add_char(r, ',');
		add_int(r, launch_threads_per_block(l));
		add_char(r, ',');
		add_int(r, l->regs_per_thread);
	}
	add_char(r, ',');
	add_int(r, l->static_smem_bytes);
	add_char(r, ',');
	add_int(r, l->dynamic_smem_bytes);
	add_char(r, ',');
	if (!a->ok) {
		occ_error_format(&a->error, msg, sizeof(msg));
		add(r, ",,,,,,,,,,,,", 12);
		field(r, msg, !records);
		if (records)
			report_columns(r, a, false);
		flush(r);
		return;
	}
	add_int(r, a->r.active_blocks_per_sm);
	add_char(r, ',');
	add_int(r, a->r.active_warps_per_sm);
	add_char(r, ',');
	add_fixed(r, a->r.theoretical_occupancy_pct, 2);
	add_char(r, ',');
	for (int f = 0; f < OCC_N_FACTORS; f++) {
		const char *key;

		if (!occ_is_limiting(&a->r, (enum occ_factor)f))
			continue;
		if (!first)
			add_char(r, ';');
		key = occ_key(&a->r, (enum occ_factor)f);
		add(r, key, strlen(key));
		first = false;
	}
	add_char(r, ',');
	for (int f = 0; f < OCC_N_FACTORS; f++)
		limit(r, a->r.block_limit[f]);
	add_fixed(r, a->w.waves_per_sm, 4);
	add_char(r, ',');
	add_fixed(r, a->w.tail_share_pct, 2);
	add_char(r, ',');
	add_fixed(r, a->w.predicted_achieved_pct, 2);
	add_char(r, ',');
	if (records)
		report_columns(r, a, true);
	else
		add_char(r, '\n');
	flush(r);
}
