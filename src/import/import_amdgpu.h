/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* import_amdgpu.h - AMD GPU binaries as reports whose records are kernels:
 * code objects (ELF, EM_AMDGPU, code object v3 to v6), offload bundles
 * (__CLANG_OFFLOAD_BUNDLE__, and CCOB, compressed with zstd) and host ELF
 * files (executables, shared libraries, objects) that carry bundles in their
 * .hip_fatbin section.
 *
 * Contract: as report_load's. Every AMD code object in the file gives one
 * record per kernel of its metadata (NT_AMDGPU_METADATA), in file order;
 * a record's line is 0 (a binary has none). An entry that cannot be read (a
 * bundle entry for another target, a truncated or malformed code object, a
 * corrupt compressed payload) is counted in r->rejected_rows with err
 * naming the file, the byte offset and why, and the other entries are still
 * read. False (r empty) when no kernel could be read. */
#ifndef OCC_IMPORT_AMDGPU_H
#define OCC_IMPORT_AMDGPU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "error.h"
#include "gpu.h"
#include "report.h"

/* True when the head of a file is one this reader takes: an ELF file (of
 * any machine: a host ELF may carry bundles), an offload bundle or a
 * compressed one. */
bool import_amdgpu_probe(const char *head, size_t len);

/* Whether this reader, not the NVIDIA one (import_binary.h), takes the
 * file whose head is given: an offload bundle (plain or CCOB), an AMD code
 * object (EM_AMDGPU), or, where f is a regular file, a host ELF file with a
 * .hip_fatbin section (its section headers are read, nothing else). */
bool import_amdgpu_claims(FILE *f, const char *head, size_t len);

/* Reads the file open as f, whose first head_len bytes are already in head
 * (a regular file is mapped, a pipe read whole). */
bool import_amdgpu_load(const char *name, FILE *f, const char *head, size_t head_len,
			struct report *r, struct occ_error *err);

/* The same on bytes in memory, which the readers may write to (libelf's
 * elf_memory takes a writable image): a mapping with MAP_PRIVATE, or heap. */
bool import_amdgpu_read(const char *name, unsigned char *data, size_t len, struct report *r,
			struct occ_error *err);

/* Of the gfx targets an AMD binary holds code objects for, the one a GPU
 * runs: its own target, else (a code object runs only on its own target,
 * or a generic one of its family, which is not chosen here) the nearest
 * older one. */
struct import_amdgpu_pick {
	char target[REPORT_GFX_TARGET];   /* the one chosen */
	bool exact;                       /* the GPU's own */
	char others[256];                 /* the other targets, ", " between */
	size_t dropped;                   /* records of the others removed */
};

/* When r (read by this reader) holds kernels of several gfx targets and
 * arch is an AMD GPU's: keeps only the records of the target it runs, else
 * of the nearest older one, and says which in pick. False, r as it was,
 * when r holds one target, arch is no AMD GPU's, or every target is newer
 * than arch's (pick->others then lists them all). */
bool import_amdgpu_pick_target(struct report *r, const struct gpu_arch *arch,
			       struct import_amdgpu_pick *pick);

/* Whether a kernel an AMD compiler wrote (rec->binary, its wave size
 * known) runs on gpu at its wave size: false with err (file, the record's
 * line, field "wave_size", status OCC_EDATA) saying it cannot run there and
 * why (wave32 code on a wave64-only GPU, and the code object's target where
 * it is not the GPU's); true for any other record or GPU. */
bool import_amdgpu_record_runs(const struct report_record *rec, const struct gpu *gpu,
			       const char *file, struct occ_error *err);

/* Where a code object was found, for its records' report_binary: its
 * offset in the file (for one inside a compressed bundle, the compressed
 * bundle's: its bytes are not in the file), what held it ("code object",
 * "offload bundle", "ELF .hip_fatbin") and how it was stored ("" or
 * "zstd"). */
struct import_amdgpu_where {
	uint64_t offset;
	const char *container;
	const char *compression;
};

/* The parts, for each other: one code object at file offset base (where:
 * as above; NULL, a bare code object at base), and the bundles (plain or
 * compressed) packed from data on, found in container. Each returns false
 * with err set when the entry could not be read; records it read stay. */
bool import_amdgpu_co_read(const char *name, unsigned char *data, size_t len, uint64_t base,
			   const struct import_amdgpu_where *where, struct report *r,
			   struct occ_error *err);
/* Reads every bundle from data on; *rejected counts the entries that could
 * not be read (the first one's error in err). False when data holds no
 * bundle at all. */
bool import_offload_bundles_read(const char *name, unsigned char *data, size_t len,
				 uint64_t base, const char *container, struct report *r,
				 size_t *rejected, struct occ_error *err);

#endif
