#!/bin/sh
# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
# tui.sh - the explorer in a real terminal: tmux runs occview, sends keys,
# captures the screen, and the numbers on it must equal what the print mode
# computes for the same launch. Also resize to 20x5 and back, quit, SIGTERM's
# recovery file, and the bytes one what-if keystroke sends (tui.sh.log).
# OCCVIEW_WRAPPER runs occview under a tool, e.g. "valgrind -q --error-exitcode=99".
. "${0%/*}/tuiutil.sh"

# --- the default launch, changed key by key ---------------------------------
start 80x24 ""
check "[block 256]" "first screen"
check "occupancy 100.0%" "default occupancy"
keys Right
check "[block 288]" "Right steps the block by a warp"
check "baseline  block 256" "the baseline beside it"
check "occupancy $(occupancy --block-size 288)" "occupancy at 288 threads"

keys Tab + + + + + + + +
check "[registers 40]" "+ steps registers"
check "registers 32" "the baseline registers"
check "occupancy $(occupancy --block-size 288 --registers 40)" "occupancy at 40 registers"

keys Tab Tab Enter
check "dynamic smem (now" "Enter opens the prompt"
keys 4 8 K Enter
check "dynamic smem 48 KiB" "typed dynamic shared memory"
check "occupancy $(occupancy --block-size 288 --registers 40 --dynamic-shared-mem 48K)" \
	"occupancy with 48 KiB dynamic shared memory"

keys g T 4
check "filter: T4_" "the GPU picker filters"
check "Tesla T4" "the picker lists the T4"
keys Enter
check "GPU Tesla T4" "the GPU changed"
check "occupancy $(occupancy --gpu T4 --block-size 288 --registers 40 --dynamic-shared-mem 48K)" \
	"occupancy on the T4"
keys u
check "GPU NVIDIA H100" "undo brings the H100 back"

keys 2
check "[2 " "tab 2 shows the charts"

T resize-window -t t -x 20 -y 5
check "terminal too" "the too-small screen at 20x5"
T resize-window -t t -x 80 -y 24
check "registers 40 " "back at 80x24 with the same launch"

# Bytes the terminal receives for one what-if keystroke.
T pipe-pane -t t -o "cat >> '$tmp/bytes'"
sleep 0.3
before=$(wc -c < "$tmp/bytes" 2>/dev/null || echo 0)
keys Tab Tab
sleep 0.5
before=$(wc -c < "$tmp/bytes")
keys +
check "[registers 41]" "one more register"
sleep 0.5
after=$(wc -c < "$tmp/bytes")
T pipe-pane -t t
echo "bytes for one what-if keystroke (+ on registers, charts pane, 80x24): $((after - before))"
# A full repaint of 80x24 is about 2000 bytes and more with attributes.
if [ $((after - before)) -gt 0 ] && [ $((after - before)) -lt 1500 ]; then ok; else
	bad "one keystroke sent $((after - before)) bytes"; fi

keys q
check "EXIT=0" "q quits with status 0"

# --- 200x60: every pane at once ----------------------------------------------
start 200x60 "--gpu A100 --registers 64"
check "Occupancy charts" "the charts pane at 200x60"
check "Findings" "the findings pane at 200x60"
check "occupancy $(occupancy --gpu A100 --registers 64)" "A100 occupancy at 200x60"
keys q
check "EXIT=0" "q quits at 200x60"

# --- the timeline (6): the default launch's wave and half wave, 75 %; m
# changes its model and it stays on screen: warps spread over 50 % keep
# 1 - 0.5 / 2 of that, 56.25 %; then the tail kernel preset ----------------
start 80x24 ""
check "[block 256]" "the default launch for the timeline"
keys 6
check "[6 Timeline]" "6 shows the timeline tab"
check "active warps per SM over time (uniform durations)" "the timeline's model"
check "avg 75.0% of busy SMs" "the timeline's average"
keys m m m m m
check "warps of a block end spread over 50%" "m reaches the warp-spread model"
check "avg 56.2% of busy SMs" "the warp-spread average"
check "[6 Timeline]" "m keeps the timeline on screen"
keys m
check "tail kernel: 512 blocks, 0.5x long" "m reaches the tail-kernel model"
keys q
check "EXIT=0" "q quits from the timeline"

