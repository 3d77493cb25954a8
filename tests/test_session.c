/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_session.c - one question, one answer: over every record of every
 * report in tests/data (the whole corpus), the explorer's view of the record
 * as loaded is --print --format json's kernel object for it, and after each
 * what-if typed into the explorer (registers 32, block size 128, dynamic
 * shared memory 48 KiB, carveout 50 where the GPU has one) it is --print's
 * with the same flag. Both go through the session; this checks that nothing
 * around it (the what-if state, the browser's order, streaming against
 * reading whole) answers differently. Also the session's own rules: a value
 * stepped away and back is the launch as measured again. */
#include "config.h"

#include <check.h>
#include <dirent.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "explorer.h"
#include "explorer_state.h"
#include "keys.h"
#include "output.h"
#include "paneutil.h"
#include "reportutil.h"

/* One kernel object as --format json writes it. */
static char *kernel_json(const struct analysis *a)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	ck_assert(output_json_kernel(f, a, true));
	fclose(f);
	return buf;
}

/* What --print --format json writes for each record of a file, in order. */
struct printed {
	char **json;
	size_t n, cap;
};

static bool collect(void *ctx, const struct analysis *a, const struct report_record *rec)
{
	struct printed *p = ctx;

	(void)rec;
	if (p->n == p->cap) {
		p->cap = p->cap ? p->cap * 2 : 64;
		p->json = realloc(p->json, p->cap * sizeof(*p->json));
		ck_assert_ptr_nonnull(p->json);
	}
	p->json[p->n++] = kernel_json(a);
	return true;
}

static void printed_free(struct printed *p)
{
	for (size_t i = 0; i < p->n; i++)
		free(p->json[i]);
	free(p->json);
}

/* --print --format json path [flags]: the session's streamed run. */
static void print_json(const char *path, const struct param_set *flags, struct printed *out)
{
	struct session_emit emit = { .analysis = collect, .ctx = out };
	struct occ_error err = { 0 };
	char *files[1] = { (char *)path };
	FILE *quiet = fopen("/dev/null", "w");
	struct session *s = session_new(db, flags, &err);

	ck_assert_ptr_nonnull(s);
	ck_assert_ptr_nonnull(quiet);
	memset(out, 0, sizeof(*out));
	session_print(s, files, 1, NULL, SESSION_FINDINGS, &emit, quiet);
	fclose(quiet);
	session_free(s);
}

/* The printed kernels as one document: jansson reads it and writes back the
 * same text (the JSON writer writes what jansson would). */
static void round_trip(const char *path, const struct printed *p)
{
	size_t len = 0;
	char *doc = NULL, *again;
	FILE *f = open_memstream(&doc, &len);
	json_error_t jerr;
	json_t *root;

	ck_assert_ptr_nonnull(f);
	fputs("{\n  \"kernels\": [", f);
	for (size_t i = 0; i < p->n; i++)
		fprintf(f, "%s%s", i ? "," : "", p->json[i]);
	fputs(p->n ? "\n  ]\n}\n" : "]\n}\n", f);
	fclose(f);
	root = json_loads(doc, 0, &jerr);
	ck_assert_msg(root != NULL, "%s: not JSON: %s (line %d)", path, jerr.text, jerr.line);
	again = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
	ck_assert_ptr_nonnull(again);
	if (strncmp(doc, again, strlen(again)) != 0) {
		size_t at = 0;

		while (doc[at] && doc[at] == again[at])
			at++;
		ck_abort_msg("%s: jansson writes it back otherwise from byte %zu: \"%.40s\" for "
			     "\"%.40s\"", path, at, again + at, doc + at);
	}
	free(again);
	json_decref(root);
	free(doc);
}

/* The what-ifs, as flags and as typed into the explorer. */
static const struct {
	enum launch_param field;
	const char *text;
	bool nvidia_only;
} whatifs[] = {
	{ PARAM_REGISTERS, "32", false },
	{ PARAM_BLOCK, "128", false },
	{ PARAM_DYNAMIC_SMEM, "48K", false },
	{ PARAM_CARVEOUT, "50", true },
};
enum { N_WHATIFS = sizeof(whatifs) / sizeof(whatifs[0]) };

