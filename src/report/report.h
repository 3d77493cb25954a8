/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* report.h - a report: the kernel records one profiler file holds, in the
 * order it wrote them. Every field knows whether the file had it: missing is
 * not zero, and the UI prints "n/a". Importers (import.h) fill it. */
#ifndef OCC_REPORT_H
#define OCC_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "error.h"

struct report_int {
	bool present;
	int64_t value;
};

struct report_num {
	bool present;
	double value;
};

enum report_vendor { REPORT_VENDOR_UNKNOWN, REPORT_VENDOR_NVIDIA, REPORT_VENDOR_AMD };

/* The profiler whose own figures (theoretical occupancy, block limits) a
 * record holds: report_profiler_name says it in messages. */
enum report_profiler { REPORT_BY_NSIGHT_COMPUTE, REPORT_BY_CUDA_PROFILER, REPORT_BY_CODEXL };

/* CodeXL's and the Radeon Compute Profiler's wavefronts per CU, each
 * limited by one factor (its .occupancy columns "Nbr VGPR-limited waves",
 * ...): whole work-groups' waves, capped by the work-group limit. */
enum report_amd_limit {
	REPORT_AMD_VGPR, REPORT_AMD_SGPR, REPORT_AMD_LDS, REPORT_AMD_WORKGROUP, REPORT_AMD_N_LIMITS
};

/* Which Nsight Compute output a record came from: its figures follow that
 * version's rules (crosscheck.c, occview-formats(5)). */
enum report_ncu_layout {
	REPORT_NCU_NONE,          /* not Nsight Compute */
	REPORT_NCU_KERNEL_TIME,   /* details page with a "Kernel Time" column: 2019.x to 2021.x */
	REPORT_NCU_DETAILS,       /* details page with Block/Grid Size columns: 2022 and later */
	REPORT_NCU_RAW,           /* the raw page (--page raw) */
};

/* How the schedulers issued, measured: per scheduler (SM sub-partition),
 * averaged over the cycles it was active, as Nsight Compute's Scheduler
 * Statistics section and nvprof's metrics give them (occview-formats(5)). */
struct report_sched {
	struct report_num active_warps;      /* smsp__warps_active.avg.per_cycle_active */
	struct report_num eligible_warps;    /* smsp__warps_eligible...; nvprof eligible_warps_per_cycle */
	struct report_num issued_warps;      /* smsp__issue_active.avg.per_cycle_active */
	struct report_num issue_active_pct;  /* "One or More Eligible"; nvprof issue_slot_utilization */
	struct report_num max_warps;         /* smsp__warps_active.avg.peak_sustained */
	struct report_num sm_throughput_pct;      /* Speed Of Light "Compute (SM) Throughput" */
	struct report_num memory_throughput_pct;  /* Speed Of Light "Memory Throughput" */
};

/* One result of the profiler's own rules (Nsight Compute's rule rows): its
 * words, as the profiler wrote them (heap; sanitize to show). */
struct report_rule {
	char *section, *name, *type, *text;
	char speedup_type[8];                /* "local", "global" or "" */
	struct report_num speedup_pct;       /* Estimated Speedup */
};

/* One attribute a compiler wrote for a kernel (a cubin's .nv.info
 * EIATTR_* entries): its number and format as stored, its size in bytes,
 * and its value as 32-bit words (the first REPORT_ATTR_WORDS of them; an
 * instruction offset list can be long). Kept whether occview understands it
 * or not: report_binary_attr_name says which it knows by name. */
#define REPORT_ATTR_WORDS 8
struct report_binary_attr {
	uint8_t number, format;
	uint16_t size;
	uint8_t n_words;
	uint32_t words[REPORT_ATTR_WORDS];
};

/* One key of an AMD kernel's code object metadata (its map in
 * amdhsa.kernels): the key as written, whether occview reads it, and its
 * value where it is a number, a boolean, a string or an array of numbers;
 * an array or map of anything else (.args) is kept as its length. */
