/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* rocprof_ids.c - the dispatch ids of the records a rocprofv3 counter
 * collection reader holds (rocprof_ids.h). */
#include "config.h"

#include "rocprof_ids.h"

#include <stdlib.h>

/* A dispatch id and the number of the record that has it. */
struct rocprof_id_slot {
	int64_t id;
	size_t number;
	bool used;
};

static size_t slot_of(const struct rocprof_ids *t, int64_t id)
{
	uint64_t h = (uint64_t)id * 0x9E3779B97F4A7C15u;

	return (size_t)(h ^ (h >> 32)) & (t->cap - 1);
}

size_t rocprof_ids_find(const struct rocprof_ids *t, size_t n_streamed, int64_t id)
{
	if (!t->cap)
		return SIZE_MAX;
	for (size_t k = slot_of(t, id); t->slots[k].used; k = (k + 1) & (t->cap - 1))
		if (t->slots[k].id == id)
			return t->slots[k].number >= n_streamed ? t->slots[k].number : SIZE_MAX;
	return SIZE_MAX;
}

static void put(struct rocprof_ids *t, int64_t id, size_t number)
{
	size_t k = slot_of(t, id);

	while (t->slots[k].used && t->slots[k].id != id)
		k = (k + 1) & (t->cap - 1);
	if (!t->slots[k].used)
		t->used++;
	t->slots[k] = (struct rocprof_id_slot){ id, number, true };
}

/* The table is rebuilt when half full, with only the ids of records still
 * held, four times their count in size: so it follows what a stream holds,
 * not the file. */
bool rocprof_ids_add(struct rocprof_ids *t, size_t n_streamed, int64_t id, size_t number)
{
	if ((t->used + 1) * 2 > t->cap) {
		struct rocprof_id_slot *old = t->slots;
		size_t old_cap = t->cap, live = 0, cap = 64;

		for (size_t k = 0; k < old_cap; k++)
			if (old[k].used && old[k].number >= n_streamed)
				live++;
		while (cap < (live + 1) * 4)
			cap *= 2;
		if (!(t->slots = calloc(cap, sizeof(*t->slots)))) {
			t->slots = old;
			return false;
		}
		t->cap = cap;
		t->used = 0;
		for (size_t k = 0; k < old_cap; k++)
			if (old[k].used && old[k].number >= n_streamed)
				put(t, old[k].id, old[k].number);
		free(old);
	}
	put(t, id, number);
	return true;
}

void rocprof_ids_free(struct rocprof_ids *t)
{
	free(t->slots);
	*t = (struct rocprof_ids){ 0 };
}
