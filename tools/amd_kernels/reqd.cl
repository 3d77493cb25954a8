// SPDX-License-Identifier: MIT
// Copyright (c) 2026 the occview developers
// reqd.cl - an OpenCL kernel with a required work-group size and local memory,
// for tools/gen_amd_objects.sh: .reqd_workgroup_size in the metadata. The
// work-item ids and the barrier are clang's builtins: -nogpulib has no library.
__kernel __attribute__((reqd_work_group_size(16, 8, 1)))
void reqd_kernel(__global float *out, __global const float *in)
{
	__local float tile[16 * 8 * 4];
	uint t = __builtin_amdgcn_workitem_id_y() * 16 + __builtin_amdgcn_workitem_id_x();
	uint g = __builtin_amdgcn_workgroup_id_x() * 128 + t;
	tile[t] = in[g];
	__builtin_amdgcn_s_barrier();
	out[g] = tile[(t + 1) % (16 * 8)];
}
