#!/bin/sh
# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
# cli_reports.sh - occview on profiler reports, end to end: every rocprof and
# Omniperf file of tests/data/rocprof/ through --format json, each checked for
# its kernel count, the first kernel's launch against the file's own columns,
# the GPU chosen and the exit status; then --gpu, --kernel and the error paths.
set -u
: "${OCCVIEW:?}" "${TESTDATA:?}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# No user's database or state: the program's own home.
HOME=$tmp XDG_STATE_HOME=$tmp/state XDG_CONFIG_HOME=$tmp/config
export HOME XDG_STATE_HOME XDG_CONFIG_HOME
pass=0 fail=0
R=$TESTDATA/rocprof

. "${0%/*}/cliutil.sh"

# occview's JSON is indented one value per line; this flattens it to
# "kernels.0.launch.grid.0=304" lines, so checks need no JSON tool.
flatten() {
	awk '
	function path(   p, i) { p = ""; for (i = 2; i <= depth; i++) p = p (i > 2 ? "." : "") key[i]; return p }
	{
		line = $0; sub(/^[ \t]+/, "", line); sub(/,$/, "", line); k = ""
		if (match(line, /^"[^"]*": /)) { k = substr(line, 2, RLENGTH - 4); line = substr(line, RLENGTH + 1) }
		else if (depth > 0 && isarr[depth] && line !~ /^[]}]/) k = idx[depth]++
		if (line == "{" || line == "[") { depth++; key[depth] = k; isarr[depth] = (line == "["); idx[depth] = 0; next }
		if (line ~ /^[]}]/) { depth--; next }
		depth++; key[depth] = k; print path() "=" line; depth--
	}'
}

# json STATUS FILE ARGS...: runs --format json on FILE; STATUS is the exit
# status wanted. The flattened output is left in $tmp/flat, stderr in $tmp/err.
json() {
	want=$1 file=$2
	shift 2
	"$OCCVIEW" --format json "$@" "$file" >"$tmp/json" 2>"$tmp/err" </dev/null
	got=$?
	flatten <"$tmp/json" >"$tmp/flat"
	what="occview --format json $* $(basename "$file")"
	if [ "$got" -eq "$want" ]; then ok; else
		bad "$what exited $got, want $want"; sed 's/^/  | /' "$tmp/err" | head -5
	fi
}

# has KEY VALUE: the last json run's flattened output has KEY=VALUE.
has() {
	if grep -qxF -- "$1=$2" "$tmp/flat"; then ok; else
		bad "$what: want $1=$2, got: $(grep -F -- "$1=" "$tmp/flat" | head -1)"
	fi
}

# kernels N: the last json run printed N kernels.
kernels() {
	n=$(grep -c '^kernels\.[0-9]*\.name=' "$tmp/flat")
	if [ "$n" -eq "$1" ]; then ok; else bad "$what: $n kernels, want $1"; fi
}

# first GX GY GZ BX BY BZ VGPRS LDS: the first kernel's launch.
first() {
	has kernels.0.launch.grid.0 "$1"; has kernels.0.launch.grid.1 "$2"
	has kernels.0.launch.grid.2 "$3"; has kernels.0.launch.block.0 "$4"
	has kernels.0.launch.block.1 "$5"; has kernels.0.launch.block.2 "$6"
	has kernels.0.launch.registers_per_thread "$7"
	has kernels.0.launch.static_shared_mem_bytes "$8"
}

# stderr PATTERN: the last json run said PATTERN on stderr.
stderr() {
	if grep -q -- "$1" "$tmp/err"; then ok; else
		bad "$what: no \"$1\" on stderr:"; sed 's/^/  | /' "$tmp/err" | head -5
	fi
}

# --- Every file, as it is (no flags) ------------------------------------------

# gunrock_mi300_rocprofv1_results_TRUNCATED.csv: 13 kernel rows (lines 2-14).
# Line 2: grd 155648, wgr 512, lds 0, arch_vgpr 16 -> grid 155648 / 512 = 304.
# Line 12's name says "target_arch)942" on gpu-id 2, the device of every row,
# and no CU count: the first gfx942 device of data/amd_devices.csv (line 5,
# Instinct MI300X), with a note. Line 12 has sgpr 112: rocprof reports the
# kernel descriptor's count in granules of 16, so 112 is the granulated 108
# (gfx942's most in data/amd_archs.csv), accepted: 800 / 112 = 7 waves per SIMD.
f=$R/gunrock_mi300_rocprofv1_results_TRUNCATED.csv
json 0 "$f"
kernels 13
first 304 1 1 512 1 1 16 0
has kernels.0.gpu.name '"Instinct MI300X"'
has kernels.0.error null
stderr "the report names the architecture (gfx942) but not the device; using Instinct MI300X (304 CUs)"
has kernels.10.launch.sgprs_per_wave 112
has kernels.10.error null
# Line 14: grd 256, wgr 256, lds 11776, arch_vgpr 12.
has kernels.12.launch.grid.0 1
has kernels.12.launch.static_shared_mem_bytes 11776
has kernels.12.launch.registers_per_thread 12

# constructed_rocprofv1_pmc_scale_add.csv line 2: grd 4194304, wgr 128,
# lds 0, arch_vgpr 12 -> 32768 workgroups. No GPU named ("gpu-id 2" only).
f=$R/constructed_rocprofv1_pmc_scale_add.csv
json 65 "$f"
kernels 1
first 32768 1 1 128 1 1 12 0
has kernels.0.gpu null
stderr "scale_add.csv:2: gpu: the report does not say which GPU ran this kernel: give --gpu NAME"

# constructed_rocprofv1_results.stats.csv: a --stats summary, refused
# with the reason and no output.
f=$R/constructed_rocprofv1_results.stats.csv
json 65 "$f"
kernels 0
stderr "rocprof --stats summary (Name, Calls, TotalDurationNs) has no launch parameters"

# hpctraining_mi300a_rocprofv3_agent_info.csv opened alone: the devices of
# a run, no kernels; the refusal points at the trace beside it (it said "no
# profiler table occview knows").
f=$R/hpctraining_mi300a_rocprofv3_agent_info.csv
json 65 "$f"
kernels 0
stderr "rocprofv3's agent info (Agent_Type, Simd_Count, Max_Waves_Per_Simd) lists the devices of a run, not its kernels; load the PREFIX_kernel_trace.csv"

# omniperf_tests_mi100_pmc_perf_ipblocks_CPF.csv: 3 rows. Line 2:
# Grid_Size 1048576, Workgroup_Size 256, LDS_Per_Workgroup 0, Arch_VGPR 8
# -> 4096 workgroups. No GPU named; one message for all three records.
f=$R/omniperf_tests_mi100_pmc_perf_ipblocks_CPF.csv
json 65 "$f"
kernels 3
first 4096 1 1 256 1 1 8 0
has kernels.0.gpu null
stderr "CPF.csv:2: gpu: the report does not say"
stderr "the same for 2 more kernel records"

# omniperf_tests_mi200_rocprofv1_pmc_SQ_LEVEL_WAVES_TRUNCATED.csv, the old
# "vgpr,sgpr,fbar" layout: 12 rows. Line 2: grd 33554432, wgr 256, lds 0,
# vgpr 4 -> 131072 workgroups.
f=$R/omniperf_tests_mi200_rocprofv1_pmc_SQ_LEVEL_WAVES_TRUNCATED.csv
json 65 "$f"
kernels 12
first 131072 1 1 256 1 1 4 0
has kernels.0.gpu null
stderr "the same for 11 more kernel records"

