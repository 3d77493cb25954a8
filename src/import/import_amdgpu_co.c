/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* import_amdgpu_co.c - AMD code objects (ELF, EM_AMDGPU) read through libelf
 * into kernel records from their NT_AMDGPU_METADATA note; and the entry to
 * every AMD binary: a code object, a host ELF file with a .hip_fatbin
 * section, an offload bundle. */
#include "config.h"

#include "import_amdgpu.h"

#include <errno.h>
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "amdgpu_metadata.h"
#include "demangle.h"

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

#define BUNDLE_MAGIC "__CLANG_OFFLOAD_BUNDLE__"
#define CCOB_MAGIC "CCOB"
/* What a pipe may bring: the memory its bytes take. */
#define PIPE_MAX_BYTES ((size_t)1 << 30)

bool import_amdgpu_probe(const char *head, size_t len)
{
	return (len >= 4 && memcmp(head, ELFMAG, 4) == 0) ||
	       (len >= strlen(BUNDLE_MAGIC) && memcmp(head, BUNDLE_MAGIC, strlen(BUNDLE_MAGIC)) == 0) ||
	       (len >= 4 && memcmp(head, CCOB_MAGIC, 4) == 0);
}

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

/* One kernel of the metadata as a record. */
static bool add_kernel(const char *name, const struct amdgpu_md_kernel *k, const char *proc,
		       struct report *r, struct occ_error *err)
{
	struct report_record *rec = report_add(r, 0);

	if (!rec)
		goto oom;
	rec->vendor = REPORT_VENDOR_AMD;
	rec->name = import_demangle(k->name);
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

static bool read_code_object(const char *name, Elf *e, uint64_t base, struct report *r,
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
	if (!find_metadata(name, e, base, &md, err))
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
		ok = add_kernel(name, &md.kernels[i], proc, r, err);
	amdgpu_md_done(&md);
	return ok;
}

bool import_amdgpu_co_read(const char *name, unsigned char *data, size_t len, uint64_t base,
			   struct report *r, struct occ_error *err)
{
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
	ok = read_code_object(name, e, base, r, err);
	elf_end(e);
	return ok;
}

/* A host ELF file: the bundles in its .hip_fatbin section(s). */
static bool read_host(const char *name, Elf *e, unsigned char *data, size_t len,
		      struct report *r, struct occ_error *err)
{
	Elf_Scn *scn = NULL;
	size_t shstrndx, rejected = 0, sections = 0;
	struct occ_error first = { 0 };

	if (elf_getshdrstrndx(e, &shstrndx) != 0) {
		occ_error_set(err, OCC_EDATA, name, 0, NULL, "ELF section names: %s",
			      elf_errmsg(-1));
		return false;
	}
	while ((scn = elf_nextscn(e, scn)) != NULL) {
		GElf_Shdr sh;
		const char *sname;
		struct occ_error one = { 0 };
		size_t bad = 0;

		if (!gelf_getshdr(scn, &sh)) {
			occ_error_set(err, OCC_EDATA, name, 0, NULL, "ELF section %zu: %s",
				      elf_ndxscn(scn), elf_errmsg(-1));
			return false;
		}
		sname = elf_strptr(e, shstrndx, sh.sh_name);
		if (!sname || strcmp(sname, ".hip_fatbin") != 0 || sh.sh_type == SHT_NOBITS)
			continue;
		sections++;
		if (sh.sh_offset > len || sh.sh_size > len - sh.sh_offset) {
			occ_error_set(&one, OCC_EDATA, name, 0, NULL,
				      "section .hip_fatbin at offset %llu runs %llu bytes past the "
				      "end of the file", (unsigned long long)sh.sh_offset,
				      (unsigned long long)(sh.sh_offset + sh.sh_size - len));
			bad = 1;
		} else if (!import_offload_bundles_read(name, data + sh.sh_offset, sh.sh_size,
							sh.sh_offset, r, &bad, &one)) {
			bad = bad ? bad : 1;
		}
		if (bad && first.status == OCC_OK)
			first = one;
		rejected += bad;
	}
	r->rejected_rows += rejected;
	if (first.status != OCC_OK)
		*err = first;
	if (sections == 0) {
		occ_error_set(err, OCC_EDATA, name, 0, NULL,
			      "an ELF file with no AMD GPU code: neither an AMD code object "
			      "(EM_AMDGPU) nor a host file with a .hip_fatbin section");
		return false;
	}
	return true;
}

bool import_amdgpu_read(const char *name, unsigned char *data, size_t len, struct report *r,
			struct occ_error *err)
{
	struct occ_error first = { 0 };
	size_t rejected = 0;
	bool any = true;