/* Types text into field f: Tab to it, Enter, the value, Enter. */
static void type_value(struct explorer *e, enum launch_param f, const char *text)
{
	const struct view *v = explorer_view(e);

	for (int i = 0; i < PARAM_WHATIF_N && v->whatif->focus != f; i++)
		explorer_key(e, KEY_CODE_TAB);
	ck_assert_int_eq(v->whatif->focus, f);
	explorer_key(e, KEY_CODE_ENTER);
	for (const char *p = text; *p; p++)
		explorer_key(e, (unsigned char)*p);
	explorer_key(e, KEY_CODE_ENTER);
}

static void same(const char *what, const char *path, size_t record, const char *printed,
		 const struct analysis *shown)
{
	char *json = kernel_json(shown);

	if (strcmp(json, printed) != 0) {
		size_t at = 0;

		while (json[at] && json[at] == printed[at])
			at++;
		fprintf(stderr, "%s, record %zu, %s: the explorer shows\n%s\n--print says\n%s\n",
			path, record, what, json, printed);
		ck_abort_msg("%s, record %zu, %s: the explorer and --print differ from byte %zu "
			     "(both on stderr)", path, record, what, at);
	}
	free(json);
}

/* Every record of path, as loaded and after each what-if. Returns the
 * records compared. */
/* Records the explorer analysed from their resolution at loading. */
static size_t resolved_records;

static size_t check_file(const char *path)
{
	struct printed loaded, flagged[N_WHATIFS];
	struct launch flagged_launch[N_WHATIFS];
	struct session *s;
	struct explorer *e;
	const struct view *v;
	bool *seen;
	size_t n;

	print_json(path, NULL, &loaded);
	round_trip(path, &loaded);
	for (int w = 0; w < N_WHATIFS; w++) {
		struct param_set flags = { .set = PARAM_BIT(whatifs[w].field) };
		struct occ_error err = { 0 };

		launch_init(&flags.values);
		ck_assert(param_parse(whatifs[w].field, whatifs[w].text, &flags.values, NULL, 0, "x",
				      &err));
		flagged_launch[w] = flags.values;
		print_json(path, &flags, &flagged[w]);
		ck_assert_uint_eq(flagged[w].n, loaded.n);
	}
	e = explorer_open(path, "report", NULL, true, &s);
	v = explorer_view(e);
	n = loaded.n;
	seen = calloc(n ? n : 1, sizeof(*seen));
	ck_assert_ptr_nonnull(seen);
	/* Along the browser's list from its first line: n shows the next. */
	explorer_key(e, '5');
	explorer_key(e, KEY_CODE_HOME);
	explorer_key(e, KEY_CODE_ENTER);
	for (size_t k = 0; k < n; k++) {
		size_t i = v->record;

		ck_assert_uint_lt(i, n);
		ck_assert_msg(!seen[i], "%s: record %zu shown twice", path, i);
		seen[i] = true;
		/* the what-ifs below start from the record as it was resolved at
		 * its loading, where that holds (no inferred value): the same
		 * analyses as --print's, which reads the record each time */
		resolved_records += e->resolved.rec == report_at(&e->inputs[0].report, i) &&
				    e->resolved.reusable;
		same("as loaded", path, i, loaded.json[i], &v->cur);
		/* the browser's baseline is the same analysis */
		same("the baseline", path, i, loaded.json[i], &v->base);
		for (int w = 0; w < N_WHATIFS; w++) {
			if (whatifs[w].nvidia_only && v->cur.gpu.name[0] &&
			    v->cur.gpu.arch.vendor == GPU_AMD)
				continue;
			if (!whatif_applies(v->whatif, whatifs[w].field))
				continue;
			type_value(e, whatifs[w].field, whatifs[w].text);
			if (!param_equal(&v->whatif->cur.launch, &flagged_launch[w],
					 whatifs[w].field)) {
				/* The explorer refused a value that makes the launch
				 * invalid, and said why: --print refuses it too. */
				ck_assert_msg(strstr(flagged[w].json[i], "\"occupancy\": null"),
					      "%s, record %zu: the explorer refused %s, --print took "
					      "it", path, i, whatifs[w].text);
				continue;
			}
			same(whatifs[w].text, path, i, flagged[w].json[i], &v->cur);
			explorer_key(e, 'R');
			same("reset", path, i, loaded.json[i], &v->cur);
		}
		explorer_key(e, 'n');
	}
	explorer_close(e, s);
	free(seen);
	printed_free(&loaded);
	for (int w = 0; w < N_WHATIFS; w++)
		printed_free(&flagged[w]);
	return n;
}

/* Whether path is a report occview reads (launch files, refused tables and
 * text output are not). */
