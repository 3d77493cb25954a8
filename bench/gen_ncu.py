#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
"""gen_ncu.py - large synthetic profiler reports for bench/command and bench/import.

Writes, into OUTDIR (default bench/data):
  ncu_raw.csv      Nsight Compute --csv --page raw: one row per kernel under a
                   units row; the exact header and units of the constructed
                   constructed_ncu_raw_page_b200_cc100_decode_b1.csv (475
                   columns; tools/constructed_ncu_raw_b200.py writes it), its
                   kernel rows as templates.
  ncu_details.csv  Nsight Compute --csv details page: one row per metric; the
                   columns and the metric rows of kernel 0 of
                   opinsight_a100_cc80_ncu2022_details_pooling_full_240k.csv.
  rocprof_v1.csv   rocprof v1 results.csv with the columns of
                   tests/data/rocprof/gunrock_mi300_rocprofv1_results_TRUNCATED.csv.
  launches.csv     with --launches N only: an occview launch list (occview(1)) of
                   N launches on four GPUs, for the memory of a streamed list.

Per kernel the launch varies plausibly (name, grid, block, registers, shared
memory, duration, achieved occupancy); every other value is the template's.
Deterministic: the same seed writes the same bytes.

usage: gen_ncu.py [--corpus DIR (default tests/data/ncu)] [--rocprof FILE] [--out DIR] [--seed N]
                  [--raw-kernels N] [--details-kernels N] [--rocprof-kernels N]
                  [--launches N]
"""
import argparse
import csv
import io
import os
import random

RAW_FILE = "constructed_ncu_raw_page_b200_cc100_decode_b1.csv"
DETAILS_FILE = "opinsight_a100_cc80_ncu2022_details_pooling_full_240k.csv"

NAMESPACES = ["", "at::native::", "cutlass::", "flashinfer::", "cub::", "thrust::cuda_cub::core::"]
BASES = ["gemm_kernel", "reduce_kernel", "elementwise_kernel", "softmax_warp_forward",
         "BatchDecodeWithPagedKVCacheKernel", "PersistentVariableLengthMergeStatesKernel",
         "vectorized_layer_norm_kernel", "DeviceRadixSortOnesweepKernel", "im2col_kernel",
         "flash_fwd_splitkv_kernel"]
TYPES = ["float", "__half", "__nv_bfloat16", "int", "double", "signed char"]


def kernel_name(rng):
    args = ", ".join(str(rng.choice([1, 2, 4, 8, 16, 32, 64, 128, 256, 512]))
                     for _ in range(rng.randint(1, 8)))
    types = ", ".join(rng.choice(TYPES) for _ in range(rng.randint(1, 3)))
    params = ", ".join(rng.choice(["T1 *", "const T2 *", "int", "Params", "unsigned int"])
                       for _ in range(rng.randint(1, 6)))
    return "void %s%s<%s, %s>(%s)" % (rng.choice(NAMESPACES), rng.choice(BASES), args, types,
                                      params)


def launch(rng):
    """A plausible launch: block (x, y, z), grid (x, y, z), registers, smem."""
    bx = rng.choice([32, 64, 128, 128, 256, 256, 512, 1024])
    by = rng.choice([1, 1, 1, 2, 4])
    while bx * by > 1024:
        by //= 2
    block = (bx, by, 1)
    grid = (rng.choice([1, 8, 108, 132, 148, 296, 1024, 4096, 65535]),
            rng.choice([1, 1, 1, 2, 8, 32]), rng.choice([1, 1, 1, 4]))
    regs = rng.choice([16, 24, 26, 32, 40, 56, 64, 72, 96, 128, 168, 255])
    smem_dyn = rng.choice([0, 0, 0, 1024, 8704, 16384, 49152, 98304])
    smem_static = rng.choice([0, 0, 16, 256, 4096])
    dur_ns = int(rng.lognormvariate(9.5, 1.2)) + 1500
    achieved = round(rng.uniform(5, 95), 2)
    return block, grid, regs, smem_dyn, smem_static, dur_ns, achieved