enum report_md_kind {
	REPORT_MD_INT, REPORT_MD_BOOL, REPORT_MD_STRING, REPORT_MD_INTS,
	REPORT_MD_ITEMS,   /* an array or map: items is its length */
	REPORT_MD_OTHER,   /* a float, binary or nil: only the key is kept */
};
struct report_binary_key {
	char *key;                           /* heap: ".vgpr_count" */
	char *text;                          /* heap: REPORT_MD_STRING's value */
	uint8_t kind;                        /* enum report_md_kind */
	bool used;                           /* occview reads it */
	uint8_t n;                           /* REPORT_MD_INTS: how many kept in ints */
	uint32_t items;                      /* REPORT_MD_INTS, REPORT_MD_ITEMS: the length */
	int64_t ints[REPORT_ATTR_WORDS];     /* INT and BOOL (0, 1): ints[0] */
};

/* What a compiled binary (or a compiler's log) says of one kernel, beside
 * the launch fields of its record (registers, static shared memory,
 * barriers, cluster, block): where it was read, and the figures that are
 * no launch field. Heap, owned by the record; NULL for a profiler's. */
struct report_binary {
	char container[24];           /* "cubin", "fatbin", "ELF .nv_fatbin", "ptxas log";
					 AMD: "code object", "offload bundle",
					 "ELF .hip_fatbin" */
	char arch[16];                /* "sm_90", "sm_90a", "sm_120"; AMD: "gfx90a" */
	char *target;                 /* heap: AMD's amdhsa.target; NULL for NVIDIA */
	int sm;                       /* 90: the compute capability x 10 */
	uint64_t offset;              /* of the cubin in the file (its fatbin entry's) */
	char compression[8];          /* "", "lz4", "zstd": how the entry was stored */
	bool from_log;                /* read from a compiler's log: offset means nothing */
	char *mangled_name;           /* heap; NULL when the name is not mangled */
	struct report_int max_threads[3];   /* __launch_bounds__ / .maxntid */
	struct report_int req_threads[3];   /* .reqntid: the block size it must run with */
	struct report_int min_blocks;       /* __launch_bounds__'s second argument */
	struct report_int max_registers;    /* the register limit it was compiled to */
	struct report_int frame_bytes;      /* stack frame per thread */
	struct report_int spill_store_bytes, spill_load_bytes;
	struct report_int min_stack_bytes, max_stack_bytes;
	size_t n_attrs;
	struct report_binary_attr *attrs;   /* heap: NVIDIA's */
	size_t n_keys;
	struct report_binary_key *keys;     /* heap: AMD's */
};

/* "EIATTR_REGCOUNT" for 0x2f; NULL for a number occview has no name for. */
const char *report_binary_attr_name(unsigned number);
void report_binary_free(struct report_binary *b);
/* Frees the n keys' strings and the array. */
void report_binary_keys_free(struct report_binary_key *keys, size_t n);

/* The most bytes short_name, process and device hold (and gfx_target,
 * REPORT_GFX_TARGET): longer text is cut there, as when they were arrays. */
#define REPORT_SHORT_NAME 128
#define REPORT_TEXT 128
#define REPORT_GFX_TARGET 16

/* The text fields short_name, process, device and gfx_target are shared,
 * read-only strings: the importers intern them in the report's pool
 * (report_intern), since thousands of records name a few processes, devices
 * and kernels; "" when absent, never NULL in a record from report_add or
 * report_record_init. Code that builds a record itself points them at its
 * own strings (string literals in tests). */
