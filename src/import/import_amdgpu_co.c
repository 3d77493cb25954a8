/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* import_amdgpu_co.c - one AMD code object (ELF, EM_AMDGPU) read through
 * libelf into kernel records from its NT_AMDGPU_METADATA note. */
#include "config.h"

#include "import_amdgpu.h"
#include "amdgpu_elf.h"

#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>

#include "amdgpu_metadata.h"
#include "import_binary.h"
#include "strutil.h"

#ifndef EM_AMDGPU
#define EM_AMDGPU 224
#endif
/* LLVM's AMDGPUUsage: the OS/ABI of an HSA code object, its ABI versions
 * (code object v2 to v6) and the metadata note's owner and type. */
#define AMDGPU_OSABI_HSA 64
#define AMDGPU_ABI_V3 1
#define AMDGPU_ABI_V6 4
#define AMDGPU_NOTE_NAME "AMDGPU"
#define AMDGPU_NT_METADATA 32


static bool elf_ready(void)
{
	return elf_version(EV_CURRENT) != EV_NONE;
}

/* Targets whose VGPRs and AGPRs share one file (LLVM's FeatureGFX90AInsts:
 * gfx90a, gfx940, gfx941, gfx942, gfx950 and gfx9-4-generic), where the
 * metadata's .vgpr_count counts both. */
static bool unified_file(const char *proc)
{
	static const char *const unified[] = { "gfx90a", "gfx940", "gfx941", "gfx942", "gfx950",
					       "gfx9-4-generic" };

	for (size_t i = 0; i < sizeof(unified) / sizeof(unified[0]); i++)
		if (strcmp(proc, unified[i]) == 0)
			return true;
	return false;
}

/* What the code object says of kernel k beyond the launch fields, and
 * where it lies: the record's report_binary; k's keys move into it. */
static struct report_binary *binary_of(struct amdgpu_md_kernel *k, const char *proc,
				       const char *target, const struct import_amdgpu_where *where)
{
	struct report_binary *b = calloc(1, sizeof(*b));
	char *demangled;

	if (!b)
		return NULL;
	demangled = import_demangle(k->name);
	if ((demangled && !(b->mangled_name = strdup(k->name))) || !(b->target = strdup(target))) {
		free(demangled);
		report_binary_free(b);
		return NULL;
	}
	free(demangled);
	str_copy(b->container, sizeof(b->container), where->container);
	str_copy(b->arch, sizeof(b->arch), proc);
	str_copy(b->compression, sizeof(b->compression), where->compression);
	b->offset = where->offset;
	/* The most work-items a workgroup may have is a flat count. */
	if (k->max_flat_workgroup_size.present) {
		b->max_threads[0] = k->max_flat_workgroup_size;
		b->max_threads[1] = b->max_threads[2] = (struct report_int){ true, 1 };
	}
	for (int d = 0; d < 3; d++)
		b->req_threads[d] = k->reqd_workgroup_size[d];
	/* The private segment is the work-item's stack (scratch): its frame. */
	b->frame_bytes = k->private_segment_fixed_size;
	b->keys = k->keys;
	b->n_keys = k->n_keys;
	k->keys = NULL;
	k->n_keys = 0;
	return b;
}

/* One kernel of the metadata as a record. */
static bool add_kernel(const char *name, struct amdgpu_md_kernel *k, const char *proc,
		       const char *target, const struct import_amdgpu_where *where,
		       struct report *r, struct occ_error *err)
{
	struct report_record *rec = report_add(r, 0);

