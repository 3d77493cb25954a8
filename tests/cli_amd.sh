#!/bin/sh
# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
# cli_amd.sh - occview on AMD GPUs end to end: the --print text in AMD's words,
# the AMD launch flags and their usage errors, the JSON figures, --list-gpus.
# Every expected figure is worked out below from data/amd_archs.csv and
# data/amd_devices.csv, checked in the JSON of the same launch, then in the text.
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

# absent PATTERN -- ARGS...: exit 0 and the pattern nowhere in the output.
absent() {
	pattern=$1
	shift 2
	"$OCCVIEW" "$@" >"$tmp/out" 2>&1 </dev/null
	got=$?
	if [ "$got" -ne 0 ]; then
		bad "occview $* exited $got, want 0"
	elif grep -q -- "$pattern" "$tmp/out"; then
		bad "occview $*: \"$pattern\" should not be in:"; grep -- "$pattern" "$tmp/out" | head -3
	else
		ok
	fi
}

# json KEY VALUE -- ARGS...: "KEY": VALUE in the JSON of the launch.
json() {
	key=$1 value=$2
	shift 3
	expect 0 "\"$key\": $value\(,\|\$\)" -- --format json "$@"
}

# ---------------------------------------------------------------------------
# Instinct MI300X: gfx942 (amd_archs.csv: wave64 only, 4 SIMDs per CU, 8 wave
# slots per SIMD, 512 VGPRs per SIMD lane in granules of 8, 800 SGPRs per SIMD
# in granules of 1, 64 KiB LDS per CU in granules of 512 B, 16 workgroups per
# CU; CU mode) with 304 CUs (amd_devices.csv).
#
# 256 work-items in wave64 = 4 waves per workgroup.
#   VGPRs: 128 (a multiple of 8) -> 512 / 128 = 4 waves per SIMD
#          -> 4 x 4 SIMDs / 4 waves = 4 workgroups per CU
#   SGPRs: 96 -> 800 / 96 = 8 waves per SIMD -> 8 x 4 / 4 = 8 workgroups
#   LDS:   20 KiB = 20480 B (40 granules) -> 65536 / 20480 = 3 workgroups
#          -> 3 x 4 waves / 4 SIMDs = 3 waves per SIMD
#   slots: 8 x 4 / 4 = 8 workgroups; workgroup limit 16
# LDS limits: 3 workgroups per CU, 12 waves per CU, 3 of 8 waves per SIMD,
# 3 / 8 = 37.5%. Grid waves: 304 CUs x 3 = 912 workgroups; 2000 / 912 = 2.19.
mi300x="--gpu mi300x --block-size 256 --grid 2000 --vgprs 128 --sgprs 96 --shared-mem 20K"
json wave_size 64 -- $mi300x
json waves_per_simd 3 -- $mi300x
json max_waves_per_simd 8 -- $mi300x
json block_limit_vgprs 4 -- $mi300x
json block_limit_sgprs 8 -- $mi300x
json block_limit_lds 3 -- $mi300x
json block_limit_waves 8 -- $mi300x
json block_limit_workgroups 16 -- $mi300x
json active_blocks_per_sm 3 -- $mi300x
json active_warps_per_sm 12 -- $mi300x
json theoretical_occupancy_pct 37.5 -- $mi300x
json blocks_per_wave 912 -- $mi300x
# CSV: the SGPR limit (8) in block_limit_sgprs, never under
# block_limit_barriers (empty: no barrier limit on AMD): waves 8,
# workgroups 16, VGPRs 4, LDS 3, then the barriers column empty.
# shellcheck disable=SC2086
expect 0 ',lds,8,16,4,3,,2\.1930,.*,8,$' -- --format csv $mi300x
expect 0 '"limiting_factors": \[$' -- --format json $mi300x
expect 0 '^          "lds"$' -- --format json $mi300x