# The same on an MI210 (104 CUs, 32 waves per CU: the workload's
# sysinfo.csv): achieved occupancy from its SQ counters as rocprofiler-compute
# computes Wavefront Occupancy. Line 2: SQ_ACCUM_PREV_HIRES 976030444 /
# GRBM_GUI_ACTIVE 381872 = 2555.9 waves / 3328 = 76.80%, 24.58 per CU; far
# below the theoretical 100%.
json 0 "$f" --gpu mi210
has kernels.0.report.achieved_occupancy_pct 76.80017875
has kernels.0.report.achieved_active_warps 24.5760572
has kernels.0.report.achieved_occupancy_formula '"SQ_ACCUM_PREV_HIRES / GRBM_GUI_ACTIVE"'
has kernels.0.findings.0.id '"achieved_gap"'
# in AMD's words: CUs, SIMDs and workgroups (an MI210 CU has 4 SIMDs).
if grep -q '^kernels\.0\.findings\.0\.text=.*across the 104 CUs and their 4 SIMDs each.*(157\.54 GPU waves in all)' "$tmp/flat"
then ok; else bad "$what: achieved_gap not in AMD's words: $(grep -F kernels.0.findings.0.text= "$tmp/flat")"; fi
# Nsight Compute's rule is not quoted with AMD's words put in it: the
# threshold is named as occview's, after NVIDIA's.
if grep '^kernels\.0\.findings\.0\.text=' "$tmp/flat" | grep -q 'occview flags a gap over 10 points, the threshold NVIDIA.s Nsight Compute uses)\. The difference' &&
   ! grep '^kernels\.0\.findings\.0\.text=' "$tmp/flat" | grep -q 'As that rule puts it'
then ok; else bad "$what: achieved_gap quotes Nsight Compute's rule on AMD: $(grep -F kernels.0.findings.0.text= "$tmp/flat")"; fi
# MI300X: no sysinfo.csv beside this copy, so the database's default
# partition mode (SPX: 8 XCDs, rocprofiler-compute's mi_gpu_spec.yaml) says
# how many XCDs the counters sum over. Line 2: SQ_ACCUM_PREV_HIRES 1966080 /
# (GRBM_GUI_ACTIVE 245760 / 8) = 64 waves / (32 x 304) = 0.6579%.
json 0 "$R/constructed_rocprofcompute3_mi300x_pmc_perf.csv" --gpu mi300x
has kernels.0.report.achieved_occupancy_pct 0.6578947368
has kernels.0.report.achieved_occupancy_formula '"SQ_ACCUM_PREV_HIRES / GRBM_GUI_ACTIVE"'
has kernels.0.report.xcds 8
has kernels.0.report.xcds_from "\"the database's default partition mode (SPX)\""
# A gfx90a file: one XCD, as before.
json 0 "$R/omniperf_tests_mi200_rocprofv1_pmc_SQ_LEVEL_WAVES_TRUNCATED.csv" --gpu mi210
has kernels.0.report.xcds 1

# omniperf_tests_mi300x_pmc_perf_ipblocks_CPF.csv: 3 rows. Line 2:
# Grid_Size 1048576, Workgroup_Size 256, LDS 0, Arch_VGPR 4 -> 4096.
f=$R/omniperf_tests_mi300x_pmc_perf_ipblocks_CPF.csv
json 65 "$f"
kernels 3
first 4096 1 1 256 1 1 4 0
has kernels.0.gpu null

# omniperf_tests_mi300x_rocprofv2style_timestamps.csv: 3 rows, line 2 as above.
f=$R/omniperf_tests_mi300x_rocprofv2style_timestamps.csv
json 65 "$f"
kernels 3
first 4096 1 1 256 1 1 4 0
has kernels.0.gpu null

# rocprofv3_sdk_docs_counter_collection.csv: 4 dispatches, one row each.
# Line 2: Grid_Size 1048576, Workgroup_Size 64, LDS_Block_Size 0, VGPR_Count 8
# -> 16384 workgroups.
f=$R/rocprofv3_sdk_docs_counter_collection.csv
json 65 "$f"
kernels 4
first 16384 1 1 64 1 1 8 0
has kernels.0.name '"addition_kernel"'
has kernels.0.gpu null

# rocprofv3_sdk_docs_kernel_trace.csv: 8 dispatches. Line 2: Workgroup_Size
# 64,1,1, Grid_Size 1024,1024,1 -> 16x1024x1, Group_Segment_Size 0, and no
# VGPR column: refused for it (null shown: missing is not zero, and not a
# guess), even with --gpu.
f=$R/rocprofv3_sdk_docs_kernel_trace.csv
json 65 "$f"
kernels 8
first 16 1024 1 64 1 1 null 0
stderr "kernel_trace.csv:2: vgprs: the report does not give this kernel's VGPR count"
json 65 "$f" --gpu mi300x
kernels 8
stderr "kernel_trace.csv:2: vgprs"

# --- --gpu: every file that names no GPU reads with one --------------------

for f in constructed_rocprofv1_pmc_scale_add.csv omniperf_tests_mi300x_pmc_perf_ipblocks_CPF.csv \
	omniperf_tests_mi300x_rocprofv2style_timestamps.csv rocprofv3_sdk_docs_counter_collection.csv; do
	json 0 "$R/$f" --gpu mi300x
	has kernels.0.gpu.name '"Instinct MI300X"'
	has kernels.0.error null
done
json 0 "$R/omniperf_tests_mi100_pmc_perf_ipblocks_CPF.csv" --gpu mi100
kernels 3
has kernels.2.gpu.name '"Instinct MI100"'
json 0 "$R/omniperf_tests_mi200_rocprofv1_pmc_SQ_LEVEL_WAVES_TRUNCATED.csv" --gpu mi250x
kernels 12
has kernels.11.gpu.name '"Instinct MI250X GCD"'
# --registers supplies what the kernel trace lacks; the file's grid stays.
json 0 "$R/rocprofv3_sdk_docs_kernel_trace.csv" --gpu mi300x --registers 8
kernels 8
first 16 1024 1 64 1 1 8 0
# --gpu wins over the report's own target, and no note is needed.
json 0 "$R/gunrock_mi300_rocprofv1_results_TRUNCATED.csv" --gpu mi300x
has kernels.0.gpu.name '"Instinct MI300X"'
if grep -q "but not the device" "$tmp/err"; then bad "note with --gpu"; else ok; fi

# The report names no GPU: the occupancy pane's Report says the one --gpu
# gave in its place (the explorer says "picked" for one picked there), and
# a report that names its device keeps it.
expect 0 "Device         Instinct MI300X (--gpu; the report names none)" -- --details \
	--gpu mi300x "$R/omniperf_tests_mi300x_pmc_perf_ipblocks_CPF.csv"
if grep -q "Device         n/a" "$tmp/out"; then bad "--gpu: Device n/a"; else ok; fi
# An ncu report that gives the compute capability and a device ordinal
# ("0", "8.0" on line 5): the database's device for sm_80 stands in, said.
expect 0 "Device         n/a: the report gives cc 8.0 only; NVIDIA A100-SXM4-40GB" -- \
	--details --record 0 "$TESTDATA/ncu/opinsight_a100_cc80_ncu2022_details_pooling_full_240k.csv"

# --- --kernel picks records by short or full name -------------------------

# gunrock lines 2-5 and 13 are __amd_rocclr_copyBuffer.kd: five records.
json 0 "$R/gunrock_mi300_rocprofv1_results_TRUNCATED.csv" --kernel __amd_rocclr_copyBuffer
kernels 5
has kernels.4.name '"__amd_rocclr_copyBuffer"'
# The full name; the file writes it with a trailing space.
json 0 "$R/omniperf_tests_mi100_pmc_perf_ipblocks_CPF.csv" --gpu mi100 \
	--kernel "vecCopy(double*, double*, double*, int, int)"
