#!/bin/sh
# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
# tui_session.sh - the explorer in tmux around its session: a report piped in
# (keys from /dev/tty, as less reads them; none without a controlling
# terminal), s with its full path and overwrite question, o on the recovery
# notice, T switching the theme into the settings file, the animation's
# playhead and frame steps, and named scenarios kept in the launch file.
# The tmux helpers are tuiutil.sh's; run() starts a shell line, not occview.
. "${0%/*}/tuiutil.sh"
TESTDATA="$(cd "${srcdir:-.}" && pwd)/tests/data"
# 6 A100 kernels; record 1 has "Registers Per Thread" 62 (line 147)
a100="$TESTDATA/ncu/constructed_ncu_details_fullset_a100_cc80.csv"
mkdir -p "$tmp/work" "$tmp/config"

# $OCC: occview with the tests' environment, one program (setsid runs it).
OCC="$tmp/occ"
printf '#!/bin/sh\nexec env LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=xterm-256color NO_COLOR= %s %s %s "$@"\n' \
	"XDG_STATE_HOME='$tmp/state' XDG_CONFIG_HOME='$tmp/config' HOME='$tmp/home'" \
	"$wrapper" "'$OCCVIEW'" >"$OCC"
chmod +x "$OCC"

# run COLSxROWS SHELL-TEXT: a fresh session running SHELL-TEXT in $tmp/work;
# the shell prints the exit status when it ends.
run() {
	size=$1; shift
	next_server
	cat >"$tmp/run.sh" <<EOF
cd '$tmp/work'
$*
echo EXIT=\$?
sleep 30
EOF
	T new-session -d -s t -x "${size%x*}" -y "${size#*x}" "sh '$tmp/run.sh'"
	T set-option -t t remain-on-exit on >/dev/null
}

colour_codes() {
	T capture-pane -e -p -t t | grep -cE '\[(3[0-7]|4[0-7]|38;5;[0-9]+|48;5;[0-9]+)m'
}

# --- a report piped in: the explorer, keys from /dev/tty -------------------------
run 120x40 "cat '$a100' | $OCC"
check "6 of 6 records" "cat FILE | occview opens the kernel browser"
check "advect_scalar__FILE_Oceanic" "the piped report's kernels"
keys j Enter
check "registers 62" "keys from /dev/tty: j and Enter load record 1"
check "[1 Occupancy]" "the record's occupancy pane"
keys q
check "EXIT=0" "q quits the piped session"
# A pipe that brings its report late is waited for (was: 1 s, then the
# default launch).
run 120x40 "(sleep 2; cat '$a100') | $OCC"
check "6 of 6 records" "a pipe slower than a second is still read"
keys q
check "EXIT=0" "q quits"
# No controlling terminal (setsid; as in CI): said, status 70, no hang.
if command -v setsid >/dev/null 2>&1; then
	run 120x20 "cat '$a100' | setsid $OCC"
	check "/dev/tty cannot be opened" "no /dev/tty: said"
	check "EXIT=70" "no /dev/tty: status 70"
fi

# --- s: the full path, and a question before overwriting ---------------------------
run 120x40 "$OCC"
check "[block 256]" "the default launch"
keys Tab ]
check "[registers 40]" "] steps the registers"
keys s
check "save the launch to: $tmp/work/whatif.occ_" "s shows the full path"
keys Enter
check "saved to $tmp/work/whatif.occ (occview --load" "saved, the path said in full"
if grep -qE "^registers *= 40$" "$tmp/work/whatif.occ"; then ok; else bad "whatif.occ lacks the 40 registers"; fi
keys ]
check "[registers 48]" "48 registers"
keys s Enter
check "$tmp/work/whatif.occ exists: overwrite it? (y overwrites" "asked before overwriting"
keys n
check "not saved: $tmp/work/whatif.occ is as it was" "n keeps the file"
if grep -qE "^registers *= 40$" "$tmp/work/whatif.occ"; then ok; else bad "n changed the file"; fi
keys s Enter y
check "saved to $tmp/work/whatif.occ" "y overwrites"
if grep -qE "^registers *= 48$" "$tmp/work/whatif.occ"; then ok; else bad "y did not write 48 registers"; fi

