#!/bin/sh
# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
# cli_hostile.sh - occview against hostile names and files: no byte of a file name, path or file's text reaches the terminal raw, and nothing hangs.
set -u
: "${OCCVIEW:?}" "${TESTDATA:?}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
HOME=$tmp XDG_STATE_HOME=$tmp/state XDG_CONFIG_HOME=$tmp/config
export HOME XDG_STATE_HOME XDG_CONFIG_HOME
pass=0 fail=0
R=$TESTDATA/rocprof
V=$TESTDATA/nvprof

. "${0%/*}/cliutil.sh"

# --- 1. Escape sequences in names: every message path ---------------------

# The name sets the terminal's title (OSC 0 ... BEL) and a colour (CSI 99 m)
# where it is written raw; a folder of the same kind holds the files.
esc=$(printf '\033') bel=$(printf '\007')
hname="r${esc}]0;PWNED${bel}${esc}[99mX"
hdir="$tmp/d${esc}[31m${bel}"
mkdir -p "$hdir"
# What a raw name leaves: C0 controls but tab and newline, DEL, and C1
# controls in UTF-8 (U+0080-U+009F), which terminals obey as well.
raw_controls=$(printf '[\001-\010\013-\037\177]')
raw_c1=$(printf '\302[\200-\237]')

# hostile PATTERN STATUS -- ARGS...: occview ARGS, in each of the three
# formats unless ARGS names one; PATTERN (a message that quotes the name)
# must be said, and stdout and stderr must hold no control byte.
hostile() {
	pattern=$1 want=$2
	shift 3
	for fmt in text json csv; do
		case " $* " in
		*" --format "*) set -- "$@"; fmt=given ;;
		esac
		if [ "$fmt" = given ]; then
			"$OCCVIEW" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
		elif [ "$fmt" = text ]; then
			"$OCCVIEW" --print "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
		else
			"$OCCVIEW" --format "$fmt" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
		fi
		got=$?
		what="occview ($fmt) $*"
		cat "$tmp/out" "$tmp/err" >"$tmp/both"
		if [ "$got" -ne "$want" ]; then
			bad "$what exited $got, want $want"; sed -n 1,3p "$tmp/err" | od -c | head -5
		elif ! grep -q -- "$pattern" "$tmp/both"; then
			bad "$what: no \"$pattern\" in:"; head -5 "$tmp/both" | od -c | head -10
		elif LC_ALL=C grep -q -- "$raw_controls" "$tmp/both" ||
		     LC_ALL=C grep -q -- "$raw_c1" "$tmp/both"; then
			bad "$what: a raw control byte reached the output:"
			LC_ALL=C grep -n -- "$raw_controls\|$raw_c1" "$tmp/both" | head -3 | od -c | head -8
		else
			ok
		fi
		[ "$fmt" = given ] && break
	done
}

# The device note: the report names an architecture, not a device
# (cli_reports.sh: gunrock's rows say gfx942 and no device).
cp "$R/gunrock_mi300_rocprofv1_results_TRUNCATED.csv" "$hdir/$hname.csv"
hostile 'X\.csv: the report names the architecture (gfx942)' 0 -- "$hdir/$hname.csv"
# "the same for N more": omniperf CPF names no GPU, three records.
cp "$R/omniperf_tests_mi100_pmc_perf_ipblocks_CPF.csv" "$hdir/$hname-cpf.csv"
hostile 'X-cpf\.csv: the same for 2 more kernel records' 65 -- "$hdir/$hname-cpf.csv"
# --kernel that matches nothing.
hostile 'names none of its 3 kernel records' 64 -- --gpu mi100 --kernel vecAdd "$hdir/$hname-cpf.csv"
# A kernel named with escapes matches nothing either; its name is quoted.
hostile 'kernel "\\x1B\[2J" names none' 64 -- --gpu mi100 --kernel "${esc}[2J" "$hdir/$hname-cpf.csv"
# Rows rejected (cli_reports.sh: line 3's Arch_VGPR -4).
sed '3s/,4,4,16,64,/,-4,4,16,64,/' "$R/omniperf_tests_mi300x_rocprofv2style_timestamps.csv" \
	>"$hdir/$hname-rej.csv"
hostile 'X-rej\.csv: 1 row rejected' 65 -- --gpu mi300x "$hdir/$hname-rej.csv"
# Fields left absent.
sed '2s/,716380685145736,/,soon,/; 3s/,716380685184013,/,later,/' \
	"$R/omniperf_tests_mi300x_rocprofv2style_timestamps.csv" >"$hdir/$hname-ts.csv"
