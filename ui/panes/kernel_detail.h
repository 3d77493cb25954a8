/* SPDX-License-Identifier: MIT */
/* Copyright (c) 2026 the occview developers */
/* kernel_detail.h - the kernel browser's detail beside its list (wide
 * screens): the selected record's occupancy, every block limit with the
 * limiter marked, its waves, and the report's own figures. */
#ifndef OCC_KERNEL_DETAIL_H
#define OCC_KERNEL_DETAIL_H

#include "analysis.h"
#include "canvas.h"
#include "rect.h"
#include "report.h"

/* Draws the detail of rec, analysed as a (browser_analyse), in r. */
void kernel_detail_draw(struct canvas *c, struct rect r, const struct report_record *rec,
			const struct analysis *a);

#endif
