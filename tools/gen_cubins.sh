#!/bin/sh
# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
# gen_cubins.sh - compiles tests/data/cubin/*.cu and reqntid.ptx with CUDA's
# nvcc and ptxas into the binaries tests/test_import_binary.c reads (objects
# with fatbins stored as is, ZSTD- and LZ4-compressed, an object built for
# relocatable device code, a shared library, a bare fatbin, bare cubins),
# every ptxas -v line beside each as NAME.log: the oracle the test checks
# every kernel's registers, shared memory, barriers and stack against.
# CUDA 13 compiles for sm_75 and later; older toolkits wrote the same
# sections for sm_50 to sm_72.
#
#   tools/gen_cubins.sh [CUDA_HOME]     (default /usr/local/cuda)
set -eu

cuda=${1:-${CUDA_HOME:-/usr/local/cuda}}
nvcc=$cuda/bin/nvcc
ptxas=$cuda/bin/ptxas
dir=$(cd "$(dirname "$0")/../tests/data/cubin" && pwd)
cd "$dir"

all="75 80 86 87 88 89 90 100 103 110 120 121"
gencode() {
  for sm in "$@"; do printf ' -gencode arch=compute_%s,code=sm_%s' "$sm" "$sm"; done
}

# NAME SOURCE FLAGS...: an object, and its ptxas -v output as NAME.log.
object() {
  name=$1 src=$2
  shift 2
  # shellcheck disable=SC2068
  "$nvcc" -c -Xptxas -v "$@" -o "$name.o" "$src" > "$name.log" 2>&1
}

# Every architecture, ZSTD-compressed (small), with a PTX entry beside.
# shellcheck disable=SC2046
object kernels_zstd kernels.cu -Xfatbin -compress-all --compress-mode=size $(gencode $all) \
  -gencode arch=compute_120,code=compute_120
# Stored as is, and LZ4-compressed (what toolkits before 12.8 wrote).
# shellcheck disable=SC2046
object kernels_stored kernels.cu --compress-mode=none $(gencode 86 103) \
  -gencode arch=compute_90,code=compute_90
# shellcheck disable=SC2046
object kernels_lz4 kernels.cu -Xfatbin -compress-all --compress-mode=speed $(gencode 80 100)
# Spills: the live arrays do not fit in 32 registers.
# shellcheck disable=SC2046
object kernels_spill kernels.cu -maxrregcount=32 -Xfatbin -compress-all $(gencode 75 90)
# shellcheck disable=SC2046
object cluster cluster.cu --compress-mode=none $(gencode 90 100 120)
# shellcheck disable=SC2046
object cluster_rdc cluster.cu -rdc=true -Xfatbin -compress-all $(gencode 90)

# A shared library embedding a fatbin, as applications ship kernels.
# shellcheck disable=SC2046
"$nvcc" -shared -Xcompiler -fPIC -cudart=shared -Xptxas -v -Xfatbin -compress-all \
  $(gencode 90 120) -o libcluster.so cluster.cu > libcluster.log 2>&1
# A bare fatbin, and bare cubins from PTX that asks for a block size.
# shellcheck disable=SC2046
"$nvcc" -fatbin -Xptxas -v --compress-mode=none $(gencode 90 100) -o cluster.fatbin cluster.cu \
  > cluster_fatbin.log 2>&1
for sm in 75 90 120; do
  "$ptxas" -v -arch=sm_$sm -o reqntid_sm$sm.cubin reqntid.ptx > reqntid_sm$sm.log 2>&1
done
ls -l "$dir"
