#!/bin/sh
# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
# instructions.sh - issue 24's ratios counted in instructions, not seconds:
# what `occview --print --format F FILE` executes (callgrind, every format)
# against libcsv's bare parse of FILE (bench/command's floor, floor.c, counted
# alone with callgrind's --toggle-collect). Counts do not move with the load
# on a shared machine, so a change's before and after compare exactly, which
# wall times (bench/command) on a busy machine do not. Each count includes
# occview's start (the GPU database: about 8M instructions), so use inputs of
# a few thousand records (bench/gen_ncu.py --rocprof-kernels 2000 ...).
#
# usage: bench/instructions.sh OCCVIEW BENCH_COMMAND FILE[=GPU]...
#   FILE=GPU passes --gpu GPU (a rocprof file does not name its device).
# Prints per FILE: the floor's count, then per format occview's count and
# its ratio to the floor ("json 144204075 7.19").
set -u

if [ $# -lt 3 ]; then
	echo "usage: $0 OCCVIEW BENCH_COMMAND FILE[=GPU]..." >&2
	exit 2
fi
occview=$1
command=$2
shift 2
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# The instructions callgrind collected, from its summary line on stderr;
# a run that left none is tried once more (seen once with two of these
# scripts started together).
count() {
	for try in 1 2; do
		valgrind --tool=callgrind --callgrind-out-file="$tmp/out" "$@" 2>"$tmp/err" >/dev/null
		got=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$tmp/err")
		[ -n "$got" ] && [ "$got" != 0 ] && break
	done
	echo "$got"
}

status=0
for arg in "$@"; do
	file=${arg%%=*}
	gpu=
	[ "$file" != "$arg" ] && gpu=${arg#*=}
	# bench/command's floor alone: its occview children are not traced
	floor=$(count --toggle-collect=floor_libcsv_parse "$command" --rounds 1 --no-python \
		--formats csv "$occview" /dev/null "$file")
	if [ -z "$floor" ] || [ "$floor" -eq 0 ]; then
		echo "$file: no count for libcsv's parse" >&2
		status=1
		continue
	fi
	echo "$file: libcsv bare parse $floor"
	for format in csv json jsonl text; do
		if [ -n "$gpu" ]; then
			n=$(count "$occview" --print --format "$format" --gpu "$gpu" "$file")
		else
			n=$(count "$occview" --print --format "$format" "$file")
		fi
		if [ -z "$n" ]; then
			echo "$file: no count for --format $format" >&2
			status=1
			continue
		fi
		echo "$format $n $(awk -v n="$n" -v f="$floor" 'BEGIN { printf "%.2f", n / f }')"
	done
done
exit $status