static bool is_report(const char *path)
{
	struct occ_error err = { 0 };
	struct session_input in;
	FILE *quiet = fopen("/dev/null", "w");
	struct session *s = session_new(db, NULL, &err);
	int status = 0;
	bool ok;

	ck_assert_ptr_nonnull(quiet);
	ok = session_load(s, path, &in, quiet, &status) && in.kind == SESSION_REPORT;
	if (status == 0)
		session_input_done(&in);
	fclose(quiet);
	session_free(s);
	return ok;
}

START_TEST(every_record_of_every_report)
{
	static const char *const dirs[] = { "codexl/", "ncu/", "nvprof/", "rocprof/", "" };
	size_t files = 0, records = 0;

	for (size_t d = 0; d < sizeof(dirs) / sizeof(dirs[0]); d++) {
		char dir[1024];
		DIR *dh;
		struct dirent *ent;

		snprintf(dir, sizeof(dir), "%s", data_path(dirs[d], ""));
		dh = opendir(dir);
		ck_assert_msg(dh != NULL, "%s", dir);
		while ((ent = readdir(dh)) != NULL) {
			char path[2048];

			if (ent->d_name[0] == '.')
				continue;
			snprintf(path, sizeof(path), "%s%s", dir, ent->d_name);
			if (!is_report(path))
				continue;
			files++;
			records += check_file(path);
		}
		closedir(dh);
	}
	/* Every report of the corpus that occview reads: 2,816 records today. */
	ck_assert_uint_ge(files, 25);
	ck_assert_uint_ge(records, 2816);
	/* 888 of 3,438 records today are analysed from their resolution at
	 * loading; each of the others has a value inferred from its limits
	 * (an inference reads the launch's other values, so a what-if reads
	 * the record again) or none that resolves */
	printf("%zu of %zu records resolved once, at loading\n", resolved_records, records);
	ck_assert_uint_ge(resolved_records, 888);
}
END_TEST

/* The constructed B200 raw page decode_b8, record 1 (line 5): 48
 * registers, 10 blocks at the driver's 100 KB (launch__shared_mem_config_size
 * 102400). With 32 registers the runtime's rule (the largest configuration)
 * gives 16 blocks, 100 %, as NVIDIA's calculator; the driver's 100 KB would
 * hold 14 (102400 / 7168). */
START_TEST(whatif_drops_the_drivers_configuration)
{
	struct session *s;
	struct explorer *e = explorer_open(data_path("ncu/",
		"constructed_ncu_raw_page_b200_cc100_decode_b8.csv"), "b200", NULL, true,
		&s);
	const struct view *v = explorer_view(e);

	explorer_key(e, KEY_CODE_ENTER);
	ck_assert_uint_eq(v->record, 0);
	ck_assert(v->cur.r.smem_config_from_driver);
	ck_assert_int_eq(v->cur.r.active_blocks_per_sm, 10);
	type_value(e, PARAM_REGISTERS, "32");
	ck_assert_int_eq(v->cur.r.active_blocks_per_sm, 16);
	ck_assert_double_eq(v->cur.r.theoretical_occupancy_pct, 100.0);
	ck_assert(!v->cur.r.smem_config_from_driver);
	ck_assert_uint_eq(v->cur.report.changed, PARAM_BIT(PARAM_REGISTERS));
	ck_assert(v->cur.report.dropped & MEASURED_SMEM_CONFIG);
	ck_assert(v->cur.report.dropped & MEASURED_CROSSCHECK);
	explorer_close(e, s);
}
END_TEST

/* The A100 pooling report: the GPU stepped to another device and back is
 * the launch as measured again, the driver's configuration and the
 * cross-check with it. (The next devices may be A100s of the same 108 SMs:
 * no other GPU for the measurement; the steps go on to one that is.) */
