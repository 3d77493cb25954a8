#!/bin/sh
# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
# run.sh - build a libFuzzer harness with clang, ASan and UBSan, and fuzz
# occview's readers and its explorer from their seeds. Not part of make check.
#
# Fuzzing. Two targets:
#   tests/fuzz/run.sh report FAMILY [SECONDS]   (default 300 s)
#     fuzz_report.c: report_parse on the bytes, then what occview does with
#     each record (short names; launch, analysis and per-SM occupancy of the
#     first few on the built-in GPU database); about a thousand times faster
#     than `inputs`. FAMILY picks the seeds, and so the importer the fuzzer
#     starts in (it can still wander into the others):
#       ncu      tests/data/ncu/* and the ncu text files tests/data/*.txt
#       nvprof   tests/data/nvprof/* (nvprof CSV and text, CUDA profiler logs)
#       rocprof  tests/data/rocprof/*
#       codexl   tests/data/codexl/* (CodeXL/RCP .occupancy and display files)
#       remarks  tests/data/amdgpu/*.remarks (clang's resource-usage remarks)
#       all      all of them
#     with tests/fuzz/report.dict (the formats' header names, metric names,
#     units and keys) and -max_len=262144 (the ncu raw pages are 72-218 KB).
#   tests/fuzz/run.sh binary [SECONDS]          (default 300 s)
#     fuzz_binary.c: the compiled-binary readers (cubins, fatbins, host ELF
#     files, each written to a file the reader maps) and ptxas logs, from
#     the small binaries and logs of tests/data/cubin.
#   tests/fuzz/run.sh inputs [SECONDS]          (default 60 s)
#     fuzz_inputs.c: every reader at once (launch files, reports, GPU
#     database CSVs) with the whole analysis per input, drawn as --print
#     draws it (the curses-free ui/ files are built in); about 250 runs/s.
#   tests/fuzz/run.sh amdgpu [SECONDS]          (default 300 s)
#     fuzz_amdgpu.c: the AMD GPU binary readers (code objects, host ELF
#     files, offload bundles plain and zstd-compressed) and the code object
#     metadata (MessagePack) alone, then the first records' analysis; seeds:
#     tests/data/amdgpu's objects and the metadata notes cut out of them.
#     (clang's remarks are a text report: `report all` takes them.)
#   tests/fuzz/run.sh keys [SECONDS]            (default 60 s)
#     fuzz_keys.c: the explorer's key stream (keys, clicks, ticks, resizes)
#     on the default launch, or on the report OCCVIEW_FUZZ_REPORT names,
#     from the seeds in tests/fuzz/keys; never the save key.
#   tests/fuzz/run.sh browser|settings|whatif|writers|compare [SECONDS]
#                                               (default 600 s)
#     issue 25's harnesses, each from its seeds in tests/fuzz/NAME (the
#     input's parts cut at "\n@@@@\n" lines, fuzzutil.h): fuzz_browser.c
#     the kernel browser's filter, sort and grouping over a fuzzed report;
#     fuzz_settings.c the settings file and a user devices file, then the
#     GPU they give analysed and written; fuzz_whatif.c what-if changes,
#     the saved and the recovery file read back; fuzz_writers.c a file
#     through JSON, JSON Lines, CSV and text (the JSON must parse, no
#     control byte anywhere); fuzz_compare.c --compare I,J over up to three
#     files. browser, writers and compare also start from the small
#     reports and launch files of tests/data, given the bytes their
#     harness reads first (and browser a stream of list changes after).
#   tests/fuzz/run.sh store [SECONDS]           (default 300 s)
#     fuzz_store.c: the explorer's packed records read back
#     (record_store_unpack), packed and read again to the same bytes; seeds
#     in tests/fuzz/store (records of tests/data packed).
#   `tests/fuzz/run.sh SECONDS` is the old spelling of `inputs SECONDS`.
# make check runs every harness once over its seeds without libFuzzer
# (tests/fuzz/replay.c), so none can rot unseen.
# Everything goes to ${TMPDIR:-/tmp}/occview-fuzz: the growing corpus in
# corpus-TARGET[-FAMILY]/ (kept between runs, so a second run goes on from
# the first), crash, leak and timeout inputs in artifacts/. Reproduce one:
#   $TMPDIR/occview-fuzz/fuzz_report artifacts/crash-...
# and turn it into a small test in the importer's Check test file before
# fixing; keep raw crash inputs out of git. Extra libFuzzer flags can follow
# in FUZZ_FLAGS (e.g. FUZZ_FLAGS=-jobs=2).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
out=${TMPDIR:-/tmp}/occview-fuzz
data=$top/tests/data

usage() {
	echo "usage: run.sh report ncu|nvprof|rocprof|codexl|remarks|all [SECONDS] | run.sh binary|amdgpu|inputs|keys|browser|settings|whatif|writers|compare|store [SECONDS]" >&2
	exit 2
}

target=${1:-inputs}
case $target in
[0-9]*) set -- inputs "$@"; target=inputs ;;
esac
case $target in
report)
	family=${2:-}
	seconds=${3:-300}
	case $family in
	ncu) seeds="$data/ncu/* $data/*.txt" ;;
	nvprof) seeds="$data/nvprof/*" ;;
	rocprof) seeds="$data/rocprof/*" ;;
	codexl) seeds="$data/codexl/*" ;;
	remarks) seeds="$data/amdgpu/*.remarks" ;;
	all) seeds="$data/ncu/* $data/*.txt $data/nvprof/* $data/rocprof/* $data/codexl/* $data/amdgpu/*.remarks" ;;
	*) usage ;;
	esac
	name=report-$family
	maxlen=262144
	;;
