#!/bin/sh
# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
# cli.sh - the occview program end to end: exit statuses, messages naming the
# file, line and field, and numbers from real Nsight Compute reports.
set -u
: "${OCCVIEW:?}" "${TESTDATA:?}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
HOME=$tmp XDG_STATE_HOME=$tmp/state
export HOME XDG_STATE_HOME
# a settings file of the user's own ($XDG_CONFIG_HOME/occview/config) stays out
unset XDG_CONFIG_HOME
pass=0 fail=0

. "${0%/*}/cliutil.sh"

expect 0 "Usage: occview" -- --help
expect 64 "y and z allow at most 65535" -- --print --grid 2147483647x2147483647x2147483647
expect 0 "occview [0-9]" -- --version
expect 0 "NVIDIA H100" -- --list-gpus
expect 0 "sm_121" -- --list-gpus
# Tesla and Fermi: per-block registers on 1.x, Fermi's wide units, the devices in cc order.
expect 0 "^sm_13  *1.3  *Tesla  *1024  *32  *8  *512  *16384  *16384  *124  *512/b  *1  *16384  *16384  *512  *0  *0$" -- --list-gpus
expect 0 "^sm_20  *2.0  *Fermi  *1536  *48  *8  *1024  *32768  *32768  *63  *64/w\*  *2  *49152  *49152  *128  *0  *0$" -- --list-gpus
expect 0 "^Tesla M2090  *2.0  *sm_20  *16  *datacenter" -- --list-gpus
if [ "$(sed -n 2p "$tmp/out" | cut -c1-16)" = "GeForce 8800 GTX" ]; then ok; else bad "--list-gpus does not start with cc 1.0"; fi
# JSON Lines: the header, then one device a line (as many as --format csv has rows).
expect 0 '^{"name":"GeForce 8800 GTX","vendor":"nvidia","arch":"sm_10","cc":"1.0","sm_count":16,' -- --list-gpus --format jsonl
jsonl_lines=$(wc -l <"$tmp/out")
expect 0 "^GeForce 8800 GTX,nvidia,sm_10,1.0,16," -- --list-gpus --format csv
if [ "$jsonl_lines" -eq "$(wc -l <"$tmp/out")" ] && [ "$jsonl_lines" -gt 100 ]; then ok; else bad "--list-gpus --format jsonl: $jsonl_lines lines"; fi
expect 64 "unknown option" -- --frobnicate
expect 64 "missing value" -- --gpu
expect 64 "closest" -- --gpu H1OO --print
expect 64 "block" -- --print --block-size 0
expect 64 "must not be negative" -- --print --registers -4
expect 64 "expected a whole number" -- --print --registers many
expect 64 "allows at most 1024" -- --print --block-size 2048
expect 64 "allows at most 255" -- --print --registers 256
expect 64 "allows at most 232448" -- --print --dynamic-shared-mem 228K
expect 64 "out of range" -- --print --carveout 101
expect 64 "expected text, json, jsonl, csv or sarif" -- --format xml
expect 66 "cannot open" -- --print /nonexistent/launch.occ

# The embedded default: H100 SXM, 256 threads, 32 registers, 1.5 waves.
expect 0 "Theoretical occupancy   100.0%" -- --print
expect 0 "1.50 per SM, 1 full" -- --print

# JSON Lines' findings: id, severity, title and the numbers the text quotes,
# the text only with --findings-text. The default launch's tail effect
# quotes the figures its text pane prints (1.50 waves per SM above): 1 full
# wave of 132 SMs x 8 blocks = 1056 blocks, 528 in the partial wave of 1584.
expect 0 '"id":"tail_effect","severity":"warning","title":"Partial last wave (tail effect)","parameters":\[1,1056,528,1584,1056,1.5,50.0,2,50.0,75.0,1056,2112\]}' -- --print --format jsonl
if grep -q '"text"' "$tmp/out"; then bad "--format jsonl wrote a finding's text"; else ok; fi
expect 0 '"parameters":\[1,1056,528,1584,1056,1.5,50.0,2,50.0,75.0,1056,2112\],"text":"This launch runs 1 full wave of 1056 blocks and a partial wave of 528 blocks (1584 / 1056 = 1.50 waves per SM)' -- --print --format jsonl --findings-text