hostile 'X-ts\.csv: 2 fields in all left absent' 0 -- --gpu mi300x "$hdir/$hname-ts.csv"
# Neither a launch file nor a report.
printf 'alpha,beta,gamma\n1,2,3\n' >"$hdir/$hname-other.csv"
hostile 'X-other\.csv is neither' 65 -- "$hdir/$hname-other.csv"
# A file that cannot be opened.
hostile 'X-none\.csv: cannot open' 66 -- "$hdir/$hname-none.csv"
# A launch file whose gpu is an architecture: named after the file, with the
# note; its kernel (the file's name) in every output.
printf 'gpu = sm_52\nblock = 256\nregisters = 32\ngrid = 48\n' >"$hdir/$hname.occ"
hostile 'is an architecture (sm_52)' 0 -- "$hdir/$hname.occ"
# A launch list whose kernel names carry escapes and C1 controls.
printf 'kernel,gpu,grid_size,block_size,registers_per_thread\n"k\033]0;T\007",H100,132,256,32\nk\302\233\061m,A100,108,128,64\n' \
	>"$hdir/$hname-list.csv"
# (text writes a summary of its two launches, with their grids, not GPU names)
hostile '132' 0 -- "$hdir/$hname-list.csv"
# A launch file with a bad value: the message quotes it.
printf 'gpu = H100\nblock = 25\0336\n' >"$hdir/$hname-bad.occ"
hostile 'X-bad\.occ:2' 65 -- "$hdir/$hname-bad.occ"
# A trace joined with its metrics: the join's notes name both files
# (cli_reports.sh: 3 of 4 kernels joined).
cp "$V/magus_gtx1080ti_nvprof_print_gpu_trace_csv_shflscan.csv" "$hdir/$hname-trace.csv"
cp "$V/magus_gtx1080ti_nvprof_metrics_all_csv_shflscan_TRUNCATED.csv" "$hdir/$hname-metrics.csv"
hostile 'joined 3 of 4 kernels of' 0 -- "$hdir/$hname-trace.csv" "$hdir/$hname-metrics.csv"
# --compare: records of a hostile file, and an id it lacks.
hostile 'no record has the id 9' 64 -- --compare 1,9 "$hdir/$hname-list.csv"
hostile 'Instinct MI300X' 0 -- --compare 1,2 --gpu mi300x "$hdir/$hname-ts.csv"
# A user GPU database at a hostile path that does not read.
printf 'name,arch,sm_count\nX,sm_90,\n' >"$hdir/$hname-gpus.csv"
hostile 'X-gpus\.csv' 65 -- --gpu-db "$hdir/$hname-gpus.csv" --gpu H100
# A settings file under a hostile folder with a hostile value.
mkdir -p "$hdir/cfg/occview"
printf 'gpu = H1\033[5m00\n' >"$hdir/cfg/occview/config"
XDG_CONFIG_HOME=$hdir/cfg hostile 'unknown GPU "H1\\x1B\[5m00"' 64 -- --block-size 256
rm -rf "$hdir/cfg"

# A settings file with a NUL byte (what follows it used to be ignored
# silently) is refused with its line; a byte order mark before the first key
# is passed over (it made an unknown key).
mkdir -p "$tmp/ncfg/occview"
printf 'gpu = A100\n\000theme = x\n' >"$tmp/ncfg/occview/config"
what="config with a NUL"
XDG_CONFIG_HOME=$tmp/ncfg "$OCCVIEW" --print >"$tmp/out" 2>&1 </dev/null
got=$?
check 65 "config:2: a NUL byte: not a settings file"
printf '\357\273\277gpu = A100\n' >"$tmp/ncfg/occview/config"
what="config with a BOM"
XDG_CONFIG_HOME=$tmp/ncfg "$OCCVIEW" --print >"$tmp/out" 2>&1 </dev/null
got=$?
check 0 "Kernel  default on NVIDIA A100"
rm -rf "$tmp/ncfg"

# --- 2. Nothing blocks ------------------------------------------------------

# answers STATUS PATTERN -- ARGS...: occview ARGS answers (within the generous
# timeout, which is no measure of speed) with STATUS and PATTERN.
answers() {
	want=$1 pattern=$2
	shift 3
	what="occview $*"
	timeout 10 "$OCCVIEW" "$@" >"$tmp/out" 2>&1 </dev/null
	got=$?
	check "$want" "$pattern"
}

