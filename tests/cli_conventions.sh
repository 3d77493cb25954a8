#!/bin/sh
# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
# cli_conventions.sh - the command line as GNU and htop users expect it:
# short options, --version's copyright and licence, standard input, pipes and
# FIFOs read once, write errors, --list-gpus for scripts, the JSON format's
# version, the CSV's columns for every input, and the settings file.
set -u
: "${OCCVIEW:?}" "${TESTDATA:?}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
HOME=$tmp XDG_STATE_HOME=$tmp/state XDG_CONFIG_HOME=$tmp/config
export HOME XDG_STATE_HOME XDG_CONFIG_HOME
unset NO_COLOR
pass=0 fail=0

. "${0%/*}/cliutil.sh"

B200=$TESTDATA/ncu/constructed_ncu_raw_page_b200_cc100_fprop_barriers8.csv
ROCPROF=$TESTDATA/rocprof/llamacpp_r9700_gfx1201_rocprofv1_results_wave32.csv
T4=$TESTDATA/launch_t4.occ

# -h and -V are --help and --version; --version says copyright and licence.
expect 0 "^Usage: occview" -- -h
"$OCCVIEW" --help >"$tmp/long" 2>&1 </dev/null
if cmp -s "$tmp/out" "$tmp/long"; then ok; else bad "-h differs from --help"; fi
expect 0 "^Copyright (c) 2026 the occview developers" -- -V
expect 0 "^License MIT" -- --version
expect 0 "^occview [0-9]" -- -V
expect 64 "unknown option \"-x\"" -- -x
# A bad letter among good ones is named, not the word (or the program).
expect 64 "^occview: unknown option \"-X\" (try --help)$" -- -XC
expect 64 "^occview: unknown option \"-X\" (try --help)$" -- -CX
# --help fits 80 columns (GNU's coding standards) and says where bugs go.
if [ "$(awk '{ if (length > m) m = length } END { print m + 0 }' "$tmp/long")" -le 79 ]; then ok; else
	bad "--help has lines wider than 79 columns:"; awk 'length > 79' "$tmp/long" | head -3; fi
grep -q "^Report bugs to: http" "$tmp/long" && ok || bad "--help names no bug address"
expect 64 "missing value for option \"--gpu\"" -- --gpu
# -C, -M, -U and their long names are accepted everywhere (the screen uses them).
for flag in -C -M -U -CMU --no-color --no-colour --no-mouse --no-unicode; do
	expect 0 "Theoretical occupancy   100.0%" -- --print "$flag"
done

# Standard input: -, a pipe with no FILE, a FIFO, two FIFOs (read once each:
# neither is opened a second time to look for a per-kernel summary). The B200
# report's reduction kernel, as the raw page names it (--details: every
# record's panes, not the summary table).
what="occview --details - < file"
"$OCCVIEW" --details - <"$B200" >"$tmp/out" 2>&1; got=$?
check 0 "Kernel  lse_reduction_kernel"
what="cat file | occview --details -"
cat "$B200" | "$OCCVIEW" --details - >"$tmp/out" 2>&1; got=$?
check 0 "Kernel  lse_reduction_kernel"
what="cat file | occview --details"
cat "$B200" | "$OCCVIEW" --details >"$tmp/out" 2>&1; got=$?
check 0 "Kernel  lse_reduction_kernel"
what="cat launch | occview --format csv"
cat "$T4" | "$OCCVIEW" --format csv >"$tmp/out" 2>&1; got=$?
check 0 "^register_tiling,Tesla T4,7.5,40,1024,256,64,32768,0,2,16,50.00,shared_mem,"
# Nothing piped: the embedded default launch, as with a terminal.
what="true | occview --print"
true | "$OCCVIEW" --print >"$tmp/out" 2>&1; got=$?
check 0 "Kernel  default on NVIDIA H100"
# A pipe that brings its data late (ssh host cat app.csv | occview) is
# waited for, with no FILE as with -.
what="(sleep 2; cat launch) | occview --print"
(sleep 2; cat "$T4") | "$OCCVIEW" --print >"$tmp/out" 2>&1; got=$?
check 0 "Kernel  register_tiling on Tesla T4"
what="(sleep 2; cat launch) | occview --print -"
(sleep 2; cat "$T4") | "$OCCVIEW" --print - >"$tmp/out" 2>&1; got=$?
check 0 "Kernel  register_tiling on Tesla T4"
# bounded ARGS...: occview ARGS killed after 20 s (a FIFO opened twice hangs).
bounded() {
	what="occview $*"
	"$OCCVIEW" "$@" >"$tmp/out" 2>&1 & pid=$!
	( sleep 20; kill "$pid" 2>/dev/null ) & watchdog=$!
	wait "$pid"; got=$?
	kill "$watchdog" 2>/dev/null
}
if command -v mkfifo >/dev/null 2>&1 && mkfifo "$tmp/fifo1" "$tmp/fifo2"; then
	cat "$B200" >"$tmp/fifo1" &
	bounded --details "$tmp/fifo1"
	check 0 "Kernel  lse_reduction_kernel"
	cat "$B200" >"$tmp/fifo1" &
	cat "$T4" >"$tmp/fifo2" &
	bounded --format csv "$tmp/fifo1" "$tmp/fifo2"
	check 0 "^register_tiling,Tesla T4,"
	check 0 "^lse_reduction_kernel"
	wait
