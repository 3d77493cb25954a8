// SPDX-License-Identifier: MIT
// Copyright (c) 2026 the occview developers
// capture_clusters.cu - what a real GPU says of thread-block clusters, for
// tests/data/ncu/h200_* and nvidia/h200_* (tools/capture_clusters.sh runs it, cc 9.0+):
//   capture_clusters occ     cudaOccupancyMaxActiveClusters and
//                            cudaOccupancyMaxActiveBlocksPerMultiprocessor of k_place
//   capture_clusters smid    the SM each block of a cluster ran on (a cluster
//                            never spans a GPC: SMs that share one share a GPC)
//   capture_clusters ncu N   launch N alone, for Nsight Compute to profile
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); exit(1); } } while (0)

__device__ unsigned smid() { unsigned r; asm volatile("mov.u32 %0, %%smid;" : "=r"(r)); return r; }
__device__ unsigned cluster_rank() { unsigned r; asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(r)); return r; }
__device__ unsigned cluster_id() { unsigned r; asm volatile("mov.u32 %0, %%clusterid.x;" : "=r"(r)); return r; }

// 1024 threads a block at most; registers pinned by __launch_bounds__ and -maxrregcount
__global__ void __launch_bounds__(1024) k_place(unsigned *out, int spin)
{
	extern __shared__ unsigned char smem[];
	if (threadIdx.x == 0) {
		out[3 * blockIdx.x + 0] = smid();
		out[3 * blockIdx.x + 1] = cluster_id();
		out[3 * blockIdx.x + 2] = cluster_rank();
		if (spin < 0) smem[0] = 1;
	}
	// keep every block resident a while so that a cluster's blocks are co-resident
	long long t0 = clock64();
	while (clock64() - t0 < spin) { }
}

__global__ void __launch_bounds__(256) k_small(float *a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) a[i] = a[i] * 2.0f + 1.0f;
}

// A launch of grid blocks of block threads and smem bytes, in clusters of cs.
static void cluster_config(cudaLaunchConfig_t *cfg, cudaLaunchAttribute *at, int cs, int grid,
			   int block, size_t smem)
{
	*cfg = cudaLaunchConfig_t{};
	cfg->gridDim = dim3(grid, 1, 1);
	cfg->blockDim = dim3(block, 1, 1);
	cfg->dynamicSmemBytes = smem;
	at->id = cudaLaunchAttributeClusterDimension;
	at->val.clusterDim.x = cs; at->val.clusterDim.y = 1; at->val.clusterDim.z = 1;
	cfg->attrs = at;
	cfg->numAttrs = 1;
}

static int max_clusters(int cs, int block, size_t smem)
{
	cudaLaunchConfig_t cfg;
	cudaLaunchAttribute at[1];
	int n = -1;
	cluster_config(&cfg, at, cs, cs * 264, block, smem);
	cudaError_t e = cudaOccupancyMaxActiveClusters(&n, (void *)k_place, &cfg);
	if (e != cudaSuccess) { cudaGetLastError(); return -(int)e; }
	return n;
}