START_TEST(gpu_away_and_back)
{
	struct session *s;
	struct explorer *e = explorer_open(data_path("ncu/",
		"opinsight_a100_cc80_ncu2022_details_pooling_full_240k.csv"), "a100", NULL, true, &s);
	const struct view *v = explorer_view(e);
	int limit;

	explorer_key(e, KEY_CODE_ENTER);
	limit = v->cur.r.block_limit[OCC_SHARED_MEM];
	ck_assert_uint_eq(v->cur.report.changed, 0);
	ck_assert(v->cur.report.check.compared);
	while (v->whatif->focus != PARAM_GPU)
		explorer_key(e, KEY_CODE_TAB);
	int steps = 0;

	while (v->cur.report.changed == 0 && steps < 100) {
		explorer_key(e, '+');
		steps++;
	}
	ck_assert_uint_eq(v->cur.report.changed, PARAM_BIT(PARAM_GPU));
	ck_assert(!v->cur.report.check.compared);
	ck_assert(v->cur.report.dropped & MEASURED_SMEM_CONFIG);
	while (steps-- > 0)
		explorer_key(e, '-');
	ck_assert_uint_eq(v->cur.report.changed, 0);
	ck_assert_int_eq(v->cur.r.block_limit[OCC_SHARED_MEM], limit);
	ck_assert(v->cur.report.check.compared);
	ck_assert_uint_eq(v->cur.report.check.disagree, 0);
	explorer_close(e, s);
}
END_TEST

/* --gpu H100,A100,MI300X: each GPU of the list gives what --gpu with that
 * GPU alone gives (the engine the oracle tests hold to cuda_occupancy.h and
 * AMD's llc), and a flag MI300X has not (--carveout) is not applicable there
 * instead of the usage error a lone --gpu MI300X gives. */
START_TEST(gpus_side_by_side)
{
	static const char *const names[] = { "H100", "A100", "MI300X" };
	static struct analysis one, each;
	struct param_set flags = { 0 };
	struct session_record r = { NULL, 0, NULL, NULL, NULL, 0, NULL, NULL };
	struct occ_error err = { 0 };
	struct session *s, *alone;

	side_by_side_flags(&flags, "H100, A100,MI300X");
	s = session_new(db, &flags, &err);
	ck_assert_ptr_nonnull(s);
	ck_assert_uint_eq(session_gpu_count(s), 3);
	r.launch = &session_flags(s)->values;
	for (size_t i = 0; i < 3; i++) {
		struct param_set single = flags;

		str_copy(single.values.gpu_name, sizeof(single.values.gpu_name), names[i]);
		if (i == 2)
			single.set &= ~PARAM_BIT(PARAM_CARVEOUT);
		alone = session_new(db, &single, &err);
		ck_assert_ptr_nonnull(alone);
		ck_assert_uint_eq(session_gpu_count(alone), 1);
		r.launch = &session_flags(alone)->values;
		session_analyse(alone, &r, NULL, NULL, SESSION_FINDINGS, &one);
		r.launch = &session_flags(s)->values;
		session_analyse_on(s, &r, i, SESSION_FINDINGS, &each);
		ck_assert(one.ok && each.ok);
		ck_assert_str_eq(each.gpu.name, session_gpu_at(s, i)->name);
		ck_assert_str_eq(each.gpu.name, one.gpu.name);
		ck_assert_int_eq(each.r.active_blocks_per_sm, one.r.active_blocks_per_sm);
		ck_assert_int_eq(each.r.active_warps_per_sm, one.r.active_warps_per_sm);
		ck_assert_uint_eq(each.r.limiting, one.r.limiting);
		ck_assert_int_eq(each.r.block_limit[OCC_SHARED_MEM], one.r.block_limit[OCC_SHARED_MEM]);
		ck_assert(each.w.waves_per_sm == one.w.waves_per_sm);
		ck_assert_uint_eq(each.not_applicable, i == 2 ? PARAM_BIT(PARAM_CARVEOUT) : 0);
		session_free(alone);
	}
	/* H100 at a 50 % carveout: 132 KB, 4 blocks of 64 registers x 256 threads */
	session_analyse_on(s, &r, 0, 0, &each);
	ck_assert_int_eq(each.r.active_blocks_per_sm, 4);
	/* MI300X alone refuses --carveout */
	str_copy(flags.values.gpu_name, sizeof(flags.values.gpu_name), "MI300X");
	alone = session_new(db, &flags, &err);
	session_analyse(alone, &r, NULL, NULL, 0, &one);
	ck_assert(!one.ok);
	ck_assert_int_eq(one.error.status, OCC_EUSAGE);
	/* the flags' refusal is the session's to keep per GPU: asked again,
	 * after a GPU the caller gives (H100 takes --carveout), the same */
	{
		struct occ_error first = one.error, e = { 0 };
		struct gpu h100;

		ck_assert(gpu_db_find(db, "H100", &h100, &e));
		session_analyse(alone, &r, NULL, &h100, 0, &each);
		ck_assert(each.ok);
		session_analyse(alone, &r, NULL, NULL, 0, &one);
		ck_assert(!one.ok);
		ck_assert(memcmp(&one.error, &first, sizeof(first)) == 0);
	}
	session_free(alone);
	session_free(s);
	/* an unknown member is the error, naming it */
	ck_assert(param_parse(PARAM_GPU, "H100,NoSuchGPU", &flags.values, NULL, 0, "--gpu", &err));
	ck_assert_ptr_null(session_new(db, &flags, &err));
	ck_assert_ptr_nonnull(strstr(err.message, "NoSuchGPU"));
}
END_TEST