else
	bad "mkfifo failed"
fi

# Write errors: a message and status 74, for every kind of output.
if [ -w /dev/full ]; then
	for args in "--print" "--format json" "--format jsonl" "--format csv" "--list-gpus" "-V" "-h" \
		    "--list-gpus --format json"; do
		what="occview $args >/dev/full"
		# shellcheck disable=SC2086
		"$OCCVIEW" $args >/dev/full 2>"$tmp/out" </dev/null; got=$?
		check 74 "^occview: writing the output: No space left on device"
		[ "$(wc -l <"$tmp/out")" -eq 1 ] && ok || bad "$what: said more than once"
	done
fi

# A write that fails only when stdout is closed (a small output, held by the
# kernels' writer as stdio's buffer held it): said once, the run's own status
# kept (--record naming no record: 64).
if [ -w /dev/full ]; then
	for fmt in json jsonl csv; do
		what="occview --format $fmt --record 99999 >/dev/full"
		"$OCCVIEW" --format "$fmt" --record 99999 "$T4" >/dev/full 2>"$tmp/out" </dev/null; got=$?
		check 64 "^occview: writing the output: No space left on device"
		[ "$(grep -c '^occview: writing the output' "$tmp/out")" -eq 1 ] && ok || bad "$what: said more than once"
	done
fi

# A report whose output fails half-way (946 KB of JSON from a CUDA profiler
# log): the write error is said, and no empty message ("occview: ") beside it;
# under the sanitizers, the report it stopped is freed.
if [ -w /dev/full ]; then
	log="$TESTDATA/nvprof/constructed_cudaprof_m2090_kv_cuda_profile_0.log"
	for fmt in json jsonl csv; do
		what="occview --format $fmt LOG >/dev/full"
		"$OCCVIEW" --format "$fmt" "$log" >/dev/full 2>"$tmp/out" </dev/null; got=$?
		check 74 "^occview: writing the output: No space left on device"
		grep -q '^occview: *$' "$tmp/out" && bad "$what: an empty message" || ok
	done
fi

# --list-gpus for scripts: the same devices in text, JSON and CSV.
expect 0 '"format_version": 1,' -- --list-gpus --format json
expect 0 '"name": "NVIDIA H100 80GB HBM3",' -- --list-gpus --format json
expect 0 "^name,vendor,arch,cc,sm_count,family,segment,aliases$" -- --list-gpus --format csv
expect 0 "^NVIDIA H100 80GB HBM3,nvidia,sm_90,9.0,132,Hopper,datacenter," -- --list-gpus --format csv
expect 0 "^Instinct MI300X,amd,gfx942,gfx942,304,CDNA3,," -- --list-gpus --format csv
"$OCCVIEW" --list-gpus --format csv </dev/null | tail -n +2 | cut -d, -f1 | sort >"$tmp/csvnames"
"$OCCVIEW" --list-gpus --format json </dev/null | sed -n 's/^      "name": "\(.*\)",$/\1/p' | sort >"$tmp/jsonnames"
if [ -s "$tmp/csvnames" ] && cmp -s "$tmp/csvnames" "$tmp/jsonnames"; then ok; else bad "--list-gpus: JSON and CSV name other devices"; fi

# The JSON of the kernels says its format version and its producer.
expect 0 '^  "format_version": 1,$' -- --format json
expect 0 '^    "name": "occview",$' -- --format json "$T4"
# JSON Lines: the header line, then a line per kernel (the B200 report's 16
# kernel rows, 8 of them lse_reduction_kernel), each a whole compact
# object; --compare adds a last line.
expect 0 '^{"format_version":1,"producer":{"name":"occview","version":"' -- --format jsonl "$B200"
"$OCCVIEW" --format jsonl "$B200" >"$tmp/jsonl" 2>/dev/null </dev/null
if [ "$(wc -l <"$tmp/jsonl")" -eq 17 ] && [ "$(grep -c '^{"name":"lse_reduction_kernel",.*}$' "$tmp/jsonl")" -eq 8 ]; then ok; else
	bad "--format jsonl: want a header and 16 kernel lines:"; cut -c1-80 "$tmp/jsonl" | head -3; fi
expect 0 '^{"comparison":{"ids":\[0,1\],' -- --format jsonl --compare 0,1 "$B200"

# CSV: the same columns for a launch, a launch list, an Nsight Compute and a
# rocprof report.
"$OCCVIEW" --format csv </dev/null | head -1 >"$tmp/h0"
for f in "$T4" "$TESTDATA/launches.csv" "$B200" "$ROCPROF"; do
	"$OCCVIEW" --format csv "$f" </dev/null 2>/dev/null | head -1 >"$tmp/h1"
	if [ -s "$tmp/h0" ] && cmp -s "$tmp/h0" "$tmp/h1"; then ok; else bad "CSV header of $f differs"; fi
