#!/bin/sh
# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
# constructed.sh - the constructed reports under tests/data are what their
# generators write: each generator is run into a temporary folder and every
# file it writes must equal, byte for byte, the one the tests read (so a file
# edited by hand, or a generator changed without its files, fails here).
# Without python3 this is skipped, saying so.
set -u
top=${srcdir:-.}
PYTHON3=${PYTHON3:-python3}
if ! command -v "$PYTHON3" >/dev/null 2>&1; then
	echo "SKIP: no $PYTHON3 to run tools/gen_*.py"
	exit 77
fi
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

mkdir "$tmp/codexl"
"$PYTHON3" "$top/tools/gen_codexl_occupancy.py" "$tmp/codexl" || fail=$((fail + 1))
"$PYTHON3" "$top/tools/gen_constructed_reports.py" "$tmp" || fail=$((fail + 1))
files=$(cd "$tmp" && find . -type f | sort)
# 3 codexl files, the 22 that replaced unlicensed ones, the cluster
# record and the B200 pages' cuda_occupancy.h vectors (tests/data/README)
if [ "$(echo "$files" | grep -c .)" -eq 27 ]; then pass=$((pass + 1)); else
	fail=$((fail + 1)); echo "FAIL: the generators wrote: $files"; fi
for f in $files; do
	if cmp -s "$tmp/$f" "$top/tests/data/$f"; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL: tests/data/${f#./} is not what its generator writes"; fi
done
echo "constructed.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
