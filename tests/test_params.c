/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_params.c - walks the launch parameter table and proves, row by row,
 * that every surface reads and writes it: the flag, the launch-file keys and
 * launch-list columns, the getter and setter, the JSON and CSV keys, the
 * recovery file, and the GPU's range, whose bounds the command line and the
 * explorer's what-if both accept and one past which both refuse in the same
 * words. */
#include "config.h"

#include <check.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis.h"
#include "cli.h"
#include "launch_file.h"
#include "output.h"
#include "params.h"
#include "session.h"
#include "strutil.h"
#include "whatif.h"
#include "testutil.h"

/* The embedded default launch on g. */
static struct launch default_on(const struct gpu *g)
{
	struct launch l;

	launch_init(&l);
	str_copy(l.gpu_name, sizeof(l.gpu_name), g->name);
	return l;
}

/* The first device of the database that offers p (param_offered) and takes
 * the embedded default launch: the GPU each row is tried on. */
static struct gpu device_for(enum launch_param p)
{
	struct gpu g;

	for (size_t i = 0; i < gpu_db_device_count(db); i++) {
		struct launch l;

		ck_assert(gpu_db_device_at(db, i, &g));
		l = default_on(&g);
		if (launch_check(&l, &g, NULL, 0, NULL) && param_offered(&l, &g, p))
			return g;
	}
	ck_abort_msg("no device offers %s", param_info(p)->flag);
	return g;
}

/* The text of value v of p as a launch file writes it. */
static void text_of(enum launch_param p, int64_t v, char *buf, size_t size)
{
	struct launch l;

	launch_init(&l);
	param_set(&l, p, v);
	param_write(&l, p, buf, size);
}

/* occview --gpu G FLAG TEXT as main() runs it, up to the analysis; a is
 * filled when the flags parse. False with err as the program would print it. */
static bool cli_run(const struct gpu *g, enum launch_param p, const char *text,
		    struct analysis *a, struct occ_error *err)
{
	char *argv[] = { (char *)"occview", (char *)"--gpu", (char *)g->name,
			 (char *)param_info(p)->flag, (char *)text, NULL };
	struct cli_options o;
	struct session *s;
	struct session_record r = { NULL, 0, NULL, NULL, NULL, 0, NULL, NULL };

	occ_error_clear(err);
	if (!cli_parse(5, argv, &o, err))
		return false;
	s = session_new(db, &o.given, err);
	if (!s)
		return false;
	r.launch = &session_flags(s)->values;
	session_analyse(s, &r, NULL, NULL, 0, a);
	session_free(s);
	if (!a->ok)
		*err = a->error;
	return a->ok;
}

/* The same value typed into the explorer's field for p (Enter on it). */
static bool whatif_run(const struct gpu *g, enum launch_param p, const char *text,
		       struct launch *out, struct occ_error *err)
{
	struct launch l = default_on(g);
	struct whatif *w = whatif_new(db, &l, g);
	bool ok;

	ck_assert_ptr_nonnull(w);
	ok = whatif_set_text(w, p, text, err);
	*out = w->cur.launch;
	whatif_free(w);
	return ok;
}

/* Each row has what every surface needs. */
START_TEST(every_row_is_filled)
{
	for (int p = 0; p < PARAM_N; p++) {
		const struct param_info *i = param_info((enum launch_param)p);

		ck_assert_msg(i->label && i->amd_label && i->flag && i->names && i->column &&
			      i->json && i->unit, "row %d", p);
		ck_assert_msg(strncmp(i->flag, "--", 2) == 0, "%s", i->flag);
		ck_assert_msg(i->size > 0, "%s: no place in struct launch", i->flag);
		ck_assert_msg((int)param_find(i->column) == p, "%s", i->column);
	}
}
END_TEST

