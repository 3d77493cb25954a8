// SPDX-License-Identifier: MIT
// Copyright (c) 2026 the occview developers
// cluster.cu - thread-block clusters (sm_90 and later) for
// tools/gen_cubins.sh, with shared memory and barriers beside.

__global__ void __cluster_dims__(2, 1, 1) pair(float *o)
{
	__shared__ float s[256];
	s[threadIdx.x % 256] = 1.0f;
	__syncthreads();
	o[threadIdx.x] += s[(threadIdx.x + 1) % 256];
}

__global__ void __cluster_dims__(4, 1, 1) __launch_bounds__(256) quad(float *o)
{
	o[threadIdx.x] += 1.0f;
}

__global__ void __cluster_dims__(2, 2, 1) square(float *o)
{
	asm volatile("bar.sync 2, 128;");
	o[threadIdx.x] += 1.0f;
}
