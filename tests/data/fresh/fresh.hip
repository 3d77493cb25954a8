// SPDX-License-Identifier: MIT
// Copyright (c) 2026 the occview developers
// fresh.hip - written by tools/gen_fresh.py, seed 52817: do not edit.
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))

template <int N>
__attribute__((device)) inline float accumulate(const float *in, int n)
{
	float acc[N];
	int t = __builtin_amdgcn_workitem_id_x();
#pragma unroll
	for (int i = 0; i < N; i++)
		acc[i] = in[t + i];
#pragma unroll 1
	for (int j = 0; j < n; j++) {
#pragma unroll
		for (int i = 0; i < N; i++)
			acc[i] = acc[i] * in[j] + acc[(i + 1) % N];
	}
	float s = 0;
#pragma unroll
	for (int i = 0; i < N; i++)
		s += acc[i] * (float)(i + 1);
	return s;
}

extern "C" __global__ void __attribute__((amdgpu_num_vgpr(24))) fresh_0(float *out, const float *in, int n)
{
	int t = __builtin_amdgcn_workitem_id_x();
	float r = accumulate<128>(in, n);
	__shared__ float tile[8192];
	tile[t % 8192] = r;
	__builtin_amdgcn_s_barrier();
	r += tile[(t * 7) % 8192];
	out[t] = r;
}

extern "C" __global__ void __attribute__((amdgpu_flat_work_group_size(1, 1024))) fresh_1(float *out, const float *in, int n)
{
	int t = __builtin_amdgcn_workitem_id_x();
	float r = accumulate<128>(in, n);
	out[t] = r;
}

extern "C" __global__ void  fresh_2(float *out, const float *in, int n)
{
	int t = __builtin_amdgcn_workitem_id_x();
	float r = accumulate<40>(in, n);
	__shared__ float tile[128];
	tile[t % 128] = r;
	__builtin_amdgcn_s_barrier();
	r += tile[(t * 7) % 128];
	out[t] = r;
}

extern "C" __global__ void __attribute__((amdgpu_num_vgpr(24))) fresh_3(float *out, const float *in, int n)
{
	int t = __builtin_amdgcn_workitem_id_x();
	float r = accumulate<16>(in, n);
	out[t] = r;
}

extern "C" __global__ void __attribute__((amdgpu_num_vgpr(24))) fresh_4(float *out, const float *in, int n)
{
	int t = __builtin_amdgcn_workitem_id_x();
	float r = accumulate<40>(in, n);
	__shared__ float tile[1024];
	tile[t % 1024] = r;
	__builtin_amdgcn_s_barrier();
	r += tile[(t * 7) % 1024];
	out[t] = r;
}

extern "C" __global__ void __attribute__((amdgpu_flat_work_group_size(1, 256))) fresh_5(float *out, const float *in, int n)
{
	int t = __builtin_amdgcn_workitem_id_x();
	float r = accumulate<16>(in, n);
	__shared__ float tile[1024];
	tile[t % 1024] = r;
	__builtin_amdgcn_s_barrier();
	r += tile[(t * 7) % 1024];
	float loc[16];
#pragma unroll 1
	for (int j = 0; j < 16; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 16];
	out[t] = r;
}

extern "C" __global__ void __attribute__((amdgpu_num_vgpr(32))) fresh_6(float *out, const float *in, int n)
{
	int t = __builtin_amdgcn_workitem_id_x();
	float r = accumulate<1>(in, n);
	__shared__ float tile[16384];
	tile[t % 16384] = r;
	__builtin_amdgcn_s_barrier();
	r += tile[(t * 7) % 16384];
	out[t] = r;
}

extern "C" __global__ void  fresh_7(float *out, const float *in, int n)
{
	int t = __builtin_amdgcn_workitem_id_x();
	float r = accumulate<64>(in, n);
	__shared__ float tile[128];
	tile[t % 128] = r;
	__builtin_amdgcn_s_barrier();
	r += tile[(t * 7) % 128];
	out[t] = r;
}

extern "C" __global__ void  fresh_8(float *out, const float *in, int n)
{
	int t = __builtin_amdgcn_workitem_id_x();
	float r = accumulate<96>(in, n);
	__shared__ float tile[8192];
	tile[t % 8192] = r;
	__builtin_amdgcn_s_barrier();
	r += tile[(t * 7) % 8192];
	out[t] = r;
}

