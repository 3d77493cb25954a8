/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* import_nvprof.h - what nvprof's tables share, CSV and text: not part of
 * the importers' interface (import.h). */
#ifndef OCC_IMPORT_NVPROF_H
#define OCC_IMPORT_NVPROF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "report.h"

/* "TITAN Xp (0)" -> "TITAN Xp": nvprof appends the device index. */
void import_nvprof_device_name(const char *text, char *out, size_t size);
/* The factor from one of nvprof's units to ns (time) or bytes: s, ms, us, ns;
 * B, KB, MB, GB as powers of 1024 (a memset of 0.370605 MB in the corpus
 * trace is 388608 bytes). 0 when the unit is not one of them. */
double import_nvprof_unit_scale(const char *unit, bool time);

/* The record of (run, device, kernel) in r, added at line when new (rows of
 * one kernel are adjacent: the search from the end stops at an earlier
 * run's records). NULL with err when out of memory. */
struct report_record *import_nvprof_record_for(struct report *r, uint32_t run, long line,
					       const char *device, const char *kernel,
					       const char *file, struct occ_error *err);

#endif
