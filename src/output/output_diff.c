/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* output_diff.c - the regression gate as text and as JSON: per kernel that
 * changed, the figures old -> new and the distance to the next occupancy
 * step; kernels added and removed; a summary line. */
#include "config.h"

#include "output_diff.h"

#include <string.h>

#include "jsonw.h"
#include "output_json_binary.h"
#include "params.h"
#include "strutil.h"

static const char *status_word(enum diff_status s)
{
	switch (s) {
	case DIFF_UNCHANGED: return "unchanged";
	case DIFF_CHANGED: return "changed";
	case DIFF_ADDED: return "added";
	case DIFF_REMOVED: return "removed";
	case DIFF_ERROR: return "error";
	}
	return "?";
}

/* "occupancy, blocks" for the bits set. */
static void fail_list(unsigned bits, char *out, size_t size)
{
	size_t n = 0;

	out[0] = '\0';
	for (int i = 0; i < DIFF_N_FAILS && n < size; i++)
		if (bits & (1u << i))
			n += (size_t)snprintf(out + n, size - n, "%s%s", n ? ", " : "",
					      diff_fail_name(i));
}

static void spills_text(const struct diff_side *s, char *out, size_t size)
{
	if (s->spills.present)
		snprintf(out, size, "%lld", (long long)s->spills.value);
	else
		snprintf(out, size, "n/a");
}

/* The engine's word for n registers or n blocks: "1 workgroup", "2 workgroups". */
static const char *regs_word(const struct diff_side *s, int64_t n)
{
	return n == 1 && s->register_word ? s->register_word : s->registers_word;
}

static const char *blocks_word(const struct diff_side *s, int64_t n)
{
	return n == 1 && s->block_word ? s->block_word : s->blocks_word;
}

static void side_line(FILE *out, const struct diff_side *s)
{
	char sp[32];

	spills_text(s, sp, sizeof(sp));
	fprintf(out, "%lld %s, %lld B %s, %s spilled, %d %s per %s of %d %s%s, %.2f%% occupancy",
		(long long)s->registers, regs_word(s, s->registers), (long long)s->smem_bytes,
		s->smem_word, sp, s->blocks_per_sm, blocks_word(s, s->blocks_per_sm), s->unit,
		s->block_size, s->threads_word,
		s->assumed & PARAM_BIT(PARAM_BLOCK) ? " (assumed)" : "", s->occupancy_pct);
}

static void steps_line(FILE *out, const struct diff_side *s)
{
	fputs("    steps: ", out);
	if (s->regs_to_lose > 0)
		fprintf(out, "%d more %s %s one of its %d %s per %s", s->regs_to_lose,
			regs_word(s, s->regs_to_lose), s->regs_to_lose == 1 ? "loses" : "lose",
			s->blocks_per_sm, blocks_word(s, s->blocks_per_sm), s->unit);
	else
		fprintf(out, "no %s to lose", s->blocks_word);
	if (s->regs_to_gain > 0)
		fprintf(out, "; %d fewer %s one\n", s->regs_to_gain,
			s->regs_to_gain == 1 ? "gains" : "gain");
	else
		fprintf(out, "; no fewer %s gain one\n", s->registers_word);
}

bool output_diff_text(FILE *out, const struct diff_result *d, const struct output_diff_files *f)
{
	char old_name[512], new_name[512], fails[128];

	str_sanitize(f->old_file, old_name, sizeof(old_name));
	str_sanitize(f->new_file, new_name, sizeof(new_name));
	fail_list(f->fail_on, fails, sizeof(fails));
	fprintf(out, "occview --diff %s -> %s (failing on: %s)\n", old_name, new_name, fails);
	for (size_t i = 0; i < d->n; i++) {
		const struct diff_kernel *k = &d->kernels[i];
		char name[512], worse[128];

		if (k->status == DIFF_UNCHANGED)
			continue;
		str_sanitize(k->name, name, sizeof(name));
		fail_list(k->worse, worse, sizeof(worse));
		switch (k->status) {
		case DIFF_CHANGED:
			fprintf(out, "%s %s [%s]%s%s\n", k->failed ? "FAIL   " : "changed", name,
				k->arch, k->worse ? ": worse in " : "", worse);
			fputs("    old: ", out);
			side_line(out, &k->old);
			fputs("\n    new: ", out);
			side_line(out, &k->new);
			fputc('\n', out);
			steps_line(out, &k->new);
			break;
		case DIFF_ADDED:
			fprintf(out, "added   %s [%s]\n    new: ", name, k->arch);
			side_line(out, &k->new);
			fputc('\n', out);
			steps_line(out, &k->new);
			break;
		case DIFF_REMOVED:
			fprintf(out, "removed %s [%s]\n", name, k->arch);
			break;
		case DIFF_ERROR: {
			const struct diff_side *s = k->old.present && !k->old.ok ? &k->old : &k->new;
			char why[512];

			str_sanitize(s->why, why, sizeof(why));
			fprintf(out, "ERROR   %s [%s]: %s\n", name, k->arch, why);
			break;
		}
		case DIFF_UNCHANGED:
			break;
		}
	}
	fprintf(out, "%zu kernels: %zu changed, %zu failed, %zu added, %zu removed, %zu unchanged, "
		"%zu not analysed", d->n, d->changed, d->failed, d->added, d->removed, d->unchanged,
		d->errors);
	if (d->duplicates)
		fprintf(out, " (%zu repeated records of the same kernels not compared)",
			d->duplicates);
	fputc('\n', out);
	return !ferror(out);
}

