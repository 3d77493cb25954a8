#!/bin/sh
# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
# cli_diff.sh - the regression gate, occview --diff OLD NEW, end to end: on
# the AMD code objects tools/gen_amd_objects.sh compiled (the same kernel at
# two VGPR pressures), on a real rocprof report against a copy with one
# kernel's VGPRs raised, across formats (remarks against code object), in
# text, JSON and SARIF, its exit statuses and its usage errors.
set -u
: "${OCCVIEW:?}" "${TESTDATA:?}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
HOME=$tmp XDG_STATE_HOME=$tmp/state
export HOME XDG_STATE_HOME
unset XDG_CONFIG_HOME
pass=0 fail=0

. "${0%/*}/cliutil.sh"

amd=$TESTDATA/amdgpu
old=$amd/gate_old_gfx90a.co
new=$amd/gate_new_gfx90a.co

# gate_kernel on gfx90a (data/amd_archs.csv: wave64, 4 SIMDs per CU, 8 wave
# slots per SIMD, 512 VGPRs per SIMD lane in granules of 8, at most 256 arch
# VGPRs per wave), 256 work-items (its bound, amdgpu_flat_work_group_size)
# = 4 waves per workgroup, one per SIMD. Its VGPRs, from gate_*.notes
# (llvm-readelf-22 --notes): 96 in the old object, 200 in the new.
#   old: 512 / 96 = 5 waves per SIMD -> 5 workgroups, 5 / 8 = 62.50%
#   new: 512 / 200 = 2 -> 2 workgroups, 25.00%
# The new one's steps: 201 to 256 VGPRs (granules of 8: 208 ... 256) still
# give 512 / 256 = 2; 257 is past the 256 a wave may have: 57 more lose a
# workgroup. Down: 3 waves need 512 / 3 = 170 -> 168 (a granule): 32 fewer.
expect 1 "^FAIL    gate_kernel \[gfx90a\]: worse in occupancy, blocks, registers" -- --diff "$old" "$new"
check 1 "old: 96 VGPRs, 0 B LDS, 0 spilled, 5 workgroups per CU of 256 work-items, 62.50% occupancy"
check 1 "new: 200 VGPRs, 0 B LDS, 0 spilled, 2 workgroups per CU of 256 work-items, 25.00% occupancy"
check 1 "steps: 57 more VGPRs lose one of its 2 workgroups per CU; 32 fewer gain one"
check 1 "^removed gate_removed \[gfx90a\]"
check 1 "^added   gate_added \[gfx90a\]"
check 1 "^3 kernels: 1 changed, 1 failed, 1 added, 1 removed, 0 unchanged, 0 not analysed"
# --fail-on: spills did not change (0 -> 0), registers did.
expect 0 "1 changed, 0 failed" -- --diff --fail-on spills "$old" "$new"
expect 1 "failing on: blocks, registers" -- --diff --fail-on blocks,registers "$old" "$new"
# The other way round nothing got worse.
expect 0 "^changed gate_kernel" -- --diff "$new" "$old"
# One VGPR, singular (the engine's words; it said "1 more VGPRs", then
# "1 more VGPR lose").
check 0 "steps: 1 more VGPR loses one of its 5 workgroups per CU; 16 fewer gain one"
expect 0 "^2 kernels: 0 changed, 0 failed, 0 added, 0 removed, 2 unchanged" -- --diff "$old" "$old"

# JSON and SARIF carry the same.
expect 1 '"registers_to_lose_block": 57,' -- --diff --format json "$old" "$new"
check 1 '"theoretical_occupancy_pct": 25.0,'
check 1 '"exit_status": 1,'
check 1 '"status": "removed",'
expect 1 '"version": "2.1.0",' -- --diff --format sarif "$old" "$new"
check 1 '"ruleId": "occupancy",'
check 1 '"level": "error",'
check 1 '"text": "gate_kernel \[gfx90a\]: theoretical occupancy 62.50% -> 25.00%; 57 more VGPRs lose another of its workgroups"'
check 1 '"fullyQualifiedName": "gate_kernel \[gfx90a\]",'
# blocks and registers got worse too, but only occupancy fails: warnings.
expect 1 '"level": "warning",' -- --diff --format sarif "$old" "$new"
got=$(grep -c '"level": "warning"' "$tmp/out")
[ "$got" -eq 2 ] && ok || bad "sarif: $got warnings, want 2 (blocks, registers)"

# Across formats: clang's remarks of a compile against its code object, on
# one GPU and block size (the remarks give neither): the same figures.
expect 0 "^11 kernels: 0 changed, 0 failed, 0 added, 0 removed, 11 unchanged" -- \
	--diff --gpu MI210 --block-size 256 "$amd/kernels_gfx90a.remarks" "$amd/kernels_gfx90a.co"
# Without a block size the remarks' kernels (which give none) are compared
# at the code object's own bound, said "(assumed)" on their side: the same
# figures again.
expect 0 "^11 kernels: 0 changed, 0 failed, 0 added, 0 removed, 11 unchanged, 0 not analysed" -- \
	--diff --gpu MI210 "$amd/kernels_gfx90a.remarks" "$amd/kernels_gfx90a.co"
expect 0 "^11 kernels: 0 changed" -- --diff --gpu MI210 "$amd/kernels_gfx90a.co" "$amd/kernels_gfx90a.remarks"

# A wave32 kernel on a wave64-only GPU: the gate says it as --print does
# (exit 2, an error); --wave-size 64 is the what-if of a wave64 compile.
expect 2 "wave_size: Instinct MI100 (gfx908) runs wave64 only: this wave32 kernel for gfx1100 cannot run there" -- \
	--diff --gpu MI100 "$amd/kernels_gfx1100.co" "$amd/kernels_gfx1100.co"
