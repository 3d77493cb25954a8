# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
"""CUDA profiler logs of Fermi GPUs for tools/gen_constructed_reports.py.

The CUDA profiler of CUDA 3.x/4.x (CUDA_PROFILE=1, no CSV; the "Compute
Command Line Profiler" user guide of those toolkits) writes "# CUDA_PROFILE_
LOG_VERSION 2.0", "# CUDA_DEVICE 0 NAME", "# CUDA_CONTEXT 1", "# TIMESTAMP
FACTOR hex", the header "method,gputime,cputime,occupancy", then one line a
call: "method=[ NAME ] gputime=[ us ] cputime=[ us ] occupancy=[ f ] " with
a space before the line end, memcpy lines without an occupancy, and the
driver's own memset128 kernel with one. Kernel names stay mangled; the log
gives no launch. The layouts are those of the public samples szabar/cudak
cuda_profile_0.log and xiaocenxiaocen/tune_stencil_computation
cuda_profile_0.log, which have no licence and are not shipped; the kernels,
their launches (stated below, as a program's source would give them) and
the times are this script's.

The occupancy printed is the profiler's theoretical figure, computed here
by the rules of compute capability 2.x (CUDA C Programming Guide, "Compute
Capabilities" table, and NVIDIA's CUDA Occupancy Calculator for 2.x): 48
warps and 8 blocks an SM, 32768 registers allocated per warp in units of
64, shared memory in units of 128 bytes of the 48 KiB configuration, to
three decimals.
"""

FERMI_WARPS, FERMI_BLOCKS, FERMI_REGS, FERMI_SMEM = 48, 8, 32768, 49152


def fermi_occupancy(threads, regs, smem):
    warps = -(-threads // 32)
    per_warp = -(-regs * 32 // 64) * 64
    limits = [FERMI_BLOCKS, FERMI_WARPS // warps, FERMI_REGS // per_warp // warps]
    if smem:
        limits.append(FERMI_SMEM // (-(-smem // 128) * 128))
    return min(limits) * warps / FERMI_WARPS


def line(name, gpu, cpu, occ=None):
    s = "method=[ %s ] gputime=[ %.3f ] cputime=[ %.3f ] " % (name, gpu, cpu)
    if occ is not None:
        s += "occupancy=[ %.3f ] " % occ
    return s


def head(device, factor):
    return ["# CUDA_PROFILE_LOG_VERSION 2.0", "# CUDA_DEVICE 0 " + device, "# CUDA_CONTEXT 1",
            "# TIMESTAMPFACTOR " + factor, "method,gputime,cputime,occupancy"]


# One kernel on a Tesla C2050: to_grayscale, an extern "C" kernel launched
# with cuLaunchKernel over the image's width x height in blocks of 1 x 1 x
# 1 thread, no shared memory, 12 registers: one warp a block, 8 blocks, 8 of
# 48 warps (0.167) whatever the registers.
GRAY = ("to_grayscale", 1, 12, 0)


def cudaprof_kv_c2050(write, root):
    out = head("Tesla C2050", "fffff6b2d41c07a8")
    out += [line("memcpyHtoD", 512.608, 1021.000),
            line(GRAY[0], 2143.520, 21.000, fermi_occupancy(*GRAY[1:])),
            line("memcpyDtoH", 341.152, 466.000)]
    write(root, "nvprof/constructed_cudaprof_c2050_kv_cuda_profile_0.log", "\n".join(out) + "\n")


# Two runs of a wave-propagation program on a Tesla M2090, 100 time steps
# each: a point source, _Z12point_sourcePffi (point_source(float*, float,
# int)), launched <<<1, 1>>> (8 of 48 warps, 0.167), then a stencil,
# _Z13wave3d_kernelPfPKfiif (wave3d_kernel(float*, float const*, int, int,
# float)), in blocks of 32 x 8 threads (8 warps) with __shared__
# float[8 + 4][32 + 4] (1728 bytes) and 26 registers: 26 x 32 = 832 a warp,
# 32768 / 832 = 39 warps, 4 blocks, 32 of 48 warps (0.667); warps allow 6
# blocks, shared memory 49152 / 1792 = 27.
SOURCE = ("_Z12point_sourcePffi", 1, 10, 0)
WAVE = ("_Z13wave3d_kernelPfPKfiif", 256, 26, 1728)


def cudaprof_kv_m2090(write, root):
    x = 20261127
    out = head("Tesla M2090", "14f0a2c1b67d3e2a")

    def jitter(n):
        nonlocal x
        x = (x * 1103515245 + 12345) % (1 << 31)
        return (x >> 16) % n

    def copy(gpu, name="memcpyHtoD"):
        return line(name, gpu, gpu + 200 + jitter(6000000) / 1000)

    # The driver's memset128, taken as blocks of 512 threads at 40
    # registers: 1280 a warp, 25 warps, one block of 16 (0.333).
    memset = fermi_occupancy(512, 40, 0)
    for run in range(2):
        out += [line("memset128", 4160.000 + jitter(20000) / 1000, 4.000 + jitter(14), memset),
                line("memset128", 4150.000 + jitter(10000) / 1000, 4.000, memset),
                copy(127000.000 + jitter(5000000) / 1000),
                line("memcpyHtoD", 1.504 + 0.032 * jitter(2), 5.000)]
        for step in range(100):
            first = run == 0 and step == 0
            out.append(line(SOURCE[0], 3.648 if first else 1.504 + 0.032 * jitter(4),
                            11.000 if first else 3.000 + jitter(2), fermi_occupancy(*SOURCE[1:])))
            out.append(line(WAVE[0], 41200.000 + jitter(900000) / 1000, 3.000 + jitter(3),
                            fermi_occupancy(*WAVE[1:])))
        out.append(copy(138000.000 + jitter(9000000) / 1000, "memcpyDtoH"))
    write(root, "nvprof/constructed_cudaprof_m2090_kv_cuda_profile_0.log", "\n".join(out) + "\n")