/* issue 22 item 3: the report's GPU. The Omniperf MI300X timestamps file
 * names no device (GPU_ID 60633 is a node id): with the report's GPU an
 * MI300X, each record is what --gpu MI300X gives it (the print mode); an
 * ncu report that names its A100 keeps it under a report GPU H100; an
 * NVIDIA GPU does not stand in for AMD records. */
START_TEST(report_gpu_stands_in)
{
	static struct analysis with_flag, with_report;
	static const char amd_file[] = "omniperf_tests_mi300x_rocprofv2style_timestamps.csv";
	static const char a100_file[] = "opinsight_a100_cc80_ncu2022_details_pooling_full_240k.csv";
	struct param_set flags = { 0 };
	struct occ_error err = { 0 };
	struct session *s = session_new(db, NULL, &err), *cli;
	struct report amd, a100;
	struct gpu mi300x, h100;

	ck_assert_ptr_nonnull(s);
	ck_assert(gpu_db_find(db, "MI300X", &mi300x, &err));
	ck_assert(gpu_db_find(db, "H100", &h100, &err));
	launch_init(&flags.values);
	flags.set = PARAM_BIT(PARAM_GPU);
	ck_assert(param_parse(PARAM_GPU, "MI300X", &flags.values, NULL, 0, "--gpu", &err));
	cli = session_new(db, &flags, &err);
	ck_assert_ptr_nonnull(cli);
	load_clean("rocprof/", amd_file, &amd);
	ck_assert_uint_eq(amd.n, 3);
	ck_assert_ptr_null(session_report_gpu(s));
	for (size_t i = 0; i < amd.n; i++) {
		struct session_record r = { data_path("rocprof/", amd_file), amd.records[i].line, NULL,
					    NULL, &amd.records[i], (int64_t)i, NULL, NULL };
		struct launch l;
		struct gpu g;

		session_set_report_gpu(s, NULL);
		ck_assert_int_eq(session_gpu_from(s, &r), SESSION_GPU_NONE);
		session_analyse(s, &r, NULL, NULL, 0, &with_report);
		ck_assert(!with_report.ok);
		ck_assert_str_eq(with_report.error.field, "gpu");
		/* not known yet, shown in its vendor's words */
		ck_assert(!session_launch(s, &r, NULL, &l, &g, &err));
		ck_assert_int_eq(g.arch.vendor, GPU_AMD);
		/* an NVIDIA GPU does not stand in */
		session_set_report_gpu(s, &h100);
		ck_assert_int_eq(session_gpu_from(s, &r), SESSION_GPU_NONE);
		session_analyse(s, &r, NULL, NULL, 0, &with_report);
		ck_assert(!with_report.ok);
		session_set_report_gpu(s, &mi300x);
		ck_assert_int_eq(session_gpu_from(s, &r), SESSION_GPU_REPORT);
		session_analyse(s, &r, NULL, NULL, SESSION_FINDINGS, &with_report);
		session_analyse(cli, &r, NULL, NULL, SESSION_FINDINGS, &with_flag);
		ck_assert(with_report.ok && with_flag.ok);
		ck_assert_str_eq(with_report.gpu.name, with_flag.gpu.name);
		ck_assert_double_eq(with_report.r.theoretical_occupancy_pct,
				    with_flag.r.theoretical_occupancy_pct);
		ck_assert_int_eq(with_report.r.active_blocks_per_sm, with_flag.r.active_blocks_per_sm);
		ck_assert_uint_eq(with_report.r.limiting, with_flag.r.limiting);
		ck_assert_uint_eq(with_report.report.changed, with_flag.report.changed);
		ck_assert(with_report.w.waves_per_sm == with_flag.w.waves_per_sm);
		ck_assert(session_launch(s, &r, NULL, &l, &g, &err));
		ck_assert_str_eq(g.name, mi300x.name);
	}
	/* an NVIDIA record that names none (the 2019 ncu page of a V100) is
	 * shown on the embedded default, an NVIDIA GPU */
	{
		static const char v100_file[] = "constructed_ncu_details_2019_v100.log";
		struct report v100;
		struct launch l, def;
		struct gpu g, want;

		load_clean("ncu/", v100_file, &v100);
		struct session_record r = { data_path("ncu/", v100_file), v100.records[0].line, NULL,
					    NULL, &v100.records[0], 0, NULL, NULL };
		session_set_report_gpu(s, NULL);
		ck_assert_int_eq(session_gpu_from(s, &r), SESSION_GPU_NONE);
		ck_assert(!session_launch(s, &r, NULL, &l, &g, &err));
		launch_init(&def);
		ck_assert(gpu_db_find(db, def.gpu_name, &want, &err));
		ck_assert_str_eq(g.name, want.name);
		report_done(&v100);
	}
	/* a record that names its GPU keeps it */
	load_clean("ncu/", a100_file, &a100);
	{
		struct session_record r = { data_path("ncu/", a100_file), a100.records[0].line, NULL,
					    NULL, &a100.records[0], 0, NULL, NULL };

		session_set_report_gpu(s, &h100);
		ck_assert_int_eq(session_gpu_from(s, &r), SESSION_GPU_OWN);
		session_analyse(s, &r, NULL, NULL, 0, &with_report);
		ck_assert(with_report.ok);
		ck_assert_ptr_nonnull(strstr(with_report.gpu.name, "A100"));
		ck_assert_uint_eq(with_report.report.changed, 0);
	}
	report_done(&a100);
	report_done(&amd);
	session_free(cli);
	session_free(s);
}
END_TEST

