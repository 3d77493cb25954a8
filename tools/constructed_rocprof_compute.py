# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
"""A rocprofiler-compute 3 pmc_perf.csv and its sysinfo.csv for
tools/gen_constructed_reports.py.

rocprofiler-compute 3 (ROCm 7.1) writes pmc_perf.csv with one row a
dispatch: 12 columns of the dispatch (Dispatch_ID ... Kernel_Name,
Correlation_ID), then every counter it collected in its passes (each pass
repeating Kernel_ID as Kernel_ID_1, _2, ...; per-channel counters such as
TCC_HIT[0]..[127] in the order of their names; *_sum totals), values as
floats with ".0", and Start_Timestamp and End_Timestamp with decimals, 2043
columns in all; beside it sysinfo.csv, one header and one row of 40 fields
(the host, ROCm, the GPU and its partition mode, num_xcd). The layout and
the counter names (rocprofiler-compute's) are those of the public workload
HGLiu1998/batched_gemm workloads/bmm2/MI300X_A1 (no licence, not shipped);
the dispatches and every value are this script's.

The dispatches alternate a runtime fill kernel and a batched GEMM on an
MI300X (SPX: 8 XCDs, 304 CUs, 32 waves a CU). Each row's
SQ_ACCUM_PREV_HIRES and GRBM_GUI_ACTIVE give its counted occupancy as
rocprofiler-compute computes it: SQ_ACCUM_PREV_HIRES / (GRBM_GUI_ACTIVE /
num_xcd) resident waves over 32 x 304.
"""

FIXED = ["Dispatch_ID", "GPU_ID", "Grid_Size", "Workgroup_Size", "LDS_Per_Workgroup",
         "Scratch_Per_Workitem", "Arch_VGPR", "Accum_VGPR", "SGPR", "Wave_Size", "Kernel_Name",
         "Correlation_ID"]
