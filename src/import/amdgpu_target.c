/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* amdgpu_target.c - of an AMD binary's code objects for several gfx targets,
 * the one a given GPU runs: its own, else the nearest older (said). */
#include "config.h"

#include "import_amdgpu.h"

#include <stdio.h>
#include <string.h>

#include "strutil.h"

/* The version of a specific target, "gfx90a" -> 9.0.10, as one number
 * (major * 256 + minor * 16 + stepping: LLVM's processor names end in a
 * decimal minor and a hexadecimal stepping); -1 for a name that is no
 * specific processor ("gfx9-4-generic"). */
static long target_version(const char *t)
{
	size_t n;
	long major = 0;
	int minor, stepping;
	char c;

	if (strncmp(t, "gfx", 3) != 0)
		return -1;
	t += 3;
	n = strlen(t);
	if (n < 3 || n > 4)
		return -1;
	for (size_t i = 0; i < n - 2; i++) {
		if (t[i] < '0' || t[i] > '9')
			return -1;
		major = major * 10 + (t[i] - '0');
	}
	if (t[n - 2] < '0' || t[n - 2] > '9')
		return -1;
	minor = t[n - 2] - '0';
	c = t[n - 1];
	if (c >= '0' && c <= '9')
		stepping = c - '0';
	else if (c >= 'a' && c <= 'f')
		stepping = c - 'a' + 10;
	else
		return -1;
	return major * 256 + minor * 16 + stepping;
}

/* Whether target is among the first n of r's records' targets. */
static bool seen_before(const struct report *r, size_t n, const char *target)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(r->records[i].gfx_target, target) == 0)
			return true;
	return false;
}

bool import_amdgpu_pick_target(struct report *r, const struct gpu_arch *arch,
			       struct import_amdgpu_pick *pick)
{
	long device, best = -1;
	size_t targets = 0, kept = 0, len = 0;

	memset(pick, 0, sizeof(*pick));
	if (arch->vendor != GPU_AMD)
		return false;
	device = target_version(arch->arch);
	for (size_t i = 0; i < r->n; i++) {
		const char *t = r->records[i].gfx_target;
		long v;

		if (seen_before(r, i, t))
			continue;
		targets++;
		if (strcmp(t, arch->arch) == 0) {
			str_copy(pick->target, sizeof(pick->target), t);
			pick->exact = true;
			best = device;
		}
		v = target_version(t);
		if (!pick->exact && device >= 0 && v >= 0 && v < device && v > best) {
			best = v;
			str_copy(pick->target, sizeof(pick->target), t);
		}
	}
	if (targets < 2)
		return false;
	for (size_t i = 0; i < r->n; i++) {
		const char *t = r->records[i].gfx_target;

		if (!seen_before(r, i, t) && strcmp(t, pick->target) != 0 &&
		    len + strlen(t) + 3 < sizeof(pick->others))
			len += (size_t)snprintf(pick->others + len, sizeof(pick->others) - len,
						"%s%s", len ? ", " : "", t);
	}
	if (!pick->target[0])
		return false;
	/* The others' records go; the chosen ones keep their order. */
	for (size_t i = 0; i < r->n; i++) {
		struct report_record *rec = &r->records[i];

		if (strcmp(rec->gfx_target, pick->target) != 0) {
			report_record_done(rec);
			pick->dropped++;
			continue;
		}
		if (kept != i)
			report_record_move(&r->records[kept], rec);
		kept++;
	}
	r->n = kept;
	return true;
}

bool import_amdgpu_record_runs(const struct report_record *rec, const struct gpu *gpu,
			       const char *file, struct occ_error *err)
{
	const struct amd_arch *m = &gpu->arch.amd;
	bool other = rec->gfx_target[0] && strcmp(rec->gfx_target, m->target) != 0;
	int wave;

	if (gpu->arch.vendor != GPU_AMD || !rec->binary || !rec->wave_size.present)
		return true;
	wave = (int)rec->wave_size.value;
	if ((wave == 32 && m->wave32) || (wave == 64 && m->wave64) || (wave != 32 && wave != 64))
		return true;
	occ_error_set(err, OCC_EDATA, file, rec->line, "wave_size",
		      "%s (%s) runs wave%d only: this wave%d kernel%s%s cannot run there%s",
		      gpu->name, m->target, m->wave32 ? 32 : 64, wave, other ? " for " : "",
		      other ? rec->gfx_target : "",
		      other ? " (a code object runs only on its own target)" : "");
	return false;
}
