#!/bin/sh
# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
# tui_amd.sh - no NVIDIA word on an AMD screen (issue 20 item 4): tmux opens
# each AMD report of tests/data at 80x24 and 200x60, captures the browser,
# loads a record and visits every pane (zoomed too, the first finding
# expanded) and the help over each (every page), and greps the captures for
# SM, warp, block, thread, shared memory and registers where AMD's words are
# workgroups, waves, work-items, LDS, VGPRs and CUs/WGPs. File names and kernel names are data, not labels:
# they are taken out of the captures first. Captures: tui_amd.sh.log.
. "${0%/*}/tuiutil.sh"
: "${TESTDATA:?}"

# start COLSxROWS FILE GPU: a fresh session showing FILE on GPU (or the
# report's own where GPU is empty).
start() {
	next_server
	printf '%s\n' "$2" >"$tmp/file"
	printf '%s\n' "$3" >"$tmp/gpu"
	# The file and GPU go through files: names with spaces need no quoting.
	T new-session -d -s t -x "${1%x*}" -y "${1#*x}" \
		"env LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=xterm-256color NO_COLOR= \
		 XDG_STATE_HOME='$tmp/state' HOME='$tmp/home' sh -c 'f=\$(cat \"\$1\"); g=\$(cat \"\$2\"); \
		 if [ -n \"\$g\" ]; then exec \"\$0\" --gpu \"\$g\" \"\$f\"; else exec \"\$0\" \"\$f\"; fi' \
		 '$OCCVIEW' '$tmp/file' '$tmp/gpu'; echo EXIT=\$?; sleep 30"
	T set-option -t t remain-on-exit on >/dev/null
}

# settle: until two captures 0.2 s apart are the same (the key was drawn).
settle() {
	screen >"$tmp/a"
	i=0
	while [ $i -lt 50 ]; do
		sleep 0.2
		screen >"$tmp/b"
		cmp -s "$tmp/a" "$tmp/b" && return 0
		mv "$tmp/b" "$tmp/a"
		i=$((i + 1))
	done
}

# shot WHAT: the screen, appended to the captures of this file and size.
shot() {
	settle
	{ echo "=== $what: $1"; screen; } >>"$tmp/shots"
}

keys() { T send-keys -t t "$@"; }

# The NVIDIA words, whole words in any case; "b/SM" is the browser's.
nvidia='\b(SMs?|warps?|blocks?|threads?|registers?|regs|smem|shared memory)\b|b/SM'

# visit SIZE FILE GPU
visit() {
	what="$1 $(basename "$2")"
	: >"$tmp/shots"
	start "$1" "$TESTDATA/$2" "$3"
	if ! wait_for "records"; then
		bad "$what: the browser did not open"; screen; return
	fi
	shot "browser"
	keys Enter
	wait_for "is the baseline" || bad "$what: Enter loaded no record"
	for p in 1 2 3 4 6; do
		keys "$p"; shot "pane $p"
		keys z; shot "pane $p zoomed"
		keys z
	done
	keys 4 e; shot "first finding expanded"
	keys j e; shot "second finding expanded"
	keys 5; shot "browser after a visit"
	# The help of every context (issue 22): its own group first, then
	# the rest and the legend; every page from the browser, the first
	# page (the context's own keys) from each pane, every page of each
	# at 200x60.
	for p in 5 1 2 3 4 6; do
		keys "$p" "?"
		if ! wait_for "Keys (any other key closes"; then
			bad "$what: ? over pane $p shows no help"; keys Escape; continue
		fi
		shot "help over pane $p"
		if [ "$p" = 5 ] || [ "${1%x*}" -ge 200 ]; then
			page=1
			screen >"$tmp/last"
			while [ $page -lt 12 ]; do
				keys PgDn PgDn; settle
				cmp -s "$tmp/a" "$tmp/last" && break
				cp "$tmp/a" "$tmp/last"
				{ echo "=== $what: help over pane $p, page $((page + 1))"; cat "$tmp/a"; } >>"$tmp/shots"
				page=$((page + 1))
			done
			grep -q "Legend" "$tmp/last" || bad "$what: the help over pane $p never reached its legend"
		fi
		keys Escape
	done
	keys q q
	cat "$tmp/shots"
	# Data out: file names (on the status line, cut with an ellipsis) and
	# the kernel names of the report, each whole, then each one's shown
	# start (a name the browser cut).
	"$OCCVIEW" --format csv ${3:+--gpu "$3"} "$TESTDATA/$2" 2>/dev/null </dev/null | sed 1d |
		awk '{ if (substr($0, 1, 1) == "\"") { s = substr($0, 2); print substr(s, 1, index(s, "\",") - 1) }
		       else print substr($0, 1, index($0, ",") - 1) }' |
		sort -u | awk 'length($0) >= 4' >"$tmp/names"
	sed 's/[^ ]*\.\(csv\|occupancy\|txt\) / /g' "$tmp/shots" |
		awk -v names="$tmp/names" '
			BEGIN { while ((getline n < names) > 0) k[++c] = n }
			{ for (i = 1; i <= c; i++) {
				while ((j = index($0, k[i])) > 0)
					$0 = substr($0, 1, j - 1) " " substr($0, j + length(k[i]))
				pre = substr(k[i], 1, 14)
				while (length(pre) >= 8 && (j = index($0, pre)) > 0)
					$0 = substr($0, 1, j - 1) " " substr($0, j + length(pre))
			  }
			  print }' >"$tmp/clean"
	if grep -v '^===' "$tmp/clean" | grep -Eiq "$nvidia"; then
		bad "$what: NVIDIA words on an AMD screen:"
		grep -Ei "$nvidia|^===" "$tmp/clean" | grep -B1 -Ei "$nvidia" | sed 's/^/  | /'
	else
		ok
	fi
}

# The AMD reports of tests/data (README), with the GPU where the file names
# none: the same choices as test_corpus_all.c.
while read -r file gpu; do
	for size in 80x24 200x60; do
		visit "$size" "$file" "$gpu" </dev/null
	done
done <<EOF
rocprof/omniperf_tests_mi300x_pmc_perf_ipblocks_CPF.csv mi300x
rocprof/omniperf_tests_mi300x_rocprofv2style_timestamps.csv mi300x
rocprof/batchedgemm_mi300x_rocprofcompute3_rocm71_pmc_perf_2043cols_TRUNCATED.csv mi300x
rocprof/gunrock_mi300_rocprofv1_results_TRUNCATED.csv
rocprof/llamacpp_r9700_gfx1201_rocprofv1_results_wave32.csv R9700
rocprof/omniperf_tests_mi100_pmc_perf_ipblocks_CPF.csv mi100
rocprof/omniperf_tests_mi200_rocprofv1_pmc_SQ_LEVEL_WAVES_TRUNCATED.csv mi210
codexl/codexl_issue187_hawaii_rcp526_TRUNCATED.occupancy
codexl/constructed_codexl2_gfx803.occupancy
codexl/constructed_rcp55_gfx900.occupancy
codexl/rcp_docs_configfiles_capeverde_occupancy_display.txt
EOF

echo "tui_amd.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
