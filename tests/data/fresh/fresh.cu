// SPDX-License-Identifier: MIT
// Copyright (c) 2026 the occview developers
// fresh.cu - written by tools/gen_fresh.py, seed 52817: do not edit.

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

extern "C" __global__ void  fresh_0(float *o, const float *in, int n)
{
	float r = work<32>(in, n);
	__shared__ float s[2048];
	s[threadIdx.x % 2048] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 2048];
	asm volatile("bar.sync %0, 64;" ::"n"(5));
	float loc[100];
#pragma unroll 1
	for (int j = 0; j < 100; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 100];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void  fresh_1(float *o, const float *in, int n)
{
	float r = work<48>(in, n);
	__shared__ float s[10000];
	s[threadIdx.x % 10000] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 10000];
	asm volatile("bar.sync %0, 64;" ::"n"(2));
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void __launch_bounds__(64) fresh_2(float *o, const float *in, int n)
{
	float r = work<8>(in, n);
	__shared__ float s[64];
	s[threadIdx.x % 64] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 64];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void  fresh_3(float *o, const float *in, int n)
{
	float r = work<24>(in, n);
	__shared__ float s[5000];
	s[threadIdx.x % 5000] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 5000];
	float loc[32];
#pragma unroll 1
	for (int j = 0; j < 32; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 32];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void  fresh_4(float *o, const float *in, int n)
{
	float r = work<2>(in, n);
	__shared__ float s[2048];
	s[threadIdx.x % 2048] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 2048];
	float loc[100];
#pragma unroll 1
	for (int j = 0; j < 100; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 100];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void __launch_bounds__(128, 8) fresh_5(float *o, const float *in, int n)
{
	float r = work<4>(in, n);
	__shared__ float s[2048];
	s[threadIdx.x % 2048] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 2048];
	asm volatile("bar.sync %0, 64;" ::"n"(11));
	float loc[32];
#pragma unroll 1
	for (int j = 0; j < 32; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 32];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void  fresh_6(float *o, const float *in, int n)
{
	float r = work<2>(in, n);
	__shared__ float s[5000];
	s[threadIdx.x % 5000] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 5000];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void  fresh_7(float *o, const float *in, int n)
{
	float r = work<1>(in, n);
	__shared__ float s[64];
	s[threadIdx.x % 64] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 64];
	asm volatile("bar.sync %0, 64;" ::"n"(5));
	float loc[32];
#pragma unroll 1
	for (int j = 0; j < 32; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 32];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void  fresh_8(float *o, const float *in, int n)
{
	float r = work<24>(in, n);
	__shared__ float s[5000];
	s[threadIdx.x % 5000] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 5000];
	asm volatile("bar.sync %0, 64;" ::"n"(1));
	float loc[32];
#pragma unroll 1
	for (int j = 0; j < 32; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 32];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void __launch_bounds__(256) fresh_9(float *o, const float *in, int n)
{
	float r = work<64>(in, n);
	__shared__ float s[2048];
	s[threadIdx.x % 2048] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 2048];
	float loc[100];
#pragma unroll 1
	for (int j = 0; j < 100; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 100];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void  fresh_10(float *o, const float *in, int n)
{
	float r = work<24>(in, n);
	__shared__ float s[512];
	s[threadIdx.x % 512] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 512];
	asm volatile("bar.sync %0, 64;" ::"n"(7));
	float loc[100];
