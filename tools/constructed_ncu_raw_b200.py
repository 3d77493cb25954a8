# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
"""Nsight Compute --csv --page raw pages of NVIDIA B200 kernels, for gen_constructed_reports.py.

They replace four real pages of meinie0826/Roofline-Analysis
(decodebench/results/ncu/*.ncu.csv @ 98db3221), a repository with no
licence, so that a distribution can ship the tests. The shape is theirs
(ncu ~2025.x, `--csv --page raw`, one run with `--target-processes all`):
two ==PROF== lines, every field quoted, a header of 475 columns and a second
row of units, in their order and with their units, one row a kernel. The
kernels, their launches and every measured value are this script's:

- the device columns are the B200's properties as CUDA reports them
  (cudaDeviceGetAttribute's names; 148 SMs, cc 10.0);
- the launch__* columns are computed from each kernel's stated launch
  (block, grid, registers, shared memory, barriers, carveout): the block
  limits, the allocations, the shared memory configuration and the
  occupancy sweeps are what NVIDIA's cuda_occupancy.h computes
  (tools/gen_b200_occupancy.c, built here when the toolkit is installed;
  its outputs are committed as tests/data/nvidia/b200_raw_pages_occupancy.csv
  so that this script runs without one), waves per SM are grid / (blocks per
  SM x SMs), and sm__maximum_warps_* the theoretical occupancy;
- Nsight Compute's launch__occupancy_limit_barriers is the header's barrier
  limit capped at the SM's 32 blocks (the replaced pages print 32 for one
  barrier, where the header gives 64, and 8 for eight);
- of the four launch__occupancy_per_* sweeps, the registers (0-256) and
  barriers (0-64) sums reproduce the replaced pages' values exactly; the
  block-size and shared-memory sweeps' points are not known (16-1024 in
  steps of 16, 0 to the opt-in maximum in steps of 512, as computed here,
  come within 3 % of them), so those two are this script's definition;
- durations and the instruction and pipe throughputs come from a seeded
  generator, consistent with each other and with the launch (an SM is
  active at most the share of SMs the grid covers; elapsed <= active,
  min <= avg <= max, sum = avg x SMs, issued = executed); the pages carry
  no achieved occupancy (no sm__warps_active), as the replaced ones did not.

Every file is deterministic: running again writes the same bytes.
"""
import os
import random
import shutil
import subprocess
import sys
import tempfile

SMS = 148
WARPS_PER_SM = 64
VECTORS = "nvidia/b200_raw_pages_occupancy.csv"

