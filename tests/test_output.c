/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* test_output.c - the machine-readable outputs: JSON and CSV carrying the
 * engine's own numbers, streamed one analysis at a time (the text of
 * --print is the panes: test_print.c). */
#include "config.h"

#include <check.h>
#include <jansson.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "compare.h"
#include "jsonw.h"
#include "output.h"
#include "output_stream.h"
#include "params.h"
#include "strutil.h"
#include "testutil.h"
#include "reportutil.h"

/* The JSON of n analyses as --format json streams it. */
static char *capture_json(const struct analysis *a, size_t n)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	output_json_begin(f);
	for (size_t i = 0; i < n; i++)
		ck_assert(output_json_kernel(f, &a[i], i == 0));
	output_json_end(f, n > 0);
	fclose(f);
	return buf;
}

/* The CSV of one analysis, the header as the first row makes it. */
static char *capture_csv(const struct analysis *a)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	output_csv_header(f, a->report.present);
	output_csv_row(f, a, a->report.present);
	fclose(f);
	return buf;
}

START_TEST(test_json_has_the_engine_numbers)
{
	struct analysis a[2];
	struct launch bad;
	struct occ_error err = { 0 };
	char *buf;
	json_error_t jerr;
	json_t *root, *k, *occ;

	default_analysis(&a[0]);
	launch_init(&bad);
	occ_error_set(&err, OCC_EDATA, "x.csv", 3, "registers", "bad value");
	analysis_fail(&a[1], &bad, &err);
	buf = capture_json(a, 2);
	root = json_loads(buf, 0, &jerr);
	ck_assert_msg(root != NULL, "invalid JSON: %s", jerr.text);
	ck_assert_int_eq((int)json_array_size(json_object_get(root, "kernels")), 2);
	k = json_array_get(json_object_get(root, "kernels"), 0);
	occ = json_object_get(k, "occupancy");
	ck_assert_int_eq((int)json_integer_value(json_object_get(occ, "active_blocks_per_sm")),
			 a[0].r.active_blocks_per_sm);
	ck_assert_int_eq((int)json_integer_value(json_object_get(occ, "active_warps_per_sm")),
			 a[0].r.active_warps_per_sm);
	ck_assert(json_is_null(json_object_get(json_array_get(json_object_get(root, "kernels"), 1), "occupancy")));
	ck_assert_str_eq(json_string_value(json_object_get(json_array_get(json_object_get(root, "kernels"), 1), "error")),
			 "x.csv:3: registers: bad value");
	ck_assert(json_is_null(json_object_get(k, "error")));
	ck_assert_int_eq((int)json_integer_value(json_object_get(json_object_get(k, "waves"), "full_waves")),
			 (int)a[0].w.full_waves);
	static const char *const keys[] = {
		"active_threads_per_sm", "max_warps_per_sm", "theoretical_occupancy_pct",
		"block_limit_warps", "block_limit_blocks", "block_limit_registers",
		"block_limit_shared_mem", "block_limit_barriers", "limiting_factors",
		"allocated_registers_per_block", "allocated_shared_mem_per_block",
		"shared_mem_config_bytes", NULL,
	};
	for (int i = 0; keys[i]; i++)
		ck_assert_msg(json_object_get(occ, keys[i]) != NULL, "missing %s", keys[i]);
	json_decref(root);
	free(buf);
}
END_TEST

/* Streamed JSON is what jansson writes for the whole document. */
/* --derive's JSON: derive_all's derivations, each final figure the one the
 * same kernel object's occupancy and waves give, on every device of the
 * database over block sizes, registers and shared memory on both sides of
 * their limits (test_derive checks derive_all against the engine on its
 * larger sweep). */
static void check_derivations(json_t *k, const char *what)
{
	json_t *occ = json_object_get(k, "occupancy"), *d = json_object_get(k, "derivations");
	size_t n = json_array_size(d);

	ck_assert_msg(n == OCC_N_FACTORS + 2, "%s: %zu derivations", what, n);
	for (size_t i = 0; i < n; i++) {
		json_t *x = json_array_get(d, i), *value = json_object_get(x, "value"), *want;
		const char *of = json_string_value(json_object_get(x, "of"));
		char key[64];

		ck_assert_msg(of && json_array_size(json_object_get(x, "steps")) > 0 &&
			      json_string_value(json_object_get(x, "title")), "%s: derivation %zu", what, i);
		if (strcmp(of, "occupancy") == 0)
			want = json_object_get(occ, "active_warps_per_sm");
		else if (strcmp(of, "gpu_waves") == 0)
			want = json_object_get(json_object_get(k, "waves"), "blocks_per_wave");
		else {
			snprintf(key, sizeof(key), "block_limit_%s", of);
			want = json_object_get(occ, key);
		}
		ck_assert_msg(want && json_equal(value, want), "%s: %s derived %lld, engine %lld", what,
			      of, (long long)json_integer_value(value), (long long)json_integer_value(want));
	}
}

