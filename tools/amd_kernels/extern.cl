// SPDX-License-Identifier: MIT
// Copyright (c) 2026 the occview developers
// extern.cl - a kernel that calls a function defined elsewhere: the compiler
// cannot know its registers, so its remarks print expressions, not numbers,
// and its metadata says the stack is dynamic (tools/gen_amd_objects.sh).
float elsewhere(float);

__kernel void extern_kernel(__global float *out, __global const float *in)
{
	uint t = __builtin_amdgcn_workitem_id_x();
	out[t] = elsewhere(in[t]);
}
