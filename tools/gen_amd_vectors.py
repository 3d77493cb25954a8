#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
"""gen_amd_vectors.py - exact AMD occupancy test vectors from LLVM's AMDGPU backend.

Writes kernels whose VGPR, AGPR and SGPR usage is forced by inline-asm clobbers
and whose LDS usage is a stored-to addrspace(3) array, with the flat workgroup
size pinned by "amdgpu-flat-work-group-size"="N,N"; compiles them with llc for
every target and wave size LLVM supports, and records what llc prints
(NumVgprs, NumAgprs, TotalNumSgprs, LDSByteSize, Occupancy) in
tests/data/amd/llvm_occupancy.csv.

    tools/gen_amd_vectors.py [--llc llc-22] [--out tests/data/amd/llvm_occupancy.csv]

The grid is deterministic (fixed random seed), so a rerun with the same llc
reproduces the file byte for byte.
"""
import argparse
import os
import random
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

TARGETS = ["gfx803", "gfx900", "gfx906", "gfx908", "gfx90a", "gfx940", "gfx941",
           "gfx942", "gfx950", "gfx1010", "gfx1030", "gfx1100", "gfx1101", "gfx1102",
           "gfx1150", "gfx1151", "gfx1200", "gfx1201"]
AGPR_TARGETS = {"gfx908", "gfx90a", "gfx940", "gfx941", "gfx942", "gfx950"}

WG_SIZES = [32, 64, 96, 128, 160, 192, 256, 320, 384, 448, 512, 576, 640, 768, 896, 1024]
# Highest VGPR/AGPR/SGPR index clobbered (-1: none). The kernel itself uses a
# few registers; what llc reports is what the vector records.
VGPRS = [-1, 8, 15, 23, 24, 31, 39, 40, 47, 48, 55, 63, 64, 71, 79, 84, 87, 95, 103,
         111, 119, 127, 135, 167, 191, 255]
# With AGPRs the VGPRs include counts that are not multiples of 4 (v24 -> 25,
# v40 -> 41, v104 -> 105): gfx90a and later round them up to 4 before the
# AGPRs, which only shows when the sum then crosses a granule.
AGPRS = [-1, 0, 3, 7, 22, 30, 31, 46, 63, 64, 86, 95, 127, 191, 255]
AGPR_VGPRS = [-1, 24, 31, 40, 63, 95, 104, 127]
SGPRS = [-1, 31, 47, 55, 63, 71, 79, 80, 81, 87, 88, 89, 95, 99, 100, 101]
# LDS sizes are whole allocation granules of the target (512 bytes; gfx950:
# 1280): LLVM 22 ignores the granule when it computes occupancy (a FIXME in
# getOccupancyWithWorkGroupSizes) and the hardware does not, so only whole
# granules make vectors on which both agree.
LDS = [0, 512, 1024, 2048, 4096, 6144, 8192, 10240, 12288, 16384, 20480, 21504, 24576,
       32768, 40960, 49152, 65536]
LDS_GFX950 = [0] + [1280 * k for k in (1, 2, 4, 5, 8, 10, 13, 16, 20, 25, 32, 40, 51,
                                         64, 77, 102, 128)]
RDNA = {"gfx1010", "gfx1030", "gfx1100", "gfx1101", "gfx1102", "gfx1150", "gfx1151",
        "gfx1200", "gfx1201"}

FIELDS = {"NumVgprs": "vgprs", "NumAgprs": "agprs", "TotalNumSgprs": "sgprs",
          "LDSByteSize": "lds", "Occupancy": "occ"}


def kernel_ir(name, wg, vgpr, agpr, sgpr, lds):
    lines = []
    if lds:
        lines.append(f"@{name}.lds = internal addrspace(3) global [{lds // 4} x i32] poison, align 4")
    lines.append(f"define amdgpu_kernel void @{name}() #{wg} {{")
    for reg, idx in (("v", vgpr), ("a", agpr), ("s", sgpr)):
        if idx >= 0:
            lines.append(f'  call void asm sideeffect "", "~{{{reg}{idx}}}"()')
    if lds:
        lines.append("  %id = call i32 @llvm.amdgcn.workitem.id.x()")
        lines.append(f"  %p = getelementptr [{lds // 4} x i32], ptr addrspace(3) @{name}.lds, i32 0, i32 %id")
        lines.append("  store volatile i32 1, ptr addrspace(3) %p")
    lines.append("  ret void")
    lines.append("}")
    return "\n".join(lines)


