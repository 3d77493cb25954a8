#!/bin/sh
# run.sh [SECONDS] - build the libFuzzer harness with clang, ASan and UBSan, and
# fuzz occview's readers from the seeds in tests/data (default 60 s).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
out=${TMPDIR:-/tmp}/occview-fuzz
mkdir -p "$out/corpus"
[ -f "$top/src/gpu_data.c" ] || { echo "run.sh: build occview first (./dev test)" >&2; exit 1; }
cp "$top"/tests/data/*.occ "$top"/tests/data/*.csv "$top"/tests/data/rocprof/*.csv \
	"$top"/tests/data/ncu/* "$top"/tests/data/nvprof/* \
	"$top"/data/*.csv "$out/corpus/" 2>/dev/null || true
: >"$out/config.h"
clang -std=c11 -D_POSIX_C_SOURCE=200809L -g -O1 -fsanitize=fuzzer,address,undefined \
	-fno-sanitize-recover=all -I"$out" -I"$top/src" \
	"$top/tests/fuzz/fuzz_inputs.c" "$top"/src/[a-lo-z]*.c \
	$(pkg-config --cflags jansson) -lcsv $(pkg-config --libs jansson) -lm -o "$out/fuzz_inputs"
"$out/fuzz_inputs" -max_total_time="${1:-60}" -max_len=65536 "$out/corpus"