START_TEST(test_json_derivations_are_the_engines)
{
	static const int sizes[] = { 32, 96, 256, 1024 }, regs[] = { 16, 40, 255 };
	static const int64_t smem[] = { 0, 40000 };
	int checked = 0;

	for (size_t g = 0; g < gpu_db_device_count(db); g++) {
		struct gpu gpu;

		ck_assert(gpu_db_device_at(db, g, &gpu));
		for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
			for (size_t j = 0; j < sizeof(regs) / sizeof(regs[0]); j++)
				for (size_t m = 0; m < sizeof(smem) / sizeof(smem[0]); m++) {
					struct analysis a;
					struct launch l;
					char *buf = NULL, what[160];
					size_t len = 0;
					FILE *f = open_memstream(&buf, &len);
					json_error_t jerr;
					json_t *root;

					launch_init(&l);
					str_copy(l.gpu_name, sizeof(l.gpu_name), gpu.name);
					l.block[0] = sizes[i];
					l.regs_per_thread = regs[j];
					l.dynamic_smem_bytes = smem[m];
					l.grid[0] = 1000;
					analysis_run(&a, &l, &gpu, NULL, 0);
					if (!a.ok || a.r.active_blocks_per_sm == 0) {
						fclose(f);
						free(buf);
						continue;
					}
					ck_assert(output_json_kernel_derived(f, &a, true, true));
					fclose(f);
					root = json_loads(buf, 0, &jerr);
					ck_assert_msg(root != NULL, "%s", jerr.text);
					snprintf(what, sizeof(what), "%s %d threads %d regs %lld B", gpu.name,
						 sizes[i], regs[j], (long long)smem[m]);
					check_derivations(root, what);
					json_decref(root);
					free(buf);
					checked++;
				}
	}
	ck_assert_int_gt(checked, 500);
}
END_TEST

START_TEST(test_json_streamed_as_one_document)
{
	struct analysis a[2];
	json_t *root;
	json_error_t jerr;
	char *buf, *whole;

	default_analysis(&a[0]);
	default_analysis(&a[1]);
	buf = capture_json(a, 2);
	root = json_loads(buf, 0, &jerr);
	ck_assert_msg(root != NULL, "invalid JSON: %s", jerr.text);
	whole = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
	ck_assert_ptr_nonnull(whole);
	ck_assert_int_eq(strncmp(buf, whole, strlen(whole)), 0);
	ck_assert_str_eq(buf + strlen(whole), "\n");
	free(whole);
	json_decref(root);
	free(buf);
	buf = capture_json(a, 0);
	ck_assert_str_eq(buf, "{\n  \"format_version\": 1,\n  \"producer\": {\n    \"name\": "
			 "\"occview\",\n    \"version\": \"" PACKAGE_VERSION "\"\n  },\n  \"kernels\": []\n}\n");
	free(buf);
}
END_TEST

/* The document says its format's version and what wrote it (the stability
 * promise of occview-formats(5)), before the kernels. */
START_TEST(test_json_names_format_and_producer)
{
	struct analysis a;
	json_error_t jerr;
	json_t *root, *producer;
	char *buf;

	default_analysis(&a);
	buf = capture_json(&a, 1);
	root = json_loads(buf, 0, &jerr);
	ck_assert_msg(root != NULL, "invalid JSON: %s", jerr.text);
	ck_assert_int_eq(json_integer_value(json_object_get(root, "format_version")), 1);
	producer = json_object_get(root, "producer");
	ck_assert_str_eq(json_string_value(json_object_get(producer, "name")), "occview");
	ck_assert_str_eq(json_string_value(json_object_get(producer, "version")), PACKAGE_VERSION);
	ck_assert_int_eq((int)json_array_size(json_object_get(root, "kernels")), 1);
	json_decref(root);
	free(buf);
}
END_TEST

static char *capture_gpus(void (*write)(FILE *, const struct gpu_db *))
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	write(f, db);
	fclose(f);
	return buf;
}

/* --list-gpus --format json: every device, as jansson would write it, with
 * the database's own figures (data/devices.csv: H100 SXM 132 SMs, cc 9.0;
 * data/amd_devices.csv: MI300X, gfx942, 304 CUs). */
START_TEST(test_gpu_list_json)
{
	char *buf = capture_gpus(output_gpu_list_json), *whole;
	json_error_t jerr;
	json_t *root, *devices, *d;
	size_t i;
	bool h100 = false, mi300x = false;

	root = json_loads(buf, 0, &jerr);
	ck_assert_msg(root != NULL, "invalid JSON: %s", jerr.text);
	whole = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
	ck_assert_int_eq(strncmp(buf, whole, strlen(whole)), 0);
	ck_assert_int_eq(json_integer_value(json_object_get(root, "format_version")), 1);
	devices = json_object_get(root, "devices");
	ck_assert_uint_eq(json_array_size(devices), gpu_db_device_count(db));
	json_array_foreach(devices, i, d) {
		const char *name = json_string_value(json_object_get(d, "name"));

		if (strcmp(name, "NVIDIA H100 80GB HBM3") == 0) {
			h100 = true;
			ck_assert_str_eq(json_string_value(json_object_get(d, "vendor")), "nvidia");
			ck_assert_str_eq(json_string_value(json_object_get(d, "cc")), "9.0");
			ck_assert_int_eq(json_integer_value(json_object_get(d, "sm_count")), 132);
			ck_assert(json_array_size(json_object_get(d, "aliases")) > 0);
		} else if (strcmp(name, "Instinct MI300X") == 0) {
			mi300x = true;
			ck_assert_str_eq(json_string_value(json_object_get(d, "vendor")), "amd");
			ck_assert_str_eq(json_string_value(json_object_get(d, "arch")), "gfx942");
			ck_assert_int_eq(json_integer_value(json_object_get(d, "sm_count")), 304);
		}
	}
	ck_assert(h100 && mi300x);
	free(whole);
	json_decref(root);
	free(buf);
}
END_TEST

/* --list-gpus --format jsonl: the JSON Lines header, then each element of
 * --format json's "devices" on its own line, as jansson writes it compact. */