	if (!rec)
		goto oom;
	rec->binary = binary_of(k, proc, target, where);
	if (!rec->binary) {
		r->n--;
		report_record_done(rec);
		goto oom;
	}
	rec->vendor = REPORT_VENDOR_AMD;
	rec->name = import_demangle_or_copy(k->name);
	if (!rec->name)
		goto oom;
	rec->short_name = report_intern_short_name(r, rec->name);
	rec->gfx_target = report_intern(r, proc, REPORT_GFX_TARGET);
	if (!rec->short_name || !rec->gfx_target)
		goto oom;
	rec->arch_vgprs = k->vgpr_count;
	rec->accum_vgprs = k->agpr_count;
	if (unified_file(proc) && k->vgpr_count.present && k->agpr_count.present &&
	    k->agpr_count.value > 0) {
		/* .vgpr_count is the whole unified file here: the arch VGPRs
		 * rounded up to 4, then the AGPRs (LLVM's getTotalNumVGPRs), so
		 * what it gives for the arch VGPRs is already rounded, and the
		 * engine's own rounding leaves it as it is. */
		if (k->vgpr_count.value < k->agpr_count.value) {
			occ_error_set(err, OCC_EDATA, name, 0, ".vgpr_count",
				      "kernel %s: %lld VGPRs in all is fewer than its %lld AGPRs",
				      k->name, (long long)k->vgpr_count.value,
				      (long long)k->agpr_count.value);
			r->n--;
			report_record_done(rec);
			return false;
		}
		rec->arch_vgprs.value = k->vgpr_count.value - k->agpr_count.value;
	}
	rec->sgprs = k->sgpr_count;
	rec->vgpr_spills = k->vgpr_spill_count;
	rec->sgpr_spills = k->sgpr_spill_count;
	rec->lds_bytes = k->group_segment_fixed_size;
	rec->scratch_bytes = k->private_segment_fixed_size;
	rec->wave_size = k->wavefront_size;
	rec->max_block_size = k->max_flat_workgroup_size;
	rec->dynamic_stack = k->uses_dynamic_stack;
	/* The workgroup: the size the kernel requires, else the most it allows
	 * (its launch bound, 1024 where the source sets none). */
	if (k->reqd_workgroup_size[0].present) {
		for (int d = 0; d < 3; d++)
			rec->block[d] = k->reqd_workgroup_size[d];
		rec->block_required = true;
	} else if (k->max_flat_workgroup_size.present) {
		rec->block[0] = k->max_flat_workgroup_size;
		rec->block[1] = rec->block[2] = (struct report_int){ true, 1 };
	}
	return true;
oom:
	occ_error_set(err, OCC_ESOFTWARE, name, 0, NULL, "out of memory");
	return false;
}

/* The metadata note of e, read into md; *note_at its file offset. */
static bool find_metadata(const char *name, Elf *e, uint64_t base, struct amdgpu_md *md,
			  struct occ_error *err)
{
	Elf_Scn *scn = NULL;
	bool found = false;

	while ((scn = elf_nextscn(e, scn)) != NULL && !found) {
		GElf_Shdr sh;
		Elf_Data *d;
		GElf_Nhdr nh;
		size_t off = 0, next, name_off, desc_off;

		if (!gelf_getshdr(scn, &sh)) {
			occ_error_set(err, OCC_EDATA, name, 0, NULL,
				      "code object at offset %llu: section %zu: %s",
				      (unsigned long long)base, elf_ndxscn(scn), elf_errmsg(-1));
			return false;
		}
		if (sh.sh_type != SHT_NOTE)
			continue;
		d = elf_getdata(scn, NULL);
		if (!d) {
			occ_error_set(err, OCC_EDATA, name, 0, NULL,
				      "code object at offset %llu: note section at offset %llu: %s",
				      (unsigned long long)base,
				      (unsigned long long)(base + sh.sh_offset), elf_errmsg(-1));
			return false;
		}
		while (off < d->d_size &&
		       (next = gelf_getnote(d, off, &nh, &name_off, &desc_off)) > 0) {
			const char *owner = (const char *)d->d_buf + name_off;
			uint64_t at = base + sh.sh_offset + desc_off;
			char why[256];
			size_t bad;

			if (nh.n_type == AMDGPU_NT_METADATA && nh.n_namesz == sizeof(AMDGPU_NOTE_NAME) &&
			    memcmp(owner, AMDGPU_NOTE_NAME, sizeof(AMDGPU_NOTE_NAME)) == 0) {
				if (!amdgpu_md_read((const unsigned char *)d->d_buf + desc_off,
						    nh.n_descsz, md, &bad, why, sizeof(why))) {
					occ_error_set(err, OCC_EDATA, name, 0, NULL,
						      "AMDGPU metadata at offset %llu: %s",
						      (unsigned long long)(at + bad), why);
					return false;
				}
				found = true;
				break;
			}
			off = next;
		}
	}
	if (!found)
		occ_error_set(err, OCC_EDATA, name, 0, NULL,
			      "code object at offset %llu has no AMDGPU metadata note "
			      "(NT_AMDGPU_METADATA)", (unsigned long long)base);
	return found;
}