# --print is the explorer's panes, framed: each line between "|" borders.
for w in 80 120; do
	expect 0 "Kernel  default on Instinct MI300X (gfx942, CDNA3), 304 CUs" -- \
		--print --width $w $mi300x
	expect 0 "Launch  grid 2000, workgroup 256, wave64 (gfx942's default), 128 VGPRs," -- \
		--print --width $w $mi300x
	expect 0 "|Workgroups per CU           3 " -- --print --width $w $mi300x
	expect 0 "|Waves per CU               12 of 32 " -- --print --width $w $mi300x
	expect 0 "|Waves per SIMD (LLVM)       3 of 8 " -- --print --width $w $mi300x
	expect 0 "|Theoretical occupancy    37.5% " -- --print --width $w $mi300x
	# Rows: waves per SIMD, workgroups per CU, per workgroup (VGPRs: 128 x 4
	# waves = 512 per lane; SGPRs: 96 x 4 = 384), total (512 x 4 SIMDs = 2048;
	# 800 x 4 = 3200).
	expect 0 "|  wave slots     8    8       4 wave " -- --print --width $w $mi300x
	expect 0 "|  workgroups    16   16       1 wg " -- --print --width $w $mi300x
	expect 0 "|  VGPRs          4    4     512 vgpr .* 1536/2048" -- --print --width $w $mi300x
	expect 0 "|\* LDS            3    3   20480 B .*61440/65536" -- --print --width $w $mi300x
	expect 0 "|  SGPRs          8    8     384 sgpr .* 1152/3200" -- --print --width $w $mi300x
	expect 0 "128 per work-item (granule 8)" -- --print --width $w $mi300x
	expect 0 "x 4 waves = 512 per workgroup" -- --print --width $w $mi300x
	expect 0 "912 workgroups (304 CUs x 3)" -- --print --width $w $mi300x
	expect 0 "a partial wave of 176 workgroups" -- --print --width $w $mi300x
	# NVIDIA's words are gone.
	for word in "SMs" "cc gfx" "registers/thread" "barrier" "warp" "cudaOccupancy" \
		"per SM" "Configuration" "blocks"; do
		absent "$word" -- --print --width $w $mi300x
	done
done
# One column at 80: every line of the table whole.
expect 0 "20480 B per workgroup (granule 512 B)" -- --print --width 80 $mi300x
expect 0 "4 SIMDs x 8 wave slots, 16 workgroups" -- --print --width 80 $mi300x
expect 0 "96 per wave (granule 1), x 4 waves = 384 per workgroup" -- --print --width 80 $mi300x
expect 0 "2.19 in all, 2 full, a partial wave of 176 workgroups" -- --print --width 80 $mi300x
# Nothing wider than the width.
"$OCCVIEW" --print --width 80 $mi300x >"$tmp/w80" 2>&1 </dev/null
if awk 'length($0) > 80 { exit 1 }' "$tmp/w80"; then ok; else bad "MI300X text wider than 80"; fi

# AGPRs on gfx942 share the VGPR file after the arch VGPRs rounded up to 4:
# 34 -> 36, + 64 AGPRs = 100 -> granule 8 -> 104 per work-item; 512 / 104 =
# 4 waves per SIMD; a 512-work-item workgroup is 8 waves: 4 x 4 / 8 = 2
# workgroups per CU, 4 of 8 waves per SIMD, 50%.
mfma="--gpu mi300x --block-size 512 --vgprs 34 --agprs 64"
json registers_per_warp_allocated 104 -- $mfma
json block_limit_vgprs 2 -- $mfma
json waves_per_simd 4 -- $mfma
expect 0 "64 AGPRs, SGPRs not given" -- --print $mfma
expect 0 "104 per work-item (34 VGPRs rounded up to 4, then 64 AGPRs," -- --print $mfma
expect 0 "|Waves per SIMD (LLVM)       4 of 8 " -- --print $mfma
expect 0 "|\* VGPRs          4    2     832 vgpr " -- --print $mfma
# SGPRs not given (0) are not counted: no SGPR limit in the JSON or the table.
json block_limit_sgprs null -- $mfma
expect 0 "|  SGPRs          -    -  not given: not counted (--sgprs N)" -- --print $mfma