struct report_record {
	long line;                    /* where the record starts in the file */
	struct report_int id;         /* the profiler's own id (dispatch, kernel id) */
	/* The profiler run of the file the record belongs to, from 1, where
	 * the format tells runs apart (nvprof's tables: runs appended with >>
	 * each start with their own header); 0 where it does not. */
	uint32_t run;
	char *name;                   /* full kernel name as read (heap): sanitize to show */
	const char *short_name;       /* readable: no arguments, templates, " (.kd)" */
	const char *process;
	const char *device;           /* the device name the report gives, as read */
	enum report_vendor vendor;
	struct report_int cc_major, cc_minor;   /* NVIDIA compute capability */
	const char *gfx_target;       /* AMD "gfx942", when the report says */
	struct report_int sm_count;   /* SMs or CUs, when the report says */

	/* The launch. Grids in blocks (workgroups); AMD reports give work-items,
	 * which importers divide by the workgroup size (rounding up). Where the
	 * report has X/Y/Z columns (rocprofv3 kernel trace) that is done per
	 * dimension and is exact. Where it has only totals (rocprof v1 grd/wgr,
	 * Grid_Size/Workgroup_Size) grid is (ceil(total / workgroup), 1, 1) and
	 * block (workgroup, 1, 1): exact when every dimension is a multiple of
	 * the workgroup's, otherwise it can only undercount the partial
	 * workgroups at the edges (ceil of a product <= product of ceils). */
	struct report_int grid[3];
	struct report_int block[3];
	struct report_int registers;  /* NVIDIA registers per thread */
	struct report_int static_smem_bytes, dynamic_smem_bytes, driver_smem_bytes;
	struct report_int smem_config_bytes;  /* the configuration the driver chose */
	struct report_int barriers;
	struct report_int cluster[3];
	struct report_int wave_size;  /* AMD */
	struct report_int arch_vgprs, accum_vgprs, sgprs;  /* AMD, per work-item / per wave */
	struct report_int lds_bytes;  /* AMD LDS per workgroup */
	struct report_int scratch_bytes;  /* per work-item */
	/* What a compiler wrote (a compiled binary, a compiler log): registers
	 * spilled (AMD: VGPRs and SGPRs, from the code object's metadata), the
	 * largest block the kernel allows (its launch bound), whether the block
	 * size above is one the kernel requires (else it is that bound), and
	 * whether its stack size is dynamic (AMD .uses_dynamic_stack). */
	struct report_int vgpr_spills, sgpr_spills;
	struct report_int max_block_size;
	bool block_required;
	struct report_int dynamic_stack;
	/* What a compiler wrote for it, when the report is a binary or a
	 * compiler's log (heap; NULL otherwise). */
	struct report_binary *binary;

	/* What was measured. */
	struct report_num duration_ns;
	struct report_num achieved_occupancy_pct;  /* 0..100, whatever the report's unit */
	struct report_num achieved_active_warps;
	/* A per-kernel summary (nvprof --metrics, --events): the launches its
	 * values sum or average, and achieved occupancy's range over them. */
	struct report_int invocations;
	struct report_num achieved_min_pct, achieved_max_pct;
	/* The file achieved occupancy was joined from (session_join.c), owned
	 * by the session's input; NULL: the record's own report measured it. */
	const char *achieved_from;
	size_t n_sm;                  /* per-SM achieved occupancy, 0 when absent */
	double *sm_achieved_pct;      /* heap */
	/* Per-SM event values (nvprof --aggregate-mode off), aligned; the GPU's
	 * maximum warps per SM turns them into sm_achieved_pct later
	 * (report_sm_occupancy). */
	size_t n_sm_events;
	double *sm_active_warps, *sm_active_cycles;   /* heap */
	/* The same counters as one figure each, where the profiler gives no
	 * per-SM values (the CUDA profiler's active_warps and active_cycles
	 * counters, documented as counted per multiprocessor):
	 * report_counted_occupancy turns them into achieved occupancy. */
	struct report_num counted_active_warps, counted_active_cycles;
	/* AMD's SQ_ACCUM_PREV_HIRES (waves resident, accumulated per cycle;
	 * Omniperf collects it in its SQ_LEVEL_WAVES pass) and GRBM_GUI_ACTIVE
	 * (GPU busy cycles): report_sq_occupancy turns them into achieved
	 * occupancy. */
	struct report_num sq_accum_prev_hires, grbm_gui_active;
	/* The XCDs the device's compute partition spanned, where the report
	 * says (Omniperf's sysinfo.csv beside it: num_xcd; rocprofv3's
	 * agent_info.csv: Num_Xcc, xcds_agent_info): the counters above are
	 * summed over them. */
	struct report_int xcds;
	struct report_sched sched;
	/* The profiler's own rule results, in the report's order (heap). */
	size_t n_rules;
	struct report_rule *rules;

