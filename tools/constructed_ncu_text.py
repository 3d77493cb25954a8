# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
"""Nsight Compute text details pages for tools/gen_constructed_reports.py.

occview refuses ncu's text output (it asks for --csv), and tests read these
two pages for that: each in the layout of a public text page whose
repository is not known (so no licence can be established) and which is not
shipped. Section and metric names are ncu's; kernels, launches and values
are this script's, the launch and occupancy rows agreeing under
/usr/local/cuda/include/cuda_occupancy.h's rules (registers per warp in
units of 256 over 4 sub-partitions; ncu's Kbyte is 1000 bytes).

- An H20 fragment (78 SMs, CC 9.0: 64 warps, 32 blocks, 65536 registers,
  233472 bytes of shared memory and 1024 reserved per block): no kernel
  header, an empty first line, the first section line indented 3 spaces and
  the rest 4, rule paragraphs padded with spaces to 120 columns, "Est. Local
  Speedup".
- A T4 page (40 SMs, CC 7.5: 32 warps, 16 blocks, 65536 registers, 64 KiB
  of shared memory) as a Markdown code block keeps it: unindented, the
  kernel header first, "OPT   Estimated Speedup: N%" paragraphs joined by
  "----- ----..." lines, "cycle/usecond", cut after the Occupancy section.
"""


def table(rows, indent):
    head = ("Metric Name", "Metric Unit", "Metric Value")
    w = [max(len(r[i]) for r in [head] + rows) for i in range(3)]
    dash = indent + " ".join("-" * n for n in w)

    def line(r):
        return (indent + r[0].ljust(w[0]) + " " + r[1].rjust(w[1]) + " " + r[2].rjust(w[2]))

    return [dash, line(head), dash] + [line(r) for r in rows] + [dash]


def rule(kind, text, indent, width, pad):
    """A rule's paragraph: the kind in 6 columns, the text wrapped at width."""
    out, cur = [], ""
    for word in text.split():
        if cur and len(indent) + 6 + len(cur) + 1 + len(word) > width:
            out.append(cur)
            cur = word
        else:
            cur = cur + " " + word if cur else word
    out.append(cur)
    lines = [indent + (kind.ljust(6) if i == 0 else " " * 6) + s for i, s in enumerate(out)]
    return [s.ljust(pad) for s in lines] if pad else lines


