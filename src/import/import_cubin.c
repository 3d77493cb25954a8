/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* import_cubin.c - one cubin (an ELF file for EM_CUDA, 190) into kernel
 * records: registers, static shared memory, barriers, launch bounds,
 * required block size, cluster dimensions and stack from its sections and
 * its .nv.info attributes, read with libelf.
 *
 * NVIDIA publishes no layout for these; this follows what public readers
 * agree on and what ptxas -v prints for the same kernels (the oracle of
 * tests/test_import_binary.c, tests/data/cubin/):
 *  - a kernel is a FUNC symbol with STO_CUDA_ENTRY (0x10) in st_other; its
 *    code is the section the symbol lies in (.text.<kernel>);
 *  - .nv.info holds attributes of the whole cubin, EIATTR_REGCOUNT,
 *    EIATTR_FRAME_SIZE, EIATTR_MIN_STACK_SIZE and EIATTR_MAX_STACK_SIZE,
 *    each a symbol index then a 32-bit value; .nv.info.<kernel> (sh_info:
 *    the kernel's .text section) the kernel's own (EIATTR_MAX_THREADS,
 *    EIATTR_REQNTID, EIATTR_CTA_PER_CLUSTER: three 32-bit words;
 *    EIATTR_MAXREG_COUNT, EIATTR_NUM_BARRIERS: a 16-bit or 8-bit value).
 *    An attribute is a format byte (EIFMT_NVAL 1: no value, EIFMT_BVAL 2:
 *    a byte, EIFMT_HVAL 3: 16 bits, EIFMT_SVAL 4: a 16-bit size, then that
 *    many bytes), the attribute's number, and 16 bits of size or value
 *    (redplait/denvdis nv_dis's parse_attrs; GPGPU-Sim's cuobjdump parser;
 *    gvirtus cudart's EIFMT_* and EIATTR_* defines);
 *  - .nv.shared.<kernel> (NOBITS, sh_info: the kernel's .text) is its
 *    static shared memory; from sm_90 on, once linked (ET_EXEC; not in
 *    relocatable device code, ET_REL), its size also counts 1 KiB at the
 *    window's start that ptxas -v does not (the reserved shared memory
 *    every block is given, .nv.reservedSmem), taken off here;
 *  - cubins before EIATTR_REGCOUNT and EIATTR_NUM_BARRIERS kept the
 *    registers in the top byte of the .text section's sh_info and the
 *    barriers in bits 20-26 of its sh_flags (cuobjdump's "SHF_BARRIERS");
 *  - e_flags hold the SM version: bits 8-15 from ELF ABI version 8 (CUDA
 *    12.8 and later), the low byte before (EF_CUDA_SM). */
#include "config.h"

#include "import_binary.h"

#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strutil.h"

#define EM_CUDA_MACHINE 190
#define STO_CUDA_ENTRY 0x10

enum {
	EIFMT_NVAL = 1, EIFMT_BVAL = 2, EIFMT_HVAL = 3, EIFMT_SVAL = 4,
};

enum {
	EIATTR_MAX_THREADS = 0x05,
	EIATTR_REQNTID = 0x10,
	EIATTR_FRAME_SIZE = 0x11,
	EIATTR_MIN_STACK_SIZE = 0x12,
	EIATTR_MAXREG_COUNT = 0x1b,
	EIATTR_MAX_STACK_SIZE = 0x23,
	EIATTR_REGCOUNT = 0x2f,
	EIATTR_CTA_PER_CLUSTER = 0x3d,
	EIATTR_NUM_BARRIERS = 0x4c,
};

/* The 1 KiB from sm_90 on (see the head of the file). */
#define RESERVED_SMEM_SM90 1024

/* One kernel while its cubin is read. */
struct kernel {
	size_t sym;                   /* its symbol's index */
	size_t text;                  /* its .text section's index */
	const char *name;             /* in the ELF's string table */
	struct report_int registers, barriers, smem;
	struct report_binary *b;
};

struct cubin {
	const char *path;
	const struct import_cubin_where *where;
	Elf *elf;
	int sm;
	bool linked;                  /* ET_EXEC: the reserved shared memory is placed */
	char arch[16];
	struct kernel *k;
	size_t n;
};

static void fail(const struct cubin *c, struct occ_error *err, uint64_t at, const char *what)
{
	occ_error_set(err, OCC_EDATA, c->path, 0, NULL,
		      "the cubin at byte offset %llu (%s%s%s) %s at byte offset %llu",
		      (unsigned long long)c->where->offset, c->where->container,
		      c->where->compression[0] ? ", " : "", c->where->compression, what,
		      (unsigned long long)(c->where->offset + at));
}

static struct kernel *kernel_of_text(struct cubin *c, size_t text)
{
	for (size_t i = 0; i < c->n; i++)
		if (c->k[i].text == text)
			return &c->k[i];
	return NULL;
}

static struct kernel *kernel_of_sym(struct cubin *c, size_t sym)
{
	for (size_t i = 0; i < c->n; i++)
		if (c->k[i].sym == sym)
			return &c->k[i];
	return NULL;
}

static uint32_t word(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static bool keep_attr(struct report_binary *b, const struct report_binary_attr *a)
{
	struct report_binary_attr *na;

	if ((b->n_attrs & (b->n_attrs - 1)) == 0) {
		size_t cap = b->n_attrs ? b->n_attrs * 2 : 8;

		na = realloc(b->attrs, cap * sizeof(*na));
		if (!na)
			return false;
		b->attrs = na;
	}
	b->attrs[b->n_attrs++] = *a;
	return true;
}

static struct report_int known(int64_t v)
{
	return (struct report_int){ true, v };
}

/* What one attribute of a kernel says, into its record. */
static void use_attr(struct kernel *k, const struct report_binary_attr *a)
{
	struct report_binary *b = k->b;

	switch (a->number) {
	case EIATTR_MAX_THREADS:
	case EIATTR_REQNTID:
		if (a->format != EIFMT_SVAL || a->n_words < 3)
			return;
		for (int d = 0; d < 3; d++) {
			if (a->number == EIATTR_MAX_THREADS)
				b->max_threads[d] = known(a->words[d]);
			else
				b->req_threads[d] = known(a->words[d]);
		}
		return;
	case EIATTR_MAXREG_COUNT:
		if (a->format == EIFMT_HVAL)
			b->max_registers = known(a->words[0]);
		return;
	case EIATTR_NUM_BARRIERS:
		if (a->format == EIFMT_BVAL || a->format == EIFMT_HVAL)
			k->barriers = known(a->words[0]);
		return;
	default:
		return;
	}
}

/* Walks the attributes of one .nv.info section. kernel NULL: the cubin's
 * own .nv.info, whose attributes name their kernel by symbol index. */
static bool read_info(struct cubin *c, Elf_Scn *scn, const GElf_Shdr *sh, struct kernel *kernel,
		      struct occ_error *err)
{
	Elf_Data *d = elf_getdata(scn, NULL);
	const unsigned char *p, *end;

	if (sh->sh_type == SHT_NOBITS || sh->sh_size == 0)
		return true;
	if (!d || !d->d_buf || d->d_size < sh->sh_size) {
		fail(c, err, sh->sh_offset, "has an .nv.info section past its end");
		return false;
	}
	p = d->d_buf;
	end = p + d->d_size;
	while (end - p >= 4) {
		struct report_binary_attr a = { .format = p[0], .number = p[1] };
		uint16_t v16 = (uint16_t)(p[2] | p[3] << 8);
		size_t at = (size_t)(p - (const unsigned char *)d->d_buf);
		struct kernel *k = kernel;

		if (a.format == EIFMT_SVAL) {
			if ((size_t)(end - p - 4) < v16) {
				fail(c, err, sh->sh_offset + at, "has an attribute cut short");
				return false;
			}
			a.size = v16;
			for (size_t i = 0; i + 4 <= v16 && a.n_words < REPORT_ATTR_WORDS; i += 4)
				a.words[a.n_words++] = word(p + 4 + i);
			p += 4 + v16;
		} else if (a.format == EIFMT_NVAL || a.format == EIFMT_BVAL ||
			   a.format == EIFMT_HVAL) {
			a.size = a.format == EIFMT_NVAL ? 0 : a.format == EIFMT_BVAL ? 1 : 2;
			if (a.format != EIFMT_NVAL) {
				a.n_words = 1;
				a.words[0] = a.format == EIFMT_BVAL ? p[2] : v16;
			}
			p += 4;
		} else {
			fail(c, err, sh->sh_offset + at, "has an .nv.info attribute of unknown format");
			return false;
		}
		if (!k) {
			/* The cubin's own: a symbol index first. */
			if (a.format != EIFMT_SVAL || a.n_words < 1)
				continue;
			k = kernel_of_sym(c, a.words[0]);
			if (!k)
				continue;   /* a device function's */
			if (a.n_words >= 2) {
				int64_t v = a.words[1];

				switch (a.number) {
				case EIATTR_REGCOUNT: k->registers = known(v); break;
				case EIATTR_FRAME_SIZE: k->b->frame_bytes = known(v); break;
				case EIATTR_MIN_STACK_SIZE: k->b->min_stack_bytes = known(v); break;
				case EIATTR_MAX_STACK_SIZE: k->b->max_stack_bytes = known(v); break;
				default: break;
				}
			}
		} else {
			use_attr(k, &a);
		}
		if (!keep_attr(k->b, &a)) {
			occ_error_set(err, OCC_ESOFTWARE, c->path, 0, NULL, "out of memory");
			return false;
		}
	}
	return true;
}

/* The kernels: FUNC symbols marked as entries. */
static bool find_kernels(struct cubin *c, struct occ_error *err)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(c->elf, scn)) != NULL) {
		GElf_Shdr sh;
		Elf_Data *d;
		size_t n;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_SYMTAB)
			continue;
		d = elf_getdata(scn, NULL);
		if (!d || sh.sh_entsize == 0 || (sh.sh_size > 0 && !d->d_buf)) {
			fail(c, err, sh.sh_offset, "has a symbol table past its end");
			return false;
		}
		n = sh.sh_size / sh.sh_entsize;
		for (size_t i = 0; i < n; i++) {
			GElf_Sym sym;
			struct kernel *k;
			const char *name;

			if (!gelf_getsym(d, (int)i, &sym)) {
				fail(c, err, sh.sh_offset + i * sh.sh_entsize, "has a symbol cut short");
				return false;
			}
			if (GELF_ST_TYPE(sym.st_info) != STT_FUNC || !(sym.st_other & STO_CUDA_ENTRY) ||
			    sym.st_shndx == SHN_UNDEF || sym.st_shndx >= SHN_LORESERVE)
				continue;
			name = elf_strptr(c->elf, sh.sh_link, sym.st_name);
			if (!name) {
				fail(c, err, sh.sh_offset + i * sh.sh_entsize,
				     "names a kernel past its string table");
				return false;
			}
			k = realloc(c->k, (c->n + 1) * sizeof(*k));
			if (!k) {
				occ_error_set(err, OCC_ESOFTWARE, c->path, 0, NULL, "out of memory");
				return false;
			}
			c->k = k;
			k = &c->k[c->n++];
			*k = (struct kernel){ .sym = i, .text = sym.st_shndx, .name = name };
			k->b = calloc(1, sizeof(*k->b));
			if (!k->b) {
				occ_error_set(err, OCC_ESOFTWARE, c->path, 0, NULL, "out of memory");
				return false;
			}
		}
		break;
	}
	return true;
}

