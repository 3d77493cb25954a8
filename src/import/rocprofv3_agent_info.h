/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* rocprofv3_agent_info.h - what rocprofv3's agent_info.csv, written beside
 * its kernel_trace.csv and counter_collection.csv with the same prefix,
 * says of the GPUs it profiled: the XCDs (Num_Xcc) each agent spans. */
#ifndef OCC_ROCPROFV3_AGENT_INFO_H
#define OCC_ROCPROFV3_AGENT_INFO_H

#include <stdbool.h>
#include <stdint.h>

/* The Num_Xcc of the GPU agents in the agent_info.csv beside report_path:
 * for "DIR/PREFIXkernel_trace.csv" (or counter_collection.csv,
 * kernel_stats.csv) the file "DIR/PREFIXagent_info.csv". 1 to 64, and the
 * same on every GPU row (the report's records do not say which agent ran
 * them where there are several). False where report_path has none of those
 * endings, there is no such file, it has no Agent_Type or Num_Xcc column,
 * no GPU row, a value out of range, or GPUs that differ. */
bool rocprofv3_agent_xcds(const char *report_path, int64_t *xcds);

#endif