START_TEST(test_gpu_list_jsonl)
{
	char *doc = capture_gpus(output_gpu_list_json), *lines = capture_gpus(output_gpu_list_jsonl);
	char *header = NULL, *line, *save = NULL;
	size_t header_len = 0, i = 0;
	FILE *f = open_memstream(&header, &header_len);
	json_error_t jerr;
	json_t *root = json_loads(doc, 0, &jerr), *devices;

	ck_assert_msg(root != NULL, "invalid JSON: %s", jerr.text);
	ck_assert_ptr_nonnull(f);
	output_jsonl_header(f);
	fclose(f);
	ck_assert_int_eq(strncmp(lines, header, header_len), 0);
	devices = json_object_get(root, "devices");
	for (line = strtok_r(lines + header_len, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		json_t *want = json_array_get(devices, i++);
		char *text;

		ck_assert_ptr_nonnull(want);
		text = json_dumps(want, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
		ck_assert_str_eq(line, text);
		free(text);
	}
	ck_assert_uint_eq(i, gpu_db_device_count(db));
	ck_assert_uint_eq(i, json_array_size(devices));
	json_decref(root);
	free(header);
	free(lines);
	free(doc);
}
END_TEST

/* Fields of one CSV line, commas inside quotes not counted. */
static int csv_fields(const char *line, size_t len)
{
	int n = 1;
	bool quoted = false;

	for (size_t i = 0; i < len; i++) {
		if (line[i] == '"')
			quoted = !quoted;
		else if (line[i] == ',' && !quoted)
			n++;
	}
	return n;
}

/* --list-gpus --format csv: a header and one row of as many fields per device. */
START_TEST(test_gpu_list_csv)
{
	char *buf = capture_gpus(output_gpu_list_csv), *line = buf, *end;
	size_t rows = 0;

	ck_assert_int_eq(strncmp(buf, "name,vendor,arch,cc,sm_count,family,segment,aliases\n", 52), 0);
	while ((end = strchr(line, '\n'))) {
		ck_assert_int_eq(csv_fields(line, (size_t)(end - line)), 8);
		rows++;
		line = end + 1;
	}
	ck_assert_uint_eq(rows, gpu_db_device_count(db) + 1);
	ck_assert_ptr_nonnull(strstr(buf, "\nNVIDIA H100 80GB HBM3,nvidia,sm_90,9.0,132,Hopper,"));
	free(buf);
}
END_TEST

/* jsonw's strings and numbers are jansson's text: every ASCII byte at
 * every alignment of the eight-byte scan, UTF-8, strings longer than the
 * writer's buffer; reals and integers of every size. */
static void same_as_jansson(json_t *value, void (*write)(struct jsonw *, const void *),
			    const void *arg)
{
	char *want = json_dumps(value, JSON_ENCODE_ANY | JSON_REAL_PRECISION(10)), *got = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&got, &len);
	struct jsonw *w = malloc(sizeof(*w));

	ck_assert(want && f && w);
	jsonw_init(w, f, 0);
	write(w, arg);
	ck_assert(jsonw_flush(w));
	fclose(f);
	ck_assert_msg(strcmp(got, want) == 0, "jsonw %.60s, jansson %.60s", got, want);
	free(w);
	free(got);
	free(want);
	json_decref(value);
}

static void write_string(struct jsonw *w, const void *s)
{
	jsonw_string(w, s);
}

static void write_real(struct jsonw *w, const void *v)
{
	jsonw_real(w, *(const double *)v);
}

static void write_int(struct jsonw *w, const void *v)
{
	jsonw_int(w, *(const int64_t *)v);
}

START_TEST(test_jsonw_is_jansson)
{
	static const char *const texts[] = { "", "a", "plain kernel name", "caf\xC3\xA9 \xE6\xBC\xA2",
		"quote \" and \\ in 16 bytes", "del \x7F", "</script>" };
	const double reals[] = { 0.0, 1.0, 62.5, 43.24, 0.08, 1.3838, 1e-5, 123456789.123, 1e10,
				 1e21, 3.0e-300, 100.0 / 3.0, 2.0 / 3.0, 9999999999.5, 0.000123,
				 -0.0, -62.5, -1e-5, -0.000123, -123456789.123, -1e10,
				 /* whole numbers: jsonw_real's own path below 1e10 */
				 48.0, 9999999999.0, 1234567890.0, 4294967296.0, 1e9, -48.0 };
	/* jsonw_int's own path below 100, and either side of it */
	const int64_t ints[] = { 0, -1, 42, 233472, INT64_MAX, INT64_MIN, 9, 10, 99, 100, -10 };
	char *long_text = malloc(40000);

	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++)
		same_as_jansson(json_string(texts[i]), write_string, texts[i]);
	/* each byte 1..127 alone and at offsets 0..19 of a longer run: the
	 * eight-byte scan's whole words and its tail */
	for (int ch = 1; ch < 128; ch++)
		for (int at = 0; at < 20; at++) {
			char text[32];
			memset(text, 'x', sizeof(text));
			text[at] = (char)ch;
			text[20] = '\0';
			same_as_jansson(json_string(text), write_string, text);
		}
	/* a quote or a control byte at every place of every length to 40: the
	 * scan's words, its overlapping last word and its bytes */
	for (int len = 1; len <= 40; len++)
		for (int at = 0; at < len; at++)
			for (int k = 0; k < 2; k++) {
				char text[48];
				memset(text, 'y', sizeof(text));
				text[at] = k ? '\x01' : '"';
				text[len] = '\0';
				same_as_jansson(json_string(text), write_string, text);
			}
	/* longer than the buffer, with escapes across its edges */
	ck_assert_ptr_nonnull(long_text);
	for (int i = 0; i < 39999; i++)
		long_text[i] = i % 97 == 0 ? '"' : i % 89 == 0 ? '\n' : (char)('a' + i % 26);
	long_text[39999] = '\0';
	same_as_jansson(json_string(long_text), write_string, long_text);
	free(long_text);
	for (size_t i = 0; i < sizeof(reals) / sizeof(reals[0]); i++)
		same_as_jansson(json_real(reals[i]), write_real, &reals[i]);
	for (size_t i = 0; i < sizeof(ints) / sizeof(ints[0]); i++)
		same_as_jansson(json_integer(ints[i]), write_int, &ints[i]);
}
END_TEST