# The B200's properties, as the device__attribute_* columns name them.
DEVICE = [
    ("c2clink__enabled_mask", "0"), ("c2clink__present", "0"), ("architecture", "416"),
    ("async_engine_count", "4"), ("can_flush_remote_writes", "0"), ("can_map_host_memory", "1"),
    ("can_tex2d_gather", "1"), ("can_use_64_bit_stream_mem_ops", "1"),
    ("can_use_64_bit_stream_mem_ops_v1", "0"), ("can_use_host_pointer_for_registered_mem", "1"),
    ("can_use_stream_mem_ops_v1", "0"), ("can_use_stream_wait_value_nor", "1"),
    ("can_use_stream_wait_value_nor_v1", "0"), ("chip", "416"), ("clock_rate", "1965000"),
    ("cluster_launch", "1"), ("compute_capability_major", "10"), ("compute_capability_minor", "0"),
    ("compute_mode", "0"), ("compute_preemption_supported", "1"), ("concurrent_kernels", "1"),
    ("concurrent_managed_access", "1"), ("confidential_computing_mode", "No-CC"),
    ("cooperative_launch", "1"), ("cooperative_multi_device_launch", "1"),
    ("deferred_mapping_cuda_array_supported", "1"), ("device_index", "0"),
    ("direct_managed_mem_access_from_host", "0"), ("display_name", "NVIDIA B200"),
    ("dma_buf_supported", "1"), ("ecc_enabled", "1"), ("fb_bus_width", "7680"),
    ("fbp_count", "16"), ("generic_compression_supported", "1"),
    ("global_l1_cache_supported", "1"), ("global_memory_bus_width", "7680"),
    ("gpu_direct_rdma_flush_writes_options", "1"), ("gpu_direct_rdma_supported", "1"),
    ("gpu_direct_rdma_with_cuda_vmm_supported", "1"), ("gpu_direct_rdma_writes_ordering", "100"),
    ("gpu_overlap", "1"), ("gpu_pci_device_id", "687935710"), ("gpu_pci_ext_device_id", "10497"),
    ("gpu_pci_ext_downstream_link_rate", "32000"), ("gpu_pci_ext_downstream_link_width", "16"),
    ("gpu_pci_ext_gen", "4"), ("gpu_pci_ext_gpu_gen", "4"), ("gpu_pci_ext_gpu_link_rate", "32000"),
    ("gpu_pci_ext_gpu_link_width", "16"), ("gpu_pci_revision_id", "161"),
    ("gpu_pci_sub_system_id", "429461726"), ("handle_type_fabric_supported", "1"),
    ("handle_type_posix_file_descriptor_supported", "1"),
    ("handle_type_win32_handle_supported", "0"), ("handle_type_win32_kmt_handle_supported", "0"),
    ("host_native_atomic_supported", "0"), ("host_numa_id", "0"), ("host_register_supported", "1"),
    ("implementation", "416"), ("integrated", "0"), ("ipc_event_supported", "1"),
    ("kernel_exec_timeout", "0"), ("l2_cache_size", "132644864"), ("l2s_count", "192"),
    ("limits_max_cta_per_sm", "32"), ("limits_num_tpcs", "74"), ("local_l1_cache_supported", "1"),
    ("managed_memory", "1"), ("max_access_policy_window_size", "134217728"),
    ("max_block_dim_x", "1024"), ("max_block_dim_y", "1024"), ("max_block_dim_z", "64"),
    ("max_blocks_per_multiprocessor", "32"), ("max_gpu_frequency_khz", "1965000"),
    ("max_grid_dim_x", "2147483647"), ("max_grid_dim_y", "65535"), ("max_grid_dim_z", "65535"),
    ("max_ipc_per_multiprocessor", "4"), ("max_ipc_per_scheduler", "1"),
    ("max_mem_frequency_khz", "3996000"), ("max_persisting_l2_cache_size", "82903040"),
    ("max_pitch", "2147483647"), ("max_registers_per_block", "65536"),
    ("max_registers_per_multiprocessor", "65536"), ("max_registers_per_thread", "255"),
    ("max_shared_memory_per_block", "49152"), ("max_shared_memory_per_block_optin", "232448"),
    ("max_shared_memory_per_multiprocessor", "233472"), ("max_threads_per_block", "1024"),
    ("max_threads_per_multiprocessor", "2048"), ("max_warps_per_multiprocessor", "64"),
    ("max_warps_per_scheduler", "16"), ("maximum_surface1d_layered_layers", "2048"),
    ("maximum_surface1d_layered_width", "32768"), ("maximum_surface1d_width", "32768"),
    ("maximum_surface2d_height", "65536"), ("maximum_surface2d_layered_height", "32768"),
    ("maximum_surface2d_layered_layers", "2048"), ("maximum_surface2d_layered_width", "32768"),
    ("maximum_surface2d_width", "131072"), ("maximum_surface3d_depth", "16384"),
    ("maximum_surface3d_height", "16384"), ("maximum_surface3d_width", "16384"),
    ("maximum_surfacecubemap_layered_layers", "2046"),
    ("maximum_surfacecubemap_layered_width", "32768"), ("maximum_surfacecubemap_width", "32768"),
    ("maximum_texture1d_layered_layers", "2048"), ("maximum_texture1d_layered_width", "32768"),
    ("maximum_texture1d_linear_width", "268435456"),
    ("maximum_texture1d_mipmapped_width", "32768"), ("maximum_texture1d_width", "131072"),
    ("maximum_texture2d_gather_height", "32768"), ("maximum_texture2d_gather_width", "32768"),
    ("maximum_texture2d_height", "65536"), ("maximum_texture2d_layered_height", "32768"),
    ("maximum_texture2d_layered_layers", "2048"), ("maximum_texture2d_layered_width", "32768"),
    ("maximum_texture2d_linear_height", "65000"), ("maximum_texture2d_linear_pitch", "2097120"),
    ("maximum_texture2d_linear_width", "131072"), ("maximum_texture2d_mipmapped_height", "32768"),
    ("maximum_texture2d_mipmapped_width", "32768"), ("maximum_texture2d_width", "131072"),
    ("maximum_texture3d_depth", "16384"), ("maximum_texture3d_depth_alternate", "32768"),
    ("maximum_texture3d_height", "16384"), ("maximum_texture3d_height_alternate", "8192"),
    ("maximum_texture3d_width", "16384"), ("maximum_texture3d_width_alternate", "8192"),
    ("maximum_texturecubemap_layered_layers", "2046"),
    ("maximum_texturecubemap_layered_width", "32768"), ("maximum_texturecubemap_width", "32768"),
    ("mem_sync_domain_count", "4"), ("memory_clock_rate", "3996000"),
    ("memory_pools_supported", "1"), ("mempool_supported_handle_types", "9"), ("mps_enabled", "0"),
    ("multi_gpu_board", "0"), ("multi_gpu_board_group_id", "0"), ("multicast_supported", "1"),
    ("multiprocessor_count", "148"), ("num_l2s_per_fbp", "12"),
    ("num_schedulers_per_multiprocessor", "4"), ("num_tex_per_multiprocessor", "1"),
    ("numa_config", "0"), ("pageable_memory_access", "0"),
    ("pageable_memory_access_uses_host_page_tables", "0"), ("pci_bus_id", "27"),
    ("pci_device_id", "0"), ("pci_domain_id", "0"), ("ram_location", "1"), ("ram_type", "0"),
    ("reserved_shared_memory_per_block", "1024"), ("sass_level", "10"),
    ("single_to_double_precision_perf_ratio", "2"), ("sparse_cuda_array_supported", "1"),
    ("stream_priorities_supported", "1"), ("surface_alignment", "512"), ("tcc_driver", "0"),
    ("tensor_map_access_supported", "1"), ("texture_alignment", "512"),
    ("texture_pitch_alignment", "32"), ("total_constant_memory", "65536"),
    ("total_memory", "191503138816"), ("unified_addressing", "1"),
    ("unified_function_pointers", "1"), ("virtual_address_management_supported", "1"),
    ("warp_size", "32"),
]
ATTR = dict(DEVICE)