kernels 3
expect 64 'names none of its 3 kernel records' -- --print --gpu mi100 --kernel vecAdd \
	"$R/omniperf_tests_mi100_pmc_perf_ipblocks_CPF.csv"

# --- NVIDIA: Nsight Compute, nvprof and the CUDA profiler ------------------

N=$TESTDATA/ncu
V=$TESTDATA/nvprof

# opinsight_a100_...: 240 kernels (IDs 0-239). Lines 5-44, ID 0: Block Size
# "(32, 16, 1)", Grid Size "(1, 1, 1)", CC "8.0", Device "0" (an index, not a
# name), Registers Per Thread 26 (line 28), Static Shared Memory Per Block 16
# (line 32), Shared Memory Configuration Size "16,384" (line 29), Achieved
# Occupancy 23.90 (line 42); with the driver's configuration every one of
# Nsight Compute's 7 figures of the record agrees with occview's.
json 0 "$N/opinsight_a100_cc80_ncu2022_details_pooling_full_240k.csv"
kernels 240
first 1 1 1 32 16 1 26 16
has kernels.0.gpu.name '"NVIDIA A100-SXM4-40GB"'
has kernels.0.report.achieved_occupancy_pct 23.9
has kernels.0.report.shared_mem_config_bytes 16384
has kernels.0.report.crosscheck.compared 8
has kernels.0.report.crosscheck.disagreements '[]'
stderr "the report names the architecture (sm_80) but not the device"

# constructed_ncu_raw_page_b200_cc100_decode_b1: the raw page, 16 kernels
# (constructed in the shape of a real one, its limits cuda_occupancy.h's);
# line 5 names the device (device__attribute_display_name "NVIDIA B200") and
# launch__sm_count
# 148; with launch__barrier_count, the theoretical active warps (per SM and
# per scheduler) and the allocated registers and shared memory Nsight
# Compute gives 13 comparable figures, and Max Cluster Size a 14th.
json 0 "$N/constructed_ncu_raw_page_b200_cc100_decode_b1.csv"
kernels 16
has kernels.0.gpu.name '"NVIDIA B200"'
has kernels.0.report.sm_count 148
has kernels.0.report.crosscheck.compared 14
has kernels.0.report.profiler.max_cluster_size 8
has kernels.0.report.profiler.max_active_clusters 0
has kernels.0.occupancy.max_cluster_size_portable 8
has kernels.0.occupancy.max_active_clusters null
has kernels.0.report.crosscheck.disagreements '[]'

# constructed_nvprof_print_gpu_trace_um: 5 kernels among memcpy and Unified
# Memory rows. Line 61: grid 640,1,1, block 128,1,1, 18 registers, 0 B static
# and dynamic shared memory, on "TITAN Xp (0)".
json 0 "$V/constructed_nvprof_print_gpu_trace_um.csv"
kernels 5
first 640 1 1 128 1 1 18 0
has kernels.0.gpu.name '"TITAN Xp"'

# constructed_cudaprof_c2050_kv: line 7, to_grayscale: gputime 2143.520 us,
# occupancy 0.167 (the profiler's theoretical figure, not a measurement),
# and no launch parameters: the report's values shown, the analysis refused
# for the grid (never a guess).
json 65 "$V/constructed_cudaprof_c2050_kv_cuda_profile_0.log"
kernels 1
has kernels.0.launch.grid_size null
has kernels.0.report.achieved_occupancy_pct null
has kernels.0.report.profiler.theoretical_occupancy_pct 16.7
has kernels.0.report.profiler.name '"cuda_profiler"'
has kernels.0.report.duration_ns 2143520.0
stderr "cuda_profile_0.log:7: grid: the report does not give this kernel's grid size"

# A CUDA profiler log on a GPU the database has (built: the corpus logs ran
# on Fermi, which it lacks), with the launch and the counters the profiler's
# configuration can add: block 224 on a K40c is 9 blocks, 63 of 64 warps,
# 98.4375%, which the log prints as 0.984 and the cross-check accepts within
# that digit; achieved 504000 / 10000 / 64 = 78.75%.
printf '%s\n' '# CUDA_PROFILE_LOG_VERSION 2.0' '# CUDA_DEVICE 0 Tesla K40c' \
	'method=[ k ] gputime=[ 10.0 ] gridsize=[ 120 1 ] threadblocksize=[ 224 1 1 ] regperthread=[ 32 ] stasmemperblock=[ 0 ] dynsmemperblock=[ 0 ] occupancy=[ 0.984 ] active_warps=[ 504000 ] active_cycles=[ 10000 ]' \
	>"$tmp/k40.log"
json 0 "$tmp/k40.log"
has kernels.0.occupancy.theoretical_occupancy_pct 98.4375
has kernels.0.report.profiler.theoretical_occupancy_pct 98.4
has kernels.0.report.achieved_occupancy_pct 78.75
has kernels.0.report.crosscheck.compared 1
if grep -q 'crosscheck.disagreements.0' "$tmp/flat"; then bad "k40.log: a disagreement"; else ok; fi
expect 0 "agrees with the CUDA profiler on 1 value" -- --print "$tmp/k40.log"

# --print shows the achieved occupancy a report measured, as JSON has it
# (line 42 of the pooling file: 23.90).
expect 0 "Achieved occupancy       23.9%         (measured)" -- --details \
	"$N/opinsight_a100_cc80_ncu2022_details_pooling_full_240k.csv"

# nvprof's metrics joined to its GPU trace (magus shfl_scan, GTX 1080 Ti): the
# third launch, uniform_add, gets its one invocation's 0.609497; the two
# shfl_scan_test launches are not joined (0.124191 to 0.725415, an average).
json 0 "$V/magus_gtx1080ti_nvprof_print_gpu_trace_csv_shflscan.csv" \
	"$V/magus_gtx1080ti_nvprof_metrics_all_csv_shflscan_TRUNCATED.csv"
kernels 5
has kernels.2.name '"uniform_add"'
has kernels.2.report.achieved_occupancy_pct 60.9497
has kernels.2.report.achieved_occupancy_from \
	"\"$V/magus_gtx1080ti_nvprof_metrics_all_csv_shflscan_TRUNCATED.csv\""
has kernels.0.report.achieved_occupancy_pct null
stderr "joined 3 of 4 kernels of .*shflscan_TRUNCATED.csv to .*csv_shflscan.csv by kernel name and invocation"
stderr "shfl_scan_test not joined: 2 invocations measured from 12.4% to 72.5%"
# A trace on standard input is read once: nothing to count, nothing joined,
# the metrics shown as their own records (no launch: 65).
"$OCCVIEW" --format csv - "$V/magus_gtx1080ti_nvprof_metrics_all_csv_shflscan_TRUNCATED.csv" \
	<"$V/magus_gtx1080ti_nvprof_print_gpu_trace_csv_shflscan.csv" >"$tmp/csv" 2>"$tmp/err"
if [ "$(grep -c '^' "$tmp/csv")" -eq 10 ] && ! grep -q joined "$tmp/err"; then ok; else
	bad "trace on stdin: want 9 rows and no join"; head -3 "$tmp/err"; fi

# Profiler output that holds no kernels says what it is, and only that.
expect 65 'line 3 says "==ERROR== The application returned an error code (1)."' -- \
	--print "$N/constructed_ncu_raw_EMPTY_error_only.csv"
if grep -q "as a launch file" "$tmp/out"; then bad "EMPTY_error_only: the launch reader spoke"; else ok; fi
expect 65 "Nsight Compute's text output" -- \
	--print "$N/constructed_ncu_print_summary_per_kernel_cc89.txt"
expect 65 "load the --print-gpu-trace --csv output" -- \
	--print "$V/constructed_nvprof_print_gpu_summary_um.csv"

# --- Other outputs print every record --------------------------------------

