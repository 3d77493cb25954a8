/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* record_store_form.h - the packed form of a kernel record, private to the
 * store's files: record_store.c (the store and its texts),
 * record_store_pack.c (writing), record_store_unpack.c (reading). */
#ifndef OCC_RECORD_STORE_FORM_H
#define OCC_RECORD_STORE_FORM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "report.h"

/* The numeric fields, in the order their tags number them. A new field of
 * struct report_record goes at the end of its list (packed records never
 * outlive the process, so the order is free to change, but a field left
 * out would be lost: test_record_store compares every field). */
#define INT_FIELD(f) offsetof(struct report_record, f)
static const size_t int_fields[] = {
	INT_FIELD(id), INT_FIELD(cc_major), INT_FIELD(cc_minor), INT_FIELD(sm_count),
	INT_FIELD(grid[0]), INT_FIELD(grid[1]), INT_FIELD(grid[2]),
	INT_FIELD(block[0]), INT_FIELD(block[1]), INT_FIELD(block[2]), INT_FIELD(registers),
	INT_FIELD(static_smem_bytes), INT_FIELD(dynamic_smem_bytes), INT_FIELD(driver_smem_bytes),
	INT_FIELD(smem_config_bytes), INT_FIELD(barriers),
	INT_FIELD(cluster[0]), INT_FIELD(cluster[1]), INT_FIELD(cluster[2]), INT_FIELD(wave_size),
	INT_FIELD(arch_vgprs), INT_FIELD(accum_vgprs), INT_FIELD(sgprs), INT_FIELD(lds_bytes),
	INT_FIELD(scratch_bytes), INT_FIELD(vgpr_spills), INT_FIELD(sgpr_spills),
	INT_FIELD(max_block_size), INT_FIELD(dynamic_stack), INT_FIELD(invocations),
	INT_FIELD(xcds), INT_FIELD(limit_warps), INT_FIELD(limit_blocks),
	INT_FIELD(limit_registers), INT_FIELD(limit_smem), INT_FIELD(limit_barriers),
	INT_FIELD(registers_allocated), INT_FIELD(smem_per_block_bytes),
	INT_FIELD(smem_allocated_bytes), INT_FIELD(cluster_max_active),
	INT_FIELD(cluster_max_size), INT_FIELD(amd_waves_limit[0]),
	INT_FIELD(amd_waves_limit[1]), INT_FIELD(amd_waves_limit[2]),
	INT_FIELD(amd_waves_limit[3]), INT_FIELD(amd_max_waves_per_cu),
};
static const size_t num_fields[] = {
	INT_FIELD(duration_ns), INT_FIELD(achieved_occupancy_pct), INT_FIELD(achieved_active_warps),
	INT_FIELD(achieved_min_pct), INT_FIELD(achieved_max_pct), INT_FIELD(counted_active_warps),
	INT_FIELD(counted_active_cycles), INT_FIELD(sq_accum_prev_hires),
	INT_FIELD(grbm_gui_active), INT_FIELD(sched.active_warps), INT_FIELD(sched.eligible_warps),
	INT_FIELD(sched.issued_warps), INT_FIELD(sched.issue_active_pct),
	INT_FIELD(sched.max_warps), INT_FIELD(sched.sm_throughput_pct),
	INT_FIELD(sched.memory_throughput_pct), INT_FIELD(theoretical_occupancy_pct),
	INT_FIELD(theoretical_step_pct), INT_FIELD(theoretical_active_warps),
	INT_FIELD(theoretical_warps_per_scheduler), INT_FIELD(waves_per_sm),
	INT_FIELD(cluster_occupancy_pct),
};
#undef INT_FIELD
enum {
	N_INTS = sizeof(int_fields) / sizeof(int_fields[0]),
	N_NUMS = sizeof(num_fields) / sizeof(num_fields[0]),
	N_FIELDS = N_INTS + N_NUMS,
};

/* A field's tag: (its number - the previous one's) << 2 | present << 1 |
 * raw (the value is the double's 8 bytes, else a zigzag varint); 0 ends
 * the list. */
enum { TAG_PRESENT = 2, TAG_RAW = 1 };

/* Which rare parts follow the fields (one byte). */
enum {
	HAS_SM = 1u << 0, HAS_SM_EVENTS = 1u << 1, HAS_RULES = 1u << 2, HAS_BINARY = 1u << 3,
	HAS_FROM = 1u << 4, HAS_BLOCK_REQUIRED = 1u << 5,
};

struct row {
	size_t at;          /* offset of the record's bytes in the blob */
	uint32_t name;      /* text + 1; 0: NULL */
	uint32_t short_name;
};

/* A slot of the texts' hash table: the text's hash, kept so that a probe
 * past another text compares no bytes (every record's name is looked up
 * as it is read: with distinct names, each probe would be a cache miss
 * into a text) and growing hashes no text again; index + 1, 0 empty. */
struct text_slot {
	uint32_t hash;
	uint32_t index;
};

struct text_block {
	struct text_block *next;
	size_t used, cap;
	char text[];
};

struct record_store {
	/* the previous record's texts (name, short name, process, device,
	 * gfx target): most records repeat all but the first two */
	uint32_t last[5];
	size_t last_name_len;     /* the bytes of last[0]'s text */
	uint8_t *blob;
	size_t len, cap;
	struct row *rows;
	size_t n, rows_cap;
	/* The distinct texts, once each, and a hash table of their indices. */
	char **texts;
	size_t n_texts, texts_cap;
	struct text_slot *slots;  /* n_slots a power of two */
	size_t n_slots;
	size_t text_bytes;        /* the blocks' bytes */
	/* Where the texts lie: blocks that never move, one malloc for many
	 * texts (a report of 100,000 distinct names would take 100,000). */
	struct text_block *blocks;
	/* The first `shared` texts are base's (record_store_new_on), in
	 * base's blocks until record_store_adopt makes them this store's. */
	size_t shared;
	const struct record_store *base;
};

/* rec's bytes, its texts' indices (name, short name, process, device, gfx
 * target) given, appended to s's blob; *at: where they start. False when
 * out of memory (the blob keeps what it had). record_store_pack.c. */
bool record_store_write(struct record_store *s, const struct report_record *rec,
			const uint32_t texts[5], size_t *at);

#endif
