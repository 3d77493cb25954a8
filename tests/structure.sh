#!/bin/sh
# structure.sh - the shape the code keeps (DESIGN.md): the core in src/
# includes nothing of the front end in ui/, no two headers include each other
# round a cycle, and explorer.c only routes (under 400 lines).
set -u
top=${srcdir:-.}
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# 1. src/ includes nothing from ui/.
ui_headers=$(cd "$top/ui" && ls *.h)
found=""
for f in "$top"/src/*.c "$top"/src/*.h; do
	for h in $ui_headers; do
		if grep -q "^#include \"$h\"" "$f"; then found="$found ${f##*/}:$h"; fi
	done
done
if [ -z "$found" ]; then ok; else bad "src/ includes ui/ headers:$found"; fi

# 2. No include cycle among the headers: repeatedly drop headers that include
# no header still standing; whatever is left is in a cycle.
left=$(cd "$top" && ls src/*.h ui/*.h | grep -v gpu_data)
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
n=$(wc -l < "$top/ui/explorer.c")
if [ "$n" -lt 400 ]; then ok; else bad "ui/explorer.c has $n lines (under 400 wanted)"; fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
