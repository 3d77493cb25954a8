/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* amdgpu_metadata.h - AMD code object metadata (the NT_AMDGPU_METADATA note,
 * MessagePack, code object v3 to v6; LLVM's AMDGPUUsage) read into one
 * struct per kernel. Pure: no ELF, no records. */
#ifndef OCC_AMDGPU_METADATA_H
#define OCC_AMDGPU_METADATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "report.h"

/* The most bytes of a name or target kept (longer ones are an error: no
 * compiler writes them). */
#define AMDGPU_MD_NAME 4096
#define AMDGPU_MD_TARGET 128

/* One kernel's figures; each present only where the note has it. */
struct amdgpu_md_kernel {
	char name[AMDGPU_MD_NAME];     /* .name: the mangled source name */
	char symbol[AMDGPU_MD_NAME];   /* .symbol: the kernel descriptor, "name.kd" */
	struct report_int vgpr_count, agpr_count, sgpr_count;
	struct report_int vgpr_spill_count, sgpr_spill_count;
	struct report_int group_segment_fixed_size, private_segment_fixed_size;
	struct report_int wavefront_size, max_flat_workgroup_size;
	struct report_int reqd_workgroup_size[3];
	struct report_int uses_dynamic_stack;     /* 0 or 1 */
	/* Every key of the kernel's map, in the note's order, read or not
	 * (heap; amdgpu_md_done frees what nobody took). */
	size_t n_keys;
	struct report_binary_key *keys;
};

struct amdgpu_md {
	char target[AMDGPU_MD_TARGET];  /* amdhsa.target, "" when absent */
	struct report_int version[2];   /* amdhsa.version */
	size_t n_kernels;
	struct amdgpu_md_kernel *kernels;   /* heap */
};

/* Reads the note's description (len bytes of MessagePack). False with a
 * message in why (and *at the offset into data where it went wrong) when it
 * is no metadata map: a truncated or malformed object, a count larger than
 * the bytes that follow, nesting deeper than any compiler writes, a field of
 * the wrong type. md is then empty. */
bool amdgpu_md_read(const unsigned char *data, size_t len, struct amdgpu_md *md, size_t *at,
		    char *why, size_t why_size);
void amdgpu_md_done(struct amdgpu_md *md);

/* The processor of an amdhsa.target ("amdgcn-amd-amdhsa--gfx90a:xnack-"
 * gives "gfx90a"; a bundle's "hipv4-amdgcn-amd-amdhsa--gfx942:sramecc+"
 * too) into out; false when target names no amdgcn processor. */
bool amdgpu_md_processor(const char *target, char *out, size_t size);

#endif