# ---------------------------------------------------------------------------
# Radeon RX 7900 XTX: gfx1100 (amd_archs.csv: wave32 default, wave64 too;
# 2 SIMDs per CU, 16 wave slots per SIMD, 768 VGPRs per lane in wave64 in
# granules of 12, 1536 in wave32 in granules of 24; SGPRs do not limit; LDS
# 128 KiB per WGP; WGP mode) with 96 CUs = 48 WGPs (amd_devices.csv). A WGP
# has 2 x 2 = 4 SIMDs.
#
# wave64, 256 work-items = 4 waves per workgroup.
#   VGPRs: 100 -> granule 12 -> 108 per work-item; 768 / 108 = 7 waves per
#          SIMD -> 7 x 4 SIMDs / 4 waves = 7 workgroups per WGP
#   slots: 16 x 4 / 4 = 16 workgroups; workgroup limit 16 per CU x 2 = 32
# VGPRs limit: 7 workgroups per WGP, 28 of 64 waves per WGP, 7 of 16 waves per
# SIMD, 7 / 16 = 43.75% (43.8 printed). Grid waves: 48 WGPs x 7 = 336;
# 1000 / 336 = 2.98.
rx="--gpu rx7900xtx --block-size 256 --grid 1000 --wave-size 64 --vgprs 100 --sgprs 50"
json sm_count 48 -- $rx
json wave_size 64 -- $rx
json waves_per_simd 7 -- $rx
json max_waves_per_simd 16 -- $rx
json block_limit_vgprs 7 -- $rx
json block_limit_sgprs null -- $rx
json block_limit_lds null -- $rx
json block_limit_waves 16 -- $rx
json block_limit_workgroups 32 -- $rx
json active_warps_per_sm 28 -- $rx
json theoretical_occupancy_pct 43.75 -- $rx
json blocks_per_wave 336 -- $rx
for w in 80 120; do
	expect 0 "on Radeon RX 7900 XTX (gfx1100, RDNA3), 48 WGPs (96 CUs), WGP mode" -- \
		--print --width $w $rx
	expect 0 "workgroup 256, wave64, 100 VGPRs" -- --print --width $w $rx
	expect 0 "|Workgroups per WGP          7 " -- --print --width $w $rx
	expect 0 "|Waves per WGP              28 of 64 " -- --print --width $w $rx
	expect 0 "|Waves per SIMD (LLVM)       7 of 16 " -- --print --width $w $rx
	expect 0 "|Theoretical occupancy    43.8% " -- --print --width $w $rx
	# 108 x 4 waves = 432 per workgroup; 768 x 4 SIMDs = 3072 per WGP.
	expect 0 "|\* VGPRs          7    7     432 vgpr .* 3024/3072" -- --print --width $w $rx
	expect 0 "|  SGPRs          -    -  do not limit on this target" -- --print --width $w $rx
	expect 0 "108 per work-item (granule 12)" -- --print --width $w $rx
	expect 0 "128 KB per WGP" -- --print --width $w $rx
	expect 0 "336 workgroups (48 WGPs x 7)" -- --print --width $w $rx
	expect 0 "a partial wave of 328 workgroups" -- --print --width $w $rx
	absent " CU " -- --print --width $w $rx
	absent "SMs" -- --print --width $w $rx
done
# SGPRs do not limit from gfx10 on (LLVM's getOccupancyWithNumSGPRs), so a
# count there is information: the 128 rocprof reports for every RDNA dispatch,
# or more than a GCN wave could have, is shown and changes no figure.
for n in 128 5000; do
	rx_sgprs="--gpu rx7900xtx --block-size 256 --grid 1000 --wave-size 64 --vgprs 100 --sgprs $n"
	json theoretical_occupancy_pct 43.75 -- $rx_sgprs
	json block_limit_sgprs null -- $rx_sgprs
	json sgprs_per_wave $n -- $rx_sgprs
	expect 0 "100 VGPRs, $n SGPRs, LDS" -- --print $rx_sgprs
	expect 0 "|  SGPRs          $n per wave, information only, do not limit on gfx1100" -- \
		--print $rx_sgprs