# The system's NUMA and NVLink topology (an 8-GPU NVSwitch board) and the
# profiler's session reuse, the same for every kernel.
SYSTEM = [
    ("numa__cpu_affinity", "8"), ("numa__dev_display_name_all", "8"), ("numa__id_cpu", "8"),
    ("numa__id_memory", "8"), ("nvlink__bandwidth", "49064297103360"),
    ("nvlink__count_logical", "28"), ("nvlink__count_physical", "504"),
    ("nvlink__destination_ports", "28"), ("nvlink__dev0Id", "56"), ("nvlink__dev0type", "28"),
    ("nvlink__dev1Id", "140"), ("nvlink__dev1type", "28"), ("nvlink__dev_display_name_all", "8"),
    ("nvlink__enabled_mask", "2097144"), ("nvlink__is_direct_link", "28"),
    ("nvlink__is_nvswitch_connected", "1"), ("nvlink__max_count", "144"),
    ("nvlink__peer_access", "28"), ("nvlink__peer_atomic", "28"), ("nvlink__source_ports", "28"),
    ("nvlink__system_access", "0"), ("nvlink__system_atomic", "0"),
    ("profiler__perfworks_session_reuse", "0"),
]

LAUNCH = [  # column, unit
    ("gpu__time_duration.sum", "ns"), ("launch__barrier_count", ""),
    ("launch__block_dim_x", "block"), ("launch__block_dim_y", "block"),
    ("launch__block_dim_z", "block"), ("launch__block_size", ""),
    ("launch__cluster_dim_x", ""), ("launch__cluster_dim_y", ""), ("launch__cluster_dim_z", ""),
    ("launch__cluster_max_active", "cluster"), ("launch__cluster_max_potential_size", "block"),
    ("launch__cluster_scheduling_policy", ""), ("launch__cluster_size", ""),
    ("launch__context_id", ""), ("launch__device_id", ""), ("launch__execution_model", ""),
    ("launch__func_cache_config", ""), ("launch__function_pcs", ""),
    ("launch__grid_dim_x", ""), ("launch__grid_dim_y", ""), ("launch__grid_dim_z", ""),
    ("launch__grid_size", ""), ("launch__kernel_name", ""),
    ("launch__occupancy_cluster_gpu_pct", "%"), ("launch__occupancy_cluster_pct", "%"),
    ("launch__occupancy_limit_barriers", "block"), ("launch__occupancy_limit_blocks", "block"),
    ("launch__occupancy_limit_registers", "block"),
    ("launch__occupancy_limit_shared_mem", "block"), ("launch__occupancy_limit_warps", "block"),
    ("launch__occupancy_per_barrier_count", ""), ("launch__occupancy_per_block_size", ""),
    ("launch__occupancy_per_cluster_size", ""), ("launch__occupancy_per_register_count", ""),
    ("launch__occupancy_per_shared_mem_size", ""), ("launch__persisting_l2_cache_size", "byte"),
    ("launch__preferred_cluster_dim_x", ""), ("launch__preferred_cluster_dim_y", ""),
    ("launch__preferred_cluster_dim_z", ""), ("launch__preferred_cluster_size", ""),
    ("launch__registers_per_thread", "register/thread"),
    ("launch__registers_per_thread_allocated", "register/thread"),
    ("launch__shared_mem_config_size", "byte"), ("launch__shared_mem_per_block", "byte/block"),
    ("launch__shared_mem_per_block_allocated", "byte/block"),
    ("launch__shared_mem_per_block_driver", "byte/block"),
    ("launch__shared_mem_per_block_dynamic", "byte/block"),
    ("launch__shared_mem_per_block_static", "byte/block"), ("launch__sm_count", "SM"),
    ("launch__stack_size", ""), ("launch__stream_id", ""), ("launch__thread_count", "thread"),
    ("launch__tpc_count", ""), ("launch__tpc_enabled", ""), ("launch__user_grid_dim_x", ""),
    ("launch__user_grid_dim_y", ""), ("launch__user_grid_dim_z", ""),
    ("launch__user_grid_size", ""), ("launch__uses_blocks_as_clusters", ""),
    ("launch__uses_cdp", ""), ("launch__uses_green_context", ""), ("launch__uses_mps", ""),
    ("launch__uses_vgpu", ""), ("launch__waves_per_multiprocessor", ""),
]