# --- --gpu A,B: the explorer on the first, with a note ------------------------
start 200x60 "--gpu A100,H100 --registers 64"
check "--gpu names 2 GPUs: the explorer opens on the first, NVIDIA" "--gpu A,B's note"
check "occupancy $(occupancy --gpu A100 --registers 64)" "--gpu A100,H100 shows the A100"
keys q
check "GPUs compared (C adds or removes the current GPU)" "the table lists the GPUs of --gpu A,B"
keys C
check "NVIDIA A100-SXM4-40GB leaves the GPUs compared (1)" "C removes the current GPU"
keys C
check "NVIDIA A100-SXM4-40GB joins the GPUs compared (2)" "C adds it back"
keys q
check "EXIT=0" "q closes the note, then quits with --gpu A,B"

# --- AMD: the same keys on an MI300X, then an NVIDIA GPU and back --------------
amd="${srcdir:-.}/tests/data/launch_mi300x.occ"
start 80x24 "$amd"
check "[workgroup 256]" "AMD names the block a workgroup"
check "occupancy $(occupancy "$amd")" "MI300X occupancy as the print mode computes it"
check "AGPRs 32" "the AGPR field"
keys Right
check "[workgroup 320]" "Right steps the workgroup by a wave64"
check "occupancy $(occupancy "$amd" --block-size 320)" "MI300X occupancy at 320 work-items"
keys 1
check "Waves per SIMD" "the table speaks of waves per SIMD"
keys g H 1 0 0 Space 8
check "NVIDIA H100 80GB HBM3" "the picker lists NVIDIA GPUs beside AMD ones"
keys Enter
check "GPU NVIDIA H100" "switched to an NVIDIA GPU"
check " block 320 " "the block size carries over"
check "occupancy $(occupancy "$amd" --block-size 320 --gpu H100)" "H100 occupancy for the same launch"
keys g M I 3 0 0 X Enter
check "GPU Instinct MI300X" "back on the MI300X"
check "AGPRs 32" "the AGPRs kept their value across the NVIDIA GPU"
check "occupancy $(occupancy "$amd" --block-size 320)" "the MI300X figures again"
keys q
check "EXIT=0" "q quits on AMD"

# --- a dropped session saves the what-if launch --------------------------------
start 80x24 ""
check "[block 256]" "second start"
keys Right
check "block 288" "changed before SIGTERM"
# signal (with sig=SIG): send it to occview, whose pid start() wrote.
signal() {
	kill "-$sig" "$(cat "$tmp/pid")"
}
sig=TERM signal
check "EXIT=143" "SIGTERM exits with 128 + 15"
first=$(ls "$tmp/state/occview/"recovery-*.occ 2>/dev/null)
if [ -n "$first" ] && grep -q "288" "$first"; then ok; else
	bad "no recovery file with the changed block"; fi
