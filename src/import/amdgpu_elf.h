/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* amdgpu_elf.h - what the AMD binary readers share of libelf's types, kept
 * out of import_amdgpu.h so that its callers need no libelf headers. */
#ifndef OCC_AMDGPU_ELF_H
#define OCC_AMDGPU_ELF_H

#include <gelf.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"

/* False (err naming the offset) when the section headers eh gives lie past
 * the len bytes of an ELF file at file offset base: a cut file, which libelf
 * would read as one without sections. */
bool import_amdgpu_elf_whole(const char *name, const GElf_Ehdr *eh, size_t len, uint64_t base,
			     struct occ_error *err);

#endif