"$OCCVIEW" --format csv --gpu mi300x "$R/omniperf_tests_mi300x_rocprofv2style_timestamps.csv" \
	>"$tmp/csv" 2>/dev/null
if [ "$(grep -c '^vecCopy,Instinct MI300X,gfx942,304,4096,256,4,' "$tmp/csv")" -eq 3 ]; then ok; else
	bad "CSV: want 3 vecCopy rows"; head -3 "$tmp/csv"; fi
expect 0 "Kernel  vecCopy" -- --details --gpu mi300x "$R/omniperf_tests_mi300x_rocprofv2style_timestamps.csv"

# --- Text by job: the summary table, --record, --details ---------------------
# The constructed decode_b1 raw page (16 kernels on a B200): a line per record
# with Nsight Compute's own figures for it: ID 0 grid 148, block 128, 48
# registers, 6144 B dynamic shared memory, sm__maximum_warps_per_active_cycle_pct
# 62.50, launch__waves_per_multiprocessor 0.10; ID 1 grid 192, 64 registers,
# 12288 B, 50 and 0.16; the sum of gpu__time_duration.sum over the 16 rows is
# 244448 ns.
FI=$N/constructed_ncu_raw_page_b200_cc100_decode_b1.csv
expect 0 "^ *id count cc  *grid block regs  *smem theory  achvd limiter  *waves top finding  *kernel$" -- \
	--print "$FI"
expect 0 "^ *0  *1 10.0  *148  *128  *48  *6144  62.5%  *n/a registers  *0.10 .* void merge_attention_states_kernel<8, 128, __nv_bfloat16>(const T3 \*, const float \*, T3 \*, float \*, unsigned int, unsigned int)$" -- \
	--print "$FI"
expect 0 "^ *1  *1 10.0  *192  *128  *64  *12288  50.0%  *n/a registers  *0.16 .* void paged_decode_attention_kernel<2, 8, 16, 64, __nv_bfloat16>(DecodeParams)$" -- \
	--print "$FI"
expect 0 "^16 kernel records in 16 lines$" -- --print "$FI"
expect 0 "^duration: 244.4 us in all, of 16 records that measured it$" -- --print "$FI"
"$OCCVIEW" --print "$FI" >"$tmp/out" 2>&1
if grep -q "^+- Occupancy" "$tmp/out"; then bad "the summary has panes"; else ok; fi
# A run of identical launches is one line with its count: the gunrock rocprof
# file's 13 dispatches are 10 runs of the same KernelName, grd, wgr, lds, scr,
# arch_vgpr, accum_vgpr and sgpr (dispatches 0-2 and 4-5 each one run; 6 is
# another thrust kernel with the same short name).
"$OCCVIEW" --print --gpu mi300x "$R/gunrock_mi300_rocprofv1_results_TRUNCATED.csv" >"$tmp/out" 2>&1
if grep -q "^13 kernel records in 10 lines$" "$tmp/out"; then ok; else
	bad "gunrock: want 13 records in 10 lines:"; tail -6 "$tmp/out"; fi
for run in "0 3 gfx942 304 512" "3 1 gfx942 1 512" "4 2 gfx942 4453 256" "6 1 gfx942 4453 256"; do
	set -- $run
	if grep -q "^ *$1  *$2 $3  *$4  *$5 " "$tmp/out"; then ok; else bad "gunrock: no line $run"; fi
done
# --record: the panes of the records named, in the report's order; an id no
# record has is a usage error after the others are written.
"$OCCVIEW" --record 1,0 "$FI" >"$tmp/out" 2>&1; got=$?
what="occview --record 1,0"
check 0 "^|Kernel  paged_decode_attention_kernel"
if [ "$(grep -c '^+- Occupancy -' "$tmp/out")" -eq 2 ] &&
   [ "$(grep -n 'Kernel  merge_attention' "$tmp/out" | cut -d: -f1)" -lt \
     "$(grep -n 'Kernel  paged_decode' "$tmp/out" | cut -d: -f1)" ]; then ok; else
	bad "--record 1,0: want records 0 then 1"; fi
expect 64 "no record has id 99" -- --record 3,99 "$FI"
expect 64 "^occview: --record: expected a whole number" -- --record 3,,x "$FI"
json 0 "$FI" --record 5
kernels 1
# --details: every record's panes, as --print wrote them before
"$OCCVIEW" --details "$FI" >"$tmp/out" 2>&1
if [ "$(grep -c '^+- Occupancy -' "$tmp/out")" -eq 16 ]; then ok; else bad "--details: want 16 tables"; fi
# A report of one record, or one launch: the panes, as before.
expect 0 "^|Kernel  scalarProdGPU on GeForce GTX 1080 Ti" -- --print \
	"$TESTDATA/nvprof/magus_gtx1080ti_nvprof_print_gpu_trace_csv_scalarProd.csv"
expect 0 "^|Kernel  register_tiling on Tesla T4" -- --print "$TESTDATA/launch_t4.occ"

# --- Errors -------------------------------------------------------------------

# An AMD report on an NVIDIA GPU: each record refused, a usage error.
expect 64 "CPF.csv:2: gpu: an AMD kernel record cannot run on --gpu" -- --format json --gpu H100 \
	"$R/omniperf_tests_mi100_pmc_perf_ipblocks_CPF.csv"
expect 64 'unknown GPU "nosuch"' -- --format json --gpu nosuch "$R/omniperf_tests_mi100_pmc_perf_ipblocks_CPF.csv"

# A row the importer rejects: warned with file and line, the rest shown, 65.
sed '3s/,4,4,16,64,/,-4,4,16,64,/' "$R/omniperf_tests_mi300x_rocprofv2style_timestamps.csv" >"$tmp/rej.csv"
json 65 "$tmp/rej.csv" --gpu mi300x
kernels 2
has kernels.1.error null
stderr "rej.csv:3: Arch_VGPR"
stderr "1 row rejected; the other kernel records are shown"

# A field that does not change occupancy and cannot be read (line 2's and 3's
# Start_Timestamp) is left absent and said once, with the first in full; the
# rows stay (line 4: 716380685231332 - 716380685217852 = 13480 ns), and so
# does the exit status.
sed '2s/,716380685145736,/,soon,/; 3s/,716380685184013,/,later,/' \
	"$R/omniperf_tests_mi300x_rocprofv2style_timestamps.csv" >"$tmp/ts.csv"
json 0 "$tmp/ts.csv" --gpu mi300x
kernels 3
has kernels.0.report.duration_ns null
has kernels.2.report.duration_ns 13480.0
stderr 'ts.csv:2: Start_Timestamp: "soon" is not a number of 0 or more: left absent (n/a)'
stderr "ts.csv: 2 fields in all left absent; their records are shown"
if [ "$(grep -c 'left absent' "$tmp/err")" -eq 2 ]; then ok; else
	bad "want the first dropped field and the count only:"; sed 's/^/  | /' "$tmp/err"; fi

# A CSV that is neither: both readers say why.
printf 'alpha,beta,gamma\n1,2,3\n' >"$tmp/other.csv"
expect 65 "neither a launch file or list nor a profiler report" -- --print "$tmp/other.csv"
expect 65 "as a launch file or list: .*other.csv:1: grid_size: missing column" -- --print "$tmp/other.csv"
expect 65 "as a profiler report: .*no profiler table occview knows" -- --print "$tmp/other.csv"

# Launch files are read first: a comment shaped like a rocprof header does not
# make a launch file a report.
printf '# Index,KernelName,grd,wgr\nkernel = mine\ngpu = mi300x\nblock = 256\nregisters = 16\n' \
	>"$tmp/launch.occ"
