#!/bin/sh
# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
# tui_sizes.sh - the explorer at the sizes people run it (80x24, 100x30,
# 120x40, 160x45, 200x60) on the default launch, a 25 % kernel, the A100
# Nsight Compute report, an MI300X report opened without --gpu (the report's
# GPU picked at the prompt) and a cluster launch: the occupancy table beside a
# chart from 100x30, the per-SM bars of a 25 % kernel visible (full cells
# under the average), and Esc Esc q quitting at every size.
. "${0%/*}/tuiutil.sh"
: "${TESTDATA:?}"
a100=$TESTDATA/ncu/opinsight_a100_cc80_ncu2022_details_pooling_full_240k.csv
mi300x=$TESTDATA/rocprof/omniperf_tests_mi300x_pmc_perf_ipblocks_CPF.csv
quarter="--gpu H100 --block-size 512 --registers 128"

for size in 80x24 100x30 120x40 160x45 200x60; do
	cols=${size%x*}

	start "$size" ""
	check "occupancy $(occupancy)" "$size: the default launch"
	if [ "$cols" -ge 100 ]; then
		# the table and a chart side by side: both panes' titles on one row
		if wait_for "Occupancy charts" && screen | grep -q "─ Occupancy ─.*─ Occupancy charts"; then
			ok
		else
			bad "$size: the occupancy table and the charts are not side by side"
		fi
	fi
	keys Escape Escape q
	check "EXIT=0" "$size: Esc Esc q quits"

	# 25 %: one block of 16 warps on each SM; its bars are full cells up
	# to a quarter of the plot, the average line over them
	start "$size" "$quarter"
	check "occupancy 25.0%" "$size: the 25 % kernel"
	keys 3
	check "avg 25.0%" "$size: the per-SM pane of the 25 % kernel"
	if screen | grep -q "│████"; then ok; else bad "$size: no bar on the per-SM pane of a 25 % kernel"; fi
	keys q
	check "EXIT=0" "$size: q quits after the 25 % kernel"

	# the A100 report: the browser, then record 1's table (75 %)
	start "$size" "$a100"
	check "240 of 240 records" "$size: the A100 report's browser"
	keys j Enter
	check "Theoretical occupancy" "$size: a record of the A100 report"
	check "occupancy 75.0%" "$size: record 1 at 75 %"
	keys Escape Escape q
	check "EXIT=0" "$size: Esc Esc q quits the report"

	# an MI300X report that names no GPU, opened without --gpu: the picker
	# asks for the report's GPU; picked, every record is analysed
	start "$size" "$mi300x"
	check "3 of 3 records name no GPU" "$size: the picker asks for the report's GPU"
	keys M I 3 0 0 X Enter
	check "GPU Instinct MI300X" "$size: the report's GPU picked"
	if wait_for "3 of 3 records" && ! screen | grep -q "name no GPU"; then ok; else
		bad "$size: records still name no GPU after the pick"
	fi
	keys Escape Escape q
	check "EXIT=0" "$size: Esc Esc q quits the MI300X report"

	# a cluster launch: its size on the parameter line
	start "$size" "--gpu H100 --block-size 1024 --registers 64 --grid 1024 --cluster-size 16"
	check "cluster 16" "$size: the cluster launch"
	keys q
	check "EXIT=0" "$size: q quits the cluster launch"
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
