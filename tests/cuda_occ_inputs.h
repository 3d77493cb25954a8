/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* cuda_occ_inputs.h - one launch on one of occview's architectures as
 * cuda_occupancy.h takes it, for the programs that ask NVIDIA's header
 * (tests/oracle_cuda.c, tools/gen_nv_vectors.c): the device's properties
 * are occview's own archs.csv values, and the function opted in to exactly
 * the dynamic shared memory the launch uses (FUNC_SHMEM_LIMIT_OPTIN), with no
 * partitioned global caching and no virtual resources. Include after
 * <cuda_occupancy.h>. */
#ifndef OCC_CUDA_OCC_INPUTS_H
#define OCC_CUDA_OCC_INPUTS_H

#include <limits.h>
#include <stdint.h>

#include "gpu.h"
#include "launch.h"

/* carve: 0-100 or LAUNCH_CARVEOUT_DEFAULT; cache: enum launch_cache_config. */
static inline void cuda_occ_inputs(const struct gpu_arch *a, int regs, int64_t st, int64_t dyn,
				   int carve, int cache, int bar, int num_sms,
				   cudaOccDeviceProp *prop, cudaOccFuncAttributes *attr,
				   cudaOccDeviceState *state)
{
	*prop = (cudaOccDeviceProp){ 0 };
	prop->computeMajor = a->cc_major;
	prop->computeMinor = a->cc_minor;
	prop->maxThreadsPerBlock = a->max_threads_per_block;
	prop->maxThreadsPerMultiprocessor = a->max_threads_per_sm;
	prop->regsPerBlock = a->regs_per_block;
	prop->regsPerMultiprocessor = a->regs_per_sm;
	prop->warpSize = a->warp_size;
	prop->sharedMemPerBlock = (size_t)a->smem_per_block_bytes;
	prop->sharedMemPerMultiprocessor = (size_t)a->smem_per_sm_bytes;
	prop->numSms = num_sms;
	prop->sharedMemPerBlockOptin = (size_t)a->smem_per_block_optin_bytes;
	prop->reservedSharedMemPerBlock = (size_t)a->smem_reserved_per_block_bytes;

	*attr = (cudaOccFuncAttributes){ 0 };
	attr->maxThreadsPerBlock = INT_MAX;
	attr->numRegs = regs;
	attr->sharedSizeBytes = (size_t)st;
	attr->partitionedGCConfig = PARTITIONED_GC_OFF;
	attr->shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;
	attr->maxDynamicSharedSizeBytes = (size_t)dyn;
	attr->numBlockBarriers = bar;
	attr->virtualResourceCount = 0;

	*state = (cudaOccDeviceState){ 0 };
	state->cacheConfig = cache == LAUNCH_CACHE_SHARED ? CACHE_PREFER_SHARED
		: cache == LAUNCH_CACHE_L1 ? CACHE_PREFER_L1
		: cache == LAUNCH_CACHE_EQUAL ? CACHE_PREFER_EQUAL : CACHE_PREFER_NONE;
	state->carveoutConfig = carve == LAUNCH_CARVEOUT_DEFAULT ? SHAREDMEM_CARVEOUT_DEFAULT : carve;
}

#endif
