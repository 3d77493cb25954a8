/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* import_elfhost.c - the binary reader's entry: a file that is a cubin, a
 * fatbin, or a host ELF file (executable, shared library, object) whose
 * .nv_fatbin or __nv_relfatbin sections hold fatbins. The file is mapped,
 * never read whole, and each container's pages are given back once read,
 * so a 500 MB library costs what one cubin does. */
#include "config.h"

#include "import_binary.h"
#include "report_launch.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "strutil.h"

#define EM_CUDA_MACHINE 190

static uint32_t u32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

bool import_binary_probe(const unsigned char *head, size_t len)
{
	if (len >= 4 && memcmp(head, "\177ELF", 4) == 0)
		return true;
	return len >= 4 && (u32(head) == 0xBA55ED50u || u32(head) == 0x466243B1u);
}

/* A host ELF file: every section that holds fatbins. */
static bool read_host(struct import_binary_read *rd, Elf *elf, unsigned char *map, size_t size,
		      size_t *sections, struct occ_error *err)
{
	size_t shstrndx;
	Elf_Scn *scn = NULL;

	if (elf_getshdrstrndx(elf, &shstrndx) != 0) {
		occ_error_set(err, OCC_EDATA, rd->path, 0, NULL,
			      "an ELF file without a section name table (%s)", elf_errmsg(-1));
		return false;
	}
	while ((scn = elf_nextscn(elf, scn)) != NULL && !rd->stopped) {
		GElf_Shdr sh;
		const char *name, *container;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type == SHT_NOBITS)
			continue;
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (!name)
			continue;
		if (strcmp(name, ".nv_fatbin") == 0)
			container = "ELF .nv_fatbin";
		else if (strcmp(name, "__nv_relfatbin") == 0)
			container = "ELF __nv_relfatbin";
		else
			continue;
		if (sh.sh_offset > size || sh.sh_size > size - sh.sh_offset) {
			occ_error_set(err, OCC_EDATA, rd->path, 0, NULL,
				      "the %s section (at byte offset %llu, %llu bytes) runs past the "
				      "end of the file (%zu bytes): is it cut short?", name,
				      (unsigned long long)sh.sh_offset,
				      (unsigned long long)sh.sh_size, size);
			return false;
		}
		(*sections)++;
		if (!import_fatbin_read(rd, map + sh.sh_offset, sh.sh_size, sh.sh_offset, container,
					err))
			return false;
	}
	return true;
}

static bool read_mapped(struct import_binary_read *rd, unsigned char *map, size_t size,
			struct occ_error *err)
{
	struct import_cubin_where where = { .offset = 0, .container = "cubin", .compression = "" };
	size_t sections = 0;
	GElf_Ehdr eh;
	Elf *elf;
	bool ok;

	if (memcmp(map, "\177ELF", 4) != 0)
		return import_fatbin_read(rd, map, size, 0, "fatbin", err);
	if (elf_version(EV_CURRENT) == EV_NONE) {
		occ_error_set(err, OCC_ESOFTWARE, rd->path, 0, NULL, "libelf: %s", elf_errmsg(-1));
		return false;
	}
	elf = elf_memory((char *)map, size);
	if (!elf || !gelf_getehdr(elf, &eh)) {
		occ_error_set(err, OCC_EDATA, rd->path, 0, NULL,
			      "an ELF file whose header does not read (%s): is it cut short?",
			      elf_errmsg(-1));
		if (elf)
			elf_end(elf);
		return false;
	}
	if (eh.e_shoff > size || (uint64_t)eh.e_shnum * eh.e_shentsize > size - eh.e_shoff) {
		occ_error_set(err, OCC_EDATA, rd->path, 0, NULL,
			      "an ELF file cut short: its section headers (at byte offset %llu) "
			      "run past the end of the file (%zu bytes)",
			      (unsigned long long)eh.e_shoff, size);
		elf_end(elf);
		return false;
	}
	if (eh.e_machine == EM_CUDA_MACHINE) {
		elf_end(elf);
		if (rd->sms) {
			import_binary_note_sm(rd, import_cubin_sm(map, size));
			return true;
		}
		ok = import_cubin_read(rd, map, size, &where, err) && import_binary_settle(rd);
		return ok;
	}
	ok = read_host(rd, elf, map, size, &sections, err);
	elf_end(elf);
	if (ok && sections == 0) {
		occ_error_set(err, OCC_EDATA, rd->path, 0, NULL,
			      "an ELF file with no CUDA code: no .nv_fatbin or __nv_relfatbin "
			      "section, and not a cubin");
		return false;
	}
	return ok;
}

