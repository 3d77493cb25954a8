/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* import_rocprof.c - AMD's profilers: rocprof v1 results.csv (both column
 * sets), rocprofv2 and Omniperf / rocprofiler-compute pmc_perf.csv and
 * timestamps.csv, rocprofv3 kernel_trace.csv and counter_collection.csv.
 * One table-driven reader; the four classes differ in their column names. */
#include "config.h"

#include "import.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "omniperf_sysinfo.h"
#include "rocprof_ids.h"
#include "rocprofv3_agent_info.h"
#include "strutil.h"

enum col {
	COL_ID,
	COL_NAME,
	COL_DEVICE,     /* gpu-id, GPU_ID, Agent_Id: groups records by device */
	COL_PID,
	COL_KIND,       /* rocprofv3 trace: "KERNEL_DISPATCH" or another activity */
	COL_GRID,       /* total work-items */
	COL_WG,         /* total work-items per workgroup */
	COL_GRID_X, COL_GRID_Y, COL_GRID_Z,
	COL_WG_X, COL_WG_Y, COL_WG_Z,
	COL_LDS,        /* bytes per workgroup */
	COL_SCRATCH,    /* bytes per work-item */
	COL_VGPR, COL_ACCUM_VGPR, COL_SGPR,
	COL_WAVE,
	COL_DURATION,   /* ns */
	COL_BEGIN, COL_END,   /* ns timestamps */
	COL_COUNTER,    /* rocprofv3 counters: one row per counter */
	COL_SQ_ACCUM,   /* SQ_ACCUM_PREV_HIRES: resident waves, accumulated */
	COL_GRBM_ACTIVE,   /* GRBM_GUI_ACTIVE: GPU busy cycles */
	COL_N
};

/* Column names, alternatives in order of preference (matched ignoring case). */
struct layout {
	const char *names[COL_N][3];
	enum col required[5];   /* COL_N ends the list */
	const char *forbidden;  /* a column that says it is another format */
	bool grouped;           /* one kernel over rows: the first row of an id makes its record */
};

/* rocprof v1 (rocprofiler v1 tool): "Index,KernelName,gpu-id,...,grd,wgr,
 * lds,scr,arch_vgpr,accum_vgpr,sgpr,wave_size,...", and the older ROCm 5
 * "vgpr,sgpr,fbar" set. fbar is not read: its values (4160, 13888, ... in
 * the MI200 corpus file, rising row by row) are no barrier count. */
static const struct layout layout_v1 = {
	.names = {
		[COL_ID] = { "Index" },
		[COL_NAME] = { "KernelName" },
		[COL_DEVICE] = { "gpu-id" },
		[COL_PID] = { "pid" },
		[COL_GRID] = { "grd" },
		[COL_WG] = { "wgr" },
		[COL_LDS] = { "lds" },
		[COL_SCRATCH] = { "scr" },
		[COL_VGPR] = { "arch_vgpr", "vgpr" },
		[COL_ACCUM_VGPR] = { "accum_vgpr" },
		[COL_SGPR] = { "sgpr" },
		[COL_WAVE] = { "wave_size" },
		[COL_DURATION] = { "DurationNs" },
		[COL_BEGIN] = { "BeginNs" },
		[COL_END] = { "EndNs" },
		[COL_SQ_ACCUM] = { "SQ_ACCUM_PREV_HIRES" },
		[COL_GRBM_ACTIVE] = { "GRBM_GUI_ACTIVE" },
	},
	.required = { COL_NAME, COL_GRID, COL_WG, COL_N },
};

/* rocprofv2 results and Omniperf timestamps.csv / pmc_perf.csv. The counter
 * columns around them are ignored; pass-merge duplicates ("Wave_Size_1")
 * never match, since names match whole. */