# --derive: every limit derived, not only the limiter's; JSON carries them.
# The A100 pooling kernel (256 threads, 38 registers): registers limit at 6,
# shared memory (1024 B reserved per block) would allow 164.
expect 0 "Shared memory: 164 blocks per SM" -- --derive --gpu A100 --block-size 256 --registers 38
expect 0 "Barriers: no limit" -- --derive --gpu A100 --block-size 256 --registers 38
"$OCCVIEW" --print --gpu A100 --block-size 256 --registers 38 >"$tmp/plain" 2>&1
if grep -q "Shared memory: 164 blocks" "$tmp/plain"; then bad "--print without --derive derives every limit"; else ok; fi
expect 0 '"of": "shared_mem"' -- --derive --format json --gpu A100 --block-size 256 --registers 38
expect 0 '"value": 164' -- --derive --format json --gpu A100 --block-size 256 --registers 38
"$OCCVIEW" --format json --gpu A100 >"$tmp/plain" 2>&1
if grep -q '"derivations"' "$tmp/plain"; then bad "JSON without --derive has derivations"; else ok; fi

# A launch that cannot run is a result, not an error.
expect 0 "cannot run" -- --print --gpu H100 --block-size 1024 --registers 255

# Nsight Compute, Hopper with 78 SMs: limits registers 1, shared memory 1,
# warps 8, blocks 32; 12.50%; 1 wave.
expect 0 '"block_limit_registers": 1,' -- --format json --gpu H20 --block-size 256 \
	--registers 255 --dynamic-shared-mem 230400 --grid 78
expect 0 '"theoretical_occupancy_pct": 12.5,' -- --format json --gpu H20 --block-size 256 \
	--registers 255 --dynamic-shared-mem 230400 --grid 78
# Nsight Compute, Turing: waves per SM 12.80 on a 40-SM T4, from a launch file.
expect 0 "12.80 per SM, 12 full" -- --print "$TESTDATA/launch_t4.occ"
expect 0 "Kernel  register_tiling" -- --print "$TESTDATA/launch_t4.occ"
# Flags override the file.
expect 0 ", 64 registers," -- --print "$TESTDATA/launch_t4.occ"
expect 0 ", 32 registers," -- --print --registers 32 "$TESTDATA/launch_t4.occ"