static bool read_file(struct import_binary_read *proto, const struct report_sink *sink,
		      struct report *r, struct import_binary_counts *counts, struct occ_error *err)
{
	struct import_binary_read rd = *proto;
	const char *path = proto->path;
	struct stat st;
	unsigned char *map;
	bool ok;
	int fd;

	rd.r = r;
	rd.sink = sink;
	rd.mapped = true;
	*r = (struct report){ 0 };
	occ_error_clear(err);
	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		occ_error_set(err, OCC_ENOINPUT, path, 0, NULL, "cannot open: %s", strerror(errno));
		return false;
	}
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size < 4) {
		occ_error_set(err, OCC_ENOINPUT, path, 0, NULL, "%s",
			      S_ISDIR(st.st_mode) ? "a directory, not a file" :
			      "not a regular file of a binary's size, so not read as one");
		close(fd);
		return false;
	}
	/* Private and writable: libelf may write where it reads, and nothing
	 * goes back to the file. */
	map = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED) {
		occ_error_set(err, OCC_ENOINPUT, path, 0, NULL, "cannot map: %s", strerror(errno));
		return false;
	}
	str_copy(r->format, sizeof(r->format), "compiled binary");
	ok = read_mapped(&rd, map, (size_t)st.st_size, err);
	munmap(map, (size_t)st.st_size);
	if (counts)
		*counts = rd.counts;
	proto->n_sms = rd.n_sms;
	if (ok && !import_binary_settle(&rd))
		ok = false;
	if (ok && rd.counts.kernels == 0 && !rd.decompress_only && !rd.sms) {
		occ_error_set(err, OCC_EDATA, path, 0, NULL,
			      "a binary with no kernel to read: %zu fatbin entries, %zu of them PTX "
			      "(compiled only when a program runs), %zu cubins", rd.counts.entries,
			      rd.counts.ptx_entries, rd.counts.cubins);
		ok = false;
	}
	if (!ok)
		report_done(r);
	if (sink && ok) {
		free(r->store);
		r->store = r->records = NULL;
		r->store_cap = 0;
	}
	return ok;
}

bool report_binary_stream_sm(const char *path, int sm, const struct report_sink *sink,
			     struct report *r, struct import_binary_counts *counts,
			     struct occ_error *err)
{
	struct import_binary_read rd = { .path = path, .only_sm = sm };

	return read_file(&rd, sink, r, counts, err);
}

bool report_binary_stream(const char *path, const struct report_sink *sink, struct report *r,
			  struct import_binary_counts *counts, struct occ_error *err)
{
	return report_binary_stream_sm(path, 0, sink, r, counts, err);
}

bool import_binary_decompress(const char *path, struct import_binary_counts *counts,
			      struct occ_error *err)
{
	struct import_binary_read rd = { .path = path, .decompress_only = true };
	struct report r;
	bool ok = read_file(&rd, NULL, &r, counts, err);

	report_done(&r);
	return ok;
}

bool import_binary_sms(const char *path, int *sms, size_t max, size_t *n, struct occ_error *err)
{
	struct import_binary_read rd = { .path = path, .sms = sms, .max_sms = max };
	struct report r;
	bool ok = read_file(&rd, NULL, &r, NULL, err);

	report_done(&r);
	*n = rd.n_sms;
	return ok;
}

int import_binary_choose_sm(const int *sms, size_t n, int major, int minor, bool *jit)
{
	int device = major * 10 + minor, same = 0, older = 0;

	*jit = false;
	for (size_t i = 0; i < n; i++) {
		if (sms[i] / 10 == major && sms[i] <= device)
			same = sms[i];
		else if (sms[i] < device)
			older = sms[i];
	}
	if (same)
		return same;
	*jit = older != 0;
	return older;
}

bool import_binary_runs_on(const struct gpu_arch *arch)
{
	return arch->vendor == GPU_NVIDIA;
}

bool import_binary_record_runs_on(const struct report_record *rec, const struct gpu_arch *arch)
{
	enum report_vendor v = report_record_vendor(rec);

	return rec->binary && v != REPORT_VENDOR_UNKNOWN &&
	       (v == REPORT_VENDOR_AMD) == (arch->vendor == GPU_AMD);
}
