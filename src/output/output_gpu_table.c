/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* output_gpu_table.c - --list-gpus --format json|jsonl|csv: the database's devices
 * for scripts and shell completion, with the columns the kernels' JSON uses
 * for a GPU. */
#include "config.h"

#include "output.h"

#include <string.h>

#include "engine.h"
#include "jsonw.h"
#include "outbuf.h"
#include "strutil.h"

/* One device's text fields, sanitized (a user database is file text). */
struct device_text {
	char name[GPU_NAME_MAX * 4], aliases[1024], arch[64], family[96], segment[64], cc[16];
	const char *vendor;
};

static void device_text(const struct gpu *g, struct device_text *t)
{
	str_sanitize(g->name, t->name, sizeof(t->name));
	str_sanitize(g->aliases, t->aliases, sizeof(t->aliases));
	str_sanitize(g->arch.arch, t->arch, sizeof(t->arch));
	str_sanitize(gpu_family(&g->arch), t->family, sizeof(t->family));
	str_sanitize(g->segment, t->segment, sizeof(t->segment));
	gpu_arch_cc_string(&g->arch, t->cc, sizeof(t->cc));
	t->vendor = engine_words(&g->arch)->key;
}

/* One device's object, in the layout w has. */
static void device_json(struct jsonw *w, const struct gpu *g)
{
	struct device_text t;

	device_text(g, &t);
	jsonw_object(w);
	jsonw_key(w, "name");
	jsonw_string(w, t.name);
	jsonw_key(w, "vendor");
	jsonw_string(w, t.vendor);
	jsonw_key(w, "arch");
	jsonw_string(w, t.arch);
	jsonw_key(w, "cc");
	jsonw_string(w, t.cc);
	jsonw_key(w, "sm_count");
	jsonw_int(w, g->sm_count);
	jsonw_key(w, "family");
	jsonw_string(w, t.family);
	jsonw_key(w, "segment");
	jsonw_string(w, t.segment);
	jsonw_key(w, "aliases");
	jsonw_array(w);
	for (char *a = strtok(t.aliases, ";"); a; a = strtok(NULL, ";"))
		if (*(a = str_trim(a)))
			jsonw_string(w, a);
	jsonw_end(w);
	jsonw_end(w);
}

void output_gpu_list_json(FILE *out, const struct gpu_db *db)
{
	bool first = true;

	output_json_open(out, "devices");
	for (size_t i = 0; i < gpu_db_device_count(db); i++) {
		struct jsonw w;
		struct gpu g;

		if (!gpu_db_device_at(db, i, &g))
			continue;
		fputs(first ? "\n    " : ",\n    ", out);
		first = false;
		jsonw_init(&w, out, 4);
		device_json(&w, &g);
		jsonw_flush(&w);
	}
	output_json_end(out, !first);
}

void output_gpu_list_jsonl(FILE *out, const struct gpu_db *db)
{
	output_jsonl_header(out);
	for (size_t i = 0; i < gpu_db_device_count(db); i++) {
		struct jsonw w;
		struct gpu g;

		if (!gpu_db_device_at(db, i, &g))
			continue;
		jsonw_init_compact(&w, out);
		device_json(&w, &g);
		outbuf_putc(&w.text, '\n');
		jsonw_flush(&w);
	}
}

void output_gpu_list_csv(FILE *out, const struct gpu_db *db)
{
	fputs("name,vendor,arch,cc,sm_count,family,segment,aliases\n", out);
	for (size_t i = 0; i < gpu_db_device_count(db); i++) {
		struct device_text t;
		struct outbuf row;
		struct gpu g;

		if (!gpu_db_device_at(db, i, &g))
			continue;
		device_text(&g, &t);
		outbuf_init(&row, out);
		output_csv_field(&row, t.name, false);
		output_csv_field(&row, t.vendor, false);
		output_csv_field(&row, t.arch, false);
		output_csv_field(&row, t.cc, false);
		outbuf_int(&row, g.sm_count);
		outbuf_putc(&row, ',');
		output_csv_field(&row, t.family, false);
		output_csv_field(&row, t.segment, false);
		output_csv_field(&row, t.aliases, true);
		outbuf_flush(&row);
	}
}
