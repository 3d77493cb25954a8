#!/bin/sh
# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
# journey.sh - how far one record travels through the code: the calls between
# occview's own functions that one more record adds, the files they pass and
# how often a call moves from one file to another, from callgrind's call
# counts. The program runs twice under callgrind, on a report of one record
# and on the same record twice; the difference is one record's journey, with
# start-up (the database, the options) cancelled out.
#   bench/journey.sh OCCVIEW REPORT [OCCVIEW-ARGS...]
# REPORT's table must be its last lines: its final line is the record copied.
# Needs valgrind. Prints calls, files, moves and the files most re-entered.
set -eu
occview=$1 report=$2
shift 2
command -v valgrind >/dev/null || { echo "journey.sh: valgrind is needed"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$report" "$tmp/one.csv"
{ cat "$report"; tail -n 1 "$report"; } >"$tmp/two.csv"
for n in one two; do
	valgrind --tool=callgrind --compress-strings=no --compress-pos=no \
		--callgrind-out-file="$tmp/$n.out" "$occview" "$@" "$tmp/$n.csv" >/dev/null 2>&1
done
# One line per (caller file, caller, callee file, callee): the call count.
pairs() {
	awk '
	/^fl=/ { fl = substr($0, 4); cfl = ""; next }
	/^fn=/ { fn = substr($0, 4); cfl = ""; next }
	/^c(fi|fl)=/ { cfl = substr($0, 5); next }
	/^cfn=/ { cfn = substr($0, 5); next }
	/^calls=/ {
		split(substr($0, 7), a, " ")
		callee_fl = cfl != "" ? cfl : fl
		if (fl ~ /(^|\/)(src|ui)\// && callee_fl ~ /(^|\/)(src|ui)\//)
			n[fl "\t" fn "\t" callee_fl "\t" cfn] += a[1]
		cfl = ""
	}
	END { for (k in n) print k "\t" n[k] }' "$1" | sort
}
pairs "$tmp/one.out" >"$tmp/one.pairs"
pairs "$tmp/two.out" >"$tmp/two.pairs"
awk -F '\t' '
FNR == NR { one[$1 FS $2 FS $3 FS $4] = $5; next }
{
	d = $5 - one[$1 FS $2 FS $3 FS $4]
	if (d <= 0) next
	sub(/^.*(^|\/)(src|ui)\//, "", $1); sub(/^.*(^|\/)(src|ui)\//, "", $3)
	calls += d; files[$1] = 1; files[$3] = 1
	if ($1 != $3) { moves += d; into[$3] += d }
}
END {
	nf = 0; for (f in files) nf++
	printf "calls %d, files %d, moves between files %d\n", calls, nf, moves
	for (f in into) printf "  entered %s %d times\n", f, into[f] | "sort -k3 -rn | head -5"
}' "$tmp/one.pairs" "$tmp/two.pairs"