static const struct layout layout_v2 = {
	.names = {
		[COL_ID] = { "Dispatch_ID" },
		[COL_NAME] = { "Kernel_Name" },
		[COL_DEVICE] = { "GPU_ID" },
		[COL_PID] = { "PID" },
		[COL_GRID] = { "Grid_Size" },
		[COL_WG] = { "Workgroup_Size" },
		[COL_LDS] = { "LDS_Per_Workgroup" },
		[COL_SCRATCH] = { "Scratch_Per_Workitem" },
		[COL_VGPR] = { "Arch_VGPR" },
		[COL_ACCUM_VGPR] = { "Accum_VGPR" },
		[COL_SGPR] = { "SGPR" },
		[COL_WAVE] = { "Wave_Size" },
		[COL_BEGIN] = { "Start_Timestamp" },
		[COL_END] = { "End_Timestamp" },
		[COL_SQ_ACCUM] = { "SQ_ACCUM_PREV_HIRES" },
		[COL_GRBM_ACTIVE] = { "GRBM_GUI_ACTIVE" },
	},
	.required = { COL_NAME, COL_GRID, COL_WG, COL_VGPR, COL_N },
	.forbidden = "Counter_Name",
};

/* rocprofv3 --kernel-trace. The documented sample has no register columns;
 * later versions add them, under the counter file's names. */
static const struct layout layout_v3_trace = {
	.names = {
		[COL_ID] = { "Dispatch_Id" },
		[COL_NAME] = { "Kernel_Name" },
		[COL_DEVICE] = { "Agent_Id" },
		[COL_PID] = { "Process_Id" },
		[COL_KIND] = { "Kind" },
		[COL_GRID_X] = { "Grid_Size_X" },
		[COL_GRID_Y] = { "Grid_Size_Y" },
		[COL_GRID_Z] = { "Grid_Size_Z" },
		[COL_WG_X] = { "Workgroup_Size_X" },
		[COL_WG_Y] = { "Workgroup_Size_Y" },
		[COL_WG_Z] = { "Workgroup_Size_Z" },
		[COL_LDS] = { "Group_Segment_Size", "LDS_Block_Size" },
		[COL_SCRATCH] = { "Private_Segment_Size", "Scratch_Size" },
		[COL_VGPR] = { "Arch_VGPR_Count", "VGPR_Count" },
		[COL_ACCUM_VGPR] = { "Accum_VGPR_Count" },
		[COL_SGPR] = { "SGPR_Count" },
		[COL_BEGIN] = { "Start_Timestamp" },
		[COL_END] = { "End_Timestamp" },
	},
	.required = { COL_NAME, COL_GRID_X, COL_WG_X, COL_N },
	.forbidden = "Counter_Name",
};

/* rocprofv3 --pmc: one row per counter per dispatch. */
static const struct layout layout_v3_counters = {
	.names = {
		[COL_ID] = { "Dispatch_Id" },
		[COL_NAME] = { "Kernel_Name" },
		[COL_DEVICE] = { "Agent_Id" },
		[COL_PID] = { "Process_Id" },
		[COL_GRID] = { "Grid_Size" },
		[COL_WG] = { "Workgroup_Size" },
		[COL_GRID_X] = { "Grid_Size_X" },
		[COL_GRID_Y] = { "Grid_Size_Y" },
		[COL_GRID_Z] = { "Grid_Size_Z" },
		[COL_WG_X] = { "Workgroup_Size_X" },
		[COL_WG_Y] = { "Workgroup_Size_Y" },
		[COL_WG_Z] = { "Workgroup_Size_Z" },
		[COL_LDS] = { "LDS_Block_Size", "Group_Segment_Size" },
		[COL_SCRATCH] = { "Scratch_Size", "Private_Segment_Size" },
		[COL_VGPR] = { "VGPR_Count", "Arch_VGPR_Count" },
		[COL_ACCUM_VGPR] = { "Accum_VGPR_Count" },
		[COL_SGPR] = { "SGPR_Count" },
		[COL_BEGIN] = { "Start_Timestamp" },
		[COL_END] = { "End_Timestamp" },
		[COL_COUNTER] = { "Counter_Name" },
	},
	.required = { COL_NAME, COL_COUNTER, COL_N },
	.grouped = true,
};

