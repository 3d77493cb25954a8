/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* import_amdgpu.c - the entry to every AMD GPU binary: a code object, a
 * host ELF file with a .hip_fatbin section, an offload bundle; the file
 * mapped (or a pipe read whole) and handed to the reader that takes it. */
#include "config.h"

#include "import_amdgpu.h"
#include "amdgpu_elf.h"

#include <errno.h>
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>

#ifndef EM_AMDGPU
#define EM_AMDGPU 224
#endif
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

/* Whether the ELF image has a section named .hip_fatbin. */
static bool has_hip_fatbin(unsigned char *data, size_t len)
{
	Elf *e;
	Elf_Scn *scn = NULL;
	GElf_Ehdr eh;
	size_t shstrndx;
	bool found = false;

	if (elf_version(EV_CURRENT) == EV_NONE || !(e = elf_memory((char *)data, len)))
		return false;
	if (gelf_getehdr(e, &eh) && import_amdgpu_elf_whole("", &eh, len, 0, &(struct occ_error){ 0 }) &&
	    elf_getshdrstrndx(e, &shstrndx) == 0)
		while (!found && (scn = elf_nextscn(e, scn)) != NULL) {
			GElf_Shdr sh;
			const char *n;

			found = gelf_getshdr(scn, &sh) && (n = elf_strptr(e, shstrndx, sh.sh_name)) &&
				strcmp(n, ".hip_fatbin") == 0;
		}
	elf_end(e);
	return found;
}

bool import_amdgpu_claims(FILE *f, const char *head, size_t len)
{
	struct stat st;
	unsigned char *data;
	bool found;

	if ((len >= strlen(BUNDLE_MAGIC) && memcmp(head, BUNDLE_MAGIC, strlen(BUNDLE_MAGIC)) == 0) ||
	    (len >= 4 && memcmp(head, CCOB_MAGIC, 4) == 0))
		return true;
	if (len < 20 || memcmp(head, ELFMAG, 4) != 0)
		return false;
	/* e_machine, little-endian as every AMD GPU and x86 host ELF is. */
	if (((unsigned char)head[18] | (unsigned char)head[19] << 8) == EM_AMDGPU)
		return true;
	if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= 0 ||
	    (uint64_t)st.st_size > SIZE_MAX)
		return false;
	data = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fileno(f), 0);
	if (data == MAP_FAILED)
		return false;
	found = has_hip_fatbin(data, (size_t)st.st_size);
	munmap(data, (size_t)st.st_size);
	return found;
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
							sh.sh_offset, "ELF .hip_fatbin", r, &bad,
							&one)) {
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

		if (elf_version(EV_CURRENT) == EV_NONE || !(e = elf_memory((char *)data, len)) ||
		    !gelf_getehdr(e, &eh)) {
			occ_error_set(&first, OCC_EDATA, name, 0, NULL, "ELF header at offset 0: %s",
				      elf_errmsg(-1));
			any = false;
		} else {
			if (eh.e_machine == EM_AMDGPU) {
				snprintf(r->format, sizeof(r->format), "AMD code object");
				if (!import_amdgpu_co_read(name, data, len, 0, NULL, r, &first))
					rejected++;
			} else {
				snprintf(r->format, sizeof(r->format), "host ELF with HIP offload bundles");
				any = import_amdgpu_elf_whole(name, &eh, len, 0, &first) &&
				      read_host(name, e, data, len, r, &first);
			}
		}
		if (e)
			elf_end(e);
	} else {
		snprintf(r->format, sizeof(r->format), "offload bundle");
		any = import_offload_bundles_read(name, data, len, 0, "offload bundle", r, &rejected,
						  &first);
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
