#!/bin/sh
# SPDX-License-Identifier: MIT
# Copyright (c) 2026 the occview developers
# gen_amd_objects.sh - compiles tools/amd_kernels for gfx90a, gfx942, gfx1100
# and gfx1201 with clang-22 and writes, into tests/data/amdgpu, the code
# objects, an offload bundle, a host object with a compressed (CCOB, zstd)
# bundle, the regression gate's pair, llc's remarks of reqd.cl, and beside
# each code object its oracle:
# `llvm-readelf-22 --notes` and clang's -Rpass-analysis=kernel-resource-usage
# remarks. Debian: apt-get install clang-22 llvm-22 lld-22.
# Usage: tools/gen_amd_objects.sh [OUTDIR]   (default tests/data/amdgpu)
set -eu

here=$(cd "$(dirname "$0")" && pwd)
src=$here/amd_kernels
out=${1:-$here/../tests/data/amdgpu}
CLANG=${CLANG:-clang-22}
READELF=${READELF:-llvm-readelf-22}
BUNDLER=${BUNDLER:-clang-offload-bundler-22}
LLC=${LLC:-llc-22}
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

hip="-x hip --cuda-device-only --no-gpu-bundle-output -nogpulib -nogpuinc -O2"
remarks=-Rpass-analysis=kernel-resource-usage

# The remarks as clang prints them, the source's directory left out so the
# files do not depend on where the tree is.
strip_dir() { sed "s|$src/||g"; }

# NAME FLAGS...: a code object NAME.co, NAME.notes, NAME.remarks
device() {
  name=$1; shift
  "$CLANG" "$@" $remarks -o "$out/$name.co" 2> "$tmp/remarks"
  strip_dir < "$tmp/remarks" > "$out/$name.remarks"
  "$READELF" --notes "$out/$name.co" > "$out/$name.notes"
}

for arch in gfx90a gfx942 gfx1100 gfx1201; do
  device "kernels_$arch" $hip --offload-arch=$arch -c "$src/kernels.hip"
done
# RDNA in wave64, as -mwavefrontsize64 compiles it.
device kernels_gfx1100_w64 $hip --offload-arch=gfx1100 -mwavefrontsize64 -c "$src/kernels.hip"
# OpenCL: a required work-group size.
device reqd_gfx90a -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx90a -nogpulib -O2 \
  -c "$src/reqd.cl"
# llc's own remarks of the same kernel's IR: llc writes the location after
# "remark: ", clang before it.
"$CLANG" -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx90a -nogpulib -O2 \
  -S -emit-llvm -o "$tmp/reqd.ll" "$src/reqd.cl" 2>/dev/null
"$LLC" -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -pass-remarks-analysis=kernel-resource-usage \
  -filetype=null "$tmp/reqd.ll" > "$out/reqd_gfx90a_llc.remarks" 2>&1
# OpenCL: a call to a function defined elsewhere (figures the compiler
# cannot know: expressions in the remarks, a dynamic stack in the metadata).
device extern_gfx90a -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx90a -nogpulib -O2 \
  -c "$src/extern.cl"
# The gate's pair: gate_kernel at 48 and at 96 accumulators.
device gate_old_gfx90a $hip --offload-arch=gfx90a -DGATE_ONLY -DGATE_PRESSURE=48 \
  -c "$src/kernels.hip"
device gate_new_gfx90a $hip --offload-arch=gfx90a -DGATE_ONLY -DGATE_PRESSURE=96 \
  -c "$src/kernels.hip"

# An offload bundle of two of the code objects above, as the HIP driver
# writes one (an empty host entry first).
"$BUNDLER" --type=o \
  --targets=host-x86_64-unknown-linux-gnu-,hipv4-amdgcn-amd-amdhsa--gfx90a,hipv4-amdgcn-amd-amdhsa--gfx1100 \
  --input=/dev/null --input="$out/kernels_gfx90a.co" --input="$out/kernels_gfx1100.co" \
  --output="$out/bundle_gfx90a_gfx1100.hipfb"

# A host object whose .hip_fatbin holds a compressed bundle for gfx942 and
# gfx1201: the host side needs only hipLaunchKernel's declaration.
cat > "$tmp/launch.h" <<'H'
typedef struct { unsigned x, y, z; } dim3;
extern "C" int hipLaunchKernel(const void *, dim3, dim3, void **, unsigned long, void *);
H
"$CLANG" -x hip -nogpulib -nogpuinc -include "$tmp/launch.h" -O2 --offload-compress \
  --offload-arch=gfx942 --offload-arch=gfx1201 -c "$src/kernels.hip" \
  -o "$out/host_ccob_gfx942_gfx1201.o"

"$CLANG" --version | head -1 > "$out/TOOLS"
"$READELF" --version | grep -m1 "LLVM version" >> "$out/TOOLS"