/* Member names quoted by the compiler (JSONW_NAME) and names of any text
 * (jsonw_name_of: escaped as jsonw_key does) are jansson's keys, indented
 * and compact (JSON Lines). */
START_TEST(test_jsonw_member_is_jansson)
{
	for (int compact = 0; compact < 2; compact++) {
		json_t *o = json_pack("{s:i, s:s, s:[i], s:n, s:s, s:[b, b, n, []]}",
				      "theoretical_occupancy_pct", 1, "k\"q\\\n", "v", "grid", 2,
				      "a_member_name_of_more_than_forty_eight_bytes_in_all",
				      "registers_per_thread", "sm_90", "flags", 1, 0);
		char *want = json_dumps(o, (compact ? JSON_COMPACT : JSON_INDENT(2)) |
				       JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
		char *got = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&got, &len);
		struct jsonw *w = malloc(sizeof(*w));

		ck_assert(o && want && f && w);
		if (compact)
			jsonw_init_compact(w, f);
		else
			jsonw_init(w, f, 0);
		jsonw_object(w);
		jsonw_member(w, JSONW_NAME("theoretical_occupancy_pct"));
		jsonw_int(w, 1);
		jsonw_member(w, jsonw_name_of("k\"q\\\n"));
		jsonw_string(w, "v");
		jsonw_member(w, JSONW_NAME("grid"));
		jsonw_array(w);
		jsonw_int(w, 2);
		jsonw_end(w);
		/* a name longer than the copy of constant size (JSONW_NAME_COPY) */
		jsonw_member(w, JSONW_NAME("a_member_name_of_more_than_forty_eight_bytes_in_all"));
		jsonw_null(w);
		jsonw_member(w, jsonw_word_name("registers_per_thread"));
		jsonw_word(w, "sm_90");
		jsonw_member(w, JSONW_NAME("flags"));
		jsonw_array(w);
		jsonw_bool(w, true);
		jsonw_bool(w, false);
		jsonw_null(w);
		jsonw_array(w);
		jsonw_end(w);
		jsonw_end(w);
		jsonw_end(w);
		ck_assert(jsonw_flush(w));
		fclose(f);
		ck_assert_msg(strcmp(got, want) == 0, "jsonw %s, jansson %s", got, want);
		free(w);
		free(got);
		free(want);
		json_decref(o);
	}
}
END_TEST

/* The launch object's members are named by the compiler (output_json.c):
 * each is a parameter's JSON name or total's (params.h), on every device
 * of the database, so the two cannot drift apart. */
/* jsonw's reals are jansson's (%.10g, ".0" where that reads as an integer)
 * over millions of values: log-uniform from 1e-5 to 1e11 of both signs,
 * the ties of the tenth digit's rounding and the doubles either side of
 * them, short decimals, powers of ten and their neighbours. */
static unsigned long same_real(double v)
{
	json_t *j = json_real(v);
	char *want = json_dumps(j, JSON_ENCODE_ANY | JSON_REAL_PRECISION(10));
	char got[NUMFMT_MAX + 8];
	char *end = jsonw_real_at_(got, v);

	ck_assert_ptr_nonnull(want);
	*end = '\0';
	ck_assert_msg(strcmp(got, want) == 0, "%.17g: jsonw %s, jansson %s", v, got, want);
	free(want);
	json_decref(j);
	return 1;
}

START_TEST(test_jsonw_reals_are_jansson)
{
	uint64_t x = 88172645463325252ull;
	unsigned long n = 0;

	for (int i = 0; i < 1000000; i++) {
		double u;

		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		u = (double)(x >> 11) / 9007199254740992.0;
		n += same_real((x & 1 ? -1 : 1) * pow(10.0, -5 + 16 * u));
	}
	/* a tie of the tenth significant digit at every scale, and the four
	 * doubles nearest it */
	for (int i = 0; i < 60000; i++) {
		double v;

		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		v = ((double)(1000000000 + x % 9000000000u) + 0.5) / pow(10.0, (double)(i % 14));
		n += same_real(v);
		n += same_real(nextafter(v, 0));
		n += same_real(nextafter(nextafter(v, 0), 0));
		n += same_real(nextafter(v, INFINITY));
		n += same_real(nextafter(nextafter(v, INFINITY), INFINITY));
	}
	for (int m = 1; m < 200000; m += 3)
		for (int k = 1; k <= 6; k++)
			n += same_real(m / pow(10.0, k));
	for (int e = -5; e <= 11; e++) {
		double t = pow(10.0, e), v = t;

		for (int k = 0; k < 8; k++, v = nextafter(v, 0))
			n += same_real(v) + same_real(-v);
		v = t;
		for (int k = 0; k < 8; k++, v = nextafter(v, INFINITY))
			n += same_real(v);
		for (int k = -50; k <= 50; k++)
			n += same_real(t * (1 + k * 1e-11)) + same_real(t * (1 - 5e-11 + k * 1e-13));
	}
	ck_assert_uint_gt(n, 1500000);
}
END_TEST