REPLAY = ["profiler__replayer_bytes_mem_%s.%s" % (k, s)
          for k in ("accessible", "backed_up") for s in ("avg", "max", "min", "sum")]
STATS = ("avg", "max", "min", "sum")
PCT = ("pct_of_peak_sustained_active", "pct_of_peak_sustained_elapsed")
# sm__* counter families in the page's order: (name, statistics, kinds, unit)
FULL = (STATS, PCT, "%")
TWO = (("avg",), PCT, "%")
SM_COUNTERS = [
    ("sm__inst_executed", STATS, ("per_cycle_active", "per_cycle_elapsed"), "inst/cycle"),
] + [("sm__inst_executed_pipe_" + p,) + (TWO if p in ("fma_type_fp16",) or
                                          p.startswith("tensor_subpipe") else FULL)
     for p in ("adu", "alu", "cbu", "fma", "fma_type_fp16", "fp64", "lsu", "tc",
               "tensor_subpipe_dmma", "tensor_subpipe_hmma", "tensor_subpipe_imma", "tex",
               "tma", "tmem", "uniform", "workid", "xu")] + [
    ("sm__inst_issued", STATS, ("pct_of_peak_sustained_elapsed", "per_cycle_active"), None),
    ("sm__instruction_throughput", STATS, ("pct_of_peak_sustained_elapsed",), "%"),
    ("sm__maximum_warps_avg_per_active_cycle", None, None, "warp"),
    ("sm__maximum_warps_per_active_cycle_pct", None, None, "%"),
    ("sm__mem_tensor_cycles_active",) + FULL,
    ("sm__pipe_alu_cycles_active",) + FULL, ("sm__pipe_fma_cycles_active",) + FULL,
    ("sm__pipe_fp64_cycles_active",) + FULL, ("sm__pipe_shared_cycles_active",) + TWO,
    ("sm__pipe_tc_cycles_active",) + FULL, ("sm__pipe_tensor_cycles_active",) + FULL,
    ("sm__pipe_tensor_subpipe_dmma_cycles_active",) + TWO,
    ("sm__pipe_tensor_subpipe_hmma_cycles_active",) + TWO,
    ("sm__pipe_tensor_subpipe_imma_cycles_active",) + TWO,
    ("sm__pipe_tma_cycles_active",) + FULL,
    ("smsp__maximum_warps_avg_per_active_cycle", None, None, "warp"),
]


def columns():
    cols = [(c, "") for c in ("ID", "Process ID", "Process Name", "Host Name", "Kernel Name",
                              "Context", "Stream", "Block Size", "Grid Size", "Device", "CC")]
    cols += [(n if n.startswith("c2clink") else "device__attribute_" + n, "") for n, _ in DEVICE]
    cols += LAUNCH + [(n, "") for n, _ in SYSTEM]
    cols += [(n, "byte") for n in REPLAY]
    cols += [("profiler__replayer_passes", "pass"), ("profiler__replayer_passes_type_warmup", "pass")]
    for name, stats, kinds, unit in SM_COUNTERS:
        if stats is None:
            cols.append((name, unit))
            continue
        for s in stats:
            for k in kinds:
                u = unit or ("%" if k.startswith("pct") else "inst/cycle")
                cols.append(("%s.%s.%s" % (name, s, k), u))
    assert len(cols) == 475, len(cols)
    return cols


