# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
# cliutil.sh - what the program's shell tests share, sourced after they set
# OCCVIEW, tmp (a scratch folder) and pass=0 fail=0: ok, bad, expect.

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# check STATUS PATTERN: the status in $got and a pattern in $tmp/out, of the
# run $what names.
check() {
	if [ "$got" -ne "$1" ]; then
		bad "$what exited $got, want $1"; sed 's/^/  | /' "$tmp/out" | head -5
	elif ! grep -q -- "$2" "$tmp/out"; then
		bad "$what: no \"$2\" in:"; sed 's/^/  | /' "$tmp/out" | head -5
	else
		ok
	fi
}

# expect STATUS PATTERN -- ARGS...: occview ARGS with nothing on standard
# input; its status and a pattern in its stdout+stderr.
expect() {
	want=$1 pattern=$2
	shift 3
	what="occview $*"
	"$OCCVIEW" "$@" >"$tmp/out" 2>&1 </dev/null
	got=$?
	check "$want" "$pattern"
}
