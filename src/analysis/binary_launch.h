/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* binary_launch.h - what occview takes for the launch of a kernel read from
 * a compiled binary where neither the binary nor the flags say: the
 * explorer, --print and --diff's gate take the same. */
#ifndef OCC_BINARY_LAUNCH_H
#define OCC_BINARY_LAUNCH_H

#include "gpu.h"
#include "launch.h"
#include "params.h"
#include "report.h"

/* For a record read from a binary (rec->binary) on a gpu of its vendor (a
 * cubin's on NVIDIA's, a code object's on AMD's): the launch values it
 * lacks and *fields (PARAM_BITs the flags give) does not have, into vals:
 * no dynamic shared memory (LDS); the block size with the most resident
 * threads (cudaOccMaxPotentialOccupancyBlockSize) where the kernel
 * requires or bounds none; a grid of one full wave (whole clusters), or
 * of one block (cluster) where none fits the GPU, for the analysis to say
 * why.
 * Adds them to
 * *fields and returns their PARAM_BITs; 0 for any other record. */
unsigned binary_launch_defaults(const struct report_record *rec, const struct gpu *gpu,
				struct launch *vals, unsigned *fields);

#endif
