/* import_rocprof.c - AMD's profilers: rocprof v1 results.csv (both column
 * sets), rocprofv2 and Omniperf / rocprofiler-compute pmc_perf.csv and
 * timestamps.csv, rocprofv3 kernel_trace.csv and counter_collection.csv.
 * One table-driven reader; the four classes differ in their column names. */
#include "config.h"

#include "import.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
	COL_N
};

/* Column names, alternatives in order of preference (matched ignoring case). */
struct layout {
	const char *names[COL_N][3];
	enum col required[5];   /* COL_N ends the list */
	const char *forbidden;  /* a column that says it is another format */
	bool grouped;           /* one kernel spread over rows, merged by id in finish() */
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

struct import_state {
	const struct layout *layout;
	int col[COL_N];
	const char *col_name[COL_N];
	bool per_dimension;           /* X/Y/Z grid and workgroup columns */
	/* The device key of each record, aligned with r->records, for finish(). */
	char (*device)[DEVICE_KEY];
	size_t n_device;
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

static const char *field(const struct import_state *s, const struct csv_row *row, enum col c)
{
	return csvread_field(row, s->col[c]);
}

/* Reads column c as a count or size: absent when the column or the value is
 * missing, an error naming the column when it is not a number or negative. */
static bool get(const struct import_state *s, const struct csv_row *row, enum col c,
		struct report_int *out, const char *file, struct occ_error *err)
{
	const char *t = field(s, row, c);
	char shown[64];

