#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
# gen_fresh.py - a fresh set of kernels nobody tuned occview to: from a seed,
# random register pressure (live accumulators, -maxrregcount,
# __launch_bounds__), static shared memory, named barriers, spills and (sm_90
# and later) clusters, compiled by nvcc for every SM version CUDA 13 has,
# compressed and not, with `ptxas -v` beside each fatbin; and random VGPR
# pressure, LDS, workgroup bounds and spills compiled by clang-22 for gfx90a,
# gfx942, gfx1100 and gfx1201 with `llvm-readelf-22 --notes` and clang's
# resource-usage remarks beside each code object. The logs and notes are the
# oracles tests/test_import_binary.c and tests/test_import_amdgpu.c check
# every kernel against.
#
#   tools/gen_fresh.py SEED [OUTDIR]   (default tests/data/fresh)
#   CUDA_HOME, CLANG, READELF name the compilers (/usr/local/cuda, clang-22,
#   llvm-readelf-22).
import os
import random
import subprocess
import sys

SMS = [75, 80, 86, 87, 88, 89, 90, 100, 103, 110, 120, 121]
CLUSTER_SMS = [sm for sm in SMS if sm >= 90]
GFX = ["gfx90a", "gfx942", "gfx1100", "gfx1201"]

HEADER = """// SPDX-License-Identifier: MIT
// Copyright (c) 2026 the occview developers
// %s - written by tools/gen_fresh.py, seed %d: do not edit.
"""

NV_WORK = """
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
"""


