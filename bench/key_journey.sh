#!/bin/sh
# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
# key_journey.sh - the "+ journey": one '+' on the registers field in the explorer
# at 200x60 on the default launch (bench/key_journey.c), counted by valgrind's
# callgrind twice: the key alone (the what-if stepped, the view recomputed)
# and the key with the screen drawn after it. Counted: calls from one of
# occview's functions to another, the distinct source files of src/ and ui/
# they are in, and the calls that move from one file to another; calls into
# libc are counted apart. A function the compiler inlined is part of its
# caller, as the built program has it (configure's CFLAGS, -g -O2 by default),
# and a call the compiler made a jump (a tail call) is credited by callgrind
# to whichever frame it sees: compare figures of builds with the same flags.
#   bench/key_journey.sh [-v] [BUILDDIR [REPORT]]
# builds bench/key_journey in BUILDDIR (.) first; -v lists the files and the
# busiest moves; with REPORT, the '+' is on its first record, loaded from the
# kernel browser.
set -eu
verbose=
if [ "${1-}" = -v ]; then verbose=1; shift; fi
build=${1:-.}
report=${2:-}
make -C "$build" bench/key_journey >/dev/null
tmp=$(mktemp -d "${TMPDIR:-/tmp}/journey.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

count() {
	# A dump on entering the function and one on leaving it: the second
	# holds that call alone, its call counts too (callgrind counts calls
	# whether it collects or not, so --toggle-collect would add the calls
	# of the whole run to the functions the window touches).
	rm -f "$tmp"/out*
	valgrind --tool=callgrind --dump-instr=no --collect-jumps=no \
		--dump-before="$1" --dump-after="$1" --callgrind-out-file="$tmp/out" \
		"$build/bench/key_journey" $report 2>/dev/null
	out=$(grep -l "^desc: Trigger: --dump-after" "$tmp"/out*)
	# callgrind's format: fl= and fn= name the function whose lines follow;
	# cfi=/cfl= and cfn= the callee of the next calls= line, whose first
	# number is the count. Names are compressed: "(id) name" the first
	# time, "(id)" after.
	awk -v what="$2" -v verbose="$verbose" '
	function name(s, kind,   id) {
		if (match(s, /^\([0-9]+\)/)) {
			id = substr(s, 2, RLENGTH - 2); s = substr(s, RLENGTH + 1); sub(/^ /, "", s)
			if (s != "") tab[kind, id] = s; else s = tab[kind, id]
		}
		return s
	}
	function own(f) { return f ~ /(^|\/)(src|ui)\/[^\/]+\/[^\/]+\.[ch]$/ }
	function short(f) { sub(/^.*\/(src|ui)\//, "", f); return f }
	/^fl=/ { fl = name(substr($0, 4), "f"); cfl = ""; next }
	/^(fi|fe)=/ { name(substr($0, 4), "f"); next }
	/^fn=/ { fn = name(substr($0, 4), "n"); if (!(fn in home)) home[fn] = fl; next }
	/^cf[il]=/ { cfl = name(substr($0, 5), "f"); next }
	/^cfn=/ { cfn = name(substr($0, 5), "n"); if (cfl != "" && !(cfn in guess)) guess[cfn] = cfl; next }
	/^calls=/ { split(substr($0, 7), a, " "); edge[fn SUBSEP cfn] += a[1]; cfl = ""; next }
	END {
		for (k in edge) {
			split(k, p, SUBSEP)
			from = home[p[1]]; to = (p[2] in home) ? home[p[2]] : guess[p[2]]
			if (!own(from)) continue
			if (!own(to)) { other += edge[k]; continue }
			calls += edge[k]; files[short(from)] = 1; files[short(to)] = 1
			if (from != to) { moves += edge[k]; pair[short(from) " -> " short(to)] += edge[k] }
		}
		nf = 0; for (f in files) nf++
		printf "%-22s calls %6d  files %2d  moves between files %6d  (calls into libc: %d)\n", what, calls, nf, moves, other
		if (verbose != "") {
			for (f in files) printf "    %s\n", f | "sort"
			close("sort")
			for (m in pair) printf "%8d  %s\n", pair[m], m | "sort -rn | head -15"
			close("sort -rn | head -15")
		}
	}' "$out"
}
count journey_key "key alone"
count journey "key to drawn canvas"
