# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
# tuiutil.sh - what the tmux tests share, sourced first: a tmux server per
# start, start COLSxROWS ARGS, screen, wait_for, check TEXT WHY, keys, ok and
# bad. OCCVIEW_WRAPPER runs occview under a tool; OCCVIEW_PATIENCE (tenths of
# a second, 100) is how long a check waits.
set -u
: "${OCCVIEW:?}"
command -v tmux >/dev/null 2>&1 || { echo "tmux is not installed: skipped"; exit 77; }
tmp=$(mktemp -d)
# One tmux server per start: a server being killed cannot take the next session.
n=0
sock="occview-test-$$-$n"
T() { tmux -L "$sock" -f /dev/null "$@"; }
trap 'T kill-server 2>/dev/null; rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; echo "  screen:"; T capture-pane -p -t t 2>/dev/null | sed 's/^/  | /'; }
wrapper=${OCCVIEW_WRAPPER:-}
# Under valgrind everything is slower.
patience=${OCCVIEW_PATIENCE:-100}

# next_server: the last session's server gone, a fresh socket for the next.
# A q sent to the last session is read before the session goes: killing it
# first is a hang-up, whose recovery file the next start announces.
next_server() {
	i=0
	while [ $i -lt 20 ] && T has-session -t t 2>/dev/null && ! screen | grep -q "^EXIT="; do
		sleep 0.05; i=$((i + 1))
	done
	T kill-server 2>/dev/null
	n=$((n + 1))
	sock="occview-test-$$-$n"
}

# start COLSxROWS ARGS...: a fresh session running occview; the shell prints
# its exit status when it ends.
start() {
	size=$1; shift
	next_server
	# sh -c writes its pid and execs env, which execs occview: the pid is
	# occview's (signal() reads it; no /proc, no procps).
	T new-session -d -s t -x "${size%x*}" -y "${size#*x}" \
		"sh -c 'echo \$\$ >\"\$0\"; exec \"\$@\"' '$tmp/pid' \
		 env LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=xterm-256color NO_COLOR= XDG_STATE_HOME='$tmp/state' \
		 HOME='$tmp/home' ${START_ENV:-} $wrapper '$OCCVIEW' $* ; echo EXIT=\$?; sleep 30"
	T set-option -t t remain-on-exit on >/dev/null
}

screen() { T capture-pane -p -t t; }

# wait_for TEXT: until the screen shows TEXT (fixed string), or fail.
wait_for() {
	i=0
	while [ $i -lt "$patience" ]; do
		if screen | grep -qF -- "$1"; then return 0; fi
		sleep 0.1; i=$((i + 1))
	done
	return 1
}

check() { # check TEXT DESCRIPTION
	if wait_for "$1"; then ok; else bad "$2: no \"$1\" on screen"; fi
}

# The occupancy the print mode computes, as the status line prints it.
occupancy() {
	"$OCCVIEW" --format json "$@" </dev/null | sed -n 's/.*"theoretical_occupancy_pct": *\([0-9.]*\).*/\1/p' |
		head -1 | awk '{ printf "%.1f%%", $1 }'
}

keys() { T send-keys -t t "$@"; }