extern "C" __global__ void __attribute__((amdgpu_flat_work_group_size(1, 256))) __attribute__((amdgpu_waves_per_eu(8))) fresh_9(float *out, const float *in, int n)
{
	int t = __builtin_amdgcn_workitem_id_x();
	float r = accumulate<1>(in, n);
	__shared__ float tile[250];
	tile[t % 250] = r;
	__builtin_amdgcn_s_barrier();
	r += tile[(t * 7) % 250];
	out[t] = r;
}

extern "C" __global__ void __attribute__((amdgpu_flat_work_group_size(1, 64))) fresh_10(float *out, const float *in, int n)
{
	int t = __builtin_amdgcn_workitem_id_x();
	float r = accumulate<4>(in, n);
	__shared__ float tile[16384];
	tile[t % 16384] = r;
	__builtin_amdgcn_s_barrier();
	r += tile[(t * 7) % 16384];
	out[t] = r;
}

extern "C" __global__ void __attribute__((amdgpu_num_vgpr(64))) fresh_11(float *out, const float *in, int n)
{
	int t = __builtin_amdgcn_workitem_id_x();
	float r = accumulate<64>(in, n);
	float loc[64];
#pragma unroll 1
	for (int j = 0; j < 64; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 64];
	out[t] = r;
}

extern "C" __global__ void __attribute__((amdgpu_flat_work_group_size(1, 64))) __attribute__((amdgpu_waves_per_eu(6))) fresh_12(float *out, const float *in, int n)
{
	int t = __builtin_amdgcn_workitem_id_x();
	float r = accumulate<96>(in, n);
	__shared__ float tile[3072];
	tile[t % 3072] = r;
	__builtin_amdgcn_s_barrier();
	r += tile[(t * 7) % 3072];
	out[t] = r;
}

extern "C" __global__ void __attribute__((amdgpu_flat_work_group_size(1, 256))) fresh_13(float *out, const float *in, int n)
{
	int t = __builtin_amdgcn_workitem_id_x();
	float r = accumulate<96>(in, n);
	__shared__ float tile[8192];
	tile[t % 8192] = r;
	__builtin_amdgcn_s_barrier();
	r += tile[(t * 7) % 8192];
	float loc[16];
#pragma unroll 1
	for (int j = 0; j < 16; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 16];
	out[t] = r;
}

extern "C" __global__ void __attribute__((amdgpu_flat_work_group_size(1, 1024))) fresh_14(float *out, const float *in, int n)
{
	int t = __builtin_amdgcn_workitem_id_x();
	float r = accumulate<8>(in, n);
	__shared__ float tile[16384];
	tile[t % 16384] = r;
	__builtin_amdgcn_s_barrier();
	r += tile[(t * 7) % 16384];
	float loc[16];
#pragma unroll 1
	for (int j = 0; j < 16; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 16];
	out[t] = r;
}

extern "C" __global__ void __attribute__((amdgpu_flat_work_group_size(1, 512))) fresh_15(float *out, const float *in, int n)
{
	int t = __builtin_amdgcn_workitem_id_x();
	float r = accumulate<16>(in, n);
	__shared__ float tile[250];
	tile[t % 250] = r;
	__builtin_amdgcn_s_barrier();
	r += tile[(t * 7) % 250];
	out[t] = r;
}

extern "C" __global__ void __attribute__((amdgpu_flat_work_group_size(1, 1024))) fresh_16(float *out, const float *in, int n)
{
	int t = __builtin_amdgcn_workitem_id_x();
	float r = accumulate<1>(in, n);
	out[t] = r;
}

extern "C" __global__ void  fresh_17(float *out, const float *in, int n)
{
	int t = __builtin_amdgcn_workitem_id_x();
	float r = accumulate<96>(in, n);
	__shared__ float tile[3072];
	tile[t % 3072] = r;
	__builtin_amdgcn_s_barrier();
	r += tile[(t * 7) % 3072];
	out[t] = r;
}

extern "C" __global__ void __attribute__((amdgpu_num_vgpr(24))) fresh_18(float *out, const float *in, int n)
{
	int t = __builtin_amdgcn_workitem_id_x();
	float r = accumulate<4>(in, n);
	__shared__ float tile[1];
	tile[t % 1] = r;
	__builtin_amdgcn_s_barrier();
	r += tile[(t * 7) % 1];
	out[t] = r;
}

extern "C" __global__ void __attribute__((amdgpu_flat_work_group_size(1, 512))) __attribute__((amdgpu_waves_per_eu(6))) fresh_19(float *out, const float *in, int n)
{
	int t = __builtin_amdgcn_workitem_id_x();
	float r = accumulate<96>(in, n);
	__shared__ float tile[128];
	tile[t % 128] = r;
	__builtin_amdgcn_s_barrier();
	r += tile[(t * 7) % 128];
	float loc[64];
#pragma unroll 1
	for (int j = 0; j < 64; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 64];
	out[t] = r;
}