done
expect 0 "2.98 in all, 2 full" -- --print --width 80 $rx
expect 0 "wave32 by default, wave64 too" -- --print --width 80 $rx
expect 0 "4 SIMDs x 16 wave slots, 32 workgroups" -- --print --width 80 $rx
# The target's default wave size: wave32, 256 work-items = 8 waves; 40 VGPRs ->
# granule 24 -> 48; 1536 / 48 = 32 waves per SIMD -> 32 x 4 / 8 = 16
# workgroups; slots 16 x 4 / 8 = 8 workgroups: 16 of 16 waves per SIMD.
json wave_size 32 -- --gpu rx7900xtx --vgprs 40
json block_limit_vgprs 16 -- --gpu rx7900xtx --vgprs 40
json block_limit_waves 8 -- --gpu rx7900xtx --vgprs 40
json waves_per_simd 16 -- --gpu rx7900xtx --vgprs 40
expect 0 "wave32 (gfx1100's default)" -- --print --gpu rx7900xtx --vgprs 40

# ---------------------------------------------------------------------------
# Flags: --vgprs is --registers; flags override a launch file's AMD keys.
expect 0 "77 VGPRs" -- --print --gpu mi300x --vgprs 77
json registers_per_thread 77 -- --gpu mi300x --registers 77
printf 'kernel = fromfile\ngpu = mi300x\nblock = 256\nregisters = 128\nsgprs = 96\n' >"$tmp/amd.occ"
# 96 SGPRs from the file: 800 / 96 = 8 waves, 8 workgroups (above); --sgprs 108
# instead: 800 / 108 = 7 waves per SIMD -> 7 x 4 / 4 = 7 workgroups.
expect 0 "|  SGPRs          8    8 " -- --print "$tmp/amd.occ"
expect 0 "|  SGPRs          7    7 " -- --print --sgprs 108 "$tmp/amd.occ"
json block_limit_sgprs 7 -- --sgprs 108 "$tmp/amd.occ"

# Usage errors: bad values, and values the target does not have.
expect 64 "--wave-size: a wave size is 32 or 64, got 48" -- --print --gpu mi300x --wave-size 48
expect 64 "--wave-size: expected a whole number" -- --print --gpu mi300x --wave-size big
expect 64 "--agprs: must not be negative" -- --print --gpu mi300x --agprs -1
expect 64 "--sgprs: must not be negative" -- --print --gpu mi300x --sgprs -5
expect 64 "missing value" -- --print --gpu mi300x --vgprs
expect 64 "does not run wave32" -- --print --gpu mi300x --wave-size 32
expect 64 "allows at most 112" -- --print --gpu mi300x --sgprs 113
expect 64 "allows at most 256" -- --print --gpu mi300x --vgprs 257
# A flag of the other vendor is a usage error, not silently ignored.
expect 64 "--agprs: NVIDIA H100 80GB HBM3 is an NVIDIA GPU" -- --print --gpu h100 --agprs 32
expect 64 "--wave-size: .* is an NVIDIA GPU" -- --print --gpu a100 --wave-size 32
expect 64 "--barriers: Instinct MI300X is an AMD GPU" -- --print --gpu mi300x --barriers 2
expect 64 "--carveout: .* is an AMD GPU" -- --format json --gpu "rx 7900 xtx" --carveout 50
# A gfx target names its first device, as sm_90 names NVIDIA's, and says so;
# HIP's gcnArchName (target and features) is the target. One the database
# lacks lists the targets it has; AMD-looking names get AMD suggestions.
expect 0 '"arch": "gfx1100"' -- --format json --gpu gfx1100
expect 0 '"arch": "gfx90a"' -- --format json --gpu GFX90A
expect 0 '"arch": "gfx90a"' -- --format json --gpu "gfx90a:sramecc+:xnack-"
expect 0 "^occview: --gpu gfx942 is an architecture (gfx942), not a device: using Instinct MI300X (304 CUs)" -- --print --gpu gfx942
expect 64 "gpu: the GPU database has no AMD target gfx1234, only gfx803, gfx900, .*, gfx1201, gfx600, .*, gfx810" -- --print --gpu gfx1234
expect 0 "Kernel  default on gfx940 (CDNA3), no device of it" -- --print --gpu gfx940
expect 64 "unknown GPU \"mi301x\"; closest: \"Instinct MI300X\"" -- --print --gpu mi301x
if grep -q "NVIDIA\|GeForce\|Tesla" "$tmp/out"; then bad "--gpu mi301x suggests NVIDIA names"; else ok; fi
expect 0 "Usage: occview" -- --help
for flag in --wave-size --vgprs --agprs --sgprs; do
	expect 0 "^  $flag " -- --help
