#!/bin/sh
# cli.sh - the occview program end to end: exit statuses, messages naming the
# file, line and field, and numbers from real Nsight Compute reports.
set -u
: "${OCCVIEW:?}" "${TESTDATA:?}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
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

expect 0 "Usage: occview" -- --help
expect 64 "y and z allow at most 65535" -- --print --grid 2147483647x2147483647x2147483647
expect 0 "occview [0-9]" -- --version
expect 0 "NVIDIA H100" -- --list-gpus
expect 0 "sm_121" -- --list-gpus
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
expect 64 "expected text, json or csv" -- --format xml
expect 66 "cannot open" -- --print /nonexistent/launch.occ

# The embedded default: H100 SXM, 256 threads, 32 registers, 1.5 waves.
expect 0 "Theoretical occupancy   100.0%" -- --print
expect 0 "1.50 per SM, 1 full" -- --print

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
mkdir -p "$tmp/xdg/occview"; cp "$tmp/gpus.csv" "$tmp/xdg/occview/gpus.csv"
XDG_CONFIG_HOME="$tmp/xdg" expect 0 "Lab GPU X" -- --print --gpu labx

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
