/* launch_file.c - launch files (key = value) and launch lists (CSV). */
#include "config.h"

#include "launch_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "csvread.h"
#include "strutil.h"

#define LAUNCH_FILE_MAX_BYTES (64u << 20)

enum key {
	KEY_KERNEL, KEY_GPU, KEY_GRID, KEY_BLOCK, KEY_REGISTERS, KEY_STATIC_SMEM,
	KEY_DYNAMIC_SMEM, KEY_CARVEOUT, KEY_BARRIERS, KEY_VGPRS, KEY_AGPRS, KEY_SGPRS,
	KEY_WAVE_SIZE, KEY_NONE
};

/* Launch-file keys and launch-list columns, with the spellings each accepts. */
static const struct {
	enum key key;
	const char *file_keys[3];
	const char *column;
} keys[] = {
	{ KEY_KERNEL, { "kernel", "name" }, "kernel" },
	{ KEY_GPU, { "gpu" }, "gpu" },
	{ KEY_GRID, { "grid", "grid_size" }, "grid_size" },
	{ KEY_BLOCK, { "block", "block_size" }, "block_size" },
	{ KEY_REGISTERS, { "registers", "registers_per_thread" }, "registers_per_thread" },
	{ KEY_STATIC_SMEM, { "static_shared_mem", "shared_mem" }, "static_shared_mem_bytes" },
	{ KEY_DYNAMIC_SMEM, { "dynamic_shared_mem" }, "dynamic_shared_mem_bytes" },
	{ KEY_CARVEOUT, { "carveout", "shared_mem_carveout_pct" }, "shared_mem_carveout_pct" },
	{ KEY_BARRIERS, { "barriers" }, "barriers" },
	/* AMD: VGPRs are the registers per work-item; LDS is the static shared memory. */
	{ KEY_VGPRS, { "vgprs", "vgprs_per_thread" }, "vgprs_per_thread" },
	{ KEY_AGPRS, { "agprs", "agprs_per_thread" }, "agprs_per_thread" },
	{ KEY_SGPRS, { "sgprs", "sgprs_per_wave" }, "sgprs_per_wave" },
	{ KEY_WAVE_SIZE, { "wave_size" }, "wave_size" },
};

static enum key find_key(const char *name)
{
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		for (size_t j = 0; j < 3 && keys[i].file_keys[j]; j++)
			if (str_ieq(name, keys[i].file_keys[j]))
				return keys[i].key;
	return KEY_NONE;
}

/* Sets one field of l from text. */
static bool set_field(struct launch *l, enum key k, const char *value, const char *file,
		      long line, const char *what, struct occ_error *err)
{
	int64_t v, dims[3];

	switch (k) {
	case KEY_KERNEL:
		str_copy(l->kernel, sizeof(l->kernel), value);
		return true;
	case KEY_GPU:
		if (!value[0]) {
			occ_error_set(err, OCC_EDATA, file, line, what, "empty GPU name");
			return false;
		}
		str_copy(l->gpu_name, sizeof(l->gpu_name), value);
		return true;
	case KEY_GRID:
		if (!launch_parse_dim3(value, INT32_MAX, dims, file, line, what, err))
			return false;
		memcpy(l->grid, dims, sizeof(dims));
		return true;
	case KEY_BLOCK:
		if (!launch_parse_dim3(value, 1 << 16, dims, file, line, what, err))
			return false;
		for (int i = 0; i < 3; i++)
			l->block[i] = (int)dims[i];
		return true;
	case KEY_REGISTERS:
	case KEY_VGPRS:
		if (!launch_parse_int(value, 0, 1 << 16, &v, file, line, what, err))
			return false;
		l->regs_per_thread = (int)v;
		return true;
	case KEY_AGPRS:
		if (!launch_parse_int(value, 0, 1 << 16, &v, file, line, what, err))
			return false;
		l->agprs = (int)v;
		return true;
	case KEY_SGPRS:
		if (!launch_parse_int(value, 0, 1 << 16, &v, file, line, what, err))
			return false;
		l->sgprs = (int)v;
		return true;
	case KEY_WAVE_SIZE:
		if (!launch_parse_int(value, 0, 64, &v, file, line, what, err))
			return false;
		if (v != 0 && v != 32 && v != 64) {
			occ_error_set(err, OCC_EDATA, file, line, what, "a wave size is 32 or 64, not %lld",
				      (long long)v);
			return false;
		}
		l->wave_size = (int)v;
		return true;
	case KEY_STATIC_SMEM:
		return launch_parse_size(value, &l->static_smem_bytes, file, line, what, err);
	case KEY_DYNAMIC_SMEM:
		return launch_parse_size(value, &l->dynamic_smem_bytes, file, line, what, err);
	case KEY_CARVEOUT:
		return launch_parse_carveout(value, &l->carveout_pct, file, line, what, err);
	case KEY_BARRIERS:
		if (!launch_parse_int(value, 0, 1 << 16, &v, file, line, what, err))
			return false;
		l->barriers = (int)v;
		return true;
	case KEY_NONE:
		break;
	}
	return false;
}