#define DEVICE_KEY 32
/* Few devices per report: targets for the first 16 with one are enough. */
#define KNOWN_DEVICES 16

/* A record whose gfx target may still come from a later kernel name on its
 * device, held by the importer until it settles: only the fields row()
 * reads, packed (176 bytes against a struct report_record's 1,248), so
 * that the REPORT_PENDING_MAX a stream may hold stay in cache (2,048 full
 * records are 2.5 MB, more than a core's L2). It becomes a record of r,
 * in file order, when it settles (held_settle). */
enum held_int {
	HI_ID, HI_GRID, HI_BLOCK = HI_GRID + 3, HI_LDS = HI_BLOCK + 3, HI_SCRATCH,
	HI_VGPR, HI_ACCUM_VGPR, HI_SGPR, HI_WAVE, HI_N
};
enum held_num { HN_DURATION = HI_N, HN_SQ_ACCUM, HN_GRBM_ACTIVE, HN_END };

struct held {
	long line;
	char *name;                   /* heap: the record's */
	const char *short_name, *process, *gfx_target;   /* interned */
	uint32_t present;             /* bit k: i[k] (HI_*) or d[k - HI_N] (HN_*) is */
	int64_t i[HI_N];              /* 0 where absent */
	double d[HN_END - HI_N];
};

/* What the importer keeps of records it may still change, by their number
 * in the file (r->n_streamed + index, import.h), so that a stream can hand
 * the oldest over while it reads. */
struct import_state {
	const struct layout *layout;
	int col[COL_N];
	const char *col_name[COL_N];
	bool per_dimension;           /* X/Y/Z grid and workgroup columns */
	bool any_dimension;           /* any of the six */
	/* The device key (gpu-id, GPU_ID, Agent_Id) of each record r holds: a
	 * ring of dev_cap entries, a power of two above r->n. */
	char (*device)[DEVICE_KEY];
	size_t dev_cap;
	/* The first target read from a name on each device. */
	struct {
		char device[DEVICE_KEY];
		const char *gfx;
	} known[KNOWN_DEVICES];
	size_t n_known;
	/* The records held (struct held): numbers held_first (r->n_streamed +
	 * r->n: they follow r's) to held_first + held_n - 1, in a ring of
	 * held_cap entries, a power of two. */
	struct held *held;
	size_t held_cap, held_first, held_n;
	/* Grouped layouts: the dispatch ids of the records r holds. */
	struct rocprof_ids ids;
	/* Omniperf's sysinfo.csv beside the file, else rocprofv3's
	 * agent_info.csv (xcds_agent_info), read at the first row. */
	bool sysinfo_read, xcds_agent_info;
	struct report_int xcds;
	/* The process of the last record, interned: a file's dispatches are of
	 * one process or a few, and interning hashes the text every row. */
	const char *process;
};

static bool probe(const struct layout *l, const struct csv_row *header,
		  struct import_state **state)
{
	struct import_state *s;

	s = calloc(1, sizeof(*s));
	if (!s)
		return false;
	s->layout = l;
	for (int c = 0; c < COL_N; c++) {
		s->col[c] = -1;
		for (int k = 0; k < 3 && l->names[c][k] && s->col[c] < 0; k++) {
			s->col[c] = csvread_column(header, l->names[c][k]);
			s->col_name[c] = l->names[c][k];
		}
	}
	for (int k = 0; l->required[k] != COL_N; k++)
		if (s->col[l->required[k]] < 0)
			goto no;
	if (l->forbidden && csvread_column(header, l->forbidden) >= 0)
		goto no;
	s->per_dimension = s->col[COL_GRID_X] >= 0 && s->col[COL_WG_X] >= 0;
	for (int c = COL_GRID_X; c <= COL_WG_Z; c++)
		s->any_dimension = s->any_dimension || s->col[c] >= 0;
	if (!s->per_dimension && (s->col[COL_GRID] < 0 || s->col[COL_WG] < 0))
		goto no;
	*state = s;
	return true;
no:
	free(s);
	return false;
}

