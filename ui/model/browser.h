/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* browser.h - the kernel browser's model, curses-free: one compact row per
 * record of a report, computed once (the occupancy engine only, no rules,
 * sweeps or simulation; at load, or as lines are shown and in idle time),
 * and the list the browser pane shows: rows or
 * groups of identical launches, filtered by a substring of their names and
 * sorted by a column through an index array. 100,000 records stay instant:
 * a change of filter or sort is one linear scan and one qsort of indices. */
#ifndef OCC_BROWSER_H
#define OCC_BROWSER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis.h"
#include "gpu.h"
#include "report.h"
#include "session.h"

enum browser_column {
	BROWSER_COL_ID, BROWSER_COL_NAME, BROWSER_COL_GRID, BROWSER_COL_BLOCK,
	BROWSER_COL_REGISTERS, BROWSER_COL_SMEM, BROWSER_COL_THEORETICAL,
	BROWSER_COL_ACHIEVED, BROWSER_COL_GAP, BROWSER_COL_DURATION,
	/* occview's figures for the launch: the limiting factor, resident
	 * blocks per SM (CU) and waves per SM */
	BROWSER_COL_LIMITER, BROWSER_COL_BLOCKS_PER_SM, BROWSER_COL_WAVES,
	/* the achieved occupancy occview predicts from the waves (uniform
	 * durations: waves.h), and how the profiler's own figures compare
	 * with occview's (the cross-check: agree, or how many differ) */
	BROWSER_COL_PREDICTED, BROWSER_COL_CHECK,
	BROWSER_N_COLUMNS
};

/* Where a line's figure is not occview's own computation of the record's
 * launch (browser_line.from). */
enum browser_from {
	BROWSER_THEORY_REPORTED = 1u << 0,  /* theoretical: the profiler's own, occview could
					       not compute it */
	BROWSER_REGS_INFERRED = 1u << 1,    /* registers inferred from the profiler's limits */
	BROWSER_SMEM_INFERRED = 1u << 2,    /* shared memory likewise */
	/* The record does not say which GPU ran it: none is given (not
	 * analysed), or the report's GPU stands in (session_set_report_gpu). */
	BROWSER_GPU_NONE = 1u << 3,
	BROWSER_GPU_REPORT = 1u << 4,
};

/* One line of the list: a record, or a group of identical launches (then the
 * launch columns are the group's, achieved is the mean of the records that
 * have it, duration the sum of those that have it). Absent values: -1 for
 * the integers, NAN for the doubles; the pane prints "n/a". */
struct browser_line {
	/* eight bytes, then four, two and one: 96 bytes a line, no padding
	 * (every record of a report has one) */
	int64_t id;                /* the profiler's id; -1 absent */
	int64_t grid_blocks;       /* total blocks (workgroups) */
	int64_t smem_bytes;        /* static + dynamic (AMD: LDS) per block */
	double theoretical_pct;    /* occ_compute on the record's GPU; NAN when it cannot run */
	double achieved_pct;
	double duration_ns;
	double waves;              /* waves per SM (grid / blocks per wave); NAN absent */
	double predicted_pct;      /* predicted achieved occupancy; NAN absent */
	uint32_t record;           /* the record (a group: its first record) */
	uint32_t count;            /* records in the line: 1, or the group's */
	uint32_t group;            /* the group this record belongs to */
	int32_t block_threads;
	int32_t registers;         /* per thread (AMD: arch VGPRs) */
	int32_t blocks_per_sm;     /* resident blocks (workgroups) per SM (CU); -1 absent */
	uint16_t name_cells;       /* browser_display_name's width, at most UINT16_MAX */
	uint8_t from;              /* enum browser_from bits */
	uint8_t vendor;            /* enum gpu_vendor of the GPU it was analysed on */
	int8_t limiter;            /* enum occ_factor limiting blocks (the first where
				      several tie); -1 where nothing was computed */
	int8_t checked;            /* the cross-check: -1 nothing compared, else the number
				      of the profiler's figures occview disagrees with */
	/* A row: whether it has its figures (the session's analysis) yet;
	 * until then only record, count, id, name_cells and the GPU bits of
	 * from are known. A group always has them. */
	bool figures;
	/* A row whose record lacks a GPU (BROWSER_GPU_NONE or _REPORT): the
	 * vendor the record says (enum report_vendor), for the GPU picker. */
	uint8_t record_vendor;
};