expect 0 "Kernel  mine" -- --print "$tmp/launch.occ"
# A launch file with a typo gets the launch reader's message only.
printf 'gpu = mi300x\nblok = 256\n' >"$tmp/typo.occ"
expect 65 "typo.occ:2: blok: unknown key" -- --print "$tmp/typo.occ"
if grep -q "profiler report" "$tmp/out"; then bad "report message for a launch file"; else ok; fi

# Is occupancy the problem? The schedulers' figures answer it, beside the
# profiler's own rules in its words. The Blackwell metrics file gives the
# IssueSlotUtilization rule's figures (every 6.1 cycles, 1.83 active and 0.19
# eligible warps of 12) but not the launch's registers and shared memory.
f=$TESTDATA/ncu/llmperfopt_blackwell_cc120_ncu2025_metrics_na_kernel0003.csv
done_launch="--registers 64 --shared-mem 0 --dynamic-shared-mem 0"
# shellcheck disable=SC2086
expect 0 "Schedulers idle for want of warps: raising occupancy can help" -- --print --width 120 $done_launch "$f"
expect 0 "issued an instruction every 6.1 cycles (16% of its issue slots" -- --print --width 120 $done_launch "$f"
expect 0 "held 1.83 active warps on average" -- --print --width 120 $done_launch "$f"
expect 0 "Nsight Compute's rule IssueSlotUtilization (OPT, est. local speedup 38.17%)" -- --print --width 120 $done_launch "$f"
expect 0 "Nsight Compute's rule TheoreticalOccupancy (OPT, est. global speedup 38.17%)" -- --print --width 120 $done_launch "$f"
# shellcheck disable=SC2086
json 0 "$f" --print $done_launch
has kernels.0.report.schedulers.active_warps_per_scheduler 1.83
has kernels.0.report.schedulers.eligible_warps_per_scheduler 0.19
has kernels.0.report.schedulers.max_warps_per_scheduler 12.0
has kernels.0.report.schedulers.sm_throughput_pct 41.49
has kernels.0.report.profiler_rules.2.name '"IssueSlotUtilization"'
has kernels.0.report.profiler_rules.2.speedup_pct 38.17
has kernels.0.report.profiler_rules.3.speedup_type '"global"'
# A what-if drops them with the rest of the measurement.
# shellcheck disable=SC2086
json 0 "$f" --print $done_launch --block-size 256
has kernels.0.report.schedulers null
# nvprof: the GTX 1080 Ti trace joined with its metrics; issue_slot_utilization
# 9.91 % at 100 % theoretical occupancy.
expect 0 "Schedulers idle, and occupancy is at its maximum" -- --print --width 120 \
	"$TESTDATA/nvprof/magus_gtx1080ti_nvprof_print_gpu_trace_csv_scalarProd.csv" \
	"$TESTDATA/nvprof/magus_gtx1080ti_nvprof_metrics_all_csv_scalarProd_TRUNCATED.csv"
expect 0 "every 10.1 cycles (10% of its issue slots" -- --print --width 120 \
	"$TESTDATA/nvprof/magus_gtx1080ti_nvprof_print_gpu_trace_csv_scalarProd.csv" \
	"$TESTDATA/nvprof/magus_gtx1080ti_nvprof_metrics_all_csv_scalarProd_TRUNCATED.csv"
# CodeXL / Radeon Compute Profiler occupancy files (tests/data/codexl).
# constructed_rcp55_gfx900, line 7: reduce, work-group 256, global 1048576 ->
# 4096 work-groups, 32 VGPRs, 24 SGPRs, LDS 4096 on "gfx900" with 64 CUs;
# AMD's figures: waves per CU limited by VGPRs 32, SGPRs 40, LDS 40,
# work-groups 40, occupancy 80: every one agrees. Line 9 (tile_192) differs in
# one: CodeXL's SGPR rule gives 27 waves, LLVM's 30.
X=$TESTDATA/codexl
json 0 "$X/constructed_rcp55_gfx900.occupancy"
kernels 3
first 4096 1 1 256 1 1 32 4096
has kernels.0.report.profiler.name '"codexl"'
has kernels.0.report.profiler.theoretical_occupancy_pct 80.0
has kernels.0.report.profiler.waves_limited_by_vgpr 32
has kernels.0.report.profiler.waves_limited_by_workgroup 40
has kernels.0.report.crosscheck.compared 5
has kernels.2.report.crosscheck.disagreements.0.field '"waves_limited_by_sgpr"'
has kernels.2.report.crosscheck.disagreements.0.report 27.0
has kernels.2.report.crosscheck.disagreements.0.occview 30.0
stderr 'names the device "gfx900", which the GPU database does not know'
expect 0 "agrees with CodeXL on 5 values" -- --print --kernel reduce \
	"$X/constructed_rcp55_gfx900.occupancy"
# The limits table's report column: CodeXL's waves per CU beside occview's.
expect 0 "VGPRs          8    8     32     128 vgpr" -- --print --kernel reduce \
	"$X/constructed_rcp55_gfx900.occupancy"
expect 0 "Waves per CU                9 of 40    (report 22.50%)" -- --print --kernel tile_192 \
	"$X/constructed_rcp55_gfx900.occupancy"
expect 0 "CodeXL disagrees: Nbr SGPR-limited waves 27, occview 30" -- --print \
	--kernel tile_192 "$X/constructed_rcp55_gfx900.occupancy"
"$OCCVIEW" --format csv "$X/constructed_rcp55_gfx900.occupancy" >"$tmp/csv" 2>/dev/null
if grep -q '^reduce,.*,32,40,40,40,' "$tmp/csv"; then ok; else
	bad "codexl csv: no profiler_waves_limited_by_* columns: $(sed -n 2p "$tmp/csv")"; fi
# RCP 5.2's layout on Hawaii (constructed: CodeXL issue #187's file has no
# licence): LLVM's gfx701 with the file's 44 CUs. The figures RCP's
# formulas give (gauss_rows 28, 36, 40, 40 waves, 70 %; hist_local's 90
# SGPRs 20 waves, 16000 B of LDS 4, 10 %) agree with occview's on all five.
json 0 "$X/constructed_rcp52_hawaii.occupancy"
kernels 5
has kernels.0.report.profiler.waves_limited_by_sgpr 36
has kernels.0.report.profiler.theoretical_occupancy_pct 70.0
has kernels.2.report.profiler.waves_limited_by_sgpr 20
has kernels.2.report.profiler.waves_limited_by_lds 4
has kernels.4.report.crosscheck.compared 5
has kernels.4.gpu.arch '"gfx701"'
stderr 'names the device "Hawaii", which the GPU database does not know; using the limits of its architecture (gfx701) with the report.s 44 CUs'
expect 0 "agrees with CodeXL on 5 values" -- --details --kernel hist_local \
	"$X/constructed_rcp52_hawaii.occupancy"
# The occupancy display file of RCP's documentation: Capeverde, gfx601 (32 KiB
# of LDS per CU, as LLVM and the file's MaxLDS say), 10 CUs: agrees too.
json 0 "$X/rcp_docs_configfiles_capeverde_occupancy_display.txt"
kernels 1
has kernels.0.report.profiler.waves_limited_by_lds 32
has kernels.0.report.device '"Capeverde"'
has kernels.0.report.crosscheck.compared 5
printf 'KernelName=k\nDeviceName=gfx900\nWavefrontSize=64\nWorkGroupSize=256\nUsedVGPRs=8\nUsedSGPRs=16\nUsedLDS=0\nOccupancy=100\n' \
	>"$tmp/nodisp.txt"
expect 65 "nodisp.txt:8: GlobalWorkSize: missing: no launch can be read" -- --print "$tmp/nodisp.txt"