binary)
	seconds=${2:-300}
	seeds="$data/cubin/*.cubin $data/cubin/*.fatbin $data/cubin/cluster*.o $data/cubin/*.so $data/cubin/*.log"
	name=binary
	maxlen=65536
	;;
keys)
	seconds=${2:-60}
	seeds="$top/tests/fuzz/keys/*"
	name=keys
	maxlen=4096
	;;
amdgpu)
	seconds=${2:-300}
	seeds="$data/amdgpu/*.co $data/amdgpu/*.hipfb $data/amdgpu/*.o"
	name=amdgpu
	maxlen=131072
	;;
store)
	seconds=${2:-300}
	seeds="$top/tests/fuzz/store/*"
	name=store
	maxlen=8192
	;;
browser | settings | whatif | writers | compare)
	seconds=${2:-600}
	seeds="$top/tests/fuzz/$target/*"
	name=$target
	maxlen=65536
	;;
inputs)
	seconds=${2:-60}
	seeds="$data/*.occ $data/*.csv $data/rocprof/*.csv $data/ncu/* $data/nvprof/* $data/codexl/* $top/data/*.csv"
	name=inputs
	maxlen=65536
	;;
*) usage ;;
esac
case $seconds in
'' | *[!0-9]*) usage ;;
esac

[ -f "$top/src/db/gpu_data.c" ] || { echo "run.sh: build occview first (./dev test)" >&2; exit 1; }
mkdir -p "$out/corpus-$name" "$out/seeds-$name" "$out/artifacts"
# shellcheck disable=SC2086 # the seed globs are meant to split
cp $seeds "$out/seeds-$name/" 2>/dev/null || true
if [ "$target" = amdgpu ]; then
	# The metadata notes alone (namesz 7, type NT_AMDGPU_METADATA 32, "AMDGPU"):
	# seeds for the MessagePack reader.
	python3 - "$out/seeds-$name" $seeds <<'PY'
import re, struct, sys
out = sys.argv[1]
for i, path in enumerate(sys.argv[2:]):
    data = open(path, 'rb').read()
    for j, m in enumerate(re.finditer(rb'\x07\x00\x00\x00(....)\x20\x00\x00\x00AMDGPU\x00\x00', data, re.S)):
        n = struct.unpack('<I', m.group(1))[0]
        open('%s/note-%d-%d.msgpack' % (out, i, j), 'wb').write(data[m.end():m.end() + n])
PY
fi
case $target in
browser | writers | compare)
	# The small reports and launch files of tests/data as seeds, with
	# what the harness reads before (writers: the flags byte; compare: the
	# two ids) or after them (browser: a stream of list changes).
	python3 - "$target" "$out/seeds-$name" "$data"/*.occ "$data"/*.csv "$data"/ncu/* \
		"$data"/nvprof/* "$data"/rocprof/* <<'PY'
import os, sys
target, out = sys.argv[1], sys.argv[2]
for i, path in enumerate(sys.argv[3:]):
    if not os.path.isfile(path) or os.path.getsize(path) > 65000:
        continue
    data = open(path, 'rb').read()
    if target == 'writers':
        data = b'\x01' + data
    elif target == 'compare':
        data = b'\x00\x01' + data
    else:
        data += b'\n@@@@\ns\x02gs\x89fa\nm\x03aR>'
    open('%s/data-%d' % (out, i), 'wb').write(data)
PY
	;;
esac
printf '#define PACKAGE_NAME "occview"\n#define PACKAGE_VERSION "fuzz"\n#define PACKAGE_BUGREPORT "fuzz"\n#define HAVE_LIBIBERTY_DEMANGLE_H 1\n' >"$out/config.h"
harness=fuzz_${target}
if [ ! -x "$out/$harness" ] || [ -n "$(find "$top/src" "$top/ui" "$top/tests/fuzz" -name '*.[ch]' -newer "$out/$harness")" ]; then
	# the curses-free explorer too (the printer draws its panes), without
	# the terminal loop, the blitter and main()
	ui=$(ls "$top"/ui/*/*.c | grep -v '/tty/')
	incs=$(for d in "$top"/src/*/ "$top"/ui/*/; do printf ' -I%s' "$d"; done)
	# shellcheck disable=SC2086 # the file list is meant to split
	clang -std=c11 -D_POSIX_C_SOURCE=200809L -g -O1 -fsanitize=fuzzer,address,undefined \
		-fno-sanitize-recover=all -I"$out" $incs \
		"$top/tests/fuzz/$harness.c" "$top"/src/*/*.c $ui \
		$(pkg-config --cflags jansson libelf libzstd liblz4 msgpack) -lcsv \
		$(pkg-config --libs jansson libelf libzstd liblz4 msgpack) -liberty -lm -o "$out/$harness"
fi
dict=
[ "$target" = report ] && dict=-dict=$top/tests/fuzz/report.dict
# shellcheck disable=SC2086
exec "$out/$harness" -max_total_time="$seconds" -max_len=$maxlen $dict -print_final_stats=1 \
	-artifact_prefix="$out/artifacts/" ${FUZZ_FLAGS:-} "$out/corpus-$name" "$out/seeds-$name"
