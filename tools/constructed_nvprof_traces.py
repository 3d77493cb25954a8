# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
"""nvprof --print-gpu-trace files for tools/gen_constructed_reports.py.

Two layouts of nvprof's GPU trace, each in place of a public sample from
nanzifan/nvprof-result, which has no licence and is not shipped: the
--csv trace of a Unified Memory run (cfd-setpreferredlocation/csv/
print-gpu-trace.csv: kernels among memcpy, memset and Unified Memory rows)
and the text trace without --csv (BabelStream/print-gpu-trace.txt: fixed
columns, nvprof's 5-digit times and sizes, a legend at the end). The row
kinds sit on the samples' lines; kernel names, launches, times, sizes and
ids are this script's. Both run on a TITAN Xp, as the samples did.
"""

DEVICE = "TITAN Xp (0)"


class Lcg:
    """A small deterministic generator: the same bytes on every run."""

    def __init__(self, seed):
        self.x = seed

    def next(self, n):
        self.x = (self.x * 1103515245 + 12345) % (1 << 31)
        return self.x % n


# --- --print-gpu-trace --csv with Unified Memory --------------------------------
#
# Three "==PID==" lines, the quoted header (22 columns), the units row, then
# one row per activity. CUDA memcpy/memset rows have Size (MB) and
# Throughput (GB/s); "Unified Memory CPU page faults" rows only a Start, the
# faulting PC and the address; GPU page faults a Duration, the device, the
# fault count (quoted) and the address; Unified Memory Memcpy a Duration and
# the bytes moved (unquoted, six decimals) in the Unified Memory column.
# Kernels carry the launch and a Correlation_ID; other rows' Correlation_ID
# is empty or the API call's.

UM_HEAD = ('"Start","Duration","Grid X","Grid Y","Grid Z","Block X","Block Y","Block Z",'
           '"Registers Per Thread","Static SMem","Dynamic SMem","Size","Throughput",'
           '"SrcMemType","DstMemType","Device","Context","Stream","Unified Memory",'
           '"Virtual Address","Name","Correlation_ID"')
UM_UNITS = "s,ms,,,,,,,,B,B,MB,GB/s,,,,,,B,,,"
# The row kinds, line 6 on: H memcpy HtoD, C CPU page fault, G GPU page
# faults, K kernel, S memset, D memcpy DtoD, U Unified Memory Memcpy HtoD.
UM_KINDS = "H" * 5 + "C" * 49 + "GKGKGKGSGDKUG" + "U" * 6 + "GUUGGUUUGGK" + "U" * 10
# name, registers: the fill kernel runs three times, then a step and a
# residual; every launch is 640 blocks of 128 threads.
UM_KERNELS = [("um_fill_grid(int, float*)", 18), ("um_fill_grid(int, float*)", 18),
              ("um_fill_grid(int, float*)", 18),
              ("um_jacobi_step(int, float*, float*, float*)", 22),
              ("um_residual(int, int*, float*, float*, float*)", 40)]