# The counters in file order: NAME, or NAME*N for NAME[0]..NAME[N-1] sorted
# as text (TCC_HIT[0], TCC_HIT[100], ..., TCC_HIT[10], TCC_HIT[110], ...).
COUNTERS = """
Kernel_ID SQ_WAVES_SAVED SQ_WAVE_CYCLES Kernel_ID_1 SQ_VALU_MFMA_BUSY_CYCLES
SQ_VMEM_TA_ADDR_FIFO_FULL SQ_VMEM_TA_CMD_FIFO_FULL SQ_VMEM_WR_TA_DATA_FIFO_FULL
SQ_WAIT_ANY SQ_WAIT_INST_ANY SQ_WAVES SQ_WAVES_RESTORED TCC_WRITE*128 TCC_WRITE_sum
Kernel_ID_2 SQ_INSTS_VALU_MFMA_MOPS_I8 SQ_INSTS_VALU_MUL_F16 SQ_INSTS_VALU_MUL_F32
SQ_INSTS_VALU_MUL_F64 SQ_INSTS_VALU_TRANS_F16 SQ_INSTS_VALU_TRANS_F32
SQ_INSTS_VALU_TRANS_F64 SQ_INSTS_VMEM TCC_REQ*128 TCC_REQ_sum TCC_RW_REQ_sum
TCC_STREAMING_REQ_sum Kernel_ID_3 SQ_INSTS_VALU_FMA_F16 SQ_INSTS_VALU_FMA_F32
SQ_INSTS_VALU_FMA_F64 SQ_INSTS_VALU_INT32 SQ_INSTS_VALU_INT64 SQ_INSTS_VALU_MFMA_BF16
SQ_INSTS_VALU_MFMA_F16 SQ_INSTS_VALU_MFMA_F32 TA_TA_BUSY_sum TA_TOTAL_WAVEFRONTS_sum
TCC_MISS*128 TCC_MISS_sum TCC_NC_REQ_sum TCC_NORMAL_EVICT_sum
TCP_TOTAL_WRITEBACK_INVALIDATES_sum TCP_TOTAL_WRITE_sum TCP_UTCL1_PERMISSION_MISS_sum
TCP_UTCL1_REQUEST_sum Kernel_ID_4 SQ_INSTS_VSKIPPED SQ_LDS_ADDR_CONFLICT
SQ_LDS_ATOMIC_RETURN SQ_LDS_BANK_CONFLICT SQ_LDS_IDX_ACTIVE SQ_LDS_MEM_VIOLATIONS
SQ_LDS_UNALIGNED_STALL SQ_THREAD_CYCLES_VALU TCC_TOO_MANY_EA_WRREQS_STALL*128
TCC_TOO_MANY_EA_WRREQS_STALL_sum TCC_UC_REQ_sum TCC_WRITEBACK_sum Kernel_ID_5
SQ_INSTS_VALU_MFMA_F64 SQ_INSTS_VALU_MFMA_F8 SQ_INSTS_VALU_MFMA_I8
SQ_INSTS_VALU_MFMA_MOPS_BF16 SQ_INSTS_VALU_MFMA_MOPS_F16 SQ_INSTS_VALU_MFMA_MOPS_F32
SQ_INSTS_VALU_MFMA_MOPS_F64 SQ_INSTS_VALU_MFMA_MOPS_F8 TCC_NORMAL_WRITEBACK_sum
TCC_PROBE_sum TCC_READ*128 TCC_READ_sum TCP_UTCL1_TRANSLATION_HIT_sum
TCP_UTCL1_TRANSLATION_MISS_sum TCP_WRITE_TAGCONFLICT_STALL_CYCLES_sum Kernel_ID_6
CPC_CPC_TCIU_IDLE CPC_CPC_UTCL2IU_BUSY CPF_CPF_TCIU_BUSY CPF_CPF_TCIU_IDLE
SPI_RA_WAVE_SIMD_FULL_CSN SPI_RA_WVLIM_STALL_CSN SPI_SWC_CSC_WR SPI_VWC_CSC_WR
SQC_ICACHE_MISSES_DUPLICATE SQC_ICACHE_REQ SQC_TC_DATA_ATOMIC_REQ SQC_TC_DATA_READ_REQ
SQC_TC_DATA_WRITE_REQ SQC_TC_INST_REQ SQ_IFETCH_LEVEL SQ_ACCUM_PREV_HIRES
TA_BUFFER_COALESCED_WRITE_CYCLES_sum TA_BUFFER_READ_WAVEFRONTS_sum TCC_EA0_ATOMIC*128
TCC_EA0_ATOMIC_LEVEL*128 TCC_EA0_ATOMIC_LEVEL_sum TCC_EA0_ATOMIC_sum
TCP_TCC_CC_ATOMIC_REQ_sum TCP_TCC_CC_READ_REQ_sum TCP_TCC_CC_WRITE_REQ_sum
TCP_TCC_NC_ATOMIC_REQ_sum TD_STORE_WAVEFRONT_sum TD_TC_STALL_sum Kernel_ID_7
CPC_ME1_DC0_SPI_BUSY CPC_UTCL1_STALL_ON_TRANSLATION SQ_ACTIVE_INST_VALU
SQ_ACTIVE_INST_VMEM SQ_BUSY_CU_CYCLES SQ_BUSY_CYCLES SQ_IFETCH SQ_INSTS
SQ_INST_LEVEL_SMEM SQ_ACCUM_PREV_HIRES_7 TA_BUFFER_WRITE_WAVEFRONTS_sum
TA_DATA_STALLED_BY_TC_CYCLES_sum TCC_EA0_RDREQ_LEVEL_sum TCC_EA0_RDREQ_sum
TCC_EA0_RD_UNCACHED_32B_sum TCC_EA0_WRREQ*128 TCP_TCC_RW_READ_REQ_sum
TCP_TCC_RW_WRITE_REQ_sum TCP_TCC_UC_ATOMIC_REQ_sum TCP_TCC_UC_READ_REQ_sum Kernel_ID_8
SQ_INSTS_SMEM SQ_INSTS_VALU SQ_INSTS_VALU_ADD_F16 SQ_INSTS_VALU_ADD_F32
SQ_INSTS_VALU_ADD_F64 SQ_INSTS_VALU_CVT SQ_LEVEL_WAVES SQ_ACCUM_PREV_HIRES_8
TA_FLAT_WAVEFRONTS_sum TA_FLAT_WRITE_WAVEFRONTS_sum TCC_EA0_WRREQ_sum
TCC_EA0_WR_UNCACHED_32B_sum TCC_HIT*128 TCC_HIT_sum TCP_TOTAL_ATOMIC_WITHOUT_RET_sum
TCP_TOTAL_ATOMIC_WITH_RET_sum TCP_TOTAL_CACHE_ACCESSES_sum TCP_TOTAL_READ_sum
Kernel_ID_9 CPC_CPC_UTCL2IU_IDLE CPC_ME1_BUSY_FOR_PACKET_DECODE CPF_CPF_TCIU_STALL
SQC_TC_STALL SQ_ACTIVE_INST_ANY SQ_ACTIVE_INST_FLAT SQ_ACTIVE_INST_LDS
SQ_ACTIVE_INST_MISC SQ_ACTIVE_INST_SCA SQ_INST_LEVEL_LDS SQ_ACCUM_PREV_HIRES_9
TA_BUFFER_TOTAL_CYCLES_sum TA_BUFFER_WAVEFRONTS_sum TCC_EA0_RDREQ*128
TCC_EA0_RDREQ_32B_sum TCC_EA0_RDREQ_DRAM_sum TCC_EA0_RDREQ_LEVEL*128
TCP_TCC_NC_READ_REQ_sum TCP_TCC_NC_WRITE_REQ_sum TCP_TCC_READ_REQ_sum
TCP_TCC_RW_ATOMIC_REQ_sum TD_TD_BUSY_sum Kernel_ID_10 SQ_INSTS_BRANCH SQ_INSTS_GDS
SQ_INSTS_LDS SQ_INSTS_MFMA SQ_INSTS_SALU SQ_INSTS_SENDMSG SQ_INST_LEVEL_VMEM
SQ_ACCUM_PREV_HIRES_10 TA_FLAT_ATOMIC_WAVEFRONTS_sum TA_FLAT_READ_WAVEFRONTS_sum
TCC_EA0_WRREQ_64B_sum TCC_EA0_WRREQ_DRAM_sum TCC_EA0_WRREQ_LEVEL*128
TCC_EA0_WRREQ_LEVEL_sum TCP_TCC_UC_WRITE_REQ_sum TCP_TCC_WRITE_REQ_sum
TCP_TCR_TCP_STALL_CYCLES_sum TCP_TOTAL_ACCESSES_sum Kernel_ID_11 CPC_CPC_STAT_BUSY
CPC_CPC_STAT_IDLE CPF_CMP_UTCL1_STALL_ON_TRANSLATION CPF_CPF_STAT_BUSY GRBM_COUNT
GRBM_GUI_ACTIVE SPI_CSN_BUSY SPI_CSN_NUM_THREADGROUPS SPI_CSN_WAVE
SPI_RA_BAR_CU_FULL_CSN SPI_RA_LDS_CU_FULL_CSN SPI_RA_REQ_NO_ALLOC SQC_DCACHE_ATOMIC
SQC_DCACHE_HITS SQC_DCACHE_INFLIGHT_LEVEL SQ_ACCUM_PREV_HIRES_11 SQC_DCACHE_MISSES
SQC_DCACHE_MISSES_DUPLICATE SQC_DCACHE_REQ SQC_DCACHE_REQ_READ_1
TA_ADDR_STALLED_BY_TC_CYCLES_sum TA_ADDR_STALLED_BY_TD_CYCLES_sum
TCC_ALL_TC_OP_INV_EVICT_sum TCC_ALL_TC_OP_WB_WRITEBACK_sum TCC_ATOMIC*128 TCC_ATOMIC_sum
TCP_ATOMIC_TAGCONFLICT_STALL_CYCLES_sum TCP_GATE_EN1_sum TCP_GATE_EN2_sum
TCP_PENDING_STALL_CYCLES_sum TD_ATOMIC_WAVEFRONT_sum TD_COALESCABLE_WAVEFRONT_sum
Kernel_ID_12 CPC_CPC_STAT_STALL CPC_CPC_TCIU_BUSY CPF_CPF_STAT_IDLE CPF_CPF_STAT_STALL
GRBM_SPI_BUSY SPI_RA_REQ_NO_ALLOC_CSN SPI_RA_RES_STALL_CSN SPI_RA_SGPR_SIMD_FULL_CSN
SPI_RA_TGLIM_CU_FULL_CSN SPI_RA_TMP_STALL_CSN SPI_RA_VGPR_SIMD_FULL_CSN
SQC_DCACHE_REQ_READ_16 SQC_DCACHE_REQ_READ_2 SQC_DCACHE_REQ_READ_4 SQC_DCACHE_REQ_READ_8
SQC_ICACHE_HITS SQC_ICACHE_INFLIGHT_LEVEL SQ_ACCUM_PREV_HIRES_12 SQC_ICACHE_MISSES
TA_BUFFER_ATOMIC_WAVEFRONTS_sum TA_BUFFER_COALESCED_READ_CYCLES_sum TCC_BUBBLE*128
TCC_BUBBLE_sum TCC_BUSY_sum TCC_CC_REQ_sum TCP_READ_TAGCONFLICT_STALL_CYCLES_sum
TCP_TA_TCP_STATE_READ_sum TCP_TCC_ATOMIC_WITHOUT_RET_REQ_sum
TCP_TCC_ATOMIC_WITH_RET_REQ_sum TD_LOAD_WAVEFRONT_sum TD_SPI_STALL_sum
"""