def h20_fragment(write, root):
    ind = "    "
    sol = [("DRAM Frequency", "cycle/nsecond", "2.62"), ("SM Frequency", "cycle/nsecond", "1.59"),
           ("Elapsed Cycles", "cycle", "612406"), ("Memory Throughput", "%", "41.07"),
           ("DRAM Throughput", "%", "41.07"), ("Duration", "usecond", "385.16"),
           ("L1/TEX Cache Throughput", "%", "33.52"), ("L2 Cache Throughput", "%", "38.90"),
           ("SM Active Cycles", "cycle", "598117.42"), ("Compute (SM) Throughput", "%", "62.18")]
    launch = [("Block Size", "", "128"), ("Cluster Scheduling Policy", "", "PolicySpread"),
              ("Cluster Size", "", "0"), ("Function Cache Configuration", "", "CachePreferNone"),
              ("Grid Size", "", "156"), ("Registers Per Thread", "register/thread", "168"),
              ("Shared Memory Configuration Size", "Kbyte", "233.47"),
              ("Driver Shared Memory Per Block", "Kbyte/block", "1.02"),
              ("Dynamic Shared Memory Per Block", "Kbyte/block", "102.40"),
              ("Static Shared Memory Per Block", "byte/block", "0"), ("# SMs", "SM", "78"),
              ("Threads", "thread", "19968"), ("Uses Green Context", "", "0"),
              ("Waves Per SM", "", "1")]
    # 4 warps a block; 168 x 32 = 5376 registers a warp, 16384 / 5376 = 3
    # warps a sub-partition, 12 an SM: 3 blocks; (102400 + 1024) a block:
    # 233472 / 103424 = 2 blocks; 2 x 4 = 8 of 64 warps, 12.5 %; 156 / (2 x
    # 78) = 1 wave.
    occ = [("Max Active Clusters", "cluster", "0"), ("Max Cluster Size", "block", "8"),
           ("Overall GPU Occupancy", "%", "0"), ("Cluster Occupancy", "%", "0"),
           ("Block Limit SM", "block", "32"), ("Block Limit Registers", "block", "3"),
           ("Block Limit Shared Mem", "block", "2"), ("Block Limit Warps", "block", "16"),
           ("Theoretical Active Warps per SM", "warp", "8"),
           ("Theoretical Occupancy", "%", "12.50"), ("Achieved Occupancy", "%", "12.31"),
           ("Achieved Active Warps Per SM", "warp", "7.88")]
    dist = [("Average DRAM Active Cycles", "cycle", "264730.25"),
            ("Total DRAM Elapsed Cycles", "cycle", "48304128"),
            ("Average L1 Active Cycles", "cycle", "598117.42"),
            ("Total L1 Elapsed Cycles", "cycle", "47765124"),
            ("Average L2 Active Cycles", "cycle", "301775.81"),
            ("Total L2 Elapsed Cycles", "cycle", "60632064"),
            ("Average SM Active Cycles", "cycle", "598117.42"),
            ("Total SM Elapsed Cycles", "cycle", "47765124"),
            ("Average SMSP Active Cycles", "cycle", "596204.77"),
            ("Total SMSP Elapsed Cycles", "cycle", "191060496")]
    out = ["", "   Section: GPU Speed Of Light Throughput"] + table(sol, ind)[0:] + [""]
    out += rule("INF", "This kernel exhibits low compute throughput and memory bandwidth "
                "utilization relative to the peak performance of this device. Achieved "
                "compute throughput and/or memory bandwidth below 60.0% of peak typically "
                "indicate latency issues. Look at Scheduler Statistics and Warp State "
                "Statistics for potential reasons.", ind, 115, 120)
    out += ["", ind + "Section: Launch Statistics"] + table(launch, ind) + [""]
    out += rule("OPT", "If you execute __syncthreads() to synchronize the threads of a block, it "
                "is recommended to have more than the achieved 2 blocks per multiprocessor. This "
                "way, blocks that aren't waiting for __syncthreads() can keep the hardware busy.",
                ind, 115, 120)
    out += ["", ind + "Section: Occupancy"] + table(occ, ind) + [""]
    out += rule("OPT", "Est. Local Speedup: 87.5%", ind, 115, 120)[:1]
    out += [s.replace("OPT   ", "      ", 1) for s in rule(
        "OPT", "The 2.00 theoretical warps per scheduler this kernel can issue according to its "
        "occupancy are below the hardware maximum of 16. This kernel's theoretical occupancy "
        "(12.5%) is limited by the required amount of shared memory.", ind, 115, 120)]
    out += ["", ind + "Section: GPU and Memory Workload Distribution"] + table(dist, ind)
    write(root, "ncu/constructed_ncu_details_text_fragment_h20.txt", "\n".join(out) + "\n")


