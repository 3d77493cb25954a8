#!/bin/sh
# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
# calls.sh - the calls between files, read from the built objects with nm: a
# call that climbs a layer and two files that call each other round a circle
# fail (DESIGN.md, "Layout of the repository"). Reads only what the linker
# sees, so a declaration or an include never counts and a call always does.
#   tests/calls.sh BUILDDIR          check, print "N passed, M failed"
#   tests/calls.sh --edges BUILDDIR  print every "caller callee" pair of files
set -u
mode=check
if [ "${1-}" = --edges ]; then mode=edges; shift; fi
build=${1:-.}
NM=${NM:-nm}

# The layers, lowest first; a file may call files of its own layer or below.
layers="src/base src/db src/engine src/report src/import src/analysis src/output src/session
ui/model ui/draw ui/panes ui/print ui/explorer ui/tty"

# The members of each layer's library (and the program's own objects in
# ui/tty): what the link uses, never a stale object left by an older build.
objs=$(cd "$build" && for l in $layers; do
	for a in $l/lib*.a; do [ -f "$a" ] && echo "$a"; done
	[ $l = ui/tty ] && ls $l/*.o 2>/dev/null
done)
if [ -z "$objs" ]; then
	echo "calls.sh: no libraries under $build (build first)"
	exit 99
fi

# One line per symbol: D FILE SYMBOL for a definition, U FILE SYMBOL for a use.
# FILE is folder/name, the per-target prefix automake gives objects dropped.
edges=$(cd "$build" && for o in $objs; do
	d=${o%/*}
	$NM -A "$o" 2>/dev/null | awk -v d="$d" '
		{
			# "lib.a:member.o: sym" or "file.o: sym": the object is the
			# last colon-separated name before the symbol fields
			split($1, p, ":"); f = p[1] ~ /\.a$/ ? p[2] : p[1]
			sub(/.*\//, "", f); sub(/\.o$/, "", f); sub(/^[^-]*-/, "", f)
			f = d "/" f
		}
		NF == 3 && $2 ~ /^[TDBRCV]$/ { print "D", f, $3 }
		NF == 3 && $2 == "U" { print "U", f, $3 }'
done | awk '
	$1 == "D" { def[$3] = $2; next }
	{ use[++n] = $2 " " $3 }
	END {
		for (i = 1; i <= n; i++) {
			split(use[i], a, " ")
			if ((a[2] in def) && def[a[2]] != a[1]) print a[1], def[a[2]]
		}
	}' | sort -u)

if [ $mode = edges ]; then
	echo "$edges"
	exit 0
fi

echo "$edges" | awk -v layers="$layers" '
function layer(f,   d) { d = f; sub(/\/[^\/]*$/, "", d); return rank[d] }
BEGIN { n = split(layers, L, /[ \n]+/); for (i = 1; i <= n; i++) rank[L[i]] = i }
NF == 2 {
	adj[$1] = adj[$1] " " $2; node[$1] = 1; node[$2] = 1
	if (layer($2) > layer($1)) { print "FAIL: " $1 " calls " $2 ", a higher layer"; climbs++ }
}
END {
	# A circle: two files each reaching the other.
	for (a in node) {
		delete seen; h = 1; t = 1; q[1] = a
		while (h <= t) {
			x = q[h++]; k = split(adj[x], nb, " ")
			for (i = 1; i <= k; i++) if (!(nb[i] in seen)) { seen[nb[i]] = 1; q[++t] = nb[i] }
		}
		for (b in seen) reach[a, b] = 1
	}
	for (a in node) {
		if (a in done) continue
		c = a; m = 0
		for (b in node) if (b != a && ((a, b) in reach) && ((b, a) in reach)) { c = c " " b; done[b] = 1; m++ }
		if (m) { print "FAIL: files calling each other round a circle: " c; circles++ }
	}
	pass = (climbs ? 0 : 1) + (circles ? 0 : 1)
	print pass " passed, " (2 - pass) " failed"
	exit (climbs || circles) ? 1 : 0
}'