/* The flag parses, and the value it gives is what the setter sets. */
START_TEST(the_flag_parses)
{
	enum launch_param p = (enum launch_param)_i;
	struct gpu g = device_for(p);
	struct launch want = default_on(&g);
	int64_t lo, hi;
	char text[300];
	char *argv[4];
	struct cli_options o;
	struct occ_error err;

	param_range(&want, &g, p, &lo, &hi);
	if (param_info(p)->kind == PARAM_NAME) {
		snprintf(text, sizeof(text), "%s", p == PARAM_GPU ? g.name : "a_kernel");
		ck_assert(param_parse(p, text, &want, NULL, 0, "x", &err));
	} else {
		param_set(&want, p, hi);
		param_write(&want, p, text, sizeof(text));
	}
	argv[0] = (char *)"occview";
	argv[1] = (char *)param_info(p)->flag;
	argv[2] = text;
	argv[3] = NULL;
	ck_assert_msg(cli_parse(3, argv, &o, &err), "%s %s: %s", argv[1], text, err.message);
	ck_assert_uint_eq(o.given.set & PARAM_BIT(p), PARAM_BIT(p));
	ck_assert_msg(param_equal(&o.given.values, &want, p), "%s %s", argv[1], text);
	ck_assert_uint_eq(o.given.amd_spelled & PARAM_BIT(p), 0);
	/* Its AMD spelling (--vgprs) too, remembered for its message. */
	if (!param_info(p)->amd_flag)
		return;
	argv[1] = (char *)param_info(p)->amd_flag;
	ck_assert_msg(cli_parse(3, argv, &o, &err), "%s %s: %s", argv[1], text, err.message);
	ck_assert_uint_eq(o.given.amd_spelled & PARAM_BIT(p), PARAM_BIT(p));
	ck_assert_msg(param_equal(&o.given.values, &want, p), "%s %s", argv[1], text);
}
END_TEST

/* Every launch-file key and the launch-list column read the same value. */
START_TEST(the_file_keys_parse)
{
	enum launch_param p = (enum launch_param)_i;
	const struct param_info *info = param_info(p);
	struct gpu g = device_for(p);
	struct launch want = default_on(&g), defaults;
	int64_t lo, hi;
	char value[300], text[2048], names[200], *save = NULL;
	struct launch_set set = { 0 };
	struct occ_error err;

	launch_init(&defaults);
	param_range(&want, &g, p, &lo, &hi);
	if (info->kind == PARAM_NAME) {
		snprintf(value, sizeof(value), "%s", p == PARAM_GPU ? g.name : "a_kernel");
		ck_assert(param_parse(p, value, &want, NULL, 0, "x", &err));
	} else {
		param_set(&want, p, hi);
		param_write(&want, p, value, sizeof(value));
	}
	str_copy(names, sizeof(names), info->names);
	for (char *key = strtok_r(names, " ", &save); key; key = strtok_r(NULL, " ", &save)) {
		snprintf(text, sizeof(text), "grid = 1584\nblock = 256\nregisters = 32\n%s = %s\n",
			 key, value);
		ck_assert_msg(launch_file_parse("t.occ", text, strlen(text), &defaults, &set, &err),
			      "%s = %s: %s", key, value, err.message);
		ck_assert_msg(param_equal(&set.items[0].launch, &want, p), "%s = %s", key, value);
		launch_set_done(&set);
	}
	/* A launch list: the required columns, and this one's (in place of its
	 * own if it is one of them). */
	snprintf(text, sizeof(text), "grid_size,block_size,registers_per_thread%s%s\n%s,%s,%s%s%s\n",
		 p == PARAM_GRID || p == PARAM_BLOCK || p == PARAM_REGISTERS ? "" : ",",
		 p == PARAM_GRID || p == PARAM_BLOCK || p == PARAM_REGISTERS ? "" : info->column,
		 p == PARAM_GRID ? value : "1584", p == PARAM_BLOCK ? value : "256",
		 p == PARAM_REGISTERS ? value : "32",
		 p == PARAM_GRID || p == PARAM_BLOCK || p == PARAM_REGISTERS ? "" : ",",
		 p == PARAM_GRID || p == PARAM_BLOCK || p == PARAM_REGISTERS ? "" : value);
	ck_assert_msg(launch_file_parse("t.csv", text, strlen(text), &defaults, &set, &err),
		      "%s: %s", text, err.message);
	ck_assert_msg(set.items[0].valid, "%s: %s", text,
		      set.items[0].error ? set.items[0].error->message : "");
	ck_assert_msg(param_equal(&set.items[0].launch, &want, p), "%s", text);
	launch_set_done(&set);
}
END_TEST

