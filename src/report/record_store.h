/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* record_store.h - kernel records held packed, for a report kept whole (the
 * explorer's): each record as a few dozen bytes instead of a struct
 * report_record of about 1.2 KB, unpacked on demand.
 *
 * The form of one record: its texts (full and short name, process, device,
 * gfx target) as indices into the store's table of distinct texts, each
 * kept once however many records name it; its numbers as a list of the
 * fields that differ from report_record_init's (present, or absent with a
 * value left in them), each a tag (the field, whether present, how stored)
 * and the value as a zigzag varint where that is exact (integers, and
 * doubles that are whole numbers), else the double's 8 bytes; the rare
 * parts (per-SM arrays, the profiler's rules, a binary's attributes) after
 * them, only where present. Unpacking gives back exactly what was packed:
 * record_store_get(record_store_add(x)) equals x field by field
 * (tests/test_record_store.c over every report in tests/data).
 *
 * A record's texts other than its name point into the store after
 * unpacking (the same pointer for the same text, as report_intern's): they
 * live until record_store_free. The name, the per-SM arrays, the rules and
 * the binary are the unpacked record's own (report_record_done frees them).
 * achieved_from is kept as the pointer it was (the session's input owns it). */
#ifndef OCC_RECORD_STORE_H
#define OCC_RECORD_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "report.h"

struct record_store;

struct record_store *record_store_new(void);
/* A store whose texts start as base's, shared, not copied (a report read
 * again: most of its names are the old one's, and two copies of them
 * would double what a reload holds). base is only read, from any thread,
 * and must outlive the new store unless record_store_adopt makes its
 * texts the new store's; NULL: record_store_new. */
struct record_store *record_store_new_on(const struct record_store *base);
/* s (made on base) owns base's texts from now on: base may be freed
 * first (its own records still read them until then). False, nothing
 * changed, when s was not made on base. */
bool record_store_adopt(struct record_store *s, struct record_store *base);
void record_store_free(struct record_store *s);
/* Packs rec as the store's next record; false when out of memory (the
 * store is as it was). */
bool record_store_add(struct record_store *s, const struct report_record *rec);
/* The index + 1 of text in the store's table of texts (0 for NULL), text
 * added when new; false when out of memory. */
bool record_store_text_index(struct record_store *s, const char *text, uint32_t *index);
/* record_store_add with rec's short name, process, device and gfx target
 * given as record_store_text_index's indices (in that order): their
 * pointers in rec are not read (a caller that knows two records' texts
 * are the same without comparing them: a stream's interned strings).
 * False when out of memory or an index is none of the store's. */
bool record_store_add_indexed(struct record_store *s, const struct report_record *rec,
			      const uint32_t texts[4]);
/* Takes the last record added out again (its texts stay). */
void record_store_pop(struct record_store *s);
/* Packs rec in place of record i (a record changed after it was read:
 * joined measurements); false when out of memory (i keeps its old form). */
bool record_store_set(struct record_store *s, size_t i, const struct report_record *rec);
size_t record_store_count(const struct record_store *s);
/* Unpacks record i into *out (its heap parts newly allocated); false when
 * out of memory or the bytes are no packed record (out is then a record
 * of report_record_init's, with nothing to free). */
bool record_store_get(const struct record_store *s, size_t i, struct report_record *out);
/* The same, but for a moment: out->name is the store's own text (not to
 * be freed or changed); set it to NULL before report_record_done. Saves
 * a copy of the name per record where every record is read once (the
 * kernel browser's rows). */
bool record_store_peek(const struct record_store *s, size_t i, struct report_record *out);
/* Record i's id as unpacking gives it, without unpacking the rest (the
 * kernel browser's rows); absent past the last record. */
struct report_int record_store_id(const struct record_store *s, size_t i);
/* Record i's full name (NULL where it has none) and short name, without
 * unpacking it: the kernel browser filters and groups on them. */
const char *record_store_name(const struct record_store *s, size_t i);
const char *record_store_short_name(const struct record_store *s, size_t i);
/* Record i's full name as the index + 1 of its text (0 where it has
 * none): records with the same name have the same, below the count
 * record_store_texts gives + 1 (a cache per distinct name). */
uint32_t record_store_name_index(const struct record_store *s, size_t i);
/* Record i's packed bytes, *len of them up to the end of the store's
 * (the last record's own bytes exactly, in a store only added to), and
 * the store's texts: what record_store_unpack takes (tests, fuzzing). */
const uint8_t *record_store_record(const struct record_store *s, size_t i, size_t *len);
const char *const *record_store_texts(const struct record_store *s, size_t *n);
/* The bytes the store holds: packed records, rows and texts. */
size_t record_store_bytes(const struct record_store *s);

/* One packed record's bytes (its first len bytes at most; bytes after the
 * record are not read) unpacked against a table of n_texts texts (the fuzz
 * harness's way in): false when they are no packed record or memory runs
 * out; out is then as report_record_init leaves it. */
bool record_store_unpack(const uint8_t *bytes, size_t len, const char *const *texts,
			 size_t n_texts, struct report_record *out);

#endif