	/* What the profiler itself computed, for the cross-check. */
	uint8_t ncu_layout;           /* enum report_ncu_layout */
	/* Where xcds came from: 0 Omniperf's sysinfo.csv, 1 rocprofv3's
	 * agent_info.csv (here, where it fills padding). */
	uint8_t xcds_agent_info;
	struct report_num theoretical_occupancy_pct;
	/* The step of its last printed digit, in percent, where coarser than
	 * Nsight Compute's two decimals (0.01): the CUDA profiler's "0.167" is
	 * a fraction printed to 0.001, a step of 0.1. Absent: 0.01. */
	struct report_num theoretical_step_pct;
	enum report_profiler figures_by;   /* who computed them */
	struct report_num theoretical_active_warps;   /* per SM */
	struct report_num theoretical_warps_per_scheduler;
	struct report_num waves_per_sm;
	struct report_int limit_warps, limit_blocks, limit_registers, limit_smem, limit_barriers;
	struct report_int registers_allocated;        /* per thread, as the SM allocates them */
	struct report_int smem_per_block_bytes;       /* static + dynamic + the driver's */
	struct report_int smem_allocated_bytes;       /* that, rounded to the allocation unit */
	/* Thread-block clusters (cc 9.0+): Max Active Clusters (0 for a launch
	 * without clusters), Max Cluster Size (the largest the kernel may launch
	 * with: 8, or 16 where it allows non-portable sizes) and Cluster
	 * Occupancy, as Nsight Compute computed them. */
	struct report_int cluster_max_active, cluster_max_size;
	struct report_num cluster_occupancy_pct;
	/* CodeXL/RCP (REPORT_BY_CODEXL): waves per CU each factor allows, and
	 * the most waves per CU it counted the occupancy against. */
	struct report_int amd_waves_limit[REPORT_AMD_N_LIMITS];
	struct report_int amd_max_waves_per_cu;
};

struct report {
	char format[64];              /* "rocprof v1 results", ... */
	/* Each record summarises a kernel's invocations (nvprof --metrics and
	 * --events tables): no launch of its own; a session joins it to a
	 * trace's launches (session_join.c). */
	bool per_kernel;
	size_t n;                     /* the records held in records */
	struct report_record *records;
	size_t n_streamed;            /* records handed over and no longer held */
	/* A stream's records at the front of records that are final and wait
	 * for their batch (REPORT_SETTLE_BATCH): no importer changes them. */
	size_t n_settled;
	size_t skipped_rows;          /* rows that are not kernels (memcpy, ...) */
	size_t rejected_rows;         /* kernel rows with a field occview cannot read */
	/* The profiler runs the file holds, appended one after another (the
	 * records' run numbers go up to it); 0 or 1: one run. */
	uint32_t runs;
	/* Fields that do not change occupancy (ids, timestamps, durations,
	 * counters, the profiler's own figures) whose text is no value of their
	 * kind: the record leaves them absent and is kept (import_drop). dropped
	 * is the first, to say once; status OCC_OK when there is none. */
	size_t dropped_fields;
	struct occ_error dropped;
	struct report_pool *pool;     /* the records' interned text (report_intern) */
	/* report_add's allocation, which records lies in: report_shift hands
	 * records over from its front, and report_add reuses that room. */
	struct report_record *store;
	size_t store_cap;
	/* A report kept whole (the explorer's) holds its n records packed
	 * here (record_store.h) instead of in records, which is NULL: read
	 * them through report_at, report_peek and the name accessors, which
	 * serve both. unpacked[i] is record i unpacked once report_at asked. */
	struct record_store *packed;
	struct report_record **unpacked;
};