#pragma unroll 1
	for (int j = 0; j < 100; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 100];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void  fresh_11(float *o, const float *in, int n)
{
	float r = work<64>(in, n);
	asm volatile("bar.sync %0, 64;" ::"n"(5));
	float loc[32];
#pragma unroll 1
	for (int j = 0; j < 32; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 32];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void  fresh_12(float *o, const float *in, int n)
{
	float r = work<8>(in, n);
	__shared__ float s[8192];
	s[threadIdx.x % 8192] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 8192];
	float loc[100];
#pragma unroll 1
	for (int j = 0; j < 100; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 100];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void  fresh_13(float *o, const float *in, int n)
{
	float r = work<24>(in, n);
	__shared__ float s[3072];
	s[threadIdx.x % 3072] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 3072];
	asm volatile("bar.sync %0, 64;" ::"n"(11));
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void __launch_bounds__(256, 1) fresh_14(float *o, const float *in, int n)
{
	float r = work<48>(in, n);
	__shared__ float s[512];
	s[threadIdx.x % 512] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 512];
	asm volatile("bar.sync %0, 64;" ::"n"(5));
	float loc[32];
#pragma unroll 1
	for (int j = 0; j < 32; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 32];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void  fresh_15(float *o, const float *in, int n)
{
	float r = work<2>(in, n);
	__shared__ float s[1024];
	s[threadIdx.x % 1024] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 1024];
	float loc[8];
#pragma unroll 1
	for (int j = 0; j < 8; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 8];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void __launch_bounds__(64) fresh_16(float *o, const float *in, int n)
{
	float r = work<24>(in, n);
	asm volatile("bar.sync %0, 64;" ::"n"(2));
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void __launch_bounds__(512) fresh_17(float *o, const float *in, int n)
{
	float r = work<1>(in, n);
	__shared__ float s[1024];
	s[threadIdx.x % 1024] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 1024];
	asm volatile("bar.sync %0, 64;" ::"n"(5));
	float loc[8];
#pragma unroll 1
	for (int j = 0; j < 8; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 8];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void __launch_bounds__(96, 4) fresh_18(float *o, const float *in, int n)
{
	float r = work<2>(in, n);
	__shared__ float s[5000];
	s[threadIdx.x % 5000] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 5000];
	asm volatile("bar.sync %0, 64;" ::"n"(11));
	float loc[8];
#pragma unroll 1
	for (int j = 0; j < 8; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 8];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void __launch_bounds__(192) fresh_19(float *o, const float *in, int n)
{
	float r = work<64>(in, n);
	__shared__ float s[2048];
	s[threadIdx.x % 2048] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 2048];
	float loc[8];
#pragma unroll 1
	for (int j = 0; j < 8; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 8];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void  fresh_20(float *o, const float *in, int n)
{
	float r = work<48>(in, n);
	float loc[8];
#pragma unroll 1
	for (int j = 0; j < 8; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 8];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void __launch_bounds__(96, 8) fresh_21(float *o, const float *in, int n)
{
	float r = work<4>(in, n);
	__shared__ float s[512];
	s[threadIdx.x % 512] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 512];
	float loc[32];
#pragma unroll 1
	for (int j = 0; j < 32; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 32];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void __launch_bounds__(384, 6) fresh_22(float *o, const float *in, int n)
{
	float r = work<48>(in, n);
	__shared__ float s[1];
	s[threadIdx.x % 1] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 1];
	asm volatile("bar.sync %0, 64;" ::"n"(15));
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void __launch_bounds__(128, 3) fresh_23(float *o, const float *in, int n)
{
	float r = work<8>(in, n);
	asm volatile("bar.sync %0, 64;" ::"n"(15));
	float loc[32];
#pragma unroll 1
	for (int j = 0; j < 32; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 32];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void  fresh_24(float *o, const float *in, int n)
{
	float r = work<32>(in, n);
	__shared__ float s[1];
	s[threadIdx.x % 1] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 1];
	asm volatile("bar.sync %0, 64;" ::"n"(7));
	float loc[8];
#pragma unroll 1
	for (int j = 0; j < 8; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 8];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void  fresh_25(float *o, const float *in, int n)
{
	float r = work<48>(in, n);
	__shared__ float s[12288];
	s[threadIdx.x % 12288] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 12288];
	float loc[100];
#pragma unroll 1
	for (int j = 0; j < 100; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 100];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void __launch_bounds__(32, 4) fresh_26(float *o, const float *in, int n)
{
	float r = work<64>(in, n);
	__shared__ float s[250];
	s[threadIdx.x % 250] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 250];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void __launch_bounds__(96, 2) fresh_27(float *o, const float *in, int n)
{
	float r = work<2>(in, n);
	__shared__ float s[8192];
	s[threadIdx.x % 8192] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 8192];
	asm volatile("bar.sync %0, 64;" ::"n"(1));
	float loc[100];
#pragma unroll 1
	for (int j = 0; j < 100; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 100];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void  fresh_28(float *o, const float *in, int n)
{
	float r = work<8>(in, n);
	__shared__ float s[8192];
	s[threadIdx.x % 8192] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 8192];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void  fresh_29(float *o, const float *in, int n)
{
	float r = work<48>(in, n);
	asm volatile("bar.sync %0, 64;" ::"n"(1));
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void  fresh_30(float *o, const float *in, int n)
{
	float r = work<4>(in, n);
	__shared__ float s[12288];
	s[threadIdx.x % 12288] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 12288];
	float loc[100];
#pragma unroll 1
	for (int j = 0; j < 100; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 100];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void  fresh_31(float *o, const float *in, int n)
{
	float r = work<16>(in, n);
	__shared__ float s[64];
	s[threadIdx.x % 64] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 64];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void __launch_bounds__(96, 2) fresh_32(float *o, const float *in, int n)
{
	float r = work<1>(in, n);
	__shared__ float s[250];
	s[threadIdx.x % 250] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 250];
	float loc[32];
#pragma unroll 1
	for (int j = 0; j < 32; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 32];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void __launch_bounds__(32) fresh_33(float *o, const float *in, int n)
{
	float r = work<4>(in, n);
	__shared__ float s[250];
	s[threadIdx.x % 250] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 250];
	asm volatile("bar.sync %0, 64;" ::"n"(1));
	float loc[8];
#pragma unroll 1
	for (int j = 0; j < 8; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 8];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void  fresh_34(float *o, const float *in, int n)
{
	float r = work<64>(in, n);
	__shared__ float s[512];
	s[threadIdx.x % 512] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 512];
	float loc[32];
#pragma unroll 1
	for (int j = 0; j < 32; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 32];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void __launch_bounds__(512, 8) fresh_35(float *o, const float *in, int n)
{
	float r = work<1>(in, n);
	__shared__ float s[10000];
	s[threadIdx.x % 10000] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 10000];
	float loc[100];
#pragma unroll 1
	for (int j = 0; j < 100; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 100];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void  fresh_36(float *o, const float *in, int n)
{
	float r = work<24>(in, n);
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void  fresh_37(float *o, const float *in, int n)
{
	float r = work<48>(in, n);
	__shared__ float s[64];
	s[threadIdx.x % 64] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 64];
	asm volatile("bar.sync %0, 64;" ::"n"(11));
	float loc[8];
#pragma unroll 1
	for (int j = 0; j < 8; j++)
		loc[j] = r * (float)j + in[j];
	r += loc[n % 8];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void  fresh_38(float *o, const float *in, int n)
{
	float r = work<48>(in, n);
	__shared__ float s[1024];
	s[threadIdx.x % 1024] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 1024];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

extern "C" __global__ void  fresh_39(float *o, const float *in, int n)
{
	float r = work<1>(in, n);
	__shared__ float s[64];
	s[threadIdx.x % 64] = r;
	__syncthreads();
	r += s[(threadIdx.x * 7) % 64];
	o[blockIdx.x * blockDim.x + threadIdx.x] = r;
}