/* The getter returns what the setter set; a copy is equal; the file form
 * reads back to the same value. */
START_TEST(get_returns_what_set_set)
{
	enum launch_param p = (enum launch_param)_i;
	const struct param_info *info = param_info(p);
	struct gpu g = device_for(p);
	struct launch l = default_on(&g), copy;
	int64_t lo, hi, values[2];
	char text[300];
	struct occ_error err;

	if (info->kind == PARAM_NAME || info->device)
		return;
	param_range(&l, &g, p, &lo, &hi);
	values[0] = lo;
	values[1] = hi;
	for (int k = 0; k < 2; k++) {
		param_set(&l, p, values[k]);
		ck_assert_msg(param_get(&l, p) == values[k], "%s %lld", info->flag,
			      (long long)values[k]);
		launch_init(&copy);
		param_copy(&copy, &l, PARAM_BIT(p));
		ck_assert(param_equal(&copy, &l, p));
		ck_assert_uint_eq(param_diff(&copy, &l, PARAM_LAUNCH_BITS), 0);
		param_write(&l, p, text, sizeof(text));
		launch_init(&copy);
		ck_assert_msg(param_parse(p, text, &copy, NULL, 0, "x", &err), "%s %s: %s",
			      info->flag, text, err.message);
		ck_assert_msg(param_get(&copy, p) == values[k], "%s %s", info->flag, text);
	}
}
END_TEST

/* param_diff names exactly the parameter whose bytes differ, its first or
 * its last (the third dimension of a grid of 64-bit sizes), as param_equal
 * does; a mask without it, or bits past PARAM_N, change nothing; and
 * param_diff_effect drops a block of another shape with the same total. */
START_TEST(diff_names_each_parameter)
{
	for (int p = 0; p < PARAM_N; p++) {
		const struct param_info *info = param_info((enum launch_param)p);

		for (int end = 0; end < 2; end++) {
			struct launch a, b;
			size_t at = info->offset + (end ? info->size - 1 : 0);

			if (end && info->kind == PARAM_NAME)
				continue;
			launch_init(&a);
			b = a;
			((unsigned char *)&b)[at] ^= (unsigned char)'k';
			ck_assert(!param_equal(&a, &b, (enum launch_param)p));
			ck_assert_msg(param_diff(&a, &b, ~0u) == PARAM_BIT(p), "%s byte %zu",
				      info->flag, at);
			ck_assert_uint_eq(param_diff(&a, &b, ~PARAM_BIT(p)), 0);
			ck_assert_uint_eq(param_diff(&b, &a, PARAM_BIT(p)), PARAM_BIT(p));
		}
	}
	{
		struct launch a, b;

		launch_init(&a);
		a.block[0] = 256, a.block[1] = a.block[2] = 1;
		b = a;
		b.block[0] = b.block[1] = 16;
		ck_assert_uint_eq(param_diff(&a, &b, ~0u), PARAM_BIT(PARAM_BLOCK));
		ck_assert_uint_eq(param_diff_effect(&a, &b, ~0u), 0);
		b.block[1] = 8;
		ck_assert_uint_eq(param_diff_effect(&a, &b, ~0u), PARAM_BIT(PARAM_BLOCK));
	}
}
END_TEST

/* Where field col of a CSV line without quotes starts, NULL past its last. */
static const char *field_at(const char *line, int col)
{
	for (; col > 0 && line; col--) {
		line = strchr(line, ',');
		if (line)
			line++;
	}
	return line;
}

/* A JSON object's member, NULL where it has none. */
static json_t *member(json_t *o, const char *key)
{
	return json_is_object(o) ? json_object_get(o, key) : NULL;
}

/* The JSON and the CSV of the command line's analysis carry the value under
 * the table's key. */
