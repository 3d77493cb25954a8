#!/bin/sh
# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
# gen_nv_vectors.sh - NVIDIA occupancy vectors from the installed cuda_occupancy.h.
# Builds tools/gen_nv_vectors.c against the toolkit's header and occview's
# core library (a configured and built tree: make first), and writes what the
# header computes for occview's own archs.csv values to
# tests/data/nvidia/cuda_occupancy.csv (tests/data/nvidia/README).
#
#     tools/gen_nv_vectors.sh [CUDA_DIR]     (default /usr/local/cuda)
set -eu
cuda=${1:-/usr/local/cuda}
top=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD_DIR:-$top}
out=$top/tests/data/nvidia/cuda_occupancy.csv
version=$(sed -n 's/^#define CUDA_VERSION \([0-9]*\).*/\1/p' "$cuda/include/cuda.h")
version=$((version / 1000)).$((version % 1000 / 10))
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
${CC:-cc} -std=c11 -O2 -Wall -Wextra -I"$build" -I"$top/src" -I"$top/tests" -I"$cuda/include" \
	"$top/tools/gen_nv_vectors.c" "$build/src/libocc.a" \
	$(pkg-config --libs jansson 2>/dev/null || echo -ljansson) -lcsv -lm -o "$tmp/gen"
mkdir -p "$(dirname "$out")"
"$tmp/gen" "$version" > "$tmp/out.csv"
mv "$tmp/out.csv" "$out"
echo "gen_nv_vectors.sh: $(($(wc -l < "$out") - 2)) rows in $out ($(wc -c < "$out") bytes)"
