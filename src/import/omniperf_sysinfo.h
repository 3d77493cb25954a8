/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* omniperf_sysinfo.h - what Omniperf / rocprofiler-compute's sysinfo.csv,
 * written beside every workload's pmc_perf.csv and SQ_*.csv, says of the
 * device it profiled: the XCDs its compute partition spanned. */
#ifndef OCC_OMNIPERF_SYSINFO_H
#define OCC_OMNIPERF_SYSINFO_H

#include <stdbool.h>
#include <stdint.h>

/* The num_xcd of the sysinfo.csv in the folder of report_path (the first
 * data row; Omniperf writes one), 1 to 64. False where there is no such
 * file (or report_path is "-"), it has no num_xcd column, or its value is
 * no count in range: the XCDs are then not the report's to say. */
bool omniperf_sysinfo_xcds(const char *report_path, int64_t *xcds);

#endif