static bool probe_v1(const struct csv_row *h, struct import_state **s)
{
	return probe(&layout_v1, h, s);
}

static bool probe_v2(const struct csv_row *h, struct import_state **s)
{
	return probe(&layout_v2, h, s);
}

static bool probe_v3_trace(const struct csv_row *h, struct import_state **s)
{
	return probe(&layout_v3_trace, h, s);
}

static bool probe_v3_counters(const struct csv_row *h, struct import_state **s)
{
	return probe(&layout_v3_counters, h, s);
}

/* csvread_field, inline: a row reads a dozen columns. */
static inline const char *field(const struct import_state *s, const struct csv_row *row, enum col c)
{
	int i = s->col[c];

	return i >= 0 && (size_t)i < row->n ? row->fields[i] : "";
}

/* The error for column c's text t, which is no count or size. */
static bool bad_count(const struct import_state *s, const struct csv_row *row, enum col c,
		      const char *t, struct report_int *out, const char *file,
		      struct occ_error *err)
{
	char shown[64];

	str_sanitize(t, shown, sizeof(shown));
	occ_error_set(err, OCC_EDATA, file, row->line, s->col_name[c],
		      out->present ? "%s is negative" : "\"%s\" is not a whole number", shown);
	*out = (struct report_int){ 0 };
	return false;
}

/* Reads column c as a count or size: absent when the column or the value is
 * missing, an error naming the column when it is not a number or negative.
 * (Small, for a dozen calls a row: the error is bad_count's.) */
static bool get(const struct import_state *s, const struct csv_row *row, enum col c,
		struct report_int *out, const char *file, struct occ_error *err)
{
	const char *t;

	if (s->col[c] < 0) {
		*out = (struct report_int){ 0 };
		return true;
	}
	t = field(s, row, c);
	if (csvread_digits(t, &out->value)) {
		out->present = true;
		return true;
	}
	if (import_int(t, out) && (!out->present || out->value >= 0))
		return true;
	return bad_count(s, row, c, t, out, file, err);
}

/* rocprim compiles its target into kernel names as a template argument,
 * "(rocprim::...::detail::target_arch)942"; the enum's values are the gfx
 * numbers except gfx90a, which is 910 (rocprim/device/config_types.hpp).
 * 0 (invalid) and the all-ones "unknown" say nothing. */
static void gfx_from_name(const char *name, char *out, size_t size)
{
	const char *p;
	unsigned long v;
	char *end;

	/* strstr(name, "target_arch)")'s first match, found by the few ')'
	 * of a name (every record asks, nearly all in vain) */
	for (p = strchr(name, ')'); p; p = strchr(p + 1, ')'))
		if (p - name >= 11 && memcmp(p - 11, "target_arch", 11) == 0)
			break;
	if (!p)
		return;
	p++;
	if (!isdigit((unsigned char)*p))
		return;
	v = strtoul(p, &end, 10);
	if (v == 0 || v > 99999)
		return;
	if (v == 910)
		snprintf(out, size, "gfx90a");
	else
		snprintf(out, size, "gfx%lu", v);
}

/* The device key of a row: str_copy's cut, without its snprintf (a row's
 * worth of time in a large file). */
static void key_copy(char *key, const char *text)
{
	size_t n = strnlen(text, DEVICE_KEY - 1);

	memcpy(key, text, n);
	key[n] = '\0';
}

/* The device key of record number n (held in r). */
static char *device_key(struct import_state *s, size_t n)
{
	return s->device[n & (s->dev_cap - 1)];
}

/* Room in the device ring for one record more than r and the importer
 * hold. */
