#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
"""Writes the constructed CodeXL/RCP occupancy files of tests/data/codexl/.

No real .occupancy file of a GPU occview knows has been found, so these are
written exactly as AMD's writers write them, with AMD's figures computed as
AMD's calculator computes them. Sources (restated here, not copied):

- Layout: GPUOpen-Tools/radeon_compute_profiler Src/CLOccupancyAgent/
  CLOccupancyFile.cpp (WriteOccupancyHeader: "# ProfilerVersion=",
  "# Application=", "# ApplicationArgs=", "# ListSeparator=",
  "# KernelCount=", then the 26 column names) and CLOccupancyInfoManager.cpp
  (OccupancyInfoEntry::ToString: one row per dispatch, the occupancy a C++
  float streamed with 6 significant digits, then the GFX IP version and the
  SIMDs per CU). CodeXL 2.x (GPUOpen-Archive/CodeXL, CodeXL/Components/
  GpuProfiling/Backend/CLOccupancyAgent/CLOccupancyFile.cpp at 38129d1c)
  wrote "# ApplicationArg=", no KernelCount, "Nbr of WG limited waves" and
  the 24 columns before the GFX IP version.
- Figures: radeon_compute_profiler Src/CLCommon/CLCUInfoBase.cpp and .h at
  bda6ab24 (CLCUInfoSI::ComputeNumActiveWaves, CLCUInfoVI for GFX8 and GFX9,
  CLCUInfoBase::ComputeCUOccupancy).

Usage: tools/gen_codexl_occupancy.py tests/data/codexl
"""
import math
import os
import sys

COLUMNS = ["Thread ID", "Kernel Name", "Device Name", "Number of compute units",
           "Max. number of wavefronts per CU", "Max. number of work-group per CU",
           "Max. number of VGPR", "Max. number of SGPR", "Max. amount of LDS",
           "Number of VGPR used", "Number of SGPR used", "Amount of LDS used",
           "Size of wavefront", "Work-group size", "Wavefronts per work-group",
           "Max work-group size", "Max wavefronts per work-group", "Global work size",
           "Maximum global work size", "Nbr VGPR-limited waves", "Nbr SGPR-limited waves",
           "Nbr LDS-limited waves", "Nbr of WG-limited waves", "Kernel occupancy",
           "Graphics IP Version", "Number of SIMDs per CU"]


def round_up(n, unit):
    return (n + unit - 1) // unit * unit