done

# ---------------------------------------------------------------------------
# --list-gpus: AMD devices with CUs (and WGPs in WGP mode), gfx targets; the
# MI300X's and the 7900 XTX's counts and gfx942's and gfx1100's rows as above.
expect 0 "^Instinct MI300X  *gfx942  *CDNA3  *304  *- CU  *mi300x$" -- --list-gpus
expect 0 "^Radeon RX 7900 XTX  *gfx1100  *RDNA3  *96  *48 WGP  *rx7900xtx;7900 xtx$" -- --list-gpus
expect 0 "^gfx942  *CDNA3  *64  *4  *8  *512  *-  *8  *-  *256  *256u  *800  *65536  *65536  *-  *16  *1024 CU$" -- --list-gpus
expect 0 "^gfx1100  *RDNA3  *32+64  *2  *16  *768  *1536  *12  *24  *256  *-  *-  *65536  *65536  *131072  *16  *1024 WGP$" -- --list-gpus
# The NVIDIA table has no AMD rows: its CC column never holds a gfx target.
"$OCCVIEW" --list-gpus >"$tmp/list" 2>&1
if sed -n '1,/^$/p' "$tmp/list" | grep -q gfx; then bad "gfx target in the NVIDIA device table"; else ok; fi

# ---------------------------------------------------------------------------
# GCN1, GCN2 and early GCN3 (gfx600-gfx810): the Southern Islands LDS LLVM
# counts, the SI/CI SGPR table, gfx802's fixed 96 SGPRs, the named devices.
# The same launch on a Southern Islands and a Sea Islands part: 256
# work-items in wave64 = 4 waves per workgroup, 16 VGPRs (256 / 16 = 16 ->
# 10 waves per SIMD), 16 KiB of LDS.
#   Radeon HD 7970 (gfx600, 32 CUs): LLVM counts 32 KiB of LDS per CU on
#     Southern Islands -> 32768 / 16384 = 2 workgroups, 8 waves per CU,
#     2 of 10 waves per SIMD, 20%.
#   Radeon R9 290X (gfx702, 44 CUs): 64 KiB -> 4 workgroups, 16 waves per
#     CU, 4 of 10 per SIMD, 40%.
launch="--block-size 256 --vgprs 16 --shared-mem 16K"
json arch '"gfx600"' -- --gpu "HD 7970" $launch
json block_limit_lds 2 -- --gpu "HD 7970" $launch
json waves_per_simd 2 -- --gpu "HD 7970" $launch
json theoretical_occupancy_pct 20.0 -- --gpu "HD 7970" $launch
json arch '"gfx702"' -- --gpu "R9 290X" $launch
json block_limit_lds 4 -- --gpu "R9 290X" $launch
json waves_per_simd 4 -- --gpu "R9 290X" $launch
json theoretical_occupancy_pct 40.0 -- --gpu "R9 290X" $launch
# More than 32 KiB does not fit a Southern Islands workgroup.
expect 64 "32768" -- --print --gpu "HD 7970" --block-size 256 --shared-mem 40K
expect 0 "Kernel  default on Radeon HD 7970 (gfx600, GCN1), 32 CUs" -- --print --gpu "HD 7970" $launch