static bool device_room(struct import_state *s, const struct report *r)
{
	size_t cap = s->dev_cap ? s->dev_cap * 2 : 16, count = r->n + s->held_n;
	char(*nd)[DEVICE_KEY];

	if (count < s->dev_cap)
		return true;
	while (cap <= count)
		cap *= 2;
	nd = malloc(cap * sizeof(*nd));
	if (!nd)
		return false;
	for (size_t n = r->n_streamed; n < r->n_streamed + count; n++)
		memcpy(nd[n & (cap - 1)], device_key(s, n), DEVICE_KEY);
	free(s->device);
	s->device = nd;
	s->dev_cap = cap;
	return true;
}

/* The held record of number n. */
static struct held *held_at(struct import_state *s, size_t n)
{
	return &s->held[n & (s->held_cap - 1)];
}

/* Room in the ring for one held record more. */
static bool held_room(struct import_state *s)
{
	size_t cap = s->held_cap ? s->held_cap * 2 : 64;
	struct held *nh;

	if (s->held_n < s->held_cap)
		return true;
	nh = malloc(cap * sizeof(*nh));
	if (!nh)
		return false;
	for (size_t n = s->held_first; n < s->held_first + s->held_n; n++)
		nh[n & (cap - 1)] = *held_at(s, n);
	free(s->held);
	s->held = nh;
	s->held_cap = cap;
	return true;
}

static struct report_int held_int(const struct held *h, int k)
{
	return (struct report_int){ (h->present >> k & 1) != 0, h->i[k] };
}

static struct report_num held_num(const struct held *h, int k)
{
	return (struct report_num){ (h->present >> k & 1) != 0, h->d[k - HI_N] };
}

static void held_set_int(struct held *h, int k, struct report_int v)
{
	h->i[k] = v.value;
	h->present |= (uint32_t)v.present << k;
}

static void held_set_num(struct held *h, int k, struct report_num v)
{
	h->d[k - HI_N] = v.value;
	h->present |= (uint32_t)v.present << k;
}

/* The oldest held record made a record of r (its name now r's); false
 * when out of memory (it stays held). */
static bool held_give(struct import_state *s, struct report *r)
{
	struct held *h = held_at(s, s->held_first);
	struct report_record *rec = report_add(r, h->line);

	if (!rec)
		return false;
	rec->name = h->name;
	h->name = NULL;
	rec->short_name = h->short_name;
	rec->process = h->process;
	rec->gfx_target = h->gfx_target;
	rec->vendor = REPORT_VENDOR_AMD;
	rec->id = held_int(h, HI_ID);
	for (int d = 0; d < 3; d++) {
		rec->grid[d] = held_int(h, HI_GRID + d);
		rec->block[d] = held_int(h, HI_BLOCK + d);
	}
	rec->lds_bytes = held_int(h, HI_LDS);
	rec->scratch_bytes = held_int(h, HI_SCRATCH);
	rec->arch_vgprs = held_int(h, HI_VGPR);
	rec->accum_vgprs = held_int(h, HI_ACCUM_VGPR);
	rec->sgprs = held_int(h, HI_SGPR);
	rec->wave_size = held_int(h, HI_WAVE);
	rec->sq_accum_prev_hires = held_num(h, HN_SQ_ACCUM);
	rec->grbm_gui_active = held_num(h, HN_GRBM_ACTIVE);
	rec->duration_ns = held_num(h, HN_DURATION);
	/* read at the first row, the same for every record */
	rec->xcds = s->xcds;
	rec->xcds_agent_info = s->xcds_agent_info;
	s->held_first++;
	s->held_n--;
	return true;
}

/* Gives r the held records that settled, oldest first: those a later row
 * can change no more (a target, or targets for as many devices as are
 * kept), and, as a stream hands them over, those more than
 * REPORT_PENDING_MAX behind the newest; every one when all. pending_rocprof
 * then says r holds none open, so the records go to a stream's sink as
 * when r held them all. False when out of memory. */
static bool held_settle(struct import_state *s, struct report *r, bool all)
{
	while (s->held_n > 0 &&
	       (all || s->held_n > REPORT_PENDING_MAX || s->n_known == KNOWN_DEVICES ||
		held_at(s, s->held_first)->gfx_target[0]))
		if (!held_give(s, r))
			return false;
	return true;
}