static void launch_place(int cs, int block, size_t smem, int clusters, unsigned *d, unsigned *h, bool print)
{
	cudaLaunchConfig_t cfg;
	cudaLaunchAttribute at[1];
	cluster_config(&cfg, at, cs, cs * clusters, block, smem);
	CK(cudaMemset(d, 0xff, 3 * sizeof(unsigned) * cs * clusters));
	CK(cudaLaunchKernelEx(&cfg, k_place, d, print ? 2000000 : 1000));
	CK(cudaDeviceSynchronize());
	if (!print)
		return;
	CK(cudaMemcpy(h, d, 3 * sizeof(unsigned) * cs * clusters, cudaMemcpyDeviceToHost));
	for (int b = 0; b < cs * clusters; b++)
		printf("%d,%d,%zu,%d,%d,%u,%u,%u\n", cs, block, smem, clusters, b, h[3 * b], h[3 * b + 1], h[3 * b + 2]);
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "occ";
	cudaDeviceProp p;
	cudaFuncAttributes fa;
	int dev = 0, v;
	CK(cudaGetDeviceProperties(&p, dev));
	CK(cudaFuncSetAttribute((void *)k_place, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
	CK(cudaFuncSetAttribute((void *)k_place, cudaFuncAttributeMaxDynamicSharedMemorySize,
				(int)p.sharedMemPerBlockOptin));
	CK(cudaFuncGetAttributes(&fa, (void *)k_place));
	if (strcmp(mode, "occ") == 0) {
		CK(cudaDriverGetVersion(&v));
		printf("# device,%s\n# cc,%d.%d\n# sms,%d\n# driver,%d\n", p.name, p.major, p.minor, p.multiProcessorCount, v);
		printf("# smem_per_sm,%zu\n# smem_per_block_optin,%zu\n# reserved_smem_per_block,%zu\n# regs_per_sm,%d\n# max_threads_per_sm,%d\n# max_blocks_per_sm,%d\n",
		       p.sharedMemPerMultiprocessor, p.sharedMemPerBlockOptin, p.reservedSharedMemPerBlock,
		       p.regsPerMultiprocessor, p.maxThreadsPerMultiProcessor, p.maxBlocksPerMultiProcessor);
		printf("# k_place,regs %d,static_smem %zu,max_threads %d\n", fa.numRegs, fa.sharedSizeBytes, fa.maxThreadsPerBlock);
		printf("kernel,registers,block,dynamic_smem,cluster_size,max_active_clusters,blocks_per_sm\n");
		const int blocks[] = { 128, 256, 512, 1024 };
		const size_t smems[] = { 0, 16384, 49152, 65536, 102400, 116736, 233472 };
		for (int cs = 1; cs <= 16; cs++)
			for (int bi = 0; bi < 4; bi++)
				for (int si = 0; si < 7; si++) {
					int bpsm = -1;
					if (smems[si] > p.sharedMemPerBlockOptin)
						continue;
					if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&bpsm, k_place, blocks[bi], smems[si]) != cudaSuccess)
						cudaGetLastError();
					printf("k_place,%d,%d,%zu,%d,%d,%d\n", fa.numRegs, blocks[bi], smems[si], cs,
					       max_clusters(cs, blocks[bi], smems[si]), bpsm);
				}
	} else if (strcmp(mode, "smid") == 0) {
		unsigned *d, *h;
		size_t big = p.sharedMemPerBlockOptin;   // one block per SM
		CK(cudaMalloc(&d, 3 * sizeof(unsigned) * 16 * 1024));
		h = (unsigned *)malloc(3 * sizeof(unsigned) * 16 * 1024);
		printf("cluster_size,block,dynamic_smem,clusters,block_index,smid,cluster_id,cluster_rank\n");
		const int sizes[] = { 1, 2, 4, 6, 8, 10, 12, 14, 16 };
		for (int i = 0; i < 9; i++) {
			int cs = sizes[i], n = max_clusters(cs, 1024, big);
			if (n > 0)
				launch_place(cs, 1024, big, n, d, h, true);
		}
	} else {   // ncu N: launch N alone, for a profiler to read
		unsigned *d;
		float *a;
		int which = argc > 2 ? atoi(argv[2]) : -1;
		CK(cudaMalloc(&d, 3 * sizeof(unsigned) * 16 * 1024));
		CK(cudaMalloc(&a, sizeof(float) * (1 << 20)));
		switch (which) {
		case 0: k_small<<<4096, 256>>>(a, 1 << 20); break;
		case 1: k_small<<<100, 256>>>(a, 100 * 256); break;
		case 2: launch_place(1, 1024, 0, 264, d, NULL, false); break;
		case 3: launch_place(2, 1024, 0, 132, d, NULL, false); break;
		case 4: launch_place(4, 512, 49152, 66, d, NULL, false); break;
		case 5: launch_place(8, 1024, 0, 33, d, NULL, false); break;
		case 6: launch_place(16, 1024, p.sharedMemPerBlockOptin, 16, d, NULL, false); break;
		case 7: launch_place(2, 256, 102400, 132, d, NULL, false); break;
		case 8: k_place<<<264, 1024>>>(d, 1000); break;
		}
		CK(cudaGetLastError());
		CK(cudaDeviceSynchronize());
		printf("launch %d ok\n", which);
	}
	return 0;
}