struct browser {
	const struct report *report;      /* not owned */
	struct session *session;          /* not owned: browser_analyse's */
	const char *file;                 /* not owned: the report's path */
	struct browser_line *rows;        /* one per record, file order */
	struct browser_line *groups;      /* one per group, in order of first record */
	size_t n_rows, n_groups;
	uint8_t any_from;                 /* the browser_from bits of any row */
	size_t n_gpu_none;                /* rows with BROWSER_GPU_NONE */
	bool grouped;
	enum browser_column sort;
	bool descending;
	char filter[256];                 /* substring of the short or full name, any case */
	uint32_t *order;                  /* the lines shown: indices into rows or groups */
	size_t n_order;
	size_t n_order_records;           /* the records in the lines shown */
	int name_w;                       /* the widest display name shown (cells) */
	size_t selected;                  /* position in order */
	/* The words of the GPUs the rows were analysed on, where they all
	 * share one engine's (AMD's workgroups, VGPRs, LDS, CUs or WGPs);
	 * NULL where none computed or they differ: the neutral labels. */
	const struct engine_words *words;
	uint8_t words_vendor;             /* enum gpu_vendor of those rows */
	char per_unit_label[16];          /* "b/SM", "wg/CU", "wg/WGP" */
	/* Rows without figures yet (browser_open): the rows shown get theirs
	 * as they are drawn (browser_show), the others in file order
	 * (browser_work). groups is NULL until the list is first grouped. */
	size_t n_pending;
	size_t next_pending;              /* no row before it is pending */
	const struct engine_words *found_words;  /* the first row's with figures */
	uint8_t found_vendor;
	bool words_mixed;                 /* rows with figures differ in their words */
	struct analysis *scratch;         /* the rows' analysis while any is pending */
};

/* Computes the rows of rep (kept, not owned: it must outlive b) as the
 * session analyses each record with its flags. Starts unfiltered,
 * ungrouped, sorted by id ascending (file position where the report has no
 * ids). False when out of memory. */
bool browser_init(struct browser *b, struct session *s, const struct report *rep,
		  const char *file);
/* The same, but each row's figures (the session's analysis) only when
 * asked: browser_show for the lines drawn, browser_work for the others
 * in idle time (a first frame of 100,000 records waits for one screen of
 * analyses, not for all). Sorting by a figure or grouping takes them all
 * first (browser_finish), so no line is shown without its figures and
 * every sort is by the values shown. */
bool browser_open(struct browser *b, struct session *s, const struct report *rep,
		  const char *file);
/* Gives up to n pending rows their figures, in file order; the last one
 * settles the words. False when out of memory. */
bool browser_work(struct browser *b, size_t n);
bool browser_finish(struct browser *b);
/* Gives the lines at positions [from, from + n) of the list their
 * figures; false when out of memory. */
bool browser_show(struct browser *b, size_t from, size_t n);
void browser_done(struct browser *b);
/* The rows of rep (a report read again: kept, not owned) in place of b's,
 * in their room, analysed by b's session, keeping b's sort, filter and
 * grouping, with record selected where it is shown. False when out of
 * memory: b is as it was when no room could be made for the rows, else
 * it has none (of rep). */
/* The records b's report gained at its end (report_append) as rows of
 * their own, the others kept as they are, sort, filter, grouping and
 * selection too. False when out of memory. */
bool browser_append(struct browser *b, const char *file);
bool browser_reload(struct browser *b, const struct report *rep, const char *file,
		    size_t record);

/* Each rebuilds the list and keeps the selected record selected when it is
 * still shown (else the first line). False when out of memory (the list is
 * then empty). */