# A launch list: valid rows computed, each bad row reported, status 65.
expect 65 "launches.csv:4: registers" -- --format csv "$TESTDATA/launches.csv"
expect 65 "launches.csv:5: gpu" -- --format csv "$TESTDATA/launches.csv"
expect 65 "^turing,Tesla T4,7.5,40,1024,256,64,32768,0,2,16,50.00,shared_mem," -- --format csv "$TESTDATA/launches.csv"
"$OCCVIEW" --format json "$TESTDATA/launches.csv" >"$tmp/json" 2>/dev/null
if [ "$(grep -c '"error": null' "$tmp/json")" -eq 2 ] && [ "$(grep -c '"error": "' "$tmp/json")" -eq 2 ]; then ok; else bad "launch list JSON: want 2 good and 2 bad kernels"; fi

# Bad files: malformed, truncated, binary, unknown key, empty.
# A byte-order mark (Windows editors) and CR-only line ends (classic Mac OS)
# are read; messages count lines as the editor does.
{ printf '\357\273\277'; cat "$TESTDATA/launch_t4.occ"; } >"$tmp/bom.occ"
expect 0 "12.80 per SM, 12 full" -- --print "$tmp/bom.occ"
tr '\n' '\r' <"$TESTDATA/launch_t4.occ" >"$tmp/cr.occ"
expect 0 "12.80 per SM, 12 full" -- --print "$tmp/cr.occ"
printf 'gpu = H100\r\rblock 256\r' >"$tmp/crbad.occ"
expect 65 "crbad.occ:3: expected \"key = value\"" -- --print "$tmp/crbad.occ"
printf '\357\273\277kernel,gpu,grid_size,block_size,registers_per_thread\r\nk,T4,1024,256,64\r\n' >"$tmp/bom.csv"
expect 0 "Kernel  k" -- --print "$tmp/bom.csv"
tr '\n' '\r' <"$TESTDATA/launches.csv" >"$tmp/cr.csv"
expect 65 "cr.csv:5: gpu: unknown GPU" -- --print "$tmp/cr.csv"
# Terminal safety: a file name with an escape sequence reaches stderr as
# \x1B text, never as the sequence; a GPU database cell with one is refused.
esc=$(printf '\033')
printf 'x' >"$tmp/evil${esc}[2Jname.occ"
expect 65 'evil\\x1B\[2Jname.occ:1: not a launch file' -- --print "$tmp/evil${esc}[2Jname.occ"
if grep -q "$esc" "$tmp/out"; then bad "an escape byte reached stderr"; else ok; fi
{ head -1 "$TESTDATA/../../data/devices.csv"; printf 'Evil%s[31mRed,8.0,108\n' "$esc"; } >"$tmp/evil.csv"
expect 65 "evil.csv:2: name: control characters" -- --gpu-db "$tmp/evil.csv" --list-gpus
{ head -1 "$TESTDATA/../../data/archs.csv"; sed -n 2p "$TESTDATA/../../data/archs.csv" |
	sed "s/Kepler/Kep${esc}]0;x/"; } >"$tmp/evilarch.csv"
expect 65 "evilarch.csv:2: family: control characters" -- --gpu-db "$tmp/evilarch.csv" --list-gpus
printf 'gpu = H100\nblock 256\n' >"$tmp/nokv.occ"
expect 65 "nokv.occ:2: expected \"key = value\"" -- --print "$tmp/nokv.occ"
printf 'gpu = H100\nthreads = 256\n' >"$tmp/key.occ"
expect 65 "key.occ:2: threads: unknown key" -- --print "$tmp/key.occ"
printf 'gpu = H100\nregisters = 3x\n' >"$tmp/num.occ"
expect 65 "num.occ:2: registers: expected a whole number" -- --print "$tmp/num.occ"
printf 'kernel,gpu,grid_size,block_size,registers_per_thread\n"k1,H100,100,256,32\n' >"$tmp/trunc.csv"
expect 65 "trunc.csv:2: malformed CSV" -- --print "$tmp/trunc.csv"
printf 'kernel,gpu,grid_size\nk,H100,1\n' >"$tmp/cols.csv"
expect 65 "cols.csv:1: block_size: missing column" -- --print "$tmp/cols.csv"
head -c 4096 /dev/urandom >"$tmp/garbage.bin"; printf '\0' >>"$tmp/garbage.bin"
expect 65 "binary" -- --print "$tmp/garbage.bin"
: >"$tmp/empty.occ"
expect 65 "empty file" -- --print "$tmp/empty.occ"
printf 'hello world\n' >"$tmp/prose.txt"
expect 65 "not a launch file" -- --print "$tmp/prose.txt"

# Kernel names with control characters are shown escaped, never raw.
printf 'kernel = evil\033[2Jname\ngpu = H100\n' >"$tmp/esc.occ"
expect 0 'evil\\x1B\[2Jname' -- --print "$tmp/esc.occ"
if grep -q "$(printf '\033')" "$tmp/out"; then bad "raw escape character in output"; else ok; fi

# User GPU database: a new device, then a broken file.
printf 'name,cc,sm_count,segment,aliases,provenance\nLab GPU X,9.0,100,datacenter,labx,test\n' >"$tmp/gpus.csv"
expect 0 "Lab GPU X (sm_90" -- --print --gpu-db "$tmp/gpus.csv" --gpu labx
printf 'name,cc,sm_count\nBroken,9.9,10\n' >"$tmp/badgpus.csv"
expect 65 "badgpus.csv:2: cc" -- --print --gpu-db "$tmp/badgpus.csv"
# A GPC layouts file, told by its header: a row that reads, then one that does not.
printf 'name,sm_count,gpcs,sms_per_gpc_max,sms_per_tpc,sms_per_gpc,provenance\nNVIDIA H100 80GB HBM3,132,8,18,2,,test\n' >"$tmp/gpcs.csv"
expect 0 "NVIDIA H100 80GB HBM3" -- --print --gpu-db "$tmp/gpcs.csv" --gpu h100
printf 'name,sm_count,gpcs,sms_per_gpc_max,sms_per_tpc,sms_per_gpc,provenance\nNVIDIA H100 80GB HBM3,132,9-8,18,2,,test\n' >"$tmp/badgpcs.csv"
expect 65 "badgpcs.csv:2: gpcs" -- --print --gpu-db "$tmp/badgpcs.csv"
mkdir -p "$tmp/xdg/occview"; cp "$tmp/gpus.csv" "$tmp/xdg/occview/gpus.csv"
XDG_CONFIG_HOME="$tmp/xdg" expect 0 "Lab GPU X" -- --print --gpu labx

# --gpu never guesses. A compute capability is that capability exactly, as
# nvcc or nvidia-smi spells it, and says which device stands for it
# (devices.csv: Tesla M40;sm_52, 24 SMs; NVIDIA A40;sm_86, 84 SMs); one the
# database lacks is a usage error listing those it has (2.0 used to run on
# an RTX PRO 6000, 1.0 on a Thor).
expect 0 "^occview: --gpu sm_52 is an architecture (sm_52), not a device: using Tesla M40 (24 SMs)" -- --print --gpu sm_52
expect 0 "Only the GPU's architecture is known" -- --print --gpu sm_52
expect 0 "on NVIDIA A40 (sm_86, cc 8.6, Ampere), 84 SMs" -- --print --gpu compute_86
expect 0 "on NVIDIA A40 (sm_86" -- --print --gpu 8.6
expect 0 "on NVIDIA H100 80GB HBM3 (sm_90" -- --print --gpu sm_90a
for cc in 4.0 sm_40 1.4 "cc 2.2" 13.0; do
	expect 64 "gpu: the GPU database has no compute capability .*, only 1.0, 1.1, 1.2, 1.3, 2.0, 2.1, 3.0, 3.5, .*, 12.0, 12.1" -- --print --gpu "$cc"
done
if grep -q "RTX\|Thor" "$tmp/out"; then bad "--gpu 13.0 suggests a device"; else ok; fi
expect 64 "gpu: \"sm_9\" is no compute capability" -- --print --gpu sm_9
expect 64 "did you mean --gpu sm_86" -- --print --gpu 86
# Names match whole words: A10 is the A10, a part of a word asks.
expect 0 "on NVIDIA A10 (sm_86, cc 8.6, Ampere), 72 SMs" -- --print --gpu A10
expect 64 "unknown GPU \"RTX 509\" (occview matches whole words only); did you mean \"NVIDIA GeForce RTX 5090\"?" -- --print --gpu "RTX 509"
expect 64 "unknown GPU \"GTX 945\"; closest: .*\"GeForce GTX 950\"" -- --print --gpu "GTX 945"
if grep -q "Radeon\|Instinct" "$tmp/out"; then bad "--gpu \"GTX 945\" suggests AMD names"; else ok; fi
# Tesla (cc 1.x) and Fermi (cc 2.x) devices, named or as an architecture.
expect 0 "on GeForce GTX 950 (sm_52, cc 5.2, Maxwell), 6 SMs" -- --print --gpu "GTX 950"
expect 0 "on Tesla C2050 (sm_20, cc 2.0, Fermi), 14 SMs" -- --print --gpu 2.0
expect 0 "on GeForce 8800 GTX (sm_10, cc 1.0, Tesla), 16 SMs" -- --print --gpu sm_10
# A launch file's gpu key follows the same rules, as bad data of its line.
printf 'gpu = 4.0\n' >"$tmp/cc40.occ"
expect 65 "cc40.occ:1: gpu: the GPU database has no compute capability 4.0" -- --print "$tmp/cc40.occ"
printf 'gpu = sm_52\n' >"$tmp/sm52.occ"
expect 0 "sm52.occ: gpu \"sm_52\" is an architecture (sm_52), not a device" -- --print "$tmp/sm52.occ"

# The CUDA profiler's log of a Tesla M2090 ("# CUDA_DEVICE 0 Tesla M2090",
# no compute capability, no launch) runs on the database's M2090 (cc 2.0).
M2090=$TESTDATA/nvprof/constructed_cudaprof_m2090_kv_cuda_profile_0.log
launch="--grid 1584 --block-size 256 --registers 32 --shared-mem 0 --dynamic-shared-mem 0"
# shellcheck disable=SC2086
expect 0 "^_Z12point_sourcePffi,Tesla M2090,2.0,16,1584,256,32," -- --format csv $launch "$M2090"
# A report naming a device the database lacks says which, and what to give:
# the same log with its device renamed to one no GPU has.
sed 's/Tesla M2090/Tesla M2095/' "$M2090" >"$tmp/m2095.log"
# shellcheck disable=SC2086
expect 65 "log:10: gpu: the report names \"Tesla M2095\", which occview's GPU database lacks, and not its architecture: give --gpu with its compute capability (--gpu X.Y), or add the device with --gpu-db" -- --format csv $launch "$tmp/m2095.log"
if grep -q "does not say which GPU" "$tmp/out"; then bad "M2095: \"does not say which GPU\""; else ok; fi
# shellcheck disable=SC2086
expect 64 "no compute capability 4.0, only 1.0, 1.1, 1.2, 1.3, 2.0, 2.1, 3.0" -- --format csv --gpu 4.0 $launch "$tmp/m2095.log"
# shellcheck disable=SC2086
expect 0 "^occview: .*log: --gpu sm_52 is an architecture (sm_52), not a device" -- --format csv --gpu sm_52 $launch "$tmp/m2095.log"

# Thread-block clusters: cc 9.0 and later only, dividing the grid, 1-16; the
# key and the column; the figures in JSON and CSV. 512 threads and 64
# registers give 2 blocks per SM on an H100 SXM5, so clusters of 16 are 13 to
# 16 over the layouts of its 8 GPCs (test_cluster.c).
expect 64 "^occview: --cluster-size: Ampere (cc 8.6) has no thread-block clusters; they start with Hopper (cc 9.0)" \
	-- --print --gpu 8.6 --cluster-size 2
expect 64 "Instinct MI300X is an AMD GPU: it has no thread-block clusters" \
	-- --print --gpu MI300X --cluster-size 2
expect 64 "does not divide the grid of 1000 blocks" -- --print --cluster-size 3 --grid 1000
expect 64 "out of range" -- --print --cluster-size 17
clusters="--gpu H100 --block-size 512 --registers 64 --grid 1024 --cluster-size 16"
# shellcheck disable=SC2086
expect 0 '"max_active_clusters": 16,' -- --format json $clusters
# shellcheck disable=SC2086
expect 0 '"max_active_clusters_min": 13,' -- --format json $clusters
# shellcheck disable=SC2086
expect 0 '"clusters_bound": "range",' -- --format json $clusters
# shellcheck disable=SC2086
expect 0 ',16,16,13,96.97,range,,,,,,,,$' -- --format csv $clusters
# shellcheck disable=SC2086
expect 0 "Max active clusters     13-16" -- --print $clusters
printf 'gpu = 8.6\ncluster_size = 2\n' >"$tmp/cluster.occ"
expect 65 "cluster.occ:.*cluster_size: Ampere (cc 8.6) has no thread-block clusters" \
	-- --print "$tmp/cluster.occ"
# 128 threads, 32 registers: 16 blocks per SM, pairs of them: 8 per SM, 1056 on 132 SMs.
printf 'gpu,block_size,grid_size,registers_per_thread,cluster_size\nH100,128,1056,32,2\n' >"$tmp/clusters.csv"
expect 0 '"max_active_clusters": 1056,' -- --format json "$tmp/clusters.csv"

# The issue's cluster launch: 1 block per SM, clusters of 16, 5-8 resident
# (bounds over H100 layouts, test_cluster.c): 80-128 blocks a wave, no tail,
# and never the grid of 924 (7 x 132) CUDA refuses.
issue="--gpu H100 --block-size 1024 --registers 64 --grid 1024 --cluster-size 16"
# shellcheck disable=SC2086
expect 0 "Per wave       80-128 blocks (5-8 clusters x 16)" -- --print $issue
# shellcheck disable=SC2086
expect 0 "Waves          8.00-12.80 per SM, 8 full" -- --print $issue
# shellcheck disable=SC2086
expect 0 '"blocks_per_wave_min": 80,' -- --format json $issue
# shellcheck disable=SC2086
expect 0 '"id": "cluster_occupancy"' -- --format json $issue
# shellcheck disable=SC2086
"$OCCVIEW" --print $issue >"$tmp/issue" 2>&1
if grep -q "924\|Partial last wave" "$tmp/issue"; then bad "--print $issue advises 924 or a tail"; else ok; fi

# --sms: a partition. The default launch (8 blocks per SM) on 66 of the
# H100's 132 SMs: 528 blocks a wave, twice the waves of all 132.
expect 0 "Per wave       1056 blocks (132 SMs x 8)" -- --print --gpu H100 --grid 2112
expect 0 "Waves          2.00 per SM" -- --print --gpu H100 --grid 2112
expect 0 "Per wave       528 blocks (66 of 132 SMs x 8)" -- --print --gpu H100 --grid 2112 --sms 66
expect 0 "Waves          4.00 per SM" -- --print --gpu H100 --grid 2112 --sms 66
expect 0 '"sms": 66' -- --format json --gpu H100 --grid 2112 --sms 66
expect 0 ',block_limit_sgprs,sms$' -- --format csv --gpu H100 --sms 66
expect 0 ',66$' -- --format csv --gpu H100 --sms 66
expect 64 "^occview: --sms: 0: a partition has at least 1 unit" -- --print --sms 0
expect 64 "^occview: --sms: a partition has 1 to 132 SMs, all the NVIDIA H100 80GB HBM3 has; got 133" \
	-- --print --gpu H100 --sms 133
expect 64 "^occview: --sms: a partition has at least 8 SMs on Hopper (cc 9.0), the green contexts' minimum" \
	-- --print --gpu H100 --sms 4
printf 'gpu = H100\nsms = 4\n' >"$tmp/sms.occ"
expect 65 "sms.occ:.*sms: a partition has at least 8 SMs" -- --print "$tmp/sms.occ"

# Kepler's L1/shared preference (cuda_occupancy.h's cudaOccSMemPreference):
# K40c, 20 KB blocks preferring L1 (16 KB): raised to 48 KB, 2 blocks.
expect 0 "raised to 48 KB: one block needs 20 KB" -- --print --gpu "Tesla K40c" \
	--cache-config l1 --shared-mem 20K
expect 0 '"cache_config": "equal"' -- --format json --gpu K80 --cache-config equal
expect 0 '"shared_mem_preference_bytes": 98304,' -- --format json --gpu K80 --cache-config equal
expect 64 "expected none, shared, l1 or equal" -- --print --gpu K40c --cache-config half
expect 0 ',cache_config,record_id,launch_as_measured,dropped,block_limit_sgprs,sms$' -- --format csv --gpu K40c --cache-config l1
expect 0 ',l1,,,,,$' -- --format csv --gpu K40c --cache-config l1
# A flag a generation lacks is a usage error naming the generation; the same
# value from a launch file is bad data of the file.
expect 64 "cache-config: Ampere (cc 8.6) has no L1/shared preference; use --carveout" -- \
	--print --gpu "RTX 3090" --cache-config l1
expect 64 "carveout: Kepler (cc 3.5) has no carveout" -- --print --gpu K40c --carveout 50
expect 64 "carveout: Pascal (cc 6.1) has no carveout" -- --print --gpu "GTX 1080 Ti" --carveout 0
expect 64 "carveout: Fermi (cc 2.0) has no carveout; .* use --cache-config" -- --print --gpu C2050 \
	--carveout 50
# Fermi: 8 KB blocks preferring L1 get 16 KB, 2 blocks.
expect 0 '"shared_mem_preference_bytes": 16384,' -- --format json --gpu C2050 --cache-config l1 \
	--shared-mem 8K
printf 'gpu = RTX 3090\nblock = 256\ncache_config = l1\n' >"$tmp/cache86.occ"
expect 65 "cache86.occ:3: cache_config: Ampere (cc 8.6) has no L1/shared preference; use carveout" \
	-- --print "$tmp/cache86.occ"
printf 'gpu = K40c\nblock = 256\ncache_config = l1\nshared_mem = 8K\n' >"$tmp/cache35.occ"
expect 0 "Configuration  16 KB per SM, preference 16 KB (cache l1)" -- --print "$tmp/cache35.occ"

# --timeline: the default launch's wave and half wave average 75 %; warps
# spread over 50 % keep 1 - 0.5 / 2 of it; a tail kernel of 528 blocks of 4
# warps, 0.5 long, fills the half wave's free slots for half of it:
# (1056 x 8 + 528 x 8 + 528 x 4 x 0.5) / (132 x 2 x 64) = 81.25 %.
expect 0 "Timeline: active warps per SM" -- --timeline
expect 0 "avg 75.0% of busy SMs" -- --timeline
expect 0 "avg 56.2% of busy SMs" -- --timeline --warp-spread 50
expect 0 "avg 81.2% of busy SMs" -- --timeline --tail-kernel 528:4:0.5
expect 0 "tail kernel: 528 blocks x 4 warps, 0.5x long" -- --timeline --tail-kernel 528:4:0.5
expect 64 "expected a number from 0 to 100" -- --print --warp-spread 150
expect 64 "expected BLOCKS:WARPS:DURATION" -- --print --tail-kernel 528:4
expect 64 "tail-kernel" -- --print --tail-kernel 528:4:0

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
