// SPDX-License-Identifier: MIT
// Copyright (c) 2026 the occview developers
// kernels.cu - kernels of chosen resource usage for tools/gen_cubins.sh:
// registers (the size of a live array; -maxrregcount, __launch_bounds__,
// __maxnreg__ bound them and make spills), static shared memory, named
// barriers. Their figures are ptxas -v's, recorded beside the binaries.

template <int K>
__device__ __forceinline__ float work(const float *in)
{
	float acc[K];
#pragma unroll
	for (int i = 0; i < K; i++)
		acc[i] = in[threadIdx.x + i * 32];
#pragma unroll
	for (int j = 0; j < 3; j++)
#pragma unroll
		for (int i = 0; i < K; i++)
			acc[i] = acc[i] * acc[(i + j + 1) % K] + 1.0f;
	float s = 0;
#pragma unroll
	for (int i = 0; i < K; i++)
		s += acc[i] * (float)(i + 1);
	return s;
}

template <int K>
__global__ void regs(float *o, const float *in)
{
	o[blockIdx.x * blockDim.x + threadIdx.x] = work<K>(in);
}
template __global__ void regs<2>(float *, const float *);
template __global__ void regs<8>(float *, const float *);
template __global__ void regs<24>(float *, const float *);
template __global__ void regs<48>(float *, const float *);
template __global__ void regs<80>(float *, const float *);
template __global__ void regs<120>(float *, const float *);

template <int T, int B>
__global__ void __launch_bounds__(T, B) bounded(float *o, const float *in)
{
	o[blockIdx.x * blockDim.x + threadIdx.x] = work<80>(in);
}
template __global__ void bounded<128, 1>(float *, const float *);
template __global__ void bounded<256, 2>(float *, const float *);
template __global__ void bounded<512, 2>(float *, const float *);
template __global__ void bounded<1024, 1>(float *, const float *);
template __global__ void bounded<256, 6>(float *, const float *);

__global__ void __maxnreg__(40) capped(float *o, const float *in)
{
	o[blockIdx.x * blockDim.x + threadIdx.x] = work<80>(in);
}

template <int BYTES>
__global__ void smem(float *o)
{
	__shared__ float s[BYTES / 4];
	s[threadIdx.x % (BYTES / 4)] = (float)threadIdx.x;
	__syncthreads();
	o[blockIdx.x * blockDim.x + threadIdx.x] = s[(threadIdx.x * 7) % (BYTES / 4)];
}
template __global__ void smem<4>(float *);
template __global__ void smem<1000>(float *);
template __global__ void smem<4096>(float *);
template __global__ void smem<12288>(float *);
template __global__ void smem<40000>(float *);
template __global__ void smem<49152>(float *);

template <int ID>
__global__ void barrier(float *o)
{
	asm volatile("bar.sync %0, 64;" ::"n"(ID));
	o[threadIdx.x] = 1.0f;
}
template __global__ void barrier<1>(float *);
template __global__ void barrier<3>(float *);
template __global__ void barrier<15>(float *);

extern "C" __global__ void plain_c(float *o, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		o[i] *= 2.0f;
}