# A second dropped session, by Ctrl-C (SIGINT), keeps its own file beside
# the first one's.
start 80x24 ""
check "saved the launch it was" "the next start mentions the recovery file"
keys q
keys Right Right
check "block 320" "changed before SIGINT"
sleep 1   # the file's modification time orders the files, to the second
sig=INT signal
check "EXIT=130" "SIGINT exits with 128 + 2"
set -- "$tmp/state/occview/"recovery-*.occ
if [ $# -eq 2 ] && grep -q "288" "$first"; then ok; else
	bad "SIGINT: want two recovery files, the first kept: $*"; fi
second=$(ls -t "$tmp/state/occview/"recovery-*.occ | head -1)
if [ "$second" != "$first" ] && grep -q "320" "$second"; then ok; else
	bad "SIGINT saved no launch of its own"; fi
start 80x24 ""
check "and 1 older ones" "the next start offers the newest and counts the others"
keys q q
# Quit before the next start: a hang-up would save this session's launch too.
check "EXIT=0" "q closes the notice, then quits"
start 80x24 "--load $second"
check "block 320" "--load reopens the newest recovery file"
keys q
check "EXIT=0" "quit after --load"
if [ ! -e "$second" ] && [ -e "$first" ]; then ok; else
	bad "a session opened with --load and ended with q removes only its file"; fi
rm -f "$first"   # the starts below open without the notice

# --- every fatal signal that can be caught ends the session the same way:
# the terminal restored (the message is on the shell's screen), the exit
# status 128 + N, and a recovery file only when the launch was changed.
for s in QUIT:131 USR1:138 USR2:140 ALRM:142 HUP:129; do
	start 80x24 ""
	check "[block 256]" "a start before SIG${s%:*}"
	sig=${s%:*} signal
	check "EXIT=${s#*:}" "SIG${s%:*} exits with ${s#*:}"
	check "the launch was not changed: no recovery file" "SIG${s%:*}: nothing to recover"
done
if ls "$tmp/state/occview/"recovery-*.occ >/dev/null 2>&1; then
	bad "a recovery file of a launch that was not changed"; else ok; fi
start 80x24 ""
keys Right
check "block 288" "changed before SIGQUIT"
sig=QUIT signal
check "EXIT=131" "SIGQUIT (Ctrl-\\) exits with 128 + 3"
check "the what-if launch is saved in" "SIGQUIT saves the changed launch"
quit=$(ls "$tmp/state/occview/"recovery-*.occ 2>/dev/null)
if [ -n "$quit" ] && grep -q "288" "$quit"; then ok; else
	bad "SIGQUIT: no recovery file with the changed block"; fi
# The recovery notice beside a rejected-rows notice: both said.
sed '3s/,4,4,16,64,/,-4,4,16,64,/' \
	"$TESTDATA/rocprof/omniperf_tests_mi300x_rocprofv2style_timestamps.csv" >"$tmp/rej.csv"
start 200x60 "--gpu mi300x $tmp/rej.csv"
check "1 row of this report could not be read" "the rejected row is said"
check "saved the launch it was" "and so is the recovery file"
keys q q
check "EXIT=0" "quit after both notices"
rm -f "$quit"

# --- a rocprof report in the kernel browser, and its live reload ------------
cp "$TESTDATA/rocprof/gunrock_mi300_rocprofv1_results_TRUNCATED.csv" "$tmp/report.csv"
start 80x24 "$tmp/report.csv"
check "13 of 13 records" "a report opens in the kernel browser"
keys '\' t r a m p
check "filter: tramp_" "\\ opens the filter line"
keys Enter
check "1 of 13 records matching" "the filter keeps one record"
keys Enter
# The browser's id (rocprof's Index, from 0): the 11th record is id 10.
check "record 10 is the baseline" "Enter makes the record the baseline"
check "Theoretical occupancy" "Enter shows the panes of the record"
keys 5
keys Escape
check "13 of 13 records" "Esc clears the filter"
# A profiler still writing: one more record appended.
# Only the new row is read (the file grew and its old end is as it was).
tail -n 1 "$tmp/report.csv" >> "$tmp/report.csv"
check "reloaded: 1 new record, 14 in all" "the appended row is read alone"
check "[11/14 trampoline_kernel]" "the shown record is kept across the reload"
# A rewrite (its end differs) is read whole.
sed 's/trampoline_kernel/trampoline_kernel_v2/' "$tmp/report.csv" >"$tmp/rewritten.csv"
cat "$tmp/rewritten.csv" >"$tmp/report.csv"
check "reloaded: 14 records" "a rewritten file is read whole"
check "[11/14 trampoline_kernel_v2]" "the shown record follows into the rewritten file"
# The report replaced by a FIFO no one writes to: the reload refuses it at
# once, the records stay and q is read.
rm "$tmp/report.csv"
mkfifo "$tmp/report.csv"
check "reload failed (not a regular file now), keeping 14 records" "a FIFO in the report's place is not waited on"
keys q
check "EXIT=0" "quit from the browser"

# A reload is read in a thread of its own: while it reads (held for a minute
# by OCCVIEW_TEST_RELOAD_MS) the screen says so, the old records stay, keys
# answer, and q quits at once.
rm -f "$tmp/report.csv"
cp "$TESTDATA/rocprof/gunrock_mi300_rocprofv1_results_TRUNCATED.csv" "$tmp/report.csv"
START_ENV="OCCVIEW_TEST_RELOAD_MS=60000"
start 80x24 "$tmp/report.csv"
START_ENV=
check "13 of 13 records" "a report opens in the kernel browser"
tail -n 1 "$tmp/report.csv" >> "$tmp/report.csv"
check "reloading: " "the reload says it is under way"
check "13 of 13 records" "the old records stay while it reads"
keys '\' t r a m p
check "filter: tramp_" "keys answer during the reload"
keys Escape
check "reloading: 0 records read; the 13 shown stay" "its progress is said"
keys q
was_patience=$patience
patience=30
check "EXIT=0" "q quits during the reload (within 3 s, not after the reading)"
patience=$was_patience

# --- a report with fields left absent (two Start_Timestamp words): said over
# the screen, and the records are all there.
sed '2s/,716380685145736,/,soon,/; 3s/,716380685184013,/,later,/' \
	"$TESTDATA/rocprof/omniperf_tests_mi300x_rocprofv2style_timestamps.csv" >"$tmp/ts.csv"
start 120x30 "--gpu mi300x $tmp/ts.csv"
check "2 fields of this report could not be read" "the fields left absent are said"
keys q
check "3 of 3 records" "every record of the report is there"
keys q
check "EXIT=0" "quit after the report with absent fields"

# --- an Nsight Compute report: record ID 1 (lines 80-81: theoretical 75 %,
# achieved 8.19 %, 66.8 points apart) and its achieved-vs-theoretical finding
a100="$TESTDATA/ncu/opinsight_a100_cc80_ncu2022_details_pooling_full_240k.csv"
for size in 80x24 200x60; do
	start $size "$a100"
	check "240 of 240 records" "$size: the Nsight Compute report opens in the browser"
	check "adaptive_average_p" "$size: the browser lists its kernels"
	keys j Enter
	check "record 1 is the baseline" "$size: Enter loads record ID 1"
	[ $size = 80x24 ] && keys 4 || keys 1
	check "Achieved occupancy far below theoretical (8.2% of 75.0%)" \
		"$size: the findings show the file's 66.8-point gap"
	keys q
	check "EXIT=0" "$size: quit after the Nsight Compute report"
done

# --- a reference: record ID 0 (100 %, achieved 23.9 %) made the reference in
# the browser, record ID 1 loaded: the change is --compare 0,1's
start 80x24 "$a100"
check "240 of 240 records" "reference: the A100 report in the browser"
keys r
check "record 0 at::native::reduce_kernel is the reference (x clears it)" "r in the browser takes its record"
keys j Enter
check "Change from the reference: record 0" "the table shows the change from the reference"
check "  occupancy           75.0%                  100.0%                 -25.0" "the occupancy change is --compare 0,1's"
check "  achieved            8.2% (measured)        23.9% (measured)       -15.7" "the achieved change is --compare 0,1's"
keys 2
check "R" "the charts mark the reference"
keys 1 x
check "the reference is cleared" "x clears the reference"
if screen | grep -qF "Change from the reference"; then bad "x leaves no change on screen"; else ok; fi
keys q
check "EXIT=0" "quit after the reference"

# --- one session model: the explorer's what-if is --print's with that flag ----
# The constructed B200 decode_b8 page, record 1: 48 registers at the driver's
# 100 KB; with 32 registers the runtime's rule gives 16 blocks, 100 %, as
# --print --registers 32.
b200="$TESTDATA/ncu/constructed_ncu_raw_page_b200_cc100_decode_b8.csv"
start 80x24 "$b200"
check "56 of 56 records" "the B200 report in the browser"
keys Enter
check "record 0 is the baseline" "Enter loads the first kernel (ID 0)"
check "occupancy $(occupancy "$b200" --kernel merge_attention_states_kernel)" \
	"the record's occupancy as loaded, as --print computes it"
keys Tab Enter 3 2 Enter
check "[registers 32]" "registers typed"
check "occupancy $(occupancy "$b200" --registers 32)" "registers 32 as --print --registers 32"
check "occupancy 100.0%" "100 %, as NVIDIA's calculator says"
keys 4
check "A what-if of the measured launch" "the findings say what was dropped"
keys q
check "EXIT=0" "quit after the B200 what-if"

# The A100 report: the GPU stepped away and back is the launch as loaded.
start 200x60 "$a100"
check "240 of 240 records" "the A100 report again"
keys Enter
check "record 0 is the baseline" "the first A100 record (ID 0)"
check "agrees with Nsight Compute on 8 values" "the record's cross-check"
keys BTab
check "[GPU " "Shift-Tab focuses the GPU"
keys +
check "baseline  GPU NVIDIA A100" "+ steps to the next GPU"
keys -
check "every parameter as loaded" "- steps back"
check "agrees with Nsight Compute on 8 values" "the cross-check is back after + and -"
keys q
check "EXIT=0" "quit after the GPU steps"

# A flag the report's GPU does not have: the explorer refuses it as --print does.
mi300x_report="$TESTDATA/rocprof/gunrock_mi300_rocprofv1_results_TRUNCATED.csv"
start 80x24 "--carveout 50 $mi300x_report"
check "EXIT=64" "--carveout 50 on an MI300X report: exit 64"
check "--carveout: Instinct MI300X is an AMD GPU" "with --print's message"
"$OCCVIEW" --print --carveout 50 "$mi300x_report" >/dev/null 2>"$tmp/err"
if [ $? -eq 64 ] && grep -q -- "--carveout: Instinct MI300X is an AMD GPU" "$tmp/err"; then ok; else
	bad "--print --carveout 50 on the MI300X report"; fi

# --- thread-block clusters: the what-if field, the table's figures as JSON
# gives them, the cluster-size chart; and the flag refused before cc 9.0 ----
clusters() { # max active clusters as the table prints it ("13-16")
	"$OCCVIEW" --format json "$@" | tr -d ' \n' |
		sed -n 's/.*"max_active_clusters":\([0-9]*\),"max_active_clusters_min":\([0-9]*\).*/\2-\1/p'
}
launch="--gpu H100 --block-size 512 --registers 64 --grid 1008"
start 80x24 "$launch --cluster-size 8"
check "Max active clusters" "the table's cluster figures"
check "$(clusters $launch --cluster-size 8)" "max active clusters of 8 as JSON has them"
keys Tab Tab Tab Tab Tab Tab Tab
check "[cluster 8]" "Tab reaches the cluster field"
keys +
check "[cluster 9]" "+ steps the cluster size"
check "$(clusters $launch --cluster-size 9)" "max active clusters of 9 as JSON has them"
keys 2
check "vs cluster size" "the cluster-size chart"
keys q
check "EXIT=0" "quit after the cluster steps"
start 80x24 "--gpu 8.6 --cluster-size 2"
check "EXIT=64" "--cluster-size on cc 8.6: exit 64"
check "--cluster-size: Ampere (cc 8.6) has no thread-block clusters" "naming the generation"

# --- Escape never eats the next key ------------------------------------------
# A lone Esc, then Esc and q close together (a quick typist, a slow link):
# the q was read as Alt-q and lost.
start 80x24 ""
check "occupancy 100.0%" "Esc Esc q: the default launch"
keys Escape
sleep 0.2
keys Escape q
check "EXIT=0" "Esc Esc q quits"

# --- 100x30: the table and a chart side by side; z zooms -------------------
# From 100x30 the occupancy table stays beside the pane chosen in the tab bar,
# so a what-if is read in the table and seen in a picture at once.
start 100x30 ""
check "Occupancy charts" "100x30: the charts beside the table"
check "Active blocks per SM" "100x30: the table beside the charts"
keys Tab +
check "registers 33" "100x30: + on registers"
check "33 registers" "100x30: the table follows"
keys 3
check "Per-SM" "100x30: 3 puts the per-SM bars beside the table"
check "Active blocks per SM" "100x30: the table stays"
keys z
sleep 0.3
if screen | grep -qF "Active blocks per SM"; then bad "100x30: z leaves the table on screen"; else ok; fi
keys z
check "Active blocks per SM" "100x30: z again gives the table back"
keys q
check "EXIT=0" "100x30: quit"

# --- terminal craft at 60x20, 80x24, 120x40 and 200x60 -----------------------
# Every pane of the embedded default, an Nsight Compute and a rocprof report:
# no word cut at a border, every chart y label naming its own row's value
# (tui_screen.awk), colour codes on screen, none under NO_COLOR.
ascii_screen() {
	sed -e 's/│/!/g; s/└/L/g; s/…/@/g; s/[─━]/-/g; s/[┌┐┘┬┴├┤┼]/+/g; s/●/O/g; s/▲/^/g' \
	    -e 's/█/#/g; s/▒/=/g; s/░/./g; s/[▁▂▃▄▅▆▇]/#/g'
}
# vocabulary ARGS: every word the print mode writes for the input (every
# record's panes: --details), at the widths the panes have.
vocabulary() {
	for w in 300 120 78 60; do LC_ALL=C.UTF-8 "$OCCVIEW" --details --timeline --width $w "$@" 2>/dev/null; done |
		ascii_screen | tr '!| ' '\n\n\n' | sort -u >"$tmp/vocab"
}
# inspect WHAT: the screen's faults, if any.
inspect() {
	screen | ascii_screen | awk -v VOCAB="$tmp/vocab" -f "${srcdir:-.}/tests/tui_screen.awk" \
		>"$tmp/faults" 2>>"$tmp/labels"
	if [ -s "$tmp/faults" ]; then bad "$1: $(cat "$tmp/faults")"; else ok; fi
}
# SGR colour codes (not the resets tmux writes anyway: 39, 49).
colour_codes() {
	T capture-pane -e -p -t t | grep -cE '\[(3[0-7]|4[0-7]|38;5;[0-9]+|48;5;[0-9]+)m'
}
rocprof="$TESTDATA/rocprof/gunrock_mi300_rocprofv1_results_TRUNCATED.csv"
: >"$tmp/labels"
for size in 60x20 80x24 120x40 200x60; do
	for input in "" "$a100" "$rocprof"; do
		vocabulary $input
		start $size "$input"
		if [ -n "$input" ]; then
			check "records" "$size ${input##*/}: the browser"
			inspect "$size ${input##*/}: the kernel browser"
			keys Enter
			check "is the baseline" "$size ${input##*/}: the first record loaded"
		else
			check "occupancy 100.0%" "$size: the default launch"
		fi
		# one pane at a time below 160x45 (its tab marked), all at once above
		panes="1 2 3 4 6"
		[ "$size" = 200x60 ] && panes=1
		for pane in $panes; do
			keys $pane
			[ "$size" = 200x60 ] || wait_for "[$pane " || bad "$size: no pane $pane"
			inspect "$size ${input##*/}: pane $pane"
		done
		if [ "$(colour_codes)" -gt 0 ]; then ok; else bad "$size ${input##*/}: no colour on screen"; fi
		keys q
		check "EXIT=0" "$size ${input##*/}: quit"
	done
done
awk '{ n += $2 } END { print "chart y labels checked on the screens: " n }' "$tmp/labels"
START_ENV=NO_COLOR=1 start 80x24 ""
check "occupancy 100.0%" "NO_COLOR: the default launch"
keys 2
wait_for "[2 " || bad "NO_COLOR: no pane 2"
if [ "$(colour_codes)" -eq 0 ]; then ok; else bad "NO_COLOR=1 and still colour codes"; fi
keys q
start 80x24 "--no-color"
check "occupancy 100.0%" "--no-color: the default launch"
if [ "$(colour_codes)" -eq 0 ]; then ok; else bad "--no-color and still colour codes"; fi
keys q

# The settings file's theme: high-contrast paints a black background,
# monochrome has no colour at all.
mkdir -p "$tmp/config/occview"
echo "theme = high-contrast" >"$tmp/config/occview/config"
START_ENV="XDG_CONFIG_HOME=$tmp/config" start 80x24 ""
check "occupancy 100.0%" "the high-contrast theme"
if T capture-pane -e -p -t t | grep -qE '\[(40|48;5;0)m'; then ok; else bad "high-contrast: no black background"; fi
keys q
echo "theme = monochrome" >"$tmp/config/occview/config"
START_ENV="XDG_CONFIG_HOME=$tmp/config" start 80x24 ""
check "occupancy 100.0%" "the monochrome theme"
if [ "$(colour_codes)" -eq 0 ]; then ok; else bad "the monochrome theme and still colour codes"; fi
keys q
# Quit before the next start: killing a session that has not read its q is a
# hang-up, whose recovery file the next start would announce (its notice
# taking the first key).
check "EXIT=0" "q quits the monochrome session"

# --- keys a terminal description may not know: swallowed whole ---------------
start 80x24 ""
check "[block 256]" "the default launch for the escape sequences"
keys 2
check "[2 Charts]" "the charts pane"
# Home as ESC [ 1 ~: '[' would halve the block, '1' show the table.
T send-keys -t t -l "$(printf '\033[1~')"
T send-keys -t t -l "$(printf '\033[1;5D')"
sleep 0.3
check "[block 256]" "ESC [ 1 ~ and Ctrl-Left leave the block size alone"
check "[2 Charts]" "ESC [ 1 ~ does not switch to pane 1"
T send-keys -t t F10
check "EXIT=0" "F10 quits"

# --- issue 22: a report that names no GPU, typed zeros, sorting, n/N ---------
# The Omniperf MI300X file names no device: it opens with the picker for the
# report's GPU over the browser, in AMD's words with "GPU ?"; MI300X picked,
# every record is analysed as --gpu MI300X analyses it.
omni="$TESTDATA/rocprof/omniperf_tests_mi300x_pmc_perf_ipblocks_CPF.csv"
start 120x40 "$omni"
check "3 of 3 records name no GPU: pick theirs" "a report without its GPU offers the report's GPU"
check "GPU ?" "the parameters say the GPU is not known"
check "[workgroup 256]" "in the records' vendor's words"
keys M I 3 0 0 X Enter
check "Instinct MI300X is the GPU of the 3 records that name none" "the picked GPU is the report's"
check "GPU Instinct MI300X" "the parameters show it"
check "occupancy $(occupancy --gpu mi300x "$omni")" "the record analysed as --gpu MI300X does"
keys Escape 1
check "Theoretical occupancy" "the occupancy pane analyses the record"
keys 5 g Escape q
check "EXIT=0" "quit after the report's GPU"
# Esc leaves the records as they were; g in the browser offers it again
start 120x40 "$omni"
check "pick theirs" "the picker again"
keys Escape
check "3 name no GPU (g)" "Esc leaves them: the browser counts them"
keys g
check "pick theirs" "g in the browser offers the report's GPU again"
keys Escape q
check "EXIT=0" "quit after Esc"

# A metrics-only ncu record: 32 registers typed, then 0 into the shared
# memory fields that show 0 B: the record is analysed, as the flags do.
saxpy="$TESTDATA/ncu/roofline_profiler_rtx5070_cc120_ncu2026_windows_bom_crlf_saxpy.csv"
start 120x40 "$saxpy"
check "1 of 1 records" "the metrics-only report"
keys 1 Tab Enter C-u 3 2 Enter
check "[registers 32]" "32 registers typed"
keys Tab Enter C-u 0 Enter
check "[static smem 0 B]" "0 typed into static shared memory"
check "not analysed" "dynamic shared memory still missing"
keys Tab Enter C-u 0 Enter
check "occupancy $(occupancy "$saxpy" --registers 32 --shared-mem 0 --dynamic-shared-mem 0)" \
	"0 typed where 0 B was shown counts: the record is analysed"
keys q
check "EXIT=0" "quit after the typed zeros"

# Sorting by a column's key (T: time, largest first; again reversed), by a
# click on a header, and / with n and N: the copyBuffer records are 0-3, 11.
gunrock="$TESTDATA/rocprof/gunrock_mi300_rocprofv1_results_TRUNCATED.csv"
start 120x40 "$gunrock"
check "13 of 13 records" "the rocprof report in the browser"
keys T
check "sorted by time desc" "T sorts by time, longest first"
keys T
check "sorted by time asc" "T again reverses"
# a click on the "waves" header (an SGR mouse report: column, row from 1)
line=$(screen | grep -m1 " waves ")
row=$(screen | grep -n -m1 " waves " | cut -d: -f1)
col=$(printf '%s' "${line%% waves *}" | LC_ALL=C.UTF-8 wc -m)
keys -l "$(printf '\033[<0;%d;%dM\033[<0;%d;%dm' $((col + 2)) "$row" $((col + 2)) "$row")"
check "sorted by waves desc" "a click on a header sorts by it"
keys I
check "sorted by id asc" "I sorts by id"
keys / c o p y
check "search: copy_" "/ opens the search line"
keys Enter n Enter
check "record 1 is the baseline" "n goes to the next match"
keys 5 N Enter
check "record 0 is the baseline" "N goes back to the previous match"
keys 5 N Enter
check "record 11 is the baseline" "N wraps round to the last match"
keys 5 '\' t r a m p Enter
check "1 of 13 records matching" "backslash filters"
keys q
check "EXIT=0" "quit after sorting and searching"

# --- a terminal that cannot be drawn on ----------------------------------------
for term in dumb no-such-terminal; do
	START_ENV="TERM=$term" start 80x24 ""
	check "EXIT=70" "TERM=$term: exit 70"
	check "--print" "TERM=$term: the message suggests --print"
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
