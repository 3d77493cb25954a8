# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
"""An Nsight Compute 2019 details page for tools/gen_constructed_reports.py.

nv-nsight-cu-cli 2019.x (CUDA 10.2) with --csv wrote 12 quoted columns: ID,
Process ID, Process Name, Host Name, Kernel Name, Kernel Time (a date),
Context, Stream, Section Name, Metric Name, Metric Unit, Metric Value; no
Block, Grid, Device or CC column, so the launch is in the Launch Statistics
rows. Numbers have thousands separators; "Shared Memory Configuration Size"
is 0 bytes for a kernel without shared memory, and "Block Limit Shared Mem"
then 32; "Theoretical Active Warps per SM" is in "warp/cycle". The
application's own output and two "==PROF==" lines come first. The layout is
that of the public sample AndrewXu22/optimal_unified_memory rodinia_3.1/
cuda/cfd/.../nsight_cfd_097K.log, not shipped: the repository's only
LICENSE is Rodinia's, the University of Virginia's for its benchmark code,
which does not reach files the repository's authors added.

Three kernels on a Tesla V100-SXM2-16GB (80 SMs, CC 7.0); each launch and
its limits are rows of tests/data/nvidia/cuda_occupancy.csv, which
cuda_occupancy.h of CUDA 13.0 computed (tools/gen_nv_vectors.sh):
7.0,128,40,0,0 -> limits warps 16, blocks 32, registers 12: 12 blocks of 4
warps, 48 of 64 (75 %); 7.0,192,66,0,0 -> 10, 32, 4: 4 of 6 warps, 24
(37.5 %); 7.0,256,32,0,0 -> 8, 32, 8: 8 of 8 warps, 64 (100 %). Waves per
SM: the grid over (blocks x 80).
"""

V100_SMS = 80
# name, block, grid, registers, (limit warps, blocks, registers), duration
# ns, elapsed cycles, achieved %
V100_KERNELS = [
    ("scale_field(int,float*,float*)", 128, 1200, 40, (16, 32, 12), 11744, 13853, 70.12),
    ("gather_flux(int,int*,float*,float*,float*)", 192, 640, 66, (10, 32, 4), 61408, 72395,
     35.90),
    ("advance_state(int,int,float*,float*,float*)", 256, 320, 32, (8, 32, 8), 9216, 10871, 88.40),
]


def sep(v, decimals):
    return "{:,.{}f}".format(v, decimals)


def pct(v):
    s = "%.2f" % v
    return s[:-3] if s.endswith(".00") else s


def ncu_details_2019(write, root):
    out = ["Grid size: 1200 x 1, block size 128, 6 steps", "Device: Tesla V100-SXM2-16GB",
           "allocating fields", "allocating fluxes", "stepping...", "0.0213377 seconds per step",
           "freeing...", "checksum 0x5e31c0a2", "Done",
           "==PROF== Connected to process 27311 (/home/user/fieldsim/build/fieldsim)",
           "==PROF== Disconnected from process 27311"]
    cols = ["ID", "Process ID", "Process Name", "Host Name", "Kernel Name", "Kernel Time",
            "Context", "Stream", "Section Name", "Metric Name", "Metric Unit", "Metric Value"]
    out.append(",".join('"%s"' % c for c in cols))
    for kid, (name, block, grid, regs, lim, dur, cyc, ach) in enumerate(V100_KERNELS):
        warps = block // 32
        active = min(lim) * warps
        theory = active / 64 * 100
        fb = "%.2f" % (30.5 + 7 * kid)
        sol = [("Memory Frequency", "cycle/second", sep(877412903.23 + 1234567.89 * kid, 2)),
               ("SOL FB", "%", fb), ("Elapsed Cycles", "cycle", sep(cyc, 0)),
               ("SM Frequency", "cycle/second", sep(1179626548.39 - 2345678.91 * kid, 2)),
               ("Memory [%]", "%", fb), ("Duration", "nsecond", sep(dur, 0)),
               ("SOL L2", "%", "%.2f" % (12.25 + 3 * kid)),
               ("SM Active Cycles", "cycle", sep(cyc * 0.82, 2)),
               ("SM [%]", "%", "%.2f" % (24.75 + 9 * kid)),
               ("SOL TEX", "%", "%.2f" % (10.5 + kid))]
        launch = [("Block Size", "", str(block)), ("Grid Size", "", sep(grid, 0)),
                  ("Registers Per Thread", "register/thread", str(regs)),
                  ("Shared Memory Configuration Size", "byte", "0"),
                  ("Dynamic Shared Memory Per Block", "byte/block", "0"),
                  ("Static Shared Memory Per Block", "byte/block", "0"),
                  ("Threads", "thread", sep(block * grid, 0)),
                  ("Waves Per SM", "", "%.2f" % (grid / (min(lim) * V100_SMS)))]
        occ = [("Block Limit SM", "block", str(lim[1])),
               ("Block Limit Registers", "block", str(lim[2])),
               ("Block Limit Shared Mem", "block", "32"),
               ("Block Limit Warps", "block", str(lim[0])),
               ("Achieved Active Warps Per SM", "warp", "%.2f" % (ach / 100 * 64)),
               ("Achieved Occupancy", "%", "%.2f" % ach),
               ("Theoretical Active Warps per SM", "warp/cycle", str(active)),
               ("Theoretical Occupancy", "%", pct(theory))]
        when = "2026-Feb-03 10:41:%02d" % (17 + kid // 2)
        for section, rows in (("GPU Speed Of Light", sol), ("Launch Statistics", launch),
                              ("Occupancy", occ)):
            for metric, unit, value in rows:
                cells = [str(kid), "27311", "fieldsim", "127.0.0.1", name, when, "1", "7",
                         section, metric, unit, value]
                out.append(",".join('"%s"' % c for c in cells))
    write(root, "ncu/constructed_ncu_details_2019_v100.log", "\n".join(out) + "\n")
