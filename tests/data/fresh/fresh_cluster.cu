// SPDX-License-Identifier: MIT
// Copyright (c) 2026 the occview developers
// fresh_cluster.cu - written by tools/gen_fresh.py, seed 52817: do not edit.

template <int K>
__device__ __forceinline__ float work(const float *in, int n)
{
	float acc[K];
#pragma unroll
	for (int i = 0; i < K; i++)
		acc[i] = in[threadIdx.x + i * 32];
#pragma unroll 1
	for (int j = 0; j < n; j++) {
#pragma unroll
		for (int i = 0; i < K; i++)
			acc[i] = acc[i] * acc[(i + 1) % K] + in[j];
	}
	float s = 0;
#pragma unroll
	for (int i = 0; i < K; i++)
		s += acc[i] * (float)(i + 1);
	return s;
}

extern "C" __global__ void __cluster_dims__(4, 1, 1) fresh_cl_0(float *o, const float *in, int n)
{
	float r = work<8>(in, n);
	__shared__ float s[1024];
	s[threadIdx.x % 1024] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 1024];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void __cluster_dims__(2, 1, 1) __launch_bounds__(768) fresh_cl_1(float *o, const float *in, int n)
{
	float r = work<24>(in, n);
	__shared__ float s[3072];
	s[threadIdx.x % 3072] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 3072];
	asm volatile("bar.sync %0, 64;" ::"n"(7));
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void __cluster_dims__(4, 1, 1) fresh_cl_2(float *o, const float *in, int n)
{
	float r = work<64>(in, n);
	__shared__ float s[1];
	s[threadIdx.x % 1] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 1];
	asm volatile("bar.sync %0, 64;" ::"n"(5));
	float loc[100];
#pragma unroll 1
	for (int j = 0; j < 100; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 100];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void __cluster_dims__(4, 1, 1) __launch_bounds__(64, 3) fresh_cl_3(float *o, const float *in, int n)
{
	float r = work<16>(in, n);
	__shared__ float s[1];
	s[threadIdx.x % 1] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 1];
	asm volatile("bar.sync %0, 64;" ::"n"(7));
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void __cluster_dims__(4, 1, 1) fresh_cl_4(float *o, const float *in, int n)
{
	float r = work<32>(in, n);
	asm volatile("bar.sync %0, 64;" ::"n"(11));
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void __cluster_dims__(2, 2, 1) __launch_bounds__(96) fresh_cl_5(float *o, const float *in, int n)
{
	float r = work<24>(in, n);
	__shared__ float s[8192];
	s[threadIdx.x % 8192] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 8192];
	asm volatile("bar.sync %0, 64;" ::"n"(1));
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void __cluster_dims__(2, 1, 1) fresh_cl_6(float *o, const float *in, int n)
{
	float r = work<32>(in, n);
	__shared__ float s[1];
	s[threadIdx.x % 1] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 1];
	asm volatile("bar.sync %0, 64;" ::"n"(2));
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void __cluster_dims__(8, 1, 1) fresh_cl_7(float *o, const float *in, int n)
{
	float r = work<64>(in, n);
	asm volatile("bar.sync %0, 64;" ::"n"(7));
	float loc[100];
#pragma unroll 1
	for (int j = 0; j < 100; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 100];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void __cluster_dims__(8, 1, 1) fresh_cl_8(float *o, const float *in, int n)
{
	float r = work<4>(in, n);
	__shared__ float s[250];
	s[threadIdx.x % 250] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 250];
	asm volatile("bar.sync %0, 64;" ::"n"(11));
	float loc[8];
#pragma unroll 1
	for (int j = 0; j < 8; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 8];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void __cluster_dims__(2, 2, 1) fresh_cl_9(float *o, const float *in, int n)
{
	float r = work<64>(in, n);
	__shared__ float s[1];
	s[threadIdx.x % 1] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 1];
	asm volatile("bar.sync %0, 64;" ::"n"(15));
	float loc[100];
#pragma unroll 1
	for (int j = 0; j < 100; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 100];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void __cluster_dims__(8, 1, 1) fresh_cl_10(float *o, const float *in, int n)
{
	float r = work<32>(in, n);
	__shared__ float s[1024];
	s[threadIdx.x % 1024] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 1024];
	asm volatile("bar.sync %0, 64;" ::"n"(11));
	float loc[100];
#pragma unroll 1
	for (int j = 0; j < 100; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 100];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void __cluster_dims__(8, 1, 1) __launch_bounds__(256) fresh_cl_11(float *o, const float *in, int n)
{
	float r = work<32>(in, n);
	__shared__ float s[1];
	s[threadIdx.x % 1] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 1];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}