def nvprof_trace_um_csv(write, root):
    rnd = Lcg(97)
    pid = "==214733== "
    cmd = "./heat2d_um ../data/plate_2048.dat"
    out = [pid + "NVPROF is profiling process 214733, command: " + cmd,
           pid + "Profiling application: " + cmd, pid + "Profiling result:", UM_HEAD, UM_UNITS]
    t, corr, kernels, addr = 0.912404, 88, iter(UM_KERNELS), 0x7f3a60000000
    dev = '"%s"' % DEVICE
    for kind in UM_KINDS:
        empty = [""] * 22
        if kind == "H":
            size = 0.000008 * (1 + rnd.next(4))
            dur = 0.000640 + rnd.next(400) / 1e6
            corr += 1
            row = empty[:11] + ["%.6f" % size, "%.6f" % (size / 1024 / (dur / 1e3)),
                                '"Pageable"',
                                '"Device"', dev, '"1"', '"7"', "", "", '"[CUDA memcpy HtoD]"',
                                str(corr)]
            row[0:2] = ["%.6f" % t, "%.6f" % dur]
            t += 0.000010
        elif kind == "C":
            t += 0.000150 + rnd.next(9000) / 1e6
            page = addr + rnd.next(128) * 0x10000
            pc = 0x4a810510 + 0x40 * rnd.next(3)
            row = ["%.6f" % t] + [""] * 17 + ['"PC 0x%x"' % pc, '"0x%x"' % page,
                                              '"[Unified Memory CPU page faults]"', ""]
        elif kind == "G":
            t = max(t, 1.402000) + 0.000040 + rnd.next(200) / 1e6
            dur = 0.050000 + rnd.next(250000) / 1e6
            faults = 1 + rnd.next(24)
            at = addr + rnd.next(64) * 0x2000
            row = ["%.6f" % t, "%.6f" % dur] + [""] * 13 + [
                dev, "", "", '"%d"' % faults, '"0x%x"' % at, '"[Unified Memory GPU page faults]"',
                ""]
        elif kind == "U":
            t += 0.000002 + rnd.next(40) / 1e6
            size = 4096 * (1 + rnd.next(28))
            row = ["%.6f" % t, "%.6f" % (0.000700 + size / 1.1e10 * 1e3)] + [""] * 13 + [
                dev, "", "", "%.6f" % size, '"0x%x"' % (addr + rnd.next(256) * 0x1000),
                '"[Unified Memory Memcpy HtoD]"', ""]
        elif kind in "SD":
            t += 0.000060
            size = 0.312500 if kind == "S" else 1.562500
            dur = 0.001184 if kind == "S" else 0.013792
            src, dst, name = (('"Managed"', "", "[CUDA memset]") if kind == "S" else
                              ('"Managed"', '"Managed"', "[CUDA memcpy DtoD]"))
            corr += 2
            row = ["%.6f" % t, "%.6f" % dur] + [""] * 9 + [
                "%.6f" % size, "%.6f" % (size / 1024 / (dur / 1e3)), src, dst, dev, '"1"', '"7"',
                "", "", '"%s"' % name, str(corr)]
        else:
            name, regs = next(kernels)
            t += 0.000060
            dur = 0.240000 + rnd.next(1600000) / 1e6 if regs == 40 else \
                0.230000 + rnd.next(150000) / 1e6
            corr += 3 + rnd.next(6)
            row = ["%.6f" % t, "%.6f" % dur, "640", "1", "1", "128", "1", "1", str(regs), "0", "0",
                   "", "", "", "", dev, '"1"', '"7"', "", "", '"%s"' % name, str(corr)]
        out.append(",".join(row))
    write(root, "nvprof/constructed_nvprof_print_gpu_trace_um.csv", "\n".join(out) + "\n")


# --- --print-gpu-trace text ------------------------------------------------------
#
# Without --csv nvprof right-aligns every column under its label, in widths
# of its own (below, each with its two leading spaces), but leaves Name
# unaligned with the correlation id in brackets; times and sizes have 5
# significant digits (ns whole), sizes in powers of 1024. A blank line and
# the legend of the starred and type columns end the file.

TEXT_COLS = [("Start", 8), ("Duration", 10), ("Grid Size", 21), ("Block Size", 16),
             ("Regs*", 10), ("SSMem*", 10), ("DSMem*", 10), ("Size", 10), ("Throughput", 12),
             ("SrcMemType", 12), ("DstMemType", 12), ("Device", 17), ("Context", 10),
             ("Stream", 10)]
TEXT_LEGEND = [
    "Regs: Number of registers used per CUDA thread. This number includes registers used "
    "internally by the CUDA driver and/or tools and can be more than what the compiler shows.",
    "SSMem: Static shared memory allocated per CUDA block.",
    "DSMem: Dynamic shared memory allocated per CUDA block.",
    "SrcMemType: The type of source memory accessed by memory operation/copy",
    "DstMemType: The type of destination memory accessed by memory operation/copy"]
