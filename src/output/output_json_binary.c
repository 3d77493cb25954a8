/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* output_json_binary.c - a kernel's "binary" object in JSON output: what a
 * compiler wrote for it, every attribute included, and where. */
#include "config.h"

#include "output_json_binary.h"

#include <stdlib.h>
#include <string.h>

#include "params.h"
#include "strutil.h"

/* Text read from a file, sanitized; null when there is none. */
static void text_value(struct jsonw *w, const char *s)
{
	if (!s || !s[0]) {
		jsonw_null(w);
		return;
	}
	jsonw_text(w, s, strlen(s) * 4 + 1);
}

static void key_text(struct jsonw *w, const char *key, const char *s)
{
	jsonw_key(w, key);
	text_value(w, s);
}

static void key_int(struct jsonw *w, const char *key, const struct report_int *v)
{
	jsonw_key(w, key);
	if (v->present)
		jsonw_int(w, v->value);
	else
		jsonw_null(w);
}

static void key_dims(struct jsonw *w, const char *key, const struct report_int v[3])
{
	jsonw_key(w, key);
	if (!v[0].present) {
		jsonw_null(w);
		return;
	}
	jsonw_array(w);
	for (int d = 0; d < 3; d++)
		jsonw_int(w, v[d].present ? v[d].value : 1);
	jsonw_end(w);
}

/* An AMD metadata key: its name, whether occview reads it, its value
 * (null where only its length, or nothing, is kept) and that length. */
static void md_key(struct jsonw *w, const struct report_binary_key *k)
{
	jsonw_object(w);
	key_text(w, "name", k->key);
	jsonw_key(w, "used");
	jsonw_bool(w, k->used);
	jsonw_key(w, "value");
	switch (k->kind) {
	case REPORT_MD_INT:
		jsonw_int(w, k->ints[0]);
		break;
	case REPORT_MD_BOOL:
		jsonw_bool(w, k->ints[0] != 0);
		break;
	case REPORT_MD_STRING:
		text_value(w, k->text);
		break;
	case REPORT_MD_INTS:
		jsonw_array(w);
		for (int i = 0; i < k->n; i++)
			jsonw_int(w, k->ints[i]);
		jsonw_end(w);
		break;
	default:
		jsonw_null(w);
		break;
	}
	jsonw_key(w, "items");
	if (k->kind == REPORT_MD_INTS || k->kind == REPORT_MD_ITEMS)
		jsonw_int(w, k->items);
	else
		jsonw_null(w);
	jsonw_end(w);
}

void output_json_assumed(struct jsonw *w, unsigned assumed)
{
	static const struct { enum launch_param p; const char *key; } launch_keys[] = {
		{ PARAM_GRID, "grid_size" },
		{ PARAM_BLOCK, "block_size" },
		{ PARAM_DYNAMIC_SMEM, "dynamic_shared_mem_bytes" },
	};

	jsonw_array(w);
	for (size_t i = 0; i < sizeof(launch_keys) / sizeof(launch_keys[0]); i++)
		if (assumed & PARAM_BIT(launch_keys[i].p))
			jsonw_string(w, launch_keys[i].key);
	jsonw_end(w);
}

void output_json_binary(struct jsonw *w, const char *full_name, const struct report_binary *b,
			unsigned assumed)
{
	jsonw_object(w);
	key_text(w, "full_name", full_name);
	key_text(w, "mangled_name", b->mangled_name);
	key_text(w, "container", b->container);
	key_text(w, "arch", b->arch);
	key_text(w, "target", b->target);
	jsonw_key(w, "offset");
	jsonw_int(w, (int64_t)b->offset);
	key_text(w, "compression", b->compression);
	key_dims(w, "max_threads", b->max_threads);
	key_dims(w, "required_block", b->req_threads);
	key_int(w, "min_blocks_per_sm", &b->min_blocks);
	key_int(w, "max_registers", &b->max_registers);
	key_int(w, "stack_frame_bytes", &b->frame_bytes);
	key_int(w, "spill_store_bytes", &b->spill_store_bytes);
	key_int(w, "spill_load_bytes", &b->spill_load_bytes);
	key_int(w, "min_stack_bytes", &b->min_stack_bytes);
	key_int(w, "max_stack_bytes", &b->max_stack_bytes);
	/* What occview took because neither the binary nor a flag said. */
	jsonw_key(w, "assumed");
	output_json_assumed(w, assumed);
	jsonw_key(w, "attributes");
	jsonw_array(w);
	/* AMD's: every key of the kernel's metadata map. */
	for (size_t i = 0; i < b->n_keys; i++)
		md_key(w, &b->keys[i]);
	for (size_t i = 0; i < b->n_attrs; i++) {
		const struct report_binary_attr *a = &b->attrs[i];
		const char *name = report_binary_attr_name(a->number);

		jsonw_object(w);
		jsonw_key(w, "number");
		jsonw_int(w, a->number);
		jsonw_key(w, "name");
		if (name)
			jsonw_string(w, name);
		else
			jsonw_null(w);
		jsonw_key(w, "format");
		jsonw_int(w, a->format);
		jsonw_key(w, "size");
		jsonw_int(w, a->size);
		jsonw_key(w, "values");
		jsonw_array(w);
		for (int k = 0; k < a->n_words; k++)
			jsonw_int(w, a->words[k]);
		jsonw_end(w);
		jsonw_end(w);
	}
	jsonw_end(w);
	jsonw_end(w);
}
