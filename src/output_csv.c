/* output_csv.c - --format csv: a header row, then one row per kernel (RFC 4180). */
#include "config.h"

#include "output.h"

#include <string.h>

#include "strutil.h"

static void field(FILE *out, const char *s, bool last)
{
	char clean[1100];

	str_sanitize(s, clean, sizeof(clean));
	if (strpbrk(clean, ",\"\r\n")) {
		fputc('"', out);
		for (const char *p = clean; *p; p++) {
			if (*p == '"')
				fputc('"', out);
			fputc(*p, out);
		}
		fputc('"', out);
	} else {
		fputs(clean, out);
	}
	fputc(last ? '\n' : ',', out);
}

static void limit(FILE *out, int v)
{
	if (v != OCC_UNLIMITED)
		fprintf(out, "%d", v);
	fputc(',', out);
}

/* A kernel record's columns: achieved occupancy, duration and the number of
 * cross-check disagreements; empty where absent or not compared. */
static void report_columns(FILE *out, const struct analysis *a, bool lead)
{
	const struct crosscheck_record *p = &a->report;

	if (lead)
		fputc(',', out);
	if (p->achieved_occupancy_pct.present)
		fprintf(out, "%.2f", p->achieved_occupancy_pct.value);
	fputc(',', out);
	if (p->duration_ns.present)
		fprintf(out, "%.0f", p->duration_ns.value);
	fputc(',', out);
	if (a->ok && !p->launch_given && p->check.compared)
		fprintf(out, "%d", crosscheck_count(p->check.disagree));
	fputc('\n', out);
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
	char cc[16] = "", factors[80] = "", msg[900];

	field(out, l->kernel, false);
	field(out, a->gpu.name[0] ? a->gpu.name : l->gpu_name, false);
	if (a->gpu.name[0])
		gpu_arch_cc_string(&a->gpu.arch, cc, sizeof(cc));
	fprintf(out, "%s,", cc);
	if (a->gpu.name[0])
		fprintf(out, "%d", a->gpu.sm_count);
	if (!a->ok && a->report.present) {
		/* What the record lacks stays empty: missing is not zero. */
		putc(',', out);
		if (launch_grid_size(l) > 0)
			fprintf(out, "%lld", (long long)launch_grid_size(l));
		putc(',', out);
		if (launch_threads_per_block(l) > 0)
			fprintf(out, "%d", launch_threads_per_block(l));
		putc(',', out);
		if (l->regs_per_thread > 0)
			fprintf(out, "%d", l->regs_per_thread);
		fprintf(out, ",%lld,%lld,", (long long)l->static_smem_bytes,
			(long long)l->dynamic_smem_bytes);
	} else {
		fprintf(out, ",%lld,%d,%d,%lld,%lld,", (long long)launch_grid_size(l),
			launch_threads_per_block(l), l->regs_per_thread,
			(long long)l->static_smem_bytes, (long long)l->dynamic_smem_bytes);
	}
	if (!a->ok) {
		occ_error_format(&a->error, msg, sizeof(msg));
		fputs(",,,,,,,,,,,,", out);
		field(out, msg, !records);
		if (records)
			report_columns(out, a, false);
		return;
	}
	for (int f = 0; f < OCC_N_FACTORS; f++) {
		if (!occ_is_limiting(&a->r, (enum occ_factor)f))
			continue;
		size_t len = strlen(factors);
		snprintf(factors + len, sizeof(factors) - len, "%s%s", len ? ";" : "",
			 occ_key(&a->r, (enum occ_factor)f));
	}
	fprintf(out, "%d,%d,%.2f,%s,", a->r.active_blocks_per_sm, a->r.active_warps_per_sm,
		a->r.theoretical_occupancy_pct, factors);
	for (int f = 0; f < OCC_N_FACTORS; f++)
		limit(out, a->r.block_limit[f]);
	fprintf(out, "%.4f,%.2f,%.2f,", a->w.waves_per_sm, a->w.tail_share_pct,
		a->w.predicted_achieved_pct);
	if (records)
		report_columns(out, a, true);
	else
		fputc('\n', out);
}
