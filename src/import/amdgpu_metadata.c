/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* amdgpu_metadata.c - the NT_AMDGPU_METADATA note's MessagePack, checked
 * byte by byte before msgpack-c unpacks it, then read into kernels. */
#include "config.h"

#include "amdgpu_metadata.h"

#include <msgpack.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Deeper than the metadata ever nests (map, kernels, kernel, args, arg). */
#define MD_MAX_DEPTH 16

struct walk {
	const unsigned char *data;
	size_t len;
	size_t at;          /* where a failure is */
	const char *why;
};

static bool need(struct walk *w, size_t pos, uint64_t n)
{
	if (n > w->len - pos) {
		w->at = pos;
		w->why = "truncated MessagePack object";
		return false;
	}
	return true;
}

static uint64_t be(const unsigned char *p, int n)
{
	uint64_t v = 0;

	for (int i = 0; i < n; i++)
		v = v << 8 | p[i];
	return v;
}

/* The object at pos: its end in *end. msgpack-c allocates an array's or a
 * map's elements from the count before it reads them, so a count larger
 * than the bytes left (each element takes one at least) is refused here,
 * as is nesting past MD_MAX_DEPTH (msgpack-c's own stack is 32). */
static bool walk_object(struct walk *w, size_t pos, int depth, size_t *end)
{
	unsigned b;
	uint64_t n = 0, items = 0;
	int lenbytes = 0;

	if (!need(w, pos, 1))
		return false;
	b = w->data[pos++];
	if (b <= 0x7f || b >= 0xe0 || b == 0xc0 || b == 0xc2 || b == 0xc3) {
		*end = pos;
		return true;
	}
	if (b >= 0x80 && b <= 0x8f) {
		items = 2 * (uint64_t)(b & 0x0f);
	} else if (b >= 0x90 && b <= 0x9f) {
		items = b & 0x0f;
	} else if (b >= 0xa0 && b <= 0xbf) {
		n = b & 0x1f;
	} else {
		switch (b) {
		case 0xc4: case 0xd9: lenbytes = 1; break;
		case 0xc5: case 0xda: lenbytes = 2; break;
		case 0xc6: case 0xdb: lenbytes = 4; break;
		case 0xc7: lenbytes = 1; n = 1; break;   /* ext: a type byte after the length */
		case 0xc8: lenbytes = 2; n = 1; break;
		case 0xc9: lenbytes = 4; n = 1; break;
		case 0xca: n = 4; break;
		case 0xcb: n = 8; break;
		case 0xcc: case 0xd0: n = 1; break;
		case 0xcd: case 0xd1: n = 2; break;
		case 0xce: case 0xd2: n = 4; break;
		case 0xcf: case 0xd3: n = 8; break;
		case 0xd4: n = 2; break;
		case 0xd5: n = 3; break;
		case 0xd6: n = 5; break;
		case 0xd7: n = 9; break;
		case 0xd8: n = 17; break;
		case 0xdc: case 0xde:
		case 0xdd: case 0xdf: {
			int k = b == 0xdc || b == 0xde ? 2 : 4;

			if (!need(w, pos, (uint64_t)k))
				return false;
			items = be(w->data + pos, k) * (b >= 0xde ? 2 : 1);
			pos += (size_t)k;
			break;
		}
		default:
			w->at = pos - 1;
			w->why = "no MessagePack type (0xc1)";
			return false;
		}
	}
	if (lenbytes) {
		if (!need(w, pos, (uint64_t)lenbytes))
			return false;
		n += be(w->data + pos, lenbytes);
		pos += (size_t)lenbytes;
	}
	if (!need(w, pos, n))
		return false;
	pos += (size_t)n;
	if (items > 0) {
		if (depth >= MD_MAX_DEPTH) {
			w->at = pos;
			w->why = "MessagePack nested deeper than code object metadata is";
			return false;
		}
		if (items > w->len - pos) {
			w->at = pos;
			w->why = "MessagePack array or map counts more items than bytes follow";
			return false;
		}
		for (uint64_t i = 0; i < items; i++)
			if (!walk_object(w, pos, depth + 1, &pos))
				return false;
	}
	*end = pos;
	return true;
}