static bool push(struct launch_set *set, const struct launch_record *rec)
{
	struct launch_record *p = realloc(set->items, (set->n + 1) * sizeof(*p));
	if (!p)
		return false;
	set->items = p;
	set->items[set->n++] = *rec;
	return true;
}

static bool parse_key_value(const char *name, char *text, const struct launch *defaults,
			    struct launch_set *out, struct occ_error *err)
{
	struct launch_record rec = { .launch = *defaults, .line = 1, .valid = true };
	long line = 0;

	/* strtok_r would merge empty lines and lose the count: walk by hand. */
	for (char *p = text; p; ) {
		char *nl = strchr(p, '\n');
		char *s, *eq, *hash;
		enum key k;

		if (nl)
			*nl = '\0';
		line++;
		s = p;
		p = nl ? nl + 1 : NULL;
		hash = strchr(s, '#');
		if (hash)
			*hash = '\0';
		str_trim(s);
		if (!*s)
			continue;
		eq = strchr(s, '=');
		if (!eq) {
			char shown[128], cut[40];
			str_copy(cut, sizeof(cut), s);
			str_sanitize(cut, shown, sizeof(shown));
			occ_error_set(err, OCC_EDATA, name, line, NULL,
				      "expected \"key = value\", got \"%s\"", shown);
			return false;
		}
		*eq = '\0';
		str_trim(s);
		str_trim(eq + 1);
		k = find_key(s);
		if (k == KEY_NONE) {
			char shown[128], cut[40];
			str_copy(cut, sizeof(cut), s);
			str_sanitize(cut, shown, sizeof(shown));
			occ_error_set(err, OCC_EDATA, name, line, shown,
				      "unknown key (known: kernel, gpu, grid, block, registers, "
				      "static_shared_mem, dynamic_shared_mem, carveout, barriers)");
			return false;
		}
		if (!set_field(&rec.launch, k, eq + 1, name, line, s, err))
			return false;
	}
	if (!push(out, &rec)) {
		occ_error_set(err, OCC_EDATA, name, 0, NULL, "out of memory");
		return false;
	}
	return true;
}

