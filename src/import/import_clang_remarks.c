/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* import_clang_remarks.c - clang's -Rpass-analysis=kernel-resource-usage
 * remarks (AMDGPUResourceUsageAnalysis, LLVM 17 and later; llc's
 * -pass-remarks-analysis=kernel-resource-usage alike) as a report: one
 * record per "Function Name" remark with the figures the remarks after it
 * give: TotalSGPRs, VGPRs, AGPRs, ScratchSize, Dynamic Stack, SGPRs and
 * VGPRs Spill, LDS Size. A build log may hold anything else between them.
 * The remarks name no target, no wave size and no workgroup bound (clang
 * 22 prints none of them): --gpu gives the target; a record is a compiled
 * kernel (rec->binary, container "clang remarks") whose launch occview
 * assumes where no flag gives it, as for a code object's
 * (binary_launch.h): the workgroup with the most resident work-items, a
 * grid of one full wave. A figure the compiler could not know (a call to a
 * function defined elsewhere prints an expression, "k.num_vgpr") is left absent,
 * never guessed: VGPRs or LDS so are asked for (--vgprs, --shared-mem);
 * SGPRs and AGPRs so are what report_launch.c says of absent ones (no SGPR
 * limit, no AGPRs). */
#include "config.h"

#include "import.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "import_binary.h"
#include "strutil.h"

#define REMARK "remark: "
#define FUNCTION "Function Name: "

/* After the digits at q, ':' (one of "LINE:COL: "); NULL when not so. */
static const char *digits_then(const char *q, const char *e, char c)
{
	const char *d = q;

	while (q < e && isdigit((unsigned char)*q))
		q++;
	return q > d && q < e && *q == c ? q + 1 : NULL;
}

/* llc writes the location after "remark: " ("remark: foo.cl:27:0: SGPRs:
 * 28"), clang before it: past "FILE:LINE:COL: " at q, where it is one. */
static const char *past_location(const char *q, const char *e)
{
	for (const char *c = q; c < e && *c != ' '; c++) {
		const char *line, *col;

		if (*c != ':' || !(line = digits_then(c + 1, e, ':')) ||
		    !(col = digits_then(line, e, ':')))
			continue;
		return col < e && *col == ' ' ? col + 1 : q;
	}
	return q;
}

/* The remark's text after "remark: " (a location llc writes there and
 * leading spaces skipped), or NULL when the line is no remark. */
static const char *remark_text(const char *p, const char *e)
{
	size_t n = strlen(REMARK);

	for (const char *q = p; q + n <= e; q++)
		if (memcmp(q, REMARK, n) == 0) {
			q = past_location(q + n, e);
			while (q < e && *q == ' ')
				q++;
			return q;
		}
	return NULL;
}

/* Whether the text from t to e starts with prefix. */
static bool starts(const char *t, const char *e, const char *prefix)
{
	size_t n = strlen(prefix);

	return (size_t)(e - t) >= n && memcmp(t, prefix, n) == 0;
}

static bool probe_remarks(const char *text, size_t len)
{
	const char *p = text, *e = text + len;
	bool function = false;

	while (p < e) {
		const char *nl = memchr(p, '\n', (size_t)(e - p));
		const char *end = nl ? nl : e;
		const char *t = remark_text(p, end);

		if (t && starts(t, end, FUNCTION))
			function = true;
		else if (t && function && (starts(t, end, "TotalSGPRs:") || starts(t, end, "VGPRs:")))
			return true;
		p = nl ? nl + 1 : e;
	}
	return false;
}

/* What follows a remark: the diagnostic flag in brackets, cut. */
static size_t value_len(const char *v, const char *e)
{
	const char *b = v;

	while (b < e && *b != '[')
		b++;
	while (b > v && isspace((unsigned char)b[-1]))
		b--;
	return (size_t)(b - v);
}

struct figure {
	const char *label;        /* as the remark prints it, colon included */
	size_t offset;            /* of its struct report_int in the record */
	bool boolean;             /* "True" / "False" */
	bool launch;              /* the launch is made of it (import.h) */
};