/* Reads path as whatever profiler format its content shows (never its name).
 * False with err (file, line, field) when the file holds no table occview
 * knows, no kernel record, or cannot be read; r is then empty. True when
 * records were read: if some rows were rejected, err holds the first one's
 * file, line and field (err->status != OCC_OK) and r->rejected_rows counts
 * them, so the caller can warn while still showing the rest. */
bool report_load(const char *path, struct report *r, struct occ_error *err);
bool report_parse(const char *name, const char *text, size_t len, struct report *r,
		  struct occ_error *err);
/* Whether the table that starts in text (the head of a file) is one whose
 * records summarise kernels (report.per_kernel), without reading its rows. */
bool report_head_per_kernel(const char *text, size_t len);
/* Whether the head of a file is one of the formats that are no table (the
 * CUDA profiler's log, nvprof's metrics text, CodeXL's .occupancy and
 * occupancy display files), as report_read tells them apart: a file of
 * NAME=VALUE lines that is one gets the report reader's message. */
bool report_head_text_format(const char *text, size_t len);

/* Receives the kernel records of a report as they are read (report_stream):
 * each once, in file order, once no later row can change it, in batches
 * (REPORT_SETTLE_BATCH). The
 * record is the sink's only during the call: its heap fields (name, per-SM
 * arrays) are freed afterwards unless the sink took them (set them to NULL).
 * Its interned strings (short_name, process, device, gfx_target) stay valid
 * until report_done(r): the pool is never reset while reading, so a caller
 * may key caches on those pointers. Returning false stops the reading:
 * report_stream then returns false with err as the sink left it. During the
 * call r->n_streamed counts the records handed over, this one included. */
struct report_sink {
	bool (*record)(void *ctx, const struct report *r, struct report_record *rec);
	void *ctx;
};

/* Reads a report from the open stream f (read start to end exactly once,
 * never seeked, so a pipe or FIFO works), whose first head_len bytes the
 * caller already read into head (NULL, 0: none read). With a sink every
 * record goes to it as it settles and r keeps only the format, the pool,
 * skipped_rows and rejected_rows (r->n is 0 on return, r->n_streamed counts
 * the records); without one (NULL) every record is kept in r, as
 * report_load does. name is for messages. Returns and fills err as
 * report_load does (records read, the first rejected row's error in err
 * with err->status != OCC_OK; false when no table or no record, and when
 * the sink stopped the reading; r is then empty, its pool freed). A read
 * that fails past the first records (binary data further on, a read error)
 * returns false with err saying so, after the sink had those records.
 *
 * Memory: the records not yet settled, never more than REPORT_PENDING_MAX
 * (with their names and per-SM arrays, in room for twice as many: about
 * 3 MB with names of a few hundred bytes; the AMD importers hold theirs
 * packed, 176 bytes a record against 1,248, and their names), the read window (1 MiB, or the
 * longest record) and the pool, which grows with the distinct short names,
 * processes and devices, not with the records. Most formats settle a record
 * as soon as its last row is read (Nsight Compute details and raw pages,
 * nvprof GPU traces); others
 * hold records that a later row may still change, up to REPORT_PENDING_MAX
 * behind the newest, after which they go out as they are. That is the one
 * way a stream can differ from report_load's whole read, and only where a
 * later row reaches further back than REPORT_PENDING_MAX records:
 *  - AMD (rocprof, rocprofv2, Omniperf, rocprofv3): a gfx target read from
 *    one kernel name (rocprim's target_arch) is given to every record of the
 *    same device, earlier ones included; a record more than
 *    REPORT_PENDING_MAX records before the first name with a target on its
 *    device keeps an empty target in a stream;
 *  - rocprofv3 counter collection: the rows of one dispatch (one per
 *    counter) make one record; a row more than REPORT_PENDING_MAX records
 *    after its dispatch's first makes a second record in a stream;
 *  - nvprof metrics and events (CSV): the rows of one (device, kernel) make
 *    one record; likewise, rows more than REPORT_PENDING_MAX records apart
 *    make two in a stream. nvprof writes them together, so this takes an
 *    edited file.
 * The text formats (CUDA profiler logs, nvprof's metrics text) are small
 * logs, read whole and handed over at the end. */