/* A target read from one name holds for every dispatch on that device (same
 * gpu-id / agent): they ran on the same GPU. A record without one takes its
 * device's; a device's first target goes to the records r and the importer
 * hold of it (a stream has handed over those more than REPORT_PENDING_MAX
 * before). */
static void device_target(struct import_state *s, struct report *r, struct held *h,
			  const char *key)
{
	size_t k;

	for (k = 0; k < s->n_known; k++)
		if (strcmp(s->known[k].device, key) == 0)
			break;
	if (k < s->n_known) {
		if (!h->gfx_target[0])
			h->gfx_target = s->known[k].gfx;
		return;
	}
	if (!h->gfx_target[0] || s->n_known == KNOWN_DEVICES)
		return;
	key_copy(s->known[k].device, key);
	s->known[k].gfx = h->gfx_target;
	s->n_known++;
	for (size_t i = r->n_settled; i < r->n; i++)
		if (!r->records[i].gfx_target[0] &&
		    strcmp(device_key(s, r->n_streamed + i), key) == 0)
			r->records[i].gfx_target = h->gfx_target;
	for (size_t n = s->held_first; n < s->held_first + s->held_n; n++)
		if (!held_at(s, n)->gfx_target[0] && strcmp(device_key(s, n), key) == 0)
			held_at(s, n)->gfx_target = h->gfx_target;
}

static int64_t ceil_div(int64_t a, int64_t b)
{
	return (a + b - 1) / b;
}

/* Column c as information (import.h): absent when the column is. */
static struct report_int info_int(const struct import_state *s, const struct csv_row *row,
				  enum col c, struct report *r, const char *file)
{
	const char *t;
	int64_t v;

	if (s->col[c] < 0)
		return (struct report_int){ 0 };
	t = field(s, row, c);
	if (csvread_digits(t, &v))
		return (struct report_int){ true, v };
	return import_info_int(r, t, file, row->line, s->col_name[c]);
}

static struct report_num info_num(const struct import_state *s, const struct csv_row *row,
				  enum col c, struct report *r, const char *file)
{
	const char *t;
	int64_t v;

	if (s->col[c] < 0)
		return (struct report_num){ 0 };
	t = field(s, row, c);
	/* a whole number converts as strtod rounds it (import_num) */
	if (csvread_digits(t, &v))
		return (struct report_num){ true, (double)v };
	return import_info_num(r, t, file, row->line, s->col_name[c]);
}

static bool oom_row(const struct csv_row *row, const char *file, struct occ_error *err)
{
	occ_error_set(err, OCC_EDATA, file, row->line, NULL, "out of memory");
	return false;
}