bool browser_set_sort(struct browser *b, enum browser_column col, bool descending);
bool browser_set_filter(struct browser *b, const char *text);
bool browser_set_grouped(struct browser *b, bool grouped);

/* Sorts by col as pressing its key or clicking its header does: another
 * column ascending (the id and the name) or largest first (the figures);
 * the same column again reversed. */
bool browser_sort_by(struct browser *b, enum browser_column col);
/* The key that sorts by col (an upper-case letter: the key table binds each
 * to ACT_KERNEL_SORT_BY) and the column of a key; -1 for none. */
int browser_column_key(enum browser_column col);
int browser_column_of_key(int key);

/* Selects the next line (dir > 0; previous: dir < 0) after the selected one
 * whose name holds text (any case), wrapping at the end; dir 0 starts at
 * the selected line itself (search as you type). False, the selection
 * unmoved, when no line matches. */
bool browser_search(struct browser *b, const char *text, int dir);

/* The name a line shows: the record's full name with its templates and
 * without its parameter list or return type ("void f<float, 4>(float*)" ->
 * "f<float, 4>"), so that launches differing only in template arguments
 * read apart; the short name where the report has no other. */
void browser_display_name(const struct browser *b, const struct browser_line *l, char *buf,
			  size_t size);
/* The width in cells of record's display name (as browser_display_name
 * writes it into 1,024 bytes), without writing it. */
size_t browser_display_cells(const struct browser *b, size_t record);
/* The same, with each distinct full name's width kept in kept (n_kept
 * slots, zeroed at first: report_name_keys of b's report; NULL: none), so
 * a report of few kernels and many launches scans each name once. */
size_t browser_display_cells_kept(const struct browser *b, size_t record, uint32_t *kept,
				  size_t n_kept);
/* Record i's full name, else its short one: packed records give them
 * without unpacking (report_name_at). */
const char *browser_name_of(const struct report *rep, size_t i);
/* name in at most width cells: leading namespaces outside the templates go
 * first, then, in a name with templates, the middle is cut with mark (the
 * head names the kernel, the tail its last template arguments), in any
 * other the end. Written to buf where cut. */
const char *browser_fit_name(const char *name, int width, const char *mark, char *buf,
			     size_t size);

/* The line at position i of the list (i < b->n_order). */
const struct browser_line *browser_line_at(const struct browser *b, size_t i);
/* The record selected; SIZE_MAX when the list is empty. */
size_t browser_selected_record(const struct browser *b);
/* Selects the line holding record (its group when grouped); false if it is
 * filtered out (the selection stays). */
bool browser_select_record(struct browser *b, size_t record);
/* Moves the selection by delta lines, clamped. */
void browser_move(struct browser *b, long delta);

/* "id", "kernel", "grid", "block", "regs", "smem", "theory", "achvd", "gap", "time",
 * "limit", "b/SM", "waves", "pred", "check". */
const char *browser_column_label(enum browser_column col);
/* The same in the words of b's GPUs: on AMD "wg", "vgpr", "lds", "wg/CU"
 * ("wg/WGP" in WGP mode); browser_column_label's where b->words is NULL. */
const char *browser_column_label_in(const struct browser *b, enum browser_column col);
/* A line's limiter in at most five cells: "warps", "block", "regs", "smem",
 * "barr"; on AMD "waves", "wg", "vgpr", "lds", "sgpr"; "n/a" where absent. */
const char *browser_limiter_label(const struct browser_line *l);
/* The same for a factor (enum occ_factor) on a vendor's GPU. */
const char *browser_factor_label(enum gpu_vendor vendor, int factor);

/* The session's analysis of record (occupancy and waves, as the rows
 * have it: session_analyse with the flags only), for the browser's detail.
 * a may point at the record (a compiled kernel's): browser_analyse
 * unpacks it for as long as the report is (report_at);
 * browser_analyse_record takes rec, record's own, which the caller keeps
 * while a is used. */
void browser_analyse(const struct browser *b, size_t record, struct analysis *a);
void browser_analyse_record(const struct browser *b, size_t record,
			    const struct report_record *rec, struct analysis *a);

#endif