expect 0 "^10 kernels: 0 changed, 0 failed, 0 added, 0 removed, 10 unchanged" -- \
	--diff --gpu MI100 --wave-size 64 "$amd/kernels_gfx1100.co" "$amd/kernels_gfx1100.co"

# A real rocprof report (llama.cpp on an R9700, gfx1201, wave32) against
# itself, and against a copy in which rms_norm_f32's 130 dispatches have
# 128 arch VGPRs instead of 16 (field 12, arch_vgpr; the kernel name before
# it holds commas, so the fields are counted after its closing quote).
ll=$TESTDATA/rocprof/llamacpp_r9700_gfx1201_rocprofv1_results_wave32.csv
sed '/rms_norm_f32/s/^\([^"]*"[^"]*"\(,[^,]*\)\{9\}\),16,/\1,128,/' "$ll" >"$tmp/edited.csv"
n=$(diff "$ll" "$tmp/edited.csv" | grep -c '^>')
[ "$n" -eq 130 ] && ok || bad "edited copy: $n rows changed, want 130"
expect 0 "^20 kernels: 0 changed, 0 failed, 0 added, 0 removed, 20 unchanged, 0 not analysed (3886 repeated" -- \
	--diff --gpu gfx1201 "$ll" "$ll"
expect 1 "^FAIL    void rms_norm_f32<1024, true, false>" -- --diff --gpu gfx1201 "$ll" "$tmp/edited.csv"
check 1 "old: 16 VGPRs, 512 B LDS, n/a spilled, 2 workgroups per WGP of 1024 work-items, 100.00% occupancy"
check 1 "^20 kernels: 1 changed, 1 failed"
# The new figures are --print's for the same record.
"$OCCVIEW" --print --format csv --gpu gfx1201 "$tmp/edited.csv" 2>/dev/null |
	grep -m1 '^rms_norm_f32,' | cut -d, -f7,10,12 >"$tmp/print"
# 128 VGPRs: LLVM's 10 of 16 waves per SIMD (62.50%), but a workgroup of 32
# waves leaves room for one per WGP: 32 of 64 waves per WGP, 50.00%.
[ "$(cat "$tmp/print")" = "128,1,50.00" ] && ok || bad "--print of the edited record: $(cat "$tmp/print")"
# One workgroup, singular (it said "1 workgroups").
expect 1 "new: 128 VGPRs, 512 B LDS, n/a spilled, 1 workgroup per WGP of 1024 work-items, 50.00% occupancy" -- \
	--diff --gpu gfx1201 "$ll" "$tmp/edited.csv"

# Two builds of NVIDIA cubins with no flag but --gpu (tests/data/cubin, the
# same kernels.cu under -maxrregcount=32 in kernels_spill.o; registers from
# kernels_zstd.log and kernels_spill.log, ptxas -v): no kernel bounds its
# block, so both sides are compared at the old side's block with the most
# resident threads (cudaOccMaxPotentialOccupancyBlockSize). H100 (cc 9.0,
# 65536 registers in 4 sub-partitions, 64 warps): regs<80>, 80 registers,
# 2560 a warp, 16384 / 2560 = 6 warps a sub-partition, 24 an SM: 768
# threads, one block, 24 / 64 = 37.50%. The new build's 32 registers at the
# same 768 threads: 1024 a warp, 16 warps a sub-partition, 64 an SM: 2
# blocks of 24 warps, 48 / 64 = 75.00% (at its own best, 1024 threads, it
# would say 100%: a change of the assumption, not of the kernel).
cub=$TESTDATA/cubin
expect 0 "^changed void regs<80>(float\*, float const\*) \[9.0\]" -- \
	--diff --gpu H100 "$cub/kernels_zstd.o" "$cub/kernels_spill.o"
check 0 "old: 80 registers, 0 B shared memory, n/a spilled, 1 block per SM of 768 threads (assumed), 37.50% occupancy"
check 0 "new: 32 registers, 0 B shared memory, n/a spilled, 2 blocks per SM of 768 threads (assumed), 75.00% occupancy"
check 0 "^22 kernels: 3 changed, 0 failed, 0 added, 0 removed, 19 unchanged, 0 not analysed"
# A block size given is the one compared, said so by no "(assumed)".
expect 0 "old: 80 registers, 0 B shared memory, n/a spilled, 3 blocks per SM of 256 threads, 37.50% occupancy" -- \
	--diff --gpu H100 --block-size 256 "$cub/kernels_zstd.o" "$cub/kernels_spill.o"
expect 0 '"assumed": \[' -- --diff --format json --gpu H100 "$cub/kernels_zstd.o" "$cub/kernels_spill.o"
check 0 '"block_size",'
check 0 '"dynamic_shared_mem_bytes"'

# Errors and usage.
expect 2 "cannot open" -- --diff "$old" "$tmp/missing.co"
printf 'gpu = H100\nblock = 256\nregisters = 32\ngrid = 10\n' >"$tmp/one.launch"
expect 2 "a launch file or list, not a report" -- --diff "$tmp/one.launch" "$old"
expect 64 "expected two files, OLD and NEW, got 1" -- --diff "$old"
expect 64 "sarif is --diff's format only" -- --format sarif "$old"
expect 64 "expected occupancy, blocks, spills or registers" -- --diff --fail-on speed "$old" "$new"
expect 64 "is for --diff" -- --fail-on blocks "$old"
expect 64 "writes text, json or sarif" -- --diff --format csv "$old" "$new"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