START_TEST(the_writers_use_the_keys)
{
	enum launch_param p = (enum launch_param)_i;
	const struct param_info *info = param_info(p);
	struct gpu g = device_for(p);
	struct launch l = default_on(&g);
	struct analysis *a = calloc(1, sizeof(*a));
	int64_t lo, hi;
	char text[300], want[300], *buf = NULL, *save = NULL, *header, *row;
	size_t len = 0;
	struct occ_error err;
	json_error_t jerr;
	json_t *root, *k, *v;
	FILE *f;

	ck_assert_ptr_nonnull(a);
	/* The device's XCDs are no launch column (cli_amd.sh has them). */
	if (info->device) {
		free(a);
		return;
	}
	param_range(&l, &g, p, &lo, &hi);
	if (info->kind == PARAM_NAME) {
		snprintf(text, sizeof(text), "%s", p == PARAM_GPU ? g.name : "a_kernel");
	} else {
		param_set(&l, p, hi);
		param_write(&l, p, text, sizeof(text));
	}
	ck_assert_msg(cli_run(&g, p, text, a, &err), "%s %s: %s", info->flag, text, err.message);

	f = open_memstream(&buf, &len);
	output_json_begin(f);
	ck_assert(output_json_kernel(f, a, true));
	output_json_end(f, true);
	fclose(f);
	root = json_loads(buf, 0, &jerr);
	ck_assert_msg(root, "%s", jerr.text);
	k = json_array_get(member(root, "kernels"), 0);
	if (p == PARAM_GPU) {
		v = member(member(k, param_key_json(p)), "name");
		ck_assert_str_eq(json_string_value(v), g.name);
	} else if (p == PARAM_KERNEL) {
		ck_assert_str_eq(json_string_value(member(k, param_key_json(p))), "a_kernel");
	} else if (info->kind == PARAM_CACHE) {
		v = member(member(k, "launch"), param_key_json(p));
		ck_assert_msg(v, "%s", param_key_json(p));
		ck_assert_str_eq(json_string_value(v), text);
	} else {
		v = member(member(k, "launch"), param_key_total(p));
		ck_assert_msg(json_is_integer(v), "%s", param_key_total(p));
		ck_assert_int_eq(json_integer_value(v), hi);
		ck_assert_msg(member(member(k, "launch"), param_key_json(p)), "%s",
			      param_key_json(p));
	}
	json_decref(root);
	free(buf);

	/* CSV: where the header has the key, the row has the value under it. */
	buf = NULL;
	f = open_memstream(&buf, &len);
	output_csv_header(f, false);
	output_csv_row(f, a, false);
	fclose(f);
	header = strtok_r(buf, "\n", &save);
	row = strtok_r(NULL, "\n", &save);
	ck_assert_ptr_nonnull(row);
	if (p == PARAM_GPU)
		snprintf(want, sizeof(want), "%s", g.name);
	else if (info->kind == PARAM_CACHE || info->kind == PARAM_NAME)
		snprintf(want, sizeof(want), "%s", text);
	else
		snprintf(want, sizeof(want), "%lld", (long long)hi);
	ck_assert_ptr_null(strchr(row, '"'));
	for (int col = 0;; col++) {
		const char *h = field_at(header, col), *c = field_at(row, col);

		if (!h)
			break;
		if (strncmp(h, param_key_total(p), strlen(param_key_total(p))) == 0 &&
		    (h[strlen(param_key_total(p))] == ',' || !h[strlen(param_key_total(p))]))
			ck_assert_msg(c && strncmp(c, want, strlen(want)) == 0 &&
				      (c[strlen(want)] == ',' || !c[strlen(want)]),
				      "%s: %.30s, not %s", param_key_total(p), c ? c : "(none)", want);
	}
	free(buf);
	free(a);
}
END_TEST

/* occview-formats(5), CSV OUTPUT: the launch's columns are grid_size,
 * threads_per_block, registers_per_thread, static_shared_mem_bytes,
 * dynamic_shared_mem_bytes, then cluster_size and cache_config with the
 * cluster and cache columns, the gpu, and last the partition (sms); the
 * header takes them from the table. The other parameters are JSON's only. */
