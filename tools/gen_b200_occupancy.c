/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* gen_b200_occupancy.c - what cuda_occupancy.h computes for the launches of the constructed B200 raw pages.
 *
 * tools/constructed_ncu_raw_b200.py builds this against the toolkit's header
 * when one is installed, feeds it the device's properties and each kernel's
 * launch on standard input, and commits what it prints as
 * tests/data/nvidia/b200_raw_pages_occupancy.csv, so that the pages can be
 * written again (and checked by tests/constructed.sh) with no toolkit. Only
 * the header's outputs are printed: the header itself is never copied (its
 * licence forbids it).
 *
 * Input, whitespace-separated integers:
 *   device CC_MAJOR CC_MINOR MAX_THREADS_PER_BLOCK MAX_THREADS_PER_SM
 *          REGS_PER_BLOCK REGS_PER_SM WARP_SIZE SMEM_PER_BLOCK SMEM_PER_SM
 *          SMS SMEM_PER_BLOCK_OPTIN SMEM_RESERVED_PER_BLOCK
 *   launch BLOCK_SIZE REGISTERS STATIC_SMEM DYNAMIC_SMEM BARRIERS CARVEOUT
 *          (CARVEOUT -1: the default)
 * Output, one CSV row a launch (header first):
 *   the launch; activeBlocksPerMultiprocessor; blockLimitWarps, ...Blocks,
 *   ...Regs, ...SharedMem, ...Barriers ("max" where the factor does not
 *   limit); allocatedRegistersPerBlock; allocatedSharedMemPerBlock; the
 *   shared memory per SM the limit was computed with (cudaOccSMemPerMultiprocessor's
 *   preference, raised to one block's allocation aligned up as the header
 *   raises it); and four sweeps of the launch, each the sum over the sweep
 *   of the active warps per SM the header computes: block sizes 16 to 1024
 *   in steps of 16, registers 0 to 256, dynamic shared memory 0 to the
 *   opt-in maximum in steps of 512 bytes, barriers 0 to 64. */
#include <cuda_occupancy.h>

#include <limits.h>
#include <stdio.h>
#include <string.h>

static cudaOccDeviceProp prop;

struct launch {
	int bs, regs, bar, carve;
	long st, dyn;
};

static int occupancy(const struct launch *l, cudaOccResult *res)
{
	cudaOccFuncAttributes attr;
	cudaOccDeviceState state;

	memset(&attr, 0, sizeof(attr));
	attr.maxThreadsPerBlock = INT_MAX;
	attr.numRegs = l->regs;
	attr.sharedSizeBytes = (size_t)l->st;
	attr.partitionedGCConfig = PARTITIONED_GC_OFF;
	attr.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;
	attr.maxDynamicSharedSizeBytes = (size_t)l->dyn;
	attr.numBlockBarriers = l->bar;
	attr.virtualResourceCount = 0;
	memset(&state, 0, sizeof(state));
	state.cacheConfig = CACHE_PREFER_NONE;
	state.carveoutConfig = l->carve < 0 ? SHAREDMEM_CARVEOUT_DEFAULT : l->carve;
	memset(res, 0, sizeof(*res));
	if (cudaOccMaxActiveBlocksPerMultiprocessor(res, &prop, &attr, &state, l->bs,
						    (size_t)l->dyn) != CUDA_OCC_SUCCESS)
		return -1;
	return 0;
}

static long active_warps(const struct launch *l)
{
	cudaOccResult res;

	if (occupancy(l, &res) != 0)
		return 0;
	return (long)res.activeBlocksPerMultiprocessor * ((l->bs + prop.warpSize - 1) / prop.warpSize);
}

static void limit(int v)
{
	if (v == INT_MAX)
		printf(",max");
	else
		printf(",%d", v);
}