/* The SM version e_flags give (see the head of the file), with the "a"
 * or "f" of an architecture-specific target where the ELF says. */
static void arch_of(struct cubin *c, const GElf_Ehdr *eh)
{
	unsigned flags = (unsigned)eh->e_flags;
	bool v8 = eh->e_ident[EI_ABIVERSION] >= 8;
	int sm = v8 ? (int)((flags >> 8) & 0xff) : (int)(flags & 0xff);

	if (c->where->entry_sm > 0)
		sm = c->where->entry_sm;
	c->sm = sm;
	snprintf(c->arch, sizeof(c->arch), "sm_%d", sm);
}

static bool read_sections(struct cubin *c, struct occ_error *err)
{
	size_t shstrndx;
	Elf_Scn *scn = NULL;

	if (elf_getshdrstrndx(c->elf, &shstrndx) != 0) {
		fail(c, err, 0, "has no section name table");
		return false;
	}
	/* .text sections first (the old register and barrier fields), then the
	 * attributes, which win where both say. */
	for (size_t i = 0; i < c->n; i++) {
		struct kernel *k = &c->k[i];
		GElf_Shdr sh;

		scn = elf_getscn(c->elf, k->text);
		if (!scn || !gelf_getshdr(scn, &sh)) {
			fail(c, err, 0, "names a kernel section that is not there");
			return false;
		}
		if (sh.sh_info >> 24)
			k->registers = known(sh.sh_info >> 24);
		k->barriers = known((sh.sh_flags >> 20) & 0x7f);
	}
	scn = NULL;
	while ((scn = elf_nextscn(c->elf, scn)) != NULL) {
		GElf_Shdr sh;
		const char *name;
		struct kernel *k;

		if (!gelf_getshdr(scn, &sh))
			continue;
		name = elf_strptr(c->elf, shstrndx, sh.sh_name);
		if (!name)
			continue;
		if (strcmp(name, ".nv.info") == 0) {
			if (!read_info(c, scn, &sh, NULL, err))
				return false;
		} else if (strncmp(name, ".nv.info.", 9) == 0) {
			k = kernel_of_text(c, sh.sh_info);
			if (k && !read_info(c, scn, &sh, k, err))
				return false;
		} else if (strncmp(name, ".nv.shared.", 11) == 0 &&
			   strncmp(name, ".nv.shared.reserved", 19) != 0) {
			int64_t size = (int64_t)sh.sh_size;

			k = kernel_of_text(c, sh.sh_info);
			if (!k)
				continue;
			if (c->linked && c->sm >= 90 && size >= RESERVED_SMEM_SM90)
				size -= RESERVED_SMEM_SM90;
			k->smem = known(size);
		}
	}
	return true;
}