# --gpu A,B,...: the launch on each GPU, as --gpu with that GPU alone gives
# it: JSON a kernel object per GPU, CSV a row per GPU, text a column per GPU.
L=$TESTDATA/launch_t4.occ
json 0 "$L" --print --gpu H100,A100,MI300X --carveout 50
kernels 3
has kernels.0.gpu.name '"NVIDIA H100 80GB HBM3"'
has kernels.1.gpu.name '"NVIDIA A100-SXM4-40GB"'
has kernels.2.gpu.name '"Instinct MI300X"'
has kernels.2.not_applicable.0 '"shared_mem_carveout_pct"'
grep -q '^kernels\.[01]\.not_applicable' "$tmp/flat" && bad "$what: not_applicable on an NVIDIA GPU" || ok
cp "$tmp/flat" "$tmp/list"
i=0
for g in H100 A100 MI300X; do
	[ "$g" = MI300X ] && carve= || carve="--carveout 50"
	# shellcheck disable=SC2086
	json 0 "$L" --print --gpu "$g" $carve
	for k in occupancy.active_blocks_per_sm occupancy.active_warps_per_sm \
		occupancy.theoretical_occupancy_pct occupancy.limiting_factors.0 \
		waves.waves_per_sm launch.registers_per_thread; do
		one=$(grep "^kernels\.0\.$k=" "$tmp/flat")
		side=$(grep "^kernels\.$i\.$k=" "$tmp/list" | sed "s/^kernels\.$i\./kernels.0./")
		if [ -n "$one" ] && [ "$one" = "$side" ]; then ok; else
			bad "--gpu H100,A100,MI300X: $g's $k is \"$side\", alone \"$one\""
		fi
	done
	i=$((i + 1))
done
# A report's NVIDIA record on A100 and MI300X: the MI300X is refused for it,
# as a lone --gpu MI300X refuses it, and its element still names the GPU.
json 64 "$TESTDATA/ncu/opinsight_a100_cc80_ncu2022_details_pooling_full_240k.csv" \
	--gpu A100,MI300X --kernel at::native::reduce_kernel
kernels 48
has kernels.0.occupancy.theoretical_occupancy_pct 100.0
has kernels.1.gpu.name '"Instinct MI300X"'
has kernels.1.occupancy null
expect 64 "unknown GPU \"Z9\"" -- --print --gpu H100,Z9
expect 64 "MI300X is an AMD GPU" -- --print --gpu MI300X --carveout 50
expect 0 "^|limiter             registers          registers, shared  LDS" -- \
	--print --gpu H100,A100,MI300X "$L"
expect 0 "^|not applicable      -                  -                  carveout" -- \
	--print --gpu H100,A100,MI300X --carveout 50 "$L"
"$OCCVIEW" --format csv --gpu H100,A100,MI300X "$L" >"$tmp/csv" 2>"$tmp/err"
if [ "$(wc -l <"$tmp/csv")" -eq 4 ] && [ "$(cut -d, -f2 "$tmp/csv" | tr '\n' ' ')" = \
	"gpu NVIDIA H100 80GB HBM3 NVIDIA A100-SXM4-40GB Instinct MI300X " ]; then ok; else
	bad "--format csv --gpu H100,A100,MI300X: $(cat "$tmp/csv" "$tmp/err")"
fi

# --compare I,J on the A100 pooling report: records 0 (reduce_kernel, 100 %
# theoretical in Nsight Compute's own figures, 23.9 % achieved) and 1
# (adaptive_average_pool, 75 %, 8.19 % achieved), the deltas the second minus
# the first.
P=$TESTDATA/ncu/opinsight_a100_cc80_ncu2022_details_pooling_full_240k.csv
json 0 "$P" --compare 0,1
kernels 2
has kernels.0.report.profiler.theoretical_occupancy_pct 100.0
has kernels.1.report.profiler.theoretical_occupancy_pct 75.0
has kernels.0.occupancy.theoretical_occupancy_pct 100.0
has kernels.1.occupancy.theoretical_occupancy_pct 75.0
has kernels.0.report.achieved_occupancy_pct 23.9
has kernels.1.report.achieved_occupancy_pct 8.19
has comparison.ids.0 0
has comparison.ids.1 1
has comparison.theoretical_occupancy_pct -25.0
has comparison.active_warps_per_sm -16
has comparison.active_blocks_per_sm 2
has comparison.block_limits.registers 2
has comparison.block_limits.barriers null
has comparison.limiter_changed true
has comparison.achieved_occupancy_pct -15.71
# the same record twice: nothing changed
json 0 "$P" --compare 1,1
has comparison.theoretical_occupancy_pct 0.0
has comparison.limiter_changed false
has comparison.achieved_occupancy_pct 0.0
expect 0 "^|occupancy           100.0%                  75.0%                   -25.0" -- \
	--compare 0,1 "$P"
expect 0 "^|achieved            23.9% (measured)        8.2% (measured)         -15.7" -- \
	--compare 0,1 "$P"
# golden: the comparison table at 80 and 200 columns (each record's panes
# after it are the print mode's own, golden elsewhere)
for width in 80 200; do
	g=$TESTDATA/golden/compare_pooling_$width.txt
	"$OCCVIEW" --compare 0,1 --width $width "$P" 2>/dev/null | sed '/^$/,$d' >"$tmp/table"
	if [ -n "${OCCVIEW_UPDATE_GOLDEN:-}" ]; then cp "$tmp/table" "$g"; fi
	if cmp -s "$tmp/table" "$g"; then ok; else
		bad "--compare 0,1 --width $width differs from $g:"; diff "$g" "$tmp/table" | head -20
	fi
done
expect 64 "no record has the id 240" -- --compare 0,240 "$P"
expect 64 "expected two record ids" -- --compare 3 "$P"
expect 64 "name the report" -- --compare 0,1

# Shared memory a record does not give is missing, not zero: null in JSON,
# empty in CSV (the GTX 1070 metrics file has no launch at all); what the
# user gives is written.
AFFINE=$TESTDATA/nvprof/constructed_nvprof_metrics_text_gtx1070.profile
what="occview --format json (no shared memory)"
"$OCCVIEW" --format json "$AFFINE" >"$tmp/out" 2>/dev/null; got=$?
check 65 '"static_shared_mem_bytes": null,'
check 65 '"dynamic_shared_mem_bytes": null,'
what="occview --format csv (no shared memory)"
"$OCCVIEW" --format csv "$AFFINE" >"$tmp/out" 2>/dev/null; got=$?
check 65 '^gridkit::transform_kernel,GeForce GTX 1070,6.1,15,,,,,,'
what="occview --format json --shared-mem 1000 (no launch)"
"$OCCVIEW" --format json --shared-mem 1000 "$AFFINE" >"$tmp/out" 2>/dev/null; got=$?
check 65 '"static_shared_mem_bytes": 1000,'

# A record's id is the same everywhere: the browser's id column, --compare's
# I,J, JSON's record_id and CSV's last column. Nsight Compute's own IDs
# start at 0 (the A100 pooling file: ID 19 is its 20th kernel, line 21 of
# the CSV with the header); a CUDA profiler log has none: the position from 1.
POOL=$TESTDATA/ncu/opinsight_a100_cc80_ncu2022_details_pooling_full_240k.csv
STENCIL=$TESTDATA/nvprof/constructed_cudaprof_m2090_kv_cuda_profile_0.log
what="occview --compare 19,20 --format json (record_id)"
"$OCCVIEW" --compare 19,20 --format json "$POOL" 2>/dev/null | grep '"record_id"' | tr -d ' \n' >"$tmp/out"; got=0
check 0 '^"record_id":19,"record_id":20,$'
what="occview --format csv (record_id)"
"$OCCVIEW" --format csv "$POOL" 2>/dev/null | sed -n 21p >"$tmp/out"; got=0
check 0 '^at::native::<unnamed>::adaptive_average_pool,.*,19,true,,,$'
what="occview --compare 2,3 --format json (record_id, no profiler ids)"
"$OCCVIEW" --compare 2,3 --format json "$STENCIL" 2>/dev/null | grep '"record_id"' | tr -d ' \n' >"$tmp/out"; got=0
check 0 '^"record_id":2,"record_id":3,$'