START_TEST(test_json_launch_names_are_params)
{
	size_t seen = 0;

	for (size_t g = 0; g < gpu_db_device_count(db); g++) {
		struct gpu gpu;
		struct analysis a;
		struct launch l;
		char *buf = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&buf, &len);
		json_error_t jerr;
		json_t *root, *launch, *v;
		const char *key;

		ck_assert(gpu_db_device_at(db, g, &gpu));
		launch_init(&l);
		str_copy(l.gpu_name, sizeof(l.gpu_name), gpu.name);
		l.sms = 1;
		analysis_run(&a, &l, &gpu, NULL, 0);
		ck_assert(output_json_kernel(f, &a, true));
		fclose(f);
		root = json_loads(buf + strspn(buf, "\n "), 0, &jerr);
		ck_assert_msg(root != NULL, "%s: %s", gpu.name, jerr.text);
		launch = json_object_get(root, "launch");
		ck_assert(json_is_object(launch));
		json_object_foreach(launch, key, v) {
			bool found = false;

			for (int p = 0; p < PARAM_N && !found; p++)
				found = strcmp(key, param_key_json((enum launch_param)p)) == 0 ||
					strcmp(key, param_key_total((enum launch_param)p)) == 0;
			ck_assert_msg(found, "%s: launch member %s is no parameter's", gpu.name, key);
			seen++;
		}
		json_decref(root);
		free(buf);
	}
	ck_assert_uint_gt(seen, 10 * gpu_db_device_count(db));
}
END_TEST

START_TEST(test_csv_rows)
{
	struct analysis a;
	char *buf;

	default_analysis(&a);
	str_copy(a.launch.kernel, sizeof(a.launch.kernel), "k<int, \"x\">");
	buf = capture_csv(&a);
	ck_assert_ptr_nonnull(strstr(buf, "\n\"k<int, \"\"x\"\">\",NVIDIA H100 80GB HBM3,9.0,132,1584,256,32,0,0,8,64,100.00,warps;registers,"));
	free(buf);
}
END_TEST

/* clean (sanitized) as RFC 4180 field in want, quoted where it holds a
 * comma, a quote or a line end, then end and a NUL; its length with end. */
static size_t csv_field_want(const char *clean, char end, char *want)
{
	size_t n = 0;

	if (strpbrk(clean, ",\"\r\n")) {
		want[n++] = '"';
		for (const char *c = clean; *c; c++) {
			if (*c == '"')
				want[n++] = '"';
			want[n++] = *c;
		}
		want[n++] = '"';
	} else {
		n = strlen(clean);
		memcpy(want, clean, n);
	}
	want[n++] = end;
	want[n] = '\0';
	return n;
}

/* A CSV field is str_sanitize's text, quoted as RFC 4180 says where it
 * holds a comma, a quote or a line end: at every length to 40 (the writer
 * looks at 8 and 16 bytes at a time, a string of 8 to 15 as one block of
 * its first and last 8) with each kind of byte at each position. */
START_TEST(test_csv_field_at_every_length)
{
	static const char *const odd[] = { ",", "\"", "\n", "\r", "\x01", "\x1f", "\x7f", "\xc3\xa9",
					   "\xff", "a" };

	for (size_t len = 1; len <= 40; len++)
		for (size_t k = 0; k < sizeof(odd) / sizeof(odd[0]); k++)
			for (size_t at = 0; at < len; at++) {
				char s[64], clean[1100], want[2300], *got = NULL;
				size_t n = 0;
				struct outbuf r;
				FILE *f = open_memstream(&got, &n);

				memset(s, 'x', len);
				memcpy(s + at, odd[k], strlen(odd[k]));
				s[at + strlen(odd[k]) > len ? at + strlen(odd[k]) : len] = '\0';
				str_sanitize(s, clean, sizeof(clean));
				csv_field_want(clean, at % 2 ? '\n' : ',', want);
				ck_assert_ptr_nonnull(f);
				outbuf_init(&r, f);
				output_csv_field(&r, s, at % 2);
				outbuf_flush(&r);
				fclose(f);
				ck_assert_msg(strcmp(got, want) == 0, "%zu bytes, %zu at %zu: %s, want %s", len, k,
					      at, got, want);
				free(got);
			}
}
END_TEST

/* A refused launch's error column is occ_error_format's text made safe
 * (str_sanitize) and quoted as RFC 4180 says, whatever its parts: with and
 * without file, line and field, commas and quotes, escapes and UTF-8, and
 * each part at its longest; output_error_text is occ_error_format's text,
 * and where it says printable, occ_say_error writes it as it is. */