static bool parse_list(const char *name, const char *text, size_t len,
		       const struct launch *defaults, struct launch_set *out, struct occ_error *err)
{
	static const enum key required[] = { KEY_GRID, KEY_BLOCK, KEY_REGISTERS };
	struct csv_rows rows;
	int col[KEY_NONE];
	bool ok = true;

	if (!csvread_parse(name, text, len, &rows, err))
		return false;
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		col[keys[i].key] = csvread_column(&rows.rows[0], keys[i].column);
	for (size_t i = 0; i < sizeof(required) / sizeof(required[0]); i++) {
		if (col[required[i]] < 0) {
			occ_error_set(err, OCC_EDATA, name, rows.rows[0].line, keys[required[i]].column,
				      "missing column in the header");
			csvread_free(&rows);
			return false;
		}
	}
	for (size_t r = 1; ok && r < rows.n; r++) {
		const struct csv_row *row = &rows.rows[r];
		struct launch_record rec = { .launch = *defaults, .line = row->line, .valid = true };

		snprintf(rec.launch.kernel, sizeof(rec.launch.kernel), "kernel %zu", r);
		for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]) && rec.valid; i++) {
			enum key k = keys[i].key;
			const char *v = csvread_field(row, col[k]);
			bool is_required = k == KEY_GRID || k == KEY_BLOCK || k == KEY_REGISTERS;
			/* An empty optional cell takes the default (an empty carveout
			 * is the default carveout). */
			if (col[k] < 0 || (!v[0] && !is_required))
				continue;
			if (!v[0]) {
				occ_error_set(&rec.error, OCC_EDATA, name, row->line, keys[i].column,
					      "missing value");
				rec.valid = false;
				break;
			}
			rec.valid = set_field(&rec.launch, k, v, name, row->line, keys[i].column, &rec.error);
		}
		if (!push(out, &rec)) {
			occ_error_set(err, OCC_EDATA, name, 0, NULL, "out of memory");
			ok = false;
		}
	}
	if (ok && out->n == 0) {
		occ_error_set(err, OCC_EDATA, name, rows.n ? rows.rows[0].line : 0, NULL,
			      "the launch list has a header but no launches");
		ok = false;
	}
	csvread_free(&rows);
	return ok;
}

/* The first line that is neither blank nor a comment decides the format. */
static const char *first_content_line(const char *text, size_t len, size_t *line_len)
{
	const char *p = text, *end = text + len;

	if (len >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0)
		p += 3;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *e = nl ? nl : end;
		const char *s = p;
		while (s < e && (*s == ' ' || *s == '\t' || *s == '\r'))
			s++;
		if (s < e && *s != '#') {
			*line_len = (size_t)(e - s);
			return s;
		}
		p = e + 1;
	}
	return NULL;
}

bool launch_file_parse(const char *name, const char *text, size_t len,
		       const struct launch *defaults, struct launch_set *out, struct occ_error *err)
{
	size_t first_len = 0;
	const char *first;
	long bad_line;
	char *copy;
	bool ok;

	*out = (struct launch_set){ 0 };
	if (str_is_binary(text, len, &bad_line)) {
		occ_error_set(err, OCC_EDATA, name, bad_line, NULL, "not a text file (binary data)");
		return false;
	}
	first = first_content_line(text, len, &first_len);
	if (!first) {
		occ_error_set(err, OCC_EDATA, name, 0, NULL, "empty file: no launch in it");
		return false;
	}
	if (memchr(first, '=', first_len)) {
		copy = malloc(len + 1);
		if (!copy) {
			occ_error_set(err, OCC_EDATA, name, 0, NULL, "out of memory");
			return false;
		}
		memcpy(copy, text, len);
		copy[len] = '\0';
		ok = parse_key_value(name, copy, defaults, out, err);
		free(copy);
	} else if (memchr(first, ',', first_len)) {
		ok = parse_list(name, text, len, defaults, out, err);
	} else {
		occ_error_set(err, OCC_EDATA, name, 1, NULL,
			      "not a launch file (key = value lines) nor a launch list (CSV with a "
			      "header row)");
		ok = false;
	}
	if (!ok)
		launch_set_done(out);
	return ok;
}

bool launch_file_load(const char *path, const struct launch *defaults, struct launch_set *out,
		      struct occ_error *err)
{
	size_t len;
	char *text = str_read_file(path, LAUNCH_FILE_MAX_BYTES, &len, err);
	bool ok;

	*out = (struct launch_set){ 0 };
	if (!text)
		return false;
	ok = launch_file_parse(path, text, len, defaults, out, err);
	free(text);
	return ok;
}

void launch_set_done(struct launch_set *set)
{
	free(set->items);
	*set = (struct launch_set){ 0 };
}