START_TEST(the_csv_header_has_the_launch_keys)
{
	const unsigned in_csv = PARAM_BIT(PARAM_GRID) | PARAM_BIT(PARAM_BLOCK) |
				PARAM_BIT(PARAM_REGISTERS) | PARAM_BIT(PARAM_STATIC_SMEM) |
				PARAM_BIT(PARAM_DYNAMIC_SMEM) | PARAM_BIT(PARAM_CLUSTER) |
				PARAM_BIT(PARAM_CACHE_CONFIG) | PARAM_BIT(PARAM_GPU) |
				PARAM_BIT(PARAM_SMS);
	char *buf = NULL, *save = NULL, *line;
	size_t len = 0;
	unsigned found = 0;
	FILE *f = open_memstream(&buf, &len);

	output_csv_header(f, false);
	fclose(f);
	line = strtok_r(buf, "\n", &save);
	for (char *s2 = NULL, *h = strtok_r(line, ",", &s2); h; h = strtok_r(NULL, ",", &s2))
		for (int p = 0; p < PARAM_N; p++)
			if (strcmp(h, param_key_total((enum launch_param)p)) == 0)
				found |= PARAM_BIT(p);
	ck_assert_uint_eq(found, in_csv);
	free(buf);
}
END_TEST

/* An error row has as many fields as the header (it was padded with a
 * literal of twelve commas). */
START_TEST(the_csv_error_row_is_as_wide_as_the_header)
{
	struct analysis *a = calloc(1, sizeof(*a));
	struct launch l;
	struct occ_error err = { 0 };
	char *buf = NULL;
	size_t len = 0;
	int fields[2] = { 1, 1 }, row = 0;
	FILE *f;

	ck_assert_ptr_nonnull(a);
	launch_init(&l);
	occ_error_set(&err, OCC_EDATA, "x.csv", 3, "registers", "bad value");
	analysis_fail(a, &l, &err);
	for (int records = 0; records < 2; records++) {
		f = open_memstream(&buf, &len);
		output_csv_header(f, records);
		output_csv_row(f, a, records);
		fclose(f);
		fields[0] = fields[1] = 1;
		row = 0;
		/* No field of this row is quoted: count the commas. */
		for (const char *c = buf; *c; c++) {
			if (*c == '\n')
				row++;
			else if (*c == ',' && row < 2)
				fields[row]++;
		}
		ck_assert_int_eq(row, 2);
		ck_assert_int_eq(fields[1], fields[0]);
		free(buf);
		buf = NULL;
	}
	free(a);
}
END_TEST

/* The range's bounds are taken, and one past them refused in the same words,
 * by the command line and by the what-if: both ask the engine (launch_check
 * and the parser), neither restates it. Where one past a bound is not a
 * value the parser can read (the carveout's default, past the last cache
 * preference) only the bound is tried. */
static void check_bounds(enum launch_param p, const struct gpu *g, struct analysis *a)
{
	const struct param_info *info = param_info(p);
	struct launch l = default_on(g), got;
	int64_t lo, hi;

	param_range(&l, g, p, &lo, &hi);
	for (int k = 0; k < 2; k++) {
		int64_t bound = k ? hi : lo, past = k ? hi + 1 : lo - 1;
		struct occ_error cli_err, what_err;
		char text[300];

		text_of(p, bound, text, sizeof(text));
		ck_assert_msg(cli_run(g, p, text, a, &cli_err), "%s: %s %s: %s", g->name, info->flag,
			      text, cli_err.message);
		ck_assert_msg(param_get(&a->launch, p) == bound, "%s: %s %s", g->name, info->flag,
			      text);
		ck_assert_msg(whatif_run(g, p, text, &got, &what_err), "%s: %s %s: %s", g->name,
			      info->label, text, what_err.message);
		ck_assert_msg(param_get(&got, p) == bound, "%s: %s %s", g->name, info->label, text);
		/* One below a partition's least is its "all" (0), a value of its own:
		 * --sms 0, refused as a number, is test_sched's. */
		if ((!k && lo == info->none && info->none < 0) || info->kind == PARAM_CACHE ||
		    (!k && past == info->none && info->given_min))
			continue;
		text_of(p, past, text, sizeof(text));
		ck_assert_msg(!cli_run(g, p, text, a, &cli_err), "%s: %s %s taken", g->name,
			      info->flag, text);
		ck_assert_msg(!whatif_run(g, p, text, &got, &what_err), "%s: %s %s taken",
			      g->name, info->label, text);
		ck_assert_msg(strcmp(cli_err.message, what_err.message) == 0,
			      "%s: %s %s: \"%s\" but the what-if says \"%s\"", g->name, info->flag,
			      text, cli_err.message, what_err.message);
	}
}