START_TEST(test_csv_error_column)
{
	static const struct { const char *file; long line; const char *field, *message; } e[] = {
		{ "/tmp/b2/rocprof_v1.csv", 4, "static_shared_mem",
		  "LDS per workgroup: 98320, but Instinct MI300X allows at most 65536" },
		{ "", 0, "--grid", "x \"quoted\" and, a comma" },
		{ "k.occ", 0, "", "no line" },
		{ "", 7, "", "a line without a file, plain" },
		{ "k.csv", 12, "kernel", "name \"q\"" },
		{ "r\xc3\xa9port.csv", 3, "f\x1b[31m", "bad, \x01 byte \xff" },
		{ "k.csv", -2, "grid", "" },
		{ NULL, 123456789012L, NULL, NULL },
	};

	for (size_t i = 0; i < sizeof(e) / sizeof(e[0]); i++) {
		struct analysis a;
		struct launch bad;
		struct occ_error err;
		char text[900], clean[1100], want[2300], *buf, *at;
		size_t n = 0;
		int commas = 0;

		memset(&err, 0, sizeof(err));
		err.status = OCC_EDATA;
		err.line = e[i].line;
		if (e[i].file) {
			snprintf(err.file, sizeof(err.file), "%s", e[i].file);
			snprintf(err.field, sizeof(err.field), "%s", e[i].field);
			snprintf(err.message, sizeof(err.message), "%s", e[i].message);
		} else {
			/* every part at its longest, commas and quotes in the message */
			memset(err.file, 'f', sizeof(err.file) - 1);
			memset(err.field, 'k', sizeof(err.field) - 1);
			for (size_t j = 0; j + 1 < sizeof(err.message); j++)
				err.message[j] = "a,\"b"[j % 4];
		}
		launch_init(&bad);
		analysis_fail(&a, &bad, &err);
		occ_error_format(&err, text, sizeof(text));
		/* The text itself, and where it says printable, occ_say_error's
		 * line is "occview: " and it (session_tell writes it so). */
		{
			char quick[1024], *said = NULL;
			size_t said_len = 0;
			FILE *f = open_memstream(&said, &said_len);
			bool plain = output_error_text(&err, quick, sizeof(quick));

			ck_assert_str_eq(quick, text);
			occ_say_error(f, &err);
			fclose(f);
			ck_assert(plain == (i == 0 || i == 1 || i == 2 || i == 3 || i == 4 || i == 6 ||
					    i == 7));
			if (plain)
				ck_assert(strncmp(said, "occview: ", 9) == 0 &&
					  strncmp(said + 9, quick, strlen(quick)) == 0 &&
					  strcmp(said + 9 + strlen(quick), "\n") == 0);
			free(said);
		}
		str_sanitize(text, clean, sizeof(clean));
		n = csv_field_want(clean, ',', want);
		buf = capture_csv(&a);
		/* the row's 22nd field: after the device, launch and analysis columns */
		at = buf + strcspn(buf, "\n") + 1;
		for (; *at && commas < 21; at++)
			commas += *at == ',';
		ck_assert_msg(strncmp(at, want, n) == 0, "error %zu: %.200s\nwant %.200s", i, at, want);
		free(buf);
	}
}
END_TEST

static void run_b200_record(struct analysis *a, int64_t limit_registers)
{
	struct report_launch_given none = { NULL, NULL, 0 };
	struct occ_error err = { 0 };
	struct report_record rec;

	b200_record(&rec, limit_registers);
	ck_assert(record_analyse(a, db, &rec, &none, "b200.csv", &err));
}

START_TEST(test_report_in_json_and_csv)
{
	static struct analysis a;
	char *buf;
	json_t *root, *rep, *cc;
	json_error_t jerr;

	run_b200_record(&a, 8);    /* altered: the file says 10 */
	buf = capture_json(&a, 1);
	root = json_loads(buf, 0, &jerr);
	ck_assert_ptr_nonnull(root);
	rep = json_object_get(json_array_get(json_object_get(root, "kernels"), 0), "report");
	ck_assert_ptr_nonnull(rep);
	ck_assert(json_is_null(json_object_get(rep, "achieved_occupancy_pct")));
	ck_assert(json_is_null(json_object_get(rep, "achieved_occupancy_from")));
	ck_assert_str_eq(json_string_value(json_object_get(json_object_get(rep, "profiler"), "name")),
			 "nsight_compute");
	ck_assert(json_real_value(json_object_get(rep, "duration_ns")) == 9504.0);
	ck_assert_str_eq(json_string_value(json_object_get(rep, "device")), "NVIDIA B200");
	ck_assert_int_eq(json_integer_value(json_object_get(rep, "sm_count")), 148);
	ck_assert(json_is_true(json_object_get(rep, "launch_as_measured")));
	cc = json_object_get(rep, "crosscheck");
	ck_assert_int_eq(json_integer_value(json_object_get(cc, "compared")), 8);
	ck_assert_int_eq(json_array_size(json_object_get(cc, "disagreements")), 1);
	ck_assert_str_eq(json_string_value(json_object_get(json_array_get(json_object_get(cc,
		"disagreements"), 0), "field")), "block_limit_registers");
	ck_assert(json_real_value(json_object_get(json_array_get(json_object_get(cc,
		"disagreements"), 0), "report")) == 8.0);
	json_decref(root);
	free(buf);

	buf = capture_csv(&a);
	ck_assert_ptr_nonnull(strstr(buf, ",error,achieved_occupancy_pct,duration_ns,crosscheck_disagreements,"
				      "profiler_theoretical_occupancy_pct,profiler_theoretical_active_warps,"
				      "profiler_waves_per_sm,profiler_block_limit_warps,"
				      "profiler_block_limit_blocks,profiler_block_limit_registers,"
				      "profiler_block_limit_shared_mem,profiler_block_limit_barriers,"
				      "inferred,profiler_waves_limited_by_vgpr,"
				      "profiler_waves_limited_by_sgpr,profiler_waves_limited_by_lds,"
				      "profiler_waves_limited_by_workgroup,cluster_size,max_active_clusters,"
				      "max_active_clusters_min,cluster_occupancy_pct,clusters_bound,"
				      "profiler_max_active_clusters,profiler_max_cluster_size,cache_config,"
				      "record_id,launch_as_measured,dropped,block_limit_sgprs,sms\n"));
	/* no achieved; 9504 ns; 1 disagreement; Nsight Compute's 62.5 %, no
	 * active warps, 0.10 waves, limits 16, 32, 8 (altered), 14, 32; no
	 * AMD figures; no cluster (size 0 on a GPU that has them), no cluster
	 * figures, no cache preference (none on this GPU); its record id (the
	 * analysis was made by hand: 0), the launch as measured, nothing dropped,
	 * no SGPR limit and no partition */
	ck_assert_msg(strstr(buf, ",,,9504,1,62.50,,0.10,16,32,8,14,32,,,,,,0,,,,,,,,0,true,,,\n"),
		      "%s", buf);
	free(buf);

	/* A launch from flags keeps the launch-list columns. */
	default_analysis(&a);
	buf = capture_csv(&a);
	ck_assert_ptr_nonnull(strstr(buf, "predicted_achieved_occupancy_pct,error,cluster_size,"
					  "max_active_clusters,max_active_clusters_min,"
					  "cluster_occupancy_pct,clusters_bound,cache_config,"
					  "block_limit_sgprs,sms\n"));
	free(buf);
}
END_TEST