done
# and every row as many fields as the header (no field of these holds a comma)
"$OCCVIEW" --format csv "$T4" </dev/null | awk -F, 'NR == 1 { n = NF } NF != n { exit 1 }' && ok ||
	bad "CSV launch row: not as many fields as the header"

# bash completion, written at build time from the option table: every option
# --help lists, --gpu's names, aliases and architectures in any case, after
# '=' and in a list, --format's values.
comp=${OCCVIEW%/*}/completion/occview
# complete WORDS...: the completions bash offers for the last word, one a line.
complete() {
	bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _occview
		 printf "%s\n" "${COMPREPLY[@]}"' sh "$comp" "$OCCVIEW" "$@" >"$tmp/comp" 2>&1
}
if command -v bash >/dev/null 2>&1 && [ -f "$comp" ]; then
	complete --gpu H10
	grep -qx "H100 SXM" "$tmp/comp" && grep -qx "H100" "$tmp/comp" && ok || bad "bash completion of --gpu H10"
	complete --gpu MI3
	grep -qx "MI300X" "$tmp/comp" && ok || bad "bash completion of --gpu MI3 (the README's MI300X)"
	complete --gpu = gfx94
	grep -qx "gfx942" "$tmp/comp" && ok || bad "bash completion of --gpu=gfx94"
	complete --gpu H100,MI30
	grep -qx "H100,MI300X" "$tmp/comp" && ok || bad "bash completion of --gpu H100,MI30"
	complete --format ""
	[ "$(tr '\n' ' ' <"$tmp/comp")" = "text json jsonl csv sarif " ] && ok || bad "bash completion of --format"
	complete --no-c
	[ "$(tr '\n' ' ' <"$tmp/comp")" = "--no-color --no-colour " ] && ok || bad "bash completion of --no-c"
	complete -
	"$OCCVIEW" --help | grep -o -- '--[a-z][a-z-]*' | sort -u >"$tmp/helpopts"
	missing=$(grep -vxF -f "$tmp/comp" "$tmp/helpopts" | tr '\n' ' ')
	[ -z "$missing" ] && ok || bad "bash completion lacks $missing"
fi
# zsh's, from the same table: every option --help lists.
zcomp=${OCCVIEW%/*}/completion/_occview
missing=""
for opt in $(cat "$tmp/helpopts"); do grep -q -- "$opt[]=[}]" "$zcomp" || missing="$missing $opt"; done
[ -z "$missing" ] && ok || bad "zsh completion lacks$missing"

# The settings file: gpu for the default launch, flags win, a FILE's GPU wins,
# bad settings say file and line.
mkdir -p "$XDG_CONFIG_HOME/occview"
printf '# mine\ngpu = Tesla T4\ntheme = monochrome\ncolor = no\n' >"$XDG_CONFIG_HOME/occview/config"
expect 0 "Kernel  default on Tesla T4" -- --print
expect 0 "on NVIDIA A100" -- --print --gpu A100
expect 0 "Kernel  register_tiling" -- --print "$T4"
expect 0 '"name": "NVIDIA H100 80GB HBM3",' -- --list-gpus --format json
printf 'gpu = T4\ncolour = maybe\n' >"$XDG_CONFIG_HOME/occview/config"
expect 65 "occview/config:2: color: expected yes or no, got \"maybe\"" -- --print
# An unknown key (a later version's, a typo) is said and passed over: the
# rest applies. An unknown value is an error naming file and line.
printf 'gpu = T4\nfrobs = 3\n' >"$XDG_CONFIG_HOME/occview/config"
expect 0 "^occview: .*occview/config:2: frobs: unknown key (known: gpu, theme, color), passed over$" -- --print
expect 0 "Kernel  default on Tesla T4" -- --print
printf 'gpu = T4\n\ntheme = neon\n' >"$XDG_CONFIG_HOME/occview/config"
expect 65 "occview/config:3: theme: unknown theme \"neon\" (known: default, monochrome, high-contrast)" -- --print
printf 'gpu = T4\n' >"$XDG_CONFIG_HOME/occview/config"
XDG_CONFIG_HOME= expect 0 "Kernel  default on NVIDIA H100" -- --print
mkdir -p "$HOME/.config/occview"; cp "$XDG_CONFIG_HOME/occview/config" "$HOME/.config/occview/config"
XDG_CONFIG_HOME= expect 0 "Kernel  default on Tesla T4" -- --print
# A relative XDG_CONFIG_HOME is ignored (the XDG spec): $HOME/.config's file
# applies, not ./rel/occview/config.
mkdir -p "$tmp/rel/occview"; printf 'gpu = A100\n' >"$tmp/rel/occview/config"
(cd "$tmp" && XDG_CONFIG_HOME=rel "$OCCVIEW" --print >"$tmp/out" 2>&1 </dev/null); got=$?
what="XDG_CONFIG_HOME=rel occview --print"
check 0 "Kernel  default on Tesla T4"
rm -f "$XDG_CONFIG_HOME/occview/config"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