def figures(dev, k):
    """AMD's GCN calculator (SI/CI: SGPRs of 8 from 512; VI/GFX9: of 16 from
    800), per CU: each factor's waves, capped at the work-group limit's and
    cut to whole work-groups; occupancy = the least over the most waves."""
    wave = dev["wave"]
    wpg = max(math.ceil(k["wg"] / wave), 1)
    max_wg = 40 if wpg == 1 else 16              # work-groups per CU
    max_waves = min(max_wg * math.ceil(dev["max_wg_size"] / wave), 40)
    wg_lim = min(wpg * max_wg, max_waves) // wpg * wpg
    vgpr = 256 // round_up(max(k["vgprs"], 1), 4) * dev["simds"]
    vgpr = min(vgpr, wg_lim) // wpg * wpg
    sgpr_unit, sgpr_file = (16, 800) if dev["gfxip"] >= 8 else (8, 512)
    sgpr = sgpr_file // round_up(max(k["sgprs"] + 2, 1), sgpr_unit) * dev["simds"]
    sgpr = min(sgpr, wg_lim) // wpg * wpg
    lds = min(wpg * min(dev["max_lds"] // max(k["lds"], 1), max_wg), wg_lim)
    active = min(vgpr, sgpr, lds, wg_lim)
    occ = active / max_waves * 100
    return dict(max_waves=max_waves, max_wg=max_wg, wpg=wpg, vgpr=vgpr, sgpr=sgpr, lds=lds,
                wg_lim=wg_lim, occ=occ)


def cxx_float(x):
    """A float as C++'s default ostream writes it (6 significant digits)."""
    return "%.6g" % x


def row(dev, k, old, sep):
    f = figures(dev, k)
    vals = [k["tid"], k["name"], dev["name"], dev["cus"], f["max_waves"], f["max_wg"], 256,
            dev["max_sgprs"], dev["max_lds"], k["vgprs"], k["sgprs"], k["lds"], dev["wave"],
            k["wg"], f["wpg"], dev["max_wg_size"], math.ceil(dev["max_wg_size"] / dev["wave"]),
            k["global"], dev["max_global"], f["vgpr"], f["sgpr"], f["lds"], f["wg_lim"],
            cxx_float(f["occ"])]
    if not old:
        vals += [dev["gfxip"], dev["simds"]]
    return sep.join(str(v) for v in vals)


def write(path, dev, kernels, old, version, sep=",", head_sep=None):
    cols = list(COLUMNS)
    if old:
        cols = cols[:24]
        cols[22] = "Nbr of WG limited waves"
    with open(path, "w", newline="\n") as out:
        out.write("# ProfilerVersion=%s\n" % version)
        out.write("# Application=/home/user/bench/occbench\n")
        out.write("# %s=--size 1048576\n" % ("ApplicationArg" if old else "ApplicationArgs"))
        out.write("# ListSeparator=%s\n" % sep)
        if not old:
            out.write("# KernelCount=%d\n" % len(kernels))
        out.write((head_sep or sep).join(cols) if not old else ",".join(cols))
        out.write("\n")
        for k in kernels:
            out.write(row(dev, k, old, sep) + "\n")


def main():
    top = sys.argv[1]
    # ROCm's OpenCL names a device by its gfx target; CU counts: Vega 10
    # (MI25, RX Vega 64) 64, Polaris 10 (MI6, RX 480) 36.
    gfx900 = dict(name="gfx900", cus=64, wave=64, simds=4, gfxip=9, max_sgprs=102,
                  max_lds=65536, max_wg_size=256, max_global=1073741824)
    gfx803 = dict(name="gfx803", cus=36, wave=64, simds=4, gfxip=8, max_sgprs=102,
                  max_lds=65536, max_wg_size=256, max_global=1073741824)
    write(os.path.join(top, "constructed_rcp55_gfx900.occupancy"), gfx900, [
        dict(tid=4242, name="reduce", wg=256, vgprs=32, sgprs=24, lds=4096,
             **{"global": 1048576}),
        dict(tid=4242, name="scan_wave", wg=64, vgprs=84, sgprs=40, lds=0, **{"global": 65536}),
        dict(tid=4242, name="tile_192", wg=192, vgprs=64, sgprs=96, lds=20000,
             **{"global": 196608}),
    ], False, "5.5.6989")
    write(os.path.join(top, "constructed_codexl2_gfx803.occupancy"), gfx803, [
        dict(tid=913, name="vadd", wg=128, vgprs=8, sgprs=16, lds=0, **{"global": 1000000}),
        dict(tid=913, name="stencil", wg=256, vgprs=100, sgprs=30, lds=8192,
             **{"global": 262144}),
    ], True, "2.6.1110")
    # RCP 5.2 on Hawaii (GFX IP 7, 44 CUs: R9 290X, FirePro W9100 has 44
    # too): ";" between a row's fields but "," in the column names, as
    # RCP 5.2.6553 wrote them (the layout of the Session1.occupancy pasted
    # in GitHub issue GPUOpen-Archive/CodeXL#187, which is not shipped: an
    # issue comment carries no licence). The SI/CI rules: SGPRs of 8 from
    # 512, 40 waves per CU.
    hawaii = dict(name="Hawaii", cus=44, wave=64, simds=4, gfxip=7, max_sgprs=104,
                  max_lds=65536, max_wg_size=256, max_global=1073741824)
    gauss = dict(tid=6120, name="gauss_rows", wg=256, vgprs=36, sgprs=50, lds=6144,
                 **{"global": 4194304})
    write(os.path.join(top, "constructed_rcp52_hawaii.occupancy"), hawaii, [
        gauss, gauss,
        dict(tid=6120, name="hist_local", wg=64, vgprs=24, sgprs=90, lds=16000,
             **{"global": 1048576}),
        dict(tid=6120, name="transpose_tile", wg=256, vgprs=60, sgprs=30, lds=8448,
             **{"global": 16777216}),
        gauss,
    ], False, "5.2.6553", ";", ",")


if __name__ == "__main__":
    main()