	*r = (struct report){ 0 };
	snprintf(r->format, sizeof(r->format), "AMD GPU binary");
	if (len >= 4 && memcmp(data, ELFMAG, 4) == 0) {
		Elf *e = NULL;
		GElf_Ehdr eh;

		if (!elf_ready() || !(e = elf_memory((char *)data, len)) || !gelf_getehdr(e, &eh)) {
			occ_error_set(&first, OCC_EDATA, name, 0, NULL, "ELF header at offset 0: %s",
				      elf_errmsg(-1));
			any = false;
		} else {
			if (eh.e_machine == EM_AMDGPU) {
				snprintf(r->format, sizeof(r->format), "AMD code object");
				if (!read_code_object(name, e, 0, r, &first))
					rejected++;
			} else {
				snprintf(r->format, sizeof(r->format), "host ELF with HIP offload bundles");
				any = read_host(name, e, data, len, r, &first);
			}
		}
		if (e)
			elf_end(e);
	} else {
		snprintf(r->format, sizeof(r->format), "offload bundle");
		any = import_offload_bundles_read(name, data, len, 0, r, &rejected, &first);
	}
	r->rejected_rows += rejected;
	if (!any || r->n == 0) {
		if (first.status == OCC_OK)
			occ_error_set(&first, OCC_EDATA, name, 0, NULL, "no AMD GPU kernel in the file");
		*err = first;
		report_done(r);
		*r = (struct report){ 0 };
		return false;
	}
	*err = first;
	return true;
}

bool import_amdgpu_load(const char *name, FILE *f, const char *head, size_t head_len,
			struct report *r, struct occ_error *err)
{
	struct stat st;
	unsigned char *data;
	size_t len = 0, cap;
	bool ok;

	*r = (struct report){ 0 };
	if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
	    (uint64_t)st.st_size <= SIZE_MAX) {
		/* Mapped privately and writable, as elf_memory wants; pages are
		 * read as the readers touch them and never written back. */
		data = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_PRIVATE,
			    fileno(f), 0);
		if (data != MAP_FAILED) {
			ok = import_amdgpu_read(name, data, (size_t)st.st_size, r, err);
			munmap(data, (size_t)st.st_size);
			return ok;
		}
	}
	cap = head_len > 0 ? head_len * 2 : 1 << 16;
	data = malloc(cap);
	if (!data)
		goto oom;
	memcpy(data, head, head_len);
	len = head_len;
	for (;;) {
		size_t got;

		if (len == cap) {
			unsigned char *more;

			if (cap >= PIPE_MAX_BYTES) {
				free(data);
				occ_error_set(err, OCC_EDATA, name, 0, NULL,
					      "a binary read from a pipe is read whole, and this one "
					      "is larger than %zu MiB: give its file name instead",
					      PIPE_MAX_BYTES >> 20);
				return false;
			}
			more = realloc(data, cap * 2);
			if (!more) {
				free(data);
				goto oom;
			}
			data = more;
			cap *= 2;
		}
		got = fread(data + len, 1, cap - len, f);
		if (got == 0)
			break;
		len += got;
	}
	if (ferror(f)) {
		free(data);
		occ_error_set(err, OCC_ENOINPUT, name, 0, NULL, "cannot read: %s", strerror(errno));
		return false;
	}
	ok = import_amdgpu_read(name, data, len, r, err);
	free(data);
	return ok;
oom:
	occ_error_set(err, OCC_ESOFTWARE, name, 0, NULL, "out of memory");
	return false;
}