#define AT(member) offsetof(struct report_record, member)
static const struct figure figures[] = {
	{ "TotalSGPRs:", AT(sgprs), false, true },
	/* LLVM 17 and 18 print the same count as "SGPRs:". */
	{ "SGPRs:", AT(sgprs), false, true },
	{ "VGPRs:", AT(arch_vgprs), false, true },
	{ "AGPRs:", AT(accum_vgprs), false, true },
	{ "ScratchSize [bytes/lane]:", AT(scratch_bytes), false, false },
	{ "Dynamic Stack:", AT(dynamic_stack), true, false },
	{ "SGPRs Spill:", AT(sgpr_spills), false, false },
	{ "VGPRs Spill:", AT(vgpr_spills), false, false },
	{ "LDS Size [bytes/block]:", AT(lds_bytes), false, true },
};
#undef AT

static void take_figure(struct report *r, struct report_record *rec, const char *t,
			const char *e, const char *file, long line)
{
	for (size_t i = 0; i < sizeof(figures) / sizeof(figures[0]); i++) {
		const struct figure *f = &figures[i];
		size_t n = strlen(f->label);
		struct report_int *out = (struct report_int *)((char *)rec + f->offset);
		char val[128];
		size_t vn;
		const char *v;

		if (!starts(t, e, f->label))
			continue;
		for (v = t + n; v < e && *v == ' '; v++)
			;
		vn = value_len(v, e);
		if (vn >= sizeof(val))
			vn = sizeof(val) - 1;
		memcpy(val, v, vn);
		val[vn] = '\0';
		if (f->boolean && (strcmp(val, "True") == 0 || strcmp(val, "False") == 0)) {
			*out = (struct report_int){ true, val[0] == 'T' };
		} else if (!f->boolean && import_int(val, out) && out->present && out->value >= 0) {
			;
		} else if (f->launch) {
			/* Absent: the launch's own message names it and the flag
			 * that gives it (report_launch.h). */
			*out = (struct report_int){ 0 };
		} else {
			char label[64];

			*out = (struct report_int){ 0 };
			snprintf(label, sizeof(label), "%.*s", (int)(n - 1), f->label);
			import_drop(r, file, line, label, val,
				    "is no number (the compiler could not know it)");
		}
		/* Scratch per lane is the kernel's stack frame, as a code
		 * object's .private_segment_fixed_size is. */
		if (out == &rec->scratch_bytes)
			rec->binary->frame_bytes = *out;
		return;
	}
}

static bool start_record(struct report *r, const char *t, const char *e, const char *file,
			 long line, struct report_record **out, struct occ_error *err)
{
	size_t n = value_len(t, e);
	char *mangled = malloc(n + 1);
	struct report_record *rec;

	*out = NULL;
	if (!mangled)
		goto oom;
	memcpy(mangled, t, n);
	mangled[n] = '\0';
	rec = report_add(r, line);
	if (!rec) {
		free(mangled);
		goto oom;
	}
	rec->vendor = REPORT_VENDOR_AMD;
	rec->binary = calloc(1, sizeof(*rec->binary));
	rec->name = import_demangle_or_copy(mangled);
	if (!rec->binary || !rec->name ||
	    (strcmp(rec->name, mangled) != 0 && !(rec->binary->mangled_name = strdup(mangled)))) {
		free(mangled);
		goto oom;
	}
	free(mangled);
	str_copy(rec->binary->container, sizeof(rec->binary->container), "clang remarks");
	rec->binary->from_log = true;
	rec->short_name = report_intern_short_name(r, rec->name);
	if (!rec->short_name)
		goto oom;
	*out = rec;
	return true;
oom:
	occ_error_set(err, OCC_ESOFTWARE, file, line, NULL, "out of memory");
	return false;
}

static bool parse_remarks(const char *name, const char *text, size_t len, struct report *r,
			  struct occ_error *err)
{
	const char *p = text, *e = text + len;
	struct report_record *rec = NULL;
	long line = 1;

	for (; p < e; line++) {
		const char *nl = memchr(p, '\n', (size_t)(e - p));
		const char *end = nl ? nl : e;
		const char *t = remark_text(p, end);

		if (end > p && end[-1] == '\r')
			end--;
		if (t && starts(t, end, FUNCTION) && (size_t)(end - t) > strlen(FUNCTION)) {
			if (!start_record(r, t + strlen(FUNCTION), end, name, line, &rec, err))
				return false;
		} else if (t && rec) {
			take_figure(r, rec, t, end, name, line);
		}
		p = nl ? nl + 1 : e;
	}
	return true;
}

const struct import_text_class import_clang_remarks = {
	.name = "clang resource-usage remarks",
	.probe = probe_remarks,
	.parse = parse_remarks,
};
