// SPDX-License-Identifier: MIT
// Copyright (c) 2026 the occview developers
// kernels.hip - small AMD GPU kernels with chosen VGPR pressure, AGPRs, LDS,
// launch bounds and spills, compiled by tools/gen_amd_objects.sh without the
// HIP headers (-nogpuinc): the few keywords HIP defines are defined here.
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define BOUNDS(n) __attribute__((amdgpu_flat_work_group_size(1, n)))

// N accumulators live across the loop: about N VGPRs.
template <int N>
__device__ void accumulate(float *out, const float *in, int n)
{
	float acc[N];
	int t = __builtin_amdgcn_workitem_id_x();
#pragma unroll
	for (int i = 0; i < N; i++)
		acc[i] = in[t + i];
	for (int j = 0; j < n; j++) {
#pragma unroll
		for (int i = 0; i < N; i++)
			acc[i] = acc[i] * in[j] + acc[(i + 1) % N];
	}
#pragma unroll
	for (int i = 0; i < N; i++)
		out[t * N + i] = acc[i];
}

#ifndef GATE_ONLY
template <int N>
__global__ void BOUNDS(256) acc_kernel(float *out, const float *in, int n)
{
	accumulate<N>(out, in, n);
}
template __global__ void acc_kernel<8>(float *, const float *, int);
template __global__ void acc_kernel<24>(float *, const float *, int);
template __global__ void acc_kernel<48>(float *, const float *, int);
template __global__ void acc_kernel<96>(float *, const float *, int);
template __global__ void acc_kernel<160>(float *, const float *, int);

// Static LDS of BYTES per workgroup.
template <int BYTES>
__global__ void BOUNDS(512) lds_kernel(float *out, const float *in)
{
	__shared__ float tile[BYTES / 4];
	int t = __builtin_amdgcn_workitem_id_x();
	for (int i = t; i < BYTES / 4; i += 512)
		tile[i] = in[i];
	__builtin_amdgcn_s_barrier();
	out[t] = tile[(t * 7) % (BYTES / 4)];
}
template __global__ void lds_kernel<1024>(float *, const float *);
template __global__ void lds_kernel<12288>(float *, const float *);
template __global__ void lds_kernel<40960>(float *, const float *);

// Pressure above a VGPR budget: the compiler spills to scratch.
extern "C" __global__ void BOUNDS(1024) __attribute__((amdgpu_num_vgpr(32)))
spill_kernel(float *out, const float *in, int n)
{
	accumulate<64>(out, in, n);
}

// No bound given: HIP's default, 1024 work-items.
extern "C" __global__ void unbounded_kernel(float *out, const float *in, int n)
{
	accumulate<16>(out, in, n);
}

#if defined(__gfx90a__) || defined(__gfx942__)
// Accumulation VGPRs (CDNA): a clobber makes the kernel reserve a0 to a39.
extern "C" __global__ void BOUNDS(256) agpr_kernel(float *out, const float *in, int n)
{
	asm volatile("; reserve AGPRs" ::: "a39");
	accumulate<24>(out, in, n);
}
#endif
#endif

#ifdef GATE_PRESSURE
// The regression gate's pair: the same kernel at two pressures, and one
// kernel each side alone.
extern "C" __global__ void BOUNDS(256) gate_kernel(float *out, const float *in, int n)
{
	accumulate<GATE_PRESSURE>(out, in, n);
}
#if GATE_PRESSURE < 64
extern "C" __global__ void BOUNDS(256) gate_removed(float *out, const float *in, int n)
{
	accumulate<8>(out, in, n);
}
#else
extern "C" __global__ void BOUNDS(256) gate_added(float *out, const float *in, int n)
{
	accumulate<8>(out, in, n);
}
#endif
#endif
