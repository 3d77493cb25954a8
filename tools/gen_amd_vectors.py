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

GCN1, GCN2 and early GCN3 (gfx600-gfx810), which LLVM 14 knows, go to their own
file (the IR is written with typed pointers for an llc before 15, which also
prints NumSgprs where later ones print TotalNumSgprs):

    tools/gen_amd_vectors.py --llc llc-14 --gcn1 --out tests/data/amd/llvm14_occupancy_gcn1.csv

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
# GCN1 (Southern Islands), GCN2 (Sea Islands) and the GCN3 parts before gfx803.
GCN1_TARGETS = ["gfx600", "gfx601", "gfx602", "gfx700", "gfx701", "gfx702", "gfx703",
                "gfx704", "gfx705", "gfx801", "gfx802", "gfx810"]
# gfx803, which llc 22 covers too, goes with them: its llc 14 rows show that
# where llc 14 and llc 22 differ on one target, the LLVM version decides.
GCN1_BRIDGE = "gfx803"
# Southern Islands: LLVM gives a workgroup 32 KiB of LDS (FeatureLocalMemorySize32768).
SI = {"gfx600", "gfx601", "gfx602"}
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
# GCN1/GCN2 step at multiples of 8 (LLVM's table: <=48:10 <=56:9 ... else 5)
# and address up to 104 SGPRs; gfx802's SGPR init bug fixes its count at 96,
# so llc refuses a kernel that needs more.
SGPRS_SICI = [-1, 31, 45, 46, 47, 48, 53, 54, 55, 61, 62, 63, 69, 70, 71, 77, 78, 79, 85,
              86, 87, 93, 94, 95, 99, 101, 102, 103]
SGPRS_INIT_BUG = [s for s in SGPRS if s <= 93]
# LDS sizes are whole allocation granules of the target (512 bytes; gfx950:
# 1280): LLVM 22 ignores the granule when it computes occupancy (a FIXME in
# getOccupancyWithWorkGroupSizes) and the hardware does not, so only whole
# granules make vectors on which both agree.
LDS = [0, 512, 1024, 2048, 4096, 6144, 8192, 10240, 12288, 16384, 20480, 21504, 24576,
       32768, 40960, 49152, 65536]
LDS_SI = [l for l in LDS if l <= 32768] + [256, 768, 1280]
LDS_GFX950 = [0] + [1280 * k for k in (1, 2, 4, 5, 8, 10, 13, 16, 20, 25, 32, 40, 51,
                                         64, 77, 102, 128)]
RDNA = {"gfx1010", "gfx1030", "gfx1100", "gfx1101", "gfx1102", "gfx1150", "gfx1151",
        "gfx1200", "gfx1201"}

FIELDS = {"NumVgprs": "vgprs", "NumAgprs": "agprs", "TotalNumSgprs": "sgprs",
          "LDSByteSize": "lds", "Occupancy": "occ"}


def kernel_ir(name, wg, vgpr, agpr, sgpr, lds, typed):
    """typed: typed pointers, for an llc before 15 (no opaque pointers)."""
    lines = []
    arr = f"[{lds // 4} x i32]"
    if lds:
        lines.append(f"@{name}.lds = internal addrspace(3) global {arr} poison, align 4")
    lines.append(f"define amdgpu_kernel void @{name}() #{wg} {{")
    for reg, idx in (("v", vgpr), ("a", agpr), ("s", sgpr)):
        if idx >= 0:
            lines.append(f'  call void asm sideeffect "", "~{{{reg}{idx}}}"()')
    if lds:
        lines.append("  %id = call i32 @llvm.amdgcn.workitem.id.x()")
        if typed:
            lines.append(f"  %p = getelementptr {arr}, {arr} addrspace(3)* @{name}.lds, i32 0, i32 %id")
            lines.append("  store volatile i32 1, i32 addrspace(3)* %p")
        else:
            lines.append(f"  %p = getelementptr {arr}, ptr addrspace(3) @{name}.lds, i32 0, i32 %id")
            lines.append("  store volatile i32 1, ptr addrspace(3) %p")
    lines.append("  ret void")
    lines.append("}")
    return "\n".join(lines)