def t4_page(write, root):
    sep = "----- " + "-" * 114
    sections = [
        ("GPU Speed Of Light Throughput", [
            ("DRAM Frequency", "cycle/nsecond", "5.00"),
            ("SM Frequency", "cycle/usecond", "585.12"),
            ("Elapsed Cycles", "cycle", "5217730"), ("Memory Throughput", "%", "56.31"),
            ("DRAM Throughput", "%", "18.92"), ("Duration", "msecond", "8.92"),
            ("L1/TEX Cache Throughput", "%", "71.44"), ("L2 Cache Throughput", "%", "12.06"),
            ("SM Active Cycles", "cycle", "5130498.25"),
            ("Compute (SM) Throughput", "%", "63.85")],
         [("OPT", "Compute is more heavily utilized than Memory: Look at the Compute Workload "
           "Analysis section to see what the compute pipelines are spending their time doing.")]),
        ("GPU Speed Of Light Roofline Chart", None,
         [("INF", "The ratio of peak float (fp32) to double (fp64) performance on this device is "
           "32:1. The kernel achieved 64% of this device's fp32 peak performance and 0% of its "
           "fp64 peak performance.")]),
        ("Compute Workload Analysis", [
            ("Executed Ipc Active", "inst/cycle", "1.71"),
            ("Executed Ipc Elapsed", "inst/cycle", "1.68"), ("Issue Slots Busy", "%", "42.77"),
            ("Issued Ipc Active", "inst/cycle", "1.71"), ("SM Busy", "%", "63.85")], []),
        ("Memory Workload Analysis", [
            ("Memory Throughput", "Gbyte/second", "60.54"), ("Mem Busy", "%", "56.31"),
            ("Max Bandwidth", "%", "44.10"), ("L1/TEX Hit Rate", "%", "12.35"),
            ("L2 Hit Rate", "%", "71.80"), ("Mem Pipes Busy", "%", "44.10")], []),
        ("Scheduler Statistics", [
            ("One or More Eligible", "%", "42.76"), ("Issued Warp Per Scheduler", "", "0.43"),
            ("No Eligible", "%", "57.24"), ("Active Warps Per Scheduler", "warp", "5.84"),
            ("Eligible Warps Per Scheduler", "warp", "0.91")],
         [("OPT", "Estimated Speedup: 57.24%"), ("OPT", "Estimated Speedup: 25%")]),
        ("Warp State Statistics", [
            ("Warp Cycles Per Issued Instruction", "cycle", "13.66"),
            ("Warp Cycles Per Executed Instruction", "cycle", "13.66"),
            ("Avg. Active Threads Per Warp", "", "32"),
            ("Avg. Not Predicated Off Threads Per Warp", "", "31.84")], []),
        ("Instruction Statistics", [
            ("Avg. Executed Instructions Per Scheduler", "inst", "2193318.40"),
            ("Executed Instructions", "inst", "350930944"),
            ("Avg. Issued Instructions Per Scheduler", "inst", "2193342.10"),
            ("Issued Instructions", "inst", "350934736")], []),
        # 256 threads (8 warps); 72 x 32 = 2304 registers a warp, 16384 /
        # 2304 = 7 warps a sub-partition, 28 an SM: 3 blocks; 16384 bytes a
        # block in 65536: 4; 32 / 8 = 4; 3 x 8 = 24 of 32 warps, 75 %;
        # 2048 / (3 x 40) = 17.07 waves.
        ("Launch Statistics", [
            ("Block Size", "", "256"), ("Function Cache Configuration", "", "CachePreferNone"),
            ("Grid Size", "", "2048"), ("Registers Per Thread", "register/thread", "72"),
            ("Shared Memory Configuration Size", "Kbyte", "65.54"),
            ("Driver Shared Memory Per Block", "byte/block", "0"),
            ("Dynamic Shared Memory Per Block", "byte/block", "0"),
            ("Static Shared Memory Per Block", "Kbyte/block", "16.38"),
            ("Threads", "thread", "524288"), ("Waves Per SM", "", "17.07")], []),
        ("Occupancy", [
            ("Block Limit SM", "block", "16"), ("Block Limit Registers", "block", "3"),
            ("Block Limit Shared Mem", "block", "4"), ("Block Limit Warps", "block", "4"),
            ("Theoretical Active Warps per SM", "warp", "24"),
            ("Theoretical Occupancy", "%", "75"), ("Achieved Occupancy", "%", "72.96"),
            ("Achieved Active Warps Per SM", "warp", "23.35")],
         [("OPT", "This kernel's theoretical occupancy (75.0%) is limited by the number of "
           "required registers. See the CUDA Best Practices Guide for more details on "
           "optimizing occupancy.")]),
    ]
    text = {"Estimated Speedup: 57.24%": "Every scheduler is capable of issuing one instruction "
            "per cycle, but for this kernel each scheduler only issues an instruction every 2.3 "
            "cycles. This might leave hardware resources underutilized.",
            "Estimated Speedup: 25%": "The 6.00 theoretical warps per scheduler this kernel can "
            "issue according to its occupancy are below the hardware maximum of 8."}
    out = ["tile_gemm(float const *, float const *, float *, int) (64, 32, 1)x(16, 16, 1), "
           "Context 1, Stream 7, Device 0, CC 7.5"]
    for name, rows, rules in sections:
        out.append("Section: " + name)
        if rows:
            out += table(rows, "") + [""]
        for i, (kind, body) in enumerate(rules):
            if i:
                out.append(sep)
            out += rule(kind, body, "", 115, 0)
            if body in text:
                out += ["      " + s[6:] for s in rule(kind, text[body], "", 115, 0)]
        if rules:
            out.append("")
    while out[-1] == "":
        out.pop()
    write(root, "ncu/constructed_ncu_details_text_t4.txt", "\n".join(out) + "\n")
