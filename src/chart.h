/* chart.h - an occupancy sweep drawn as a step chart into a canvas: labelled
 * axes with ticks, the curve, and the launch's own point marked. */
#ifndef OCC_CHART_H
#define OCC_CHART_H

#include <stdbool.h>

#include "canvas.h"
#include "sweep.h"

/* Draws s into the w x h cells at (x, y). pct: the y axis in occupancy percent
 * instead of warps. Regions too small to hold a chart get a one-line note. */
void chart_draw(struct canvas *c, int x, int y, int w, int h, const struct sweep *s, bool pct);

#endif
