#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
"""occupancy.py - the Python baseline of bench/command: a simplified
theoretical-occupancy calculator over a profiler CSV, stdlib only.

Per kernel: the warps, blocks, registers and shared-memory limits on blocks
per SM (AMD: waves, workgroups, VGPRs and LDS per CU), with the limits of
data/archs.csv or data/amd_archs.csv. Simplified: the largest shared-memory
carveout, no register sub-partitions, no SGPRs or barriers; not occview's
numbers, only the work a short script does for each row.
Reads a Nsight Compute raw page (one row per kernel), a details page (the
launch metrics of each kernel's rows) or a rocprof v1 file (give --gpu).

usage: occupancy.py [--gpu NAME|CC|gfxNNN] FILE   (writes one CSV line a kernel)
"""
import csv
import itertools
import os
import sys

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data")


def table(name):
    with open(os.path.join(DATA, name), newline="") as f:
        return list(csv.DictReader(f))


def find_arch(key):
    """The arch row for a cc, sm_XX, gfx target or device name/alias."""
    k = key.lower()
    for d in table("devices.csv") + table("amd_devices.csv"):
        if k in [d["name"].lower()] + d["aliases"].lower().split(";"):
            k = (d.get("cc") or d["target"]).lower()
    for a in table("archs.csv") + table("amd_archs.csv"):
        if k in (a.get("cc", ""), a.get("arch", ""), a.get("target", "")):
            return {f: int(v) for f, v in a.items() if v.isdigit()}
    sys.exit("occupancy.py: no architecture %r in %s" % (key, DATA))


def up(n, unit):
    return -(-n // unit) * unit


def nvidia(a, threads, regs, smem):
    warps = -(-threads // a["warp_size"])
    regs_warp = up(regs * a["warp_size"], a["reg_alloc_unit"])
    smem_block = up(smem + a["smem_reserved_per_block_bytes"], a["smem_alloc_unit_bytes"])
    limits = {"warps": a["max_warps_per_sm"] // warps, "blocks": a["max_blocks_per_sm"],
              "registers": a["regs_per_sm"] // regs_warp // warps if regs else 1 << 30,
              "shared_mem": a["smem_per_sm_bytes"] // smem_block if smem_block else 1 << 30}
    return limits, warps, a["max_warps_per_sm"]


def amd(a, threads, vgprs, lds):
    waves = -(-threads // 64)
    slots = a["simds_per_cu"] * a["max_waves_per_simd"]
    vgpr_waves = a["vgprs_per_simd_wave64"] // max(up(vgprs, a["vgpr_granule_wave64"]), 1)
    limits = {"waves": slots // waves, "workgroups": a["max_workgroups_per_cu"],
              "vgprs": vgpr_waves * a["simds_per_cu"] // waves,
              "lds": a["lds_per_cu_bytes"] // up(lds, a["lds_granule_bytes"]) if lds else 1 << 30}
    return limits, waves, slots


def number(s):
    return int(s.replace(",", "")) if s else 0


def kernels(rows, col):
    """(id, name, cc, threads, regs, smem) per kernel, whichever page this is."""
    if "Metric Name" in col:  # details: one row per metric, a kernel's rows together
        cur, m = None, {}
        for r in itertools.chain(rows, [[None] * len(col)]):
            if r[0] != cur and cur is not None:
                yield (cur, name, cc, number(m.get("Block Size")), number(m.get("Registers Per Thread")),
                       number(m.get("Static Shared Memory Per Block")) +
                       number(m.get("Dynamic Shared Memory Per Block")))
                m = {}
            cur, name, cc = r[0], r[col["Kernel Name"]], r[col["CC"]]
            m[r[col["Metric Name"]]] = r[col["Metric Value"]]
    elif "KernelName" in col:  # rocprof v1
        for r in rows:
            yield (r[col["Index"]], r[col["KernelName"]], None, number(r[col["wgr"]]),
                   number(r[col["arch_vgpr"]]) + number(r[col["accum_vgpr"]]), number(r[col["lds"]]))
    else:  # raw page: a units row under the header
        for r in rows:
            if r[0]:
                yield (r[0], r[col["Kernel Name"]], r[col["CC"]], number(r[col["launch__block_size"]]),
                       number(r[col["launch__registers_per_thread"]]),
                       number(r[col["launch__shared_mem_per_block_static"]]) +
                       number(r[col["launch__shared_mem_per_block_dynamic"]]))


def main(args):
    gpu = args[args.index("--gpu") + 1] if "--gpu" in args else None
    with open(args[-1], newline="", encoding="utf-8") as f:
        lines = (l for l in f if not l.startswith("=="))
        rows = csv.reader(lines)
        header = next(rows)
        col = {c: i for i, c in enumerate(header)}
        out = csv.writer(sys.stdout, lineterminator="\n")
        out.writerow(["id", "kernel", "blocks_per_sm", "theoretical_occupancy_pct", "limiter"])
        archs = {}
        for kid, name, cc, threads, regs, smem in kernels(rows, col):
            key = gpu or cc
            if not key:
                sys.exit("occupancy.py: %s does not say its GPU: give --gpu" % args[-1])
            if key not in archs:
                archs[key] = find_arch(key)
            a = archs[key]
            limits, warps, max_warps = (amd if "simds_per_cu" in a else nvidia)(a, threads, regs, smem)
            blocks = min(limits.values())
            limiter = ";".join(k for k, v in limits.items() if v == blocks)
            out.writerow([kid, name, blocks, "%.2f" % (100.0 * blocks * warps / max_warps), limiter])


if __name__ == "__main__":
    main(sys.argv[1:])