static bool read_code_object(const char *name, Elf *e, size_t len, uint64_t base,
			     const struct import_amdgpu_where *where, struct report *r,
			     struct occ_error *err)
{
	GElf_Ehdr eh;
	struct amdgpu_md md;
	char proc[REPORT_GFX_TARGET];
	bool ok = true;

	if (!gelf_getehdr(e, &eh)) {
		occ_error_set(err, OCC_EDATA, name, 0, NULL, "ELF header at offset %llu: %s",
			      (unsigned long long)base, elf_errmsg(-1));
		return false;
	}
	if (eh.e_ident[EI_OSABI] != AMDGPU_OSABI_HSA || eh.e_ident[EI_ABIVERSION] < AMDGPU_ABI_V3) {
		occ_error_set(err, OCC_EDATA, name, 0, NULL,
			      "code object at offset %llu: OS/ABI %u version %u is not an HSA code "
			      "object of version 3 or later (v2 and PAL/Mesa objects are not read)",
			      (unsigned long long)base, eh.e_ident[EI_OSABI],
			      eh.e_ident[EI_ABIVERSION]);
		return false;
	}
	if (!import_amdgpu_elf_whole(name, &eh, len, base, err) ||
	    !find_metadata(name, e, base, &md, err))
		return false;
	if (!amdgpu_md_processor(md.target, proc, sizeof(proc))) {
		char shown[AMDGPU_MD_TARGET];

		memcpy(shown, md.target, sizeof(shown));
		for (char *p = shown; *p; p++)
			if ((unsigned char)*p < 0x20 || *p == 0x7f)
				*p = '?';
		occ_error_set(err, OCC_EDATA, name, 0, NULL,
			      "code object at offset %llu: amdhsa.target \"%s\" names no gfx "
			      "processor", (unsigned long long)base, shown);
		amdgpu_md_done(&md);
		return false;
	}
	for (size_t i = 0; i < md.n_kernels && ok; i++)
		ok = add_kernel(name, &md.kernels[i], proc, md.target, where, r, err);
	amdgpu_md_done(&md);
	return ok;
}

bool import_amdgpu_elf_whole(const char *name, const GElf_Ehdr *eh, size_t len, uint64_t base,
			     struct occ_error *err)
{
	uint64_t need = eh->e_shoff + (uint64_t)eh->e_shnum * eh->e_shentsize;

	if (eh->e_shoff > len || need > len || need < eh->e_shoff) {
		occ_error_set(err, OCC_EDATA, name, 0, NULL,
			      "ELF file at offset %llu is truncated: its section headers at offset "
			      "%llu end past its %zu bytes", (unsigned long long)base,
			      (unsigned long long)(base + eh->e_shoff), len);
		return false;
	}
	return true;
}

bool import_amdgpu_co_read(const char *name, unsigned char *data, size_t len, uint64_t base,
			   const struct import_amdgpu_where *where, struct report *r,
			   struct occ_error *err)
{
	struct import_amdgpu_where bare = { base, "code object", "" };
	Elf *e;
	GElf_Ehdr eh;
	bool ok;

	if (!elf_ready() || !(e = elf_memory((char *)data, len))) {
		occ_error_set(err, OCC_EDATA, name, 0, NULL, "code object at offset %llu: %s",
			      (unsigned long long)base, elf_errmsg(-1));
		return false;
	}
	if (elf_kind(e) != ELF_K_ELF || !gelf_getehdr(e, &eh) || eh.e_machine != EM_AMDGPU) {
		occ_error_set(err, OCC_EDATA, name, 0, NULL,
			      "entry at offset %llu is not an AMD GPU code object (ELF, EM_AMDGPU)",
			      (unsigned long long)base);
		elf_end(e);
		return false;
	}
	ok = read_code_object(name, e, len, base, where ? where : &bare, r, err);
	elf_end(e);
	return ok;
}

