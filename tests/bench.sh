#!/bin/sh
# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
# bench.sh - every benchmark program and baseline script run on a small input,
# untimed, checking that each still runs and writes its rows, so that none rots
# between benchmark rounds (the Python baseline once crashed on every NVIDIA
# input for want of this). Without python3 the scripts' part is skipped, saying so.
set -u
: "${OCCVIEW:?}" "${TESTDATA:?}" "${BENCH:?}" "${BENCH_SRC:?}"
PYTHON3=${PYTHON3:-python3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

. "${0%/*}/cliutil.sh"

# run NAME PATTERN COUNT -- COMMAND...: COMMAND exits 0 and writes at least
# COUNT lines that match PATTERN.
run() {
	what=$1 pattern=$2 count=$3
	shift 4
	"$@" >"$tmp/out" 2>&1 </dev/null
	got=$?
	n=$(grep -c -- "$pattern" "$tmp/out")
	if [ "$got" -ne 0 ]; then
		bad "$what exited $got"; sed 's/^/  | /' "$tmp/out" | tail -5
	elif [ "$n" -lt "$count" ]; then
		bad "$what: $n lines match \"$pattern\", want $count or more:"
		sed 's/^/  | /' "$tmp/out" | head -8
	else
		ok
	fi
}

RAW=$TESTDATA/ncu/constructed_ncu_raw_page_b200_cc100_decode_b1.csv
DETAILS=$TESTDATA/ncu/opinsight_a100_cc80_ncu2022_details_pooling_full_240k.csv
ROCPROF=$TESTDATA/rocprof/gunrock_mi300_rocprofv1_results_TRUNCATED.csv

# The C programs, with no Python: the step rows of 4 launches, the keystroke
# rows of every block-duration model, the browser's rows and first frames, the
# import's records and the commands' rows of every format.
run "bench/kernel" "^[a-z_].*  *[0-9.]*  *[0-9.]*  *[0-9.]*  *[0-9.]*$" 10 -- "$BENCH/kernel" --smoke
run "bench/keystroke" "1584 blk .* key .* worst .* to result .* draw .* ms" 20 -- "$BENCH/keystroke" --smoke
run "bench/keystroke's animation" "1584 blk .* play .* frame .* worst .* to end .* step .* ms" 10 -- \
	"$BENCH/keystroke" --smoke
run "bench/browser" "first frame at 200x60 [0-9]* ms" 2 -- \
	"$BENCH/browser" --smoke "$RAW" "$ROCPROF=MI300X"
run "bench/browser's rows" "^rows for 1000 records" 1 -- "$BENCH/browser" --smoke
run "bench/browser --memory" "bytes per record\|the loaded size" 2 -- \
	"$BENCH/browser" --memory "$ROCPROF=MI300X"
run "bench/import" "occview stream .* [1-9][0-9]* records" 3 -- \
	"$BENCH/import" --smoke - "$RAW" "$DETAILS" "$ROCPROF"
run "bench/command" "^  occview --format [a-z]* .*  [0-9]*$" 3 -- \
	"$BENCH/command" --rounds 1 --no-python --formats csv,json,text "$OCCVIEW" \
	"$BENCH_SRC/occupancy.py" "$RAW"

# bench/binary on a compiled object of the test data (nvcc's, LZ4 entries).
run "bench/binary" "[1-9][0-9]* kernel" 1 -- "$BENCH/binary" "$OCCVIEW" "$TESTDATA/cubin/kernels_lz4.o"

# bench/journey.sh: one record's calls under callgrind (a rocprof file's
# header and first dispatch), where valgrind is and the program is not built
# with AddressSanitizer (which valgrind cannot run): its runtime's entry
# point is named in the program whether it is linked in (clang) or a shared
# libasan (gcc), which ldd alone saw.
if grep -q __asan_init "$OCCVIEW" 2>/dev/null; then
	echo "SKIP: occview is built with AddressSanitizer: bench/journey.sh and bench/instructions.sh (valgrind) not run"
elif command -v valgrind >/dev/null 2>&1; then
	head -n 2 "$ROCPROF" >"$tmp/one.csv"
	run "bench/journey.sh" "^calls [1-9][0-9]*, files [1-9][0-9]*, moves between files [0-9]*$" 1 -- \
		sh "$BENCH_SRC/journey.sh" "$OCCVIEW" "$tmp/one.csv" --gpu MI300X --format csv
	# bench/instructions.sh: the instruction counts of every format against
	# libcsv's parse, on the same one-record file
	run "bench/instructions.sh" "^[a-z]* [1-9][0-9]* [0-9.]*$" 4 -- \
		sh "$BENCH_SRC/instructions.sh" "$OCCVIEW" "$BENCH/command" "$tmp/one.csv=MI300X"
else
	echo "SKIP: no valgrind: bench/journey.sh and bench/instructions.sh not run"
fi

if ! command -v "$PYTHON3" >/dev/null 2>&1; then
	echo "SKIP: no $PYTHON3: bench/gen_ncu.py, occupancy.py and dictreader.py not run"
else
	# gen_ncu.py as make bench runs it, small; each script on each page it
	# makes writes a row per kernel (and its header); the programs take them.
	gen="$tmp/gen"
	run "gen_ncu.py" "" 0 -- "$PYTHON3" "$BENCH_SRC/gen_ncu.py" --out "$gen" \
		--raw-kernels 30 --details-kernels 20 --rocprof-kernels 40 --rocprof "$ROCPROF" \
		--launches 50
	# the launch list's row of bench/launch_list.txt, small
	run "bench/command on a launch list" "^  occview --format [a-z]* .*  [0-9]*$" 4 -- \
		"$BENCH/command" --rounds 1 --no-python --formats csv,json,jsonl,text "$OCCVIEW" \
		"$BENCH_SRC/occupancy.py" "$gen/launches.csv"
	run "occupancy.py raw page" "^[0-9][0-9]*,.*,[0-9][0-9]*,[0-9.]*,[a-z_;]*$" 30 -- \
		"$PYTHON3" "$BENCH_SRC/occupancy.py" "$gen/ncu_raw.csv"
	run "occupancy.py details page" "^[0-9][0-9]*,.*,[0-9][0-9]*,[0-9.]*,[a-z_;]*$" 20 -- \
		"$PYTHON3" "$BENCH_SRC/occupancy.py" "$gen/ncu_details.csv"
	run "occupancy.py rocprof" "^[0-9][0-9]*,.*,[0-9][0-9]*,[0-9.]*,[a-z_;]*$" 40 -- \
		"$PYTHON3" "$BENCH_SRC/occupancy.py" --gpu MI300X "$gen/rocprof_v1.csv"
	# every NVIDIA architecture the script can be asked for, by cc
	for cc in $(sed -n 's/^sm_[0-9]*,[^,]*,\([0-9.]*\),.*/\1/p' "$BENCH_SRC/../data/archs.csv"); do
		"$PYTHON3" -c 'import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
h = [i for i, r in enumerate(rows) if "CC" in r][0]
for r in rows[h + 2:]:
    r[rows[h].index("CC")] = sys.argv[2]
csv.writer(open(sys.argv[3], "w", newline="")).writerows(rows[h:])' "$gen/ncu_raw.csv" "$cc" "$tmp/cc.csv"
		run "occupancy.py on cc $cc" "^[0-9][0-9]*,.*,[0-9][0-9]*,[0-9.]*,[a-z_;]*$" 1 -- \
			"$PYTHON3" "$BENCH_SRC/occupancy.py" "$tmp/cc.csv"
	done
	run "dictreader.py" "^30$" 1 -- "$PYTHON3" "$BENCH_SRC/dictreader.py" "$gen/ncu_raw.csv"
	run "bench/import with dictreader.py" "Python DictReader .* MB/s" 3 -- \
		"$BENCH/import" --smoke "$BENCH_SRC/dictreader.py" \
		"$gen/ncu_raw.csv" "$gen/ncu_details.csv" "$gen/rocprof_v1.csv"
	run "bench/command with occupancy.py" "^  .*occupancy.py .*  0$" 2 -- \
		"$BENCH/command" --rounds 1 --python "$PYTHON3" --formats csv "$OCCVIEW" \
		"$BENCH_SRC/occupancy.py" "$gen/ncu_raw.csv" "$gen/ncu_details.csv"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