def dims(t):
    return "(%d, %d, %d)" % t


def quote_all(rows):
    buf = io.StringIO()
    w = csv.writer(buf, quoting=csv.QUOTE_ALL, lineterminator="\n")
    w.writerows(rows)
    return buf.getvalue()


def gen_raw(path_in, path_out, n, rng):
    with open(path_in, newline="") as f:
        lines = f.read().split("\n")
    banners = [l for l in lines if l.startswith("==")]
    rows = [r for r in csv.reader(l for l in lines if l and not l.startswith("=="))]
    header, units, templates = rows[0], rows[1], rows[2:]
    col = {name: i for i, name in enumerate(header)}
    assert len(header) == 475, len(header)
    with open(path_out, "w", newline="") as out:
        out.write("".join(b + "\n" for b in banners))
        out.write(quote_all([header, units]))
        for k in range(n):
            r = list(rng.choice(templates))
            block, grid, regs, smem_dyn, smem_static, dur, achieved = launch(rng)
            threads = block[0] * block[1] * block[2]
            blocks = grid[0] * grid[1] * grid[2]
            r[col["ID"]] = str(k)
            r[col["Kernel Name"]] = kernel_name(rng)
            r[col["Block Size"]] = dims(block)
            r[col["Grid Size"]] = dims(grid)
            for d, axis in enumerate("xyz"):
                r[col["launch__block_dim_" + axis]] = str(block[d])
                r[col["launch__grid_dim_" + axis]] = str(grid[d])
                r[col["launch__user_grid_dim_" + axis]] = str(grid[d])
            r[col["launch__block_size"]] = str(threads)
            r[col["launch__grid_size"]] = str(blocks)
            r[col["launch__user_grid_size"]] = str(blocks)
            r[col["launch__thread_count"]] = str(threads * blocks)
            r[col["launch__registers_per_thread"]] = str(regs)
            r[col["launch__registers_per_thread_allocated"]] = str((regs + 7) // 8 * 8)
            r[col["launch__shared_mem_per_block_dynamic"]] = str(smem_dyn)
            r[col["launch__shared_mem_per_block_static"]] = str(smem_static)
            r[col["gpu__time_duration.sum"]] = str(dur)
            if "sm__warps_active.avg.pct_of_peak_sustained_active" in col:
                r[col["sm__warps_active.avg.pct_of_peak_sustained_active"]] = "%.2f" % achieved
            out.write(quote_all([r]))


def gen_details(path_in, path_out, n, rng):
    with open(path_in, newline="") as f:
        lines = f.read().split("\n")
    banners = [l for l in lines if l.startswith("==")]
    rows = [r for r in csv.reader(l for l in lines if l and not l.startswith("=="))]
    header = rows[0]
    first_id = rows[1][0]
    metric_rows = [r for r in rows[1:] if r and r[0] == first_id]
    col = {name: i for i, name in enumerate(header)}
    with open(path_out, "w", newline="") as out:
        out.write("".join(b + "\n" for b in banners))
        out.write(quote_all([header]))
        for k in range(n):
            block, grid, regs, smem_dyn, smem_static, dur, achieved = launch(rng)
            threads = block[0] * block[1] * block[2]
            blocks = grid[0] * grid[1] * grid[2]
            name = kernel_name(rng)
            values = {
                "Block Size": str(threads), "Grid Size": str(blocks),
                "Registers Per Thread": str(regs), "Threads": "{:,}".format(threads * blocks),
                "Dynamic Shared Memory Per Block": "{:,}".format(smem_dyn),
                "Static Shared Memory Per Block": "{:,}".format(smem_static),
                "Achieved Occupancy": "%.2f" % achieved,
                "Achieved Active Warps Per SM": "%.2f" % (achieved * 64 / 100),
            }
            block_rows = []
            for t in metric_rows:
                r = list(t)
                r[col["ID"]] = str(k)
                r[col["Kernel Name"]] = name
                r[col["Block Size"]] = dims(block)
                r[col["Grid Size"]] = dims(grid)
                m = r[col["Metric Name"]]
                if m in values:
                    r[col["Metric Value"]] = values[m]
                block_rows.append(r)
            # The corpus writes the rule columns empty but present ("...,"): keep that.
            text = quote_all(block_rows)
            out.write(text.replace(',""\n', ',\n'))


def gen_rocprof(path_in, path_out, n, rng):
    with open(path_in, newline="") as f:
        header = next(csv.reader(f))
    col = {name: i for i, name in enumerate(header)}
    t = 3599977333751882
    with open(path_out, "w", newline="") as out:
        out.write(",".join('"%s"' % h for h in header) + "\n")
        for k in range(n):
            block, grid, regs, smem_dyn, smem_static, dur, achieved = launch(rng)
            wg = block[0] * block[1]
            r = [""] * len(header)
            begin = t + 1000
            end = begin + dur
            vals = {"Index": k, "KernelName": '"%s.kd"' % kernel_name(rng).replace('"', ""),
                    "gpu-id": 2, "queue-id": 0, "queue-index": k * 2, "pid": 2033096,
                    "tid": 2033096, "grd": grid[0] * grid[1] * wg, "wgr": wg,
                    "lds": smem_dyn + smem_static, "scr": 0, "arch_vgpr": (regs // 8) * 4,
                    "accum_vgpr": 0, "sgpr": rng.choice([16, 32, 48, 96]), "wave_size": 64,
                    "sig": '"0x0"', "obj": '"0x7f50a7abb600"', "DispatchNs": t,
                    "BeginNs": begin, "EndNs": end, "CompleteNs": end + 5000, "DurationNs": dur}
            for name, v in vals.items():
                r[col[name]] = str(v)
            t = end + 20000
            out.write(",".join(r) + "\n")


def gen_launches(path_out, n, rng):
    gpus = ["H100", "A100", "T4", "RTX 4090"]
    with open(path_out, "w", newline="") as out:
        out.write("kernel,gpu,grid_size,block_size,registers_per_thread,"
                  "static_shared_mem_bytes,dynamic_shared_mem_bytes\n")
        for k in range(n):
            block, grid, regs, smem_dyn, smem_static, _, _ = launch(rng)
            out.write("%s,%s,%dx%dx%d,%dx%dx%d,%d,%d,%d\n" % (
                "%s_%d" % (rng.choice(BASES), k % 100), rng.choice(gpus),
                grid[0], grid[1], grid[2], block[0], block[1], block[2], regs, smem_static,
                smem_dyn))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser()
    # The templates are the copies in tests/data/ncu, so a clone (and a tarball) can run it.
    ap.add_argument("--corpus", default=os.path.join(here, "..", "tests", "data", "ncu"))
    ap.add_argument("--rocprof", default=os.path.join(
        here, "..", "tests", "data", "rocprof", "gunrock_mi300_rocprofv1_results_TRUNCATED.csv"))
    ap.add_argument("--out", default=os.path.join(here, "data"))
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--raw-kernels", type=int, default=100000)
    ap.add_argument("--details-kernels", type=int, default=100000)
    ap.add_argument("--rocprof-kernels", type=int, default=100000)
    ap.add_argument("--launches", type=int, default=0)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    gen_raw(os.path.join(a.corpus, RAW_FILE), os.path.join(a.out, "ncu_raw.csv"),
            a.raw_kernels, random.Random(a.seed))
    gen_details(os.path.join(a.corpus, DETAILS_FILE), os.path.join(a.out, "ncu_details.csv"),
                a.details_kernels, random.Random(a.seed + 1))
    gen_rocprof(a.rocprof, os.path.join(a.out, "rocprof_v1.csv"), a.rocprof_kernels,
                random.Random(a.seed + 2))
    if a.launches > 0:
        gen_launches(os.path.join(a.out, "launches.csv"), a.launches, random.Random(a.seed + 3))


if __name__ == "__main__":
    main()