#define REPORT_PENDING_MAX 2048
/* A stream hands final records to its sink this many at a time (fewer at
 * the end, and before any read that may wait): the reader's code, then the
 * sink's (analysis, writer), each run a batch through the instruction
 * cache, where taking turns a record each they pushed each other out. The
 * records waiting for their batch stay in r but count as handed over for
 * what a later row may change (r->n_settled). */
#define REPORT_SETTLE_BATCH 32
bool report_stream(const char *name, FILE *f, const char *head, size_t head_len,
		   const struct report_sink *sink, struct report *r, struct occ_error *err);
/* Moves every record of from to the end of to (a file read again from
 * where to's reading ended), with the strings they point to and what from
 * counted; from is left empty. False (nothing moved) when out of memory. */
bool report_append(struct report *to, struct report *from);
void report_done(struct report *r);

/* Fills rec->n_sm / sm_achieved_pct from its per-SM active_warps and
 * active_cycles (warps / cycles / max_warps_per_sm x 100; an SM with no
 * active cycle is 0), and the average achieved occupancy and active warps
 * when the report did not give them (nvprof's achieved_occupancy: summed
 * active_warps / summed active_cycles / max warps). False when the record
 * has no per-SM events, max_warps_per_sm <= 0 or memory runs out. */
bool report_sm_occupancy(struct report_record *rec, int max_warps_per_sm);
/* Achieved occupancy and active warps from rec's counted_active_warps and
 * counted_active_cycles, as the Compute Visual Profiler derives "Achieved
 * Kernel Occupancy": (active warps / active cycles) / max warps per SM.
 * False (pct and warps untouched) without both counters, with no active
 * cycle or when max_warps_per_sm <= 0. */
bool report_counted_occupancy(const struct report_record *rec, int max_warps_per_sm,
			      struct report_num *pct, struct report_num *warps);

/* Achieved occupancy as rocprofiler-compute (Omniperf) computes "Wavefront
 * Occupancy" (System Speed-of-Light, gfx90a analysis config):
 * SQ_ACCUM_PREV_HIRES / (GRBM_GUI_ACTIVE / XCDs) waves resident on the GPU,
 * a percentage of max_waves_per_cu x cu_count; waves is that per CU. The
 * counters are summed over the XCDs of the device's compute partition, so
 * the count must be known (xcds > 0: the report's sysinfo.csv, --xcds or
 * the database's default mode, report_launch_counted_occupancy). False (pct
 * and waves untouched) without both counters, no busy cycle, xcds,
 * max_waves_per_cu or cu_count <= 0. */
#define REPORT_SQ_OCCUPANCY_FORMULA "SQ_ACCUM_PREV_HIRES / GRBM_GUI_ACTIVE"
bool report_sq_occupancy(const struct report_record *rec, int xcds, int max_waves_per_cu,
			 int cu_count, struct report_num *pct, struct report_num *waves);

/* Record i of r (i < r->n), packed or not. A packed record is unpacked
 * the first time and kept so until report_done, so the pointer stays
 * valid and changes to it stay (per-SM occupancy worked out once): for the
 * records a user looks at, not for a pass over all (report_peek). NULL
 * when out of memory. */
struct report_record *report_at(const struct report *r, size_t i);
/* Record i for a moment: r's own when it is not packed (or already
 * unpacked), else unpacked into *tmp (its name r's, not to be changed);
 * NULL when out of memory. Give it back with report_unpeek before the
 * next peek into the same tmp. */