def nv_kernel(rng, i, cluster):
    """One CUDA kernel's source: random pressure, bounds, shared memory,
    barriers, a local array indexed at run time (a stack frame), a cluster."""
    k = rng.choice([1, 2, 4, 8, 16, 24, 32, 48, 64])
    attrs = []
    if cluster:
        dims = rng.choice([(2, 1, 1), (4, 1, 1), (2, 2, 1), (8, 1, 1), (1, 2, 1)])
        attrs.append("__cluster_dims__(%d, %d, %d)" % dims)
    if rng.random() < 0.5:
        t = rng.choice([32, 64, 96, 128, 192, 256, 384, 512, 768, 1024])
        if rng.random() < 0.5:
            attrs.append("__launch_bounds__(%d)" % t)
        else:
            attrs.append("__launch_bounds__(%d, %d)" % (t, rng.choice([1, 2, 3, 4, 6, 8])))
    smem = rng.choice([0, 0, 4, 256, 1000, 2048, 4096, 8192, 12288, 20000, 32768, 40000, 49152])
    bar = rng.choice([0, 0, 0, 1, 2, 5, 7, 11, 15])
    local = rng.choice([0, 0, 0, 8, 32, 100])
    body = ["\tfloat r = work<%d>(in, n);" % k]
    if smem:
        body += ["\t__shared__ float s[%d];" % (smem // 4),
                 "\ts[threadIdx.x %% %d] = r;" % (smem // 4),
                 "\t__syncthreads();",
                 "\tr += s[(threadIdx.x * 7) %% %d];" % (smem // 4)]
    if bar:
        body.append('\tasm volatile("bar.sync %%0, 64;" ::"n"(%d));' % bar)
    if local:
        body += ["\tfloat loc[%d];" % local,
                 "#pragma unroll 1",
                 "\tfor (int j = 0; j < %d; j++)" % local,
                 "\t\tloc[j] = r * (float)j + in[j];",
                 "\tr += loc[n %% %d];" % local]
    body.append("\to[blockIdx.x * blockDim.x + threadIdx.x] = r;")
    name = "fresh_%s%d" % ("cl_" if cluster else "", i)
    return 'extern "C" __global__ void %s %s(float *o, const float *in, int n)\n{\n%s\n}\n' % (
        " ".join(attrs), name, "\n".join(body))


AMD_PRELUDE = """#define __global__ __attribute__((global))
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
"""


def amd_kernel(rng, i):
    """One HIP kernel's source: random pressure, workgroup bound (or none),
    a VGPR budget that spills, LDS, a scratch array."""
    k = rng.choice([1, 4, 8, 16, 24, 40, 64, 96, 128])
    attrs = []
    if rng.random() < 0.7:
        attrs.append("__attribute__((amdgpu_flat_work_group_size(1, %d)))"
                     % rng.choice([64, 128, 256, 512, 1024]))
    if rng.random() < 0.2:
        attrs.append("__attribute__((amdgpu_num_vgpr(%d)))" % rng.choice([24, 32, 48, 64]))
    elif rng.random() < 0.2:
        attrs.append("__attribute__((amdgpu_waves_per_eu(%d)))" % rng.choice([2, 4, 6, 8]))
    lds = rng.choice([0, 0, 4, 512, 1000, 4096, 12288, 32768, 65536])
    local = rng.choice([0, 0, 0, 16, 64])
    body = ["\tint t = __builtin_amdgcn_workitem_id_x();",
            "\tfloat r = accumulate<%d>(in, n);" % k]
    if lds:
        body += ["\t__shared__ float tile[%d];" % (lds // 4),
                 "\ttile[t %% %d] = r;" % (lds // 4),
                 "\t__builtin_amdgcn_s_barrier();",
                 "\tr += tile[(t * 7) %% %d];" % (lds // 4)]
    if local:
        body += ["\tfloat loc[%d];" % local,
                 "#pragma unroll 1",
                 "\tfor (int j = 0; j < %d; j++)" % local,
                 "\t\tloc[j] = r * (float)j + in[j];",
                 "\tr += loc[n %% %d];" % local]
    body.append("\tout[t] = r;")
    return 'extern "C" __global__ void %s fresh_%d(float *out, const float *in, int n)\n{\n%s\n}\n' % (
        " ".join(attrs), i, "\n".join(body))


def run(cmd, log=None):
    print(" ".join(cmd), file=sys.stderr)
    if log:
        with open(log, "w") as f:
            subprocess.run(cmd, check=True, stdout=f, stderr=subprocess.STDOUT)
    else:
        subprocess.run(cmd, check=True)


def gencode(sms):
    out = []
    for sm in sms:
        out += ["-gencode", "arch=compute_%d,code=sm_%d" % (sm, sm)]
    return out


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: gen_fresh.py SEED [OUTDIR]")
    seed = int(sys.argv[1])
    here = os.path.dirname(os.path.abspath(__file__))
    out = os.path.abspath(sys.argv[2] if len(sys.argv) > 2
                          else os.path.join(here, "..", "tests", "data", "fresh"))
    cuda = os.environ.get("CUDA_HOME", "/usr/local/cuda")
    clang = os.environ.get("CLANG", "clang-22")
    readelf = os.environ.get("READELF", "llvm-readelf-22")
    rng = random.Random(seed)
    os.makedirs(out, exist_ok=True)
    os.chdir(out)

    # NVIDIA: 40 kernels; 12 cluster kernels for sm_90 and later.
    with open("fresh.cu", "w") as f:
        f.write(HEADER % ("fresh.cu", seed) + NV_WORK)
        for i in range(40):
            f.write("\n" + nv_kernel(rng, i, False))
    with open("fresh_cluster.cu", "w") as f:
        f.write(HEADER % ("fresh_cluster.cu", seed) + NV_WORK)
        for i in range(12):
            f.write("\n" + nv_kernel(rng, i, True))
    nvcc = [os.path.join(cuda, "bin", "nvcc"), "-fatbin", "--threads", "2", "-Xptxas", "-v"]
    # Every SM version, ZSTD-compressed.
    run(nvcc + ["-Xfatbin", "-compress-all", "--compress-mode=size"] + gencode(SMS) +
        ["-o", "fresh_zstd.fatbin", "fresh.cu"], "fresh_zstd.log")
    # One of them stored as is (big: 40 kernels take ~350 KB), under a
    # register limit that makes spills.
    maxr = rng.choice([24, 32, 40, 48, 64])
    picked = sorted(rng.sample(SMS, 1))
    run(nvcc + ["--compress-mode=none", "-maxrregcount=%d" % maxr] + gencode(picked) +
        ["-o", "fresh_maxrreg.fatbin", "fresh.cu"], "fresh_maxrreg.log")
    # Clusters, LZ4-compressed.
    run(nvcc + ["-Xfatbin", "-compress-all", "--compress-mode=speed"] + gencode(CLUSTER_SMS) +
        ["-o", "fresh_cluster.fatbin", "fresh_cluster.cu"], "fresh_cluster.log")

    # AMD: 30 kernels for each target.
    with open("fresh.hip", "w") as f:
        f.write(HEADER % ("fresh.hip", seed) + AMD_PRELUDE)
        for i in range(30):
            f.write("\n" + amd_kernel(rng, i))
    hip = [clang, "-x", "hip", "--cuda-device-only", "--no-gpu-bundle-output", "-nogpulib",
           "-nogpuinc", "-O2", "-Rpass-analysis=kernel-resource-usage", "-c", "fresh.hip"]
    for gfx in GFX:
        name = "fresh_%s" % gfx
        run(hip + ["--offload-arch=%s" % gfx, "-o", name + ".co"], name + ".remarks")
        run([readelf, "--notes", name + ".co"], name + ".notes")
    with open("TOOLS", "w") as f:
        f.write("seed %d, -maxrregcount=%d for %s\n" % (seed, maxr,
                                                        " ".join("sm_%d" % s for s in picked)))
    subprocess.run("%s --version | grep release >> TOOLS; %s --version | head -1 >> TOOLS"
                   % (nvcc[0], clang), shell=True, check=True)


if __name__ == "__main__":
    main()
