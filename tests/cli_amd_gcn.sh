#!/bin/sh
# cli_amd_gcn.sh - occview on GCN1, GCN2 and early GCN3 (gfx600-gfx810) end to
# end: the Southern Islands LDS LLVM counts, the SI/CI SGPR table, gfx802's
# fixed 96 SGPRs, the named devices and --list-gpus. Every figure is worked
# out below from data/amd_archs.csv and data/amd_devices.csv.
set -u
: "${OCCVIEW:?}" "${TESTDATA:?}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
HOME=$tmp XDG_STATE_HOME=$tmp/state
export HOME XDG_STATE_HOME
pass=0 fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# expect STATUS PATTERN -- ARGS...: exit status and a pattern in stdout+stderr.
expect() {
	want=$1 pattern=$2
	shift 3
	"$OCCVIEW" "$@" >"$tmp/out" 2>&1 </dev/null
	got=$?
	if [ "$got" -ne "$want" ]; then
		bad "occview $* exited $got, want $want"; sed 's/^/  | /' "$tmp/out" | head -5
	elif ! grep -q -- "$pattern" "$tmp/out"; then
		bad "occview $*: no \"$pattern\" in:"; sed 's/^/  | /' "$tmp/out" | head -5
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

# A gfx target names its first device; gfx705 has none.
expect 0 "^occview: --gpu gfx600 is an architecture (gfx600), not a device: using Radeon HD 7970 (32 CUs)" -- --print --gpu gfx600
expect 64 "gpu: the GPU database knows AMD target gfx705 but has no device of it" -- --print --gpu gfx705

# --list-gpus: the devices with their CUs and the targets' rows.
expect 0 "^Radeon HD 7970  *gfx600  *GCN1  *32  *- CU  *hd7970;7970$" -- --list-gpus
expect 0 "^Radeon R9 290X  *gfx702  *GCN2  *44  *- CU  *r9 290x;290x$" -- --list-gpus
expect 0 "^gfx600  *GCN1  *64  *4  *10  *256  *-  *4  *-  *256  *-  *520  *32768  *32768  *-  *16  *1024 CU$" -- --list-gpus
expect 0 "^gfx802  *GCN3  *64  *4  *10  *256  *-  *4  *-  *256  *-  *800  *65536  *65536  *-  *16  *1024 CU$" -- --list-gpus

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