# --- the kernels ---------------------------------------------------------------
#
# Each kernel: its name, block, registers, static and dynamic shared memory,
# barriers, carveout (percent, -1 the default), the largest cluster it may
# use (8, the portable size, unless it allows non-portable sizes: 16 on
# B200) and the seeded generator's profile: nanoseconds a block-wave, IPC
# per active SM and the share of issue each pipe gets (percent of peak).

MERGE = dict(name="void merge_attention_states_kernel<8, 128, __nv_bfloat16>(const T3 *, "
             "const float *, T3 *, float *, unsigned int, unsigned int)",
             block=(16, 8, 1), regs=48, st=0, dyn=6144, bar=1, carve=40, cluster=8,
             ns=9600, ipc=0.42,
             pipes=dict(adu=4.1, alu=6.9, cbu=0.18, fma=3.4, fma_type_fp16=0.05, lsu=3.3,
                        uniform=0.95, xu=2.8))
DECODE = dict(name="void paged_decode_attention_kernel<2, 8, 16, 64, __nv_bfloat16>(DecodeParams)",
              block=(16, 4, 2), regs=64, st=0, dyn=12288, bar=1, carve=57, cluster=8,
              ns=21000, ipc=1.74,
              pipes=dict(adu=7.4, alu=32.8, cbu=0.05, fma=18.1, fma_type_fp16=0.04, fp64=0.04,
                         lsu=20.2, uniform=1.76, xu=6.8))
COMBINE = dict(name="void splitkv_combine_kernel<128, 4, __nv_bfloat16>(SplitKVParams)",
               block=(128, 1, 1), regs=45, st=96, dyn=0, bar=1, carve=13, cluster=8,
               ns=11500, ipc=0.31,
               pipes=dict(adu=1.2, alu=5.1, cbu=0.21, fma=4.4, lsu=3.9, uniform=1.1, xu=1.6))
SPLITKV = dict(name="void splitkv_attention_kernel<128, 64, 128, 4, __nv_bfloat16>(SplitKVParams)",
               block=(128, 1, 1), regs=200, st=0, dyn=73728, bar=1, carve=71, cluster=8,
               ns=402000, ipc=0.58,
               pipes=dict(adu=0.4, alu=9.7, cbu=0.02, fma=7.9, fma_type_fp16=0.02, lsu=6.1,
                          tc=4.8, tensor_subpipe_hmma=4.8, uniform=2.2, xu=1.9))
REDUCE = dict(name="void lse_reduction_kernel<256>(float *, const float *, const float *, "
              "unsigned int, unsigned int, bool)",
              block=(256, 1, 1), regs=40, st=0, dyn=3000, bar=1, carve=-1, cluster=16,
              ns=9900, ipc=1.69,
              pipes=dict(adu=0.9, alu=28.7, cbu=0.3, fma=24.6, lsu=16.2, uniform=3.1, xu=9.4))
FPROP = dict(name="sdpa_fprop_sm100_bf16_128x128x128_warpspecialized_kernel",
             block=(384, 1, 1), regs=160, st=0, dyn=225280, bar=8, carve=-1, cluster=8,
             ns=29500, ipc=0.81,
             pipes=dict(adu=0.6, alu=11.4, cbu=0.4, fma=6.2, lsu=3.7, tc=1.1,
                        tensor_subpipe_hmma=1.1, tma=0.86, tmem=0.33, uniform=8.3, xu=2.1))

# The four pages: (file, seed, process id, replayed bytes, [(kernel, grid)] in
# the order they ran, repeated). Their launches keep what the tests need of
# the pages they replace: a persistent kernel of one block a SM beside one
# of three-dimensional blocks, both limited by registers, at two
# configurations the carveouts give; a grid of under a wave and one of
# 0.97 of a wave; a kernel of many registers and shared memory limited by
# both; a reduction whose shared-memory limit is above the SM's 32 blocks;
# and a kernel of 8 barriers at the whole shared memory.
PAGES = [
    ("ncu/constructed_ncu_raw_page_b200_cc100_decode_b1.csv", 24101, 271834, 203817472,
     [(MERGE, (148, 1, 1)), (DECODE, (24, 8, 1))] * 8),
    ("ncu/constructed_ncu_raw_page_b200_cc100_decode_b8.csv", 24108, 272190, 1259405312,
     [(MERGE, (296, 1, 1)), (DECODE, (144, 8, 1))] * 28),
    ("ncu/constructed_ncu_raw_page_b200_cc100_splitkv_b8.csv", 24208, 270455, 1092616192,
     [(COMBINE, (72, 1, 1)), (SPLITKV, (1, 4, 72))] * 8),
    ("ncu/constructed_ncu_raw_page_b200_cc100_fprop_barriers8.csv", 24332, 269713, 1117782016,
     [(REDUCE, (1, 24, 32)), (FPROP, (5, 6, 32))] * 8),
]
PASSES = 11