/* A launch file's Kepler preference is its own; the explorer's switch of GPU
 * to an H100 keeps it, and the one check says the generation lacks it (a
 * usage error: the what-if set the GPU, not the file). Stepped back to none,
 * the launch runs there. */
START_TEST(cache_config_follows_the_gpu)
{
	struct occ_error err = { 0 };
	struct session *s = session_new(db, NULL, &err);
	struct launch l;
	struct session_record r = { "k.occ", 1, &l, NULL, NULL, 0, NULL, NULL };
	struct param_set ov = { .set = PARAM_LAUNCH_BITS | PARAM_BIT(PARAM_GPU) };
	struct analysis *a = malloc(sizeof(*a));

	ck_assert_ptr_nonnull(s);
	ck_assert_ptr_nonnull(a);
	launch_init(&l);
	snprintf(l.gpu_name, sizeof(l.gpu_name), "Tesla K40c");
	l.cache_config = LAUNCH_CACHE_L1;
	l.static_smem_bytes = 20480;
	session_analyse(s, &r, NULL, NULL, 0, a);
	ck_assert(a->ok);
	ck_assert_int_eq(a->r.smem_preference_bytes, 16384);
	ck_assert_int_eq(a->r.block_limit[OCC_SHARED_MEM], 2);

	ov.values = l;
	snprintf(ov.values.gpu_name, sizeof(ov.values.gpu_name), "H100 SXM");
	session_analyse(s, &r, &ov, NULL, 0, a);
	ck_assert(!a->ok);
	ck_assert_int_eq(a->error.status, OCC_EUSAGE);
	ck_assert_str_eq(a->error.field, "cache_config");
	ck_assert_msg(strstr(a->error.message, "Hopper (cc 9.0) has no L1/shared preference") != NULL,
		      "%s", a->error.message);
	/* the file's own value on the file's GPU kind is the file's: bad data */
	l.cache_config = LAUNCH_CACHE_NONE;
	l.carveout_pct = 40;
	session_analyse(s, &r, NULL, NULL, 0, a);
	ck_assert(!a->ok);
	ck_assert_int_eq(a->error.status, OCC_EDATA);
	ck_assert_str_eq(a->error.file, "k.occ");
	ck_assert_str_eq(a->error.field, "carveout");
	ov.values.cache_config = LAUNCH_CACHE_NONE;
	session_analyse(s, &r, &ov, NULL, 0, a);
	ck_assert(a->ok);
	free(a);
	session_free(s);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("session");
	TCase *tc = tcase_create("session");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, every_record_of_every_report);
	tcase_add_test(tc, whatif_drops_the_drivers_configuration);
	tcase_add_test(tc, gpu_away_and_back);
	tcase_add_test(tc, report_gpu_stands_in);
	tcase_add_test(tc, gpus_side_by_side);
	tcase_add_test(tc, cache_config_follows_the_gpu);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
