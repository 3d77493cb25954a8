/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* import_binary.h - compiled binaries as reports: a cubin, a fatbin or a host
 * ELF file (executable, shared library, object) that embeds fatbins is a
 * report whose records are its kernels, one per kernel and architecture.
 *
 * Contract: report_binary_stream() reads path (mmapped, never loaded whole)
 * and hands every kernel record to the sink as soon as its cubin is read,
 * or keeps them all in r without a sink, as report_stream does for a
 * profiler's table. A record has the kernel's demangled name, its compute
 * capability, registers, static shared memory, barriers, cluster
 * dimensions, its block (the required block size, else the bounded one,
 * else absent) and a report_binary with where it was read and every
 * attribute the compiler wrote. A container or cubin that does not read
 * (truncated, a corrupt compressed payload) is an error naming the file
 * and the byte offset; the kernels read before it stay handed over. A PTX
 * entry is counted, not read: it is compiled only when a program runs. */
#ifndef OCC_IMPORT_BINARY_H
#define OCC_IMPORT_BINARY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "gpu.h"
#include "report.h"

/* Whether the head of a file (its first len bytes) is one of these: an ELF
 * file or a fatbin. */
bool import_binary_probe(const unsigned char *head, size_t len);

/* What a read found, for the messages, tests and bench/. */
struct import_binary_counts {
	size_t containers;        /* fatbin containers */
	size_t entries;           /* fatbin entries of every kind */
	size_t ptx_entries;       /* of which PTX (not read) */
	size_t cubins;            /* cubins read (fatbin entries and bare ones) */
	size_t compressed;        /* of which were stored compressed */
	size_t kernels;           /* records made */
	size_t skipped;           /* cubins of other architectures passed over */
	uint64_t payload_bytes;   /* cubin bytes after decompression */
};

bool report_binary_stream(const char *path, const struct report_sink *sink, struct report *r,
			  struct import_binary_counts *counts, struct occ_error *err);
/* The same, reading only the cubins for SM version sm (90 for sm_90; 0:
 * all): the others are passed over undecompressed, counted in
 * counts->skipped. */
bool report_binary_stream_sm(const char *path, int sm, const struct report_sink *sink,
			     struct report *r, struct import_binary_counts *counts,
			     struct occ_error *err);

/* The SM versions of the cubins in path, from the fatbin entries' headers
 * (nothing decompressed; a bare cubin's from its ELF header), each once,
 * ascending, at most max; *n gets how many. False with err when the file
 * does not read. */
bool import_binary_sms(const char *path, int *sms, size_t max, size_t *n,
		       struct occ_error *err);
/* Of sms (n of them), the one a GPU of compute capability major.minor
 * runs: the highest of its major with a minor up to the GPU's (CUDA's
 * binary compatibility). None there: the highest older one, *jit set (the
 * driver would compile the PTX for the GPU instead, if the file has it).
 * 0 when every one is newer. */
int import_binary_choose_sm(const int *sms, size_t n, int major, int minor, bool *jit);
/* Whether a GPU runs the binaries read here (CUDA's cubins): NVIDIA's. */
bool import_binary_runs_on(const struct gpu_arch *arch);
/* Whether rec is a kernel a compiler wrote (rec->binary: a cubin's, a code
 * object's, a compiler log's) for a GPU of arch's vendor. */
bool import_binary_record_runs_on(const struct report_record *rec, const struct gpu_arch *arch);

/* The floor of a read, for bench/: the same walk through the file, every
 * cubin decompressed (or copied) and none read; counts as for a read. */
bool import_binary_decompress(const char *path, struct import_binary_counts *counts,
			      struct occ_error *err);

/* ---- between the readers (import_elfhost.c, import_fatbin.c,
 * import_cubin.c) ---------------------------------------------------------- */

/* One read: where records go, and what was found. */
struct import_binary_read {
	const char *path;
	struct report *r;
	const struct report_sink *sink;   /* NULL: r keeps every record */
	struct import_binary_counts counts;
	bool stopped;                     /* the sink stopped the reading */
	bool mapped;                      /* the data is a read-only file mapping whose
					     pages may be given back once read */
	bool decompress_only;             /* bench/: decompress the cubins, read none */
	int only_sm;                      /* read the cubins of this SM version only; 0: all */
	int *sms;                         /* not NULL: only list the SM versions, read nothing */
	size_t n_sms, max_sms;
};

/* Where a cubin lies: its offset in the file, the container it came in and
 * how it was stored. */
struct import_cubin_where {
	uint64_t offset;
	const char *container;
	const char *compression;   /* "" when stored as is */
	int entry_sm;              /* the fatbin entry's SM version; 0: none */
};

/* Reads the kernels of one cubin (len bytes at image; libelf reads it in
 * place, so image must be writable memory it may keep using until the call
 * returns) into rd. False with err (file, offset) when it is no CUDA ELF
 * or is cut short. */
bool import_cubin_read(struct import_binary_read *rd, unsigned char *image, size_t len,
		       const struct import_cubin_where *where, struct occ_error *err);

/* The SM version a cubin's ELF header gives; 0 when it does not read. */
int import_cubin_sm(unsigned char *image, size_t len);

/* Reads every fatbin container in the len bytes at data (a .nv_fatbin
 * section holds them back to back), which start at byte offset in the
 * file. container names where they are ("fatbin", "ELF .nv_fatbin"). */
bool import_fatbin_read(struct import_binary_read *rd, const unsigned char *data, size_t len,
			uint64_t offset, const char *container, struct occ_error *err);

/* Notes sm in rd->sms (a listing), once, ascending. */
void import_binary_note_sm(struct import_binary_read *rd, int sm);

/* Hands the records r holds to the sink (none without one); false when it
 * stopped the reading. */
bool import_binary_settle(struct import_binary_read *rd);

/* "void templ<double>(double*)" for "_Z5templIdEvPT_", into a new heap
 * string; NULL when name is not a mangled C++ name (or memory runs out). */
char *import_demangle(const char *name);
/* import_demangle's name, else a heap copy of name; NULL when out of memory. */
char *import_demangle_or_copy(const char *name);
/* "bounded<256, 2>" for "_Z7boundedILi256ELi2EEvPfPKf": the name without
 * its return type and parameters, templates kept (a library's kernels
 * differ by them); NULL as import_demangle. */
char *import_demangle_short(const char *name);
/* That (or name itself, when not mangled) interned in r as a record's
 * short_name; NULL when out of memory. */
const char *import_intern_short_name(struct report *r, const char *name);

#endif