/* ---- JSON --------------------------------------------------------------- */

static void key_int_or_null(struct jsonw *w, const char *key, struct report_int v)
{
	jsonw_key(w, key);
	if (v.present)
		jsonw_int(w, v.value);
	else
		jsonw_null(w);
}

static void side_json(struct jsonw *w, const char *key, const struct diff_side *s)
{
	char text[512];

	jsonw_key(w, key);
	if (!s->present) {
		jsonw_null(w);
		return;
	}
	jsonw_object(w);
	if (!s->ok) {
		str_sanitize(s->why, text, sizeof(text));
		jsonw_key(w, "error");
		jsonw_string(w, text);
		jsonw_end(w);
		return;
	}
	str_sanitize(s->gpu, text, sizeof(text));
	jsonw_key(w, "gpu");
	jsonw_string(w, text);
	jsonw_key(w, "registers");
	jsonw_int(w, s->registers);
	key_int_or_null(w, "agprs", s->agprs);
	key_int_or_null(w, "sgprs", s->sgprs);
	jsonw_key(w, "shared_mem_bytes");
	jsonw_int(w, s->smem_bytes);
	key_int_or_null(w, "spilled_registers", s->spills);
	key_int_or_null(w, "scratch_bytes", s->scratch_bytes);
	jsonw_key(w, "threads_per_block");
	jsonw_int(w, s->block_size);
	jsonw_key(w, "assumed");
	output_json_assumed(w, s->assumed);
	jsonw_key(w, "active_blocks_per_sm");
	jsonw_int(w, s->blocks_per_sm);
	jsonw_key(w, "theoretical_occupancy_pct");
	jsonw_real(w, s->occupancy_pct);
	jsonw_key(w, "registers_to_lose_block");
	if (s->regs_to_lose > 0)
		jsonw_int(w, s->regs_to_lose);
	else
		jsonw_null(w);
	jsonw_key(w, "registers_to_gain_block");
	if (s->regs_to_gain > 0)
		jsonw_int(w, s->regs_to_gain);
	else
		jsonw_null(w);
	jsonw_end(w);
}

static void fails_json(struct jsonw *w, const char *key, unsigned bits)
{
	jsonw_key(w, key);
	jsonw_array(w);
	for (int i = 0; i < DIFF_N_FAILS; i++)
		if (bits & (1u << i))
			jsonw_string(w, diff_fail_name(i));
	jsonw_end(w);
}

bool output_diff_json(FILE *out, const struct diff_result *d, const struct output_diff_files *f)
{
	struct jsonw w;
	char text[1024];

	jsonw_init(&w, out, 0);
	jsonw_object(&w);
	jsonw_key(&w, "format_version");
	jsonw_int(&w, 1);
	jsonw_key(&w, "producer");
	jsonw_object(&w);
	jsonw_key(&w, "name");
	jsonw_string(&w, PACKAGE_NAME);
	jsonw_key(&w, "version");
	jsonw_string(&w, PACKAGE_VERSION);
	jsonw_end(&w);
	str_sanitize(f->old_file, text, sizeof(text));
	jsonw_key(&w, "old");
	jsonw_string(&w, text);
	str_sanitize(f->new_file, text, sizeof(text));
	jsonw_key(&w, "new");
	jsonw_string(&w, text);
	fails_json(&w, "fail_on", f->fail_on);
	jsonw_key(&w, "exit_status");
	jsonw_int(&w, diff_exit_status(d));
	jsonw_key(&w, "kernels");
	jsonw_array(&w);
	for (size_t i = 0; i < d->n; i++) {
		const struct diff_kernel *k = &d->kernels[i];

		jsonw_object(&w);
		str_sanitize(k->name, text, sizeof(text));
		jsonw_key(&w, "name");
		jsonw_string(&w, text);
		jsonw_key(&w, "arch");
		jsonw_string(&w, k->arch);
		jsonw_key(&w, "status");
		jsonw_string(&w, status_word(k->status));
		fails_json(&w, "worse", k->worse);
		fails_json(&w, "failed", k->failed);
		side_json(&w, "old", &k->old);
		side_json(&w, "new", &k->new);
		jsonw_end(&w);
	}
	jsonw_end(&w);
	jsonw_key(&w, "summary");
	jsonw_object(&w);
	jsonw_key(&w, "kernels");
	jsonw_int(&w, (int64_t)d->n);
	jsonw_key(&w, "changed");
	jsonw_int(&w, (int64_t)d->changed);
	jsonw_key(&w, "failed");
	jsonw_int(&w, (int64_t)d->failed);
	jsonw_key(&w, "added");
	jsonw_int(&w, (int64_t)d->added);
	jsonw_key(&w, "removed");
	jsonw_int(&w, (int64_t)d->removed);
	jsonw_key(&w, "unchanged");
	jsonw_int(&w, (int64_t)d->unchanged);
	jsonw_key(&w, "not_analysed");
	jsonw_int(&w, (int64_t)d->errors);
	jsonw_key(&w, "repeated_records");
	jsonw_int(&w, (int64_t)d->duplicates);
	jsonw_end(&w);
	jsonw_end(&w);
	if (!jsonw_flush(&w))
		return false;
	fputc('\n', out);
	return !ferror(out);
}
