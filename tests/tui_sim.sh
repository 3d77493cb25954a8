#!/bin/sh
# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
# tui_sim.sh - keys answer while the explorer simulates a 1,048,576-block grid with durations that vary: the panes say "simulating NN %", then complete.
. "${0%/*}/tuiutil.sh"

# wait_gone TEXT: until the screen no longer shows TEXT, or fail.
wait_gone() {
	i=0
	while [ $i -lt "$patience" ]; do
		if ! screen | grep -qF -- "$1"; then return 0; fi
		sleep 0.1; i=$((i + 1))
	done
	return 1
}

# both A B: one screen shows A and B, polled without a pause for about 10 s.
both() {
	i=0
	while [ $i -lt $((patience * 10)) ]; do
		s=$(screen)
		case $s in *"$1"*) case $s in *"$2"*) return 0 ;; esac ;; esac
		i=$((i + 1))
	done
	return 1
}

start 200x60 "--grid 1048576 --block-size 64 --duration-cv 0.5"
check "predicted (durations vary (CV 0.50))" "the 1M-block grid simulated at the start"
wait_gone "simulating" || bad "the start's simulation never completes"

# 64 -> 96 threads: blocks per SM change, the whole grid is simulated again.
keys Right
if both "[block 96]" "%; shown: the last launch"; then ok; else
	bad "no screen shows the new block size while the simulation runs"; fi
keys Tab
check "[registers 32]" "Tab answers while the simulation runs"
wait_gone "simulating" || bad "the simulation of 96-thread blocks never completes"
check "predicted (durations vary (CV 0.50))" "the per-SM pane completes"
check "active warps per SM over time" "the timeline completes"
screen | grep -q "grid above" && bad "a 1,048,576-block grid is said to be too large"
keys q
check "EXIT=0" "q quits"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