# SGPRs on SI/CI: LLVM's table (<=48: 10, <=56: 9, ... else 5) is 520 /
# SGPRs rounded up to 8, capped at 10: 56 -> 9, 57 -> 64 -> 8, 104 -> 5 (the
# 512 SGPRs of a SIMD would give 4 there: LLVM's figure is occview's). 16
# VGPRs leave the SGPRs to limit.
sgpr="--gpu 260x --block-size 64 --vgprs 16"
json waves_per_simd 9 -- $sgpr --sgprs 56
json waves_per_simd 8 -- $sgpr --sgprs 57
json waves_per_simd 5 -- $sgpr --sgprs 104
# gfx801 (GCN3): 800 SGPRs, granule 1: 100 -> 8.
json waves_per_simd 8 -- --gpu fx-8800p --block-size 64 --vgprs 16 --sgprs 100
# gfx802 has the SGPR init bug: llc always reports 96 and allows no more.
expect 64 "allows at most 96" -- --print --gpu "R9 285" --sgprs 97
json waves_per_simd 8 -- --gpu "R9 285" --block-size 64 --vgprs 16 --sgprs 96

# A gfx target names its first device; gfx602 and gfx705 have none: the
# per-CU figures are computed (they need no CU count) and equal llc 14's
# (tests/data/amd/llvm14_occupancy_gcn1.csv: "gfx602,64,256,0,32,0,0,8",
# "gfx705,64,256,0,41,0,0,5"), and the waves say they need a device.
expect 0 "^occview: --gpu gfx600 is an architecture (gfx600), not a device: using Radeon HD 7970 (32 CUs)" -- --print --gpu gfx600
json waves_per_simd 8 -- --gpu gfx602 --block-size 256 --vgprs 32
json waves_per_simd 5 -- --gpu gfx705 --block-size 256 --vgprs 41
expect 0 '"sm_count": null' -- --format json --gpu gfx602 --block-size 256 --vgprs 32
expect 0 '"waves": null,' -- --format json --gpu gfx602 --block-size 256 --vgprs 32
expect 0 '"id": "waves_need_device",' -- --format json --gpu gfx602 --block-size 256 --vgprs 32
expect 0 "Waves          need a device: the database has none of gfx705" -- --print --gpu gfx705 --block-size 256 --vgprs 41
expect 0 "^default,gfx705,gfx705,,1584,256,41,0,0,5,20,50.00,vgprs,10,16,5,,,,,,," -- --format csv --gpu gfx705 --block-size 256 --vgprs 41

# --list-gpus: the devices with their CUs and the targets' rows.
expect 0 "^Radeon HD 7970  *gfx600  *GCN1  *32  *- CU  *hd7970;7970$" -- --list-gpus
expect 0 "^Radeon R9 290X  *gfx702  *GCN2  *44  *- CU  *r9 290x;290x$" -- --list-gpus
expect 0 "^gfx600  *GCN1  *64  *4  *10  *256  *-  *4  *-  *256  *-  *520  *32768  *32768  *-  *16  *1024 CU$" -- --list-gpus
expect 0 "^gfx802  *GCN3  *64  *4  *10  *256  *-  *4  *-  *256  *-  *800  *65536  *65536  *-  *16  *1024 CU$" -- --list-gpus
# TeraScale (VLIW5/VLIW4) as AMD's CodeXL computed it: HD 5870, 256
# work-items, 20 GPRs: 256/20 = 12 wavefronts of 32 (test_terascale.c).
expect 0 '"theoretical_occupancy_pct": 37.5' -- --format json --gpu "HD 5870" --block-size 256 --registers 20
expect 0 '"arch": "cayman"' -- --format json --gpu "HD 6970" --block-size 64
expect 0 '"arch": "cypress"' -- --format json --gpu cypress --block-size 64
expect 64 "--sgprs: Radeon HD 5870 is a TeraScale 2 (VLIW) GPU: it has no scalar registers" -- --print --gpu "HD 5870" --sgprs 16
expect 64 "--agprs: Radeon HD 6870 is a TeraScale 2 (VLIW) GPU: it has no accumulation registers" -- --print --gpu "HD 6870" --agprs 4
expect 64 "--wave-size: Radeon HD 6970 is a TeraScale 3 (VLIW) GPU: its wavefront size is fixed" -- --print --gpu "HD 6970" --wave-size 64
if grep -q "TeraScale" "$tmp/list"; then ok; else bad "--list-gpus lacks TeraScale"; fi
# A launch file's SGPRs on TeraScale are refused the same way, naming the key.
printf 'gpu = HD 6970\nblock = 128\nsgprs = 20\n' >"$tmp/vliw.occ"
expect 65 "sgprs: Radeon HD 6970 is a TeraScale 3 (VLIW) GPU: it has no scalar registers" -- --print "$tmp/vliw.occ"
expect 0 "Waves per CU vs GPRs per work-item" -- --print --width 100 --gpu "HD 5870" --block-size 192 --registers 12
expect 0 "GPRs limit: 12 waves per CU, 3 workgroups per CU" -- --print --width 100 --gpu "HD 5870" --block-size 256 --registers 20