	if (import_int(t, out) && (!out->present || out->value >= 0))
		return true;
	str_sanitize(t, shown, sizeof(shown));
	occ_error_set(err, OCC_EDATA, file, row->line, s->col_name[c],
		      out->present ? "%s is negative" : "\"%s\" is not a whole number", shown);
	*out = (struct report_int){ 0 };
	return false;
}

/* rocprim compiles its target into kernel names as a template argument,
 * "(rocprim::...::detail::target_arch)942"; the enum's values are the gfx
 * numbers except gfx90a, which is 910 (rocprim/device/config_types.hpp).
 * 0 (invalid) and the all-ones "unknown" say nothing. */
static void gfx_from_name(const char *name, char *out, size_t size)
{
	const char *p = strstr(name, "target_arch)");
	unsigned long v;
	char *end;

	if (!p)
		return;
	p += strlen("target_arch)");
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

static int64_t ceil_div(int64_t a, int64_t b)
{
	return (a + b - 1) / b;
}

static bool row_rocprof(struct import_state *s, const struct csv_row *row, struct report *r,
			const char *file, struct occ_error *err)
{
	struct report_int id, grid, wg, gxyz[3], wxyz[3], lds, scr, vgpr, avgpr, sgpr, wave;
	struct report_int dur, begin, end;
	struct report_record *rec;
	const char *name = field(s, row, COL_NAME);
	const char *kind = field(s, row, COL_KIND);
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
	/* Every number first, so that a bad field adds no half-read record. */
	ok = get(s, row, COL_ID, &id, file, err) && get(s, row, COL_GRID, &grid, file, err) &&
	     get(s, row, COL_WG, &wg, file, err) && get(s, row, COL_LDS, &lds, file, err) &&
	     get(s, row, COL_SCRATCH, &scr, file, err) &&
	     get(s, row, COL_VGPR, &vgpr, file, err) &&
	     get(s, row, COL_ACCUM_VGPR, &avgpr, file, err) &&
	     get(s, row, COL_SGPR, &sgpr, file, err) && get(s, row, COL_WAVE, &wave, file, err) &&
	     get(s, row, COL_DURATION, &dur, file, err) &&
	     get(s, row, COL_BEGIN, &begin, file, err) && get(s, row, COL_END, &end, file, err);
	for (int d = 0; ok && d < 3; d++)
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

	rec = report_add(r, row->line);
	if (!rec || !(rec->name = strdup(name))) {
		if (rec)
			r->n--;
		occ_error_set(err, OCC_EDATA, file, row->line, NULL, "out of memory");
		return false;
	}
	gfx_from_name(name, gfx, sizeof(gfx));
	rec->short_name = report_intern_short_name(r, name);
	rec->process = report_intern(r, field(s, row, COL_PID), REPORT_TEXT);
	rec->gfx_target = report_intern(r, gfx, sizeof(gfx));
	if (!rec->short_name || !rec->process || !rec->gfx_target) {
		free(rec->name);
		r->n--;
		occ_error_set(err, OCC_EDATA, file, row->line, NULL, "out of memory");
		return false;
	}
	rec->vendor = REPORT_VENDOR_AMD;
	rec->id = id;

	if (s->per_dimension) {
		for (int d = 0; d < 3; d++) {
			rec->block[d] = wxyz[d];
			if (gxyz[d].present && wxyz[d].present)
				rec->grid[d] = (struct report_int){
					true, ceil_div(gxyz[d].value, wxyz[d].value)
				};
		}
	} else if (wg.present) {
		rec->block[0] = wg;
		rec->block[1] = rec->block[2] = (struct report_int){ true, 1 };
		if (grid.present) {
			rec->grid[0] = (struct report_int){ true, ceil_div(grid.value, wg.value) };
			rec->grid[1] = rec->grid[2] = (struct report_int){ true, 1 };
		}
	}
	rec->lds_bytes = lds;
	rec->scratch_bytes = scr;
	rec->arch_vgprs = vgpr;
	rec->accum_vgprs = avgpr;
	rec->sgprs = sgpr;
	rec->wave_size = wave;
	if (dur.present)
		rec->duration_ns = (struct report_num){ true, (double)dur.value };
	else if (begin.present && end.present && end.value >= begin.value)
		rec->duration_ns = (struct report_num){ true, (double)(end.value - begin.value) };

	if (r->n > s->n_device) {
		size_t cap = r->n < 16 ? 16 : r->n * 2;
		char(*nd)[DEVICE_KEY] = realloc(s->device, cap * sizeof(*nd));

		if (!nd) {
			occ_error_set(err, OCC_EDATA, file, row->line, NULL, "out of memory");
			return false;
		}
		s->device = nd;
		s->n_device = cap;
	}
	str_copy(s->device[r->n - 1], DEVICE_KEY, field(s, row, COL_DEVICE));
	return true;
}

struct by_id {
	int64_t id;
	size_t index;
};

static int cmp_by_id(const void *a, const void *b)
{
	const struct by_id *x = a, *y = b;

	if (x->id != y->id)
		return x->id < y->id ? -1 : 1;
	return x->index < y->index ? -1 : x->index > y->index;
}

/* rocprofv3 counters: rows of one dispatch become the first row's record. */
static bool merge_dispatches(struct import_state *s, struct report *r, const char *file,
			     struct occ_error *err)
{
	struct by_id *ids = malloc((r->n ? r->n : 1) * sizeof(*ids));
	bool *dup = calloc(r->n ? r->n : 1, sizeof(*dup));
	size_t n = 0, w = 0;

	if (!ids || !dup) {
		free(ids);
		free(dup);
		occ_error_set(err, OCC_EDATA, file, 0, NULL, "out of memory");
		return false;
	}
	for (size_t i = 0; i < r->n; i++)
		if (r->records[i].id.present)
			ids[n++] = (struct by_id){ r->records[i].id.value, i };
	qsort(ids, n, sizeof(*ids), cmp_by_id);
	for (size_t i = 1; i < n; i++)
		if (ids[i].id == ids[i - 1].id)
			dup[ids[i].index] = true;
	for (size_t i = 0; i < r->n; i++) {
		if (dup[i]) {
			free(r->records[i].name);
			free(r->records[i].sm_achieved_pct);
			continue;
		}
		r->records[w] = r->records[i];
		memmove(s->device[w], s->device[i], DEVICE_KEY);
		w++;
	}
	r->n = w;
	free(ids);
	free(dup);
	return true;
}

static bool finish_rocprof(struct import_state *s, struct report *r, const char *file,
			   struct occ_error *err)
{
	if (s->layout->grouped && r->n > 1 && !merge_dispatches(s, r, file, err))
		return false;
	/* A target read from one name holds for every dispatch on that device
	 * (same gpu-id / agent): they ran on the same GPU. Few devices per
	 * report: the first 16 with a target are enough. */
	{
		struct {
			const char *device, *gfx;
		} known[16];
		size_t n_known = 0;

		for (size_t i = 0; i < r->n && n_known < 16; i++) {
			size_t k;

			if (!r->records[i].gfx_target[0])
				continue;
			for (k = 0; k < n_known; k++)
				if (strcmp(known[k].device, s->device[i]) == 0)
					break;
			if (k == n_known) {
				known[n_known].device = s->device[i];
				known[n_known++].gfx = r->records[i].gfx_target;
			}
		}
		for (size_t j = 0; j < r->n && n_known; j++) {
			if (r->records[j].gfx_target[0])
				continue;
			for (size_t k = 0; k < n_known; k++)
				if (strcmp(known[k].device, s->device[j]) == 0)
					r->records[j].gfx_target = known[k].gfx;
		}
	}
	return true;
}

static void free_rocprof(struct import_state *s)
{
	if (!s)
		return;
	free(s->device);
	free(s);
}

const struct import_class import_rocprof_v1 = {
	.name = "rocprof v1 results",
	.probe = probe_v1,
	.row = row_rocprof,
	.finish = finish_rocprof,
	.free_state = free_rocprof,
};

const struct import_class import_rocprof_v2 = {
	.name = "rocprofv2 / Omniperf",
	.probe = probe_v2,
	.row = row_rocprof,
	.finish = finish_rocprof,
	.free_state = free_rocprof,
};

const struct import_class import_rocprof_v3_trace = {
	.name = "rocprofv3 kernel trace",
	.probe = probe_v3_trace,
	.row = row_rocprof,
	.finish = finish_rocprof,
	.free_state = free_rocprof,
};

const struct import_class import_rocprof_v3_counters = {
	.name = "rocprofv3 counter collection",
	.probe = probe_v3_counters,
	.row = row_rocprof,
	.finish = finish_rocprof,
	.free_state = free_rocprof,
};
