#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
"""Writes the constructed profiler reports that replace unlicensed test files.

Some real reports under tests/data came from public repositories that carry
no licence (all rights reserved by default), so a distribution cannot ship
them. Each is replaced by a file of the same shape written here: the same
header lines, columns and quirks (shared/corpus/INDEX.md lists them), but
kernel names and values of this script's own. Every file is deterministic:
running the script again writes the same bytes.

Usage: tools/gen_constructed_reports.py tests/data
"""
import os
import sys

# No __pycache__ beside the sources (make distcheck's are read-only).
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import constructed_fermi_logs  # noqa: E402
import constructed_ncu_2019  # noqa: E402
import constructed_ncu_raw_b200  # noqa: E402
import constructed_ncu_text  # noqa: E402
import constructed_nvprof_traces  # noqa: E402
import constructed_rocprof_compute  # noqa: E402


def write(root, rel, text):
    path = os.path.join(root, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(text)


# --- ncu --print-summary per-kernel (text) --------------------------------
#
# Nsight Compute's CLI (ncu 2024.x) with --print-summary per-kernel prints,
# after the application's own output, one block per kernel: a header
# "  name(args) (gx, gy, gz)x(bx, by, bz), Device 0, CC 8.9, Invocations N"
# and, per section, a table of Metric Name, Metric Unit, Minimum, Maximum
# and Average (documented in the Nsight Compute CLI guide, "--print-summary";
# the layout below is that of the public sample ishana23g/heat_eq
# optimized_3d/profiler/ncu_summary_3D.txt, which is not shipped). Each
# section sizes its own columns to its widest cell; names left-aligned,
# units and values right-aligned; values are floats with 2 decimals and
# thousands separators; "==PROF== Profiling" lines and the application's
# output come before "[pid] exe@host".
#
# The launch and occupancy rows agree with each other under
# /usr/local/cuda/include/cuda_occupancy.h's rules for CC 8.9 (48 warps,
# 24 blocks and 65536 registers per SM in 4 sub-partitions, registers
# allocated per warp in units of 256, 1024 bytes of shared memory reserved
# per block); the configuration size is the generator's choice: the
# smallest of 0, 8, 16, 32, 64 and 100 KB that does not lower the other
# limits.

ADA_SMS = 34


def ncu_table(rows):
    """rows: (name, unit, min, max, avg) with the numbers already text."""
    head = ("Metric Name", "Metric Unit", "Minimum", "Maximum", "Average")
    cells = [head] + rows
    w = [max(len(r[i]) for r in cells) for i in range(5)]
    dash = "    " + " ".join("-" * n for n in w)

    def line(r):
        return "    " + " ".join([r[0].ljust(w[0])] + [r[i].rjust(w[i]) for i in range(1, 5)])

    out = [dash, line(head), dash] + [line(r) for r in rows] + [dash]
    return [s.rstrip() for s in out]


def num(v):
    return f"{v:,.2f}"


def same(name, unit, v):
    return (name, unit, num(v), num(v), num(v))


def spread(name, unit, lo, hi, avg):
    return (name, unit, num(lo), num(hi), num(avg))


def ada_limits(threads, regs, smem):
    warps = (threads + 31) // 32
    by_warps = 48 // warps
    per_warp = -(-regs * 32 // 256) * 256
    by_regs = (65536 // 4 // per_warp) * 4 // warps
    alloc = smem + 1024
    want = min(24, by_warps, by_regs)
    config = next(c for c in (0, 8192, 16384, 32768, 65536, 102400)
                  if c // alloc >= want or c == 102400)
    by_smem = config // alloc
    blocks = min(24, by_warps, by_regs, by_smem)
    return by_regs, by_smem, by_warps, config, blocks * warps


ADA_KERNELS = [
    # name(args), grid, block, registers, static smem, invocations,
    # (duration us min, max), achieved fraction of theoretical (min, max)
    ("relax_rows(double *, const double *, int, int)", (96, 96, 1), (16, 16, 1), 32, 4096,
     6, (41.18, 44.93), (0.612, 0.694)),
    ("seed_boundary(double *, int)", (5, 1, 1), (128, 1, 1), 16, 0,
     3, (2.43, 2.91), (0.138, 0.207)),
]


def ncu_kernel(name, grid, block, regs, smem, calls, dur, ach):
    threads = block[0] * block[1] * block[2]
    blocks = grid[0] * grid[1] * grid[2]
    by_regs, by_smem, by_warps, config, warps = ada_limits(threads, regs, smem)
    occ = 100.0 * warps / 48
    cyc = [d * 2.28e3 for d in dur]
    out = ["  %s (%d, %d, %d)x(%d, %d, %d), Device 0, CC 8.9, Invocations %d"
           % ((name,) + grid + block + (calls,))]
    out.append("    Section: GPU Speed Of Light Throughput")
    out += ncu_table([
        spread("DRAM Frequency", "Ghz", 8.71, 8.99, 8.86),
        spread("SM Frequency", "Ghz", 2.26, 2.29, 2.28),
        spread("Elapsed Cycles", "cycle", round(cyc[0]), round(cyc[1]),
               round(sum(cyc) / 2)),
        spread("Duration", "us", dur[0], dur[1], sum(dur) / 2),
        spread("SM Active Cycles", "cycle", cyc[0] * 0.97, cyc[1] * 0.98,
               sum(cyc) / 2 * 0.975),
    ])
    out.append("")
    out.append("    Section: GPU and Memory Workload Distribution")
    out += ncu_table([
        spread("Average SM Active Cycles", "cycle", cyc[0] * 0.97, cyc[1] * 0.98,
               sum(cyc) / 2 * 0.975),
        spread("Total SM Elapsed Cycles", "cycle", round(cyc[0]) * ADA_SMS,
               round(cyc[1]) * ADA_SMS, round(sum(cyc) / 2) * ADA_SMS),
    ])
    out.append("")
    out.append("    Section: Launch Statistics")
    out += ncu_table([
        same("Block Size", "", threads),
        same("Grid Size", "", blocks),
        same("Registers Per Thread", "register/thread", regs),
        same("Shared Memory Configuration Size", "Kbyte", config / 1000),
        same("Driver Shared Memory Per Block", "Kbyte/block", 1.02),
        same("Dynamic Shared Memory Per Block", "byte/block", 0),
        same("Static Shared Memory Per Block", "Kbyte/block" if smem else "byte/block",
             smem / 1000 if smem else 0),
        same("# SMs", "SM", ADA_SMS),
        same("Threads", "thread", threads * blocks),
        same("Uses Green Context", "", 0),
        same("Waves Per SM", "", blocks / (ADA_SMS * (warps * 32 // threads))),
    ])
    out.append("")
    out.append("    Section: Occupancy")
    a = [occ * f for f in ach]
    out += ncu_table([
        same("Block Limit SM", "block", 24),
        same("Block Limit Registers", "block", by_regs),
        same("Block Limit Shared Mem", "block", by_smem),
        same("Block Limit Warps", "block", by_warps),
        same("Theoretical Active Warps per SM", "warp", warps),
        same("Theoretical Occupancy", "%", occ),
        spread("Achieved Occupancy", "%", a[0], a[1], sum(a) / 2),
        spread("Achieved Active Warps Per SM", "warp", a[0] * 0.48, a[1] * 0.48,
               sum(a) / 2 * 0.48),
    ])
    out.append("")
    return out


def ncu_print_summary(root):
    pid = 41207
    exe = "/home/builder/src/relax2d/build/relax2d"
    out = ["==PROF== Connected to process %d (%s)" % (pid, exe)]
    # 30 profiled launches: per step two relax_rows, seed_boundary every
    # third step; a third kernel (check_residual) is profiled too but its
    # summary block is left out (the file is cut after two kernels, as the
    # sample was).
    order = []
    for step in range(10):
        order += ["relax_rows", "relax_rows"]
        order.append("seed_boundary" if step % 3 == 0 else "check_residual")
    for i, k in enumerate(order):
        out.append('==PROF== Profiling "%s" - %d: 0%%....50%%....100%% - 8 passes' % (k, i))
    out += ["relax2d: 1536 x 1536 grid, Jacobi, 10 steps",
            "  boundary: fixed", "  tolerance: 1e-06",
            "step 10 residual 3.118e-04", "done"]
    out.append("==PROF== Disconnected from process %d" % pid)
    out.append("[%d] relax2d@127.0.0.1" % pid)
    for k in ADA_KERNELS:
        out += ncu_kernel(*k)
    write(root, "ncu/constructed_ncu_print_summary_per_kernel_cc89.txt", "\n".join(out) + "\n")


# --- nvprof --print-gpu-summary --csv ------------------------------------
#
# nvprof (CUDA 9/10) with --print-gpu-summary --csv (documented in the CUDA
# Profiler User's Guide, "Summary Mode" and "--csv") writes its banner lines,
# the quoted header "Type","Time(%)","Time","Calls","Avg","Min","Max","Name",
# a units row in which each column has its own unit (here Time ms, Avg and
# Min us, Max ms), one row per kernel or memory operation, then a blank line,
# "==pid== Unified Memory profiling result:", a second table whose last
# column name is empty, and "Total CPU Page faults: N"; the layout is that
# of the public sample nanzifan/nvprof-result cfd-setpreferredlocation/csv/
# print-gpu-summary.csv, which is not shipped.

NVPROF_SUMMARY = [
    # name, calls, avg us, min us, max us
    ("sweep_faces(int, int*, float*, float*, float*)", 4000, 37.912, 36.480, 1522.304),
    ("update_cells(int, int, float*, float*, float*, float*)", 4000, 11.307, 10.848, 14.752),
    ("[CUDA memcpy DtoD]", 1500, 8.214, 7.904, 12.000),
    ("scale_step(int, float*, float*, float*)", 1500, 6.118, 5.696, 281.920),
    ("fill_state(int, float*)", 4, 198.416, 171.232, 236.864),
    ("[CUDA memcpy HtoD]", 6, 0.812, 0.736, 1.024),
    ("[CUDA memset]", 2, 1.120, 1.088, 1.152),
]


def nvprof_gpu_summary(root):
    pid = 52714
    cmd = "./flux_solver ../inputs/mesh_48k.dat"
    out = ["==%d== NVPROF is profiling process %d, command: %s" % (pid, pid, cmd),
           "==%d== Profiling application: %s" % (pid, cmd),
           "==%d== Profiling result:" % pid,
           '"Type","Time(%)","Time","Calls","Avg","Min","Max","Name"',
           ",%,ms,,us,us,ms,"]
    times = [calls * avg for _, calls, avg, _, _ in NVPROF_SUMMARY]
    total = sum(times)
    for (name, calls, avg, lo, hi), t in zip(NVPROF_SUMMARY, times):
        out.append('"GPU activities",%f,%f,%d,%f,%f,%f,"%s"'
                   % (100.0 * t / total, t / 1000.0, calls, avg, lo, hi / 1000.0, name))
    out += ["",
            "==%d== Unified Memory profiling result:" % pid,
            '"Device","Count","Avg Size","Min Size","Max Size","Total Size","Total Time",""',
            '"TITAN Xp (0)",96,53.333333KB,4.000000KB,512.000000KB,5.000000MB,0.000000,'
            '"Host To Device"',
            '"TITAN Xp (0)",,,,,12B,0.000000,"Gpu page fault groups"',
            "Total CPU Page faults: 31"]
    write(root, "nvprof/constructed_nvprof_print_gpu_summary_um.csv", "\n".join(out) + "\n")


# --- rocprof v1 --stats ----------------------------------------------------
#
# rocprof v1 with --stats writes results.stats.csv beside results.csv: a
# quoted header "Name","Calls","TotalDurationNs","AverageNs","Percentage"
# and one row per kernel, the name without the " [clone .kd]" suffix that
# results.csv carries, the percentage with one decimal (the rocprof section
# of the ROCm documentation describes --stats; the layout is that of the
# public sample shashankparsi/HIP_Programming results.stats.csv, which is not
# shipped).


def rocprof_stats(root):
    calls, avg = 1, 2718406
    out = ['"Name","Calls","TotalDurationNs","AverageNs","Percentage"',
           '"saxpy_kernel(float, float const*, float*, int)",%d,%d,%d,100.0'
           % (calls, calls * avg, avg)]
    write(root, "rocprof/constructed_rocprofv1_results.stats.csv", "\n".join(out) + "\n")


# --- CUDA (Compute/Command-line) Profiler log, CSV mode ----------------------
#
# The CUDA profiler of CUDA 3.x/4.x (CUDA_PROFILE=1 with
# COMPUTE_PROFILE_CSV=1; documented in the "Compute Command Line Profiler"
# user guide shipped with those toolkits) writes "# CUDA_PROFILE_LOG_VERSION
# 2.0", "# CUDA_DEVICE 0 name", "# CUDA_CONTEXT 1", "# CUDA_PROFILE_CSV 1",
# "# TIMESTAMPFACTOR hex", the unquoted header method,gputime,cputime,
# occupancy, then one unquoted row per launch: memcpy rows have 3 fields
# against 4 for kernels, kernel names stay mangled, occupancy is a fraction
# (the layout is that of the public sample abidrafique/MatrixPowers
# cuda_profile_0.log, which is not shipped). The mangled names are g++'s for
# templates of this script's own (a gridkit namespace), and c++filt reads
# them back.

FILL_Y = "_ZN7gridkit6detail11fill_kernelIyEEvPT_jS2_"
FILL_I = "_ZN7gridkit6detail11fill_kernelIiEEvPT_jS2_"
CLOSURE_A = ("_ZN7gridkit6detail11run_closureINS_13for_each_stepINS_8zip_viewINS_7pair_of"
             "INS_10dense_iterINS_7dev_ptrIdEEEENS_11gather_iterIS8_NS_11mapped_iterINS5_"
             "INS6_IiEEEENS_11to_physicalINS_13row_major_mapEEEEEEEEEEEjNS_12assign_value"
             "IdEEEEEEvT_")
CLOSURE_B = ("_ZN7gridkit6detail11run_closureINS_13for_each_stepINS_8zip_viewINS_7pair_of"
             "INS_11gather_iterINS_10dense_iterINS_7dev_ptrIKdEEEENS_11mapped_iterINS6_"
             "INS7_IiEEEENS_11to_physicalINS_13col_major_mapEEEEEEENS4_INS6_INS7_IdEEEENS5_"
             "ISK_NSB_ISD_NSE_INS_13row_major_mapEEEEEEEEEEEEEjNS_12assign_valueIdEEEEEEvT_")
ELL_SPMV = "_ZN7gridkit6detail15ell_spmv_kernelIidLj128ELb0EEEvT_S2_S2_S2_PKS2_PKT0_S7_PS5_"

# method, gputime (us), cputime (us), occupancy (None: a memcpy row). On a
# Fermi SM (48 warps, 8 blocks) a block of 128 threads reaches 32 warps:
# 0.667.
CUDAPROF_ROWS = [
    (FILL_Y, "5.184", "16.000", "0.500"),
    (FILL_I, "2.432", "6.000", "0.500"),
    ("memcpyHtoD", "0.928", "8.000", None),
    (FILL_Y, "3.872", "7.000", "1.000"),
    ("memcpyHtoD", "4.512", "12.000", None),
    (CLOSURE_A, "8.096", "10.000", "1.000"),
    ("memcpyDtoH", "2.304", "13.000", None),
    (CLOSURE_B, "11.648", "13.000", "0.667"),
    ("memcpyDtoH", "6.016", "24.000", None),
    ("memcpyHtoD", "2.240", "9.000", None),
    (FILL_Y, "3.328", "7.000", "1.000"),
    (ELL_SPMV, "5.056", "6.000", "0.667"),
    (ELL_SPMV, "4.224", "5.000", "0.667"),
    (ELL_SPMV, "4.224", "4.000", "0.667"),
    (ELL_SPMV, "4.288", "5.000", "0.667"),
    (ELL_SPMV, "4.224", "4.000", "0.667"),
    (ELL_SPMV, "4.352", "5.000", "0.667"),
]


def cudaprof_csv_log(root):
    out = ["# CUDA_PROFILE_LOG_VERSION 2.0", "# CUDA_DEVICE 0 Tesla C2050",
           "# CUDA_CONTEXT 1", "# CUDA_PROFILE_CSV 1", "# TIMESTAMPFACTOR fffff6a1c03d5e28",
           "method,gputime,cputime,occupancy"]
    for row in CUDAPROF_ROWS:
        out.append(",".join(f for f in row if f is not None))
    write(root, "nvprof/constructed_cudaprof_c2050_csvmode_cuda_profile_0.log",
          "\n".join(out) + "\n")


# --- ncu --page details of a --set full report (CSV) ------------------------
#
# ncu 2025.3 with --csv --page details (documented in the Nsight Compute CLI
# guide, "--page" and "--csv") writes a quoted 20-column header (ID ... CC,
# Section Name, Metric Name, Metric Unit, Metric Value, Rule Name, Rule Type,
# Rule Description, Estimated Speedup Type, Estimated Speedup), then per
# kernel one row per metric, section by section, each ending in a comma
# after its value (16 fields), and one 20-field row per rule result under the
# section's identifier (SpeedOfLight, SchedulerStats, ...). With --set full,
# "Memory Throughput" is both a Speed Of Light row (%) and a Memory Workload
# Analysis row (Gbyte/s). Integers print without decimals and with thousands
# separators ("63,779"), other values with 2 decimals. The layout, the
# section order and the metric rows are those of the public sample
# petebachant/clima-gpu-profiling results/ncu/baseline-details.csv (not
# shipped); the kernels, values and rule texts here are this script's own.
# The launch and occupancy rows follow cuda_occupancy.h's rules for CC 8.0
# (64 warps, 32 blocks, 65536 registers in 4 sub-partitions per SM; the
# configuration size is the generator's choice, as for the Ada file above).

def ncu_val(v):
    if isinstance(v, str):
        return v
    if float(v).is_integer():
        return f"{int(v):,}"
    return f"{v:,.2f}"


def a100_limits(threads, regs, smem):
    warps = (threads + 31) // 32
    by_warps = 64 // warps
    per_warp = -(-regs * 32 // 256) * 256
    by_regs = (65536 // 4 // per_warp) * 4 // warps
    alloc = smem + 1024
    want = min(32, by_warps, by_regs)
    config = next(c for c in (8192, 16384, 32768, 65536, 102400, 135168, 167936)
                  if c // alloc >= want or c == 167936)
    by_smem = config // alloc
    return by_regs, by_smem, by_warps, config, min(32, by_warps, by_regs, by_smem) * warps


A100_KERNELS = [
    # name suffix, block, grid, registers, duration us, memory %, SM %, eligible %
    ("advect_scalar__FILE_Oceanic_jl_src_advection_jl_L311", 1024, 108, 58, 61.42, 27.31,
     48.66, 55.12),
    ("advect_scalar__FILE_Oceanic_jl_src_advection_jl_L312", 1024, 108, 62, 60.87, 26.54,
     49.02, 54.80),
    ("advect_scalar__FILE_Oceanic_jl_src_advection_jl_L313", 1024, 108, 61, 62.10, 28.02,
     47.91, 56.33),
    ("vertical_mix__FILE_Oceanic_jl_src_mixing_jl_L88", 768, 216, 46, 35.76, 61.84,
     33.17, 38.45),
    ("vertical_mix__FILE_Oceanic_jl_src_mixing_jl_L89", 768, 216, 46, 34.95, 63.20,
     32.58, 37.91),
    ("eos_density__FILE_Oceanic_jl_src_eos_jl_L140", 256, 108, 255, 118.34, 9.73,
     14.26, 11.08),
]


def ncu_details_kernel(kid, k):
    name, threads, grid, regs, dur, mem, sm, elig = k
    by_regs, by_smem, by_warps, config, warps = a100_limits(threads, regs, 0)
    occ = 100.0 * warps / 64
    cyc = round(dur * 1.12 * 1000)
    active = round(cyc * 0.93, 2)
    m = []   # (section, metric, unit, value) or (section, rule, type, text, kind, speedup)

    def met(sec, rows):
        m.extend((sec,) + r for r in rows)

    def rule(sec, name, kind, text, st="", sp=""):
        m.append((sec, name, kind, text, st, sp))

    met("GPU Speed Of Light Throughput", [
        ("DRAM Frequency", "Ghz", 1.59), ("SM Frequency", "Ghz", 1.12),
        ("Elapsed Cycles", "cycle", cyc), ("Memory Throughput", "%", mem),
        ("DRAM Throughput", "%", mem), ("Duration", "us", dur),
        ("L1/TEX Cache Throughput", "%", round(mem * 0.31, 2)),
        ("L2 Cache Throughput", "%", round(mem * 1.06, 2)),
        ("SM Active Cycles", "cycle", active), ("Compute (SM) Throughput", "%", sm)])
    rule("SpeedOfLight", "SOLBottleneck", "OPT",
         "Neither compute nor memory throughput is near this device's peak: the kernel "
         "is bound by latency. See Scheduler Statistics and Warp State Statistics.")
    rule("SpeedOfLight_RooflineChart", "SOLFPRoofline", "INF",
         "This device's peak FP32 rate is twice its FP64 rate; the kernel's floating "
         "point work is mostly FP64.")
    met("PM Sampling", [("Maximum Buffer Size", "Kbyte", 458.75),
                        ("Maximum Sampling Interval", "cycle", 20000),
                        ("# Pass Groups", "", 4)])
    rule("PmSampling", "PMSamplingData", "WRN",
         "The sampling interval is long against the kernel's duration, so few samples "
         "were taken; consider a shorter interval.")
    ipc = round(sm * 0.043, 2)
    met("Compute Workload Analysis", [
        ("Executed Ipc Active", "inst/cycle", ipc),
        ("Executed Ipc Elapsed", "inst/cycle", round(ipc * 0.93, 2)),
        ("Issue Slots Busy", "%", sm), ("Issued Ipc Active", "inst/cycle", round(ipc * 1.01, 2)),
        ("SM Busy", "%", sm)])
    rule("ComputeWorkloadAnalysis", "HighPipeUtilization", "INF",
         "The FP64 pipeline is the most used one; it is not saturated.")
    met("Memory Workload Analysis", [
        ("Local Memory Spilling Requests", "", 0),
        ("Local Memory Spilling Request Overhead", "%", 0),
        ("Memory Throughput", "Gbyte/s", round(mem * 20.37, 2)),
        ("Mem Busy", "%", round(mem * 0.58, 2)), ("Max Bandwidth", "%", mem),
        ("L1/TEX Hit Rate", "%", 41.25), ("L2 Persisting Size", "Mbyte", 7.86),
        ("L2 Compression Success Rate", "%", 0), ("L2 Compression Ratio", "", 0),
        ("L2 Compression Input Sectors", "sector", 0), ("L2 Hit Rate", "%", 31.40),
        ("Mem Pipes Busy", "%", round(mem * 0.22, 2))])
    per_sched = warps / 4 * 0.96
    met("Scheduler Statistics", [
        ("One or More Eligible", "%", elig),
        ("Issued Warp Per Scheduler", "", round(elig / 100, 2)),
        ("No Eligible", "%", round(100 - elig, 2)),
        ("Active Warps Per Scheduler", "warp", round(per_sched, 2)),
        ("Eligible Warps Per Scheduler", "warp", round(elig / 33, 2))])
    rule("SchedulerStats", "IssueSlotUtilization", "OPT",
         "Each scheduler issued an instruction in only %.2f%% of cycles; more eligible "
         "warps would hide the latency." % elig, "local", round(100 - elig, 2))
    met("Warp State Statistics", [
        ("Warp Cycles Per Issued Instruction", "cycle", round(per_sched * 100 / elig, 2)),
        ("Warp Cycles Per Executed Instruction", "cycle", round(per_sched * 101 / elig, 2)),
        ("Avg. Active Threads Per Warp", "", 32),
        ("Avg. Not Predicated Off Threads Per Warp", "", 29.87)])
    rule("WarpStateStats", "CPIStall", "OPT",
         "Warps spend most of their cycles waiting on long scoreboard dependencies.",
         "global", round((100 - elig) * 0.7, 2))
    rule("WarpStateStats", "CPIStall", "INF",
         "The source view's warp stall sampling shows where the stalls are.")
    inst = round(active * ipc * 108)
    met("Instruction Statistics", [
        ("Avg. Executed Instructions Per Scheduler", "inst", round(inst / 432, 2)),
        ("Executed Instructions", "inst", inst),
        ("Avg. Issued Instructions Per Scheduler", "inst", round(inst * 1.01 / 432, 2)),
        ("Issued Instructions", "inst", round(inst * 1.01))])
    rule("InstructionStats", "FPInstructions", "OPT",
         "Most FP64 additions and multiplications could be fused into FMA instructions.",
         "global", 4.118)
    met("Launch Statistics", [
        ("Block Size", "", threads), ("Function Cache Configuration", "", "CachePreferNone"),
        ("Grid Size", "", grid), ("Registers Per Thread", "register/thread", regs),
        ("Shared Memory Configuration Size", "Kbyte", round(config / 1000, 2)),
        ("Driver Shared Memory Per Block", "Kbyte/block", 1.02),
        ("Dynamic Shared Memory Per Block", "byte/block", 0),
        ("Static Shared Memory Per Block", "byte/block", 0), ("# SMs", "SM", 108),
        ("Stack Size", "", 1024), ("Threads", "thread", threads * grid), ("# TPCs", "", 54),
        ("Enabled TPC IDs", "", "all"), ("Uses Green Context", "", 0),
        ("Waves Per SM", "", round(grid / (108 * (warps * 32 // threads)), 2))])
    rule("LaunchStats", "LaunchConfiguration", "OPT",
         "A smaller block would let more blocks share an SM.")
    ach = round(occ * 0.91, 2)
    met("Occupancy", [
        ("Block Limit SM", "block", 32), ("Block Limit Registers", "block", by_regs),
        ("Block Limit Shared Mem", "block", by_smem), ("Block Limit Warps", "block", by_warps),
        ("Theoretical Active Warps per SM", "warp", warps), ("Theoretical Occupancy", "%", occ),
        ("Achieved Occupancy", "%", ach),
        ("Achieved Active Warps Per SM", "warp", round(ach * 0.64, 2))])
    rule("Occupancy", "TheoreticalOccupancy", "OPT",
         "Registers limit the kernel to %d warps per SM (%.2f%% theoretical occupancy)."
         % (warps, occ), "global", round(100 - occ, 2))
    met("GPU and Memory Workload Distribution", [
        ("Average DRAM Active Cycles", "cycle", round(cyc * mem / 100 * 1.4)),
        ("Total DRAM Elapsed Cycles", "cycle", round(cyc * 56)),
        ("Average L1 Active Cycles", "cycle", active),
        ("Total L1 Elapsed Cycles", "cycle", cyc * 108),
        ("Average L2 Active Cycles", "cycle", round(active * 0.85, 2)),
        ("Total L2 Elapsed Cycles", "cycle", cyc * 76),
        ("Average SM Active Cycles", "cycle", active),
        ("Total SM Elapsed Cycles", "cycle", cyc * 108),
        ("Average SMSP Active Cycles", "cycle", round(active * 0.97, 2)),
        ("Total SMSP Elapsed Cycles", "cycle", cyc * 432)])
    rule("WorkloadDistribution", "WorkloadImbalance", "OPT",
         "Some SMSPs were active for many more cycles than the average.", "global", 4.907)
    met("Source Counters", [
        ("Branch Instructions Ratio", "%", 0.09),
        ("Branch Instructions", "inst", round(inst * 0.0009)),
        ("Branch Efficiency", "%", 100), ("Avg. Divergent Branches", "branches", 0)])

    lead = [str(kid), "2210457", "julia", "127.0.0.1", name, "1", "13",
            "(%d, 1, 1)" % threads, "(%d, 1, 1)" % grid, "0", "8.0"]
    out = []
    for r in m:
        if len(r) == 4:
            f = lead + [r[0], r[1], r[2], ncu_val(r[3])]
            out.append(",".join('"%s"' % x for x in f) + ",")
        else:
            speedup = ncu_val(r[5]) if r[5] != "" else ""
            f = lead + [r[0], "", "", "", r[1], r[2], r[3], r[4], speedup]
            out.append(",".join('"%s"' % x for x in f))
    return out


def ncu_details_fullset(root):
    head = ["ID", "Process ID", "Process Name", "Host Name", "Kernel Name", "Context", "Stream",
            "Block Size", "Grid Size", "Device", "CC", "Section Name", "Metric Name",
            "Metric Unit", "Metric Value", "Rule Name", "Rule Type", "Rule Description",
            "Estimated Speedup Type", "Estimated Speedup"]
    out = [",".join('"%s"' % h for h in head)]
    for i, k in enumerate(A100_KERNELS):
        out += ncu_details_kernel(i, k)
    write(root, "ncu/constructed_ncu_details_fullset_a100_cc80.csv", "\n".join(out) + "\n")


# --- nvprof --metrics text, runs appended ------------------------------------
#
# nvprof --metrics NAME without --csv (CUDA Profiler User's Guide, "Metrics
# and Events Mode") prints "==pid== Metric result:", a header of six
# right-aligned columns (Invocations, Metric Name, Metric Description, Min,
# Max, Avg; 11, 42, 42, 12, 12 and 12 characters wide), 'Device "name (0)"'
# and per kernel a "    Kernel: signature" line over its metric rows. Run
# in a shell loop with ">>", each run brings the command echoed (with a
# trailing space), nvprof's banners and the application's own output before
# its table. The layout is that of the public sample AdjWang/
# SATGPUDemonstration sat/evaluation/sm_eff.txt (not shipped): 10 runs of
# the same 4 kernels, 17 lines each.

SAT_KERNELS = ["clip_edges(edge_t*, int, int*, float2*)",
               "clip_classify(const float2*, int, unsigned char*)",
               "clip_scan_counts(int*, int, int*)",
               "clip_emit(const edge_t*, const int*, int, float2*)"]


def nvprof_metrics_text_runs(root):
    widths = (11, 42, 42, 12, 12, 12)

    def cols(cells):
        return "".join(c.rjust(w) for c, w in zip(cells, widths))

    out = []
    for run in range(10):
        pid = 61310 + 29 * run
        cmd = "./hull_clip --in ./shapes/set_%02d.bin --out clipped.bin" % (run + 1)
        out += ["nvprof --metrics sm_efficiency %s " % cmd,
                "==%d== NVPROF is profiling process %d, command: %s" % (pid, pid, cmd),
                "polygons: %d" % (40000 * (run + 1)),
                "clip time %.6f sec" % (0.1172 + 0.0093 * run),
                "==%d== Profiling application: %s" % (pid, cmd),
                "==%d== Profiling result:" % pid,
                "==%d== Metric result:" % pid,
                cols(("Invocations", "Metric Name", "Metric Description", "Min", "Max", "Avg")),
                'Device "Tesla V100-PCIE-16GB (0)"']
        for i, k in enumerate(SAT_KERNELS):
            eff = "%.2f%%" % min(99.87, 3.1 + 7.4 * run * (i + 1) / 2 + 11.3 * i)
            out += ["    Kernel: " + k,
                    cols(("1", "sm_efficiency", "Multiprocessor Activity", eff, eff, eff))]
    write(root, "nvprof/constructed_nvprof_metrics_text_sm_efficiency_10runs.txt",
          "\n".join(out) + "\n")


# --- rocprof v1 -i pmc (GPUBusy, Wavefronts) ---------------------------------
#
# rocprof v1 with an input file of "pmc: GPUBusy Wavefronts" writes one row
# per dispatch: Index, the quoted kernel name with " [clone .kd]", gpu-id,
# queue-id, queue-index, pid, tid, grd (work-items), wgr, lds, scr,
# arch_vgpr, accum_vgpr, sgpr, wave_size, sig, obj, then each counter with
# ten decimals (the rocprof section of the ROCm documentation; the layout is
# that of the public sample shashankparsi/HIP_Programming
# output_vec_add_gpu.csv, which is not shipped). Nothing names the GPU. The
# Wavefronts counter is grd / wave_size, as a full-grid dispatch has.


def rocprof_pmc(root):
    grd, wgr, wave = 4194304, 128, 64
    head = ("Index,KernelName,gpu-id,queue-id,queue-index,pid,tid,grd,wgr,lds,scr,arch_vgpr,"
            "accum_vgpr,sgpr,wave_size,sig,obj,GPUBusy,Wavefronts")
    row = ('0,"scale_add(float*, float const*, float, int) [clone .kd]",2,0,0,41817,41817,'
           '%d,%d,0,0,12,0,24,%d,0x0,0x7f3c51a04c80,100.0000000000,%.10f'
           % (grd, wgr, wave, grd / wave))
    write(root, "rocprof/constructed_rocprofv1_pmc_scale_add.csv", head + "\n" + row + "\n")


# --- ncu --csv --page raw of a run that failed ---------------------------------
#
# When the profiled application exits with an error before any kernel is
# profiled, ncu writes its own ==PROF== lines and one ==ERROR== line and no
# CSV at all (the layout of the public sample meinie0826/Roofline-Analysis
# decodebench/results/ncu/flashinfer_paged_decode__gqa_bf16_b128_ctx8k_p64
# .ncu.csv, which is not shipped).


def ncu_error_only(root):
    out = ["==PROF== Connected to process 318406 (/usr/bin/python3.11)",
           "==PROF== Disconnected from process 318406",
           "==ERROR== The application returned an error code (1)."]
    write(root, "ncu/constructed_ncu_raw_EMPTY_error_only.csv", "\n".join(out) + "\n")


# --- nvprof --metrics text of one kernel ---------------------------------------
#
# nvprof --metrics without --csv: "==PID==" banners, then the column header
# (Invocations in 11 columns, Metric Name right-aligned in 42, Metric
# Description in 46, Min, Max and Avg in 12 each), 'Device "NAME (0)"', four
# spaces and "Kernel: " with the whole demangled signature, and one row a
# metric (the layout is that of the public sample sankarmanoj/thrust2D
# opencv/shared/affine.profile, which is not shipped). The metric names and
# descriptions are nvprof's own; the kernel and the values are this
# script's.

GTX1070_METRICS = [
    ("dram_read_throughput", "Device Memory Read Throughput", "412.08MB/s"),
    ("achieved_occupancy", "Achieved Occupancy", "0.871563"),
    ("shared_efficiency", "Shared Memory Efficiency", "50.00%"),
    ("gld_efficiency", "Global Memory Load Efficiency", "100.00%"),
    ("gst_efficiency", "Global Memory Store Efficiency", "80.00%"),
    ("shared_load_transactions_per_request", "Shared Memory Load Transactions Per Request",
     "2.000000"),
    ("branch_efficiency", "Branch Efficiency", "96.15%"),
]


def nvprof_metrics_text_one(root):
    pid = "==31907== "
    cmd = "./rotate.o 1024"

    def cols(a, b, c, d, e, f):
        return a.rjust(11) + b.rjust(42) + c.rjust(46) + d.rjust(12) + e.rjust(12) + f.rjust(12)

    out = [pid + "NVPROF is profiling process 31907, command: " + cmd,
           pid + "Some kernel(s) will be replayed on device 0 in order to collect all "
           "events/metrics.",
           pid + "Profiling application: " + cmd,
           pid + "Profiling result:",
           pid + "Metric result:",
           cols("Invocations", "Metric Name", "Metric Description", "Min", "Max", "Avg"),
           'Device "GeForce GTX 1070 (0)"',
           "    Kernel: void gridkit::transform_kernel<unsigned char, RotateFunctor>("
           "gridkit::tile_iterator<unsigned char, gridkit::device_allocator<"
           "gridkit::tile_iterator>>*, gridkit::launch_config, RotateFunctor)"]
    out += [cols("1", n, d, v, v, v) for n, d, v in GTX1070_METRICS]
    write(root, "nvprof/constructed_nvprof_metrics_text_gtx1070.profile", "\n".join(out) + "\n")
# --- ncu --page raw with thread-block clusters (CSV) -------------------------
#
# No real report in the corpus launched a cluster (every launch__cluster_*
# there is 0), so this record is constructed to cross-check occview's
# cluster figures. Its shape is that of the B200 raw pages
# (constructed_ncu_raw_b200.py; ncu ~2025.x --csv --page raw): two ==PROF==
# lines, every field quoted, a second row of units, and 40 of their 475
# columns, in their order and with their units. The GPU
# is an H100 SXM5 (cc 9.0, 132 SMs), whose GPC layout occview knows as a
# bound (8 GPCs of whole TPCs of 2 SMs, at most 18 SMs each). Each kernel is
# 1024 threads x 64 registers: the whole register file, 1 block per SM, 32
# of 64 warps (Theoretical 50 %), block limits warps 2, registers 1, SM 32.
# The cluster figures are cudaOccupancyMaxActiveClusters' arithmetic
# (cuda_occupancy.h: floor(SMs of a GPC x blocks per SM / cluster size),
# summed over the GPCs), and launch__occupancy_cluster_pct is Nsight
# Compute's "ratio of active blocks to the max possible active blocks due to
# clusters": max active x cluster size / (132 x 1):
#  - clusters of 2: every GPC even, 66 clusters, 100 % on any layout;
#  - clusters of 16: 7, on the layout 18,18,18,16,16,16,16,14 (7 GPCs of
#    16 or more), 7 x 16 / 132 = 84.85 %: inside occview's bound of 5-8;
#  - clusters of 8: 12 and 72.73 %, below the 13 that every layout that
#    fits holds: a report occview must say it disagrees with.
NCU_CLUSTER_COLUMNS = [
    ("ID", ""), ("Process ID", ""), ("Process Name", ""), ("Host Name", ""),
    ("Kernel Name", ""), ("Context", ""), ("Stream", ""), ("Block Size", ""),
    ("Grid Size", ""), ("Device", ""), ("CC", ""),
    ("device__attribute_compute_capability_major", ""),
    ("device__attribute_compute_capability_minor", ""),
    ("device__attribute_display_name", ""),
    ("device__attribute_multiprocessor_count", ""),
    ("gpu__time_duration.sum", "ns"),
    ("launch__block_dim_x", "block"), ("launch__block_dim_y", "block"),
    ("launch__block_dim_z", "block"), ("launch__block_size", ""),
    ("launch__cluster_dim_x", ""), ("launch__cluster_dim_y", ""),
    ("launch__cluster_dim_z", ""), ("launch__cluster_max_active", "cluster"),
    ("launch__cluster_max_potential_size", "block"),
    ("launch__cluster_scheduling_policy", ""), ("launch__cluster_size", ""),
    ("launch__grid_dim_x", ""), ("launch__grid_dim_y", ""), ("launch__grid_dim_z", ""),
    ("launch__grid_size", ""), ("launch__occupancy_cluster_pct", "%"),
    ("launch__occupancy_limit_blocks", "block"),
    ("launch__occupancy_limit_registers", "block"),
    ("launch__occupancy_limit_warps", "block"),
    ("launch__registers_per_thread", "register/thread"),
    ("launch__shared_mem_per_block_dynamic", "byte/block"),
    ("launch__shared_mem_per_block_static", "byte/block"),
    ("launch__sm_count", "SM"), ("sm__maximum_warps_per_active_cycle_pct", "%"),
]


def ncu_raw_clusters(root):
    def quoted(fields):
        return ",".join('"%s"' % f for f in fields)

    grid = 1056
    # Cluster occupancy as Nsight Compute counts it (measured on an H200,
    # tests/data/ncu/h200_ncu2025_raw_*): the most resident clusters' blocks over every
    # SM's hardware block slots, 132 x 32 on cc 9.0, printed to 2 decimals.
    kernels = [  # name, cluster size, max active clusters, ns
        ("pairs_kernel", 2, 66, 41216),
        ("tile16_kernel", 16, 7, 52480),
        ("tile8_kernel", 8, 12, 47104),
    ]
    kernels = [(name, size, active, "%.2f" % (100.0 * active * size / (132 * 32)), ns)
               for name, size, active, ns in kernels]
    out = ["==PROF== Connected to process 4242 (/usr/bin/python3.12)",
           "==PROF== Disconnected from process 4242",
           quoted([c for c, _ in NCU_CLUSTER_COLUMNS]),
           quoted([u for _, u in NCU_CLUSTER_COLUMNS])]
    for i, (name, size, active, pct, ns) in enumerate(kernels):
        v = {
            "ID": i, "Process ID": 4242, "Process Name": "python3.12",
            "Host Name": "127.0.0.1", "Kernel Name": "void %s(float *, int)" % name,
            "Context": 1, "Stream": 7, "Block Size": "(1024, 1, 1)",
            "Grid Size": "(%d, 1, 1)" % grid, "Device": 0, "CC": "9.0",
            "device__attribute_compute_capability_major": 9,
            "device__attribute_compute_capability_minor": 0,
            "device__attribute_display_name": "NVIDIA H100 80GB HBM3",
            "device__attribute_multiprocessor_count": 132,
            "gpu__time_duration.sum": ns,
            "launch__block_dim_x": 1024, "launch__block_dim_y": 1, "launch__block_dim_z": 1,
            "launch__block_size": 1024, "launch__cluster_dim_x": size,
            "launch__cluster_dim_y": 1, "launch__cluster_dim_z": 1,
            "launch__cluster_max_active": active, "launch__cluster_max_potential_size": 8,
            "launch__cluster_scheduling_policy": "PolicySpread", "launch__cluster_size": size,
            "launch__grid_dim_x": grid, "launch__grid_dim_y": 1, "launch__grid_dim_z": 1,
            "launch__grid_size": grid, "launch__occupancy_cluster_pct": pct,
            "launch__occupancy_limit_blocks": 32, "launch__occupancy_limit_registers": 1,
            "launch__occupancy_limit_warps": 2, "launch__registers_per_thread": 64,
            "launch__shared_mem_per_block_dynamic": 0,
            "launch__shared_mem_per_block_static": 0, "launch__sm_count": 132,
            "sm__maximum_warps_per_active_cycle_pct": 50,
        }
        out.append(quoted([str(v[c]) for c, _ in NCU_CLUSTER_COLUMNS]))
    write(root, "ncu/constructed_ncu_raw_page_clusters_h100_cc90.csv", "\n".join(out) + "\n")


def main():
    if len(sys.argv) != 2:
        sys.stderr.write("usage: gen_constructed_reports.py TESTDATA_DIR\n")
        return 2
    ncu_print_summary(sys.argv[1])
    nvprof_gpu_summary(sys.argv[1])
    rocprof_stats(sys.argv[1])
    cudaprof_csv_log(sys.argv[1])
    ncu_details_fullset(sys.argv[1])
    nvprof_metrics_text_runs(sys.argv[1])
    rocprof_pmc(sys.argv[1])
    ncu_error_only(sys.argv[1])
    nvprof_metrics_text_one(sys.argv[1])
    constructed_nvprof_traces.nvprof_trace_um_csv(write, sys.argv[1])
    constructed_nvprof_traces.nvprof_trace_text(write, sys.argv[1])
    constructed_fermi_logs.cudaprof_kv_c2050(write, sys.argv[1])
    constructed_fermi_logs.cudaprof_kv_m2090(write, sys.argv[1])
    constructed_ncu_text.h20_fragment(write, sys.argv[1])
    constructed_ncu_text.t4_page(write, sys.argv[1])
    constructed_ncu_2019.ncu_details_2019(write, sys.argv[1])
    constructed_rocprof_compute.pmc_perf(write, sys.argv[1])
    constructed_rocprof_compute.sysinfo(write, sys.argv[1])
    constructed_ncu_raw_b200.pages(write, sys.argv[1])
    ncu_raw_clusters(sys.argv[1])
    return 0


if __name__ == "__main__":
    sys.exit(main())