# --gpu H100 on the A100 report: a what-if of the measured launch. What
# was measured on the A100 (its 23.90 % achieved occupancy, line 42; the
# profiler's limits; the driver's 16 KB configuration) is not this launch's:
# JSON and CSV leave it out and say what was dropped.
what="occview --format json --gpu H100 (measured facts dropped)"
"$OCCVIEW" --format json --gpu H100 "$POOL" 2>/dev/null | sed -n '/"record_id": 0,/,/"record_id": 1,/p' >"$tmp/out"; got=0
check 0 '"achieved_occupancy_pct": null,'
check 0 '"launch_as_measured": false,'
check 0 '"profiler": null,'
what="occview --format csv --gpu H100 (measured facts dropped)"
"$OCCVIEW" --format csv --gpu H100 "$POOL" 2>/dev/null | sed -n 2p >"$tmp/out"; got=0
check 0 ',0,false,shared_mem_config;crosscheck;measured,,$'
if grep -q ',23\.90,' "$tmp/out"; then bad "$what: the A100's achieved 23.90 is in the row"; else ok; fi
what="occview --format csv (the launch as measured)"
"$OCCVIEW" --format csv "$POOL" 2>/dev/null | sed -n 2p >"$tmp/out"; got=0
check 0 ',23\.90,'

# Beside the profiler's figure, occview's has its two decimals: 40 of 64
# warps is 62.50 %, the constructed B200 file's
# sm__maximum_warps_per_active_cycle_pct for its merge_attention_states_kernel
# records; one decimal had printed 62.5 beside it.
what="occview --print (theoretical beside the report's)"
"$OCCVIEW" --print --record 0 "$TESTDATA/ncu/constructed_ncu_raw_page_b200_cc100_decode_b1.csv" \
	>"$tmp/out" 2>/dev/null; got=$?
check 0 "Theoretical occupancy   62\.50%         (report 62\.50%)"

# A metrics-only file lacks every kernel's launch: the refusal names the
# way to a report that has them before one launch's flags.
expect 65 "give nvprof --print-gpu-trace --csv of the same run beside this file (matched by kernel name); for one launch, give --grid N" \
	-- --print "$AFFINE"
expect 65 "collect them with ncu --csv --section LaunchStats --section Occupancy; for one launch, give --registers N" \
	-- --print "$TESTDATA/ncu/roofline_profiler_rtx5070_cc120_ncu2026_windows_bom_crlf_saxpy.csv"
expect 65 "add gridsize, threadblocksize, regperthread, stasmemperblock and dynsmemperblock to the profiler's COMPUTE_PROFILE_CONFIG file; for one launch, give --grid N" \
	-- --print "$STENCIL"

# Ten nvprof runs appended to one file (>> in a loop): --print says so, and
# each run's 4 kernels are records of their own, numbered by run in JSON.
RUNS10=$TESTDATA/nvprof/constructed_nvprof_metrics_text_sm_efficiency_10runs.txt
expect 65 "holds 10 profiler runs (outputs appended one after another" -- --print "$RUNS10"
what="occview --format json (10 runs)"
"$OCCVIEW" --format json "$RUNS10" 2>/dev/null | grep -c '"run": 10,' >"$tmp/out"; got=0
check 0 "^4$"

# --- Compiled binaries (tests/data/cubin, tools/gen_cubins.sh) -----------------

B=$TESTDATA/cubin
# kernel_at MANGLED: the index of the last json run's kernel of that name.
kernel_at() {
	grep -F -- ".binary.mangled_name=\"$1\"" "$tmp/flat" | head -1 | cut -d. -f2
}
# kernels_zstd.o holds 12 architectures of kernels.cu's 22 kernels; on an
# H100 (9.0) the sm_90 cubins are read, and the others named.
json 0 "$B/kernels_zstd.o" --gpu H100
kernels 22
stderr "sm_90's cubins, the ones NVIDIA H100 80GB HBM3 (9.0) runs (also in the file: sm_75, sm_80"
# kernels_zstd.log: "Compiling entry function '_Z7boundedILi256ELi2EEvPfPKf'
# for 'sm_90'", "Used 84 registers, used 0 barriers"; __launch_bounds__(256, 2)
# bounds the block, the grid and dynamic shared memory are assumed.
k=$(kernel_at _Z7boundedILi256ELi2EEvPfPKf)
has "kernels.$k.name" '"bounded<256, 2>"'
has "kernels.$k.binary.full_name" '"void bounded<256, 2>(float*, float const*)"'
has "kernels.$k.binary.arch" '"sm_90"'
has "kernels.$k.binary.compression" '"zstd"'
has "kernels.$k.launch.registers_per_thread" 84
has "kernels.$k.launch.threads_per_block" 256
has "kernels.$k.binary.max_threads.0" 256
has "kernels.$k.binary.assumed.0" '"grid_size"'
has "kernels.$k.binary.assumed.1" '"dynamic_shared_mem_bytes"'
has "kernels.$k.error" null
# Without --gpu every architecture's kernels, each on the database's device
# for it; CUDA 13's sm_88 has none, which its 22 records say (not that they
# lack a launch, which a known GPU would give them).
json 65 "$B/kernels_zstd.o"
kernels 264
stderr "compute capability 8.8, and the GPU database has no device of it"
# No cubin for an A100 (8.0) in cluster.o (sm_90, sm_100, sm_120): all shown,
# and since its kernels' clusters are their launches', none of them runs
# there: each says why (exit 65, as for any record that cannot be analysed).
json 65 "$B/cluster.o" --gpu A100
kernels 9
stderr "no cubin an NVIDIA A100-SXM4-40GB (8.0) runs, every one is newer"
stderr "cluster_size: Ampere (cc 8.0) has no thread-block clusters"
# cluster.cu's square has __cluster_dims__(2, 2, 1): clusters of 4 blocks
# (cluster.log: 8 registers, 3 barriers; no bound, so the block with the most
# resident threads, 1024). The launch is the cluster one, as loaded (no
# "what-if of the measured launch": the cluster was dropped to 0 before), and
# its figures are those of the same launch given by flags.
json 0 "$B/cluster.o" --gpu "H100 PCIe"
k=$(kernel_at _Z6squarePf)
has "kernels.$k.launch.cluster_size" 4
has "kernels.$k.launch.threads_per_block" 1024
has "kernels.$k.launch.barriers" 3
has "kernels.$k.report.launch_as_measured" true
has "kernels.$k.report.changed" "[]"
grid=$(grep -F "kernels.$k.launch.grid_size=" "$tmp/flat" | cut -d= -f2)
grep -E "^kernels\.$k\.occupancy\.(max_active_clusters|cluster_occupancy_pct|active_blocks_per_sm)=" \
	"$tmp/flat" | sed "s/^kernels\.$k\.//" >"$tmp/from_binary"
"$OCCVIEW" --format json --gpu "H100 PCIe" --block-size 1024 --registers 8 --barriers 3 \
	--cluster-size 4 --grid "$grid" >"$tmp/json" 2>/dev/null
flatten <"$tmp/json" | grep -E "^kernels\.0\.occupancy\.(max_active_clusters|cluster_occupancy_pct|active_blocks_per_sm)=" |
	sed "s/^kernels\.0\.//" >"$tmp/from_flags"