def grid(target, rng):
    """Sweeps of one variable at a time around a few bases, then random points."""
    agprs = AGPRS if target in AGPR_TARGETS else [-1]
    lds_sizes = LDS_GFX950 if target == "gfx950" else LDS_SI if target in SI else LDS
    sgprs = SGPRS
    if target in GCN1_TARGETS:
        sgprs = SGPRS_INIT_BUG if target == "gfx802" else SGPRS_SICI if target < "gfx8" else SGPRS
    pts = set()
    for wg in WG_SIZES:
        for l in lds_sizes:
            pts.add((wg, -1, -1, -1, l))
        for v in VGPRS:
            pts.add((wg, v, -1, -1, 0))
        for s in sgprs:
            pts.add((wg, -1, -1, s, 0))
        for a in agprs:
            for v in AGPR_VGPRS:
                pts.add((wg, v, a, -1, 0))
    for _ in range(200):
        pts.add((rng.choice(WG_SIZES), rng.choice(VGPRS), rng.choice(agprs),
                 rng.choice(sgprs), rng.choice(lds_sizes)))
    return sorted(pts)


def run_llc(llc, typed, target, wave, cumode, pts):
    names = []
    mod = ["declare i32 @llvm.amdgcn.workitem.id.x()"]
    for wg in sorted({p[0] for p in pts}):
        mod.append(f'attributes #{wg} = {{ "amdgpu-flat-work-group-size"="{wg},{wg}" }}')
    for i, (wg, v, a, s, l) in enumerate(pts):
        name = f"k{i}"
        names.append(name)
        mod.append(kernel_ir(name, wg, v, a, s, l, typed))
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
        m = re.match(r"^; (NumVgprs|NumAgprs|TotalNumSgprs|NumSgprs|LDSByteSize|Occupancy): (\d+)", line)
        if m and cur is not None:
            # llc before 15 prints NumSgprs (VCC etc. included) where later
            # ones print TotalNumSgprs; a later one's NumSgprs is not it.
            if m.group(1) == "NumSgprs":
                if typed:
                    info["sgprs"] = int(m.group(2))
                continue
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
    ap.add_argument("--out", default=None,
                    help="default tests/data/amd/llvm_occupancy.csv, with --gcn1 "
                    "tests/data/amd/llvm14_occupancy_gcn1.csv")
    ap.add_argument("--out-cumode", default="tests/data/amd/llvm_occupancy_cumode.csv")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--gcn1", action="store_true",
                    help="GCN1/GCN2/early GCN3 targets (gfx600-gfx810) instead of the others")
    args = ap.parse_args()
    if args.out is None:
        args.out = ("tests/data/amd/llvm14_occupancy_gcn1.csv" if args.gcn1
                    else "tests/data/amd/llvm_occupancy.csv")

    version = subprocess.run([args.llc, "--version"], capture_output=True, text=True).stdout
    m = re.search(r"LLVM version (\d+)", version)
    typed = bool(m) and int(m.group(1)) < 15
    version = " ".join(version.split("\n")[0].split()) or args.llc
    jobs, skipped = [], []
    for t in (GCN1_TARGETS + [GCN1_BRIDGE] if args.gcn1 else TARGETS):
        if not supported(args.llc, t):
            skipped.append(t)
            continue
        rng = random.Random(f"occview-{t}")
        pts = grid(t, rng)
        # llc 14 would compile wave32 kernels for GCN: GCN runs wave64 only.
        for wave in (64,) if args.gcn1 else (32, 64):
            jobs.append((t, wave, False, pts))
            # RDNA compiles in WGP mode by default; CU mode is the other one.
            if t in RDNA:
                jobs.append((t, wave, True, pts))
    with ThreadPoolExecutor(max_workers=args.jobs) as ex:
        results = list(ex.map(lambda j: (j, run_llc(args.llc, typed, *j)), jobs))
    for cumode, path in ((False, args.out), (True, args.out_cumode)):
        if not any(cm == cumode for (_, _, cm, _), _ in results):
            continue
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