/* ---- reading the unpacked object ---------------------------------------- */

struct reader {
	char *why;
	size_t why_size;
	bool failed;
};

static void fail(struct reader *rd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void fail(struct reader *rd, const char *fmt, ...)
{
	va_list ap;

	if (rd->failed)
		return;
	rd->failed = true;
	va_start(ap, fmt);
	vsnprintf(rd->why, rd->why_size, fmt, ap);
	va_end(ap);
}

static bool key_is(const msgpack_object *k, const char *s)
{
	size_t n = strlen(s);

	return k->type == MSGPACK_OBJECT_STR && k->via.str.size == n &&
	       memcmp(k->via.str.ptr, s, n) == 0;
}

static void take_int(struct reader *rd, const msgpack_object *v, const char *key,
		     struct report_int *out)
{
	if (v->type == MSGPACK_OBJECT_POSITIVE_INTEGER && v->via.u64 <= INT64_MAX)
		*out = (struct report_int){ true, (int64_t)v->via.u64 };
	else if (v->type == MSGPACK_OBJECT_NEGATIVE_INTEGER)
		fail(rd, "%s is negative", key);
	else
		fail(rd, "%s is not an integer", key);
}

static void take_bool(struct reader *rd, const msgpack_object *v, const char *key,
		      struct report_int *out)
{
	if (v->type == MSGPACK_OBJECT_BOOLEAN)
		*out = (struct report_int){ true, v->via.boolean ? 1 : 0 };
	else
		fail(rd, "%s is not a boolean", key);
}

static void take_str(struct reader *rd, const msgpack_object *v, const char *key, char *out,
		     size_t size)
{
	if (v->type != MSGPACK_OBJECT_STR) {
		fail(rd, "%s is not a string", key);
		return;
	}
	if (v->via.str.size >= size || memchr(v->via.str.ptr, '\0', v->via.str.size)) {
		fail(rd, "%s is longer than %zu bytes or holds a NUL", key, size - 1);
		return;
	}
	memcpy(out, v->via.str.ptr, v->via.str.size);
	out[v->via.str.size] = '\0';
}

/* The integer members, by key: the table is the one list of what is read. */
static const struct {
	const char *key;
	size_t offset;
	bool boolean;
} kernel_ints[] = {
#define INT_MEMBER(key, member) { key, offsetof(struct amdgpu_md_kernel, member), false }
	INT_MEMBER(".vgpr_count", vgpr_count),
	INT_MEMBER(".agpr_count", agpr_count),
	INT_MEMBER(".sgpr_count", sgpr_count),
	INT_MEMBER(".vgpr_spill_count", vgpr_spill_count),
	INT_MEMBER(".sgpr_spill_count", sgpr_spill_count),
	INT_MEMBER(".group_segment_fixed_size", group_segment_fixed_size),
	INT_MEMBER(".private_segment_fixed_size", private_segment_fixed_size),
	INT_MEMBER(".wavefront_size", wavefront_size),
	INT_MEMBER(".max_flat_workgroup_size", max_flat_workgroup_size),
	{ ".uses_dynamic_stack", offsetof(struct amdgpu_md_kernel, uses_dynamic_stack), true },
#undef INT_MEMBER
};

/* A heap copy of the n bytes at p, NULs and all cut at the first NUL. */
static char *copy_text(const char *p, size_t n)
{
	const char *nul = memchr(p, '\0', n);
	char *s;

	if (nul)
		n = (size_t)(nul - p);
	if (n >= AMDGPU_MD_NAME)
		n = AMDGPU_MD_NAME - 1;
	s = malloc(n + 1);
	if (s) {
		memcpy(s, p, n);
		s[n] = '\0';
	}
	return s;
}

static bool int_of(const msgpack_object *v, int64_t *out)
{
	if (v->type == MSGPACK_OBJECT_POSITIVE_INTEGER && v->via.u64 <= INT64_MAX) {
		*out = (int64_t)v->via.u64;
		return true;
	}
	if (v->type == MSGPACK_OBJECT_NEGATIVE_INTEGER) {
		*out = v->via.i64;
		return true;
	}
	return false;
}

/* One key of a kernel's map and its value, as report_binary_key keeps them. */
static bool keep_key(const msgpack_object *key, const msgpack_object *v, bool used,
		     struct report_binary_key *out)
{
	memset(out, 0, sizeof(*out));
	out->used = used;
	out->key = key->type == MSGPACK_OBJECT_STR ? copy_text(key->via.str.ptr, key->via.str.size)
						   : copy_text("?", 1);
	if (!out->key)
		return false;
	switch (v->type) {
	case MSGPACK_OBJECT_POSITIVE_INTEGER:
	case MSGPACK_OBJECT_NEGATIVE_INTEGER:
		out->kind = int_of(v, &out->ints[0]) ? REPORT_MD_INT : REPORT_MD_OTHER;
		break;
	case MSGPACK_OBJECT_BOOLEAN:
		out->kind = REPORT_MD_BOOL;
		out->ints[0] = v->via.boolean ? 1 : 0;
		break;
	case MSGPACK_OBJECT_STR:
		out->kind = REPORT_MD_STRING;
		out->text = copy_text(v->via.str.ptr, v->via.str.size);
		return out->text != NULL;
	case MSGPACK_OBJECT_ARRAY:
		out->items = v->via.array.size;
		out->kind = REPORT_MD_INTS;
		for (uint32_t j = 0; j < v->via.array.size; j++) {
			int64_t x;

			if (!int_of(&v->via.array.ptr[j], &x)) {
				/* Not numbers (.args): its length only. */
				out->kind = REPORT_MD_ITEMS;
				out->n = 0;
				memset(out->ints, 0, sizeof(out->ints));
				break;
			}
			if (j < REPORT_ATTR_WORDS)
				out->ints[out->n++] = x;
		}
		break;
	case MSGPACK_OBJECT_MAP:
		out->kind = REPORT_MD_ITEMS;
		out->items = v->via.map.size;
		break;
	default:
		out->kind = REPORT_MD_OTHER;
		break;
	}
	return true;
}

static bool key_used(const msgpack_object *key)
{
	static const char *const read_apart[] = { ".name", ".symbol", ".reqd_workgroup_size" };

	for (size_t j = 0; j < sizeof(read_apart) / sizeof(read_apart[0]); j++)
		if (key_is(key, read_apart[j]))
			return true;
	for (size_t j = 0; j < sizeof(kernel_ints) / sizeof(kernel_ints[0]); j++)
		if (key_is(key, kernel_ints[j].key))
			return true;
	return false;
}

static void read_kernel(struct reader *rd, const msgpack_object *o, struct amdgpu_md_kernel *k)
{
	if (o->type != MSGPACK_OBJECT_MAP) {
		fail(rd, "an amdhsa.kernels entry is not a map");
		return;
	}
	if (o->via.map.size > 0) {
		k->keys = calloc(o->via.map.size, sizeof(*k->keys));
		if (!k->keys) {
			fail(rd, "out of memory");
			return;
		}
	}
	for (uint32_t i = 0; i < o->via.map.size && !rd->failed; i++) {
		const msgpack_object *key = &o->via.map.ptr[i].key, *v = &o->via.map.ptr[i].val;
		bool known = false;

		if (!keep_key(key, v, key_used(key), &k->keys[k->n_keys++])) {
			fail(rd, "out of memory");
			return;
		}
		if (key_is(key, ".name")) {
			take_str(rd, v, ".name", k->name, sizeof(k->name));
			continue;
		}
		if (key_is(key, ".symbol")) {
			take_str(rd, v, ".symbol", k->symbol, sizeof(k->symbol));
			continue;
		}
		if (key_is(key, ".reqd_workgroup_size")) {
			if (v->type != MSGPACK_OBJECT_ARRAY || v->via.array.size != 3) {
				fail(rd, ".reqd_workgroup_size is not 3 integers");
				continue;
			}
			for (int d = 0; d < 3; d++)
				take_int(rd, &v->via.array.ptr[d], ".reqd_workgroup_size",
					 &k->reqd_workgroup_size[d]);
			continue;
		}
		for (size_t j = 0; j < sizeof(kernel_ints) / sizeof(kernel_ints[0]) && !known; j++) {
			struct report_int *out;

			if (!key_is(key, kernel_ints[j].key))
				continue;
			known = true;
			out = (struct report_int *)((char *)k + kernel_ints[j].offset);
			if (kernel_ints[j].boolean)
				take_bool(rd, v, kernel_ints[j].key, out);
			else
				take_int(rd, v, kernel_ints[j].key, out);
		}
	}
	if (!rd->failed && !k->name[0])
		fail(rd, "an amdhsa.kernels entry has no .name");
}

static void read_root(struct reader *rd, const msgpack_object *o, struct amdgpu_md *md)
{
	if (o->type != MSGPACK_OBJECT_MAP) {
		fail(rd, "the metadata is not a map");
		return;
	}
	for (uint32_t i = 0; i < o->via.map.size && !rd->failed; i++) {
		const msgpack_object *key = &o->via.map.ptr[i].key, *v = &o->via.map.ptr[i].val;

		if (key_is(key, "amdhsa.target")) {
			take_str(rd, v, "amdhsa.target", md->target, sizeof(md->target));
		} else if (key_is(key, "amdhsa.version")) {
			if (v->type != MSGPACK_OBJECT_ARRAY || v->via.array.size != 2)
				fail(rd, "amdhsa.version is not 2 integers");
			else
				for (int j = 0; j < 2; j++)
					take_int(rd, &v->via.array.ptr[j], "amdhsa.version",
						 &md->version[j]);
		} else if (key_is(key, "amdhsa.kernels")) {
			if (v->type != MSGPACK_OBJECT_ARRAY) {
				fail(rd, "amdhsa.kernels is not an array");
				continue;
			}
			if (md->kernels) {
				fail(rd, "amdhsa.kernels twice");
				continue;
			}
			if (v->via.array.size == 0)
				continue;
			md->kernels = calloc(v->via.array.size, sizeof(*md->kernels));
			if (!md->kernels) {
				fail(rd, "out of memory");
				continue;
			}
			md->n_kernels = v->via.array.size;
			for (uint32_t j = 0; j < v->via.array.size && !rd->failed; j++)
				read_kernel(rd, &v->via.array.ptr[j], &md->kernels[j]);
		}
	}
}

bool amdgpu_md_read(const unsigned char *data, size_t len, struct amdgpu_md *md, size_t *at,
		    char *why, size_t why_size)
{
	struct walk w = { data, len, 0, NULL };
	struct reader rd = { why, why_size, false };
	msgpack_unpacked u;
	size_t end = 0, off = 0;

	memset(md, 0, sizeof(*md));
	*at = 0;
	if (!walk_object(&w, 0, 0, &end)) {
		*at = w.at;
		snprintf(why, why_size, "%s", w.why);
		return false;
	}
	msgpack_unpacked_init(&u);
	if (msgpack_unpack_next(&u, (const char *)data, end, &off) != MSGPACK_UNPACK_SUCCESS) {
		msgpack_unpacked_destroy(&u);
		snprintf(why, why_size, "msgpack-c could not unpack the metadata");
		return false;
	}
	read_root(&rd, &u.data, md);
	msgpack_unpacked_destroy(&u);
	if (rd.failed) {
		amdgpu_md_done(md);
		return false;
	}
	return true;
}

void amdgpu_md_done(struct amdgpu_md *md)
{
	for (size_t i = 0; i < md->n_kernels && md->kernels; i++)
		report_binary_keys_free(md->kernels[i].keys, md->kernels[i].n_keys);
	free(md->kernels);
	memset(md, 0, sizeof(*md));
}

bool amdgpu_md_processor(const char *target, char *out, size_t size)
{
	const char *p = strstr(target, "amdgcn-amd-amdhsa-");
	size_t n;

	if (!p || size == 0)
		return false;
	p += strlen("amdgcn-amd-amdhsa-");
	/* The environment (empty in "amdhsa--gfx90a") comes before the CPU. */
	p = strchr(p, '-');
	if (!p)
		return false;
	p++;
	n = strcspn(p, ":");
	if (n == 0 || n >= size || strncmp(p, "gfx", 3) != 0)
		return false;
	memcpy(out, p, n);
	out[n] = '\0';
	return true;
}
