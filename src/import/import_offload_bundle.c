/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* import_offload_bundle.c - clang's offload bundles: __CLANG_OFFLOAD_BUNDLE__
 * (a table of entries, each a target triple and its bytes) and CCOB (the
 * same, compressed), as clang-offload-bundler writes them
 * (clang/lib/Driver/OffloadBundler.cpp); every AMD GPU entry is read as a
 * code object, any other target is reported by name, never guessed. */
#include "config.h"

#include "import_amdgpu.h"

#include <stdlib.h>
#include <string.h>
#include <zstd.h>

#define BUNDLE_MAGIC "__CLANG_OFFLOAD_BUNDLE__"
#define BUNDLE_MAGIC_LEN 24
#define CCOB_MAGIC "CCOB"
/* OffloadBundler.cpp: CompressedOffloadBundle's methods (llvm::compression). */
#define CCOB_ZLIB 0
#define CCOB_ZSTD 1
/* The most a compressed bundle may claim to hold: a HIP program's device
 * code is megabytes, and the claim is what would be allocated. */
#define CCOB_MAX_BYTES ((uint64_t)1 << 30)
/* One level of nesting (a CCOB holds a plain bundle) and no more. */
#define MAX_DEPTH 2

static uint64_t le(const unsigned char *p, int n)
{
	uint64_t v = 0;

	for (int i = n - 1; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

static void sanitized(const unsigned char *s, size_t n, char *out, size_t size)
{
	size_t k = 0;

	for (size_t i = 0; i < n && k + 1 < size; i++)
		out[k++] = s[i] >= 0x20 && s[i] < 0x7f && s[i] != '"' ? (char)s[i] : '?';
	out[k] = '\0';
}

struct bundles {
	const char *name;
	const char *container;
	/* Inside a compressed bundle: where it starts in the file ("" and 0
	 * outside one). */
	const char *compression;
	uint64_t compressed_at;
	struct report *r;
	size_t rejected;
	struct occ_error first;
};

static void reject(struct bundles *b, const struct occ_error *e)
{
	if (b->rejected++ == 0)
		b->first = *e;
}

static bool read_at(struct bundles *b, unsigned char *data, size_t len, uint64_t base,
		    int depth, size_t *extent);

/* A plain bundle at data: every entry; *extent gets how far it reaches. */
static bool read_plain(struct bundles *b, unsigned char *data, size_t len, uint64_t base,
		       size_t *extent)
{
	struct occ_error e = { 0 };
	uint64_t n;
	size_t pos = BUNDLE_MAGIC_LEN + 8;
	struct import_amdgpu_where where = { 0, b->container, b->compression };

	*extent = len;
	if (len < pos) {
		occ_error_set(&e, OCC_EDATA, b->name, 0, NULL,
			      "offload bundle at offset %llu is truncated in its header",
			      (unsigned long long)base);
		reject(b, &e);
		return false;
	}
	n = le(data + BUNDLE_MAGIC_LEN, 8);
	/* Each entry's header takes 24 bytes at least. */
	if (n > (len - pos) / 24) {
		occ_error_set(&e, OCC_EDATA, b->name, 0, NULL,
			      "offload bundle at offset %llu: %llu entries do not fit in its %zu "
			      "bytes", (unsigned long long)base, (unsigned long long)n, len);
		reject(b, &e);
		return false;
	}
	*extent = pos;
	for (uint64_t i = 0; i < n; i++) {
		uint64_t off, size, tlen;
		const unsigned char *triple;
		char shown[256];

		if (len - pos < 24) {
			occ_error_set(&e, OCC_EDATA, b->name, 0, NULL,
				      "offload bundle entry %llu at offset %llu is truncated",
				      (unsigned long long)i, (unsigned long long)(base + pos));
			reject(b, &e);
			return false;
		}
		off = le(data + pos, 8);
		size = le(data + pos + 8, 8);
		tlen = le(data + pos + 16, 8);
		if (tlen > len - pos - 24) {
			occ_error_set(&e, OCC_EDATA, b->name, 0, NULL,
				      "offload bundle entry %llu at offset %llu: its %llu-byte target "
				      "runs past the end", (unsigned long long)i,
				      (unsigned long long)(base + pos), (unsigned long long)tlen);
			reject(b, &e);
			return false;
		}
		triple = data + pos + 24;
		pos += 24 + (size_t)tlen;
		if (pos > *extent)
			*extent = pos;
		sanitized(triple, (size_t)tlen, shown, sizeof(shown));
		if (off > len || size > len - off) {
			occ_error_set(&e, OCC_EDATA, b->name, 0, NULL,
				      "offload bundle entry \"%s\" at offset %llu: its %llu bytes at "
				      "offset %llu run past the bundle's end", shown,
				      (unsigned long long)(base + pos), (unsigned long long)size,
				      (unsigned long long)(base + off));
			reject(b, &e);
			continue;
		}
		if (off + size > *extent)
			*extent = (size_t)(off + size);
		if (tlen >= 5 && memcmp(triple, "host-", 5) == 0)
			continue;   /* the host's part: empty in a HIP bundle */
		if (!strstr(shown, "amdgcn-amd-amdhsa")) {
			occ_error_set(&e, OCC_EDATA, b->name, 0, NULL,
				      "offload bundle entry at offset %llu is for target \"%s\": "
				      "occview reads AMD GPU code objects (amdgcn-amd-amdhsa) only",
				      (unsigned long long)(base + off), shown);
			reject(b, &e);
			continue;
		}
		if (size == 0)
			continue;
		where.offset = b->compression[0] ? b->compressed_at : base + off;
		if (!import_amdgpu_co_read(b->name, data + off, (size_t)size, base + off, &where,
					   b->r, &e))
			reject(b, &e);
	}
	return true;
}

/* A compressed bundle (CCOB, versions 1 to 3) at data. */
static bool read_compressed(struct bundles *b, unsigned char *data, size_t len, uint64_t base,
			    int depth, size_t *extent)
{
	struct occ_error e = { 0 };
	unsigned version, method;
	uint64_t total = 0, raw;
	size_t header, payload, inner_extent;
	unsigned char *out;
	size_t got;
	bool ok;

	*extent = len;
	if (len < 8)
		goto truncated;
	version = (unsigned)le(data + 4, 2);
	method = (unsigned)le(data + 6, 2);
	switch (version) {
	case 1:
		header = 20;
		if (len < header)
			goto truncated;
		raw = le(data + 8, 4);
		break;
	case 2:
		header = 24;
		if (len < header)
			goto truncated;
		total = le(data + 8, 4);
		raw = le(data + 12, 4);
		break;
	case 3:
		header = 32;
		if (len < header)
			goto truncated;
		total = le(data + 8, 8);
		raw = le(data + 16, 8);
		break;
	default:
		occ_error_set(&e, OCC_EDATA, b->name, 0, NULL,
			      "compressed offload bundle at offset %llu has version %u "
			      "(occview reads 1 to 3)", (unsigned long long)base, version);
		reject(b, &e);
		return false;
	}
	if (method != CCOB_ZSTD) {
		occ_error_set(&e, OCC_EDATA, b->name, 0, NULL,
			      "compressed offload bundle at offset %llu uses %s (method %u): "
			      "occview reads zstd ones", (unsigned long long)base,
			      method == CCOB_ZLIB ? "zlib" : "an unknown method", method);
		reject(b, &e);
		return false;
	}
	if (total) {
		if (total < header || total > len)
			goto truncated;
		payload = (size_t)total - header;
	} else {
		payload = ZSTD_findFrameCompressedSize(data + header, len - header);
		if (ZSTD_isError(payload)) {
			occ_error_set(&e, OCC_EDATA, b->name, 0, NULL,
				      "compressed offload bundle at offset %llu: %s",
				      (unsigned long long)(base + header), ZSTD_getErrorName(payload));
			reject(b, &e);
			return false;
		}
	}
	*extent = header + payload;
	if (raw == 0 || raw > CCOB_MAX_BYTES) {
		occ_error_set(&e, OCC_EDATA, b->name, 0, NULL,
			      "compressed offload bundle at offset %llu claims %llu bytes "
			      "uncompressed (occview reads up to %llu)", (unsigned long long)base,
			      (unsigned long long)raw, (unsigned long long)CCOB_MAX_BYTES);
		reject(b, &e);
		return false;
	}
	out = malloc((size_t)raw);
	if (!out) {
		occ_error_set(&e, OCC_ESOFTWARE, b->name, 0, NULL, "out of memory");
		reject(b, &e);
		return false;
	}
	got = ZSTD_decompress(out, (size_t)raw, data + header, payload);
	if (ZSTD_isError(got) || got != raw) {
		occ_error_set(&e, OCC_EDATA, b->name, 0, NULL,
			      "compressed offload bundle at offset %llu: its zstd payload %s",
			      (unsigned long long)(base + header),
			      ZSTD_isError(got) ? ZSTD_getErrorName(got) : "is shorter than it claims");
		reject(b, &e);
		free(out);
		return false;
	}
	/* Offsets inside name the compressed bundle's start: the bytes are no
	 * longer in the file. */
	b->compression = "zstd";
	b->compressed_at = base;
	ok = read_at(b, out, got, base, depth + 1, &inner_extent);
	b->compression = "";
	b->compressed_at = 0;
	free(out);
	return ok;
truncated:
	occ_error_set(&e, OCC_EDATA, b->name, 0, NULL,
		      "compressed offload bundle at offset %llu is truncated",
		      (unsigned long long)base);
	reject(b, &e);
	return false;
}

static bool read_at(struct bundles *b, unsigned char *data, size_t len, uint64_t base,
		    int depth, size_t *extent)
{
	struct occ_error e = { 0 };

	if (depth >= MAX_DEPTH) {
		occ_error_set(&e, OCC_EDATA, b->name, 0, NULL,
			      "offload bundle at offset %llu is nested in a bundle",
			      (unsigned long long)base);
		reject(b, &e);
		*extent = len;
		return false;
	}
	if (len >= BUNDLE_MAGIC_LEN && memcmp(data, BUNDLE_MAGIC, BUNDLE_MAGIC_LEN) == 0)
		return read_plain(b, data, len, base, extent);
	if (len >= 4 && memcmp(data, CCOB_MAGIC, 4) == 0)
		return read_compressed(b, data, len, base, depth, extent);
	*extent = len;
	return false;
}

/* Where the next bundle starts at or after pos; len when none. */
static size_t next_bundle(const unsigned char *data, size_t len, size_t pos)
{
	for (; pos + 4 <= len; pos++) {
		if (data[pos] == '_' && len - pos >= BUNDLE_MAGIC_LEN &&
		    memcmp(data + pos, BUNDLE_MAGIC, BUNDLE_MAGIC_LEN) == 0)
			return pos;
		if (data[pos] == 'C' && memcmp(data + pos, CCOB_MAGIC, 4) == 0)
			return pos;
	}
	return len;
}

bool import_offload_bundles_read(const char *name, unsigned char *data, size_t len,
				 uint64_t base, const char *container, struct report *r,
				 size_t *rejected, struct occ_error *err)
{
	struct bundles b = { .name = name, .container = container, .compression = "", .r = r };
	size_t pos = next_bundle(data, len, 0), found = 0;

	while (pos < len) {
		size_t extent = 0;

		found++;
		read_at(&b, data + pos, len - pos, base + pos, 0, &extent);
		pos = next_bundle(data, len, pos + (extent > 0 ? extent : 1));
	}
	*rejected = b.rejected;
	if (b.rejected)
		*err = b.first;
	if (found == 0) {
		occ_error_set(err, OCC_EDATA, name, 0, NULL,
			      "no offload bundle (__CLANG_OFFLOAD_BUNDLE__ or CCOB) at offset %llu",
			      (unsigned long long)base);
		return false;
	}
	return true;
}