static int row(const struct launch *l)
{
	cudaOccResult res;
	cudaOccDeviceState state;
	size_t smem_sm = 0;
	long sweep[4] = { 0, 0, 0, 0 };
	struct launch v;

	if (occupancy(l, &res) != 0)
		return -1;
	memset(&state, 0, sizeof(state));
	state.cacheConfig = CACHE_PREFER_NONE;
	state.carveoutConfig = l->carve < 0 ? SHAREDMEM_CARVEOUT_DEFAULT : l->carve;
	if (cudaOccSMemPerMultiprocessor(&smem_sm, &prop, &state) != CUDA_OCC_SUCCESS)
		return -1;
	if (smem_sm < res.allocatedSharedMemPerBlock) {
		smem_sm = res.allocatedSharedMemPerBlock;
		if (cudaOccAlignUpShmemSizeVoltaPlus(&smem_sm, &prop) != CUDA_OCC_SUCCESS)
			return -1;
	}
	for (v = *l, v.bs = 16; v.bs <= prop.maxThreadsPerBlock; v.bs += 16)
		sweep[0] += active_warps(&v);
	for (v = *l, v.regs = 0; v.regs <= 256; v.regs++)
		sweep[1] += active_warps(&v);
	for (v = *l, v.dyn = 0; v.dyn <= (long)prop.sharedMemPerBlockOptin; v.dyn += 512)
		sweep[2] += active_warps(&v);
	for (v = *l, v.bar = 0; v.bar <= 64; v.bar++)
		sweep[3] += active_warps(&v);
	printf("%d,%d,%ld,%ld,%d,%d,%d", l->bs, l->regs, l->st, l->dyn, l->bar, l->carve,
	       res.activeBlocksPerMultiprocessor);
	limit(res.blockLimitWarps);
	limit(res.blockLimitBlocks);
	limit(res.blockLimitRegs);
	limit(res.blockLimitSharedMem);
	limit(res.blockLimitBarriers);
	printf(",%d,%zu,%zu,%ld,%ld,%ld,%ld\n", res.allocatedRegistersPerBlock,
	       res.allocatedSharedMemPerBlock, smem_sm, sweep[0], sweep[1], sweep[2], sweep[3]);
	return 0;
}

int main(void)
{
	char word[16];
	int have_device = 0;

	printf("block_size,registers_per_thread,static_shared_mem_bytes,dynamic_shared_mem_bytes,"
	       "barriers,carveout,active_blocks,limit_warps,limit_blocks,limit_registers,"
	       "limit_shared_mem,limit_barriers,allocated_registers_per_block,"
	       "allocated_shared_mem_per_block,shared_mem_per_sm,sweep_block_size,"
	       "sweep_registers,sweep_shared_mem,sweep_barriers\n");
	while (scanf("%15s", word) == 1) {
		if (strcmp(word, "device") == 0) {
			if (scanf("%d %d %d %d %d %d %d %zu %zu %d %zu %zu", &prop.computeMajor,
				  &prop.computeMinor, &prop.maxThreadsPerBlock,
				  &prop.maxThreadsPerMultiprocessor, &prop.regsPerBlock,
				  &prop.regsPerMultiprocessor, &prop.warpSize, &prop.sharedMemPerBlock,
				  &prop.sharedMemPerMultiprocessor, &prop.numSms,
				  &prop.sharedMemPerBlockOptin, &prop.reservedSharedMemPerBlock) != 12)
				return 2;
			have_device = 1;
		} else if (strcmp(word, "launch") == 0 && have_device) {
			struct launch l;

			if (scanf("%d %d %ld %ld %d %d", &l.bs, &l.regs, &l.st, &l.dyn, &l.bar,
				  &l.carve) != 6)
				return 2;
			if (row(&l) != 0) {
				fprintf(stderr, "gen_b200_occupancy: the header refused launch %d %d %ld %ld %d %d\n",
					l.bs, l.regs, l.st, l.dyn, l.bar, l.carve);
				return 1;
			}
		} else {
			return 2;
		}
	}
	return have_device ? 0 : 2;
}
