/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* import_fatbin.c - NVIDIA fatbins: containers of entries, one per
 * architecture, each a cubin or PTX, stored as is or compressed (LZ4 before
 * CUDA 13, ZSTD from CUDA 12.8 on); every cubin goes to import_cubin.c.
 *
 * Layout, as public readers describe it (n-eiling/cuda-fatbin-decompression
 * fatbin-decompress.h, GrigoryEvko/nvopen-tools fatbin/FORMAT_SPECIFICATION.md)
 * and as CUDA 13.0's nvcc writes it (tools/gen_cubins.sh), little-endian:
 *  - a container: magic 0xBA55ED50 (u32; 0x466243B1 in relocatable code),
 *    version (u16, 1), its header's size (u16, 16), the size of what
 *    follows (u64); entries follow back to back up to that size;
 *  - an entry: kind (u16 at 0: 1 PTX, 2 ELF, 0x10 ELF too), its header's
 *    size (u32 at 4: 64, or 80 and 112 for newer targets), the payload's
 *    size in the file (u64 at 8, padded to 8), the compressed size (u32 at
 *    16), the SM version (u32 at 28), flags (u64 at 40: 0x2000 LZ4, 0x8000
 *    ZSTD), the size once decompressed (u64 at 56); the payload follows
 *    the header. LZ4 payloads are one LZ4 block (what cuda-fatbin-
 *    decompression's decompress() reads), ZSTD ones one ZSTD frame. */
/* madvise(MADV_DONTNEED): glibc's posix_madvise ignores POSIX_MADV_DONTNEED. */
#define _DEFAULT_SOURCE
#include "config.h"

#include "import_binary.h"

#include <lz4.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <zstd.h>

#define FATBIN_MAGIC 0xBA55ED50u
#define FATBIN_MAGIC_REL 0x466243B1u
#define FATBIN_HEADER 16
#define ENTRY_HEADER 64
#define ENTRY_PTX 1
#define ENTRY_ELF 2
#define ENTRY_ELF_ALT 0x10
#define FLAG_LZ4 0x2000u
#define FLAG_ZSTD 0x8000u
/* No cubin comes near this; a header that says more is corrupt, and is
 * refused before it costs the memory. */
#define CUBIN_MAX ((uint64_t)1 << 31)

static uint16_t u16(const unsigned char *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static uint32_t u32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t u64(const unsigned char *p)
{
	return (uint64_t)u32(p) | (uint64_t)u32(p + 4) << 32;
}

static bool bad(struct import_binary_read *rd, struct occ_error *err, uint64_t at, const char *what)
{
	occ_error_set(err, OCC_EDATA, rd->path, 0, NULL, "%s at byte offset %llu", what,
		      (unsigned long long)at);
	return false;
}

/* The cubin of one ELF entry, decompressed (or copied: libelf needs
 * memory it may write) into a new buffer. */
static unsigned char *entry_image(struct import_binary_read *rd, const unsigned char *e,
				  uint64_t at, uint64_t payload, size_t *len, const char **how,
				  struct occ_error *err)
{
	uint64_t flags = u64(e + 40), csize = u32(e + 16), dsize = u64(e + 56);
	const unsigned char *src = e + u32(e + 4);
	unsigned char *out;

	*how = "";
	if (!(flags & (FLAG_LZ4 | FLAG_ZSTD))) {
		if (payload > CUBIN_MAX) {
			bad(rd, err, at, "a fatbin entry larger than any cubin");
			return NULL;
		}
		out = malloc(payload ? payload : 1);
		if (!out) {
			occ_error_set(err, OCC_ESOFTWARE, rd->path, 0, NULL, "out of memory");
			return NULL;
		}
		memcpy(out, src, payload);
		*len = payload;
		return out;
	}
	*how = flags & FLAG_ZSTD ? "zstd" : "lz4";
	if (csize > payload || dsize == 0 || dsize > CUBIN_MAX || csize > INT32_MAX) {
		bad(rd, err, at, "a compressed fatbin entry whose sizes do not fit");
		return NULL;
	}
	out = malloc(dsize);
	if (!out) {
		occ_error_set(err, OCC_ESOFTWARE, rd->path, 0, NULL, "out of memory");
		return NULL;
	}
	if (flags & FLAG_ZSTD) {
		size_t got = ZSTD_decompress(out, dsize, src, csize);

		if (ZSTD_isError(got) || got != dsize) {
			free(out);
			occ_error_set(err, OCC_EDATA, rd->path, 0, NULL,
				      "a ZSTD-compressed fatbin entry does not decompress (%s) at "
				      "byte offset %llu", ZSTD_isError(got) ? ZSTD_getErrorName(got) :
				      "short", (unsigned long long)at);
			return NULL;
		}
	} else {
		int got = dsize > INT32_MAX ? -1 :
			  LZ4_decompress_safe((const char *)src, (char *)out, (int)csize, (int)dsize);

		if (got < 0 || (uint64_t)got != dsize) {
			free(out);
			bad(rd, err, at, "an LZ4-compressed fatbin entry that does not decompress");
			return NULL;
		}
	}
	*len = dsize;
	return out;
}

static bool read_entry(struct import_binary_read *rd, const unsigned char *e, uint64_t at,
		       uint64_t payload, const char *container, struct occ_error *err)
{
	uint16_t kind = u16(e);
	struct import_cubin_where where = { .offset = at, .container = container };
	unsigned char *image;
	size_t len;
	bool ok;

	rd->counts.entries++;
	if (kind == ENTRY_PTX) {
		rd->counts.ptx_entries++;
		return true;
	}
	if (kind != ENTRY_ELF && kind != ENTRY_ELF_ALT)
		return true;   /* counted, nothing occview reads */
	where.entry_sm = (int)u32(e + 28);
	if (rd->sms) {
		import_binary_note_sm(rd, where.entry_sm);
		return true;
	}
	if (rd->only_sm && where.entry_sm != rd->only_sm) {
		rd->counts.skipped++;
		return true;
	}
	image = entry_image(rd, e, at, payload, &len, &where.compression, err);
	if (!image)
		return false;
	if (rd->decompress_only) {
		rd->counts.cubins++;
		rd->counts.compressed += where.compression[0] != '\0';
		rd->counts.payload_bytes += len;
		free(image);
		return true;
	}
	ok = import_cubin_read(rd, image, len, &where, err);
	free(image);
	return ok && import_binary_settle(rd);
}

/* Gives back the pages of a read-only mapping that lie wholly in
 * [p, p + n): read once, never again, so memory stays bounded whatever
 * the library's size. */
static void forget(const struct import_binary_read *rd, const unsigned char *p, uint64_t n)
{
	long page = sysconf(_SC_PAGESIZE);
	uintptr_t b, e;

	if (!rd->mapped || page <= 0)
		return;
	b = ((uintptr_t)p + (uintptr_t)page - 1) & ~((uintptr_t)page - 1);
	e = ((uintptr_t)p + (uintptr_t)n) & ~((uintptr_t)page - 1);
	if (e > b)
		madvise((void *)b, e - b, MADV_DONTNEED);
}

bool import_fatbin_read(struct import_binary_read *rd, const unsigned char *data, size_t len,
			uint64_t offset, const char *container, struct occ_error *err)
{
	size_t pos = 0;

	while (pos < len && !rd->stopped) {
		uint32_t magic;
		uint64_t hsize, size, end;
		size_t e;

		/* Containers in a section are aligned: zeros between them. */
		if (data[pos] == 0) {
			pos++;
			continue;
		}
		if (len - pos < FATBIN_HEADER)
			return bad(rd, err, offset + pos, "a fatbin header cut short");
		magic = u32(data + pos);
		if (magic != FATBIN_MAGIC && magic != FATBIN_MAGIC_REL)
			return bad(rd, err, offset + pos, "no fatbin header (magic 0xBA55ED50)");
		hsize = u16(data + pos + 6);
		size = u64(data + pos + 8);
		if (hsize < FATBIN_HEADER || hsize > len - pos || size > len - pos - hsize)
			return bad(rd, err, offset + pos,
				   "a fatbin container that runs past the end of its data");
		rd->counts.containers++;
		end = pos + hsize + size;
		for (e = pos + hsize; e < end && !rd->stopped;) {
			uint64_t ehs, payload;

			if (end - e < ENTRY_HEADER)
				return bad(rd, err, offset + e, "a fatbin entry header cut short");
			ehs = u32(data + e + 4);
			payload = u64(data + e + 8);
			if (ehs < ENTRY_HEADER || ehs > end - e || payload > end - e - ehs)
				return bad(rd, err, offset + e,
					   "a fatbin entry that runs past the end of its container");
			if (!read_entry(rd, data + e, offset + e, payload, container, err))
				return false;
			e += ehs + payload;
		}
		forget(rd, data + pos, end - pos);
		pos = end;
	}
	return true;
}
