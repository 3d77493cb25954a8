/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_record_store.c - the packed records of record_store.h: every report
 * under tests/data read, each record packed and unpacked, equal field by
 * field to the one read (its texts looked up, or given as their indices);
 * the report accessors over a packed report; and unpacking refuses bytes
 * cut short. */
#include "config.h"

#include <check.h>
#include <dirent.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "record_store.h"
#include "report.h"

static const char *data_dir(void)
{
	const char *top = getenv("TESTDATA");

	return top ? top : "tests/data";
}

static bool same_text(const char *a, const char *b)
{
	return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

/* What the parts behind pointers hold, equal. */
static void ck_binary(const struct report_binary *a, const struct report_binary *b,
		      const char *what)
{
	struct report_binary x = *a, y = *b;

	ck_assert_msg(same_text(a->target, b->target), "%s: binary target", what);
	ck_assert_msg(same_text(a->mangled_name, b->mangled_name), "%s: mangled name", what);
	ck_assert_msg(a->n_attrs == b->n_attrs && a->n_keys == b->n_keys, "%s: counts", what);
	ck_assert_msg(a->n_attrs == 0 ||
			      memcmp(a->attrs, b->attrs, a->n_attrs * sizeof(*a->attrs)) == 0,
		      "%s: attributes", what);
	for (size_t i = 0; i < a->n_keys; i++) {
		struct report_binary_key kx = a->keys[i], ky = b->keys[i];

		ck_assert_msg(same_text(kx.key, ky.key) && same_text(kx.text, ky.text),
			      "%s: key %zu", what, i);
		kx.key = kx.text = ky.key = ky.text = NULL;
		ck_assert_msg(memcmp(&kx, &ky, sizeof(kx)) == 0, "%s: key %zu", what, i);
	}
	x.target = x.mangled_name = y.target = y.mangled_name = NULL;
	x.attrs = y.attrs = NULL;
	x.keys = y.keys = NULL;
	ck_assert_msg(memcmp(&x, &y, sizeof(x)) == 0, "%s: binary", what);
}

/* The numeric fields of struct report_record, listed from report.h (not
 * from record_store.c's table, which this checks): a field added there
 * must be added here, or ck_coverage fails. */
#define OFF(f) offsetof(struct report_record, f)
static const size_t ints[] = {
	OFF(id), OFF(cc_major), OFF(cc_minor), OFF(sm_count), OFF(grid[0]), OFF(grid[1]),
	OFF(grid[2]), OFF(block[0]), OFF(block[1]), OFF(block[2]), OFF(registers),
	OFF(static_smem_bytes), OFF(dynamic_smem_bytes), OFF(driver_smem_bytes),
	OFF(smem_config_bytes), OFF(barriers), OFF(cluster[0]), OFF(cluster[1]), OFF(cluster[2]),
	OFF(wave_size), OFF(arch_vgprs), OFF(accum_vgprs), OFF(sgprs), OFF(lds_bytes),
	OFF(scratch_bytes), OFF(vgpr_spills), OFF(sgpr_spills), OFF(max_block_size),
	OFF(dynamic_stack), OFF(invocations), OFF(xcds), OFF(limit_warps), OFF(limit_blocks),
	OFF(limit_registers), OFF(limit_smem), OFF(limit_barriers), OFF(registers_allocated),
	OFF(smem_per_block_bytes), OFF(smem_allocated_bytes), OFF(cluster_max_active),
	OFF(cluster_max_size), OFF(amd_waves_limit[0]), OFF(amd_waves_limit[1]),
	OFF(amd_waves_limit[2]), OFF(amd_waves_limit[3]), OFF(amd_max_waves_per_cu),
};
static const size_t nums[] = {
	OFF(duration_ns), OFF(achieved_occupancy_pct), OFF(achieved_active_warps),
	OFF(achieved_min_pct), OFF(achieved_max_pct), OFF(counted_active_warps),
	OFF(counted_active_cycles), OFF(sq_accum_prev_hires), OFF(grbm_gui_active),
	OFF(sched.active_warps), OFF(sched.eligible_warps), OFF(sched.issued_warps),
	OFF(sched.issue_active_pct), OFF(sched.max_warps), OFF(sched.sm_throughput_pct),
	OFF(sched.memory_throughput_pct), OFF(theoretical_occupancy_pct),
	OFF(theoretical_step_pct), OFF(theoretical_active_warps),
	OFF(theoretical_warps_per_scheduler), OFF(waves_per_sm), OFF(cluster_occupancy_pct),
};
/* The other members, by offset and size. */
#define MEMBER(f) { OFF(f), sizeof(((struct report_record *)0)->f) }
static const struct { size_t at, size; } others[] = {
	MEMBER(line), MEMBER(run), MEMBER(name), MEMBER(short_name), MEMBER(process),
	MEMBER(device), MEMBER(vendor), MEMBER(gfx_target), MEMBER(block_required),
	MEMBER(binary), MEMBER(achieved_from), MEMBER(n_sm), MEMBER(sm_achieved_pct),
	MEMBER(n_sm_events), MEMBER(sm_active_warps), MEMBER(sm_active_cycles),
	MEMBER(n_rules), MEMBER(rules), MEMBER(ncu_layout), MEMBER(figures_by),
};
#undef MEMBER

/* Every byte of struct report_record that is no padding is in one of the
 * lists above. */
START_TEST(every_field_listed)
{
	unsigned char covered[sizeof(struct report_record)] = { 0 };
	size_t n = 0;

	for (size_t i = 0; i < sizeof(ints) / sizeof(ints[0]); i++) {
		covered[ints[i] + offsetof(struct report_int, present)] = 1;
		memset(covered + ints[i] + offsetof(struct report_int, value), 1, sizeof(int64_t));
	}
	for (size_t i = 0; i < sizeof(nums) / sizeof(nums[0]); i++) {
		covered[nums[i] + offsetof(struct report_num, present)] = 1;
		memset(covered + nums[i] + offsetof(struct report_num, value), 1, sizeof(double));
	}
	for (size_t i = 0; i < sizeof(others) / sizeof(others[0]); i++)
		memset(covered + others[i].at, 1, others[i].size);
	for (size_t k = 0; k < sizeof(covered); k++)
		n += covered[k];
	/* The padding: 7 bytes after each present flag (68 of them), 4 after
	 * run, 4 after vendor, 7 after block_required, 7 after ncu_layout,
	 * 4 after figures_by. A new field changes the count: list it. */
	ck_assert_uint_eq(sizeof(covered) - n, 68 * 7 + 4 + 4 + 7 + 7 + 4);
}
END_TEST

/* a and b equal field by field: every number (present flag and value, a
 * double's bits), every text and array behind a pointer. */
static void ck_same(const struct report_record *a, const struct report_record *b,
		    const char *what)
{
	const unsigned char *x = (const void *)a, *y = (const void *)b;

	for (size_t i = 0; i < sizeof(ints) / sizeof(ints[0]); i++) {
		const struct report_int *u = (const void *)(x + ints[i]), *v = (const void *)(y + ints[i]);

		ck_assert_msg(u->present == v->present && u->value == v->value,
			      "%s: integer field at %zu", what, ints[i]);
	}
	for (size_t i = 0; i < sizeof(nums) / sizeof(nums[0]); i++) {
		const struct report_num *u = (const void *)(x + nums[i]), *v = (const void *)(y + nums[i]);

		ck_assert_msg(u->present == v->present &&
				      memcmp(&u->value, &v->value, sizeof(double)) == 0,
			      "%s: number field at %zu", what, nums[i]);
	}
	ck_assert_msg(a->line == b->line && a->run == b->run && a->vendor == b->vendor &&
			      a->block_required == b->block_required &&
			      a->ncu_layout == b->ncu_layout && a->figures_by == b->figures_by,
		      "%s: line, run, vendor, flags", what);
	ck_assert_msg(same_text(a->name, b->name), "%s: name", what);
	ck_assert_msg(strcmp(a->short_name, b->short_name) == 0, "%s: short name", what);
	ck_assert_msg(strcmp(a->process, b->process) == 0, "%s: process", what);
	ck_assert_msg(strcmp(a->device, b->device) == 0, "%s: device", what);
	ck_assert_msg(strcmp(a->gfx_target, b->gfx_target) == 0, "%s: gfx target", what);
	ck_assert_msg(a->n_sm == b->n_sm && a->n_sm_events == b->n_sm_events, "%s: SMs", what);
	ck_assert_msg(a->n_sm == 0 || memcmp(a->sm_achieved_pct, b->sm_achieved_pct,
					     a->n_sm * sizeof(double)) == 0, "%s: per SM", what);
	ck_assert_msg(a->n_sm_events == 0 ||
			      (memcmp(a->sm_active_warps, b->sm_active_warps,
				      a->n_sm_events * sizeof(double)) == 0 &&
			       memcmp(a->sm_active_cycles, b->sm_active_cycles,
				      a->n_sm_events * sizeof(double)) == 0),
		      "%s: per-SM events", what);
	ck_assert_msg(a->n_rules == b->n_rules, "%s: rules", what);
	for (size_t i = 0; i < a->n_rules; i++) {
		const struct report_rule *u = &a->rules[i], *v = &b->rules[i];

		ck_assert_msg(same_text(u->section, v->section) && same_text(u->name, v->name) &&
				      same_text(u->type, v->type) && same_text(u->text, v->text) &&
				      strcmp(u->speedup_type, v->speedup_type) == 0 &&
				      u->speedup_pct.present == v->speedup_pct.present &&
				      memcmp(&u->speedup_pct.value, &v->speedup_pct.value,
					     sizeof(double)) == 0,
			      "%s: rule %zu", what, i);
	}
	ck_assert_msg(!a->binary == !b->binary, "%s: binary", what);
	if (a->binary)
		ck_binary(a->binary, b->binary, what);
	ck_assert_msg(a->achieved_from == b->achieved_from, "%s: achieved from", what);
}

struct tally {
	size_t files, records, rules, binaries, per_sm, events, raw_doubles;
};

static void round_trip(const char *path, struct tally *t)
{
	struct report r = { 0 };
	struct occ_error err = { 0 };
	struct record_store *s;

	if (!report_load(path, &r, &err))
		return;
	s = record_store_new();
	ck_assert_ptr_nonnull(s);
	t->files++;
	for (size_t i = 0; i < r.n; i++)
		ck_assert(record_store_add(s, &r.records[i]));
	ck_assert_uint_eq(record_store_count(s), r.n);
	for (size_t i = 0; i < r.n; i++) {
		struct report_record got;
		char what[1200];

		snprintf(what, sizeof(what), "%s record %zu", path, i);
		ck_assert_msg(record_store_get(s, i, &got), "%s: not unpacked", what);
		ck_same(&r.records[i], &got, what);
		ck_assert(same_text(record_store_name(s, i), r.records[i].name));
		ck_assert_str_eq(record_store_short_name(s, i), r.records[i].short_name);
		/* the id alone, without unpacking (the kernel browser's) */
		ck_assert_msg(record_store_id(s, i).present == r.records[i].id.present &&
			      record_store_id(s, i).value == r.records[i].id.value, "%s: id", what);
		t->records++;
		t->rules += got.n_rules > 0;
		t->binaries += got.binary != NULL;
		t->per_sm += got.n_sm > 0;
		t->events += got.n_sm_events > 0;
		t->raw_doubles += got.achieved_occupancy_pct.present &&
				  got.achieved_occupancy_pct.value != (double)(long long)
					  got.achieved_occupancy_pct.value;
		report_record_done(&got);
	}
	record_store_free(s);
	/* again with the texts given as their indices (a stream's sink
	 * does so): the same records */
	s = record_store_new();
	ck_assert_ptr_nonnull(s);
	for (size_t i = 0; i < r.n; i++) {
		const struct report_record *rec = &r.records[i];
		uint32_t texts[4];

		ck_assert(record_store_text_index(s, rec->short_name, &texts[0]) &&
			  record_store_text_index(s, rec->process, &texts[1]) &&
			  record_store_text_index(s, rec->device, &texts[2]) &&
			  record_store_text_index(s, rec->gfx_target, &texts[3]));
		ck_assert(record_store_add_indexed(s, rec, texts));
	}
	for (size_t i = 0; i < r.n; i++) {
		struct report_record got;
		char what[1200];

		snprintf(what, sizeof(what), "%s record %zu, texts given", path, i);
		ck_assert_msg(record_store_get(s, i, &got), "%s: not unpacked", what);
		ck_same(&r.records[i], &got, what);
		report_record_done(&got);
	}
	record_store_free(s);
	report_done(&r);
}

static void walk(const char *dir, struct tally *t)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	ck_assert_msg(d != NULL, "%s", dir);
	while ((e = readdir(d)) != NULL) {
		char path[1024];
		struct stat st;

		if (e->d_name[0] == '.' || strcmp(e->d_name, "golden") == 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (stat(path, &st) != 0)
			continue;
		if (S_ISDIR(st.st_mode))
			walk(path, t);
		else if (S_ISREG(st.st_mode))
			round_trip(path, t);
	}
	closedir(d);
}

/* Every report of tests/data, and every kind of part a record can have
 * among them: the profiler's rules (Nsight Compute details pages), a
 * binary's attributes (cubins, code objects), per-SM values (nvprof's
 * aggregate-mode-off events), doubles that are no whole number. */
START_TEST(every_report_round_trips)
{
	struct tally t = { 0 };

	walk(data_dir(), &t);
	ck_assert_uint_gt(t.files, 50);
	ck_assert_uint_gt(t.records, 1000);
	ck_assert_uint_gt(t.rules, 0);
	ck_assert_uint_gt(t.binaries, 0);
	ck_assert_uint_gt(t.events, 0);
	ck_assert_uint_gt(t.raw_doubles, 0);
}
END_TEST

/* A record with nothing but absent fields, and one with an absent field
 * that still holds a value, -0.0 and a NaN: each comes back as it was. */
START_TEST(absent_values_kept)
{
	struct record_store *s = record_store_new();
	struct report_record a, b, got;

	report_record_init(&a, 7);
	report_record_init(&b, -3);
	b.grid[1].value = 12;                      /* absent, yet not zero */
	b.duration_ns = (struct report_num){ true, -0.0 };
	b.waves_per_sm = (struct report_num){ false, 0.1 };
	b.achieved_min_pct = (struct report_num){ true, __builtin_nan("") };
	b.id = (struct report_int){ true, INT64_MIN };
	b.registers = (struct report_int){ true, INT64_MAX };
	ck_assert(record_store_add(s, &a));
	ck_assert(record_store_add(s, &b));
	ck_assert(record_store_get(s, 0, &got));
	ck_same(&a, &got, "empty record");
	report_record_done(&got);
	ck_assert(record_store_get(s, 1, &got));
	ck_same(&b, &got, "absent values");
	ck_assert(!record_store_get(s, 2, &got));
	record_store_free(s);
}
END_TEST

/* Every cut of a packed record short of its end is refused, and text
 * indices past the table: a record with rules (the longest form). */
START_TEST(cut_bytes_refused)
{
	struct report r = { 0 };
	struct occ_error err = { 0 };
	struct record_store *s = record_store_new();
	struct report_record got;
	char path[1024];
	const char *const *texts;
	const uint8_t *bytes;
	size_t len, n_texts;

	snprintf(path, sizeof(path), "%s/ncu/constructed_ncu_details_fullset_a100_cc80.csv",
		 data_dir());
	ck_assert(report_load(path, &r, &err));
	ck_assert_uint_gt(r.records[0].n_rules, 0);
	ck_assert(record_store_add(s, &r.records[0]));
	bytes = record_store_record(s, 0, &len);
	texts = record_store_texts(s, &n_texts);
	for (size_t cut = 0; cut < len; cut++)
		ck_assert_msg(!record_store_unpack(bytes, cut, texts, n_texts, &got),
			      "cut at %zu of %zu unpacked", cut, len);
	ck_assert(record_store_unpack(bytes, len, texts, n_texts, &got));
	ck_same(&r.records[0], &got, "whole");
	report_record_done(&got);
	/* a field's step of 0 (before the first: fuzz_store's crash), and a
	 * step past the last field */
	{
		static const uint8_t zero_step[] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0 };
		static const uint8_t past_last[] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0x02,
						     0, 0 };

		ck_assert(!record_store_unpack(zero_step, sizeof(zero_step), texts, n_texts, &got));
		ck_assert(!record_store_unpack(past_last, sizeof(past_last), texts, n_texts, &got));
	}
	/* the same bytes against a table without the last text */
	ck_assert(!record_store_unpack(bytes, len, texts, n_texts - 1, &got));
	/* an index of a text the store does not have: refused, nothing added */
	{
		size_t n, was = record_store_count(s);
		const uint32_t none[4] = { 0, 0, 0, 0 };
		uint32_t past[4] = { 0, 0, 0, 0 };

		record_store_texts(s, &n);
		past[2] = (uint32_t)n + 1;
		ck_assert(!record_store_add_indexed(s, &r.records[0], past));
		ck_assert_uint_eq(record_store_count(s), was);
		ck_assert(record_store_add_indexed(s, &r.records[0], none));
		ck_assert_uint_eq(record_store_count(s), was + 1);
	}
	record_store_free(s);
	report_done(&r);
}
END_TEST