def launch_key(k):
    return (k["block"][0] * k["block"][1] * k["block"][2], k["regs"], k["st"], k["dyn"],
            k["bar"], k["carve"])


# --- cuda_occupancy.h, through tools/gen_b200_occupancy.c ----------------------

def header_rows(launches):
    """What the harness prints, built against the toolkit's header; None
    without a toolkit or a C compiler."""
    cuda = os.environ.get("CUDA_HOME", "/usr/local/cuda")
    cc = os.environ.get("CC", "cc")
    if not os.path.exists(os.path.join(cuda, "include", "cuda_occupancy.h")) or \
            shutil.which(cc.split()[0]) is None:
        return None
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "gen_b200_occupancy.c")
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "gen_b200_occupancy")
        subprocess.run(cc.split() + ["-std=c11", "-O2", "-I" + os.path.join(cuda, "include"),
                                     src, "-o", exe], check=True)
        a = ATTR
        lines = ["device %s %s %s %s %s %s %s %s %s %d %s %s" % (
            a["compute_capability_major"], a["compute_capability_minor"],
            a["max_threads_per_block"], a["max_threads_per_multiprocessor"],
            a["max_registers_per_block"], a["max_registers_per_multiprocessor"],
            a["warp_size"], a["max_shared_memory_per_block"],
            a["max_shared_memory_per_multiprocessor"], SMS,
            a["max_shared_memory_per_block_optin"], a["reserved_shared_memory_per_block"])]
        lines += ["launch %d %d %d %d %d %d" % key for key in launches]
        out = subprocess.run([exe], input="\n".join(lines) + "\n", capture_output=True,
                             text=True, check=True).stdout
    version = "?"
    with open(os.path.join(cuda, "include", "cuda.h"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#define CUDA_VERSION "):
                v = int(line.split()[2])
                version = "%d.%d" % (v // 1000, v % 1000 // 10)
    return ("# cuda_occupancy.h of CUDA %s, computed by tools/gen_b200_occupancy.c for the "
            "kernels of tools/constructed_ncu_raw_b200.py on the B200's properties\n" % version) + out


def occupancy(write, root):
    """The header's figures for every kernel, by launch: computed when the
    toolkit is here (and written to root), else read from the committed
    vectors beside this script."""
    launches = []
    for _, _, _, _, kernels in PAGES:
        for k, _ in kernels:
            if launch_key(k) not in launches:
                launches.append(launch_key(k))
    text = header_rows(launches)
    if text is None:
        path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "data",
                            VECTORS)
        with open(path, encoding="utf-8", newline="") as f:
            text = f.read()
    write(root, VECTORS, text)
    lines = [ln for ln in text.splitlines() if not ln.startswith("#")]
    names = lines[0].split(",")
    rows = {}
    for ln in lines[1:]:
        v = dict(zip(names, ln.split(",")))
        rows[tuple(int(v[n]) for n in names[:6])] = v
    for key in launches:
        if key not in rows:
            sys.exit("constructed_ncu_raw_b200: %s has no row for launch %s: run with the "
                     "CUDA toolkit installed to compute it" % (VECTORS, key))
    return rows


# --- a page ----------------------------------------------------------------------

def num(v):
    """Nsight Compute's raw-page numbers: two decimals, none for a whole number."""
    r = round(v, 2)
    return "%d" % r if r == int(r) else "%.2f" % r


def counters(rng, k, covered, active, theo_warps):
    """The sm__* columns: IPC and pipe percentages of active cycles, scaled
    to elapsed cycles by the share of time an SM is active, with a spread
    over SMs (min <= avg <= max; wider where the grid leaves SMs idle),
    never above the peak (4 instructions a cycle an SM, 100 %)."""
    spread_hi = rng.uniform(1.08, 1.3)
    spread_lo = rng.uniform(0.55, 0.8) if covered >= 1 else rng.uniform(0.05, 0.2)
    jitter = rng.uniform(0.985, 1.015)
    ipc = k["ipc"] * jitter
    v = {}

    def stat(base, s, k2, peak=100.0):
        f = {"avg": 1.0, "max": spread_hi, "min": spread_lo, "sum": 1.0}[s]
        e = active if k2.endswith("elapsed") else 1.0
        return min(base * f, peak) * e

    pipes = {p: x * jitter for p, x in k["pipes"].items()}
    pipes.setdefault("fp64", 0.0)
    derived = {
        "mem_tensor_cycles_active": 0.0,
        "pipe_alu_cycles_active": pipes.get("alu", 0.0),
        "pipe_fma_cycles_active": pipes.get("fma", 0.0) * 1.02,
        "pipe_fp64_cycles_active": pipes["fp64"],
        "pipe_shared_cycles_active": pipes["fp64"],
        "pipe_tc_cycles_active": pipes.get("tc", 0.0),
        "pipe_tensor_cycles_active": pipes.get("tc", 0.0) * 3.2,
        "pipe_tensor_subpipe_dmma_cycles_active": 0.0,
        "pipe_tensor_subpipe_hmma_cycles_active": pipes.get("tc", 0.0) * 3.2,
        "pipe_tensor_subpipe_imma_cycles_active": 0.0,
        "pipe_tma_cycles_active": pipes.get("tma", 0.0),
    }
    for name, stats, kinds, _ in SM_COUNTERS:
        if stats is None:
            continue
        short = name[len("sm__"):]
        for s in stats:
            for k2 in kinds:
                col = "%s.%s.%s" % (name, s, k2)
                if short in ("inst_executed", "inst_issued") and k2.startswith("per_cycle"):
                    x = stat(ipc, s, k2, 4.0) * (SMS if s == "sum" else 1)
                elif short in ("inst_issued", "instruction_throughput"):
                    x = stat(ipc, s, k2, 4.0) / 4 * 100   # 4 instructions a cycle an SM
                elif short.startswith("inst_executed_pipe_"):
                    x = stat(pipes.get(short[len("inst_executed_pipe_"):], 0.0), s, k2)
                else:
                    x = stat(derived[short], s, k2)
                v[col] = num(x)
    for col, x in v.items():   # what the page promises, as written
        name, s, kind = col.split(".")
        if s == "avg":
            lo = float(v.get("%s.min.%s" % (name, kind), x))
            hi = float(v.get("%s.max.%s" % (name, kind), x))
            assert lo <= float(x) <= hi, col
            assert hi <= (100 if kind.startswith("pct") else 4 * SMS), col
            if kind.endswith("elapsed") and col[:-len("elapsed")] + "active" in v:
                assert float(x) <= float(v[col[:-len("elapsed")] + "active"]), col
    v["sm__maximum_warps_avg_per_active_cycle"] = num(theo_warps)
    v["sm__maximum_warps_per_active_cycle_pct"] = num(theo_warps / WARPS_PER_SM * 100)
    v["smsp__maximum_warps_avg_per_active_cycle"] = num(theo_warps / 4)
    return v


def page(write, root, occ, rel, seed, pid, replay_bytes, kernels):
    rng = random.Random(seed)
    cols = columns()
    quoted = lambda fields: ",".join('"%s"' % f for f in fields)  # noqa: E731
    out = ["==PROF== Connected to process %d (/usr/bin/python3.12)" % pid,
           "==PROF== Disconnected from process %d" % pid,
           quoted([c for c, _ in cols]), quoted([u for _, u in cols])]
    for i, (k, grid) in enumerate(kernels):
        o = occ[launch_key(k)]
        bs = k["block"][0] * k["block"][1] * k["block"][2]
        warps = (bs + 31) // 32
        blocks = int(o["active_blocks"])
        nblocks = grid[0] * grid[1] * grid[2]
        waves = nblocks / (blocks * SMS)
        bar_limit = o["limit_barriers"]
        bar_limit = min(int(bar_limit), int(o["limit_blocks"])) if bar_limit != "max" else \
            int(o["limit_blocks"])
        # An SM is busy at most the share of SMs the grid covers; the
        # duration grows with the waves a launch takes, at least one.
        covered = min(1.0, nblocks / SMS)
        active = covered * rng.uniform(0.62, 0.94)
        ns = k["ns"] * max(1.0, waves) * rng.uniform(0.97, 1.03)
        v = {
            "ID": i, "Process ID": pid, "Process Name": "python3.12", "Host Name": "127.0.0.1",
            "Kernel Name": k["name"], "Context": 1, "Stream": 7,
            "Block Size": "(%d, %d, %d)" % k["block"], "Grid Size": "(%d, %d, %d)" % grid,
            "Device": 0, "CC": "10.0",
            "gpu__time_duration.sum": int(round(ns / 32)) * 32,
            "launch__barrier_count": k["bar"],
            "launch__block_dim_x": k["block"][0], "launch__block_dim_y": k["block"][1],
            "launch__block_dim_z": k["block"][2], "launch__block_size": bs,
            "launch__cluster_dim_x": 0, "launch__cluster_dim_y": 0, "launch__cluster_dim_z": 0,
            "launch__cluster_max_active": 0, "launch__cluster_max_potential_size": k["cluster"],
            "launch__cluster_scheduling_policy": "PolicySpread", "launch__cluster_size": 0,
            "launch__context_id": 1, "launch__device_id": 0, "launch__execution_model": "SIMT",
            "launch__func_cache_config": "CachePreferNone", "launch__function_pcs": 1,
            "launch__grid_dim_x": grid[0], "launch__grid_dim_y": grid[1],
            "launch__grid_dim_z": grid[2], "launch__grid_size": nblocks,
            "launch__kernel_name": "",
            "launch__occupancy_cluster_gpu_pct": 0, "launch__occupancy_cluster_pct": 0,
            "launch__occupancy_limit_barriers": bar_limit,
            "launch__occupancy_limit_blocks": o["limit_blocks"],
            "launch__occupancy_limit_registers": o["limit_registers"],
            "launch__occupancy_limit_shared_mem": o["limit_shared_mem"],
            "launch__occupancy_limit_warps": o["limit_warps"],
            "launch__occupancy_per_barrier_count": o["sweep_barriers"],
            "launch__occupancy_per_block_size": o["sweep_block_size"],
            "launch__occupancy_per_cluster_size": 0,
            "launch__occupancy_per_register_count": o["sweep_registers"],
            "launch__occupancy_per_shared_mem_size": o["sweep_shared_mem"],
            "launch__persisting_l2_cache_size": 24870912,
            "launch__preferred_cluster_dim_x": 0, "launch__preferred_cluster_dim_y": 0,
            "launch__preferred_cluster_dim_z": 0, "launch__preferred_cluster_size": 0,
            "launch__registers_per_thread": k["regs"],
            "launch__registers_per_thread_allocated":
                int(o["allocated_registers_per_block"]) // (warps * 32),
            "launch__shared_mem_config_size": o["shared_mem_per_sm"],
            "launch__shared_mem_per_block": k["st"] + k["dyn"] +
                int(ATTR["reserved_shared_memory_per_block"]),
            "launch__shared_mem_per_block_allocated": o["allocated_shared_mem_per_block"],
            "launch__shared_mem_per_block_driver": ATTR["reserved_shared_memory_per_block"],
            "launch__shared_mem_per_block_dynamic": k["dyn"],
            "launch__shared_mem_per_block_static": k["st"], "launch__sm_count": SMS,
            "launch__stack_size": 1024, "launch__stream_id": 7,
            "launch__thread_count": nblocks * bs, "launch__tpc_count": ATTR["limits_num_tpcs"],
            "launch__tpc_enabled": "all",
            "launch__user_grid_dim_x": grid[0], "launch__user_grid_dim_y": grid[1],
            "launch__user_grid_dim_z": grid[2], "launch__user_grid_size": nblocks,
            "launch__uses_blocks_as_clusters": 0, "launch__uses_cdp": 0,
            "launch__uses_green_context": 0, "launch__uses_mps": 0, "launch__uses_vgpu": 0,
            "launch__waves_per_multiprocessor": num(waves),
            "profiler__replayer_passes": PASSES, "profiler__replayer_passes_type_warmup": 0,
        }
        for n, x in DEVICE:
            v[n if n.startswith("c2clink") else "device__attribute_" + n] = x
        v.update(SYSTEM)
        for n in REPLAY:
            v[n] = replay_bytes * (PASSES if n.endswith(".sum") else 1)
        v.update(counters(rng, k, covered, active, blocks * warps))
        out.append(quoted([str(v[c]) for c, _ in cols]))
    write(root, rel, "\n".join(out) + "\n")


def pages(write, root):
    occ = occupancy(write, root)
    for rel, seed, pid, replay_bytes, kernels in PAGES:
        page(write, root, occ, rel, seed, pid, replay_bytes, kernels)