def grid(target, rng):
    """Sweeps of one variable at a time around a few bases, then random points."""
    agprs = AGPRS if target in AGPR_TARGETS else [-1]
    lds_sizes = LDS_GFX950 if target == "gfx950" else LDS
    pts = set()
    for wg in WG_SIZES:
        for l in lds_sizes:
            pts.add((wg, -1, -1, -1, l))
        for v in VGPRS:
            pts.add((wg, v, -1, -1, 0))
        for s in SGPRS:
            pts.add((wg, -1, -1, s, 0))
        for a in agprs:
            for v in AGPR_VGPRS:
                pts.add((wg, v, a, -1, 0))
    for _ in range(200):
        pts.add((rng.choice(WG_SIZES), rng.choice(VGPRS), rng.choice(agprs),
                 rng.choice(SGPRS), rng.choice(lds_sizes)))
    return sorted(pts)


def run_llc(llc, target, wave, cumode, pts):
    names = []
    mod = ["declare i32 @llvm.amdgcn.workitem.id.x()"]
    for wg in sorted({p[0] for p in pts}):
        mod.append(f'attributes #{wg} = {{ "amdgpu-flat-work-group-size"="{wg},{wg}" }}')
    for i, (wg, v, a, s, l) in enumerate(pts):
        name = f"k{i}"
        names.append(name)
        mod.append(kernel_ir(name, wg, v, a, s, l))
    src = "\n".join(mod) + "\n"
    cmd = [llc, "-mtriple=amdgcn-amd-amdhsa", f"-mcpu={target}",
           f"-mattr=+wavefrontsize{wave}" + (",+cumode" if cumode else ""), "-o", "-"]
    p = subprocess.run(cmd, input=src, capture_output=True, text=True)
    if p.returncode != 0:
        return None
    rows, cur, info = [], None, {}
    for line in p.stdout.splitlines():
        m = re.match(r"^(k\d+):", line)
        if m:
            cur, info = int(m.group(1)[1:]), {}
            continue
        m = re.match(r"^; (NumVgprs|NumAgprs|TotalNumSgprs|LDSByteSize|Occupancy): (\d+)", line)
        if m and cur is not None:
            info[FIELDS[m.group(1)]] = int(m.group(2))
            if m.group(1) == "Occupancy":
                wg = pts[cur][0]
                rows.append((target, wave, wg, info.get("lds", 0), info.get("vgprs", 0),
                             info.get("agprs", 0), info.get("sgprs", 0), info["occ"]))
                cur = None
    # A wave size the target lacks compiles to an empty module: no kernels.
    return rows if rows else None


def supported(llc, target):
    p = subprocess.run([llc, "-mtriple=amdgcn-amd-amdhsa", f"-mcpu={target}", "-o", "/dev/null"],
                       input="", capture_output=True, text=True)
    return "not a recognized processor" not in p.stderr


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--llc", default="llc-22")
    ap.add_argument("--out", default="tests/data/amd/llvm_occupancy.csv")
    ap.add_argument("--out-cumode", default="tests/data/amd/llvm_occupancy_cumode.csv")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()

    version = subprocess.run([args.llc, "--version"], capture_output=True, text=True).stdout
    version = " ".join(version.split("\n")[0].split()) or args.llc
    jobs, skipped = [], []
    for t in TARGETS:
        if not supported(args.llc, t):
            skipped.append(t)
            continue
        rng = random.Random(f"occview-{t}")
        pts = grid(t, rng)
        for wave in (32, 64):
            jobs.append((t, wave, False, pts))
            # RDNA compiles in WGP mode by default; CU mode is the other one.
            if t in RDNA:
                jobs.append((t, wave, True, pts))
    with ThreadPoolExecutor(max_workers=args.jobs) as ex:
        results = list(ex.map(lambda j: (j, run_llc(args.llc, *j)), jobs))
    for cumode, path in ((False, args.out), (True, args.out_cumode)):
        seen, out = set(), []
        for (t, wave, cm, _), rows in results:
            if cm != cumode:
                continue
            if rows is None:
                print(f"{t} wave{wave}: not supported by {args.llc}", file=sys.stderr)
                continue
            for r in rows:
                if r not in seen:
                    seen.add(r)
                    out.append(r)
        with open(path, "w") as f:
            f.write(f"# {version}; generated by tools/gen_amd_vectors.py; "
                    f"{'CU mode (-mattr=+cumode), RDNA only' if cumode else 'default mode (WGP on RDNA)'}; "
                    f"targets {args.llc} does not know: {' '.join(skipped) or 'none'}\n")
            f.write("target,wave_size,workgroup_size,lds_bytes,num_vgprs,num_agprs,total_sgprs,occupancy\n")
            for r in out:
                f.write(",".join(str(x) for x in r) + "\n")
        print(f"{len(out)} vectors written to {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