D3 = "double const *"
# name, registers, static shared memory, bytes moved per element: arrays
# of 2^24 doubles in blocks of 256, the dot product in 512 blocks with a
# 256-double (2 KiB) partial sum each.
TEXT_INIT = ("void stream_init<double>(double*, double*, double*, double, double, double)", 16)
TEXT_LOOP = [("void stream_copy<double>(%s, double*)" % D3, 8, 0, 16),
             ("void stream_scale<double>(double*, %s)" % D3, 10, 0, 16),
             ("void stream_sum<double>(%s, %s, double*)" % (D3, D3), 12, 0, 24),
             ("void stream_fma<double>(double*, %s, %s)" % (D3, D3), 12, 0, 24),
             ("void stream_dot<double>(%s, %s, double*, int)" % (D3, D3), 18, 2048, 16)]
N = 1 << 24


def sig5(v, units):
    """v in the smallest unit, as nvprof prints it: 5 significant digits in
    the largest unit that keeps the value at least 1 (the smallest whole)."""
    for i in range(len(units) - 1, 0, -1):
        x = v / units[i][1]
        if x >= 1:
            digits = len(str(int(x)))
            return "%.*f%s" % (max(5 - digits, 0), x, units[i][0])
    return "%d%s" % (round(v), units[0][0])


def secs(ns):
    return sig5(ns, [("ns", 1), ("us", 1e3), ("ms", 1e6), ("s", 1e9)])


def size(b):
    return sig5(b, [("B", 1), ("KB", 1024), ("MB", 1024 ** 2), ("GB", 1024 ** 3)])


def nvprof_trace_text(write, root):
    rnd = Lcg(2718)
    pid = "==77120== "

    def line(cells, name):
        return "".join(c.rjust(w) for c, (_, w) in zip(cells, TEXT_COLS)) + "  " + name

    out = [pid + "NVPROF is profiling process 77120, command: ./stream-bench",
           pid + "Profiling application: ./stream-bench", pid + "Profiling result:",
           line([h for h, _ in TEXT_COLS], "Name")]
    t, corr = 402.51e6, 96

    def kernel(name, regs, smem, blocks, dur):
        nonlocal t, corr
        cells = [secs(t), secs(dur), "(%d 1 1)" % blocks, "(256 1 1)", str(regs), size(smem),
                 "0B", "-", "-", "-", "-", DEVICE, "1", "7"]
        out.append(line(cells, "%s [%d]" % (name, corr)))
        corr += 7 + (1 if smem else 0) + rnd.next(2)
        t += dur + 12e3 + rnd.next(20e3)

    def dtoh(b, ns):
        nonlocal t
        cells = [secs(t), secs(ns), "-", "-", "-", "-", "-", size(b), size(b / (ns / 1e9)) + "/s",
                 "Device", "Pageable", DEVICE, "1", "7"]
        out.append(line(cells, "[CUDA memcpy DtoH]"))
        t += ns + 5e3 + rnd.next(10e3)

    kernel(TEXT_INIT[0], TEXT_INIT[1], 0, N // 256, 40 * N / 500 + rnd.next(9000))
    for _ in range(100):
        for name, regs, smem, per in TEXT_LOOP:
            blocks = 512 if smem else N // 256
            kernel(name, regs, smem, blocks, per * N / 510 + rnd.next(6000))
        dtoh(512 * 8, 900 + rnd.next(1100))
    for _ in range(3):
        dtoh(8 * N, 16.5e6 + rnd.next(60e6))
    out += [""] + TEXT_LEGEND
    write(root, "nvprof/constructed_nvprof_print_gpu_trace_text.txt", "\n".join(out) + "\n")