# A FIFO named as a file is read when its writer is there (cli_conventions.sh);
# with none, opening it to read would wait forever: it is said at once.
mkfifo "$tmp/fifo.csv"
answers 66 "fifo.csv: cannot open: a FIFO (named pipe) that nothing was written to within 1000 ms" \
	-- --print "$tmp/fifo.csv"
answers 66 "occview - < FIFO waits for it" -- --format json "$tmp/fifo.csv"
answers 66 "fifo.csv: cannot open: a FIFO" -- --load "$tmp/fifo.csv" --print
# A directory and a device are no files either.
answers 66 "cannot open: a directory, not a regular file" -- --print "$tmp"
answers 66 "cannot open: a character device, not a regular file" -- --print /dev/null
# The settings file and the user's GPU database as FIFOs: said, not waited on.
mkdir -p "$tmp/fcfg/occview"
mkfifo "$tmp/fcfg/occview/config"
XDG_CONFIG_HOME=$tmp/fcfg answers 66 "config: cannot open: a FIFO (named pipe), not a regular file" -- --print
rm "$tmp/fcfg/occview/config"
mkfifo "$tmp/fcfg/occview/gpus.csv"
XDG_CONFIG_HOME=$tmp/fcfg answers 66 "gpus.csv: cannot open: a FIFO (named pipe), not a regular file" -- --print
answers 66 "fifo.csv: cannot open: a FIFO (named pipe), not a regular file" -- --gpu-db "$tmp/fifo.csv" --print
rm -rf "$tmp/fcfg"
# An endless stream with no header: the search for one gives up, saying what
# it saw (yes is killed by SIGPIPE once occview stops reading).
what="yes a,b,c | occview --print"
yes a,b,c | timeout 10 "$OCCVIEW" --print >"$tmp/out" 2>&1
got=$?
check 65 'no profiler table in the first 20000 table-like lines.*the first, line 1: "a,b,c"'
# Long lines of application output: the byte bound.
what="yes <500 zeros> | occview --print"
yes "$(printf '%0500d' 0)" | timeout 10 "$OCCVIEW" --print >"$tmp/out" 2>&1
got=$?
check 65 'no profiler table in the first 16 MiB'

# --- 3. Checked conversions --------------------------------------------------

# 1e19 B of dynamic shared memory in an nvprof trace (line 8 of the GTX 1080
# Ti trace says 32): no integer holds it; it was cast to -9223372036854775808.
sed '8s/,0.000000,32,,,/,0.000000,1e19,,,/' "$V/magus_gtx1080ti_nvprof_print_gpu_trace_csv_shflscan.csv" \
	>"$tmp/smem.csv"
expect 65 'smem.csv:8: Dynamic SMem: "1e19" is out of range (0 to 9223372036854775807 bytes)' -- \
	--format csv "$tmp/smem.csv"
if grep -q -- '-9223372036854775808' "$tmp/out"; then bad "1e19 B cast to an integer"; else ok; fi

# --- 6. Messages ---------------------------------------------------------------

# A value the GPU refuses is told at its key's line, not the launch's first.
printf 'gpu = H100\nblock = 256\n\n# the tile kernel\nregisters = 300\ngrid = 10\n' >"$tmp/regs.occ"
expect 65 'regs.occ:5: registers: registers per thread: 300, but NVIDIA H100 80GB HBM3 allows at most 255' \
	-- --print "$tmp/regs.occ"
printf 'gpu = H100\nblock = 2048\n' >"$tmp/block.occ"
expect 65 'block.occ:2: block: threads per block: 2048' -- --format json "$tmp/block.occ"
# A number no integer holds is out of range, with the range (params.h: 0 to
# 65536 registers), not "expected a whole number".
printf 'gpu = H100\nregisters = 9223372036854775807\n' >"$tmp/huge.occ"
expect 65 'huge.occ:2: registers: 9223372036854775807 is out of range (0 to 65536)' -- --print "$tmp/huge.occ"
expect 64 'registers: 99999999999999999999 is out of range (0 to 65536)' -- --print \
	--registers 99999999999999999999
# A table cut inside its units row: the header's line and where it ends.
head -4 "$V/magus_gtx1080ti_nvprof_print_gpu_trace_csv_shflscan.csv" >"$tmp/cut.csv"
printf 'ms,ms,,,' >>"$tmp/cut.csv"
expect 65 'cut.csv:5: the nvprof GPU trace table (its header on line 4) holds no kernel rows, and the file ends inside this line' \
	-- --print "$tmp/cut.csv"

echo "cli_hostile.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