const struct report_record *report_peek(const struct report *r, size_t i,
					struct report_record *tmp);
void report_unpeek(const struct report_record *rec, struct report_record *tmp);
/* What identifies r's records in memory: it changes when they are read
 * anew (a reload's), not when records are appended to a packed report. */
const void *report_records_id(const struct report *r);
/* Record i's full name (NULL where none) and short name, packed or not. */
const char *report_name_at(const struct report *r, size_t i);
const char *report_short_name_at(const struct report *r, size_t i);
/* A key of record i's full name: the same for records whose full names
 * are the same text, below report_name_keys(r); 0 where it gives none
 * (no name, or r not packed). For work done once per distinct name. */
uint32_t report_name_key_at(const struct report *r, size_t i);
size_t report_name_keys(const struct report *r);
/* Record i's report_record_id, without unpacking it. */
int64_t report_id_at(const struct report *r, size_t i);
/* to (a whole reading of from's file, its store made on from's) takes
 * over the texts it shares with from, so that from can be freed first;
 * false when they share none. */
bool report_adopt_texts(struct report *to, struct report *from);
/* A packed report's records unpacked into records, as report_add would
 * have them (for code that reads a few small reports whole: --diff, the
 * summaries a join reads); the records report_at gave move there. False
 * when out of memory (r is as it was). */
bool report_unpack(struct report *r);
/* A copy of rec (record i changed: measurements joined to it) in place
 * of packed record i and of report_at's form of it; the caller keeps rec.
 * Nothing to do when r is not packed (rec is then &r->records[i], changed
 * in place). False when out of memory. */
bool report_replace_at(struct report *r, size_t i, const struct report_record *rec);

/* "Nsight Compute", "the CUDA profiler": as a message names it. */
const char *report_profiler_name(enum report_profiler p);

/* Appends a zeroed record (report_record_init); NULL when out of memory. */
struct report_record *report_add(struct report *r, long line);
/* The id a user names a record by, the same in the kernel browser,
 * --compare, JSON (record_id) and CSV (record_id): the profiler's own where
 * the report gives one, else the record's position in its file, from 1
 * (index is from 0). */
int64_t report_record_id(const struct report_record *rec, size_t index);
/* Takes r's first record out, with its heap fields, and counts it in
 * r->n_streamed (a stream hands it over). It stays where it was, no longer
 * r's, until the next report_add. r->n must be > 0. */
struct report_record *report_shift(struct report *r);
/* A record with every number absent and every text field "". */
void report_record_init(struct report_record *rec, long line);
/* Frees a record's heap fields (name, per-SM arrays) and sets them to NULL. */
void report_record_done(struct report_record *rec);
/* text's first size - 1 bytes at most (cut as snprintf cuts), as a string
 * the report keeps until report_done: one copy for equal texts. NULL when
 * out of memory. */
const char *report_intern(struct report *r, const char *text, size_t size);
/* Moves rec into *to: to gets its heap parts (name, per-SM arrays, rules),
 * rec keeps none, so report_record_done on both frees each once. */
void report_record_move(struct report_record *to, struct report_record *rec);
/* Appends a rule result to *rules (copies of the texts); false when out of
 * memory. */
bool report_rules_push(struct report_rule **rules, size_t *n, const char *section,
		       const char *name, const char *type, const char *text,
		       const char *speedup_type, struct report_num speedup_pct);
void report_rules_free(struct report_rule *rules, size_t n);
/* Whether s has any scheduler figure. */
bool report_sched_any(const struct report_sched *s);
/* report_short_name of name, interned; NULL when out of memory. */
const char *report_intern_short_name(struct report *r, const char *name);
/* "foo(int, float) [clone .kd]" -> "foo"; "void ns::bar<int>(...)" -> "ns::bar". */
void report_short_name(const char *name, char *out, size_t size);

#endif