static bool row_rocprof(struct import_state *s, const struct csv_row *row, struct report *r,
			const char *file, struct occ_error *err)
{
	struct report_int id, grid, wg, gxyz[3], wxyz[3], lds, scr, vgpr, avgpr, sgpr, wave;
	struct report_num dur, begin, end, sq, grbm;
	struct held *h;
	const char *name = field(s, row, COL_NAME);
	const char *kind = field(s, row, COL_KIND);
	char *copy;
	size_t number;
	char gfx[REPORT_GFX_TARGET] = "";
	bool ok;

	if (kind[0] && strcmp(kind, "KERNEL_DISPATCH") != 0) {
		r->skipped_rows++;
		return true;
	}
	if (!name[0]) {
		occ_error_set(err, OCC_EDATA, file, row->line, s->col_name[COL_NAME],
			      "the kernel name is empty");
		return false;
	}
	/* The launch's numbers first, so that a bad one adds no half-read
	 * record; the others are information, read as numbers where they are
	 * (rocprofiler-compute's timestamps have decimals) and dropped where
	 * not, once the row is known to stay. */
	ok = get(s, row, COL_GRID, &grid, file, err) && get(s, row, COL_WG, &wg, file, err) &&
	     get(s, row, COL_LDS, &lds, file, err) && get(s, row, COL_VGPR, &vgpr, file, err) &&
	     get(s, row, COL_ACCUM_VGPR, &avgpr, file, err) &&
	     get(s, row, COL_SGPR, &sgpr, file, err) && get(s, row, COL_WAVE, &wave, file, err);
	for (int d = 0; d < 3; d++)
		gxyz[d] = wxyz[d] = (struct report_int){ 0 };
	/* (absent without their columns: rocprof v1 and v2 have none) */
	for (int d = 0; ok && s->any_dimension && d < 3; d++)
		ok = get(s, row, COL_GRID_X + d, &gxyz[d], file, err) &&
		     get(s, row, COL_WG_X + d, &wxyz[d], file, err);
	if (!ok)
		return false;
	if (s->per_dimension) {
		for (int d = 0; d < 3; d++)
			if (wxyz[d].present && wxyz[d].value == 0) {
				occ_error_set(err, OCC_EDATA, file, row->line,
					      s->col_name[COL_WG_X + d], "a workgroup size of 0");
				return false;
			}
	} else if (wg.present && wg.value == 0) {
		occ_error_set(err, OCC_EDATA, file, row->line, s->col_name[COL_WG],
			      "a workgroup size of 0");
		return false;
	}

	id = info_int(s, row, COL_ID, r, file);
	/* Another counter of a dispatch read already: the first row's record
	 * stands for the dispatch. */
	if (s->layout->grouped && id.present &&
	    rocprof_ids_find(&s->ids, r->n_streamed, id.value) != SIZE_MAX)
		return true;
	scr = info_int(s, row, COL_SCRATCH, r, file);
	dur = info_num(s, row, COL_DURATION, r, file);
	begin = info_num(s, row, COL_BEGIN, r, file);
	end = info_num(s, row, COL_END, r, file);
	sq = info_num(s, row, COL_SQ_ACCUM, r, file);
	grbm = info_num(s, row, COL_GRBM_ACTIVE, r, file);
	/* The oldest of a full window goes to r first, where this row's
	 * target still reaches it (device_target), as it would r's newest
	 * REPORT_PENDING_MAX + 1: so the ring holds REPORT_PENDING_MAX at
	 * most, 360 KB. */
	if (!device_room(s, r) || (s->held_n == REPORT_PENDING_MAX && !held_give(s, r)) ||
	    !held_room(s) || !(copy = strdup(name)))
		goto oom;
	number = s->held_first + s->held_n;
	h = held_at(s, number);
	*h = (struct held){ .line = row->line, .name = copy };
	gfx_from_name(name, gfx, sizeof(gfx));
	h->short_name = report_intern_short_name(r, name);
	{
		const char *pid = field(s, row, COL_PID);

		if (!s->process || strcmp(s->process, pid) != 0)
			s->process = report_intern(r, pid, REPORT_TEXT);
		h->process = s->process;
	}
	h->gfx_target = report_intern(r, gfx, sizeof(gfx));
	if (!h->short_name || !h->process || !h->gfx_target) {
		free(copy);
		goto oom;
	}
	held_set_int(h, HI_ID, id);
	if (s->per_dimension) {
		for (int d = 0; d < 3; d++) {
			held_set_int(h, HI_BLOCK + d, wxyz[d]);
			if (gxyz[d].present && wxyz[d].present)
				held_set_int(h, HI_GRID + d, (struct report_int){
					true, ceil_div(gxyz[d].value, wxyz[d].value)
				});
		}
	} else if (wg.present) {
		held_set_int(h, HI_BLOCK, wg);
		held_set_int(h, HI_BLOCK + 1, (struct report_int){ true, 1 });
		held_set_int(h, HI_BLOCK + 2, (struct report_int){ true, 1 });
		if (grid.present) {
			held_set_int(h, HI_GRID, (struct report_int){ true, ceil_div(grid.value, wg.value) });
			held_set_int(h, HI_GRID + 1, (struct report_int){ true, 1 });
			held_set_int(h, HI_GRID + 2, (struct report_int){ true, 1 });
		}
	}
	held_set_int(h, HI_LDS, lds);
	held_set_int(h, HI_SCRATCH, scr);
	held_set_int(h, HI_VGPR, vgpr);
	held_set_int(h, HI_ACCUM_VGPR, avgpr);
	held_set_int(h, HI_SGPR, sgpr);
	held_set_int(h, HI_WAVE, wave);
	/* Achieved occupancy's counters (report_sq_occupancy), where the
	 * results carry them: Omniperf's SQ_LEVEL_WAVES pass, pmc_perf.csv. */
	held_set_num(h, HN_SQ_ACCUM, sq);
	held_set_num(h, HN_GRBM_ACTIVE, grbm);
	if (!s->sysinfo_read) {
		s->sysinfo_read = true;
		s->xcds.present = omniperf_sysinfo_xcds(file, &s->xcds.value);
		if (!s->xcds.present)
			s->xcds.present = s->xcds_agent_info =
				rocprofv3_agent_xcds(file, &s->xcds.value);
	}
	if (dur.present)
		held_set_num(h, HN_DURATION, dur);
	else if (begin.present && end.present && end.value >= begin.value)
		held_set_num(h, HN_DURATION, (struct report_num){ true, end.value - begin.value });

	key_copy(device_key(s, number), field(s, row, COL_DEVICE));
	if (s->layout->grouped && id.present &&
	    !rocprof_ids_add(&s->ids, r->n_streamed, id.value, number)) {
		free(copy);
		goto oom;
	}
	s->held_n++;
	device_target(s, r, h, device_key(s, number));
	/* A later row of a dispatch belongs to the record of its first, found
	 * among those r holds: a grouped layout's records go to r at once. */
	return held_settle(s, r, s->layout->grouped) || oom_row(row, file, err);
oom:
	return oom_row(row, file, err);
}

