#!/bin/sh
# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
# structure.sh - the shape the code keeps (DESIGN.md): the core in src/
# includes nothing of the front end in ui/, no two headers include each other
# round a cycle, explorer.c only routes (under 400 lines), and every source
# file says its licence (SPDX) and copyright in its first lines, no file
# outside src/db, src/engine and src/import asks which vendor made the GPU,
# and no call climbs a layer or goes round a circle of files (tests/calls.sh,
# on the built libraries).
set -u
top=${srcdir:-.}
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# 1. src/ includes nothing from ui/.
ui_headers=$(cd "$top/ui" && ls */*.h | sed 's|.*/||')
found=""
for f in "$top"/src/*/*.c "$top"/src/*/*.h; do
	for h in $ui_headers; do
		if grep -q "^#include \"$h\"" "$f"; then found="$found ${f##*/}:$h"; fi
	done
done
if [ -z "$found" ]; then ok; else bad "src/ includes ui/ headers:$found"; fi

# 2. No include cycle among the headers: repeatedly drop headers that include
# no header still standing; whatever is left is in a cycle.
left=$(cd "$top" && ls src/*/*.h ui/*/*.h | grep -v gpu_data)
while :; do
	next=""
	for h in $left; do
		deps=$(sed -n 's/^#include "\(.*\.h\)"/\1/p' "$top/$h")
		standing=0
		for d in $deps; do
			for o in $left; do
				[ "${o##*/}" = "$d" ] && [ "$o" != "$h" ] && standing=1
			done
		done
		[ $standing -eq 1 ] && next="$next $h"
	done
	[ "$next" = "$(echo $left | sed 's/^/ /')" ] && break
	[ -z "$next" ] && break
	left=$(echo $next)
	[ "$(echo $left | wc -w)" -eq 0 ] && break
done
if [ -z "$next" ]; then ok; else bad "headers in an include cycle, or including one:$next"; fi

# 3. explorer.c routes and acts; the panes do the rest.
n=$(wc -l < "$top/ui/explorer/explorer.c")
if [ "$n" -lt 400 ]; then ok; else bad "ui/explorer/explorer.c has $n lines (under 400 wanted)"; fi

# 4. Every source file names its licence and copyright near the top.
unlicensed=""
for f in $(cd "$top" && find src ui tests bench tools completion examples \( -path tests/data -o -path tests/fuzz/corpus \) \
	   -prune -o -type f \( -name '*.[ch]' -o -name '*.sh' -o -name '*.py' -o -name '*.bash' \
	   -o -name '_occview' -o -name occview -o -name config \) -print 2>/dev/null) configure.ac Makefile.am dev .ci/run \
	 man/occview.1.in man/occview-formats.5; do
	[ -f "$top/$f" ] || continue
	if ! head -n 4 "$top/$f" | grep -q "SPDX-License-Identifier: MIT" ||
	   ! head -n 4 "$top/$f" | grep -q "Copyright (c) 2026 the occview developers"; then
		unlicensed="$unlicensed $f"
	fi
done
if [ -z "$unlicensed" ]; then ok; else bad "no SPDX licence or copyright line:$unlicensed"; fi
[ -f "$top/LICENSE" ] && grep -q "^MIT License" "$top/LICENSE" && ok || bad "no MIT LICENSE file"

# 5. Vendor knowledge lives in the database, the engines and the readers:
# elsewhere the program asks the engine (engine.h) for words, limits and
# advice, and never tests GPU_AMD or GPU_NVIDIA.
vendor=$(cd "$top" && grep -ln 'GPU_AMD\|GPU_NVIDIA' src/*/*.[ch] ui/*/*.[ch] 2>/dev/null |
	 grep -v '^src/db/\|^src/engine/\|^src/import/' | tr '\n' ' ')
if [ -z "$vendor" ]; then ok; else bad "vendor tests outside src/db, src/engine, src/import: $vendor"; fi

# 6. No call climbs a layer and no two files call each other round a circle,
# read from the built libraries (tests/calls.sh), which sit beside the
# program make check built.
build=$(dirname "${OCCVIEW:-./occview}")
if out=$(sh "$top/tests/calls.sh" "$build" 2>&1); then ok; else bad "calls between files: $out"; fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