extern "C" __global__ void __attribute__((amdgpu_flat_work_group_size(1, 1024))) fresh_20(float *out, const float *in, int n)
{
	int t = __builtin_amdgcn_workitem_id_x();
	float r = accumulate<16>(in, n);
	float loc[16];
#pragma unroll 1
	for (int j = 0; j < 16; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 16];
	out[t] = r;
}

extern "C" __global__ void __attribute__((amdgpu_waves_per_eu(6))) fresh_21(float *out, const float *in, int n)
{
	int t = __builtin_amdgcn_workitem_id_x();
	float r = accumulate<8>(in, n);
	__shared__ float tile[1];
	tile[t % 1] = r;
	__builtin_amdgcn_s_barrier();
	r += tile[(t * 7) % 1];
	out[t] = r;
}

extern "C" __global__ void __attribute__((amdgpu_flat_work_group_size(1, 1024))) __attribute__((amdgpu_num_vgpr(48))) fresh_22(float *out, const float *in, int n)
{
	int t = __builtin_amdgcn_workitem_id_x();
	float r = accumulate<1>(in, n);
	__shared__ float tile[1];
	tile[t % 1] = r;
	__builtin_amdgcn_s_barrier();
	r += tile[(t * 7) % 1];
	float loc[16];
#pragma unroll 1
	for (int j = 0; j < 16; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 16];
	out[t] = r;
}

extern "C" __global__ void __attribute__((amdgpu_flat_work_group_size(1, 64))) __attribute__((amdgpu_num_vgpr(64))) fresh_23(float *out, const float *in, int n)
{
	int t = __builtin_amdgcn_workitem_id_x();
	float r = accumulate<4>(in, n);
	__shared__ float tile[16384];
	tile[t % 16384] = r;
	__builtin_amdgcn_s_barrier();
	r += tile[(t * 7) % 16384];
	out[t] = r;
}

extern "C" __global__ void __attribute__((amdgpu_flat_work_group_size(1, 1024))) fresh_24(float *out, const float *in, int n)
{
	int t = __builtin_amdgcn_workitem_id_x();
	float r = accumulate<64>(in, n);
	__shared__ float tile[1];
	tile[t % 1] = r;
	__builtin_amdgcn_s_barrier();
	r += tile[(t * 7) % 1];
	float loc[16];
#pragma unroll 1
	for (int j = 0; j < 16; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 16];
	out[t] = r;
}

extern "C" __global__ void __attribute__((amdgpu_waves_per_eu(6))) fresh_25(float *out, const float *in, int n)
{
	int t = __builtin_amdgcn_workitem_id_x();
	float r = accumulate<1>(in, n);
	float loc[16];
#pragma unroll 1
	for (int j = 0; j < 16; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 16];
	out[t] = r;
}

extern "C" __global__ void __attribute__((amdgpu_flat_work_group_size(1, 512))) __attribute__((amdgpu_num_vgpr(64))) fresh_26(float *out, const float *in, int n)
{
	int t = __builtin_amdgcn_workitem_id_x();
	float r = accumulate<16>(in, n);
	__shared__ float tile[1024];
	tile[t % 1024] = r;
	__builtin_amdgcn_s_barrier();
	r += tile[(t * 7) % 1024];
	out[t] = r;
}

extern "C" __global__ void __attribute__((amdgpu_flat_work_group_size(1, 512))) fresh_27(float *out, const float *in, int n)
{
	int t = __builtin_amdgcn_workitem_id_x();
	float r = accumulate<40>(in, n);
	__shared__ float tile[3072];
	tile[t % 3072] = r;
	__builtin_amdgcn_s_barrier();
	r += tile[(t * 7) % 3072];
	out[t] = r;
}

extern "C" __global__ void  fresh_28(float *out, const float *in, int n)
{
	int t = __builtin_amdgcn_workitem_id_x();
	float r = accumulate<128>(in, n);
	float loc[64];
#pragma unroll 1
	for (int j = 0; j < 64; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 64];
	out[t] = r;
}

extern "C" __global__ void __attribute__((amdgpu_flat_work_group_size(1, 512))) fresh_29(float *out, const float *in, int n)
{
	int t = __builtin_amdgcn_workitem_id_x();
	float r = accumulate<96>(in, n);
	float loc[64];
#pragma unroll 1
	for (int j = 0; j < 64; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 64];
	out[t] = r;
}