/* What pending() says of r: the records the importer still waits on are
 * its own (held_settle); a grouped layout's are all r's. */
static size_t pending_rocprof(struct import_state *s, const struct report *r)
{
	return s->layout->grouped ? r->n : 0;
}

static bool finish_rocprof(struct import_state *s, struct report *r, const char *file,
			   struct occ_error *err)
{
	if (held_settle(s, r, true))
		return true;
	occ_error_set(err, OCC_ESOFTWARE, file, 0, NULL, "out of memory");
	return false;
}

static void free_rocprof(struct import_state *s)
{
	if (!s)
		return;
	for (size_t n = s->held_first; n < s->held_first + s->held_n; n++)
		free(held_at(s, n)->name);
	free(s->held);
	free(s->device);
	rocprof_ids_free(&s->ids);
	free(s);
}

const struct import_class import_rocprof_v1 = {
	.name = "rocprof v1 results",
	.probe = probe_v1,
	.row = row_rocprof,
	.finish = finish_rocprof,
	.pending = pending_rocprof,
	.free_state = free_rocprof,
};

const struct import_class import_rocprof_v2 = {
	.name = "rocprofv2 / Omniperf",
	.probe = probe_v2,
	.row = row_rocprof,
	.finish = finish_rocprof,
	.pending = pending_rocprof,
	.free_state = free_rocprof,
};

const struct import_class import_rocprof_v3_trace = {
	.name = "rocprofv3 kernel trace",
	.probe = probe_v3_trace,
	.row = row_rocprof,
	.finish = finish_rocprof,
	.pending = pending_rocprof,
	.free_state = free_rocprof,
};

const struct import_class import_rocprof_v3_counters = {
	.name = "rocprofv3 counter collection",
	.probe = probe_v3_counters,
	.row = row_rocprof,
	.finish = finish_rocprof,
	.pending = pending_rocprof,
	.free_state = free_rocprof,
};