static bool emit(struct import_binary_read *rd, struct cubin *c, struct kernel *k,
		 struct occ_error *err)
{
	struct report_record *rec = report_add(rd->r, 0);
	struct report_binary *b = k->b;
	char *demangled = import_demangle(k->name);

	if (!rec || !(rec->name = demangled ? demangled : strdup(k->name)) ||
	    !(rec->short_name = import_intern_short_name(rd->r, k->name)) ||
	    (demangled && !(b->mangled_name = strdup(k->name)))) {
		if (rec && !rec->name)
			free(demangled);
		occ_error_set(err, OCC_ESOFTWARE, rd->path, 0, NULL, "out of memory");
		return false;
	}
	str_copy(b->container, sizeof(b->container), c->where->container);
	str_copy(b->arch, sizeof(b->arch), c->arch);
	str_copy(b->compression, sizeof(b->compression), c->where->compression);
	b->sm = c->sm;
	b->offset = c->where->offset;
	rec->binary = b;
	k->b = NULL;
	rec->vendor = REPORT_VENDOR_NVIDIA;
	rec->cc_major = known(c->sm / 10);
	rec->cc_minor = known(c->sm % 10);
	rec->registers = k->registers;
	rec->static_smem_bytes = k->smem.present ? k->smem : known(0);
	rec->barriers = k->barriers;
	for (int d = 0; d < 3; d++) {
		if (b->req_threads[0].present)
			rec->block[d] = b->req_threads[d];
		else if (b->max_threads[0].present)
			rec->block[d] = b->max_threads[d];
	}
	for (size_t i = 0; i < b->n_attrs; i++) {
		const struct report_binary_attr *a = &b->attrs[i];

		if (a->number == EIATTR_CTA_PER_CLUSTER && a->format == EIFMT_SVAL &&
		    a->n_words >= 3)
			for (int d = 0; d < 3; d++)
				rec->cluster[d] = known(a->words[d]);
	}
	rd->counts.kernels++;
	return true;
}