# XCDs: AMD's SQ counters are summed over the XCDs of the device's compute
# partition (rocprofiler-compute: GRBM_GUI_ACTIVE_PER_XCD = GRBM_GUI_ACTIVE /
# num_xcd). The count comes from Omniperf's sysinfo.csv beside the file
# (tests/data/amd/batchedgemm_bmm2_mi300x_sysinfo.csv, the workload's own:
# num_xcd 8), else --xcds, else the database's default (SPX) mode (an
# MI300X's 8). pmc_perf.csv line 2: SQ_ACCUM_PREV_HIRES 2349060 /
# (GRBM_GUI_ACTIVE 273547 / 8) = 68.699 waves / (32 x 304 CUs) = 0.70620%.
pmc=$TESTDATA/rocprof/batchedgemm_mi300x_rocprofcompute3_rocm71_pmc_perf_2043cols_TRUNCATED.csv
expect 0 '"achieved_occupancy_pct": 0.706201407' -- --format json --gpu mi300x --record 0 "$pmc"
check 0 '"xcds": 8,'
check 0 "\"xcds_from\": \"the database's default partition mode (SPX)\","
expect 0 '"achieved_occupancy_pct": 0.353100703' -- --format json --gpu mi300x --xcds 4 --record 0 "$pmc"
check 0 '"xcds_from": "--xcds",'
expect 0 '|  XCDs counted  *8  *(SPX, the default mode)' -- \
	--print --width 120 --gpu mi300x --record 0 "$pmc"
mkdir "$tmp/bmm2"
cp "$pmc" "$tmp/bmm2/pmc_perf.csv"
cp "$TESTDATA/amd/batchedgemm_bmm2_mi300x_sysinfo.csv" "$tmp/bmm2/sysinfo.csv"
expect 0 '"xcds_from": "sysinfo.csv",' -- --format json --gpu mi300x --xcds 4 --record 0 "$tmp/bmm2/pmc_perf.csv"
check 0 '"achieved_occupancy_pct": 0.706201407'
expect 0 '|  XCDs counted  *8  *(sysinfo.csv)' -- --print --width 120 --gpu mi300x --record 0 "$tmp/bmm2/pmc_perf.csv"
# --xcds goes through the parameter table: at least 1, at most the device's
# XCDs (its SPX mode spans them all), AMD only.
expect 64 "xcds" -- --print --gpu mi300x --xcds 0
expect 64 "XCDs: 9, but Instinct MI300X allows at most 8" -- --print --gpu mi300x --xcds 9
expect 64 "XCDs: 7, but Instinct MI300A allows at most 6" -- --print --gpu mi300a --xcds 7
expect 64 "--xcds: NVIDIA H100 80GB HBM3 .*it has no XCDs" -- --print --gpu H100 --xcds 2
expect 0 "Theoretical occupancy" -- --print --gpu mi300x --xcds 2
# On a report's records the flag is checked as the launch flags are.
expect 65 "xcds: XCDs: 9, but Instinct MI300X allows at most 8" -- --print --gpu mi300x --xcds 9 "$pmc"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