/* A store made on another (a reload's) shares its texts: the same
 * records come back from it, and still do after it takes the texts over
 * and the first store is freed (under the sanitizers: nothing freed twice
 * or read after it was). */
START_TEST(shared_texts)
{
	struct report r = { 0 };
	struct occ_error err = { 0 };
	struct record_store *old = record_store_new(), *now;
	struct report_record got, other;
	char path[1024];

	snprintf(path, sizeof(path), "%s/rocprof/gunrock_mi300_rocprofv1_results_TRUNCATED.csv",
		 data_dir());
	ck_assert(report_load(path, &r, &err));
	ck_assert_uint_gt(r.n, 2);
	for (size_t i = 0; i + 1 < r.n; i++)
		ck_assert(record_store_add(old, &r.records[i]));
	now = record_store_new_on(old);
	ck_assert_ptr_nonnull(now);
	/* a name the old store lacks, and the others it has */
	other = r.records[r.n - 1];
	other.name = "a kernel only the new reading has";
	ck_assert(record_store_add(now, &other));
	for (size_t i = 0; i < r.n; i++)
		ck_assert(record_store_add(now, &r.records[i]));
	ck_assert(!record_store_adopt(old, now));
	ck_assert(record_store_adopt(now, old));
	/* the old store still reads its records, then goes */
	ck_assert(record_store_get(old, 0, &got));
	ck_same(&r.records[0], &got, "old store");
	report_record_done(&got);
	record_store_free(old);
	ck_assert(record_store_get(now, 0, &got));
	ck_same(&other, &got, "new text");
	report_record_done(&got);
	for (size_t i = 0; i < r.n; i++) {
		ck_assert(record_store_get(now, i + 1, &got));
		ck_same(&r.records[i], &got, "shared texts");
		report_record_done(&got);
	}
	record_store_free(now);
	report_done(&r);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("record_store");
	TCase *tc = tcase_create("core");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, every_field_listed);
	tcase_add_test(tc, every_report_round_trips);
	tcase_add_test(tc, absent_values_kept);
	tcase_add_test(tc, cut_bytes_refused);
	tcase_add_test(tc, shared_texts);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
