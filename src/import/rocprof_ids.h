/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* rocprof_ids.h - the dispatch ids of the records a rocprofv3 counter
 * collection reader holds, so that a dispatch's later rows find its record. */
#ifndef OCC_ROCPROF_IDS_H
#define OCC_ROCPROF_IDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct rocprof_id_slot;

/* An open-addressing table of (id, record number); zeroed: empty. Those of
 * records handed over (numbers below n_streamed) go stale and are dropped
 * when it is rebuilt. */
struct rocprof_ids {
	struct rocprof_id_slot *slots;
	size_t cap, used;
};

/* The number of the record with this dispatch id that is still held (its
 * number at least n_streamed), or SIZE_MAX. */
size_t rocprof_ids_find(const struct rocprof_ids *t, size_t n_streamed, int64_t id);
/* Records that id is record number's; false when out of memory. */
bool rocprof_ids_add(struct rocprof_ids *t, size_t n_streamed, int64_t id, size_t number);
void rocprof_ids_free(struct rocprof_ids *t);

#endif