def columns():
    out = list(FIXED)
    for tok in COUNTERS.split():
        if "*" in tok:
            name, n = tok.split("*")
            out += sorted("%s[%d]" % (name, i) for i in range(int(n)))
        else:
            out.append(tok)
    return out + ["Start_Timestamp", "End_Timestamp"]


FILL = ("__amd_rocclr_fillBufferAligned", 61440, 256, 0, 10, 2, 40)
BMM = ("void tiled_bmm_mfma_32x32x8<32u, 32u, 4u>(unsigned int, unsigned int, unsigned int, "
       "__hip_bfloat16 const*, __hip_bfloat16 const*, __hip_bfloat16*, int)",
       262144, 256, 4096, 64, 16, 40)
# Per kind: GRBM_GUI_ACTIVE cycles and resident waves summed over the XCDs
# per cycle of one XCD. The first fill: 245760 cycles, 64 waves resident:
# SQ_ACCUM_PREV_HIRES = 64 x 245760 / 8 = 1966080; 64 / 9728 = 0.65789 %.
CYCLES = {FILL: 245760, BMM: 1474560}
RESIDENT = {FILL: 64, BMM: 1520}


def pmc_perf(write, root):
    x = [424242]

    def rnd(n):
        x[0] = (x[0] * 1103515245 + 12345) % (1 << 31)
        return (x[0] >> 8) % n

    cols = columns()
    out = [",".join(cols)]
    t = 31208417702913.25
    for i in range(100):
        k = BMM if i >= 2 and i % 2 == 0 else FILL
        name, grid, wg, lds, vgpr, agpr, sgpr = k
        cyc = CYCLES[k] + (rnd(4096) if i else 0)
        res = RESIDENT[k]
        fixed = [str(i), "0", str(grid), str(wg), str(lds), "0", str(vgpr), str(agpr),
                 str(sgpr), "64", '"%s"' % name if "," in name else name, str(i + 1)]
        vals = []
        for c in cols[12:-2]:
            if c.startswith("Kernel_ID"):
                vals.append(str(10 + i))
            elif c == "SQ_ACCUM_PREV_HIRES":
                vals.append("%.1f" % (res * cyc // 8))
            elif c in ("GRBM_GUI_ACTIVE", "GRBM_COUNT"):
                vals.append("%.1f" % cyc)
            elif c == "SQ_WAVES":
                vals.append("%.1f" % (grid // 64))
            elif c.startswith("TCC_") and "[" in c and rnd(3) == 0:
                vals.append("0.0")
            else:
                vals.append("%.1f" % rnd(1 << (4 + rnd(20))))
        dur = cyc / 2.1 + rnd(900) / 7.0
        start = t
        end = start + dur
        t = end + 3000 + rnd(400000) / 3.0
        out.append(",".join(fixed + vals + [repr(round(start, 2)), repr(round(end, 3))]))
    write(root, "rocprof/constructed_rocprofcompute3_mi300x_pmc_perf.csv", "\n".join(out) + "\n")


SYSINFO = [
    ("workload_name", "tgemm"), ("command", "./tiled_bmm --batch 64"),
    ("ip_blocks", "SQ|LDS|SQC|TA|TD|TCP|TCC|SPI|CPC|CPF|roofline"),
    ("timestamp", "Wed Feb  4 08:12:51 2026 (UTC)"), ("version", "3"),
    ("hostname", "7c41e09a5d2f"), ("cpu_model", "AMD EPYC 9454 48-Core Processor"),
    ("sbios", "Example Systems Inc.1.4.2"), ("linux_distro", "Ubuntu 24.04.3 LTS"),
    ("linux_kernel_version", "6.8.0-90-generic"), ("amd_gpu_kernel_version", ""),
    ("cpu_memory", "792304120"), ("gpu_memory", ""), ("rocm_version", "7.1.0"), ("vbios", ""),
    ("compute_partition", "SPX"), ("memory_partition", "NPS1"), ("gpu_series", "MI300"),
    ("gpu_model", "MI300X_A1"), ("gpu_arch", "gfx942"), ("gpu_chip_id", "29857"),
    ("gpu_l1", "32"), ("gpu_l2", "4096"), ("cu_per_gpu", "304"), ("simd_per_cu", "4"),
    ("se_per_gpu", "32"), ("wave_size", "64"), ("workgroup_max_size", "1024"),
    ("max_waves_per_cu", "32"), ("max_sclk", "2100"), ("max_mclk", "1300"),
    ("cur_sclk", "2100"), ("cur_mclk", "1300"), ("l2_banks", "16"), ("total_l2_chan", "128"),
    ("lds_banks_per_cu", "32"), ("sqc_per_gpu", "160"), ("pipes_per_gpu", "4"),
    ("num_xcd", "8"), ("num_hbm_channels", "128")]


def sysinfo(write, root):
    def cell(v):
        return '"%s"' % v if "," in v else v

    text = ",".join(k for k, _ in SYSINFO) + "\n" + ",".join(cell(v) for _, v in SYSINFO) + "\n"
    write(root, "amd/constructed_rocprofcompute3_mi300x_sysinfo.csv", text)