/* JSON Lines: the header line, then each kernel on a line of its own, the
 * very object the JSON document holds (a kernel record with its report, a
 * launch that failed, a default launch) in jansson's own compact text. */
START_TEST(test_jsonl_is_the_document_a_line_each)
{
	static struct analysis a[3];
	struct launch bad;
	struct occ_error err = { 0 };
	char *doc, *lines = NULL, *line, *next;
	size_t len = 0;
	FILE *f;
	json_t *root, *kernels;
	json_error_t jerr;

	run_b200_record(&a[0], 8);
	launch_init(&bad);
	occ_error_set(&err, OCC_EDATA, "x.csv", 3, "registers", "bad value");
	analysis_fail(&a[1], &bad, &err);
	default_analysis(&a[2]);
	doc = capture_json(a, 3);
	root = json_loads(doc, 0, &jerr);
	ck_assert_msg(root != NULL, "invalid JSON: %s", jerr.text);
	kernels = json_object_get(root, "kernels");
	f = open_memstream(&lines, &len);
	output_jsonl_header(f);
	for (int i = 0; i < 3; i++)
		ck_assert(output_jsonl_kernel(f, &a[i], OUTPUT_JSONL_FINDINGS_TEXT));
	fclose(f);
	line = lines;
	for (int i = -1; i < 3; i++) {
		json_t *obj;
		char *again;

		next = strchr(line, '\n');
		ck_assert_ptr_nonnull(next);
		*next = '\0';
		obj = json_loads(line, 0, &jerr);
		ck_assert_msg(obj != NULL, "line %d: invalid JSON: %s", i + 2, jerr.text);
		if (i < 0) {
			ck_assert_int_eq(json_integer_value(json_object_get(obj, "format_version")),
					 OUTPUT_JSON_FORMAT_VERSION);
			ck_assert_str_eq(json_string_value(json_object_get(json_object_get(obj,
				"producer"), "version")), PACKAGE_VERSION);
		} else {
			json_t *copy = json_deep_copy(obj), *fs = json_object_get(copy, "findings");

			/* the document's members, and each finding's parameters: null
			 * here, the findings composed at once (RULES_TEXT) */
			for (size_t k = 0; k < json_array_size(fs); k++) {
				json_t *one = json_array_get(fs, k);

				ck_assert(json_is_null(json_object_get(one, "parameters")));
				ck_assert(json_object_del(one, "parameters") == 0);
			}
			ck_assert_msg(json_equal(copy, json_array_get(kernels, (size_t)i)),
				      "line %d is not kernel %d of the document", i + 2, i);
			json_decref(copy);
		}
		again = json_dumps(obj, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
		ck_assert_str_eq(line, again);
		free(again);
		json_decref(obj);
		line = next + 1;
	}
	ck_assert_str_eq(line, "");
	json_decref(root);
	free(lines);
	free(doc);
}
END_TEST

/* One writer for a whole report (output_stream.h) writes the very bytes the
 * per-record writers do, the document's head and end and --compare's
 * deltas too, in each format, across its buffer's 64 KiB (a record cut
 * between two blocks); it holds them until flushed unless per record; and
 * a write that fails is the stream's error and a false. */
static char *stream_of(const struct analysis *a, size_t n, enum output_stream_format fmt,
		       const struct compare_delta *d, bool per_record, size_t *held_after_first)
{
	static const int64_t ids[2] = { 1, 3 };
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct output_stream *s = output_stream_new(f, fmt, OUTPUT_JSONL_FINDINGS_TEXT, per_record);

	ck_assert_ptr_nonnull(s);
	output_stream_begin(s);
	for (size_t i = 0; i < n; i++) {
		ck_assert(output_stream_kernel(s, &a[i % 3]));
		if (i == 0) {
			fflush(f);
			*held_after_first = len;
		}
	}
	if (d)
		ck_assert(output_stream_comparison(s, ids, d));
	output_stream_end(s, d != NULL);
	output_stream_free(s);
	fclose(f);
	return buf;
}

/* The same with the per-record writers. */
static char *records_of(const struct analysis *a, size_t n, enum output_stream_format fmt,
			const struct compare_delta *d, size_t *len)
{
	static const int64_t ids[2] = { 1, 3 };
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);

	if (fmt == OUTPUT_STREAM_JSON)
		output_json_begin(f);
	else if (fmt == OUTPUT_STREAM_JSONL)
		output_jsonl_header(f);
	else
		output_csv_header(f, true);
	for (size_t i = 0; i < n; i++)
		if (fmt == OUTPUT_STREAM_JSON)
			ck_assert(output_json_kernel_derived(f, &a[i % 3], i == 0, false));
		else if (fmt == OUTPUT_STREAM_JSONL)
			ck_assert(output_jsonl_kernel(f, &a[i % 3], OUTPUT_JSONL_FINDINGS_TEXT));
		else
			output_csv_row(f, &a[i % 3], true);
	if (fmt == OUTPUT_STREAM_JSON && d)
		ck_assert(output_json_comparison_end(f, ids, d));
	else if (fmt == OUTPUT_STREAM_JSON)
		output_json_end(f, n > 0);
	else if (fmt == OUTPUT_STREAM_JSONL && d)
		ck_assert(output_jsonl_comparison(f, ids, d));
	fclose(f);
	return buf;
}