int import_cubin_sm(unsigned char *image, size_t len)
{
	struct import_cubin_where where = { .container = "cubin", .compression = "" };
	struct cubin c = { .where = &where };
	GElf_Ehdr eh;

	if (elf_version(EV_CURRENT) == EV_NONE)
		return 0;
	c.elf = elf_memory((char *)image, len);
	if (c.elf && gelf_getehdr(c.elf, &eh))
		arch_of(&c, &eh);
	if (c.elf)
		elf_end(c.elf);
	return c.sm;
}

bool import_cubin_read(struct import_binary_read *rd, unsigned char *image, size_t len,
		       const struct import_cubin_where *where, struct occ_error *err)
{
	struct cubin c = { .path = rd->path, .where = where };
	GElf_Ehdr eh;
	bool ok = false;

	if (elf_version(EV_CURRENT) == EV_NONE) {
		occ_error_set(err, OCC_ESOFTWARE, rd->path, 0, NULL, "libelf: %s", elf_errmsg(-1));
		return false;
	}
	c.elf = elf_memory((char *)image, len);
	if (!c.elf || elf_kind(c.elf) != ELF_K_ELF || !gelf_getehdr(c.elf, &eh)) {
		fail(&c, err, 0, "is no ELF file (or is cut short)");
		goto out;
	}
	if (eh.e_machine != EM_CUDA_MACHINE) {
		fail(&c, err, 0, "is an ELF file for another machine than CUDA (190)");
		goto out;
	}
	arch_of(&c, &eh);
	c.linked = eh.e_type == ET_EXEC;
	if (!find_kernels(&c, err) || !read_sections(&c, err))
		goto out;
	rd->counts.cubins++;
	if (where->compression[0])
		rd->counts.compressed++;
	rd->counts.payload_bytes += len;
	for (size_t i = 0; i < c.n; i++)
		if (!emit(rd, &c, &c.k[i], err))
			goto out;
	ok = true;
out:
	for (size_t i = 0; i < c.n; i++)
		report_binary_free(c.k[i].b);
	free(c.k);
	if (c.elf)
		elf_end(c.elf);
	return ok;
}