what="cluster.o square: the cluster launch's figures"
if [ -s "$tmp/from_flags" ] && grep -q max_active_clusters "$tmp/from_flags" &&
	cmp -s "$tmp/from_binary" "$tmp/from_flags"; then ok; else
	bad "$what: $(tr '\n' ' ' <"$tmp/from_binary") vs flags: $(tr '\n' ' ' <"$tmp/from_flags")"
fi
# The assumed grid is whole clusters: as many as the GPU holds at once.
clusters=$(grep -F "max_active_clusters=" "$tmp/from_binary" | cut -d= -f2)
[ "$grid" -eq $((clusters * 4)) ] && ok || bad "$what: grid $grid, want $clusters clusters of 4"
# An RTX 5090 (12.0) runs sm_120 of kernels_lz4.o's sm_80 and sm_100? No:
# neither is of its major, so sm_100's, the nearest older, with the caveat.
json 0 "$B/kernels_lz4.o" --gpu RTX5090
kernels 22
stderr "sm_100's, the nearest older, are shown, but the driver would compile the PTX"
# ptxas's own log of the same compilation reads as a report.
json 0 "$B/reqntid_sm90.log"
kernels 2
has kernels.0.binary.container '"ptxas log"'
has kernels.0.launch.registers_per_thread 8
# Not CUDA, and cut short.
expect 65 "an ELF file with no CUDA code" -- --print "$OCCVIEW"
head -c 3000 "$B/kernels_lz4.o" >"$tmp/cut.o"
expect 65 "an ELF file cut short: its section headers (at byte offset" -- --print "$tmp/cut.o"

# --- AMD GPU binaries (tests/data/amdgpu, tools/gen_amd_objects.sh) -----------

A=$TESTDATA/amdgpu
# attr NAME: the flattened path of the last json run's first kernel's
# metadata key NAME in its binary object.
attr() {
	grep -F -- "=\"$1\"" "$tmp/flat" | grep '^kernels\.0\.binary\.attributes\.[0-9]*\.name=' |
		head -1 | sed 's/\.name=.*//'
}
# reqd.cl's kernel requires a 16x8x1 workgroup (reqd_gfx90a.notes:
# .reqd_workgroup_size 16, 8, 1): occupancy at it, no --grid needed (it said
# "give --grid N" before). clang's remark (reqd_gfx90a.remarks line 9):
# 8 waves per SIMD; x 4 SIMDs = 32 waves per CU, 2 waves (wave64) per
# 128-work-item workgroup = 16 workgroups per CU; one full wave on an MI250X
# GCD's 110 CUs (data/amd_devices.csv line 8) is 1760 workgroups, assumed.
json 0 "$A/reqd_gfx90a.co" --gpu MI250X
has kernels.0.error null
has kernels.0.launch.block.0 16
has kernels.0.launch.block.1 8
has kernels.0.occupancy.active_blocks_per_sm 16
has kernels.0.launch.grid_size 1760
has kernels.0.binary.assumed.0 '"grid_size"'
has kernels.0.binary.assumed.1 '"dynamic_shared_mem_bytes"'
# The binary object, as for a cubin: where, the target, every key read.
has kernels.0.binary.container '"code object"'
has kernels.0.binary.arch '"gfx90a"'
has kernels.0.binary.target '"amdgcn-amd-amdhsa--gfx90a"'
has kernels.0.binary.offset 0
has kernels.0.binary.mangled_name null
has kernels.0.binary.required_block.0 16
has kernels.0.binary.max_threads.0 128
k=$(attr .vgpr_count)
has "$k.value" 6
has "$k.used" true
k=$(attr .language)
has "$k.value" '"OpenCL C"'
has "$k.used" false
k=$(attr .args)
has "$k.value" null
has "$k.items" 2
# clang's remarks of the same kernel name no workgroup: the one with the most
# resident work-items is assumed (1024, 2 per CU, test_session_binary.c),
# said so, where it said "give --grid N --block-size N" before; the remark's
# own "Occupancy [waves/SIMD]: 8" (reqd_gfx90a.remarks line 9).
json 0 "$A/reqd_gfx90a.remarks" --gpu MI250X
has kernels.0.error null
has kernels.0.launch.block.0 1024
has kernels.0.launch.grid_size 220
has kernels.0.occupancy.active_blocks_per_sm 2
has kernels.0.binary.container '"clang remarks"'
has kernels.0.binary.assumed.0 '"grid_size"'
has kernels.0.binary.assumed.1 '"block_size"'
has kernels.0.binary.stack_frame_bytes 0
expect 0 "most resident work-items (no bound in the compiler's" -- --print --ascii --width 100 --gpu MI250X \
	"$A/reqd_gfx90a.remarks"
# A wave32 kernel on a wave64-only GPU (an MI100, gfx908: data/amd_archs.csv)
# cannot run there: said, exit 65 as for a cubin with clusters on an A100;
# it said "give --grid N" before.
expect 65 "Instinct MI100 (gfx908) runs wave64 only: this wave32 kernel for gfx1100 cannot run there" \
	-- --print --gpu MI100 --kernel spill_kernel "$A/kernels_gfx1100.co"
json 65 "$A/kernels_gfx1100.co" --gpu MI100
has kernels.0.occupancy null
has kernels.0.error '"'"$A"'/kernels_gfx1100.co: wave_size: Instinct MI100 (gfx908) runs wave64 only: this wave32 kernel for gfx1100 cannot run there (a code object runs only on its own target)"'
# A grid given: only dynamic LDS is assumed.
json 0 "$A/reqd_gfx90a.co" --gpu MI250X --grid 100
has kernels.0.launch.grid_size 100
has kernels.0.binary.assumed.0 '"dynamic_shared_mem_bytes"'
# kernels.hip's acc_kernel<8> is bounded to 256 work-items
# (kernels_gfx90a.notes: .max_flat_workgroup_size 256): its block; every
# kernel of the object is analysed (exit 0; 65 before, for want of a grid).
json 0 "$A/kernels_gfx90a.co" --gpu MI250X
kernels 11
has kernels.0.launch.threads_per_block 256
has kernels.0.binary.mangled_name '"_Z10acc_kernelILi8EEvPfPKfi"'
has kernels.0.binary.full_name '"void acc_kernel<8>(float*, float const*, int)"'
# A bundle of gfx90a and gfx1100 code objects (11 kernels and 10; agpr_kernel
# is CDNA's only): --gpu
# keeps the target the GPU runs, else the nearest older, said; none older
# (MI100, gfx908): all, said.
json 0 "$A/bundle_gfx90a_gfx1100.hipfb" --gpu MI250X
kernels 11
stderr "gfx90a's code objects, the ones Instinct MI250X GCD runs (also in the file: gfx1100)"
has kernels.0.binary.offset 197
json 0 "$A/bundle_gfx90a_gfx1100.hipfb" --gpu "Radeon AI PRO R9700"
kernels 10
has kernels.0.binary.arch '"gfx1100"'
stderr "no code object for Radeon AI PRO R9700 (gfx1201); gfx1100's, the nearest older, are shown, but the HIP runtime loads a code object only on its own target"
json 0 "$A/bundle_gfx90a_gfx1100.hipfb"
kernels 21
"$OCCVIEW" --print --gpu MI100 "$A/bundle_gfx90a_gfx1100.hipfb" >/dev/null 2>"$tmp/err"
what="occview --print --gpu MI100 bundle_gfx90a_gfx1100.hipfb"
stderr "no code object an Instinct MI100 (gfx908) runs, every one is newer (gfx90a, gfx1100): all are shown"
# The text says what was assumed, in AMD's words.
expect 0 "Assumed        a grid of one full wave; no dynamic LDS" -- --print --record 1 \
	--gpu MI250X "$A/reqd_gfx90a.co"
check 0 "requires a workgroup of 16x8x1"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