START_TEST(test_stream_is_the_records_writers)
{
	static struct analysis a[3];
	static const enum output_stream_format fmts[] = {
		OUTPUT_STREAM_JSON, OUTPUT_STREAM_JSONL, OUTPUT_STREAM_CSV
	};
	struct launch bad;
	struct occ_error err = { 0 };
	struct compare_delta d;

	run_b200_record(&a[0], 8);
	launch_init(&bad);
	occ_error_set(&err, OCC_EDATA, "x.csv", 3, "registers", "bad value");
	analysis_fail(&a[1], &bad, &err);
	default_analysis(&a[2]);
	compare_deltas(&a[0], &a[2], &d);
	for (size_t k = 0; k < sizeof(fmts) / sizeof(fmts[0]); k++) {
		/* a CSV row is some 150 bytes, a kernel object thousands; and
		 * no record at all */
		size_t ns[] = { fmts[k] == OUTPUT_STREAM_CSV ? 1200 : 90, 2, 0 };

		for (size_t m = 0; m < 3; m++) {
			const struct compare_delta *cd = m == 1 ? &d : NULL;
			char *want, *held, *each;
			size_t len = 0, first_held = 0, first_each = 0;

			want = records_of(a, ns[m], fmts[k], cd, &len);
			held = stream_of(a, ns[m], fmts[k], cd, false, &first_held);
			each = stream_of(a, ns[m], fmts[k], cd, true, &first_each);
			if (m == 0) {
				ck_assert_uint_gt(len, 2 * 65536);
				ck_assert_uint_eq(first_held, 0);
				ck_assert_uint_gt(first_each, 0);
			}
			ck_assert_uint_eq(strlen(held), len);
			ck_assert_msg(strcmp(held, want) == 0, "format %zu, case %zu: the stream's text differs",
				      k, m);
			ck_assert_msg(strcmp(each, want) == 0, "format %zu, case %zu: per record, the text differs",
				      k, m);
			free(want);
			free(held);
			free(each);
		}
	}
}
END_TEST

START_TEST(test_stream_write_error)
{
	static struct analysis a;
	FILE *f = fopen("/dev/full", "w");
	struct output_stream *s;
	bool ok = true;
	int i;

	if (!f)
		return;  /* no /dev/full here: nothing to write to that fails */
	setvbuf(f, NULL, _IONBF, 0);
	run_b200_record(&a, 8);
	s = output_stream_new(f, OUTPUT_STREAM_JSONL, 0, false);
	ck_assert_ptr_nonnull(s);
	/* held until the buffer fills: then the write fails */
	output_stream_begin(s);
	for (i = 0; i < 1000 && ok; i++)
		ok = output_stream_kernel(s, &a);
	ck_assert(!ok);
	ck_assert_int_gt(i, 1);
	ck_assert(ferror(f));
	ck_assert(!output_stream_flush(s));
	output_stream_free(s);
	fclose(f);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("output");
	TCase *tc = tcase_create("core"), *reals;

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_add_test(tc, test_json_has_the_engine_numbers);
	tcase_add_test(tc, test_json_streamed_as_one_document);
	tcase_add_test(tc, test_jsonl_is_the_document_a_line_each);
	tcase_add_test(tc, test_stream_is_the_records_writers);
	tcase_add_test(tc, test_stream_write_error);
	tcase_add_test(tc, test_json_launch_names_are_params);
	tcase_add_test(tc, test_json_derivations_are_the_engines);
	tcase_add_test(tc, test_jsonw_is_jansson);
	tcase_add_test(tc, test_jsonw_member_is_jansson);
	tcase_add_test(tc, test_csv_rows);
	tcase_add_test(tc, test_csv_field_at_every_length);
	tcase_add_test(tc, test_csv_error_column);
	tcase_add_test(tc, test_report_in_json_and_csv);
	tcase_add_test(tc, test_json_names_format_and_producer);
	tcase_add_test(tc, test_gpu_list_json);
	tcase_add_test(tc, test_gpu_list_csv);
	tcase_add_test(tc, test_gpu_list_jsonl);
	suite_add_tcase(s, tc);
	/* 1.7 million reals against jansson: 3-4 s alone, more on a loaded
	 * machine or under sanitizers than Check's default 4 s allows */
	reals = tcase_create("reals");
	tcase_set_timeout(reals, 60);
	tcase_add_test(reals, test_jsonw_reals_are_jansson);
	suite_add_tcase(s, reals);
	return run_suite(s);
}
