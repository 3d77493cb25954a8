#!/bin/sh
# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
# capture_clusters.sh - writes tests/data/nvidia/h200_* and ncu/h200_* on a
# machine with an NVIDIA GPU of compute capability 9.0 or later, nvcc and ncu
# (Nsight Compute) on the PATH: cluster vectors from the CUDA runtime, the SMs
# each cluster ran on, and Nsight Compute raw pages of single launches
# (tools/capture_clusters.cu). Name the files for the GPU it ran on.
# usage: tools/capture_clusters.sh [TESTDATA]   (default tests/data)
set -eu
data=${1:-tests/data}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
nvcc -arch=sm_90 -O2 -Xptxas -v -o "$tmp/cap" tools/capture_clusters.cu 2> "$tmp/ptxas.log"
{
	nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
	nvcc --version | tail -2
	ncu --version | tail -1
	grep -E 'Compiling|Used' "$tmp/ptxas.log"
} > "$data/nvidia/h200_TOOLS"
"$tmp/cap" occ > "$data/nvidia/h200_max_active_clusters.csv"
"$tmp/cap" smid > "$data/nvidia/h200_cluster_placement.csv"
# One launch a profile: a launch that fails under the profiler leaves the others.
raw() { ncu --csv --page raw "$tmp/cap" ncu "$1" > "$data/ncu/$2" || echo "launch $1 failed under ncu" >&2; }
raw 3 h200_ncu2025_raw_cluster2.csv
raw 4 h200_ncu2025_raw_cluster4_smem48k.csv
raw 5 h200_ncu2025_raw_cluster8.csv
raw 6 h200_ncu2025_raw_cluster16_smem227k.csv
raw 8 h200_ncu2025_raw_nocluster.csv