START_TEST(the_range_is_one_for_the_cli_and_the_whatif)
{
	enum launch_param p = (enum launch_param)_i;
	struct analysis *a = calloc(1, sizeof(*a));
	struct gpu g = device_for(p);

	ck_assert_ptr_nonnull(a);
	if (param_info(p)->kind != PARAM_NAME && !param_info(p)->device)
		check_bounds(p, &g, a);
	free(a);
}
END_TEST

/* The same on one device of every architecture that offers the parameter. */
START_TEST(the_range_holds_on_every_architecture)
{
	enum launch_param p = (enum launch_param)_i;
	struct analysis *a = calloc(1, sizeof(*a));
	char seen[128][GPU_NAME_MAX];
	size_t n_seen = 0;
	struct gpu g;

	ck_assert_ptr_nonnull(a);
	for (size_t i = 0; i < gpu_db_device_count(db) && param_info(p)->kind != PARAM_NAME &&
		    !param_info(p)->device; i++) {
		struct launch l;
		bool known = false;

		ck_assert(gpu_db_device_at(db, i, &g));
		for (size_t s = 0; s < n_seen && !known; s++)
			known = strcmp(seen[s], g.arch.arch) == 0;
		l = default_on(&g);
		if (known || !launch_check(&l, &g, NULL, 0, NULL) || !param_offered(&l, &g, p))
			continue;
		if (n_seen < sizeof(seen) / sizeof(seen[0]))
			str_copy(seen[n_seen++], sizeof(seen[0]), g.arch.arch);
		check_bounds(p, &g, a);
	}
	free(a);
}
END_TEST

/* The recovery file (a saved launch file) reads back every parameter. */
START_TEST(the_recovery_file_reads_back)
{
	enum launch_param p = (enum launch_param)_i;
	struct gpu g = device_for(p);
	struct launch l = default_on(&g), defaults;
	struct whatif *w;
	struct launch_set set = { 0 };
	struct occ_error err;
	int64_t lo, hi;
	char path[] = "/tmp/test_params_XXXXXX";
	int fd;

	if (param_info(p)->kind == PARAM_NAME || param_info(p)->device)
		return;
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	close(fd);
	param_range(&l, &g, p, &lo, &hi);
	w = whatif_new(db, &l, &g);
	ck_assert(whatif_set_value(w, p, hi) || param_get(&w->cur.launch, p) == hi);
	ck_assert_msg(whatif_save(w, path, &err), "%s", err.message);
	launch_init(&defaults);
	ck_assert_msg(launch_file_load(path, &defaults, &set, &err), "%s", err.message);
	for (int q = 0; q < PARAM_KERNEL; q++)
		ck_assert_msg(param_equal(&set.items[0].launch, &w->cur.launch, (enum launch_param)q),
			      "%s after %s", param_info((enum launch_param)q)->flag,
			      param_info(p)->flag);
	launch_set_done(&set);
	whatif_free(w);
	unlink(path);
}
END_TEST

static Suite *params_suite(void)
{
	Suite *s = suite_create("params");
	TCase *tc = tcase_create("table");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, every_row_is_filled);
	tcase_add_loop_test(tc, the_flag_parses, 0, PARAM_N);
	tcase_add_loop_test(tc, the_file_keys_parse, 0, PARAM_N);
	tcase_add_loop_test(tc, get_returns_what_set_set, 0, PARAM_N);
	tcase_add_test(tc, diff_names_each_parameter);
	tcase_add_loop_test(tc, the_writers_use_the_keys, 0, PARAM_N);
	tcase_add_test(tc, the_csv_header_has_the_launch_keys);
	tcase_add_test(tc, the_csv_error_row_is_as_wide_as_the_header);
	tcase_add_loop_test(tc, the_range_is_one_for_the_cli_and_the_whatif, 0, PARAM_N);
	tcase_add_loop_test(tc, the_range_holds_on_every_architecture, 0, PARAM_N);
	tcase_add_loop_test(tc, the_recovery_file_reads_back, 0, PARAM_N);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(params_suite());
}