# --- o on the recovery notice ------------------------------------------------------
# The same session dropped (Ctrl-C): its launch goes to a recovery file.
keys Right
check "[registers 49]" "a changed launch before the drop"
T send-keys -t t C-c
# (the line wraps where the temporary path puts it: only its tail)
check "state/occview/recovery-" "Ctrl-C ends the session, saving the launch"
recovered=$(ls "$tmp/state/occview/"recovery-*.occ 2>/dev/null)
if [ -n "$recovered" ]; then ok; else bad "no recovery file"; fi
run 120x40 "$OCC"
check "o opens it now (u undoes)" "the notice offers o"
check "occupancy 100.0%" "the default launch under the notice"
keys o
check "registers 49" "o opens the recovered launch"
check "is the what-if (u undoes it" "o says what it did"
keys u
check "occupancy 100.0%" "u undoes it"
keys U q
check "EXIT=0" "q quits"
if [ ! -e "$recovered" ]; then ok; else bad "q after o kept the recovery file"; fi

# --- T: the next theme, kept in the settings file ----------------------------------
run 80x24 "$OCC"
check "occupancy 100.0%" "the default theme"
keys T
check "theme monochrome, saved in $tmp/config/occview/config" "T switches to monochrome"
sleep 0.3
if [ "$(colour_codes)" -eq 0 ]; then ok; else bad "monochrome after T and still colour codes"; fi
keys T
check "theme high-contrast, saved" "T again: high-contrast"
if T capture-pane -e -p -t t | grep -qE '\[(40|48;5;0)m'; then ok; else bad "high-contrast after T: no black background"; fi
keys q
check "EXIT=0" "q quits"
if grep -qx "theme = high-contrast" "$tmp/config/occview/config"; then ok; else
	bad "the settings file lacks the theme: $(cat "$tmp/config/occview/config")"; fi
# The next start takes it.
run 80x24 "$OCC"
check "occupancy 100.0%" "started with the saved theme"
if T capture-pane -e -p -t t | grep -qE '\[(40|48;5;0)m'; then ok; else bad "the saved high-contrast theme not used"; fi
keys q
check "EXIT=0" "q quits"

# --- the playhead: a pauses, . and , step, a stays on the timeline ----------------
# The default launch: 1584 blocks, 132 SMs x 8 resident = 1056 a wave, a
# uniform run of 2.00 block times; frame k of 80 is t = 2.00 k / 80.
run 80x24 "$OCC"
check "occupancy 100.0%" "the default launch"
keys 6
check "[6 Timeline]" "the timeline"
keys a
check "playing: t = " "a plays on the timeline"
check "[6 Timeline]" "a stays on the timeline (it jumped to the per-SM pane)"
keys A
check "active warps per SM over time" "A stops"
keys . . . . .
check "paused: t = 0.10 of 2.00" ". steps four frames after showing the start"
keys ,
check "paused: t = 0.07 of 2.00" ", steps back a frame"
keys 3
check "paused: t = 0.07 of 2.00 block durations" "the per-SM pane at the same frame"
keys A 1 a
check "[3 Per-SM]" "a from the table brings the per-SM pane"
keys q
check "EXIT=0" "q quits"

# --- named scenarios: S keeps, ' flips, s writes them, --load reads them --------
rm -f "$tmp/work/whatif.occ"
run 120x40 "$OCC"
check "occupancy 100.0%" "the default launch"
keys S
check "name this launch as a scenario: _" "S asks for a name"
T send-keys -t t -l "base"
keys Enter
check "scenarios: [base]" "the first scenario kept"
keys Tab ] ] ] S
T send-keys -t t -l "56 regs"
keys Enter
check "scenarios: base, [56 regs]" "the second kept, the list said"
check "occupancy 50.0%" "56 registers: 4 blocks of 8 warps, 50 %"
keys "'"
check "scenario base: [base], 56 regs (u undoes)" "' flips to the first"
check "occupancy 100.0%" "the base scenario's occupancy"
keys "'"
check "scenario 56 regs: base, [56 regs]" "' flips on, round the list"
check "occupancy 50.0%" "the 56-register scenario's occupancy"
keys s Enter
check "with 2 scenarios" "s writes the scenarios with the launch"
keys q
check "EXIT=0" "q quits"
if grep -qx "\[scenario 56 regs\]" "$tmp/work/whatif.occ"; then ok; else bad "no [scenario 56 regs] section"; fi
run 120x40 "$OCC --load whatif.occ"
check "occupancy 50.0%" "--load: the saved current launch"
keys "'"
check "scenario base: [base], 56 regs" "--load: the scenarios are back"
check "occupancy 100.0%" "--load: the base scenario"
keys q
check "EXIT=0" "q quits"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
